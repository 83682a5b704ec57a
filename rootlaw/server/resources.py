"""Package resources: the data JSON files and the web assets, from any install."""
from __future__ import annotations

import json
from functools import cache
from importlib import resources
from importlib.abc import Traversable
from typing import Any


def data_file(*parts: str) -> Traversable:
    """A file under rootlaw/data/."""
    node = resources.files("rootlaw") / "data"
    for part in parts:
        node = node / part
    return node


@cache
def load_json(*parts: str) -> Any:
    """Parse (once) a JSON file under rootlaw/data/."""
    return json.loads(data_file(*parts).read_text(encoding="utf-8"))


def web_dir() -> Traversable:
    """rootlaw/web/: templates and static assets."""
    return resources.files("rootlaw") / "web"


@cache
def template(name: str) -> str:
    return (web_dir() / "templates" / name).read_text(encoding="utf-8")
