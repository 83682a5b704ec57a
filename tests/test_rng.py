"""The game's random numbers (core/rng.py): splitmix64, computed on 32-bit halves of a
signed 64-bit state so the compiled build keeps machine integers, must give the 64-bit
formula's results bit for bit (a saved game's ``rng`` goes on drawing what it drew
before)."""
from __future__ import annotations

import random

import pytest

from rootlaw.core import rng

MASK = (1 << 64) - 1
EDGES = [0, 1, 2, MASK, MASK - 1, 1 << 63, (1 << 63) - 1, (1 << 32) - 1, 1 << 32,
         0x61C8864680B583EB, -5, 1 << 70]


def splitmix64(state: int) -> tuple[int, int]:
    """The reference: splitmix64 on one 64-bit integer."""
    state = (state + 0x9E3779B97F4A7C15) & MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return state, z ^ (z >> 31)


def states(n: int) -> list[int]:
    r = random.Random(42)
    return EDGES + [r.getrandbits(64) for _ in range(n)]


def test_next_state_is_splitmix64() -> None:
    for s in states(20000):
        state, out = rng.next_state(rng.signed(s & MASK))
        assert (rng.unsigned(state), rng.unsigned(out)) == splitmix64(s), hex(s)


def test_next_below_is_the_output_modulo_n() -> None:
    r = random.Random(7)
    for s in states(20000):
        n = r.choice([1, 2, 3, 4, 7, 54, 1000, (1 << 31) + 11, (1 << 40) + 3])
        state, x = splitmix64(s)
        got, y = rng.next_below(rng.signed(s & MASK), n)
        assert (rng.unsigned(got), y) == (state, x % n), (hex(s), n)


def test_the_state_saves_unsigned() -> None:
    for s in states(2000):
        value = s & MASK
        state = rng.signed(value)
        assert -(1 << 63) <= state < (1 << 63) and rng.unsigned(state) == value
    for bad in (-1, 1 << 64, 1 << 70):
        with pytest.raises(ValueError, match="64-bit unsigned"):
            rng.signed(bad)


def test_shuffle_draws_as_one_below_at_a_time() -> None:
    r = random.Random(3)
    for s in states(300):
        cards = [f"c{i}" for i in range(r.randrange(0, 60))]
        want = cards[:]
        state = s
        for i in range(len(want) - 1, 0, -1):
            state, x = splitmix64(state)
            j = x % (i + 1)
            want[i], want[j] = want[j], want[i]
        got = cards[:]
        assert rng.unsigned(rng.shuffle(rng.signed(s & MASK), got)) == state and got == want


def test_seed_state() -> None:
    for seed in [0, 1, 42, 2**63 + 5, MASK]:
        assert rng.unsigned(rng.seed_state(seed)) == splitmix64(seed & MASK)[1]
