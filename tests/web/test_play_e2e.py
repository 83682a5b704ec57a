"""Playing in real headless Chromium: the lobby, a whole hotseat game against three bots
clicked through the UI, two online seats that never see each other's hand (in the page
and in every WebSocket message), undo, reload, a server restart, and the replay."""
from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import httpx
from playwright.sync_api import Browser, Page, expect

from rootlaw.server.background import BackgroundServer, free_port
from tests.web.play_helpers import assert_private, create, state, token


def version(page: Page) -> int:
    return int(page.get_attribute("#game", "data-version") or -1)


def click_random(page: Page, rnd: random.Random) -> None:
    """Click one of the option buttons (opening a group of a long list first), and wait
    for the next state."""
    if page.get_attribute("#options", "data-grouped") == "true":
        closed = page.locator("#options details.opt-group:not([open]) > summary")
        if closed.count():
            closed.nth(rnd.randrange(closed.count())).click()
    buttons = page.locator("#options button.option:visible")
    expect(buttons.first).to_be_visible()
    v = version(page)
    buttons.nth(rnd.randrange(buttons.count())).click()
    page.wait_for_selector(f"#game:not([data-version='{v}'])")


def test_lobby_hotseat_game_against_three_bots_to_the_end_and_replay(
        page: Page, client: httpx.Client) -> None:
    page.set_default_timeout(15000)
    page.goto("/play")
    expect(page.locator(".seat-row")).to_have_count(4)  # the default: Marquise vs three bots
    expect(page.locator("#reach")).to_contain_text("Viable")
    page.click("#create")
    expect(page.locator("#play-here")).to_be_visible()
    expect(page.locator("#links li")).to_have_count(2)  # the Marquise's link and spectators'
    page.click("#play-here")
    expect(page.locator("#options button.option").first).to_be_visible()
    gid = page.url.split("/games/")[1].split("?")[0]
    rnd = random.Random(13)
    for _ in range(600):
        if page.get_attribute("#game", "data-over") == "true":
            break
        click_random(page, rnd)
    expect(page.locator("#game")).to_have_attribute("data-over", "true")
    end = state(client, gid)
    assert end["over"] and end["winners"]
    expect(page.locator("#game-over h2")).to_contain_text(end["seats"][end["winners"][0]]["name"])
    for f, n in end["scores"].items():
        expect(page.locator(f"#game-over [data-faction={f}]")).to_contain_text(f"{n} VP")
    # the replay, stepped to the end, shows the final scores
    page.click("text=Watch the replay")
    expect(page.locator("#replay")).to_have_attribute("data-step", str(
        client.get(f"/api/games/{gid}/replay").json()["steps"]))
    page.keyboard.press("Home")
    expect(page.locator("#replay")).to_have_attribute("data-step", "0")
    expect(page.locator("#final")).to_be_hidden()
    page.keyboard.press("ArrowRight")
    expect(page.locator("#replay")).to_have_attribute("data-step", "1")
    page.click("#last")
    steps = page.get_attribute("#replay", "data-steps")
    expect(page.locator("#replay")).to_have_attribute("data-step", str(steps))
    expect(page.locator("#step-label")).to_have_text(f"Step {steps} of {steps}")
    for f, n in end["scores"].items():
        expect(page.locator(f"#final [data-faction={f}]")).to_contain_text(f"{n} VP")
    expect(page.locator("#map-holder g.clearing")).to_have_count(12)


def public_cards(view: dict[str, Any]) -> set[str]:
    """Card ids anyone may see: discard, play areas, Decrees, dominance."""
    out = set(view["discard"]) | set(view["available_dominance"])
    for p in view["players"].values():
        out |= set(p["play_area"])
        if p["dominance"]:
            out.add(p["dominance"])
        for v in (p["faction"] or {}).values():
            if isinstance(v, dict):
                out |= {c for cards in v.values() if isinstance(cards, list) for c in cards
                        if isinstance(c, str)}
            elif isinstance(v, str):
                out.add(v)
    return out


def test_two_online_seats_never_see_each_others_hand(browser: Browser, server_url: str,
                                                     client: httpx.Client) -> None:
    game = create(client, factions=["marquise", "eyrie", "automated_alliance", "vagabot"],
                  seed=41)
    pages: dict[str, Page] = {}
    frames: dict[str, list[str]] = {"marquise": [], "eyrie": []}
    contexts = []
    for f in frames:
        ctx = browser.new_context(base_url=server_url, viewport={"width": 1280, "height": 900})
        contexts.append(ctx)
        p = ctx.new_page()
        p.set_default_timeout(10000)
        p.on("websocket", lambda ws, f=f: ws.on(
            "framereceived", lambda payload, f=f: frames[f].append(str(payload))))
        p.goto(game["seats"][f]["url"])
        expect(p.locator("#game")).to_have_attribute("data-seat", f)
        pages[f] = p
    rnd = random.Random(41)
    try:
        for _ in range(24):
            s = state(client, game["id"])
            if s["over"]:
                break
            seat = s["decision"]["seat"]
            click_random(pages[seat], rnd)
            other = "eyrie" if seat == "marquise" else "marquise"
            pages[other].wait_for_selector(f"#game[data-version='{version(pages[seat])}']")
        for f, p in pages.items():
            mine = state(client, game["id"], token(game, f))
            hand = sorted(mine["view"]["players"][f]["hand"])
            shown = sorted(p.eval_on_selector_all("#hand .card-chip",
                                                  "els => els.map(e => e.dataset.card)"))
            assert shown == hand
            visible = set(p.eval_on_selector_all("[data-card]",
                                                 "els => els.map(e => e.dataset.card)"))
            seen = {c for h in mine["view"]["players"][f].get("seen_hands", {}).values() for c in h}
            allowed = set(hand) | seen | public_cards(mine["view"])
            assert visible <= allowed, "a hidden card is in the page"
            other = "eyrie" if f == "marquise" else "marquise"
            size = mine["view"]["players"][other]["hand_size"]
            expect(p.locator(f".faction-board[data-faction={other}] .kv").first).to_have_text(
                f"Hand{size}")
        for f, got in frames.items():
            msgs = [json.loads(x) for x in got if x != "pong"]
            assert len(msgs) >= 3, f"{f} got too few WebSocket messages"
            for msg in msgs:
                assert_private(msg, f)
    finally:
        for ctx in contexts:
            ctx.close()


def test_undo_and_reload(page: Page, client: httpx.Client) -> None:
    game = create(client, factions=["marquise", "eyrie"], seed=42)
    page.goto(game["seats"]["marquise"]["url"])
    expect(page.locator("#prompt")).to_contain_text("Place the keep")
    expect(page.locator("#undo")).to_be_disabled()
    page.locator("#map-holder g.clearing.pickable[data-id='1']").click()  # a click on the map
    expect(page.locator("#prompt")).to_contain_text("starting")
    assert state(client, game["id"])["view"]["clearings"][0]["tokens"] == [["marquise", "keep"]]
    expect(page.locator("#undo")).to_be_enabled()
    page.keyboard.press("u")
    expect(page.locator("#prompt")).to_contain_text("Place the keep")
    assert state(client, game["id"])["view"]["clearings"][0]["tokens"] == []
    v = version(page)
    page.locator("#options button.option").nth(2).click()
    page.wait_for_selector(f"#game:not([data-version='{v}'])")
    prompt, v = page.inner_text("#prompt"), version(page)
    page.reload()
    expect(page.locator("#game")).to_have_attribute("data-version", str(v))
    expect(page.locator("#prompt")).to_have_text(prompt)
    expect(page.locator("#conn")).to_have_text("● live")


def test_server_restart_mid_game(browser: Browser, tmp_path: Path) -> None:
    db, port = f"sqlite:///{tmp_path / 'restart.sqlite3'}", free_port()
    rnd = random.Random(43)
    ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    page = ctx.new_page()
    page.set_default_timeout(15000)
    try:
        with BackgroundServer(port=port, db=db) as url, httpx.Client(base_url=url) as c:
            game = create(c, seed=43)
            page.goto(url + game["seats"]["marquise"]["url"])
            for _ in range(4):
                click_random(page, rnd)
            before = version(page)
        expect(page.locator("#conn")).to_contain_text("reconnecting")
        with BackgroundServer(port=port, db=db) as url, httpx.Client(base_url=url) as c:
            expect(page.locator("#conn")).to_have_text("● live")
            assert state(c, game["id"])["version"] == before
            for _ in range(3):
                click_random(page, rnd)
            assert state(c, game["id"])["version"] == before + 3
    finally:
        ctx.close()


def test_hotseat_curtain_between_people_at_one_screen(page: Page, client: httpx.Client) -> None:
    game = create(client, factions=["marquise", "eyrie"], seed=44)
    page.goto(f"/games/{game['id']}?token={token(game, 'marquise')}&token={token(game, 'eyrie')}")
    expect(page.locator("#curtain")).to_be_visible()
    expect(page.locator("#curtain-text")).to_have_text("Pass the screen to Marquise de Cat.")
    expect(page.locator("#hand .card-chip")).to_have_count(0)  # hidden behind the curtain
    page.click("#curtain-go")
    rnd = random.Random(44)
    while page.get_attribute("#game", "data-deciding") == "marquise":
        expect(page.locator("#curtain")).to_be_hidden()
        click_random(page, rnd)
    expect(page.locator("#curtain-text")).to_have_text("Pass the screen to Eyrie Dynasties.")
    expect(page.locator("#game")).to_have_attribute("data-seat", "eyrie")
    page.click("#curtain-go")
    hand = state(client, game["id"], token(game, "eyrie"))["view"]["players"]["eyrie"]["hand"]
    expect(page.locator("#hand .card-chip")).to_have_count(len(hand))
    expect(page.locator("#options button.option").first).to_be_visible()


def test_board_draws_the_ferry_and_the_closed_paths_of_the_view(
        page: Page, client: httpx.Client) -> None:
    """C.2.5 the Ferry beside its clearing; C.3.2 the Mountain's closed paths, as the
    view has them now (C.3.3 opens them during play)."""
    lake = create(client, factions=["marquise", "eyrie"], seed=45, map="lake")
    ferry = state(client, lake["id"])["view"]["ferry"]
    page.goto(lake["seats"]["marquise"]["url"])
    expect(page.locator(f"#map-holder g.clearing[data-id='{ferry}'] .ferry")).to_have_count(1)
    expect(page.locator("#map-holder .ferry")).to_have_count(1)
    mountain = create(client, factions=["marquise", "eyrie"], seed=46, map="mountain")
    closed = state(client, mountain["id"])["view"]["closed_paths"]
    assert closed
    page.goto(mountain["seats"]["marquise"]["url"])
    expect(page.locator("#map-holder line.path.closed")).to_have_count(len(closed))
    for a, b in closed:
        expect(page.locator(f"#map-holder line.path.closed[data-a='{a}'][data-b='{b}'], "
                            f"#map-holder line.path.closed[data-a='{b}'][data-b='{a}']")
               ).to_have_count(1)


def test_the_duchy_board_draws_the_burrow_beside_the_map(page: Page,
                                                         client: httpx.Client) -> None:
    """12.2.2: the Burrow is drawn beside the map, linked to the tunnels' clearings, with
    the Duchy's warriors; the Duchy's tunnel and its board (ministers, tracks) show."""
    game = create(client, factions=["duchy", "mechanical_marquise"], seed=4)
    page.goto(game["seats"]["duchy"]["url"])
    burrow = page.locator("#map-holder g.clearing.burrow")
    expect(burrow).to_have_count(1)
    expect(burrow).to_have_attribute("data-id", "13")
    expect(page.locator("#map-holder g.clearing")).to_have_count(13)
    expect(page.locator("#map-holder line.burrow-link")).to_have_count(1)  # one tunnel
    expect(page.locator("#map-holder g.token-tunnel")).to_have_count(1)
    board = page.locator(".faction-board[data-faction=duchy]")
    expect(board).to_contain_text("Unswayed")
    expect(board.locator(".track[data-track=citadel] .track-box")).to_have_count(3)
