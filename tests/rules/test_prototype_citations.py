"""The prototype's code cites its rules by the rules reference's anchors (P5.7.2 is
/rules/prototype#5.7.2): every citation in rootlaw/prototype and every decision's rule
must be an anchor of that book, so the web app's links land on the rule cited."""
from __future__ import annotations

import json
import re
from pathlib import Path

import rootlaw
from rootlaw.core.steps import STEPS

ROOT = Path(rootlaw.__file__).parent
CITE = re.compile(r"\bP(\d+(?:\.\d+)+)")


def anchors() -> set[str]:
    book = json.loads((ROOT / "data" / "rules" / "prototype.json").read_text("utf-8"))
    found: set[str] = set()

    def walk(node: dict[str, object]) -> None:
        if node.get("anchor"):
            found.add(str(node["anchor"]))
        for child in node.get("children", []) or []:  # type: ignore[union-attr]
            walk(child)  # type: ignore[arg-type]

    for chapter in book["chapters"]:
        walk(chapter)
    return found


def test_every_citation_in_the_code_is_an_anchor_of_the_rules_reference() -> None:
    known = anchors()
    cited: dict[str, list[str]] = {}
    for path in sorted((ROOT / "prototype").glob("*.py")):
        for m in CITE.finditer(path.read_text("utf-8")):
            cited.setdefault(m[1], []).append(path.name)
    assert len(cited) > 100
    missing = {a: files for a, files in cited.items() if a not in known}
    assert not missing, f"citations with no rule of that number: {missing}"


def test_every_decision_cites_a_rule_of_the_prototype() -> None:
    known = anchors()
    for name, h in STEPS.items():
        if name.startswith("proto.") and not h.auto:
            assert h.rule.startswith("P") and h.rule[1:] in known, (name, h.rule)
