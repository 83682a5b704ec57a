"""Accounts and their sessions (issue 57), in the games' own database (SQLite or
PostgreSQL: the tables sit beside the games', on the same engine).

Passwords are hashed with argon2id (argon2-cffi's defaults); only the hash is stored
and no message or exception ever carries the password. Logging in never tells an
unknown name from a wrong password (the same error, and an unknown name still pays one
argon2 verification so the timing matches). Failed attempts are limited per name and per
client address in a sliding window on an injected clock (a fake one in tests); they are
rows of the database, so the limit holds across ``--workers`` and restarts. A session is
a random token handed to the browser; only its sha256 is stored, it expires, and "log
out everywhere" deletes every session of the account. The server's key (for CSRF
tokens, auth.py) is a row too, so every worker shares it.
"""
from __future__ import annotations

import hashlib
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass

import sqlalchemy as sa
from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from sqlalchemy.engine import Engine

metadata = sa.MetaData()

accounts = sa.Table(
    "accounts", metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("name", sa.String(40), nullable=False, unique=True),  # lower-cased
    sa.Column("password_hash", sa.String(200), nullable=False),
    sa.Column("created", sa.Float, nullable=False),
)

sessions = sa.Table(
    "sessions", metadata,
    sa.Column("token_hash", sa.String(64), primary_key=True),
    sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id", ondelete="CASCADE"),
              nullable=False, index=True),
    sa.Column("expires", sa.Float, nullable=False),
)

failures = sa.Table(  # failed log-ins (and refused sign-ups), per limited key
    "login_failures", metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("key", sa.String(120), nullable=False, index=True),  # "name:x", "addr:y"
    sa.Column("at", sa.Float, nullable=False),
)

server_keys = sa.Table(
    "server_keys", metadata,
    sa.Column("name", sa.String(40), primary_key=True),
    sa.Column("value", sa.String(128), nullable=False),
)

NAME_CHARS = frozenset("abcdefghijklmnopqrstuvwxyz0123456789_-")
SESSION_SECONDS = 30 * 24 * 3600
MAX_FAILURES = 5            # per name and per address ...
FAILURE_WINDOW = 15 * 60.0  # ... in this many seconds
MAX_KEY = 120               # a limited key's length (an address is far shorter)


class AccountError(ValueError):
    """A sign-up or log-in refused; the message names the problem (never the password)."""


class NameTaken(AccountError):
    """A sign-up under a name someone has."""


class WrongCredentials(AccountError):
    """A failed log-in: the same for an unknown name and a wrong password."""


class RateLimited(AccountError):
    """Too many failed attempts for this name or address; retry after ``retry_after`` s."""

    def __init__(self, retry_after: float) -> None:
        super().__init__(f"too many failed attempts; retry in {int(retry_after) + 1} s")
        self.retry_after = retry_after


@dataclass(frozen=True)
class Account:
    id: int
    name: str


def digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def check_name(name: object) -> str:
    """The stored (lower-cased) form of a user name, or AccountError naming the rule."""
    if not isinstance(name, str):
        raise AccountError("name must be a string")
    low = name.strip().lower()
    if not 3 <= len(low) <= 40 or not set(low) <= NAME_CHARS:
        raise AccountError("name must be 3-40 characters: letters, digits, _ or -")
    return low


def check_password(password: object) -> str:
    if not isinstance(password, str) or not 8 <= len(password) <= 256:
        raise AccountError("password must be 8-256 characters")
    return password


class Limiter:
    """Failed attempts per key in a sliding window on ``clock``, in the database."""

    def __init__(self, engine: Engine, clock: Callable[[], float],
                 limit: int = MAX_FAILURES, window: float = FAILURE_WINDOW) -> None:
        self.engine, self.clock, self.limit, self.window = engine, clock, limit, window

    def check(self, *keys: str) -> None:
        """RateLimited if any key has ``limit`` failures in the window."""
        cutoff = self.clock() - self.window
        query = (sa.select(failures.c.key, sa.func.count(), sa.func.min(failures.c.at))
                 .where(failures.c.key.in_([k[:MAX_KEY] for k in keys]),
                        failures.c.at > cutoff)
                 .group_by(failures.c.key))
        with self.engine.connect() as conn:
            rows = conn.execute(query).all()
        worst = [float(first) for _, count, first in rows if count >= self.limit]
        if worst:
            raise RateLimited(max(worst) + self.window - self.clock())

    def fail(self, *keys: str) -> None:
        now = self.clock()
        with self.engine.begin() as conn:
            conn.execute(failures.insert(), [{"key": k[:MAX_KEY], "at": now} for k in keys])
            conn.execute(failures.delete().where(failures.c.at <= now - self.window))


class Accounts:
    """The account, session and limit tables on ``engine`` (the games' database)."""

    def __init__(self, engine: Engine, clock: Callable[[], float] = time.time,
                 hasher: PasswordHasher | None = None) -> None:
        self.engine = engine
        self.clock = clock
        self.hasher = hasher or PasswordHasher()
        self.limiter = Limiter(engine, clock)
        # verified against for unknown names, so they cost what a wrong password costs
        self._dummy = self.hasher.hash(secrets.token_urlsafe(16))
        metadata.create_all(engine)
        self.key = self._server_key("csrf")

    def _server_key(self, name: str) -> bytes:
        """The server's secret ``name``, made once and shared by every process."""
        query = sa.select(server_keys.c.value).where(server_keys.c.name == name)
        with self.engine.connect() as conn:
            found = conn.execute(query).scalar()
        if found is None:
            try:
                with self.engine.begin() as conn:
                    conn.execute(server_keys.insert().values(name=name,
                                                             value=secrets.token_hex(32)))
            except sa.exc.IntegrityError:  # another process made it first: theirs holds
                pass
            with self.engine.connect() as conn:
                found = conn.execute(query).scalar_one()
        return bytes.fromhex(found)

    def sign_up(self, name: object, password: object, address: str) -> Account:
        """A new account; a refused name counts as a failed attempt of the address
        (so sign-ups cannot list the taken names quickly either)."""
        low = check_name(name)
        secret = check_password(password)
        self.limiter.check(f"addr:{address}")
        row = {"name": low, "password_hash": self.hasher.hash(secret),
               "created": self.clock()}
        try:
            with self.engine.begin() as conn:
                key = conn.execute(accounts.insert().values(**row)).inserted_primary_key
        except sa.exc.IntegrityError:
            self.limiter.fail(f"addr:{address}")
            raise NameTaken("that name is taken") from None
        assert key is not None
        return Account(int(key[0]), low)

    def log_in(self, name: object, password: object, address: str) -> tuple[Account, str]:
        """The account and a new session token, or AccountError("wrong name or password")
        for an unknown name and a wrong password alike; RateLimited past the limit."""
        low = name.strip().lower()[:40] if isinstance(name, str) else ""
        keys = (f"name:{low}", f"addr:{address}")
        self.limiter.check(*keys)
        with self.engine.connect() as conn:
            row = conn.execute(sa.select(accounts.c.id, accounts.c.password_hash)
                               .where(accounts.c.name == low)).first()
        if not self._verify(row[1] if row else self._dummy, password) or row is None:
            self.limiter.fail(*keys)
            raise WrongCredentials("wrong name or password")
        account = Account(int(row[0]), low)
        return account, self.open_session(account.id)

    def _verify(self, hashed: str, password: object) -> bool:
        try:
            return bool(self.hasher.verify(hashed, password if isinstance(password, str)
                                           else ""))
        except (VerificationError, InvalidHashError):
            return False

    def open_session(self, account_id: int) -> str:
        """A new session token of the account (its sha256 stored, expiring)."""
        token = secrets.token_urlsafe(32)
        now = self.clock()
        with self.engine.begin() as conn:
            conn.execute(sessions.delete().where(sessions.c.expires <= now))
            conn.execute(sessions.insert().values(token_hash=digest(token),
                                                  account_id=account_id,
                                                  expires=now + SESSION_SECONDS))
        return token

    def session_account(self, token: str | None) -> Account | None:
        """The account a live session token belongs to; None if unknown or expired."""
        if not isinstance(token, str) or not token:
            return None
        query = (sa.select(accounts.c.id, accounts.c.name)
                 .join(sessions, sessions.c.account_id == accounts.c.id)
                 .where(sessions.c.token_hash == digest(token),
                        sessions.c.expires > self.clock()))
        with self.engine.connect() as conn:
            row = conn.execute(query).first()
        return Account(int(row[0]), str(row[1])) if row else None

    def log_out(self, token: str) -> None:
        with self.engine.begin() as conn:
            conn.execute(sessions.delete().where(sessions.c.token_hash == digest(token)))

    def log_out_everywhere(self, account_id: int) -> int:
        """Delete every session of the account; how many there were."""
        with self.engine.begin() as conn:
            done = conn.execute(sessions.delete().where(sessions.c.account_id == account_id))
        return int(done.rowcount or 0)
