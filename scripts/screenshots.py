#!/usr/bin/env python3
"""Screenshots of the web app's pages, in real headless Chromium, into docs/screenshots/.

    python scripts/screenshots.py [--out docs/screenshots] [--chromium /usr/bin/chromium]
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

from rootlaw.server.background import BackgroundServer

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]

# (file name, path, what to wait for, optional action before the shot)
SHOTS = [
    ("rules.png", "/rules", "#rules-q", "follow"),
    ("rules-search.png", "/rules#4.3.2", '[id="4.3.2"]', "search"),
    ("reach.png", "/reach?factions=marquise,eyrie,alliance,vagabond",
     ".verdict[data-verdict=viable]", None),
    ("maps.png", "/maps?map=winter&mode=balanced&seed=2024&priorities=1", "#map-board", None),
]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots")
    ap.add_argument("--chromium", default="/usr/bin/chromium")
    args = ap.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    with BackgroundServer() as url, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=args.chromium, args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 1360, "height": 1000})
        for name, path, ready, action in SHOTS:
            page.goto(url + path)
            page.wait_for_selector(ready)
            if action in ("search", "follow"):
                page.fill("#rules-q", "defenseless")
                page.wait_for_selector("#search-results [role=option]")
            if action == "follow":  # open a result: the rule is highlighted, words marked
                page.click('#search-results [data-anchor="4.3.3.II"]')
                page.wait_for_selector('[id="4.3.3.II"] mark')
            page.screenshot(path=str(args.out / name), full_page=name == "maps.png")
            print(f"wrote {(args.out / name).relative_to(ROOT)}")
        browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
