"""The step registry: every piece of the game's procedure is a named step.

A step on the game's stack is a plain tuple ``(name, seat, *args)``: immutable,
cheap to copy, trivially saved. Its handler is registered here by name. A handler
is either automatic (``run``) or a choice (``options`` + ``apply``); the legal
options and their effect live side by side in one class so they cannot drift.
Factions register their own steps from their own modules with ``register_steps``.
Handlers are plain classes with instance methods, compiled by mypyc
(docs/compiled_style.md).
"""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final

if TYPE_CHECKING:
    from rootlaw.core.game import Game
    from rootlaw.core.options import Option

Step = tuple[Any, ...]


class Handler:
    """Base for step handlers. Subclasses set ``name`` and override methods."""

    name: str = ""
    auto: bool = False  # an automatic step: ``run``; else a choice: ``options``/``apply``
    kind: str = "choice"
    rule: str = ""
    prompt: str = ""

    def run(self, g: Game, st: Step) -> None:  # automatic steps
        raise NotImplementedError(self.name)

    def options(self, g: Game, st: Step) -> list[Option]:  # choice steps: never empty
        raise NotImplementedError(self.name)

    def apply(self, g: Game, st: Step, o: Option) -> None:  # choice steps
        raise NotImplementedError(self.name)

    def describe(self, g: Game, st: Step) -> str:
        return self.prompt

    def why_not(self, g: Game, st: Step, o: Any) -> str:
        """Why ``o`` is not an option of this choice now, naming the rule, where the
        step can say more than "not legal" (A.8.1.II a locked card); "" otherwise."""
        return ""


class FunctionStep(Handler):
    """A choice step made of two plain functions: for code that is not compiled with
    the engine (tests, plug-ins), which cannot subclass the compiled Handler."""

    def __init__(self, name: str, kind: str,
                 options: Callable[[Game, Step], list[Option]],
                 apply: Callable[[Game, Step, Option], None],
                 rule: str = "", prompt: str = "") -> None:
        self.name = name
        self.kind = kind
        self.rule = rule
        self.prompt = prompt
        self._options = options
        self._apply = apply

    def options(self, g: Game, st: Step) -> list[Option]:
        return self._options(g, st)

    def apply(self, g: Game, st: Step, o: Option) -> None:
        self._apply(g, st, o)


STEPS: Final[dict[str, Handler]] = {}


def register_steps(*handlers: Handler) -> None:
    """Register handlers under their names (each name once)."""
    for h in handlers:
        if not h.name or h.name in STEPS:
            raise ValueError(f"step name missing or duplicated: {h.name!r}")
        STEPS[h.name] = h
