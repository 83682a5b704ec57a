"""4.1 Craft: activate crafting pieces to craft cards from the hand.

Crafting pieces of one suit are interchangeable (a piece's suit is its clearing's,
4.1.1), so the engine tracks activations per suit, and a choice only arises where
a question-mark cost could be paid with different suits. Pieces in the Lost City's
clearing are of every suit (Appendix F): each pays any one suit ("wild" below), and a
cost takes suited pieces first (the same craft, more left to pay later). An item on the
Legendary Forge's card is crafted from there ("craft_forge", core/landmarks.py).
"""
from __future__ import annotations

from itertools import combinations_with_replacement
from typing import TYPE_CHECKING, Final

from rootlaw.core.cards_ep import entered_play, item_crafted
from rootlaw.core.catalog import SUITS, suit_index
from rootlaw.core.effects import DAYLIGHT_VERBS, apply_daylight_extra, daylight_extras, favor
from rootlaw.core.hired import hireling_takes_crafted
from rootlaw.core.landmarks import forge_bonus, forge_items_for, take_forge_item
from rootlaw.core.options import Option, append_all, listed, repeated, text_form
from rootlaw.core.steps import Handler, Step, register_steps

if TYPE_CHECKING:
    from rootlaw.core.game import Game

text_form("craft", "craft {c1}{w2:any suit paid as }")  # the suits chosen for "?" costs

FAVORS: Final = {"favor_of_the_foxes": "fox", "favor_of_the_rabbits": "rabbit",
                 "favor_of_the_mice": "mouse"}
CRAFTABLE: Final = frozenset({"item", "persistent", "immediate"})


# the suits a cost of n question marks may be paid with, n = 0..4 (Royal Claim: four)
ANY_SUITS: Final = tuple(tuple(combinations_with_replacement(SUITS, n)) for n in range(5))
# each of those as pieces by suit (fox, rabbit, mouse), worked out once
ANY_NEEDS: Final[tuple[tuple[tuple[int, int, int], ...], ...]] = tuple(
    tuple((c.count("fox"), c.count("rabbit"), c.count("mouse")) for c in combos)
    for combos in ANY_SUITS)


def craft_options(g: Game, s: int) -> list[Option]:
    fd = g.fdefs[s]
    free = fd.free_crafting_pieces(g, s)
    fox, rabbit, mouse = free
    wild = fd.free_wild_pieces(g, s) if g.landmarks is not None else 0
    if not (fox or rabbit or mouse or wild):
        return []
    forge = forge_items_for(g, s) if g.landmarks is not None else ()
    out: list[Option] = []
    cards = g.deckdef.cards
    hand = g.hands[s]
    for i in range(len(hand)):  # each card once (``distinct``, without its list)
        if repeated(hand, i):
            continue
        cid = hand[i]
        card = cards[cid]
        # the cheap tests first (each only skips a card: their order does not matter)
        need = card.need
        rest = (fox - need[0], rabbit - need[1], mouse - need[2])
        if wild:
            if _short(rest) > wild:
                continue
        elif rest[0] < 0 or rest[1] < 0 or rest[2] < 0:
            continue
        kind = card.kind
        if kind != "item" and kind != "persistent" and kind != "immediate":  # CRAFTABLE
            continue
        verbs: tuple[str, ...] = CRAFT_VERB
        item = card.item
        if item is not None:
            in_supply = bool(g.supply.get(item))
            if forge and item in forge:  # the Legendary Forge's card (Appendix F)
                verbs = BOTH_VERBS if in_supply else FORGE_VERB
            elif not in_supply:
                continue  # 4.1.2: the item must be in the supply
        if kind == "persistent" and listed(g.played[s], cid):
            continue  # 4.1.4 No Duplicates
        for verb in verbs:
            if not card.anys:
                out.append((verb, cid, ()))
                continue
            combos = ANY_SUITS[card.anys]
            needs = ANY_NEEDS[card.anys]
            for k in range(len(combos)):
                more = needs[k]
                left = (rest[0] - more[0], rest[1] - more[1], rest[2] - more[2])
                if _short(left) <= wild:
                    out.append((verb, cid, combos[k]))
    return out


CRAFT_VERB: Final[tuple[str, ...]] = ("craft",)
FORGE_VERB: Final[tuple[str, ...]] = ("craft_forge",)
BOTH_VERBS: Final[tuple[str, ...]] = ("craft", "craft_forge")


def _short(rest: tuple[int, int, int]) -> int:
    """Pieces missing for a cost (negative counts), to be paid with wild pieces."""
    return -min(rest[0], 0) - min(rest[1], 0) - min(rest[2], 0)


def _pay(g: Game, s: int, suits: list[str]) -> None:
    """Activate pieces for ``suits``: pieces of each suit first, then pieces of any suit
    (the Lost City's clearing) for the rest."""
    fd = g.fdefs[s]
    if g.landmarks is None or not fd.free_wild_pieces(g, s):
        fd.pay_crafting(g, s, suits)
        return
    have = list(fd.free_crafting_pieces(g, s))
    suited: list[str] = []
    wild = 0
    for suit in suits:
        i = suit_index(suit)
        if have[i] > 0:
            have[i] = have[i] - 1
            suited.append(suit)
        else:
            wild += 1
    fd.pay_crafting(g, s, suited)
    if wild:
        fd.pay_wild_crafting(g, s, wild)


def craft(g: Game, s: int, cid: str, anys: tuple[str, ...], forge: bool = False) -> None:
    """Activate the crafting pieces, then resolve the card (4.1.2, 4.1.3); ``forge``: its
    item comes from the Legendary Forge's card (one card and one point more)."""
    card = g.card(cid)
    fd = g.fdefs[s]
    _pay(g, s, [x for x in card.cost if x != "any"] + list(anys))
    g.hands[s].remove(cid)
    g.note("craft", g.factions[s], cid)
    if card.kind == "persistent":
        g.played[s].append(cid)
        if g.deckdef.ep:
            entered_play(g, s, cid)
        return
    if card.item is not None:  # 4.1.2 take the item; 3.2.2 score the card's VP
        if forge:
            take_forge_item(g, s, card.item)
        else:
            g.supply[card.item] = g.supply[card.item] - 1
        fd.gain_crafted_item(g, s, card.item)
        if g.hire is None or not hireling_takes_crafted(g, s, cid):
            g.discard_card(cid)  # (the Mole Artisans may keep it revealed, Appendix E)
        g.score(s, fd.craft_item_vp(g, s, card), "craft")
        if forge:  # the Forge's card and point, 7.2.3 and 14.2.3 notwithstanding
            forge_bonus(g, s)
        if g.deckdef.ep:
            item_crafted(g, s, card)  # Master Engravers, Murine Broker (E&P)
        return
    g.discard_card(cid)
    if cid in FAVORS:
        favor(g, s, FAVORS[cid])


class Craft(Handler):
    """Crafting before actions (6.5, 7.5.1), or in Evening (10.6.2): craft any number of
    cards, then go on. The Daylight options any faction has come with it in Daylight."""

    name = "craft"
    kind = "craft"
    rule = "4.1"
    prompt = "Craft a card, or go on"

    def options(self, g: Game, st: Step) -> list[Option]:
        s: int = st[1]
        out = craft_options(g, s)  # a new list: the rest joins it (no list sums)
        if g.phase == "daylight":
            append_all(out, daylight_extras(g, s))
        out.append(("done",))
        return out

    def apply(self, g: Game, st: Step, o: Option) -> None:
        s: int = st[1]
        if o[0] == "done":
            return
        g.push(st)
        if o[0] in DAYLIGHT_VERBS:
            apply_daylight_extra(g, s, o)
        else:
            craft(g, s, o[1], o[2], o[0] == "craft_forge")


register_steps(Craft())
