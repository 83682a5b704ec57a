"""The pages where people play: the lobby, a game (one seat, several, or none), a replay.

The pages are shells filled by their scripts from the JSON API and the WebSocket; a
seat's token travels in the page address and is sent only to this server."""
from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse

from rootlaw.server.pages import static_page
from rootlaw.server.play.hub import Hub

router = APIRouter()


@router.get("/play", response_class=HTMLResponse)
def lobby() -> str:
    return static_page("play.html", "Play", "/play", ("play.js",),
                       "Start a game of Root: friends at one screen or by link, bots, agents")


@router.get("/games/{gid}", response_class=HTMLResponse)
async def game_page(request: Request, gid: str) -> str:
    hub: Hub = request.app.state.hub
    await hub.get(gid)  # 404 for a game that does not exist
    return static_page("game.html", "Game", "/play", ("game.js",), "A game of Root")


@router.get("/games/{gid}/replay", response_class=HTMLResponse)
async def replay_page(request: Request, gid: str) -> str:
    hub: Hub = request.app.state.hub
    await hub.get(gid)
    return static_page("replay.html", "Replay", "/play", ("replay.js",),
                       "Replay of a finished game of Root")
