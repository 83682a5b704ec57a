"""Rootlog on the web (issue 37): a stored game's record from ``GET /api/rootlog/{game}``
(whole once the game is over, else only as the asking seat or the table saw it),
uploads read and replayed by ``POST /api/rootlogs`` and ``GET /api/rootlogs/{id}``, their
refusals (each a typed error that names the problem, nothing kept), and the
upload-and-replay page in real headless Chromium."""
from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import httpx
from playwright.sync_api import Page, expect

from rootlaw.rootlog import parse
from rootlaw.rootlog.tree import Card, Hand, Move, Rootlog
from rootlaw.server.routes.rootlog import MAX_LINES, MAX_ROOTLOG
from tests.web.play_helpers import create, play_random, token

LOGS = Path(__file__).parent.parent / "rootlog" / "logs"
BY_HAND = LOGS / "marquise_eyrie_by_hand.rootlog"  # 8 turns, all checked
AS_SEEN = LOGS / "base_dominance_win.rootlog"  # 32 turns, 25 checked, 7 flagged
FLAGGED = [14, 16, 18, 22, 24, 26, 28]
# BY_HAND with a slip in turn 6: a Marquise warrior put in clearing 5 by no rule
SLIPPED = BY_HAND.read_text(encoding="utf-8").replace(
    "b_r->3/++/#->C", "b_r->3/++/w->5/#->C")
READ = 60_000  # ms: a replay of 32 turns takes seconds on a loaded machine
FOUR = ["marquise", "eyrie", "alliance", "vagabond"]  # hotseat: every seat draws a hand


def named_secret_draws(tree: Rootlog, reader: str | None) -> list[str]:
    """Cards written by name as they went from the deck or one hand into a hand that is
    not the reader's: what that reader never saw (the notation's '#->X' is unnamed)."""
    out: list[str] = []
    for turn in tree.turns:
        for a in turn.actions:
            if not isinstance(a, Move):
                continue
            into = [d.faction for d in a.dests if isinstance(d, Hand)]
            for p in a.parts:
                src = p.source
                secret_src = src is None or (isinstance(src, Hand) and src.faction != reader)
                if (isinstance(p.thing, Card) and p.thing.name and secret_src
                        and any(f != reader for f in into)):
                    out.append(f"line {turn.line}: {p.thing.name} -> {into}")
    return out


def upload(client: httpx.Client, text: str | bytes) -> httpx.Response:
    body = text.encode() if isinstance(text, str) else text
    return client.post("/api/rootlogs", content=body, timeout=READ / 1000,
                       headers={"Content-Type": "text/plain; charset=utf-8"})


def error(r: httpx.Response, status: int, code: str) -> dict[str, Any]:
    assert r.status_code == status, r.text
    err: dict[str, Any] = r.json()["error"]
    assert err["code"] == code, err
    return err


def test_a_game_in_progress_is_written_as_the_seat_or_the_table_saw_it(
        client: httpx.Client) -> None:
    """The table's record names no card drawn in secret; the Marquise's names her own
    draws and nobody else's (13 hidden information, as the seat's view holds it)."""
    game = create(client, factions=FOUR, seed=3)
    s = play_random(client, game, 150, seed=3)
    assert not s["over"]
    gid = game["id"]
    table = client.get(f"/api/rootlog/{gid}")
    assert table.status_code == 200, table.text
    assert table.headers["content-type"].startswith("text/plain")
    assert re.search(rf'filename="rootlaw-{gid}-v\d+\.rootlog"',
                     table.headers["content-disposition"])
    assert table.headers["cache-control"] == "no-store"
    mine = client.get(f"/api/rootlog/{gid}", params={"token": token(game, "marquise")})
    assert mine.status_code == 200, mine.text
    t_table, t_mine = parse(table.text), parse(mine.text)
    assert named_secret_draws(t_table, None) == []
    assert named_secret_draws(t_mine, "C") == []
    own = [p.thing for turn in t_mine.turns for a in turn.actions if isinstance(a, Move)
           for p in a.parts if isinstance(p.thing, Card) and p.thing.name and p.source is None
           and Hand("C") in a.dests]
    assert len(own) >= 3, mine.text  # her opening hand at least (5.2.1)
    assert table.text != mine.text
    assert client.get(f"/api/rootlog/{gid}", params={"token": "not-a-token"}).status_code \
        in (401, 403)


def test_a_finished_game_is_written_whole_and_read_back_checked(client: httpx.Client) -> None:
    """Over, the record names every card (the replay shows them all); uploaded, it reads
    back with every turn checked and ends where the game ended."""
    game = create(client, factions=FOUR, seed=11)
    s = play_random(client, game, 5000, seed=11)
    assert s["over"], "the game did not end in 5000 decisions"
    r = client.get(f"/api/rootlog/{game['id']}")
    assert r.status_code == 200, r.text
    assert f'filename="rootlaw-{game["id"]}.rootlog"' in r.headers["content-disposition"]
    tree = parse(r.text)
    assert named_secret_draws(tree, "C") != []  # others' draws named now
    up = upload(client, r.text)
    assert up.status_code == 201, up.text
    body = up.json()
    rid = body["id"]
    assert up.headers["location"] == f"/api/rootlogs/{rid}"
    report = body["report"]
    assert report["checked"] == report["turns"] and report["flagged"] == [], report
    assert [t["status"] for t in body["turns"]] == ["checked"] * (report["turns"] + 1)
    last = client.get(f"/api/rootlogs/{rid}", params={"turn": report["turns"]})
    assert last.status_code == 200, last.text
    frame = last.json()
    assert frame["over"] and sorted(frame["winners"]) == sorted(s["winners"])
    assert frame["scores"] == s["scores"]


def test_an_upload_reports_each_turn_and_serves_each_board(client: httpx.Client) -> None:
    r = upload(client, AS_SEEN.read_text(encoding="utf-8"))
    assert r.status_code == 201, r.text
    body = r.json()
    assert body["map"] == "fall" and len(body["factions"]) == 4
    assert body["report"]["turns"] == 32 and body["report"]["checked"] == 25
    flagged = [t["turn"] for t in body["turns"] if t["status"] == "flagged"]
    assert flagged == FLAGGED
    assert all(t["reason"] for t in body["turns"] if t["status"] == "flagged")
    assert body["turns"][0]["text"] == "setup"
    again = upload(client, AS_SEEN.read_text(encoding="utf-8"))  # the same text: same id
    assert again.json()["id"] == body["id"]
    boards = [client.get(f"/api/rootlogs/{body['id']}", params={"turn": n}).json()
              for n in (0, 14, 32)]
    assert [b["status"] for b in boards] == ["checked", "flagged", "checked"]
    assert boards[1]["reason"] == body["turns"][14]["reason"]
    assert boards[0]["view"]["factions"] == body["factions"]
    assert boards[0]["scores"] != boards[2]["scores"]
    assert boards[2]["turns"] == 32


def test_refusals_name_the_problem_and_keep_nothing(client: httpx.Client) -> None:
    good = upload(client, BY_HAND.read_text(encoding="utf-8")).json()["id"]
    bad = (LOGS / "bad" / "clearing_13.rootlog").read_text(encoding="utf-8")
    err = error(upload(client, bad), 422, "bad_rootlog")
    assert "line 4, column 12" in err["message"] and "clearing 13" in err["message"]
    error(upload(client, b"Map: Fall\n\xff\xfe"), 422, "bad_rootlog")
    error(upload(client, "\n" * (MAX_LINES + 1)), 413, "body_too_large")
    error(upload(client, "x" * (MAX_ROOTLOG + 1)), 413, "body_too_large")
    error(upload(client, ""), 422, "bad_rootlog")
    error(client.get("/api/rootlogs/0123456789abcdef01234567"), 404, "unknown_rootlog")
    error(client.get(f"/api/rootlogs/{good}", params={"turn": 9}), 400, "bad_turn")
    neg = client.get(f"/api/rootlogs/{good}", params={"turn": -1})
    assert neg.status_code == 400 and "turn" in neg.text, neg.text
    assert client.get(f"/api/rootlogs/{good}", params={"turn": 8}).status_code == 200
    assert client.get("/api/rootlog/no-such-game").status_code == 404
    proto = create(client, factions=["marquise", "eyrie"], rules="prototype", seed=2)
    error(client.get(f"/api/rootlog/{proto['id']}"), 422, "no_rootlog")


def test_upload_and_replay_in_chromium(page: Page) -> None:
    """Upload a file, read the report, step through the turns with the buttons, the keys
    and the list (flagged turns marked, the reason shown); then a bad paste says where."""
    page.set_default_timeout(15000)
    page.goto("/rootlog")
    page.set_input_files("#file", str(AS_SEEN))
    page.click("#read")
    expect(page.locator("#report")).to_have_text(
        "25 of 32 turns checked (78%), 7 flagged (5 rules slip, 1 omission, 1 search bound)",
        timeout=READ)
    root = page.locator("#rootlog")
    expect(root).to_have_attribute("data-turn", "0")
    expect(page.locator("#log li")).to_have_count(33)
    expect(page.locator("#log li.flagged")).to_have_count(7)
    expect(page.locator("#map-holder svg")).to_have_count(1)
    expect(page.locator("#step-label")).to_have_text("Setup (32 turns)")
    page.click("#next")
    expect(root).to_have_attribute("data-turn", "1")
    expect(page.locator("#line-status")).to_have_text(re.compile("^Checked"))
    page.locator("#log li[data-turn='14']").click()
    expect(root).to_have_attribute("data-turn", "14")
    expect(root).to_have_attribute("data-status", "flagged")
    expect(page.locator("#line-status")).to_have_text(
        re.compile(r"^⚑ Flagged \(rules slip, 9\.5\.4\): .+"))
    expect(page.locator("#line-status")).to_have_attribute("data-kind", "rules")
    expect(page.locator("#log li.current")).to_have_attribute("data-turn", "14")
    page.keyboard.press("End")
    expect(root).to_have_attribute("data-turn", "32")
    expect(page.locator("#step-label")).to_have_text("Turn 32 of 32")
    page.keyboard.press("ArrowLeft")
    expect(root).to_have_attribute("data-turn", "31")
    page.click("#first")
    expect(root).to_have_attribute("data-turn", "0")
    page.set_input_files("#file", [])
    page.fill("#text", (LOGS / "bad" / "clearing_13.rootlog").read_text(encoding="utf-8"))
    page.click("#read")
    expect(page.locator("#report")).to_have_text(
        re.compile(r"^Cannot read this Rootlog: .*line 4, column 12"), timeout=READ)
    page.fill("#text", BY_HAND.read_text(encoding="utf-8"))
    page.click("#read")
    expect(page.locator("#report")).to_have_text("8 of 8 turns checked (100%), 0 flagged",
                                                   timeout=READ)
    expect(page.locator("#log li")).to_have_count(9)
    expect(page.locator("#log li.flagged")).to_have_count(0)


def test_a_human_record_shows_each_flagged_turns_kind_in_chromium(page: Page) -> None:
    """A record written by hand with a slip in it (the Marquise's warrior put in
    clearing 5 after her turn's actions: no rule places it): the report counts the
    kinds, the list and the turn's status name the kind and the rule (issue 55)."""
    page.set_default_timeout(15000)
    page.goto("/rootlog")
    page.fill("#text", SLIPPED)
    page.click("#read")
    expect(page.locator("#report")).to_have_text(
        "7 of 8 turns checked (88%), 1 flagged (1 rules slip)", timeout=READ)
    slip = page.locator("#log li.flagged")
    expect(slip).to_have_count(1)
    expect(slip).to_have_attribute("data-kind", "rules")
    expect(slip.locator(".kind")).to_have_text(" (rules slip, 6.5.2)")
    slip.click()
    expect(page.locator("#rootlog")).to_have_attribute("data-turn", "6")
    expect(page.locator("#line-status")).to_have_text(
        re.compile(r"^⚑ Flagged \(rules slip, 6\.5\.2\): .*\(w C\) to arrive at \(c 5\)"))


def test_the_summary_and_each_board_give_the_kind(client: httpx.Client) -> None:
    body = upload(client, SLIPPED).json()
    assert body["report"]["kinds"]["rules"] == 1 and body["kind_words"]["rules"] == "rules slip"
    six = body["turns"][6]
    assert (six["status"], six["kind"], six["rule"], six["column"]) == \
        ("flagged", "rules", "6.5.2", 0)
    assert body["turns"][5]["kind"] is None
    frame = client.get(f"/api/rootlogs/{body['id']}", params={"turn": 6}).json()
    assert (frame["kind"], frame["kind_words"], frame["rule"]) == ("rules", "rules slip", "6.5.2")


def told(client: httpx.Client, text: str) -> list[dict[str, Any]]:
    """The read of ``text`` as it goes (NDJSON), each line as it came."""
    out: list[dict[str, Any]] = []
    with client.stream("POST", "/api/rootlogs", content=text.encode(), timeout=READ / 1000,
                       headers={"Content-Type": "text/plain; charset=utf-8",
                                "Accept": "application/x-ndjson"}) as r:
        assert r.status_code == 201, r.read()
        assert r.headers["content-type"].startswith("application/x-ndjson")
        out.extend(json.loads(line) for line in r.iter_lines() if line.strip())
    return out


def test_a_read_is_told_as_it_goes(client: httpx.Client) -> None:
    """Issue 56: asked for NDJSON, the upload answers the setup's search, each turn
    replayed (0..n), then the summary the plain POST gives; an unreadable record is
    refused before any line, and a record read before answers its summary at once."""
    text = AS_SEEN.read_text(encoding="utf-8") + "\n\n"  # a text no test read before
    lines = told(client, text)
    assert lines[0] == {"setup": True} or lines[0] == {"waiting": True}
    steps = [ln["replayed"] for ln in lines if "replayed" in ln]
    assert steps == list(range(33)) and all(ln["turns"] == 32 for ln in lines if "turns" in ln)
    assert "summary" in lines[-1] and lines[-1]["summary"] == upload(client, text).json()
    bad = (LOGS / "bad" / "clearing_13.rootlog").read_text(encoding="utf-8")
    r = client.post("/api/rootlogs", content=bad.encode(),
                    headers={"Accept": "application/x-ndjson", "Content-Type": "text/plain"})
    assert "line 4, column 12" in error(r, 422, "bad_rootlog")["message"]
    again = client.post("/api/rootlogs", content=text.encode(),
                        headers={"Accept": "application/x-ndjson"}, timeout=READ / 1000)
    assert again.status_code == 201 and again.json() == lines[-1]["summary"]


def test_the_page_shows_progress_while_it_reads_in_chromium(page: Page) -> None:
    """Issue 56: while a record is read the page says how far the replay is (turn i of
    n, the seconds so far) and fills a progress bar; never a bare "Reading…"."""
    page.set_default_timeout(15000)
    page.goto("/rootlog")
    page.evaluate("""() => { window.said = [];
      new MutationObserver((records) => { for (const r of records) for (const n of r.addedNodes)
        window.said.push(n.textContent); }).observe(document.getElementById('report'),
        { childList: true, subtree: true }); }""")
    page.fill("#text", AS_SEEN.read_text(encoding="utf-8") + "\n\n\n")
    page.click("#read")
    expect(page.locator("#report")).to_have_text(re.compile(r"^25 of 32 turns checked"),
                                                 timeout=READ)
    said: list[str] = page.evaluate("window.said")
    reading = [s for s in said if s.startswith("Reading")]
    assert reading and all(re.search(r"\(\d+ s\)$", s) for s in reading), said
    assert any(re.match(r"Reading… turn \d+ of 32 replayed", s) for s in said), said
    assert "Reading…" not in said
    expect(page.locator("#read-progress")).to_be_hidden()
