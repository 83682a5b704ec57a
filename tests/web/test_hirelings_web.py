"""Hirelings (Appendix E, A.6) on the web: the lobby's choice and the API's field, and a
game with hirelings in real headless Chromium: the board draws their pieces (in
clearings, in forests, on paths) in their own colours, the table lists each card with
its side and who controls it, and the legend names them."""
from __future__ import annotations

import random
import re

import httpx
from playwright.sync_api import Page, expect

from rootlaw.core.hired import CARD_IDS
from tests.web.play_helpers import create, play_random, state

FACTIONS = ["marquise", "eyrie", "alliance", "vagabond"]
QUIET = ["popular_band", "highway_bandits", "furious_protector"]  # they bar no faction


def test_create_with_hirelings_and_refusals_by_name(client: httpx.Client) -> None:
    game = create(client, factions=FACTIONS, seed=4, setup="advanced", hirelings=QUIET)
    s = state(client, game["id"])
    cards = s["view"]["hirelings"]["cards"]
    assert sorted(c["id"] for c in cards) == sorted(QUIET)
    assert s["view"]["hirelings"]["markers_on_track"] == [4, 8, 12]
    for body, words in (
            ({"hirelings": 3}, "A.6"),  # the Standard Setup
            ({"hirelings": ["forest_patrol", "popular_band", "corvid_spies"],
              "setup": "advanced"}, "A.6.5"),  # the Marquise is seated
            ({"hirelings": ["dragon", "popular_band", "corvid_spies"], "setup": "advanced"},
             "A.6.1"),
            ({"hirelings": 2, "setup": "advanced"}, "exactly three"),
            ({"hirelings": "three", "setup": "advanced"}, "hirelings must be 3")):
        r = client.post("/api/games", json={"factions": FACTIONS, **body})
        assert r.status_code == 422, r.text
        assert words in r.json()["error"]["message"]
    catalog = client.get("/api/play/catalog").json()
    assert [h["id"] for h in catalog["hirelings"]] == list(CARD_IDS)
    assert {h["id"]: h["bars"] for h in catalog["hirelings"]}["the_exile"] == [
        "vagabond", "vagabond2"]


def test_a_drafted_game_with_hirelings_plays_through_the_api(client: httpx.Client) -> None:
    game = create(client, factions=None, players=3, bots=["vagabot"], seed=7,
                  setup="advanced", hirelings=3)
    s = play_random(client, game, 400, seed=3)  # the draft's seats decide as their factions
    hired = s["view"]["hirelings"]
    assert len(hired["cards"]) == 3 and sum(c["side"] == "demoted" for c in hired["cards"]) == 1
    assert s["over"] or s["view"]["turn"] > 3, "the game stopped in its setup"  # not waiting


def test_a_game_with_hirelings_in_chromium(page: Page, client: httpx.Client) -> None:
    """The lobby names three hirelings (so the Advanced Setup); each player sets one up
    (A.6.3); the board draws the hirelings' pieces where the view puts them and the
    table lists the cards, the controllers and the hiring markers."""
    page.set_default_timeout(15000)
    page.goto("/play")
    expect(page.locator(".hireling-pick")).to_have_count(13)
    page.click("[data-preset=four]")  # four people at this screen: every decision ours
    for card in QUIET:
        page.check(f".hireling-pick[value={card}]")
    page.fill("#seed", "5")  # a hotseat game may take a seed: the same game every run
    page.click("#create")
    page.click("#play-here")
    expect(page.locator("#game")).to_have_attribute("data-version", re.compile(r"\d+"))
    gid = page.url.split("/games/")[1].split("?")[0]
    rnd = random.Random(5)
    controlled = False
    for _ in range(400):
        s = state(client, gid)
        cards = s["view"]["hirelings"]["cards"]
        controlled = any(c["controller"] for c in cards)
        if controlled and s["view"]["turn"] >= 2 or s["over"]:
            break
        if page.locator("#curtain").is_visible():  # hotseat: pass the screen (issue 41)
            page.click("#curtain-go")
        expect(page.locator("#options button.option").first).to_be_attached()
        v = int(page.get_attribute("#game", "data-version") or -1)
        if page.get_attribute("#options", "data-grouped") == "true":  # long lists (issue 41)
            closed = page.locator("#options details.opt-group:not([open]) > summary")
            if closed.count():
                closed.nth(rnd.randrange(closed.count())).click()
        expect(page.locator("#options button.option:visible").first).to_be_visible()
        buttons = page.locator("#options button.option:visible")
        buttons.nth(rnd.randrange(buttons.count())).click()
        page.wait_for_selector(f"#game:not([data-version='{v}'])")
    s = state(client, gid)
    view = s["view"]
    cards = {c["id"]: c for c in view["hirelings"]["cards"]}
    names = {cid: c["name"] for cid, c in cards.items()}
    # the table: each card with its side, its controller (or the supply)
    expect(page.locator(".hireling-card")).to_have_count(3)
    for cid, c in cards.items():
        row = page.locator(f".hireling-card[data-hireling={cid}]")
        expect(row).to_contain_text(c["name"])
        expect(row).to_contain_text(c["side"])
        expect(row).to_have_attribute("data-controller", c["controller"] or "")
        if c["controller"]:
            expect(row).to_contain_text("held by")
        else:
            expect(row).to_contain_text("in the supply")
    # the map: every hireling warrior group and pawn where the view has them
    drawn = 0
    for cl in view["clearings"]:
        for owner, n in cl["warriors"].items():
            if owner in cards:
                group = page.locator(f"#map-holder g.clearing[data-id='{cl['id']}'] "
                                     f"g.warriors[data-faction={owner}]")
                expect(group).to_have_attribute("data-count", str(n))
                drawn += 1
        for owner in cl["pawns"]:
            if owner in cards:
                expect(page.locator(f"#map-holder g.clearing[data-id='{cl['id']}'] "
                                    f"g.pawn[data-faction={owner}]")).to_have_count(1)
                drawn += 1
    for c in cards.values():
        for a, b in c.get("bandits_on_paths", []):
            expect(page.locator(f"#map-holder g.bandit[data-path='{a}-{b}']")).to_have_count(1)
            drawn += 1
    assert drawn, "no hireling piece on the map to check"
    legend = page.locator("#legend-holder")
    for name in names.values():
        expect(legend).to_contain_text(name)
    expect(page.locator("#table")).to_contain_text("Hiring markers")
    assert controlled or s["over"]
