"""Who sits in each seat: a person (by a secret token), a Rootbotics bot, or an agent.

Agents are pluggable: ``register_agent("name", factory)`` makes ``"agent:name"`` a seat
kind; the agents rootlaw.agents.make_agent knows are registered on first use.
"""
from __future__ import annotations

import hashlib
import secrets
from collections.abc import Callable
from functools import cache
from typing import Any

import rootlaw
from rootlaw.agents import Agent, make_agent
from rootlaw.bots.base import DIFFICULTIES
from rootlaw.core.catalog import DECK_FILES, MAP_NAMES, deck
from rootlaw.core.faction_api import FACTIONS
from rootlaw.core.options import names as readable_names
from rootlaw.server.errors import ApiError
from rootlaw.server.resources import load_json

HUMAN, BOT, AGENT = "human", "bot", "agent:"
AgentFactory = Callable[[int], Agent]
_AGENTS: dict[str, AgentFactory] = {}
_CANDIDATES = ("random", "heuristic", "mcts")  # names make_agent may know
MAX_SEED = 2**63 - 1


def register_agent(name: str, factory: AgentFactory) -> None:
    """Make ``agent:<name>`` a seat kind; ``factory(seed)`` builds the agent."""
    _AGENTS[name] = factory


@cache
def _discover() -> None:
    for name in _CANDIDATES:
        if name in _AGENTS:
            continue
        try:
            make_agent(name, 0)
        except ValueError:
            continue
        register_agent(name, _maker(name))


def _maker(name: str) -> AgentFactory:
    def factory(seed: int) -> Agent:
        return make_agent(name, seed)

    return factory


def agent_names() -> list[str]:
    _discover()
    return sorted(_AGENTS)


def build_agent(kind: str, seed: int) -> Agent:
    """The agent for a seat kind ``agent:<name>``."""
    _discover()
    return _AGENTS[kind.removeprefix(AGENT)](seed)


def new_token() -> str:
    return secrets.token_urlsafe(24)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def catalog() -> dict[str, Any]:
    """What the lobby offers: every faction the engine has, bots with their options."""
    factions = []
    for fid, fd in FACTIONS.items():
        factions.append({
            "id": fid, "name": fd.name, "bot": fd.is_bot, "replaces": fd.replaces or None,
            "reach": fd.reach, "setup_order": fd.setup_order,
            "traits": list(getattr(fd, "traits", ()) or ()),
            "setup_choices": {k: list(v) for k, v in
                              (getattr(fd, "setup_choices", {}) or {}).items()},
        })
    cards = {cid: {"name": c.name, "suit": c.suit, "kind": c.kind}
             for name in DECK_FILES for cid, c in deck(name).cards.items()}
    return {"factions": factions, "maps": list(MAP_NAMES), "decks": list(DECK_FILES),
            "tracks": tracks(), "names": readable_names(),
            "playable_decks": ["standard", "exiles_partisans"], "cards": cards,
            "difficulties": list(DIFFICULTIES), "agents": agent_names(),
            "seat_kinds": [HUMAN, BOT] + [AGENT + a for a in agent_names()]}


def tracks() -> dict[str, Any]:
    """Each faction board's tracks, drawn under the pieces left on them (Law 6-8; the
    bots' own boards, Rootbotics 4.6, 5.6, 6.5.1), by faction and view key."""
    t = load_json("faction_tracks.json")
    m, e, a = t["marquise"], t["eyrie"], t["woodland_alliance"]
    kinds = ("sawmill", "workshop", "recruiter")
    roosts_note = "VP each Evening for the roosts on the map"
    mm = load_json("bots/mechanical_marquise.json")["track_vp"]
    return {
        "marquise": {"buildings_on_track": {
            k: {"vp": m[f"{k}_vp"], "cost": m["building_cost_wood"], "cost_unit": "wood"}
            for k in kinds}},
        "eyrie": {"roosts_on_track": {"vp": e["roost_vp_per_turn_by_roosts_on_map"],
                                      "note": roosts_note}},
        "alliance": {"sympathy_on_track": {"vp": a["sympathy_vp"],
                                           "cost": a["sympathy_cost_supporters"],
                                           "cost_unit": "supporters"}},
        "mechanical_marquise": {"buildings_on_track": {k: {"vp": mm[k]} for k in kinds}},
        "electric_eyrie": {"roosts_on_track": {
            "vp": load_json("bots/electric_eyrie.json")["roost_vp"], "note": roosts_note}},
        "automated_alliance": {"sympathy_on_track": {
            "vp": load_json("bots/automated_alliance.json")["sympathy_vp"]}},
        "duchy": {"buildings_on_track": _duchy_tracks(t["underground_duchy"])},
    }


def _duchy_tracks(d: dict[str, Any]) -> dict[str, Any]:
    """12.4, 12.6.3: the Buildings tracks uncover warriors (Citadels) and cards (Markets),
    no VP."""
    recruit = d["recruit_in_burrow_by_citadels_on_map"]
    n = int(d["citadels"])
    return {
        "citadel": {"vp": [0] * n, "bonus": [recruit[i + 1] - recruit[i] for i in range(n)],
                    "bonus_unit": "warrior(s) each Birdsong", "bonus_short": "w"},
        "market": {"vp": [0] * int(d["markets"]), "bonus": [1] * int(d["markets"]),
                   "bonus_unit": "card(s) each Evening", "bonus_short": "c"},
    }


# ---------------------------------------------------------------- the create request

def _bad(code: str, message: str, param: str | None = None) -> ApiError:
    return ApiError(422, code, message, param)


def _str_list(body: dict[str, Any], key: str) -> list[str]:
    value = body.get(key)
    if not isinstance(value, list) or not all(isinstance(x, str) for x in value):
        raise _bad("bad_request", f"{key} must be a list of faction ids", key)
    return list(value)


def _mapping(body: dict[str, Any], key: str) -> dict[str, Any]:
    value = body.get(key) or {}
    if not isinstance(value, dict):
        raise _bad("bad_request", f"{key} must be an object keyed by faction", key)
    return value


def parse_seed(value: Any) -> int:
    if value is None or value == "":
        return secrets.randbelow(2**32)
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_SEED:
        raise _bad("bad_seed", f"seed must be a whole number from 0 to {MAX_SEED}", "seed")
    return value


def parse_seats(factions: list[str], raw: dict[str, Any]) -> dict[str, str]:
    """Each faction's seat kind: bots are always "bot"; others "human" or "agent:<name>"."""
    for f in raw:
        if f not in factions:
            raise _bad("unknown_seat", f"seats names {f!r}, which is not in factions", "seats")
    kinds = {}
    for f in factions:
        fd = FACTIONS.get(f)
        is_bot = fd is not None and fd.is_bot
        kind = raw.get(f, BOT if is_bot else HUMAN)
        if not isinstance(kind, str):
            raise _bad("bad_seat", f"the seat of {f} must be a string", "seats")
        if is_bot and kind != BOT:
            raise _bad("bad_seat", f"{f} is a Rootbotics bot: its seat is always 'bot'", "seats")
        if not is_bot and kind == BOT:
            raise _bad("bad_seat", f"{f} is not a bot faction; pick a bot faction "
                       f"(e.g. electric_eyrie) or 'human' / 'agent:random'", "seats")
        if kind.startswith(AGENT) and kind.removeprefix(AGENT) not in agent_names():
            raise _bad("unknown_agent", f"unknown agent {kind!r} (known: "
                       f"{', '.join(AGENT + a for a in agent_names())})", "seats")
        if kind not in (HUMAN, BOT) and not kind.startswith(AGENT):
            raise _bad("bad_seat", f"seat kind {kind!r} must be 'human', 'bot' or "
                       "'agent:<name>'", "seats")
        kinds[f] = kind
    return kinds


def parse_create(body: Any) -> tuple[dict[str, Any], dict[str, str]]:
    """The new_game keyword arguments and the seat kinds of a POST /api/games body."""
    if not isinstance(body, dict):
        raise _bad("bad_request", "the body must be a JSON object")
    known = {"factions", "map", "deck", "seed", "seats", "bot_difficulty", "bot_traits",
             "bot_setup", "cooperative"}
    extra = sorted(set(body) - known)
    if extra:
        raise _bad("bad_request", f"unknown fields: {', '.join(extra)}", extra[0])
    factions = _str_list(body, "factions")
    kwargs: dict[str, Any] = {
        "factions": factions, "map": body.get("map", "fall"), "deck": body.get("deck", "standard"),
        "seed": parse_seed(body.get("seed")),
        "bot_difficulty": _mapping(body, "bot_difficulty"),
        "bot_traits": _mapping(body, "bot_traits"), "bot_setup": _mapping(body, "bot_setup"),
        "cooperative": bool(body.get("cooperative", False)),
    }
    seats = parse_seats(factions, _mapping(body, "seats"))
    return kwargs, seats


def start(kwargs: dict[str, Any]) -> rootlaw.Game:
    """rootlaw.new_game, its SetupError answered as 422 naming the problem."""
    try:
        return rootlaw.new_game(**kwargs)
    except rootlaw.SetupError as e:
        raise _bad("bad_setup", str(e)) from None
    except (TypeError, ValueError, AttributeError) as e:
        raise _bad("bad_setup", f"cannot set up this game: {e}") from None


def faction_name(fid: str) -> str:
    fd = FACTIONS.get(fid)
    return fd.name if fd is not None else fid.replace("_", " ").title()
