"""Placing and removing pieces on the map, with the index and rule caches kept in step."""
from __future__ import annotations

from typing import TYPE_CHECKING

from rootlaw.core.clearings import Clearings
from rootlaw.core.faction_api import (
    FACTIONS,
)
from rootlaw.core.seats import sharer_seat
from rootlaw.core.state import FOREST, Piece

if TYPE_CHECKING:
    from rootlaw.core.game import Game


class Pieces(Clearings):
    """Placing and removing pieces (a layer of ``Game``)."""

    __slots__ = ()

    def place_warriors(self, s: int, c: int, n: int) -> int:
        """Place up to n warriors from supply (1.5.4: as many as possible)."""
        me: Game = self  # type: ignore[assignment]  # a layer of Game
        n = min(n, self.warrior_supply(s))
        if n > 0:
            self.warriors[s][c] = self.warriors[s][c] + n
            self.pieces_changed(c)
            fd = self.odef(s)  # a seat's faction or a hireling (Appendix E)
            if fd.draws_warriors:  # BK.2.3 The Bag: drawn once the place is declared
                fd.warriors_placed(me, s, c, n)
        return n

    def place_building(self, s: int, kind: str, c: int) -> None:
        piece = (s, kind)
        self.buildings[c] = self.buildings[c] + (piece,)
        self._index_add(piece, c)
        self.pieces_changed(c)
        lm = self.landmarks
        if lm is not None and lm.treetop == c:  # the Elder Treetop's slot fills last
            self.landmarks = lm.building_placed(piece, len(self.buildings[c]) - 1,
                                                self.board.slots[c])

    def place_token(self, s: int, kind: str, c: int) -> None:
        piece = (s, kind)
        if c >= FOREST:  # a forest (15.2.1 relics): no rule, no links there
            i = c - FOREST
            self.forest_tokens[i] = self.forest_tokens[i] + (piece,)
            self._index_add(piece, c)
            return
        self.tokens[c] = self.tokens[c] + (piece,)
        self._index_add(piece, c)
        if 0 <= s < len(self.token_rule) and self.token_rule[s]:
            self.pieces_changed(c)  # Soup Kitchens: the token counts toward rule
        if self.board.burrow and 0 <= s < len(self.fdefs) and kind == self.fdefs[s].burrow_token:
            self.relink()  # 12.2.2 a tunnel: the Burrow is adjacent to its clearing

    def take_piece(self, c: int, piece: Piece) -> None:
        """Remove one building or token from a clearing or a forest (FOREST + index) (to
        its supply or track, G.1.22)."""
        self._index_remove(piece, c)
        if c >= FOREST:
            lst = list(self.forest_tokens[c - FOREST])
            lst.remove(piece)
            self.forest_tokens[c - FOREST] = tuple(lst)
            return
        if piece in self.buildings[c]:
            lst = list(self.buildings[c])
            lst.remove(piece)
            self.buildings[c] = tuple(lst)
            self.pieces_changed(c)
            lm = self.landmarks
            if lm is not None and lm.treetop == c:  # the Treetop's building leaving?
                self.landmarks = lm.building_taken(piece, lst.count(piece))
        else:
            lst = list(self.tokens[c])
            lst.remove(piece)
            self.tokens[c] = tuple(lst)
            owner = piece[0]
            if 0 <= owner < len(self.token_rule) and self.token_rule[owner]:
                self.pieces_changed(c)
            if (self.board.burrow and 0 <= owner < len(self.fdefs)
                    and piece[1] == self.fdefs[owner].burrow_token):
                self.relink()  # 12.2.2 a tunnel gone: no longer adjacent to the Burrow

    def set_faction(self, s: int, faction: str) -> None:
        """A.8.2: the player in seat s takes ``faction`` (its pieces, board and state);
        with the Burrow (12.3.2) the map gains it."""
        fd = FACTIONS[faction]
        i = s
        self.factions = self.factions[:i] + (faction,) + self.factions[i + 1:]
        self.fdefs = self.fdefs[:i] + (fd,) + self.fdefs[i + 1:]
        self.fstate[i] = fd.new_state()
        self.shares = sharer_seat(self.fdefs) >= 0
        if fd.burrow_token and not self.board.burrow:
            self._add_burrow()

