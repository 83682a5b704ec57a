"""The Crusader expansion's Spinners of Mercy and Vile Wyrm on the web (fan-made: SOM,
VW): the lobby offers them (their reach a reading), the board draws the webs, the
infirmaries, the fear tokens with their side up, the Wyrm (in a forest too) and the
Ward's patients, and a decision of their rules links the Crusader rules reference."""
from __future__ import annotations

from typing import Any

import httpx
from playwright.sync_api import Page, expect

from tests.web.play_helpers import create, game_reaching, play_random, state, token

SM, VW = "spinners", "wyrm"


def faction(s: dict[str, Any], f: str) -> dict[str, Any]:
    return dict(s["view"]["players"][f]["faction"])


def wyrm_forest(s: dict[str, Any]) -> str | None:
    """The forest the Wyrm is in, None while it is in a clearing."""
    for f in s["view"]["forests"]:
        if VW in f["pawns"]:
            return str(f["id"])
    return None


def driven_off_with_patients(s: dict[str, Any]) -> bool:
    return wyrm_forest(s) is not None and bool(faction(s, SM)["ward"])


def test_the_lobby_offers_the_crusader_factions(client: httpx.Client) -> None:
    cat = client.get("/api/play/catalog").json()
    by_id = {f["id"]: f for f in cat["factions"]}
    assert by_id[SM]["name"] == "Spinners of Mercy" and by_id[SM]["fan"] == "crusader"
    assert by_id[VW]["name"] == "Vile Wyrm" and by_id[VW]["reach"] == 6
    assert by_id["marquise"]["fan"] is None
    names = cat["names"]  # the board names the pieces by the engine's names
    assert names["infirmary_fox"] == "fox infirmary" and names["web"] == "web"
    assert names["fear_scared"] == "fear token (scared)" and names["bite"] == "Bite"


def test_the_board_draws_webs_infirmaries_fear_the_wyrm_and_the_ward(
        page: Page, client: httpx.Client) -> None:
    game, s = game_reaching(client, [SM, VW], driven_off_with_patients,
                            "the Wyrm in a forest and patients in the Ward", 400)
    page.goto(f"/games/{game['id']}?token={token(game, SM)}")
    board = page.locator("#game-map")
    # VW.2.3: the Wyrm, driven off, stands in its forest, drawn as the Wyrm
    forest = wyrm_forest(s)
    wyrm = board.locator(f"g.forest-pawns g.pawn[data-faction='{VW}']")
    expect(wyrm).to_have_count(1)
    expect(wyrm.locator("g.piece-wyrm")).to_have_count(1)
    expect(wyrm.locator("title")).to_contain_text("in the forest")
    assert forest is not None and faction(s, VW)["wyrm"] == f"forest {forest}"
    # SOM.2.2 webs, one token per clearing with its count; SOM.2.5 infirmaries
    webs = [c for c in s["view"]["clearings"] if [SM, "web"] in c["tokens"]]
    expect(board.locator(f"g.token-web[data-owner='{SM}']")).to_have_count(len(webs))
    infirmaries = [b for c in s["view"]["clearings"] for b in c["buildings"]
                   if b[0] == SM and b[1].startswith("infirmary_")]
    expect(board.locator(f"g.building[data-owner='{SM}'][data-kind^='infirmary_']")) \
        .to_have_count(len(infirmaries))
    # VW.4.1: each fear token shows its side, S scared or C cowed
    fear = [(c["id"], k) for c in s["view"]["clearings"] for o, k in c["tokens"]
            if o == VW and k.startswith("fear_")]
    for c, kind in fear:
        mark = board.locator(f"g.clearing[data-id='{c}'] g.token-{kind} text.piece-mark")
        expect(mark).to_have_text("S" if kind == "fear_scared" else "C")
    # SOM.2.4 the Ward, by the patients' factions, on the Spinners' board
    ward = faction(s, SM)["ward"]
    pills = page.locator(f".faction-board[data-faction='{SM}'] .ward .patient")
    expect(pills).to_have_count(len(ward))
    for f, n in ward.items():
        expect(pills.filter(has_text=s["seats"][f]["name"])).to_contain_text(str(n))
    wyrm_board = page.locator(f".faction-board[data-faction='{VW}']")
    expect(wyrm_board).to_contain_text("Bite")
    legend = page.locator(".pieces-legend")
    for kind in ("infirmary", "web", "wyrm", "fear"):
        expect(legend.locator(f"li[data-kind='{kind}']")).to_have_count(1)


def test_a_decision_of_their_rules_links_the_crusader_rules_reference(
        page: Page, client: httpx.Client) -> None:
    def rule_of(game: dict[str, Any], s: dict[str, Any]) -> str:
        d = s["decision"]
        if not d or d["seat"] != SM:
            return ""
        return str(state(client, game["id"], token(game, SM))["decision"]["rule"])

    for seed in range(1, 20):
        game = create(client, factions=[SM, VW], seed=seed)
        s = play_random(client, game, 300, seed=seed,
                        stop=lambda s, game=game: rule_of(game, s).startswith("SOM."))
        rule = rule_of(game, s)
        if rule.startswith("SOM."):
            break
    else:
        raise AssertionError("no game reached a decision of the Spinners' rules")
    anchor = rule.split("/")[0]
    page.goto(f"/games/{game['id']}?token={token(game, SM)}")
    link = page.locator("#decision-rule a")
    expect(link).to_have_text(rule)
    expect(link).to_have_attribute("href", f"/rules/crusader#{anchor}")
    page.goto(f"/rules/crusader#{anchor}")
    expect(page.locator(f"[id='{anchor}']")).to_have_count(1)
