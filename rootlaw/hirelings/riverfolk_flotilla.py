"""Riverfolk Flotilla (promoted) and Otter Divers (demoted): Riverfolk Hirelings Pack,
the Flotilla pawn (B.10.3); the Riverfolk Company cannot be played beside the card
(A.6.5)."""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from rootlaw.core.battle import Battle
from rootlaw.core.faction_api import NO_STEPS
from rootlaw.core.game import Game
from rootlaw.core.hire import bot_choice, card_of, controller, placeable
from rootlaw.core.hired import HirelingDef, register_hireling
from rootlaw.core.options import Option, text_form
from rootlaw.core.steps import Handler, Step, register_steps

FLOTILLA_HITS: Final = 3  # E.2.2: its maximum rolled hits
text_form("flotilla_draw", "draw a card at the Flotilla")
text_form("sail", "sail the Flotilla to {1}")


def river_clearings(g: Game, c: int) -> tuple[int, ...]:
    """The clearings linked to c by a river (2.3; the lake's links, C.2.2)."""
    return g.board.river_adj[c]


class RiverfolkFlotilla(HirelingDef):
    id = "riverfolk_flotilla"
    name = "Riverfolk Flotilla"
    card = "riverfolk_flotilla"
    demoted = False

    def hire_setup(self, g: Game, h: int, s: int) -> Sequence[Step]:
        """A.6.3: the Flotilla in a clearing on the map edge and on a river."""
        return [("riverfolk_flotilla.setup", s, h)]

    def can_be_battled(self, g: Game, h: int, att: int, c: int) -> bool:
        """E.2.2: the Flotilla cannot be battled (nor removed: a pawn no effect removes)."""
        return False

    def battle_max_hits(self, g: Game, s: int, b: Battle, attacker: bool) -> int:
        """E.2.2: when it battles, its maximum rolled hits is 3."""
        return FLOTILLA_HITS

    def battle_defenseless(self, g: Game, s: int, b: Battle) -> bool:
        return False

    def hit_choices(self, g: Game, s: int, b: Battle | None, c: int) -> list[Any] | None:
        """Hits it takes remove nothing: it cannot be removed (E.2.2)."""
        return []

    def birdsong(self, g: Game, h: int, s: int) -> Sequence[Step]:
        """E.2.3 (must): each player with faction pieces in its clearing may draw a card;
        then the controller must sail it along a river to another clearing (ignoring
        rule); then it may battle."""
        c = g.pawn[h]
        if not c:
            return NO_STEPS
        n = len(g.factions)
        steps: list[Step] = []
        for i in range(n):
            p = (s + i) % n  # from the controller, clockwise
            if g.has_any_piece(p, c) and g.fdefs[p].has_hand:
                steps.append(("riverfolk_flotilla.draw", p, h))
        steps.append(("riverfolk_flotilla.sail", s, h))
        return steps

    def check(self, g: Game, h: int) -> str:
        p = g.pawn[h]
        if p and not 0 < p <= len(g.board.clearings):
            return "the Flotilla stands in a clearing"
        return ""


def setup_targets(g: Game, h: int) -> list[int]:
    edge = g.board.edge
    return [c for c in edge if river_clearings(g, c) and placeable(g, h, c)]


class SetUp(Handler):
    """A.6.3 Riverfolk Flotilla: its pawn in an edge clearing on a river."""

    name = "riverfolk_flotilla.setup"
    kind = "hireling_place"
    rule = "A.6.3"
    prompt = "Riverfolk Flotilla: choose its clearing (map edge, on a river)"

    def options(self, g: Game, st: Step) -> list[Option]:
        card = card_of(g, st[2])
        out: list[Option] = [("hplace", card, c) for c in setup_targets(g, st[2])]
        return bot_choice(g, st[1], out) if out else [("done",)]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        if o[0] == "hplace":
            h: int = st[2]
            g.pawn[h] = o[2]
            g.note("hireling_placed", card_of(g, h), "pawn", o[2])


class Draw(Handler):
    """Riverfolk Flotilla: a player with faction pieces in its clearing may draw a card.
    Args: (player, hireling)."""

    name = "riverfolk_flotilla.draw"
    kind = "draw"
    rule = "E.2.3"
    prompt = "Riverfolk Flotilla: draw a card?"

    def options(self, g: Game, st: Step) -> list[Option]:
        return bot_choice(g, st[1], [("flotilla_draw",), ("skip",)])

    def apply(self, g: Game, st: Step, o: Option) -> None:
        if o[0] == "flotilla_draw":
            g.draw(st[1], 1)


class Sail(Handler):
    """Riverfolk Flotilla: sail along a river to another clearing, ignoring rule, then
    it may battle there. Args: (seat, hireling)."""

    name = "riverfolk_flotilla.sail"
    kind = "hireling_move"
    rule = "E.2.3"
    prompt = "Riverfolk Flotilla: sail to which clearing?"

    def options(self, g: Game, st: Step) -> list[Option]:
        h: int = st[2]
        a = g.pawn[h]
        out: list[Option] = [("sail", b) for b in river_clearings(g, a)
                             if b <= len(g.board.clearings) and g.may_move(h, a, b)]
        return bot_choice(g, st[1], out) if out else [("done",)]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        s: int = st[1]
        h: int = st[2]
        if o[0] == "sail" and controller(g, h) == s:
            a = g.pawn[h]
            g.pawn[h] = o[1]
            g.pieces_changed()
            g.note("hireling_moved", card_of(g, h), a, o[1], 0)
            g.push(("hire.battle", s, h, 1, (o[1],)))


class OtterDivers(HirelingDef):
    id = "riverfolk_flotilla"
    name = "Otter Divers"
    card = "riverfolk_flotilla"
    demoted = True

    def controller_river_rule_free(self, g: Game, h: int, s: int) -> bool:
        """E.2.2 CONTROLLER: it ignores rule moving from or to a clearing on a river
        (the lake counts as rivers, C.2.2)."""
        return True


register_hireling(RiverfolkFlotilla())
register_hireling(OtterDivers())
register_steps(SetUp(), Draw(), Sail())
