"""Who a browser is: its session cookie, and the CSRF token every account form carries.

The session cookie is HttpOnly (no script reads it), SameSite=Lax (no other site's
form or fetch sends it, a link followed to us does), Secure over HTTPS, and expires
with the session (accounts.SESSION_SECONDS). A visitor without a session gets a
random visitor cookie the first time a form is shown, so that a log-in form has
something to be bound to as well (no log-in CSRF).

A CSRF token is HMAC-SHA256(the server's key, the session or visitor cookie): another
site can neither read it nor make it, and it changes with the session. Every request
that changes an account (or later acts for one) must carry it, in the ``csrf`` form
field or the ``X-CSRF-Token`` header, and must not come from another origin.
"""
from __future__ import annotations

import hashlib
import hmac
import secrets

from starlette.requests import HTTPConnection
from starlette.responses import Response

from rootlaw.server.accounts import SESSION_SECONDS, Account, Accounts
from rootlaw.server.errors import ApiError

SESSION_COOKIE = "rootlaw_session"
VISITOR_COOKIE = "rootlaw_visitor"
CSRF_HEADER, CSRF_FIELD = "x-csrf-token", "csrf"
VISITOR_SECONDS = 24 * 3600
MAX_COOKIE = 128  # a token_urlsafe(32) is 43 characters


def cookie(conn: HTTPConnection, name: str) -> str | None:
    value = conn.cookies.get(name)
    return value if value and len(value) <= MAX_COOKIE else None


def session_token(conn: HTTPConnection) -> str | None:
    return cookie(conn, SESSION_COOKIE)


def account_of(accounts: Accounts, conn: HTTPConnection) -> Account | None:
    """The account logged in on this browser (None: none, or its session ended)."""
    return accounts.session_account(session_token(conn))


def csrf_for(accounts: Accounts, binder: str) -> str:
    return hmac.new(accounts.key, b"csrf|" + binder.encode(), hashlib.sha256).hexdigest()


def binder_of(conn: HTTPConnection) -> str | None:
    """What this browser's CSRF token is bound to: its session, else its visitor cookie."""
    return session_token(conn) or cookie(conn, VISITOR_COOKIE)


def csrf_of(accounts: Accounts, conn: HTTPConnection,
            session: bool = True) -> tuple[str, str | None]:
    """The CSRF token for the forms of an answer to ``conn`` (bound to its session
    unless ``session`` is False: an answer that ends it), and the visitor cookie to
    set first if the browser has none (``remember``)."""
    binder = binder_of(conn) if session else cookie(conn, VISITOR_COOKIE)
    new = None
    if binder is None:
        binder = new = secrets.token_urlsafe(32)
    return csrf_for(accounts, binder), new


def remember(conn: HTTPConnection, response: Response, visitor: str | None) -> None:
    """Set the new visitor cookie ``csrf_of`` made, if it made one."""
    if visitor is not None:
        set_cookie(conn, response, VISITOR_COOKIE, visitor, VISITOR_SECONDS)


def check_csrf(accounts: Accounts, conn: HTTPConnection, given: object) -> None:
    """403 ``csrf_failed`` unless ``given`` (the form field; else the header) is this
    browser's token and the request comes from this origin."""
    origin = conn.headers.get("origin")
    if origin is not None and origin != f"{conn.url.scheme}://{conn.url.netloc}":
        raise ApiError(403, "csrf_failed", "this request comes from another site")
    if given in (None, ""):
        given = conn.headers.get(CSRF_HEADER)
    binder = binder_of(conn)
    if not isinstance(given, str) or binder is None or not hmac.compare_digest(
            given.encode(), csrf_for(accounts, binder).encode()):
        raise ApiError(403, "csrf_failed", "the form's CSRF token is missing or stale: "
                       "load the page again", CSRF_FIELD)


def set_cookie(conn: HTTPConnection, response: Response, name: str, value: str,
               seconds: int) -> None:
    response.set_cookie(name, value, max_age=seconds, path="/", httponly=True,
                        samesite="lax", secure=conn.url.scheme == "https")


def set_session(conn: HTTPConnection, response: Response, token: str) -> None:
    set_cookie(conn, response, SESSION_COOKIE, token, SESSION_SECONDS)


def clear_session(conn: HTTPConnection, response: Response) -> None:
    response.delete_cookie(SESSION_COOKIE, path="/", httponly=True, samesite="lax",
                           secure=conn.url.scheme == "https")
