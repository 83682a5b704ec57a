"""The heuristic agent: a one-ply evaluation of every option, with readable weights.

For each option the agent applies it to a determinized game (a ``Sampler`` sample, never
the real game), lets the same seat finish the step greedily for a few more decisions
(``depth``: choosing a March is worth only the moves that follow), and scores the
result with ``standing``: its own ``value`` minus half the best opponent's.

``value(g, s)`` is a weighted sum of features read from the engine, the same for every
faction (nothing here knows a faction's rules):

- ``vp``: victory points; ``rule``: clearings the seat rules (2.5);
- ``warriors``: warriors on the map; ``building:<kind>``, ``token:<kind>``: pieces of
  each kind on the map;
- ``hand``, ``items``, ``played``, ``dominance``: cards in hand, crafted items,
  persistent effects, an activated dominance card;
- ``view:<path>``: every number in the faction's own view (``FactionDef.view``), by
  path (``view:officers``, ``view:items.sword.ready``); a list counts its length
  (``view:decree.move#``).

The weights are per faction (``WEIGHTS``; patterns in ``fnmatch`` style, the first
match wins); factions without their own weights (the Rootbotics bots, factions added
later) use ``DEFAULT``. A won game is worth ``WIN``, a lost one ``-WIN``.

Engine pieces (sawmills, roosts, bases, items) also have a *pace* weight (``PACE``: VP
they add per round), counted for ``rounds_left``, the rounds the leader needs to reach
30 at a bot's pace: early in the game a roost is worth several points, late almost
none. ``Evaluator(pace=0)`` leaves the static weights alone.
"""
from __future__ import annotations

import random
from fnmatch import fnmatchcase
from typing import TYPE_CHECKING, Any

from rootlaw.agents.base import TurnBudget
from rootlaw.core.catalog import load_json
from rootlaw.core.game import WIN_SCORE
from rootlaw.core.options import Option

if TYPE_CHECKING:
    from rootlaw.core.determinize import Sampler
    from rootlaw.core.game import Game

WIN = 1000.0
RELATIVE = 0.5  # how much the best opponent's value counts against one's own

DEFAULT: dict[str, float] = {
    "vp": 1.0, "rule": 0.3, "warriors": 0.08, "building:*": 0.6, "token:*": 0.4,
    "hand": 0.2, "items": 0.1, "played": 0.3,
}

# per base faction: what a position is worth beyond its points
WEIGHTS: dict[str, dict[str, float]] = {
    "marquise": {  # wide rule, buildings (they score and craft), wood to build more
        "vp": 1.0, "rule": 0.35, "warriors": 0.12, "building:sawmill": 0.7,
        "building:workshop": 0.8, "building:recruiter": 0.7, "token:keep": 3.0,
        "token:wood": 0.25, "hand": 0.35, "played": 0.6, "items": 0.1,
    },
    "eyrie": {  # roosts score every turn; a longer decree does more (and risks turmoil)
        "vp": 1.0, "rule": 0.35, "warriors": 0.12, "building:roost": 1.6, "hand": 0.45,
        "view:decree.*#": 0.2, "played": 0.6, "items": 0.1,
    },
    "alliance": {  # sympathy scores, bases recruit, supporters pay for both
        "vp": 1.0, "rule": 0.15, "warriors": 0.15, "token:sympathy": 1.2, "building:*": 2.0,
        "view:supporters_count": 0.4, "view:officers": 0.45, "hand": 0.35, "played": 0.5,
    },
    "vagabond": {  # items are actions; allies pay; quests score
        "vp": 1.0, "view:items.*.ready": 0.55, "view:items.*.exhausted": 0.45,
        "view:items.*.damaged": 0.15, "view:items.*.damaged face down": 0.1,
        "view:relationships.*": 0.4, "view:quests_completed#": 0.2, "hand": 0.35,
        "played": 0.5,
    },
    "duchy": {  # ministers act and score; buildings craft, recruit and draw; tunnels reach
        "vp": 1.0, "rule": 0.3, "warriors": 0.1, "building:*": 1.0, "token:tunnel": 0.5,
        "view:swayed#": 1.2, "view:crowns_on_board.*": 0.1, "hand": 0.45, "played": 0.5,
        "items": 0.1,
    },
}
WEIGHTS["vagabond2"] = WEIGHTS["vagabond"]

# Pace: what a piece adds to the VP scored in every round still to come, counted for
# ``rounds_left`` rounds (the bots race to 30 in about seven rounds, so an engine piece
# is worth much early and little late; WEIGHTS alone cannot say that)
ROUND_VP = 5.0  # about what a Rootbotics bot scores in a round
PACE: dict[str, dict[str, float]] = {
    "marquise": {  # wood is building, building is points; recruiters feed the board
        "building:sawmill": 0.5, "building:workshop": 0.2, "building:recruiter": 0.25,
    },
    "eyrie": {"building:roost": 0.8},  # the roost track scores each Evening
    "alliance": {  # bases recruit and keep officers; officers spread, supporters pay
        "building:*": 0.4, "view:officers": 0.15, "view:supporters_count": 0.1,
    },
    "vagabond": {  # every item is an action in each turn to come
        "view:items.*.ready": 0.1, "view:items.*.exhausted": 0.1,
    },
}
PACE["vagabond2"] = PACE["vagabond"]

# a small preference by verb: breaks ties, and alone decides when there is no sampler
PRIOR: dict[str, float] = {
    "end": -1.0, "v_end": -1.0, "end_march": -0.5, "done": -0.4, "skip": -0.4,
    "decline": -0.3, "no_item": -0.5, "no_ambush": -0.1, "no_foil": -0.1, "no_ally": -0.1,
    "battle": 0.3, "v_battle": 0.3, "build": 0.5, "craft": 0.5, "recruit_in": 0.3,
    "recruit_at": 0.3, "spread": 0.5, "revolt": 0.5, "roost": 0.5, "decree_build": 0.5,
    "quest": 0.5, "explore": 0.4, "aid": 0.3, "overwork": 0.3, "ambush": 0.2,
    "activate": 0.2, "take_dominance": 0.1, "mobilize": 0.2, "train": 0.3,
    "organize": 0.4, "repair": 0.3, "refresh": 0.2, "ud_sway": 0.5, "ud_minister": 0.3,
    "ud_dig": 0.3,
}


class Evaluator:
    """Values of positions for every seat, with per-faction weights (cached lookups)."""

    def __init__(self, weights: dict[str, dict[str, float]] | None = None,
                 default: dict[str, float] | None = None, pace: float = 1.0) -> None:
        self.weights = weights if weights is not None else WEIGHTS
        self.default = default if default is not None else DEFAULT
        self.pace = pace  # scale of the PACE terms (0: the static weights alone)
        self._resolved: dict[tuple[str, str], tuple[float, float]] = {}
        self._views: dict[str, bool] = {}  # faction -> whether any of its weights reads the view

    def weight(self, faction: str, feature: str) -> float:
        """The feature's static weight for the faction."""
        return self._weights(faction, feature)[0]

    def pace_weight(self, faction: str, feature: str) -> float:
        """The feature's pace weight for the faction (scaled by ``pace``)."""
        return self._weights(faction, feature)[1]

    def _weights(self, faction: str, feature: str) -> tuple[float, float]:
        """The feature's static weight and its (scaled) pace weight, looked up once."""
        key = (faction, feature)
        w = self._resolved.get(key)
        if w is None:
            w = (_lookup(self.weights.get(faction, self.default), feature),
                 self.pace * _lookup(PACE.get(faction, {}), feature))
            self._resolved[key] = w
        return w

    def reads_view(self, faction: str) -> bool:
        """Whether a weight of the faction reads its view (``view:...``): the view is the
        costly part of the features, and most factions' weights leave it alone."""
        r = self._views.get(faction)
        if r is None:
            static = self.weights.get(faction, self.default)
            pace = PACE.get(faction, {}) if self.pace else {}
            r = any(w and (k.startswith("view:") or k[:1] in "*?[")  # may match a view path
                    for k, w in (*static.items(), *pace.items()))
            self._views[faction] = r
        return r

    def value(self, g: Game, s: int) -> float:
        """What seat s's position is worth, in VP-like units: the static weights plus the
        pace weights times the rounds left."""
        faction = g.factions[s]
        static = pace = 0.0
        for name, x in features(g, s, self.reads_view(faction)).items():
            if x:
                w, p = self._weights(faction, name)
                static += w * x
                pace += p * x
        return static + pace * rounds_left(g) if pace else static

    def standing(self, g: Game, s: int) -> float:
        """s's value against the best opponent's; a decided game is worth +-WIN."""
        if g.won:
            me = g.factions[s]
            return (WIN if me in g.won else -WIN) + g.vp[s]
        mine = self.value(g, s)
        best = max((self.value(g, o) for o in range(len(g.factions)) if o != s), default=0.0)
        return mine - RELATIVE * best

    def values(self, g: Game) -> list[float]:
        return [self.value(g, s) for s in range(len(g.factions))]


# The factions the search plays better with the fitted evaluation (at 0.25 s the Marquise
# +5.0 VP a game, the Vagabond +3.3; the Eyrie and the Alliance lose:
# docs/strength/experiments.md)
FIT_FACTIONS = frozenset({"marquise", "vagabond"})


class FittedEvaluator(Evaluator):
    """Values fitted to outcomes (``scripts/fit_values.py``, ``data/values.json``): a
    position is worth the VP the seat is expected to end the game with, a linear function
    of its features and their products with ``rounds_left``, in the same units for every
    faction and bot. A faction without a fit falls back to the weighted values."""

    def __init__(self, fits: dict[str, Any] | None = None, pace: float = 1.0) -> None:
        super().__init__(pace=pace)
        raw = fits if fits is not None else load_json("values.json")["fits"]
        self.fits: dict[str, tuple[float, float, dict[str, tuple[float, float]]]] = {
            f: (float(m["bias"][0]), float(m["bias"][1]),
                {k: (float(w[0]), float(w[1])) for k, w in m["weights"].items()})
            for f, m in raw.items()}

    def value(self, g: Game, s: int) -> float:
        fit = self.fits.get(g.factions[s])
        if fit is None:
            return super().value(g, s)
        c0, c1, weights = fit
        r = rounds_left(g)
        total = c0 + c1 * r
        for name, x in features(g, s).items():
            w = weights.get(name)
            if w is not None and x:
                total += (w[0] + w[1] * r) * x
        return total


def _lookup(table: dict[str, float], feature: str) -> float:
    if feature in table:
        return table[feature]
    for pattern, w in table.items():  # the first matching pattern
        if fnmatchcase(feature, pattern):
            return w
    return 0.0


def rounds_left(g: Game) -> float:
    """About how many rounds the game has left: the leader's way to 30 at a bot's pace."""
    top = g.vp[0]
    for v in g.vp:  # max(g.vp), in a loop (compiled: no call into the interpreter)
        if v > top:
            top = v
    return max(0.0, WIN_SCORE - top) / ROUND_VP


def features(g: Game, s: int, view: bool = True) -> dict[str, float]:
    """The features of seat s in g (see the module's docstring); without ``view``, those
    read from the engine alone."""
    fd = g.fdefs[s]
    rulers = g.rulers()
    ruled = 0
    for c in g.clearings():
        if rulers[c] == s:
            ruled += 1
    warriors = 0
    for n in g.warriors[s]:
        warriors += n
    out: dict[str, float] = {
        "vp": float(g.vp[s]),
        "rule": float(ruled),
        "warriors": float(warriors),
        "hand": float(len(g.hands[s])),
        "items": float(len(g.items[s])),
        "played": float(len(g.played[s])),
        "dominance": 1.0 if g.dominance[s] else 0.0,
    }
    for kind in fd.buildings:
        out[_feature_name(_BUILDING_NAMES, "building:", kind)] = float(g.count_building(s, kind))
    for kind in fd.tokens:
        out[_feature_name(_TOKEN_NAMES, "token:", kind)] = float(g.count_building(s, kind))
    if view:
        _flatten(fd.view(g, s, s), "view:", out)
    return out


# a piece kind -> its feature's name ("building:sawmill"), each string made once
_BUILDING_NAMES: dict[str, str] = {}
_TOKEN_NAMES: dict[str, str] = {}


def _feature_name(names: dict[str, str], prefix: str, kind: str) -> str:
    name = names.get(kind)
    if name is None:
        name = names[kind] = prefix + kind
    return name


def _flatten(x: Any, path: str, out: dict[str, float]) -> None:
    # isinstance with tuples of types: compiled, ``int | float`` builds a union object at
    # every call and asks it generically
    if isinstance(x, bool):
        out[path] = 1.0 if x else 0.0
    elif isinstance(x, (int, float)):
        out[path] = float(x)
    elif isinstance(x, dict):
        sep = "" if path.endswith(":") else "."
        for k, v in x.items():
            _flatten(v, f"{path}{sep}{k}", out)
    elif isinstance(x, (list, tuple)):
        out[path + "#"] = float(len(x))


def prior(option: Option) -> float:
    return PRIOR.get(str(option[0]), 0.0) if option else 0.0


# verbs that end a step or an action; after STUCK decisions in one turn the agent takes
# them first: an action of "any number" of moves (the Spinners' Skitter, SOM.5.3) offers
# moves back and forth that a one-ply look values as much as stopping, forever
ENDS = frozenset({"end", "v_end", "end_march", "done", "skip", "decline"})
STUCK = 60


def ends_bonus(option: Option) -> float:
    """The bonus of an option that ends a step, once a turn has gone on too long."""
    return 1e6 if option and str(option[0]) in ENDS else 0.0


class HeuristicAgent:
    """One-ply evaluation of each option on ``samples`` determinized games."""

    name = "heuristic"
    needs_view = False
    needs_sampler = True

    def __init__(self, seed: int = 0, samples: int = 1, depth: int = 3,
                 evaluator: Evaluator | None = None) -> None:
        self.rng = random.Random(seed)
        self.budget = TurnBudget()  # decisions this turn (agents.base.decide)
        self.samples = max(1, samples)
        self.depth = max(0, depth)
        self.evaluator = evaluator or Evaluator()
        self._turn = -1  # the turn of the last decision, and the decisions made in it
        self._in_turn = 0

    def choose(self, view: dict[str, Any], options: list[Option],
               sampler: Sampler | None = None) -> Option:
        if len(options) == 1:
            return options[0]
        if sampler is None:  # nothing to look ahead with: the verbs' priors decide
            return max(options, key=lambda o: prior(o) + self.rng.random() * 0.5)
        seat = sampler.seat
        totals = [0.0] * len(options)
        for k in range(self.samples):
            g = sampler.sample()
            if k == 0 and self._stuck(g.turn_no):
                return max(options, key=lambda o: ends_bonus(o) + prior(o))
            for i, o in enumerate(options):
                c = g.copy()
                c.apply(o)
                self.complete(c, seat, self.depth)
                totals[i] = totals[i] + self.evaluator.standing(c, seat)
        best = max(range(len(options)),
                   key=lambda i: totals[i] + 0.01 * prior(options[i]) + 1e-6 * self.rng.random())
        return options[best]

    def _stuck(self, turn: int) -> bool:
        """Whether this turn has gone on past STUCK of this agent's decisions."""
        if turn != self._turn:
            self._turn, self._in_turn = turn, 0
        self._in_turn += 1
        return self._in_turn > STUCK

    def complete(self, g: Game, seat: int, depth: int) -> None:
        """Let ``seat`` go on greedily (one ply each) while it decides in the same turn."""
        me = g.factions[seat]
        turn = g.turn_no
        for _ in range(depth):
            d = g.decision
            if d is None or d.seat != me or g.turn_no != turn:
                return
            g.apply(self.greedy(g, seat, d.options))

    def greedy(self, g: Game, seat: int, options: list[Option]) -> Option:
        """The option whose result ``standing`` likes best (one ply)."""
        if len(options) == 1:
            return options[0]
        best, best_v = options[0], -1e18
        for o in options:
            c = g.copy()
            c.apply(o)
            v = self.evaluator.standing(c, seat) + 0.01 * prior(o) + 1e-6 * self.rng.random()
            if v > best_v:
                best, best_v = o, v
        return best
