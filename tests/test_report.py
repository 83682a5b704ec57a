"""Reports tell the truth: every plot ``write_report`` saves is read back (bar heights
and bottoms, error bars, line data) and compared with the ``summary.json`` it wrote,
and the summary with the games it was made from (issue 44)."""
from __future__ import annotations

import csv
import json
import statistics
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from rootlaw.sim import GameResult, play, run, specs_for

matplotlib = pytest.importorskip("matplotlib")
from matplotlib.axes import Axes  # noqa: E402
from matplotlib.container import BarContainer  # noqa: E402
from matplotlib.figure import Figure  # noqa: E402
from matplotlib.lines import Line2D  # noqa: E402

FOUR = ["marquise", "eyrie", "alliance", "vagabond"]
WITH_BOTS = ["marquise", "electric_eyrie", "automated_alliance", "vagabot"]


@dataclass
class Drawn:
    results: list[GameResult]
    summary: dict[str, Any]
    figures: dict[str, Figure]  # the figures write_report saved, by file name
    out: Path


@pytest.fixture(scope="module")
def drawn(tmp_path_factory: pytest.TempPathFactory) -> Drawn:
    from rootlaw.report import write_report

    figures: dict[str, Figure] = {}
    savefig = Figure.savefig

    def keep(self: Figure, fname: Any, *args: Any, **kwargs: Any) -> None:
        figures[Path(fname).stem] = self  # closed by pyplot afterwards, still readable
        savefig(self, fname, *args, **kwargs)

    # random Eyrie lose points to Humiliate: the VP sources hold negative values
    results = list(run(specs_for(FOUR, 16, seed=1, maps=("fall", "winter"))))
    out = tmp_path_factory.mktemp("report")
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(Figure, "savefig", keep)
        write_report(results, out, wall=1.0)
    summary = json.loads((out / "summary.json").read_text(encoding="utf-8"))
    return Drawn(results, summary, figures, out)


# ------------------------------------------------------------------ reading back
def bars(ax: Axes) -> dict[str, BarContainer]:
    """The bar groups of an axes, by label."""
    return {c.get_label(): c for c in ax.containers if isinstance(c, BarContainer)}


def tick_names(ax: Axes) -> dict[int, str]:
    return {round(t): lab.get_text() for t, lab in zip(ax.get_xticks(), ax.get_xticklabels(),
                                                       strict=True)}


def centre(rect: Any) -> float:
    return float(rect.get_x() + rect.get_width() / 2)


def intervals(c: BarContainer) -> list[float]:
    """The low and high ends of each bar's error bar, one bar after the other."""
    assert c.errorbar is not None, "the bars carry no interval"
    segments = c.errorbar.lines[2][0].get_segments()
    return [float(y) for s in segments for y in (s[0][1], s[1][1])]


def lines(ax: Axes) -> dict[str, Line2D]:
    """The labelled lines of an axes, by their first word (a faction, or 'net')."""
    return {ln.get_label().split(" ")[0]: ln for ln in ax.get_lines()
            if not ln.get_label().startswith("_")}


def the_axes(fig: Figure, xlabel: str) -> Axes:
    found = [ax for ax in fig.axes if xlabel in ax.get_xlabel()]
    assert len(found) == 1, [ax.get_xlabel() for ax in fig.axes]
    return found[0]


# ------------------------------------------------------------------ the plots
# one check a plot: the figure drawn against the summary it was drawn from
def check_vp_sources(s: dict[str, Any], fig: Figure) -> None:
    src = s["vp_sources"]
    ax = fig.axes[0]
    names = tick_names(ax)
    groups = bars(ax)
    assert set(groups) == {k for why in src.values() for k in why}
    segments: dict[str, list[tuple[float, float]]] = {f: [] for f in src}
    for why, c in groups.items():
        for rect in c:
            f = names[round(centre(rect))]
            value = src[f].get(why, 0.0)
            assert rect.get_height() == pytest.approx(value), (f, why)
            if value:
                segments[f].append((rect.get_y(), rect.get_height()))
    for f, segs in segments.items():
        # positive sources tile [0, sum of positives], negative ones [sum of negatives, 0]
        up = sorted((b, h) for b, h in segs if h > 0)
        top = 0.0
        for b, h in up:
            assert b == pytest.approx(top), (f, "a positive source not stacked from zero")
            top = b + h
        down = sorted(((b, h) for b, h in segs if h < 0), reverse=True)
        low = 0.0
        for b, h in down:
            assert b == pytest.approx(low), (f, "a negative source not stacked down from zero")
            low = b + h
        assert top == pytest.approx(sum(v for v in src[f].values() if v > 0))
        assert low == pytest.approx(sum(v for v in src[f].values() if v < 0))
    net = lines(ax)["net"]  # the net total, marked on each bar
    marked = {names[round(x)]: y for x, y in zip(net.get_xdata(), net.get_ydata(), strict=True)}
    assert marked == pytest.approx({f: sum(why.values()) for f, why in src.items()})


def check_win_rate(s: dict[str, Any], fig: Figure) -> None:
    ax = fig.axes[0]
    (c,) = bars(ax).values()
    names = tick_names(ax)
    fs = [names[round(centre(r))] for r in c]
    assert sorted(fs) == sorted(s["win_rate"])
    assert [r.get_height() for r in c] == pytest.approx([s["win_rate"][f] for f in fs])
    assert [r.get_y() for r in c] == [0.0] * len(fs)
    assert intervals(c) == pytest.approx([y for f in fs for y in s["win_interval_95"][f]])


def check_seat_order(s: dict[str, Any], fig: Figure) -> None:
    seats = s["by_seat"]
    ax = fig.axes[0]
    (c,) = bars(ax).values()
    names = tick_names(ax)
    order = [names[round(centre(r))] for r in c]
    assert order == list(seats)
    assert [r.get_height() for r in c] == pytest.approx([seats[k][0] for k in order])
    assert intervals(c) == pytest.approx([y for k in order for y in seats[k][1:3]])


def check_map_deck(s: dict[str, Any], fig: Figure) -> None:
    groups = s["by_map_deck"]
    ax = fig.axes[0]
    found = bars(ax)
    assert set(found) == set(groups)
    fs = list(s["win_rate"])
    assert [lab.get_text() for lab in ax.get_xticklabels()] == fs
    ticks = list(ax.get_xticks())
    for key, c in found.items():
        # the bars of a group sit in the factions' order, one beside each faction's tick
        assert all(abs(centre(r) - t) < 0.5 for r, t in zip(c, ticks, strict=True))
        table = groups[key]
        assert [r.get_height() for r in c] == pytest.approx([table[f][0] for f in fs])
        assert intervals(c) == pytest.approx([y for f in fs for y in table[f][1:3]])


def check_victory_types(s: dict[str, Any], fig: Figure) -> None:
    types = s["victory_types"]
    ax = fig.axes[0]
    (c,) = bars(ax).values()
    names = tick_names(ax)
    assert {names[round(centre(r))]: r.get_height() for r in c} == pytest.approx(types)


def check_game_length(s: dict[str, Any], fig: Figure) -> None:
    hist = s["game_length"]
    ax = fig.axes[0]
    (c,) = bars(ax).values()
    assert [r.get_x() for r in c] == pytest.approx(hist["edges"][:-1])
    assert [r.get_x() + r.get_width() for r in c] == pytest.approx(hist["edges"][1:])
    assert [r.get_height() for r in c] == hist["games"]
    (median,) = [ln for ln in ax.get_lines() if ln.get_label().startswith("median")]
    assert list(median.get_xdata()) == [s["turns_median"]] * 2


def check_score_race(s: dict[str, Any], fig: Figure) -> None:
    race = s["score_race"]
    by_turn = lines(the_axes(fig, "faction turns"))
    by_event = lines(the_axes(fig, "scoring events"))
    assert set(by_turn) == set(by_event) == set(race["factions"])
    for i, f in enumerate(race["factions"]):
        assert list(by_turn[f].get_xdata()) == [row[0] for row in race["by_turn"]]
        assert list(by_turn[f].get_ydata()) == [row[1 + i] for row in race["by_turn"]]
        assert list(by_event[f].get_xdata()) == list(range(len(race["by_event"])))
        assert list(by_event[f].get_ydata()) == [row[i] for row in race["by_event"]]
        assert by_event[f].get_drawstyle() == "steps-post"  # a score holds until it changes
        assert by_turn[f].get_label().endswith("(won)") == (f in race["winners"])


CHECKS = {"vp_sources": check_vp_sources, "win_rate": check_win_rate,
          "seat_order": check_seat_order, "map_deck": check_map_deck,
          "victory_types": check_victory_types, "game_length": check_game_length,
          "score_race": check_score_race}


def test_vp_sources_stack_positive_up_and_negative_down_from_zero(drawn: Drawn) -> None:
    src = drawn.summary["vp_sources"]
    assert any(v < 0 for why in src.values() for v in why.values())  # not vacuous
    check_vp_sources(drawn.summary, drawn.figures["vp_sources"])


def test_win_rate_bars_and_intervals(drawn: Drawn) -> None:
    check_win_rate(drawn.summary, drawn.figures["win_rate"])


def test_seat_order_bars_and_intervals(drawn: Drawn) -> None:
    check_seat_order(drawn.summary, drawn.figures["seat_order"])


def test_map_deck_bars_and_intervals(drawn: Drawn) -> None:
    assert len(drawn.summary["by_map_deck"]) == 2  # two groups of bars, side by side
    check_map_deck(drawn.summary, drawn.figures["map_deck"])


def test_victory_type_bars(drawn: Drawn) -> None:
    check_victory_types(drawn.summary, drawn.figures["victory_types"])


def test_game_length_histogram(drawn: Drawn) -> None:
    check_game_length(drawn.summary, drawn.figures["game_length"])


def test_score_race_by_turn_and_by_scoring_event(drawn: Drawn) -> None:
    assert len(drawn.summary["score_race"]["by_turn"]) > 2
    check_score_race(drawn.summary, drawn.figures["score_race"])


def test_every_plot_is_checked() -> None:
    from rootlaw.report import PLOTS

    assert set(PLOTS) == set(CHECKS)


@pytest.mark.parametrize("name", sorted(CHECKS))
def test_the_committed_report_draws_from_its_summary(name: str) -> None:
    """docs/report/summary.json holds what every plot needs (the report was made by
    this report.py), and its plots redrawn from it pass the checks."""
    from rootlaw.report import DRAW

    docs = Path(__file__).resolve().parent.parent / "docs" / "report"
    s = json.loads((docs / "summary.json").read_text(encoding="utf-8"))
    assert (docs / f"{name}.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    CHECKS[name](s, DRAW[name](s, ""))


# ------------------------------------------------------------------ the summary
def test_the_summary_agrees_with_the_games(drawn: Drawn) -> None:
    s, results = drawn.summary, drawn.results
    # each faction's sources add up to its mean final score
    for f, why in s["vp_sources"].items():
        assert sum(why.values()) == pytest.approx(s["mean_score"][f])
    # the histogram counts every game once, from the turns in games.csv
    with (drawn.out / "games.csv").open(encoding="utf-8") as fh:
        turns = [int(row["turns"]) for row in csv.DictReader(fh)]
    edges, games = s["game_length"]["edges"], s["game_length"]["games"]
    assert sum(games) == len(turns) == s["games"]
    for lo, hi, n in zip(edges, edges[1:], games, strict=False):
        assert n == sum(1 for t in turns if lo <= t < hi)
    assert s["turns_median"] == statistics.median(turns)
    # win rate by seat: wins from each seat over games played from it
    wins: Counter[int] = Counter()
    for r in results:
        for w in r.winners:
            wins[r.factions.index(w)] += 1
    for k, (rate, lo, hi, n) in s["by_seat"].items():
        assert n == len(results) and rate == pytest.approx(wins[int(k) - 1] / n)
        assert lo <= rate <= hi
    # the score race is the median-length game's
    typical = next(r for r in results if r.turns == statistics.median_low(turns))
    race = s["score_race"]
    assert (race["seed"], race["turns"], race["factions"]) == (typical.seed, typical.turns,
                                                               list(typical.factions))
    assert race["by_event"] == typical.race and race["by_turn"] == typical.turn_race


MIXES = [FOUR, WITH_BOTS, ["duchy", "corvids", "keepers", "hundreds"]]


@pytest.mark.parametrize("factions", MIXES, ids=["law", "bots", "expansions"])
def test_the_race_by_turn_has_every_turn_and_samples_the_race_by_event(
        factions: list[str]) -> None:
    """One row a faction turn, bots' turns too (the automatic play runs step by step),
    the last at the end of the game; each row a moment between scoring events: its
    scores are a row of the race by event, in order."""
    for spec in specs_for(factions, 4, seed=20):
        r = play(spec)
        assert [row[0] for row in r.turn_race] == list(range(r.turns + 1))
        assert r.turn_race[0] == [0] + [0] * len(r.factions)
        assert r.turn_race[-1] == [r.turns] + [r.scores[f] for f in r.factions]
        at = 0
        for row in r.turn_race:
            at = r.race.index(row[1:], at)  # raises if not found from there on


@pytest.mark.parametrize("factions", MIXES, ids=["law", "bots", "expansions"])
def test_the_race_by_turn_is_the_scores_at_the_end_of_each_turn(
        factions: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """Against the turn each scoring happened in, noted by the engine's own ``score``
    (patched: the pure build; the compiled one plays the same games, by the identity
    tests): row T holds every point scored in turns 1 to T and none after."""
    import rootlaw
    from rootlaw.core.game import Game

    if rootlaw._build() != "pure":
        pytest.skip("Game.score can be patched in the pure build only")
    noted: list[tuple[int, list[int]]] = []
    score = Game.score

    def noting(self: Game, s: int, n: int, reason: str) -> None:
        score(self, s, n, reason)
        noted.append((self.turn_no, list(self.vp)))

    monkeypatch.setattr(Game, "score", noting)
    for spec in specs_for(factions, 4, seed=40):
        noted.clear()
        r = play(spec)
        for row in r.turn_race:
            then = [vp for turn, vp in noted if turn <= row[0]]
            assert row[1:] == (then[-1] if then else [0] * len(r.factions)), row[0]


def test_a_game_without_turn_records_still_draws(tmp_path: Path) -> None:
    """games.json written before the race by turn existed: the report still draws."""
    from rootlaw.report import write_report

    r = play(specs_for(["marquise", "eyrie"], 1, seed=5)[0])
    old = GameResult.from_dict({k: v for k, v in r.to_dict().items() if k != "turn_race"})
    rep = write_report([old], tmp_path)
    assert rep["score_race"]["by_turn"] == []
    assert (tmp_path / "score_race.png").exists()
