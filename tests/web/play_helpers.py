"""Helpers for the web play tests: create games, play random decisions, check secrecy."""
from __future__ import annotations

import random
import time
from typing import Any

import httpx

BOTS3 = ["marquise", "electric_eyrie", "automated_alliance", "vagabot"]


def create(client: httpx.Client, **body: Any) -> dict[str, Any]:
    """A new game; with a seed it is a hotseat game (the tests hold every token), since
    a game played by links draws its seed on the server."""
    body.setdefault("factions", BOTS3)
    if "seed" in body:
        body.setdefault("hotseat", True)
    r = client.post("/api/games", json=body)
    assert r.status_code == 201, r.text
    return r.json()


def token(game: dict[str, Any], faction: str) -> str:
    return str(game["seats"][faction]["token"])


def state(client: httpx.Client, gid: str, tok: str | None = None) -> dict[str, Any]:
    r = client.get(f"/api/games/{gid}", params={"token": tok} if tok else None)
    assert r.status_code == 200, r.text
    return r.json()


def act(client: httpx.Client, gid: str, tok: str, version: int, option: Any) -> httpx.Response:
    return client.post(f"/api/games/{gid}/actions",
                       json={"token": tok, "version": version, "option": option})


def holder(s: dict[str, Any], faction: str) -> str:
    """The seat that decides for ``faction``: a drafted seat keeps its name (seat1...,
    A.8.2) and takes the faction it drafts."""
    if faction in s["seats"]:
        return faction
    return next((k for k, v in s["seats"].items() if v["faction"] == faction), faction)


def play_random(client: httpx.Client, game: dict[str, Any], steps: int, seed: int = 0,
                stop: Any = None) -> dict[str, Any]:
    """Let the seats with tokens take up to ``steps`` random decisions (bots move in
    the engine); stop early when ``stop(state)`` is true."""
    rnd = random.Random(seed)
    tokens = {f: s["token"] for f, s in game["seats"].items() if s["token"]}
    s = state(client, game["id"])
    taken, deadline = 0, time.monotonic() + 60
    while taken < steps and time.monotonic() < deadline:
        if s["over"] or (stop and stop(s)):
            break
        seat = holder(s, s["decision"]["seat"])
        if seat not in tokens:  # an agent's decision: it moves by itself
            time.sleep(0.01)
            s = state(client, game["id"])
            continue
        taken += 1
        mine = state(client, game["id"], tokens[seat])
        r = act(client, game["id"], tokens[seat], mine["version"],
                rnd.randrange(len(mine["decision"]["options"])))
        assert r.status_code == 200, r.text
        s = r.json()
    return state(client, game["id"])


def game_reaching(client: httpx.Client, factions: list[str], stop: Any, what: str,
                  steps: int = 400) -> tuple[dict[str, Any], dict[str, Any]]:
    """A game of ``factions`` played at random until ``stop(state)`` holds, trying
    seeds 1 to 19; the game and its public state."""
    for seed in range(1, 20):
        game = create(client, factions=factions, seed=seed)
        s = play_random(client, game, steps, seed=seed, stop=stop)
        if not s["over"] and stop(s):
            return game, s
    raise AssertionError(f"no game reached {what}")


def assert_private(msg: dict[str, Any], seat: str | None) -> None:
    """Only ``seat``'s secrets are in a state message: no other hand, no other
    face-down supporters, no seed, no deck order, options only for its own decision."""
    assert msg["seat"] == seat
    assert msg["seed"] is None or msg["over"]
    if msg["over"]:
        return
    view = msg["view"]
    me = msg.get("you") or seat  # a draft's seat goes by its faction once chosen (A.8.2)
    assert view["you"] == me
    assert not any(isinstance(v, list) and len(v) > 3 for k, v in view.items()
                   if k in ("deck", "deck_order", "quest_deck"))
    for f, p in view["players"].items():
        if f == me:
            assert "hand" in p or not p.get("hand_size")
            continue
        if f == "riverfolk":  # 11.2.3 Public Hand
            continue
        assert "hand" not in p and "seen_hands" not in p, f"{f}'s hand leaked to {seat}"
        fac = p["faction"]
        if "supporters" in fac:
            assert fac["supporters"] is None, f"{f}'s supporters leaked to {seat}"
    d = msg["decision"]
    if d is not None and d["seat"] != me:
        assert set(d) == {"seat", "name"}, "another seat's options or prompt leaked"
    assert view["decision"] == d
