"""An option and the automatic steps after it run on a copy of the game, seen step by
step: the ledger's changes, battles begun, cards shown, the game's log entries."""
from __future__ import annotations

import re
from collections import Counter
from typing import Any

from rootlaw.core.game import Game
from rootlaw.rootlog.ledger import (
    Snap,
    delta,
    fold_reshuffle,
    hireling_letters,
)
from rootlaw.rootlog.search.chance import stack_deck, stack_quests
from rootlaw.rootlog.search.context import Context, Node, fail
from rootlaw.rootlog.search.facedown import stack_ruins, swap_hidden


def run(node: Node, option: Any, ctx: Context, forced: list[list[Any]], starting: bool
         ) -> tuple[Game | None, list[tuple[Any, ...]]]:
    """Run the option and the automatic steps after it; the events, step by step: the
    ledger's changes ("moved"), battles begun, cards revealed, the record's entries."""
    g = node.g.copy()
    if forced:  # else the game's own queue (the record's seating, at the start)
        g.forced = [list(x) for x in forced]
    stack_deck(g, ctx.exp.draws[node.draws:])
    stack_quests(g, ctx.exp.quests[node.quests:])
    stack_ruins(g, ctx.exp.ruins)
    if ctx.swap is not None:
        swap_hidden(g, ctx.swap)
    mark = g.last_entry
    events: list[tuple[Any, ...]] = []
    battle = g.battle
    shown = _revealed(g)
    restacked = ctx.exp.ruins or ctx.swap is not None  # what lies face down changed
    snap = ctx.lens.snap(g, node.snap) if restacked else node.snap
    try:
        if option is not None:
            g.apply(option, advance=False)
            battle = _saw_battle(g, battle, events, ctx)
            new = g.entries_after(mark) if g.last_entry is not mark else []
            mark = _saw_entries(g, mark, events)
            shown = _saw_shown(g, shown, events, ctx)
            snap = _saw_moves(g, snap, events, ctx, new)
            if option[0] == "trick":  # 13.6.3 the swap is the trick (as the writer says)
                lo, hi = sorted((int(option[1]), int(option[2])))
                events.append(("trick", lo, hi))
                if events[-2][0] == "moved":
                    for led in events[-2][1:]:
                        for key in [k for k in led if k[0][0] == "t" and k[0][1] == "P"
                                    and k[1] in (("c", lo), ("c", hi))]:
                            del led[key]
        first = starting
        while not g.won:
            top = g.stack[-1]
            if top[0] == "turn" and not first:
                break
            first = False
            if not g.run_step():
                break
            battle = _saw_battle(g, battle, events, ctx)
            new = g.entries_after(mark) if g.last_entry is not mark else []
            mark = _saw_entries(g, mark, events)
            shown = _saw_shown(g, shown, events, ctx)
            snap = _saw_moves(g, snap, events, ctx, new)
    except (ValueError, IndexError, KeyError, RuntimeError, TypeError) as e:
        m = re.search(r"forced (\w+) result \S+ out of range 0\.\.(\d+)", str(e))
        if m:  # a random result tried past its range: none further for this draw
            ctx.ranges[m.group(1)] = int(m.group(2)) + 1
            ctx.range_hit = (m.group(1), int(m.group(2)) + 1)
        else:
            fail(ctx, f"the engine refused a forced result: {e}", node)
        return None, []
    g.forced = []
    events.append(("snap", snap))
    return g, events


def _saw_moves(g: Game, snap: Snap, events: list[tuple[Any, ...]], ctx: Context,
               entries: list[tuple[Any, ...]]) -> Snap:
    now = ctx.lens.snap(g, snap)
    removed, added = delta(snap, now)
    fold_reshuffle(removed, added, entries)
    if removed or added:
        events.append(("moved", removed, added))
    return now


def _revealed(g: Game) -> list[tuple[str, ...]]:
    return [tuple(getattr(fs, "revealed", ()) or ()) for fs in g.fstate]


def _saw_shown(g: Game, before: list[tuple[str, ...]], events: list[tuple[Any, ...]],
               ctx: Context) -> list[tuple[str, ...]]:
    """Cards newly revealed to all from a hand (10.5 the Cult, 12.5.3 the Duchy): they go
    back in Evening, so each step is looked at."""
    now = _revealed(g)
    for s in range(len(now)):
        if now[s] != before[s] and now[s]:
            fresh = Counter(now[s])
            fresh.subtract(Counter(before[s]))
            for cid, n in fresh.items():
                if n > 0:
                    events.append(("shown", ctx.letters[s], cid, n))
    return now


def _saw_entries(g: Game, mark: Any, events: list[tuple[Any, ...]]) -> Any:
    if g.last_entry is not mark:
        events.extend(("log", e) for e in g.entries_after(mark))
    return g.last_entry


def _saw_battle(g: Game, battle: Any, events: list[tuple[Any, ...]], ctx: Context) -> Any:
    b = g.battle
    if b is not None and b is not battle:
        letters = ctx.letters + hireling_letters(g)  # 3 Hirelings: owners n + k
        n = len(letters)
        att = letters[b.att] if 0 <= b.att < n else "?"
        dfd = letters[b.dfd] if 0 <= b.dfd < n else "?"
        c = 0 if b.c == g.board.burrow else b.c
        events.append(("battle", att, dfd, c))
    return b
