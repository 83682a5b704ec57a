"""The prototype's Marquise de Cat (P2.6 setup, P7; Field Hospitals and the Keep, P5.11)."""
from __future__ import annotations

from itertools import combinations
from typing import Any, Final

from rootlaw.core.battle import Battle
from rootlaw.core.faction_api import FactionState, register
from rootlaw.core.game import Game
from rootlaw.core.options import Option, text_form
from rootlaw.core.steps import Handler, Step, register_steps
from rootlaw.prototype.base import (
    DATA,
    KEEP,
    NATIONS,
    RULES,
    ProtoFaction,
    matches,
    spendable_as,
)
from rootlaw.prototype.battle import battle_targets, start_battle
from rootlaw.prototype.cards import (
    DAYLIGHT_VERBS,
    MILITARY,
    apply_daylight_extra,
    daylight_extras,
)
from rootlaw.prototype.craft import craft, craft_options
from rootlaw.prototype.hits import lose_piece
from rootlaw.prototype.moves import move_options, take_move

ME: Final = "marquise"
_M: Final[dict[str, Any]] = DATA["marquise"]
KINDS: Final[tuple[str, ...]] = ("sawmill", "workshop", "recruiter")
COST: Final[tuple[int, ...]] = tuple(int(x) for x in _M["cost"])  # by buildings on the map
VP: Final[dict[str, tuple[int, ...]]] = {k: tuple(int(x) for x in _M["vp"][k]) for k in KINDS}
COINS_AT: Final[tuple[int, ...]] = tuple(int(x) for x in _M["coins_at_recruiters"])
ACTIONS: Final = 3  # P7.3.1
INCITE_CARDS: Final = 3  # P7.8.1
INCITE_VP: Final = 2  # P7.8.1: instead of one

text_form("p_setup_recruiter", "place the recruiter in {1}")
text_form("p_setup_workshop", "place the workshop in {1}")
text_form("p_incite", "incite a mob in {1} clearings, spending {c2}, {c3}, {c4}")


class MarquiseState(FactionState):
    """Everything of the Marquise's is on the map (her tracks: the buildings there)."""

    __slots__ = ()

    def copy(self) -> MarquiseState:
        return self

    def to_json(self) -> dict[str, Any]:
        return {}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> MarquiseState:
        return cls()


def wood_supply(g: Game, s: int) -> int:
    """P3.2.3: the wood not on the map."""
    return Marquise.tokens["wood"] - g.count_token(s, "wood")


class Marquise(ProtoFaction):
    id = ME
    name = "Marquise de Cat"
    warriors = int(DATA["warriors"]["marquise"])  # P1.6.2
    buildings = {k: int(v) for k, v in _M["buildings"].items()}
    tokens = {"wood": int(DATA["wood"]["value"])}  # P1.6.4
    crafts_with: tuple[str, ...] = ("workshop",)  # P5.4.6
    hand_limit = int(DATA["hand_limits"]["marquise"])  # P7.10.2

    def new_state(self) -> FactionState:
        return MarquiseState()

    def state_from_json(self, data: dict[str, Any]) -> FactionState:
        return MarquiseState.from_json(data)

    def setup_steps(self, g: Game, s: int) -> list[Step]:
        return [("proto.m.setup", s), ("proto.m.setup_recruiter", s),
                ("proto.m.setup_workshop", s)]

    def phase_steps(self, g: Game, s: int, phase: str) -> list[Step]:
        if phase == "birdsong":
            return [("proto.m.wood", s, ())]
        if phase == "daylight":
            return [("proto.m.actions", s, ACTIONS)]
        return [("proto.m.evening", s), ("proto.discard_down", s)]

    def coins(self, g: Game, s: int) -> int:
        """Her board's coin, one more per uncovered recruiter space (reconstructed), and
        her crafted coins (P7.10.1)."""
        n = g.count_building(s, "recruiter")
        extra = 0
        for at in COINS_AT:
            if n >= at:
                extra += 1
        return ProtoFaction.coins(self, g, s) + extra

    def can_activate(self, g: Game, s: int, card: str) -> bool:
        return card != MILITARY  # P6.2.10

    def ignores_hit(self, g: Game, s: int, c: int, defending: bool, single: bool) -> bool:
        """P5.11.2 The Keep: in a battle there, one hit taken is ignored."""
        return c == KEEP

    def hit_choices(self, g: Game, s: int, b: Battle | None, c: int) -> list[Any] | None:
        """P5.11.1 Field Hospitals: while she rules the Keep, a warrior taking a hit may
        go to the Keep instead, for any card."""
        if not g.warriors[s][c] or not g.hands[s] or not g.rules(s, KEEP):
            return None
        out: list[Any] = [("hit", s, "warrior")]
        for cid in dict.fromkeys(g.hands[s]):
            out.append(("field_hospitals", cid))
        return out

    def take_hit(self, g: Game, s: int, b: Battle | None, c: int, choice: Any) -> str | None:
        g.spend(s, choice[1])
        if c != KEEP:
            g.warriors[s][c] = g.warriors[s][c] - 1
            g.warriors[s][KEEP] = g.warriors[s][KEEP] + 1
            g.pieces_changed(c, KEEP)
        g.note("field_hospitals", c)
        return None

    def beaver_builds(self, g: Game, s: int, c: int) -> list[tuple[str, str]]:
        """P10.2.2 by her rules (P7.6): the leftmost building of a type left, an empty
        slot; no wood."""
        if g.open_slots(c) <= 0:
            return []
        return [(k, "") for k in KINDS if g.count_building(s, k) < self.buildings[k]]

    def beaver_build(self, g: Game, s: int, c: int, kind: str, nation: str) -> None:
        """The building is hers; she scores nothing: she does not build it (P7.1.1,
        rulings.md)."""
        g.place_building(s, kind, c)

    def view(self, g: Game, s: int, viewer: int | None) -> dict[str, Any]:
        return {
            "keep": KEEP,
            "wood_in_supply": wood_supply(g, s),
            "buildings_on_track": {k: self.buildings[k] - g.count_building(s, k) for k in KINDS},
            "coins": self.coins(g, s),
        }


MARQUISE: Final = Marquise()
register(MARQUISE, RULES)


# ------------------------------------------------------------------- setup
class SetupWarriors(Handler):
    """P2.6.1 a warrior in each clearing, the Keep too; P2.6.4 a Sawmill in the Keep."""

    name = "proto.m.setup"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        s: int = st[1]
        for c in g.clearings():
            g.place_warriors(s, c, 1)
        if g.open_slots(KEEP) > 0:
            g.place_building(s, "sawmill", KEEP)


class SetupRecruiter(Handler):
    """P2.6.4: a Recruiter in any clearing adjacent to the Keep."""

    name = "proto.m.setup_recruiter"
    kind = "setup_building"
    rule = "P2.6.4"
    prompt = "Place your Recruiter next to the Keep"

    def options(self, g: Game, st: Step) -> list[Option]:
        out: list[Option] = [("p_setup_recruiter", c) for c in g.adjacent(KEEP)
                             if g.open_slots(c) > 0]
        return out or [("done",)]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        if o[0] != "done":
            g.place_building(st[1], "recruiter", o[1])


class SetupWorkshop(Handler):
    """P2.6.4: a Workshop in any other clearing adjacent to the Keep."""

    name = "proto.m.setup_workshop"
    kind = "setup_building"
    rule = "P2.6.4"
    prompt = "Place your Workshop next to the Keep"

    def options(self, g: Game, st: Step) -> list[Option]:
        s: int = st[1]
        taken = g.piece_clearings(s, "recruiter")
        out: list[Option] = [("p_setup_workshop", c) for c in g.adjacent(KEEP)
                             if g.open_slots(c) > 0 and c not in taken]
        return out or [("done",)]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        if o[0] != "done":
            g.place_building(st[1], "workshop", o[1])


# ---------------------------------------------------------------- birdsong
class PlaceWood(Handler):
    """P7.2.1: one wood at each Sawmill; short of wood, she picks where (P3.2.4)."""

    name = "proto.m.wood"
    kind = "place_wood"
    rule = "P7.2.1"
    prompt = "Wood is short: choose a Sawmill to receive wood"

    def options(self, g: Game, st: Step) -> list[Option]:
        s: int = st[1]
        todo = g.buildings_of(s, "sawmill")
        for c in st[2]:
            todo.remove(c)
        left = wood_supply(g, s)
        if not todo or not left:
            return [("done",)]
        if left >= len(todo):
            return [("wood", 0)]
        return [("wood", c) for c in dict.fromkeys(todo)]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        if o[0] == "done":
            return
        s: int = st[1]
        if o[1] == 0:
            todo = g.buildings_of(s, "sawmill")
            for c in st[2]:
                todo.remove(c)
            for c in todo:
                g.place_token(s, "wood", c)
            return
        g.place_token(s, "wood", o[1])
        g.push(("proto.m.wood", s, st[2] + (o[1],)))


# ---------------------------------------------------------------- daylight
def _ruled_groups(g: Game, s: int) -> dict[int, int]:
    """Clearing -> its group of clearings she rules connected by paths (P7.6.2)."""
    group: dict[int, int] = {}
    ruler = g.rulers()
    for c in g.clearings():
        if ruler[c] != s or c in group:
            continue
        group[c] = c
        todo = [c]
        while todo:
            x = todo.pop()
            for y in g.adjacent(x):
                if ruler[y] == s and y not in group:
                    group[y] = c
                    todo.append(y)
    return group


def build_options(g: Game, s: int) -> list[Option]:
    """P7.6.1-P7.6.2: the leftmost building of a type, a clearing she rules with an
    empty slot, wood enough in it and the clearings connected to it that she rules."""
    group = _ruled_groups(g, s)
    wood: dict[int, int] = {}
    for c, root in group.items():
        wood[root] = wood.get(root, 0) + g.tokens[c].count((s, "wood"))
    out: list[Option] = []
    for kind in KINDS:
        placed = g.count_building(s, kind)
        if placed >= MARQUISE.buildings[kind]:
            continue
        cost = COST[placed]
        for c, root in group.items():
            if g.open_slots(c) > 0 and wood.get(root, 0) >= cost:
                out.append(("build", kind, c))
    return out


def incite_options(g: Game, s: int) -> list[Option]:
    """P7.8.1: three cards of one nation (birds wild), each set once."""
    out: list[Option] = []
    hand = g.hands[s]
    for nation in NATIONS:
        cards = sorted(c for c in hand if c in spendable_as(g, s, nation))
        seen: set[tuple[str, ...]] = set()
        for combo in combinations(cards, INCITE_CARDS):
            if combo not in seen:
                seen.add(combo)
                out.append(("p_incite", nation) + combo)
    return out


def can_recruit(g: Game, s: int) -> bool:
    """P7.7.1 (P3.2.4: with no warrior to place, the Outrage still rises)."""
    return g.count_building(s, "recruiter") > 0


class Actions(Handler):
    """P7.3.1: up to three actions, plus one per bird card spent; crafting is free
    (P7.8.2). Args: (seat, actions left)."""

    name = "proto.m.actions"
    kind = "action"
    rule = "P7.3.1"

    def describe(self, g: Game, st: Step) -> str:
        return f"Marquise Daylight: choose an action ({st[2]} left)"

    def options(self, g: Game, st: Step) -> list[Option]:
        s: int = st[1]
        left: int = st[2]
        out = daylight_extras(g, s) + craft_options(g, s)
        if left > 0:
            if battle_targets(g, s):
                out.append(("action", "battle"))
            if move_options(g, s):
                out.append(("action", "march"))
            if build_options(g, s):
                out.append(("action", "build"))
            if can_recruit(g, s):
                out.append(("action", "recruit"))
            if incite_options(g, s):
                out.append(("action", "incite"))
        for cid in dict.fromkeys(g.hands[s]):
            if g.suit_of(cid) == "bird":
                out.append(("bird", cid))
        out.append(("end",))
        return out

    def apply(self, g: Game, st: Step, o: Option) -> None:
        s: int = st[1]
        left: int = st[2]
        verb = o[0]
        if verb == "end":
            return
        if verb in DAYLIGHT_VERBS:
            g.push(st)
            apply_daylight_extra(g, s, o)
            return
        if verb == "craft":
            g.push(st)
            craft(g, s, o[1], o[2])
            return
        if verb == "bird":  # P7.3.1: another action
            g.spend(s, o[1])
            g.push(("proto.m.actions", s, left + 1))
            return
        nxt: Step = ("proto.m.actions", s, left - 1)
        what: str = o[1]
        if what == "march":
            g.push(("proto.m.march", s, 1), nxt)
        elif what == "recruit":
            g.push(("proto.m.recruit", s, ()), nxt)
        else:
            g.push(("proto.m." + what, s), nxt)


class BattleAction(Handler):
    """P7.5.1 Battle: initiate a battle."""

    name = "proto.m.battle"
    kind = "battle"
    rule = "P7.5.1"
    prompt = "Battle: choose the clearing and the defender"

    def options(self, g: Game, st: Step) -> list[Option]:
        return battle_targets(g, st[1])

    def apply(self, g: Game, st: Step, o: Option) -> None:
        start_battle(g, st[1], o[1], g.seat_of(o[2]))


class March(Handler):
    """P7.4.1 March: two moves (P5.5.4: they are allowed, so the second may be
    declined). Args: (seat, 1 for the first move)."""

    name = "proto.m.march"
    kind = "move"
    rule = "P7.4.1"

    def describe(self, g: Game, st: Step) -> str:
        return "March: first move" if st[2] else "March: take a second move?"

    def options(self, g: Game, st: Step) -> list[Option]:
        moves = move_options(g, st[1])
        if st[2] and moves:
            return moves
        return moves + [("end_march",)]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        if o[0] == "end_march":
            return
        s: int = st[1]
        after: Step | None = ("proto.m.march", s, 0) if st[2] else None
        take_move(g, s, o, st, after)


class Build(Handler):
    """P7.6 Build."""

    name = "proto.m.build"
    kind = "build"
    rule = "P7.6"
    prompt = "Build: choose the building and the clearing"

    def options(self, g: Game, st: Step) -> list[Option]:
        return build_options(g, st[1])

    def apply(self, g: Game, st: Step, o: Option) -> None:
        s: int = st[1]
        kind: str = o[1]
        c: int = o[2]
        cost = COST[g.count_building(s, kind)]
        g.push(("proto.m.pay_wood", s, c, cost), ("proto.m.place", s, kind, c))


class PayWood(Handler):
    """P7.6.2: wood from the clearing and those connected to it through clearings she
    rules. Args: (seat, clearing, wood still owed)."""

    name = "proto.m.pay_wood"
    kind = "pay_wood"
    rule = "P7.6.2"
    prompt = "Choose a clearing to take wood from"

    def options(self, g: Game, st: Step) -> list[Option]:
        s: int = st[1]
        c: int = st[2]
        owed: int = st[3]
        if owed <= 0:
            return [("done",)]
        group = _ruled_groups(g, s)
        root = group[c]
        sources = sorted(x for x, r in group.items() if r == root and (s, "wood") in g.tokens[x])
        if sum(g.tokens[x].count((s, "wood")) for x in sources) == owed:
            return [("pay_wood", 0)]
        return [("pay_wood", x) for x in sources]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        if o[0] == "done":
            return
        s: int = st[1]
        c: int = st[2]
        if o[1] == 0:
            group = _ruled_groups(g, s)
            root = group[c]
            for x, r in group.items():
                if r == root:
                    while (s, "wood") in g.tokens[x]:
                        g.take_piece(x, (s, "wood"))
            return
        g.take_piece(o[1], (s, "wood"))
        g.push(("proto.m.pay_wood", s, c, st[3] - 1))


class PlaceBuilding(Handler):
    """P7.6.3: place the building and score the space it uncovers."""

    name = "proto.m.place"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        s: int = st[1]
        kind: str = st[2]
        placed = g.count_building(s, kind)
        g.place_building(s, kind, st[3])
        g.score(s, VP[kind][placed], "build")


class Recruit(Handler):
    """P7.7.1: a warrior at each Recruiter (short of warriors, she picks, P3.2.4); then
    the Alliance's Outrage rises (P9.16.2)."""

    name = "proto.m.recruit"
    kind = "recruit"
    rule = "P7.7.1"
    prompt = "Warriors are short: choose a Recruiter to receive a warrior"

    def options(self, g: Game, st: Step) -> list[Option]:
        s: int = st[1]
        todo = g.buildings_of(s, "recruiter")
        for c in st[2]:
            todo.remove(c)
        left = g.warrior_supply(s)
        if not todo or not left:
            return [("done",)]
        if left >= len(todo):
            return [("recruit_at", 0)]
        return [("recruit_at", c) for c in dict.fromkeys(todo)]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        s: int = st[1]
        if o[0] == "done" or o[1] == 0:
            if o[0] != "done":
                todo = g.buildings_of(s, "recruiter")
                for c in st[2]:
                    todo.remove(c)
                for c in todo:
                    g.place_warriors(s, c, 1)
            for o2 in range(len(g.factions)):
                fd = g.fdefs[o2]
                if isinstance(fd, ProtoFaction):
                    fd.on_recruit(g, o2, s)
            return
        g.place_warriors(s, o[1], 1)
        g.push(("proto.m.recruit", s, st[2] + (o[1],)))


class Incite(Handler):
    """P7.8.1 Incite Mob: in each clearing of the nation she rules, every other
    player's buildings are removed, two points each; each player draws a card per
    building of theirs removed (rulings.md: "who removed" read as whose)."""

    name = "proto.m.incite"
    kind = "incite"
    rule = "P7.8.1"
    prompt = "Incite Mob: choose the nation and three cards"

    def options(self, g: Game, st: Step) -> list[Option]:
        return incite_options(g, st[1])

    def apply(self, g: Game, st: Step, o: Option) -> None:
        s: int = st[1]
        nation: str = o[1]
        for cid in o[2:]:
            g.spend(s, cid)
        lost = [0] * len(g.factions)
        for c in g.clearings():
            if not matches(g, c, nation) or not g.rules(s, c):
                continue
            for p in g.buildings[c]:
                owner = p[0]
                if owner >= 0 and owner != s:
                    lose_piece(g, owner, c, p[1], s, False)
                    lost[owner] = lost[owner] + 1
        total = sum(lost)
        if total:
            g.score(s, INCITE_VP * total, "incite_mob")
        for o2 in range(len(g.factions)):
            if lost[o2]:
                g.draw(o2, lost[o2])


# ----------------------------------------------------------------- evening
class Evening(Handler):
    """P7.10.1: each player draws a card per coin of theirs."""

    name = "proto.m.evening"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        for o in range(len(g.factions)):
            fd = g.fdefs[o]
            if isinstance(fd, ProtoFaction):
                g.draw(o, fd.coins(g, o))


register_steps(SetupWarriors(), SetupRecruiter(), SetupWorkshop(), PlaceWood(), Actions(),
               BattleAction(), March(), Build(), PayWood(), PlaceBuilding(), Recruit(), Incite(),
               Evening())
