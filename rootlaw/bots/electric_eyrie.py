"""Electric Eyrie (Law of Rootbotics, section 5): the Eyrie Dynasties as a bot.

Every step here is automatic (Rootbotics 2.8: a bot never asks for a decision).
Targets follow the action's rules, then its tie-breakers, then clearing priority
(2.1) or faction priority (2.2); a target the rules do not allow is passed over
for the next one in that order (2.3 Target Legality). The Decree has four
columns, one per suit, resolved left to right (5.5.1); the order card goes into
the column of its suit (5.4.3). Difficulty and trait cards (3.3) are described,
with their sources, in docs/rootbotics_electric_eyrie.md.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, ClassVar, Final

from rootlaw.bots.base import (
    BotDef,
    battle_legal,
    by_priority,
    craft_order,
    difficulty,
    foes_pieces,
    has_trait,
    ordered,
    pieces_of,
    priority_rank,
    targets,
)
from rootlaw.core import advanced
from rootlaw.core.battle import start_battle
from rootlaw.core.catalog import load_json
from rootlaw.core.faction_api import FactionState, register
from rootlaw.core.game import Game
from rootlaw.core.hired import removal_shielded
from rootlaw.core.move import bot_move, move_destinations, trigger_removals
from rootlaw.core.steps import Handler, Step, register_steps
from rootlaw.factions.eyrie import VIZIER, card_suit

if TYPE_CHECKING:
    from rootlaw.core.battle import Battle

ME: Final = "electric_eyrie"
_D: Final = load_json("bots/electric_eyrie.json")
COLUMNS: Final[tuple[str, ...]] = tuple(_D["decree_columns"])  # 5.5.1: fox, mouse, rabbit, bird
BIRD: Final = COLUMNS.index("bird")
ROOSTS: Final = int(_D["roosts"])
ROOST_VP: Final = tuple(int(x) for x in _D["roost_vp"])  # 5.6, the bot's own track
START_WARRIORS: Final = int(_D["starting_warriors"])  # 5.3.2
NEW_ROOST_WARRIORS: Final = int(_D["new_roost_warriors"])  # 5.4.4
LEVELS: Final[dict[str, dict[str, Any]]] = _D["difficulty"]  # 3.3.1 difficulty cards
TRAITS: Final[tuple[str, ...]] = tuple(_D["traits"])  # 3.3.2 trait cards
NOBILITY: Final = TRAITS[0]
RELENTLESS: Final = TRAITS[1]
SWOOP: Final = TRAITS[2]
WAR_TAX: Final = TRAITS[3]
SWOOP_WARRIORS: Final = int(_D["swoop_warriors"])
WAR_TAX_VP: Final = int(_D["war_tax_vp"])
BIRD_AMBUSH: Final = "ambush_bird"

Decree = tuple[tuple[str, ...], ...]


class ElectricEyrieState(FactionState):
    """The Decree (four columns of card ids, 5.5.1), the starting corner (5.3.2), the
    current order card (2.7), the extra hit of the battle under way (5.5.1.III) and
    whether the bot fell into turmoil this turn (5.7.3: the rest of Daylight is skipped)."""

    __slots__ = ("decree", "corner", "order", "extra", "turmoil")

    def __init__(self, decree: Decree = ((), (), (), ()), corner: int = 0,
                 order: str | None = None, extra: int = 0, turmoil: bool = False) -> None:
        self.decree = decree
        self.corner = corner
        self.order = order
        self.extra = extra
        self.turmoil = turmoil

    def copy(self) -> ElectricEyrieState:
        return ElectricEyrieState(self.decree, self.corner, self.order, self.extra, self.turmoil)

    def to_json(self) -> dict[str, Any]:
        return {"decree": [list(col) for col in self.decree], "corner": self.corner,
                "order": self.order, "extra": self.extra, "turmoil": self.turmoil}

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> ElectricEyrieState:
        decree = tuple(tuple(str(x) for x in col) for col in d["decree"])
        if len(decree) != len(COLUMNS):
            raise ValueError("the Decree has four columns")
        order = d["order"]
        return cls(decree, int(d["corner"]), None if order is None else str(order),
                   int(d["extra"]), bool(d["turmoil"]))


def st_of(g: Game, s: int) -> ElectricEyrieState:
    fs = g.fstate[s]
    assert isinstance(fs, ElectricEyrieState)
    return fs


def level(g: Game, s: int) -> dict[str, Any]:
    """The effects of the bot's difficulty card (3.3.1)."""
    return LEVELS[difficulty(g, s)]


class ElectricEyrie(BotDef):
    id = ME
    name = "Electric Eyrie"
    setup_order = "B"  # the Eyrie Dynasties' setup letter (5.1.7)
    corner_setup = True  # section 5: starts in a corner clearing
    reach = 7
    warriors = int(_D["warriors"])  # 5.3.1
    buildings = {"roost": ROOSTS}
    replaces = "eyrie"  # 3.2: it uses the Eyrie Dynasties' components
    traits: ClassVar[tuple[str, ...]] = TRAITS

    def new_state(self) -> FactionState:
        return ElectricEyrieState()

    def state_from_json(self, data: dict[str, Any]) -> FactionState:
        return ElectricEyrieState.from_json(data)

    def setup_steps(self, g: Game, s: int) -> list[Step]:
        return [("electric_eyrie.setup", s)]

    def phase_steps(self, g: Game, s: int, phase: str) -> list[Step]:
        if phase == "birdsong":
            return [("electric_eyrie.birdsong", s)]
        if phase == "daylight":
            return [("electric_eyrie.daylight", s)]
        return [("electric_eyrie.evening", s)]

    def starting_corner(self, g: Game, s: int) -> int | None:
        return st_of(g, s).corner or None

    def rules_on_tie(self, g: Game, s: int, c: int) -> bool:
        """5.2.1 Lords of the Forest (never in an empty clearing: g.rules asks only on
        a tie of a positive presence)."""
        return True

    def battle_extra_hits(self, g: Game, s: int, b: Battle, attacker: bool) -> int:
        """5.5.1.III: the extra hit of a column with more cards than each other column."""
        return st_of(g, s).extra if attacker else 0

    def on_removes(self, g: Game, s: int, owner: int, c: int, warriors: int, pieces: int,
                   in_battle: bool) -> None:
        """War Tax (trait, 3.3.2): the owner of each enemy building or token the bot
        removes loses one victory point."""
        if pieces and has_trait(g, s, WAR_TAX) and owner in g.enemies(s):
            g.score(owner, -WAR_TAX_VP * pieces, "war_tax")

    def cards_held(self, g: Game, s: int) -> list[str]:
        return [c for col in st_of(g, s).decree for c in col if c != VIZIER]

    def view(self, g: Game, s: int, viewer: int | None) -> dict[str, Any]:
        fs = st_of(g, s)
        return {
            "decree": {COLUMNS[i]: list(col) for i, col in enumerate(fs.decree)},
            "order": fs.order,
            "roosts_on_track": ROOSTS - g.count_building(s, "roost"),
            "difficulty": difficulty(g, s),
            "traits": [t for t in TRAITS if has_trait(g, s, t)],
        }


register(ElectricEyrie())


# ----------------------------------------------------------------- helpers
def in_order(candidates: Iterable[int], *keys: Callable[[int], int]) -> list[int]:
    """Clearings in target order: by each key in turn (larger first: the action's rule,
    then its tie-breakers), then by clearing priority (2.1: clearing 1 first). Taking
    the first legal clearing of this list is 2.3 Target Legality's fall-through."""
    keyed: list[tuple[int, ...]] = []
    for c in by_priority(candidates):  # each: the keys, then the clearing (the priority)
        values: list[int] = []
        for k in keys:
            values.append(-k(c))
        values.append(c)
        keyed.append(tuple(values))
    keyed.sort()
    return [x[-1] for x in keyed]


def _before(a: int, b: int, c: int, x: int, y: int, z: int) -> bool:
    """(a, b, c) < (x, y, z): ``in_order``'s keys compared without building tuples."""
    if a != x:
        return a < x
    if b != y:
        return b < y
    return c < z


def has_roost(g: Game, s: int, c: int) -> bool:
    return g.has_piece_at(s, "roost", c)


def column_counts(g: Game, s: int) -> list[int]:
    return [len(col) for col in st_of(g, s).decree]


def enough_to_rule(g: Game, s: int, c: int) -> int:
    """5.5.1.II: the fewest of s's warriors in c with which s would still rule c
    (asked of the engine's own rule, so every faction's rule of 2.5 applies)."""
    w = g.warriors[s]
    have = w[c]
    try:
        for n in range(have + 1):
            w[c] = n
            if g.ruler_now(c) == s:  # c alone (rules(): every clearing again)
                return n
    finally:
        w[c] = have
        g.pieces_changed()
    return have


def place_warriors_or_turmoil(g: Game, s: int, c: int | None, n: int) -> None:
    """Place n warriors in c, as many as possible (1.5.4). With Nobility (trait), failing
    to place them all is falling into turmoil."""
    placed = g.place_warriors(s, c, n) if c is not None else 0
    if placed < n and has_trait(g, s, NOBILITY):
        fall_into_turmoil(g, s)


def fall_into_turmoil(g: Game, s: int) -> None:
    """5.7 Turmoil: 5.7.1 Humiliate (Nobility: score instead of lose), 5.7.2 Purge (the
    Loyal Viziers stay in the bird column), 5.7.3 Rest (go to Evening: the steps of
    Daylight still to come do nothing)."""
    fs = st_of(g, s)
    g.note("turmoil", g.factions[s])
    birds = sum(1 for col in fs.decree for c in col if card_suit(g, c) == "bird")
    g.score(s, birds if has_trait(g, s, NOBILITY) else -birds, "humiliate")
    viziers = tuple(c for c in fs.decree[BIRD] if c == VIZIER)
    for col in fs.decree:
        for c in col:
            if c != VIZIER:
                g.discard_card(c)
    fs.decree = tuple(viziers if i == BIRD else () for i in range(len(COLUMNS)))
    fs.turmoil = True


# ------------------------------------------------------------------- setup
def starting_clearing(g: Game, s: int) -> int | None:
    """5.3.2: the corner diagonally opposite the keep's clearing; with no keep on the
    map (no Marquise), a random corner. A corner whose slots are full (a hireling's
    vault, A.6.3) is passed over for another."""
    for c in g.clearings():
        if any(p[1] == "keep" for p in g.tokens[c]):
            far = g.board.opposite[c]
            if (far and g.may_place(s, far) and g.open_slots(far) > 0
                    and advanced.homeland_free(g, s, far)):
                return far
    free = [c for c in g.board.corners if g.may_place(s, c) and g.open_slots(c) > 0]
    free = advanced.bot_start_clearings(g, s, free)  # Appendix A (rulings.md)
    if not free:
        return None
    return free[g.random_index("electric_eyrie_corner", len(free))]


class Setup(Handler):
    """5.3 Faction setup: roost and six warriors (5.3.2), Loyal Viziers in the bird
    column (5.3.3); difficulty (3.3.1): one vizier on easy, a bird ambush from the deck
    in the bird column on challenging and nightmare."""

    name = "electric_eyrie.setup"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        s: int = st[1]
        fs = st_of(g, s)
        c = starting_clearing(g, s)
        if c is not None:
            advanced.add_homeland(g, s, c)
            fs.corner = c
            g.place_building(s, "roost", c)
            g.place_warriors(s, c, START_WARRIORS)
        lv = level(g, s)
        bird = [VIZIER] * int(lv["loyal_viziers"])
        if lv["bird_ambush_in_decree"] and BIRD_AMBUSH in g.deck:
            g.deck.remove(BIRD_AMBUSH)
            bird.append(BIRD_AMBUSH)
        fs.decree = tuple(tuple(bird) if i == BIRD else () for i in range(len(COLUMNS)))


# ---------------------------------------------------------------- birdsong
def add_to_decree(g: Game, s: int, card: str) -> None:
    """5.4.3: the order card goes into the column of its suit."""
    fs = st_of(g, s)
    col = COLUMNS.index(card_suit(g, card))
    fs.decree = tuple(x + (card,) if i == col else x for i, x in enumerate(fs.decree))


def new_roost(g: Game, s: int) -> None:
    """5.4.4 A New Roost: with no roost on the map, a roost and four warriors in the
    ordered clearing of highest priority where they can be placed (a roost needs an open
    slot and a clearing where the bot may place; warriors: as many as possible, 1.5.4).
    No such clearing: the bot cannot place the roost and falls into turmoil (5.7)."""
    fs = st_of(g, s)
    if g.count_building(s, "roost"):
        return
    suit = card_suit(g, fs.order) if fs.order else "bird"
    spots = [c for c in by_priority(g.clearings())
             if ordered(g, suit, c) and g.open_slots(c) > 0 and g.may_place(s, c)]
    if not spots:
        fall_into_turmoil(g, s)
        return
    g.place_building(s, "roost", spots[0])
    place_warriors_or_turmoil(g, s, spots[0], NEW_ROOST_WARRIORS)


class Birdsong(Handler):
    """5.4: 5.4.1 reveal an order card, 5.4.2 craft it, 5.4.3 add it to the Decree,
    5.4.4 a new roost."""

    name = "electric_eyrie.birdsong"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        s: int = st[1]
        fs = st_of(g, s)
        fs.turmoil = False
        fs.extra = 0
        fs.order = g.draw_card()  # 5.4.1 (2.7)
        if fs.order is not None:
            g.note("order", g.factions[s], fs.order)
            craft_order(g, s, fs.order)  # 5.4.2 (1.1)
            add_to_decree(g, s, fs.order)  # 5.4.3
        new_roost(g, s)  # 5.4.4


# ---------------------------------------------------------------- daylight
class Daylight(Handler):
    """5.5: 5.5.1 resolve the Decree (recruit for the four columns left to right, then
    move, then battle), Relentless (trait: after the Decree), 5.5.2 build, Swoop (trait:
    at the end of Daylight). Each step does nothing once the bot is in turmoil (5.7.3)."""

    name = "electric_eyrie.daylight"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        s: int = st[1]
        if st_of(g, s).turmoil:
            return
        cols = range(len(COLUMNS))
        steps: list[Step] = [("electric_eyrie.recruit", s, i) for i in cols]
        steps += [("electric_eyrie.move", s, i) for i in cols]
        steps += [("electric_eyrie.battle", s, i) for i in cols]
        if has_trait(g, s, RELENTLESS):
            steps.append(("electric_eyrie.relentless", s))
        steps.append(("electric_eyrie.build", s))
        if has_trait(g, s, SWOOP):
            steps.append(("electric_eyrie.swoop", s))
        g.push_all(steps)


def column_cards(g: Game, s: int, col: int) -> int:
    """Cards in a column; 0 while in turmoil (5.7.3) so the step does nothing. A column
    with no cards is skipped (5.5.1, as the worked example skips the mouse column)."""
    fs = st_of(g, s)
    return 0 if fs.turmoil else len(fs.decree[col])


def recruit_target(g: Game, s: int, suit: str) -> int | None:
    """5.5.1.I: a clearing with a roost matching the column; a most enemy pieces, b fewest
    Eyrie warriors, c lowest priority; legal where the bot may place (2.3)."""
    spots = [c for c in g.buildings_of(s, "roost") if ordered(g, suit, c)]
    foes = targets(g, s)
    w = g.warriors[s]
    # the first legal clearing of in_order(spots, a, b, c): the least key among the legal
    found = -1
    k0 = k1 = k2 = 0
    for c in by_priority(spots):
        if not g.may_place(s, c):
            continue
        a = -foes_pieces(g, foes, c)
        if found < 0 or _before(a, w[c], -c, k0, k1, k2):
            found, k0, k1, k2 = c, a, w[c], -c
    return found if found >= 0 else None


class Recruit(Handler):
    """5.5.1.I Recruit: as many warriors as the column has cards. Args: (seat, column)."""

    name = "electric_eyrie.recruit"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        s, col = st[1], st[2]
        n = column_cards(g, s, col)
        if not n:
            return
        c = recruit_target(g, s, COLUMNS[col])
        g.note("recruit", g.factions[s], COLUMNS[col], c)
        place_warriors_or_turmoil(g, s, c, n)


def move_destination(g: Game, s: int, a: int) -> int | None:
    """5.5.1.II: an adjacent clearing with no roost (else one with a roost); a fewest
    enemy pieces, b lowest priority; legal where the bot may move (2.3)."""
    foes = targets(g, s)
    # the first legal clearing of in_order(...): the least key among the legal ones
    found = -1
    k0 = k1 = k2 = 0
    for b in by_priority(move_destinations(g, s, a)):
        if not g.may_move(s, a, b):
            continue
        roost = 1 if has_roost(g, s, b) else 0
        n = foes_pieces(g, foes, b)
        if found < 0 or _before(roost, n, -b, k0, k1, k2):
            found, k0, k1, k2 = b, roost, n, -b
    return found if found >= 0 else None


def move_plan(g: Game, s: int, col: int) -> tuple[int, int, int] | None:
    """5.5.1.II: (origin, destination, warriors) of the column's move. The origin is the
    ruled clearing of the column's suit with the most Eyrie warriors (ties: 2.1); one
    where no warrior would move, or with no legal destination, is passed over (2.3)."""
    suit, cards = COLUMNS[col], column_cards(g, s, col)
    w = g.warriors[s]
    origins = [c for c in g.clearings() if w[c] and ordered(g, suit, c) and g.rules(s, c)]
    for a in in_order(origins, lambda c: w[c]):
        leave = max(enough_to_rule(g, s, a), cards)
        if w[a] <= leave:
            continue
        b = move_destination(g, s, a)
        if b is not None:
            return a, b, w[a] - leave
    return None


class Move(Handler):
    """5.5.1.II Move, leaving exactly enough warriors to rule the origin or as many as
    the column has cards, whichever is higher. Args: (seat, column)."""

    name = "electric_eyrie.move"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        s, col = st[1], st[2]
        if not column_cards(g, s, col):
            return
        plan = move_plan(g, s, col)
        if plan is not None:
            a, b, n = plan
            g.note("move", g.factions[s], COLUMNS[col], a, b, n)
            bot_move(g, s, a, b, n)


def defenseless_buildings(g: Game, foes: list[int], c: int) -> int:
    """Buildings in c of targeted players (``foes``) with no warriors there (4.3.3.II)."""
    n = 0
    for p in g.buildings[c]:
        o = p[0]
        if o in foes and not g.warriors[o][c]:
            n += 1
    return n


def battle_target(g: Game, s: int, suit: str) -> int | None:
    """5.5.1.III: a clearing of the column's suit; a no roost, b most defenseless
    buildings, c lowest priority; legal where the bot has warriors and a targeted player
    has a piece (4.3, 2.3)."""
    foes = targets(g, s)
    spots = [c for c in g.clearings() if ordered(g, suit, c)]
    # the first legal clearing of in_order(...): the least key among the legal ones
    found = -1
    k0 = k1 = k2 = 0
    for c in by_priority(spots):
        if not g.can_fight_in(s, c) or not any_battle_legal(g, s, foes, c):
            continue
        roost = 1 if has_roost(g, s, c) else 0
        n = -defenseless_buildings(g, foes, c)
        if found < 0 or _before(roost, n, -c, k0, k1, k2):
            found, k0, k1, k2 = c, roost, n, -c
    return found if found >= 0 else None


def any_battle_legal(g: Game, s: int, foes: list[int], c: int) -> bool:
    for o in foes:
        if battle_legal(g, s, o, c):
            return True
    return False


def defender(g: Game, s: int, c: int) -> int:
    """5.5.1.III: the player with the most buildings there (even zero); d most pieces,
    e most victory points; then faction priority (2.2)."""
    foes = [o for o in targets(g, s) if battle_legal(g, s, o, c)]
    return min(foes, key=lambda o: (-buildings_in(g, o, c), -pieces_of(g, o, c), -g.vp[o],
                                    priority_rank(g, o)))


def buildings_in(g: Game, o: int, c: int) -> int:
    """o's buildings in c. (A module function: compiled, a named function nested in
    another keeps the game alive in a reference cycle until the garbage collector.)"""
    n = 0
    for p in g.buildings[c]:
        if p[0] == o:
            n += 1
    return n


class BattleStep(Handler):
    """5.5.1.III Battle: one battle; the column with more cards than each other column
    deals an extra hit. Args: (seat, column)."""

    name = "electric_eyrie.battle"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        s, col = st[1], st[2]
        n = column_cards(g, s, col)
        if not n:
            return
        c = battle_target(g, s, COLUMNS[col])
        if c is None:
            return
        counts = column_counts(g, s)
        fs = st_of(g, s)
        fs.extra = int(all(n > k for i, k in enumerate(counts) if i != col))
        dfd = defender(g, s, c)
        g.note("battle", g.factions[s], COLUMNS[col], c, g.factions[dfd])
        g.push(("electric_eyrie.battle_done", s))  # after the battle's own steps
        start_battle(g, s, c, dfd)


class BattleDone(Handler):
    name = "electric_eyrie.battle_done"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        st_of(g, st[1]).extra = 0


def relentless_targets(g: Game, s: int) -> tuple[int, list[tuple[int, int, str]]] | None:
    """The clearing of highest priority (2.4) with Eyrie warriors and defenseless
    buildings or tokens of targeted players, and those pieces."""
    foes = targets(g, s)
    for c in by_priority(g.clearings()):
        if not g.warriors[s][c]:
            continue
        found = [(o, c, kind) for o, kind in g.buildings[c] + g.tokens[c]
                 if o in foes and not g.warriors[o][c]
                 and not removal_shielded(g, s, o, c)]  # the Stoic Protector (Appendix E)
        if found:
            return c, found
    return None


class Relentless(Handler):
    """Relentless (trait, 3.3.2): after resolving the Decree, remove all defenseless
    buildings and tokens in every clearing with Eyrie warriors, one clearing at a time by
    priority (2.4), scoring them (3.2.1) and resolving what each removal triggers."""

    name = "electric_eyrie.relentless"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        s: int = st[1]
        if st_of(g, s).turmoil:
            return
        found = relentless_targets(g, s)
        if found is None:
            return
        c, pieces = found
        g.push(st)  # then the next clearing, after this one's triggers
        for o, _, kind in pieces:
            g.take_piece(c, (o, kind))
        g.note("relentless", g.factions[s], c)
        g.score(s, sum(g.fdefs[o].points_for_removal(g, o, k) for o, _, k in pieces), "removal")
        trigger_removals(g, s, [], pieces, in_battle=False)


class Build(Handler):
    """5.5.2 Build: a roost in the clearing of highest priority the bot rules with no
    roost; unable to place one for any reason, the bot falls into turmoil (5.7)."""

    name = "electric_eyrie.build"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        s: int = st[1]
        if st_of(g, s).turmoil:
            return
        spots: list[int] = []
        if g.count_building(s, "roost") < ROOSTS:
            spots = [c for c in by_priority(g.clearings())
                     if g.rules(s, c) and not has_roost(g, s, c) and g.open_slots(c) > 0
                     and g.may_place(s, c)]
        if not spots:
            fall_into_turmoil(g, s)
            return
        g.note("build", g.factions[s], spots[0])
        g.place_building(s, "roost", spots[0])


class Swoop(Handler):
    """Swoop (trait, 3.3.2): at the end of Daylight, two warriors in the clearing of
    highest priority with no Eyrie pieces (where the bot may place, 2.3)."""

    name = "electric_eyrie.swoop"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        s: int = st[1]
        if st_of(g, s).turmoil:
            return
        spots = [c for c in by_priority(g.clearings())
                 if not g.has_any_piece(s, c) and g.may_place(s, c)]
        place_warriors_or_turmoil(g, s, spots[0] if spots else None, SWOOP_WARRIORS)


# ----------------------------------------------------------------- evening
class Evening(Handler):
    """5.6: score the rightmost empty space of the bot's own Roosts track (0 to 6:
    roosts on the map - 1, not the Eyrie Dynasties' track); nightmare (3.3.1): one
    more victory point at the end of Evening."""

    name = "electric_eyrie.evening"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        s: int = st[1]
        roosts = g.count_building(s, "roost")
        if roosts:
            g.score(s, ROOST_VP[roosts - 1], "roosts")
        g.score(s, int(level(g, s)["evening_vp"]), "nightmare")


register_steps(
    Setup(), Birdsong(), Daylight(), Recruit(), Move(), BattleStep(), BattleDone(),
    Relentless(), Build(), Swoop(), Evening(),
)
