"""A live game's views, each computed once.

A live game never changes (a change makes a new game), so the view built for one
message serves every other at that version: each watcher's push, the answer to the
move, later reads, and undo's check of what the move revealed. Whoever gets a view
must not change it (payload copies the top level before adding to it).
"""
from __future__ import annotations

from typing import Any

from rootlaw import Game


class Views:
    __slots__ = ("game", "_views")

    def __init__(self, game: Game) -> None:
        self.game = game
        self._views: dict[str | None, dict[str, Any]] = {}

    def __call__(self, seat: str | None) -> dict[str, Any]:
        """``game.view(seat)``, computed on first use."""
        view = self._views.get(seat)
        if view is None:
            view = self._views[seat] = self.game.view(seat)
        return view
