"""My games (issue 57): the games an account holds a seat of, "your turn" first, each
with its deadline and the time of its last move, and the sockets that follow them.

Only what every seat may see is listed (whose decision it is, the scores, the times):
a seat's hand or any other secret never enters this list. A "my games" socket is woken
whenever one of its account's games changes in this process (Hub.broadcast), or when
another process changes a game it lists (Hub.heard); it then reads the list again and
sends it if it changed. A seat bound in another process reaches it on its next read
(every POLL_SECONDS at the latest).
"""
from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterable
from typing import Any

import orjson

from rootlaw.server.play.seats import faction_name
from rootlaw.server.play.store import Held

POLL_SECONDS = 30.0


def entry(held: Held) -> dict[str, Any]:
    """One game of the list, as its account may see it."""
    s = held.summary
    over = bool(s.get("over"))
    deciding = s.get("deciding_seat", s.get("deciding"))
    return {"id": held.id, "seat": held.seat, "seat_name": faction_name(held.seat),
            "url": f"/games/{held.id}", "over": over, "your_turn": not over and
            deciding == held.seat, "deciding": None if over else deciding,
            "deciding_name": None if over or deciding is None else faction_name(deciding),
            "factions": list(held.seats), "scores": s.get("scores") or {},
            "winners": s.get("winners") or [],
            "last_move": s.get("moved", held.created), "deadline": None if over
            else s.get("deadline"), "created": held.created}


def listing(helds: Iterable[Held]) -> list[dict[str, Any]]:
    """"Your turn" first (the nearest deadline first), then the games waiting on others
    (latest move first), then the finished ones (latest first)."""
    rows = [entry(h) for h in helds]

    def order(r: dict[str, Any]) -> tuple[int, float, float]:
        group = 0 if r["your_turn"] else 2 if r["over"] else 1
        deadline = r["deadline"] if r["deadline"] is not None else float("inf")
        return group, deadline if group == 0 else 0.0, -float(r["last_move"] or 0.0)

    return sorted(rows, key=order)


class Feeds:
    """The open "my games" sockets: each one's account and the games it last sent."""

    def __init__(self) -> None:
        self.open: dict[asyncio.Event, tuple[int, set[str]]] = {}

    def watch(self, account: int) -> asyncio.Event:
        wake = asyncio.Event()
        self.open[wake] = (account, set())
        return wake

    def unwatch(self, wake: asyncio.Event) -> None:
        self.open.pop(wake, None)

    def sent(self, wake: asyncio.Event, rows: list[dict[str, Any]]) -> None:
        if wake in self.open:
            self.open[wake] = (self.open[wake][0], {r["id"] for r in rows})

    def watching(self, account: int) -> bool:
        return any(a == account for a, _ in self.open.values())

    def game_changed(self, gid: str, owners: Iterable[int]) -> None:
        """Wake the sockets of the game's accounts and those that list it."""
        accounts = set(owners)
        for wake, (account, listed) in self.open.items():
            if account in accounts or gid in listed:
                wake.set()


async def push(feeds: Feeds, wake: asyncio.Event,
               read: Callable[[], Any], send: Callable[[str], Any]) -> None:
    """Send the list now and whenever it changes, until cancelled: ``read`` is an
    awaitable factory of the rows, ``send`` sends text."""
    last = b""
    while True:
        wake.clear()
        rows = await read()
        text = orjson.dumps({"games": rows})
        if text != last:
            last = text
            feeds.sent(wake, rows)
            await send(text.decode())
        try:
            await asyncio.wait_for(wake.wait(), POLL_SECONDS)
        except TimeoutError:
            pass
