"""Static facts loaded from rootlaw/data: maps, card decks, faction tracks.

These are read once and never change; game state only refers to them by id.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any, Final

SUITS: Final = ("fox", "rabbit", "mouse")  # clearing suits (2.2.2)
CARD_SUITS: Final = ("bird", "fox", "rabbit", "mouse")  # card suits (2.1)


def load_json(name: str) -> Any:
    return json.loads(resources.files("rootlaw.data").joinpath(name).read_text("utf-8"))


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


@dataclass(frozen=True, slots=True)
class Board:
    """A map (2.2-2.4). Clearings are numbered 1..12 (Rootbotics priority); index 0 unused."""

    name: str
    clearings: tuple[int, ...]
    printed_suits: tuple[str, ...] | None
    default_suits: tuple[str, ...]
    slots: tuple[int, ...]
    ruins: tuple[bool, ...]
    corners: tuple[int, ...]
    opposite: tuple[int, ...]  # opposite corner per clearing, 0 if not a corner
    adj: tuple[tuple[int, ...], ...]
    rivers: tuple[tuple[int, int], ...]
    forests: tuple[tuple[str, tuple[int, ...]], ...]
    forest_adj: tuple[tuple[int, ...], ...]  # forest index -> adjacent forest indexes (2.4.1)


DECK_FILES: Final = {"standard": "deck_base.json", "exiles_partisans": "deck_exiles_partisans.json"}
MAP_NAMES: Final = ("fall", "winter", "lake", "mountain")


@cache
def deck(name: str) -> Deck:
    raw = load_json(DECK_FILES[name])
    cards: dict[str, Card] = {}
    contents: list[str] = []
    for c in raw["cards"]:
        cost = tuple(c.get("cost") or ())
        need = (cost.count("fox"), cost.count("rabbit"), cost.count("mouse"))
        card = Card(c["id"], c["name"], c["suit"], c["kind"], cost, c.get("item"),
                    int(c.get("vp") or 0), c.get("effect", ""), need, cost.count("any"))
        cards[card.id] = card
        contents.extend([card.id] * int(c["count"]))
    return Deck(name, cards, tuple(contents))


@cache
def board(name: str) -> Board:
    m = load_json("maps.json")["maps"][name]
    cl = sorted(m["clearings"], key=lambda c: c["id"])
    n = len(cl)
    ids = tuple(c["id"] for c in cl)
    assert ids == tuple(range(1, n + 1))
    adj: list[list[int]] = [[] for _ in range(n + 1)]
    closed = {tuple(sorted(p)) for p in m.get("closed_paths_at_setup", [])}
    for a, b in m["paths"]:
        if tuple(sorted((a, b))) in closed:
            continue
        adj[a].append(b)
        adj[b].append(a)
    opposite = [0] * (n + 1)
    for a, b in m["opposite_corners"]:
        opposite[a], opposite[b] = b, a
    printed = None
    if all(c.get("printed_suit") for c in cl):
        printed = ("",) + tuple(c["printed_suit"] for c in cl)
    balanced = m.get("kvanquilst_balanced_suits_by_priority")
    if printed:
        default = printed
    elif isinstance(balanced, list):
        default = ("",) + tuple(balanced)
    elif isinstance(balanced, dict):
        default = ("",) + tuple(balanced[str(i)] for i in ids)
    else:  # pragma: no cover - every shipped map has one
        default = ("",) + tuple(SUITS[i % 3] for i in range(n))
    return Board(
        name=name,
        clearings=ids,
        printed_suits=printed,
        default_suits=default,
        slots=(0,) + tuple(int(c["building_slots"]) for c in cl),
        ruins=(False,) + tuple(bool(c["ruin"]) for c in cl),
        corners=tuple(c["id"] for c in cl if c.get("corner")),
        opposite=tuple(opposite),
        adj=tuple(tuple(sorted(a)) for a in adj),
        rivers=tuple((a, b) for a, b in m.get("rivers", [])),
        forests=tuple((f["id"], tuple(f["clearings"])) for f in m["forests"]),
        forest_adj=_forest_adjacency(m),
    )


def _forest_adjacency(m: dict[str, Any]) -> tuple[tuple[int, ...], ...]:
    ids = [f["id"] for f in m["forests"]]
    adj: list[set[int]] = [set() for _ in ids]
    for a, b in m.get("forest_adjacency", []):
        i, j = ids.index(a), ids.index(b)
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
