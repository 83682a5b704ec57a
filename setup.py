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


def _linkage_flags() -> list[str]:
    """C flags that let the engine's functions call each other directly (docs/
    compiled_style.md, "The C build"). mypyc puts the whole engine in one C file whose
    functions are global: in a shared library the compiler must then assume another
    library could replace any of them (ELF symbol interposition), so every call between
    them goes through the PLT and none is inlined. Hidden visibility keeps them inside
    the library (the modules find each other through capsules; only PyInit is
    exported, which Python's headers mark visible), and -fno-plt calls libpython's
    functions through the GOT without the PLT's extra jump. Neither changes what runs:
    the identity test compares the builds game by game."""
    if sys.platform == "win32":  # MSVC: functions are not exported unless declared so
        return []
    flags = ["-fvisibility=hidden"]
    if sys.platform.startswith("linux"):  # an ELF option (GCC and clang)
        flags.append("-fno-plt")
    return flags


def compiled_modules() -> list[Any]:
    if os.environ.get("ROOTLAW_COMPILE") != "1":
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        _warn("mypyc (from the mypy package) is not available")
        return []
    try:
        exts = list(mypycify(COMPILED, opt_level=_opt_level()))
    except Exception as e:  # mypyc refuses the source: say so, stay installable
        _warn(f"mypyc could not compile the engine ({e})")
        return []
    for ext in exts:
        ext.extra_compile_args = [*ext.extra_compile_args, *_linkage_flags()]
        ext.extra_link_args = [*ext.extra_link_args, *_linkage_flags()]
    return exts


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
