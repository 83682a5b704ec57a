"""Read a Rootlog and rebuild its game turn by turn (``load``, ``loads``).

The headers and player lines set the game up (the map and its suits, the deck, the
seats in their order, the draft's pool); then each line is searched for engine
decisions that produce exactly its movements (``search.py``). A line so found is
*checked*; a line the search cannot produce (a rules slip in the real game, an
ambiguity of the notation, a card the record never names) is *flagged* with the reason
and applied as recorded movements (``apply.py``), and the replay goes on from the
recorded state. A turn is one line of the log after the setup (the report's ``turns``);
a setup the engine cannot produce is flagged as turn 0.
"""
from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

import rootlaw
from rootlaw.core.errors import RootlawError
from rootlaw.core.faction_api import FACTIONS, is_seat_name
from rootlaw.core.game import Game
from rootlaw.rootlog import names
from rootlaw.rootlog.apply import apply_line
from rootlaw.rootlog.errors import RootlogError
from rootlaw.rootlog.expect import ANY, Atom, Expect, card_ids, expect
from rootlaw.rootlog.hidden import Hidden
from rootlaw.rootlog.ledger import ALL, VAGABOT_NOTE, ledger, vagabot_sides
from rootlaw.rootlog.parser import parse, parse_action
from rootlaw.rootlog.search import Context, at_boundary, search, start
from rootlaw.rootlog.tree import Reveal, Rootlog, Turn

FIRST_TRIES = 1500  # a hand-written line is searched in its own order this long first


# what a flagged turn is (the report's ``kind``): a rules slip in the game played (the
# engine has no legal way to the line's movements; ``rule`` the rule of the step where
# they parted); an omission (the engine's only legal ways move something the line does
# not write: a draw or discard the record forgot, or a rule the table missed); the
# notation's silence (a choice or a thing the notation has no form for: nothing there to
# check, not a failure of the game); an unreadable line (its ``column``); the search
# bound reached (no verdict); a line after the game's end
KINDS: Final = ("rules", "omission", "silence", "unreadable", "bound", "over")
KIND_WORDS: Final = {"rules": "rules slip", "omission": "omission",
                     "silence": "the notation's silence", "unreadable": "unreadable line",
                     "bound": "search bound", "over": "after the game's end"}
_RULE: Final = re.compile(r"\((\d+(?:\.\d+)+[A-Za-z.]*)(?:[,;)]|\s)")
_COLUMN: Final = re.compile(r"line \d+, column (\d+)")


@dataclass(frozen=True)
class Flag:
    turn: int  # 1 for the first turn after the setup; 0 the setup
    line: int
    reason: str
    kind: str = "rules"  # one of KINDS
    rule: str = ""  # the rule broken or where the engine and the line parted ("": none)
    column: int = 0  # an unreadable line's column (0: not known)


def make_flag(turn: int, line: int, reason: str, rule: str = "") -> Flag:
    """A flagged turn with its kind (``KINDS``) read from the reason: the rule a reason
    cites outranks ``rule``, the rule of the search's decision where it failed."""
    head = reason.split("; applied as recorded", 1)[0]
    if head.startswith("no sequence of legal options found within"):
        kind = "bound"
    elif head.startswith(("unreadable action", "bad put-back")):
        kind = "unreadable"
    elif head.startswith("the game is over"):
        kind = "over"
    elif " is not said" in head or "no Rootlog form" in head or "no form" in head:
        kind = "silence"
    elif "which the line does not say" in head or "the line says none" in head:
        kind = "omission"
    else:
        kind = "rules"
    cited = _RULE.search(head + " ")
    col = _COLUMN.search(head) if kind == "unreadable" else None
    if head.startswith("out of turn"):
        rule = "1.4.1"
    return Flag(turn, line, reason, kind, cited.group(1) if cited else rule,
                int(col.group(1)) if col else 0)


@dataclass
class Report:
    """Per turn, checked or flagged and why."""

    turns: int = 0
    checked: int = 0
    flagged: list[Flag] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {"turns": self.turns, "checked": self.checked, "kinds": self.kinds(),
                "flagged": [{"turn": f.turn, "line": f.line, "reason": f.reason,
                             "kind": f.kind, "rule": f.rule, "column": f.column}
                            for f in self.flagged]}

    def kinds(self) -> dict[str, int]:
        """How many flagged lines (the setup's too) of each kind."""
        out = dict.fromkeys(KINDS, 0)
        for f in self.flagged:
            out[f.kind] += 1
        return out

    @property
    def share(self) -> float:
        return self.checked / self.turns if self.turns else 1.0

    def text(self) -> str:
        lines = [f"{self.checked} of {self.turns} turns checked ({self.share:.0%})"]
        kinds = ", ".join(f"{n} {KIND_WORDS[k]}" for k, n in self.kinds().items() if n)
        if kinds:
            lines[0] += f"; flagged: {kinds}"
        for f in self.flagged:
            what = "setup" if f.turn == 0 else f"turn {f.turn}"
            at = f"line {f.line}" + (f", column {f.column}" if f.column else "")
            rule = f", {f.rule}" if f.rule and f.kind in ("rules", "omission") else ""
            lines.append(f"  flagged {what} ({at}) [{KIND_WORDS[f.kind]}{rule}]: {f.reason}")
        lines.extend(f"  note: {n}" for n in self.notes)
        return "\n".join(lines)


@dataclass
class Replay:
    """A record read back: its tree, the game after each line, the report."""

    tree: Rootlog
    game: Game
    states: list[Game]  # after the setup, then after each turn
    lines: list[int]  # the record's line of each state
    report: Report
    letters: list[str]  # each seat's faction letter


def load(path: str | Path, setup: str | None = None) -> Replay:
    """Read the Rootlog file at ``path`` and replay it (RootlogError if it cannot be
    read; turns the engine cannot produce are flagged, not refused); ``setup``: as
    ``loads``."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        raise RootlogError(f"cannot read {path}: {e}") from None
    return loads(text, setup)


def loads(text: str, setup: str | None = None) -> Replay:
    """Parse and replay ``text``; ``setup`` names the setup the record used (``SETUPS``;
    None: read from the record, ``setup_kind``)."""
    tree = parse(text, strict=False)
    return replay(tree, setup)


# the setups a record may use: the standard setup (5.1), a draft from a pool followed by
# each faction's standard setup (records before the Law's Appendix A, 2019-2022), the
# Advanced Setup of Appendix A (setup cards, homelands; A.8)
SETUPS: Final = ("standard", "draft", "advanced")


def setup_kind(tree: Rootlog, directives: dict[str, str], setup: str | None = None) -> str:
    """The setup the record used: ``setup`` if given; rootlaw's own records say it in
    their directive; a record with hirelings is of the Advanced Setup (A.6); a record
    with a ``Pool:`` drafted its factions and set each up by its own standard setup (the
    records people wrote before the Law's Appendix A; docs/rulings.md); else the
    standard setup. The Advanced Setup's records follow each player line with its setup
    line (1: "in ADSET, the seat's setup line follows its own player line"); the old
    drafts give every player line first."""
    if setup is not None:
        if setup not in SETUPS:
            raise RootlogError(f"unknown setup {setup!r}: one of {', '.join(SETUPS)}")
        return setup
    try:
        opts = json.loads(directives.get("setup", "{}"))
    except ValueError as e:
        raise RootlogError(f"bad rootlaw-setup directive: {e}") from None
    if isinstance(opts, dict) and opts.get("setup") == "advanced" or tree.header.hirelings:
        return "advanced"
    if tree.header.pool is not None:
        last_seat = max((p.line for p in tree.seats), default=0)
        interleaved = any(t.setup and t.line < last_seat for t in tree.turns)
        return "advanced" if interleaved or directives.get("record") == "rootlaw" \
            else "draft"
    return "advanced" if _dealt_five(tree) else "standard"


def _dealt_five(tree: Rootlog) -> bool:
    """Whether a setup line deals its hand more than the standard setup's three cards
    (5.1.3): the Advanced Setup deals five (A.7), even without a ``Pool:`` (the
    factions chosen, not drafted)."""
    for t in tree.turns:
        if not t.setup or t.faction not in names.LETTERS:
            continue
        try:
            e = expect(t.actions, t.faction, {t.faction: names.LETTERS[t.faction]})
        except (RootlogError, KeyError, ValueError):
            continue
        if sum(a.count or 1 for a in e.atoms if a.sign == 1 and a.place == ("hand", t.faction)
               and isinstance(a.comp, tuple) and a.comp[0] == "c") > 3:
            return True
    return False


# told as a replay goes (the web page's progress): (turns replayed, turns in the record)
Progress = Callable[[int, int], None]


def replay(tree: Rootlog, setup: str | None = None, progress: Progress | None = None) -> Replay:
    """Replay a parsed record; ``progress(i, n)`` is called once the setup is found
    (i = 0) and after each of its n turns."""
    directives = tree.directives()
    strict = directives.get("record") == "rootlaw"
    kind = setup_kind(tree, directives, setup)
    g, letters, first = new_game(tree, directives, kind=kind)
    bases = {L: names.LETTERS[L] for L in letters}  # the Law faction whose board it is
    try:
        bots = dict(json.loads(directives.get("setup", "{}")).get("bots", {}))
    except (ValueError, AttributeError):
        bots = {}
    bots = {**named_bots(tree), **bots}
    for L in bots:
        bases[L + "!"] = "bot"  # no hand: crafts its order card (Rootbotics 2.7)
    report = Report()
    turns = [t for t in tree.turns if not t.setup]
    report.turns = len(turns)
    setups = [t for t in tree.turns if t.setup]
    states: list[Game] = []
    lines: list[int] = []
    # the setup: every setup line at once (their order may differ from the seats')
    hsetup = tree.header.hireling_setup  # 1: A.6.3 the hirelings' setup, in the header
    exp = _setup_expect(setups + ([Turn("", hsetup, setups[0].line if setups else 0,
                                        setup=True)] if hsetup else []),
                        bases, letters, first)
    seats = {s: L for s, L in enumerate(letters)} if g.setup.get("setup") == "advanced" else {}
    ctx = Context(exp, letters, strict, True, "", seats)
    ctx.pool = [names.LETTERS[L] for L in tree.header.pool or ()]
    ctx.characters = _characters(exp)
    if g.setup.get("landmarks"):
        ctx.landmarks = _landmark_cards(tree, g)
        _landmark_atoms(tree, exp)
    if tree.header.hirelings:  # A.6.2 the sides the header names (h_<X>d: demoted)
        ctx.demoted = [card for card, down in map(_hireling_card, tree.header.hirelings)
                       if down]
    problems = exp.problems + [e for t in setups for e in t.errors]
    node = None if problems else search(start(g, ctx), ctx)
    first_line = setups[0].line if setups else 0
    if node is None:
        reason = problems[0] if problems else ctx.reason or "no setup the engine allows"
        report.flagged.append(make_flag(0, first_line, reason, "" if problems else ctx.rule))
        if any(is_seat_name(f) for f in g.factions):  # a draft: the record's factions
            g, _, _ = new_game(tree, directives, given=True, kind=kind)
        g = _setup_as_recorded(g, exp, letters, turns)
    else:
        g = node.g
    # rootlaw's records note the Vagabot's item sides (counts, no Rootlog form) on its
    # setup line and on each line that changes them: then every line is checked on them
    sides = any(t.comment.startswith(VAGABOT_NOTE) for t in setups) and strict
    hidden = Hidden(letters)  # the cards the record has not named where they lie
    hidden.after({}, g, exp)
    states.append(g)
    lines.append(first_line)
    if progress is not None:
        progress(0, len(turns))
    for i, t in enumerate(turns, start=1):
        last = i == len(turns) and tree.winners is None
        g, flag = _turn(g, t, i, bases, letters, strict, turns[i] if i < len(turns) else None,
                        last, hidden, sides)
        if flag is None:
            report.checked += 1
        else:
            report.flagged.append(flag)
        states.append(g)
        lines.append(t.line)
        if progress is not None:
            progress(i, len(turns))
    if tree.winners is not None:
        engine = sorted(names.letter(f) for f in g.won) if g.won else []
        if sorted(tree.winners) != engine:
            report.notes.append(f"the record's winners are {''.join(tree.winners)}; the "
                                f"engine's are {''.join(engine) or 'none (the game goes on)'}")
    return Replay(tree, g, states, lines, report, letters)


def _base(g: Game, s: int) -> str:
    fd = g.fdefs[s]
    if is_seat_name(fd.id):
        return ""
    return fd.replaces or fd.id


def _turn(g: Game, t: Turn, i: int, bases: dict[str, str], letters: list[str],
          strict: bool, following: Turn | None, last: bool, hidden: Hidden,
          sides: bool = False) -> tuple[Game, Flag | None]:
    exp = expect(t.actions, t.faction, bases, strict)
    if sides:  # the Vagabot's item sides at the end of the line: the comment's, or unchanged
        c = t.comment.strip()
        exp.vagabot = c.removeprefix(VAGABOT_NOTE).strip() if c.startswith(VAGABOT_NOTE) \
            else vagabot_sides(g)
    if g.won:
        why = f"the game is over in the engine ({', '.join(g.won)} won, {g.win_reason})"
        return g, make_flag(i, t.line, why)
    g = hidden.agree(g, exp)  # the cards it names where the engine holds them in secret
    before = hidden.snapshot(g)
    g, flag = _play(g, t, i, exp, letters, strict, following, last, hidden.unknown)
    hidden.after(before, g, exp)
    return g, flag


def _play(g: Game, t: Turn, i: int, exp: Expect, letters: list[str], strict: bool,
          following: Turn | None, last: bool, unknown: dict[Any, Counter[str]] | None = None
          ) -> tuple[Game, Flag | None]:
    reason = ""
    rule = ""
    if t.errors:
        reason = "unreadable action " + t.errors[0]
    elif exp.problems:
        reason = exp.problems[0]
    seat = int(g.stack[-1][1]) if at_boundary(g) and g.stack else -1
    if not reason and (seat < 0 or letters[seat] != t.faction):
        who = letters[seat] if seat >= 0 else "nobody"
        reason = f"out of turn: the engine's turn order (1.4.1) gives {who} this turn"
    if not reason:
        ctx = Context(exp, letters, strict, False, t.faction)
        ctx.partial = last
        if not strict:  # a record written by hand: first in its order (people write
            ctx.ordered, ctx.limit = True, FIRST_TRIES  # what happens as it happens)
        node = search(start(g, ctx), ctx)
        if node is None and not strict:  # then in any order: a line may group changes
            ctx = Context(exp, letters, strict, False, t.faction)
            ctx.partial = last
            node = search(start(g, ctx), ctx)
        if node is not None:
            return node.g, None
        reason = ctx.reason or "no sequence of legal options produces these movements"
        rule = ctx.rule
    nxt = _next_seat(following, letters, t.faction)
    g2, skipped = apply_line(g, exp, letters, nxt, unknown)
    if skipped:
        reason += "; applied as recorded, except: " + "; ".join(skipped[:3])
    return g2, make_flag(i, t.line, reason, rule)


def _next_seat(following: Turn | None, letters: list[str], me: str) -> int:
    if following is not None and following.faction in letters:
        return letters.index(following.faction)
    s = letters.index(me) if me in letters else 0
    return (s + 1) % len(letters)


def _setup_as_recorded(g: Game, exp: Expect, letters: list[str], turns: list[Turn]) -> Game:
    """An engine setup no decisions reach: run it with the first options (the boards,
    hands and decks set up), take the pieces it put on the map back, and put those
    the setup lines place (the turns after it start from the record's map)."""
    gg = g.copy()
    before = ledger(gg, ALL, letters)
    started = False
    while not gg.won and not (started and at_boundary(gg)):
        started = True
        if gg.decision is not None:
            gg.apply(gg.decision.options[0], advance=False)
        else:
            gg.run_step()
    placed = ledger(gg, ALL, letters)
    placed.subtract(before)
    redo = Expect()
    for (comp, place), n in placed.items():
        if n > 0 and comp[0] in _MAP_PIECES and place[0] in ("c", "fo"):
            redo.moves.append((comp, place, None, n))
    redo.moves.extend(m for m in exp.moves if isinstance(m[0], tuple) and m[0][0] in _MAP_PIECES)
    for k, v in exp.settings.items():
        redo.settings[k] = v
    first = letters.index(turns[0].faction) if turns and turns[0].faction in letters else 0
    out, _ = apply_line(gg, redo, letters, first)
    return out


_MAP_PIECES: Final = frozenset({"w", "w_w", "p", "b", "t", "ferry"})  # 2.2-2.4


def _put_back(t: Turn, e: Expect) -> None:
    """A.10 the cards put back on the deck, which Rootlog cannot write: rootlaw keeps
    them in a comment of the setup line (``// rootlaw-put-back: F#dom+R#bank``)."""
    c = t.comment.strip()
    if not c.startswith("rootlaw-put-back:"):
        return
    try:
        shown = parse_action(c.split(":", 1)[1].strip() + "^")
    except RootlogError as err:
        e.problems.append(f"bad put-back comment: {err}")
        return
    if not isinstance(shown, Reveal):
        return
    for part in shown.parts:
        ids = card_ids(part.card) if part.card is not None else None
        comp = ("c", ids if ids is not None else ANY)
        e.atoms.append(Atom(-1, comp, ("hand", t.faction), part.count, 2.0))
        e.moves.append((comp, ("hand", t.faction), ("deck",), part.count))


def _hireling_card(code: str) -> tuple[str, bool]:
    """3 Hirelings: the card and side of a header's ``h_<X>[d]`` (or a bare ``X``)."""
    x = code if code.startswith("h_") else "h_" + code
    try:
        return names.hireling_card(x)
    except KeyError:
        raise RootlogError(f"unknown hireling {code!r} (3 Hirelings)") from None


def _landmark_cards(tree: Rootlog, g: Game) -> list[str]:
    """A.5.2 the landmark cards the header names, to be dealt in its order (rootlaw
    writes the order dealt; the map's own Tower at its pass last: kept, not dealt)."""
    out: list[str] = []
    last: list[str] = []
    for name, c in tree.header.landmarks:
        lid = names.LANDMARK_IDS.get(name)
        if lid is not None:
            (last if name == "tower" and c == g.board.the_pass else out).append(lid)
    return out + last


def _landmark_atoms(tree: Rootlog, exp: Expect) -> None:
    """A.5.3 the landmarks set up where the header says (1 Landmarks: the setup lines
    do not move them; the Ferry's piece is in a setup line, 2: ``f``)."""
    for name, c in tree.header.landmarks:
        if name not in ("ferry", "f"):
            comp = ("lm", name)
            exp.atoms.append(Atom(1, comp, ("c", c), 1, 2.0))
            exp.moves.append((comp, None, ("c", c), 1))


def _characters(exp: Expect) -> list[str]:
    """The Vagabonds' characters the setup lines name (9.3.1, A.8.1.III)."""
    from rootlaw.factions.vagabond import CHARACTERS

    out: list[str] = []
    for a in exp.atoms:
        ids = a.comp[1] if isinstance(a.comp, tuple) and a.comp[0] == "c" else None
        if isinstance(ids, frozenset) and len(ids) == 1 and next(iter(ids)) in CHARACTERS:
            out.append(next(iter(ids)))
    return out


def _setup_expect(setups: list[Turn], bases: dict[str, str], letters: list[str],
                  first: int) -> Expect:
    """The setup lines as one: the hands' draws first, in the deal's order (5.1.3 and
    A.7 deal from the first player in turn order), then the other draws."""
    out = Expect()
    deals: dict[str, list[Any]] = {}
    others: list[Any] = []
    for t in setups:
        e = expect(t.actions, t.faction, bases)
        _put_back(t, e)
        # 9.3.3 the quest deck is made and drawn from in one step: no draw to see
        out.atoms.extend(Atom(a.sign, a.comp, a.place, None, a.rank, a.loose)
                         if a.place == ("qdeck",) else a for a in e.atoms)
        out.moves.extend(e.moves)
        for k, v in e.settings.items():
            out.settings.setdefault(k, []).extend(v)
        out.battles.extend(e.battles)
        out.quests.extend(e.quests)
        out.ruins.extend(e.ruins)
        out.shown.extend(e.shown)
        out.problems.extend(e.problems)
        hand = [a for a in e.atoms if a.sign == 1 and a.place == ("hand", t.faction)
                and isinstance(a.comp, tuple) and a.comp[0] == "c"]
        n_hand = sum(a.count or 0 for a in hand)
        deals[t.faction] = e.draws[:n_hand]
        others.extend(e.draws[n_hand:])
    n = len(letters)
    for i in range(n):
        out.draws.extend(deals.get(letters[(first + i) % n], []))
    out.draws.extend(others)
    return out


# ------------------------------------------------------------------ setting up

def named_bots(tree: Rootlog) -> dict[str, str]:
    """The seats whose player line names a Rootbotics bot of its faction (``V:
    Vagabot``, ``C: Mechanical Marquise 2.0 (bot)``): a table writes who played, and a
    bot plays by its own rules (Rootbotics 2.6), so its turns are read as the bot's."""
    out: dict[str, str] = {}
    for seat in tree.seats:
        base = names.LETTERS.get(seat.faction, "").rstrip("2")
        said = _plain(seat.player)
        for fid, fd in FACTIONS.items():
            if fd.is_bot and fd.replaces == base and (
                    said == _plain(fd.name) or said.startswith(_plain(fd.name) + " ")
                    or said.endswith(" bot") and _plain(fd.name).split()[0] in said):
                out[seat.faction] = fid
    return out


def _dealt_landmarks(h: Any) -> list[str]:
    """A.5.2 the landmark cards a header names, the map's own piece left out (the
    Lake's Ferry, the Mountain's Tower: printed on the map, not dealt)."""
    own = {"Lake": "ferry", "Mountain": "tower"}.get(h.map)
    return [names.LANDMARK_IDS[n] for n, _ in h.landmarks
            if n in names.LANDMARK_IDS and names.LANDMARK_IDS[n] != own]


def _plain(name: str) -> str:
    """A player name compared without case, brackets and version numbers."""
    return " ".join(w for w in re.sub(r"[^a-z0-9. ]", " ", name.lower()).split()
                    if not re.fullmatch(r"[0-9.]+", w))


def new_game(tree: Rootlog, directives: dict[str, str], given: bool = False,
             kind: str = "") -> tuple[Game, list[str], int]:
    """The game the headers and player lines describe, before its setup runs, with its
    seating and first player forced to the record's (5.1.1, A.4); each seat's letter;
    the first player's seat. ``given``: the record's factions given to the Advanced
    Setup rather than drafted from its pool (a setup the engine cannot make: its
    factions at least are the record's). ``kind``: the record's setup (``setup_kind``;
    "" reads it from the record)."""
    h = tree.header
    try:
        opts: dict[str, Any] = json.loads(directives.get("setup", "{}"))
    except ValueError as e:
        raise RootlogError(f"bad rootlaw-setup directive: {e}") from None
    bots: dict[str, str] = {**named_bots(tree), **dict(opts.pop("bots", {}))}
    first_seat = opts.pop("first_seat", 0)  # rootlaw's records: the engine's seat of the
    # first player (5.1.1), so the seats are numbered as in the game played
    for L, b in bots.items():
        if b not in FACTIONS or not FACTIONS[b].is_bot:
            raise RootlogError(f"the rootlaw-setup directive names {b!r} for {L}: not a bot")
    kind = kind or setup_kind(tree, directives)
    opts.pop("setup", None)
    advanced = kind == "advanced"
    if advanced and "landmarks" not in opts and (dealt := _dealt_landmarks(h)):
        opts["landmarks"] = dealt  # A.5.2 the header names the cards dealt
    # a draft, old or new, seats the players in the draft's order: reverse turn order
    # (A.8.2; the pre-Appendix-A drafts the same, docs/rulings.md)
    drafted_order = kind in ("advanced", "draft")
    lines = [s.faction for s in tree.seats]
    if len(set(lines)) != len(lines):
        raise RootlogError("a faction has two player lines (1)", tree.seats[-1].line, 1)
    if not 2 <= len(lines) <= 6:
        raise RootlogError(f"Root is played by 2 to 6 players; the record seats {len(lines)} "
                           "(1: one player line per seat)", tree.seats[-1].line if tree.seats
                           else 1, 1)
    play = [t.faction for t in tree.turns if not t.setup]
    if drafted_order:  # A.8.2: player lines in the draft's order, reverse turn order
        order = list(reversed(lines))
        first = 0
        if type(first_seat) is not int or not 0 <= first_seat < len(order):
            raise RootlogError(f"the rootlaw-setup directive's first_seat is {first_seat!r}: "
                               f"a seat from 0 to {len(order) - 1}")
        if first_seat:  # the same turn order, the first player in the engine's seat of
            order = order[-first_seat:] + order[:-first_seat]  # the game played
            first = first_seat
        elif not advanced and play and play[0] in order:  # an old draft: the record's
            first = order.index(play[0])  # first turn is the first player's (5.1.1)
    else:
        order = lines
        first = order.index(play[0]) if play and play[0] in order else 0
    suits: Any = None
    if h.clearings is not None:
        suits = [names.SUITS[x] for x in h.clearings]
    elif h.map != "Fall":
        raise RootlogError(f"the {h.map} map needs its 'Clearings:' header (1: omitted only "
                           "on the Fall map)", h.map_line or 1, 1)
    kw: dict[str, Any] = {"map": names.MAPS[h.map], "deck": names.DECKS[h.deck], "seed": 0,
                          "suits": suits}
    fids = [bots.get(L) or names.LETTERS[L] for L in order]
    if h.pool is not None and advanced and not given:
        kw.update(players=len(order), bots=[bots[L] for L in order if L in bots],
                  setup="advanced")
    else:
        kw.update(factions=fids, setup="advanced" if advanced else "standard")
    kw.update(opts)
    if h.hirelings:  # A.6.1 the cards the header names, dealt in its order
        kw["hirelings"] = [_hireling_card(x)[0] for x in h.hirelings]
    try:
        g0 = rootlaw.new_game(**kw)
    except RootlawError as e:
        raise RootlogError(f"the record's game cannot be set up: {e}") from None
    setup = g0.setup
    drafted = list(setup["factions"])
    if h.pool is not None and advanced and not given:
        seats = iter([f for f in drafted if is_seat_name(f)])
        seating = [bots[L] if L in bots else next(seats) for L in order]
    else:
        seating = fids
    forced: list[list[Any]] = [["seating", seating], ["starting_player", first]]
    rest = {k: v for k, v in setup.items() if k not in ("factions", "map", "deck", "seed")}
    g = Game.new(drafted, map=setup["map"], deck_name=setup["deck"], seed=0, forced=forced,
                 options=rest, advance=False)
    return g, list(order), first


__all__ = ["KINDS", "SETUPS", "Flag", "Replay", "Report", "load", "loads", "make_flag",
           "new_game", "replay", "setup_kind"]
