"""Saved games: a malformed or impossible save is refused with a LoadError that names
the problem, and nothing else is touched."""
from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import pytest

import rootlaw
from rootlaw import Game, LoadError


def saved(seed: int = 4, moves: int = 80) -> dict[str, Any]:
    g = rootlaw.new_game(factions=["marquise", "eyrie", "alliance", "vagabond"], seed=seed)
    rnd = random.Random(seed)
    for _ in range(moves):
        g.apply(g.decision.options[rnd.randrange(len(g.decision.options))])
    data: dict[str, Any] = json.loads(g.to_json())
    return data


def test_round_trip_mid_decision() -> None:
    data = saved()
    g = Game.from_json(json.dumps(data))
    assert json.loads(g.to_json()) == data and g.decision is not None


@pytest.mark.parametrize("text, message", [
    ("", "not a saved game"),
    ("{not json", "not a saved game"),
    ("[1, 2]", "rootlaw-game-1"),
    ('{"format": "something else"}', "rootlaw-game-1"),
    ('{"format": "rootlaw-game-1"}', "malformed saved game"),
])
def test_not_a_save(text: str, message: str) -> None:
    with pytest.raises(LoadError, match=message):
        Game.from_json(text)


def _set(path: list[Any], value: Any) -> Callable[[dict[str, Any]], None]:
    def change(d: dict[str, Any]) -> None:
        node: Any = d
        for key in path[:-1]:
            node = node[key]
        node[path[-1]] = value
    return change


@pytest.mark.parametrize("change, message", [
    (_set(["factions", 0], "lizard_cult"), "unknown faction"),
    (_set(["deck", 0], "no_such_card"), "unknown card"),
    (lambda d: d["discard"].append(d["deck"][0]), "appears more often"),
    (_set(["warriors", 0, 1], -2), "warriors on the map"),
    (_set(["warriors", 0, 1], 99), "warriors on the map"),
    (lambda d: d["buildings"][1].extend([[0, "x"]] * 4), "more buildings than its slots"),
    (_set(["stack", 0], ["no.such.step", 0]), "unknown step"),
    (_set(["warriors", 0], [0, 1]), "do not match"),
    (lambda d: d.pop("hands"), "malformed saved game"),
], ids=["faction", "card", "extra-card", "negative", "too-many", "slots", "step", "shape",
        "missing"])
def test_impossible_saves_are_refused(change: Callable[[dict[str, Any]], None],
                                      message: str) -> None:
    data = saved()
    change(data)
    with pytest.raises(LoadError, match=message):
        Game.from_json(json.dumps(data))
