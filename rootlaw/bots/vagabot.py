"""Vagabot (Law of Rootbotics, section 7) with the Thief, Tinker and Ranger (7.7).

The Vagabot treats all items as identical (7.2.3), so its items are counts by
place and side: face up ("ready") and face down ("exhausted") in the Satchel, the
Battle Track (a tuple of sides, left to right), and the Damaged box (face up or
face down). The item types are kept only so that items stay conserved.

Every step is automatic (a bot never asks for a decision); its random choices go
through the game's RNG. Difficulty and trait cards (3.3): docs/rootbotics_vagabot.md.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Final

from rootlaw.bots.base import (
    BotDef,
    battle_legal,
    craft_order,
    difficulty,
    foes_pieces,
    has_trait,
    pieces_of,
    priority_rank,
    targets,
)
from rootlaw.core.battle import hits_step, hits_taken, settle, start_battle
from rootlaw.core.cards_ep import crafted_item_left
from rootlaw.core.catalog import load_json
from rootlaw.core.faction_api import NO_STEPS, FactionState, register
from rootlaw.core.game import FOREST, RUIN, Game
from rootlaw.core.hired import hirelings_after_move
from rootlaw.core.landmarks import forge_items_for
from rootlaw.core.maps import ferry_available, move_table, take_ferry
from rootlaw.core.options import text_form
from rootlaw.core.steps import Handler, Step, register_steps
from rootlaw.factions.vagabond import QUESTS, RUIN_ITEMS, adjacent_places, place_name

if TYPE_CHECKING:
    from rootlaw.core.battle import Battle

ME: Final = "vagabot"
_D: Final = load_json("vagabot.json")
CHARACTERS: Final[dict[str, tuple[str, ...]]] = {
    k: tuple(v["starting_items"]) for k, v in _D["characters"].items()}
TRACK: Final = tuple(int(x) for x in _D["battle_track"])  # 7.2.4: 6th, 9th, 12th item
BASE_MAX_HITS: Final = int(_D["base_max_hits"])
SLIP_AT: Final = int(_D["slip_at_most_undamaged"])  # 7.4.3
RANGER_AT: Final = int(_D["ranger_slip_at_least_damaged"])  # 7.7.3
REFRESH_DAMAGED: Final = int(_D["refresh"]["with_damaged"])  # 7.6.1
REFRESH_CLEAN: Final = int(_D["refresh"]["without_damaged"])
EVENING_REPAIR: Final = int(_D["evening_repair_outside_forest"])  # 7.6.2
ACTIONS: Final[dict[str, tuple[str, ...]]] = {k: tuple(v) for k, v in _D["actions"].items()}  # 7.5
COST: Final[dict[str, int]] = {k: int(v) for k, v in _D["costs"].items()}
DIFFICULTY: Final[dict[str, dict[str, int]]] = _D["difficulty"]
TRAITS: Final[tuple[str, ...]] = tuple(_D["traits"])
BERSERKER_REPAIR: Final = int(_D["berserker_extra_repair"])
HELPER_MULT: Final = int(_D["helper_aid_multiplier"])

text_form("vagabot_damage", "damage an item (Vagabot, Rootbotics 7.2.5)")


class VagabotState(FactionState):
    __slots__ = ("character", "ready", "exhausted", "track", "dmg_up", "dmg_down", "kinds",
                 "order", "quests_done", "slipped", "removed")

    def __init__(self) -> None:
        self.character = ""
        self.ready = 0  # face up in the Satchel
        self.exhausted = 0  # face down in the Satchel
        self.track: tuple[bool, ...] = ()  # Battle Track, left to right: face up?
        self.dmg_up = 0  # Damaged box, face up
        self.dmg_down = 0  # Damaged box, face down
        self.kinds: tuple[str, ...] = ()  # the item types held (for conservation only)
        self.order: str | None = None  # the current order card (2.7)
        self.quests_done: tuple[str, ...] = ()  # discarded quests (7.5.2)
        self.slipped = False  # 7.4.3: skip this Daylight
        self.removed = 0  # enemy warriors removed in the battle under way (7.5.4)

    def copy(self) -> VagabotState:
        v = VagabotState()
        v.character = self.character
        v.ready = self.ready
        v.exhausted = self.exhausted
        v.track = self.track
        v.dmg_up = self.dmg_up
        v.dmg_down = self.dmg_down
        v.kinds = self.kinds
        v.order = self.order
        v.quests_done = self.quests_done
        v.slipped = self.slipped
        v.removed = self.removed
        return v

    def to_json(self) -> dict[str, Any]:
        return {"character": self.character, "ready": self.ready, "exhausted": self.exhausted,
                "track": list(self.track), "dmg_up": self.dmg_up, "dmg_down": self.dmg_down,
                "kinds": list(self.kinds), "order": self.order,
                "quests_done": list(self.quests_done), "slipped": self.slipped,
                "removed": self.removed}

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> VagabotState:
        v = cls()
        v.character = str(d["character"])
        v.ready, v.exhausted = int(d["ready"]), int(d["exhausted"])
        v.track = tuple(bool(x) for x in d["track"])
        v.dmg_up, v.dmg_down = int(d["dmg_up"]), int(d["dmg_down"])
        v.kinds = tuple(str(x) for x in d["kinds"])
        v.order = None if d["order"] is None else str(d["order"])
        v.quests_done = tuple(str(x) for x in d["quests_done"])
        v.slipped = bool(d["slipped"])
        v.removed = int(d["removed"])
        if min(v.ready, v.exhausted, v.dmg_up, v.dmg_down) < 0 or len(v.kinds) != held(v):
            raise ValueError("Vagabot items do not add up")
        return v


def vb(g: Game, s: int) -> VagabotState:
    fs = g.fstate[s]
    assert isinstance(fs, VagabotState)
    return fs


# ------------------------------------------------------------------ items (7.2.3-7.2.5)
def undamaged(v: VagabotState) -> int:
    return v.ready + v.exhausted + len(v.track)


def damaged(v: VagabotState) -> int:
    return v.dmg_up + v.dmg_down


def held(v: VagabotState) -> int:
    return undamaged(v) + damaged(v)


def track_size(undamaged_items: int) -> int:
    """7.2.4: one, two or three items on the Battle Track at six, nine, twelve."""
    return sum(1 for t in TRACK if undamaged_items >= t)


def balance(v: VagabotState) -> None:
    """7.2.4: fill the Battle Track left to right, exhausted items before unexhausted;
    when too few undamaged items remain, the rightmost returns to the Satchel (on its
    side)."""
    want = track_size(undamaged(v))
    while len(v.track) > want:
        up = v.track[-1]
        v.track = v.track[:-1]
        if up:
            v.ready += 1
        else:
            v.exhausted += 1
    while len(v.track) < want:
        if v.exhausted:
            v.exhausted -= 1
            v.track += (False,)
        else:
            v.ready -= 1
            v.track += (True,)


def gain(v: VagabotState, kind: str) -> None:
    """7.2.3: gained items go face up into the Satchel (then the track, 7.2.4)."""
    v.kinds += (kind,)
    v.ready += 1
    balance(v)


def exhaust(v: VagabotState, n: int) -> None:
    """7.2.3: exhaust undamaged Satchel items (never those on the track, 7.2.4)."""
    if n > v.ready:
        raise ValueError(f"cannot exhaust {n} items with {v.ready} ready")
    v.ready -= n
    v.exhausted += n


def _pop_track(v: VagabotState, up: bool) -> bool:
    for i in range(len(v.track) - 1, -1, -1):
        if v.track[i] == up:
            v.track = v.track[:i] + v.track[i + 1:]
            return True
    return False


def damage_one(v: VagabotState) -> bool:
    """7.2.5: damage an exhausted item, or an unexhausted one if none is exhausted
    (Satchel before track); False if nothing is left to damage."""
    if v.exhausted:
        v.exhausted -= 1
        v.dmg_down += 1
    elif _pop_track(v, False):
        v.dmg_down += 1
    elif v.ready:
        v.ready -= 1
        v.dmg_up += 1
    elif _pop_track(v, True):
        v.dmg_up += 1
    else:
        return False
    balance(v)
    return True


def repair_one(v: VagabotState) -> bool:
    """7.5.5, 7.6.2: repair unexhausted before exhausted; it keeps its side."""
    if v.dmg_up:
        v.dmg_up -= 1
        v.ready += 1
    elif v.dmg_down:
        v.dmg_down -= 1
        v.exhausted += 1
    else:
        return False
    balance(v)
    return True


def refresh(v: VagabotState, n: int) -> None:
    """7.6.1: flip up to n exhausted undamaged items face up (Satchel first)."""
    k = min(max(0, n), v.exhausted)
    v.exhausted -= k
    v.ready += k
    left = n - k
    track = list(v.track)
    for i in range(len(track) - 1, -1, -1):
        if left <= 0:
            break
        if not track[i]:
            track[i] = True
            left -= 1
    v.track = tuple(track)


def max_rolled_hits(v: VagabotState) -> int:
    """7.2.4: one, plus one each for the sixth and ninth items."""
    return BASE_MAX_HITS + min(2, len(v.track))


# ---------------------------------------------------------------- the map (7.5)
def clearing_of(g: Game, s: int) -> int:
    """The Vagabot's clearing, or 0 in a forest."""
    p = g.pawn[s]
    return p if 0 < p < FOREST else 0


def distances(g: Game, s: int) -> dict[int, int]:
    """7.5: moves (one item each) from the pawn to every clearing it can reach;
    7.2.2 Nimble: rule does not matter, only rules that forbid moving in."""
    return {c: d for c, (d, _) in routes(g, s).items()}


def routes(g: Game, s: int) -> dict[int, tuple[int, int]]:
    """Clearing -> (moves from the pawn, where the Ferry took him on the way or 0): the
    shortest ways, along the map's links now (closed paths are not, C.3.2) and by the
    Ferry (C.2.5: once per turn, from its clearing to another coastal one; a way
    without it is preferred at equal length). In the order they were found."""
    dist, via, order = ways(g, s)
    return {c: (dist[c], via[c]) for c in order}


def ways(g: Game, s: int) -> tuple[list[int], list[int], list[int]]:
    """``routes`` as lists by clearing: the moves (-1: out of reach), the Ferry's
    clearing on the way (0: none), and the clearings in the order they were found."""
    links = move_table(g, s)  # core.maps.move_links, for every clearing at once
    size = len(links)
    dist = [-1] * size
    via = [0] * size
    order: list[int] = []
    p = g.pawn[s]
    frontier: list[int] = []
    if 0 < p < FOREST:
        dist[p] = 0
        order.append(p)
        frontier = [p]
    elif p >= FOREST:
        for c in g.board.forests[p - FOREST][1]:
            if dist[c] < 0 and g.may_move(s, p, c):
                dist[c] = 1
                order.append(c)
                frontier.append(c)
    ferry = g.ferry if ferry_available(g) else 0
    coastal = g.board.coastal
    limited = g.movement_limited()  # else may_move is always true
    while frontier:
        nxt: list[int] = []
        for a in frontier:
            d = dist[a] + 1
            for b in links[a]:
                if dist[b] < 0 and (not limited or g.may_move(s, a, b)):
                    dist[b] = d
                    via[b] = via[a]
                    order.append(b)
                    nxt.append(b)
        for a in frontier:
            if a == ferry and not via[a]:
                for b in coastal:
                    if dist[b] < 0 and (not limited or g.may_move(s, a, b)):
                        dist[b] = dist[a] + 1
                        via[b] = b
                        order.append(b)
                        nxt.append(b)
        frontier = nxt
    return dist, via, order


def go_to_first(g: Game, s: int, ranked: Iterable[int]) -> int | None:
    """7.5 with 2.3: move to the first clearing of the ranked targets that the
    Vagabot can reach, exhausting one item per move (the fewest: a shortest path).
    He moves even if no item is left for the action itself. None if none is reachable.
    (2.4 orders moves by origin clearing; the Vagabot moves one pawn, so his moves
    never need ordering.)"""
    v = vb(g, s)
    dist, via, _ = ways(g, s)
    for c in ranked:
        d = dist[c] if 0 <= c < len(dist) else -1
        if d < 0 or d * COST["move"] > v.ready:
            continue  # 2.3: not a legal target; try the next one
        ferried = via[c]
        if d:
            exhaust(v, d * COST["move"])
            src = g.ferry
            before = g.pawn[s]
            g.pawn[s] = c
            g.pieces_changed()
            if g.hire is not None and g.hire.watches_moves:  # Highway Bandits, the Bands
                g.push_all(list(hirelings_after_move(g, s, s, before, c, 0)))
            g.note("vagabot", "move", c, d)
            if ferried:  # the Ferry went along (C.2.5); a bot draws nothing (2.8.1)
                take_ferry(g, s, src, ferried)
        return c
    return None


def nearest(g: Game, s: int, clearings: Iterable[int], *ties: Callable[[int], Any]) -> list[int]:
    """Clearings ordered as targets: nearest first (7.5), then each tie-breaker
    (smaller first), then clearing priority (2.1: 1 highest)."""
    dist = ways(g, s)[0]  # ``distances``
    far = len(g.board.clearings) + 1
    keyed: list[tuple[Any, ...]] = []
    for c in clearings:
        d = dist[c] if 0 <= c < len(dist) else -1
        key: list[Any] = [d if d >= 0 else far]
        for t in ties:
            key.append(t(c))
        key.append(c)
        keyed.append(tuple(key))
    keyed.sort()  # each key ends with its clearing: the order ``sorted`` by key gives
    return [k[-1] for k in keyed]


def buildings_tokens(g: Game, t: int, c: int) -> int:
    return len(g.faction_pieces(t, c))


def adjacent_forests(g: Game, s: int) -> list[int]:
    return [p for p in adjacent_places(g, g.pawn[s]) if p >= FOREST]


def slip_to_forest(g: Game, s: int) -> None:
    """Move into a random adjacent forest (7.4.3, 7.7.3)."""
    forests = adjacent_forests(g, s)
    if not forests:
        return
    i = g.random_index("vagabot_forest", len(forests)) if len(forests) > 1 else 0
    g.pawn[s] = forests[i]
    g.pieces_changed()
    g.note("vagabot", "slip", place_name(g, forests[i]))


# ----------------------------------------------------------- the faction
class Vagabot(BotDef):
    id = ME
    name = "Vagabot"
    setup_order = "D"
    reach = 5
    replaces = "vagabond"  # 3.2
    traits: ClassVar[tuple[str, ...]] = TRAITS  # 3.3.2
    setup_choices: ClassVar[dict[str, tuple[str, ...]]] = {
        "character": tuple(sorted(CHARACTERS))}  # 7.3.1 (new_game's bot_setup)

    def new_state(self) -> FactionState:
        return VagabotState()

    def state_from_json(self, data: dict[str, Any]) -> FactionState:
        return VagabotState.from_json(data)

    def setup_steps(self, g: Game, s: int) -> list[Step]:
        return [("vagabot.setup", s)]

    def phase_steps(self, g: Game, s: int, phase: str) -> list[Step]:
        if phase == "birdsong":  # 7.4
            return [("vagabot.reveal", s), ("bot.craft_order", s), ("vagabot.slip", s)]
        if phase == "daylight":  # 7.5
            return [("vagabot.daylight", s)]
        return [("vagabot.evening", s), ("bot.discard_order", s), ("vagabot.evening_end", s)]

    def gain_crafted_item(self, g: Game, s: int, item: str) -> None:
        gain(vb(g, s), item)  # 7.2.3: into the Satchel, face up

    # battle (7.2.4, 7.2.5; Defenseless stays 4.3.3.II: the pawn is not a warrior, 7.2.1)
    def battle_max_hits(self, g: Game, s: int, b: Battle, attacker: bool) -> int:
        return max_rolled_hits(vb(g, s))

    def battle_extra_hits(self, g: Game, s: int, b: Battle, attacker: bool) -> int:
        return 1 if attacker and len(vb(g, s).track) >= len(TRACK) else 0  # 7.2.4 12th item

    def hit_choices(self, g: Game, s: int, b: Battle | None, c: int) -> list[Any] | None:
        v = vb(g, s)
        return [("vagabot_damage",)] if undamaged(v) else []

    def take_hit(self, g: Game, s: int, b: Battle | None, c: int, choice: Any) -> str | None:
        damage_one(vb(g, s))  # 7.2.5
        return None

    def battle_before_roll(self, g: Game, s: int, b: Battle) -> Sequence[Step]:
        """Marksman (trait card): as attacker, deal an immediate hit before the roll."""
        if b.att == s and has_trait(g, s, "marksman"):
            # a hit the defender takes: its ignore-the-first-hit rules apply (14.7.7, 15.2.4)
            hits = hits_taken(g, b, b.dfd, 1)
            return [hits_step(b, b.dfd, s, hits), ("vagabot.marksman_settle", s)]
        return NO_STEPS

    def on_removes(self, g: Game, s: int, owner: int, c: int, warriors: int, pieces: int,
                   in_battle: bool) -> None:
        if in_battle:
            vb(g, s).removed += warriors  # scored when the battle ends (7.5.4)

    def battle_ended(self, g: Game, s: int, b: Battle) -> None:
        """7.5.4: one VP per enemy warrior removed, only as the attacker."""
        v = vb(g, s)
        if b.att == s and v.removed:
            g.score(s, v.removed, "battle_warriors")
        v.removed = 0

    def on_full_removal(self, g: Game, s: int, c: int, by: int) -> Sequence[Step]:
        return [("vagabot.damage", s, 3)]  # 7.2.1.I

    def cards_held(self, g: Game, s: int) -> list[str]:
        order = vb(g, s).order
        return [order] if order else []

    def view(self, g: Game, s: int, viewer: int | None) -> dict[str, Any]:
        v = vb(g, s)
        return {
            "character": v.character,
            "pawn": place_name(g, g.pawn[s]) if g.pawn[s] else None,
            "satchel": {"ready": v.ready, "exhausted": v.exhausted},
            "battle_track": ["face up" if up else "face down" for up in v.track],
            "damaged": {"face up": v.dmg_up, "face down": v.dmg_down},
            "items": sorted(v.kinds),
            "max_rolled_hits": max_rolled_hits(v),
            "order": v.order,
            "quest": g.quests[0] if g.quests else None,
            "quests_completed": list(v.quests_done),
            "difficulty": difficulty(g, s),
            "traits": [t for t in TRAITS if has_trait(g, s, t)],
        }


register(Vagabot())


# ------------------------------------------------------------------ setup (7.3)
class Setup(Handler):
    """7.3 Faction setup: character, pawn, quest, ruins, starting items."""

    name = "vagabot.setup"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        s: int = st[1]
        v = vb(g, s)
        # 7.3.1 Choose character: the setup's choice (new_game's bot_setup), else random
        chosen = g.setup.get("bot_setup", {}).get(g.factions[s], {}).get("character")
        names = sorted(CHARACTERS)
        if chosen not in CHARACTERS:
            chosen = names[g.random_index("vagabot_character", len(names))]
        v.character = str(chosen)
        # 7.3.2 Place pawn: the forest adjacent to the most clearings, random among ties
        forests = g.board.forests
        most = max(len(cl) for _, cl in forests)
        tied = [i for i, (_, cl) in enumerate(forests) if len(cl) == most]
        i = tied[g.random_index("vagabot_forest", len(tied))] if len(tied) > 1 else tied[0]
        g.pawn[s] = FOREST + i
        # 7.3.3 Get quests: shuffle the quest deck, draw one, face up
        g.quest_deck = g.shuffle("quests", list(QUESTS))
        g.quests = [g.quest_deck.pop()]
        # 7.3.4 Populate ruins: one "R" item beneath each ruin
        ruins = [c for c in g.clearings() if (RUIN, "ruin") in g.buildings[c]]
        pool = g.shuffle("ruin_items", list(RUIN_ITEMS))
        per = len(pool) // max(1, len(ruins))
        for k, c in enumerate(ruins):
            g.ruin_items[c] = tuple(pool[k * per:(k + 1) * per])
        # 7.3.5 Starting items (7.7.2: the Tinker has one fewer), face up
        for kind in CHARACTERS[v.character]:
            gain(v, kind)


# --------------------------------------------------------------- birdsong (7.4)
class Reveal(Handler):
    """7.4.1 Reveal order: draw and reveal an order card (2.7)."""

    name = "vagabot.reveal"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        v = vb(g, st[1])
        v.slipped = False
        v.order = g.draw_card()
        g.note("order", ME, v.order)


class Slip(Handler):
    """7.4.3 Slip: with two or fewer undamaged items, move into a random adjacent
    forest, then skip Daylight."""

    name = "vagabot.slip"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        s: int = st[1]
        v = vb(g, s)
        if undamaged(v) <= SLIP_AT:
            slip_to_forest(g, s)
            v.slipped = True


# --------------------------------------------------------------- daylight (7.5)
class Daylight(Handler):
    """7.5: the order card's suit gives the actions, in order (I-IV); Adventurer
    (trait card) adds repeated quests at the end of Daylight."""

    name = "vagabot.daylight"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        g.push_all(list(daylight_steps(g, st[1])))


def daylight_steps(g: Game, s: int) -> list[Step]:
    v = vb(g, s)
    if v.slipped or v.order is None:
        return []
    steps: list[Step] = [(f"vagabot.{a}", s) for a in ACTIONS[g.suit_of(v.order)]]
    if has_trait(g, s, "adventurer"):
        steps.append(("vagabot.quest_repeat", s))
    return steps


class Explore(Handler):
    """7.5.1 Explore: move to the nearest ruin, exhaust one item, take a random item
    from under it (no VP); remove the ruin once empty."""

    name = "vagabot.explore"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        s: int = st[1]
        v = vb(g, s)
        ruins = [c for c in g.clearings() if g.ruin_items[c]]
        c = go_to_first(g, s, nearest(g, s, ruins))
        if c is None or v.ready < COST["explore"]:
            return
        exhaust(v, COST["explore"])
        items = list(g.ruin_items[c])
        i = g.random_index("vagabot_ruin_item", len(items)) if len(items) > 1 else 0
        item = items.pop(i)
        g.ruin_items[c] = tuple(items)
        gain(v, item)
        g.note("vagabot", "explore", c, item)
        if not items and (RUIN, "ruin") in g.buildings[c]:
            g.take_piece(c, (RUIN, "ruin"))


def do_quest(g: Game, s: int) -> bool:
    """7.5.2 Quest: move to the nearest clearing matching the quest, exhaust two items
    (ignoring the listed items), discard it, score one VP (ignoring its text), draw a
    new one."""
    v = vb(g, s)
    if not g.quests:
        return False
    suit = QUESTS[g.quests[0]][0]
    c = go_to_first(g, s, nearest(g, s, [x for x in g.clearings() if g.suit_match(x, suit)]))
    if c is None or v.ready < COST["quest"]:
        return False
    exhaust(v, COST["quest"])
    q = g.quests.pop(0)
    v.quests_done += (q,)
    g.note("vagabot", "quest", c, q)
    g.score(s, 1, "quest")
    if g.quest_deck:
        g.quests.append(g.quest_deck.pop())
    return True


class Quest(Handler):
    name = "vagabot.quest"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        do_quest(g, st[1])


class QuestRepeat(Handler):
    """Adventurer (trait card): at the end of Daylight, repeat Quest as often as possible."""

    name = "vagabot.quest_repeat"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        if do_quest(g, st[1]):
            g.push(st)


def aid_target(g: Game, s: int) -> int | None:
    """7.5.3: the player in his clearing with a piece there and an item in their Crafted
    Items box, with the fewest VP (2.2 on a tie)."""
    c = clearing_of(g, s)
    if not c:
        return None
    able = [o for o in g.others(s) if g.items[o] and g.has_any_piece(o, c)]
    if not able:
        return None
    return min(able, key=lambda o: (g.vp[o], priority_rank(g, o)))


class Aid(Handler):
    """7.5.3 Aid: exhaust as many items as possible up to the target's crafted items,
    take that many (at random), score that many; the target draws that many (an aided
    bot scores one VP instead, 2.8.1). Helper (trait card): twice the VP and cards."""

    name = "vagabot.aid"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        s: int = st[1]
        v = vb(g, s)
        t = aid_target(g, s)
        if t is None or not v.ready:
            return
        n = min(v.ready, len(g.items[t]))
        exhaust(v, n)
        for _ in range(n):
            box = g.items[t]
            i = g.random_index("vagabot_aid_item", len(box)) if len(set(box)) > 1 else 0
            item = box.pop(i)
            gain(v, item)
            if g.cards.exhausted[t]:  # League of Adventurous Mice (E&P), as 9.5.4 Aid
                crafted_item_left(g, t, item)
        mult = HELPER_MULT if has_trait(g, s, "helper") else 1
        g.note("vagabot", "aid", g.factions[t], n)
        g.score(s, n * mult, "aid")
        if g.fdefs[t].has_hand:
            g.draw(t, n * mult)
        else:
            g.score(t, 1, "aided")  # 7.5.3: aided bots simply score one VP


def battle_target(g: Game, s: int) -> list[tuple[int, int]]:
    """7.5.4: (defender, clearing) in target order: the player with the most VP (2.2 on a
    tie), the nearest clearing with its pieces; ties: most buildings and tokens (I), then
    fewest warriors (II), then priority (2.1). 2.3 falls through this list.
    Berserker (trait card): the nearest clearing with the most (enemy) pieces, against
    the player with the most pieces there."""
    foes = targets(g, s)
    out: list[tuple[int, int]] = []
    if has_trait(g, s, "berserker"):
        busy = [c for c in g.clearings() if foes_pieces(g, foes, c)]
        for c in nearest(g, s, busy):
            here = [t for t in foes if pieces_of(g, t, c) and battle_legal(g, s, t, c)]
            if not here:
                continue
            t = min(here, key=lambda t: (-pieces_of(g, t, c), priority_rank(g, t)))
            out.append((t, c))
        out.sort(key=lambda tc: -foes_pieces(g, foes, tc[1]))  # stable: nearest first on a tie
        return out
    for t in sorted(foes, key=lambda o: (-g.vp[o], priority_rank(g, o))):
        out.extend((t, c) for c in battle_clearings(g, s, t))
    return out


def battle_clearings(g: Game, s: int, t: int) -> list[int]:
    """7.5.4: clearings with t's pieces, nearest first; I "such a clearing" (2.5: one
    of those nearest) with the most buildings and tokens of t, II fewest warriors of
    t, then priority (2.1)."""
    have = [c for c in g.clearings() if battle_legal(g, s, t, c)]
    return nearest(g, s, have, lambda c: -buildings_tokens(g, t, c),  # most buildings, tokens
                   lambda c: g.warriors[t][c])  # fewest warriors


class BattleAction(Handler):
    """7.5.4 Battle: move to the target clearing, exhaust one item, battle; then
    Battle Again. Adventurer (trait card): battle no more than once per turn."""

    name = "vagabot.battle"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        s: int = st[1]
        v = vb(g, s)
        if has_trait(g, s, "adventurer") and "vagabot_battle" in g.once:
            return
        order = battle_target(g, s)
        c = go_to_first(g, s, dict.fromkeys(c for _, c in order))
        if c is None or v.ready < COST["battle"]:
            return
        t = next(t for t, x in order if x == c)
        exhaust(v, COST["battle"])
        begin_battle(g, s, t, c)


def begin_battle(g: Game, s: int, t: int, c: int) -> None:
    """Initiate the battle; its steps resolve before Battle Again (pushed first)."""
    g.once = g.once | {"vagabot_battle"}
    vb(g, s).removed = 0
    g.note("vagabot", "battle", c, g.factions[t])
    g.push(("vagabot.battle_again", s, t, c))
    start_battle(g, s, c, t)


class BattleAgain(Handler):
    """7.5.4: while pieces of that player remain there, exhaust two items and battle
    again (not with the Adventurer trait card). Args: (seat, defender, clearing)."""

    name = "vagabot.battle_again"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        s, t, c = st[1], st[2], st[3]
        v = vb(g, s)
        if has_trait(g, s, "adventurer") or g.pawn[s] != c:
            return
        if t not in targets(g, s) or not g.has_any_piece(t, c) or v.ready < COST["battle_again"]:
            return
        exhaust(v, COST["battle_again"])
        begin_battle(g, s, t, c)


class MarksmanSettle(Handler):
    """Marksman (trait card): score and trigger what the immediate hit removed."""

    name = "vagabot.marksman_settle"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        if g.battle is not None:
            settle(g, g.battle)


class Repair(Handler):
    """7.5.5 Repair: with a damaged item, exhaust one item to repair one (it keeps its
    side; unexhausted first, as in 7.6.2)."""

    name = "vagabot.repair"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        v = vb(g, st[1])
        if damaged(v) and v.ready >= COST["repair"]:
            exhaust(v, COST["repair"])
            repair_one(v)
            g.note("vagabot", "repair")


def thief_target(g: Game, s: int) -> int | None:
    """7.7.1: the enemy in his clearing with the most VP, then the most pieces there,
    then 2.2; 2.3: only an enemy with a card to take."""
    c = clearing_of(g, s)
    if not c:
        return None
    here = [t for t in targets(g, s) if g.has_any_piece(t, c)]
    here.sort(key=lambda t: (-g.vp[t], -pieces_of(g, t, c), priority_rank(g, t)))
    for t in here:
        if g.fdefs[t].has_hand and g.hands[t]:
            return t
    return None


def tinker_card(g: Game, s: int) -> str | None:
    """7.7.2: the topmost card of the discard pile with an available item (1.1.3: an
    item card, never a persistent effect): in the supply, or on the Legendary Forge's
    card with the Vagabot in its clearing (Appendix F, rulings.md)."""
    forge = forge_items_for(g, s) if g.landmarks is not None else ()
    for cid in reversed(g.discard):
        card = g.card(cid)
        if card.kind == "item" and card.item is not None and (
                g.supply.get(card.item) or card.item in forge):
            return cid
    return None


def special_effect(g: Game, s: int) -> Callable[[], None] | None:
    """7.5.6: the character's special action, or None if it would have no effect."""
    v = vb(g, s)
    if v.character == "thief":
        t = thief_target(g, s)
        if t is None:
            return None
        return lambda: steal(g, t)
    if v.character == "tinker":
        cid = tinker_card(g, s)
        if cid is None:
            return None
        return lambda: day_labor(g, s, cid)
    if v.character == "ranger":
        if damaged(v) < RANGER_AT or not adjacent_forests(g, s):
            return None
        return lambda: slip_to_forest(g, s)
    return None


def steal(g: Game, t: int) -> None:
    """The Thief's special action (7.7): the card leaves t's hand; the bot has none, so it
    is discarded."""
    hand = g.hands[t]
    i = g.random_index("random_card", len(hand)) if len(hand) > 1 else 0
    cid = hand.pop(i)
    g.note("vagabot", "steal", g.factions[t])
    g.discard_card(cid)


def day_labor(g: Game, s: int, cid: str) -> None:
    """The Tinker's special action (7.7): the topmost copy of the card from the discard
    pile, crafted for one VP (1.1.2), then discarded."""
    pile = g.discard
    del pile[len(pile) - 1 - pile[::-1].index(cid)]
    craft_order(g, s, cid)
    g.discard_card(cid)


class Special(Handler):
    """7.5.6 Special: exhaust one item for the character's action (7.7); skip it if it
    would have no effect."""

    name = "vagabot.special"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        s: int = st[1]
        v = vb(g, s)
        if v.ready < COST["special"]:
            return
        effect = special_effect(g, s)
        if effect is None:
            return
        exhaust(v, COST["special"])
        effect()


# ---------------------------------------------------------------- evening (7.6)
class Evening(Handler):
    """7.6.1 Refresh four undamaged items (six with none damaged; difficulty card
    +-1); 7.6.2 repair all in a forest, else one (Berserker trait: one more)."""

    name = "vagabot.evening"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        s: int = st[1]
        v = vb(g, s)
        n = REFRESH_DAMAGED if damaged(v) else REFRESH_CLEAN
        refresh(v, n + DIFFICULTY[difficulty(g, s)]["refresh"])
        if g.pawn[s] >= FOREST:
            while repair_one(v):
                pass
        else:
            k = EVENING_REPAIR + (BERSERKER_REPAIR if has_trait(g, s, "berserker") else 0)
            for _ in range(k):
                repair_one(v)


class EveningEnd(Handler):
    """Nightmare difficulty card: at the end of Evening, score one VP."""

    name = "vagabot.evening_end"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        vp = DIFFICULTY[difficulty(g, st[1])]["evening_vp"]
        if vp:
            g.score(st[1], vp, "difficulty")


class Damage(Handler):
    """7.2.1.I Full Removal: damage three items (by 7.2.5's order). Args: (seat, n)."""

    name = "vagabot.damage"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        v = vb(g, st[1])
        for _ in range(st[2]):
            damage_one(v)


register_steps(
    Setup(), Reveal(), Slip(), Daylight(), Explore(), Quest(), QuestRepeat(), Aid(),
    BattleAction(), BattleAgain(), MarksmanSettle(), Repair(), Special(), Evening(),
    EveningEnd(), Damage(),
)
