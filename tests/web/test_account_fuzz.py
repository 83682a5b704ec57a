"""Fuzzing the bodies of the account requests (hypothesis): JSON, forms or bytes, with the
right CSRF token or without, the answer is a 2xx/3xx or a 4xx, never a 500; API errors
keep the one shape; no password sent ever comes back in an answer."""
from __future__ import annotations

from collections.abc import Iterator
from typing import Any
from urllib.parse import urlencode

import httpx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.web.account_helpers import PASSWORD, Clock, csrf, served, sign_up
from tests.web.test_play_fuzz import encode, raw_bodies, texts, values

SETTINGS = settings(max_examples=120, deadline=None, derandomize=True, database=None,
                    suppress_health_check=[HealthCheck.function_scoped_fixture,
                                           HealthCheck.too_slow])
CLOCK = Clock()
PATHS = ["/api/account/signup", "/api/account/login", "/api/account/logout",
         "/api/account/logout-all", "/account/signup", "/account/login", "/account/logout",
         "/account/logout-all"]
SECRET = "fuzz-secret-password"


@pytest.fixture(scope="module")
def url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with served("sqlite", tmp_path_factory.mktemp("accfuzz"), CLOCK) as u:
        with httpx.Client(base_url=u) as c:
            assert sign_up(c, "known1").status_code == 201
        yield u


names = st.sampled_from(["known1", "KNOWN1", "ab", "new-name", "x" * 41, " known1 ", ""]) \
    | texts | values
passwords = st.sampled_from([PASSWORD, SECRET, "short", "x" * 300, ""]) | texts | values


@SETTINGS
@given(st.data())
def test_account_bodies_never_500(url: str, data: st.DataObject) -> None:
    CLOCK.now += 60 * 16  # past the limits' window now and then (429 is fine too)
    path = data.draw(st.sampled_from(PATHS))
    with httpx.Client(base_url=url, timeout=10) as c:
        if data.draw(st.booleans()):  # logged in first, sometimes
            c.post("/api/account/login", json={"name": "known1", "password": PASSWORD},
                   headers={"X-CSRF-Token": csrf(c)})
        token = csrf(c)
        fields = data.draw(st.fixed_dictionaries({}, optional={
            "name": names, "password": passwords,
            "csrf": st.sampled_from([token, token[:-1], "", "0" * 64]) | values}))
        kind = data.draw(st.sampled_from(["json", "form", "raw-json", "raw-form"]))
        headers = {"X-CSRF-Token": token} if data.draw(st.booleans()) else {}
        if kind == "json":
            headers["Content-Type"] = "application/json"
            content = encode(data.draw(st.just(fields) | values))
        elif kind == "form":
            headers["Content-Type"] = "application/x-www-form-urlencoded"
            flat = {k: v if isinstance(v, str) else str(v) for k, v in fields.items()}
            content = urlencode(flat, errors="surrogatepass").encode()
        else:
            headers["Content-Type"] = ("application/json" if kind == "raw-json" else
                                       "application/x-www-form-urlencoded")
            content = data.draw(raw_bodies | st.sampled_from([b"name=%ff%fe&password=x",
                                                              b"a=" * 40, b"%", b"csrf"]))
        r = c.post(path, content=content, headers=headers)
        check(r, path, fields)


def check(r: httpx.Response, path: str, fields: dict[str, Any]) -> None:
    assert r.status_code < 500, r.text
    if path.startswith("/api/") and r.status_code >= 400:
        err = r.json()["error"]
        assert err["status"] == r.status_code and err["code"] and err["message"]
    password = fields.get("password")
    if isinstance(password, str) and len(password) >= 8:
        assert password not in r.text


@pytest.fixture(scope="module")
def bound_game(url: str) -> dict[str, Any]:
    with httpx.Client(base_url=url) as c:
        r = c.post("/api/games", json={"factions": ["marquise", "eyrie"],
                                       "seats": {"eyrie": "human"}})
        assert r.status_code == 201
        return dict(r.json())


@SETTINGS
@given(st.data())
def test_bind_bodies_never_500(url: str, bound_game: dict[str, Any],
                               data: st.DataObject) -> None:
    """POST /api/games/{id}/bind: whatever the body, a 2xx or a 4xx; the seat ends bound
    to known1 at most."""
    CLOCK.now += 60 * 16
    gid, real = bound_game["id"], bound_game["seats"]["marquise"]["token"]
    with httpx.Client(base_url=url, timeout=10) as c:
        if data.draw(st.booleans()):
            c.post("/api/account/login", json={"name": "known1", "password": PASSWORD},
                   headers={"X-CSRF-Token": csrf(c)})
        token = csrf(c)
        body = data.draw(st.fixed_dictionaries({}, optional={
            "token": st.sampled_from([real, real[:-1], "", None]) | values,
            "csrf": st.sampled_from([token, "", "0" * 64]) | values}) | values)
        headers = {"Content-Type": "application/json"}
        if data.draw(st.booleans()):
            headers["X-CSRF-Token"] = token
        raw = data.draw(st.booleans())
        content = data.draw(raw_bodies) if raw else encode(body)
        r = c.post(f"/api/games/{gid}/bind", content=content, headers=headers)
        check(r, "/api/", {})
        if r.status_code == 200:
            assert r.json() == {"seat": "marquise", "account": "known1",
                                "version": r.json()["version"]}
