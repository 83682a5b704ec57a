"""rootlaw benchmark: random-play throughput and hot-path costs, on one core.

Run by hand (not a test):  python benchmarks/bench.py [--games 200] [--factions marquise,eyrie]...
"""
from __future__ import annotations

import argparse
import random
import time

import rootlaw


def random_games(factions: list[str], games: int, seed: int) -> tuple[float, int, int]:
    """Play random games; return (CPU seconds, games, decisions)."""
    decisions = 0
    t0 = time.process_time()
    for i in range(games):
        g = rootlaw.new_game(factions=factions, seed=seed + i)
        rnd = random.Random(seed + i)
        while not g.is_over:
            opts = g.decision.options
            g.apply(opts[rnd.randrange(len(opts))])
            decisions += 1
    return time.process_time() - t0, games, decisions


def sample_states(factions: list[str], n: int, seed: int) -> list[rootlaw.Game]:
    """Mid-game positions to time copy() and legal options on."""
    out = []
    rnd = random.Random(seed)
    g = rootlaw.new_game(factions=factions, seed=seed)
    while len(out) < n:
        if g.is_over:
            g = rootlaw.new_game(factions=factions, seed=rnd.randrange(1 << 30))
        opts = g.decision.options
        g.apply(opts[rnd.randrange(len(opts))])
        if rnd.random() < 0.05 and not g.is_over:
            out.append(g.copy())
    return out


def per_call_us(fn, states: list[rootlaw.Game], repeat: int = 20) -> float:
    best = float("inf")
    for _ in range(3):
        t0 = time.process_time()
        for _ in range(repeat):
            for s in states:
                fn(s)
        best = min(best, (time.process_time() - t0) / (repeat * len(states)))
    return best * 1e6


def report(factions: list[str], games: int, seed: int, rounds: int) -> None:
    best = None
    for _ in range(rounds):
        res = random_games(factions, games, seed)
        if best is None or res[0] < best[0]:
            best = res
    assert best is not None
    secs, games, decisions = best
    print(f"factions: {'/'.join(factions)}   games: {games}   (best of {rounds}, CPU time)")
    print(f"  random games/s:        {games / secs:10.1f}")
    print(f"  decisions/s:           {decisions / secs:10.0f}")
    print(f"  decisions per game:    {decisions / games:10.1f}")

    states = sample_states(factions, 200, seed)
    print(f"  copy():                {per_call_us(lambda g: g.copy(), states):10.2f} us")

    def legal(g: rootlaw.Game) -> None:
        from rootlaw.core.steps import STEPS

        step = g.stack[-1]
        STEPS[step[0]].options(g, step)

    print(f"  legal options:         {per_call_us(legal, states):10.2f} us")

    def apply_one(g: rootlaw.Game) -> None:
        c = g.copy()
        c.apply(c.decision.options[0])

    print(f"  copy()+apply(first):   {per_call_us(apply_one, states, 5):10.2f} us")
    print(f"  to_json():             {per_call_us(lambda g: g.to_json(), states, 2):10.2f} us")


def all_bot_games(factions: list[str], games: int, seed: int, rounds: int) -> None:
    """All-bot games play themselves inside new_game (bots never ask for a decision)."""
    best = float("inf")
    turns = 0
    for _ in range(rounds):
        t0 = time.process_time()
        turns = 0
        for i in range(games):
            turns += rootlaw.new_game(factions=factions, seed=seed + i).turn_no
        best = min(best, time.process_time() - t0)
    print(f"factions: {'/'.join(factions)}   games: {games}   (best of {rounds}, CPU time)")
    print(f"  all-bot games/s:       {games / best:10.1f}")
    print(f"  turns per game:        {turns / games:10.1f}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--factions", action="append",
                    help="comma-separated mix (repeatable); default: 2 and 4 players")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--rounds", type=int, default=3, help="report the best of this many runs")
    args = ap.parse_args()
    mixes = args.factions or ["marquise,eyrie", "marquise,eyrie,alliance,vagabond"]
    for mix in mixes:
        factions = mix.split(",")
        if all(rootlaw.FACTIONS[f].is_bot for f in factions):
            all_bot_games(factions, args.games, args.seed, args.rounds)
        else:
            report(factions, args.games, args.seed, args.rounds)
    if not args.factions:
        bots = ["mechanical_marquise", "electric_eyrie", "automated_alliance", "vagabot"]
        all_bot_games(bots, args.games, args.seed, args.rounds)


if __name__ == "__main__":
    main()
