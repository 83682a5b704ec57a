"""Options and decisions: the values the engine offers and takes.

An Option is a small immutable tuple ``(verb, *args)`` with a readable ``str()``;
it compares equal to the plain tuple, so ``game.apply(("end",))`` works too.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rootlaw.core.catalog import deck

_Formatter = Callable[[tuple[Any, ...]], str]
_FORMATS: dict[str, _Formatter] = {}


def card_name(card_id: str) -> str:
    card = deck("standard").cards.get(card_id)
    return card.name if card else card_id.replace("_", " ").title()


def text_form(verb: str, fmt: str) -> None:
    """Register how options of ``verb`` read, e.g. ``text_form("move", "move {1} -> {2}")``.

    Placeholders index the option tuple; ``{c1}`` shows element 1 as a card name.
    """

    def render(opt: tuple[Any, ...]) -> str:
        out = fmt
        for i in range(len(opt) - 1, 0, -1):
            val = opt[i]
            if f"{{c{i}}}" in out:
                out = out.replace(f"{{c{i}}}", card_name(val) if isinstance(val, str) else str(val))
            out = out.replace(f"{{{i}}}", str(val))
        return out

    _FORMATS[verb] = render


class Option(tuple[Any, ...]):
    """One legal choice: ``(verb, *args)``. Immutable, hashable, JSON-able as a list."""

    __slots__ = ()

    @property
    def verb(self) -> str:
        return str(self[0])

    def __str__(self) -> str:
        fmt = _FORMATS.get(self[0])
        if fmt is not None:
            return fmt(self)
        return " ".join(str(x) for x in self)

    def __repr__(self) -> str:
        return f"Option{tuple.__repr__(self)}"


def opt(*parts: Any) -> Option:
    return tuple.__new__(Option, parts)


class Decision:
    """Who must decide now, what kind of choice, and the legal options."""

    __slots__ = ("seat", "kind", "rule", "options", "_prompt")

    def __init__(self, seat: str, kind: str, rule: str, options: list[Option],
                 prompt: Callable[[], str] | str) -> None:
        self.seat = seat
        self.kind = kind
        self.rule = rule
        self.options = options
        self._prompt = prompt

    @property
    def prompt(self) -> str:
        p = self._prompt
        if not isinstance(p, str):
            p = self._prompt = p()
        return p

    def to_dict(self, with_options: bool = True) -> dict[str, Any]:
        out: dict[str, Any] = {"seat": self.seat, "kind": self.kind, "rule": self.rule,
                               "prompt": self.prompt}
        if with_options:
            out["options"] = [list(o) for o in self.options]
            out["labels"] = [str(o) for o in self.options]
        return out

    def __repr__(self) -> str:
        return f"Decision({self.seat}, {self.kind}, {len(self.options)} options)"
