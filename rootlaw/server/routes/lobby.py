"""The public lobby (issue 57): open a game to everyone, join it with one click, and
start it (the host) when it is full or with its free seats played by an agent.

Reading the lobby needs no account; every change does (401) and carries the CSRF token
(403). A started game's seats are bound to their accounts from the start: no link of
them is ever handed out, each player opens the game from My games or the lobby.
Errors keep the one shape: 404 no such entry, 403 not the host, 409 taken, full, or
started already, 422 a bad request (the create request is checked as POST /api/games
checks it).
"""
from __future__ import annotations

from typing import Any

from anyio import to_thread
from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, JSONResponse

from rootlaw.server import auth
from rootlaw.server.errors import ApiError
from rootlaw.server.inputs import json_object, shown
from rootlaw.server.pages import static_page
from rootlaw.server.play import newgame, pace
from rootlaw.server.play.hub import Hub
from rootlaw.server.play.lobby import Entry, check_fill, parse_game, shown_entry
from rootlaw.server.routes.games import account_id, hub_of, logged_in_id

router = APIRouter()
FIELDS = {"open": ("game", "seat", "pace", auth.CSRF_FIELD),
          "join": ("seat", auth.CSRF_FIELD), "leave": (auth.CSRF_FIELD,),
          "start": ("fill", auth.CSRF_FIELD)}


async def change(request: Request, kind: str) -> tuple[Hub, int, dict[str, Any]]:
    """A change's hub, account and body: logged in, CSRF-checked, known fields only."""
    body = await json_object(request)
    extra = [k for k in body if k not in FIELDS[kind]]
    if extra:
        raise ApiError(422, "bad_request", f"unknown field {shown(extra[0])} (known: "
                       f"{', '.join(FIELDS[kind])})", extra[0][:40])
    hub = hub_of(request)
    account = await logged_in_id(request, "play in the lobby")
    auth.check_csrf(hub.accounts, request, body.get(auth.CSRF_FIELD))
    return hub, account, body


async def shown_one(hub: Hub, entry: Entry, account: int | None) -> dict[str, Any]:
    names = await to_thread.run_sync(hub.lobby.names, [entry])
    return shown_entry(entry, names, account)


@router.get("/api/lobby")
async def listed(request: Request) -> JSONResponse:
    """The open games (newest first), and the ones this account sits in."""
    hub = hub_of(request)
    account = await account_id(request)
    entries = await to_thread.run_sync(hub.lobby.listed, account)
    names = await to_thread.run_sync(hub.lobby.names, entries)
    return JSONResponse({"games": [shown_entry(e, names, account) for e in entries]},
                        headers={"Cache-Control": "no-store"})


@router.post("/api/lobby", status_code=201)
async def open_game(request: Request) -> JSONResponse:
    """Open a game in the lobby; the host takes ``seat`` (default: the first free)."""
    hub, account, body = await change(request, "open")
    game, create = parse_game(body.get("game"))
    paced = pace.parse(body.get("pace")) or create.pace
    seat = body.get("seat")
    if seat is not None and not isinstance(seat, str):
        raise ApiError(422, "bad_request", "seat must be a seat's name", "seat")
    await to_thread.run_sync(newgame.start, create.kwargs)  # it sets up
    entry = await to_thread.run_sync(hub.lobby.open, account, game, create.kinds, seat,
                                     paced)
    return JSONResponse(await shown_one(hub, entry, account), status_code=201)


@router.post("/api/lobby/{entry_id}/join")
async def join(request: Request, entry_id: str) -> JSONResponse:
    hub, account, body = await change(request, "join")
    entry = await to_thread.run_sync(hub.lobby.join, entry_id, account, body.get("seat"))
    return JSONResponse(await shown_one(hub, entry, account))


@router.post("/api/lobby/{entry_id}/leave")
async def leave(request: Request, entry_id: str) -> JSONResponse:
    hub, account, _ = await change(request, "leave")
    entry = await to_thread.run_sync(hub.lobby.leave, entry_id, account)
    return JSONResponse(await shown_one(hub, entry, account))


@router.post("/api/lobby/{entry_id}/start")
async def start(request: Request, entry_id: str) -> JSONResponse:
    """The host starts the game: full, or its free seats played by ``fill`` (an agent)."""
    hub, account, body = await change(request, "start")
    fill = check_fill(body.get("fill"))
    entry = await to_thread.run_sync(hub.lobby.claim, entry_id, account, fill)
    try:
        live, _ = await hub.create(entry.create_body(fill), entry.owners(), entry.pace)
    except BaseException:
        await to_thread.run_sync(hub.lobby.started, entry, None)
        raise
    await to_thread.run_sync(hub.lobby.started, entry, live.id)
    hub.feeds.game_changed(live.id, live.owners.values())  # their My games lists
    hub.tell_turn(live)  # the first to decide, by mail if away
    return JSONResponse({**await shown_one(hub, entry, account), "id": live.id})


@router.get("/lobby", response_class=HTMLResponse)
def lobby_page() -> str:
    return static_page("lobby.html", "Lobby", "/lobby", ("lobby.js",),
                       "Public games of Root waiting for players: join with one click")
