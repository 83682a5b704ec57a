"""Rootlog, the community's notation for recording Root games (V2.8), read and written.

    import rootlaw.rootlog as rootlog
    text = rootlog.dumps(game)         # a finished game: everything; else what all saw
    r = rootlog.load("game.rootlog")   # parse and replay, turn by turn
    r.report.to_json()                 # {"turns": N, "checked": K, "flagged": [...]}
    tree = rootlog.parse(text)         # the typed parse tree (RootlogError if bad)

The package sits above the factions (DESIGN.md: notation): it drives the engine
through its public contract (new games, decisions, steps, saves) and holds no rule.
docs/rootlog.md says what a replay checks, what it flags and why.
"""
from __future__ import annotations

from rootlaw.rootlog.errors import RootlogError
from rootlaw.rootlog.ledger import ALL
from rootlaw.rootlog.parser import parse, parse_action
from rootlaw.rootlog.reader import Flag, Replay, Report, load, loads, replay
from rootlaw.rootlog.text import format_action, format_log
from rootlaw.rootlog.writer import dumps, record

__all__ = ["ALL", "Flag", "Replay", "Report", "RootlogError", "dumps", "format_action",
           "format_log", "load", "loads", "parse", "parse_action", "record", "replay"]
