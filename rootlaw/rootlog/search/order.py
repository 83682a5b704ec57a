"""The options of a decision in the order the line suggests: those naming what it does
next first; among options the line cannot tell apart, the flexible one last."""
from __future__ import annotations

from collections import Counter
from typing import Any, Final

from rootlaw.core.game import Game
from rootlaw.rootlog import names
from rootlaw.rootlog.expect import ANY, Atom
from rootlaw.rootlog.ledger import (
    place_of,
)
from rootlaw.rootlog.search.context import Context, Node

RETAINER: Final = "faithful_retainer"  # 15.3.4 the Keepers' own bird cards (no deck card)


_DONE_VERBS: Final = frozenset({"done", "end", "v_end", "skip", "pass", "no_ambush",
                                "no_enlist", "no_item", "no_ally", "lh_next", "kk_next"})


_RETINUE_VERBS: Final = frozenset({"kk_move", "kk_ferry", "kk_battle", "kk_delve_in"})


def retinue_alike(o: Any, g: Game, ctx: Context) -> Any:
    """A Keepers' retinue action (15.5.2: a card of the current column acts by its suit)
    as the record sees it: the suit instead of the card, unless the line names the card
    (a shift or discard of it later); None for other options."""
    if not (isinstance(o, tuple) and len(o) >= 3 and o[0] in _RETINUE_VERBS
            and isinstance(o[1], str)):
        return None
    if ctx.named is None:
        ctx.named = frozenset(cid for a in ctx.atoms for cid in _ids(a.comp))
    if o[1] in ctx.named:
        return None
    card = g.deckdef.cards.get(o[1])
    suit = "bird" if o[1] == RETAINER else getattr(card, "suit", None)
    if suit is None:
        return None
    return (o[0], suit, *o[2:])


def _ids(comp: Any) -> frozenset[str]:
    """The card ids a line's component names (none if any card)."""
    if isinstance(comp, tuple) and len(comp) > 1 and comp[0] in ("c", "shown"):
        ids = comp[-1] if comp[0] == "shown" else comp[1]
        if isinstance(ids, frozenset) and len(ids) < 20:
            return frozenset(x for x in ids if isinstance(x, str))
    return frozenset()


# options that say how many warriors move, and how many of them the line writes as
# plain warriors: ("warriors_lead", n) counts the Hundreds' warlord among the n (14.5.3),
# which the line writes apart (``(12w+w_w)12->9``)
_COUNT_VERBS: Final = {"warriors": 0, "warriors_lead": 1}


_MAYOR: Final = ("ud_minister", "mayor")


def order(options: list[Any], node: Node, ctx: Context) -> list[Any]:
    """The options most likely first: those naming what the line does next (none, in
    the line's order, when warriors are to move but the line moves none any more: a
    branch that cannot match)."""
    tokens: Counter[Any] = Counter()
    pending = [i for i, n in enumerate(node.left) if n]
    d = node.g.decision
    if ctx.ordered and d is not None and d.kind == "move_count" and all(
            isinstance(o, tuple) and len(o) == 2 and o[0] in _COUNT_VERBS and o[1] > 0
            for o in options):
        if not any(_warriors(ctx.atoms[i].comp) for i in pending):
            return []
    if ctx.ordered and d is not None and d.kind == "move":  # warriors leave the origin:
        leaving = {_origin(node.g, ctx.atoms[i]) for i in pending  # a line that has none
                   if ctx.atoms[i].sign < 0 and _warriors(ctx.atoms[i].comp)}  # leave
        if ANY not in leaving:  # there cannot take that move
            options = [o for o in options if not (
                isinstance(o, tuple) and len(o) == 3 and o[0] == "move"
                and isinstance(o[1], int) and place_of(node.g, o[1]) not in leaving)]
    cards = node.g.deckdef.cards
    for w, i in enumerate(pending[:4]):
        a = ctx.atoms[i]
        weight = 4 - w
        for part in (a.comp, a.place):
            for x in _flat(part):
                tokens[x] += weight
        for cid in _ids(a.comp):  # a card named: its suit too (the Banker's, 12.5.2.V)
            c = cards.get(cid)
            if c is not None:
                tokens[c.suit] += weight
        n = node.left[i]
        if n:
            tokens[("#", n)] += weight  # how many: ("warriors", 2)
    done_first = not any(n for n in node.left if n is not None)

    def wild(o: Any) -> int:
        """1 for an option spending a bird card (2.1.1 wild): among options the record
        cannot tell apart (which card a Keepers' move uses), a card of the clearing's
        suit first, keeping the wild one for later; so too the Mayor, who takes any
        swayed minister's action (12.5.2.VI), after the minister itself."""
        if o == _MAYOR:
            return 1
        for x in o[1:] if isinstance(o, tuple) else ():
            c = cards.get(x) if isinstance(x, str) else None
            if c is not None and getattr(c, "suit", "") == "bird" or x == RETAINER:
                return 1
        return 0

    def score(o: Any) -> tuple[int, int, int, int]:
        s = 0
        if isinstance(o, tuple) and len(o) == 2 and isinstance(o[1], int) and \
                o[0] in _COUNT_VERBS:  # ("warriors", n): how many, not where
            return (0, -tokens.get(("#", o[1] - _COUNT_VERBS[o[0]]), 0), 0, 0)
        for x in o[1:] if isinstance(o, tuple) else ():
            for y in _flat(x):
                s += tokens.get(_LETTER.get(y, y) if isinstance(y, str) else y, 0)
                if isinstance(y, int) and len(o) == 2:  # ("warriors", n): how many
                    s += tokens.get(("#", y), 0)
        verb = o[0] if isinstance(o, tuple) and o else ""
        bonus = 1 if done_first and verb in _DONE_VERBS else 0
        # E.2 a hireling's action, offered beside the faction's own: last among options
        # the line does not tell apart (it may end doing nothing the record shows, a gig
        # that pulls nobody, and spend the action the line needs later)
        hire = 1 if verb == "hireling" else 0
        return (-bonus, -s, hire, wild(o))

    return sorted(options, key=score)


def _origin(g: Game, a: Atom) -> Any:
    """The place an atom's warriors leave (ANY where the line does not say one)."""
    p = a.place
    return p if isinstance(p, tuple) and len(p) == 2 and p[0] == "c" and \
        isinstance(p[1], int) else ANY


def _warriors(comp: Any) -> bool:
    """Whether a line's component may be warriors (a move's count decides them)."""
    if isinstance(comp, frozenset):
        return any(_warriors(c) for c in comp)
    head = comp[0] if isinstance(comp, tuple) and comp else ANY
    return head is ANY or (isinstance(head, str) and head.startswith("w")) or \
        (isinstance(head, frozenset) and any(str(h).startswith("w") for h in head))


def _letters() -> dict[str, str]:
    from rootlaw.core.faction_api import FACTIONS

    out: dict[str, str] = {}
    for f in FACTIONS:
        try:
            out[f] = names.letter(f)
        except KeyError:
            continue
    return out


_LETTER: Final = _letters()


def _flat(x: Any) -> list[Any]:
    if isinstance(x, frozenset):
        return list(x)[:8]
    if isinstance(x, tuple):
        out: list[Any] = []
        for y in x:
            out.extend(_flat(y))
        return out
    if x is ANY:
        return []
    return [x]
