"""Compare two agents on the same seeds: the paired difference of their strength runs.

Game i of a strength cell has seed SEED + i for every agent (scripts/strength.py), so
two runs of one faction on the same seeds differ game by game by the agent alone, not
by the seat order, the cards or the bots' dice. The difference of the scores, game by
game, is what an experiment measures; its standard error is far smaller than the
spread of either run. Not a test: run it by hand on the JSON that strength.py wrote.

    python scripts/paired.py base.json new.json
    python scripts/paired.py base_10000.json,base_10024.json new_10000.json,new_10024.json

Each side is one run or several, comma-separated, whose games follow one another
(seeds 10000-10023, then 10024-10047). A file holding more than one row (several
agents or factions) needs ``--row N`` (the same row of every file). The output: the
games both sides played, each side's wins and mean VP, the mean difference (B minus A)
with one standard error, and the games only one side won with the exact two-sided
sign test of those (McNemar's test). Each side's search iterations a decision are shown
too, when its runs recorded them: on a time budget a slower machine or a costlier agent
searches less, and a doubling of the iterations is worth about a VP a game to the
search agent (docs/strength/experiments.md), so a pair whose budgets differ measures
that as well as the change.
"""
from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
from dataclasses import dataclass
from typing import Any

WIN_MARK = 100  # strength.py adds 100 to the score of a won game
BUDGETS_DIFFER = 1.2  # iterations a decision: one side's over the other's, flagged above


class PairingError(ValueError):
    """The runs cannot be paired: different seeds, factions or a malformed file."""


@dataclass(frozen=True)
class Side:
    """One side of the comparison: its games' seeds (None if a file did not record
    them), scores and wins, in seed order."""

    agent: str
    faction: str
    seeds: list[int] | None
    scores: list[int]
    won: list[bool]
    iterations: float | None = None  # search iterations a decision, over all its games


def load_side(paths: str, row: int | None = None) -> Side:
    """The games of one side: the rows of the comma-separated files, one after another."""
    agents: list[str] = []
    factions: set[str] = set()
    seeds: list[int] | None = []
    scores: list[int] = []
    searched: float | None = 0.0  # iterations a decision times games (None: not recorded)
    for path in paths.split(","):
        r = _row(path, row)
        marked = r.get("scores")
        if not isinstance(marked, list) or not all(isinstance(x, int) for x in marked):
            raise PairingError(f"{path}: no game-by-game 'scores' (rerun strength.py)")
        agents.append(str(r.get("agent", "?")))
        factions.add(str(r.get("faction", "?")))
        seed = r.get("seed", r.get("first_seed"))  # experiments_*.json: first_seed
        if seeds is not None and isinstance(seed, int):
            seeds.extend(range(seed, seed + len(marked)))
        else:
            seeds = None  # an older file: the order alone pairs the games
        scores.extend(marked)
        rate = r.get("iterations_per_decision")
        if searched is not None and isinstance(rate, int | float) and rate > 0:
            searched += rate * len(marked)
        else:
            searched = None  # a file without it (or not a search): unknown for the side
    if len(factions) > 1:
        raise PairingError(f"{paths}: runs of different factions ({', '.join(sorted(factions))})")
    return Side(" + ".join(dict.fromkeys(agents)), factions.pop(), seeds,
                [x % WIN_MARK for x in scores], [x >= WIN_MARK for x in scores],
                searched / len(scores) if searched is not None and scores else None)


def _row(path: str, row: int | None) -> dict[str, Any]:
    try:
        with open(path, encoding="utf-8") as fh:
            data = json.load(fh)
    except (OSError, json.JSONDecodeError) as e:
        raise PairingError(f"{path}: {e}") from e
    rows = data.get("rows", [data]) if isinstance(data, dict) else None
    if not isinstance(rows, list) or not rows or not all(isinstance(r, dict) for r in rows):
        raise PairingError(f"{path}: not a strength.py JSON (no rows)")
    if row is None:
        if len(rows) > 1:
            raise PairingError(f"{path}: {len(rows)} rows; choose one with --row")
        return rows[0]
    if not 0 <= row < len(rows):
        raise PairingError(f"{path}: no row {row} (it has {len(rows)})")
    return rows[row]


def compare(a: Side, b: Side) -> dict[str, Any]:
    """The paired comparison of the games both sides played (the first n of each)."""
    if a.faction != b.faction:
        raise PairingError(f"different factions: {a.faction} and {b.faction}")
    n = min(len(a.scores), len(b.scores))
    if n < 2:
        raise PairingError(f"{n} paired games: at least 2 are needed")
    if a.seeds is not None and b.seeds is not None:
        for i, (x, y) in enumerate(zip(a.seeds[:n], b.seeds[:n], strict=True)):
            if x != y:
                raise PairingError(f"game {i} has seed {x} in A and {y} in B: "
                                   "not the same seeds")
    scores_a, scores_b, won_a, won_b = a.scores[:n], b.scores[:n], a.won[:n], b.won[:n]
    diff = [y - x for x, y in zip(scores_a, scores_b, strict=True)]
    only_a = sum(1 for x, y in zip(won_a, won_b, strict=True) if x and not y)
    only_b = sum(1 for x, y in zip(won_a, won_b, strict=True) if y and not x)
    return {"faction": a.faction, "agents": [a.agent, b.agent], "games": n,
            "seeds_checked": a.seeds is not None and b.seeds is not None,
            "wins": [sum(won_a), sum(won_b)],
            "mean_vp": [statistics.fmean(scores_a), statistics.fmean(scores_b)],
            "vp_difference": statistics.fmean(diff),
            "standard_error": statistics.stdev(diff) / math.sqrt(n),
            "won_by_one_side": [only_a, only_b], "sign_test_p": sign_test(only_a, only_b),
            "iterations_per_decision": [a.iterations, b.iterations]}


def sign_test(k: int, m: int) -> float:
    """The exact two-sided sign test of k successes against m (p = 1/2 each)."""
    n = k + m
    if n == 0:
        return 1.0
    tail = sum(math.comb(n, i) for i in range(min(k, m) + 1)) / 2 ** n
    return min(1.0, 2 * tail)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("a", help="the baseline: strength.py JSON files, comma-separated")
    p.add_argument("b", help="the agent compared with it, on the same seeds")
    p.add_argument("--row", type=int, help="the row of each file (several agents/factions)")
    p.add_argument("--json", action="store_true", help="print the comparison as JSON")
    args = p.parse_args(argv)
    try:
        r = compare(load_side(args.a, args.row), load_side(args.b, args.row))
    except PairingError as e:
        print(f"paired.py: {e}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(r, indent=2))
        return 0
    (wa, wb), (va, vb) = r["wins"], r["mean_vp"]
    print(f"{r['faction']}, {r['games']} paired games"
          + ("" if r["seeds_checked"] else " (seeds not recorded: paired by order)"))
    ia, ib = r["iterations_per_decision"]
    print(f"  A {r['agents'][0]}: {wa} wins, {va:.2f} VP" + _searched(ia))
    print(f"  B {r['agents'][1]}: {wb} wins, {vb:.2f} VP" + _searched(ib))
    print(f"  B - A: {r['vp_difference']:+.2f} ± {r['standard_error']:.2f} VP a game; "
          f"won by one side only: A {r['won_by_one_side'][0]}, B {r['won_by_one_side'][1]} "
          f"(sign test p = {r['sign_test_p']:.2f})")
    if ia and ib and max(ia, ib) > BUDGETS_DIFFER * min(ia, ib):
        print(f"  the budgets differ: B searched {ib / ia:.2f} times A's iterations a decision")
    return 0


def _searched(iterations: float | None) -> str:
    return f", {iterations:.0f} iterations a decision" if iterations else ""


if __name__ == "__main__":
    sys.exit(main())
