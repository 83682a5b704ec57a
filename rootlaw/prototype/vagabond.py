"""The prototype's Vagabond (P2.9 setup, P10; hits, P5.13; retreat, P5.7.5; Nimble,
P5.5.5).

Items are counts per type and state: available, exhausted, damaged (P10.9.1, P10.15.1,
P5.13.2). The alignment chart (P10.3-P10.8) is data: its spaces and arrows are in
rootlaw/data/prototype/rules.json; an arrow's task is fulfilled by cards given to that
player this turn (gift), a card stolen (steal), or that player's warriors removed in one
battle (remove), each counted toward one arrow only (rulings.md).
"""
from __future__ import annotations

from typing import Any, Final

from rootlaw.core.battle import Battle
from rootlaw.core.faction_api import FactionState, register
from rootlaw.core.game import FOREST, RUIN, Game
from rootlaw.core.options import Option, name_form, text_form
from rootlaw.core.steps import Handler, Step, register_steps
from rootlaw.prototype.base import (
    ALL,
    DATA,
    RULES,
    ProtoFaction,
    cards_for_clearing,
    local_players,
    pawn_clearing,
    seat_of,
    turn_has,
)
from rootlaw.prototype.battle import adjacent_forests, battle_targets, start_battle
from rootlaw.prototype.cards import (
    DAYLIGHT_VERBS,
    MILITARY,
    apply_daylight_extra,
    daylight_extras,
    take_random_card,
)
from rootlaw.prototype.craft import craft, craft_options
from rootlaw.prototype.moves import ask_permission, refused_mark

ME: Final = "vagabond"
_V: Final[dict[str, Any]] = DATA["vagabond"]
CHARACTERS: Final[dict[str, tuple[str, ...]]] = {
    str(k): tuple(str(i) for i in v["items"]) for k, v in _V["characters"].items()}
ROGER: Final = "roger_the_raccoon"  # P10.2.1
BEAVER: Final = "the_crafting_beaver"  # P10.2.2
ITEMS: Final[tuple[str, ...]] = ("sword", "boots", "torch", "hammer", "crossbow", "bag", "coins")
AVAILABLE: Final = 0
EXHAUSTED: Final = 1
DAMAGED: Final = 2
STATES: Final[tuple[str, ...]] = ("available", "exhausted", "damaged")
_AL: Final[dict[str, Any]] = DATA["alignment"]
INDIFFERENT: Final[int] = int(_AL["indifferent"])
ALLY: Final[int] = int(_AL["ally"])  # P10.7.1
NEMESIS: Final[tuple[int, ...]] = tuple(int(x) for x in _AL["nemesis"])  # P10.8.1
# (from, task) -> (to, cards or warriors needed, points): P10.4-P10.6
ARROWS: Final[dict[tuple[int, str], tuple[int, int, int]]] = {
    (int(a["from"]), str(a["task"])): (int(a["to"]), int(a["n"]), int(a["vp"]))
    for a in _AL["arrows"]}
HAND_PER_BAG: Final[int] = int(DATA["vagabond_hand_per_bag"]["value"])  # P10.19.1, P10.2.7

for _k, _v in _V["characters"].items():
    name_form(str(_k), str(_v["name"]))

text_form("p_character", "play {n1}")
text_form("p_forest", "start in forest {1}")
text_form("p_slip", "move to {1}")
text_form("p_boot", "exhaust boots: move to {1}")
text_form("p_boot_allies", "exhaust boots: move to {1} with your Allies' warriors")
text_form("p_gift", "gift cards to {1}")
text_form("give", "give {c1}")
text_form("p_take_item", "take the {1}")
text_form("p_v_battle", "exhaust a torch: battle {1}")
text_form("p_repair", "exhaust a torch: repair the {1}")
text_form("p_steal", "exhaust a torch: steal from {1}")
text_form("p_aid", "exhaust a torch: aid the Alliance")
text_form("p_explore", "exhaust a torch: explore the ruin")
text_form("p_beaver", "exhaust a torch: build {2}'s {1}")
text_form("p_damage", "damage an available {1}")
text_form("p_damage_exhausted", "damage an exhausted {1}")
text_form("p_crafted_item", "put the {1} in your {2} items")
text_form("p_ally_warriors", "take {2} of {1}'s warriors along")


class VagabondState(FactionState):
    """The character; items per type (available, exhausted, damaged); the alignment
    marker of each other faction; the cards given to each this turn toward the next
    arrow (P10.4.4-P10.4.6)."""

    __slots__ = ("character", "items", "align", "gifts")

    def __init__(self, character: str = "",
                 items: dict[str, tuple[int, int, int]] | None = None,
                 align: dict[str, int] | None = None,
                 gifts: dict[str, int] | None = None) -> None:
        self.character = character
        self.items: dict[str, tuple[int, int, int]] = {} if items is None else items
        self.align: dict[str, int] = {} if align is None else align
        self.gifts: dict[str, int] = {} if gifts is None else gifts

    def copy(self) -> VagabondState:
        return VagabondState(self.character, self.items.copy(), self.align.copy(),
                             self.gifts.copy())

    def to_json(self) -> dict[str, Any]:
        return {"character": self.character,
                "items": {k: list(v) for k, v in self.items.items()},
                "align": self.align, "gifts": self.gifts}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> VagabondState:
        items: dict[str, tuple[int, int, int]] = {}
        for k, x in data["items"].items():
            if k not in ITEMS or len(x) != 3 or min(x) < 0:
                raise ValueError(f"bad Vagabond item entry {k!r}: {x!r}")
            items[str(k)] = (int(x[0]), int(x[1]), int(x[2]))
        align = {str(k): int(v) for k, v in data["align"].items()}
        if any(not -3 <= v <= 3 for v in align.values()):
            raise ValueError("an alignment marker off the chart")
        gifts = {str(k): int(v) for k, v in data["gifts"].items()}
        return cls(str(data["character"]), items, align, gifts)


def vs(g: Game, s: int) -> VagabondState:
    fs = g.fstate[s]
    assert isinstance(fs, VagabondState)
    return fs


def count(v: VagabondState, item: str, state: int) -> int:
    x = v.items.get(item)
    return x[state] if x is not None else 0


def shift(v: VagabondState, item: str, frm: int, to: int) -> None:
    """Move one item between states (-1: gained from, or lost to, outside)."""
    x = list(v.items.get(item, (0, 0, 0)))
    if frm >= 0:
        if x[frm] <= 0:
            raise ValueError(f"no {STATES[frm]} {item}")
        x[frm] = x[frm] - 1
    if to >= 0:
        x[to] = x[to] + 1
    v.items[item] = (x[0], x[1], x[2])


def total(v: VagabondState, state: int) -> int:
    n = 0
    for x in v.items.values():
        n += x[state]
    return n


def nemesis_here(g: Game, s: int, c: int) -> int:
    """P10.8.2: Nemesis factions with pieces in clearing c."""
    v = vs(g, s)
    n = 0
    for o in range(len(g.factions)):
        if o != s and v.align.get(g.factions[o], INDIFFERENT) in NEMESIS and g.has_any_piece(o, c):
            n += 1
    return n


def boots_needed(g: Game, s: int, c: int) -> int:
    """P10.12.1: a boot, and one more per Nemesis faction in the destination; P10.20.1
    Cobbler: each boot exhausted gives a free one (rulings.md)."""
    need = 1 + nemesis_here(g, s, c)
    if "cobbler" in g.played[s]:
        need = (need + 1) // 2
    return need


def neighbours(g: Game, s: int) -> list[int]:
    """Clearings next to the pawn: adjacent to its clearing, or touching its forest."""
    p = g.pawn[s]
    if p >= FOREST:
        return list(g.board.forests[p - FOREST][1])
    return list(g.adjacent(p)) if p else []


def align_shift(g: Game, s: int, o: int, task: str, done: int, progress: int = 0) -> int:
    """P10.4.1: follow the arrows out of ``o``'s space for ``done`` more cards or
    warriors (each counted toward one arrow, after ``progress`` already counted),
    scoring each; returns what is left over toward the next arrow."""
    v = vs(g, s)
    f = g.factions[o]
    for _ in range(done):
        progress += 1
        here = v.align.get(f, INDIFFERENT)
        arrow = ARROWS.get((here, task))
        if arrow is not None and progress >= arrow[1]:
            v.align[f] = arrow[0]
            progress = 0
            g.note("alignment", f, here, arrow[0])
            g.score(s, arrow[2], "alignment")
    return progress


class Vagabond(ProtoFaction):
    id = ME
    name = "Vagabond"

    def new_state(self) -> FactionState:
        return VagabondState()

    def state_from_json(self, data: dict[str, Any]) -> FactionState:
        return VagabondState.from_json(data)

    def setup_steps(self, g: Game, s: int) -> list[Step]:
        return [("proto.v.character", s), ("proto.v.forest", s)]

    def phase_steps(self, g: Game, s: int, phase: str) -> list[Step]:
        if phase == "birdsong":
            return [("proto.v.refresh", s), ("proto.v.slip", s)]
        if phase == "daylight":
            return [("proto.v.actions", s)]
        return [("proto.v.evening", s), ("proto.discard_down", s)]

    # -- items and hands
    def limit(self, g: Game, s: int) -> int:
        """P10.19.1, P10.2.7: two cards per available bag."""
        return HAND_PER_BAG * count(vs(g, s), "bag", AVAILABLE)

    def swords(self, g: Game, s: int) -> int:
        return count(vs(g, s), "sword", AVAILABLE)

    def has_available(self, g: Game, s: int, item: str) -> bool:
        return count(vs(g, s), item, AVAILABLE) > 0

    def exhaust(self, g: Game, s: int, item: str) -> None:
        shift(vs(g, s), item, AVAILABLE, EXHAUSTED)

    def items_for_retreat(self, g: Game, s: int) -> int:
        v = vs(g, s)
        return total(v, AVAILABLE) + total(v, EXHAUSTED)

    def gain_crafted_item(self, g: Game, s: int, item: str) -> None:
        """P5.4.12: he may put it at once into his exhausted items."""
        g.push(("proto.v.crafted", s, item))

    def at_birdsong_start(self, g: Game, s: int, current: int) -> list[Any]:
        """P10.2.8: another card per coin available during the Marquise's Birdsong."""
        if g.factions[current] == "marquise":
            g.draw(s, count(vs(g, s), "coins", AVAILABLE))
        return []

    def can_activate(self, g: Game, s: int, card: str) -> bool:
        return card != MILITARY  # P6.2.10

    def warriors_held(self, g: Game, s: int, owner: int) -> int:
        """P2.9.3: a warrior of each other player is an alignment marker."""
        return 1 if owner != s and g.factions[owner] in vs(g, s).align else 0

    # -- crafting: P5.4.9, P10.11.1 hammers of his clearing's nation
    def craft_pieces(self, g: Game, s: int) -> tuple[int, int, int, int]:
        c = pawn_clearing(g, s)
        n = count(vs(g, s), "hammer", AVAILABLE)
        if not c or not n:
            return (0, 0, 0, 0)
        nation = g.suits[c]
        if nation == ALL:
            return (0, 0, 0, n)
        return (n if nation == "fox" else 0, n if nation == "rabbit" else 0,
                n if nation == "mouse" else 0, 0)

    def free_craft_pieces(self, g: Game, s: int) -> tuple[int, int, int, int]:
        return self.craft_pieces(g, s)  # an exhausted hammer is no longer available

    def exhaust_craft_pieces(self, g: Game, s: int, paid: tuple[int, int, int, int]) -> None:
        for _ in range(paid[0] + paid[1] + paid[2] + paid[3]):
            self.exhaust(g, s, "hammer")

    # -- battle
    def allies(self, g: Game, s: int) -> list[int]:
        align = vs(g, s).align
        return [o for o in range(len(g.factions))
                if o != s and align.get(g.factions[o], INDIFFERENT) == ALLY]

    def hit_choices(self, g: Game, s: int, b: Battle | None, c: int) -> list[Any] | None:
        """P10.7.4: beside his Allies, their warriors go first; then P5.13.2 an available
        item is damaged, else an exhausted one; with none, the hit is ignored."""
        if b is not None and s == b.att and "allies" in b.used:
            found: list[Any] = [("hit", a, "warrior") for a in self.allies(g, s)
                                if g.warriors[a][c]]
            if found:
                return found
        v = vs(g, s)
        out: list[Any] = [("p_damage", k) for k in ITEMS if count(v, k, AVAILABLE)]
        if not out:
            out = [("p_damage_exhausted", k) for k in ITEMS if count(v, k, EXHAUSTED)]
        return out

    def take_hit(self, g: Game, s: int, b: Battle | None, c: int, choice: Any) -> str | None:
        shift(vs(g, s), choice[1], AVAILABLE if choice[0] == "p_damage" else EXHAUSTED, DAMAGED)
        return None

    def battle_ended(self, g: Game, s: int, b: Battle) -> None:
        """P10.4.2: warriors of the other side he removed in this battle, attacker or
        defender, move its marker (P10.4.9-P10.4.10, P10.5.1, P10.6.1)."""
        foe = b.dfd if s == b.att else b.att
        removed = b.warriors_lost[1 if s == b.att else 0]
        if removed:
            align_shift(g, s, foe, "remove", removed)

    def view(self, g: Game, s: int, viewer: int | None) -> dict[str, Any]:
        v = vs(g, s)
        p = g.pawn[s]
        return {
            "character": v.character,
            "pawn": p,
            "in_forest": p >= FOREST,
            "items": {k: {STATES[i]: v.items[k][i] for i in range(3)}
                      for k in ITEMS if k in v.items and max(v.items[k]) > 0},
            "alignment": dict(v.align),
            "allies": [g.factions[a] for a in self.allies(g, s)],
            "nemeses": [f for f, x in v.align.items() if x in NEMESIS],
            "gifts_this_turn": dict(v.gifts),
            "hand_limit": self.limit(g, s),
            "coins": self.coins(g, s),
        }


VAGABOND: Final = Vagabond()
register(VAGABOND, RULES)


# ------------------------------------------------------------------- setup
class Character(Handler):
    """P2.9.1: pick a character card; its items go to the available pool (P2.9.3 each
    other player's alignment marker on Indifferent)."""

    name = "proto.v.character"
    kind = "character"
    rule = "P2.9.1"
    prompt = "Pick your character"

    def options(self, g: Game, st: Step) -> list[Option]:
        return [("p_character", k) for k in CHARACTERS]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        s: int = st[1]
        v = vs(g, s)
        v.character = o[1]
        for item in CHARACTERS[o[1]]:
            shift(v, item, -1, AVAILABLE)
        v.align = {g.factions[x]: INDIFFERENT for x in g.others(s)}


class Forest(Handler):
    """P2.9.2: the pawn in any forest."""

    name = "proto.v.forest"
    kind = "forest"
    rule = "P2.9.2"
    prompt = "Place your pawn in a forest"

    def options(self, g: Game, st: Step) -> list[Option]:
        return [("p_forest", i) for i in range(len(g.board.forests))]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        g.pawn[st[1]] = FOREST + o[1]


# ---------------------------------------------------------------- birdsong
class Refresh(Handler):
    """P10.9.1: exhausted items become available; this turn's gifts start anew."""

    name = "proto.v.refresh"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        v = vs(g, st[1])
        for k, x in list(v.items.items()):
            v.items[k] = (x[0] + x[1], 0, x[2])
        v.gifts = {}


class Slip(Handler):
    """P10.9.2: one move without boots, Nemeses or not, into a forest too (P5.5.5)."""

    name = "proto.v.slip"
    kind = "move"
    rule = "P10.9.2"
    prompt = "Birdsong: take your free move"

    def options(self, g: Game, st: Step) -> list[Option]:
        s: int = st[1]
        p = g.pawn[s]
        out: list[Option] = [("p_slip", c) for c in neighbours(g, s)]
        if p >= FOREST:
            out.extend(("p_slip", FOREST + f) for f in g.board.forest_adj[p - FOREST])
        elif p:
            out.extend(("p_slip", f) for f in adjacent_forests(g, p))
        return out or [("skip",)]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        if o[0] == "p_slip":
            g.pawn[st[1]] = o[1]


# ---------------------------------------------------------------- daylight
def torch_options(g: Game, s: int) -> list[Option]:
    """P10.13.2: the actions an exhausted torch buys (P10.14-P10.18, P10.2.2)."""
    v = vs(g, s)
    if not count(v, "torch", AVAILABLE):
        return []
    out: list[Option] = []
    c = pawn_clearing(g, s)
    for k in ITEMS:  # P10.15.1 Repair
        if count(v, k, DAMAGED):
            out.append(("p_repair", k))
    if not c:
        return out
    for t in battle_targets(g, s, [c]):  # P10.14.1 a local battle
        out.append(("p_v_battle", t[2]))
    swords = count(v, "sword", AVAILABLE) + (1 if v.character == ROGER else 0)  # P10.2.1
    allies = VAGABOND.allies(g, s)
    for o in local_players(g, s):  # P10.16.1 Steal (P10.7.5 never an Ally)
        if o not in allies and swords > g.warriors[o][c]:
            out.append(("p_steal", g.factions[o]))
    alliance = seat_of(g, "alliance")  # P10.17 Aid, in a clearing with a Hideout
    if alliance >= 0:
        for p in g.buildings[c]:
            if p[0] == alliance and p[1].startswith("hideout"):
                out.append(("p_aid",))
                break
    if (RUIN, "ruin") in g.buildings[c] and g.ruin_items[c]:  # P10.18.1 Explore
        out.append(("p_explore",))
    if v.character == BEAVER:  # P10.2.2
        ruler = g.ruler(c)
        if ruler is not None and ruler != s:
            fd = g.fdefs[ruler]
            if isinstance(fd, ProtoFaction):
                for kind, nation in fd.beaver_builds(g, ruler, c):
                    out.append(("p_beaver", kind, g.factions[ruler], nation))
    return out


def move_options_v(g: Game, s: int) -> list[Option]:
    """P10.12.1 Move by boots (P5.5.5 Nimble: no permission); P10.7.2 with Allies'
    warriors along (no Nimble then: the usual rule, P5.5.3)."""
    v = vs(g, s)
    boots = count(v, "boots", AVAILABLE)
    if not boots:
        return []
    out: list[Option] = []
    here = pawn_clearing(g, s)
    allies = [a for a in VAGABOND.allies(g, s) if here and g.warriors[a][here]]
    ruler = g.rulers()
    for c in neighbours(g, s):
        if boots_needed(g, s, c) > boots:
            continue
        out.append(("p_boot", c))
        if allies and not turn_has(g, refused_mark(s, c)):
            out.append(("p_boot_allies", c, g.factions[ruler[c]] if ruler[c] >= 0 else ""))
    return out


def gift_targets(g: Game, s: int) -> list[int]:
    """P10.13.1: a local player, with a card matching his clearing to give."""
    c = pawn_clearing(g, s)
    if not c or not cards_for_clearing(g, s, c):
        return []
    return local_players(g, s)


class Actions(Handler):
    """P10.10.1: the Vagabond's Daylight actions, in any order."""

    name = "proto.v.actions"
    kind = "action"
    rule = "P10.10.1"
    prompt = "Vagabond Daylight: choose an action"

    def options(self, g: Game, st: Step) -> list[Option]:
        s: int = st[1]
        out = daylight_extras(g, s) + craft_options(g, s) + move_options_v(g, s)
        out.extend(("p_gift", g.factions[o]) for o in gift_targets(g, s))
        return out + torch_options(g, s) + [("end",)]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        s: int = st[1]
        verb: str = o[0]
        if verb == "end":
            return
        g.push(st)
        v = vs(g, s)
        if verb in DAYLIGHT_VERBS:
            apply_daylight_extra(g, s, o)
        elif verb == "craft":
            craft(g, s, o[1], o[2])
        elif verb == "p_boot":
            pay_boots(g, s, o[1])
            g.pawn[s] = o[1]
        elif verb == "p_boot_allies":
            c: int = o[1]
            here = pawn_clearing(g, s)
            then: tuple[Step, ...] = (("proto.v.boot_allies", s, here, c),)
            if o[2]:  # P5.5.3: without Nimble, the ruler's permission
                g.stack.pop()
                ask_permission(g, g.seat_of(o[2]), s, here, c, st, then + (st,))
            else:
                g.push_all(list(then))
        elif verb == "p_gift":
            g.push(("proto.v.gift", s, g.seat_of(o[1]), 0))
        else:
            shift(v, "torch", AVAILABLE, EXHAUSTED)
            torch_action(g, s, o)


def pay_boots(g: Game, s: int, c: int) -> None:
    for _ in range(boots_needed(g, s, c)):
        VAGABOND.exhaust(g, s, "boots")


def torch_action(g: Game, s: int, o: Option) -> None:
    v = vs(g, s)
    verb: str = o[0]
    c = pawn_clearing(g, s)
    if verb == "p_repair":  # P10.15.1
        shift(v, o[1], DAMAGED, EXHAUSTED)
    elif verb == "p_v_battle":  # P10.14.1
        start_battle(g, s, c, g.seat_of(o[1]))
    elif verb == "p_steal":  # P10.16.1
        t = g.seat_of(o[1])
        had = len(g.hands[t])
        take_random_card(g, s, t)
        g.score(t, 1, "stolen_from")
        if had:
            align_shift(g, s, t, "steal", 1)  # P10.4.8
    elif verb == "p_aid":  # P10.17.1
        alliance = seat_of(g, "alliance")
        fd = g.fdefs[alliance]
        if isinstance(fd, ProtoFaction):
            g.push_all(list(fd.aid_steps(g, alliance, c)))
        g.score(s, 1, "aid")
    elif verb == "p_explore":  # P10.18.1
        item = g.ruin_items[c][0]
        g.ruin_items[c] = ()
        g.take_piece(c, (RUIN, "ruin"))
        shift(v, item, -1, EXHAUSTED)
        g.note("explore", c, item)
        g.score(s, 1, "explore")
    elif verb == "p_beaver":  # P10.2.2
        owner = g.seat_of(o[2])
        fd = g.fdefs[owner]
        if isinstance(fd, ProtoFaction):
            fd.beaver_build(g, owner, c, o[1], o[3])
    else:
        raise ValueError(o)


class BootAllies(Handler):
    """P10.7.2: any number of Allies' warriors move along with him, faction by faction.
    Args: (seat, from, to)."""

    name = "proto.v.boot_allies"
    kind = "move_count"
    rule = "P10.7.2"
    prompt = "Which of your Allies' warriors move with you?"

    def options(self, g: Game, st: Step) -> list[Option]:
        s: int = st[1]
        a: int = st[2]
        out: list[Option] = []
        for o in VAGABOND.allies(g, s):
            for k in range(1, g.warriors[o][a] + 1):
                out.append(("p_ally_warriors", g.factions[o], k))
        return out

    def apply(self, g: Game, st: Step, o: Option) -> None:
        s: int = st[1]
        a: int = st[2]
        b: int = st[3]
        pay_boots(g, s, b)
        g.pawn[s] = b
        o2 = g.seat_of(o[1])
        g.warriors[o2][a] = g.warriors[o2][a] - o[2]
        g.warriors[o2][b] = g.warriors[o2][b] + o[2]
        g.pieces_changed(a, b)
        if any(g.warriors[x][a] for x in VAGABOND.allies(g, s)):
            g.push(("proto.v.more_allies", s, a, b))


class MoreAllies(Handler):
    """P10.7.2: warriors of another Ally may come along too. Args: (seat, from, to)."""

    name = "proto.v.more_allies"
    kind = "move_count"
    rule = "P10.7.2"
    prompt = "Do more of your Allies' warriors move with you?"

    def options(self, g: Game, st: Step) -> list[Option]:
        s: int = st[1]
        a: int = st[2]
        out: list[Option] = []
        for o in VAGABOND.allies(g, s):
            for k in range(1, g.warriors[o][a] + 1):
                out.append(("p_ally_warriors", g.factions[o], k))
        return out + [("done",)]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        if o[0] == "done":
            return
        a: int = st[2]
        b: int = st[3]
        o2 = g.seat_of(o[1])
        g.warriors[o2][a] = g.warriors[o2][a] - o[2]
        g.warriors[o2][b] = g.warriors[o2][b] + o[2]
        g.pieces_changed(a, b)
        g.push(st)


class Gift(Handler):
    """P10.13.1: give any number of cards matching his clearing (birds always) to a
    local player; each card moves its marker toward the next arrow (P10.4.4-P10.4.6,
    P10.5.2, P10.6.1). Args: (seat, target, cards given)."""

    name = "proto.v.gift"
    kind = "gift"
    rule = "P10.13.1"
    prompt = "Gift: give a card, or finish"

    def options(self, g: Game, st: Step) -> list[Option]:
        s: int = st[1]
        c = pawn_clearing(g, s)
        out: list[Option] = [("give", cid) for cid in cards_for_clearing(g, s, c)]
        if st[3] or not out:
            out.append(("done",))
        return out

    def apply(self, g: Game, st: Step, o: Option) -> None:
        s: int = st[1]
        t: int = st[2]
        if o[0] == "done":
            if st[3] and g.items[t]:
                g.push(("proto.v.take_items", s, t, st[3]))
            return
        g.hands[s].remove(o[1])
        g.hands[t].append(o[1])
        v = vs(g, s)
        f = g.factions[t]
        v.gifts[f] = align_shift(g, s, t, "gift", 1, v.gifts.get(f, 0))
        g.push(("proto.v.gift", s, t, st[3] + 1))


class TakeItems(Handler):
    """P10.13.1: an item from above their faction board per card given (into his
    exhausted items, rulings.md). Args: (seat, target, items still to take)."""

    name = "proto.v.take_items"
    kind = "take_item"
    rule = "P10.13.1"
    prompt = "Take an item from their play area?"

    def options(self, g: Game, st: Step) -> list[Option]:
        t: int = st[2]
        if st[3] <= 0 or not g.items[t]:
            return [("done",)]
        return [("p_take_item", k) for k in dict.fromkeys(g.items[t])] + [("done",)]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        if o[0] == "done":
            return
        s: int = st[1]
        t: int = st[2]
        g.items[t].remove(o[1])
        shift(vs(g, s), o[1], -1, EXHAUSTED)
        g.push(("proto.v.take_items", s, t, st[3] - 1))


class CraftedItem(Handler):
    """P5.4.12: he may put the crafted item at once into his exhausted items (else it
    stays in his play area). Args: (seat, item)."""

    name = "proto.v.crafted"
    kind = "crafted_item"
    rule = "P5.4.12"
    prompt = "Where does the crafted item go?"

    def options(self, g: Game, st: Step) -> list[Option]:
        return [("p_crafted_item", st[2], "exhausted"), ("p_crafted_item", st[2], "play area")]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        if o[2] == "exhausted":
            shift(vs(g, st[1]), o[1], -1, EXHAUSTED)
        else:
            g.items[st[1]].append(o[1])


# ----------------------------------------------------------------- evening
class Evening(Handler):
    """P10.19.2: in a forest, damaged items become exhausted."""

    name = "proto.v.evening"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        s: int = st[1]
        if g.pawn[s] >= FOREST:
            v = vs(g, s)
            for k, x in list(v.items.items()):
                v.items[k] = (x[0], x[1] + x[2], 0)


register_steps(Character(), Forest(), Refresh(), Slip(), Actions(), BootAllies(), MoreAllies(),
               Gift(), TakeItems(), CraftedItem(), Evening())
