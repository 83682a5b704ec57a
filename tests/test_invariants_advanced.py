"""Invariants over random games of the Advanced Setup (Appendix A): drafts of two to six
players drawn from the ten factions' setup cards with the Rootbotics bots among them,
and the factions given to it (five and six players, two Vagabonds), on every map with
both decks. Every check of tests/test_invariants.py runs, the hidden-information one
through the draft too (the five cards dealt, the cards put back, A.7, A.10).

CI plays 75 games (scripts/test); by default 3,000: ROOTLAW_ADVANCED_GAMES sets it.
"""
from __future__ import annotations

import os
import random

import pytest

import rootlaw
from rootlaw import Game
from tests.test_invariants import (
    DECKS,
    MAPS,
    MAX_DECISIONS,
    SAMPLE_EVERY,
    check_conservation,
    check_hidden,
    check_options,
    check_save_load,
    check_scores,
)

GAMES = int(os.environ.get("ROOTLAW_ADVANCED_GAMES", "3000"))
BATCH = 25
STALL_TURNS = 200  # two Vagabonds may be left alone to score (rulings.md, 9.7)
BOTS = ["mechanical_marquise", "electric_eyrie", "automated_alliance", "vagabot"]
# factions given to the Advanced Setup: five and six players, two Vagabonds
GIVEN = [
    ["marquise", "eyrie", "alliance", "vagabond", "vagabond2"],
    ["marquise", "eyrie", "lizards", "duchy", "hundreds", "keepers"],
    ["riverfolk", "corvids", "vagabond", "vagabond2", "alliance", "electric_eyrie"],
    ["duchy", "corvids", "keepers", "lizards", "mechanical_marquise"],
    ["hundreds", "riverfolk", "vagabond", "automated_alliance", "eyrie", "corvids"],
    ["marquise", "alliance", "lizards", "vagabot", "keepers"],
]


def game_for(seed: int) -> Game:
    """Seed by seed: every player count (2-6), bots in some seats, every map with both
    decks; one game in three with the factions given instead of drafted."""
    rnd = random.Random(seed * 7 + 1)
    where = {"map": MAPS[seed % len(MAPS)], "deck": DECKS[seed // len(MAPS) % len(DECKS)]}
    if seed % 3 == 2:
        factions = GIVEN[seed // 3 % len(GIVEN)]
        return rootlaw.new_game(factions=factions, setup="advanced", seed=seed, **where)
    players = 2 + seed % 5
    bots = rnd.sample(BOTS, rnd.choice([0, 0, 1, 2]) if players > 2 else 0)
    return rootlaw.new_game(players=players, bots=bots, setup="advanced", seed=seed, **where)


# the Crusader factions (fan-made) in the Advanced Setup: their setup cards in drafts that
# deal them (``crusader=True``, A.8.1) and given to it; a tenth of ROOTLAW_CRUSADER_GAMES
CRUSADER_GAMES = int(os.environ.get("ROOTLAW_CRUSADER_GAMES", "2000")) // 10
CRUSADER_GIVEN = [
    ["spinners", "wyrm", "marquise", "eyrie", "alliance"],
    ["spinners", "hundreds", "keepers", "duchy", "wyrm", "vagabond"],
    ["wyrm", "lizards", "corvids", "riverfolk", "mechanical_marquise"],
    ["spinners", "wyrm", "vagabond", "vagabond2", "electric_eyrie", "automated_alliance"],
]


def crusader_game_for(seed: int) -> Game:
    """Seed by seed: drafts of 2-6 players with the Crusader cards dealt too (bots in
    some seats), every map with both decks; one game in three with the factions given."""
    rnd = random.Random(seed * 11 + 3)
    where = {"map": MAPS[seed % len(MAPS)], "deck": DECKS[seed // len(MAPS) % len(DECKS)]}
    if seed % 3 == 2:
        factions = CRUSADER_GIVEN[seed // 3 % len(CRUSADER_GIVEN)]
        return rootlaw.new_game(factions=factions, setup="advanced", seed=seed, **where)
    players = 2 + seed % 5
    bots = rnd.sample(BOTS, rnd.choice([0, 1]) if players > 2 else 0)
    return rootlaw.new_game(players=players, bots=bots, setup="advanced", seed=seed,
                            crusader=True, **where)


def play_checked(seed: int, crusader: bool = False) -> Game:
    rnd = random.Random(seed)
    g = crusader_game_for(seed) if crusader else game_for(seed)
    offset = rnd.randrange(SAMPLE_EVERY)
    n = 0
    scored = last_score = 0
    while not g.is_over:
        assert n < MAX_DECISIONS, "the game did not end"
        items = "vagabot" not in g.factions  # the Vagabot's items are generic (7.2)
        total = sum(g.vp)
        if total != scored:
            scored, last_score = total, g.turn_no
        elif g.turn_no - last_score > STALL_TURNS:
            break
        check_conservation(g, items)
        # the draft is checked closely: every decision of the setup, then sampled
        if g.turn_no == 0 or n % SAMPLE_EVERY == offset:
            check_options(g)
            check_save_load(g)
            check_hidden(g, rnd)
            check_scores(g)
        opts = g.decision.options
        g.apply(opts[rnd.randrange(len(opts))])
        n += 1
    check_scores(g)
    assert g.adv is not None
    assert not any(f.startswith("seat") for f in g.factions), "a seat never drafted"
    return g


@pytest.mark.parametrize("batch", range(max(1, GAMES // BATCH)))
def test_random_advanced_setup_games_keep_invariants(batch: int) -> None:
    counts: set[int] = set()
    for seed in range(batch * BATCH, (batch + 1) * BATCH):
        g = play_checked(seed)
        counts.add(len(g.factions))
        if seed % 5 == 0:  # the drafted game replays exactly from its record
            again = Game.replay(g.setup, g.log)
            assert again.to_json() == g.to_json(), f"replay of seed {seed} differs"
    assert {5, 6} <= counts or GAMES < BATCH  # five and six players in every batch


@pytest.mark.parametrize("batch", range(max(1, CRUSADER_GAMES // BATCH)))
def test_random_advanced_setup_games_with_the_crusader_cards(batch: int) -> None:
    for seed in range(batch * BATCH, (batch + 1) * BATCH):
        g = play_checked(seed, crusader=True)
        if seed % 5 == 0:
            again = Game.replay(g.setup, g.log)
            assert again.to_json() == g.to_json(), f"replay of seed {seed} differs"
