"""Fuzzing the Rootlog reader (issue 55, "Bad records"): whatever text arrives (arbitrary
characters, the notation's own tokens recombined, real records' lines damaged at random),
``parse`` and ``loads`` raise nothing but ``RootlogError``. The replays read a short
prefix of each damaged record (its headers, setup and first turns), so that an example
costs a fraction of a second; ROOTLAW_ROOTLOG_FUZZ scales the example counts (CI: 1)."""
from __future__ import annotations

import os
import re
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rootlaw.rootlog import RootlogError, loads, parse

SHARED = Path(__file__).parents[2] / ".." / "shared" / "notation" / "examples"
OWN = Path(__file__).parent / "logs"
SCALE = float(os.environ.get("ROOTLAW_ROOTLOG_FUZZ", "1"))


def _records() -> list[str]:
    """People's records (../shared, when present) and the suite's own."""
    paths = sorted(SHARED.glob("*.rootlog")) + sorted(OWN.glob("*.rootlog"))
    return [p.read_text(encoding="utf-8") for p in paths]


RECORDS = _records()
LINES = sorted({line for text in RECORDS for line in text.splitlines() if line.strip()})
# the notation's tokens as they occur in real lines: numbers, names, arrows, marks
TOKENS = sorted({t for line in LINES for t in re.findall(r"\d+|[A-Za-z_]+|->|\S", line)})
DAMAGE = "0123456789#$%^&*()+-_>/<:=.,@!?~ \t|[]{}'\"\\wbtWBTOEADVLRKCP"


def examples(n: int) -> settings:
    return settings(max_examples=max(1, int(n * SCALE)), deadline=None, derandomize=True,
                    database=None, suppress_health_check=[HealthCheck.too_slow])


def read(text: str, replay: bool) -> None:
    """Parse (strict and lenient) and, if ``replay``, replay: only RootlogError may leave."""
    for strict in (True, False):
        try:
            parse(text, strict=strict)
        except RootlogError:
            pass
    if replay:
        try:
            loads(text)
        except RootlogError:
            pass


@st.composite
def damaged(draw: st.DrawFn, prefix: int | None) -> str:
    """A real record with one to four lines damaged: a character deleted, inserted or
    replaced, a line repeated elsewhere, deleted, or replaced by tokens recombined."""
    lines = draw(st.sampled_from(RECORDS)).splitlines()
    if prefix is not None:
        lines = lines[:draw(st.integers(prefix // 2, prefix))]
    for _ in range(draw(st.integers(1, 4))):
        if not lines:
            break
        i = draw(st.integers(0, len(lines) - 1))
        line = lines[i]
        j = draw(st.integers(0, len(line)))
        op = draw(st.integers(0, 5))
        if op == 0:
            lines[i] = line[:j] + line[j + 1:]
        elif op == 1:
            lines[i] = line[:j] + draw(st.sampled_from(DAMAGE)) + line[j:]
        elif op == 2:
            lines[i] = line[:j] + draw(st.sampled_from(DAMAGE)) + line[j + 1:]
        elif op == 3:
            lines.insert(i, draw(st.sampled_from(lines)))
        elif op == 4:
            del lines[i]
        else:
            lines[i] = line[:j] + "".join(draw(st.lists(st.sampled_from(TOKENS), max_size=8)))
    return "\n".join(lines)


@examples(300)
@given(st.text(max_size=200))
def test_any_text(text: str) -> None:
    read(text, replay=False)


@examples(300)
@given(st.lists(st.sampled_from(TOKENS), max_size=30).map("".join))
def test_tokens_recombined(line: str) -> None:
    """One action line of the notation's own tokens in any order, after a real header."""
    head = RECORDS[0].splitlines()
    read("\n".join([*head[:12], line]), replay=False)


@examples(300)
@given(damaged(prefix=None))
def test_damaged_records_parse(text: str) -> None:
    read(text, replay=False)


@examples(40)
@given(damaged(prefix=20))
def test_damaged_records_replay(text: str) -> None:
    read(text, replay=True)


def test_the_records_are_there() -> None:
    """The fuzz draws from real records: people's three and the suite's own."""
    assert len(RECORDS) >= 3 and len(TOKENS) > 50
