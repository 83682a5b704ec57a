"""Spring Uprising (promoted) and Rabbit Scouts (demoted): Marauder Expansion, 4 Uprising
warriors (B.4.3) and the Uprising die (B.4.5); the Woodland Alliance cannot be played
beside the card (A.6.5)."""
from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from rootlaw.core.battle import Battle
from rootlaw.core.effects import remove_all_enemy_pieces
from rootlaw.core.faction_api import NO_STEPS
from rootlaw.core.game import Game
from rootlaw.core.hire import bot_choice, card_of, controller, on_map, placeable
from rootlaw.core.hired import HIGHER_ROLL, UPRISING_FACES, HirelingDef, register_hireling
from rootlaw.core.move import remove_warriors
from rootlaw.core.options import Option, text_form
from rootlaw.core.steps import Handler, Step, register_steps

text_form("uprising_revolt", "Spring Uprising: remove an Uprising warrior and every enemy "
                             "piece in {1}")
text_form("enlist_scouts", "Rabbit Scouts: spend {c1} to deal the higher roll")
text_form("spend_card", "spend {c1}")

SETUP_ROLLS: Final = 2  # A.6.3: the die is rolled twice


def roll_uprising(g: Game) -> str:
    """B.4.5 the Uprising die: a suit (rulings.md: fox, rabbit and mouse alike)."""
    return UPRISING_FACES[g.random_index("uprising_die", len(UPRISING_FACES))]


def suit_targets(g: Game, h: int, suit: str) -> list[int]:
    return [c for c in g.clearings() if g.suit_match(c, suit) and placeable(g, h, c)]


class SpringUprising(HirelingDef):
    id = "spring_uprising"
    name = "Spring Uprising"
    card = "spring_uprising"
    demoted = False

    def hire_setup(self, g: Game, h: int, s: int) -> Sequence[Step]:
        """A.6.3: roll the Uprising die twice, one warrior in a clearing of each suit."""
        return [("spring_uprising.roll", s, h, SETUP_ROLLS, 0)]

    def when_hired(self, g: Game, h: int, s: int) -> Sequence[Step]:
        """E.2.1: with no Uprising warrior on the map, roll once and place one."""
        if on_map(g, h):
            return NO_STEPS
        return [("spring_uprising.roll", s, h, 1, 0)]

    def can_be_battled(self, g: Game, h: int, att: int, c: int) -> bool:
        """E.2.2: the attacker must first discard a card matching the clearing (a
        hireling, or a bot, has none to discard, rulings.md)."""
        if att >= len(g.fdefs) or not g.fdefs[att].has_hand:
            return False
        return g.warriors[h][c] == 0 or bool(g.cards_matching_clearing(att, c))

    def battle_toll(self, g: Game, h: int, att: int, c: int) -> Sequence[Step]:
        if not g.warriors[h][c]:
            return NO_STEPS
        return [("spring_uprising.toll", att, c)]

    def birdsong(self, g: Game, h: int, s: int) -> Sequence[Step]:
        """E.2.3 (must): roll the die, then revolt or rise in a clearing of its suit."""
        return [("spring_uprising.roll", s, h, 1, 1)]


class Roll(Handler):
    """Roll the Uprising die, then place (setup, when hired) or choose (Birdsong).
    Args: (seat, hireling, rolls left, Birdsong action)."""

    name = "spring_uprising.roll"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        s: int = st[1]
        h: int = st[2]
        left: int = st[3]
        suit = roll_uprising(g)
        g.note("uprising_die", suit)
        if left > 1:
            g.push(("spring_uprising.roll", s, h, left - 1, st[4]))
        g.push(("spring_uprising.act", s, h, suit, st[4]))


def revolt_targets(g: Game, h: int, suit: str) -> list[int]:
    return [c for c in g.clearings() if g.suit_match(c, suit) and g.warriors[h][c]]


class Act(Handler):
    """Put an Uprising warrior in a clearing of the rolled suit (setup, when hired); in
    Birdsong, or instead remove one Uprising warrior and every enemy piece (G.1.9) from
    a clearing of that suit holding one. Args: (seat, hireling, suit, Birdsong)."""

    name = "spring_uprising.act"
    kind = "hireling_place"
    rule = "E.2.3"
    prompt = "Spring Uprising: the die's suit"

    def options(self, g: Game, st: Step) -> list[Option]:
        h: int = st[2]
        suit: str = st[3]
        card = card_of(g, h)
        out: list[Option] = []
        if st[4]:
            out += [("uprising_revolt", c) for c in revolt_targets(g, h, suit)]
        if g.warrior_supply(h) > 0:
            out += [("hplace", card, c) for c in suit_targets(g, h, suit)]
        return bot_choice(g, st[1], out) if out else [("done",)]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        h: int = st[2]
        if o[0] == "hplace":
            g.place_warriors(h, o[2], 1)
            g.note("hireling_placed", card_of(g, h), "warrior", o[2])
        elif o[0] == "uprising_revolt":
            c: int = o[1]
            remove_warriors(g, h, c, 1)
            g.note("uprising_revolt", c)
            remove_all_enemy_pieces(g, h, c)  # E.3.6: its controller scores nothing


class Toll(Handler):
    """E.2.2 Spring Uprising: to battle it, the attacker first discards a card matching
    the clearing of battle. Args: (attacker, clearing)."""

    name = "spring_uprising.toll"
    kind = "spend_card"
    rule = "E.2.2"
    prompt = "Spring Uprising: discard a card matching the clearing to battle it"

    def options(self, g: Game, st: Step) -> list[Option]:
        s: int = st[1]
        out: list[Option] = [("spend_card", c) for c in g.cards_matching_clearing(s, st[2])]
        return out or [("done",)]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        if o[0] == "spend_card":
            g.spend(st[1], o[1])


class RabbitScouts(HirelingDef):
    id = "spring_uprising"
    name = "Rabbit Scouts"
    card = "spring_uprising"
    demoted = True

    def controller_before_roll(self, g: Game, h: int, s: int, b: Battle) -> Sequence[Step]:
        """E.2.2 CONTROLLER: defending, before the roll, it may spend a card matching the
        clearing of battle to deal the higher roll (as 8.2.2 Guerrilla War)."""
        if (b.dfd != s or controller(g, h) != s or not g.fdefs[s].has_hand
                or not g.cards_matching_clearing(s, b.c)):
            return NO_STEPS
        if g.fdefs[s].battle_takes_higher_roll(g, s, b, False):
            return NO_STEPS  # it deals the higher roll already
        return [("rabbit_scouts.enlist", s, b.c)]


class Enlist(Handler):
    """Rabbit Scouts: spend a matching card to deal the higher roll, or not. Args:
    (seat, clearing)."""

    name = "rabbit_scouts.enlist"
    kind = "spend_card"
    rule = "E.2.2"
    prompt = "Rabbit Scouts: spend a matching card to deal the higher roll?"

    def options(self, g: Game, st: Step) -> list[Option]:
        s: int = st[1]
        out: list[Option] = [("enlist_scouts", c) for c in g.cards_matching_clearing(s, st[2])]
        return bot_choice(g, s, out + [("skip",)])

    def apply(self, g: Game, st: Step, o: Option) -> None:
        if o[0] != "enlist_scouts":
            return
        g.spend(st[1], o[1])
        b = g.current_battle()
        b.used = b.used + (HIGHER_ROLL,)
        g.note("rabbit_scouts", g.factions[st[1]])


register_hireling(SpringUprising())
register_hireling(RabbitScouts())
register_steps(Roll(), Act(), Toll(), Enlist())
