"""The /account page in headless Chromium, two browser contexts (issue 57): sign up and
log in by the forms, the session cookie out of the scripts' reach, log out everywhere
from one browser ends the other's session; a game's link still plays in a browser
with no account."""
from __future__ import annotations

import secrets
from typing import Any

from playwright.sync_api import Browser, Page, expect

PASSWORD = "a long browser password"


def context(browser: Browser, server_url: str) -> Any:
    return browser.new_context(viewport={"width": 1280, "height": 900}, base_url=server_url)


def fill(page: Page, form: str, name: str, password: str = PASSWORD) -> None:
    page.fill(f"#{form}-form input[name=name]", name)
    page.fill(f"#{form}-form input[name=password]", password)
    page.click(f"#{form}-form button[type=submit]")


def test_sign_up_log_in_and_log_out_everywhere(page: Page, browser: Browser,
                                               server_url: str) -> None:
    name = "web" + secrets.token_hex(4)
    page.goto("/account")
    expect(page.locator("nav a[href='/account']")).to_have_attribute("aria-current", "page")
    fill(page, "signup", name)
    expect(page.locator("#account-name")).to_contain_text(name)
    assert "rootlaw_session" not in page.evaluate("document.cookie")  # HttpOnly
    other_ctx = context(browser, server_url)
    try:
        other = other_ctx.new_page()
        other.goto("/account")
        fill(other, "login", name, "not the password")
        expect(other.locator("#account-error")).to_have_text("wrong name or password")
        fill(other, "login", "nobody" + secrets.token_hex(4), "not the password")
        expect(other.locator("#account-error")).to_have_text("wrong name or password")
        fill(other, "login", name)
        expect(other.locator("#account-name")).to_contain_text(name)
        other.click("#logout-all-form button")
        expect(other.locator("#login-form")).to_be_visible()
    finally:
        other_ctx.close()
    page.reload()
    expect(page.locator("#login-form")).to_be_visible()  # its session ended too
    fill(page, "login", name)
    expect(page.locator("#account-name")).to_contain_text(name)
    page.click("#logout-form button")
    expect(page.locator("#signup-form")).to_be_visible()
