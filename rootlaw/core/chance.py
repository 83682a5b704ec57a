"""Dice, shuffles and the deck: every random result passes here.

A result queued in ``forced`` (tests, Rootlog replays) replaces the random one.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rootlaw.core import rng as _rng
from rootlaw.core.catalog import (
    Card,
)
from rootlaw.core.options import listed
from rootlaw.core.seats import Seats
from rootlaw.core.state import EVENING_DRAWN

if TYPE_CHECKING:
    from rootlaw.core.game import Game


class Chance(Seats):
    """Dice, shuffles and the deck (a layer of ``Game``)."""

    __slots__ = ()

    # ------------------------------------------------------------- randomness
    def _forced(self, kind: str) -> list[Any] | None:
        """The queued forced result for ``kind`` (tests, replays), taken and logged."""
        forced = self.forced
        if forced and forced[0][0] == kind:
            entry = forced.pop(0)
            self._log = (("f", kind, entry[1]), self._log)  # forced: replays force it again
            return entry
        return None

    def _drawn(self, kind: str, value: Any) -> None:
        self._log = (("r", kind, value), self._log)

    def _below(self, n: int) -> int:
        self.rng, x = _rng.next_below(self.rng, n)
        return x

    def random_index(self, kind: str, n: int) -> int:
        """Every random result is forced (tests) or drawn, and logged."""
        entry = self._forced(kind)
        if entry is None:
            value = self._below(n)
            self._drawn(kind, value)
            return value
        value = entry[1]
        if not isinstance(value, int) or not 0 <= value < n:
            raise ValueError(f"forced {kind} result {value} out of range 0..{n - 1}")
        return value

    def roll_dice(self) -> tuple[int, int]:
        """4.3.2: two dice, faces 0-3 each."""
        entry = self._forced("dice")
        if entry is None:
            x, y = self._below(4), self._below(4)
            self._drawn("dice", [x, y])
            return x, y
        return int(entry[1][0]), int(entry[1][1])

    def shuffle(self, kind: str, cards: list[str]) -> list[str]:
        entry = self._forced(kind)
        if entry is None:
            out = cards[:]
            self.rng = _rng.shuffle(self.rng, out)  # each place from the last: _below(i + 1)
            self._drawn(kind, out)
            return out[:]
        value = [str(x) for x in entry[1]]
        if sorted(value) != sorted(cards):
            raise ValueError(f"forced {kind} is not a permutation of the cards")
        return value

    def force(self, kind: str, value: Any) -> None:
        """Queue a random result (tests): the next ``kind`` draw returns ``value``."""
        self.forced.append([kind, value])

    # ------------------------------------------------------------------ cards
    def card(self, card_id: str) -> Card:
        return self.deckdef.cards[card_id]

    def suit_of(self, card_id: str) -> str:
        return self.deckdef.cards[card_id].suit

    def draw(self, s: int, n: int = 1) -> None:
        """2.1: draw from the top of the deck (as many as possible, 1.5.4). A bot has no
        hand (Rootbotics 2.8.1): it draws nothing (rulings.md)."""
        if not self.fdefs[s].has_hand:
            return
        hand = self.hands[s]
        for _ in range(n):
            card = self.draw_card()
            if card is None:
                return  # the discard pile is empty too
            hand.append(card)
            if self.phase == "evening" and s == self.turn_seat:
                self._drew_in_evening()

    def _drew_in_evening(self) -> None:
        """Mark the current player's first Evening draw, where a rule needs it (13.2.4)."""
        if EVENING_DRAWN not in self.once and self.offers_anytime():
            self.once = self.once | {EVENING_DRAWN}

    def offers_anytime(self) -> bool:
        """Whether a faction here has a rule usable anytime on another player's turn
        (``FactionDef.anytime_options``, 13.2.4 Exposure)."""
        if self.hooks().anytime:
            return True
        lm = self.landmarks  # the Black Market: "once during their turn" (rulings.md)
        if lm is not None and lm.market:
            return True
        hire = self.hire  # a hireling's ability any player may use on its turn (the Exile)
        return hire is not None and hire.anytime

    def draw_card(self) -> str | None:
        """Take the top card of the deck (2.1), e.g. a bot's order card (Rootbotics 2.7)."""
        self.refill_deck()
        if not self.deck:
            return None
        card = self.deck.pop()
        self.refill_deck()
        return card

    def refill_deck(self) -> None:
        """2.1: if the deck is ever empty, shuffle the discard pile immediately to form a
        new deck (so cards discarded later stay in the discard pile)."""
        if not self.deck and self.discard:
            self.deck = self.shuffle("reshuffle", self.discard)
            self.discard = []

    def discard_card(self, card_id: str) -> None:
        """G.1.5: discard a card spent or discarded by any player; a faction's rule may
        take it instead (10.2.6 The Lost Souls Pile)."""
        me: Game = self  # type: ignore[assignment]  # a layer of Game
        for s, fd in enumerate(self.fdefs):
            if fd.catches_discards and fd.catch_discard(me, s, card_id):
                return
        self.to_discard_pile(card_id)

    def to_discard_pile(self, card_id: str) -> None:
        """Put a card on the discard pile; a dominance card goes near the map (3.3.3)."""
        if self.deckdef.cards[card_id].kind == "dominance":
            self.available.append(card_id)
        else:
            self.discard.append(card_id)

    def spend(self, s: int, card_id: str) -> None:
        """Take a card from the hand and discard it (G.1.29)."""
        self.hands[s].remove(card_id)
        self.discard_card(card_id)

    def cards_matching(self, s: int, suit: str) -> list[str]:
        """Distinct cards in hand that can be spent as ``suit`` (2.1.1 birds are wild;
        2.1.1.II a bird prompt takes only birds)."""
        out: list[str] = []
        cards = self.deckdef.cards
        for cid in self.hands[s]:
            cs = cards[cid].suit
            if (cs == suit or cs == "bird") and not listed(out, cid):  # each card once
                out.append(cid)
        return out

