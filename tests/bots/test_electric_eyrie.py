"""Law of Rootbotics, 5: Electric Eyrie (with its difficulty and trait cards, 3.3)."""
from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any

import pytest

import rootlaw
from rootlaw import SetupError
from rootlaw.bots import electric_eyrie as ee
from rootlaw.bots.base import enemy_pieces
from rootlaw.bots.electric_eyrie import ElectricEyrieState, defender, st_of
from rootlaw.core.catalog import item_supply
from rootlaw.core.faction_api import FACTIONS
from rootlaw.core.game import Game
from rootlaw.core.steps import Step
from tests.builder import build, pause_step, pieces, scored

M, EE, A, V = "marquise", "electric_eyrie", "alliance", "vagabond"
VZ = "loyal_vizier"
PAUSE = "test_electric_eyrie.pause"
COLS = ("fox", "mouse", "rabbit", "bird")

pause_step(PAUSE, "pause", ("go", "wait"))


def bot_turn() -> list[Step]:
    """The bot's whole turn, as core.turn.Turn lays it out, then a pause."""
    return [("birdsong_start", EE), ("electric_eyrie.birdsong", EE), ("daylight_start", EE),
            ("electric_eyrie.daylight", EE), ("evening_start", EE),
            ("electric_eyrie.evening", EE), (PAUSE, EE)]


def position(factions: Iterable[str] = (M, EE), *, steps: Iterable[Step] = (),
             decree: dict[str, list[str]] | None = None, viziers: int = 2,
             difficulty: str | None = None, traits: Iterable[str] = (),
             **kw: Any) -> Game:
    """A position where the bot runs ``steps`` then the engine stops (a pause)."""
    todo = list(steps)
    if not todo or todo[-1][0] != PAUSE:
        todo.append((PAUSE, EE))
    state: dict[str, Any] = {"decree": decree or {}, "viziers": viziers}
    if difficulty:
        state["difficulty"] = difficulty
    if traits:
        state["traits"] = list(traits)
    g = build(list(factions), steps=todo, turn=kw.pop("turn", EE),
              phase=kw.pop("phase", "birdsong"), electric_eyrie=state, **kw)
    assert g.stack[-1][0] == PAUSE, "the bot's steps asked for a decision"
    return g


def notes(g: Game, kind: str) -> list[tuple[Any, ...]]:
    return [tuple(e[2:]) for e in g.log if e[0] == kind and e[1] == EE]


def decree(g: Game) -> dict[str, tuple[str, ...]]:
    return dict(zip(COLS, st_of(g, g.seat_of(EE)).decree, strict=True))


# ============================================================ worked example
def example_position(**kw: Any) -> Game:
    """The position of 'Eyrie Example Turn' (Fall map; clearing numbers are priorities).

    Roosts in 8, 3 and 7; Eyrie warriors 8:1, 3:3, 7:1, 11:1. Alliance sympathy in 8 and 4;
    Marquise warriors 8:1, 11:2, 9:2, 12:1. One fox card and the two Loyal Viziers on the
    Decree; Root Tea on top of the deck and no teapot left in the supply."""
    supply = item_supply()
    supply["tea"] = 0
    return position(
        (M, EE, A),
        warriors={EE: {8: 1, 3: 3, 7: 1, 11: 1}, M: {8: 1, 11: 2, 9: 2, 12: 1}},
        buildings={EE: {8: ["roost"], 3: ["roost"], 7: ["roost"]}},
        tokens={A: {8: ["sympathy"], 4: ["sympathy"]}},
        vp={M: 5, EE: 10, A: 7}, decree={"fox": ["anvil"]}, supply=supply,
        deck_top=["root_tea_rabbit"], forced=[["dice", [0, 0]]] * 3, **kw)


def test_example_turn() -> None:
    """The worked example, turn by turn (see the test below for its fox battle)."""
    g = example_position(steps=bot_turn())
    s, a = g.seat_of(EE), g.seat_of(A)
    # Root Tea is the order card; no teapot in the supply, so no craft (5.4.1-5.4.2)
    assert st_of(g, s).order == "root_tea_rabbit" and g.items[s] == []
    assert "craft" not in [e[0] for e in g.log]
    # 5.4.3: into the rabbit column
    assert decree(g) == {"fox": ("anvil",), "mouse": (), "rabbit": ("root_tea_rabbit",),
                         "bird": (VZ, VZ)}
    # recruit: fox 1 in 8, mouse skipped, rabbit 1 in 3, bird 2 in 8 (most enemy pieces)
    assert notes(g, "recruit") == [("fox", 8), ("rabbit", 3), ("bird", 8)]
    # move: fox 8 -> 4 (the only neighbour with no roost), three warriors, one left;
    # rabbit 3 -> 6 (no roost, fewer enemy pieces than 11); bird from 4 (tied with 6,
    # higher priority) to 12 (fewer enemy pieces than 9): one warrior, two left
    assert notes(g, "move") == [("fox", 8, 4, 3), ("rabbit", 3, 6, 3), ("bird", 4, 12, 1)]
    # battles: rabbit in 4 against the Alliance (the only defender); bird in 12 (no roost,
    # no defenseless buildings like 8 and 11, lowest priority) against the Marquise
    battles = notes(g, "battle")
    assert battles[1:] == [("rabbit", 4, A), ("bird", 12, M)]
    # 4's sympathy removed (one VP, Outrage: the Alliance draws a supporter); in 12 the
    # roll is 0-0 but the bird column has the most cards: the extra hit removes the warrior
    assert (a, "sympathy") not in g.tokens[4] and g.warriors[g.seat_of(M)][12] == 0
    # Outrage twice: the move into 4, the removal in 4 (the bot has no hand to give from)
    assert len(g.fstate[a].supporters) == 2  # type: ignore[attr-defined]
    # build: a roost in 4; Evening: four roosts score three
    assert g.buildings_of(s, "roost") == [3, 4, 7, 8]
    assert pieces(g, 4)["warriors"] == {EE: 2}
    assert {c: g.warriors[s][c] for c in g.clearings() if g.warriors[s][c]} == {
        3: 1, 4: 2, 6: 3, 7: 1, 8: 1, 11: 1, 12: 1}
    assert scored(g, EE) == [(EE, 1, "removal"), (EE, 3, "roosts")]


def test_example_fox_battle() -> None:
    """The example's fox battle. Its defender rule holds: in 8 the Marquise and the
    Alliance have no buildings and one piece each; the Alliance has more VP, so it is the
    defender (5.5.1.III d-e). Its clearing does not: after the bird move the Eyrie have a
    warrior beside a Marquise warrior in 12, a fox clearing with no roost, which the first
    tie-breaker (5.5.1.III a) takes over 8. The example calls 8 'the only fox clearing
    where they can battle'; we follow the rule (docs/rootbotics_electric_eyrie.md)."""
    g = example_position()
    assert defender(g, g.seat_of(EE), 8) == g.seat_of(A)
    g = example_position(steps=bot_turn())
    assert notes(g, "battle")[0] == ("fox", 12, M)
    # where 12 cannot be fought in, the fox battle is in 8 against the Alliance, which
    # loses its sympathy (one VP and Outrage, as the example says)
    g = example_position(steps=[("electric_eyrie.battle", EE, 0)])
    assert notes(g, "battle") == [("fox", 8, A)]
    assert not g.tokens[8] and scored(g, EE) == [(EE, 1, "removal")]
    assert len(g.fstate[g.seat_of(A)].supporters) == 1  # type: ignore[attr-defined]


# ================================================================= 2.1-2.3
def test_2_3_worked_example_fall_through() -> None:
    """2.3's own example with the bot's target order (ee.in_order): 'battle in the
    clearing with the most enemy warriors', but the bot has no warriors in the two tied
    for most (2 and 5), so it takes the one with the second most (9), not 10."""
    g = position(warriors={M: {2: 3, 5: 3, 9: 2, 10: 1}, EE: {9: 1, 10: 1}})
    s = g.seat_of(EE)
    order = ee.in_order(g.clearings(), lambda c: g.warriors[0][c])
    assert order[:4] == [2, 5, 9, 10]  # ties by priority (2.1): 2 before 5
    assert next(c for c in order if g.can_fight_in(s, c)) == 9


def test_2_1_highest_priority_breaks_what_the_rules_leave() -> None:
    assert ee.in_order([7, 3, 12, 5]) == [3, 5, 7, 12]
    assert ee.in_order([7, 3, 12, 5], lambda c: c) == [12, 7, 5, 3]  # 'lowest priority'


# =================================================================== 5.2, 5.3
def test_5_2_1_lords_of_the_forest() -> None:
    g = position(warriors={EE: {5: 1, 6: 2}, M: {5: 1, 6: 1}},
                 buildings={M: {6: ["sawmill"]}})
    assert g.ruler(5) == 1 and g.ruler(6) == 1
    g = position(warriors={M: {5: 1}})
    assert g.ruler(9) is None and not g.rules(1, 9)


def new_game(factions: list[str], seed: int = 0, **kw: Any) -> Game:
    """A real setup, stopped at the first human decision."""
    return rootlaw.new_game(factions, seed=seed, **kw)


def test_5_3_setup_opposite_the_keep() -> None:
    """5.3.2-5.3.3: roost and six warriors opposite the keep; two viziers, bird column;
    no hand (2.8.1)."""
    for seed in range(4):
        g = new_game([M, EE], seed)
        while g.phase == "setup":  # the Marquise's setup choices come first (5.1.7)
            g.apply(g.decision.options[-1])
        s = g.seat_of(EE)
        k = next(c for c in g.clearings() if (g.seat_of(M), "keep") in g.tokens[c])
        corner = g.board.opposite[k]
        assert st_of(g, s).corner == corner and (s, "roost") in g.buildings[corner]
        assert st_of(g, s).decree[3][:2] == (VZ, VZ) and g.hands[s] == []
        start = [e for e in g.log if e[0] == "s" or e[:2] == ("order", EE)]
        if not start:  # the bot has not played yet: its six warriors are all there
            assert g.warriors[s][corner] == 6 and sum(g.warriors[s]) == 6


def test_5_3_2_random_corner_without_the_marquise() -> None:
    corners = set()
    for seed in range(12):
        g = new_game([EE, A], seed)
        s = g.seat_of(EE)
        corner = st_of(g, s).corner
        assert corner in g.board.corners and (s, "roost") in g.buildings[corner]
        corners.add(corner)
    assert len(corners) > 1


def test_3_3_1_difficulty_setup() -> None:
    """Easy: one Loyal Vizier; challenging and nightmare: a bird ambush from the deck in
    the bird column too."""
    g = new_game([EE, A], bot_difficulty={EE: "easy"})
    assert st_of(g, g.seat_of(EE)).decree[3] == (VZ,)
    for level in ("challenging", "nightmare"):
        g = new_game([EE, A], bot_difficulty={EE: level})
        s = g.seat_of(EE)
        bird = st_of(g, s).decree[3]
        assert bird[:2] == (VZ, VZ) and "ambush_bird" in bird
        everywhere = g.deck + g.discard + [c for h in g.hands for c in h] + \
            g.fdefs[s].cards_held(g, s)
        assert everywhere.count("ambush_bird") == 2


def test_3_3_1_nightmare_scores_one_more_in_evening() -> None:
    g = position(buildings={EE: {1: ["roost"], 2: ["roost"]}}, difficulty="nightmare",
                 steps=[("electric_eyrie.evening", EE)])
    assert scored(g, EE) == [(EE, 1, "roosts"), (EE, 1, "nightmare")]
    g = position(buildings={EE: {1: ["roost"], 2: ["roost"]}}, difficulty="challenging",
                 steps=[("electric_eyrie.evening", EE)])
    assert scored(g, EE) == [(EE, 1, "roosts")]


def test_3_3_traits_accepted_and_refused() -> None:
    g = new_game([EE, A], bot_traits={EE: list(ee.TRAITS)})
    assert g.setup["bot_traits"][EE] == ["nobility", "relentless", "swoop", "war_tax"]
    with pytest.raises(SetupError, match="no trait"):
        new_game([EE, A], bot_traits={EE: ["blitz"]})
    with pytest.raises(SetupError):
        new_game([EE, "eyrie"])  # 3.2: it replaces the Eyrie Dynasties


# ==================================================================== 5.4
def test_5_4_birdsong_reveal_craft_add() -> None:
    """5.4.1-5.4.3: the order card's item is crafted for one VP, the card joins its column."""
    g = position(warriors={EE: {1: 1}}, buildings={EE: {1: ["roost"]}},
                 deck_top=["protection_racket"], steps=[("electric_eyrie.birdsong", EE)])
    s = g.seat_of(EE)
    assert g.items[s] == ["coins"] and scored(g, EE) == [(EE, 1, "craft")]
    assert decree(g)["fox"] == ("protection_racket",)
    assert g.supply["coins"] == 1


def test_5_4_3_bird_card_to_bird_column() -> None:
    g = position(warriors={EE: {1: 1}}, buildings={EE: {1: ["roost"]}},
                 deck_top=["sappers"], steps=[("electric_eyrie.birdsong", EE)])
    assert decree(g)["bird"] == (VZ, VZ, "sappers") and g.items[1] == []


def test_5_4_4_a_new_roost() -> None:
    """5.4.4: no roost on the map: roost and four warriors in the ordered clearing of
    highest priority where they can be placed (1 is full, 6 is the next fox clearing)."""
    g = position(buildings={M: {1: ["sawmill"]}}, deck_top=["anvil"],
                 steps=[("electric_eyrie.birdsong", EE)])
    s = g.seat_of(EE)
    assert g.buildings_of(s, "roost") == [6] and g.warriors[s][6] == 4


def test_5_4_4_no_place_for_a_new_roost_is_turmoil() -> None:
    fox = {1: ["sawmill"], 6: ["sawmill"], 8: ["sawmill", "sawmill"],
           12: ["sawmill"]}
    g = position(buildings={M: fox}, deck_top=["anvil"], vp={EE: 5},
                 steps=[("electric_eyrie.birdsong", EE), ("electric_eyrie.daylight", EE)])
    s = g.seat_of(EE)
    assert notes(g, "turmoil") == [()] and st_of(g, s).turmoil
    # Anvil crafted (+1), then two bird cards (the viziers) lost
    assert g.vp[s] == 4 and decree(g)["fox"] == () and "anvil" in g.discard


# =============================================================== 5.5.1.I
def recruit(col: int, **kw: Any) -> Game:
    return position(steps=[("electric_eyrie.recruit", EE, col)], **kw)


def test_5_5_1_I_recruit_per_column_cards() -> None:
    g = recruit(3, buildings={EE: {5: ["roost"]}})
    assert g.warriors[1][5] == 2


def test_5_5_1_I_a_most_enemy_pieces() -> None:
    g = recruit(3, buildings={EE: {2: ["roost"], 5: ["roost"]}}, warriors={M: {5: 1}})
    assert g.warriors[1][5] == 2 and g.warriors[1][2] == 0


def test_5_5_1_I_b_fewest_eyrie_warriors() -> None:
    g = recruit(3, buildings={EE: {2: ["roost"], 5: ["roost"]}},
                warriors={EE: {2: 2, 5: 1}})
    assert g.warriors[1][5] == 3


def test_5_5_1_I_c_lowest_priority() -> None:
    g = recruit(3, buildings={EE: {2: ["roost"], 5: ["roost"]}})
    assert g.warriors[1][5] == 2 and g.warriors[1][2] == 0


def test_5_5_1_I_suit_and_empty_column() -> None:
    """The fox column recruits in a fox clearing with a roost only; an empty column
    recruits nothing, and with no such clearing nothing is placed."""
    g = recruit(0, decree={"fox": ["anvil"]}, buildings={EE: {2: ["roost"], 8: ["roost"]}})
    assert g.warriors[1][8] == 1 and g.warriors[1][2] == 0
    g = recruit(1, buildings={EE: {2: ["roost"]}})
    assert g.warriors[1][2] == 0 and notes(g, "recruit") == []
    g = recruit(0, decree={"fox": ["anvil"]}, buildings={EE: {2: ["roost"]}})
    assert sum(g.warriors[1]) == 0 and not st_of(g, 1).turmoil


def test_5_5_1_I_supply_runs_out() -> None:
    """1.5.4: as many as possible; without Nobility that is not turmoil."""
    g = recruit(3, buildings={EE: {5: ["roost"]}}, warriors={EE: {9: 19}})
    assert g.warriors[1][5] == 1 and not st_of(g, 1).turmoil


# ============================================================== 5.5.1.II
def move(col: int, **kw: Any) -> Game:
    return position(steps=[("electric_eyrie.move", EE, col)], **kw)


def test_5_5_1_II_origin_most_warriors_then_priority() -> None:
    g = move(3, warriors={EE: {5: 3, 10: 4}})
    assert notes(g, "move")[0][:2] == ("bird", 10)
    g = move(3, warriors={EE: {5: 4, 10: 4}})
    assert notes(g, "move")[0][:2] == ("bird", 5)


def test_5_5_1_II_origin_must_be_ruled_and_of_the_suit() -> None:
    g = move(0, decree={"fox": ["anvil"]}, warriors={EE: {5: 5, 9: 6, 1: 3}, M: {9: 7}})
    assert notes(g, "move") == [("fox", 1, 10, 2)]


def test_5_5_1_II_leave_enough_to_rule_or_cards() -> None:
    """Leave the higher of 'exactly enough to rule' and the column's cards."""
    g = move(3, warriors={EE: {5: 6}, M: {5: 3}})  # ruling needs 3 (a tie)
    assert notes(g, "move") == [("bird", 5, 2, 3)]
    g = move(3, warriors={EE: {5: 6}})  # ruling needs 1, the bird column has 2
    assert notes(g, "move") == [("bird", 5, 2, 4)]
    g = move(3, warriors={EE: {5: 6}}, buildings={EE: {5: ["roost"]}},
             decree={"bird": ["sappers", "armorers"]})  # 4 cards
    assert notes(g, "move") == [("bird", 5, 2, 2)]


def test_5_5_1_II_origin_where_no_warrior_would_move_is_passed_over() -> None:
    """2.3: the clearing with the most warriors cannot move any (all must stay to rule);
    the next one moves."""
    g = move(3, warriors={EE: {5: 4, 10: 3}, M: {5: 4}})
    assert notes(g, "move") == [("bird", 10, 12, 1)]


def test_5_5_1_II_destination_no_roost_first() -> None:
    g = move(3, warriors={EE: {5: 5}}, buildings={EE: {2: ["roost"]}})
    assert notes(g, "move") == [("bird", 5, 1, 3)]


def test_5_5_1_II_destination_roost_when_all_have_one() -> None:
    g = move(3, warriors={EE: {5: 5}, M: {2: 1}},
             buildings={EE: {1: ["roost"], 2: ["roost"]}})
    assert notes(g, "move") == [("bird", 5, 1, 3)]


def test_5_5_1_II_a_fewest_enemy_pieces() -> None:
    g = move(3, warriors={EE: {5: 5}, M: {2: 1}})
    assert notes(g, "move") == [("bird", 5, 1, 3)]


def test_5_5_1_II_b_lowest_priority() -> None:
    g = move(3, warriors={EE: {5: 5}, M: {2: 1, 1: 1}})
    assert notes(g, "move") == [("bird", 5, 2, 3)]


# ============================================================= 5.5.1.III
def battle(col: int, **kw: Any) -> Game:
    kw.setdefault("forced", [["dice", [0, 0]]])
    return position(steps=[("electric_eyrie.battle", EE, col)], **kw)


def test_5_5_1_III_a_no_roost() -> None:
    g = battle(3, warriors={EE: {5: 2, 10: 2}, M: {5: 1, 10: 1}},
               buildings={EE: {10: ["roost"]}})
    assert notes(g, "battle") == [("bird", 5, M)]


def test_5_5_1_III_b_most_defenseless_buildings() -> None:
    g = battle(3, warriors={EE: {5: 2, 2: 2, 6: 1}, M: {2: 1, 5: 1, 6: 1}},
               buildings={M: {5: ["sawmill"]}, A: {2: ["base_mouse"]}}, factions=(M, EE, A))
    assert notes(g, "battle") == [("bird", 2, A)]


def test_5_5_1_III_c_lowest_priority() -> None:
    g = battle(3, warriors={EE: {5: 2, 2: 2}, M: {5: 1, 2: 1}})
    assert notes(g, "battle") == [("bird", 5, M)]


def test_5_5_1_III_legality_falls_through() -> None:
    """2.3: a clearing with no Eyrie warrior, or with no enemy piece, is passed over."""
    g = battle(3, warriors={EE: {5: 2, 2: 2, 12: 1}, M: {11: 3, 2: 1}})
    assert notes(g, "battle") == [("bird", 2, M)]
    g = battle(0, decree={"fox": ["anvil"]}, warriors={EE: {5: 2}, M: {5: 1}})
    assert notes(g, "battle") == []


def test_5_5_1_III_defender_most_buildings_even_zero() -> None:
    g = battle(3, factions=(M, EE, A), warriors={EE: {5: 2}, M: {5: 3}},
               buildings={A: {5: ["base_rabbit"]}})
    assert notes(g, "battle") == [("bird", 5, A)]


def test_5_5_1_III_d_most_pieces() -> None:
    g = battle(3, factions=(M, EE, A), warriors={EE: {5: 2}, M: {5: 2}},
               tokens={A: {5: ["sympathy"]}})
    assert notes(g, "battle") == [("bird", 5, M)]


def test_5_5_1_III_e_most_vp_then_faction_priority() -> None:
    kw: dict[str, Any] = dict(factions=(M, EE, A), warriors={EE: {5: 2}, M: {5: 1}},
                              tokens={A: {5: ["sympathy"]}})
    assert notes(battle(3, vp={A: 3}, **kw), "battle") == [("bird", 5, A)]
    assert notes(battle(3, **kw), "battle") == [("bird", 5, M)]  # 2.2: Marquise first


def test_5_5_1_III_extra_hit_only_for_strictly_most_cards() -> None:
    kw: dict[str, Any] = dict(warriors={EE: {5: 2}, M: {5: 2}})
    g = battle(3, **kw)  # bird 2, others 0: an extra hit
    assert g.warriors[0][5] == 1
    g = battle(3, decree={"rabbit": ["bake_sale", "a_visit_to_friends"]}, **kw)  # tie
    assert g.warriors[0][5] == 2
    assert st_of(g, 1).extra == 0


def test_5_5_1_III_defenseless_defender_takes_an_extra_hit_too() -> None:
    g = battle(3, warriors={EE: {5: 1}}, buildings={M: {5: ["sawmill", "sawmill"]}})
    assert len(g.buildings[5]) == 0 and scored(g, EE) == [(EE, 2, "removal")]


def test_5_5_1_order_recruit_then_move_then_battle() -> None:
    """5.5.1: all recruits, then all moves, then all battles, columns left to right."""
    g = position(steps=[("electric_eyrie.daylight", EE)], decree={"fox": ["anvil"]},
                 warriors={EE: {1: 2}, M: {1: 1}}, buildings={EE: {1: ["roost"]}},
                 forced=[["dice", [0, 0]]] * 2)
    kinds = [e[0] for e in g.log if e[0] in ("recruit", "move", "battle")]
    assert kinds == ["recruit", "recruit", "move", "move", "battle", "battle"]
    assert notes(g, "recruit") == [("fox", 1), ("bird", 1)]
    assert notes(g, "move") == [("fox", 1, 10, 4), ("bird", 10, 12, 2)]
    assert notes(g, "battle") == [("fox", 1, M), ("bird", 1, M)]
    assert g.warriors[0][1] == 0  # the bird battle's extra hit


# =================================================================== 5.5.2
def test_5_5_2_build_highest_priority_ruled_clearing() -> None:
    g = position(steps=[("electric_eyrie.build", EE)], warriors={EE: {5: 1, 9: 1, 2: 1}},
                 buildings={EE: {2: ["roost"]}})
    assert g.buildings_of(1, "roost") == [2, 5]


def test_5_5_2_full_clearing_is_skipped() -> None:
    g = position(steps=[("electric_eyrie.build", EE)], warriors={EE: {1: 1, 5: 1}},
                 buildings={M: {1: ["sawmill"]}, EE: {}}, )
    assert g.buildings_of(1, "roost") == [5]


def test_5_5_2_cannot_build_is_turmoil() -> None:
    """5.7: lose a VP per bird card (viziers too), discard the rest of the Decree, and
    skip the rest of Daylight (Swoop, after the build, does nothing)."""
    g = position(steps=[("electric_eyrie.build", EE), ("electric_eyrie.swoop", EE)],
                 warriors={EE: {5: 1}}, buildings={EE: {5: ["roost"]}}, vp={EE: 6},
                 decree={"fox": ["anvil"], "bird": ["sappers"]}, traits=["swoop"])
    s = g.seat_of(EE)
    assert g.vp[s] == 3 and decree(g) == {"fox": (), "mouse": (), "rabbit": (),
                                          "bird": (VZ, VZ)}
    assert sorted(g.discard) == ["anvil", "sappers"] and sum(g.warriors[s]) == 1


def test_5_5_2_all_roosts_on_the_map_is_turmoil() -> None:
    roosts = {c: ["roost"] for c in (1, 2, 3, 4, 5, 6, 7)}
    g = position(steps=[("electric_eyrie.build", EE)], buildings={EE: roosts},
                 warriors={EE: {9: 1}}, vp={EE: 2})
    assert st_of(g, 1).turmoil and g.vp[1] == 0


# =================================================================== 5.6, 5.7
@pytest.mark.parametrize("roosts,vp", [(1, 0), (2, 1), (3, 2), (4, 3), (5, 4), (6, 5), (7, 6)])
def test_5_6_evening_roosts_track(roosts: int, vp: int) -> None:
    """5.6: the bot's own Roosts track, 0 to 6 (not the Eyrie Dynasties' 0-1-2-3-4-4-5)."""
    g = position(steps=[("electric_eyrie.evening", EE)],
                 buildings={EE: {c: ["roost"] for c in range(1, roosts + 1)}})
    assert g.vp[1] == vp


def test_5_7_turmoil_skips_the_rest_of_daylight() -> None:
    g = position(steps=[("electric_eyrie.birdsong", EE), ("electric_eyrie.daylight", EE)],
                 buildings={M: {1: ["sawmill"], 6: ["sawmill"], 8: ["sawmill", "sawmill"],
                                12: ["sawmill"]}},
                 deck_top=["anvil"], decree={"bird": ["sappers"]})
    s = g.seat_of(EE)
    assert st_of(g, s).turmoil and notes(g, "recruit") == [] and sum(g.warriors[s]) == 0


def test_5_7_turmoil_discards_the_challenging_bird_ambush() -> None:
    g = position(steps=[("electric_eyrie.build", EE)], vp={EE: 9},
                 decree={"bird": ["ambush_bird"]})
    assert g.vp[1] == 6 and g.discard == ["ambush_bird"]


# ================================================================= traits
def test_trait_nobility_scores_turmoil_and_recruit_failure() -> None:
    """Nobility: unable to place a warrior is turmoil too; turmoil scores a VP per bird
    card instead of losing one."""
    g = recruit(3, buildings={EE: {5: ["roost"]}}, warriors={EE: {9: 19}},
                traits=["nobility"], vp={EE: 4})
    s = g.seat_of(EE)
    assert g.warriors[s][5] == 1 and st_of(g, s).turmoil and g.vp[s] == 6
    g = recruit(0, decree={"fox": ["anvil"]}, buildings={EE: {2: ["roost"]}},
                traits=["nobility"])
    assert st_of(g, 1).turmoil and g.vp[1] == 2
    g = position(steps=[("electric_eyrie.build", EE)], traits=["nobility"], vp={EE: 1})
    assert g.vp[1] == 3


def test_trait_nobility_new_roost_warriors() -> None:
    g = position(warriors={EE: {9: 18}}, deck_top=["anvil"], traits=["nobility"],
                 steps=[("electric_eyrie.birdsong", EE)])
    s = g.seat_of(EE)
    assert g.buildings_of(s, "roost") == [1] and g.warriors[s][1] == 2
    assert st_of(g, s).turmoil


def test_trait_relentless() -> None:
    """After the Decree, defenseless enemy buildings and tokens where the bot has warriors
    are removed and scored; not where their owner has warriors or the bot has none."""
    g = position((M, EE, A), steps=[("electric_eyrie.relentless", EE)],
                 traits=["relentless"], warriors={EE: {5: 1, 2: 1}, M: {2: 1}},
                 buildings={M: {5: ["sawmill"], 2: ["workshop"], 9: ["recruiter"]}},
                 tokens={M: {5: ["wood"]}, A: {2: ["sympathy"]}})
    assert g.buildings[5] == () and g.tokens[5] == ()
    assert g.buildings[2] == ((0, "workshop"),) and g.tokens[2] == ()
    assert g.buildings[9] == ((0, "recruiter"),)
    assert scored(g, EE) == [(EE, 1, "removal"), (EE, 2, "removal")]
    assert len(g.fstate[2].supporters) == 1  # type: ignore[attr-defined]  # Outrage


def test_trait_relentless_runs_after_the_decree_only_with_the_trait() -> None:
    kw: dict[str, Any] = dict(warriors={EE: {5: 1}}, buildings={M: {5: ["sawmill"]}},
                              viziers=0, steps=[("electric_eyrie.daylight", EE)])
    g = position(**kw)
    assert g.buildings_of(0, "sawmill") == [5] and notes(g, "relentless") == []
    g = position(traits=["relentless"], **kw)
    assert g.buildings_of(0, "sawmill") == [] and notes(g, "relentless") == [(5,)]
    assert g.buildings_of(1, "roost") == [5]  # then the build


def test_trait_swoop() -> None:
    g = position(steps=[("electric_eyrie.swoop", EE)], traits=["swoop"],
                 warriors={EE: {1: 1}, M: {2: 3}}, buildings={EE: {3: ["roost"]}})
    assert g.warriors[1][2] == 2
    g = position(steps=[("electric_eyrie.daylight", EE)], warriors={EE: {1: 1}})
    assert g.warriors[1][2] == 0  # not without the trait


def test_trait_war_tax() -> None:
    """The owner of each enemy building or token the bot removes loses a VP: in battle
    (as attacker or defender) and by Relentless."""
    g = battle(3, traits=["war_tax"], warriors={EE: {5: 1}}, vp={M: 5},
               buildings={M: {5: ["sawmill"]}})
    assert g.vp[0] == 4 and g.vp[1] == 1
    g = position(steps=[("electric_eyrie.relentless", EE)], traits=["war_tax", "relentless"],
                 warriors={EE: {5: 1}}, buildings={M: {5: ["sawmill"]}},
                 tokens={M: {5: ["wood"]}}, vp={M: 3})
    assert g.vp[0] == 1 and g.vp[1] == 2
    g = battle(3, warriors={EE: {5: 1}}, vp={M: 5}, buildings={M: {5: ["sawmill"]}})
    assert g.vp[0] == 5  # not without the trait


# ================================================== state, copies, cooperative
def test_state_round_trip_and_copy() -> None:
    g = position(decree={"fox": ["anvil"]}, buildings={EE: {1: ["roost"]}})
    fs = st_of(g, 1)
    again = ElectricEyrieState.from_json(fs.to_json())
    assert again.to_json() == fs.to_json()
    h = g.copy()
    st_of(h, 1).decree = ((), (), (), ())
    assert st_of(g, 1).decree[0] == ("anvil",)
    assert Game.from_json(g.to_json()).to_json() == g.to_json()


def test_cooperative_ignores_other_bots() -> None:
    bots = [f for f, fd in FACTIONS.items() if fd.is_bot and f != EE and fd.replaces != "eyrie"]
    if not bots:
        pytest.skip("no other bot registered")
    other = bots[0]
    g = position((M, EE, other), warriors={EE: {5: 2}, M: {5: 1}, other: {5: 1}})
    g.setup["cooperative"] = True
    s = g.seat_of(EE)
    assert ee.targets(g, s) == [g.seat_of(M)]
    assert enemy_pieces(g, s, 5) == 1


# ============================================================ random games
def play_out(g: Game, seed: int, limit: int = 6000) -> Game:
    rng = random.Random(seed)
    n = 0
    while not g.is_over and n < limit:
        opts = g.decision.options
        g.apply(opts[rng.randrange(len(opts))])
        n += 1
    return g


def check_cards(g: Game) -> None:
    from collections import Counter

    where: Counter[str] = Counter(g.deck + g.discard + g.available)
    for s in range(len(g.factions)):
        where.update(g.hands[s] + g.played[s] + g.fdefs[s].cards_held(g, s))
        if g.dominance[s]:
            where[g.dominance[s]] += 1
    if g.battle is not None and g.battle.ambush:
        where[g.battle.ambush] += 1
    full = Counter(g.deckdef.contents)
    assert all(where[c] <= full[c] for c in where), "a card appeared twice"


HUMAN_MIXES = [[EE, M], [EE, A], [EE, V], [EE, M, A], [EE, M, V], [EE, A, V],
               [EE, M, A, V], [EE, V, "vagabond2"], [EE, M, A, V]]


def test_random_games_against_humans() -> None:
    levels = ("easy", "default", "challenging", "nightmare")
    for seed in range(100):
        mix = HUMAN_MIXES[seed % len(HUMAN_MIXES)]
        traits = [t for i, t in enumerate(ee.TRAITS) if seed >> i & 1]
        g = rootlaw.new_game(mix, seed=seed, bot_difficulty={EE: levels[seed % 4]},
                             bot_traits={EE: traits})
        play_out(g, seed)
        check_cards(g)
        assert g.turn_no > 0
        if seed % 10 == 0:
            assert Game.from_json(g.to_json()).to_json() == g.to_json()
            r = Game.replay(g.setup, g.log)
            assert r.vp == g.vp and r.warriors == g.warriors


def test_random_games_with_other_bots() -> None:
    bots = [f for f, fd in FACTIONS.items()
            if fd.is_bot and f != EE and fd.replaces != "eyrie"]
    humans = [M, A, V]
    for seed in range(50):
        rng = random.Random(seed)
        others = rng.sample(bots, k=min(len(bots), rng.randint(1, 2))) if bots else []
        taken = {FACTIONS[b].replaces for b in others}
        free = [h for h in humans if h not in taken]
        mix = [EE, *others, rng.choice(free)]
        coop = seed % 3 == 0
        g = rootlaw.new_game(mix, seed=seed, cooperative=coop,
                             bot_traits={EE: [t for t in ee.TRAITS if rng.random() < 0.5]})
        play_out(g, seed)
        check_cards(g)
        assert g.turn_no > 0
