"""Hostile input gets a clear 4xx or a WebSocket close code, leaves every game as it was,
and puts nothing in the log but the refusal (`rootlaw serve` in its own process)."""
from __future__ import annotations

import json
import os
import socket
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from rootlaw.server import inputs
from rootlaw.server.background import BackgroundServer
from tests.web.play_helpers import create, state, token
from tests.web.serve_proc import Served, serve

FACTIONS = ["marquise", "eyrie", "vagabot"]


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    folder = tmp_path_factory.mktemp("hardening")
    with serve(folder, f"sqlite:///{folder / 'games.sqlite3'}") as s:
        yield s


@pytest.fixture(scope="module")
def game(served: Served) -> dict[str, Any]:
    with httpx.Client(base_url=served.url, timeout=10) as c:
        return create(c, factions=FACTIONS, seed=3)


def snapshot(url: str, game: dict[str, Any]) -> dict[str, Any]:
    """Every seat's state and log, and the spectator's."""
    with httpx.Client(base_url=url, timeout=10) as c:
        out = {}
        for f in [*FACTIONS, None]:
            tok = game["seats"][f]["token"] if f else None
            out[f] = (state(c, game["id"], tok),
                      c.get(f"/api/games/{game['id']}/log",
                            params={"token": tok} if tok else None).json())
        return out


@pytest.fixture()
def unchanged(served: Served, game: dict[str, Any]) -> Iterator[None]:
    """The game is the same after the test, and the log says nothing but refusals."""
    before, offset = snapshot(served.url, game), len(served.text())
    yield
    assert snapshot(served.url, game) == before
    time.sleep(0.2)  # the last lines reach the file
    logged = served.text()[offset:]
    for bad in ("Traceback", "ERROR", "Exception"):
        assert bad not in logged, logged[-3000:]


def raw(served: Served, data: bytes, timeout: float = 5) -> bytes:
    """Send bytes on a fresh connection; everything answered until it closes (or the
    timeout, after which what came so far)."""
    with socket.create_connection(("127.0.0.1", served.port)) as s:
        s.settimeout(timeout)
        try:
            s.sendall(data)
        except (BrokenPipeError, ConnectionResetError):
            pass
        out = b""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                chunk = s.recv(65536)
            except TimeoutError:
                break
            except ConnectionResetError:
                break
            if not chunk:
                break
            out += chunk
        return out


def post_raw(served: Served, path: str, body: bytes, headers: str = "") -> httpx.Response:
    with httpx.Client(base_url=served.url, timeout=10) as c:
        return c.post(path, content=body, headers={"Content-Type": "application/json",
                                                   **_headers(headers)})


def _headers(text: str) -> dict[str, str]:
    return dict(h.split(": ", 1) for h in text.splitlines() if h)


def error(r: httpx.Response, status: int, code: str) -> dict[str, Any]:
    assert r.status_code == status, r.text
    body = r.json()["error"]
    assert body["status"] == status and body["code"] == code and len(r.content) < 1500
    return body


def status_of(answer: bytes) -> int:
    assert answer.startswith(b"HTTP/1.1 "), answer[:200]
    return int(answer.split()[1])


# ---------------------------------------------------------------- nesting and encoding

def test_deep_bodies_are_refused(served: Served, game: dict[str, Any], unchanged: None) -> None:
    gid, tok = game["id"], token(game, "marquise")
    error(post_raw(served, f"/api/games/{gid}/actions", b"[" * 100_000), 413, "body_too_large")
    error(post_raw(served, f"/api/games/{gid}/actions", b"[" * 60_000), 422, "bad_request")
    error(post_raw(served, "/api/games", b'{"factions": ' + b"[" * 60_000), 422, "bad_request")
    deep: Any = 0
    for _ in range(490):
        deep = [deep]
    body = json.dumps({"token": tok, "version": 0, "option": deep}).encode()
    error(post_raw(served, f"/api/games/{gid}/actions", body), 422, "illegal_option")
    body = json.dumps({"factions": FACTIONS, "bot_setup": {"vagabot": deep}}).encode()
    error(post_raw(served, "/api/games", body), 422, "bad_request")
    wide = json.dumps({"token": tok, "version": 0, "option": list(range(5000))}).encode()
    error(post_raw(served, f"/api/games/{gid}/actions", wide), 422, "illegal_option")


def test_lone_surrogates_are_refused(served: Served, game: dict[str, Any],
                                     unchanged: None) -> None:
    gid = game["id"]
    lone = b'"\\ud800"'
    error(post_raw(served, f"/api/games/{gid}/actions",
                   b'{"token": ' + lone + b', "version": 0, "option": 0}'), 422, "bad_request")
    error(post_raw(served, f"/api/games/{gid}/undo", b'{"token": ' + lone + b"}"),
          422, "bad_request")
    error(post_raw(served, "/api/games", b'{' + lone + b': 1, "factions": ["marquise"]}'),
          422, "bad_request")
    with httpx.Client(base_url=served.url, timeout=10) as c:
        error(c.get(f"/api/games/{gid}?token=%ED%A0%80"), 403, "bad_token")
        error(c.get(f"/api/games/{gid}", headers={"Authorization": b"Bearer \xed\xa0\x80"}),
              403, "bad_token")
        error(c.get(f"/api/games/{gid}", headers={"Authorization": "Bearer"}),
              403, "bad_token")
        # a proxy's Basic credentials are not a seat token: a spectator's view
        r = c.get(f"/api/games/{gid}", headers={"Authorization": "Basic dTpw"})
        assert r.status_code == 200 and r.json()["seat"] is None
        r = c.post(f"/api/games/{gid}/actions", json={"version": 0, "option": 0},
                   headers={"Idempotency-Key": "a key with spaces"})
        error(r, 400, "bad_idempotency_key")
    assert b" 422 " in raw(served, b"POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Length: 3"
                                   b"\r\nConnection: close\r\n\r\n\xff\xfe\x00")


def test_long_values_are_not_echoed(served: Served, unchanged: None) -> None:
    with httpx.Client(base_url=served.url, timeout=10) as c:
        for path in ("/api/games/" + "a" * 7000, "/api/games/" + "\u00e9" * 3000 + "/log",
                     "/api/maps/" + "m" * 7000, "/api/rules/law/" + "9" * 7000,
                     "/games/" + "g" * 7000):
            r = c.get(path)
            assert r.status_code == 404 and len(r.content) < 6000, (path[:30], r.text[:300])
            assert "a" * 100 not in r.text and "m" * 100 not in r.text
        body = {"factions": ["x" * 60_000, "eyrie"]}
        error(c.post("/api/games", json=body), 422, "bad_request")
        answer = raw(served, b"GET /api/games/" + b"a" * 70_000 + b" HTTP/1.1\r\nHost: x\r\n"
                     b"Connection: close\r\n\r\n")
        assert 400 <= status_of(answer) < 500 and len(answer) < 6000


# ---------------------------------------------------------------- sizes and time

def test_bodies_are_limited_in_size(served: Served, game: dict[str, Any],
                                    unchanged: None) -> None:
    gid = game["id"]
    t0 = time.monotonic()  # a huge Content-Length and no body: refused before reading
    answer = raw(served, f"POST /api/games/{gid}/actions HTTP/1.1\r\nHost: x\r\n"
                 "Content-Type: application/json\r\nContent-Length: 20000000\r\n\r\n".encode())
    assert status_of(answer) == 413 and b"body_too_large" in answer
    assert time.monotonic() - t0 < 4
    big = b'{"token": "' + b"x" * (2 * inputs.MAX_BODY) + b'"}'
    error(post_raw(served, "/api/games", big), 413, "body_too_large")

    def chunks() -> Iterator[bytes]:  # no Content-Length: counted as it comes
        yield b'{"factions": ["'
        for _ in range(64):
            yield b"x" * 4096

    with httpx.Client(base_url=served.url, timeout=10) as c:
        error(c.post(f"/api/games/{gid}/undo", content=chunks()), 413, "body_too_large")
        error(c.post(f"/api/games/{gid}/actions", content=b"{",
                     headers={"Content-Length": "1"}), 422, "bad_request")


def test_a_client_that_leaves_mid_body(served: Served, game: dict[str, Any],
                                       unchanged: None) -> None:
    for path in ("/api/games", f"/api/games/{game['id']}/actions"):
        with socket.create_connection(("127.0.0.1", served.port)) as s:
            s.sendall(f"POST {path} HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n"
                      '{"tok'.encode())
            time.sleep(0.1)


def test_a_body_that_never_comes_times_out(monkeypatch: pytest.MonkeyPatch,
                                           tmp_path: Path) -> None:
    monkeypatch.setattr(inputs, "BODY_TIMEOUT", 0.5)
    with BackgroundServer(db=str(tmp_path / "g.sqlite3")) as url:
        port = int(url.rsplit(":", 1)[1])
        with socket.create_connection(("127.0.0.1", port)) as s:
            s.settimeout(5)
            s.sendall(b"POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{")
            answer = s.recv(65536)
        assert status_of(answer) == 408 and b"body_timeout" in answer


# ---------------------------------------------------------------- WebSockets

def ws_url(served: Served, gid: str, tok: str | None = None) -> str:
    return served.url.replace("http://", "ws://") + f"/api/games/{gid}/ws" + (
        f"?token={tok}" if tok else "")


def close_code(url: str, **kw: Any) -> int:
    with connect(url, **kw) as ws:
        with pytest.raises(ConnectionClosed):
            while True:
                ws.recv(timeout=5)
        assert ws.close_code is not None
        return ws.close_code


def test_websocket_refusals_are_close_codes(served: Served, game: dict[str, Any],
                                            unchanged: None) -> None:
    gid = game["id"]
    assert close_code(ws_url(served, gid, "forged-but-token-shaped")) == 4403
    assert close_code(ws_url(served, gid, "x")) == 4403
    assert close_code(ws_url(served, "nosuchgame")) == 4404
    assert close_code(ws_url(served, "a" * 5000)) == 4404
    assert close_code(ws_url(served, gid),
                      additional_headers={"Authorization": "Bearer nope"}) == 4403


def test_a_binary_frame_closes_the_socket_with_1003(served: Served, game: dict[str, Any],
                                                    unchanged: None) -> None:
    url = ws_url(served, game["id"], token(game, "marquise"))
    with connect(url) as ws:
        assert json.loads(ws.recv(timeout=5))["seat"] == "marquise"
        ws.send("ping")
        assert ws.recv(timeout=5) == "pong"
        ws.send(b"\x00\x01binary")
        with pytest.raises(ConnectionClosed):
            ws.recv(timeout=5)
        assert ws.close_code == 1003
    with connect(url, max_size=None) as ws:  # a message over the limit: 1009
        ws.recv(timeout=5)
        ws.send("x" * (128 * 1024))
        with pytest.raises(ConnectionClosed):
            ws.recv(timeout=5)
        assert ws.close_code == 1009


def open_fds(pid: int) -> int:
    return len(os.listdir(f"/proc/{pid}/fd"))


def test_long_websocket_handshakes_are_answered_and_closed(served: Served,
                                                           game: dict[str, Any],
                                                           unchanged: None) -> None:
    before = open_fds(served.proc.pid)
    for n in (9_000, 70_000):
        line = f"GET /api/games/{game['id']}/ws?token={'a' * n} HTTP/1.1\r\n".encode()
        answer = raw(served, line + b"Host: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                     b"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                     b"Sec-WebSocket-Version: 13\r\n\r\n")
        assert status_of(answer) in (400, 414)
    held = []
    for _ in range(60):  # none of them is held open
        s = socket.create_connection(("127.0.0.1", served.port))
        s.sendall(f"GET /api/games/x/ws?t={'a' * 9000} HTTP/1.1\r\nHost: x\r\nUpgrade: "
                  "websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub"
                  "25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n".encode())
        held.append(s)
    for s in held:
        s.settimeout(5)
        assert s.recv(100).startswith((b"HTTP/1.1 400", b"HTTP/1.1 414"))
    deadline = time.monotonic() + 5
    while open_fds(served.proc.pid) > before + 2 and time.monotonic() < deadline:
        time.sleep(0.05)
    assert open_fds(served.proc.pid) <= before + 2
    for s in held:
        s.close()


def test_the_fast_path_answers_like_the_routes(served: Served, game: dict[str, Any]) -> None:
    """fastpath.py answers the state and the actions: the same headers, gzip and errors
    as every other route."""
    with httpx.Client(base_url=served.url, timeout=10) as c:
        r = c.get(f"/api/games/{game['id']}", headers={"Accept-Encoding": "gzip"})
        assert r.status_code == 200 and r.headers["content-encoding"] == "gzip"
        assert r.headers["content-security-policy"].startswith("default-src 'self'")
        assert r.headers["x-content-type-options"] == "nosniff"
        assert r.json()["id"] == game["id"]
        for bad in (c.get("/api/games/nosuchgame"), c.post("/api/games/nosuchgame/actions",
                                                            json={"option": 0})):
            error(bad, 404, "unknown_game")
            assert bad.headers["content-security-policy"]
        assert c.put(f"/api/games/{game['id']}/actions").status_code == 405
        spec = c.get("/api/openapi.json").json()["paths"]
        assert "/api/games/{gid}" in spec and "/api/games/{gid}/actions" in spec
