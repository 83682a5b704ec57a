"""My games (issue 57), on SQLite and on Debian's PostgreSQL: an account's games with
"your turn" first, each game's deadline and last move (on the server's fake clock), and
a socket that sends the list again when a move changes it; nothing hidden in it, and no
list without a session (401, a socket closed 4401, or the cookie of another site's
socket ignored)."""
from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from tests.web.account_helpers import Clock, csrf, served, sign_up

CLOCK = Clock()
PUBLIC = {"id", "seat", "seat_name", "url", "over", "your_turn", "deciding", "deciding_name",
          "factions", "scores", "winners", "last_move", "deadline", "created"}


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def url(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
        ) -> Iterator[str]:
    with served(request.param, tmp_path_factory.mktemp("mine"), CLOCK) as u:
        yield u


def client(url: str) -> httpx.Client:
    return httpx.Client(base_url=url, timeout=10)


def game_of(c: httpx.Client) -> tuple[str, dict[str, str]]:
    r = c.post("/api/games", json={"factions": ["marquise", "eyrie"]})
    assert r.status_code == 201, r.text
    return r.json()["id"], {f: s["token"] for f, s in r.json()["seats"].items()}


def bind(c: httpx.Client, gid: str, token: str) -> None:
    r = c.post(f"/api/games/{gid}/bind", json={"token": token},
               headers={"X-CSRF-Token": csrf(c)})
    assert r.status_code == 200, r.text


def games(c: httpx.Client) -> list[dict[str, Any]]:
    r = c.get("/api/me/games")
    assert r.status_code == 200, r.text
    rows: list[dict[str, Any]] = r.json()["games"]
    return rows


def socket(url: str, cookie: str | None, origin: str | None = None) -> Any:
    headers = {"Cookie": f"rootlaw_session={cookie}"} if cookie else {}
    if origin:
        headers["Origin"] = origin
    return connect(url.replace("http://", "ws://") + "/api/me/ws", additional_headers=headers)


def deciding(c: httpx.Client, gid: str) -> tuple[str, int]:
    s = c.get(f"/api/games/{gid}").json()
    return s["decision"]["seat"], s["version"]


def suffix(url: str) -> str:
    return str(abs(hash(url)) % 10000)


def test_your_turn_first_with_the_last_move(url: str) -> None:
    with client(url) as alice, client(url) as bob, client(url) as nobody:
        sign_up(alice, "mine-alice" + suffix(url))
        sign_up(bob, "mine-bob" + suffix(url))
        assert nobody.get("/api/me/games").status_code == 401
        CLOCK.now += 100
        first, t1 = game_of(alice)
        second, t2 = game_of(alice)
        to_move, _ = deciding(alice, first)
        other = next(f for f in t1 if f != to_move)
        bind(alice, first, t1[other])       # first: alice waits on bob
        bind(bob, first, t1[to_move])
        bind(alice, second, t2[to_move])    # second: alice's turn
        rows = games(alice)
        assert [r["id"] for r in rows] == [second, first]
        assert [r["your_turn"] for r in rows] == [True, False]
        assert rows[1]["deciding"] == to_move and rows[1]["seat"] == other
        assert all(set(r) == PUBLIC for r in rows)
        assert all(r["deadline"] is None for r in rows)  # no pace: no deadline
        assert games(bob)[0]["your_turn"] and games(bob)[0]["id"] == first
        CLOCK.now += 500
        seat, version = deciding(bob, first)
        r = bob.post(f"/api/games/{first}/actions", json={"version": version, "option": 0},
                     headers={"X-CSRF-Token": csrf(bob)})
        assert r.status_code == 200, r.text
        row = next(r for r in games(alice) if r["id"] == first)
        assert row["last_move"] == CLOCK.now


def test_the_list_holds_nothing_hidden(url: str) -> None:
    """Two games alike but for their hands (seeds drawn by the server): the other
    account's rows differ only in the ids and times, never by a secret."""
    with client(url) as carol, client(url) as dave:
        sign_up(carol, "mine-carol" + suffix(url))
        sign_up(dave, "mine-dave" + suffix(url))
        for _ in range(2):
            gid, tokens = game_of(carol)
            bind(carol, gid, tokens["marquise"])
            bind(dave, gid, tokens["eyrie"])
        text = dave.get("/api/me/games").text
        hands = [c for row in games(dave)
                 for c in carol.get(f"/api/games/{row['id']}").json()["view"]["players"]
                 ["marquise"]["hand"]]
        assert hands and not any(json.dumps(card) in text for card in hands)
        a, b = ({k: v for k, v in r.items() if k not in ("id", "url", "created",
                                                         "last_move")}
                for r in games(dave))
        assert a == b


def test_the_socket_follows_a_move(url: str) -> None:
    with client(url) as erin, client(url) as fay:
        sign_up(erin, "mine-erin" + suffix(url))
        sign_up(fay, "mine-fay" + suffix(url))
        gid, tokens = game_of(erin)
        to_move, _ = deciding(erin, gid)
        other = next(f for f in tokens if f != to_move)
        bind(erin, gid, tokens[to_move])
        with socket(url, fay.cookies["rootlaw_session"]) as s:
            assert json.loads(s.recv(timeout=5))["games"] == []
            bind(fay, gid, tokens[other])  # a binding in this process reaches the socket
            rows = json.loads(s.recv(timeout=5))["games"]
            assert [r["id"] for r in rows] == [gid] and not rows[0]["your_turn"]
            CLOCK.now += 60
            moved = 0
            while deciding(erin, gid)[0] == to_move and moved < 40:
                _, version = deciding(erin, gid)
                r = erin.post(f"/api/games/{gid}/actions",
                              json={"version": version, "option": 0},
                              headers={"X-CSRF-Token": csrf(erin)})
                assert r.status_code == 200, r.text
                moved += 1
            assert deciding(erin, gid)[0] == other
            while not (row := json.loads(s.recv(timeout=5))["games"][0])["your_turn"]:
                assert row["last_move"] == CLOCK.now
            assert row["deciding"] == other


def test_no_list_without_the_session(url: str) -> None:
    with client(url) as gus:
        sign_up(gus, "mine-gus" + suffix(url))
        cookie = gus.cookies["rootlaw_session"]
        for s in (socket(url, None), socket(url, cookie, "https://evil.example")):
            with s, pytest.raises(ConnectionClosed) as closed:
                s.recv(timeout=5)
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 4401
        r = gus.post("/api/account/logout", headers={"X-CSRF-Token": csrf(gus)})
        assert r.status_code == 200
        gus.cookies.set("rootlaw_session", cookie)
        assert gus.get("/api/me/games").status_code == 401
