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


def compiled_modules() -> list[Any]:
    if os.environ.get("ROOTLAW_COMPILE") != "1":
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        _warn("mypyc (from the mypy package) is not available")
        return []
    try:
        return list(mypycify(COMPILED, opt_level="3"))
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
