"""Warm Sun Prophets (promoted) and Lizard Envoys (demoted): Riverfolk Hirelings Pack, 4
Prophet warriors (B.10.3); the Lizard Cult cannot be played beside the card (A.6.5)."""
from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from rootlaw.core.battle import battle_targets, start_battle
from rootlaw.core.faction_api import NO_STEPS
from rootlaw.core.game import FOREST, RUIN, Game
from rootlaw.core.hire import bot_choice, forced_movable, on_map, placeable
from rootlaw.core.hired import HirelingDef, register_hireling
from rootlaw.core.move import do_move, move_pairs
from rootlaw.core.options import Option, name_form, text_form
from rootlaw.core.steps import Handler, Step, register_steps

LOOK: Final = 5  # Lizard Envoys: the top five cards of the discard pile
name_form("incite", "force a player to battle or move", "warm_sun_prophets")
name_form("preach", "put a Prophet warrior in a clearing without one", "warm_sun_prophets")
text_form("incite_battle", "force {n2} to battle {n3} in {1}")
text_form("incite_move", "force {n2} to move from {1} to {3}")
text_form("envoy_take", "Lizard Envoys: take {c1} from the discard pile")


class WarmSunProphets(HirelingDef):
    id = "warm_sun_prophets"
    name = "Warm Sun Prophets"
    card = "warm_sun_prophets"
    demoted = False

    def hire_setup(self, g: Game, h: int, s: int) -> Sequence[Step]:
        """A.6.3: a Prophet warrior in each clearing with a ruin."""
        return [("warm_sun_prophets.setup", s, h)]

    def when_hired(self, g: Game, h: int, s: int) -> Sequence[Step]:
        """E.2.1: with no Prophet warrior on the map, put one in any clearing."""
        if on_map(g, h):
            return NO_STEPS
        return [("hire.place", s, h, "warrior", "any", 1, 0)]

    def daylight_actions(self, g: Game, h: int, s: int) -> list[str]:
        """E.2.4, choose one: (a) force a player with faction pieces where a Prophet
        stands to battle there or to move from there; (b) a Prophet into a clearing
        without one."""
        out: list[str] = []
        if incite_options(g, h, True):
            out.append("incite")
        if g.warrior_supply(h) > 0 and any(
                placeable(g, h, c) and not g.warriors[h][c] for c in g.clearings()):
            out.append("preach")
        return out

    def daylight(self, g: Game, h: int, s: int, action: str) -> Sequence[Step]:
        if action == "incite":
            return [("warm_sun_prophets.incite", s, h)]
        return [("hire.place", s, h, "warrior", "none", 1, 0)]


def incite_options(g: Game, h: int, first: bool = False) -> list[Option]:
    """(a): a player (the controller too) with faction pieces where a Prophet stands,
    forced (1.5.5: as if it chose, by its own rules) to battle there, the controller
    choosing the defender, or to move as many of its pieces as it can (warriors and its
    pawn, 4.2) from there to a clearing the controller chooses (rulings.md). ``first``:
    stop at the first (an "any?" test)."""
    out: list[Option] = []
    for c in g.clearings():
        if not g.warriors[h][c]:
            continue
        for p in range(len(g.factions)):
            if not g.has_any_piece(p, c):
                continue
            name = g.factions[p]
            for cc, d in battle_targets(g, p, (c,)):
                out.append(("incite_battle", cc, name, g.owner_name(d)))
            if first and out:
                return out
            for b in forced_destinations(g, p, c):
                out.append(("incite_move", c, name, b))
    return out


def forced_destinations(g: Game, p: int, c: int) -> list[int]:
    """Where p can be forced to move "as many of their pieces as they can" from c: its
    warriors' moves and its pawn's (4.2 moves "warriors and pawns"; a pawn as by an effect
    granting a move, Cobbler), no Ferry (rulings.md)."""
    out = [b for _, b in move_pairs(g, p, (c,))] if forced_movable(g, p, c) else []
    if g.pawn[p] == c:
        for b in pawn_destinations(g, p):
            if b not in out:
                out.append(b)
    return out


def pawn_destinations(g: Game, p: int) -> dict[int, Option]:
    """The clearings p's pawn can move to by an effect's move, each with its choice."""
    return {o[1]: o for o in g.fdefs[p].pawn_move_options(g, p)
            if not o[0].endswith("ferry") and o[1] < FOREST}


class SetUp(Handler):
    """A.6.3 Warm Sun Prophets: a Prophet warrior in each clearing with a ruin."""

    name = "warm_sun_prophets.setup"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        h: int = st[2]
        for c in g.clearings():
            if (RUIN, "ruin") in g.buildings[c] and placeable(g, h, c):
                g.place_warriors(h, c, 1)


class Incite(Handler):
    """E.2.4 Warm Sun Prophets (a). Args: (seat, hireling)."""

    name = "warm_sun_prophets.incite"
    kind = "force"
    rule = "E.2.4"
    prompt = "Warm Sun Prophets: force a player to battle or to move"

    def options(self, g: Game, st: Step) -> list[Option]:
        return bot_choice(g, st[1], incite_options(g, st[2])) or [("done",)]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        s: int = st[1]
        c: int = o[1]
        p = g.seat_of(o[2])
        if o[0] == "incite_battle":  # the forced player scores as normal (E.3.6)
            g.note("incited", g.factions[s], o[2], c)
            start_battle(g, p, c, g.seat_of(o[3]))
        elif o[0] == "incite_move":
            b: int = o[3]
            n = forced_movable(g, p, c)
            pawn = pawn_destinations(g, p).get(b) if g.pawn[p] == c else None
            g.push(("warm_sun_prophets.after", s, p, b))
            if n and (c, b) in move_pairs(g, p, (c,)):
                do_move(g, p, c, b, n)  # 1.5.5: the forced player is the one moving
            if pawn is not None:  # 4.2: its pawn with them, by its own move rules
                g.fdefs[p].take_pawn_move(g, p, pawn)
            g.note("incited", g.factions[s], o[2], b)


class After(Handler):
    """Warm Sun Prophets: after the forced move, the controller may have the moved
    player battle in the destination (choosing the defender). Args: (seat, player,
    clearing)."""

    name = "warm_sun_prophets.after"
    kind = "force"
    rule = "E.2.4"
    prompt = "Warm Sun Prophets: force the moved player to battle there?"

    def options(self, g: Game, st: Step) -> list[Option]:
        p: int = st[2]
        out: list[Option] = [("battle", c, g.owner_name(d))
                             for c, d in battle_targets(g, p, (st[3],))]
        return bot_choice(g, st[1], out + [("skip",)])

    def apply(self, g: Game, st: Step, o: Option) -> None:
        if o[0] == "battle":
            start_battle(g, st[2], o[1], g.seat_of(o[2]))


class LizardEnvoys(HirelingDef):
    id = "warm_sun_prophets"
    name = "Lizard Envoys"
    card = "warm_sun_prophets"
    demoted = True

    def birdsong(self, g: Game, h: int, s: int) -> Sequence[Step]:
        """E.2.3 CONTROLLER (may): look through the top five cards of the discard pile
        and take one of the suit most common among them."""
        if not g.fdefs[s].has_hand or not envoy_cards(g):
            return NO_STEPS
        return [("lizard_envoys.take", s, h)]


def envoy_cards(g: Game) -> list[str]:
    """The cards Lizard Envoys may take: of the top five of the discard pile (1.2.2:
    public), those of a suit most common among them (birds are a suit of their own
    here), never an ambush card (the controller breaks ties between suits)."""
    top = g.discard[-LOOK:]
    counts: dict[str, int] = {}
    for cid in top:
        suit = g.suit_of(cid)
        counts[suit] = counts.get(suit, 0) + 1
    if not counts:
        return []
    most = max(counts.values())
    return list(dict.fromkeys(cid for cid in top if counts[g.suit_of(cid)] == most
                              and g.card(cid).kind != "ambush"))


class Take(Handler):
    """Lizard Envoys: take one card, or not. Args: (seat, hireling)."""

    name = "lizard_envoys.take"
    kind = "take_card"
    rule = "E.2.3"
    prompt = "Lizard Envoys: take a card of the most common suit from the discard pile?"

    def options(self, g: Game, st: Step) -> list[Option]:
        out: list[Option] = [("envoy_take", c) for c in envoy_cards(g)]
        return bot_choice(g, st[1], out + [("skip",)])

    def apply(self, g: Game, st: Step, o: Option) -> None:
        if o[0] == "envoy_take":
            pile = g.discard
            i = len(pile) - 1 - pile[::-1].index(o[1])  # the copy among the top five
            pile.pop(i)
            g.hands[st[1]].append(o[1])
            g.note("envoy_took", g.factions[st[1]], o[1])


register_hireling(WarmSunProphets())
register_hireling(LizardEnvoys())
register_steps(SetUp(), Incite(), After(), Take())
