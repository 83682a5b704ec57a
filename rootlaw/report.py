"""Simulation reports: the results as JSON and CSV, and as plots (matplotlib).

    write_report(results, "out/")   # out/summary.json, games.json, games.csv, *.png

Plots: win rate by faction with 95% (Wilson) intervals; win rate by seat order; by map
and by deck (when the games used several); victory types; game length; the score race
of a typical game (the one of median length); VP sources by faction.
"""
from __future__ import annotations

import csv
import json
import statistics
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

from rootlaw.sim import GameResult, Summary, wilson

PLOTS = ("win_rate", "seat_order", "map_deck", "victory_types", "game_length", "score_race",
         "vp_sources")


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
    rep["by_map_deck"] = by_map_deck(results)
    rep["vp_sources"] = vp_sources(results)
    (out / "summary.json").write_text(json.dumps(rep, indent=2), encoding="utf-8")
    (out / "games.json").write_text(json.dumps([r.to_dict() for r in results]),
                                    encoding="utf-8")
    write_csv(results, out / "games.csv")
    plot_all(results, rep, out, title)
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


def typical_game(results: list[GameResult]) -> GameResult | None:
    """The game of median length (the first such)."""
    if not results:
        return None
    median = statistics.median_low([r.turns for r in results])
    return next(r for r in results if r.turns == median)


# ----------------------------------------------------------------------- plots
def plot_all(results: list[GameResult], rep: dict[str, Any], out: Path, title: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    n = rep["games"]
    suffix = f" ({n} games{', ' + title if title else ''})"

    def save(fig: Any, name: str) -> None:
        fig.tight_layout()
        fig.savefig(out / f"{name}.png", dpi=110)
        plt.close(fig)

    # win rate by faction, with intervals
    fs = list(rep["win_rate"])
    rates = [rep["win_rate"][f] for f in fs]
    lows = [rates[i] - rep["win_interval_95"][f][0] for i, f in enumerate(fs)]
    highs = [rep["win_interval_95"][f][1] - rates[i] for i, f in enumerate(fs)]
    fig, ax = plt.subplots(figsize=(max(5, 1.3 * len(fs)), 4))
    ax.bar(fs, rates, yerr=[lows, highs], capsize=5, color="#6a8caf")
    ax.set_ylabel("win rate (95% interval)")
    ax.set_ylim(0, 1)
    ax.set_title("Win rate by faction" + suffix)
    ax.tick_params(axis="x", rotation=20)
    save(fig, "win_rate")

    # by seat order
    seats = list(rep["win_rate_by_seat"])
    fig, ax = plt.subplots(figsize=(5, 4))
    seat_wins: Counter[int] = Counter()
    seat_played: Counter[int] = Counter()
    for r in results:
        for i, f in enumerate(r.factions):
            seat_played[i] += 1
            seat_wins[i] += f in r.winners
    vals = [seat_wins[i] / (seat_played[i] or 1) for i in range(len(seats))]
    ci = [wilson(seat_wins[i], seat_played[i]) for i in range(len(seats))]
    ax.bar(seats, vals, yerr=[[v - c[0] for v, c in zip(vals, ci, strict=True)],
                              [c[1] - v for v, c in zip(vals, ci, strict=True)]],
           capsize=5, color="#8fb07a")
    ax.set_xlabel("seat (turn order)")
    ax.set_ylabel("win rate (95% interval)")
    ax.set_ylim(0, 1)
    ax.set_title("Win rate by seat order" + suffix)
    save(fig, "seat_order")

    # by map and deck
    groups = rep["by_map_deck"]
    fig, ax = plt.subplots(figsize=(max(5, 1.5 * len(fs) * max(1, len(groups)) / 2), 4))
    width = 0.8 / max(1, len(groups))
    for k, (key, table) in enumerate(groups.items()):
        xs = [i + k * width for i in range(len(fs))]
        ys = [table.get(f, [0.0, 0.0, 0.0, 0.0])[0] for f in fs]
        err = [[y - table.get(f, [0, 0, 0, 0])[1] for f, y in zip(fs, ys, strict=True)],
               [table.get(f, [0, 0, 0, 0])[2] - y for f, y in zip(fs, ys, strict=True)]]
        ax.bar(xs, ys, width, yerr=err, capsize=3, label=key)
    ax.set_xticks([i + width * (len(groups) - 1) / 2 for i in range(len(fs))], fs, rotation=20)
    ax.set_ylabel("win rate (95% interval)")
    ax.set_ylim(0, 1)
    ax.legend(title="map/deck")
    ax.set_title("Win rate by map and deck" + suffix)
    save(fig, "map_deck")

    # victory types
    types = rep["victory_types"]
    fig, ax = plt.subplots(figsize=(5, 4))
    ax.bar(list(types), list(types.values()), color="#c49a6c")
    ax.set_ylabel("share of games")
    ax.set_title("Victory type" + suffix)
    save(fig, "victory_types")

    # game length
    fig, ax = plt.subplots(figsize=(6, 4))
    ax.hist([r.turns for r in results], bins=min(30, max(5, len(results) // 5)),
            color="#9b7bb5")
    ax.axvline(rep["turns_median"], color="black", linestyle="--",
               label=f"median {rep['turns_median']}")
    ax.set_xlabel("faction turns")
    ax.set_ylabel("games")
    ax.legend()
    ax.set_title("Game length" + suffix)
    save(fig, "game_length")

    # the score race of a typical game
    g = typical_game(results)
    fig, ax = plt.subplots(figsize=(7, 4))
    if g is not None and g.race:
        for i, f in enumerate(g.factions):
            ax.step(range(len(g.race)), [row[i] for row in g.race], where="post",
                    label=f + (" (won)" if f in g.winners else ""), linewidth=2)
        ax.axhline(30, color="grey", linestyle=":")
        ax.legend()
        ax.set_title(f"Score race, seed {g.seed} ({g.turns} turns, {g.reason})")
    ax.set_xlabel("scoring events, in the order of the game")
    ax.set_ylabel("VP")
    save(fig, "score_race")

    # VP sources by faction
    src = rep["vp_sources"]
    reasons = sorted({k for why in src.values() for k in why})
    fig, ax = plt.subplots(figsize=(max(6, 1.4 * len(src)), 4.5))
    bottom = [0.0] * len(src)
    names = list(src)
    cmap = plt.get_cmap("tab20")
    for j, why in enumerate(reasons):
        ys = [src[f].get(why, 0.0) for f in names]
        ax.bar(names, ys, bottom=bottom, label=why, color=cmap(j % 20))
        bottom = [b + y for b, y in zip(bottom, ys, strict=True)]
    ax.set_ylabel("mean VP per game")
    ax.set_title("VP sources by faction" + suffix)
    ax.tick_params(axis="x", rotation=20)
    ax.legend(fontsize=7, ncol=2, loc="upper left", bbox_to_anchor=(1.0, 1.0))
    save(fig, "vp_sources")
