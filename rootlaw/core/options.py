"""Options and decisions: the values the engine offers and takes.

An option is a plain tuple ``(verb, *args)``: immutable, hashable, cheap to build and
JSON-able as a list. ``label(option)`` gives its readable text, from the text form
each module registers for its verbs (``text_form``).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from rootlaw.core.catalog import deck

if TYPE_CHECKING:
    from rootlaw.core.game import Game
    from rootlaw.core.steps import Step

Option = tuple[Any, ...]

# verb -> format: placeholders index the option tuple; {c1} shows element 1 as a card
# name, {n1} by its registered readable name (``name_form``)
_FORMATS: Final[dict[str, str]] = {}
# names that several cards share in a deck (Ambush!, Root Tea, ...): their labels add
# the suit, so two options never read the same (filled on first use)
_SHARED_NAMES: Final[set[str]] = set()
# id -> readable name, for ids that are neither cards nor numbers (a piece's side, a
# column of a faction board): one name an id, whoever registers it
_NAMES: Final[dict[str, str]] = {}
# owner -> id -> name, for words that belong to one card (a hireling's actions: the
# Bandits' "recruit" is not the Eyrie's), read only where an option names their owner
_OWNED: Final[dict[str, dict[str, str]]] = {}
# verb -> format of the option as seats other than the decider may read it (its secret
# left out: a face-down plot's type, a card shown to one player)
_SECRET: Final[dict[str, str]] = {}


def distinct(items: list[str]) -> list[str]:
    """The items without repeats, in first-seen order (card ids of a hand: one option per
    card). ``dict.fromkeys`` does the same, but compiled it is a method call on the type
    by name, which costs several times this loop over a short list."""
    if len(items) < 2:
        return items[:]
    out: list[str] = []
    for x in items:
        new = True
        for y in out:
            if x == y:
                new = False
                break
        if new:
            out.append(x)
    return out


def append_all(out: list[Option], items: list[Option]) -> None:
    """``out.extend(items)`` for the short lists of options and steps the menus join:
    compiled, a loop of appends, where ``extend`` goes through the C API's slice
    assignment (several times the cost for a list of none to three)."""
    for x in items:
        out.append(x)


def repeated(items: list[str], i: int) -> bool:
    """Whether ``items[i]`` came earlier in ``items``: ``distinct`` without building a
    list, for the hot loops over a hand (``for i in range(len(hand))``, skipping the
    repeats: the same items in the same order)."""
    x = items[i]
    for j in range(i):
        if items[j] == x:
            return True
    return False


def listed(items: list[str], x: str) -> bool:
    """``x in items`` for a short list of ids (cards played, a hand): compiled, ``in``
    on a list compares each item generically (``PyObject_RichCompare``); this loop
    compares strings directly (the same object first, then the length)."""
    for y in items:
        if y == x:
            return True
    return False


def holds(items: tuple[int, ...], x: int) -> bool:
    """``x in items`` for a tuple of clearings (a row of a links table): compiled, a loop
    of int compares, where ``in`` compares each item generically."""
    for y in items:
        if y == x:
            return True
    return False


def distinct_ints(items: list[int]) -> list[int]:
    """``distinct`` for clearings."""
    out: list[int] = []
    for x in items:
        new = True
        for y in out:
            if x == y:
                new = False
                break
        if new:
            out.append(x)
    return out


# every deck a card id may come from (the prototype's: a variant rule set's, DESIGN.md)
DECK_NAMES: Final[tuple[str, ...]] = ("standard", "exiles_partisans", "prototype")


def card_name(card_id: str) -> str:
    for name in DECK_NAMES:
        card = deck(name).cards.get(card_id)
        if card is not None:
            return card.name
    return card_id.replace("_", " ").title()


def card_label(card_id: str) -> str:
    """A card's name, with its suit where other cards share the name (``Ambush! (bird)``),
    so labels tell such cards apart."""
    if not _SHARED_NAMES:
        for name in DECK_NAMES:
            seen: dict[str, str] = {}
            for cid, each in deck(name).cards.items():
                if seen.get(each.name, cid) != cid:
                    _SHARED_NAMES.add(each.name)
                seen[each.name] = cid
    for name in DECK_NAMES:
        card = deck(name).cards.get(card_id)
        if card is not None:
            return f"{card.name} ({card.suit})" if card.name in _SHARED_NAMES else card.name
    return card_id.replace("_", " ").title()


def _register(table: dict[str, str], key: str, text: str, what: str) -> None:
    """Add ``key``'s words to ``table``; a second module's different words for the same
    key are refused, so no module changes the words of another's options or pieces."""
    old = table.get(key)
    if old is not None and old != text:
        raise ValueError(f"{what} {key!r} already reads {old!r}: not {text!r} (words "
                         "belong to their owner: register them under it)")
    table[key] = text


def text_form(verb: str, fmt: str) -> None:
    """Register how options of ``verb`` read, e.g. ``text_form("move", "move {1} -> {2}")``.

    ``{N}`` is element N as it is, ``{cN}`` a card (its name, with the suit where cards
    share the name), ``{nN}`` an id by its readable name (``name_form``), ``{nN@M}``
    the same read among the words of element M (its owner: a hireling card) and
    ``{nN@id}`` among the words of ``id`` (the verb's own card), and
    ``{wN:words }`` an optional part: nothing when element N is empty, else
    `` (words X)`` with X its names joined (a craft's chosen suits)."""
    _register(_FORMATS, verb, fmt, "the option")


def secret_form(verb: str, fmt: str) -> None:
    """Register how options of ``verb`` read to the other seats, when the option holds
    something only the decider may know (``public_label``)."""
    _register(_SECRET, verb, fmt, "the public option")


def name_form(ident: str, name: str, owner: str = "") -> None:
    """Register how an id reads in text, e.g. ``name_form("ws_tablet_jewelry",
    "waystation (tablet side up)")``; with ``owner``, how it reads where an option names
    that owner (``name_form("recruit", "put a Bandit warrior ...", "highway_bandits")``)."""
    if owner:
        table = _OWNED.get(owner)
        if table is None:
            table = _OWNED[owner] = {}
        _register(table, ident, name, f"{owner}'s name")
    else:
        _register(_NAMES, ident, name, "the name")


def display_name(value: object, owner: str = "") -> str:
    """The readable name of an id (``name_form``): its owner's word for it where it has
    one, else the shared name, else the value as it is."""
    text = str(value)
    if owner:
        own = _OWNED.get(owner)
        if own is not None:
            word = own.get(text)
            if word is not None:
                return word
    return _NAMES.get(text, text)


def names() -> dict[str, str]:
    """Every registered readable name (for clients that draw ids: the web board)."""
    return dict(_NAMES)


def has_text_form(verb: str) -> bool:
    return verb in _FORMATS


def has_secret_form(verb: str) -> bool:
    """Whether options of ``verb`` hold something only the decider may know."""
    return verb in _SECRET


def public_label(o: Option) -> str:
    """The text of an option as seats other than the decider may read it."""
    fmt = _SECRET.get(str(o[0])) if o else None
    return label(o) if fmt is None else _fill(fmt, o)


def label(o: Option) -> str:
    """The readable text of an option (e.g. ``move 5 -> 8``)."""
    fmt = _FORMATS.get(str(o[0])) if o else None
    if fmt is None:
        return " ".join(str(x) for x in o)
    return _fill(fmt, o)


def _fill(fmt: str, o: Option) -> str:
    out = fmt
    for i in range(len(o) - 1, 0, -1):
        val = o[i]
        card = "{c" + str(i) + "}"
        if card in out:
            out = out.replace(card, card_label(val) if isinstance(val, str) else str(val))
        opt = "{w" + str(i) + ":"
        j = out.find(opt)
        if j >= 0:
            k = out.index("}", j)
            out = out[:j] + _optional(out[j + len(opt):k], val) + out[k + 1:]
        named = "{n" + str(i)
        j = out.find(named)
        while j >= 0:
            k = out.index("}", j)
            word = display_name(val, _owner(out[j + len(named):k], o))
            out = out[:j] + word + out[k + 1:]
            j = out.find(named, j + len(word))
        out = out.replace("{" + str(i) + "}", str(val))
    return out


def _owner(at: str, o: Option) -> str:
    """The owner of ``{nN@...}``: ``@M`` element M of the option, ``@id`` that id (the
    verb's own card); nothing for a plain ``{nN}``."""
    if not at:
        return ""
    return str(o[int(at[1:])]) if at[1:].isdigit() else at[1:]


def _optional(words: str, val: object) -> str:
    """`` (words X)``, or nothing when ``val`` is empty."""
    if not val:
        return ""
    items = val if isinstance(val, (tuple, list)) else (val,)
    return " (" + words + " and ".join(display_name(x) for x in items) + ")"


class Decision:
    """Who must decide now, what kind of choice, and the legal options. The prompt
    is written only when asked for (search and simulation never read it)."""

    __slots__ = ("seat", "kind", "rule", "options", "_game", "_step", "_prompt")

    seat: str
    kind: str
    rule: str
    options: list[Option]
    _game: Game | None
    _step: Step
    _prompt: str | None

    def __init__(self, seat: str, kind: str, rule: str, options: list[Option],
                 game: Game | None, step: Step, prompt: str | None = None) -> None:
        self.seat = seat
        self.kind = kind
        self.rule = rule
        self.options = options
        self._game = game
        self._step = step
        self._prompt = prompt

    @property
    def prompt(self) -> str:
        p = self._prompt
        if p is None:
            from rootlaw.core.steps import STEPS

            g = self._game
            assert g is not None
            p = self._prompt = STEPS[self._step[0]].describe(g, self._step)
        return p

    @property
    def labels(self) -> list[str]:
        return [label(o) for o in self.options]

    def for_game(self, g: Game) -> Decision:
        """The same decision, its prompt written from ``g`` (a copy of the game)."""
        return Decision(self.seat, self.kind, self.rule, self.options, g, self._step,
                        self._prompt)

    def to_dict(self, with_options: bool = True) -> dict[str, Any]:
        out: dict[str, Any] = {"seat": self.seat, "kind": self.kind, "rule": self.rule,
                               "prompt": self.prompt}
        if with_options:
            out["options"] = [list(o) for o in self.options]
            out["labels"] = self.labels
        return out

    def __repr__(self) -> str:
        return f"Decision({self.seat}, {self.kind}, {len(self.options)} options)"
