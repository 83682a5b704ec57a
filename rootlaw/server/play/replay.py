"""Replays of finished games: the state at any step, fully revealed.

A step is either a decision (the state with that decision pending, and the option
chosen) or an action of a Rootbotics bot (issue 41). Bots move inside the engine, so a
game's record holds no decision for them: the replay runs the automatic play between
decisions one step at a time (Game.run_step) and makes a frame after every engine step
in which a bot acted. So a game of four bots, over the moment it is created, still
unfolds step by step, and the bots' turns between a person's decisions can be watched.
"""
from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from rootlaw import Game
from rootlaw.core.faction_api import FACTIONS
from rootlaw.core.options import label
from rootlaw.narrate import narrate, readable
from rootlaw.server.errors import ApiError
from rootlaw.server.play.payload import full_view
from rootlaw.server.play.seats import faction_name

Entry = tuple[Any, ...]
NOT_ACTIONS = ("d", "r", "f", "s", "w")  # decisions, random results, scores, the end
CACHED = 32  # games whose steps are kept (finding them steps through the whole game)


@dataclass(frozen=True)
class Mark:
    """Where a step is: after ``decisions`` decisions and then ``steps`` automatic
    engine steps (None: every automatic step, so the next decision is pending), with the
    record then ``log_end`` entries long; ``bot``: the bot that acted (None for a
    decision's step and for the end)."""

    decisions: int
    steps: int | None
    log_end: int
    bot: str | None = None


_marks: OrderedDict[tuple[str, int], list[Mark]] = OrderedDict()


def decision_indexes(log: list[Entry]) -> list[int]:
    """Where each decision sits in the record."""
    return [i for i, e in enumerate(log) if e[0] == "d"]


def bot_of(entry: Entry) -> str | None:
    """The bot an entry tells an action of, if any."""
    if entry[0] in NOT_ACTIONS or len(entry) < 2:
        return None
    who = "vagabot" if entry[0] == "vagabot" else entry[1]
    fd = FACTIONS.get(who) if isinstance(who, str) else None
    return str(who) if fd is not None and fd.is_bot else None


def start(setup: dict[str, Any], log: list[Entry]) -> Game:
    """The game of this record before its setup ran (as Game.replay builds it)."""
    forced = [[e[1], e[2]] for e in log if e[0] == "f"]
    rest = {k: v for k, v in setup.items() if k not in ("factions", "map", "deck", "seed")}
    return Game.new(list(setup["factions"]), map=setup["map"], deck_name=setup["deck"],
                    seed=int(setup["seed"]), forced=forced, options=rest, advance=False)


def find_marks(final: Game) -> list[Mark]:
    """Every step of a finished game, in order; the last one is its end."""
    log = final.log
    decisions = [e for e in log if e[0] == "d"]
    g = start(final.setup, log)
    out: list[Mark] = []
    size, last = 0, None
    for k in range(len(decisions) + 1):
        steps = 0
        while g.run_step():
            steps += 1
            new = g.entries_after(last)
            if not new:
                continue
            size, last = size + len(new), g.last_entry
            bots = [b for b in map(bot_of, new) if b]
            if bots:
                out.append(Mark(k, steps, size, bots[-1]))
        out.append(Mark(k, None, size))  # decision k pending (or, after the last, the end)
        if k < len(decisions):
            g.apply(decisions[k][2], advance=False)
            new = g.entries_after(last)
            size, last = size + len(new), g.last_entry
    return out


def marks_of(final: Game, key: str | None) -> list[Mark]:
    """The steps of a finished game, kept for the last few games asked for."""
    if key is None:
        return find_marks(final)
    k = (key, len(final.log))
    found = _marks.get(k)
    if found is None:
        found = _marks[k] = find_marks(final)
        while len(_marks) > CACHED:
            _marks.popitem(last=False)
    _marks.move_to_end(k)
    return found


def rebuild(final: Game, mark: Mark) -> Game:
    """The game as it was at a step."""
    log = final.log
    decisions = [e for e in log if e[0] == "d"]
    g = start(final.setup, log)
    for j in range(mark.decisions):
        while g.run_step():
            pass
        g.apply(decisions[j][2], advance=False)
    if mark.steps is None:
        while g.run_step():
            pass
    else:
        for _ in range(mark.steps):
            g.run_step()
    return g


def frame(final: Game, step: int | None, key: str | None = None) -> dict[str, Any]:
    """The game at ``step`` (0: as set up; None: the end), every hand shown: for a
    decision's step the decision then pending and what was chosen; for a bot's step
    what it did since the step before."""
    marks = marks_of(final, key)
    end = len(marks) - 1
    if step is None:
        step = end
    if not 0 <= step <= end:
        raise ApiError(400, "bad_step", f"step must be 0..{end}", "step")
    mark = marks[step]
    game = rebuild(final, mark)
    log = final.log
    pending: dict[str, Any] | None = None
    if mark.bot is not None:
        since = marks[step - 1].log_end if step else 0
        told = [ln["text"] for ln in narrate(log[:mark.log_end], list(final.factions), None, True)
                if ln["i"] >= since]
        pending = {"seat": mark.bot, "name": faction_name(mark.bot), "kind": "bot",
                   "rule": "", "prompt": f"{faction_name(mark.bot)} acts", "labels": told,
                   "chosen": None, "chosen_label": "", "auto": True}
    elif step < end:
        d = game.decision
        assert d is not None
        chosen = tuple(log[decision_indexes(log)[mark.decisions]][2])
        pending = {"seat": d.seat, "name": faction_name(d.seat), "kind": d.kind,
                   "rule": d.rule, "prompt": readable(d.prompt),
                   "labels": [readable(t) for t in d.labels],
                   "chosen": d.options.index(chosen) if chosen in d.options else None,
                   "chosen_label": readable(label(chosen)), "auto": False}
    return {"step": step, "steps": end, "log_end": mark.log_end, "view": full_view(game),
            "scores": game.scores, "over": game.is_over, "winners": game.winners,
            "decision": pending, "map": final.setup["map"],
            "bot_steps": sum(1 for m in marks if m.bot is not None)}
