"""Playing: create a game, read it as one seat, act, undo, read the log, watch it live.

Errors keep the single shape of docs/web.md. 403 wrong token or not your decision,
409 stale version (or the game is over), 422 a bad request or an illegal option,
413/408 a body too large or too slow. A seat's token comes in an ``Authorization:
Bearer`` header, or as ``token`` in the query (links) or the body; changes may carry an
``Idempotency-Key`` header so that a retry after a lost answer gets that answer.
"""
from __future__ import annotations

import asyncio
from typing import Any

from fastapi import APIRouter, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import JSONResponse, Response

from rootlaw.server.errors import ApiError
from rootlaw.server.inputs import idempotency_key, json_object, token_of
from rootlaw.server.play import replay, seats
from rootlaw.server.play.hub import Answer, Hub
from rootlaw.server.play.narrate import narrate
from rootlaw.server.play.payload import encode

router = APIRouter(prefix="/api")
WS_UNSUPPORTED = 1003  # RFC 6455: a kind of data the endpoint cannot accept


def hub_of(request: Request | WebSocket) -> Hub:
    hub: Hub = request.app.state.hub
    return hub


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
    return json_text(live.encoded(hub.seat_for(live, seat_token)))


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
    return answer(await hub_of(request).act(gid, token_of(request, body.get("token")),
                                            body.get("version"), body["option"], key))


@router.post("/games/{gid}/undo")
async def undo(request: Request, gid: str) -> Response:
    """Take back this seat's last decision, while nothing new was revealed."""
    key = idempotency_key(request)
    body = await json_object(request)
    return answer(await hub_of(request).undo(gid, token_of(request, body.get("token")), key))


@router.get("/games/{gid}/log")
async def game_log(request: Request, gid: str, token: str | None = None,
                   since: int = Query(0, ge=0)) -> JSONResponse:
    """The record as this seat may read it (everything once the game is over)."""
    hub = hub_of(request)
    seat_token = token_of(request, token)
    live = await hub.get(gid)
    seat = hub.seat_for(live, seat_token)
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
        seat = hub.seat_for(live, seat_token)
    except ApiError as e:
        await websocket.accept()
        await websocket.close(code=4000 + e.status, reason=e.code)
        return
    await websocket.accept()
    changed = hub.watch(live, seat)
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
