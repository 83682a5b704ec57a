"""Uniformly random legal play, from its own seeded RNG."""
from __future__ import annotations

import random
from typing import Any

from rootlaw.core.options import Option


class RandomAgent:
    name = "random"
    needs_view = False

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: dict[str, Any], options: list[Option]) -> Option:
        return options[self.rng.randrange(len(options))]
