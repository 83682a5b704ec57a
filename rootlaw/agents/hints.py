"""Faction hints: what a player of a faction knows an option will cost later.

The search's rollouts and the one-ply evaluation see what an option does now; some
options only bite later in the same turn. A hint is a VP-like nudge for such an
option, from the faction's own rules helpers (the agents layer reads the rules; the
rules know nothing of agents). A faction without hints gets 0 for every option.

- **Eyrie**: a card added to the Decree must be resolved this Daylight or the Eyrie
  falls into turmoil (7.5.2, 7.7: VP lost, the Decree purged, the leader deposed). A card
  is hinted at ``-TURMOIL`` when its column has no legal action for its suit now and
  none one move away (the move column resolves before battle and build): no roost of the
  suit to recruit at, no warriors in a clearing of the suit to move, no enemy piece in or
  next to the Eyrie's warriors to fight, no roost left or no open clearing of the suit
  it rules or can reach to build in (for every build card a clearing of its own, one
  move card for each clearing to reach, and a roost left on the track); and a recruit
  card the warrior supply cannot cover.

An *outlook* is the same knowledge applied to a position rather than an option: a
VP-like correction to what the position is worth, for what its faction's rules will
make of it beyond the search's horizon.

- **Eyrie**: the Decree as it stands must be resolved in the next Daylight (7.5.2): a
  card with no action for its suit and none one move away, a build column without a
  roost and a clearing for each card, or a recruit column the warrior supply cannot
  fill, means turmoil, worth ``-TURMOIL`` and the bird cards the Eyrie would lose VP
  for (7.7.1).
"""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from rootlaw.core.options import Option
from rootlaw.factions.eyrie import (
    COLUMNS,
    card_suit,
    column_actions,
    recruit_amount,
    roosts_left,
    st_of,
    suit_ok,
)

if TYPE_CHECKING:
    from rootlaw.core.game import Game

TURMOIL = 3.0  # about what a turmoil costs: bird cards' VP, the Decree, the leader (7.7)


def eyrie(g: Game, s: int, o: Option) -> float:
    """7.4.2 / 7.7: an added Decree card with no way to resolve it now."""
    if o[0] != "decree":
        return 0.0
    col = COLUMNS.index(o[2])
    suit = card_suit(g, o[1])
    if col == 3:  # every build card needs a roost and a clearing of its own
        column = [card_suit(g, c) for c in st_of(g, s).decree[3]]
        return 0.0 if _builds_fit(g, s, [*column, suit]) else -TURMOIL
    if not column_actions(g, s, col, suit) and not _one_move_away(g, s, col, suit):
        return -TURMOIL
    # 7.5.2.I: every recruit card places warriors from the supply (two: 7.8.2 Charismatic)
    if col == 0 and g.warrior_supply(s) < recruit_amount(g, s) * (len(st_of(g, s).decree[0]) + 1):
        return -TURMOIL
    return 0.0


def eyrie_outlook(g: Game, s: int) -> float:
    """7.5.2, 7.7: the Decree cannot be resolved from here: turmoil ahead."""
    decree = st_of(g, s).decree
    suits = [[card_suit(g, c) for c in col] for col in decree]
    birds = sum(col.count("bird") for col in suits)
    if g.warrior_supply(s) < recruit_amount(g, s) * len(decree[0]):  # 7.5.2.I
        return -TURMOIL - birds
    for col, column in enumerate(suits[:3]):
        for suit in dict.fromkeys(column):
            if not column_actions(g, s, col, suit) and not _one_move_away(g, s, col, suit):
                return -TURMOIL - birds
    return 0.0 if _builds_fit(g, s, suits[3]) else -TURMOIL - birds


def _builds_fit(g: Game, s: int, suits: list[str]) -> bool:
    """7.5.2.IV: each build card places a roost from the track in a clearing of its suit
    (birds: any) that has none and that the Eyrie rules: one it rules now, or one next
    to its warriors, each of those taken by a card of the move column first. So there
    must be a roost for every card, and clearings for them (Hall's condition: one suit's
    clearings serve that suit's cards and the bird cards alike)."""
    if not suits:
        return True
    if len(suits) > roosts_left(g, s):
        return False
    roosts = set(g.buildings_of(s, "roost"))
    ruled: dict[str, int] = {}  # suit -> clearings open to a roost now
    near: dict[str, int] = {}  # suit -> clearings open to one once a move takes them
    for c in g.clearings():
        if c in roosts or g.open_slots(c) <= 0 or not g.may_place(s, c):
            continue
        if g.rules(s, c):
            ruled[g.suits[c]] = ruled.get(g.suits[c], 0) + 1
        elif any(g.warriors[s][a] for a in g.adjacent(c)):
            near[g.suits[c]] = near.get(g.suits[c], 0) + 1
    moves = len(st_of(g, s).decree[1])
    short = 0  # clearings the move column must take for the suited cards
    for x in set(suits) - {"bird"}:
        lack = suits.count(x) - ruled.get(x, 0)
        if lack > near.get(x, 0):
            return False
        short += max(0, lack)
    return short <= moves and len(suits) <= sum(ruled.values()) + min(moves, sum(near.values()))


def _one_move_away(g: Game, s: int, col: int, suit: str) -> bool:
    """Battle or build (7.5.2.III-IV) in a clearing of the suit next to the Eyrie's
    warriors: possible once the move column has brought them there."""
    if col < 2 or (col == 3 and roosts_left(g, s) <= 0):
        return False  # 7.5.2.IV: no roost left to build
    roosts = set(g.buildings_of(s, "roost"))
    foes = g.enemies(s)
    for c in g.clearings():
        if not suit_ok(g, suit, c) or not any(g.warriors[s][a] for a in g.adjacent(c)):
            continue
        if col == 2 and any(g.has_any_piece(f, c) for f in foes):
            return True
        if col == 3 and c not in roosts and g.open_slots(c) > 0 and g.may_place(s, c):
            return True
    return False


HINTS: dict[str, Callable[[Game, int, Option], float]] = {"eyrie": eyrie}
OUTLOOKS: dict[str, Callable[[Game, int], float]] = {"eyrie": eyrie_outlook}


def hint(g: Game, s: int, o: Option) -> float:
    """The hint for seat s's option o in g (0 when its faction has none)."""
    fn = HINTS.get(g.factions[s])
    return fn(g, s, o) if fn is not None else 0.0
