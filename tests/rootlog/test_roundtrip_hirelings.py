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

import pytest

from tests.rootlog.test_roundtrip import BATCH, batch_failures, beyond_sample, failures
from tests.test_invariants_hirelings import game_for

GAMES = int(os.environ.get("ROOTLAW_ROOTLOG_HIRELING_GAMES", "300"))


@pytest.mark.parametrize("batch", range(max(1, GAMES // BATCH)))
def test_random_hireling_games_round_trip(batch: int) -> None:
    failed = batch_failures(batch, game_for)
    assert not failed, "\n".join(failed)


# seeds that failed before a fix (docs/rootlog.md), beyond CI's sample: always played.
# 43, 107, 233 the first player's seat; 85 a hireling's gig tried too early. (174, a
# Riverfolk turn found at 60,763 tries, MAX_TRIALS_STRICT, costs 73 s of CPU: it is
# played by the full count, not in CI.)
ONCE_FAILED = [43, 85, 107, 233]


@pytest.mark.parametrize("seed", beyond_sample(ONCE_FAILED, GAMES))
def test_hireling_seeds_that_once_failed_round_trip(seed: int) -> None:
    failed = failures([seed], game_for)
    assert not failed, "\n".join(failed)
