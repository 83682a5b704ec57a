"""The game as Rootlog sees it: how many of each component lie in each place.

Rootlog records the movement of components between places (summary, "Design idea"),
so the bridge between the engine and the notation is one function: ``ledger(g, who)``
counts every component a Rootlog can name in every place it can name, as a Counter of
``(component, place)`` keys. Two ledgers differ exactly by the movements between them;
the writer prints those differences and the reader checks the engine's against the
record's. Supplies are not places (2 MOVE: a piece's default source and destination),
so a piece placed from its supply appears and a piece removed disappears.

Components: ``("w", L)`` a warrior of faction letter L (``("w_w", "H")`` the warlord),
``("p", L)`` a pawn, ``("b", L, code)`` a building, ``("t", L, code, hidden)`` a token
(``hidden``: a face-down plot's type or relic's value, "?" to those who may not see it),
``("ruin",)``, ``("ferry",)``, ``("c", card)`` a card ("?" unseen), ``("i", item)``,
``("vp", L)`` a victory point, ``("path", a, b)`` a closed path; settings (one value
each): ``("rel", V, L)``, ``("price", key)``, ``("funds", "O")``, ``("outcast", "L")``,
``("marker", L)`` (dominance or coalition), ``("seat", i)`` (the faction of a seat).

Places: ``("c", n)`` clearing n (0 the Burrow), ``("fo", clearings)`` a forest,
``("hand", L)``, ``("deck",)``, ``("discard",)`` (with dominance cards near the map and
the Lizards' Lost Souls, 10.2.6, as the specification asks), ``("board", L, key)`` a
faction board (key "" the board, a decree or retinue column, ...), ``("Q",)`` quests on
offer, ``("qdeck",)``, ``("ruin", c)``, ``("isup",)`` the item supply, ``("out",)``
items removed from play, ``("items", L, area, state)`` items on a board (area s, d or t;
state r or e), ``("score",)``, ``("map",)``, ``("val", v)`` a setting's value.

Who sees what: ``who`` is ``ALL`` (everything, for a finished game), ``None`` (what the
whole table sees) or a seat (the table's view plus what that seat may see: its hand,
its supporters, its face-down plots). Hidden identities read "?".
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from operator import attrgetter
from typing import Any, Final

from rootlaw.core.faction_api import is_seat_name
from rootlaw.core.game import FOREST, Game
from rootlaw.rootlog import names

ALL: Final = "all"
Who = str | int | None
Key = tuple[Any, Any]
Ledger = Counter[Key]
UNSEEN: Final = "?"
# settings: one value at a time (a SetKey in the notation)
SETTINGS: Final = frozenset({"rel", "price", "funds", "outcast", "marker", "seat"})
VIZIER: Final = "loyal_vizier"  # 7.3.4: tucked with the leader, never notated


def letter_of(g: Game, s: int) -> str:
    f = g.factions[s]
    if is_seat_name(f):
        return UNSEEN
    return names.letter(f)


def base_of(g: Game, s: int) -> str:
    """The Law faction whose board a seat uses (a bot: the one it replaces, Rootbotics
    3.2)."""
    fd = g.fdefs[s]
    return fd.replaces or fd.id


def place_of(g: Game, loc: int) -> tuple[Any, ...]:
    """A map location of the engine (a clearing, the Burrow, FOREST + i) as a place."""
    if loc >= FOREST:
        return ("fo", g.board.forests[loc - FOREST][1])
    if loc == g.board.burrow:
        return ("c", 0)
    return ("c", loc)


def sees(g: Game, who: Who, s: int) -> bool:
    """Whether ``who`` sees what seat s keeps face down from the others."""
    return who == ALL or who == s


def ledger(g: Game, who: Who = ALL, letters: list[str] | None = None) -> Ledger:
    """``letters``: each seat's faction letter when the game does not say yet (a seat
    of the Advanced Setup's draft before it chooses, A.8.2: the record knows)."""
    return Lens(who, letters).snap(g).total()


_Area = tuple[Any, Ledger]


class Snap:
    """A ledger in parts (the map, the cards, the items, each faction's board), each
    with the raw state it was counted from: a part whose state did not change is not
    counted again (``Lens.snap(g, before)``), and two snaps differ only where their
    parts do (``delta``)."""

    __slots__ = ("areas",)

    def __init__(self, areas: dict[str, _Area]) -> None:
        self.areas = areas

    def total(self) -> Ledger:
        out: Ledger = Counter()
        for _, led in self.areas.values():
            out.update(led)
        return out


class Lens:
    """How one audience (``who``) counts the games of one record."""

    def __init__(self, who: Who = ALL, letters: list[str] | None = None) -> None:
        self.who = who
        self.letters = letters
        self._seen: tuple[Any, list[str]] = ((), [])  # the letters last found, and for what

    def seat_letters(self, g: Game) -> list[str]:
        """Each owner's letter: the seats', then the hirelings' (``h_<X>[d]``, 3)."""
        hire = g.hire
        key = (g.factions, None if hire is None else (tuple(hire.ids), tuple(hire.demoted)))
        if self._seen[0] != key:
            self._seen = (key, self._letters(g))
        return self._seen[1]

    def _letters(self, g: Game) -> list[str]:
        n = len(g.factions)
        own = [letter_of(g, s) for s in range(n)]
        if self.letters is not None:
            own = [own[s] if own[s] != UNSEEN else self.letters[s] for s in range(n)]
        return own + hireling_letters(g)

    def snap(self, g: Game, before: Snap | None = None) -> Snap:
        old = before.areas if before is not None else {}
        areas: dict[str, _Area] = {}
        letters: list[str] | None = None
        who = self.who
        for name, raw, count, s in self._parts(g):
            prev = old.get(name)
            if prev is not None and prev[0] == raw:
                areas[name] = prev
                continue
            if letters is None:
                letters = self.seat_letters(g)
            out: Ledger = Counter()
            count(g, s, letters, who, out)
            areas[name] = (raw, out)
        return Snap(areas)

    def _parts(self, g: Game) -> list[tuple[str, Any, Adapter, int]]:
        """(name, raw state, its counter, its seat or -1) for each part of the ledger."""
        facs = g.factions
        b = g.battle
        out: list[tuple[str, Any, Adapter, int]] = [  # the map in two: warriors move most
            ("warriors", (facs, tuple(map(tuple, g.warriors)), tuple(g.pawn), _warlords(g)),
             _warriors, -1),
            ("map", (facs, tuple(g.buildings), tuple(g.tokens), tuple(g.forest_tokens),
                     g.ferry, g.closed, getattr(g, "landmarks", None), _hidden_raw(g)),
             _map, -1),
            ("cards", (facs, tuple(map(tuple, g.hands)), tuple(map(tuple, g.played)),
                       tuple(g.dominance), tuple(g.coalition), tuple(g.discard),
                       tuple(g.available), b.ambush if b is not None else None,
                       tuple(g.quests), tuple(g.vp)),
             _cards, -1),
            # the decks apart: most cards that move go from a hand to the discard pile
            ("decks", (tuple(g.deck), tuple(g.quest_deck)), _decks, -1),
            ("items", (facs, tuple(sorted(g.supply.items())), tuple(g.ruin_items),
                       tuple(g.removed_items), tuple(map(tuple, g.items)), g.cards.exhausted),
             _items, -1),
        ]
        hire = g.hire
        if hire is not None:  # Appendix E: the cards, their control markers, their pieces
            out.append(("hire", (facs, tuple(hire.controller), tuple(hire.control),
                                 tuple(hire.on_card), tuple(hire.items), tuple(hire.exhausted),
                                 tuple(hire.paths), tuple(hire.revealed)), _hire, -1))
        for s in range(len(facs)):
            base = base_of(g, s)
            adapt = BOARDS.get(base)
            if adapt is not None:
                out.append((_BOARD_NAMES[s], (facs[s], _board_raw(g.fstate[s], base)), adapt, s))
        return out


def delta(a: Snap, b: Snap) -> tuple[Ledger, Ledger]:
    """(removed, added) between two snaps: only their changed parts are compared, and of
    those only the entries that differ (the items views' symmetric difference)."""
    net: dict[Key, int] = {}
    for name, (_, led) in b.areas.items():
        prev = a.areas.get(name)
        if prev is None:
            for k, v in led.items():
                net[k] = net.get(k, 0) + v
            continue
        old = prev[1]
        if old is led or dict.__eq__(old, led):  # kept from the snap before, or alike
            continue
        for k in {k for k, _ in led.items() ^ old.items()}:
            net[k] = net.get(k, 0) + led.get(k, 0) - old.get(k, 0)
    for name, (_, led) in a.areas.items():
        if name not in b.areas:
            for k, v in led.items():
                net[k] = net.get(k, 0) - v
    removed: Ledger = Counter()
    added: Ledger = Counter()
    for k, v in net.items():
        if v > 0:
            added[k] = v
        elif v < 0:
            removed[k] = -v
    return removed, added


def fold_reshuffle(removed: Ledger, added: Ledger, entries: list[tuple[Any, ...]]) -> None:
    """2.1: an empty deck is the discard pile shuffled. The shuffle itself is not
    notated (dropped here), a card drawn from the new deck in the same step seems to
    come from the discard pile: it came from the deck; and a card discarded in the same
    step just before (a craft's, whose draw empties the deck) seems to go to the deck:
    it went to the discard pile."""
    for e in entries:
        if e[0] in ("r", "f") and e[1] == "reshuffle":
            shuffled = list(e[2])
            for cid in set(shuffled):
                total = shuffled.count(cid)
                gone = (("c", cid), ("discard",))
                deck = (("c", cid), ("deck",))
                stayed = min(removed.get(gone, 0), added.get(deck, 0), total)
                for led, key in ((removed, gone), (added, deck)):
                    if stayed:
                        led[key] -= stayed
                        if not led[key]:
                            del led[key]
                drawn = min(removed.get(gone, 0), total - stayed)
                if drawn > 0:
                    removed[gone] -= drawn
                    if not removed[gone]:
                        del removed[gone]
                    removed[deck] += drawn
                came = min(added.get(deck, 0), total - stayed)
                if came > 0:
                    added[deck] -= came
                    if not added[deck]:
                        del added[deck]
                    added[gone] += came


_PLAIN: Final = frozenset({str, int, bool, float, type(None), tuple, frozenset})
# per class: its slots (those of its bases too) and their getter (None: no slots)
_GETTERS: dict[type, tuple[list[str], Callable[[Any], tuple[Any, ...]]] | None] = {}


def _raw(x: Any) -> Any:
    """A faction state as a plain comparable value (its slots, dicts as sorted pairs)."""
    t = type(x)
    if t in _PLAIN:
        return x
    if t is dict:
        return tuple(sorted([(k, v if type(v) in _PLAIN else _raw(v)) for k, v in x.items()]))
    if t is list:
        return tuple([v if type(v) in _PLAIN else _raw(v) for v in x])
    if t not in _GETTERS:
        slots = _slots(t)
        _GETTERS[t] = (slots, _getter(slots)) if slots else None
    found = _GETTERS[t]
    if found is None:
        return x
    return _plain_values(x, found[1], found[0])


def _plain_values(x: Any, get: Callable[[Any], tuple[Any, ...]], fields: list[str]
                  ) -> tuple[Any, ...]:
    """The fields of x (read by ``get`` in one call), each as a plain value."""
    try:
        vals = get(x)
    except AttributeError:  # a slot never set
        vals = tuple([getattr(x, f, None) for f in fields])
    return tuple([v if type(v) in _PLAIN else _raw(v) for v in vals])


def _slots(t: type) -> list[str]:
    found: list[str] = []
    for cls in t.__mro__:
        slots = getattr(cls, "__slots__", ())
        found.extend((slots,) if isinstance(slots, str) else slots)
    return found


def _getter(fields: list[str]) -> Callable[[Any], tuple[Any, ...]]:
    """Those fields' values, in one call (always a tuple)."""
    if not fields:
        return lambda x: ()
    get = attrgetter(*fields)
    return get if len(fields) > 1 else lambda x: (get(x),)


def _hidden_raw(g: Game) -> Any:
    out = []
    for fs in g.fstate:
        fd = getattr(fs, "facedown", None)
        if fd is not None:
            out.append(fd)
        vals = getattr(fs, "values", None)
        if vals is not None:
            out.append(vals)
    return tuple(out)


def _warlords(g: Game) -> Any:
    """Where each Hundreds' warlord stands (14.2.2: counted among the warriors)."""
    return tuple([getattr(fs, "warlord", 0) for fs in g.fstate])


def _warriors(g: Game, _s: int, letters: list[str], _who: Who, out: Ledger) -> None:
    """Warriors and pawns on the map (2.2); the Hundreds' warlord among its warriors
    (14.2.2)."""
    n = len(g.factions)
    for s in range(len(g.warriors)):  # the seats, then the hirelings (E: owners n + k)
        L = letters[s]
        row = g.warriors[s]
        for c in range(1, len(row)):
            if row[c]:
                out[(("w", L), place_of(g, c))] += row[c]
        if g.pawn[s]:
            out[(("p", L), place_of(g, g.pawn[s]))] += 1
        warlord = getattr(g.fstate[s], "warlord", 0) if s < n else 0
        if warlord and base_of(g, s) == "hundreds":
            place = place_of(g, warlord)
            out[(("w", L), place)] -= 1
            if out[(("w", L), place)] <= 0:
                del out[(("w", L), place)]
            out[(("w_w", L), place)] += 1


def _map(g: Game, _s: int, letters: list[str], who: Who, out: Ledger) -> None:
    """The map but its warriors (``_warriors``): buildings, tokens (2.3-2.4), the ferry,
    landmarks, closed paths."""
    hidden = _face_down(g, who)
    for c in range(1, len(g.buildings)):
        place = place_of(g, c)
        for owner, kind in g.buildings[c]:
            if owner < 0:
                out[(("ruin",), place)] += 1
            else:
                out[(("b", letters[owner], _code(g, owner, kind)), place)] += 1
        for owner, kind in g.tokens[c]:
            out[(_token(g, owner, kind, c, hidden, letters), place)] += 1
    for i, toks in enumerate(g.forest_tokens):
        for owner, kind in toks:
            out[(_token(g, owner, kind, FOREST + i, hidden, letters), place_of(g, FOREST + i))] += 1
    if g.ferry:
        out[(("ferry",), ("c", g.ferry))] += 1
    lm = getattr(g, "landmarks", None)
    if lm is not None:  # Appendix F, set up in A.5 (the Ferry is the ferry piece above)
        for name, where in (("tower", lm.tower), ("city", lm.lost_city), ("forge", lm.forge),
                            ("market", lm.market), ("treetop", lm.treetop)):
            if where:
                out[(("lm", name), ("c", where))] += 1
        for item in lm.forge_items:
            out[(("i", item), ("lm", "forge"))] += 1
        for cid in lm.market_cards:  # face down to every seat
            out[(("c", cid if who == ALL else UNSEEN), ("lm", "market"))] += 1
    for a, b in g.closed:
        out[(("path", a, b), ("map",))] += 1


def _cards(g: Game, _s: int, letters: list[str], who: Who, out: Ledger) -> None:
    """Cards (2 Card): hands, crafted improvements, the discard pile, quests (the decks:
    ``_decks``); victory points, VP markers and who took each seat."""
    for s in range(len(g.factions)):
        mine = who == ALL or who == s or g.fdefs[s].public_hand
        for cid in g.hands[s]:
            out[(("c", cid if mine else UNSEEN), ("hand", letters[s]))] += 1
        for cid in g.played[s]:
            out[(("c", cid), ("board", letters[s], ""))] += 1
        dom = g.dominance[s]
        if dom:  # 3.3.1 an activated dominance card lies before its player
            out[(("c", dom), ("board", letters[s], ""))] += 1
            partner = g.coalition[s]  # 9.2.8 the VP marker on the partner's board
            out[(("marker", letters[s]), ("val", letters[partner if partner >= 0 else s]))] += 1
        if g.vp[s]:
            out[(("vp", letters[s]), ("score",))] += g.vp[s]
        out[(("seat", s), ("val", letter_of(g, s)))] += 1  # A.8.2 who took the seat
    for cid in g.discard:
        out[(("c", cid), ("discard",))] += 1
    b = g.battle
    if b is not None and b.ambush:  # 4.3.1 an ambush card played is on its way there
        out[(("c", b.ambush), ("discard",))] += 1
    for cid in g.available:
        out[(("c", cid), ("discard",))] += 1
    for qid in g.quests:
        out[(("c", qid), ("Q",))] += 1


def _decks(g: Game, _s: int, _letters: list[str], who: Who, out: Ledger) -> None:
    """The deck (2.1) and the quest deck (9.3.3), face down but to ``ALL``."""
    for cid in g.deck:
        out[(("c", cid if who == ALL else UNSEEN), ("deck",))] += 1
    for qid in g.quest_deck:
        out[(("c", qid if who == ALL else UNSEEN), ("qdeck",))] += 1


def _items(g: Game, _s: int, letters: list[str], who: Who, out: Ledger) -> None:
    """Items (2 Item): the supply, the ruins, crafted items, items removed from play."""
    for item, k in g.supply.items():
        if k:
            out[(("i", item), ("isup",))] += k
    for c in range(1, len(g.ruin_items)):
        for item in g.ruin_items[c]:
            out[(("i", item if who == ALL else UNSEEN), ("ruin", c))] += 1
    for item in g.removed_items:
        out[(("i", item), ("out",))] += 1
    for s in range(len(g.factions)):
        items = g.items[s]
        if items:
            tired = list(g.cards.exhausted[s])
            for item in items:
                state = "r"
                if item in tired:
                    tired.remove(item)
                    state = "e"
                out[(("i", item), ("items", letters[s], "s", state))] += 1


def _code(g: Game, s: int, kind: str) -> str:
    if s >= len(g.factions):  # a hireling's (3 Hirelings): one kind of building, of token
        hire = g.hire
        hd = hire.defs[s - len(g.factions)] if hire is not None else None
        return "t" if hd is not None and kind == hd.token_kind else "b"
    try:
        return names.piece_code(g.factions[s], kind)
    except KeyError:
        return kind  # a piece the notation does not name (written as the engine calls it)


def _face_down(g: Game, who: Who) -> dict[int, list[str]]:
    """Face-down identities by location (13.2.2 plots, 15.2.1 relic values), as the
    notation's hidden part ("b" a bomb, "2" a relic's value), for those who see them."""
    out: dict[int, list[str]] = {}
    for s in range(len(g.factions)):
        base = base_of(g, s)
        fs = g.fstate[s]
        if base == "corvids":
            fd = getattr(fs, "facedown", None)
            if fd is not None:
                for loc, ident in zip(fd.locs, fd.ids, strict=True):
                    out.setdefault(loc, []).append(
                        ident[0] if sees(g, who, s) else UNSEEN)  # bomb -> b
        elif base == "keepers":
            vals = getattr(fs, "values", None)
            if vals is not None:
                for loc, ident in zip(vals.locs, vals.ids, strict=True):
                    # 15.3.1: nobody sees a face-down relic's value, its owner neither
                    out.setdefault(loc, []).append(ident if who == ALL else
                                                   ident.rstrip("0123456789") + UNSEEN)
    return out


def _token(g: Game, owner: int, kind: str, loc: int, hidden: dict[int, list[str]],
           letters: list[str]) -> tuple[Any, ...]:
    code = _code(g, owner, kind)
    if kind == "plot":  # face down: its identity apart (13.2.2)
        ids = hidden.get(loc)
        return ("t", letters[owner], "t", ids.pop(0) if ids else UNSEEN)
    if kind in ("figure", "tablet", "jewelry"):  # a face-down relic: its value (15.2.1)
        ids = hidden.get(loc) or []
        for i, ident in enumerate(ids):
            if ident.startswith(kind):
                ids.pop(i)
                return ("t", letters[owner], code, ident[len(kind):])
        return ("t", letters[owner], code, UNSEEN)
    return ("t", letters[owner], code, "")


# ------------------------------------------------------------------ hirelings


def hireling_letters(g: Game) -> list[str]:
    """3 Hirelings: the owner code of each card dealt, in the order dealt (owners n + k),
    ``h_<X>`` or ``h_<X>d`` (the demoted side, A.6.2)."""
    hire = g.hire
    if hire is None:
        return []
    return [names.hireling(c, d) for c, d in zip(hire.ids, hire.demoted, strict=True)]


def _hire(g: Game, _s: int, letters: list[str], _who: Who, out: Ledger) -> None:
    """Appendix E as the ledger counts it (docs/rootlog.md, Hirelings): a card held lies
    on its controller's board with its control markers (``("hire", L, markers)``, 3:
    ``h_E->A$4``; in the supply: no place, E.1.1); what lies on a card is on the
    hireling's own board ``h_<X>$`` (the Forest Patrol's warriors, the Exile's items by
    side, the Mole Artisans' revealed cards, E.2.2); a bandit on a path is at the path
    ``<low>_<high>`` (2 Path, written like a forest of two clearings). The hiring
    markers (A.6.4, E.1.1) follow the score and the hires: not counted."""
    hire = g.hire
    assert hire is not None
    n = len(g.factions)
    for k in range(len(hire.ids)):
        hL = letters[n + k]
        ctl = hire.controller[k]
        if ctl >= 0:
            out[(("h", hL), ("hire", letters[ctl], hire.control[k]))] += 1
        if hire.on_card[k]:
            out[(("w", hL), ("board", hL, ""))] += hire.on_card[k]
        items = hire.items[k]
        fresh = len(items) - hire.exhausted[k]  # E.2.2 the Exile: a count exhausted
        for i, item in enumerate(items):
            out[(("i", item), ("items", hL, "s", "r" if i < fresh else "e"))] += 1
        for a, b in hire.paths[k]:
            out[(("w", hL), ("fo", (a, b)))] += 1
    revealed = [cid for cards in hire.revealed for cid in cards]  # by the seat that showed
    if revealed:  # E.2.2 Mole Artisans: the cards kept revealed lie on their card
        hL = letters[n + hire.ids.index("sunward_expedition")]
        for cid in revealed:
            out[(("c", cid), ("board", hL, ""))] += 1


# ------------------------------------------------------------- faction boards

Adapter = Callable[[Game, int, list[str], Who, Ledger], None]
_BOARD_NAMES: Final = tuple(f"f{s}" for s in range(16))  # a part's name per seat


def _eyrie(g: Game, s: int, letters: list[str], who: Who, out: Ledger) -> None:
    """7.3-7.5: the leader and the Decree's columns (viziers are the leader's, 7.3.4)."""
    fs: Any = g.fstate[s]
    L = letters[s]
    leader = getattr(fs, "leader", None)
    if leader:
        out[(("c", leader), ("board", L, ""))] += 1
    keys = tuple(names.DECREE.values())
    if base_of(g, s) != g.fdefs[s].id:  # the Electric Eyrie's columns are suits (5.5.1)
        from rootlaw.bots.electric_eyrie import COLUMNS

        keys = tuple(names.SUIT_LETTER[c] for c in COLUMNS)
    for key, col in zip(keys, fs.decree, strict=True):
        for cid in col:
            if cid != VIZIER:
                out[(("c", cid), ("board", L, key))] += 1
    # the Electric Eyrie's order card goes into its Decree in the step it is revealed
    # (Rootbotics 5.4.1-5.4.3): it is there, not beside it


def _order(g: Game, s: int, L: str, out: Ledger) -> None:
    """A bot's order card, revealed (Law of Rootbotics 2.7)."""
    order = getattr(g.fstate[s], "order", None)
    if isinstance(order, str) and order:
        out[(("c", order), ("board", L, "order"))] += 1


def _alliance(g: Game, s: int, letters: list[str], who: Who, out: Ledger) -> None:
    """8.2.3 supporters (face down) and 8.5.3 officers, on the Alliance's board."""
    fs: Any = g.fstate[s]
    L = letters[s]
    for cid in getattr(fs, "supporters", ()):
        out[(("c", cid if sees(g, who, s) else UNSEEN), ("board", L, "sup"))] += 1
    officers = getattr(fs, "officers", 0)
    if officers:
        out[(("w", L), ("board", L, ""))] += officers
    _order(g, s, L, out)


def _vagabond(g: Game, s: int, letters: list[str], who: Who, out: Ledger) -> None:
    """9.2: the character, the items by area and side, relationships, quests done."""
    fs: Any = g.fstate[s]
    L = letters[s]
    if fs.character:
        out[(("c", fs.character), ("board", L, ""))] += 1
    for qid in fs.quests_done:
        out[(("c", qid), ("board", L, ""))] += 1
    if isinstance(getattr(fs, "items", None), dict):
        from rootlaw.factions.vagabond import TRACK_CAP, TRACKED

        for item, (ready, tired, dmg_up, dmg_down) in fs.items.items():
            track = min(ready, TRACK_CAP) if item in TRACKED else 0  # 9.2.5.III
            for area, state, k in (("t", "r", track), ("s", "r", ready - track),
                                   ("s", "e", tired), ("d", "r", dmg_up), ("d", "e", dmg_down)):
                if k:
                    out[(("i", item), ("items", L, area, state))] += k
        if getattr(fs, "scorched", 0):  # D.6.2 the Scoundrel's torch lies in the clearing
            out[(("i", "torch"), ("ruin", fs.scorched))] += 1
        for other, level in fs.relations.items():  # 9.2.9 (not with a seat still drafting)
            if not is_seat_name(other):
                out[(("rel", L, names.letter(other)), ("val", names.RELATIONSHIPS[level]))] += 1
    else:  # the Vagabot (Rootbotics 7.2): its items by kind, their sides by count
        for item in fs.kinds:
            out[(("i", item), ("items", L, "s", "r"))] += 1
    _order(g, s, L, out)


def _lizards(g: Game, s: int, letters: list[str], who: Who, out: Ledger) -> None:
    """10.2: acolytes on the board, the outcast; the Lost Souls read as discarded and
    revealed cards as still in hand (the specification's conventions)."""
    fs: Any = g.fstate[s]
    L = letters[s]
    if fs.acolytes:
        out[(("w", L), ("board", L, ""))] += fs.acolytes
    if fs.outcast:
        mark = ("ho" if fs.hated else "o") + names.SUIT_LETTER[fs.outcast]
        out[(("outcast", L), ("val", mark))] += 1
    for cid in fs.lost_souls:
        out[(("c", cid), ("discard",))] += 1
    for cid in fs.revealed:
        out[(("c", cid), ("hand", L))] += 1


def _riverfolk(g: Game, s: int, letters: list[str], who: Who, out: Ledger) -> None:
    """11.2.4: the warriors in the Payments and Committed boxes on the board (``$``),
    those in the Funds box apart (``$_f``: which owner's warriors remain to spend); the
    number of funds (the ``$_f->n`` the specification writes); the prices."""
    fs: Any = g.fstate[s]
    L = letters[s]
    for box, key in ((fs.payments, ""), (fs.funds, "f"), (fs.committed, "")):
        for owner, k in box.items():
            if k:
                out[(("w", letters[owner]), ("board", L, key))] += k
    out[(("funds", L), ("val", str(sum(fs.funds.values()))))] += 1
    for key, price in zip(names.PRICES.values(), fs.prices, strict=True):
        out[(("price", key), ("val", str(price)))] += 1


def _duchy(g: Game, s: int, letters: list[str], who: Who, out: Ledger) -> None:
    """12.2.3 swayed ministers on the board; revealed cards read as in hand."""
    fs: Any = g.fstate[s]
    L = letters[s]
    for m in fs.swayed:
        out[(("c", m), ("board", L, ""))] += 1
    for cid in fs.revealed:
        out[(("c", cid), ("hand", L))] += 1  # 12.5.3 revealed: everyone saw it


def _hundreds(g: Game, s: int, letters: list[str], who: Who, out: Ledger) -> None:
    """14.2: the mood and the Hoard on the board (the warlord: ``_map``)."""
    fs: Any = g.fstate[s]
    L = letters[s]
    if fs.mood:
        out[(("c", fs.mood), ("board", L, ""))] += 1
    for item in fs.command + fs.prowess:
        out[(("i", item), ("items", L, "s", "r"))] += 1


def _keepers(g: Game, s: int, letters: list[str], who: Who, out: Ledger) -> None:
    """15.2: the Retinue's columns and the recovered relics on the board."""
    from rootlaw.factions.keepers import TYPES

    fs: Any = g.fstate[s]
    L = letters[s]
    for key, col in zip(names.RETINUE.values(), fs.retinue, strict=True):
        for cid in col:
            out[(("c", cid), ("board", L, key))] += 1
    for t, values in zip(TYPES, fs.recovered, strict=True):
        for v in values:
            out[(("t", L, f"t_{v}_{t[0]}", ""), ("board", L, ""))] += 1
    for ident in fs.limbo:  # removed, waiting for 15.2.5 Prized Trophies
        out[(("t", L, names.piece_code("keepers", ident), ""), ("board", L, "limbo"))] += 1
    for ident in fs.unplaced:  # setup (15.3.3): face down beside the board
        t = ident.rstrip("0123456789")
        out[(("t", L, names.piece_code("keepers", t), ident[-1] if who == ALL else UNSEEN),
             ("board", L, "unplaced"))] += 1


BOARDS: Final[dict[str, Adapter]] = {
    "eyrie": _eyrie, "alliance": _alliance, "vagabond": _vagabond, "vagabond2": _vagabond,
    "lizards": _lizards, "riverfolk": _riverfolk, "duchy": _duchy, "hundreds": _hundreds,
    "keepers": _keepers, "marquise": lambda g, s, letters, who, out: _order(
        g, s, letters[s], out),
}


ORDER: Final = ("order",)  # a bot's order card (Rootbotics 2.7), ``_order``
# the faction state each board's count reads: a change elsewhere in the state (which the
# notation does not show) does not count the board again
FIELDS: Final[dict[str, tuple[str, ...]]] = {
    "eyrie": ("leader", "decree"), "alliance": ("supporters", "officers", *ORDER),
    "vagabond": ("character", "quests_done", "items", "scorched", "relations", "kinds",
                 *ORDER),
    "lizards": ("acolytes", "outcast", "hated", "lost_souls", "revealed"),
    "riverfolk": ("payments", "funds", "committed", "prices"), "duchy": ("swayed", "revealed"),
    "hundreds": ("mood", "command", "prowess"),
    "keepers": ("retinue", "recovered", "limbo", "unplaced"), "marquise": ORDER}
FIELDS["vagabond2"] = FIELDS["vagabond"]


# per (class, board): the fields of FIELDS the class has, and their getter
_BOARD_GETTERS: dict[tuple[type, str], tuple[list[str], Callable[[Any], tuple[Any, ...]]]] = {}


def _board_raw(fs: Any, base: str) -> Any:
    """The part of a faction's state its board's count reads (``FIELDS``), plain."""
    key = (type(fs), base)
    found = _BOARD_GETTERS.get(key)
    if found is None:
        have = set(dir(type(fs)))  # a bot's "order", the Vagabot's "kinds": some lack them
        fields = [f for f in FIELDS[base] if f in have]
        found = _BOARD_GETTERS[key] = (fields, _getter(fields))
    return _plain_values(fs, found[1], found[0])


def states_raw(g: Game) -> Any:
    """Every faction's whole state as a plain value (a search's fingerprint of a
    position: the snap's parts hold only what the notation shows)."""
    return tuple([_raw(fs) for fs in g.fstate])


def is_setting(key: Key) -> bool:
    return key[0][0] in SETTINGS


def diff(before: Ledger, after: Ledger) -> tuple[Ledger, Ledger]:
    """(removed, added): what left each place, what arrived."""
    removed: Ledger = Counter()
    added: Ledger = Counter()
    for k, v in before.items():
        d = v - after.get(k, 0)
        if d > 0:
            removed[k] = d
        elif d < 0:
            added[k] = -d
    for k, v in after.items():
        if k not in before and v > 0:
            added[k] = v
    return removed, added


VAGABOT_NOTE: Final = "rootlaw-vagabot: "


def vagabot_sides(g: Game) -> str:
    """The Vagabot's items by side (Rootbotics 7.2: counts, not kinds, which Rootlog
    cannot write): face up and face down in the Satchel, the Battle Track's items left
    to right (u face up, d face down), face up and face down in the Damaged box;
    ``5/2 ud 0/1``. "" without a Vagabot."""
    if "vagabot" not in g.factions:
        return ""
    fs: Any = g.fstate[g.seat_of("vagabot")]
    track = "".join("u" if x else "d" for x in fs.track) or "-"
    return f"{fs.ready}/{fs.exhausted} {track} {fs.dmg_up}/{fs.dmg_down}"
