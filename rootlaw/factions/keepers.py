"""Keepers in Iron (Law of Root, section 15).

Relics are tokens of the Keepers. A face-down relic (only ever in a forest: 15.3.1;
delving flips it, 15.5.2.IIa; Prized Trophies places it face up, 15.2.5) is a token of
its type's kind (``"figure"``, ``"tablet"``, ``"jewelry"``: the front shows the type,
15.2.1); a face-up relic is a token of its type and value (``"figure3"``). Relics lie in
forests (``Game.forest_tokens``, locations ``FOREST + index``) and clearings. The value
of each face-down relic lives in the state as a ``FaceDown`` (core/hidden.py) that no
seat sees, not even the Keepers (15.3.1: shuffled face down), resampled by
determinization within its type.

Waystations are buildings with two sides (15.2.2): the kind names the physical piece
and the side up, ``"ws_tablet_jewelry"`` (tablet showing, jewelry on the back). The
Retinue (15.5.2) holds cards by column in the state; the three Faithful Retainers
(15.3.4) are bird cards outside the shared deck.
"""
from __future__ import annotations

import math
from collections.abc import Sequence
from functools import cache
from typing import Any, Final

from rootlaw.core import advanced
from rootlaw.core.battle import Battle, start_battle
from rootlaw.core.cards_ep import draw_cards
from rootlaw.core.catalog import load_json, tracks
from rootlaw.core.effects import daylight_extras, took_daylight_extra
from rootlaw.core.faction_api import NO_STEPS, Faction, FactionDef, FactionState, register
from rootlaw.core.game import FOREST, HAND_LIMIT, Game
from rootlaw.core.hidden import FaceDown, face_down_view
from rootlaw.core.hired import battle_allowed
from rootlaw.core.move import move_options, move_step, remove_warriors, trigger_removals
from rootlaw.core.options import Option, name_form, text_form
from rootlaw.core.steps import Handler, Step, register_steps

ME: Final = Faction.KEEPERS
_T: Final = tracks()["keepers_in_iron"]
# 15.2.1: figures (the data's "idol"), tablets, jewelry; four of each, valued 1, 2, 3, 3
TYPES: Final[tuple[str, ...]] = ("figure", "tablet", "jewelry")
PER_TYPE: Final = int(_T["relics_per_type"])
VALUES: Final = tuple(int(v) for v in _T["relic_values_per_type"])
COLUMNS: Final = PER_TYPE  # Relics spaces: one column per relic of each type (15.5.2.IIIb)
SET_VP: Final = int(_T["set_completion_vp"])  # 15.5.2.IIIb a filled Relics column
# 15.2.2: three waystations, each two-sided (front, back)
WAYSTATIONS: Final[tuple[tuple[str, str], ...]] = (
    ("tablet", "jewelry"), ("jewelry", "figure"), ("figure", "tablet"))
RETAINER: Final = "faithful_retainer"  # 15.3.4, a bird card (not in the shared deck)
RETINUE_LIMIT: Final = 10  # 15.6.2
# 15.5.2 I-III
RETINUE_COLS: Final[tuple[str, ...]] = ("move", "battle_then_delve", "move_or_recover")
SETUP_WARRIORS: Final = 4  # 15.3.2
LIVE_OFF_AT: Final = 4  # 15.6.1
RECRUIT_WARRIORS: Final = 2  # 15.4.3
TROPHY_VP: Final = 1  # 15.2.5: an extra victory point (two with the token's, 3.2.1)
POOL_PREFIX: Final = "relic_"  # determinization pools, one per type


def ws_kind(up: str, down: str) -> str:
    return "ws_" + up + "_" + down


WS_KINDS: Final = tuple(k for a, b in WAYSTATIONS for k in (ws_kind(a, b), ws_kind(b, a)))
WS_SHOWS: Final = {ws_kind(a, b): a for a, b in WAYSTATIONS} | {ws_kind(b, a): b
                                                                 for a, b in WAYSTATIONS}
FACE_UP: Final = tuple(t + str(v) for t in TYPES for v in sorted(set(VALUES)))
RELIC_KINDS: Final = TYPES + FACE_UP
TYPE_OF: Final = {k: k.rstrip("0123456789") for k in RELIC_KINDS}

text_form("kk_corner", "start with four warriors in corner {1}")
text_form("kk_edge", "place four warriors in {1}")
text_form("kk_encamp", "Encamp: replace a warrior in {1} with a {n2}")
text_form("kk_encamp_edge", "Encamp: place a {n2} and a warrior in {1}")
text_form("kk_decamp", "Decamp: replace the {n2} in {1} with a warrior")
text_form("kk_recruit", "Recruit: spend {c1} to place two warriors in {2}")
text_form("kk_move", "Retinue ({c1}): move {2} -> {3}")
text_form("kk_ferry", "Retinue ({c1}): move {2} -> {3} by the Ferry")
text_form("kk_battle", "Retinue ({c1}): battle {3} in {2}, then delve")
text_form("kk_delve_in", "Retinue ({c1}): delve in {2} (no enemy to battle)")
text_form("kk_recover", "Retinue ({c1}): recover relics in {2}")
text_form("kk_next", "end this Retinue column")
text_form("kk_delve", "delve the {n2} from forest {1}")
text_form("kk_no_delve", "do not delve")
text_form("kk_take", "recover the {n1}")
text_form("kk_end_recover", "end this Recover action")
text_form("kk_carry", "move the {n1} along")
text_form("kk_carry_done", "move no more relics")
text_form("kk_trophy", "place the relic in forest {1}")
text_form("kk_add", "add {c1} to the Retinue column {n2}")
text_form("kk_shift", "shift {c1} from Retinue column {n2} to {n3}")
text_form("kk_retinue_done", "done with the Retinue")
for _col, _name in zip(RETINUE_COLS, ("Move", "Battle then Delve", "Move or Recover"),
                       strict=True):
    name_form(_col, _name)
for _kind in WS_KINDS:  # both sides, so two waystations showing the same side differ
    name_form(_kind, f"waystation ({WS_SHOWS[_kind]} side up, "
                     f"{_kind.split('_')[2]} on the back)")
for _kind in RELIC_KINDS:
    _value = _kind[len(TYPE_OF[_kind]):]
    name_form(_kind, f"{TYPE_OF[_kind]} relic" + (f" ({_value})" if _value else " (face down)"))


class KeepersState(FactionState):
    __slots__ = ("values", "retinue", "acted", "recovered", "corner", "camped", "retired",
                 "limbo", "unplaced")

    def __init__(self, values: FaceDown | None = None,
                 retinue: tuple[tuple[str, ...], ...] = ((RETAINER,),) * 3,
                 acted: tuple[str, ...] = (), recovered: tuple[tuple[int, ...], ...] = ((),) * 3,
                 corner: int = 0, camped: tuple[int, ...] = (),
                 retired: int = 0, limbo: tuple[str, ...] = (),
                 unplaced: tuple[str, ...] = ()) -> None:
        # the value of each face-down relic, by forest location, as its face-up kind
        self.values: FaceDown = FaceDown() if values is None else values
        self.retinue = retinue  # cards per column (15.5.2), in the order added
        self.acted = acted  # cards of the current column that took their action
        self.recovered = recovered  # values in the Relics spaces, by type, left to right
        self.corner = corner  # the starting corner (15.3.2)
        self.camped = camped  # clearings encamped (+) / decamped (-) this Birdsong
        self.retired = retired  # Faithful Retainers discarded (out of the game)
        self.limbo = limbo  # relics removed, not yet placed by Prized Trophies
        self.unplaced = unplaced  # setup: face-down relics kept for 15.3.3 (hidden values)

    def copy(self) -> KeepersState:
        return KeepersState(self.values, self.retinue, self.acted, self.recovered,
                            self.corner, self.camped, self.retired, self.limbo,
                            self.unplaced)

    def to_json(self) -> dict[str, Any]:
        return {"values": self.values.to_json(), "retinue": [list(c) for c in self.retinue],
                "acted": list(self.acted), "recovered": [list(r) for r in self.recovered],
                "corner": self.corner, "camped": list(self.camped),
                "retired": self.retired, "limbo": list(self.limbo),
                "unplaced": list(self.unplaced)}

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> KeepersState:
        values = FaceDown.from_json(d["values"])
        for ident in values.ids:
            if ident not in FACE_UP:
                raise ValueError(f"bad relic value {ident!r}")
        retinue = tuple(tuple(str(x) for x in col) for col in d["retinue"])
        recovered = tuple(tuple(int(x) for x in r) for r in d["recovered"])
        if len(retinue) != 3 or len(recovered) != 3:
            raise ValueError("three Retinue columns and three Relics rows (15.5.2)")
        if sum(len(c) for c in retinue) > RETINUE_LIMIT:
            raise ValueError("the Retinue holds at most ten cards (15.6.2)")
        return cls(values, retinue, tuple(str(x) for x in d["acted"]), recovered,
                   int(d["corner"]), tuple(int(x) for x in d["camped"]),
                   int(d["retired"]), tuple(str(x) for x in d["limbo"]),
                   tuple(str(x) for x in d["unplaced"]))


def st_of(g: Game, s: int) -> KeepersState:
    fs = g.fstate[s]
    assert isinstance(fs, KeepersState)
    return fs


# ----------------------------------------------------------------- helpers
@cache
def map_edge(name: str) -> tuple[int, ...]:
    """The clearings on the map edge (15.3.2, 15.4.1): the outer face of the map's
    printed paths, walked on the drawing's coordinates (map_layout.json)."""
    from rootlaw.core.catalog import board

    pos = {int(k): (float(v[0]), float(v[1]))
           for k, v in load_json("map_layout.json")[name]["clearings"].items()}
    b = board(name)
    nbrs: dict[int, list[int]] = {c: [] for c in b.clearings}
    for x, y in b.paths:
        nbrs[x].append(y)
        nbrs[y].append(x)

    def angle(a: int, c: int) -> float:
        return math.atan2(pos[c][1] - pos[a][1], pos[c][0] - pos[a][0])

    start = min(b.clearings, key=lambda c: (pos[c][0], pos[c][1]))
    out = [start]
    prev_dir = math.pi  # arriving from the left, outside the map
    cur = start
    for _ in range(4 * len(b.clearings)):
        back = prev_dir
        # the next edge turning clockwise (on screen, y down) from the way back
        best = min(nbrs[cur], key=lambda c: (angle(cur, c) - back) % (2 * math.pi) or 7.0)
        prev_dir = angle(best, cur)
        cur = best
        if cur == start:
            break
        if cur not in out:
            out.append(cur)
    return tuple(sorted(out))


def card_suit(g: Game, card: str) -> str:
    return "bird" if card == RETAINER else g.suit_of(card)


def matches(g: Game, card: str, c: int) -> bool:
    """2.1.1: a card matches a clearing of its suit; a bird card matches any."""
    suit = card_suit(g, card)
    return suit == "bird" or g.suit_match(c, suit)


def relics_at(g: Game, s: int, loc: int) -> list[str]:
    """The kinds of s's relic tokens at a clearing or forest location, with repeats."""
    here = g.forest_tokens[loc - FOREST] if loc >= FOREST else g.tokens[loc]
    return [p[1] for p in here if p[0] == s and p[1] in TYPE_OF]


def forests_of(g: Game, c: int) -> list[int]:
    """Forest indexes adjacent to clearing c (2.4: the clearings on a forest's edge)."""
    out: list[int] = []
    forests = g.board.forests
    for i in range(len(forests)):
        if c in forests[i][1]:
            out.append(i)
    return out


def waystations_on_map(g: Game, s: int) -> int:
    return g.count_kinds(s, WS_KINDS)


def waystation_clearings(g: Game, s: int) -> list[int]:
    return sorted(set(g.kinds_clearings(s, WS_KINDS)))


def shown_types(g: Game, s: int, c: int) -> set[str]:
    """The relic types the waystations in c show (15.2.2)."""
    return {WS_SHOWS[p[1]] for p in g.buildings[c] if p[0] == s and p[1] in WS_SHOWS}


def free_waystations(g: Game, s: int) -> list[str]:
    """Both sides of each waystation in the supply (15.4.1: face up or down)."""
    out: list[str] = []
    for a, b in WAYSTATIONS:
        k1, k2 = ws_kind(a, b), ws_kind(b, a)
        if not g.count_building(s, k1) and not g.count_building(s, k2):
            out += [k1, k2]
    return out


def ruled_among(g: Game, s: int, clearings: Sequence[int]) -> int:
    n = 0
    for c in clearings:
        if g.rules(s, c):
            n += 1
    return n


def retinue_size(fs: KeepersState) -> int:
    return len(fs.retinue[0]) + len(fs.retinue[1]) + len(fs.retinue[2])


def pending(fs: KeepersState, col: int) -> list[str]:
    """Cards of a column that have not acted this Daylight (each once, 15.5.2)."""
    left = list(fs.retinue[col])
    for card in fs.acted:
        if card in left:
            left.remove(card)
    return left


def discard_retinue_card(g: Game, s: int, col: int, card: str) -> None:
    """15.5.2.IIb, IIIc: discard the card used; a Faithful Retainer leaves the game
    (it is no card of the shared deck: rulings.md)."""
    fs = st_of(g, s)
    cards = list(fs.retinue[col])
    cards.remove(card)
    fs.retinue = tuple(tuple(cards) if i == col else fs.retinue[i] for i in range(3))
    acted = list(fs.acted)
    if card in acted:
        acted.remove(card)
    fs.acted = tuple(acted)
    if card == RETAINER:
        fs.retired += 1
    else:
        g.discard_card(card)
    g.note("retinue_discard", g.factions[s], card)


def flip_value(g: Game, s: int, loc: int, kind: str) -> str:
    """The face-up kind of a relic at loc: its value, revealed from the state if it is
    face down (15.5.2.IIa)."""
    if kind not in TYPES:
        return kind
    fs = st_of(g, s)
    for ident in fs.values.at(loc):
        if TYPE_OF[ident] == kind:
            fs.values, _ = fs.values.removed(loc, ident)
            return ident
    raise ValueError(f"no face-down {kind} relic at {loc}")


def bot_forest(g: Game, s: int) -> int:
    """15.2.5 for a bot (which makes no choices, Rootbotics): the forest adjacent to the
    fewest clearings with Keeper warriors, then the lowest forest (rulings.md)."""
    best = 0
    best_n = 99
    forests = g.board.forests
    for i in range(len(forests)):
        n = 0
        for c in forests[i][1]:
            if g.warriors[s][c]:
                n += 1
        if n < best_n:
            best, best_n = i, n
    return best


# ----------------------------------------------------------------- faction
class Keepers(FactionDef):
    id = ME
    name = "Keepers in Iron"
    setup_order = "K"
    setup_class = "militant"  # A.8.1 (advanced_setup.json)
    corner_setup = True  # section 5: starts in a corner clearing (5.1)
    reach = 8
    warriors = int(_T["warriors"])
    buildings = {k: 1 for k in WS_KINDS}
    crafts_with: tuple[str, ...] = WS_KINDS  # 15.2.3: waystations of any type
    tokens = {**{t: PER_TYPE for t in TYPES},
              **{t + str(v): VALUES.count(v) for t in TYPES for v in sorted(set(VALUES))}}

    def new_state(self) -> FactionState:
        return KeepersState()

    def state_from_json(self, data: dict[str, Any]) -> FactionState:
        return KeepersState.from_json(data)

    def setup_steps(self, g: Game, s: int) -> list[Step]:
        # 15.3.1 relics, 15.3.2 warriors, 15.3.3 the rest of the relics (15.3.4 the
        # Faithful Retainers and 15.3.5 the waystations: the initial state)
        return [("keepers.relics", s), ("keepers.corner", s)]

    def advanced_setup_steps(self, g: Game, s: int) -> list[Step]:
        # setup card (A.8.2): the relics as 15.3.1, two homelands, then as 15.3.3-5
        return [("keepers.relics", s), ("keepers.homeland", s, 0)]

    def phase_steps(self, g: Game, s: int, phase: str) -> list[Step]:
        if phase == "birdsong":  # 15.4.1 Encamp, 15.4.2 Decamp, 15.4.3 Recruit
            return [("keepers.new_turn", s), ("keepers.encamp", s), ("keepers.decamp", s),
                    ("keepers.recruit", s)]
        if phase == "daylight":  # 15.5.1 Craft, 15.5.2 Act with Retinue
            return [("craft", s), ("keepers.retinue", s, 0)]
        # 15.6.1 Live Off the Land, 15.6.2 Gather Retinue, 15.6.3 Draw and Discard
        return [("keepers.live_off", s), ("keepers.gather", s, 0), ("keepers.draw", s),
                ("discard_down", s)]

    def starting_corner(self, g: Game, s: int) -> int | None:
        return st_of(g, s).corner or None

    def ignores_first_hit(self, g: Game, s: int, b: Battle) -> bool:
        """15.2.4 Devout Knights: with a relic and a Keeper warrior in the clearing of
        battle, the first hit the Keepers take (one of an ambush's) is ignored; not while
        Riverfolk mercenaries share their hits (11.2.7.III.a, rulings.md)."""
        side = 0 if s == b.att else 1
        return b.lent[side] < 0 and g.warriors[s][b.c] > 0 and bool(relics_at(g, s, b.c))

    def on_piece_removed(self, g: Game, s: int, c: int, kind: str, by: int) -> Sequence[Step]:
        """15.2.5 Prized Trophies: an enemy that removes a relic places it in any forest
        face up and scores an extra point; removed otherwise (by no player, or by a
        coalition partner), the player whose turn it is places it, scoring nothing."""
        if kind not in TYPE_OF:
            return NO_STEPS
        fs = st_of(g, s)
        fs.limbo = fs.limbo + (kind,)
        # a hireling removing: its controller places it (E.3.7) and scores nothing (E.3.6)
        player = g.player_of(by) if by >= 0 else -1
        enemy = player >= 0 and g.is_enemy(s, by)
        placer = player if enemy else g.turn_seat
        return [("keepers.trophy", placer, s, kind, 1 if enemy and player == by else 0)]

    def on_warriors_moved(self, g: Game, s: int, a: int, b: int, n: int,
                          mover: int) -> Sequence[Step]:
        """15.2.4: one relic may move with each Keeper warrior moved (also when forced)."""
        if a >= FOREST or b >= FOREST or not relics_at(g, s, a):
            return NO_STEPS
        return [("keepers.carry", s, a, b, n)]

    def cards_held(self, g: Game, s: int) -> list[str]:
        out: list[str] = []
        for col in st_of(g, s).retinue:
            for card in col:
                if card != RETAINER:
                    out.append(card)
        return out

    def hidden(self, g: Game, s: int, viewer: int) -> dict[str, list[str]]:
        """15.3.1: face-down relic values are nobody's to see (the Keepers' own seat
        included): one pool per type, in location order."""
        out: dict[str, list[str]] = {}
        fs = st_of(g, s)
        for ident in fs.values.ids + fs.unplaced:  # the setup's relics for 15.3.3 last
            out.setdefault(POOL_PREFIX + TYPE_OF[ident], []).append(ident)
        return out

    def set_hidden(self, g: Game, s: int, viewer: int, values: dict[str, list[str]]) -> None:
        fs = st_of(g, s)
        taken = {k: 0 for k in values}
        ids: list[str] = []
        for ident in fs.values.ids + fs.unplaced:
            pool = POOL_PREFIX + TYPE_OF[ident]
            new = values[pool][taken[pool]]
            if TYPE_OF[new] != TYPE_OF[ident]:
                raise ValueError("a relic value resampled across types")
            taken[pool] = taken[pool] + 1
            ids.append(new)
        n = len(fs.values)
        fs.values = fs.values.with_ids(ids[:n])
        fs.unplaced = tuple(ids[n:])

    def view(self, g: Game, s: int, viewer: int | None) -> dict[str, Any]:
        fs = st_of(g, s)
        recovered = {TYPES[i]: list(fs.recovered[i]) for i in range(3)}
        return {
            "retinue": {RETINUE_COLS[i]: list(fs.retinue[i]) for i in range(3)},
            "acted": list(fs.acted),
            "retinue_size": retinue_size(fs),
            "relics_recovered": recovered,
            "columns_filled": min(len(r) for r in fs.recovered),
            # face-down relics: where they are (the map), never their values (15.3.1)
            "face_down_relics": face_down_view("relic", fs.values, False),
            "waystations_in_supply": [k for k in free_waystations(g, s)],
            "waystations_on_map": waystations_on_map(g, s),
            "draw": 1 + waystations_on_map(g, s),  # 15.6.3
            "faithful_retainers_retired": fs.retired,
            "corner": fs.corner,
        }


register(Keepers())


# ------------------------------------------------------------------- setup
def deal_relics(g: Game, s: int, relics: list[str], forests: list[int]) -> None:
    """Place face-down relics (``type+value`` identities) in forests, one each in turn."""
    fs = st_of(g, s)
    for i in range(len(relics)):
        loc = FOREST + forests[i % len(forests)]
        ident = relics[i]
        g.place_token(s, TYPE_OF[ident], loc)
        fs.values = fs.values.added(loc, ident)


class Relics(Handler):
    """15.3.1 Shuffle the twelve relics face down; one at random in each forest. The
    rest wait for 15.3.3 (``unplaced`` until then)."""

    name = "keepers.relics"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        s: int = st[1]
        stack = [t + str(v) for t in TYPES for v in VALUES]
        stack = g.shuffle("relics", stack)  # nobody sees the values (hidden random)
        n = len(g.board.forests)
        deal_relics(g, s, stack[:n], list(range(n)))
        st_of(g, s).unplaced = tuple(stack[n:])


class Corner(Handler):
    """15.3.2 Four warriors in a corner that is not another player's starting corner
    and, if possible, diagonally opposite one."""

    name = "keepers.corner"
    kind = "setup_corner"
    rule = "15.3.2"
    prompt = "Choose your corner clearing"

    def options(self, g: Game, st: Step) -> list[Option]:
        s: int = st[1]
        taken = {g.fdefs[o].starting_corner(g, o) for o in g.others(s)} - {None}
        free = [c for c in g.board.corners if c not in taken and g.may_place(s, c)]
        facing = [c for c in free if g.board.opposite[c] in taken]
        return [("kk_corner", c) for c in (facing or free or g.board.corners)]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        s: int = st[1]
        c: int = o[1]
        st_of(g, s).corner = c
        g.place_warriors(s, c, SETUP_WARRIORS)
        g.push(("keepers.edge", s, c))


class Edge(Handler):
    """15.3.2 Then four warriors in a clearing on the map edge adjacent to the corner;
    15.3.3 then the remaining relics."""

    name = "keepers.edge"
    kind = "setup_clearing"
    rule = "15.3.2"
    prompt = "Choose a map-edge clearing adjacent to your corner"

    def options(self, g: Game, st: Step) -> list[Option]:
        s: int = st[1]
        edge = map_edge(g.board.name)
        out = [("kk_edge", x) for x in g.board.adj[st[2]] if x in edge and g.may_place(s, x)]
        return out or [("kk_edge", x) for x in g.board.adj[st[2]] if g.may_place(s, x)] \
            or [("kk_edge", st[2])]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        s: int = st[1]
        x: int = o[1]
        if x != st[2]:
            g.place_warriors(s, x, SETUP_WARRIORS)
        place_remaining_relics(g, s)


class Homeland(Handler):
    """Setup card (A.8.2): two adjacent homelands, both on the map edge, with two or
    more clearings between them and enemy homelands (A.8.2.II: as able); four warriors
    in each; then the remaining relics (15.3.3). Step: (name, seat, first homeland or
    0)."""

    name = "keepers.homeland"
    kind = "setup_homeland"
    rule = "A.8.2"
    prompt = "Choose a homeland (two adjacent, on the map edge, far from enemy homelands)"

    def options(self, g: Game, st: Step) -> list[Option]:
        s: int = st[1]
        first: int = st[2]
        pairs = homeland_pairs(g, s)
        out: list[Option] = []
        for a, b in pairs:
            if first == 0:
                for c in (a, b):
                    if ("homeland", c) not in out:
                        out.append(("homeland", c))
            elif first in (a, b) and a != b:
                out.append(("homeland", b if a == first else a))
        return out or [("done",)]  # no second homeland can take its pieces (1.5.4)

    def apply(self, g: Game, st: Step, o: Option) -> None:
        s: int = st[1]
        if o[0] == "done":
            place_remaining_relics(g, s)
            return
        c: int = o[1]
        advanced.add_homeland(g, s, c)
        g.place_warriors(s, c, SETUP_WARRIORS)
        if st[2] == 0:
            st_of(g, s).corner = c
            g.push(("keepers.homeland", s, c))
        else:
            place_remaining_relics(g, s)


def homeland_pairs(g: Game, s: int) -> list[tuple[int, ...]]:
    """The pairs of adjacent clearings the Keepers may take as homelands (A.8.2.I-II):
    on the map edge where any pair is, else anywhere."""
    for among in (g.board.edge, g.clearings()):
        cands = advanced.homeland_candidates(g, s, among, 0, False)
        pairs: list[tuple[int, ...]] = []
        for a in cands:
            for b in g.adj[a]:
                if a < b and b in cands:
                    pairs.append((a, b))
        if pairs:
            return advanced.spaced_groups(g, s, pairs, advanced.FAR)
    enemy = advanced.enemy_homelands(g, s)
    return [(c, c) for c in g.clearings() if c not in enemy]


def place_remaining_relics(g: Game, s: int) -> None:
    """15.3.3 The remaining relics at random, as evenly as possible, among forests not
    adjacent to clearings with Keeper warriors (every forest if there is none)."""
    fs = st_of(g, s)
    rest = list(fs.unplaced)
    fs.unplaced = ()
    if not rest:
        return
    forests = g.board.forests
    far = [i for i in range(len(forests))
           if not any(g.warriors[s][c] for c in forests[i][1])]
    if not far:
        far = list(range(len(forests)))
    order = [int(x) for x in g.shuffle("relic_forests", [str(i) for i in far])]
    deal_relics(g, s, rest, order)


# ---------------------------------------------------------------- birdsong
class NewTurn(Handler):
    name = "keepers.new_turn"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        fs = st_of(g, st[1])
        fs.camped = ()
        fs.acted = ()


def may_build(g: Game, s: int, c: int) -> bool:
    return g.open_slots(c) > 0 and g.may_place(s, c)


class Encamp(Handler):
    """15.4.1 Encamp: once per clearing, replace a Keeper warrior with a waystation
    (either side up); with no warriors and no waystations on the map, instead place a
    waystation and a warrior in a clearing on the map edge."""

    name = "keepers.encamp"
    kind = "encamp"
    rule = "15.4.1"
    prompt = "Encamp?"

    def options(self, g: Game, st: Step) -> list[Option]:
        s: int = st[1]
        free = free_waystations(g, s)
        if not free:
            return [("done",)]
        fs = st_of(g, s)
        if not sum(g.warriors[s]) and not waystations_on_map(g, s):
            if fs.camped:
                return [("done",)]
            out: list[Option] = []
            for c in map_edge(g.board.name):
                if may_build(g, s, c):
                    out.extend(("kk_encamp_edge", c, k) for k in free)
            return out or [("done",)]
        out = []
        for c in g.clearings():
            if g.warriors[s][c] and c not in fs.camped and may_build(g, s, c):
                out.extend(("kk_encamp", c, k) for k in free)
        return out + [("done",)]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        if o[0] == "done":
            return
        s: int = st[1]
        c: int = o[1]
        fs = st_of(g, s)
        fs.camped = fs.camped + (c,)
        if o[0] == "kk_encamp":  # 1.5.3 replace: remove, then place
            remove_warriors(g, s, c, 1)
            g.place_building(s, o[2], c)
            trigger_removals(g, s, [(s, c, 1)], in_battle=False)
        else:
            g.place_building(s, o[2], c)
            g.place_warriors(s, c, 1)
        g.push(st)


class Decamp(Handler):
    """15.4.2 Decamp: once per clearing, replace a waystation with a Keeper warrior
    (1.5.3: only if the warrior can be placed)."""

    name = "keepers.decamp"
    kind = "decamp"
    rule = "15.4.2"
    prompt = "Decamp?"

    def options(self, g: Game, st: Step) -> list[Option]:
        s: int = st[1]
        if not g.warrior_supply(s):
            return [("done",)]
        fs = st_of(g, s)
        out: list[Option] = []
        for kind in WS_KINDS:
            for c in g.piece_clearings(s, kind):
                if -c not in fs.camped and g.may_place(s, c):
                    out.append(("kk_decamp", c, kind))
        return out + [("done",)]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        if o[0] == "done":
            return
        s: int = st[1]
        c: int = o[1]
        fs = st_of(g, s)
        fs.camped = fs.camped + (-c,)
        g.take_piece(c, (s, o[2]))
        g.place_warriors(s, c, 1)
        g.push(st)


class Recruit(Handler):
    """15.4.3 Recruit: any number of times, spend a card to place two warriors at a
    matching waystation."""

    name = "keepers.recruit"
    kind = "recruit"
    rule = "15.4.3"
    prompt = "Recruit?"

    def options(self, g: Game, st: Step) -> list[Option]:
        s: int = st[1]
        if not g.warrior_supply(s):
            return [("done",)]
        out: list[Option] = []
        hand = list(dict.fromkeys(g.hands[s]))
        for c in waystation_clearings(g, s):
            if not g.may_place(s, c):
                continue
            for card in hand:
                if matches(g, card, c):
                    out.append(("kk_recruit", card, c))
        return out + [("done",)]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        if o[0] == "done":
            return
        s: int = st[1]
        g.spend(s, o[1])
        g.place_warriors(s, o[2], RECRUIT_WARRIORS)
        g.push(st)


# ---------------------------------------------------------------- daylight
def column_options(g: Game, s: int, col: int) -> list[Option]:
    """The actions the pending cards of a Retinue column can take now (15.5.2 I-III)."""
    fs = st_of(g, s)
    cards = list(dict.fromkeys(pending(fs, col)))
    if not cards:
        return []
    out: list[Option] = []
    if col != 1:  # I Move; III Move (or Recover)
        moves = move_options(g, s)
        for card in cards:
            for m in moves:
                if matches(g, card, m[1]):
                    out.append(("kk_ferry" if m[0] == "ferry" else "kk_move", card, m[1], m[2]))
    if col == 1:  # II Battle then Delve: a ruled matching clearing with a Keeper warrior
        for c in g.clearings():
            if not g.warriors[s][c] or not g.rules(s, c):
                continue
            foes = [o for o in g.enemy_owners(s) if g.has_any_piece(o, c)
                    and battle_allowed(g, s, o, c)]  # G.1.9: enemy hirelings too
            for card in cards:
                if not matches(g, card, c):
                    continue
                if foes:  # must battle (an enemy of the Keepers' choice)
                    out.extend(("kk_battle", card, c, g.owner_name(o)) for o in foes)
                elif delve_choices(g, s, c):
                    out.append(("kk_delve_in", card, c))
    if col == 2:  # III Recover
        for c in g.clearings():
            if recover_choices(g, s, c):
                for card in cards:
                    if matches(g, card, c):
                        out.append(("kk_recover", card, c))
    return out


def delve_choices(g: Game, s: int, c: int) -> list[Option]:
    """15.5.2.IIa: any relic in a forest adjacent to c."""
    out: list[Option] = []
    for i in forests_of(g, c):
        for kind in dict.fromkeys(relics_at(g, s, FOREST + i)):
            out.append(("kk_delve", i, kind))
    return out


def recover_choices(g: Game, s: int, c: int) -> list[Option]:
    """15.5.2.IIIa: a relic in c of a type a waystation in c shows."""
    shown = shown_types(g, s, c)
    if not shown:
        return []
    out: list[Option] = []
    for kind in dict.fromkeys(relics_at(g, s, c)):
        if kind in FACE_UP and TYPE_OF[kind] in shown:
            out.append(("kk_take", kind))
    return out


def acted(g: Game, s: int, card: str) -> None:
    fs = st_of(g, s)
    fs.acted = fs.acted + (card,)


class Retinue(Handler):
    """15.5.2 Act with Retinue: from the leftmost column rightwards, each card of the
    column may take the column's action once, in any order. Args: (seat, column)."""

    name = "keepers.retinue"
    kind = "action"
    rule = "15.5.2"

    def describe(self, g: Game, st: Step) -> str:
        return f"Keepers Retinue: {RETINUE_COLS[st[2]].replace('_', ' ')} column"

    def options(self, g: Game, st: Step) -> list[Option]:
        s: int = st[1]
        out = daylight_extras(g, s)
        out += column_options(g, s, st[2])
        out.append(("kk_next",))
        return out

    def apply(self, g: Game, st: Step, o: Option) -> None:
        s: int = st[1]
        col: int = st[2]
        verb = o[0]
        if took_daylight_extra(g, st, o):
            return
        if verb == "kk_next":
            st_of(g, s).acted = ()
            if col < 2:
                g.push(("keepers.retinue", s, col + 1))
            return
        g.push(st)
        card: str = o[1]
        acted(g, s, card)
        if verb == "kk_move" or verb == "kk_ferry":
            g.push(move_step(s, ("ferry" if verb == "kk_ferry" else "move", o[2], o[3])))
        elif verb == "kk_battle":  # II: battle, then delve there
            g.push(("keepers.delve", s, card, o[2]))
            start_battle(g, s, o[2], g.seat_of(o[3]))
        elif verb == "kk_delve_in":
            g.push(("keepers.delve", s, card, o[2]))
        else:  # kk_recover
            g.push(("keepers.recover", s, card, o[2], 1))


class Delve(Handler):
    """15.5.2.II a-b Delve (optional): move a relic from an adjacent forest into the
    clearing, face up; discard the card if the Keepers rule fewer clearings adjacent
    to that forest than the relic's value. Args: (seat, card, clearing)."""

    name = "keepers.delve"
    kind = "delve"
    rule = "15.5.2.II"
    prompt = "Delve?"

    def options(self, g: Game, st: Step) -> list[Option]:
        return delve_choices(g, st[1], st[3]) + [("kk_no_delve",)]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        if o[0] == "kk_no_delve":
            return
        s: int = st[1]
        c: int = st[3]
        i: int = o[1]
        loc = FOREST + i
        g.take_piece(loc, (s, o[2]))
        kind = flip_value(g, s, loc, o[2])  # IIa: flip it if it is face down
        g.place_token(s, kind, c)
        g.note("delve", g.factions[s], kind, c)
        value = int(kind[-1])
        if ruled_among(g, s, g.board.forests[i][1]) < value:  # IIb
            discard_retinue_card(g, s, 1, st[2])


class Recover(Handler):
    """15.5.2.III a-c Recover: take a relic of a type a waystation there shows into the
    leftmost empty Relics space of its type, score its value (and 2 for a filled
    column); discard the card and stop if the Keepers rule fewer clearings of the
    clearing's suit than the value, else take another or stop. Args: (seat, card,
    clearing, 1 on the first take)."""

    name = "keepers.recover"
    kind = "recover"
    rule = "15.5.2.III"
    prompt = "Recover a relic"

    def options(self, g: Game, st: Step) -> list[Option]:
        out = recover_choices(g, st[1], st[3])
        if not st[4] or not out:
            out.append(("kk_end_recover",))
        return out

    def apply(self, g: Game, st: Step, o: Option) -> None:
        if o[0] == "kk_end_recover":
            return
        s: int = st[1]
        c: int = st[3]
        kind: str = o[1]
        fs = st_of(g, s)
        g.take_piece(c, (s, kind))
        t = TYPES.index(TYPE_OF[kind])
        value = int(kind[-1])
        rows = list(fs.recovered)
        rows[t] = rows[t] + (value,)
        fs.recovered = tuple(rows)
        g.score(s, value, "recover")  # IIIb
        n = len(rows[t])
        if all(len(r) >= n for r in rows):
            g.score(s, SET_VP, "relic_column")
        matching = [x for x in g.clearings() if g.clearings_matching(c, x)]  # the Lost City
        if ruled_among(g, s, matching) < value:  # IIIc
            discard_retinue_card(g, s, 2, st[2])
            return
        g.push(("keepers.recover", s, st[2], c, 0))


# ------------------------------------------------------------ cross-faction
class Carry(Handler):
    """15.2.4: the Keepers may move one relic with each warrior moved (also when forced
    to move). Args: (seat, from, to, relics still allowed)."""

    name = "keepers.carry"
    kind = "carry_relics"
    rule = "15.2.4"
    prompt = "Move relics with your warriors?"

    def options(self, g: Game, st: Step) -> list[Option]:
        s: int = st[1]
        a: int = st[2]
        if st[4] <= 0 or not g.may_move(s, a, st[3]):
            return [("kk_carry_done",)]
        kinds = list(dict.fromkeys(relics_at(g, s, a)))
        return [("kk_carry", k) for k in kinds] + [("kk_carry_done",)]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        if o[0] == "kk_carry_done":
            return
        s: int = st[1]
        g.take_piece(st[2], (s, o[1]))
        g.place_token(s, o[1], st[3])
        g.push(("keepers.carry", s, st[2], st[3], st[4] - 1))


class Trophy(Handler):
    """15.2.5 Prized Trophies: the remover places the relic in any forest face up and,
    an enemy, scores an extra point. A bot's forest: ``bot_forest``. Args: (placer,
    Keepers seat, relic kind, 1 if it scores)."""

    name = "keepers.trophy"
    kind = "trophy"
    rule = "15.2.5"
    prompt = "Place the relic in a forest"

    def options(self, g: Game, st: Step) -> list[Option]:
        placer: int = st[1]
        if g.fdefs[placer].is_bot:
            return [("kk_trophy", bot_forest(g, st[2]))]
        return [("kk_trophy", i) for i in range(len(g.board.forests))]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        k: int = st[2]
        kind: str = st[3]
        fs = st_of(g, k)
        limbo = list(fs.limbo)
        limbo.remove(kind)
        fs.limbo = tuple(limbo)
        g.place_token(k, kind, FOREST + o[1])  # face up: its kind shows the value
        if st[4]:
            g.score(st[1], TROPHY_VP, "prized_trophies")


# ----------------------------------------------------------------- evening
class LiveOff(Handler):
    """15.6.1 Live Off the Land: one Keeper warrior from each clearing with four or more."""

    name = "keepers.live_off"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        s: int = st[1]
        lost: list[tuple[int, int, int]] = []
        for c in g.all_clearings():
            if g.warriors[s][c] >= LIVE_OFF_AT:
                lost.append((s, c, remove_warriors(g, s, c, 1)))
        if lost:
            trigger_removals(g, s, lost, in_battle=False)


class Gather(Handler):
    """15.6.2 Gather Retinue: add any number of cards from hand to any columns, or shift
    one card to another column; at most ten cards. Args: (seat, 1 once a card was added)."""

    name = "keepers.gather"
    kind = "retinue"
    rule = "15.6.2"
    prompt = "Gather your Retinue"

    def options(self, g: Game, st: Step) -> list[Option]:
        s: int = st[1]
        fs = st_of(g, s)
        out: list[Option] = []
        if retinue_size(fs) < RETINUE_LIMIT:
            for card in dict.fromkeys(g.hands[s]):
                out.extend(("kk_add", card, RETINUE_COLS[i]) for i in range(3))
        if not st[2]:
            for i in range(3):
                for card in dict.fromkeys(fs.retinue[i]):
                    for j in range(3):
                        if j != i:
                            out.append(("kk_shift", card, RETINUE_COLS[i], RETINUE_COLS[j]))
        return out + [("kk_retinue_done",)]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        if o[0] == "kk_retinue_done":
            return
        s: int = st[1]
        fs = st_of(g, s)
        cols = [list(c) for c in fs.retinue]
        card: str = o[1]
        if o[0] == "kk_add":
            g.hands[s].remove(card)
            cols[RETINUE_COLS.index(o[2])].append(card)
            fs.retinue = (tuple(cols[0]), tuple(cols[1]), tuple(cols[2]))
            g.push(("keepers.gather", s, 1))
            return
        cols[RETINUE_COLS.index(o[2])].remove(card)
        cols[RETINUE_COLS.index(o[3])].append(card)
        fs.retinue = (tuple(cols[0]), tuple(cols[1]), tuple(cols[2]))


class Draw(Handler):
    """15.6.3 Draw one card plus one per uncovered draw bonus (waystations on the map);
    then discard down to five (discard_down). The shared Evening draw: Exposure before
    it (13.2.4), Informants instead of it (E&P)."""

    name = "keepers.draw"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        s: int = st[1]
        draw_cards(g, s, 1 + waystations_on_map(g, s))


register_steps(Relics(), Corner(), Edge(), Homeland(), NewTurn(), Encamp(), Decamp(), Recruit(),
               Retinue(), Delve(), Recover(), Carry(), Trophy(), LiveOff(), Gather(), Draw())

__all__ = ["HAND_LIMIT", "KeepersState", "Keepers", "map_edge"]
