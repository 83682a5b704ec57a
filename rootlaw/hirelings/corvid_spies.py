"""Corvid Spies (promoted) and Raven Sentries (demoted): Underworld Hirelings Pack, 6 Spy
warriors (B.10.3); the Corvid Conspiracy cannot be played beside the card (A.6.5)."""
from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from rootlaw.core.battle import Battle
from rootlaw.core.cards_ep import take_random_card
from rootlaw.core.game import Game
from rootlaw.core.hire import battle_options, bot_choice, card_of, placeable
from rootlaw.core.hired import HirelingDef, register_hireling
from rootlaw.core.options import Option, name_form, text_form
from rootlaw.core.steps import Handler, Step, register_steps

SPIES_PLACED: Final = 2  # E.2.4: two Spy warriors placed first
name_form("spy", "place two Spies, then battle or steal", "corvid_spies")
name_form("spies_battle", "battle in every clearing with Spies", "corvid_spies")
text_form("spy_pair", "Spies in {1} and {2}")
text_form("spies_then", "{n1@corvid_spies}")
text_form("spies_steal", "take a random card from each enemy with pieces in {1}")


class CorvidSpies(HirelingDef):
    id = "corvid_spies"
    name = "Corvid Spies"
    card = "corvid_spies"
    demoted = False

    def hire_setup(self, g: Game, h: int, s: int) -> Sequence[Step]:
        """A.6.3: 2 Spy warriors in two different clearings of the same suit."""
        return [("corvid_spies.setup", s, h)]

    def daylight_actions(self, g: Game, h: int, s: int) -> list[str]:
        return ["spy"]

    def daylight(self, g: Game, h: int, s: int, action: str) -> Sequence[Step]:
        """E.2.4: first two Spies among clearings with enemy pieces (G.1.9, E.3.2);
        then, choose one: battle in every clearing with Spies, or take, for the
        controller, a random card from each enemy with faction pieces in one clearing
        with Spies."""
        return [("hire.place", s, h, "warrior", "enemy", SPIES_PLACED, 0),
                ("corvid_spies.then", s, h)]


def spy_pairs(g: Game, h: int) -> list[tuple[int, int]]:
    out: list[tuple[int, int]] = []
    cl = [c for c in g.clearings() if placeable(g, h, c)]
    for i in range(len(cl)):
        for j in range(i + 1, len(cl)):
            if g.clearings_matching(cl[i], cl[j]):
                out.append((cl[i], cl[j]))
    return out


class SetUp(Handler):
    """A.6.3 Corvid Spies: two Spies in two clearings of one suit."""

    name = "corvid_spies.setup"
    kind = "hireling_place"
    rule = "A.6.3"
    prompt = "Corvid Spies: choose two clearings of the same suit"

    def options(self, g: Game, st: Step) -> list[Option]:
        out: list[Option] = [("spy_pair", a, b) for a, b in spy_pairs(g, st[2])]
        return bot_choice(g, st[1], out) if out else [("done",)]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        if o[0] != "spy_pair":
            return
        h: int = st[2]
        for c in (o[1], o[2]):
            g.place_warriors(h, c, 1)
            g.note("hireling_placed", card_of(g, h), "warrior", c)


def spy_clearings(g: Game, h: int) -> tuple[int, ...]:
    return tuple(c for c in g.clearings() if g.warriors[h][c])


def steal_targets(g: Game, h: int, s: int, c: int) -> list[int]:
    """Enemy players (of the controller) with faction pieces in c and cards to take (a
    bot: the controller draws instead, Rootbotics 2.8.1)."""
    return [t for t in g.enemies(s) if g.has_any_piece(t, c)
            and (g.hands[t] or not g.fdefs[t].has_hand)]


class Then(Handler):
    """Corvid Spies: battle in every clearing with Spies, or steal in one. Args: (seat,
    hireling)."""

    name = "corvid_spies.then"
    kind = "hireling_action"
    rule = "E.2.4"
    prompt = "Corvid Spies: battle everywhere, or steal?"

    def options(self, g: Game, st: Step) -> list[Option]:
        s: int = st[1]
        h: int = st[2]
        out: list[Option] = []
        if battle_options(g, h):
            out.append(("spies_then", "spies_battle"))
        out += [("spies_steal", c) for c in spy_clearings(g, h) if steal_targets(g, h, s, c)]
        return bot_choice(g, s, out) if out else [("done",)]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        s: int = st[1]
        h: int = st[2]
        if o[0] == "spies_then":
            g.push(("hire.battle_each", s, h, spy_clearings(g, h)))
        elif o[0] == "spies_steal":
            for t in steal_targets(g, h, s, o[1]):
                take_random_card(g, s, t)
            g.note("spies_stole", g.factions[s], o[1])


class RavenSentries(HirelingDef):
    id = "corvid_spies"
    name = "Raven Sentries"
    card = "corvid_spies"
    demoted = True

    def controller_extra_hits(self, g: Game, h: int, s: int, b: Battle,
                              attacker: bool) -> int:
        """E.2.2 CONTROLLER: in battle it deals an extra hit if the clearing of battle
        holds any of its buildings or tokens (as attacker or defender)."""
        return 1 if g.faction_pieces(s, b.c) else 0


register_hireling(CorvidSpies())
register_hireling(RavenSentries())
register_steps(SetUp(), Then())
