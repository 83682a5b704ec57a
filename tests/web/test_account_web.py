"""Accounts over HTTP (issue 57): sign up, log in, log out everywhere, the cookies, CSRF,
the rate limits and no user enumeration, on SQLite and on Debian's PostgreSQL; the games'
links keep working with or without an account."""
from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from rootlaw.server.accounts import FAILURE_WINDOW, SESSION_SECONDS
from tests.web import serve_proc
from tests.web.account_helpers import PASSWORD, Clock, csrf, log_in, me, served, sign_up

CLOCK = Clock()


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def url(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
        ) -> Iterator[str]:
    with served(request.param, tmp_path_factory.mktemp("acc"), CLOCK) as u:
        yield u


@pytest.fixture(autouse=True)
def later() -> None:
    """Each test an hour after the last: every client is 127.0.0.1, and the address's
    failures of one test must not limit the next."""
    CLOCK.now += FAILURE_WINDOW + 1


def fresh(url: str) -> httpx.Client:
    return httpx.Client(base_url=url, timeout=10, follow_redirects=False)


def test_sign_up_logs_in_with_a_safe_cookie(url: str) -> None:
    with fresh(url) as c:
        assert me(c) is None
        r = sign_up(c, "Alice1")
        assert r.status_code == 201 and r.json()["account"] == {"name": "alice1"}
        cookie = [h for h in r.headers.get_list("set-cookie")
                  if h.startswith("rootlaw_session=")][0].lower()
        assert "httponly" in cookie and "samesite=lax" in cookie and "path=/" in cookie
        assert f"max-age={SESSION_SECONDS}" in cookie
        assert me(c) == {"name": "alice1"}
        assert sign_up(c, "ALICE1").status_code == 409
        assert sign_up(c, "x").json()["error"]["code"] == "bad_request"
        r = sign_up(c, "bobby1", "short")
        assert r.status_code == 422 and r.json()["error"]["param"] == "password"


def test_csrf_is_refused(url: str) -> None:
    with fresh(url) as c, fresh(url) as other:
        body = {"name": "carol1", "password": PASSWORD}
        for headers in ({}, {"X-CSRF-Token": "0" * 64}, {"X-CSRF-Token": csrf(other)}):
            csrf(c)
            r = c.post("/api/account/signup", json=body, headers=headers)
            assert r.status_code == 403 and r.json()["error"]["code"] == "csrf_failed"
        r = c.post("/api/account/signup", json=body,
                   headers={"X-CSRF-Token": csrf(c), "Origin": "https://evil.example"})
        assert r.status_code == 403
        # a form posted from elsewhere without the hidden field
        r = c.post("/account/signup", data=body)
        assert r.status_code == 403 and "CSRF" in r.text
        assert me(c) is None
        assert sign_up(c, "carol1").status_code == 201
        # the token changes with the session: the visitor's one no longer logs out
        stale = csrf(other)
        r = c.post("/api/account/logout", headers={"X-CSRF-Token": stale})
        assert r.status_code == 403 and me(c) == {"name": "carol1"}


def test_failed_logins_say_nothing_of_the_name(url: str) -> None:
    with fresh(url) as c:
        sign_up(c, "dave01")
    with fresh(url) as c:
        unknown, wrong = log_in(c, "nobody99"), log_in(c, "dave01", "wrong password")
        assert unknown.status_code == wrong.status_code == 401
        assert unknown.json() == wrong.json()
        assert log_in(c, "DAVE01").status_code == 200 and me(c) == {"name": "dave01"}


def test_logins_are_rate_limited(url: str) -> None:
    with fresh(url) as c:
        sign_up(c, "erin01")
        for _ in range(5):
            assert log_in(c, "erin01", "guess guess").status_code == 401
        r = log_in(c, "erin01")
        assert r.status_code == 429 and int(r.headers["retry-after"]) > 0
        assert log_in(c, "someone").status_code == 429  # the address, too
        CLOCK.now += FAILURE_WINDOW + 1
        assert log_in(c, "erin01").status_code == 200


def test_log_out_here_and_everywhere(url: str) -> None:
    with fresh(url) as a, fresh(url) as b, fresh(url) as c:
        sign_up(a, "fred01")
        log_in(b, "fred01")
        sign_up(c, "gina01")
        r = a.post("/api/account/logout", headers={"X-CSRF-Token": csrf(a)})
        assert r.status_code == 200 and me(a) is None and me(b) == {"name": "fred01"}
        log_in(a, "fred01")
        r = b.post("/api/account/logout-all", headers={"X-CSRF-Token": csrf(b)})
        assert r.json()["sessions_ended"] == 2
        assert me(a) is None and me(b) is None and me(c) == {"name": "gina01"}


def test_sessions_expire(url: str) -> None:
    with fresh(url) as c:
        sign_up(c, "hank01")
        CLOCK.now += SESSION_SECONDS - 60
        assert me(c) == {"name": "hank01"}
        CLOCK.now += 120
        assert me(c) is None


def test_the_forms_work_without_script(url: str) -> None:
    with fresh(url) as c:
        page = c.get("/account").text
        token = re.search(r'name="csrf" value="([0-9a-f]+)"', page)
        assert token and 'action="/account/signup"' in page
        body = {"name": "iris01", "password": PASSWORD, "csrf": token.group(1)}
        r = c.post("/account/signup", data=body)
        assert r.status_code == 303 and r.headers["location"] == "/account"
        page = c.get("/account").text
        assert "Logged in as <strong>iris01</strong>" in page
        token = re.search(r'name="csrf" value="([0-9a-f]+)"', page)
        assert token
        r = c.post("/account/logout", data={"csrf": token.group(1)})
        assert r.status_code == 303 and me(c) is None
        r = c.post("/account/login", data={**body, "password": "wrong password",
                                           "csrf": csrf(c)})
        assert r.status_code == 401 and "wrong name or password" in r.text


def test_links_keep_working(url: str) -> None:
    """A game made and played by links alone, with and without an account logged in."""
    with fresh(url) as c:
        sign_up(c, "jack01")
        for client in (c, fresh(url)):
            r = client.post("/api/games", json={"factions": ["marquise", "eyrie"],
                                                "seats": {"eyrie": "human"}})
            assert r.status_code == 201, r.text
            gid, token = r.json()["id"], r.json()["seats"]["marquise"]["token"]
            state = client.get(f"/api/games/{gid}", params={"token": token}).json()
            r = client.post(f"/api/games/{gid}/actions", json={
                "token": token, "version": state["version"], "option": 0})
            assert r.status_code == 200, r.text


def test_passwords_never_reach_the_log(tmp_path: Path) -> None:
    """`rootlaw serve` (its own logging, uvicorn's access lines) after sign-ups and
    log-ins by JSON and by form, refused and accepted, with the password in the query
    too: the password is in no line."""
    secret = "Never-In-A-Log-7"
    with serve_proc.serve(tmp_path, str(tmp_path / "s.sqlite3")) as srv, \
            httpx.Client(base_url=srv.url, timeout=30) as c:
        assert sign_up(c, "kate01", secret).status_code == 201
        assert log_in(c, "kate01", secret + "x").status_code == 401
        assert log_in(c, "kate01", secret).status_code == 200
        c.post("/account/login", data={"name": "kate01", "password": secret,
                                       "csrf": csrf(c)})
        c.post("/account/signup", data={"name": "kate01", "password": secret,
                                        "csrf": "bad"})
        c.post("/api/account/login", params={"password": secret}, json={})
        text = srv.text()
    assert "/api/account/login" in text  # the access lines were written
    assert secret not in text
