"""P5.5 Movement: the ruler's permission.

A move from a clearing you do not rule may go only where you rule, where nobody
rules, or where the ruler gives you permission (P5.5.3). Asking is a decision of the
ruler; a refused move is not taken (the mover chooses again), and the same ruler is
not asked for the same clearing twice in a turn (rulings.md).
"""
from __future__ import annotations

from collections.abc import Iterable

from rootlaw.core.game import Game
from rootlaw.core.move import do_move
from rootlaw.core.options import Option, text_form
from rootlaw.core.steps import Handler, Step, register_steps
from rootlaw.prototype.base import mark_turn, turn_has

text_form("p_ask", "move {1} -> {2} (asking {3}'s permission)")
text_form("p_permit", "give permission")
text_form("p_refuse", "refuse permission")


def refused_mark(mover: int, b: int) -> str:
    return f"refused:{mover}:{b}"


def move_kind(g: Game, s: int, a: int, b: int, nimble: bool = False) -> int:
    """P5.5.2-P5.5.3: -1 if s may move from a to b freely, the seat whose permission
    it needs, or -2 if that ruler has refused it this turn. ``nimble``: P5.5.5, no
    permission needed."""
    ruler = g.rulers()
    if nimble or ruler[a] == s or ruler[b] == s or ruler[b] < 0:
        return -1
    if turn_has(g, refused_mark(s, b)):
        return -2
    return ruler[b]


def move_options(g: Game, s: int, origins: Iterable[int] | None = None) -> list[Option]:
    """Moves of s's warriors (P5.5.1): ("move", a, b), or ("p_ask", a, b, ruler)."""
    out: list[Option] = []
    w = g.warriors[s]
    for a in (origins if origins is not None else g.clearings()):
        if not w[a]:
            continue
        for b in g.adjacent(a):
            k = move_kind(g, s, a, b)
            if k == -1:
                out.append(("move", a, b))
            elif k >= 0:
                out.append(("p_ask", a, b, g.factions[k]))
    return out


def take_move(g: Game, s: int, o: Option, retry: Step, after: Step | None = None) -> None:
    """Take a move option of ``move_options``: the number of warriors is chosen next;
    ``after`` follows the move. Asking permission first: a refusal runs ``retry``
    instead (the mover chooses again)."""
    steps: tuple[Step, ...] = (("proto.move_count", s, o[1], o[2]),)
    if after is not None:
        steps = steps + (after,)
    if o[0] == "move":
        g.push_all(list(steps))
        return
    ask_permission(g, g.seat_of(o[3]), s, o[1], o[2], retry, steps)


def ask_permission(g: Game, ruler: int, mover: int, a: int, b: int, retry: Step,
                   then: tuple[Step, ...]) -> None:
    """P5.5.3: ``ruler`` decides whether ``mover`` may move from a into b: ``then`` runs
    if it may, ``retry`` if not."""
    g.push(("proto.permission", ruler, mover, a, b, retry, then))


class Permission(Handler):
    """P5.5.3: the ruler of the destination gives or refuses permission to enter.
    Args: (ruler, mover, from, to, retry step, steps of the move)."""

    name = "proto.permission"
    kind = "permission"
    rule = "P5.5.3"

    def describe(self, g: Game, st: Step) -> str:
        return f"{g.factions[st[2]]} asks to move from {st[3]} into {st[4]}, which you rule"

    def options(self, g: Game, st: Step) -> list[Option]:
        return [("p_permit",), ("p_refuse",)]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        mover: int = st[2]
        if o[0] == "p_permit":
            then: tuple[Step, ...] = st[6]
            g.push_all(list(then))
            return
        mark_turn(g, refused_mark(mover, st[4]))
        g.note("refused", g.factions[st[1]], g.factions[mover], st[4])
        g.push(st[5])


class MoveCount(Handler):
    """P5.5.1: any number of the warriors (one at least) take the move. Args: (seat,
    from, to)."""

    name = "proto.move_count"
    kind = "move_count"
    rule = "P5.5.1"

    def describe(self, g: Game, st: Step) -> str:
        return f"How many warriors move from {st[2]} to {st[3]}?"

    def options(self, g: Game, st: Step) -> list[Option]:
        return [("warriors", k) for k in range(1, g.warriors[st[1]][st[2]] + 1)]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        do_move(g, st[1], st[2], st[3], o[1])


register_steps(Permission(), MoveCount())
