"""Invariants over games with Rootbotics bots: all-bot games (which play themselves
to the end inside new_game: bots never ask for a decision) and bots beside random
human seats. CI plays 500 all-bot games (scripts/test), the default 1,000;
ROOTLAW_BOT_GAMES sets the count.
"""
from __future__ import annotations

import os
import random

import pytest

import rootlaw
from rootlaw.core.game import Game
from tests.test_invariants import check_conservation, check_save_load, check_scores, setup_of

GAMES = int(os.environ.get("ROOTLAW_BOT_GAMES", "1000"))
BATCH = 50
MM, EE, AA, VB = "mechanical_marquise", "electric_eyrie", "automated_alliance", "vagabot"
BOTS = [b for b in (MM, EE, AA, VB) if b in rootlaw.FACTIONS]
ALL_BOT_MIXES = [m for m in ([MM, EE, AA, VB], [MM, EE], [EE, AA], [MM, AA, VB], [EE, AA, VB],
                             [MM, EE, AA], [AA, VB], [MM, VB])
                 if all(b in BOTS for b in m)]
MIXED = [m for m in (["eyrie", MM], ["marquise", EE], ["marquise", "eyrie", AA],
                     ["marquise", "eyrie", "alliance", VB], ["vagabond", MM, EE, AA],
                     ["alliance", "vagabond", MM, EE])
         if all(f in rootlaw.FACTIONS for f in m)]

pytestmark = pytest.mark.skipif(not ALL_BOT_MIXES, reason="no bots registered")


def typed_items(g: Game) -> bool:
    """Item conservation is checked where every item is known by type (the Vagabot
    treats items as identical, Rootbotics 7.2.3, and keeps counts only)."""
    return VB not in g.factions


def check_finished(g: Game) -> None:
    assert g.is_over and g.decision is None
    check_conservation(g, typed_items(g))
    check_scores(g)
    assert all(fd.is_bot for fd in g.fdefs) is False or not [e for e in g.log if e[0] == "d"]


@pytest.mark.parametrize("batch", range(max(1, GAMES // BATCH)))
def test_all_bot_games(batch: int) -> None:
    mix = ALL_BOT_MIXES[batch % len(ALL_BOT_MIXES)]
    for seed in range(batch * BATCH, (batch + 1) * BATCH):
        g = rootlaw.new_game(factions=mix, seed=seed, **setup_of(seed))
        check_finished(g)
        if seed % 10 == 0:
            again = Game.replay(g.setup, g.log)
            assert again.to_json() == g.to_json(), f"replay of {mix} seed {seed} differs"


@pytest.mark.parametrize("mix", MIXED, ids=["-".join(m) for m in MIXED])
def test_bots_beside_random_humans(mix: list[str]) -> None:
    for seed in range(25):
        rnd = random.Random(seed)
        g = rootlaw.new_game(factions=mix, seed=seed, **setup_of(seed))
        n = 0
        while not g.is_over:
            assert n < 30_000, "the game did not end"
            d = g.decision
            assert d is not None and not g.fdefs[g.seat_of(d.seat)].is_bot, "a bot was asked"
            check_conservation(g, typed_items(g))
            if n % 41 == 7:
                check_save_load(g)
            g.apply(d.options[rnd.randrange(len(d.options))])
            n += 1
        check_finished(g)
