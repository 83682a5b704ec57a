"""Law of Rootbotics, 4: Mechanical Marquise 2.0 (and the rules of 1-3 it relies on).

Fall map: clearing suits 1 fox, 2 mouse, 3 rabbit, 4 rabbit, 5 rabbit, 6 fox, 7 mouse,
8 fox, 9 mouse, 10 rabbit, 11 mouse, 12 fox; slots 1:1, 2:2, 3:1, 4:1, 5:2, 6:2, 7:2,
8:2, 9:2, 10:2, 11:3, 12:2, ruins in 6, 10, 11, 12. Paths: 1-5, 1-9, 1-10, 2-5, 2-6,
2-10, 3-6, 3-7, 3-11, 4-8, 4-9, 4-12, 6-11, 7-8, 7-12, 9-12, 10-12, 11-12. The clearing
numbers are the Rootbotics priority markers (2.1: 1 highest).
"""
from __future__ import annotations

import random
import signal
from collections import Counter
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest

import rootlaw
from rootlaw.bots.mechanical_marquise import (
    MechanicalMarquiseState,
    P,
    build_kind,
    build_site,
    defender,
    destination,
    evening_score,
    first_legal,
    recruit_plan,
)
from rootlaw.core.catalog import item_supply
from rootlaw.core.faction_api import FACTIONS
from rootlaw.core.game import Game
from rootlaw.core.steps import Step
from tests.builder import build, pause_step, scored
from tests.test_invariants import check_save_load, check_scores, expected_items, item_locations

ME, M, E, A, V, V2 = ("mechanical_marquise", "marquise", "eyrie", "alliance", "vagabond",
                      "vagabond2")
PARK = "test.mechanical_marquise_park"


pause_step(PARK, "park")


# ----------------------------------------------------------------- helpers
def parked(factions: Iterable[str] = (ME, E), *, order: str | None = None,
           level: str | None = None, traits: Iterable[str] = (), **kw: Any) -> Game:
    """A built game paused at the bot's turn, with ``order`` as its order card."""
    state: dict[str, Any] = {"order": order, "traits": list(traits)}
    if level is not None:
        state["difficulty"] = level
    g = build(list(factions), steps=[(PARK, ME)], turn=ME, mechanical_marquise=state, **kw)
    assert g.stack[-1][0] == PARK
    return g


def run(g: Game, *steps: Step) -> Game:
    """Run the bot's steps (faction ids allowed for seats) after the pause, then pause."""
    s = g.seat_of(ME)
    todo = [(st[0], g.seat_of(st[1]) if isinstance(st[1], str) else st[1], *st[2:])
            for st in steps]
    g.stack[-1:-1] = [(PARK, s), *reversed(todo)]
    g.apply(("done",))
    return g


def turn_steps(g: Game) -> list[Step]:
    """The bot's whole turn (1.4.1), as Turn schedules it, without the next turn."""
    s = g.seat_of(ME)
    fd = g.fdefs[s]
    return [("birdsong_start", s), *fd.phase_steps(g, s, "birdsong"),
            ("daylight_start", s), *fd.phase_steps(g, s, "daylight"),
            ("evening_start", s), *fd.phase_steps(g, s, "evening")]


def whole_turn(g: Game) -> Game:
    return run(g, *turn_steps(g))


def fs(g: Game) -> MechanicalMarquiseState:
    st = g.fstate[g.seat_of(ME)]
    assert isinstance(st, MechanicalMarquiseState)
    return st


def me(g: Game) -> int:
    return g.seat_of(ME)


def warriors(g: Game, who: str = ME) -> dict[int, int]:
    s = g.seat_of(who)
    return {c: g.warriors[s][c] for c in g.clearings() if g.warriors[s][c]}


def mine(g: Game, kind: str) -> list[int]:
    return g.buildings_of(me(g), kind)


def my_scores(g: Game) -> list[tuple[int, str]]:
    return [(e[1], e[2]) for e in scored(g, ME)]


def notes(g: Game, kind: str) -> list[tuple[Any, ...]]:
    return [tuple(e[1:]) for e in g.log if e[0] == kind]


def battles(g: Game) -> list[tuple[int, str]]:
    """The bot's battles, in order: (clearing, defender)."""
    return [(e[1], e[2]) for e in notes(g, "bot_battle")]


# ===================================================== worked example (section 4)
def example(keep_extra: bool) -> Game:
    """The first turn of the game: keep in corner 1 (4.3.2), a warrior everywhere but
    the opposite corner 3 (4.3.3), starting buildings in 1 (filling its one slot), 5
    and 9 (4.3.4); a human Eyrie in corner 3. The example's count of two warriors in 1
    after recruiting leaves out 4.3.3's extra warrior at the keep; ``keep_extra`` puts
    it in (the outcome is the same)."""
    w = {c: 1 for c in range(1, 13) if c != 3}
    if keep_extra:
        w[1] = 2
    return build([ME, E], warriors={ME: w, E: {3: 6}},
                 buildings={ME: {1: ["sawmill"], 5: ["workshop"], 9: ["recruiter"]},
                            E: {3: ["roost"]}},
                 tokens={ME: {1: ["keep"]}}, corner=3, deck_top=["root_tea_fox"],
                 steps=[(PARK, ME)], turn=ME)


@pytest.mark.parametrize("keep_extra", [False, True])
def test_worked_example_turn(keep_extra: bool) -> None:
    g = example(keep_extra)
    tea = g.supply["tea"]
    whole_turn(g)
    # Birdsong: Root Tea is the order card; the bot crafts it without workshops and
    # scores one VP, not the two it lists (4.4.2; 1.1.1, 1.1.2)
    assert notes(g, "order") == [(ME, "root_tea_fox")]
    assert notes(g, "craft") == [(ME, "root_tea_fox")]
    assert g.items[me(g)] == ["tea"] and g.supply["tea"] == tea - 1
    # Daylight: no fox clearing has enemy pieces, so no battle (4.5.1)
    assert battles(g) == [] and not [e for e in g.log if e[0] in "rf" and e[1] == "dice"]
    # Recruit: one warrior in each of the four fox clearings it rules (4.5.2)
    expected = {c: 1 for c in range(1, 13) if c != 3}
    for c in (1, 6, 8, 12):
        expected[c] += 1
    if keep_extra:
        expected[1] += 1
    assert warriors(g) == expected
    # Build: 1, 12, 8 and 6 have the most warriors (1 even more with 4.3.3's extra);
    # 1's one slot is full, so the next of highest priority, 6, gets a sawmill (4.5.3,
    # 2.3, 2.1): the fox order card sets the type
    assert mine(g, "sawmill") == [1, 6]
    assert mine(g, "workshop") == [5] and mine(g, "recruiter") == [9]
    # Move: no clearing has more than three warriors (4.5.4); Expand: it built (4.5.5)
    assert not notes(g, "expand_stopped") and len(notes(g, "order")) == 1
    # Evening: the fox order scores the sawmill track: one VP (4.6.1); discard (4.6.2)
    assert my_scores(g) == [(1, "craft"), (1, "buildings_track")]
    assert g.vp[me(g)] == 2
    assert fs(g).order is None and g.discard[-1] == "root_tea_fox"


# ======================================================== 4.2 and 4.3: setup
def test_4_3_setup_forced() -> None:
    g = build([ME, E], steps=[(P + "setup", ME), (PARK, ME)], turn=ME,
              forced=[["keep_corner", 0], ["starting_building", 0],
                      ["starting_building", 1], ["starting_building", 1]])
    s = me(g)
    assert (s, "keep") in g.tokens[1]  # 4.3.2
    # 4.3.3: a warrior everywhere but the opposite corner (3); an extra one at the keep
    assert warriors(g) == {c: 2 if c == 1 else 1 for c in range(1, 13) if c != 3}
    assert g.warrior_supply(s) == 25 - 12  # 4.3.1
    # 4.3.4: keep clearing 1 and its neighbours 5, 9, 10, one building each
    assert (mine(g, "sawmill"), mine(g, "workshop"), mine(g, "recruiter")) == ([1], [9], [10])


@pytest.mark.parametrize("board", ["fall", "winter", "lake", "mountain"])
def test_4_3_setup_random(board: str) -> None:
    for seed in range(8):
        g = rootlaw.new_game([ME, E], map=board, seed=seed)
        s = g.seat_of(ME)
        keep = [c for c in g.clearings() if (s, "keep") in g.tokens[c]]
        assert len(keep) == 1 and keep[0] in g.board.corners
        k = keep[0]
        far = g.board.opposite[k]
        for c in g.clearings():
            assert g.warriors[s][c] == (0 if c == far else 2 if c == k else 1)
        sites = [c for kind in ("sawmill", "workshop", "recruiter")
                 for c in g.buildings_of(s, kind)]
        assert len(sites) == 3 and len(set(sites)) == 3  # up to one per clearing
        assert set(sites) <= {k, *g.board.adj[k]}
        assert not g.hands[s]  # bots draw no cards (3.4)


def test_4_2_1_the_keep() -> None:
    g = parked(warriors={ME: {1: 1}}, tokens={ME: {1: ["keep"]}})
    assert not g.may_place(g.seat_of(E), 1) and g.may_place(me(g), 1)
    g.take_piece(1, (me(g), "keep"))  # removed: gone for good
    assert g.may_place(g.seat_of(E), 1)


def test_faction_registration() -> None:
    fd = FACTIONS[ME]
    assert fd.is_bot and not fd.has_hand and fd.replaces == M and fd.warriors == 25
    g0 = parked(warriors={ME: {1: 1}}, vp={ME: 12})
    assert not fd.can_activate_dominance(g0, me(g0))  # 1.3
    with pytest.raises(rootlaw.SetupError):
        rootlaw.new_game([ME, M])  # 3.2: a bot replaces its faction
    with pytest.raises(rootlaw.SetupError):
        rootlaw.new_game([ME, E], bot_traits={ME: ["no_such_trait"]})
    g = rootlaw.new_game([ME, E], bot_difficulty={ME: "nightmare"},
                         bot_traits={ME: ["blitz", "fortified", "hospitals", "iron_will"]})
    assert g.view(E)["players"][ME]["faction"]["traits"] == [
        "blitz", "fortified", "hospitals", "iron_will"]


# ============================================================ 4.4 Birdsong
def test_4_4_reveal_and_craft() -> None:
    g = parked(deck_top=["anvil"], warriors={ME: {1: 1}})
    whole_turn(g)
    assert notes(g, "order")[0] == (ME, "anvil")
    assert g.items[me(g)] == ["hammer"] and my_scores(g)[0] == (1, "craft")  # 1.1.2


def test_4_4_2_unavailable_item_not_crafted() -> None:
    g = parked(deck_top=["anvil"], warriors={ME: {1: 1}}, supply=dict(item_supply(), hammer=0))
    whole_turn(g)
    assert not notes(g, "craft") and not g.items[me(g)]


def test_1_1_3_no_persistent_cards() -> None:
    g = parked(deck_top=["armorers"], warriors={ME: {1: 1}})
    whole_turn(g)
    assert not notes(g, "craft") and not g.played[me(g)] and "armorers" in g.discard


# ======================================================= 4.5.1 Battle
def test_4_5_1_battles_in_ordered_clearings_by_priority() -> None:
    g = parked([ME, E, A], order="anvil",
               warriors={ME: {1: 3, 8: 2, 12: 2}, E: {1: 1, 6: 2, 8: 2, 12: 1}, A: {8: 1}},
               tokens={A: {8: ["sympathy"]}}, vp={E: 1, A: 4},
               hands={E: ["ambush_fox", "ambush_bird"]},
               forced=[["dice", [0, 0]]] * 3)
    run(g, (P + "battles", ME, (1, 6, 8, 12)))
    # 6: no Marquise warriors, no battle (2.3); 8: Eyrie and Alliance tie on pieces,
    # the Alliance has more VP (4.5.1.1); highest priority first (2.4)
    assert battles(g) == [(1, E), (8, A), (12, E)]
    # 2.8.2 Hates Surprises: the Eyrie could not ambush
    assert g.hands[g.seat_of(E)] == ["ambush_fox", "ambush_bird"]


def test_4_5_1_defender_tie_breakers() -> None:
    g = parked([ME, E, A, V], warriors={ME: {1: 1, 5: 1, 9: 1, 10: 1},
                                        E: {1: 2, 5: 1, 9: 1, 10: 1}, A: {1: 1, 5: 1, 9: 1}},
               tokens={A: {1: ["sympathy"], 9: ["sympathy"]}},
               buildings={E: {5: ["roost"]}}, vp={E: 3, A: 3, V: 9})
    s = me(g)
    assert defender(g, s, 1) == g.seat_of(E)  # 2 warriors vs 2 pieces: VP tie: 2.2
    assert defender(g, s, 5) == g.seat_of(E)  # most pieces (warrior and roost)
    g.vp[g.seat_of(A)] = 5
    assert defender(g, s, 1) == g.seat_of(A)  # 4.5.1.1 most victory points
    g.pawn[g.seat_of(V)] = 10
    g.warriors[g.seat_of(E)][10] = 0
    g.pieces_changed()
    assert defender(g, s, 10) == g.seat_of(V)  # a pawn is a piece
    assert defender(g, s, 2) is None  # no Marquise warriors: cannot battle (2.3)


def test_2_3_target_legality_example() -> None:
    """2.3's example: prompted to battle in the clearing with the most enemy warriors,
    the bot tries another clearing tied for most, then the second most, and so on."""
    g = parked(warriors={ME: {11: 1, 4: 1}, E: {7: 5, 11: 5, 12: 4, 4: 3}})
    s, e = me(g), g.seat_of(E)

    def can_battle(c: int) -> bool:
        return defender(g, s, c) is not None

    def most_enemy_warriors(c: int) -> int:
        return g.warriors[e][c]

    # 7 and 11 tie for most; no Marquise warriors in 7 (the higher priority): 11
    assert first_legal(g.clearings(), can_battle, most_enemy_warriors, lambda c: -c) == 11
    g.warriors[s][11] = 0
    g.pieces_changed()
    # neither tied clearing: the second most (12) has no Marquise warriors; then 4
    assert first_legal(g.clearings(), can_battle, most_enemy_warriors, lambda c: -c) == 4
    g.warriors[s][4] = 0
    g.pieces_changed()
    assert first_legal(g.clearings(), can_battle, most_enemy_warriors, lambda c: -c) is None


def test_4_7_1_battle_with_hits_and_removal_scoring() -> None:
    g = parked(order="armorers", warriors={ME: {7: 3}, E: {7: 1}},
               buildings={E: {7: ["roost"]}}, forced=[["dice", [3, 0]]])
    run(g, (P + "battles", ME, tuple(range(1, 13))))
    assert battles(g) == [(7, E)]
    assert g.buildings[7] == () and (1, "removal") in my_scores(g)  # 3.2.1


# ======================================================= 4.5.2 Recruit
def test_4_5_2_recruit_distribution() -> None:
    # the bot rules rabbit clearings 4, 5 and 10 (not 3): the fourth warrior goes to
    # the one of highest priority
    g = parked(warriors={ME: {4: 1, 5: 1, 10: 1}, E: {3: 1}})
    assert recruit_plan(g, me(g), "rabbit") == [(4, 2), (5, 1), (10, 1)]
    g.warriors[me(g)][3] = 2
    g.pieces_changed()
    assert recruit_plan(g, me(g), "rabbit") == [(3, 1), (4, 1), (5, 1), (10, 1)]
    assert recruit_plan(g, me(g), "fox") == []  # rules no fox clearing
    g = parked(warriors={ME: {5: 1, 10: 1, 1: 1}})
    assert recruit_plan(g, me(g), "rabbit") == [(5, 2), (10, 2)]
    assert recruit_plan(g, me(g), "fox") == [(1, 4)]


def test_4_5_2_recruit_short_supply_highest_priority_first() -> None:
    everywhere = {c: 2 for c in range(1, 13)}
    everywhere[12] = 1  # 23 on the map: two in supply
    g = parked(order="bake_sale", warriors={ME: everywhere})
    run(g, (P + "recruit", ME))
    # one each in 3, 4, 5 and 10, highest priority first: only 3 and 4 get one (1.5.4)
    assert [g.warriors[me(g)][c] for c in (3, 4, 5, 10)] == [3, 3, 2, 2]
    assert g.warrior_supply(me(g)) == 0


def test_4_5_2_recruit_runs_in_daylight() -> None:
    g = parked(order="bake_sale", warriors={ME: {5: 1, 10: 1}, E: {4: 1}})
    run(g, (P + "recruit", ME))
    assert warriors(g) == {5: 3, 10: 3}


# ========================================================= 4.5.3 Build
def test_4_5_3_build_type_and_site() -> None:
    g = parked(warriors={ME: {2: 3, 7: 3, 9: 2, 1: 5}, E: {1: 6}},
               buildings={ME: {2: ["sawmill", "workshop"]}})
    s = me(g)
    assert [build_kind(g, s, x) for x in ("fox", "rabbit", "mouse")] == [
        "sawmill", "workshop", "recruiter"]
    # 1 is not ruled; 2 and 7 tie on warriors but 2 is full: 7 (2.3)
    assert build_site(g, s) == 7
    g.warriors[s][9] = 4
    g.pieces_changed()
    assert build_site(g, s) == 9  # the most Marquise warriors


def test_4_5_3_build_places_ordered_type_and_no_vp() -> None:
    g = parked(order="bake_sale", warriors={ME: {2: 3, 7: 3}})
    run(g, (P + "build", ME))
    assert mine(g, "workshop") == [2] and my_scores(g) == []  # 4.6.1: no VP for building
    assert fs(g).built


def test_4_5_3_no_building_of_that_type_left() -> None:
    g = parked(order="anvil", warriors={ME: {c: 1 for c in (2, 5, 7, 8, 9, 11)}},
               buildings={ME: {2: ["sawmill"], 5: ["sawmill", "sawmill"], 7: ["sawmill"],
                               8: ["sawmill"], 9: ["sawmill"]}})
    run(g, (P + "build", ME))
    assert len(mine(g, "sawmill")) == 6 and not fs(g).built


# ========================================================== 4.5.4 Move
def test_4_5_4_move_all_but_three_to_most_enemy_pieces() -> None:
    # fox order; 12 has seven warriors; neighbours 4, 7, 9, 10, 11: 7 and 9 tie on
    # enemy pieces, 7 has the higher priority (2.1)
    g = parked([ME, E, A], order="anvil", warriors={ME: {12: 7, 1: 5}, E: {7: 1, 9: 1, 5: 2}},
               buildings={E: {7: ["roost"], 9: ["roost"]}}, tokens={A: {10: ["sympathy"]}})
    run(g, (P + "moves", ME, (1, 6, 8, 12), ()))
    # origins by priority (2.4). 1: five warriors, two move; 5 and 9 have two enemy
    # pieces each (10 one): 5, of higher priority. 12: seven, four move to 7
    assert warriors(g) == {1: 3, 5: 2, 12: 3, 7: 4}


def test_4_5_4_illegal_destination_falls_through() -> None:
    # from 8 (Eyrie rules it) the bot may only move where it rules: 4 has more enemy
    # pieces but is the Eyrie's, so 7 (2.3; 4.2.1)
    g = parked(order="anvil", warriors={ME: {8: 4, 7: 1}, E: {8: 5, 4: 2}})
    assert destination(g, me(g), 8) == 7
    run(g, (P + "moves", ME, (1, 6, 8, 12), ()))
    assert warriors(g) == {8: 3, 7: 2}


def test_4_5_4_no_legal_destination() -> None:
    g = parked(order="anvil", warriors={ME: {8: 4}, E: {8: 5, 4: 6, 7: 6}})
    run(g, (P + "moves", ME, (1, 6, 8, 12), ()))
    assert warriors(g) == {8: 4}


def test_4_5_4_moving_triggers_human_outrage() -> None:
    g = parked([ME, A], order="anvil", warriors={ME: {1: 5}},
               tokens={A: {9: ["sympathy"]}}, deck_top=["bake_sale"])
    run(g, (P + "moves", ME, (1, 6, 8, 12), ()))
    # 8.2.6: the bot has no hand, so the Alliance draws a supporter (2.8.1)
    assert warriors(g) == {1: 3, 9: 2}
    assert "bake_sale" in g.fstate[g.seat_of(A)].supporters  # type: ignore[attr-defined]


# ======================================================== 4.5.5 Expand
def test_4_5_5_expand_until_a_building() -> None:
    # nothing to build under the first order (its only ruled clearing is full); the
    # bot expands: a new order (its item not crafted), Daylight again
    # fox order: recruit four in 1 (full: no building), move three to 5 (the Eyrie's
    # warrior); Expand: the rabbit order, not crafted; battle in 5, build a workshop
    g = parked(warriors={ME: {1: 2}, E: {5: 1}}, buildings={ME: {1: ["sawmill"]}},
               deck_top=["anvil", "bake_sale", "root_tea_mouse"])
    hammer, coins = g.supply["hammer"], g.supply["coins"]
    whole_turn(g)
    assert [n[1] for n in notes(g, "order")] == ["anvil", "bake_sale"]
    assert g.supply["hammer"] == hammer - 1 and g.supply["coins"] == coins  # 4.5.5
    assert battles(g) == [(5, E)] and mine(g, "workshop") == [5]
    assert fs(g).order is None and g.discard[-2:] == ["anvil", "bake_sale"]


def test_4_5_5_no_expand_after_building_or_with_six_buildings() -> None:
    g = parked(warriors={ME: {7: 2}}, deck_top=["anvil", "bake_sale"])
    whole_turn(g)
    assert [n[1] for n in notes(g, "order")] == ["anvil"]  # built a sawmill in 7
    g = parked(warriors={ME: {1: 2}},
               buildings={ME: {1: ["sawmill"], 2: ["workshop", "recruiter"],
                               5: ["sawmill", "workshop"], 3: ["recruiter"]}},
               deck_top=["anvil", "bake_sale"])
    whole_turn(g)
    assert not fs(g).built  # every clearing it rules is full
    assert [n[1] for n in notes(g, "order")] == ["anvil"]  # six on the map


def test_4_5_5_expand_into_escalated_daylight() -> None:
    g = parked(warriors={ME: {1: 2}}, buildings={ME: {1: ["sawmill"]}},
               deck_top=["anvil", "armorers", "bake_sale"])
    whole_turn(g)
    assert [n[1] for n in notes(g, "order")] == ["anvil", "armorers"]  # no Expand in 4.7
    # fox: 1 gets four, three move to 5. Bird (4.7): two each in 5 and 1 (4.7.2); a
    # sawmill (the most pieces) in 5 (1 is full, 4.7.3); then 1 moves two to 5 and 5
    # moves four to 1 (4.7.4: origins by priority, counted when their turn comes)
    assert mine(g, "sawmill") == [1, 5]
    assert warriors(g) == {1: 7, 5: 3}
    assert my_scores(g) == [(1, "craft"), (1, "buildings_track")]  # bird: best track


def test_4_5_5_endless_expand_is_cut_off() -> None:
    # nothing can ever be built and no bird card can come: a chain of Expands would
    # never end; it stops after a deck's worth of order cards (rulings)
    g = parked(warriors={E: {7: 2}}, buildings={ME: {7: ["sawmill"]}},
               deck=["anvil", "bake_sale", "root_tea_mouse"])
    whole_turn(g)
    assert notes(g, "expand_stopped") == [(ME,)]
    assert len(notes(g, "order")) == len(g.deckdef.contents) + 1


# ======================================================= 4.6 Evening
def test_4_6_1_score_ordered_track() -> None:
    g = parked(warriors={ME: {2: 1}},
               buildings={ME: {2: ["sawmill", "recruiter"], 5: ["sawmill", "recruiter"],
                               7: ["sawmill", "workshop"], 9: ["recruiter"]}})
    s = me(g)
    # space n is empty with n buildings on the map; the bot's tracks: 0, 1, 2, 3, 4, 5
    assert evening_score(g, s, "fox") == 2
    assert evening_score(g, s, "rabbit") == 0
    assert evening_score(g, s, "mouse") == 2
    assert evening_score(g, s, "bird") == 2  # the track scoring most
    g.take_piece(7, (s, "workshop"))
    assert evening_score(g, s, "rabbit") == 0  # no workshop on the map: no empty space


def test_4_6_evening_scores_then_discards() -> None:
    g = parked(order="bake_sale", warriors={ME: {2: 1}},
               buildings={ME: {2: ["workshop"], 5: ["workshop"], 7: ["workshop"]}})
    run(g, *g.fdefs[me(g)].phase_steps(g, me(g), "evening"))
    assert my_scores(g) == [(2, "buildings_track")]
    assert fs(g).order is None and g.discard[-1] == "bake_sale"  # 4.6.2


# ============================================= 4.7 Escalated Daylight (bird)
def test_4_7_2_recruit_two_lowest_priority() -> None:
    g = parked(warriors={ME: {1: 1, 5: 1, 9: 1, 12: 1}, E: {12: 3}})
    assert recruit_plan(g, me(g), "bird") == [(9, 2), (5, 2)]
    g = parked(warriors={ME: {4: 1}, E: {12: 3}})
    assert recruit_plan(g, me(g), "bird") == [(4, 4)]


def test_4_7_3_build_type_with_most_pieces() -> None:
    g = parked(warriors={ME: {2: 1}})
    s = me(g)
    assert build_kind(g, s, "bird") == "sawmill"  # all tied at zero
    g.place_building(s, "workshop", 2)
    assert build_kind(g, s, "bird") == "workshop"
    g.place_building(s, "recruiter", 5)
    assert build_kind(g, s, "bird") == "recruiter"  # workshops and recruiters tie
    g.place_building(s, "sawmill", 7)
    assert build_kind(g, s, "bird") == "sawmill"  # a tie with sawmills


def test_4_7_escalated_daylight_whole() -> None:
    # 1 (priority 1) has six warriors: three move on to 9 (most enemy pieces); 9, now
    # with its own three plus three, moves three on to 4; then battles in 9 and 4
    g = parked(order="armorers",
               warriors={ME: {1: 6, 9: 3, 12: 1}, E: {9: 1, 4: 2, 12: 2}},
               buildings={E: {4: ["roost"]}},
               forced=[["dice", [0, 0]]] * 4)
    run(g, (P + "daylight", ME))
    # 4.7.1: a battle in each clearing, by priority: 9 and 12
    # 4.7.2: the bot rules 1 and 9: two each (9: 5, 1: 8)
    # 4.7.3: all types tied: a sawmill, in 1 (the most Marquise warriors)
    # 4.7.4: 1 moves five to 9 (the only neighbour with enemies); 9 moves seven to 4
    # (three enemy pieces beat 12's two); then battles in 4 and 9
    assert battles(g) == [(9, E), (12, E), (4, E), (9, E)]
    assert mine(g, "sawmill") == [1]
    assert warriors(g) == {1: 3, 4: 7, 9: 3, 12: 1}


def test_4_7_4_moves_in_priority_order_then_battles() -> None:
    g = parked(order="armorers", warriors={ME: {1: 6, 9: 3}, E: {9: 1, 4: 2}},
               forced=[["dice", [0, 0]]] * 3)
    run(g, (P + "moves", ME, tuple(range(1, 13)), ()))
    # 1 moves three to 9 (its only neighbour with enemy pieces); 9, now with six,
    # moves three to 4 (two Eyrie warriors; 1 and 12 have none)
    assert warriors(g) == {1: 3, 9: 3, 4: 3}
    assert battles(g) == [(4, E), (9, E)]  # moved into 9 and 4: by priority


# ================================================ 1.2.1 bot hits and traits
def eyrie_attacks(c: int, level: str | None = None, traits: Iterable[str] = (),
                  dice: list[int] | None = None, **kw: Any) -> Game:
    """The Eyrie battles the bot in ``c`` (Command Warren), then the game pauses."""
    state: dict[str, Any] = {"traits": list(traits)}
    if level is not None:
        state["difficulty"] = level
    g = build([ME, E], steps=[("command_warren", E), (PARK, ME)], turn=E,
              forced=[["dice", dice or [3, 3]]], mechanical_marquise=state, **kw)
    g.apply(("battle", c, ME))
    assert g.stack[-1][0] == PARK
    return g


def test_1_2_1_tokens_before_buildings() -> None:
    g = eyrie_attacks(1, warriors={E: {1: 1}}, tokens={ME: {1: ["keep"]}},
                      buildings={ME: {1: ["sawmill"]}})
    # one rolled hit (one Eyrie warrior) plus one for defenseless: keep, then sawmill
    assert g.tokens[1] == () and g.buildings[1] == ()


def test_fortified_buildings_take_two_hits() -> None:
    kw: dict[str, Any] = {"warriors": {E: {2: 2}}, "buildings": {ME: {2: ["sawmill", "workshop"]}}}
    g = eyrie_attacks(2, **kw)
    assert g.buildings[2] == ()  # two rolled hits, one for defenseless: both go
    g = eyrie_attacks(2, traits=["fortified"], **kw)
    assert len(g.buildings[2]) == 1  # three hits: two remove one, the third nothing
    assert notes(g, "fortified") == [(ME, 2), (ME, 2)]


def test_fortified_keeps_warriors_and_tokens_as_usual() -> None:
    g = eyrie_attacks(1, traits=["fortified"], warriors={E: {1: 3}, ME: {1: 1}},
                      tokens={ME: {1: ["keep"]}}, buildings={ME: {1: ["sawmill"]}})
    assert g.warriors[me(g)][1] == 0 and g.tokens[1] == ()
    assert g.buildings[1] == ((me(g), "sawmill"),)  # one hit left: no effect


def test_hospitals() -> None:
    kw: dict[str, Any] = {"warriors": {E: {5: 3}, ME: {5: 3, 1: 1}},
                          "tokens": {ME: {1: ["keep"]}}}
    g = eyrie_attacks(5, **kw)
    assert warriors(g) == {1: 1}
    g = eyrie_attacks(5, traits=["hospitals"], **kw)
    assert warriors(g) == {1: 3} and notes(g, "hospitals") == [(ME, 1)]
    g = eyrie_attacks(5, traits=["hospitals"], dice=[1, 0], **kw)
    assert warriors(g) == {1: 1, 5: 2}  # one removed: not enough
    kw["tokens"] = {}
    g = eyrie_attacks(5, traits=["hospitals"], **kw)
    assert warriors(g) == {1: 1}  # no keep: nowhere to place them


def test_hospitals_only_as_defender() -> None:
    g = parked(order="armorers", traits=["hospitals"],
               warriors={ME: {7: 3, 1: 1}, E: {7: 3}}, tokens={ME: {1: ["keep"]}},
               forced=[["dice", [3, 3]]])
    run(g, (P + "battles", ME, (7,)))
    assert warriors(g) == {1: 1}


def test_blitz() -> None:
    # rabbit order: the bot rules no rabbit clearing. Blitz: 1 (highest priority, no
    # enemies) has one warrior, so 2 (three warriors): two move to 6 (most enemy
    # pieces), then a battle there
    g = parked(order="bake_sale", traits=["blitz"], warriors={ME: {1: 1, 2: 3}, E: {6: 2, 10: 1}},
               forced=[["dice", [0, 0]]])
    run(g, (P + "daylight", ME))
    assert warriors(g) == {1: 1, 2: 1, 6: 2}
    assert battles(g) == [(6, E)]
    g = parked(order="bake_sale", warriors={ME: {1: 1, 2: 3}, E: {6: 2, 10: 1}})
    run(g, (P + "daylight", ME))
    assert warriors(g) == {1: 1, 2: 3} and battles(g) == []  # without the trait


def test_iron_will_doubles_escalated_recruit() -> None:
    g = parked(traits=["iron_will"], warriors={ME: {1: 1, 5: 1, 9: 1}, E: {12: 3}})
    assert recruit_plan(g, me(g), "bird") == [(9, 4), (5, 4)]
    assert recruit_plan(g, me(g), "fox") == [(1, 4)]  # only in Escalated Daylight
    g = parked(traits=["iron_will"], warriors={ME: {4: 1}})
    assert recruit_plan(g, me(g), "bird") == [(4, 8)]


# ========================================================= 3.3.1 difficulty
def test_difficulty_easy() -> None:
    g = parked(level="easy", warriors={ME: {3: 1, 4: 1, 5: 1}})
    assert recruit_plan(g, me(g), "rabbit") == [(3, 1), (4, 1)]
    assert recruit_plan(g, me(g), "bird") == [(5, 1), (4, 1)]
    g = parked(level="easy", warriors={ME: {4: 1}})
    assert recruit_plan(g, me(g), "rabbit") == [(4, 2)]
    assert recruit_plan(g, me(g), "bird") == [(4, 2)]


@pytest.mark.parametrize("level", ["challenging", "nightmare"])
def test_difficulty_challenging_and_nightmare(level: str) -> None:
    g = parked(level=level, warriors={ME: {3: 1, 4: 1, 5: 1}})
    assert recruit_plan(g, me(g), "rabbit") == [(3, 2), (4, 1), (5, 1), (3, 2)]
    assert recruit_plan(g, me(g), "bird") == [(5, 2), (4, 2), (3, 2)]
    assert recruit_plan(g, me(g), "fox") == []  # no ordered clearing ruled
    g = parked(level=level, traits=["iron_will"], warriors={ME: {4: 1}})
    assert recruit_plan(g, me(g), "bird") == [(4, 8), (4, 2)]


def test_difficulty_nightmare_scores_at_end_of_evening() -> None:
    g = parked(order="bake_sale", level="nightmare", warriors={ME: {2: 1}})
    run(g, *g.fdefs[me(g)].phase_steps(g, me(g), "evening"))
    assert my_scores(g) == [(1, "nightmare")]
    g = parked(order="bake_sale", level="challenging", warriors={ME: {2: 1}})
    run(g, *g.fdefs[me(g)].phase_steps(g, me(g), "evening"))
    assert my_scores(g) == []


# ================================================== 2.8 abilities, coop, view
def test_2_8_1_poor_manual_dexterity_and_view() -> None:
    g = parked(order="bake_sale", warriors={ME: {2: 1}})
    v = g.view(E)
    assert v["players"][ME]["faction"]["order"] == "bake_sale"  # revealed (2.7)
    assert v["players"][ME]["hand_size"] == 0 and "hand" not in v["players"][ME]
    assert g.fdefs[me(g)].cards_held(g, me(g)) == ["bake_sale"]


def test_cooperative_bots_are_not_targets() -> None:
    others = [f for f, fd in FACTIONS.items() if fd.is_bot and f != ME and fd.replaces != M]
    if not others:
        pytest.skip("no other bot is registered")
    human = next(h for h in (E, A, V) if h != FACTIONS[others[0]].replaces)
    g = rootlaw.new_game([ME, others[0], human], seed=1, cooperative=True)
    s, o = g.seat_of(ME), g.seat_of(others[0])
    c = next(x for x in g.clearings() if g.warriors[s][x])
    g.warriors[o][c] += 1
    g.pieces_changed()
    assert all(d != o for x in g.clearings() for d in [defender(g, s, x)])


def test_state_round_trip() -> None:
    g = parked(order="bake_sale", warriors={ME: {2: 1}})
    st = fs(g)
    st.built, st.passes, st.fort, st.hosp = True, 3, 1, (5, 2)
    back = MechanicalMarquiseState.from_json(st.to_json())
    assert back.to_json() == st.to_json()
    c = st.copy()
    c.passes = 9
    assert st.passes == 3
    assert Game.from_json(g.to_json()).to_json() == g.to_json()


# ===================================================== random games (no errors)
def expected_cards(g: Game) -> Counter[str]:
    """5.1.3 and Rootbotics 3.4: dominance cards leave with two players, or with one or
    two humans among bots (which replaces 5.1.3), or in cooperative play (all-bot
    games keep them)."""
    cards = Counter(g.deckdef.contents)
    humans = sum(1 for fd in g.fdefs if not fd.is_bot)
    bots = len(g.factions) - humans  # 3.4 replaces 5.1.3 when bots play
    if (1 <= humans <= 2 if bots else len(g.factions) == 2) or g.setup.get("cooperative"):
        for cid in list(cards):
            if g.card(cid).kind == "dominance":
                del cards[cid]
    return cards


def card_locations(g: Game) -> Counter[str]:
    where: Counter[str] = Counter(g.deck)
    where.update(g.discard)
    where.update(g.available)
    for s in range(len(g.factions)):
        where.update(g.hands[s])
        where.update(g.played[s])
        where.update(g.fdefs[s].cards_held(g, s))
        dom = g.dominance[s]
        if dom:
            where[dom] += 1
    if g.battle is not None and g.battle.ambush:
        where[g.battle.ambush] += 1
    return where


def check(g: Game) -> None:
    """Conservation of cards, pieces and items (items: only beside the Law's factions,
    whose items the invariant suite knows how to find)."""
    assert card_locations(g) == expected_cards(g), "cards appeared or vanished"
    for s, fd in enumerate(g.fdefs):
        assert all(w >= 0 for w in g.warriors[s])
        assert sum(g.warriors[s]) <= fd.warriors
        for kind, limit in {**fd.buildings, **fd.tokens}.items():
            assert g.count_building(s, kind) <= limit
    for c in g.clearings():
        assert len(g.buildings[c]) <= g.board.slots[c]
    if all(not fd.is_bot or fd.id == ME for fd in g.fdefs):
        assert item_locations(g) == expected_items(g), "items appeared or vanished"


def random_setup(rnd: random.Random) -> dict[str, Any]:
    level = rnd.choice(["easy", "default", "challenging", "nightmare"])
    traits = [t for t in FACTIONS[ME].traits if rnd.random() < 0.4]  # type: ignore[attr-defined]
    return {"bot_difficulty": {ME: level}, "bot_traits": {ME: traits}}


def play_random(factions: list[str], seed: int, **options: Any) -> Game:
    rnd = random.Random(seed)
    g = rootlaw.new_game(factions, seed=seed, map=rnd.choice(["fall", "winter", "lake",
                                                               "mountain"]), **options)
    n = 0
    while not g.is_over:
        assert n < 20_000, "the game did not end"
        if n % 97 == 0:
            check(g)
        if n % 499 == 0:
            check_save_load(g)
        d = g.decision
        assert d is not None
        assert not FACTIONS[d.seat].is_bot, "a bot never decides"
        g.apply(d.options[rnd.randrange(len(d.options))])
        n += 1
    check(g)
    check_scores(g)
    assert g.winners and (max(g.vp) >= 30 or g.win_reason != "points")
    return g


HUMAN_MIXES = [[ME, E], [ME, A], [ME, V], [ME, E, A], [ME, E, V], [ME, A, V], [ME, V, V2],
               [ME, E, A, V]]


def test_random_games_against_humans() -> None:
    for i in range(100):
        factions = HUMAN_MIXES[i % len(HUMAN_MIXES)]
        rnd = random.Random(i)
        g = play_random(factions, 1000 + i, **random_setup(rnd))
        if i % 10 == 0:
            again = Game.replay(g.setup, g.log)
            assert again.to_json() == g.to_json()


@contextmanager
def time_limit(seconds: int) -> Iterator[None]:
    def fail(*_: Any) -> None:
        raise TimeoutError(f"a game took over {seconds}s")

    old = signal.signal(signal.SIGALRM, fail)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


def bot_mixes() -> list[list[str]]:
    """Our bot with the other registered bots (each replacing a different faction),
    all-bot and with a human seat; without other bots, against humans."""
    others = [f for f, fd in FACTIONS.items() if fd.is_bot and f != ME and fd.replaces != M]
    if not others:
        return HUMAN_MIXES
    mixes: list[list[str]] = []
    humans = [E, A, V]
    for k in range(1, min(3, len(others)) + 1):
        for start in range(len(others)):
            group = [others[(start + j) % len(others)] for j in range(k)]
            mixes.append([ME, *group])
            taken = {FACTIONS[f].replaces for f in group}
            free = [h for h in humans if h not in taken]
            if free and len(group) < 3:
                mixes.append([ME, *group, free[0]])
    return mixes


def test_random_games_with_other_bots() -> None:
    mixes = bot_mixes()
    for i in range(50):
        factions = mixes[i % len(mixes)]
        rnd = random.Random(i)
        options = random_setup(rnd)
        if rnd.random() < 0.3 and any(not FACTIONS[f].is_bot for f in factions):
            options["cooperative"] = True
        with time_limit(20):
            play_random(factions, 5000 + i, **options)
