"""Where games live: SQLite by default, PostgreSQL by URL (SQLAlchemy 2 Core).

A game is its setup plus its decisions, in order (the engine replays exactly), and
a summary row (version, status, scores) kept with them in one transaction. Every
write names the version it expects, so two writers can never both win. A write may
carry a client's idempotency key, stored in the same transaction (so a retry finds
it exactly when the change was stored). On PostgreSQL every write also notifies the
channel CHANNEL with "<game id> <version> <origin>" (sent at commit), which the other
server processes listen to (play/fanout.py).
"""
from __future__ import annotations

import os
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

import orjson
import sqlalchemy as sa
from sqlalchemy.engine import Engine

metadata = sa.MetaData()

games = sa.Table(
    "games", metadata,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("created", sa.Float, nullable=False),
    sa.Column("updated", sa.Float, nullable=False),
    sa.Column("setup", sa.JSON, nullable=False),
    sa.Column("seats", sa.JSON, nullable=False),      # faction -> {"kind", "token_hash"}
    sa.Column("version", sa.Integer, nullable=False),  # every change (action, undo) adds one
    sa.Column("decisions", sa.Integer, nullable=False),
    sa.Column("over", sa.Boolean, nullable=False, default=False),
    sa.Column("summary", sa.JSON, nullable=False),     # scores, winners, deciding seat
)

decisions = sa.Table(
    "decisions", metadata,
    sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"),
              primary_key=True),
    sa.Column("n", sa.Integer, primary_key=True),      # 0, 1, 2, ... in the game's order
    sa.Column("seat", sa.String(40), nullable=False),
    sa.Column("option", sa.JSON, nullable=False),
)

requests = sa.Table(  # idempotency keys: the changes clients named, per game and seat
    "requests", metadata,
    sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"),
              primary_key=True),
    sa.Column("seat", sa.String(40), primary_key=True),
    sa.Column("key", sa.String(128), primary_key=True),
    sa.Column("digest", sa.String(64), nullable=False),   # sha256 of what was asked
    sa.Column("version", sa.Integer, nullable=False),     # the version the change made
    sa.Column("created", sa.Float, nullable=False),
)

seat_owners = sa.Table(  # which account holds which seat (my games), kept with the seats
    "seat_owners", metadata,
    sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"),
              primary_key=True),
    sa.Column("seat", sa.String(40), primary_key=True),
    sa.Column("account_id", sa.Integer, nullable=False, index=True),
)

deadlines = sa.Table(  # paced games only (pace.py): when the deciding person's time ends
    "deadlines", metadata,
    sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"),
              primary_key=True),
    sa.Column("at", sa.Float, nullable=False, index=True),
)

reminders = sa.Table(  # paced games only: when to remind the deciding person (notify.py)
    "reminders", metadata,
    sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"),
              primary_key=True),
    sa.Column("at", sa.Float, nullable=False, index=True),
)

CHANNEL = "rootlaw_games"
CHECKPOINT_SECONDS = 1.0  # SQLite: how often the WAL is copied into the database
MAX_HELD = 200  # the games listed for one account (the newest changes)
Written = Literal["ok", "stale", "duplicate"]  # stored; another write came first; key reused


@dataclass(frozen=True)
class Request:
    """A client's idempotency key for a change, and the fingerprint of what it asked."""

    seat: str
    key: str
    digest: str


@dataclass
class Record:
    """A stored game: enough to rebuild it (setup + decisions) and its seats."""

    id: str
    setup: dict[str, Any]
    seats: dict[str, dict[str, Any]]
    version: int
    decisions: list[tuple[str, Any]]  # (seat, option as JSON)
    summary: dict[str, Any]


@dataclass(frozen=True)
class Held:
    """A game one account holds a seat of (its row of "my games")."""

    id: str
    seat: str
    seats: dict[str, dict[str, Any]]
    summary: dict[str, Any]
    updated: float
    created: float


def default_url() -> str:
    """SQLite in the user's data directory ($XDG_DATA_HOME/rootlaw/games.sqlite3)."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    folder = Path(base) / "rootlaw"
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'games.sqlite3'}"


def normalize_url(url: str) -> str:
    """Accept a plain path for SQLite and postgresql:// for psycopg 3."""
    if "://" not in url:
        return f"sqlite:///{Path(url).expanduser().resolve()}"
    if url.startswith(("postgresql://", "postgres://")):
        return "postgresql+psycopg://" + url.split("://", 1)[1]
    return url


def make_engine(url: str) -> Engine:
    url = normalize_url(url)
    if url.startswith("sqlite"):
        engine = sa.create_engine(url, connect_args={"check_same_thread": False, "timeout": 30})
        sa.event.listen(engine, "connect", _sqlite_pragmas)
        return engine
    return sa.create_engine(url, pool_size=10, max_overflow=20, pool_pre_ping=True)


def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
    cur = dbapi_conn.cursor()
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA synchronous=NORMAL")
    cur.execute("PRAGMA wal_autocheckpoint=0")  # Store's checkpointer does it, off the writes
    cur.execute("PRAGMA foreign_keys=ON")
    cur.close()


def libpq_url(url: str) -> str:
    """A SQLAlchemy PostgreSQL URL as psycopg connects to it."""
    return "postgresql://" + normalize_url(url).split("://", 1)[1]


class Store:
    """The game tables. Thread-safe: every method opens its own transaction.
    ``origin`` names this process in its notifications."""

    def __init__(self, url: str, origin: str = "") -> None:
        self.url = normalize_url(url)
        self.engine = make_engine(self.url)
        self.origin = origin
        self.postgres = self.engine.dialect.name == "postgresql"
        self._checkpoints: threading.Thread | None = None
        self._stop = threading.Event()
        self._integrity_error = self.engine.dialect.loaded_dbapi.IntegrityError
        self._sql = {k: _dialect_sql(v, self.postgres) for k, v in SQL.items()}
        metadata.create_all(self.engine)

    def close(self) -> None:
        if self._checkpoints is not None:
            self._stop.set()
            self._checkpoints.join(timeout=5)
            self._checkpoint()
        self.engine.dispose()

    def _written(self) -> None:
        """After a write: on SQLite, make sure the checkpointer runs. A checkpoint
        copies the WAL into the database and waits for the disk (fsync); done by the
        committing write, as SQLite does by default, it held up every move queued
        behind it (p99 1.8 s with the writes on the event loop, 250 ms in their thread);
        a PASSIVE checkpoint every CHECKPOINT_SECONDS in its own thread blocks no
        writer."""
        if self._checkpoints is None and not self.postgres:
            self._checkpoints = threading.Thread(target=self._checkpointer, daemon=True,
                                                 name="rootlaw-checkpoint")
            self._checkpoints.start()

    def _checkpointer(self) -> None:
        while not self._stop.wait(CHECKPOINT_SECONDS):
            self._checkpoint()

    def _checkpoint(self) -> None:
        try:
            with self.engine.connect() as conn:
                conn.exec_driver_sql("PRAGMA wal_checkpoint(PASSIVE)")
        except sa.exc.SQLAlchemyError:  # the next round tries again
            pass

    def create(self, game_id: str, setup: dict[str, Any], seats: dict[str, dict[str, Any]],
               summary: dict[str, Any]) -> None:
        now = time.time()
        with self.engine.begin() as conn:
            conn.execute(games.insert().values(
                id=game_id, created=now, updated=now, setup=setup, seats=seats, version=0,
                decisions=0, over=bool(summary.get("over")), summary=summary))
            _own(conn, game_id, seats)
            if summary.get("deadline") is not None:
                conn.execute(deadlines.insert().values(game_id=game_id,
                                                       at=float(summary["deadline"])))
                conn.execute(reminders.insert().values(game_id=game_id,
                                                       at=float(summary["remind"])))
        self._written()

    def load(self, game_id: str) -> Record | None:
        with self.engine.connect() as conn:
            row = conn.execute(sa.select(games).where(games.c.id == game_id)).first()
            if row is None:
                return None
            rows = conn.execute(sa.select(decisions.c.n, decisions.c.seat, decisions.c.option)
                                .where(decisions.c.game_id == game_id)
                                .order_by(decisions.c.n)).all()
        if [r.n for r in rows] != list(range(len(rows))) or len(rows) != row.decisions:
            raise RuntimeError(f"game {game_id}: stored decisions are not contiguous")
        return Record(row.id, row.setup, row.seats, row.version,
                      [(r.seat, r.option) for r in rows], row.summary or {})

    def since(self, game_id: str, n: int) -> tuple[int, int, list[tuple[str, Any]]]:
        """The game's version, its number of decisions, and its decisions from ``n`` on,
        read together (how another process's changes reach a live game; on the DB-API
        connection, as the writes)."""
        conn = self.engine.raw_connection()
        try:
            cur = conn.cursor()
            cur.execute(self._sql["since"], (n, game_id))  # one statement: one snapshot
            rows = cur.fetchall()
            conn.commit()
        finally:
            conn.close()
        if not rows:
            raise RuntimeError(f"game {game_id} is gone from the store")
        tail = [(seat, orjson.loads(opt) if isinstance(opt, (str, bytes)) else opt)
                for _, _, seat, opt in rows if seat is not None]
        return int(rows[0][0]), int(rows[0][1]), tail

    def append(self, game_id: str, version: int, n: int, seat: str, option: Any,
               summary: dict[str, Any], request: Request | None = None) -> Written:
        """Add decision ``n``; "stale" (nothing written) unless the game is at ``version``,
        "duplicate" (nothing written) if ``request``'s key was used before."""
        return self._change(game_id, version, n + 1, summary, request, self._sql["append"],
                            (game_id, n, seat, _json(option)))

    def truncate(self, game_id: str, version: int, keep: int, summary: dict[str, Any],
                 request: Request | None = None) -> Written:
        """Keep the first ``keep`` decisions (undo); "stale" unless at ``version``."""
        return self._change(game_id, version, keep, summary, request,
                            self._sql["truncate"], (game_id, keep))

    def _change(self, game_id: str, version: int, count: int, summary: dict[str, Any],
                request: Request | None, sql: str, params: tuple[Any, ...]) -> Written:
        """One change in one transaction: the version bump (which fails when another
        writer came first), the change, the request's key and the notification. On the
        DB-API connection itself: these run for every move, and SQLAlchemy's statement
        machinery cost fifteen times the database's own work."""
        conn = self.engine.raw_connection()
        try:
            cur = conn.cursor()
            cur.execute(self._sql["bump"], (version + 1, count, time.time(),
                                            bool(summary.get("over")), _json(summary),
                                            game_id, version))
            if cur.rowcount != 1:
                conn.rollback()
                return "stale"
            cur.execute(sql, params)
            if summary.get("pace"):  # a paced game's deadline moves with every change
                cur.execute(self._sql["undeadline"], (game_id,))
                cur.execute(self._sql["unremind"], (game_id,))
                if summary.get("deadline") is not None:
                    cur.execute(self._sql["deadline"], (game_id, float(summary["deadline"])))
                    cur.execute(self._sql["remind"], (game_id, float(summary["remind"])))
            if request is not None:
                cur.execute(self._sql["request"], (game_id, request.seat, request.key,
                                                   request.digest, version + 1, time.time()))
            if self.postgres:
                cur.execute("SELECT pg_notify(%s, %s)",
                            (CHANNEL, f"{game_id} {version + 1} {self.origin}"))
            conn.commit()
            self._written()
        except self._integrity_error:
            conn.rollback()
            if request is None:
                raise
            return "duplicate"  # the key is taken (the version bump is rolled back)
        except BaseException:
            conn.rollback()
            raise
        finally:
            conn.close()
        return "ok"

    def set_seats(self, game_id: str, version: int, seats: dict[str, dict[str, Any]]
                  ) -> bool:
        """New seats (a seat bound to an account) as a new version; False (nothing
        written) unless the game is at ``version``. Other processes hear it as any
        change and reload the game, seats included."""
        with self.engine.begin() as conn:
            done = conn.execute(games.update().where(games.c.id == game_id,
                                                     games.c.version == version)
                                .values(version=version + 1, updated=time.time(),
                                        seats=seats))
            if done.rowcount != 1:
                return False
            _own(conn, game_id, seats)
            if self.postgres:
                conn.exec_driver_sql("SELECT pg_notify(%s, %s)",
                                     (CHANNEL, f"{game_id} {version + 1} {self.origin}"))
        self._written()
        return True

    def request(self, game_id: str, seat: str, key: str) -> tuple[str, int] | None:
        """The digest and resulting version of the change this seat named ``key``."""
        with self.engine.connect() as conn:
            row = conn.execute(sa.select(requests.c.digest, requests.c.version).where(
                requests.c.game_id == game_id, requests.c.seat == seat,
                requests.c.key == key)).first()
        return None if row is None else (row.digest, row.version)

    def forget_requests(self, older_than: float) -> int:
        """Drop the idempotency keys stored more than ``older_than`` seconds ago."""
        with self.engine.begin() as conn:
            return int(conn.execute(requests.delete().where(
                requests.c.created < time.time() - older_than)).rowcount)

    def held_by(self, account_id: int) -> list[Held]:
        """The games where ``account_id`` holds a seat, newest change first."""
        query = (sa.select(games.c.id, seat_owners.c.seat, games.c.seats, games.c.summary,
                           games.c.updated, games.c.created)
                 .join(seat_owners, seat_owners.c.game_id == games.c.id)
                 .where(seat_owners.c.account_id == account_id)
                 .order_by(games.c.updated.desc()).limit(MAX_HELD))
        with self.engine.connect() as conn:
            rows = conn.execute(query).all()
        return [Held(r.id, r.seat, r.seats, r.summary or {}, r.updated, r.created)
                for r in rows]

    def due(self, now: float) -> list[str]:
        """Ids of the games whose deciding person's time ran out by ``now``."""
        with self.engine.connect() as conn:
            return [str(r[0]) for r in conn.execute(
                sa.select(deadlines.c.game_id).where(deadlines.c.at <= now)
                .order_by(deadlines.c.at).limit(100)).all()]

    def reminders_due(self, now: float) -> list[tuple[str, float]]:
        """The paced games whose deciding person is to be reminded by ``now``, and
        their deadlines; each is handed out once (its row deleted)."""
        with self.engine.begin() as conn:
            rows = conn.execute(
                sa.select(reminders.c.game_id, reminders.c.at, deadlines.c.at)
                .join(deadlines, deadlines.c.game_id == reminders.c.game_id)
                .where(reminders.c.at <= now).limit(100)).all()
            for gid, at, _ in rows:
                conn.execute(reminders.delete().where(reminders.c.game_id == gid,
                                                      reminders.c.at == at))
        return [(str(gid), float(deadline)) for gid, _, deadline in rows]

    def deadline(self, game_id: str) -> float | None:
        with self.engine.connect() as conn:
            at = conn.execute(sa.select(deadlines.c.at)
                              .where(deadlines.c.game_id == game_id)).scalar()
        return None if at is None else float(at)

    def waiting_on_agents(self) -> list[str]:
        """Ids of unfinished games where an agent is to decide."""
        with self.engine.connect() as conn:
            rows = conn.execute(sa.select(games.c.id, games.c.summary)
                                .where(games.c.over.is_(False))).all()
        return [r.id for r in rows if (r.summary or {}).get("agent")]


SQL = {  # the writes of every move, as the DB-API runs them ("?" for the parameters)
    "bump": "UPDATE games SET version = ?, decisions = ?, updated = ?, over = ?, "
            "summary = {json} WHERE id = ? AND version = ?",
    "append": "INSERT INTO decisions (game_id, n, seat, option) VALUES (?, ?, ?, {json})",
    "truncate": "DELETE FROM decisions WHERE game_id = ? AND n >= ?",
    "request": "INSERT INTO requests (game_id, seat, key, digest, version, created) "
               "VALUES (?, ?, ?, ?, ?, ?)",
    "undeadline": "DELETE FROM deadlines WHERE game_id = ?",
    "unremind": "DELETE FROM reminders WHERE game_id = ?",
    "remind": "INSERT INTO reminders (game_id, at) VALUES (?, ?)",
    "deadline": "INSERT INTO deadlines (game_id, at) VALUES (?, ?)",
    "since": "SELECT g.version, g.decisions, d.seat, d.option FROM games g LEFT JOIN "
             "decisions d ON d.game_id = g.id AND d.n >= ? WHERE g.id = ? ORDER BY d.n",
}


def _own(conn: sa.Connection, game_id: str, seats: dict[str, dict[str, Any]]) -> None:
    """The seat_owners rows of a game, as its seats column now says (same transaction)."""
    conn.execute(seat_owners.delete().where(seat_owners.c.game_id == game_id))
    rows = [{"game_id": game_id, "seat": f, "account_id": int(s["account"])}
            for f, s in seats.items() if s.get("account") is not None]
    if rows:
        conn.execute(seat_owners.insert(), rows)


def _dialect_sql(sql: str, postgres: bool) -> str:
    if postgres:  # psycopg's parameters are %s; a JSON column takes text by a cast
        return sql.replace("?", "%s").format(json="CAST(%s AS JSON)")
    return sql.format(json="?")


def _json(value: Any) -> str:
    """A JSON column's value as SQLAlchemy's JSON type writes it (read back by it)."""
    return orjson.dumps(value).decode()
