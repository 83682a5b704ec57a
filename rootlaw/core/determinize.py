"""Determinization: games one seat cannot tell from the real one.

A search agent may not look at the real game: other hands, the deck order, face-down
quests and ruin items, the Alliance's supporters (and, through the ``hidden`` hook of
``FactionDef``, whatever a faction keeps face down) and the random generator's state
are secrets (1.2; DESIGN.md, hidden information). ``Sampler(game, seat)`` takes what
the seat may know and, on each ``sample()``, returns a complete Game in which every
secret is drawn again at random from what is possible for that seat:

- the cards the seat cannot see (other hands, the deck, the Black Market's face-down
  cards, face-down cards reported by the factions' ``hidden`` hook) are pooled and
  dealt again, each place keeping its size; cards the seat saw in a hand
  (Codebreakers, an Outrage shown hand: ``g.peeks``) and that it cannot see anywhere
  now are dealt back to that hand first;
- the quest deck and the items under the ruins are shuffled (each ruin keeps its
  number of items); any other pool a faction reports is shuffled among its values;
- the sample gets its own random generator, an empty record and no seed, and keeps
  only the seat's own peeks, so nothing in it leads back to the real secrets;
- the pending decision is asked again in the sample, of the same seat by the same step,
  with options worked out from the sample: a sample where that seat would have had no
  choice is drawn again (forced steps resolve themselves, so being asked tells that
  much), and so is one where the deciding seat is this seat and its options differ
  from the real ones (they may show what it saw, e.g. the items under a ruin).

The Sampler never keeps the real game: at construction it copies it with every secret
replaced by a sorted arrangement of the unseen values (``_base``), and deals from that.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Final

from rootlaw.core import rng as _rng
from rootlaw.core.errors import RootlawError
from rootlaw.core.options import Option
from rootlaw.core.steps import STEPS

if TYPE_CHECKING:
    from mypy_extensions import i64

    from rootlaw.core.game import Game

CARDS: Final = "cards"  # the pool of the shared deck's cards (hands, deck, face-down cards)
QUESTS: Final = "quests"
RUIN_ITEMS: Final = "ruin_items"
MAX_TRIES: Final = 2000  # samples drawn before giving up on matching the seat's options


class DeterminizationError(RootlawError):
    """No sample matched what the seat knows (the pending options) in MAX_TRIES draws."""


class Sampler:
    """Draws games consistent with everything seat ``seat`` knows in ``g``."""

    seat: int
    faction: str
    tries: int  # samples drawn so far, rejected ones included
    _base: Game
    _state: i64  # the samples' own random state (core/rng.py)
    _pools: dict[str, list[str]]  # pool -> unseen values (sorted), pinned cards excluded
    _hand_sizes: list[int]  # per seat: cards to deal into the hand, -1 if not resampled
    _pinned: list[list[str]]  # per seat: cards the seat saw in that hand, dealt back first
    _deck_size: int
    _market: int  # the Black Market's face-down cards (Appendix F)
    _hooked: list[dict[str, int]]  # per seat: pool -> how many values its hook holds
    _ruins: list[int]  # per clearing: items under its ruin
    _options: list[Option] | None  # the seat's own pending options, which samples keep

    def __init__(self, g: Game, seat: int | str, seed: int = 0) -> None:
        me = seat if isinstance(seat, int) else g.seat_of(seat)
        self.seat = me
        self.faction = g.factions[me]
        self.tries = 0
        self._state = _rng.seed_state(seed)
        d = g.decision
        self._options = list(d.options) if d is not None and d.seat == self.faction else None
        b = g.copy()
        b._log = None
        b.forced = []
        b.rng = 0
        setup = dict(g.setup)
        setup["seed"] = None  # the seed would rebuild the real deck
        b.setup = setup
        mine = g.peeks.get(me)
        b.peeks = {me: {t: list(h) for t, h in mine.items()}} if mine is not None else {}
        b._options = None
        n = len(g.factions)
        cards: list[str] = []
        self._hand_sizes = [-1] * n
        for o in range(n):  # a public hand (11.2.3) is known: kept as it is
            if o != me and g.fdefs[o].has_hand and not g.fdefs[o].public_hand:
                self._hand_sizes[o] = len(g.hands[o])
                cards.extend(g.hands[o])
        self._deck_size = len(g.deck)
        cards.extend(g.deck)
        lm = g.landmarks  # the Black Market's face-down cards: nobody's (Appendix F)
        self._market = len(lm.market_cards) if lm is not None else 0
        if lm is not None:
            cards.extend(lm.market_cards)
        pools: dict[str, list[str]] = {CARDS: cards}
        self._hooked = []
        for o in range(n):
            held = g.fdefs[o].hidden(g, o, me)
            sizes: dict[str, int] = {}
            for name, values in held.items():
                sizes[name] = len(values)
                if name not in pools:
                    pools[name] = []
                pools[name].extend(values)
            self._hooked.append(sizes)
        pools[QUESTS] = list(g.quest_deck)
        ruins: list[str] = []
        self._ruins = [0] * len(g.ruin_items)
        for c in range(len(g.ruin_items)):
            self._ruins[c] = len(g.ruin_items[c])
            ruins.extend(g.ruin_items[c])
        pools[RUIN_ITEMS] = ruins
        self._pinned = [[] for _ in range(n)]
        if mine is not None:
            left = _counts(cards)
            for t, seen in mine.items():
                if self._hand_sizes[t] < 0:
                    continue
                pin: list[str] = []
                for cid in seen:
                    if len(pin) < self._hand_sizes[t] and left.get(cid, 0) > 0:
                        left[cid] = left[cid] - 1
                        pin.append(cid)
                self._pinned[t] = pin
            free: list[str] = []
            for cid in sorted(left):
                free.extend([cid] * left[cid])
            pools[CARDS] = free
        for name in pools:
            pools[name].sort()
        self._pools = pools
        self._deal(b, pools)  # the base holds a sorted arrangement: no secret in it
        self._base = b

    def unseen(self, pool: str = CARDS) -> list[str]:
        """The values of a pool the seat cannot place (sorted; pinned cards excluded)."""
        return list(self._pools.get(pool, []))

    def sample(self) -> Game:
        """A new game consistent with what the seat knows, secrets drawn at random."""
        for _ in range(MAX_TRIES):
            self.tries += 1
            g = self._base.copy()
            self._state, g.rng = _rng.next_state(self._state)
            shuffled: dict[str, list[str]] = {}
            for name, values in self._pools.items():
                shuffled[name] = self._shuffle(values)
            self._deal(g, shuffled)
            if g.won:
                return g
            # the same step decides, by the same seat; its options come from the sample
            st = g.stack[-1]
            h = STEPS[st[0]]
            opts = h.options(g, st)
            if len(opts) < 2:  # the seat was asked, so it had a choice (forced steps run)
                continue
            mine = self._options
            if mine is not None and not _same(opts, mine):
                continue
            g.set_decision(st, opts)
            return g
        raise DeterminizationError(f"no sample for {self.faction} matches its options "
                                   f"in {MAX_TRIES} draws")

    def samples(self, n: int) -> list[Game]:
        return [self.sample() for _ in range(n)]

    # ------------------------------------------------------------------ inside
    def _shuffle(self, values: list[str]) -> list[str]:
        out = values[:]
        self._state = _rng.shuffle(self._state, out)
        return out

    def _deal(self, g: Game, pools: dict[str, list[str]]) -> None:
        """Put the pools' values into the hidden places, in a fixed order."""
        taken: dict[str, int] = {}
        for name in pools:
            taken[name] = 0
        cards = pools[CARDS]
        k = 0
        for o in range(len(self._hand_sizes)):
            size = self._hand_sizes[o]
            if size < 0:
                continue
            pin = self._pinned[o]
            hand = pin[:]
            more = size - len(pin)
            hand.extend(cards[k:k + more])
            k += more
            g.hands[o] = hand
        g.deck = cards[k:k + self._deck_size]
        k += self._deck_size
        lm = g.landmarks
        if lm is not None:
            market = lm.copy()
            market.market_cards = tuple(sorted(cards[k:k + self._market]))
            g.landmarks = market
            k += self._market
        taken[CARDS] = k
        for o in range(len(self._hooked)):
            sizes = self._hooked[o]
            if not sizes:
                continue
            values: dict[str, list[str]] = {}
            for name, m in sizes.items():
                at = taken[name]
                values[name] = pools[name][at:at + m]
                taken[name] = at + m
            g.fdefs[o].set_hidden(g, o, self.seat, values)
        g.quest_deck = pools[QUESTS][:]
        items = pools[RUIN_ITEMS]
        at = 0
        ruin_items = g.ruin_items[:]
        for c in range(len(self._ruins)):
            m = self._ruins[c]
            if m:
                ruin_items[c] = tuple(items[at:at + m])
                at += m
        g.ruin_items = ruin_items


def determinize(g: Game, seat: int | str, seed: int = 0) -> Game:
    """One game consistent with what ``seat`` knows in ``g`` (see Sampler)."""
    return Sampler(g, seat, seed).sample()


def _counts(values: list[str]) -> dict[str, int]:
    out: dict[str, int] = {}
    for v in values:
        out[v] = out.get(v, 0) + 1
    return out


def _same(a: list[Option], b: list[Option]) -> bool:
    """The same options, in any order."""
    if len(a) != len(b):
        return False
    return set(a) == set(b)
