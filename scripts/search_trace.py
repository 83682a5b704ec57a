"""Watch the search agent think: play one game of a human faction against the three
Rootbotics bots (as ``scripts/strength.py`` does) and print, for each of the agent's
decisions with a choice, the root's most visited options with their visits and mean
rewards. Not a test: a tool for finding out why the agent plays as it does.

    PYTHONPATH=build/compiled python -P scripts/search_trace.py --faction marquise \\
        --agent mcts:1.0 --seed 10000 --turns 9
"""
from __future__ import annotations

import argparse

import rootlaw
from rootlaw.agents.base import decide, make_agent
from rootlaw.tournament import bots_against


def trace(me: str, agent_spec: str, seed: int, turns: int, top: int) -> None:
    g = rootlaw.new_game(factions=[me, *bots_against(me)], map="fall", seed=seed)
    agent = make_agent(agent_spec, seed)
    n = 0
    while not g.is_over and g.turn_no <= turns:
        d = g.decision
        assert d is not None  # bots act inside the engine: every decision is the agent's
        option = decide(agent, g, seed=seed * 1_000_003 + n)
        n += 1
        last = getattr(agent, "last", {})
        if len(d.options) > 1 and last:
            best = sorted(last["visits"].items(), key=lambda kv: -kv[1])[:top]
            stats = "  ".join(f"{o}: {v}/{last['mean'].get(o, 0.0):.3f}" for o, v in best)
            reused = f", {last['reused']} visits reused" if last.get("reused") else ""
            print(f"turn {g.turn_no} vp {g.vp} {d.kind} ({len(d.options)} options, "
                  f"{last['iterations']} iterations{reused}): {stats} -> {option}")
        g.apply(option)
    print("scores", g.scores, "winners", list(g.winners))


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--faction", default="marquise")
    p.add_argument("--agent", default="mcts:1.0")
    p.add_argument("--seed", type=int, default=10_000)
    p.add_argument("--turns", type=int, default=1000, help="stop after this turn")
    p.add_argument("--top", type=int, default=5, help="options shown per decision")
    a = p.parse_args(argv)
    if not a.agent.startswith("mcts"):
        p.error("only the search agent keeps root statistics (mcts...)")
    trace(a.faction, a.agent, a.seed, a.turns, a.top)


if __name__ == "__main__":
    main()
