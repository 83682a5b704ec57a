"""Mechanical Marquise 2.0 (Law of Rootbotics, section 4).

A bot in the Marquise de Cat's pieces (it replaces her, 3.2): an order card drawn
each Birdsong (2.7) says where it battles, recruits and moves and what it builds.
Every step is automatic; choices its rules leave to chance use the game's RNG.
Difficulty and trait cards (3.3): see docs/rootbotics_mechanical_marquise.md.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any, Final, TypeVar

from rootlaw.bots.base import (
    BotDef,
    battle_legal,
    by_priority,
    difficulty,
    enemy_pieces,
    has_trait,
    ordered,
    pieces_of,
    priority_rank,
    targets,
)
from rootlaw.core import advanced
from rootlaw.core.battle import start_battle
from rootlaw.core.catalog import load_json
from rootlaw.core.faction_api import NO_STEPS, FactionState, register
from rootlaw.core.game import Game
from rootlaw.core.move import bot_move, ferry_pairs, move_destinations, move_pairs
from rootlaw.core.steps import Handler, Step, register_steps
from rootlaw.factions.marquise import KINDS, keep_clearing

if TYPE_CHECKING:
    from rootlaw.core.battle import Battle

ME: Final = "mechanical_marquise"
P: Final = "mmarquise."  # step name prefix
_D: Final[dict[str, Any]] = load_json("bots/mechanical_marquise.json")
TRACK_VP: Final[dict[str, tuple[int, ...]]] = {k: tuple(_D["track_vp"][k]) for k in KINDS}
BUILDING_FOR: Final[dict[str, str]] = dict(_D["building_for_suit"])
RECRUIT: Final[int] = _D["recruit"]
MOVE_KEEPS: Final[int] = _D["move_keeps"]
EXPAND_MAX_BUILDINGS: Final[int] = _D["expand_max_buildings"]
BLITZ_KEEPS: Final[int] = _D["blitz_keeps"]
DIFFICULTY: Final[dict[str, dict[str, int]]] = _D["difficulty"]
TRAITS: Final[tuple[str, ...]] = tuple(_D["traits"])
HOSPITALS_MIN_LOST: Final[int] = _D["hospitals_min_lost"]
HOSPITALS_WARRIORS: Final[int] = _D["hospitals_warriors"]
FORTIFIED_HITS: Final[int] = _D["fortified_hits"]


class MechanicalMarquiseState(FactionState):
    """The order card and what this turn has done so far (all immutable values).

    order: the current order card (2.7); built: a building was placed this turn
    (4.5.5); passes: Expands this turn; fort: hits a building has taken toward
    Fortified's two; hosp: (clearing, warriors) when a battle began, for Hospitals.
    """

    __slots__ = ("order", "built", "passes", "fort", "hosp")

    def __init__(self) -> None:
        self.order: str | None = None
        self.built = False
        self.passes = 0
        self.fort = 0
        self.hosp: tuple[int, ...] = ()

    def copy(self) -> MechanicalMarquiseState:
        c = MechanicalMarquiseState()
        c.order = self.order
        c.built = self.built
        c.passes = self.passes
        c.fort = self.fort
        c.hosp = self.hosp
        return c

    def to_json(self) -> dict[str, Any]:
        return {"order": self.order, "built": self.built,
                "passes": self.passes, "fort": self.fort, "hosp": list(self.hosp)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> MechanicalMarquiseState:
        fs = cls()
        fs.order = data["order"]
        fs.built = bool(data["built"])
        fs.passes = int(data["passes"])
        fs.fort = int(data["fort"])
        fs.hosp = tuple(int(x) for x in data["hosp"])
        return fs


def st_of(g: Game, s: int) -> MechanicalMarquiseState:
    fs = g.fstate[s]
    assert isinstance(fs, MechanicalMarquiseState)
    return fs


def order_suit(g: Game, s: int) -> str | None:
    order = st_of(g, s).order
    return g.suit_of(order) if order else None


# ------------------------------------------------------------------ targeting
T = TypeVar("T")


def first_legal(candidates: Iterable[T], legal: Callable[[T], bool],
                *keys: Callable[[T], int]) -> T | None:
    """2.3 Target Legality: attempt the candidate ranked first by the keys (each one
    larger-is-better, the last one breaking every remaining tie, e.g. 2.1 priority);
    if it cannot be targeted, the next tied one, then the next in the order."""
    ranked = sorted(candidates, key=lambda x: tuple(k(x) for k in keys), reverse=True)
    return next((x for x in ranked if legal(x)), None)


def defender(g: Game, s: int, c: int) -> int | None:
    """4.5.1 / 4.7.1: the player with the most pieces in c; 4.5.1.1 first tie: most
    victory points; then setup priority (2.2). Only a legal defender (2.3): the bot
    has warriors there and the defender a piece."""
    if not g.can_fight_in(s, c):
        return None
    return first_legal(targets(g, s), lambda o: battle_legal(g, s, o, c),
                       lambda o: pieces_of(g, o, c), lambda o: g.vp[o],
                       lambda o: -priority_rank(g, o))


def destination(g: Game, s: int, a: int) -> int | None:
    """4.5.4 / 4.7.4: the adjacent clearing with the most enemy pieces; ties by
    priority (2.1); only where the move is legal (2.3; 4.2.1 You Must Rule). A clearing
    the Ferry reaches counts as one its move reaches (C.2.5, rulings.md)."""
    legal = {b for _, b in move_pairs(g, s, [a])}
    if g.ferry == a:
        legal.update(b for _, b in ferry_pairs(g, s, [a]))
    return first_legal(move_destinations(g, s, a), legal.__contains__,
                       lambda b: enemy_pieces(g, s, b), lambda b: -b)


def ruled_where_placeable(g: Game, s: int, clearings: Iterable[int]) -> list[int]:
    """Clearings s rules and may place in (2.3: another faction's rule may forbid
    it), highest priority first (2.1)."""
    return [c for c in by_priority(clearings) if g.rules(s, c) and g.may_place(s, c)]


# -------------------------------------------------------------------- recruit
def recruit_count(g: Game, s: int) -> int:
    """3.3.1: Easy places only two warriors; otherwise four (4.5.2, 4.7.2)."""
    return int(DIFFICULTY[difficulty(g, s)].get("recruit", RECRUIT))


def recruit_plan(g: Game, s: int, suit: str) -> list[tuple[int, int]]:
    """Where Recruit places warriors, in placing order: (clearing, warriors)."""
    ruled = ruled_where_placeable(g, s, [c for c in g.clearings() if ordered(g, suit, c)])
    n = recruit_count(g, s)
    plan: list[tuple[int, int]] = []
    if suit != "bird":
        # 4.5.2: evenly among ordered clearings you rule; what cannot be spread evenly
        # goes to such clearings of highest priority (with three: the fourth warrior)
        if ruled:
            q, r = divmod(n, len(ruled))
            plan = [(c, q + (1 if i < r else 0)) for i, c in enumerate(ruled)]
    else:
        # 4.7.2: two each in the two clearings you rule of lowest priority; all four
        # if you rule only one. Iron Will (trait): double the warriors.
        if has_trait(g, s, "iron_will"):
            n *= 2
        low = ruled[::-1][:2]
        if len(low) == 2:
            plan = [(low[0], n // 2), (low[1], n - n // 2)]
        elif low:
            plan = [(low[0], n)]
    extra = DIFFICULTY[difficulty(g, s)].get("extra_recruit", 0)
    if extra and ruled:  # 3.3.1 Challenging/Nightmare: also two in the highest ordered
        plan.append((ruled[0], extra))
    return [(c, k) for c, k in plan if k > 0]


# ---------------------------------------------------------------------- build
def build_kind(g: Game, s: int, suit: str) -> str:
    """4.5.3: by the order's suit. 4.7.3 (bird): the type with the most pieces on
    the map; a tie with sawmills: sawmill; workshops and recruiters only: recruiter."""
    if suit != "bird":
        return BUILDING_FOR[suit]
    counts = {k: g.count_building(s, k) for k in KINDS}
    top = max(counts.values())
    tied = [k for k in KINDS if counts[k] == top]
    if "sawmill" in tied:
        return "sawmill"
    return "recruiter" if "recruiter" in tied else tied[0]


def build_site(g: Game, s: int) -> int | None:
    """4.5.3 / 4.7.3: the clearing you rule with the most Marquise warriors; ties by
    priority (2.1); only where a building can go (2.3: an open slot, placement allowed)."""
    return first_legal([c for c in g.clearings() if g.rules(s, c)],
                       lambda c: g.open_slots(c) > 0 and g.may_place(s, c),
                       lambda c: g.warriors[s][c], lambda c: -c)


def buildings_on_map(g: Game, s: int) -> int:
    return sum(g.count_building(s, k) for k in KINDS)


def track_score(g: Game, s: int, kind: str) -> int:
    """4.6.1: the VP on the rightmost empty space of a Buildings track (space n is
    empty when n of that building are on the map; none empty: nothing)."""
    n = g.count_building(s, kind)
    return TRACK_VP[kind][n - 1] if n else 0


def evening_score(g: Game, s: int, suit: str) -> int:
    """4.6.1: the ordered track; a bird order uses the track that scores most."""
    if suit == "bird":
        return max(track_score(g, s, k) for k in KINDS)
    return track_score(g, s, BUILDING_FOR[suit])


# ---------------------------------------------------------------------- blitz
def blitz_move(g: Game, s: int) -> tuple[int, int] | None:
    """Blitz (trait): the clearing you rule of highest priority without enemy pieces
    from which all but one warrior can move (2.3: otherwise the next), and where to."""
    for a in by_priority(g.clearings()):
        if (g.warriors[s][a] > BLITZ_KEEPS and g.rules(s, a)
                and enemy_pieces(g, s, a) == 0):
            b = destination(g, s, a)
            if b is not None:
                return a, b
    return None


# ------------------------------------------------------------------ the faction
class MechanicalMarquise(BotDef):
    id = ME
    name = "Mechanical Marquise 2.0"
    setup_order = "A"  # setup priority of the faction it replaces (2.2)
    corner_setup = True  # section 5: starts in a corner clearing
    replaces = "marquise"
    reach = 10
    warriors = int(_D["warriors"])  # 4.3.1
    buildings = dict(_D["buildings"])
    tokens = dict(_D["tokens"])
    traits = TRAITS  # 3.3.2

    def new_state(self) -> FactionState:
        return MechanicalMarquiseState()

    def state_from_json(self, data: dict[str, Any]) -> FactionState:
        return MechanicalMarquiseState.from_json(data)

    def setup_steps(self, g: Game, s: int) -> list[Step]:
        return [(P + "setup", s)]

    def phase_steps(self, g: Game, s: int, phase: str) -> list[Step]:
        if phase == "birdsong":  # 4.4
            return [(P + "reveal", s), ("bot.craft_order", s)]
        if phase == "daylight":  # 4.5 (4.7)
            return [(P + "daylight", s)]
        # 4.6 Evening: score, discard the order; Nightmare scores at its end
        return [(P + "score", s), ("bot.discard_order", s), (P + "nightmare", s)]

    def starting_corner(self, g: Game, s: int) -> int | None:
        return keep_clearing(g, s) or None

    def blocks_placement(self, g: Game, s: int, placer: int, c: int) -> bool:
        """4.2.1 The Keep: only the Marquise places pieces in the keep's clearing."""
        return g.has_piece_at(s, "keep", c)

    def cards_held(self, g: Game, s: int) -> list[str]:
        order = st_of(g, s).order
        return [order] if order else []

    # -- battle: traits ---------------------------------------------------
    def take_hit(self, g: Game, s: int, b: Battle | None, c: int, choice: Any) -> str | None:
        """1.2.1 tokens, then buildings at random; Fortified (trait): a building takes
        two hits to remove, and a single hit on one has no effect."""
        tokens = [p for p in g.tokens[c] if p[0] == s]
        if not tokens and has_trait(g, s, "fortified"):
            fs = st_of(g, s)
            fs.fort += 1
            if fs.fort < FORTIFIED_HITS:
                g.note("fortified", g.factions[s], c)
                return None
            fs.fort = 0
        return super().take_hit(g, s, b, c, choice)

    def battle_before_roll(self, g: Game, s: int, b: Battle) -> Sequence[Step]:
        if s == b.dfd and has_trait(g, s, "hospitals"):
            st_of(g, s).hosp = (b.c, g.warriors[s][b.c])
        return NO_STEPS

    def battle_ended(self, g: Game, s: int, b: Battle) -> None:
        """Hospitals (trait): as defender, with two or more Marquise warriors removed
        in the battle, place two warriors in the keep's clearing."""
        fs = st_of(g, s)
        fs.fort = 0
        if fs.hosp:
            c, before = fs.hosp
            fs.hosp = ()
            keep = keep_clearing(g, s)
            if before - g.warriors[s][c] >= HOSPITALS_MIN_LOST and keep and g.may_place(s, keep):
                g.place_warriors(s, keep, HOSPITALS_WARRIORS)
                g.note("hospitals", g.factions[s], keep)

    def view(self, g: Game, s: int, viewer: int | None) -> dict[str, Any]:
        return {
            "keep": keep_clearing(g, s) or None,
            "order": st_of(g, s).order,  # revealed (2.7)
            "buildings_on_track": {k: self.buildings[k] - g.count_building(s, k)
                                   for k in KINDS},
            "difficulty": difficulty(g, s),
            "traits": [t for t in TRAITS if has_trait(g, s, t)],
        }


register(MechanicalMarquise())


# ---------------------------------------------------------------------- setup
class Setup(Handler):
    """4.3.2 keep in a random corner; 4.3.3 garrison (an extra warrior at the keep);
    4.3.4 starting buildings at random, one per clearing, in or next to the keep's."""

    name = "mmarquise.setup"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        s: int = st[1]
        corners = [c for c in g.board.corners if g.may_place(s, c)]
        corners = advanced.bot_start_clearings(g, s, corners)  # Appendix A (rulings.md)
        keep = corners[g.random_index("keep_corner", len(corners))]
        advanced.add_homeland(g, s, keep)
        g.place_token(s, "keep", keep)
        far = g.board.opposite[keep]
        for c in g.clearings():
            if c != far and g.may_place(s, c):
                g.place_warriors(s, c, 2 if c == keep else 1)
        sites = [c for c in (keep, *g.adjacent(keep)) if g.open_slots(c) > 0]
        for kind in KINDS:
            if not sites:
                break
            c = sites.pop(g.random_index("starting_building", len(sites)))
            g.place_building(s, kind, c)


# ------------------------------------------------------------------- birdsong
class Reveal(Handler):
    """4.4.1 Reveal Order: draw and reveal an order card (2.7)."""

    name = "mmarquise.reveal"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        s: int = st[1]
        fs = st_of(g, s)
        fs.built = False
        fs.passes = 0
        fs.order = g.draw_card()
        if fs.order:
            g.note("order", g.factions[s], fs.order)


# ------------------------------------------------------------------- daylight
class Daylight(Handler):
    """4.5 Daylight, or 4.7 Escalated Daylight with a bird order: schedule its steps."""

    name = "mmarquise.daylight"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        s: int = st[1]
        suit = order_suit(g, s)
        if suit is None:  # no card left to draw (2.1): nothing is ordered
            return
        where = tuple(by_priority(c for c in g.clearings() if ordered(g, suit, c)))
        steps: list[Step] = [
            (P + "battles", s, where),  # 4.5.1 / 4.7.1
            (P + "recruit", s),  # 4.5.2 / 4.7.2
            (P + "build", s),  # 4.5.3 / 4.7.3
            (P + "moves", s, where, ()),  # 4.5.4 / 4.7.4
        ]
        if has_trait(g, s, "blitz"):
            steps.append((P + "blitz", s))
        if suit != "bird":
            steps.append((P + "expand", s))  # 4.5.5
        g.push_all(steps)


class Battles(Handler):
    """4.5.1 / 4.7.1: a battle in each listed clearing, highest priority first (2.4),
    where it is legal when its turn comes (2.3). Args: (seat, clearings left)."""

    name = "mmarquise.battles"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        s, where = st[1], st[2]
        if not where:
            return
        g.push((P + "battles", s, where[1:]))  # after this battle resolves
        c = where[0]
        d = defender(g, s, c)
        if d is not None:
            g.note("bot_battle", g.factions[s], c, g.factions[d])
            start_battle(g, s, c, d)


class Recruit(Handler):
    """4.5.2 / 4.7.2 Recruit (difficulty 3.3.1; Iron Will)."""

    name = "mmarquise.recruit"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        s: int = st[1]
        suit = order_suit(g, s)
        assert suit is not None
        for c, n in recruit_plan(g, s, suit):
            g.place_warriors(s, c, n)  # as many as the supply holds (1.5.4)


class Build(Handler):
    """4.5.3 / 4.7.3 Build: no VP for placing (4.6.1)."""

    name = "mmarquise.build"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        s: int = st[1]
        suit = order_suit(g, s)
        assert suit is not None
        kind = build_kind(g, s, suit)
        if g.count_building(s, kind) >= MechanicalMarquise.buildings[kind]:
            return  # none of that type left to place
        c = build_site(g, s)
        if c is None:
            return
        g.place_building(s, kind, c)
        st_of(g, s).built = True


class Moves(Handler):
    """4.5.4 / 4.7.4 Move all but three warriors from each listed clearing, origins
    highest priority first (2.4), counted when each origin's turn comes; with a bird
    order, then battle in each clearing moved into. Args: (seat, origins left,
    clearings moved into)."""

    name = "mmarquise.moves"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        s, origins, moved = st[1], st[2], st[3]
        if not origins:
            if moved and order_suit(g, s) == "bird":  # 4.7.4 then battle
                g.push((P + "battles", s, tuple(by_priority(set(moved)))))
            return
        a = origins[0]
        n = g.warriors[s][a] - MOVE_KEEPS
        b = destination(g, s, a) if n > 0 else None
        if b is None:
            g.push((P + "moves", s, origins[1:], moved))
            return
        g.push((P + "moves", s, origins[1:], moved + (b,)))
        bot_move(g, s, a, b, n)


class Blitz(Handler):
    """Blitz (trait): after moving, move all but one warrior out of the clearing you
    rule of highest priority with no enemy pieces, then battle in the destination."""

    name = "mmarquise.blitz"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        s: int = st[1]
        found = blitz_move(g, s)
        if found is None:
            return
        a, b = found
        g.push((P + "battles", s, (b,)))
        bot_move(g, s, a, b, g.warriors[s][a] - BLITZ_KEEPS)


class Expand(Handler):
    """4.5.5 Expand: no building placed this turn and five or fewer on the map:
    discard the order, reveal a new one (no crafting) and Daylight again."""

    name = "mmarquise.expand"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        s: int = st[1]
        fs = st_of(g, s)
        if fs.built or buildings_on_map(g, s) > EXPAND_MAX_BUILDINGS or not fs.order:
            return
        # Safeguard, not a rule: a chain that has drawn a whole deck's worth of order
        # cards without a building or a bird order would never end (rulings).
        if fs.passes >= len(g.deckdef.contents):
            g.note("expand_stopped", g.factions[s])
            return
        fs.passes += 1
        g.discard_card(fs.order)
        fs.order = g.draw_card()
        if fs.order:
            g.note("order", g.factions[s], fs.order)
            g.push((P + "daylight", s))


# -------------------------------------------------------------------- evening
class Score(Handler):
    """4.6.1 Score the rightmost empty space of the ordered Buildings track."""

    name = "mmarquise.score"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        s: int = st[1]
        suit = order_suit(g, s)
        if suit is not None:
            g.score(s, evening_score(g, s, suit), "buildings_track")


class Nightmare(Handler):
    """3.3.1 Nightmare difficulty: at the end of Evening, score one victory point."""

    name = "mmarquise.nightmare"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        s: int = st[1]
        g.score(s, DIFFICULTY[difficulty(g, s)].get("evening_vp", 0), "nightmare")


register_steps(
    Setup(), Reveal(), Daylight(), Battles(), Recruit(), Build(), Moves(), Blitz(), Expand(),
    Score(), Nightmare(),
)
