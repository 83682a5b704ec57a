"""Appendix A: the Advanced Setup, as steps and decisions like any turn.

A.1 map and suit markers, A.2 deck and A.3 bots are the game's options; A.4 seats the
players and draws the first player; A.5 landmarks and A.6 hirelings are hooks
(``landmark_steps``, ``hireling_steps``: nothing when none is chosen); A.7 deals five
cards; A.8 either sets up the given factions with their setup cards or drafts them
(A.8.1 the pool, A.8.2 choosing in reverse turn order, each setting up at once); A.10
keeps three cards and shuffles. A seat that has not chosen a faction yet is named
``seat1``, ``seat2``... (``faction_api.Undrafted``).

Homelands (A.8.2.I-II) are recorded here; the factions' setup cards ask
``homeland_candidates`` and ``spaced`` for the clearings they may choose.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rootlaw.core.appendix_a import (
    ANY,
    APART,
    CHARACTERS,
    FAR,
    HAND,
    INSURGENT,
    KEEP,
    MILITANT,
    SETUP_CARDS,
    TWO_PLAYERS,
    UNREACHABLE,
    Advanced,
    add_homeland,
    adv_of,
    bot_start_clearings,
    card_class,
    card_class_of,
    dealt_character,
    distances,
    draft_pool_size,
    enemy_homelands,
    fan_setup_cards,
    homeland_candidates,
    homeland_free,
    homeland_options,
    militant_chosen,
    open_cards,
    removes_dominance,
    reverse_order,
    seat_names,
    seat_players,
    seated_factions,
    setup_cards,
    spaced,
    spaced_groups,
    spread_targets,
)
from rootlaw.core.faction_api import FACTIONS, is_seat_name
from rootlaw.core.options import Option, distinct
from rootlaw.core.steps import Handler, Step, register_steps

if TYPE_CHECKING:
    from rootlaw.core.game import Game

# the rules of Appendix A live in core/appendix_a.py; the factions read them from here
__all__ = [
    "add_homeland",
    "adv_of",
    "Advanced",
    "ANY",
    "APART",
    "bot_start_clearings",
    "card_class",
    "card_class_of",
    "CHARACTERS",
    "dealt_character",
    "distances",
    "draft_pool_size",
    "enemy_homelands",
    "fan_setup_cards",
    "FAR",
    "HAND",
    "homeland_candidates",
    "homeland_free",
    "homeland_options",
    "INSURGENT",
    "KEEP",
    "MILITANT",
    "militant_chosen",
    "open_cards",
    "removes_dominance",
    "reverse_order",
    "seat_names",
    "seat_players",
    "seated_factions",
    "SETUP_CARDS",
    "setup_cards",
    "spaced",
    "spaced_groups",
    "spread_targets",
    "TWO_PLAYERS",
    "UNREACHABLE",
]


# ---------------------------------------------------------------- the steps
class AdvancedSetup(Handler):
    """Appendix A, steps 1 to 8: the map (A.1), seats (A.4), landmarks (A.5) and
    hirelings (A.6) when chosen, five cards (A.7), factions (A.8); then A.10."""

    name = "adv.setup"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        from rootlaw.core import maps
        from rootlaw.core.catalog import item_supply
        from rootlaw.core.state import RUIN

        n = len(g.factions)
        maps.setup_map(g)  # A.1 (C.2.1, C.3.1; the suit markers)
        first = seat_players(g)  # A.4
        drafting = any(is_seat_name(f) for f in g.factions)
        g.adv = Advanced(first, (), "", tuple(() for _ in range(n)), ("",) * n, drafting,
                         g.factions)
        for c in g.clearings():  # A.1: ruins (5.1.4) and the item supply (5.1.5)
            if g.board.ruins[c]:
                g.place_building(RUIN, "ruin", c)
        g.supply = item_supply()
        steps: list[Step] = []
        steps.extend(landmark_steps(g))  # A.5
        steps.extend(hireling_steps(g))  # A.6
        steps.append(("adv.hands", 0))  # A.7
        if drafting:
            steps.append(("adv.deal", 0))  # A.8.1
        for s in reverse_order(g, first):  # A.8.2
            steps.append(("adv.choose", s) if is_seat_name(g.factions[s]) else ("adv.faction", s))
        steps.append(("adv.drafted", 0))
        g.push_all(steps)


def landmark_steps(g: Game) -> list[Step]:
    """A.5 Set up landmarks (Appendix F, core/landmarks.py): none chosen, no steps."""
    from rootlaw.core.landmarks import setup_steps

    return setup_steps(g)


def hireling_steps(g: Game) -> list[Step]:
    """A.6 Set up hirelings (Appendix E, core/hire.py): none chosen, no steps."""
    from rootlaw.core.hire import hireling_steps as steps

    return steps(g)


class DealHands(Handler):
    """A.7 Draw five cards (two players: no dominance cards; with bots, Rootbotics 3.4:
    only humans draw)."""

    name = "adv.hands"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        if removes_dominance(g):
            g.deck = [c for c in g.deck if g.card(c).kind != "dominance"]
        g.deck = g.shuffle("deck", g.deck)
        n = len(g.factions)
        first = adv_of(g).first
        for i in range(n):
            s = (first + i) % n
            if g.fdefs[s].has_hand:
                g.draw(s, HAND)


class DealSetupCards(Handler):
    """A.8.1 Deal setup cards: one militant card, then one per choosing player from the
    other militant and the insurgent cards (A.8.1.I none at two players); a last-dealt
    insurgent is locked (A.8.1.II); a Vagabond card brings a random character (III)."""

    name = "adv.deal"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        undrafted = sum(1 for f in g.factions if is_seat_name(f))
        militant, insurgent = open_cards(seated_factions(g), len(g.factions),
                                         bool(g.setup.get("insurgents_at_two")),
                                         tuple(g.setup.get("barred", ()))
                                         + (g.hire.barred() if g.hire is not None else ()),
                                         cards=setup_cards(g.setup))  # Crusader: rulings.md
        militant = g.shuffle("militant_setup_cards", militant)
        pool = [militant.pop()]
        rest = g.shuffle("setup_cards", militant + insurgent)
        for _ in range(undrafted):
            pool.append(rest.pop())
        last = pool[-1]
        locked = last if card_class_of(last) == INSURGENT else ""
        dealt: list[tuple[str, str]] = []
        for f in pool:
            char = ""
            if f == "vagabond":
                char = CHARACTERS[g.random_index("setup_character", len(CHARACTERS))]
            dealt.append((f, char))
        g.adv = adv_of(g).with_pool(tuple(dealt), locked)
        g.note("setup_cards", [list(p) for p in dealt], locked)  # face up (A.8.1)


class ChooseFaction(Handler):
    """A.8.2 Choose factions: a setup card from the pool; set up at once."""

    name = "adv.choose"
    kind = "draft"
    rule = "A.8.2"
    prompt = "Choose a faction setup card"

    def options(self, g: Game, st: Step) -> list[Option]:
        a = adv_of(g)
        locked = a.locked and not militant_chosen(g)
        out: list[Option] = []
        for f, char in a.pool:
            if locked and f == a.locked:
                continue  # A.8.1.II
            out.append(("draft_vagabond", f, char) if char else ("draft", f))
        return out

    def apply(self, g: Game, st: Step, o: Option) -> None:
        s: int = st[1]
        f: str = o[1]
        g.note("drafted", g.factions[s], f)
        g.adv = adv_of(g).taken(s, f)
        g.set_faction(s, f)
        g.push(("adv.faction", s))

    def why_not(self, g: Game, st: Step, o: Any) -> str:
        a = adv_of(g)
        if isinstance(o, tuple) and len(o) >= 2 and o[1] == a.locked and a.locked:
            return (f"A.8.1.II Lock Last Insurgent: the {o[1]} card is locked until a "
                    f"militant faction has been chosen")
        if isinstance(o, tuple) and len(o) >= 2 and isinstance(o[1], str):
            if o[1] in FACTIONS and o[1] not in [p[0] for p in a.pool]:
                return f"A.8.2: {o[1]} is not in the pool of setup cards"
        return ""


class FactionSetup(Handler):
    """A.8.2: the seat's faction sets up as its setup card says (a bot: its own setup,
    rulings.md)."""

    name = "adv.faction"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        s: int = st[1]
        g.push_all(list(g.fdefs[s].advanced_setup_steps(g, s)))


class Drafted(Handler):
    """The factions are set (A.8); A.9 scores are at 0; A.10 starting hands follow."""

    name = "adv.drafted"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        for s in range(len(g.fdefs)):
            g.fdefs[s].factions_drafted(g, s)
        n = len(g.factions)
        first = adv_of(g).first
        steps: list[Step] = []
        for i in range(n):
            s = (first + i) % n
            if g.fdefs[s].has_hand and len(g.hands[s]) > KEEP:
                steps.append(("adv.put_back", s))
        steps.append(("adv.shuffle", 0))
        g.push_all(steps)


class PutBack(Handler):
    """A.10 Choose starting hands: keep three, the others face down on the deck."""

    name = "adv.put_back"
    kind = "starting_hand"
    rule = "A.10"
    prompt = "Choose a card to put back on the deck (you keep three)"

    def options(self, g: Game, st: Step) -> list[Option]:
        return [("put_back", c) for c in distinct(g.hands[st[1]])]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        s: int = st[1]
        g.hands[s].remove(o[1])
        g.deck.append(o[1])
        if len(g.hands[s]) > KEEP:
            g.push(st)


class ShuffleDeck(Handler):
    """A.10: shuffle the shared deck; the first player begins (A.4)."""

    name = "adv.shuffle"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        g.deck = g.shuffle("deck", g.deck)
        g.push(("turn", adv_of(g).first))


class Spread(Handler):
    """Setup cards' "warriors among the adjacent clearings, as evenly as possible"
    (Lizard Cult, Underground Duchy): one warrior at a time, to a clearing holding the
    fewest of them so far. Step: (name, seat, homeland, warriors left, placed so far as
    (clearing, n) pairs)."""

    name = "adv.spread"
    kind = "setup_spread"
    rule = "A.8.2"
    prompt = "Place a warrior in a clearing adjacent to your homeland"

    def options(self, g: Game, st: Step) -> list[Option]:
        s: int = st[1]
        if st[3] <= 0 or g.warrior_supply(s) <= 0:
            return [("done",)]
        placed: dict[int, int] = dict(st[4])
        targets = spread_targets(g, s, st[2])
        if not targets:
            return [("done",)]
        low = min(placed.get(c, 0) for c in targets)
        return [("spread_warrior", c) for c in targets if placed.get(c, 0) == low]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        if o[0] != "spread_warrior":
            return
        s: int = st[1]
        c: int = o[1]
        g.place_warriors(s, c, 1)
        placed: dict[int, int] = dict(st[4])
        placed[c] = placed.get(c, 0) + 1
        g.push((st[0], s, st[2], st[3] - 1, tuple(sorted(placed.items()))))


register_steps(AdvancedSetup(), DealHands(), DealSetupCards(), ChooseFaction(),
               FactionSetup(), Drafted(), PutBack(), ShuffleDeck(), Spread())
