"""Furious Protector (promoted) and Stoic Protector (demoted): Underworld Hirelings Pack,
the Protector pawn (B.10.3); no faction corresponds to the card (A.6.5)."""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rootlaw.core.battle import Battle
from rootlaw.core.faction_api import NO_STEPS
from rootlaw.core.game import Game
from rootlaw.core.hire import bot_choice, card_of, controller, placeable
from rootlaw.core.hired import HirelingDef, register_hireling
from rootlaw.core.move import remove_warriors, trigger_removals
from rootlaw.core.options import Option, text_form
from rootlaw.core.steps import Handler, Step, register_steps

text_form("protector_to", "move the Protector to {1}")


def protector_moves(g: Game, h: int) -> list[int]:
    """Clearings adjacent to the Protector's (ignoring rule, E.2.3)."""
    a = g.pawn[h]
    if not a:
        return []
    last = len(g.board.clearings)
    return [b for b in g.adj[a] if b <= last and g.may_move(h, a, b)]


class Protector(HirelingDef):
    """What both sides share: the pawn cannot be battled or removed (E.2.2)."""

    def can_be_battled(self, g: Game, h: int, att: int, c: int) -> bool:
        return False

    def hit_choices(self, g: Game, s: int, b: Battle | None, c: int) -> list[Any] | None:
        return []  # never removed

    def check(self, g: Game, h: int) -> str:
        p = g.pawn[h]
        if p and not 0 < p <= len(g.board.clearings):
            return "the Protector stands in a clearing"
        return ""


class FuriousProtector(Protector):
    id = "furious_protector"
    name = "Furious Protector"
    card = "furious_protector"
    demoted = False

    def hire_setup(self, g: Game, h: int, s: int) -> Sequence[Step]:
        """A.6.3: the Protector in any clearing."""
        return [("furious_protector.setup", s, h)]

    def blocks_placement(self, g: Game, s: int, placer: int, c: int) -> bool:
        """E.2.2: its enemies cannot place pieces in its clearing."""
        return g.pawn[s] == c and g.is_enemy(s, placer)

    def limit_in_force(self, g: Game, s: int) -> bool:
        return g.pawn[s] != 0  # E.2.2: only the Protector on the map stops anyone

    def birdsong(self, g: Game, h: int, s: int) -> Sequence[Step]:
        """E.2.3 (must): move the Protector, ignoring rule; then remove one faction
        warrior of every player in its clearing, the controller included."""
        return [("furious_protector.move", s, h, 1)]


class StoicProtector(Protector):
    id = "furious_protector"
    name = "Stoic Protector"
    card = "furious_protector"
    demoted = True

    def when_hired(self, g: Game, h: int, s: int) -> Sequence[Step]:
        """E.2.1: if the Protector is not on the map, put it in a clearing with the
        controller's faction pieces."""
        if g.pawn[h]:
            return NO_STEPS
        return [("hire.place", s, h, "pawn", "controller", 1, 0)]

    def shields(self, g: Game, h: int, owner: int, c: int, by: int) -> bool:
        """E.2.2 CONTROLLER: enemies cannot battle or remove the controller's faction
        pieces in the Protector's clearing."""
        s = controller(g, h)
        return s >= 0 and owner == s and g.pawn[h] == c and g.is_enemy(s, by)

    def birdsong(self, g: Game, h: int, s: int) -> Sequence[Step]:
        """E.2.3 (must): move the Protector, ignoring rule."""
        return [("furious_protector.move", s, h, 0)]


class SetUp(Handler):
    """A.6.3 Furious Protector: its pawn in a clearing of choice."""

    name = "furious_protector.setup"
    kind = "hireling_place"
    rule = "A.6.3"
    prompt = "Furious Protector: choose its clearing"

    def options(self, g: Game, st: Step) -> list[Option]:
        h: int = st[2]
        card = card_of(g, h)
        out: list[Option] = [("hplace", card, c) for c in g.clearings() if placeable(g, h, c)]
        return bot_choice(g, st[1], out) if out else [("done",)]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        if o[0] == "hplace":
            h: int = st[2]
            g.pawn[h] = o[2]
            g.note("hireling_placed", card_of(g, h), "pawn", o[2])


class Move(Handler):
    """The Protector moves to an adjacent clearing, ignoring rule (E.2.3); the Furious
    one then removes a faction warrior of each player there. Args: (seat, hireling,
    furious)."""

    name = "furious_protector.move"
    kind = "hireling_move"
    rule = "E.2.3"
    prompt = "Move the Protector"

    def options(self, g: Game, st: Step) -> list[Option]:
        out: list[Option] = [("protector_to", c) for c in protector_moves(g, st[2])]
        return bot_choice(g, st[1], out) if out else [("done",)]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        h: int = st[2]
        if o[0] == "protector_to":
            a = g.pawn[h]
            g.pawn[h] = o[1]
            g.pieces_changed()
            g.note("hireling_moved", card_of(g, h), a, o[1], 0)
        if st[3]:
            fury(g, h)


def fury(g: Game, h: int) -> None:
    """Furious Protector: one faction warrior of every player in its clearing removed,
    its controller's too (hireling warriors are not faction warriors); E.3.6: nobody
    scores for them."""
    c = g.pawn[h]
    if not c:
        return
    lost: list[tuple[int, int, int]] = []
    for p in range(len(g.factions)):
        n = remove_warriors(g, p, c, 1)
        if n:
            lost.append((p, c, n))
    if lost:
        g.note("fury", c)
        trigger_removals(g, h, lost, in_battle=False)


register_hireling(FuriousProtector())
register_hireling(StoicProtector())
register_steps(SetUp(), Move())
