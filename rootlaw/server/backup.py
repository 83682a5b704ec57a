"""Backup and restore of a server's database (issue 57): every table of the games, the
accounts and their sessions, the lobby, the ratings and the mail settings, as JSON
lines ({"table": ..., "row": {...}}), so a backup of SQLite restores into PostgreSQL
and back. A restore goes into an empty database only (it never merges two servers).
"""
from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import orjson
import sqlalchemy as sa

from rootlaw.server import accounts
from rootlaw.server.play import lobby, notify, ratings, store

METADATA = (store.metadata, accounts.metadata, lobby.metadata, ratings.metadata,
            notify.metadata)
SERIAL = (("accounts", "id"), ("login_failures", "id"))  # PostgreSQL's sequences


def tables() -> Iterator[sa.Table]:
    """Every table, each after the tables it refers to."""
    for md in METADATA:
        yield from md.sorted_tables


def backup(url: str, path: Path) -> int:
    """Write every row of the database at ``url`` to ``path``; how many rows."""
    engine = store.make_engine(url)
    n = 0
    try:
        with engine.connect() as conn, path.open("wb") as out:
            for md in METADATA:
                md.create_all(engine)
            for table in tables():
                for row in conn.execute(sa.select(table)).mappings():
                    out.write(orjson.dumps({"table": table.name, "row": dict(row)},
                                           option=orjson.OPT_NON_STR_KEYS) + b"\n")
                    n += 1
    finally:
        engine.dispose()
    return n


def restore(url: str, path: Path) -> int:
    """Load a backup into the (empty) database at ``url``; how many rows."""
    engine = store.make_engine(url)
    by_name = {t.name: t for t in tables()}
    try:
        for md in METADATA:
            md.create_all(engine)
        with engine.begin() as conn:
            if conn.execute(sa.select(sa.func.count()).select_from(store.games)).scalar():
                raise ValueError("the database holds games already: restore into an "
                                 "empty one")
            rows: dict[str, list[dict[str, Any]]] = {}
            with path.open("rb") as f:
                for line in f:
                    item = orjson.loads(line)
                    if item.get("table") not in by_name:
                        raise ValueError(f"not a rootlaw backup: table {item.get('table')!r}")
                    rows.setdefault(item["table"], []).append(item["row"])
            for table in tables():
                if rows.get(table.name):
                    conn.execute(table.insert(), rows[table.name])
            if engine.dialect.name == "postgresql":
                for name, column in SERIAL:
                    conn.exec_driver_sql(
                        f"SELECT setval(pg_get_serial_sequence('{name}', '{column}'), "
                        f"COALESCE((SELECT MAX({column}) FROM {name}), 0) + 1, false)")
    finally:
        engine.dispose()
    return sum(len(v) for v in rows.values())
