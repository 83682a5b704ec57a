"""Tournaments: rank agents and Rootbotics bots by a rating over many games.

    rootlaw tournament --entrants random,heuristic,mcts:iters=50,electric_eyrie,vagabot \\
        --games 200 --workers 2

Entrants are agent specs (``make_agent`` names, played on human factions) and bot
faction ids (a bot plays its own faction). Each game seats ``players`` distinct entrants
drawn at random (seeded); agents get distinct human factions at random among those no
bot in the game replaces (Rootbotics 3.2). The games run like ``rootlaw simulate`` (all
cores or Ray; the same results whatever the number of workers), and a game's result
becomes a ranking: the winners first, the others by score. The ratings are
openskill's Plackett-Luce model (Weng and Lin 2011), updated game by game in the
schedule's order; the table is sorted by the conservative ordinal mu - 3 sigma.
"""
from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

import rootlaw
from rootlaw.core.faction_api import FACTIONS
from rootlaw.sim import GameResult, GameSpec, run, wilson


def human_factions() -> list[str]:
    """The factions agents can play: every registered non-bot faction that can take a
    seat on its own (the second Vagabond plays only beside the first)."""
    out = []
    for f, fd in FACTIONS.items():
        if fd.is_bot:
            continue
        try:
            rootlaw.new_game(factions=[f, _other(f)], seed=0)
        except rootlaw.SetupError:
            continue
        out.append(f)
    return out


def _other(f: str) -> str:
    """A bot that can sit beside f."""
    return next(g for g, fd in FACTIONS.items() if fd.is_bot and fd.replaces != f)


def bot_of(faction: str) -> str | None:
    """The Rootbotics bot that replaces ``faction`` (3.2), if it has one."""
    return next((b for b, fd in FACTIONS.items() if fd.is_bot and fd.replaces == faction),
                None)


def bots_against(me: str) -> list[str]:
    """The Rootbotics bots of every other human faction that has one: the table a human
    faction meets in the strength measurements (a bot replaces its faction, 3.2)."""
    humans = human_factions()
    return [b for b, fd in FACTIONS.items()
            if fd.is_bot and fd.replaces in humans and fd.replaces != me]


def is_bot(entrant: str) -> bool:
    fd = FACTIONS.get(entrant)
    return fd is not None and fd.is_bot


def schedule(entrants: list[str], games: int, players: int = 4, seed: int = 1,
             factions: list[str] | None = None, map: str = "fall",
             max_turns: int = 1000) -> list[GameSpec]:
    """The games of a tournament (a pure function of its arguments)."""
    if len(set(entrants)) != len(entrants):
        raise ValueError("each entrant once")
    if not 2 <= players <= min(4, len(entrants)):
        raise ValueError(f"players must be 2..{min(4, len(entrants))}")
    pool = list(factions) if factions else human_factions()
    rng = random.Random(seed)
    specs: list[GameSpec] = []
    while len(specs) < games:
        table = rng.sample(entrants, players)
        bots = [e for e in table if is_bot(e)]
        taken = {FACTIONS[b].replaces for b in bots} | set(bots)
        free = [f for f in pool if f not in taken]
        humans = [e for e in table if not is_bot(e)]
        if len(free) < len(humans):
            continue
        chosen = rng.sample(free, len(humans))
        seats = bots + chosen
        agents = dict(zip(chosen, humans, strict=True))
        order = rng.sample(seats, len(seats))
        specs.append(GameSpec(tuple(order), seed * 1_000_003 + len(specs), agents, map,
                              "standard", {}, max_turns))
    return specs


def entrant_of(r: GameResult, faction: str) -> str:
    agent = r.agents.get(faction, "bot")
    return faction if agent == "bot" else agent


def ranks(r: GameResult) -> list[int]:
    """1 for the winners, then by score (ties share a rank), in seat order."""
    keys = [(0 if f in r.winners else 1, -r.scores[f]) for f in r.factions]
    order = sorted(set(keys))
    return [order.index(k) + 1 for k in keys]


@dataclass
class Table:
    """Ratings and records of the entrants."""

    model: Any = None
    ratings: dict[str, Any] = field(default_factory=dict)
    games: Counter[str] = field(default_factory=Counter)
    wins: Counter[str] = field(default_factory=Counter)
    scores: Counter[str] = field(default_factory=Counter)
    factions: dict[str, Counter[str]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.model is None:
            from openskill.models import PlackettLuce

            self.model = PlackettLuce()

    def rating(self, entrant: str) -> Any:
        if entrant not in self.ratings:
            self.ratings[entrant] = self.model.rating(name=entrant)
        return self.ratings[entrant]

    def add(self, r: GameResult) -> None:
        names = [entrant_of(r, f) for f in r.factions]
        teams = [[self.rating(e)] for e in names]
        new = self.model.rate(teams, ranks=ranks(r))
        for e, team, f in zip(names, new, r.factions, strict=True):
            self.ratings[e] = team[0]
            self.games[e] += 1
            self.wins[e] += f in r.winners
            self.scores[e] += r.scores[f]
            self.factions.setdefault(e, Counter())[f] += 1

    def standings(self) -> list[dict[str, Any]]:
        rows = []
        for e, rt in self.ratings.items():
            n = self.games[e]
            lo, hi = wilson(self.wins[e], n)
            rows.append({"entrant": e, "ordinal": rt.ordinal(), "mu": rt.mu, "sigma": rt.sigma,
                         "games": n, "win_rate": self.wins[e] / n if n else 0.0,
                         "win_interval_95": [lo, hi],
                         "mean_score": self.scores[e] / n if n else 0.0,
                         "factions": dict(self.factions.get(e, {}))})
        rows.sort(key=lambda row: -row["ordinal"])
        return rows


def tournament(entrants: list[str], games: int, players: int = 4, seed: int = 1,
               factions: list[str] | None = None, map: str = "fall", workers: int = 1,
               ray: str | bool | None = None,
               progress: Callable[[Iterable[GameResult], int], Iterable[GameResult]]
               | None = None) -> tuple[Table, list[GameResult]]:
    specs = schedule(entrants, games, players, seed, factions, map)
    results = run(specs, workers, ray)
    it: Iterable[GameResult] = progress(results, len(specs)) if progress else results
    table = Table()
    done = []
    for r in it:
        table.add(r)
        done.append(r)
    return table, done


def format_standings(rows: list[dict[str, Any]]) -> str:
    lines = [f"{'#':>2} {'entrant':<28} {'rating':>7} {'mu':>6} {'sigma':>6} {'games':>6} "
             f"{'win rate':>9} {'95% interval':>15} {'score':>6}"]
    for i, row in enumerate(rows, 1):
        lo, hi = row["win_interval_95"]
        lines.append(f"{i:>2} {row['entrant']:<28} {row['ordinal']:7.2f} {row['mu']:6.2f} "
                     f"{row['sigma']:6.2f} {row['games']:6d} {row['win_rate']:9.1%} "
                     f"  [{lo:5.1%}, {hi:5.1%}] {row['mean_score']:6.1f}")
    return "\n".join(lines)
