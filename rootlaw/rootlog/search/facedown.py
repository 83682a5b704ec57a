"""Face-down things the record places: the items under the ruins (9.3.4), the relics'
values in a forest (15.2.1); swapped where the engine's guess was not the record's."""
from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from rootlaw.core.game import FOREST, Game
from rootlaw.core.hidden import FaceDown
from rootlaw.factions.keepers import TYPE_OF
from rootlaw.rootlog import names
from rootlaw.rootlog.ledger import (
    Key,
)


def stack_ruins(g: Game, takes: list[tuple[int, str]]) -> None:
    """9.3.4 the items under the ruins lie face down: the ruin a line explores holds
    the item it names (swapped with a ruin that holds it, where it does not)."""
    if not takes:
        return
    items = g.ruin_items
    for c, item in takes:
        if not 0 < c < len(items) or item in items[c] or not items[c]:
            continue
        for c2 in range(1, len(items)):
            if c2 != c and item in items[c2] and all(
                    (c2, x) not in takes for x in items[c2] if x == item):
                here = list(items[c])
                there = list(items[c2])
                give = next((x for x in here if (c, x) not in takes), here[0])
                here[here.index(give)] = item
                there[there.index(item)] = give
                items = list(items)
                items[c] = tuple(here)
                items[c2] = tuple(there)
                g.ruin_items = items
                break


def swaps(g: Game, miss: tuple[Any, ...]) -> Iterator[tuple[Any, ...]]:
    """The swaps that put something else where the miss was: an item of ruin c with
    another ruin's (9.3.4), a relic of that value at loc with another face-down relic
    of its type (15.2.1): ("ruin", c, i, c2, j), ("relic", seat, i, j)."""
    if miss[0] == "ruin":
        c = miss[1]
        items = g.ruin_items
        for i, here in enumerate(items[c]):
            for c2 in range(1, len(items)):
                for j, there in enumerate(items[c2]):
                    if c2 != c and there != here:
                        yield ("ruin", c, i, c2, j)
        return
    _, loc, value = miss
    for s, fs in enumerate(g.fstate):
        vals = getattr(fs, "values", None)
        if not isinstance(vals, FaceDown) or value not in vals.ids:
            continue
        for i, ident in enumerate(vals.ids):
            if vals.locs[i] == loc and ident == value:
                for j, other in enumerate(vals.ids):
                    if other != ident and TYPE_OF[other] == TYPE_OF[ident]:
                        yield ("relic", s, i, j)


def swap_hidden(g: Game, swap: tuple[Any, ...]) -> None:
    """Make a swap of ``swaps`` on the game (a copy the search runs)."""
    if swap[0] == "ruin":
        _, c, i, c2, j = swap
        items = list(g.ruin_items)
        a, b = list(items[c]), list(items[c2])
        a[i], b[j] = b[j], a[i]
        items[c], items[c2] = tuple(a), tuple(b)
        g.ruin_items = items
        return
    _, s, i, j = swap
    fs: Any = g.fstate[s]
    ids = list(fs.values.ids)
    ids[i], ids[j] = ids[j], ids[i]
    fs.values = FaceDown(fs.values.locs, tuple(ids))


def hidden_miss(sign: int, key: Key, g: Game) -> tuple[Any, ...] | None:
    """A face-down thing the engine took that the line does not: an item from a ruin,
    a relic of a value from a forest (``reswapped``)."""
    comp, place = key
    if sign > 0:
        return None
    if comp[0] == "i" and place[0] == "ruin":
        return ("ruin", int(place[1]))
    if comp[0] == "t" and place[0] == "fo" and comp[3] not in ("", "?"):
        for i, (_, clearings) in enumerate(g.board.forests):
            if clearings == place[1]:  # the relic's identity: its type and value
                kind = names.piece_kinds("keepers").get(str(comp[2]), "")
                return ("relic", FOREST + i, kind + str(comp[3])) if kind else None
    return None
