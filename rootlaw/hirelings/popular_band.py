"""Popular Band (promoted) and Street Band (demoted): Marauder Hirelings Pack, 5 Band
warriors (B.10.3); no faction corresponds to the card (A.6.5)."""
from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from rootlaw.core.faction_api import NO_STEPS
from rootlaw.core.game import Game
from rootlaw.core.hire import bot_choice, card_of, forced_movable, on_map, placeable
from rootlaw.core.hired import HirelingDef, register_hireling
from rootlaw.core.move import do_move
from rootlaw.core.options import Option, name_form, text_form
from rootlaw.core.steps import Handler, Step, register_steps

BAND_IN: Final = "band_in:"  # g.once: "band_in:<owner>:<clearing>" for the turn
name_form("gig", "a gig: pull warriors in, then a Band warrior anywhere", "popular_band")
name_form("busk", "place a Band warrior in any clearing", "popular_band")
text_form("gig", "play a gig in {1}")
text_form("pull", "force {n2}'s {3} warrior(s) from {1} into the gig")
text_form("band_pair", "Band warriors in {1} and {2}")


def mark(owner: int, c: int) -> str:
    return BAND_IN + str(owner) + ":" + str(c)


class Band(HirelingDef):
    """What both sides share (E.2.2): enemies that moved into a clearing holding a Band
    warrior cannot move out of it again that turn (the Vagabond's Slip ignores it,
    9.4.2)."""

    def after_any_move(self, g: Game, h: int, owner: int, player: int, a: int, b: int,
                       n: int) -> Sequence[Step]:
        if 0 < b <= len(g.board.clearings) and g.warriors[h][b] and g.is_enemy(h, owner):
            key = mark(owner, b)
            if key not in g.once:
                g.once = g.once | {key, BAND_IN}  # BAND_IN alone: some mark this turn
        return NO_STEPS

    def blocks_move(self, g: Game, s: int, mover: int, a: int, b: int) -> bool:
        # the marks' names are built only when there is one this turn
        return BAND_IN in g.once and mark(mover, a) in g.once and g.is_enemy(s, mover)

    def limit_in_force(self, g: Game, s: int) -> bool:
        return BAND_IN in g.once  # E.2.2: no enemy moved in beside a Band this turn


class PopularBand(Band):
    id = "popular_band"
    name = "Popular Band"
    card = "popular_band"
    demoted = False

    def hire_setup(self, g: Game, h: int, s: int) -> Sequence[Step]:
        """A.6.3: 2 Band warriors in two different clearings."""
        return [("popular_band.setup", s, h)]

    def when_hired(self, g: Game, h: int, s: int) -> Sequence[Step]:
        """E.2.1: with no Band warrior on the map, one in a clearing with the
        controller's faction pieces."""
        if on_map(g, h):
            return NO_STEPS
        return [("hire.place", s, h, "warrior", "controller", 1, 0)]

    def daylight_actions(self, g: Game, h: int, s: int) -> list[str]:
        return ["gig"] if any(g.warriors[h][c] for c in g.clearings()) else []

    def daylight(self, g: Game, h: int, s: int, action: str) -> Sequence[Step]:
        """E.2.4: first choose a clearing with a Band warrior, the controller may force
        faction warriors in each adjacent clearing to move into it (1.5.5: by their own
        move rules; rulings.md); then it may place a Band warrior in any clearing."""
        return [("popular_band.gig", s, h)]


def pulls(g: Game, c: int, done: tuple[tuple[int, int], ...]) -> list[Option]:
    """Warriors of each player in each clearing adjacent to c that may be forced into
    it (legal moves for that player, 1.5.5), each group once."""
    out: list[Option] = []
    for p in range(len(g.factions)):
        for a in g.adj[c]:
            if (a, p) in done or a > len(g.board.clearings):
                continue
            n = forced_movable(g, p, a)
            if not n or not g.may_move(p, a, c):
                continue
            if not (g.rules(p, a) or g.rules(p, c)):
                continue  # 4.2.1, as if the player moved
            for k in range(1, n + 1):
                out.append(("pull", a, g.factions[p], k))
    return out


class SetUp(Handler):
    """A.6.3 Popular Band: two Band warriors, in two different clearings."""

    name = "popular_band.setup"
    kind = "hireling_place"
    rule = "A.6.3"
    prompt = "Popular Band: choose two different clearings"

    def options(self, g: Game, st: Step) -> list[Option]:
        h: int = st[2]
        cl = [c for c in g.clearings() if placeable(g, h, c)]
        out: list[Option] = [("band_pair", cl[i], cl[j])
                             for i in range(len(cl)) for j in range(i + 1, len(cl))]
        return bot_choice(g, st[1], out) if out else [("done",)]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        if o[0] != "band_pair":
            return
        h: int = st[2]
        for c in (o[1], o[2]):
            g.place_warriors(h, c, 1)
            g.note("hireling_placed", card_of(g, h), "warrior", c)


class Gig(Handler):
    """Popular Band: the clearing of the gig. Args: (seat, hireling)."""

    name = "popular_band.gig"
    kind = "hireling_action"
    rule = "E.2.4"
    prompt = "Popular Band: choose a clearing with a Band warrior"

    def options(self, g: Game, st: Step) -> list[Option]:
        h: int = st[2]
        out: list[Option] = [("gig", c) for c in g.clearings() if g.warriors[h][c]]
        return bot_choice(g, st[1], out) if out else [("done",)]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        s: int = st[1]
        h: int = st[2]
        g.push(("hire.place", s, h, "warrior", "any", 1, 1))  # then: it may place one
        if o[0] == "gig":
            g.push(("popular_band.pull", s, h, o[1], ()))


class Pull(Handler):
    """Popular Band: force warriors from the adjacent clearings into the gig, group by
    group, or stop. Args: (seat, hireling, clearing, groups done as (from, player))."""

    name = "popular_band.pull"
    kind = "force"
    rule = "E.2.4"
    prompt = "Popular Band: force warriors in an adjacent clearing to move to the gig?"

    def options(self, g: Game, st: Step) -> list[Option]:
        return bot_choice(g, st[1], pulls(g, st[3], st[4]) + [("skip",)])

    def apply(self, g: Game, st: Step, o: Option) -> None:
        if o[0] != "pull":
            return
        c: int = st[3]
        a: int = o[1]
        p = g.seat_of(o[2])
        g.push(("popular_band.pull", st[1], st[2], c, st[4] + ((a, p),)))
        do_move(g, p, a, c, o[3])  # 1.5.5: the forced player is the one moving
        g.note("pulled", o[2], a, c, o[3])


class StreetBand(Band):
    id = "popular_band"
    name = "Street Band"
    card = "popular_band"
    demoted = True

    def daylight_actions(self, g: Game, h: int, s: int) -> list[str]:
        return ["busk"] if g.warrior_supply(h) > 0 else []

    def daylight(self, g: Game, h: int, s: int, action: str) -> Sequence[Step]:
        """E.2.4: place a Band warrior in any clearing."""
        return [("hire.place", s, h, "warrior", "any", 1, 0)]


register_hireling(PopularBand())
register_hireling(StreetBand())
register_steps(SetUp(), Gig(), Pull())
