"""Stepping the automatic play one step at a time (Game.run_step, for viewers that show
bots' turns) ends exactly where the engine's own loop does."""
from __future__ import annotations

import random

import pytest

from rootlaw import Game

MIXES = [
    ["marquise", "electric_eyrie", "automated_alliance", "vagabot"],
    ["mechanical_marquise", "electric_eyrie", "automated_alliance", "vagabot"],
    ["eyrie", "corvids", "hundreds", "riverfolk"],
    ["duchy", "keepers", "lizards", "vagabond"],
]


def stepped(setup: dict[str, object], log: list[tuple[object, ...]]) -> tuple[Game, int]:
    """The game replayed from its record with every automatic step run by run_step; and
    how many steps ran."""
    forced = [[e[1], e[2]] for e in log if e[0] == "f"]
    g = Game.new(list(setup["factions"]), map=str(setup["map"]),  # type: ignore[call-overload]
                 deck_name=str(setup["deck"]), seed=int(setup["seed"]),  # type: ignore[call-overload]
                 forced=forced, advance=False)
    assert g.decision is None and not g.is_over and g.last_entry is None
    steps = 0
    decisions = [e for e in log if e[0] == "d"]
    for i in range(len(decisions) + 1):
        while g.run_step():
            steps += 1
        if i < len(decisions):
            before = g.last_entry
            g.apply(decisions[i][2], advance=False)
            assert g.entries_after(before)[0] == decisions[i]
    return g, steps


@pytest.mark.parametrize("mix", MIXES, ids=lambda m: "-".join(m))
def test_stepping_ends_where_the_engine_loop_does(mix: list[str]) -> None:
    for seed in range(3):
        g = Game.new(mix, seed=seed)
        rnd = random.Random(seed)
        while not g.is_over and g.turn_no < 60:
            assert g.decision is not None
            g.apply(rnd.choice(g.decision.options))
        again, steps = stepped(g.setup, g.log)
        assert steps > 0
        assert again.to_json() == g.to_json() and again.log == g.log
        assert again.entries_after(None) == g.log
        assert again.last_entry == g.log[-1]
