"""The HTML page shell: one base template, filled per page (no template engine needed)."""
from __future__ import annotations

from html import escape
from string import Template

from rootlaw.server.resources import template

NAV = (("/play", "Play"), ("/lobby", "Lobby"), ("/my-games", "My games"),
       ("/ratings", "Ratings"), ("/rootlog", "Rootlog"), ("/rules", "Rules"),
       ("/reach", "Reach"), ("/maps", "Maps"), ("/api/docs", "API"), ("/account", "Account"))


def nav_html(active: str) -> str:
    items = []
    for href, label in NAV:
        current = ' aria-current="page"' if href == active else ""
        items.append(f'<li><a href="{href}"{current}>{label}</a></li>')
    return "".join(items)


def page(title: str, main: str, *, active: str = "", scripts: tuple[str, ...] = (),
         body_class: str = "", description: str = "") -> str:
    """A full HTML document around `main` (already-escaped HTML)."""
    script_tags = "".join(f'<script type="module" src="/static/js/{s}"></script>'
                          for s in ("common.js", *scripts))
    return Template(template("base.html")).substitute(
        title=escape(f"{title} · rootlaw" if title else "rootlaw"),
        description=escape(description or "rootlaw: a digital edition of Root"),
        nav=nav_html(active),
        body_class=escape(body_class),
        main=main,
        scripts=script_tags,
    )


def static_page(name: str, title: str, active: str, scripts: tuple[str, ...],
                description: str = "") -> str:
    """A page whose body is a template in rootlaw/web/templates/ (filled in by its script)."""
    return page(title, template(name), active=active, scripts=scripts,
                body_class="page-" + name.removesuffix(".html"), description=description)


def error_page(status: int, message: str) -> str:
    main = (f'<section class="error-page"><h1>{status}</h1><p>{escape(message)}</p>'
            '<p><a href="/">Back to the start page</a></p></section>')
    return page(f"Error {status}", main)
