"""`rootlaw serve` in its own process on a free loopback port, its log in a file."""
from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import httpx

from rootlaw.server.background import free_port


@dataclass
class Served:
    url: str
    proc: subprocess.Popen[bytes]
    log: Path

    @property
    def port(self) -> int:
        return int(self.url.rsplit(":", 1)[1])

    def text(self) -> str:
        """Everything the server wrote so far (stdout and stderr)."""
        return self.log.read_text(errors="replace")


@contextmanager
def serve(folder: Path, db: str, *args: str, name: str = "server") -> Iterator[Served]:
    """Start `rootlaw serve --db DB ARGS`; stop it (SIGTERM) after the block."""
    port = free_port()
    log = folder / f"{name}.log"
    with log.open("wb") as out:
        proc = subprocess.Popen([sys.executable, "-m", "rootlaw.cli", "serve", "--port",
                                 str(port), "--db", db, "--agent-delay", "0", *args],
                                stdout=out, stderr=subprocess.STDOUT,
                                env={**os.environ, "PYTHONUNBUFFERED": "1"})
        url = f"http://127.0.0.1:{port}"
        try:
            deadline = time.monotonic() + 90  # a busy machine: workers start slowly
            while True:
                try:
                    if httpx.get(url + "/api/health", timeout=1).status_code == 200:
                        break
                except httpx.TransportError:
                    pass
                assert proc.poll() is None, log.read_text()
                assert time.monotonic() < deadline, "the server did not start"
                time.sleep(0.1)
            yield Served(url, proc, log)
        finally:
            proc.terminate()
            try:
                proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
