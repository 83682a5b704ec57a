"""rootlaw: the board game Root, by the Law of Root.

    import rootlaw
    game = rootlaw.new_game(factions=["marquise", "eyrie"], map="fall", seed=7)
    while not game.is_over:
        game.apply(game.decision.options[0])
"""
from __future__ import annotations

from typing import Any

from rootlaw import factions as _factions  # noqa: F401  (registers the factions)
from rootlaw.core import battle as _battle  # noqa: F401  (registers core steps)
from rootlaw.core import craft as _craft  # noqa: F401
from rootlaw.core import turn as _turn  # noqa: F401
from rootlaw.core.catalog import DECK_FILES, MAP_NAMES
from rootlaw.core.errors import IllegalAction, LoadError, RootlawError, SetupError
from rootlaw.core.faction_api import FACTIONS, Faction
from rootlaw.core.game import Game
from rootlaw.core.options import Decision, Option

__all__ = ["Decision", "Faction", "Game", "IllegalAction", "LoadError", "Option",
           "RootlawError", "SetupError", "new_game"]
__version__ = "0.1.0"


def new_game(factions: list[str], map: str = "fall", deck: str = "standard", seed: int = 0,
             **kwargs: Any) -> Game:
    """Set up a game (5.1) and run it to the first decision."""
    if kwargs:
        raise SetupError(f"unknown options: {', '.join(sorted(kwargs))}")
    factions = [str(f) for f in factions]
    for f in factions:
        if f not in FACTIONS:
            known = ", ".join(sorted(FACTIONS))
            raise SetupError(f"unknown or not yet implemented faction {f!r} (known: {known})")
    if len(set(factions)) != len(factions):
        raise SetupError("a faction can take only one seat")
    if "vagabond2" in factions and "vagabond" not in factions:
        raise SetupError("the second Vagabond plays only beside the first (9.7)")
    if not 2 <= len(factions) <= 4:
        raise SetupError("Root is played by 2 to 4 players here (5.1)")
    if map not in MAP_NAMES:
        raise SetupError(f"unknown map {map!r} (known: {', '.join(MAP_NAMES)})")
    if deck not in DECK_FILES:
        raise SetupError(f"unknown deck {deck!r} (known: {', '.join(DECK_FILES)})")
    if deck != "standard":
        raise SetupError("only the standard deck's card effects are implemented so far")
    if not isinstance(seed, int):
        raise SetupError("seed must be an integer")
    return Game.new(factions, map=map, deck_name=deck, seed=seed)
