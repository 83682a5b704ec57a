"""Victory points, the hiring markers they take (E.1) and victory (3.1, 3.3, 9.2.8)."""
from __future__ import annotations

from rootlaw.core.hired import Hire
from rootlaw.core.pieces import Pieces
from rootlaw.core.state import WIN_SCORE


class Scoring(Pieces):
    """Victory points and victory (a layer of ``Game``)."""

    __slots__ = ()

    # ------------------------------------------------------------ the contract
    @property
    def is_over(self) -> bool:
        return bool(self.won)

    @property
    def scores(self) -> dict[str, int]:
        """Faction id -> victory points."""
        return dict(zip(self.factions, self.vp, strict=True))

    @property
    def winners(self) -> list[str]:
        """Faction ids of the winners; empty until the game is over."""
        return list(self.won)

    # ------------------------------------------------------------------ score
    def score(self, s: int, n: int, reason: str) -> None:
        """Score (or lose) VP. A player with an activated dominance card cannot (3.3.1);
        a hireling (an owner index beyond the seats) scores nothing, so its controller
        scores nothing for what it removes (E.3.6)."""
        if n == 0 or s >= len(self.vp) or self.dominance[s] is not None:
            return
        old = self.vp[s]
        new = max(0, old + n)  # the track has no spaces below 0 (rulings.md)
        if new == old:
            return
        self._log = (("s", self.factions[s], new - old, reason), self._log)
        self.vp[s] = new
        hire = self.hire
        if hire is not None and new > old and hire.track:
            self._take_hiring_markers(hire, s, old, new)
        if new >= self.ruleset.win_score:
            self.check_victory()

    def _take_hiring_markers(self, hire: Hire, s: int, old: int, new: int) -> None:
        """E.1.1: the score marker entered the space of a hiring marker (reaching it or
        moving past it, rulings.md): s takes the marker, to hire at the end of its
        turn (core/hire.py)."""
        taken: list[int] = []
        for m in hire.track:
            if old < m <= new:
                taken.append(m)
        if taken:
            hire.track = tuple(m for m in hire.track if m not in taken)
            hire.pending[s] = hire.pending[s] + len(taken)
            self._log = (("hiring_marker", self.factions[s], taken), self._log)

    def check_victory(self) -> None:
        """3.1: 30 VP (the rule set's score) wins at once; if several reach it together,
        the player taking the turn."""
        if self.won:
            return
        if self.setup.get("cooperative"):
            self._check_cooperative_victory()
            return
        win = self.ruleset.win_score
        reached = [s for s in range(len(self.factions))
                   if self.vp[s] >= win and self.dominance[s] is None]
        if not reached:
            return
        n = len(self.factions)
        order = [(self.turn_seat + i) % n for i in range(n)]
        winner = next(s for s in order if s in reached)
        self.win(winner, "points")

    def _check_cooperative_victory(self) -> None:
        """Rootbotics, Fully Cooperative Play: the humans win together when each has
        30 VP before any bot does; a bot reaching 30 wins for all the bots."""
        bots = [s for s, fd in enumerate(self.fdefs) if fd.is_bot]
        humans = [s for s, fd in enumerate(self.fdefs) if not fd.is_bot]
        if any(self.vp[s] >= WIN_SCORE for s in bots):
            self.won = tuple(self.factions[s] for s in bots)
            self.win_reason = "bots"
        elif all(self.vp[s] >= WIN_SCORE for s in humans):
            self.won = tuple(self.factions[s] for s in humans)
            self.win_reason = "cooperative"
        else:
            return
        self._log = (("w", ",".join(self.won), self.win_reason), self._log)

    def win(self, s: int, reason: str) -> None:
        """s wins; a Vagabond in a coalition with s wins too (9.2.8)."""
        if not self.won:
            partners = [v for v, p in enumerate(self.coalition) if p == s]
            self.won = tuple(self.factions[x] for x in [s, *partners])
            self.win_reason = reason
            self._log = (("w", self.factions[s], reason), self._log)

