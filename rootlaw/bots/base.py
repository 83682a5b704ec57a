"""What every Rootbotics bot shares (Law of Rootbotics, sections 1-3).

A bot is a faction whose every step is automatic: it never asks for a decision,
and where its rules leave a choice to chance the game's RNG decides (logged like
any random result). The humans' decisions that a bot causes are theirs.
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, ClassVar, Final

from rootlaw.core.cards_ep import item_crafted
from rootlaw.core.faction_api import FactionDef
from rootlaw.core.game import Game
from rootlaw.core.hired import battle_allowed
from rootlaw.core.landmarks import forge_bonus, forge_items_for, take_forge_item
from rootlaw.core.options import text_form
from rootlaw.core.steps import Handler, Step, register_steps

if TYPE_CHECKING:
    from rootlaw.core.battle import Battle

DIFFICULTIES: Final = ("easy", "default", "challenging", "nightmare")  # 3.3.1
# 2.2 Faction target priority, highest first (bots rank as the faction they replace)
# (2.2 lists the factions up to the Corvids by setup priority; the Marauder factions
# follow by theirs, 14 and 15; then the Crusader expansion's in its text's order, BK,
# HOL, SOM, VW: the order they set up in, rulings.md)
FACTION_PRIORITY: Final[tuple[str, ...]] = (
    "marquise", "eyrie", "alliance", "vagabond", "vagabond2", "lizards",
                           "riverfolk", "duchy", "corvids", "hundreds", "keepers",
                           "borough_kings", "host_of_light", "spinners", "wyrm")
BOT_VP_PER_ITEM: Final = 1  # 1.1.2

text_form("bot_hit", "remove a building or token (bot's rule, Rootbotics 1.2.1)")


class BotDef(FactionDef):
    """Base of the four bots: no hand, no dominance, no ambushes against it."""

    is_bot = True
    has_hand = False
    traits: ClassVar[tuple[str, ...]] = ()  # the bot's four trait cards (3.3.2)

    def can_activate_dominance(self, g: Game, s: int) -> bool:
        return False  # 1.3

    def can_be_ambushed(self, g: Game, s: int) -> bool:
        return False  # 2.8.2 Hates Surprises

    def hit_choices(self, g: Game, s: int, b: Battle | None, c: int) -> list[Any] | None:
        """1.2.1: warriors first (as usual), then all tokens, then buildings at random."""
        if g.warriors[s][c] or not g.faction_pieces(s, c):
            return None
        return [("bot_hit",)]

    def take_hit(self, g: Game, s: int, b: Battle | None, c: int, choice: Any) -> str | None:
        tokens = sorted({p[1] for p in g.tokens[c] if p[0] == s})
        kinds = tokens or sorted({p[1] for p in g.buildings[c] if p[0] == s})
        kind = kinds[g.random_index("bot_hit", len(kinds))] if len(kinds) > 1 else kinds[0]
        g.take_piece(c, (s, kind))
        return kind


# ------------------------------------------------------------------ helpers
def difficulty(g: Game, s: int) -> str:
    return str(g.setup.get("bot_difficulty", {}).get(g.factions[s], "default"))


def has_trait(g: Game, s: int, trait: str) -> bool:
    traits: dict[str, Any] | None = g.setup.get("bot_traits")
    if not traits:  # most games: no {} built to look in
        return False
    return trait in traits.get(g.factions[s], ())


def priority_rank(g: Game, s: int) -> int:
    """2.2: lower is higher priority."""
    base = g.fdefs[s].replaces or g.factions[s]
    return FACTION_PRIORITY.index(base) if base in FACTION_PRIORITY else len(FACTION_PRIORITY)


def by_priority(clearings: Iterable[int]) -> list[int]:
    """2.1: clearing 1 is the highest priority (the map data numbers clearings so)."""
    return sorted(clearings)


def targets(g: Game, s: int) -> list[int]:
    """Players a bot may target: its enemies, not other bots in cooperative play."""
    foes = g.enemies(s)
    if g.setup.get("cooperative"):
        foes = [o for o in foes if not g.fdefs[o].is_bot]
    return foes


def pieces_of(g: Game, o: int, c: int) -> int:
    """o's faction pieces in c: warriors, a pawn, buildings and tokens (the bots' "most
    enemy pieces" targeting, 2.3)."""
    n = g.warriors[o][c] + (1 if g.pawn[o] == c else 0)
    for p in g.buildings[c]:
        if p[0] == o:
            n += 1
    for p in g.tokens[c]:
        if p[0] == o:
            n += 1
    return n


def foes_pieces(g: Game, foes: list[int], c: int) -> int:
    """The pieces of the targeted players ``foes`` in c (``targets``, worked out once by
    the caller)."""
    n = 0
    for o in foes:
        n += pieces_of(g, o, c)
    return n


def enemy_pieces(g: Game, s: int, c: int) -> int:
    """The pieces in c of the players the bot targets (cooperative play: humans only)."""
    return foes_pieces(g, targets(g, s), c)


def battle_legal(g: Game, s: int, o: Any, c: int) -> bool:
    """2.3: the bot may battle o in c: o has a piece there, and no hireling's ability
    forbids it (the Stoic Protector guarding its controller's pieces, Appendix E)."""
    return g.has_any_piece(o, c) and (g.hire is None or battle_allowed(g, s, o, c))


def best(candidates: Iterable[Any], *keys: Any) -> list[Any]:
    """The candidates tied for best by each key in turn (tie-breakers, e.g. 4.5.1.1):
    each key maps a candidate to a value where larger is better."""
    pool = list(candidates)
    for key in keys:
        if len(pool) <= 1:
            break
        top = max(key(x) for x in pool)
        pool = [x for x in pool if key(x) == top]
    return pool


def ordered(g: Game, suit: str, c: int) -> bool:
    """2.7: a clearing matching the order card's suit (a bird order matches any)."""
    return suit == "bird" or g.suit_match(c, suit)


def craft_order(g: Game, s: int, card: str) -> None:
    """Craft the order card's item if it is in the supply (1.1: no crafting pieces,
    one VP per item, never persistent effects); or from the Legendary Forge's card when
    only it holds the item and the bot has a piece in its clearing (Appendix F: one point
    more, no card: rulings.md)."""
    item = g.card(card).item
    if item is None:
        return
    forge = (not g.supply.get(item) and g.landmarks is not None
             and item in forge_items_for(g, s))
    if g.supply.get(item) or forge:
        if forge:
            take_forge_item(g, s, item)
        else:
            g.supply[item] = g.supply[item] - 1
        g.fdefs[s].gain_crafted_item(g, s, item)
        g.note("craft", g.factions[s], card)
        g.score(s, BOT_VP_PER_ITEM, "craft")
        if forge:
            forge_bonus(g, s)  # a bot draws nothing (2.8.1): the point alone
        if g.deckdef.ep:
            item_crafted(g, s, g.card(card))  # others' Murine Broker (E&P)


def order_of(g: Game, s: int) -> str | None:
    """The bot's current order card (every bot's state has ``order``)."""
    order: str | None = getattr(g.fstate[s], "order", None)
    return order


class CraftOrder(Handler):
    """Craft the order card's item if it is available (4.4.2, 5.4.2, 6.4.2, 7.4.2; 1.1)."""

    name = "bot.craft_order"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        order = order_of(g, st[1])
        if order:
            craft_order(g, st[1], order)


class DiscardOrder(Handler):
    """Discard the current order card (4.6.2, 6.6.3, 7.6.3; 5.4.3 keeps it in the Decree)."""

    name = "bot.discard_order"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        order = order_of(g, st[1])
        if order:
            g.discard_card(order)
            g.fstate[st[1]].order = None  # type: ignore[attr-defined]


register_steps(CraftOrder(), DiscardOrder())
