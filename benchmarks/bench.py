"""rootlaw benchmark: random-play throughput and hot-path costs, pure and compiled.

Run by hand (not a test), on a quiet machine:

    python benchmarks/bench.py                      # both builds, the standard mixes
    python benchmarks/bench.py --build pure --games 100 --factions marquise,eyrie
    python benchmarks/bench.py --json out.json      # the figures as JSON (a file, or - for stdout)
    python benchmarks/bench.py --baseline ../old    # also the pure build of another checkout
    python benchmarks/bench.py --build compiled --baseline-compiled ../old/build/compiled
                                                    # also another checkout's compiled build
    python benchmarks/bench.py --search             # the search's decisions/s by evaluation
    python benchmarks/bench.py --search --seconds 1 --search-factions marquise
                                                    # iterations/s at 1 s a decision
    python benchmarks/bench.py --turns              # every faction's CPU cost per own turn
    python benchmarks/bench.py --history "what changed"  # append to benchmarks/history.jsonl

Each build runs in its own process pinned to one core: the pure build from this
source tree, the compiled build from ``build/compiled`` (made by
``scripts/build_compiled`` when missing). Times are CPU time, best of ``--rounds``
(the machine may be shared: CPU time and the best of several rounds keep other
processes' load out of the figures; the load average is recorded with them). With
more than one build, the random-game rounds alternate between the builds (one process
a round), so that a host whose speed drifts does not favour the build measured first.
``--history`` appends one line of the compiled build's figures to
``benchmarks/history.jsonl`` (docs/performance.md: one line per change that touches
the hot path).
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
HISTORY = ROOT / "benchmarks" / "history.jsonl"
MIXES = ["marquise,eyrie", "marquise,eyrie,alliance,vagabond", "lizards,riverfolk,eyrie,vagabond",
         "duchy,marquise,eyrie,vagabond",
         "mechanical_marquise,electric_eyrie,automated_alliance,vagabot",
         "corvids,marquise,eyrie,vagabond", "hundreds,marquise,eyrie,vagabond",
         "keepers,marquise,eyrie,vagabond", "borough_kings,host_of_light,marquise,vagabond",
         "spinners,wyrm,marquise,eyrie", "spinners,wyrm", "draft:5", "draft:6", "hirelings:4",
         "hirelings:6"]
BASE4 = "marquise,eyrie,alliance,vagabond"  # the reference mix (docs/performance.md)
DRAFT = "draft:"  # a mix "draft:N": N players draft their factions (Advanced Setup, A.8)
HIRED = "hirelings:"  # "hirelings:N": a draft of N players with three hirelings (A.6)
# --turns: the base factions that fill a faction's table (the featured one first)
FILLERS = ("marquise", "eyrie", "alliance", "vagabond")


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


def own_turns(factions: list[str], games: int, seed: int) -> dict[str, list[float]]:
    """The same random games, stepped (``apply(advance=False)`` and ``run_step``, the
    loop ``apply`` runs) so that the CPU time of each faction turn goes to the faction
    whose turn it is, bots' turns included: faction -> [CPU seconds, turns]."""
    out: dict[str, list[float]] = {}
    clock = time.process_time
    for i in range(games):
        g = new_game(factions, seed + i)  # the setup (turn 0) is left out
        rnd = random.Random(seed + i)
        turn, t0 = g.turn_no, clock()
        while not g.is_over:
            d = g.decision
            if d is not None:
                g.apply(d.options[rnd.randrange(len(d.options))], advance=False)
            while g.run_step():
                if g.turn_no != turn:  # a turn ended (the next began): its seat's
                    t = clock()
                    if turn:
                        acc = out.setdefault(g.factions[(g.turn_seat - 1) % len(g.factions)],
                                             [0.0, 0.0])
                        acc[0] += t - t0
                        acc[1] += 1
                    turn, t0 = g.turn_no, t
    return out


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
                           "turns_per_game": best["turns"] / games,
                           "turn_us": secs / best["turns"] * 1e6}
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


def turn_mixes(mixes: list[str]) -> list[str]:
    """--turns without mixes: every faction of the Law (bots included) beside the base
    factions that fill a table of four, the Advanced Setup's drafts of five and six
    players, and drafts with hirelings (docs/performance.md)."""
    if mixes:
        return mixes
    import rootlaw

    out = [BASE4]
    for fid, fd in rootlaw.FACTIONS.items():
        if fid in FILLERS or fid == "vagabond2":
            continue
        fill = [f for f in FILLERS if f != fd.replaces][:3]
        out.append(",".join([fid, *fill]))
    out.append("mechanical_marquise,electric_eyrie,automated_alliance,vagabot")
    return out + ["marquise,eyrie", "draft:5", "draft:6", "hirelings:4", "hirelings:6"]


def measure_turns(mixes: list[list[str]], games: int, seed: int,
                  rounds: int) -> list[dict[str, Any]]:
    """CPU per faction turn of each mix: the whole game's (``random_games``) and each
    faction's own turns (``own_turns``), best of ``rounds``. The rounds go round the
    mixes (every mix's first round before any second one), so that a slow spell of a
    shared host falls on all the mixes alike, not on the reference mix alone."""
    import rootlaw

    best: list[dict[str, float]] = [{} for _ in mixes]
    own: list[dict[str, float]] = [{} for _ in mixes]
    for _ in range(rounds):
        for i, factions in enumerate(mixes):
            r = random_games(factions, games, seed)
            if not best[i] or r["seconds"] < best[i]["seconds"]:
                best[i] = r
            for f, (secs, turns) in own_turns(factions, games, seed).items():
                us = secs / turns * 1e6
                own[i][f] = min(own[i].get(f, us), us)
    return [{"factions": factions, "build": getattr(rootlaw, "BUILD", "pure"),
             "games": games, "turn_us": best[i]["seconds"] / best[i]["turns"] * 1e6,
             "turns_per_game": best[i]["turns"] / games, "own_turn_us": own[i]}
            for i, factions in enumerate(mixes)]


# the search agent with each evaluation (rootlaw.agents): the weighted values, the fit
# to outcomes (values.json), the learned model (value_model.json), and the agent's
# defaults for the seat's faction ("default": the level "hard" is mcts:1.0)
SEARCH = {"weighted": "mcts:{budget},fit=0", "fitted": "mcts:{budget},fit=1",
          "learned": "mcts:{budget},learned=1", "default": "mcts:{budget}"}
SEARCH_FACTIONS = ("marquise", "eyrie", "alliance", "vagabond")


def search_speed(decisions: int, iters: int, seed: int, seconds: float | None,
                 factions: list[str], evaluations: list[str]) -> list[dict[str, Any]]:
    """CPU time of the search's decisions with each evaluation, on the same positions
    (each faction against the other three base factions' bots): decisions/s,
    iterations/s and one leaf evaluation of every seat (values()). The budget is
    ``iters`` iterations a decision, or ``seconds`` of CPU time (the search's clock is
    the process's CPU time here, so other processes' load does not shrink it)."""
    import rootlaw
    from rootlaw.agents import make_agent
    from rootlaw.agents.base import decide
    from rootlaw.tournament import bots_against

    if seconds is not None:  # the search reads time.perf_counter: CPU time instead
        time.perf_counter = time.process_time
    budget = f"{seconds}" if seconds is not None else f"iters={iters}"
    out = []
    for k, me in enumerate(factions):
        rnd = random.Random(seed + k)
        g = rootlaw.new_game(factions=[me, *bots_against(me)], seed=seed + k)
        player = make_agent("heuristic:depth=0", seed)
        states: list[Any] = []
        while len(states) < decisions and not g.is_over:
            d = g.decision
            assert d is not None
            if len(d.options) > 1 and rnd.random() < 0.3:
                states.append(g.copy())
            g.apply(decide(player, g, seed=len(states)))
        for name in evaluations:
            spec = SEARCH[name].format(budget=budget)
            agent: Any = make_agent(spec, seed)
            iterations = 0
            t0 = time.process_time()
            for i, s in enumerate(states):
                decide(agent, s, seed=i)
                iterations += int(agent.last.get("iterations", 0))
            secs = time.process_time() - t0
            evaluator = agent.own.get(me, agent.general)
            out.append({"faction": me, "evaluation": name, "agent": spec,
                        "build": getattr(rootlaw, "BUILD", "pure"), "decisions": len(states),
                        "decisions_per_s": len(states) / secs,
                        "iterations_per_s": iterations / secs,
                        "iterations_per_decision": iterations / len(states),
                        "leaf_us": per_call_us(evaluator.values, states, 5)})
    return out


def worker(args: argparse.Namespace) -> None:
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})  # one core
    if args.search:
        print(json.dumps(search_speed(args.games, args.iters, args.seed, args.seconds,
                                      args.search_factions.split(","),
                                      args.evaluations.split(","))))
        return
    if args.turns:
        print(json.dumps(measure_turns([m.split(",") for m in turn_mixes(args.mixes)],
                                       args.games, args.seed, args.rounds)))
        return
    results = [measure(m.split(","), args.games, args.seed, args.rounds) for m in args.mixes]
    print(json.dumps(results))


# ------------------------------------------------------------- the driver
def label_of(build: str) -> str:
    """How a run is labelled: "pure", "compiled", "baseline" (another checkout's pure
    build) or "baseline compiled" (another checkout's compiled build)."""
    if build.startswith("compiled:"):
        return "baseline compiled"
    return build if build in ("pure", "compiled") else "baseline"


def run_build(build: str, args: argparse.Namespace) -> list[dict[str, Any]]:
    """Run the worker in the build ``build``: "pure", "compiled", a checkout's folder
    (its pure build) or "compiled:" and a compiled build's folder."""
    path = str({"pure": ROOT, "compiled": COMPILED}.get(build, build.removeprefix("compiled:")))
    env = {**os.environ, "PYTHONPATH": path}
    cmd = [sys.executable, "-P", __file__, "--worker", "--games", str(args.games),
           "--seed", str(args.seed), "--rounds", str(args.rounds), "--iters", str(args.iters),
           "--search-factions", args.search_factions, "--evaluations", args.evaluations,
           *(["--seconds", str(args.seconds)] if args.seconds is not None else []),
           *(["--search"] if args.search else []), *(["--turns"] if args.turns else []),
           *args.mixes]
    results: list[dict[str, Any]] = json.loads(
        subprocess.run(cmd, env=env, check=True, capture_output=True, text=True).stdout)
    want = "compiled" if build == "compiled" or build.startswith("compiled:") else "pure"
    for r in results:
        if r["build"] != want:
            sys.exit(f"asked for the {want} build, but {r['build']} ran (PYTHONPATH={path})")
        r["build"] = label_of(build)
    return results


def interleaved(builds: list[str], args: argparse.Namespace) -> list[dict[str, Any]]:
    """Each round runs every build once, one after the other, so that a machine whose speed
    drifts (a shared host) slows every build alike; per build and mix, the best figure of
    the rounds (the highest rate, the least time a call)."""
    one = argparse.Namespace(**{**vars(args), "rounds": 1})
    best: dict[tuple[str, str], dict[str, Any]] = {}
    for _ in range(args.rounds):
        for b in builds:
            for r in run_build(b, one):
                key = (b, ",".join(r["factions"]))
                old = best.setdefault(key, r)
                for k, v in r.items():
                    if k.endswith("_per_s"):
                        old[k] = max(old[k], v)
                    elif k.endswith("_us"):
                        old[k] = min(old[k], v)
    return list(best.values())


def table(results: list[dict[str, Any]]) -> str:
    cols = [("games_per_s", "games/s", "{:.1f}"), ("turns_per_s", "turns/s", "{:,.0f}"),
            ("turn_us", "us/turn", "{:.1f}"),
            ("decisions_per_s", "decisions/s", "{:,.0f}"), ("copy_us", "copy() us", "{:.2f}"),
            ("options_us", "options us", "{:.2f}"),
            ("apply_next_us", "apply+next us", "{:.2f}")]
    head = ["mix", "build"] + [c[1] for c in cols]
    rows = [head, ["---"] * len(head)]
    for r in results:
        rows.append(["/".join(r["factions"]), r["build"]]
                    + [fmt.format(r[k]) if k in r else "" for k, _, fmt in cols])
    return "\n".join("| " + " | ".join(row) + " |" for row in rows)


def turns_table(results: list[dict[str, Any]]) -> str:
    """Every mix's CPU per faction turn, against the 4-player base game's, and the
    featured (first) faction's own turns (the mix's own faction ids)."""
    base = {r["build"]: r["turn_us"] for r in results if ",".join(r["factions"]) == BASE4}
    rows = ["| mix | build | us per faction turn | x base | first faction's own turn us "
            "| x base | turns/game |", "|---|---|---:|---:|---:|---:|---:|"]
    for r in results:
        ref = base.get(r["build"])
        own = r["own_turn_us"]
        first = r["factions"][0]
        mine = own.get(first)
        if mine is None and first.startswith((DRAFT, HIRED)):  # drafts: the costliest
            first, mine = max(own.items(), key=lambda kv: kv[1], default=("", None))
        x = f"{r['turn_us'] / ref:.2f}" if ref else ""
        ox = f"{mine / ref:.2f}" if ref and mine is not None else ""
        rows.append(f"| {'/'.join(r['factions'])} | {r['build']} | {r['turn_us']:.1f} | {x} "
                    f"| {first}: {mine:.1f} | {ox} | {r['turns_per_game']:.0f} |"
                    if mine is not None else
                    f"| {'/'.join(r['factions'])} | {r['build']} | {r['turn_us']:.1f} | {x} "
                    f"| | | {r['turns_per_game']:.0f} |")
    return "\n".join(rows)


def search_table(results: list[dict[str, Any]]) -> str:
    rows = ["| faction | evaluation | build | decisions | decisions/s | iterations/s "
            "| iterations a decision | leaf us |", "|---|---|---|---:|---:|---:|---:|---:|"]
    for r in results:
        rows.append(f"| {r['faction']} | {r['evaluation']} | {r['build']} | {r['decisions']} | "
                    f"{r['decisions_per_s']:.2f} | {r['iterations_per_s']:,.0f} | "
                    f"{r['iterations_per_decision']:,.0f} | {r['leaf_us']:.1f} |")
    return "\n".join(rows)


def meta(args: argparse.Namespace) -> dict[str, Any]:
    """Where and when the figures were measured: the commit, the load average (the
    machine may be shared), the Python, the arguments."""
    def git(*cmd: str) -> str:
        try:
            return subprocess.run(["git", *cmd], cwd=ROOT, capture_output=True, text=True,
                                  check=True).stdout.strip()
        except (OSError, subprocess.CalledProcessError):
            return ""

    load = os.getloadavg() if hasattr(os, "getloadavg") else (0.0, 0.0, 0.0)
    mine = not args.commit  # this checkout's build (else another commit's, --commit)
    return {"date": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
            "commit": git("rev-parse", "HEAD") if mine else args.commit,
            "dirty": mine and bool(git("status", "--porcelain", "--untracked-files=no", "--",
                                       "rootlaw")),
            "load": [round(x, 2) for x in load], "cpus": os.cpu_count(),
            "python": sys.version.split()[0], "games": args.games, "rounds": args.rounds,
            "seed": args.seed}


def history_line(note: str, info: dict[str, Any], results: list[dict[str, Any]]) -> str:
    """One line of benchmarks/history.jsonl: the compiled build's (else the first
    build's) main figures by mix, rounded."""
    keys = ("games_per_s", "turn_us", "copy_us", "options_us", "apply_next_us",
            "iterations_per_s", "iterations_per_decision")
    builds = {r["build"] for r in results}
    build = "compiled" if "compiled" in builds else results[0]["build"]
    figures: dict[str, dict[str, float]] = {}
    for r in results:
        if r["build"] != build:
            continue
        name = "/".join(r["factions"]) if "factions" in r else f"{r['faction']}:{r['evaluation']}"
        figures[name] = {k: round(r[k], 2) for k in keys if k in r}
    line = {"note": note, **{k: info[k] for k in ("date", "commit", "dirty", "load", "games")},
            "build": build, "figures": figures}
    return json.dumps(line, separators=(",", ":"))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("mixes", nargs="*", help=argparse.SUPPRESS)
    ap.add_argument("--factions", action="append", help="comma-separated mix (repeatable); "
                    "default: two and four base factions, every expansion and fan faction "
                    "with base factions, four bots, drafts of five and six, hirelings")
    ap.add_argument("--build", choices=("pure", "compiled", "both"), default="both")
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--rounds", type=int, default=3, help="report the best of this many runs")
    ap.add_argument("--json", nargs="?", const="-", metavar="FILE",
                    help="write the figures as JSON (with where and when they were measured) "
                    "to FILE, or to stdout")
    ap.add_argument("--baseline", metavar="DIR", help="also run the pure build of the "
                    "rootlaw checkout in DIR (e.g. an older commit), labelled baseline")
    ap.add_argument("--baseline-compiled", metavar="DIR", help="also run the compiled build "
                    "in DIR (scripts/build_compiled DIR in an older checkout), labelled "
                    "baseline compiled")
    ap.add_argument("--history", metavar="NOTE", help="append the figures (of the compiled "
                    "build if it ran) to benchmarks/history.jsonl with this note")
    ap.add_argument("--commit", metavar="SHA", help="the commit the measured compiled build "
                    "was made from, for --history and --json (with ROOTLAW_COMPILED naming "
                    "another checkout's build; default: this checkout's HEAD)")
    ap.add_argument("--turns", action="store_true", help="CPU per faction turn of every "
                    "faction's mix, and of each faction's own turns (docs/performance.md)")
    ap.add_argument("--search", action="store_true", help="time the search agent with each "
                    "evaluation instead (--games decisions per faction, --iters or --seconds)")
    ap.add_argument("--iters", type=int, default=200, help="--search: iterations a decision")
    ap.add_argument("--seconds", type=float, help="--search: CPU seconds a decision instead")
    ap.add_argument("--search-factions", default=",".join(SEARCH_FACTIONS),
                    help="--search: the searching seats' factions")
    ap.add_argument("--evaluations", default="weighted,fitted,learned",
                    help=f"--search: evaluations among {', '.join(SEARCH)}")
    ap.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.worker:
        worker(args)
        return
    args.mixes = args.factions or ([] if args.turns else MIXES)
    builds = ["pure", "compiled"] if args.build == "both" else [args.build]
    if args.baseline_compiled:
        builds.insert(0, "compiled:" + str(Path(args.baseline_compiled).resolve()))
    if args.baseline:
        builds.insert(0, str(Path(args.baseline).resolve()))
    if "compiled" in builds and not COMPILED.exists():
        print("building the compiled engine (scripts/build_compiled)...", file=sys.stderr)
        subprocess.run(["bash", str(ROOT / "scripts" / "build_compiled")], check=True)
    info = meta(args)  # the load as the runs start
    plain = not (args.search or args.turns) and len(builds) > 1
    results = (interleaved(builds, args) if plain
               else [r for b in builds for r in run_build(b, args)])
    info["load_after"] = [round(x, 2) for x in os.getloadavg()] if hasattr(os, "getloadavg") else []
    if not args.search:
        order = [",".join(r["factions"]) for r in results]
        results.sort(key=lambda r: order.index(",".join(r["factions"])))
    if args.history:
        with HISTORY.open("a") as f:
            f.write(history_line(args.history, info, results) + "\n")
    if args.json is not None:
        text = json.dumps({"meta": info, "results": results}, indent=1)
        if args.json == "-":
            print(text)
            return
        Path(args.json).write_text(text + "\n")
    print(search_table(results) if args.search
          else turns_table(results) if args.turns else table(results))
    print(f"\nload average {info['load']} before, {info.get('load_after')} after "
          f"(CPU time, best of {args.rounds}, one core each)")


if __name__ == "__main__":
    main()
