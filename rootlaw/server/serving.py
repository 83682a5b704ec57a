"""How the app is served: uvicorn (httptools and uvloop when installed, as they are with
rootlaw), WebSocket messages bounded, no per-message compression (every state would be
compressed once per watcher), logs without tokens (logs.py), and ``--workers N``
processes sharing one PostgreSQL store.
"""
from __future__ import annotations

import gc
import os
from typing import Any

import uvicorn
from fastapi import FastAPI
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

from rootlaw.server.app import create_app
from rootlaw.server.logs import log_config

WS_MAX_SIZE = 64 * 1024  # a client only ever sends "ping"
ENV_DB, ENV_DELAY = "ROOTLAW_SERVE_DB", "ROOTLAW_SERVE_AGENT_DELAY"  # to worker processes


class WebSocketProtocol(WebSocketsSansIOProtocol):
    """uvicorn's WebSocket protocol, sending the answer to a handshake it cannot parse
    (414 for a request line over 8 KB, 400 for too many headers...) and closing the
    connection, which uvicorn's own leaves open and unanswered."""

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        if self.handshake_initiated or self.conn.handshake_exc is None \
                or self.transport.is_closing():
            return
        answer = b"".join(self.conn.data_to_send())  # websockets' refusal, if it made one
        if not answer:
            answer = self.conn.reject(400, "Failed to open a WebSocket connection: "
                                           "invalid HTTP request.\n").serialize()
        self.transport.write(answer)
        self.transport.close()


GC_THRESHOLD = 20_000  # allocations between young collections (Python's default: 700)


def tune_gc() -> None:
    """Collect garbage less often: every move allocates thousands of short-lived
    objects (views, states), and the default threshold spent a sixth of the server's
    CPU in collections; what start-up loaded is frozen out of them."""
    gc.freeze()
    gc.set_threshold(GC_THRESHOLD, 20, 50)


def options(log_level: str = "info") -> dict[str, Any]:
    """uvicorn's settings for rootlaw (serve() and tests' BackgroundServer alike)."""
    return {"ws": WebSocketProtocol, "ws_max_size": WS_MAX_SIZE,
            "ws_per_message_deflate": False, "log_config": log_config(log_level),
            "log_level": log_level, "lifespan": "on"}


def app_from_env() -> FastAPI:
    """The app of one worker process (its settings come through the environment)."""
    app = create_app(os.environ[ENV_DB], float(os.environ.get(ENV_DELAY, "0.8")))
    tune_gc()
    return app


def serve(host: str = "127.0.0.1", port: int = 8000, db: str | None = None,
          agent_delay: float = 0.8, workers: int = 1) -> None:
    """Run the app until interrupted; ``workers`` > 1 needs PostgreSQL (the store and
    its notifications are what the processes share)."""
    from rootlaw.server.migrate import upgrade
    from rootlaw.server.play.store import default_url, normalize_url

    url = db or default_url()
    if workers < 1:
        raise ValueError("--workers must be at least 1")
    if workers > 1 and not normalize_url(url).startswith("postgresql"):
        raise ValueError("--workers needs games in PostgreSQL (--db postgresql://...): "
                         "the processes share the store and hear each other through it")
    upgrade(url)  # the schema's migrations, once, before any worker opens the database
    if workers == 1:
        app = create_app(url, agent_delay)
        tune_gc()
        uvicorn.run(app, host=host, port=port, **options())
        return
    os.environ[ENV_DB], os.environ[ENV_DELAY] = url, str(agent_delay)
    uvicorn.run(f"{__name__}:app_from_env", factory=True, host=host, port=port,
                workers=workers, **options())
