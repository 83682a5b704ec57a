"""Replays of finished games: the state after any number of decisions, fully revealed."""
from __future__ import annotations

from typing import Any

from rootlaw import Game
from rootlaw.core.options import label
from rootlaw.server.errors import ApiError
from rootlaw.server.play.payload import full_view
from rootlaw.server.play.seats import faction_name


def decision_indexes(log: list[tuple[Any, ...]]) -> list[int]:
    """Where each decision sits in the record."""
    return [i for i, e in enumerate(log) if e[0] == "d"]


def frame(final: Game, step: int) -> dict[str, Any]:
    """The game after ``step`` decisions (0: as set up, up to the first decision), the
    decision then pending and what was chosen, every hand shown."""
    log = final.log
    marks = decision_indexes(log)
    if not 0 <= step <= len(marks):
        raise ApiError(400, "bad_step", f"step must be 0..{len(marks)}", "step")
    end = marks[step] if step < len(marks) else len(log)
    game = Game.replay(final.setup, log[:end])
    pending = None
    d = game.decision
    if d is not None and step < len(marks):
        chosen = tuple(log[marks[step]][2])
        pending = {"seat": d.seat, "name": faction_name(d.seat), "kind": d.kind,
                   "rule": d.rule, "prompt": d.prompt, "labels": d.labels,
                   "chosen": d.options.index(chosen) if chosen in d.options else None,
                   "chosen_label": label(chosen)}
    return {"step": step, "steps": len(marks), "log_end": end, "view": full_view(game),
            "scores": game.scores, "over": game.is_over, "winners": game.winners,
            "decision": pending, "map": final.setup["map"]}
