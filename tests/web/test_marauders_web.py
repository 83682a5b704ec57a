"""The Marauder factions on the web (14, 15): the lobby offers them; the board draws the
warlord, the mobs and the Hoard, the relics in the forests and the Keepers' Retinue;
no seat, the Keepers' own included, ever receives a face-down relic's value (15.3.1)."""
from __future__ import annotations

import json
from typing import Any

import httpx
from playwright.sync_api import Page, expect

from rootlaw.core.options import card_name
from tests.web.play_helpers import game_reaching, state, token

LH, KI = "hundreds", "keepers"


def faction(s: dict[str, Any], f: str) -> dict[str, Any]:
    return dict(s["view"]["players"][f]["faction"])


def face_down_relics(s: dict[str, Any]) -> list[tuple[str, str]]:
    """(forest, type) of every face-down relic in the view."""
    return [(f["id"], kind) for f in s["view"]["forests"] for _, kind in f["tokens"]
            if not kind[-1].isdigit()]


def settled(s: dict[str, Any]) -> bool:
    """Past setup: the warlord is out, a mob is down and relics lie face down."""
    return (faction(s, LH)["warlord"] is not None and bool(faction(s, LH)["mob_clearings"])
            and bool(face_down_relics(s)))


def marauder_game(client: httpx.Client) -> tuple[dict[str, Any], dict[str, Any]]:
    return game_reaching(client, [LH, KI], settled, "a mob beside face-down relics", 300)


def test_the_lobby_offers_both_marauder_factions(client: httpx.Client) -> None:
    cat = {f["id"]: f for f in client.get("/api/play/catalog").json()["factions"]}
    assert cat[LH]["name"] == "Lord of the Hundreds" and not cat[LH]["bot"]
    assert cat[KI]["name"] == "Keepers in Iron" and not cat[KI]["bot"]
    names = client.get("/api/play/catalog").json()["names"]  # ids the board draws by name
    assert names["battle_then_delve"] == "Battle then Delve"
    assert names["ws_tablet_jewelry"] == "waystation (tablet side up, jewelry on the back)"


def test_no_seat_receives_a_face_down_relics_value(client: httpx.Client) -> None:
    game, public = marauder_game(client)
    hidden = face_down_relics(public)
    for tok in (token(game, LH), token(game, KI), None):
        s = state(client, game["id"], tok)
        assert face_down_relics(s) == hidden  # the same face-down relics for everyone
        assert faction(s, KI)["face_down_relics"]["identities"] is None
        assert faction(s, KI)["face_down_relics"]["count"] == len(hidden)
        # the payload holds each face-down relic by its type only, nowhere its value
        assert all(not kind[-1].isdigit() for _, kind in face_down_relics(s))
        assert "values" not in json.dumps(faction(s, KI))


def test_the_board_draws_the_hundreds_and_the_keepers(page: Page,
                                                      client: httpx.Client) -> None:
    game, s = marauder_game(client)
    lh, ki = faction(s, LH), faction(s, KI)
    page.goto(f"/games/{game['id']}?token={token(game, LH)}")
    board = page.locator("#game-map")
    warlord = board.locator(f"g.clearing[data-id='{lh['warlord']}'] g.warlord[data-faction='{LH}']")
    expect(warlord).to_have_count(1)  # 14.2.2: drawn apart from the other warriors
    mobs = board.locator(f"g.token-mob[data-owner='{LH}']")
    expect(mobs).to_have_count(len(lh["mob_clearings"]))  # one mob token per clearing (14.2.6)
    for c in lh["mob_clearings"]:
        expect(board.locator(f"g.clearing[data-id='{c}'] g.token-mob")).to_have_count(1)
    hoard = page.locator(f".faction-board[data-faction='{LH}'] .pill[data-key='command']")
    expect(hoard).to_contain_text("Command " + (", ".join(i.title() for i in lh["hoard"]["command"])
                                                or "none"))
    # 15.2.1: face-down relics show their type and "?" (their value is nobody's)
    relics = board.locator(f"g.forest-token[data-owner='{KI}']")
    expect(relics).to_have_count(sum(len(f["tokens"]) for f in s["view"]["forests"]))
    down = face_down_relics(s)
    expect(board.locator("g.forest-token text", has_text="?")).to_have_count(len(down))
    expect(board.locator(f"g.forest-token[data-kind='{down[0][1]}'] title").first) \
        .to_contain_text("relic (face down)")
    # 15.5.2: the Retinue, three columns in order, with its cards
    retinue = page.locator(f".faction-board[data-faction='{KI}'] .retinue .decree-col")
    expect(retinue).to_have_count(3)
    for i, (col, cards) in enumerate(ki["retinue"].items()):
        expect(retinue.nth(i)).to_have_attribute("data-column", col)
        expect(retinue.nth(i).locator(".card-chip")).to_have_text([card_name(c) for c in cards])
    expect(retinue.nth(1).locator("h4")).to_have_text("Battle then Delve")
    keepers = page.locator(f".faction-board[data-faction='{KI}']")
    expect(keepers).to_contain_text(f"{len(down)} face down")
    if ki["waystations_in_supply"]:  # the engine's names: the side each shows (15.2.2)
        expect(keepers).to_contain_text("waystation (")
