"""Load on the game server: many games at once, every person's seat played as fast as it
can, on loopback only, for a bounded time.

    python benchmarks/serve_load.py                          # 100 games, 20 s, SQLite
    PYTHONPATH=build/compiled python -P benchmarks/serve_load.py    # the compiled build
    python benchmarks/serve_load.py --games 20 --seconds 10 --mode poll
    python benchmarks/serve_load.py --db postgresql://postgres@127.0.0.1:5432/postgres \
        --workers 2 --cpus 0,1
    sudo python benchmarks/serve_load.py --realtime     # on a machine shared with others

It starts ``rootlaw serve`` (the same interpreter and path as itself) on a free loopback
port, pinned to ``--cpus`` (default: core 0), and plays from this process (pinned to the
other cores). Each game has three people (Marquise, Eyrie, Alliance) and a Vagabot; each
person is one client. In ``ws`` mode (what the game page does) a client watches its
WebSocket and, whenever a state shows its own decision, posts a random option with the
state's version; in ``poll`` mode it reads the state by GET instead, 50 ms apart while
others decide. A finished game is replaced by a new one.

It prints accepted actions/s, refusals, POST latency percentiles and the server's CPU
time per accepted action, measured after ``--warmup`` seconds. Nothing leaves the
machine: the target is always 127.0.0.1.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

HOST = "127.0.0.1"  # loopback only, by construction
PEOPLE = ["marquise", "eyrie", "alliance"]
FACTIONS = [*PEOPLE, "vagabot"]


@dataclass
class Stats:
    measuring: bool = False
    accepted: int = 0
    refused: dict[int, int] = field(default_factory=dict)
    latencies: list[float] = field(default_factory=list)
    games: int = 0
    errors: list[str] = field(default_factory=list)

    def record(self, status: int, seconds: float) -> None:
        if not self.measuring:
            return
        self.latencies.append(seconds)
        if status == 200:
            self.accepted += 1
        else:
            self.refused[status] = self.refused.get(status, 0) + 1
            if status >= 500:
                self.errors.append(f"HTTP {status}")


class Http:
    """One keep-alive HTTP/1.1 connection: a lean client, so that the figures measure
    the server rather than a client library."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def request(self, method: str, path: str, body: Any = None) -> tuple[int, Any]:
        for attempt in (0, 1):  # a keep-alive connection the server closed: open anew
            try:
                return await self._request(method, path, body)
            except (ConnectionError, asyncio.IncompleteReadError):
                self.close()
                if attempt:
                    raise
        raise AssertionError("unreachable")

    async def _request(self, method: str, path: str, body: Any) -> tuple[int, Any]:
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection(HOST, self.port)
        assert self.reader is not None
        data = json.dumps(body).encode() if body is not None else b""
        self.writer.write(f"{method} {path} HTTP/1.1\r\nHost: {HOST}\r\n"
                          f"Content-Type: application/json\r\nContent-Length: {len(data)}"
                          "\r\n\r\n".encode() + data)
        head = (await self.reader.readuntil(b"\r\n\r\n")).decode().split("\r\n")
        status = int(head[0].split()[1])
        length = next(int(h.split(":")[1]) for h in head
                      if h.lower().startswith("content-length"))
        return status, json.loads(await self.reader.readexactly(length))

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None


async def post_action(http: Http, gid: str, tok: str, s: dict[str, Any], rnd: random.Random,
                      stats: Stats) -> tuple[int, Any]:
    n = len(s["decision"]["options"])
    t0 = time.perf_counter()
    status, answer = await http.request("POST", f"/api/games/{gid}/actions", {
        "token": tok, "version": s["version"], "option": rnd.randrange(n)})
    stats.record(status, time.perf_counter() - t0)
    return status, answer


async def seat_ws(port: int, gid: str, seat: str, tok: str, rnd: random.Random, stats: Stats,
                  stop: float) -> None:
    """Watch the seat's WebSocket; act on every state that shows this seat's decision."""
    from websockets.asyncio.client import connect

    http = Http(port)
    acted = -1  # the last version this client acted on (the answer and the push agree)
    try:
        async with connect(f"ws://{HOST}:{port}/api/games/{gid}/ws?token={tok}",
                           max_size=2**24, open_timeout=30, close_timeout=1) as ws:
            while time.monotonic() < stop:
                try:
                    raw = await asyncio.wait_for(ws.recv(), timeout=max(0.01, stop
                                                                        - time.monotonic()))
                except TimeoutError:
                    return
                s = json.loads(raw)
                while (not s["over"] and s["decision"]["seat"] == seat
                       and s["version"] > acted and time.monotonic() < stop):
                    acted = s["version"]
                    status, answer = await post_action(http, gid, tok, s, rnd, stats)
                    if status != 200:
                        break
                    s = answer
                if s["over"]:
                    return
    finally:
        http.close()


async def seat_poll(port: int, gid: str, seat: str, tok: str, rnd: random.Random, stats: Stats,
                    stop: float) -> None:
    """Read the state; act when it is this seat's decision, else wait 50 ms."""
    http = Http(port)
    try:
        while time.monotonic() < stop:
            _, s = await http.request("GET", f"/api/games/{gid}?token={tok}")
            if s["over"]:
                return
            if s["decision"]["seat"] != seat:
                await asyncio.sleep(0.05)
                continue
            await post_action(http, gid, tok, s, rnd, stats)
    finally:
        http.close()


async def table(port: int, i: int, mode: str, stats: Stats, stop: float) -> None:
    """One table: a game after another until the time is up."""
    rnd = random.Random(i)
    play = seat_ws if mode == "ws" else seat_poll
    http = Http(port)
    while time.monotonic() < stop:
        status, game = await http.request("POST", "/api/games", {"factions": FACTIONS})
        if status != 201:
            stats.errors.append(f"create: HTTP {status} {game}")
            return
        stats.games += 1
        await asyncio.gather(*(play(port, game["id"], f, game["seats"][f]["token"],
                                    random.Random(rnd.random()), stats, stop)
                               for f in PEOPLE))
    http.close()


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process and its live children (uvicorn's workers)."""
    tick = os.sysconf("SC_CLK_TCK")
    total = 0.0
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            fields = Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(entry) == pid or int(fields[1]) == pid:  # fields[1]: the parent's pid
            total += (int(fields[11]) + int(fields[12])) / tick
    return total


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def drive(port: int, args: argparse.Namespace, pid: int) -> dict[str, Any]:
    stats = Stats()
    start = time.monotonic()
    stop = start + args.warmup + args.seconds
    tables = asyncio.gather(*(table(port, i, args.mode, stats, stop)
                              for i in range(args.games)))
    await asyncio.sleep(args.warmup)
    stats.measuring, cpu0, t0 = True, cpu_seconds(pid), time.monotonic()
    own0 = time.process_time()
    await asyncio.sleep(max(0.0, stop - time.monotonic()))
    stats.measuring = False
    elapsed, cpu = time.monotonic() - t0, cpu_seconds(pid) - cpu0
    own = time.process_time() - own0
    await tables
    ms = [x * 1000 for x in stats.latencies]
    return {
        "mode": args.mode, "games": args.games, "workers": args.workers,
        "seconds": round(elapsed, 1), "accepted": stats.accepted,
        "actions_per_s": round(stats.accepted / elapsed, 1),
        "refused": stats.refused, "games_started": stats.games,
        "post_ms": {f"p{int(q * 100)}": round(percentile(ms, q), 1)
                    for q in (0.5, 0.9, 0.99)} | {"max": round(max(ms, default=0), 1)},
        "server_cpu_ms_per_action": round(1000 * cpu / max(1, stats.accepted), 2),
        "server_cpu_share": round(cpu / elapsed, 2),
        "client_cpu_share": round(own / elapsed, 2), "errors": stats.errors[:5],
    }


def start_server(args: argparse.Namespace, port: int, log: Any) -> subprocess.Popen[bytes]:
    cmd = [sys.executable, *(["-P"] if sys.flags.safe_path else []), "-m", "rootlaw.cli",
           "serve", "--host", HOST, "--port", str(port), "--db", args.db,
           "--agent-delay", "0"]
    if args.workers > 1:
        cmd += ["--workers", str(args.workers)]
    if args.cpus:
        cmd = ["taskset", "-c", args.cpus, *cmd]
    if args.realtime:
        cmd = ["chrt", "--fifo", "1", *cmd]
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    return subprocess.Popen(cmd, stdout=log, stderr=log, env=env)


def wait_ready(port: int, proc: subprocess.Popen[bytes]) -> None:
    import urllib.request

    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise SystemExit("the server stopped at start-up")
        try:
            with urllib.request.urlopen(f"http://{HOST}:{port}/api/health", timeout=1):
                return
        except OSError:
            time.sleep(0.1)
    raise SystemExit("the server did not start")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=100, help="tables at once (default 100)")
    ap.add_argument("--seconds", type=float, default=20.0, help="measured time (default 20)")
    ap.add_argument("--warmup", type=float, default=3.0, help="unmeasured start (default 3)")
    ap.add_argument("--mode", choices=("ws", "poll"), default="ws")
    ap.add_argument("--db", help="the server's store (default: a new SQLite file); a "
                    "postgresql:// URL must be on this machine")
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--cpus", default="0", help="the server's cores for taskset ('' = any)")
    ap.add_argument("--realtime", action="store_true",
                    help="run the server and this client under SCHED_FIFO (root), so that on "
                    "a machine shared with other work they get their cores for the run")
    ap.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = ap.parse_args()
    if args.seconds > 300 or args.games > 1000:
        ap.error("keep load runs short: at most 300 s and 1000 games")
    from urllib.parse import urlparse

    from rootlaw.server.background import free_port

    with tempfile.TemporaryDirectory() as tmp:
        args.db = args.db or f"sqlite:///{tmp}/load.sqlite3"
        if "://" in args.db and not args.db.startswith("sqlite") and \
                urlparse(args.db).hostname not in ("127.0.0.1", "localhost", "::1"):
            ap.error("the database must be on this machine (loopback)")
        if args.cpus and hasattr(os, "sched_setaffinity"):  # the client on the other cores
            others = set(os.sched_getaffinity(0)) - {int(c) for c in args.cpus.split(",")}
            if others:
                os.sched_setaffinity(0, others)
        if args.realtime:  # bounded by --seconds; the kernel keeps 5% for the rest
            os.sched_setscheduler(0, os.SCHED_FIFO, os.sched_param(1))
        port = free_port(HOST)
        log_path = Path(tmp) / "server.log"
        with log_path.open("wb") as log:
            proc = start_server(args, port, log)
            try:
                wait_ready(port, proc)
                result = asyncio.run(drive(port, args, proc.pid))
            finally:
                proc.terminate()
                try:
                    proc.wait(timeout=15)
                except subprocess.TimeoutExpired:
                    proc.kill()
        tail = [ln for ln in log_path.read_text(errors="replace").splitlines()
                if "Traceback" in ln or "ERROR" in ln]
        result["server_errors"] = tail[:5]
    if args.json:
        print(json.dumps(result))
        return
    p = result["post_ms"]
    print(f"{result['games']} games ({result['mode']}, {result['workers']} worker(s)), "
          f"{result['seconds']} s measured: {result['accepted']} actions accepted, "
          f"{result['actions_per_s']}/s; refused {result['refused']}; "
          f"{result['games_started']} games started")
    print(f"POST latency ms: p50 {p['p50']}  p90 {p['p90']}  p99 {p['p99']}  max {p['max']}")
    print(f"server CPU: {result['server_cpu_ms_per_action']} ms per accepted action "
          f"({result['server_cpu_share']} cores busy; the client {result['client_cpu_share']})")
    for line in result["errors"] + result["server_errors"]:
        print("error:", line)


if __name__ == "__main__":
    main()
