"""The server owns the games: live games in memory, one lock each, stored on every change.

Every change (an action, an undo, an agent's move) happens under the game's lock,
is written to the store with the version it expects, and only then becomes the live
game; then every connected seat is sent its own new state (built and encoded once per
seat and version, and shared by the answer, the WebSockets and later reads). Agents
move by themselves after a short delay; Rootbotics bots move inside the engine.

Several processes may serve one PostgreSQL store: each keeps its own live games,
hears the others' changes (play/fanout.py) and catches up from the store before it
answers; the version check in the store keeps any two writers from both winning.
"""
from __future__ import annotations

import asyncio
import hmac
import logging
import re
import secrets
import time
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

from anyio import to_thread
from argon2 import PasswordHasher

from rootlaw import Game, IllegalAction, LoadError
from rootlaw.agents.base import TurnBudget, decide
from rootlaw.core.options import Option
from rootlaw.server.accounts import Accounts
from rootlaw.server.errors import ApiError
from rootlaw.server.inputs import digest, option_value, shown
from rootlaw.server.play import fanout, newgame, payload, seats
from rootlaw.server.play.lobby import Lobby
from rootlaw.server.play.mine import Feeds, listing
from rootlaw.server.play.notify import REMIND_FRACTION, MailConfig, Notifier
from rootlaw.server.play.ratings import Ratings, places
from rootlaw.server.play.ratings import Seat as RatedSeat
from rootlaw.server.play.store import Request, Store, Written, default_url
from rootlaw.server.play.undo import plan_undo
from rootlaw.server.play.views import Views

log = logging.getLogger("rootlaw.play")
MAX_LIVE = 256  # games kept in memory (idle ones beyond this are dropped, then reloaded)
GAME_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")
T = TypeVar("T")
REQUEST_DAYS = 7  # idempotency keys are kept this long (a retry comes within minutes)


class Sender(Protocol):
    async def send_text(self, data: str) -> None: ...

    async def close(self, code: int = 1000, reason: str | None = None) -> None: ...


# the most seconds of pauses one turn of computer players spends (see LiveGame.pause)
PAUSE_PER_TURN = 3.0


@dataclass
class LiveGame:
    id: str
    game: Game
    kinds: dict[str, str]            # faction -> "human" | "bot" | "agent:<name>"
    hashes: dict[str, str]           # faction -> sha256 of its token (people only)
    version: int
    client_seed: bool = False        # the creator chose the seed (hotseat, tests)
    owners: dict[str, int] = field(default_factory=dict)  # bound seat -> account id
    decisions: int = 0               # decisions in the game's record
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    watchers: dict[asyncio.Event, str | None] = field(default_factory=dict)  # -> seat
    # the account each socket was opened by, and the sockets a binding shut out
    watcher_accounts: dict[asyncio.Event, int | None] = field(default_factory=dict)
    evicted: set[asyncio.Event] = field(default_factory=set)
    agent_task: asyncio.Task[None] | None = None
    # the computer seats' decisions in the current turn (agents are built again at each
    # decision, so the count is kept here: agents.base.TURN_BUDGET), and the pauses
    # spent on the turn so far: (turn, seconds)
    budget: TurnBudget = field(default_factory=TurnBudget)
    paused: tuple[int, float] = (-1, 0.0)
    views: Views = field(init=False)  # the game's views, each built once
    before: Views | None = None      # the game before its latest decision (undo's check)
    behind: bool = False             # another process changed it; caught up on next use
    _encoded: dict[str | None, str] = field(default_factory=dict)  # this version, per seat
    clock: Callable[[], float] = time.time  # the server's (Hub.clock): when moves are made
    pace: dict[str, Any] | None = None  # the seconds a seat has to decide (play/pace.py)
    # (seat, turn): a seat whose time ran out, its turn played by the pace's agent
    stand_in: tuple[str, int] | None = None
    told: str | None = None  # the seat last told "your turn" (told once a turn passes)

    def __post_init__(self) -> None:
        self.decisions = sum(1 for e in self.game.log if e[0] == "d")
        self.views = Views(self.game)

    def become(self, game: Game, version: int, decisions: int,
               before: Views | None = None) -> None:
        """The game after a change (or as the store now has it); ``before``: the views
        of the game before that change when the change was one decision."""
        self.game, self.version, self.decisions = game, version, decisions
        self.views, self.before, self._encoded = Views(game), before, {}

    def stored_seats(self) -> dict[str, dict[str, Any]]:
        """The store's seats column: each seat's kind, token hash and account."""
        return {f: {"kind": k, "token_hash": self.hashes.get(f),
                    **({"account": self.owners[f]} if f in self.owners else {})}
                for f, k in self.kinds.items()}

    def state(self, seat: str | None) -> dict[str, Any]:
        return payload.state(self.id, self.views, self.version, seat, self.kinds,
                             self.client_seed, self.before)

    def encoded(self, seat: str | None) -> str:
        """This seat's state as JSON text, built once per version."""
        text = self._encoded.get(seat)
        if text is None:
            text = self._encoded[seat] = payload.encode(self.state(seat)).decode()
        return text

    def summary(self, game: Game | None = None) -> dict[str, Any]:
        """The store's summary row of ``game`` (default: the live one)."""
        game = game or self.game
        d = game.decision
        key = game.seat_key(d.seat) if d else None  # as the seats are keyed (a draft's)
        now = self.clock()
        return {"over": game.is_over, "scores": game.scores, "winners": game.winners,
                "deciding": d.seat if d else None, "deciding_seat": key,
                "agent": bool(key and self.agent_kind(key, game)),
                "client_seed": self.client_seed, "moved": now, "pace": self.pace,
                "deadline": (deadline := None if game.is_over
                             else self.deadline_after(now, key, game)),
                "remind": None if deadline is None or self.pace is None
                else deadline - REMIND_FRACTION * float(self.pace["seconds"]),
                "stand_in": list(self.stand_in) if self.stand_in else None}

    def deadline_after(self, now: float, key: str | None, game: Game) -> float | None:
        """When the deciding seat's time runs out, if the game has a pace and a person
        decides (bots and agents do not wait)."""
        if self.pace is None or key is None or self.kinds.get(key) != seats.HUMAN \
                or self.agent_kind(key, game):
            return None
        return now + float(self.pace["seconds"])

    def agent_kind(self, key: str, game: Game | None = None) -> str | None:
        """The agent that decides for seat ``key`` now: its own, or the pace's agent
        standing in for a person whose time ran out, for the rest of that turn."""
        kind = self.kinds.get(key, "")
        if kind.startswith(seats.AGENT):
            return kind
        turn = (game or self.game).turn_no
        if self.pace is not None and self.stand_in == (key, turn):
            return seats.AGENT + str(self.pace["agent"])
        return None

    def pause(self, delay: float) -> float:
        """The pause before an agent's decision, so people can follow it: ``delay``
        each, until the turn has had PAUSE_PER_TURN seconds of them (a turn of many
        decisions plays on at once; a longer ``delay`` is one pause a turn)."""
        turn = self.game.turn_no
        spent = self.paused[1] if self.paused[0] == turn else 0.0
        wait = max(0.0, min(delay, max(PAUSE_PER_TURN, delay) - spent))
        self.paused = (turn, spent + wait)
        return wait

    def agent_to_move(self) -> str | None:
        """The seat (as keyed in ``kinds``) of the agent to decide now, if any."""
        d = self.game.decision
        if d is None:
            return None
        key = self.game.seat_key(d.seat)  # a drafted seat keeps its name (A.8.2)
        return key if self.agent_kind(key) else None


def rated_seats(live: LiveGame) -> list[RatedSeat] | None:
    """Each seat's player, faction and place in a finished game, if the game is rated
    (ratings.py: a server's seed, an account at the table, no seat of a bare link)."""
    game = live.game
    if live.client_seed or not live.owners:
        return None
    faction = {key: game.current_id(key) for key in live.kinds}
    place = places(game.scores, list(game.winners), list(faction.values()))
    out = []
    for key, kind in live.kinds.items():
        if key in live.owners:
            player = f"account:{live.owners[key]}"
        elif kind == seats.HUMAN:
            return None
        else:
            player = f"bot:{faction[key] if kind == seats.BOT else kind}"
        out.append(RatedSeat(player, f"faction:{faction[key]}", place[faction[key]]))
    return out


@dataclass
class Answer:
    """What a change answers: the game and the seat whose state to send; ``replayed``
    when a retried request (the same idempotency key) had been stored already."""

    live: LiveGame
    seat: str
    replayed: bool = False


def as_option(value: Any) -> Any:
    """JSON back to the engine's plain tuples (nested lists too); bounded by
    inputs.option_value for anything a client sent."""
    if isinstance(value, list):
        return tuple(as_option(v) for v in value)
    return value


class Hub:
    def __init__(self, db_url: str | None = None, agent_delay: float = 0.8,
                 clock: Callable[[], float] = time.time,
                 hasher: PasswordHasher | None = None, deadline_tick: float = 1.0,
                 mail: MailConfig | None = None) -> None:
        self.db_url = db_url
        self.mail = mail  # the SMTP server (notify.py); None: no mail
        self._notifier: Notifier | None = None
        self.deadline_tick = deadline_tick  # how often the deadlines are looked at (s)
        self._deadlines: asyncio.Task[None] | None = None
        self.agent_delay = agent_delay
        self.clock = clock    # the server's clock (sessions, limits; a fake one in tests)
        self._hasher = hasher
        self._accounts: Accounts | None = None
        self._lobby: Lobby | None = None
        self._ratings: Ratings | None = None
        self._background_tasks: set[asyncio.Task[Any]] = set()  # ratings and mail being written
        self.origin = secrets.token_hex(8)  # this process, in the store's notifications
        self._store: Store | None = None
        self._writer: ThreadPoolExecutor | None = None
        self.live: OrderedDict[str, LiveGame] = OrderedDict()
        self._loading = asyncio.Lock()
        self._listener: asyncio.Task[None] | None = None
        self._syncing: set[str] = set()
        self.feeds = Feeds()  # the "my games" sockets, per account

    @property
    def store(self) -> Store:
        """Opened on first use (so pages that never play never touch a database)."""
        if self._store is None:
            self._store = Store(self.db_url or default_url(), self.origin)
        return self._store

    @property
    def accounts(self) -> Accounts:
        """The accounts, in the games' database (opened on first use, as the store)."""
        if self._accounts is None:
            self._accounts = Accounts(self.store.engine, self.clock, self._hasher)
        return self._accounts

    @property
    def ratings(self) -> Ratings:
        """The ratings, in the games' database (after the accounts, whose names they
        show)."""
        if self._ratings is None:
            _ = self.accounts
            self._ratings = Ratings(self.store.engine, self.clock)
        return self._ratings

    def _game_over(self, live: LiveGame) -> None:
        """A game this process ended: rated (off the event loop) if it is rated."""
        rated = rated_seats(live)
        if rated is None:
            return
        self._background(self.ratings.rate, live.id, rated)

    def _background_done(self, task: asyncio.Task[Any]) -> None:
        self._background_tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("a background task failed: %s", task.exception())

    @property
    def notifier(self) -> Notifier:
        """Mail settings and sending, in the games' database (with the server's key)."""
        if self._notifier is None:
            self._notifier = Notifier(self.store.engine, self.clock, self.accounts.key,
                                      self.mail)
        return self._notifier

    def tell_turn(self, live: LiveGame) -> None:
        """When the decision passes to an account's seat: "your turn" by mail, unless the
        account has a page of the game or of its games open (told there)."""
        d = live.game.decision
        key = live.game.seat_key(d.seat) if d is not None else None
        if key == live.told:
            return
        live.told = key
        account = live.owners.get(key) if key is not None else None
        if self.mail is None or account is None or live.agent_kind(key or ""):
            return
        if account in live.watcher_accounts.values() or self.feeds.watching(account):
            return
        self._background(self.notifier.turn, account, live.id, live.version,
                         seats.faction_name(live.game.current_id(key or "")))

    def _background(self, fn: Callable[..., Any], *args: Any) -> None:
        task = asyncio.get_running_loop().create_task(to_thread.run_sync(fn, *args))
        self._background_tasks.add(task)
        task.add_done_callback(self._background_done)

    async def _remind(self, now: float) -> None:
        """Reminders of the deadlines that near (their rows handed out once)."""
        for gid, deadline in await to_thread.run_sync(self.store.reminders_due, now):
            live = await self.get(gid)
            d = live.game.decision
            key = live.game.seat_key(d.seat) if d is not None else ""
            account = live.owners.get(key)
            if account is not None and not live.agent_kind(key):
                when = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(deadline))
                self._background(self.notifier.remind, account, gid, deadline,
                                 seats.faction_name(live.game.current_id(key)), when)

    @property
    def lobby(self) -> Lobby:
        """The public lobby, in the games' database (opened on first use)."""
        if self._lobby is None:
            self._lobby = Lobby(self.store.engine, self.clock)
        return self._lobby

    async def _write(self, fn: Callable[..., T], *args: Any) -> T:
        """A write to the store, off the event loop, in the writers' threads: one for
        SQLite (its writers queue here, not on the database lock with its sleeping
        retries), several for PostgreSQL."""
        if self._writer is None:
            self._writer = ThreadPoolExecutor(8 if self.store.postgres else 1,
                                              thread_name_prefix="rootlaw-store")
        return await asyncio.get_running_loop().run_in_executor(self._writer, fn, *args)

    # ------------------------------------------------------------ create, load
    async def create(self, body: Any, owners: dict[str, int] | None = None,
                     pace: dict[str, Any] | None = None
                     ) -> tuple[LiveGame, dict[str, str]]:
        """A new game; ``owners``: its seats bound to accounts from the start (a lobby's
        game: their tokens are never handed out), ``pace``: its deadlines (pace.py)."""
        request = newgame.parse_create(body)
        game = await to_thread.run_sync(newgame.start, request.kwargs)
        tokens = {f: seats.new_token() for f, k in request.kinds.items() if k == seats.HUMAN}
        gid = secrets.token_urlsafe(9)
        hashes = {f: seats.token_hash(t) for f, t in tokens.items()}
        live = LiveGame(gid, game, request.kinds, hashes, 0, request.client_seed,
                        owners=dict(owners or {}), clock=self.clock,
                        pace=pace if pace is not None else request.pace)
        await self._write(self.store.create, gid, game.setup, live.stored_seats(),
                          live.summary())
        self._keep(live)
        self.schedule_agent(live)
        return live, tokens

    async def get(self, gid: str) -> LiveGame:
        live = self.live.get(gid)
        if live is not None:
            self.live.move_to_end(gid)
            if live.behind:
                await self._sync(live)
            return live
        if not GAME_ID.fullmatch(gid):
            raise ApiError(404, "unknown_game", f"no game {shown(gid)}", "id")
        async with self._loading:
            live = self.live.get(gid)
            if live is None:
                live = await self._load(gid)
                self._keep(live)
        return live

    async def _load(self, gid: str) -> LiveGame:
        rec = await to_thread.run_sync(self.store.load, gid)
        if rec is None:
            raise ApiError(404, "unknown_game", f"no game {shown(gid)}", "id")
        entries = [("d", seat, as_option(opt)) for seat, opt in rec.decisions]
        try:
            game = await to_thread.run_sync(Game.replay, rec.setup, entries)
        except (LoadError, IllegalAction) as e:
            log.error("game %s does not replay: %s", gid, e)
            raise ApiError(500, "corrupt_game", f"game {gid} cannot be rebuilt") from None
        kinds = {f: s["kind"] for f, s in rec.seats.items()}
        hashes = {f: s["token_hash"] for f, s in rec.seats.items() if s.get("token_hash")}
        owners = {f: int(s["account"]) for f, s in rec.seats.items()
                  if s.get("account") is not None}
        # games stored before the seed's source was recorded: assume the worst
        client_seed = bool(rec.summary.get("client_seed", True))
        stand_in = rec.summary.get("stand_in")
        return LiveGame(gid, game, kinds, hashes, rec.version, client_seed, owners=owners,
                        clock=self.clock, pace=rec.summary.get("pace"),
                        stand_in=(str(stand_in[0]), int(stand_in[1])) if stand_in else None)

    def _keep(self, live: LiveGame) -> None:
        self.live[live.id] = live
        self.live.move_to_end(live.id)
        if len(self.live) <= MAX_LIVE:
            return
        for gid, old in list(self.live.items()):
            idle = not old.watchers and not old.lock.locked() and (
                old.agent_task is None or old.agent_task.done())
            if idle and gid != live.id:
                del self.live[gid]
                if len(self.live) <= MAX_LIVE:
                    return

    def seat_for(self, live: LiveGame, token: str | None,
                 account: int | None = None) -> str | None:
        """The seat a token opens, or without a token the seat bound to ``account`` (the
        browser's logged-in account); None for a spectator; 403 for a wrong token, or a
        seat bound to another account (its link alone opens it no more). The token is
        already checked to be token-shaped (inputs.token_of)."""
        if token is None or token == "":
            return self._owned(live, account)
        h = seats.token_hash(token)
        for f, known in live.hashes.items():
            if hmac.compare_digest(h, known):
                if f in live.owners and live.owners[f] != account:
                    raise ApiError(403, "seat_bound", "this seat is bound to an account: "
                                   "log in to it to play the seat", "token")
                return f
        raise ApiError(403, "bad_token", "this token opens no seat of this game", "token")

    @staticmethod
    def _owned(live: LiveGame, account: int | None) -> str | None:
        if account is None:
            return None
        return next((f for f, a in live.owners.items() if a == account), None)

    async def bind(self, gid: str, token: str | None, account: int) -> tuple[LiveGame, str]:
        """Bind the seat ``token`` opens to ``account``: from now on only a browser
        logged in to it opens the seat (one seat of a game per account)."""
        live = await self.get(gid)
        if token is None:
            raise ApiError(403, "bad_token", "the seat's token is required", "token")
        async with live.lock:
            seat = self.seat_for(live, token, account)
            assert seat is not None
            if live.owners.get(seat) == account:
                return live, seat
            if self._owned(live, account) is not None:
                raise ApiError(409, "account_has_seat", "this account holds another seat "
                               "of this game already", "token")
            owners = {**live.owners, seat: account}
            stored = {**live.stored_seats(), seat: {**live.stored_seats()[seat],
                                                    "account": account}}
            if not await self._write(self.store.set_seats, live.id, live.version, stored):
                await self._catch_up(live)
                raise ApiError(409, "stale_version", "the game changed meanwhile; retry",
                               "token")
            live.owners = owners
            live.evicted.update(ev for ev, s in live.watchers.items() if s == seat
                                and live.watcher_accounts.get(ev) != account)
            live.become(live.game, live.version + 1, live.decisions, live.before)
        self.changed(live)
        return live, seat

    # ------------------------------------------------------------ changes
    async def act(self, gid: str, token: str | None, version: Any, raw: Any,
                  key: str | None = None, account: int | None = None) -> Answer:
        live = await self.get(gid)
        seat = self._require_seat(live, token, account)
        if isinstance(version, bool) or not isinstance(version, int):
            raise ApiError(422, "bad_request", "version must be the integer version of the "
                           "state you decided on", "version")
        if isinstance(raw, list):
            raw = option_value(raw)
        request = Request(seat, key, digest(["act", version, raw])) if key else None
        async with live.lock:
            if version > live.version:  # another process moved on: catch up first
                await self._catch_up(live)
            refusal = self._refusal(live, seat, version)
            if refusal is None:
                option = self._option(live.game, raw)
                new = live.game.copy()
                try:
                    new.apply(option)
                except IllegalAction as e:
                    raise ApiError(422, "illegal_option", f"illegal option: {e}",
                                   "option") from None
                written = await self._commit(live, seat, option, new, request)
                refusal = self._written_refusal(written)
            if refusal is not None:
                return await self._retried(live, request, refusal)
        self.changed(live)
        return Answer(live, seat)

    def _refusal(self, live: LiveGame, seat: str, version: int) -> ApiError | None:
        game = live.game
        if game.is_over:
            return ApiError(409, "game_over", "the game is over", "option")
        if version != live.version:
            return ApiError(409, "stale_version", f"the game is at version {live.version}, "
                            f"not {shown(version)}: reload and decide again", "version")
        d = game.decision
        assert d is not None
        if not game.same_seat(d.seat, seat):
            return ApiError(403, "not_your_decision", f"{d.seat} decides now, not {seat}",
                            "token")
        if live.agent_kind(seat):  # its time ran out (pace.py): the agent decides
            return ApiError(403, "agent_decides", f"{live.agent_kind(seat)} plays this "
                            "seat now: its time to decide ran out", "token")
        return None

    @staticmethod
    def _written_refusal(written: Written) -> ApiError | None:
        if written == "stale":
            return ApiError(409, "stale_version", "the game changed meanwhile; reload",
                            "version")
        if written == "duplicate":
            return ApiError(422, "idempotency_key_reused", "this Idempotency-Key was used "
                            "for another request of this seat", "Idempotency-Key")
        return None

    async def _retried(self, live: LiveGame, request: Request | None,
                       refusal: ApiError) -> Answer:
        """A refused request: if it names an idempotency key whose change was stored
        (its answer lost), the answer now; else the refusal."""
        if request is not None and (stored := await self._stored(live, request)):
            return stored
        raise refusal

    async def _stored(self, live: LiveGame, request: Request) -> Answer | None:
        """The answer to a change stored under ``request``'s key, if there is one."""
        found = await to_thread.run_sync(self.store.request, live.id, request.seat,
                                         request.key)
        if found is None:
            return None
        if found[0] != request.digest:
            raise ApiError(422, "idempotency_key_reused", "this Idempotency-Key was used for "
                           "another request of this seat", "Idempotency-Key")
        if found[1] > live.version:
            await self._catch_up(live)
        return Answer(live, request.seat, replayed=True)

    async def undo(self, gid: str, token: str | None, key: str | None = None,
                   account: int | None = None) -> Answer:
        live = await self.get(gid)
        seat = self._require_seat(live, token, account)
        request = Request(seat, key, digest(["undo"])) if key else None
        async with live.lock:
            # a retried undo must not take back one more decision: look for it first
            if request is not None and (stored := await self._stored(live, request)):
                return stored
            plan = await to_thread.run_sync(plan_undo, live.game, seat, live.before,
                                            live.views)
            if plan.game is None:
                return await self._retried(live, request, ApiError(
                    409, "cannot_undo", f"cannot undo: {plan.reason}", "token"))
            written = await self._write(self.store.truncate, live.id, live.version, plan.keep,
                                        live.summary(plan.game), request)
            if written == "ok":
                live.become(plan.game, live.version + 1, plan.keep)
            else:
                if written == "stale":
                    await self._catch_up(live)
                refusal = self._written_refusal(written)
                assert refusal is not None
                return await self._retried(live, request, refusal)
        self.changed(live)
        return Answer(live, seat)

    def _require_seat(self, live: LiveGame, token: str | None,
                      account: int | None = None) -> str:
        seat = self.seat_for(live, token, account)
        if seat is None:
            raise ApiError(403, "bad_token", "a seat token is required", "token")
        return seat

    @staticmethod
    def _option(game: Game, raw: Any) -> Option:
        d = game.decision
        assert d is not None
        if isinstance(raw, int) and not isinstance(raw, bool):
            if not 0 <= raw < len(d.options):
                raise ApiError(422, "illegal_option", f"option index {shown(raw)} is not one "
                               f"of the {len(d.options)} options (0..{len(d.options) - 1})",
                               "option")
            return d.options[raw]
        if isinstance(raw, tuple):
            return raw
        raise ApiError(422, "bad_request", "option must be an index into the options or "
                       "the option itself (a list)", "option")

    async def _commit(self, live: LiveGame, seat: str, option: Option, new: Game,
                      request: Request | None = None) -> Written:
        """Under the lock: ``new`` (the live game after ``option``) stored, then made
        live; if another process wrote first, the live game catches up instead."""
        d = live.game.decision  # recorded under the id the engine gives it (A.8.2)
        written = await self._write(self.store.append, live.id, live.version, live.decisions,
                                    d.seat if d is not None else seat, option,
                                    live.summary(new), request)
        if written == "ok":
            live.become(new, live.version + 1, live.decisions + 1, live.views)
            if new.is_over:
                self._game_over(live)
        elif written == "stale":
            await self._catch_up(live)
        return written

    async def _catch_up(self, live: LiveGame) -> bool:
        """Under the lock: bring the live game to the store's version (the decisions
        added since, or a replay after an undo); True if it changed."""
        version, count, tail = await to_thread.run_sync(self.store.since, live.id,
                                                        live.decisions)
        if version == live.version:
            return False
        # only appends since: as many new versions as new decisions (an undo adds a
        # version and removes decisions, so it can never balance)
        if version - live.version == count - live.decisions == len(tail) > 0:
            game = live.game.copy()
            for seat, opt in tail:
                d = game.decision
                if d is None or not game.same_seat(d.seat, seat):
                    break
                game.apply(as_option(opt))
            else:
                live.become(game, version, count)
                return True
        fresh = await self._load(live.id)
        live.owners = fresh.owners  # a seat bound meanwhile (a version, no decision)
        # a seat dropped to an agent, or an agent standing in (another process's deadline)
        live.kinds, live.pace, live.stand_in = fresh.kinds, fresh.pace, fresh.stand_in
        live.become(fresh.game, fresh.version, fresh.decisions)
        return True

    def changed(self, live: LiveGame) -> None:
        self.broadcast(live)
        self.schedule_agent(live)

    # ------------------------------------------------------------ other processes
    async def start(self) -> None:
        """At start-up: resume agents; on PostgreSQL, listen to other processes."""
        if self.store.postgres:
            ready = asyncio.Event()
            self._listener = asyncio.get_running_loop().create_task(fanout.listen(
                self.store.url, self.origin, self.heard, self.resync, ready))
            try:
                await asyncio.wait_for(ready.wait(), timeout=10)
            except TimeoutError:
                log.warning("not yet listening to other processes' changes")
        await to_thread.run_sync(self.store.forget_requests, REQUEST_DAYS * 86400.0)
        await self.resume()
        self._deadlines = asyncio.get_running_loop().create_task(self._watch_deadlines())

    def heard(self, gid: str, version: int) -> None:
        """Another process stored ``version`` of game ``gid``: a game watched here
        catches up now (its sockets want the change), another on its next use."""
        live = self.live.get(gid)
        if live is not None and version > live.version:
            self._behind(live)
        elif live is None:
            self.feeds.game_changed(gid, ())

    def resync(self) -> None:
        """After missed notifications: every live game catches up."""
        for live in list(self.live.values()):
            self._behind(live)

    def _behind(self, live: LiveGame) -> None:
        live.behind = True
        if live.watchers and live.id not in self._syncing:
            self._syncing.add(live.id)
            asyncio.get_running_loop().create_task(self._sync(live))

    async def _sync(self, live: LiveGame) -> None:
        try:
            async with live.lock:
                self._syncing.discard(live.id)
                moved = await self._catch_up(live)
                live.behind = False
            if moved:
                self.broadcast(live)
        except Exception:  # a store that went away: the next notification tries again
            self._syncing.discard(live.id)
            log.exception("cannot catch up with game %s", live.id)

    # ------------------------------------------------------------ watchers
    def watch(self, live: LiveGame, seat: str | None,
              account: int | None = None) -> asyncio.Event:
        """A socket watching ``live`` as ``seat`` (opened by ``account``'s browser, or
        by a link): the event is set on every change."""
        changed = asyncio.Event()
        live.watchers[changed] = seat
        live.watcher_accounts[changed] = account
        return changed

    def unwatch(self, live: LiveGame, changed: asyncio.Event) -> None:
        live.watchers.pop(changed, None)
        live.watcher_accounts.pop(changed, None)
        live.evicted.discard(changed)

    def broadcast(self, live: LiveGame) -> None:
        """Wake every socket of the game; each sends its seat's latest state from its
        own task (``push``), so the move that changed the game does not wait for them,
        and a slow socket holds up nobody else: it gets the latest state once it
        drains, not every version in between."""
        for changed in live.watchers:
            changed.set()
        self.feeds.game_changed(live.id, live.owners.values())
        if live.owners:
            self.tell_turn(live)

    @staticmethod
    async def push(live: LiveGame, seat: str | None, changed: asyncio.Event,
                   ws: Sender) -> None:
        """Send ``ws`` the seat's state now and after every change, until cancelled."""
        sent = -1
        while True:
            changed.clear()
            if changed in live.evicted:  # its seat was bound to another account
                await ws.close(code=4403, reason="seat_bound")
                return
            if live.version != sent:
                sent = live.version
                await ws.send_text(live.encoded(seat))
            else:
                await changed.wait()

    async def my_games(self, account: int) -> list[dict[str, Any]]:
        """The games ``account`` holds a seat of ("your turn" first: mine.listing)."""
        return listing(await to_thread.run_sync(self.store.held_by, account))

    # ------------------------------------------------------------ agents
    def schedule_agent(self, live: LiveGame) -> None:
        if live.agent_to_move() is None:
            return
        if live.agent_task is not None and not live.agent_task.done():
            return
        live.agent_task = asyncio.get_running_loop().create_task(self._run_agents(live))

    async def _run_agents(self, live: LiveGame) -> None:
        """Let agents decide, one decision at a time, while an agent is to decide."""
        while (seat := live.agent_to_move()) is not None:
            await asyncio.sleep(live.pause(self.agent_delay))
            version, game = live.version, live.game
            seed = self._agent_seed(game)
            kind = live.agent_kind(seat)
            assert kind is not None
            agent = seats.build_agent(kind, seed)
            snapshot = game.copy()  # the agent works on its own copy, off the event loop;
            # it sees the seat's view and determinized samples only (agents.decide)
            try:
                option = await to_thread.run_sync(decide, agent, snapshot, seed, live.budget)
            except Exception:  # a broken agent must not stop the server
                log.exception("agent %s failed in game %s", kind, live.id)
                return
            async with live.lock:
                if live.version != version:
                    continue  # the game moved on meanwhile: look again
                new = live.game.copy()
                try:
                    new.apply(option)
                except IllegalAction as e:
                    log.error("agent move refused in game %s: %s", live.id, e)
                    return
                if await self._commit(live, seat, option, new) != "ok":
                    return  # another process moved first: it plays the agents here
            self.broadcast(live)

    @staticmethod
    def _agent_seed(game: Game) -> int:
        decisions = sum(1 for e in game.log if e[0] == "d")
        return (int(game.setup["seed"]) * 1_000_003 + decisions) & 0xFFFFFFFF

    # ------------------------------------------------------------ deadlines
    async def _watch_deadlines(self) -> None:
        """Every ``deadline_tick`` seconds: the games whose time ran out (on the
        server's clock) are expired. Any process may find one; the version check of
        the store lets only one act on it."""
        while True:
            await asyncio.sleep(self.deadline_tick)
            try:
                for gid in await to_thread.run_sync(self.store.due, self.clock()):
                    await self.expire(gid)
                if self.mail is not None:
                    await self._remind(self.clock())
            except Exception:  # a store that went away: the next round tries again
                log.exception("cannot look at the deadlines")

    async def expire(self, gid: str) -> None:
        """The deciding person's time ran out: as the pace says, the pace's agent plays
        the rest of the seat's turn ("play") or takes the seat for good ("drop")."""
        live = await self.get(gid)
        async with live.lock:
            await self._catch_up(live)
            at = await to_thread.run_sync(self.store.deadline, gid)
            d, paced = live.game.decision, live.pace
            if at is None or at > self.clock() or d is None or paced is None:
                return
            key = live.game.seat_key(d.seat)
            if live.kinds.get(key) != seats.HUMAN or live.agent_kind(key):
                return  # an agent decides already
            agent = seats.AGENT + str(paced["agent"])
            if paced["on_timeout"] == "drop":
                stored = live.stored_seats()
                stored[key] = {**stored[key], "kind": agent}
                if not await self._write(self.store.set_seats, gid, live.version, stored):
                    return  # another process changed it first
                live.kinds = {**live.kinds, key: agent}
                live.become(live.game, live.version + 1, live.decisions, live.before)
            else:
                live.stand_in = (key, live.game.turn_no)
            log.info("game %s: %s's time ran out; %s %s", gid, key, agent,
                     "takes the seat" if paced["on_timeout"] == "drop" else "plays the turn")
        self.changed(live)

    async def resume(self) -> None:
        """After a restart: agents whose turn it was play on."""
        for gid in await to_thread.run_sync(self.store.waiting_on_agents):
            try:
                self.schedule_agent(await self.get(gid))
            except ApiError as e:
                log.error("cannot resume game %s: %s", gid, e.message)

    async def close(self) -> None:
        tasks = [lv.agent_task for lv in self.live.values() if lv.agent_task]
        await asyncio.gather(*self._background_tasks, return_exceptions=True)  # they finish
        for t in (self._listener, self._deadlines):
            if t is not None:
                tasks.append(t)
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        if self._writer is not None:
            self._writer.shutdown(wait=True)
        if self._store is not None:
            self._store.close()
