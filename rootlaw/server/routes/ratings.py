"""Ratings (issue 57): the leaderboards as JSON and as a page (play/ratings.py says
which games are rated and how)."""
from __future__ import annotations

from anyio import to_thread
from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, JSONResponse

from rootlaw.server.pages import static_page
from rootlaw.server.routes.games import hub_of

router = APIRouter()


@router.get("/api/ratings")
async def board(request: Request) -> JSONResponse:
    """Accounts, factions, bots and agents by their openskill ordinal, best first."""
    rows = await to_thread.run_sync(hub_of(request).ratings.board)
    return JSONResponse(rows, headers={"Cache-Control": "no-store"})


@router.get("/ratings", response_class=HTMLResponse)
def ratings_page() -> str:
    return static_page("ratings.html", "Ratings", "/ratings", ("ratings.js",),
                       "The leaderboard: accounts, factions and bots by openskill rating")
