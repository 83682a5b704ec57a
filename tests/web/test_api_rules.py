"""The rules API: books, single rules and search."""
from __future__ import annotations

import httpx
import pytest


def test_book_list(client: httpx.Client) -> None:
    books = client.get("/api/rules").json()["books"]
    assert [b["id"] for b in books] == ["law", "rootbotics", "crusader", "prototype"]
    assert books[0]["publisher"] == "Leder Games" and books[0]["url"] == "/rules"
    assert "not published by Leder Games" in books[2]["attribution"]
    assert all(b["anchors"] > 100 for b in books)


def test_whole_book(client: httpx.Client) -> None:
    body = client.get("/api/rules/crusader").json()
    assert [c["title"] for c in body["chapters"]] == ["Borough Kings", "Host of Light",
                                                       "Spinners of Mercy", "Vile Wyrm"]


def test_single_rule(client: httpx.Client) -> None:
    body = client.get("/api/rules/law/4.3.2.I").json()
    assert body["title"] == "Maximum Rolled Hits" and body["url"] == "/rules#4.3.2.I"
    assert 'id="4.3.2.I"' in body["html"]
    bot = client.get("/api/rules/rootbotics/7.2.2").json()
    assert 'href="/rules#4.2.1"' in bot["html"]  # "(Law of Root, 4.2.1)" links across books


def test_search_finds_and_highlights(client: httpx.Client) -> None:
    body = client.get("/api/rules/search", params={"q": "ambush", "book": "law"}).json()
    assert body["results"][0]["anchor"] == "2.1.2"  # "Ambush Cards": a title match ranks first
    for hit in body["results"]:
        assert hit["book"] == "law"
        for start, end in hit["highlights"]:
            assert hit["snippet"][start:end].lower().startswith("ambush")
    assert body["total"] >= len(body["results"])


def test_search_all_books_and_phrases(client: httpx.Client) -> None:
    body = client.get("/api/rules/search", params={"q": '"order card"'}).json()
    assert {h["book"] for h in body["results"]} == {"rootbotics"}
    multi = client.get("/api/rules/search", params={"q": "turmoil humiliate"}).json()
    assert {h["anchor"] for h in multi["results"]} >= {"7.7.1"}


def test_search_by_rule_number(client: httpx.Client) -> None:
    body = client.get("/api/rules/search", params={"q": "9.2.9.IIIa"}).json()
    assert body["results"][0]["anchor"] == "9.2.9.IIIa"
    assert body["results"][0]["url"] == "/rules#9.2.9.IIIa"


def test_search_limit(client: httpx.Client) -> None:
    body = client.get("/api/rules/search", params={"q": "the", "limit": 3}).json()
    assert len(body["results"]) == 3 and body["total"] > 3


@pytest.mark.parametrize(("url", "status", "code"), [
    ("/api/rules/search?q=", 400, "empty_query"),
    ("/api/rules/search?q=%20%22%22", 400, "empty_query"),
    ("/api/rules/search?q=" + "x" * 201, 400, "query_too_long"),
    ("/api/rules/search?q=ambush&book=bible", 404, "unknown_book"),
    ("/api/rules/search?q=ambush&limit=0", 400, "bad_request"),
    ("/api/rules/search?q=ambush&limit=many", 400, "bad_request"),
    ("/api/rules/bible", 404, "unknown_book"),
    ("/api/rules/law/99.9", 404, "unknown_rule"),
    ("/api/nowhere", 404, "not_found"),
])
def test_bad_input(client: httpx.Client, url: str, status: int, code: str) -> None:
    r = client.get(url)
    assert r.status_code == status
    assert r.json()["error"]["code"] == code


def test_health(client: httpx.Client) -> None:
    assert client.get("/api/health").json()["status"] == "ok"
