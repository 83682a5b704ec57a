"""Fit the search agent's evaluation to outcomes (``rootlaw/data/values.json``).

Plays games of each base human faction (an agent, by default the heuristic one) against
the three Rootbotics bots of the others on Fall, records every seat's features
(``rootlaw.agents.heuristic.features``) at the start of every faction turn, and fits,
for each faction, the VP it ends the game with: a ridge regression on the features and
their products with ``rounds_left`` (what a roost is worth depends on how long it will
score). ``FittedEvaluator`` reads the fit: a position is worth the VP the seat is
expected to end with, in the same units for every faction and bot. Not a test: run it
by hand, preferably on the compiled engine (docs/agents.md):

    bash scripts/build_compiled
    PYTHONPATH=build/compiled python -P scripts/fit_values.py --games 300 --workers 2

To refit one faction from the search's own games and keep every other fit (the bots'
stay pooled over every faction's games): ``--factions marquise --agent mcts:iters=100
--update``. Game i of a faction has seed SEED + i (default 50,000: apart from the
strength seeds).
"""
from __future__ import annotations

import argparse
import json
import multiprocessing
import re
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

import rootlaw
from rootlaw.agents.base import decide, make_agent
from rootlaw.agents.heuristic import features, rounds_left
from rootlaw.tournament import bots_against, human_factions

OUT = Path(__file__).resolve().parent.parent / "rootlaw" / "data" / "values.json"
Row = tuple[str, dict[str, float], float, float]  # faction, features, rounds left, final VP


def record(job: tuple[str, str, int]) -> list[Row]:
    """One game: every seat's features at each turn's start, with its final VP (nothing
    for a game that did not end)."""
    me, agent, seed = job
    g = rootlaw.new_game(factions=[me, *bots_against(me)], map="fall", seed=seed)
    player = make_agent(agent, seed)
    snaps: list[tuple[str, dict[str, float], float, int]] = []
    turn = -1
    decisions = 0
    while not g.is_over and g.turn_no <= 200:
        if g.turn_no != turn:
            turn = g.turn_no
            r = rounds_left(g)
            snaps.extend((f, features(g, s), r, s) for s, f in enumerate(g.factions))
        g.apply(decide(player, g, seed=seed * 1_000_003 + decisions))
        decisions += 1
    if not g.is_over:
        return []
    return [(f, x, r, float(g.vp[s])) for f, x, r, s in snaps]


def fit(rows: list[Row], ridge: float) -> dict[str, Any]:
    """One faction's fit: final VP ~ bias + bias_r * r + sum_k (a_k + b_k * r) * x_k."""
    keys = sorted({k for _, x, _, _ in rows for k, v in x.items() if v})
    X = np.zeros((len(rows), 2 + 2 * len(keys)))
    y = np.zeros(len(rows))
    for i, (_, x, r, final) in enumerate(rows):
        X[i, 0], X[i, 1] = 1.0, r
        for j, k in enumerate(keys):
            v = x.get(k, 0.0)
            X[i, 2 + 2 * j] = v
            X[i, 3 + 2 * j] = v * r
        y[i] = final
    keep = [0, 1] + [c for c in range(2, X.shape[1]) if X[:, c].std() > 0]
    X = X[:, keep]
    scale = np.where(X.std(axis=0) > 0, X.std(axis=0), 1.0)
    scale[0] = 1.0
    Z = X / scale
    penalty = ridge * np.eye(Z.shape[1])
    penalty[0, 0] = 0.0  # the intercept is not shrunk
    coef = np.linalg.solve(Z.T @ Z + penalty, Z.T @ y) / scale
    full = np.zeros(2 + 2 * len(keys))
    full[keep] = coef
    rmse = float(np.sqrt(np.mean((X @ coef - y) ** 2)))
    weights = {k: [round(float(full[2 + 2 * j]), 4), round(float(full[3 + 2 * j]), 4)]
               for j, k in enumerate(keys) if full[2 + 2 * j] or full[3 + 2 * j]}
    return {"bias": [round(float(full[0]), 4), round(float(full[1]), 4)], "weights": weights,
            "rows": len(rows), "rmse": round(rmse, 3)}


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--factions", default="marquise,eyrie,alliance,vagabond",
                   help="human factions whose games are played (each against three bots)")
    p.add_argument("--agent", default="heuristic", help="the agent in the human seat")
    p.add_argument("--games", type=int, default=300, help="games per human faction")
    p.add_argument("--seed", type=int, default=50_000)
    p.add_argument("--workers", type=int, default=1)
    p.add_argument("--ridge", type=float, default=10.0)
    p.add_argument("--out", type=Path, default=OUT)
    p.add_argument("--update", action="store_true",
                   help="refit only the human factions played; keep --out's other fits")
    a = p.parse_args(argv)
    humans = a.factions.split(",")
    kept = _checked(p, a, humans)  # before hours of games, not after
    jobs = [(f, a.agent, a.seed + i) for f in humans for i in range(a.games)]
    t0 = time.perf_counter()
    if a.workers == 1:
        games = [record(job) for job in jobs]
    else:
        with multiprocessing.get_context("spawn").Pool(a.workers) as pool:
            games = pool.map(record, jobs, chunksize=4)
    by_faction: dict[str, list[Row]] = {}
    for rows in games:
        for row in rows:
            by_faction.setdefault(row[0], []).append(row)
    about = (f"{a.games} games per human faction ({a.factions}) by {a.agent} against three "
             f"bots on Fall, seeds {a.seed}+; ridge {a.ridge}; "
             f"{sum(1 for g in games if g)} games ended; {rootlaw.BUILD} build")
    fits = {f: {**fit(rows, a.ridge), "about": about} for f, rows in sorted(by_faction.items())
            if not a.update or f in humans}  # the bots' fits stay pooled over every faction
    for f, m in fits.items():
        print(f"{f:22} rows {m['rows']:6}  rmse {m['rmse']:5.2f} VP", file=sys.stderr)
    write(a.out, {**kept, **fits})
    print(f"wrote {a.out} in {time.perf_counter() - t0:.0f} s", file=sys.stderr)


def write(out: Path, fits: dict[str, Any]) -> None:
    """values.json: the fits, each with the games it came from, a [static, per round left]
    pair per line."""
    text = json.dumps({"about": "final VP fitted to features at each turn's start (each "
                       "fit's about: the games it came from)", "fits": fits}, indent=1)
    out.write_text(re.sub(r"\[\s+(\S+),\s+(\S+)\s+\]", r"[\1, \2]", text) + "\n")


def _checked(p: argparse.ArgumentParser, a: argparse.Namespace, humans: list[str]
             ) -> dict[str, Any]:
    """Refuse bad arguments with a clear error; with --update, the fits of --out to keep."""
    unknown = sorted(set(humans) - set(human_factions()))
    if unknown:
        p.error(f"--factions: {', '.join(unknown)} not a human faction")
    if a.games < 1 or a.workers < 1:
        p.error("--games and --workers must be at least 1")
    try:
        make_agent(a.agent)
    except ValueError as e:
        p.error(f"--agent: {e}")
    if not a.update:
        return {}
    try:
        fits = json.loads(a.out.read_text())["fits"]
    except (OSError, ValueError, KeyError, TypeError) as e:
        p.error(f"--update: {a.out} has no fits to keep ({e!r})")
    if not isinstance(fits, dict):
        p.error(f"--update: {a.out}'s fits are not a table of factions")
    return fits


if __name__ == "__main__":
    main()
