"""Read a Rootlog (V2.8) into its typed tree (``tree.py``).

A hand-written reader over the summary's grammar (shared/notation/ROOTLOG.md): the file
layout of section 1, the atoms of section 2, every action form of section 3. Bad input
raises ``RootlogError`` with the line, the column and what was expected. With
``strict=False`` an action that cannot be read is kept in its turn's ``errors`` (its
text and why) instead, so a real game with a transcriber's slip still loads: the
replay flags that turn.
"""
from __future__ import annotations

import re
from typing import Final

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
    Header,
    Hireling,
    Item,
    ItemSpot,
    Landmark,
    Location,
    MarkerMove,
    Move,
    Part,
    Path,
    Piece,
    Quests,
    Reveal,
    Rootlog,
    Score,
    Seat,
    SetKey,
    Shown,
    Thing,
    Trick,
    Turn,
)

FACTIONS: Final = frozenset(names.LETTERS)
SUITS: Final = frozenset("BFMR")
PIECE_TYPES: Final = frozenset("wpbtfr")  # 2: r is the raft of V2.7 (the ferry f since V2.8)
ITEMS: Final = frozenset(names.ITEM_LETTERS) | {"_"}
AREAS: Final = frozenset("sdt")
STATES: Final = frozenset("re")
LANDMARKS: Final = frozenset(names.LANDMARKS)
HEADERS: Final = ("map", "deck", "clearings", "landmarks", "hirelings", "pool", "winner")
MAX_CLEARING: Final = 12
LOWER: Final = frozenset("abcdefghijklmnopqrstuvwxyz")
NAME_CHARS: Final = LOWER | {"@"}
_SEAT_OR_TURN: Final = re.compile(r"^([A-Z]):")
_HEADER: Final = re.compile(r"^([A-Za-z]+)\s*:")


def parse(text: str, strict: bool = True) -> Rootlog:
    """The tree of a whole Rootlog. ``strict=False`` keeps unreadable actions in their
    turn's ``errors`` instead of raising (headers, seats and lines must still read)."""
    if not isinstance(text, str):
        raise RootlogError("a Rootlog is text")
    header: dict[str, object] = {}
    lines: dict[str, int] = {}  # the line of each header
    seats: list[Seat] = []
    turns: list[Turn] = []
    comments: list[tuple[int, str]] = []
    winners: tuple[str, ...] | None = None
    seen_turn: set[str] = set()
    for n, raw in enumerate(text.splitlines(), start=1):
        body, comment = _split_comment(raw)
        if comment is not None:
            comments.append((n, comment))
        stripped = body.strip()
        if not stripped:
            continue
        lead = len(body) - len(body.lstrip())
        if winners is not None:
            raise RootlogError("nothing but comments may follow the Winner line (1)", n,
                               lead + 1)
        m = _HEADER.match(stripped)
        if m and m.group(1).lower() in HEADERS and not (
                len(m.group(1)) == 1 and m.group(1) in FACTIONS):
            key = m.group(1).lower()
            value = stripped[m.end():].strip()
            vcol = lead + len(stripped) - len(stripped[m.end():].lstrip()) + 1
            if key == "winner":
                winners = _letters(value, n, vcol, "the winning factions' letters")
                continue
            if seats or turns:
                raise RootlogError(f"the {m.group(1)} header must come before the seats (1)",
                                   n, lead + 1)
            if key in header:
                raise RootlogError(f"a second {m.group(1)} header (1)", n, lead + 1)
            header[key] = _header_value(key, value, n, vcol)
            lines[key] = n
            continue
        m = _SEAT_OR_TURN.match(stripped)
        if not m:
            raise RootlogError("expected a header ('Map: Fall'), a player line ('C: name'), "
                               "a turn ('C:<actions>') or 'Winner: <factions>' (1)", n,
                               lead + 1)
        f = m.group(1)
        if f not in FACTIONS:
            raise RootlogError(f"unknown faction letter {f!r} (2: one of "
                               f"{''.join(names.LETTERS)})", n, lead + 1)
        rest = stripped[2:]
        seated = any(s.faction == f for s in seats)
        if not seated and (rest[:1].isspace() or not rest):
            player = rest.strip()
            if not player:
                raise RootlogError(f"expected a player name after '{f}: ' (1)", n, lead + 3)
            seats.append(Seat(f, player, n))
            continue
        if not seated:
            raise RootlogError(f"a turn of {f} before its player line '{f}: <name>' (1)", n,
                               lead + 1)
        actions, errors = _turn_actions(rest, n, lead + 3, strict)
        turns.append(Turn(f, tuple(actions), n, setup=f not in seen_turn,
                          comment=(comment or "").strip(), errors=tuple(errors), text=rest))
        seen_turn.add(f)
    if "map" not in header:
        raise RootlogError("missing the 'Map: <Fall|Winter|Lake|Mountain>' header (1)", 1, 1)
    if "deck" not in header:
        raise RootlogError("missing the 'Deck: <Standard|E&P>' header (1)", 1, 1)
    h = Header(
        map=str(header["map"]), deck=str(header["deck"]),
        clearings=header.get("clearings"),  # type: ignore[arg-type]
        landmarks=header.get("landmarks", ()),  # type: ignore[arg-type]
        hirelings=header.get("hirelings", ((), ()))[0],  # type: ignore[index]
        hireling_setup=header.get("hirelings", ((), ()))[1],  # type: ignore[index]
        pool=header.get("pool"),  # type: ignore[arg-type]
        map_line=lines.get("map", 0),
    )
    return Rootlog(h, tuple(seats), tuple(turns), winners, tuple(comments))


def parse_action(text: str, line: int = 1, col: int = 1) -> Action:
    """One action (3), e.g. ``2Dw3->5``; ``col`` is where it starts in its line."""
    return _Reader(text, line, col).action()


def _split_comment(raw: str) -> tuple[str, str | None]:
    i = raw.find("//")
    if i < 0:
        return raw, None
    return raw[:i], raw[i + 2:]


def _turn_actions(rest: str, line: int, col: int, strict: bool
                  ) -> tuple[list[Action], list[str]]:
    actions: list[Action] = []
    errors: list[str] = []
    start = 0
    for i in range(len(rest) + 1):
        if i < len(rest) and rest[i] not in "/;":
            continue
        chunk = rest[start:i]
        inner = chunk.strip()
        if inner:
            at = col + start + (len(chunk) - len(chunk.lstrip()))
            try:
                actions.append(_Reader(inner, line, at).action())
            except RootlogError as e:
                if strict:
                    raise
                errors.append(f"{inner!r}: {e}")
        start = i + 1
    return actions, errors


def _letters(value: str, line: int, col: int, what: str) -> tuple[str, ...]:
    v = value.replace(",", "").replace(" ", "")
    if not v:
        raise RootlogError(f"expected {what}", line, col)
    for i, ch in enumerate(v):
        if ch not in FACTIONS:
            raise RootlogError(f"expected {what}: {ch!r} is not a faction letter (2)", line,
                               col + i)
    return tuple(v)


def _header_value(key: str, value: str, line: int, col: int) -> object:
    if key == "map":
        if value.capitalize() not in names.MAPS:
            raise RootlogError(f"expected a map: {', '.join(names.MAPS)} (1)", line, col)
        return value.capitalize()
    if key == "deck":
        found = [d for d in names.DECKS if d.lower() == value.lower()]
        if not found:
            raise RootlogError(f"expected a deck: {', '.join(names.DECKS)} (1)", line, col)
        return found[0]
    if key == "clearings":
        return _clearing_suits(value, line, col)
    if key == "pool":
        return _letters(value, line, col, "the draft pool's faction letters (1)")
    if key == "landmarks":
        out: list[tuple[str, int]] = []
        for part in value.split("/"):
            m = re.fullmatch(r"\s*([a-z]+)\s*->\s*(\d+)\s*", part)
            if not m or m.group(1) not in LANDMARKS or not 1 <= int(m.group(2)) <= MAX_CLEARING:
                raise RootlogError("expected '<landmark>-><clearing>' with a landmark of "
                                   f"{', '.join(sorted(LANDMARKS))} (1)", line, col)
            out.append((m.group(1), int(m.group(2))))
        return tuple(out)
    # hirelings: names, then setup actions after '/'
    first, _, setup = value.partition("/")
    hirelings = tuple(x.strip() for x in first.split(",") if x.strip())
    if not hirelings:
        raise RootlogError("expected the hirelings in play, e.g. 'Hirelings: C, E, T' (1)",
                           line, col)
    for h in hirelings:
        if h.removeprefix("h_").rstrip("d") not in names.HIRELINGS:
            raise RootlogError(f"unknown hireling {h!r} (3 Hirelings: "
                               f"{', '.join(names.HIRELINGS)})", line, col)
    actions, _ = _turn_actions(setup, line, col + len(first) + 1, True) if setup else ([], [])
    return hirelings, tuple(actions)


def _clearing_suits(value: str, line: int, col: int) -> tuple[str, ...]:
    suits: dict[int, str] = {}
    for part in value.split(","):
        m = re.fullmatch(r"\s*([A-Z])\s*(\d+)\s*", part)
        if not m:
            raise RootlogError("expected '<Suit><clearing>' entries such as 'F1, M2' (1)",
                               line, col)
        suit, n = m.group(1), int(m.group(2))
        if suit not in SUITS or suit == "B":
            raise RootlogError(f"clearing {n}: {suit!r} is not a clearing suit (F, M or R; "
                               "2: a bird is never a clearing's suit)", line, col)
        if not 1 <= n <= MAX_CLEARING or n in suits:
            raise RootlogError(f"clearing {n} out of 1..12 or given twice (1)", line, col)
        suits[n] = suit
    if len(suits) != MAX_CLEARING:
        raise RootlogError(f"the Clearings header lists all 12 clearings ({len(suits)} given)",
                           line, col)
    return tuple(suits[i] for i in range(1, MAX_CLEARING + 1))


class _Reader:
    """A cursor over one action's text."""

    def __init__(self, text: str, line: int, col: int) -> None:
        self.s = text
        self.i = 0
        self.line = line
        self.col = col

    # ------------------------------------------------------------- cursor
    def peek(self, k: int = 0) -> str:
        j = self.i + k
        return self.s[j] if j < len(self.s) else ""

    def eat(self, lit: str) -> bool:
        if self.s.startswith(lit, self.i):
            self.i += len(lit)
            return True
        return False

    def fail(self, what: str, at: int | None = None) -> RootlogError:
        i = self.i if at is None else at
        got = self.s[i:i + 8]
        tail = f", found {got!r}" if got else ", found the end of the action"
        return RootlogError(f"expected {what}{tail}", self.line, self.col + i)

    def need(self, lit: str, what: str) -> None:
        if not self.eat(lit):
            raise self.fail(what)

    def end(self) -> None:
        if self.i != len(self.s):
            raise self.fail("the end of the action (one action between '/' separators)")

    def digits(self) -> str:
        j = self.i
        while self.peek().isdigit():
            self.i += 1
        return self.s[j:self.i]

    def owner(self) -> str | None:
        """A faction letter or a hireling code ``h_<X>[d]`` at the cursor, taken."""
        if self.peek() in FACTIONS:
            self.i += 1
            return self.s[self.i - 1]
        if self.peek() == "h" and self.peek(1) == "_" and self.peek(2) in names.HIRELINGS:
            code = self.s[self.i:self.i + 3]
            self.i += 3
            if self.peek() == "d" and self.peek(1) in PIECE_TYPES | {"X", ""}:
                code += "d"
                self.i += 1
            return code
        return None

    # ------------------------------------------------------------ actions
    def action(self) -> Action:
        s = self.s
        col = self.col
        if s.startswith("Z"):
            return self.craft()
        if s.startswith("?"):
            return self.expose()
        if s.startswith("++->"):
            self.i = 4
            board = self.board_ref()
            self.end()
            return MarkerMove(board, col)
        if "<->" in s:
            return self.trick()
        start = self.i
        who = self.owner()
        if self.peek() in "+-" and self.peek(1) == self.peek() and self.peek():
            sign = 1 if self.peek() == "+" else -1
            self.i += 2
            n = self.digits()
            self.end()
            return Score(who, sign * (int(n) if n else 1), col)
        if self.peek() == "X" and (self.peek(1) in FACTIONS or self.at_hireling(1)):
            return self.battle(who)
        self.i = start
        return self.general()

    def craft(self) -> Craft:
        self.i = 1
        if self.eat("%") or (len(self.s) == 2 and self.s[1] in names.ITEM_LETTERS):
            kind = self.peek()
            if kind not in names.ITEM_LETTERS:
                raise self.fail(f"an item letter ({''.join(names.ITEM_LETTERS)}) (2 Item)")
            self.i += 1
            self.end()
            return Craft(item=kind, col=self.col)
        name = self.name()
        if not name:
            raise self.fail("an item (%h) or a card name after Z (3 CRAFT)")
        self.end()
        suit = None
        if len(name) > 1 and name[0] in "bfmr" and name[1:] in names.shared_names():
            suit, name = name[0].upper(), name[1:]
        return Craft(card=name, suit=suit, col=self.col)

    def name(self) -> str:
        j = self.i
        while self.peek() in NAME_CHARS and self.peek():
            if self.at_hireling():  # 3 Hirelings: a card from a hireling's board
                break  # (F#anvilh_Dd$->)
            self.i += 1
        return self.s[j:self.i]

    def expose(self) -> Expose:
        self.i = 1
        f = self.peek()
        if f not in FACTIONS:
            raise self.fail("the Corvids' letter after ? (3 Corvids: exposure ?P<plot><clearing>)")
        self.i += 1
        if self.peek() == "t" and self.peek(1).isdigit():  # ?Pt3^t_e
            self.i += 1
            c = self.clearing_number()
            self.need("^", "'^<plot>' after the plot's clearing")
            plot = self.piece(None)
        else:
            plot = self.piece(None)
            c = self.clearing_number()
        self.end()
        return Expose(f, plot, c, self.col)

    def trick(self) -> Trick:
        self.need("t", "a plot 't<clearing>' (3 Corvids: trick t<a><->t<b>)")
        a = self.clearing_number()
        self.need("<->", "'<->' between the two plots")
        self.need("t", "a plot 't<clearing>' after '<->'")
        b = self.clearing_number()
        self.end()
        return Trick(a, b, self.col)

    def at_hireling(self, k: int = 0) -> bool:
        """3 Hirelings: a code ``h_<X>`` at the cursor (+k)."""
        return self.peek(k) == "h" and self.peek(k + 1) == "_" and \
            self.peek(k + 2) in names.HIRELINGS

    def hireling_code(self) -> str:
        """3 Hirelings: ``h_<X>`` and its ``d`` (demoted) before a clearing or a board."""
        code = self.s[self.i:self.i + 3]
        self.i += 3
        if self.peek() == "d" and (self.peek(1).isdigit() or self.peek(1) == "$"):
            code += "d"
            self.i += 1
        return code

    def battle(self, attacker: str | None) -> Battle:
        self.need("X", "X")
        if self.at_hireling():  # 3 Hirelings: a hireling defends (Xh_E4)
            defender = self.hireling_code()
        else:
            defender = self.peek()
            self.i += 1
        c = self.clearing_number()
        ambush = foil = None
        if self.peek() in SUITS and self.peek(1) in ("@", "a"):  # 'a': before V2.3
            ambush = self.peek()
            self.i += 2
            if self.peek() in SUITS and self.peek(1) in ("@", "a"):
                foil = self.peek()
                self.i += 2
        rolls = None
        if self.eat("("):
            a = self.digits()
            self.need(",", "',' between the attacker's and the defender's rolls")
            d = self.digits()
            if not a or not d:
                raise self.fail("two rolls '(<attacker>,<defender>)' (3 BATTLE)")
            self.need(")", "')' after the rolls")
            rolls = (int(a), int(d))
        self.end()
        return Battle(attacker, defender, c, ambush, foil, rolls, self.col)

    def clearing_number(self) -> int:
        at = self.i
        n = self.digits()
        if not n:
            raise self.fail("a clearing number (1-12)")
        if int(n) > MAX_CLEARING:
            raise self.fail("a clearing number (1-12; 0 is the Burrow)", at)
        return int(n)

    def board_ref(self) -> str | None:
        f = self.owner() if self.peek() in FACTIONS else None
        self.need("$", "a faction board '[Faction]$'")
        return f

    # ------------------------------------------------- moves and reveals
    def general(self) -> Action:
        """MOVE, REVEAL, board keys (SetKey) and flips: the left side first."""
        if self.peek() == "$" or (self.peek() in FACTIONS and self.peek(1) == "$"
                                  and self.peek(2) == "_"):
            return self.item_rest() or self.set_key()
        if self.peek() == "(" and (self.peek(1) == "$" or self.peek(1) in FACTIONS
                                   and self.peek(2) == "$"):
            return self.set_key()  # a group of board keys: ($_h+$_m)->2 (2 groups)
        if self.peek() == "^":  # ^A: the whole hand
            self.i += 1
            return Reveal((Shown(1, None, None),), self.target(), self.col)
        parts: list[Part] = []
        shown: list[Shown] = []
        while True:
            self.side(parts, shown)
            if not self.eat("+"):
                break
        if self.eat("->"):
            if shown and not parts:
                raise self.fail("a thing to move: a piece, a card (#) or an item (%)")
            return Move(tuple(parts), self.dests(parts), self.col)
        if self.eat("^"):
            if self.peek() in LOWER and len(parts) == 1 and not shown:
                return self.flip(parts[0])
            if self.peek().isdigit() and len(parts) == 1 and not shown:
                return self.flip_at(parts[0])
            for p in parts:
                if not isinstance(p.thing, Card) or p.source is not None and not isinstance(
                        p.source, Hand):
                    raise self.fail("'->' (a move); '^' reveals cards from a hand (3 REVEAL)")
                owner = p.source.faction if isinstance(p.source, Hand) else None
                shown.append(Shown(p.count, p.thing, owner))
            return Reveal(tuple(shown), self.target(), self.col)
        raise self.fail("'->' (a move) or '^' (a reveal)")

    def target(self) -> str | None:
        f = None
        if self.peek() in FACTIONS:
            f = self.peek()
            self.i += 1
        self.end()
        return f

    def side(self, parts: list[Part], shown: list[Shown]) -> None:
        """One element of the left side: ``[N]<thing>[from]`` or a group."""
        at = self.i
        count_text = self.digits()
        if count_text and self.peek() == "_":  # a path <low>_<high> (Mountain)
            self.need("_", "_")
            high = self.digits()
            if not high:
                raise self.fail("the higher clearing of a path '<low>_<high>'")
            parts.append(Part(1, Path(int(count_text), int(high))))
            return
        count = int(count_text) if count_text else 1
        if count_text and count == 0:
            raise self.fail("a count of at least 1", at)
        if self.peek() == "(":
            self.group(count, parts)
            return
        if self.peek() in FACTIONS and self.peek(1) in ("^", "+", ""):  # V^O: a hand
            shown.append(Shown(count, None, self.peek()))
            self.i += 1
            return
        thing = self.thing()
        parts.append(Part(count, thing, self.source(thing)))

    def group(self, count: int, parts: list[Part]) -> None:
        self.need("(", "(")
        if count != 1:
            raise self.fail("no count before a group: counts go inside '(...)'")
        raw: list[tuple[int, str, int]] = []  # suits of a card group: (count, suit, where)
        inner: list[Part] = []
        while True:
            at = self.i
            n_text = self.digits()
            n = int(n_text) if n_text else 1
            if self.peek() in SUITS and self.peek(1) in ("+", ")"):
                raw.append((n, self.peek(), at))
                self.i += 1
            else:
                thing = self.thing()
                inner.append(Part(n, thing, self.source(thing)))
            if self.eat(")"):
                break
            self.need("+", "'+' or ')' in a group")
        if raw:
            if inner:
                raise self.fail("a group holds suits (of cards) or things, not both")
            self.need("#", "'#' after a group of suits: (2F+M)#")
            name = self.name() or None
            source = self.source(Card())
            for n, suit, _ in raw:
                parts.append(Part(n, Card(suit, name), source))
            return
        source = self.source(inner[0].thing)
        for p in inner:
            parts.append(Part(p.count, p.thing, p.source if p.source is not None else source))

    def thing(self) -> Thing:
        c = self.peek()
        if c == "%":
            self.i += 1
            kind = self.peek()
            if kind not in ITEMS:
                raise self.fail(f"an item letter after % ({''.join(sorted(ITEMS))}) (2 Item)")
            self.i += 1
            return Item(kind)
        if c == "#" or (c in SUITS and self.peek(1) == "#"):
            suit = None
            if c in SUITS:
                suit = c
                self.i += 1
            self.i += 1
            return Card(suit, self.name() or None)
        if c == "h" and self.peek(1) == "_" and self.peek(2) in names.HIRELINGS:
            j = self.i
            owner = self.owner()
            nxt = self.peek(1)
            if self.peek() in PIECE_TYPES and (nxt in ("_", "") or nxt not in LOWER
                                               or self.at_hireling(1)):  # h_Cwh_C$->2
                return self.piece(owner)
            self.i = j + 3
            demoted = self.eat("d")
            return Hireling(self.s[j + 2], demoted)
        if c in LOWER:
            j = self.i
            word = self.name()
            if word in LANDMARKS and word != "f":
                return Landmark(word)
            self.i = j
            return self.piece(None)
        if c in FACTIONS and self.peek(1) in PIECE_TYPES:
            self.i += 1
            return self.piece(c)
        raise self.fail("a piece ([Faction]w, b_s, t...), a card ([Suit]#[name]) or an item "
                        "(%s) (2)")

    def piece(self, owner: str | None) -> Piece:
        if owner is None and self.peek() in FACTIONS and self.peek(1) in PIECE_TYPES:
            owner = self.peek()
            self.i += 1
        kind = self.peek()
        if kind not in PIECE_TYPES:
            raise self.fail("a piece type: w warrior, p pawn, b building, t token, f ferry (2)")
        self.i += 1
        subs: list[str] = []
        while self.peek() == "_" and (self.peek(1) in LOWER or self.peek(1).isdigit()):
            subs.append(self.peek(1))  # one letter or digit each: b_s, t_3_j, b_f_t
            self.i += 2
        return Piece(owner, kind, tuple(subs))

    def source(self, thing: Thing) -> Location | None:
        if self.peek() in ("-", "^", "+", ")", ""):
            return None
        return self.location(thing)

    def location(self, thing: Thing, dest: bool = False) -> Location:
        c = self.peek()
        if c.isdigit():
            at = self.i
            nums = [int(self.digits())]
            while self.peek() == "_" and self.peek(1).isdigit():
                self.i += 1
                nums.append(int(self.digits()))
            if any(n > MAX_CLEARING for n in nums):
                raise self.fail("clearings numbered 1-12 (0: the Burrow)", at)
            if len(nums) == 1:
                return Clearing(nums[0])
            if len(nums) == 2:
                return Forest(tuple(nums))  # a path's two clearings (Highway Bandits)
            if nums != sorted(nums) or len(set(nums)) != len(nums):
                raise self.fail("a forest's clearings in ascending order (2 Forest)", at)
            return Forest(tuple(nums))
        if c == "*":
            self.i += 1
            return DiscardPile()
        if c == "Q":
            self.i += 1
            return Quests()
        hired = self.at_hireling() and "$" in self.s[self.i + 3:self.i + 5]
        if c == "$" or (c in FACTIONS and self.peek(1) == "$") or hired:
            f = None
            if hired:  # 3 Hirelings: the hireling's card as its board (h_C$)
                f = self.hireling_code()
                if self.peek() != "$":
                    raise self.fail("a hireling's board 'h_<X>[d]$'")
            elif c in FACTIONS:
                f = c
                self.i += 1
            self.i += 1
            key = None
            if self.eat("_"):
                j = self.i
                while self.peek().isalnum():
                    self.i += 1
                key = self.s[j:self.i]
            markers = self.digits()
            return Board(f, key, int(markers) if markers else None)
        if c in FACTIONS:
            self.i += 1
            return Hand(c)
        if isinstance(thing, Item) and c in AREAS | STATES:
            area = state = None
            if c in AREAS:
                area = c
                self.i += 1
            if self.peek() in STATES:
                state = self.peek()
                self.i += 1
            return ItemSpot(area, state)
        where = "a place" if dest else "where it comes from"
        raise self.fail(f"{where}: a clearing, a forest (1_2_5), a board ($), a hand "
                        "(a faction letter), * (discard), Q (quests) (2 Locations)")

    def dests(self, parts: list[Part]) -> tuple[Location, ...]:
        if not self.peek():
            return ()
        thing = parts[0].thing if parts else Card()
        out: list[Location] = []
        while True:
            if isinstance(thing, Item) and self.peek() in AREAS | STATES:
                out.append(self.location(thing, True))
            else:
                out.append(self.location(thing, True))
            if not self.eat("+"):
                break
        self.end()
        return tuple(out)

    def set_key(self) -> SetKey:
        keys: list[Board] = []
        grouped = self.eat("(")
        while True:
            f = None
            if self.peek() in FACTIONS:
                f = self.peek()
                self.i += 1
            self.need("$", "'$_<key>' (3 FACTION-SPECIFIC)")
            self.need("_", "'_<key>' after '$' (3 FACTION-SPECIFIC)")
            j = self.i
            while self.peek().isalnum():
                self.i += 1
            keys.append(Board(f, self.s[j:self.i]))
            if not self.eat("+"):
                break
        if grouped:
            self.need(")", "')' closing the group of board keys")
        self.need("->", "'->' after a board key")
        j = self.i
        while self.peek().isalnum():
            self.i += 1
        value = self.s[j:self.i] or None
        self.end()
        return SetKey(tuple(keys), value, self.col)

    def item_rest(self) -> Move | None:
        """``$_d->s+r`` as people write the Vagabond's Evening rest (3: ``%_d->s+r``,
        items of an area to another and a state): ``$_`` of a Vagabond's item area whose
        value is an area or a state is the item form with ``$`` for ``%``; None for the
        board keys (none of them is a Vagabond area: ``$_h``, ``$_C``, ``$_o``)."""
        s, i = self.s, self.i
        if not (s[i:i + 2] == "$_" and s[i + 2:i + 3] in AREAS and s[i + 3:i + 5] == "->"
                and s[i + 5:i + 6] in AREAS | STATES and s[i + 5:i + 6] != ""):
            return None
        sub = _Reader("%" + s[i + 1:], self.line, self.col)
        action = sub.general()
        self.i = len(s)
        return action if isinstance(action, Move) else None

    def flip_at(self, part: Part) -> Flip:
        """``t^3->t_s``, a flip written with the clearing after '^' (3: ``t3^t_s``): the
        token of clearing 3 turned face up as a snare."""
        p = part.thing
        if not isinstance(p, Piece) or p.kind != "t" or p.subs or part.source is not None:
            raise self.fail("'->' (a move); '^' reveals cards from a hand (3 REVEAL)")
        where = self.clearing_number()
        self.need("->", "'->' and the token face up: t3^t_s (3: flip)")
        piece = self.piece(None)
        self.end()
        return Flip(p.owner, where, piece, self.col)

    def flip(self, part: Part) -> Flip:
        p = part.thing
        src = part.source
        if not isinstance(p, Piece) or p.kind != "t" or p.subs or not isinstance(
                src, Clearing | Forest):
            raise self.fail("a face-down token 't<clearing>' before '^' (3: flip)")
        piece = self.piece(None)
        self.end()
        where: int | tuple[int, ...] = src.number if isinstance(src, Clearing) else src.clearings
        return Flip(p.owner, where, piece, self.col)

