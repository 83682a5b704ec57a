"""Landmarks (Appendix F) in the command line: --landmarks for play and simulate, and the
terminal board naming them (tui.py)."""
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
from rootlaw.tui import board, console, landmarks_text, paths_of
from tests.test_invariants import shuffle_market


def sim_args(**kw: object) -> Namespace:
    base: dict[str, object] = dict(
        map="fall", factions="marquise,eyrie", players=None, bots=None, deck="standard",
        setup="advanced", landmarks=None, map_landmarks=None, rules=None, suits=None,
        agent=None, games=2, seed=1, max_turns=1000, json=True, no_progress=True, workers=1,
        ray=None, bot_difficulty=None, bot_trait=None, cooperative=False, report=None)
    base.update(kw)
    return Namespace(**base)


def test_simulate_with_landmarks_named_and_dealt() -> None:
    out = io.StringIO()
    assert simulate(sim_args(landmarks="lost_city,elder_treetop"), out) == 0
    assert json.loads(out.getvalue())["games"] == 2
    out = io.StringIO()
    assert simulate(sim_args(map="lake", landmarks="2", map_landmarks="ignore", players=3,
                             bots="vagabot,electric_eyrie"), out) == 0


def test_landmarks_flag_refused_by_name() -> None:
    out = io.StringIO()
    assert simulate(sim_args(setup="standard", landmarks="1"), out) == 2
    assert "A.5" in out.getvalue() and "setup='advanced'" in out.getvalue()
    out = io.StringIO()
    assert simulate(sim_args(landmarks="lost_city,castle"), out) == 2
    assert "unknown landmark 'castle'" in out.getvalue()


def test_play_takes_the_flag() -> None:
    """``rootlaw play --setup advanced --landmarks tower``: the Tower is set up (A.5.3) and
    the game plays to its end, the board naming the Pass."""
    parser = argparse.ArgumentParser()
    for flag in ("--factions", "--faction", "--vs", "--save", "--load"):
        parser.add_argument(flag)
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--quiet", action="store_true")
    setup_flags(parser)
    args = parser.parse_args(["--factions", "marquise,eyrie", "--faction", "marquise", "--vs",
                              "random", "--setup", "advanced", "--landmarks", "tower"])
    out = io.StringIO()
    assert play(args, io.StringIO("1\n" * 20000), out) == 0
    text = out.getvalue()
    assert "the Pass" in text and "set up the Tower in" in text


def test_the_terminal_board_names_the_landmarks_and_hides_the_market() -> None:
    g = rootlaw.new_game(factions=["marquise", "eyrie", "vagabond"], setup="advanced", seed=4,
                         landmarks=["lost_city", "black_market"])
    rnd = random.Random(1)
    while g.turn_no < 2:
        g.apply(g.decision.options[rnd.randrange(len(g.decision.options))])
    view = g.view("marquise")
    buf = io.StringIO()
    console(buf).print(board(view, paths_of(g)))
    text = buf.getvalue()
    lc, bm = g.landmarks.lost_city, g.landmarks.market
    assert "[Lost City]" in text and "the Lost City" in text and "[Black" in text
    parts = set(landmarks_text(view).split("; "))
    assert parts == {f"Lost City in {lc}", f"Black Market in {bm} (3 cards face down)"}
    c = g.copy()
    shuffle_market(c, random.Random(2))
    buf2 = io.StringIO()
    console(buf2).print(board(c.view("marquise"), paths_of(c)))
    assert buf2.getvalue() == text  # the market's cards: face down on the terminal too
