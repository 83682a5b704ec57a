"""The records people wrote (../shared/notation/examples/, issue 55): hand
transcriptions of 2020 that draft their factions from a ``Pool:`` and set each up by its
own standard setup (before the Law's Appendix A). Their setup is read as such (a draft,
then the standard setup: docs/rulings.md), their seats in the draft's order (reverse
turn order), and every line parses."""
from __future__ import annotations

from pathlib import Path

import pytest

from rootlaw.factions.eyrie import EyrieState
from rootlaw.rootlog import RootlogError, load, parse
from rootlaw.rootlog.reader import setup_kind

EXAMPLES = Path(__file__).parents[2] / ".." / "shared" / "notation" / "examples"
NAMES = ("testString.rootlog", "test2String.rootlog", "afterDarkSpecial.rootlog")
LOGS = Path(__file__).parent / "logs"

pytestmark = pytest.mark.skipif(not EXAMPLES.is_dir(), reason="../shared is not here")


@pytest.mark.parametrize("name", NAMES)
def test_the_old_drafts_are_read_as_drafts(name: str) -> None:
    """A Pool: whose player lines all come before the setup lines: the old draft."""
    tree = parse((EXAMPLES / name).read_text(encoding="utf-8"), strict=False)
    assert setup_kind(tree, tree.directives()) == "draft"


def test_an_advanced_setup_record_stays_advanced() -> None:
    """A.8.2 records follow each player line with its setup line (1 ADSET)."""
    tree = parse((LOGS / "draft_coalition.rootlog").read_text(encoding="utf-8"), strict=False)
    assert setup_kind(tree, tree.directives()) == "advanced"
    assert setup_kind(tree, tree.directives(), "draft") == "draft"
    with pytest.raises(RootlogError, match="unknown setup 'homeland'"):
        setup_kind(tree, tree.directives(), "homeland")


def test_the_despot_leads_the_eyrie() -> None:
    """test2String's ``E:b+6w->1/#despot->$``: the Eyrie's standard setup (7.3.3) with
    the Despot as leader, the setup checked, the turns in the record's order (G, C, V,
    E: the player lines reversed)."""
    r = load(EXAMPLES / "test2String.rootlog")
    assert not [f for f in r.report.flagged if f.turn == 0], r.report.text()
    g = r.states[0]
    assert g.setup.get("setup", "standard") == "standard"
    eyrie = next(s for s, fd in enumerate(g.fdefs) if fd.id == "eyrie")
    st = g.fstate[eyrie]
    assert isinstance(st, EyrieState) and st.leader == "despot"
    assert r.letters == ["G", "C", "V", "E"]


@pytest.mark.parametrize("name", NAMES)
def test_every_line_parses(name: str) -> None:
    """Summary 1-3: no action of the three records is unreadable, the shortcuts their
    transcribers took included (``t^3->t_s``, ``$_d->s+r``)."""
    tree = parse((EXAMPLES / name).read_text(encoding="utf-8"), strict=False)
    assert [(t.line, t.errors) for t in tree.turns if t.errors] == []


@pytest.mark.parametrize(("text", "same"), [
    ("t^3->t_s", "t3^t_s"),  # the clearing after '^': the same flip
    ("$_d->s+r", "%_d->s+r"),  # the Evening rest with '$' for '%'
    ("($_h+$_m)->2", "$_h+$_m->2"),  # a group of board keys (2 groups)
    ("(O$_h+O$_r)->3", "O$_h+O$_r->3"),
])
def test_the_shortcuts_people_write(text: str, same: str) -> None:
    from dataclasses import replace

    from rootlaw.rootlog import parse_action

    assert replace(parse_action(text), col=1) == parse_action(same)  # type: ignore[type-var]


@pytest.mark.parametrize("text", ["$_h->s+r", "t^3", "($_h+$_m->2", "t_s^3->t_s"])
def test_what_the_shortcuts_do_not_read(text: str) -> None:
    """Only those forms: a Riverfolk price is no item, a flip needs its token."""
    from rootlaw.rootlog import parse_action

    with pytest.raises(RootlogError):
        parse_action(text)
