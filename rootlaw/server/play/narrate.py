"""The play log as a seat may read it: the shared narrator (rootlaw.narrate), which the
terminal's `rootlaw play` uses too, so the web log and the terminal tell the same story."""
from __future__ import annotations

from rootlaw.narrate import narrate, turn_header

__all__ = ["narrate", "turn_header"]
