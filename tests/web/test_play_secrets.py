"""The secrets of an online game: its seed is the server's and shown only at the end;
a seat's token opens the seat from a header, and never reaches any log."""
from __future__ import annotations

import json
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.sync.client import connect

import rootlaw
from rootlaw.server.logs import redact
from rootlaw.server.play.newgame import SERVER_SEED_BITS
from tests.web.play_helpers import play_random, state, token
from tests.web.serve_proc import Served, serve

PEOPLE = ["marquise", "eyrie", "alliance", "vagabot"]


def post(c: httpx.Client, body: dict[str, Any]) -> httpx.Response:
    return c.post("/api/games", json=body)


# ---------------------------------------------------------------- the seed

def test_an_online_game_refuses_a_client_seed(client: httpx.Client) -> None:
    r = post(client, {"factions": PEOPLE, "seed": 7})
    assert r.status_code == 422
    err = r.json()["error"]
    assert err["code"] == "seed_not_allowed" and err["param"] == "seed"
    assert "hotseat" in err["message"]
    r = post(client, {"factions": PEOPLE, "seed": 7, "hotseat": False})
    assert r.json()["error"]["code"] == "seed_not_allowed"


@pytest.mark.parametrize("body", [
    {"factions": PEOPLE, "seed": 7, "hotseat": True},                       # one screen
    {"factions": PEOPLE, "seed": 7, "seats": {"eyrie": "agent:random",
                                              "alliance": "agent:random"}},  # one person
    {"factions": ["mechanical_marquise", "electric_eyrie"], "seed": 7},      # bots only
])
def test_a_client_seed_stays_for_hotseat_one_person_and_bots(client: httpx.Client,
                                                             body: dict[str, Any]) -> None:
    r = post(client, body)
    assert r.status_code == 201, r.text
    assert r.json()["seed_from"] == "client"
    assert state(client, r.json()["id"])["seed_from"] == "client"


def test_server_seeds_are_secret_until_the_end(client: httpx.Client) -> None:
    games = [post(client, {"factions": ["marquise", "eyrie"]}).json() for _ in range(3)]
    hands = set()
    for g in games:
        assert g["seed_from"] == "server"
        for f in ("marquise", "eyrie", None):
            s = state(client, g["id"], token(g, f) if f else None)
            assert s["seed"] is None and s["seed_from"] == "server"
        hands.add(tuple(state(client, g["id"], token(g, "marquise"))["view"]["players"]
                        ["marquise"]["hand"]))
    assert len(hands) > 1  # the same request, different deals
    duel = ["marquise", "vagabot"]  # one person and a bot: a short game
    g = post(client, {"factions": duel}).json()
    assert state(client, g["id"])["seed"] is None
    end = play_random(client, g, 3000, seed=1)
    assert end["over"], "the game did not end"
    seed = end["seed"]
    assert isinstance(seed, int) and 0 <= seed < 2**SERVER_SEED_BITS
    # the seed shown at the end is the game's: a new game with it deals the same
    start = client.get(f"/api/games/{g['id']}/replay", params={"step": 0}).json()["view"]
    same = rootlaw.new_game(factions=duel, seed=seed)
    assert same.view("marquise")["players"]["marquise"]["hand"] == \
        start["players"]["marquise"]["hand"]


def test_a_log_never_tells_the_seed(client: httpx.Client) -> None:
    g = post(client, {"factions": ["marquise", "eyrie", "vagabot"]}).json()
    play_random(client, g, 30, seed=2)
    lines = client.get(f"/api/games/{g['id']}/log",
                       params={"token": token(g, "marquise")}).json()["lines"]
    assert not any("seed" in ln["text"].lower() for ln in lines)


# ---------------------------------------------------------------- tokens

def test_the_authorization_header_opens_a_seat(client: httpx.Client, server_url: str) -> None:
    g = post(client, {"factions": ["marquise", "eyrie"]}).json()
    gid, cat = g["id"], token(g, "marquise")
    auth = {"Authorization": f"Bearer {cat}"}
    s = client.get(f"/api/games/{gid}", headers=auth).json()
    assert s["seat"] == "marquise" and "hand" in s["view"]["players"]["marquise"]
    r = client.post(f"/api/games/{gid}/actions", headers=auth,
                    json={"version": s["version"], "option": 0})
    assert r.status_code == 200 and r.json()["version"] == s["version"] + 1
    assert client.get(f"/api/games/{gid}/log", headers=auth).status_code == 200
    r = client.post(f"/api/games/{gid}/undo", headers=auth)
    assert r.status_code in (200, 409)
    r = client.get(f"/api/games/{gid}", headers=auth, params={"token": token(g, "eyrie")})
    assert r.status_code == 400 and r.json()["error"]["param"] == "token"
    ws = server_url.replace("http://", "ws://") + f"/api/games/{gid}/ws"
    with connect(ws, additional_headers=auth) as sock:
        assert json.loads(sock.recv(timeout=5))["seat"] == "marquise"


def test_redact_hides_every_spelling_of_a_token() -> None:
    secret = "s3cr3t-TOKEN_value_0123456789abc"
    for line in (f'"GET /games/x?token={secret} HTTP/1.1" 200',
                 f'"GET /api/games/x/log?since=3&token={secret}" 200',
                 f'"GET /api/games/x?tok%65n={secret}&a=b HTTP/1.1" 403',
                 f'"GET /games/x?token={secret}&token={secret}x HTTP/1.1" 200',
                 f'Authorization: Bearer {secret}', f"TOKEN={secret}"):
        assert secret not in redact("?" + line if line.startswith("TOKEN") else line), line
    assert redact("/maps?map=fall&seed=4") == "/maps?map=fall&seed=4"


@pytest.fixture(scope="module")
def logged(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    folder: Path = tmp_path_factory.mktemp("logs")
    with serve(folder, f"sqlite:///{folder / 'games.sqlite3'}") as s:
        yield s


def test_no_token_reaches_the_log(logged: Served) -> None:
    url = logged.url
    with httpx.Client(base_url=url, timeout=10) as c:
        g = post(c, {"factions": ["marquise", "eyrie", "alliance"]}).json()
        tokens = [s["token"] for s in g["seats"].values() if s["token"]]
        gid = g["id"]
        cat, bird, mouse = tokens
        c.get(f"/api/games/{gid}", params={"token": cat})
        c.get(f"/api/games/{gid}?tok%65n={bird}")  # the name percent-encoded
        c.get(f"/api/games/{gid}/log?since=0&token={mouse}")
        c.get(f"/games/{gid}?token={cat}&token={bird}")  # the hotseat page
        c.get(f"/api/games/{gid}", headers={"Authorization": f"Bearer {mouse}"})
        s = state(c, gid, cat)
        c.post(f"/api/games/{gid}/actions", json={"token": cat, "version": s["version"],
                                                  "option": 0})
        c.post(f"/api/games/{gid}/actions", json={"token": bird, "version": 0, "option": 0})
        c.post(f"/api/games/{gid}/undo", json={"token": cat})
        c.get(f"/api/games/{gid}", params={"token": cat[:-1] + "x"})  # a wrong one
        c.get(f"/api/games/nosuchgame?token={mouse}")
        ws = url.replace("http://", "ws://") + f"/api/games/{gid}/ws"
        for t in tokens:
            with connect(f"{ws}?token={t}") as sock:
                sock.recv(timeout=5)
        with connect(ws, additional_headers={"Authorization": f"Bearer {cat}"}) as sock:
            sock.recv(timeout=5)
        with connect(f"{ws}?token=wrong-but-token-shaped") as sock:
            pass
    time.sleep(0.5)
    text = logged.text()
    assert re.search(r'"GET /api/games/[\w-]+\?token=\[redacted\] HTTP/1.1" 200', text), text
    assert "WebSocket" in text and "/actions" in text
    for t in tokens:
        assert t not in text
        assert t[:12] not in text  # not even a part of one


def test_a_hotseat_page_link_keeps_the_query_form(client: httpx.Client) -> None:
    g = post(client, {"factions": ["marquise", "eyrie"], "seats": {"eyrie": "agent:random"}})
    seat = g.json()["seats"]["marquise"]
    assert seat["url"].endswith(f"?token={seat['token']}")
    assert client.get(seat["url"]).status_code == 200
