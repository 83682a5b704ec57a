"""Playing: create a game, read it as one seat, act, undo, read the log, watch it live.

Errors keep the single shape of docs/web.md. 403 wrong token or not your decision,
409 stale version (or the game is over), 422 a bad request or an illegal option.
"""
from __future__ import annotations

import json
from typing import Any

from fastapi import APIRouter, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import JSONResponse

from rootlaw.server.errors import ApiError
from rootlaw.server.play import replay, seats
from rootlaw.server.play.hub import Hub
from rootlaw.server.play.narrate import narrate

router = APIRouter(prefix="/api")


def hub_of(request: Request | WebSocket) -> Hub:
    hub: Hub = request.app.state.hub
    return hub


async def json_body(request: Request) -> dict[str, Any]:
    try:
        body = json.loads(await request.body() or b"null")
    except ValueError:
        raise ApiError(422, "bad_request", "the body must be JSON") from None
    if not isinstance(body, dict):
        raise ApiError(422, "bad_request", "the body must be a JSON object")
    return body


@router.get("/play/catalog")
def catalog() -> dict[str, Any]:
    """Factions (people's and bots'), maps, decks, difficulties, traits and agents."""
    return seats.catalog()


@router.post("/games", status_code=201)
async def create_game(request: Request) -> JSONResponse:
    live, tokens = await hub_of(request).create(await json_body(request))
    out = {f: {"kind": k, "token": tokens.get(f),
               "url": f"/games/{live.id}?token={tokens[f]}" if f in tokens else None}
           for f, k in live.kinds.items()}
    return JSONResponse({"id": live.id, "seats": out, "spectate": f"/games/{live.id}",
                         "replay": f"/games/{live.id}/replay", "version": live.version},
                        status_code=201, headers={"Location": f"/api/games/{live.id}"})


@router.get("/games/{gid}")
async def game_state(request: Request, gid: str, token: str | None = None) -> JSONResponse:
    """The game as this seat sees it (the public view without a token)."""
    hub = hub_of(request)
    live = await hub.get(gid)
    return JSONResponse(live.state(hub.seat_for(live, token)))


@router.post("/games/{gid}/actions")
async def act(request: Request, gid: str) -> JSONResponse:
    """Take an option (its index, or the option itself) of this seat's decision."""
    body = await json_body(request)
    if "option" not in body:
        raise ApiError(422, "bad_request", "option is required", "option")
    return JSONResponse(await hub_of(request).act(gid, body.get("token"), body.get("version"),
                                                  body["option"]))


@router.post("/games/{gid}/undo")
async def undo(request: Request, gid: str) -> JSONResponse:
    """Take back this seat's last decision, while nothing new was revealed."""
    body = await json_body(request)
    return JSONResponse(await hub_of(request).undo(gid, body.get("token")))


@router.get("/games/{gid}/log")
async def game_log(request: Request, gid: str, token: str | None = None,
                   since: int = Query(0, ge=0)) -> dict[str, Any]:
    """The record as this seat may read it (everything once the game is over)."""
    hub = hub_of(request)
    live = await hub.get(gid)
    seat = hub.seat_for(live, token)
    game = live.game
    lines = narrate(game.log, list(game.factions), seat, game.is_over)
    return {"version": live.version, "size": len(game.log),
            "lines": [ln for ln in lines if ln["i"] >= since]}


@router.get("/games/{gid}/replay")
async def game_replay(request: Request, gid: str, step: int | None = None) -> dict[str, Any]:
    """A finished game after ``step`` decisions (default: the end), everything revealed."""
    live = await hub_of(request).get(gid)
    if not live.game.is_over:
        raise ApiError(409, "game_not_over", "a replay opens once the game is over "
                       "(until then hands and the deck stay hidden)")
    marks = replay.decision_indexes(live.game.log)
    return replay.frame(live.game, len(marks) if step is None else step)


@router.websocket("/games/{gid}/ws")
async def watch(websocket: WebSocket, gid: str, token: str | None = None) -> None:
    """Every new version of the game, as this seat's state (a spectator's without a token)."""
    hub = hub_of(websocket)
    try:
        live = await hub.get(gid)
        seat = hub.seat_for(live, token)
    except ApiError as e:
        await websocket.close(code=4000 + e.status, reason=e.code)
        return
    await websocket.accept()
    hub.watch(live, websocket, seat)
    try:
        await websocket.send_json(live.state(seat))
        while True:
            if await websocket.receive_text() == "ping":
                await websocket.send_text("pong")
    except WebSocketDisconnect:
        pass
    finally:
        hub.unwatch(live, websocket)
