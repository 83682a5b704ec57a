"""/account: sign up, log in, log out (here or everywhere) as plain HTML forms (no script
needed), each with its CSRF token in a hidden field. A form that succeeds answers 303
back to /account; one that is refused shows the page again with the reason, under the
refusal's status (401, 409, 422, 429, 403).
"""
from __future__ import annotations

from html import escape
from typing import Any
from urllib.parse import parse_qsl

from anyio import to_thread
from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from rootlaw.server import auth
from rootlaw.server.accounts import Account
from rootlaw.server.errors import ApiError
from rootlaw.server.inputs import read_body
from rootlaw.server.pages import page
from rootlaw.server.routes import notify
from rootlaw.server.routes.accounts import accounts_of, body_of, log_in, log_out, sign_up

router = APIRouter(prefix="/account")


def _form(action: str, csrf: str, label: str, fields: str = "", cls: str = "") -> str:
    return (f'<form method="post" action="/account/{action}" class="panel account-form'
            f' {cls}" id="{action}-form"><input type="hidden" name="{auth.CSRF_FIELD}" '
            f'value="{escape(csrf)}">{fields}<button class="button" type="submit">'
            f'{label}</button></form>')


def _credentials(new: bool) -> str:
    kind = "new-password" if new else "current-password"
    return ('<label>Name <input name="name" autocomplete="username" required '
            'minlength="3" maxlength="40" pattern="[A-Za-z0-9_\\-]+"></label>'
            f'<label>Password <input name="password" type="password" autocomplete="{kind}"'
            ' required minlength="8" maxlength="256"></label>')


def mail_form(csrf: str, mail: dict[str, Any]) -> str:
    """The account's mail choice (notify.py): an address, and whether to send."""
    email = escape(mail.get("email") or "")
    checked = " checked" if mail.get("notify") else ""
    return ('<h2>Mail</h2>' + _form(
        "email", csrf, "Save", '<label>Email <input name="email" type="email" '
        f'autocomplete="email" maxlength="254" value="{email}"></label>'
        f'<label class="toggle"><input type="checkbox" name="notify" value="on"{checked}>'
        " Mail me when it is my turn and before a deadline</label>"))


def account_html(account: Account | None, csrf: str, error: str | None = None,
                 mail: dict[str, Any] | None = None) -> str:
    parts = ['<section class="tool account-tool"><header class="tool-head"><h1>Account'
             '</h1><p>Accounts are optional: the links of a game work without one.</p>'
             '</header>']
    if error:
        parts.append(f'<p class="error" role="alert" id="account-error">{escape(error)}</p>')
    if account is None:
        parts.append('<div class="account-forms"><h2>Log in</h2>'
                     + _form("login", csrf, "Log in", _credentials(False))
                     + '<h2>Sign up</h2>' + _form("signup", csrf, "Sign up", _credentials(True))
                     + '</div>')
    else:
        parts.append(f'<p id="account-name">Logged in as <strong>{escape(account.name)}'
                     '</strong>.</p>' + _form("logout", csrf, "Log out")
                     + _form("logout-all", csrf, "Log out everywhere", cls="secondary")
                     + mail_form(csrf, mail or {}))
    parts.append("</section>")
    return page("Account", "".join(parts), active="/account", body_class="page-account",
                description="Your rootlaw account")


async def render(request: Request, error: ApiError | None = None) -> Response:
    accounts = accounts_of(request)
    account = await to_thread.run_sync(auth.account_of, accounts, request)
    csrf, visitor = auth.csrf_of(accounts, request)
    mail = None if account is None else await to_thread.run_sync(
        request.app.state.hub.notifier.settings, account.id)
    response = HTMLResponse(account_html(account, csrf, error.message if error else None,
                                         mail),
                            status_code=error.status if error else 200,
                            headers=error.headers if error else None)
    response.headers["Cache-Control"] = "no-store"
    auth.remember(request, response, visitor)
    return response


@router.get("", response_class=HTMLResponse)
async def account_page(request: Request) -> Response:
    return await render(request)


def back(request: Request, token: str | None) -> Response:
    """303 to /account, with the new session's cookie (or the old one cleared)."""
    response = RedirectResponse("/account", status_code=303)
    if token is None:
        auth.clear_session(request, response)
    else:
        auth.set_session(request, response, token)
    return response


@router.post("/signup")
async def form_sign_up(request: Request) -> Response:
    try:
        _, token = await sign_up(request, await body_of(request))
    except ApiError as e:
        return await render(request, e)
    return back(request, token)


@router.post("/login")
async def form_log_in(request: Request) -> Response:
    try:
        _, token = await log_in(request, await body_of(request))
    except ApiError as e:
        return await render(request, e)
    return back(request, token)


@router.post("/logout")
async def form_log_out(request: Request) -> Response:
    try:
        await log_out(request, await body_of(request), everywhere=False)
    except ApiError as e:
        return await render(request, e)
    return back(request, None)


@router.post("/email")
async def form_email(request: Request) -> Response:
    """The mail form: an empty address forgets it."""
    raw = await read_body(request)
    try:
        fields = dict(parse_qsl(raw.decode("ascii"), keep_blank_values=True,
                                max_num_fields=8))
    except (UnicodeDecodeError, ValueError):
        fields = {}
    try:
        await notify.choose(request, fields.get(auth.CSRF_FIELD),
                            fields.get("email", "").strip() or None,
                            fields.get("notify") == "on")
    except ApiError as e:
        return await render(request, e)
    return RedirectResponse("/account", status_code=303)


@router.post("/logout-all")
async def form_log_out_everywhere(request: Request) -> Response:
    try:
        await log_out(request, await body_of(request), everywhere=True)
    except ApiError as e:
        return await render(request, e)
    return back(request, None)
