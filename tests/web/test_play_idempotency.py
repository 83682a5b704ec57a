"""Idempotency keys: a retry of a stored change gets its answer, never a second change
(across a restart too), and a key names one request only."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx

from rootlaw.server.background import BackgroundServer
from rootlaw.server.play.store import Store
from tests.web.play_helpers import create, state, token


def act(c: httpx.Client, gid: str, tok: str, version: int, option: Any,
        key: str) -> httpx.Response:
    return c.post(f"/api/games/{gid}/actions", json={"token": tok, "version": version,
                                                     "option": option},
                  headers={"Idempotency-Key": key})


def decisions(db: str, gid: str) -> list[tuple[str, Any]]:
    store = Store(db)
    try:
        rec = store.load(gid)
        assert rec is not None
        return rec.decisions
    finally:
        store.close()


def test_a_retried_action_gets_the_stored_answer(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'g.sqlite3'}"
    with BackgroundServer(db=db) as url, httpx.Client(base_url=url, timeout=10) as c:
        game = create(c, factions=["marquise", "eyrie"], seed=5)
        gid, cat = game["id"], token(game, "marquise")
        v = state(c, gid, cat)["version"]
        first = act(c, gid, cat, v, 0, "k-1")
        assert first.status_code == 200 and "Idempotent-Replayed" not in first.headers
        again = act(c, gid, cat, v, 0, "k-1")
        assert again.status_code == 200 and again.headers["Idempotent-Replayed"] == "true"
        assert again.json() == first.json()
        assert len(decisions(db, gid)) == 1
        # without the key the same request is the stale version it is
        r = c.post(f"/api/games/{gid}/actions", json={"token": cat, "version": v, "option": 0})
        assert r.status_code == 409
        # the key names that request only
        r = act(c, gid, cat, v, 1, "k-1")
        assert r.status_code == 422 and r.json()["error"]["code"] == "idempotency_key_reused"
        s = state(c, gid, cat)
        r = act(c, gid, cat, s["version"], 0, "k-1")  # a new action under a used key
        assert r.status_code == 422 and r.json()["error"]["code"] == "idempotency_key_reused"
        assert state(c, gid, cat) == s and len(decisions(db, gid)) == 1
        # another seat's keys are its own
        bird = token(game, "eyrie")
        r = act(c, gid, bird, s["version"], 0, "k-1")
        assert r.status_code in (200, 403)


def test_a_retry_after_the_server_died_gets_the_answer(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'g.sqlite3'}"
    with BackgroundServer(db=db) as url, httpx.Client(base_url=url, timeout=10) as c:
        game = create(c, factions=["marquise", "eyrie"], seed=6)
        gid, cat = game["id"], token(game, "marquise")
        v = state(c, gid, cat)["version"]
        assert act(c, gid, cat, v, 0, "lost").status_code == 200  # (the answer "is lost")
    with BackgroundServer(db=db) as url, httpx.Client(base_url=url, timeout=10) as c:
        r = act(c, gid, cat, v, 0, "lost")
        assert r.status_code == 200 and r.headers["Idempotent-Replayed"] == "true"
        assert r.json()["version"] == v + 1 and r.json()["seat"] == "marquise"
    assert len(decisions(db, gid)) == 1


def test_a_retried_undo_takes_back_one_decision(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'g.sqlite3'}"
    with BackgroundServer(db=db) as url, httpx.Client(base_url=url, timeout=10) as c:
        game = create(c, factions=["marquise", "eyrie"], seed=7)
        gid, cat = game["id"], token(game, "marquise")
        for _ in range(2):  # the Marquise's keep, then her first garrison choice
            s = state(c, gid, cat)
            assert s["decision"]["seat"] == "marquise"
            assert act(c, gid, cat, s["version"], 0, f"a{s['version']}").status_code == 200
        assert len(decisions(db, gid)) == 2
        undo = {"Idempotency-Key": "u-1", "Authorization": f"Bearer {cat}"}
        first = c.post(f"/api/games/{gid}/undo", headers=undo)
        assert first.status_code == 200, first.text
        again = c.post(f"/api/games/{gid}/undo", headers=undo)
        assert again.status_code == 200 and again.headers["Idempotent-Replayed"] == "true"
        assert len(decisions(db, gid)) == 1  # not two decisions taken back
        r = c.post(f"/api/games/{gid}/undo", headers={**undo, "Idempotency-Key": "u-2"})
        assert r.status_code == 200 and len(decisions(db, gid)) == 0
