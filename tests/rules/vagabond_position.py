"""Hand-made Vagabond positions for the rule tests of section 9 and Appendix D.

    g = game((V, M), character="thief", at=5, items={"boots": 2, "sword": (1, 1, 0, 0)},
             warriors={M: {5: 2}}, step=("vagabond.actions", V))

``game`` is ``tests.builder.build`` plus the Vagabond's state, set before the engine
runs: ``character``; ``items`` (item -> ready count, or the 4-tuple (ready, exhausted,
damaged face up, damaged face down); default: the character's starting items, face
up); ``at`` (a clearing number or a forest id such as "1_2_5_10"); ``relations``
(faction -> -1 hostile .. 3 allied, default indifferent); ``aids``, ``quests_done``,
``ruin_taken``, ``scorched``; the shared ``quests``, ``quest_deck`` (top card last) and
``ruin_items`` (clearing -> items; default one "R" item under each ruin, 9.3.4).
``v2`` gives the same keys for the second Vagabond. ``step`` and ``more`` run first;
then the rest of the turn from ``then`` ("daylight" or "evening"); without ``then`` the
game stops at a test-only pause (``PARK``, a decision of the turn's player), so the
position after the steps can be checked before another turn changes it. ``setup(g)``
may change anything else before the engine runs.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from rootlaw.core.game import FOREST, Game
from rootlaw.core.steps import Step
from rootlaw.factions.vagabond import (
    CHARACTERS,
    QUESTS,
    RUIN_ITEMS,
    VagabondState,
    is_vagabond,
    on_track,
)
from tests.builder import build, pause_step, rest_of_turn

V, V2, M, E, A = "vagabond", "vagabond2", "marquise", "eyrie", "alliance"
PARK = "test.vagabond_park"
FOREST_IDS = ("1_2_5_10", "1_9_10_12", "2_6_10_11_12", "3_6_11", "3_7_11_12", "4_7_8_12",
              "4_9_12")
RUINS = (6, 10, 11, 12)  # Fall map ruin clearings
DEFAULT_RUIN_ITEMS = {6: ("boots",), 10: ("hammer",), 11: ("sword",), 12: ("bag",)}
EVENING = [("evening_start", V), ("vagabond.evening", V), ("discard_down", V),
           ("vagabond.capacity", V)]


pause_step(PARK, "park")


def place(g: Game, where: int | str) -> int:
    """A pawn location from a clearing number or a forest id."""
    if isinstance(where, str):
        return FOREST + [f for f, _ in g.board.forests].index(where)
    return where


def _items(raw: Mapping[str, Any]) -> dict[str, tuple[int, int, int, int]]:
    out: dict[str, tuple[int, int, int, int]] = {}
    for item, x in raw.items():
        t = (x, 0, 0, 0) if isinstance(x, int) else tuple(x)
        assert len(t) == 4
        out[item] = (int(t[0]), int(t[1]), int(t[2]), int(t[3]))
    return out


def _set_state(g: Game, s: int, *, character: str = "thief",
               items: Mapping[str, Any] | None = None, at: int | str = "1_2_5_10",
               relations: Mapping[str, int] | None = None,
               aids: Mapping[str, int] | None = None, quests_done: Iterable[str] = (),
               ruin_taken: Iterable[str] = (), scorched: int = 0) -> None:
    vs = g.fstate[s]
    assert isinstance(vs, VagabondState)
    vs.character = character
    vs.items = _items(items if items is not None else Counter(CHARACTERS[character]))
    vs.relations = {g.factions[o]: 0 for o in g.others(s) if not is_vagabond(g, o)}
    vs.relations.update(relations or {})
    vs.aids = dict(aids or {})
    vs.quests_done = tuple(quests_done)
    vs.ruin_taken = tuple(ruin_taken)
    vs.scorched = scorched
    g.pawn[s] = place(g, at)


def game(factions: Iterable[str] = (V, M), *, step: Step, more: Iterable[Step] = (),
         then: str | None = None, turn: str | None = None, phase: str | None = None,
         character: str = "thief", items: Mapping[str, Any] | None = None,
         at: int | str = "1_2_5_10", relations: Mapping[str, int] | None = None,
         aids: Mapping[str, int] | None = None, quests_done: Iterable[str] = (),
         ruin_taken: Iterable[str] = (), scorched: int = 0,
         v2: Mapping[str, Any] | None = None,
         quests: Iterable[str] | None = None, quest_deck: Iterable[str] | None = None,
         ruin_items: Mapping[int, Iterable[str]] | None = None,
         setup: Callable[[Game], None] | None = None, **kw: Any) -> Game:
    factions = list(factions)
    who = turn if turn is not None else step[1]
    if phase is None:
        phase = ("birdsong" if step[0] in ("turn", "vagabond.refresh", "vagabond.slip")
                 else "evening" if step[0] in ("evening_start", "vagabond.evening",
                                               "vagabond.capacity", "discard_down")
                 else "daylight")
    g = build(factions, step=(PARK, who), turn=who, phase=phase, **kw)
    assert g.stack[-1][0] == PARK
    _set_state(g, g.seat_of(V), character=character, items=items, at=at,
               relations=relations, aids=aids, quests_done=quests_done,
               ruin_taken=ruin_taken, scorched=scorched)
    if V2 in factions:
        _set_state(g, g.seat_of(V2), **{"character": "tinker", "at": "4_9_12", **(v2 or {})})
    # shared quests (9.3.3) and ruin items (9.3.4)
    g.quests = list(quests) if quests is not None else ["errand_fox", "guard_duty_rabbit",
                                                          "escort_mouse"]
    if quest_deck is not None:
        g.quest_deck = list(quest_deck)
    else:
        g.quest_deck = [q for q in QUESTS if q not in g.quests]
    per = ruin_items if ruin_items is not None else (
        DEFAULT_RUIN_ITEMS if V2 not in factions else
        {c: (i, RUIN_ITEMS[(k + 1) % 4]) for k, (c, (i,)) in
         enumerate(DEFAULT_RUIN_ITEMS.items())})
    g.ruin_items = [()] * len(g.ruin_items)
    for c, its in per.items():
        g.ruin_items[c] = tuple(its)
    if setup is not None:
        setup(g)
    todo: list[Step] = [_seated(g, st) for st in (step, *more)]
    s = g.seat_of(who)
    if todo[0][0] == "turn":
        g.turn_no = 0
    elif then is not None:
        todo += rest_of_turn(g, s, then)
    else:
        todo.append((PARK, s))  # stop here, so the next turn does not refresh anything
    g.stack = todo[::-1]
    g._decision = None
    g._advance()
    return g


def _seated(g: Game, st: Step) -> Step:
    if len(st) > 1 and isinstance(st[1], str):
        return (st[0], g.seat_of(st[1]), *st[2:])
    return tuple(st)


def vs(g: Game, who: str = V) -> VagabondState:
    st = g.fstate[g.seat_of(who)]
    assert isinstance(st, VagabondState)
    return st


def items(g: Game, who: str = V) -> dict[str, tuple[int, int, int, int]]:
    """The Vagabond's items with any count, item -> (ready, exhausted, dmg up, dmg down)."""
    return {i: x for i, x in vs(g, who).items.items() if any(x)}


def track(g: Game, item: str, who: str = V) -> int:
    return on_track(vs(g, who), item)


def pawn(g: Game, who: str = V) -> int:
    return g.pawn[g.seat_of(who)]


def all_items(g: Game) -> Counter[str]:
    """Every item of the game outside the supply: Vagabonds, crafted boxes, ruins,
    removed (used to check that items are conserved)."""
    out: Counter[str] = Counter()
    for s, fs in enumerate(g.fstate):
        if isinstance(fs, VagabondState):
            for i, x in fs.items.items():
                out[i] += sum(x)
        out.update(g.items[s])
    for its in g.ruin_items:
        out.update(its)
    out.update(g.removed_items)
    return out
