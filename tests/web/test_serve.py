"""`rootlaw serve` starts uvicorn with the app on the requested address."""
from __future__ import annotations

import os
from typing import Any

import pytest
import uvicorn
from fastapi import FastAPI

from rootlaw.cli import main
from rootlaw.server import migrate, serving


@pytest.mark.parametrize(("argv", "host", "port"), [
    (["serve"], "127.0.0.1", 8000),
    (["serve", "--host", "0.0.0.0", "--port", "8080"], "0.0.0.0", 8080),
])
def test_serve_runs_uvicorn(monkeypatch: pytest.MonkeyPatch, argv: list[str], host: str,
                            port: int) -> None:
    calls: list[tuple[Any, dict[str, Any]]] = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: calls.append((app, kw)))
    monkeypatch.setattr(serving, "tune_gc", lambda: None)  # not this test process's
    monkeypatch.setattr(migrate, "upgrade", lambda url: None)  # not the user's database
    assert main(argv) == 0
    [(app, kw)] = calls
    assert isinstance(app, FastAPI)
    assert (kw["host"], kw["port"]) == (host, port)
    # bounded WebSockets, no per-message compression, logs without tokens
    assert kw["ws"] is serving.WebSocketProtocol and kw["ws_max_size"] == 64 * 1024
    assert kw["ws_per_message_deflate"] is False
    handlers = kw["log_config"]["handlers"]
    assert all(h["filters"] == ["redact"] for h in handlers.values())


def test_serve_workers_runs_the_app_factory(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[tuple[Any, dict[str, Any]]] = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: calls.append((app, kw)))
    migrated: list[str] = []  # no database here: the migrations are only asked for
    monkeypatch.setattr(migrate, "upgrade", lambda url: migrated.append(url))
    monkeypatch.setenv(serving.ENV_DB, "")  # (restored after the test)
    monkeypatch.setenv(serving.ENV_DELAY, "")
    assert main(["serve", "--workers", "3", "--db", "postgresql://u@127.0.0.1/db"]) == 0
    [(app, kw)] = calls
    assert app == "rootlaw.server.serving:app_from_env" and kw["factory"] is True
    assert kw["workers"] == 3
    assert os.environ[serving.ENV_DB] == "postgresql://u@127.0.0.1/db"
    assert migrated == ["postgresql://u@127.0.0.1/db"]
