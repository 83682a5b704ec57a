"""The Rootlog round trip of tests/rootlog/test_roundtrip.py over a range of seeds, by
hand (not in CI, which plays a sample): each random game written with every card named,
read back, every turn checked and the components compared after every turn. Prints
each seed that fails with its mix and why, then the count and the CPU time; the exit
status is 1 if any failed.

    python scripts/roundtrip.py 0 1500 & python scripts/roundtrip.py 1500 3000
    python scripts/roundtrip.py 0 300 --hirelings      # the hireling games (Appendix E)
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # tests.rootlog

from tests.rootlog.test_roundtrip import failures, game_for  # noqa: E402
from tests.test_invariants_hirelings import game_for as hireling_game  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("first", type=int, help="the first seed")
    ap.add_argument("end", type=int, help="the seed after the last")
    ap.add_argument("--hirelings", action="store_true", help="the hireling games")
    args = ap.parse_args()
    build = hireling_game if args.hirelings else game_for
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


if __name__ == "__main__":
    sys.exit(main())
