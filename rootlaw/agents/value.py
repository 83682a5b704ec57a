"""The learned evaluation: what a position is worth to a seat, from many cheap games.

``rootlaw train-value`` (``rootlaw.rl.train_value``) plays a corpus of games (the
Rootbotics bots, the heuristic agent and a cheap search, every faction, map and deck),
samples positions from them, and fits for every faction the VP the seat ends the game
with. The fitted model is a small JSON file (``rootlaw/data/value_model.json``, its
``version`` checked on load; no network, no library beyond the engine):

- ``kind: "mlp"``: per faction, inputs standardised, one or two ReLU layers, one output;
- ``kind: "gbdt"``: per faction, a sum of regression trees (LightGBM's, flattened);
- ``kind: "linear"``: per faction, a weight per feature.

``temperature`` is fitted too: the softmax over the seats' predicted final VP that best
predicts who won the corpus's games, so the search's win chances are calibrated.

The features (``value_features``) are the heuristic's generic ones (VP, rule, warriors,
every kind of building and token, hand, items, persistent cards, and every number of the
faction's own view: the faction-specific part), the observation encoding's per-faction
block for every other seat (``rootlaw.rl.encoding``: score, hand size, dominance, items,
persistent cards, warriors on the map, keyed by that seat's faction: a bot Eyrie at 20
VP is not a Vagabond at 20), and the game's context (round, rounds left, players, turns
until the seat plays, the deck, the map and the card deck).
"""
from __future__ import annotations

import json
import math
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

from rootlaw.agents.heuristic import Evaluator, features, rounds_left

if TYPE_CHECKING:
    from rootlaw.core.game import Game

FORMAT: Final = "rootlaw-value"
VERSION: Final = 1  # the model file's format; a file of another version is refused
MODEL_FILE: Final = "value_model.json"
POOLED: Final = "*"  # the model of every faction at once (an input "faction:<id>" says whose)
KINDS: Final = ("mlp", "gbdt", "linear")
# the factions the search evaluates with the learned model by default (where paired runs
# showed it playing better: docs/strength/experiments.md); ``learned=1``: every faction
LEARNED_FACTIONS: frozenset[str] = frozenset()


class ModelError(ValueError):
    """A value model file that cannot be used (missing, another format or version)."""


def value_features(g: Game, s: int) -> dict[str, float]:
    """Seat s's features in g (the module's docstring): nonzero values by name."""
    return _seat_features(g, s, public(g))


def public(g: Game) -> list[tuple[str, float, float, float, float, float, float, bool]]:
    """Every seat's public numbers, once for all seats (the observation encoding's
    per-faction block): faction, VP, hand, warriors, clearings ruled, items, persistent
    cards, dominance."""
    rulers = g.rulers()
    ruled = [0] * len(g.factions)
    for c in g.clearings():
        r = rulers[c]
        if 0 <= r < len(ruled):
            ruled[r] = ruled[r] + 1
    return [(f, float(g.vp[o]), float(len(g.hands[o])), float(sum(g.warriors[o])),
             float(ruled[o]), float(len(g.items[o])), float(len(g.played[o])),
             bool(g.dominance[o])) for o, f in enumerate(g.factions)]


def _seat_features(g: Game, s: int,
                   seats: list[tuple[str, float, float, float, float, float, float, bool]]
                   ) -> dict[str, float]:
    out = features(g, s, True)
    n = len(g.factions)
    best = second = -1000.0
    for o in range(n):
        if o == s:
            continue
        f, vp, hand, warriors, rule, items, played, dominance = seats[o]
        out["vp_of:" + f] = vp
        out["hand_of:" + f] = hand
        out["warriors_of:" + f] = warriors
        out["rule_of:" + f] = rule
        out["items_of:" + f] = items
        out["played_of:" + f] = played
        if dominance:
            out["dominance_of:" + f] = 1.0
        if vp > best:
            best, second = vp, best
        elif vp > second:
            second = vp
    if n > 1:
        out["opp_vp_max"] = best
        out["lead"] = float(g.vp[s]) - best
    if n > 2:
        out["opp_vp_2nd"] = second
    out["players"] = float(n)
    out["round"] = g.turn_no / n if n else 0.0
    out["rounds_left"] = rounds_left(g)
    out["until_turn"] = float((s - g.turn_seat) % n) if n else 0.0
    out["deck"] = float(len(g.deck))
    out["map:" + str(g.setup.get("map", ""))] = 1.0
    out["cards:" + str(g.setup.get("deck", ""))] = 1.0
    return out


class _Net:
    """One faction's model: features by name -> predicted final VP."""

    __slots__ = ("index", "kind", "mean", "scale", "layers", "bias_out", "weights", "bias",
                 "feat", "thr", "left", "right", "leaf", "roots", "base")

    def __init__(self, kind: str, m: dict[str, Any]) -> None:
        names: list[str] = list(m["features"])
        self.index: dict[str, int] = {k: i for i, k in enumerate(names)}
        self.kind = kind
        self.mean: list[float] = [float(x) for x in m.get("mean", [0.0] * len(names))]
        self.scale: list[float] = [float(x) or 1.0 for x in m.get("scale", [1.0] * len(names))]
        # mlp: layers of (weights by input [i][j], biases [j])
        self.layers: list[tuple[list[list[float]], list[float]]] = []
        self.base: list[float] = []
        self.bias_out = 0.0
        self.weights: list[float] = []
        self.bias = float(m.get("bias", 0.0))
        self.feat: list[int] = []
        self.thr: list[float] = []
        self.left: list[int] = []
        self.right: list[int] = []
        self.leaf: list[float] = []
        self.roots: list[int] = []
        if kind == "mlp":
            for w, b in zip(m["weights"], m["biases"], strict=True):
                self.layers.append(([[float(x) for x in row] for row in w],
                                    [float(x) for x in b]))
            w0, b0 = self.layers[0]
            self.base = list(b0)
            for i, row in enumerate(w0):
                z = -self.mean[i] / self.scale[i]
                for j in range(len(row)):
                    self.base[j] = self.base[j] + z * row[j]
        elif kind == "linear":
            self.weights = [float(x) for x in m["weights"]]
        elif kind == "gbdt":  # flattened trees: a node < 0 is the leaf ~node
            self.feat = [int(x) for x in m["feat"]]
            self.thr = [float(x) for x in m["thr"]]
            self.left = [int(x) for x in m["left"]]
            self.right = [int(x) for x in m["right"]]
            self.leaf = [float(x) for x in m["leaf"]]
            self.roots = [int(x) for x in m["roots"]]
        else:
            raise ModelError(f"unknown model kind {kind!r} (known: {', '.join(KINDS)})")

    def predict(self, x: dict[str, float]) -> float:
        if self.kind == "gbdt":
            return self._trees(x)
        index = self.index
        if self.kind == "linear":
            total = self.bias  # weights on the raw features
            for k, v in x.items():
                j = index.get(k, -1)
                if j >= 0:
                    total += self.weights[j] * v
            return total
        first_w = self.layers[0][0]
        h = list(self.base)  # the first layer's sums for the all-zero input
        width = len(h)
        for k, v in x.items():
            j = index.get(k, -1)
            if j >= 0 and v:
                row = first_w[j]
                z = v / self.scale[j]  # its standardised value less a zero's
                for i in range(width):
                    h[i] = h[i] + z * row[i]
        for w, b in self.layers[1:]:
            nxt = list(b)
            for i in range(width):
                a = h[i]
                if a > 0.0:  # ReLU
                    row = w[i]
                    for j in range(len(nxt)):
                        nxt[j] = nxt[j] + a * row[j]
            h = nxt
            width = len(h)
        return h[0]

    def _trees(self, x: dict[str, float]) -> float:
        dense = [0.0] * len(self.index)
        for k, v in x.items():
            j = self.index.get(k, -1)
            if j >= 0:
                dense[j] = v
        total = self.bias
        feat, thr, left, right, leaf = self.feat, self.thr, self.left, self.right, self.leaf
        for node in self.roots:
            while node >= 0:
                node = left[node] if dense[feat[node]] <= thr[node] else right[node]
            total += leaf[~node]
        return total


def load_model(path: str | Path | None = None) -> dict[str, Any]:
    """The model file (default: the one that ships in rootlaw/data), checked."""
    if path is None:
        from rootlaw.core.catalog import load_json

        try:
            raw: Any = load_json(MODEL_FILE)
        except (OSError, ValueError) as e:
            raise ModelError(f"the shipped value model cannot be read ({e})") from e
    else:
        try:
            raw = json.loads(Path(path).read_text(encoding="utf-8"))
        except (OSError, ValueError) as e:
            raise ModelError(f"value model {path}: cannot be read ({e})") from e
    if not isinstance(raw, dict) or raw.get("format") != FORMAT:
        raise ModelError(f"value model {path or MODEL_FILE}: not a {FORMAT} file")
    if raw.get("version") != VERSION:
        raise ModelError(f"value model {path or MODEL_FILE}: version {raw.get('version')!r}, "
                         f"this rootlaw reads version {VERSION}")
    if raw.get("kind") not in KINDS or not isinstance(raw.get("models"), dict):
        raise ModelError(f"value model {path or MODEL_FILE}: no kind or no models")
    return raw


class LearnedEvaluator(Evaluator):
    """Values from the learned model: the VP each seat is expected to end the game with.
    A faction the model has no fit for falls back to the weighted values."""

    def __init__(self, model: dict[str, Any] | None = None, pace: float = 1.0) -> None:
        super().__init__(pace=pace)
        raw = model if model is not None else _shipped()
        kind = str(raw["kind"])
        self.nets: dict[str, _Net] = {f: _Net(kind, m) for f, m in raw["models"].items()
                                      if f != POOLED}
        pooled = raw["models"].get(POOLED)
        self.pooled: _Net | None = _Net(kind, pooled) if pooled is not None else None
        self.temperature = float(raw.get("temperature", 4.0))
        self.about = str(raw.get("about", ""))

    def value(self, g: Game, s: int) -> float:
        return self._value(g, s, public(g))

    def values(self, g: Game) -> list[float]:
        """Every seat's value, the public numbers read once."""
        seats = public(g)
        return [self._value(g, s, seats) for s in range(len(g.factions))]

    def _value(self, g: Game, s: int,
               seats: list[tuple[str, float, float, float, float, float, float, bool]]
               ) -> float:
        f = g.factions[s]
        net = self.nets.get(f)
        if net is not None:
            return net.predict(_seat_features(g, s, seats))
        if self.pooled is None:
            return super().value(g, s)  # no fit for this faction: the weighted values
        x = _seat_features(g, s, seats)
        x["faction:" + f] = 1.0
        return self.pooled.predict(x)


_SHIPPED: list[dict[str, Any]] = []


def _shipped() -> dict[str, Any]:
    """The shipped model, read once per process."""
    if not _SHIPPED:
        _SHIPPED.append(load_model())
    return _SHIPPED[0]


def softmax(values: list[float], temperature: float) -> list[float]:
    top = max(values)
    exps = [math.exp((v - top) / temperature) for v in values]
    total = sum(exps)
    return [e / total for e in exps]
