"""rootlaw: the board game Root, by the Law of Root.

    import rootlaw
    game = rootlaw.new_game(factions=["marquise", "eyrie"], map="fall", seed=7)
    while not game.is_over:
        game.apply(game.decision.options[0])
"""
from __future__ import annotations

from typing import Any

from rootlaw import bots as _bots  # noqa: F401  (registers the bots)
from rootlaw import factions as _factions  # noqa: F401  (registers the factions)
from rootlaw.core import battle as _battle  # noqa: F401  (registers core steps)
from rootlaw.core import cards_ep as _cards_ep  # noqa: F401  (registers the E&P card steps)
from rootlaw.core import craft as _craft  # noqa: F401
from rootlaw.core import turn as _turn  # noqa: F401
from rootlaw.core.catalog import DECK_FILES, MAP_NAMES, board
from rootlaw.core.errors import IllegalAction, LoadError, RootlawError, SetupError
from rootlaw.core.faction_api import FACTIONS, Faction
from rootlaw.core.game import Game
from rootlaw.core.maps import check_suits
from rootlaw.core.options import Decision, Option, label

__all__ = ["BUILD", "Decision", "Faction", "Game", "IllegalAction", "LoadError", "Option",
           "RootlawError", "SetupError", "label", "new_game"]
__version__ = "0.1.0"


def _build() -> str:
    """Which build of the engine runs: "compiled" (mypyc) or "pure" (the reference)."""
    from importlib.machinery import EXTENSION_SUFFIXES

    from rootlaw.core import game

    return "compiled" if str(game.__file__).endswith(tuple(EXTENSION_SUFFIXES)) else "pure"


BUILD = _build()


def new_game(factions: list[str], map: str = "fall", deck: str = "standard", seed: int = 0,
             bot_difficulty: dict[str, str] | None = None,
             bot_traits: dict[str, list[str]] | None = None,
             cooperative: bool = False,
             bot_setup: dict[str, dict[str, str]] | None = None,
             suits: str | list[str] | None = None, **kwargs: Any) -> Game:
    """Set up a game (5.1; Advanced Setup A.1, A.2) and run it to the first decision.

    ``map``: fall, winter, lake or mountain (Appendix C); ``deck``: standard or
    exiles_partisans (A.2); ``suits``: the clearings' suits (A.1): "printed" (the Fall
    map's, its default), "random" (the 12 suit markers shuffled by the game's RNG, the
    variant maps' default), "balanced" (drawn among the most balanced layouts), or a list
    of 12 suits in clearing order, four of each.

    Bots (Law of Rootbotics) take seats by their faction ids; ``bot_difficulty``
    and ``bot_traits`` are keyed by bot faction id (3.3); ``cooperative`` plays the
    fully cooperative mode (humans against the bots). ``bot_setup`` holds a bot's own
    setup choices, keyed by bot faction id, then by the choice names its BotDef lists in
    ``setup_choices`` (e.g. the Vagabot's character, Rootbotics 7.3.1).
    """
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
    try:
        layout = check_suits(board(map), suits)
    except ValueError as e:
        raise SetupError(str(e)) from None
    if not isinstance(seed, int):
        raise SetupError("seed must be an integer")
    options = _bot_options(factions, bot_difficulty or {}, bot_traits or {}, cooperative,
                           bot_setup or {})
    if layout is not None:
        options["suits"] = layout
    return Game.new(factions, map=map, deck_name=deck, seed=seed, options=options)


def _bot_options(factions: list[str], difficulty: dict[str, str],
                 traits: dict[str, list[str]], cooperative: bool,
                 bot_setup: dict[str, dict[str, str]]) -> dict[str, Any]:
    """Check the Rootbotics setup choices (3.2, 3.3) and return them for the game."""
    from rootlaw.bots.base import DIFFICULTIES

    defs = {f: FACTIONS[f] for f in factions}
    for f, fd in defs.items():
        if fd.replaces and fd.replaces in defs:
            raise SetupError(f"{f} replaces {fd.replaces}: both cannot play (Rootbotics 3.2)")
    for f, level in difficulty.items():
        if f not in defs or not defs[f].is_bot:
            raise SetupError(f"bot_difficulty names {f!r}, which is not a bot in this game")
        if level not in DIFFICULTIES:
            raise SetupError(f"unknown difficulty {level!r} (Rootbotics 3.3.1: "
                             f"{', '.join(DIFFICULTIES)})")
    for f, names in traits.items():
        if f not in defs or not defs[f].is_bot:
            raise SetupError(f"bot_traits names {f!r}, which is not a bot in this game")
        known = getattr(defs[f], "traits", ())
        for t in names:
            if t not in known:
                raise SetupError(f"{f} has no trait {t!r} (3.3.2; known: {', '.join(known)})")
    for f, picks in bot_setup.items():
        if f not in defs or not defs[f].is_bot:
            raise SetupError(f"bot_setup names {f!r}, which is not a bot in this game")
        choices: dict[str, tuple[str, ...]] = getattr(defs[f], "setup_choices", {})
        for key, value in picks.items():
            if value not in choices.get(key, ()):
                raise SetupError(f"{f} has no setup choice {key}={value!r} (known: "
                                 f"{', '.join(f'{k}={v}' for k in choices for v in choices[k])})")
    if cooperative and (all(fd.is_bot for fd in defs.values())
                        or not any(fd.is_bot for fd in defs.values())):
        raise SetupError("cooperative play needs at least one human and one bot")
    out: dict[str, Any] = {}
    if difficulty:
        out["bot_difficulty"] = dict(difficulty)
    if traits:
        out["bot_traits"] = {f: list(v) for f, v in traits.items()}
    if cooperative:
        out["cooperative"] = True
    if bot_setup:
        out["bot_setup"] = {f: dict(v) for f, v in bot_setup.items()}
    return out
