"""Every battle told in full (issue 56), on every screen (the terminal and the web share
rootlaw.narrate): the rolls and what the warriors let each side deal (4.3.2.I), the
hits each side deals after every effect (4.3.4), each piece removed by owner and kind,
an ambush, a hit taken by an item, the points scored and why."""
from __future__ import annotations

import os
import random

import pytest

import rootlaw
from rootlaw.narrate import narrate
from tests.builder import build
from tests.test_option_labels import MIXES

GAMES = int(os.environ.get("ROOTLAW_BATTLE_NARRATION_GAMES", "3"))
M, E = "marquise", "eyrie"


def told(g: rootlaw.Game) -> list[str]:
    return [line["text"] for line in narrate(g.log, list(g.factions), None, False)]


def battle_lines(g: rootlaw.Game) -> list[str]:
    lines = told(g)
    first = next(i for i, t in enumerate(lines) if " battles " in t)
    return lines[first:]


def test_a_battle_tells_the_caps_the_hits_each_removal_and_the_points() -> None:
    # the defender has one warrior and a roost: it deals 1 of its roll of 3 (4.3.2.I)
    g = build(warriors={M: {5: 2}, E: {5: 1}}, buildings={E: {5: ["roost"]}},
              step=("marquise.actions", M, 3), forced=[["dice", [3, 3]]])
    g.apply(("action", "battle"))  # the one battle there is: applied by itself
    lines = battle_lines(g)
    text = "\n".join(lines)
    assert "up to" not in text  # never "the defender up to 3" with one warrior
    assert "Eyrie Dynasties rolls 3, capped at 1 (4.3.2.I)" in text
    assert "Marquise de Cat rolls 3, capped at 2 (4.3.2.I)" in text
    assert "Marquise de Cat deals 2 hits, Eyrie Dynasties deals 1 hit (4.3.4)." in lines
    assert "Eyrie Dynasties loses a warrior in 5." in lines
    assert "Eyrie Dynasties loses a roost in 5." in lines
    assert "Marquise de Cat loses a warrior in 5." in lines
    assert any(t.startswith("Marquise de Cat scores 1 VP (for removing buildings or tokens")
               for t in lines)


def test_an_ambush_and_its_removals_are_told() -> None:
    g = build(warriors={M: {5: 4}, E: {5: 2}}, hands={E: ["ambush_rabbit"]},
              step=("marquise.actions", M, 3), forced=[["dice", [1, 0]]])
    g.apply(("action", "battle"))
    g.apply(("ambush", "ambush_rabbit"))
    lines = battle_lines(g)
    assert any("ambush" in t.lower() for t in lines)
    assert "Marquise de Cat loses 2 warriors in 5." in lines  # the ambush's two hits
    assert "Eyrie Dynasties loses a warrior in 5." in lines  # the roll's one


@pytest.mark.parametrize("mix", MIXES, ids=lambda m: "-".join(m))
def test_every_battle_of_random_games_is_told(mix: list[str]) -> None:
    """Each battle's record has a line for the rolls and one for the hits dealt; each
    side loses no more warriors than the hits dealt to it (before the ambush, 4.3.1)."""
    battles = 0
    for i in range(GAMES):
        g = rootlaw.new_game(factions=mix, seed=8800 + i)
        rnd = random.Random(i)
        while not g.is_over and g.turn_no < 60:
            g.apply(rnd.choice(g.decision.options))
        log = g.log
        lines = {line["i"]: line["text"] for line in narrate(log, list(g.factions), None, True)}
        for k, e in enumerate(log):
            if e[0] == "battle_hits":
                battles += 1
                assert " deals " in lines[k] and "(4.3.4)" in lines[k]
            elif e[0] == "battle_roll":
                assert " rolls " in lines[k]
            elif e[0] == "battle_removed":
                assert " loses " in lines[k] and "_" not in lines[k], lines[k]
            elif e[0] == "battle_took":
                assert " takes a hit" in lines[k] and "_" not in lines[k], lines[k]
    assert battles > 0
