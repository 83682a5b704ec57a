"""rootlaw's web app: `rootlaw serve` -> serve(); tests and scripts -> create_app()."""
from __future__ import annotations

from rootlaw.server.app import create_app


def serve(host: str = "127.0.0.1", port: int = 8000) -> None:
    """Run the app with uvicorn until interrupted."""
    import uvicorn

    uvicorn.run(create_app(), host=host, port=port, log_level="info")


__all__ = ["create_app", "serve"]
