"""The game's own random numbers: splitmix64 over one integer of state.

One int is cheap to copy and to save, and never shares state with anything else
(no global RNG anywhere in rootlaw).
"""
from __future__ import annotations

from typing import Final

_MASK: Final = (1 << 64) - 1


def next_state(state: int) -> tuple[int, int]:
    """Advance the state; return (new_state, 64-bit output)."""
    state = (state + 0x9E3779B97F4A7C15) & _MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return state, z ^ (z >> 31)


def seed_state(seed: int) -> int:
    """Spread a user seed over the 64-bit state."""
    return next_state(seed & _MASK)[1]
