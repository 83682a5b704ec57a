"""A seat bound to an account (issue 57), on SQLite and on Debian's PostgreSQL: its link
alone no longer opens it (state, actions, log, Rootlog, WebSocket; an open socket of the
link is closed), the account's browser opens it by its cookie, sees that seat's secrets
only, and acts with the CSRF token; the binding survives a restart."""
from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from rootlaw.server.background import BackgroundServer
from tests.web.account_helpers import FAST, Clock, csrf, served, sign_up
from tests.web.play_helpers import assert_private

CLOCK = Clock()


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def url(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
        ) -> Iterator[str]:
    with served(request.param, tmp_path_factory.mktemp("bind"), CLOCK) as u:
        yield u


def client(url: str) -> httpx.Client:
    return httpx.Client(base_url=url, timeout=10)


def new_game(c: httpx.Client) -> tuple[str, dict[str, str]]:
    r = c.post("/api/games", json={"factions": ["marquise", "eyrie"],
                                   "seats": {"eyrie": "human"}})
    assert r.status_code == 201, r.text
    return r.json()["id"], {f: s["token"] for f, s in r.json()["seats"].items()}


def bind(c: httpx.Client, gid: str, token: str) -> httpx.Response:
    return c.post(f"/api/games/{gid}/bind", json={"token": token},
                  headers={"X-CSRF-Token": csrf(c)})


def ws(url: str, gid: str, token: str | None, cookie: str | None = None) -> Any:
    headers = {"Cookie": f"rootlaw_session={cookie}"} if cookie else None
    return connect(url.replace("http://", "ws://") + f"/api/games/{gid}/ws"
                   + (f"?token={token}" if token else ""), additional_headers=headers)


def test_a_stolen_link_does_not_give_a_bound_seat(url: str) -> None:
    with client(url) as alice, client(url) as thief, client(url) as bob:
        sign_up(alice, "bind-alice" + gid_suffix(url))
        sign_up(bob, "bind-bob" + gid_suffix(url))
        gid, tokens = new_game(alice)
        cat = tokens["marquise"]
        before = alice.get(f"/api/games/{gid}", params={"token": cat}).json()
        with ws(url, gid, cat) as link_socket:  # the link's socket, open before binding
            assert json.loads(link_socket.recv(timeout=5))["seat"] == "marquise"
            assert thief.post(f"/api/games/{gid}/bind", json={"token": cat}).status_code \
                == 401  # nobody logged in
            r = bind(alice, gid, cat)
            assert r.status_code == 200 and r.json()["seat"] == "marquise", r.text
            with pytest.raises(ConnectionClosed) as closed:
                while True:
                    link_socket.recv(timeout=5)
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 4403
        version = r.json()["version"]
        assert version == before["version"] + 1
        for who in (thief, bob):  # the link alone, or logged in to another account
            for r in (who.get(f"/api/games/{gid}", params={"token": cat}),
                      who.get(f"/api/games/{gid}/log", params={"token": cat}),
                      who.get(f"/api/rootlog/{gid}", params={"token": cat}),
                      who.post(f"/api/games/{gid}/actions", json={
                          "token": cat, "version": version, "option": 0})):
                assert r.status_code == 403 and r.json()["error"]["code"] == "seat_bound"
            assert bind(who, gid, cat).status_code == (401 if who is thief else 403)
        with ws(url, gid, cat) as s, pytest.raises(ConnectionClosed) as closed:
            s.recv(timeout=5)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 4403
        # the other seat's link is untouched
        r = thief.get(f"/api/games/{gid}", params={"token": tokens["eyrie"]})
        assert r.status_code == 200 and r.json()["seat"] == "eyrie"


def gid_suffix(url: str) -> str:
    return str(abs(hash(url)) % 10000)


def test_the_account_opens_its_seat_and_only_its_secrets(url: str) -> None:
    with client(url) as carol, client(url) as other:
        sign_up(carol, "bind-carol" + gid_suffix(url))
        gid, tokens = new_game(carol)
        assert bind(carol, gid, tokens["marquise"]).status_code == 200
        mine = carol.get(f"/api/games/{gid}").json()  # no token: the cookie's seat
        assert_private(mine, "marquise")
        assert mine == carol.get(f"/api/games/{gid}",
                                 params={"token": tokens["marquise"]}).json()
        assert "hand" in mine["view"]["players"]["marquise"]
        # one seat per account and game
        r = bind(carol, gid, tokens["eyrie"])
        assert r.status_code == 409 and r.json()["error"]["code"] == "account_has_seat"
        # a change by cookie needs the CSRF token
        body = {"version": mine["version"], "option": 0}
        r = carol.post(f"/api/games/{gid}/actions", json=body)
        assert r.status_code == 403 and r.json()["error"]["code"] == "csrf_failed"
        assert other.get(f"/api/games/{gid}").json()["version"] == mine["version"]
        r = carol.post(f"/api/games/{gid}/actions", json=body,
                       headers={"X-CSRF-Token": csrf(carol)})
        assert r.status_code == 200 and r.json()["version"] == mine["version"] + 1
        assert_private(r.json(), "marquise")
        cookie = carol.cookies["rootlaw_session"]
        with ws(url, gid, None, cookie) as s:
            assert json.loads(s.recv(timeout=5))["seat"] == "marquise"
        spectator = other.get(f"/api/games/{gid}").json()
        assert_private(spectator, None)


def test_a_binding_survives_a_restart(tmp_path: Path) -> None:
    db = str(tmp_path / "restart.sqlite3")
    clock = Clock()
    with BackgroundServer(db=db, clock=clock, hasher=FAST) as u, client(u) as dan:
        sign_up(dan, "bind-dan")
        gid, tokens = new_game(dan)
        assert bind(dan, gid, tokens["marquise"]).status_code == 200
        cookie = dan.cookies["rootlaw_session"]
    with BackgroundServer(db=db, clock=clock, hasher=FAST) as u, client(u) as c:
        r = c.get(f"/api/games/{gid}", params={"token": tokens["marquise"]})
        assert r.status_code == 403 and r.json()["error"]["code"] == "seat_bound"
        c.cookies.set("rootlaw_session", cookie)
        assert c.get(f"/api/games/{gid}").json()["seat"] == "marquise"
