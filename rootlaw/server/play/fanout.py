"""Changes made by other server processes, heard through PostgreSQL's LISTEN/NOTIFY.

Every write to the store notifies CHANNEL with "<game id> <version> <origin>" at commit
(store.py). Each process listens on its own connection and hands every change of
another origin to ``on_change``; the hub then brings its copy of that game up to the
store and pushes the new state to its WebSockets. A dropped connection is opened
again (after a pause that doubles up to MAX_PAUSE) and ``on_reconnect`` is called,
since notifications sent meanwhile are lost.
"""
from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable

import psycopg

from rootlaw.server.play.store import CHANNEL, libpq_url

log = logging.getLogger("rootlaw.play")
MAX_PAUSE = 5.0


async def listen(url: str, origin: str, on_change: Callable[[str, int], None],
                 on_reconnect: Callable[[], None], ready: asyncio.Event | None = None) -> None:
    """Run until cancelled: call ``on_change(game_id, version)`` for every change another
    process stored; ``ready`` is set once the first LISTEN is in place."""
    pause, first = 0.1, True
    while True:
        try:
            async with await psycopg.AsyncConnection.connect(libpq_url(url),
                                                             autocommit=True) as conn:
                await conn.execute(f"LISTEN {CHANNEL}")
                if ready is not None:
                    ready.set()
                if not first:
                    on_reconnect()
                first, pause = False, 0.1
                async for note in conn.notifies():
                    gid, _, rest = note.payload.partition(" ")
                    version, _, sender = rest.partition(" ")
                    if sender != origin and version.isdigit():
                        on_change(gid, int(version))
        except asyncio.CancelledError:
            raise
        except Exception as e:  # the database went away: listen again when it is back
            log.warning("listening for other processes' changes failed (%s); again in "
                        "%.1f s", type(e).__name__, pause)
            await asyncio.sleep(pause)
            pause = min(MAX_PAUSE, pause * 2)
