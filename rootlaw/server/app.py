"""The web application.

Built as a set of routers so later work can add game pages and a WebSocket per
seat (``routes/games.py``) without touching these: pages render HTML, ``/api``
serves JSON, ``/static`` serves rootlaw/web/static.
"""
from __future__ import annotations

from collections.abc import Awaitable, Callable

from fastapi import FastAPI, Request, Response
from fastapi.middleware.gzip import GZipMiddleware
from fastapi.staticfiles import StaticFiles

from rootlaw import __version__
from rootlaw.server import errors
from rootlaw.server.resources import web_dir
from rootlaw.server.routes import api, pages

SECURITY_HEADERS = {
    "Content-Security-Policy": "default-src 'self'; img-src 'self' data:; "
                               "style-src 'self' 'unsafe-inline'; object-src 'none'; "
                               "base-uri 'self'; frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
}


def create_app() -> FastAPI:
    app = FastAPI(title="rootlaw", version=__version__, docs_url="/api/docs",
                  redoc_url=None, openapi_url="/api/openapi.json")
    errors.install(app)
    app.add_middleware(GZipMiddleware, minimum_size=2048)
    app.include_router(api.router)
    app.include_router(pages.router)
    app.mount("/static", StaticFiles(directory=str(web_dir() / "static")), name="static")

    @app.middleware("http")
    async def headers(request: Request,
                      call_next: Callable[[Request], Awaitable[Response]]) -> Response:
        response = await call_next(request)
        for key, value in SECURITY_HEADERS.items():
            response.headers.setdefault(key, value)
        return response

    return app
