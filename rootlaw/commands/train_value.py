"""``rootlaw train-value``: a corpus of cheap games and the search's value fitted to it."""
from __future__ import annotations

import argparse
import sys
from typing import Any

from rootlaw.commands import flags as cli_flags


def add_parser(sub: Any) -> None:
    v = sub.add_parser("train-value", help="play a corpus of cheap games and fit the search's "
                       "learned evaluation to it (docs/agents.md)",
                       formatter_class=cli_flags.HelpFormatter)
    flags(v)
    v.set_defaults(run=run)


def run(args: argparse.Namespace, parser: argparse.ArgumentParser, out: Any = None) -> int:
    from rootlaw.rl import train_value  # the rl extra (numpy, scikit-learn)

    return train_value.run(args, parser, out or sys.stdout)


def main(argv: list[str] | None = None, out: Any = None) -> int:
    """``rootlaw train-value`` on its own (the tests' way in)."""
    p = argparse.ArgumentParser(prog="rootlaw train-value", description=__doc__)
    flags(p)
    return run(p.parse_args(argv), p, out)


def flags(p: argparse.ArgumentParser) -> None:
    """``rootlaw train-value``'s flags, here so that the command line is read without
    the rl and train extras (numpy): they load only to run."""
    p.add_argument("--games", type=int, default=20000, help="corpus games in all")
    p.add_argument("--seed", type=int, default=1_000_000,
                   help="game i has seed SEED + i (apart from the strength seeds)")
    p.add_argument("--corpus", default="corpus", help="folder of the corpus's shards")
    p.add_argument("--out", default="value_model.json", help="the model file to write")
    p.add_argument("--kind", choices=("mlp", "gbdt", "linear"), default="gbdt")
    p.add_argument("--agents", help="agents of the corpus's seats, SPEC@WEIGHT,... (default: "
                   "heuristic:depth=0@3,heuristic:depth=1@2,mcts:iters=24@1; bots play "
                   "themselves)")
    p.add_argument("--factions", help="human factions (default: every one)")
    p.add_argument("--sample", type=float, default=1.0,
                   help="chance that a faction turn's start is recorded")
    p.add_argument("--shard", type=int, default=200, help="games a shard")
    p.add_argument("--workers", type=int, default=1, help="processes to play on")
    p.add_argument("--ray", nargs="?", const="", default=None, metavar="ADDRESS",
                   help="play on a Ray cluster (without ADDRESS: a local one)")
    p.add_argument("--fit-only", action="store_true", help="fit the corpus on disk, play nothing")
    p.add_argument("--play-only", action="store_true", help="play the corpus, fit nothing")
    p.add_argument("--per-faction", action="store_true",
                   help="one model per faction (default: one of every faction, its rows "
                   "marked by faction)")
    p.add_argument("--min-rows", type=int, default=200,
                   help="--per-faction: a faction with fewer rows keeps the weighted values")
