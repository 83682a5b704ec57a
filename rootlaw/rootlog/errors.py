"""The one error a Rootlog raises: where (line, column) and what was expected."""
from __future__ import annotations

from rootlaw.core.errors import RootlawError


class RootlogError(RootlawError, ValueError):
    """Bad Rootlog input (or a game the notation cannot record): ``line`` and ``column``
    are 1-based (0 when the problem is not at one place), ``message`` says what was
    expected."""

    def __init__(self, message: str, line: int = 0, column: int = 0) -> None:
        self.message = message
        self.line = line
        self.column = column
        where = f"line {line}, column {column}: " if line else ""
        super().__init__(where + message)
