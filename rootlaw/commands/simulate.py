"""``rootlaw simulate``: many games between agents, with statistics and plots."""
from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any, TextIO

import rootlaw
from rootlaw.commands import flags

SIMULATE_EXAMPLES = """examples:
  rootlaw simulate --factions marquise,eyrie,alliance,vagabond --games 2000 --workers 2
  rootlaw simulate --factions marquise,electric_eyrie,automated_alliance,vagabot \\
      --agent marquise=mcts:0.2 --games 100 --report out/
  rootlaw simulate --factions marquise,eyrie --map fall,winter --games 500 --ray
  rootlaw simulate --games 10000 --ray ray://head:10001     # a running Ray cluster

agents (--agent FACTION=AGENT): random, heuristic, mcts, mcts:0.2 (seconds per
decision), mcts:iters=400, mcts:0.5,rollout=heuristic. --report DIR writes
summary.json, games.json, games.csv and plots (PNG) into DIR."""


def simulate(args: argparse.Namespace, out: TextIO = sys.stdout) -> int:
    from rootlaw.sim import Summary, format_report, run, specs_for

    maps = getattr(args, "map", "fall").split(",")
    try:
        seats = flags.seat_options(args)
        bots = {**flags.setup_options(args), **flags.bot_options(args)}  # new_game's options
        deck = bots.pop("deck")
        setup = bots.pop("setup", "standard")
        for m in maps:
            rootlaw.new_game(map=m, deck=deck, seed=0, **{**bots, **seats, "setup":
                                                          seats.get("setup", setup)})
        agents = flags.agents(args.agent)
    except (rootlaw.SetupError, ValueError) as e:
        print(f"cannot simulate: {e}", file=out)
        return 2
    players = int(seats.get("players") or 0)
    factions = seats["bots"] if players else seats["factions"]
    named = [f"seat{i + 1}" for i in range(players)] if players else list(factions)
    unknown = sorted(set(agents) - set(named))
    if unknown:
        print(f"cannot simulate: --agent for {', '.join(unknown)}, not a seat of "
              f"{', '.join(named)}", file=out)
        return 2
    workers = getattr(args, "workers", 1) or 1
    ray = getattr(args, "ray", None)
    specs = specs_for(factions, args.games, args.seed, agents, args.max_turns, maps,
                      (deck,), bots, setup=setup, players=players)
    if getattr(args, "rootlog", None):  # each game written in the notation (docs/rootlog.md)
        Path(args.rootlog).mkdir(parents=True, exist_ok=True)
        for spec in specs:
            spec.rootlog = args.rootlog
    factions = [] if players else list(factions)  # the report's rows: as given
    summary = Summary(factions)
    t0 = time.perf_counter()
    for r in flags.progress(args.no_progress)(run(specs, workers, ray), len(specs)):
        summary.add(r)
    summary.wall = time.perf_counter() - t0
    rep = summary.report()
    if getattr(args, "report", None):
        from rootlaw.report import write_report

        rep = write_report(summary.results, args.report, summary.wall)
    if args.json:
        print(json.dumps(rep, indent=2), file=out)
    else:
        print(format_report(rep), file=out)
        if getattr(args, "report", None):
            print(f"report written to {args.report}", file=out)
    return 0


def add_parser(sub: Any) -> None:
    s = sub.add_parser("simulate", help="play many games between agents, print statistics",
                       epilog=SIMULATE_EXAMPLES,
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    s.add_argument("--factions", default="marquise,eyrie")
    s.add_argument("--games", type=int, default=100)
    s.add_argument("--seed", type=int, default=1)
    flags.setup_flags(s)
    s.add_argument("--agent", action="append", metavar="FACTION=AGENT",
                   help="agent for a faction (default random)")
    s.add_argument("--max-turns", type=int, default=1000,
                   help="stop a game unfinished after this many turns")
    s.add_argument("--json", action="store_true", help="print the statistics as JSON")
    s.add_argument("--no-progress", action="store_true")
    flags.scale_flags(s)
    s.add_argument("--report", metavar="DIR",
                   help="write JSON, CSV and plots (PNG) of the results into DIR")
    s.add_argument("--rootlog", metavar="DIR",
                   help="write each game as a Rootlog, DIR/game-SEED.rootlog (docs/rootlog.md)")
    flags.bot_flags(s)
    s.set_defaults(run=run)


def run(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    return simulate(args)
