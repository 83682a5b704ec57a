"""``rootlaw replay FILE``: a Rootlog read and replayed in the terminal.

    rootlaw replay game.rootlog                 # the board after each turn
    rootlaw replay game.rootlog --turn 12       # the board after turn 12
    rootlaw replay game.rootlog --report        # checked and flagged turns
    rootlaw replay game.rootlog --report --json # {"turns", "checked", "flagged"}
    rootlaw replay game.rootlog --setup draft   # the setup it used (standard|draft|advanced)

(``rootlaw play --rootlog FILE`` and ``rootlaw simulate --rootlog DIR`` write them.)
"""
from __future__ import annotations

import argparse
import json
import sys
from typing import TextIO

from rootlaw.rootlog.errors import RootlogError


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    r = sub.add_parser("replay", help="read a Rootlog and replay it turn by turn",
                       description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    r.add_argument("file", help="a Rootlog file (V2.8)")
    r.add_argument("--report", action="store_true",
                   help="print per turn whether it was checked or flagged, and why")
    r.add_argument("--json", action="store_true", help="print the report as JSON")
    r.add_argument("--setup", choices=("standard", "draft", "advanced"),
                   help="the setup the record used (default: read from the record: "
                   "a Pool: header without rootlaw's directive is a draft followed by "
                   "each faction's standard setup, the records before Appendix A)")
    r.add_argument("--turn", type=int, metavar="N",
                   help="show the board after turn N only (0: after the setup)")
    r.set_defaults(run=run)


def replay(args: argparse.Namespace, out: TextIO = sys.stdout) -> int:
    from rootlaw.rootlog.reader import load

    try:
        r = load(args.file, getattr(args, "setup", None))
    except RootlogError as e:
        print(f"rootlaw replay: {args.file}: {e}", file=out)
        return 2
    if args.json:
        print(json.dumps(r.report.to_json(), indent=2), file=out)
        return 0
    if args.report:
        print(r.report.text(), file=out)
        return 0
    return _show(r, args.turn, out)


def _show(r: object, turn: int | None, out: TextIO) -> int:
    from rootlaw.rootlog.reader import Replay
    from rootlaw.tui import paths_of, render

    assert isinstance(r, Replay)
    flags = {f.turn: f for f in r.report.flagged}
    lines = {t.line: t for t in r.tree.turns}
    for i, (g, line) in enumerate(zip(r.states, r.lines, strict=True)):
        if turn is not None and i != turn:
            continue
        t = lines.get(line)
        head = "setup" if i == 0 else f"turn {i}"
        status = f"FLAGGED: {flags[i].reason}" if i in flags else "checked"
        text = f"{t.faction}:{t.text}" if t is not None and i else ""
        print(f"== {head} (line {line}) {status}", file=out)
        if text:
            print(text, file=out)
        print(render(g.view(None), paths_of(g)), file=out)
    if turn is not None and not 0 <= turn < len(r.states):
        print(f"rootlaw replay: no turn {turn} (0 to {len(r.states) - 1})", file=out)
        return 2
    print(r.report.text(), file=out)
    return 0


def run(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    return replay(args)
