"""The web application.

Built as a set of routers so later work can add game pages and a WebSocket per
seat (``routes/games.py``) without touching these: pages render HTML, ``/api``
serves JSON, ``/static`` serves rootlaw/web/static.
"""
from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager

from fastapi import FastAPI, Request, Response
from fastapi.middleware.gzip import GZipMiddleware
from fastapi.staticfiles import StaticFiles

from rootlaw import __version__
from rootlaw.server import errors
from rootlaw.server.play.hub import Hub
from rootlaw.server.resources import web_dir
from rootlaw.server.routes import api, games, pages, play_pages

SECURITY_HEADERS = {
    "Content-Security-Policy": "default-src 'self'; img-src 'self' data:; "
                               "style-src 'self' 'unsafe-inline'; object-src 'none'; "
                               "base-uri 'self'; frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
}


def create_app(db: str | None = None, agent_delay: float = 0.8) -> FastAPI:
    """The app; games are stored at ``db`` (a SQLAlchemy URL, a SQLite file path, or
    None for SQLite in the user's data directory); agents wait ``agent_delay`` seconds
    before each move so people can follow."""
    hub = Hub(db, agent_delay)

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        if db is not None:
            await hub.resume()  # agents whose turn it was play on after a restart
        yield
        await hub.close()

    app = FastAPI(title="rootlaw", version=__version__, docs_url="/api/docs",
                  redoc_url=None, openapi_url="/api/openapi.json", lifespan=lifespan)
    app.state.hub = hub
    errors.install(app)
    app.add_middleware(GZipMiddleware, minimum_size=2048)
    app.include_router(api.router)
    app.include_router(games.router)
    app.include_router(pages.router)
    app.include_router(play_pages.router)
    app.mount("/static", StaticFiles(directory=str(web_dir() / "static")), name="static")

    @app.middleware("http")
    async def headers(request: Request,
                      call_next: Callable[[Request], Awaitable[Response]]) -> Response:
        response = await call_next(request)
        for key, value in SECURITY_HEADERS.items():
            response.headers.setdefault(key, value)
        return response

    return app
