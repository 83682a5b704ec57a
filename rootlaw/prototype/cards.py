"""Special victory cards (P5.3.5, P6.2) and the improvements used between actions.

A special victory card is a card of kind "dominance" in the deck: spent for its suit it
goes face up near the map (``Game.available``, P6.2.4) through the core's discard;
activated it is ``Game.dominance`` (the score marker off the track: no more points,
P6.2.3), Coalition's partner ``Game.coalition`` (whose win is the activator's too,
P6.2.8). The improvements are the reconstructed deck's (rulings.md, Prototype).
"""
from __future__ import annotations

from typing import Final

from rootlaw.core.game import Game
from rootlaw.core.move import remove_warriors
from rootlaw.core.options import Option, text_form
from rootlaw.core.steps import Handler, Step, register_steps
from rootlaw.prototype.base import (
    KEEP,
    ProtoFaction,
    mark_turn,
    pfd,
    spendable_as,
    turn_has,
)

CHAOS: Final = "chaos_victory"
COALITION: Final = "coalition_victory"
ECONOMIC: Final = "economic_victory"
MILITARY: Final = "military_victory"
SPECIAL: Final = (CHAOS, COALITION, ECONOMIC, MILITARY)
CHAOS_RANGE: Final = (33, 39)  # P6.2.7
ECONOMIC_COUNT: Final = 5  # P6.2.9
# improvements used in Daylight, between actions (once a turn per copy)
DAYLIGHT_VERBS: Final = frozenset({"activate", "take_dominance", "tax_collector",
                                   "codebreakers"})

text_form("p_partner", "Coalition: your score marker goes to {1}")
text_form("p_bank", "Better Burrow Bank: {1} draws a card too")


def birdsong_victory(g: Game, s: int) -> bool:
    """P6.2.7, P6.2.9, P6.2.10: s's activated card wins at the start of its Birdsong."""
    card = g.dominance[s]
    if card == CHAOS:
        lo, hi = CHAOS_RANGE
        for o in range(len(g.factions)):
            if o != s and g.dominance[o] is None and not lo <= g.vp[o] <= hi:
                return False
        return True
    if card == ECONOMIC:
        return len(g.played[s]) >= ECONOMIC_COUNT
    if card == MILITARY:
        return g.rules(s, KEEP)
    return False


def coalition_targets(g: Game, s: int) -> list[int]:
    """P6.2.8: the other players with the fewest points (those still on the track)."""
    on_track = [o for o in range(len(g.factions)) if o != s and g.dominance[o] is None]
    if not on_track:
        return []
    low = min(g.vp[o] for o in on_track)
    return [o for o in on_track if g.vp[o] == low]


def can_activate(g: Game, s: int, card: str) -> bool:
    fd = g.fdefs[s]
    if isinstance(fd, ProtoFaction) and not fd.can_activate(g, s, card):
        return False
    return card != COALITION or bool(coalition_targets(g, s))


def uses_left(g: Game, s: int, card: str) -> bool:
    """Copies of ``card`` in s's play area not yet used this turn."""
    used = 0
    while turn_has(g, f"{card}:{used}"):
        used += 1
    return g.played[s].count(card) > used


def use_one(g: Game, card: str) -> None:
    used = 0
    while turn_has(g, f"{card}:{used}"):
        used += 1
    mark_turn(g, f"{card}:{used}")


def daylight_extras(g: Game, s: int) -> list[Option]:
    """What any player may do in its Daylight beside its actions: activate a special
    victory card (P6.2.2) or take one near the map (P6.2.5); Tax Collector and
    Codebreakers (reconstructed improvements)."""
    out: list[Option] = []
    hand = g.hands[s]
    cards = g.deckdef.cards
    if g.dominance[s] is None:  # P6.2.6: never a second one
        for cid in dict.fromkeys(hand):
            if cards[cid].kind == "dominance" and can_activate(g, s, cid):
                out.append(("activate", cid))
    for cid in dict.fromkeys(g.available):
        for pay in spendable_as(g, s, cards[cid].suit):
            out.append(("take_dominance", cid, pay))
    played = g.played[s]
    if played:
        if "tax_collector" in played and uses_left(g, s, "tax_collector"):
            for c in g.clearings():
                if g.warriors[s][c]:
                    out.append(("tax_collector", c))
        if "codebreakers" in played and uses_left(g, s, "codebreakers"):
            for o in g.others(s):
                out.append(("codebreakers", g.factions[o]))
    return out


def apply_daylight_extra(g: Game, s: int, o: Option) -> None:
    verb = o[0]
    if verb == "activate":  # P6.2.2-P6.2.3: the score marker leaves the track
        g.hands[s].remove(o[1])
        g.dominance[s] = o[1]
        g.note("activate", g.factions[s], o[1])
        if o[1] == COALITION:
            g.push(("proto.coalition", s))
    elif verb == "take_dominance":  # P6.2.5
        g.spend(s, o[2])
        g.available.remove(o[1])
        g.hands[s].append(o[1])
    elif verb == "tax_collector":  # remove one of your warriors to draw a card
        use_one(g, "tax_collector")
        remove_warriors(g, s, o[1], 1)
        g.draw(s, 1)
    elif verb == "codebreakers":  # look at another player's hand
        use_one(g, "codebreakers")
        t = g.seat_of(o[1])
        g.peeks.setdefault(s, {})[t] = list(g.hands[t])
    else:
        raise ValueError(o)


class Coalition(Handler):
    """P6.2.8: the score marker goes onto the faction board of the player with the
    fewest points (tied: the activator's choice)."""

    name = "proto.coalition"
    kind = "coalition"
    rule = "P6.2.8"
    prompt = "Coalition Victory: whose faction board takes your score marker?"

    def options(self, g: Game, st: Step) -> list[Option]:
        return [("p_partner", g.factions[o]) for o in coalition_targets(g, st[1])]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        g.coalition[st[1]] = g.seat_of(o[1])


class BirdsongCards(Handler):
    """Improvements used in Birdsong (reconstructed): Royal Claim (discard: a point per
    clearing you rule), Stand and Deliver! (a random card from another player, who
    scores a point). Args: (seat)."""

    name = "proto.birdsong_cards"
    kind = "birdsong_card"
    rule = "P5.4.1"
    prompt = "Use an improvement in Birdsong?"

    def options(self, g: Game, st: Step) -> list[Option]:
        s: int = st[1]
        out: list[Option] = []
        played = g.played[s]
        if "royal_claim" in played:
            out.append(("royal_claim",))
        if "stand_and_deliver" in played and uses_left(g, s, "stand_and_deliver"):
            for o in g.others(s):
                if g.hands[o]:
                    out.append(("stand_and_deliver", g.factions[o]))
        return out + [("done",)]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        s: int = st[1]
        if o[0] == "done":
            return
        g.push(st)
        if o[0] == "royal_claim":
            g.played[s].remove("royal_claim")
            g.discard_card("royal_claim")
            ruled = sum(1 for c in g.clearings() if g.rules(s, c))
            g.score(s, pfd(g, s).improvement_vp(g, s, ruled), "royal_claim")  # P8.14.2
        else:
            use_one(g, "stand_and_deliver")
            t = g.seat_of(o[1])
            take_random_card(g, s, t)
            g.score(t, 1, "stand_and_deliver")


def take_random_card(g: Game, s: int, t: int) -> None:
    """Take a random card from t's hand into s's (P10.16.1; Stand and Deliver!)."""
    hand = g.hands[t]
    if not hand:
        return
    i = g.random_index("card_taken", len(hand))
    g.hands[s].append(hand.pop(i))


class Bank(Handler):
    """Better Burrow Bank (reconstructed): at the start of Birdsong, you and another
    player each draw a card. Args: (seat)."""

    name = "proto.bank"
    kind = "better_burrow_bank"
    rule = "P5.4.1"
    prompt = "Better Burrow Bank: who else draws a card?"

    def options(self, g: Game, st: Step) -> list[Option]:
        return [("p_bank", g.factions[o]) for o in g.others(st[1])]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        g.draw(st[1], 1)
        g.draw(g.seat_of(o[1]), 1)


register_steps(Coalition(), BirdsongCards(), Bank())
