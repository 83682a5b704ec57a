"""Issue 41 in real headless Chromium: the hotseat log never doubles a line, pieces are
icons with names for screen readers and a legend, long option lists are grouped and
reachable by keyboard and narrowed by a click on the map or on a card, undo is offered
exactly when the server accepts it, a game of bots can be watched step by step at a
chosen speed, a spectator sees no empty hand, a bad token gets a page of its own, and
/api/docs works offline under the content security policy."""
from __future__ import annotations

import random
import time

import httpx
from playwright.sync_api import Page, expect

from tests.web.play_helpers import act, create, play_random, state, token

BASE4 = ["marquise", "eyrie", "alliance", "vagabond"]


def version(page: Page) -> int:
    return int(page.get_attribute("#game", "data-version") or -1)


def click_any(page: Page, rnd: random.Random) -> None:
    """Click one option (opening its group if the list is grouped), wait for the next
    state."""
    v = version(page)
    if page.get_attribute("#options", "data-grouped") == "true":
        groups = page.locator("#options details.opt-group")
        g = groups.nth(rnd.randrange(groups.count()))
        if g.get_attribute("open") is None:
            g.locator("summary").click()
        buttons = g.locator("button.option")
    else:
        buttons = page.locator("#options button.option")
    expect(buttons.first).to_be_visible(timeout=20000)
    buttons.nth(rnd.randrange(buttons.count())).click()
    page.wait_for_selector(f"#game:not([data-version='{v}'])")


def shown_log(page: Page) -> list[int]:
    return [int(i) for i in page.eval_on_selector_all("#log li",
                                                      "els => els.map(e => e.dataset.i)")]


def test_hotseat_log_lines_are_not_doubled(page: Page, client: httpx.Client) -> None:
    """Four base factions at one screen: after every decision the log on the page is the
    server's log for the seat shown, each line once."""
    page.set_default_timeout(20000)
    game = create(client, factions=BASE4, seed=41)
    tokens = "&".join(f"token={token(game, f)}" for f in BASE4)
    page.goto(f"/games/{game['id']}?{tokens}")
    rnd = random.Random(41)
    for _ in range(14):
        page.wait_for_selector("#game:not([data-version=''])")
        if page.locator("#curtain").is_visible():
            page.click("#curtain-go")
        click_any(page, rnd)
        seat = page.get_attribute("#game", "data-seat") or ""
        v = version(page)
        server = client.get(f"/api/games/{game['id']}/log",
                            params={"token": token(game, seat)}).json()["lines"]
        expect(page.locator("#log li")).to_have_count(min(300, len(server)))
        assert version(page) == v  # no later state came meanwhile (no one else decides)
        shown = shown_log(page)
        assert len(shown) == len(set(shown)), "a log line is shown twice"
        assert shown == [ln["i"] for ln in server][-300:]


def test_pieces_are_icons_with_names_and_a_legend(page: Page, client: httpx.Client) -> None:
    game = create(client, factions=["marquise", "electric_eyrie", "automated_alliance",
                                    "vagabot"], seed=12)
    play_random(client, game, 6, seed=12)  # the Marquise's setup (keep, buildings) and on
    page.goto(game["seats"]["marquise"]["url"])
    expect(page.locator("#options button.option").first).to_be_visible()
    # the Marquise's keep, her warriors (one in every clearing), the ruins: icons, named
    keep = page.get_by_role("img", name="Marquise de Cat keep")
    expect(keep.first).to_be_attached()
    assert keep.first.locator("use").get_attribute("href") == "#piece-keep"
    expect(page.get_by_role("img", name="Marquise de Cat: 1 warrior").first).to_be_attached()
    assert page.locator("#game-map use[href='#piece-ruin']").count() >= 4
    assert page.locator("#game-map use[href='#piece-warrior']").count() >= 10
    # no letters in squares: a piece is a <use> of its kind's symbol, not a rect and a letter
    assert page.locator("#game-map g.building > rect:not(.base-suit)").count() == 0
    # the sprite holds a symbol per piece kind; the legend shows the game's pieces by icon
    for kind in ("sawmill", "workshop", "recruiter", "roost", "base", "sympathy", "pawn"):
        assert page.locator(f"symbol#piece-{kind}").count() == 1, kind
        legend = page.locator(f".pieces-legend li[data-kind={kind}]")
        expect(legend).to_be_visible()
        assert legend.locator("use").get_attribute("href") == f"#piece-{kind}"


def corvid_daylight(client: httpx.Client) -> tuple[dict[str, object], dict[str, object]]:
    """A Corvid game against three bots brought (by the API) to a decision of more than
    twelve options that name clearings."""
    for seed in range(1, 30):
        game = create(client, factions=["corvids", "electric_eyrie", "automated_alliance",
                                        "vagabot"], seed=seed)
        gid, tok = str(game["id"]), token(game, "corvids")
        rnd = random.Random(seed)
        for _ in range(80):
            s = state(client, gid, tok)
            d = s["decision"]
            if s["over"]:
                break
            if len(d["options"]) > 12 and sum(1 for c in d["clearings"] if c) > 12:
                return game, s
            assert act(client, gid, tok, s["version"],
                       rnd.randrange(len(d["options"]))).status_code == 200
    raise AssertionError("no long Corvid decision reached")


def test_long_option_lists_are_grouped_reachable_by_keyboard_and_narrowed(
        page: Page, client: httpx.Client) -> None:
    game, s = corvid_daylight(client)
    d = s["decision"]
    n = len(d["options"])  # type: ignore[arg-type]
    page.goto(str(game["seats"]["corvids"]["url"]))  # type: ignore[index]
    expect(page.locator("#options")).to_have_attribute("data-grouped", "true")
    expect(page.locator("#options")).to_have_attribute("data-count", str(n))
    groups = page.locator("#options details.opt-group")
    assert groups.count() >= 2
    # every option is in one group, each once
    idx = page.eval_on_selector_all("#options button.option",
                                    "els => els.map(e => +e.dataset.index)")
    assert sorted(idx) == list(range(n))
    # a group's title counts its options; titles differ
    titles = [t.strip() for t in groups.locator("summary").all_inner_texts()]
    assert len(set(titles)) == len(titles)
    # keyboard only: focus the first closed group's summary, open it, Tab to an option,
    # Enter takes it
    closed = page.locator("#options details.opt-group:not([open]) > summary").first
    closed.focus()
    page.keyboard.press("Enter")
    expect(page.locator("#options details.opt-group[open]").first).to_be_visible()
    page.keyboard.press("Tab")
    focused = page.evaluate("document.activeElement.className")
    assert "option" in focused
    # a click on a clearing narrows the list to the options through it
    pickable = page.locator("#game-map g.clearing.pickable")
    assert pickable.count() > 1
    # the clearing named by the fewest options still offers more than one: narrow by it
    counts = {}
    for c in range(1, 13):
        k = sum(1 for cs in d["clearings"] if c in cs)  # type: ignore[union-attr]
        if k > 1:
            counts[c] = k
    c, k = min(counts.items(), key=lambda x: x[1])
    page.click(f"#game-map g.clearing[data-id='{c}']")
    expect(page.locator("#options")).to_have_attribute("data-count", str(k))
    expect(page.locator("#clear-pick")).to_be_visible()
    page.keyboard.press("Escape")
    expect(page.locator("#options")).to_have_attribute("data-count", str(n))
    # a card in the hand that some option names narrows the list to those options
    cards = page.locator("#hand .card-chip.pickable")
    if cards.count():
        cid = cards.first.get_attribute("data-card")
        want = sum(1 for o in d["options"] if cid in str(o))  # type: ignore[union-attr]
        cards.first.click()
        expect(page.locator("#options")).to_have_attribute("data-count", str(want))
        cards.first.press("Enter")  # again: all the options
        expect(page.locator("#options")).to_have_attribute("data-count", str(n))
    # and the keyboard reaches an option and takes it
    v = version(page)
    page.locator("#options details.opt-group > summary").first.focus()
    if page.locator("#options details.opt-group").first.get_attribute("open") is None:
        page.keyboard.press("Enter")
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    page.wait_for_selector(f"#game:not([data-version='{v}'])")


def test_undo_is_enabled_exactly_when_the_server_accepts_it(page: Page,
                                                            client: httpx.Client) -> None:
    page.set_default_timeout(20000)
    game = create(client, seed=5)
    gid, tok = game["id"], token(game, "marquise")
    page.goto(game["seats"]["marquise"]["url"])
    rnd = random.Random(5)
    enabled = disabled = 0
    for _ in range(40):
        if page.get_attribute("#game", "data-over") == "true":
            break
        s = state(client, gid, tok)
        expect(page.locator("#game")).to_have_attribute("data-version", str(s["version"]))
        if s["undo"]:
            expect(page.locator("#undo")).to_be_enabled()
            enabled += 1
        else:
            expect(page.locator("#undo")).to_be_disabled()
            disabled += 1
            r = client.post(f"/api/games/{gid}/undo", json={"token": tok})
            assert r.status_code == 409  # what the disabled button would have met
        click_any(page, rnd)
    assert enabled > 3 and disabled > 3
    # an enabled undo, clicked, takes the decision back
    for _ in range(40):
        if state(client, gid, tok)["undo"]:
            break
        click_any(page, rnd)
    v = version(page)
    page.click("#undo")
    page.wait_for_selector(f"#game:not([data-version='{v}'])")
    expect(page.locator("#action-error")).to_be_hidden()


# every value the replay's data-step takes, in order, from the page's first script on
STEPS_SEEN = """
window.stepsSeen = [];
new MutationObserver(changes => {
  for (const c of changes) {
    if (c.target.id === "replay") window.stepsSeen.push(c.target.getAttribute("data-step"));
  }
}).observe(document, {subtree: true, attributes: true, attributeFilter: ["data-step"]});
// every board drawn, seen as it is drawn (a poll from the test misses boards on a loaded host)
window.boardsSeen = new Set();
new MutationObserver(() => {
  const board = document.getElementById("map-holder");
  if (board) window.boardsSeen.add(board.innerHTML);
}).observe(document, {subtree: true, childList: true, attributes: true, characterData: true});
"""


def test_watching_a_bot_game_unfold_at_a_chosen_speed(page: Page, client: httpx.Client) -> None:
    page.set_default_timeout(30000)
    page.add_init_script(STEPS_SEEN)
    page.goto("/play")
    page.click("[data-preset=watch]")
    expect(page.locator(".seat-row")).to_have_count(4)
    page.click("#create")
    expect(page.locator("#watch-link")).to_be_visible()
    page.select_option("#watch-speed", "0.3")
    assert "speed=0.3" in (page.get_attribute("#watch-link", "href") or "")
    page.click("#watch-link")
    expect(page.locator("#replay")).to_have_attribute("data-kind", "bot")
    # it opens on the first step: the first step shown (a loaded machine may have played on
    # past it before a poll of the attribute could see it)
    page.wait_for_function("window.stepsSeen.some(s => s !== '')")
    assert page.evaluate("window.stepsSeen.filter(s => s !== '')")[0] == "0"
    assert page.input_value("#speed") == "0.3"
    expect(page.locator("#play")).to_have_attribute("aria-pressed", "true")
    boards, t0 = set(), time.monotonic()
    while int(page.get_attribute("#replay", "data-step") or 0) < 8:
        boards.add(page.inner_html("#map-holder"))
        assert time.monotonic() - t0 < 25, "the replay does not advance"
        page.wait_for_timeout(100)
    took = time.monotonic() - t0
    assert len(boards) > 3 or page.evaluate("window.boardsSeen.size") > 3  # pieces moved
    expect(page.locator("#prompt")).to_contain_text(" acts")
    expect(page.locator("#choices li").first).to_be_visible()  # what the bot did
    # faster
    page.select_option("#speed", "0.1")
    step = int(page.get_attribute("#replay", "data-step") or 0)
    page.wait_for_timeout(1200)
    assert int(page.get_attribute("#replay", "data-step") or 0) - step >= 5
    assert took > 1.0  # at 0.3 s a step, eight steps took more than a second
    page.click("#play")  # pause
    expect(page.locator("#play")).to_have_attribute("aria-pressed", "false")


def test_spectator_sees_no_hand_and_a_bad_token_gets_its_own_page(
        page: Page, client: httpx.Client) -> None:
    game = create(client, seed=9)
    page.goto(game["spectate"])
    expect(page.locator("#game-title")).to_contain_text("Spectator")
    expect(page.locator("#hand-panel")).to_be_hidden()
    expect(page.get_by_text("Your hand")).to_be_hidden()
    bots = create(client, factions=["mechanical_marquise", "electric_eyrie",
                                    "automated_alliance", "vagabot"], seed=3)
    page.goto(bots["spectate"])  # a finished game: every hand shown on the boards
    expect(page.locator("#game")).to_have_attribute("data-over", "true")
    expect(page.locator("#hand-panel")).to_be_hidden()
    expect(page.locator("#watch-unfold")).to_be_visible()
    page.goto(f"/games/{game['id']}?token=not-a-token")
    page.on("console", lambda m: None)
    expect(page.locator("#fatal")).to_be_visible()
    expect(page.locator("#fatal h1")).to_have_text("This link opens no seat of this game")
    expect(page.locator("#game-map")).to_have_count(0)  # no empty board behind it
    page.click("text=Watch as a spectator")
    expect(page.locator("#game-title")).to_contain_text("Spectator")


def test_api_docs_render_offline(page: Page, server_url: str) -> None:
    """Swagger UI from the package's files: no request leaves the server, nothing is
    blocked by the content security policy (the page fixture fails on console errors)."""
    outside: list[str] = []
    page.on("request", lambda r: outside.append(r.url) if not r.url.startswith(server_url)
            and not r.url.startswith("data:") else None)
    page.goto("/api/docs")
    expect(page.locator("#swagger-ui .info .title")).to_contain_text("rootlaw")
    expect(page.locator("#swagger-ui .opblock").first).to_be_visible()
    assert not outside, outside
