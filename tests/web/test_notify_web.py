"""The mail choice on the Account page and the unsubscribe link's page in headless
Chromium (issue 57): an address saved with "mail me" ticked, shown again after a
reload; the link's button stops the mail, as the Account page then shows."""
from __future__ import annotations

import hashlib
import hmac
import secrets
import sqlite3
from pathlib import Path

from playwright.sync_api import Page, expect


def test_choose_mail_and_unsubscribe(page: Page, db_dir: Path) -> None:
    name = "ml" + secrets.token_hex(4)
    page.goto("/account")
    page.fill("#signup-form input[name=name]", name)
    page.fill("#signup-form input[name=password]", "a long browser password")
    page.click("#signup-form button[type=submit]")
    page.fill("#email-form input[name=email]", "ann@localhost")  # the browser takes it
    page.check("#email-form input[name=notify]")
    page.click("#email-form button[type=submit]")
    expect(page.locator("#account-error")).to_contain_text("email must be an address")
    page.fill("#email-form input[name=email]", f"{name}@club.example")
    page.check("#email-form input[name=notify]")
    with page.expect_navigation():  # the 303 back to /account
        page.click("#email-form button[type=submit]")
    page.reload()
    expect(page.locator("#email-form input[name=email]")).to_have_value(f"{name}@club.example")
    expect(page.locator("#email-form input[name=notify]")).to_be_checked()
    page.goto(f"/account/unsubscribe?account=1&token={'0' * 64}")
    page.click("#unsubscribe-form button")
    expect(page.locator("#unsubscribe-status")).to_have_text("This unsubscribe link is not valid.")
    page.goto(unsubscribe_link(db_dir, name))  # the link every mail carries
    page.click("#unsubscribe-form button")
    expect(page.locator("#unsubscribe-status")).to_contain_text("no more mail")
    page.goto("/account")
    expect(page.locator("#email-form input[name=notify]")).not_to_be_checked()


def unsubscribe_link(db_dir: Path, name: str) -> str:
    """The link a mail to ``name`` carries (notify.Notifier: an HMAC under the server's
    key), computed from the test server's database."""
    with sqlite3.connect(db_dir / "games.sqlite3") as db:
        (account,) = db.execute("SELECT id FROM accounts WHERE name = ?", (name,)).fetchone()
        (key,) = db.execute("SELECT value FROM server_keys WHERE name = 'csrf'").fetchone()
    token = hmac.new(bytes.fromhex(key), f"unsubscribe|{account}".encode(),
                     hashlib.sha256).hexdigest()
    return f"/account/unsubscribe?account={account}&token={token}"
