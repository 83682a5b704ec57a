"""Run the app in a background thread on a free loopback port (tests, screenshot script)."""
from __future__ import annotations

import socket
import threading
import time
from collections.abc import Callable
from types import TracebackType

import uvicorn
from argon2 import PasswordHasher

from rootlaw.server.app import create_app
from rootlaw.server.play.notify import MailConfig
from rootlaw.server.serving import options


def free_port(host: str = "127.0.0.1") -> int:
    with socket.socket() as s:
        s.bind((host, 0))
        return int(s.getsockname()[1])


class BackgroundServer:
    """`with BackgroundServer() as url:` serves the app at `url` until the block ends."""

    def __init__(self, host: str = "127.0.0.1", port: int | None = None,
                 db: str | None = None, agent_delay: float = 0.0,
                 clock: Callable[[], float] = time.time,
                 hasher: PasswordHasher | None = None, mail: MailConfig | None = None
                 ) -> None:
        self.host, self.port = host, port or free_port(host)
        self.app = create_app(db, agent_delay, clock, hasher, mail)
        config = uvicorn.Config(self.app, host=self.host, port=self.port,
                                **options("warning"))
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    @property
    def url(self) -> str:
        return f"http://{self.host}:{self.port}"

    def __enter__(self) -> str:
        self.thread.start()
        deadline = time.monotonic() + 10
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("the web server did not start")
            time.sleep(0.02)
        return self.url

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=5)
