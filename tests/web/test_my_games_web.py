"""The My games page in headless Chromium, two browser contexts (issue 57): each account
sees its game, "Your turn" marked and counted in the page title; when one player's moves
pass the decision to the other, the other's open page turns to "Your turn" by itself
(the WebSocket), with no reload."""
from __future__ import annotations

import re
import secrets
from typing import Any

from playwright.sync_api import Browser, Page, expect

PASSWORD = "a long browser password"


def signed_up(browser: Browser, server_url: str) -> tuple[Any, Page]:
    ctx = browser.new_context(viewport={"width": 1280, "height": 900}, base_url=server_url)
    page = ctx.new_page()
    page.set_default_timeout(8000)
    page.goto("/account")
    page.fill("#signup-form input[name=name]", "my" + secrets.token_hex(4))
    page.fill("#signup-form input[name=password]", PASSWORD)
    page.click("#signup-form button[type=submit]")
    expect(page.locator("#account-name")).to_be_visible()
    return ctx, page


def post(page: Page, path: str, body: dict[str, Any]) -> Any:
    token = page.request.get("/api/account").json()["csrf"]
    r = page.request.post(path, data=body, headers={"X-CSRF-Token": token})
    assert r.ok, r.text()
    return r.json()


def test_my_games_turns_to_your_turn_live(page: Page, browser: Browser,
                                          server_url: str) -> None:
    page.goto("/my-games")
    expect(page.locator("#my-games-login")).to_be_visible()  # no account here
    a_ctx, a = signed_up(browser, server_url)
    b_ctx, b = signed_up(browser, server_url)
    try:
        game = post(a, "/api/games", {"factions": ["marquise", "eyrie"]})
        gid = game["id"]
        first = a.request.get(f"/api/games/{gid}").json()["decision"]["seat"]
        second = next(f for f in game["seats"] if f != first)
        post(a, f"/api/games/{gid}/bind", {"token": game["seats"][first]["token"]})
        post(b, f"/api/games/{gid}/bind", {"token": game["seats"][second]["token"]})
        for p in (a, b):
            p.goto("/my-games")
        row_a, row_b = (p.locator(f"tr[data-game='{gid}']") for p in (a, b))
        expect(row_a.locator(".now")).to_have_text("Your turn")
        expect(a).to_have_title(re.compile(r"^\(1\) My games"))
        expect(row_b.locator(".now")).to_contain_text("to decide")
        expect(b).to_have_title(re.compile(r"^My games"))
        expect(row_b.locator(".deadline")).to_have_text("no deadline")
        for _ in range(40):
            s = a.request.get(f"/api/games/{gid}").json()
            if s["decision"]["seat"] != first:
                break
            post(a, f"/api/games/{gid}/actions", {"version": s["version"], "option": 0})
        expect(row_b.locator(".now")).to_have_text("Your turn")
        expect(b).to_have_title(re.compile(r"^\(1\) My games"))
        expect(row_a.locator(".now")).to_contain_text("to decide")
        expect(a).to_have_title(re.compile(r"^My games"))
    finally:
        a_ctx.close()
        b_ctx.close()
