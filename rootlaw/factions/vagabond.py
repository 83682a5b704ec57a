"""Vagabond (Law of Root, section 9; characters, Appendix D).

The Law's text lost its item icons; the item each rule names is restored from
faction knowledge and the data files (see docs/rulings.md, "Vagabond items").
Items of one type and one side are interchangeable, so the Vagabond's items are
counts: per type, (ready, exhausted, damaged face up, damaged face down). Face-up
undamaged tea, coins and bags sit on their tracks (up to three each) whenever
there is room: moving them is free (9.2.5.III) and a track is never worse than
the Satchel, so the engine makes that move for him.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final

from rootlaw.core import advanced
from rootlaw.core.battle import start_battle
from rootlaw.core.cards_ep import crafted_item_left, draw_cards, give_card, take_random_card
from rootlaw.core.catalog import load_json, suit_index, tracks
from rootlaw.core.craft import craft, craft_options
from rootlaw.core.effects import (
    DAYLIGHT_VERBS,
    DOMINANCE_MIN_VP,
    apply_daylight_extra,
    daylight_extras,
    remove_all_enemy_pieces,
)
from rootlaw.core.faction_api import NO_STEPS, Faction, FactionDef, FactionState, register
from rootlaw.core.game import FOREST, RUIN, Game
from rootlaw.core.hired import battle_allowed, hirelings_after_move, removal_shielded
from rootlaw.core.maps import ferry_destinations, move_links, take_ferry
from rootlaw.core.move import do_move, remove_warriors, trigger_removals
from rootlaw.core.options import (
    Option,
    append_all,
    distinct,
    name_form,
    secret_form,
    text_form,
)
from rootlaw.core.steps import Handler, Step, register_steps

if TYPE_CHECKING:
    from rootlaw.core.battle import Battle

_T: Final = tracks()["vagabond"]
# from 0, 1, 2
AID_STEPS: Final[tuple[tuple[int, int], ...]] = tuple(
    (int(a["aids_needed"]), int(a["vp"])) for a in _T["aid_steps"])
ALLIED: Final = len(AID_STEPS)  # relationship levels: -1 hostile, 0 indifferent ... 3 allied
HOSTILE: Final = -1
ALLIED_AID_VP: Final = int(_T["allied_aid_vp"])
CHARACTERS: Final[dict[str, tuple[str, ...]]] = {
    c["id"]: tuple(c["starting_items"])
    for c in load_json("vagabond_characters.json")["characters"]}
QUESTS: Final[dict[str, tuple[str, tuple[str, str]]]] = {
    q["id"]: (q["suit"], (q["items"][0], q["items"][1]))
    for q in load_json("quests.json")["quests"]}
for _q in load_json("quests.json")["quests"]:  # labels read a quest's name and suit
    name_form(_q["id"], f"{_q['name']} ({_q['suit']})")
RUIN_ITEMS: Final[tuple[str, ...]] = tuple(str(i) for i in load_json("items.json")["ruin_items"])
TRACKED: Final[tuple[str, ...]] = ("tea", "coins", "bag")  # 9.2.5.I
TRACK_CAP: Final = 3
# a variable-length tuple type: compiled, a fixed-length one is a C struct, boxed into a
# new tuple at every read by a variable index
ITEM_TYPES: Final[tuple[str, ...]] = ("sword", "boots", "bag", "hammer", "tea", "coins",
                                      "crossbow", "torch")
# the sides of an item, indexes of its counts (9.2.5)
READY: Final = 0
EXHAUSTED: Final = 1
DMG_UP: Final = 2
DMG_DOWN: Final = 3
SIDES: Final[tuple[str, ...]] = ("ready", "exhausted", "damaged", "damaged face down")
REFRESH_BASE: Final = 3  # 9.4.1
REFRESH_PER_TEA: Final = 2
DRAW_BASE: Final = 1  # 9.6.2
CAPACITY_BASE: Final = 6  # 9.6.4
CAPACITY_PER_BAG: Final = 2

for verb, fmt in {
    "character": "play the {1}", "forest": "start in forest {1}",
    "refresh": "refresh {n1@refresh_choice}",
    "slip": "slip to {1}", "v_move": "move to {1}", "v_battle": "battle {2} in {1}{3}",
    "explore": "explore the ruin", "aid": "aid {1} with {c2}", "exhaust": "exhaust a {1}",
    "take_item": "take their {1}", "no_item": "take no item",
    "quest": "complete the quest {n1}{w2:improvising with the }",
    "quest_vp": "score the quest's VP", "quest_draw": "draw two cards",
    "strike": "strike {1}'s {2}",
    "repair": "repair a {1} ({2})", "special": "special action: {1}", "steal": "steal from {1}",
    "day_labor": "take {c1} from the discard pile", "damage": "damage a {1} ({2})",
    "drop": "remove a {1} ({2}) from the game", "ally_move": "bring {2} {1} warriors along",
    "ally_mice": "bring {1} mice along (BK.2.4.I)",
    "no_ally": "move alone", "ally_hit": "remove a {1} warrior", "enlist": "enlist the {1}",
    "no_enlist": "do not enlist", "instigate": "instigate: {1} attacks {2}",
    "coalition": "activate {c1}: coalition with {2}", "glide": "glide to {1}",
    "take_ruin_item": "take the {1}", "v_end": "end Daylight", "pawn_move": "move to {1}",
    "v_ferry": "move to {1} by the Ferry", "slip_ferry": "slip to {1} by the Ferry",
    "pawn_ferry": "move to {1} by the Ferry",
}.items():
    text_form(verb, fmt)
# 9.4.1: a refresh names an item by type and side ("boots|1"), or every exhausted item
name_form("all", "every exhausted item", "refresh_choice")
for _item in ITEM_TYPES:
    for _side in (EXHAUSTED, DMG_DOWN):
        name_form(f"{_item}|{_side}", f"the {SIDES[_side]} {_item}", "refresh_choice")
secret_form("aid", "aid {1} with a card")  # 9.5.4: only the two players see it

Items = dict[str, tuple[int, ...]]  # item type -> counts by side (READY...DMG_DOWN)


class VagabondState(FactionState):
    __slots__ = ("character", "items", "relations", "aids", "quests_done", "ruin_taken",
                 "scorched")

    def __init__(self, character: str = "", items: Items | None = None,
                 relations: dict[str, int] | None = None, aids: dict[str, int] | None = None,
                 quests_done: tuple[str, ...] = (), ruin_taken: tuple[str, ...] = (),
                 scorched: int = 0) -> None:
        self.character = character
        self.items: Items = {} if items is None else items
        self.relations: dict[str, int] = {} if relations is None else relations  # 9.2.9
        self.aids: dict[str, int] = {} if aids is None else aids  # this turn's aids
        self.quests_done = quests_done
        self.ruin_taken = ruin_taken  # "R" items taken from ruins still on his board (9.7.3)
        self.scorched = scorched  # D.6.2: clearing holding the Scoundrel's torch

    def copy(self) -> VagabondState:
        return VagabondState(self.character, self.items.copy(), self.relations.copy(),
                             self.aids.copy(), self.quests_done, self.ruin_taken, self.scorched)

    def to_json(self) -> dict[str, Any]:
        return {"character": self.character,
                "items": {k: list(v) for k, v in self.items.items()},
                "relations": self.relations, "aids": self.aids,
                "quests_done": list(self.quests_done), "ruin_taken": list(self.ruin_taken),
                "scorched": self.scorched}

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> VagabondState:
        v = cls()
        v.character = str(d["character"])
        for k, x in d["items"].items():
            if k not in ITEM_TYPES or len(x) != 4 or min(x) < 0:
                raise ValueError(f"bad Vagabond item entry {k!r}: {x!r}")
            v.items[k] = (int(x[0]), int(x[1]), int(x[2]), int(x[3]))
        v.relations = {str(k): int(x) for k, x in d["relations"].items()}
        v.aids = {str(k): int(x) for k, x in d["aids"].items()}
        v.quests_done = tuple(d["quests_done"])
        # "R" items on his board (9.7.3): a type he no longer holds is not (older saves)
        v.ruin_taken = tuple(str(i) for i in d["ruin_taken"] if sum(v.items.get(i, ())))
        v.scorched = int(d["scorched"])
        return v


# ------------------------------------------------------------------ items
def vs_of(g: Game, s: int) -> VagabondState:
    fs = g.fstate[s]
    assert isinstance(fs, VagabondState)
    return fs


def count(vs: VagabondState, item: str, side: int) -> int:
    x = vs.items.get(item)
    return x[side] if x else 0


def shift(vs: VagabondState, item: str, frm: int | None, to: int | None) -> None:
    """Move one item of a type between sides (None: gained or removed)."""
    x = list(vs.items.get(item, (0, 0, 0, 0)))
    if frm is not None:
        if x[frm] <= 0:
            raise ValueError(f"no {SIDES[frm]} {item}")
        x[frm] = x[frm] - 1
    if to is not None:
        x[to] = x[to] + 1
    vs.items[item] = (x[0], x[1], x[2], x[3])


# The side an item turns to, keeping face up or face down (9.2.7, 9.4.1, 9.5.7)
DAMAGED: Final = {READY: DMG_UP, EXHAUSTED: DMG_DOWN}
REPAIRED: Final = {DMG_UP: READY, DMG_DOWN: EXHAUSTED}
REFRESHED: Final = {EXHAUSTED: READY, DMG_DOWN: DMG_UP}


def lose_item(vs: VagabondState, item: str, side: int) -> None:
    """An item leaves his board (9.6.4, D.6.2). His items of a type are alike but for the
    "R" mark, which matters only to 9.7.3: an "R" item of the type leaves first (the
    choice of a player who could only gain by it, rulings.md)."""
    shift(vs, item, side, None)
    if item in vs.ruin_taken:
        lst = list(vs.ruin_taken)
        lst.remove(item)
        vs.ruin_taken = tuple(lst)


def flip_item(vs: VagabondState, item: str, side: int, how: dict[int, int]) -> None:
    """Damage, repair or refresh one item on ``side`` (``how``: DAMAGED, REPAIRED...)."""
    shift(vs, item, side, how[side])


def undamaged(vs: VagabondState, item: str) -> int:
    return count(vs, item, READY) + count(vs, item, EXHAUSTED)


def on_track(vs: VagabondState, item: str) -> int:
    for tracked in TRACKED:  # a loop of string compares (``in`` on the tuple is generic)
        if tracked == item:
            return min(TRACK_CAP, count(vs, item, READY))
    return 0


def held(vs: VagabondState) -> int:
    """Items in the Satchel and Damaged box (9.6.4): all but those on tracks."""
    n = 0
    for x in vs.items.values():
        for k in x:
            n += k
    for i in TRACKED:
        n -= on_track(vs, i)
    return n


def choices_by_side(vs: VagabondState, sides: tuple[int, ...]) -> list[tuple[str, int]]:
    out: list[tuple[str, int]] = []
    items = vs.items
    for i in ITEM_TYPES:
        x = items.get(i)
        if x is None:
            continue
        for side in sides:
            if x[side]:
                out.append((i, side))
    return out


def ready_types(vs: VagabondState) -> list[str]:
    """The item types with a face-up undamaged item, in ``ITEM_TYPES`` order."""
    out: list[str] = []
    items = vs.items
    for i in ITEM_TYPES:
        x = items.get(i)
        if x is not None and x[READY]:
            out.append(i)
    return out


def any_ready(vs: VagabondState) -> bool:
    """Whether any item is face up and undamaged (9.2.5)."""
    for x in vs.items.values():
        if x[READY]:
            return True
    return False


# -------------------------------------------------------------- locations
def where(g: Game, s: int) -> int:
    return g.pawn[s]


def in_clearing(g: Game, s: int) -> int:
    """The Vagabond's clearing, or 0 in a forest."""
    p = g.pawn[s]
    return p if 0 < p < FOREST else 0


def adjacent_places(g: Game, p: int) -> list[int]:
    """Clearings and forests next to a pawn location (2.2.1 with C.3.2, 2.4.1)."""
    b = g.board
    if p >= FOREST:
        i = p - FOREST
        return list(b.forests[i][1]) + [FOREST + j for j in b.forest_adj[i]]
    return list(g.adjacent(p)) + [FOREST + i for i in b.forests_at[p]]


def move_places(g: Game, s: int, p: int) -> list[int]:
    """Where the Vagabond s can go in one move from p: adjacent forests and clearings,
    the clearings by rivers when he treats them as paths (Boat Builders), 4.2 with
    core.maps.move_links. Not the Ferry (ferry_places)."""
    if p >= FOREST:
        return adjacent_places(g, p)
    return list(move_links(g, s, p)) + [FOREST + i for i in g.board.forests_at[p]]


def ferry_places(g: Game, s: int, slip: bool = False) -> list[int]:
    """C.2.5: coastal clearings the Vagabond's pawn can reach by the Ferry now (a Slip
    ignores effects preventing movement out of a clearing, 9.4.2)."""
    p = g.pawn[s]
    if not 0 < p < FOREST:
        return []
    return [c for c in ferry_destinations(g, p) if g.may_move(s, 0 if slip else p, c)]


def place_name(g: Game, p: int) -> str:
    return f"forest {g.board.forests[p - FOREST][0]}" if p >= FOREST else str(p)


def hostile_warriors_in(g: Game, s: int, c: int) -> bool:
    return has_warriors_of(g, hostile_seats(g, s), c)


def hostile_seats(g: Game, s: int) -> list[int]:
    """The seats of the factions Hostile to him (9.2.9.III)."""
    out: list[int] = []
    for f, lvl in vs_of(g, s).relations.items():
        if lvl == HOSTILE:
            out.append(g.seat_of(f))
    return out


def has_warriors_of(g: Game, seats: list[int], c: int) -> bool:
    for o in seats:
        if g.warriors[o][c]:
            return True
    return False


def is_vagabond(g: Game, s: int) -> bool:
    return isinstance(g.fdefs[s], Vagabond)


# ----------------------------------------------------------- the faction
class Vagabond(FactionDef):
    id = Faction.VAGABOND
    name = "Vagabond"
    setup_order = "D"
    setup_class = "insurgent"  # A.8.1 (advanced_setup.json)
    reach = 5
    pays_in_items = True  # 11.2.6.III Vagabond Funds

    def new_state(self) -> FactionState:
        return VagabondState()

    def state_from_json(self, data: dict[str, Any]) -> FactionState:
        return VagabondState.from_json(data)

    def setup_steps(self, g: Game, s: int) -> list[Step]:
        return [("vagabond.character", s), ("vagabond.forest", s), ("vagabond.setup", s)]

    def factions_drafted(self, g: Game, s: int) -> None:
        """9.3.6 with the draft (A.8.2): a relationship marker for each non-Vagabond
        faction, those chosen after the Vagabond set up included."""
        vs = vs_of(g, s)
        vs.relations = {g.factions[x]: vs.relations.get(g.factions[x], 0)
                        for x in g.others(s) if not is_vagabond(g, x)}

    def phase_steps(self, g: Game, s: int, phase: str) -> list[Step]:
        if phase == "birdsong":
            vs = vs_of(g, s)
            vs.aids = {}  # 9.2.9.Ia: aids count within one turn
            n = REFRESH_BASE + REFRESH_PER_TEA * on_track(vs, "tea")
            return [("vagabond.refresh", s, n), ("vagabond.slip", s)]
        if phase == "daylight":
            return [("vagabond.actions", s)]
        return [("vagabond.evening", s), ("discard_down", s), ("vagabond.capacity", s)]

    # crafting with hammers (9.2.1)
    def free_crafting_pieces(self, g: Game, s: int) -> tuple[int, int, int]:
        c = in_clearing(g, s)
        if not c or g.landmarks is not None and len(g.suits_at(c)) != 1:  # the Lost City
            return (0, 0, 0)
        n = count(vs_of(g, s), "hammer", READY)
        i = suit_index(g.suits[c])
        return (n if i == 0 else 0, n if i == 1 else 0, n if i == 2 else 0)

    def free_wild_pieces(self, g: Game, s: int) -> int:
        """9.2.1 in the Lost City's clearing (of every suit, Appendix F): each ready
        hammer crafts as any suit."""
        c = in_clearing(g, s)
        if not c or len(g.suits_at(c)) == 1:
            return 0
        return count(vs_of(g, s), "hammer", READY)

    def pay_crafting(self, g: Game, s: int, suits: list[str]) -> None:
        for _ in suits:
            exhaust(g, s, "hammer")

    def pay_wild_crafting(self, g: Game, s: int, n: int) -> None:
        for _ in range(n):
            exhaust(g, s, "hammer")

    def gain_crafted_item(self, g: Game, s: int, item: str) -> None:
        shift(vs_of(g, s), item, None, READY)  # 9.2.1: he takes it at once, face up

    def can_activate_dominance(self, g: Game, s: int) -> bool:
        return False  # 9.2.8: only to form a coalition

    def payment_capacity(self, g: Game, s: int) -> int:
        """11.2.6.III: the Vagabond pays for services by exhausting items."""
        n = 0
        for x in vs_of(g, s).items.values():
            n += x[READY]
        return n

    def pay_in_items(self, g: Game, s: int, n: int) -> Sequence[Step]:
        return [("vagabond.pay_exhaust", s)] * n

    # battle (9.2.4, 9.2.6, 9.2.7, 9.2.9.II)
    def battle_max_hits(self, g: Game, s: int, b: Battle, attacker: bool) -> int:
        n = undamaged(vs_of(g, s), "sword")
        if attacker and b.ally >= 0:
            n += g.warriors[b.ally][b.c]
        return n

    def battle_defenseless(self, g: Game, s: int, b: Battle) -> bool:
        return undamaged(vs_of(g, s), "sword") == 0

    def hit_choices(self, g: Game, s: int, b: Battle | None, c: int) -> list[Any] | None:
        vs = vs_of(g, s)
        out: list[Option] = [("damage", i, SIDES[side]) for i, side in
               choices_by_side(vs, (READY, EXHAUSTED))]
        if b is not None and b.att == s and b.ally >= 0 and g.warriors[b.ally][c]:
            out.append(("ally_hit", g.factions[b.ally]))
        return out

    def take_hit(self, g: Game, s: int, b: Battle | None, c: int, choice: Any) -> str | None:
        if choice[0] == "ally_hit":
            assert b is not None
            remove_warriors(g, b.ally, c, 1, in_battle=True)
            b.hits_by_ally += 1
            b.ally_lost += 1
            return None
        flip_item(vs_of(g, s), choice[1], SIDES.index(choice[2]), DAMAGED)
        if b is not None:
            b.hits_by_items += 1
        return None

    def battle_ended(self, g: Game, s: int, b: Battle) -> None:
        if b.att == s and 0 <= b.ally != s and b.hits_by_ally > b.hits_by_items:
            vs_of(g, s).relations[g.factions[b.ally]] = HOSTILE  # 9.2.9.IId (not mice)

    def battle_effects(self, g: Game, s: int, b: Battle) -> list[str]:
        vs = vs_of(g, s)  # D.8.2 Swift Strike
        if vs.character == "ronin" and count(vs, "sword", READY):
            return ["swift_strike"]
        return []

    def use_battle_effect(self, g: Game, s: int, b: Battle, name: str) -> None:
        exhaust(g, s, "sword")
        if s == b.att:
            b.a_extra += 1
        else:
            b.d_extra += 1

    def battle_before_roll(self, g: Game, s: int, b: Battle) -> Sequence[Step]:
        """D.5.2 Protector: the defender may enlist an Arbiter in the clearing."""
        vs = vs_of(g, s)
        if g.is_hireling(b.dfd) or g.fdefs[b.dfd].is_bot:
            return []  # a bot's rules never enlist him (Rootbotics: bots make no choices);
            # a hireling plays by its card only (E.3.5)
        if vs.character == "arbiter" and g.pawn[s] == b.c and s not in (b.att, b.dfd):
            return [("vagabond.protector", b.dfd, s)]
        return NO_STEPS

    def on_removes(self, g: Game, s: int, owner: int, c: int, warriors: int, pieces: int,
                   in_battle: bool) -> None:
        """9.2.9.III Hostile; 9.2.9.IIIa Infamy."""
        vs = vs_of(g, s)
        f = g.owner_name(owner)  # a hireling has no relationship (Appendix E)
        if f not in vs.relations:
            return  # another Vagabond: no relationship
        infamy = 0
        if vs.relations[f] != HOSTILE:
            if warriors:
                vs.relations[f] = HOSTILE
                infamy = warriors - 1 + pieces
        else:
            infamy = warriors + pieces
        if in_battle and g.turn_seat == s and infamy:
            g.score(s, infamy, "infamy")

    def on_full_removal(self, g: Game, s: int, c: int, by: int) -> Sequence[Step]:
        return [("vagabond.damage", s, 3)]  # 9.2.2.I

    def pawn_move_options(self, g: Game, s: int) -> list[Any]:
        """A move granted by an effect (Cobbler): to an adjacent clearing (4.2, Nimble),
        with the extra boots into Hostile warriors (9.2.9.IIIb)."""
        boots = count(vs_of(g, s), "boots", READY)
        out: list[Any] = [("pawn_move", d) for d, cost in move_costs(g, s) if boots >= cost - 1]
        out += [("pawn_ferry", d) for d in ferry_places(g, s)
                if boots >= (1 if hostile_warriors_in(g, s, d) else 0)]
        return out

    def take_pawn_move(self, g: Game, s: int, choice: Any) -> None:
        if hostile_warriors_in(g, s, choice[1]):
            exhaust(g, s, "boots")
        src = g.pawn[s]
        pawn_to(g, s, choice[1])
        if choice[0] == "pawn_ferry":
            take_ferry(g, s, src, choice[1])

    def blocks_move(self, g: Game, s: int, mover: int, a: int, b: int) -> bool:
        return vs_of(g, s).scorched == b  # D.6.2

    def blocks_placement(self, g: Game, s: int, placer: int, c: int) -> bool:
        return vs_of(g, s).scorched == c

    def limit_in_force(self, g: Game, s: int) -> bool:
        return vs_of(g, s).scorched != 0  # D.6.2: only the Scoundrel's torch stops anyone

    def view(self, g: Game, s: int, viewer: int | None) -> dict[str, Any]:
        vs = vs_of(g, s)
        return {
            "character": vs.character,
            "pawn": place_name(g, g.pawn[s]) if g.pawn[s] else None,
            "items": {i: dict(zip(SIDES, x, strict=True)) for i, x in sorted(vs.items.items())
                      if any(x)},
            "on_tracks": {i: on_track(vs, i) for i in TRACKED},
            "relationships": dict(vs.relations),
            "aids_this_turn": dict(vs.aids),
            "quests_completed": list(vs.quests_done),
            "scorched_earth": vs.scorched or None,
        }


class Vagabond2(Vagabond):
    id = Faction.VAGABOND2
    name = "Second Vagabond"
    reach = 2  # 5.2


register(Vagabond())
register(Vagabond2())


def exhaust(g: Game, s: int, item: str) -> None:
    shift(vs_of(g, s), item, READY, EXHAUSTED)


def relation_of(g: Game, s: int, other: int) -> int | None:
    return vs_of(g, s).relations.get(g.factions[other])


# ------------------------------------------------------------------ setup
class ChooseCharacter(Handler):
    """9.3.1 Choose a character (Appendix D)."""

    name = "vagabond.character"
    kind = "character"
    rule = "9.3.1"
    prompt = "Choose your character"

    def options(self, g: Game, st: Step) -> list[Option]:
        dealt = advanced.dealt_character(g, st[1])
        if dealt:  # A.8.1.III: the character dealt beside the setup card
            return [("character", dealt)]
        taken = {vs_of(g, o).character for o in g.others(st[1]) if is_vagabond(g, o)}
        return [("character", c) for c in CHARACTERS if c not in taken]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        vs = vs_of(g, st[1])
        vs.character = o[1]
        for item in CHARACTERS[o[1]]:  # 9.3.5 starting items, face up
            shift(vs, item, None, READY)
        vs.relations = {g.factions[x]: 0 for x in g.others(st[1]) if not is_vagabond(g, x)}


class StartForest(Handler):
    """9.3.2 Place the pawn in any forest."""

    name = "vagabond.forest"
    kind = "setup_forest"
    rule = "9.3.2"
    prompt = "Choose the forest you start in"

    def options(self, g: Game, st: Step) -> list[Option]:
        return [("forest", f) for f, _ in g.board.forests]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        g.pawn[st[1]] = FOREST + [f for f, _ in g.board.forests].index(o[1])


class SharedSetup(Handler):
    """9.3.3 quests and 9.3.4 ruins, once for one or two Vagabonds (9.7.1, 9.7.2)."""

    name = "vagabond.setup"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        if g.quests or g.quest_deck:
            return
        g.quest_deck = g.shuffle("quests", list(QUESTS))
        g.quests = [g.quest_deck.pop() for _ in range(3)]
        ruins = [c for c in g.clearings() if (RUIN, "ruin") in g.buildings[c]]
        sets = sum(1 for o in range(len(g.factions)) if is_vagabond(g, o))
        pool = g.shuffle("ruin_items", list(RUIN_ITEMS) * sets)
        per = len(pool) // max(1, len(ruins))
        for i, c in enumerate(ruins):
            g.ruin_items[c] = tuple(pool[i * per:(i + 1) * per])


# --------------------------------------------------------------- birdsong
class Refresh(Handler):
    """9.4.1 Refresh: flip exhausted items face up (two per tea on its track, then three)."""

    name = "vagabond.refresh"
    kind = "refresh"
    rule = "9.4.1"
    prompt = "Refresh: choose an exhausted item to flip face up"

    def options(self, g: Game, st: Step) -> list[Option]:
        vs = vs_of(g, st[1])
        todo = choices_by_side(vs, (EXHAUSTED, DMG_DOWN))
        if st[2] <= 0 or not todo:
            return [("done",)]
        n = 0
        for i, side in todo:
            n += count(vs, i, side)
        if n <= st[2]:
            return [("refresh", "all")]
        return [("refresh", f"{i}|{side}") for i, side in todo]

    def describe(self, g: Game, st: Step) -> str:
        return f"Refresh: choose an exhausted item to flip face up ({st[2]} left)"

    def apply(self, g: Game, st: Step, o: Option) -> None:
        if o[0] == "done":
            return
        vs = vs_of(g, st[1])
        if o[1] == "all":
            for i, side in choices_by_side(vs, (EXHAUSTED, DMG_DOWN)):
                for _ in range(count(vs, i, side)):
                    flip_item(vs, i, side, REFRESHED)
            return
        item, face = str(o[1]).split("|")
        flip_item(vs, item, int(face), REFRESHED)
        g.push(("vagabond.refresh", st[1], st[2] - 1))


def pawn_to(g: Game, s: int, dest: int) -> None:
    """Move the pawn; from a clearing to a clearing, allied warriors may come along."""
    src = g.pawn[s]
    g.pawn[s] = dest
    g.pieces_changed()
    if 0 < src < FOREST and 0 < dest < FOREST:
        g.push(("vagabond.ally_move", s, src, dest))
    if g.hire is not None and g.hire.watches_moves:  # Highway Bandits, the Bands
        g.push_all(list(hirelings_after_move(g, s, s, src, dest, 0)))


class Slip(Handler):
    """9.4.2 Slip: move to an adjacent clearing or forest at no cost."""

    name = "vagabond.slip"
    kind = "slip"
    rule = "9.4.2"
    prompt = "Slip to an adjacent clearing or forest?"

    def options(self, g: Game, st: Step) -> list[Option]:
        s: int = st[1]
        here = where(g, s)
        # 9.4.2: ignoring effects that prevent movement out of a clearing (13.7.2 Snare)
        dests = [p for p in move_places(g, s, here) if p >= FOREST or g.may_move(s, 0, p)]
        return ([("slip", place_name(g, p)) for p in dests]
                + [("slip_ferry", p) for p in ferry_places(g, s, True)] + [("skip",)])

    def apply(self, g: Game, st: Step, o: Option) -> None:
        if o[0] == "slip":
            pawn_to(g, st[1], _place_from_name(g, o[1]))
        elif o[0] == "slip_ferry":  # C.2.5
            src = g.pawn[st[1]]
            pawn_to(g, st[1], o[1])
            take_ferry(g, st[1], src, o[1])


def _place_from_name(g: Game, name: str) -> int:
    if name.startswith("forest "):
        return FOREST + [f for f, _ in g.board.forests].index(name[7:])
    return int(name)


class AllyMove(Handler):
    """9.2.9.IIb Moving with Ally: warriors of one allied faction may come along."""

    name = "vagabond.ally_move"
    kind = "ally_move"
    rule = "9.2.9.IIb"
    prompt = "Bring allied warriors along?"

    def options(self, g: Game, st: Step) -> list[Option]:
        s, a = st[1], st[2]
        vs = vs_of(g, s)
        out: list[Option] = []
        for f, lvl in vs.relations.items():
            w = g.movable_warriors(g.seat_of(f), a)  # 14.2.2: not the warlord
            if lvl == ALLIED and w:
                out.extend(("ally_move", f, n) for n in range(1, w + 1))
        # Crusader BK.2.4.I: warriors in his own row are mice lent to him for his turn
        # (Game.borrowed), which he uses following the rules for Allied warriors
        out.extend(("ally_mice", n) for n in range(1, g.warriors[s][a] + 1))
        return out + [("no_ally",)]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        if o[0] == "ally_move":
            do_move(g, g.seat_of(o[1]), st[2], st[3], o[2], mover=st[1])
        elif o[0] == "ally_mice":
            do_move(g, st[1], st[2], st[3], o[1])


# --------------------------------------------------------------- daylight
def move_costs(g: Game, s: int) -> list[tuple[int, int]]:
    """9.5.1 (destination, boots): one boots, one more into Hostile warriors (9.2.9.IIIb);
    never into a forest."""
    p = where(g, s)
    out = []
    hostile = hostile_seats(g, s)
    limited = g.movement_limited()
    for dest in move_places(g, s, p):
        if dest >= FOREST or limited and not g.may_move(s, p, dest):
            continue
        out.append((dest, 2 if has_warriors_of(g, hostile, dest) else 1))
    return out


def battle_choices(g: Game, s: int) -> list[Option]:
    """9.5.2: in his clearing, against an enemy there; with one allied faction's warriors
    (not the defender's, 9.2.9.IIc)."""
    c = in_clearing(g, s)
    if not c or not count(vs_of(g, s), "sword", READY):
        return []
    vs = vs_of(g, s)
    allies = [f for f, lvl in vs.relations.items()
              if lvl == ALLIED and g.warriors[g.seat_of(f)][c]]
    out = []
    for o in g.enemy_owners(s):  # G.1.9: enemy hirelings too
        if not g.has_any_piece(o, c) or not battle_allowed(g, s, o, c):
            continue
        name = g.owner_name(o)
        out.append(("v_battle", c, name, ""))
        out.extend(("v_battle", c, name, f" with {a}") for a in allies if a != name)
        if g.warriors[s][c] and o != g.sharer():  # BK.2.4.I mice, as Allied (9.2.9.IIc)
            out.append(("v_battle", c, name, WITH_MICE))
    return out


WITH_MICE: Final = " with mice"  # BK.2.4.I: the mice lent to him, as Allied warriors


def aid_choices(g: Game, s: int) -> list[Option]:
    c = in_clearing(g, s)
    if not c or not any_ready(vs_of(g, s)):
        return []
    cards = g.cards_matching_clearing(s, c)
    if not cards:
        return []
    out: list[Option] = []
    for o in g.others(s):
        if g.has_any_piece(o, c):
            for card in cards:
                out.append(("aid", g.factions[o], card))
    return out


def quest_choices(g: Game, s: int) -> list[Option]:
    """9.5.5 (D.7.2 Improvise: once per turn, one ready item stands for another)."""
    c = in_clearing(g, s)
    if not c:
        return []
    vs = vs_of(g, s)
    improvise = vs.character == "adventurer" and "improvise" not in g.once
    out: list[Option] = []
    for q in g.quests:
        suit, (a, b) = QUESTS[q]
        if not g.suit_match(c, suit):  # the Lost City matches every quest (Appendix F)
            continue
        if a == b:
            short = max(0, 2 - count(vs, a, READY))
        else:
            short = max(0, 1 - count(vs, a, READY)) + max(0, 1 - count(vs, b, READY))
        if short == 0:
            out.append(("quest", q, ""))
        elif short == 1 and improvise:
            for i in ITEM_TYPES:  # a ready item the quest does not need
                if count(vs, i, READY) - (i == a) - (i == b) > 0:
                    out.append(("quest", q, i))
    return out


def strike_choices(g: Game, s: int) -> list[Option]:
    """9.5.6: a warrior, or another piece of an enemy with no warriors there."""
    c = in_clearing(g, s)
    if not c or not count(vs_of(g, s), "crossbow", READY):
        return []
    out = []
    for o in g.enemy_owners(s):  # G.1.9: enemy hirelings' pieces too
        if removal_shielded(g, s, o, c):
            continue
        if g.warriors[o][c]:
            if g.removable_warriors(o, c):  # 14.2.2: never the warlord
                out.append(("strike", g.owner_name(o), "warrior"))
        else:
            kinds = distinct([p[1] for p in g.faction_pieces(o, c)])
            for k in kinds:
                out.append(("strike", g.owner_name(o), k))
    return out


def repair_choices(g: Game, s: int) -> list[Option]:
    vs = vs_of(g, s)
    if not count(vs, "hammer", READY):
        return []
    return [("repair", i, SIDES[side]) for i, side in
            choices_by_side(vs, (DMG_UP, DMG_DOWN))]


def explore_ok(g: Game, s: int) -> bool:
    c = in_clearing(g, s)
    return bool(c and g.ruin_items[c] and count(vs_of(g, s), "torch", READY))


def special_choices(g: Game, s: int) -> list[Option]:
    """Appendix D special actions that cost a torch."""
    vs = vs_of(g, s)
    if not count(vs, "torch", READY):
        return []
    c = in_clearing(g, s)
    ch = vs.character
    if ch == "thief" and c:  # D.1.2 Steal
        return [("steal", g.factions[o]) for o in g.others(s)
                if g.has_any_piece(o, c) and (g.hands[o] or not g.fdefs[o].has_hand)]
    if ch == "tinker" and c:  # D.2.2 Day Labor
        return [("day_labor", x) for x in distinct(g.discard)
                if g.suit_of(x) == "bird" or g.suit_match(c, g.suit_of(x))]
    if ch == "ranger":  # D.3.2 Hideout
        return [("special", "hideout")]
    if ch == "vagrant" and c:  # D.4.2 Instigate; the attacker fights with warriors or a pawn (4.3)
        return [("instigate", g.factions[a], g.owner_name(d))
                for a in g.others(s) if g.can_fight_in(a, c)
                for d in g.enemy_owners(a) if d != s and g.has_any_piece(d, c)
                and battle_allowed(g, a, d, c)]
    if ch == "scoundrel" and c:  # D.6.2 Scorched Earth
        return [("special", "scorched earth")]
    if ch == "harrier":  # D.9.2 Glide
        return [("glide", x) for x in g.clearings()
                if x != g.pawn[s] and g.may_move(s, g.pawn[s], x)]
    return []


def coalition_choices(g: Game, s: int) -> list[Option]:
    """9.2.8: with four or more players, a dominance card forms a coalition with the
    player (not in a coalition) having fewer VP than each other player but him. A player
    who activated a dominance card (a Vagabond in a coalition too) has no score marker
    on the track (3.3.1): no victory points to compare, never chosen (rulings.md)."""
    if (len(g.factions) < 4 or g.dominance[s] is not None or g.vp[s] < DOMINANCE_MIN_VP):
        return []
    cards = g.deckdef.cards
    doms = distinct([c for c in g.hands[s] if cards[c].kind == "dominance"])
    if not doms:
        return []
    taken = {p for p in g.coalition if p >= 0} | {v for v, p in enumerate(g.coalition) if p >= 0}
    rest = [o for o in g.others(s) if g.dominance[o] is None]
    if not rest:
        return []
    low = min(g.vp[o] for o in rest)
    partners = [o for o in rest if g.vp[o] == low and o not in taken]
    return [("coalition", d, g.factions[p]) for d in doms for p in partners]


class Actions(Handler):
    """9.5 Daylight: exhaust items to take actions, in any order and number."""

    name = "vagabond.actions"
    kind = "action"
    rule = "9.5"
    prompt = "Vagabond Daylight: choose an action"

    def options(self, g: Game, st: Step) -> list[Option]:
        s: int = st[1]
        vs = vs_of(g, s)
        boots = count(vs, "boots", READY)
        out: list[Option] = []
        if boots:
            for d, cost in move_costs(g, s):
                if boots >= cost:
                    out.append(("v_move", d))
        if g.ferry:  # C.2.5: the same cost as any move (9.5.1)
            out += [("v_ferry", d) for d in ferry_places(g, s)
                    if boots >= (2 if hostile_warriors_in(g, s, d) else 1)]
        append_all(out, battle_choices(g, s))  # compiled, += on a list is a generic call
        if explore_ok(g, s):
            out.append(("explore",))
        append_all(out, aid_choices(g, s))
        append_all(out, quest_choices(g, s))
        append_all(out, strike_choices(g, s))
        append_all(out, repair_choices(g, s))
        append_all(out, craft_options(g, s))
        append_all(out, special_choices(g, s))
        append_all(out, daylight_extras(g, s))
        append_all(out, coalition_choices(g, s))
        out.append(("v_end",))
        return out

    def apply(self, g: Game, st: Step, o: Option) -> None:
        s: int = st[1]
        verb: str = o[0]
        if verb == "v_end":
            return
        if not (verb == "special" and o[1] == "hideout"):
            g.push(st)  # back to this menu afterwards (Hideout ends Daylight)
        ACTIONS[verb](g, s, o)


def _move(g: Game, s: int, o: Option) -> None:
    dest = o[1]
    src = g.pawn[s]
    for _ in range(2 if hostile_warriors_in(g, s, dest) else 1):
        exhaust(g, s, "boots")
    pawn_to(g, s, dest)
    if o[0] == "v_ferry":
        take_ferry(g, s, src, dest)


def _battle(g: Game, s: int, o: Option) -> None:
    exhaust(g, s, "sword")
    ally = s if o[3] == WITH_MICE else g.seat_of(o[3][6:]) if o[3] else -1
    start_battle(g, s, o[1], g.seat_of(o[2]), ally)


def _explore(g: Game, s: int, o: Option) -> None:
    exhaust(g, s, "torch")
    g.push(("vagabond.explore", s, in_clearing(g, s)))


def _aid(g: Game, s: int, o: Option) -> None:
    t = g.seat_of(o[1])
    give_card(g, s, t, o[2])  # 9.5.4: the card is given, not discarded
    g.push(("vagabond.aid_exhaust", s), ("vagabond.aid_take", s, t))
    vs = vs_of(g, s)
    lvl = vs.relations.get(o[1])
    if lvl is None or lvl == HOSTILE:
        return  # 9.2.9.IIIc: no improvement with a Hostile faction
    if lvl == ALLIED:
        g.score(s, ALLIED_AID_VP, "aid_allied")  # 9.2.9.IIa
        return
    n = vs.aids.get(o[1], 0) + 1
    need, vp = AID_STEPS[lvl]
    if n >= need:  # 9.2.9.Ib: advance one space and score it
        vs.relations[o[1]] = lvl + 1
        vs.aids[o[1]] = 0
        g.score(s, vp, "relationship")
    else:
        vs.aids[o[1]] = n


def _quest(g: Game, s: int, o: Option) -> None:
    vs = vs_of(g, s)
    q, stand_in = o[1], o[2]
    suit, (a, b) = QUESTS[q]
    for item in (a, b):
        if stand_in and count(vs, item, READY) == 0:
            g.once = g.once | {"improvise"}
            shift(vs, stand_in, READY, DMG_DOWN)  # D.7.2: exhausted and damaged
            stand_in = ""
        else:
            exhaust(g, s, item)
    g.quests.remove(q)
    vs.quests_done = vs.quests_done + (q,)
    if g.quest_deck:
        g.quests.append(g.quest_deck.pop())
    g.push(("vagabond.quest_reward", s, suit))


def _strike(g: Game, s: int, o: Option) -> None:
    exhaust(g, s, "crossbow")
    c, t = in_clearing(g, s), g.seat_of(o[1])
    if o[2] == "warrior":
        remove_warriors(g, t, c, 1)
        trigger_removals(g, s, [(t, c, 1)], in_battle=False)
    else:
        g.take_piece(c, (t, o[2]))
        g.score(s, g.odef(t).points_for_removal(g, t, o[2]), "removal")  # 3.2.1
        trigger_removals(g, s, [], [(t, c, o[2])], in_battle=False)


def _repair(g: Game, s: int, o: Option) -> None:
    exhaust(g, s, "hammer")
    flip_item(vs_of(g, s), o[1], SIDES.index(o[2]), REPAIRED)  # 9.5.7


def _craft(g: Game, s: int, o: Option) -> None:
    craft(g, s, o[1], o[2], o[0] == "craft_forge")


def _special(g: Game, s: int, o: Option) -> None:
    exhaust(g, s, "torch")
    verb, c = o[0], in_clearing(g, s)
    vs = vs_of(g, s)
    if verb == "steal":  # D.1.2
        take_random_card(g, s, g.seat_of(o[1]))
    elif verb == "day_labor":  # D.2.2
        g.discard.remove(o[1])
        g.hands[s].append(o[1])
    elif verb == "glide":  # D.9.2
        src = g.pawn[s]
        g.pawn[s] = o[1]
        if g.hire is not None and g.hire.watches_moves:  # the Bands (not along a path)
            g.push_all(list(hirelings_after_move(g, s, s, src, o[1], 0)))
    elif verb == "instigate":  # D.4.2
        start_battle(g, g.seat_of(o[1]), c, g.seat_of(o[2]))
        g.current_battle().instigator = s
    elif o[1] == "hideout":  # D.3.2: repair three, then Evening
        g.push(("vagabond.repair_free", s, 3))
    elif o[1] == "scorched earth":  # D.6.2
        lose_item(vs, "torch", EXHAUSTED)
        vs.scorched = c
        remove_all_enemy_pieces(g, s, c)


def _coalition(g: Game, s: int, o: Option) -> None:
    p = g.seat_of(o[2])
    g.hands[s].remove(o[1])
    g.dominance[s] = o[1]
    g.coalition[s] = p
    vs = vs_of(g, s)
    if vs.relations.get(o[2]) == HOSTILE:
        vs.relations[o[2]] = 0  # 9.2.9.IIId
    g.note("coalition", g.factions[s], o[2])


def _extra(g: Game, s: int, o: Option) -> None:
    apply_daylight_extra(g, s, o)


ACTIONS: Final = {
    "v_move": _move, "v_ferry": _move, "v_battle": _battle, "explore": _explore, "aid": _aid,
    "quest": _quest, "strike": _strike, "repair": _repair, "craft": _craft,
    "craft_forge": _craft, "steal": _special,
    "day_labor": _special, "glide": _special, "instigate": _special, "special": _special,
    "coalition": _coalition, **{v: _extra for v in DAYLIGHT_VERBS}}


class Explore(Handler):
    """9.5.3 Explore (9.7.3: with two items under a ruin, take one of choice, but not an
    "R" item of a type he has an "R" item of on his board)."""

    name = "vagabond.explore"
    kind = "explore"
    rule = "9.5.3"
    prompt = "Choose the item to take from the ruin"

    def options(self, g: Game, st: Step) -> list[Option]:
        s, c = st[1], st[2]
        vs = vs_of(g, s)
        items = g.ruin_items[c]
        if sum(1 for o in range(len(g.factions)) if is_vagabond(g, o)) < 2:
            return [("take_ruin_item", i) for i in dict.fromkeys(items)]
        ok = [i for i in dict.fromkeys(items) if i not in vs.ruin_taken]
        return [("take_ruin_item", i) for i in ok] + [("no_item",)]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        if o[0] == "no_item":
            return
        s, c = st[1], st[2]
        vs = vs_of(g, s)
        rest = list(g.ruin_items[c])
        rest.remove(o[1])
        g.ruin_items[c] = tuple(rest)
        shift(vs, o[1], None, READY)
        vs.ruin_taken = vs.ruin_taken + (o[1],)
        g.score(s, 1, "explore")
        if not rest:
            g.take_piece(c, (RUIN, "ruin"))


class AidExhaust(Handler):
    """9.5.4: exhaust any one item."""

    name = "vagabond.aid_exhaust"
    kind = "exhaust"
    rule = "9.5.4"
    prompt = "Aid: choose the item to exhaust"

    def options(self, g: Game, st: Step) -> list[Option]:
        return [("exhaust", i) for i in ready_types(vs_of(g, st[1]))]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        exhaust(g, st[1], o[1])


class PayExhaust(Handler):
    """11.2.6.III Vagabond Funds: exhaust an item to pay for a service."""

    name = "vagabond.pay_exhaust"
    kind = "exhaust"
    rule = "11.2.6.III"
    prompt = "Pay for a service: choose the item to exhaust"

    def options(self, g: Game, st: Step) -> list[Option]:
        return [("exhaust", i) for i in ready_types(vs_of(g, st[1]))]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        exhaust(g, st[1], o[1])


class AidTake(Handler):
    """9.5.4: then take an item, if any, from that player's Crafted Items box."""

    name = "vagabond.aid_take"
    kind = "take_item"
    rule = "9.5.4"
    prompt = "Aid: take an item from their Crafted Items box?"

    def options(self, g: Game, st: Step) -> list[Option]:
        items = distinct(g.items[st[2]])
        return [("take_item", i) for i in items] + [("no_item",)]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        if o[0] == "take_item":
            g.items[st[2]].remove(o[1])
            crafted_item_left(g, st[2], o[1])
            shift(vs_of(g, st[1]), o[1], None, READY)


class QuestReward(Handler):
    """9.5.5: one VP per completed quest of the suit, or draw two cards."""

    name = "vagabond.quest_reward"
    kind = "quest_reward"
    rule = "9.5.5"
    prompt = "Quest reward: score or draw?"

    def options(self, g: Game, st: Step) -> list[Option]:
        return [("quest_vp",), ("quest_draw",)]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        s: int = st[1]
        if o[0] == "quest_draw":
            g.draw(s, 2)
        else:
            done = vs_of(g, s).quests_done
            g.score(s, sum(1 for q in done if QUESTS[q][0] == st[2]), "quest")


class FreeRepair(Handler):
    """D.3.2 Hideout: repair up to three items."""

    name = "vagabond.repair_free"
    kind = "repair"
    rule = "D.3.2"
    prompt = "Hideout: choose an item to repair"

    def options(self, g: Game, st: Step) -> list[Option]:
        vs = vs_of(g, st[1])
        todo = choices_by_side(vs, (DMG_UP, DMG_DOWN))
        if st[2] <= 0 or not todo:
            return [("done",)]
        return [("repair", i, SIDES[side]) for i, side in todo]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        if o[0] == "done":
            return
        flip_item(vs_of(g, st[1]), o[1], SIDES.index(o[2]), REPAIRED)
        g.push(("vagabond.repair_free", st[1], st[2] - 1))


class Damage(Handler):
    """9.2.2.I Full Removal: damage three items (his choice)."""

    name = "vagabond.damage"
    kind = "damage"
    rule = "9.2.2.I"
    prompt = "Full removal: choose an item to damage"

    def options(self, g: Game, st: Step) -> list[Option]:
        vs = vs_of(g, st[1])
        todo = choices_by_side(vs, (READY, EXHAUSTED))
        if st[2] <= 0 or not todo:
            return [("done",)]
        return [("damage", i, SIDES[side]) for i, side in todo]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        if o[0] == "done":
            return
        flip_item(vs_of(g, st[1]), o[1], SIDES.index(o[2]), DAMAGED)
        g.push(("vagabond.damage", st[1], st[2] - 1))


class Protector(Handler):
    """D.5.2 Protector: the defender may enlist the Arbiter (this step's seat: defender)."""

    name = "vagabond.protector"
    kind = "enlist"
    rule = "D.5.2"
    prompt = "Enlist the Arbiter as your protector?"

    def options(self, g: Game, st: Step) -> list[Option]:
        return [("enlist", g.factions[st[2]]), ("no_enlist",)]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        if o[0] == "enlist":
            arb = st[2]
            g.score(arb, 1, "protector")
            g.current_battle().max_bonus[1] += undamaged(vs_of(g, arb), "sword")


# ---------------------------------------------------------------- evening
class Evening(Handler):
    """9.6.1 An Evening's Rest (in a forest); 9.6.2 draw one plus one per coins."""

    name = "vagabond.evening"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        s: int = st[1]
        vs = vs_of(g, s)
        if g.pawn[s] >= FOREST:
            for i, side in choices_by_side(vs, (DMG_UP, DMG_DOWN)):
                for _ in range(count(vs, i, side)):
                    shift(vs, i, side, READY)
        draw_cards(g, s, DRAW_BASE + on_track(vs, "coins"))


class Capacity(Handler):
    """9.6.4 Item capacity: six plus two per bag on its track; remove the excess from
    the Satchel and Damaged box (his choice), permanently."""

    name = "vagabond.capacity"
    kind = "remove_item"
    rule = "9.6.4"
    prompt = "Too many items: choose one to remove from the game"

    def options(self, g: Game, st: Step) -> list[Option]:
        vs = vs_of(g, st[1])
        limit = CAPACITY_BASE + CAPACITY_PER_BAG * on_track(vs, "bag")
        if held(vs) <= limit:
            return [("done",)]
        out: list[Option] = []
        for i, side in choices_by_side(vs, (READY, EXHAUSTED, DMG_UP, DMG_DOWN)):
            if side == READY and count(vs, i, READY) <= on_track(vs, i):
                continue  # all on the track
            out.append(("drop", i, SIDES[side]))
        return out

    def apply(self, g: Game, st: Step, o: Option) -> None:
        if o[0] == "done":
            return
        lose_item(vs_of(g, st[1]), o[1], SIDES.index(o[2]))
        g.removed_items.append(o[1])
        g.push(st)


register_steps(
    ChooseCharacter(), StartForest(), SharedSetup(), Refresh(), Slip(), AllyMove(), Actions(),
    Explore(), AidExhaust(), PayExhaust(), AidTake(), QuestReward(), FreeRepair(), Damage(),
    Protector(), Evening(), Capacity(),
)
