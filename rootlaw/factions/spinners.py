"""Spinners of Mercy (Crusader expansion, fan-made: SOM).

Webs are tokens (``web``), infirmaries buildings of a suit (``infirmary_fox`` ...), one
track of three per suit. The Ward is the faction's state: patients, other factions'
warriors counted by owner, held off the map and out of their owner's supply (the
core's ``warriors_held``, as the Riverfolk's Funds). Other players' turns reach the
Spinners through the core hooks: First Response by ``catch_warriors`` (SOM.2.3: the
warriors hit in a clearing web-connected to an infirmary go to the Ward before their
removal resolves), webs by ``points_for_removal`` and ``hit_choices`` (SOM.2.2),
Triage by ``take_hit`` (SOM.2.6). Values the text does not print (the Infirmaries
tracks' VP and bonus icons) come from rootlaw/data/crusader.json (docs/rulings.md).
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from rootlaw.core import advanced
from rootlaw.core.battle import Battle, battle_options, start_battle
from rootlaw.core.cards_ep import draw_cards
from rootlaw.core.catalog import SUITS, load_json
from rootlaw.core.effects import DAYLIGHT_VERBS, apply_daylight_extra, daylight_extras
from rootlaw.core.faction_api import Faction, FactionDef, FactionState, register
from rootlaw.core.game import Game
from rootlaw.core.move import (
    RemovalEvent,
    remove_warriors,
    resolve_removal_events,
    resolve_removals,
)
from rootlaw.core.options import Option, name_form, text_form
from rootlaw.core.steps import Handler, Step, register_steps

ME: Final = Faction.SPINNERS
_D: Final = load_json("crusader.json")["spinners"]
WEB: Final = "web"
INFIRMARIES: Final = {suit: "infirmary_" + suit for suit in SUITS}  # building kind per suit
SUIT_OF: Final = {kind: suit for suit, kind in INFIRMARIES.items()}
INFIRMARY_KINDS: Final = tuple(INFIRMARIES.values())
PER_SUIT: Final = int(_D["infirmaries_per_suit"])  # SOM.3.3
WEBS: Final = int(_D["webs"])  # SOM.3.1
SHELTER_VP: Final = tuple(int(x) for x in _D["shelter_vp"])  # SOM.6.2 (reading)
WEB_BONUS: Final = tuple(bool(x) for x in _D["web_bonus"])  # SOM.4.2 (reading)
DRAW_BONUS: Final = tuple(bool(x) for x in _D["draw_bonus"])  # SOM.6.3 (reading)
ACTIONS: Final = 3  # SOM.5
SETUP_WARRIORS: Final = 2  # SOM.3.2
SETUP_WEBS: Final = 2
# SOM.3.2: the corner opposite these factions' starting pieces (the Marquise's keep,
# the Eyrie's roost, the Lizards' garden, the Moles' tunnel; a bot as its faction)
OPPOSITE_OF: Final = ("marquise", "eyrie", "lizards", "duchy")
RECRUITED: Final = "som_recruited"  # g.once: SOM.5.1 taken this turn
GATHERED: Final = "som_gathered"  # g.once: SOM.5.5 taken this turn

text_form("som_corner", "start in {1}")
text_form("som_discharge", "release a {n1} patient into {2}")
text_form("som_secure", "Secure: a web from the supply to {1}")
text_form("som_secure_move", "Secure: the web in {1} to {2}")
text_form("som_bird", "spend {c1} for one more action")
text_form("som_recruit", "Recruit: spend {c1} for a warrior and a web in each {2} clearing")
text_form("som_recruit_in", "place a warrior in {1}")
text_form("som_web_in", "place a web in {1}")
text_form("som_establish", "Establish: spend {c1} for an infirmary in {2}")
text_form("som_skitter", "Skitter: move along your webs")
text_form("som_gather", "Gather: draw a card")
text_form("som_shelter", "Shelter: spend {c1} for the {2} infirmaries")
text_form("som_first_response", "First Response in {1}: the hit warriors to the Ward")
text_form("som_no_response", "no First Response")
text_form("som_triage", "Triage: return a {n1} patient")
text_form("som_hit", "remove {n1}")
name_form(WEB, "web")
for _suit, _kind in INFIRMARIES.items():
    name_form(_kind, f"{_suit} infirmary")


class SpinnersState(FactionState):
    __slots__ = ("ward", "corner")

    def __init__(self, ward: dict[str, int] | None = None, corner: int = 0) -> None:
        # SOM.2.4 the Ward: patients by their owner's faction id
        self.ward: dict[str, int] = {} if ward is None else ward
        self.corner = corner  # the starting clearing (SOM.3.2), 0 before setup

    def copy(self) -> SpinnersState:
        return SpinnersState(dict(self.ward), self.corner)

    def to_json(self) -> dict[str, Any]:
        return {"ward": dict(sorted(self.ward.items())), "corner": self.corner}

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> SpinnersState:
        ward = {str(k): int(v) for k, v in d["ward"].items()}
        if any(v <= 0 for v in ward.values()):
            raise ValueError("the Ward holds a positive number of each owner's patients")
        return cls(ward, int(d["corner"]))


def st_of(g: Game, s: int) -> SpinnersState:
    fs = g.fstate[s]
    assert isinstance(fs, SpinnersState)
    return fs


# ----------------------------------------------------------------- helpers
def built(g: Game, s: int, suit: str) -> int:
    """Infirmaries of ``suit`` on the map: the spaces emptied on its track (SOM.3.3)."""
    return g.count_building(s, INFIRMARIES[suit])


def infirmary_clearings(g: Game, s: int) -> tuple[int, ...]:
    """A clearing per infirmary on the map, in order (repeats for two in one)."""
    return g.kinds_clearings(s, INFIRMARY_KINDS)


def has_infirmary(g: Game, s: int, c: int) -> bool:
    for p in g.buildings[c]:
        if p[0] == s and p[1] in SUIT_OF:
            return True
    return False


def bonuses(g: Game, s: int, icons: tuple[bool, ...]) -> int:
    """Uncovered bonus icons of one kind on the Infirmaries tracks (SOM.4.2, SOM.6.3)."""
    n = 0
    for suit in SUITS:
        k = built(g, s, suit)
        for i in range(min(k, len(icons))):
            if icons[i]:
                n += 1
    return n


def webs_in_supply(g: Game, s: int) -> int:
    return WEBS - g.count_token(s, WEB)


def has_web(g: Game, s: int, c: int) -> bool:
    return 0 < c < len(g.tokens) and g.has_piece_at(s, WEB, c)


def web_linked(g: Game, s: int, c: int) -> list[int]:
    """SOM.2.2: the clearings connected to c by webs: along a path (2.2.1), both with a
    web (none if c has none)."""
    if not has_web(g, s, c):
        return []
    n = len(g.board.clearings)
    return [x for x in g.adjacent(c) if x <= n and has_web(g, s, x)]


def reaches_infirmary(g: Game, s: int, c: int) -> bool:
    """SOM.2.3: c holds an infirmary, or a chain of clearings connected by webs
    (SOM.2.2) links it to one (rulings.md)."""
    if has_infirmary(g, s, c):
        return True
    seen = [c]
    frontier = [c]
    while frontier:
        nxt: list[int] = []
        for a in frontier:
            for x in web_linked(g, s, a):
                if x not in seen:
                    if has_infirmary(g, s, x):
                        return True
                    seen.append(x)
                    nxt.append(x)
        frontier = nxt
    return False


def patients(g: Game, s: int) -> int:
    return sum(st_of(g, s).ward.values())


def admit(g: Game, s: int, o: int, n: int) -> int:
    """SOM.2.3-2.4: n of o's warriors, just removed, go to the Ward instead of their
    owner's supply: those Coffin Makers took first (E&P), then from the supply (a
    warlord goes off the map as when removed, 14.2.2; one of the supply takes its place
    in the Ward, rulings.md). Returns how many."""
    cards = g.cards
    supply = g.warrior_supply(o)  # before Coffin Makers gives any back
    k = 0
    if cards.coffin_seat >= 0 and cards.coffins[o]:
        k = min(n, cards.coffins[o])
        g.cards = cards.add_coffins(o, -k)
    k += max(0, min(n - k, supply))
    if k:
        ward = st_of(g, s).ward
        f = g.factions[o]
        ward[f] = ward.get(f, 0) + k
    return k


def discharge(g: Game, s: int, f: str) -> None:
    """A patient leaves the Ward (to the map or its owner's supply)."""
    ward = st_of(g, s).ward
    ward[f] = ward[f] - 1
    if not ward[f]:
        del ward[f]


def suits_of(g: Game, cid: str) -> tuple[str, ...]:
    """The suits a card may be spent as (2.1.1: a bird for any one suit)."""
    suit = g.suit_of(cid)
    return SUITS if suit == "bird" else (suit,)


# ----------------------------------------------------------------- faction
class Spinners(FactionDef):
    id = ME
    name = "Spinners of Mercy"
    setup_order = "N"  # after the factions SOM.3.2 places it opposite (rulings.md)
    setup_class = str(_D["setup_class"])  # A.8.1 (reading, crusader.json)
    corner_setup = True  # SOM.3.2: a corner clearing
    fan = "crusader"  # its setup card joins a draft that asks for it (A.8.1)
    reach = int(_D["reach"])  # 5.2 (reading, crusader.json)
    warriors = int(_D["warriors"])  # SOM.3.1
    buildings = {kind: PER_SUIT for kind in INFIRMARY_KINDS}
    tokens = {WEB: WEBS}
    crafts_with: tuple[str, ...] = INFIRMARY_KINDS  # SOM.2.1

    def new_state(self) -> FactionState:
        return SpinnersState()

    def state_from_json(self, data: dict[str, Any]) -> FactionState:
        return SpinnersState.from_json(data)

    def setup_steps(self, g: Game, s: int) -> list[Step]:
        return [("spinners.corner", s)]  # SOM.3.2; SOM.3.1, 3.3: the supplies and tracks

    def advanced_setup_steps(self, g: Game, s: int) -> list[Step]:
        return [("spinners.homeland", s)]  # the setup card (A.8.2; crusader.json)

    def phase_steps(self, g: Game, s: int, phase: str) -> list[Step]:
        if phase == "birdsong":  # SOM.4.1 discharge, SOM.4.2 secure
            return [("spinners.discharge", s, ()), ("spinners.secure", s, 0)]
        if phase == "daylight":  # SOM.5
            return [("spinners.daylight", s, ACTIONS)]
        # SOM.6.1 craft, SOM.6.2 shelter, SOM.6.3 draw and discard
        return [("craft", s), ("spinners.shelter", s, (0, 0, 0)), ("spinners.draw", s),
                ("discard_down", s)]

    def starting_corner(self, g: Game, s: int) -> int | None:
        c = st_of(g, s).corner
        return c if c in g.board.corners else None

    def points_for_removal(self, g: Game, s: int, kind: str) -> int:
        """SOM.2.2: a web rewards one point less (so normally none)."""
        return 0 if kind == WEB else 1

    def hit_choices(self, g: Game, s: int, b: Battle | None, c: int) -> list[Any] | None:
        """SOM.2.2: hits split freely between warriors and webs; an infirmary goes only
        once no warriors are left (4.3.4), by this hook for Triage (SOM.2.6)."""
        if b is None:
            return None
        webs = has_web(g, s, c)
        inf = has_infirmary(g, s, c)
        if not webs and not inf:
            return None  # the usual way: warriors only
        out: list[Any] = []
        if g.warriors[s][c]:
            out.append(("som_hit", "warrior"))
        if webs:
            out.append(("som_hit", WEB))
        if not g.warriors[s][c]:
            for p in dict.fromkeys(g.buildings[c]):
                if p[0] == s:
                    out.append(("som_hit", p[1]))
        return out

    def take_hit(self, g: Game, s: int, b: Battle | None, c: int, choice: Any) -> str | None:
        assert b is not None and choice[0] == "som_hit"
        kind: str = choice[1]
        side = 0 if s == b.att else 1
        if kind == "warrior":
            remove_warriors(g, s, c, 1, in_battle=True)
            # its triggers with the battle's others (1.1.3)
            b.warriors_lost[side] = b.warriors_lost[side] + 1
            b.taken[side] = b.taken[side] + 1
            return None
        g.take_piece(c, (s, kind))
        if kind in SUIT_OF and patients(g, s):
            g.push(("spinners.triage", s))  # SOM.2.6: removed in battle
        return kind

    def warriors_held(self, g: Game, s: int, owner: int) -> int:
        """SOM.2.4: patients in the Ward are out of their owner's supply."""
        return st_of(g, s).ward.get(g.factions[owner], 0)

    def catch_warriors(self, g: Game, s: int, events: tuple[Any, ...]) -> Step | None:
        """SOM.2.3 First Response: enemy warriors dealt hits in a clearing web-connected
        to an infirmary, with a Spinner warrior and web there that took no hits."""
        if first_response_clearings(g, s, events):
            return ("spinners.first_response", s, events)
        return None

    def view(self, g: Game, s: int, viewer: int | None) -> dict[str, Any]:
        return {
            "ward": dict(sorted(st_of(g, s).ward.items())),  # SOM.2.4, public
            "patients": patients(g, s),
            "infirmaries_on_track": {suit: PER_SUIT - built(g, s, suit) for suit in SUITS},
            "webs_in_supply": webs_in_supply(g, s),
            "web_bonuses": bonuses(g, s, WEB_BONUS),
            "draw_bonuses": bonuses(g, s, DRAW_BONUS),
            "shelter_vp": {suit: shelter_vp(g, s, suit) for suit in SUITS},
        }


register(Spinners())


# ------------------------------------------------------------------- setup
def corner_options(g: Game, s: int) -> list[int]:
    """SOM.3.2: the corner opposite a starting piece of the Marquise, Eyrie, Lizards or
    Duchy, not another player's starting corner; else any such free corner; if every
    corner is taken, any edge clearing (rulings.md)."""
    taken: list[int] = []
    facing: list[int] = []
    opp = g.board.opposite
    for o in g.others(s):
        fd = g.fdefs[o]
        c = fd.starting_corner(g, o)
        if c:
            taken.append(c)
            if (fd.replaces or fd.id) in OPPOSITE_OF and opp[c]:
                facing.append(opp[c])
    free = [c for c in g.board.corners if c not in taken and g.may_place(s, c)]
    best = [c for c in free if c in facing]
    if best:
        return best
    if free:
        return free
    edge = [c for c in g.board.edge if c not in taken and g.may_place(s, c)]
    return edge or [c for c in g.clearings() if g.may_place(s, c)]


def place_start(g: Game, s: int, c: int) -> None:
    """SOM.3.2: two warriors, two webs and a matching infirmary in c, then a warrior
    and a web in each adjacent clearing (where the Spinners may place)."""
    st_of(g, s).corner = c
    g.place_warriors(s, c, SETUP_WARRIORS)
    for _ in range(SETUP_WEBS):
        g.place_token(s, WEB, c)
    suit = g.suits[c]
    if suit in INFIRMARIES and g.open_slots(c) > 0:
        g.place_building(s, INFIRMARIES[suit], c)
    n = len(g.board.clearings)
    for x in g.adjacent(c):
        if x <= n and g.may_place(s, x):
            g.place_warriors(s, x, 1)
            g.place_token(s, WEB, x)


class Corner(Handler):
    """SOM.3.2 Step 2: Place Warriors."""

    name = "spinners.corner"
    kind = "setup_corner"
    rule = "SOM.3.2"
    prompt = "Choose your starting clearing"

    def options(self, g: Game, st: Step) -> list[Option]:
        return [("som_corner", c) for c in corner_options(g, st[1])]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        place_start(g, st[1], o[1])


class Homeland(Handler):
    """The setup card (A.8.2; a reading, crusader.json): a homeland on the map edge not
    adjacent to enemy homelands (A.8.2.II), set up as SOM.3.2."""

    name = "spinners.homeland"
    kind = "setup_homeland"
    rule = "A.8.2"
    prompt = "Choose your homeland (on the map edge, not adjacent to enemy homelands)"

    def options(self, g: Game, st: Step) -> list[Option]:
        return advanced.homeland_options(g, st[1], g.board.edge, 1, True, advanced.APART)

    def apply(self, g: Game, st: Step, o: Option) -> None:
        s: int = st[1]
        c: int = o[1]
        advanced.add_homeland(g, s, c)
        place_start(g, s, c)


# ---------------------------------------------------------------- birdsong
class Discharge(Handler):
    """SOM.4.1 Discharge Patients: one patient per built infirmary, each into an
    infirmary's clearing (SOM.2.5: one per infirmary), one VP each. Args: (seat,
    clearings of the infirmaries that released one)."""

    name = "spinners.discharge"
    kind = "discharge"
    rule = "SOM.4.1"
    prompt = "Discharge: release a patient into an infirmary's clearing"

    def options(self, g: Game, st: Step) -> list[Option]:
        s: int = st[1]
        ward = st_of(g, s).ward
        if not ward:
            return [("done",)]
        used = list(st[2])
        out: list[Option] = []
        for c in dict.fromkeys(infirmary_clearings(g, s)):
            free = infirmary_clearings(g, s).count(c) - used.count(c)
            if free > 0 and g.may_place(s, c):
                for f in sorted(ward):
                    out.append(("som_discharge", f, c))
        return out or [("done",)]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        if o[0] == "done":
            return
        s: int = st[1]
        f: str = o[1]
        c: int = o[2]
        discharge(g, s, f)
        g.warriors[g.seat_of(f)][c] += 1
        g.pieces_changed(c)
        g.note("discharged", g.factions[s], f, c)
        g.score(s, 1, "discharge")
        g.push(("spinners.discharge", s, st[2] + (c,)))


def secure_options(g: Game, s: int) -> list[Option]:
    """SOM.4.2: a web from the supply or a clearing into a clearing with a Spinner
    warrior (where the Spinners may place)."""
    w = g.warriors[s]
    dests = [c for c in g.clearings() if w[c] and g.may_place(s, c)]
    out: list[Option] = []
    if not dests:
        return out
    if webs_in_supply(g, s):
        out.extend(("som_secure", c) for c in dests)
    for a in dict.fromkeys(g.piece_clearings(s, WEB)):
        for c in dests:
            if c != a:
                out.append(("som_secure_move", a, c))
    return out


class Secure(Handler):
    """SOM.4.2 Secure: per uncovered web bonus, up to one web. Args: (seat, webs
    taken)."""

    name = "spinners.secure"
    kind = "secure"
    rule = "SOM.4.2"
    prompt = "Secure: move a web to a clearing with your warriors, or go on"

    def options(self, g: Game, st: Step) -> list[Option]:
        s: int = st[1]
        if st[2] >= bonuses(g, s, WEB_BONUS):
            return [("done",)]
        return secure_options(g, s) + [("done",)]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        if o[0] == "done":
            return
        s: int = st[1]
        if o[0] == "som_secure_move":
            g.take_piece(o[1], (s, WEB))
        g.place_token(s, WEB, o[-1])
        g.push(("spinners.secure", s, st[2] + 1))


# ---------------------------------------------------------------- daylight
def recruit_targets(g: Game, s: int, suit: str) -> list[int]:
    return [c for c in g.clearings() if g.suit_match(c, suit) and g.may_place(s, c)]


def recruit_options(g: Game, s: int) -> list[Option]:
    """SOM.5.1: once per turn, any card (a bird for one suit of choice)."""
    if RECRUITED in g.once or not (g.warrior_supply(s) or webs_in_supply(g, s)):
        return []
    out: list[Option] = []
    for cid in dict.fromkeys(g.hands[s]):
        for suit in suits_of(g, cid):
            if recruit_targets(g, s, suit):
                out.append(("som_recruit", cid, suit))
    return out


def infirmary_suit(g: Game, c: int, cid: str) -> str:
    """SOM.5.2: the infirmary a card places in c: of c's suit; in the Lost City's clearing
    (every suit, Appendix F) of the card's suit, a bird card's of the suit marker under
    it (rulings.md); "" if the card does not match c."""
    card = g.suit_of(cid)
    if card == "bird":
        return g.suits[c]
    return card if g.suit_match(c, card) else ""


def establish_options(g: Game, s: int) -> list[Option]:
    """SOM.5.2: a card for a matching infirmary in a matching clearing with a web."""
    out: list[Option] = []
    hand = list(dict.fromkeys(g.hands[s]))
    if not hand:
        return out
    for c in dict.fromkeys(g.piece_clearings(s, WEB)):
        if g.open_slots(c) <= 0 or not g.may_place(s, c):
            continue
        for cid in hand:
            suit = infirmary_suit(g, c, cid)
            if suit in INFIRMARIES and built(g, s, suit) < PER_SUIT:
                out.append(("som_establish", cid, c))
    return out


def skitter_moves(g: Game, s: int) -> list[Option]:
    """SOM.5.3: moves between clearings connected by webs, ignoring rule."""
    w = g.warriors[s]
    out: list[Option] = []
    for a in dict.fromkeys(g.piece_clearings(s, WEB)):
        if not g.movable_warriors(s, a):
            continue
        for b in web_linked(g, s, a):
            if w[a] and g.may_move(s, a, b):
                out.append(("move", a, b))
    return out


def action_options(g: Game, s: int) -> list[Option]:
    """SOM.5.1-5.5: Recruit, Establish, Skitter, Intervene, Gather."""
    out = recruit_options(g, s) + establish_options(g, s)
    if skitter_moves(g, s):
        out.append(("som_skitter",))
    out += battle_options(g, s, tuple(dict.fromkeys(g.piece_clearings(s, WEB))))  # SOM.5.4
    if GATHERED not in g.once:
        out.append(("som_gather",))
    return out


class Daylight(Handler):
    """SOM.5: up to three actions, plus one per bird card spent outside an action, in
    any order and number. Args: (seat, actions left)."""

    name = "spinners.daylight"
    kind = "action"
    rule = "SOM.5"

    def describe(self, g: Game, st: Step) -> str:
        return f"Spinners' Daylight: choose an action ({st[2]} left)"

    def options(self, g: Game, st: Step) -> list[Option]:
        s: int = st[1]
        out = daylight_extras(g, s)
        for cid in dict.fromkeys(g.hands[s]):
            if g.suit_of(cid) == "bird":
                out.append(("som_bird", cid))
        if st[2] > 0:
            out += action_options(g, s)
        out.append(("done",))
        return out

    def apply(self, g: Game, st: Step, o: Option) -> None:
        s: int = st[1]
        left: int = st[2]
        verb = o[0]
        if verb == "done":
            return
        if verb in DAYLIGHT_VERBS:
            g.push(st)
            apply_daylight_extra(g, s, o)
            return
        if verb == "som_bird":  # SOM.5: a bird card spent (not as part of an action)
            g.spend(s, o[1])
            g.push(("spinners.daylight", s, left + 1))
            return
        g.push(("spinners.daylight", s, left - 1))
        if verb == "som_recruit":
            recruit(g, s, o[1], o[2])
        elif verb == "som_establish":  # SOM.5.2
            g.spend(s, o[1])
            c: int = o[2]
            g.place_building(s, INFIRMARIES[infirmary_suit(g, c, o[1])], c)
        elif verb == "som_skitter":  # SOM.5.3
            g.push(("spinners.skitter", s))
        elif verb == "battle":  # SOM.5.4 Intervene
            start_battle(g, s, o[1], g.seat_of(o[2]))
        elif verb == "som_gather":  # SOM.5.5
            g.once = g.once | {GATHERED}
            g.draw(s, 1)
        else:  # pragma: no cover - the menu lists only these
            raise ValueError(o)


def recruit(g: Game, s: int, cid: str, suit: str) -> None:
    """SOM.5.1: a warrior and a web in each clearing of the suit; short of either, the
    Spinners choose where those go (1.5.4)."""
    g.once = g.once | {RECRUITED}
    g.spend(s, cid)
    targets = recruit_targets(g, s, suit)
    if g.warrior_supply(s) >= len(targets):
        for c in targets:
            g.place_warriors(s, c, 1)
    else:
        g.push(("spinners.recruit_in", s, tuple(targets), "warrior"))
    if webs_in_supply(g, s) >= len(targets):
        for c in targets:
            g.place_token(s, WEB, c)
    else:
        g.push(("spinners.recruit_in", s, tuple(targets), WEB))


class RecruitIn(Handler):
    """SOM.5.1 with 1.5.4: warriors or webs run short; the Spinners choose where, one
    at a time. Args: (seat, clearings still without one, "warrior" or "web")."""

    name = "spinners.recruit_in"
    kind = "recruit"
    rule = "SOM.5.1"
    prompt = "Recruit: pieces are short; choose a clearing to receive one"

    def options(self, g: Game, st: Step) -> list[Option]:
        s: int = st[1]
        warrior = st[3] == "warrior"
        left = g.warrior_supply(s) if warrior else webs_in_supply(g, s)
        if not left or not st[2]:
            return [("done",)]
        return [("som_recruit_in" if warrior else "som_web_in", c) for c in st[2]]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        if o[0] == "done":
            return
        s: int = st[1]
        c: int = o[1]
        if o[0] == "som_recruit_in":
            g.place_warriors(s, c, 1)
        else:
            g.place_token(s, WEB, c)
        g.push(("spinners.recruit_in", s, tuple(x for x in st[2] if x != c), st[3]))


class Skitter(Handler):
    """SOM.5.3 Skitter: any number of moves between clearings connected by webs,
    ignoring rule."""

    name = "spinners.skitter"
    kind = "move"
    rule = "SOM.5.3"
    prompt = "Skitter: move along your webs, or stop"

    def options(self, g: Game, st: Step) -> list[Option]:
        return skitter_moves(g, st[1]) + [("done",)]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        if o[0] == "done":
            return
        s: int = st[1]
        g.push(("move_count", s, o[1], o[2], 0), st)  # the count, then more moves


# ----------------------------------------------------------------- evening
def shelter_vp(g: Game, s: int, suit: str) -> int:
    """SOM.6.2: the VP above the rightmost empty space of the suit's track."""
    k = built(g, s, suit)
    return SHELTER_VP[min(k, len(SHELTER_VP)) - 1] if k else 0


class Shelter(Handler):
    """SOM.6.2 Shelter: per built infirmary, one card of its suit for the VP above the
    rightmost empty space of that suit's track. Args: (seat, cards spent per suit)."""

    name = "spinners.shelter"
    kind = "shelter"
    rule = "SOM.6.2"
    prompt = "Shelter: spend a card matching your infirmaries to score, or go on"

    def options(self, g: Game, st: Step) -> list[Option]:
        s: int = st[1]
        spent: tuple[int, ...] = st[2]
        out: list[Option] = []
        for i in range(len(SUITS)):
            suit = SUITS[i]
            if spent[i] < built(g, s, suit):
                for cid in g.cards_matching(s, suit):
                    out.append(("som_shelter", cid, suit))
        return out + [("done",)]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        if o[0] == "done":
            return
        s: int = st[1]
        suit: str = o[2]
        g.spend(s, o[1])
        g.score(s, shelter_vp(g, s, suit), "shelter")
        i = SUITS.index(suit)
        spent = tuple(n + 1 if j == i else n for j, n in enumerate(st[2]))
        g.push(("spinners.shelter", s, spent))


class Draw(Handler):
    """SOM.6.3 Draw one card, plus one per uncovered draw bonus."""

    name = "spinners.draw"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        s: int = st[1]
        draw_cards(g, s, 1 + bonuses(g, s, DRAW_BONUS))


# ---------------------------------------------------- first response, triage
def hit_enemies(g: Game, s: int, ev: RemovalEvent, c: int) -> list[tuple[int, int]]:
    """(owner, count) of the enemy warriors this event removed in c by hits dealt by
    another player (not a cost their owner paid): SOM.2.3's "enemy warriors"."""
    out: list[tuple[int, int]] = []
    by: int = ev[0]
    players = len(g.factions)  # faction warriors: a player's (hirelings are no faction)
    for o, x, n in ev[1]:
        if (x == c and n > 0 and o != by and o != s and o < players and g.is_enemy(s, o)
                and g.treated_as_own_by(o) != s):
            out.append((o, n))
    return out


def first_response_clearings(g: Game, s: int, events: Sequence[RemovalEvent]) -> list[int]:
    """SOM.2.3: clearings where enemy warriors were hit, with a Spinner warrior and a web
    left (those not dealt hits), connected by webs to an infirmary."""
    out: list[int] = []
    for ev in events:
        for _, c, _ in ev[1]:
            if c in out or not hit_enemies(g, s, ev, c):
                continue
            if g.warriors[s][c] and has_web(g, s, c) and reaches_infirmary(g, s, c):
                out.append(c)
    return out


class FirstResponse(Handler):
    """SOM.2.3 First Response, clearing by clearing: remove a Spinner warrior and a web
    there to move all the hit enemy warriors to the Ward instead of resolving their
    removal. Args: (seat, removal events still to resolve)."""

    name = "spinners.first_response"
    kind = "first_response"
    rule = "SOM.2.3"
    prompt = "First Response: take the hit warriors to your Ward?"

    def options(self, g: Game, st: Step) -> list[Option]:
        cs = first_response_clearings(g, st[1], st[2])
        return [("som_first_response", c) for c in cs] + [("som_no_response",)]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        s: int = st[1]
        events: tuple[Any, ...] = st[2]
        if o[0] == "som_no_response":
            resolve_removal_events(g, events)
            return
        c: int = o[1]
        left: list[Any] = []
        for ev in events:
            taken = hit_enemies(g, s, ev, c)
            for o2, n in taken:
                g.fdefs[o2].warriors_left_map(g, o2, c, n)
                k = admit(g, s, o2, n)
                g.note("first_response", g.factions[s], c, g.factions[o2], k)
            if taken:
                owners = [t[0] for t in taken]
                rest = tuple(w for w in ev[1] if w[1] != c or w[0] not in owners)
                left.append((ev[0], rest) + tuple(ev[2:]))
            else:
                left.append(ev)
        remove_warriors(g, s, c, 1)
        g.take_piece(c, (s, WEB))
        g.push(("spinners.first_response", s, tuple(left)))
        resolve_removals(g, s, [(s, c, 1)], [(s, c, WEB)], in_battle=False)


class Triage(Handler):
    """SOM.2.6 Triage: an infirmary removed in battle returns a patient of the
    Spinners' choice to its owner's supply."""

    name = "spinners.triage"
    kind = "triage"
    rule = "SOM.2.6"
    prompt = "Triage: choose a patient to return to its owner's supply"

    def options(self, g: Game, st: Step) -> list[Option]:
        ward = st_of(g, st[1]).ward
        return [("som_triage", f) for f in sorted(ward)] or [("done",)]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        if o[0] == "som_triage":
            discharge(g, st[1], o[1])
            g.note("triage", g.factions[st[1]], o[1])


register_steps(
    Corner(), Homeland(), Discharge(), Secure(), Daylight(), RecruitIn(), Skitter(),
    Shelter(), Draw(), FirstResponse(), Triage(),
)
