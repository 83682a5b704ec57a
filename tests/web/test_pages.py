"""The HTML pages as served: rule anchors, links, attribution, errors, headers."""
from __future__ import annotations

import re

import httpx
import pytest


def html(client: httpx.Client, url: str) -> str:
    r = client.get(url)
    assert r.status_code == 200, url
    assert r.headers["content-type"].startswith("text/html")
    return r.text


@pytest.mark.parametrize("url", ["/", "/rules", "/rules/rootbotics", "/rules/crusader",
                                 "/rules/prototype", "/reach", "/maps"])
def test_pages_render(client: httpx.Client, url: str) -> None:
    page = html(client, url)
    assert "<main" in page and "/static/css/site.css" in page
    assert "Leder Games" in page  # the footer credits the publisher everywhere


def test_law_anchors_and_links(client: httpx.Client) -> None:
    page = html(client, "/rules")
    for anchor in ["1", "4.3", "4.3.2", "4.3.2.I", "9.2.9.IIIa", "A.1", "G.1.26", "Q1"]:
        assert f'id="{anchor}"' in page, anchor
    ids = re.findall(r' id="([^"]+)"', page)
    assert len(ids) == len(set(ids)), "anchors are unique"
    assert '<a class="ref" href="#7.7">7.7</a>' in page  # "(7.7)" in 7.5.2
    assert 'href="#4.3.2"' in page and 'class="permalink"' in page
    # 9.2.4 cites "4.3.2.III", which does not exist: linked to its nearest parent, marked
    assert 'class="ref ref-approx" href="#4.3.2"' in page
    assert re.search(r'class="term[^"]*" href="#G\.1\.\d+"', page), "glossary terms linked"
    assert 'href="/reach"' in page  # 5.2 points to the calculator
    assert "Publisher:</strong> Leder Games" in page


def test_lost_icons_are_restored_from_data(client: httpx.Client) -> None:
    page = html(client, "/rules")
    supply = page[page.index('id="5.1.5"'):page.index('id="5.1.6"')]
    assert supply.count('class="item"') == 7 and "2 , 2" not in supply
    thief = page[page.index('id="D.1.1"'):page.index('id="D.1.2"')]
    assert re.findall(r'data-item="(\w+)"', thief) == ["boots", "torch", "tea", "sword"]
    assert "[Shield]" not in page and "[Potion]" not in page


def test_crusader_attribution(client: httpx.Client) -> None:
    page = html(client, "/rules/crusader")
    assert "fan-made" in page and 'id="BK.2.4.I"' in page
    assert '<a class="ref" href="#BK.7">BK.7</a>' in page


def test_law_alias_redirects(client: httpx.Client) -> None:
    r = client.get("/rules/law")
    assert r.status_code == 308 and r.headers["location"] == "/rules"


def test_search_page_without_javascript(client: httpx.Client) -> None:
    page = html(client, "/rules/search?q=field+hospitals&book=law")
    assert '<a href="/rules#6.2.3">' in page and "<mark>Field</mark>" in page
    all_books = html(client, "/rules/search?q=vagabot&all=1")
    assert "/rules/rootbotics#" in all_books


def test_unknown_page_is_html_404(client: httpx.Client) -> None:
    for url in ("/rules/bible", "/nowhere"):
        r = client.get(url)
        assert r.status_code == 404 and r.headers["content-type"].startswith("text/html")


def test_security_headers_and_compression(client: httpx.Client) -> None:
    r = client.get("/rules", headers={"Accept-Encoding": "gzip"})
    assert r.headers["content-encoding"] == "gzip"
    assert "default-src 'self'" in r.headers["content-security-policy"]
    assert r.headers["x-content-type-options"] == "nosniff"


def test_static_assets(client: httpx.Client) -> None:
    for path in ("/static/js/rules.js", "/static/js/reach.js", "/static/js/maps.js",
                 "/static/js/common.js", "/static/favicon.svg"):
        assert client.get(path).status_code == 200, path


@pytest.mark.parametrize("url", ["/", "/rules", "/play", "/rootlog", "/maps"])
def test_every_page_reaches_play_replays_and_the_api(client: httpx.Client, url: str) -> None:
    """Issue 56, finding things: the navigation on every page reaches the game, the
    replays (the Rootlog page) and the API's documentation."""
    nav = html(client, url).split('aria-label="Site"')[1].split("</nav>")[0]
    for href in ("/play", "/rootlog", "/api/docs"):
        assert f'href="{href}"' in nav, (url, href)


def test_the_home_page_says_what_there_is(client: httpx.Client) -> None:
    page = html(client, "/")
    home = page[page.index('class="home"'):]
    assert "first pages" not in page
    for href in ("/play", "/rootlog", "/api/docs", "/rules"):
        assert f'class="card" href="{href}"' in home, href
    assert html(client, "/rootlog").count('aria-current="page"') == 1
    assert 'href="/rootlog" aria-current="page"' in html(client, "/rootlog")
