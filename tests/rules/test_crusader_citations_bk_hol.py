"""The Borough Kings' and the Host of Light's code cites the Crusader text by the rules
reference's anchors (BK.5.2.I is /rules/crusader#BK.5.2.I): every citation in their
modules and every decision's rule must be an anchor of that book, so the web app's
links (game.js: BK./HOL. rules open the Crusader book) land on the rule cited."""
from __future__ import annotations

import json
import re
from pathlib import Path

import rootlaw
from rootlaw.core.steps import STEPS

ROOT = Path(rootlaw.__file__).parent
CITE = re.compile(r"\b((?:BK|HOL)(?:\.(?:\d+|[IVX]+))+)")
MODULES = ("borough_kings.py", "host_of_light.py")


def anchors() -> set[str]:
    book = json.loads((ROOT / "data" / "rules" / "crusader.json").read_text("utf-8"))
    found: set[str] = set()

    def walk(node: dict[str, object]) -> None:
        if node.get("anchor"):
            found.add(str(node["anchor"]))
        for child in node.get("children", []) or []:  # type: ignore[union-attr]
            walk(child)  # type: ignore[arg-type]

    for chapter in book["chapters"]:
        walk(chapter)
    return found


def test_every_citation_in_the_code_is_an_anchor_of_the_crusader_book() -> None:
    known = anchors()
    cited: dict[str, list[str]] = {}
    for name in MODULES:
        for m in CITE.finditer((ROOT / "factions" / name).read_text("utf-8")):
            cited.setdefault(m[1], []).append(name)
    assert len(cited) > 50
    missing = {a: files for a, files in cited.items() if a not in known}
    assert not missing, f"citations with no rule of that number: {missing}"


def test_every_decision_cites_a_rule_of_the_crusader_book() -> None:
    known = anchors()
    steps = [(n, h) for n, h in STEPS.items() if n.startswith(("bk.", "hol.")) and not h.auto]
    assert len(steps) > 15
    for name, h in steps:
        for part in h.rule.split("/"):
            assert part in known, (name, h.rule)


def test_the_game_page_links_crusader_rules_to_the_crusader_book() -> None:
    js = (ROOT / "web" / "static" / "js" / "game.js").read_text("utf-8")
    assert "/rules/crusader#" in js and "BK|HOL" in js
