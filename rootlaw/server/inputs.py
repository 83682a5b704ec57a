"""What the server takes from a client, and the bounds on it.

A request body is at most MAX_BODY bytes (a larger Content-Length is refused before a
byte is read) and must arrive within BODY_TIMEOUT seconds; it is JSON parsed by orjson
(nesting at most 1024 deep, no lone surrogates, no NaN). Seat tokens come from an
``Authorization: Bearer`` header, the query or the body, and must look like a token.
Whatever a client sent is quoted back in an error only through ``shown`` (short, ASCII).
"""
from __future__ import annotations

import asyncio
import hashlib
import re
from typing import Any

import orjson
from starlette.requests import ClientDisconnect, HTTPConnection, Request

from rootlaw.server.errors import ApiError

MAX_BODY = 64 * 1024      # the largest request the play API needs is well under 1 KB
BODY_TIMEOUT = 10.0       # seconds for the whole body to arrive
MAX_SHOWN = 40            # characters of a client's value quoted in an error
MAX_OPTION_DEPTH = 4      # the engine's options are tuples of scalars and short tuples
MAX_OPTION_ITEMS = 64
TOKEN = re.compile(r"[A-Za-z0-9_-]{16,128}")   # secrets.token_urlsafe's alphabet
IDEMPOTENCY_KEY = re.compile(r"[\x21-\x7e]{1,128}")  # printable ASCII, no spaces
CLOSE = {"Connection": "close"}  # a refused body is not read: the connection cannot go on


def shown(value: object) -> str:
    """A client's value as an error message may quote it: its ASCII repr, cut short."""
    text = ascii(value)
    return text if len(text) <= MAX_SHOWN else text[:MAX_SHOWN - 3] + "..."


async def read_body(request: Request, limit: int = MAX_BODY) -> bytes:
    """The body, refused (413) past ``limit`` (MAX_BODY unless a route takes more: an
    uploaded Rootlog) and (408) past BODY_TIMEOUT."""
    length = request.headers.get("content-length")
    if length is not None:
        if not length.isdigit():
            raise ApiError(400, "bad_request", "Content-Length must be a whole number",
                           headers=CLOSE)
        if int(length) > limit:
            raise ApiError(413, "body_too_large", f"the body is limited to {limit} bytes",
                           headers=CLOSE)
    chunks, size = [], 0
    try:
        async with asyncio.timeout(BODY_TIMEOUT):
            async for chunk in request.stream():
                size += len(chunk)
                if size > limit:
                    raise ApiError(413, "body_too_large",
                                   f"the body is limited to {limit} bytes", headers=CLOSE)
                chunks.append(chunk)
    except TimeoutError:
        raise ApiError(408, "body_timeout", f"the body did not arrive within "
                       f"{BODY_TIMEOUT:g} seconds", headers=CLOSE) from None
    except ClientDisconnect:  # nobody to answer; not a server error either
        raise ApiError(400, "client_disconnected", "the client left before its body "
                       "arrived", headers=CLOSE) from None
    return b"".join(chunks)


async def json_object(request: Request) -> dict[str, Any]:
    """The body as a JSON object (an empty body is an empty object)."""
    raw = await read_body(request)
    try:
        body = orjson.loads(raw) if raw.strip() else {}
    except orjson.JSONDecodeError as e:
        raise ApiError(422, "bad_request", f"the body must be JSON ({e.msg})") from None
    if not isinstance(body, dict):
        raise ApiError(422, "bad_request", "the body must be a JSON object")
    return body


def token_of(conn: HTTPConnection, given: object = None) -> str | None:
    """The seat token of a request: the Authorization header (``Bearer <token>``), else
    ``given`` (the query's or the body's); None without one. A value that cannot be a
    token is 403 here, so nothing else ever handles it. Other schemes (a proxy's Basic
    credentials) are not for us and are ignored."""
    scheme, _, value = conn.headers.get("authorization", "").strip().partition(" ")
    if scheme.lower() == "bearer":  # another scheme is a proxy's (Basic), not ours
        if not value.strip():
            raise ApiError(403, "bad_token", "the Authorization header must be "
                           "'Bearer <seat token>'", "token")
        if given not in (None, "") and given != value.strip():
            raise ApiError(400, "bad_request", "two different tokens: one in the "
                           "Authorization header and one in the request", "token")
        given = value.strip()
    if given is None or given == "":
        return None
    if not isinstance(given, str) or not TOKEN.fullmatch(given):
        raise ApiError(403, "bad_token", "this token opens no seat of this game", "token")
    return given


def idempotency_key(request: Request) -> str | None:
    """The ``Idempotency-Key`` header: a client's name for one request, so a retry after
    a lost answer gets that answer rather than a refusal."""
    key = request.headers.get("idempotency-key")
    if key is None:
        return None
    if not IDEMPOTENCY_KEY.fullmatch(key):
        raise ApiError(400, "bad_idempotency_key", "Idempotency-Key must be 1 to 128 "
                       "printable ASCII characters without spaces", "Idempotency-Key")
    return key


def digest(value: object) -> str:
    """A fingerprint of a request's content, to tell a retry from a new request."""
    return hashlib.sha256(orjson.dumps(value, option=orjson.OPT_SORT_KEYS)).hexdigest()


def option_value(raw: object) -> object:
    """An option as the engine writes it: JSON lists back to tuples, checked to be no
    deeper and no longer than an option can be (422 otherwise)."""
    return _option(raw, 0)


def _option(value: object, depth: int) -> object:
    if isinstance(value, list):
        if depth >= MAX_OPTION_DEPTH or len(value) > MAX_OPTION_ITEMS:
            raise ApiError(422, "illegal_option", "no option is nested that deep or that "
                           "long", "option")
        return tuple(_option(v, depth + 1) for v in value)
    if value is None or isinstance(value, (str, int, float, bool)):
        return value
    raise ApiError(422, "illegal_option", "an option holds only lists, strings, numbers, "
                   "booleans and null", "option")
