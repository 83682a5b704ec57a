"""The Spinners' and the Wyrm's code cite their rules by the Crusader rules reference's
anchors (SOM.2.3 is /rules/crusader#SOM.2.3): every citation in their modules, their
tests and their data, and every decision's rule, must be an anchor of that book, so the
web app's links (game.js) land on the rule cited."""
from __future__ import annotations

import re
from pathlib import Path

import rootlaw
from rootlaw.core.steps import STEPS
from rootlaw.server.rulebook import get_book

ROOT = Path(rootlaw.__file__).parent
TESTS = Path(__file__).parent
CITE = re.compile(r"\b((?:SOM|VW)\.\d+(?:\.\d+)*(?:\.[IVX]+)?)\b")
FILES = [ROOT / "factions" / "spinners.py", ROOT / "factions" / "wyrm.py",
         ROOT / "data" / "crusader.json", TESTS / "test_crusader_spinners.py",
         TESTS / "test_crusader_wyrm.py"]


def test_every_citation_is_an_anchor_of_the_crusader_rules_reference() -> None:
    known = set(get_book("crusader").anchors)
    cited: dict[str, list[str]] = {}
    for path in FILES:
        for m in CITE.finditer(path.read_text("utf-8")):
            cited.setdefault(m[1], []).append(path.name)
    assert len(cited) > 40
    missing = {a: files for a, files in cited.items() if a not in known}
    assert not missing, f"citations with no rule of that number: {missing}"


def test_every_rule_of_the_two_sections_has_a_test() -> None:
    """A test per numbered rule (the overviews SOM.1 and VW.1 excepted): named for it
    (SOM.2.3 as som_2_3) or citing it in its body."""
    rule = re.compile(r"(SOM|VW)\.\d+\.\d+(\.[IVX]+)?")
    known = [a for a in get_book("crusader").anchors if rule.fullmatch(a)]
    tests: list[str] = []
    for f in ("test_crusader_spinners.py", "test_crusader_wyrm.py"):
        tests += re.split(r"\n(?=def test_)", (TESTS / f).read_text("utf-8"))[1:]
    missing = [a for a in known
               if not any(a.lower().replace(".", "_") in t.split("(")[0] or
                          re.search(re.escape(a) + r"\b", t) for t in tests)]
    assert not missing, f"rules without a test: {missing}"


def test_every_decision_of_the_two_factions_cites_its_rule() -> None:
    known = set(get_book("crusader").anchors) | set(get_book("law").anchors)
    for name, h in STEPS.items():
        if name.startswith(("spinners.", "wyrm.")) and not h.auto:
            assert h.rule in known, (name, h.rule)
