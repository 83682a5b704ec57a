"""Rootlog (issue 37): any stored game as a Rootlog, and uploaded Rootlogs replayed.

``GET /api/rootlog/{game}`` answers the game's record as Rootlog text. Hidden
information stays hidden: a finished game is written whole (every card named, as its
replay shows it); an unfinished one only as the asking seat saw it (its token), or as
the table saw it (no token): the cards others drew, the face-down plots and relics
unnamed. ``POST /api/rootlogs`` takes a Rootlog's text (the body, up to MAX_ROOTLOG
bytes), reads and replays it (``rootlaw.rootlog``) and answers the report and each
turn's line; ``GET /api/rootlogs/{id}?turn=N`` the board after turn N. Replays are
kept for the last CACHED uploads (an id is the text's digest: a page that finds its
replay gone posts the text again).
"""
from __future__ import annotations

import asyncio
import hashlib
from collections import OrderedDict
from collections.abc import AsyncIterator
from typing import Any

from anyio import to_thread
from fastapi import APIRouter, Query, Request
from fastapi.responses import HTMLResponse, Response, StreamingResponse

from rootlaw import Game
from rootlaw.rootlog import ALL, Replay, RootlogError, dumps, loads, parse, replay
from rootlaw.rootlog.reader import KIND_WORDS, Flag
from rootlaw.rootlog.tree import Rootlog
from rootlaw.server.errors import ApiError
from rootlaw.server.inputs import read_body, token_of
from rootlaw.server.pages import static_page
from rootlaw.server.play.hub import Hub
from rootlaw.server.play.payload import encode, full_view
from rootlaw.server.play.seats import faction_name
from rootlaw.server.routes.games import account_id

router = APIRouter()
MAX_ROOTLOG = 512 * 1024  # a long game's record is some 30 KB
MAX_LINES = 4000          # lines of an uploaded record (a long game has a few hundred)
CACHED = 16               # uploaded replays kept
NDJSON = "application/x-ndjson"  # the read told as it goes, a JSON object a line
WRITTEN = 64              # records written kept (per game, version and reader)
_replays: OrderedDict[str, Replay] = OrderedDict()
_written: OrderedDict[tuple[str, int, str | None], str] = OrderedDict()
_reading = asyncio.Semaphore(2)  # replays are CPU-bound: at most two at once


def _keep(cache: OrderedDict[Any, Any], key: Any, value: Any, size: int) -> None:
    cache[key] = value
    cache.move_to_end(key)
    while len(cache) > size:
        cache.popitem(last=False)


def _filename(gid: str, game: Game) -> str:
    return f"rootlaw-{gid}{'' if game.is_over else '-v' + str(len(game.log))}.rootlog"


@router.get("/api/rootlog/{gid}")
async def game_rootlog(request: Request, gid: str, token: str | None = None) -> Response:
    """The game's Rootlog: whole once it is over, else as this seat (or the table) saw it."""
    hub: Hub = request.app.state.hub
    seat_token = token_of(request, token)
    live = await hub.get(gid)
    seat = hub.seat_for(live, seat_token, await account_id(request))
    game = live.game  # never changed in place: a change makes a new game (hub.act)
    who: str | None = ALL if game.is_over else seat
    key = (gid, live.version, who)
    text = _written.get(key)
    if text is None:
        try:
            text = await to_thread.run_sync(dumps, game, who)
        except RootlogError as e:  # the prototype's rules: no letters for them
            raise ApiError(422, "no_rootlog", str(e)) from None
        _keep(_written, key, text, WRITTEN)
    name = _filename(gid, game)
    return Response(text, media_type="text/plain; charset=utf-8",
                    headers={"Content-Disposition": f'attachment; filename="{name}"',
                             "Cache-Control": "no-store"})


def _read(text: str) -> Replay:
    return loads(text)


@router.post("/api/rootlogs", status_code=201)
async def upload(request: Request) -> Response:
    """Read and replay a Rootlog (the body, as text); 422 with its line and column if
    it cannot be read. Asked for ``application/x-ndjson``, it answers as it reads
    (``_streamed``)."""
    raw = await read_body(request, MAX_ROOTLOG)
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise ApiError(422, "bad_rootlog", "a Rootlog is UTF-8 text") from None
    if text.count("\n") > MAX_LINES:
        raise ApiError(413, "body_too_large", f"a Rootlog is limited to {MAX_LINES} lines")
    rid = hashlib.sha256(text.encode()).hexdigest()[:24]
    if NDJSON in request.headers.get("accept", "") and rid not in _replays:
        try:
            tree = parse(text, strict=False)  # an unreadable line: refused before any line
        except RootlogError as e:
            raise _bad(e) from None
        return StreamingResponse(_streamed(rid, tree), status_code=201, media_type=NDJSON,
                                 headers={"Location": f"/api/rootlogs/{rid}",
                                          "Cache-Control": "no-store"})
    r = _replays.get(rid)
    if r is None:
        async with _reading:
            try:
                r = await to_thread.run_sync(_read, text)
            except RootlogError as e:
                raise _bad(e) from None
        _keep(_replays, rid, r, CACHED)
    return Response(encode(_summary(rid, r)), status_code=201, media_type="application/json",
                    headers={"Location": f"/api/rootlogs/{rid}"})


async def _streamed(rid: str, tree: Rootlog) -> AsyncIterator[bytes]:
    """The read as it goes, one JSON object a line: ``{"waiting": true}`` while other
    reads hold the CPU, ``{"setup": true}`` as the read begins, ``{"replayed": i,
    "turns": n}`` once the setup is found (i = 0) and after each turn, then
    ``{"summary": ...}`` (the plain POST's body) or ``{"error": ...}`` (the one error
    shape: a record whose setup cannot be made)."""
    loop = asyncio.get_running_loop()
    told: asyncio.Queue[tuple[int, int] | None] = asyncio.Queue()

    def progress(i: int, n: int) -> None:
        loop.call_soon_threadsafe(told.put_nowait, (i, n))

    if _reading.locked():
        yield _line({"waiting": True})
    async with _reading:
        yield _line({"setup": True})  # the setup is searched for first
        job = asyncio.ensure_future(to_thread.run_sync(replay, tree, None, progress))
        job.add_done_callback(lambda _: loop.call_soon_threadsafe(told.put_nowait, None))
        while (step := await told.get()) is not None:
            yield _line({"replayed": step[0], "turns": step[1]})
        try:
            r = job.result()
        except RootlogError as e:
            yield _line({"error": {"code": "bad_rootlog", "message": str(e),
                                   "field": "rootlog"}})
            return
    _keep(_replays, rid, r, CACHED)
    yield _line({"summary": _summary(rid, r)})


def _line(body: dict[str, Any]) -> bytes:
    return encode(body) + b"\n"


def _bad(e: RootlogError) -> ApiError:
    """The reader's error, its line and column in the message (the one error shape)."""
    return ApiError(422, "bad_rootlog", str(e), "rootlog")


def _verdict(flag: Flag | None) -> dict[str, Any]:
    """A turn's status, and if flagged why: the reason, its kind (the reader's KINDS)
    in words, the rule it names and an unreadable line's column."""
    if flag is None:
        return {"status": "checked", "reason": None, "kind": None}
    return {"status": "flagged", "reason": flag.reason, "kind": flag.kind,
            "kind_words": KIND_WORDS[flag.kind], "rule": flag.rule, "column": flag.column}


def _summary(rid: str, r: Replay) -> dict[str, Any]:
    """The report (its count of each kind) and every turn's line and verdict."""
    flags = {f.turn: f for f in r.report.flagged}
    text = {t.line: f"{t.faction}:{t.text}" for t in r.tree.turns}
    turns = [{"turn": i, "line": line, "text": text.get(line, "") if i else "setup",
              **_verdict(flags.get(i))} for i, line in enumerate(r.lines)]
    g = r.states[0]
    names = {f: faction_name(f) for f in r.game.factions}
    return {"id": rid, "report": r.report.to_json(), "notes": r.report.notes,
            "turns": turns, "map": g.setup["map"], "deck": g.setup["deck"],
            "factions": list(r.game.factions), "names": names, "kind_words": KIND_WORDS,
            "winners": list(r.tree.winners or ())}


@router.get("/api/rootlogs/{rid}")
async def replay_turn(rid: str, turn: int = Query(0, ge=0)) -> Response:
    """The board after turn ``turn`` of an uploaded Rootlog (0: after its setup),
    everything revealed (a Rootlog names what it names)."""
    r = _replays.get(rid)
    if r is None:
        raise ApiError(404, "unknown_rootlog", "no such Rootlog here (uploads are kept a "
                       "while): upload it again", "id")
    if turn >= len(r.states):
        raise ApiError(400, "bad_turn", f"turn must be 0..{len(r.states) - 1}", "turn")
    g = r.states[turn]
    flag = next((f for f in r.report.flagged if f.turn == turn), None)
    view = await to_thread.run_sync(full_view, g)
    body = {"turn": turn, "turns": len(r.states) - 1, "line": r.lines[turn],
            **_verdict(flag), "view": view, "scores": g.scores, "over": g.is_over,
            "winners": g.winners, "map": g.setup["map"]}
    return Response(encode(body), media_type="application/json")


@router.get("/rootlog", response_class=HTMLResponse)
def rootlog_page() -> str:
    return static_page("rootlog.html", "Rootlog", "/rootlog", ("rootlog.js",),
                       "Upload a Rootlog and watch it turn by turn")
