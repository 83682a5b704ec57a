"""The prototype rule set: Root's print-and-play edition (seeds/001), a legacy variant.

    import rootlaw
    game = rootlaw.new_game(["marquise", "eyrie", "alliance", "vagabond"], seed=7,
                            rules="prototype")

Its four factions (Marquise de Cat, Eyrie Dynasties, Woodland Alliance, Vagabond) play
by the prototype's rules on the Fall map, 2 to 4 players, on the core's loop, steps,
views, log and replay (DESIGN.md, "Rule sets"); nothing here is read by the Law's
modules. Citations ``P5.7.2`` are anchors of the rules reference (/rules/prototype).
What the text leaves out is reconstructed, and said so (docs/rulings.md, Prototype).
"""
from __future__ import annotations

from typing import Any, Final

from rootlaw.core.errors import SetupError
from rootlaw.core.faction_api import FACTIONS
from rootlaw.core.game import Game
from rootlaw.prototype import (  # noqa: F401  (each module registers its steps)
    alliance,
    battle,
    cards,
    craft,
    eyrie,
    hits,
    marquise,
    moves,
    turn,
    vagabond,
)
from rootlaw.prototype.base import ORDER, RULES, RULESET

__all__ = ["FACTION_IDS", "RULES", "new_game"]

FACTION_IDS: Final = ORDER  # P1 Introduction: its four factions
MAP: Final = "fall"
DECK: Final = "prototype"
# what ``rootlaw.new_game`` passes on by default: anything else is a Law-only option
_DEFAULTS: Final[dict[str, Any]] = {
    "suits": None, "setup": "standard", "players": None, "bots": None,
    "bot_difficulty": None, "bot_traits": None, "cooperative": False, "bot_setup": None,
    "insurgents_at_two": False}


def new_game(rules: str, factions: list[str] | None, map: str = MAP, deck: str = "standard",
             seed: int = 0, **options: Any) -> Game:
    """Set up a game of the prototype rules (``rootlaw.new_game(..., rules="prototype")``)
    and run it to the first decision. Only the factions, the seed, the Fall map and the
    prototype's own deck: other options belong to the Law and are refused."""
    if rules != RULES:
        raise SetupError(f"unknown rule set {rules!r} (known: law, {RULES})")
    for key, value in options.items():
        if key not in _DEFAULTS:
            raise SetupError(f"unknown options: {key}")
        if value and value != _DEFAULTS[key]:  # empty ({}, [], None): not given
            raise SetupError(f"{key} is an option of the Law's games, not of the prototype's")
    if factions is None:
        raise SetupError("the prototype seats the factions given (P2.1): pass factions")
    factions = [str(f) for f in factions]
    for f in factions:
        if f in RULESET.factions:
            continue
        if f in FACTIONS and FACTIONS[f].is_bot:
            raise SetupError(f"{f} is a Rootbotics bot: the bots play by the Law of Root "
                             f"only, not by the prototype's rules")
        raise SetupError(f"the prototype has no faction {f!r} (its four: {', '.join(ORDER)})")
    if len(set(factions)) != len(factions):
        raise SetupError("a faction can take only one seat")
    if not 2 <= len(factions) <= len(ORDER):
        raise SetupError("the prototype is played by 2 to 4 players (P1.5 Player Scaling)")
    if "marquise" not in factions:
        raise SetupError("every prototype game has the Marquise: the card draw is on her turn "
                         "(P7.10.1, P9.4.1) and every configuration the text gives has her "
                         "(P1.5 Player Scaling)")
    if map != MAP:
        raise SetupError(f"the prototype is played on the Fall map here, not {map!r}")
    if deck not in ("standard", DECK):  # "standard": the Law's default, passed on as is
        raise SetupError(f"the prototype has its own deck, not {deck!r}")
    if not isinstance(seed, int):
        raise SetupError("seed must be an integer")
    return Game.new(factions, map=MAP, deck_name=DECK, seed=seed, options={"rules": RULES})
