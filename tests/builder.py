"""Build games in hand-made positions, for rule tests.

    from tests.builder import build, play, options

    g = build(
        ["marquise", "eyrie"],                      # seat 0, seat 1 (in this order)
        warriors={"marquise": {1: 3, 5: 1}, "eyrie": {5: 2}},
        buildings={"marquise": {1: ["sawmill"]}, "eyrie": {3: ["roost"]}},
        tokens={"marquise": {1: ["keep", "wood"]}},
        hands={"marquise": ["anvil", "ambush_fox"]},
        vp={"eyrie": 12},
        leader="commander", decree={"move": ["anvil"]},
        step=("marquise.actions", "marquise", 3),   # what the engine runs first
    )
    g.decision.options                             # the first real decision

Conventions:

- Seats are the order of ``factions``; anywhere a seat is asked for, a faction id
  works too. Clearings are the map's numbers (1..12 on Fall).
- The map starts empty except for ruins (``ruins=False`` to leave them off).
- Cards: ``hands``, ``played`` (persistent cards in the play area), ``discard``,
  ``available`` (dominance cards near the map), the Eyrie's ``decree``. The
  ``deck`` is listed top card first; if not given it holds every other card of
  the standard deck (dominance cards left out in a two-player game, 5.1.3), so
  the cards of the game stay complete. ``deck_top`` puts cards on top of that.
- The Eyrie: ``leader`` (default "builder"); its Loyal Viziers are tucked as the
  leader lists (7.3.4) before the ``decree`` cards (a dict column -> card ids);
  ``face_up`` defaults to the other leaders; ``corner`` is the starting corner.
- ``step`` (or ``steps``, run in order) is what the engine does first, e.g.
  ``("turn", "eyrie")`` to start a whole turn or ``("marquise.actions", s, 3)``
  for Daylight actions. Unless ``step`` is a ``turn``, ``("end_turn", seat)``
  follows, so play goes on to the next turn; with ``then="daylight"`` or
  ``then="evening"`` the rest of the turn from that phase follows instead (with
  no step, ``turn`` and ``then`` alone start that seat's turn at that phase).
- ``turn`` is the seat whose turn it is (default: the seat of the first step);
  ``phase`` defaults to what the first step implies.
- ``forced`` queues random results, like ``Game.force`` (e.g. ``[["dice", [3, 1]]]``).
- ``map`` and ``deck_name`` as ``new_game``'s ``map`` and ``deck`` (suits: the map's
  printed or fixed layout, then ``suits``); the map's pieces start as at setup (closed
  paths, the Ferry), or ``closed``/``ferry`` give them. Cards in ``played`` take
  effect as crafted (Soup Kitchens, Coffin Makers).

The game is then run to its first real decision (``g._advance()``).
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import rootlaw
from rootlaw import IllegalAction
from rootlaw.core.cards_ep import entered_play
from rootlaw.core.cardstate import CardState
from rootlaw.core.catalog import SUITS, item_supply, pair
from rootlaw.core.faction_api import FACTIONS
from rootlaw.core.game import RUIN, Game
from rootlaw.core.steps import STEPS, FunctionStep, Step, register_steps
from rootlaw.factions.eyrie import COLUMNS, LEADERS, EyrieState, tuck_viziers

PerFaction = Mapping[str, Any]

_DAYLIGHT = ("daylight_start", "craft", "marquise.actions", "marquise.battle", "marquise.march",
             "marquise.build", "marquise.overwork", "marquise.recruit", "eyrie.decree_start",
             "eyrie.decree", "command_warren")
_EVENING = ("evening_start", "marquise.evening", "eyrie.evening", "discard_down", "cobbler")


def seat(g: Game, who: int | str) -> int:
    """A seat number from a seat number or a faction id."""
    return who if isinstance(who, int) else g.seat_of(who)


def build(
    factions: Iterable[str] = ("marquise", "eyrie"),
    *,
    warriors: PerFaction | None = None,
    buildings: PerFaction | None = None,
    tokens: PerFaction | None = None,
    hands: PerFaction | None = None,
    vp: PerFaction | None = None,
    played: PerFaction | None = None,
    items: PerFaction | None = None,
    dominance: PerFaction | None = None,
    leader: str = "builder",
    decree: Mapping[str, Iterable[str]] | None = None,
    face_up: Iterable[str] | None = None,
    corner: int = 0,
    deck: Iterable[str] | None = None,
    deck_top: Iterable[str] = (),
    discard: Iterable[str] = (),
    available: Iterable[str] = (),
    supply: Mapping[str, int] | None = None,
    suits: Mapping[int, str] | None = None,
    ruins: bool = True,
    step: Step | None = None,
    steps: Iterable[Step] = (),
    then: str | None = None,
    turn: int | str | None = None,
    phase: str | None = None,
    once: Iterable[str] = (),
    forced: Iterable[list[Any]] = (),
    seed: int = 0,
    map: str = "fall",
    deck_name: str = "standard",
    closed: Iterable[tuple[int, int]] | None = None,
    ferry: int | None = None,
) -> Game:
    """A game in the given position, advanced to its first decision (see module doc)."""
    factions = list(factions)
    g = rootlaw.new_game(factions, seed=seed, map=map, deck=deck_name)  # every field set
    # undo setup's random seating: seats are the order given
    g.factions = tuple(factions)
    g.fdefs = tuple(FACTIONS[f] for f in factions)
    g.fstate = [fd.new_state() for fd in g.fdefs]
    n = len(factions)
    nc = len(g.board.slots)  # the map's clearings and the Burrow (12.2.2), if any
    g.suits = g.board.default_suits
    if suits:
        s_list = list(g.suits)
        for c, suit in suits.items():
            assert suit in SUITS, suit
            s_list[c] = suit
        g.suits = tuple(s_list)
    g.warriors = [[0] * nc for _ in range(n)]
    g.buildings = [()] * nc
    g.tokens = [()] * nc
    g.forest_tokens = [()] * len(g.board.forests)  # 15.2.1 relics: placed below
    g.hands = [[] for _ in range(n)]
    g.vp = [0] * n
    g.dominance = [None] * n
    g.items = [[] for _ in range(n)]
    g.played = [[] for _ in range(n)]
    g.discard = list(discard)
    g.available = list(available)
    g.supply = dict(supply) if supply is not None else item_supply()
    g.craft_used = [0, 0, 0]
    g.once = frozenset(once)
    g.battle = None
    g._log = None
    g.forced = [list(x) for x in forced]
    g.won = ()
    g.win_reason = ""
    g.peeks = {}
    g.version = 0
    g.cards = CardState((0,) * n)
    g.token_rule = ()
    if closed is not None:
        g.closed = tuple(sorted(pair(a, b) for a, b in closed))
    if ferry is not None:
        g.ferry = ferry
    for name, empty in (("pawn", 0), ("coalition", -1)):
        if hasattr(g, name):  # per-seat state of later factions: cleared
            setattr(g, name, [empty] * n)
    g._decision = None
    g.pieces_changed()
    g._where = {}  # the piece index: the map was emptied above
    g.relink()  # the map's paths now; the Burrow's links follow its tunnels (12.2.2)
    if ruins:
        for c in g.clearings():
            if g.board.ruins[c]:
                g.place_building(RUIN, "ruin", c)

    for f, per in (warriors or {}).items():
        s = g.seat_of(f)
        for c, k in per.items():
            g.warriors[s][c] = k
        assert g.warrior_supply(s) >= 0, f"{f}: more warriors than the faction has"
    for f, per in (buildings or {}).items():
        s = g.seat_of(f)
        for c, kinds in per.items():
            for kind in kinds:
                g.place_building(s, kind, c)
                assert len(g.buildings[c]) <= g.board.slots[c], f"clearing {c} has no open slot"
    for f, per in (tokens or {}).items():
        s = g.seat_of(f)
        for c, kinds in per.items():
            for kind in kinds:
                g.place_token(s, kind, c)
    for attr, per in (("hands", hands), ("played", played), ("items", items)):
        for f, cards in (per or {}).items():
            getattr(g, attr)[g.seat_of(f)] = list(cards)
    for f, cards in (played or {}).items():
        for cid in cards:
            entered_play(g, g.seat_of(f), cid)
    for f, points in (vp or {}).items():
        g.vp[g.seat_of(f)] = points
    for f, card in (dominance or {}).items():
        g.dominance[g.seat_of(f)] = card

    if "eyrie" in factions:
        es = g.fstate[g.seat_of("eyrie")]
        assert isinstance(es, EyrieState)
        assert leader in LEADERS, leader
        es.leader = leader
        es.face_up = tuple(face_up) if face_up is not None else tuple(
            x for x in LEADERS if x != leader)
        es.corner = corner
        tuck_viziers(es, leader)
        cols = [list(col) for col in es.decree]
        for name, cards in (decree or {}).items():
            cols[COLUMNS.index(name)].extend(cards)
        es.decree = tuple(tuple(col) for col in cols)

    used = [*g.discard, *g.available]
    for s in range(n):
        used += g.hands[s] + g.played[s] + g.fdefs[s].cards_held(g, s)
    used += [d for d in g.dominance if d is not None]
    if deck is None:
        rest = list(g.deckdef.contents)
        for cid in used:
            if cid in rest:
                rest.remove(cid)
        if n == 2:
            rest = [c for c in rest if g.card(c).kind != "dominance"]
        top = list(deck_top)
        for cid in top:
            rest.remove(cid)
        g.deck = rest + top[::-1]  # the top of the deck is the end of the list
    else:
        g.deck = list(deck)[::-1]

    todo = ([step] if step is not None else []) + list(steps)
    todo = [_seated(g, st) for st in todo]
    if not todo and (then is None or turn is None):
        raise ValueError("give a step (or steps, or turn and then) for the engine to start with")
    g.turn_seat = seat(g, turn) if turn is not None else todo[0][1]
    first = todo[0][0] if todo else ("daylight_start" if then == "daylight" else "evening_start")
    g.turn_no = 0 if first == "turn" else 1
    g.phase = phase or _phase_of(first)
    if then is not None:
        todo += rest_of_turn(g, g.turn_seat, then)
    elif first != "turn":
        todo.append(("end_turn", g.turn_seat))
    g.stack = todo[::-1]
    g._advance()
    return g


def _seated(g: Game, st: Step) -> Step:
    """A step with a faction id in place of its seat."""
    if len(st) > 1 and isinstance(st[1], str):
        return (st[0], g.seat_of(st[1]), *st[2:])
    return tuple(st)


def _phase_of(step_name: str) -> str:
    if step_name == "turn":
        return "setup"
    if step_name in _DAYLIGHT or step_name.startswith(("battle.", "hits")):
        return "daylight"
    if step_name in _EVENING:
        return "evening"
    return "birdsong"


def rest_of_turn(g: Game, who: int | str, phase: str) -> list[Step]:
    """The steps of the rest of ``who``'s turn from the start of ``phase``
    ('daylight' or 'evening'), ending with the end of the turn (as Turn does)."""
    s = seat(g, who)
    fd = g.fdefs[s]
    out: list[Step] = []
    if phase == "daylight":
        out += [("daylight_start", s), *fd.phase_steps(g, s, "daylight")]
    out += [("evening_start", s), *fd.phase_steps(g, s, "evening"), ("end_turn", s)]
    return out


# ------------------------------------------------------------- test helpers
def assert_illegal(g: Game, option: tuple[Any, ...]) -> IllegalAction:
    """Applying ``option`` raises IllegalAction and leaves the game exactly as it was."""
    before = g.to_json()
    decision = g.decision
    try:
        g.apply(option)
    except IllegalAction as e:
        assert g.to_json() == before, "an illegal option changed the game"
        assert g.decision is decision
        return e
    raise AssertionError(f"{option!r} was accepted")


def options(g: Game, verb: str | None = None) -> list[tuple[Any, ...]]:
    """The current decision's options (as plain tuples), optionally of one verb."""
    assert g.decision is not None, "the game is over"
    return [tuple(o) for o in g.decision.options if verb is None or o[0] == verb]


def play(g: Game, *choices: tuple[Any, ...]) -> Game:
    """Apply several options in a row; return the game."""
    for o in choices:
        g.apply(o)
    return g


def step_name(g: Game) -> str:
    """Name of the step waiting for the current decision."""
    return str(g.stack[-1][0])


def scored(g: Game, faction: str | None = None) -> list[tuple[Any, ...]]:
    """Scoring entries of the log: (faction, delta, reason)."""
    return [tuple(e[1:]) for e in g.log
            if e[0] == "s" and (faction is None or e[1] == faction)]


def pieces(g: Game, c: int) -> dict[str, Any]:
    """Everything in clearing ``c``: warriors by faction, buildings and tokens."""
    return {
        "warriors": {f: g.warriors[s][c] for s, f in enumerate(g.factions) if g.warriors[s][c]},
        "buildings": sorted(g.buildings[c]),
        "tokens": sorted(g.tokens[c]),
    }


def pause_step(name: str, kind: str, choices: tuple[str, str] = ("done", "skip")) -> str:
    """Register (once) a test-only pause: a step with two options that do nothing, so
    the engine stops there and a test can set up state before the rest runs."""
    if name not in STEPS:
        register_steps(FunctionStep(name, kind, lambda g, st: [(choices[0],), (choices[1],)],
                                    lambda g, st, o: None))
    return name
