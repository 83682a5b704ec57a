"""Marquise de Cat (Law of Root, section 6)."""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from rootlaw.core import advanced
from rootlaw.core.battle import battle_options, can_battle, start_battle
from rootlaw.core.cards_ep import draw_cards, reclaim_removed
from rootlaw.core.catalog import tracks
from rootlaw.core.effects import daylight_extras, took_daylight_extra
from rootlaw.core.faction_api import NO_STEPS, Faction, FactionDef, FactionState, register
from rootlaw.core.game import Game
from rootlaw.core.move import can_move, move_options, move_step
from rootlaw.core.options import Option, distinct, distinct_ints, text_form
from rootlaw.core.steps import Handler, Step, register_steps

ME: Final = Faction.MARQUISE
KINDS: Final[tuple[str, ...]] = ("sawmill", "workshop", "recruiter")
BUILDINGS_PER_KIND: Final = 6  # of each kind: one placed, five on its track (6.3.4-6.3.5)
_T: Final = tracks()["marquise"]
WOOD: Final[int] = int(_T["pieces"]["wood"])  # wood tokens (6.3.1)
# by buildings of that kind already on the map
COST: Final[tuple[int, ...]] = tuple(int(x) for x in _T["building_cost_wood"])
VP: Final = {k: tuple(_T[f"{k}_vp"]) for k in KINDS}
DRAW_BONUS_AT: Final[tuple[int, ...]] = tuple(int(x) for x in _T["recruiter_card_draw_bonus_at"])
ACTIONS: Final = 3  # 6.5

text_form("keep", "place the keep in {1}")
text_form("place", "place a {1} in {2}")
text_form("wood", "place wood at the sawmill in {1}")
text_form("recruit_at", "place a warrior at the recruiter in {1}")
text_form("action", "{1}")
text_form("build", "build a {1} in {2}")
text_form("overwork", "overwork in {1} spending {c2}")
text_form("bird", "spend {c1} for an extra action")
text_form("end", "end Daylight")
text_form("end_march", "end the march")
text_form("pay_wood", "take wood from {1}")
text_form("field_hospitals", "Field Hospitals: spend {c1}")
text_form("decline", "decline")


class MarquiseState(FactionState):
    """Everything of the Marquise's lives on the map or follows from it."""

    __slots__ = ()

    def copy(self) -> MarquiseState:
        return self

    def to_json(self) -> dict[str, Any]:
        return {}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> MarquiseState:
        return cls()


def keep_clearing(g: Game, s: int) -> int:
    """The keep's clearing (6.2.2), 0 once it is removed."""
    at = g.piece_clearings(s, "keep")
    return at[0] if at else 0


def wood_supply(g: Game, s: int) -> int:
    return WOOD - g.count_token(s, "wood")


class Marquise(FactionDef):
    id = ME
    name = "Marquise de Cat"
    setup_order = "A"
    setup_class = "militant"  # A.8.1 (advanced_setup.json)
    corner_setup = True  # section 5: starts in a corner clearing (5.1)
    reach = 10
    warriors = int(_T["pieces"]["warriors"])
    buildings = {k: BUILDINGS_PER_KIND for k in KINDS}
    tokens = {"wood": WOOD, "keep": 1}
    crafts_with: tuple[str, ...] = ("workshop",)  # 6.2.1

    def new_state(self) -> FactionState:
        return MarquiseState()

    def state_from_json(self, data: dict[str, Any]) -> FactionState:
        return MarquiseState.from_json(data)

    def setup_steps(self, g: Game, s: int) -> list[Step]:
        return [("marquise.keep", s)] + [("marquise.start_building", s, k) for k in KINDS]

    def advanced_setup_steps(self, g: Game, s: int) -> list[Step]:
        """Setup card (A.8.2): three connected homelands, the keep's first; warriors;
        a sawmill, a workshop and a recruiter in different homelands."""
        return [("marquise.homeland_keep", s), ("marquise.homeland", s),
                ("marquise.homeland", s), ("marquise.garrison", s),
                *[("marquise.homeland_building", s, k) for k in KINDS]]

    def phase_steps(self, g: Game, s: int, phase: str) -> list[Step]:
        if phase == "birdsong":
            return [("marquise.wood", s, ())]
        if phase == "daylight":
            return [("craft", s), ("marquise.actions", s, ACTIONS)]
        return [("marquise.evening", s), ("discard_down", s)]

    def starting_corner(self, g: Game, s: int) -> int | None:
        return keep_clearing(g, s) or None

    def blocks_placement(self, g: Game, s: int, placer: int, c: int) -> bool:
        """6.2.2 The Keep: other players cannot place pieces in the keep's clearing."""
        return keep_clearing(g, s) == c

    def on_warriors_removed(self, g: Game, s: int, c: int, n: int, by: int,
                            defending: bool) -> Sequence[Step]:
        """6.2.3 Field Hospitals."""
        if keep_clearing(g, s):
            return [("marquise.field_hospitals", s, c, n)]
        return NO_STEPS

    def view(self, g: Game, s: int, viewer: int | None) -> dict[str, Any]:
        return {
            "keep": keep_clearing(g, s) or None,
            "wood_in_supply": wood_supply(g, s),
            "buildings_on_track": {k: 6 - g.count_building(s, k) for k in KINDS},
            "recruited_this_turn": g.turn_seat == s and "recruit" in g.once,
        }


register(Marquise())


# ------------------------------------------------------------------- setup
class PlaceKeep(Handler):
    """6.3.2 Place the keep in a corner; 6.3.3 garrison all but the opposite corner."""

    name = "marquise.keep"
    kind = "setup_keep"
    rule = "6.3.2"
    prompt = "Place the keep in a corner clearing"

    def options(self, g: Game, st: Step) -> list[Option]:
        return [("keep", c) for c in g.board.corners]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        s, c = st[1], o[1]
        g.place_token(s, "keep", c)
        far = g.board.opposite[c]
        for x in g.clearings():
            if x != far:
                g.place_warriors(s, x, 1)


class StartBuilding(Handler):
    """6.3.4 Place a sawmill, workshop and recruiter in or next to the keep's clearing."""

    name = "marquise.start_building"
    kind = "setup_building"
    rule = "6.3.4"

    def describe(self, g: Game, st: Step) -> str:
        return f"Place your starting {st[2]}"

    def options(self, g: Game, st: Step) -> list[Option]:
        s, kind = st[1], st[2]
        k = keep_clearing(g, s)
        return [("place", kind, c) for c in (k, *g.adjacent(k)) if g.open_slots(c) > 0]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        g.place_building(st[1], o[1], o[2])


def homeland_trios(g: Game, s: int) -> list[tuple[int, ...]]:
    """Setup card (A.8.2): three homelands, each adjacent to another of them, where the
    Marquise can place a building and warriors (A.8.2.I)."""
    cands = advanced.homeland_candidates(g, s, g.clearings(), 1, False)
    out: list[tuple[int, ...]] = []
    for i in range(len(cands)):
        a = cands[i]
        for j in range(i + 1, len(cands)):
            b = cands[j]
            for k in range(j + 1, len(cands)):
                c = cands[k]
                links = (int(b in g.adj[a]) + int(c in g.adj[a]) + int(c in g.adj[b]))
                if links >= 2:  # three clearings are connected by two paths or three
                    out.append((a, b, c))
    return out


class HomelandKeep(Handler):
    """Setup card (A.8.2): the keep in a homeland not adjacent to an enemy homeland if
    able (A.8.2.II); chosen first, so that "if able" looks at every way to choose the
    three connected homelands (rulings.md)."""

    name = "marquise.homeland_keep"
    kind = "setup_homeland"
    rule = "A.8.2"
    prompt = "Choose the homeland for your keep (not adjacent to enemy homelands)"

    def options(self, g: Game, st: Step) -> list[Option]:
        s: int = st[1]
        members: list[int] = []
        for trio in homeland_trios(g, s):
            for c in trio:
                if c not in members:
                    members.append(c)
        members.sort()
        if not members:  # no three connected clearings are free: any free one
            return advanced.homeland_options(g, s, g.clearings(), 1, False, advanced.APART)
        return [("homeland", c) for c in advanced.spaced(g, s, members, advanced.APART)]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        s: int = st[1]
        c: int = o[1]
        advanced.add_homeland(g, s, c)
        g.place_token(s, "keep", c)


class Homeland(Handler):
    """Setup card (A.8.2): another homeland, the three connected."""

    name = "marquise.homeland"
    kind = "setup_homeland"
    rule = "A.8.2"
    prompt = "Choose another homeland (the three connected)"

    def options(self, g: Game, st: Step) -> list[Option]:
        s: int = st[1]
        mine = advanced.adv_of(g).homelands[s]
        out: list[int] = []
        for trio in homeland_trios(g, s):
            if all(c in trio for c in mine):
                for c in trio:
                    if c not in mine and c not in out:
                        out.append(c)
        out.sort()
        return [("homeland", c) for c in out] or [("done",)]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        if o[0] == "homeland":
            advanced.add_homeland(g, st[1], o[1])


class Garrison(Handler):
    """Setup card (A.8.2): a warrior in every clearing, two in each homeland."""

    name = "marquise.garrison"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        s: int = st[1]
        mine = advanced.adv_of(g).homelands[s]
        for c in g.clearings():
            if g.may_place(s, c):
                g.place_warriors(s, c, 2 if c in mine else 1)


class HomelandBuilding(Handler):
    """Setup card (A.8.2): a sawmill, a workshop and a recruiter, each in a different
    homeland."""

    name = "marquise.homeland_building"
    kind = "setup_building"
    rule = "A.8.2"

    def describe(self, g: Game, st: Step) -> str:
        return f"Place your starting {st[2]} in a homeland"

    def options(self, g: Game, st: Step) -> list[Option]:
        s: int = st[1]
        out: list[Option] = []
        for c in advanced.adv_of(g).homelands[s]:
            if g.open_slots(c) > 0 and not any(p[0] == s for p in g.buildings[c]):
                out.append(("place", st[2], c))
        return out or [("done",)]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        if o[0] == "place":
            g.place_building(st[1], o[1], o[2])


# ---------------------------------------------------------------- birdsong
class PlaceWood(Handler):
    """6.4 One wood at each sawmill; if wood runs short, the Marquise picks (1.5.4)."""

    name = "marquise.wood"
    kind = "place_wood"
    rule = "6.4"
    prompt = "Wood is short: choose a sawmill to receive wood"

    def options(self, g: Game, st: Step) -> list[Option]:
        s, served = st[1], list(st[2])
        todo = placeable(g, s, "sawmill")
        for c in served:
            todo.remove(c)
        left = wood_supply(g, s)
        if not todo or not left:
            return [("done",)]
        if left >= len(todo):
            return [("wood", 0)]  # enough for all: no choice
        return [("wood", c) for c in distinct_ints(todo)]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        if o[0] == "done":
            return
        s: int = st[1]
        if o[1] == 0:
            for c in placeable(g, s, "sawmill"):
                g.place_token(s, "wood", c)
            return
        g.place_token(s, "wood", o[1])
        g.push(("marquise.wood", s, st[2] + (o[1],)))


def any_placeable(g: Game, s: int, kind: str) -> bool:
    """Whether s may place pieces at any of its buildings of ``kind`` (13.7.2 Snare)."""
    for c in g.piece_clearings(s, kind):
        if g.may_place(s, c):
            return True
    return False


def placeable(g: Game, s: int, kind: str) -> list[int]:
    """Clearings of s's buildings of ``kind`` (one per building) where s may place
    pieces (13.7.2 Snare: wood, warriors)."""
    out = g.buildings_of(s, kind)
    if not g.placement_limited(s):
        return out
    return [c for c in out if g.may_place(s, c)]


# ---------------------------------------------------------------- daylight
def _ruled_groups(g: Game, s: int) -> dict[int, int]:
    """Clearing -> id of its group of connected clearings s rules (6.5.4.II)."""
    group: dict[int, int] = {}
    adj = g.adj  # the map's paths now (C.3.2); not rivers or Tunnels (rulings.md)
    ruler = g.rulers()
    # the set's order is the groups' order (and so the options'); flags by clearing
    # answer "ruled?" and "grouped?" without hashing
    ruled = {c for c in g.clearings() if ruler[c] == s}
    is_ruled = [False] * len(ruler)
    for c in ruled:
        is_ruled[c] = True
    grouped = [False] * len(ruler)
    for c in ruled:
        if grouped[c]:
            continue
        grouped[c] = True
        group[c] = c
        todo = [c]
        while todo:
            x = todo.pop()
            for y in adj[x]:
                if is_ruled[y] and not grouped[y]:
                    grouped[y] = True
                    group[y] = c
                    todo.append(y)
    return group


def wood_at(g: Game, s: int) -> list[int]:
    """s's wood by clearing (from the piece index: no scan of the map)."""
    wood = [0] * len(g.tokens)
    for c in g.piece_clearings(s, "wood"):
        wood[c] = wood[c] + 1
    return wood


def _wood_by_group(g: Game, s: int, group: dict[int, int]) -> dict[int, int]:
    wood: dict[int, int] = {}
    at = wood_at(g, s)
    for c, root in group.items():
        n = at[c]
        if n:
            wood[root] = wood.get(root, 0) + n
    return wood


def _cheapest(g: Game, s: int) -> int | None:
    """The wood cost of the cheapest building left on the tracks (6.5.4.II)."""
    best = -1
    for kind in KINDS:
        n = g.count_building(s, kind)
        if n < len(COST) and (best < 0 or COST[n] < best):
            best = COST[n]
    return best if best >= 0 else None


def can_build(g: Game, s: int) -> bool:
    """Whether the Build action (6.5.4) has any target, without listing them: some
    group of connected ruled clearings with an open slot and wood for the cheapest
    building left, searched from the clearings holding wood."""
    cheapest = _cheapest(g, s)
    if cheapest is None or cheapest > g.count_token(s, "wood"):
        return False  # no building left, or not enough wood anywhere
    ruler = g.rulers()
    limited = g.placement_limited(s)
    if cheapest == 0:
        for c in g.clearings():
            if ruler[c] == s and g.open_slots(c) > 0 and (not limited or g.may_place(s, c)):
                return True
        return False
    adj = g.adj
    at = wood_at(g, s)
    seen = [False] * len(at)
    for start in g.piece_clearings(s, "wood"):
        if seen[start] or ruler[start] != s:
            continue
        seen[start] = True
        todo = [start]
        wood = 0
        slot = False
        while todo:
            x = todo.pop()
            wood += at[x]
            slot = slot or g.open_slots(x) > 0 and (not limited or g.may_place(s, x))
            for y in adj[x]:
                if not seen[y] and ruler[y] == s:
                    seen[y] = True
                    todo.append(y)
        if slot and wood >= cheapest:
            return True
    return False


def build_options(g: Game, s: int) -> list[Option]:
    """6.5.4.I: a clearing you rule, an open slot, a building left, wood to pay."""
    cheapest = _cheapest(g, s)
    if cheapest is None or cheapest > g.count_token(s, "wood"):
        return []
    group = _ruled_groups(g, s)
    if not group:
        return []
    wood = _wood_by_group(g, s, group)
    # an open slot, and no rule against placing there (13.7.2 Snare)
    sites = [(c, root) for c, root in group.items() if g.open_slots(c) > 0 and g.may_place(s, c)]
    out: list[Option] = []
    for kind in KINDS:
        placed = g.count_building(s, kind)
        if placed >= BUILDINGS_PER_KIND:
            continue
        cost = COST[placed]
        for c, root in sites:
            if wood.get(root, 0) >= cost:
                out.append(("build", kind, c))
    return out


def can_overwork(g: Game, s: int) -> bool:
    """Whether Overwork (6.5.5) has any target, without listing them."""
    if not wood_supply(g, s) or not g.hands[s]:
        return False
    for c in g.piece_clearings(s, "sawmill"):
        if g.cards_matching_clearing(s, c) and g.may_place(s, c):
            return True
    return False


def overwork_options(g: Game, s: int) -> list[Option]:
    """6.5.5: spend a card matching a sawmill's clearing to place wood there."""
    if not wood_supply(g, s) or not g.hands[s]:
        return []
    out: list[Option] = []
    for c in distinct_ints(placeable(g, s, "sawmill")):
        for card in g.cards_matching_clearing(s, c):
            out.append(("overwork", c, card))
    return out


class Actions(Handler):
    """6.5: up to three actions, plus one per bird card spent. Args: (seat, actions left).

    The action is chosen first, then its details (a short sequence of decisions);
    an action is offered only when it can be taken.
    """

    name = "marquise.actions"
    kind = "action"
    rule = "6.5"

    def describe(self, g: Game, st: Step) -> str:
        return f"Marquise Daylight: choose an action ({st[2]} left)"

    def options(self, g: Game, st: Step) -> list[Option]:
        s, left = st[1], st[2]
        out = daylight_extras(g, s)
        if left > 0:
            if can_battle(g, s):
                out.append(("action", "battle"))
            if can_move(g, s):
                out.append(("action", "march"))
            if "recruit" not in g.once and g.warrior_supply(s) and any_placeable(g, s, "recruiter"):
                out.append(("action", "recruit"))
            if can_build(g, s):
                out.append(("action", "build"))
            if can_overwork(g, s):
                out.append(("action", "overwork"))
        birds: list[str] = []
        cards = g.deckdef.cards
        for cid in g.hands[s]:
            if cards[cid].suit == "bird":
                birds.append(cid)
        for cid in distinct(birds):
            out.append(("bird", cid))
        out.append(("end",))
        return out

    def apply(self, g: Game, st: Step, o: Option) -> None:
        s, left = st[1], st[2]
        verb: str = o[0]
        if verb == "end":
            return
        if took_daylight_extra(g, st, o):
            return
        if verb == "bird":  # an extra action, not itself an action
            g.spend(s, o[1])
            g.push(("marquise.actions", s, left + 1))
            return
        nxt = ("marquise.actions", s, left - 1)
        if o[1] == "recruit":  # 6.5.3 once per turn
            g.once = g.once | {"recruit"}
            g.push(("marquise.recruit", s, ()), nxt)
        elif o[1] == "march":  # 6.5.2 up to two moves
            g.push(("marquise.march", s, 1), nxt)
        else:
            g.push((f"marquise.{o[1]}", s), nxt)


class Battle(Handler):
    """6.5.1 Battle: initiate a battle."""

    name = "marquise.battle"
    kind = "battle"
    rule = "6.5.1"
    prompt = "Battle: choose the clearing and the defender"

    def options(self, g: Game, st: Step) -> list[Option]:
        return battle_options(g, st[1])

    def apply(self, g: Game, st: Step, o: Option) -> None:
        start_battle(g, st[1], o[1], g.seat_of(o[2]))


class March(Handler):
    """6.5.2 March: take up to two moves. Args: (seat, 1 for the first move)."""

    name = "marquise.march"
    kind = "move"
    rule = "6.5.2"

    def describe(self, g: Game, st: Step) -> str:
        return "March: first move" if st[2] else "March: take a second move?"

    def options(self, g: Game, st: Step) -> list[Option]:
        moves = move_options(g, st[1])
        return moves if st[2] else moves + [("end_march",)]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        if o[0] == "move" or o[0] == "ferry":
            if st[2]:
                g.push(move_step(st[1], o), ("marquise.march", st[1], 0))
            else:
                g.push(move_step(st[1], o))


class Build(Handler):
    """6.5.4 Build: choose a clearing you rule and a building (6.5.4.I)."""

    name = "marquise.build"
    kind = "build"
    rule = "6.5.4"
    prompt = "Build: choose the building and the clearing"

    def options(self, g: Game, st: Step) -> list[Option]:
        return build_options(g, st[1])

    def apply(self, g: Game, st: Step, o: Option) -> None:
        s, kind, c = st[1], o[1], o[2]
        cost = COST[g.count_building(s, kind)]
        # 6.5.4.II: the clearings the wood may come from are those connected to the
        # chosen clearing through clearings she rules when she chooses it (6.5.4.I):
        # paying can cost her rule (Soup Kitchens), not the choice (rulings.md)
        group = _ruled_groups(g, s)
        root = group[c]
        sources = tuple(sorted(x for x, r in group.items() if r == root))
        g.push(("marquise.pay_wood", s, c, cost, sources), ("marquise.place", s, kind, c))


class Overwork(Handler):
    """6.5.5 Overwork: spend a card matching a sawmill's clearing; place wood there."""

    name = "marquise.overwork"
    kind = "overwork"
    rule = "6.5.5"
    prompt = "Overwork: choose the sawmill and the card"

    def options(self, g: Game, st: Step) -> list[Option]:
        return overwork_options(g, st[1])

    def apply(self, g: Game, st: Step, o: Option) -> None:
        g.spend(st[1], o[2])
        g.place_token(st[1], "wood", o[1])


class Recruit(Handler):
    """6.5.3: one warrior at each recruiter; if warriors run short, the Marquise picks."""

    name = "marquise.recruit"
    kind = "recruit"
    rule = "6.5.3"
    prompt = "Warriors are short: choose a recruiter to receive a warrior"

    def options(self, g: Game, st: Step) -> list[Option]:
        s: int = st[1]
        todo = placeable(g, s, "recruiter")
        for c in st[2]:
            todo.remove(c)
        left = g.warrior_supply(s)
        if not todo or not left:
            return [("done",)]
        if left >= len(todo):
            return [("recruit_at", 0)]
        return [("recruit_at", c) for c in distinct_ints(todo)]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        if o[0] == "done":
            return
        s: int = st[1]
        if o[1] == 0:
            todo = placeable(g, s, "recruiter")
            for c in st[2]:
                todo.remove(c)
            for c in todo:
                g.place_warriors(s, c, 1)
            return
        g.place_warriors(s, o[1], 1)
        g.push(("marquise.recruit", s, st[2] + (o[1],)))


class PayWood(Handler):
    """6.5.4.II: remove wood from the clearing or clearings connected to it through
    clearings you rule, as they were when the clearing was chosen (``Build``). Args:
    (seat, clearing, wood still owed, the clearings the wood may come from)."""

    name = "marquise.pay_wood"
    kind = "pay_wood"
    rule = "6.5.4.II"
    prompt = "Choose a clearing to take wood from"

    def options(self, g: Game, st: Step) -> list[Option]:
        s: int = st[1]
        owed: int = st[3]
        if owed <= 0:
            return [("done",)]
        at = wood_at(g, s)
        sources: list[int] = []
        total = 0
        for x in st[4]:
            if at[x]:
                sources.append(x)
                total += at[x]
        if total == owed:
            return [("pay_wood", 0)]  # all of it goes: no choice
        return [("pay_wood", x) for x in sources]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        if o[0] == "done":
            return
        s: int = st[1]
        if o[1] == 0:
            for x in st[4]:
                while (s, "wood") in g.tokens[x]:
                    g.take_piece(x, (s, "wood"))
            return
        g.take_piece(o[1], (s, "wood"))
        g.push(("marquise.pay_wood", s, st[2], st[3] - 1, st[4]))


class PlaceBuilding(Handler):
    """6.5.4.III: place the building and score the uncovered space."""

    name = "marquise.place"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        s, kind, c = st[1], st[2], st[3]
        placed = g.count_building(s, kind)
        g.place_building(s, kind, c)
        g.score(s, VP[kind][placed], "build")


# ----------------------------------------------------------------- evening
class Evening(Handler):
    """6.6: draw one card plus one per uncovered draw bonus."""

    name = "marquise.evening"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        s: int = st[1]
        recruiters = g.count_building(s, "recruiter")
        n = 1
        for at in DRAW_BONUS_AT:
            if recruiters >= at:
                n += 1
        draw_cards(g, s, n)


# ------------------------------------------------------------ field hospitals
class FieldHospitals(Handler):
    """6.2.3: spend a card matching the clearing to place the removed warriors at the keep."""

    name = "marquise.field_hospitals"
    kind = "field_hospitals"
    rule = "6.2.3"

    def describe(self, g: Game, st: Step) -> str:
        return f"Field Hospitals: {st[3]} warrior(s) removed from {st[2]}; spend a card?"

    def options(self, g: Game, st: Step) -> list[Option]:
        s, c = st[1], st[2]
        keep = keep_clearing(g, s)
        if not keep or not g.may_place(s, keep):  # 13.7.2: a snare in the keep's clearing
            return [("decline",)]
        return [("field_hospitals", x) for x in g.cards_matching_clearing(s, c)] + [
            ("decline",)]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        if o[0] == "decline":
            return
        s, n = st[1], st[3]
        g.spend(s, o[1])
        reclaim_removed(g, s, n)  # they never reach the supply (nor Coffin Makers)
        g.place_warriors(s, keep_clearing(g, s), n)


register_steps(
    PlaceKeep(), StartBuilding(), HomelandKeep(), Homeland(), Garrison(), HomelandBuilding(),
    PlaceWood(), Actions(), Battle(), March(), Build(), Overwork(), Recruit(), PayWood(),
    PlaceBuilding(), Evening(), FieldHospitals(),
)
