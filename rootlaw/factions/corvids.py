"""Corvid Conspiracy (Law of Root, section 13).

Plot tokens on the map are tokens of the Corvids: a face-down plot is a token of kind
``"plot"`` (all anyone sees, 13.2.2.I), a face-up plot a token of its type (``bomb``,
``snare``, ``extortion``, ``raid``). What each face-down plot is lives in the faction's
state as a ``FaceDown`` (core/hidden.py): in the Corvids' view only, resampled by
determinization with the plots of the supply (face down there too, 13.2.2.I). Other
players' turns reach the Corvids through the core hooks: Exposure by
``anytime_options`` (13.2.4), Embedded Agents by ``battle_extra_hits`` (13.2.5), the
snare by ``blocks_placement`` and ``blocks_move`` (13.7.2), the raid by
``on_piece_removed`` (13.7.4).
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from rootlaw.core import advanced
from rootlaw.core.battle import Battle, battle_options, start_battle
from rootlaw.core.cards_ep import draw_cards, give_card, take_random_card
from rootlaw.core.catalog import SUITS, tracks
from rootlaw.core.effects import (
    DAYLIGHT_VERBS,
    apply_daylight_extra,
    daylight_extras,
    remove_all_enemy_pieces,
)
from rootlaw.core.faction_api import NO_STEPS, Faction, FactionDef, FactionState, register
from rootlaw.core.game import EVENING_DRAWN, Game
from rootlaw.core.hidden import FaceDown, face_down_view, hidden_pool
from rootlaw.core.move import move_options, move_step, remove_warriors, trigger_removals
from rootlaw.core.options import Option, secret_form, text_form
from rootlaw.core.steps import Handler, Step, register_steps

ME: Final = Faction.CORVIDS
_T: Final = tracks()["corvid_conspiracy"]
PLOT: Final = "plot"  # the map kind of a face-down plot token (13.2.2.I)
TYPES: Final[tuple[str, ...]] = ("bomb", "snare", "extortion", "raid")  # 13.7, the face-up kinds
PER_TYPE: Final = 2  # 13.2.2: two of each type
TOTAL: Final = 8
# every map kind of a plot
KINDS: Final[tuple[str, ...]] = ("plot", "bomb", "snare", "extortion", "raid")
POOL: Final = "plots"  # determinization pool: face-down plots on the map and in supply
ACTIONS: Final = 3  # 13.5
EXERTED: Final = "cv_exerted"  # g.once: 13.6.1 Exert taken this turn

text_form("cv_scatter", "place a warrior in {1}")
text_form("cv_home_plot", "place a face-down {2} in {1}")
secret_form("cv_home_plot", "place a face-down plot in {1}")
text_form("flip", "flip the plot in {1}")
text_form("cv_recruit", "spend {c1}: place a warrior in each {2} clearing")
text_form("cv_recruit_in", "place a warrior in {1}")
text_form("cv_plot", "Plot: place a face-down {2} in {1}")
secret_form("cv_plot", "Plot: place a face-down plot in {1}")
text_form("trick", "Trick: swap the plots in {1} and {2}")
text_form("no_exert", "do not exert (draw in Evening)")
text_form("expose", "Exposure: guess the plot in {1} is a {2}")
text_form("show_card", "show {c1} to the Corvids")
secret_form("show_card", "show a card to the Corvids")
text_form("raid_all", "Raid: place a warrior in each adjacent clearing")
text_form("raid_in", "Raid: place a warrior in {1}")


class CorvidsState(FactionState):
    __slots__ = ("facedown", "placed")

    def __init__(self, facedown: FaceDown | None = None, placed: int = 0) -> None:
        # what each face-down plot on the map is, by clearing (13.2.2.I)
        self.facedown: FaceDown = FaceDown() if facedown is None else facedown
        self.placed = placed  # plots placed this turn (13.5.2)

    def copy(self) -> CorvidsState:
        return CorvidsState(self.facedown, self.placed)  # FaceDown is immutable

    def to_json(self) -> dict[str, Any]:
        return {"facedown": self.facedown.to_json(), "placed": self.placed}

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> CorvidsState:
        facedown = FaceDown.from_json(d["facedown"])
        for ident in facedown.ids:
            if ident not in TYPES:
                raise ValueError(f"bad plot type {ident!r}")
        for kind in TYPES:
            if facedown.ids.count(kind) > PER_TYPE:
                raise ValueError(f"more than {PER_TYPE} {kind} plots")
        if len(set(facedown.locs)) != len(facedown.locs):
            raise ValueError("two plots in one clearing (13.2.2.II)")
        placed = int(d["placed"])
        if placed < 0:
            raise ValueError("plots placed cannot be negative")
        return cls(facedown, placed)


def st_of(g: Game, s: int) -> CorvidsState:
    fs = g.fstate[s]
    assert isinstance(fs, CorvidsState)
    return fs


# ----------------------------------------------------------------- helpers
def has_plot(g: Game, s: int, c: int) -> bool:
    """13.2.2.II: whether c holds a plot token of s, face up or down."""
    for p in g.tokens[c]:
        if p[0] == s and p[1] in KINDS:
            return True
    return False


def face_up_on_map(g: Game, s: int) -> int:
    """Face-up plot tokens on the map (13.4.2)."""
    return g.count_kinds(s, TYPES)


def plots_on_map(g: Game, s: int) -> int:
    return face_up_on_map(g, s) + g.count_token(s, PLOT)


def supply_types(g: Game, s: int) -> list[str]:
    """The plots in the Corvids' supply (face down there, 13.2.2.I): every plot that is
    not on the map, face up or down."""
    hidden = st_of(g, s).facedown.ids
    out: list[str] = []
    for kind in TYPES:
        n = PER_TYPE - g.count_token(s, kind) - hidden.count(kind)
        out.extend([kind] * n)
    return out


def on_map(g: Game, s: int) -> FaceDown:
    """The face-down plots still on the map: in a battle, a plot removed by a hit keeps
    its identity in the state until the battle's removals trigger (13.7.4)."""
    fd = st_of(g, s).facedown
    out = fd
    for c in fd.locs:
        if (s, PLOT) not in g.tokens[c]:
            out, _ = out.removed(c)
    return out


def snared(g: Game, s: int, c: int) -> bool:
    """13.7.2: a face-up snare of s in clearing c (c may be a forest or 0: no)."""
    return 0 < c < len(g.tokens) and g.has_piece_at(s, "snare", c)


def recruit_targets(g: Game, s: int, suit: str) -> list[int]:
    """13.4.3: the clearings of ``suit`` where the Corvids may place (6.2.2)."""
    return [c for c in g.clearings() if g.suit_match(c, suit) and g.may_place(s, c)]


def place_all(g: Game, s: int, clearings: Sequence[int]) -> None:
    for c in clearings:
        g.place_warriors(s, c, 1)


# ----------------------------------------------------------------- faction
class Corvids(FactionDef):
    id = ME
    name = "Corvid Conspiracy"
    setup_order = "I"  # setup priority (Rootbotics 2.2 lists the factions in this order)
    setup_class = "insurgent"  # A.8.1 (advanced_setup.json)
    reach = 3
    warriors = int(_T["warriors"])  # 13.3.1
    tokens = {PLOT: TOTAL, **{kind: PER_TYPE for kind in TYPES}}
    moves_ignore_rule = True  # 13.2.3 Nimble
    crafts_with: tuple[str, ...] = KINDS  # 13.2.1 plot tokens, face up or down

    def new_state(self) -> FactionState:
        return CorvidsState()

    def state_from_json(self, data: dict[str, Any]) -> FactionState:
        return CorvidsState.from_json(data)

    def setup_steps(self, g: Game, s: int) -> list[Step]:
        return [("corvids.scatter", s, i) for i in range(len(SUITS))]  # 13.3.2

    def advanced_setup_steps(self, g: Game, s: int) -> list[Step]:
        """Setup card (A.8.2): a homeland with a warrior and a face-down plot of your
        choice, then a warrior in a clearing of each suit (as 13.3.2)."""
        return [("corvids.homeland", s),
                *[("corvids.scatter", s, i) for i in range(len(SUITS))]]

    def phase_steps(self, g: Game, s: int, phase: str) -> list[Step]:
        if phase == "birdsong":  # 13.4.1 craft, 13.4.2 flip plots, 13.4.3 recruit
            return [("corvids.new_turn", s), ("craft", s), ("corvids.flip", s),
                    ("corvids.recruit", s)]
        if phase == "daylight":  # 13.5
            return [("corvids.daylight", s, ACTIONS)]
        # 13.6.1 exert, 13.6.2 draw and discard
        return [("corvids.exert", s), ("corvids.draw", s), ("discard_down", s)]

    def battle_extra_hits(self, g: Game, s: int, b: Battle, attacker: bool) -> int:
        """13.2.5 Embedded Agents: as defender, with a face-down plot in the clearing of
        battle (even defenseless), one extra hit."""
        if not attacker and (s, PLOT) in g.tokens[b.c]:
            return 1
        return 0

    def blocks_placement(self, g: Game, s: int, placer: int, c: int) -> bool:
        """13.7.2 Snare: enemy pieces cannot be placed in its clearing while face up."""
        return snared(g, s, c) and g.is_enemy(s, placer)

    def blocks_move(self, g: Game, s: int, mover: int, a: int, b: int) -> bool:
        """13.7.2 Snare: enemy pieces cannot be moved from its clearing while face up."""
        return snared(g, s, a) and g.is_enemy(s, mover)

    def limit_in_force(self, g: Game, s: int) -> bool:
        return len(g.piece_clearings(s, "snare")) != 0  # 13.7.2: a face-up snare

    def on_piece_removed(self, g: Game, s: int, c: int, kind: str, by: int) -> Sequence[Step]:
        """13.7.4 Raid: whenever a raid is removed, face up or down (its identity is
        still known here; Exposure takes it first, so an exposed raid does nothing)."""
        if kind == PLOT:
            fs = st_of(g, s)
            fs.facedown, kind = fs.facedown.removed(c)
        if kind != "raid":
            return NO_STEPS
        return [("corvids.raid", s, c, ())]

    def anytime_options(self, g: Game, s: int, current: int) -> list[Any]:
        """13.2.4 Exposure: on its turn, before drawing in its Evening, an enemy with
        faction pieces in a clearing with a face-down plot, and a matching card to show,
        may guess the plot's type. Bots have no hand (Rootbotics 2.8.1): never."""
        if (g.turn_seat != current or not g.is_enemy(s, current)
                or not g.fdefs[current].has_hand or not g.hands[current]):
            return []
        if g.phase == "evening" and EVENING_DRAWN in g.once:
            return []
        out: list[Any] = []
        for c in g.piece_clearings(s, PLOT):
            if g.has_any_piece(current, c) and g.cards_matching_clearing(current, c):
                for kind in TYPES:
                    out.append(("expose", c, kind))
        return out

    def apply_anytime(self, g: Game, s: int, current: int, o: Any) -> None:
        g.push(("corvids.show", current, s, o[1], o[2]))

    def hidden(self, g: Game, s: int, viewer: int) -> dict[str, list[str]]:
        """13.2.2.I: face-down plots (on the map and in the supply) are the Corvids'
        to inspect only."""
        return hidden_pool(POOL, st_of(g, s).facedown, supply_types(g, s), viewer == s)

    def set_hidden(self, g: Game, s: int, viewer: int, values: dict[str, list[str]]) -> None:
        v = values.get(POOL)
        if v is not None:
            fs = st_of(g, s)
            fs.facedown = fs.facedown.with_ids(v)

    def view(self, g: Game, s: int, viewer: int | None) -> dict[str, Any]:
        fs = st_of(g, s)
        sees = viewer == s
        supply: dict[str, int] | None = None
        if sees:
            supply = {}
            for kind in supply_types(g, s):
                supply[kind] = supply.get(kind, 0) + 1
        return {
            # 13.2.2.I: where the face-down plots are; what they are, to the Corvids only
            "face_down": face_down_view(PLOT, on_map(g, s), sees),
            "face_up": {kind: g.count_token(s, kind) for kind in TYPES},
            "plots_in_supply": TOTAL - plots_on_map(g, s),
            "supply": supply,
            "plots_placed_this_turn": fs.placed if g.turn_seat == s else 0,
            "exerted": g.turn_seat == s and EXERTED in g.once,
        }


register(Corvids())


# ------------------------------------------------------------------- setup
class Scatter(Handler):
    """13.3.2 Scatter: one warrior in a clearing of each suit. Args: (seat, suit index)."""

    name = "corvids.scatter"
    kind = "setup_warriors"
    rule = "13.3.2"

    def describe(self, g: Game, st: Step) -> str:
        return f"Place a warrior in a {SUITS[st[2]]} clearing"

    def options(self, g: Game, st: Step) -> list[Option]:
        s: int = st[1]
        return scatter_options(g, s, SUITS[st[2]]) or [("done",)]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        if o[0] == "cv_scatter":
            g.place_warriors(st[1], o[1], 1)


class Homeland(Handler):
    """Setup card (A.8.2): the homeland (any clearing that is no enemy's homeland,
    A.8.2.I); one warrior there, then a plot of your choice face down."""

    name = "corvids.homeland"
    kind = "setup_homeland"
    rule = "A.8.2"
    prompt = "Choose your homeland"

    def options(self, g: Game, st: Step) -> list[Option]:
        return advanced.homeland_options(g, st[1], g.clearings(), 0, False, advanced.ANY)

    def apply(self, g: Game, st: Step, o: Option) -> None:
        s: int = st[1]
        c: int = o[1]
        advanced.add_homeland(g, s, c)
        g.place_warriors(s, c, 1)
        g.push(("corvids.homeland_plot", s, c))


class HomelandPlot(Handler):
    """Setup card (A.8.2): a plot of your choice, face down (13.2.2), in the homeland."""

    name = "corvids.homeland_plot"
    kind = "setup_plot"
    rule = "A.8.2"
    prompt = "Choose the plot to place face down in your homeland"

    def options(self, g: Game, st: Step) -> list[Option]:
        s: int = st[1]
        if not g.may_place(s, st[2]):
            return [("done",)]
        return [("cv_home_plot", st[2], k) for k in dict.fromkeys(supply_types(g, s))]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        if o[0] != "cv_home_plot":
            return
        s: int = st[1]
        c: int = o[1]
        g.place_token(s, PLOT, c)
        fs = st_of(g, s)
        fs.facedown = fs.facedown.added(c, o[2])


def scatter_options(g: Game, s: int, suit: str) -> list[Option]:
    if not g.warrior_supply(s):
        return []
    return [("cv_scatter", c) for c in recruit_targets(g, s, suit)]


# ---------------------------------------------------------------- birdsong
class NewTurn(Handler):
    """The count of plots placed this turn starts again (13.5.2)."""

    name = "corvids.new_turn"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        st_of(g, st[1]).placed = 0


class Flip(Handler):
    """13.4.2 Flip Plots, any number of times."""

    name = "corvids.flip"
    kind = "flip"
    rule = "13.4.2"
    prompt = "Flip a plot face up (where you have warriors), or go on"

    def options(self, g: Game, st: Step) -> list[Option]:
        s: int = st[1]
        w = g.warriors[s]
        out: list[Option] = [("flip", c) for c in g.piece_clearings(s, PLOT) if w[c]]
        return out + [("done",)]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        if o[0] == "done":
            return
        g.push(st)  # again, after what the flip triggers
        flip(g, st[1], o[1])


def flip(g: Game, s: int, c: int) -> None:
    """13.4.2: face up; one VP per face-up plot on the map (the new one included); then
    the flip effect of a bomb (13.7.1) or an extortion (13.7.3)."""
    fs = st_of(g, s)
    fs.facedown, kind = fs.facedown.removed(c)
    g.take_piece(c, (s, PLOT))
    g.place_token(s, kind, c)
    g.note("flip", g.factions[s], c, kind)
    g.score(s, face_up_on_map(g, s), "flip")
    if kind == "bomb":  # 13.7.1: every enemy piece, then the bomb itself
        remove_all_enemy_pieces(g, s, c)  # one removal event; its triggers after (1.4.2)
        g.take_piece(c, (s, "bomb"))
    elif kind == "extortion":  # 13.7.3: a random card from each enemy with pieces there
        for t in g.enemies(s):
            if g.has_any_piece(t, c):
                take_random_card(g, s, t)


class Recruit(Handler):
    """13.4.3 Recruit, once per turn: spend any card to place a warrior in each clearing
    of its suit (a bird: of one suit chosen). Offered only if a warrior can be placed."""

    name = "corvids.recruit"
    kind = "recruit"
    rule = "13.4.3"
    prompt = "Recruit: spend a card to place a warrior in each matching clearing?"

    def options(self, g: Game, st: Step) -> list[Option]:
        s: int = st[1]
        out: list[Option] = []
        if g.warrior_supply(s):
            for cid in dict.fromkeys(g.hands[s]):
                suit = g.suit_of(cid)
                for target in SUITS:
                    if (suit == target or suit == "bird") and recruit_targets(g, s, target):
                        out.append(("cv_recruit", cid, target))
        return out + [("done",)]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        if o[0] == "done":
            return
        s: int = st[1]
        g.spend(s, o[1])
        targets = recruit_targets(g, s, o[2])
        if g.warrior_supply(s) >= len(targets):
            place_all(g, s, targets)
        else:  # 1.5.4: as many as possible, where the Corvids choose
            g.push(("corvids.recruit_in", s, tuple(targets)))


class RecruitIn(Handler):
    """1.5.4 with 13.4.3: warriors run short; the Corvids choose where, one at a time.
    Args: (seat, clearings still without a warrior)."""

    name = "corvids.recruit_in"
    kind = "recruit"
    rule = "13.4.3"
    prompt = "Warriors are short: choose a clearing to receive a warrior"

    def options(self, g: Game, st: Step) -> list[Option]:
        s: int = st[1]
        if not g.warrior_supply(s) or not st[2]:
            return [("done",)]
        return [("cv_recruit_in", c) for c in st[2]]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        if o[0] == "done":
            return
        s: int = st[1]
        c: int = o[1]
        g.place_warriors(s, c, 1)
        g.push(("corvids.recruit_in", s, tuple(x for x in st[2] if x != c)))


# ---------------------------------------------------------------- daylight
def plot_options(g: Game, s: int) -> list[Option]:
    """13.5.2 Plot: from a clearing with no plot token (13.2.2.II) and enough Corvid
    warriors to remove (one plus one per plot placed this turn), where the Corvids may
    place; one option per type left in the supply."""
    kinds = list(dict.fromkeys(supply_types(g, s)))
    if not kinds:
        return []
    cost = 1 + st_of(g, s).placed
    w = g.warriors[s]
    out: list[Option] = []
    for c in g.clearings():
        if w[c] >= cost and not has_plot(g, s, c) and g.may_place(s, c):
            for kind in kinds:
                out.append(("cv_plot", c, kind))
    return out


def trick_options(g: Game, s: int) -> list[Option]:
    """13.5.4 Trick: two plots on the map, both face up or both face down."""
    out: list[Option] = []
    down = g.piece_clearings(s, PLOT)
    for i in range(len(down)):
        for j in range(i + 1, len(down)):
            out.append(("trick", down[i], down[j]))
    up = g.kinds_clearings(s, TYPES)
    for i in range(len(up)):
        for j in range(i + 1, len(up)):
            out.append(("trick", up[i], up[j]))
    return out


def action_options(g: Game, s: int) -> list[Option]:
    """13.5: Move, Plot, Battle, Trick."""
    return move_options(g, s) + plot_options(g, s) + battle_options(g, s) + trick_options(g, s)


def take_action(g: Game, s: int, o: Option) -> None:
    verb = o[0]
    if verb == "move" or verb == "ferry":  # 13.5.1 (C.2.5 by the Ferry)
        g.push(move_step(s, o))
    elif verb == "battle":  # 13.5.3
        start_battle(g, s, o[1], g.seat_of(o[2]))
    elif verb == "cv_plot":
        place_plot(g, s, o[1], o[2])
    elif verb == "trick":
        trick(g, s, o[1], o[2])
    else:  # pragma: no cover - the menus list only these
        raise ValueError(o)


def place_plot(g: Game, s: int, c: int, kind: str) -> None:
    """13.5.2: remove the warriors, place the plot face down."""
    fs = st_of(g, s)
    cost = 1 + fs.placed
    remove_warriors(g, s, c, cost)
    g.place_token(s, PLOT, c)
    fs.facedown = fs.facedown.added(c, kind)
    fs.placed += 1
    trigger_removals(g, s, [(s, c, cost)], in_battle=False)


def trick(g: Game, s: int, a: int, b: int) -> None:
    """13.5.4: swap (G.1.31: ignoring placement and movement limits)."""
    fs = st_of(g, s)
    if (s, PLOT) in g.tokens[a]:
        fs.facedown = fs.facedown.swapped(a, b)
        return
    ka = plot_kind(g, s, a)
    kb = plot_kind(g, s, b)
    g.take_piece(a, (s, ka))
    g.take_piece(b, (s, kb))
    g.place_token(s, kb, a)
    g.place_token(s, ka, b)


def plot_kind(g: Game, s: int, c: int) -> str:
    for p in g.tokens[c]:
        if p[0] == s and p[1] in KINDS:
            return p[1]
    raise ValueError(f"no plot in {c}")


class Daylight(Handler):
    """13.5: up to three actions, in any order and number. Args: (seat, actions left)."""

    name = "corvids.daylight"
    kind = "action"
    rule = "13.5"

    def describe(self, g: Game, st: Step) -> str:
        return f"Corvid Daylight: choose an action ({st[2]} left)"

    def options(self, g: Game, st: Step) -> list[Option]:
        s: int = st[1]
        out = daylight_extras(g, s)
        if st[2] > 0:
            out += action_options(g, s)
        out.append(("done",))
        return out

    def apply(self, g: Game, st: Step, o: Option) -> None:
        s: int = st[1]
        verb = o[0]
        if verb == "done":
            return
        if verb in DAYLIGHT_VERBS:
            g.push(st)
            apply_daylight_extra(g, s, o)
            return
        g.push(("corvids.daylight", s, st[2] - 1))
        take_action(g, s, o)


# ----------------------------------------------------------------- evening
class Exert(Handler):
    """13.6.1 Exert: one Daylight action, drawing no cards this Evening."""

    name = "corvids.exert"
    kind = "exert"
    rule = "13.6.1"
    prompt = "Exert: take one Daylight action and draw no cards?"

    def options(self, g: Game, st: Step) -> list[Option]:
        if EVENING_DRAWN in g.once:  # a card drawn this Evening (Charm Offensive): too late
            return [("no_exert",)]
        # not by the Ferry: its mover draws a card (C.2.5), and exerting draws none
        out = [o for o in action_options(g, st[1]) if o[0] != "ferry"]
        return out + [("no_exert",)]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        if o[0] == "no_exert":
            return
        g.once = g.once | {EXERTED}
        take_action(g, st[1], o)


class Draw(Handler):
    """13.6.2 Draw one card plus one per face-up extortion on the map (not after
    exerting, 13.6.1; discarding down to five follows either way)."""

    name = "corvids.draw"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        s: int = st[1]
        if EXERTED not in g.once:
            draw_cards(g, s, 1 + g.count_token(s, "extortion"))  # Informants may replace it


# ------------------------------------------------------------ plot effects
class Raid(Handler):
    """13.7.4 Raid: one Corvid warrior in each clearing adjacent to the raid's (where the
    Corvids may place); warriors short, the Corvids choose (1.5.4). Args: (seat,
    clearing, clearings done)."""

    name = "corvids.raid"
    kind = "raid"
    rule = "13.7.4"
    prompt = "Raid: warriors are short; choose a clearing to receive one"

    def options(self, g: Game, st: Step) -> list[Option]:
        s: int = st[1]
        c: int = st[2]
        targets = [x for x in g.adjacent(c) if x not in st[3] and g.may_place(s, x)]
        left = g.warrior_supply(s)
        if not targets or not left:
            return [("done",)]
        if left >= len(targets):
            return [("raid_all",)]
        return [("raid_in", x) for x in targets]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        s: int = st[1]
        c: int = st[2]
        if o[0] != "done" and not st[3]:  # the warriors show it was a raid (face down too)
            g.note("raid", g.factions[s], c)
        if o[0] == "raid_all":
            place_all(g, s, [x for x in g.adjacent(c) if x not in st[3] and g.may_place(s, x)])
        elif o[0] == "raid_in":
            g.place_warriors(s, o[1], 1)
            g.push(("corvids.raid", s, c, st[3] + (o[1],)))


# ---------------------------------------------------------------- exposure
class Show(Handler):
    """13.2.4 Exposure: the guesser shows the Corvids a card matching the clearing.
    Args: (guesser, Corvids seat, clearing, type guessed)."""

    name = "corvids.show"
    kind = "exposure"
    rule = "13.2.4"
    prompt = "Exposure: show the Corvids a card matching the clearing"

    def options(self, g: Game, st: Step) -> list[Option]:
        return [("show_card", cid) for cid in g.cards_matching_clearing(st[1], st[3])]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        expose(g, st[2], st[1], st[3], st[4], o[1])


def expose(g: Game, s: int, guesser: int, c: int, guess: str, card: str) -> None:
    """13.2.4: right, the guesser removes the plot (3.2.1: one VP) and its effect is
    ignored (13.7.4: no raid); wrong, the Corvids say "no" and take the card."""
    fs = st_of(g, s)
    if fs.facedown.identity(c) == guess:
        fs.facedown, _ = fs.facedown.removed(c)  # gone first: its removal raids nothing
        g.take_piece(c, (s, PLOT))
        g.note("exposed", g.factions[guesser], c, guess)
        g.score(guesser, g.fdefs[s].points_for_removal(g, s, PLOT), "removal")
        trigger_removals(g, guesser, [], [(s, c, PLOT)], in_battle=False)
    else:
        g.note("not_exposed", g.factions[guesser], c, guess)
        give_card(g, guesser, s, card)


register_steps(
    Scatter(), Homeland(), HomelandPlot(), NewTurn(), Flip(), Recruit(), RecruitIn(), Daylight(),
    Exert(), Draw(),
    Raid(), Show(),
)
