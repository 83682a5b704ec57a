"""The PettingZoo environment: PettingZoo's own API and seed tests, the stable action
encoding, bots acting inside, the example loop."""
from __future__ import annotations

import random
import warnings

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, seed_test  # noqa: E402

import rootlaw  # noqa: E402
from rootlaw import rl  # noqa: E402
from rootlaw.rl.encoding import ActionEncoding  # noqa: E402
from rootlaw.rl.example import run  # noqa: E402

CONFIGS = [
    ["marquise", "eyrie"],
    ["eyrie", "mechanical_marquise"],
    ["marquise", "electric_eyrie", "automated_alliance", "vagabot"],
    ["marquise", "eyrie", "alliance", "vagabond"],
    ["duchy", "eyrie", "vagabot"],  # the Burrow (12.2.2) and the Duchy's verbs
    ["keepers", "marquise", "electric_eyrie"],  # relics in forests, the Retinue (15)
]


@pytest.mark.parametrize("factions", CONFIGS, ids="/".join)
def test_pettingzoo_api_test(factions: list[str]) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # its style advice (agent names, space types)
        api_test(rl.env(factions=factions), num_cycles=200)


def test_pettingzoo_seed_test() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        seed_test(lambda: rl.env(factions=["marquise", "eyrie", "alliance", "vagabond"]),
                  num_cycles=50)


def test_bots_act_inside_and_only_human_seats_are_agents() -> None:
    env = rl.env(factions=["marquise", "electric_eyrie", "automated_alliance", "vagabot"])
    env.reset(seed=3)
    assert env.agents == ["marquise"]
    rng = np.random.default_rng(0)
    for agent in env.agent_iter():
        obs, reward, term, trunc, info = env.last()
        assert agent == "marquise"
        if term or trunc:
            assert reward in (1.0, -1.0)
            env.step(None)
            continue
        assert obs["action_mask"].sum() == len(set(env.actions.legal(info["options"])))
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert env.game is not None and env.game.is_over
    assert env.game.turn_no > 10  # the bots played their turns


def test_the_action_encoding_is_stable_and_round_trips() -> None:
    factions = ["marquise", "eyrie", "alliance", "vagabond"]
    a, b = ActionEncoding(factions), ActionEncoding(list(reversed(factions)))
    assert a.size == b.size and a.offset == b.offset  # the same configuration
    g = rootlaw.new_game(factions=factions, seed=77)
    rnd = random.Random(1)
    seen = 0
    while not g.is_over:
        opts = g.legal_options()
        codes = [a.encode(o) for o in opts]
        assert codes == [b.encode(o) for o in opts]
        for o, code in zip(opts, codes, strict=True):
            assert 0 <= code < a.size
            if code < a.fallback_at:
                assert a.decode(code) == o
                seen += 1
        assert len(set(codes)) == len(opts)  # distinct options, distinct integers
        g.apply(opts[rnd.randrange(len(opts))])
    assert seen > 500
    assert a.encode(("move", 1, 5)) != a.encode(("move", 5, 1))


def test_observations_are_the_seats_view_only() -> None:
    """The observation is built from game.view(seat): two games that differ only in a
    hidden card of another seat give the same observation."""
    env = rl.env(factions=["marquise", "eyrie"])
    env.reset(seed=5)
    g = env.game
    assert g is not None
    me = env.agent_selection
    other = g.factions[1 - g.seat_of(me)]
    before = env.observe(me)["observation"].copy()
    o = g.seat_of(other)
    g.hands[o], g.deck[-1] = [g.deck[-1]] + g.hands[o][1:], g.hands[o][0]
    assert np.array_equal(env.observe(me)["observation"], before)


def test_reward_vp_pays_points_as_they_come() -> None:
    env = rl.env(factions=["marquise", "eyrie"], reward="vp")
    env.reset(seed=2)
    total = {a: 0.0 for a in env.agents}
    rng = np.random.default_rng(1)
    for agent in env.agent_iter():
        obs, reward, term, trunc, _ = env.last()
        total[agent] += reward
        env.step(None if term or trunc else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    g = env.game
    assert g is not None
    for f in g.factions:
        end = 1.0 if f in g.winners else -1.0
        assert total[f] == pytest.approx(end + g.vp[g.seat_of(f)] / 30.0)


def test_the_example_loop_runs() -> None:
    rows = run(["marquise", "eyrie"], games=2)
    assert len(rows) == 2
    for row in rows:
        assert sorted(row["returns"].values()) == [-1.0, 1.0]


@pytest.mark.parametrize(("faction", "verbs"), [
    ("hundreds", ("raze", "anoint", "mood", "incite", "loot", "contempt_take", "lh_build",
                  "warriors_lead", "bitter", "jubilant", "lavish", "hoard_drop")),
    ("duchy", ("ud_sway", "ud_minister", "ud_dig", "ud_reveal", "ud_dig_move")),  # the Burrow
    ("keepers", ("kk_move", "kk_delve", "kk_recover", "kk_take", "kk_trophy", "kk_add")),
])
def test_a_factions_verbs_are_encoded(faction: str, verbs: tuple[str, ...]) -> None:
    """Every option of a whole game has its own code; the observation keeps its shape."""
    factions = [faction, "marquise"]
    a = ActionEncoding(factions)
    for verb in verbs:
        assert verb in a.verbs
    g = rootlaw.new_game(factions=factions, seed=5)
    rnd = random.Random(2)
    while not g.is_over:
        opts = g.legal_options()
        codes = [a.encode(o) for o in opts]
        assert len(set(codes)) == len(opts)
        g.apply(opts[rnd.randrange(len(opts))])
    env = rl.env(factions=factions)
    env.reset(seed=1)
    obs = env.observe(env.agent_selection)["observation"]
    assert obs.shape == env.observation_space(env.agent_selection)["observation"].shape
