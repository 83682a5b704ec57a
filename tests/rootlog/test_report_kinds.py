"""What the report says of each flagged turn (issue 55): its kind (a rules slip with
its rule, an omission, the notation's silence, an unreadable line with its column, the
search bound), in ``--report`` and the JSON."""
from __future__ import annotations

import argparse
import io
import json
from pathlib import Path

from rootlaw.commands.replay import replay
from rootlaw.rootlog import loads
from rootlaw.rootlog.reader import KINDS, make_flag

BY_HAND = Path(__file__).parent / "logs" / "marquise_eyrie_by_hand.rootlog"
FIRST_C = "C:t->2;t2->;b_s->1;++;M#codebC->;t->2;M#swordC->;t->2;#->C"


def _damaged(old: str, new: str) -> str:
    text = BY_HAND.read_text(encoding="utf-8")
    assert old in text
    return text.replace(old, new, 1)


def test_an_unreadable_line_says_its_column() -> None:
    r = loads(_damaged(FIRST_C, "C:t->2;Q#->;b_s->1"))
    f = next(f for f in r.report.flagged if f.turn == 2)
    assert f.kind == "unreadable" and f.column == 8, f
    assert "[unreadable line]" in r.report.text() and "column 8" in r.report.text()


def test_a_rules_slip_names_its_rule() -> None:
    """The Marquise builds a sawmill in the Eyrie's roost clearing, which the Eyrie rule
    (6.5.3 Build: a clearing you rule): the engine has no legal way."""
    r = loads(_damaged(FIRST_C, "C:t->2;t2->;b_s->4;++;#->C"))
    f = next(f for f in r.report.flagged if f.turn == 2)
    assert f.kind in ("rules", "omission") and f.rule, f
    assert f.rule[0].isdigit()


def test_the_json_and_the_text_say_the_kinds() -> None:
    r = loads(_damaged(FIRST_C, "C:t->2;Q#->;b_s->1"))
    data = r.report.to_json()
    assert set(data["kinds"]) == set(KINDS) and sum(data["kinds"].values()) == len(
        data["flagged"])
    assert {"turn", "line", "reason", "kind", "rule", "column"} <= set(data["flagged"][0])
    assert "1 unreadable line" in r.report.text().splitlines()[0]


def test_the_kinds_read_from_reasons() -> None:
    bound = make_flag(1, 5, "no sequence of legal options found within 4000 tries "
                      "(search bound); closest: x", "6.5")
    assert bound.kind == "bound"
    late = make_flag(2, 6, "out of turn: the engine's turn order (1.4.1) gives E this turn")
    assert (late.kind, late.rule) == ("rules", "1.4.1")
    cited = make_flag(3, 7, "the Riverfolk's h price (11.3.5) becomes 4, the line says 3",
                      "6.5")
    assert cited.rule == "11.3.5"
    left = make_flag(4, 8, "the engine's (c x) leaves (deck), which the line does not say",
                     "8.5")
    assert (left.kind, left.rule) == ("omission", "8.5")


def test_replay_report_prints_kinds(tmp_path: Path) -> None:
    p = tmp_path / "r.rootlog"
    p.write_text(_damaged(FIRST_C, "C:t->2;Q#->;b_s->1"), encoding="utf-8")
    out = io.StringIO()
    replay(argparse.Namespace(file=str(p), json=True, report=False, turn=None, setup=None),
           out)
    data = json.loads(out.getvalue())
    assert any(f["kind"] == "unreadable" and f["column"] == 8 for f in data["flagged"])
