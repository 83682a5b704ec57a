"""100 games at once against one server process on loopback, two random clients per game
racing for their seats: no action is lost or doubled, and each game's final state equals
a replay of its stored record."""
from __future__ import annotations

import asyncio
import json
import os
import random
import subprocess
import sys
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx
import pytest

import rootlaw
from rootlaw.server.background import free_port
from rootlaw.server.play.hub import as_option
from rootlaw.server.play.store import Store

GAMES = 100
ACTIONS = 20  # per game at most (short games keep the test quick)
FACTIONS = ["marquise", "alliance", "electric_eyrie", "vagabot"]


@pytest.fixture()
def served(tmp_path: Path) -> Iterator[tuple[str, str]]:
    """`rootlaw serve` in its own process, on a free loopback port."""
    db = f"sqlite:///{tmp_path / 'load.sqlite3'}"
    port = free_port()
    errors = (tmp_path / "server.log").open("w")
    proc = subprocess.Popen([sys.executable, "-m", "rootlaw.cli", "serve", "--port", str(port),
                             "--db", db, "--agent-delay", "0"],
                            stdout=subprocess.DEVNULL, stderr=errors,
                            env={**os.environ, "PYTHONUNBUFFERED": "1"})
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while True:
        try:
            if httpx.get(url + "/api/health", timeout=1).status_code == 200:
                break
        except httpx.TransportError:
            pass
        assert proc.poll() is None, (tmp_path / "server.log").read_text()
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.1)
    try:
        yield url, db
    finally:
        proc.terminate()
        proc.wait(timeout=10)
        errors.close()


class Conn:
    """One keep-alive HTTP/1.1 connection per client: a lean client, so that the test
    measures the server rather than a client library's connection pool."""

    def __init__(self, url: str) -> None:
        host, port = url.removeprefix("http://").split(":")
        self.host, self.port = host, int(port)
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def request(self, method: str, path: str, body: Any = None) -> tuple[int, Any]:
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
        assert self.reader is not None
        data = json.dumps(body).encode() if body is not None else b""
        self.writer.write(f"{method} {path} HTTP/1.1\r\nHost: {self.host}\r\n"
                          f"Content-Type: application/json\r\nContent-Length: {len(data)}"
                          "\r\n\r\n".encode() + data)
        head = (await self.reader.readuntil(b"\r\n\r\n")).decode().split("\r\n")
        status = int(head[0].split()[1])
        length = next(int(h.split(":")[1]) for h in head if h.lower().startswith("content-length"))
        return status, json.loads(await self.reader.readexactly(length))

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()


async def seat_client(url: str, gid: str, seat: str, tok: str, seed: int,
                      accepted: dict[int, tuple[str, list[Any]]], stats: dict[str, int]) -> None:
    """Play one seat at random: read, decide, post with the version; a 409 means the
    other client won the race (read again)."""
    rnd = random.Random(seed)
    conn = Conn(url)
    deadline = time.monotonic() + 120
    try:
        while len(accepted) < ACTIONS and time.monotonic() < deadline:
            _, s = await conn.request("GET", f"/api/games/{gid}?token={tok}")
            if s["over"]:
                return
            d = s["decision"]
            if d["seat"] != seat:
                stats["waits"] += 1
                await asyncio.sleep(0.05)
                continue
            option = d["options"][rnd.randrange(len(d["options"]))]
            status, answer = await conn.request("POST", f"/api/games/{gid}/actions", {
                "token": tok, "version": s["version"], "option": option})
            if status == 200:
                assert s["version"] not in accepted, "two actions accepted for one version"
                accepted[s["version"]] = (seat, option)
                stats["accepted"] += 1
            else:
                assert status in (403, 409), answer
                stats["refused"] += 1
    finally:
        conn.close()


async def one_game(url: str, i: int, stats: dict[str, int]) -> dict[str, Any]:
    conn = Conn(url)
    status, game = await conn.request("POST", "/api/games",
                                      {"factions": FACTIONS, "seed": 1000 + i, "hotseat": True})
    assert status == 201, game
    conn.close()
    accepted: dict[int, tuple[str, list[Any]]] = {}
    # two clients per seat: they race for every decision of that seat
    await asyncio.gather(*(seat_client(url, game["id"], f, game["seats"][f]["token"],
                                       i * 10 + k, accepted, stats)
                           for f in ("marquise", "alliance") for k in range(2)))
    conn = Conn(url)  # a new connection: the first one idled past keep-alive meanwhile
    _, final = await conn.request("GET", f"/api/games/{game['id']}")
    conn.close()
    return {"id": game["id"], "accepted": accepted, "final": final}


async def run_all(url: str) -> tuple[list[dict[str, Any]], dict[str, int]]:
    stats = {"accepted": 0, "refused": 0, "waits": 0}
    results = await asyncio.gather(*(one_game(url, i, stats) for i in range(GAMES)))
    return list(results), stats


def test_100_concurrent_games(served: tuple[str, str]) -> None:
    url, db = served
    t0 = time.perf_counter()
    with ThreadPoolExecutor(1) as pool:  # its own thread: Playwright may own this one's loop
        results, stats = pool.submit(asyncio.run, run_all(url)).result()
    elapsed = time.perf_counter() - t0
    store = Store(db)
    for res in results:
        rec = store.load(res["id"])
        assert rec is not None
        # every accepted action is stored once, in version order, and nothing else is
        expected = [res["accepted"][v] for v in sorted(res["accepted"])]
        assert sorted(res["accepted"]) == list(range(len(expected)))
        assert [(s, list(o) if isinstance(o, list) else o) for s, o in rec.decisions] == expected
        assert rec.version == len(expected)
        game = rootlaw.Game.replay(rec.setup, [("d", s, as_option(o)) for s, o in rec.decisions])
        final = res["final"]
        assert final["version"] == rec.version
        assert game.view(None)["clearings"] == final["view"]["clearings"]
        assert game.scores == final["scores"] and game.is_over == final["over"]
    print(f"\n{GAMES} games, {stats['accepted']} actions accepted, {stats['refused']} refused "
          f"(lost races), {stats['waits']} waits, in {elapsed:.1f} s")
    assert stats["accepted"] >= GAMES * ACTIONS * 0.8
    assert stats["refused"] > 0  # the clients did race
