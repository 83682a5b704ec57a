"""The Corvid Conspiracy above the engine: terminal play and simulation, the agents,
determinization, the PettingZoo environment and its action encoding."""
from __future__ import annotations

import argparse
import io
import json
import random
import warnings

import pytest

import rootlaw
from rootlaw.agents import make_agent
from rootlaw.agents.base import decide
from rootlaw.commands.play import play
from rootlaw.commands.simulate import simulate
from rootlaw.core.determinize import Sampler
from rootlaw.factions.corvids import PLOT, TYPES, st_of
from rootlaw.tui import render

CV = "corvids"
CORVID_VERBS = {"cv_scatter", "flip", "cv_recruit", "cv_plot", "trick", "no_exert", "expose",
                "show_card", "go_on"}


def until_plot(factions: list[str], seed: int = 1) -> rootlaw.Game:
    """A random game played until a face-down plot is on the map and none face up."""
    g = rootlaw.new_game(factions, seed=seed)
    rnd = random.Random(seed)
    s = g.seat_of(CV)
    while not g.is_over:
        if g.count_token(s, PLOT) and not any(g.count_token(s, k) for k in TYPES):
            return g
        g.apply(g.decision.options[rnd.randrange(len(g.decision.options))])
    raise AssertionError("no plot was placed")


# ---------------------------------------------------------------- terminal
def test_terminal_board_shows_face_down_plots_as_question_marks() -> None:
    g = until_plot([CV, "marquise"])
    s = g.seat_of(CV)
    c = g.piece_clearings(s, PLOT)[0]
    kind = st_of(g, s).facedown.identity(c)
    theirs, mine = render(g.view("marquise"), width=250), render(g.view(CV), width=250)
    assert "Corvid Conspiracy: face-down plot" in theirs
    assert f"face-down plot ({kind})" not in theirs
    assert f"face-down plot ({kind})" in mine and "Plots in supply" in mine


def test_rootlaw_play_with_the_corvids_keeps_their_plots_secret() -> None:
    parser = argparse.ArgumentParser()
    for flag, default in (("--factions", "corvids,marquise,eyrie"), ("--faction", "marquise"),
                          ("--vs", "random"), ("--map", "fall"), ("--save", None),
                          ("--load", None)):
        parser.add_argument(flag, default=default)
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--quiet", action="store_true")
    out = io.StringIO()
    assert play(parser.parse_args([]), io.StringIO("1\n" * 3000), out) == 0
    text = out.getvalue()
    assert "Game over:" in text
    assert "Corvid Conspiracy places a face-down plot in" in text  # told without its type
    assert "corvids: Plot: place a face-down bomb" not in text


def test_rootlaw_simulate_accepts_the_corvids() -> None:
    out = io.StringIO()
    args = argparse.Namespace(factions="corvids,marquise,electric_eyrie", games=6, seed=1,
                              map="fall", agent=None, max_turns=1000, json=True,
                              no_progress=True)
    assert simulate(args, out) == 0
    assert json.loads(out.getvalue())["games"] == 6


# ---------------------------------------------------------------- agents
@pytest.mark.parametrize("spec", ["random", "heuristic:samples=1,depth=1",
                                  "mcts:iters=8,horizon=4"])
def test_agents_play_the_corvids_and_their_enemies(spec: str) -> None:
    g = rootlaw.new_game([CV, "marquise", "vagabot"], seed=2)
    agents = {f: make_agent(spec, i) for i, f in enumerate(g.factions)}
    for _ in range(250):
        if g.is_over:
            break
        d = g.decision
        choice = decide(agents[d.seat], g, seed=g.version)
        assert choice in d.options
        g.apply(choice)


def test_determinized_samples_agree_with_every_seat_and_vary_the_plots() -> None:
    g = until_plot([CV, "eyrie", "alliance"], seed=4)
    s = g.seat_of(CV)
    for seat in g.factions:
        sampler = Sampler(g, seat, seed=7)
        ids = set()
        for _ in range(12):
            x = sampler.sample()
            assert x.view(seat) == g.view(seat)
            ids.add(st_of(x, s).facedown.ids)
        assert (len(ids) == 1) == (seat == CV)  # only the Corvids know their plots


# ------------------------------------------------------------------ PettingZoo
def test_pettingzoo_api_test_with_the_corvids() -> None:
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import api_test

    from rootlaw import rl

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(rl.env(factions=[CV, "marquise", "automated_alliance"]), num_cycles=200)


def test_the_action_encoding_covers_every_corvid_verb() -> None:
    pytest.importorskip("numpy")
    from rootlaw.rl.encoding import ActionEncoding

    factions = [CV, "marquise", "eyrie", "vagabond"]
    enc = ActionEncoding(factions)
    assert CORVID_VERBS <= set(enc.verbs)
    seen: set[str] = set()
    for seed in range(3):
        g = rootlaw.new_game(factions, seed=100 + seed)
        rnd = random.Random(seed)
        while not g.is_over:
            for o in g.legal_options():
                code = enc.encode(o)
                if o[0] in CORVID_VERBS:
                    seen.add(str(o[0]))
                    assert code < enc.fallback_at and enc.decode(code) == o, o
            opts = g.legal_options()
            g.apply(opts[rnd.randrange(len(opts))])
    assert {"cv_plot", "expose", "flip", "trick"} <= seen


def test_rare_corvid_verbs_are_declared_not_left_to_the_fallback() -> None:
    pytest.importorskip("numpy")
    from rootlaw.rl.encoding import DECLARED, ActionEncoding

    enc = ActionEncoding([CV, "marquise", "automated_alliance"])
    assert set(DECLARED[CV]) <= set(enc.verbs)  # raid_in, cv_recruit_in: warriors short
    for o in [("raid_in", 7), ("cv_recruit_in", 12), ("cv_recruit", "ambush_bird", "mouse"),
              ("cv_plot", 3, "raid"), ("expose", 11, "snare"), ("show_card", "anvil")]:
        code = enc.encode(o)
        assert code < enc.fallback_at and enc.decode(code) == o
    assert ActionEncoding(["marquise", "eyrie"]).size == 8121  # other configurations alike


def test_other_seats_read_secret_options_without_their_secret() -> None:
    from rootlaw.core.options import label, public_label

    for o, hidden in ((("cv_plot", 5, "bomb"), "bomb"), (("show_card", "anvil"), "Anvil"),
                      (("mobilize", "anvil"), "Anvil"), (("outrage", "anvil"), "Anvil"),
                      (("aid", "marquise", "anvil"), "Anvil"), (("give", "anvil"), "Anvil")):
        assert hidden in label(o) and hidden not in public_label(o)
    assert public_label(("move", 1, 5)) == label(("move", 1, 5))
