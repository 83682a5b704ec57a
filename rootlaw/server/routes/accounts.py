"""Accounts over JSON: who am I (and my CSRF token), sign up, log in, log out (here or
everywhere). The same steps serve the forms of /account (account_pages.py).

Every POST carries the CSRF token (auth.py). Errors keep the one shape: 422 a name or
password that breaks the rules, 409 a taken name, 401 a failed log-in (the same for an
unknown name and a wrong password), 429 too many failures (with Retry-After), 403 CSRF.
"""
from __future__ import annotations

from typing import Any
from urllib.parse import parse_qsl

from anyio import to_thread
from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response

from rootlaw.server import auth
from rootlaw.server.accounts import (
    Account,
    AccountError,
    Accounts,
    NameTaken,
    RateLimited,
    WrongCredentials,
)
from rootlaw.server.errors import ApiError
from rootlaw.server.inputs import json_object, read_body

router = APIRouter(prefix="/api/account")
FORM = "application/x-www-form-urlencoded"
FIELDS = ("name", "password", auth.CSRF_FIELD)


def accounts_of(request: Request) -> Accounts:
    accounts: Accounts = request.app.state.hub.accounts
    return accounts


def address(request: Request) -> str:
    return request.client.host if request.client else "unknown"


async def body_of(request: Request) -> dict[str, Any]:
    """An account request's fields, from a form or a JSON object; only FIELDS are read."""
    if request.headers.get("content-type", "").split(";")[0].strip().lower() == FORM:
        raw = await read_body(request)
        try:
            pairs = parse_qsl(raw.decode("ascii"), keep_blank_values=True,
                              errors="strict", max_num_fields=16)
        except (UnicodeDecodeError, ValueError):
            raise ApiError(400, "bad_request", "the form is not valid "
                           "application/x-www-form-urlencoded UTF-8") from None
        body: dict[str, Any] = dict(pairs)
    else:
        body = await json_object(request)
    return {k: body[k] for k in FIELDS if k in body}


def refusal(e: AccountError) -> ApiError:
    """The HTTP answer to a refused sign-up or log-in (its message never holds the
    password)."""
    if isinstance(e, RateLimited):
        return ApiError(429, "rate_limited", str(e), headers={
            "Retry-After": str(int(e.retry_after) + 1)})
    if isinstance(e, WrongCredentials):
        return ApiError(401, "wrong_credentials", str(e))
    if isinstance(e, NameTaken):
        return ApiError(409, "name_taken", str(e), "name")
    return ApiError(422, "bad_request", str(e), "password" if "password" in str(e)
                    else "name")


async def sign_up(request: Request, body: dict[str, Any]) -> tuple[Account, str]:
    """Check the CSRF token, make the account and open its session."""
    accounts = accounts_of(request)
    auth.check_csrf(accounts, request, body.get(auth.CSRF_FIELD))
    try:
        account = await to_thread.run_sync(accounts.sign_up, body.get("name"),
                                           body.get("password"), address(request))
    except AccountError as e:
        raise refusal(e) from None
    return account, await to_thread.run_sync(accounts.open_session, account.id)


async def log_in(request: Request, body: dict[str, Any]) -> tuple[Account, str]:
    accounts = accounts_of(request)
    auth.check_csrf(accounts, request, body.get(auth.CSRF_FIELD))
    try:
        return await to_thread.run_sync(accounts.log_in, body.get("name"),
                                        body.get("password"), address(request))
    except AccountError as e:
        raise refusal(e) from None


async def log_out(request: Request, body: dict[str, Any], everywhere: bool) -> int:
    """End this browser's session (every session of its account when ``everywhere``);
    how many ended."""
    accounts = accounts_of(request)
    auth.check_csrf(accounts, request, body.get(auth.CSRF_FIELD))
    token = auth.session_token(request)
    if token is None:
        return 0
    if not everywhere:
        await to_thread.run_sync(accounts.log_out, token)
        return 1
    account = await to_thread.run_sync(accounts.session_account, token)
    if account is None:
        return 0
    return await to_thread.run_sync(accounts.log_out_everywhere, account.id)


def me(account: Account | None, csrf: str) -> dict[str, Any]:
    return {"account": {"name": account.name} if account else None, "csrf": csrf}


@router.get("")
async def whoami(request: Request) -> Response:
    """The account logged in here (null if none) and the CSRF token for its requests."""
    accounts = accounts_of(request)
    account = await to_thread.run_sync(auth.account_of, accounts, request)
    csrf, visitor = auth.csrf_of(accounts, request)
    response = JSONResponse(me(account, csrf))
    auth.remember(request, response, visitor)
    return response


def logged_in(request: Request, account: Account, token: str, status: int) -> Response:
    response = JSONResponse(me(account, auth.csrf_for(accounts_of(request), token)),
                            status_code=status)
    auth.set_session(request, response, token)
    return response


@router.post("/signup", status_code=201)
async def api_sign_up(request: Request) -> Response:
    account, token = await sign_up(request, await body_of(request))
    return logged_in(request, account, token, 201)


@router.post("/login")
async def api_log_in(request: Request) -> Response:
    account, token = await log_in(request, await body_of(request))
    return logged_in(request, account, token, 200)


async def logged_out(request: Request, everywhere: bool) -> Response:
    ended = await log_out(request, await body_of(request), everywhere)
    csrf, visitor = auth.csrf_of(accounts_of(request), request, session=False)
    response = JSONResponse({"account": None, "sessions_ended": ended, "csrf": csrf})
    auth.clear_session(request, response)
    auth.remember(request, response, visitor)
    return response


@router.post("/logout")
async def api_log_out(request: Request) -> Response:
    return await logged_out(request, False)


@router.post("/logout-all")
async def api_log_out_everywhere(request: Request) -> Response:
    return await logged_out(request, True)
