"""4.2 Move, and removal of pieces with its triggered effects (1.1.3, G.1.22)."""
from __future__ import annotations

from collections.abc import Iterable

from rootlaw.core.game import Game
from rootlaw.core.options import Option, text_form
from rootlaw.core.steps import Handler, Step, register_steps

text_form("move", "move {1} -> {2}")
text_form("warriors", "{1} warrior(s)")


def river_access(g: Game, s: int) -> int:
    """How s may use rivers now: 0 not at all, 1 as paths (11.2.7.II Riverboats), 2 as
    paths whoever rules either end (11.2.2 Swimmers): the best any faction's rule gives."""
    best = 0
    fdefs = g.fdefs
    for o in range(len(fdefs)):
        if fdefs[o].grants_rivers:
            best = max(best, fdefs[o].river_access_for(g, o, s))
    return best


def river_neighbors(g: Game, a: int) -> list[int]:
    """Clearings linked to a by a river."""
    out: list[int] = []
    for x, y in g.board.rivers:
        if x == a:
            out.append(y)
        elif y == a:
            out.append(x)
    return out


def move_pairs(g: Game, s: int, origins: Iterable[int] | None = None) -> list[tuple[int, int]]:
    """Every (origin, destination) s may move along (4.2; 4.2.1 You Must Rule), rivers
    included where s treats them as paths (11.2.2, 11.2.7.II)."""
    w = g.warriors[s]
    adj = g.board.adj
    ruler = g.rulers()
    limited = any(fd.limits_movement for fd in g.fdefs)
    rivers = river_access(g, s)
    out: list[tuple[int, int]] = []
    for a in (origins if origins is not None else g.clearings()):
        if not w[a]:
            continue
        rules_a = ruler[a] == s
        near = river_neighbors(g, a) if rivers else []
        for b in adj[a]:
            free = rivers == 2 and b in near  # 11.2.2: along a river, rule does not matter
            if (free or rules_a or ruler[b] == s) and (not limited or g.may_move_into(s, b)):
                out.append((a, b))
        for b in near:
            if b in adj[a]:
                continue
            if ((rivers == 2 or rules_a or ruler[b] == s)
                    and (not limited or g.may_move_into(s, b))):
                out.append((a, b))
    return out


def can_move(g: Game, s: int) -> bool:
    """Whether s has any legal move (4.2.1), without listing them."""
    if river_access(g, s):
        return bool(move_pairs(g, s))
    w = g.warriors[s]
    adj = g.board.adj
    ruler = g.rulers()
    limited = any(fd.limits_movement for fd in g.fdefs)
    for a in g.clearings():
        if w[a] and adj[a]:
            rules_a = ruler[a] == s
            for b in adj[a]:
                if (rules_a or ruler[b] == s) and (not limited or g.may_move_into(s, b)):
                    return True
    return False


def move_options(g: Game, s: int, origins: Iterable[int] | None = None) -> list[Option]:
    return [("move", a, b) for a, b in move_pairs(g, s, origins)]


def do_move(g: Game, s: int, a: int, b: int, n: int, mover: int | None = None) -> None:
    """Move n warriors of s from a to b (moved by ``mover``, by default s), then
    resolve what the move triggers."""
    g.warriors[s][a] -= n
    g.warriors[s][b] += n
    g.pieces_changed(a, b)
    steps: list[Step] = []
    who = s if mover is None else mover
    for o, fd in enumerate(g.fdefs):
        steps.extend(fd.after_move(g, o, who, a, b, n))
    if steps:
        g.push(*steps)


class MoveCount(Handler):
    """4.2: how many warriors (more than zero) take the move."""

    name = "move_count"
    kind = "move_count"
    rule = "4.2"

    def describe(self, g: Game, st: Step) -> str:
        return f"How many warriors move from {st[2]} to {st[3]}?"

    def options(self, g: Game, st: Step) -> list[Option]:
        return [("warriors", k) for k in range(1, g.warriors[st[1]][st[2]] + 1)]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        do_move(g, st[1], st[2], st[3], o[1])


def remove_warriors(g: Game, s: int, c: int, n: int) -> int:
    """Remove up to n of s's warriors from c to the supply; triggers are the caller's."""
    n = min(n, g.warriors[s][c])
    if n:
        g.warriors[s][c] -= n
        g.pieces_changed(c)
    return n


def trigger_removals(g: Game, by: int, warriors: list[tuple[int, int, int]],
                     pieces: list[tuple[int, int, str]] | None = None,
                     in_battle: bool = True, defender: int = -1,
                     blame: dict[int, int] | None = None) -> None:
    """Resolve effects triggered by pieces that player ``by`` removed together (1.1.3:
    everything is removed first). ``warriors`` holds (owner, clearing, count),
    ``pieces`` (owner, clearing, kind) of buildings and tokens; ``defender`` is the
    defending seat of the battle they were removed in (10.2.3 Revenge). ``blame`` maps
    an owner to the seat whose pieces they counted as for the remover (11.2.7.III.b:
    mercenaries removed by the Vagabond make their buyer Hostile).

    Each trigger is its owner's own choice (Field Hospitals) or a fixed effect, so
    their order cannot change the outcome; they resolve in the order listed.
    """
    steps: list[Step] = []
    lost: dict[tuple[int, int], list[int]] = {}
    for s, c, n in warriors:
        if n > 0:
            steps.extend(g.fdefs[s].on_warriors_removed(g, s, c, n, by, s == defender))
            lost.setdefault((s, c), [0, 0])[0] += n
    for s, c, kind in pieces or ():
        steps.extend(g.fdefs[s].on_piece_removed(g, s, c, kind, by))
        lost.setdefault((s, c), [0, 0])[1] += 1
    if by >= 0:
        for (s, c), (nw, np) in lost.items():
            owner = blame.get(s, s) if blame else s
            if owner != by:
                g.fdefs[by].on_removes(g, by, owner, c, nw, np, in_battle)
    if steps:
        g.push(*steps)


register_steps(MoveCount())
