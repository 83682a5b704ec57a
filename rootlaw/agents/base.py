"""The agent interface: see only the seat's view, pick one listed option.

Every agent (random, heuristic, MCTS, a person at the terminal) is called the same way:

    agent.choose(view, options, sampler)

- ``view`` is ``game.view(seat)`` for the deciding seat (an empty dict when the agent
  says ``needs_view = False``); ``view["decision"]`` is the decision (seat, kind, rule,
  prompt, options, labels);
- ``options`` is the decision's list of options (plain tuples);
- ``sampler`` is a ``rootlaw.core.determinize.Sampler`` for the seat: each
  ``sampler.sample()`` is a whole Game consistent with what the seat knows, its secrets
  drawn again (``None`` when the caller has none: such agents then fall back on what the
  view alone tells, see each agent).

An agent never receives the real Game. ``decide(agent, game)`` makes the call for the
seat that decides now, the way the simulator, the terminal and the RL environment do.
"""
from __future__ import annotations

import weakref
from typing import TYPE_CHECKING, Any, Final, Protocol

from rootlaw.core.options import Option

if TYPE_CHECKING:
    from rootlaw.core.determinize import Sampler
    from rootlaw.core.game import Game


class Agent(Protocol):
    name: str
    needs_view: bool  # False: the caller may pass an empty view (saves building it)
    needs_sampler: bool  # False: the caller may pass no sampler

    def choose(self, view: dict[str, Any], options: list[Option],
               sampler: Sampler | None = None) -> Option:
        """Return one of ``options`` (see the module's docstring)."""
        ...


# verbs that end a step or an action (a phase's "end", a step's "done", a refusal)
ENDS: Final = ("done", "end", "v_end", "end_march", "skip", "decline")
# decisions one seat makes in one turn before it ends every step it can: an action of
# "any number" of steps (the Spinners' Skitter, SOM.5.3; Daylight crafts; moves; the
# Keepers' retinue) offers steps back and forth that an agent may value as much as
# stopping, for ever. The Riverfolk's longest turns (funds spent one by one) take 90 in
# random and heuristic games (36 games of every faction); past this, the turn has gone on
# far too long
TURN_BUDGET: Final = 100


class TurnBudget:
    """The decisions a seat has made in the current turn (the agent's own count, or the
    caller's when the agent is built again at each decision, as the web does)."""

    __slots__ = ("turn", "seat", "made")

    def __init__(self) -> None:
        self.turn, self.seat, self.made = -1, "", 0

    def spend(self, turn: int, seat: str) -> bool:
        """Count one decision of ``seat`` in ``turn``; whether the turn is past the budget."""
        if turn != self.turn or seat != self.seat:
            self.turn, self.seat, self.made = turn, seat, 0
        self.made += 1
        return self.made > TURN_BUDGET


def ending(options: list[Option]) -> Option | None:
    """The option that ends a step or an action, if the decision has one."""
    for verb in ENDS:
        for o in options:
            if o and o[0] == verb:
                return o
    return None


# each agent object's count, when the caller keeps none (the simulator, the terminal)
_BUDGETS: weakref.WeakKeyDictionary[Any, TurnBudget] = weakref.WeakKeyDictionary()


def own_budget(agent: Agent) -> TurnBudget:
    """The agent's count: its ``budget`` attribute (rootlaw's agents have one: a compiled
    class takes no weak reference), else one kept for it while it lives."""
    own = getattr(agent, "budget", None)
    if isinstance(own, TurnBudget):
        return own
    try:
        budget = _BUDGETS.get(agent)
        if budget is None:
            budget = _BUDGETS[agent] = TurnBudget()
        return budget
    except TypeError:  # neither: a fresh count each decision, so this agent is not bounded
        return TurnBudget()


def decide(agent: Agent, game: Game, seed: int = 0,
           budget: TurnBudget | None = None) -> Option:
    """Ask ``agent`` for the option of the seat deciding now in ``game``: it gets the
    seat's view and a sampler of determinized games, never ``game`` itself. Past
    TURN_BUDGET decisions of the seat in one turn, the step is ended for it where the
    decision can end it, whatever the agent (``budget``: the count to keep; default the
    agent's own)."""
    from rootlaw.core.determinize import Sampler

    d = game.decision
    if d is None:
        raise ValueError("the game is over: no decision is pending")
    if budget is None:
        budget = own_budget(agent)
    options = list(d.options)
    if budget.spend(game.turn_no, d.seat):
        stop = ending(options)
        if stop is not None:
            return stop
    view = game.view(d.seat) if agent.needs_view else {}
    sampler = Sampler(game, d.seat, seed) if getattr(agent, "needs_sampler", False) else None
    return agent.choose(view, options, sampler)


AGENT_NAMES = ("random", "heuristic", "mcts", "easy", "medium", "hard")
# difficulty levels for people (``rootlaw play --vs hard``, the web lobby's "agent:hard"):
# a level is an agent and its budget (their measured strength: docs/agents.md)
LEVELS: dict[str, str] = {"easy": "heuristic", "medium": "mcts:0.25", "hard": "mcts:1.0"}
LEVEL_TEXT: dict[str, str] = {
    "easy": "one-ply heuristic, instant",
    "medium": "search, a quarter second a decision",
    "hard": "search, one second a decision",
}


def make_agent(kind: str, seed: int = 0) -> Agent:
    """Build an agent from its name and parameters:

    - ``easy``, ``medium``, ``hard``: the difficulty levels (``LEVELS``);
    - ``random``;
    - ``heuristic`` (``heuristic:samples=3,depth=4,pace=1``);
    - ``mcts``, ``mcts:0.2`` (seconds per decision), ``mcts:iters=400``,
      ``mcts:1.0,rollout=random,horizon=8,c=0.7,bias=1,norm=0,temp=4,hints=1`` (see
      rootlaw.agents.mcts; ``hints=0``: without the factions' hints, rootlaw.agents.hints;
      without ``norm``, the means are scaled for the factions in NORM_FACTIONS only;
      without ``reuse``, the tree is reused for the factions in REUSE_FACTIONS only).

    ``pace`` scales the evaluation's pace weights (rootlaw.agents.heuristic.PACE; 0: off);
    ``fit=1`` evaluates by the fit to outcomes (FittedEvaluator) for every seat, ``fit=0``
    never; the search's default is the fit only when it plays a faction in FIT_FACTIONS.
    """
    name, _, params = kind.partition(":")
    if name in LEVELS:
        if params:
            raise ValueError(f"agent {kind!r}: a level takes no parameters "
                             f"({name} is {LEVELS[name]})")
        return make_agent(LEVELS[name], seed)
    args = _params(kind, params)
    if name == "random":
        from rootlaw.agents.random_agent import RandomAgent

        _only(kind, args, set())
        return RandomAgent(seed)
    if name == "heuristic":
        from rootlaw.agents.heuristic import HeuristicAgent

        _only(kind, args, {"samples", "depth", "pace", "fit", "learned", "model"})
        return HeuristicAgent(seed, samples=int(args.get("samples", 1)),
                              depth=int(args.get("depth", 3)), evaluator=_evaluator(args))
    if name == "mcts":
        from rootlaw.agents.mcts import MCTSAgent

        _only(kind, args, {"seconds", "iters", "rollout", "horizon", "c", "bias", "pace",
                           "norm", "temp", "greedy", "widen", "fit", "hints", "reuse",
                           "halving", "learned", "model"})
        return MCTSAgent(seed, seconds=float(args["seconds"]) if "seconds" in args else None,
                         iterations=int(args["iters"]) if "iters" in args else None,
                         rollout=str(args.get("rollout", "prior")),
                         horizon=int(args.get("horizon", 0)),
                         c=float(args.get("c", 0.7)), bias=float(args.get("bias", 1.0)),
                         norm=_switch(args, "norm"),
                         temperature=float(args["temp"]) if "temp" in args else None,
                         greedy=int(args.get("greedy", 0)),
                         widen=float(args.get("widen", 0)),
                         hints=bool(float(args.get("hints", 1))),
                         reuse=_switch(args, "reuse"),
                         halving=int(args.get("halving", 0)), evaluator=_evaluator(args),
                         own=_fitted_for(args))
    raise ValueError(f"unknown agent {kind!r} (known: {', '.join(AGENT_NAMES)})")


def _switch(args: dict[str, str], key: str) -> bool | None:
    """A per-faction setting: on or off for every faction if given (``norm=1``,
    ``reuse=0``), else None, the agent's default for each faction."""
    return bool(float(args[key])) if key in args else None


def _fitted_for(args: dict[str, str]) -> dict[str, Any]:
    """Without ``fit`` or ``learned``, the search evaluates by the learned model where
    that was shown to play better (LEARNED_FACTIONS), else by the fit where that was
    (FIT_FACTIONS); ``fit=1`` / ``learned=1`` for every faction, ``=0`` for none."""
    from rootlaw.agents.heuristic import FIT_FACTIONS, FittedEvaluator
    from rootlaw.agents.value import LEARNED_FACTIONS

    if "learned" in args or "fit" in args:
        return {}
    pace = float(args.get("pace", 1.0))
    own: dict[str, Any] = dict.fromkeys(FIT_FACTIONS - LEARNED_FACTIONS,
                                        FittedEvaluator(pace=pace))
    if LEARNED_FACTIONS:
        learned = _learned(args, pace)
        own.update(dict.fromkeys(LEARNED_FACTIONS, learned))
    return own


def _learned(args: dict[str, str], pace: float) -> Any:
    """The learned evaluation: the shipped model, or the file ``model=PATH``."""
    from rootlaw.agents.value import LearnedEvaluator, load_model

    path = args.get("model")
    return LearnedEvaluator(load_model(path) if path else None, pace=pace)


def _evaluator(args: dict[str, str]) -> Any:
    from rootlaw.agents.heuristic import Evaluator, FittedEvaluator

    pace = float(args.get("pace", 1.0))
    if float(args.get("learned", 0)):
        return _learned(args, pace)
    return FittedEvaluator(pace=pace) if float(args.get("fit", 0)) else Evaluator(pace=pace)


def _params(kind: str, text: str) -> dict[str, str]:
    """``0.2`` or ``0.2,iters=5`` or ``k=v,k=v``: a bare number is seconds."""
    out: dict[str, str] = {}
    for part in filter(None, (p.strip() for p in text.split(","))):
        key, eq, value = part.partition("=")
        if not eq:
            key, value = "seconds", part
        try:
            float(value)
        except ValueError:
            if key not in ("rollout", "model"):
                raise ValueError(f"agent {kind!r}: {key} must be a number, not {value!r}") from None
        out[key.strip()] = value.strip()
    return out


def _only(kind: str, args: dict[str, str], known: set[str]) -> None:
    extra = sorted(set(args) - known)
    if extra:
        raise ValueError(f"agent {kind!r}: unknown parameter(s) {', '.join(extra)}"
                         f" (known: {', '.join(sorted(known)) or 'none'})")
