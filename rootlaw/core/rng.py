"""The game's own random numbers: splitmix64 over one integer of state.

One int is cheap to copy and to save, and never shares state with anything else
(no global RNG anywhere in rootlaw).

The arithmetic works on the 64-bit values' 32-bit halves, and multiplies 16-bit parts
only: compiled, an int is native below 2**62, and a product is computed natively only
when both factors are below 2**30 (mypyc's ``CPyTagged_Multiply``); any larger factor
takes the arbitrary-precision path, which costs some thirty times as much. The results
are splitmix64's, bit for bit (tests/test_rng.py checks them against the 64-bit
formula).
"""
from __future__ import annotations

from typing import Final

_MASK: Final = (1 << 64) - 1
_M32: Final = 0xFFFFFFFF
_M16: Final = 0xFFFF
_TWO32: Final = 1 << 32
# the golden gamma 0x9E3779B97F4A7C15 by halves, and the two multipliers
# 0xBF58476D1CE4E5B9 and 0x94D049BB133111EB by 16-bit parts, the lowest first
_GAMMA_HI: Final = 0x9E3779B9
_GAMMA_LO: Final = 0x7F4A7C15
_A0: Final = 0xE5B9
_A1: Final = 0x1CE4
_A2: Final = 0x476D
_A3: Final = 0xBF58
_B0: Final = 0x11EB
_B1: Final = 0x1331
_B2: Final = 0x49BB
_B3: Final = 0x94D0


def _mul(h: int, lo: int, c0: int, c1: int, c2: int, c3: int) -> tuple[int, int]:
    """((h << 32) | lo) * c mod 2**64, as its (high, low) halves; c by 16-bit parts c0
    (the lowest) to c3. Each product is of two 16-bit parts (see the module's doc)."""
    a0 = lo & _M16
    a1 = lo >> 16
    a2 = h & _M16
    a3 = h >> 16
    r1 = a0 * c1 + a1 * c0  # the parts' products by weight 2**16, 2**32, 2**48
    r2 = a0 * c2 + a1 * c1 + a2 * c0
    r3 = a0 * c3 + a1 * c2 + a2 * c1 + a3 * c0
    low = a0 * c0 + ((r1 & _M16) << 16)
    high = (low >> 32) + (r1 >> 16) + r2 + ((r3 & _M16) << 16)
    return high & _M32, low & _M32


def _step(h: int, lo: int) -> tuple[int, int, int, int]:
    """One splitmix64 step on the state's halves: (state hi, lo, output hi, lo)."""
    lo += _GAMMA_LO
    h = (h + _GAMMA_HI + (lo >> 32)) & _M32
    lo &= _M32
    # z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
    zh, zl = _mul(h ^ (h >> 30), lo ^ (((h << 2) | (lo >> 30)) & _M32), _A0, _A1, _A2, _A3)
    # z = (z ^ (z >> 27)) * 0x94D049BB133111EB
    zh, zl = _mul(zh ^ (zh >> 27), zl ^ (((zh << 5) | (zl >> 27)) & _M32), _B0, _B1, _B2, _B3)
    # z ^ (z >> 31)
    return h, lo, zh ^ (zh >> 31), zl ^ (((zh << 1) | (zl >> 31)) & _M32)


def next_state(state: int) -> tuple[int, int]:
    """Advance the state; return (new_state, 64-bit output)."""
    h, lo, zh, zl = _step((state >> 32) & _M32, state & _M32)
    return (h << 32) | lo, (zh << 32) | zl


def next_below(state: int, n: int) -> tuple[int, int]:
    """Advance the state; return (new_state, output % n) (n > 0)."""
    h, lo, zh, zl = _step((state >> 32) & _M32, state & _M32)
    return (h << 32) | lo, ((zh % n) * (_TWO32 % n) + zl) % n


def shuffle(state: int, items: list[str]) -> int:
    """Fisher-Yates in place, from the last place down, each place swapped with one drawn
    below it (``next_below``); return the new state."""
    h = (state >> 32) & _M32
    lo = state & _M32
    i = len(items) - 1
    while i > 0:
        h, lo, zh, zl = _step(h, lo)
        n = i + 1
        j = ((zh % n) * (_TWO32 % n) + zl) % n
        items[i], items[j] = items[j], items[i]
        i -= 1
    return (h << 32) | lo


def seed_state(seed: int) -> int:
    """Spread a user seed over the 64-bit state."""
    return next_state(seed & _MASK)[1]
