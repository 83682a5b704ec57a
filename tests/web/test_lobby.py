"""The public lobby (issue 57), on SQLite and on Debian's PostgreSQL: an account opens a
game, another joins it with one click, the host starts it when full (or fills the free
seats with an agent); the started game's seats are bound to their accounts (no link
handed out, each account sees its own hand only); every change needs a session and the
CSRF token; one seat per account, no seat taken twice, no game started twice."""
from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import httpx
import pytest

from tests.web.account_helpers import Clock, csrf, served, sign_up
from tests.web.play_helpers import assert_private

CLOCK = Clock()
GAME = {"factions": ["marquise", "eyrie"], "map": "winter"}


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def url(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
        ) -> Iterator[str]:
    with served(request.param, tmp_path_factory.mktemp("lobby"), CLOCK) as u:
        yield u


def client(url: str) -> httpx.Client:
    return httpx.Client(base_url=url, timeout=20)


@contextmanager
def person(url: str, name: str) -> Iterator[httpx.Client]:
    with client(url) as c:
        assert sign_up(c, name + str(abs(hash(url)) % 10000)).status_code == 201
        yield c


def post(c: httpx.Client, path: str, body: dict[str, Any] | None = None) -> httpx.Response:
    return c.post(path, json=body or {}, headers={"X-CSRF-Token": csrf(c)})


def listed(c: httpx.Client, entry: str) -> dict[str, Any] | None:
    return next((g for g in c.get("/api/lobby").json()["games"] if g["id"] == entry), None)


def test_open_join_start_and_play(url: str) -> None:
    with person(url, "lob-ann") as ann, person(url, "lob-ben") as ben, \
            person(url, "lob-cid") as cid, client(url) as anyone:
        r = post(ann, "/api/lobby", {"game": GAME})
        assert r.status_code == 201, r.text
        entry = r.json()["id"]
        seen = listed(anyone, entry)
        assert seen is not None and seen["free"] == 1 and seen["map"] == "winter"
        assert [s["player"] is not None for s in seen["seats"]] == [True, False]
        assert post(ann, f"/api/lobby/{entry}/start").json()["error"]["code"] == "seats_open"
        r = post(ben, f"/api/lobby/{entry}/join")  # one click: the first free seat
        assert r.status_code == 200 and r.json()["seated"] == "eyrie", r.text
        assert post(ben, f"/api/lobby/{entry}/join").json()["error"]["code"] \
            == "account_has_seat"
        assert post(cid, f"/api/lobby/{entry}/join").json()["error"]["code"] == "no_free_seat"
        assert post(ben, f"/api/lobby/{entry}/start").status_code == 403  # not the host
        r = post(ann, f"/api/lobby/{entry}/start")
        assert r.status_code == 200, r.text
        gid = r.json()["id"]
        assert post(ann, f"/api/lobby/{entry}/start").json()["error"]["code"] \
            == "already_started"
        assert listed(anyone, entry) is None  # started: off the public list
        assert listed(ben, entry)["game"] == f"/games/{gid}"  # type: ignore[index]
        mine, his = ann.get(f"/api/games/{gid}").json(), ben.get(f"/api/games/{gid}").json()
        assert_private(mine, "marquise")
        assert_private(his, "eyrie")
        assert_private(anyone.get(f"/api/games/{gid}").json(), None)
        assert mine["map"] == "winter"
        assert [g["id"] for g in ben.get("/api/me/games").json()["games"]] == [gid]
        r = post(ann, f"/api/games/{gid}/actions", {"version": mine["version"], "option": 0})
        assert r.status_code == 200, r.text


def test_free_seats_filled_with_an_agent(url: str) -> None:
    with person(url, "lob-dee") as dee, person(url, "lob-eve") as eve:
        body = {"game": {"factions": ["marquise", "eyrie", "automated_alliance"]},
                "seat": "eyrie"}
        r = post(dee, "/api/lobby", body)
        assert r.status_code == 201 and r.json()["seated"] == "eyrie", r.text
        entry = r.json()["id"]
        kinds = {s["seat"]: s["kind"] for s in r.json()["seats"]}
        assert kinds == {"marquise": "human", "eyrie": "human", "automated_alliance": "bot"}
        assert post(eve, f"/api/lobby/{entry}/join").json()["seated"] == "marquise"
        assert post(eve, f"/api/lobby/{entry}/leave").json()["free"] == 1
        r = post(dee, f"/api/lobby/{entry}/start", {"fill": "bot"})
        assert r.status_code == 422 and r.json()["error"]["code"] == "bad_fill"
        r = post(dee, f"/api/lobby/{entry}/start", {"fill": "agent:random"})
        assert r.status_code == 200, r.text
        state = dee.get(f"/api/games/{r.json()['id']}").json()
        assert state["seat"] == "eyrie"
        assert state["seats"]["marquise"]["kind"] == "agent:random"


def test_changes_need_a_session_and_csrf(url: str) -> None:
    with person(url, "lob-fay") as fay, client(url) as nobody:
        assert post(nobody, "/api/lobby", {"game": GAME}).status_code == 401
        r = fay.post("/api/lobby", json={"game": GAME})
        assert r.status_code == 403 and r.json()["error"]["code"] == "csrf_failed"
        r = fay.post("/api/lobby", json={"game": GAME},
                     headers={"X-CSRF-Token": csrf(fay), "Origin": "https://evil.example"})
        assert r.status_code == 403
        for body, code in (({"game": {**GAME, "seed": 3}}, "bad_request"),
                           ({"game": {"factions": ["electric_eyrie", "vagabot"]}},
                            "no_free_seat"),
                           ({"game": {"factions": ["marquise", "nobody"]}}, "bad_setup"),
                           ({"game": GAME, "seat": "eyrie_x"}, "bad_seat"),
                           ({"game": GAME, "pace": {"seconds": 5}}, "bad_pace"),
                           ({"game": GAME, "extra": 1}, "bad_request")):
            r = post(fay, "/api/lobby", body)
            assert r.status_code == 422 and r.json()["error"]["code"] == code, (body, r.text)
        assert post(fay, "/api/lobby/nope/join").status_code == 404
