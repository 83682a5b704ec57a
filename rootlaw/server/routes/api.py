"""The JSON API behind the pages. Errors: {"error": {"status", "code", "message", "param"}}."""
from __future__ import annotations

from fastapi import APIRouter, Query

from rootlaw import __version__
from rootlaw.server import maps, reach, rulebook
from rootlaw.server.errors import ApiError
from rootlaw.server.inputs import shown
from rootlaw.server.rules_html import Renderer

router = APIRouter(prefix="/api")


@router.get("/health")
def health() -> dict[str, str]:
    return {"status": "ok", "version": __version__}


# ---------------------------------------------------------------- rules

@router.get("/rules")
def rule_books() -> dict[str, object]:
    return {"books": [{"id": b.id, "title": b.title, "short": b.short, "publisher": b.publisher,
                       "attribution": b.attribution, "url": b.url, "anchors": len(b.anchors)}
                      for b in rulebook.books().values()]}


@router.get("/rules/search")
def rules_search(q: str = "", book: str | None = None,
                 limit: int = Query(20, ge=1, le=100)) -> dict[str, object]:
    return rulebook.search(q, book or None, limit)


@router.get("/rules/{book_id}")
def rule_book(book_id: str) -> dict[str, object]:
    b = rulebook.get_book(book_id)
    return {"id": b.id, "title": b.title, "publisher": b.publisher,
            "attribution": b.attribution, "source": b.source, "repairs": b.repairs,
            "chapters": b.chapters}


@router.get("/rules/{book_id}/{anchor}")
def rule(book_id: str, anchor: str) -> dict[str, object]:
    b = rulebook.get_book(book_id)
    node = b.anchors.get(anchor)
    if node is None:
        raise ApiError(404, "unknown_rule", f"{b.short} has no rule {shown(anchor)}", "anchor")
    return {"book": b.id, "anchor": anchor, "number": node.get("number"),
            "title": node.get("title"), "text": rulebook.node_text(node),
            "html": Renderer(b).node(node), "url": b.link(anchor)}


# ---------------------------------------------------------------- reach (5.2)

@router.get("/reach")
def reach_verdict(factions: list[str] = Query(default=[]),  # noqa: B008
                  players: str | None = None) -> dict[str, object]:
    count = None
    if players not in (None, ""):
        if not (players.strip().isascii() and players.strip().isdigit()) \
                or len(players.strip()) > 3:
            raise ApiError(400, "bad_players", "players must be a whole number", "players")
        count = int(players)
    return reach.evaluate(reach.parse_factions(factions), count)


@router.get("/reach/table")
def reach_table() -> dict[str, object]:
    return reach.table_json()


# ---------------------------------------------------------------- maps (A.1)

@router.get("/maps")
def map_list() -> dict[str, object]:
    return {"maps": [{"id": n, "title": maps.TITLES[n],
                      "printed_suits": maps.facts(n).printed is not None}
                     for n in maps.map_names()],
            "modes": list(maps.MODES), "max_seed": maps.MAX_SEED}


@router.get("/maps/{name}")
def map_layout(name: str, seed: str | None = None, mode: str | None = None,
               landmarks: str | None = None) -> dict[str, object]:
    return maps.layout(name, seed, mode, landmarks)
