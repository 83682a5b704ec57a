"""Fixtures for the web app tests: one live server per session, one headless Chromium."""
from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from rootlaw.server.background import BackgroundServer

CHROMIUM = os.environ.get("ROOTLAW_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]


@pytest.fixture(scope="session")
def db_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("rootlaw-db")


@pytest.fixture(scope="session")
def server_url(db_dir: Path) -> Iterator[str]:
    """The app served by uvicorn on a free loopback port, in a background thread; games
    in a temporary SQLite file, agents moving at once."""
    with BackgroundServer(db=str(db_dir / "games.sqlite3"), agent_delay=0.0) as url:
        yield url


@pytest.fixture(scope="session")
def client(server_url: str) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=server_url, timeout=10, follow_redirects=False) as c:
        yield c


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    """Debian's Chromium driven by Playwright (playwright cannot download browsers here)."""
    if not Path(CHROMIUM).exists():
        pytest.fail(f"Chromium not found at {CHROMIUM}: apt-get install -y chromium "
                    "(scripts/test does this)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield b
        b.close()


@pytest.fixture()
def page(browser: object, server_url: str) -> Iterator[object]:
    context = browser.new_context(viewport={"width": 1280, "height": 900},  # type: ignore[attr-defined]
                                  base_url=server_url)
    p = context.new_page()
    errors: list[str] = []
    p.on("pageerror", lambda exc: errors.append(str(exc)))
    p.on("console", lambda msg: errors.append(msg.text) if msg.type == "error"
         and "Failed to load resource" not in msg.text else None)
    p.set_default_timeout(5000)
    yield p
    context.close()
    assert not errors, f"JavaScript errors in the page: {errors}"
