"""The Exiles & Partisans deck (A.2): every card effect beyond the standard deck's.

Its item cards, ambushes and dominance cards work as the standard deck's (4.1.2,
4.3.1, 3.3). Its persistent cards (4.1.3) are used at these points, each a decision of
the card's owner offered only when it can do something:

- start of Birdsong: Coffin Makers scores and empties (automatic), Saboteurs;
- in Birdsong (the card windows at its start and end): False Orders, Swap Meet;
- end of Birdsong: Eyrie Emigre (mandatory, 4.1.3);
- in Daylight (at every Daylight choice): Propaganda Bureau, League of Adventurous Mice;
- in battle (4.3.3): Fox, Rabbit and Mouse Partisans;
- start of Evening: Charm Offensive; in Evening, instead of drawing: Informants;
- whenever: Soup Kitchens (rule, ``Game.token_rule``), Boat Builders, Corvid Planners
  and Tunnels (movement, ``core/maps.py``), Coffin Makers (removed warriors,
  ``core/move.remove_warriors``), Murine Broker and Master Engravers (crafting items).

Bots never hold these cards (Rootbotics 1.1.3) but are their targets like anyone.
The card texts and the readings chosen are in docs/rulings.md.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from rootlaw.core.battle import BattleCards, battle_options, register_battle_cards, start_battle
from rootlaw.core.catalog import Card
from rootlaw.core.faction_api import NO_STEPS
from rootlaw.core.hired import removal_shielded
from rootlaw.core.maps import ferry_destinations, take_ferry
from rootlaw.core.move import (
    do_move,
    move_links,
    move_options,
    move_step,
    remove_warriors,
    trigger_removals,
)
from rootlaw.core.options import Option, distinct, secret_form, text_form
from rootlaw.core.state import EVENING_DRAWN
from rootlaw.core.steps import Handler, Step, register_steps

if TYPE_CHECKING:
    from rootlaw.core.battle import Battle
    from rootlaw.core.game import Game

COFFIN_VP_PER: Final = 5  # Coffin Makers: one VP per five warriors
PARTISANS: Final = {"fox_partisans": "fox", "rabbit_partisans": "rabbit",
                    "mouse_partisans": "mouse"}
BIRDSONG_CARDS: Final = frozenset({"false_orders", "swap_meet"})
AMBUSHES: Final[tuple[str, ...]] = ("ambush_bird", "ambush_fox", "ambush_rabbit", "ambush_mouse")
DAYLIGHT_VERBS: Final = frozenset({"propaganda", "league"})

text_form("saboteurs", "Saboteurs: discard {c2} from {1}'s play area")
text_form("false_orders", "False Orders: move half of {1}'s warriors {2} -> {3}")
text_form("false_orders_ferry", "False Orders: move half of {1}'s warriors {2} -> {3} "
          "by the Ferry")
text_form("swap_meet", "Swap Meet: take a random card from {1}")
text_form("give", "give {c1}")
secret_form("give", "give a card (Swap Meet)")
text_form("emigre_discard", "Eyrie Emigre: no move or battle possible; discard it")
text_form("propaganda", "Propaganda Bureau: replace {2}'s warrior in {1} with yours")
text_form("league", "League of Adventurous Mice: exhaust a {1} to move or battle")
text_form("charm", "Charm Offensive: draw a card; {1} scores 1 VP")
text_form("draw", "draw {1} card(s)")
text_form("informants", "Informants: take {c1} from the discard pile instead of drawing")


# ------------------------------------------------------------- shared helpers
def take_random_card(g: Game, s: int, t: int) -> None:
    """s takes a random card from t's hand (hidden from the others: only its owner
    sees it); from a bot, s draws instead (Rootbotics 2.8.1 Poor Manual Dexterity)."""
    if not g.fdefs[t].has_hand:
        g.draw(s, 1)
        return
    if g.hands[t]:
        i = g.random_index("random_card", len(g.hands[t]))
        g.hands[s].append(g.hands[t].pop(i))


def give_card(g: Game, s: int, t: int, card: str) -> None:
    """s gives a card to t; a bot discards it and scores one VP (Rootbotics 2.8.1)."""
    g.hands[s].remove(card)
    if g.fdefs[t].has_hand:
        g.hands[t].append(card)
    else:
        g.discard_card(card)
        g.score(t, 1, "poor_manual_dexterity")


def draw_cards(g: Game, s: int, n: int) -> None:
    """s draws n cards (2.1): Informants may replace a draw in s's own Evening. Before
    s's first draw in its Evening, other factions' anytime effects are offered (13.2.4
    Exposure: "before drawing any cards in their Evening")."""
    if (g.phase == "evening" and g.turn_seat == s and EVENING_DRAWN not in g.once
            and g.fdefs[s].has_hand and g.offers_anytime()):
        g.push(("anytime", s), ("draw_cards", s, n))
        return
    if g.deckdef.ep and "informants" in g.played[s] and g.phase == "evening" and g.turn_seat == s:
        g.push(("draw_cards", s, n))
    else:
        g.draw(s, n)


def entered_play(g: Game, s: int, cid: str) -> None:
    """A persistent card was crafted into s's play area (4.1.3)."""
    if cid == "soup_kitchens":  # your tokens count toward rule, each twice
        _token_weight(g, s, 2)
    elif cid == "coffin_makers":
        g.cards = g.cards.with_coffins(g.cards.coffins, s)


def left_play(g: Game, s: int, cid: str) -> None:
    """A persistent card left s's play area (Saboteurs)."""
    if cid == "soup_kitchens":
        _token_weight(g, s, 0)
    elif cid == "coffin_makers" and g.cards.coffin_seat == s:
        # nothing holds the warriors any more: they return to their supplies
        g.cards = g.cards.with_coffins((0,) * len(g.cards.coffins), -1)


def _token_weight(g: Game, s: int, weight: int) -> None:
    """What each of s's tokens counts toward rule (``Game.token_rule``: () if nobody's)."""
    weights = list(g.token_rule) or [0] * len(g.factions)
    weights[s] = weight
    g.token_rule = tuple(weights) if any(weights) else ()
    g.pieces_changed()


def reclaim_removed(g: Game, s: int, n: int) -> None:
    """n of s's just-removed warriors go elsewhere than the supply (Field Hospitals,
    6.2.3): they never reached Coffin Makers, which takes only warriors that would
    return to a supply (rulings.md). Call before placing them."""
    cards = g.cards
    if cards.coffin_seat >= 0 and cards.coffins[s]:
        g.cards = cards.add_coffins(s, -min(n, cards.coffins[s]))


def item_crafted(g: Game, s: int, card: Card) -> None:
    """After s crafted an item (4.1.2): Master Engravers (one extra VP, 7.2.3 keeps it
    for the Eyrie) and every other player's Murine Broker (draw a card)."""
    if "master_engravers" in g.played[s]:
        g.score(s, 1, "master_engravers")
    for o in range(len(g.factions)):
        if o != s and "murine_broker" in g.played[o]:
            g.draw(o, 1)


def crafted_item_left(g: Game, s: int, item: str) -> None:
    """An item left s's Crafted Items box (9.5.4 Aid): the exhausted ones never exceed
    the items there (a face-up one leaves first, rulings.md)."""
    ex = list(g.cards.exhausted[s])
    if ex.count(item) > g.items[s].count(item):
        ex.remove(item)
        g.cards = g.cards.with_exhausted(s, tuple(ex))


# -------------------------------------------------------- start of Birdsong
def birdsong_start(g: Game, s: int) -> Sequence[Step]:
    """Coffin Makers scores and returns its warriors; Saboteurs may be used."""
    played = g.played[s]
    if not played:
        return NO_STEPS
    if "coffin_makers" in played and g.cards.coffin_seat == s:
        held = sum(g.cards.coffins)
        g.score(s, held // COFFIN_VP_PER, "coffin_makers")
        g.cards = g.cards.with_coffins((0,) * len(g.cards.coffins), s)  # to their supplies
    if "saboteurs" in played and saboteur_targets(g, s):
        return [("ep.saboteurs", s)]
    return NO_STEPS


def saboteur_targets(g: Game, s: int) -> list[Option]:
    out: list[Option] = []
    for o in g.enemies(s):
        for cid in distinct(g.played[o]):
            out.append(("saboteurs", g.factions[o], cid))
    return out


class Saboteurs(Handler):
    """Saboteurs: at start of Birdsong, may discard this to discard an enemy's crafted
    card (a persistent card in the enemy's play area)."""

    name = "ep.saboteurs"
    kind = "card_effect"
    rule = "4.1.3 Saboteurs"
    prompt = "Saboteurs: discard an enemy's crafted card?"

    def options(self, g: Game, st: Step) -> list[Option]:
        return saboteur_targets(g, st[1]) + [("skip",)]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        if o[0] != "saboteurs":
            return
        s: int = st[1]
        t = g.seat_of(o[1])
        g.played[s].remove("saboteurs")
        g.discard_card("saboteurs")
        g.played[t].remove(o[2])
        g.discard_card(o[2])
        left_play(g, t, o[2])


# -------------------------------------------------------------- in Birdsong
def birdsong_options(g: Game, s: int) -> list[Option]:
    """False Orders and Swap Meet, in the Birdsong card windows."""
    played = g.played[s]
    out: list[Option] = []
    if "false_orders" in played:
        out += false_orders_options(g, s)
    if "swap_meet" in played and "swap_meet" not in g.once:
        out.extend(("swap_meet", g.factions[o]) for o in g.others(s)
                   if g.hands[o] or not g.fdefs[o].has_hand)
    return out


def false_orders_options(g: Game, s: int) -> list[Option]:
    """Half an enemy's warriors (rounded up) from any clearing, moved as if s were that
    player (its paths, rivers, Tunnels and the Ferry; 1.5.5), ignoring rule."""
    out: list[Option] = []
    limited = any(fd.limits_movement for fd in g.fdefs)
    for o in g.enemies(s):
        w = g.warriors[o]
        f = g.factions[o]
        for a in g.all_clearings():  # the Burrow too (12.2.2: a clearing)
            if not w[a] or not g.movable_warriors(o, a):  # 14.2.2: not the warlord
                continue
            for b in move_links(g, o, a):
                if not limited or g.may_move(o, a, b):
                    out.append(("false_orders", f, a, b))
            for b in ferry_destinations(g, a):
                if not limited or g.may_move(o, a, b):
                    out.append(("false_orders_ferry", f, a, b))
    return out


def apply_birdsong_option(g: Game, s: int, o: Option) -> None:
    verb = o[0]
    if verb == "swap_meet":  # once in Birdsong: take a random card, then give one
        g.once = g.once | {"swap_meet"}
        t = g.seat_of(o[1])
        take_random_card(g, s, t)
        if g.hands[s]:
            g.push(("ep.swap_give", s, t))
    else:  # False Orders: discard this card, then move
        t = g.seat_of(o[1])
        a: int = o[2]
        b: int = o[3]
        g.played[s].remove("false_orders")
        g.discard_card("false_orders")
        n = min((g.warriors[t][a] + 1) // 2, g.movable_warriors(t, a))  # 14.2.2
        do_move(g, t, a, b, n)
        if verb == "false_orders_ferry":
            take_ferry(g, t, a, b)


class SwapGive(Handler):
    """Swap Meet: then give that player a card (a bot discards it and scores, 2.8.1)."""

    name = "ep.swap_give"
    kind = "give_card"
    rule = "4.1.3 Swap Meet"
    prompt = "Swap Meet: give a card back"

    def options(self, g: Game, st: Step) -> list[Option]:
        return [("give", c) for c in distinct(g.hands[st[1]])]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        give_card(g, st[1], st[2], o[1])


# --------------------------------------------------------- end of Birdsong
def birdsong_end(g: Game, s: int) -> Sequence[Step]:
    if "eyrie_emigre" in g.played[s]:
        return [("ep.emigre", s)]
    return NO_STEPS


def _discard_emigre(g: Game, s: int) -> None:
    g.played[s].remove("eyrie_emigre")
    g.discard_card("eyrie_emigre")


class EmigreMove(Handler):
    """Eyrie Emigre (mandatory, 4.1.3): at end of Birdsong, take a move, then battle in
    the clearing moved into; discard the card unless both were taken."""

    name = "ep.emigre"
    kind = "move"
    rule = "4.1.3 Eyrie Emigre"
    prompt = "Eyrie Emigre: take a move (then battle in the destination)"

    def options(self, g: Game, st: Step) -> list[Option]:
        s: int = st[1]
        out = move_options(g, s) + g.fdefs[s].pawn_move_options(g, s)
        return out or [("emigre_discard",)]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        s: int = st[1]
        if o[0] == "emigre_discard":
            _discard_emigre(g, s)
        elif o[0] == "move" or o[0] == "ferry":
            g.push(move_step(s, o), ("ep.emigre_battle", s, o[2]))
        else:  # the Vagabond's pawn ("take a move", rulings: Cobbler)
            g.fdefs[s].take_pawn_move(g, s, o)
            g.push(("ep.emigre_battle", s, o[-1]))


class EmigreBattle(Handler):
    """Eyrie Emigre: battle in the clearing moved into, or discard the card."""

    name = "ep.emigre_battle"
    kind = "battle"
    rule = "4.1.3 Eyrie Emigre"
    prompt = "Eyrie Emigre: battle in the clearing you moved into"

    def options(self, g: Game, st: Step) -> list[Option]:
        return battle_options(g, st[1], [st[2]]) or [("emigre_discard",)]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        if o[0] == "emigre_discard":
            _discard_emigre(g, st[1])
        else:
            start_battle(g, st[1], o[1], g.seat_of(o[2]))


# ------------------------------------------------------------------ Daylight
def daylight_options(g: Game, s: int) -> list[Option]:
    """Propaganda Bureau and League of Adventurous Mice, once in Daylight each."""
    played = g.played[s]
    out: list[Option] = []
    if "propaganda_bureau" in played and "propaganda" not in g.once and g.hands[s]:
        suits = {suit for suit in ("fox", "rabbit", "mouse") if g.cards_matching(s, suit)}
        for c in g.clearings():
            if any(suit in suits for suit in g.suits_at(c)):  # the Lost City: any suit
                for o in g.enemy_owners(s):
                    # an enemy warrior (G.1.9: not a mercenary of s; an enemy hireling's),
                    # never the warlord (14.2.2)
                    if (g.enemy_warriors(s, o, c) and g.removable_warriors(o, c)
                            and not removal_shielded(g, s, o, c)):
                        out.append(("propaganda", c, g.owner_name(o)))
    if "league_of_adventurous_mice" in played and "league" not in g.once:
        ready = ready_crafted_items(g, s)
        if ready and (move_options(g, s) or battle_options(g, s)):
            out.extend(("league", i) for i in ready)
    return out


def ready_crafted_items(g: Game, s: int) -> list[str]:
    """Item kinds in s's Crafted Items box with one not exhausted."""
    ex = g.cards.exhausted[s]
    return [i for i in dict.fromkeys(g.items[s]) if g.items[s].count(i) > ex.count(i)]


def apply_daylight_option(g: Game, s: int, o: Option) -> None:
    if o[0] == "propaganda":
        g.push(("ep.propaganda", s, o[1], g.seat_of(o[2])))
    else:
        g.push(("ep.league", s, o[1]))


class Propaganda(Handler):
    """Propaganda Bureau: spend a card to remove an enemy warrior from a clearing
    matching it and place one of your warriors there (as many as possible, 1.5.4).
    Args: (seat, clearing, enemy seat)."""

    name = "ep.propaganda"
    kind = "spend_card"
    rule = "4.1.3 Propaganda Bureau"
    prompt = "Propaganda Bureau: spend a card matching the clearing"

    def options(self, g: Game, st: Step) -> list[Option]:
        return [("spend_card", c) for c in g.cards_matching_clearing(st[1], st[2])]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        s: int = st[1]
        c: int = st[2]
        t: int = st[3]
        g.once = g.once | {"propaganda"}
        g.spend(s, o[1])
        remove_warriors(g, t, c, 1)
        if g.may_place(s, c):
            g.place_warriors(s, c, 1)
        trigger_removals(g, s, [(t, c, 1)], in_battle=False)  # after the action (1.4.2)


class League(Handler):
    """League of Adventurous Mice: exhaust the item to take a move or initiate a battle.
    Args: (seat, item)."""

    name = "ep.league"
    kind = "move_or_battle"
    rule = "4.1.3 League of Adventurous Mice"
    prompt = "League of Adventurous Mice: take a move or initiate a battle"

    def options(self, g: Game, st: Step) -> list[Option]:
        s: int = st[1]
        return move_options(g, s) + battle_options(g, s)

    def apply(self, g: Game, st: Step, o: Option) -> None:
        s: int = st[1]
        g.once = g.once | {"league"}
        g.cards = g.cards.with_exhausted(s, g.cards.exhausted[s] + (str(st[2]),))
        if o[0] == "battle":
            start_battle(g, s, o[1], g.seat_of(o[2]))
        else:
            g.push(move_step(s, o))


# ------------------------------------------------------------------- Evening
def evening_start(g: Game, s: int) -> Sequence[Step]:
    if "charm_offensive" in g.played[s]:
        return [("ep.charm", s)]
    return NO_STEPS


class Charm(Handler):
    """Charm Offensive: at start of Evening, may draw a card and choose another player,
    who scores one victory point."""

    name = "ep.charm"
    kind = "choose_player"
    rule = "4.1.3 Charm Offensive"
    prompt = "Charm Offensive: draw a card and let another player score 1 VP?"

    def options(self, g: Game, st: Step) -> list[Option]:
        return [("charm", g.factions[o]) for o in g.others(st[1])] + [("skip",)]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        if o[0] == "charm":
            s: int = st[1]
            draw_cards(g, s, 1)
            g.score(g.seat_of(o[1]), 1, "charm_offensive")


class DrawCards(Handler):
    """Draw cards (2.1); Informants: in Evening, if you would draw cards, you may instead
    take one ambush card from the discard pile. Args: (seat, cards)."""

    name = "draw_cards"
    kind = "draw"
    rule = "4.1.3 Informants"
    prompt = "Informants: draw, or take an ambush card from the discard pile?"

    def options(self, g: Game, st: Step) -> list[Option]:
        s: int = st[1]
        out: list[Option] = [("draw", st[2])]
        if ("informants" in g.played[s] and g.phase == "evening" and g.turn_seat == s
                and g.fdefs[s].has_hand):
            out.extend(("informants", c) for c in AMBUSHES if c in g.discard)
        return out

    def apply(self, g: Game, st: Step, o: Option) -> None:
        s: int = st[1]
        if o[0] == "informants":
            g.discard.remove(o[1])
            g.hands[s].append(o[1])
        else:
            g.draw(s, st[2])


# -------------------------------------------------------------------- battle
class Partisans(BattleCards):
    """Fox, Rabbit and Mouse Partisans: in battle in a clearing of the card's suit, may
    deal an extra hit, then discard every card in hand not of that suit (birds too:
    2.1.1.I makes birds the prompted non-matching suits, rulings.md)."""

    def choices(self, g: Game, s: int, b: Battle) -> Sequence[str]:
        if not g.deckdef.ep:
            return ()
        out: list[str] = []
        for cid in g.played[s]:
            suit = PARTISANS.get(cid)
            if suit is not None and g.suit_match(b.c, suit) and f"{s}:{cid}" not in b.used:
                out.append(cid)
        return out

    def use(self, g: Game, s: int, b: Battle, card: str) -> bool:
        suit = PARTISANS.get(card)
        if suit is None:
            return False
        if s == b.att:
            b.a_extra += 1
        else:
            b.d_extra += 1
        keep: list[str] = []
        for cid in g.hands[s]:
            if g.suit_of(cid) == suit:
                keep.append(cid)
            else:
                g.discard_card(cid)
        g.hands[s] = keep
        return True


register_battle_cards(Partisans())
register_steps(Saboteurs(), SwapGive(), EmigreMove(), EmigreBattle(), Propaganda(), League(),
               Charm(), DrawCards())
