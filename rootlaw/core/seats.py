"""The seats and the owners of pieces: whose enemy each is, who plays for whom.

Hirelings (Appendix E), coalitions (9.2.8) and warriors shared for all intents (BK.2.4).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from rootlaw.core.faction_api import (
    FactionDef,
)
from rootlaw.core.state import GameState, SeatHooks


def sharer_seat(fdefs: tuple[FactionDef, ...]) -> int:
    """The seat of a faction that lends warriors for all intents (BK.2.4), or -1."""
    for s in range(len(fdefs)):
        if fdefs[s].shares_warriors:
            return s
    return -1


if TYPE_CHECKING:
    from rootlaw.core.game import Game


class Seats(GameState):
    """The seats and the owners of pieces (a layer of ``Game``)."""

    __slots__ = ()

    def hooks(self) -> SeatHooks:
        """The seats whose rules ``may_move``, ``may_place`` and ``offers_anytime`` ask."""
        h = self._hooks
        if h.fdefs is not self.fdefs:
            h = self._hooks = SeatHooks(self.fdefs)
        return h

    # ------------------------------------------------------ owners (Appendix E)
    def odef(self, o: int) -> FactionDef:
        """The rules of owner o: a seat's faction, or the side in play of a hireling
        card (owners after the seats, core/hired.py)."""
        fdefs = self.fdefs
        if o < len(fdefs):
            return fdefs[o]
        hire = self.hire
        if hire is None:
            raise IndexError(f"no owner {o}: {len(fdefs)} seats and no hirelings")
        return hire.defs[o - len(fdefs)]

    def player_of(self, o: int) -> int:
        """The player acting for owner o: o itself for a seat; a hireling's controller
        (-1 while it is in the supply). E.3.7: moving or removing with a hireling is
        its controller's "player moving" or "player removing"."""
        n = len(self.fdefs)
        if o < n:
            return o
        hire = self.hire
        return hire.controller[o - n] if hire is not None and o - n < len(hire.ids) else -1

    def owner_name(self, o: int) -> str:
        """A seat's faction id, a hireling's card id, "ruin" for the ruins (-1)."""
        if o < 0:
            return "ruin"
        n = len(self.factions)
        if o < n:
            return self.factions[o]
        hire = self.hire
        if hire is None:
            raise IndexError(f"no owner {o}")
        return hire.ids[o - n]

    def is_hireling(self, o: int) -> bool:
        """Whether owner o is a hireling (an owner after the seats)."""
        return o >= len(self.fdefs)

    def enemy_owners(self, s: int) -> list[int]:
        """G.1.8 and G.1.9: the owners whose pieces are enemy pieces to s: its enemy
        players (``enemies``) and the hirelings in the supply or held by an enemy of s
        (E.3.2). For rules about enemy *pieces*; rules about enemy players (their hands,
        relationships) ask ``enemies``. s may be a hireling (its controller's enemies,
        less itself)."""
        n = len(self.fdefs)
        hire = self.hire
        if hire is None:
            return self.enemies(s)
        me = self.player_of(s)
        out = self.enemies(me) if me >= 0 else [o for o in range(n)]
        for k in range(len(hire.ids)):
            if n + k != s and self.is_enemy(s, n + k):
                out.append(n + k)
        return out

    # ------------------------------------------- whose pieces (G.1.8, G.1.9, G.1.33)
    def treated_as_own_by(self, o: int) -> int:
        """G.1.33 Treat: the seat that treats o's warriors as its own now, or -1. The one
        place the core learns that pieces are lent; every "enemy", "rule" and "your
        pieces" check reads it through the helpers below, never on its own:

        - rule (2.5, ``_ruler_at``): the warriors count for the seat treating them as its
          own, not for their owner (rulings.md, 11.2.7.III); a tie-breaker that needs a
          piece of the faction (7.2.2) still asks ``has_any_piece``, which they are not;
        - enemy pieces (G.1.9): ``enemy_warriors`` and ``has_enemy_piece`` leave them out
          for that seat (Favors, Propaganda Bureau, Oppress...); their owner stays an
          enemy player (G.1.8, ``enemies``, ``is_enemy``) and they stay its faction pieces
          (``has_any_piece``, ``faction_pieces``: Field Hospitals, Sway, Oppress's
          "Hundreds piece");
        - battle: ``lender_to`` (11.2.7.III, core/battle.py), never against their owner.

        A seated faction lends through ``FactionDef.lends_warriors_to`` (11.2.7.III
        Mercenaries: the buyer, in its Daylight and Evening); with no such faction seated
        (``lends_warriors`` unset) this costs one attribute read. Later lenders plug in
        here: a hireling's controller treats its pieces as its own for rule only (E.3.1;
        E.3.2 makes an uncontrolled hireling everyone's enemy), and the Crusader Borough
        Kings' Mice Mischief (BK.2.4) lends its mice to the player taking the turn for all
        intents, not for rule alone: see ``borrowed``."""
        me: Game = self  # type: ignore[assignment]  # a layer of Game
        fdefs = self.fdefs
        if o >= len(fdefs):  # E.3.1: a hireling's controller, for rule only
            return self.player_of(o)
        fd = fdefs[o]
        if not fd.lends_warriors:
            return -1
        s = fd.lends_warriors_to(me, o)
        return s if s != o else -1

    def sharer(self) -> int:
        """The seat of a faction whose warriors the other players treat as their own for
        all intents on their turns (BK.2.4, ``borrowed``), or -1: one identity check once
        worked out for the seating (``shares`` first: without one, one attribute read)."""
        if not self.shares:
            return -1
        if self._sharer_of is not self.fdefs:
            self._sharer = sharer_seat(self.fdefs)
            self._sharer_of = self.fdefs
        return self._sharer

    def borrowed(self, r: int, c: int) -> int:
        """How many of the warriors in seat r's row in c are another faction's, lent for
        all intents (Crusader BK.2.4 Mice Mischief: "opponents treat MICE warriors in
        clearings as their own faction pieces for all intents during their own turn").

        Such warriors are not lent like mercenaries (counted for the borrower where it
        asks, ``treated_as_own_by``): for the borrower's turn they stand in its own row
        (``FactionDef.lend_for_turn``, at the start and the end of each turn), so every
        rule, enemy, move, battle and "your warriors" check of every faction and bot sees
        them as the borrower's without asking. Only what stays their owner's reads them
        here: the borrower's supply and its owner's (``warrior_supply``), which of them
        leave when some of the row moves or is removed (core/move.py: the mover or the
        side taking hits chooses; otherwise the lent ones go first, rulings.md), and where
        a removed one returns (its owner's supply). The owner's own row on its own turn
        counts too (r == ``sharer``: its mice among its rats). 0 when no faction lends so
        (``sharer`` -1: one comparison)."""
        me: Game = self  # type: ignore[assignment]  # a layer of Game
        sh = self.sharer()
        if sh < 0 or r >= len(self.fdefs):  # no lending; a hireling's row (Appendix E)
            return 0
        return self.fdefs[sh].shared_warriors(me, sh, r, c)

    def borrowed_total(self, r: int) -> int:
        """Warriors in r's row that another faction lent it for all intents (BK.2.4):
        what r's own count of warriors on the map leaves out (``borrowed``)."""
        me: Game = self  # type: ignore[assignment]  # a layer of Game
        sh = self.sharer()
        if sh < 0 or sh == r:
            return 0
        return self.fdefs[sh].shared_supply(me, sh, r)

    def lender_to(self, s: int) -> int:
        """The seat whose warriors s treats as its own now (G.1.33; 11.2.7.III
        Mercenaries), or -1."""
        for o, fd in enumerate(self.fdefs):
            if fd.lends_warriors and self.treated_as_own_by(o) == s:
                return o
        return -1

    def is_enemy(self, s: int, o: int) -> bool:
        """G.1.8: o is another player not in a coalition with s (9.2.8). Either may be a
        hireling (E.3.2): a hireling in the supply is everyone's enemy; a controlled one
        is an enemy of all but its controller and the controller's coalition partner
        (and hirelings of one controller are not enemies of each other)."""
        co = self.coalition
        n = len(co)
        if o < n and s < n:
            return o != s and co[o] != s and co[s] != o
        if o == s:
            return False
        ps = self.player_of(s)
        po = self.player_of(o)
        if ps < 0 or po < 0:
            return True
        return ps != po and co[po] != ps and co[ps] != po

    def enemy_warriors(self, s: int, o: int, c: int) -> int:
        """G.1.9: o's warriors in c that are enemy pieces to s (o an enemy of s, G.1.8):
        none while s treats them as its own for rule (G.1.33, ``treated_as_own_by``: a
        hireling s controls, E.3.1)."""
        n = self.warriors[o][c]
        if n:
            fdefs = self.fdefs
            if o >= len(fdefs):
                if self.player_of(o) == s:
                    return 0
            elif fdefs[o].lends_warriors and self.treated_as_own_by(o) == s:
                return 0
        return n

    def has_enemy_piece(self, s: int, o: int, c: int) -> bool:
        """G.1.9: whether o, an enemy of s (G.1.8), has an enemy piece in c: warriors s
        does not treat as its own (G.1.33), a pawn, buildings or tokens."""
        if self.enemy_warriors(s, o, c) or self.pawn[o] == c:
            return True
        for p in self.buildings[c]:
            if p[0] == o:
                return True
        for p in self.tokens[c]:
            if p[0] == o:
                return True
        return False

    def can_fight_in(self, s: int, c: int) -> bool:
        """4.3: s has warriors or a pawn in c."""
        return bool(self.warriors[s][c]) or self.pawn[s] == c

    def enemies(self, s: int) -> list[int]:
        """G.1.8: every other player not in a coalition with s (9.2.8)."""
        co = self.coalition
        mine = co[s]
        out: list[int] = []
        for o in range(len(co)):  # without a coalition: every other seat
            if o != s and mine != o and co[o] != s:
                out.append(o)
        return out

    def seat_of(self, faction: str) -> int:
        """The seat of a faction, or of a seat name (``seat3``) in a drafted game (A.8.2:
        a seat keeps its name after its player chose a faction)."""
        factions = self.factions
        for i in range(len(factions)):  # a loop: tuple.index is a method call by name
            if factions[i] == faction:
                return i
        if self.adv is not None and faction in self.adv.names:
            return self.adv.names.index(faction)
        hire = self.hire  # a hireling's card id (options naming it: battle)
        if hire is not None and faction in hire.ids:
            return len(self.factions) + hire.ids.index(faction)
        raise ValueError(f"{faction!r} is not seated in this game")

    def same_seat(self, a: str, b: str) -> bool:
        """Whether two names are one seat: a faction, or in a drafted game the seat's name
        before its player chose (``seat2``, A.8.2)."""
        if a == b:
            return True
        if self.adv is None:
            return False
        try:
            return self.seat_of(a) == self.seat_of(b)
        except ValueError:
            return False

    def seat_key(self, name: str) -> str:
        """The name a seat keeps for the whole game: its faction, or in a drafted game
        the name it had before its player chose (``seat1``...). Clients key seats by it."""
        a = self.adv
        return a.names[self.seat_of(name)] if a is not None else name

    def current_id(self, name: str) -> str:
        """The id a seat goes by now (its faction, once drafted)."""
        return self.factions[self.seat_of(name)]

    def others(self, s: int) -> list[int]:
        """Every other seat, in seat order."""
        return [o for o in range(len(self.factions)) if o != s]

