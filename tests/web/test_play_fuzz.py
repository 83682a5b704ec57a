"""Fuzzing the bodies of POST /api/games and POST /api/games/{id}/actions (hypothesis):
whatever JSON, almost-JSON or bytes arrive, the answer is a 2xx or a 4xx in the one error
shape, never a 500; a refused action leaves the game as it was."""
from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rootlaw.server.background import BackgroundServer
from rootlaw.server.play.newgame import FIELDS

EXAMPLES = 150
SETTINGS = settings(max_examples=EXAMPLES, deadline=None, derandomize=True, database=None,
                    suppress_health_check=[HealthCheck.function_scoped_fixture,
                                           HealthCheck.too_slow])

# text with lone surrogates and control characters among ordinary letters
texts = st.text(st.characters(codec=None, exclude_categories=()), max_size=12) | st.sampled_from(
    ["marquise", "eyrie", "alliance", "vagabond", "vagabot", "electric_eyrie", "fall", "lake",
     "standard", "human", "bot", "agent:random", "agent:", "", "\ud800", "0", "-1"])
scalars = (st.none() | st.booleans() | st.integers() | st.integers(-2**70, 2**70)
           | st.floats(allow_nan=True, allow_infinity=True) | texts)
values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=5)
                      | st.dictionaries(texts, inner, max_size=5), max_leaves=20)


def deep(n: int) -> Any:
    v: Any = 0
    for _ in range(n):
        v = [v]
    return v


def encode(value: Any) -> bytes:
    """JSON as a careless client writes it: NaN, Infinity and lone surrogates included
    (json.dumps allows them; the server must refuse them)."""
    return json.dumps(value).encode()


create_bodies = st.fixed_dictionaries({}, optional={
    **{name: values for name in FIELDS},
    "factions": st.lists(texts, max_size=6) | values,
    "seats": st.dictionaries(texts, texts | values, max_size=4),
    "bot_setup": st.dictionaries(texts, st.dictionaries(texts, texts | values)) | values,
}) | st.dictionaries(texts, values, max_size=4) | values
raw_bodies = (st.binary(max_size=64) | st.sampled_from([
    b"", b"{", b"[" * 5000, b'{"factions": ' + b"[" * 3000, b'"\\ud800"', b"NaN", b"\xff\xfe",
    b'{"factions": ["marquise", "eyrie"]}' * 2, encode({"factions": deep(600)})]))


@pytest.fixture(scope="module")
def app_client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[httpx.Client]:
    folder: Path = tmp_path_factory.mktemp("fuzz")
    with BackgroundServer(db=str(folder / "fuzz.sqlite3"), agent_delay=60) as url, \
            httpx.Client(base_url=url, timeout=10) as c:
        yield c


def check(r: Any) -> None:
    assert r.status_code < 500, r.text
    if r.status_code >= 400:
        err = r.json()["error"]
        assert err["status"] == r.status_code and err["code"] and err["message"]
        assert len(r.content) < 2000


@SETTINGS
@given(body=create_bodies)
def test_new_game_bodies_never_500(app_client: httpx.Client, body: Any) -> None:
    r = app_client.post("/api/games", content=encode(body),
                        headers={"Content-Type": "application/json"})
    check(r)
    if r.status_code == 201:
        assert set(r.json()["seats"]) == set(body["factions"])


@SETTINGS
@given(data=raw_bodies)
def test_new_game_bytes_never_500(app_client: httpx.Client, data: bytes) -> None:
    check(app_client.post("/api/games", content=data))


@pytest.fixture(scope="module")
def game(app_client: httpx.Client) -> dict[str, Any]:
    r = app_client.post("/api/games", json={"factions": ["marquise", "eyrie", "vagabot"],
                                            "seats": {"eyrie": "agent:random"}})
    assert r.status_code == 201
    return dict(r.json())


def tokens(game: dict[str, Any]) -> st.SearchStrategy[Any]:
    real = game["seats"]["marquise"]["token"]
    return st.sampled_from([real, real[:-1], real + "x", "", None]) | values


@SETTINGS
@given(st.data())
def test_action_bodies_never_500(app_client: httpx.Client, game: dict[str, Any],
                                 data: st.DataObject) -> None:
    gid = game["id"]
    cat = game["seats"]["marquise"]["token"]
    before = app_client.get(f"/api/games/{gid}", params={"token": cat}).json()
    options = (before["decision"] or {}).get("options") or [[]]
    body = data.draw(st.fixed_dictionaries({}, optional={
        "token": tokens(game),
        "version": st.sampled_from([before["version"], before["version"] - 1, -1, 2**80,
                                    True, "0", 0.0]) | values,
        "option": st.sampled_from([0, 1, len(options), -1, 2**70, options[0],
                                   [*options[0], 0], deep(490), list(range(100))])
        | values}) | values)
    raw = data.draw(st.booleans())
    headers: dict[str, Any] = {"Content-Type": "application/json"}
    if data.draw(st.booleans()):
        headers["Idempotency-Key"] = data.draw(st.sampled_from(["k", "a b", "x" * 200]))
    content = data.draw(raw_bodies) if raw else encode(body)
    if data.draw(st.booleans()):
        headers["Authorization"] = data.draw(st.sampled_from(
            [f"Bearer {cat}", "Bearer", "Basic x", b"Bearer \xc3\xa9", f"bearer  {cat}"]))
    r = app_client.post(f"/api/games/{gid}/actions", content=content, headers=headers)
    check(r)
    after = app_client.get(f"/api/games/{gid}", params={"token": cat}).json()
    if r.status_code != 200:
        assert after == before, r.text
    else:
        assert after["version"] > before["version"]
