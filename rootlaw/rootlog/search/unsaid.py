"""Random results a line does not say (a die not written, a random card, a bot's keep and
buildings): tried in turn, the engine's own value first, only those drawn before the
step where the line stopped matching."""
from __future__ import annotations

from collections.abc import Iterator
from typing import Any, Final

from rootlaw.rootlog.search.context import Context, Node
from rootlaw.rootlog.search.match import match_trial
from rootlaw.rootlog.search.run import run

_ENUMERABLE: Final = frozenset({
    "random_card", "price_of_failure", "fear_of_the_faithful", "mob_die", "bot_hit",
    "keep_corner", "starting_building", "electric_eyrie_corner", "vagabot_forest",
    "vagabot_character", "vagabot_ruin_item", "vagabot_aid_item", "setup_character",
    "control_die", "uprising_die"})  # E.1.2, E.2.2 the Uprising: no Rootlog form


def greedy(node: Node, option: Any, ctx: Context, starting: bool,
            events: list[tuple[Any, ...]], odo: Odometer, blame: int) -> Iterator[Node]:
    """Random results of a setup the record does not say (a bot's keep and buildings,
    Rootbotics 4.3): one result at a time, keeping each value that matches more of the
    line, rather than every combination. Only results drawn before the step where the
    line stopped matching (``blame``, an event) are tried: later ones cannot mend it."""
    cur, blamed = _draws(events, blame)
    best = ctx.progress
    for _ in range(2):
        i = 0
        while i < min(blamed, len(cur)):
            choices = odo._choices(cur[i][0], cur[i][1])
            for v in choices:
                trial_ = [list(d) for d in cur]
                trial_[i][1] = v
                ctx.trials += 1
                g, got = run(node, option, ctx, trial_[:i + 1] + cur[i + 1:], starting)
                if g is None and ctx.range_hit is not None and ctx.range_hit[0] != cur[i][0]:
                    # a later result out of its range now (fewer sites for a bot's
                    # buildings once its keep moved): the later ones left to the engine
                    ctx.range_hit = None
                    ctx.trials += 1
                    g, got = run(node, option, ctx, trial_[:i + 1], starting)
                if g is None:
                    ctx.range_hit = None
                    continue
                child = match_trial(node, g, got, ctx)
                if child is not None:
                    yield child
                    return
                if ctx.progress >= best:  # (a tie: move on, later draws may decide)
                    best = ctx.progress
                    cur, blamed = _draws(got, ctx.fail_event)  # it failed further on
            i += 1
    # draws of one kind in a row (a bot's starting buildings, Rootbotics 4.3.4: each
    # picks among the sites the ones before left) depend on each other, which one
    # result at a time cannot follow: every combination of them, depth first
    i = 0
    while i < len(cur) and i <= blamed:
        j = i
        while j < len(cur) and cur[j][0] == cur[i][0]:
            j += 1
        if j - i > 1 and cur[i][0] in _ENUMERABLE:
            if i < blamed:
                for child in _exhaust(node, option, ctx, starting, cur, i, j):
                    yield child
                    return
            if i > 0 and cur[i - 1][0] in _ENUMERABLE:
                # the sites left depend on the draw before them (a bot's keep, 4.3.3):
                # a wrong keep may match more of the line than the right one with the
                # wrong buildings (seed 494: a warrior where the line has none shows
                # only after the other warriors), so the pass above kept the wrong one
                for child in _exhaust_under(node, option, ctx, starting, cur, i, j, odo):
                    yield child
                    return
        i = j


def _draws(events: list[tuple[Any, ...]], blame: int) -> tuple[list[list[Any]], int]:
    """A run's random results ([kind, value] each) and how many came before event
    ``blame`` (where the line stopped matching: only those may be to blame)."""
    at = [j for j, e in enumerate(events) if e[0] == "log" and e[1][0] in ("r", "f")]
    return [[events[j][1][1], events[j][1][2]] for j in at], sum(1 for j in at if j < blame)


def _exhaust_under(node: Node, option: Any, ctx: Context, starting: bool,
                   cur: list[list[Any]], i: int, end: int, odo: Odometer) -> Iterator[Node]:
    """Every value of draw ``i`` - 1, and under each every combination of the draws of
    ``i``'s kind that follow it (``_exhaust``; how many, the value decides: a bot's keep
    leaves as many sites as it has open neighbours); its values stop at the first past
    its range."""
    kind = cur[i - 1][0]
    for v in odo._choices(kind, cur[i - 1][1]):
        if ctx.trials >= ctx.limit:
            return
        head = [list(d) for d in cur[:i]]
        head[i - 1][1] = v
        ctx.trials += 1
        g, got = run(node, option, ctx, head, starting)
        if g is None:
            hit = ctx.range_hit
            ctx.range_hit = None
            if hit is not None and hit[0] == kind:
                return
            continue
        drawn, _ = _draws(got, len(got))
        k = i
        while k < len(drawn) and drawn[k][0] == cur[i][0]:
            k += 1
        if k == i:
            continue
        trial_ = head + [list(d) for d in drawn[i:k]] + [list(d) for d in cur[end:]]
        yield from _exhaust(node, option, ctx, starting, trial_, i, k)


def _exhaust(node: Node, option: Any, ctx: Context, starting: bool, cur: list[list[Any]],
             i: int, end: int) -> Iterator[Node]:
    """Draws ``i``..``end`` - 1 (one kind) tried in every combination, the earlier ones
    as in ``cur``: a value past the draw's range ends its level."""
    kind = cur[i][0]
    for v in range(12):
        if ctx.trials >= ctx.limit:
            return
        trial_ = [list(d) for d in cur]
        trial_[i][1] = v
        for k in range(i + 1, end):
            trial_[k][1] = 0  # always in range: the first site left
        ctx.trials += 1
        g, got = run(node, option, ctx, trial_, starting)
        if g is None:
            if ctx.range_hit is not None and ctx.range_hit[0] == kind:
                ctx.range_hit = None
                return
            continue
        if i + 1 == end:
            child = match_trial(node, g, got, ctx)
            if child is not None:
                yield child
                return
            continue
        yield from _exhaust(node, option, ctx, starting, trial_, i + 1, end)


class Odometer:
    """Every combination of the random results a line does not say (a die, a random
    card, the mob die), one run after another: the last result first, the engine's
    own value before the others."""

    def __init__(self, dice: bool, ctx: Context) -> None:
        self.dice = dice
        self.ctx = ctx
        self.stack: list[list[Any]] = []  # per draw: [kind, value, values left]

    def _choices(self, kind: str, value: Any) -> list[Any]:
        if kind == "dice" and self.dice:
            out: list[Any] = [[a, d] for a in range(4) for d in range(a + 1)]
        elif kind in ("setup_character", "vagabot_character") and self.ctx.characters:
            return []  # A.8.1.III the record names the character (the oracle sets it)
        elif kind in _ENUMERABLE:
            out = list(range(12))
        else:
            return []
        return [c for c in out if c != value]

    def prune(self, kind: str, n: int) -> None:
        """The draw just tried has n results: drop the values past them."""
        if self.stack and self.stack[-1][0] == kind:
            self.stack[-1][2] = [v for v in self.stack[-1][2] if isinstance(v, int) and v < n]

    def next(self, events: list[tuple[Any, ...]], before: int) -> list[list[Any]] | None:
        """The next combination; results drawn at or after event ``before`` (where the
        line stopped matching) are left to the engine."""
        at = [j for j, ev in enumerate(events) if ev[0] == "log" and ev[1][0] in ("r", "f")]
        draws = [events[j][1] for j in at]
        blame = sum(1 for j in at if j < before)
        for top in self.stack[blame:]:
            top[2] = []  # later draws: their own values, not tried before the blamed one
        keep = 0
        while keep < min(len(draws), len(self.stack)) and self.stack[keep][0] == draws[keep][1]:
            keep += 1
        del self.stack[keep:]
        for e in draws[keep:]:
            self.stack.append([e[1], e[2], self._choices(e[1], e[2])])
        while self.stack:
            top = self.stack[-1]
            if top[2]:
                top[1] = top[2].pop(0)
                return [[k, v] for k, v, _ in self.stack]
            self.stack.pop()
        return None
