"""Fuzzing the lobby's bodies (hypothesis): opening a game (its create request, seat and
pace), joining, leaving and starting, with the CSRF token or without, logged in or not:
the answer is a 2xx or a 4xx in the one error shape, never a 500."""
from __future__ import annotations

from collections.abc import Iterator
from typing import Any
from urllib.parse import quote

import httpx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.web.account_helpers import Clock, csrf, log_in, served, sign_up
from tests.web.test_play_fuzz import create_bodies, encode, raw_bodies, texts, values

SETTINGS = settings(max_examples=150, deadline=None, derandomize=True, database=None,
                    suppress_health_check=[HealthCheck.function_scoped_fixture,
                                           HealthCheck.too_slow])
CLOCK = Clock()


@pytest.fixture(scope="module")
def url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with served("sqlite", tmp_path_factory.mktemp("lobbyfuzz"), CLOCK) as u:
        with httpx.Client(base_url=u) as c:
            assert sign_up(c, "fuzzhost").status_code == 201
        yield u


paces = st.fixed_dictionaries({}, optional={
    "seconds": st.integers(-10, 10**7) | values, "on_timeout": st.sampled_from(
        ["play", "drop", "x"]) | values, "agent": st.sampled_from(["random", "nope"]) | values})
open_bodies = st.fixed_dictionaries({}, optional={
    "game": create_bodies | st.just({"factions": ["marquise", "eyrie"]}) | values,
    "seat": st.sampled_from(["marquise", "eyrie", "seat1"]) | values,
    "pace": paces | values})
other_bodies = st.fixed_dictionaries({}, optional={
    "seat": st.sampled_from(["marquise", "eyrie"]) | values,
    "fill": st.sampled_from(["agent:random", "bot", "human"]) | values}) | values


@SETTINGS
@given(st.data())
def test_lobby_bodies_never_500(url: str, data: st.DataObject) -> None:
    with httpx.Client(base_url=url, timeout=20) as c:
        if data.draw(st.booleans()):
            log_in(c, "fuzzhost")
        token = csrf(c)
        headers = {"Content-Type": "application/json"}
        if data.draw(st.booleans()):
            headers["X-CSRF-Token"] = token
        action = data.draw(st.sampled_from(["open", "join", "leave", "start"]))
        body: Any
        if action == "open":
            path = "/api/lobby"
            body = data.draw(open_bodies)
        else:
            opened = c.post("/api/lobby", json={"game": {"factions": ["marquise", "eyrie"]}},
                            headers={"X-CSRF-Token": token})
            entry = opened.json()["id"] if opened.status_code == 201 else \
                data.draw(texts | st.just("x" * 40))
            # a lone surrogate goes as its bytes: a path that is not UTF-8 (a 404)
            path = f"/api/lobby/{quote(entry, safe='', errors='surrogatepass')}/{action}"
            body = data.draw(other_bodies)
        content = data.draw(st.just(encode(body)) | raw_bodies)
        r = c.post(path, content=content, headers=headers)
        assert r.status_code < 500, r.text
        if r.status_code >= 400:
            err = r.json()["error"]
            assert err["status"] == r.status_code and err["code"] and err["message"]
        assert c.get("/api/lobby").status_code == 200
