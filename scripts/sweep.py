"""A random-game sweep: many seeded random games over every faction and bot, the
Exiles & Partisans deck (A.2) and every map (Appendix C), each checked as the invariant
suite checks its games (tests/test_invariants.py: conservation, scores, options,
save/load, hidden information, replay). Not a test and not in CI: run it by hand.

    python scripts/sweep.py --games 5000 --first-seed 0 --workers 2

Game i (seed = first seed + i) plays on map i % 4; its mix has two to four seats:
faction i % 15 of the pool (every faction, the second Vagabond and the four bots take
turns) and one to three others drawn by the seed; a mix the setup refuses (a bot beside
the faction it replaces, the second Vagabond without the first) is drawn again. A game
in which nobody scores for 200 turns stops there, unfinished (two Vagabonds alone can
stall for good, docs/rulings.md 9.7) and is counted apart. Every failure is printed with
its seed, mix and map and the traceback, and every stalled game at the end; the exit
status is 1 if any game failed.
"""
from __future__ import annotations

import argparse
import random
import sys
import time
import traceback
from collections import Counter
from multiprocessing import Pool
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # tests.test_invariants

import rootlaw  # noqa: E402
from rootlaw.core.faction_api import FACTIONS  # noqa: E402

MAPS = ("fall", "winter", "lake", "mountain")
DECK = "exiles_partisans"
POOL = ("marquise", "eyrie", "alliance", "vagabond", "vagabond2", "lizards", "riverfolk",
        "duchy", "corvids", "hundreds", "keepers", "mechanical_marquise", "electric_eyrie",
        "automated_alliance", "vagabot")
STALL_TURNS = 200


def mix_of(seed: int) -> list[str]:
    """The seed's faction mix: POOL[seed % 15] and one to three others, a mix the
    Standard Setup accepts."""
    rnd = random.Random(seed)
    first = POOL[seed % len(POOL)]
    while True:
        n = rnd.choice((2, 3, 4))
        mix = [first] + rnd.sample([f for f in POOL if f != first], n - 1)
        if "vagabond2" in mix and "vagabond" not in mix:
            continue
        if any(FACTIONS[f].replaces in mix for f in mix):
            continue  # a bot beside the faction whose components it uses (Rootbotics 3.2)
        try:
            rootlaw.new_game(mix, map=MAPS[seed % len(MAPS)], deck=DECK, seed=seed)
        except rootlaw.SetupError:
            continue
        return mix


def play(seed: int) -> tuple[int, str, list[str], str, int, str]:
    """One checked game: (seed, map, mix, outcome, turns, traceback or "")."""
    from tests.test_invariants import play_checked

    mix = mix_of(seed)
    board = MAPS[seed % len(MAPS)]
    try:
        g = play_checked(seed, mix, {"map": board, "deck": DECK}, stall_turns=STALL_TURNS)
        if g.is_over and seed % 5 == 0:  # replay from the record reproduces the game
            again = rootlaw.Game.replay(g.setup, g.log)
            assert again.to_json() == g.to_json(), f"replay of seed {seed} differs"
    except Exception:  # noqa: BLE001 - every failure is reported with its seed
        return seed, board, mix, "failed", 0, traceback.format_exc()
    return seed, board, mix, "won" if g.is_over else "stalled", g.turn_no, ""


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=5000)
    ap.add_argument("--first-seed", type=int, default=0)
    ap.add_argument("--workers", type=int, default=2)
    args = ap.parse_args(argv)
    seeds = range(args.first_seed, args.first_seed + args.games)
    start = time.time()
    outcomes: Counter[str] = Counter()
    by_faction: Counter[str] = Counter()
    by_map: Counter[str] = Counter()
    failures: list[Any] = []
    stalled: list[Any] = []
    with Pool(args.workers) as pool:
        for i, (seed, board, mix, outcome, turns, tb) in enumerate(
                pool.imap_unordered(play, seeds, chunksize=4), 1):
            outcomes[outcome] += 1
            by_map[board] += 1
            by_faction.update(mix)
            if outcome == "stalled":
                stalled.append((seed, board, mix, turns))
            if tb:
                failures.append((seed, board, mix))
                print(f"FAILED seed {seed} {board} {'/'.join(mix)}\n{tb}", flush=True)
            if i % 250 == 0:
                print(f"{i} games, {dict(outcomes)}, {time.time() - start:.0f} s", flush=True)
    print(f"seeds {seeds.start}-{seeds.stop - 1}: {sum(outcomes.values())} games with the "
          f"{DECK} deck in {time.time() - start:.0f} s: {dict(outcomes)}")
    print("maps:", dict(sorted(by_map.items())))
    print("games per faction:", dict(sorted(by_faction.items())))
    for seed, board, mix, turns in sorted(stalled):
        print(f"stalled: seed {seed} {board} {'/'.join(mix)} (turn {turns})")
    for seed, board, mix in failures:
        print(f"failed: seed {seed} {board} {'/'.join(mix)}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
