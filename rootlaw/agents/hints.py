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
    EyrieState,
    card_suit,
    column_actions,
    recruit_amount,
    roost_sites,
    roosts_left,
    st_of,
    suit_ok,
)

if TYPE_CHECKING:
    from rootlaw.core.game import Game

TURMOIL = 3.0  # about what a turmoil costs: bird cards' VP, the Decree, the leader (7.7)


def eyrie(g: Game, s: int, o: Option) -> float:
    """7.4.2 / 7.7: an added Decree card with no way to resolve it now (the Law's Eyrie
    only: another rule set's has hints of its own or none)."""
    if o[0] != "decree" or not isinstance(g.fstate[s], EyrieState):
        return 0.0
    col = COLUMNS.index(o[2])
    suit = card_suit(g, o[1])
    column = st_of(g, s).decree[col]
    if col == 3:  # every build card needs a roost and a clearing of its own
        fits = _builds_fit(g, s, [*(card_suit(g, c) for c in column), suit])
    else:
        fits = _resolvable(g, s, col, suit) and (col > 0 or _recruits_fit(g, s, len(column) + 1))
    return 0.0 if fits else -TURMOIL


def eyrie_outlook(g: Game, s: int) -> float:
    """7.5.2, 7.7: the Decree cannot be resolved from here: turmoil ahead."""
    if not isinstance(g.fstate[s], EyrieState):
        return 0.0  # not the Law's Eyrie (the prototype's)
    suits = [[card_suit(g, c) for c in col] for col in st_of(g, s).decree]
    fits = (_recruits_fit(g, s, len(suits[0]))
            and all(_resolvable(g, s, col, suit)
                    for col, column in enumerate(suits[:3]) for suit in dict.fromkeys(column))
            and _builds_fit(g, s, suits[3]))
    return 0.0 if fits else -TURMOIL - sum(col.count("bird") for col in suits)  # 7.7.1


def _recruits_fit(g: Game, s: int, cards: int) -> bool:
    """7.5.2.I: every recruit card places warriors from the supply (two: 7.8.2
    Charismatic)."""
    return g.warrior_supply(s) >= recruit_amount(g, s) * cards


def _resolvable(g: Game, s: int, col: int, suit: str) -> bool:
    """A card of the suit in column ``col`` (recruit, move or battle) has an action now,
    or (battle) one move away."""
    if column_actions(g, s, col, suit):
        return True
    return col == 2 and _battle_one_move_away(g, s, suit)  # after the move column's march


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
    ruled: dict[str, int] = {}  # suit -> clearings open to a roost now
    near: dict[str, int] = {}  # suit -> clearings open to one once a move takes them
    for c in roost_sites(g, s):
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


def _battle_one_move_away(g: Game, s: int, suit: str) -> bool:
    """A battle card (7.5.2.III) with an enemy piece in a clearing of the suit next to the
    Eyrie's warriors: possible once the move column has brought them there."""
    foes = g.enemies(s)
    return any(suit_ok(g, suit, c) and any(g.warriors[s][a] for a in g.adjacent(c))
               and any(g.has_any_piece(f, c) for f in foes) for c in g.clearings())


HINTS: dict[str, Callable[[Game, int, Option], float]] = {"eyrie": eyrie}
OUTLOOKS: dict[str, Callable[[Game, int], float]] = {"eyrie": eyrie_outlook}


def hint(g: Game, s: int, o: Option) -> float:
    """The hint for seat s's option o in g (0 when its faction has none)."""
    fn = HINTS.get(g.factions[s])
    return fn(g, s, o) if fn is not None else 0.0
