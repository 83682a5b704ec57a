"""The Advanced Setup's draft on the web (Appendix A, A.8): a game created with
``players`` and ``bots``, its seats named seat1, seat2... until they choose, each seat's
token working before and after its player drafted a faction; the lobby's draft preset
and a drafted five-player game in headless Chromium."""
from __future__ import annotations

import random
from typing import Any

import httpx
from playwright.sync_api import Page, expect

from tests.web.play_helpers import act, assert_private, state
from tests.web.test_play_e2e import click_random

DRAFT5 = {"players": 5, "bots": ["vagabot"], "setup": "advanced"}


def create(client: httpx.Client, **body: Any) -> dict[str, Any]:
    r = client.post("/api/games", json=body)
    assert r.status_code == 201, r.text
    return r.json()


def ready(page: Page) -> None:
    """Wait for this screen's seat to have options, lifting the hotseat curtain."""
    page.wait_for_selector("#curtain-go:visible, #options button.option:visible, "
                           "#options details.opt-group > summary:visible")  # long lists
    if page.locator("#curtain-go").is_visible():
        page.click("#curtain-go")


def key_of(s: dict[str, Any], faction: str) -> str:
    """The seat key (seat1...) whose player now goes by ``faction``."""
    return next(k for k, x in s["seats"].items() if x["faction"] == faction)


def test_a_draft_names_its_seats_and_their_tokens_follow_them(client: httpx.Client) -> None:
    game = create(client, **DRAFT5, seed=11, hotseat=True)
    assert set(game["seats"]) == {"seat1", "seat2", "seat3", "seat4", "vagabot"}
    tokens = {k: s["token"] for k, s in game["seats"].items() if s["token"]}
    assert set(tokens) == {"seat1", "seat2", "seat3", "seat4"}
    s = state(client, game["id"])
    assert s["decision"]["seat"].startswith("seat")  # A.8.2: someone chooses a card
    assert s["view"]["advanced_setup"]["pool"]
    rnd = random.Random(3)
    drafted = set()
    for _ in range(400):
        s = state(client, game["id"])
        if s["over"] or s["view"]["turn"] >= 3:
            break
        key = key_of(s, s["decision"]["seat"])
        mine = state(client, game["id"], tokens[key])
        assert mine["seat"] == key and mine["you"] == s["decision"]["seat"]
        assert_private(mine, key)
        assert mine["decision"]["options"], "the deciding seat sees its options"
        for other, t in tokens.items():  # nobody else sees them (or another hand)
            if other != key:
                theirs = state(client, game["id"], t)
                assert "options" not in (theirs["decision"] or {})
                for f, p in theirs["view"]["players"].items():
                    assert ("hand" in p) == (f == theirs["you"]) or f == "riverfolk"
        r = act(client, game["id"], tokens[key], mine["version"],
                rnd.randrange(len(mine["decision"]["options"])))
        assert r.status_code == 200, r.text
        for k, x in r.json()["seats"].items():
            if not x["faction"].startswith("seat"):
                drafted.add(k)
    s = state(client, game["id"])
    assert {x["faction"] for x in s["seats"].values()} & {"vagabot"}
    assert not any(x["faction"].startswith("seat") for x in s["seats"].values())
    assert drafted == set(game["seats"])
    # the stored game replays with its seats' names (a reload of the server's record)
    again = client.get(f"/api/games/{game['id']}/log")
    assert again.status_code == 200 and again.json()["lines"]


def test_a_draft_by_links_is_refused_a_client_seed(client: httpx.Client) -> None:
    r = client.post("/api/games", json={**DRAFT5, "seed": 3})
    assert r.status_code == 422 and r.json()["error"]["code"] == "seed_not_allowed"


def test_bad_draft_requests_are_422(client: httpx.Client) -> None:
    for body, code in [({"players": 7, "setup": "advanced"}, "bad_setup"),
                       ({"players": 4}, "bad_setup"),
                       ({"players": 4, "factions": ["marquise"], "setup": "advanced"},
                        "bad_request"),
                       ({"players": 4, "bots": ["marquise"], "setup": "advanced"},
                        "bad_setup"),
                       ({"factions": ["marquise", "eyrie"], "bots": ["vagabot"]},
                        "bad_request"),
                       ({"players": "five", "setup": "advanced"}, "bad_request")]:
        r = client.post("/api/games", json=body)
        assert r.status_code == 422, (body, r.text)
        assert r.json()["error"]["code"] == code, (body, r.text)


def test_the_lobby_presets_wait_for_the_catalog(page: Page) -> None:
    """A preset clicked while the lobby's catalog is still on its way does nothing (its
    buttons are disabled, no error in the page); once the catalog comes it sets its
    seats."""
    held: list[Any] = []
    page.route("**/api/play/catalog", lambda route: held.append(route))  # hold it
    page.goto("/play", wait_until="domcontentloaded")
    for _ in range(50):
        if held:
            break
        page.wait_for_timeout(100)
    assert held, "the lobby asked for no catalog"
    for button in ["[data-preset=draft]", "#add-seat", "#create"]:
        expect(page.locator(button)).to_be_disabled()
    for route in held:
        route.continue_()
    page.click("text=Five players draft (Advanced Setup)")
    expect(page.locator(".seat-row")).to_have_count(5)
    expect(page.locator("#setup")).to_have_value("advanced")


def test_lobby_drafts_five_players_at_one_screen_in_chromium(page: Page,
                                                              client: httpx.Client) -> None:
    """The lobby's draft preset: four people at this screen draft beside the Vagabot;
    the setup cards show on the table, the seats become factions as they choose, and
    the game goes on into its turns."""
    page.set_default_timeout(15000)
    page.goto("/play")
    page.click("text=Five players draft (Advanced Setup)")
    expect(page.locator(".seat-row")).to_have_count(5)
    expect(page.locator("#setup")).to_have_value("advanced")
    expect(page.locator("#reach")).to_contain_text("draft")
    page.click("#create")
    expect(page.locator("#play-here")).to_be_visible()
    page.click("#play-here")
    gid = page.url.split("/games/")[1].split("?")[0]
    ready(page)
    expect(page.locator("#table .setup-card").first).to_be_visible()  # A.8.1, face up
    expect(page.locator("#prompt")).to_contain_text("setup card")
    rnd = random.Random(5)
    for _ in range(300):
        s = state(client, gid)
        if s["view"]["turn"] >= 2 or s["over"]:
            break
        ready(page)
        click_random(page, rnd)
    s = state(client, gid)
    assert s["view"]["turn"] >= 1
    names = {x["faction"] for x in s["seats"].values()}
    assert len(names) == 5 and not any(n.startswith("seat") for n in names)
    for f in names:  # the score strip follows the drafted factions
        expect(page.locator(f"#scores [data-faction={f}]")).to_have_count(1)
