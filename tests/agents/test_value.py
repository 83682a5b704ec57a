"""The learned evaluation (issue 43): its pipeline end to end on a tiny corpus, the model
file, its features, and the search that uses it at its leaves."""
from __future__ import annotations

import io
import json
from pathlib import Path

import numpy as np
import pytest

import rootlaw
from rootlaw.agents import make_agent
from rootlaw.agents.base import decide
from rootlaw.agents.value import (
    LEARNED_FACTIONS,
    VERSION,
    LearnedEvaluator,
    ModelError,
    _Net,
    load_model,
    value_features,
)
from rootlaw.commands import train_value as train_value_cli
from rootlaw.core.determinize import Sampler


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Six games (one agent against three bots, a mixed table, the bots alone, twice),
    written in shards of three by the command itself."""
    d = tmp_path_factory.mktemp("corpus")
    out = io.StringIO()
    assert train_value_cli.main(["--games", "6", "--agents", "heuristic:depth=0", "--corpus",
                             str(d / "c"), "--shard", "3", "--sample", "1", "--play-only"],
                            out) == 0
    return d / "c"


@pytest.mark.parametrize("kind", ["linear", "mlp", "gbdt"])
@pytest.mark.parametrize("per_faction", [False, True])
def test_train_value_runs_end_to_end_and_the_model_predicts_as_fitted(
        corpus: Path, tmp_path: Path, kind: str, per_faction: bool) -> None:
    from rootlaw.rl import train_value

    assert sorted(p.name for p in corpus.glob("shard_*.npz")) == ["shard_00000.npz",
                                                                  "shard_00001.npz"]
    out = io.StringIO()
    model_path = tmp_path / "model.json"
    args = ["--fit-only", "--corpus", str(corpus), "--out", str(model_path),
            "--kind", kind, "--min-rows", "10"]
    assert train_value_cli.main(args + ["--per-faction"] * per_faction, out) == 0
    text = out.getvalue()
    assert "validation RMSE" in text and "wrote" in text
    model = load_model(model_path)
    assert model["version"] == VERSION and model["kind"] == kind
    assert model["corpus"]["ended"] >= 1 and model["temperature"] > 0
    # by default one model of every faction (its rows marked by faction); per faction, the
    # bots sat in most games and have fits; every fit reproduces the library's predictions
    # on the corpus's own rows (the export is exact)
    tables, _ = train_value.load_corpus(corpus)
    if per_faction:
        assert {"electric_eyrie", "mechanical_marquise"} <= set(model["models"])
    else:
        assert set(model["models"]) == {train_value.POOLED}
        tables = {train_value.POOLED: train_value.pool({f: t for f, t in tables.items()
                                                        if len(t.y)})}
    for f, m in model["models"].items():
        t = tables[f]
        fitted, expected = train_value.fit_faction(t, kind)
        net = _Net(kind, m)
        for i in range(0, len(t.y), max(1, len(t.y) // 20)):
            x = {k: float(v) for k, v in zip(t.keys, t.X[i], strict=True) if v}
            assert net.predict(x) == pytest.approx(float(expected[i]), abs=1e-3, rel=1e-4)
        assert fitted["features"] == m["features"]


def test_the_corpus_is_the_same_on_any_number_of_workers(corpus: Path, tmp_path: Path) -> None:
    from rootlaw.rl import train_value

    jobs = train_value.plan(3, 1_000_000, [("heuristic:depth=0", 1.0)], 1.0)
    one = sorted((r["index"], r["scores"], len(r["rows"])) for r in train_value.play(jobs, 1))
    two = sorted((r["index"], r["scores"], len(r["rows"]))
                 for r in train_value.play(jobs, 2, chunk=1))
    assert one == two
    with np.load(corpus / "shard_00000.npz") as z:
        meta = json.loads(str(z["meta"]))
    assert meta["indices"] == [0, 1, 2]
    assert [s for i, s, _ in one] == [s for i, s, _ in sorted(
        (r["index"], r["scores"], 0) for r in train_value.play(jobs[:3], 1))]


def test_the_plan_covers_every_faction_map_and_deck() -> None:
    from rootlaw.rl.train_value import humans, opponents, parse_agents, plan

    agents = parse_agents("heuristic:depth=1@3,mcts:iters=24,horizon=8@1")
    assert agents == [("heuristic:depth=1", 3.0), ("mcts:iters=24,horizon=8", 1.0)]
    jobs = plan(3 * len(humans()) * 2, 7, agents)
    seated = {f for j in jobs for f in j.factions}
    assert set(humans()) <= seated
    assert {j.map for j in jobs} == set(rootlaw.core.catalog.MAP_NAMES)
    assert {j.deck for j in jobs} == {"standard", "exiles_partisans"}
    assert all(len(j.factions) == 4 for j in jobs)
    assert opponents("marquise") == ["electric_eyrie", "automated_alliance", "vagabot"] or \
        sorted(opponents("marquise")) == ["automated_alliance", "electric_eyrie", "vagabot"]
    assert sorted(opponents("duchy")) == ["automated_alliance", "electric_eyrie",
                                          "mechanical_marquise"]
    for bad in ("heuristic@x", "heuristic@0", "nobody", ""):
        with pytest.raises(ValueError):
            parse_agents(bad)


def test_model_files_of_another_format_or_version_are_refused(tmp_path: Path) -> None:
    p = tmp_path / "m.json"
    for content in ({"format": "other"}, {"format": "rootlaw-value", "version": VERSION + 1},
                    {"format": "rootlaw-value", "version": VERSION, "kind": "forest",
                     "models": {}}):
        p.write_text(json.dumps(content))
        with pytest.raises(ModelError):
            load_model(p)
    with pytest.raises(ModelError):
        load_model(tmp_path / "missing.json")
    p.write_text("{not json")
    with pytest.raises(ModelError):
        load_model(p)


def test_the_shipped_model_loads_and_values_every_seat() -> None:
    model = load_model()
    ev = LearnedEvaluator(model)
    assert ev.temperature > 0
    g = rootlaw.new_game(factions=["marquise", "electric_eyrie", "automated_alliance",
                                   "vagabot"], seed=3)
    values = ev.values(g)
    assert len(values) == 4 and all(-10 < v < 60 for v in values)
    assert set(LEARNED_FACTIONS) <= set(model["models"])


def test_value_features_see_only_what_the_seat_sees() -> None:
    """Resampling every secret the seat cannot see (hands, deck, supporters) leaves its
    features unchanged: the learned evaluation reads nothing hidden from it."""
    g = rootlaw.new_game(factions=["marquise", "eyrie", "alliance", "vagabond"], seed=5)
    agent = make_agent("random", 1)
    for i in range(120):
        g.apply(decide(agent, g, seed=i))
    for s in range(4):
        mine = value_features(g, s)
        sampler = Sampler(g, g.factions[s], seed=s)
        for _ in range(5):
            assert value_features(sampler.sample(), s) == mine
    x = value_features(g, 0)
    assert x["players"] == 4 and "vp_of:eyrie" in x and "map:fall" in x


def test_the_search_uses_the_learned_model_at_its_leaves(tmp_path: Path) -> None:
    from rootlaw.agents.mcts import MCTSAgent

    agent = make_agent("mcts:iters=20,learned=1", 2)
    assert isinstance(agent, MCTSAgent) and isinstance(agent.general, LearnedEvaluator)
    g = rootlaw.new_game(factions=["duchy", "mechanical_marquise", "electric_eyrie",
                                   "automated_alliance"], seed=4)
    option = decide(agent, g, seed=1)
    assert option in g.decision.options  # type: ignore[union-attr]
    assert agent.temperature == agent.general.temperature
    assert make_agent("mcts:iters=5,learned=1,temp=2", 0).temperature == 2  # type: ignore
    with pytest.raises(ModelError):
        make_agent(f"mcts:iters=5,learned=1,model={tmp_path / 'none.json'}")


def _every_faction() -> list[str]:
    from rootlaw.rl.train_value import humans

    return humans()


@pytest.mark.parametrize("me", _every_faction())
def test_the_heuristic_and_the_search_play_every_faction(me: str) -> None:
    """Every human faction (the Law's ten and the Crusader ones) against its three bots:
    the heuristic agent plays a whole game, the search with the learned model the first
    forty of its decisions."""
    from rootlaw.rl.train_value import opponents
    from rootlaw.sim import play_one

    r = play_one([me, *opponents(me)], seed=11, agents={me: "heuristic:depth=1"})
    assert r.reason != "unfinished" and r.decided[me] > 10
    g = rootlaw.new_game(factions=[me, *opponents(me)], seed=12)
    agent = make_agent("mcts:iters=6,learned=1", 3)
    for i in range(40):
        d = g.decision
        if d is None:
            break
        assert d.seat == me  # the bots play inside the engine
        option = decide(agent, g, seed=i)
        assert option in d.options
        g.apply(option)
