"""The prototype rule set's shared rules: Root's print-and-play edition (seeds/001).

A rule set of its own (DESIGN.md, "Rule sets"), kept apart from the Law's modules: it
plays on the core's loop, steps, RNG, log, copy, saves and views, with factions of its
own under the Law's ids. The text is unnumbered; ``P5.7.2`` cites the rules
reference's anchor for it (``/rules/prototype#5.7.2``), with the heading where it has
one. Facts the text leaves out are reconstructions, marked so in
``rootlaw/data/prototype/*.json`` and docs/rulings.md (Prototype).
"""
from __future__ import annotations

from typing import Any, Final

from rootlaw.core.catalog import load_json
from rootlaw.core.faction_api import RULESETS, FactionDef, RuleSet
from rootlaw.core.game import FOREST, Game

RULES: Final = "prototype"
DATA: Final[dict[str, Any]] = load_json("prototype/rules.json")
WIN: Final = 40  # P6.1.1 Victory
KEEP: Final[int] = int(DATA["map"]["keep"])  # P5.2.2 (its place on the Fall map: rulings.md)
HOMELAND: Final[int] = int(DATA["map"]["homeland"])  # P2.7.2
ALL: Final = "all"  # the Keep's nation in ``Game.suits``: all nations (P5.2.2)
NATIONS: Final[tuple[str, ...]] = ("fox", "rabbit", "mouse")  # P5.2.2, P9.3.1
ORDER: Final = ("marquise", "eyrie", "alliance", "vagabond")  # P6.3.1 Order of Play
BOARD_COINS: Final[int] = int(DATA["board_coins"]["value"])  # reconstructed (rulings.md)

# P6.1.1: the first to 40 wins; the game begins with its own setup (P2)
RULESET: Final = RuleSet(RULES, {}, "proto.setup", WIN)
RULESETS[RULES] = RULESET


def matches(g: Game, c: int, nation: str) -> bool:
    """P5.2.2: clearing c is of ``nation`` (the Keep is aligned with all nations)."""
    cs = g.suits[c]
    return cs == nation or cs == ALL


def card_fits(g: Game, cid: str, c: int) -> bool:
    """A card matches clearing c: its suit is the clearing's nation, or it is a bird
    (P5.3.6 Birds Are Wild)."""
    suit = g.deckdef.cards[cid].suit
    return suit == "bird" or matches(g, c, suit)


def cards_for_clearing(g: Game, s: int, c: int) -> list[str]:
    """Distinct cards in s's hand that match clearing c (P5.3.6)."""
    out: list[str] = []
    for cid in g.hands[s]:
        if cid not in out and card_fits(g, cid, c):
            out.append(cid)
    return out


def spendable_as(g: Game, s: int, suit: str) -> list[str]:
    """Distinct cards s may spend as ``suit`` (P5.3.6: a bird as any suit, but a bird
    prompt takes only birds)."""
    if suit == "bird":
        out: list[str] = []
        for cid in g.hands[s]:
            if cid not in out and g.deckdef.cards[cid].suit == "bird":
                out.append(cid)
        return out
    return g.cards_matching(s, suit)


def pawn_clearing(g: Game, s: int) -> int:
    """The clearing of s's pawn; 0 if none or in a forest."""
    p = g.pawn[s]
    return p if 0 < p < FOREST else 0


def has_pieces(g: Game, o: int, c: int) -> bool:
    """o has any piece in clearing c (P4.5: warriors, buildings, wood, the pawn)."""
    return g.has_any_piece(o, c)


def clearings_of(g: Game, s: int) -> list[int]:
    """The clearings holding any of s's pieces."""
    out: list[int] = []
    for c in g.clearings():
        if g.has_any_piece(s, c):
            out.append(c)
    return out


def local_players(g: Game, s: int) -> list[int]:
    """P4.4.2 Local: players with pieces in a clearing with any of s's pieces."""
    mine = clearings_of(g, s)
    out: list[int] = []
    for o in range(len(g.factions)):
        if o == s:
            continue
        for c in mine:
            if g.has_any_piece(o, c):
                out.append(o)
                break
    return out


def seat_of(g: Game, faction: str) -> int:
    """The seat of ``faction``, or -1 if it does not play."""
    return g.factions.index(faction) if faction in g.factions else -1


def turn_has(g: Game, mark: str) -> bool:
    return mark in g.once


def mark_turn(g: Game, mark: str) -> None:
    """Remember something for the rest of the turn (``Game.once``, reset each turn)."""
    g.once = g.once | {mark}


class ProtoFaction(FactionDef):
    """What every prototype faction adds to the core's hooks: its hand limit, its card
    draw on the Marquise's turn (P7.10.1), its crafting pieces (P5.4.3-P5.4.9)."""

    hand_limit: int = 5

    def coins(self, g: Game, s: int) -> int:
        """P7.10.1: the cards s draws in the Marquise's Evening: the faction board's coin
        (reconstructed, rulings.md) and the coins in its play area (P5.4.12)."""
        return BOARD_COINS + g.items[s].count("coins")

    def limit(self, g: Game, s: int) -> int:
        """s's hand limit now (P7.10.2, P8.11.2, P9.15.2, P10.19.1)."""
        return self.hand_limit

    def craft_pieces(self, g: Game, s: int) -> tuple[int, int, int, int]:
        """P5.4.3: s's crafting pieces by nation (fox, rabbit, mouse) and those of all
        nations (in the Keep, P5.2.2), before any is exhausted this turn."""
        fox = rabbit = mouse = wild = 0
        suits = g.suits
        for kind in self.crafts_with:
            for c in g.piece_clearings(s, kind):
                n = suits[c]
                if n == "fox":
                    fox += 1
                elif n == "rabbit":
                    rabbit += 1
                elif n == "mouse":
                    mouse += 1
                elif n == ALL:
                    wild += 1
        return (fox, rabbit, mouse, wild)

    def exhaust_craft_pieces(self, g: Game, s: int, paid: tuple[int, int, int, int]) -> None:
        """P5.4.4: exhaust crafting pieces (each once per turn: ``Game.craft_used``)."""
        used = g.craft_used
        for i in range(4):
            used[i] = used[i] + paid[i]

    def free_craft_pieces(self, g: Game, s: int) -> tuple[int, int, int, int]:
        have = self.craft_pieces(g, s)
        used = g.craft_used
        return (have[0] - used[0], have[1] - used[1], have[2] - used[2], have[3] - used[3])

    def craft_vp(self, g: Game, s: int, vp: int) -> int:
        """The points a crafted improvement's listed VP scores s (P5.4.13 Cottage
        Industry: "the victory points listed on improvements they craft")."""
        return vp

    def improvement_vp(self, g: Game, s: int, vp: int) -> int:
        """The points s scores when an improvement scores it vp, crafting's or an
        improvement's own text (P8.14.2 Builder)."""
        return vp

    def can_activate(self, g: Game, s: int, card: str) -> bool:
        """P6.2.10: who may activate a special victory card."""
        return True

    def ignores_hit(self, g: Game, s: int, c: int, defending: bool, single: bool) -> bool:
        """Whether s may ignore one hit it takes in a battle in c (P5.11.2 the Keep,
        P5.12.2 Hidden); ``single``: s defends with a single warrior."""
        return False

    def removal_bonus(self, g: Game, s: int) -> int:
        """Points s scores besides the usual one for removing another's building by a
        hit (P8.17.2 Despot)."""
        return 0

    def attack_bonus(self, g: Game, s: int) -> int:
        """Hits s adds as the attacker in battle (P8.16.2 Commander)."""
        return 0

    def on_recruit(self, g: Game, s: int, by: int) -> None:
        """Player ``by`` took the Recruit action (P9.16.2: the Alliance's Outrage)."""

    def aid_steps(self, g: Game, s: int, c: int) -> list[Any]:
        """The steps by which s takes the Vagabond's Aid in clearing c (P10.17.1: the
        Alliance places a supporter); none for a faction Aid does not concern."""
        return []

    def beaver_builds(self, g: Game, s: int, c: int) -> list[tuple[str, str]]:
        """P10.2.2: the buildings of s (kind, nation or "") the Crafting Beaver may build
        in c, which s rules, following s's rules for building."""
        return []

    def beaver_build(self, g: Game, s: int, c: int, kind: str, nation: str) -> None:
        """Build s's building ``kind`` in c for the Crafting Beaver (P10.2.2)."""
        raise ValueError(f"{self.id} has no building {kind!r} to build")

    # the Vagabond's items (P10.2); other factions have none of their own
    def allies(self, g: Game, s: int) -> list[int]:
        """P10.7.1: the seats that are s's Allies."""
        return []

    def swords(self, g: Game, s: int) -> int:
        """Available swords (P5.13.1)."""
        return 0

    def has_available(self, g: Game, s: int, item: str) -> bool:
        return False

    def exhaust(self, g: Game, s: int, item: str) -> None:
        raise ValueError(f"{self.id} has no items to exhaust")

    def may_retreat(self, g: Game, s: int) -> bool:
        """Whether s's rules let it retreat from a battle at all (P5.5.6)."""
        return True

    def items_for_retreat(self, g: Game, s: int) -> int:
        """P5.7.5: the Vagabond's available and exhausted items."""
        return 0


def pfd(g: Game, s: int) -> ProtoFaction:
    """s's faction under the prototype's rules (every seated faction is one)."""
    fd = g.fdefs[s]
    assert isinstance(fd, ProtoFaction)
    return fd
