"""Simulation: many games between agents, with statistics.

    rootlaw simulate --factions marquise,eyrie --games 1000 --seed 1
"""
from __future__ import annotations

import statistics
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import rootlaw
from rootlaw.agents import make_agent


@dataclass(slots=True)
class GameResult:
    seed: int
    factions: tuple[str, ...]  # in seat order
    winners: tuple[str, ...]
    reason: str  # points, dominance, or unfinished
    turns: int
    decisions: int
    scores: dict[str, int]
    seconds: float


def play_one(factions: list[str], seed: int, agents: dict[str, str] | None = None,
             max_turns: int = 1000, map: str = "fall",
             bots: dict[str, Any] | None = None) -> GameResult:
    """Play one game; seats use the named agents (default random); ``bots`` holds
    new_game's bot options (bot_difficulty, bot_traits, cooperative)."""
    t0 = time.perf_counter()
    g = rootlaw.new_game(factions=factions, map=map, seed=seed, **(bots or {}))
    players = {f: make_agent((agents or {}).get(f, "random"), seed * 31 + i)
               for i, f in enumerate(factions)}
    decisions = 0
    while not g.is_over and g.turn_no <= max_turns:
        d = g.decision
        assert d is not None
        agent = players[d.seat]
        view = g.view(d.seat) if agent.needs_view else {}
        g.apply(agent.choose(view, d.options))
        decisions += 1
    return GameResult(seed, g.factions, tuple(g.winners), g.win_reason or "unfinished",
                      g.turn_no, decisions, g.scores, time.perf_counter() - t0)


def simulate(factions: list[str], games: int, seed: int = 1,
             agents: dict[str, str] | None = None, max_turns: int = 1000,
             map: str = "fall", bots: dict[str, Any] | None = None) -> Iterator[GameResult]:
    for i in range(games):
        yield play_one(factions, seed + i, agents, max_turns, map, bots)


@dataclass
class Summary:
    factions: list[str]
    results: list[GameResult] = field(default_factory=list)
    wall: float = 0.0

    def add(self, r: GameResult) -> None:
        self.results.append(r)

    def report(self) -> dict[str, Any]:
        n = len(self.results) or 1
        wins: Counter[str] = Counter()
        reasons: Counter[str] = Counter()
        by_faction_reason: Counter[tuple[str, str]] = Counter()
        for r in self.results:
            reasons[r.reason] += 1
            for w in r.winners:
                wins[w] += 1
                by_faction_reason[(w, r.reason)] += 1
        turns = [r.turns for r in self.results] or [0]
        decisions = [r.decisions for r in self.results] or [0]
        return {
            "games": len(self.results),
            "win_rate": {f: wins[f] / n for f in self.factions},
            "victory_types": {k: v / n for k, v in sorted(reasons.items())},
            "wins_by_type": {f"{f}/{k}": v for (f, k), v in sorted(by_faction_reason.items())},
            "turns_mean": statistics.fmean(turns),
            "turns_median": statistics.median(turns),
            "decisions_mean": statistics.fmean(decisions),
            "mean_score": {f: statistics.fmean(r.scores[f] for r in self.results)
                           if self.results else 0.0 for f in self.factions},
            "games_per_second": len(self.results) / self.wall if self.wall else 0.0,
            "decisions_per_second": sum(decisions) / self.wall if self.wall else 0.0,
        }


def format_report(rep: dict[str, Any]) -> str:
    lines = [f"games: {rep['games']}"]
    lines.append("win rate by faction:")
    for f, v in rep["win_rate"].items():
        lines.append(f"  {f:<12} {v:6.1%}   mean score {rep['mean_score'][f]:5.1f}")
    lines.append("victory types:")
    for k, v in rep["victory_types"].items():
        lines.append(f"  {k:<12} {v:6.1%}")
    for k, v in rep["wins_by_type"].items():
        lines.append(f"    {k:<22} {v}")
    lines.append(f"game length: {rep['turns_mean']:.1f} turns on average "
                 f"(median {rep['turns_median']}), {rep['decisions_mean']:.0f} decisions")
    lines.append(f"speed: {rep['games_per_second']:.1f} games/s, "
                 f"{rep['decisions_per_second']:.0f} decisions/s")
    return "\n".join(lines)
