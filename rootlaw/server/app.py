"""The web application.

Built as a set of routers so later work can add game pages and a WebSocket per
seat (``routes/games.py``) without touching these: pages render HTML, ``/api``
serves JSON, ``/static`` serves rootlaw/web/static.
"""
from __future__ import annotations

import time
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager

from argon2 import PasswordHasher
from fastapi import FastAPI
from fastapi.middleware.gzip import GZipMiddleware
from fastapi.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from rootlaw import __version__
from rootlaw.server import errors
from rootlaw.server.fastpath import FastPath
from rootlaw.server.play.hub import Hub
from rootlaw.server.play.notify import MailConfig
from rootlaw.server.resources import web_dir
from rootlaw.server.routes import (
    account_pages,
    accounts,
    api,
    apidocs,
    games,
    lobby,
    mine,
    notify,
    pages,
    play_pages,
    ratings,
    rootlog,
)

SECURITY_HEADERS = {
    "Content-Security-Policy": "default-src 'self'; img-src 'self' data:; "
                               "style-src 'self' 'unsafe-inline'; object-src 'none'; "
                               "base-uri 'self'; frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
}
GZIP_LEVEL = 5  # JSON states shrink about as much as at 9, at a third of the CPU


class SecurityHeaders:
    """SECURITY_HEADERS on every HTTP answer (plain ASGI: no task or stream per request)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app
        self.headers = [(k.lower().encode(), v.encode()) for k, v in SECURITY_HEADERS.items()]

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                names = {k.lower() for k, _ in message.get("headers", [])}
                message["headers"] = [*message.get("headers", []),
                                      *(h for h in self.headers if h[0] not in names)]
            await send(message)

        await self.app(scope, receive, send_with_headers)


def create_app(db: str | None = None, agent_delay: float = 0.8,
               clock: Callable[[], float] = time.time,
               hasher: PasswordHasher | None = None,
               mail: MailConfig | None = None) -> FastAPI:
    """The app; games (and accounts) are stored at ``db`` (a SQLAlchemy URL, a SQLite
    file path, or None for SQLite in the user's data directory); agents wait
    ``agent_delay`` seconds before each move so people can follow; ``clock`` and
    ``hasher`` are the server's clock and password hasher (tests pass a fake clock and
    a cheap hasher); ``mail`` the SMTP server for notifications (default: from the
    environment, notify.MailConfig.from_env; none configured, no mail)."""
    hub = Hub(db, agent_delay, clock, hasher, mail=mail or MailConfig.from_env())

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        if db is not None:
            await hub.start()  # agents play on after a restart; hear other processes
        yield
        await hub.close()

    app = FastAPI(title="rootlaw", version=__version__, docs_url=None,  # routes/apidocs.py
                  redoc_url=None, openapi_url="/api/openapi.json", lifespan=lifespan)
    app.state.hub = hub
    errors.install(app)
    app.add_middleware(FastPath)  # the requests of every move, past FastAPI's routing
    app.add_middleware(GZipMiddleware, minimum_size=2048, compresslevel=GZIP_LEVEL)
    app.add_middleware(SecurityHeaders)
    app.include_router(api.router)
    app.include_router(games.router)
    app.include_router(pages.router)
    app.include_router(play_pages.router)
    app.include_router(accounts.router)  # sign up, log in, log out (JSON)
    app.include_router(account_pages.router)  # the same as forms, /account
    app.include_router(lobby.router)  # the public lobby
    app.include_router(ratings.router)  # the leaderboards
    app.include_router(notify.router)  # mail settings, unsubscribe
    app.include_router(mine.router)  # my games: the page, the list, its socket
    app.include_router(rootlog.router)  # Rootlog records: download, upload, replay
    app.include_router(apidocs.router)  # Swagger UI from a package, offline
    app.mount("/static", StaticFiles(directory=str(web_dir() / "static")), name="static")

    return app
