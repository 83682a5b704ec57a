"""Highway Bandits (promoted) and Bandit Gangs (demoted): Riverfolk Hirelings Pack, 4
Bandit warriors (B.10.3); no faction corresponds to the card (A.6.5). On the promoted
side the bandits stand on paths (``Hire.paths``), not in clearings."""
from __future__ import annotations

from collections.abc import Sequence

from rootlaw.core.catalog import pair
from rootlaw.core.faction_api import NO_STEPS
from rootlaw.core.game import Game
from rootlaw.core.hire import bot_choice, controller, controller_pieces_at, hire_of, on_map
from rootlaw.core.hired import HirelingDef, register_hireling
from rootlaw.core.move import remove_warriors, trigger_removals
from rootlaw.core.options import Option, name_form, text_form
from rootlaw.core.steps import Handler, Step, register_steps

name_form("post", "put a bandit on a path", "highway_bandits")
name_form("arm", "place a warrior of yours at each Bandit warrior", "highway_bandits")
name_form("recruit", "put a Bandit warrior in a clearing with your pieces", "highway_bandits")
text_form("bandit_path", "put a bandit on the path {1}-{2}")
text_form("bandit_lift", "take the bandit off the path {1}-{2} to place it again")
text_form("bandit_toll", "remove a moved piece ({2}) for the bandits")
text_form("waylay", "place a warrior of yours in {1} (Highway Bandits)")


def open_paths(g: Game) -> list[tuple[int, int]]:
    """Paths that are not closed (C.3.2: bandits cannot be placed on closed paths; a
    river is no path, E.3.5)."""
    closed = g.closed
    return [p for p in g.board.paths if p not in closed]


def bandit_paths(g: Game, h: int) -> tuple[tuple[int, int], ...]:
    return hire_of(g).paths[h - len(g.fdefs)]


class HighwayBandits(HirelingDef):
    id = "highway_bandits"
    name = "Highway Bandits"
    card = "highway_bandits"
    demoted = False

    def hire_setup(self, g: Game, h: int, s: int) -> Sequence[Step]:
        """A.6.3: 2 bandits on two different paths (one per path at most)."""
        return [("highway_bandits.post", s, h, 0, 0), ("highway_bandits.post", s, h, 0, 0)]

    def after_any_move(self, g: Game, h: int, owner: int, player: int, a: int, b: int,
                       n: int) -> Sequence[Step]:
        """E.2.2: an enemy of the Bandits moving along a path with a bandit removes one of
        the pieces moved (a moving Vagabond damages an item instead); CONTROLLER: the
        controller moving its own pieces along one may place one of its warriors in the
        destination."""
        if pair(a, b) not in bandit_paths(g, h):
            return NO_STEPS
        if g.is_enemy(h, owner):
            return [("highway_bandits.toll", player, owner, b, n)]
        s = controller(g, h)
        if (owner == s and player == s and g.fdefs[s].has_hand and g.warrior_supply(s) > 0
                and g.may_place(s, b)):
            return [("highway_bandits.waylay", s, b)]
        return NO_STEPS

    def daylight_actions(self, g: Game, h: int, s: int) -> list[str]:
        return ["post"] if post_targets(g, h, True) else []

    def daylight(self, g: Game, h: int, s: int, action: str) -> Sequence[Step]:
        """E.2.4: a bandit on a path without one that touches a clearing with the
        controller's faction pieces; with none in the supply, one may first be taken
        off the map."""
        if g.warrior_supply(h) > 0:
            return [("highway_bandits.post", s, h, 1, 0)]
        return [("highway_bandits.lift", s, h)]

    def hireling_view(self, g: Game, h: int) -> dict[str, object]:
        return {"bandits_on_paths": [list(p) for p in bandit_paths(g, h)]}

    def check(self, g: Game, h: int) -> str:
        paths = bandit_paths(g, h)
        if len(set(paths)) != len(paths) or any(p not in open_paths(g) for p in paths):
            return "Highway Bandits: one bandit per open path (A.6.3, C.3.2)"
        if sum(g.warriors[h]):
            return "Highway Bandits: the promoted side's bandits stand on paths"
        return ""


def post_targets(g: Game, h: int, daylight: bool) -> list[tuple[int, int]]:
    """Open paths without a bandit (touching a clearing with the controller's faction
    pieces, for the Daylight action)."""
    have = bandit_paths(g, h)
    out: list[tuple[int, int]] = []
    for p in open_paths(g):
        if p in have:
            continue
        if daylight and not (controller_pieces_at(g, h, p[0]) or controller_pieces_at(g, h, p[1])):
            continue
        out.append(p)
    return out


class Post(Handler):
    """Put a bandit from the supply on a path. Args: (seat, hireling, Daylight, _)."""

    name = "highway_bandits.post"
    kind = "hireling_place"
    rule = "A.6.3/E.2.4"
    prompt = "Highway Bandits: choose a path for a bandit"

    def options(self, g: Game, st: Step) -> list[Option]:
        h: int = st[2]
        if g.warrior_supply(h) <= 0:
            return [("done",)]
        out: list[Option] = [("bandit_path", a, b) for a, b in post_targets(g, h, bool(st[3]))]
        return bot_choice(g, st[1], out) if out else [("done",)]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        if o[0] != "bandit_path":
            return
        h: int = st[2]
        hire = hire_of(g)
        k = h - len(g.fdefs)
        hire.paths[k] = tuple(sorted(hire.paths[k] + ((o[1], o[2]),)))
        g.note("bandit_posted", o[1], o[2])


class Lift(Handler):
    """With no bandit in the supply, the controller may take one off the map to place
    it (E.2.4). Args: (seat, hireling)."""

    name = "highway_bandits.lift"
    kind = "hireling_place"
    rule = "E.2.4"
    prompt = "Highway Bandits: take a bandit off the map to place it again?"

    def options(self, g: Game, st: Step) -> list[Option]:
        out: list[Option] = [("bandit_lift", a, b) for a, b in bandit_paths(g, st[2])]
        return bot_choice(g, st[1], out + [("skip",)])

    def apply(self, g: Game, st: Step, o: Option) -> None:
        if o[0] != "bandit_lift":
            return
        h: int = st[2]
        hire = hire_of(g)
        k = h - len(g.fdefs)
        hire.paths[k] = tuple(p for p in hire.paths[k] if p != (o[1], o[2]))
        g.push(("highway_bandits.post", st[1], h, 1, 0))


class Toll(Handler):
    """E.2.2 Highway Bandits: the player who moved along the bandit's path removes one
    of the pieces moved (a warrior; a Vagabond damages an item, as taking a hit).
    Args: (player, owner of the pieces, clearing moved to, warriors moved)."""

    name = "highway_bandits.toll"
    kind = "take_hit"
    rule = "E.2.2"
    prompt = "Highway Bandits: remove one of the pieces you moved"

    def options(self, g: Game, st: Step) -> list[Option]:
        o: int = st[2]
        c: int = st[3]
        if st[4] > 0:
            return [("bandit_toll", c, "warrior")] if g.removable_warriors(o, c) else [("done",)]
        special = g.odef(o).hit_choices(g, o, None, c)  # 9.2.7: the Vagabond's items
        return special or [("done",)]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        if o[0] == "done":
            return
        p: int = st[1]
        owner: int = st[2]
        c: int = st[3]
        if o[0] == "bandit_toll":
            n = remove_warriors(g, owner, c, 1)
            g.note("bandit_toll", g.owner_name(owner), c)
            trigger_removals(g, p, [(owner, c, n)], in_battle=False)
        else:
            g.odef(owner).take_hit(g, owner, None, c, o)


class Waylay(Handler):
    """Highway Bandits, CONTROLLER: it may place one of its faction warriors in the
    destination. Args: (seat, clearing)."""

    name = "highway_bandits.waylay"
    kind = "place"
    rule = "E.2.2"
    prompt = "Highway Bandits: place one of your warriors in the destination?"

    def options(self, g: Game, st: Step) -> list[Option]:
        return bot_choice(g, st[1], [("waylay", st[2]), ("skip",)])

    def apply(self, g: Game, st: Step, o: Option) -> None:
        if o[0] == "waylay":
            g.place_warriors(st[1], st[2], 1)


class BanditGangs(HirelingDef):
    id = "highway_bandits"
    name = "Bandit Gangs"
    card = "highway_bandits"
    demoted = True

    def when_hired(self, g: Game, h: int, s: int) -> Sequence[Step]:
        """E.2.1: with no Bandit warrior on the map, one in a clearing with the
        controller's faction pieces."""
        if on_map(g, h):
            return NO_STEPS
        return [("hire.place", s, h, "warrior", "controller", 1, 0)]

    def can_be_battled(self, g: Game, h: int, att: int, c: int) -> bool:
        """E.2.2: not in a clearing that also holds the controller's faction pieces."""
        s = controller(g, h)
        return s < 0 or not g.has_any_piece(s, c)

    def daylight_actions(self, g: Game, h: int, s: int) -> list[str]:
        """E.2.4, choose one: a warrior of the controller at each Bandit warrior; or a
        Bandit warrior in a clearing with the controller's faction pieces."""
        out: list[str] = []
        if g.fdefs[s].warriors and g.warrior_supply(s) > 0 and arm_targets(g, h, s):
            out.append("arm")
        if g.warrior_supply(h) > 0 and any(
                g.has_any_piece(s, c) and g.may_place(h, c) for c in g.clearings()):
            out.append("recruit")
        return out

    def daylight(self, g: Game, h: int, s: int, action: str) -> Sequence[Step]:
        if action == "arm":
            return [("bandit_gangs.arm", s, h)]
        return [("hire.place", s, h, "warrior", "controller", 1, 0)]


def arm_targets(g: Game, h: int, s: int) -> list[int]:
    return [c for c in g.clearings() if g.warriors[h][c] and g.may_place(s, c)]


class Arm(Handler):
    """Bandit Gangs: one of the controller's warriors at each Bandit warrior (as many as
    its supply allows, 1.5.4). Args: (seat, hireling)."""

    name = "bandit_gangs.arm"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        s: int = st[1]
        h: int = st[2]
        for c in arm_targets(g, h, s):
            placed = g.place_warriors(s, c, g.warriors[h][c])
            if placed:
                g.note("armed", g.factions[s], c, placed)


register_hireling(HighwayBandits())
register_hireling(BanditGangs())
register_steps(Post(), Lift(), Toll(), Waylay(), Arm())
