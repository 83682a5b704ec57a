"""Information-set Monte Carlo tree search (single-observer ISMCTS, Cowling, Powley and
Whitehouse 2012).

One tree for the deciding seat's information set. Every iteration:

1. **determinize**: draw a game from the seat's ``Sampler`` (secrets drawn again);
2. **select**: walk down the tree through the options legal in *that* game, by UCB1
   with availability counts (an option's ``avail`` counts the iterations it could have
   been chosen, so options that exist only in some worlds are not favoured), on means
   scaled to 0..1 among the node's options (``norm``; by default for the factions in
   ``NORM_FACTIONS``, whose values put them far behind the bots, so their win chances
   differ by thousandths between options: too little for UCB1 to see); an edge's
   statistics are from the point of view of the seat that chose it (every seat,
   including other agents, is modelled as maximising its own reward);
3. **expand** one untried option, the heuristic's favourite first (its one-ply scores,
   computed once per node, also bias the selection: progressive bias, weight ``bias``;
   the faction's hints, ``rootlaw.agents.hints``, are added to them; with ``widen``, a
   node weighs only the options the heuristic likes best, more of them as it is passed
   more often: progressive widening);
4. **roll out**: play on with a cheap policy for ``horizon`` faction turns (default: one
   round), Rootbotics bots acting inside the engine as always;
5. **evaluate**: a finished game gives 1 to the winners and 0 to the rest; otherwise the
   heuristic values of every seat, with the factions' outlooks (``rootlaw.agents.hints``:
   the Eyrie's turmoil ahead), become win chances (a softmax at ``temperature`` VP);
6. **back up** each seat's reward along the path.

The answer is the root's most visited option. The budget is ``seconds`` per decision or
``iterations`` (both: whichever ends first). With ``reuse`` (by default for the factions
in ``REUSE_FACTIONS``, where it was shown to play better) the search keeps the chosen
option's subtree, and when the seat's next decision follows directly (one option applied
since, in the same turn, the other scores unchanged), it starts from there: the
iterations that went through that option count again (tree reuse: most of a turn's
decisions follow one another). With ``halving`` the root is searched by sequential
halving on common random numbers instead (``halve``). Rollout policies: ``random``
(uniform), ``prior`` (random, weighted by the verb priors of the heuristic agent and the
faction's hints; ``hints=False`` leaves the hints out of both) and ``heuristic`` (the
heuristic agent's greedy one-ply choice: stronger, about ten times slower).
"""
from __future__ import annotations

import bisect
import itertools
import math
import random
import time
from typing import TYPE_CHECKING, Any

from rootlaw.agents.base import TurnBudget
from rootlaw.agents.heuristic import Evaluator, prior
from rootlaw.agents.hints import HINTS, OUTLOOKS
from rootlaw.agents.value import LearnedEvaluator
from rootlaw.core.options import Option

if TYPE_CHECKING:
    from rootlaw.core.determinize import Sampler
    from rootlaw.core.game import Game

TEMPERATURE = 4.0  # VP: a position 4 VP better is e (2.7) times likelier to win
ROLLOUTS = ("random", "prior", "heuristic")
MAX_ROLLOUT_DECISIONS = 400
NORM_FACTIONS = frozenset({"marquise"})  # norm's default: where it was shown to play better
REUSE_FACTIONS = frozenset({"marquise"})  # reuse's default (docs/strength/experiments.md)


def weighted_index(rng: random.Random, weights: list[float]) -> int:
    """``rng.choices(range(len(weights)), weights)[0]``, as the standard library draws it
    (one ``random()``, the cumulative weights searched with ``bisect_right``), without
    the call into the interpreted ``random`` module."""
    cum: list[float] = []
    acc = 0.0
    for i in range(len(weights)):
        acc = weights[i] if i == 0 else acc + weights[i]  # itertools.accumulate
        cum.append(acc)
    total = acc + 0.0
    if total <= 0.0 or not math.isfinite(total):
        raise ValueError("the weights must add up to a positive finite total")
    return bisect.bisect_right(cum, rng.random() * total, 0, len(cum) - 1)


def _per_faction(setting: bool | None, default_on: frozenset[str], faction: str) -> bool:
    """A setting given for every faction, or (None) its default: on for ``default_on``."""
    return faction in default_on if setting is None else setting


class Node:
    """A tree node: edges to children by option, with the chooser's statistics."""

    __slots__ = ("children", "visits", "total", "avail", "bias")

    def __init__(self) -> None:
        self.children: dict[Option, Node] = {}
        self.visits = 0
        self.total = 0.0  # sum of the rewards of the seat that chose this edge
        self.avail = 0
        self.bias: dict[Option, float] | None = None  # heuristic score of each option


class MCTSAgent:
    name = "mcts"
    needs_view = False
    needs_sampler = True

    def __init__(self, seed: int = 0, seconds: float | None = None,
                 iterations: int | None = None, rollout: str = "prior", horizon: int = 0,
                 c: float = 0.7, bias: float = 1.0, norm: bool | None = None,
                 temperature: float | None = None, greedy: int = 0, widen: float = 0.0,
                 hints: bool = True, reuse: bool | None = None, halving: int = 0,
                 evaluator: Evaluator | None = None,
                 own: dict[str, Evaluator] | None = None) -> None:
        if rollout not in ROLLOUTS:
            raise ValueError(f"unknown rollout {rollout!r} (known: {', '.join(ROLLOUTS)})")
        if seconds is None and iterations is None:
            seconds = 1.0
        self.rng = random.Random(seed)
        self.budget = TurnBudget()  # decisions this turn (agents.base.decide)
        self.seconds = seconds
        self.iterations = iterations
        self.rollout = rollout
        self.horizon = horizon  # faction turns to roll out; 0: one round (players' count)
        self.c = c
        self.bias_weight = bias
        self.norm = norm  # scale a node's means to 0..1 before UCB1 (None: NORM_FACTIONS)
        self.normalize = bool(norm)  # norm for the seat being searched
        if temperature is not None and temperature <= 0:
            raise ValueError(f"temperature must be positive, not {temperature}")
        if widen < 0:
            raise ValueError(f"widen must be 0 (off) or positive, not {widen}")
        # VP: the softmax turning values into win chances (None: the learned model's own,
        # fitted to its corpus's winners, else TEMPERATURE)
        self.temp = temperature
        self.temperature = temperature if temperature is not None else TEMPERATURE
        self.greedy = greedy  # rollout: the one-ply best of this many prior draws (0: one)
        self.widen = widen  # progressive widening: a node passed n times tries widen * √n
        self.hints = hints  # the factions' hints (rootlaw.agents.hints) in bias and rollouts
        if halving < 0:
            raise ValueError(f"halving must be 0 (off) or the options to keep, not {halving}")
        self.halving = halving  # sequential halving at the root over this many options
        self.reuse = reuse  # keep the chosen subtree (see choose; None: REUSE_FACTIONS)
        self._kept: tuple[tuple[Any, ...], Node] | None = None  # (where it applies, subtree)
        self._here: tuple[Any, ...] = ()  # the last search's position (see _position)
        self.general = evaluator or Evaluator()
        self.own = own or {}  # the searching seat's faction -> the evaluator it searches with
        self.evaluator = self.general
        self.last: dict[str, Any] = {}  # statistics of the last search (iterations, root)

    def choose(self, view: dict[str, Any], options: list[Option],
               sampler: Sampler | None = None) -> Option:
        kept, self._kept = self._kept, None
        if len(options) == 1:
            return options[0]
        if sampler is None:  # no way to search: the heuristic priors decide
            return max(options, key=lambda o: prior(o) + self.rng.random() * 0.5)
        if self.halving:
            return self.halve(sampler, options)
        root = self.search(sampler, kept)
        best = max(options, key=lambda o: (root.children[o].visits if o in root.children
                                           else -1, self.rng.random()))
        child = root.children.get(best)
        if child is not None and self.reuses(sampler.faction):
            self._kept = (self._next(), child)
        return best

    def reuses(self, faction: str) -> bool:
        """Whether the search keeps the chosen option's subtree when playing ``faction``:
        ``reuse`` if given, else for the factions in REUSE_FACTIONS."""
        return _per_faction(self.reuse, REUSE_FACTIONS, faction)

    @staticmethod
    def _position(g: Game) -> tuple[Any, ...]:
        """Where a search starts, in public terms every sample shares: the options
        applied so far, the turn, the seat to decide and the other seats' scores."""
        d = g.decision
        seat = d.seat if d is not None else ""
        others = tuple(v for f, v in zip(g.factions, g.vp, strict=True) if f != seat)
        return (g.version, g.turn_no, seat, others)

    def _next(self) -> tuple[Any, ...]:
        """The position of the same seat's decision right after its chosen option: one
        option later, the same turn and the other seats' scores unchanged (a subtree is
        kept for nothing else)."""
        version, turn, seat, others = self._here
        return (version + 1, turn, seat, others)

    def search(self, sampler: Sampler,
               kept: tuple[tuple[Any, ...], Node] | None = None) -> Node:
        """Search from a fresh root, or from ``kept`` (a subtree and the position it
        belongs to) when the pending decision is at that position."""
        self._prepare(sampler)
        deadline = time.perf_counter() + self.seconds if self.seconds is not None else None
        first = sampler.sample()  # the first iteration's, and where the search starts
        self._here = self._position(first)
        games = itertools.chain((first,), iter(sampler.sample, None))
        root = kept[1] if kept is not None and kept[0] == self._here else Node()
        limit = self.iterations
        n = 0
        while True:
            if limit is not None and n >= limit:
                break
            if deadline is not None and n > 0 and time.perf_counter() >= deadline:
                break
            self.iterate(root, next(games))
            root.visits += 1  # a node's visits count its passes (widening reads them)
            n += 1
        self._report(root, n, reused=root.visits - n)
        return root

    def halve(self, sampler: Sampler, options: list[Option]) -> Option:
        """Sequential halving at the root (Karnin, Koren and Somekh 2013; for MCTS roots,
        Pepels et al. 2014 and Danihelka et al. 2022) on common random numbers.

        The ``halving`` options the heuristic likes best are kept. Every pass draws one
        game and one rollout seed and tries each kept option on that same game and seed,
        so their means differ by the option rather than by the draw. The budget is split
        into ceil(log2 k) equal rounds, each ending by dropping the worse half (by mean,
        plus the heuristic's bias fading with the passes, as in ``select``). Below each
        option the tree is searched as usual. The answer is the best survivor."""
        self._prepare(sampler)
        start = time.perf_counter()
        first = sampler.sample()
        seat = sampler.seat
        bias = self.biases(first, seat, options)
        alive = sorted(options, key=lambda o: -bias.get(o, 0.0))[:self.halving]
        root = Node()
        for o in alive:
            root.children[o] = Node()
        rounds = max(1, math.ceil(math.log2(len(alive))))
        games = itertools.chain((first,), iter(sampler.sample, None))
        limit, seconds = self.iterations, self.seconds
        n = passes = done = 0
        while len(alive) > 1 or passes == 0:
            g = next(games)
            state = self.rng.getstate()
            for o in alive:
                if limit is not None and n >= limit:
                    break
                self.rng.setstate(state)  # the same rollout draws for every option
                c = g.copy()
                c.apply(o)
                child = root.children[o]
                self.iterate(child, c, [(child, seat)])
                n += 1
            passes += 1
            spent = (n / limit if limit is not None else 0.0)
            if seconds is not None:
                spent = max(spent, (time.perf_counter() - start) / seconds)
            if spent >= 1.0:
                break
            while done < rounds - 1 and spent >= (done + 1) / rounds and len(alive) > 1:
                alive = self._better_half(root, alive, bias)
                done += 1
        best = self._better_half(root, alive, bias)[0]
        self._report(root, n, reused=0, passes=passes)
        return best

    def _prepare(self, sampler: Sampler) -> None:
        """The evaluator and the scaling of means for the searching seat's faction."""
        self.evaluator = self.own.get(sampler.faction, self.general)
        fitted = self.evaluator.temperature if isinstance(self.evaluator, LearnedEvaluator) else 0.0
        self.temperature = self.temp if self.temp is not None else fitted or TEMPERATURE
        self.normalize = _per_faction(self.norm, NORM_FACTIONS, sampler.faction)

    def _report(self, root: Node, n: int, **extra: int) -> None:
        """``last``: the iterations, the root's visits and means, and ``extra``."""
        self.last = {"iterations": n, **extra,
                     "visits": {o: ch.visits for o, ch in root.children.items()},
                     "mean": {o: ch.total / ch.visits for o, ch in root.children.items()
                              if ch.visits}}

    def _better_half(self, root: Node, alive: list[Option], bias: dict[Option, float]
                     ) -> list[Option]:
        """The better half of ``alive`` (at least one), best first."""
        def score(o: Option) -> float:
            ch = root.children[o]
            mean = ch.total / ch.visits if ch.visits else 0.0
            return mean + self.bias_weight * bias.get(o, 0.0) / (ch.visits + 1)
        return sorted(alive, key=score, reverse=True)[:max(1, (len(alive) + 1) // 2)]

    def iterate(self, root: Node, g: Game, path: list[tuple[Node, int]] | None = None
                ) -> None:
        """One iteration from ``root`` in g; ``path`` holds the edges already taken
        (the root option of a halving pass)."""
        path = path if path is not None else []  # (edge's child node, seat that chose it)
        node = root
        seats = {f: i for i, f in enumerate(g.factions)}
        while not g.is_over:
            d = g.decision
            assert d is not None
            opts = d.options
            seat = seats.get(d.seat, -1)
            if seat < 0:  # a seat took its faction (A.8.2 draft): the names changed
                seats = {f: i for i, f in enumerate(g.factions)}
                seat = seats[d.seat]
            if node.bias is None:
                node.bias = self.biases(g, seat, opts)
            bias = node.bias
            if self.widen > 0 and bias and len(opts) > 2:
                opts = self.widened(node, opts, bias)
            untried = [o for o in opts if o not in node.children]
            for o in opts:
                ch = node.children.get(o)
                if ch is not None:
                    ch.avail += 1
            if untried:  # the heuristic's favourite first
                o = max(untried, key=lambda x: (bias.get(x, 0.0), self.rng.random()))
                child = Node()
                child.avail = 1
                node.children[o] = child
                g.apply(o)
                path.append((child, seat))
                break
            o = self.select(node, opts, bias)
            g.apply(o)
            node = node.children[o]
            path.append((node, seat))
        rewards = self.simulate(g)
        for child, seat in path:
            child.visits += 1
            child.total += rewards[seat]

    def widened(self, node: Node, opts: list[Option], bias: dict[Option, float]
                ) -> list[Option]:
        """Progressive widening (progressive unpruning, Chaslot et al. 2008): a node passed
        n times weighs only the ceil(widen * sqrt(n)) options (at least 2) the heuristic
        likes best, so visits are not spread over twenty near-equal moves."""
        k = max(2, math.ceil(self.widen * math.sqrt(node.visits + 1)))
        if k >= len(opts):
            return opts
        return sorted(opts, key=lambda o: -bias.get(o, 0.0))[:k]

    def select(self, node: Node, opts: list[Option], bias: dict[Option, float]) -> Option:
        """UCB1 with availability counts, plus a progressive bias toward the heuristic's
        choice that fades as an option is visited (Chaslot et al. 2008). With ``norm``
        the means are first scaled to 0..1 among the node's options (as in MuZero): a
        seat far behind sees win chances that differ by a hundredth, which the
        exploration term would drown."""
        children = [node.children[o] for o in opts]
        means = [ch.total / ch.visits for ch in children]
        lo, span = 0.0, 1.0
        if self.normalize:
            lo = min(means)
            span = max(means) - lo or 1.0
        best: Option = opts[0]
        best_u = -1e18
        c = self.c
        w = self.bias_weight
        for o, ch, m in zip(opts, children, means, strict=True):
            u = ((m - lo) / span + c * math.sqrt(math.log(ch.avail) / ch.visits)
                 + w * bias.get(o, 0.0) / (ch.visits + 1))
            if u > best_u:
                best, best_u = o, u
        return best

    def biases(self, g: Game, seat: int, opts: list[Option]) -> dict[Option, float]:
        """The heuristic's one-ply scores of the options, scaled to 0..1 (1: its choice);
        all 0 without a bias weight or with one option."""
        if self.bias_weight <= 0 or len(opts) < 2:
            return {}
        values = []
        hint = HINTS.get(g.factions[seat]) if self.hints else None
        for o in opts:
            c = g.copy()
            c.apply(o)
            v = self.evaluator.standing(c, seat) + 0.01 * prior(o)
            values.append(v + hint(g, seat, o) if hint is not None else v)
        lo, hi = min(values), max(values)
        span = hi - lo
        if span <= 0:
            return {}
        return {o: (v - lo) / span for o, v in zip(opts, values, strict=True)}

    def simulate(self, g: Game) -> list[float]:
        """Roll out from g, then each seat's reward in [0, 1]."""
        n = len(g.factions)
        stop = g.turn_no + (self.horizon or n)
        steps = 0
        rng = self.rng
        while not g.is_over and g.turn_no < stop and steps < MAX_ROLLOUT_DECISIONS:
            d = g.decision
            assert d is not None
            opts = d.options
            if len(opts) == 1:
                o = opts[0]
            elif self.rollout == "random":
                o = opts[rng.randrange(len(opts))]
            elif self.rollout == "prior":
                hint = HINTS.get(d.seat) if self.hints else None
                s = g.factions.index(d.seat) if hint is not None or self.greedy > 1 else -1
                if hint is None:
                    weights = [math.exp(2.0 * prior(x)) for x in opts]
                else:  # the faction's hints steer its rollouts too
                    weights = [math.exp(2.0 * (prior(x) + hint(g, s, x))) for x in opts]
                if self.greedy > 1:  # a few candidates drawn by the prior, the best played
                    cands = list(dict.fromkeys(rng.choices(opts, weights, k=self.greedy)))
                    o = self._greedy(g, s, cands)
                else:
                    o = opts[weighted_index(rng, weights)]
            else:
                o = self._greedy(g, g.factions.index(d.seat), opts)
            g.apply(o)
            steps += 1
        return self.rewards(g)

    def rewards(self, g: Game) -> list[float]:
        n = len(g.factions)
        if g.won:
            return [1.0 if f in g.won else 0.0 for f in g.factions]
        values = self.evaluator.values(g)
        if self.hints:  # what the factions' rules make of the position past the horizon
            for i, f in enumerate(g.factions):
                outlook = OUTLOOKS.get(f)
                if outlook is not None:
                    values[i] = values[i] + outlook(g, i)
        top = max(values)
        t = self.temperature
        exps = [math.exp((v - top) / t) for v in values]
        total = sum(exps)
        return [x / total for x in exps] if total > 0 else [1.0 / n] * n

    def _greedy(self, g: Game, seat: int, opts: list[Option]) -> Option:
        best, best_v = opts[0], -1e18
        if len(opts) == 1:
            return best
        for o in opts:
            c = g.copy()
            c.apply(o)
            v = self.evaluator.standing(c, seat) + 0.01 * prior(o) + 1e-6 * self.rng.random()
            if v > best_v:
                best, best_v = o, v
        return best
