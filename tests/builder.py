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
- ``stop=True`` pauses after the steps (a decision of the turn's player, kind "pause":
  ``("go",)`` plays on), so the position they leave can be looked at before the next
  turn (or, with ``then``, the rest of the turn) changes it.
- ``turn`` is the seat whose turn it is (default: the seat of the first step);
  ``phase`` defaults to what the first step implies.
- ``forced`` queues random results, like ``Game.force`` (e.g. ``[["dice", [3, 1]]]``).
- ``coalitions`` (Vagabond -> partner, 9.2.8); ``before(g)`` changes anything else
  once the position is set, just before the engine runs.
- ``map`` and ``deck_name`` as ``new_game``'s ``map`` and ``deck`` (suits: the map's
  printed or fixed layout, then ``suits``); the map's pieces start as at setup (closed
  paths, the Ferry), or ``closed``/``ferry`` give them. Cards in ``played`` take
  effect as crafted (Soup Kitchens, Coffin Makers).

- Each faction's own state: a keyword named after the faction id, a dict of that
  faction's state (below). Unknown faction ids or state names raise TypeError.

      build([LH, RF, M], hundreds={"warlord": 5, "mood": "bitter", "mobs": [5, 6]},
            riverfolk={"funds": {RF: 2}, "mercenaries": LH}, warriors={LH: {5: 2}})

  Any field of the faction's state can be given by its name (lists become tuples);
  these read more easily than the raw fields:

  - ``eyrie``: ``leader``, ``face_up``, ``decree`` (column -> cards), ``corner`` (or
    the top-level ``leader``, ``decree``, ``face_up``, ``corner``);
  - ``alliance``: ``supporters`` (cards, face down), ``officers``;
  - ``vagabond``, ``vagabond2``: ``character`` (default "thief"), ``items`` (item ->
    ready count, or (ready, exhausted, damaged face up, damaged face down); default the
    character's), ``at`` (a clearing, or a forest as its index or id such as
    "1_2_5_10"; default the map's first forest), ``relations`` (faction -> -1..3 or
    "hostile", "indifferent", "allied"; default indifferent), ``aids``,
    ``quests_done``, ``r_items`` (the "R" items on his board, 9.7.3), ``scorched``;
    the shared ``quests`` (face up), ``quest_deck`` (top card last; default the other
    quests) and ``ruin_items`` (clearing -> items) are top-level keywords;
  - ``lizards``: ``outcast``, ``hated``, ``acolytes``, ``lost_souls``, ``revealed``;
  - ``riverfolk``: ``funds``, ``payments``, ``committed`` (faction -> warriors),
    ``prices`` (service -> cost, or the three costs), ``gone`` (suit -> trade posts
    out of the game), ``riverboats`` and ``mercenaries`` (the faction that bought the
    service this turn);
  - ``duchy``: ``swayed`` (a crown of each rank taken off the board), ``used``,
    ``revealed``, ``crowns``;
  - ``corvids``: ``face_down`` (clearing -> plot type, placed face down); face-up
    plots are ``tokens``; ``placed``;
  - ``hundreds``: ``warlord`` (its clearing, among the ``warriors`` there), ``mood``,
    ``hoard`` (items, each to its track) or ``command``/``prowess``, ``mobs``
    (clearings), ``r_items``;
  - ``keepers``: ``retinue`` (column -> cards; "move", "battle_then_delve" or "delve",
    "move_or_recover" or "recover"; a column given replaces its Faithful Retainer),
    ``relics`` (forest -> face-down relic "tablet2", or a list of them), ``recovered``
    (type -> values);
  - ``spinners`` (Crusader SOM): ``ward`` (faction -> patients), ``corner``;
  - ``wyrm`` (Crusader VW): ``at`` (the Wyrm's clearing, or a forest as its index or
    id), ``growth`` (on Bite, Might, Height), ``treasures`` (in the Lair);
  - ``borough_kings`` (Crusader BK, always set): ``regent`` (default "general"; its
    Loyal Henchmen tucked first, BK.3.5), ``face_up`` (default the other regents),
    ``manifest`` (column -> cards), ``mice`` (clearing -> how many of the Kings'
    ``warriors`` there are mice; on another seat's turn they stand in its row, BK.2.4),
    ``bag`` (front first; default the supply, rats before mice), ``corner``;
  - ``host_of_light`` (Crusader HOL, always set): ``track`` (suit -> rewards, the next
    taken first; default the setup's, less the firebrands on the map), ``fervor``,
    ``pillar`` (default "charity"), ``known``, ``revealed``, ``corner``;
  - bots: ``order`` (the order card), ``difficulty``, ``traits`` (3.3); the Electric
    Eyrie's ``decree`` (column -> cards) and ``viziers`` (default 2, first in the bird
    column); the Vagabot's ``character``, ``at``, ``ready``, ``exhausted``, ``track``,
    ``dmg_up``, ``dmg_down`` (the Battle Track balanced unless ``track`` is given).

  Cards a faction holds (supporters, the Decree, the Retinue, order cards, lost souls)
  come out of the deck, so the cards of the game stay complete.

The position must pass the loader's checks (``Game.check_loadable``: whatever
``Game.from_json`` refuses, e.g. a hireling beside its faction, A.6.5, raises LoadError);
the game is then run to its first real decision (``g._advance()``).
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from typing import Any

import rootlaw
from rootlaw import IllegalAction
from rootlaw.bots.electric_eyrie import COLUMNS as EE_COLUMNS
from rootlaw.bots.electric_eyrie import ElectricEyrieState
from rootlaw.bots.vagabot import VagabotState, balance
from rootlaw.core.cards_ep import entered_play
from rootlaw.core.cardstate import CardState
from rootlaw.core.catalog import SUITS, item_supply, pair
from rootlaw.core.faction_api import FACTIONS
from rootlaw.core.game import FOREST, RUIN, Game
from rootlaw.core.steps import STEPS, FunctionStep, Step, register_steps
from rootlaw.factions.alliance import st_of as st_alliance
from rootlaw.factions.corvids import PLOT, CorvidsState
from rootlaw.factions.corvids import TYPES as PLOT_TYPES
from rootlaw.factions.duchy import CROWNS_PER_RANK, RANK_OF, DuchyState
from rootlaw.factions.eyrie import COLUMNS, LEADERS, VIZIER, EyrieState, tuck_viziers
from rootlaw.factions.hundreds import MOB, HundredsState, track_of
from rootlaw.factions.keepers import RETINUE_COLS, KeepersState
from rootlaw.factions.keepers import TYPES as RELIC_TYPES
from rootlaw.factions.riverfolk import SERVICES, RiverfolkState
from rootlaw.factions.vagabond import (
    ALLIED,
    CHARACTERS,
    HOSTILE,
    ITEM_TYPES,
    QUESTS,
    VagabondState,
    is_vagabond,
)

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
    leader: str | None = None,
    decree: Mapping[str, Iterable[str]] | None = None,
    face_up: Iterable[str] | None = None,
    corner: int | None = None,
    deck: Iterable[str] | None = None,
    deck_top: Iterable[str] = (),
    discard: Iterable[str] = (),
    available: Iterable[str] = (),
    supply: Mapping[str, int] | None = None,
    suits: Mapping[int, str] | None = None,
    ruins: bool = True,
    quests: Iterable[str] | None = None,
    quest_deck: Iterable[str] | None = None,
    ruin_items: Mapping[int, Iterable[str]] | None = None,
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
    stop: bool = False,
    coalitions: Mapping[str, str] | None = None,
    hirelings: Mapping[str, Mapping[str, Any]] | None = None,
    hiring_markers: Mapping[str, Any] | None = None,
    before: Callable[[Game], Any] | None = None,
    **state: Mapping[str, Any],
) -> Game:
    """A game in the given position, advanced to its first decision (see module doc)."""
    factions = list(factions)
    for f in state:
        if f not in factions:
            raise TypeError(f"build() got state for {f!r}, which is not seated "
                            f"(factions: {', '.join(factions)})")
    g = rootlaw.new_game(factions, seed=seed, map=map, deck=deck_name)  # every field set
    # undo setup's random seating: seats are the order given
    g.factions = tuple(factions)
    g.fdefs = tuple(FACTIONS[f] for f in factions)
    g.fstate = [fd.new_state() for fd in g.fdefs]
    g.setup = dict(g.setup)
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
    g.quests = []
    g.quest_deck = []
    g.ruin_items = [()] * nc
    g.removed_items = []
    if closed is not None:
        g.closed = tuple(sorted(pair(a, b) for a, b in closed))
    if ferry is not None:
        g.ferry = ferry
    for name, empty in (("pawn", 0), ("coalition", -1)):
        if hasattr(g, name):  # per-seat state of later factions: cleared
            setattr(g, name, [empty] * n)
    g._options = None
    g.pieces_changed()
    g._index_all()  # the piece index: the map was emptied above
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
    for v, partner in (coalitions or {}).items():  # 9.2.8 (the card: ``dominance``)
        g.coalition[g.seat_of(v)] = g.seat_of(partner)
    if hirelings is not None:
        _hirelings(g, hirelings, hiring_markers or {})

    todo = ([step] if step is not None else []) + list(steps)
    todo = [_seated(g, st) for st in todo]
    if not todo and (turn is None or then is None and not stop):
        raise ValueError("give a step (or steps, or turn and then or stop) for the engine "
                         "to start with")
    g.turn_seat = seat(g, turn) if turn is not None else todo[0][1]
    if stop:  # a pause after the steps: the position they leave can be looked at
        todo.append((STOP, g.turn_seat))
    first = (todo[0][0] if todo and (todo[0][0] != STOP or then is None)
             else "daylight_start" if then == "daylight" else "evening_start")
    g.turn_no = 0 if first == "turn" else 1
    g.phase = phase or _phase_of(first)

    # each faction's own state (the Eyrie's also from the top-level keywords)
    if "eyrie" in factions:
        legacy = {k: v for k, v in (("leader", leader), ("decree", decree),
                                    ("face_up", face_up), ("corner", corner)) if v is not None}
        state = {**state, "eyrie": {"leader": "builder", **legacy, **state.get("eyrie", {})}}
    elif leader is not None or decree is not None or face_up is not None:
        raise TypeError("leader, decree and face_up are the Eyrie's: it is not seated")
    for crusader in ("borough_kings", "host_of_light"):  # their boards always set up
        if crusader in factions:
            state = {**state, crusader: state.get(crusader, {})}
    for f, spec in state.items():
        set_state(g, f, spec)
    if quests is not None:
        g.quests = list(quests)
        g.quest_deck = ([q for q in QUESTS if q not in g.quests] if quest_deck is None
                        else list(quest_deck))
    elif quest_deck is not None:
        g.quest_deck = list(quest_deck)
    for c, its in (ruin_items or {}).items():
        g.ruin_items[c] = tuple(its)

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

    if then is not None:
        todo += rest_of_turn(g, g.turn_seat, then)
    elif first != "turn":
        todo.append(("end_turn", g.turn_seat))
    g.stack = todo[::-1]
    if before is not None:
        before(g)
    g.check_loadable()  # only positions a save could hold (A.6.5, 1.5.1, ...)
    g._advance()
    return g


# ------------------------------------------------------- each faction's state
def set_state(g: Game, faction: str, spec: Mapping[str, Any]) -> None:
    """Set ``faction``'s own state from its keyword dict (module doc): its special
    keywords first, then any field of its state by name."""
    s = g.seat_of(faction)
    fs = g.fstate[s]
    special = _SPECIAL.get(faction, ())
    fields = _fields(fs)
    for key, value in spec.items():
        if key in special:
            continue
        if key not in fields:
            raise TypeError(f"{faction} has no state {key!r}: give "
                            f"{', '.join(sorted({*special, *fields}))}")
        setattr(fs, key, _like(getattr(fs, key), value))
    setter = _SETTERS.get(faction)
    if setter is not None:
        setter(g, s, {k: v for k, v in spec.items() if k in special})


def _fields(fs: Any) -> tuple[str, ...]:
    out: list[str] = []
    for cls in type(fs).__mro__:
        out += list(getattr(cls, "__slots__", ()))
    return tuple(out)


def _like(current: Any, value: Any) -> Any:
    """``value`` as the field's type: tuples for tuples (nested too), dicts copied."""
    if isinstance(current, tuple) and isinstance(value, (list, tuple)):
        return tuple(tuple(v) if isinstance(v, list) else v for v in value)
    if isinstance(current, dict) and isinstance(value, Mapping):
        return dict(value)
    return value


def _seats(g: Game, per: Mapping[Any, int]) -> dict[int, int]:
    return {seat(g, f): int(k) for f, k in per.items() if k}


def _forest(g: Game, where: int | str) -> int:
    """A forest's pawn/token location from its index or its id ("1_2_5_10")."""
    if isinstance(where, str):
        return FOREST + [f for f, _ in g.board.forests].index(where)
    assert 0 <= where < len(g.board.forests), f"no forest {where}"
    return FOREST + where


def _place(g: Game, where: int | str) -> int:
    """A pawn location from a clearing number or a forest id."""
    return _forest(g, where) if isinstance(where, str) else where


def _bot_options(g: Game, f: str, spec: Mapping[str, Any]) -> None:
    """Rootbotics 3.3: difficulty and traits, as new_game records them."""
    if "difficulty" in spec:
        g.setup["bot_difficulty"] = {**g.setup.get("bot_difficulty", {}), f: spec["difficulty"]}
    if "traits" in spec:
        g.setup["bot_traits"] = {**g.setup.get("bot_traits", {}), f: list(spec["traits"])}


def _eyrie(g: Game, s: int, spec: Mapping[str, Any]) -> None:
    es = g.fstate[s]
    assert isinstance(es, EyrieState)
    leader = spec.get("leader", es.leader or "builder")
    assert leader in LEADERS, leader
    es.leader = leader
    es.face_up = tuple(spec.get("face_up", [x for x in LEADERS if x != leader]))
    if "corner" in spec:
        es.corner = int(spec["corner"])
    es.decree = ((), (), (), ())
    tuck_viziers(es, leader)
    cols: list[list[str]] = [list(col) for col in es.decree]
    for name, cards in spec.get("decree", {}).items():
        cols[COLUMNS.index(name)].extend(cards)
    es.decree = tuple(tuple(col) for col in cols)


def _alliance(g: Game, s: int, spec: Mapping[str, Any]) -> None:
    assert g.warrior_supply(s) >= 0, "alliance: more officers and warriors than it has"
    assert all(c in g.deckdef.cards for c in st_alliance(g, s).supporters)


RELATIONS = {"hostile": HOSTILE, "indifferent": 0, "allied": ALLIED}


def _vagabond(g: Game, s: int, spec: Mapping[str, Any]) -> None:
    vs = g.fstate[s]
    assert isinstance(vs, VagabondState)
    character = spec.get("character", vs.character or "thief")
    assert character in CHARACTERS, character
    vs.character = character
    raw = spec["items"] if "items" in spec else Counter(CHARACTERS[character])
    vs.items = {}
    for item, x in raw.items():
        t = (x, 0, 0, 0) if isinstance(x, int) else tuple(x)
        assert item in ITEM_TYPES and len(t) == 4, (item, x)
        vs.items[item] = (int(t[0]), int(t[1]), int(t[2]), int(t[3]))
    vs.relations = {g.factions[o]: 0 for o in g.others(s) if not is_vagabond(g, o)}
    for f, level in spec.get("relations", {}).items():
        assert f in vs.relations, f"{f} has no relationship with the Vagabond"
        vs.relations[f] = RELATIONS[level] if isinstance(level, str) else int(level)
    g.pawn[s] = _place(g, spec.get("at", g.pawn[s] or FOREST))


def _riverfolk(g: Game, s: int, spec: Mapping[str, Any]) -> None:
    fs = g.fstate[s]
    assert isinstance(fs, RiverfolkState)
    for box in ("funds", "payments", "committed"):
        if box in spec:
            setattr(fs, box, _seats(g, spec[box]))
    if "prices" in spec:
        p = spec["prices"]
        fs.prices = (tuple(int(p[k]) for k in SERVICES) if isinstance(p, Mapping)
                     else tuple(int(x) for x in p))
    if "gone" in spec:
        fs.gone = tuple(int(spec["gone"].get(suit, 0)) for suit in SUITS)
    for key, field in (("riverboats", "boats"), ("mercenaries", "mercs")):
        if key in spec:  # bought by that faction this turn (11.2.7)
            setattr(fs, field, (seat(g, spec[key]), g.turn_no))
    for o in range(len(g.factions)):
        assert g.warrior_supply(o) >= 0, f"{g.factions[o]}: more warriors than it has"


def _duchy(g: Game, s: int, spec: Mapping[str, Any]) -> None:
    fs = g.fstate[s]
    assert isinstance(fs, DuchyState)
    fs.swayed = tuple(spec.get("swayed", fs.swayed))
    crowns = [CROWNS_PER_RANK] * 3
    for m in fs.swayed:
        crowns[RANK_OF[m]] -= 1
    fs.crowns = tuple(crowns)


def _corvids(g: Game, s: int, spec: Mapping[str, Any]) -> None:
    fs = g.fstate[s]
    assert isinstance(fs, CorvidsState)
    for c, kind in spec.get("face_down", {}).items():
        assert kind in PLOT_TYPES, kind
        g.place_token(s, PLOT, c)
        fs.facedown = fs.facedown.added(c, kind)


def _hundreds(g: Game, s: int, spec: Mapping[str, Any]) -> None:
    fs = g.fstate[s]
    assert isinstance(fs, HundredsState)
    if "warlord" in spec:
        fs.warlord = int(spec["warlord"])
        assert not fs.warlord or g.warriors[s][fs.warlord], "the warlord is among warriors"
    if "hoard" in spec:
        fs.command = tuple(i for i in spec["hoard"] if track_of(i) == "command")
        fs.prowess = tuple(i for i in spec["hoard"] if track_of(i) == "prowess")
    for c in spec.get("mobs", ()):
        g.place_token(s, MOB, c)


COLUMN_ALIASES = {"delve": "battle_then_delve", "recover": "move_or_recover"}


def _keepers(g: Game, s: int, spec: Mapping[str, Any]) -> None:
    fs = g.fstate[s]
    assert isinstance(fs, KeepersState)
    cols = [list(col) for col in fs.retinue]
    for name, cards in spec.get("retinue", {}).items():
        cols[RETINUE_COLS.index(COLUMN_ALIASES.get(name, name))] = list(cards)
    fs.retinue = (tuple(cols[0]), tuple(cols[1]), tuple(cols[2]))
    for where, idents in spec.get("relics", {}).items():
        loc = _forest(g, where)
        for ident in [idents] if isinstance(idents, str) else idents:
            g.place_token(s, ident.rstrip("0123456789"), loc)
            fs.values = fs.values.added(loc, ident)
    if "recovered" in spec:
        rec = spec["recovered"]
        fs.recovered = tuple(tuple(int(v) for v in rec.get(t, ())) for t in RELIC_TYPES)


def _electric_eyrie(g: Game, s: int, spec: Mapping[str, Any]) -> None:
    fs = g.fstate[s]
    assert isinstance(fs, ElectricEyrieState)
    cols = [list(spec.get("decree", {}).get(c, [])) for c in EE_COLUMNS]
    cols[-1] = [VIZIER] * int(spec.get("viziers", 2)) + cols[-1]
    fs.decree = tuple(tuple(c) for c in cols)
    _bot_options(g, "electric_eyrie", spec)


def _vagabot(g: Game, s: int, spec: Mapping[str, Any]) -> None:
    v = g.fstate[s]
    assert isinstance(v, VagabotState)
    if "track" in spec:
        v.track = tuple(bool(x) for x in spec["track"])
    else:
        v.track = ()
        balance(v)  # 7.2.4
    n = v.ready + v.exhausted + v.dmg_up + v.dmg_down + len(v.track)
    v.kinds = tuple(["boots"] * n)  # the Vagabot's items are generic (Rootbotics 7.2)
    if "at" in spec:
        g.pawn[s] = _place(g, spec["at"])
    _bot_options(g, "vagabot", spec)


def _spinners(g: Game, s: int, spec: Mapping[str, Any]) -> None:
    """SOM.2.4: patients come out of their owners' supplies."""
    for o in range(len(g.factions)):
        assert g.warrior_supply(o) >= 0, f"{g.factions[o]}: more warriors than it has"


def _borough_kings(g: Game, s: int, spec: Mapping[str, Any]) -> None:
    """BK: the regent and its henchmen, the Manifest, which warriors are mice (in the
    turn player's row on another's turn, BK.2.4), the bag (the supply by default)."""
    from rootlaw.factions import borough_kings as bk

    fs = g.fstate[s]
    assert isinstance(fs, bk.BoroughKingsState)
    fs.regent = spec.get("regent", "general")
    fs.face_up = tuple(spec.get("face_up", [r for r in bk.REGENTS if r != fs.regent]))
    fs.manifest = ((), (), ())
    bk.tuck_henchmen(fs, fs.regent)
    cols = [list(col) for col in fs.manifest]
    for name, cards in spec.get("manifest", {}).items():
        cols[bk.COLUMNS.index(name)] += list(cards)
    fs.manifest = tuple(tuple(col) for col in cols)
    mice: list[int] = []
    for c, n in spec.get("mice", {}).items():
        assert g.warriors[s][c] >= n, f"only {g.warriors[s][c]} Kings' warriors in {c}"
        mice += [c] * n
    fs.mice = tuple(sorted(mice))
    rats_out = sum(g.warriors[s]) - len(mice)
    default = [bk.RAT] * (bk.RATS - rats_out) + [bk.MOUSE] * (bk.MICE - len(mice))
    fs.bag = tuple(spec.get("bag", default))
    fs.shaken = False
    if g.turn_no and g.turn_seat != s:  # BK.2.4: the turn player's for its turn
        bk.shift_mice(g, fs, s, g.turn_seat)
        fs.holder = g.turn_seat


def _host_of_light(g: Game, s: int, spec: Mapping[str, Any]) -> None:
    """HOL: the Firebrands track by suit (the setup's less what is on the map), pillar."""
    from rootlaw.factions import host_of_light as hol

    fs = g.fstate[s]
    assert isinstance(fs, hol.HostState)
    fs.pillar = spec.get("pillar", "charity")
    given = spec.get("track", {})
    track: list[tuple[str, ...]] = []
    for i, suit in enumerate(SUITS):
        if suit in given:
            track.append(tuple(given[suit]))
            continue
        left = list(hol.START_TRACK[i])
        for r in hol.REWARDS:
            for _ in g.piece_clearings(s, hol.kind_of(suit, r)):
                left.remove(r)
        track.append(tuple(left))
    fs.track = tuple(track)


def _wyrm(g: Game, s: int, spec: Mapping[str, Any]) -> None:
    """VW.2.2: the Wyrm's place, a clearing or a forest (index or id)."""
    if "at" in spec:
        g.pawn[s] = _place(g, spec["at"])
        g.pieces_changed()  # the Wyrm counts toward rule (VW.2.2)


def _bot(f: str) -> Callable[[Game, int, Mapping[str, Any]], None]:
    def setter(g: Game, s: int, spec: Mapping[str, Any]) -> None:
        _bot_options(g, f, spec)
    return setter


BOT_OPTIONS = ("difficulty", "traits")
_SPECIAL: dict[str, tuple[str, ...]] = {
    "eyrie": ("leader", "face_up", "decree", "corner"),
    "alliance": (),
    "vagabond": ("character", "items", "relations", "at"),
    "vagabond2": ("character", "items", "relations", "at"),
    "riverfolk": ("funds", "payments", "committed", "prices", "gone", "riverboats",
                  "mercenaries"),
    "duchy": ("swayed",),
    "corvids": ("face_down",),
    "hundreds": ("warlord", "hoard", "mobs"),
    "keepers": ("retinue", "relics", "recovered"),
    "spinners": (),
    "wyrm": ("at",),
    "borough_kings": ("regent", "face_up", "manifest", "mice", "bag"),
    "host_of_light": ("pillar", "track"),
    "mechanical_marquise": BOT_OPTIONS,
    "automated_alliance": BOT_OPTIONS,
    "electric_eyrie": ("decree", "viziers", *BOT_OPTIONS),
    "vagabot": ("at", "track", *BOT_OPTIONS),
}
_SETTERS: dict[str, Callable[[Game, int, Mapping[str, Any]], None]] = {
    "eyrie": _eyrie, "alliance": _alliance, "vagabond": _vagabond, "vagabond2": _vagabond,
    "riverfolk": _riverfolk, "duchy": _duchy, "corvids": _corvids, "hundreds": _hundreds,
    "keepers": _keepers, "electric_eyrie": _electric_eyrie, "vagabot": _vagabot,
    "spinners": _spinners, "wyrm": _wyrm,
    "borough_kings": _borough_kings, "host_of_light": _host_of_light,
    "mechanical_marquise": _bot("mechanical_marquise"),
    "automated_alliance": _bot("automated_alliance"),
}


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
    pending = g.legal_options()  # the pending options (``decision`` is a new object)
    try:
        g.apply(option)
    except IllegalAction as e:
        assert g.to_json() == before, "an illegal option changed the game"
        assert g.legal_options() is pending
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


STOP = pause_step("test.stop", "pause", ("go", "stay"))  # ``stop=True``: ("go",) plays on


# ------------------------------------------------------------- hirelings (Appendix E)
# cards that do nothing while their pieces are off the map and nobody controls them
# (Street Band, Stoic Protector, Bandit Gangs): they fill the three places (A.6) of a
# position that names fewer hirelings
QUIET_HIRELINGS = ("popular_band", "furious_protector", "highway_bandits")


def hireling(g: Game, card: str) -> int:
    """The owner index of a hireling card in play (its pieces' owner)."""
    from rootlaw.core.hire import hireling_by_card

    return hireling_by_card(g, card)


def _hirelings(g: Game, spec: Mapping[str, Mapping[str, Any]],
               markers: Mapping[str, Any]) -> None:
    """``hirelings``: card id -> {"side": "promoted" (default) or "demoted",
    "controller": a faction (default: none, in the supply), "control": markers on the card
    (default 3 when controlled), "warriors": {clearing: n}, "pawn": a clearing or a forest
    (its index or id), "buildings"/"tokens": {clearing: [kinds]}, "on_card": Forest Patrol
    warriors on its card, "items": the Exile's items, "exhausted", "paths": bandits as
    (a, b)}. Fewer than three cards are completed with quiet demoted ones (in the supply,
    nothing on the map). ``hiring_markers``: {"track": [...], "held": {faction: n},
    "pending": {faction: n}}; by default the markers left on the track match the held
    and pending ones (4, 8, 12 in order)."""
    from rootlaw.core.hire import install

    ids = list(spec)
    for card in QUIET_HIRELINGS:
        if len(ids) >= 3:
            break
        if card not in ids:
            ids.append(card)
    demoted = tuple(spec.get(c, {}).get("side", "promoted" if c in spec else "demoted")
                    == "demoted" for c in ids)
    hire = install(g, tuple(ids), demoted)
    n = len(g.factions)
    for k, card in enumerate(ids):
        h = n + k
        s = spec.get(card, {})
        known = {"side", "controller", "control", "warriors", "pawn", "buildings", "tokens",
                 "on_card", "items", "exhausted", "paths"}
        unknown = set(s) - known
        if unknown:
            raise TypeError(f"hireling {card}: unknown keys {sorted(unknown)}")
        if s.get("controller"):
            hire.controller[k] = g.seat_of(s["controller"])
            hire.control[k] = int(s.get("control", 3))
        for c, count in s.get("warriors", {}).items():
            g.warriors[h][c] = count
        if "pawn" in s:
            where = s["pawn"]
            g.pawn[h] = _forest(g, where) if isinstance(where, str) else where  # a clearing
        for c, kinds in s.get("buildings", {}).items():
            for kind in kinds:
                g.place_building(h, kind, c)
        for c, kinds in s.get("tokens", {}).items():
            for kind in kinds:
                g.place_token(h, kind, c)
        hire.on_card[k] = int(s.get("on_card", 0))
        hire.items[k] = tuple(s.get("items", ()))
        hire.exhausted[k] = int(s.get("exhausted", 0))
        hire.paths[k] = tuple(sorted(pair(a, b) for a, b in s.get("paths", ())))
    held = {g.seat_of(f): v for f, v in markers.get("held", {}).items()}
    pending = {g.seat_of(f): v for f, v in markers.get("pending", {}).items()}
    for s_, v in held.items():
        hire.held[s_] = v
    for s_, v in pending.items():
        hire.pending[s_] = v
    out = sum(held.values()) + sum(pending.values())
    hire.track = tuple(markers.get("track", (4, 8, 12)[out:]))
    g.pieces_changed()
