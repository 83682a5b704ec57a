"""Flame Bearers (promoted) and Rat Smugglers (demoted): Marauder Hirelings Pack, 6
Bearer warriors (B.10.3); the Lord of the Hundreds cannot be played beside the card
(A.6.5)."""
from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from rootlaw.core.battle import battle_options, start_battle
from rootlaw.core.faction_api import NO_STEPS
from rootlaw.core.game import Game
from rootlaw.core.hire import bot_choice, controller, on_map
from rootlaw.core.hired import HirelingDef, register_hireling, removal_shielded
from rootlaw.core.move import move_options, move_step, remove_warriors, trigger_removals
from rootlaw.core.options import Option, distinct, text_form
from rootlaw.core.steps import Handler, Step, register_steps

SPREAD_FALLBACK: Final = 2  # no clearing with or next to a Bearer: two in any clearings
text_form("burn", "burn {n1}'s {n2} in {3}")
text_form("smuggle", "Rat Smugglers: discard {c1} to take a move or start a battle")


class FlameBearers(HirelingDef):
    id = "flame_bearers"
    name = "Flame Bearers"
    card = "flame_bearers"
    demoted = False

    def hire_setup(self, g: Game, h: int, s: int) -> Sequence[Step]:
        """A.6.3: 2 Bearer warriors among any clearings (both may share one)."""
        return [("hire.place", s, h, "warrior", "any", 2, 0)]

    def when_hired(self, g: Game, h: int, s: int) -> Sequence[Step]:
        """E.2.1: with no Bearer on the map, 2 among any clearings."""
        if on_map(g, h):
            return NO_STEPS
        return [("hire.place", s, h, "warrior", "any", 2, 0)]

    def place_allowed(self, g: Game, h: int, where: str, c: int) -> bool:
        if where == "near":  # a clearing with a Bearer, or adjacent to one
            if g.warriors[h][c]:
                return True
            for x in g.adj[c]:
                if x <= len(g.board.clearings) and g.warriors[h][x]:
                    return True
            return False
        return super().place_allowed(g, h, where, c)

    def birdsong(self, g: Game, h: int, s: int) -> Sequence[Step]:
        """E.2.3 (must): first each clearing with Bearers loses as many enemy pieces as
        it has Bearers (warriors before buildings and tokens, the controller choosing
        among enemies); then a Bearer in a clearing with or next to one, or, if none
        can be, two in any clearings."""
        burning = tuple(c for c in g.clearings() if g.warriors[h][c])
        return [("flame_bearers.burn", s, h, burning, 0, 0, (), ()),
                ("flame_bearers.spread", s, h)]


def burn_choices(g: Game, h: int, c: int) -> list[Option]:
    """The enemy pieces the fire may take next in c: warriors first (4.3.4's order)."""
    out: list[Option] = []
    foes = [o for o in g.enemy_owners(h) if not removal_shielded(g, h, o, c)]
    for o in foes:
        if g.removable_warriors(o, c) and g.enemy_warriors(h, o, c):
            out.append(("burn", g.owner_name(o), "warrior", c))
    if out:
        return out
    for o in foes:
        for kind in dict.fromkeys(p[1] for p in g.faction_pieces(o, c)):
            out.append(("burn", g.owner_name(o), kind, c))
    return out


class Burn(Handler):
    """Flame Bearers' fire, clearing by clearing (each clearing one removal event: the
    pieces all go before their effects, 1.1.3). Args: (seat, hireling, clearings to
    burn, clearing burning (0: next), pieces left to burn there, warriors removed
    there as (owner, n), buildings and tokens removed there as (owner, kind))."""

    name = "flame_bearers.burn"
    kind = "burn"
    rule = "E.2.3"
    prompt = "Flame Bearers: which enemy piece burns?"

    def options(self, g: Game, st: Step) -> list[Option]:
        h: int = st[2]
        c: int = st[4]
        if not c or st[5] <= 0:
            return [("done",)]
        out = burn_choices(g, h, c)
        return bot_choice(g, st[1], out) if out else [("done",)]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        s: int = st[1]
        h: int = st[2]
        todo: tuple[int, ...] = st[3]
        c: int = st[4]
        left: int = st[5]
        warriors: tuple[tuple[int, int], ...] = st[6]
        pieces: tuple[tuple[int, str], ...] = st[7]
        if o[0] == "burn":
            owner = g.seat_of(o[1])
            if o[2] == "warrior":
                remove_warriors(g, owner, c, 1)
                warriors = warriors + ((owner, 1),)
            else:
                g.take_piece(c, (owner, o[2]))
                pieces = pieces + ((owner, o[2]),)
            g.push(("flame_bearers.burn", s, h, todo, c, left - 1, warriors, pieces))
            return
        if c:  # this clearing's fire is out: its removals trigger (E.3.6: no score)
            lost: dict[int, int] = {}
            for owner, n in warriors:
                lost[owner] = lost.get(owner, 0) + n
            if warriors or pieces:
                g.note("burned", c)
                trigger_removals(g, h, [(x, c, n) for x, n in lost.items()],
                                 [(x, c, kind) for x, kind in pieces], in_battle=False)
        if todo:  # the next clearing with Bearers, as many pieces as Bearers there
            nxt = todo[0]
            g.push(("flame_bearers.burn", s, h, todo[1:], nxt, g.warriors[h][nxt], (), ()))


class Spread(Handler):
    """Flame Bearers: a Bearer in a clearing with or next to one; if none can go there,
    two in any clearings. Args: (seat, hireling)."""

    name = "flame_bearers.spread"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        from rootlaw.core.hire import place_targets

        s: int = st[1]
        h: int = st[2]
        if g.warrior_supply(h) <= 0:
            return
        if place_targets(g, h, "near", "warrior"):
            g.push(("hire.place", s, h, "warrior", "near", 1, 0))
        else:
            g.push(("hire.place", s, h, "warrior", "any", SPREAD_FALLBACK, 0))


class RatSmugglers(HirelingDef):
    id = "flame_bearers"
    name = "Rat Smugglers"
    card = "flame_bearers"
    demoted = True

    def extra_daylight_options(self, g: Game, h: int, s: int) -> list[Option]:
        """E.2.2 CONTROLLER: any number of times in Daylight, discard a card showing an
        item (craftable or not) to take a move or start a battle with its own faction
        pieces."""
        if controller(g, h) != s or not g.fdefs[s].has_hand:
            return []
        out = [("smuggle", c) for c in distinct(g.hands[s]) if g.card(c).item]
        if not out:  # the cheap test first: a card to discard
            return out
        if not (move_options(g, s) or g.fdefs[s].pawn_move_options(g, s)
                or battle_options(g, s)):
            return []
        return out

    def apply_extra(self, g: Game, h: int, s: int, o: Option) -> None:
        g.spend(s, o[1])
        g.push(("rat_smugglers.go", s))


class Go(Handler):
    """Rat Smugglers: the move or the battle. Args: (seat,)."""

    name = "rat_smugglers.go"
    kind = "move_or_battle"
    rule = "E.2.2"
    prompt = "Rat Smugglers: take a move or start a battle"

    def options(self, g: Game, st: Step) -> list[Option]:
        s: int = st[1]
        out = move_options(g, s) + g.fdefs[s].pawn_move_options(g, s) + battle_options(g, s)
        return out or [("done",)]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        s: int = st[1]
        if o[0] == "battle":
            start_battle(g, s, o[1], g.seat_of(o[2]))
        elif o[0] == "move" or o[0] == "ferry":
            g.push(move_step(s, o))
        elif o[0] != "done":
            g.fdefs[s].take_pawn_move(g, s, o)


register_hireling(FlameBearers())
register_hireling(RatSmugglers())
register_steps(Burn(), Spread(), Go())
