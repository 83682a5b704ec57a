"""The online service end to end in headless Chromium, two browser contexts, on the
server's fake clock (issue 57): both sign up; one opens a public game with a pace from
the Play page, the other joins it from the lobby; the host starts it and plays at its
seat in the game page until the decision passes; the other's My games turns to "Your
turn" by itself; then deadlines pass on the fake clock, the seats go to the agent,
which plays the game out; the Ratings page shows both accounts rated."""
from __future__ import annotations

import random
import re
import secrets
import time
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from rootlaw.server.background import BackgroundServer
from tests.web.account_helpers import FAST, Clock
from tests.web.test_play_e2e import click_random

PASSWORD = "a long browser password"
HOUR = 3600


@pytest.fixture()
def served(tmp_path: Any) -> Iterator[tuple[str, Clock]]:
    clock = Clock()
    with BackgroundServer(db=str(tmp_path / "svc.sqlite3"), clock=clock, hasher=FAST) as u:
        yield u, clock


def signed_up(browser: Browser, url: str) -> tuple[Any, Page, str]:
    ctx = browser.new_context(viewport={"width": 1280, "height": 900}, base_url=url)
    page = ctx.new_page()
    page.set_default_timeout(10000)
    name = "svc" + secrets.token_hex(4)
    page.goto("/account")
    page.fill("#signup-form input[name=name]", name)
    page.fill("#signup-form input[name=password]", PASSWORD)
    page.click("#signup-form button[type=submit]")
    expect(page.locator("#account-name")).to_be_visible()
    return ctx, page, name


def test_lobby_play_turn_deadline_and_rating(browser: Browser,
                                             served: tuple[str, Clock]) -> None:
    url, clock = served
    host_ctx, host, host_name = signed_up(browser, url)
    guest_ctx, guest, guest_name = signed_up(browser, url)
    try:
        host.goto("/play")
        host.click("[data-preset=online]")
        host.check("#public")
        host.select_option("#pace", "3600")
        host.select_option("#on-timeout", "drop")
        host.click("#create")
        host.wait_for_url(re.compile(r"/lobby#"))
        entry = host.url.split("#", 1)[1]
        guest.goto("/lobby")
        guest.locator(f"li[data-entry='{entry}'] button.join").click()
        host.locator(f"li[data-entry='{entry}'] button.start").click()
        host.wait_for_url(re.compile(r"/games/"))
        gid = host.url.rsplit("/", 1)[1]
        guest.goto("/my-games")
        row = guest.locator(f"tr[data-game='{gid}']")
        expect(row.locator(".now")).to_contain_text("to decide")
        rnd = random.Random(5)
        for _ in range(60):  # the host plays in the game page until the guest decides
            if host.request.get(f"/api/games/{gid}").json()["decision"]["seat"] != "marquise":
                break
            click_random(host, rnd)
        expect(row.locator(".now")).to_have_text("Your turn")
        expect(guest).to_have_title(re.compile(r"^\(1\) My games"))
        end = time.monotonic() + 90
        while not (s := guest.request.get(f"/api/games/{gid}").json())["over"]:
            assert time.monotonic() < end, "the agents did not finish the game"
            clock.now += HOUR + 1  # the deciding person's time runs out
            time.sleep(1.5)
        assert {v["kind"] for v in s["seats"].values()} == {"agent:heuristic"}
        expect(row.locator(".now")).to_contain_text("over")
        guest.goto("/ratings")
        for name in (host_name, guest_name):
            expect(guest.locator(f"#board-account tr[data-name='{name}'] .games")
                   ).to_have_text("1")
        expect(guest.locator("#board-faction tbody tr")).to_have_count(2)
    finally:
        host_ctx.close()
        guest_ctx.close()
