"""The two requests of every move, answered without FastAPI's routing.

Reading a seat's state (``GET /api/games/{id}``) and acting
(``POST /api/games/{id}/actions``) are most of what a busy server does. Here they go
straight to the same handlers as their FastAPI routes (routes/games.py), skipping
the route search and FastAPI's parameter and dependency machinery, which cost about
an eighth of the server's CPU per move. The routes stay for everything else they do
(the OpenAPI docs, other methods); errors have the one shape (errors.render).
"""
from __future__ import annotations

import re
from collections.abc import Awaitable, Callable

from starlette.requests import Request
from starlette.responses import Response
from starlette.types import ASGIApp, Receive, Scope, Send

from rootlaw.server.errors import ApiError, render
from rootlaw.server.routes import games

Handler = Callable[[Request, str], Awaitable[Response]]
ROUTES: dict[str, tuple[re.Pattern[str], Handler]] = {
    "GET": (re.compile(r"/api/games/([^/]+)"), games.state_of),
    "POST": (re.compile(r"/api/games/([^/]+)/actions"), games.act_on),
}


class FastPath:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        route = ROUTES.get(scope.get("method", "")) if scope["type"] == "http" else None
        match = route[0].fullmatch(scope["path"]) if route else None
        if route is None or match is None:
            await self.app(scope, receive, send)
            return
        request = Request(scope, receive)
        try:
            response = await route[1](request, match.group(1))
        except ApiError as e:
            response = render(request, e)
        await response(scope, receive, send)
