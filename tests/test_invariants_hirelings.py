"""Invariants over random games with hirelings (Appendix E): three of the thirteen cards
dealt at random (or named), demoted by the player count (A.6.2), in drafts of two to
six players with the Rootbotics bots among them, and with factions given; every map and
both decks. Every check of tests/test_invariants.py runs, with the hirelings'
conservation: each card's pieces (on the map, on its card, on paths, on Coffin Makers
or in the supply), its buildings and tokens, its pawn, the control markers (a roll of
the control die on each card held, none in the supply, twelve at most), the three
hiring markers, and no faction seated beside its card (A.6.5).

CI plays 50 games (scripts/test); by default 3,000: ROOTLAW_HIRELING_GAMES sets it.
"""
from __future__ import annotations

import os
import random
from collections import Counter

import pytest

import rootlaw
from rootlaw import Game
from rootlaw.core.game import FOREST
from rootlaw.core.hire import check_hirelings
from rootlaw.core.hired import ALL_PIPS, CARD_IDS, CONTROL_MARKERS, MARKERS, piece_count
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

GAMES = int(os.environ.get("ROOTLAW_HIRELING_GAMES", "3000"))
BATCH = 25
STALL_TURNS = 200
BOTS = ["mechanical_marquise", "electric_eyrie", "automated_alliance", "vagabot"]
# factions given to the Advanced Setup (the deal avoids the cards that bar them, A.6.5)
GIVEN = [
    ["marquise", "eyrie", "alliance", "vagabond", "vagabond2"],
    ["riverfolk", "corvids", "duchy", "lizards", "hundreds", "keepers"],
    ["marquise", "automated_alliance", "vagabot", "keepers"],
    ["eyrie", "lizards", "riverfolk"],
    ["duchy", "hundreds"],
]


def game_for(seed: int) -> Game:
    """Seed by seed: every player count (2-6), bots in some seats, every map with both
    decks; one game in four with the factions given; one in five with three named
    cards (every card comes up); the rest dealt at random."""
    rnd = random.Random(seed * 11 + 3)
    where = {"map": MAPS[seed % len(MAPS)], "deck": DECKS[seed // len(MAPS) % len(DECKS)]}
    if seed % 4 == 3:
        factions = GIVEN[seed // 4 % len(GIVEN)]
        return rootlaw.new_game(factions=factions, setup="advanced", hirelings=3, seed=seed,
                                **where)
    players = 2 + seed % 5
    bots = rnd.sample(BOTS, rnd.choice([0, 1, 2]) if players > 2 else 0)
    hirelings: int | list[str] = 3
    at_two = players == 2 and seed % 3 == 0  # A.8.1.I with hirelings
    if seed % 5 == 1:
        first = CARD_IDS[seed // 5 % len(CARD_IDS)]
        others = [c for c in CARD_IDS if c != first]
        rnd.shuffle(others)
        hirelings = [first, *others[:2]]
        try:
            return rootlaw.new_game(players=players, bots=bots, setup="advanced", seed=seed,
                                    hirelings=hirelings, insurgents_at_two=at_two, **where)
        except rootlaw.SetupError:
            hirelings = 3  # these three bar a bot's faction, or leave the draft short
    return rootlaw.new_game(players=players, bots=bots, setup="advanced", seed=seed,
                            hirelings=hirelings, insurgents_at_two=at_two, **where)


def check_hirelings_kept(g: Game) -> None:
    """Appendix E's pieces and markers are conserved."""
    hire = g.hire
    assert hire is not None
    assert check_hirelings(g) == "", check_hirelings(g)
    n = len(g.factions)
    assert len(g.warriors) == n + 3 and len(g.pawn) == n + 3
    for k, card in enumerate(hire.ids):
        h = n + k
        hd = hire.defs[k]
        total = piece_count(card, "warrior")
        coffins = g.cards.coffins[h] if g.cards.coffin_seat >= 0 else 0
        placed = sum(g.warriors[h]) + hire.on_card[k] + len(hire.paths[k]) + coffins
        assert min(g.warriors[h]) >= 0 and g.warrior_supply(h) >= 0
        assert placed + g.warrior_supply(h) == total, f"{card}'s warriors do not add up"
        if hd.building_kind:
            assert g.count_building(h, hd.building_kind) <= piece_count(card, "building")
        if hd.token_kind:
            assert g.count_token(h, hd.token_kind) <= piece_count(card, "token")
        if g.pawn[h]:
            assert piece_count(card, "pawn") == 1
            assert 0 < g.pawn[h] <= len(g.board.clearings) or g.pawn[h] >= FOREST
        ctl = hire.controller[k]
        assert -1 <= ctl < n
        assert 0 <= hire.control[k] <= max(ALL_PIPS)
        if ctl < 0:
            assert hire.control[k] == 0, "a card in the supply with control markers"
        assert 0 <= hire.exhausted[k] <= len(hire.items[k])
        if g.board.burrow:  # no hireling piece in the Burrow (12.2.2)
            assert not g.warriors[h][g.board.burrow]
    assert sum(hire.control) <= CONTROL_MARKERS
    assert len(hire.track) + sum(hire.held) + sum(hire.pending) == len(MARKERS)
    seated = set(g.factions) | {fd.replaces for fd in g.fdefs if fd.replaces}
    assert not seated & set(hire.barred()), "a faction seated beside its hireling (A.6.5)"


def play_checked(seed: int) -> Game:
    rnd = random.Random(seed)
    g = game_for(seed)
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
        if ("adv.hands", 0) not in g.stack:  # A.7 removes the dominance cards at two
            check_conservation(g, items)
        check_hirelings_kept(g)
        if g.turn_no == 0 or n % SAMPLE_EVERY == offset:
            check_options(g)
            check_save_load(g)
            check_hidden(g, rnd)
            check_scores(g)
        opts = g.decision.options
        g.apply(opts[rnd.randrange(len(opts))])
        n += 1
    check_scores(g)
    check_hirelings_kept(g)
    return g


@pytest.mark.parametrize("batch", range(max(1, GAMES // BATCH)))
def test_random_games_with_hirelings_keep_invariants(batch: int) -> None:
    counts: set[int] = set()
    cards: Counter[str] = Counter()
    for seed in range(batch * BATCH, (batch + 1) * BATCH):
        g = play_checked(seed)
        counts.add(len(g.factions))
        assert g.hire is not None
        for card, demoted in zip(g.hire.ids, g.hire.demoted, strict=True):
            cards[card + ("/D" if demoted else "")] += 1
        if seed % 5 == 0:  # the game replays exactly from its record
            again = Game.replay(g.setup, g.log)
            assert again.to_json() == g.to_json(), f"replay of seed {seed} differs"
    assert counts == {2, 3, 4, 5, 6} or GAMES < BATCH
    assert len(cards) >= 10 or GAMES < BATCH  # many cards and sides in every batch


def test_every_card_and_side_comes_up() -> None:
    """Over the suite's seeds, each of the 26 sides is dealt (A.6.1-A.6.2)."""
    sides: set[tuple[str, bool]] = set()
    for seed in range(200):
        g = game_for(seed)
        assert g.hire is not None
        sides.update(zip(g.hire.ids, g.hire.demoted, strict=True))
    assert sides == {(c, d) for c in CARD_IDS for d in (False, True)}
