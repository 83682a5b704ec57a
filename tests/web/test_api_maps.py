"""GET /api/maps and /api/maps/{name}: suit markers (A.1) and drawing data."""
from __future__ import annotations

import random
from collections import Counter
from typing import Any

import httpx
import pytest

from rootlaw.server import maps

MAPS = ["fall", "winter", "lake", "mountain"]


def layout(client: httpx.Client, name: str, **params: Any) -> dict[str, Any]:
    r = client.get(f"/api/maps/{name}", params=params)
    assert r.status_code == 200, r.text
    return r.json()


def test_map_list(client: httpx.Client) -> None:
    body = client.get("/api/maps").json()
    assert [m["id"] for m in body["maps"]] == MAPS
    assert [m["printed_suits"] for m in body["maps"]] == [True, False, False, False]
    assert body["modes"] == ["balanced", "random", "printed"]


@pytest.mark.parametrize("name", MAPS)
@pytest.mark.parametrize("mode", ["balanced", "random"])
def test_twelve_clearings_four_of_each_suit(client: httpx.Client, name: str, mode: str) -> None:
    body = layout(client, name, seed=12345, mode=mode)
    assert len(body["clearings"]) == 12
    assert Counter(c["suit"] for c in body["clearings"]) == {"fox": 4, "rabbit": 4, "mouse": 4}
    assert [c["priority"] for c in body["clearings"]] == list(range(1, 13))
    assert body["seed"] == 12345 and body["mode"] == mode
    assert body["url"] == f"/maps?map={name}&mode={mode}&seed=12345"


@pytest.mark.parametrize("name", MAPS)
def test_same_seed_same_layout(client: httpx.Client, name: str) -> None:
    for mode in ("balanced", "random"):
        a = layout(client, name, seed=777, mode=mode)
        b = layout(client, name, seed=777, mode=mode)
        assert [c["suit"] for c in a["clearings"]] == [c["suit"] for c in b["clearings"]]


def test_seeds_vary_the_layout(client: httpx.Client) -> None:
    seen = {tuple(c["suit"] for c in layout(client, "winter", seed=s, mode="random")["clearings"])
            for s in range(8)}
    assert len(seen) > 4


@pytest.mark.parametrize("name", MAPS)
def test_balanced_layouts_follow_the_rule(name: str) -> None:
    m = maps.facts(name)
    for seed in range(25):
        suits = maps.balanced_layout(m, seed)
        assert maps.corners_differ(m, suits)
        assert maps.same_suit_paths(m, suits) == 0  # possible on all four maps


def test_balanced_is_optimal_against_brute_force() -> None:
    """The Mountain's fewest same-suit (open) paths, checked on many random shuffles."""
    m = maps.facts("mountain")
    best = min(maps.same_suit_paths(m, maps.random_layout(m, s)) for s in range(3000)
               if maps.corners_differ(m, maps.random_layout(m, s)))
    assert best >= maps.same_suit_paths(m, maps.balanced_layout(m, 1))


def test_randomizer_never_touches_the_global_rng(client: httpx.Client) -> None:
    random.seed(99)
    before = random.getstate()
    for name in MAPS:
        maps.layout(name, "5", "random")
        maps.layout(name, "5", "balanced")
    maps.layout("fall", None, "random")  # a fresh seed comes from `secrets`
    assert random.getstate() == before


def test_missing_seed_gets_a_fresh_one(client: httpx.Client) -> None:
    body = layout(client, "fall")
    assert 0 <= body["seed"] <= maps.MAX_SEED and body["mode"] == "balanced"


def test_printed_fall_suits(client: httpx.Client) -> None:
    body = layout(client, "fall", mode="printed", seed=1)
    assert all(c["suit"] == c["printed_suit"] for c in body["clearings"])


def test_drawing_data(client: httpx.Client) -> None:
    fall = layout(client, "fall", seed=1)
    assert len(fall["paths"]) == 18 and len(fall["rivers"]) == 4 and len(fall["forests"]) == 7
    assert fall["lake"] is None
    assert sum(c["ruin"] for c in fall["clearings"]) == 4
    lake = layout(client, "lake", seed=1)
    assert lake["rivers"] == []  # the lake's links are drawn as the lake (C.2.2)
    assert lake["lake"]["coastal"] == [1, 10, 11, 12] and lake["lake"]["ferry"] == 1
    assert len(lake["lake"]["outline"]) > 10
    mountain = layout(client, "mountain", seed=1)
    closed = {(p["a"], p["b"]) for p in mountain["paths"] if p["closed"]}
    assert closed == {(2, 5), (3, 7), (5, 9), (6, 11), (8, 9), (11, 12)}
    assert [c["id"] for c in mountain["clearings"] if c["pass"]] == [10]
    assert any(r["control"] for r in mountain["rivers"]), "a river is drawn curved"


@pytest.mark.parametrize(("url", "status", "code"), [
    ("/api/maps/autumn?seed=1", 404, "unknown_map"),
    ("/api/maps/fall?seed=abc", 400, "bad_seed"),
    ("/api/maps/fall?seed=-1", 400, "bad_seed"),
    ("/api/maps/fall?seed=1.5", 400, "bad_seed"),
    ("/api/maps/fall?seed=4294967296", 400, "bad_seed"),
    ("/api/maps/fall?seed=1&mode=chaos", 400, "bad_mode"),
    ("/api/maps/winter?seed=1&mode=printed", 400, "no_printed_suits"),
])
def test_bad_input(client: httpx.Client, url: str, status: int, code: str) -> None:
    r = client.get(url)
    assert r.status_code == status
    assert r.json()["error"]["code"] == code
