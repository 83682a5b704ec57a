"""Backup and restore (issue 57): a server's SQLite database (a game with a seat bound to
an account, its session, a lobby entry, mail settings) backed up with `rootlaw backup`
and restored with `rootlaw restore` into Debian's PostgreSQL; a server on the restored
database opens the bound seat to the same session cookie, in the same state, and new
accounts get fresh ids; a restore into a database holding games is refused."""
from __future__ import annotations

from pathlib import Path

import httpx
import pytest

from rootlaw.cli import main
from rootlaw.server.background import BackgroundServer
from tests.web.account_helpers import FAST, Clock, csrf, sign_up
from tests.web.pg import postgres


def test_backup_sqlite_restore_postgresql(tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    clock, db, dump = Clock(), str(tmp_path / "club.sqlite3"), tmp_path / "club.jsonl"
    with BackgroundServer(db=db, clock=clock, hasher=FAST) as u, \
            httpx.Client(base_url=u, timeout=10) as c:
        sign_up(c, "backup-kim")
        r = c.post("/api/games", json={"factions": ["marquise", "eyrie"]})
        gid, token = r.json()["id"], r.json()["seats"]["marquise"]["token"]
        assert c.post(f"/api/games/{gid}/bind", json={"token": token},
                      headers={"X-CSRF-Token": csrf(c)}).status_code == 200
        assert c.post("/api/account/email", json={"email": "kim@club.example",
                                                  "notify": True},
                      headers={"X-CSRF-Token": csrf(c)}).status_code == 200
        assert c.post("/api/lobby", json={"game": {"factions": ["marquise", "eyrie"]}},
                      headers={"X-CSRF-Token": csrf(c)}).status_code == 201
        before = c.get(f"/api/games/{gid}").json()
        cookie = c.cookies["rootlaw_session"]
    assert main(["backup", "--db", db, str(dump)]) == 0
    assert "rows written" in capsys.readouterr().out
    with postgres() as pg:
        assert main(["restore", "--db", pg, str(dump)]) == 0
        with pytest.raises(SystemExit):  # not into a database with games
            main(["restore", "--db", pg, str(dump)])
        with BackgroundServer(db=pg, clock=clock, hasher=FAST) as u, \
                httpx.Client(base_url=u, timeout=10) as c:
            c.cookies.set("rootlaw_session", cookie)
            assert c.get(f"/api/games/{gid}").json() == before
            assert c.get("/api/account/email").json()["email"] == "kim@club.example"
            assert [g["id"] for g in c.get("/api/me/games").json()["games"]] == [gid]
            assert len(c.get("/api/lobby").json()["games"]) == 1
            with httpx.Client(base_url=u, timeout=10) as other:
                r = other.get(f"/api/games/{gid}", params={"token": token})
                assert r.status_code == 403  # still bound: the link alone opens nothing
                assert sign_up(other, "backup-lee").status_code == 201  # a fresh id
