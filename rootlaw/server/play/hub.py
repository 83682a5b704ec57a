"""The server owns the games: live games in memory, one lock each, stored on every change.

Every change (an action, an undo, an agent's move) happens under the game's lock,
is written to the store with the version it expects, and only then becomes the live
game; then every connected seat is sent its own new state. Agents move by themselves
after a short delay; Rootbotics bots move inside the engine.
"""
from __future__ import annotations

import asyncio
import hmac
import logging
import secrets
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any, Protocol

from anyio import to_thread

from rootlaw import Game, IllegalAction, LoadError
from rootlaw.agents.base import decide
from rootlaw.core.options import Option
from rootlaw.server.errors import ApiError
from rootlaw.server.play import payload, seats
from rootlaw.server.play.store import Store, default_url
from rootlaw.server.play.undo import plan_undo

log = logging.getLogger("rootlaw.play")
MAX_LIVE = 256  # games kept in memory (idle ones beyond this are dropped, then reloaded)


class Subscriber(Protocol):
    async def send_json(self, data: Any, mode: str = "text") -> None: ...


@dataclass
class LiveGame:
    id: str
    game: Game
    kinds: dict[str, str]            # faction -> "human" | "bot" | "agent:<name>"
    hashes: dict[str, str]           # faction -> sha256 of its token (people only)
    version: int
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    watchers: dict[Subscriber, str | None] = field(default_factory=dict)
    agent_task: asyncio.Task[None] | None = None

    @property
    def decisions(self) -> int:
        return sum(1 for e in self.game.log if e[0] == "d")

    def state(self, seat: str | None) -> dict[str, Any]:
        return payload.state(self.id, self.game, self.version, seat, self.kinds)

    def agent_to_move(self) -> str | None:
        d = self.game.decision
        if d is not None and self.kinds.get(d.seat, "").startswith(seats.AGENT):
            return d.seat
        return None


def as_option(value: Any) -> Any:
    """JSON back to the engine's plain tuples (nested lists too)."""
    if isinstance(value, list):
        return tuple(as_option(v) for v in value)
    return value


def summary(game: Game, kinds: dict[str, str]) -> dict[str, Any]:
    d = game.decision
    return {"over": game.is_over, "scores": game.scores, "winners": game.winners,
            "deciding": d.seat if d else None,
            "agent": bool(d and kinds.get(d.seat, "").startswith(seats.AGENT))}


class Hub:
    def __init__(self, db_url: str | None = None, agent_delay: float = 0.8) -> None:
        self.db_url = db_url
        self.agent_delay = agent_delay
        self._store: Store | None = None
        self.live: OrderedDict[str, LiveGame] = OrderedDict()
        self._loading = asyncio.Lock()

    @property
    def store(self) -> Store:
        """Opened on first use (so pages that never play never touch a database)."""
        if self._store is None:
            self._store = Store(self.db_url or default_url())
        return self._store

    # ------------------------------------------------------------ create, load
    async def create(self, body: Any) -> tuple[LiveGame, dict[str, str]]:
        kwargs, kinds = seats.parse_create(body)
        game = seats.start(kwargs)
        tokens = {f: seats.new_token() for f, k in kinds.items() if k == seats.HUMAN}
        gid = secrets.token_urlsafe(9)
        stored = {f: {"kind": k, "token_hash": seats.token_hash(tokens[f]) if f in tokens
                      else None} for f, k in kinds.items()}
        await to_thread.run_sync(self.store.create, gid, game.setup, stored,
                                 summary(game, kinds))
        live = LiveGame(gid, game, kinds, {f: seats.token_hash(t) for f, t in tokens.items()}, 0)
        self._keep(live)
        self.schedule_agent(live)
        return live, tokens

    async def get(self, gid: str) -> LiveGame:
        live = self.live.get(gid)
        if live is not None:
            self.live.move_to_end(gid)
            return live
        async with self._loading:
            live = self.live.get(gid)
            if live is None:
                live = await self._load(gid)
                self._keep(live)
        return live

    async def _load(self, gid: str) -> LiveGame:
        if not gid or len(gid) > 32:
            raise ApiError(404, "unknown_game", f"no game {gid!r}", "id")
        rec = await to_thread.run_sync(self.store.load, gid)
        if rec is None:
            raise ApiError(404, "unknown_game", f"no game {gid!r}", "id")
        entries = [("d", seat, as_option(opt)) for seat, opt in rec.decisions]
        try:
            game = await to_thread.run_sync(Game.replay, rec.setup, entries)
        except (LoadError, IllegalAction) as e:
            log.error("game %s does not replay: %s", gid, e)
            raise ApiError(500, "corrupt_game", f"game {gid} cannot be rebuilt: {e}") from None
        kinds = {f: s["kind"] for f, s in rec.seats.items()}
        hashes = {f: s["token_hash"] for f, s in rec.seats.items() if s.get("token_hash")}
        return LiveGame(gid, game, kinds, hashes, rec.version)

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

    def seat_for(self, live: LiveGame, token: str | None) -> str | None:
        """The seat a token opens; None without a token (a spectator); 403 if wrong."""
        if token is None or token == "":
            return None
        h = seats.token_hash(token)
        for f, known in live.hashes.items():
            if hmac.compare_digest(h, known):
                return f
        raise ApiError(403, "bad_token", "this token opens no seat of this game", "token")

    # ------------------------------------------------------------ changes
    async def act(self, gid: str, token: Any, version: Any, raw: Any) -> dict[str, Any]:
        live = await self.get(gid)
        seat = self._require_seat(live, token)
        if isinstance(version, bool) or not isinstance(version, int):
            raise ApiError(422, "bad_request", "version must be the integer version of the "
                           "state you decided on", "version")
        async with live.lock:
            game = live.game
            if game.is_over:
                raise ApiError(409, "game_over", "the game is over", "option")
            if version != live.version:
                raise ApiError(409, "stale_version", f"the game is at version {live.version}, "
                               f"not {version}: reload and decide again", "version")
            d = game.decision
            assert d is not None
            if d.seat != seat:
                raise ApiError(403, "not_your_decision", f"{d.seat} decides now, not {seat}",
                               "token")
            await self._commit(live, seat, self._option(game, raw))
        await self.changed(live)
        return live.state(seat)

    async def undo(self, gid: str, token: Any) -> dict[str, Any]:
        live = await self.get(gid)
        seat = self._require_seat(live, token)
        async with live.lock:
            plan = plan_undo(live.game, seat)
            if plan.game is None:
                raise ApiError(409, "cannot_undo", f"cannot undo: {plan.reason}", "token")
            ok = await to_thread.run_sync(self.store.truncate, live.id, live.version, plan.keep,
                                          summary(plan.game, live.kinds))
            if not ok:
                await self._reload(live)
                raise ApiError(409, "stale_version", "the game changed meanwhile; try again")
            live.game, live.version = plan.game, live.version + 1
        await self.changed(live)
        return live.state(seat)

    def _require_seat(self, live: LiveGame, token: Any) -> str:
        seat = self.seat_for(live, token if isinstance(token, str) else None)
        if seat is None:
            raise ApiError(403, "bad_token", "a seat token is required", "token")
        return seat

    @staticmethod
    def _option(game: Game, raw: Any) -> Option:
        d = game.decision
        assert d is not None
        if isinstance(raw, int) and not isinstance(raw, bool):
            if not 0 <= raw < len(d.options):
                raise ApiError(422, "illegal_option", f"option index {raw} is not one of the "
                               f"{len(d.options)} options (0..{len(d.options) - 1})", "option")
            return d.options[raw]
        if isinstance(raw, list):
            return as_option(raw)
        raise ApiError(422, "bad_request", "option must be an index into the options or "
                       "the option itself (a list)", "option")

    async def _commit(self, live: LiveGame, seat: str, option: Option) -> None:
        """Apply under the lock: on a copy, stored, then made live (all or nothing)."""
        new = live.game.copy()
        try:
            new.apply(option)
        except IllegalAction as e:
            raise ApiError(422, "illegal_option", f"illegal option: {e}", "option") from None
        ok = await to_thread.run_sync(self.store.append, live.id, live.version, live.decisions,
                                      seat, option, summary(new, live.kinds))
        if not ok:
            await self._reload(live)
            raise ApiError(409, "stale_version", "the game changed meanwhile; reload", "version")
        live.game, live.version = new, live.version + 1

    async def _reload(self, live: LiveGame) -> None:
        fresh = await self._load(live.id)
        live.game, live.version = fresh.game, fresh.version

    async def changed(self, live: LiveGame) -> None:
        await self.broadcast(live)
        self.schedule_agent(live)

    # ------------------------------------------------------------ watchers
    def watch(self, live: LiveGame, ws: Subscriber, seat: str | None) -> None:
        live.watchers[ws] = seat

    def unwatch(self, live: LiveGame, ws: Subscriber) -> None:
        live.watchers.pop(ws, None)

    async def broadcast(self, live: LiveGame) -> None:
        """Send each watcher its own seat's state (built once per seat)."""
        if not live.watchers:
            return
        states: dict[str | None, dict[str, Any]] = {}
        for seat in set(live.watchers.values()):
            states[seat] = live.state(seat)
        watchers = list(live.watchers.items())
        results = await asyncio.gather(*(ws.send_json(states[seat]) for ws, seat in watchers),
                                       return_exceptions=True)
        for (ws, _), res in zip(watchers, results, strict=True):
            if isinstance(res, BaseException):
                live.watchers.pop(ws, None)

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
            await asyncio.sleep(self.agent_delay)
            version, game = live.version, live.game
            seed = self._agent_seed(game)
            agent = seats.build_agent(live.kinds[seat], seed)
            snapshot = game.copy()  # the agent works on its own copy, off the event loop;
            # it sees the seat's view and determinized samples only (agents.decide)
            try:
                option = await to_thread.run_sync(decide, agent, snapshot, seed)
            except Exception:  # a broken agent must not stop the server
                log.exception("agent %s failed in game %s", live.kinds[seat], live.id)
                return
            async with live.lock:
                if live.version != version:
                    continue  # the game moved on meanwhile: look again
                try:
                    await self._commit(live, seat, option)
                except ApiError as e:
                    log.error("agent move refused in game %s: %s", live.id, e.message)
                    return
            await self.broadcast(live)

    @staticmethod
    def _agent_seed(game: Game) -> int:
        decisions = sum(1 for e in game.log if e[0] == "d")
        return (int(game.setup["seed"]) * 1_000_003 + decisions) & 0xFFFFFFFF

    async def resume(self) -> None:
        """After a restart: agents whose turn it was play on."""
        for gid in await to_thread.run_sync(self.store.waiting_on_agents):
            try:
                self.schedule_agent(await self.get(gid))
            except ApiError as e:
                log.error("cannot resume game %s: %s", gid, e.message)

    async def close(self) -> None:
        tasks = [lv.agent_task for lv in self.live.values() if lv.agent_task]
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        if self._store is not None:
            self._store.close()
