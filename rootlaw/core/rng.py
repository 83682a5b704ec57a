"""The game's own random numbers: splitmix64 over one integer of state.

One int is cheap to copy and to save, and never shares state with anything else
(no global RNG anywhere in rootlaw).

The arithmetic works on 32-bit halves, with products of 32 by 16 bits: every value
stays below 2**62, a native integer in the compiled build (a 64-bit state and its
products would be arbitrary-precision integers there, about eight times slower). The
results are splitmix64's, bit for bit (tests/test_rng.py checks them against the
64-bit formula).
"""
from __future__ import annotations

from typing import Final

_MASK: Final = (1 << 64) - 1
_M32: Final = 0xFFFFFFFF
_M16: Final = 0xFFFF
_TWO32: Final = 1 << 32
# the golden gamma 0x9E3779B97F4A7C15 and the two multipliers, by halves; each
# multiplier's halves in 16-bit parts (the products then stay below 2**49)
_GAMMA_HI: Final = 0x9E3779B9
_GAMMA_LO: Final = 0x7F4A7C15
_A_HI0: Final = 0xBF58476D & _M16
_A_HI1: Final = 0xBF58476D >> 16
_A_LO0: Final = 0x1CE4E5B9 & _M16
_A_LO1: Final = 0x1CE4E5B9 >> 16
_B_HI0: Final = 0x94D049BB & _M16
_B_HI1: Final = 0x94D049BB >> 16
_B_LO0: Final = 0x133111EB & _M16
_B_LO1: Final = 0x133111EB >> 16


def _mul_hi(h: int, lo: int, c_hi0: int, c_hi1: int, c_lo0: int, c_lo1: int) -> int:
    """The high half of ((h << 32) | lo) * c mod 2**64 (c by 16-bit parts)."""
    q1 = lo * c_lo1
    t = lo * c_lo0 + ((q1 & _M16) << 16)
    carry = (t >> 32) + (q1 >> 16)  # the high half of lo * c_lo
    return (carry
            + h * c_lo0 + (((h * c_lo1) & _M16) << 16)  # h * c_lo mod 2**32
            + lo * c_hi0 + (((lo * c_hi1) & _M16) << 16)) & _M32  # lo * c_hi mod 2**32


def _mul_lo(lo: int, c_lo0: int, c_lo1: int) -> int:
    """The low half of the same product."""
    return (lo * c_lo0 + (((lo * c_lo1) & _M16) << 16)) & _M32


def _step(h: int, lo: int) -> tuple[int, int, int, int]:
    """One splitmix64 step on the state's halves: (state hi, lo, output hi, lo)."""
    lo += _GAMMA_LO
    h = (h + _GAMMA_HI + (lo >> 32)) & _M32
    lo &= _M32
    # z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
    zl = lo ^ (((h << 2) | (lo >> 30)) & _M32)
    zh = h ^ (h >> 30)
    zh = _mul_hi(zh, zl, _A_HI0, _A_HI1, _A_LO0, _A_LO1)
    zl = _mul_lo(zl, _A_LO0, _A_LO1)
    # z = (z ^ (z >> 27)) * 0x94D049BB133111EB
    zl ^= ((zh << 5) | (zl >> 27)) & _M32
    zh ^= zh >> 27
    zh = _mul_hi(zh, zl, _B_HI0, _B_HI1, _B_LO0, _B_LO1)
    zl = _mul_lo(zl, _B_LO0, _B_LO1)
    # z ^ (z >> 31)
    zl ^= ((zh << 1) | (zl >> 31)) & _M32
    zh ^= zh >> 31
    return h, lo, zh, zl


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
