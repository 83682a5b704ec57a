"""The game's own random numbers: splitmix64 over one integer of state.

One int is cheap to copy and to save, and never shares state with anything else
(no global RNG anywhere in rootlaw).

The arithmetic works on the 64-bit values' 32-bit halves, and multiplies parts of at most
22 bits only: compiled, an int is native below 2**62, and a product is computed natively
only when both factors are below 2**30 (mypyc's ``CPyTagged_Multiply``); any larger
factor takes the arbitrary-precision path, which costs some thirty times as much. (Parts
of 22 bits need six products a multiplication where 16-bit parts needed ten.) The results
are splitmix64's, bit for bit (tests/test_rng.py checks them against the 64-bit
formula).
"""
from __future__ import annotations

from typing import Final

_MASK: Final = (1 << 64) - 1
_M32: Final = 0xFFFFFFFF
_M22: Final = 0x3FFFFF
_M20: Final = 0xFFFFF
_M12: Final = 0xFFF
_M10: Final = 0x3FF
_TWO32: Final = 1 << 32
# the golden gamma 0x9E3779B97F4A7C15 by halves, and the two multipliers
# 0xBF58476D1CE4E5B9 and 0x94D049BB133111EB by parts of 22, 22 and 20 bits, the lowest
# first
_GAMMA_HI: Final = 0x9E3779B9
_GAMMA_LO: Final = 0x7F4A7C15
_A0: Final = 0x24E5B9
_A1: Final = 0x1DB473
_A2: Final = 0xBF584
_B0: Final = 0x3111EB
_B1: Final = 0x26EC4C
_B2: Final = 0x94D04


def _mul(h: int, lo: int, c0: int, c1: int, c2: int) -> tuple[int, int]:
    """((h << 32) | lo) * c mod 2**64, as its (high, low) halves; c by parts c0 (bits
    0-21), c1 (22-43) and c2 (44-63). The value is cut the same way; each product is of
    two parts below 2**22 (see the module's doc), and every sum stays below 2**62."""
    a0 = lo & _M22
    a1 = (lo >> 22) | ((h & _M12) << 10)
    a2 = h >> 12
    t1 = a0 * c1 + a1 * c0  # the products by weight 2**22 and 2**44 (the rest is
    t2 = (a0 * c2 + a1 * c1 + a2 * c0) & _M20  # beyond 2**64)
    low = a0 * c0 + ((t1 & _M10) << 22)  # t1's low 10 bits fall in the low half
    high = (low >> 32) + (t1 >> 10) + (t2 << 12)
    return high & _M32, low & _M32


def _step(h: int, lo: int) -> tuple[int, int, int, int]:
    """One splitmix64 step on the state's halves: (state hi, lo, output hi, lo)."""
    lo += _GAMMA_LO
    h = (h + _GAMMA_HI + (lo >> 32)) & _M32
    lo &= _M32
    # z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
    zh, zl = _mul(h ^ (h >> 30), lo ^ (((h << 2) | (lo >> 30)) & _M32), _A0, _A1, _A2)
    # z = (z ^ (z >> 27)) * 0x94D049BB133111EB
    zh, zl = _mul(zh ^ (zh >> 27), zl ^ (((zh << 5) | (zl >> 27)) & _M32), _B0, _B1, _B2)
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
