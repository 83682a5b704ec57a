"""Forest Patrol (promoted) and Feline Physicians (demoted): Marauder Expansion, 12
Patrol warriors (B.4.3); the Marquise de Cat cannot be played beside the card (A.6.5)."""
from __future__ import annotations

from collections.abc import Sequence

from rootlaw.core.cards_ep import reclaim_removed
from rootlaw.core.faction_api import NO_STEPS
from rootlaw.core.game import Game
from rootlaw.core.hire import (
    battle_options,
    bot_choice,
    card_of,
    controller,
    hire_of,
    move_options,
    placeable,
)
from rootlaw.core.hired import HirelingDef, register_hireling
from rootlaw.core.options import Option, name_form, text_form
from rootlaw.core.steps import Handler, Step, register_steps

name_form("patrol", "move, then battle", "forest_patrol")
name_form("muster", "put the Patrol warriors on the card into a clearing", "forest_patrol")
text_form("physicians_to", "put the treated warriors in {1}")
text_form("spend_card", "spend {c1}")


class ForestPatrol(HirelingDef):
    id = "forest_patrol"
    name = "Forest Patrol"
    card = "forest_patrol"
    demoted = False

    def hire_setup(self, g: Game, h: int, s: int) -> Sequence[Step]:
        """A.6.3: one Patrol warrior in every clearing."""
        return [("forest_patrol.setup", s, h)]

    def on_warriors_removed(self, g: Game, s: int, c: int, n: int, by: int,
                            defending: bool) -> Sequence[Step]:
        """E.2.2: each time Patrol warriors are removed, one of them goes onto the card
        instead of the supply (rulings.md: from Coffin Makers too)."""
        reclaim_removed(g, s, 1)
        hire = hire_of(g)
        hire.on_card[s - len(g.fdefs)] += 1
        g.note("patrol_to_card", c)
        return NO_STEPS

    def daylight_actions(self, g: Game, h: int, s: int) -> list[str]:
        """E.2.4: choose one: (a) a move, and afterwards a battle, each may be taken; (b)
        every Patrol warrior on the card into a clearing that holds one."""
        out: list[str] = []
        if move_options(g, h) or battle_options(g, h):
            out.append("patrol")
        if hire_of(g).on_card[h - len(g.fdefs)] and muster_targets(g, h):
            out.append("muster")
        return out

    def daylight(self, g: Game, h: int, s: int, action: str) -> Sequence[Step]:
        if action == "patrol":
            return [("hire.move", s, h, 1, 1)]
        return [("forest_patrol.muster", s, h)]


def muster_targets(g: Game, h: int) -> list[int]:
    return [c for c in g.clearings() if g.warriors[h][c] and placeable(g, h, c)]


class FelinePhysicians(HirelingDef):
    id = "forest_patrol"
    name = "Feline Physicians"
    card = "forest_patrol"
    demoted = True

    def on_faction_warriors_removed(self, g: Game, h: int, owner: int, c: int, n: int,
                                    by: int) -> Sequence[Step]:
        """E.2.2 CONTROLLER: when the controller's faction warriors are removed, it may
        spend a card matching their clearing to put them in a clearing holding its
        faction pieces instead of the supply (compare 6.2.3; 1.5.3: never other
        factions' warriors)."""
        s = controller(g, h)
        if owner != s or s < 0 or not g.fdefs[s].has_hand:
            return NO_STEPS
        if not g.cards_matching_clearing(s, c) or not treatment_targets(g, s):
            return NO_STEPS
        return [("feline_physicians.treat", s, h, c, n)]


def treatment_targets(g: Game, s: int) -> list[int]:
    return [c for c in g.clearings() if g.has_any_piece(s, c) and g.may_place(s, c)]


class SetUp(Handler):
    """A.6.3 Forest Patrol: one Patrol warrior in every clearing."""

    name = "forest_patrol.setup"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        h: int = st[2]
        for c in g.clearings():
            if placeable(g, h, c):
                g.place_warriors(h, c, 1)


class Muster(Handler):
    """E.2.4 Forest Patrol (b): every Patrol warrior on the card into one clearing that
    already holds a Patrol warrior. Args: (seat, hireling)."""

    name = "forest_patrol.muster"
    kind = "hireling_place"
    rule = "E.2.4"
    prompt = "Forest Patrol: put the warriors on the card into a clearing with a Patrol warrior"

    def options(self, g: Game, st: Step) -> list[Option]:
        h: int = st[2]
        card = card_of(g, h)
        out: list[Option] = [("hplace", card, c) for c in muster_targets(g, h)]
        return bot_choice(g, st[1], out) if out else [("done",)]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        if o[0] != "hplace":
            return
        h: int = st[2]
        c: int = o[2]
        hire = hire_of(g)
        k = h - len(g.fdefs)
        n = hire.on_card[k]
        hire.on_card[k] = 0
        g.warriors[h][c] = g.warriors[h][c] + n
        g.pieces_changed(c)
        g.note("hireling_placed", card_of(g, h), "warrior", c)


class Treat(Handler):
    """E.2.2 Feline Physicians: spend a card matching the clearing the warriors were
    removed from, or not. Args: (seat, hireling, clearing, warriors)."""

    name = "feline_physicians.treat"
    kind = "spend_card"
    rule = "E.2.2"
    prompt = "Feline Physicians: spend a matching card to put the removed warriors back?"

    def options(self, g: Game, st: Step) -> list[Option]:
        s: int = st[1]
        out: list[Option] = [("spend_card", c) for c in g.cards_matching_clearing(s, st[3])]
        return bot_choice(g, s, out + [("skip",)])

    def apply(self, g: Game, st: Step, o: Option) -> None:
        if o[0] != "spend_card":
            return
        s: int = st[1]
        g.spend(s, o[1])
        g.push(("feline_physicians.place", s, st[2], st[4]))


class TreatPlace(Handler):
    """Feline Physicians: the clearing holding the controller's faction pieces where the
    treated warriors go. Args: (seat, hireling, warriors)."""

    name = "feline_physicians.place"
    kind = "hireling_place"
    rule = "E.2.2"
    prompt = "Feline Physicians: where do the treated warriors go?"

    def options(self, g: Game, st: Step) -> list[Option]:
        out: list[Option] = [("physicians_to", c) for c in treatment_targets(g, st[1])]
        return out or [("done",)]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        if o[0] != "physicians_to":
            return
        s: int = st[1]
        n: int = st[3]
        reclaim_removed(g, s, n)  # not onto Coffin Makers: they never reached the supply
        placed = g.place_warriors(s, o[1], n)
        g.note("physicians", g.factions[s], o[1], placed)


register_hireling(ForestPatrol())
register_hireling(FelinePhysicians())
register_steps(SetUp(), Muster(), Treat(), TreatPlace())
