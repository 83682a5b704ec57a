"""A game's pace (issue 57): how long a person has to make each decision, and what
happens when the time runs out: the seat's turn is played by the agent the game names
("play": the person plays on afterwards), or the seat is dropped to that agent for the
rest of the game ("drop"), as the host chose.

A live game gives minutes, an asynchronous one hours or days. The deadline is the
time of the game's latest change plus the pace's seconds, on the server's clock
(Hub.clock, a fake one in tests), while a person is to decide.
"""
from __future__ import annotations

from typing import Any

from rootlaw.server.errors import ApiError
from rootlaw.server.inputs import shown
from rootlaw.server.play.seats import agent_names

MIN_SECONDS, MAX_SECONDS = 60, 30 * 86400  # a minute to thirty days a decision
ON_TIMEOUT = ("play", "drop")
DEFAULT_AGENT = "heuristic"
KEYS = ("seconds", "on_timeout", "agent")


def _bad(message: str) -> ApiError:
    return ApiError(422, "bad_pace", f"pace {message}", "pace")


def parse(raw: Any) -> dict[str, Any] | None:
    """{"seconds": 60..2592000, "on_timeout": "play" | "drop", "agent": an agent's name},
    or None (no deadlines)."""
    if raw is None:
        return None
    if not isinstance(raw, dict):
        raise _bad("must be an object: seconds, on_timeout, agent")
    extra = [k for k in raw if k not in KEYS]
    if extra:
        raise _bad(f"has an unknown field {shown(extra[0])} (known: {', '.join(KEYS)})")
    seconds = raw.get("seconds")
    if isinstance(seconds, bool) or not isinstance(seconds, int) \
            or not MIN_SECONDS <= seconds <= MAX_SECONDS:
        raise _bad(f"seconds must be a whole number from {MIN_SECONDS} to {MAX_SECONDS}")
    on_timeout = raw.get("on_timeout", "play")
    if on_timeout not in ON_TIMEOUT:
        raise _bad(f"on_timeout {shown(on_timeout)} must be 'play' (the agent plays the "
                   "turn) or 'drop' (the seat goes to the agent)")
    agent = raw.get("agent", DEFAULT_AGENT)
    if not isinstance(agent, str) or agent not in agent_names():
        raise _bad(f"agent {shown(agent)} must be one of {', '.join(agent_names())}")
    return {"seconds": seconds, "on_timeout": on_timeout, "agent": agent}
