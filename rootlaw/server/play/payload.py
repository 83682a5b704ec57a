"""What a seat receives: its own view of the game, never more (DESIGN.md, hidden
information). A spectator gets the public view; once the game is over, everyone
gets the full view (every hand revealed)."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

import orjson

from rootlaw import Game
from rootlaw.core.options import Option
from rootlaw.narrate import readable
from rootlaw.server.play.seats import faction_name
from rootlaw.server.play.undo import plan_undo
from rootlaw.server.play.views import Views

ViewOf = Callable[[str | None], dict[str, Any]]  # game.view, or a Views of it

# verbs whose integer arguments are not clearings, or only some of them are
CLEARING_ARGS: dict[str, tuple[int, ...]] = {
    "spread": (1,), "warriors": (), "ally_move": (), "first": (), "refresh": (),
    "ud_dig_move": (),
}
PAWN_VERBS = ("slip", "glide", "pawn_move")  # clearings given as text


def full_view(game: Game, view_of: ViewOf | None = None) -> dict[str, Any]:
    """The public view with every player's private part filled in (finished games,
    replays); ``view_of``: where the views come from (default ``game.view``), left
    unchanged."""
    view_of = view_of or game.view
    view = dict(view_of(None))
    view["players"] = {**view["players"],
                       **{f: view_of(f)["players"][f] for f in game.factions}}
    view["you"] = None
    return view


def option_clearings(option: Option, n_clearings: int) -> list[int]:
    """The clearings an option names, so a click on the map can pick it."""
    if not option:
        return []
    verb = str(option[0])
    places = CLEARING_ARGS.get(verb, tuple(range(1, len(option))))
    out = []
    for i in places:
        if i >= len(option):
            continue
        v = option[i]
        if isinstance(v, str) and verb in PAWN_VERBS and v.isdigit():
            v = int(v)
        if isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= n_clearings \
                and v not in out:
            out.append(v)
    return out


def decision_for(game: Game, seat: str | None, n_clearings: int) -> dict[str, Any] | None:
    """The whole decision for the seat that must decide; only who decides for others
    (what kind of choice they face could betray their hand)."""
    d = game.decision
    if d is None:
        return None
    if seat is None or not game.same_seat(seat, d.seat):  # (a drafted seat: A.8.2)
        return {"seat": d.seat, "name": faction_name(d.seat)}
    n = n_clearings
    return {"seat": d.seat, "name": faction_name(d.seat), "kind": d.kind, "rule": d.rule,
            "prompt": readable(d.prompt), "options": [list(o) for o in d.options],
            "labels": [readable(t) for t in d.labels],  # names for ids, as the log reads
            "clearings": [option_clearings(o, n) for o in d.options]}


def may_undo(game: Game, seat: str | None, before: Views | None = None,
             now: Views | None = None) -> bool:
    """Whether the server would accept this seat's undo now (issue 41: the button is
    enabled exactly then). A cheap first test (the latest decision is this seat's and
    nothing random came after it), then the undo's own check (undo.plan_undo: nothing
    else revealed, the turn not passed), which replays the record only when the first
    test passes. ``before``: the views of the game before the latest decision, if kept
    (no replay); ``now``: the game's own views."""
    if seat is None or game.is_over:
        return False
    for e in reversed(game.log):
        if e[0] in ("r", "f", "w"):
            return False
        if e[0] == "d":
            return game.same_seat(e[1], seat) and plan_undo(game, seat, before,
                                                             now).game is not None
    return False


def encode(data: Any) -> bytes:
    """JSON as the server sends it (orjson: UTF-8, tuples as lists)."""
    return orjson.dumps(data, option=orjson.OPT_NON_STR_KEYS)


def state(game_id: str, views: Views, version: int, seat: str | None,
          seats: dict[str, str], client_seed: bool = False,
          before: Views | None = None) -> dict[str, Any]:
    """The answer of GET /api/games/{id} and every WebSocket message for one seat,
    from the game's ``views``. ``client_seed``: the game's creator chose its seed (so
    could know every secret); ``before``: the views of the game before its latest
    decision, if kept (see may_undo)."""
    game = views.game
    over = game.is_over
    view = full_view(game, views) if over else dict(views(seat))
    # the clearings, and the Burrow (12.2.2, numbered after them) when in play
    decision = decision_for(game, seat, len(view["clearings"]) + (1 if view["burrow"] else 0))
    view["decision"] = decision
    return {
        "id": game_id, "version": version, "seat": seat, "over": over,
        "view": view, "decision": decision, "scores": game.scores,
        "winners": game.winners, "win_reason": game.win_reason if over else "",
        # each seat by the name it keeps (a drafted one: seat1...), with its faction now
        "seats": {f: {"kind": k, "name": faction_name(game.current_id(f)),
                      "faction": game.current_id(f)} for f, k in seats.items()},
        "you": game.current_id(seat) if seat is not None else None,
        "map": game.setup["map"], "deck": game.setup["deck"],
        "seed": game.setup["seed"] if over else None,  # the seed decides the deck order
        # the seed's digits too: a JavaScript number keeps only 53 bits of the 63
        "seed_text": str(game.setup["seed"]) if over else None,
        "seed_from": "client" if client_seed else "server",
        "log_size": len(game.log), "undo": may_undo(game, seat, before, views),
    }
