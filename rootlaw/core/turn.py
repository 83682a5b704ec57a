"""Setup (5.1) and the turn structure (1.4.1): Birdsong, Daylight, Evening.

The core owns the frame of a turn and the card effects any faction may use at
its edges; each faction fills the phases with its own steps (FactionDef.phase_steps).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Final

from rootlaw.core import advanced, cards_ep, effects, hire, maps
from rootlaw.core.catalog import item_supply
from rootlaw.core.options import Option, listed, repeated, text_form
from rootlaw.core.state import HAND_LIMIT, RUIN
from rootlaw.core.steps import Handler, Step, register_steps

if TYPE_CHECKING:
    from rootlaw.core.game import Game

text_form("discard", "discard {c1}")
text_form("done", "done")


class Setup(Handler):
    """5.1 Standard Setup."""

    name = "setup"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        n = len(g.factions)
        maps.setup_map(g)  # A.1 Step 1: the map's setup modifications and suit markers
        start = advanced.seat_players(g)  # 5.1.1 random seating order and starting player
        # 5.1.3 two players: no dominance cards (with bots, Rootbotics 3.4: one or two
        # humans); shuffle; three cards each (bots draw none, Rootbotics 3.4)
        if advanced.removes_dominance(g):
            g.deck = [c for c in g.deck if g.card(c).kind != "dominance"]
        g.deck = g.shuffle("deck", g.deck)
        for i in range(n):
            if g.fdefs[(start + i) % n].has_hand:
                g.draw((start + i) % n, 3)
        # 5.1.4 ruins; 5.1.5 item supply
        for c in g.clearings():
            if g.board.ruins[c]:
                g.place_building(RUIN, "ruin", c)
        g.supply = item_supply()  # a new dict each call
        # 5.1.7 faction setup in setup order
        order_seats = sorted(range(n), key=lambda s: (g.fdefs[s].setup_order, s))
        steps: list[Step] = []
        for s in order_seats:
            steps.extend(g.fdefs[s].setup_steps(g, s))
        steps.append(("turn", start))
        g.push_all(steps)


# a turn's once-per-turn flags start empty (one shared frozenset: it is never changed,
# only replaced)
NO_FLAGS: Final[frozenset[str]] = frozenset()


class Turn(Handler):
    """1.4.1 A turn: Birdsong, Daylight, Evening, then the next player clockwise."""

    name = "turn"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        s: int = st[1]
        g.turn_seat = s
        g.turn_no += 1
        g.craft_used = [0, 0, 0]
        g.once = NO_FLAGS
        if g.shares:  # BK.2.4: warriors lent for all intents, for this player's turn
            sh = g.sharer()
            g.fdefs[sh].lend_for_turn(g, sh, s, True)
        fd = g.fdefs[s]
        played = g.played[s]
        # Birdsong card windows only matter with such a card in play (none is crafted
        # in Birdsong, so the check at the start of the turn holds for the phase)
        window = False
        for cid in played:
            if cid in effects.BIRDSONG_CARDS:
                window = True
                break
        # the steps in the order they run, pushed at once (a list, not a call with
        # starred arguments: compiled, that is a generic call)
        todo: list[Step] = [("birdsong_start", s)]
        if fd.has_hand and g.offers_anytime():  # 13.2.4 Exposure: other rules, anytime
            todo.append(("anytime", s))
        if window:
            todo.append(("card_window", s))
        todo.extend(fd.phase_steps(g, s, "birdsong"))
        if window:
            todo.append(("card_window", s))
        if g.deckdef.ep and played:
            todo.append(("birdsong_end", s))
        todo.append(("daylight_start", s))
        todo.extend(fd.phase_steps(g, s, "daylight"))
        todo.append(("evening_start", s))
        todo.extend(fd.phase_steps(g, s, "evening"))
        todo.append(("end_turn", s))
        g.push_all(todo)


class EndTurn(Handler):
    name = "end_turn"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        if maps.tower_at(g):  # before the phase ends: mercenaries still count (11.2.7.III)
            maps.end_of_evening(g, st[1])  # C.3.4 the Pass
            if g.won:
                return
        g.phase = "end"
        if g.shares:  # BK.2.4: back to their owner at the end of the turn
            sh = g.sharer()
            g.fdefs[sh].lend_for_turn(g, sh, st[1], False)
        lent_warriors_changed(g)
        g.push(("turn", (st[1] + 1) % len(g.factions)))
        if g.hire is not None:  # E.1.1, E.1.3: hirelings change hands at the end of a turn
            g.push(("hire.end_turn", st[1]))


def lent_warriors_changed(g: Game) -> None:
    """Mercenaries count for rule in Daylight and Evening only (11.2.7.III): where a
    faction lends warriors this turn, rule is worked out again when the phase changes
    (a turn without Mercenaries bought leaves it as it was)."""
    fdefs = g.fdefs
    for o in range(len(fdefs)):
        fd = fdefs[o]
        if fd.lends_warriors and fd.lending_this_turn(g, o):
            g.pieces_changed()
            return


class BirdsongStart(Handler):
    """Start of Birdsong: dominance victory check (3.3.1), then what other factions'
    rules offer at the start of this player's Birdsong (11.2.6 Riverfolk services),
    then Better Burrow Bank."""

    name = "birdsong_start"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        s: int = st[1]
        g.phase = "birdsong"
        if effects.dominance_achieved(g, s):
            g.win(s, "dominance")
            return
        steps: list[Step] = []
        for o, fd in enumerate(g.fdefs):
            if o != s and fd.acts_at_birdsong_start:
                steps.extend(fd.at_birdsong_start(g, o, s))
        if listed(g.played[s], "better_burrow_bank"):
            steps.append(("better_burrow_bank", s))
        if g.deckdef.ep and g.played[s]:
            steps.extend(cards_ep.birdsong_start(g, s))  # Coffin Makers, Saboteurs (E&P)
        if g.hire is not None:  # E.2.3 the hirelings' start-of-Birdsong actions
            steps.extend(hire.birdsong_steps(g, s))
        if steps:
            g.push_all(steps)


class BirdsongEnd(Handler):
    """At end of Birdsong (1.4.1): Eyrie Emigre (E&P)."""

    name = "birdsong_end"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        g.push_all(list(cards_ep.birdsong_end(g, st[1])))


class CardWindow(Handler):
    """Birdsong card effects the player may use: Royal Claim, Stand and Deliver!"""

    name = "card_window"
    kind = "birdsong_card"
    rule = "4.1.3"
    prompt = "Use a Birdsong card effect?"

    def options(self, g: Game, st: Step) -> list[Option]:
        return effects.birdsong_options(g, st[1]) + [("done",)]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        if o[0] != "done":
            g.push(st)
            effects.apply_birdsong_option(g, st[1], o)


# g.once: the current player's rules skip its Daylight, straight from Birdsong to Evening
# (Crusader VW.4.2 Recover): no effect of the start of Daylight either (Command Warren)
DAYLIGHT_SKIPPED: Final = "daylight_skipped"


class DaylightStart(Handler):
    name = "daylight_start"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        s: int = st[1]
        g.phase = "daylight"
        lent_warriors_changed(g)
        if listed(g.played[s], "command_warren") and DAYLIGHT_SKIPPED not in g.once:
            g.push(("command_warren", s))


class EveningStart(Handler):
    name = "evening_start"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        s: int = st[1]
        g.phase = "evening"
        if listed(g.played[s], "cobbler"):
            g.push(("cobbler", s))
        if g.deckdef.ep and g.played[s]:
            g.push_all(list(cards_ep.evening_start(g, s)))  # Charm Offensive (E&P)


class Draw(Handler):
    name = "draw"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        g.draw(st[1], st[2])


class DiscardDown(Handler):
    """6.6 / 7.6.2: discard cards of your choice down to the hand limit."""

    name = "discard_down"
    kind = "discard"
    rule = "6.6/7.6.2/8.6.2/9.6.3"
    prompt = "Discard down to five cards"

    def options(self, g: Game, st: Step) -> list[Option]:
        hand = g.hands[st[1]]
        if len(hand) <= HAND_LIMIT:
            return [("done",)]
        return [("discard", hand[i]) for i in range(len(hand)) if not repeated(hand, i)]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        if o[0] == "discard":
            g.spend(st[1], o[1])
            g.push(st)


register_steps(
    Setup(), Turn(), EndTurn(), BirdsongStart(), BirdsongEnd(), CardWindow(), DaylightStart(),
    EveningStart(),
    Draw(), DiscardDown(),
)
