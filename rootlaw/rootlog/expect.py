"""What a line of a Rootlog says happened, as ledger changes (``ledger.py``).

Each action of a turn becomes atoms: a component pattern leaving a place pattern (sign
-1) or arriving at one (+1), N times (None: "all of them", ``%_`` or ``$_->``). The
defaults of 2 MOVE fill what the line leaves out (a card's source is the draw pile,
a piece's the supply, an item's the current player's board...). Settings (a
relationship, a price, the funds, the outcast, a VP marker) are values the line sets.
What the notation records but the ledger cannot hold (a battle, its rolls, a revealed
card) is kept beside the atoms for the replay.

A pattern is a tuple whose elements are a value, ``ANY`` or a frozenset of values, or
a frozenset of whole keys (one of them).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import Any, Final

from rootlaw.rootlog import names
from rootlaw.rootlog.errors import RootlogError
from rootlaw.rootlog.tree import (
    Action,
    Battle,
    Board,
    Card,
    Clearing,
    Craft,
    DiscardPile,
    Expose,
    Flip,
    Forest,
    Hand,
    Hireling,
    Item,
    ItemSpot,
    Landmark,
    Location,
    MarkerMove,
    Move,
    Path,
    Piece,
    Quests,
    Reveal,
    Score,
    SetKey,
    Thing,
    Trick,
)


class _Any:
    __slots__ = ()

    def __repr__(self) -> str:
        return "ANY"


ANY: Final = _Any()
Pattern = tuple[Any, ...] | frozenset[tuple[Any, ...]]
DECREE_KEYS: Final = frozenset({"r", "m", "x", "b", "F", "R", "M", "B"})
BATTLE: Final = ("battle",)
SHOWN: Final = ("shown",)
TRICK: Final = ("trick",)


@dataclass(frozen=True, slots=True)
class Atom:
    sign: int
    comp: Pattern
    place: Pattern
    count: int | None  # None: every one there is (``%_``, ``$_->``)
    rank: float  # how specific: the more, the sooner a change is matched to it
    loose: bool = False  # written before it happens (a battle's ambush card): any order

    @property
    def key(self) -> tuple[Pattern, Pattern]:
        return (self.comp, self.place)


@dataclass
class Expect:
    """One line of a record: atoms, settings, battles (with rolls), draws in order."""

    atoms: list[Atom] = field(default_factory=list)
    settings: dict[tuple[Any, ...], list[str]] = field(default_factory=dict)
    # where each setting stands in the line: how many atoms come before it
    setting_at: dict[tuple[Any, ...], list[int]] = field(default_factory=dict)
    battles: list[Battle] = field(default_factory=list)
    draws: list[frozenset[str] | None] = field(default_factory=list)  # from the deck
    draw_to: list[Pattern | None] = field(default_factory=list)  # each draw's place
    draw_at: list[int] = field(default_factory=list)  # the atoms before each draw's end
    quests: list[frozenset[str] | None] = field(default_factory=list)  # to Q
    ruins: list[tuple[int, str]] = field(default_factory=list)  # items taken from ruins
    shown: list[tuple[str, frozenset[str] | None, int]] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    # the same movements as moves (component, from, to, count), for applying a line
    # the engine could not play (``apply.py``)
    moves: list[tuple[Pattern, Pattern | None, Pattern | None, int | None]] = field(
        default_factory=list)
    # the Vagabot's item sides at the line's end (rootlaw's comment, ``ledger.vagabot_sides``;
    # Rootbotics 7.2: counts, which Rootlog cannot write); "" not checked
    vagabot: str = ""


def rank(p: Pattern) -> float:
    if isinstance(p, frozenset):
        return min(rank(x) for x in p) - 0.5
    r = 0.0
    for x in p:
        if x is ANY:
            continue
        if isinstance(x, frozenset):
            r += 0.5 if len(x) > 1 else 1.0
        else:
            r += 1.0
    return r


def matches(p: Pattern, key: tuple[Any, ...]) -> bool:
    if isinstance(p, frozenset):
        return key in p
    if len(p) != len(key):
        return False
    for a, b in zip(p, key, strict=True):
        if a is ANY:
            continue
        if isinstance(a, frozenset):
            if b not in a:
                return False
        elif a != b:
            return False
    return True


# ------------------------------------------------------------------- cards


@cache
def _suit_ids() -> dict[str | None, frozenset[str]]:
    by: dict[str | None, set[str]] = {}
    for cid, (suit, _) in names._codes().items():
        by.setdefault(suit, set()).add(cid)
    return {k: frozenset(v) for k, v in by.items()}


@cache
def _quest_ids() -> frozenset[str]:
    return frozenset(q for q in names._codes() if names.is_quest(q))


@cache
def _deck_ids() -> frozenset[str]:
    from rootlaw.core.catalog import deck

    out: set[str] = set()
    for d in ("standard", "exiles_partisans"):
        out.update(deck(d).cards)
    return frozenset(out)


@cache
def _item_cards(item: str) -> frozenset[str]:
    from rootlaw.core.catalog import deck

    out: set[str] = set()
    for d in ("standard", "exiles_partisans"):
        for cid, c in deck(d).cards.items():
            if getattr(c, "item", None) == item:
                out.add(cid)
    return frozenset(out)


def card_ids(card: Card) -> frozenset[str] | None:
    """The engine ids a Rootlog card may be (None: any card)."""
    if card.name is None and card.suit is None:
        return None
    if card.name is not None:
        ids = names.card_ids(card.name)
        if not ids:
            raise RootlogError(f"unknown card name {card.name!r} (2 Card: a card's name in "
                               "lower case without spaces, or an abbreviation)")
        if card.suit is not None:
            ids = tuple(i for i in ids if names.suit_of(i) in (card.suit, None))
            if not ids:
                raise RootlogError(f"no {names.SUITS[card.suit]} card is named {card.name!r}")
        return frozenset(ids)
    return _suit_ids().get(card.suit, frozenset())


def _is_deck_card(ids: frozenset[str] | None) -> bool:
    return ids is None or bool(ids & _deck_ids())


def _is_quest(ids: frozenset[str] | None) -> bool:
    return ids is not None and ids <= _quest_ids()


# ----------------------------------------------------------------- builder


class Reader:
    """Builds the Expect of one line for faction ``me``."""

    def __init__(self, me: str, bases: dict[str, str]) -> None:
        self.me = me
        self.bases = bases  # letter -> the Law faction whose board it uses
        self.e = Expect()
        # relics written leaving a forest (15.5.2.IIa delve), the indices of their two
        # atoms and where they went: a flip there after says the relic was face down
        self.delved: list[tuple[int, int, Pattern]] = []

    def add(self, sign: int, comp: Pattern, place: Pattern, count: int | None) -> None:
        if count == 0:
            return
        self.e.atoms.append(Atom(sign, comp, place, count, rank(comp) + rank(place)))

    def move(self, comp: Pattern, src: Pattern | None, dst: Pattern | None,
             count: int | None) -> None:
        if src is not None or dst is not None:
            self.e.moves.append((comp, src, dst, count))
        if src is not None:
            self.add(-1, comp, src, count)
        if dst is not None:
            self.add(1, comp, dst, count)

    def _activated(self) -> None:
        """3.3.1 the dominance card just moved to the Alliance's board, its marker moved
        after it (``F#domA->$/++->$``): activated, beside the board, not a supporter
        (``$`` on the Alliance's board is either, 2)."""
        either = frozenset({"", "sup"})
        for i in range(len(self.e.atoms) - 1, -1, -1):
            a = self.e.atoms[i]
            if a.sign == 1 and a.place == ("board", self.me, either):
                self.e.atoms[i] = Atom(a.sign, a.comp, ("board", self.me, ""), a.count,
                                       a.rank + 0.5, a.loose)
                for j, m in enumerate(self.e.moves):
                    if m[0] == a.comp and m[2] == a.place:
                        self.e.moves[j] = (m[0], m[1], ("board", self.me, ""), m[3])
                return
            if a.sign == 1:
                return

    def setting(self, key: tuple[Any, ...], value: str) -> None:
        self.e.settings.setdefault(key, []).append(value)
        self.e.setting_at.setdefault((key, value), []).append(len(self.e.atoms))

    # -------------------------------------------------------------- actions
    def action(self, a: Action) -> None:
        if isinstance(a, Move):
            self._move(a)
        elif isinstance(a, Battle):
            att = a.attacker or self.me
            self.add(1, ("battle", att, a.defender, a.clearing), BATTLE, 1)
            self.e.battles.append(a)
            for suit, who in ((a.ambush, a.defender), (a.foil, att)):
                if suit:  # 4.3.1 the ambush card, from its player's hand
                    ids = card_ids(Card(suit, "@"))
                    self.move(("c", ids), ("hand", who), ("discard",), 1)
                    for k in (-1, -2):
                        x = self.e.atoms[k]
                        self.e.atoms[k] = Atom(x.sign, x.comp, x.place, x.count, x.rank, True)
        elif isinstance(a, Score):
            L = a.faction or self.me
            self.add(1 if a.points > 0 else -1, ("vp", L), ("score",), abs(a.points))
            self.e.moves.append((("vp", L), None, ("score",), a.points))
        elif isinstance(a, Craft):
            self._craft(a)
        elif isinstance(a, SetKey):
            self._set(a)
        elif isinstance(a, MarkerMove):
            self.setting(("marker", self.me), a.board or self.me)
            if a.board is None or a.board == self.me:
                self._activated()
        elif isinstance(a, Flip):
            self._flip(a)
        elif isinstance(a, Trick):
            # 13.6.3 two plots, face down or up, swap places: the trick says it all
            lo, hi = sorted((a.first, a.second))
            self.add(1, ("trick", lo, hi), TRICK, 1)
            self.e.moves.append((("trick", lo, hi), None, None, 1))
        elif isinstance(a, Reveal):
            for p in a.parts:
                if p.card is not None:
                    ids = card_ids(p.card)
                    who = p.faction or self.me
                    self.e.shown.append((who, ids, p.count))
                    # 10.5, 12.5.3 a card revealed to all from the hand (checked against
                    # the cards the engine holds revealed; optional in a hand-written
                    # record, where reveals are often kept for other reasons)
                    self.add(1, ("shown", who, ids or ANY), SHOWN, p.count)
        elif isinstance(a, Expose):
            pass  # 13.2.4: what follows (a card given, the plot removed) says the rest
        else:
            raise RootlogError(f"unsupported action {a!r}")

    def _craft(self, a: Craft) -> None:
        """4.1: the card from the hand; an item card's item from the supply. A bot
        crafts its order card where it lies (Law of Rootbotics 2.7): the item only."""
        if self.bases.get(self.me + "!") == "bot":
            item_of: str | None = names.ITEM_LETTERS[a.item] if a.item else None
            if not item_of and a.card:
                named = card_ids(Card(a.suit, a.card)) or frozenset()
                from rootlaw.core.catalog import deck

                found = {getattr(deck(d).cards.get(i), "item", None)
                         for d in ("standard", "exiles_partisans") for i in named} - {None}
                item_of = found.pop() if len(found) == 1 else None
            if item_of:
                self.move(("i", item_of), ("isup",), ("items", self.me, ANY, ANY), 1)
            return
        if a.item:
            item = names.ITEM_LETTERS[a.item]
            self.move(("c", _item_cards(item)), ("hand", self.me), ("discard",), 1)
            self.move(("i", item), ("isup",), ("items", self.me, ANY, ANY), 1)
            return
        ids = card_ids(Card(a.suit, a.card))
        from rootlaw.core.catalog import deck

        kinds: set[str] = set()
        items: set[str] = set()
        for d in ("standard", "exiles_partisans"):
            for cid in ids or ():
                c = deck(d).cards.get(cid)
                if c is not None:
                    kinds.add(c.kind)
                    if c.item:
                        items.add(c.item)
        if kinds == {"item"} and len(items) == 1:  # an item card named: its item too
            item = items.pop()
            self.move(("c", ids or ANY), ("hand", self.me), _CRAFTED, 1)
            self.move(("i", item), ("isup",), ("items", self.me, ANY, ANY), 1)
            return
        board = ("board", self.me, "")
        dest: Pattern = board if kinds == {"persistent"} else (
            ("discard",) if kinds == {"immediate"} else frozenset({board, ("discard",)}))
        self.move(("c", ids), ("hand", self.me), dest, 1)

    def _flip(self, a: Flip) -> None:
        L = a.faction or self.me
        where = ("c", a.clearing) if isinstance(a.clearing, int) else ("fo", a.clearing)
        code = a.piece.code
        if len(a.piece.subs) == 2:  # a relic t_<value>_<type> (15.2.1)
            down: Pattern = ("t", L, f"t_{a.piece.subs[1]}", ANY)
        else:
            down = ("t", L, "t", ANY)
        self.add(-1, down, where, 1)
        self.add(1, ("t", L, code, ""), where, 1)
        self.e.moves.append((down, where, ("flip", ("t", L, code, "")), 1))
        if len(a.piece.subs) == 2:
            self._delved_face_down(where)

    def _delved_face_down(self, where: Pattern) -> None:
        """15.5.2.IIa: a relic delved and then flipped where it went was face down in its
        forest (only a face-down relic is flipped): its move names no face-up relic (a
        forest may hold a face-up and a face-down relic of one type and value, 15.2.5)."""
        for k in range(len(self.delved) - 1, -1, -1):
            i, j, dst = self.delved[k]
            if dst == where:
                del self.delved[k]
                for x in (i, j):
                    self._relic_side(x, face_up=False)
                return

    def face_up_delves(self) -> None:
        """A record rootlaw wrote flips every face-down relic it delves (15.5.2.IIa):
        a relic written leaving a forest with no flip after was face up there."""
        for i, j, _ in self.delved:
            for x in (i, j):
                self._relic_side(x, face_up=True)
        self.delved.clear()

    def _relic_side(self, i: int, face_up: bool) -> None:
        """Atom i's relic narrowed to its face-down side (t_<type>, of the value the
        pattern allows) or its face-up one (t_<value>_<type>)."""
        a = self.e.atoms[i]
        _, L, codes, hidden = a.comp
        kinds = codes if isinstance(codes, frozenset) else frozenset({codes})
        down = next(c for c in kinds if c.count("_") == 1)
        if face_up:
            ups = frozenset(c for c in kinds if c.count("_") == 2)
            if len(ups) != 1:  # the value not written (t_f): no face-up side to name
                return
            comp: Pattern = ("t", L, next(iter(ups)), "")
        else:
            values = hidden - {""} if isinstance(hidden, frozenset) else hidden
            if isinstance(values, frozenset) and len(values) == 1:
                values = next(iter(values))
            comp = ("t", L, down, values)
        self.e.atoms[i] = Atom(a.sign, comp, a.place, a.count, rank(comp) + rank(a.place),
                               a.loose)

    def _set(self, a: SetKey) -> None:
        v = a.value
        for k in a.keys:
            L = k.faction or self.me
            key = k.key or ""
            if key == "" and v is None:  # 7.7 Turmoil: the Decree and the leader go
                self.add(-1, ("c", ANY), ("board", L, DECREE_KEYS), None)
                self.add(1, ("c", ANY), ("discard",), None)
                self.add(-1, ("c", _leaders()), ("board", L, ""), None)
                continue
            if v is None:
                raise RootlogError(f"'$_{key}->' needs a value")
            if key == "" and self.bases.get(L) == "riverfolk" or key in ("h", "r", "m") and \
                    self.bases.get(L) == "riverfolk":
                for p in (("h", "r", "m") if key == "" else (key,)):
                    self.setting(("price", p), v)
            elif key == "f":
                self.setting(("funds", L), v)
            elif key in ("o", "ho"):
                if v not in names.SUITS:
                    raise RootlogError(f"the outcast is a suit (F, M, R), not {v!r}")
                self.setting(("outcast", L), key + v)
            elif key in names.LETTERS:
                if v not in names.RELATIONSHIP_LEVEL:
                    raise RootlogError(f"a relationship is h, 0, 1, 2 or a, not {v!r}")
                self.setting(("rel", L, key), v)
            else:
                raise RootlogError(f"unknown board key '$_{key}' for {L}")

    # ---------------------------------------------------------------- moves
    def _move(self, m: Move) -> None:
        dests = list(m.dests)
        for part in m.parts:
            thing = part.thing
            count: int | None = part.count
            if isinstance(thing, Item) and thing.kind == "_":
                count = None
            if isinstance(thing, Hireling):
                self._hireling(thing, part.source, dests)
                continue
            comp = self.comp(thing, part.source, bool(dests))
            if isinstance(thing, Item):
                src = self.item_place(part.source, None)
                dst = self._item_dest(part.source, dests)
                self.move(comp, src, dst, count)
                if isinstance(part.source, Clearing):
                    self.e.ruins.append((part.source.number, names.ITEM_LETTERS.get(
                        thing.kind, thing.kind)))
                continue
            src = self.place(thing, part.source, True)
            targets: list[Location | None] = list(dests) or [None]
            for d in targets:
                dst = self.place(thing, d, False)
                if isinstance(thing, Piece) and thing.kind == "p" or part.source is None and (
                        isinstance(thing, Landmark) or isinstance(thing, Piece) and
                        thing.kind in ("f", "r")):  # from wherever it is
                    self.e.moves.append((comp, src, dst, count))
                    if src is not None:  # (none at setup, 9.3.2; A.5.3 the Ferry's card)
                        self.add(-1, comp, src, None)
                    if dst is not None:
                        self.add(1, comp, dst, count)
                    continue
                self.move(comp, src, dst, count)
                if isinstance(src, tuple) and src[0] == "fo" and dst is not None and \
                        _relic(comp):
                    n = len(self.e.atoms)
                    self.delved.append((n - 2, n - 1, dst))
                named = comp[1] if isinstance(comp, tuple) and len(comp) > 1 and \
                    isinstance(comp[1], frozenset) else None  # None: unnamed
                if isinstance(thing, Card) and src == ("deck",):
                    drawn = named
                    for _ in range(count or 1):
                        self.e.draws.append(drawn)
                        self.e.draw_to.append(dst)
                        self.e.draw_at.append(len(self.e.atoms))
                if isinstance(thing, Card) and dst == ("Q",):
                    quest = named
                    for _ in range(count or 1):
                        self.e.quests.append(quest)

    def _hireling(self, h: Hireling, source: Location | None, dests: list[Location]) -> None:
        """3 Hirelings: ``h_E->A$4`` the card from the supply onto a player's board with
        its control markers (E.1.1-E.1.2), ``h_EA$3->A$2`` a marker off (E.1.3),
        ``h_EA$1->C$2`` given, ``h_EA$->`` back to the supply; markers unwritten: any."""
        comp = ("h", "h_" + h.code + ("d" if h.demoted else ""))

        def where(loc: Location | None) -> Pattern | None:
            if loc is None:
                return None
            if not isinstance(loc, Board):
                raise RootlogError(f"a hireling card lies on a player's board, not {loc!r}")
            return ("hire", loc.faction or self.me,
                    ANY if loc.markers is None else loc.markers)

        if len(dests) > 1:
            raise RootlogError("a hireling card goes to one board")
        self.move(comp, where(source), where(dests[0] if dests else None), 1)

    def comp(self, thing: Thing, source: Location | None, has_dest: bool) -> Pattern:
        if isinstance(thing, Piece):
            return self.piece(thing, source is None and has_dest)
        if isinstance(thing, Card):
            return ("c", card_ids(thing) or ANY)
        if isinstance(thing, Item):
            return ("i", ANY if thing.kind == "_" else names.ITEM_LETTERS[thing.kind])
        if isinstance(thing, Landmark):
            return ("ferry",) if thing.name in ("ferry", "f") else ("lm", thing.name)
        if isinstance(thing, Path):
            return ("path", thing.low, thing.high)
        raise RootlogError(f"cannot move {thing!r}")

    def piece(self, p: Piece, placed: bool) -> Pattern:
        L = p.owner or self.me
        base = self.bases.get(L, "")
        code = p.code
        if p.kind in ("f", "r") and not p.subs:
            return ("ferry",)  # 2: the ferry (r: the raft, before V2.8)
        if p.kind == "w":
            return ("w_w", L) if p.subs == ("w",) else ("w", L)
        if p.kind == "p":
            return ("p", L)
        if p.kind == "b":
            if base == "keepers" and len(p.subs) == 1:  # a waystation by its up side
                return ("b", L, frozenset(c for c in names.PIECES["keepers"].values()
                                          if c.startswith(code + "_")), )
            return ("b", L, code)
        if base == "corvids":  # 13.2.2: placed face down; t_b names its type
            if not p.subs:
                return ("t", L, ANY, ANY)
            return ("t", L, frozenset({code, "t"}), frozenset({"", p.subs[0]}))
        if base == "keepers" and p.subs:
            if len(p.subs) == 2:  # t_<value>_<type>: face up, or face down of that value
                return ("t", L, frozenset({code, f"t_{p.subs[1]}"}),
                        frozenset({"", p.subs[0]}))
            return ("t", L, frozenset({code} | {f"t_{v}_{p.subs[0]}" for v in "123"}), ANY)
        return ("t", L, code, "")

    def place(self, thing: Thing, loc: Location | None, source: bool) -> Pattern | None:
        """Where a piece or a card is (None: its supply, or nowhere)."""
        if isinstance(thing, Card):
            ids = card_ids(thing)
            if loc is None:
                if ids is not None and not _is_deck_card(ids):
                    if _is_quest(ids):
                        return ("qdeck",) if source else ("discard",)
                    return None  # leaders, characters, ministers, moods: no pile
                return ("deck",) if source else ("discard",)
            if isinstance(loc, Hand):
                return ("hand", loc.faction)
            if isinstance(loc, Board):
                L = loc.faction or self.me
                if loc.key:
                    return ("board", L, loc.key)
                if self.bases.get(L) == "alliance":  # 8.2.3 the supporters (a craft: Z)
                    dom = ids is not None and all(names.card_code(i)[1] == "dom" for i in ids)
                    return ("board", L, frozenset({"", "sup"})) if source or dom else (
                        "board", L, "sup")  # (3.3.1 an activated dominance card: either)
                return ("board", L, "")
            if isinstance(loc, DiscardPile):
                return ("discard",)
            if isinstance(loc, Quests):
                return ("Q",)
            raise RootlogError(f"a card cannot be in {loc!r}")
        if loc is None:
            if isinstance(thing, Piece) and thing.kind == "p":
                return (ANY, ANY) if source else None  # 2 MOVE: where the pawn is
            if isinstance(thing, Piece) and thing.kind in ("f", "r") or isinstance(
                    thing, Landmark):
                return (ANY, ANY) if source else None
            if isinstance(thing, Path):
                return ("map",) if source else None
            return None
        if isinstance(loc, Clearing):
            return ("c", loc.number)
        if isinstance(loc, Forest):
            return ("fo", loc.clearings)
        if isinstance(loc, Board):
            L = loc.faction or self.me
            if self.bases.get(L) == "riverfolk" and not loc.key and source:
                return ("board", L, frozenset({"", "f"}))  # 11.2.4 payments or funds
            return ("board", L, loc.key or "")
        raise RootlogError(f"a piece cannot be in {loc!r}")

    def item_place(self, loc: Location | None, like: ItemSpot | None) -> Pattern | None:
        """An item's place: a board's area and side, a ruin, the supply."""
        if loc is None:
            return ("items", self.me, ANY, ANY)
        if isinstance(loc, ItemSpot):
            return ("items", self.me, loc.area or ANY, loc.state or ANY)
        if isinstance(loc, Board):
            return ("items", loc.faction or self.me, ANY, ANY)
        if isinstance(loc, Clearing):
            return ("ruin", loc.number)
        raise RootlogError(f"an item cannot be in {loc!r}")

    def _item_dest(self, source: Location | None, dests: list[Location]) -> Pattern | None:
        if not dests:
            return ("out",)  # 2 MOVE: an item's default destination is out of play
        spots = [d for d in dests if isinstance(d, ItemSpot)]
        if spots and len(spots) == len(dests):  # s+e: one place, its area and side
            area = next((d.area for d in spots if d.area), None)
            state = next((d.state for d in spots if d.state), None)
            src = source if isinstance(source, ItemSpot) else None
            if area is None:  # the side flips, the item stays in its area
                area = src.area if src is not None else None
            if state is None:
                state = src.state if src is not None else None
            # the item stays on the board it is on (another's: %rG$->d)
            owner = source.faction or self.me if isinstance(source, Board) else self.me
            return ("items", owner, area or ANY, state or ANY)
        if len(dests) != 1:
            raise RootlogError("an item goes to one place")
        d = dests[0]
        if isinstance(d, Board):
            return ("items", d.faction or self.me, ANY, ANY)
        if isinstance(d, Clearing):  # an item left on the map (D.6.2 Scorched Earth)
            return ("ruin", d.number)
        raise RootlogError(f"an item cannot go to {d!r}")


# 4.1 an item card crafted goes to the discard pile, or onto the Mole Artisans' card
# (E.2.2: held revealed, then kept or discarded; docs/rootlog.md)
_CRAFTED: Final = frozenset({("discard",), ("board", "h_D", ""), ("board", "h_Dd", "")})


@cache
def _leaders() -> frozenset[str]:
    from rootlaw.factions.eyrie import LEADERS

    return frozenset(LEADERS)


def expect(actions: tuple[Action, ...], me: str, bases: dict[str, str],
           strict: bool = False) -> Expect:
    """The Expect of one line (its faction ``me``); a problem in an action (a name no
    card has, a form the replay cannot apply) is kept in ``problems``. ``strict``: a
    record rootlaw wrote (its forms are exact: a relic delved face down is flipped)."""
    r = Reader(me, bases)
    for a in actions:
        try:
            r.action(a)
        except RootlogError as e:
            r.e.problems.append(str(e.message if hasattr(e, "message") else e))
    if strict:
        r.face_up_delves()
    return r.e


def _relic(comp: Pattern) -> bool:
    """A Keepers relic's pattern (15.2.1: t_<type> face down, t_<value>_<type> up)."""
    if not isinstance(comp, tuple) or len(comp) != 4 or comp[0] != "t":
        return False
    codes = comp[2]
    kinds = codes if isinstance(codes, frozenset) else frozenset({codes})
    return any(isinstance(c, str) and c.count("_") == 2 and c[2].isdigit() for c in kinds)
