"""rootlaw benchmark: random-play throughput and hot-path costs, pure and compiled.

Run by hand (not a test), on a quiet machine:

    python benchmarks/bench.py                      # both builds, the three standard mixes
    python benchmarks/bench.py --build pure --games 100 --factions marquise,eyrie
    python benchmarks/bench.py --json               # the figures as JSON
    python benchmarks/bench.py --baseline ../old    # also the pure build of another checkout
    python benchmarks/bench.py --search             # the search's decisions/s by evaluation

Each build runs in its own process pinned to one core: the pure build from this
source tree, the compiled build from ``build/compiled`` (made by
``scripts/build_compiled`` when missing). Times are CPU time, best of ``--rounds``.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
# the compiled build: ROOTLAW_COMPILED names another folder (as the identity test's)
COMPILED = Path(os.environ.get("ROOTLAW_COMPILED", ROOT / "build" / "compiled"))
MIXES = ["marquise,eyrie", "marquise,eyrie,alliance,vagabond", "lizards,riverfolk,eyrie,vagabond",
         "duchy,marquise,eyrie,vagabond",
         "mechanical_marquise,electric_eyrie,automated_alliance,vagabot",
         "corvids,marquise,eyrie,vagabond", "hundreds,marquise,eyrie,vagabond",
         "keepers,marquise,eyrie,vagabond", "borough_kings,host_of_light,marquise,vagabond",
         "spinners,wyrm,marquise,eyrie", "spinners,wyrm", "draft:5", "draft:6", "hirelings:4",
         "hirelings:6"]
DRAFT = "draft:"  # a mix "draft:N": N players draft their factions (Advanced Setup, A.8)
HIRED = "hirelings:"  # "hirelings:N": a draft of N players with three hirelings (A.6)


def new_game(factions: list[str], seed: int) -> Any:
    import rootlaw

    if factions[0].startswith(DRAFT):
        return rootlaw.new_game(players=int(factions[0][len(DRAFT):]), setup="advanced",
                                seed=seed)
    if factions[0].startswith(HIRED):
        return rootlaw.new_game(players=int(factions[0][len(HIRED):]), setup="advanced",
                                hirelings=3, seed=seed)
    return rootlaw.new_game(factions=factions, seed=seed)


# ------------------------------------------------------------- the worker
def random_games(factions: list[str], games: int, seed: int) -> dict[str, float]:
    """Play uniformly random games: CPU seconds, decisions and faction turns."""

    decisions = turns = 0
    t0 = time.process_time()
    for i in range(games):
        g = new_game(factions, seed + i)
        rnd = random.Random(seed + i)
        while not g.is_over:
            opts = g.legal_options()
            g.apply(opts[rnd.randrange(len(opts))])
            decisions += 1
        turns += g.turn_no
    return {"seconds": time.process_time() - t0, "decisions": decisions, "turns": turns}


def sample_states(factions: list[str], n: int, seed: int) -> list[Any]:
    """Mid-game positions to time copy() and legal options on."""

    out: list[Any] = []
    rnd = random.Random(seed)
    g = new_game(factions, seed)
    while len(out) < n:
        if g.is_over:
            g = new_game(factions, rnd.randrange(1 << 30))
        opts = g.legal_options()
        g.apply(opts[rnd.randrange(len(opts))])
        if rnd.random() < 0.05 and not g.is_over:
            out.append(g.copy())
    return out


def per_call_us(fn: Callable[[Any], object], states: list[Any], repeat: int = 20) -> float:
    best = float("inf")
    for _ in range(3):
        t0 = time.process_time()
        for _ in range(repeat):
            for s in states:
                fn(s)
        best = min(best, (time.process_time() - t0) / (repeat * len(states)))
    return best * 1e6


def legal_options(g: Any) -> None:
    """The options of the pending step, computed afresh."""
    from rootlaw.core.steps import STEPS

    st = g.stack[-1]
    STEPS[st[0]].options(g, st)


def measure(factions: list[str], games: int, seed: int, rounds: int) -> dict[str, Any]:
    import rootlaw

    bots = all(f in rootlaw.FACTIONS and rootlaw.FACTIONS[f].is_bot for f in factions)
    best = min((random_games(factions, games, seed) for _ in range(rounds)),
               key=lambda r: r["seconds"])
    secs = best["seconds"]
    build = getattr(rootlaw, "BUILD", "pure")  # a baseline checkout may predate BUILD
    out: dict[str, Any] = {"factions": factions, "build": build, "games": games,
                           "games_per_s": games / secs, "turns_per_s": best["turns"] / secs,
                           "turns_per_game": best["turns"] / games}
    if bots:  # all-bot games play themselves inside new_game: no decisions
        return out
    states = sample_states(factions, 200, seed)
    out.update({
        "decisions_per_s": best["decisions"] / secs,
        "decisions_per_game": best["decisions"] / games,
        "apply_next_us": secs / best["decisions"] * 1e6,  # apply() + the next options
        "copy_us": per_call_us(lambda g: g.copy(), states),
        "options_us": per_call_us(legal_options, states),
        "to_json_us": per_call_us(lambda g: g.to_json(), states, 2),
    })
    return out


# the search agent with each evaluation (rootlaw.agents): the weighted values, the fit
# to outcomes (values.json) and the learned model (value_model.json)
SEARCH = {"weighted": "mcts:iters={n},fit=0", "fitted": "mcts:iters={n},fit=1",
          "learned": "mcts:iters={n},learned=1"}
SEARCH_FACTIONS = ("marquise", "eyrie", "alliance", "vagabond")


def search_speed(decisions: int, iters: int, seed: int) -> list[dict[str, Any]]:
    """CPU time of the search's decisions at a fixed number of iterations, with each
    evaluation, on the same positions (each base faction against the other three bots):
    decisions/s, iterations/s, and one leaf evaluation of every seat (values())."""
    import rootlaw
    from rootlaw.agents import make_agent
    from rootlaw.agents.base import decide
    from rootlaw.tournament import bots_against

    states: list[Any] = []
    for k, me in enumerate(SEARCH_FACTIONS):
        rnd = random.Random(seed + k)
        g = rootlaw.new_game(factions=[me, *bots_against(me)], seed=seed + k)
        player = make_agent("heuristic:depth=0", seed)
        mine: list[Any] = []
        while len(mine) < decisions and not g.is_over:
            d = g.decision
            assert d is not None
            if len(d.options) > 1 and rnd.random() < 0.3:
                mine.append(g.copy())
            g.apply(decide(player, g, seed=len(mine)))
        states.extend(mine)
    out = []
    for name, spec in SEARCH.items():
        agent: Any = make_agent(spec.format(n=iters), seed)
        iterations = 0
        t0 = time.process_time()
        for i, g in enumerate(states):
            decide(agent, g, seed=i)
            iterations += int(agent.last.get("iterations", 0))
        secs = time.process_time() - t0
        evaluator = agent.own.get(SEARCH_FACTIONS[0], agent.general)
        out.append({"evaluation": name, "agent": spec.format(n=iters),
                    "build": getattr(rootlaw, "BUILD", "pure"), "decisions": len(states),
                    "decisions_per_s": len(states) / secs, "iterations_per_s": iterations / secs,
                    "leaf_us": per_call_us(evaluator.values, states, 5)})
    return out


def worker(args: argparse.Namespace) -> None:
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})  # one core
    if args.search:
        print(json.dumps(search_speed(args.games, args.iters, args.seed)))
        return
    results = [measure(m.split(","), args.games, args.seed, args.rounds) for m in args.mixes]
    print(json.dumps(results))


# ------------------------------------------------------------- the driver
def run_build(build: str, args: argparse.Namespace) -> list[dict[str, Any]]:
    path = str({"pure": ROOT, "compiled": COMPILED}.get(build, build))
    env = {**os.environ, "PYTHONPATH": path}
    cmd = [sys.executable, "-P", __file__, "--worker", "--games", str(args.games),
           "--seed", str(args.seed), "--rounds", str(args.rounds), "--iters", str(args.iters),
           *(["--search"] if args.search else []), *args.mixes]
    results: list[dict[str, Any]] = json.loads(
        subprocess.run(cmd, env=env, check=True, capture_output=True, text=True).stdout)
    for r in results:
        if args.search:
            continue
        if r["build"] != {"compiled": "compiled"}.get(build, "pure"):
            sys.exit(f"asked for the {build} build, but {r['build']} ran (PYTHONPATH={path})")
        if build not in ("pure", "compiled"):
            r["build"] = "baseline"
    return results


def table(results: list[dict[str, Any]]) -> str:
    cols = [("games_per_s", "games/s", "{:.1f}"), ("turns_per_s", "turns/s", "{:,.0f}"),
            ("decisions_per_s", "decisions/s", "{:,.0f}"), ("copy_us", "copy() us", "{:.2f}"),
            ("options_us", "options us", "{:.2f}"),
            ("apply_next_us", "apply+next us", "{:.2f}")]
    head = ["mix", "build"] + [c[1] for c in cols]
    rows = [head, ["---"] * len(head)]
    for r in results:
        rows.append(["/".join(r["factions"]), r["build"]]
                    + [fmt.format(r[k]) if k in r else "" for k, _, fmt in cols])
    return "\n".join("| " + " | ".join(row) + " |" for row in rows)


def search_table(results: list[dict[str, Any]]) -> str:
    rows = ["| evaluation | build | decisions | decisions/s | iterations/s | leaf us |",
            "|---|---|---:|---:|---:|---:|"]
    for r in results:
        rows.append(f"| {r['evaluation']} | {r['build']} | {r['decisions']} | "
                    f"{r['decisions_per_s']:.2f} | {r['iterations_per_s']:,.0f} | "
                    f"{r['leaf_us']:.1f} |")
    return "\n".join(rows)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("mixes", nargs="*", help=argparse.SUPPRESS)
    ap.add_argument("--factions", action="append", help="comma-separated mix (repeatable); "
                    "default: 2 and 4 base factions, the Lizards and the Riverfolk with "
                    "two base factions, the Duchy with three, and four bots")
    ap.add_argument("--build", choices=("pure", "compiled", "both"), default="both")
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--rounds", type=int, default=3, help="report the best of this many runs")
    ap.add_argument("--json", action="store_true", help="print the results as JSON")
    ap.add_argument("--baseline", metavar="DIR", help="also run the pure build of the "
                    "rootlaw checkout in DIR (e.g. an older commit), labelled baseline")
    ap.add_argument("--search", action="store_true", help="time the search agent with each "
                    "evaluation instead (--games decisions per base faction, --iters each)")
    ap.add_argument("--iters", type=int, default=200, help="--search: iterations a decision")
    ap.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.worker:
        worker(args)
        return
    args.mixes = args.factions or MIXES
    builds = ["pure", "compiled"] if args.build == "both" else [args.build]
    if args.baseline:
        builds.insert(0, str(Path(args.baseline).resolve()))
    if "compiled" in builds and not COMPILED.exists():
        print("building the compiled engine (scripts/build_compiled)...", file=sys.stderr)
        subprocess.run(["bash", str(ROOT / "scripts" / "build_compiled")], check=True)
    results = [r for b in builds for r in run_build(b, args)]
    if args.search:
        print(json.dumps(results, indent=1) if args.json else search_table(results))
        return
    results.sort(key=lambda r: args.mixes.index(",".join(r["factions"])))
    print(json.dumps(results, indent=1) if args.json else table(results))


if __name__ == "__main__":
    main()
