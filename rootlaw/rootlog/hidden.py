"""Cards a record never names where they lie (a hand's draws, the Alliance's supporters).

A record written by a player, or for a seat, draws cards unnamed (``#->E``: 2.1, only
their owner sees them) and names them when they are spent, shown or crafted. The
engine, replaying, drew some card there, not necessarily that one. So the reader keeps,
per hidden place, the cards the engine put there that the record did not name
(``Hidden.unknown``); before a line is searched, each card the line takes out of a
hidden place, or shows from a hand, or draws by name, that the engine holds elsewhere
in secret (the deck, another hidden place's unnamed cards) is swapped with one of the
place's unnamed cards. The engine's state then agrees with everything the record said,
and the hidden rest stays a guess, as it was for every player at the table but one.
"""
from __future__ import annotations

from collections import Counter
from typing import Any

from rootlaw.core.game import Game
from rootlaw.rootlog.expect import ANY, Expect

Place = tuple[Any, ...]
SUP: Place = ("board", "A", "sup")  # 8.2.3 the Alliance's supporters, face down


class Hidden:
    """Per hidden place, the engine's cards there that the record never named."""

    def __init__(self, letters: list[str]) -> None:
        self.letters = letters
        self.unknown: dict[Place, Counter[str]] = {}

    # --------------------------------------------------------------- places
    def places(self, g: Game) -> dict[Place, list[str]]:
        """The engine's hidden places and the (live) lists of their cards."""
        out: dict[Place, list[str]] = {}
        for s, L in enumerate(self.letters):
            if s >= len(g.hands) or g.fdefs[s].public_hand:
                continue  # 11.1.3 the Riverfolk's hand is public
            out[("hand", L)] = g.hands[s]
            sup = getattr(g.fstate[s], "supporters", None)
            if sup is not None:
                out[SUP] = list(sup)  # a tuple: written back by _store
        return out

    def _store(self, g: Game, place: Place | None, cards: list[str]) -> None:
        """A changed place's cards back into the engine (the supporters are a tuple)."""
        if place != SUP:
            return  # hands and the deck are lists, changed in place
        for fs in g.fstate:
            if getattr(fs, "supporters", None) is not None:
                fs.supporters = tuple(cards)  # type: ignore[attr-defined]

    # --------------------------------------------------------------- after a line
    def after(self, before: dict[Place, Counter[str]], g: Game, exp: Expect) -> None:
        """Update after a line: the cards that arrived in a hidden place without the
        line naming them are unknown; cards that left are no longer there."""
        named: Counter[tuple[Place, str]] = Counter()
        places = self.places(g)
        for a in exp.atoms:
            ids = a.comp[1] if isinstance(a.comp, tuple) and a.comp[0] == "c" else None
            if a.sign == 1 and isinstance(ids, frozenset) and isinstance(a.place, tuple):
                for place in places:  # a pattern ($: the board or the supporters)
                    if _fits(a.place, place):
                        for cid in ids:
                            named[(place, cid)] += a.count or 1
        for place, cards in places.items():
            now = Counter(cards)
            old = before.get(place, Counter())
            unk = self.unknown.setdefault(place, Counter())
            for cid, n in (old - now).items():  # left: named or not, gone from here
                unk[cid] -= min(n, unk[cid])
            for cid, n in (now - old).items():
                told = min(n, named[(place, cid)])
                unk[cid] += n - told
            unk += Counter()  # drop zeros
            self.unknown[place] = +unk
        for p in list(self.unknown):
            if p not in self.places(g):
                del self.unknown[p]

    def snapshot(self, g: Game) -> dict[Place, Counter[str]]:
        return {p: Counter(cards) for p, cards in self.places(g).items()}

    # --------------------------------------------------------------- before a line
    def agree(self, g: Game, exp: Expect) -> Game:
        """``g`` (a copy if anything changes) with each card the line names out of a
        hidden place there, swapped in from where the engine holds it in secret."""
        total: Counter[tuple[Place, frozenset[str]]] = Counter()
        shown: Counter[tuple[Place, frozenset[str]]] = Counter()
        at: dict[tuple[Place, frozenset[str]], int] = {}
        for place, ids, n, i in self._needs(exp):  # the same card named twice: two of it
            (total if i >= 0 else shown)[(place, ids)] += n  # (but shown, then spent: one)
            at[(place, ids)] = max(at.get((place, ids), -1), i)
        total |= shown  # the larger count of each
        needs = [(place, ids, n) for (place, ids), n in total.items()]
        named = {cid for _, ids, _ in needs for cid in ids}
        out = g
        for place, ids, n in needs:
            for _ in range(n):
                if place == ("deck",):
                    if any(c in ids for c in out.deck):
                        break
                else:
                    lst = self.places(out).get(place)
                    if lst is None or sum(1 for c in lst if c in ids) >= n:
                        break
                if out is g:
                    out = g.copy()
                if not self._swap(out, place, ids, named):
                    out = self._bind_draws(out, exp, (place, ids, n, at[(place, ids)]),
                                           named)
                    break
        return out

    def _bind_draws(self, g: Game, exp: Expect, need: tuple[Place, frozenset[str], int, int],
                    named: set[str]) -> Game:
        """The cards of ``ids`` the place lacks, after every swap, are the line's own
        unnamed draws into it (``#->E/B#crossbowE->$_b``: the card drawn was the one
        spent): those draws are bound to ``ids``, and a card of ``ids`` the engine holds
        in another place's unnamed cards goes back to the deck for them (2.1). Only the
        draws before the line takes the card (``at``, its atom; -1: a reveal, unbound)."""
        place, ids, n, at = need
        lst = self.places(g).get(place)
        if lst is None or place == ("deck",) or len(exp.draw_at) != len(exp.draws):
            return g
        missing = n - sum(1 for c in lst if c in ids)
        for k, (pat, to) in enumerate(zip(exp.draws, exp.draw_to, strict=True)):
            if missing <= 0 or exp.draw_at[k] > at:
                break
            if pat is None and _fits(to, place):
                exp.draws[k] = ids
                missing -= 1
                if not any(c in ids for c in g.deck):
                    self._swap(g, ("deck",), ids, named)
        return g

    def _needs(self, exp: Expect) -> list[tuple[Place, frozenset[str], int, int]]:
        """Each card the line takes out of a hidden place (or shows from a hand): its
        place, ids, count and atom (-1: shown)."""
        out: list[tuple[Place, frozenset[str], int, int]] = []
        for i, a in enumerate(exp.atoms):
            ids = a.comp[1] if isinstance(a.comp, tuple) and a.comp[0] == "c" else None
            if a.sign != -1 or not isinstance(ids, frozenset) or not isinstance(a.place, tuple):
                continue
            for place in (("hand", a.place[1]) if len(a.place) == 2 else None, SUP,
                          ("deck",)):
                if place is not None and _fits(a.place, place):
                    if not _brought(exp, ids, place):
                        out.append((place, ids, a.count or 1, i))
                    break
        for who, ids, n in exp.shown:  # shown from a hand (4.1 revealed, 12.5.3...)
            if ids is not None:
                out.append((("hand", who), ids, n or 1, -1))
        return out

    def _swap(self, g: Game, place: Place, ids: frozenset[str], named: set[str]) -> bool:
        """One card of ``ids`` into ``place`` from a secret spot; an unnamed card of
        ``place`` (or the deck's top, unnamed) goes where it was."""
        places = self.places(g)
        if place == ("deck",):
            dest, spare_pool = g.deck, None
        else:
            dest = places[place]
            spare_pool = self.unknown.get(place, Counter())
        spare_i = self._spare(dest, spare_pool, ids, named)
        if spare_i is None:
            return False
        # where a card of ids lies in secret: the deck, or another place's unnamed cards
        if place != ("deck",):
            for i in range(len(g.deck) - 1, -1, -1):
                if g.deck[i] in ids:
                    self._exchange(g, dest, spare_i, g.deck, i, place, None)
                    return True
        for other, lst in places.items():
            if other == place:
                continue
            unk = self.unknown.get(other, Counter())
            for i, cid in enumerate(lst):
                if cid in ids and unk[cid] > 0:
                    self._exchange(g, dest, spare_i, lst, i, place, other)
                    return True
        return False

    def _spare(self, cards: list[str], pool: Counter[str] | None, ids: frozenset[str],
               named: set[str]) -> int | None:
        """An unnamed card of a place (any deck card but the named), last first."""
        for i in range(len(cards) - 1, -1, -1):
            c = cards[i]
            if c in ids or c in named:
                continue
            if pool is None or pool[c] > 0:
                return i
        return None

    def _exchange(self, g: Game, a: list[str], i: int, b: list[str], j: int, pa: Place,
                  pb: Place | None) -> None:
        """Swap a[i] (an unnamed card of pa) and b[j]; the unknown counts follow: the
        card now at pa is named by the line (known), the one now at pb is unnamed."""
        x, y = a[i], b[j]
        a[i], b[j] = y, x
        self._store(g, pa, a)
        self._store(g, pb, b)
        if pa != ("deck",):
            ua = self.unknown.setdefault(pa, Counter())
            ua[x] -= 1
            ua[y] += 1  # still unnamed until the line takes it
            self.unknown[pa] = +ua
        if pb is not None:
            ub = self.unknown.setdefault(pb, Counter())
            ub[y] -= 1
            ub[x] += 1
            self.unknown[pb] = +ub


def _brought(exp: Expect, ids: frozenset[str], place: Place) -> bool:
    """Whether the line itself puts a card of ``ids`` in ``place`` (drawn by Outrage
    into the supporters, 8.2.6, then spent in the same turn): nothing to swap in."""
    for a in exp.atoms:
        got = a.comp[1] if isinstance(a.comp, tuple) and a.comp[0] == "c" else None
        if a.sign == 1 and isinstance(got, frozenset) and got & ids and _fits(a.place, place):
            return True
    return False


def _fits(pattern: Any, place: Place) -> bool:
    """A place the line's pattern names (a part may be a set of choices: ``$`` on the
    Alliance's board is its supporters or the board)."""
    if not isinstance(pattern, tuple) or len(pattern) != len(place):
        return False
    return all(p == x or (isinstance(p, frozenset) and x in p) or p is ANY
               for p, x in zip(pattern, place, strict=True))
