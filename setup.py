"""Optional compiled build: ``ROOTLAW_COMPILE=1 pip install .`` (docs/compiled_style.md).

The engine (rootlaw.core, rootlaw.factions, rootlaw.bots) and the agents that search it
(rootlaw.agents) are compiled with mypyc from the same Python source. Without the
variable, or when mypyc or a C compiler is missing or fails, the install is the
pure-Python reference build.
"""
from __future__ import annotations

import os
import sys
from typing import Any

from setuptools import setup
from setuptools.command.build_ext import build_ext

COMPILED = ["rootlaw/core", "rootlaw/factions", "rootlaw/hirelings", "rootlaw/bots",
            "rootlaw/agents", "rootlaw/prototype"]


def _warn(message: str) -> None:
    print(f"rootlaw: {message}; installing the pure-Python build", file=sys.stderr)


def _opt_level() -> str:
    """The C compiler's optimisation (ROOTLAW_MYPYC_OPT, 0-3; default 3, the build users
    run). CI's identity test builds at 1: the same mypyc code, compiled in two thirds
    of the time (the C optimiser does not change what the engine does)."""
    level = os.environ.get("ROOTLAW_MYPYC_OPT", "3")
    if level not in ("0", "1", "2", "3"):
        raise SystemExit(f"rootlaw: ROOTLAW_MYPYC_OPT must be 0, 1, 2 or 3, not {level!r}")
    return level


def compiled_modules() -> list[Any]:
    if os.environ.get("ROOTLAW_COMPILE") != "1":
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        _warn("mypyc (from the mypy package) is not available")
        return []
    try:
        return list(mypycify(COMPILED, opt_level=_opt_level()))
    except Exception as e:  # mypyc refuses the source: say so, stay installable
        _warn(f"mypyc could not compile the engine ({e})")
        return []


class OptionalBuildExt(build_ext):
    """Build the compiled engine if a C compiler works; else leave no extension behind."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as e:  # no compiler, missing headers, a failed build
            _warn(f"the C build failed ({e})")
            for path in self.get_outputs():
                if os.path.exists(path):
                    os.remove(path)
            self.extensions = []


setup(ext_modules=compiled_modules(), cmdclass={"build_ext": OptionalBuildExt})
