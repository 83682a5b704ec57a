"""Several server processes on one PostgreSQL store: any process serves any seat, every
WebSocket hears every change wherever it was made (LISTEN/NOTIFY), and no two
processes ever both accept one decision. Then `rootlaw serve --workers 2`."""
from __future__ import annotations

import json
import os
import random
import threading
import time
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.sync.client import ClientConnection, connect

import rootlaw
from rootlaw.server.play.hub import as_option
from rootlaw.server.play.store import Store
from tests.web.pg import postgres
from tests.web.play_helpers import assert_private
from tests.web.serve_proc import Served, serve

PEOPLE = ["marquise", "eyrie"]
FACTIONS = [*PEOPLE, "vagabot"]


@pytest.fixture(scope="module")
def pg_url() -> Iterator[str]:
    with postgres() as url:
        yield url


class Watcher(threading.Thread):
    """A WebSocket of one seat on one process, keeping every state it is sent."""

    def __init__(self, ws: ClientConnection, seat: str | None) -> None:
        super().__init__(daemon=True)
        self.ws, self.seat, self.states = ws, seat, []  # type: ignore[var-annotated]

    def run(self) -> None:
        try:
            while True:
                self.states.append(json.loads(self.ws.recv()))
        except Exception:
            return

    def versions(self) -> list[int]:
        return [s["version"] for s in self.states]

    def wait_for(self, version: int, timeout: float = 10) -> None:
        deadline = time.monotonic() + timeout
        while not self.states or self.states[-1]["version"] < version:
            assert time.monotonic() < deadline, (self.seat, self.versions()[-5:], version)
            time.sleep(0.01)


def ws_url(url: str, gid: str, tok: str | None) -> str:
    return url.replace("http://", "ws://") + f"/api/games/{gid}/ws" + (
        f"?token={tok}" if tok else "")


def play(urls: list[str], game: dict[str, Any], steps: int, seed: int) -> tuple[int, int]:
    """Random decisions, each read from and posted to a process picked at random;
    (accepted, refused as stale): a process may not have heard the last change yet."""
    rnd = random.Random(seed)
    tokens = {f: game["seats"][f]["token"] for f in PEOPLE}
    accepted = stale = 0
    while accepted < steps:
        url = rnd.choice(urls)
        with httpx.Client(base_url=url, timeout=10) as c:
            s = c.get(f"/api/games/{game['id']}").json()
            if s["over"]:
                break
            seat = s["decision"]["seat"]
            mine = c.get(f"/api/games/{game['id']}",
                         headers={"Authorization": f"Bearer {tokens[seat]}"}).json()
            r = c.post(f"/api/games/{game['id']}/actions",
                       headers={"Authorization": f"Bearer {tokens[seat]}"},
                       json={"version": mine["version"],
                             "option": rnd.randrange(len(mine["decision"]["options"]))})
        if r.status_code == 200:
            accepted += 1
        else:
            assert r.status_code == 409 and r.json()["error"]["code"] == "stale_version", r.text
            stale += 1
            time.sleep(0.02)
    return accepted, stale


def check_record(db: str, gid: str, final: dict[str, Any]) -> None:
    store = Store(db)
    try:
        rec = store.load(gid)
    finally:
        store.close()
    assert rec is not None and rec.version == final["version"]
    game = rootlaw.Game.replay(rec.setup, [("d", s, as_option(o)) for s, o in rec.decisions])
    assert game.view(None)["clearings"] == final["view"]["clearings"]


def test_two_processes_serve_the_seats_of_one_game(pg_url: str, tmp_path: Path) -> None:
    with serve(tmp_path, pg_url, name="a") as a, serve(tmp_path, pg_url, name="b") as b, \
            ExitStack() as stack:
        with httpx.Client(base_url=a.url, timeout=10) as c:
            game = c.post("/api/games", json={"factions": FACTIONS}).json()
        gid = game["id"]
        tok = {f: game["seats"][f]["token"] for f in PEOPLE}
        # the Marquise watches on a, the Eyrie on b, a spectator on each
        socks = [(a, "marquise"), (b, "eyrie"), (a, None), (b, None), (b, "marquise")]
        watchers = []
        for proc, seat in socks:
            ws = stack.enter_context(connect(ws_url(proc.url, gid, tok[seat] if seat else None)))
            watchers.append(Watcher(ws, seat))
        for w in watchers:
            w.start()
        accepted, stale = play([a.url, b.url], game, 40, seed=11)
        assert accepted == 40
        with httpx.Client(base_url=b.url, timeout=10) as c:
            final = c.get(f"/api/games/{gid}").json()
        for w in watchers:
            w.wait_for(final["version"])
            versions = w.versions()
            assert versions == sorted(versions) and versions[-1] == final["version"]
            assert len(versions) >= 20, versions  # heard the changes made on both
            for s in w.states:
                assert_private(s, w.seat)
            w.ws.close()
        for w in watchers:
            assert w.states[-1]["view"]["clearings"] == final["view"]["clearings"]
        check_record(pg_url, gid, final)
        race(a, b, game)
        for proc in (a, b):
            assert "Traceback" not in proc.text(), proc.text()[-3000:]


def test_an_unwatched_game_catches_up_when_next_read(pg_url: str, tmp_path: Path) -> None:
    with serve(tmp_path, pg_url, name="a") as a, serve(tmp_path, pg_url, name="b") as b:
        game = httpx.post(f"{a.url}/api/games", json={"factions": FACTIONS}).json()
        gid = game["id"]
        assert httpx.get(f"{b.url}/api/games/{gid}").json()["version"] == 0  # b has it live
        accepted, _ = play([a.url], game, 5, seed=13)
        version = httpx.get(f"{a.url}/api/games/{gid}").json()["version"]
        time.sleep(0.5)  # the notifications have reached b, which has no socket on it
        assert httpx.get(f"{b.url}/api/games/{gid}").json()["version"] == version


def race(a: Served, b: Served, game: dict[str, Any]) -> None:
    """The same seat posts the same version to both processes at once, twenty times:
    exactly one wins each time."""
    gid = game["id"]
    for i in range(20):
        with httpx.Client(base_url=a.url, timeout=10) as c:
            s = c.get(f"/api/games/{gid}").json()
            if s["over"]:
                return
        seat = s["decision"]["seat"]
        auth = {"Authorization": f"Bearer {game['seats'][seat]['token']}"}
        for proc in (a, b):  # both up to date before they race
            deadline = time.monotonic() + 5
            while httpx.get(f"{proc.url}/api/games/{gid}").json()["version"] < s["version"]:
                assert time.monotonic() < deadline
                time.sleep(0.01)
        results: list[int] = []
        body = {"version": s["version"], "option": 0}
        threads = [threading.Thread(target=post, args=(f"{p.url}/api/games/{gid}/actions",
                                                       auth, body, results)) for p in (a, b)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert sorted(results) == [200, 409], (i, results)


def post(url: str, headers: dict[str, str], body: dict[str, Any], out: list[int]) -> None:
    out.append(httpx.post(url, headers=headers, json=body, timeout=10).status_code)


def test_serve_workers_shares_one_postgres(pg_url: str, tmp_path: Path) -> None:
    with serve(tmp_path, pg_url, "--workers", "2", name="workers") as w, ExitStack() as stack:
        deadline = time.monotonic() + 20
        while len(children(w.proc.pid)) < 2:
            assert time.monotonic() < deadline, "two worker processes did not start"
            time.sleep(0.1)
        with httpx.Client(base_url=w.url, timeout=10) as c:
            game = c.post("/api/games", json={"factions": FACTIONS}).json()
        gid = game["id"]
        # many sockets on fresh connections: the kernel spreads them over both workers
        watchers = [Watcher(stack.enter_context(connect(ws_url(w.url, gid, game["seats"][f]
                                                               ["token"]))), f)
                    for f in PEOPLE for _ in range(4)]
        for x in watchers:
            x.start()
        accepted, _ = play([w.url], game, 30, seed=12)
        assert accepted == 30
        final = httpx.get(f"{w.url}/api/games/{gid}").json()
        for x in watchers:
            x.wait_for(final["version"])
            assert x.versions() == sorted(x.versions())
            x.ws.close()
        check_record(pg_url, gid, final)
    assert "Traceback" not in w.text(), w.text()[-3000:]


def children(pid: int) -> list[int]:
    out = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(stat[1]) == pid:
                out.append(int(entry))
    return out


def test_workers_need_postgres(tmp_path: Path) -> None:
    import subprocess
    import sys

    r = subprocess.run([sys.executable, "-m", "rootlaw.cli", "serve", "--workers", "2",
                        "--db", str(tmp_path / "g.sqlite3")], capture_output=True, text=True,
                       timeout=60)
    assert r.returncode == 2 and "--workers needs games in PostgreSQL" in r.stderr
