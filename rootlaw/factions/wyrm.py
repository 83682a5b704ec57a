"""Vile Wyrm (Crusader expansion, fan-made: VW).

The Wyrm is a pawn (``g.pawn``: a clearing, or FOREST + i in a forest) that counts as
three warriors for rule (the core's ``rule_bonus``, VW.2.2) and for dealing hits
(``battle_max_hits``); wyrmlings are its warriors; fear tokens are tokens with two
sides (``fear_scared``, ``fear_cowed``). The Lair is the Wyrm's Crafted Items box
(``g.items``) with the treasures beside it (the state's count; they are not the Law's
items). Hits allocated to the Wyrm take Lair items, then send it to an adjacent forest
(``hit_choices``/``take_hit``, VW.2.3), as a Revolt or a Favor does (``on_full_removal``):
the Wyrm never leaves the map. Ravenous is the core's ``ignored_hits`` (VW.2.4). Values
the text does not print (the Growth track) come from rootlaw/data/crusader.json.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from rootlaw.core import advanced
from rootlaw.core.battle import Battle, battle_options, start_battle
from rootlaw.core.cards_ep import draw_cards
from rootlaw.core.catalog import load_json
from rootlaw.core.effects import DAYLIGHT_VERBS, apply_daylight_extra, daylight_extras
from rootlaw.core.faction_api import NO_STEPS, Faction, FactionDef, FactionState, register
from rootlaw.core.game import FOREST, Game
from rootlaw.core.maps import ferry_destinations, move_links, needs_rule, take_ferry
from rootlaw.core.move import do_move, remove_warriors
from rootlaw.core.options import Option, name_form, text_form
from rootlaw.core.steps import Handler, Step, register_steps
from rootlaw.core.turn import DAYLIGHT_SKIPPED

ME: Final = Faction.WYRM
_D: Final = load_json("crusader.json")["wyrm"]
SCARED: Final = "fear_scared"
COWED: Final = "fear_cowed"
FEAR_KINDS: Final = (SCARED, COWED)
FEAR: Final = int(_D["fear"])  # VW.3.2
TREASURES: Final = int(_D["treasures"])  # VW.3.2
TREASURE: Final = "treasure"
GROWTH: Final = int(_D["growth"])  # VW.3.4
COLUMNS: Final[tuple[str, ...]] = ("bite", "might", "height")  # VW.2.5-2.7
START: Final = tuple(int(_D["growth_start"][k]) for k in COLUMNS)  # VW.3.4 (reading)
TRACK_VP: Final = tuple(int(x) for x in _D["growth_track_vp"])  # VW.6.5 (reading)
MONSTROUS: Final = 3  # VW.2.2: the Wyrm counts as three warriors
SETUP_WYRMLINGS: Final = 2  # VW.3.3

text_form("wy_setup", "place the Wyrm in {1}")
text_form("wy_recruit_in", "place a wyrmling in {1}")
text_form("wy_regrow", "return a Growth to {n1}")
text_form("wy_move", "move the Wyrm to {1}")
text_form("wy_ferry", "move the Wyrm to {1} by the Ferry")
text_form("wy_recover", "the Wyrm leaves the forest for {1}")
text_form("wy_forest", "the Wyrm flees to forest {1}")
text_form("wy_item", "the hit takes the {n1} from the Lair")
text_form("wy_hit", "remove a wyrmling")
text_form("wy_deceive", "Deceive: {n2} moves a warrior from {1} to {3}")
text_form("wy_grow", "Grow: spend {c1} to move a Growth from {n2}")
text_form("wy_exploit", "Exploit: spend {c1} for a treasure ({2})")
name_form(SCARED, "fear token (scared)")
name_form(COWED, "fear token (cowed)")
name_form(TREASURE, "treasure")
for _col in COLUMNS:
    name_form(_col, _col.title())


class WyrmState(FactionState):
    __slots__ = ("growth", "treasures")

    def __init__(self, growth: tuple[int, ...] = START, treasures: int = 0) -> None:
        self.growth = growth  # Growth on Bite, Might, Height (the rest on the track)
        self.treasures = treasures  # treasures in the Lair (VW.6.4)

    def copy(self) -> WyrmState:
        return WyrmState(self.growth, self.treasures)

    def to_json(self) -> dict[str, Any]:
        return {"growth": list(self.growth), "treasures": self.treasures}

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> WyrmState:
        growth = tuple(int(x) for x in d["growth"])
        if len(growth) != len(COLUMNS) or any(
                not 0 <= x <= m for x, m in zip(growth, START, strict=True)):
            raise ValueError("Growth on Bite, Might, Height beyond their spaces (VW.3.4)")
        treasures = int(d["treasures"])
        if not 0 <= treasures <= TREASURES:
            raise ValueError(f"0 to {TREASURES} treasures (VW.3.2)")
        return cls(growth, treasures)


def st_of(g: Game, s: int) -> WyrmState:
    fs = g.fstate[s]
    assert isinstance(fs, WyrmState)
    return fs


# ----------------------------------------------------------------- helpers
def removed(g: Game, s: int, col: int) -> int:
    """Growth removed from a column (VW.2.5-2.7)."""
    return START[col] - st_of(g, s).growth[col]


def on_track(g: Game, s: int) -> int:
    """Growth on the Growth track (VW.4.2, VW.6.3)."""
    return GROWTH - sum(st_of(g, s).growth)


def in_clearing(g: Game, s: int) -> int:
    """The Wyrm's clearing, 0 while it is in a forest."""
    p = g.pawn[s]
    return p if 0 < p < FOREST else 0


def fear_at(g: Game, s: int, c: int) -> str:
    """The fear token's side up in c, "" if none."""
    for p in g.tokens[c]:
        if p[0] == s and (p[1] == SCARED or p[1] == COWED):
            return p[1]
    return ""


def fear_in_supply(g: Game, s: int) -> int:
    return FEAR - g.count_kinds(s, FEAR_KINDS)


def lair(g: Game, s: int) -> list[str]:
    """The items in the Lair: crafted items and treasures (VW.2.3, VW.6.5)."""
    return list(g.items[s]) + [TREASURE] * st_of(g, s).treasures


def forests_by(g: Game, c: int) -> list[str]:
    """The forests adjacent to clearing c (2.4.1), by their ids."""
    out: list[str] = []
    for fid, around in g.board.forests:
        if c in around:
            out.append(fid)
    return out


def forest_place(g: Game, fid: str) -> int:
    """The pawn location of the forest ``fid``."""
    forests = g.board.forests
    for i in range(len(forests)):
        if forests[i][0] == fid:
            return FOREST + i
    raise ValueError(f"no forest {fid!r} on this map")


def pawn_to(g: Game, s: int, p: int) -> None:
    """Move the Wyrm; it counts toward rule where it is (VW.2.2)."""
    a = g.pawn[s]
    g.pawn[s] = p
    if 0 < a < FOREST:
        g.pieces_changed(a)
    if 0 < p < FOREST:
        g.pieces_changed(p)


def lose_item(g: Game, s: int, item: str) -> None:
    """VW.2.3: a hit removes a Lair item: a treasure to its supply, another item
    permanently (G.1.22)."""
    if item == TREASURE:
        st_of(g, s).treasures -= 1
        return
    g.items[s].remove(item)
    g.removed_items.append(item)
    ex = list(g.cards.exhausted[s])  # League of Adventurous Mice (E&P): still a subset
    if ex.count(item) > g.items[s].count(item):
        ex.remove(item)
        g.cards = g.cards.with_exhausted(s, tuple(ex))


def opponents_pieces(g: Game, s: int, c: int) -> int:
    """VW.3.3: other players' pieces in c (warriors, buildings, tokens, pawns)."""
    n = 0
    for o in g.others(s):
        n += g.warriors[o][c] + (1 if g.pawn[o] == c else 0)
    players = len(g.factions)
    for p in g.buildings[c] + g.tokens[c]:
        if 0 <= p[0] < players and p[0] != s:
            n += 1
    return n


def fewest(g: Game, s: int, clearings: Sequence[int]) -> list[int]:
    """The clearings of ``clearings`` with the fewest opponents' pieces (VW.3.3)."""
    if not clearings:
        return []
    counts = [opponents_pieces(g, s, c) for c in clearings]
    low = min(counts)
    return [c for c, n in zip(clearings, counts, strict=True) if n == low]


def wyrm_moves(g: Game, s: int) -> list[Option]:
    """VW.5.2.I: a move of the Wyrm pawn alone from its clearing (4.2; 4.2.1 You Must
    Rule; by the Ferry, C.2.5)."""
    a = in_clearing(g, s)
    if not a:
        return []
    out: list[Option] = []
    for b in move_links(g, s, a):
        if ((not needs_rule(g, s, a, b) or g.rules(s, a) or g.rules(s, b))
                and g.may_move(s, a, b)):
            out.append(("wy_move", b))
    for b in ferry_destinations(g, a):
        if (g.rules(s, a) or g.rules(s, b)) and g.may_move(s, a, b):
            out.append(("wy_ferry", b))
    return out


def take_wyrm_move(g: Game, s: int, o: Option) -> None:
    a = g.pawn[s]
    b: int = o[1]
    pawn_to(g, s, b)
    if o[0] == "wy_ferry":
        take_ferry(g, s, a, b)


# ----------------------------------------------------------------- faction
class Wyrm(FactionDef):
    id = ME
    name = "Vile Wyrm"
    setup_order = "P"  # VW.3.3 counts every opponent's pieces: last (rulings.md)
    setup_class = str(_D["setup_class"])  # A.8.1 (reading, crusader.json)
    reach = int(_D["reach"])  # 5.2 (reading, crusader.json)
    fan = "crusader"  # its setup card joins a draft that asks for it (A.8.1)
    warriors = int(_D["wyrmlings"])  # VW.3.1
    tokens = {SCARED: FEAR, COWED: FEAR}  # eight in all, either side up (VW.3.2)
    crafts_with: tuple[str, ...] = FEAR_KINDS  # VW.2.1

    def new_state(self) -> FactionState:
        return WyrmState()

    def state_from_json(self, data: dict[str, Any]) -> FactionState:
        return WyrmState.from_json(data)

    def setup_steps(self, g: Game, s: int) -> list[Step]:
        return [("wyrm.setup", s)]  # VW.3.3, 3.5 (3.1, 3.2, 3.4: supplies and Growth)

    def advanced_setup_steps(self, g: Game, s: int) -> list[Step]:
        return [("wyrm.homeland", s)]  # the setup card (A.8.2; crusader.json)

    def phase_steps(self, g: Game, s: int, phase: str) -> list[Step]:
        if phase == "birdsong":  # VW.4.1 recruit, VW.4.2 recover
            return [("wyrm.recruit", s), ("wyrm.recover", s)]
        if phase == "daylight":  # VW.5.1 craft, VW.5.2 actions (none after recovering)
            return [("wyrm.daylight", s)]
        # VW.6.1 hiss, 6.2 deceive, 6.3 grow, 6.4 exploit, 6.5 score, 6.6 draw
        return [("wyrm.hiss", s), ("wyrm.deceive", s, ()), ("wyrm.grow", s),
                ("wyrm.exploit", s, ()), ("wyrm.score", s), ("wyrm.draw", s),
                ("discard_down", s)]

    def rule_bonus(self, g: Game, s: int, c: int) -> int:
        """VW.2.2 Monstrous: the Wyrm counts as three warriors for rule."""
        return MONSTROUS if g.pawn[s] == c else 0

    def battle_max_hits(self, g: Game, s: int, b: Battle, attacker: bool) -> int:
        """VW.2.2: as three warriors when dealing hits (4.3.2.I)."""
        return g.warriors[s][b.c] + (MONSTROUS if g.pawn[s] == b.c else 0)

    def battle_defenseless(self, g: Game, s: int, b: Battle) -> bool:
        """4.3.3.II: the Wyrm deals hits as three warriors: not defenseless with it
        there (rulings.md)."""
        return g.warriors[s][b.c] == 0 and g.pawn[s] != b.c

    def ignored_hits(self, g: Game, s: int, b: Battle, dealt: int, taken: int) -> int:
        """VW.2.4 Ravenous: in a battle the Wyrm is in, one hit taken ignored per rolled
        hit dealt to the enemy."""
        return min(dealt, taken) if g.pawn[s] == b.c else 0

    def hit_choices(self, g: Game, s: int, b: Battle | None, c: int) -> list[Any] | None:
        """VW.2.3 Pythonic: with the Wyrm in the clearing of battle, each hit takes a
        wyrmling or is allocated to the Wyrm: a Lair item of the Wyrm's choice, or with
        none left the Wyrm, which flees to an adjacent forest (rulings.md)."""
        if b is None or g.pawn[s] != c:
            return None
        out: list[Any] = []
        if g.warriors[s][c]:
            out.append(("wy_hit",))
        items = dict.fromkeys(lair(g, s))
        if items:
            out.extend(("wy_item", i) for i in items)
        else:
            out.extend(("wy_forest", f) for f in forests_by(g, c))
        return out or None

    def take_hit(self, g: Game, s: int, b: Battle | None, c: int, choice: Any) -> str | None:
        assert b is not None
        verb = choice[0]
        if verb == "wy_hit":
            side = 0 if s == b.att else 1
            remove_warriors(g, s, c, 1, in_battle=True)
            # its triggers with the battle's others (1.1.3)
            b.warriors_lost[side] = b.warriors_lost[side] + 1
            b.taken[side] = b.taken[side] + 1
        elif verb == "wy_item":
            item: str = choice[1]
            lose_item(g, s, item)
            g.note("lair_item", g.factions[s], item)
            if item == TREASURE and s == b.dfd:  # VW.2.3: a treasure for the attacker
                g.score(b.att, 1, "treasure")
        else:  # VW.2.3: removed, the Wyrm is placed in an adjacent forest instead
            pawn_to(g, s, forest_place(g, choice[1]))
            g.note("wyrm_forest", g.factions[s], "forest " + choice[1])
        return None

    def on_full_removal(self, g: Game, s: int, c: int, by: int) -> Sequence[Step]:
        """VW.2.3: an effect that removes all enemy pieces (a Revolt, a Favor card)
        sends the Wyrm to an adjacent forest instead."""
        return [("wyrm.flee", s, c)] if forests_by(g, c) else NO_STEPS

    def pawn_move_options(self, g: Game, s: int) -> list[Any]:
        """A move granted by an effect (Cobbler): the Wyrm as in VW.5.2.I."""
        return wyrm_moves(g, s)

    def take_pawn_move(self, g: Game, s: int, choice: Any) -> None:
        take_wyrm_move(g, s, choice)

    def view(self, g: Game, s: int, viewer: int | None) -> dict[str, Any]:
        fs = st_of(g, s)
        p = g.pawn[s]
        track = on_track(g, s)
        return {
            "wyrm": (f"forest {g.board.forests[p - FOREST][0]}" if p >= FOREST
                     else p or None),
            "growth": dict(zip(COLUMNS, fs.growth, strict=True)),  # VW.2.5-2.7
            "growth_on_track": track,
            "lair": lair(g, s),  # VW.2.3, VW.6.5
            "treasures_in_supply": TREASURES - fs.treasures,
            "fear_in_supply": fear_in_supply(g, s),
            "score_limit": TRACK_VP[track] if track else 0,  # VW.6.5
        }


register(Wyrm())


# ------------------------------------------------------------------- setup
def place_start(g: Game, s: int, c: int) -> None:
    """VW.3.3, VW.3.5: the Wyrm, two wyrmlings and a fear token, scared side up."""
    pawn_to(g, s, c)
    g.place_warriors(s, c, SETUP_WYRMLINGS)
    g.place_token(s, SCARED, c)


class Setup(Handler):
    """VW.3.3 Step 3: Place the Wyrm in the clearing with the fewest opponents' pieces
    (the Wyrm chooses among ties); VW.3.5 a fear token there."""

    name = "wyrm.setup"
    kind = "setup_corner"
    rule = "VW.3.3"
    prompt = "Choose where the Wyrm starts (the fewest opponents' pieces)"

    def options(self, g: Game, st: Step) -> list[Option]:
        s: int = st[1]
        ok = [c for c in g.clearings() if g.may_place(s, c)] or list(g.clearings())
        return [("wy_setup", c) for c in fewest(g, s, ok)]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        place_start(g, st[1], o[1])


class Homeland(Handler):
    """The setup card (A.8.2; a reading, crusader.json): the homeland not adjacent to
    enemy homelands if able (A.8.2.II), among those the clearings with the fewest
    opponents' pieces (VW.3.3); set up there as VW.3.3 and VW.3.5."""

    name = "wyrm.homeland"
    kind = "setup_homeland"
    rule = "A.8.2"
    prompt = "Choose the Wyrm's homeland (the fewest opponents' pieces)"

    def options(self, g: Game, st: Step) -> list[Option]:
        s: int = st[1]
        cands = advanced.homeland_candidates(g, s, g.clearings(), 0, False)
        if not cands:
            cands = [c for c in g.clearings() if c not in advanced.enemy_homelands(g, s)]
        return [("homeland", c)
                for c in fewest(g, s, advanced.spaced(g, s, cands, advanced.APART))]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        s: int = st[1]
        c: int = o[1]
        advanced.add_homeland(g, s, c)
        place_start(g, s, c)


# ---------------------------------------------------------------- birdsong
class Recruit(Handler):
    """VW.4.1 Recruit (VW.2.6's Intimidate): each scared fear token turns cowed and
    brings one wyrmling, plus one per Growth removed from Might (rulings.md); short of
    wyrmlings, the Wyrm chooses where (1.5.4)."""

    name = "wyrm.recruit"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        s: int = st[1]
        scared = g.buildings_of(s, SCARED)
        each = 1 + removed(g, s, 1)
        slots: list[int] = []
        for c in scared:
            g.take_piece(c, (s, SCARED))
            g.place_token(s, COWED, c)
            if g.may_place(s, c):
                slots.extend([c] * each)
        if not slots:
            return
        if g.warrior_supply(s) >= len(slots):
            for c in slots:
                g.place_warriors(s, c, 1)
        else:
            g.push(("wyrm.recruit_in", s, tuple(slots)))


class RecruitIn(Handler):
    """VW.4.1 with 1.5.4: one wyrmling at a time where the Wyrm chooses. Args: (seat,
    the places still owed, a clearing per wyrmling)."""

    name = "wyrm.recruit_in"
    kind = "recruit"
    rule = "VW.4.1"
    prompt = "Recruit: wyrmlings are short; choose where one goes"

    def options(self, g: Game, st: Step) -> list[Option]:
        s: int = st[1]
        if not g.warrior_supply(s) or not st[2]:
            return [("done",)]
        return [("wy_recruit_in", c) for c in dict.fromkeys(st[2])]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        if o[0] == "done":
            return
        s: int = st[1]
        c: int = o[1]
        g.place_warriors(s, c, 1)
        rest = list(st[2])
        rest.remove(c)
        g.push(("wyrm.recruit_in", s, tuple(rest)))


class Recover(Handler):
    """VW.4.2 Recover: in a forest, the Wyrm returns a Growth from the Growth track to
    Bite, Might or Height, moves to an adjacent clearing ignoring rule, and its turn
    goes straight to Evening."""

    name = "wyrm.recover"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        s: int = st[1]
        if g.pawn[s] < FOREST:
            return
        g.once = g.once | {DAYLIGHT_SKIPPED}
        g.push(("wyrm.regrow", s), ("wyrm.recover_move", s))


class Regrow(Handler):
    """VW.4.2: return one Growth from the track to a column with room for it."""

    name = "wyrm.regrow"
    kind = "growth"
    rule = "VW.4.2"
    prompt = "Recover: return a Growth to Bite, Might or Height"

    def options(self, g: Game, st: Step) -> list[Option]:
        s: int = st[1]
        if not on_track(g, s):
            return [("done",)]
        growth = st_of(g, s).growth
        return [("wy_regrow", COLUMNS[i]) for i in range(len(COLUMNS)) if growth[i] < START[i]]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        if o[0] == "done":
            return
        fs = st_of(g, st[1])
        i = COLUMNS.index(o[1])
        fs.growth = tuple(x + 1 if j == i else x for j, x in enumerate(fs.growth))


class RecoverMove(Handler):
    """VW.4.2: one move of the Wyrm to a clearing adjacent to its forest (2.4.1),
    ignoring rule."""

    name = "wyrm.recover_move"
    kind = "move"
    rule = "VW.4.2"
    prompt = "Recover: move the Wyrm out of the forest"

    def options(self, g: Game, st: Step) -> list[Option]:
        s: int = st[1]
        p = g.pawn[s]
        if p < FOREST:
            return [("done",)]
        out: list[Option] = [("wy_recover", c) for c in g.board.forests[p - FOREST][1]
                             if g.may_move(s, p, c)]
        return out or [("done",)]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        if o[0] == "wy_recover":
            pawn_to(g, st[1], o[1])


# ---------------------------------------------------------------- daylight
class DaylightStart(Handler):
    """VW.5: craft, then the actions; nothing after recovering (VW.4.2)."""

    name = "wyrm.daylight"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        s: int = st[1]
        if DAYLIGHT_SKIPPED in g.once:
            return
        g.push(("craft", s),  # VW.5.1
               ("wyrm.actions", s, 1 + removed(g, s, 2), 1 + removed(g, s, 0)))


class Actions(Handler):
    """VW.5.2 Take actions: Move (once, plus one per Growth removed from Height) and
    Battle in the Wyrm's clearing (once, plus one per Growth removed from Bite), in any
    order. Args: (seat, moves left, battles left)."""

    name = "wyrm.actions"
    kind = "action"
    rule = "VW.5.2"

    def describe(self, g: Game, st: Step) -> str:
        return f"Wyrm's Daylight: {st[2]} move(s), {st[3]} battle(s) left"

    def options(self, g: Game, st: Step) -> list[Option]:
        s: int = st[1]
        out = daylight_extras(g, s)
        if st[2] > 0:
            out += wyrm_moves(g, s)
        c = in_clearing(g, s)
        if st[3] > 0 and c:
            out += battle_options(g, s, (c,))
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
        elif verb == "battle":  # VW.5.2.II
            g.push(("wyrm.actions", s, st[2], st[3] - 1))
            start_battle(g, s, o[1], g.seat_of(o[2]))
        else:  # VW.5.2.I
            g.push(("wyrm.actions", s, st[2] - 1, st[3]))
            take_wyrm_move(g, s, o)


# ----------------------------------------------------------------- evening
class Hiss(Handler):
    """VW.6.1 Hiss: a fear token, scared side up, in the Wyrm's clearing if it has
    none."""

    name = "wyrm.hiss"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        s: int = st[1]
        c = in_clearing(g, s)
        if c and not fear_at(g, s, c) and fear_in_supply(g, s) and g.may_place(s, c):
            g.place_token(s, SCARED, c)


def deceive_options(g: Game, s: int, done: tuple[int, ...]) -> list[Option]:
    """VW.6.2: in a clearing with fear not yet deceived, a player (the Wyrm too) moves
    one of its warriors to an adjacent clearing the Wyrm chooses, ignoring rule."""
    out: list[Option] = []
    n = len(g.factions)
    for c in g.kinds_clearings(s, FEAR_KINDS):
        if c in done:
            continue
        for o in range(n):
            if not g.movable_warriors(o, c):
                continue
            for d in g.adjacent(c):
                if g.may_move(o, c, d):
                    out.append(("wy_deceive", c, g.factions[o], d))
    return out


class Deceive(Handler):
    """VW.6.2 Deceive, clearing by clearing in the Wyrm's order. Args: (seat,
    clearings done)."""

    name = "wyrm.deceive"
    kind = "deceive"
    rule = "VW.6.2"
    prompt = "Deceive: force a warrior out of a clearing with fear, or go on"

    def options(self, g: Game, st: Step) -> list[Option]:
        return deceive_options(g, st[1], st[2]) + [("done",)]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        if o[0] == "done":
            return
        s: int = st[1]
        c: int = o[1]
        g.push(("wyrm.deceive", s, st[2] + (c,)))
        do_move(g, g.seat_of(o[2]), c, o[3], 1)  # forced: as if its owner moved (1.5.5)


class Grow(Handler):
    """VW.6.3 Grow: ruling its clearing, the Wyrm may spend a card matching it to move a
    Growth from Bite, Might or Height to the Growth track."""

    name = "wyrm.grow"
    kind = "grow"
    rule = "VW.6.3"
    prompt = "Grow: spend a card matching the Wyrm's clearing?"

    def options(self, g: Game, st: Step) -> list[Option]:
        s: int = st[1]
        c = in_clearing(g, s)
        out: list[Option] = []
        if c and g.rules(s, c):
            growth = st_of(g, s).growth
            for cid in g.cards_matching_clearing(s, c):  # the Lost City: any card
                for i in range(len(COLUMNS)):
                    if growth[i]:
                        out.append(("wy_grow", cid, COLUMNS[i]))
        return out + [("done",)]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        if o[0] == "done":
            return
        s: int = st[1]
        g.spend(s, o[1])
        fs = st_of(g, s)
        i = COLUMNS.index(o[2])
        fs.growth = tuple(x - 1 if j == i else x for j, x in enumerate(fs.growth))


class Exploit(Handler):
    """VW.6.4 Exploit: a card per matching clearing the Wyrm rules with a cowed fear
    token, a treasure into the Lair for each. Args: (seat, clearings used)."""

    name = "wyrm.exploit"
    kind = "exploit"
    rule = "VW.6.4"
    prompt = "Exploit: spend a card for a treasure, or go on"

    def options(self, g: Game, st: Step) -> list[Option]:
        s: int = st[1]
        out: list[Option] = []
        if st_of(g, s).treasures < TREASURES:
            for c in g.piece_clearings(s, COWED):
                if c not in st[2] and g.rules(s, c):
                    for cid in g.cards_matching_clearing(s, c):
                        out.append(("wy_exploit", cid, c))
        return out + [("done",)]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        if o[0] == "done":
            return
        s: int = st[1]
        g.spend(s, o[1])
        st_of(g, s).treasures += 1
        g.push(("wyrm.exploit", s, st[2] + (o[2],)))


class Score(Handler):
    """VW.6.5 Score: one VP per Lair item, up to the rightmost covered space of the
    Growth track; nothing with no Growth there."""

    name = "wyrm.score"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        s: int = st[1]
        track = on_track(g, s)
        if track:
            g.score(s, min(len(lair(g, s)), TRACK_VP[track]), "lair")


class Draw(Handler):
    """VW.6.6 Draw one card, plus one per pair of Growth on the Growth track."""

    name = "wyrm.draw"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        s: int = st[1]
        draw_cards(g, s, 1 + on_track(g, s) // 2)


# ----------------------------------------------------------------- removal
class Flee(Handler):
    """VW.2.3: removed from c by an effect (a Revolt, a Favor card), the Wyrm goes to an
    adjacent forest of its player's choice. Args: (seat, clearing)."""

    name = "wyrm.flee"
    kind = "wyrm_forest"
    rule = "VW.2.3"
    prompt = "The Wyrm flees: choose an adjacent forest"

    def options(self, g: Game, st: Step) -> list[Option]:
        s: int = st[1]
        c: int = st[2]
        if g.pawn[s] != c:
            return [("done",)]
        return [("wy_forest", f) for f in forests_by(g, c)] or [("done",)]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        if o[0] == "wy_forest":
            pawn_to(g, st[1], forest_place(g, o[1]))
            g.note("wyrm_forest", g.factions[st[1]], "forest " + o[1])


register_steps(
    Setup(), Homeland(), Recruit(), RecruitIn(), Recover(), Regrow(), RecoverMove(),
    DaylightStart(), Actions(), Hiss(), Deceive(), Grow(), Exploit(), Score(), Draw(), Flee(),
)
