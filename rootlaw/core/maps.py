"""Appendix C, the variant maps (Winter, Lake, Mountain), and the movement core.

The movement core says, for every faction and bot, where a player's pieces can go in
one move (4.2):

- along paths that are not closed (2.2.1, C.3.2): ``Game.adj``, ``Game.adjacent(c)``;
- along rivers, when the player treats rivers as paths (2.3): ``rivers_are_paths``,
  from a faction's rule (``FactionDef.river_access_for``, read by ``river_access``:
  11.2.2 Swimmers, 11.2.7.II Riverboats), a persistent card (Boat Builders) or a grant
  for the rest of a turn (``grant_rivers_as_paths``); the lake's links count as rivers
  (C.2.2, ``Board.river_adj``);
- between clearings holding the player's crafting pieces (Tunnels);
- by the Ferry (C.2.5), a move of its own kind: ``ferry_destinations``, ``take_ferry``.

``move_table`` and ``move_links`` give the destinations of ordinary moves; whether a
move needs rule (4.2.1) is ``needs_rule``: not when the player ignores rule
(``ignores_rule``: Corvid Planners, ``FactionDef.moves_ignore_rule`` e.g. 13.2.3
Nimble), nor along a river with Swimmers (``river_access`` 2, 11.2.2). The legal moves
themselves are listed in ``core/move.py`` (move_pairs, ferry_pairs, move_options).

The rest of Appendix C: setup (A.1 suit markers; C.2.1 the Ferry; C.3.1 closed paths
and the Tower), removing closed paths (C.3.3), the Pass (C.3.4). Forest adjacency
(C.1.1, C.2.4) is a printed fact, computed in ``core/catalog.py``.
"""
from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING, Any, Final

from rootlaw.core.catalog import SUITS, Board, link_burrow, pair
from rootlaw.core.options import Option, distinct, text_form
from rootlaw.core.steps import Handler, Step, register_steps

if TYPE_CHECKING:
    from rootlaw.core.game import Game

# g.once entries: seat s treats rivers as paths until the end of this turn (11.2.7.II)
RIVER_GRANTS: Final = tuple(f"rivers_as_paths:{i}" for i in range(8))
FERRY_USED: Final = "ferry"  # C.2.5 once per turn
PATH_REMOVED: Final = "closed_path"  # C.3.3 once per turn
MARKERS_PER_SUIT: Final = 4  # A.1: 12 suit markers, four of each suit
SUIT_MODES: Final = ("printed", "random", "balanced")
PASS_VP: Final = 1  # C.3.4
PATH_VP: Final = 1  # C.3.3

text_form("ferry", "move {1} -> {2} by the Ferry")
text_form("remove_closed_path", "spend a card to remove the closed path {1}-{2} (1 VP)")
text_form("spend_card", "spend {c1}")


# -------------------------------------------------------------- movement core
def river_access(g: Game, s: int) -> int:
    """How s may use rivers now by the factions' rules (``FactionDef.river_access_for``):
    0 not at all, 1 as paths (11.2.7.II Riverboats), 2 as paths whoever rules either end
    (11.2.2 Swimmers): the best any faction's rule gives."""
    best = 0
    fdefs = g.fdefs
    for o in range(len(fdefs)):
        if fdefs[o].grants_rivers:
            best = max(best, fdefs[o].river_access_for(g, o, s))
    return best


def rivers_are_paths(g: Game, s: int, access: int = -1) -> bool:
    """Whether seat s treats rivers (the lake's links included, C.2.2) as paths now: by
    a faction's rule (``river_access``: 11.2.2 Swimmers, 11.2.7.II Riverboats), Boat
    Builders in its play area, or a grant for the rest of this turn
    (``grant_rivers_as_paths``). ``access``: river_access(g, s) if already known."""
    if (access if access >= 0 else river_access(g, s)) > 0:
        return True
    if g.deckdef.ep and "boat_builders" in g.played[s]:
        return True
    return bool(g.once) and RIVER_GRANTS[s] in g.once


def grant_rivers_as_paths(g: Game, s: int) -> None:
    """Seat s treats rivers as paths until the end of the current turn (11.2.7.II)."""
    g.once = g.once | {RIVER_GRANTS[s]}


def ignores_rule(g: Game, s: int) -> bool:
    """Whether s moves regardless of who rules the origin or destination (4.2.1):
    a faction's rule, or Corvid Planners ("while moving, you ignore rule")."""
    return g.fdefs[s].moves_ignore_rule or g.deckdef.ep and "corvid_planners" in g.played[s]


def move_table(g: Game, s: int, access: int = -1) -> tuple[tuple[int, ...], ...]:
    """Clearing -> the clearings s can reach from it in one ordinary move (4.2): open
    paths, rivers if s treats them as paths, and Tunnels. Not the Ferry (C.2.5, its own
    move). Shared and read only; ``g.adj`` itself when nothing is added. ``access``:
    river_access(g, s) if already known."""
    rivers = rivers_are_paths(g, s, access)
    tunnels = g.deckdef.ep and "tunnels" in g.played[s]
    if not rivers and not tunnels:
        return g.adj
    b = g.board
    table = g.adj
    if rivers:
        table = g.river_table()  # adjacency_with_rivers, for the closed paths now
        if b.burrow:  # 12.2.2 the Burrow's links too
            table = link_burrow(table, b.burrow, g.burrow_links())
    if not tunnels:
        return table
    return _with_tunnels(table, g.fdefs[s].crafting_clearings(g, s))


def _with_tunnels(table: tuple[tuple[int, ...], ...], linked: tuple[int, ...]
                  ) -> tuple[tuple[int, ...], ...]:
    """Tunnels (E&P): clearings holding the player's crafting pieces are adjacent for
    the player, to each other."""
    linked = tuple(dict.fromkeys(linked))  # a clearing may hold several of them
    if len(linked) < 2:
        return table
    out = list(table)
    for a in linked:
        extra = [b for b in linked if b != a and b not in table[a]]
        if extra:
            out[a] = tuple(sorted(table[a] + tuple(extra)))
    return tuple(out)


def move_links(g: Game, s: int, a: int) -> tuple[int, ...]:
    """The clearings s can reach from a in one ordinary move (see ``move_table``)."""
    return move_table(g, s)[a]


def river_linked(g: Game, a: int, b: int) -> bool:
    """Whether a river (or the lake, C.2.2) links a and b (2.3)."""
    return b in g.board.river_adj[a]


def needs_rule(g: Game, s: int, a: int, b: int) -> bool:
    """Whether a move of s from a to b must satisfy 4.2.1 You Must Rule."""
    if ignores_rule(g, s):
        return False
    return not (river_linked(g, a, b) and river_access(g, s) == 2)


def ferry_available(g: Game) -> bool:
    """C.2.5: the Ferry is on the map and has not moved this turn."""
    return g.ferry > 0 and FERRY_USED not in g.once


def ferry_destinations(g: Game, a: int) -> tuple[int, ...]:
    """C.2.5: the other coastal clearings, if pieces moving from a can take the Ferry
    now (it is in a and has not moved this turn); otherwise none. The Ferry's landmark
    card (Appendix F) says the same of any map's rivers: to a clearing a river links to
    a; the lake's links are rivers (C.2.2), so on the Lake these are the coastal ones."""
    if a != g.ferry or FERRY_USED in g.once:
        return ()
    return g.board.river_adj[a]


def take_ferry(g: Game, s: int, a: int, b: int) -> None:
    """C.2.5: the pieces of player s moved from a to b by the Ferry: the Ferry moves too
    (once per turn), then the moving player draws a card (before what the move
    triggers, rulings.md). Call after moving the pieces."""
    g.ferry = b
    g.once = g.once | {FERRY_USED}
    g.note("ferry", g.factions[s], a, b)
    g.push(("draw_cards", s, 1))


# --------------------------------------------------------------------- setup
def check_suits(b: Board, suits: Any) -> Any:
    """The suit layout asked for in setup (A.1), or ValueError naming the problem:
    "printed" (maps with printed suits), "random" (the 12 markers shuffled),
    "balanced" (a layout drawn among the most balanced ones), or 12 suits in clearing
    order, four of each (the markers). None: the map's default."""
    if suits is None:
        return None
    if isinstance(suits, str):
        if suits not in SUIT_MODES:
            raise ValueError(f"suits must be one of {', '.join(SUIT_MODES)} or a list of "
                             f"{len(b.clearings)} suits (A.1), not {suits!r}")
        if suits == "printed" and b.printed_suits is None:
            raise ValueError(f"the {b.name} map has no printed suits: use suit markers "
                             "(A.1: random, balanced or a list)")
        return suits
    layout = [str(x) for x in suits] if isinstance(suits, list | tuple) else []
    if len(layout) != len(b.clearings) or any(x not in SUITS for x in layout):
        raise ValueError(f"a suit layout lists {len(b.clearings)} suits (fox, rabbit, mouse), "
                         f"one per clearing in order (A.1): {suits!r}")
    for suit in SUITS:
        if layout.count(suit) != MARKERS_PER_SUIT:
            raise ValueError(f"A.1: the 12 suit markers are four of each suit; the layout "
                             f"has {layout.count(suit)} {suit}")
    return layout


def setup_map(g: Game) -> None:
    """A.1 Step 1: the map's Setup Modifications (C.2.1 the Ferry in the coastal corner;
    C.3.1 the closed path markers; the Tower on the Pass), then the suit markers."""
    b = g.board
    g.ferry = b.ferry_start
    g.closed = b.closed_at_setup
    g.adj = b.adj
    mode = g.setup.get("suits")
    if mode is None:
        mode = "printed" if b.printed_suits is not None else "random"
    if mode == "printed":
        assert b.printed_suits is not None
        g.suits = b.printed_suits
    elif mode == "random":  # shuffle the markers face down; one on each clearing
        markers = [suit for suit in SUITS for _ in range(MARKERS_PER_SUIT)]
        g.suits = ("",) + tuple(g.shuffle("suit_markers", markers))
    elif mode == "balanced":
        layouts = balanced_layouts(b)
        g.suits = ("",) + layouts[g.random_index("suit_layout", len(layouts))]
    else:
        g.suits = ("",) + tuple(str(x) for x in mode)
    if mode != "printed":
        g.note("suits", list(g.suits[1:]))  # public once dealt (A.1)
    if b.burrow:  # 12.2.2 the Burrow is unsuited
        g.suits = g.suits[:b.burrow] + ("",)


_BALANCED: Final[dict[str, tuple[tuple[str, ...], ...]]] = {}


def balanced_layouts(b: Board) -> tuple[tuple[str, ...], ...]:
    """Every layout of the 12 markers where opposite corners differ in suit and the
    fewest open paths join two clearings of one suit, in a fixed order (the same
    layouts the web map randomizer draws from, docs/web.md). Suits in clearing order."""
    found = _BALANCED.get(b.name)
    if found is not None:
        return found
    n = len(b.clearings)
    edges = [(x - 1, y - 1) for x, y in b.paths if (x, y) not in b.closed_at_setup]
    full = (1 << n) - 1
    groups = [sum(1 << i for i in c) for c in combinations(range(n), n // len(SUITS))]
    cost: dict[int, int] = {}
    for grp in groups:
        cost[grp] = sum(1 for x, y in edges if grp >> x & 1 and grp >> y & 1)
    corner_pairs = [(x - 1, y - 1) for x in b.corners for y in (b.opposite[x],) if x < y]
    best: list[tuple[int, int, int]] = []
    best_cost = len(edges) + 1
    for fox in groups:
        rest = [i for i in range(n) if not fox >> i & 1]
        for combo in combinations(rest, n // len(SUITS)):
            rabbit = sum(1 << i for i in combo)
            mouse = full ^ fox ^ rabbit
            total = cost[fox] + cost[rabbit] + cost[mouse]
            if total > best_cost:
                continue
            if _corner_clash((fox, rabbit, mouse), corner_pairs):
                continue
            if total < best_cost:
                best_cost = total
                best = []
            best.append((fox, rabbit, mouse))
    out = tuple(tuple(SUITS[k] for i in range(n) for k in range(3) if trio[k] >> i & 1)
                for trio in best)
    _BALANCED[b.name] = out
    return out


def _corner_clash(trio: tuple[int, int, int], corner_pairs: list[tuple[int, int]]) -> bool:
    for grp in trio:
        for x, y in corner_pairs:
            if grp >> x & 1 and grp >> y & 1:
                return True
    return False


# ------------------------------------------------------- C.3.3 closed paths
def daylight_options(g: Game, s: int) -> list[Option]:
    """C.3.3: once per turn in Daylight, a closed path with any of s's pieces in either
    of its clearings, if s has a card to spend."""
    closed = g.closed
    if not closed or PATH_REMOVED in g.once or not g.hands[s]:
        return []
    return [("remove_closed_path", a, b) for a, b in closed
            if g.has_any_piece(s, a) or g.has_any_piece(s, b)]


def apply_daylight_option(g: Game, s: int, o: Option) -> None:
    g.push(("maps.remove_closed_path", s, o[1], o[2]))


class RemoveClosedPath(Handler):
    """C.3.3 Removing Closed Paths: spend a card (any), remove the marker from the game
    and score one victory point. Args: (seat, clearing, clearing)."""

    name = "maps.remove_closed_path"
    kind = "spend_card"
    rule = "C.3.3"
    prompt = "Spend a card to remove the closed path"

    def options(self, g: Game, st: Step) -> list[Option]:
        return [("spend_card", c) for c in distinct(g.hands[st[1]])]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        s: int = st[1]
        path = pair(st[2], st[3])
        g.spend(s, o[1])
        g.once = g.once | {PATH_REMOVED}
        g.closed = tuple(p for p in g.closed if p != path)
        g.relink()
        g.note("path_opened", g.factions[s], path[0], path[1])
        g.score(s, PATH_VP, "closed_path")


# ----------------------------------------------------------- C.3.4 the Pass
def tower_at(g: Game) -> int:
    """C.3.4 the Pass: the clearing with the Tower (the Mountain's, C.3.1, or where its
    landmark card set it up, A.5); 0 if no Tower is on the map."""
    lm = g.landmarks
    return lm.tower if lm is not None else g.board.the_pass


def end_of_evening(g: Game, s: int) -> None:
    """C.3.4: at the end of a player's Evening, one VP if that player rules the Pass
    (the Tower's card says the same of its clearing on any map)."""
    p = tower_at(g)
    if p and g.rules(s, p):
        g.score(s, PASS_VP, "the_pass")


register_steps(RemoveClosedPath())
