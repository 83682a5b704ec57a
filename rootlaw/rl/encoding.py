"""Stable encodings of options (actions) and views (observations) for one configuration.

Actions (``ActionEncoding``): every option ``(verb, arg1, arg2, ...)`` of every decision
maps to one integer of a single ``Discrete(size)`` space, the same for every game of a
configuration (factions, map, deck, bot options): not an index into today's list.

- Each verb gets a block of integers; the blocks are in the verbs' alphabetical order.
- A verb's block is the product of its argument positions' domains (mixed radix, the
  first argument most significant). A domain is built from the configuration:
  ``int`` (0 .. max(clearings, warriors of any faction, largest seen) inclusive), ``card``
  (every card of the deck), ``faction`` (the game's factions), ``suit`` (the deck's suits)
  and families of literal values (strings seen together at some position, e.g. the
  items), plus ``None`` where the verb's options have fewer arguments.
- Which domains each position draws from is found by playing ``EXPLORE_GAMES`` seeded
  random games of the configuration (deterministic: the same table in every process);
  a position that showed one card can hold any card, one faction any faction, one
  integer any integer of the range.
- An option outside the table (a verb or literal no exploration game showed) falls into
  a last block of ``FALLBACK`` hashed slots (crc32 of its text); ``stats()`` counts them.
  If two legal options share a slot, the first listed is the one the slot stands for.

Observations (``ObservationEncoding``): a fixed-length float vector of the seat's view
(``game.view(seat)``): per clearing its suit, slots, ruin items, and per faction its
warriors, pawn, rule and each kind of building and token; per faction its score, hand
size, dominance, items, persistent cards, supply and whose turn; the seat's own hand,
the discard pile and the available dominance cards as card counts; the decision's kind;
the turn and the deck size. See docs/rl.md.
"""
from __future__ import annotations

import json
import random
import zlib
from functools import cache
from typing import Any

import numpy as np

import rootlaw
from rootlaw.core.faction_api import FACTIONS
from rootlaw.core.game import Game
from rootlaw.core.options import Option

EXPLORE_GAMES = 40
FALLBACK = 256
INT = "int"
CARD = "card"
FACTION = "faction"
SUIT = "suit"

# verbs of a faction whose options random games may rarely show (warriors running short),
# declared so that every configuration with the faction encodes them without the
# fallback: verb -> per argument position, a domain kind (INT, CARD, FACTION, SUIT) or
# the tuple of its literal values
DECLARED: dict[str, dict[str, tuple[str | tuple[str, ...], ...]]] = {
    "corvids": {
        "cv_scatter": (INT,), "flip": (INT,), "cv_recruit": (CARD, SUIT),
        "cv_recruit_in": (INT,), "cv_plot": (INT, ("bomb", "snare", "extortion", "raid")),
        "trick": (INT, INT), "no_exert": (), "raid_in": (INT,),
        "expose": (INT, ("bomb", "snare", "extortion", "raid")), "show_card": (CARD,),
        "go_on": (),
    },
    "hundreds": {
        "lh_corner": (INT,), "raze": (INT,),
        "ruin_item": (INT, ("bag", "boots", "hammer", "sword")),
        "mob_spread": (INT,), "anoint": (INT,),
        "mood": (("stubborn", "relentless", "bitter", "grandiose", "jubilant", "rowdy",
                  "wrathful", "lavish"),),
        "lavish": (("boots", "coins", "bag", "hammer", "tea", "sword", "crossbow"),),
        "hoard_drop": (("boots", "coins", "bag", "hammer", "tea", "sword", "crossbow"),),
        "contempt_take": (("boots", "coins", "bag", "hammer", "tea", "sword", "crossbow"),),
        "contempt_score": (("boots", "coins", "bag", "hammer", "tea", "sword", "crossbow"), INT),
        "lh_build": (INT, CARD), "lh_recruit_in": (INT,), "loot": (FACTION,), "no_loot": (),
        "loot_item": (("boots", "coins", "bag", "hammer", "tea", "sword", "crossbow"),),
        "bitter": (INT,), "incite": (INT, CARD), "jubilant": (), "lh_next": (),
        "warriors_lead": (INT,), "lh_hit": (("warrior", "warlord"),),
    },
    "keepers": {  # 15: relic kinds and waystation sides are literals
        "kk_corner": (INT,), "kk_edge": (INT,), "kk_encamp": (INT, (
            "ws_tablet_jewelry", "ws_jewelry_tablet", "ws_jewelry_figure",
            "ws_figure_jewelry", "ws_figure_tablet", "ws_tablet_figure")),
        "kk_encamp_edge": (INT, (
            "ws_tablet_jewelry", "ws_jewelry_tablet", "ws_jewelry_figure",
            "ws_figure_jewelry", "ws_figure_tablet", "ws_tablet_figure")),
        "kk_decamp": (INT, (
            "ws_tablet_jewelry", "ws_jewelry_tablet", "ws_jewelry_figure",
            "ws_figure_jewelry", "ws_figure_tablet", "ws_tablet_figure")),
        "kk_recruit": (CARD, INT), "kk_next": (), "kk_no_delve": (), "kk_end_recover": (),
        "kk_carry_done": (), "kk_trophy": (INT,), "kk_retinue_done": (),
        "kk_delve": (INT, ("figure", "tablet", "jewelry", "figure1", "figure2", "figure3",
                           "tablet1", "tablet2", "tablet3", "jewelry1", "jewelry2",
                           "jewelry3")),
        "kk_take": (("figure1", "figure2", "figure3", "tablet1", "tablet2", "tablet3",
                     "jewelry1", "jewelry2", "jewelry3"),),
        "kk_carry": (("figure1", "figure2", "figure3", "tablet1", "tablet2", "tablet3",
                      "jewelry1", "jewelry2", "jewelry3"),),
    },
    "spinners": {  # Crusader SOM: pieces short, Triage, First Response
        "som_corner": (INT,), "som_recruit_in": (INT,), "som_web_in": (INT,),
        "som_triage": (FACTION,), "som_discharge": (FACTION, INT),
        "som_first_response": (INT,), "som_no_response": (),
        "som_hit": (("warrior", "web", "infirmary_fox", "infirmary_rabbit",
                     "infirmary_mouse"),),
    },
    "wyrm": {  # Crusader VW: the Lair's items, the Growth columns
        "wy_setup": (INT,), "wy_recruit_in": (INT,), "wy_hit": (),
        "wy_item": (("boots", "coins", "bag", "hammer", "tea", "sword", "crossbow",
                     "treasure"),),
        "wy_regrow": (("bite", "might", "height"),),
        "wy_grow": (CARD, ("bite", "might", "height")), "wy_recover": (INT,),
        "wy_deceive": (INT, FACTION, INT), "wy_exploit": (CARD, INT),
    },
}


def config_key(factions: list[str] | tuple[str, ...], map: str = "fall",
               deck: str = "standard", bots: dict[str, Any] | None = None) -> str:
    return json.dumps([sorted(factions), map, deck, bots or {}], sort_keys=True)


@cache
def _explore(key: str) -> tuple[dict[str, list[set[Any]]], list[str], int]:
    """Per verb, per position: the values seen in seeded random games; the decision
    kinds seen; the largest int seen."""
    factions, map, deck, bots = json.loads(key)
    seen: dict[str, list[set[Any]]] = {}
    kinds: set[str] = set()
    top = 0
    for seed in range(EXPLORE_GAMES):
        g = rootlaw.new_game(factions=factions, map=map, deck=deck, seed=seed, **bots)
        rnd = random.Random(seed)
        while not g.is_over and g.turn_no <= 400:
            d = g.decision
            assert d is not None
            kinds.add(d.kind)
            for o in d.options:
                pos = seen.setdefault(o[0], [])
                while len(pos) < len(o) - 1:
                    pos.append(set())
                for i, a in enumerate(o[1:]):
                    pos[i].add(a)
                    if isinstance(a, int):
                        top = max(top, a)
            g.apply(d.options[rnd.randrange(len(d.options))])
    return seen, sorted(kinds), top


def _with_declared(seen: dict[str, list[set[Any]]], factions: list[str] | tuple[str, ...],
                   card: str) -> dict[str, list[set[Any]]]:
    """The explored verbs plus the factions' declared ones (``DECLARED``), each position
    given one example value of its domain (a copy: the exploration is cached)."""
    out = {verb: [set(p) for p in positions] for verb, positions in seen.items()}
    example = {INT: 1, CARD: card, SUIT: "fox"}
    for f in factions:
        for verb, kinds in DECLARED.get(f, {}).items():
            positions = out.setdefault(verb, [])
            while len(positions) < len(kinds):
                positions.append(set())
            for i, kind in enumerate(kinds):
                if isinstance(kind, tuple):
                    positions[i].update(kind)
                elif kind == FACTION:
                    positions[i].add(f)
                else:
                    positions[i].add(example[kind])
    return out


def _families(seen: dict[str, list[set[Any]]], known: set[str]) -> dict[str, set[str]]:
    """Literal strings that share a position somewhere belong to one family (e.g. the
    items): a position holding one member may hold any (union-find)."""
    parent: dict[str, str] = {}

    def find(x: str) -> str:
        while parent.setdefault(x, x) != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for positions in seen.values():
        for values in positions:
            lits = sorted(v for v in values if isinstance(v, str) and v not in known)
            for v in lits[1:]:
                parent[find(v)] = find(lits[0])
    out: dict[str, set[str]] = {}
    for v in list(parent):
        out.setdefault(find(v), set()).add(v)
    return {v: out[find(v)] for v in parent}


def _sort_key(x: Any) -> tuple[int, str]:
    if x is None:
        return (0, "")
    if isinstance(x, int):
        return (1, f"{x:012d}")
    return (2, repr(x))


class ActionEncoding:
    """Options <-> integers for one configuration (see the module's docstring)."""

    def __init__(self, factions: list[str] | tuple[str, ...], map: str = "fall",
                 deck: str = "standard", bots: dict[str, Any] | None = None) -> None:
        self.key = config_key(factions, map, deck, bots)
        explored, kinds, top = _explore(self.key)
        g = rootlaw.new_game(factions=list(factions), map=map, deck=deck, seed=0,
                             **(bots or {}))
        cards = sorted(g.deckdef.cards)
        seen = _with_declared(explored, factions, cards[0])
        game_factions = sorted(g.factions)
        suits = sorted({c.suit for c in g.deckdef.cards.values()})
        ints = max(max(g.all_clearings()), max(FACTIONS[f].warriors for f in factions),
                   top) + 1  # clearing numbers, the Burrow's included (12.2.2)
        self.int_range = ints
        self.kinds = kinds
        self.verbs = sorted(seen)
        families = _families(seen, set(cards) | set(game_factions) | set(suits))
        self.domains: dict[str, list[list[Any]]] = {}
        self.index: dict[str, list[dict[Any, int]]] = {}
        self.offset: dict[str, int] = {}
        self.block: dict[str, int] = {}
        at = 0
        for verb in self.verbs:
            positions = seen[verb]
            doms: list[list[Any]] = []
            for values in positions:
                dom: set[Any] = set()
                for v in values:
                    if isinstance(v, bool) or not isinstance(v, int | str):
                        dom.add(v)
                    elif isinstance(v, int):
                        dom.update(range(ints))
                    elif v in g.deckdef.cards:
                        dom.update(cards)
                    elif v in game_factions:
                        dom.update(game_factions)
                    elif v in suits:
                        dom.update(suits)
                    else:
                        dom.update(families.get(v, (v,)))
                dom.add(None)  # an option of this verb with fewer arguments
                doms.append(sorted(dom, key=_sort_key))
            self.domains[verb] = doms
            self.index[verb] = [{v: i for i, v in enumerate(d)} for d in doms]
            size = 1
            for d in doms:
                size *= len(d)
            self.offset[verb] = at
            self.block[verb] = size
            at += size
        self.fallback_at = at
        self.size = at + FALLBACK
        self.fallbacks = 0  # options encoded through the fallback slots so far

    def encode(self, option: Option) -> int:
        verb = option[0]
        idx = self.index.get(verb)
        if idx is not None and len(option) - 1 <= len(idx):
            code = 0
            ok = True
            for i, table in enumerate(idx):
                v = option[i + 1] if i + 1 < len(option) else None
                j = table.get(v)
                if j is None:
                    ok = False
                    break
                code = code * len(table) + j
            if ok:
                return self.offset[verb] + code
        self.fallbacks += 1
        return self.fallback_at + zlib.crc32(repr(tuple(option)).encode()) % FALLBACK

    def decode(self, code: int) -> Option | None:
        """The option an integer stands for (None for a fallback slot: ask ``legal``)."""
        if not 0 <= code < self.fallback_at:
            return None
        for verb in self.verbs:
            start = self.offset[verb]
            if start <= code < start + self.block[verb]:
                rest = code - start
                args: list[Any] = []
                for dom in reversed(self.domains[verb]):
                    args.append(dom[rest % len(dom)])
                    rest //= len(dom)
                args.reverse()
                while args and args[-1] is None:
                    args.pop()
                return (verb, *args)
        return None

    def legal(self, options: list[Option]) -> dict[int, Option]:
        """Integer -> option for a decision's options (the first listed wins a slot)."""
        out: dict[int, Option] = {}
        for o in options:
            out.setdefault(self.encode(o), o)
        return out

    def mask(self, options: list[Option]) -> np.ndarray:
        m = np.zeros(self.size, dtype=np.int8)
        for code in self.legal(options):
            m[code] = 1
        return m

    def stats(self) -> dict[str, Any]:
        return {"size": self.size, "verbs": len(self.verbs), "fallback_slots": FALLBACK,
                "fallback_uses": self.fallbacks, "int_range": self.int_range,
                "blocks": {v: [self.offset[v], self.block[v]] for v in self.verbs}}


class ObservationEncoding:
    """A seat's view -> a fixed-length float32 vector (see the module's docstring)."""

    HIGH = 100.0

    def __init__(self, game: Game, kinds: list[str]) -> None:
        self.factions = list(game.factions)
        self.clearings = list(game.all_clearings())  # the Burrow last, if any (12.2.2)
        self.cards = sorted(game.deckdef.cards)
        self.card_index = {c: i for i, c in enumerate(self.cards)}
        self.suits = sorted({game.suits[c] for c in self.clearings})
        self.kinds = list(kinds)
        pieces: list[tuple[str, str]] = [("ruin", "ruin")]
        for f in self.factions:
            fd = FACTIONS[f]
            for kind in list(fd.buildings) + list(fd.tokens):
                pieces.append((f, kind))
        self.pieces = pieces
        self.piece_index = {p: i for i, p in enumerate(pieces)}
        nf = len(self.factions)
        self.per_clearing = len(self.suits) + 2 + 3 * nf + len(pieces)
        self.per_faction = 8
        self.size = (len(self.clearings) * self.per_clearing + nf * self.per_faction
                     + 3 * len(self.cards) + len(self.kinds) + 1 + 2)

    def encode(self, view: dict[str, Any]) -> np.ndarray:
        x = np.zeros(self.size, dtype=np.float32)
        fi = {f: i for i, f in enumerate(self.factions)}
        nf = len(self.factions)
        at = 0
        rows = view["clearings"]
        burrow = view.get("burrow")
        if burrow:  # 12.2.2: a row like a clearing's, unsuited, without slots or pieces
            rows = rows + [{"suit": "", "slots": 0, "ruin_items": 0, "pawns": [],
                            "warriors": burrow["warriors"], "ruler": burrow["ruler"],
                            "buildings": [], "tokens": []}]
        for c in rows:
            base = at
            if c["suit"] in self.suits:
                x[base + self.suits.index(c["suit"])] = 1
            base += len(self.suits)
            x[base] = c["slots"]
            x[base + 1] = c["ruin_items"]
            base += 2
            for f, n in c["warriors"].items():
                x[base + fi[f]] = n
            for f in c.get("pawns", []):
                x[base + nf + fi[f]] = 1
            if c["ruler"] in fi:
                x[base + 2 * nf + fi[c["ruler"]]] = 1
            base += 3 * nf
            for owner, kind in list(c["buildings"]) + list(c["tokens"]):
                j = self.piece_index.get((owner, kind))
                if j is not None:
                    x[base + j] += 1
            at += self.per_clearing
        for f in self.factions:
            p = view["players"][f]
            x[at] = p["score"]
            x[at + 1] = p["hand_size"]
            x[at + 2] = 1 if p["dominance"] else 0
            x[at + 3] = len(p["items"])
            x[at + 4] = len(p["play_area"])
            x[at + 5] = max(0, p["warriors_in_supply"])
            x[at + 6] = 1 if view["you"] == f else 0
            x[at + 7] = 1 if view["turn_player"] == f else 0
            at += self.per_faction
        you = view["you"]
        hand = view["players"][you].get("hand", []) if you else []
        for cid in hand:
            x[at + self.card_index[cid]] += 1
        at += len(self.cards)
        for cid in view["discard"]:
            x[at + self.card_index[cid]] += 1
        at += len(self.cards)
        for cid in view["available_dominance"]:
            x[at + self.card_index[cid]] += 1
        at += len(self.cards)
        d = view.get("decision")
        kind = d["kind"] if d else None
        if kind in self.kinds:
            x[at + self.kinds.index(kind)] = 1
        elif kind is not None:
            x[at + len(self.kinds)] = 1
        at += len(self.kinds) + 1
        x[at] = view["turn"]
        x[at + 1] = view["deck_size"]
        np.clip(x, 0.0, self.HIGH, out=x)
        return x
