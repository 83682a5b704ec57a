"""P2 Setup and P6.3-P6.4 the turn: Birdsong, Daylight, Evening, in faction order.

The prototype's own frame on the core's loop: each faction fills the phases with its
own steps (``phase_steps``); the frame adds what any player does at their edges (the
special victory cards' checks, improvements used in Birdsong, Daylight or Evening).
"""
from __future__ import annotations

from typing import Final

from rootlaw.core.game import RUIN, Game
from rootlaw.core.options import Option, text_form
from rootlaw.core.steps import Handler, Step, register_steps
from rootlaw.prototype.base import ALL, DATA, KEEP, ORDER, pfd, seat_of
from rootlaw.prototype.battle import battle_targets, start_battle
from rootlaw.prototype.cards import CHAOS, COALITION, birdsong_victory
from rootlaw.prototype.moves import move_options, take_move

START_HAND: Final = 3  # P2.2
SMALL_GAME: Final = 3  # P2.3: three or fewer players
RUIN_ITEMS: Final[tuple[str, ...]] = tuple(DATA["items"]["ruins"])  # P2.4
SUPPLY: Final[dict[str, int]] = {str(k): int(v) for k, v in DATA["items"]["supply"].items()}

text_form("skip", "skip")


class Setup(Handler):
    """P2: the deck and hands (P2.2-P2.3), ruins (P2.4), then each faction's setup in
    order (P2.5): Marquise, Eyrie, Alliance, Vagabond, who also play in that order
    (P6.3.1)."""

    name = "proto.setup"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        order = sorted(g.factions, key=ORDER.index)
        perm = [g.factions.index(f) for f in order]
        g.factions = tuple(order)
        g.fdefs = tuple(g.fdefs[i] for i in perm)
        g.fstate = [g.fstate[i] for i in perm]
        suits = list(g.board.default_suits)
        suits[KEEP] = ALL  # P5.2.2 the Keep is aligned with all nations
        g.suits = tuple(suits)
        n = len(g.factions)
        cards = g.deckdef.cards
        special = [c for c in g.deck if cards[c].kind == "dominance"]
        g.deck = g.shuffle("deck", [c for c in g.deck if cards[c].kind != "dominance"])
        for s in range(n):  # P2.2
            g.draw(s, START_HAND)
        if n <= SMALL_GAME:  # P2.3: Coalition and Chaos go back to the box
            special = [c for c in special if c != COALITION and c != CHAOS]
        g.deck = g.shuffle("deck", g.deck + special)
        if seat_of(g, "vagabond") >= 0:  # P2.4, P5.2.5 (P5.2.6: else the slots are open)
            ruins = [c for c in g.clearings() if g.board.ruins[c]]
            items = g.shuffle("ruin_items", list(RUIN_ITEMS))
            for i in range(len(ruins)):
                g.place_building(RUIN, "ruin", ruins[i])
                g.ruin_items[ruins[i]] = (items[i],)
        g.supply = dict(SUPPLY)
        steps: list[Step] = []
        for s in range(n):  # P2.5
            steps.extend(g.fdefs[s].setup_steps(g, s))
        g.push_all([*steps, ("proto.turn", 0)])


class Turn(Handler):
    """P6.4.1: Birdsong, Daylight, Evening, then the next faction in order."""

    name = "proto.turn"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        s: int = st[1]
        g.turn_seat = s
        g.turn_no += 1
        g.craft_used = [0, 0, 0, 0]  # P5.4.4: fox, rabbit, mouse, all (the Keep)
        g.once = frozenset()
        fd = g.fdefs[s]
        g.push(("proto.birdsong", s), *fd.phase_steps(g, s, "birdsong"),
               ("proto.daylight", s), *fd.phase_steps(g, s, "daylight"),
               ("proto.evening", s), *fd.phase_steps(g, s, "evening"),
               ("proto.end_turn", s))


class BirdsongStart(Handler):
    """Birdsong begins: an activated special victory card may win (P6.2.7, P6.2.9,
    P6.2.10); other factions' rules at the start of this Birdsong (P10.2.8 the
    Vagabond's coins on the Marquise's turn); improvements of Birdsong."""

    name = "proto.birdsong"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        s: int = st[1]
        g.phase = "birdsong"
        card = g.dominance[s]
        if card is not None and birdsong_victory(g, s):
            g.win(s, card)
            return
        steps: list[Step] = []
        for o in range(len(g.factions)):
            if o != s:
                steps.extend(g.fdefs[o].at_birdsong_start(g, o, s))
        played = g.played[s]
        if played:
            for _ in range(played.count("better_burrow_bank")):
                steps.append(("proto.bank", s))
            if "royal_claim" in played or "stand_and_deliver" in played:
                steps.append(("proto.birdsong_cards", s))
        if steps:
            g.push_all(steps)


class DaylightStart(Handler):
    """Daylight begins: Command Warren's battle (reconstructed)."""

    name = "proto.daylight"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        s: int = st[1]
        g.phase = "daylight"
        if "command_warren" in g.played[s]:
            g.push(("proto.command_warren", s))


class CommandWarren(Handler):
    """Command Warren (reconstructed): at the start of Daylight, you may battle."""

    name = "proto.command_warren"
    kind = "battle"
    rule = "P5.4.1"
    prompt = "Command Warren: initiate a battle?"

    def options(self, g: Game, st: Step) -> list[Option]:
        return battle_targets(g, st[1]) + [("skip",)]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        if o[0] == "battle":
            start_battle(g, st[1], o[1], g.seat_of(o[2]))


class EveningStart(Handler):
    """Evening begins: Cobbler's move (reconstructed; for the Vagabond, P10.20.1 gives
    him boots instead)."""

    name = "proto.evening"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        s: int = st[1]
        g.phase = "evening"
        if "cobbler" in g.played[s] and g.pawn[s] == 0:
            g.push(("proto.cobbler", s))


class Cobbler(Handler):
    name = "proto.cobbler"
    kind = "move"
    rule = "P10.20.1"
    prompt = "Cobbler: take a move?"

    def options(self, g: Game, st: Step) -> list[Option]:
        return move_options(g, st[1]) + [("skip",)]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        if o[0] != "skip":
            take_move(g, st[1], o, st)


class EndTurn(Handler):
    name = "proto.end_turn"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        g.phase = "end"
        g.push(("proto.turn", (st[1] + 1) % len(g.factions)))


class DiscardDown(Handler):
    """Discard down to the hand limit (P7.10.2, P8.11.2, P9.15.2, P10.19.1)."""

    name = "proto.discard_down"
    kind = "discard"
    rule = "P7.10.2"

    def describe(self, g: Game, st: Step) -> str:
        return f"Discard down to {pfd(g, st[1]).limit(g, st[1])} cards"

    def options(self, g: Game, st: Step) -> list[Option]:
        s: int = st[1]
        hand = g.hands[s]
        if len(hand) <= pfd(g, s).limit(g, s):
            return [("done",)]
        return [("discard", c) for c in dict.fromkeys(hand)]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        if o[0] == "discard":
            g.spend(st[1], o[1])
            g.push(st)


def end_turn_now(g: Game, s: int) -> None:
    """End s's turn at once (P8.12.5 Turmoil): drop its steps up to the turn's end."""
    stack = g.stack
    while stack and stack[-1][0] != "proto.end_turn":
        stack.pop()


register_steps(Setup(), Turn(), BirdsongStart(), DaylightStart(), CommandWarren(),
               EveningStart(), Cobbler(), EndTurn(), DiscardDown())
