"""The Rootlog round trip of tests/rootlog/test_roundtrip.py over a range of seeds, by
hand (not in CI, which plays a sample): each random game written with every card named,
read back, every turn checked and the components compared after every turn. Prints
each seed that fails with its mix and why, then the count and the CPU time; the exit
status is 1 if any failed.

    python scripts/roundtrip.py 0 1500 & python scripts/roundtrip.py 1500 3000
    python scripts/roundtrip.py 0 300 --hirelings      # the hireling games (Appendix E)
    python scripts/roundtrip.py 0 100 --table          # written as the table saw them

``--table``: each game written as the table saw it (``dumps(g, None)``: no card drawn
in secret named) without rootlaw's own comments, as a player would write it, and read
back: the turns checked, and the flagged ones by kind (docs/rootlog.md, Figures).
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # tests.rootlog

from rootlaw.rootlog import dumps, loads  # noqa: E402
from rootlaw.rootlog.reader import KINDS  # noqa: E402
from tests.rootlog.test_roundtrip import failures, game_for, play  # noqa: E402
from tests.test_invariants_hirelings import game_for as hireling_game  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("first", type=int, help="the first seed")
    ap.add_argument("end", type=int, help="the seed after the last")
    ap.add_argument("--hirelings", action="store_true", help="the hireling games")
    ap.add_argument("--table", action="store_true",
                    help="written as the table saw them: the turns checked")
    ap.add_argument("--keep-setup", action="store_true",
                    help="with --table: keep the rootlaw-setup comment (which seats are "
                         "bots, the setup's options: what the table knows)")
    args = ap.parse_args()
    build = hireling_game if args.hirelings else game_for
    if args.table:
        return table(args.first, args.end, build, args.keep_setup)
    start = time.process_time()
    failed = 0
    for seed in range(args.first, args.end):
        for why in failures([seed], build):
            failed += 1
            print("FAIL", why, flush=True)
    n = args.end - args.first
    print(f"seeds {args.first}-{args.end - 1}: {n - failed} of {n} pass "
          f"({time.process_time() - start:.0f} s of CPU)")
    return 1 if failed else 0


def table(first: int, end: int, build: Any, keep_setup: bool = False) -> int:
    """The games written as the table saw them, read back: turns checked, by seed."""
    keep = "// rootlaw-setup" if keep_setup else "// rootlaw-setup-never"
    start = time.process_time()
    turns = checked = 0
    kinds = dict.fromkeys(KINDS, 0)
    for seed in range(first, end):
        g = play(seed, build)
        text = "\n".join(x for x in dumps(g, None).splitlines()
                         if not x.startswith("// rootlaw-") or x.startswith(keep))
        r = loads(text).report
        turns += r.turns
        checked += r.checked
        for k, n in r.kinds().items():
            kinds[k] += n
        print(f"seed {seed}: {r.checked} of {r.turns}", flush=True)
    share = checked / turns if turns else 1.0
    print(f"seeds {first}-{end - 1}: {checked} of {turns} turns checked ({share:.0%}); "
          f"flagged lines by kind {kinds} ({time.process_time() - start:.0f} s of CPU)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
