"""Eyrie Dynasties (Law of Root, section 7)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from rootlaw.core import advanced
from rootlaw.core.battle import battle_targets, start_battle
from rootlaw.core.cards_ep import draw_cards
from rootlaw.core.catalog import tracks
from rootlaw.core.effects import daylight_extras, took_daylight_extra
from rootlaw.core.faction_api import Faction, FactionDef, FactionState, register
from rootlaw.core.game import Game
from rootlaw.core.move import ferry_pairs, move_pairs
from rootlaw.core.options import Option, distinct_ints, repeated, text_form
from rootlaw.core.steps import Handler, Step, register_steps

if TYPE_CHECKING:
    from rootlaw.core.battle import Battle
    from rootlaw.core.catalog import Card

ME: Final = Faction.EYRIE
_T: Final = tracks()["eyrie"]
# by roosts on the map - 1
ROOST_VP: Final[tuple[int, ...]] = tuple(int(x) for x in _T["roost_vp_per_turn_by_roosts_on_map"])
DRAW_BONUS_AT: Final[tuple[int, ...]] = tuple(int(x) for x in _T["roost_card_draw_bonus_at"])
ROOSTS: Final[int] = int(_T["roosts"])  # one placed, six on the Roosts track (7.3.2, 7.3.5)
LEADERS: Final[dict[str, tuple[str, str]]] = {k: (v[0], v[1]) for k, v in _T["leaders"].items()}
COLUMNS: Final[tuple[str, ...]] = ("recruit", "move", "battle", "build")  # 7.5.2, left to right
VIZIER: Final = "loyal_vizier"  # 7.3.4: two bird cards that never leave the Decree
LEADER_TEXTS: Final[dict[str, str]] = {str(k): str(v) for k, v in _T["leader_texts"].items()}


def leaders_told(prompt: str, leaders: tuple[str, ...]) -> str:
    """A leader choice's prompt with what each leader does (7.8), so the choice says it."""
    return f"{prompt}. " + " ".join(f"{x.title()}: {LEADER_TEXTS[x]}." for x in leaders)

text_form("corner", "place your roost and six warriors in {1}")
text_form("leader", "choose the {1} leader")
text_form("decree", "add {c1} to the {2} column")
text_form("roost", "place the new roost in {1}")
text_form("decree_recruit", "recruit ({1}) in {2}")
text_form("decree_move", "move ({1}) {2} -> {3}")
text_form("decree_ferry", "move ({1}) {2} -> {3} by the Ferry")
text_form("decree_battle", "battle ({1}) in {2} against {3}")
text_form("decree_build", "build a roost ({1}) in {2}")
text_form("turmoil", "cannot resolve a {1} card: fall into turmoil")


class EyrieState(FactionState):
    __slots__ = ("leader", "face_up", "decree", "corner")

    def __init__(self, leader: str | None = None, face_up: tuple[str, ...] = (),
                 decree: tuple[tuple[str, ...], ...] = ((), (), (), ()), corner: int = 0) -> None:
        self.leader = leader
        self.face_up = face_up  # leaders face up beside the board (7.3.3)
        self.decree = decree  # four columns of card ids (7.5.2)
        self.corner = corner  # starting corner clearing (7.3.2)

    def copy(self) -> EyrieState:
        return EyrieState(self.leader, self.face_up, self.decree, self.corner)

    def to_json(self) -> dict[str, Any]:
        return {"leader": self.leader, "face_up": list(self.face_up),
                "decree": [list(c) for c in self.decree], "corner": self.corner}

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> EyrieState:
        decree = tuple(tuple(str(x) for x in col) for col in d["decree"])
        if len(decree) != 4:
            raise ValueError("the Decree has four columns")
        return cls(d["leader"], tuple(d["face_up"]), decree, int(d["corner"]))


def st_of(g: Game, s: int) -> EyrieState:
    fs = g.fstate[s]
    assert isinstance(fs, EyrieState)
    return fs


def card_suit(g: Game, cid: str) -> str:
    return "bird" if cid == VIZIER else g.suit_of(cid)


def suit_ok(g: Game, suit: str, c: int) -> bool:
    """A Decree card's suit matches a clearing; birds match any (2.1.1)."""
    return suit == "bird" or g.suit_match(c, suit)


class Eyrie(FactionDef):
    id = ME
    name = "Eyrie Dynasties"
    setup_order = "B"
    setup_class = "militant"  # A.8.1 (advanced_setup.json)
    corner_setup = True  # section 5: starts in a corner clearing (5.1)
    reach = 7
    warriors = int(_T["warriors"])
    buildings = {"roost": ROOSTS}
    crafts_with: tuple[str, ...] = ("roost",)  # 7.2.1

    def new_state(self) -> FactionState:
        return EyrieState()

    def state_from_json(self, data: dict[str, Any]) -> FactionState:
        return EyrieState.from_json(data)

    def setup_steps(self, g: Game, s: int) -> list[Step]:
        return [("eyrie.corner", s), ("eyrie.leader", s)]

    def advanced_setup_steps(self, g: Game, s: int) -> list[Step]:
        return [("eyrie.homeland", s), ("eyrie.leader", s)]

    def phase_steps(self, g: Game, s: int, phase: str) -> list[Step]:
        if phase == "birdsong":
            return [("eyrie.emergency", s), ("eyrie.add", s, 0, 0), ("eyrie.new_roost", s)]
        if phase == "daylight":
            return [("craft", s), ("eyrie.decree_start", s)]
        return [("eyrie.evening", s), ("discard_down", s)]

    def starting_corner(self, g: Game, s: int) -> int | None:
        return st_of(g, s).corner or None

    def rules_on_tie(self, g: Game, s: int, c: int) -> bool:
        """7.2.2 Lords of the Forest: with at least one Eyrie piece there (not warriors
        it only treats as its own, G.1.33)."""
        return g.has_any_piece(s, c)

    def craft_item_vp(self, g: Game, s: int, card: Card) -> int:
        """7.2.3 Disdain for Trade, ignored by the Builder (7.8.1)."""
        return card.vp if st_of(g, s).leader == "builder" else 1

    def battle_extra_hits(self, g: Game, s: int, b: Battle, attacker: bool) -> int:
        """7.8.3 Commander: an extra hit as attacker."""
        return 1 if attacker and st_of(g, s).leader == "commander" else 0

    def battle_removal_bonus(self, g: Game, s: int) -> int:
        """7.8.4 Despot: one extra VP for removing buildings or tokens in a battle."""
        return 1 if st_of(g, s).leader == "despot" else 0

    def cards_held(self, g: Game, s: int) -> list[str]:
        return [c for col in st_of(g, s).decree for c in col if c != VIZIER]

    def view(self, g: Game, s: int, viewer: int | None) -> dict[str, Any]:
        es = st_of(g, s)
        return {
            "leader": es.leader,
            "leaders_face_up": list(es.face_up),
            "decree": {COLUMNS[i]: list(col) for i, col in enumerate(es.decree)},
            "roosts_on_track": roosts_left(g, s),
        }


register(Eyrie())


# ------------------------------------------------------------------- setup
class Corner(Handler):
    """7.3.2 Roost and six warriors in a corner not another's start, opposite one if possible."""

    name = "eyrie.corner"
    kind = "setup_corner"
    rule = "7.3.2"
    prompt = "Choose your starting corner"

    def options(self, g: Game, st: Step) -> list[Option]:
        s: int = st[1]
        taken = {g.fdefs[o].starting_corner(g, o) for o in g.others(s)} - {None}
        free = [c for c in g.board.corners if c not in taken and g.may_place(s, c)]
        facing = [c for c in free if g.board.opposite[c] in taken]
        return [("corner", c) for c in (facing or free)]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        s, c = st[1], o[1]
        st_of(g, s).corner = c
        g.place_building(s, "roost", c)
        g.place_warriors(s, c, 6)


class Homeland(Corner):
    """Setup card (A.8.2): the homeland on the map edge with two or more clearings
    between it and enemy homelands (A.8.2.II: else not adjacent, else any); a roost and
    six warriors there (7.3.2)."""

    name = "eyrie.homeland"
    kind = "setup_homeland"
    rule = "A.8.2"
    prompt = "Choose your homeland (on the map edge, far from enemy homelands)"

    def options(self, g: Game, st: Step) -> list[Option]:
        return advanced.homeland_options(g, st[1], g.board.edge, 1, False, advanced.FAR)

    def apply(self, g: Game, st: Step, o: Option) -> None:
        advanced.add_homeland(g, st[1], o[1])
        super().apply(g, st, o)


def tuck_viziers(es: EyrieState, leader: str) -> None:
    """7.3.4: the Loyal Viziers go into the columns the leader lists."""
    cols = [list(col) for col in es.decree]
    for name in LEADERS[leader]:
        cols[COLUMNS.index(name)].append(VIZIER)
    es.decree = tuple(tuple(col) for col in cols)


class ChooseLeader(Handler):
    """7.3.3 Choose a leader; 7.3.4 tuck the viziers."""

    name = "eyrie.leader"
    kind = "leader"
    rule = "7.3.3"
    prompt = "Choose your leader"

    def options(self, g: Game, st: Step) -> list[Option]:
        return [("leader", name) for name in LEADERS]

    def describe(self, g: Game, st: Step) -> str:
        return leaders_told(self.prompt, tuple(LEADERS))

    def apply(self, g: Game, st: Step, o: Option) -> None:
        es = st_of(g, st[1])
        es.leader = o[1]
        es.face_up = tuple(x for x in LEADERS if x != o[1])
        tuck_viziers(es, o[1])


# ---------------------------------------------------------------- birdsong
class Emergency(Handler):
    """7.4.1 Emergency Orders: with no cards in hand, draw one."""

    name = "eyrie.emergency"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        if not g.hands[st[1]]:
            g.draw(st[1], 1)


class AddToDecree(Handler):
    """7.4.2 Add one or two cards to the Decree, at most one of them a bird.
    Args: (seat, cards added so far, 1 if a bird was added)."""

    name = "eyrie.add"
    kind = "decree_add"
    rule = "7.4.2"

    def describe(self, g: Game, st: Step) -> str:
        return "Add a card to the Decree" + (" (or stop)" if st[2] else "")

    def options(self, g: Game, st: Step) -> list[Option]:
        s, added, bird = st[1], st[2], st[3]
        out: list[Option] = []
        hand = g.hands[s]
        for i in range(len(hand)):
            cid = hand[i]
            if bird and g.suit_of(cid) == "bird" or repeated(hand, i):
                continue
            for col in COLUMNS:
                out.append(("decree", cid, col))
        if added or not out:
            out.append(("done",))
        return out

    def apply(self, g: Game, st: Step, o: Option) -> None:
        if o[0] == "done":
            return
        s, added, bird = st[1], st[2], st[3]
        cid, col = o[1], COLUMNS.index(o[2])
        es = st_of(g, s)
        g.hands[s].remove(cid)
        es.decree = tuple(c + (cid,) if i == col else c for i, c in enumerate(es.decree))
        if added == 0:
            g.push(("eyrie.add", s, 1, int(bird or g.suit_of(cid) == "bird")))


class NewRoost(Handler):
    """7.4.3 A New Roost: with no roost on the map, a roost and three warriors go to a
    clearing with the fewest warriors where they can be placed."""

    name = "eyrie.new_roost"
    kind = "new_roost"
    rule = "7.4.3"
    prompt = "Choose the clearing of your new roost"

    def options(self, g: Game, st: Step) -> list[Option]:
        s: int = st[1]
        if g.count_building(s, "roost"):
            return [("done",)]
        spots = [c for c in g.clearings() if g.open_slots(c) > 0 and g.may_place(s, c)]
        if not spots:
            return [("done",)]
        total = {c: sum(w[c] for w in g.warriors) for c in spots}
        least = min(total.values())
        return [("roost", c) for c in spots if total[c] == least]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        if o[0] == "roost":
            g.place_building(st[1], "roost", o[1])
            g.place_warriors(st[1], o[1], 3)


# ---------------------------------------------------------------- daylight
class DecreeStart(Handler):
    name = "eyrie.decree_start"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        s: int = st[1]
        g.push(("eyrie.decree", s, 0, _column_suits(g, s, 0)))


def _column_suits(g: Game, s: int, col: int) -> tuple[str, ...]:
    return tuple(card_suit(g, c) for c in st_of(g, s).decree[col])


def roosts_left(g: Game, s: int) -> int:
    """Roosts still on the Eyrie's track (7.5.2.IV: none left, none to build)."""
    return ROOSTS - g.count_building(s, "roost")


def recruit_amount(g: Game, s: int) -> int:
    return 2 if st_of(g, s).leader == "charismatic" else 1  # 7.8.2


def column_actions(g: Game, s: int, col: int, suit: str) -> list[Option]:
    """The ways to take column ``col``'s action for one card of ``suit`` (7.5.2.I-IV)."""
    if col == 0:
        if not g.warrior_supply(s):
            return []
        at = distinct_ints(g.buildings_of(s, "roost"))
        return [("decree_recruit", suit, c) for c in at
                if suit_ok(g, suit, c) and g.may_place(s, c)]
    if col == 1:
        origins = [c for c in g.clearings() if suit_ok(g, suit, c)]
        out: list[Option] = [("decree_move", suit, a, b) for a, b in move_pairs(g, s, origins)]
        if g.ferry:  # C.2.5
            out.extend(("decree_ferry", suit, a, b) for a, b in ferry_pairs(g, s, origins))
        return out
    if col == 2:
        cls = [c for c in g.clearings() if suit_ok(g, suit, c)]
        targets = battle_targets(g, s, cls)
        return [("decree_battle", suit, c, g.owner_name(o)) for c, o in targets]
    if roosts_left(g, s) <= 0:
        return []
    return [("decree_build", suit, c) for c in roost_sites(g, s, suit) if g.rules(s, c)]


def roost_sites(g: Game, s: int, suit: str | None = None) -> list[int]:
    """Clearings a roost could go in, rule aside (of the suit, if given: the cheap test
    first): an open slot (2.2.3), no roost already (7.5.2.IV), and nothing forbidding
    the Eyrie to place there."""
    roosts = [False] * len(g.buildings)
    for c in g.piece_clearings(s, "roost"):
        roosts[c] = True
    return [c for c in g.clearings()
            if (suit is None or suit_ok(g, suit, c)) and not roosts[c]
            and g.open_slots(c) > 0 and g.may_place(s, c)]


class ResolveDecree(Handler):
    """7.5.2 Resolve the Decree column by column, each column's cards in any order.
    Args: (seat, column, suits of the cards still to resolve in it)."""

    name = "eyrie.decree"
    kind = "decree"
    rule = "7.5.2"

    def describe(self, g: Game, st: Step) -> str:
        return f"Resolve the Decree: {COLUMNS[st[2]]} ({', '.join(st[3])})"

    def options(self, g: Game, st: Step) -> list[Option]:
        s, col = st[1], st[2]
        todo: tuple[str, ...] = st[3]
        out = daylight_extras(g, s)
        suits = list(todo)
        for i in range(len(suits)):
            if repeated(suits, i):  # each suit once
                continue
            suit = suits[i]
            acts = column_actions(g, s, col, suit)
            out += acts if acts else [("turmoil", suit)]
        if not todo:
            out.append(("done",))
        return out

    def apply(self, g: Game, st: Step, o: Option) -> None:
        s, col, todo = st[1], st[2], st[3]
        verb: str = o[0]
        if verb == "done":
            if col < 3:
                g.push(("eyrie.decree", s, col + 1, _column_suits(g, s, col + 1)))
            return
        if took_daylight_extra(g, st, o):
            return
        if verb == "turmoil":  # 7.7: cannot take the action
            g.push(("eyrie.turmoil", s))
            return
        rest = list(todo)
        rest.remove(o[1])
        nxt = ("eyrie.decree", s, col, tuple(rest))
        if verb == "decree_recruit":
            want = recruit_amount(g, s)
            if g.place_warriors(s, o[2], want) < want:
                g.push(("eyrie.turmoil", s))  # placed what it could, not fully
            else:
                g.push(nxt)
        elif verb == "decree_move":
            g.push(("move_count", s, o[2], o[3], 0), nxt)
        elif verb == "decree_ferry":
            g.push(("move_count", s, o[2], o[3], 1), nxt)
        elif verb == "decree_battle":
            g.push(nxt)
            start_battle(g, s, o[2], g.seat_of(o[3]))
        elif verb == "decree_build":
            g.place_building(s, "roost", o[2])
            g.push(nxt)
        else:  # pragma: no cover
            raise ValueError(o)


# ----------------------------------------------------------------- turmoil
class Turmoil(Handler):
    """7.7.1 Humiliate, 7.7.2 Purge; then Depose (a choice) and Rest (Daylight ends)."""

    name = "eyrie.turmoil"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        s: int = st[1]
        es = st_of(g, s)
        g.note("turmoil", g.factions[s])
        birds = sum(1 for col in es.decree for c in col if card_suit(g, c) == "bird")
        g.score(s, -birds, "humiliate")
        for col in es.decree:
            for c in col:
                if c != VIZIER:
                    g.discard_card(c)
        es.decree = ((), (), (), ())
        g.push(("eyrie.depose", s))


class Depose(Handler):
    """7.7.3 Depose: a new leader from those face up (7.7.3.I A New Clutch if none)."""

    name = "eyrie.depose"
    kind = "leader"
    rule = "7.7.3"
    prompt = "Turmoil: choose a new leader"

    def options(self, g: Game, st: Step) -> list[Option]:
        up = st_of(g, st[1]).face_up
        return [("leader", x) for x in (up or tuple(LEADERS))]

    def describe(self, g: Game, st: Step) -> str:
        return leaders_told(self.prompt, st_of(g, st[1]).face_up or tuple(LEADERS))

    def apply(self, g: Game, st: Step, o: Option) -> None:
        es = st_of(g, st[1])
        up = es.face_up or tuple(LEADERS)  # A New Clutch: all flipped face up
        es.face_up = tuple(x for x in up if x != o[1])
        es.leader = o[1]
        tuck_viziers(es, o[1])


# ----------------------------------------------------------------- evening
class Evening(Handler):
    """7.6.1 Score the rightmost empty Roosts space; 7.6.2 draw 1 + bonuses."""

    name = "eyrie.evening"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        s: int = st[1]
        roosts = g.count_building(s, "roost")
        if roosts:
            g.score(s, ROOST_VP[roosts - 1], "roosts")
        draw_cards(g, s, 1 + sum(1 for n in DRAW_BONUS_AT if roosts >= n))


register_steps(
    Corner(), Homeland(), ChooseLeader(), Emergency(), AddToDecree(), NewRoost(), DecreeStart(),
    ResolveDecree(), Turmoil(), Depose(), Evening(),
)
