"""``rootlaw train-value``: a corpus of cheap games and the search's value fitted to it."""
from __future__ import annotations

import argparse
from typing import Any

from rootlaw.commands import flags


def add_parser(sub: Any) -> None:
    from rootlaw.rl import train_value  # its flags (the rl extra loads only to run)

    v = sub.add_parser("train-value", help="play a corpus of cheap games and fit the search's "
                       "learned evaluation to it (docs/agents.md)",
                       formatter_class=flags.HelpFormatter)
    train_value.flags(v)
    v.set_defaults(run=run)


def run(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    from rootlaw.rl import train_value  # the rl extra (numpy, scikit-learn)

    return train_value.run(args, parser)
