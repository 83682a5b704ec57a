"""rootlaw's web app: `rootlaw serve` -> serve(); tests and scripts -> create_app()."""
from __future__ import annotations

from rootlaw.server.app import create_app


def serve(host: str = "127.0.0.1", port: int = 8000, db: str | None = None,
          agent_delay: float = 0.8) -> None:
    """Run the app with uvicorn until interrupted (games in ``db``, see create_app)."""
    import uvicorn

    from rootlaw.server.play.store import default_url

    uvicorn.run(create_app(db or default_url(), agent_delay), host=host, port=port,
                log_level="info")


__all__ = ["create_app", "serve"]
