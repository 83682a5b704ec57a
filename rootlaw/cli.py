"""The `rootlaw` command line: play in the terminal, simulate, serve the web app.

Each subcommand is a module of ``rootlaw.commands``; this module only assembles them.
"""
from __future__ import annotations

import argparse
import sys

import rootlaw
from rootlaw.commands import backup, play, replay, serve, simulate, tournament, train_value

# the subcommands, in the order ``rootlaw --help`` lists them
COMMANDS = (play, simulate, tournament, train_value, replay, serve, backup)


def version_text() -> str:
    """The version and which build of the engine runs (docs/compiled_style.md)."""
    build = "compiled with mypyc" if rootlaw.BUILD == "compiled" else "pure Python"
    return f"rootlaw {rootlaw.__version__} ({build})"


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="rootlaw", description="Root, by the Law of Root.")
    p.add_argument("--version", action="version", version=version_text())
    sub = p.add_subparsers(dest="command")
    for command in COMMANDS:
        command.add_parser(sub)
    return p


def main(argv: list[str] | None = None) -> int:
    p = parser()
    args = p.parse_args(argv)
    if not hasattr(args, "run"):
        p.print_help()
        return 0
    try:
        return int(args.run(args, p))
    except ImportError as e:  # an optional extra is missing
        print(f"rootlaw {args.command}: {e.name or e} is not installed; "
              f'pip install "rootlaw[rl,scale]"', file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
