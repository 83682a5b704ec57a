"""4.2 Move, and removal of pieces with its triggered effects (1.1.3, G.1.22)."""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from rootlaw.core.hired import hirelings_after_move, hirelings_after_removal, river_rule_free
from rootlaw.core.landmarks import removed_from_treetop
from rootlaw.core.maps import (
    FERRY_USED,
    ferry_destinations,
    ignores_rule,
    move_links,
    move_table,
    needs_rule,
    river_access,
    take_ferry,
)
from rootlaw.core.options import Option, holds, text_form
from rootlaw.core.steps import Handler, Step, register_steps

if TYPE_CHECKING:
    from rootlaw.core.game import Game

text_form("move", "move {1} -> {2}")
text_form("warriors", "{1} warrior(s)")
text_form("warriors_lead", "{1} warrior(s), the warlord among them")
text_form("warriors_lent", "{1} warrior(s), {2} of them mice")  # BK.2.4 (Game.borrowed)


def move_pairs(g: Game, s: int, origins: Iterable[int] | None = None) -> list[tuple[int, int]]:
    """Every (origin, destination) of an ordinary move of s's warriors (4.2; 4.2.1 You
    Must Rule): along the map's links for s (core.maps.move_table: open paths; rivers
    where s treats them as paths, 11.2.2, 11.2.7.II, Boat Builders; Tunnels), regardless
    of rule where s ignores it (Corvid Planners) or along a river for Swimmers (11.2.2).
    Ferry moves: ferry_pairs."""
    w = g.warriors[s]
    access = river_access(g, s)
    links = move_table(g, s, access)
    ruler = g.rulers()
    limited = g.movement_limited()
    free = ignores_rule(g, s)
    rivers = g.board.river_adj if access == 2 else None
    # Otter Divers (a hireling's controller ability): rule ignored at a river clearing
    river_side = g.board.river_adj if g.hire is not None and river_rule_free(g, s) else None
    out: list[tuple[int, int]] = []
    guard = g.fdefs[s].protects_warriors and g.turn_seat != s  # 14.2.2
    burrow = g.board.burrow if g.shares else -1  # lent warriors never go in (12.2.2)
    # a tuple to walk natively (the Burrow too, when no origins are given)
    for a in (tuple(origins) if origins is not None else g.all_clearings()):
        if not w[a] or guard and not g.movable_warriors(s, a):
            continue
        rules_a = free or ruler[a] == s or river_side is not None and bool(river_side[a])
        for b in links[a]:
            if ((rules_a or ruler[b] == s or rivers is not None and holds(rivers[a], b)
                 or river_side is not None and bool(river_side[b]))
                    and (not limited or g.may_move(s, a, b))
                    and (b != burrow or w[a] > g.borrowed(s, a))):
                out.append((a, b))
    return out


def ferry_pairs(g: Game, s: int, origins: Iterable[int] | None = None) -> list[tuple[int, int]]:
    """C.2.5 moves of s's warriors by the Ferry: from its clearing to another coastal
    clearing, following the normal move rules (4.2.1 You Must Rule)."""
    a = g.ferry
    if not a or FERRY_USED in g.once or not g.movable_warriors(s, a):
        return []
    if origins is not None and a not in origins:
        return []
    out: list[tuple[int, int]] = []
    for b in ferry_destinations(g, a):
        if ((not needs_rule(g, s, a, b) or g.rules(s, a) or g.rules(s, b)
             or g.hire is not None and river_rule_free(g, s))  # the lake: rivers (C.2.2)
                and g.may_move(s, a, b)):
            out.append((a, b))
    return out


def can_move(g: Game, s: int) -> bool:
    """Whether s has any legal move (4.2.1), without listing them."""
    w = g.warriors[s]
    access = river_access(g, s)
    links = move_table(g, s, access)
    ruler = g.rulers()
    limited = g.movement_limited()
    free = ignores_rule(g, s)
    rivers = g.board.river_adj if access == 2 else None
    river_side = g.board.river_adj if g.hire is not None and river_rule_free(g, s) else None
    guard = g.fdefs[s].protects_warriors and g.turn_seat != s  # 14.2.2
    burrow = g.board.burrow if g.shares else -1  # lent warriors never go in (12.2.2)
    for a in g.all_clearings():  # the Burrow too (12.2.2)
        if w[a] and links[a] and not (guard and not g.movable_warriors(s, a)):
            rules_a = free or ruler[a] == s or river_side is not None and bool(river_side[a])
            for b in links[a]:
                if ((rules_a or ruler[b] == s or rivers is not None and holds(rivers[a], b)
                     or river_side is not None and bool(river_side[b]))
                        and (not limited or g.may_move(s, a, b))
                        and (b != burrow or w[a] > g.borrowed(s, a))):
                    return True
    return bool(g.ferry) and bool(ferry_pairs(g, s))


def move_options(g: Game, s: int, origins: Iterable[int] | None = None) -> list[Option]:
    """("move", a, b) for each ordinary move, ("ferry", a, b) for each by the Ferry."""
    out: list[Option] = [("move", a, b) for a, b in move_pairs(g, s, origins)]
    if g.ferry:
        out.extend(("ferry", a, b) for a, b in ferry_pairs(g, s, origins))
    return out


def move_step(s: int, o: Option) -> Step:
    """The step that takes the move option ``o`` ("move" or "ferry", a, b) for s:
    asks how many warriors (4.2), then moves them (and the Ferry)."""
    return ("move_count", s, o[1], o[2], 1 if o[0] == "ferry" else 0)


def move_destinations(g: Game, s: int, a: int) -> list[int]:
    """Where s's pieces in a can go in one move, the Ferry included (C.2.5), legal or not
    (for bots' targets, Rootbotics 2.3, which then test legality)."""
    out = list(move_links(g, s, a))
    for b in ferry_destinations(g, a):
        if b not in out:
            out.append(b)
    return out


def by_ferry_only(g: Game, s: int, a: int, b: int) -> bool:
    """Whether s reaches b from a only by the Ferry (C.2.5)."""
    return b not in move_links(g, s, a) and b in ferry_destinations(g, a)


def bot_move(g: Game, s: int, a: int, b: int, n: int) -> None:
    """A bot's move of n warriors from a to b: by the Ferry when only the Ferry reaches
    b (C.2.5; the bot draws nothing, Rootbotics 2.8.1)."""
    ferry = by_ferry_only(g, s, a, b)
    do_move(g, s, a, b, n)
    if ferry:
        take_ferry(g, s, a, b)


def do_move(g: Game, s: int, a: int, b: int, n: int, mover: int | None = None,
            lent: int = -1) -> None:
    """Move n warriors of s from a to b (moved by ``mover``, by default s), then
    resolve what the move triggers. ``lent``: how many of them are warriors lent to s for
    all intents (BK.2.4, ``Game.borrowed``), when the mover chose; by default as many as
    can go (rulings.md), none into the Burrow (12.2.2)."""
    k = g.borrowed(s, a) if g.shares else 0
    g.warriors[s][a] = g.warriors[s][a] - n
    g.warriors[s][b] = g.warriors[s][b] + n
    g.pieces_changed(a, b)
    if k:
        own = g.warriors[s][a] + n - k
        m = lent if lent >= 0 else min(n, k) if b != g.board.burrow else max(0, n - own)
        if m:
            sh = g.sharer()
            g.fdefs[sh].shared_moved(g, sh, s, a, b, m)
    steps: list[Step] = []
    who = s if mover is None else mover
    for o, fd in enumerate(g.fdefs):
        after = fd.after_move(g, o, who, a, b, n)
        if after:  # mostly NO_STEPS: no extend to go through
            steps.extend(after)
    moved = g.odef(s).on_warriors_moved(g, s, a, b, n, who)
    if moved:
        steps.extend(moved)
    if g.hire is not None and g.hire.watches_moves:  # Highway Bandits, the Bands
        steps.extend(hirelings_after_move(g, s, who, a, b, n))
    if steps:
        g.push_all(steps)


class MoveCount(Handler):
    """4.2: how many warriors (more than zero) take the move."""

    name = "move_count"
    kind = "move_count"
    rule = "4.2"

    def describe(self, g: Game, st: Step) -> str:
        return f"How many warriors move from {st[2]} to {st[3]}?"

    def options(self, g: Game, st: Step) -> list[Option]:
        s: int = st[1]
        a: int = st[2]
        lead = len(st) > 5 and st[5]  # the protected warriors must go (14.5.3)
        n = g.movable_warriors(s, a)
        fd = g.fdefs[s]
        p = fd.protected_warriors(g, s, a) if fd.protects_warriors else 0
        if p and g.turn_seat == s:  # 14.2.2: the warlord moves on its owner's turn only
            out: list[Option] = [] if lead else [("warriors", k) for k in range(1, n - p + 1)]
            return out + [("warriors_lead", k) for k in range(p, n + 1)]
        lent = g.borrowed(s, a) if g.shares else 0
        if lent and lent < n:  # BK.2.4: the mover chooses which of its warriors go
            return lent_counts(g, n, lent, st[3] == g.board.burrow)
        return [("warriors", k) for k in range(1, n + 1)]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        if o[0] == "warriors_lead":
            g.fdefs[st[1]].moved_protected(g, st[1], st[2], st[3])
            if g.shares:  # the warlord is no lent warrior (BK.2.4): the others may be
                k: int = o[1]
                do_move(g, st[1], st[2], st[3], k, lent=min(k - 1, g.borrowed(st[1], st[2])))
                if len(st) > 4 and st[4]:  # by the Ferry (C.2.5)
                    take_ferry(g, st[1], st[2], st[3])
                return
        elif o[0] == "warriors_lent":
            do_move(g, st[1], st[2], st[3], o[1], lent=o[2])
            if len(st) > 4 and st[4]:  # by the Ferry (C.2.5)
                take_ferry(g, st[1], st[2], st[3])
            return
        do_move(g, st[1], st[2], st[3], o[1])
        if len(st) > 4 and st[4]:  # by the Ferry (C.2.5)
            take_ferry(g, st[1], st[2], st[3])


def lent_counts(g: Game, n: int, lent: int, burrow: bool) -> list[Option]:
    """BK.2.4: the ways n movable warriors, ``lent`` of them lent for all intents
    (``Game.borrowed``), can take a move: how many go, and how many of them are lent
    (none into the Burrow, 12.2.2: they stay Borough Kings pieces, G.1.33)."""
    own = n - lent
    out: list[Option] = []
    for k in range(1, n + 1):
        for m in range(max(0, k - own), (0 if burrow else min(k, lent)) + 1):
            out.append(("warriors_lent", k, m))
    return out


def remove_warriors(g: Game, s: int, c: int, n: int, in_battle: bool = False,
                    lent: int = -1) -> int:
    """Remove up to n of s's warriors from c to the supply (G.1.22; with Coffin Makers in
    play, onto that card instead, E&P); triggers are the caller's. Outside battle, never
    a protected warrior (14.2.2 The Warlord). ``lent``: how many of them are warriors
    lent to s for all intents (BK.2.4, ``Game.borrowed``: they return to their owner's
    supply), when the side taking hits chose; by default as many as can go (rulings.md)."""
    n = min(n, g.warriors[s][c] if in_battle else g.removable_warriors(s, c))
    if n:
        fd = g.odef(s)
        # 14.2.2: the warlord (removed in battle, last) never goes onto Coffin Makers
        spared = (fd.protected_warriors(g, s, c) if fd.protects_warriors
                  and n == g.warriors[s][c] else 0)
        sh = g.sharer() if g.shares else -1
        k = g.borrowed(s, c) if sh >= 0 else 0
        m = min(n, k) if lent < 0 else min(n, k, lent)
        g.warriors[s][c] = g.warriors[s][c] - n
        g.pieces_changed(c)
        cards = g.cards
        coffins = cards.coffin_seat >= 0
        if coffins and n - m > spared:
            cards = g.cards = cards.add_coffins(s, n - m - spared)
        if coffins and m:
            g.cards = cards.add_coffins(sh, m)  # lent warriors are their owner's
        if sh >= 0 and (m or s == sh):  # the lender follows its warriors (BK.2.3)
            g.fdefs[sh].shared_removed(g, sh, s, c, n, m, coffins)
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

    A faction whose rule takes removed warriors elsewhere first (``catch_warriors``:
    Crusader SOM.2.3 First Response) decides before anything triggers.
    """
    if warriors and catches_warriors(g):
        trigger_removal_events(g, [removal_event(by, warriors, pieces, in_battle, defender,
                                                 blame)])
    else:
        resolve_removals(g, by, warriors, pieces, in_battle, defender, blame)


def catches_warriors(g: Game) -> bool:
    """Whether a seated faction's rule may take removed warriors elsewhere before the
    removal resolves (``FactionDef.catch_warriors``); without one, nothing else to do."""
    fdefs = g.fdefs
    for o in range(len(fdefs)):
        if fdefs[o].catches_warriors:
            return True
    return False


# One removal event, as plain data (a step may hold it): (remover, warriors as (owner,
# clearing, count), pieces as (owner, clearing, kind), in battle, defender, blame pairs)
RemovalEvent = tuple[int, tuple[tuple[int, int, int], ...], tuple[tuple[int, int, str], ...],
                     bool, int, tuple[tuple[int, int], ...]]


def removal_event(by: int, warriors: list[tuple[int, int, int]],
                  pieces: list[tuple[int, int, str]] | None = None, in_battle: bool = True,
                  defender: int = -1, blame: dict[int, int] | None = None) -> RemovalEvent:
    return (by, tuple(warriors), tuple(pieces or ()), in_battle, defender,
            tuple(sorted(blame.items())) if blame else ())


def trigger_removal_events(g: Game, events: list[RemovalEvent]) -> None:
    """Removal events that happened together (a battle's two sides, 4.3.4): a faction
    whose rule takes removed warriors elsewhere first (``FactionDef.catch_warriors``,
    Crusader SOM.2.3) sees them all and decides before anything triggers; its step
    ends with ``resolve_removal_events`` on what it left. Otherwise they resolve now,
    in order."""
    fdefs = g.fdefs
    for o in range(len(fdefs)):
        fd = fdefs[o]
        if fd.catches_warriors:
            for ev in events:
                if ev[1]:
                    st = fd.catch_warriors(g, o, tuple(events))
                    if st is not None:
                        g.push(st)
                        return
                    break
    resolve_removal_events(g, events)


def resolve_removal_events(g: Game, events: Sequence[RemovalEvent]) -> None:
    """The triggers of each event (``resolve_removals``), in order."""
    for by, warriors, pieces, in_battle, defender, blame in events:
        resolve_removals(g, by, list(warriors), list(pieces), in_battle, defender,
                         dict(blame) if blame else None)


def resolve_removals(g: Game, by: int, warriors: list[tuple[int, int, int]],
                     pieces: list[tuple[int, int, str]] | None = None,
                     in_battle: bool = True, defender: int = -1,
                     blame: dict[int, int] | None = None) -> None:
    """The triggers of ``trigger_removals``, once no rule takes the warriors elsewhere."""
    steps: list[Step] = []
    lost: dict[tuple[int, int], list[int]] = {}
    for s, c, n in warriors:
        if n > 0:
            steps.extend(g.odef(s).on_warriors_removed(g, s, c, n, by, s == defender))
            cell = lost.setdefault((s, c), [0, 0])
            cell[0] = cell[0] + n
    if warriors and g.hire is not None and g.hire.watches_removals:  # Feline Physicians
        steps.extend(hirelings_after_removal(g, by, warriors))
    if pieces:
        by_owner: dict[int, list[tuple[int, str]]] = {}
        for s, c, kind in pieces:
            steps.extend(g.odef(s).on_piece_removed(g, s, c, kind, by))
            cell = lost.setdefault((s, c), [0, 0])
            cell[1] = cell[1] + 1
            by_owner.setdefault(s, []).append((c, kind))
        for s, lst in by_owner.items():  # one event per owner (12.2.3)
            steps.extend(g.odef(s).on_pieces_removed(g, s, lst, by))
    if pieces and g.landmarks is not None:  # the Elder Treetop's slot (Appendix F)
        removed_from_treetop(g, by, pieces)
    if 0 <= by < len(g.fdefs):  # a hireling removing: not its controller's rules (E.3.5)
        for (s, c), (nw, np) in lost.items():
            owner = blame.get(s, s) if blame else s
            if owner != by:
                g.fdefs[by].on_removes(g, by, owner, c, nw, np, in_battle)
    if steps:
        g.push_all(steps)


register_steps(MoveCount())
