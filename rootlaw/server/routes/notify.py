"""Mail settings and unsubscribing (issue 57, play/notify.py).

GET /api/account/email: the account's address and choice; POST sets them (logged in,
CSRF-checked; 422 a bad address). /account/unsubscribe is the link every mail carries:
GET shows a button, POST (the button, or a mail client's RFC 8058 one-click POST) stops
the account's mail; its token authorises it (an HMAC of the account under the server's
key), so it needs neither a session nor the CSRF token."""
from __future__ import annotations

from html import escape
from typing import Any
from urllib.parse import parse_qsl

from anyio import to_thread
from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, JSONResponse

from rootlaw.server import auth
from rootlaw.server.errors import ApiError
from rootlaw.server.inputs import json_object, read_body
from rootlaw.server.pages import page
from rootlaw.server.routes.games import hub_of, logged_in_id

router = APIRouter()
FIELDS = ("email", "notify", auth.CSRF_FIELD)


@router.get("/api/account/email")
async def mail_settings(request: Request) -> JSONResponse:
    account = await logged_in_id(request, "choose your mail")
    return JSONResponse(await to_thread.run_sync(hub_of(request).notifier.settings, account),
                        headers={"Cache-Control": "no-store"})


@router.post("/api/account/email")
async def choose_mail(request: Request) -> JSONResponse:
    """{"email": an address or null, "notify": true or false}."""
    body = await json_object(request)
    extra = [k for k in body if k not in FIELDS]
    if extra:
        raise ApiError(422, "bad_request", f"unknown field (known: {', '.join(FIELDS)})",
                       "body")
    return JSONResponse(await choose(request, body.get(auth.CSRF_FIELD), body.get("email"),
                                     body.get("notify", True)))


async def choose(request: Request, csrf: object, email: object,
                 notify: object) -> dict[str, Any]:
    """The logged-in account's mail choice (the JSON body's or the Account page's form):
    401 logged out, 403 without the CSRF token, 422 a bad address or choice."""
    hub = hub_of(request)
    account = await logged_in_id(request, "choose your mail")
    auth.check_csrf(hub.accounts, request, csrf)
    try:
        return await to_thread.run_sync(hub.notifier.choose, account, email, notify)
    except ValueError as e:
        raise ApiError(422, "bad_email" if "email" in str(e) else "bad_request", str(e),
                       "email" if "email" in str(e) else "notify") from None


def _shell(text: str, form: str = "") -> str:
    return page("Unsubscribe", f'<section class="tool"><h1>Mail from rootlaw</h1>'
                f'<p id="unsubscribe-status">{text}</p>{form}</section>',
                active="/account", description="Stop rootlaw's mail")


@router.get("/account/unsubscribe", response_class=HTMLResponse)
def unsubscribe_page(account: str = "", token: str = "") -> str:
    form = (f'<form method="post" action="/account/unsubscribe" id="unsubscribe-form">'
            f'<input type="hidden" name="account" value="{escape(account[:12])}">'
            f'<input type="hidden" name="token" value="{escape(token[:64])}">'
            '<button class="button" type="submit">Stop all mail</button></form>')
    return _shell("Stop every mail rootlaw sends to this account?", form)


@router.post("/account/unsubscribe", response_class=HTMLResponse)
async def unsubscribe(request: Request) -> HTMLResponse:
    raw = await read_body(request)
    fields: dict[str, Any] = dict(request.query_params)
    try:
        fields.update(parse_qsl(raw.decode("ascii"), max_num_fields=8))
    except (UnicodeDecodeError, ValueError):
        pass  # the query's fields alone (a one-click POST sends them there)
    done = await to_thread.run_sync(hub_of(request).notifier.unsubscribe,
                                    fields.get("account"), fields.get("token"))
    if not done:
        return HTMLResponse(_shell("This unsubscribe link is not valid."), status_code=403)
    return HTMLResponse(_shell("Done: no more mail. Choose again on the Account page."))
