"""Simulation scaling: the same games on 1 and on N worker processes (not a test).

    python scripts/sim_scaling.py --games 2000 --workers 2
    PYTHONPATH=build/compiled python -P scripts/sim_scaling.py --games 2000 --workers 2

Plays random 4-player games with seeds 1..GAMES once on one process and once on N,
prints both wall times, the speed-up and whether every game's result is identical.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import time

import rootlaw
from rootlaw.sim import run, specs_for


def digest(results: list) -> str:
    h = hashlib.sha256()
    for r in results:
        h.update(json.dumps([r.seed, r.factions, r.winners, r.turns, r.decisions, r.scores,
                             r.vp_sources], sort_keys=True).encode())
    return h.hexdigest()


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--games", type=int, default=2000)
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--factions", default="marquise,eyrie,alliance,vagabond")
    args = p.parse_args()
    specs = specs_for(args.factions.split(","), args.games, seed=1)
    times = {}
    digests = {}
    for w in (1, args.workers):
        t = time.perf_counter()
        results = list(run(specs, workers=w))
        times[w] = time.perf_counter() - t
        digests[w] = digest(results)
        print(f"{rootlaw.BUILD} build, {w} worker(s): {args.games} games in {times[w]:.1f} s "
              f"({args.games / times[w]:.1f} games/s)", flush=True)
    print(f"speed-up: {times[1] / times[args.workers]:.2f}x; "
          f"same results: {digests[1] == digests[args.workers]}")


if __name__ == "__main__":
    main()
