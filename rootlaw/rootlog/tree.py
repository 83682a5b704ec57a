"""The typed parse tree of a Rootlog (V2.8; summary: shared/notation/ROOTLOG.md).

Every node is a small frozen value. Faction, suit and item letters stay as the
notation writes them (``"C"``, ``"F"``, ``"s"``); ``rootlaw.rootlog.names`` maps them to
the engine's ids. A node's ``col`` is the 1-based column where it starts in its line.
Section numbers in the comments are those of the summary.
"""
from __future__ import annotations

from dataclasses import dataclass, field

# ------------------------------------------------------------------ things (2)


@dataclass(frozen=True, slots=True)
class Piece:
    """2 Piece: ``[Faction]<type>[_<sub>...]``; ``owner`` None is the current player; a
    hireling owner is ``h_<X>`` (``h_<X>d`` demoted)."""

    owner: str | None
    kind: str  # w warrior, p pawn, b building, t token, f ferry, r raft (before V2.8)
    subs: tuple[str, ...] = ()

    @property
    def code(self) -> str:
        """The piece without its owner: ``b_s``, ``t_3_j``."""
        return "_".join((self.kind, *self.subs))


@dataclass(frozen=True, slots=True)
class Card:
    """2 Card: ``[Suit]#[name]``; a group ``(2F+M)#`` reads as one part per suit."""

    suit: str | None = None  # None: any or unknown suit
    name: str | None = None  # None: the name does not matter (or is unknown)


@dataclass(frozen=True, slots=True)
class Item:
    """2 Item: ``%<type>``; ``_`` is every item at the location (``%_``)."""

    kind: str


@dataclass(frozen=True, slots=True)
class Hireling:
    """3 Hirelings: a hireling card ``h_<X>`` (``d``: demoted)."""

    code: str
    demoted: bool = False


@dataclass(frozen=True, slots=True)
class Landmark:
    """3 Landmarks (ADSET): ``tower``, ``ferry``, ... (``f`` alone is the ferry piece)."""

    name: str


@dataclass(frozen=True, slots=True)
class Path:
    """2 Path ``<low>_<high>``: a closed path (Mountain) moved off the map."""

    low: int
    high: int


Thing = Piece | Card | Item | Hireling | Landmark | Path

# --------------------------------------------------------------- locations (2)


@dataclass(frozen=True, slots=True)
class Clearing:
    """2 Clearings 1..12 (Law of Rootbotics numbering); 0 is the Duchy's Burrow."""

    number: int


@dataclass(frozen=True, slots=True)
class Forest:
    """2 Forest: its adjacent clearings in ascending order, at least three."""

    clearings: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Board:
    """2 Faction board ``[Faction]$``, with a key: ``$_r`` a decree column, ``$_1`` a
    retinue column, ``$_C`` a relationship, ``$_h`` a price, ``$_f`` funds, ``$_o``
    the outcast, ``$_`` the whole decree or every price; ``markers`` for ``A$4``."""

    faction: str | None
    key: str | None = None
    markers: int | None = None


@dataclass(frozen=True, slots=True)
class Hand:
    """2 A player's hand: the bare faction letter."""

    faction: str


@dataclass(frozen=True, slots=True)
class DiscardPile:
    """2 ``*``: the discard pile as a source."""


@dataclass(frozen=True, slots=True)
class Quests:
    """2 ``Q``: the quests on offer."""


@dataclass(frozen=True, slots=True)
class ItemSpot:
    """2 An item's place on the Vagabond's board: an area (``s`` satchel, ``d``
    damaged, ``t`` track) and/or a state (``r`` face up, ``e`` exhausted)."""

    area: str | None
    state: str | None


Location = Clearing | Forest | Board | Hand | DiscardPile | Quests | ItemSpot

# ----------------------------------------------------------------- actions (3)


@dataclass(frozen=True, slots=True)
class Part:
    """One side element of a move: ``[N]<thing>[from]``."""

    count: int
    thing: Thing
    source: Location | None = None


@dataclass(frozen=True, slots=True)
class Move:
    """3 MOVE ``[N]<thing>[from]->[to]``; several things joined by ``+`` or grouped in
    parentheses (flattened into ``parts``), several destinations by ``+`` (each
    receives every part; an item's area and state joined by ``+`` are one place)."""

    parts: tuple[Part, ...]
    dests: tuple[Location, ...] = ()  # () the default destination
    col: int = 0


@dataclass(frozen=True, slots=True)
class Battle:
    """3 BATTLE ``[Attacker]X<Defender><clearing>[<Suit>@[<Suit>@]][(a,d)]``."""

    attacker: str | None
    defender: str
    clearing: int
    ambush: str | None = None  # the defender's ambush card's suit
    foil: str | None = None  # the attacker's counter-ambush
    rolls: tuple[int, int] | None = None
    col: int = 0


@dataclass(frozen=True, slots=True)
class Shown:
    """One revealed part: ``[N][card][Faction]`` (card None: the whole hand)."""

    count: int
    card: Card | None
    faction: str | None


@dataclass(frozen=True, slots=True)
class Reveal:
    """3 REVEAL ``[N][card][Faction]^[Target]`` (target None: everyone)."""

    parts: tuple[Shown, ...]
    target: str | None = None
    col: int = 0


@dataclass(frozen=True, slots=True)
class Craft:
    """3 CRAFT ``Z<item>`` or ``Z<card name>`` (``Zffavor``: the suit glued in front)."""

    item: str | None = None
    card: str | None = None
    suit: str | None = None
    col: int = 0


@dataclass(frozen=True, slots=True)
class Score:
    """3 SCORE ``[Faction]++[N]`` / ``[Faction]--[N]``: ``points`` is signed."""

    faction: str | None
    points: int
    col: int = 0


@dataclass(frozen=True, slots=True)
class MarkerMove:
    """3 DOMINANCE/COALITION ``++-><board>``: the VP marker onto a faction board."""

    board: str | None  # None: the player's own board (dominance)
    col: int = 0


@dataclass(frozen=True, slots=True)
class SetKey:
    """3 FACTION-SPECIFIC board keys set to a value: ``$_C->1``, ``$_h->4``, ``$_->3``,
    ``$_f->2``, ``$_o->M``; ``$_->`` (value None) discards the whole Decree."""

    keys: tuple[Board, ...]
    value: str | None
    col: int = 0


@dataclass(frozen=True, slots=True)
class Expose:
    """3 Corvids: exposure ``?P<plot><clearing>`` (also ``?Pt<clearing>^<plot>``)."""

    faction: str
    plot: Piece
    clearing: int
    col: int = 0


@dataclass(frozen=True, slots=True)
class Flip:
    """3 ``[F]t<clearing>^<piece>``: a face-down token turns face up (a plot, a relic)."""

    faction: str | None
    clearing: int | tuple[int, ...]  # a forest for a relic
    piece: Piece
    col: int = 0


@dataclass(frozen=True, slots=True)
class Trick:
    """3 Corvids' trick ``t<a><->t<b>``: two plots swap places."""

    first: int
    second: int
    col: int = 0


Action = Move | Battle | Reveal | Craft | Score | MarkerMove | SetKey | Expose | Flip | Trick

# -------------------------------------------------------------------- lines (1)


@dataclass(frozen=True, slots=True)
class Seat:
    """1 ``<F>: <player name>``: one per seat, in seating (or draft) order."""

    faction: str
    player: str
    line: int


@dataclass(frozen=True, slots=True)
class Turn:
    """1 ``<F>:<action>/<action>...``: one turn; the first line of a faction is its
    setup. ``errors`` holds actions a lenient parse could not read (their text and why)."""

    faction: str
    actions: tuple[Action, ...]
    line: int
    setup: bool = False
    comment: str = ""
    errors: tuple[str, ...] = ()
    text: str = ""


@dataclass(frozen=True, slots=True)
class Header:
    """1 The headers: map, deck, clearing suits, landmarks, hirelings, draft pool."""

    map: str = "Fall"
    deck: str = "Standard"
    clearings: tuple[str, ...] | None = None  # suits of clearings 1..12
    landmarks: tuple[tuple[str, int], ...] = ()
    hirelings: tuple[str, ...] = ()
    hireling_setup: tuple[Action, ...] = ()
    pool: tuple[str, ...] | None = None
    map_line: int = 0  # where the Map header is (an error about the map points there)


@dataclass(frozen=True, slots=True)
class Rootlog:
    """A whole record: headers, seats, turns (setups first per faction), the winners."""

    header: Header
    seats: tuple[Seat, ...]
    turns: tuple[Turn, ...]
    winners: tuple[str, ...] | None = None
    comments: tuple[tuple[int, str], ...] = field(default=())  # (line, text) of each comment

    def directives(self) -> dict[str, str]:
        """rootlaw's own comments (``// rootlaw-<key>: <value>``), read by ``load``."""
        out: dict[str, str] = {}
        for _, text in self.comments:
            t = text.strip()
            if t.startswith("rootlaw-") and ":" in t:
                key, value = t[len("rootlaw-"):].split(":", 1)
                out[key.strip()] = value.strip()
        return out
