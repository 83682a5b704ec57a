"""The account store (rootlaw/server/accounts.py) on SQLite and on Debian's PostgreSQL."""
from __future__ import annotations

import logging
from collections.abc import Iterator
from pathlib import Path

import pytest
from argon2 import PasswordHasher

from rootlaw.server.accounts import (
    SESSION_SECONDS,
    AccountError,
    Accounts,
    NameTaken,
    RateLimited,
    WrongCredentials,
)
from rootlaw.server.play.store import make_engine
from tests.web.pg import pg_bin, postgres

PASSWORD = "correct horse battery"


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture(params=["sqlite", "postgresql"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[tuple[Accounts, Clock]]:
    clock = Clock()
    fast = PasswordHasher(time_cost=1, memory_cost=1024, parallelism=1)  # tests only
    if request.param == "sqlite":
        engine = make_engine(str(tmp_path / "a.sqlite3"))
        yield Accounts(engine, clock=clock, hasher=fast), clock
        engine.dispose()
        return
    if pg_bin() is None:
        pytest.skip("PostgreSQL not installed")
    with postgres() as url:
        engine = make_engine(url)
        yield Accounts(engine, clock=clock, hasher=fast), clock
        engine.dispose()


def test_sign_up_stores_only_an_argon2_hash(store: tuple[Accounts, Clock]) -> None:
    acc, _ = store
    account = acc.sign_up("Alice", PASSWORD, "a")
    assert account.name == "alice"
    with acc.engine.connect() as conn:
        stored = conn.exec_driver_sql("SELECT password_hash FROM accounts").scalar_one()
    assert stored.startswith("$argon2id$") and PASSWORD not in stored
    with pytest.raises(NameTaken):
        acc.sign_up("ALICE", "another password", "a")
    for bad in ("ab", "has space", "x" * 41, None, 7):
        with pytest.raises(AccountError, match="name must"):
            acc.sign_up(bad, PASSWORD, "a")
    for short in ("short", "x" * 257, None, ["a list"]):
        with pytest.raises(AccountError, match="password must"):
            acc.sign_up("bob", short, "a")


def test_no_user_enumeration(store: tuple[Accounts, Clock]) -> None:
    acc, _ = store
    acc.sign_up("alice", PASSWORD, "a")
    with pytest.raises(WrongCredentials) as unknown:
        acc.log_in("nobody", PASSWORD, "1.2.3.4")
    with pytest.raises(WrongCredentials) as wrong:
        acc.log_in("alice", "wrong password", "1.2.3.5")
    assert str(unknown.value) == str(wrong.value) == "wrong name or password"


def test_sessions_expire_and_log_out_everywhere(store: tuple[Accounts, Clock]) -> None:
    acc, clock = store
    alice = acc.sign_up("alice", PASSWORD, "a")
    acc.sign_up("bob", PASSWORD, "a")
    _, laptop = acc.log_in("alice", PASSWORD, "a")
    _, phone = acc.log_in("Alice", PASSWORD, "b")
    _, bobs = acc.log_in("bob", PASSWORD, "c")
    assert acc.session_account(laptop) == alice == acc.session_account(phone)
    assert acc.session_account("forged") is None
    acc.log_out(laptop)
    assert acc.session_account(laptop) is None and acc.session_account(phone) == alice
    assert acc.log_out_everywhere(alice.id) == 1
    assert acc.session_account(phone) is None
    assert acc.session_account(bobs) is not None          # another account's stays
    clock.now += SESSION_SECONDS + 1
    assert acc.session_account(bobs) is None              # expired


def test_failed_logins_are_rate_limited(store: tuple[Accounts, Clock]) -> None:
    acc, clock = store
    acc.sign_up("alice", PASSWORD, "a")
    for _ in range(5):
        with pytest.raises(AccountError, match="wrong"):
            acc.log_in("alice", "guess guess", "9.9.9.9")
    with pytest.raises(RateLimited):               # even the right password, now
        acc.log_in("alice", PASSWORD, "8.8.8.8")
    with pytest.raises(RateLimited):               # the address is limited for other names
        acc.log_in("carol", PASSWORD, "9.9.9.9")
    clock.now += 15 * 60 + 1
    assert acc.log_in("alice", PASSWORD, "8.8.8.8")[0].name == "alice"


def test_password_never_in_logs_or_errors(store: tuple[Accounts, Clock],
                                          caplog: pytest.LogCaptureFixture) -> None:
    acc, _ = store
    caplog.set_level(logging.DEBUG)
    secret = "s3cret-never-logged"
    acc.sign_up("alice", secret, "a")
    acc.log_in("alice", secret, "a")
    with pytest.raises(AccountError) as err:
        acc.log_in("alice", secret + "x", "a")
    assert secret not in caplog.text and secret not in str(err.value)


def test_limits_are_shared_by_processes(store: tuple[Accounts, Clock]) -> None:
    """Two Accounts on one database (two workers) count the same failures and share
    one server key."""
    acc, clock = store
    other = Accounts(acc.engine, clock=clock, hasher=acc.hasher)
    assert other.key == acc.key and len(acc.key) == 32
    acc.sign_up("alice", PASSWORD, "a")
    for i in range(5):
        with pytest.raises(WrongCredentials):
            (acc, other)[i % 2].log_in("alice", "guess guess", f"10.0.0.{i}")
    with pytest.raises(RateLimited):
        other.log_in("alice", PASSWORD, "10.0.1.1")


def test_taken_names_count_against_the_address(store: tuple[Accounts, Clock]) -> None:
    acc, _ = store
    acc.sign_up("alice", PASSWORD, "a")
    for _ in range(5):
        with pytest.raises(NameTaken):
            acc.sign_up("alice", PASSWORD, "7.7.7.7")
    with pytest.raises(RateLimited):
        acc.sign_up("zed", PASSWORD, "7.7.7.7")
    assert acc.sign_up("zed", PASSWORD, "7.7.7.8").name == "zed"
