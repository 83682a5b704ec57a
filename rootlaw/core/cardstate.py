"""What the cards of the Exiles & Partisans deck keep beside the cards themselves.

Plain data on the Game (``g.cards``), saved with it. A CardState never changes: a
change makes a new one (``with_coffins``, ...), so copies of a game share it for free.
The rules that change it are in ``core/cards_ep.py``.
"""
from __future__ import annotations

from typing import Any


class CardState:
    """coffins: warriors on the Coffin Makers card, per owner seat; coffin_seat: the
    player with Coffin Makers in play (-1: nobody); exhausted: items exhausted in each
    seat's Crafted Items box (League of Adventurous Mice), a sub-multiset of its items."""

    __slots__ = ("coffins", "coffin_seat", "exhausted")

    def __init__(self, coffins: tuple[int, ...], coffin_seat: int = -1,
                 exhausted: tuple[tuple[str, ...], ...] | None = None) -> None:
        self.coffins = coffins
        self.coffin_seat = coffin_seat
        self.exhausted: tuple[tuple[str, ...], ...] = (
            exhausted if exhausted is not None else tuple(() for _ in coffins))

    def with_coffins(self, coffins: tuple[int, ...], coffin_seat: int) -> CardState:
        return CardState(coffins, coffin_seat, self.exhausted)

    def add_coffins(self, s: int, n: int) -> CardState:
        """n more of seat s's warriors on Coffin Makers."""
        lst = list(self.coffins)
        lst[s] = lst[s] + n
        return CardState(tuple(lst), self.coffin_seat, self.exhausted)

    def with_exhausted(self, s: int, items: tuple[str, ...]) -> CardState:
        lst = list(self.exhausted)
        lst[s] = items
        return CardState(self.coffins, self.coffin_seat, tuple(lst))

    def to_json(self) -> dict[str, Any]:
        return {"coffins": list(self.coffins), "coffin_seat": self.coffin_seat,
                "exhausted": [list(x) for x in self.exhausted]}

    @classmethod
    def from_json(cls, d: dict[str, Any], n: int) -> CardState:
        if not d:
            return cls((0,) * n)
        return cls(tuple(int(x) for x in d["coffins"]), int(d["coffin_seat"]),
                   tuple(tuple(str(i) for i in x) for x in d["exhausted"]))
