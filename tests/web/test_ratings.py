"""Ratings (issue 57): the places of a finished game (the winners first, then by score,
equal scores sharing a place), one rating per game even when asked twice, and over
HTTP on SQLite and PostgreSQL: a rated game (an account's seat against an agent, both
played out by agents once the account's time ran out on the fake clock) moves the
account's, the factions' and the agent's ratings; a game of a bare link is not rated."""
from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import sqlalchemy as sa

from rootlaw.server.accounts import Accounts
from rootlaw.server.play.ratings import Ratings, Seat, places
from tests.web.account_helpers import FAST, Clock, csrf, served, sign_up

CLOCK = Clock()
HOUR = 3600


def test_places() -> None:
    seats = ["a", "b", "c", "d"]
    assert places({"a": 10, "b": 30, "c": 10, "d": 5}, ["b"], seats) == \
        {"b": 0, "a": 1, "c": 1, "d": 2}
    assert places({"a": 0, "b": 0, "c": 3, "d": 3}, ["a", "b"], seats) == \
        {"a": 0, "b": 0, "c": 1, "d": 1}  # a coalition's winners share the first place


def test_a_game_is_rated_once(tmp_path: Path) -> None:
    engine = sa.create_engine(f"sqlite:///{tmp_path / 'r.sqlite3'}")
    Accounts(engine, CLOCK, FAST)
    r = Ratings(engine, CLOCK)
    seats = [Seat("account:1", "faction:marquise", 0), Seat("bot:agent:random",
                                                            "faction:eyrie", 1)]
    assert r.rate("g1", seats) and not r.rate("g1", seats)
    board = r.board()
    best, worst = board["faction"]
    assert (best["name"], best["games"], worst["games"]) == ("Marquise de Cat", 1, 1)
    assert best["mu"] > 25 > worst["mu"]
    assert board["bot"][0]["name"] == "agent:random" and board["account"][0]["name"] == "?"
    engine.dispose()


def test_an_agent_at_several_seats_is_rated_once_at_its_best_place(tmp_path: Path) -> None:
    """A lobby game's free seats filled by one agent: that agent is one player of the
    match (at its best place), each faction its own."""
    engine = sa.create_engine(f"sqlite:///{tmp_path / 'r.sqlite3'}")
    Accounts(engine, CLOCK, FAST)
    r = Ratings(engine, CLOCK)
    assert r.rate("g1", [Seat("bot:agent:random", "faction:marquise", 0),
                         Seat("account:1", "faction:eyrie", 1),
                         Seat("bot:agent:random", "faction:alliance", 2)])
    board = r.board()
    (agent,) = board["bot"]
    assert agent["games"] == 1 and agent["mu"] > 25 > board["account"][0]["mu"]
    assert sorted(f["games"] for f in board["faction"]) == [1, 1, 1]
    engine.dispose()


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def url(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
        ) -> Iterator[str]:
    with served(request.param, tmp_path_factory.mktemp("rate"), CLOCK) as u:
        yield u


def dropped_game(c: httpx.Client) -> tuple[str, str]:
    r = c.post("/api/games", json={
        "factions": ["marquise", "eyrie"], "seats": {"eyrie": "agent:random"},
        "pace": {"seconds": HOUR, "on_timeout": "drop", "agent": "random"}})
    assert r.status_code == 201, r.text
    return r.json()["id"], r.json()["seats"]["marquise"]["token"]


def played_out(c: httpx.Client, gid: str) -> dict[str, Any]:
    CLOCK.now += HOUR + 1
    end = time.monotonic() + 60
    while time.monotonic() < end:
        s = c.get(f"/api/games/{gid}").json()
        if s["over"]:
            time.sleep(0.5)  # the rating is written just after the end
            return dict(s)
        time.sleep(0.1)
    raise AssertionError("the agents did not finish the game")


def board(c: httpx.Client) -> dict[str, Any]:
    return {k: {r["name"]: r for r in v} for k, v in c.get("/api/ratings").json().items()}


def test_a_rated_game_moves_the_ratings(url: str) -> None:
    with httpx.Client(base_url=url, timeout=10) as c:
        gid, _ = dropped_game(c)  # a link's seat: not rated
        played_out(c, gid)
        assert board(c) == {"account": {}, "faction": {}, "bot": {}}
        name = "rate-jo" + str(abs(hash(url)) % 10000)
        sign_up(c, name)
        gid, token = dropped_game(c)
        r = c.post(f"/api/games/{gid}/bind", json={"token": token},
                   headers={"X-CSRF-Token": csrf(c)})
        assert r.status_code == 200, r.text
        end = played_out(c, gid)
        b = board(c)
        me, agent = b["account"][name], b["bot"]["agent:random"]
        assert me["games"] == agent["games"] == 1
        assert set(b["faction"]) == {"Marquise de Cat", "Eyrie Dynasties"}
        won = "marquise" in end["winners"]
        assert (me["mu"] > 25 > agent["mu"]) if won else (me["mu"] < 25 < agent["mu"])
