"""Hand-made positions of the prototype rule set, for its rule tests.

    g = proto(["marquise", "eyrie"],
              warriors={"marquise": {1: 3}, "eyrie": {5: 2}},
              buildings={"marquise": {1: ["sawmill"]}, "eyrie": {3: ["roost"]}},
              hands={"marquise": ["ambush_fox"]},
              step=("proto.m.actions", "marquise", 3))

Seats are the order given (give them in the prototype's order, P6.3.1); clearings are
the Fall map's, the Keep (1) of all nations. The map starts empty, without ruins
unless ``ruins`` maps clearings to items. Cards not in a hand, in play, in the discard
or near the map make the deck (``deck`` on top, first card first), so every card of the
game is somewhere. ``eyrie``, ``alliance`` and ``vagabond`` set their faction states
(leader/decree; supporters/outrage/slots; character/items/alignment/pawn). ``step`` (or
``steps``) is what the engine runs first; then the engine pauses (a decision of kind
"pause", see ``paused``), or with ``pause=False`` the turn's end follows and play goes on.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import rootlaw  # noqa: F401  (registers the rule sets)
from rootlaw.core.game import RUIN, Game
from rootlaw.core.steps import STEPS, FunctionStep, register_steps
from rootlaw.prototype.alliance import AllianceState
from rootlaw.prototype.base import ALL, KEEP, RULES
from rootlaw.prototype.cards import CHAOS, COALITION
from rootlaw.prototype.eyrie import COLUMNS, LEADERS, EyrieState, with_viziers
from rootlaw.prototype.turn import SUPPLY
from rootlaw.prototype.vagabond import INDIFFERENT, VagabondState

NATIONS = ("fox", "rabbit", "mouse")


PAUSE = "test.proto_pause"
if PAUSE not in STEPS:
    register_steps(FunctionStep(PAUSE, "pause", lambda g, st: [("go",), ("stay",)],
                                lambda g, st, o: None))


def paused(g: Game) -> bool:
    """Whether the steps under test are done (the engine waits at the pause)."""
    d = g.decision
    return d is not None and d.kind == "pause"


def seat(g: Game, who: int | str) -> int:
    return who if isinstance(who, int) else g.seat_of(who)


def proto(factions: Iterable[str] = ("marquise", "eyrie"), *,
          warriors: Mapping[str, Mapping[int, int]] | None = None,
          buildings: Mapping[str, Mapping[int, list[str]]] | None = None,
          tokens: Mapping[str, Mapping[int, list[str]]] | None = None,
          hands: Mapping[str, list[str]] | None = None,
          played: Mapping[str, list[str]] | None = None,
          items: Mapping[str, list[str]] | None = None,
          vp: Mapping[str, int] | None = None,
          discard: list[str] | None = None, available: list[str] | None = None,
          deck: list[str] | None = None, ruins: Mapping[int, str] | None = None,
          eyrie: Mapping[str, Any] | None = None, alliance: Mapping[str, Any] | None = None,
          vagabond: Mapping[str, Any] | None = None,
          dominance: Mapping[str, str] | None = None,
          step: tuple[Any, ...] | None = None, steps: list[tuple[Any, ...]] | None = None,
          turn: str | None = None, phase: str = "daylight",
          forced: list[list[Any]] | None = None, pause: bool = True) -> Game:
    fs = list(factions)
    g = Game.new(fs, map="fall", deck_name="prototype", seed=1, forced=forced,
                 options={"rules": RULES}, advance=False)
    suits = list(g.board.default_suits)
    suits[KEEP] = ALL
    g.suits = tuple(suits)
    g.supply = dict(SUPPLY)
    for f, where in (warriors or {}).items():
        for c, n in where.items():
            g.warriors[g.seat_of(f)][c] += n
    g.pieces_changed()
    for f, where in (buildings or {}).items():
        for c, kinds in where.items():
            for k in kinds:
                g.place_building(g.seat_of(f), k, c)
    for f, where in (tokens or {}).items():
        for c, kinds in where.items():
            for k in kinds:
                g.place_token(g.seat_of(f), k, c)
    for c, item in (ruins or {}).items():
        g.place_building(RUIN, "ruin", c)
        g.ruin_items[c] = (item,)
    used: list[str] = []
    for f, cards in (hands or {}).items():
        g.hands[g.seat_of(f)] = list(cards)
        used += cards
    for f, cards in (played or {}).items():
        g.played[g.seat_of(f)] = list(cards)
        used += cards
    for f, kinds in (items or {}).items():
        g.items[g.seat_of(f)] = list(kinds)
        for k in kinds:
            g.supply[k] -= 1
    for f, n in (vp or {}).items():
        g.vp[g.seat_of(f)] = n
    for f, card in (dominance or {}).items():
        g.dominance[g.seat_of(f)] = card
        used.append(card)
    g.discard = list(discard or [])
    g.available = list(available or [])
    used += g.discard + g.available
    for f in fs:
        s = g.seat_of(f)
        if f == "eyrie":
            e = eyrie or {}
            leader = str(e.get("leader", "builder"))
            decree = [list(c) for c in with_viziers(leader)]
            for col, cards in (e.get("decree") or {}).items():
                decree[COLUMNS.index(col)] += list(cards)
                used += cards
            g.fstate[s] = EyrieState(leader, tuple(e.get("face_up", [x for x in LEADERS
                                                                      if x != leader])),
                                     tuple(tuple(c) for c in decree))
        elif f == "alliance":
            a = alliance or {}
            sup = a.get("supporters", {})
            slots = a.get("slots", {})
            up = a.get("face_up", {})
            g.fstate[s] = AllianceState(tuple(int(sup.get(n, 0)) for n in NATIONS),
                                        int(a.get("outrage", 0)),
                                        tuple(str(slots.get(n, "")) for n in NATIONS),
                                        tuple(bool(up.get(n, False)) for n in NATIONS))
            used += [c for c in slots.values() if c]
        elif f == "vagabond":
            v = vagabond or {}
            its: dict[str, tuple[int, int, int]] = {}
            for k in v.get("items", ["boots", "torch", "sword"]):
                x = its.get(k, (0, 0, 0))
                its[k] = (x[0] + 1, x[1], x[2])
            for k in v.get("exhausted", []):
                x = its.get(k, (0, 0, 0))
                its[k] = (x[0], x[1] + 1, x[2])
            for k in v.get("damaged", []):
                x = its.get(k, (0, 0, 0))
                its[k] = (x[0], x[1], x[2] + 1)
            align = {o: INDIFFERENT for o in fs if o != "vagabond"}
            align.update(v.get("align", {}))
            g.fstate[s] = VagabondState(str(v.get("character", "roger_the_raccoon")), its,
                                        align, dict(v.get("gifts", {})))
            g.pawn[s] = int(v.get("pawn", 0))
    rest = list(g.deckdef.contents)
    if len(fs) <= 3:
        rest = [c for c in rest if c not in (COALITION, CHAOS)]
    for cid in used:
        rest.remove(cid)
    top = list(deck or [])
    for cid in top:
        rest.remove(cid)
    g.deck = rest + top[::-1]  # the deck's top is its end
    runs = list(steps or ([step] if step else []))
    who = turn or (g.factions[seat(g, runs[0][1])] if runs else fs[0])
    g.turn_seat = g.seat_of(who)
    g.turn_no = 1
    g.phase = phase
    g.craft_used = [0, 0, 0, 0]
    stack: list[tuple[Any, ...]] = [("proto.end_turn", g.turn_seat)]
    if pause:  # the engine stops once the steps are done (``paused``)
        stack.append((PAUSE, g.turn_seat))
    for st in reversed(runs):
        stack.append((st[0], seat(g, st[1]), *st[2:]))
    g.stack = stack
    g.check_loadable()  # only positions a save could hold (the loader's checks)
    g._advance()
    return g


def options(g: Game) -> list[tuple[Any, ...]]:
    d = g.decision
    assert d is not None
    return list(d.options)


def choose(g: Game, *wanted: tuple[Any, ...]) -> None:
    """Apply options in order (each must be offered now)."""
    for o in wanted:
        assert o in options(g), f"{o} not in {options(g)}"
        g.apply(o)


def run_until(g: Game, kind: str, pick: int = -1) -> None:
    """Apply the first (or ``pick``) option until a decision of ``kind`` is asked."""
    for _ in range(500):
        d = g.decision
        assert d is not None, "the game ended"
        if d.kind == kind:
            return
        g.apply(d.options[0 if pick < 0 else min(pick, len(d.options) - 1)])
    raise AssertionError(f"no {kind} decision")
