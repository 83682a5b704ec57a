"""Static facts loaded from rootlaw/data: maps, card decks, faction tracks.

These are read once and never change; game state only refers to them by id.
"""
from __future__ import annotations

import json
import sys
from dataclasses import dataclass, replace
from functools import cache
from importlib import resources
from typing import Any, Final

SUITS: Final[tuple[str, ...]] = ("fox", "rabbit", "mouse")  # clearing suits (2.2.2)
CARD_SUITS: Final[tuple[str, ...]] = ("bird", "fox", "rabbit", "mouse")  # card suits (2.1)


def suit_index(suit: str) -> int:
    """A clearing suit's place in ``SUITS`` (compiled: three string compares, where
    ``SUITS.index`` is a method call by name); ValueError for any other suit."""
    if suit == "fox":
        return 0
    if suit == "rabbit":
        return 1
    if suit == "mouse":
        return 2
    raise ValueError(f"{suit!r} is not a clearing suit (2.2.2)")


def load_json(name: str) -> Any:
    return _interned(json.loads(
        resources.files("rootlaw.data").joinpath(name).read_text("utf-8")))


def _interned(x: Any) -> Any:
    """The data with every string interned: the ids, suits and kinds it gives are then the
    same objects as the engine's literals ("bird", "fox", "boots"), so comparing them and
    looking them up in dicts stops at the first identity test, without comparing the
    characters (compiled, that was most of a lookup's cost)."""
    if isinstance(x, str):
        return sys.intern(x)
    if isinstance(x, list):
        return [_interned(v) for v in x]
    if isinstance(x, dict):
        return {sys.intern(k): _interned(v) for k, v in x.items()}
    return x


@dataclass(frozen=True, slots=True)
class Card:
    id: str
    name: str
    suit: str
    kind: str  # item, persistent, immediate, ambush, dominance
    cost: tuple[str, ...]
    item: str | None
    vp: int
    effect: str
    need: tuple[int, int, int]  # the cost's fixed suits, counted as (fox, rabbit, mouse)
    anys: int  # question-mark suits in the cost (any suit)


@dataclass(frozen=True, slots=True)
class Deck:
    name: str
    cards: dict[str, Card]
    contents: tuple[str, ...]  # one id per physical card
    ep: bool  # the Exiles & Partisans deck (A.2): its card effects (core/cards_ep.py) apply


@dataclass(frozen=True, slots=True)
class Board:
    """A map (2.2-2.4, Appendix C). Clearings are numbered 1..12 (Rootbotics priority);
    index 0 unused. These are the printed facts: what changes in play (closed paths
    removed, C.3.3; the Ferry, C.2.5) is game state (``Game.adj``, ``Game.ferry``)."""

    name: str
    clearings: tuple[int, ...]
    printed_suits: tuple[str, ...] | None
    default_suits: tuple[str, ...]
    slots: tuple[int, ...]
    ruins: tuple[bool, ...]
    corners: tuple[int, ...]
    edge: tuple[int, ...]  # clearings on the map edge (setup cards, A.8.2; maps.json)
    opposite: tuple[int, ...]  # opposite corner per clearing, 0 if not a corner
    adj: tuple[tuple[int, ...], ...]  # at setup; in play read Game.adj (C.3.3 removes closings)
    rivers: tuple[tuple[int, int], ...]  # printed rivers and the lake's links (C.2.2), a < b
    forests: tuple[tuple[str, tuple[int, ...]], ...]
    forest_adj: tuple[tuple[int, ...], ...]  # forest index -> adjacent forest indexes (2.4.1)
    paths: tuple[tuple[int, int], ...]  # every printed path, closed ones included (a < b)
    closed_at_setup: tuple[tuple[int, int], ...]  # C.3.1 closed path markers (a < b)
    river_adj: tuple[tuple[int, ...], ...]  # clearing -> clearings linked by a river (2.3)
    coastal: tuple[int, ...]  # C.2.3 coastal clearings
    ferry_start: int  # C.2.1 the corner clearing that is also coastal; 0 without a lake
    the_pass: int  # C.3.4 the clearing with the Tower; 0 if none
    fixed_suits: tuple[str, ...] | None  # a fixed layout in the data (by clearing), if any
    # 12.2.2 The Burrow: an unsuited clearing off the map, numbered after the map's
    # clearings, in games with a faction that has one (``board(name, burrow=True)``);
    # 0 if none. Per-clearing tuples (suits, slots, ruins, adjacency...) then have a
    # row for it: no suit, no slots, no paths (its links are game state, ``Game.adj``).
    # ``clearings`` stays the map's; ``all_clearings`` adds the Burrow.
    burrow: int = 0
    all_clearings: tuple[int, ...] = ()
    # clearing -> indexes of the forests on its edge (2.4.1), worked out once
    forests_at: tuple[tuple[int, ...], ...] = ()
    # the clearings a river touches, in clearing order (11.3.2, 11.5.5), worked out once
    river_clearings: tuple[int, ...] = ()


DECK_FILES: Final = {"standard": "deck_base.json", "exiles_partisans": "deck_exiles_partisans.json"}
# decks of other rule sets (DESIGN.md: rule sets), which the Law's games never use
VARIANT_DECK_FILES: Final = {"prototype": "prototype/deck.json"}
MAP_NAMES: Final = ("fall", "winter", "lake", "mountain")


@cache
def deck(name: str) -> Deck:
    raw = load_json(DECK_FILES[name] if name in DECK_FILES else VARIANT_DECK_FILES[name])
    cards: dict[str, Card] = {}
    contents: list[str] = []
    for c in raw["cards"]:
        cost = tuple(c.get("cost") or ())
        need = (cost.count("fox"), cost.count("rabbit"), cost.count("mouse"))
        card = Card(c["id"], c["name"], c["suit"], c["kind"], cost, c.get("item"),
                    int(c.get("vp") or 0), c.get("effect", ""), need, cost.count("any"))
        cards[card.id] = card
        contents.extend([card.id] * int(c["count"]))
    return Deck(name, cards, tuple(contents), name == "exiles_partisans")


@cache
def board(name: str, burrow: bool = False) -> Board:
    """The map ``name``; with ``burrow``, the same map with the Burrow (12.2.2) as one
    more clearing, unsuited and without building slots, paths or ruins."""
    if burrow:
        return _with_burrow(board(name))
    m = load_json("maps.json")["maps"][name]
    cl = sorted(m["clearings"], key=lambda c: c["id"])
    n = len(cl)
    ids = tuple(c["id"] for c in cl)
    assert ids == tuple(range(1, n + 1))
    paths = tuple(sorted(pair(a, b) for a, b in m["paths"]))
    closed = tuple(sorted(pair(a, b) for a, b in m.get("closed_paths_at_setup", [])))
    assert all(p in paths for p in closed), f"{name}: a closed path that is not a path"
    opposite = [0] * (n + 1)
    for a, b in m["opposite_corners"]:
        opposite[a], opposite[b] = b, a
    printed = None
    if all(c.get("printed_suit") for c in cl):
        printed = ("",) + tuple(c["printed_suit"] for c in cl)
    balanced = m.get("kvanquilst_balanced_suits_by_priority")
    fixed: tuple[str, ...] | None = None
    if isinstance(balanced, list):
        fixed = ("",) + tuple(balanced)
    elif isinstance(balanced, dict):
        fixed = ("",) + tuple(balanced[str(i)] for i in ids)
    default = printed or fixed or ("",) + tuple(SUITS[i % 3] for i in range(n))
    coastal = tuple(sorted(m.get("coastal_clearings", [])))
    rivers = {pair(a, b) for a, b in m.get("rivers", [])}
    # C.2.2 the lake is rivers linking each coastal clearing to each other one
    rivers.update(pair(a, b) for a in coastal for b in coastal if a < b)
    corners = tuple(c["id"] for c in cl if c.get("corner"))
    ferry = 0
    if coastal:  # C.2.1 the Ferry starts in the corner clearing that is also coastal
        found = [c for c in corners if c in coastal]
        assert len(found) == 1, f"{name}: one coastal corner expected, found {found}"
        ferry = found[0]
        assert m.get("ferry_start", ferry) == ferry, f"{name}: ferry_start disagrees with C.2.1"
    forests = tuple((f["id"], tuple(f["clearings"])) for f in m["forests"])
    return Board(
        name=name,
        clearings=ids,
        printed_suits=printed,
        default_suits=default,
        slots=(0,) + tuple(int(c["building_slots"]) for c in cl),
        ruins=(False,) + tuple(bool(c["ruin"]) for c in cl),
        corners=corners,
        edge=tuple(sorted(m["edge"])),
        opposite=tuple(opposite),
        adj=adjacency(n, paths, closed),
        rivers=tuple(sorted(rivers)),
        forests=forests,
        forest_adj=_forest_adjacency(forests, paths, sorted(rivers), coastal,
                                     bool(m.get("river_divides_forests"))),
        paths=paths,
        closed_at_setup=closed,
        river_adj=_links(n, sorted(rivers)),
        coastal=coastal,
        ferry_start=ferry,
        the_pass=int(m.get("the_pass") or 0),
        fixed_suits=fixed,
        all_clearings=ids,
        forests_at=tuple(tuple(i for i in range(len(forests)) if c in forests[i][1])
                         for c in range(n + 1)),
        river_clearings=tuple(c for c in ids if any(c in pair for pair in rivers)),
    )


def _with_burrow(b: Board) -> Board:
    """12.2.2: the map with the Burrow numbered after its clearings."""
    k = len(b.clearings) + 1
    return replace(
        b,
        printed_suits=b.printed_suits + ("",) if b.printed_suits is not None else None,
        default_suits=b.default_suits + ("",),
        slots=b.slots + (0,),
        ruins=b.ruins + (False,),
        opposite=b.opposite + (0,),
        adj=b.adj + ((),),
        river_adj=b.river_adj + ((),),
        fixed_suits=b.fixed_suits + ("",) if b.fixed_suits is not None else None,
        burrow=k,
        all_clearings=b.clearings + (k,),
        forests_at=b.forests_at + ((),),
    )


def link_burrow(table: tuple[tuple[int, ...], ...], burrow: int,
                linked: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """12.2.2: an adjacency table of the map's clearings (its row 0 unused) with a row
    for the Burrow, adjacent to each clearing in ``linked`` (those with a tunnel)."""
    out = list(table[:burrow])
    linked = tuple(sorted(set(linked)))
    for c in linked:
        out[c] = tuple(sorted(out[c] + (burrow,)))
    out.append(linked)
    return tuple(out)


def pair(a: int, b: int) -> tuple[int, int]:
    """A path or river as its two clearings, smaller first."""
    return (a, b) if a < b else (b, a)


def _links(n: int, pairs: list[tuple[int, int]]) -> tuple[tuple[int, ...], ...]:
    out: list[list[int]] = [[] for _ in range(n + 1)]
    for a, b in pairs:
        out[a].append(b)
        out[b].append(a)
    return tuple(tuple(sorted(x)) for x in out)


@cache
def adjacency(n: int, paths: tuple[tuple[int, int], ...],
              closed: tuple[tuple[int, int], ...]) -> tuple[tuple[int, ...], ...]:
    """2.2.1: clearings linked by a path are adjacent; not by a closed path (C.3.2).
    Cached: a map has few sets of closed paths, and games share the tuples."""
    return _links(n, [p for p in paths if p not in closed])


@cache
def adjacency_with_rivers(n: int, paths: tuple[tuple[int, int], ...],
                          closed: tuple[tuple[int, int], ...],
                          rivers: tuple[tuple[int, int], ...]) -> tuple[tuple[int, ...], ...]:
    """Clearings one move apart for a player who treats rivers as paths (2.3): open
    paths and rivers (the lake's links included, C.2.2)."""
    return _links(n, sorted({p for p in paths if p not in closed} | set(rivers)))


def _forest_adjacency(forests: tuple[tuple[str, tuple[int, ...]], ...],
                      paths: tuple[tuple[int, int], ...], rivers: list[tuple[int, int]],
                      coastal: tuple[int, ...], river_divides: bool
                      ) -> tuple[tuple[int, ...], ...]:
    """2.4.1: forests separated by only one printed path are adjacent (closed paths
    divide forests as paths do, C.3.2); C.1.1: the Winter river divides forests as
    printed paths do; C.2.4: a coastal forest (touching the lake: two coastal clearings
    on its edge) is adjacent to its two neighbouring coastal forests (those sharing one
    of its coastal clearings)."""
    lines = set(paths) | (set(rivers) if river_divides else set())
    adj: list[set[int]] = [set() for _ in forests]
    shores = [set(cl) & set(coastal) for _, cl in forests]
    for i in range(len(forests)):
        for j in range(i + 1, len(forests)):
            shared = sorted(set(forests[i][1]) & set(forests[j][1]))
            linked = any(pair(x, y) in lines for k, x in enumerate(shared) for y in shared[k + 1:])
            coast = len(shores[i]) >= 2 and len(shores[j]) >= 2 and bool(shores[i] & shores[j])
            if linked or coast:
                adj[i].add(j)
                adj[j].add(i)
    return tuple(tuple(sorted(x)) for x in adj)


@cache
def tracks() -> dict[str, Any]:
    data: dict[str, Any] = load_json("faction_tracks.json")
    return data


@cache
def _items() -> tuple[tuple[str, int], ...]:
    return tuple(load_json("items.json")["craftable_supply"].items())


def item_supply() -> dict[str, int]:
    """5.1.5 The craftable item supply, as a new dict each call."""
    return dict(_items())
