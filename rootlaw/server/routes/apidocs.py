"""/api/docs: the OpenAPI docs with Swagger UI served from a package (fastapi-offline
ships Swagger UI 5, which reads FastAPI's OpenAPI 3.1), so they work offline and under
the page's content security policy (no CDN, no inline script: the page's own script is
/static/js/apidocs.js)."""
from __future__ import annotations

from pathlib import Path

import fastapi_offline
from fastapi import APIRouter
from fastapi.responses import FileResponse, HTMLResponse

from rootlaw.server.errors import ApiError

router = APIRouter()
ASSETS = {"swagger-ui.css": "text/css", "swagger-ui-bundle.js": "text/javascript",
          "favicon.png": "image/png"}
STATIC = Path(fastapi_offline.__file__).parent / "static"
PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>rootlaw API</title>
<link rel="stylesheet" href="/api/docs/assets/swagger-ui.css">
<link rel="icon" href="/static/favicon.svg"></head>
<body><div id="swagger-ui"></div>
<script src="/api/docs/assets/swagger-ui-bundle.js"></script>
<script src="/static/js/apidocs.js"></script></body></html>
"""


@router.get("/api/docs", include_in_schema=False, response_class=HTMLResponse)
def docs() -> str:
    return PAGE


@router.get("/api/docs/assets/{name}", include_in_schema=False)
def asset(name: str) -> FileResponse:
    """Swagger UI's files, from the installed fastapi-offline package."""
    if name not in ASSETS:
        raise ApiError(404, "unknown_asset", f"no asset {name!r}", "name")
    return FileResponse(STATIC / name, media_type=ASSETS[name],
                        headers={"Cache-Control": "public, max-age=86400"})
