"""The agent interface: see only the seat's view, pick one listed option."""
from __future__ import annotations

from typing import Any, Protocol

from rootlaw.core.options import Option


class Agent(Protocol):
    name: str
    needs_view: bool  # False: the caller may pass an empty view (saves building it)

    def choose(self, view: dict[str, Any], options: list[Option]) -> Option:
        """Return one of ``options``; ``view`` is game.view(seat) for the deciding seat."""
        ...


def make_agent(kind: str, seed: int = 0) -> Agent:
    """Build an agent by name (``random``)."""
    from rootlaw.agents.random_agent import RandomAgent

    if kind == "random":
        return RandomAgent(seed)
    raise ValueError(f"unknown agent {kind!r} (known: random)")
