"""End to end in real headless Chromium: the three pages as a reader uses them."""
from __future__ import annotations

from collections import Counter

from playwright.sync_api import Page, expect


def suits(page: Page) -> list[str]:
    return page.eval_on_selector_all(
        "#map-board g.clearing", "gs => gs.map(g => g.dataset.id + ':' + g.dataset.suit)")


# ---------------------------------------------------------------- rules reference

def test_search_and_follow_a_result_to_its_anchor(page: Page) -> None:
    page.goto("/rules")
    page.fill("#rules-q", "field hospitals")
    hit = page.locator('#search-results [role=option][data-anchor="6.2.3"]')
    expect(hit).to_be_visible()
    expect(hit.locator("mark").first).to_have_text("Field")
    hit.click()
    expect(page).to_have_url("/rules#6.2.3")
    target = page.locator('[id="6.2.3"]')
    expect(target).to_be_in_viewport()
    assert page.evaluate("document.querySelector(':target').id") == "6.2.3"
    expect(target.locator("mark").first).to_have_text("Field")  # the words are marked
    expect(page.locator("#search-results")).to_be_hidden()


def test_search_keyboard_and_other_books(page: Page) -> None:
    page.goto("/rules/rootbotics")
    page.keyboard.press("/")
    expect(page.locator("#rules-q")).to_be_focused()
    page.keyboard.type("lords of the forest")
    expect(page.locator("#search-results [role=option]").first).to_be_visible()
    page.check("#search-all")
    expect(page.locator('#search-results [data-book="law"]').first).to_be_visible()
    page.keyboard.press("ArrowDown")
    page.locator("#rules-q").press("Enter")
    page.wait_for_url("**/rules#*")
    anchor = page.evaluate("location.hash.slice(1)")
    expect(page.locator(f'[id="{anchor}"]')).to_be_in_viewport()


def test_rule_reference_and_permalink(page: Page) -> None:
    page.goto("/rules#7.5.2")
    page.locator('[id="7.5.2"] a.ref', has_text="7.7").click()
    expect(page).to_have_url("/rules#7.7")
    page.locator('[id="4.3.2"] > p > a.permalink').click()
    expect(page).to_have_url("/rules#4.3.2")


# ---------------------------------------------------------------- reach calculator

def test_reach_verdict(page: Page) -> None:
    page.goto("/reach")
    for name in ("Marquise de Cat", "Eyrie Dynasties", "Woodland Alliance", "Vagabond"):
        page.get_by_label(name, exact=True).check()
    verdict = page.locator("#verdict")
    expect(verdict).to_have_attribute("data-verdict", "viable")
    expect(page.locator("#total")).to_have_text("25")
    expect(page.locator("#required")).to_have_text("21+")
    expect(page).to_have_url("/reach?factions=marquise%2Ceyrie%2Cvagabond%2Calliance")


def test_reach_keyboard_second_vagabond_and_suggestions(page: Page) -> None:
    page.goto("/reach?factions=lizard,corvid")
    expect(page.locator("#verdict")).to_have_attribute("data-verdict", "not_viable")
    page.keyboard.press("v")  # Vagabond
    page.keyboard.press("g")  # the second Vagabond counts 2
    expect(page.locator("#total")).to_have_text(str(2 + 3 + 5 + 2))
    expect(page.locator("#player-count")).to_have_text("4")
    first = page.locator("#suggestions button").first
    first.click()
    expect(page.locator("#verdict")).to_have_attribute("data-verdict", "viable")
    page.keyboard.press("Escape")
    expect(page.locator("#total")).to_have_text("0")


# ---------------------------------------------------------------- map randomizer

def test_randomized_map_has_four_of_each_suit(page: Page) -> None:
    page.goto("/maps?map=mountain&mode=balanced&seed=31337")
    board = page.locator("#map-board")
    expect(board).to_have_attribute("data-seed", "31337")
    expect(page.locator("#map-board g.clearing")).to_have_count(12)
    drawn = suits(page)
    assert Counter(s.split(":")[1] for s in drawn) == {"fox": 4, "rabbit": 4, "mouse": 4}
    expect(page.locator("#map-board line.path.closed")).to_have_count(6)
    # the same seed gives the same layout, also after a reload
    page.reload()
    expect(page.locator("#map-board")).to_have_attribute("data-seed", "31337")
    assert suits(page) == drawn


def test_new_layout_puts_its_seed_in_the_url(page: Page) -> None:
    page.goto("/maps?map=lake&mode=random&seed=1")
    expect(page.locator("#map-board")).to_have_attribute("data-seed", "1")
    first = suits(page)
    page.click("#shuffle")
    expect(page.locator("#map-board")).not_to_have_attribute("data-seed", "1")
    seed = page.get_attribute("#map-board", "data-seed")
    assert f"seed={seed}" in page.url and "map=lake" in page.url
    shared = suits(page)
    page.goto(page.url)  # open the shared link
    expect(page.locator("#map-board")).to_have_attribute("data-seed", seed)
    assert suits(page) == shared
    assert Counter(s.split(":")[1] for s in shared) == {"fox": 4, "rabbit": 4, "mouse": 4}
    assert first != shared or seed == "1"


def test_priorities_toggle_and_bad_seed(page: Page) -> None:
    page.goto("/maps?map=fall&mode=printed&seed=5")
    priority = page.locator("#map-board g.priority").first
    expect(priority).to_be_hidden()
    page.keyboard.press("p")
    expect(priority).to_be_visible()
    expect(page).to_have_url("/maps?map=fall&mode=printed&seed=5&priorities=1")
    page.fill("#seed", "banana")
    page.click("#apply-seed")
    expect(page.locator("#map-error")).to_contain_text("seed must be a whole number")
    expect(page.locator("#map-board")).to_have_attribute("data-seed", "5")  # map kept
