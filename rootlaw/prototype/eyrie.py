"""The prototype's Eyrie Dynasties (P2.7 setup, P8; Lords of the Forest, P4.7.2)."""
from __future__ import annotations

from typing import Any, Final

from rootlaw.core.faction_api import FactionState, register
from rootlaw.core.game import Game
from rootlaw.core.options import Option, text_form
from rootlaw.core.steps import Handler, Step, register_steps
from rootlaw.prototype.base import DATA, HOMELAND, RULES, ProtoFaction, matches
from rootlaw.prototype.battle import battle_targets, start_battle
from rootlaw.prototype.cards import DAYLIGHT_VERBS, apply_daylight_extra, daylight_extras
from rootlaw.prototype.craft import craft, craft_options
from rootlaw.prototype.moves import move_options, take_move
from rootlaw.prototype.turn import end_turn_now

ME: Final = "eyrie"
_E: Final[dict[str, Any]] = DATA["eyrie"]
ROOST: Final = "roost"
STARRED: Final = "starred_roost"  # P2.7.1, P5.4.7: the crafting roosts
# P2.7.1 the roost track (reconstructed): the kind of roost on each space, its points
KIND_AT: Final[tuple[str, ...]] = tuple(STARRED if x["star"] else ROOST for x in _E["roost_track"])
TRACK_VP: Final[tuple[int, ...]] = tuple(int(x["vp"]) for x in _E["roost_track"])
SPACES: Final[dict[str, tuple[int, ...]]] = {
    k: tuple(i for i in range(len(KIND_AT)) if KIND_AT[i] == k) for k in (ROOST, STARRED)}
COINS_AT: Final[tuple[int, ...]] = tuple(int(x) for x in _E["coins_at_roosts"])
COLUMNS: Final[tuple[str, ...]] = tuple(str(x) for x in _E["columns"])  # P8.2.1
LEADERS: Final[dict[str, tuple[str, ...]]] = {
    str(k): tuple(str(c) for c in v) for k, v in _E["leaders"].items()}  # P8.14-P8.17
VIZIER: Final = "loyal_vizier"  # P2.7.4: a bird card of the Eyrie's own, never discarded
START_WARRIORS: Final = 6  # P2.7.2

text_form("decree", "add {c1} to the {2} column")
text_form("leader", "choose the {1} leader")
text_form("decree_recruit", "recruit ({1}) in {2}")
text_form("decree_build", "build a roost ({1}) in {2}")
text_form("turmoil", "cannot resolve a {1} card: fall into turmoil")
text_form("roost", "place the new roost in {1}")
text_form("p_reform", "reform: spend {c1} to move {c2} from {3} to {4}")
text_form("p_resolve", "resolve the Decree")
text_form("p_next", "next card of the Decree")


class EyrieState(FactionState):
    """The current leader, the leaders still face up beside it (P8.12.2), the Decree's
    four columns, top card first (P8.2.1)."""

    __slots__ = ("leader", "face_up", "decree")

    def __init__(self, leader: str = "", face_up: tuple[str, ...] = (),
                 decree: tuple[tuple[str, ...], ...] = ((), (), (), ())) -> None:
        self.leader = leader
        self.face_up = face_up
        self.decree = decree

    def copy(self) -> EyrieState:
        return EyrieState(self.leader, self.face_up, self.decree)  # tuples: shared

    def to_json(self) -> dict[str, Any]:
        return {"leader": self.leader, "face_up": list(self.face_up),
                "decree": [list(col) for col in self.decree]}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> EyrieState:
        decree = tuple(tuple(str(c) for c in col) for col in data["decree"])
        if len(decree) != len(COLUMNS):
            raise ValueError("the Decree has four columns")
        return cls(str(data["leader"]), tuple(str(x) for x in data["face_up"]), decree)


def es(g: Game, s: int) -> EyrieState:
    fs = g.fstate[s]
    assert isinstance(fs, EyrieState)
    return fs


def card_suit(g: Game, cid: str) -> str:
    return "bird" if cid == VIZIER else g.suit_of(cid)


def suit_fits(g: Game, c: int, suit: str) -> bool:
    """P8.2.3: the clearing's nation matches the card's suit (a bird: any clearing)."""
    return suit == "bird" or matches(g, c, suit)


def roosts_on_map(g: Game, s: int) -> int:
    return g.count_building(s, ROOST) + g.count_building(s, STARRED)


def next_roost(g: Game, s: int) -> str:
    """P3.2.2: the leftmost roost left on the track ("" if none). A roost removed goes
    back to the rightmost empty space of its kind, so each kind's empty spaces are its
    first ones: the track follows from the roosts on the map."""
    best = len(KIND_AT)
    kind = ""
    for k in (ROOST, STARRED):
        placed = g.count_building(s, k)
        spaces = SPACES[k]
        if placed < len(spaces) and spaces[placed] < best:
            best = spaces[placed]
            kind = k
    return kind


def track_vp(g: Game, s: int) -> int:
    """P8.11.1: the points below the rightmost empty space of the roost track."""
    right = -1
    for k in (ROOST, STARRED):
        placed = g.count_building(s, k)
        if placed:
            right = max(right, SPACES[k][placed - 1])
    return TRACK_VP[right] if right >= 0 else 0


def place_roost(g: Game, s: int, c: int) -> None:
    g.place_building(s, next_roost(g, s), c)


def has_roost(g: Game, s: int, c: int) -> bool:
    for p in g.buildings[c]:
        if p[0] == s and (p[1] == ROOST or p[1] == STARRED):
            return True
    return False


def with_viziers(leader: str) -> tuple[tuple[str, ...], ...]:
    """P2.7.4, P8.12.2: the Loyal Viziers on the columns the leader shows."""
    cols = LEADERS[leader]
    return tuple((VIZIER,) if COLUMNS[i] in cols else () for i in range(len(COLUMNS)))


class Eyrie(ProtoFaction):
    id = ME
    name = "Eyrie Dynasties"
    warriors = int(DATA["warriors"]["eyrie"])  # P1.6.2
    buildings = {ROOST: len(SPACES[ROOST]), STARRED: len(SPACES[STARRED])}
    crafts_with: tuple[str, ...] = (STARRED,)  # P5.4.7
    hand_limit = int(DATA["hand_limits"]["eyrie"])  # P8.11.2

    def new_state(self) -> FactionState:
        return EyrieState()

    def state_from_json(self, data: dict[str, Any]) -> FactionState:
        return EyrieState.from_json(data)

    def setup_steps(self, g: Game, s: int) -> list[Step]:
        return [("proto.e.setup", s), ("proto.e.leader", s)]

    def phase_steps(self, g: Game, s: int, phase: str) -> list[Step]:
        if phase == "birdsong":
            return [("proto.e.add", s, 1)]
        if phase == "daylight":
            return [("proto.e.daylight", s)]
        return [("proto.e.evening", s), ("proto.discard_down", s)]

    def rules_on_tie(self, g: Game, s: int, c: int) -> bool:
        """P4.7.2 Lords of the Forest."""
        return True

    def coins(self, g: Game, s: int) -> int:
        """Its board's coin, one more per uncovered roost space (reconstructed), and its
        crafted coins (P7.10.1)."""
        n = roosts_on_map(g, s)
        extra = 0
        for at in COINS_AT:
            if n >= at:
                extra += 1
        return ProtoFaction.coins(self, g, s) + extra

    def improvement_vp(self, g: Game, s: int, vp: int) -> int:
        """P8.14.2 Builder: "Whenever an improvement scores you victory points, you
        score double" (crafting's points and Royal Claim's alike)."""
        return 2 * vp if es(g, s).leader == "builder" else vp

    def attack_bonus(self, g: Game, s: int) -> int:
        """P8.16.2 Commander: an extra hit as the attacker."""
        return 1 if es(g, s).leader == "commander" else 0

    def removal_bonus(self, g: Game, s: int) -> int:
        """P8.17.2 Despot: another point for an opponent's building removed."""
        return 1 if es(g, s).leader == "despot" else 0

    def beaver_builds(self, g: Game, s: int, c: int) -> list[tuple[str, str]]:
        """P10.2.2 by its rules (P8.10): a Roost left, an empty slot, none there yet."""
        if next_roost(g, s) and g.open_slots(c) > 0 and not has_roost(g, s, c):
            return [(next_roost(g, s), "")]
        return []

    def beaver_build(self, g: Game, s: int, c: int, kind: str, nation: str) -> None:
        place_roost(g, s, c)

    def cards_held(self, g: Game, s: int) -> list[str]:
        out: list[str] = []
        for col in es(g, s).decree:
            for cid in col:
                if cid != VIZIER:
                    out.append(cid)
        return out

    def view(self, g: Game, s: int, viewer: int | None) -> dict[str, Any]:
        st = es(g, s)
        down = [x for x in LEADERS if x != st.leader and x not in st.face_up]
        return {
            "leader": st.leader,
            "leaders_face_up": list(st.face_up),
            "leaders_face_down": down,
            "decree": {COLUMNS[i]: list(st.decree[i]) for i in range(len(COLUMNS))},
            "roosts_on_track": len(KIND_AT) - roosts_on_map(g, s),
            "next_roost": next_roost(g, s) or None,
            "coins": self.coins(g, s),
        }


EYRIE: Final = Eyrie()
register(EYRIE, RULES)


# ------------------------------------------------------------------- setup
class Setup(Handler):
    """P2.7.2: a Roost and six warriors on the Homeland."""

    name = "proto.e.setup"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        s: int = st[1]
        if g.open_slots(HOMELAND) > 0:
            place_roost(g, s, HOMELAND)
        g.place_warriors(s, HOMELAND, START_WARRIORS)


class ChooseLeader(Handler):
    """P2.7.3 (P8.12.2 after turmoil): choose a leader among those face up; the Loyal
    Viziers go on its columns (P2.7.4)."""

    name = "proto.e.leader"
    kind = "leader"
    rule = "P2.7.3"
    prompt = "Choose your leader"

    def options(self, g: Game, st: Step) -> list[Option]:
        st_ = es(g, st[1])
        pool = st_.face_up if st_.leader else tuple(LEADERS)
        return [("leader", x) for x in pool]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        e = es(g, st[1])
        pool = e.face_up if e.leader else tuple(LEADERS)
        e.leader = o[1]
        e.face_up = tuple(x for x in pool if x != o[1])
        e.decree = with_viziers(o[1])


# ---------------------------------------------------------------- birdsong
class AddToDecree(Handler):
    """P8.3.1: one bird card, or one or two non-bird cards, each to the end of any
    column. Args: (seat, 1 for the first card)."""

    name = "proto.e.add"
    kind = "decree"
    rule = "P8.3.1"

    def describe(self, g: Game, st: Step) -> str:
        return "Add a card to the Decree" if st[2] else "Add a second non-bird card?"

    def options(self, g: Game, st: Step) -> list[Option]:
        s: int = st[1]
        out: list[Option] = []
        for cid in dict.fromkeys(g.hands[s]):
            if not st[2] and card_suit(g, cid) == "bird":
                continue
            for col in COLUMNS:
                out.append(("decree", cid, col))
        if not st[2] or not out:
            out.append(("done",))
        return out

    def apply(self, g: Game, st: Step, o: Option) -> None:
        if o[0] == "done":
            return
        s: int = st[1]
        e = es(g, s)
        g.hands[s].remove(o[1])
        i = COLUMNS.index(o[2])
        e.decree = tuple(e.decree[j] + (o[1],) if j == i else e.decree[j]
                         for j in range(len(COLUMNS)))
        if st[2] and card_suit(g, o[1]) != "bird":
            g.push(("proto.e.add", s, 0))


# ---------------------------------------------------------------- daylight
def reform_options(g: Game, s: int) -> list[Option]:
    """P8.5.1: spend any card to move a Decree card of its suit (a bird spent moves
    any) to the end of another column."""
    out: list[Option] = []
    decree = es(g, s).decree
    for pay in dict.fromkeys(g.hands[s]):
        psuit = card_suit(g, pay)
        for i in range(len(COLUMNS)):
            for cid in dict.fromkeys(decree[i]):
                if psuit != "bird" and card_suit(g, cid) != psuit:
                    continue
                for j in range(len(COLUMNS)):
                    if j != i:
                        out.append(("p_reform", pay, cid, COLUMNS[i], COLUMNS[j]))
    return out


class Daylight(Handler):
    """P8.4.1: Reform and Craft any number of times (P8.5, P8.6), then resolve the
    Decree (P8.6.2)."""

    name = "proto.e.daylight"
    kind = "action"
    rule = "P8.4.1"
    prompt = "Reform, craft, or resolve the Decree"

    def options(self, g: Game, st: Step) -> list[Option]:
        s: int = st[1]
        return (daylight_extras(g, s) + craft_options(g, s) + reform_options(g, s)
                + [("p_resolve",)])

    def apply(self, g: Game, st: Step, o: Option) -> None:
        s: int = st[1]
        verb = o[0]
        if verb == "p_resolve":
            g.push(("proto.e.decree", s, 0, 0))
            return
        g.push(st)
        if verb in DAYLIGHT_VERBS:
            apply_daylight_extra(g, s, o)
        elif verb == "craft":
            craft(g, s, o[1], o[2])
        else:
            g.spend(s, o[1])
            e = es(g, s)
            i, j = COLUMNS.index(o[3]), COLUMNS.index(o[4])
            col = list(e.decree[i])
            col.remove(o[2])
            e.decree = tuple(tuple(col) if k == i else e.decree[k] + (o[2],) if k == j
                             else e.decree[k] for k in range(len(COLUMNS)))


def recruit_amount(g: Game, s: int) -> int:
    """P8.15.2 Charismatic: two warriors per Recruit card."""
    return 2 if es(g, s).leader == "charismatic" else 1


def decree_options(g: Game, s: int, col: int, suit: str) -> list[Option]:
    """The legal actions of a Decree card (P8.7-P8.10); none: turmoil."""
    if col == 0:  # P8.7.1 Recruit
        if not g.warrior_supply(s):
            return []
        out: list[Option] = []
        for c in g.clearings():
            if suit_fits(g, c, suit) and has_roost(g, s, c):
                out.append(("decree_recruit", suit, c))
        return out
    if col == 1:  # P8.8.1 Move
        origins = [c for c in g.clearings() if g.warriors[s][c] and suit_fits(g, c, suit)]
        return move_options(g, s, origins)
    if col == 2:  # P8.9.1 Battle
        return battle_targets(g, s, [c for c in g.clearings() if suit_fits(g, c, suit)])
    if not next_roost(g, s):  # P8.10.1 Build (P8.10.2 Jealous Fiefs)
        return []
    return [("decree_build", suit, c) for c in g.clearings()
            if suit_fits(g, c, suit) and g.rules(s, c) and g.open_slots(c) > 0
            and not has_roost(g, s, c)]


class Decree(Handler):
    """P8.6.2: resolve the Decree, leftmost column first, top card first; an action that
    cannot be taken means turmoil (P8.7-P8.10). Args: (seat, column, card)."""

    name = "proto.e.decree"
    kind = "decree_action"
    rule = "P8.6.2"

    def describe(self, g: Game, st: Step) -> str:
        col, i = st[2], st[3]
        if col >= len(COLUMNS):
            return "The Decree is resolved"
        return f"Decree: {COLUMNS[col]} card {i + 1}"

    def options(self, g: Game, st: Step) -> list[Option]:
        s: int = st[1]
        col: int = st[2]
        i: int = st[3]
        if col >= len(COLUMNS):
            return [("done",)]
        column = es(g, s).decree[col]
        if i >= len(column):
            return [("p_next",)]
        out = decree_options(g, s, col, card_suit(g, column[i]))
        return out or [("turmoil", COLUMNS[col])]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        s: int = st[1]
        col: int = st[2]
        i: int = st[3]
        verb = o[0]
        if verb == "done":
            return
        if verb == "p_next":
            g.push(("proto.e.decree", s, col + 1, 0))
            return
        if verb == "turmoil":
            g.note("decree_failed", g.factions[s], o[1])  # (not the Law's "turmoil", 7.7)
            g.push(("proto.e.turmoil", s), ("proto.e.leader", s), ("proto.e.rebuild", s),
                   ("proto.e.end_now", s))
            return
        nxt: Step = ("proto.e.decree", s, col, i + 1)
        if verb == "decree_recruit":
            g.place_warriors(s, o[2], recruit_amount(g, s))
            g.push(nxt)
        elif verb == "decree_build":
            place_roost(g, s, o[2])
            g.push(nxt)
        elif verb == "battle":
            g.push(nxt)
            start_battle(g, s, o[1], g.seat_of(o[2]))
        else:
            take_move(g, s, o, st, nxt)


class Turmoil(Handler):
    """P8.12.1-P8.12.3: the Decree discarded but the Loyal Viziers; the leader face
    down; with none face up left, all turn face up; a new leader is chosen next."""

    name = "proto.e.turmoil"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        s: int = st[1]
        e = es(g, s)
        for col in e.decree:
            for cid in col:
                if cid != VIZIER:
                    g.discard_card(cid)
        e.decree = ((), (), (), ())
        if not e.face_up:  # the deposed leader is face down too: all turn face up
            e.face_up = tuple(LEADERS)


class Rebuild(Handler):
    """P8.12.4: with no Roost on the map, build one in any clearing."""

    name = "proto.e.rebuild"
    kind = "roost"
    rule = "P8.12.4"
    prompt = "No roost on the map: place one in any clearing"

    def options(self, g: Game, st: Step) -> list[Option]:
        s: int = st[1]
        if roosts_on_map(g, s) or not next_roost(g, s):
            return [("done",)]
        out: list[Option] = [("roost", c) for c in g.clearings() if g.open_slots(c) > 0]
        return out or [("done",)]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        if o[0] == "roost":
            place_roost(g, st[1], o[1])


class EndNow(Handler):
    """P8.12.5: the turn ends; no more Decree actions, no Evening."""

    name = "proto.e.end_now"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        end_turn_now(g, st[1])


# ----------------------------------------------------------------- evening
class Evening(Handler):
    """P8.11.1: score the points below the rightmost empty space of the roost track."""

    name = "proto.e.evening"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        s: int = st[1]
        g.score(s, track_vp(g, s), "roosts")


register_steps(Setup(), ChooseLeader(), AddToDecree(), Daylight(), Decree(), Turmoil(),
               Rebuild(), EndNow(), Evening())
