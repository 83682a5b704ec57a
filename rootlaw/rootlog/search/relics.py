"""15.3 the Keepers' relics: shuffled and dealt to the forests so each gets the record's."""
from __future__ import annotations

from typing import Any

from rootlaw.core.game import Game
from rootlaw.rootlog.expect import ANY
from rootlaw.rootlog.search.context import Context


def _relic_moves(ctx: Context) -> tuple[list[tuple[str, int]], list[str], list[tuple[str, int]]]:
    """15.3: the setup line's relics: (identity, forest) placed at once, those kept
    beside the board, (identity, forest) of those placed later (15.3.3). An identity is
    its type and value ("tablet2"), or its type alone when the record hides the value."""
    from rootlaw.factions.keepers import TYPES

    first: list[tuple[str, int]] = []
    kept: list[str] = []
    later: list[tuple[str, int]] = []
    for comp, src, dst, count in ctx.exp.moves:
        if not (isinstance(comp, tuple) and comp[0] == "t" and comp[1] == "K"):
            continue
        codes = comp[2] if isinstance(comp[2], frozenset) else {comp[2]}
        hids = comp[3] if isinstance(comp[3], frozenset) else {comp[3]}
        code = min(codes, key=len) if codes is not ANY else ""
        t = next((x for x in TYPES if code and x[0] == code[-1]), "")
        value = next((h for h in hids if isinstance(h, str) and h not in ("", "?")), "") \
            if hids is not ANY else ""
        ident = t + value
        for _ in range(count or 1):
            if src is None and isinstance(dst, tuple) and dst[0] == "fo":
                first.append((ident, _forest(dst[1], ctx)))
            elif src is None and dst == ("board", "K", "unplaced"):
                kept.append(ident)
            elif src == ("board", "K", "unplaced") and isinstance(dst, tuple) and \
                    dst[0] == "fo":
                later.append((ident, _forest(dst[1], ctx)))
    return first, kept, later


def _forest(clearings: Any, ctx: Context) -> int:
    return ctx.forests.index(tuple(clearings)) if tuple(clearings) in ctx.forests else -1


def deal_relics(kind: str, value: list[str], ctx: Context, g: Game,
            dealt: list[str] | None = None) -> list[str]:
    """15.3.1 the relics shuffled so each forest gets the record's; 15.3.3 the forests
    of the rest in the record's order."""
    ctx.forests = [tuple(cl) for _, cl in g.board.forests]
    first, kept, later = _relic_moves(ctx)
    if kind == "relic_forests" and ctx.relic_slots:  # 15.3.3: relic j goes to
        first_ = [str(f) for f in ctx.relic_slots if str(f) in value]  # order[j % k]
        return first_ + [v for v in value if v not in first_]
    if kind == "relic_forests":
        unplaced: list[str] = []
        for st in g.fstate:
            unplaced = list(getattr(st, "unplaced", ()) or ()) or unplaced
        if dealt is not None:  # shuffled in this same run: the ones past the forests
            ctx.forests = [tuple(cl) for _, cl in g.board.forests]
            unplaced = dealt[len(ctx.forests):]
        left = list(later)
        order: list[str] = []
        for ident in unplaced[:len(value)]:
            pick = next((p for p in left if p[0] == ident), None) or next(
                (p for p in left if p[0] and ident.startswith(p[0].rstrip("0123456789"))
                 and not p[0][-1].isdigit()), None)
            if pick is None:
                break
            left.remove(pick)
            if str(pick[1]) in value and str(pick[1]) not in order:
                order.append(str(pick[1]))
        return order + [v for v in value if v not in order]
    n = len(ctx.forests)
    slots: list[str] = [""] * len(value)
    for ident, f in first:
        if 0 <= f < n:
            slots[f] = ident
    cyclic, ctx.relic_slots = _cyclic(later, _far(ctx))
    for j, ident in enumerate(cyclic or kept or [i for i, _ in later]):
        if n + j < len(slots):
            slots[n + j] = ident
    spare = list(value)
    out: list[str | None] = [None] * len(value)
    for exact in (True, False):
        for i, want in enumerate(slots):
            if out[i] is not None or not want:
                continue
            for x in spare:
                if x == want or (not exact and x.rstrip("0123456789") == want):
                    out[i] = x
                    spare.remove(x)
                    break
    return [x if x is not None else spare.pop(0) for x in out]


def _far(ctx: Context) -> int:
    """15.3.3: how many forests take the remaining relics: those not adjacent to a
    clearing of the Keepers' setup warriors (15.3.2 places them all first, whatever
    the line's order); every forest if none is."""
    corner: set[int] = set()
    for comp, src, dst, _ in ctx.exp.moves:
        if comp == ("w", "K") and src is None and isinstance(dst, tuple) and dst[0] == "c":
            corner.add(int(dst[1]))
    far = [f for f in ctx.forests if not corner & set(f)]
    return len(far) or len(ctx.forests)


def _cyclic(later: list[tuple[str, int]], k: int) -> tuple[list[str], list[int]]:
    """15.3.3 deals the j-th remaining relic to the (j mod k)-th forest of a shuffled
    order: the relics in an order that lets each forest get the record's ones (the
    forests with most first), and that order of the forests; none if no order can."""
    if not later or k <= 0:
        return [], []
    by: dict[int, list[str]] = {}
    for ident, f in later:
        by.setdefault(f, []).append(ident)
    m = len(later)
    sizes = [m // k + (1 if i < m % k else 0) for i in range(k)]
    forests = sorted(by, key=lambda f: -len(by[f]))
    if len(forests) > k or [len(by[f]) for f in forests] != sizes[:len(forests)] or \
            any(sizes[len(forests):]):
        return [], []
    return [by[forests[j % k]][j // k] for j in range(m)], forests
