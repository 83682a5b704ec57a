"""Undo: a seat takes back its own last decision while nothing new was revealed.

Taking back is a replay of the record without that decision. It is refused once,
since that decision, anyone else decided, a die was rolled or anything was drawn or
shuffled, a card was drawn, a quest or a ruin's item turned up, the turn passed, the
game ended, or any other seat's private knowledge changed (a card handed over, a hand
shown).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rootlaw import Game
from rootlaw.server.play.views import Views


@dataclass
class UndoPlan:
    """The game as it was before the seat's last decision, and how many decisions it
    keeps; or, when refused, why."""

    game: Game | None
    keep: int
    reason: str = ""


def plan_undo(game: Game, seat: str, before: Views | None = None,
              now: Views | None = None) -> UndoPlan:
    """``before``: the views of the game just before the latest decision, when the
    caller kept them (the hub does): checked to be that game, they save replaying the
    record and computing its views again; ``now``: the game's own views, if kept."""
    log = game.log
    last = next((i for i in range(len(log) - 1, -1, -1) if log[i][0] == "d"), None)
    if game.is_over:
        return UndoPlan(None, 0, "the game is over")
    if last is None or not game.same_seat(log[last][1], seat):
        return UndoPlan(None, 0, "your last decision is not the latest one (another player "
                        "decided since, or you have not decided yet)")
    for e in log[last + 1:]:
        if e[0] in ("r", "f"):
            return UndoPlan(None, 0, f"something random was revealed since ({e[1]})")
    keep = sum(1 for e in log[:last] if e[0] == "d")
    if before is None or before.game.log != log[:last]:
        before = Views(Game.replay(game.setup, log[:last]))
    reason = _revealed(before, now or Views(game), seat)
    if reason:
        return UndoPlan(None, 0, reason)
    return UndoPlan(before.game, keep)


def _revealed(before: Views, now: Views, seat: str) -> str:
    """Why going from ``before`` to ``now`` showed someone something new ('' if not);
    read from the views only (the engine contract)."""
    old, new = before(None), now(None)
    if (old["turn"], old["turn_player"]) != (new["turn"], new["turn_player"]):
        return "the turn has passed"
    if old["deck_size"] != new["deck_size"]:
        return "a card was drawn"
    if (old["quest_deck_size"], old["quests"]) != (new["quest_deck_size"], new["quests"]):
        return "a quest was revealed"
    if _ruin_items(old) != _ruin_items(new):
        return "an item under a ruin was revealed"
    for other in now.game.factions:  # each seat by its lasting name (a draft, A.8.2)
        key = now.game.seat_key(other)
        if not now.game.same_seat(other, seat) and _private(before, key) != _private(
                now, key):
            return f"{other} learned something new"
    return ""


def _ruin_items(view: dict[str, Any]) -> int:
    return sum(int(c["ruin_items"]) for c in view["clearings"])


def _private(views: Views, seat: str) -> dict[str, Any]:
    """What ``seat`` knows that the public does not: its view minus the public view."""
    now = views.game.current_id(seat)  # the faction a drafted seat took (A.8.2)
    mine = views(seat)["players"][now]
    public = views(None)["players"][now]
    out = {k: v for k, v in mine.items() if public.get(k) != v and k != "faction"}
    fm, fp = mine.get("faction") or {}, public.get("faction") or {}
    out["faction"] = {k: v for k, v in fm.items() if fp.get(k) != v}
    return out
