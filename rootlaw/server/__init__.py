"""rootlaw's web app: `rootlaw serve` -> serve(); tests and scripts -> create_app()."""
from __future__ import annotations

from rootlaw.server.app import create_app
from rootlaw.server.serving import serve

__all__ = ["create_app", "serve"]
