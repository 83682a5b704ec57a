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
from rootlaw import hirelings as _hirelings  # noqa: F401  (registers the hireling cards)
from rootlaw import prototype as _prototype  # noqa: F401  (the prototype rule set, saves too)
from rootlaw.core import advanced as _advanced  # noqa: F401  (Appendix A steps)
from rootlaw.core import battle as _battle  # noqa: F401  (registers core steps)
from rootlaw.core import cards_ep as _cards_ep  # noqa: F401  (registers the E&P card steps)
from rootlaw.core import craft as _craft  # noqa: F401
from rootlaw.core import landmarks as _landmarks  # noqa: F401  (Appendix F steps)
from rootlaw.core import turn as _turn  # noqa: F401
from rootlaw.core.catalog import DECK_FILES, MAP_NAMES, board
from rootlaw.core.errors import IllegalAction, LoadError, RootlawError, SetupError
from rootlaw.core.faction_api import FACTIONS, Faction, is_seat_name
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


def new_game(factions: list[str] | None = None, map: str = "fall", deck: str = "standard",
             seed: int = 0,
             bot_difficulty: dict[str, str] | None = None,
             bot_traits: dict[str, list[str]] | None = None,
             cooperative: bool = False,
             bot_setup: dict[str, dict[str, str]] | None = None,
             suits: str | list[str] | None = None, *, setup: str = "standard",
             players: int | None = None, bots: list[str] | None = None,
             insurgents_at_two: bool = False, landmarks: int | list[str] | None = None,
             map_landmarks: str | None = None, hirelings: int | list[str] | None = None,
             crusader: bool = False, **kwargs: Any) -> Game:
    """Set up a game and run it to the first decision.

    ``rules``: "law" (the Law of Root, the default) or "prototype" (the print-and-play
    edition, rootlaw.prototype: its own options, the Law's refused).
    ``setup``: "standard" (5.1) or "advanced" (Appendix A). ``factions`` seats the given
    factions (2 to 6; the Standard Setup takes at most four that start in corners,
    section 5); with the Advanced Setup they set up by their faction setup cards in
    reverse turn order (A.8.2, homelands). ``players=N`` (Advanced Setup only) drafts
    the factions instead (A.8.1-2): N seats, ``bots`` of them taken by the named bots
    (A.3), the others named ``seat1``, ``seat2``... until they choose.
    ``insurgents_at_two`` keeps the insurgent cards in a two-player draft (A.8.1.I:
    only with hirelings).
    ``crusader`` (a draft, A.8.1) deals the setup cards of the Crusader expansion's
    factions (fan-made) with the Law's: readings of a text that prints none
    (rootlaw/data/crusader.json, docs/rulings.md).
    ``landmarks`` (Advanced Setup only, A.5, Appendix F): 1 or 2 landmark cards dealt at
    random, or a list of one or two landmark ids (tower, ferry, lost_city,
    legendary_forge, black_market, elder_treetop) to deal; the last and second-to-last
    players set them up. ``map_landmarks``: "keep" (default) or "ignore" the Lake's
    Ferry and the Mountain's Tower (A.5; a dealt Tower or Ferry card sets its piece up
    instead).
    ``hirelings`` (Advanced Setup only, A.6, Appendix E): 3, dealt at random, or a list of
    three hireling ids (forest_patrol, last_dynasty, spring_uprising, the_exile,
    riverfolk_flotilla, warm_sun_prophets, highway_bandits, sunward_expedition,
    corvid_spies, furious_protector, flame_bearers, vault_keepers, popular_band); the
    factions they correspond to cannot be played (A.6.5).

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
    rules = kwargs.pop("rules", "law")
    if rules != "law" and crusader:
        raise SetupError("the Crusader factions play by the Law of Root: not with the "
                         f"{rules} rules")
    if rules != "law" and hirelings is not None:
        raise SetupError("hirelings are Appendix E of the Law: not of the prototype rules")
    if rules != "law":  # another rule set (DESIGN.md; issue 40): its own package sets it up
        from rootlaw.prototype import new_game as variant_game

        return variant_game(rules, factions, map, deck, seed, suits=suits, setup=setup,
                            players=players, bots=bots, bot_difficulty=bot_difficulty,
                            bot_traits=bot_traits, cooperative=cooperative, bot_setup=bot_setup,
                            insurgents_at_two=insurgents_at_two, **kwargs)
    if kwargs:
        raise SetupError(f"unknown options: {', '.join(sorted(kwargs))}")
    if setup not in SETUPS:
        raise SetupError(f"unknown setup {setup!r} (known: {', '.join(SETUPS)})")
    seats = _seats(factions, players, bots, setup)
    given = [f for f in seats if not is_seat_name(f)]
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
    options = _bot_options(given, bot_difficulty or {}, bot_traits or {}, cooperative,
                           bot_setup or {}, humans=len(seats) - sum(
                               1 for f in given if FACTIONS[f].is_bot))
    if layout is not None:
        options["suits"] = layout
    if landmarks is not None or map_landmarks is not None:
        options.update(_landmark_options(landmarks, map_landmarks, setup, len(seats)))
    if hirelings is not None:
        options["hirelings"] = _hireling_options(hirelings, setup, seats, insurgents_at_two)
    if setup == "advanced":
        options["setup"] = "advanced"
        if crusader:
            options["crusader"] = True  # the Crusader setup cards join the draft (A.8.1)
        _check_draft(seats, insurgents_at_two, hirelings is not None, crusader)
        if insurgents_at_two:
            options["insurgents_at_two"] = True
    elif insurgents_at_two:
        raise SetupError("insurgents_at_two is a rule of the Advanced Setup's draft (A.8.1.I)")
    elif crusader:
        raise SetupError("crusader adds setup cards to the Advanced Setup's draft (A.8.1): "
                         "setup='advanced'")
    return Game.new(seats, map=map, deck_name=deck, seed=seed, options=options)


SETUPS = ("standard", "advanced")
MAX_PLAYERS = 6  # the Law's setup rules reach six players (5.2, A.6.2)
CORNER_LIMIT = 4  # section 5: more factions that start in corners need Appendix A


def _seats(factions: list[str] | None, players: int | None, bots: list[str] | None,
           setup: str) -> list[str]:
    """The seats to set up: the factions given, or N seats to draft (A.8) with bots."""
    if players is not None:
        if factions is not None:
            raise SetupError("give factions=[...] or players=N (a draft, A.8), not both")
        if setup != "advanced":
            raise SetupError("players=N drafts the factions with setup cards: that is the "
                             "Advanced Setup (A.8), setup='advanced'")
        if not isinstance(players, int) or not 2 <= players <= MAX_PLAYERS:
            raise SetupError(f"Root is played by 2 to {MAX_PLAYERS} players (5.2, A.6.2)")
        bots = [str(b) for b in bots or []]
        for b in bots:
            if b not in FACTIONS or not FACTIONS[b].is_bot:
                raise SetupError(f"bots names {b!r}, which is not a bot (A.3)")
        if len(bots) > players:
            raise SetupError(f"{len(bots)} bots do not fit {players} seats (A.3)")
        seats = [f"seat{i + 1}" for i in range(players - len(bots))] + bots
    elif factions is None:
        raise SetupError("give factions=[...] or, with setup='advanced', players=N")
    elif bots:
        raise SetupError("bots= goes with players=N; list the bots among factions=[...]")
    else:
        seats = [str(f) for f in factions]
    for f in seats:
        if f not in FACTIONS and not (players is not None and is_seat_name(f)):
            known = ", ".join(sorted(FACTIONS))
            raise SetupError(f"unknown or not yet implemented faction {f!r} (known: {known})")
    if len(set(seats)) != len(seats):
        raise SetupError("a faction can take only one seat")
    if "vagabond2" in seats and "vagabond" not in seats:
        raise SetupError("the second Vagabond plays only beside the first (9.7)")
    if not 2 <= len(seats) <= MAX_PLAYERS:
        raise SetupError(f"Root is played by 2 to {MAX_PLAYERS} players (5.2, A.6.2)")
    corners = sum(1 for f in seats if f in FACTIONS and FACTIONS[f].corner_setup)
    if setup == "standard" and corners > CORNER_LIMIT:
        raise SetupError(f"{corners} factions that start in corner clearings need the "
                         f"Advanced Setup (section 5): setup='advanced'")
    return seats


def _landmark_options(landmarks: Any, map_landmarks: Any, setup: str,
                      players: int) -> dict[str, Any]:
    """A.5: the landmarks asked for, checked (SetupError names the problem)."""
    from rootlaw.core.landmarks import MAP_PIECES, check_landmarks

    if setup != "advanced":
        raise SetupError("landmarks are set up in step 5 of the Advanced Setup (A.5): "
                         "setup='advanced'")
    if landmarks is None:
        raise SetupError("map_landmarks goes with landmarks (A.5: when playing with them, "
                         "the map's Tower and Ferry may be ignored)")
    try:
        chosen = check_landmarks(landmarks, players)
    except ValueError as e:
        raise SetupError(str(e)) from None
    out: dict[str, Any] = {"landmarks": chosen}
    if map_landmarks is not None:
        if map_landmarks not in MAP_PIECES:
            raise SetupError(f"map_landmarks is one of {', '.join(MAP_PIECES)} (A.5), "
                             f"not {map_landmarks!r}")
        out["map_landmarks"] = map_landmarks
    return out


def _hireling_options(hirelings: Any, setup: str, seats: list[str],
                      insurgents_at_two: bool) -> Any:
    """A.6: the hirelings asked for, checked (SetupError names the rule)."""
    from rootlaw.core.hire import check_chosen

    if setup != "advanced":
        raise SetupError("hirelings are set up in step 6 of the Advanced Setup (A.6): "
                         "setup='advanced'")
    try:
        return check_chosen(hirelings, seats, insurgents_at_two)
    except ValueError as e:
        raise SetupError(str(e)) from None


def _check_draft(seats: list[str], insurgents_at_two: bool, hirelings: bool = False,
                 crusader: bool = False) -> None:
    """A.8.1: enough setup cards for the players who choose, one militant among them."""
    from rootlaw.core.advanced import draft_pool_size, open_cards, setup_cards

    undrafted = sum(1 for f in seats if is_seat_name(f))
    if insurgents_at_two and not hirelings:
        raise SetupError("A.8.1.I: insurgent cards stay in a two-player draft only with "
                         "hirelings (Appendix E)")
    if not undrafted:
        return
    taken = [FACTIONS[f].replaces or f for f in seats if not is_seat_name(f)]
    militant, insurgent = open_cards(taken, len(seats), insurgents_at_two,
                                     cards=setup_cards({"crusader": crusader}))
    need = draft_pool_size(undrafted)
    if not militant or len(militant) + len(insurgent) < need:
        raise SetupError(f"A.8.1: the draft needs {need} setup cards with a militant one; "
                         f"{len(militant)} militant and {len(insurgent)} insurgent remain")


def _bot_options(factions: list[str], difficulty: dict[str, str],
                 traits: dict[str, list[str]], cooperative: bool,
                 bot_setup: dict[str, dict[str, str]], humans: int) -> dict[str, Any]:
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
    if cooperative and (not humans or not any(fd.is_bot for fd in defs.values())):
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
