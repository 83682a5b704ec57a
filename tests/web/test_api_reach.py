"""GET /api/reach and /api/reach/table: Law of Root 5.2."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import httpx
import pytest

from rootlaw.server import reach


def get(client: httpx.Client, **params: Any) -> httpx.Response:
    return client.get("/api/reach", params=params)


def test_table_matches_the_data_file(client: httpx.Client) -> None:
    body = client.get("/api/reach/table").json()
    data = json.loads((Path(reach.__file__).parents[1] / "data" / "reach.json").read_text())
    assert body["viable_sums"] == data["viable_sums"]
    assert {f["id"]: f["reach"] for f in body["factions"]} == \
        {f["id"]: f["reach"] for f in data["factions"]}


def test_reach_json_agrees_with_the_law_text() -> None:
    """5.2's tables, as converted from the seed, give the same numbers as reach.json."""
    law = json.loads((Path(reach.__file__).parents[1] / "data" / "rules" / "law.json")
                     .read_text())
    section = next(s for ch in law["chapters"] for s in ch["children"]
                   if s.get("anchor") == "5.2")
    sums_table, values_table = [c for c in section["children"] if c["kind"] == "table"]
    players, totals = sums_table["rows"]
    assert {int(p): int(t.rstrip("+")) for p, t in zip(players[1:], totals[1:], strict=True)} \
        == reach.table().viable_sums
    by_name = {f.name: list(f.reach) for f in reach.table().factions}
    for name, value in values_table["rows"]:
        key = name.replace(" (first/second)", "")
        assert by_name[key] == [int(v) for v in value.split("/")]


def test_four_player_base_game_is_viable(client: httpx.Client) -> None:
    body = get(client, factions="marquise,eyrie,alliance,vagabond").json()
    assert (body["total"], body["required"], body["players"]) == (25, 21, 4)
    assert body["verdict"] == "viable" and body["viable"] and body["margin"] == 4
    assert body["rule"] == "5.2"


def test_second_vagabond_counts_two(client: httpx.Client) -> None:
    body = get(client, factions=["vagabond", "vagabond", "marquise"]).json()
    assert body["total"] == 5 + 2 + 10
    assert [f["reach"] for f in body["factions"]] == [10, 5, 2]
    assert get(client, factions="vagabond,vagabond2").json()["total"] == 7  # engine alias


def test_adventurous_and_not_viable(client: httpx.Client) -> None:
    adventurous = get(client, factions="eyrie,vagabond,riverfolk").json()  # 17 for 3 players
    assert (adventurous["verdict"], adventurous["required"]) == ("adventurous", 18)
    low = get(client, factions="lizard,corvid,alliance").json()
    assert low["verdict"] == "not_viable" and low["total"] == 8


def test_incomplete_selection_gets_completions(client: httpx.Client) -> None:
    body = get(client, factions="alliance", players=4).json()
    assert body["verdict"] == "incomplete"
    assert body["suggestions"], "a viable completion exists"
    for s in body["suggestions"]:
        assert "alliance" in s["factions"] and len(s["factions"]) == 4
        assert s["total"] >= 21 and s["remove"] == []


def test_suggestions_change_as_little_as_possible(client: httpx.Client) -> None:
    body = get(client, factions="marquise,lizard,corvid,alliance").json()  # 18 < 21
    assert body["verdict"] == "adventurous" and body["suggestions"]
    best = body["suggestions"][0]
    assert len(best["remove"]) == 1 and len(best["add"]) == 1
    assert best["total"] == 21  # the smallest viable total comes first
    assert all(s["total"] >= body["required"] for s in body["suggestions"])


def test_empty_selection_suggests_two_player_games(client: httpx.Client) -> None:
    body = client.get("/api/reach").json()
    assert body["verdict"] == "incomplete" and body["players"] == 2
    assert all(len(s["factions"]) == 2 for s in body["suggestions"])


@pytest.mark.parametrize(("params", "status", "code"), [
    ({"factions": "marquise,dragons"}, 400, "unknown_faction"),
    ({"factions": "marquise,marquise"}, 400, "duplicate_faction"),
    ({"factions": "vagabond,vagabond,vagabond"}, 400, "duplicate_faction"),
    ({"factions": "marquise,eyrie", "players": "7"}, 400, "bad_players"),
    ({"factions": "marquise,eyrie", "players": "1"}, 400, "bad_players"),
    ({"factions": "marquise,eyrie", "players": "four"}, 400, "bad_players"),
    ({"factions": "marquise,eyrie,alliance", "players": "2"}, 400, "too_many_factions"),
])
def test_bad_input(client: httpx.Client, params: dict[str, str], status: int, code: str) -> None:
    r = get(client, **params)
    assert r.status_code == status
    err = r.json()["error"]
    assert err["code"] == code and err["status"] == status and err["message"]
