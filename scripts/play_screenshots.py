#!/usr/bin/env python3
"""Screenshots of play, in real headless Chromium, into docs/screenshots/: the lobby, a
four-player game in progress seen from each base faction's seat, the same on a phone, a
Corvid decision with its options grouped, a replay, four bots watched step by step, and
the terminal's board and narration (`rootlaw play`, drawn by rich).

    python scripts/play_screenshots.py [--out docs/screenshots] [--chromium /usr/bin/chromium]
"""
from __future__ import annotations

import argparse
import random
import sys
import tempfile
from pathlib import Path
from typing import Any

import httpx
from playwright.sync_api import Page, sync_playwright

from rootlaw.server.background import BackgroundServer

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
BASE = ["marquise", "eyrie", "alliance", "vagabond"]


def play(c: httpx.Client, game: dict[str, Any], steps: int, seed: int) -> None:
    """Random decisions by the seats with tokens (through the API)."""
    rnd = random.Random(seed)
    tokens = {f: s["token"] for f, s in game["seats"].items() if s["token"]}
    for _ in range(steps):
        s = c.get(f"/api/games/{game['id']}").json()
        if s["over"]:
            return
        seat = s["decision"]["seat"]
        mine = c.get(f"/api/games/{game['id']}", params={"token": tokens[seat]}).json()
        c.post(f"/api/games/{game['id']}/actions", json={
            "token": tokens[seat], "version": mine["version"],
            "option": rnd.randrange(len(mine["decision"]["options"]))}).raise_for_status()


def until_seat_decides(c: httpx.Client, game: dict[str, Any], seat: str, seed: int) -> None:
    """Play on until ``seat`` has a decision with several options (a live screenshot)."""
    for i in range(400):
        s = c.get(f"/api/games/{game['id']}").json()
        if s["over"] or s["decision"]["seat"] == seat:
            return
        play(c, game, 1, seed + i)


def long_decision(c: httpx.Client) -> dict[str, Any]:
    """A Corvid game against three bots brought to a decision of many options."""
    for seed in range(1, 30):
        game = c.post("/api/games", json={"factions": ["corvids", "electric_eyrie",
                                                       "automated_alliance", "vagabot"],
                                          "seed": seed, "hotseat": True}).json()
        rnd = random.Random(seed)
        tok = game["seats"]["corvids"]["token"]
        for _ in range(80):
            s = c.get(f"/api/games/{game['id']}", params={"token": tok}).json()
            if s["over"]:
                break
            if len(s["decision"]["options"]) > 30:
                return game
            c.post(f"/api/games/{game['id']}/actions", json={
                "token": tok, "version": s["version"],
                "option": rnd.randrange(len(s["decision"]["options"]))}).raise_for_status()
    raise RuntimeError("no long Corvid decision reached")


def terminal(page: Page, path: Path) -> None:
    """`rootlaw play` against three bots, a few decisions in: the narration of the bots'
    turns and the board, as rich draws them in a terminal (SVG), photographed."""
    import io
    import subprocess

    from rich.console import Console

    res = subprocess.run([sys.executable, "-m", "rootlaw.cli", "play", "--factions",
                          "marquise,electric_eyrie,automated_alliance,vagabot", "--seed", "3"],
                         input="1\n" * 7 + "q\n", capture_output=True, text=True, check=True,
                         cwd=ROOT)
    lines = res.stdout.splitlines()
    last = max(i for i, ln in enumerate(lines) if ln.startswith("[Marquise"))
    first = max(i for i, ln in enumerate(lines[:last]) if "Turn " in ln and "──" in ln) - 12
    con = Console(record=True, width=120, file=io.StringIO(), force_terminal=True)
    for ln in lines[max(0, first):last + 8]:
        con.print(ln, markup=False, highlight=False)
    svg = path.with_suffix(".svg")
    svg.write_text(con.export_svg(title="rootlaw play"), encoding="utf-8")
    page.goto(svg.as_uri())
    page.wait_for_timeout(300)
    page.locator("svg").first.screenshot(path=str(path))
    svg.unlink()
    print(f"wrote {path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}")


def shot(page: Page, url: str, ready: str, path: Path, full: bool = True) -> None:
    page.goto(url)
    page.wait_for_selector(ready)
    page.wait_for_timeout(300)
    page.screenshot(path=str(path), full_page=full)
    print(f"wrote {path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots")
    ap.add_argument("--chromium", default="/usr/bin/chromium")
    args = ap.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    db = Path(tempfile.mkdtemp()) / "shots.sqlite3"
    with BackgroundServer(db=str(db)) as url, httpx.Client(base_url=url, timeout=30) as c, \
            sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=args.chromium, args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 1400, "height": 1000})
        shot(page, url + "/play", "#reach[data-verdict]", args.out / "play-lobby.png")
        game = c.post("/api/games", json={"factions": BASE, "seed": 2024, "hotseat": True}).json()
        play(c, game, 130, 7)
        for f in BASE:
            until_seat_decides(c, game, f, 100)
            shot(page, url + game["seats"][f]["url"], "#options[data-count] > *",
                 args.out / f"play-{f}.png")
        phone = browser.new_page(viewport={"width": 390, "height": 844}, device_scale_factor=2)
        shot(phone, url + game["seats"][BASE[0]]["url"], "#map-holder svg",
             args.out / "play-phone.png", full=False)
        bots = c.post("/api/games", json={"factions": ["marquise", "electric_eyrie",
                                                       "automated_alliance", "vagabot"],
                                          "seed": 77}).json()
        play(c, bots, 3000, 77)
        shot(page, url + f"/games/{bots['id']}/replay?step=20", "#replay[data-step='20']",
             args.out / "play-replay.png")
        shot(page, url + f"/games/{bots['id']}/replay", "#final h2",
             args.out / "play-replay-end.png")
        corvids = long_decision(c)
        shot(page, url + corvids["seats"]["corvids"]["url"], "#options details.opt-group",
             args.out / "play-grouped-options.png", full=False)
        watch = c.post("/api/games", json={"factions": ["mechanical_marquise", "electric_eyrie",
                                                        "automated_alliance", "vagabot"],
                                           "seed": 7}).json()
        shot(page, url + f"/games/{watch['id']}/replay?step=60", "#replay[data-step='60']",
             args.out / "play-watch-bots.png", full=False)
        terminal(browser.new_page(viewport={"width": 1500, "height": 1000}),
                 args.out / "play-terminal.png")
        browser.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
