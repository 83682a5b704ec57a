"""Invariants over random games with landmarks (Appendix F, set up in A.5 of the Advanced
Setup): one and two landmarks, dealt at random or named (every landmark, every pair in
turn), on every map with both decks, the map's own Tower and Ferry kept or ignored;
every faction and every bot, given or drafted. Every check of tests/test_invariants.py
runs, the hidden-information one with the Black Market's face-down cards dealt again
(shuffle_market: no view may change), plus the landmarks' own (check_landmarks).

CI plays 120 games (scripts/test); by default 2,000: ROOTLAW_LANDMARK_GAMES sets it.
"""
from __future__ import annotations

import os
import random
from itertools import combinations

import pytest

import rootlaw
from rootlaw import Game
from rootlaw.core.landmarks import FORGE_ITEMS, LANDMARKS, MARKET_CARDS, NO_PIECE
from rootlaw.core.maps import tower_at
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

GAMES = int(os.environ.get("ROOTLAW_LANDMARK_GAMES", "2000"))
BATCH = 20
STALL_TURNS = 200  # two Vagabonds may be left alone to score (rulings.md, 9.7)
BOTS = ["mechanical_marquise", "electric_eyrie", "automated_alliance", "vagabot"]
# every faction and every bot, given to the Advanced Setup (the rest are drafted)
GIVEN = [
    ["marquise", "eyrie", "alliance", "vagabond"],
    ["lizards", "riverfolk", "duchy", "corvids"],
    ["hundreds", "keepers", "vagabond", "vagabond2"],
    ["mechanical_marquise", "electric_eyrie", "riverfolk", "lizards"],
    ["automated_alliance", "vagabot", "duchy", "keepers"],
    ["marquise", "riverfolk", "vagabot", "hundreds", "corvids"],
    ["eyrie", "lizards", "automated_alliance", "marquise", "vagabond", "keepers"],
    ["riverfolk", "vagabond", "lizards"],
    ["duchy", "electric_eyrie"],
    ["corvids", "mechanical_marquise", "alliance"],
]
# named deals: each landmark alone, then every pair, in turn
NAMED = [[x] for x in LANDMARKS] + [list(p) for p in combinations(LANDMARKS, 2)]


def game_for(seed: int) -> Game:
    """Seed by seed: every map with both decks, one or two landmarks (random, or named in
    turn), the map's Tower and Ferry ignored in one game in five; half the games with
    the factions given (GIVEN in turn), half drafted with bots in some seats."""
    rnd = random.Random(seed * 11 + 3)
    where = {"map": MAPS[seed % len(MAPS)], "deck": DECKS[seed // len(MAPS) % len(DECKS)]}
    marks: int | list[str] = 1 + seed // 8 % 2
    if seed % 3 == 0:
        marks = NAMED[seed // 3 % len(NAMED)]
    extra: dict[str, object] = {"landmarks": marks}
    if seed % 5 == 4:
        extra["map_landmarks"] = "ignore"
    if seed % 2 == 0:
        factions = GIVEN[seed // 2 % len(GIVEN)]
        return rootlaw.new_game(factions=factions, setup="advanced", seed=seed, **where,
                                **extra)
    players = 2 + seed // 2 % 4
    bots = rnd.sample(BOTS, rnd.choice([0, 1, 2]) if players > 2 else 0)
    return rootlaw.new_game(players=players, bots=bots, setup="advanced", seed=seed,
                            **where, **extra)


def check_landmarks(g: Game) -> None:
    """F.1: landmarks stay where A.5 put them (the Ferry moves only by its own rule, to a
    river clearing); one per clearing; the Black Market always holds three cards, the
    Forge only its suit's items; the Treetop's building is one in its clearing."""
    lm = g.landmarks
    if lm is None or g.phase == "setup":
        return
    placed = [lm.where(lid, g.ferry) for lid in lm.cards]
    assert all(placed), "a dealt landmark was never set up (A.5.3)"
    # one per clearing, as set up (A.5.3); the Ferry may then sail into any of them
    fixed = [c for c in (lm.tower, lm.lost_city, lm.forge, lm.market, lm.treetop) if c]
    assert len(set(fixed)) == len(fixed), "two landmarks in one clearing"
    assert tower_at(g) == lm.tower
    if g.ferry:
        assert g.board.river_adj[g.ferry], "the Ferry left the river"
    if lm.market:
        assert len(lm.market_cards) == MARKET_CARDS
        assert list(lm.market_cards) == sorted(lm.market_cards)
    if lm.forge:
        assert set(lm.forge_items) <= set(FORGE_ITEMS[g.suits[lm.forge]])
    if lm.treetop:  # its slot holds one building at most, beyond the printed ones
        held = lm.treetop_piece != NO_PIECE
        assert not held or lm.treetop_piece in g.buildings[lm.treetop]
        assert len(g.buildings[lm.treetop]) <= g.board.slots[lm.treetop] + held


def play_checked(seed: int) -> Game:
    rnd = random.Random(seed)
    g = game_for(seed)
    offset = rnd.randrange(SAMPLE_EVERY)
    n = 0
    scored = last_score = 0
    before = None
    while not g.is_over:
        assert n < MAX_DECISIONS, "the game did not end"
        items = "vagabot" not in g.factions  # the Vagabot's items are generic (7.2)
        total = sum(g.vp)
        if total != scored:
            scored, last_score = total, g.turn_no
        elif g.turn_no - last_score > STALL_TURNS:
            break
        check_conservation(g, items)
        check_landmarks(g)
        if g.landmarks is not None and g.phase != "setup":
            now = (g.landmarks.cards, g.landmarks.tower, g.landmarks.lost_city,
                   g.landmarks.forge, g.landmarks.market, g.landmarks.treetop)
            assert before is None or now == before, "a landmark moved or vanished (F.1.1)"
            before = now
        if g.turn_no == 0 or n % SAMPLE_EVERY == offset:
            check_options(g)
            check_save_load(g)
            check_hidden(g, rnd)
            check_scores(g)
        opts = g.decision.options
        g.apply(opts[rnd.randrange(len(opts))])
        n += 1
    check_scores(g)
    assert g.landmarks is not None and len(g.landmarks.cards) in (1, 2)
    assert not any(f.startswith("seat") for f in g.factions), "a seat never drafted"
    return g


@pytest.mark.parametrize("batch", range(max(1, GAMES // BATCH)))
def test_random_games_with_landmarks_keep_invariants(batch: int) -> None:
    dealt: set[str] = set()
    for seed in range(batch * BATCH, (batch + 1) * BATCH):
        g = play_checked(seed)
        assert g.landmarks is not None
        dealt.update(g.landmarks.cards)
        if seed % 5 == 0:  # the game replays exactly from its record
            again = Game.replay(g.setup, g.log)
            assert again.to_json() == g.to_json(), f"replay of seed {seed} differs"
    assert len(dealt) >= 4  # most landmarks in every batch
