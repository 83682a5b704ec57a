"""The request that creates a game (POST /api/games), read field by field.

Each field of the body has one entry in FIELDS: a parser built from the small
combinators below (a string, a boolean, a list or an object of them), its default,
and whether it is passed to ``rootlaw.new_game`` under its own name. A new option is
one more entry; anything the parser refuses is a 422 naming the field, and the engine's
own SetupError a 422 ``bad_setup``.

The seed decides every hand and the deck order, so whoever knows it knows every
secret. A game whose seats are held by two or more people (by links) draws its seed
from ``secrets`` on the server; a client's seed is refused there, and allowed only
for hotseat games (``"hotseat": true``: every person at one screen), games with one
person, or bots and agents alone (tests, replays of a known deal). The state says
which it was (``seed_from``); the seed itself is shown once the game is over.
"""
from __future__ import annotations

import secrets
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import rootlaw
from rootlaw.core.faction_api import FACTIONS
from rootlaw.server.errors import ApiError
from rootlaw.server.inputs import shown
from rootlaw.server.play import pace
from rootlaw.server.play.seats import AGENT, BOT, HUMAN, agent_names

MAX_SEED = 2**63 - 1   # a client's seed (the engine's RNG state is 64 bits)
SERVER_SEED_BITS = 63  # the server's: far past brute force (2**63 deals); JSON keeps it exact
Parser = Callable[[Any], Any]


class Invalid(ValueError):
    """A value is refused: ``message`` says why, ``path`` where inside the field."""

    def __init__(self, message: str, path: str = "") -> None:
        super().__init__(message)
        self.message, self.path = message, path


def _bad(code: str, message: str, param: str | None = None) -> ApiError:
    return ApiError(422, code, message, param)


# ---------------------------------------------------------------- combinators

def text(max_len: int = 64) -> Parser:
    def parse(value: Any) -> str:
        if not isinstance(value, str) or not 0 < len(value) <= max_len:
            raise Invalid(f"must be a string of 1 to {max_len} characters")
        return value
    return parse


def boolean(value: Any) -> bool:
    if not isinstance(value, bool):
        raise Invalid("must be true or false")
    return value


def listing(item: Parser, max_items: int = 16) -> Parser:
    def parse(value: Any) -> list[Any]:
        if not isinstance(value, list) or len(value) > max_items:
            raise Invalid(f"must be a list of at most {max_items} items")
        return [_at(item, v, f"[{i}]") for i, v in enumerate(value)]
    return parse


def mapping(item: Parser, max_items: int = 16) -> Parser:
    """An object keyed by short strings (faction ids, choice names)."""
    def parse(value: Any) -> dict[str, Any]:
        if not isinstance(value, dict) or len(value) > max_items:
            raise Invalid(f"must be an object of at most {max_items} entries")
        for k in value:
            if not 0 < len(k) <= 64:
                raise Invalid(f"has a key of {len(k)} characters (keys have 1 to 64)")
        return {k: _at(item, v, f".{shown(k)[1:-1]}") for k, v in value.items()}
    return parse


def _at(parse: Parser, value: Any, where: str) -> Any:
    try:
        return parse(value)
    except Invalid as e:
        raise Invalid(e.message, where + e.path) from None


def landmark_choice(value: Any) -> int | list[str]:
    """A.5: how many landmarks to deal (1 or 2), or the ids of those to deal; the engine
    checks the rest (a 422 bad_setup names the rule)."""
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, list):
        out: list[str] = listing(text(), max_items=6)(value)
        return out
    raise Invalid("must be 1, 2, or a list of landmark ids")


def hireling_choice(value: Any) -> int | list[str]:
    """A.6: three hirelings dealt at random (3), or the ids of the three; the engine
    checks the rest (a 422 bad_setup names the rule)."""
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, list):
        out: list[str] = listing(text(), max_items=3)(value)
        return out
    raise Invalid("must be 3, or a list of three hireling ids")


def seed(value: Any) -> int:
    # a seed may come as its digits: JavaScript's numbers keep 53 bits, a seed has 63
    if isinstance(value, str) and value.isascii() and value.isdigit() and len(value) < 20:
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_SEED:
        raise Invalid(f"must be a whole number from 0 to {MAX_SEED} (or its digits)")
    return value


def small_count(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 16:
        raise Invalid("must be a whole number from 0 to 16")
    return value


@dataclass(frozen=True)
class Field:
    parse: Parser
    default: Any = None
    engine: bool = True  # passed to rootlaw.new_game under the field's name


FIELDS: dict[str, Field] = {
    "factions": Field(listing(text(), max_items=8)),
    "rules": Field(text(), "law"),  # the rule set: "law" or "prototype" (issue 40)
    "map": Field(text(), "fall"),
    "deck": Field(text(), "standard"),
    "bot_difficulty": Field(mapping(text()), {}),
    "bot_traits": Field(mapping(listing(text())), {}),
    "bot_setup": Field(mapping(mapping(text())), {}),
    "cooperative": Field(boolean, False),
    # the Advanced Setup (Appendix A) with landmarks (A.5, Appendix F; issue 36)
    "setup": Field(text(), "standard"),
    # a draft (A.8): N seats, named seat1, seat2... until they choose; bots among them
    "players": Field(small_count, None),
    "bots": Field(listing(text(), max_items=8), None),
    "crusader": Field(boolean, False),  # the Crusader setup cards join the draft (A.8.1)
    "landmarks": Field(landmark_choice, None),
    "map_landmarks": Field(text(), None),
    "hirelings": Field(hireling_choice, None),  # A.6, Appendix E (issue 35)
    # the server's own fields
    "seed": Field(seed, None, engine=False),
    "seats": Field(mapping(text()), {}, engine=False),
    "hotseat": Field(boolean, False, engine=False),
    "pace": Field(pace.parse, None, engine=False),  # deadlines (issue 57)
}
CODES = {"seed": "bad_seed"}  # fields whose refusal has its own code


@dataclass(frozen=True)
class NewGame:
    """A checked create request: rootlaw.new_game's keyword arguments, each faction's
    seat kind, and whether the client chose the seed."""

    kwargs: dict[str, Any]
    kinds: dict[str, str]
    client_seed: bool
    pace: dict[str, Any] | None = None


def parse_create(body: Any) -> NewGame:
    if not isinstance(body, dict):
        raise _bad("bad_request", "the body must be a JSON object")
    extra = [k for k in body if k not in FIELDS]
    if extra:
        raise _bad("bad_request", f"unknown field {shown(extra[0])} (known: "
                   f"{', '.join(FIELDS)})", "body")
    values: dict[str, Any] = {}
    for name, spec in FIELDS.items():
        raw = body.get(name)
        if raw is None:
            if spec.default is None and name == "factions" and body.get("players") is None:
                raise _bad("bad_request", "factions is required: a list of faction ids "
                           "(or players, a number, for the Advanced Setup's draft)", name)
            values[name] = spec.default
            continue
        try:
            values[name] = spec.parse(raw)
        except Invalid as e:
            raise _bad(CODES.get(name, "bad_request"), f"{name}{e.path} {e.message}",
                       name) from None
    kinds = parse_seats(seat_keys(values), values["seats"])
    kwargs = {name: values[name] for name, spec in FIELDS.items()
              if spec.engine and values[name] is not None}
    kwargs["seed"], client_seed = choose_seed(values["seed"], kinds, values["hotseat"])
    return NewGame(kwargs, kinds, client_seed, values["pace"])


def seat_keys(values: dict[str, Any]) -> list[str]:
    """The seats: the factions, or for a draft (A.8) seat1... and the bots (the names
    the engine gives them, rootlaw.core.advanced.seat_names)."""
    players = values["players"]
    if players is None:
        if values["bots"]:
            raise _bad("bad_request", "bots goes with players (a draft); else list the bots "
                       "among factions", "bots")
        return list(values["factions"])
    if values["factions"] is not None:
        raise _bad("bad_request", "give factions or players (a draft, A.8), not both",
                   "players")
    bots = list(values["bots"] or [])
    return [f"seat{i + 1}" for i in range(max(0, players - len(bots)))] + bots


def choose_seed(given: int | None, kinds: dict[str, str], hotseat: bool) -> tuple[int, bool]:
    """The game's seed, and whether the client chose it (see the module's note)."""
    people = sum(1 for k in kinds.values() if k == HUMAN)
    if given is None:
        return secrets.randbits(SERVER_SEED_BITS), False
    if people >= 2 and not hotseat:
        raise _bad("seed_not_allowed", f"a game whose {people} people play by links draws "
                   "its seed on the server (the seed decides every hand and the deck order); "
                   "a seed may be given only for hotseat (\"hotseat\": true), one person, or "
                   "bots and agents alone", "seed")
    return given, True


def parse_seats(factions: list[str], raw: dict[str, str]) -> dict[str, str]:
    """Each faction's seat kind: bots are always "bot"; others "human" or "agent:<name>"."""
    for f in raw:
        if f not in factions:
            raise _bad("unknown_seat", f"seats names {shown(f)}, which is not in factions",
                       "seats")
    kinds = {}
    for f in factions:
        fd = FACTIONS.get(f)
        is_bot = fd is not None and fd.is_bot
        kind = raw.get(f, BOT if is_bot else HUMAN)
        if is_bot and kind != BOT:
            raise _bad("bad_seat", f"{f} is a Rootbotics bot: its seat is always 'bot'", "seats")
        if not is_bot and kind == BOT:
            raise _bad("bad_seat", f"{f} is not a bot faction; pick a bot faction "
                       f"(e.g. electric_eyrie) or 'human' / 'agent:random'", "seats")
        if kind.startswith(AGENT) and kind.removeprefix(AGENT) not in agent_names():
            raise _bad("unknown_agent", f"unknown agent {shown(kind)} (known: "
                       f"{', '.join(AGENT + a for a in agent_names())})", "seats")
        if kind not in (HUMAN, BOT) and not kind.startswith(AGENT):
            raise _bad("bad_seat", f"seat kind {shown(kind)} must be 'human', 'bot' or "
                       "'agent:<name>'", "seats")
        kinds[f] = kind
    return kinds


def start(kwargs: dict[str, Any]) -> rootlaw.Game:
    """rootlaw.new_game, its SetupError answered as 422 naming the problem."""
    try:
        return rootlaw.new_game(**kwargs)
    except rootlaw.SetupError as e:
        raise _bad("bad_setup", str(e)) from None
    except (TypeError, ValueError, AttributeError, KeyError) as e:
        raise _bad("bad_setup", f"cannot set up this game: {shown(str(e))}") from None
