"""The rule books (rootlaw/data/rules/*.json, made by scripts/build_rules.py) and their search."""
from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from rootlaw.server.errors import ApiError
from rootlaw.server.inputs import shown
from rootlaw.server.resources import load_json

BOOK_IDS = ("law", "rootbotics", "crusader", "prototype")
Node = dict[str, Any]
NUMBER_QUERY = re.compile(r"^(?:[a-z]{1,3}\.)?[\da-g]+(?:\.[\da-z]+)*$", re.IGNORECASE)
MAX_QUERY = 200


def plain(text: str) -> str:
    """Markup-free text: for search, snippets and tooltips."""
    text = re.sub(r"\[\[item:(\w+):(\d+)\]\]", r"\2 \1", text)
    text = re.sub(r"\[\[item:(\w+)\]\]", r"\1", text)
    text = text.replace("[[icon]]", "▢")
    return re.sub(r"\*+", "", text)


def iter_nodes(nodes: list[Node], trail: tuple[str, ...] = ()) -> Iterator[tuple[Node,
                                                                               tuple[str, ...]]]:
    """Depth-first nodes with the titles of their chapter and section."""
    for n in nodes:
        yield n, trail
        label = n.get("title") or n.get("number") or ""
        inner = trail + (label,) if n["kind"] in ("chapter", "section") else trail
        yield from iter_nodes(n.get("children", []), inner)


@dataclass
class Entry:
    """A linkable term: a glossary entry or a SMALL CAPS definition."""
    term: str
    href: str
    definition: str


@dataclass
class Book:
    id: str
    title: str
    short: str
    publisher: str
    attribution: str
    source: str
    repairs: list[str]
    chapters: list[Node]
    anchors: dict[str, Node]
    glossary: list[Entry] = field(default_factory=list)   # linked in lower case too
    terms: dict[str, Entry] = field(default_factory=dict)  # SMALL CAPS, keyed by term key

    @property
    def url(self) -> str:
        return "/rules" if self.id == "law" else f"/rules/{self.id}"

    def link(self, anchor: str) -> str:
        return f"{self.url}#{anchor}"


def _resolve_see(entry: Entry, book: Book) -> Entry:
    """'Map. See 2.2.' -> link straight to 2.2, with 2.2's text as the definition."""
    m = re.fullmatch(r"See ([\w.]+)\.?", entry.definition.strip())
    if m and m[1] in book.anchors:
        target = book.anchors[m[1]]
        text = target.get("text") or next((c.get("text", "") for c in target.get("children", [])
                                           if c["kind"] == "p"), "")
        return Entry(entry.term, f"#{m[1]}", plain(text) or entry.definition)
    return entry


def _load(book_id: str) -> Book:
    raw = load_json("rules", f"{book_id}.json")
    anchors = {n["anchor"]: n for n, _ in iter_nodes(raw["chapters"]) if n.get("anchor")}
    return Book(raw["id"], raw["title"], raw["short"], raw["publisher"], raw["attribution"],
                raw["source"], raw["repairs"], raw["chapters"], anchors)


@lru_cache(maxsize=1)
def books() -> dict[str, Book]:
    """All books, with glossaries resolved; other books link to the Law's glossary."""
    out = {bid: _load(bid) for bid in BOOK_IDS}
    law = out["law"]
    law_glossary = [_resolve_see(Entry(g["term"], g["href"], g["definition"]), law)
                    for g in load_json("rules", "law.json")["glossary"]]
    for book in out.values():
        raw = load_json("rules", f"{book.id}.json")
        book.terms = {k: Entry(v["label"], v["href"], v["definition"])
                      for k, v in raw["terms"].items()}
        if book.id == "law":
            book.glossary = law_glossary
        elif book.id == "prototype":
            book.glossary = [Entry(g["term"], g["href"], g["definition"])
                             for g in raw["glossary"]]
        else:
            book.glossary = [Entry(g.term, f"/rules{g.href}", g.definition)
                             for g in law_glossary]
    return out


def get_book(book_id: str) -> Book:
    book = books().get(book_id)
    if book is None:
        raise ApiError(404, "unknown_book",
                       f"unknown book {shown(book_id)}; known: {', '.join(BOOK_IDS)}", "book")
    return book


def node_text(node: Node) -> str:
    """A node's own words: its text plus its unnumbered paragraphs and table cells."""
    parts = [node.get("text") or ""]
    for c in node.get("children", []):
        if c["kind"] == "p" and not c.get("anchor"):
            parts.append(c.get("text", ""))
        elif c["kind"] == "table":
            parts.append(" ".join(" ".join(r) for r in c["rows"]))
    for e in node.get("index", []):
        parts.append(e["text"] + " " + " ".join(e["children"]))
    return plain(" ".join(p for p in parts if p))


# ---------------------------------------------------------------- search

@dataclass(frozen=True)
class Doc:
    book: str
    anchor: str
    number: str
    title: str
    trail: tuple[str, ...]
    text: str
    order: int


@lru_cache(maxsize=1)
def documents() -> tuple[Doc, ...]:
    docs: list[Doc] = []
    for book in books().values():
        for n, trail in iter_nodes(book.chapters):
            if not n.get("anchor") or n["kind"] == "p" or n.get("index"):
                continue  # the Law's index only repeats other rules' words
            docs.append(Doc(book.id, n["anchor"], n.get("number") or "",
                            plain(n.get("title") or ""), trail, node_text(n), len(docs)))
    return tuple(docs)


def parse_query(q: str) -> list[str]:
    """Words and "quoted phrases", lower case, without duplicates."""
    terms = [m[1] or m[2] for m in re.finditer(r'"([^"]+)"|([\w’\'.-]+)', q.lower())]
    seen: list[str] = []
    for t in terms:
        t = t.strip(".-' ")
        if t and t not in seen:
            seen.append(t)
    return seen


def _pattern(term: str) -> re.Pattern[str]:
    return re.compile(r"(?<![\w])" + re.escape(term).replace(r"\ ", r"\s+"), re.IGNORECASE)


def _ranges(text: str, patterns: list[re.Pattern[str]]) -> list[list[int]]:
    spans = sorted((m.start(), m.end()) for p in patterns for m in p.finditer(text))
    merged: list[list[int]] = []
    for s, e in spans:
        if merged and s <= merged[-1][1]:
            merged[-1][1] = max(merged[-1][1], e)
        else:
            merged.append([s, e])
    return merged


def _snippet(text: str, patterns: list[re.Pattern[str]], width: int = 220) -> str:
    """About `width` characters of `text` around the first match, cut at spaces."""
    first = min((m.start() for p in patterns for m in [p.search(text)] if m), default=0)
    start = 0 if first < width // 3 else text.rfind(" ", 0, first - width // 4) + 1
    end = min(len(text), start + width)
    if end < len(text) and text.rfind(" ", start, end) > start:
        end = text.rfind(" ", start, end)
    return ("…" if start else "") + text[start:end] + ("…" if end < len(text) else "")


def search(q: str, book_id: str | None = None, limit: int = 30) -> dict[str, object]:
    """Rules whose number matches, or whose title and text contain every term."""
    q = (q or "").strip()
    if not q:
        raise ApiError(400, "empty_query", "type something to search for", "q")
    if len(q) > MAX_QUERY:
        raise ApiError(400, "query_too_long", f"queries are limited to {MAX_QUERY} characters",
                       "q")
    if book_id is not None:
        get_book(book_id)
    terms = parse_query(q)
    if not terms:
        raise ApiError(400, "empty_query", "the query has no words to search for", "q")
    patterns = [_pattern(t) for t in terms]
    phrase = _pattern(" ".join(terms)) if len(terms) > 1 else None
    number = q.strip().lower() if NUMBER_QUERY.match(q.strip()) else None
    scored = []
    for d in documents():
        if book_id and d.book != book_id:
            continue
        if number and d.anchor.lower() == number:
            scored.append((1000, d))
            continue
        hay = f"{d.title} {d.text} {' '.join(d.trail)}"  # "turmoil humiliate" finds 7.7.1
        if not all(p.search(hay) for p in patterns):
            continue
        score = sum(10 * len(p.findall(d.title)) + min(5, len(p.findall(d.text)))
                    for p in patterns)
        if phrase and phrase.search(hay):
            score += 15
        scored.append((score, d))
    scored.sort(key=lambda x: (-x[0], x[1].order))
    results = []
    for _, d in scored[:limit]:
        snippet = _snippet(d.text, patterns)
        book = books()[d.book]
        results.append({
            "book": d.book, "book_title": book.short, "anchor": d.anchor, "number": d.number,
            "title": d.title, "trail": list(d.trail), "url": book.link(d.anchor),
            "snippet": snippet, "highlights": _ranges(snippet, patterns),
            "title_highlights": _ranges(d.title, patterns),
        })
    return {"query": q, "terms": terms, "book": book_id, "total": len(scored),
            "results": results}
