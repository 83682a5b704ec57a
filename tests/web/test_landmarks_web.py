"""Landmarks (Appendix F, A.5) on the web: the lobby's choice and the API's fields, the
Black Market's cards in no seat's message, the board drawing each landmark in its
clearing (real headless Chromium), and the map randomizer placing them."""
from __future__ import annotations

import json
import random
import re
from typing import Any

import httpx
from playwright.sync_api import Page, expect

import rootlaw
from rootlaw.core import landmarks as lm
from tests.web.play_helpers import act, create, state, token

FACTIONS = ["marquise", "eyrie", "automated_alliance", "vagabot"]


def test_create_with_landmarks_and_refusals_by_name(client: httpx.Client) -> None:
    game = create(client, factions=FACTIONS, seed=4, setup="advanced",
                  landmarks=["lost_city", "elder_treetop"])
    s = state(client, game["id"])
    assert sorted(s["view"]["landmarks"]["cards"]) == ["elder_treetop", "lost_city"]
    for body, words in (
            ({"landmarks": 2}, "A.5"),  # the Standard Setup
            ({"landmarks": ["castle"], "setup": "advanced"}, "unknown landmark 'castle'"),
            ({"landmarks": 3, "setup": "advanced"}, "one or two"),
            ({"landmarks": "two", "setup": "advanced"}, "landmarks must be 1, 2")):
        r = client.post("/api/games", json={"factions": FACTIONS, **body})
        assert r.status_code == 422, r.text
        assert words in r.json()["error"]["message"]
    catalog = client.get("/api/play/catalog").json()
    assert [m["id"] for m in catalog["landmarks"]] == list(lm.LANDMARKS)


def test_black_market_cards_reach_no_seat(client: httpx.Client) -> None:
    """The same game in the engine beside the server's (same seed, same choices): a card
    of the Black Market that a seat cannot see anywhere in its own engine view is in none
    of the server's messages to it, nor the spectators'."""
    kwargs: dict[str, Any] = dict(factions=["marquise", "eyrie", "vagabot"], seed=9,
                                  setup="advanced", landmarks=["black_market", "lost_city"])
    game = create(client, **kwargs)
    mirror = rootlaw.new_game(**kwargs)
    tokens = {f: token(game, f) for f in ("marquise", "eyrie")}
    rnd = random.Random(2)
    checked = 0
    for _ in range(160):
        s = state(client, game["id"])
        if s["over"]:
            break
        lmk = mirror.landmarks
        if lmk is not None and lmk.market_cards:
            for seat in (*tokens, None):
                mine = json.dumps(mirror.view(seat))
                sent = json.dumps(state(client, game["id"], tokens[seat] if seat else None))
                for cid in set(lmk.market_cards):
                    if f'"{cid}"' not in mine:
                        assert f'"{cid}"' not in sent, f"{cid} of the Black Market reached {seat}"
            checked += 1
        seat = s["decision"]["seat"]
        mine_state = state(client, game["id"], tokens[seat])
        i = rnd.randrange(len(mine_state["decision"]["options"]))
        assert mirror.decision is not None and mirror.decision.seat == seat
        r = act(client, game["id"], tokens[seat], mine_state["version"], i)
        assert r.status_code == 200, r.text
        mirror.apply(mirror.decision.options[i])
    assert checked > 20


def test_a_game_with_two_landmarks_in_chromium(page: Page, client: httpx.Client) -> None:
    """The lobby deals two named landmarks (the Advanced Setup); the board draws each
    landmark in its clearing and the table lists them; the Black Market's cards stay
    face down in the page."""
    page.set_default_timeout(15000)
    page.goto("/play")
    expect(page.locator(".landmark-pick")).to_have_count(6)
    page.click("[data-preset=four]")  # four people at this screen: every decision ours
    page.check(".landmark-pick[value=lost_city]")
    page.check(".landmark-pick[value=black_market]")
    page.click("#create")
    page.click("#play-here")
    expect(page.locator("#game")).to_have_attribute("data-version", re.compile(r"\d+"))
    gid = page.url.split("/games/")[1].split("?")[0]
    rnd = random.Random(5)
    for _ in range(200):
        s = state(client, gid)
        where = {p["id"]: p["clearing"] for p in (s["view"]["landmarks"] or {}).get("pieces", [])}
        if len(where) == 2 and s["view"]["turn"] >= 2:
            break
        if page.locator("#curtain").is_visible():  # hotseat: pass the screen (issue 41)
            page.click("#curtain-go")
        # a long list comes in groups, the first maybe closed: a button or a group's title
        page.wait_for_selector("#options button.option:visible, "
                               "#options details.opt-group > summary:visible")
        v = int(page.get_attribute("#game", "data-version") or -1)
        if page.get_attribute("#options", "data-grouped") == "true":
            closed = page.locator("#options details.opt-group:not([open]) > summary")
            if closed.count():
                closed.nth(rnd.randrange(closed.count())).click()
        buttons = page.locator("#options button.option:visible")
        buttons.nth(rnd.randrange(buttons.count())).click()
        page.wait_for_selector(f"#game:not([data-version='{v}'])")
    assert set(where) == {"lost_city", "black_market"}
    for lid, c in where.items():
        piece = f"#map-holder g.clearing[data-id='{c}'] g.landmark[data-landmark={lid}]"
        expect(page.locator(piece)).to_have_count(1)
    expect(page.locator("#map-holder g.landmark")).to_have_count(2)
    expect(page.locator(".landmark-card[data-landmark=black_market]")).to_contain_text(
        "3 cards face down")
    expect(page.locator(".landmark-card[data-landmark=lost_city]")).to_contain_text(
        f"in {where['lost_city']}")
    title = page.locator("#map-holder g.landmark[data-landmark=lost_city] title").text_content()
    assert "fox, rabbit and mouse" in (title or "")


def test_map_randomizer_places_landmarks(page: Page, client: httpx.Client) -> None:
    data = client.get("/api/maps/lake", params={"seed": 3, "landmarks": "lost_city,ferry"}).json()
    where = {m["id"]: m["clearing"] for m in data["landmarks"]}
    assert set(where) == {"lost_city", "ferry"}
    assert where["ferry"] in (1, 10, 11, 12) and where["lost_city"] in (1, 10, 11, 12)
    assert [c["id"] for c in data["clearings"] if c["ferry"]] == [where["ferry"]]
    assert client.get("/api/maps/fall", params={"landmarks": "castle"}).status_code == 400
    again = client.get("/api/maps/lake", params={"seed": 3, "landmarks": "lost_city,ferry"})
    assert again.json()["landmarks"] == data["landmarks"]  # the seed decides
    page.goto("/maps?map=mountain&mode=balanced&seed=8&landmarks=2")
    expect(page.locator("#map-board g.clearing g.feature")).not_to_have_count(0)
    expect(page.locator("#legend li[data-landmark]")).to_have_count(2)
    page.select_option("#landmarks", "1")
    expect(page.locator("#legend li[data-landmark]")).to_have_count(1)
    assert "landmarks=1" in page.url
