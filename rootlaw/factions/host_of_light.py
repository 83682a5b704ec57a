"""Host of Light (Crusader expansion, fan-made: ../shared/seeds/003_*.txt, HOL).

Firebrands are tokens, four per suit, each with a reward (HOL.8) hidden while on the
Firebrands track (HOL.2.2.I: face down, the Host's own player included) and shown once
placed: a firebrand on the map is a token of kind ``fb_<suit>_<reward>`` (its suit is
that of the clearing it was placed in, its reward face up). The track is, per suit,
the rewards left in the order they will be taken (G.1.19: the leftmost); a firebrand
removed goes back to the rightmost empty space (G.1.22), the next one taken, its reward
known to all (``known``: how many at the front of each suit's track). Fervor (HOL.4.1)
scores each Evening; the Pillar of Faith changes each Birdsong (HOL.4.3).

Readings where the text is silent (warriors, the rewards' mix, the Fervor track, setup
order, class and reach) come from rootlaw/data/crusader_kings_host.json and
docs/rulings.md.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final

from rootlaw.core import advanced
from rootlaw.core.battle import battle_options, start_battle
from rootlaw.core.cards_ep import draw_cards
from rootlaw.core.catalog import SUITS, load_json
from rootlaw.core.effects import DAYLIGHT_VERBS, apply_daylight_extra, daylight_extras
from rootlaw.core.faction_api import NO_STEPS, Faction, FactionDef, FactionState, register
from rootlaw.core.game import Game
from rootlaw.core.move import move_options, move_step
from rootlaw.core.options import Option, name_form, text_form
from rootlaw.core.steps import Handler, Step, register_steps

if TYPE_CHECKING:
    from rootlaw.core.battle import Battle

ME: Final = Faction.HOST_OF_LIGHT
_T: Final = load_json("crusader_kings_host.json")["host_of_light"]
PER_SUIT: Final[int] = int(_T["firebrands_per_suit"])
REWARDS: Final[tuple[str, ...]] = ("two_warriors", "flame", "card")  # HOL.8.1-8.3
START_TRACK: Final[tuple[tuple[str, ...], ...]] = tuple(
    tuple(str(x) for x in _T["rewards_by_suit"][suit]) for suit in SUITS)
FERVOR_VP: Final[tuple[int, ...]] = tuple(int(x) for x in _T["fervor_vp"])
MAX_FERVOR: Final[int] = len(FERVOR_VP) - 1
COLUMN_VP: Final[int] = int(_T["column_vp"])
PILLARS: Final[tuple[str, ...]] = tuple(str(x) for x in _T["pillars"])  # HOL.7
PIETY_FERVOR: Final[int] = int(_T["piety_fervor"])
CHARITY_CARDS: Final[int] = int(_T["charity_cards"])
RIGHTEOUS_BATTLES: Final[int] = int(_T["righteousness_battles"])
ACTIONS: Final = 2  # HOL.5
PILLAR_USED: Final = "hol_pillar"  # g.once: the Pillar resolved this turn (HOL.7)
TRACK_POOLS: Final[tuple[str, ...]] = tuple("hol_track_" + suit for suit in SUITS)


def kind_of(suit: str, reward: str) -> str:
    """The map kind of a face-up firebrand."""
    return "fb_" + suit + "_" + reward


KINDS: Final[tuple[str, ...]] = tuple(kind_of(s, r) for s in SUITS for r in REWARDS)
SUIT_OF: Final[dict[str, str]] = {kind_of(s, r): s for s in SUITS for r in REWARDS}
REWARD_OF: Final[dict[str, str]] = {kind_of(s, r): r for s in SUITS for r in REWARDS}

text_form("hol_corner", "place four warriors in corner {1}")
text_form("hol_edge", "place four warriors in {1}")
text_form("hol_home", "place three warriors in {1}")
text_form("hol_recruit", "spend {c1}: a warrior at each {2} firebrand")
text_form("hol_recruit_at", "place the warrior at the firebrand in {1}")
text_form("hol_pillar", "choose the Pillar of {c1}")
text_form("hol_move", "move {1} -> {2} (then you may battle)")
text_form("hol_ferry", "move {1} -> {2} by the Ferry (then you may battle)")
text_form("hol_sermon", "sermon: reveal {c1}, a {2} firebrand in {3}")
text_form("hol_charity", "Charity: draw two cards")
text_form("hol_perseverance", "Perseverance: three warriors in {1}")
text_form("hol_proselytize", "Proselytize: spend {c1}, a {2} firebrand in {3}")
text_form("hol_righteousness", "Righteousness: up to two battles")
text_form("hol_end", "end Daylight")
for _s in SUITS:
    for _r, _w in (("two_warriors", "Two Warriors"), ("flame", "Flame"), ("card", "Card")):
        name_form(kind_of(_s, _r), f"firebrand ({_s}, {_w})")


class HostState(FactionState):
    __slots__ = ("fervor", "pillar", "track", "known", "revealed", "corner", "actions")

    def __init__(self, fervor: int = 0, pillar: str = "",
                 track: tuple[tuple[str, ...], ...] = ((), (), ()),
                 known: tuple[int, ...] = (0, 0, 0), revealed: tuple[str, ...] = (),
                 corner: int = 0, actions: int = 0) -> None:
        self.fervor = fervor  # the Fervor marker's position (HOL.3.3: 0, the leftmost)
        self.pillar = pillar  # the Pillar of Faith card in its slot (HOL.3.4, 4.3)
        self.track = track  # per suit: rewards on the track, the next taken first
        self.known = known  # per suit: how many of the first ones everybody saw (G.1.22)
        self.revealed = revealed  # cards revealed this turn (G.1.23; HOL.5.2, 6.1)
        self.corner = corner  # the starting corner (HOL.3.1)
        self.actions = actions  # Daylight actions taken this turn (HOL.5)

    def copy(self) -> HostState:
        return HostState(self.fervor, self.pillar, self.track, self.known, self.revealed,
                         self.corner, self.actions)

    def to_json(self) -> dict[str, Any]:
        return {"fervor": self.fervor, "pillar": self.pillar,
                "track": [list(t) for t in self.track], "known": list(self.known),
                "revealed": list(self.revealed), "corner": self.corner,
                "actions": self.actions}

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> HostState:
        track = tuple(tuple(str(x) for x in t) for t in d["track"])
        known = tuple(int(x) for x in d["known"])
        fervor = int(d["fervor"])
        pillar = str(d["pillar"])
        if len(track) != len(SUITS) or len(known) != len(SUITS):
            raise ValueError("the Firebrands track has one column per suit (HOL.2.2)")
        if any(len(t) > PER_SUIT or any(r not in REWARDS for r in t) for t in track):
            raise ValueError(f"a Firebrands column holds up to {PER_SUIT} firebrands")
        if not 0 <= fervor <= MAX_FERVOR or pillar and pillar not in PILLARS:
            raise ValueError("fervor or Pillar of Faith out of range (HOL.3.3, HOL.7)")
        return cls(fervor, pillar, track, known, tuple(str(x) for x in d["revealed"]),
                   int(d["corner"]), int(d["actions"]))


def st_of(g: Game, s: int) -> HostState:
    fs = g.fstate[s]
    assert isinstance(fs, HostState)
    return fs


def firebrand_at(g: Game, s: int, c: int) -> str:
    """The kind of the Host's firebrand in c, "" if none (HOL.2.2.II: one at most)."""
    for p in g.tokens[c]:
        if p[0] == s and p[1] in SUIT_OF:
            return p[1]
    return ""


def firebrands(g: Game, s: int, suit: str) -> list[int]:
    """Clearings with a firebrand of ``suit``, in order."""
    out: list[int] = []
    for r in REWARDS:
        out.extend(g.piece_clearings(s, kind_of(suit, r)))
    out.sort()
    return out


def gain_fervor(g: Game, s: int, n: int) -> None:
    """Move the Fervor marker n steps (right if positive), within the track."""
    fs = st_of(g, s)
    new = max(0, min(MAX_FERVOR, fs.fervor + n))
    if new != fs.fervor:
        g.note("fervor", g.factions[s], new - fs.fervor, new)
        fs.fervor = new


class Host(FactionDef):
    id = ME
    name = str(_T["name"])
    setup_order = str(_T["setup_order"])
    setup_class = str(_T["setup_class"])  # A.8.1 (rulings.md: a reading)
    corner_setup = True  # section 5: starts in a corner clearing (HOL.3.1)
    fan = "crusader"  # its setup card joins a draft that asks for it (A.8.1)
    reach = int(_T["reach"])  # 5.2 (rulings.md: a reading)
    warriors = int(_T["warriors"])  # rulings.md: the text gives no number
    tokens = {k: sum(1 for r in START_TRACK[SUITS.index(SUIT_OF[k])] if r == REWARD_OF[k])
              for k in KINDS}
    crafts_with: tuple[str, ...] = KINDS  # HOL.2.1: firebrands

    def new_state(self) -> FactionState:
        return HostState()

    def state_from_json(self, data: dict[str, Any]) -> FactionState:
        return HostState.from_json(data)

    def setup_steps(self, g: Game, s: int) -> list[Step]:
        return [("hol.corner", s), ("hol.setup", s)]

    def phase_steps(self, g: Game, s: int, phase: str) -> list[Step]:
        if phase == "birdsong":  # HOL.4.1-4.3
            return [("hol.fervor", s), ("hol.home", s), ("hol.recruit", s, ()),
                    ("hol.pillar", s)]
        if phase == "daylight":  # HOL.5 (HOL.7.3 Piety at its start)
            return [("hol.daylight_start", s), ("hol.actions", s)]
        return [("hol.return", s), ("craft", s), ("hol.score", s), ("hol.draw", s),
                ("discard_down", s)]

    def starting_corner(self, g: Game, s: int) -> int | None:
        return st_of(g, s).corner or None

    def battle_extra_hits(self, g: Game, s: int, b: Battle, attacker: bool) -> int:
        """HOL.2.3 Fanaticism: an extra hit with a firebrand in the clearing (even
        defenseless), attacking or defending."""
        return 1 if firebrand_at(g, s, b.c) else 0

    def on_piece_removed(self, g: Game, s: int, c: int, kind: str, by: int) -> Sequence[Step]:
        """HOL.2.4 Crisis of Faith; the firebrand back on its track (G.1.22: the
        rightmost empty space, known to all)."""
        if kind not in SUIT_OF:
            return NO_STEPS
        fs = st_of(g, s)
        i = SUITS.index(SUIT_OF[kind])
        fs.track = tuple((REWARD_OF[kind],) + t if j == i else t
                         for j, t in enumerate(fs.track))
        fs.known = tuple(k + 1 if j == i else k for j, k in enumerate(fs.known))
        return [("hol.crisis", s)]

    def cards_held(self, g: Game, s: int) -> list[str]:
        return list(st_of(g, s).revealed)

    def hidden(self, g: Game, s: int, viewer: int) -> dict[str, list[str]]:
        """HOL.2.2.I: the firebrands on the track are face down to every seat (the Host's
        own included), but those seen on the map before they came back."""
        fs = st_of(g, s)
        out: dict[str, list[str]] = {}
        for i in range(len(SUITS)):
            unseen = fs.track[i][fs.known[i]:]
            if unseen:
                out[TRACK_POOLS[i]] = list(unseen)
        return out

    def set_hidden(self, g: Game, s: int, viewer: int, values: dict[str, list[str]]) -> None:
        fs = st_of(g, s)
        track = list(fs.track)
        for i in range(len(SUITS)):
            got = values.get(TRACK_POOLS[i])
            if got is not None:
                track[i] = track[i][:fs.known[i]] + tuple(got)
        fs.track = tuple(track)

    def view(self, g: Game, s: int, viewer: int | None) -> dict[str, Any]:
        fs = st_of(g, s)
        return {
            "fervor": fs.fervor,
            "fervor_vp": FERVOR_VP[fs.fervor],
            "pillar": fs.pillar or None,
            "firebrands_on_track": {SUITS[i]: len(fs.track[i]) for i in range(len(SUITS))},
            # HOL.2.2.I: face down; only those everybody saw come back are known
            "firebrands_known": {SUITS[i]: list(fs.track[i][:fs.known[i]])
                                 for i in range(len(SUITS)) if fs.known[i]},
            "revealed": list(fs.revealed),
            "actions_taken": fs.actions,
        }


register(Host())


# ------------------------------------------------------------------- setup
def corner_options(g: Game, s: int) -> list[int]:
    """HOL.3.1: a corner that is not another player's starting corner, opposite one if
    possible. In the Advanced Setup, no enemy homeland (A.8.2.I); if no corner is left,
    a map-edge clearing (rulings.md)."""
    taken = set()
    for o in g.others(s):
        c = g.fdefs[o].starting_corner(g, o)
        if c:
            taken.add(c)
    if g.adv is not None:
        taken.update(advanced.enemy_homelands(g, s))
    free = [c for c in g.board.corners if c not in taken and g.may_place(s, c)]
    facing = [c for c in free if g.board.opposite[c] in taken]
    if facing or free:
        return facing or free
    if g.adv is not None:
        return advanced.homeland_candidates(g, s, g.board.edge, 0, False)
    return []


class Corner(Handler):
    """HOL.3.1 Step 1: four warriors in a corner; then four in an adjacent edge one."""

    name = "hol.corner"
    kind = "setup_corner"
    rule = "HOL.3.1"
    prompt = "Choose your starting corner"

    def options(self, g: Game, st: Step) -> list[Option]:
        return [("hol_corner", c) for c in corner_options(g, st[1])] or [("done",)]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        if o[0] == "done":
            return
        s: int = st[1]
        c: int = o[1]
        st_of(g, s).corner = c
        advanced.add_homeland(g, s, c)
        g.place_warriors(s, c, int(_T["start_warriors"]))
        g.push(("hol.edge", s, c))


class Edge(Handler):
    """HOL.3.1: four warriors in a map-edge clearing adjacent to the corner."""

    name = "hol.edge"
    kind = "setup_warriors"
    rule = "HOL.3.1"
    prompt = "Place four warriors in an edge clearing adjacent to your corner"

    def options(self, g: Game, st: Step) -> list[Option]:
        s: int = st[1]
        edge = g.board.edge
        out: list[Option] = [("hol_edge", c) for c in g.adjacent(st[2])
                             if c in edge and g.may_place(s, c)]
        return out or [("done",)]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        if o[0] != "done":
            g.place_warriors(st[1], o[1], int(_T["edge_warriors"]))


class Setup(Handler):
    """HOL.3.2 the firebrands shuffled face down onto their tracks (each suit's at
    random); HOL.3.3 Fervor at the leftmost space; HOL.3.4 a random Pillar of Faith."""

    name = "hol.setup"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        s: int = st[1]
        fs = st_of(g, s)
        tokens = [SUITS[i] + ":" + r for i in range(len(SUITS)) for r in START_TRACK[i]]
        track: list[list[str]] = [[], [], []]
        for token in g.shuffle("firebrands", tokens):  # all twelve shuffled face down
            suit, reward = token.split(":")
            track[SUITS.index(suit)].append(reward)  # each onto its suit's spaces
        fs.track = tuple(tuple(t) for t in track)
        fs.known = (0, 0, 0)
        fs.fervor = 0
        fs.pillar = PILLARS[g.random_index("pillar", len(PILLARS))]
        g.note("pillar", g.factions[s], fs.pillar)


# ---------------------------------------------------------------- birdsong
def clear_of_enemies(g: Game, s: int, c: int) -> bool:
    for o in g.enemies(s):
        if g.has_enemy_piece(s, o, c):
            return False
    return True


class Fervor(Handler):
    """HOL.4.1 Adjust Fervor: one step toward the number of clearings with a firebrand
    and no enemy pieces (a new turn also starts the Host's turn-long counts)."""

    name = "hol.fervor"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        s: int = st[1]
        fs = st_of(g, s)
        fs.actions = 0
        n = 0
        for kind in KINDS:
            for c in g.piece_clearings(s, kind):
                if clear_of_enemies(g, s, c):
                    n += 1
        if n > fs.fervor:
            gain_fervor(g, s, 1)
        elif n < fs.fervor:
            gain_fervor(g, s, -1)


def has_pieces(g: Game, s: int) -> bool:
    if sum(g.warriors[s]):
        return True
    return g.count_kinds(s, KINDS) > 0


class Home(Handler):
    """HOL.4.2: with no pieces on the map, three warriors in a map-edge clearing."""

    name = "hol.home"
    kind = "recruit"
    rule = "HOL.4.2"
    prompt = "You have no pieces on the map: choose an edge clearing for three warriors"

    def options(self, g: Game, st: Step) -> list[Option]:
        s: int = st[1]
        if has_pieces(g, s) or not g.warrior_supply(s):
            return [("done",)]
        out: list[Option] = [("hol_home", c) for c in g.board.edge if g.may_place(s, c)]
        return out or [("done",)]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        if o[0] != "done":
            g.place_warriors(st[1], o[1], int(_T["recruit_warriors"]))


def recruit_targets(g: Game, s: int, suit: str) -> list[int]:
    """Firebrands of ``suit`` where a warrior can be placed (HOL.4.2)."""
    return [c for c in firebrands(g, s, suit) if g.may_place(s, c)]


class Recruit(Handler):
    """HOL.4.2 Recruit: up to once per suit, spend a card to place a warrior at each
    matching firebrand. Args: (seat, suits used)."""

    name = "hol.recruit"
    kind = "recruit"
    rule = "HOL.4.2"
    prompt = "Spend a card to place a warrior at each matching firebrand?"

    def options(self, g: Game, st: Step) -> list[Option]:
        s: int = st[1]
        used: tuple[str, ...] = st[2]
        out: list[Option] = []
        if g.warrior_supply(s):
            for suit in SUITS:
                if suit in used or not recruit_targets(g, s, suit):
                    continue
                out.extend(("hol_recruit", cid, suit) for cid in g.cards_matching(s, suit))
        return out + [("done",)]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        if o[0] == "done":
            return
        s: int = st[1]
        suit: str = o[2]
        g.spend(s, o[1])
        g.push(("hol.recruit_at", s, suit, tuple(recruit_targets(g, s, suit))),
               ("hol.recruit", s, st[2] + (suit,)))


class RecruitAt(Handler):
    """HOL.4.2: one warrior at each of these firebrands; with too few warriors left, as
    many as possible (1.5.4), where the Host chooses. Args: (seat, suit, clearings)."""

    name = "hol.recruit_at"
    kind = "recruit"
    rule = "HOL.4.2"
    prompt = "Too few warriors: choose a firebrand to place one at"

    def options(self, g: Game, st: Step) -> list[Option]:
        s: int = st[1]
        todo: tuple[int, ...] = st[3]
        if not todo or not g.warrior_supply(s):
            return [("done",)]
        if g.warrior_supply(s) >= len(todo):
            return [("hol_recruit_at", 0)]  # all of them: no choice
        return [("hol_recruit_at", c) for c in todo]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        if o[0] == "done":
            return
        s: int = st[1]
        todo: tuple[int, ...] = st[3]
        if o[1] == 0:
            for c in todo:
                g.place_warriors(s, c, 1)
            return
        g.place_warriors(s, o[1], 1)
        rest = tuple(c for c in todo if c != o[1])
        g.push(("hol.recruit_at", s, st[2], rest))


class Pillar(Handler):
    """HOL.4.3 Choose Pillar of Faith: a different one replaces it."""

    name = "hol.pillar"
    kind = "pillar"
    rule = "HOL.4.3"
    prompt = "Choose your Pillar of Faith for this round"

    def options(self, g: Game, st: Step) -> list[Option]:
        now = st_of(g, st[1]).pillar
        return [("hol_pillar", p) for p in PILLARS if p != now]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        st_of(g, st[1]).pillar = o[1]


# ---------------------------------------------------------------- daylight
class DaylightStart(Handler):
    """HOL.7.3 Piety: at the start of Daylight, two Fervor."""

    name = "hol.daylight_start"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        s: int = st[1]
        if st_of(g, s).pillar == "piety":
            gain_fervor(g, s, PIETY_FERVOR)


def sermon_options(g: Game, s: int) -> list[Option]:
    """HOL.5.2: a card revealed for a matching firebrand from the track, in a matching
    clearing with a Host warrior and no firebrand (a bird matches any suit, 2.1.1)."""
    fs = st_of(g, s)
    out: list[Option] = []
    open_at = [c for c in g.clearings() if g.warriors[s][c] and not firebrand_at(g, s, c)
               and g.may_place(s, c)]
    if not open_at:
        return out
    cards = g.deckdef.cards
    for cid in dict.fromkeys(g.hands[s]):
        suit = cards[cid].suit
        for i in range(len(SUITS)):
            fsuit = SUITS[i]
            if not fs.track[i] or suit != "bird" and suit != fsuit:
                continue
            out.extend(("hol_sermon", cid, fsuit, c) for c in open_at
                       if g.suit_match(c, fsuit))
    return out


def pillar_options(g: Game, s: int) -> list[Option]:
    """HOL.7.1-7.5: the Pillar's once-per-turn effect (Piety acts by itself)."""
    if PILLAR_USED in g.once:
        return []
    fs = st_of(g, s)
    p = fs.pillar
    if p == "charity":
        return [("hol_charity",)]
    if p == "perseverance":
        if not g.warrior_supply(s):
            return []
        return [("hol_perseverance", c) for c in g.clearings()
                if firebrand_at(g, s, c) and g.may_place(s, c)]
    if p == "proselytize":
        out: list[Option] = []
        cards = list(dict.fromkeys(g.hands[s]))
        if not cards:
            return out
        for i in range(len(SUITS)):
            if not fs.track[i]:
                continue
            fsuit = SUITS[i]
            for c in g.clearings():
                if (g.suit_match(c, fsuit) and not firebrand_at(g, s, c)
                        and g.may_place(s, c)):
                    out.extend(("hol_proselytize", cid, fsuit, c) for cid in cards)
        return out
    if p == "righteousness" and battle_options(g, s):
        return [("hol_righteousness",)]
    return []


class Actions(Handler):
    """HOL.5 Daylight: up to two actions (Move then Battle, Sermon) in any order and
    number, and the Pillar of Faith once (HOL.7)."""

    name = "hol.actions"
    kind = "action"
    rule = "HOL.5"
    prompt = "Host of Light Daylight: take an action, resolve your Pillar, or end"

    def options(self, g: Game, st: Step) -> list[Option]:
        s: int = st[1]
        out: list[Option] = []
        if st_of(g, s).actions < ACTIONS:
            out += [("hol_move" if o[0] == "move" else "hol_ferry", o[1], o[2])
                    for o in move_options(g, s)]
            out += sermon_options(g, s)
        out += pillar_options(g, s)
        return out + daylight_extras(g, s) + [("hol_end",)]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        s: int = st[1]
        verb = o[0]
        if verb == "hol_end":
            return
        g.push(st)
        fs = st_of(g, s)
        if verb in DAYLIGHT_VERBS:
            apply_daylight_extra(g, s, o)
        elif verb == "hol_move" or verb == "hol_ferry":  # HOL.5.1
            fs.actions += 1
            g.push(move_step(s, ("ferry" if verb == "hol_ferry" else "move", o[1], o[2])),
                   ("hol.then_battle", s, 1))
        elif verb == "hol_sermon":  # HOL.5.2
            fs.actions += 1
            g.hands[s].remove(o[1])
            fs.revealed = fs.revealed + (o[1],)
            place_firebrand(g, s, o[2], o[3], True)
        else:
            g.once = g.once | {PILLAR_USED}
            use_pillar(g, s, o)


def use_pillar(g: Game, s: int, o: Option) -> None:
    verb = o[0]
    if verb == "hol_charity":  # HOL.7.1
        g.draw(s, CHARITY_CARDS)
    elif verb == "hol_perseverance":  # HOL.7.2
        g.place_warriors(s, o[1], int(_T["perseverance_warriors"]))
    elif verb == "hol_proselytize":  # HOL.7.4: any suit, the card need not match
        g.spend(s, o[1])
        place_firebrand(g, s, o[2], o[3], False)
    elif verb == "hol_righteousness":  # HOL.7.5: not among the two actions
        g.push(("hol.then_battle", s, RIGHTEOUS_BATTLES))
    else:  # pragma: no cover
        raise ValueError(o)


def place_firebrand(g: Game, s: int, suit: str, c: int, sermon: bool) -> None:
    """Place the next firebrand of ``suit`` in c, face up (HOL.2.2.I). A Sermon gains
    its reward and two VP for an emptied column (HOL.5.2); Proselytize does neither
    (HOL.7.4 places only, rulings.md)."""
    fs = st_of(g, s)
    i = SUITS.index(suit)
    reward = fs.track[i][0]
    fs.track = tuple(t[1:] if j == i else t for j, t in enumerate(fs.track))
    fs.known = tuple(max(0, k - 1) if j == i else k for j, k in enumerate(fs.known))
    g.place_token(s, kind_of(suit, reward), c)
    g.note("firebrand", g.factions[s], c, suit, reward)
    if not sermon:
        return
    if reward == "two_warriors":  # HOL.8.1
        g.place_warriors(s, c, 2)
    elif reward == "flame":  # HOL.8.2: one per matching firebrand, this one included
        gain_fervor(g, s, len(firebrands(g, s, suit)))
    else:  # HOL.8.3
        g.draw(s, 1)
    if not fs.track[i]:
        g.score(s, COLUMN_VP, "firebrands_column")


class ThenBattle(Handler):
    """HOL.5.1 (after the move) and HOL.7.5 Righteousness: you may initiate a battle in
    any clearing. Args: (seat, battles left)."""

    name = "hol.then_battle"
    kind = "battle"
    rule = "HOL.5.1/HOL.7.5"
    prompt = "Initiate a battle?"

    def options(self, g: Game, st: Step) -> list[Option]:
        if st[2] <= 0:
            return [("skip",)]
        return battle_options(g, st[1]) + [("skip",)]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        if o[0] != "battle":
            return
        s: int = st[1]
        if st[2] > 1:
            g.push(("hol.then_battle", s, st[2] - 1))
        start_battle(g, s, o[1], g.seat_of(o[2]))


class Crisis(Handler):
    """HOL.2.4 Crisis of Faith: discard a random card; one Fervor less (not below 0)."""

    name = "hol.crisis"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        s: int = st[1]
        hand = g.hands[s]
        if hand:
            card = hand.pop(g.random_index("crisis_card", len(hand)))
            g.note("crisis_of_faith", g.factions[s], card)
            g.discard_card(card)
        gain_fervor(g, s, -1)


# ----------------------------------------------------------------- evening
class Return(Handler):
    """HOL.6.1 Discard the bird cards revealed this turn, the others back to hand."""

    name = "hol.return"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        s: int = st[1]
        fs = st_of(g, s)
        for cid in fs.revealed:
            if g.suit_of(cid) == "bird":
                g.discard_card(cid)
            else:
                g.hands[s].append(cid)
        fs.revealed = ()


class Score(Handler):
    """HOL.6.3 Score the VP under the Fervor marker."""

    name = "hol.score"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        s: int = st[1]
        g.score(s, FERVOR_VP[st_of(g, s).fervor], "fervor")


class Draw(Handler):
    """HOL.6.4 Draw one card (then discard down to five)."""

    name = "hol.draw"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        draw_cards(g, st[1], 1)


register_steps(
    Corner(), Edge(), Setup(), Fervor(), Home(), Recruit(), RecruitAt(), Pillar(),
    DaylightStart(), Actions(), ThenBattle(), Crisis(), Return(), Score(), Draw(),
)
