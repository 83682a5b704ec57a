"""What the cards of the Exiles & Partisans deck keep beside the cards themselves.

Plain data on the Game (``g.cards``), copied with it and saved with it; the rules that
change it are in ``core/cards_ep.py``.
"""
from __future__ import annotations

from typing import Any


class CardState:
    """coffins: warriors on the Coffin Makers card, per owner seat; coffin_seat: the
    player with Coffin Makers in play (-1: nobody); exhausted: items exhausted in each
    seat's Crafted Items box (League of Adventurous Mice), a sub-multiset of its items."""

    __slots__ = ("coffins", "coffin_seat", "exhausted")

    def __init__(self, coffins: list[int], coffin_seat: int = -1,
                 exhausted: list[list[str]] | None = None) -> None:
        self.coffins = coffins
        self.coffin_seat = coffin_seat
        self.exhausted: list[list[str]] = (exhausted if exhausted is not None
                                           else [[] for _ in coffins])

    def copy(self) -> CardState:
        return CardState(self.coffins[:], self.coffin_seat, [x[:] for x in self.exhausted])

    def to_json(self) -> dict[str, Any]:
        return {"coffins": self.coffins, "coffin_seat": self.coffin_seat,
                "exhausted": self.exhausted}

    @classmethod
    def from_json(cls, d: dict[str, Any], n: int) -> CardState:
        if not d:
            return cls([0] * n)
        return cls([int(x) for x in d["coffins"]], int(d["coffin_seat"]),
                   [[str(i) for i in x] for x in d["exhausted"]])
