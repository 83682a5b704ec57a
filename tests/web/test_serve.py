"""`rootlaw serve` starts uvicorn with the app on the requested address."""
from __future__ import annotations

from typing import Any

import pytest
import uvicorn
from fastapi import FastAPI

from rootlaw.cli import main


@pytest.mark.parametrize(("argv", "host", "port"), [
    (["serve"], "127.0.0.1", 8000),
    (["serve", "--host", "0.0.0.0", "--port", "8080"], "0.0.0.0", 8080),
])
def test_serve_runs_uvicorn(monkeypatch: pytest.MonkeyPatch, argv: list[str], host: str,
                            port: int) -> None:
    calls: list[tuple[Any, dict[str, Any]]] = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: calls.append((app, kw)))
    assert main(argv) == 0
    [(app, kw)] = calls
    assert isinstance(app, FastAPI)
    assert (kw["host"], kw["port"]) == (host, port)
