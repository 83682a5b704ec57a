"""One option tried: run, the random results corrected to the record's one at a time, and
those it does not say tried in turn; a face-down guess swapped where it was wrong."""
from __future__ import annotations

from collections.abc import Iterator
from typing import Any, Final

from rootlaw.rootlog.search.chance import oracle
from rootlaw.rootlog.search.context import Context, Node
from rootlaw.rootlog.search.facedown import swaps
from rootlaw.rootlog.search.match import match_trial
from rootlaw.rootlog.search.run import run
from rootlaw.rootlog.search.unsaid import Odometer, greedy

# random results set to the record's in one trial, one at a time (a bot's turn may battle
# in every clearing: each battle's rolls)
MAX_FIXES: Final = 40


def trials(node: Node, option: Any, ctx: Context, starting: bool = False
           ) -> Iterator[Node]:
    """Apply ``option`` (None: run the automatic steps) to a copy and run on to the next
    decision or the line's end: each child whose changes the line holds. A random result
    the line does not say (the mob die, a random card, an unwritten die) gives a child
    per value, lazily, the engine's own first."""
    ctx.trials += 1
    forced: list[list[Any]] = []
    odo: Odometer | None = None
    events: list[tuple[Any, ...]] = []
    fixes = 0
    blame = 0
    for _ in range(4 * MAX_FIXES):
        g, got = run(node, option, ctx, forced, starting)
        if g is not None:
            events = got
            desired = oracle(node, events, ctx)
            seen_ = [[e[1][1], e[1][2]] for e in events if e[0] == "log" and e[1][0] in ("r", "f")]
            if desired is not None and desired != seen_ and fixes < MAX_FIXES:
                # one correction at a time: a forced result changes what later draws see
                k = next(i for i, (a, b) in enumerate(zip(desired, seen_, strict=True)) if a != b)
                forced = desired[:k + 1]
                fixes += 1
                continue
            ctx.miss = None
            child = match_trial(node, g, events, ctx)
            blame = ctx.fail_event
            if child is None and ctx.miss is not None:
                ctx.missed = True
                if ctx.swaps:
                    child = reswapped(node, option, ctx, forced, starting, ctx.miss)
            if child is not None:
                yield child
                blame = len(events)  # it led nowhere: any result of this run may be wrong
        elif not forced:
            return
        if odo is None:
            odo = Odometer(_unwritten_dice(node, events, ctx), ctx)
            if g is not None and ctx.setup:  # setup: random placements, one at a time
                for child in greedy(node, option, ctx, starting, events, odo, blame):
                    yield child
                return
        if g is None and ctx.range_hit is not None:
            odo.prune(*ctx.range_hit)
            ctx.range_hit = None
        nxt = odo.next(events, blame if g is not None else len(events))
        if nxt is None:
            return
        forced = nxt
        fixes = 0  # the record's results corrected again after the tried one
        ctx.trials += 1


def _unwritten_dice(node: Node, events: list[tuple[Any, ...]], ctx: Context) -> bool:
    """Whether the dice of this trial belong to a battle the line writes without its
    rolls (a hand-written record): only then are other rolls worth trying."""
    if ctx.strict:
        return False
    i = node.battles - 1
    for ev in events:
        if ev[0] == "battle":
            i += 1
    if i < 0 or i >= len(ctx.battles):
        return False
    b = ctx.battles[i]
    return b.rolls is None


def reswapped(node: Node, option: Any, ctx: Context, forced: list[list[Any]],
               starting: bool, miss: tuple[Any, ...]) -> Node | None:
    """The engine took a face-down thing the line does not take: the reader's guess of
    which lies where may be wrong, so each swap that puts another there is tried. An
    item from a ruin (9.3.4 face down; a raze by the Hundreds, 14.4.1, takes none of a
    type the Hoard holds, 9.7.3), a relic's value from a forest (15.2.1 face down: of
    two of a type, which one a delve takes, 15.5.2.IIa)."""
    for swap in swaps(node.g, miss):
        if ctx.trials >= ctx.limit:
            return None
        ctx.trials += 1
        ctx.swap = swap
        try:
            g, got = run(node, option, ctx, forced, starting)
        finally:
            ctx.swap = None
        if g is not None:
            ctx.miss = None
            child = match_trial(node, g, got, ctx)
            if child is not None:
                return child
    return None
