"""A trial's changes against the line's: the engine's changes, step by step, taken from
the line's atoms (in rootlaw's order, for its own records), and what is left at the
line's end."""
from __future__ import annotations

from typing import Any

from rootlaw.core.game import Game
from rootlaw.rootlog.expect import ANY, BATTLE, SHOWN, TRICK, Atom, matches
from rootlaw.rootlog.ledger import (
    SETTINGS,
    Key,
    vagabot_sides,
)
from rootlaw.rootlog.search.context import Context, Node, fail
from rootlaw.rootlog.search.facedown import hidden_miss
from rootlaw.rootlog.search.leftout import say_key, setting_ok, tolerated, unwritten


def match_trial(node: Node, g: Game, events: list[tuple[Any, ...]], ctx: Context) -> Node | None:
    snap = next(ev[1] for ev in reversed(events) if ev[0] == "snap")
    left = list(node.left)
    atoms = ctx.atoms
    draws = node.draws
    quests = node.quests
    # the engine's changes, step by step, as signed units; settings apart
    units: list[tuple[int, Key, int]] = []  # in the engine's order
    where: list[int] = []  # the event (step) each unit comes from
    settings: dict[tuple[Any, ...], str] = {}
    battles = 0
    for j, ev in enumerate(events):
        kind = ev[0]
        if kind == "moved":
            removed, added = ev[1], ev[2]
            for key, n in removed.items():
                units.append((-1, key, n))
                where.append(j)
            for key, n in added.items():
                units.append((1, key, n))
                where.append(j)
                if key[0][0] in SETTINGS:
                    settings[key[0]] = str(key[1][1])
        elif kind == "battle":
            units.append((1, (ev, BATTLE), 1))
            where.append(j)
            battles += 1
        elif kind == "shown":
            units.append((1, (("shown", ev[1], ev[2]), SHOWN), ev[3]))
            where.append(j)
        elif kind == "trick":
            units.append((1, (("trick", ev[1], ev[2]), TRICK), 1))
            where.append(j)
    ctx.fail_event = len(events)
    for key, value in settings.items():
        why = setting_ok(key, value, ctx, final=False)
        if why:
            fail(ctx, why, node)
            return None
    silent = unwritten(units, ctx)
    # a record rootlaw wrote follows the engine's order: a trial's changes are the next
    # ones written (checked below: no hole before the last one taken)
    ordered = ctx.ordered
    before = left  # in rootlaw's order: the atoms left before the step of the unit at hand
    for u, (sign, key, n) in enumerate(units):
        if ordered and (u == 0 or where[u] != where[u - 1]):
            # step by step, not only at the trial's end: a trial of several steps (a
            # bot's turn) may take the line's atoms in another order than its steps
            # (the hits of two battles in one clearing swapped: a reshuffle later)
            if u and not _no_hole(tuple(before), left, atoms):
                fail(ctx, "the engine does these movements in another order", node)
                ctx.fail_event = where[u - 1]  # a random result of that step may be wrong
                ctx.progress = _soft_score(node, units, atoms)
                return None
            before = list(left)
        if key[0][0] in SETTINGS:
            if ordered and sign > 0 and not _setting_in_order(key, before, ctx):
                fail(ctx, "the engine does these movements in another order "
                      f"({say_key(key[0])} is set after what the line writes next)", node)
                ctx.progress = _soft_score(node, units, atoms)
                return None
            continue
        need = n
        found = [i for i, a in enumerate(atoms) if a.sign == sign and left[i] != 0
                 and matches(a.comp, key[0]) and matches(a.place, key[1])]
        # "all of them" atoms (%_, $_->) last: they take what nothing else does
        found.sort(key=(lambda i: (left[i] is None, i)) if ordered else (
            lambda i: (left[i] is None, -atoms[i].rank, i)))
        for i in found:
            if need == 0:
                break
            have = left[i]
            if have is None:
                need = 0
                break
            take = min(have, need)
            left[i] = have - take
            need -= take
        if need:
            if (sign, key) in silent or tolerated(sign, key, ctx):
                continue
            fail(ctx, _why(sign, key, n - need, n, ctx), node)
            ctx.fail_event = where[u]  # a random result before it may be to blame
            ctx.miss = hidden_miss(sign, key, g)  # which one lies there is not known
            ctx.progress = _soft_score(node, units, atoms)
            return None
        if sign == -1 and key[1] == ("deck",) and key[0][0] == "c":
            draws += n
        if sign == 1 and key[1] == ("Q",) and key[0][0] == "c":
            quests += n
    if ordered and not (_no_hole(tuple(before), left, atoms) and
                        _no_hole(node.left, left, atoms)):
        fail(ctx, "the engine does these movements in another order", node)
        ctx.progress = _soft_score(node, units, atoms)
        return None
    dec = node.decisions + 1
    return Node(g, snap, tuple(left), draws, quests, node.battles + battles, dec)


def _setting_in_order(key: Key, before: list[int | None], ctx: Context) -> bool:
    """In rootlaw's order, a setting changes before anything the line writes after it
    (an outcast adjusted, 10.4.2, before a Swap Meet in the same Birdsong: the Lost Souls
    it empties read as the discard pile either way): no atom after it taken in an
    earlier step."""
    at = ctx.exp.setting_at.get((key[0], str(key[1][1])))
    if not at:
        return True
    atoms = ctx.atoms
    return any(all(before[i] is None or atoms[i].loose or before[i] == atoms[i].count
                   for i in range(p, len(atoms))) for p in at)


def _soft_score(node: Node, units: list[tuple[int, Key, int]], atoms: list[Atom]) -> int:
    """How many of the engine's changes the line holds, each taken once (a measure of
    how close a trial came, to try random results one at a time)."""
    left = list(node.left)
    score = 0
    for sign, key, n in units:
        for i, a in enumerate(atoms):
            if left[i] and a.sign == sign and matches(a.comp, key[0]) and matches(a.place, key[1]):
                have = left[i]
                take = min(have or n, n)
                if have is not None:
                    left[i] = have - take
                score += take
                break
    return score


def _no_hole(before: tuple[int | None, ...], after: list[int | None], atoms: list[Atom]
             ) -> bool:
    """In rootlaw's order: the atoms this trial took are the first ones still open,
    but for pairs that undo each other (moved there and back: within one trial, or an
    arrival the line's next atoms take away again, as the Hundreds' crafted item that
    the engine removes straight from the supply, 14.2.3)."""
    last = -1
    for i, (a, b) in enumerate(zip(before, after, strict=True)):
        if a != b and a is not None:
            last = i
    open_: list[int] = [i for i in range(last) if after[i] and not atoms[i].loose]
    if not open_:
        return True
    later = [i for i in range(last + 1, len(atoms)) if after[i] and not atoms[i].loose]
    plus = [[i, after[i] or 0] for i in open_ if atoms[i].sign > 0]
    minus = [[i, after[i] or 0] for i in open_ if atoms[i].sign < 0]
    spare = [[i, after[i] or 0] for i in later]
    _pair_off(plus, minus + [x for x in spare if atoms[x[0]].sign < 0], atoms, True)
    _pair_off(minus, [x for x in spare if atoms[x[0]].sign > 0], atoms, False)
    return not any(n for _, n in plus + minus)


def _pair_off(outer: list[list[int]], inner: list[list[int]], atoms: list[Atom],
              outer_arrives: bool) -> None:
    """Arrivals and departures that undo each other cancel, as many as both have
    ([atom index, count left] each, counts lowered in place); ``outer_arrives``: the
    outer list holds the arrivals."""
    for a in outer:
        for b in inner:
            p, m = (a, b) if outer_arrives else (b, a)
            if p[1] and m[1] and _cancel(atoms[p[0]], atoms[m[0]]):
                k = min(p[1], m[1])
                p[1] -= k
                m[1] -= k


def finished(node: Node, ctx: Context) -> str:
    """Why the line is not complete at its end ("" if it is)."""
    atoms = ctx.atoms
    # what is left must cancel out: a thing written arriving and then leaving the same
    # place (the record's steps finer than the engine's, or a token moved then flipped)
    plus = [[i, node.left[i] or 0] for i, a in enumerate(atoms) if a.sign > 0 and node.left[i]]
    minus = [[i, node.left[i] or 0] for i, a in enumerate(atoms) if a.sign < 0 and node.left[i]]
    for p in plus:
        for m in minus:
            if p[1] and m[1] and _cancel(atoms[p[0]], atoms[m[0]]):
                k = min(p[1], m[1])
                p[1] -= k
                m[1] -= k
    for i, n in plus + minus:
        if n:
            return "the engine found no way to do what the line says: " + _say_atom(
                atoms[i], n)
    cur = {k[0]: str(k[1][1]) for k in node.snap.total() if k[0][0] in SETTINGS}
    for key, said in ctx.exp.settings.items():
        if key[0] == "seat":
            continue
        now = cur.get(key)
        if now != said[-1]:
            return f"{say_key(key)} is {now}, the line says {said[-1]}"
    if ctx.exp.vagabot:  # rootlaw's comment (Rootbotics 7.2: no Rootlog form)
        now_sides = vagabot_sides(node.g)
        if now_sides != ctx.exp.vagabot:
            return (f"the Vagabot's items by side are {now_sides}, the record's comment "
                    f"says {ctx.exp.vagabot}")
    if not ctx.setup and ctx.me == "O" and ("funds", "O") not in ctx.exp.settings:
        now = cur.get(("funds", "O"), "0")
        if now != "0" and ctx.strict:
            return f"the Riverfolk end the turn with {now} funds, the line says none"
    for s, want in ctx.seats.items():
        now = cur.get(("seat", s))
        if now is not None and now != want:
            return f"seat {s + 1} took {now}, the record has {want} (A.8.2)"
    return ""


def _cancel(a: Atom, b: Atom) -> bool:
    """Two atoms that undo each other: the same place, the same kind of thing."""
    if repr(a.place) != repr(b.place):
        return False
    if repr(a.comp) == repr(b.comp):
        return True
    ca, cb = a.comp, b.comp
    if not (isinstance(ca, tuple) and isinstance(cb, tuple) and len(ca) == len(cb)
            and ca[:2] == cb[:2] and ca[0] == "t"):
        return False
    # a token moved, then flipped where it lies (t_t7_10_11->10/t10^t_2_t): the same
    # token if what each says of it agrees (two relics of other values never do)
    ia, ib = _identity(ca), _identity(cb)
    return ia <= ib or ib <= ia


def _identity(comp: tuple[Any, ...]) -> frozenset[str]:
    """What a token pattern says of the token: its type and value letters (``t_3_j``
    and a face-down ``t_j`` of value 3 both say {3, j})."""
    out: set[str] = set()
    codes, hidden = comp[2], comp[3]
    for x in codes if isinstance(codes, frozenset) else (codes,):
        if isinstance(x, str):  # the piece's code: its kind, then what it is
            out.update(y for y in x.split("_")[1:] if y)
    for x in hidden if isinstance(hidden, frozenset) else (hidden,):
        if isinstance(x, str) and x not in ("", "?"):
            out.add(x)
    return frozenset(out)


def _say_atom(a: Atom, n: int) -> str:
    what = "arrive at" if a.sign > 0 else "leave"
    return f"{n} of {pat(a.comp)} to {what} {pat(a.place)}"


def pat(p: Any) -> str:
    if isinstance(p, frozenset):
        return " or ".join(sorted(pat(x) for x in p))
    if isinstance(p, tuple):
        bits = []
        for x in p:
            if x is ANY:
                bits.append("*")
            elif isinstance(x, frozenset):
                bits.append("|".join(sorted(map(str, x)))[:60])
            else:
                bits.append(str(x))
        return "(" + " ".join(bits) + ")"
    return str(p)


def _why(sign: int, key: Key, got: int, n: int, ctx: Context) -> str:
    comp, place = key
    verb = "arrives at" if sign > 0 else "leaves"
    return f"the engine's {pat(comp)} {verb} {pat(place)}, which the line does not say"
