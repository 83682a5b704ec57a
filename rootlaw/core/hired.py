"""Hirelings (Appendix E): what the core knows of them, the state they keep, and the
base every hireling card's module builds on.

Hirelings are not factions (DESIGN.md): they are neutral piece owners whose controller
changes hands (E.1). The three hirelings of a game own pieces at the *owner indices
beyond the seats*: with n seats, the k-th hireling dealt owns row ``n + k`` of
``Game.warriors`` and entry ``n + k`` of ``Game.pawn``, and its buildings and tokens on
the map are ``(n + k, kind)``. So the piece index, rule, battle and removal code see
them as owners like any other, and a game without hirelings has exactly the seats' rows
(nothing to pay for them). ``Game.factions``, ``fdefs``, hands and scores stay the
seats'. ``Game.odef(o)`` is the rules of any owner: a seat's FactionDef, or the
HirelingDef of the card's side in play. Who controls what (E.1), and whose pieces are
enemy pieces (E.3.1, E.3.2, G.1.8, G.1.9), is asked of the ``Game`` helpers
(``treated_as_own_by``, ``is_enemy``, ``enemy_owners``, ``player_of``), never checked
on its own.

``Hire`` is the hirelings' shared state (``Game.hire``; None without hirelings): the
cards dealt and their sides (A.6.1-2), each card's controller and control markers
(E.1.2-3), the hiring markers on the score track and below each player's Evening
(A.6.4, E.1.1), and what lies on the cards (Forest Patrol warriors, the Exile's items,
Highway Bandits on paths, the Mole Artisans' revealed cards).
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Final

from rootlaw.core.catalog import load_json
from rootlaw.core.faction_api import NO_STEPS, FactionDef, FactionState
from rootlaw.core.options import name_form

if TYPE_CHECKING:
    from rootlaw.core.battle import Battle
    from rootlaw.core.game import Game
    from rootlaw.core.options import Option
    from rootlaw.core.steps import Step

SUPPLY: Final = -1  # controller of a hireling card in the supply (E.1.1)
IN_PLAY: Final = 3  # A.6: exactly three hirelings
PROMOTED: Final = "promoted"
DEMOTED: Final = "demoted"


def _data() -> dict[str, Any]:
    data: dict[str, Any] = load_json("hirelings.json")
    return data


DATA: Final = _data()
MARKERS: Final[tuple[int, ...]] = tuple(int(x) for x in DATA["markers"])  # A.6.4
CONTROL_MARKERS: Final = int(DATA["control_markers"])  # B.4.2, B.10.2
GOLD_PIPS: Final[tuple[int, ...]] = tuple(int(x) for x in DATA["control_die"]["gold"])
ALL_PIPS: Final[tuple[int, ...]] = tuple(int(x) for x in DATA["control_die"]["all"])
UPRISING_FACES: Final[tuple[str, ...]] = tuple(str(x) for x in DATA["uprising_die"])
CARD_IDS: Final[tuple[str, ...]] = tuple(str(c["id"]) for c in DATA["cards"])
CARDS: Final[dict[str, dict[str, Any]]] = {str(c["id"]): c for c in DATA["cards"]}
# A.6.5: the factions a card returns to the box while it is dealt
RELATED: Final[dict[str, tuple[str, ...]]] = {
    cid: tuple(str(f) for f in c["related_factions"]) for cid, c in CARDS.items()}


def piece_count(card: str, kind: str) -> int:
    """How many pieces of ``kind`` (warrior, pawn, building, token, item) the card has
    (B.4.3, B.10.2-3)."""
    n = 0
    for p in CARDS[card]["pieces"]:
        if p["kind"] == kind:
            n += int(p["count"])
    return n


WARRIORS: Final[dict[str, int]] = {cid: piece_count(cid, "warrior") for cid in CARD_IDS}


def side_name(card: str, demoted: bool) -> str:
    return str(CARDS[card][DEMOTED if demoted else PROMOTED]["name"])


for _cid in CARD_IDS:
    name_form(_cid, side_name(_cid, False))


class HirelingDef(FactionDef):
    """One side of a hireling card: its rules as hooks, like a faction's. Battle and
    removal hooks of FactionDef apply to the hireling's own pieces (its owner index
    ``h``); the hooks below are the card's setup (A.6.3) and its actions and abilities
    (E.2.1-E.2.4). ``s`` is always a player (a seat): the controller, or whoever the
    step asks; ``h`` the hireling's owner index. Hooks with nothing to do return
    NO_STEPS or []."""

    card: ClassVar[str] = ""
    demoted: ClassVar[bool] = False
    building_kind: ClassVar[str] = ""  # its buildings on the map (vaults)
    token_kind: ClassVar[str] = ""  # its tokens on the map (footholds)
    # set by register_hireling: which hooks the side has (the engine skips the others)
    has_when_hired: bool = False
    has_birdsong: bool = False
    has_daylight: bool = False
    # the g.once mark of its one once-per-Daylight action (E.2.4; "" for a card with
    # several, the Brigand): once taken, its actions need not be worked out again
    daylight_mark: str = ""
    battle_limits: bool = False  # can_be_battled / shields
    watches_moves: bool = False  # after_any_move
    watches_removals: bool = False  # on_faction_warriors_removed
    controller_battles: bool = False  # controller_* battle hooks

    # -- state (a hireling keeps its state in Game.hire, not in fstate) -----
    def new_state(self) -> FactionState:
        raise NotImplementedError("a hireling has no faction state")

    def state_from_json(self, data: dict[str, Any]) -> FactionState:
        raise NotImplementedError("a hireling has no faction state")

    # -- A.6.3 and E.2 ------------------------------------------------------
    def hire_setup(self, g: Game, h: int, s: int) -> Sequence[Step]:
        """A.6.3: the steps by which player s sets the card up (none: no setup)."""
        return NO_STEPS

    def when_hired(self, g: Game, h: int, s: int) -> Sequence[Step]:
        """E.2.1: the action s must take on taking control of the hireling."""
        return NO_STEPS

    def birdsong(self, g: Game, h: int, s: int) -> Sequence[Step]:
        """E.2.3: the action at the start of the controller's Birdsong."""
        return NO_STEPS

    def daylight_actions(self, g: Game, h: int, s: int) -> list[str]:
        """E.2.4: the card's once-per-Daylight actions s can take now, by name (a card
        may have two, the Brigand)."""
        return []

    def daylight(self, g: Game, h: int, s: int, action: str) -> Sequence[Step]:
        """E.2.4: the steps of the once-per-Daylight action ``action``."""
        return NO_STEPS

    def daylight_once(self, action: str) -> str:
        """Which once-per-Daylight action ``action`` is: the card's one action (a choice
        among its ways, "" by default), or one of several (the Brigand's two)."""
        return ""

    def controller_river_rule_free(self, g: Game, h: int, s: int) -> bool:
        """Whether the controller s ignores rule moving from or to a clearing on a river
        (Otter Divers)."""
        return False

    def place_allowed(self, g: Game, h: int, where: str, c: int) -> bool:
        """Whether the card's placement rule ``where`` allows clearing c (read by the
        shared placing step, core/hire.py): "any" clearing; one with the "controller"'s
        faction pieces (E.3.3: not its hirelings'); one with "none" of the hireling's
        warriors; one with "enemy" pieces (G.1.9, judged from the hireling, E.3.2)."""
        if where == "controller":
            s = g.player_of(h)
            return s >= 0 and g.has_any_piece(s, c)
        if where == "none":
            return not g.warriors[h][c]
        if where == "enemy":
            for o in g.enemy_owners(h):
                if g.has_enemy_piece(h, o, c):
                    return True
            return False
        return True

    def fights_in(self, g: Game, h: int, c: int) -> bool:
        """4.3: whether the hireling can battle in c (its warriors or pawn there; the
        Exile from its forest into an adjacent clearing)."""
        return bool(g.warriors[h][c]) or g.pawn[h] == c

    def check(self, g: Game, h: int) -> str:
        """What about the card's own state could not be (a saved game); "" if nothing."""
        return ""

    def extra_daylight_options(self, g: Game, h: int, s: int) -> list[Option]:
        """Options the card gives its controller at every Daylight action menu, apart
        from the once-per-Daylight action (Rat Smugglers: any number of times)."""
        return []

    def apply_extra(self, g: Game, h: int, s: int, o: Option) -> None:
        raise ValueError(o)

    # -- E.2.2 abilities read by the core ----------------------------------
    def can_be_battled(self, g: Game, h: int, att: int, c: int) -> bool:
        """Whether ``att`` may battle this hireling's pieces in c (Flotilla, Protector:
        never; Bandit Gangs beside its controller's pieces; the Uprising: with a
        matching card to discard)."""
        return True

    def shields(self, g: Game, h: int, owner: int, c: int, by: int) -> bool:
        """Whether ``by`` cannot battle or remove ``owner``'s pieces in c because of
        this card (the Stoic Protector guarding its controller's pieces)."""
        return False

    def battle_toll(self, g: Game, h: int, att: int, c: int) -> Sequence[Step]:
        """Steps the attacker takes before battling this hireling in c (4.3, before
        the ambush: the Spring Uprising's card)."""
        return NO_STEPS

    def controller_extra_hits(self, g: Game, h: int, s: int, b: Battle,
                              attacker: bool) -> int:
        """Extra hits the controller s deals in its own battle (Raven Sentries)."""
        return 0

    def controller_ignores_first_hit(self, g: Game, h: int, s: int, b: Battle) -> bool:
        """Whether s ignores the first hit it takes in its own battle (Badger
        Bodyguards; never with another such ability, 15.2.4)."""
        return False

    def controller_before_roll(self, g: Game, h: int, s: int, b: Battle) -> Sequence[Step]:
        """Steps before the roll of a battle the controller s fights (Rabbit Scouts)."""
        return NO_STEPS

    def controller_rules_ties(self, g: Game, h: int, s: int, c: int) -> bool:
        """Whether the controller s rules c when tied for most (Bluebird Nobles)."""
        return False

    def after_any_move(self, g: Game, h: int, owner: int, player: int, a: int, b: int,
                       n: int) -> Sequence[Step]:
        """``player`` moved n of ``owner``'s warriors (or a pawn, n = 0) from a to b
        (Highway Bandits, the Bands)."""
        return NO_STEPS

    def on_faction_warriors_removed(self, g: Game, h: int, owner: int, c: int, n: int,
                                    by: int) -> Sequence[Step]:
        """n of ``owner``'s warriors were removed from c (Feline Physicians)."""
        return NO_STEPS

    def crafted(self, g: Game, h: int, s: int, card: str) -> bool:
        """The controller s crafted ``card`` showing an item: True if the card takes it
        (Mole Artisans keep it revealed) instead of the discard pile."""
        return False

    def turn_ended(self, g: Game, h: int, s: int) -> None:
        """The end of player s's Evening (the Mole Artisans' cards back to hand)."""

    def cards_on_card(self, g: Game, h: int) -> list[str]:
        """Cards of the shared deck the card holds (Mole Artisans' revealed cards)."""
        return []

    def hireling_view(self, g: Game, h: int) -> dict[str, Any]:
        """The card's own public state for views (everything about hirelings is public)."""
        return {}


# card id -> (promoted side, demoted side)
HIRELING_DEFS: Final[dict[str, list[HirelingDef | None]]] = {}


def register_hireling(hd: HirelingDef) -> HirelingDef:
    """Register one side of a card; the engine skips hooks the side does not have."""
    if hd.card not in CARDS:
        raise ValueError(f"no hireling card {hd.card!r} in hirelings.json")
    sides = HIRELING_DEFS.setdefault(hd.card, [None, None])
    i = 1 if hd.demoted else 0
    if sides[i] is not None:
        raise ValueError(f"hireling {hd.card} ({i}) registered twice")
    sides[i] = hd
    hd.has_when_hired = _overrides(hd, "when_hired")
    hd.has_birdsong = _overrides(hd, "birdsong")
    hd.has_daylight = (_overrides(hd, "daylight_actions")
                       or _overrides(hd, "extra_daylight_options"))
    hd.daylight_mark = "" if _overrides(hd, "daylight_once") else daylight_key(hd.card, "")
    hd.battle_limits = (_overrides(hd, "can_be_battled") or _overrides(hd, "shields")
                        or _overrides(hd, "battle_toll"))
    hd.watches_moves = _overrides(hd, "after_any_move")
    hd.watches_removals = _overrides(hd, "on_faction_warriors_removed")
    hd.controller_battles = (_overrides(hd, "controller_extra_hits")
                             or _overrides(hd, "controller_ignores_first_hit")
                             or _overrides(hd, "controller_before_roll"))
    hd.limits_placement = _overrides(hd, "blocks_placement")
    hd.limits_movement = _overrides(hd, "blocks_move")
    hd.offers_anytime = _overrides(hd, "anytime_options")
    return hd


def daylight_key(card: str, group: str) -> str:
    """The g.once mark of a card's once-per-Daylight action (E.2.4)."""
    return "hireling:" + card + ":" + group


def _overrides(hd: HirelingDef, hook: str) -> bool:
    return getattr(type(hd), hook) is not getattr(HirelingDef, hook)


def hireling_def(card: str, demoted: bool) -> HirelingDef:
    sides = HIRELING_DEFS.get(card)
    hd = sides[1 if demoted else 0] if sides is not None else None
    if hd is None:
        raise KeyError(f"{card} ({DEMOTED if demoted else PROMOTED}) is not implemented")
    return hd


class Hire:
    """The hirelings of one game (see the module doc). Per card k (owner n + k):
    ``ids``, ``demoted`` (A.6.2), ``controller`` (a seat, or SUPPLY), ``control``
    (control markers on it, E.1.2), ``on_card`` (warriors lying on the card: the Forest
    Patrol's), ``items`` and ``exhausted`` (items on the card and how many of them are
    exhausted: the Exile's), ``paths`` (pieces on paths: the Highway Bandits'). Per
    seat: ``held`` (hiring markers flipped below its Evening), ``pending`` (taken
    markers not yet flipped: a hire at the end of its turn, E.1.1), ``revealed``
    (cards the Mole Artisans let it keep revealed). ``track``: hiring markers still on
    the score track (A.6.4). ``defs`` (derived): the sides' HirelingDefs.
    Mutable; ``copy`` copies it."""

    __slots__ = ("ids", "demoted", "controller", "control", "on_card", "items", "exhausted",
                 "paths", "held", "pending", "revealed", "track", "defs", "seats",
                 "anytime", "limits_placement", "limits_movement", "battle_limits",
                 "watches_moves", "watches_removals", "controller_battles")

    ids: tuple[str, ...]
    demoted: tuple[bool, ...]
    controller: list[int]
    control: list[int]
    on_card: list[int]
    items: list[tuple[str, ...]]
    exhausted: list[int]
    paths: list[tuple[tuple[int, int], ...]]
    held: list[int]
    pending: list[int]
    revealed: list[tuple[str, ...]]
    track: tuple[int, ...]
    defs: tuple[HirelingDef, ...]
    seats: int
    anytime: bool
    limits_placement: bool
    limits_movement: bool
    battle_limits: bool
    watches_moves: bool
    watches_removals: bool
    controller_battles: bool

    def __init__(self, ids: tuple[str, ...], demoted: tuple[bool, ...], seats: int,
                 like: Hire | None = None) -> None:
        k = len(ids)
        self.ids = ids
        self.demoted = demoted
        self.seats = seats
        self.controller = [SUPPLY] * k
        self.control = [0] * k
        self.on_card = [0] * k
        self.items = [()] * k
        self.exhausted = [0] * k
        self.paths = [()] * k
        self.held = [0] * seats
        self.pending = [0] * seats
        self.revealed = [()] * seats
        self.track = MARKERS
        if like is None:
            self._derive()
        else:  # a copy: the same cards, so the same derived facts
            self.defs = like.defs
            self.anytime = like.anytime
            self.limits_placement = like.limits_placement
            self.limits_movement = like.limits_movement
            self.battle_limits = like.battle_limits
            self.watches_moves = like.watches_moves
            self.watches_removals = like.watches_removals
            self.controller_battles = like.controller_battles

    def _derive(self) -> None:
        defs = tuple(hireling_def(self.ids[k], self.demoted[k]) for k in range(len(self.ids)))
        self.defs = defs
        self.anytime = any(hd.offers_anytime for hd in defs)
        self.limits_placement = any(hd.limits_placement for hd in defs)
        self.limits_movement = any(hd.limits_movement for hd in defs)
        self.battle_limits = any(hd.battle_limits for hd in defs)
        self.watches_moves = any(hd.watches_moves for hd in defs)
        self.watches_removals = any(hd.watches_removals for hd in defs)
        self.controller_battles = any(hd.controller_battles for hd in defs)

    def copy(self) -> Hire:
        h = Hire(self.ids, self.demoted, self.seats, self)
        h.controller = self.controller[:]
        h.control = self.control[:]
        h.on_card = self.on_card[:]
        h.items = self.items[:]
        h.exhausted = self.exhausted[:]
        h.paths = self.paths[:]
        h.held = self.held[:]
        h.pending = self.pending[:]
        h.revealed = self.revealed[:]
        h.track = self.track
        return h

    def warriors_of(self, k: int) -> int:
        """The warriors card k has (B.4.3, B.10.3)."""
        return WARRIORS[self.ids[k]]

    def index(self, card: str) -> int:
        """The card's place among the three (its owner index minus the seats)."""
        return self.ids.index(card)

    def controlled_by(self, s: int) -> list[int]:
        """The cards seat s controls, as indexes k."""
        return [k for k in range(len(self.ids)) if self.controller[k] == s]

    def in_supply(self) -> list[int]:
        return [k for k in range(len(self.ids)) if self.controller[k] == SUPPLY]

    def barred(self) -> tuple[str, ...]:
        """A.6.5: the factions that cannot be played while these cards are dealt."""
        out: list[str] = []
        for card in self.ids:
            out.extend(RELATED[card])
        return tuple(out)

    def to_json(self) -> dict[str, Any]:
        return {
            "ids": list(self.ids), "demoted": list(self.demoted),
            "controller": self.controller, "control": self.control,
            "on_card": self.on_card, "items": [list(x) for x in self.items],
            "exhausted": self.exhausted,
            "paths": [[list(p) for p in ps] for ps in self.paths],
            "held": self.held, "pending": self.pending,
            "revealed": [list(x) for x in self.revealed], "track": list(self.track),
        }

    @classmethod
    def from_json(cls, d: dict[str, Any], seats: int) -> Hire:
        """A saved Hire; ValueError names what cannot be (Game.from_json: LoadError)."""
        ids = tuple(str(x) for x in d["ids"])
        demoted = tuple(bool(x) for x in d["demoted"])
        if len(ids) != IN_PLAY or len(set(ids)) != IN_PLAY or len(demoted) != IN_PLAY:
            raise ValueError("A.6: a game plays exactly three different hirelings")
        for card in ids:
            if card not in CARDS:
                raise ValueError(f"A.6.1: no hireling card {card!r}")
        h = cls(ids, demoted, seats)
        h.controller = [int(x) for x in d["controller"]]
        h.control = [int(x) for x in d["control"]]
        h.on_card = [int(x) for x in d["on_card"]]
        h.items = [tuple(str(i) for i in x) for x in d["items"]]
        h.exhausted = [int(x) for x in d["exhausted"]]
        h.paths = [tuple((int(p[0]), int(p[1])) for p in ps) for ps in d["paths"]]
        h.held = [int(x) for x in d["held"]]
        h.pending = [int(x) for x in d["pending"]]
        h.revealed = [tuple(str(c) for c in x) for x in d["revealed"]]
        h.track = tuple(int(x) for x in d["track"])
        per_card = (h.controller, h.control, h.on_card, h.items, h.exhausted, h.paths)
        if any(len(x) != IN_PLAY for x in per_card):
            raise ValueError("hireling state does not list three cards")
        if len(h.held) != seats or len(h.pending) != seats or len(h.revealed) != seats:
            raise ValueError("hireling markers and revealed cards do not match the seats")
        return h


# ------------------------------------------------ abilities the core asks (E.2.2)
def battle_allowed(g: Game, att: int, o: int, c: int) -> bool:
    """Whether ``att`` may battle owner o's pieces in c, by the hirelings' abilities (the
    Flotilla and the Protectors cannot be battled; Bandit Gangs beside their
    controller's pieces; the Uprising only with a card to discard; the Stoic Protector
    guards its controller's pieces from enemies). True without hirelings."""
    hire = g.hire
    if hire is None or not hire.battle_limits:
        return True
    n = len(g.fdefs)
    for k in range(len(hire.ids)):
        hd = hire.defs[k]
        if not hd.battle_limits:
            continue
        if o == n + k and not hd.can_be_battled(g, n + k, att, c):
            return False
        if hd.shields(g, n + k, o, c, att):
            return False
    return True


def removal_shielded(g: Game, by: int, o: int, c: int) -> bool:
    """Whether ``by`` cannot remove owner o's pieces in c by a hireling's ability (the
    Stoic Protector's clearing). False without hirelings."""
    hire = g.hire
    if hire is None or not hire.battle_limits:
        return False
    n = len(g.fdefs)
    for k in range(len(hire.ids)):
        hd = hire.defs[k]
        if hd.battle_limits and hd.shields(g, n + k, o, c, by):
            return True
    return False


# b.used mark: the defender deals the higher roll this battle (Rabbit Scouts, as 8.2.2)
HIGHER_ROLL: Final = "hire:higher_roll"


def fights_in(g: Game, s: int, c: int) -> bool:
    """4.3: whether owner s can battle in c: a seat with warriors or a pawn there; a
    hireling as its card says (the Exile from its forest)."""
    n = len(g.fdefs)
    hire = g.hire
    if s < n or hire is None:
        return g.can_fight_in(s, c)
    return hire.defs[s - n].fights_in(g, s, c)


def _controlled(g: Game, s: int) -> list[int]:
    """The cards seat s controls that have controller battle abilities, as owners."""
    hire = g.hire
    out: list[int] = []
    n = len(g.fdefs)
    if hire is None or s >= n or s < 0:
        return out
    for k in range(len(hire.ids)):
        if hire.controller[k] == s and hire.defs[k].controller_battles:
            out.append(n + k)
    return out


def controller_before_roll(g: Game, b: Battle) -> list[Step]:
    """Steps the hirelings' controller abilities add before the roll of a battle their
    controller fights with its faction (Rabbit Scouts)."""
    out: list[Step] = []
    hire = g.hire
    assert hire is not None
    n = len(g.fdefs)
    for s in (b.att, b.dfd):
        for h in _controlled(g, s):
            out.extend(hire.defs[h - n].controller_before_roll(g, h, s, b))
    return out


def controller_extra_hits(g: Game, b: Battle, attacker: bool) -> int:
    """Extra hits the attacker's (or defender's) controller abilities deal (Raven
    Sentries): only in the controller's own battles (its faction's pieces, E.3.5)."""
    hire = g.hire
    assert hire is not None
    s = b.att if attacker else b.dfd
    n = len(g.fdefs)
    extra = 0
    for h in _controlled(g, s):
        extra += hire.defs[h - n].controller_extra_hits(g, h, s, b, attacker)
    return extra


def controller_ignores_first_hit(g: Game, taker: int, b: Battle) -> bool:
    """Whether a hireling's controller ability lets ``taker`` ignore its first hit
    (Badger Bodyguards; never on top of another such ability: Battle.used marks one)."""
    hire = g.hire
    assert hire is not None
    n = len(g.fdefs)
    for h in _controlled(g, taker):
        if hire.defs[h - n].controller_ignores_first_hit(g, h, taker, b):
            return True
    return False


def hirelings_after_move(g: Game, owner: int, player: int, a: int, b: int,
                         n: int) -> list[Step]:
    """What the hirelings' abilities do when ``player`` moved n of ``owner``'s warriors
    (n = 0: its pawn) from a to b (Highway Bandits, the Bands)."""
    hire = g.hire
    out: list[Step] = []
    if hire is None:
        return out
    base = len(g.fdefs)
    for k in range(len(hire.ids)):
        hd = hire.defs[k]
        if hd.watches_moves:
            out.extend(hd.after_any_move(g, base + k, owner, player, a, b, n))
    return out


def hirelings_after_removal(g: Game, by: int, warriors: Sequence[tuple[int, int, int]]
                            ) -> list[Step]:
    """What the hirelings' abilities do when warriors were removed, ``warriors`` as
    (owner, clearing, count) (Feline Physicians)."""
    hire = g.hire
    out: list[Step] = []
    if hire is None:
        return out
    base = len(g.fdefs)
    for k in range(len(hire.ids)):
        hd = hire.defs[k]
        if not hd.watches_removals:
            continue
        for o, c, n in warriors:
            if n > 0:
                out.extend(hd.on_faction_warriors_removed(g, base + k, o, c, n, by))
    return out


def river_rule_free(g: Game, s: int) -> bool:
    """Whether seat s ignores rule moving from or to a clearing on a river, by a
    hireling it controls (Otter Divers)."""
    hire = g.hire
    if hire is None:
        return False
    n = len(g.fdefs)
    for k in range(len(hire.ids)):
        if hire.controller[k] == s and hire.defs[k].controller_river_rule_free(g, n + k, s):
            return True
    return False


def hireling_takes_crafted(g: Game, s: int, card: str) -> bool:
    """A card s crafted showing an item: True if a hireling it controls takes the card
    instead of the discard pile (Mole Artisans)."""
    hire = g.hire
    if hire is None:
        return False
    n = len(g.fdefs)
    for k in range(len(hire.ids)):
        if hire.controller[k] == s and hire.defs[k].crafted(g, n + k, s, card):
            return True
    return False
