"""Helpers of the account tests: a fake clock, a cheap hasher, a browser-like client."""
from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
from argon2 import PasswordHasher

from rootlaw.server.background import BackgroundServer
from tests.web.pg import pg_bin, postgres

PASSWORD = "correct horse battery"
FAST = PasswordHasher(time_cost=1, memory_cost=1024, parallelism=1)  # tests only


class Clock:
    """The server's clock in a test: it moves when the test says so."""

    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


@contextmanager
def served(kind: str, folder: Path, clock: Clock) -> Iterator[str]:
    """A server on SQLite or on a throwaway PostgreSQL, on the fake clock."""
    if kind == "sqlite":
        with BackgroundServer(db=str(folder / "acc.sqlite3"), clock=clock,
                              hasher=FAST) as url:
            yield url
        return
    if pg_bin() is None:
        raise RuntimeError("PostgreSQL not installed: apt-get install -y postgresql")
    with postgres() as db, BackgroundServer(db=db, clock=clock, hasher=FAST) as url:
        yield url


def csrf(c: httpx.Client) -> str:
    """This client's CSRF token (it gets its visitor cookie on the way)."""
    r = c.get("/api/account")
    assert r.status_code == 200, r.text
    token: str = r.json()["csrf"]
    return token


def sign_up(c: httpx.Client, name: str, password: str = PASSWORD) -> httpx.Response:
    return c.post("/api/account/signup", json={"name": name, "password": password},
                  headers={"X-CSRF-Token": csrf(c)})


def log_in(c: httpx.Client, name: str, password: str = PASSWORD) -> httpx.Response:
    return c.post("/api/account/login", json={"name": name, "password": password},
                  headers={"X-CSRF-Token": csrf(c)})


def me(c: httpx.Client) -> Any:
    return c.get("/api/account").json()["account"]
