"""The Crusader expansion's Borough Kings and Host of Light on the web (fan-made: BK,
HOL): the lobby offers them, the board draws the arsenals, the Manifest, the mice among
the turn player's warriors (BK.2.4) and the firebrands face up with their reward and
suit, no seat ever receives the bag's order or a face-down firebrand (BK.2.3,
HOL.2.2.I), and a decision of their rules links the Crusader rules reference."""
from __future__ import annotations

import json
from typing import Any

import httpx
from playwright.sync_api import Page, expect

from tests.web.play_helpers import create, play_random, state, token

BK, HL = "borough_kings", "host_of_light"


def faction(s: dict[str, Any], f: str) -> dict[str, Any]:
    return dict(s["view"]["players"][f]["faction"])


def firebrands(s: dict[str, Any]) -> list[tuple[int, str]]:
    return [(c["id"], k) for c in s["view"]["clearings"] for o, k in c["tokens"]
            if o == HL and k.startswith("fb_")]


def mice_lent_to_the_host(s: dict[str, Any]) -> bool:
    """The Host deciding on its turn, with mice among its warriors and firebrands out."""
    d = s.get("decision") or {}
    bk = faction(s, BK)
    return (d.get("seat") == HL and bk["mice_treated_as"] == HL and bool(bk["mice"])
            and bool(firebrands(s)))


def host_game(client: httpx.Client) -> tuple[dict[str, Any], dict[str, Any], str]:
    """A game of both, played at random until the Host decides by one of its own rules
    (HOL) on its turn with mice among its warriors and firebrands out; the game, its
    public state and the rule."""
    for seed in range(1, 30):
        game = create(client, factions=[BK, HL], seed=seed)

        def rule(game: dict[str, Any] = game) -> str:
            return str(state(client, game["id"], token(game, HL))["decision"]["rule"])

        s = play_random(client, game, 500, seed=seed,
                        stop=lambda s: mice_lent_to_the_host(s) and rule().startswith("HOL."))
        if not s["over"] and mice_lent_to_the_host(s):
            return game, s, rule()
    raise AssertionError("no game reached mice lent to the Host with firebrands out")


def test_the_lobby_offers_the_kings_and_the_host(client: httpx.Client) -> None:
    cat = client.get("/api/play/catalog").json()
    by_id = {f["id"]: f for f in cat["factions"]}
    assert by_id[BK]["name"] == "Borough Kings" and by_id[BK]["fan"] == "crusader"
    assert by_id[HL]["name"] == "Host of Light" and by_id[HL]["reach"] == 6
    assert cat["names"]["fb_fox_flame"] == "firebrand (fox, Flame)"


def test_the_board_draws_the_kings_and_the_host(page: Page, client: httpx.Client) -> None:
    game, s, rule = host_game(client)
    for tok in (token(game, BK), token(game, HL), None):  # BK.2.3, HOL.2.2.I: nobody's
        seen = state(client, game["id"], tok)
        text = json.dumps(seen["view"])
        assert '"rat"' not in text and "bk_bag" not in text
        assert "two_warriors" not in json.dumps(faction(seen, HL)["firebrands_on_track"])
    page.goto(f"/games/{game['id']}?token={token(game, HL)}")
    board = page.locator("#game-map")
    bk = faction(s, BK)
    # BK.2.4: the mice are drawn among the Host's warriors, marked as the Kings' mice
    for c, n in bk["mice"].items():
        badge = board.locator(f"g.clearing[data-id='{c}'] g.warriors[data-faction='{HL}']")
        expect(badge).to_have_attribute("data-mice", str(n))
        expect(badge.locator("g.mice-mark")).to_have_count(1)
        expect(badge.locator("title").first).to_contain_text("Borough Kings' mice")
    # the arsenals (buildings) and the firebrands, face up: reward letter, suit bar
    arsenals = [c["id"] for c in s["view"]["clearings"] for b in c["buildings"]
                if b == [BK, "arsenal"]]
    expect(board.locator(f"g.building[data-owner='{BK}'][data-kind='arsenal']")) \
        .to_have_count(len(arsenals))
    for c, kind in firebrands(s):
        brand = board.locator(f"g.clearing[data-id='{c}'] g.token-{kind}")
        expect(brand.locator("text.piece-mark")).to_have_text(
            {"two_warriors": "W", "flame": "F", "card": "C"}[kind.split("_", 2)[2]])
        expect(brand.locator(f"rect.suit-{kind.split('_')[1]}")).to_have_count(1)
    # the Manifest as three columns; the bag as a count only
    kings = page.locator(f".faction-board[data-faction='{BK}']")
    expect(kings.locator(".decree-col")).to_have_count(3)
    expect(kings).to_contain_text("Warriors In Bag")
    host = page.locator(f".faction-board[data-faction='{HL}']")
    expect(host).to_contain_text("Fervor")
    # a decision of the Host's rules links the Crusader rules reference
    expect(page.locator("#decision-rule a")).to_have_attribute(
        "href", f"/rules/crusader#{rule.split('/')[0]}")
    legend = page.locator(".pieces-legend")
    for kind in ("arsenal", "herald", "fb", "mouse_mark"):
        expect(legend.locator(f"li[data-kind='{kind}']")).to_have_count(1)
