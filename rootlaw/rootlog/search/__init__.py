"""Find engine decisions that produce exactly a line's movements (a bounded search).

A line of a record (a turn, or the setup) is checked when some sequence of the
engine's legal options, from the state before it to the next turn's start, changes the
ledger exactly as the line says (``expect.py``). The search is depth first over the
options of each decision, in an order that tries first the options naming what the
line does next; an option whose changes the line does not hold is dropped at once.

Chance follows the record: the cards a line draws are put on top of the deck before
they are drawn (the deck's order is nobody's knowledge, so any order is a possible
deal), a battle's dice are the line's rolls, the discard pile is shuffled so the line's
next draws come up; a random result the line does not say (a random card taken, a die
not written) is tried in turn until the line's movements follow.

The parts: ``context.py`` (what the search of a line knows, its bounds), this module
(the depth-first search in passes), ``order.py`` (the options in the order the line
suggests), ``trials.py`` and ``run.py`` (one option tried: run, its random results
corrected to the record's), ``chance.py`` and ``relics.py`` (the random results the
record says), ``unsaid.py`` (those it does not say, tried in turn), ``facedown.py``
(face-down things the record places: the ruins' items, the relics' values),
``match.py`` (a trial's changes against the line's) and ``leftout.py`` (the changes
a record leaves out).
"""
from __future__ import annotations

from typing import Any

from rootlaw.rootlog.ledger import states_raw
from rootlaw.rootlog.search.context import (
    CAPS,
    MAX_TRIALS,
    MAX_TRIALS_STRICT,
    PASS_SPAN,
    Context,
    Node,
    at_boundary,
    fail,
    start,
)
from rootlaw.rootlog.search.match import finished
from rootlaw.rootlog.search.order import order, retinue_alike
from rootlaw.rootlog.search.trials import trials

__all__ = ["CAPS", "MAX_TRIALS", "MAX_TRIALS_STRICT", "PASS_SPAN", "Context", "Node",
           "at_boundary", "search", "start"]

def search(root: Node, ctx: Context) -> Node | None:
    """The node at the end of the line (the next turn about to start, or the game
    over) reached by options producing exactly the line's changes; None if none was
    found within MAX_TRIALS (``ctx.reason`` says what stopped it). A face-down guess
    (``reswapped``) is changed only in a second search, when the first found nothing
    and met such a miss: a swap that lets a wrong option match would change the
    hidden state for good (round-trip seed 339)."""
    found = _search(root, ctx)
    if found is None and ctx.missed and not ctx.swaps:
        ctx.swaps = True
        ctx.trials = 0
        ctx.bounded = False
        found = _search(root, ctx)
    return found


def _search(root: Node, ctx: Context) -> Node | None:
    """Depth first, in passes (``CAPS``): a pass that cut no subtree at its cap has
    searched everything, and the next would find nothing more. A position searched
    whole (``seen``) holds no way to the line's end whatever the cap: later passes skip
    it."""
    seen: set[Any] = set()
    for cap in CAPS:
        ctx.cap = min(ctx.limit, PASS_SPAN) // cap if cap else 0
        ctx.cuts = 0
        for first in trials(root, None, ctx, starting=True):
            found = _dfs(first, ctx, seen, ctx.limit)
            if found is not None:
                return found
        if not ctx.cuts or ctx.trials >= ctx.limit:
            break
    if not ctx.reason:
        ctx.reason = "the automatic steps at its start do not match the line"
    return None


def _dfs(node: Node, ctx: Context, seen: set[Any], deadline: int) -> Node | None:
    """The line's end below ``node``, searched until ``ctx.trials`` reaches
    ``deadline`` (the cap of the subtree it is in)."""
    g = node.g
    if g.decision is None:
        if at_boundary(g):
            why = finished(node, ctx)
            if not why:
                return node
            fail(ctx, why, node)
        return None
    if ctx.partial and not finished(node, ctx):
        return node  # the record stops here, in the middle of the turn
    key = (_fingerprint(node), node.left, node.draws, node.battles)
    if key in seen:
        return None
    seen.add(key)
    cuts = ctx.cuts
    found = _children(node, ctx, seen, deadline)
    if ctx.cuts != cuts:  # not searched whole: another way here may find more
        seen.discard(key)
    return found


def _children(node: Node, ctx: Context, seen: set[Any], deadline: int) -> Node | None:
    g = node.g
    assert g.decision is not None
    alike: set[Any] = set()
    for o in order(g.decision.options, node, ctx):
        same = retinue_alike(o, g, ctx)
        if same is not None:  # a card of the same suit in the same column: the same
            if same in alike:  # (the record names neither; 15.5.2 acts by suit)
                continue
            alike.add(same)
        if ctx.trials >= ctx.limit:
            if not ctx.bounded:
                ctx.bounded = True
                closest = f"; closest: {ctx.reason}" if ctx.reason else ""
                ctx.reason = (f"no sequence of legal options found within {ctx.limit} "
                              f"tries (search bound){closest}")
            return None
        if ctx.trials >= deadline:
            ctx.cuts += 1
            return None
        ctx.tried_rule = g.decision.rule  # the report's rule of a line's end not met
        for child in trials(node, o, ctx):
            sub = min(deadline, ctx.trials + ctx.cap) if ctx.cap else deadline
            found = _dfs(child, ctx, seen, sub)
            if found is not None:
                return found
    return None


def _fingerprint(node: Node) -> Any:
    g = node.g
    adv = g.adv
    b = g.battle
    return (tuple(raw for raw, _ in node.snap.areas.values()), states_raw(g), tuple(g.stack),
            g.phase, g.once, tuple(g.craft_used), g.turn_seat,
            None if adv is None else repr(adv.to_json()), None if b is None else repr(b.to_json()))
