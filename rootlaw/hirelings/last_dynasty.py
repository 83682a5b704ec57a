"""Last Dynasty (promoted) and Bluebird Nobles (demoted): Marauder Expansion, 5 Dynasty
warriors (B.4.3); the Eyrie Dynasties cannot be played beside the card (A.6.5)."""
from __future__ import annotations

from collections.abc import Sequence

from rootlaw.core.game import Game
from rootlaw.core.hire import (
    battle_options,
    bot_choice,
    card_of,
    controller,
    move_options,
    placeable,
)
from rootlaw.core.hired import HirelingDef, register_hireling
from rootlaw.core.options import Option, name_form
from rootlaw.core.steps import Handler, Step, register_steps

name_form("rampage", "the Dynasty's rampage", "last_dynasty")
RULED_PER_POINT = 3  # Bluebird Nobles: one VP per three clearings ruled


def dynasty_clearing(g: Game, h: int) -> int:
    """The clearing of the Dynasty warriors (they always stand together), 0 if none."""
    for c in g.clearings():
        if g.warriors[h][c]:
            return c
    return 0


def edge_targets(g: Game, h: int) -> list[int]:
    """Clearings on the map edge (G.1.15) where the Dynasty may be placed."""
    return [c for c in g.board.edge if placeable(g, h, c)]


class LastDynasty(HirelingDef):
    id = "last_dynasty"
    name = "Last Dynasty"
    card = "last_dynasty"
    demoted = False

    def hire_setup(self, g: Game, h: int, s: int) -> Sequence[Step]:
        """A.6.3: all 5 Dynasty warriors together in one clearing on the map edge."""
        return [("last_dynasty.land", s, h, 0)]

    def daylight_actions(self, g: Game, h: int, s: int) -> list[str]:
        """E.2.4: the first case that fits (offered when it can do something)."""
        c = dynasty_clearing(g, h)
        if not c:
            ok = g.warrior_supply(h) > 0 and bool(edge_targets(g, h))
        elif g.rules(s, c):
            ok = bool(move_options(g, h, (c,)))  # by a path or the Ferry (C.2.5)
        else:
            ok = bool(battle_options(g, h, (c,)))
        return ["rampage"] if ok else []

    def daylight(self, g: Game, h: int, s: int, action: str) -> Sequence[Step]:
        """E.2.4, the first case that fits: (1) no Dynasty warrior on the map: all of
        them into an edge clearing, and battle there; (2) the Dynasty rule their
        clearing (their controller, counting them, E.3.1; rulings.md): all move out of
        it together, then battle in the destination if able; (3) otherwise battle in
        their clearing, then a second time."""
        c = dynasty_clearing(g, h)
        if not c:
            return [("last_dynasty.land", s, h, 1)]
        if g.rules(s, c):  # the hirelings' one move step: all together (C.2.5, E.3.7)
            return [("hire.move", s, h, 0, 2, 1)]
        return [("hire.battle", s, h, 0, (c,)), ("last_dynasty.again", s, h, c)]


class Land(Handler):
    """Put every Dynasty warrior of the supply in one edge clearing (A.6.3; case 1 of
    its action, then battle there). Args: (seat, hireling, battle after)."""

    name = "last_dynasty.land"
    kind = "hireling_place"
    rule = "A.6.3/E.2.4"
    prompt = "Last Dynasty: choose an edge clearing for the Dynasty warriors"

    def options(self, g: Game, st: Step) -> list[Option]:
        h: int = st[2]
        card = card_of(g, h)
        out: list[Option] = [("hplace", card, c) for c in edge_targets(g, h)]
        return bot_choice(g, st[1], out) if out else [("done",)]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        if o[0] != "hplace":
            return
        h: int = st[2]
        c: int = o[2]
        g.place_warriors(h, c, g.warrior_supply(h))
        g.note("hireling_placed", card_of(g, h), "warrior", c)
        if st[3]:
            g.push(("hire.battle", st[1], h, 0, (c,)))


class Again(Handler):
    """Case 3: battle a second time in the Dynasty's clearing. Args: (seat, hireling,
    clearing)."""

    name = "last_dynasty.again"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        h: int = st[2]
        if controller(g, h) == st[1]:
            g.push(("hire.battle", st[1], h, 0, (st[3],)))


class BluebirdNobles(HirelingDef):
    id = "last_dynasty"
    name = "Bluebird Nobles"
    card = "last_dynasty"
    demoted = True

    def controller_rules_ties(self, g: Game, h: int, s: int, c: int) -> bool:
        """E.2.2 CONTROLLER: the controller rules where tied for most warriors and
        buildings (as 7.2.2; being tied, it has pieces there counting toward rule)."""
        return True

    def birdsong(self, g: Game, h: int, s: int) -> Sequence[Step]:
        """E.2.3 CONTROLLER (must): one victory point per three clearings it rules."""
        return [("bluebird_nobles.score", s, h)]


class Score(Handler):
    """Bluebird Nobles: score one VP per three ruled clearings, rounded down (every
    clearing ruled, the Burrow too, as Royal Claim, rulings.md)."""

    name = "bluebird_nobles.score"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        s: int = st[1]
        ruled = sum(1 for c in g.all_clearings() if g.rules(s, c))
        g.score(s, ruled // RULED_PER_POINT, "bluebird_nobles")


register_hireling(LastDynasty())
register_hireling(BluebirdNobles())
register_steps(Land(), Again(), Score())
