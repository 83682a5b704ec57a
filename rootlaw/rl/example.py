"""The environment's loop with a random policy that respects the action masks.

    python -m rootlaw.rl.example --games 5
    python -m rootlaw.rl.example --factions marquise,electric_eyrie,automated_alliance,vagabot

It trains nothing: it shows where a learning policy plugs in (``policy``), and prints
each game's returns.
"""
from __future__ import annotations

import argparse
from typing import Any

import numpy as np

from rootlaw import rl


def policy(observation: dict[str, np.ndarray], rng: np.random.Generator) -> int:
    """Uniform over the legal actions (where a trained policy would go)."""
    legal = np.flatnonzero(observation["action_mask"])
    return int(rng.choice(legal))


def run(factions: list[str], games: int, seed: int = 0) -> list[dict[str, Any]]:
    env = rl.env(factions=factions)
    rng = np.random.default_rng(seed)
    out = []
    for i in range(games):
        env.reset(seed=seed + i)
        returns = {a: 0.0 for a in env.agents}
        steps = 0
        for agent in env.agent_iter():
            obs, reward, terminated, truncated, info = env.last()
            returns[agent] += reward
            action = None if terminated or truncated else policy(obs, rng)
            env.step(action)
            steps += 1
        out.append({"game": i, "steps": steps, "returns": returns})
    env.close()
    return out


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--factions", default="marquise,eyrie,alliance,vagabond")
    p.add_argument("--games", type=int, default=3)
    p.add_argument("--seed", type=int, default=0)
    args = p.parse_args(argv)
    for row in run(args.factions.split(","), args.games, args.seed):
        print(f"game {row['game']}: {row['steps']} steps, returns {row['returns']}")


if __name__ == "__main__":
    main()
