"""Card effects of the standard deck that any faction may use, and dominance (3.3).

Battle effects (Armorers, Sappers, Brutal Tactics, Scouting Party, ambush) are in
battle.py; crafting in craft.py. The rest are here, by the phase they belong to.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Final

from rootlaw.core import cards_ep, hire, landmarks, maps
from rootlaw.core.battle import battle_options, start_battle
from rootlaw.core.cards_ep import take_random_card
from rootlaw.core.hired import removal_shielded
from rootlaw.core.move import move_options, move_step, remove_warriors, trigger_removals
from rootlaw.core.options import Option, listed, repeated, text_form
from rootlaw.core.steps import Handler, Step, register_steps

if TYPE_CHECKING:
    from rootlaw.core.game import Game

text_form("royal_claim", "discard Royal Claim: score 1 VP per clearing you rule")
text_form("stand_and_deliver", "Stand and Deliver!: take a random card from {1}")
text_form("activate", "activate {c1}")
text_form("take_dominance", "take {c1} by spending {c2}")
text_form("tax_collector", "Tax Collector: remove a warrior in {1} to draw a card")
text_form("codebreakers", "Codebreakers: look at {1}'s hand")
text_form("skip", "skip")
text_form("draw_with", "{1} draws a card too")
text_form("go_on", "go on")

DOMINANCE_MIN_VP: Final = 10  # 3.3.1
DOMINANCE_CLEARINGS: Final = 3  # 3.3.1.I: rule three clearings of the suit
# cards used "in Birdsong" (offered at its start and end, rulings.md), E&P's included
BIRDSONG_CARDS: Final = frozenset({"royal_claim", "stand_and_deliver"}) | cards_ep.BIRDSONG_CARDS


# ------------------------------------------------------------------ dominance
def dominance_achieved(g: Game, s: int) -> bool:
    """3.3.1.I-II: checked at the start of the player's Birdsong."""
    card = g.dominance[s]
    if card is None:
        return False
    suit = g.suit_of(card)
    if suit == "bird":
        opp = g.board.opposite
        for c in g.board.corners:
            if g.rules(s, c) and g.rules(s, opp[c]):
                return True
        return False
    n = 0
    for c in g.clearings():
        if g.suit_match(c, suit) and g.rules(s, c):
            n += 1
            if n == DOMINANCE_CLEARINGS:
                return True
    return False


def dominance_options(g: Game, s: int) -> list[Option]:
    """3.3.1 activate (10+ VP) and 3.3.4 take an available dominance card."""
    out: list[Option] = []
    available = g.available
    if not available and (g.vp[s] < DOMINANCE_MIN_VP or g.dominance[s] is not None):
        return out
    hand = g.hands[s]
    cards = g.deckdef.cards
    if (g.dominance[s] is None and g.vp[s] >= DOMINANCE_MIN_VP
            and g.fdefs[s].can_activate_dominance(g, s)):
        for cid in hand:  # a dominance card in hand is rare: repeats checked only then
            if cards[cid].kind == "dominance":
                o: Option = ("activate", cid)
                if o not in out:
                    out.append(o)
    if not available:
        return out
    for k in range(len(available)):
        if repeated(available, k):
            continue
        dom = available[k]
        suit = cards[dom].suit
        if suit == "bird":  # 3.3.4: a bird dominance card is taken with a bird card
            for i in range(len(hand)):
                if cards[hand[i]].suit == "bird" and not repeated(hand, i):
                    out.append(("take_dominance", dom, hand[i]))
            continue
        for pay in g.cards_matching(s, suit):
            out.append(("take_dominance", dom, pay))
    return out


# ------------------------------------------------------------ anytime effects
# verbs of the options a faction's ``anytime_options`` hook may give (13.2.4 Exposure);
# a rule of a later faction usable "anytime on your turn" adds its verb here
# aid_exile: a hireling's (E.2.2); black_market: a landmark's (Appendix F)
ANYTIME_VERBS: Final = frozenset({"expose", "aid_exile", "black_market"})


def anytime_options(g: Game, s: int) -> list[Option]:
    """What other factions' rules let s, the current player, do now, between its
    actions (FactionDef.anytime_options; 1.4.2: never inside an action)."""
    out: list[Option] = []
    fdefs = g.fdefs
    for o in range(len(fdefs)):
        fd = fdefs[o]
        if fd.offers_anytime:
            out += fd.anytime_options(g, o, s)
    if g.hire is not None and g.hire.anytime:  # a hireling's ability any player may use
        out += hire.anytime_options(g, s)
    if g.landmarks is not None:  # Appendix F: the Black Market, "once during their turn"
        out += landmarks.market_options(g, s)
    return out


def apply_anytime(g: Game, s: int, opt: Option) -> None:
    """Take an anytime option of s: the faction whose rule lists it applies it."""
    if opt[0] == "black_market":  # Appendix F
        landmarks.exchange(g, s, opt[1])
        return
    fdefs = g.fdefs
    for o in range(len(fdefs)):
        fd = fdefs[o]
        if fd.offers_anytime and opt in fd.anytime_options(g, o, s):
            fd.apply_anytime(g, o, s, opt)
            return
    if g.hire is not None and hire.apply_anytime(g, s, opt):
        return
    raise ValueError(opt)


class Anytime(Handler):
    """A window for effects usable anytime on the current player's turn (other factions'
    rules, ``FactionDef.anytime_options``): pushed at the start of its Birdsong and
    before its first draw in Evening; in Daylight they come with every action choice
    (``daylight_extras``). Only a choice when there is something to use (rulings.md)."""

    name = "anytime"
    kind = "anytime"
    rule = "1.4.2"
    prompt = "Use an effect available anytime on your turn, or go on"

    def options(self, g: Game, st: Step) -> list[Option]:
        return anytime_options(g, st[1]) + [("go_on",)]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        if o[0] != "go_on":
            g.push(st)
            apply_anytime(g, st[1], o)


# ----------------------------------------------------------- daylight extras
def daylight_extras(g: Game, s: int) -> list[Option]:
    """Options any faction has at its action menus in Daylight."""
    out = dominance_options(g, s)
    if g.offers_anytime():  # 13.2.4 Exposure ...
        out += anytime_options(g, s)
    if g.closed:  # C.3.3 the Mountain's closed paths
        out += maps.daylight_options(g, s)
    if g.hire is not None:  # E.2.4 the hirelings' once-per-Daylight actions
        out += hire.daylight_options(g, s)
    played = g.played[s]
    if not played:
        return out
    if g.deckdef.ep:
        out += cards_ep.daylight_options(g, s)
    if listed(played, "tax_collector") and "tax_collector" not in g.once:
        for c in g.clearings():
            if g.removable_warriors(s, c):
                out.append(("tax_collector", c))
    if listed(played, "codebreakers") and "codebreakers" not in g.once:
        for o in g.others(s):
            out.append(("codebreakers", g.factions[o]))
    return out


DAYLIGHT_VERBS: Final = frozenset({"activate", "take_dominance", "tax_collector", "codebreakers",
                                   "remove_closed_path"}
                                  | hire.DAYLIGHT_VERBS
                                  ) | cards_ep.DAYLIGHT_VERBS | ANYTIME_VERBS


def took_daylight_extra(g: Game, st: Step, o: Option) -> bool:
    """If ``o`` is a Daylight extra (``daylight_extras``), take it and ask step ``st``
    again afterwards (the extra is not one of the step's actions); else False."""
    if o[0] not in DAYLIGHT_VERBS:
        return False
    g.push(st)
    apply_daylight_extra(g, st[1], o)
    return True


def apply_daylight_extra(g: Game, s: int, o: Option) -> None:
    verb: str = o[0]
    if verb == "activate":  # 3.3.1: into the play area; no more scoring
        g.hands[s].remove(o[1])
        g.dominance[s] = o[1]
        g.note("dominance", g.factions[s], o[1])
    elif verb == "take_dominance":  # 3.3.4
        g.spend(s, o[2])
        g.available.remove(o[1])
        g.hands[s].append(o[1])
    elif verb == "tax_collector":  # once in Daylight: remove a warrior, draw a card
        g.once = g.once | {"tax_collector"}
        remove_warriors(g, s, o[1], 1)
        g.draw(s, 1)
        trigger_removals(g, s, [(s, o[1], 1)], in_battle=False)
    elif verb == "codebreakers":  # once in Daylight: look at a hand
        g.once = g.once | {"codebreakers"}
        t = g.seat_of(o[1])
        g.peeks.setdefault(s, {})[t] = list(g.hands[t])
    elif verb == "remove_closed_path":  # C.3.3
        maps.apply_daylight_option(g, s, o)
    elif verb in hire.DAYLIGHT_VERBS:  # E.2.4
        hire.apply_daylight(g, s, o)
    elif verb in cards_ep.DAYLIGHT_VERBS:
        cards_ep.apply_daylight_option(g, s, o)
    elif verb in ANYTIME_VERBS:
        apply_anytime(g, s, o)
    else:  # pragma: no cover - callers check DAYLIGHT_VERBS
        raise ValueError(o)


# ---------------------------------------------------------- birdsong effects
def birdsong_options(g: Game, s: int) -> list[Option]:
    played = g.played[s]
    if not played:
        return []
    out: list[Option] = []
    if listed(played, "royal_claim"):
        out.append(("royal_claim",))
    if listed(played, "stand_and_deliver") and "stand_and_deliver" not in g.once:
        out.extend(("stand_and_deliver", g.factions[o]) for o in g.others(s)
                   if g.hands[o] or not g.fdefs[o].has_hand)
    if g.deckdef.ep:
        out += cards_ep.birdsong_options(g, s)
    return out


def apply_birdsong_option(g: Game, s: int, o: Option) -> None:
    if o[0] == "royal_claim":  # discard: score one VP per clearing you rule
        g.played[s].remove("royal_claim")
        g.discard_card("royal_claim")
        # every clearing ruled, the Burrow too (12.2.2: a clearing; rulings.md)
        g.score(s, sum(1 for c in g.all_clearings() if g.rules(s, c)), "royal_claim")
    elif o[0] == "stand_and_deliver":  # take a random card; that player scores one VP
        g.once = g.once | {"stand_and_deliver"}
        t = g.seat_of(o[1])
        take_random_card(g, s, t)
        g.score(t, 1, "stand_and_deliver")
    else:  # E&P: False Orders, Swap Meet
        cards_ep.apply_birdsong_option(g, s, o)


class BetterBurrowBank(Handler):
    """Better Burrow Bank: at start of Birdsong, you and another player each draw a card."""

    name = "better_burrow_bank"
    kind = "choose_player"
    rule = "4.1.3"
    prompt = "Better Burrow Bank: which other player draws a card?"

    def options(self, g: Game, st: Step) -> list[Option]:
        return [("draw_with", g.factions[o]) for o in g.others(st[1])]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        g.draw(st[1], 1)
        g.draw(g.seat_of(o[1]), 1)


class CommandWarren(Handler):
    """Command Warren: at start of Daylight, you may initiate a battle."""

    name = "command_warren"
    kind = "battle"
    rule = "4.1.3"
    prompt = "Command Warren: initiate a battle?"

    def options(self, g: Game, st: Step) -> list[Option]:
        return battle_options(g, st[1]) + [("skip",)]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        if o[0] == "battle":
            start_battle(g, st[1], o[1], g.seat_of(o[2]))


class Cobbler(Handler):
    """Cobbler: at start of Evening, you may take a move."""

    name = "cobbler"
    kind = "move"
    rule = "4.1.3"
    prompt = "Cobbler: take a move?"

    def options(self, g: Game, st: Step) -> list[Option]:
        s: int = st[1]
        return move_options(g, s) + g.fdefs[s].pawn_move_options(g, s) + [("skip",)]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        if o[0] == "move" or o[0] == "ferry":
            g.push(move_step(st[1], o))
        elif o[0] != "skip":
            g.fdefs[st[1]].take_pawn_move(g, st[1], o)


# ------------------------------------------------------------------- favors
def favor(g: Game, s: int, suit: str) -> None:
    """Favor of the Foxes/Rabbits/Mice: remove all enemy pieces in clearings of the suit,
    all in one effect (one removal event, 12.2.3)."""
    warriors: list[tuple[int, int, int]] = []
    pieces: list[tuple[int, int, str]] = []
    for c in g.clearings():
        if g.suit_match(c, suit):
            _take_enemy_pieces(g, s, c, warriors, pieces)
    _removed(g, s, warriors, pieces)


def remove_all_enemy_pieces(g: Game, s: int, c: int) -> None:
    """Remove every enemy piece from c (8.4.1.III Revolt): score one VP per building and
    token (3.2.1), then resolve the triggers (1.1.3)."""
    warriors: list[tuple[int, int, int]] = []
    pieces: list[tuple[int, int, str]] = []
    _take_enemy_pieces(g, s, c, warriors, pieces)
    _removed(g, s, warriors, pieces)


def _take_enemy_pieces(g: Game, s: int, c: int, warriors: list[tuple[int, int, int]],
                       pieces: list[tuple[int, int, str]]) -> None:
    for o in g.enemy_owners(s):  # G.1.9: enemy hirelings' pieces too
        if g.hire is not None and removal_shielded(g, s, o, c):
            continue  # the Stoic Protector's clearing
        if g.pawn[o] == c:  # 9.2.2.I Full Removal
            g.push_all(list(g.odef(o).on_full_removal(g, o, c, s)))
        # G.1.9: not warriors s treats as its own (11.2.7.III Mercenaries)
        n = remove_warriors(g, o, c, g.enemy_warriors(s, o, c))
        if n:
            warriors.append((o, c, n))
        for p in g.faction_pieces(o, c):
            g.take_piece(c, p)
            pieces.append((o, c, p[1]))


def _removed(g: Game, s: int, warriors: list[tuple[int, int, int]],
             pieces: list[tuple[int, int, str]]) -> None:
    g.score(s, sum(g.odef(o).points_for_removal(g, o, k) for o, _, k in pieces), "removal")
    trigger_removals(g, s, warriors, pieces, in_battle=False)


register_steps(BetterBurrowBank(), CommandWarren(), Cobbler(), Anytime())
