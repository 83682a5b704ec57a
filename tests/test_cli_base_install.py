"""The README's first command on a fresh machine: ``pip install -e .`` (no extras) and
``rootlaw play``. The command line must be read, and a game against the random agent
begun, without the rl, train and scale extras' packages (numpy, scikit-learn, Ray...)."""
from __future__ import annotations

import subprocess
import sys

EXTRAS = ("numpy", "sklearn", "lightgbm", "pettingzoo", "gymnasium", "ray", "matplotlib")
PROBE = f"""
import sys
for name in {EXTRAS!r}:
    sys.modules[name] = None  # as if not installed: importing it raises ImportError
from rootlaw.cli import parser
args = parser().parse_args(["play"])
assert args.run is not None
import rootlaw
from rootlaw.agents import make_agent
from rootlaw.agents.base import decide
g = rootlaw.new_game(factions=["marquise", "eyrie"], seed=1)
g.apply(decide(make_agent("random", 1), g, seed=1))
print("ok")
"""


def test_the_command_line_reads_without_the_extras() -> None:
    done = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0 and done.stdout.strip() == "ok", done.stderr[-2000:]
