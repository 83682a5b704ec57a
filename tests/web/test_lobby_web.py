"""The public lobby in headless Chromium, two browser contexts (issue 57): one account
opens a public game from the Play page, another joins it from the lobby with one click,
the host starts it and lands in the game at its seat; the other finds it in the lobby
and in My games, at its own seat, seeing only its own hand."""
from __future__ import annotations

import re
import secrets
from typing import Any

from playwright.sync_api import Browser, Page, expect

from tests.web.play_helpers import assert_private

PASSWORD = "a long browser password"


def signed_up(browser: Browser, server_url: str) -> tuple[Any, Page]:
    ctx = browser.new_context(viewport={"width": 1280, "height": 900}, base_url=server_url)
    page = ctx.new_page()
    page.set_default_timeout(10000)
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto("/account")
    page.fill("#signup-form input[name=name]", "lb" + secrets.token_hex(4))
    page.fill("#signup-form input[name=password]", PASSWORD)
    page.click("#signup-form button[type=submit]")
    expect(page.locator("#account-name")).to_be_visible()
    page.errors = errors  # type: ignore[attr-defined]
    return ctx, page


def test_open_join_and_start_from_the_lobby(browser: Browser, server_url: str) -> None:
    host_ctx, host = signed_up(browser, server_url)
    guest_ctx, guest = signed_up(browser, server_url)
    try:
        host.goto("/play")
        host.click("[data-preset=online]")
        host.check("#public")
        host.select_option("#pace", "86400")
        host.click("#create")
        host.wait_for_url(re.compile(r"/lobby#"))
        entry = host.url.split("#", 1)[1]
        card = host.locator(f"li[data-entry='{entry}']")
        expect(card.locator("[data-seat=eyrie] .free")).to_have_text("free")
        expect(card.locator(".lobby-options")).to_contain_text("1 day(s) a decision")
        expect(card.locator(".start-fill")).to_be_visible()
        guest.goto("/lobby")
        guest.locator(f"li[data-entry='{entry}'] button.join").click()
        expect(guest.locator(f"li[data-entry='{entry}'] button.leave")).to_be_visible()
        expect(card.locator("button.start")).to_be_visible()  # the host's page, polled
        card.locator("button.start").click()
        host.wait_for_url(re.compile(r"/games/"))
        gid = host.url.rsplit("/", 1)[1]
        open_link = guest.locator(f"li[data-entry='{entry}'] a.open-game")
        expect(open_link).to_have_attribute("href", f"/games/{gid}")
        open_link.click()
        guest.wait_for_url(re.compile(f"/games/{gid}$"))
        mine = guest.request.get(f"/api/games/{gid}").json()
        assert_private(mine, "eyrie")
        assert_private(host.request.get(f"/api/games/{gid}").json(), "marquise")
        guest.goto("/my-games")
        expect(guest.locator(f"tr[data-game='{gid}'] .deadline")).not_to_have_text("—")
        assert not host.errors and not guest.errors  # type: ignore[attr-defined]
    finally:
        host_ctx.close()
        guest_ctx.close()
