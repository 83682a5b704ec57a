"""The step registry: every piece of the game's procedure is a named step.

A step on the game's stack is a plain tuple ``(name, seat, *args)``: immutable,
cheap to copy, trivially saved. Its handler is registered here by name. A handler
is either automatic (``run``) or a choice (``options`` + ``apply``); the legal
options and their effect live side by side in one class so they cannot drift.
Factions register their own steps from their own modules.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar

if TYPE_CHECKING:
    from rootlaw.core.game import Game
    from rootlaw.core.options import Option

Step = tuple[Any, ...]


class Handler:
    """Base for step handlers. Subclasses set ``name`` and override methods."""

    name: ClassVar[str] = ""
    auto: ClassVar[bool] = False
    kind: ClassVar[str] = "choice"
    rule: ClassVar[str] = ""
    prompt: ClassVar[str] = ""

    @staticmethod
    def run(g: Game, st: Step) -> None:  # automatic steps
        raise NotImplementedError

    @staticmethod
    def options(g: Game, st: Step) -> list[Option]:  # choice steps: never empty
        raise NotImplementedError

    @staticmethod
    def apply(g: Game, st: Step, o: Option) -> None:  # choice steps
        raise NotImplementedError

    @classmethod
    def describe(cls, g: Game, st: Step) -> str:
        return cls.prompt


STEPS: dict[str, type[Handler]] = {}
# the engine loop's view of a handler: (None, run) for automatic steps, else
# (options, apply); one dict lookup and no attribute lookups per step
Runner = tuple[Callable[..., Any] | None, Callable[..., Any]]
RUNNERS: dict[str, Runner] = {}


def step(cls: type[Handler]) -> type[Handler]:
    """Class decorator: register a handler under its ``name``."""
    if not cls.name or cls.name in STEPS:
        raise ValueError(f"step name missing or duplicated: {cls.name!r}")
    STEPS[cls.name] = cls
    RUNNERS[cls.name] = (None, cls.run) if cls.auto else (cls.options, cls.apply)
    return cls
