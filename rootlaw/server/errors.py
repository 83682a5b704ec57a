"""One error shape for the whole API: {"error": {"status", "code", "message", "param"}}."""
from __future__ import annotations

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, Response
from starlette.exceptions import HTTPException as StarletteHTTPException

from rootlaw.server.pages import error_page


class ApiError(Exception):
    """A client error with a stable machine-readable code."""

    def __init__(self, status: int, code: str, message: str, param: str | None = None) -> None:
        super().__init__(message)
        self.status, self.code, self.message, self.param = status, code, message, param

    def body(self) -> dict[str, object]:
        err: dict[str, object] = {"status": self.status, "code": self.code,
                                  "message": self.message}
        if self.param:
            err["param"] = self.param
        return {"error": err}


def _is_api(request: Request) -> bool:
    return request.url.path.startswith("/api/") or request.url.path == "/api"


def install(app: FastAPI) -> None:
    """Register handlers so every error, ours or the framework's, has the same shape."""

    @app.exception_handler(ApiError)
    async def api_error(request: Request, exc: ApiError) -> Response:
        if _is_api(request):
            return JSONResponse(exc.body(), status_code=exc.status)
        return HTMLResponse(error_page(exc.status, exc.message), status_code=exc.status)

    @app.exception_handler(RequestValidationError)
    async def validation_error(request: Request, exc: RequestValidationError) -> Response:
        first = exc.errors()[0] if exc.errors() else {}
        loc = [str(p) for p in first.get("loc", ()) if p not in ("query", "path", "body")]
        err = ApiError(400, "bad_request", first.get("msg", "invalid request"),
                       ".".join(loc) or None)
        return await api_error(request, err)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> Response:
        codes = {404: "not_found", 405: "method_not_allowed"}
        message = {404: "no such page"}.get(exc.status_code, str(exc.detail))
        err = ApiError(exc.status_code, codes.get(exc.status_code, "http_error"), message)
        return await api_error(request, err)
