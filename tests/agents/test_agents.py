"""Agents: one interface, parameters by name, hidden information kept, real play."""
from __future__ import annotations

import gc
import json
import random
import statistics
import sys
from pathlib import Path
from typing import Any

import pytest

import rootlaw
from rootlaw.agents import make_agent
from rootlaw.agents.base import decide
from rootlaw.agents.heuristic import (
    FIT_FACTIONS,
    PACE,
    ROUND_VP,
    WEIGHTS,
    Evaluator,
    FittedEvaluator,
    HeuristicAgent,
    features,
    rounds_left,
)
from rootlaw.agents.mcts import REUSE_FACTIONS, MCTSAgent
from rootlaw.core.determinize import Sampler
from rootlaw.core.faction_api import FACTIONS
from rootlaw.tournament import bots_against

BOTS = ["electric_eyrie", "automated_alliance", "vagabot"]


def test_make_agent_names_and_parameters() -> None:
    assert make_agent("random").name == "random"
    h = make_agent("heuristic:samples=2,depth=1")
    assert isinstance(h, HeuristicAgent) and h.samples == 2 and h.depth == 1
    m = make_agent("mcts:0.2")
    assert isinstance(m, MCTSAgent) and m.seconds == 0.2 and m.iterations is None
    m = make_agent("mcts:iters=40,rollout=random,c=1.2,horizon=8")
    assert isinstance(m, MCTSAgent)
    assert (m.iterations, m.rollout, m.c, m.horizon, m.seconds) == (40, "random", 1.2, 8, None)
    assert m.norm is None and m.evaluator.pace == 1.0  # the defaults
    m = make_agent("mcts:iters=40,norm=1,pace=0.5,temp=9")
    assert isinstance(m, MCTSAgent) and m.norm and m.evaluator.pace == 0.5
    assert m.temperature == 9.0
    m = make_agent("mcts:iters=40,greedy=3,fit=1")
    assert isinstance(m, MCTSAgent) and m.greedy == 3
    assert isinstance(m.evaluator, FittedEvaluator)
    h = make_agent("heuristic:fit=1")
    assert isinstance(h, HeuristicAgent) and isinstance(h.evaluator, FittedEvaluator)
    for spec, own in (("mcts", FIT_FACTIONS), ("mcts:fit=1", set()), ("mcts:fit=0", set())):
        m = make_agent(spec)
        assert isinstance(m, MCTSAgent) and set(m.own) == own, spec
        assert all(isinstance(ev, FittedEvaluator) for ev in m.own.values())
    for bad in ("mcts:fast", "mcts:speed=3", "alphazero", "random:3", "mcts:rollout=magic",
                "mcts:temp=0", "mcts:widen=-1"):
        with pytest.raises(ValueError):
            make_agent(bad)


def test_the_web_lobby_call_works_without_a_sampler() -> None:
    """The web hub calls agent.choose(view, options): every agent answers legally."""
    g = rootlaw.new_game(factions=["marquise", "eyrie"], seed=1)
    d = g.decision
    assert d is not None
    for name in ("random", "heuristic", "mcts:0.05"):
        agent = make_agent(name, 3)
        assert agent.choose(g.view(d.seat), list(d.options)) in d.options


class Spy:
    """An agent that records what it was given."""

    name = "spy"
    needs_view = True
    needs_sampler = True

    def __init__(self) -> None:
        self.got: list[tuple[Any, ...]] = []

    def choose(self, view: dict[str, Any], options: list[Any],
               sampler: Sampler | None = None) -> Any:
        self.got.append((view, options, sampler))
        return options[0]


def test_decide_gives_the_view_options_and_a_sampler_never_the_game() -> None:
    g = rootlaw.new_game(factions=["marquise", "eyrie", "alliance"], seed=4)
    spy = Spy()
    for _ in range(30):
        d = g.decision
        assert d is not None
        g.apply(decide(spy, g, seed=1))
        view, options, sampler = spy.got[-1]
        assert view["you"] == d.seat and options == d.options
        assert isinstance(sampler, Sampler) and sampler.faction == d.seat
        assert all(x is not g for x in (view, options, sampler))
        assert not any(x is g or x is g.hands or x is g.deck
                       for x in gc.get_referents(sampler))


def test_heuristic_features_are_generic_and_weights_readable() -> None:
    g = rootlaw.new_game(factions=["marquise", "eyrie", "alliance", "vagabond"], seed=2)
    rnd = random.Random(2)
    for _ in range(200):
        g.apply(rnd.choice(g.legal_options()))
    f = features(g, g.seat_of("marquise"))
    assert f["building:sawmill"] == g.count_building(g.seat_of("marquise"), "sawmill")
    assert "view:wood_in_supply" in f
    v = features(g, g.seat_of("vagabond"))
    assert any(k.startswith("view:items.") for k in v)
    ev = Evaluator()
    assert ev.weight("vagabond", "view:items.sword.ready") == WEIGHTS["vagabond"][
        "view:items.*.ready"]
    assert ev.weight("vagabot", "building:anything") == 0.6  # the default weights
    s = g.seat_of("eyrie")
    assert ev.value(g, s) >= g.vp[s]


def test_values_read_the_view_only_when_a_weight_does() -> None:
    """The view is left out of the features of factions whose weights never read it
    (the bots' default weights), and every value is still the weighted sum over all the
    features."""
    ev = Evaluator()
    assert ev.reads_view("eyrie") and ev.reads_view("vagabond")
    assert not ev.reads_view("vagabot") and not ev.reads_view("mechanical_marquise")
    assert Evaluator(default={"*": 0.1}).reads_view("vagabot")  # a pattern that may match
    rnd = random.Random(3)
    for factions in (["eyrie", *bots_against("eyrie")], ["marquise", "eyrie", "alliance",
                                                          "vagabond"]):
        g = rootlaw.new_game(factions=factions, seed=3)
        for _ in range(300):
            if g.is_over:
                break
            g.apply(rnd.choice(g.legal_options()))
            for s, f in enumerate(g.factions):
                every = features(g, s).items()
                full = sum(ev.weight(f, k) * x for k, x in every)
                paced = sum(ev.pace_weight(f, k) * x for k, x in every)
                assert ev.value(g, s) == pytest.approx(full + rounds_left(g) * paced)


def test_pace_counts_engine_pieces_for_the_rounds_left() -> None:
    """A sawmill is worth its static weight plus its pace weight per round left."""
    g = rootlaw.new_game(factions=["marquise", *BOTS], seed=2)
    rnd = random.Random(2)
    while g.turn_no < 3:
        g.apply(rnd.choice(g.legal_options()))
    s = g.seat_of("marquise")
    assert rounds_left(g) == (30 - max(g.vp)) / ROUND_VP > 0
    paced, flat = Evaluator(), Evaluator(pace=0.0)
    extra = paced.value(g, s) - flat.value(g, s)
    per_round = sum(PACE["marquise"].get(k, 0.0) * x for k, x in features(g, s).items())
    assert per_round > 0 and extra == pytest.approx(per_round * rounds_left(g))
    b = g.seat_of("vagabot")  # factions without a PACE table: the static weights alone
    assert paced.value(g, b) == flat.value(g, b)


def test_fitted_values_are_the_expected_final_vp() -> None:
    """data/values.json fits the base factions and their bots; a value is the fit's
    linear function of the features and rounds left; a faction without a fit (the Duchy)
    keeps the weighted value."""
    ev = FittedEvaluator()
    assert {"marquise", "eyrie", "alliance", "vagabond", "mechanical_marquise",
            "electric_eyrie", "automated_alliance", "vagabot"} <= set(ev.fits)
    g = rootlaw.new_game(factions=["marquise", "duchy", "vagabot"], seed=6)
    rnd = random.Random(6)
    while g.turn_no < 6:
        g.apply(rnd.choice(g.legal_options()))
    r = rounds_left(g)
    for f in ("marquise", "vagabot"):
        s = g.seat_of(f)
        c0, c1, w = ev.fits[f]
        by_hand = c0 + c1 * r + sum((w[k][0] + w[k][1] * r) * x
                                    for k, x in features(g, s).items() if k in w)
        assert ev.value(g, s) == pytest.approx(by_hand)
        assert 0 < ev.value(g, s) < 60  # VP at the game's end, not a weighted score
    d = g.seat_of("duchy")
    assert ev.value(g, d) == Evaluator().value(g, d)


def _script(name: str) -> Any:
    """scripts/NAME.py as a module."""
    import importlib.util

    path = Path(__file__).resolve().parents[2] / "scripts" / f"{name}.py"
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    sys.modules[name] = mod  # dataclasses look their module up there
    spec.loader.exec_module(mod)
    return mod


def test_fit_recovers_a_linear_outcome() -> None:
    """scripts/fit_values.py's regression finds the weights that made the outcomes."""
    mod = _script("fit_values")
    rnd = random.Random(1)
    rows = []
    for _ in range(2000):
        x = {"vp": float(rnd.randrange(30)), "building:roost": float(rnd.randrange(8))}
        r = rnd.uniform(0, 6)
        final = 2 + 0.5 * r + x["vp"] + (0.3 + 0.8 * r) * x["building:roost"]
        rows.append(("eyrie", x, r, final))
    m = mod.fit(rows, ridge=0.0)
    assert m["bias"] == pytest.approx([2, 0.5], abs=1e-3) and m["rmse"] < 1e-3
    assert m["weights"]["vp"] == pytest.approx([1, 0], abs=1e-3)
    assert m["weights"]["building:roost"] == pytest.approx([0.3, 0.8], abs=1e-3)


def test_fit_update_refits_only_the_factions_played(tmp_path: Path) -> None:
    """--update replaces the played human faction's fit and keeps every other one, the
    bots' included (theirs stay pooled over every faction's games)."""
    out = tmp_path / "values.json"
    kept = {"bias": [1.0, 0.0], "weights": {"vp": [1.0, 0.0]}}
    out.write_text(json.dumps({"fits": {f: kept for f in ("marquise", "eyrie", "vagabot")}}))
    _script("fit_values").main(["--factions", "marquise", "--games", "2", "--agent",
                                "heuristic", "--update", "--out", str(out)])
    fits = json.loads(out.read_text())["fits"]
    assert fits["eyrie"] == fits["vagabot"] == kept
    assert fits["marquise"]["rows"] > 10 and "heuristic" in fits["marquise"]["about"]
    assert set(fits) == {"marquise", "eyrie", "vagabot"}


@pytest.mark.parametrize("args, error", [
    (["--factions", "marquise,cats"], "cats not a human faction"),
    (["--games", "0"], "at least 1"),
    (["--agent", "mcts:speed=3"], "unknown parameter(s) speed"),
    (["--update"], "has no fits to keep"),
])
def test_fit_values_refuses_bad_arguments_before_playing(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str], error: str) -> None:
    """Bad arguments stop fit_values.py at once with a message naming them (not after
    hours of games), and no file is written."""
    out = tmp_path / "values.json"
    with pytest.raises(SystemExit):
        _script("fit_values").main(["--games", "1", "--out", str(out), *args])
    assert error in capsys.readouterr().err and not out.exists()


@pytest.mark.parametrize("me", ["marquise", "eyrie", "alliance", "vagabond"])
def test_heuristic_outscores_random_against_bots(me: str) -> None:
    """Over the same four seeds against three bots, the heuristic agent scores more."""
    bots = [b for b in ["mechanical_marquise", *BOTS] if FACTIONS[b].replaces != me]
    totals = {}
    for name in ("random", "heuristic:depth=1"):
        vp = 0
        for seed in range(4):
            g = rootlaw.new_game(factions=[me, *bots], seed=seed)
            agent = make_agent(name, seed)
            while not g.is_over:
                g.apply(decide(agent, g, seed))
            vp += g.vp[g.seat_of(me)]
        totals[name] = vp
    assert totals["heuristic:depth=1"] > totals["random"]


def test_widening_tries_only_the_options_the_heuristic_likes_best() -> None:
    """widen=0.5: a root passed fewer than 16 times weighs its best two options only."""
    g = rootlaw.new_game(factions=["marquise", *BOTS], seed=9)
    while g.decision is not None and len(g.decision.options) < 4:
        g.apply(g.legal_options()[0])
    d = g.decision
    assert d is not None
    wide = make_agent("mcts:iters=12")
    narrow = make_agent("mcts:iters=12,widen=0.5")
    assert isinstance(wide, MCTSAgent) and isinstance(narrow, MCTSAgent)
    assert narrow.widen == 0.5 and wide.widen == 0.0
    decide(wide, g, seed=3)
    decide(narrow, g, seed=3)
    assert len(wide.last["visits"]) > 2
    assert len(narrow.last["visits"]) == 2
    bias = narrow.biases(g, g.factions.index(d.seat), list(d.options))
    liked = sorted(bias.values(), reverse=True)[:2]
    assert sorted((bias[o] for o in narrow.last["visits"]), reverse=True) == liked


def test_mcts_searches_within_its_budget_and_is_deterministic() -> None:
    g = rootlaw.new_game(factions=["marquise", *BOTS], seed=9)
    while g.decision is not None and len(g.decision.options) < 3:
        g.apply(g.legal_options()[0])
    picks = []
    for _ in range(2):
        agent = MCTSAgent(seed=5, iterations=30)
        picks.append(decide(agent, g, seed=7))
        assert agent.last["iterations"] == 30
        assert sum(agent.last["visits"].values()) == 30
        assert set(agent.last["visits"]) <= set(g.legal_options())
    assert picks[0] == picks[1] and picks[0] in g.legal_options()
    # by default the Marquise searches with the fitted values and scaled means, the
    # Eyrie with the weights and raw means; norm=0 / norm=1 say so for every faction
    made = make_agent("mcts:iters=5")
    assert isinstance(made, MCTSAgent)
    agent = made
    decide(agent, g, seed=7)
    assert isinstance(agent.evaluator, FittedEvaluator) and agent.normalize
    e = rootlaw.new_game(factions=["eyrie", "mechanical_marquise", "vagabot"], seed=9)
    while e.decision is not None and len(e.decision.options) < 3:
        e.apply(e.legal_options()[0])
    decide(agent, e, seed=7)
    assert type(agent.evaluator) is Evaluator and not agent.normalize
    for spec, game, scaled in (("mcts:iters=5,norm=0", g, False),
                               ("mcts:iters=5,norm=1", e, True)):
        agent = make_agent(spec)
        assert isinstance(agent, MCTSAgent)
        decide(agent, game, seed=7)
        assert agent.normalize is scaled, spec
    timed = MCTSAgent(seed=5, seconds=0.15)
    import time

    t = time.perf_counter()
    decide(timed, g, seed=7)
    assert time.perf_counter() - t < 1.0 and timed.last["iterations"] >= 1


def test_reuse_searches_on_from_the_chosen_subtree_only_where_it_belongs() -> None:
    """reuse=1: when the seat's next decision follows its last one directly, the search
    starts from the chosen option's subtree (its visits count again); a decision
    elsewhere (another game, the next turn) starts afresh, and reuse=0 never reuses."""
    g = rootlaw.new_game(factions=["eyrie", *bots_against("eyrie")], seed=4)
    agent = make_agent("mcts:iters=40,reuse=1", 1)
    plain = make_agent("mcts:iters=40", 1)
    assert isinstance(agent, MCTSAgent) and isinstance(plain, MCTSAgent)
    reused: list[bool] = []
    again = False  # the last decision was already searched on a copy of this position
    while g.turn_no < 6:
        d = g.decision
        assert d is not None
        before, turn = g.version, g.turn_no
        o = decide(agent, g, seed=g.version)
        if again:  # what that search kept belongs one option later: not here
            assert agent.last["reused"] == 0
        kept = agent.last["visits"].get(o, 0) if len(d.options) > 1 else 0
        decide(plain, g, seed=g.version)
        assert plain.last.get("reused", 0) == 0
        g.apply(o)
        nxt = g.decision
        again = bool(kept and nxt is not None and len(nxt.options) > 1
                     and g.version == before + 1 and nxt.seat == d.seat
                     and g.turn_no == turn)
        if again:
            decide(agent, g.copy(), seed=g.version)
            reused.append(agent.last["reused"] == kept)
    assert reused and all(reused)
    other = rootlaw.new_game(factions=["eyrie", *bots_against("eyrie")], seed=5)
    while other.decision is not None and len(other.decision.options) < 2:
        other.apply(other.legal_options()[0])
    decide(agent, other, seed=1)
    assert agent.last["reused"] == 0


def test_reuse_is_the_marquise_default_only() -> None:
    """Without ``reuse`` the search reuses its tree where that was shown to play better
    (REUSE_FACTIONS: the Marquise) and nowhere else; reuse=0 / reuse=1 say so for every
    faction."""
    assert REUSE_FACTIONS == {"marquise"}
    g = rootlaw.new_game(factions=["marquise", *bots_against("marquise")], seed=4)
    default, off = make_agent("mcts:iters=30", 1), make_agent("mcts:iters=30,reuse=0", 1)
    assert isinstance(default, MCTSAgent) and isinstance(off, MCTSAgent)
    assert default.reuses("marquise") and not default.reuses("eyrie")
    on = make_agent("mcts:reuse=1")
    assert isinstance(on, MCTSAgent) and on.reuses("eyrie") and not off.reuses("marquise")
    reused = 0
    while g.turn_no < 6 and g.decision is not None:
        c = g.copy()
        o = decide(default, g, seed=g.version)
        reused += default.last.get("reused", 0) if len(g.decision.options) > 1 else 0
        decide(off, c, seed=g.version)
        assert off.last.get("reused", 0) == 0
        g.apply(o)
    assert reused > 0


def _halving_position() -> tuple[Any, Any]:
    g = rootlaw.new_game(factions=["eyrie", *bots_against("eyrie")], seed=4)
    while g.decision is not None and len(g.decision.options) < 6:
        g.apply(g.legal_options()[0])
    assert g.decision is not None
    return g, g.decision


def test_halving_keeps_the_heuristics_best_options_and_halves_them() -> None:
    """halving=k: the heuristic's k best root options, the worse half dropped each round
    of the budget; the answer is a survivor."""
    g, d = _halving_position()
    agent = make_agent("mcts:iters=120,halving=4", 2)
    assert isinstance(agent, MCTSAgent) and agent.halving == 4
    o = decide(agent, g, seed=3)
    visits = agent.last["visits"]
    bias = agent.biases(g, g.factions.index(d.seat), list(d.options))
    assert sorted(bias[x] for x in visits) == sorted(bias.values())[-4:]  # the 4 best kept
    assert agent.last["iterations"] == sum(visits.values()) == 120
    # log2(4) = 2 rounds of 60 iterations: 15 passes over 4 options, then 30 over 2
    assert sorted(visits.values()) == [15, 15, 45, 45] and agent.last["passes"] == 45
    assert o in visits and visits[o] == 45 and o in g.legal_options()
    with pytest.raises(ValueError, match="halving"):
        make_agent("mcts:iters=5,halving=-1")


@pytest.mark.skipif(rootlaw.BUILD == "compiled", reason="spies on the search from Python")
def test_halving_tries_each_option_of_a_pass_on_the_same_draws() -> None:
    """Common random numbers: a pass draws one game, and each kept option is searched on
    it with the same rollout draws; the next pass draws anew."""
    g, d = _halving_position()
    agent = make_agent("mcts:iters=120,halving=4", 2)
    assert isinstance(agent, MCTSAgent)
    sampler = Sampler(g, d.seat, 3)
    games: list[Any] = []  # the games sampled, one per pass
    draws: list[tuple[Any, int]] = []  # per iteration: rollout draws, the pass's game

    class Counted:  # the sampler, counting its games
        seat, faction = sampler.seat, sampler.faction

        def sample(self) -> Any:
            games.append(sampler.sample())
            return games[-1]

    iterate = agent.iterate

    def spy(root: Any, c: Any, path: Any = None) -> None:
        draws.append((agent.rng.getstate(), len(games)))
        iterate(root, c, path)

    agent.iterate = spy  # type: ignore[method-assign,assignment]
    agent.choose({}, list(d.options), Counted())  # type: ignore[arg-type]
    assert len(draws) == 120 and len(games) == agent.last["passes"] == 45
    for k in range(0, 60, 4):  # a pass: one game and the same rollout draws per option
        assert len({(str(r), n) for r, n in draws[k:k + 4]}) == 1
    assert draws[0] != draws[4]  # the next pass draws anew


@pytest.mark.parametrize("alliance", ["mcts:iters=8,rollout=random", "mcts:iters=8,greedy=3,fit=1"])
def test_mcts_plays_a_whole_game_with_humans_and_bots(alliance: str) -> None:
    g = rootlaw.new_game(factions=["alliance", "vagabond", "mechanical_marquise"], seed=3)
    agents = {"alliance": make_agent(alliance, 1),
              "vagabond": make_agent("heuristic:depth=1", 2)}
    while not g.is_over:
        d = g.decision
        assert d is not None
        g.apply(decide(agents[d.seat], g, seed=g.version))
    assert g.winners


def test_agents_play_the_hundreds() -> None:
    """random, heuristic and MCTS agents play whole games as the Lord of the Hundreds."""
    for spec, seed in (("random", 1), ("heuristic:depth=1", 2), ("mcts:iters=6,rollout=random", 3)):
        g = rootlaw.new_game(factions=["hundreds", "eyrie", "mechanical_marquise"], seed=seed)
        agents = {"hundreds": make_agent(spec, seed), "eyrie": make_agent("random", seed)}
        while not g.is_over:
            d = g.decision
            assert d is not None
            g.apply(decide(agents[d.seat], g, seed=g.version))
        assert g.winners


def test_agents_play_the_duchy() -> None:
    """random, heuristic and MCTS agents play whole games as the Underground Duchy."""
    for spec, seed in (("random", 1), ("heuristic:depth=1", 2), ("mcts:iters=6,rollout=random", 3)):
        g = rootlaw.new_game(factions=["duchy", "eyrie", "mechanical_marquise"], seed=seed)
        agents = {"duchy": make_agent(spec, seed), "eyrie": make_agent("random", seed)}
        while not g.is_over:
            d = g.decision
            assert d is not None
            g.apply(decide(agents[d.seat], g, seed=g.version))
        assert g.winners


def test_agents_play_the_keepers() -> None:
    """random, heuristic and MCTS agents play whole games as the Keepers in Iron."""
    for spec, seed in (("random", 1), ("heuristic:depth=1", 2), ("mcts:iters=6,rollout=random", 3)):
        g = rootlaw.new_game(factions=["keepers", "eyrie", "mechanical_marquise"], seed=seed)
        agents = {"keepers": make_agent(spec, seed), "eyrie": make_agent("random", seed)}
        while not g.is_over:
            d = g.decision
            assert d is not None
            g.apply(decide(agents[d.seat], g, seed=g.version))
        assert g.winners


def _eyrie_adding_to_decree(seed: int) -> tuple[rootlaw.Game, int]:
    g = rootlaw.new_game(factions=["eyrie", "marquise"], seed=seed)
    while g.decision is not None and g.decision.kind != "decree_add":
        g.apply(g.decision.options[0])
    return g, g.factions.index("eyrie")


def test_eyrie_hints_flag_decree_cards_that_must_fall_into_turmoil() -> None:
    """7.5.2 / 7.7: a card with no way to resolve its column is hinted at a turmoil, and
    so is a Decree that cannot be resolved (the outlook)."""
    from rootlaw.agents.hints import TURMOIL, eyrie_outlook, hint
    from rootlaw.factions.eyrie import card_suit, st_of

    g, s = _eyrie_adding_to_decree(3)
    roost = g.buildings_of(s, "roost")[0]
    card = {g.suit_of(c): c for c in g.deck}
    other = next(x for x in ("fox", "rabbit", "mouse") if x != g.suits[roost])
    assert hint(g, s, ("decree", card[g.suits[roost]], "recruit")) == 0.0  # a roost of it
    assert hint(g, s, ("decree", card["bird"], "recruit")) == 0.0  # birds are wild
    assert hint(g, s, ("decree", card[other], "recruit")) == -TURMOIL  # no roost of it
    assert hint(g, s, ("done",)) == 0.0
    # build: in a clearing of the suit it rules, or one a card of the move column can
    # take first (its only roost is in its corner, so it rules no other clearing yet)
    es = st_of(g, s)
    plain = es.decree
    near = {g.suits[a] for a in g.adjacent(roost) if g.open_slots(a) > 0}
    es.decree = (plain[0], (card["bird"],), plain[2], ())
    for x in ("fox", "rabbit", "mouse"):
        assert hint(g, s, ("decree", card[x], "build")) == (0.0 if x in near else -TURMOIL)
    es.decree = (plain[0], (), plain[2], ())
    assert hint(g, s, ("decree", card["bird"], "build")) == -TURMOIL  # nothing to move
    es.decree = plain
    # 7.5.2.IV: with every roost on the map, no build card can be resolved
    full = g.copy()
    spots = [c for c in full.clearings() if c != roost and full.open_slots(c) > 0]
    for c in spots[:full.fdefs[s].buildings["roost"] - full.count_building(s, "roost")]:
        full.place_building(s, "roost", c)
    for x in near:
        assert hint(full, s, ("decree", card[x], "build")) == -TURMOIL
    # every build card needs a clearing of its own, and a move card to take it: birds
    # fill the reachable ones
    spots = [a for a in g.adjacent(roost) if g.open_slots(a) > 0 and g.may_place(s, a)]
    moves = (card["bird"],) * len(spots)
    es.decree = (plain[0], moves, plain[2], (card["bird"],) * (len(spots) - 1))
    assert hint(g, s, ("decree", card["bird"], "build")) == 0.0
    es.decree = (plain[0], moves[1:], plain[2], (card["bird"],) * (len(spots) - 1))
    assert hint(g, s, ("decree", card["bird"], "build")) == -TURMOIL  # a move too few
    es.decree = (plain[0], moves, plain[2], (card["bird"],) * len(spots))
    assert hint(g, s, ("decree", card["bird"], "build")) == -TURMOIL  # a clearing too few
    es.decree = plain
    # the outlook: the Decree as it stands, resolved in the next Daylight
    assert eyrie_outlook(g, s) == 0.0
    viziers = [sum(1 for c in col if card_suit(g, c) == "bird") for col in plain]  # 7.3.3
    es.decree = ((card[other],), *plain[1:])
    assert eyrie_outlook(g, s) == -TURMOIL - sum(viziers[1:])
    es.decree = ((card[other], card["bird"]), *plain[1:])
    # and a VP for each bird card (7.7.1)
    assert eyrie_outlook(g, s) == -TURMOIL - sum(viziers[1:]) - 1
    es.decree = (plain[0], moves, plain[2], (card["bird"],) * (len(spots) + 1))
    birds = viziers[0] + viziers[2] + 2 * len(spots) + 1
    assert eyrie_outlook(g, s) == -TURMOIL - birds
    es.decree = plain
    # 7.5.2.I: recruit cards the warrior supply cannot cover
    es.decree = (es.decree[0] + (card["bird"],) * g.warrior_supply(s), *es.decree[1:])
    assert hint(g, s, ("decree", card[g.suits[roost]], "recruit")) == -TURMOIL
    mq = g.factions.index("marquise")
    assert hint(g, mq, ("decree", card["bird"], "recruit")) == 0.0  # no Marquise hints
    # the search can run with or without them
    m = make_agent("mcts:iters=5,hints=0")
    assert isinstance(m, MCTSAgent) and m.hints is False


def _strength_json(path: Path, seed: int, scores: list[int], faction: str = "marquise",
                   iterations: float | None = None) -> str:
    row: dict[str, object] = {"agent": "mcts:0.25", "faction": faction, "seed": seed,
                              "scores": scores}
    if iterations is not None:
        row["iterations_per_decision"] = iterations
    path.write_text(json.dumps({"rows": [row]}), encoding="utf-8")
    return str(path)


def test_paired_compares_runs_game_by_game(tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    """scripts/paired.py: B minus A game by game, with its standard error, the games one
    side alone won and their sign test; several files make one side in seed order; the
    sides' search budgets (iterations a decision), flagged when they differ."""
    mod = _script("paired")
    a = _strength_json(tmp_path / "a.json", 100, [10, 130, 20, 12], iterations=400)
    b1 = _strength_json(tmp_path / "b1.json", 100, [14, 22], iterations=200)
    b2 = _strength_json(tmp_path / "b2.json", 102, [131, 15], iterations=400)
    r = mod.compare(mod.load_side(a), mod.load_side(f"{b1},{b2}"))
    assert r["games"] == 4 and r["seeds_checked"] and r["wins"] == [1, 1]
    assert r["vp_difference"] == pytest.approx((4 - 8 + 11 + 3) / 4)  # 22 - 30 counts -8
    assert r["standard_error"] == pytest.approx(statistics.stdev([4, -8, 11, 3]) / 2)
    assert r["won_by_one_side"] == [1, 1] and r["sign_test_p"] == 1.0
    assert r["iterations_per_decision"] == [400, 300]  # B: its games' mean
    assert mod.sign_test(0, 6) == pytest.approx(2 / 64)
    assert mod.main([a, f"{b1},{b2}"]) == 0
    out = capsys.readouterr().out
    assert "+2.50 ±" in out and "300 iterations a decision" in out
    assert "B searched 0.75 times A's iterations" in out
    unknown = _strength_json(tmp_path / "u.json", 102, [30, 40])  # not recorded
    assert mod.load_side(f"{b1},{unknown}").iterations is None
    assert mod.main([a, a]) == 0
    assert "budgets differ" not in capsys.readouterr().out


def test_paired_refuses_what_cannot_be_paired(tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    """Different seeds, different factions, a file without game-by-game scores: a clear
    error (exit 2), nothing compared."""
    mod = _script("paired")
    a = _strength_json(tmp_path / "a.json", 100, [10, 12, 14])
    shifted = _strength_json(tmp_path / "s.json", 101, [10, 12, 14])
    eyrie = _strength_json(tmp_path / "e.json", 100, [10, 12, 14], "eyrie")
    with pytest.raises(mod.PairingError, match="seed 100 in A and 101 in B"):
        mod.compare(mod.load_side(a), mod.load_side(shifted))
    with pytest.raises(mod.PairingError, match="different factions"):
        mod.compare(mod.load_side(a), mod.load_side(eyrie))
    (tmp_path / "old.json").write_text('{"rows": [{"faction": "marquise"}]}', "utf-8")
    assert mod.main([a, str(tmp_path / "old.json")]) == 2
    assert "no game-by-game 'scores'" in capsys.readouterr().err
