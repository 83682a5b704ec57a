"""Hand-made Vagabond positions for the rule tests of section 9 and Appendix D.

    g = game((V, M), character="thief", at=5, items={"boots": 2, "sword": (1, 1, 0, 0)},
             warriors={M: {5: 2}}, step=("vagabond.actions", V))

``game`` is ``tests.builder.build`` with the Vagabond's state keywords (its
``vagabond`` and ``vagabond2``) and defaults for these tests: ``character``;
``items`` (item -> ready count, or the 4-tuple (ready, exhausted, damaged face up,
damaged face down); default: the character's starting items, face up); ``at`` (a
clearing number or a forest id such as "1_2_5_10"); ``relations`` (faction -> -1
hostile .. 3 allied, default indifferent); ``aids``, ``quests_done``, ``ruin_taken``
(the "R" items on his board, 9.7.3), ``scorched``; the shared ``quests``,
``quest_deck`` (top card last) and ``ruin_items`` (clearing -> items; default one "R"
item under each ruin, 9.3.4). ``v2`` gives the same keys for the second Vagabond.
``step`` and ``more`` run first; then the rest of the turn from ``then`` ("daylight" or
"evening"); without ``then`` the game stops at the builder's pause (``stop=True``, a
decision of the turn's player), so the position after the steps can be checked before
another turn changes it. ``setup(g)`` may change anything else before the engine runs
(the builder's ``before``).
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from rootlaw.core.game import FOREST, Game
from rootlaw.core.steps import Step
from rootlaw.factions.vagabond import (
    RUIN_ITEMS,
    VagabondState,
    on_track,
)
from tests.builder import STOP, build

V, V2, M, E, A = "vagabond", "vagabond2", "marquise", "eyrie", "alliance"
PARK = STOP  # the builder's pause (``stop=True``)
FOREST_IDS = ("1_2_5_10", "1_9_10_12", "2_6_10_11_12", "3_6_11", "3_7_11_12", "4_7_8_12",
              "4_9_12")
RUINS = (6, 10, 11, 12)  # Fall map ruin clearings
DEFAULT_RUIN_ITEMS = {6: ("boots",), 10: ("hammer",), 11: ("sword",), 12: ("bag",)}
EVENING = [("evening_start", V), ("vagabond.evening", V), ("discard_down", V),
           ("vagabond.capacity", V)]



def place(g: Game, where: int | str) -> int:
    """A pawn location from a clearing number or a forest id."""
    if isinstance(where, str):
        return FOREST + [f for f, _ in g.board.forests].index(where)
    return where


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
    state: dict[str, Any] = {
        "character": character, "at": at, "relations": relations or {}, "aids": aids or {},
        "quests_done": quests_done, "ruin_taken": ruin_taken, "scorched": scorched}
    if items is not None:
        state["items"] = items
    if V2 in factions:
        kw[V2] = {"character": "tinker", "at": "4_9_12", **(v2 or {})}
    # shared quests (9.3.3) and ruin items (9.3.4)
    per = ruin_items if ruin_items is not None else (
        DEFAULT_RUIN_ITEMS if V2 not in factions else
        {c: (i, RUIN_ITEMS[(k + 1) % 4]) for k, (c, (i,)) in
         enumerate(DEFAULT_RUIN_ITEMS.items())})
    # stop after the steps (so the next turn refreshes nothing), unless a turn runs
    return build(factions, steps=[step, *more], then=then, turn=who, phase=phase,
                 stop=then is None and step[0] != "turn", before=setup, vagabond=state,
                 quests=(list(quests) if quests is not None
                         else ["errand_fox", "guard_duty_rabbit", "escort_mouse"]),
                 quest_deck=quest_deck, ruin_items=per, **kw)


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
