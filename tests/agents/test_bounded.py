"""No agent walks for ever (issue 56): an action of "any number" of steps (the Spinners'
Skitter, SOM.5.3; Daylight crafts; moves; the Keepers' retinue) ends within a bounded
number of decisions, whatever the agent, and the web never spends more than a few
seconds of pauses on one computer turn.

Random games of every faction (the mixes of tests/test_option_labels.py) with every
agent; the count of one seat's decisions in one turn is bounded. ``ROOTLAW_BOUNDED_GAMES``
games per mix and agent (default 2)."""
from __future__ import annotations

import os
import random
from collections import Counter
from typing import Any

import pytest

import rootlaw
from rootlaw.agents import make_agent
from rootlaw.agents.base import ENDS, LEVELS, TURN_BUDGET, TurnBudget, decide
from rootlaw.core.options import Option
from rootlaw.server.play.hub import PAUSE_PER_TURN, LiveGame
from tests.test_option_labels import MIXES

GAMES = int(os.environ.get("ROOTLAW_BOUNDED_GAMES", "2"))
TURNS = 24
# after the budget, decisions that cannot end the step (a move's warrior count, a hit
# taken) still come before the one that can
SLACK = 12


class Walker:
    """The worst agent for the bound: it never ends a step while it can do anything else."""

    name = "walker"
    needs_view = False
    needs_sampler = False

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: dict[str, Any], options: list[Option],
               sampler: Any = None) -> Option:
        going = [o for o in options if not o or o[0] not in ENDS]
        return self.rng.choice(going or options)


def most_in_a_turn(mix: list[str], seed: int, build: Any, fresh: bool) -> tuple[int, str]:
    """Play a game (``fresh``: every decision by a newly built agent, with the count kept
    by the caller, as the web plays); the most decisions one seat made in one turn."""
    game = rootlaw.new_game(factions=mix, seed=seed)
    kept = {f: build(seed + i) for i, f in enumerate(game.factions)}
    budgets = {f: TurnBudget() for f in game.factions}
    per: Counter[tuple[int, str]] = Counter()
    n = 0
    while not game.is_over and game.turn_no <= TURNS:
        d = game.decision
        assert d is not None
        per[game.turn_no, d.seat] += 1
        assert per[game.turn_no, d.seat] <= TURN_BUDGET + SLACK, (
            f"seed {seed}: {d.seat} made {per[game.turn_no, d.seat]} decisions in turn "
            f"{game.turn_no} ({d.kind}, {d.rule})")
        if fresh:
            option = decide(build(seed + n), game, n, budgets[d.seat])
        else:
            option = decide(kept[d.seat], game, n)
        game.apply(option)
        n += 1
    (turn, seat), most = per.most_common(1)[0]
    return most, seat


@pytest.mark.parametrize("mix", MIXES, ids=lambda m: "-".join(m))
def test_an_agent_that_never_stops_still_ends_every_turn(mix: list[str]) -> None:
    for i in range(GAMES):
        most_in_a_turn(mix, 5600 + i, Walker, fresh=i % 2 == 1)


# every agent people can choose; the levels' searches with a few iterations a decision
# (the bound is the same at any budget: it is kept by agents.base.decide)
AGENTS = {"random": "random", "easy": LEVELS["easy"], "heuristic": "heuristic:depth=1",
          "medium": "mcts:iters=2", "hard": "mcts:iters=3,rollout=random", "mcts": "mcts:iters=2"}


@pytest.mark.parametrize("agent", sorted(AGENTS))
def test_every_agent_ends_its_turns_within_the_budget(agent: str) -> None:
    spec = AGENTS[agent]
    mixes = MIXES if agent in ("random", "easy") else MIXES[9:]  # the search: the Spinners
    for k, mix in enumerate(mixes):
        most_in_a_turn(mix, 5700 + k, lambda s: make_agent(spec, s), fresh=k % 2 == 0)


def test_the_web_pauses_a_few_seconds_a_turn_at_most() -> None:
    game = rootlaw.new_game(factions=["spinners", "marquise"], seed=3)
    live = LiveGame("g", game, {"spinners": "agent:easy", "marquise": "agent:easy"}, {}, 0)
    spent = sum(live.pause(0.8) for _ in range(1600))  # the 1,600 Skitter moves of one turn
    assert spent == pytest.approx(PAUSE_PER_TURN)
    assert live.pause(60) == 60 - PAUSE_PER_TURN  # a long delay: once a turn
    game.turn_no += 1  # the next turn pauses again
    assert live.pause(0.8) == 0.8
