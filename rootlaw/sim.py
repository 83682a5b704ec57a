"""Simulation: many games between agents and bots, on all cores or a Ray cluster.

    rootlaw simulate --factions marquise,eyrie --games 1000 --seed 1 --workers 2
    rootlaw simulate --factions marquise,electric_eyrie,automated_alliance,vagabot \\
        --agent marquise=mcts:0.2 --games 100 --report out/

A game is a ``GameSpec`` (factions in seat order as given, agents per faction, map,
deck, seed, bot options); ``run(specs, workers=..., ray=...)`` plays them and yields
one ``GameResult`` per spec, in the specs' order. A game's result depends only on its
spec (every random choice of the game and of its agents comes from its seed), so the
results are the same whatever the number of workers, or on Ray, as long as the agents
are deterministic (random, heuristic, and MCTS with an iteration budget; a time budget
depends on the machine's speed).
"""
from __future__ import annotations

import math
import os
import statistics
import time
from collections import Counter, defaultdict
from collections.abc import Iterable, Iterator
from dataclasses import asdict, dataclass, field
from typing import Any

import rootlaw
from rootlaw.agents import make_agent
from rootlaw.agents.base import decide


@dataclass(slots=True)
class GameSpec:
    factions: tuple[str, ...]  # seats in the order given (the game seats them, 5.1)
    seed: int
    agents: dict[str, str] = field(default_factory=dict)  # faction -> agent spec
    map: str = "fall"
    deck: str = "standard"
    bots: dict[str, Any] = field(default_factory=dict)  # new_game's bot options
    max_turns: int = 1000
    setup: str = "standard"  # "advanced": Appendix A (the factions set up by their cards)
    players: int = 0  # > 0: an Advanced Setup draft (A.8) of this many seats, the
    # factions given being the bots among them; agents keyed by seat name (seat1, ...)
    rootlog: str = ""  # a folder: the game is written there as a Rootlog (docs/rootlog.md)
    # a turn whose player never ends an action that allows "any number" of steps (the
    # Spinners' Skitter, SOM.5.3) would never end: the game stops unfinished after this
    max_decisions: int = 50_000


@dataclass(slots=True)
class GameResult:
    seed: int
    factions: tuple[str, ...]  # in seat (turn) order
    winners: tuple[str, ...]
    reason: str  # points, dominance, cooperative, bots, or unfinished
    turns: int
    decisions: int
    scores: dict[str, int]
    seconds: float
    map: str = "fall"
    deck: str = "standard"
    agents: dict[str, str] = field(default_factory=dict)  # faction -> agent (or "bot")
    think: dict[str, float] = field(default_factory=dict)  # faction -> seconds deciding
    decided: dict[str, int] = field(default_factory=dict)  # faction -> decisions made
    searched: dict[str, int] = field(default_factory=dict)  # faction -> search iterations
    vp_sources: dict[str, dict[str, int]] = field(default_factory=dict)  # faction -> why
    race: list[list[int]] = field(default_factory=list)  # scores after each scoring
    # [faction turns played, *scores] as each turn began, and at the end (the turn the
    # game ended in): the race as players read it (``race`` has every scoring event)
    turn_race: list[list[int]] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        out = asdict(self)
        out["factions"] = list(self.factions)
        out["winners"] = list(self.winners)
        return out

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> GameResult:
        d = dict(d)
        d["factions"] = tuple(d["factions"])
        d["winners"] = tuple(d["winners"])
        return cls(**d)


def agent_seed(seed: int, seat: int) -> int:
    return seed * 31 + seat


def play(spec: GameSpec) -> GameResult:
    """Play one game to its end (or ``max_turns``); seats use their agents (default
    random), bots play themselves inside the engine."""
    t0 = time.perf_counter()
    g = unstarted(new_game(spec))
    turn_race: list[list[int]] = []  # row i: [i turns played, *VP] as turn i + 1 begins

    def run_on() -> None:
        """The automatic steps to the next decision (bots' whole turns too), one at a
        time, so the scores are taken as each faction turn begins (1.4.1)."""
        while g.run_step():
            if g.turn_no > len(turn_race):
                turn_race.append([g.turn_no - 1, *g.vp])

    run_on()  # the setup seats the players (5.1.1) before their agents take their seats
    # agents by seat: a seat keeps its agent when its player drafts a faction (A.8.2)
    players: list[Any] = []
    names: list[str] = []
    for i, f in enumerate(g.factions):
        names.append("bot" if g.fdefs[i].is_bot else spec.agents.get(f, "random"))
        players.append(None if g.fdefs[i].is_bot else make_agent(names[i],
                                                                  agent_seed(spec.seed, i)))
    think = [0.0] * len(g.factions)
    decided = [0] * len(g.factions)
    searched = [0] * len(g.factions)
    decisions = 0
    while not g.is_over and g.turn_no <= spec.max_turns and decisions < spec.max_decisions:
        d = g.decision
        assert d is not None
        i = g.seat_of(d.seat)
        t = time.perf_counter()
        option = decide(players[i], g, seed=spec.seed * 1_000_003 + decisions)
        think[i] += time.perf_counter() - t
        decided[i] += 1
        last = getattr(players[i], "last", None)
        if last:  # a search agent: its iterations for this decision
            searched[i] += int(last.get("iterations", 0))
            last.clear()
        g.apply(option, advance=False)
        decisions += 1
        run_on()
    sources: dict[str, dict[str, int]] = {f: {} for f in g.factions}
    vp = [0] * len(g.factions)
    race = [vp[:]]
    for e in g.log:
        if e[0] == "s":  # ("s", faction, points, reason)
            why = sources[e[1]]
            why[str(e[3])] = why.get(str(e[3]), 0) + int(e[2])
            vp[g.factions.index(e[1])] += int(e[2])
            race.append(vp[:])
    turn_race.append([g.turn_no, *g.vp])
    if spec.rootlog:
        _write_rootlog(g, spec)
    fs = g.factions
    return GameResult(spec.seed, fs, tuple(g.winners), g.win_reason or "unfinished",
                      g.turn_no, decisions, g.scores, time.perf_counter() - t0, spec.map,
                      spec.deck, dict(zip(fs, names, strict=True)),
                      {f: think[i] for i, f in enumerate(fs) if decided[i]},
                      {f: decided[i] for i, f in enumerate(fs) if decided[i]},
                      {f: searched[i] for i, f in enumerate(fs) if searched[i]}, sources,
                      race, turn_race)


def _write_rootlog(g: rootlaw.Game, spec: GameSpec) -> None:
    """``--rootlog DIR``: the game in the community's notation, every card named (the
    game is over, or stopped at ``max_turns``: a record of the simulation)."""
    from pathlib import Path

    from rootlaw.rootlog import dumps

    Path(spec.rootlog, f"game-{spec.seed}.rootlog").write_text(dumps(g, "all"),
                                                                encoding="utf-8")


def unstarted(game: rootlaw.Game) -> rootlaw.Game:
    """The same game before its setup ran (``new_game`` checked its options), for
    ``run_step`` to play every automatic step from the start."""
    setup = game.setup
    rest = {k: v for k, v in setup.items() if k not in ("factions", "map", "deck", "seed")}
    return rootlaw.Game.new(list(setup["factions"]), map=setup["map"],
                            deck_name=setup["deck"], seed=int(setup["seed"]), options=rest,
                            advance=False)


def new_game(spec: GameSpec) -> rootlaw.Game:
    """The spec's game: its factions (or a draft of ``players`` seats, A.8) and setup."""
    if spec.players:
        return rootlaw.new_game(players=spec.players, bots=list(spec.factions),
                                setup="advanced", map=spec.map, deck=spec.deck,
                                seed=spec.seed, **spec.bots)
    return rootlaw.new_game(factions=list(spec.factions), map=spec.map, deck=spec.deck,
                            seed=spec.seed, setup=spec.setup, **spec.bots)


def play_one(factions: list[str], seed: int, agents: dict[str, str] | None = None,
             max_turns: int = 1000, map: str = "fall",
             bots: dict[str, Any] | None = None) -> GameResult:
    """Play one game (see ``play``)."""
    return play(GameSpec(tuple(factions), seed, dict(agents or {}), map, "standard",
                         dict(bots or {}), max_turns))


def specs_for(factions: list[str], games: int, seed: int = 1,
              agents: dict[str, str] | None = None, max_turns: int = 1000,
              maps: Iterable[str] = ("fall",), decks: Iterable[str] = ("standard",),
              bots: dict[str, Any] | None = None, setup: str = "standard",
              players: int = 0) -> list[GameSpec]:
    """Game i has seed ``seed + i`` and cycles through the maps and decks given; with
    ``players`` > 0 each game drafts its factions (A.8), ``factions`` being its bots."""
    maps, decks = list(maps), list(decks)
    return [GameSpec(tuple(factions), seed + i, dict(agents or {}), maps[i % len(maps)],
                     decks[(i // len(maps)) % len(decks)], dict(bots or {}), max_turns,
                     setup, players)
            for i in range(games)]


def _play_chunk(specs: list[GameSpec]) -> list[GameResult]:
    return [play(s) for s in specs]


def run(specs: list[GameSpec], workers: int = 1, ray: str | bool | None = None,
        chunk: int | None = None) -> Iterator[GameResult]:
    """Play the games; yield their results in the order of ``specs``.

    ``workers`` > 1 plays on that many processes of this machine; ``ray`` plays on a Ray
    cluster (``True`` or ``""``: a local one, with ``workers`` CPUs; else the address of
    a running cluster, e.g. ``ray://host:10001`` or ``auto``)."""
    if not specs:
        return iter(())
    if chunk is None:  # small chunks: the workers stay busy to the end
        chunk = max(1, min(50, len(specs) // (max(workers, 1) * 8)))
    chunks = [specs[i:i + chunk] for i in range(0, len(specs), chunk)]
    if ray is not None and ray is not False:
        return _run_ray(chunks, workers, "" if ray is True else str(ray))
    if workers <= 1:
        return (play(s) for s in specs)
    return _run_pool(chunks, workers)


def _run_pool(chunks: list[list[GameSpec]], workers: int) -> Iterator[GameResult]:
    import multiprocessing

    ctx = multiprocessing.get_context("spawn")  # no state inherited: same as a fresh run
    with ctx.Pool(workers) as pool:
        for results in pool.imap(_play_chunk, chunks):
            yield from results


def _run_ray(chunks: list[list[GameSpec]], workers: int, address: str) -> Iterator[GameResult]:
    import ray

    started = False
    if not ray.is_initialized():
        if address:
            ray.init(address=address, ignore_reinit_error=True, log_to_driver=False)
        else:
            ray.init(num_cpus=max(1, workers), include_dashboard=False,
                     ignore_reinit_error=True, log_to_driver=False,
                     runtime_env={"env_vars": _env_for_ray()})
        started = True
    try:
        remote = ray.remote(_play_chunk)
        pending = [remote.remote(c) for c in chunks]
        for ref in pending:  # in order: the results of a chunk come when it is done
            yield from ray.get(ref)
    finally:
        if started:
            ray.shutdown()


def _env_for_ray() -> dict[str, str]:
    """Ray's workers find rootlaw (this build of it) the way this process did."""
    root = os.path.dirname(os.path.dirname(os.path.abspath(rootlaw.__file__)))
    paths = [root] + [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p]
    return {"PYTHONPATH": os.pathsep.join(dict.fromkeys(paths))}


def simulate(factions: list[str], games: int, seed: int = 1,
             agents: dict[str, str] | None = None, max_turns: int = 1000,
             map: str = "fall", bots: dict[str, Any] | None = None, workers: int = 1,
             ray: str | bool | None = None) -> Iterator[GameResult]:
    """Play ``games`` games with seeds ``seed``, ``seed + 1``, ... (see ``run``)."""
    maps = map.split(",")
    return run(specs_for(factions, games, seed, agents, max_turns, maps, ("standard",), bots),
               workers, ray)


# ------------------------------------------------------------------ statistics
def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion k/n (95% by default)."""
    if n == 0:
        return (0.0, 1.0)
    p = k / n
    d = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass
class Summary:
    factions: list[str]
    results: list[GameResult] = field(default_factory=list)
    wall: float = 0.0

    def add(self, r: GameResult) -> None:
        self.results.append(r)
        for f in r.factions:
            if f not in self.factions:
                self.factions.append(f)

    def report(self) -> dict[str, Any]:
        results = self.results
        n = len(results) or 1
        wins: Counter[str] = Counter()
        played: Counter[str] = Counter()
        reasons: Counter[str] = Counter()
        by_faction_reason: Counter[tuple[str, str]] = Counter()
        seat_wins: Counter[int] = Counter()
        think: dict[str, float] = defaultdict(float)
        decided: Counter[str] = Counter()
        for r in results:
            reasons[r.reason] += 1
            played.update(r.factions)
            for w in r.winners:
                wins[w] += 1
                by_faction_reason[(w, r.reason)] += 1
                seat_wins[r.factions.index(w)] += 1
            for f, t in r.think.items():
                think[f] += t
                decided[f] += r.decided.get(f, 0)
        turns = [r.turns for r in results] or [0]
        decisions = [r.decisions for r in results] or [0]
        interval = {f: list(wilson(wins[f], played[f])) for f in self.factions}
        return {
            "games": len(results),
            "win_rate": {f: wins[f] / (played[f] or 1) for f in self.factions},
            "win_interval_95": interval,
            "win_rate_by_seat": {str(i + 1): seat_wins[i] / n
                                 for i in range(max((len(r.factions) for r in results),
                                                    default=0))},
            "victory_types": {k: v / n for k, v in sorted(reasons.items())},
            "wins_by_type": {f"{f}/{k}": v for (f, k), v in sorted(by_faction_reason.items())},
            "turns_mean": statistics.fmean(turns),
            "turns_median": statistics.median(turns),
            "decisions_mean": statistics.fmean(decisions),
            "mean_score": {f: statistics.fmean(r.scores[f] for r in results if f in r.scores)
                           if played[f] else 0.0 for f in self.factions},
            "seconds_per_decision": {f: think[f] / decided[f] for f in self.factions
                                     if decided[f]},
            "games_per_second": len(results) / self.wall if self.wall else 0.0,
            "decisions_per_second": sum(decisions) / self.wall if self.wall else 0.0,
        }


def format_report(rep: dict[str, Any]) -> str:
    lines = [f"games: {rep['games']}"]
    lines.append("win rate by faction (95% interval):")
    for f, v in rep["win_rate"].items():
        lo, hi = rep["win_interval_95"][f]
        per = rep["seconds_per_decision"].get(f)
        extra = f"   {per * 1000:7.1f} ms/decision" if per is not None else ""
        lines.append(f"  {f:<20} {v:6.1%}  [{lo:5.1%}, {hi:5.1%}]   "
                     f"mean score {rep['mean_score'][f]:5.1f}{extra}")
    lines.append("win rate by seat: " + ", ".join(f"{k}: {v:.1%}"
                                                  for k, v in rep["win_rate_by_seat"].items()))
    lines.append("victory types:")
    for k, v in rep["victory_types"].items():
        lines.append(f"  {k:<12} {v:6.1%}")
    for k, v in rep["wins_by_type"].items():
        lines.append(f"    {k:<30} {v}")
    lines.append(f"game length: {rep['turns_mean']:.1f} turns on average "
                 f"(median {rep['turns_median']}), {rep['decisions_mean']:.0f} decisions")
    lines.append(f"speed: {rep['games_per_second']:.1f} games/s, "
                 f"{rep['decisions_per_second']:.0f} decisions/s")
    return "\n".join(lines)
