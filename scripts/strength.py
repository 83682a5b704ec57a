"""Strength of the agents: each agent plays each human faction against three
Rootbotics bots at default difficulty on Fall (a base faction against the other three
bots; any other faction against the Mechanical Marquise, the Electric Eyrie and the
Automated Alliance); win rate with a 95% (Wilson) interval,
mean score, and time per decision; the JSON also lists each game's score (plus 100 for
a win). Not a test: run it by hand, preferably on the
compiled engine (docs/agents.md):

    bash scripts/build_compiled
    PYTHONPATH=build/compiled python -P scripts/strength.py \\
        --agents random,heuristic,mcts:iters=50 --games 100 --workers 2 --out strength.json

Game i of a cell has seed SEED + i, the same for every agent (paired comparisons:
``scripts/paired.py`` compares two runs game by game).
The agent ``bot`` puts the faction's own Rootbotics bot in the seat: the reference a
win rate can be read against (the seat's share when the four bots play each other).
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any

import rootlaw
from rootlaw.rl.train_value import opponents
from rootlaw.sim import GameSpec, run, wilson
from rootlaw.tournament import bot_of, human_factions

BOT = "bot"  # an agent name for the faction's own Rootbotics bot


def cell(agent: str, me: str, bots: list[str], games: int, seed: int, workers: int,
         map: str) -> dict[str, Any]:
    # the agent "bot": the reference, the faction's own bot in the seat, same seeds
    seat = bot_of(me) if agent == BOT else me
    if seat is None:
        raise ValueError(f"no Rootbotics bot plays {me}")
    specs = [GameSpec(tuple([seat, *bots]), seed + i, {seat: agent}, map)
             for i in range(games)]
    t0 = time.perf_counter()
    wins = vp = decided = searched = 0
    think = 0.0
    reasons: dict[str, int] = {}
    scores: list[int] = []  # game by game, for paired comparisons between agents
    for r in run(specs, workers):
        wins += seat in r.winners
        vp += r.scores[seat]
        scores.append(r.scores[seat] + 100 * (seat in r.winners))
        decided += r.decided.get(seat, 0)
        think += r.think.get(seat, 0.0)
        searched += r.searched.get(seat, 0)
        for w in r.winners:
            reasons[w] = reasons.get(w, 0) + 1
    lo, hi = wilson(wins, games)
    return {"agent": agent, "faction": me, "bots": bots, "seed": seed, "games": games,
            "wins": wins, "win_rate": wins / games, "interval_95": [lo, hi],
            "mean_vp": vp / games,
            "ms_per_decision": 1000 * think / max(1, decided),
            "decisions_per_game": decided / games,
            "iterations_per_decision": searched / max(1, decided), "winners": reasons,
            "scores": scores, "wall_seconds": time.perf_counter() - t0}


def agent_specs(text: str) -> list[str]:
    """Agents separated by commas; a part with ``=`` and no ``:`` is a parameter of the
    agent before it (``mcts:iters=100,horizon=8,heuristic`` is two agents)."""
    out: list[str] = []
    for part in text.split(","):
        if out and "=" in part and ":" not in part:
            out[-1] += "," + part
        else:
            out.append(part)
    return out


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--agents", default="random,heuristic,mcts:iters=50")
    p.add_argument("--factions", help="human factions to play (default: the base ones "
                   "that have a bot; all: every human faction)")
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--seed", type=int, default=10_000)
    p.add_argument("--workers", type=int, default=1)
    p.add_argument("--map", default="fall")
    p.add_argument("--out", help="write the table as JSON too")
    args = p.parse_args(argv)
    humans = [f for f in human_factions() if bot_of(f)]
    every = [str(f) for f in human_factions()]
    mine = (every if args.factions == "all" else args.factions.split(",")) if args.factions \
        else humans
    agents = agent_specs(args.agents)
    if BOT in agents and any(bot_of(f) is None for f in mine):
        p.error("--agents bot: no Rootbotics bot plays "
                + ", ".join(f for f in mine if bot_of(f) is None))
    rows = []
    print(f"rootlaw {rootlaw.__version__} ({rootlaw.BUILD} build); "
          f"command: {' '.join(sys.argv)}", flush=True)
    print("| agent | faction | games | wins | win rate | 95% interval | mean VP | "
          "ms/decision |\n|---|---|---|---|---|---|---|---|", flush=True)
    for agent in agents:
        for me in mine:
            row = cell(agent, me, opponents(me), args.games, args.seed,
                       args.workers, args.map)
            rows.append(row)
            lo, hi = row["interval_95"]
            print(f"| {agent} | {me} | {row['games']} | {row['wins']} | "
                  f"{row['win_rate']:.1%} | {lo:.1%}-{hi:.1%} | {row['mean_vp']:.1f} | "
                  f"{row['ms_per_decision']:.0f} |", flush=True)
            if args.out:
                with open(args.out, "w", encoding="utf-8") as fh:
                    json.dump({"build": rootlaw.BUILD, "command": sys.argv, "rows": rows},
                              fh, indent=2)


if __name__ == "__main__":
    main()
