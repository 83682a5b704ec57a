"""Rule books as HTML: anchors, permalinks, linked rule references and linked terms."""
from __future__ import annotations

import re
from functools import lru_cache
from html import escape

from rootlaw.server.rulebook import BOOK_IDS, Book, Entry, Node, books, plain

ITEM_LABELS = {"bag": "Bag", "boots": "Boots", "crossbow": "Crossbow", "hammer": "Hammer",
               "sword": "Sword", "tea": "Tea", "coins": "Coins", "torch": "Torch"}
REF = r"(?:BK|HOL|SOM|VW|[A-G]|\d{1,2})(?:\.\d{1,2})+(?:\.(?:[IVX]+[a-z]?|\d))?"
SMALL_CAPS = r"\b[A-Z]{2,}(?:[’'][A-Z]+)?(?: (?:OF |A |AND )?[A-Z]{2,})*\b"
NOT_TERMS = {"II", "III", "IV", "VI", "VII", "VIII", "IX", "OR", "AND", "VP", "PNP", "BK", "HOL",
             "SOM", "VW"}
NO_LOWERCASE = {"rule"}  # "rule" in lower case is mostly "a rule of the game", not ruling
TOKEN = re.compile(r"(\[\[[^\]]+\]\]|\*\*|\*)")


def term_key(term: str) -> str:
    t = term.lower().strip()
    if t.endswith("ies") and len(t) > 5:
        return t[:-3] + "y"
    if t.endswith("s") and not t.endswith("ss") and len(t) > 4:
        return t[:-1]
    return t


class Inline:
    """Renders one book's inline markup to HTML."""

    def __init__(self, book: Book, law: Book) -> None:
        self.book, self.law = book, law
        self.prefer_law = False  # the text being linked names the Law of Root
        self.by_term = {g.term.lower(): g for g in book.glossary}
        words = sorted((g.term for g in book.glossary if g.term.lower() not in NO_LOWERCASE),
                       key=len, reverse=True)
        alts = "|".join(re.escape(w).replace(r"\ ", r"\s+") for w in words) or r"(?!x)x"
        parts = [
            r"(?P<xref>Law of Root,?\s*)(?P<xnum>" + REF + ")" if book.id != "law" else None,
            r"(?<![\w.])(?P<ref>" + REF + r")(?!\w)",
            r"\bAppendix (?P<app>[A-G])\b",
            r"(?<=\()(?P<chap>\d{1,2})(?=\))" if book.id == "law" else None,
            r"(?P<sc>" + SMALL_CAPS + ")",
            r"(?i:\b(?P<term>(?:" + alts + r")(?:s|es|d|ed)?)\b)",
        ]
        self.pattern = re.compile("|".join(p for p in parts if p))

    # -- references
    def resolve(self, number: str, book: Book) -> tuple[str, bool] | None:
        """(href, exact) for a cited rule, falling back to its nearest existing parent."""
        candidates = [number]
        parts = number.split(".")
        if parts and re.fullmatch(r"[IVX]+[a-z]", parts[-1]):
            candidates.append(".".join(parts[:-1] + [parts[-1][:-1]]))
        while len(parts) > 1:
            parts = parts[:-1]
            candidates.append(".".join(parts))
        for i, c in enumerate(candidates):
            if c in book.anchors:
                href = f"#{c}" if book is self.book else book.link(c)
                return href, i == 0
        return None

    def ref_html(self, label: str, number: str, book: Book) -> str:
        if book is self.book and book is not self.law and (
                self.prefer_law or number not in book.anchors) and number in self.law.anchors:
            book = self.law  # e.g. Rootbotics "standard setup (5.1) in the Law of Root"
        found = self.resolve(number, book)
        if found is None:
            return escape(label)
        href, exact = found
        if exact:
            return f'<a class="ref" href="{href}">{escape(label)}</a>'
        target = href.split("#")[1]
        return (f'<a class="ref ref-approx" href="{href}" title="{escape(number)} is not in '
                f'{escape(book.short)}; nearest: {escape(target)}">{escape(label)}</a>')

    # -- terms
    def entry_for(self, word: str, small_caps: bool) -> Entry | None:
        key = term_key(word)
        if small_caps:
            own = self.book.terms.get(key)
            glossary = self.by_term.get(key) or self.by_term.get(word.lower())
            if self.book.id == "law":
                return glossary or own
            return own or glossary
        low = word.lower()
        for cand in (low, low[:-1], low[:-2], low[:-1].rstrip("e")):
            if cand in self.by_term:
                return self.by_term[cand]
        return None

    def term_html(self, word: str, entry: Entry | None, anchor: str | None, linked: set[str],
                  small_caps: bool) -> str:
        cls = "term sc" if small_caps else "term"
        if entry is None or entry.href == f"#{anchor}" or entry.href in linked:
            return f'<span class="sc">{escape(word)}</span>' if small_caps else escape(word)
        linked.add(entry.href)
        title = entry.definition if len(entry.definition) < 240 else \
            entry.definition[:237] + "…"
        return (f'<a class="{cls}" href="{escape(entry.href)}" title="{escape(title)}">'
                f'{escape(word)}</a>')

    # -- text
    def link_text(self, text: str, anchor: str | None, linked: set[str],
                  sc_linked: set[str], terms: bool = True) -> str:
        out, pos = [], 0
        self.prefer_law = self.book.id != "law" and "Law of Root" in text
        for m in self.pattern.finditer(text):
            out.append(escape(text[pos:m.start()]))
            pos = m.end()
            g = m.groupdict()
            if g.get("xnum"):
                out.append(escape(g["xref"]) + self.ref_html(g["xnum"], g["xnum"], self.law))
            elif g["ref"]:
                out.append(self.ref_html(g["ref"], g["ref"], self.book))
            elif g["app"]:
                out.append("Appendix " + self.ref_html(g["app"], g["app"], self.book))
            elif g.get("chap"):
                out.append(self.ref_html(g["chap"], g["chap"], self.book))
            elif g["sc"]:
                word = g["sc"]
                small = word not in NOT_TERMS
                entry = self.entry_for(word, True) if small else None
                out.append(self.term_html(word, entry, anchor, sc_linked, small) if small
                           else escape(word))
            elif terms:
                word = g["term"]
                out.append(self.term_html(word, self.entry_for(word, False), anchor, linked,
                                          False))
            else:
                out.append(escape(g["term"]))
        out.append(escape(text[pos:]))
        return "".join(out)

    def render(self, text: str, anchor: str | None = None, linked: set[str] | None = None,
               sc_linked: set[str] | None = None, terms: bool = True) -> str:
        """HTML for `text`. Lower-case terms link once per `linked` set (one per section),
        SMALL CAPS terms once per `sc_linked` set (one per rule)."""
        linked = set() if linked is None else linked
        sc_linked = set() if sc_linked is None else sc_linked
        out: list[str] = []
        open_tags: list[str] = []
        for tok in TOKEN.split(text):
            if not tok:
                continue
            if tok in ("**", "*"):
                tag = "strong" if tok == "**" else "em"
                if open_tags and open_tags[-1] == tag:
                    out.append(f"</{open_tags.pop()}>")
                elif tag not in open_tags:
                    open_tags.append(tag)
                    out.append(f"<{tag}>")
            elif tok.startswith("[["):
                out.append(token_html(tok[2:-2]))
            else:
                out.append(self.link_text(tok, anchor, linked, sc_linked, terms))
        out.extend(f"</{t}>" for t in reversed(open_tags))
        return "".join(out)


def token_html(token: str) -> str:
    if token == "icon":
        return ('<span class="icon-lost" role="img" aria-label="icon lost in the source" '
                'title="An icon was lost in the source text">?</span>')
    parts = token.split(":")
    if parts[0] == "item" and len(parts) >= 2:
        item = parts[1]
        label = ITEM_LABELS.get(item, item.title())
        count = f'<span class="count">{escape(parts[2])}×</span> ' if len(parts) > 2 else ""
        return (f'<span class="item" data-item="{escape(item)}" title="{label} (item; the icon '
                f'is restored from rootlaw data)">{count}{label}</span>')
    return escape(token)


# ---------------------------------------------------------------- blocks

def permalink(anchor: str) -> str:
    a = escape(anchor)
    return (f'<a class="permalink" href="#{a}" aria-label="Permalink to {a}" '
            f'title="Link to {a} (click to copy)">¶</a>')


MARK = ('<span class="fmark" title="Faction rules modify this rule (the source\'s faction '
        'icons were lost)">◆</span>')


class Renderer:
    def __init__(self, book: Book) -> None:
        self.book = book
        self.inline = Inline(book, books()["law"])
        self.section_terms: set[str] = set()  # lower-case terms already linked in the section

    def node(self, n: Node) -> str:
        kind = n["kind"]
        if kind == "table":
            return self.table(n)
        if kind == "p":
            text = n.get("text", "")
            cls = ""
            if text.startswith("● "):
                text, cls = text[2:], ' class="bullet"'
            return f"<p{cls}>{self.inline.render(text, None, self.section_terms)}</p>"
        if kind in ("chapter", "section"):
            return self.container(n)
        return self.rule(n)

    def children(self, n: Node) -> str:
        return "".join(self.node(c) for c in n.get("children", []))

    def see(self, n: Node) -> str:
        see = n.get("see")
        if not see:
            return ""
        return (f'<p class="see"><a href="{escape(see["href"])}">{escape(see["label"])}'
                ' →</a></p>')

    def container(self, n: Node) -> str:
        self.section_terms = set()
        a = escape(n["anchor"])
        level = "h2" if n["kind"] == "chapter" else "h3"
        num = n.get("number")
        numtxt = f'<span class="num">{escape(num)}{"." if n["kind"] == "chapter" else ""}' \
                 f'</span> ' if num else ""
        mark = MARK if n.get("marked") else ""
        title = self.inline.render(n["title"], n["anchor"], terms=False)
        head = (f'<{level} class="heading">{numtxt}{title}{mark} '
                f'{permalink(n["anchor"])}</{level}>')
        index = self.index(n) if n.get("index") else ""
        return (f'<section class="{n["kind"]}" id="{a}">{head}{self.see(n)}'
                f'{self.children(n)}{index}</section>')

    def rule(self, n: Node) -> str:
        a = n["anchor"]
        sc: set[str] = set()
        num = f'<a class="num" href="#{escape(a)}">{escape(n["number"])}</a> '
        title = ""
        if n.get("title"):
            inner = self.inline.render(n["title"], a, None, sc, terms=False)
            title = f'<strong class="rule-title">{inner}.</strong> '
        text = self.inline.render(n.get("text") or "", a, self.section_terms, sc)
        mark = MARK if n.get("marked") else ""
        return (f'<div class="rule {escape(n["kind"])}" id="{escape(a)}"><p>{num}{title}{text}'
                f'{mark} {permalink(a)}</p>{self.see(n)}{self.children(n)}</div>')

    def table(self, n: Node) -> str:
        caption = f"<caption>{escape(n['caption'])}</caption>" if n.get("caption") else ""
        rows = []
        for row in n["rows"]:
            head = f'<th scope="row">{escape(row[0])}</th>' if row else ""
            cells = "".join(f"<td>{escape(c)}</td>" for c in row[1:])
            rows.append(f"<tr>{head}{cells}</tr>")
        return f'<table class="rules-table">{caption}<tbody>{"".join(rows)}</tbody></table>'

    def index(self, n: Node) -> str:
        items = []
        for e in n["index"]:
            sub = "".join(f"<li>{self.inline.render(c)}</li>" for c in e["children"])
            sub = f"<ul>{sub}</ul>" if sub else ""
            items.append(f"<li>{self.inline.render(e['text'])}{sub}</li>")
        return f'<ul class="book-index">{"".join(items)}</ul>'

    def toc(self) -> str:
        items = []
        for ch in self.book.chapters:
            subs = "".join(
                f'<li><a href="#{escape(s["anchor"])}">'
                f'{escape(s.get("number") or "")} {escape(plain(s["title"]))}</a></li>'
                for s in ch["children"] if s["kind"] == "section")
            num = f'{escape(ch["number"])}. ' if ch.get("number") else ""
            sub = f"<ol>{subs}</ol>" if subs else ""
            items.append(f'<li><a href="#{escape(ch["anchor"])}">{num}'
                         f'{escape(plain(ch["title"]))}</a>{sub}</li>')
        return f'<nav class="toc" aria-label="Contents"><h2>Contents</h2><ol>{"".join(items)}' \
               f'</ol></nav>'


def book_tabs(active: str) -> str:
    tabs = []
    for bid in BOOK_IDS:
        b = books()[bid]
        cur = ' aria-current="page"' if bid == active else ""
        tabs.append(f'<li><a href="{b.url}"{cur}>{escape(b.short)}</a></li>')
    return f'<nav class="book-tabs" aria-label="Books"><ul>{"".join(tabs)}</ul></nav>'


def search_form(book: Book | None, query: str = "") -> str:
    bid = book.id if book else "law"
    placeholder = f"Search {book.short}" if book else "Search the rules"
    return (
        '<form class="rules-search" role="search" action="/rules/search" method="get">'
        '<label class="visually-hidden" for="rules-q">Search the rules</label>'
        f'<input id="rules-q" name="q" type="search" value="{escape(query)}" '
        f'placeholder="{escape(placeholder)} (press /)" autocomplete="off" '
        'aria-controls="search-results" aria-autocomplete="list">'
        f'<input type="hidden" name="book" value="{escape(bid)}" id="search-book">'
        '<label class="scope"><input type="checkbox" id="search-all" name="all" value="1">'
        ' all books</label>'
        '<div id="search-results" class="search-results" role="listbox" '
        'aria-label="Search results" hidden></div></form>')


@lru_cache(maxsize=len(BOOK_IDS))
def book_html(book_id: str) -> str:
    """The whole book page body (cached: the books never change while serving)."""
    book = books()[book_id]
    r = Renderer(book)
    repairs = "".join(f"<li>{r.inline.render(x)}</li>" for x in book.repairs)
    notes = (f'<details class="repairs"><summary>Notes on this text</summary><p>Converted '
             f'from <code>{escape(book.source)}</code> by <code>scripts/build_rules.py</code>.'
             f'</p><ul>{repairs}</ul></details>')
    chapters = "".join(r.node(c) for c in book.chapters)
    return (
        f'<div class="rules-layout"><aside class="rules-side">{search_form(book)}{r.toc()}'
        f'</aside><article class="book" id="book" data-book="{escape(book.id)}">'
        f'<header class="book-head">{book_tabs(book.id)}<h1>{escape(book.title)}</h1>'
        f'<p class="attribution"><strong>Publisher:</strong> {escape(book.publisher)}. '
        f'{escape(book.attribution)}</p>{notes}</header>{chapters}</article></div>')


def highlight(text: str, ranges: list[list[int]]) -> str:
    out, pos = [], 0
    for s, e in ranges:
        out.append(escape(text[pos:s]) + f"<mark>{escape(text[s:e])}</mark>")
        pos = e
    return "".join(out) + escape(text[pos:])


def search_html(result: dict[str, object], book: Book | None) -> str:
    """The no-JavaScript search results page."""
    items = []
    for hit in result["results"]:  # type: ignore[attr-defined]
        trail = " · ".join(filter(None, [hit["book_title"], " › ".join(hit["trail"])]))
        items.append(
            f'<li><a href="{escape(hit["url"])}"><span class="num">{escape(hit["number"])}</span>'
            f' {highlight(hit["title"], hit["title_highlights"])}</a> '
            f'<span class="trail">{escape(trail)}</span>'
            f'<p>{highlight(hit["snippet"], hit["highlights"])}</p></li>')
    body = "".join(items) or "<li>No rule matches every word.</li>"
    return (f'<section class="search-page">{book_tabs(book.id if book else "")}'
            f'{search_form(book, str(result["query"]))}<h1>{result["total"]} result'
            f'{"s" if result["total"] != 1 else ""} for “{escape(str(result["query"]))}”</h1>'
            f'<ol class="search-list">{body}</ol></section>')
