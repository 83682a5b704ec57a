"""Hirelings (Appendix E) in the command line: --hirelings for play and simulate, the
terminal board's Hirelings row (tui.py) and the narrated log (narrate.py)."""
from __future__ import annotations

import argparse
import io
import json
import random
from argparse import Namespace

import rootlaw
from rootlaw.commands.flags import setup_flags
from rootlaw.commands.play import play
from rootlaw.commands.simulate import simulate
from rootlaw.narrate import narrate
from rootlaw.tui import board, console, hirelings_text


def sim_args(**kw: object) -> Namespace:
    base: dict[str, object] = dict(
        map="fall", factions="marquise,eyrie", players=None, bots=None, deck="standard",
        setup="advanced", landmarks=None, map_landmarks=None, hirelings=None, rules=None,
        suits=None, agent=None, games=2, seed=1, max_turns=1000, json=True,
        no_progress=True, workers=1, ray=None, bot_difficulty=None, bot_trait=None,
        cooperative=False, report=None)
    base.update(kw)
    return Namespace(**base)


def test_simulate_with_hirelings_named_and_dealt() -> None:
    out = io.StringIO()
    assert simulate(sim_args(hirelings="popular_band,corvid_spies,the_exile"), out) == 0
    assert json.loads(out.getvalue())["games"] == 2
    out = io.StringIO()
    assert simulate(sim_args(hirelings="3", players=5, bots="vagabot,electric_eyrie"),
                    out) == 0


def test_hirelings_flag_refused_by_name() -> None:
    out = io.StringIO()
    assert simulate(sim_args(setup="standard", hirelings="3"), out) == 2
    assert "A.6" in out.getvalue()
    out = io.StringIO()
    assert simulate(sim_args(hirelings="forest_patrol,popular_band,corvid_spies"), out) == 2
    assert "A.6.5" in out.getvalue() and "marquise" in out.getvalue()


def test_play_takes_the_flag() -> None:
    """``rootlaw play --setup advanced --hirelings ...``: the cards are set up (A.6.3) and
    the game plays to its end, the board listing the hirelings."""
    parser = argparse.ArgumentParser()
    for flag in ("--factions", "--faction", "--vs", "--save", "--load"):
        parser.add_argument(flag)
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--quiet", action="store_true")
    setup_flags(parser)
    args = parser.parse_args(["--factions", "marquise,eyrie", "--faction", "marquise", "--vs",
                              "random", "--setup", "advanced", "--hirelings",
                              "popular_band,corvid_spies,highway_bandits"])
    out = io.StringIO()
    assert play(args, io.StringIO("1\n" * 30000), out) == 0
    text = out.getvalue()
    assert "Hirelings" in text and "hiring markers on the track" in text


def test_terminal_board_and_narration_name_the_hirelings() -> None:
    g = rootlaw.new_game(players=3, setup="advanced", seed=5,
                         hirelings=["warm_sun_prophets", "corvid_spies", "popular_band"])
    rnd = random.Random(1)
    while g.turn_no < 30 and not g.is_over:
        g.apply(g.decision.options[rnd.randrange(len(g.decision.options))])
    view = g.view(None)
    text = hirelings_text(view)
    for c in view["hirelings"]["cards"]:
        assert c["name"] in text
    out = io.StringIO()
    console(out).print(board(view, {}))
    assert "Hirelings" in out.getvalue()
    lines = [ln["text"] for ln in narrate(g.log, list(g.factions), None, False)]
    assert any("Hirelings dealt (A.6.1-A.6.2)" in t for t in lines)
    assert any("sets up" in t and "(A.6.3)" in t for t in lines)
    hired = [e for e in g.log if e[0] == "hired"]
    if hired:  # E.1.1, E.1.2 told in words
        assert any("hires" in t and "(E.1.1)" in t for t in lines)
        assert any("rolls for control" in t for t in lines)
    assert not any(t.startswith("Hireling ") and "_" in t for t in lines)  # no raw ids
