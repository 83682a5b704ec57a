"""Games live in a real database: SQLite, and PostgreSQL (a real server started here).
A restarted server loses nothing; two servers on one database never both win a write."""
from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

import rootlaw
from rootlaw.server.background import BackgroundServer
from rootlaw.server.play.hub import as_option
from rootlaw.server.play.store import Store
from tests.web.pg import postgres
from tests.web.play_helpers import act, create, play_random, state, token


@pytest.fixture(scope="module")
def pg_url() -> Iterator[str]:
    with postgres() as url:
        yield url


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'games.sqlite3'}"
    url: str = request.getfixturevalue("pg_url")
    Store(url).engine.dispose()
    return url


def seat_states(client: httpx.Client, game: dict[str, Any]) -> dict[str, Any]:
    return {f: state(client, game["id"], s["token"]) for f, s in game["seats"].items()
            if s["token"]}


def test_a_restarted_server_continues_every_game(db_url: str) -> None:
    with BackgroundServer(db=db_url) as url, httpx.Client(base_url=url, timeout=10) as c:
        game = create(c, factions=["marquise", "eyrie", "vagabot"], seed=31)
        play_random(c, game, 25, seed=31)
        before = seat_states(c, game)
        log = c.get(f"/api/games/{game['id']}/log").json()
    with BackgroundServer(db=db_url) as url, httpx.Client(base_url=url, timeout=10) as c:
        assert seat_states(c, game) == before
        assert c.get(f"/api/games/{game['id']}/log").json() == log
        end = play_random(c, game, 3000, seed=32)
        assert end["over"]
    rec = Store(db_url).load(game["id"])
    assert rec is not None
    replayed = rootlaw.Game.replay(rec.setup, [("d", s, as_option(o)) for s, o in rec.decisions])
    assert replayed.is_over and replayed.scores == end["scores"]


def test_two_servers_on_one_database_never_both_win(db_url: str) -> None:
    with BackgroundServer(db=db_url) as a, BackgroundServer(db=db_url) as b, \
            httpx.Client(base_url=a, timeout=10) as ca, httpx.Client(base_url=b, timeout=10) as cb:
        game = create(ca, factions=["marquise", "eyrie"], seed=33)
        cat = token(game, "marquise")
        s = state(cb, game["id"], cat)  # b loads the game too
        ra = act(ca, game["id"], cat, s["version"], 0)
        rb = act(cb, game["id"], cat, s["version"], 1)
        assert ra.status_code == 200
        assert rb.status_code == 409 and rb.json()["error"]["code"] == "stale_version"
        assert state(cb, game["id"], cat)["version"] == s["version"] + 1  # b reloaded
        rec = Store(db_url).load(game["id"])
        assert rec is not None and len(rec.decisions) == 1 and rec.decisions[0][1] == ["keep", 1]


def test_agents_resume_after_a_restart(db_url: str) -> None:
    with BackgroundServer(db=db_url, agent_delay=60) as url, \
            httpx.Client(base_url=url, timeout=10) as c:
        game = create(c, factions=["marquise", "eyrie"], seed=34,
                      seats={"marquise": "agent:random"})
        assert state(c, game["id"])["decision"]["seat"] == "marquise"  # the agent waits
    with BackgroundServer(db=db_url, agent_delay=0) as url, \
            httpx.Client(base_url=url, timeout=10) as c:
        deadline = time.monotonic() + 20
        while state(c, game["id"])["decision"]["seat"] == "marquise":
            assert time.monotonic() < deadline, "the agent did not resume"
            time.sleep(0.05)
        assert state(c, game["id"])["version"] >= 1
