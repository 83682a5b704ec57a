"""HTML pages. The rule books are rendered on the server; the tools are filled by scripts."""
from __future__ import annotations

from fastapi import APIRouter
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from rootlaw.server import rulebook
from rootlaw.server.pages import page, static_page
from rootlaw.server.rules_html import book_html, search_html

router = APIRouter()


@router.get("/", response_class=HTMLResponse)
def home() -> str:
    return static_page("home.html", "", "", (),
                       "Play Root, watch replays, read the rules: rootlaw")


@router.get("/rules", response_class=HTMLResponse)
def law() -> str:
    return _book("law")


@router.get("/rules/search", response_class=HTMLResponse)
def rules_search(q: str = "", book: str = "law", all: str = "") -> str:  # noqa: A002
    scope = None if all else rulebook.get_book(book)
    result = rulebook.search(q, scope.id if scope else None, limit=100)
    return page(f"Search: {q}", search_html(result, scope), active="/rules",
                scripts=("rules.js",), body_class="page-rules")


@router.get("/rules/{book_id}", response_model=None)
def book(book_id: str) -> Response:
    if book_id == "law":
        return RedirectResponse("/rules", status_code=308)
    return HTMLResponse(_book(book_id))


def _book(book_id: str) -> str:
    b = rulebook.get_book(book_id)
    return page(b.title, book_html(b.id), active="/rules", scripts=("rules.js",),
                body_class="page-rules", description=f"{b.title}: searchable rules reference")


@router.get("/reach", response_class=HTMLResponse)
def reach() -> str:
    return static_page("reach.html", "Reach calculator", "/reach", ("reach.js",),
                       "Check a faction mix against the Law of Root's reach (5.2)")


@router.get("/maps", response_class=HTMLResponse)
def maps() -> str:
    return static_page("maps.html", "Map randomizer", "/maps", ("maps.js",),
                       "Random or balanced suit layouts for the four Root maps")
