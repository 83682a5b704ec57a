"""Face-down tokens: what a faction's pieces on the map are, when the map shows only
their backs (13.2.2 the Corvids' plots; 15.2.1 the Keepers' relic values).

The map (``Game.tokens``) holds what every seat sees: a face-down token is a piece of
one public kind (the Corvids' ``"plot"``). Its identity (bomb, snare...; a relic's
value) lives in the faction's state as a ``FaceDown``, which the faction's hooks give
out by one rule:

- ``view``: ``face_down_view`` names the identities only to a seat that may see them
  (the owner, for plots, 13.2.2.I; nobody, for relic values, 15.3.1);
- determinization (``FactionDef.hidden`` / ``set_hidden``, core/determinize.py):
  ``hidden_pool`` reports the identities a seat cannot see (with any the faction keeps
  face down off the map, such as plots in the supply) as one pool, shuffled among every
  token of that pool; ``FaceDown.with_ids`` puts a resampled arrangement back, each
  location keeping its number of tokens.

A ``FaceDown`` is immutable (its methods return new values), so game copies share it.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any


class FaceDown:
    """Identities of one faction's face-down tokens, by location (a clearing, or a
    forest as ``FOREST + index``), in location order; a location may hold several."""

    __slots__ = ("locs", "ids")

    locs: tuple[int, ...]
    ids: tuple[str, ...]

    def __init__(self, locs: tuple[int, ...] = (), ids: tuple[str, ...] = ()) -> None:
        if len(locs) != len(ids):
            raise ValueError("face-down tokens: one identity per location")
        self.locs = locs
        self.ids = ids

    def __len__(self) -> int:
        return len(self.locs)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, FaceDown) and self.locs == other.locs and self.ids == other.ids

    def __hash__(self) -> int:
        return hash((self.locs, self.ids))

    def __repr__(self) -> str:
        return f"FaceDown({list(zip(self.locs, self.ids, strict=True))!r})"

    def identity(self, loc: int) -> str:
        """The identity of the (first) face-down token at ``loc``; "" if none."""
        locs = self.locs
        for i in range(len(locs)):
            if locs[i] == loc:
                return self.ids[i]
        return ""

    def at(self, loc: int) -> tuple[str, ...]:
        """Every identity at ``loc``."""
        out: list[str] = []
        for i in range(len(self.locs)):
            if self.locs[i] == loc:
                out.append(self.ids[i])
        return tuple(out)

    def added(self, loc: int, ident: str) -> FaceDown:
        """With one more token (``ident``) at ``loc``."""
        i = 0
        locs = self.locs
        while i < len(locs) and locs[i] <= loc:
            i += 1
        return FaceDown(locs[:i] + (loc,) + locs[i:], self.ids[:i] + (ident,) + self.ids[i:])

    def removed(self, loc: int, ident: str = "") -> tuple[FaceDown, str]:
        """Without one token at ``loc`` (of identity ``ident``, or the first there), and
        the identity taken ("" and unchanged if there is none)."""
        for i in range(len(self.locs)):
            if self.locs[i] == loc and (not ident or self.ids[i] == ident):
                taken = self.ids[i]
                return (FaceDown(self.locs[:i] + self.locs[i + 1:],
                                 self.ids[:i] + self.ids[i + 1:]), taken)
        return self, ""

    def swapped(self, a: int, b: int) -> FaceDown:
        """The tokens at ``a`` and at ``b`` change places (G.1.31 Swap)."""
        out = FaceDown()
        for i in range(len(self.locs)):
            loc = self.locs[i]
            out = out.added(b if loc == a else a if loc == b else loc, self.ids[i])
        return out

    def with_ids(self, values: Sequence[str]) -> FaceDown:
        """The same locations holding ``values`` (the first len(self) of them), in order:
        a resampled arrangement (determinization)."""
        n = len(self.locs)
        if len(values) < n:
            raise ValueError("face-down tokens: fewer identities than tokens")
        return FaceDown(self.locs, tuple(str(v) for v in values[:n]))

    def to_json(self) -> list[list[Any]]:
        return [[self.locs[i], self.ids[i]] for i in range(len(self.locs))]

    @classmethod
    def from_json(cls, data: Any) -> FaceDown:
        out = FaceDown()
        for pair in data or ():
            out = out.added(int(pair[0]), str(pair[1]))
        return out


def hidden_pool(pool: str, tokens: FaceDown, off_map: Sequence[str], sees: bool
                ) -> dict[str, list[str]]:
    """What ``FactionDef.hidden`` reports for these face-down tokens to a seat: nothing to
    a seat that ``sees`` them; else one pool of their identities, in location order,
    followed by ``off_map`` (identities also unseen that stay off the map, such as the
    face-down tokens of a supply). ``set_hidden`` gets the pool back in that order:
    ``tokens.with_ids(values[pool])``; the rest is the off-map part."""
    if sees:
        return {}
    return {pool: list(tokens.ids) + list(off_map)}


def face_down_view(kind: str, tokens: FaceDown, sees: bool) -> dict[str, Any]:
    """The view of face-down tokens of map kind ``kind``: where they are (public), and
    what they are only for a seat that ``sees`` them (by location, as text keys)."""
    shown: dict[str, list[str]] | None = None
    if sees:
        shown = {}
        for i in range(len(tokens.locs)):
            shown.setdefault(str(tokens.locs[i]), []).append(tokens.ids[i])
    return {"kind": kind, "count": len(tokens.locs), "identities": shown}
