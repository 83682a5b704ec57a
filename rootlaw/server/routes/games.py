"""Playing: create a game, read it as one seat, act, undo, read the log, watch it live.

Errors keep the single shape of docs/web.md. 403 wrong token or not your decision,
409 stale version (or the game is over), 422 a bad request or an illegal option,
413/408 a body too large or too slow. A seat's token comes in an ``Authorization:
Bearer`` header, or as ``token`` in the query (links) or the body; changes may carry an
``Idempotency-Key`` header so that a retry after a lost answer gets that answer.

A seat bound to an account (``POST /api/games/{id}/bind``) opens only to a browser
logged in to it: its link alone is 403 ``seat_bound``; that browser needs no token (its
session cookie names the seat), and its changes by cookie carry the CSRF token.
"""
from __future__ import annotations

import asyncio
from typing import Any

from anyio import to_thread
from fastapi import APIRouter, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import JSONResponse, Response
from starlette.requests import HTTPConnection

from rootlaw.server import auth
from rootlaw.server.errors import ApiError
from rootlaw.server.inputs import idempotency_key, json_object, token_of
from rootlaw.server.play import replay, seats
from rootlaw.server.play.hub import Answer, Hub
from rootlaw.server.play.narrate import narrate
from rootlaw.server.play.payload import encode

router = APIRouter(prefix="/api")
WS_UNSUPPORTED = 1003  # RFC 6455: a kind of data the endpoint cannot accept


def hub_of(request: HTTPConnection) -> Hub:
    hub: Hub = request.app.state.hub
    return hub


async def account_id(conn: HTTPConnection) -> int | None:
    """The account logged in on this browser; looked up only when it sends a session
    cookie (a link's requests cost nothing more)."""
    token = auth.session_token(conn)
    if token is None:
        return None
    account = await to_thread.run_sync(hub_of(conn).accounts.session_account, token)
    return account.id if account else None


async def logged_in_id(conn: HTTPConnection, why: str) -> int:
    """The account logged in here; 401 that says what logging in is for otherwise."""
    account = await account_id(conn)
    if account is None:
        raise ApiError(401, "not_logged_in", f"log in to {why}")
    return account


async def cookie_seat(request: Request, seat_token: str | None,
                      body: dict[str, Any]) -> int | None:
    """The account a change is made for; a change by the session cookie alone (no seat
    token) must carry the CSRF token (403 otherwise)."""
    account = await account_id(request)
    if seat_token is None and account is not None:
        auth.check_csrf(hub_of(request).accounts, request, body.get(auth.CSRF_FIELD))
    return account


def json_text(text: str, status: int = 200, headers: dict[str, str] | None = None) -> Response:
    return Response(text, status_code=status, media_type="application/json", headers=headers)


def answer(a: Answer) -> Response:
    """A change's answer: the seat's new state (marked when it answers a retry)."""
    return json_text(a.live.encoded(a.seat),
                     headers={"Idempotent-Replayed": "true"} if a.replayed else None)


@router.get("/play/catalog")
def catalog() -> dict[str, Any]:
    """Factions (people's and bots'), maps, decks, difficulties, traits and agents."""
    return seats.catalog()


@router.post("/games", status_code=201)
async def create_game(request: Request) -> Response:
    live, tokens = await hub_of(request).create(await json_object(request))
    out = {f: {"kind": k, "token": tokens.get(f),
               "url": f"/games/{live.id}?token={tokens[f]}" if f in tokens else None}
           for f, k in live.kinds.items()}
    body = {"id": live.id, "seats": out, "spectate": f"/games/{live.id}",
            "replay": f"/games/{live.id}/replay", "version": live.version,
            "seed_from": "client" if live.client_seed else "server"}
    return Response(encode(body), status_code=201, media_type="application/json",
                    headers={"Location": f"/api/games/{live.id}"})


@router.get("/games/{gid}")
async def game_state(request: Request, gid: str, token: str | None = None) -> Response:
    """The game as this seat sees it (the public view without a token)."""
    return await state_of(request, gid)


async def state_of(request: Request, gid: str) -> Response:
    """(also answered by fastpath.py, without FastAPI's routing)"""
    hub = hub_of(request)
    seat_token = token_of(request, request.query_params.get("token"))
    live = await hub.get(gid)
    return json_text(live.encoded(hub.seat_for(live, seat_token, await account_id(request))))


@router.post("/games/{gid}/actions")
async def act(request: Request, gid: str) -> Response:
    """Take an option (its index, or the option itself) of this seat's decision."""
    return await act_on(request, gid)


async def act_on(request: Request, gid: str) -> Response:
    """(also answered by fastpath.py, without FastAPI's routing)"""
    key = idempotency_key(request)
    body = await json_object(request)
    if "option" not in body:
        raise ApiError(422, "bad_request", "option is required", "option")
    seat_token = token_of(request, body.get("token"))
    account = await cookie_seat(request, seat_token, body)
    return answer(await hub_of(request).act(gid, seat_token, body.get("version"),
                                            body["option"], key, account))


@router.post("/games/{gid}/undo")
async def undo(request: Request, gid: str) -> Response:
    """Take back this seat's last decision, while nothing new was revealed."""
    key = idempotency_key(request)
    body = await json_object(request)
    seat_token = token_of(request, body.get("token"))
    account = await cookie_seat(request, seat_token, body)
    return answer(await hub_of(request).undo(gid, seat_token, key, account))


@router.post("/games/{gid}/bind")
async def bind(request: Request, gid: str) -> JSONResponse:
    """Bind the seat the token opens to the account logged in here: from now on the
    seat opens only to that account (its link alone no more). CSRF-checked."""
    body = await json_object(request)
    hub = hub_of(request)
    account = await to_thread.run_sync(auth.account_of, hub.accounts, request)
    if account is None:
        raise ApiError(401, "not_logged_in", "log in to bind a seat to your account")
    auth.check_csrf(hub.accounts, request, body.get(auth.CSRF_FIELD))
    live, seat = await hub.bind(gid, token_of(request, body.get("token")), account.id)
    return JSONResponse({"seat": seat, "account": account.name, "version": live.version})


@router.get("/games/{gid}/log")
async def game_log(request: Request, gid: str, token: str | None = None,
                   since: int = Query(0, ge=0)) -> JSONResponse:
    """The record as this seat may read it (everything once the game is over)."""
    hub = hub_of(request)
    seat_token = token_of(request, token)
    live = await hub.get(gid)
    seat = hub.seat_for(live, seat_token, await account_id(request))
    game = live.game
    lines = narrate(game.log, list(game.factions),  # the seat by its faction now (A.8.2)
                    game.current_id(seat) if seat is not None else None, game.is_over)
    return JSONResponse({"version": live.version, "size": len(game.log),
                         "lines": [ln for ln in lines if ln["i"] >= since]})


@router.get("/games/{gid}/replay")
async def game_replay(request: Request, gid: str, step: int | None = None) -> dict[str, Any]:
    """A finished game after ``step`` decisions (default: the end), everything revealed."""
    live = await hub_of(request).get(gid)
    if not live.game.is_over:
        raise ApiError(409, "game_not_over", "a replay opens once the game is over "
                       "(until then hands and the deck stay hidden)")
    return replay.frame(live.game, step, live.id)  # decisions' and bots' steps (issue 41)


@router.websocket("/games/{gid}/ws")
async def watch(websocket: WebSocket, gid: str, token: str | None = None) -> None:
    """The game's latest version, as this seat's state (a spectator's without a
    token), at once and after every change (hub.push). A refusal opens the socket
    and closes it at once with 4000 + the HTTP status (4403 a wrong token, 4404 no
    such game), so a browser can read why."""
    hub = hub_of(websocket)
    try:
        seat_token = token_of(websocket, token)
        live = await hub.get(gid)
        account = await socket_account(websocket)
        seat = hub.seat_for(live, seat_token, account)
    except ApiError as e:
        await websocket.accept()
        await websocket.close(code=4000 + e.status, reason=e.code)
        return
    await websocket.accept()
    changed = hub.watch(live, seat, account)
    pusher = asyncio.get_running_loop().create_task(hub.push(live, seat, changed, websocket))
    try:
        while not pusher.done():
            message = await websocket.receive()
            if message["type"] == "websocket.disconnect":
                break
            if message.get("text") is None:  # a binary frame: not part of this protocol
                await websocket.close(code=WS_UNSUPPORTED, reason="text frames only")
                break
            if message["text"] == "ping":
                await websocket.send_text("pong")
    except WebSocketDisconnect:
        pass
    finally:
        hub.unwatch(live, changed)
        pusher.cancel()
        await asyncio.gather(pusher, return_exceptions=True)


async def socket_account(websocket: WebSocket) -> int | None:
    """A socket's account: by its cookie only from our own pages (a browser sends the
    cookie with another site's WebSocket too, but says that site's Origin)."""
    origin = websocket.headers.get("origin")
    scheme = "https" if websocket.url.scheme == "wss" else "http"
    if origin is not None and origin != f"{scheme}://{websocket.url.netloc}":
        return None
    return await account_id(websocket)
