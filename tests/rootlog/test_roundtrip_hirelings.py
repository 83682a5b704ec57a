"""The Rootlog round trip of games with hirelings (issue 37, Appendix E): random games
of tests/test_invariants_hirelings.py (three cards dealt or named, demoted by the player
count, A.6.2; drafts of two to six players with bots; factions given; every map and
both decks) exported with every card named (``dumps``) and loaded back (``loads``):
every turn checked, and the same components in the same places after every turn
(the hirelings' cards with their control markers, pieces, paths and cards included,
docs/rootlog.md) as in the game played. A game stops at its end or after MAX_TURNS.

CI plays a sample (ROOTLAW_ROOTLOG_HIRELING_GAMES); by default 300. By hand, one
process: ``ROOTLAW_ROOTLOG_HIRELING_GAMES=300 nice -n 10 python -m pytest -q
-p no:cacheprovider tests/rootlog/test_roundtrip_hirelings.py``.
"""
from __future__ import annotations

import os
import random

import pytest

from rootlaw import Game
from tests.rootlog.test_roundtrip import MAX_TURNS, round_trip
from tests.test_invariants import MAX_DECISIONS
from tests.test_invariants_hirelings import game_for

GAMES = int(os.environ.get("ROOTLAW_ROOTLOG_HIRELING_GAMES", "300"))
BATCH = 5


def play(seed: int) -> Game:
    """A random game with hirelings: random options until it ends, or MAX_TURNS turns."""
    rnd = random.Random(seed)
    g = game_for(seed)
    n = 0
    while not g.is_over and g.turn_no < MAX_TURNS:
        assert n < MAX_DECISIONS, "the game did not end"
        opts = g.decision.options
        g.apply(opts[rnd.randrange(len(opts))])
        n += 1
    return g


@pytest.mark.parametrize("batch", range(max(1, GAMES // BATCH)))
def test_random_hireling_games_round_trip(batch: int) -> None:
    failed: list[str] = []
    for seed in range(batch * BATCH, (batch + 1) * BATCH):
        g = play(seed)
        why = round_trip(g)
        if why:
            hire = g.hire
            cards = ", ".join(hire.ids) if hire is not None else ""
            failed.append(f"seed {seed} ({', '.join(g.factions)}; {cards}; "
                          f"{g.board.name}, {g.setup['deck']}): {why}")
    assert not failed, "\n".join(failed)
