"""The same games, before and after: a digest of each game's log and save over every mix.

A refactoring of the engine (or a speed-up) must leave every game as it was: the same
decisions offered, the same results drawn, the same save. This plays ``--games`` random
games spread over the mixes below (the Law's base game and its factions, the Advanced
Setup's drafts at two to six, hirelings, landmarks, the Crusader factions, the prototype
rule set and the Rootbotics bots), each to its end or ``--decisions``, and writes one
line a game: its mix, seed and the sha256 of its log and of its ``to_json()``.

    python scripts/digests.py --out before.txt          # on the old commit
    python scripts/digests.py --compare before.txt      # on the new one: exit 1 on a change

``--compare`` names the first game that differs. The lines hold no hidden information a
seat could use: they are digests of games nobody plays.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
from typing import Any

import rootlaw

# every mix: its name and the keywords of rootlaw.new_game (the seed is added)
MIXES: list[tuple[str, dict[str, Any]]] = [
    ("base", {"factions": ["marquise", "eyrie", "alliance", "vagabond"]}),
    ("riverfolk", {"factions": ["marquise", "eyrie", "riverfolk", "lizards"]}),
    ("underworld", {"factions": ["duchy", "corvids", "alliance", "eyrie"], "map": "mountain"}),
    ("homeland", {"factions": ["keepers", "hundreds", "marquise", "vagabond"],
                  "map": "lake", "deck": "exiles_partisans"}),
    ("two-vagabonds", {"factions": ["vagabond", "vagabond2", "marquise", "eyrie"],
                       "map": "winter"}),
    ("draft2", {"players": 2, "setup": "advanced", "insurgents_at_two": True,
                "hirelings": 3}),
    ("draft3", {"players": 3, "setup": "advanced"}),
    ("draft5", {"players": 5, "setup": "advanced"}),
    ("draft6", {"players": 6, "setup": "advanced"}),
    ("hirelings", {"players": 4, "setup": "advanced", "hirelings": 3}),
    ("landmarks", {"players": 4, "setup": "advanced", "landmarks": 2}),
    ("crusader", {"players": 4, "setup": "advanced", "crusader": True}),
    ("crusader-seated", {"factions": ["spinners", "wyrm", "borough_kings", "host_of_light"]}),
    ("prototype", {"factions": ["marquise", "eyrie", "alliance", "vagabond"],
                   "rules": "prototype"}),
    ("bots", {"factions": ["mechanical_marquise", "eyrie", "automated_alliance", "vagabot"]}),
]


def play(kwargs: dict[str, Any], seed: int, decisions: int) -> tuple[str, str]:
    """One random game (choices by a seeded RNG): the digests of its log and its save."""
    rng = random.Random(seed)
    try:
        g = rootlaw.new_game(seed=seed, **kwargs)
        for _ in range(decisions):
            if g.is_over:
                break
            opts = g.legal_options()
            g.apply(opts[rng.randrange(len(opts))])
        log = json.dumps(g.log, default=str)
        save = g.to_json()
    except Exception as e:  # a crash is a result too: it must be the same crash
        log = save = f"{type(e).__name__}: {e}"
    return (hashlib.sha256(log.encode()).hexdigest()[:16],
            hashlib.sha256(save.encode()).hexdigest()[:16])


def digests(games: int, decisions: int) -> list[str]:
    lines = []
    for i in range(games):
        name, kwargs = MIXES[i % len(MIXES)]
        seed = 1000 + i
        log, save = play(kwargs, seed, decisions)
        lines.append(f"{name} {seed} {log} {save}")
    return lines


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--decisions", type=int, default=4000, help="at most this many a game")
    ap.add_argument("--out", help="write the digests to this file")
    ap.add_argument("--compare", help="compare with the digests in this file")
    args = ap.parse_args()
    lines = digests(args.games, args.decisions)
    whole = hashlib.sha256("\n".join(lines).encode()).hexdigest()
    if args.out:
        with open(args.out, "w") as f:
            f.write("\n".join(lines) + "\n")
    print(f"{len(lines)} games, digest of all: {whole}")
    if args.compare:
        with open(args.compare) as f:
            old = f.read().split("\n")
        for new_line, old_line in zip(lines, old, strict=False):
            if new_line != old_line:
                print(f"first difference: was {old_line!r}, now {new_line!r}")
                sys.exit(1)
        print("the same games")


if __name__ == "__main__":
    main()
