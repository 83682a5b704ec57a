"""Underground Duchy (Law of Root, section 12).

The Duchy's pieces are warriors, citadels and markets (buildings) and tunnels (tokens).
The Burrow (12.2.2) is a clearing of the game numbered after the map's clearings
(``g.board.burrow``, only in games with the Duchy: ``FactionDef.burrow_token``); the
core keeps its links to the tunnel clearings in ``g.adj``. The state holds the
swayed ministers, the crowns left on the faction board, the ministers whose action
was taken this turn and the cards revealed this turn (public until Evening, 12.6.1).
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from rootlaw.core import advanced
from rootlaw.core.battle import battle_options, can_battle, start_battle
from rootlaw.core.cards_ep import draw_cards
from rootlaw.core.catalog import SUITS, tracks
from rootlaw.core.effects import (
    DAYLIGHT_VERBS,
    apply_daylight_extra,
    daylight_extras,
    took_daylight_extra,
)
from rootlaw.core.faction_api import NO_STEPS, Faction, FactionDef, FactionState, register
from rootlaw.core.game import Game
from rootlaw.core.move import can_move, do_move, move_options, move_step
from rootlaw.core.options import Option, text_form
from rootlaw.core.steps import Handler, Step, register_steps

ME: Final = Faction.DUCHY
_T: Final = tracks()["underground_duchy"]
CITADEL: Final = "citadel"
MARKET: Final = "market"
TUNNEL: Final = "tunnel"
KINDS: Final[tuple[str, ...]] = (CITADEL, MARKET)  # the buildings (12.2.1: identical for crafting)
BUILDINGS_PER_KIND: Final = int(_T["citadels"])  # 12.3.4: 3 citadels, 3 markets
TUNNELS: Final = int(_T["tunnels"])  # 12.2.4
RANKS: Final[tuple[str, ...]] = ("squire", "noble", "lord")  # 12.2.3: lord highest
CROWNS_PER_RANK: Final = 3  # 12.3.6: nine crowns, three per rank
# 12.4: warriors recruited in Birdsong by citadels on the map (1 plus the warrior icons
# uncovered on the Citadels track)
RECRUIT: Final = tuple(int(x) for x in _T["recruit_in_burrow_by_citadels_on_map"])
DIG_MOVE: Final = 4  # 12.5.1.V up to four warriors
SETUP_WARRIORS: Final = 2  # 12.3.3
ADVANCED_SPREAD: Final = 5  # setup card (A.8.2): warriors among the adjacent clearings
DUCHESS_VP: Final = 2  # 12.5.2.VII


def _minister_id(name: str) -> str:
    return name.lower().replace(" ", "_")


# 12.5.2: the nine ministers, in the order of the Law, with their rank (index in RANKS)
MINISTERS: Final = tuple(_minister_id(str(m["name"])) for m in _T["ministers"])
MINISTER_NAMES: Final = {_minister_id(str(m["name"])): str(m["name"]) for m in _T["ministers"]}
RANK_OF: Final = {_minister_id(str(m["name"])): RANKS.index(str(m["rank"]))
                  for m in _T["ministers"]}
# 12.5.3: cards revealed to sway, and VP of the crown space uncovered, by rank
SWAY_CARDS: Final = tuple(int(next(m["cards_to_sway"] for m in _T["ministers"]
                                   if m["rank"] == r)) for r in RANKS)
CROWN_VP: Final = tuple(int(next(m["vp_on_sway"] for m in _T["ministers"] if m["rank"] == r))
                        for r in RANKS)
FOREMOLE: Final = "foremole"
CAPTAIN: Final = "captain"
MARSHAL: Final = "marshal"
BRIGADIER: Final = "brigadier"
BANKER: Final = "banker"
MAYOR: Final = "mayor"
DUCHESS: Final = "duchess_of_mud"
BARON: Final = "baron_of_dirt"
EARL: Final = "earl_of_stone"

text_form("ud_corner", "start in corner {1}")
text_form("ud_reveal", "reveal {c1}")
text_form("ud_dig", "dig a tunnel in {1}")
text_form("ud_reroute", "first remove the tunnel in {1}")
text_form("ud_dig_move", "move {1} warrior(s) from the Burrow")
text_form("ud_minister", "{1}: take its action")
text_form("ud_brigadier", "Brigadier: up to two {1}")
text_form("ud_bank_suit", "Banker: spend {1} cards")
text_form("ud_bank", "Banker: spend {c1}")
text_form("ud_mayor", "Mayor: take the action of the {1}")
text_form("ud_sway", "sway the {1}")
text_form("ud_dismiss", "Price of Failure: return the {1}")
text_form("end_battles", "no second battle")


class DuchyState(FactionState):
    __slots__ = ("swayed", "crowns", "used", "revealed", "corner")

    def __init__(self, swayed: tuple[str, ...] = (),
                 crowns: tuple[int, ...] = (CROWNS_PER_RANK,) * 3,
                 used: tuple[str, ...] = (), revealed: tuple[str, ...] = (),
                 corner: int = 0) -> None:
        self.swayed = swayed  # 12.5.3.III swayed ministers, in the order swayed
        self.crowns = crowns  # crowns on the faction board, by rank (12.3.6)
        self.used = used  # ministers whose action was taken this turn (12.5.2)
        self.revealed = revealed  # cards revealed this turn (12.6.1)
        self.corner = corner  # the starting corner (12.3.3)

    def copy(self) -> DuchyState:
        return DuchyState(self.swayed, self.crowns, self.used, self.revealed, self.corner)

    def to_json(self) -> dict[str, Any]:
        return {"swayed": list(self.swayed), "crowns": list(self.crowns),
                "used": list(self.used), "revealed": list(self.revealed),
                "corner": self.corner}

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> DuchyState:
        swayed = tuple(str(x) for x in d["swayed"])
        used = tuple(str(x) for x in d["used"])
        crowns = tuple(int(x) for x in d["crowns"])
        if any(m not in RANK_OF for m in swayed + used) or len(set(swayed)) != len(swayed):
            raise ValueError(f"bad ministers {swayed!r} / {used!r}")
        if len(crowns) != len(RANKS) or any(not 0 <= n <= CROWNS_PER_RANK for n in crowns):
            raise ValueError(f"bad crowns {crowns!r}")
        return cls(swayed, crowns, used, tuple(str(x) for x in d["revealed"]),
                   int(d["corner"]))


def st_of(g: Game, s: int) -> DuchyState:
    fs = g.fstate[s]
    assert isinstance(fs, DuchyState)
    return fs


# ----------------------------------------------------------------- helpers
def reveal(g: Game, s: int, cid: str) -> None:
    """Reveal a card: out of the hand, public until Evening (12.6.1)."""
    g.hands[s].remove(cid)
    fs = st_of(g, s)
    fs.revealed = fs.revealed + (cid,)


def matches(g: Game, cid: str, suit: str) -> bool:
    """Whether the card matches a clearing of ``suit`` (2.1.1: birds are wild)."""
    cs = g.suit_of(cid)
    return bool(suit) and (cs == suit or cs == "bird")


def buildings_left(g: Game, s: int, kind: str) -> int:
    return BUILDINGS_PER_KIND - g.count_building(s, kind)


def tunnels_on_map(g: Game, s: int) -> int:
    return g.count_token(s, TUNNEL)


def crowns_gone(g: Game, s: int) -> tuple[int, ...]:
    """Crowns removed from the game by the Price of Failure (12.2.3), by rank."""
    fs = st_of(g, s)
    out = [CROWNS_PER_RANK - fs.crowns[r] for r in range(len(RANKS))]
    for m in fs.swayed:
        out[RANK_OF[m]] -= 1
    return tuple(out)


def build_sites(g: Game, s: int, matching: bool) -> list[Option]:
    """("build", kind, clearing): a building left on its track, a clearing of the map s
    rules with an open slot (12.5.1.I; matching a card in hand unless ``matching`` is
    False: the Foremole, 12.5.2.I). The Burrow has no slots and no suit."""
    kinds = [k for k in KINDS if buildings_left(g, s, k)]
    if not kinds or not g.hands[s]:
        return []
    out: list[Option] = []
    for c in g.clearings():
        if not g.rules(s, c) or g.open_slots(c) <= 0 or not g.may_place(s, c):
            continue
        if matching and not g.cards_matching_clearing(s, c):
            continue
        out.extend(("build", k, c) for k in kinds)
    return out


def dig_sites(g: Game, s: int) -> list[int]:
    """12.5.1.V: clearings of the map without a tunnel, matching a card in hand, where
    s may place a piece (6.2.2 The Keep); a tunnel in the supply or one on the map to
    take first (12.2.4)."""
    out: list[int] = []
    tunnels = g.piece_clearings(s, TUNNEL)
    for c in g.clearings():
        if c not in tunnels and g.may_place(s, c) and g.cards_matching_clearing(s, c):
            out.append(c)
    return out


def presence_by_suit(g: Game, s: int) -> tuple[int, int, int, int]:
    """12.5.3.II: clearings of each suit (fox, rabbit, mouse) with a Duchy piece, and
    (fourth) those of every suit: the Lost City's clearing, counted once and matching a
    card of any suit (Appendix F, rulings.md)."""
    n = [0, 0, 0]
    wild = 0
    for c in g.clearings():
        if g.has_any_piece(s, c):
            suits = g.suits_at(c)
            if len(suits) == 1:
                n[SUITS.index(suits[0])] += 1
            else:
                wild += 1
    return (n[0], n[1], n[2], wild)


def sway_possible(g: Game, s: int, chosen: Sequence[str], more: int,
                  hand: Sequence[str]) -> bool:
    """12.5.3.II: the cards ``chosen`` can each be matched to a distinct clearing with a
    Duchy piece (birds to any suit, 2.1.1; a clearing of every suit to any card), and
    ``more`` cards of ``hand`` can join them. Suited cards fill their own suit's
    clearings first, then those of every suit, birds what is left: never worse."""
    places = presence_by_suit(g, s)
    used = [0, 0, 0]
    birds = 0
    for cid in chosen:
        suit = g.suit_of(cid)
        if suit == "bird":
            birds += 1
        else:
            used[SUITS.index(suit)] += 1
    free = [places[i] - used[i] for i in range(3)]
    wild = places[3]
    for i in range(3):
        if free[i] < 0:  # a suited card beyond its suit's clearings: one of every suit
            wild += free[i]
            free[i] = 0
    if wild < 0 or birds > sum(free) + wild:
        return False
    have = [0, 0, 0]
    hb = 0
    for cid in hand:
        suit = g.suit_of(cid)
        if suit == "bird":
            hb += 1
        else:
            have[SUITS.index(suit)] += 1
    add = 0
    over = 0
    for i in range(3):
        k = min(have[i], free[i])
        add += k
        free[i] = free[i] - k
        over += have[i] - k
    k = min(over, wild)
    add += k
    wild -= k
    add += min(hb, sum(free) + wild - birds)
    return add >= more


def minister_possible(g: Game, s: int, m: str) -> bool:
    """Whether the minister's action (12.5.2) can do anything now."""
    if m == FOREMOLE:
        return bool(build_sites(g, s, False))
    if m == CAPTAIN:
        return can_battle(g, s)
    if m == MARSHAL:
        return can_move(g, s)
    if m == BRIGADIER:
        return can_move(g, s) or can_battle(g, s)
    if m == BANKER:
        return bool(g.hands[s])
    if m == MAYOR:
        return bool(mayor_choices(g, s))
    if m == DUCHESS:
        return tunnels_on_map(g, s) >= TUNNELS
    if m == BARON:
        return g.count_building(s, MARKET) > 0
    return g.count_building(s, CITADEL) > 0  # the Earl of Stone


def mayor_choices(g: Game, s: int) -> list[str]:
    """12.5.2.VI: swayed nobles and squires (not the Mayor himself: rulings.md) whose
    action can do something now, used this turn or not."""
    out: list[str] = []
    for m in st_of(g, s).swayed:
        if m != MAYOR and RANK_OF[m] <= 1 and minister_possible(g, s, m):
            out.append(m)
    return out


def minister_action(g: Game, s: int, m: str) -> None:
    """Take minister m's action (12.5.2 I-IX)."""
    if m == FOREMOLE:
        g.push(("duchy.foremole", s))
    elif m == CAPTAIN:
        g.push(("duchy.battle", s, 1))
    elif m == MARSHAL:
        g.push(("duchy.move", s, 1))
    elif m == BRIGADIER:
        g.push(("duchy.brigadier", s))
    elif m == BANKER:
        g.push(("duchy.bank_suit", s))
    elif m == MAYOR:
        g.push(("duchy.mayor", s))
    elif m == DUCHESS:
        g.score(s, DUCHESS_VP, "duchess_of_mud")
    elif m == BARON:
        g.score(s, g.count_building(s, MARKET), "baron_of_dirt")
    elif m == EARL:
        g.score(s, g.count_building(s, CITADEL), "earl_of_stone")
    else:  # pragma: no cover
        raise ValueError(m)


# ----------------------------------------------------------------- faction
class Duchy(FactionDef):
    id = ME
    name = "Underground Duchy"
    setup_order = "H"
    setup_class = "militant"  # A.8.1 (advanced_setup.json)
    corner_setup = True  # section 5: starts in a corner clearing (5.1)
    reach = 8
    warriors = int(_T["warriors"])  # 12.3.1
    buildings = {CITADEL: BUILDINGS_PER_KIND, MARKET: int(_T["markets"])}
    tokens = {TUNNEL: TUNNELS}
    crafts_with: tuple[str, ...] = (CITADEL, MARKET)  # 12.2.1: alike for crafting
    burrow_token = TUNNEL  # 12.2.2: the Burrow is adjacent to each tunnel's clearing

    def new_state(self) -> FactionState:
        return DuchyState()

    def state_from_json(self, data: dict[str, Any]) -> FactionState:
        return DuchyState.from_json(data)

    def setup_steps(self, g: Game, s: int) -> list[Step]:
        return [("duchy.corner", s)]

    def advanced_setup_steps(self, g: Game, s: int) -> list[Step]:
        return [("duchy.homeland", s)]  # setup card (A.8.2)

    def phase_steps(self, g: Game, s: int, phase: str) -> list[Step]:
        if phase == "birdsong":  # 12.4
            return [("duchy.recruit", s)]
        if phase == "daylight":  # 12.5.1 Assembly, 12.5.2 Parliament, 12.5.3 Sway
            return [("duchy.assembly", s, 2), ("duchy.parliament", s), ("duchy.sway", s)]
        # 12.6.1 discard and return revealed cards, 12.6.2 craft, 12.6.3 draw and discard
        return [("duchy.return", s), ("craft", s), ("duchy.draw", s), ("discard_down", s)]

    def starting_corner(self, g: Game, s: int) -> int | None:
        return st_of(g, s).corner or None

    def blocks_placement(self, g: Game, s: int, placer: int, c: int) -> bool:
        """12.2.2: non-Duchy pieces cannot be placed in the Burrow."""
        return c == g.board.burrow

    def blocks_move(self, g: Game, s: int, mover: int, a: int, b: int) -> bool:
        """12.2.2: non-Duchy pieces cannot be moved into the Burrow."""
        return mover != s and b == g.board.burrow

    def rules_outright(self, g: Game, s: int, c: int) -> bool:
        """12.2.2: the Duchy always rules the Burrow, even with no pieces there."""
        return c == g.board.burrow

    def on_pieces_removed(self, g: Game, s: int, pieces: Sequence[tuple[int, str]],
                          by: int) -> Sequence[Step]:
        """12.2.3 The Price of Failure: once for any number of buildings removed."""
        for _, kind in pieces:
            if kind == CITADEL or kind == MARKET:
                return [("duchy.price", s), ("duchy.dismiss", s)]
        return NO_STEPS

    def cards_held(self, g: Game, s: int) -> list[str]:
        return list(st_of(g, s).revealed)

    def view(self, g: Game, s: int, viewer: int | None) -> dict[str, Any]:
        fs = st_of(g, s)
        gone = crowns_gone(g, s)
        return {
            "swayed": list(fs.swayed),
            "unswayed": [m for m in MINISTERS if m not in fs.swayed],
            "ministers_used": list(fs.used),
            "crowns_on_board": {RANKS[r]: fs.crowns[r] for r in range(len(RANKS))},
            "crowns_removed": {RANKS[r]: gone[r] for r in range(len(RANKS))},
            "revealed": list(fs.revealed),  # public until Evening (12.6.1)
            "buildings_on_track": {k: buildings_left(g, s, k) for k in KINDS},
            "tunnels_in_supply": TUNNELS - tunnels_on_map(g, s),
            "burrow_warriors": g.warriors[s][g.board.burrow],
            "recruit": RECRUIT[g.count_building(s, CITADEL)],  # 12.4
            "draw": 1 + g.count_building(s, MARKET),  # 12.6.3
        }


register(Duchy())


# ------------------------------------------------------------------- setup
class Corner(Handler):
    """12.3.3 Two warriors and a tunnel in a corner that is not another player's
    starting corner and, if possible, diagonally opposite one; then two warriors in
    each clearing adjacent to it, except the Burrow."""

    name = "duchy.corner"
    kind = "setup_corner"
    rule = "12.3.3"
    prompt = "Choose your starting corner"

    def options(self, g: Game, st: Step) -> list[Option]:
        s: int = st[1]
        taken = {g.fdefs[o].starting_corner(g, o) for o in g.others(s)} - {None}
        free = [c for c in g.board.corners if c not in taken and g.may_place(s, c)]
        facing = [c for c in free if g.board.opposite[c] in taken]
        return [("ud_corner", c) for c in (facing or free or g.board.corners)]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        s: int = st[1]
        c: int = o[1]
        st_of(g, s).corner = c
        g.place_token(s, TUNNEL, c)
        g.place_warriors(s, c, SETUP_WARRIORS)
        burrow = g.board.burrow
        for x in g.adjacent(c):
            if x != burrow and g.may_place(s, x):
                g.place_warriors(s, x, SETUP_WARRIORS)


class Homeland(Handler):
    """Setup card (A.8.2): the homeland not adjacent to enemy homelands (A.8.2.II); two
    warriors and a tunnel there, five warriors among the adjacent clearings as evenly as
    possible (not the Burrow, as 12.3.3: rulings.md). The Burrow board came with the
    faction (12.3.2, ``Game.set_faction``)."""

    name = "duchy.homeland"
    kind = "setup_homeland"
    rule = "A.8.2"
    prompt = "Choose your homeland (not adjacent to enemy homelands)"

    def options(self, g: Game, st: Step) -> list[Option]:
        return advanced.homeland_options(g, st[1], g.clearings(), 0, True, advanced.APART)

    def apply(self, g: Game, st: Step, o: Option) -> None:
        s: int = st[1]
        c: int = o[1]
        advanced.add_homeland(g, s, c)
        st_of(g, s).corner = c
        g.place_token(s, TUNNEL, c)
        g.place_warriors(s, c, SETUP_WARRIORS)
        g.push(("adv.spread", s, c, ADVANCED_SPREAD, ()))


# ---------------------------------------------------------------- birdsong
class Recruit(Handler):
    """12.4 One warrior, plus one per warrior icon uncovered on the Citadels track, in
    the Burrow (as many as the supply holds, 1.5.4)."""

    name = "duchy.recruit"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        s: int = st[1]
        st_of(g, s).used = ()
        g.place_warriors(s, g.board.burrow, RECRUIT[g.count_building(s, CITADEL)])


# ---------------------------------------------------------------- daylight
class Assembly(Handler):
    """12.5.1 Assembly: up to two actions in any order and number. Args: (seat, left)."""

    name = "duchy.assembly"
    kind = "action"
    rule = "12.5.1"

    def describe(self, g: Game, st: Step) -> str:
        return f"Duchy Assembly: choose an action ({st[2]} left)"

    def options(self, g: Game, st: Step) -> list[Option]:
        s: int = st[1]
        left: int = st[2]
        out = daylight_extras(g, s)
        if left > 0:
            if build_sites(g, s, True):
                out.append(("action", "build"))
            if g.warrior_supply(s):
                out.append(("action", "recruit"))
            if can_move(g, s):
                out.append(("action", "move"))
            if can_battle(g, s):
                out.append(("action", "battle"))
            if dig_sites(g, s):
                out.append(("action", "dig"))
        out.append(("end",))
        return out

    def apply(self, g: Game, st: Step, o: Option) -> None:
        s: int = st[1]
        left: int = st[2]
        verb = o[0]
        if verb == "end":
            return
        if took_daylight_extra(g, st, o):
            return
        nxt = ("duchy.assembly", s, left - 1)
        what = o[1]
        if what == "build":  # I
            g.push(("duchy.build", s), nxt)
        elif what == "recruit":  # II
            g.place_warriors(s, g.board.burrow, 1)
            g.push(nxt)
        elif what == "move":  # III
            g.push(("duchy.move", s, 1), nxt)
        elif what == "battle":  # IV
            g.push(("duchy.battle", s, 1), nxt)
        else:  # V dig
            g.push(("duchy.dig", s), nxt)


class Build(Handler):
    """12.5.1.I Build: reveal a card to place a citadel or market in a matching clearing
    you rule; 12.5.2.I the Foremole: any card, matching or not (``foremole`` step)."""

    name = "duchy.build"
    kind = "build"
    rule = "12.5.1.I"
    prompt = "Build: choose the building and the clearing"

    def options(self, g: Game, st: Step) -> list[Option]:
        return build_sites(g, st[1], True)

    def apply(self, g: Game, st: Step, o: Option) -> None:
        s: int = st[1]
        c: int = o[2]
        g.push(("duchy.reveal_build", s, o[1], c, 1))


class Foremole(Build):
    name = "duchy.foremole"
    rule = "12.5.2.I"
    prompt = "Foremole: choose the building and any clearing you rule"

    def options(self, g: Game, st: Step) -> list[Option]:
        return build_sites(g, st[1], False)

    def apply(self, g: Game, st: Step, o: Option) -> None:
        g.push(("duchy.reveal_build", st[1], o[1], o[2], 0))


class RevealBuild(Handler):
    """Reveal the card that pays for a building, then place it (12.5.1.I, 12.5.2.I).
    Args: (seat, kind, clearing, 1 if the card must match the clearing)."""

    name = "duchy.reveal_build"
    kind = "reveal"
    rule = "12.5.1.I"
    prompt = "Reveal a card to build"

    def options(self, g: Game, st: Step) -> list[Option]:
        s: int = st[1]
        c: int = st[3]
        cards = g.cards_matching_clearing(s, c) if st[4] else list(dict.fromkeys(g.hands[s]))
        return [("ud_reveal", cid) for cid in cards]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        s: int = st[1]
        reveal(g, s, o[1])
        g.place_building(s, st[2], st[3])


class Move(Handler):
    """Take a move (12.5.1.III, the Marshal, the Brigadier). Args: (seat, 1 if it must
    be taken, 0 if it may be declined: the Brigadier's second)."""

    name = "duchy.move"
    kind = "move"
    rule = "12.5.1.III"

    def describe(self, g: Game, st: Step) -> str:
        return "Take a move" if st[2] else "Take a second move?"

    def options(self, g: Game, st: Step) -> list[Option]:
        moves = move_options(g, st[1])
        return moves if st[2] else moves + [("end_march",)]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        if o[0] != "end_march":
            g.push(move_step(st[1], o))


class Battle(Handler):
    """Initiate a battle (12.5.1.IV, the Captain, the Brigadier). Args: (seat, 1 if it
    must be taken, 0 if it may be declined)."""

    name = "duchy.battle"
    kind = "battle"
    rule = "12.5.1.IV"

    def describe(self, g: Game, st: Step) -> str:
        return "Initiate a battle" if st[2] else "Initiate a second battle?"

    def options(self, g: Game, st: Step) -> list[Option]:
        battles = battle_options(g, st[1])
        return battles if st[2] else battles + [("end_battles",)]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        if o[0] == "battle":
            start_battle(g, st[1], o[1], g.seat_of(o[2]))


class Dig(Handler):
    """12.5.1.V Dig: choose a matching clearing without a tunnel."""

    name = "duchy.dig"
    kind = "dig"
    rule = "12.5.1.V"
    prompt = "Dig: choose the clearing for the tunnel"

    def options(self, g: Game, st: Step) -> list[Option]:
        return [("ud_dig", c) for c in dig_sites(g, st[1])]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        s: int = st[1]
        c: int = o[1]
        after = (("duchy.dig_pay", s, c), ("duchy.dig_move", s, c))
        if tunnels_on_map(g, s) >= TUNNELS:  # 12.2.4: first remove a tunnel
            g.push_all([("duchy.reroute", s), *after])
        else:
            g.push_all(list(after))


class Reroute(Handler):
    """12.2.4: with all three tunnels on the map, remove one before placing one."""

    name = "duchy.reroute"
    kind = "remove_tunnel"
    rule = "12.2.4"
    prompt = "All your tunnels are on the map: remove one first"

    def options(self, g: Game, st: Step) -> list[Option]:
        return [("ud_reroute", c) for c in dict.fromkeys(g.piece_clearings(st[1], TUNNEL))]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        g.take_piece(o[1], (st[1], TUNNEL))


class DigPay(Handler):
    """12.5.1.V: spend a card matching the clearing; place the tunnel there."""

    name = "duchy.dig_pay"
    kind = "spend_card"
    rule = "12.5.1.V"
    prompt = "Dig: spend a card matching the clearing"

    def options(self, g: Game, st: Step) -> list[Option]:
        s: int = st[1]
        c: int = st[2]
        return [("spend_card", cid) for cid in g.cards_matching_clearing(s, c)]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        s: int = st[1]
        g.spend(s, o[1])
        g.place_token(s, TUNNEL, st[2])


class DigMove(Handler):
    """12.5.1.V: then move up to four warriors from the Burrow to that clearing."""

    name = "duchy.dig_move"
    kind = "move_count"
    rule = "12.5.1.V"
    prompt = "Dig: how many warriors move from the Burrow?"

    def options(self, g: Game, st: Step) -> list[Option]:
        s: int = st[1]
        c: int = st[2]
        burrow = g.board.burrow
        n = min(DIG_MOVE, g.warriors[s][burrow])
        if not n or (s, TUNNEL) not in g.tokens[c] or not g.may_move(s, burrow, c):
            return [("ud_dig_move", 0)]
        return [("ud_dig_move", k) for k in range(n + 1)]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        n: int = o[1]
        if n:
            do_move(g, st[1], g.board.burrow, st[2], n)


class Parliament(Handler):
    """12.5.2 Parliament: the action of each swayed minister once, in any order; a
    minister returned by the Price of Failure before acting no longer acts."""

    name = "duchy.parliament"
    kind = "minister"
    rule = "12.5.2"
    prompt = "Parliament: take a swayed minister's action, or go on"

    def options(self, g: Game, st: Step) -> list[Option]:
        s: int = st[1]
        fs = st_of(g, s)
        out = daylight_extras(g, s)
        for m in fs.swayed:
            if m not in fs.used and minister_possible(g, s, m):
                out.append(("ud_minister", m))
        out.append(("done",))
        return out

    def apply(self, g: Game, st: Step, o: Option) -> None:
        s: int = st[1]
        if o[0] == "done":
            return
        g.push(st)
        if o[0] in DAYLIGHT_VERBS:
            apply_daylight_extra(g, s, o)
            return
        m: str = o[1]
        fs = st_of(g, s)
        fs.used = fs.used + (m,)
        minister_action(g, s, m)


class Brigadier(Handler):
    """12.5.2.IV Brigadier: up to two moves, or up to two battles."""

    name = "duchy.brigadier"
    kind = "minister"
    rule = "12.5.2.IV"
    prompt = "Brigadier: moves or battles?"

    def options(self, g: Game, st: Step) -> list[Option]:
        s: int = st[1]
        out: list[Option] = []
        if can_move(g, s):
            out.append(("ud_brigadier", "moves"))
        if can_battle(g, s):
            out.append(("ud_brigadier", "battles"))
        return out

    def apply(self, g: Game, st: Step, o: Option) -> None:
        s: int = st[1]
        if o[1] == "moves":
            g.push(("duchy.move", s, 1), ("duchy.move", s, 0))
        else:
            g.push(("duchy.battle", s, 1), ("duchy.battle", s, 0))


class BankSuit(Handler):
    """12.5.2.V Banker: spend any number of cards (at least one) of one suit (birds
    wild, 2.1.1) to score that many VP. First the suit."""

    name = "duchy.bank_suit"
    kind = "suit"
    rule = "12.5.2.V"
    prompt = "Banker: which suit?"

    def options(self, g: Game, st: Step) -> list[Option]:
        s: int = st[1]
        return [("ud_bank_suit", suit) for suit in SUITS if g.cards_matching(s, suit)]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        g.push(("duchy.bank", st[1], o[1], 0))


class Bank(Handler):
    """12.5.2.V: spend the cards one by one; score when done. Args: (seat, suit,
    cards spent)."""

    name = "duchy.bank"
    kind = "spend_card"
    rule = "12.5.2.V"
    prompt = "Banker: spend another card, or score"

    def options(self, g: Game, st: Step) -> list[Option]:
        s: int = st[1]
        out: list[Option] = [("ud_bank", cid) for cid in g.cards_matching(s, st[2])]
        if st[3]:
            out.append(("done",))
        return out

    def apply(self, g: Game, st: Step, o: Option) -> None:
        s: int = st[1]
        n: int = st[3]
        if o[0] == "done":
            g.score(s, n, "banker")
            return
        g.spend(s, o[1])
        g.push(("duchy.bank", s, st[2], n + 1))


class Mayor(Handler):
    """12.5.2.VI Mayor: take the action of any swayed noble or squire."""

    name = "duchy.mayor"
    kind = "minister"
    rule = "12.5.2.VI"
    prompt = "Mayor: whose action?"

    def options(self, g: Game, st: Step) -> list[Option]:
        return [("ud_mayor", m) for m in mayor_choices(g, st[1])]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        minister_action(g, st[1], o[1])


class Sway(Handler):
    """12.5.3 Sway: choose an unswayed minister with a crown of its rank on the board,
    and enough cards to reveal (one per clearing with a Duchy piece of its suit)."""

    name = "duchy.sway"
    kind = "sway"
    rule = "12.5.3"
    prompt = "Sway a minister, or end Daylight"

    def options(self, g: Game, st: Step) -> list[Option]:
        s: int = st[1]
        fs = st_of(g, s)
        out = daylight_extras(g, s)
        hand = g.hands[s]
        for m in MINISTERS:
            r = RANK_OF[m]
            if (m not in fs.swayed and fs.crowns[r] > 0 and len(hand) >= SWAY_CARDS[r]
                    and sway_possible(g, s, (), SWAY_CARDS[r], hand)):
                out.append(("ud_sway", m))
        out.append(("done",))
        return out

    def apply(self, g: Game, st: Step, o: Option) -> None:
        s: int = st[1]
        if o[0] == "done":
            return
        if took_daylight_extra(g, st, o):
            return
        g.push(("duchy.sway_reveal", s, o[1], ()))


class SwayReveal(Handler):
    """12.5.3.II-III: reveal the cards one by one; then sway the minister, move a crown
    onto it and score the space uncovered. Args: (seat, minister, cards revealed)."""

    name = "duchy.sway_reveal"
    kind = "reveal"
    rule = "12.5.3.II"
    prompt = "Sway: reveal a card matching a clearing with a Duchy piece"

    def options(self, g: Game, st: Step) -> list[Option]:
        s: int = st[1]
        chosen: tuple[str, ...] = st[3]
        more = SWAY_CARDS[RANK_OF[st[2]]] - len(chosen) - 1
        hand = g.hands[s]
        out: list[Option] = []
        for cid in dict.fromkeys(hand):
            rest = list(hand)
            rest.remove(cid)
            if sway_possible(g, s, chosen + (cid,), more, rest):
                out.append(("ud_reveal", cid))
        return out

    def apply(self, g: Game, st: Step, o: Option) -> None:
        s: int = st[1]
        m: str = st[2]
        chosen: tuple[str, ...] = st[3] + (o[1],)
        reveal(g, s, o[1])
        r = RANK_OF[m]
        if len(chosen) < SWAY_CARDS[r]:
            g.push(("duchy.sway_reveal", s, m, chosen))
            return
        fs = st_of(g, s)
        fs.swayed = fs.swayed + (m,)
        fs.crowns = fs.crowns[:r] + (fs.crowns[r] - 1,) + fs.crowns[r + 1:]
        g.note("sway", g.factions[s], m)
        g.score(s, CROWN_VP[r], "sway")


# ----------------------------------------------------------------- evening
class ReturnRevealed(Handler):
    """12.6.1 Discard the bird cards revealed this turn; the others return to hand."""

    name = "duchy.return"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        s: int = st[1]
        fs = st_of(g, s)
        revealed = fs.revealed
        fs.revealed = ()
        fs.used = ()
        for cid in revealed:
            if g.suit_of(cid) == "bird":
                g.discard_card(cid)
            else:
                g.hands[s].append(cid)


class Draw(Handler):
    """12.6.3 Draw one card, plus one per card draw icon uncovered (one per market on
    the map)."""

    name = "duchy.draw"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        s: int = st[1]
        draw_cards(g, s, 1 + g.count_building(s, MARKET))  # Informants may replace it


# -------------------------------------------------------- price of failure
class PriceDiscard(Handler):
    """12.2.3 The Price of Failure, first: discard a random card."""

    name = "duchy.price"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        s: int = st[1]
        hand = g.hands[s]
        g.note("price_of_failure", g.factions[s])
        if hand:
            g.discard_card(hand.pop(g.random_index("price_of_failure", len(hand))))


class Dismiss(Handler):
    """12.2.3: return the swayed minister of highest rank (the Duchy chooses among
    equals) to the Unswayed Ministers pile; its crown leaves the game."""

    name = "duchy.dismiss"
    kind = "dismiss"
    rule = "12.2.3"
    prompt = "Price of Failure: which minister returns?"

    def options(self, g: Game, st: Step) -> list[Option]:
        swayed = st_of(g, st[1]).swayed
        if not swayed:
            return [("done",)]
        top = max(RANK_OF[m] for m in swayed)
        return [("ud_dismiss", m) for m in swayed if RANK_OF[m] == top]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        if o[0] == "done":
            return
        s: int = st[1]
        fs = st_of(g, s)
        fs.swayed = tuple(m for m in fs.swayed if m != o[1])
        g.note("minister_lost", g.factions[s], o[1])


register_steps(
    Corner(), Homeland(), Recruit(), Assembly(), Build(), Foremole(), RevealBuild(), Move(),
    Battle(),
    Dig(), Reroute(), DigPay(), DigMove(), Parliament(), Brigadier(), BankSuit(), Bank(),
    Mayor(), Sway(), SwayReveal(), ReturnRevealed(), Draw(), PriceDiscard(), Dismiss(),
)
