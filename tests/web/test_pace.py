"""Asynchronous pace (issue 57), on the server's fake clock, on SQLite and on Debian's
PostgreSQL: a paced game gives the deciding person a deadline (the latest change plus the
pace's seconds); when the clock passes it the pace's agent plays the rest of that seat's
turn and the person plays on ("play"), or the agent takes the seat for good ("drop");
meanwhile the person's moves are refused; the deadline survives a restart."""
from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from rootlaw.server.background import BackgroundServer
from tests.web.account_helpers import FAST, Clock, csrf, served, sign_up

CLOCK = Clock()
HOUR = 3600


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def url(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
        ) -> Iterator[str]:
    with served(request.param, tmp_path_factory.mktemp("pace"), CLOCK) as u:
        yield u


def paced(c: httpx.Client, on_timeout: str) -> tuple[str, str]:
    r = c.post("/api/games", json={
        "factions": ["marquise", "eyrie"], "seats": {"eyrie": "agent:random"},
        "pace": {"seconds": HOUR, "on_timeout": on_timeout, "agent": "random"}})
    assert r.status_code == 201, r.text
    return r.json()["id"], r.json()["seats"]["marquise"]["token"]


def state(c: httpx.Client, gid: str, token: str) -> dict[str, Any]:
    r = c.get(f"/api/games/{gid}", params={"token": token})
    assert r.status_code == 200, r.text
    return dict(r.json())


def deadline(c: httpx.Client, gid: str) -> float | None:
    row = next(r for r in c.get("/api/me/games").json()["games"] if r["id"] == gid)
    return row["deadline"]


def bound(c: httpx.Client, gid: str, token: str) -> None:
    r = c.post(f"/api/games/{gid}/bind", json={"token": token},
               headers={"X-CSRF-Token": csrf(c)})
    assert r.status_code == 200, r.text


def until(what: Any, seconds: float = 20) -> Any:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        got = what()
        if got:
            return got
        time.sleep(0.05)
    raise AssertionError("timed out waiting")


def test_the_agent_plays_the_late_turn_then_the_person_plays_on(url: str) -> None:
    with httpx.Client(base_url=url, timeout=10) as c:
        sign_up(c, "pace-ivy" + str(abs(hash(url)) % 10000))
        gid, token = paced(c, "play")
        s = state(c, gid, token)
        assert s["decision"]["seat"] == "marquise" and "options" in s["decision"]
        bound(c, gid, token)
        start = CLOCK.now
        assert deadline(c, gid) == start + HOUR
        CLOCK.now += HOUR - 1  # not yet
        time.sleep(2.5)  # the deadlines are looked at every second
        assert state(c, gid, token)["version"] == s["version"] + 1  # the binding only
        CLOCK.now += 2
        version = s["version"] + 1
        # the agent plays marquise's turn, then eyrie's agent; a decision of
        # marquise's next turn comes back to the person with a new deadline
        until(lambda: state(c, gid, token)["version"] > version + 1)
        late = CLOCK.now
        back = until(lambda: (x := state(c, gid, token))["decision"]
                     and x["decision"]["seat"] == "marquise" and "options" in x["decision"]
                     and x or None)
        assert back["seats"]["marquise"]["kind"] == "human"
        assert deadline(c, gid) == late + HOUR
        r = c.post(f"/api/games/{gid}/actions",
                   json={"version": back["version"], "option": 0},
                   headers={"X-CSRF-Token": csrf(c)})
        assert r.status_code == 200, r.text


def test_the_seat_is_dropped_to_the_agent(url: str) -> None:
    with httpx.Client(base_url=url, timeout=10) as c:
        gid, token = paced(c, "drop")
        s = state(c, gid, token)
        CLOCK.now += HOUR + 1
        dropped = until(lambda: (x := state(c, gid, token))["seats"]["marquise"]["kind"]
                        == "agent:random" and x)
        assert dropped["seat"] == "marquise"  # the link still watches the seat
        r = c.post(f"/api/games/{gid}/actions", json={"token": token, "version":
                                                      dropped["version"], "option": 0})
        assert r.status_code in (403, 409)
        if r.status_code == 403:
            assert r.json()["error"]["code"] in ("agent_decides", "not_your_decision")
        until(lambda: state(c, gid, token)["version"] > s["version"] + 3)


def test_a_deadline_survives_a_restart(tmp_path: Path) -> None:
    clock = Clock()
    db = str(tmp_path / "pace.sqlite3")
    with BackgroundServer(db=db, clock=clock, hasher=FAST) as u, \
            httpx.Client(base_url=u, timeout=10) as c:
        gid, token = paced(c, "play")
        version = state(c, gid, token)["version"]
    clock.now += HOUR + 1
    with BackgroundServer(db=db, clock=clock, hasher=FAST) as u, \
            httpx.Client(base_url=u, timeout=10) as c:
        until(lambda: state(c, gid, token)["version"] > version)


def test_a_bad_pace_is_refused(url: str) -> None:
    with httpx.Client(base_url=url, timeout=10) as c:
        for pace in ({"seconds": 59}, {"seconds": HOUR, "on_timeout": "later"},
                     {"seconds": HOUR, "agent": "nobody"}, [HOUR], {"seconds": True},
                     {"seconds": HOUR, "when": 1}):
            r = c.post("/api/games", json={"factions": ["marquise", "eyrie"], "pace": pace})
            assert r.status_code == 422 and r.json()["error"]["code"] == "bad_pace", r.text
