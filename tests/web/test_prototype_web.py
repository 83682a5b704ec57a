"""The prototype rule set in the web app (issue 40): created through the API and the
lobby's rule-set choice, its board showing the Hideout slots (a conspiracy face up, a
card face down to the other players) and the Vagabond's alignment chart, its rules
cited from the prototype's rules reference. Real headless Chromium."""
from __future__ import annotations

from typing import Any

import httpx
from playwright.sync_api import Page, expect

from tests.web.play_helpers import create, play_random, state, token

FOUR = ["marquise", "eyrie", "alliance", "vagabond"]


def _view(s: dict[str, Any]) -> dict[str, Any]:
    v = s.get("view") or s
    assert isinstance(v, dict)
    return v


def test_api_creates_a_prototype_game_and_refuses_the_bots(client: httpx.Client) -> None:
    game = create(client, factions=FOUR, rules="prototype", seed=3)
    s = state(client, game["id"], token(game, "marquise"))
    assert _view(s)["rules"] == "prototype" and _view(s)["win_score"] == 40
    r = client.post("/api/games", json={"factions": ["marquise", "electric_eyrie"],
                                        "rules": "prototype", "seed": 1, "hotseat": True})
    assert r.status_code == 422 and "Law of Root only" in r.text
    r = client.post("/api/games", json={"factions": FOUR, "rules": "prototype",
                                        "map": "winter", "seed": 1, "hotseat": True})
    assert r.status_code == 422 and "Fall map" in r.text


def _slots_filled(s: dict[str, Any]) -> bool:
    v = _view(s)
    if v["turn"] < 6:
        return False
    slots = v["players"]["alliance"]["faction"]["hideouts"]
    return any(h["filled"] for h in slots.values())


def test_board_shows_hideouts_conspiracies_and_alignment(page: Page, client: httpx.Client) -> None:
    page.set_default_timeout(15000)
    for seed in range(1, 30):
        game = create(client, factions=FOUR, rules="prototype", seed=seed)
        s = play_random(client, game, 900, seed=seed, stop=_slots_filled)
        if not s["over"] and _slots_filled(s):
            break
    else:
        raise AssertionError("no game with a card in a Hideout slot")
    mine = _view(state(client, game["id"], token(game, "alliance")))
    slots = mine["players"]["alliance"]["faction"]["hideouts"]
    # the Marquise's page: the slots (a face-down card shows no name), the alignment
    page.goto(f"/games/{game['id']}?token={token(game, 'marquise')}")
    board = page.locator(".faction-board[data-faction=alliance]")
    expect(board.locator(".hideout-slot")).to_have_count(3)
    for nation, h in slots.items():
        slot = board.locator(f".hideout-slot[data-nation={nation}]")
        expect(slot).to_have_attribute("data-filled", "true" if h["filled"] else "false")
        if h["filled"] and not h["face_up"]:
            expect(slot).to_contain_text("a card face down")
        if h["face_up"]:
            expect(slot).to_contain_text("conspiracy")
    align = page.locator(".faction-board[data-faction=vagabond] .alignment [data-align]")
    expect(align).to_have_count(3)
    # the Alliance's own page names its face-down cards
    down = [h for h in slots.values() if h["filled"] and not h["face_up"]]
    if down:
        page.goto(f"/games/{game['id']}?token={token(game, 'alliance')}")
        secret = page.locator(".faction-board[data-faction=alliance] .hideout-slot"
                              "[data-face-up=false][data-filled=true] .card-chip")
        expect(secret.first).to_be_visible()


def test_lobby_offers_the_prototype_and_its_rules_link(page: Page) -> None:
    page.set_default_timeout(15000)
    page.goto("/play")
    expect(page.locator(".seat-row")).to_have_count(4)  # the catalog is loaded
    page.select_option("#rules", "prototype")
    expect(page.locator(".seat-row .faction").nth(1)).to_have_value("eyrie")
    expect(page.locator(".seat-row")).to_have_count(4)
    # the law's advice asked for before may answer after this (play.js drops it)
    expect(page.locator("#reach")).to_contain_text("Prototype")
    page.click("#create")
    expect(page.locator("#play-here")).to_be_visible()
    page.click("#play-here")
    link = page.locator("#decision-rule a")
    expect(link).to_have_attribute("href", "/rules/prototype#2.6.4")  # the Recruiter's place
    expect(page.locator(".vp-bar").first).to_have_attribute("aria-valuemax", "40")


def test_a_late_reach_answer_does_not_overwrite_the_prototype_advice(page: Page) -> None:
    """The Law's reach advice (5.2) asked for on loading the lobby answers only after the
    prototype rules are chosen: the page drops that stale answer."""
    held: list[Any] = []
    page.route("**/api/reach*", lambda route: held.append(route))  # hold them all
    page.goto("/play")
    expect(page.locator(".seat-row")).to_have_count(4)
    for _ in range(50):
        if held:
            break
        page.wait_for_timeout(100)
    assert held, "the lobby asked for no reach advice"
    page.select_option("#rules", "prototype")
    expect(page.locator("#reach")).to_contain_text("Prototype")
    for route in held:
        route.continue_()
    page.wait_for_timeout(1000)
    expect(page.locator("#reach")).to_contain_text("Prototype")
