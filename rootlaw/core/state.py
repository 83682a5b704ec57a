"""The game's state: its fields, the piece index and the counts read from it.

``GameState`` holds every field of a game (plain data: lists of small ints, strings and
tuples); the classes above it (seats, chance, clearings, pieces, scoring, engine, game)
add behaviour only, so ``Game`` stays one object with one set of slots.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from rootlaw.core.cardstate import CardState
from rootlaw.core.catalog import (
    Board,
    Deck,
)
from rootlaw.core.faction_api import (
    FactionDef,
    FactionState,
    RuleSet,
)
from rootlaw.core.hired import Hire
from rootlaw.core.options import Option
from rootlaw.core.steps import Handler, Step

if TYPE_CHECKING:
    from mypy_extensions import i64

    from rootlaw.core.advanced import Advanced
    from rootlaw.core.battle import Battle
    from rootlaw.core.landmarks import Landmarks


WIN_SCORE: Final = 30  # 3.1
HAND_LIMIT: Final = 5  # 6.6, 7.6.2
RUIN: Final = -1  # owner seat of ruins (2.2.4)
FOREST: Final = 100  # pawn locations FOREST + i are the map's forests (2.4)
# g.once: the current player has drawn a card in its Evening (13.2.4 Exposure closes,
# 13.6.1 Exert is no longer possible); marked in games with an anytime rule (Corvids)
EVENING_DRAWN: Final = "evening_drawn"

Piece = tuple[int, str]  # (owner seat, kind)
_CLEARING_SUITS: Final[tuple[str, ...]] = ("fox", "rabbit", "mouse")  # 2.2.2 (catalog.SUITS)
_ONE_SUIT: Final[dict[str, tuple[str, ...]]] = {x: (x,) for x in _CLEARING_SUITS}
LogCell = tuple[Any, Any] | None  # persistent list: (entry, previous cell)


class SeatHooks:
    """Which seats' rules the engine must ask (the flags ``register`` sets on each
    FactionDef), worked out once for a tuple of FactionDefs: ``Game.hooks`` compares the
    tuple by identity (``fdefs`` is replaced, never changed in place), so loops over
    every seat at each placement or move ask only the seats with such a rule."""

    __slots__ = ("fdefs", "movers", "placers", "anytime", "rule")

    def __init__(self, fdefs: tuple[FactionDef, ...]) -> None:
        self.fdefs = fdefs
        self.movers: list[int] = []  # seats whose rule may forbid a move (blocks_move)
        self.placers: list[int] = []  # seats whose rule may forbid placing (blocks_placement)
        self.anytime = False  # a seat has a rule usable anytime (anytime_options)
        self.rule = False  # a seat's rule changes who rules (rules_outright, lends, bonus)
        for o in range(len(fdefs)):
            fd = fdefs[o]
            if fd.claims_rule or fd.lends_warriors or fd.adds_rule:
                self.rule = True
            if fd.limits_movement:
                self.movers.append(o)
            if fd.limits_placement:
                self.placers.append(o)
            if fd.offers_anytime:
                self.anytime = True


NO_HOOKS: Final = SeatHooks(())


def total(xs: list[int]) -> int:
    """The sum of a list of ints (a seat's warriors by clearing): a loop, which compiled
    is native arithmetic, where ``sum`` is a call into the interpreter."""
    n = 0
    for x in xs:
        n += x
    return n


def _without(items: tuple[int, ...], x: int) -> tuple[int, ...]:
    """``items`` without its first ``x`` (which it holds): the piece index's removal,
    by a loop (``tuple.index`` is a method call by name, compiled)."""
    i = 0
    while items[i] != x:
        i += 1
    return items[:i] + items[i + 1:]


class GameState:
    """The fields of a game and the piece index (see ``Game``)."""
    __slots__ = (
        "board", "deckdef", "factions", "fdefs", "suits", "warriors", "buildings", "tokens",
        "hands", "vp", "dominance", "items", "played", "fstate", "deck", "discard",
        "available", "supply", "turn_seat", "turn_no", "phase", "craft_used", "once",
        "battle", "rng", "forced", "stack", "_log", "won", "win_reason", "peeks",
        "version", "setup", "_options", "_pending", "_pending_h", "_rulers", "_where",
        "_owners", "pawn",
        "coalition", "quests", "quest_deck", "ruin_items", "removed_items", "adj", "closed",
        "ferry", "cards", "token_rule", "forest_tokens", "adv", "ruleset", "landmarks",
        "hire", "shares", "_sharer", "_sharer_of", "_hooks", "_rtable", "_rclosed",
    )

    board: Board
    deckdef: Deck
    factions: tuple[str, ...]
    fdefs: tuple[FactionDef, ...]
    suits: tuple[str, ...]
    warriors: list[list[int]]
    buildings: list[tuple[Piece, ...]]
    tokens: list[tuple[Piece, ...]]
    hands: list[list[str]]
    vp: list[int]
    dominance: list[str | None]
    items: list[list[str]]
    played: list[list[str]]
    fstate: list[FactionState]
    deck: list[str]
    discard: list[str]
    available: list[str]
    supply: dict[str, int]
    turn_seat: int
    turn_no: int
    phase: str
    craft_used: list[int]
    once: frozenset[str]
    battle: Battle | None
    rng: i64  # the random state (core/rng.py); saved unsigned
    forced: list[list[Any]]
    stack: list[Step]
    _log: LogCell
    won: tuple[str, ...]
    win_reason: str
    peeks: dict[int, dict[int, list[str]]]
    version: int
    setup: dict[str, Any]
    # the pending decision: its options (None when none is pending: the game is over,
    # or the engine is between steps) and the step that asks it. ``decision`` makes the
    # Decision object when asked: none is built for a random game or a rollout that reads
    # ``legal_options``, and the game never holds a decision that holds the game (a
    # reference cycle, freed only by the garbage collector)
    _options: list[Option] | None
    _pending: Step
    _pending_h: Handler | None  # the pending step's handler (None: look it up)
    _hooks: SeatHooks  # see ``hooks``
    # the map's links with rivers as paths (``river_table``), and the closed paths it was
    # worked out for (None: not yet)
    _rtable: tuple[tuple[int, ...], ...]
    _rclosed: tuple[tuple[int, int], ...] | None
    pawn: list[int]  # pawn location per seat: clearing, FOREST + forest index, 0 if none
    coalition: list[int]  # 9.2.8: seat of the coalition partner, -1 if none
    quests: list[str]  # face-up quests (9.3.3; shared by two Vagabonds, 9.7.2)
    quest_deck: list[str]
    ruin_items: list[tuple[str, ...]]  # items under each clearing's ruin (9.3.4)
    removed_items: list[str]  # items removed from the game (G.1.22)
    _rulers: list[int] | None  # cache of who rules each clearing; None when stale
    # index: by owner (position owner + 1: the ruins' -1 first, then the seats, then the
    # hirelings), each building and token kind on the map -> its clearings, in order,
    # with repeats; kept by place_building/place_token/take_piece and shared with copies,
    # so the list and the owner's dict are replaced on change, never changed in place
    # (one list index and one lookup by an interned string: no (owner, kind) tuple to
    # build, hash and compare on every count)
    _where: list[dict[str, tuple[int, ...]]]
    # per clearing, the owners of its buildings and tokens (with repeats, in no order):
    # "has s a building or token here?" is a loop over ints, not over pieces; kept with
    # the index above (a copy copies the list, its tuples are replaced, never changed)
    _owners: list[tuple[int, ...]]
    # the map now (Appendix C): adjacency (2.2.1; C.3.2 closed paths are not paths), the
    # closed paths still on the map (C.3.3 removes them), the Ferry's clearing (C.2.5)
    adj: tuple[tuple[int, ...], ...]
    closed: tuple[tuple[int, int], ...]
    ferry: int
    cards: CardState  # what the Exiles & Partisans cards hold (Coffin Makers, ...)
    token_rule: tuple[int, ...]  # per seat: what each token counts toward rule (Soup Kitchens)
    # tokens in forests (2.4: places for pieces besides clearings; 15.2.1 relics), by forest
    # index; a forest's location is FOREST + index (as for pawns): place_token, take_piece
    # and the piece index take such locations like clearings
    forest_tokens: list[tuple[Piece, ...]]
    # the Advanced Setup's record (Appendix A: first player, the draft's pool, homelands);
    # None in a game set up by the Standard Setup (5.1). Never changed in place.
    adv: Advanced | None
    # the rule set played (DESIGN.md: the Law, or a variant such as the prototype): its
    # factions, first step and winning score; named by setup["rules"] (none: the Law)
    ruleset: RuleSet
    # the landmarks of Appendix F set up in A.5 (core/landmarks.py); None in a game
    # without landmark cards (the map's own Tower and Ferry are then ``board.the_pass``
    # and ``ferry``). Never changed in place. Read through the clearing helpers below
    # (``suit_match``, ``suits_at``, ``slots_at``...), never by factions directly
    landmarks: Landmarks | None
    # the hirelings (Appendix E; core/hired.py): their cards, controllers and markers;
    # their pieces are the owners after the seats in the piece arrays. None without them
    hire: Hire | None

    # the seat of a faction whose warriors other players treat as their own for all
    # intents on their turns (Crusader BK.2.4 Mice Mischief: ``sharer()``), -1 if none,
    # worked out for the seating ``_sharer_of`` (setup seats the players at random)
    _sharer: int
    _sharer_of: tuple[FactionDef, ...]
    shares: bool  # whether such a faction is seated at all (seating does not change it)

    def entries_after(self, entry: tuple[Any, ...] | None) -> list[tuple[Any, ...]]:
        """The record's entries after ``entry`` (one of its entries, by identity; None:
        the whole record), oldest first: cheap for a viewer that reads only what is new."""
        out: list[tuple[Any, ...]] = []
        cell = self._log
        while cell is not None and cell[0] is not entry:
            out.append(cell[0])
            cell = cell[1]
        out.reverse()
        return out

    @property
    def last_entry(self) -> tuple[Any, ...] | None:
        """The newest entry of the record (None before any)."""
        cell = self._log
        return cell[0] if cell is not None else None

    @property
    def log(self) -> list[tuple[Any, ...]]:
        out: list[tuple[Any, ...]] = []
        cell = self._log
        while cell is not None:
            out.append(cell[0])
            cell = cell[1]
        out.reverse()
        return out

    def note(self, *entry: Any) -> None:
        """Add an entry to the game record (random results, scoring, events)."""
        self._log = (entry, self._log)

    def buildings_of(self, s: int, kind: str) -> list[int]:
        """Clearings holding each of s's buildings (or tokens) of ``kind``, with repeats,
        in clearing order. A new list: callers may change it."""
        return list(self.piece_clearings(s, kind))

    def has_piece_at(self, s: int, kind: str, c: int) -> bool:
        """Whether s has a building or token of ``kind`` in c (from the index: no tuple
        to build and search, ``(s, kind) in g.tokens[c]``)."""
        for x in self.piece_clearings(s, kind):
            if x == c:
                return True
        return False

    def piece_clearings(self, s: int, kind: str) -> tuple[int, ...]:
        """Like ``buildings_of``, as a tuple to read (no copy)."""
        where = self._where
        i = s + 1
        if i < len(where):
            found = where[i].get(kind)
            if found is not None:
                return found
        return ()

    def count_kinds(self, s: int, kinds: tuple[str, ...]) -> int:
        """How many of s's buildings and tokens of any of ``kinds`` are on the map."""
        n = 0
        for kind in kinds:
            n += self.count_building(s, kind)
        return n

    def kinds_clearings(self, s: int, kinds: tuple[str, ...]) -> tuple[int, ...]:
        """The clearings (or forests) of s's pieces of any of ``kinds``, one per piece,
        in order (``piece_clearings`` of several kinds)."""
        if len(kinds) == 1:
            return self.piece_clearings(s, kinds[0])
        out: list[int] = []
        for kind in kinds:
            out.extend(self.piece_clearings(s, kind))
        out.sort()
        return tuple(out)

    def pieces_by_suit(self, s: int, kind: str) -> tuple[int, int, int]:
        """How many of s's pieces of ``kind`` stand in fox, rabbit and mouse clearings
        (crafting pieces, 4.1.1)."""
        fox = rabbit = mouse = 0
        suits = self.suits
        lm = self.landmarks
        wild = lm.lost_city if lm is not None else 0  # any suit there: wild_pieces
        for c in self.piece_clearings(s, kind):
            if c == wild:
                continue
            suit = suits[c]
            if suit == "fox":
                fox += 1
            elif suit == "rabbit":
                rabbit += 1
            elif suit == "mouse":
                mouse += 1
        return (fox, rabbit, mouse)

    def _index_all(self) -> None:
        """Build the piece index from the map (a loaded game, or a map set by hand)."""
        self._where = []
        self._owners = [()] * len(self.buildings)
        for c in range(1, len(self.buildings)):
            for p in self.buildings[c] + self.tokens[c]:
                self._index_add(p, c)
        for i in range(len(self.forest_tokens)):
            for p in self.forest_tokens[i]:
                self._index_add(p, FOREST + i)

    def _index_add(self, piece: Piece, c: int) -> None:
        where = self._where[:]  # copy on write: copies share the index
        o: int = piece[0] + 1
        while len(where) <= o:
            where.append({})
        kinds = dict(where[o])
        kind: str = piece[1]
        old = kinds.get(kind, ())
        i = 0
        while i < len(old) and old[i] <= c:  # keep clearing order
            i += 1
        kinds[kind] = old[:i] + (c,) + old[i:]
        where[o] = kinds
        self._where = where
        if c < FOREST:
            self._owners[c] = self._owners[c] + (piece[0],)

    def _index_remove(self, piece: Piece, c: int) -> None:
        where = self._where[:]
        o: int = piece[0] + 1
        kinds = dict(where[o])
        kind: str = piece[1]
        rest = _without(kinds[kind], c)
        if rest:
            kinds[kind] = rest
        else:
            del kinds[kind]
        where[o] = kinds
        self._where = where
        if c < FOREST:
            self._owners[c] = _without(self._owners[c], piece[0])

    def count_building(self, s: int, kind: str) -> int:
        """How many of s's buildings (or tokens) of ``kind`` are on the map."""
        where = self._where
        i = s + 1
        if i < len(where):
            found = where[i].get(kind)
            if found is not None:
                return len(found)
        return 0

    def count_token(self, s: int, kind: str) -> int:
        """How many of s's tokens of ``kind`` are on the map (pieces are told apart by kind)."""
        return self.count_building(s, kind)

    def faction_pieces(self, s: int, c: int) -> list[Piece]:
        """s's buildings and tokens in clearing c."""
        return [p for p in self.buildings[c] + self.tokens[c] if p[0] == s]

    def has_any_piece(self, s: int, c: int) -> bool:
        """Any faction piece of s in c: warriors, pawn, buildings or tokens."""
        if self.warriors[s][c] or self.pawn[s] == c:
            return True
        for o in self._owners[c]:  # its buildings and tokens (the index's owners)
            if o == s:
                return True
        return False

    def push(self, *steps: Step) -> None:
        """Schedule steps to run in the given order (before anything already scheduled)."""
        stack = self.stack
        i = len(steps) - 1
        while i >= 0:
            stack.append(steps[i])
            i -= 1

    def push_all(self, steps: list[Step]) -> None:
        """``push`` for a list of steps, which it reverses in place (a caller's list
        built for the call): one reverse and one extend, which grows the stack once,
        where an append per step may reallocate it at each (and a starred
        ``push(*steps)`` is a call through the interpreter)."""
        steps.reverse()
        self.stack.extend(steps)

