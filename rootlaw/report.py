"""Simulation reports: the results as JSON and CSV, and as plots (matplotlib).

    write_report(results, "out/")   # out/summary.json, games.json, games.csv, *.png

Plots: win rate by faction with 95% (Wilson) intervals; win rate by seat order; by map
and by deck (when the games used several); victory types; game length; the score race
of a typical game (the one of median length), by faction turn and by scoring event; VP
sources by faction. Every plot is drawn from ``summary.json`` alone (the numbers it
shows are there), so a plot cannot disagree with the summary (tests/test_report.py
reads the drawn bars and lines back).
"""
from __future__ import annotations

import csv
import json
import statistics
from collections import Counter, defaultdict
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rootlaw.sim import GameResult, Summary, wilson

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure


def write_report(results: list[GameResult], out: str | Path, wall: float = 0.0,
                 title: str = "") -> dict[str, Any]:
    """Write the report into ``out`` (created); return the summary."""
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    factions: list[str] = []
    for r in results:
        for f in r.factions:
            if f not in factions:
                factions.append(f)
    summary = Summary(factions, wall=wall)
    for r in results:
        summary.add(r)
    rep = summary.report()
    rep["by_seat"] = by_seat(results)
    rep["by_map_deck"] = by_map_deck(results)
    rep["vp_sources"] = vp_sources(results)
    rep["game_length"] = game_length(results)
    rep["score_race"] = score_race(results)
    (out / "summary.json").write_text(json.dumps(rep, indent=2), encoding="utf-8")
    (out / "games.json").write_text(json.dumps([r.to_dict() for r in results]),
                                    encoding="utf-8")
    write_csv(results, out / "games.csv")
    plot_all(rep, out, title)
    return rep


def write_csv(results: list[GameResult], path: Path) -> None:
    factions: list[str] = []
    for r in results:
        for f in r.factions:
            if f not in factions:
                factions.append(f)
    with path.open("w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh)
        w.writerow(["seed", "map", "deck", "seats", "winners", "reason", "turns", "decisions",
                    "seconds", *[f"score_{f}" for f in factions],
                    *[f"agent_{f}" for f in factions]])
        for r in results:
            w.writerow([r.seed, r.map, r.deck, " ".join(r.factions), " ".join(r.winners),
                        r.reason, r.turns, r.decisions, f"{r.seconds:.4f}",
                        *[r.scores.get(f, "") for f in factions],
                        *[r.agents.get(f, "") for f in factions]])


def by_seat(results: list[GameResult]) -> dict[str, list[float]]:
    """Seat (1 is first in turn order) -> [win rate, low, high, games], the rate over
    the games that seated someone there."""
    wins: Counter[int] = Counter()
    played: Counter[int] = Counter()
    for r in results:
        for i, f in enumerate(r.factions):
            played[i] += 1
            wins[i] += f in r.winners
    return {str(i + 1): [wins[i] / played[i], *wilson(wins[i], played[i]), float(played[i])]
            for i in sorted(played)}


def by_map_deck(results: list[GameResult]) -> dict[str, dict[str, list[float]]]:
    """``map/deck`` -> faction -> [win rate, low, high, games]."""
    wins: dict[str, Counter[str]] = defaultdict(Counter)
    played: dict[str, Counter[str]] = defaultdict(Counter)
    for r in results:
        key = f"{r.map}/{r.deck}"
        played[key].update(r.factions)
        wins[key].update(r.winners)
    out: dict[str, dict[str, list[float]]] = {}
    for key in sorted(played):
        out[key] = {}
        for f, n in played[key].items():
            lo, hi = wilson(wins[key][f], n)
            out[key][f] = [wins[key][f] / n, lo, hi, float(n)]
    return out


def vp_sources(results: list[GameResult]) -> dict[str, dict[str, float]]:
    """Faction -> reason -> mean VP per game from that source."""
    total: dict[str, Counter[str]] = defaultdict(Counter)
    played: Counter[str] = Counter()
    for r in results:
        played.update(r.factions)
        for f, why in r.vp_sources.items():
            total[f].update(why)
    return {f: {k: v / played[f] for k, v in sorted(total[f].items())} for f in total}


def game_length(results: list[GameResult]) -> dict[str, list[int]]:
    """The histogram of game lengths in faction turns: bins [edges[i], edges[i + 1]) of
    a whole number of turns, and the games in each."""
    turns = [r.turns for r in results]
    if not turns:
        return {"edges": [], "games": []}
    lo, hi = min(turns), max(turns) + 1
    width = -(-(hi - lo) // min(30, max(5, len(turns) // 5)))  # rounded up: <= 30 bins
    edges = [lo + k * width for k in range(-(-(hi - lo) // width) + 1)]
    games = [0] * (len(edges) - 1)
    for t in turns:
        games[(t - lo) // width] += 1
    return {"edges": edges, "games": games}


def score_race(results: list[GameResult]) -> dict[str, Any]:
    """The typical game's race: ``by_event`` the scores after each scoring event,
    ``by_turn`` the scores after each faction turn, rows [turns played, *scores]
    (``GameResult.turn_race``)."""
    g = typical_game(results)
    if g is None:
        return {}
    return {"seed": g.seed, "map": g.map, "deck": g.deck, "factions": list(g.factions),
            "winners": list(g.winners), "reason": g.reason, "turns": g.turns,
            "by_turn": g.turn_race, "by_event": g.race}


def typical_game(results: list[GameResult]) -> GameResult | None:
    """The game of median length (the first such)."""
    if not results:
        return None
    median = statistics.median_low([r.turns for r in results])
    return next(r for r in results if r.turns == median)


# ----------------------------------------------------------------------- plots
def plot_all(rep: dict[str, Any], out: Path, title: str = "") -> None:
    """Draw every plot from the summary ``rep`` into ``out``/<name>.png."""
    suffix = f" ({rep['games']} games{', ' + title if title else ''})"
    for name, draw in DRAW.items():
        fig = draw(rep, suffix)
        fig.tight_layout()
        fig.savefig(out / f"{name}.png", dpi=110)


def _figure(width: float, height: float, cols: int = 1) -> tuple[Figure, list[Axes]]:
    from matplotlib.figure import Figure  # not pyplot: no global state, no GUI backend

    fig = Figure(figsize=(width, height))
    return fig, [fig.add_subplot(1, cols, k + 1) for k in range(cols)]


def _rate_bars(ax: Axes, xs: list[float], rows: list[list[float]], **style: Any) -> None:
    """Bars of win rates with their intervals; a row is [rate, low, high, ...]."""
    rates = [row[0] for row in rows]
    err = [[row[0] - row[1] for row in rows], [row[2] - row[0] for row in rows]]
    ax.bar(xs, rates, yerr=err, **style)
    ax.set_ylabel("win rate (95% interval)")
    ax.set_ylim(0, 1)


def plot_win_rate(rep: dict[str, Any], suffix: str) -> Figure:
    fs = list(rep["win_rate"])
    fig, (ax,) = _figure(max(5, 1.3 * len(fs)), 4)
    rows = [[rep["win_rate"][f], *rep["win_interval_95"][f]] for f in fs]
    _rate_bars(ax, list(range(len(fs))), rows, capsize=5, color="#6a8caf")
    ax.set_xticks(range(len(fs)), fs, rotation=20)
    ax.set_title("Win rate by faction" + suffix)
    return fig


def plot_seat_order(rep: dict[str, Any], suffix: str) -> Figure:
    seats = rep["by_seat"]
    fig, (ax,) = _figure(5, 4)
    _rate_bars(ax, list(range(len(seats))), list(seats.values()), capsize=5,
               color="#8fb07a")
    ax.set_xticks(range(len(seats)), list(seats))
    ax.set_xlabel("seat (turn order)")
    ax.set_title("Win rate by seat order" + suffix)
    return fig


def plot_map_deck(rep: dict[str, Any], suffix: str) -> Figure:
    fs = list(rep["win_rate"])
    groups = rep["by_map_deck"]
    fig, (ax,) = _figure(max(5, 1.5 * len(fs) * max(1, len(groups)) / 2), 4)
    width = 0.8 / max(1, len(groups))
    for k, (key, table) in enumerate(groups.items()):
        rows = [table.get(f, [0.0, 0.0, 0.0, 0.0]) for f in fs]
        _rate_bars(ax, [i + (k - (len(groups) - 1) / 2) * width for i in range(len(fs))],
                   rows, width=width, capsize=3, label=key)
    ax.set_xticks(range(len(fs)), fs, rotation=20)
    ax.legend(title="map/deck")
    ax.set_title("Win rate by map and deck" + suffix)
    return fig


def plot_victory_types(rep: dict[str, Any], suffix: str) -> Figure:
    types = rep["victory_types"]
    fig, (ax,) = _figure(5, 4)
    ax.bar(range(len(types)), list(types.values()), color="#c49a6c")
    ax.set_xticks(range(len(types)), list(types))
    ax.set_ylabel("share of games")
    ax.set_title("Victory type" + suffix)
    return fig


def plot_game_length(rep: dict[str, Any], suffix: str) -> Figure:
    edges, games = rep["game_length"]["edges"], rep["game_length"]["games"]
    fig, (ax,) = _figure(6, 4)
    ax.bar(edges[:-1], games, width=[b - a for a, b in zip(edges, edges[1:], strict=False)],
           align="edge", color="#9b7bb5")
    ax.axvline(rep["turns_median"], color="black", linestyle="--",
               label=f"median {rep['turns_median']}")
    ax.set_xlabel("faction turns")
    ax.set_ylabel("games")
    ax.legend()
    ax.set_title("Game length" + suffix)
    return fig


def plot_score_race(rep: dict[str, Any], suffix: str) -> Figure:
    """The typical game, by faction turn (as players read a game; a round is every
    seat's turn once) and by scoring event (every change of score, in order)."""
    from matplotlib.ticker import MaxNLocator

    race = rep["score_race"]
    fig, (by_turn, by_event) = _figure(12, 4.8, cols=2)
    by_turn.set_xlabel("faction turns played")
    by_event.set_xlabel("scoring events, in the order of the game")
    by_turn.set_ylabel("VP")
    if not race:
        return fig
    fs = race["factions"]
    for i, f in enumerate(fs):
        label = f + (" (won)" if f in race["winners"] else "")
        if race["by_turn"]:
            by_turn.plot([row[0] for row in race["by_turn"]],
                         [row[1 + i] for row in race["by_turn"]], marker="o", markersize=2.5,
                         linewidth=1.8, color=f"C{i}", label=label)
        by_event.step(range(len(race["by_event"])), [row[i] for row in race["by_event"]],
                      where="post", linewidth=1.8, color=f"C{i}", label=label)
    n = len(fs)

    def to_rounds(t: Any) -> Any:
        return t / n

    def to_turns(r: Any) -> Any:
        return r * n

    rounds = by_turn.secondary_xaxis("top", functions=(to_rounds, to_turns))
    rounds.set_xlabel("rounds (every seat's turn once)")
    rounds.xaxis.set_major_locator(MaxNLocator(integer=True))
    if not race["by_turn"]:
        by_turn.text(0.5, 0.5, "no turns recorded in these results", ha="center",
                     transform=by_turn.transAxes)
    for ax in (by_turn, by_event):
        ax.axhline(30, color="grey", linestyle=":")
    by_event.legend(fontsize=8)
    by_turn.set_title("by faction turn (the scores as each turn ends)", fontsize=10)
    by_event.set_title("by scoring event", fontsize=10)
    fig.suptitle(f"Score race of the median-length game: seed {race['seed']}, "
                 f"{race['map']}, {race['turns']} turns, {race['reason']}")
    return fig


def plot_vp_sources(rep: dict[str, Any], suffix: str) -> Figure:
    """Mean VP a game by source: gains stack up from zero, losses (the Eyrie's
    Humiliate) down from zero; the diamond is the net, the mean final score."""
    import matplotlib

    src = rep["vp_sources"]
    names = list(src)
    reasons = sorted({k for why in src.values() for k in why})
    fig, (ax,) = _figure(max(7, 1.5 * len(src)), 4.8)
    xs = list(range(len(names)))
    up = [0.0] * len(names)
    down = [0.0] * len(names)
    cmap = matplotlib.colormaps["tab20"]
    for j, why in enumerate(reasons):
        ys = [src[f].get(why, 0.0) for f in names]
        bottom = [up[i] if y >= 0 else down[i] for i, y in enumerate(ys)]
        ax.bar(xs, ys, bottom=bottom, label=why, color=cmap(j % 20))
        up = [u + max(y, 0.0) for u, y in zip(up, ys, strict=True)]
        down = [d + min(y, 0.0) for d, y in zip(down, ys, strict=True)]
    nets = [sum(src[f].values()) for f in names]
    ax.axhline(0, color="black", linewidth=0.8)
    ax.plot(xs, nets, linestyle="none", marker="D", markersize=7, color="black",
            markerfacecolor="white", label="net (mean final score)")
    for x, net in zip(xs, nets, strict=True):
        ax.annotate(f"{net:.1f}", (x, net), xytext=(8, 0), textcoords="offset points",
                    va="center", fontsize=8)
    ax.set_xticks(xs, names, rotation=20)
    ax.set_ylabel("mean VP per game")
    ax.set_title("VP sources by faction" + suffix)
    ax.legend(fontsize=7, ncol=2, loc="upper left", bbox_to_anchor=(1.0, 1.0))
    return fig


DRAW = {"win_rate": plot_win_rate, "seat_order": plot_seat_order, "map_deck": plot_map_deck,
        "victory_types": plot_victory_types, "game_length": plot_game_length,
        "score_race": plot_score_race, "vp_sources": plot_vp_sources}
PLOTS = tuple(DRAW)
