"""The game: ``Game``, the one object users hold, and how one is made and saved.

A Game is plain data (lists of small ints, strings and tuples) plus a stack of
steps. ``apply`` checks the option against the current decision, applies it, then
runs automatic steps until the next real choice (DESIGN.md: forced steps resolve
themselves). Nothing here is global: the RNG state is an int in the game. The
class is built in layers (docs/architecture.md): state, seats, chance, clearings,
pieces, scoring, engine; this module adds setup, saving and loading.
"""
from __future__ import annotations

import json
from typing import Any

from rootlaw.core import rng as _rng
from rootlaw.core.advanced import Advanced
from rootlaw.core.battle import Battle
from rootlaw.core.cardstate import CardState
from rootlaw.core.catalog import (
    board,
    deck,
)
from rootlaw.core.engine import Engine
from rootlaw.core.errors import LoadError
from rootlaw.core.faction_api import (
    RULESETS,
    faction_def,
    is_seat_name,
    ruleset,
)
from rootlaw.core.hire import check_hirelings
from rootlaw.core.hired import Hire
from rootlaw.core.landmarks import Landmarks
from rootlaw.core.seats import sharer_seat
from rootlaw.core.state import EVENING_DRAWN, FOREST, HAND_LIMIT, NO_HOOKS, RUIN, WIN_SCORE, LogCell
from rootlaw.core.steps import STEPS
from rootlaw.core.view import view as seat_view

# the constants other packages have always read from here (their home is core/state.py)
__all__ = ["EVENING_DRAWN", "FOREST", "HAND_LIMIT", "RUIN", "WIN_SCORE", "Game"]


class Game(Engine):
    """One game of Root. See DESIGN.md for the contract."""

    __slots__ = ()

    # ------------------------------------------------------------------ build
    @classmethod
    def new(cls, factions: list[str], map: str = "fall", deck_name: str = "standard",
            seed: int = 0, forced: list[list[Any]] | None = None,
            options: dict[str, Any] | None = None, advance: bool = True) -> Game:
        g = Game()
        g.board = board(map, _has_burrow(factions))
        g.deckdef = deck(deck_name)
        g.setup = {"factions": list(factions), "map": map, "deck": deck_name, "seed": seed,
                   **(options or {})}
        g.rng = _rng.seed_state(seed)
        g.forced = [list(x) for x in (forced or [])]
        g._log = None
        g.factions = tuple(factions)
        rules = g.ruleset = ruleset(g.setup.get("rules"))
        g.fdefs = tuple(rules.faction(f) for f in factions)  # seat1...: not drafted (A.8.2)
        n = len(factions)
        nc = len(g.board.slots)  # the map's clearings and the Burrow (12.2.2), from 1
        g.suits = g.board.default_suits
        g.warriors = [[0] * nc for _ in range(n)]
        g.buildings = [()] * nc
        g.tokens = [()] * nc
        g.forest_tokens = [()] * len(g.board.forests)
        g.hands = [[] for _ in range(n)]
        g.vp = [0] * n
        g.dominance = [None] * n
        g.items = [[] for _ in range(n)]
        g.played = [[] for _ in range(n)]
        g.fstate = [fd.new_state() for fd in g.fdefs]
        g.deck = list(g.deckdef.contents)
        g.discard = []
        g.available = []
        g.supply = {}
        g.turn_seat = 0
        g.turn_no = 0
        g.phase = "setup"
        g.craft_used = [0, 0, 0]
        g.once = frozenset()
        g.battle = None
        advanced = g.setup.get("setup") == "advanced"
        # Appendix A or 5.1 (or a variant rule set's own setup)
        g.stack = [("adv.setup", 0) if advanced else (rules.first_step, 0)]
        g.adv = None
        g._sharer_of = ()
        g._sharer = -1
        g.shares = sharer_seat(g.fdefs) >= 0
        g.landmarks = None
        g.hire = None
        g.won = ()
        g.win_reason = ""
        g.peeks = {}
        g.version = 0
        g.pawn = [0] * n
        g.coalition = [-1] * n
        g.quests = []
        g.quest_deck = []
        g.ruin_items = [()] * nc
        g.removed_items = []
        g._options = None
        g._pending = ()
        g._pending_h = None
        g._hooks = NO_HOOKS
        g._rtable = ()
        g._rclosed = None
        g._rulers = None
        g._where = []
        g._owners = [()] * nc
        g.adj = g.board.adj
        g.closed = g.board.closed_at_setup  # C.3.1
        g.ferry = g.board.ferry_start  # C.2.1
        g.cards = CardState((0,) * n)
        g.token_rule = ()
        if advance:  # False: a viewer runs the automatic steps one by one (run_step)
            g._advance()
        return g

    # ------------------------------------------------------------------ copy
    def copy(self) -> Game:
        g = Game()
        g.board = self.board
        g.deckdef = self.deckdef
        g.ruleset = self.ruleset
        g.factions = self.factions
        g.fdefs = self.fdefs
        g.suits = self.suits
        g.warriors = [w[:] for w in self.warriors]
        g.buildings = self.buildings[:]
        g.tokens = self.tokens[:]
        g.forest_tokens = self.forest_tokens[:]
        g.hands = [h[:] for h in self.hands]
        g.vp = self.vp[:]
        g.dominance = self.dominance[:]
        g.items = [x[:] for x in self.items]
        g.played = [x[:] for x in self.played]
        g.fstate = [f.copy() for f in self.fstate]
        g.deck = self.deck[:]
        g.discard = self.discard[:]
        g.available = self.available[:]
        g.supply = self.supply.copy()
        g.turn_seat = self.turn_seat
        g.turn_no = self.turn_no
        g.phase = self.phase
        g.craft_used = self.craft_used[:]
        g.once = self.once
        g.battle = self.battle.copy() if self.battle is not None else None
        g.rng = self.rng
        g.forced = self.forced[:]
        g.stack = self.stack[:]
        g._log = self._log
        g.won = self.won
        g.win_reason = self.win_reason
        g.peeks = {k: dict(v) for k, v in self.peeks.items()} if self.peeks else {}
        g.version = self.version
        g.setup = self.setup
        g.pawn = self.pawn[:]
        g.coalition = self.coalition[:]
        g.quests = self.quests[:]
        g.quest_deck = self.quest_deck[:]
        g.ruin_items = self.ruin_items[:]
        g.removed_items = self.removed_items[:]
        g._rulers = self._rulers
        g._where = self._where
        g._owners = self._owners[:]
        g.adj = self.adj
        g.closed = self.closed
        g.ferry = self.ferry
        g.cards = self.cards  # never changed in place
        g.token_rule = self.token_rule
        g.adv = self.adv  # never changed in place
        g._sharer = self._sharer
        g._sharer_of = self._sharer_of
        g.shares = self.shares
        g.landmarks = self.landmarks  # never changed in place
        g.hire = self.hire.copy() if self.hire is not None else None
        g._options = self._options  # shared: never changed in place
        g._pending = self._pending
        g._pending_h = self._pending_h
        g._hooks = self._hooks
        g._rtable = self._rtable
        g._rclosed = self._rclosed
        return g

    # ---------------------------------------------------------- persistence
    def to_dict(self) -> dict[str, Any]:
        return {
            "format": "rootlaw-game-1",
            "setup": self.setup,
            "factions": list(self.factions),
            "suits": list(self.suits),
            "warriors": self.warriors,
            "buildings": [[list(p) for p in ps] for ps in self.buildings],
            "tokens": [[list(p) for p in ps] for ps in self.tokens],
            "hands": self.hands,
            "scores": self.vp,
            "dominance": self.dominance,
            "items": self.items,
            "played": self.played,
            "fstate": [f.to_json() for f in self.fstate],
            "deck": self.deck,
            "discard": self.discard,
            "available": self.available,
            "supply": self.supply,
            "turn_seat": self.turn_seat,
            "turn_no": self.turn_no,
            "phase": self.phase,
            "craft_used": self.craft_used,
            "once": sorted(self.once),
            "battle": self.battle.to_json() if self.battle is not None else None,
            "rng": str(_rng.unsigned(self.rng)),
            "forced": self.forced,
            "stack": list(self.stack),  # tuples: json writes them as arrays
            "log": self.log,
            "winners": list(self.won),
            "win_reason": self.win_reason,
            "peeks": {str(k): {str(t): h for t, h in v.items()} for k, v in self.peeks.items()},
            "version": self.version,
            "pawn": self.pawn,
            "coalition": self.coalition,
            "quests": self.quests,
            "quest_deck": self.quest_deck,
            "ruin_items": [list(x) for x in self.ruin_items],
            "removed_items": self.removed_items,
            "closed": [list(p) for p in self.closed],
            "ferry": self.ferry,
            "cards": self.cards.to_json(),
            "token_rule": list(self.token_rule),
            "forest_tokens": [[list(p) for p in ps] for ps in self.forest_tokens],
            "advanced": self.adv.to_json() if self.adv is not None else None,
            "hirelings": self.hire.to_json() if self.hire is not None else None,
            "landmarks": self.landmarks.to_json() if self.landmarks is not None else None,
        }

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str, rules: str | None = None) -> Game:
        """A saved game (``to_json``). With ``rules``, a save of another rule set is
        refused (LoadError): a prototype save never loads as a game of the Law, nor the
        reverse; without, the save's own rule set plays it."""
        try:
            data = json.loads(text)
        except (TypeError, ValueError) as e:
            raise LoadError(f"not a saved game: {e}") from None
        if not isinstance(data, dict) or data.get("format") != "rootlaw-game-1":
            raise LoadError("not a saved game: missing format 'rootlaw-game-1'")
        setup = data.get("setup")
        saved = (setup.get("rules") if isinstance(setup, dict) else None) or "law"
        if rules is not None and saved != rules:
            raise LoadError(f"this is a saved game of the {saved} rules, not of the {rules} "
                            f"rules: load it with rules={saved!r} (--rules {saved})")
        try:
            return cls._from_dict(data)
        except LoadError:
            raise
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as e:
            raise LoadError(f"malformed saved game: {type(e).__name__}: {e}") from None

    def check_loadable(self) -> None:
        """Raise LoadError if ``from_json`` would refuse a save of this position (A.6.5,
        1.5.1 and the other load checks); nothing of self changes."""
        type(self)._from_dict(json.loads(self.to_json()), advance=False)

    @classmethod
    def _from_dict(cls, d: dict[str, Any], advance: bool = True) -> Game:

        g = Game()
        setup = d["setup"]
        g.setup = setup
        rid = setup.get("rules")
        if rid is not None and rid not in RULESETS:
            raise LoadError(f"unknown rule set {rid!r} in saved game")
        rules = g.ruleset = ruleset(rid)
        for f in d["factions"]:
            if f not in rules.factions and not (rules is RULESETS["law"] and is_seat_name(f)):
                raise LoadError(f"unknown faction {f!r} in saved game")
        g.board = board(setup["map"], _has_burrow(d["factions"]))
        g.deckdef = deck(setup["deck"])
        g.factions = tuple(d["factions"])
        g.fdefs = tuple(rules.faction(f) for f in g.factions)
        n = len(g.factions)
        nc = len(g.board.slots)
        hired = d.get("hirelings")
        g.hire = None
        if hired is not None:  # Appendix E: the hirelings own the rows after the seats
            try:
                g.hire = Hire.from_json(hired, n)
            except (KeyError, ValueError) as problem:
                raise LoadError(f"hirelings: {problem}") from None
        owners = n + (len(g.hire.ids) if g.hire is not None else 0)
        g.suits = tuple(d["suits"])
        g.warriors = [[int(x) for x in w] for w in d["warriors"]]
        g.buildings = [tuple((int(p[0]), str(p[1])) for p in ps) for ps in d["buildings"]]
        g.tokens = [tuple((int(p[0]), str(p[1])) for p in ps) for ps in d["tokens"]]
        if (len(g.warriors) != owners or any(len(w) != nc for w in g.warriors)
                or len(g.buildings) != nc or len(g.suits) != nc):
            raise LoadError("piece arrays do not match the factions and the map")
        g.hands = [list(h) for h in d["hands"]]
        g.vp = [int(x) for x in d["scores"]]
        g.dominance = list(d["dominance"])
        g.items = [list(x) for x in d["items"]]
        g.played = [list(x) for x in d["played"]]
        g.fstate = [fd.state_from_json(fs) for fd, fs in zip(g.fdefs, d["fstate"], strict=True)]
        g.deck = list(d["deck"])
        g.discard = list(d["discard"])
        g.available = list(d["available"])
        for pile in (g.deck, g.discard, g.available, *g.hands, *g.played):
            for cid in pile:
                if cid not in g.deckdef.cards:
                    raise LoadError(f"unknown card {cid!r} in saved game")
        g.supply = {str(k): int(v) for k, v in d["supply"].items()}
        g.turn_seat = int(d["turn_seat"])
        g.turn_no = int(d["turn_no"])
        g.phase = str(d["phase"])
        g.craft_used = [int(x) for x in d["craft_used"]]
        g.once = frozenset(d["once"])
        g.battle = Battle.from_json(d["battle"]) if d["battle"] is not None else None
        g.rng = _rng.signed(int(d["rng"]))
        g.forced = [list(x) for x in d["forced"]]
        g.stack = [_tupled(st) for st in d["stack"]]
        for st in g.stack:
            if not st or st[0] not in STEPS:
                raise LoadError(f"unknown step {st!r} in saved game")
        cell: LogCell = None
        for e in d["log"]:
            entry = _tupled(e)
            if entry and entry[0] == "d":
                entry = ("d", entry[1], tuple(entry[2]))
            cell = (entry, cell)
        g._log = cell
        g.won = tuple(d["winners"])
        g.win_reason = str(d["win_reason"])
        g.peeks = {int(k): {int(t): list(h) for t, h in v.items()} for k, v in d["peeks"].items()}
        g.version = int(d["version"])
        g.pawn = [int(x) for x in d["pawn"]]
        g.coalition = [int(x) for x in d["coalition"]]
        g.quests = [str(x) for x in d["quests"]]
        g.quest_deck = [str(x) for x in d["quest_deck"]]
        g.ruin_items = [tuple(str(i) for i in x) for x in d["ruin_items"]]
        g.removed_items = [str(x) for x in d["removed_items"]]
        if len(g.pawn) != owners or len(g.coalition) != n or len(g.ruin_items) != nc:
            raise LoadError("pawn, coalition or ruin arrays do not match the game")
        b = g.board
        g.closed = tuple((int(p[0]), int(p[1])) for p in d.get("closed", b.closed_at_setup))
        if any(p not in b.closed_at_setup for p in g.closed):
            raise LoadError("a closed path the map does not have (C.3.1)")
        marks = d.get("landmarks")
        g.landmarks = None
        if marks is not None:  # Appendix F (A.5): set up by landmark cards

            g.landmarks = Landmarks.from_json(marks, b)
        g.ferry = int(d.get("ferry", b.ferry_start))
        if g.landmarks is not None:  # the Ferry card: any river clearing, or none (A.5)
            if g.ferry and not b.river_adj[g.ferry]:
                raise LoadError("the Ferry must be in a clearing on a river (C.2.5, A.5)")
        elif g.ferry and g.ferry not in b.coastal or bool(g.ferry) != bool(b.ferry_start):
            raise LoadError("the Ferry must be in a coastal clearing of the lake map (C.2.5)")
        g.cards = CardState.from_json(d.get("cards") or {}, owners)
        g.token_rule = tuple(int(x) for x in d.get("token_rule", ()))
        nf = len(b.forests)
        g.forest_tokens = [tuple((int(p[0]), str(p[1])) for p in ps)
                           for ps in d.get("forest_tokens", [[]] * nf)]
        if len(g.forest_tokens) != nf:
            raise LoadError("forest tokens do not match the map's forests")
        if (len(g.cards.coffins) != owners or len(g.token_rule) not in (0, n)
                or len(g.cards.exhausted) != owners):
            raise LoadError("card state arrays do not match the factions")
        adv = d.get("advanced")
        if adv is not None:

            g.adv = Advanced.from_json(adv, n)
        else:
            g.adv = None
            if any(is_seat_name(f) for f in g.factions):
                raise LoadError("undrafted seats in a game without the Advanced Setup (A.8)")
        g._options = None
        g._pending = ()
        g._pending_h = None
        g._hooks = NO_HOOKS
        g._rtable = ()
        g._rclosed = None
        g._rulers = None
        g._index_all()
        g._sharer_of = ()
        g._sharer = -1
        g.shares = sharer_seat(g.fdefs) >= 0
        g.relink()
        g._check_integrity()
        if advance and not g.won:
            g._advance()
        return g

    def _check_integrity(self) -> None:
        """Refuse a saved game whose pieces or cards could not exist (1.5.1 limits):
        LoadError names the first problem found."""
        for s, fd in enumerate(self.fdefs):
            w = self.warriors[s]
            lent = self.borrowed_total(s)  # BK.2.4: lent warriors in s's row
            if min(w) < 0 or sum(w) - lent + self.cards.coffins[s] > fd.warriors:
                raise LoadError(f"{fd.id}: warriors on the map must be 0..{fd.warriors}")
            for kind, limit in {**fd.buildings, **fd.tokens}.items():
                if self.count_building(s, kind) > limit:
                    raise LoadError(f"{fd.id}: more than {limit} {kind} on the map")
        for c in self.clearings():
            if len(self.buildings[c]) > self.slots_at(c):
                raise LoadError(f"clearing {c} holds more buildings than its slots (2.2.3)")
            for owner, kind in self.buildings[c] + self.tokens[c]:
                if not -1 <= owner < len(self.warriors):
                    raise LoadError(f"clearing {c}: piece {kind!r} of unknown seat {owner}")
        held = list(self.deck) + self.discard + self.available
        for s, fd in enumerate(self.fdefs):
            held += self.hands[s] + self.played[s] + fd.cards_held(self, s)
            dom = self.dominance[s]
            if dom:
                held.append(dom)
        if self.battle is not None and self.battle.ambush:
            held.append(self.battle.ambush)
        if self.landmarks is not None:  # face down beside the Black Market
            held += self.landmarks.market_cards
        if self.hire is not None:  # Appendix E: what the hirelings hold, checked there

            problem = check_hirelings(self)
            if problem:
                raise LoadError(problem)
            for cards in self.hire.revealed:
                held += list(cards)
        contents = list(self.deckdef.contents)
        for cid in set(held):
            if held.count(cid) > contents.count(cid):
                raise LoadError(f"card {cid!r} appears more often than the deck holds it")

    @classmethod
    def replay(cls, setup: dict[str, Any], log: list[tuple[Any, ...]]) -> Game:
        """Rebuild a game from its setup and record: the seeded RNG draws again, results
        that were forced are forced again, and the decisions are applied in order."""
        forced = [[e[1], e[2]] for e in log if e[0] == "f"]
        rest = {k: v for k, v in setup.items() if k not in ("factions", "map", "deck", "seed")}
        g = cls.new(list(setup["factions"]), map=setup["map"], deck_name=setup["deck"],
                    seed=int(setup["seed"]), forced=forced, options=rest)
        for e in log:
            if e[0] == "d":
                d = g.decision
                if d is None or not g.same_seat(d.seat, e[1]):
                    raise LoadError(f"record diverges: {e[1]} to decide {e[2]}, "
                                    f"but the game asks {d.seat if d else 'nobody'}")
                g.apply(e[2])
        return g

    # ------------------------------------------------------------------ view
    def view(self, seat: str | int | None = None) -> dict[str, Any]:
        return seat_view(self, seat)

    def __repr__(self) -> str:
        return (f"<Game {'/'.join(self.factions)} turn {self.turn_no} {self.phase} "
                f"scores {self.vp}{' over' if self.won else ''}>")


def _has_burrow(factions: Any) -> bool:
    """Whether a faction of the game has the Burrow (12.2.2: ``burrow_token``)."""
    for f in factions:
        if faction_def(f).burrow_token:
            return True
    return False


def _tupled(x: Any) -> Any:
    if isinstance(x, list):
        return tuple(_tupled(v) for v in x)
    return x


