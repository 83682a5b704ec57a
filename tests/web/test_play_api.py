"""The play API: creating games, reading them per seat, acting, refusals, undo, log,
replay and the WebSocket, against the live server (SQLite)."""
from __future__ import annotations

import json
from contextlib import ExitStack
from typing import Any

import httpx
import pytest
from websockets.sync.client import connect

import rootlaw
from tests.web.play_helpers import act, assert_private, create, play_random, state, token

FOUR = ["marquise", "eyrie", "alliance", "vagabond"]


def error(r: httpx.Response, status: int, code: str) -> dict[str, Any]:
    assert r.status_code == status, r.text
    body = r.json()["error"]
    assert body["status"] == status and body["code"] == code and body["message"]
    return body


# ---------------------------------------------------------------- create

def test_create_answers_links_and_the_first_state(client: httpx.Client) -> None:
    game = create(client, factions=FOUR, seed=7, seats={"vagabond": "agent:random"})
    assert set(game["seats"]) == set(FOUR)
    for f in ("marquise", "eyrie", "alliance"):
        seat = game["seats"][f]
        assert seat["kind"] == "human" and len(seat["token"]) >= 32
        assert seat["url"] == f"/games/{game['id']}?token={seat['token']}"
    assert game["seats"]["vagabond"] == {"kind": "agent:random", "token": None, "url": None}
    assert game["spectate"] == f"/games/{game['id']}"
    s = state(client, game["id"], token(game, "marquise"))
    assert s["version"] == 0 and not s["over"] and s["seat"] == "marquise"
    assert s["seats"]["vagabond"]["kind"] == "agent:random"


@pytest.mark.parametrize(("body", "code"), [
    ({"factions": ["marquise", "dragons"]}, "bad_setup"),
    ({"factions": ["marquise", "marquise"]}, "bad_setup"),
    ({"factions": ["marquise"]}, "bad_setup"),
    ({"factions": "marquise,eyrie"}, "bad_request"),
    ({"factions": ["marquise", "eyrie"], "map": "moon"}, "bad_setup"),
    ({"factions": ["marquise", "eyrie"], "deck": "homebrew"}, "bad_setup"),
    ({"factions": ["marquise", "eyrie"], "seed": -1}, "bad_seed"),
    ({"factions": ["marquise", "eyrie"], "seed": "7a"}, "bad_seed"),
    ({"factions": ["marquise", "eyrie"], "seats": {"eyrie": "bot"}}, "bad_seat"),
    ({"factions": ["marquise", "vagabot"], "seats": {"vagabot": "human"}}, "bad_seat"),
    ({"factions": ["marquise", "eyrie"], "seats": {"eyrie": "agent:oracle"}}, "unknown_agent"),
    ({"factions": ["marquise", "eyrie"], "seats": {"alliance": "human"}}, "unknown_seat"),
    ({"factions": ["marquise", "vagabot"], "bot_difficulty": {"vagabot": "godlike"}}, "bad_setup"),
    ({"factions": ["marquise", "vagabot"], "bot_traits": {"vagabot": ["swoop"]}}, "bad_setup"),
    ({"factions": ["marquise", "eyrie"], "colour": "red"}, "bad_request"),
])
def test_bad_create_requests_are_422(client: httpx.Client, body: dict[str, Any],
                                     code: str) -> None:
    error(client.post("/api/games", json=body), 422, code)


def test_create_refuses_a_body_that_is_not_a_json_object(client: httpx.Client) -> None:
    error(client.post("/api/games", content=b"{not json", headers={
        "Content-Type": "application/json"}), 422, "bad_request")
    error(client.post("/api/games", json=[1, 2]), 422, "bad_request")


def test_catalog_lists_every_engine_faction(client: httpx.Client) -> None:
    cat = client.get("/api/play/catalog").json()
    ids = {f["id"] for f in cat["factions"]}
    assert set(rootlaw.core.faction_api.FACTIONS) == ids
    assert "random" in cat["agents"] and "agent:random" in cat["seat_kinds"]
    assert cat["cards"]["ambush_bird"]["suit"] == "bird"


# ---------------------------------------------------------------- reading

def test_each_seat_sees_only_its_own_hand(client: httpx.Client) -> None:
    game = create(client, factions=FOUR, seed=3)
    play_random(client, game, 60, seed=3)
    for f in FOUR:
        assert_private(state(client, game["id"], token(game, f)), f)
    spectator = state(client, game["id"])
    assert_private(spectator, None)
    assert all("hand" not in p for p in spectator["view"]["players"].values())


def test_unknown_game_and_wrong_token(client: httpx.Client) -> None:
    error(client.get("/api/games/nosuchgame"), 404, "unknown_game")
    game = create(client)
    error(client.get(f"/api/games/{game['id']}", params={"token": "forged"}), 403, "bad_token")


# ---------------------------------------------------------------- refusals

def snapshot(client: httpx.Client, game: dict[str, Any]) -> list[dict[str, Any]]:
    return [state(client, game["id"], s["token"]) for s in game["seats"].values()
            if s["token"]] + [client.get(f"/api/games/{game['id']}/log").json()]


def test_every_refusal_leaves_the_game_unchanged(client: httpx.Client) -> None:
    game = create(client, factions=["marquise", "eyrie", "automated_alliance"], seed=11)
    gid, cat, bird = game["id"], token(game, "marquise"), token(game, "eyrie")
    s = state(client, gid, cat)
    assert s["decision"]["seat"] == "marquise"
    before = snapshot(client, game)
    v = s["version"]
    error(act(client, gid, "forged", v, 0), 403, "bad_token")
    error(act(client, gid, "", v, 0), 403, "bad_token")
    error(act(client, gid, bird, v, 0), 403, "not_your_decision")
    error(act(client, gid, cat, v + 1, 0), 409, "stale_version")
    error(act(client, gid, cat, v - 1, 0), 409, "stale_version")
    error(act(client, gid, cat, v, 99), 422, "illegal_option")
    error(act(client, gid, cat, v, -1), 422, "illegal_option")
    body = error(act(client, gid, cat, v, ["keep", 99]), 422, "illegal_option")
    assert "6.3.2" in body["message"]  # names the rule
    error(act(client, gid, cat, v, "keep"), 422, "bad_request")
    error(act(client, gid, cat, v, True), 422, "bad_request")
    error(client.post(f"/api/games/{gid}/actions", json={"token": cat, "option": 0}),
          422, "bad_request")
    error(client.post(f"/api/games/{gid}/actions", json={"token": cat, "version": v}),
          422, "bad_request")
    error(client.post(f"/api/games/{gid}/actions", content=b"nope"), 422, "bad_request")
    error(client.post("/api/games/nosuchgame/actions",
                      json={"token": cat, "version": 0, "option": 0}), 404, "unknown_game")
    assert snapshot(client, game) == before
    option = s["decision"]["options"][1]
    r = act(client, gid, cat, v, option)  # the option itself works too
    assert r.status_code == 200 and r.json()["version"] == v + 1


def test_a_finished_game_refuses_actions(client: httpx.Client) -> None:
    game = create(client, seed=5)
    end = play_random(client, game, 2000, seed=5)
    assert end["over"] and end["winners"]
    assert end["seed"] == 5  # revealed only now
    error(act(client, game["id"], token(game, "marquise"), end["version"], 0), 409, "game_over")


# ---------------------------------------------------------------- undo

def test_undo_takes_back_a_decision_until_something_is_revealed(client: httpx.Client) -> None:
    game = create(client, factions=["marquise", "eyrie"], seed=2)
    gid, cat, bird = game["id"], token(game, "marquise"), token(game, "eyrie")
    s0 = state(client, gid, cat)
    assert s0["decision"]["kind"] == "setup_keep" and not s0["undo"]
    error(client.post(f"/api/games/{gid}/undo", json={"token": cat}), 409, "cannot_undo")
    s1 = act(client, gid, cat, s0["version"], 0).json()
    assert s1["undo"] and s1["decision"]["kind"] == "setup_building"
    error(client.post(f"/api/games/{gid}/undo", json={"token": "forged"}), 403, "bad_token")
    error(client.post(f"/api/games/{gid}/undo", json={"token": bird}), 409, "cannot_undo")
    r = client.post(f"/api/games/{gid}/undo", json={"token": cat})
    assert r.status_code == 200
    s2 = r.json()
    assert s2["version"] == s1["version"] + 1  # versions only grow
    assert s2["view"] == s0["view"] and s2["decision"] == s0["decision"]
    # after the other seat decided, the first cannot take anything back
    play_random(client, game, 40, seed=1, stop=lambda s: s["decision"]["seat"] == "eyrie")
    e = state(client, gid, bird)
    act(client, gid, bird, e["version"], 0)
    if state(client, gid)["decision"]["seat"] == "marquise":
        error(client.post(f"/api/games/{gid}/undo", json={"token": cat}), 409, "cannot_undo")


def test_undo_is_refused_after_dice_or_a_draw(client: httpx.Client) -> None:
    game = create(client, factions=["marquise", "eyrie"], seed=4)
    gid, tokens = game["id"], {f: token(game, f) for f in ("marquise", "eyrie")}
    refused = 0
    for _ in range(300):
        s = state(client, gid)
        if s["over"]:
            break
        seat = s["decision"]["seat"]
        mine = state(client, gid, tokens[seat])
        before = client.get(f"/api/games/{gid}/log").json()["size"]
        after = act(client, gid, tokens[seat], mine["version"], 0).json()
        log = client.get(f"/api/games/{gid}/log", params={"token": tokens[seat]}).json()
        new = [ln for ln in log["lines"] if ln["i"] >= before]
        if any(ln["kind"] == "dice" for ln in new):
            assert not after["undo"]
            error(client.post(f"/api/games/{gid}/undo", json={"token": tokens[seat]}),
                  409, "cannot_undo")
            refused += 1
            if refused >= 2:
                break
    assert refused


# ---------------------------------------------------------------- log and replay

def test_log_hides_the_deck_and_tells_moves(client: httpx.Client) -> None:
    game = create(client, factions=FOUR, seed=9)
    play_random(client, game, 150, seed=9)
    deck_cards = {c["name"] for c in client.get("/api/play/catalog").json()["cards"].values()}
    for f in FOUR:
        lines = client.get(f"/api/games/{game['id']}/log",
                           params={"token": token(game, f)}).json()["lines"]
        shuffle = next(ln for ln in lines if ln["text"].startswith("The deck is shuffled"))
        assert not any(name in shuffle["text"] for name in deck_cards)
        for ln in lines:
            if "Supporters stack (Mobilize)" in ln["text"] and ln["actor"] != f:
                assert not any(name in ln["text"] for name in deck_cards)
    texts = [ln["text"] for ln in lines]
    assert any(" moves " in t and " from " in t for t in texts)
    assert texts[0].startswith("Seating order (turns go this way):")
    since = client.get(f"/api/games/{game['id']}/log", params={"since": 10}).json()
    assert all(ln["i"] >= 10 for ln in since["lines"])


def test_replay_opens_only_after_the_end(client: httpx.Client) -> None:
    game = create(client, seed=8)
    error(client.get(f"/api/games/{game['id']}/replay"), 409, "game_not_over")
    end = play_random(client, game, 2000, seed=8)
    last = client.get(f"/api/games/{game['id']}/replay").json()
    assert last["over"] and last["step"] == last["steps"] and last["scores"] == end["scores"]
    assert "hand" in last["view"]["players"]["marquise"]  # everything revealed
    first = client.get(f"/api/games/{game['id']}/replay", params={"step": 0}).json()
    assert first["decision"]["seat"] == "marquise" and first["decision"]["chosen"] is not None
    assert not first["over"]
    error(client.get(f"/api/games/{game['id']}/replay", params={"step": last["steps"] + 1}),
          400, "bad_step")
    full = client.get(f"/api/games/{game['id']}/log").json()["lines"]
    assert any(ln["text"].startswith("The deck is shuffled:") for ln in full)  # told in full


# ---------------------------------------------------------------- agents

def test_agents_move_by_themselves(client: httpx.Client) -> None:
    game = create(client, factions=["marquise", "eyrie", "vagabot"], seed=12,
                  seats={"eyrie": "agent:random"})
    s = play_random(client, game, 400, seed=12)  # only the Marquise is played by us
    assert s["over"] or s["decision"]["seat"] == "marquise"
    lines = client.get(f"/api/games/{game['id']}/log").json()["lines"]
    assert any(ln["actor"] == "eyrie" and ln["kind"] == "decision" for ln in lines)


# ---------------------------------------------------------------- WebSocket

def ws_url(server_url: str, gid: str, tok: str | None) -> str:
    base = server_url.replace("http://", "ws://") + f"/api/games/{gid}/ws"
    return base + (f"?token={tok}" if tok else "")


def test_websocket_pushes_each_seat_its_own_state(client: httpx.Client, server_url: str) -> None:
    game = create(client, factions=["marquise", "eyrie", "vagabot"], seed=21)
    gid = game["id"]
    with ExitStack() as stack:
        conns: dict[str | None, Any] = {
            f: stack.enter_context(connect(ws_url(server_url, gid, token(game, f) if f else None)))
            for f in ("marquise", "eyrie", None)}
        seen: dict[Any, list[int]] = {f: [] for f in conns}
        for f, ws in conns.items():
            first = json.loads(ws.recv(timeout=5))
            assert_private(first, f)
            seen[f].append(first["version"])
        s = play_random(client, game, 6, seed=21)
        for f, ws in conns.items():
            while seen[f][-1] < s["version"]:
                msg = json.loads(ws.recv(timeout=5))
                assert_private(msg, f)
                seen[f].append(msg["version"])
            assert seen[f] == sorted(seen[f])
        with pytest.raises(Exception):  # noqa: B017  a forged token is refused
            with connect(ws_url(server_url, gid, "forged")) as bad:
                bad.recv(timeout=5)


def test_a_duchy_game_shows_the_burrow_and_its_clearing_is_pickable(
        client: httpx.Client) -> None:
    cat = client.get("/api/play/catalog").json()
    assert cat["tracks"]["duchy"]["buildings_on_track"]["citadel"]["bonus"] == [1, 2, 2]
    game = create(client, factions=["duchy", "marquise", "electric_eyrie"], seed=5)
    tok = token(game, "duchy")

    def burrow_pick(_: dict[str, Any]) -> bool:
        d = state(client, game["id"], tok)["decision"]
        return bool(d and d.get("clearings") and any(13 in c for c in d["clearings"]))

    play_random(client, game, 400, seed=5, stop=burrow_pick)
    assert burrow_pick({})  # a move from or to the Burrow: its number can be clicked
    view = state(client, game["id"], tok)["view"]
    assert view["burrow"]["id"] == 13 and view["burrow"]["ruler"] == "duchy"
    assert "swayed" in view["players"]["duchy"]["faction"]
    for f in ("duchy", "marquise"):
        assert_private(state(client, game["id"], token(game, f)), f)


def test_a_game_of_bots_replays_step_by_step(client: httpx.Client) -> None:
    """Issue 41: bots move inside the engine, so a game of four bots is over when it is
    created; its replay still has a step for each bot action, and every step shows the
    board as it was then (the record up to it, the pieces moving)."""
    game = create(client, factions=["mechanical_marquise", "electric_eyrie",
                                    "automated_alliance", "vagabot"], seed=7)
    end = client.get(f"/api/games/{game['id']}/replay").json()
    assert end["over"] and end["steps"] > 40 and end["bot_steps"] == end["steps"]
    seen_logs, boards = set(), set()
    for step in range(0, end["steps"], 7):
        f = client.get(f"/api/games/{game['id']}/replay", params={"step": step}).json()
        d = f["decision"]
        assert d["auto"] and d["kind"] == "bot" and d["labels"], step  # what the bot did
        assert d["seat"] in game["seats"] and not f["over"]
        seen_logs.add(f["log_end"])
        boards.add(str([c["warriors"] for c in f["view"]["clearings"]]))
    assert len(seen_logs) == len(range(0, end["steps"], 7)) and len(boards) > 3
    # a game with a person: the bots' steps lie between the person's decisions
    mixed = create(client, seed=8)
    play_random(client, mixed, 2000, seed=8)
    last = client.get(f"/api/games/{mixed['id']}/replay").json()
    decisions = sum(1 for ln in client.get(f"/api/games/{mixed['id']}/log").json()["lines"]
                    if ln["kind"] == "decision")
    assert last["bot_steps"] > 20 and last["steps"] >= decisions + last["bot_steps"] - 5
