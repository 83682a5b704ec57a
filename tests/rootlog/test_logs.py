"""Records written as people write them (tests/rootlog/logs/, issue 37): they load and
replay, and the report says per turn checked or flagged and why; bad records are a
RootlogError with the line and the column, never a traceback; games the notation cannot
record are refused with one.

The logs: ``marquise_eyrie_by_hand`` written by hand in the style of the specification's
examples (several pieces in one move, several clearings, ';' between actions, comments);
the three others are games rootlaw played, written as the table saw them (cards drawn
unnamed) without rootlaw's own comments, the seats given players' names: the Advanced
Setup's draft with a coalition (``draft_coalition``), a game won by a dominance card
(``base_dominance_win``), the Duchy and the Corvids with the E&P deck
(``corvids_duchy_plots``). A record without every card named checks fewer turns (a
card the engine drew in secret may not be the one a later line spends:
docs/rootlog.md); each file's share is kept from falling.
"""
from __future__ import annotations

import argparse
import io
import json
import random
from pathlib import Path

import pytest

import rootlaw
from rootlaw.commands.replay import replay
from rootlaw.rootlog import RootlogError, dumps, load, loads
from rootlaw.rootlog.reader import KINDS

LOGS = Path(__file__).parent / "logs"
# each log: its turns and how many of them are checked at least (summary 1: a turn is
# a line after the setup)
GOOD = {
    "marquise_eyrie_by_hand.rootlog": (8, 8),
    "base_dominance_win.rootlog": (32, 25),
    "draft_coalition.rootlog": (36, 28),
    "corvids_duchy_plots.rootlog": (26, 17),
}
# bad records: the line, the column and words of the message
BAD = {
    "unknown_map.rootlog": (2, 6, "expected a map"),
    "winter_without_clearings.rootlog": (2, 1, "needs its 'Clearings:' header"),
    "seven_seats.rootlog": (10, 1, "2 to 6 players"),
    "unknown_faction.rootlog": (5, 1, "unknown faction letter 'Z'"),
    "clearing_13.rootlog": (4, 12, "clearing 13"),
}


@pytest.mark.parametrize("name", sorted(GOOD))
def test_hand_written_logs_load_and_replay(name: str) -> None:
    """1-3: every construct the logs use reads; the replay gives the game after the
    setup and after each turn; every flagged turn names its line and a reason."""
    path = LOGS / name
    turns, checked = GOOD[name]
    r = load(path)
    text_lines = path.read_text(encoding="utf-8").splitlines()
    assert r.report.turns == turns
    assert len(r.states) == turns + 1 and len(r.lines) == turns + 1
    assert r.report.checked >= checked, r.report.text()
    assert r.report.checked + len([f for f in r.report.flagged if f.turn]) == turns
    for f in r.report.flagged:
        assert f.reason
        assert text_lines[f.line - 1][:2] in {f"{L}:" for L in r.letters}
    assert not r.report.notes, r.report.notes  # the winners, when written, agree


def test_report_as_json_from_the_command_line() -> None:
    """``rootlaw replay FILE --report --json`` prints {"turns", "checked", "kinds",
    "flagged"}."""
    path = LOGS / "marquise_eyrie_by_hand.rootlog"
    out = io.StringIO()
    args = argparse.Namespace(file=str(path), report=True, json=True, turn=None)
    assert replay(args, out) == 0
    assert json.loads(out.getvalue()) == {"turns": 8, "checked": 8, "flagged": [],
                                          "kinds": dict.fromkeys(KINDS, 0)}
    out = io.StringIO()
    assert replay(argparse.Namespace(file=str(path), report=True, json=False, turn=None),
               out) == 0
    assert out.getvalue().startswith("8 of 8 turns checked (100%)")


@pytest.mark.parametrize("name", sorted(BAD))
def test_bad_logs_name_line_and_column(name: str) -> None:
    line, col, words = BAD[name]
    with pytest.raises(RootlogError) as e:
        load(LOGS / "bad" / name)
    assert (e.value.line, e.value.column) == (line, col), str(e.value)
    assert words in e.value.message
    out = io.StringIO()  # the command line says so, with no traceback
    assert replay(argparse.Namespace(file=str(LOGS / "bad" / name), report=True, json=False,
                                  turn=None), out) == 2
    assert f"line {line}, column {col}: " in out.getvalue()


def test_a_second_player_line_is_the_setup_line() -> None:
    """1: the first line of a faction is its player line, the next its setup (as the
    reference parser reads it): a second 'C: name' is an unreadable setup, flagged."""
    r = load(LOGS / "bad" / "two_player_lines.rootlog")
    assert [f.turn for f in r.report.flagged] == [0]
    assert "line 6, column 4: expected a piece" in r.report.flagged[0].reason


def test_an_unreadable_action_flags_its_turn_only() -> None:
    """A replay reads on past an action it cannot read: that turn is flagged with the
    line and the column, applied as recorded, and the next turns are checked."""
    text = (LOGS / "marquise_eyrie_by_hand.rootlog").read_text(encoding="utf-8")
    bad = text.replace("C:t->1+2/XE9(3,0)/Ew9->/#->C", "C:t->1+2/XE9(3,0)/Ew9->/#->C/w->13")
    assert bad != text
    r = loads(bad)
    flags = [(f.turn, f.line) for f in r.report.flagged]
    assert flags == [(4, 18)], r.report.text()
    assert "line 18, column 33: expected clearings numbered 1-12" in r.report.flagged[0].reason
    assert r.report.checked == 7


def test_missing_and_unreadable_files() -> None:
    with pytest.raises(RootlogError, match="cannot read"):
        load(LOGS / "no_such.rootlog")
    with pytest.raises(RootlogError):
        loads("\udcff")  # not text a record holds


@pytest.mark.parametrize("kw", [
    {"factions": ["marquise", "eyrie", "spinners"], "seed": 1},  # no Rootlog letter
    {"factions": ["marquise", "eyrie"], "rules": "prototype", "seed": 1},
])
def test_games_the_notation_cannot_record_are_refused(kw: dict[str, object]) -> None:
    try:
        g = rootlaw.new_game(**kw)  # type: ignore[arg-type]
    except rootlaw.SetupError:
        pytest.skip(f"no such game: {kw}")
    with pytest.raises(RootlogError):
        dumps(g)


def test_simulated_games_are_written_and_read_back(tmp_path: Path) -> None:
    """``rootlaw simulate --rootlog DIR`` (``GameSpec.rootlog``): each game a file, every
    card named, every turn checked when read back."""
    from rootlaw.sim import GameSpec, play

    spec = GameSpec(factions=("marquise", "eyrie", "alliance"), seed=5, max_turns=12,
                    rootlog=str(tmp_path))
    play(spec)
    r = load(tmp_path / "game-5.rootlog")
    assert r.report.turns >= 12 and r.report.checked == r.report.turns, r.report.text()


def _advanced_record(seed: int) -> tuple[rootlaw.Game, str]:
    g = rootlaw.new_game(factions=["marquise", "eyrie", "alliance"], setup="advanced",
                         seed=seed)
    rnd = random.Random(seed)
    while not g.is_over and g.turn_no < 6:
        opts = g.decision.options
        g.apply(opts[rnd.randrange(len(opts))])
    return g, dumps(g)


def test_the_first_players_seat_is_kept_and_a_bad_one_refused() -> None:
    """rootlaw's record of an Advanced Setup game names the engine's seat of the first
    player (5.1.1, ``first_seat``): read back, the seats are numbered as in the game played
    (simultaneous triggers resolve in seat order); a seat that is not one is refused."""
    g, text = _advanced_record(0)
    assert g.adv is not None and g.adv.first == 2 and '"first_seat":2' in text
    r = loads(text)
    assert r.game.factions == g.factions
    assert r.report.checked == r.report.turns, r.report.text()
    for bad in ('"first_seat":3', '"first_seat":-1', '"first_seat":"2"'):
        with pytest.raises(RootlogError, match="first_seat"):
            loads(text.replace('"first_seat":2', bad))
