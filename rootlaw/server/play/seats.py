"""Who sits in each seat: a person (by a secret token), a Rootbotics bot, or an agent.

Agents are pluggable: ``register_agent("name", factory)`` makes ``"agent:name"`` a seat
kind; the agents rootlaw.agents.make_agent knows are registered on first use. The
request that creates a game is read in newgame.py.
"""
from __future__ import annotations

import hashlib
import secrets
from collections.abc import Callable
from functools import cache
from typing import Any

from rootlaw.agents import Agent, make_agent
from rootlaw.agents.base import LEVEL_TEXT
from rootlaw.bots.base import DIFFICULTIES
from rootlaw.core.catalog import DECK_FILES, MAP_NAMES, deck
from rootlaw.core.faction_api import FACTIONS
from rootlaw.core.landmarks import LANDMARKS, landmark_name
from rootlaw.core.options import names as readable_names
from rootlaw.server.resources import load_json

HUMAN, BOT, AGENT = "human", "bot", "agent:"
AgentFactory = Callable[[int], Agent]
_AGENTS: dict[str, AgentFactory] = {}
_CANDIDATES = ("random", "heuristic", "mcts", "easy", "medium", "hard")  # make_agent's


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
            "fan": fd.fan or None,  # a fan expansion's faction (Crusader): readings
            "traits": list(getattr(fd, "traits", ()) or ()),
            "setup_choices": {k: list(v) for k, v in
                              (getattr(fd, "setup_choices", {}) or {}).items()},
            **bot_texts(fid),
        })
    cards = {cid: {"name": c.name, "suit": c.suit, "kind": c.kind}
             for name in DECK_FILES for cid, c in deck(name).cards.items()}
    for cid, c in deck("prototype").cards.items():  # its own cards (special victory)
        cards.setdefault(cid, {"name": c.name, "suit": c.suit, "kind": c.kind})
    return {"factions": factions, "maps": list(MAP_NAMES), "decks": list(DECK_FILES),
            "rules": ["law", "prototype"],  # the prototype: four factions, the Fall map
            "tracks": tracks(), "names": readable_names(),
            "playable_decks": ["standard", "exiles_partisans"], "cards": cards,
            "difficulties": list(DIFFICULTIES), "agents": agent_names(),
            "agent_levels": dict(LEVEL_TEXT),  # easy, medium, hard: what each plays
            "landmarks": [{"id": lid, "name": landmark_name(lid)} for lid in LANDMARKS],
            "hirelings": hirelings(),
            "seat_kinds": [HUMAN, BOT] + [AGENT + a for a in agent_names()]}


# each bot's data file: what its trait cards (3.3.2) and setup choices do, for the lobby
BOT_DATA = {"mechanical_marquise": "bots/mechanical_marquise.json",
            "electric_eyrie": "bots/electric_eyrie.json",
            "automated_alliance": "bots/automated_alliance.json", "vagabot": "vagabot.json"}


@cache
def bot_texts(fid: str) -> dict[str, Any]:
    """``trait_texts`` (trait -> what it does) and ``choice_texts`` (setup choice ->
    value -> what it does) from the bot's data file; nothing for another faction."""
    path = BOT_DATA.get(fid)
    if path is None:
        return {}
    data = load_json(path)
    traits = data.get("trait_texts") or data.get("traits")  # the Marquise's: texts by trait
    out: dict[str, Any] = {"trait_texts": dict(traits) if isinstance(traits, dict) else {}}
    if "character_texts" in data:
        out["choice_texts"] = {"character": dict(data["character_texts"])}
    return out


def hirelings() -> list[dict[str, Any]]:
    """The hireling cards (Appendix E): both sides' names and the factions each bars
    (A.6.5), for the lobby."""
    from rootlaw.core.hired import CARD_IDS, RELATED, side_name

    return [{"id": cid, "name": side_name(cid, False), "demoted_name": side_name(cid, True),
             "bars": list(RELATED[cid])} for cid in CARD_IDS]


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


def faction_name(fid: str) -> str:
    fd = FACTIONS.get(fid)
    return fd.name if fd is not None else fid.replace("_", " ").title()
