"""The public lobby (issue 57): games opened by an account, waiting for people to take
their free seats; the host starts one when it is full, or fills the free seats with an
agent. Its rows live in the games' database beside the accounts (every worker sees the
same lobby), and every change names the version it read, so two people can never take
one seat, nor two clicks start one game twice.

An entry keeps the game's create request (newgame.parse_create checks it when the entry
is opened, and again at the start); its people's seats ("human") are the free seats.
Nothing hidden exists before the start: the seed is drawn by the server then.
"""
from __future__ import annotations

import re
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Engine

from rootlaw.server.accounts import accounts
from rootlaw.server.errors import ApiError
from rootlaw.server.inputs import shown
from rootlaw.server.play import newgame
from rootlaw.server.play.seats import AGENT, HUMAN, agent_names, faction_name

metadata = sa.MetaData()

lobby = sa.Table(
    "lobby", metadata,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("host", sa.Integer, nullable=False),
    sa.Column("body", sa.JSON, nullable=False),      # the game's create request
    sa.Column("seats", sa.JSON, nullable=False),     # seat -> {"kind", "account"}
    sa.Column("pace", sa.JSON, nullable=True),       # the game's deadlines (pace.py)
    sa.Column("status", sa.String(10), nullable=False),  # open, starting, started
    sa.Column("game", sa.String(32), nullable=True),     # the started game's id
    sa.Column("version", sa.Integer, nullable=False),
    sa.Column("created", sa.Float, nullable=False),
)

OPEN, STARTING, STARTED = "open", "starting", "started"
LISTED = 100   # open entries listed, newest first
SERVER_FIELDS = ("seed", "hotseat", "seats")  # the lobby's own: no seed, seats by joining
ENTRY_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")


@dataclass
class Entry:
    id: str
    host: int
    body: dict[str, Any]
    seats: dict[str, dict[str, Any]]
    pace: dict[str, Any] | None
    status: str
    game: str | None
    version: int
    created: float

    def free(self) -> list[str]:
        return [s for s, v in self.seats.items()
                if v["kind"] == HUMAN and v.get("account") is None]

    def holds(self, account: int) -> str | None:
        return next((s for s, v in self.seats.items() if v.get("account") == account), None)

    def create_body(self, fill: str | None) -> dict[str, Any]:
        """The create request of the game: the free seats (if any) played by ``fill``."""
        kinds = {s: (fill if fill and v["kind"] == HUMAN and v.get("account") is None
                     else v["kind"]) for s, v in self.seats.items()}
        return {**self.body, "seats": kinds}

    def owners(self) -> dict[str, int]:
        return {s: int(v["account"]) for s, v in self.seats.items()
                if v.get("account") is not None}


def parse_game(game: Any) -> tuple[dict[str, Any], newgame.NewGame]:
    """A lobby game's create request, and the same checked as a create is."""
    if not isinstance(game, dict):
        raise ApiError(422, "bad_request", "game must be a JSON object: the create "
                       "request of POST /api/games", "game")
    for name in SERVER_FIELDS[:2]:
        if name in game:
            raise ApiError(422, "bad_request", f"a lobby game takes no {name}: the server "
                           "draws the seed, people join from the lobby", "game")
    request = newgame.parse_create(game)
    if HUMAN not in request.kinds.values():
        raise ApiError(422, "no_free_seat", "a lobby game needs a seat for a person "
                       "(\"human\")", "game")
    return dict(game), request


def check_fill(fill: Any) -> str | None:
    if fill is None:
        return None
    if not isinstance(fill, str) or fill.removeprefix(AGENT) not in agent_names() \
            or not fill.startswith(AGENT):
        raise ApiError(422, "bad_fill", f"fill {shown(fill)} must be an agent: "
                       f"{', '.join(AGENT + a for a in agent_names())}", "fill")
    return fill


class Lobby:
    """The lobby's table on ``engine`` (the games' database)."""

    def __init__(self, engine: Engine, clock: Callable[[], float]) -> None:
        self.engine, self.clock = engine, clock
        metadata.create_all(engine)

    def open(self, host: int, body: dict[str, Any], kinds: dict[str, str],
             seat: str | None, pace: dict[str, Any] | None) -> Entry:
        """A new entry; the host takes ``seat`` (default: the first free one)."""
        seats: dict[str, dict[str, Any]] = {s: {"kind": k, "account": None}
                                            for s, k in kinds.items()}
        take = seat if seat is not None else next(s for s, k in kinds.items() if k == HUMAN)
        if seats.get(take, {}).get("kind") != HUMAN:
            raise ApiError(422, "bad_seat", f"seat {shown(take)} is not a free seat of "
                           "this game", "seat")
        seats[take]["account"] = host
        entry = Entry(secrets.token_urlsafe(9), host, body, seats, pace, OPEN, None, 0,
                      self.clock())
        with self.engine.begin() as conn:
            conn.execute(lobby.insert().values(
                id=entry.id, host=host, body=body, seats=seats, pace=pace, status=OPEN,
                game=None, version=0, created=entry.created))
        return entry

    def get(self, entry_id: str) -> Entry:
        if not ENTRY_ID.fullmatch(entry_id):
            raise ApiError(404, "unknown_entry", f"no lobby game {shown(entry_id)}", "id")
        with self.engine.connect() as conn:
            row = conn.execute(sa.select(lobby).where(lobby.c.id == entry_id)).first()
        if row is None:
            raise ApiError(404, "unknown_entry", f"no lobby game {shown(entry_id)}", "id")
        return _entry(row)

    def listed(self, account: int | None) -> list[Entry]:
        """The open entries, and those ``account`` sits in (started ones too)."""
        query = sa.select(lobby).where(lobby.c.status == OPEN).order_by(
            lobby.c.created.desc()).limit(LISTED)
        with self.engine.connect() as conn:
            rows = [_entry(r) for r in conn.execute(query).all()]
            if account is not None:
                mine = sa.select(lobby).where(lobby.c.status != OPEN).order_by(
                    lobby.c.created.desc()).limit(LISTED)
                rows += [e for e in (_entry(r) for r in conn.execute(mine).all())
                         if e.holds(account) is not None]
        return rows

    def names(self, entries: list[Entry]) -> dict[int, str]:
        ids = {e.host for e in entries} | {int(v["account"]) for e in entries
                                          for v in e.seats.values() if v.get("account")}
        if not ids:
            return {}
        with self.engine.connect() as conn:
            rows = conn.execute(sa.select(accounts.c.id, accounts.c.name)
                                .where(accounts.c.id.in_(ids))).all()
        return {int(r.id): str(r.name) for r in rows}

    def join(self, entry_id: str, account: int, seat: Any) -> Entry:
        """Take ``seat`` (default: the first free one) of an open entry."""
        if seat is not None and not isinstance(seat, str):
            raise ApiError(422, "bad_request", "seat must be a seat's name", "seat")
        entry = self.get(entry_id)
        if entry.status != OPEN:
            raise ApiError(409, "already_started", "this game has started", "id")
        if entry.holds(account) is not None:
            raise ApiError(409, "account_has_seat", "you hold a seat of this game "
                           "already", "seat")
        free = entry.free()
        if not free:
            raise ApiError(409, "no_free_seat", "every seat of this game is taken", "seat")
        take = free[0] if seat is None else seat
        if take not in free:
            raise ApiError(409, "seat_taken", f"seat {shown(take)} is not free", "seat")
        seats = {**entry.seats, take: {**entry.seats[take], "account": account}}
        self._change(entry, seats=seats)
        return entry

    def leave(self, entry_id: str, account: int) -> Entry:
        """Give back one's seat of an open entry (the host cannot: it closes it)."""
        entry = self.get(entry_id)
        seat = entry.holds(account)
        if entry.status != OPEN or seat is None:
            raise ApiError(409, "not_seated", "you hold no seat of this open game", "id")
        if account == entry.host:
            raise ApiError(409, "host_cannot_leave", "the host closes the game instead",
                           "id")
        seats = {**entry.seats, seat: {**entry.seats[seat], "account": None}}
        self._change(entry, seats=seats)
        return entry

    def claim(self, entry_id: str, account: int, fill: str | None) -> Entry:
        """The host's start: the entry taken from the lobby (STARTING) by one request."""
        entry = self.get(entry_id)
        if entry.host != account:
            raise ApiError(403, "not_host", "only the host starts the game", "id")
        if entry.status != OPEN:
            raise ApiError(409, "already_started", "this game has started", "id")
        if entry.free() and fill is None:
            raise ApiError(409, "seats_open", f"{len(entry.free())} seat(s) are free: "
                           "wait for people, or fill them with an agent (fill)", "fill")
        self._change(entry, status=STARTING)
        return entry

    def started(self, entry: Entry, game: str | None) -> None:
        """The claimed entry's game (None: its start failed, the entry opens again)."""
        status = STARTED if game is not None else OPEN
        self._change(entry, status=status, game=game)  # claimed: no one else changes it

    def _change(self, entry: Entry, **values: Any) -> None:
        """Write ``values`` over the entry if no one changed it since it was read (its
        version), and into ``entry``; 409 otherwise, nothing written."""
        with self.engine.begin() as conn:
            done = conn.execute(lobby.update().where(lobby.c.id == entry.id,
                                                     lobby.c.version == entry.version)
                                .values(version=entry.version + 1, **values))
        if done.rowcount != 1:
            raise ApiError(409, "stale_version", "the lobby game changed meanwhile; "
                           "retry", "id")
        for name, value in values.items():
            setattr(entry, name, value)
        entry.version += 1


def _entry(row: Any) -> Entry:
    return Entry(row.id, int(row.host), row.body, row.seats, row.pace, row.status, row.game,
                 int(row.version), float(row.created))


def shown_entry(e: Entry, names: dict[int, str], account: int | None) -> dict[str, Any]:
    """An entry as the lobby lists it: only what the create request says (public)."""
    b = e.body
    return {"id": e.id, "host": names.get(e.host, "?"), "status": e.status,
            "game": f"/games/{e.game}" if e.game and e.holds(account or -1) else None,
            "seats": [{"seat": s, "name": faction_name(s), "kind": v["kind"],
                       "player": names.get(int(v["account"])) if v.get("account") else None}
                      for s, v in e.seats.items()],
            "free": len(e.free()), "map": b.get("map", "fall"),
            "deck": b.get("deck", "standard"), "rules": b.get("rules", "law"),
            "setup": b.get("setup", "standard"), "hirelings": b.get("hirelings"),
            "landmarks": b.get("landmarks"), "pace": e.pace, "created": e.created,
            "mine": account == e.host, "seated": e.holds(account or -1)}
