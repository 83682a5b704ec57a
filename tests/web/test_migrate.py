"""Migrations (issue 57, Alembic): `rootlaw migrate` brings a new database and one made
before migrations existed (tables from create_all, a game in them, no alembic_version)
to the latest revision, keeping the game; a second run changes nothing; on SQLite and on
Debian's PostgreSQL; revision 0002 fills seat_owners in for seats bound before it."""
from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
import sqlalchemy as sa

from rootlaw.cli import main
from rootlaw.server.background import BackgroundServer
from rootlaw.server.backup import tables
from rootlaw.server.migrate import current
from rootlaw.server.play import store
from rootlaw.server.play.store import make_engine
from tests.web.account_helpers import FAST, Clock
from tests.web.pg import postgres


@pytest.fixture(params=["sqlite", "postgresql"])
def db(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    if request.param == "sqlite":
        yield str(tmp_path / "old.sqlite3")
        return
    with postgres() as url:
        yield url


def test_migrate_new_and_old_databases(db: str, tmp_path: Path,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    with BackgroundServer(db=db, clock=Clock(), hasher=FAST) as u, \
            httpx.Client(base_url=u, timeout=10) as c:  # made by create_all, as before
        r = c.post("/api/games", json={"factions": ["marquise", "eyrie"]})
        gid = r.json()["id"]
        state = c.get(f"/api/games/{gid}").json()
    engine = make_engine(db)
    assert current(engine) is None
    with engine.begin() as conn:  # a seat bound before seat_owners was kept (53ccc48)
        seats = conn.execute(sa.select(store.games.c.seats)
                             .where(store.games.c.id == gid)).scalar_one()
        seats["marquise"]["account"] = 7
        conn.execute(store.games.update().where(store.games.c.id == gid)
                     .values(seats=seats))
    for _ in range(2):
        assert main(["migrate", "--db", db]) == 0
        assert "at revision 0002" in capsys.readouterr().out
        assert current(engine) == "0002"
    with engine.connect() as conn:  # 0002 filled it in, once
        assert conn.execute(sa.select(store.seat_owners.c.game_id, store.seat_owners.c.seat,
                                      store.seat_owners.c.account_id)).all() == \
            [(gid, "marquise", 7)]
    names = set(sa.inspect(engine).get_table_names())
    assert {t.name for t in tables()} | {"alembic_version"} <= names
    engine.dispose()
    with BackgroundServer(db=db, clock=Clock(), hasher=FAST) as u, \
            httpx.Client(base_url=u, timeout=10) as c:
        assert c.get(f"/api/games/{gid}").json()["view"] == state["view"]
    fresh = str(tmp_path / "new.sqlite3")
    assert main(["migrate", "--db", fresh]) == 0
    engine = make_engine(fresh)
    assert {t.name for t in tables()} <= set(sa.inspect(engine).get_table_names())
    engine.dispose()
