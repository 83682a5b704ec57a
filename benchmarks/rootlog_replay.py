"""Rootlog benchmark: how long a 30-turn record takes to load (parse, set up, search
every turn), issue 37's "under 2 seconds" (a benchmark, not a timed test).

Run by hand, on a quiet machine:

    python benchmarks/rootlog_replay.py                 # seeds 1-5, 30 turns, best of 3
    python benchmarks/rootlog_replay.py --turns 30 --seeds 1,2,3 --rounds 5
    python benchmarks/rootlog_replay.py --who table     # as the table saw it (hidden cards)
    python benchmarks/rootlog_replay.py --files ../shared/notation/examples/*.rootlog

Each seed plays a random four-faction game of the standard setup (Marquise, Eyrie,
Alliance, Vagabond: the base game) until 30 turns are played, writes it
(``dumps``: every card named, or only what the table saw) and loads it back
(``loads``) ``--rounds`` times. Times are CPU time (``time.process_time``), the best
of the rounds: a shared machine's load stays out of the figures. ``--files`` loads the
given records instead (people's records: issue 55's "a 40-turn human record in under
5 s of one core"), each ``--rounds`` times.
"""
from __future__ import annotations

import argparse
import random
import statistics
import time
from pathlib import Path

import rootlaw
from rootlaw.rootlog import ALL, dumps, loads

FACTIONS = ["marquise", "eyrie", "alliance", "vagabond"]


def record(seed: int, turns: int, who: str) -> str:
    """A random game of ``turns`` turns, written as a Rootlog."""
    rnd = random.Random(seed)
    g = rootlaw.new_game(factions=FACTIONS, seed=seed)
    while not g.is_over and g.turn_no < turns:
        opts = g.decision.options
        g.apply(opts[rnd.randrange(len(opts))])
    text = dumps(g, ALL if who == "all" else None)
    if who == "table":  # a record as a player writes it: no rootlaw directive
        text = "\n".join(x for x in text.splitlines() if not x.startswith("// rootlaw-"))
    return text


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--turns", type=int, default=30)
    ap.add_argument("--seeds", default="1,2,3,4,5")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--who", choices=("all", "table"), default="all",
                    help="all: every card named (rootlaw's own record of a finished game); "
                         "table: what the whole table saw, without rootlaw's directives")
    ap.add_argument("--files", nargs="+", metavar="FILE", help="load these records instead")
    args = ap.parse_args()
    if args.files:
        files(args.files, args.rounds)
        return
    best: list[float] = []
    for seed in (int(x) for x in args.seeds.split(",")):
        text = record(seed, args.turns, args.who)
        times: list[float] = []
        r = None
        for _ in range(args.rounds):
            t0 = time.process_time()
            r = loads(text)
            times.append(time.process_time() - t0)
        assert r is not None
        best.append(min(times))
        print(f"seed {seed}: {r.report.turns} turns, {r.report.checked} checked, "
              f"load {min(times):.2f} s (best of {args.rounds})")
    print(f"median {statistics.median(best):.2f} s, worst {max(best):.2f} s "
          f"({args.who}, {args.turns} turns)")


def files(paths: list[str], rounds: int) -> None:
    """Each record loaded ``rounds`` times: its turns checked and the best CPU time."""
    for p in paths:
        text = Path(p).read_text(encoding="utf-8")
        times: list[float] = []
        r = None
        for _ in range(rounds):
            t0 = time.process_time()
            r = loads(text)
            times.append(time.process_time() - t0)
        assert r is not None
        print(f"{Path(p).name}: {r.report.turns} turns, {r.report.checked} checked, "
              f"load {min(times):.2f} s (best of {rounds})")


if __name__ == "__main__":
    main()
