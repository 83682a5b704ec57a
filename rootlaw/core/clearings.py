"""The map as the rules read it: paths, rule (2.5), slots, suits, placement and moves."""
from __future__ import annotations

from typing import TYPE_CHECKING

from rootlaw.core.catalog import (
    adjacency,
    adjacency_with_rivers,
    board,
    link_burrow,
)
from rootlaw.core.chance import Chance
from rootlaw.core.hired import Hire
from rootlaw.core.options import distinct
from rootlaw.core.state import _CLEARING_SUITS, _ONE_SUIT, total

if TYPE_CHECKING:
    from rootlaw.core.game import Game


class Clearings(Chance):
    """The map as the rules read it (a layer of ``Game``)."""

    __slots__ = ()

    def river_table(self) -> tuple[tuple[int, ...], ...]:
        """Clearing -> the clearings one move away along open paths and rivers (2.3, for
        a player who treats rivers as paths; not the Burrow's links): worked out once
        for each set of closed paths (``closed`` is replaced, never changed in place)."""
        if self._rclosed is not self.closed:
            b = self.board
            self._rtable = adjacency_with_rivers(len(b.clearings), b.paths, self.closed,
                                                 b.rivers)
            self._rclosed = self.closed
        return self._rtable

    # ------------------------------------------------------------------- map
    def clearings(self) -> tuple[int, ...]:
        """The map's clearing numbers, 1..12 (a constant tuple: iterating it is cheap).
        Not the Burrow (12.2.2: off the map, unsuited): see ``all_clearings``."""
        return self.board.clearings

    def all_clearings(self) -> tuple[int, ...]:
        """Every clearing: the map's and the Burrow (12.2.2) when a faction has one (it
        is numbered ``board.burrow``, after the map's). For rules about any clearing
        whatever its suit (moving, Royal Claim); the map's alone: ``clearings``."""
        return self.board.all_clearings

    def relink(self) -> None:
        """Work out ``adj`` again: the map's open paths (2.2.1, C.3.2), and the Burrow's
        links to each clearing with a tunnel (12.2.2). Called when a path opens (C.3.3)
        and when a tunnel is placed or removed (``place_token``, ``take_piece``)."""
        b = self.board
        adj = adjacency(len(b.clearings), b.paths, self.closed)
        if b.burrow:
            adj = link_burrow(adj, b.burrow, self.burrow_links())
        self.adj = adj

    def burrow_links(self) -> tuple[int, ...]:
        """12.2.2: the clearings adjacent to the Burrow (those with its owner's
        ``FactionDef.burrow_token``), in order; () without a Burrow."""
        fdefs = self.fdefs
        for s in range(len(fdefs)):
            token = fdefs[s].burrow_token
            if token:
                return self.piece_clearings(s, token)
        return ()

    def adjacent(self, c: int) -> tuple[int, ...]:
        """2.2.1: the clearings adjacent to c now (C.3.2: not across a closed path).
        Moving can reach more (rivers, Tunnels, the Ferry): see ``core.maps``."""
        return self.adj[c]

    def rules(self, s: int, c: int) -> bool:
        """2.5 Rule (see ``rulers``)."""
        r = self._rulers
        if r is None:
            r = self._rulers = self._compute_rulers()
        return r[c] == s

    def rulers(self) -> list[int]:
        """Who rules each clearing (a seat, or -1), indexed by clearing: read only."""
        r = self._rulers
        if r is None:
            r = self._rulers = self._compute_rulers()
        return r

    def ruler(self, c: int) -> int | None:
        r = self._rulers
        if r is None:
            r = self._rulers = self._compute_rulers()
        return r[c] if r[c] >= 0 else None

    def ruler_now(self, c: int) -> int:
        """Who rules c (2.5), worked out afresh from the map, not read from the cache (a
        what-if after changing pieces without ``pieces_changed``: the caller restores
        the map and calls it). A seat, or -1."""
        return self._ruler_at(c)

    def _compute_rulers(self) -> list[int]:
        return [-1] + [self._ruler_at(c) for c in range(1, len(self.buildings))]

    def _ruler_at(self, c: int) -> int:
        """2.5: most warriors plus buildings rules; a tie rules for nobody unless a
        faction's rule breaks it for them (7.2.2 Lords of the Forest). -1: nobody."""
        me: Game = self  # type: ignore[assignment]  # a layer of Game
        fdefs = self.fdefs
        lender = borrower = -1
        bonus: list[int] | None = None  # pieces that count toward rule besides (VW.2.2)
        for s in range(len(fdefs) if self.hooks().rule else 0):
            fd = fdefs[s]
            if fd.claims_rule and fd.rules_outright(me, s, c):
                return s  # 10.2.4 Pilgrims (overrides 7.2.2)
            if fd.lends_warriors and borrower < 0:
                borrower = self.treated_as_own_by(s)
                lender = s if borrower >= 0 else -1
            if fd.adds_rule:
                if bonus is None:
                    bonus = [0] * len(fdefs)
                bonus[s] = fd.rule_bonus(me, s, c)
        warriors = self.warriors
        here = self.buildings[c]
        weights = self.token_rule  # () unless someone's tokens count (Soup Kitchens)
        hire = self.hire  # E.3.1: hireling pieces count for their controller
        hired: list[int] | None = None  # per seat, the pieces of the hirelings it controls
        if hire is not None:
            hired = self._hired_rule(hire, c)
        best = 0
        who = -1
        tied: list[int] | None = None
        for s in range(len(fdefs)):
            # G.1.33: lent warriors count for the seat treating them as its own, not for
            # their owner (11.2.7.III Mercenaries, rulings.md)
            p = warriors[s][c] if s != lender else 0
            for piece in here:
                if piece[0] == s:
                    p += 1
            if weights and weights[s]:  # Soup Kitchens (E&P): tokens count toward rule
                w = weights[s]
                for piece in self.tokens[c]:
                    if piece[0] == s:
                        p += w
            if s == borrower:
                p += warriors[lender][c]
            if bonus is not None:
                p += bonus[s]
            if hired is not None:
                p += hired[s]
            if p > best:
                best, who, tied = p, s, None
            elif p == best and p:
                tied = [who, s] if tied is None else tied + [s]
        if hire is not None:  # E.3.1: uncontrolled hirelings rule as if they were players
            n = len(fdefs)
            for k in range(len(hire.ids)):
                if hire.controller[k] < 0:
                    p = self._hired_pieces(n + k, c)
                    if p > best:
                        best, who, tied = p, n + k, None
                    elif p == best and p:
                        tied = [who, n + k] if tied is None else tied + [n + k]
        if tied is not None:
            breakers = [s for s in tied if s < len(fdefs) and (
                fdefs[s].rules_on_tie(me, s, c)
                or hire is not None and self._hire_breaks_tie(hire, s, c))]
            who = breakers[0] if len(breakers) == 1 else -1
        return who

    def _hired_pieces(self, o: int, c: int) -> int:
        """Warriors and buildings of owner o in c (2.5), for a hireling o."""
        p = self.warriors[o][c]
        for piece in self.buildings[c]:
            if piece[0] == o:
                p += 1
        return p

    def _hired_rule(self, hire: Hire, c: int) -> list[int] | None:
        """E.3.1: per seat, the pieces of the hirelings it controls, in c, counted toward
        its rule (for rule only); each hireling's counted once. None: no controlled
        hireling has a piece in c (most clearings: no list to build)."""
        n = len(self.fdefs)
        out: list[int] | None = None
        for k in range(len(hire.ids)):
            s = hire.controller[k]
            if 0 <= s < n:
                p = self._hired_pieces(n + k, c)
                if p:
                    if out is None:
                        out = [0] * n
                    out[s] = out[s] + p
        return out

    def _hire_breaks_tie(self, hire: Hire, s: int, c: int) -> bool:
        """A hireling's ability lets its controller s rule c when tied (Bluebird
        Nobles)."""
        me: Game = self  # type: ignore[assignment]  # a layer of Game
        n = len(self.fdefs)
        for k in range(len(hire.ids)):
            if hire.controller[k] == s and hire.defs[k].controller_rules_ties(
                    me, n + k, s, c):
                return True
        return False

    def pieces_changed(self, *clearings: int) -> None:
        """Call after changing warriors or buildings on the map (rule may change): in
        the given clearings, or anywhere if none is given. The cache is shared with
        copies, so it is replaced, never changed in place."""
        r = self._rulers
        if r is None:
            return
        if not clearings:
            self._rulers = None
            return
        r = r[:]
        for c in clearings:
            r[c] = self._ruler_at(c)
        self._rulers = r

    def open_slots(self, c: int) -> int:
        return self.slots_at(c) - len(self.buildings[c])

    # ------------------------------------- a clearing's suits and slots (Appendix F)
    # DESIGN.md: landmarks change clearings, not factions. Every "matching clearing" and
    # "clearing of a suit" check asks these; without landmarks each is one None check.
    def suit_match(self, c: int, suit: str) -> bool:
        """Whether c is a clearing of ``suit`` (2.2.2): its suit marker or printed suit;
        the Lost City's clearing is a fox, a rabbit and a mouse clearing at once (F,
        landmarks.json). A bird is no clearing suit: to match any clearing, test the
        bird first (2.1.1)."""
        if self.suits[c] == suit:
            return True
        lm = self.landmarks
        return lm is not None and lm.lost_city == c and c > 0 and suit in _CLEARING_SUITS

    def suits_at(self, c: int) -> tuple[str, ...]:
        """The suits of clearing c: one (its marker), three in the Lost City's clearing,
        none in the Burrow (12.2.2). A shared tuple: read only."""
        lm = self.landmarks
        if lm is not None and lm.lost_city == c and c > 0:
            return _CLEARING_SUITS
        suit = self.suits[c]
        return _ONE_SUIT[suit] if suit else ()

    def clearings_matching(self, c: int, other: int) -> bool:
        """Whether clearings c and ``other`` share a suit (15.5.3.c a clearing whose
        suit matches another's; the Lost City matches every suited clearing)."""
        for suit in self.suits_at(c):
            if self.suit_match(other, suit):
                return True
        return False

    def cards_matching_clearing(self, s: int, c: int) -> list[str]:
        """Distinct cards in s's hand matching clearing c (2.1.1: birds are wild; the
        Lost City matches a card of any suit): ``cards_matching`` of its suit."""
        lm = self.landmarks
        if lm is None or lm.lost_city != c:
            return self.cards_matching(s, self.suits[c])
        return distinct(self.hands[s])

    def slots_at(self, c: int) -> int:
        """Building slots of clearing c (2.2.3): the printed ones (a ruin covers one,
        5.1.4), plus the Elder Treetop's (F, landmarks.json)."""
        n = self.board.slots[c]
        lm = self.landmarks
        if lm is not None and lm.treetop == c and c > 0:
            n += 1
        return n

    def wild_pieces(self, s: int, kinds: tuple[str, ...]) -> int:
        """s's pieces of ``kinds`` in the Lost City's clearing: crafting pieces of any
        suit, each activated as its own suit (4.1.1, landmarks.json); 0 without it."""
        lm = self.landmarks
        if lm is None or not lm.lost_city:
            return 0
        lc = lm.lost_city
        n = 0
        for kind in kinds:
            for c in self.piece_clearings(s, kind):
                if c == lc:
                    n += 1
        return n

    def may_place(self, s: int, c: int) -> bool:
        """Whether any faction's rule forbids s placing pieces in c (e.g. The Keep, 6.2.2).
        s may be a hireling (its pieces, placed by its controller, who is never stopped
        by its own faction's rule; rulings.md); a hireling's rule may forbid it too (the
        Furious Protector)."""
        me: Game = self  # type: ignore[assignment]  # a layer of Game
        player = s
        fdefs = self.fdefs
        if s >= len(fdefs):
            player = self.player_of(s)
        for o in self.hooks().placers:
            if o != s and o != player and fdefs[o].blocks_placement(me, o, s, c):
                return False
        hire = self.hire
        if hire is not None and hire.limits_placement:
            n = len(self.fdefs)
            for k in range(len(hire.ids)):
                hd = hire.defs[k]
                if n + k != s and hd.limits_placement and hd.blocks_placement(me, n + k, s, c):
                    return False
        return True

    def placement_limited(self, s: int) -> bool:
        """Whether another faction's (or a hireling's) rule may forbid s placing pieces
        anywhere (a fast path: without one, ``may_place`` is always true for s)."""
        me: Game = self  # type: ignore[assignment]  # a layer of Game
        fdefs = self.fdefs
        for o in self.hooks().placers:
            if o != s and fdefs[o].limit_in_force(me, o):
                return True
        hire = self.hire
        return hire is not None and hire.limits_placement and self._hire_limits(hire, True)

    def may_move(self, s: int, a: int, b: int) -> bool:
        """Whether no faction's rule forbids s moving pieces from a (a clearing, a forest,
        or 0 for none) into b (D.6.2 Scorched Earth; 13.7.2 Snare; 12.2.2 The Burrow); s
        may be a hireling moving its own pieces; a hireling's rule may forbid it too (the
        Bands)."""
        me: Game = self  # type: ignore[assignment]  # a layer of Game
        fdefs = self.fdefs
        for o in self.hooks().movers:
            if fdefs[o].blocks_move(me, o, s, a, b):
                return False
        hire = self.hire
        if hire is not None and hire.limits_movement:
            n = len(self.fdefs)
            for k in range(len(hire.ids)):
                hd = hire.defs[k]
                if hd.limits_movement and hd.blocks_move(me, n + k, s, a, b):
                    return False
        return True

    def movement_limited(self) -> bool:
        """Whether any faction's or hireling's rule may forbid a move (a fast path: without
        one, ``may_move`` is always true)."""
        me: Game = self  # type: ignore[assignment]  # a layer of Game
        fdefs = self.fdefs
        for o in self.hooks().movers:
            if fdefs[o].limit_in_force(me, o):
                return True
        hire = self.hire
        return hire is not None and hire.limits_movement and self._hire_limits(hire, False)

    def _hire_limits(self, hire: Hire, placing: bool) -> bool:
        """Whether a hireling's rule that may stop placements (or moves) can stop any
        now (``limit_in_force``: the Furious Protector on the map, a Band's mark this
        turn)."""
        me: Game = self  # type: ignore[assignment]  # a layer of Game
        n = len(self.fdefs)
        for k in range(len(hire.ids)):
            hd = hire.defs[k]
            if ((hd.limits_placement if placing else hd.limits_movement)
                    and hd.limit_in_force(me, n + k)):
                return True
        return False

    def removable_warriors(self, s: int, c: int) -> int:
        """s's warriors in c that an effect outside battle may remove (14.2.2: not the
        warlord)."""
        me: Game = self  # type: ignore[assignment]  # a layer of Game
        n = self.warriors[s][c]
        fd = self.odef(s)
        if n and fd.protects_warriors:
            n -= fd.protected_warriors(me, s, c)
        return n

    def movable_warriors(self, s: int, c: int) -> int:
        """s's warriors in c that may be moved now (14.2.2: the warlord only on its
        owner's turn)."""
        me: Game = self  # type: ignore[assignment]  # a layer of Game
        n = self.warriors[s][c]
        fd = self.fdefs[s]
        if n and fd.protects_warriors and self.turn_seat != s:
            n -= fd.protected_warriors(me, s, c)
        return n

    def warrior_supply(self, s: int) -> int:
        """s's warriors in its supply: neither on the map, nor off it by its own rules
        (8.5.3 Officers), nor held by another faction (11.2.4 Funds). s may be a
        hireling (its warriors not on the map nor on a card)."""
        me: Game = self  # type: ignore[assignment]  # a layer of Game
        if s >= len(self.fdefs):
            return self._hireling_supply(s)
        fd = self.fdefs[s]
        n = fd.warriors - total(self.warriors[s]) - fd.warriors_off_map(me, s)
        for o, other in enumerate(self.fdefs):
            if other.holds_warriors:
                n -= other.warriors_held(me, o, s)
        cards = self.cards
        if cards.coffin_seat >= 0:
            n -= cards.coffins[s]  # Coffin Makers (E&P) holds removed warriors
        if self.shares:  # BK.2.4: warriors lent for all intents are their owner's
            sh = self.sharer()
            n += self.fdefs[sh].shared_supply(me, sh, s)
        return n

    def _hireling_supply(self, o: int) -> int:
        """A hireling's warriors in the hireling supply (A.6.1): its card's warriors
        less those on the map, on its card (Forest Patrol), on paths (Highway Bandits)
        and on Coffin Makers (E&P)."""
        hire = self.hire
        assert hire is not None
        k = o - len(self.fdefs)
        n = (hire.warriors_of(k) - total(self.warriors[o]) - hire.on_card[k]
             - len(hire.paths[k]))
        cards = self.cards
        if cards.coffin_seat >= 0 and o < len(cards.coffins):
            n -= cards.coffins[o]
        return n

    def _add_burrow(self) -> None:
        """12.3.2 Prepare the Burrow: the map's per-clearing arrays gain its row."""
        self.board = board(self.board.name, True)
        for w in self.warriors:
            w.append(0)
        self.buildings.append(())
        self.tokens.append(())
        self._owners.append(())
        self.ruin_items.append(())
        self.suits = self.suits + ("",)
        self._rulers = None
        self.relink()

