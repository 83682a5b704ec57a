"""Uniformly random legal play, from its own seeded RNG."""
from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from rootlaw.agents.base import TurnBudget
from rootlaw.core.options import Option

if TYPE_CHECKING:
    from rootlaw.core.determinize import Sampler


class RandomAgent:
    name = "random"
    needs_view = False
    needs_sampler = False

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)
        self.budget = TurnBudget()  # decisions this turn (agents.base.decide)

    def choose(self, view: dict[str, Any], options: list[Option],
               sampler: Sampler | None = None) -> Option:
        return options[self.rng.randrange(len(options))]
