"""Sunward Expedition (promoted) and Mole Artisans (demoted): Underworld Hirelings Pack,
8 Expedition warriors (B.10.3) and 3 foothold tokens (B.10.2); the Underground Duchy
cannot be played beside the card (A.6.5)."""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from rootlaw.core.game import Game
from rootlaw.core.hire import bot_choice, card_of, hire_of, placeable, supply_of
from rootlaw.core.hired import HirelingDef, register_hireling
from rootlaw.core.options import Option, name_form, text_form
from rootlaw.core.steps import Handler, Step, register_steps

FOOTHOLD: Final = "foothold"
OUTPOST_WARRIORS: Final = 3  # "up to 3" Expedition warriors with a new foothold
name_form(FOOTHOLD, "foothold")
name_form("expedition", "a new foothold, then march or muster", "sunward_expedition")
name_form("expedition_march", "move, then battle if you wish", "sunward_expedition")
name_form("expedition_muster", "an Expedition warrior at each foothold", "sunward_expedition")
text_form("outpost", "a foothold in {1}{w2:the foothold from }")
text_form("expedition_then", "{n1@sunward_expedition}")
text_form("keep_revealed", "Mole Artisans: keep {c1} revealed (back to hand at end of Evening)")
text_form("discard_crafted", "discard {c1}")


def footholds(g: Game, h: int) -> tuple[int, ...]:
    return g.piece_clearings(h, FOOTHOLD)


class SunwardExpedition(HirelingDef):
    id = "sunward_expedition"
    name = "Sunward Expedition"
    card = "sunward_expedition"
    demoted = False
    token_kind = FOOTHOLD

    def hire_setup(self, g: Game, h: int, s: int) -> Sequence[Step]:
        """A.6.3: one foothold and 3 Expedition warriors in any clearing."""
        return [("sunward_expedition.setup", s, h)]

    def daylight_actions(self, g: Game, h: int, s: int) -> list[str]:
        return ["expedition"] if outpost_options(g, h) else []

    def daylight(self, g: Game, h: int, s: int, action: str) -> Sequence[Step]:
        """E.2.4: first a foothold and up to 3 warriors in a clearing without one (one
        taken off the map if all three are out); then, choose one: move and afterwards
        battle if it wishes, or an Expedition warrior at each foothold."""
        return [("sunward_expedition.outpost", s, h), ("sunward_expedition.then", s, h)]


def outpost_options(g: Game, h: int) -> list[Option]:
    have = footholds(g, h)
    lifts: tuple[int, ...] = () if supply_of(g, h, FOOTHOLD) > 0 else tuple(sorted(set(have)))
    out: list[Option] = []
    for c in g.clearings():
        if c in have or not placeable(g, h, c):
            continue
        if lifts:
            out += [("outpost", c, x) for x in lifts]
        else:
            out.append(("outpost", c, 0))
    return out


class SetUp(Handler):
    """A.6.3 Sunward Expedition: a foothold and 3 warriors in a clearing of choice."""

    name = "sunward_expedition.setup"
    kind = "hireling_place"
    rule = "A.6.3"
    prompt = "Sunward Expedition: choose the clearing of its first foothold"

    def options(self, g: Game, st: Step) -> list[Option]:
        h: int = st[2]
        card = card_of(g, h)
        out: list[Option] = [("hplace", card, c) for c in g.clearings() if placeable(g, h, c)]
        return bot_choice(g, st[1], out) if out else [("done",)]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        if o[0] != "hplace":
            return
        h: int = st[2]
        g.place_token(h, FOOTHOLD, o[2])
        g.place_warriors(h, o[2], OUTPOST_WARRIORS)
        g.note("hireling_placed", card_of(g, h), FOOTHOLD, o[2])


class Outpost(Handler):
    """Sunward Expedition: the new foothold (and the one lifted, if needed). Args:
    (seat, hireling)."""

    name = "sunward_expedition.outpost"
    kind = "hireling_place"
    rule = "E.2.4"
    prompt = "Sunward Expedition: where does a new foothold go?"

    def options(self, g: Game, st: Step) -> list[Option]:
        return bot_choice(g, st[1], outpost_options(g, st[2])) or [("done",)]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        if o[0] != "outpost":
            return
        h: int = st[2]
        c: int = o[1]
        lift: int = o[2]
        if lift:
            g.take_piece(lift, (h, FOOTHOLD))  # taken off, back to the supply
        g.place_token(h, FOOTHOLD, c)
        g.note("hireling_placed", card_of(g, h), FOOTHOLD, c)
        g.push(("sunward_expedition.warriors", st[1], h, c))


class Warriors(Handler):
    """Sunward Expedition: up to 3 Expedition warriors with the new foothold. Args:
    (seat, hireling, clearing)."""

    name = "sunward_expedition.warriors"
    kind = "hireling_place"
    rule = "E.2.4"
    prompt = "Sunward Expedition: how many warriors go with the foothold?"

    def options(self, g: Game, st: Step) -> list[Option]:
        n = min(OUTPOST_WARRIORS, g.warrior_supply(st[2]))
        out: list[Option] = [("warriors", k) for k in range(n, -1, -1)]
        return bot_choice(g, st[1], out)

    def apply(self, g: Game, st: Step, o: Option) -> None:
        if o[1]:
            g.place_warriors(st[2], st[3], o[1])


class Then(Handler):
    """Sunward Expedition: march (a move, then a battle if it wishes) or muster (a
    warrior at each foothold). Args: (seat, hireling)."""

    name = "sunward_expedition.then"
    kind = "hireling_action"
    rule = "E.2.4"
    prompt = "Sunward Expedition: march or muster?"

    def options(self, g: Game, st: Step) -> list[Option]:
        return bot_choice(g, st[1], [("expedition_then", "expedition_march"),
                                     ("expedition_then", "expedition_muster")])

    def apply(self, g: Game, st: Step, o: Option) -> None:
        s: int = st[1]
        h: int = st[2]
        if o[1] == "expedition_march":
            g.push(("hire.move", s, h, 0, 1))
            return
        for c in footholds(g, h):
            if placeable(g, h, c):
                g.place_warriors(h, c, 1)


class MoleArtisans(HirelingDef):
    id = "sunward_expedition"
    name = "Mole Artisans"
    card = "sunward_expedition"
    demoted = True
    token_kind = FOOTHOLD

    def crafted(self, g: Game, h: int, s: int, card: str) -> bool:
        """E.2.2 CONTROLLER: a crafted card showing an item may be kept revealed instead
        of discarded; it returns to the hand at the end of the Evening (4.1.2)."""
        if not g.fdefs[s].has_hand:
            return False
        hire = hire_of(g)
        hire.revealed[s] = hire.revealed[s] + (card,)
        g.push(("mole_artisans.keep", s, h, card))
        return True

    def turn_ended(self, g: Game, h: int, s: int) -> None:
        """The end of s's Evening: its revealed cards go back to its hand (it may hold
        more than five)."""
        hire = hire_of(g)
        back = hire.revealed[s]
        if back:
            hire.revealed[s] = ()
            g.hands[s].extend(back)
            g.note("artisans_back", g.factions[s], list(back))

    def cards_on_card(self, g: Game, h: int) -> list[str]:
        out: list[str] = []
        for cards in hire_of(g).revealed:
            out.extend(cards)
        return out

    def hireling_view(self, g: Game, h: int) -> dict[str, Any]:
        hire = hire_of(g)
        return {"revealed": {g.factions[s]: list(c) for s, c in enumerate(hire.revealed) if c}}


class Keep(Handler):
    """Mole Artisans: keep the crafted card revealed, or discard it. Args: (seat,
    hireling, card)."""

    name = "mole_artisans.keep"
    kind = "keep_card"
    rule = "E.2.2"
    prompt = "Mole Artisans: keep the crafted card revealed?"

    def options(self, g: Game, st: Step) -> list[Option]:
        return bot_choice(g, st[1], [("keep_revealed", st[3]), ("discard_crafted", st[3])])

    def apply(self, g: Game, st: Step, o: Option) -> None:
        if o[0] == "keep_revealed":
            return
        s: int = st[1]
        hire = hire_of(g)
        cards = list(hire.revealed[s])
        cards.remove(st[3])
        hire.revealed[s] = tuple(cards)
        g.discard_card(st[3])


register_hireling(SunwardExpedition())
register_hireling(MoleArtisans())
register_steps(SetUp(), Outpost(), Warriors(), Then(), Keep())
