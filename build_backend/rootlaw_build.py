"""rootlaw's build backend: setuptools, plus mypy for the compiled build.

``ROOTLAW_COMPILE=1 pip install .`` compiles rootlaw.core, rootlaw.factions and
rootlaw.bots with mypyc (setup.py); mypy, which ships mypyc, is then a build
requirement. Every other build (the default, editable installs) is pure Python and
needs only setuptools.
"""
from __future__ import annotations

import os
from typing import Any

from setuptools import build_meta as _setuptools
from setuptools.build_meta import *  # noqa: F403  (the rest of the PEP 517 hooks)

MYPYC = "mypy==2.4.1"  # the compiler the compiled build is tested with


def _compiling() -> bool:
    return os.environ.get("ROOTLAW_COMPILE") == "1"


def get_requires_for_build_wheel(config_settings: dict[str, Any] | None = None) -> list[str]:
    requires = list(_setuptools.get_requires_for_build_wheel(config_settings))
    return requires + [MYPYC] if _compiling() else requires
