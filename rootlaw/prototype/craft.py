"""P5.4 Crafting: cards crafted into improvements by exhausting crafting pieces.

A crafting piece is of its clearing's nation; one in the Keep is of all nations
(P5.2.2), so it pays any one nation. Pieces are counted by nation (fox, rabbit, mouse,
all) and exhausted once per turn (``Game.craft_used``, four counters, P5.4.4). A cost
of question marks (Royal Claim) is paid by any nations: the player picks them.
"""
from __future__ import annotations

from itertools import combinations_with_replacement
from typing import Final

from rootlaw.core.game import Game
from rootlaw.core.options import Option
from rootlaw.core.steps import Handler, Step, register_steps
from rootlaw.prototype.base import ALL, NATIONS, matches, pfd, seat_of
from rootlaw.prototype.hits import is_building, lose_piece

CRAFTABLE: Final = frozenset({"item", "persistent", "activated", "immediate"})  # P5.3.4
PIECES: Final = (*NATIONS, ALL)
ANY_COMBOS: Final = tuple(tuple(combinations_with_replacement(PIECES, n)) for n in range(5))
FAVORS: Final = {"favor_of_the_foxes": "fox", "favor_of_the_rabbits": "rabbit",
                 "favor_of_the_mice": "mouse"}


def _pay(free: tuple[int, int, int, int], need: tuple[int, int, int],
         combo: tuple[str, ...]) -> tuple[int, int, int, int] | None:
    """The pieces (fox, rabbit, mouse, all) that pay a cost, or None: each nation by its
    own pieces first, the rest by pieces of all nations; ``combo`` the pieces chosen
    for question marks (a nation's own, or "all")."""
    paid = [0, 0, 0, 0]
    wild = free[3]
    for i in range(3):
        own = min(need[i], free[i])
        paid[i] = own
        wild -= need[i] - own
    for n in combo:
        if n == ALL:
            wild -= 1
        else:
            i = NATIONS.index(n)
            paid[i] = paid[i] + 1
            if paid[i] > free[i]:
                return None
    if wild < 0:
        return None
    paid[3] = free[3] - wild
    return (paid[0], paid[1], paid[2], paid[3])


def craft_options(g: Game, s: int) -> list[Option]:
    """("craft", card, nations for question marks) for each card s can craft now
    (P5.4.1-P5.4.4)."""
    free = pfd(g, s).free_craft_pieces(g, s)
    if not (free[0] or free[1] or free[2] or free[3]):
        return []
    out: list[Option] = []
    cards = g.deckdef.cards
    for cid in dict.fromkeys(g.hands[s]):
        card = cards[cid]
        if card.kind not in CRAFTABLE:
            continue
        for combo in ANY_COMBOS[card.anys]:
            if _pay(free, card.need, combo) is not None:
                out.append(("craft", cid, combo))
    return out


def craft(g: Game, s: int, cid: str, combo: tuple[str, ...]) -> None:
    """P5.4.10-P5.4.12: exhaust the pieces, resolve the improvement's text, then put it
    (or its item) into the play area."""
    card = g.card(cid)
    fd = pfd(g, s)
    paid = _pay(fd.free_craft_pieces(g, s), card.need, combo)
    if paid is None:
        raise ValueError(f"{cid} cannot be paid now")
    fd.exhaust_craft_pieces(g, s, paid)
    g.hands[s].remove(cid)
    g.note("craft", g.factions[s], cid)
    if card.vp:  # P5.4.13 Cottage Industry, P8.14.2 Builder
        g.score(s, fd.improvement_vp(g, s, fd.craft_vp(g, s, card.vp)), "craft")
    if card.kind == "persistent" or card.kind == "activated":  # P5.4.11 sideways
        g.played[s].append(cid)
        return
    g.discard_card(cid)
    if card.kind == "immediate":
        favor(g, s, FAVORS[cid])
        return
    item = card.item
    # P5.4.12: not without the Vagabond, nor when no token of it remains
    if item is not None and seat_of(g, "vagabond") >= 0 and g.supply.get(item, 0) > 0:
        g.supply[item] = g.supply[item] - 1
        fd.gain_crafted_item(g, s, item)


def favor(g: Game, s: int, nation: str) -> None:
    """A Favor (reconstructed from the standard deck): remove every piece of the other
    players in the clearings of ``nation`` (the Keep's too, P5.2.2); no hit, so no
    points (P4.3.5) and no Field Hospitals (P5.11.1), but P8.17.2 the Despot's "another
    victory point" for each opponent's building removed."""
    bonus = pfd(g, s).removal_bonus(g, s)
    removed = 0
    for c in g.clearings():
        if not matches(g, c, nation):
            continue
        for o in range(len(g.factions)):
            if o == s:
                continue
            n = g.warriors[o][c]
            if n:
                g.warriors[o][c] = 0
                g.pieces_changed(c)
            for p in g.buildings[c] + g.tokens[c]:
                if p[0] == o:
                    removed += is_building(g, o, p[1])
                    lose_piece(g, o, c, p[1], s, False)
    if bonus and removed:
        g.score(s, bonus * removed, "removal")


class Craft(Handler):
    """P5.4.2: craft any number of cards, then go on. Args: (seat)."""

    name = "proto.craft"
    kind = "craft"
    rule = "P5.4"
    prompt = "Craft an improvement, or go on"

    def options(self, g: Game, st: Step) -> list[Option]:
        return craft_options(g, st[1]) + [("done",)]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        if o[0] == "done":
            return
        g.push(st)
        craft(g, st[1], o[1], o[2])


register_steps(Craft())
