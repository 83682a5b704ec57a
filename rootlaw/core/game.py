"""The game state and the engine loop.

A Game is plain data (lists of small ints, strings and tuples) plus a stack of
steps. ``apply`` checks the option against the current decision, applies it, then
runs automatic steps until the next real choice (DESIGN.md: forced steps resolve
themselves). Nothing here is global: the RNG state is an int in the game.
"""
from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any, Final

from rootlaw.core import rng as _rng
from rootlaw.core.cardstate import CardState
from rootlaw.core.catalog import (
    Board,
    Card,
    Deck,
    adjacency,
    adjacency_with_rivers,
    board,
    deck,
    link_burrow,
)
from rootlaw.core.errors import IllegalAction, LoadError
from rootlaw.core.faction_api import (
    FACTIONS,
    RULESETS,
    FactionDef,
    FactionState,
    RuleSet,
    faction_def,
    is_seat_name,
    ruleset,
)
from rootlaw.core.hired import Hire
from rootlaw.core.options import Decision, Option, distinct, listed
from rootlaw.core.steps import STEPS, Handler, Step

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


class Game:
    """One game of Root. See DESIGN.md for the contract."""

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

    # ------------------------------------------------------------------ build
    @classmethod
    def new(cls, factions: list[str], map: str = "fall", deck_name: str = "standard",
            seed: int = 0, forced: list[list[Any]] | None = None,
            options: dict[str, Any] | None = None, advance: bool = True) -> Game:
        g = Game()
        g.board = board(map, _has_burrow(factions))
        g.deckdef = deck(deck_name)
        g.setup = {"factions": list(factions), "map": map, "deck": deck_name, "seed": seed,
                   **(options or {})}
        g.rng = _rng.seed_state(seed)
        g.forced = [list(x) for x in (forced or [])]
        g._log = None
        g.factions = tuple(factions)
        rules = g.ruleset = ruleset(g.setup.get("rules"))
        g.fdefs = tuple(rules.faction(f) for f in factions)  # seat1...: not drafted (A.8.2)
        n = len(factions)
        nc = len(g.board.slots)  # the map's clearings and the Burrow (12.2.2), from 1
        g.suits = g.board.default_suits
        g.warriors = [[0] * nc for _ in range(n)]
        g.buildings = [()] * nc
        g.tokens = [()] * nc
        g.forest_tokens = [()] * len(g.board.forests)
        g.hands = [[] for _ in range(n)]
        g.vp = [0] * n
        g.dominance = [None] * n
        g.items = [[] for _ in range(n)]
        g.played = [[] for _ in range(n)]
        g.fstate = [fd.new_state() for fd in g.fdefs]
        g.deck = list(g.deckdef.contents)
        g.discard = []
        g.available = []
        g.supply = {}
        g.turn_seat = 0
        g.turn_no = 0
        g.phase = "setup"
        g.craft_used = [0, 0, 0]
        g.once = frozenset()
        g.battle = None
        advanced = g.setup.get("setup") == "advanced"
        # Appendix A or 5.1 (or a variant rule set's own setup)
        g.stack = [("adv.setup", 0) if advanced else (rules.first_step, 0)]
        g.adv = None
        g._sharer_of = ()
        g._sharer = -1
        g.shares = _sharer(g.fdefs) >= 0
        g.landmarks = None
        g.hire = None
        g.won = ()
        g.win_reason = ""
        g.peeks = {}
        g.version = 0
        g.pawn = [0] * n
        g.coalition = [-1] * n
        g.quests = []
        g.quest_deck = []
        g.ruin_items = [()] * nc
        g.removed_items = []
        g._options = None
        g._pending = ()
        g._pending_h = None
        g._hooks = NO_HOOKS
        g._rtable = ()
        g._rclosed = None
        g._rulers = None
        g._where = []
        g._owners = [()] * nc
        g.adj = g.board.adj
        g.closed = g.board.closed_at_setup  # C.3.1
        g.ferry = g.board.ferry_start  # C.2.1
        g.cards = CardState((0,) * n)
        g.token_rule = ()
        if advance:  # False: a viewer runs the automatic steps one by one (run_step)
            g._advance()
        return g

    # ------------------------------------------------------------ the contract
    @property
    def is_over(self) -> bool:
        return bool(self.won)

    @property
    def decision(self) -> Decision | None:
        """The pending decision, or None once the game is over (a new object at each
        call)."""
        opts = self._options
        if opts is None:
            return None
        st = self._pending
        h = STEPS[st[0]]
        return Decision(self.factions[st[1]], h.kind, h.rule, opts, self, st)

    def legal_options(self) -> list[Option]:
        opts = self._options
        return opts if opts is not None else []

    def set_decision(self, st: Step, options: list[Option]) -> None:
        """Make step ``st`` (on top of the stack) ask its seat to choose among
        ``options`` (the engine's loop; a determinization's sample)."""
        self._options = options
        self._pending = st
        self._pending_h = None

    def apply(self, option: Any, advance: bool = True) -> None:
        """Take one option of the current decision; anything else raises IllegalAction.
        ``advance=False`` leaves the automatic steps after it to ``run_step``."""
        opts = self._options
        if opts is None:
            raise IllegalAction("the game is over: no decision is pending", "3.1")
        i = 0
        n = len(opts)
        for o in opts:  # an option given back as listed: no compare
            if o is option:
                break
            i += 1
        if i == n:
            try:
                i = opts.index(option)
            except ValueError:
                d = self.decision
                assert d is not None
                raise IllegalAction(self._why_illegal(option, d), d.rule) from None
        chosen = opts[i]
        st = self.stack.pop()
        seat: int = self._pending[1]
        self._log = (("d", self.factions[seat], chosen), self._log)
        self._options = None
        self.version += 1
        h = self._pending_h  # the handler that listed the options, when it is st's
        if h is None or st is not self._pending:
            h = STEPS[st[0]]
        h.apply(self, st, chosen)
        if advance:
            self._advance()

    def current_battle(self) -> Battle:
        """The battle in progress (4.3): steps of a battle run only during one."""
        b = self.battle
        if b is None:
            raise RuntimeError("no battle is in progress")
        return b

    def _why_illegal(self, option: Any, d: Decision) -> str:
        why = STEPS[self.stack[-1][0]].why_not(self, self.stack[-1], option)
        if why:
            return why
        return (f"{option!s} is not a legal option for {d.seat} now "
                f"({d.kind}: {d.prompt}); {len(d.options)} options are legal")

    def _advance(self) -> None:
        """Run automatic and single-option steps until a real choice or the end."""
        stack = self.stack
        steps = STEPS
        while not self.won:
            st = stack[-1]
            h = steps[st[0]]
            if h.auto:
                stack.pop()
                h.run(self, st)
                continue
            opts = h.options(self, st)
            if len(opts) == 1:
                stack.pop()
                h.apply(self, st, opts[0])
                continue
            if not opts:
                raise RuntimeError(f"step {st!r} offered no options")
            self._options = opts
            self._pending = st
            self._pending_h = h
            return
        self._options = None

    def run_step(self) -> bool:
        """One turn of ``_advance``'s loop, for viewers that show the automatic play
        between decisions (bots' turns) step by step, after ``new(advance=False)`` or
        ``apply(option, advance=False)``: run the next automatic or single-option step
        and return True; False once a real choice is pending (``decision`` is set) or
        the game is over. Stepping until False leaves the game as ``_advance`` would."""
        if self.won:
            self._options = None
            return False
        st = self.stack[-1]
        h = STEPS[st[0]]
        if h.auto:
            self.stack.pop()
            h.run(self, st)
            return True
        opts = h.options(self, st)
        if len(opts) == 1:
            self.stack.pop()
            h.apply(self, st, opts[0])
            return True
        if not opts:
            raise RuntimeError(f"step {st!r} offered no options")
        self._options = opts
        self._pending = st
        self._pending_h = h
        return False

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
    def scores(self) -> dict[str, int]:
        """Faction id -> victory points."""
        return dict(zip(self.factions, self.vp, strict=True))

    @property
    def winners(self) -> list[str]:
        """Faction ids of the winners; empty until the game is over."""
        return list(self.won)

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

    # ------------------------------------------------------------------ copy
    def copy(self) -> Game:
        g = Game()
        g.board = self.board
        g.deckdef = self.deckdef
        g.ruleset = self.ruleset
        g.factions = self.factions
        g.fdefs = self.fdefs
        g.suits = self.suits
        g.warriors = [w[:] for w in self.warriors]
        g.buildings = self.buildings[:]
        g.tokens = self.tokens[:]
        g.forest_tokens = self.forest_tokens[:]
        g.hands = [h[:] for h in self.hands]
        g.vp = self.vp[:]
        g.dominance = self.dominance[:]
        g.items = [x[:] for x in self.items]
        g.played = [x[:] for x in self.played]
        g.fstate = [f.copy() for f in self.fstate]
        g.deck = self.deck[:]
        g.discard = self.discard[:]
        g.available = self.available[:]
        g.supply = self.supply.copy()
        g.turn_seat = self.turn_seat
        g.turn_no = self.turn_no
        g.phase = self.phase
        g.craft_used = self.craft_used[:]
        g.once = self.once
        g.battle = self.battle.copy() if self.battle is not None else None
        g.rng = self.rng
        g.forced = self.forced[:]
        g.stack = self.stack[:]
        g._log = self._log
        g.won = self.won
        g.win_reason = self.win_reason
        g.peeks = {k: dict(v) for k, v in self.peeks.items()} if self.peeks else {}
        g.version = self.version
        g.setup = self.setup
        g.pawn = self.pawn[:]
        g.coalition = self.coalition[:]
        g.quests = self.quests[:]
        g.quest_deck = self.quest_deck[:]
        g.ruin_items = self.ruin_items[:]
        g.removed_items = self.removed_items[:]
        g._rulers = self._rulers
        g._where = self._where
        g._owners = self._owners[:]
        g.adj = self.adj
        g.closed = self.closed
        g.ferry = self.ferry
        g.cards = self.cards  # never changed in place
        g.token_rule = self.token_rule
        g.adv = self.adv  # never changed in place
        g._sharer = self._sharer
        g._sharer_of = self._sharer_of
        g.shares = self.shares
        g.landmarks = self.landmarks  # never changed in place
        g.hire = self.hire.copy() if self.hire is not None else None
        g._options = self._options  # shared: never changed in place
        g._pending = self._pending
        g._pending_h = self._pending_h
        g._hooks = self._hooks
        g._rtable = self._rtable
        g._rclosed = self._rclosed
        return g

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
        hire = self.hire  # a hireling's ability any player may use on its turn (the Exile)
        return hire is not None and hire.anytime

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

    def hooks(self) -> SeatHooks:
        """The seats whose rules ``may_move``, ``may_place`` and ``offers_anytime`` ask."""
        h = self._hooks
        if h.fdefs is not self.fdefs:
            h = self._hooks = SeatHooks(self.fdefs)
        return h

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
        for s, fd in enumerate(self.fdefs):
            if fd.catches_discards and fd.catch_discard(self, s, card_id):
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

    # ------------------------------------------------------------------ score
    def score(self, s: int, n: int, reason: str) -> None:
        """Score (or lose) VP. A player with an activated dominance card cannot (3.3.1);
        a hireling (an owner index beyond the seats) scores nothing, so its controller
        scores nothing for what it removes (E.3.6)."""
        if n == 0 or s >= len(self.vp) or self.dominance[s] is not None:
            return
        old = self.vp[s]
        new = max(0, old + n)  # the track has no spaces below 0 (rulings.md)
        if new == old:
            return
        self._log = (("s", self.factions[s], new - old, reason), self._log)
        self.vp[s] = new
        hire = self.hire
        if hire is not None and new > old and hire.track:
            self._take_hiring_markers(hire, s, old, new)
        if new >= self.ruleset.win_score:
            self.check_victory()

    def _take_hiring_markers(self, hire: Hire, s: int, old: int, new: int) -> None:
        """E.1.1: the score marker entered the space of a hiring marker (reaching it or
        moving past it, rulings.md): s takes the marker, to hire at the end of its
        turn (core/hire.py)."""
        taken: list[int] = []
        for m in hire.track:
            if old < m <= new:
                taken.append(m)
        if taken:
            hire.track = tuple(m for m in hire.track if m not in taken)
            hire.pending[s] = hire.pending[s] + len(taken)
            self._log = (("hiring_marker", self.factions[s], taken), self._log)

    def check_victory(self) -> None:
        """3.1: 30 VP (the rule set's score) wins at once; if several reach it together,
        the player taking the turn."""
        if self.won:
            return
        if self.setup.get("cooperative"):
            self._check_cooperative_victory()
            return
        win = self.ruleset.win_score
        reached = [s for s in range(len(self.factions))
                   if self.vp[s] >= win and self.dominance[s] is None]
        if not reached:
            return
        n = len(self.factions)
        order = [(self.turn_seat + i) % n for i in range(n)]
        winner = next(s for s in order if s in reached)
        self.win(winner, "points")

    def _check_cooperative_victory(self) -> None:
        """Rootbotics, Fully Cooperative Play: the humans win together when each has
        30 VP before any bot does; a bot reaching 30 wins for all the bots."""
        bots = [s for s, fd in enumerate(self.fdefs) if fd.is_bot]
        humans = [s for s, fd in enumerate(self.fdefs) if not fd.is_bot]
        if any(self.vp[s] >= WIN_SCORE for s in bots):
            self.won = tuple(self.factions[s] for s in bots)
            self.win_reason = "bots"
        elif all(self.vp[s] >= WIN_SCORE for s in humans):
            self.won = tuple(self.factions[s] for s in humans)
            self.win_reason = "cooperative"
        else:
            return
        self._log = (("w", ",".join(self.won), self.win_reason), self._log)

    def win(self, s: int, reason: str) -> None:
        """s wins; a Vagabond in a coalition with s wins too (9.2.8)."""
        if not self.won:
            partners = [v for v, p in enumerate(self.coalition) if p == s]
            self.won = tuple(self.factions[x] for x in [s, *partners])
            self.win_reason = reason
            self._log = (("w", self.factions[s], reason), self._log)

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
        fdefs = self.fdefs
        lender = borrower = -1
        bonus: list[int] | None = None  # pieces that count toward rule besides (VW.2.2)
        for s in range(len(fdefs) if self.hooks().rule else 0):
            fd = fdefs[s]
            if fd.claims_rule and fd.rules_outright(self, s, c):
                return s  # 10.2.4 Pilgrims (overrides 7.2.2)
            if fd.lends_warriors and borrower < 0:
                borrower = self.treated_as_own_by(s)
                lender = s if borrower >= 0 else -1
            if fd.adds_rule:
                if bonus is None:
                    bonus = [0] * len(fdefs)
                bonus[s] = fd.rule_bonus(self, s, c)
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
                fdefs[s].rules_on_tie(self, s, c)
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
        n = len(self.fdefs)
        for k in range(len(hire.ids)):
            if hire.controller[k] == s and hire.defs[k].controller_rules_ties(
                    self, n + k, s, c):
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
        player = s
        fdefs = self.fdefs
        if s >= len(fdefs):
            player = self.player_of(s)
        for o in self.hooks().placers:
            if o != s and o != player and fdefs[o].blocks_placement(self, o, s, c):
                return False
        hire = self.hire
        if hire is not None and hire.limits_placement:
            n = len(self.fdefs)
            for k in range(len(hire.ids)):
                hd = hire.defs[k]
                if n + k != s and hd.limits_placement and hd.blocks_placement(self, n + k, s, c):
                    return False
        return True

    def placement_limited(self, s: int) -> bool:
        """Whether another faction's (or a hireling's) rule may forbid s placing pieces
        anywhere (a fast path: without one, ``may_place`` is always true for s)."""
        fdefs = self.fdefs
        for o in self.hooks().placers:
            if o != s and fdefs[o].limit_in_force(self, o):
                return True
        hire = self.hire
        return hire is not None and hire.limits_placement and self._hire_limits(hire, True)

    def may_move(self, s: int, a: int, b: int) -> bool:
        """Whether no faction's rule forbids s moving pieces from a (a clearing, a forest,
        or 0 for none) into b (D.6.2 Scorched Earth; 13.7.2 Snare; 12.2.2 The Burrow); s
        may be a hireling moving its own pieces; a hireling's rule may forbid it too (the
        Bands)."""
        fdefs = self.fdefs
        for o in self.hooks().movers:
            if fdefs[o].blocks_move(self, o, s, a, b):
                return False
        hire = self.hire
        if hire is not None and hire.limits_movement:
            n = len(self.fdefs)
            for k in range(len(hire.ids)):
                hd = hire.defs[k]
                if hd.limits_movement and hd.blocks_move(self, n + k, s, a, b):
                    return False
        return True

    def movement_limited(self) -> bool:
        """Whether any faction's or hireling's rule may forbid a move (a fast path: without
        one, ``may_move`` is always true)."""
        fdefs = self.fdefs
        for o in self.hooks().movers:
            if fdefs[o].limit_in_force(self, o):
                return True
        hire = self.hire
        return hire is not None and hire.limits_movement and self._hire_limits(hire, False)

    def _hire_limits(self, hire: Hire, placing: bool) -> bool:
        """Whether a hireling's rule that may stop placements (or moves) can stop any
        now (``limit_in_force``: the Furious Protector on the map, a Band's mark this
        turn)."""
        n = len(self.fdefs)
        for k in range(len(hire.ids)):
            hd = hire.defs[k]
            if ((hd.limits_placement if placing else hd.limits_movement)
                    and hd.limit_in_force(self, n + k)):
                return True
        return False

    def removable_warriors(self, s: int, c: int) -> int:
        """s's warriors in c that an effect outside battle may remove (14.2.2: not the
        warlord)."""
        n = self.warriors[s][c]
        fd = self.odef(s)
        if n and fd.protects_warriors:
            n -= fd.protected_warriors(self, s, c)
        return n

    def movable_warriors(self, s: int, c: int) -> int:
        """s's warriors in c that may be moved now (14.2.2: the warlord only on its
        owner's turn)."""
        n = self.warriors[s][c]
        fd = self.fdefs[s]
        if n and fd.protects_warriors and self.turn_seat != s:
            n -= fd.protected_warriors(self, s, c)
        return n

    def warrior_supply(self, s: int) -> int:
        """s's warriors in its supply: neither on the map, nor off it by its own rules
        (8.5.3 Officers), nor held by another faction (11.2.4 Funds). s may be a
        hireling (its warriors not on the map nor on a card)."""
        if s >= len(self.fdefs):
            return self._hireling_supply(s)
        fd = self.fdefs[s]
        n = fd.warriors - total(self.warriors[s]) - fd.warriors_off_map(self, s)
        for o, other in enumerate(self.fdefs):
            if other.holds_warriors:
                n -= other.warriors_held(self, o, s)
        cards = self.cards
        if cards.coffin_seat >= 0:
            n -= cards.coffins[s]  # Coffin Makers (E&P) holds removed warriors
        if self.shares:  # BK.2.4: warriors lent for all intents are their owner's
            sh = self.sharer()
            n += self.fdefs[sh].shared_supply(self, sh, s)
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
        fdefs = self.fdefs
        if o >= len(fdefs):  # E.3.1: a hireling's controller, for rule only
            return self.player_of(o)
        fd = fdefs[o]
        if not fd.lends_warriors:
            return -1
        s = fd.lends_warriors_to(self, o)
        return s if s != o else -1

    def sharer(self) -> int:
        """The seat of a faction whose warriors the other players treat as their own for
        all intents on their turns (BK.2.4, ``borrowed``), or -1: one identity check once
        worked out for the seating (``shares`` first: without one, one attribute read)."""
        if not self.shares:
            return -1
        if self._sharer_of is not self.fdefs:
            self._sharer = _sharer(self.fdefs)
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
        sh = self.sharer()
        if sh < 0 or r >= len(self.fdefs):  # no lending; a hireling's row (Appendix E)
            return 0
        return self.fdefs[sh].shared_warriors(self, sh, r, c)

    def borrowed_total(self, r: int) -> int:
        """Warriors in r's row that another faction lent it for all intents (BK.2.4):
        what r's own count of warriors on the map leaves out (``borrowed``)."""
        sh = self.sharer()
        if sh < 0 or sh == r:
            return 0
        return self.fdefs[sh].shared_supply(self, sh, r)

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

    def place_warriors(self, s: int, c: int, n: int) -> int:
        """Place up to n warriors from supply (1.5.4: as many as possible)."""
        n = min(n, self.warrior_supply(s))
        if n > 0:
            self.warriors[s][c] = self.warriors[s][c] + n
            self.pieces_changed(c)
            fd = self.odef(s)  # a seat's faction or a hireling (Appendix E)
            if fd.draws_warriors:  # BK.2.3 The Bag: drawn once the place is declared
                fd.warriors_placed(self, s, c, n)
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

    def set_faction(self, s: int, faction: str) -> None:
        """A.8.2: the player in seat s takes ``faction`` (its pieces, board and state);
        with the Burrow (12.3.2) the map gains it."""
        fd = FACTIONS[faction]
        i = s
        self.factions = self.factions[:i] + (faction,) + self.factions[i + 1:]
        self.fdefs = self.fdefs[:i] + (fd,) + self.fdefs[i + 1:]
        self.fstate[i] = fd.new_state()
        self.shares = _sharer(self.fdefs) >= 0
        if fd.burrow_token and not self.board.burrow:
            self._add_burrow()

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

    def others(self, s: int) -> list[int]:
        """Every other seat, in seat order."""
        return [o for o in range(len(self.factions)) if o != s]

    # ---------------------------------------------------------- persistence
    def to_dict(self) -> dict[str, Any]:
        return {
            "format": "rootlaw-game-1",
            "setup": self.setup,
            "factions": list(self.factions),
            "suits": list(self.suits),
            "warriors": self.warriors,
            "buildings": [[list(p) for p in ps] for ps in self.buildings],
            "tokens": [[list(p) for p in ps] for ps in self.tokens],
            "hands": self.hands,
            "scores": self.vp,
            "dominance": self.dominance,
            "items": self.items,
            "played": self.played,
            "fstate": [f.to_json() for f in self.fstate],
            "deck": self.deck,
            "discard": self.discard,
            "available": self.available,
            "supply": self.supply,
            "turn_seat": self.turn_seat,
            "turn_no": self.turn_no,
            "phase": self.phase,
            "craft_used": self.craft_used,
            "once": sorted(self.once),
            "battle": self.battle.to_json() if self.battle is not None else None,
            "rng": str(_rng.unsigned(self.rng)),
            "forced": self.forced,
            "stack": list(self.stack),  # tuples: json writes them as arrays
            "log": self.log,
            "winners": list(self.won),
            "win_reason": self.win_reason,
            "peeks": {str(k): {str(t): h for t, h in v.items()} for k, v in self.peeks.items()},
            "version": self.version,
            "pawn": self.pawn,
            "coalition": self.coalition,
            "quests": self.quests,
            "quest_deck": self.quest_deck,
            "ruin_items": [list(x) for x in self.ruin_items],
            "removed_items": self.removed_items,
            "closed": [list(p) for p in self.closed],
            "ferry": self.ferry,
            "cards": self.cards.to_json(),
            "token_rule": list(self.token_rule),
            "forest_tokens": [[list(p) for p in ps] for ps in self.forest_tokens],
            "advanced": self.adv.to_json() if self.adv is not None else None,
            "hirelings": self.hire.to_json() if self.hire is not None else None,
            "landmarks": self.landmarks.to_json() if self.landmarks is not None else None,
        }

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str, rules: str | None = None) -> Game:
        """A saved game (``to_json``). With ``rules``, a save of another rule set is
        refused (LoadError): a prototype save never loads as a game of the Law, nor the
        reverse; without, the save's own rule set plays it."""
        try:
            data = json.loads(text)
        except (TypeError, ValueError) as e:
            raise LoadError(f"not a saved game: {e}") from None
        if not isinstance(data, dict) or data.get("format") != "rootlaw-game-1":
            raise LoadError("not a saved game: missing format 'rootlaw-game-1'")
        setup = data.get("setup")
        saved = (setup.get("rules") if isinstance(setup, dict) else None) or "law"
        if rules is not None and saved != rules:
            raise LoadError(f"this is a saved game of the {saved} rules, not of the {rules} "
                            f"rules: load it with rules={saved!r} (--rules {saved})")
        try:
            return cls._from_dict(data)
        except LoadError:
            raise
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as e:
            raise LoadError(f"malformed saved game: {type(e).__name__}: {e}") from None

    @classmethod
    def _from_dict(cls, d: dict[str, Any]) -> Game:
        from rootlaw.core.battle import Battle

        g = Game()
        setup = d["setup"]
        g.setup = setup
        rid = setup.get("rules")
        if rid is not None and rid not in RULESETS:
            raise LoadError(f"unknown rule set {rid!r} in saved game")
        rules = g.ruleset = ruleset(rid)
        for f in d["factions"]:
            if f not in rules.factions and not (rules is RULESETS["law"] and is_seat_name(f)):
                raise LoadError(f"unknown faction {f!r} in saved game")
        g.board = board(setup["map"], _has_burrow(d["factions"]))
        g.deckdef = deck(setup["deck"])
        g.factions = tuple(d["factions"])
        g.fdefs = tuple(rules.faction(f) for f in g.factions)
        n = len(g.factions)
        nc = len(g.board.slots)
        hired = d.get("hirelings")
        g.hire = None
        if hired is not None:  # Appendix E: the hirelings own the rows after the seats
            try:
                g.hire = Hire.from_json(hired, n)
            except (KeyError, ValueError) as problem:
                raise LoadError(f"hirelings: {problem}") from None
        owners = n + (len(g.hire.ids) if g.hire is not None else 0)
        g.suits = tuple(d["suits"])
        g.warriors = [[int(x) for x in w] for w in d["warriors"]]
        g.buildings = [tuple((int(p[0]), str(p[1])) for p in ps) for ps in d["buildings"]]
        g.tokens = [tuple((int(p[0]), str(p[1])) for p in ps) for ps in d["tokens"]]
        if (len(g.warriors) != owners or any(len(w) != nc for w in g.warriors)
                or len(g.buildings) != nc or len(g.suits) != nc):
            raise LoadError("piece arrays do not match the factions and the map")
        g.hands = [list(h) for h in d["hands"]]
        g.vp = [int(x) for x in d["scores"]]
        g.dominance = list(d["dominance"])
        g.items = [list(x) for x in d["items"]]
        g.played = [list(x) for x in d["played"]]
        g.fstate = [fd.state_from_json(fs) for fd, fs in zip(g.fdefs, d["fstate"], strict=True)]
        g.deck = list(d["deck"])
        g.discard = list(d["discard"])
        g.available = list(d["available"])
        for pile in (g.deck, g.discard, g.available, *g.hands, *g.played):
            for cid in pile:
                if cid not in g.deckdef.cards:
                    raise LoadError(f"unknown card {cid!r} in saved game")
        g.supply = {str(k): int(v) for k, v in d["supply"].items()}
        g.turn_seat = int(d["turn_seat"])
        g.turn_no = int(d["turn_no"])
        g.phase = str(d["phase"])
        g.craft_used = [int(x) for x in d["craft_used"]]
        g.once = frozenset(d["once"])
        g.battle = Battle.from_json(d["battle"]) if d["battle"] is not None else None
        g.rng = _rng.signed(int(d["rng"]))
        g.forced = [list(x) for x in d["forced"]]
        g.stack = [_tupled(st) for st in d["stack"]]
        for st in g.stack:
            if not st or st[0] not in STEPS:
                raise LoadError(f"unknown step {st!r} in saved game")
        cell: LogCell = None
        for e in d["log"]:
            entry = _tupled(e)
            if entry and entry[0] == "d":
                entry = ("d", entry[1], tuple(entry[2]))
            cell = (entry, cell)
        g._log = cell
        g.won = tuple(d["winners"])
        g.win_reason = str(d["win_reason"])
        g.peeks = {int(k): {int(t): list(h) for t, h in v.items()} for k, v in d["peeks"].items()}
        g.version = int(d["version"])
        g.pawn = [int(x) for x in d["pawn"]]
        g.coalition = [int(x) for x in d["coalition"]]
        g.quests = [str(x) for x in d["quests"]]
        g.quest_deck = [str(x) for x in d["quest_deck"]]
        g.ruin_items = [tuple(str(i) for i in x) for x in d["ruin_items"]]
        g.removed_items = [str(x) for x in d["removed_items"]]
        if len(g.pawn) != owners or len(g.coalition) != n or len(g.ruin_items) != nc:
            raise LoadError("pawn, coalition or ruin arrays do not match the game")
        b = g.board
        g.closed = tuple((int(p[0]), int(p[1])) for p in d.get("closed", b.closed_at_setup))
        if any(p not in b.closed_at_setup for p in g.closed):
            raise LoadError("a closed path the map does not have (C.3.1)")
        marks = d.get("landmarks")
        g.landmarks = None
        if marks is not None:  # Appendix F (A.5): set up by landmark cards
            from rootlaw.core.landmarks import Landmarks

            g.landmarks = Landmarks.from_json(marks, b)
        g.ferry = int(d.get("ferry", b.ferry_start))
        if g.landmarks is not None:  # the Ferry card: any river clearing, or none (A.5)
            if g.ferry and not b.river_adj[g.ferry]:
                raise LoadError("the Ferry must be in a clearing on a river (C.2.5, A.5)")
        elif g.ferry and g.ferry not in b.coastal or bool(g.ferry) != bool(b.ferry_start):
            raise LoadError("the Ferry must be in a coastal clearing of the lake map (C.2.5)")
        g.cards = CardState.from_json(d.get("cards") or {}, owners)
        g.token_rule = tuple(int(x) for x in d.get("token_rule", ()))
        nf = len(b.forests)
        g.forest_tokens = [tuple((int(p[0]), str(p[1])) for p in ps)
                           for ps in d.get("forest_tokens", [[]] * nf)]
        if len(g.forest_tokens) != nf:
            raise LoadError("forest tokens do not match the map's forests")
        if (len(g.cards.coffins) != owners or len(g.token_rule) not in (0, n)
                or len(g.cards.exhausted) != owners):
            raise LoadError("card state arrays do not match the factions")
        adv = d.get("advanced")
        if adv is not None:
            from rootlaw.core.advanced import Advanced

            g.adv = Advanced.from_json(adv, n)
        else:
            g.adv = None
            if any(is_seat_name(f) for f in g.factions):
                raise LoadError("undrafted seats in a game without the Advanced Setup (A.8)")
        g._options = None
        g._pending = ()
        g._pending_h = None
        g._hooks = NO_HOOKS
        g._rtable = ()
        g._rclosed = None
        g._rulers = None
        g._index_all()
        g._sharer_of = ()
        g._sharer = -1
        g.shares = _sharer(g.fdefs) >= 0
        g.relink()
        g._check_integrity()
        if not g.won:
            g._advance()
        return g

    def _check_integrity(self) -> None:
        """Refuse a saved game whose pieces or cards could not exist (1.5.1 limits):
        LoadError names the first problem found."""
        for s, fd in enumerate(self.fdefs):
            w = self.warriors[s]
            lent = self.borrowed_total(s)  # BK.2.4: lent warriors in s's row
            if min(w) < 0 or sum(w) - lent + self.cards.coffins[s] > fd.warriors:
                raise LoadError(f"{fd.id}: warriors on the map must be 0..{fd.warriors}")
            for kind, limit in {**fd.buildings, **fd.tokens}.items():
                if self.count_building(s, kind) > limit:
                    raise LoadError(f"{fd.id}: more than {limit} {kind} on the map")
        for c in self.clearings():
            if len(self.buildings[c]) > self.slots_at(c):
                raise LoadError(f"clearing {c} holds more buildings than its slots (2.2.3)")
            for owner, kind in self.buildings[c] + self.tokens[c]:
                if not -1 <= owner < len(self.warriors):
                    raise LoadError(f"clearing {c}: piece {kind!r} of unknown seat {owner}")
        held = list(self.deck) + self.discard + self.available
        for s, fd in enumerate(self.fdefs):
            held += self.hands[s] + self.played[s] + fd.cards_held(self, s)
            dom = self.dominance[s]
            if dom:
                held.append(dom)
        if self.battle is not None and self.battle.ambush:
            held.append(self.battle.ambush)
        if self.landmarks is not None:  # face down beside the Black Market
            held += self.landmarks.market_cards
        if self.hire is not None:  # Appendix E: what the hirelings hold, checked there
            from rootlaw.core.hire import check_hirelings

            problem = check_hirelings(self)
            if problem:
                raise LoadError(problem)
            for cards in self.hire.revealed:
                held += list(cards)
        contents = list(self.deckdef.contents)
        for cid in set(held):
            if held.count(cid) > contents.count(cid):
                raise LoadError(f"card {cid!r} appears more often than the deck holds it")

    @classmethod
    def replay(cls, setup: dict[str, Any], log: list[tuple[Any, ...]]) -> Game:
        """Rebuild a game from its setup and record: the seeded RNG draws again, results
        that were forced are forced again, and the decisions are applied in order."""
        forced = [[e[1], e[2]] for e in log if e[0] == "f"]
        rest = {k: v for k, v in setup.items() if k not in ("factions", "map", "deck", "seed")}
        g = cls.new(list(setup["factions"]), map=setup["map"], deck_name=setup["deck"],
                    seed=int(setup["seed"]), forced=forced, options=rest)
        for e in log:
            if e[0] == "d":
                d = g.decision
                if d is None or not g.same_seat(d.seat, e[1]):
                    raise LoadError(f"record diverges: {e[1]} to decide {e[2]}, "
                                    f"but the game asks {d.seat if d else 'nobody'}")
                g.apply(e[2])
        return g

    # ------------------------------------------------------------------ view
    def view(self, seat: str | int | None = None) -> dict[str, Any]:
        from rootlaw.core.view import view

        return view(self, seat)

    def __repr__(self) -> str:
        return (f"<Game {'/'.join(self.factions)} turn {self.turn_no} {self.phase} "
                f"scores {self.vp}{' over' if self.won else ''}>")


def _sharer(fdefs: tuple[FactionDef, ...]) -> int:
    """The seat of a faction that lends warriors for all intents (BK.2.4), or -1."""
    for s in range(len(fdefs)):
        if fdefs[s].shares_warriors:
            return s
    return -1


def _has_burrow(factions: Any) -> bool:
    """Whether a faction of the game has the Burrow (12.2.2: ``burrow_token``)."""
    for f in factions:
        if faction_def(f).burrow_token:
            return True
    return False


def _tupled(x: Any) -> Any:
    if isinstance(x, list):
        return tuple(_tupled(v) for v in x)
    return x


