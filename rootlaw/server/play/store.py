"""Where games live: SQLite by default, PostgreSQL by URL (SQLAlchemy 2 Core).

A game is its setup plus its decisions, in order (the engine replays exactly), and
a summary row (version, status, scores) kept with them in one transaction. Every
write names the version it expects, so two writers can never both win.
"""
from __future__ import annotations

import os
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection, Engine

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


@dataclass
class Record:
    """A stored game: enough to rebuild it (setup + decisions) and its seats."""

    id: str
    setup: dict[str, Any]
    seats: dict[str, dict[str, Any]]
    version: int
    decisions: list[tuple[str, Any]]  # (seat, option as JSON)


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
    cur.execute("PRAGMA foreign_keys=ON")
    cur.close()


class Store:
    """The game tables. Thread-safe: every method opens its own transaction."""

    def __init__(self, url: str) -> None:
        self.url = normalize_url(url)
        self.engine = make_engine(self.url)
        metadata.create_all(self.engine)

    def close(self) -> None:
        self.engine.dispose()

    def create(self, game_id: str, setup: dict[str, Any], seats: dict[str, dict[str, Any]],
               summary: dict[str, Any]) -> None:
        now = time.time()
        with self.engine.begin() as conn:
            conn.execute(games.insert().values(
                id=game_id, created=now, updated=now, setup=setup, seats=seats, version=0,
                decisions=0, over=bool(summary.get("over")), summary=summary))

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
                      [(r.seat, r.option) for r in rows])

    def append(self, game_id: str, version: int, n: int, seat: str, option: Any,
               summary: dict[str, Any]) -> bool:
        """Add decision ``n``; False (nothing written) unless the game is at ``version``."""
        with self.engine.begin() as conn:
            if not self._bump(conn, game_id, version, n + 1, summary):
                return False
            conn.execute(decisions.insert().values(game_id=game_id, n=n, seat=seat,
                                                   option=option))
        return True

    def truncate(self, game_id: str, version: int, keep: int,
                 summary: dict[str, Any]) -> bool:
        """Keep the first ``keep`` decisions (undo); False unless at ``version``."""
        with self.engine.begin() as conn:
            if not self._bump(conn, game_id, version, keep, summary):
                return False
            conn.execute(decisions.delete().where(decisions.c.game_id == game_id,
                                                  decisions.c.n >= keep))
        return True

    @staticmethod
    def _bump(conn: Connection, game_id: str, version: int, count: int,
              summary: dict[str, Any]) -> bool:
        result = conn.execute(
            games.update().where(games.c.id == game_id, games.c.version == version)
            .values(version=version + 1, decisions=count, updated=time.time(),
                    over=bool(summary.get("over")), summary=summary))
        return result.rowcount == 1


    def waiting_on_agents(self) -> list[str]:
        """Ids of unfinished games where an agent is to decide."""
        with self.engine.connect() as conn:
            rows = conn.execute(sa.select(games.c.id, games.c.summary)
                                .where(games.c.over.is_(False))).all()
        return [r.id for r in rows if (r.summary or {}).get("agent")]
