"""Logging for `rootlaw serve`: uvicorn's usual lines, with no seat token (nor password)
in any of them.

A token opens a seat, so it must never reach a log: every handler runs ``RedactTokens``,
which replaces the value of each ``token`` query parameter (however its name is
percent-encoded) and anything shaped like a bearer header before the line is written.
A ``password`` or ``csrf`` put in a query by a careless client is replaced alike
(accounts take them only in the body, which is never logged). The server itself keeps
only the tokens' and passwords' hashes.
"""
from __future__ import annotations

import copy
import logging
import re
from typing import Any
from urllib.parse import unquote_plus

import uvicorn.config

REDACTED = "[redacted]"
QUERY = re.compile(r"([?&])([^=&#\s\"]*)=([^&#\s\"]*)")
SECRETS = frozenset({"token", "password", "csrf"})  # query parameters never logged
BEARER = re.compile(r"(?i)(bearer\s+)\S+")


def redact(text: str) -> str:
    """``text`` with every secret query value (SECRETS) and bearer credential replaced."""
    if "=" not in text and "earer" not in text:
        return text

    def query(m: re.Match[str]) -> str:
        name = unquote_plus(m.group(2)).strip().lower()
        return f"{m.group(1)}{m.group(2)}={REDACTED}" if name in SECRETS else m.group(0)

    return BEARER.sub(rf"\g<1>{REDACTED}", QUERY.sub(query, text))


class RedactTokens(logging.Filter):
    """A handler filter: the record's message and arguments, redacted."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.msg, str):
            record.msg = redact(record.msg)
        if isinstance(record.args, tuple):
            record.args = tuple(redact(a) if isinstance(a, str) else a for a in record.args)
        elif isinstance(record.args, dict):
            record.args = {k: redact(v) if isinstance(v, str) else v
                           for k, v in record.args.items()}
        return True


def log_config(level: str = "info") -> dict[str, Any]:
    """uvicorn's logging configuration with RedactTokens on every handler, ours and the
    root logger's included (so no library's line escapes it)."""
    config = copy.deepcopy(uvicorn.config.LOGGING_CONFIG)
    config["filters"] = {"redact": {"()": f"{__name__}.RedactTokens"}}
    for handler in config["handlers"].values():
        handler["filters"] = ["redact"]
    config["loggers"]["rootlaw"] = {"handlers": ["default"], "level": level.upper(),
                                    "propagate": False}
    config["root"] = {"handlers": ["default"], "level": "WARNING"}
    return config
