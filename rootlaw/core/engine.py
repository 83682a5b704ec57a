"""The step machine: the pending decision, ``apply`` and the loop of automatic steps."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rootlaw.core.errors import IllegalAction
from rootlaw.core.options import Decision, Option
from rootlaw.core.scoring import Scoring
from rootlaw.core.steps import STEPS, Step

if TYPE_CHECKING:
    from rootlaw.core.battle import Battle
    from rootlaw.core.game import Game


class Engine(Scoring):
    """The step machine (a layer of ``Game``)."""

    __slots__ = ()

    @property
    def decision(self) -> Decision | None:
        """The pending decision, or None once the game is over (a new object at each
        call)."""
        me: Game = self  # type: ignore[assignment]  # a layer of Game
        opts = self._options
        if opts is None:
            return None
        st = self._pending
        h = STEPS[st[0]]
        return Decision(self.factions[st[1]], h.kind, h.rule, opts, me, st)

    def legal_options(self) -> list[Option]:
        opts = self._options
        return opts if opts is not None else []

    def set_decision(self, st: Step, options: list[Option]) -> None:
        """Make step ``st`` (on top of the stack) ask its seat to choose among
        ``options`` (the engine's loop; a determinization's sample)."""
        self._options = options
        self._pending = st
        self._pending_h = None

    def apply(self, option: Any, advance: bool = True) -> None:
        """Take one option of the current decision; anything else raises IllegalAction.
        ``advance=False`` leaves the automatic steps after it to ``run_step``."""
        me: Game = self  # type: ignore[assignment]  # a layer of Game
        opts = self._options
        if opts is None:
            raise IllegalAction("the game is over: no decision is pending", "3.1")
        i = 0
        n = len(opts)
        for o in opts:  # an option given back as listed: no compare
            if o is option:
                break
            i += 1
        if i == n:
            try:
                i = opts.index(option)
            except ValueError:
                d = self.decision
                assert d is not None
                raise IllegalAction(self._why_illegal(option, d), d.rule) from None
        chosen = opts[i]
        st = self.stack.pop()
        seat: int = self._pending[1]
        self._log = (("d", self.factions[seat], chosen), self._log)
        self._options = None
        self.version += 1
        h = self._pending_h  # the handler that listed the options, when it is st's
        if h is None or st is not self._pending:
            h = STEPS[st[0]]
        h.apply(me, st, chosen)
        if advance:
            self._advance()

    def current_battle(self) -> Battle:
        """The battle in progress (4.3): steps of a battle run only during one."""
        b = self.battle
        if b is None:
            raise RuntimeError("no battle is in progress")
        return b

    def _why_illegal(self, option: Any, d: Decision) -> str:
        me: Game = self  # type: ignore[assignment]  # a layer of Game
        why = STEPS[self.stack[-1][0]].why_not(me, self.stack[-1], option)
        if why:
            return why
        return (f"{option!s} is not a legal option for {d.seat} now "
                f"({d.kind}: {d.prompt}); {len(d.options)} options are legal")

    def _advance(self) -> None:
        """Run automatic and single-option steps until a real choice or the end."""
        me: Game = self  # type: ignore[assignment]  # a layer of Game
        stack = self.stack
        steps = STEPS
        while not self.won:
            st = stack[-1]
            h = steps[st[0]]
            if h.auto:
                stack.pop()
                h.run(me, st)
                continue
            opts = h.options(me, st)
            if len(opts) == 1:
                stack.pop()
                h.apply(me, st, opts[0])
                continue
            if not opts:
                raise RuntimeError(f"step {st!r} offered no options")
            self._options = opts
            self._pending = st
            self._pending_h = h
            return
        self._options = None

    def run_step(self) -> bool:
        """One turn of ``_advance``'s loop, for viewers that show the automatic play
        between decisions (bots' turns) step by step, after ``new(advance=False)`` or
        ``apply(option, advance=False)``: run the next automatic or single-option step
        and return True; False once a real choice is pending (``decision`` is set) or
        the game is over. Stepping until False leaves the game as ``_advance`` would."""
        me: Game = self  # type: ignore[assignment]  # a layer of Game
        if self.won:
            self._options = None
            return False
        st = self.stack[-1]
        h = STEPS[st[0]]
        if h.auto:
            self.stack.pop()
            h.run(me, st)
            return True
        opts = h.options(me, st)
        if len(opts) == 1:
            self.stack.pop()
            h.apply(me, st, opts[0])
            return True
        if not opts:
            raise RuntimeError(f"step {st!r} offered no options")
        self._options = opts
        self._pending = st
        self._pending_h = h
        return False

