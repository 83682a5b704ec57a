"""My games (issue 57): the page, the JSON list and its WebSocket, for the account
logged in on this browser (401, or a socket closed 4401, without one).

The list holds only what every seat sees (play/mine.py); it is read by a GET (no CSRF
needed: it changes nothing) and the socket takes the cookie only from our own pages
(games.socket_account checks the Origin)."""
from __future__ import annotations

import asyncio
from typing import Any

from fastapi import APIRouter, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import HTMLResponse, JSONResponse

from rootlaw.server.pages import static_page
from rootlaw.server.play import mine
from rootlaw.server.routes.games import hub_of, logged_in_id, socket_account

router = APIRouter()


@router.get("/api/me/games")
async def my_games(request: Request) -> JSONResponse:
    """This account's games: "your turn" first, with deadlines and last moves."""
    rows = await hub_of(request).my_games(await logged_in_id(request, "see your games"))
    return JSONResponse({"games": rows}, headers={"Cache-Control": "no-store"})


@router.websocket("/api/me/ws")
async def my_games_socket(websocket: WebSocket) -> None:
    """The list at once and after every change of one of its games."""
    hub = hub_of(websocket)
    account = await socket_account(websocket)
    await websocket.accept()
    if account is None:
        await websocket.close(code=4401, reason="not_logged_in")
        return
    wake = hub.feeds.watch(account)

    async def read() -> list[dict[str, Any]]:
        return await hub.my_games(account)

    pusher = asyncio.get_running_loop().create_task(
        mine.push(hub.feeds, wake, read, websocket.send_text))
    try:
        while not pusher.done():
            message = await websocket.receive()
            if message["type"] == "websocket.disconnect":
                break
            if message.get("text") == "ping":
                await websocket.send_text("pong")
    except WebSocketDisconnect:
        pass
    finally:
        hub.feeds.unwatch(wake)
        pusher.cancel()
        await asyncio.gather(pusher, return_exceptions=True)


@router.get("/my-games", response_class=HTMLResponse)
def my_games_page() -> str:
    return static_page("my_games.html", "My games", "/my-games", ("my_games.js",),
                       "Your games: whose turn, deadlines, last moves")
