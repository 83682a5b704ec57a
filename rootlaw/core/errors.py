"""Typed errors: every refusal names the problem and, where there is one, the rule."""
from __future__ import annotations


class RootlawError(Exception):
    """Base class of every error rootlaw raises on purpose."""


class IllegalAction(RootlawError, ValueError):
    """An option that is not legal now. The game is left exactly as it was."""

    def __init__(self, message: str, rule: str = "") -> None:
        self.rule = rule
        super().__init__(f"{rule} {message}".strip() if rule else message)


class SetupError(RootlawError, ValueError):
    """Bad arguments to new_game (unknown faction, map or deck, bad player count)."""


class LoadError(RootlawError, ValueError):
    """A malformed or inconsistent saved game."""
