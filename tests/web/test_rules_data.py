"""The converted rule books (rootlaw/data/rules/*.json) and their converter."""
from __future__ import annotations

import importlib.util
import re
import tomllib
from pathlib import Path
from types import ModuleType

import pytest

from rootlaw.server import rulebook
from rootlaw.server.rules_html import REF, Inline

ROOT = Path(__file__).resolve().parents[2]
SEEDS = ROOT.parent / "shared" / "seeds"


def load_converter() -> ModuleType:
    path = ROOT / "scripts" / "build_rules.py"
    spec = importlib.util.spec_from_file_location("build_rules", path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.skipif(not SEEDS.exists(), reason=f"seed texts not found at {SEEDS}")
def test_shipped_json_is_up_to_date(tmp_path: Path) -> None:
    """Re-run scripts/build_rules.py on the seeds: the shipped JSON must be what it makes."""
    converter = load_converter()
    assert converter.main(["--seeds", str(SEEDS), "--out", str(ROOT / "rootlaw" / "data" / "rules"),
                           "--check"]) == 0


def test_every_law_chapter_and_appendix() -> None:
    law = rulebook.get_book("law")
    numbers = [c["number"] for c in law.chapters if c.get("number")]
    assert numbers == [str(i) for i in range(1, 16)] + list("ABCDEFG")
    glossary = [a for a in law.anchors if a.startswith("G.1.")]
    assert len(glossary) == 34  # G.1.1 .. G.1.34, across the stray "INDEX" heading
    index = law.anchors["index"]["index"]
    assert index[0]["text"] == "Ambush cards, 2.1.2" and len(index) > 30


def test_page_breaks_are_joined() -> None:
    law = rulebook.get_book("law").anchors
    assert law["8.2.6"]["text"].endswith("adds it to the Supporters stack.")
    assert "place control markers" in law["E.1.2"]["text"]
    assert "(*Players can still" in law["E.3.6"]["text"]


def test_other_books_structure() -> None:
    bots = rulebook.get_book("rootbotics").anchors
    assert bots["5.5.1.IIa"]["title"] == "First Tie for Destination Clearing"
    assert bots["7.5.IV"]["title"].startswith("Mouse")
    crusader = rulebook.get_book("crusader").anchors
    assert crusader["VW.2.3"]["title"] == "Pythonic"
    assert "?" not in crusader["HOL.1"]["children"][0]["text"]
    proto = rulebook.get_book("prototype")
    assert [c["title"] for c in proto.chapters][:3] == ["Introduction", "Setup", "Golden Rules"]
    assert any(g.term == "Ruler" for g in proto.glossary)


# Rule numbers the Law's text cites that do not exist (errata in the source, docs/web.md):
# G.1.10 "See 1.6.2" (1.5.2), 14.7.2 "15.5.3" (14.5.3), G.1.28 "2.3.3" (2.2.3),
# G.1.25 "2.4.4" (2.2.4), 4.3.1.I "4.2.1.II" (4.3.1.II), 9.2.4 "4.3.2.III" (4.3.3.II).
LAW_ERRATA = ["1.6.2", "15.5.3", "2.3.3", "2.4.4", "4.2.1.II", "4.3.2.III"]


def test_law_references_resolve() -> None:
    """Every rule number cited in the Law exists, except known errata, which link to the
    nearest existing parent (marked as approximate on the page)."""
    law = rulebook.get_book("law")
    inline = Inline(law, law)
    cited = {m.group(0) for n, _ in rulebook.iter_nodes(law.chapters)
             for m in re.finditer(r"(?<![\w.])" + REF + r"(?!\w)", n.get("text") or "")}
    missing = sorted(c for c in cited if c not in law.anchors)
    assert len(cited) > 40
    assert missing == LAW_ERRATA
    assert all(inline.resolve(c, law) for c in missing)


def test_package_data_ships_every_web_and_data_file() -> None:
    """pyproject's package-data globs cover every file the app reads (non-editable installs)."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    patterns = config["tool"]["setuptools"]["package-data"]["rootlaw"]
    pkg = ROOT / "rootlaw"
    shipped = {p for pattern in patterns for p in pkg.glob(pattern) if p.is_file()}
    needed = {p for d in ("web", "data") for p in (pkg / d).rglob("*") if p.is_file()
              and "__pycache__" not in p.parts}
    assert needed <= shipped, sorted(str(p.relative_to(pkg)) for p in needed - shipped)
