"""The game's own random numbers: splitmix64 over one 64-bit state.

The state is one 64-bit integer (cheap to copy and to save, never shared with anything
else: no global RNG anywhere in rootlaw), held as a signed ``i64`` (two's complement):
compiled, an ``i64`` is a machine integer, never boxed, and its operations are single
machine instructions without the overflow checks of an ``int``. Saves keep the unsigned
value (``unsigned``, ``signed``).

The arithmetic works on the state's 32-bit halves and multiplies a half by a 16-bit
part of a constant at most, so that no value ever reaches 2**63: an ``i64`` never
overflows and the pure-Python build (where ``i64`` is ``int``) computes the very same
numbers. The results are splitmix64's, bit for bit (tests/test_rng.py checks them
against the 64-bit formula).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:  # a machine integer when compiled; ``int`` in the pure build
    from mypy_extensions import i64

_M32: Final = 0xFFFFFFFF
_M16: Final = 0xFFFF
_TWO31: Final = 1 << 31
_TWO32: Final = 1 << 32
_TWO63: Final = 1 << 63
_TWO64: Final = 1 << 64
# the golden gamma 0x9E3779B97F4A7C15 by halves
_GAMMA_HI: Final = 0x9E3779B9
_GAMMA_LO: Final = 0x7F4A7C15
# the multipliers 0xBF58476D1CE4E5B9 and 0x94D049BB133111EB by 16-bit parts, lowest first
_A0: Final = 0xE5B9
_A1: Final = 0x1CE4
_A2: Final = 0x476D
_A3: Final = 0xBF58
_B0: Final = 0x11EB
_B1: Final = 0x1331
_B2: Final = 0x49BB
_B3: Final = 0x94D0


def _mul(h: i64, lo: i64, c0: i64, c1: i64, c2: i64, c3: i64) -> tuple[i64, i64]:
    """((h << 32) | lo) * c mod 2**64, as its (high, low) halves; c by 16-bit parts c0
    (bits 0-15) to c3 (48-63). Each product is a 32-bit half times a 16-bit part, and
    every sum stays below 2**51 (see the module's doc)."""
    p = lo * c1  # weight 2**16: its low 16 bits fall in the low half
    x = lo * c0 + ((p & _M16) << 16)
    q = h * c1  # weight 2**48: only its low 16 bits stay below 2**64
    high = ((x >> 32) + (p >> 16) + lo * c2 + (((lo * c3) & _M16) << 16) + h * c0
            + ((q & _M16) << 16))
    return high & _M32, x & _M32


def _step(h: i64, lo: i64) -> tuple[i64, i64, i64, i64]:
    """One splitmix64 step on the state's halves: (state hi, lo, output hi, lo)."""
    lo += _GAMMA_LO
    h = (h + _GAMMA_HI + (lo >> 32)) & _M32
    lo &= _M32
    # z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
    zh, zl = _mul(h ^ (h >> 30), lo ^ (((h << 2) | (lo >> 30)) & _M32), _A0, _A1, _A2, _A3)
    # z = (z ^ (z >> 27)) * 0x94D049BB133111EB
    zh, zl = _mul(zh ^ (zh >> 27), zl ^ (((zh << 5) | (zl >> 27)) & _M32),
                  _B0, _B1, _B2, _B3)
    # z ^ (z >> 31)
    return h, lo, zh ^ (zh >> 31), zl ^ (((zh << 1) | (zl >> 31)) & _M32)


def _join(h: i64, lo: i64) -> i64:
    """The signed 64-bit value of the halves (two's complement: a high half from 2**31
    up is negative)."""
    if h >= _TWO31:
        h -= _TWO32
    return (h << 32) | lo


def next_state(state: i64) -> tuple[i64, i64]:
    """Advance the state; return (new_state, 64-bit output), both signed."""
    h, lo, zh, zl = _step((state >> 32) & _M32, state & _M32)
    return _join(h, lo), _join(zh, zl)


def next_below(state: i64, n: int) -> tuple[i64, int]:
    """Advance the state; return (new_state, output % n) (n > 0; the output unsigned)."""
    h, lo, zh, zl = _step((state >> 32) & _M32, state & _M32)
    high: int = zh  # in ints: for a large n the product below may pass 2**63
    low: int = zl
    return _join(h, lo), ((high % n) * (_TWO32 % n) + low) % n


def shuffle(state: i64, items: list[str]) -> i64:
    """Fisher-Yates in place, from the last place down, each place swapped with one drawn
    below it (``next_below``); return the new state."""
    h = (state >> 32) & _M32
    lo = state & _M32
    i = len(items) - 1
    while i > 0:
        h, lo, zh, zl = _step(h, lo)
        n = i + 1
        high: int = zh
        low: int = zl
        j = ((high % n) * (_TWO32 % n) + low) % n
        items[i], items[j] = items[j], items[i]
        i -= 1
    return _join(h, lo)


def seed_state(seed: int) -> i64:
    """Spread a user seed (any integer, taken mod 2**64) over the state."""
    return next_state(signed(seed % _TWO64))[1]


def signed(value: int) -> i64:
    """A state from its unsigned 64-bit value (a save's ``rng``); ValueError outside
    0 <= value < 2**64."""
    if not 0 <= value < _TWO64:
        raise ValueError(f"a random state is a 64-bit unsigned integer, not {value}")
    return value - _TWO64 if value >= _TWO63 else value


def unsigned(state: i64) -> int:
    """The unsigned 64-bit value of a state (what a save keeps)."""
    value: int = state
    return value + _TWO64 if value < 0 else value
