"""Automated Alliance (Law of Rootbotics, section 6).

The bot uses the Woodland Alliance's components (3.2): 10 warriors, three bases
(building kinds ``base_fox``, ``base_rabbit``, ``base_mouse``) and 10 sympathy
tokens; its Sympathy track is its own board's (6.5.1, data/bots/automated_alliance.json),
and the helpers that read the map the same way are imported from
``rootlaw.factions.alliance``. It has no supporters and no officers.

Every step is automatic (Rootbotics 2.8): targets follow the clearing priority
(2.1: the map's clearing numbers), target legality falls through to the next
target (2.3), several actions resolve in priority order (2.4). The decisions it
causes for humans (Automated Outrage, Field Hospitals, hits they take) are theirs.

Difficulty and traits (3.3): see docs/rootbotics_automated_alliance.md for what
was established from public sources; the rest is refused at setup.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Final

from rootlaw.bots.base import BotDef, difficulty, foes_pieces, has_trait, ordered, targets
from rootlaw.core.catalog import load_json
from rootlaw.core.effects import remove_all_enemy_pieces
from rootlaw.core.errors import SetupError
from rootlaw.core.faction_api import NO_STEPS, FactionState, register
from rootlaw.core.game import Game
from rootlaw.core.move import remove_warriors, trigger_removals
from rootlaw.core.options import Option, text_form
from rootlaw.core.steps import Handler, Step, register_steps
from rootlaw.factions.alliance import (
    BASES,
    MARTIAL_LAW_WARRIORS,
    SUIT_OF_BASE,
    SYMPATHY,
    SYMPATHY_TOKENS,
    base_clearings,
    base_fits_after_revolt,
    bases_on_map,
    sympathetic,
    sympathy_on_map,
)

if TYPE_CHECKING:
    from rootlaw.core.battle import Battle

ME: Final = "automated_alliance"
WARRIORS: Final = 10  # 6.3.1
CANNOT_SPREAD_VP: Final = 5  # 6.5.1.II
PITY_TWICE_UP_TO: Final = 4  # 6.4.4: zero to four sympathy tokens on the map: spread twice
OUTRAGE_VP: Final = 1  # 6.2.3
AMBUSH_HITS: Final = 1  # 6.2.2
# 6.6.1 Organize: Alliance warriors needed in a clearing with a base, by difficulty
# (3.3.1; default as printed; easy and challenging: docs/rootbotics_automated_alliance.md)
ORGANIZE_AT: Final = {"easy": 4, "default": 3, "challenging": 2, "nightmare": 2}
NIGHTMARE_VP: Final = 1  # nightmare: one VP at the end of Evening
TRAITS: Final[tuple[str, ...]] = ("informants", "popularity", "veterans", "wildfire")  # 3.3.2
# 6.5.1: the bot's own Sympathy track, by tokens already on the map (data file, sources)
SYMPATHY_VP: Final = tuple(int(x) for x in load_json("bots/automated_alliance.json")["sympathy_vp"])

text_form("aa_outrage", "Automated Outrage: discard {c1}")
text_form("aa_outrage_none", "Automated Outrage: no matching card (the Automated Alliance "
                             "scores 1 VP)")


class AutomatedAllianceState(FactionState):
    """The current order card (2.7) and whether the bot revolted in Birdsong (6.4.4)."""

    __slots__ = ("order", "revolted")

    def __init__(self, order: str | None = None, revolted: bool = False) -> None:
        self.order = order
        self.revolted = revolted

    def copy(self) -> AutomatedAllianceState:
        return AutomatedAllianceState(self.order, self.revolted)

    def to_json(self) -> dict[str, Any]:
        return {"order": self.order, "revolted": self.revolted}

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> AutomatedAllianceState:
        order = d["order"]
        return cls(None if order is None else str(order), bool(d["revolted"]))


def st_of(g: Game, s: int) -> AutomatedAllianceState:
    fs = g.fstate[s]
    assert isinstance(fs, AutomatedAllianceState)
    return fs


# ----------------------------------------------------------------- counting
def foes_warriors(g: Game, foes: list[int], c: int) -> int:
    """Warriors of the players the bot targets (``targets``, worked out once)."""
    n = 0
    for o in foes:
        n += g.warriors[o][c]
    return n


def order_suit(g: Game, s: int) -> str | None:
    order = st_of(g, s).order
    return g.suit_of(order) if order else None


def is_ordered(g: Game, s: int, c: int) -> bool:
    """2.7 Ordered: matching the order card's suit (birds match any clearing)."""
    suit = order_suit(g, s)
    return suit is not None and ordered(g, suit, c)


def first_legal(cands: Iterable[int], key: Callable[[int], Any],
                legal: Callable[[int], bool]) -> int | None:
    """2.3 Target legality: try the candidates in order of target priority (the
    action's own criterion ``key``, ascending, then clearing priority, 2.1); the
    first legal one is the target, None if none is."""
    for c in sorted(cands, key=lambda x: (key(x), x)):
        if legal(c):
            return c
    return None


# ------------------------------------------------------------------ sympathy
def can_place_sympathy(g: Game, s: int, c: int) -> bool:
    """A token on the track (6.2.1), none in the clearing yet (6.2.1.I), and no rule
    against placing there (e.g. the Keep)."""
    return (sympathy_on_map(g, s) < SYMPATHY_TOKENS and not sympathetic(g, s, c)
            and g.may_place(s, c))


def spread_target(g: Game, s: int) -> int | None:
    """6.5.1: an ordered unsympathetic clearing adjacent to a sympathetic clearing,
    with the fewest enemy warriors; 6.5.1.I if none can be targeted: the clearing
    with the fewest enemy pieces. Ties by priority (2.1), illegal ones skipped (2.3)."""
    if sympathy_on_map(g, s) >= SYMPATHY_TOKENS:
        return None  # 6.5.1.II: the track is empty
    near: set[int] = set()
    for c in g.clearings():
        if sympathetic(g, s, c):
            near.update(g.adjacent(c))
    such = [c for c in near if not sympathetic(g, s, c) and is_ordered(g, s, c)]
    foes = targets(g, s)
    target = first_legal(such, lambda c: foes_warriors(g, foes, c),
                         lambda c: can_place_sympathy(g, s, c))
    if target is None:  # 6.5.1.I No Such Clearings
        target = first_legal(g.clearings(), lambda c: foes_pieces(g, foes, c),
                             lambda c: can_place_sympathy(g, s, c))
    return target


def sympathy_vp(g: Game, s: int, c: int) -> int:
    """The space revealed on the track (6.5.1), one fewer under Martial Law (6.2.5:
    three or more warriors of one enemy in the clearing), never below zero."""
    vp = SYMPATHY_VP[sympathy_on_map(g, s)]
    if any(g.warriors[o][c] >= MARTIAL_LAW_WARRIORS for o in g.enemies(s)):
        vp -= 1
    return max(0, vp)


def spread_sympathy(g: Game, s: int, score: bool = True) -> int | None:
    """6.5.1 Spread Sympathy; ``score=False`` scores nothing (trait Wildfire).
    Returns the clearing, or None when the bot cannot spread (6.5.1.II: 5 VP)."""
    c = spread_target(g, s)
    if c is None:
        g.note("cannot_spread", g.factions[s])
        if score:
            g.score(s, CANNOT_SPREAD_VP, "cannot_spread")
        return None
    vp = sympathy_vp(g, s, c)
    g.place_token(s, SYMPATHY, c)
    g.note("sympathy", g.factions[s], c)
    if score:
        g.score(s, vp, "sympathy")
    return c


# ------------------------------------------------------------------- revolt
def can_revolt_in(g: Game, s: int, c: int) -> bool:
    """A revolt is legal where the base fits once the enemy buildings are gone and
    no rule forbids placing it (2.3)."""
    return base_fits_after_revolt(g, s, c) and g.may_place(s, c)


def revolt_target(g: Game, s: int, suits: Iterable[str]) -> int | None:
    """The sympathetic clearing of one of ``suits`` whose base is on the faction
    board, with the most enemy pieces; ties by priority (2.1), legality 2.3."""
    free = free_bases(g, s, suits)
    cands = [c for c in g.clearings()
             if any(g.suit_match(c, suit) for suit in free) and sympathetic(g, s, c)]
    foes = targets(g, s)
    return first_legal(cands, lambda c: -foes_pieces(g, foes, c),
                       lambda c: can_revolt_in(g, s, c))


def free_bases(g: Game, s: int, suits: Iterable[str]) -> list[str]:
    """Of ``suits``, those whose base is on the faction board, in the order given."""
    return [suit for suit in suits if suit in BASES and not g.count_building(s, BASES[suit])]


def revolt(g: Game, s: int, c: int, suits: Iterable[str] = BASES) -> None:
    """Remove all enemy pieces (scoring buildings and tokens, 3.2.1; their triggers
    resolve after, 1.1.3), then place the matching base (6.4.3, 6.5.2): in the Lost
    City's clearing (every suit, Appendix F) the first of ``suits`` (the order's, or
    fox, rabbit, mouse) on the faction board (rulings.md)."""
    g.note("revolt", g.factions[s], c)
    remove_all_enemy_pieces(g, s, c)
    base = [x for x in free_bases(g, s, suits) if g.suit_match(c, x)]
    g.place_building(s, BASES[base[0] if base else g.suits[c]], c)


def organize_threshold(g: Game, s: int) -> int:
    return ORGANIZE_AT[difficulty(g, s)]


class Nightmare(Handler):
    """Nightmare difficulty: at the end of Evening, score one victory point."""

    name = "automated_alliance.nightmare"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        g.score(st[1], NIGHTMARE_VP, "nightmare")


# ----------------------------------------------------------------- faction
class AutomatedAlliance(BotDef):
    id = ME
    name = "Automated Alliance"
    setup_order = "C"  # the Woodland Alliance's setup letter (Law 5.1.7)
    replaces = "alliance"
    warriors = WARRIORS
    buildings = {kind: 1 for kind in BASES.values()}  # 6.3.2
    tokens = {SYMPATHY: SYMPATHY_TOKENS}  # 6.3.3
    traits: ClassVar[tuple[str, ...]] = TRAITS

    def new_state(self) -> FactionState:
        return AutomatedAllianceState()

    def state_from_json(self, data: dict[str, Any]) -> FactionState:
        return AutomatedAllianceState.from_json(data)

    def setup_steps(self, g: Game, s: int) -> list[Step]:
        """6.3: the pieces start off the map (nothing to place). 3.3.1: a difficulty
        card whose effect we could not establish is refused here, during new_game's
        setup, before anyone decides anything (docs/rootbotics_automated_alliance.md)."""
        level = difficulty(g, s)
        if level not in ORGANIZE_AT:
            raise SetupError(f"{ME}: the {level!r} difficulty card is not implemented (its "
                             "effect could not be established; see "
                             "docs/rootbotics_automated_alliance.md)")
        return []

    def phase_steps(self, g: Game, s: int, phase: str) -> list[Step]:
        if phase == "birdsong":  # 6.4.1-6.4.4
            return [("automated_alliance.reveal", s), ("bot.craft_order", s),
                    ("automated_alliance.revolt", s), ("automated_alliance.public_pity", s)]
        if phase == "daylight":  # 6.5.1-6.5.2
            return [("automated_alliance.spread", s, 1),
                    ("automated_alliance.surprise_revolt", s)]
        steps: list[Step] = [("automated_alliance.organize", s, 0),  # 6.6.1
                             ("automated_alliance.recruit", s)]  # 6.6.2
        if has_trait(g, s, "wildfire"):
            steps.append(("automated_alliance.spread", s, 0))
        if difficulty(g, s) == "nightmare":
            steps.append(("automated_alliance.nightmare", s))
        return steps + [("bot.discard_order", s)]  # 6.6.3

    def battle_extra_hits(self, g: Game, s: int, b: Battle, attacker: bool) -> int:
        """6.2.2 Automated Ambush: as defender with at least one Alliance warrior
        (trait Informants: also with a defenseless sympathy token there)."""
        if attacker:
            return 0
        if g.warriors[s][b.c]:
            return AMBUSH_HITS
        if has_trait(g, s, "informants") and (s, "sympathy") in g.tokens[b.c]:
            return AMBUSH_HITS
        return 0

    def battle_takes_higher_roll(self, g: Game, s: int, b: Battle, attacker: bool) -> bool:
        """Trait Veterans: the Guerrilla War of the Woodland Alliance (8.2.2)."""
        return attacker or has_trait(g, s, "veterans")

    def points_for_removal(self, g: Game, s: int, kind: str) -> int:
        """Trait Popularity: enemies score nothing for removing sympathy tokens."""
        return 0 if kind == "sympathy" and has_trait(g, s, "popularity") else 1

    def on_piece_removed(self, g: Game, s: int, c: int, kind: str, by: int) -> Sequence[Step]:
        if kind in SUIT_OF_BASE:  # 6.2.4 Crackdown
            return [("automated_alliance.crackdown", s, SUIT_OF_BASE[kind])]
        who = g.player_of(by) if by >= 0 else -1  # E.3.7: a hireling's, its controller
        if kind == SYMPATHY and is_human(g, s, who):  # 6.2.3 Automated Outrage
            return [("automated_alliance.outrage", who, s, c)]
        return NO_STEPS

    def after_move(self, g: Game, s: int, mover: int, a: int, b: int, n: int) -> Sequence[Step]:
        """6.2.3 Automated Outrage: a human moved warriors into a sympathetic clearing."""
        if n > 0 and is_human(g, s, mover) and sympathetic(g, s, b):
            return [("automated_alliance.outrage", mover, s, b)]
        return NO_STEPS

    def cards_held(self, g: Game, s: int) -> list[str]:
        order = st_of(g, s).order
        return [order] if order else []

    def view(self, g: Game, s: int, viewer: int | None) -> dict[str, Any]:
        fs = st_of(g, s)
        return {  # all public: the order card is revealed (2.7)
            "order": fs.order,
            "revolted_this_turn": fs.revolted,
            "bases_on_track": [suit for suit in BASES if suit not in bases_on_map(g, s)],
            "sympathy_on_track": SYMPATHY_TOKENS - sympathy_on_map(g, s),
            "difficulty": difficulty(g, s),
        }


def is_human(g: Game, s: int, who: int) -> bool:
    """Another player who is a human (Rootbotics 2.6), not the bot itself."""
    return 0 <= who != s and not g.fdefs[who].is_bot


register(AutomatedAlliance())


# ---------------------------------------------------------------- birdsong
class Reveal(Handler):
    """6.4.1 Reveal Order: draw and reveal an order card (2.7)."""

    name = "automated_alliance.reveal"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        s: int = st[1]
        fs = st_of(g, s)
        fs.revolted = False
        fs.order = g.draw_card()
        g.note("order", g.factions[s], fs.order)


class Revolt(Handler):
    """6.4.3 Revolt: not on a bird order; in the ordered sympathetic clearing with the
    most enemy pieces whose base is on the faction board."""

    name = "automated_alliance.revolt"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        s: int = st[1]
        suit = order_suit(g, s)
        if suit is None or suit == "bird":
            return
        c = revolt_target(g, s, (suit,))
        if c is not None:
            st_of(g, s).revolted = True
            revolt(g, s, c, (suit,))


class PublicPity(Handler):
    """6.4.4 Public Pity: without a revolt this Birdsong, spread sympathy twice with
    zero to four sympathy tokens on the map (counted once, before), else once."""

    name = "automated_alliance.public_pity"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        s: int = st[1]
        if st_of(g, s).revolted:
            return
        times = 2 if sympathy_on_map(g, s) <= PITY_TWICE_UP_TO else 1
        g.push_all([("automated_alliance.spread", s, 1)] * times)


class Spread(Handler):
    """6.5.1 Spread Sympathy. Args: (seat, score: 1, or 0 for Wildfire)."""

    name = "automated_alliance.spread"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        spread_sympathy(g, st[1], score=bool(st[2]))


# ---------------------------------------------------------------- daylight
class SurpriseRevolt(Handler):
    """6.5.2 Surprise Revolt: on a bird order, in the sympathetic clearing with the most
    enemy pieces matching a base on the faction board (ties: priority)."""

    name = "automated_alliance.surprise_revolt"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        s: int = st[1]
        if order_suit(g, s) != "bird":
            return
        c = revolt_target(g, s, BASES)
        if c is not None:
            revolt(g, s, c)


# ----------------------------------------------------------------- evening
class Organize(Handler):
    """6.6.1 Organize: in each clearing with a base and three or more Alliance warriors
    (by difficulty), remove them all, then spread sympathy; clearings in priority
    order (2.4). Args: (seat, last clearing done)."""

    name = "automated_alliance.organize"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        s, done = st[1], st[2]
        need = organize_threshold(g, s)
        for c in sorted(set(base_clearings(g, s))):
            if c > done and g.warriors[s][c] >= need:
                n = remove_warriors(g, s, c, g.warriors[s][c])
                g.note("organize", g.factions[s], c)
                g.push(("automated_alliance.spread", s, 1), ("automated_alliance.organize", s, c))
                trigger_removals(g, s, [(s, c, n)], in_battle=False)
                return


class Recruit(Handler):
    """6.6.2 Recruit: a warrior in each clearing with a base, in priority order (2.4)
    while the supply lasts (1.5.4)."""

    name = "automated_alliance.recruit"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        s: int = st[1]
        for c in sorted(set(base_clearings(g, s))):
            if g.may_place(s, c):
                g.place_warriors(s, c, 1)


# ------------------------------------------------------------- triggered rules
class Crackdown(Handler):
    """6.2.4 Crackdown: a base was removed: remove every sympathy token from clearings
    of the base's suit (by the bot's own rule: nobody scores them, no Outrage).
    Args: (seat, suit)."""

    name = "automated_alliance.crackdown"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        s, suit = st[1], st[2]
        for c in g.clearings():
            if g.suit_match(c, suit) and sympathetic(g, s, c):
                g.take_piece(c, (s, SYMPATHY))
                g.note("crackdown", g.factions[s], c)


class Outrage(Handler):
    """6.2.3 Automated Outrage: the human who removed a sympathy token or moved warriors
    into a sympathetic clearing discards a card matching it (birds too, 2.1.1); with
    none, the bot scores one VP. Args: (that human's seat, bot seat, clearing)."""

    name = "automated_alliance.outrage"
    kind = "outrage"
    rule = "Rootbotics 6.2.3"

    def describe(self, g: Game, st: Step) -> str:
        one = len(g.suits_at(st[3])) == 1
        return f"Automated Outrage in {st[3]}: discard a {g.suits[st[3]] + ' ' if one else ''}card"

    def options(self, g: Game, st: Step) -> list[Option]:
        cards = g.cards_matching_clearing(st[1], st[3])
        if not cards:
            return [("aa_outrage_none",)]
        return [("aa_outrage", cid) for cid in cards]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        payer, s = st[1], st[2]
        if o[0] == "aa_outrage":
            g.spend(payer, o[1])
        else:
            g.score(s, OUTRAGE_VP, "outrage")


register_steps(
    Nightmare(), Reveal(), Revolt(), PublicPity(), Spread(), SurpriseRevolt(), Organize(),
    Recruit(), Crackdown(), Outrage(),
)
