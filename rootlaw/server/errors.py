"""One error shape for the whole API: {"error": {"status", "code", "message", "param"}}."""
from __future__ import annotations

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, Response
from starlette.exceptions import HTTPException as StarletteHTTPException

from rootlaw.server.pages import error_page

MAX_MESSAGE = 600  # an error never carries more (a client's values are quoted shortened)


class ApiError(Exception):
    """A client error with a stable machine-readable code (and headers for its answer)."""

    def __init__(self, status: int, code: str, message: str, param: str | None = None,
                 headers: dict[str, str] | None = None) -> None:
        super().__init__(message)
        self.status, self.code, self.param = status, code, param
        self.message = message if len(message) <= MAX_MESSAGE else message[:MAX_MESSAGE] + "..."
        self.headers = headers

    def body(self) -> dict[str, object]:
        err: dict[str, object] = {"status": self.status, "code": self.code,
                                  "message": self.message}
        if self.param:
            err["param"] = self.param
        return {"error": err}


def _is_api(request: Request) -> bool:
    return request.url.path.startswith("/api/") or request.url.path == "/api"


def render(request: Request, exc: ApiError) -> Response:
    """The answer to an error: JSON under /api, an HTML page elsewhere."""
    if _is_api(request):
        return JSONResponse(exc.body(), status_code=exc.status, headers=exc.headers)
    return HTMLResponse(error_page(exc.status, exc.message), status_code=exc.status,
                        headers=exc.headers)


def install(app: FastAPI) -> None:
    """Register handlers so every error, ours or the framework's, has the same shape."""

    @app.exception_handler(ApiError)
    async def api_error(request: Request, exc: ApiError) -> Response:
        return render(request, exc)

    @app.exception_handler(RequestValidationError)
    async def validation_error(request: Request, exc: RequestValidationError) -> Response:
        first = exc.errors()[0] if exc.errors() else {}
        loc = [str(p) for p in first.get("loc", ()) if p not in ("query", "path", "body")]
        err = ApiError(400, "bad_request", first.get("msg", "invalid request"),
                       ".".join(loc) or None)
        return await api_error(request, err)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> Response:
        codes = {404: "not_found", 405: "method_not_allowed", 413: "body_too_large"}
        message = {404: "no such page"}.get(exc.status_code, str(exc.detail))
        err = ApiError(exc.status_code, codes.get(exc.status_code, "http_error"), message)
        return await api_error(request, err)

    @app.exception_handler(Exception)
    async def server_error(request: Request, exc: Exception) -> Response:
        """A bug of ours: the same shape, nothing of the request in it (the traceback
        goes to the log, where Starlette re-raises it)."""
        return await api_error(request, ApiError(500, "internal_error", "internal error"))
