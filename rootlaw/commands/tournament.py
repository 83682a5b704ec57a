"""``rootlaw tournament``: agents and bots ranked by a rating over many games."""
from __future__ import annotations

import argparse
import json
import sys
from typing import Any, TextIO

from rootlaw.agents import make_agent
from rootlaw.commands import flags


def tournament(args: argparse.Namespace, out: TextIO | None = None) -> int:
    out = out or sys.stdout
    from rootlaw.tournament import format_standings
    from rootlaw.tournament import tournament as run_tournament

    entrants = [e.strip() for e in args.entrants.split(",") if e.strip()]
    try:
        for e in entrants:
            from rootlaw.tournament import is_bot

            if not is_bot(e):
                make_agent(e)
        table, results = run_tournament(
            entrants, args.games, args.players, args.seed,
            args.factions.split(",") if args.factions else None, args.map,
            args.workers, args.ray, flags.progress(args.no_progress))
    except ValueError as e:
        print(f"cannot run the tournament: {e}", file=out)
        return 2
    rows = table.standings()
    if args.report:
        from pathlib import Path as _Path

        from rootlaw.report import write_report

        write_report(results, args.report, title="tournament")
        (_Path(args.report) / "standings.json").write_text(json.dumps(rows, indent=2),
                                                           encoding="utf-8")
    if args.json:
        print(json.dumps(rows, indent=2), file=out)
    else:
        print(format_standings(rows), file=out)
    return 0


def add_parser(sub: Any) -> None:
    t = sub.add_parser("tournament", help="rank agents and bots by a rating over many games",
                       epilog="example:\n  rootlaw tournament --entrants random,heuristic,"
                       "mcts:iters=50,mechanical_marquise,electric_eyrie --games 200",
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    t.add_argument("--entrants", default="random,heuristic,mechanical_marquise,electric_eyrie,"
                   "automated_alliance,vagabot",
                   help="comma-separated agents (random, heuristic, mcts:...) and bot factions")
    t.add_argument("--games", type=int, default=100)
    t.add_argument("--players", type=int, default=4)
    t.add_argument("--seed", type=int, default=1)
    t.add_argument("--map", default="fall")
    t.add_argument("--factions", help="factions agents may play (default: every human one)")
    t.add_argument("--json", action="store_true")
    t.add_argument("--no-progress", action="store_true")
    t.add_argument("--report", metavar="DIR", help="also write the games' report into DIR")
    flags.scale_flags(t)
    t.set_defaults(run=run)


def run(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    return tournament(args)
