"""Ratings (issue 57): an openskill (Plackett-Luce) rating per account, per faction and
per bot or agent, over the rated games, and the leaderboard.

A finished game is rated when its seed came from the server and every seat is either
bound to an account or played by a bot or an agent (a seat played by a bare link has no
one to rate, so the game is not rated). The winners share the first place; the others
follow by their scores (equal scores share a place). Each seat's player is rated in one
match (accounts, and bots or agents by their kind), each seat's faction in another; a
player at several seats (an agent filling the free seats) is in the match once, at its
best place.

A game is rated once: the claim (its row in rated_games) and the new ratings are one
transaction, so two processes that both see the end rate it once.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa
from openskill.models import PlackettLuce
from sqlalchemy.engine import Engine

from rootlaw.server.accounts import accounts
from rootlaw.server.play.seats import faction_name

metadata = sa.MetaData()

ratings = sa.Table(
    "ratings", metadata,
    sa.Column("subject", sa.String(80), primary_key=True),  # account:<id>, faction:, bot:
    sa.Column("mu", sa.Float, nullable=False),
    sa.Column("sigma", sa.Float, nullable=False),
    sa.Column("games", sa.Integer, nullable=False),
    sa.Column("updated", sa.Float, nullable=False),
)

rated_games = sa.Table(
    "rated_games", metadata,
    sa.Column("game_id", sa.String(32), primary_key=True),
    sa.Column("at", sa.Float, nullable=False),
)

KINDS = ("account", "faction", "bot")
RETRIES = 3  # a new subject's row made meanwhile by another process: rate again
SHOWN = 100  # rows of each leaderboard


@dataclass(frozen=True)
class Seat:
    player: str   # "account:<id>" or "bot:<kind>"
    faction: str  # "faction:<id>"
    rank: int     # 0 = first


def places(scores: dict[str, Any], winners: list[str], seats: list[str]) -> dict[str, int]:
    """Each seat's place: the winners first, then by score (equal scores share one)."""
    won = set(winners)
    others = sorted({_vp(scores.get(s)) for s in seats if s not in won}, reverse=True)
    return {s: 0 if s in won else 1 + others.index(_vp(scores.get(s))) for s in seats}


def _vp(value: Any) -> float:
    return float(value) if isinstance(value, (int, float)) else 0.0


def ordinal(mu: float, sigma: float) -> float:
    return mu - 3 * sigma  # the conservative estimate the leaderboard sorts by


class Ratings:
    def __init__(self, engine: Engine, clock: Callable[[], float]) -> None:
        self.engine, self.clock = engine, clock
        self.model = PlackettLuce()
        metadata.create_all(engine)

    def rate(self, game_id: str, seats: list[Seat]) -> bool:
        """Rate a finished game once; False if it was rated already."""
        for attempt in range(RETRIES):
            try:
                return self._rate(game_id, seats)
            except sa.exc.IntegrityError:
                if attempt == RETRIES - 1:
                    raise
        return False

    def _rate(self, game_id: str, seats: list[Seat]) -> bool:
        now = self.clock()
        with self.engine.begin() as conn:
            claimed = conn.execute(sa.select(rated_games.c.game_id)
                                   .where(rated_games.c.game_id == game_id)).first()
            if claimed is not None:
                return False
            conn.execute(rated_games.insert().values(game_id=game_id, at=now))
            for key in ("player", "faction"):
                best: dict[str, int] = {}  # an agent kind at several seats: once, its best
                for seat in seats:
                    subject = getattr(seat, key)
                    best[subject] = min(seat.rank, best.get(subject, seat.rank))
                self._match(conn, list(best), list(best.values()), now)
        return True

    def _match(self, conn: sa.Connection, subjects: list[str], ranks: list[int],
               now: float) -> None:
        rows = {r.subject: r for r in conn.execute(
            sa.select(ratings).where(ratings.c.subject.in_(subjects))).all()}
        teams = [[self.model.create_rating([rows[s].mu, rows[s].sigma]) if s in rows
                  else self.model.rating()] for s in subjects]
        rated = self.model.rate(teams, ranks=[float(r) for r in ranks])
        for subject, [new] in zip(subjects, rated, strict=True):
            if subject in rows:
                conn.execute(ratings.update().where(ratings.c.subject == subject).values(
                    mu=new.mu, sigma=new.sigma, games=rows[subject].games + 1,
                    updated=now))
            else:
                conn.execute(ratings.insert().values(subject=subject, mu=new.mu,
                                                     sigma=new.sigma, games=1, updated=now))

    def is_rated(self, game_id: str) -> bool:
        with self.engine.connect() as conn:
            return conn.execute(sa.select(rated_games.c.game_id)
                                .where(rated_games.c.game_id == game_id)).first() is not None

    def board(self) -> dict[str, list[dict[str, Any]]]:
        """The leaderboards: accounts, factions, bots and agents, best first."""
        with self.engine.connect() as conn:
            rows = conn.execute(sa.select(ratings)).all()
            ids = [int(r.subject.split(":", 1)[1]) for r in rows
                   if r.subject.startswith("account:")]
            names = {int(r.id): str(r.name) for r in conn.execute(
                sa.select(accounts.c.id, accounts.c.name).where(accounts.c.id.in_(ids)))}
        out: dict[str, list[dict[str, Any]]] = {k: [] for k in KINDS}
        for r in rows:
            kind, _, rest = r.subject.partition(":")
            name = (names.get(int(rest), "?") if kind == "account"
                    else faction_name(rest) if kind == "faction" else rest)
            out[kind].append({"name": name, "mu": round(r.mu, 3), "sigma": round(r.sigma, 3),
                              "ordinal": round(ordinal(r.mu, r.sigma), 3),
                              "games": r.games})
        for kind in KINDS:
            out[kind] = sorted(out[kind], key=lambda x: -x["ordinal"])[:SHOWN]
        return out
