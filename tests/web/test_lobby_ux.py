"""The lobby says what it does (issue 56), in headless Chromium: a seed keeps every digit
from the seed box to the replay's title (a JavaScript number keeps 53 bits, a seed 63);
a draft refuses a person's faction named in it rather than drop the seat; the prototype
disables the controls that do not apply to it."""
from __future__ import annotations

import httpx
from playwright.sync_api import Page, expect

from tests.web.play_helpers import act, create, state, token

BIG = "616679737565587765"  # above 2**53: a Number would read it 616679737565587700


def test_a_seed_keeps_its_digits_from_the_lobby_to_the_replay(page: Page) -> None:
    page.set_default_timeout(30000)
    page.goto("/play")
    page.click("[data-preset=watch]")
    expect(page.locator(".seat-row")).to_have_count(4)
    page.fill("#seed", BIG)
    page.click("#create")
    expect(page.locator("#watch-link")).to_be_visible()
    page.click("#watch-link")
    expect(page.locator("#game-title")).to_contain_text(f"seed {BIG}")


def test_the_api_takes_a_seed_as_its_digits(client: httpx.Client) -> None:
    r = client.post("/api/games", json={"factions": ["vagabot", "electric_eyrie"],
                                        "seed": BIG})
    assert r.status_code == 201, r.text
    s = client.get(f"/api/games/{r.json()['id']}").json()
    assert s["over"] and s["seed"] == int(BIG) and s["seed_text"] == BIG
    bad = client.post("/api/games", json={"factions": ["vagabot", "electric_eyrie"],
                                          "seed": "12a"})
    assert bad.status_code == 422 and "seed" in bad.text


def test_a_named_faction_in_a_draft_is_refused_not_dropped(page: Page) -> None:
    """A draft seats drafting people and bots (A.8): a sixth seat given a person's
    faction by name is refused with a word, never silently left out of the game."""
    page.set_default_timeout(15000)
    page.goto("/play")
    page.click("[data-preset=draft]")
    expect(page.locator(".seat-row")).to_have_count(5)
    page.click("#add-seat")
    expect(page.locator(".seat-row")).to_have_count(6)
    page.locator(".seat-row").nth(5).locator(".faction").select_option("marquise")
    page.click("#create")
    expect(page.locator("#lobby-error")).to_be_visible()
    expect(page.locator("#lobby-error")).to_contain_text("Marquise de Cat")
    expect(page.locator("#play-here")).to_be_hidden()


def test_the_prototype_disables_what_does_not_apply(page: Page) -> None:
    """The prototype rules play the Fall map with their own setup, no landmarks nor
    hirelings: those controls are disabled (and cleared), given back with the Law."""
    page.set_default_timeout(15000)
    page.goto("/play")
    expect(page.locator("[data-preset=draft]")).to_be_enabled()  # the catalog came
    page.locator(".hireling-pick").first.check()
    page.select_option("#rules", "prototype")
    for sel in ("#map", "#setup", "#landmarks", "#hirelings", ".landmark-pick >> nth=0",
                ".hireling-pick >> nth=0", "#map-landmarks-ignore"):
        expect(page.locator(sel)).to_be_disabled()
    expect(page.locator(".hireling-pick:checked")).to_have_count(0)
    page.select_option("#rules", "law")
    for sel in ("#map", "#setup", "#landmarks", "#hirelings"):
        expect(page.locator(sel)).to_be_enabled()


def test_fan_factions_are_marked_fan_made(page: Page, client: httpx.Client) -> None:
    fan = {f["name"] for f in client.get("/api/play/catalog").json()["factions"] if f["fan"]}
    assert fan, "the catalog has fan factions (Crusader)"
    page.goto("/play")
    expect(page.locator("[data-preset=draft]")).to_be_enabled()
    texts = page.locator(".seat-row >> nth=0").locator(".faction option").all_inner_texts()
    for name in fan:
        assert f"{name} (fan-made)" in texts, name
    assert not any("(fan-made)" in t and t.removesuffix(" (fan-made)") not in fan
                   for t in texts)


def test_a_draft_may_deal_the_crusader_setup_cards(page: Page, client: httpx.Client) -> None:
    """The terminal's --crusader in the lobby: the Crusader setup cards join the draft's
    pool (A.8.1)."""
    fan = {f["id"] for f in client.get("/api/play/catalog").json()["factions"] if f["fan"]}
    page.set_default_timeout(15000)
    page.goto("/play")
    page.click("[data-preset=draft]")
    expect(page.locator(".seat-row")).to_have_count(5)
    page.check("#crusader")
    page.fill("#seed", "3")  # everyone at this screen: the lobby's seed is taken
    with page.expect_response("**/api/games") as created:
        page.click("#create")
    gid = created.value.json()["id"]
    pool = client.get(f"/api/games/{gid}").json()["view"]["advanced_setup"]["pool"]
    assert fan & {card["faction"] for card in pool}, pool


def test_each_trait_and_setup_choice_says_what_it_does(page: Page,
                                                       client: httpx.Client) -> None:
    """Issue 56: a bot's trait cards (Rootbotics 3.3.2) and the Vagabot's character
    (7.7) each say what they do, from the bots' data files by way of the catalog."""
    bots = {f["id"]: f for f in client.get("/api/play/catalog").json()["factions"] if f["bot"]}
    assert all(set(f["trait_texts"]) == set(f["traits"]) for f in bots.values()), bots.keys()
    page.set_default_timeout(15000)
    page.goto("/play")
    expect(page.locator("[data-preset=draft]")).to_be_enabled()  # the catalog came
    row = page.locator(".seat-row").first
    for fid, f in bots.items():
        row.locator(".faction").select_option(fid)
        labels = row.locator(".trait-choice")
        expect(labels).to_have_count(len(f["traits"]))
        for i, trait in enumerate(f["traits"]):
            expect(labels.nth(i)).to_contain_text(f["trait_texts"][trait])
            expect(labels.nth(i)).to_have_attribute("title", f["trait_texts"][trait])
    characters = bots["vagabot"]["choice_texts"]["character"]
    says = row.locator(".choice-text[data-choice=character]")
    expect(says).to_contain_text("drawn at random")
    for character, text in characters.items():
        row.locator(".setup-choice[data-choice=character]").select_option(character)
        expect(says).to_have_text(text)


def test_the_leader_choice_says_what_each_leader_does(page: Page,
                                                      client: httpx.Client) -> None:
    """Issue 56: the Eyrie's leader choice (7.3.3) tells each leader's viziers and
    ability (7.8), on the game page."""
    game = create(client, factions=["eyrie", "marquise"], seed=5)
    tok = token(game, "eyrie")
    for _ in range(40):  # the Marquise's setup first (5.1), then the Eyrie's
        who = state(client, game["id"])["decision"]["seat"]
        s = state(client, game["id"], token(game, who))
        d = s["decision"]
        if d["kind"] == "leader":
            break
        moved = act(client, game["id"], token(game, who), s["version"], 0)
        assert moved.status_code == 200, moved.text
    assert d["kind"] == "leader"
    page.set_default_timeout(15000)
    page.goto(f"/games/{game['id']}?token={tok}")
    prompt = page.locator("#prompt")
    for words in ("Builder: viziers on Recruit and Move", "Charismatic: viziers on Recruit "
                  "and Battle, each Recruit places two warriors (7.8.2)",
                  "Commander: viziers on Move and Battle, an extra hit as attacker",
                  "Despot: viziers on Move and Build"):
        expect(prompt).to_contain_text(words)
