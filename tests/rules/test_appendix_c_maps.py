"""Appendix C, the variant maps, and A.1 (suit markers), from built positions.

Winter: paths 1-5 1-10 1-11 2-6 2-7 2-12 3-7 3-8 3-12 4-9 4-10 4-11 5-6 8-9 8-12 9-11;
rivers 7-12 10-11 11-12.
Lake: paths 1-5 1-9 2-7 2-8 2-10 3-8 3-9 3-12 4-5 4-6 5-11 6-7 6-11 7-10 7-11 8-10 9-12;
coastal clearings 1 10 11 12 (the lake links each pair, C.2.2); corners 1 2 3 4.
Mountain: paths 1-8 1-9 2-5 2-6 2-11 3-6 3-7 3-11 4-8 4-12 5-9 5-10 5-11 6-11 7-12 8-9
9-10 9-12 10-11 10-12 11-12; closed at setup 2-5 3-7 5-9 6-11 8-9 11-12; the Pass is 10.
"""
from __future__ import annotations

import json
from collections import Counter

import pytest

import rootlaw
from rootlaw.bots.electric_eyrie import move_destination
from rootlaw.core.catalog import board, load_json
from rootlaw.core.game import FOREST, Game
from rootlaw.core.maps import balanced_layouts, ferry_destinations, move_table
from tests.bots import test_mechanical_marquise as mm
from tests.bots import test_vagabot as vbt
from tests.builder import assert_illegal, build, options, pause_step, play, scored, step_name
from tests.rules.vagabond_position import game as vgame
from tests.rules.vagabond_position import pawn

M, E, A, V = "marquise", "eyrie", "alliance", "vagabond"
PAUSE = pause_step("test.maps_pause", "pause")


def forest(g: Game, fid: str) -> int:
    return FOREST + [f for f, _ in g.board.forests].index(fid)


def forest_pairs(name: str) -> set[tuple[str, str]]:
    b = board(name)
    ids = [f for f, _ in b.forests]
    return {tuple(sorted((ids[i], ids[j]))) for i, adj in enumerate(b.forest_adj)  # type: ignore[misc]
            for j in adj}


# ============================================================ C.1 Winter
def test_c_1_1_the_raging_river_divides_forests() -> None:
    """C.1.1: the river divides forests as printed paths do, so forests separated only
    by it are adjacent (2.4.1); the other forest pairs are those sharing a path."""
    pairs = forest_pairs("winter")
    data = {tuple(sorted(p)) for p in load_json("maps.json")["maps"]["winter"]["forest_adjacency"]}
    river = {("1_10_11", "4_10_11"), ("1_2_5_6_11_12", "8_9_11_12"), ("2_7_12", "3_7_12")}
    assert pairs == data | river


def test_c_1_1_vagabond_slips_across_the_river() -> None:
    """9.4.2 Slip into an adjacent forest: across the Winter river (C.1.1)."""
    g = vgame((V, M), map="winter", at="1_10_11", step=("vagabond.slip", V))
    assert ("slip", "forest 4_10_11") in options(g)
    g.apply(("slip", "forest 4_10_11"))
    assert pawn(g) == forest(g, "4_10_11")


def test_c_1_rivers_are_not_paths() -> None:
    """2.3: the Winter river links 11-12 but they are not adjacent: no move along it."""
    g = build([M, E], map="winter", warriors={M: {11: 3}}, step=("marquise.actions", M, 3))
    g.apply(("action", "march"))
    assert ("move", 11, 12) not in options(g) and ("move", 11, 1) in options(g)


# ============================================================== C.2 Lake
def test_c_2_1_setup_the_ferry_in_the_coastal_corner() -> None:
    g = rootlaw.new_game([M, E], map="lake", seed=3)
    assert g.ferry == 1 == g.board.ferry_start
    assert g.board.coastal == (1, 10, 11, 12) and 1 in g.board.corners
    assert g.view()["ferry"] == 1 and g.view()["coastal"] == [1, 10, 11, 12]


def test_c_2_2_the_lake_is_rivers_between_coastal_clearings() -> None:
    b = board("lake")
    for a in b.coastal:
        assert set(b.river_adj[a]) >= set(b.coastal) - {a}
        assert not set(b.adj[a]) & (set(b.coastal) - {a})  # rivers, not paths (2.3)


def test_c_2_4_coastal_forests_adjacent_to_their_neighbours() -> None:
    """C.2.4: each coastal forest is adjacent to the two coastal forests beside it
    (sharing a coastal clearing); G.1.2: only those links cross the lake."""
    pairs = forest_pairs("lake")
    coast = {("1_5_11", "1_9_12"), ("1_5_11", "7_10_11"), ("1_9_12", "3_8_10_12"),
             ("3_8_10_12", "7_10_11")}
    data = {tuple(sorted(p)) for p in load_json("maps.json")["maps"]["lake"]["forest_adjacency"]}
    assert pairs == data | coast
    assert ("1_5_11", "6_7_11") not in pairs  # not coastal: no link across the lake


def test_c_2_5_ferry_moves_warriors_and_the_ferry_then_draws() -> None:
    """C.2.5: once per turn, pieces moving from the Ferry's clearing can move to another
    coastal clearing, the Ferry too; the mover draws a card. (4.2.1 still applies.)"""
    g = build([M, E], map="lake", warriors={M: {1: 4}}, hands={M: []},
              deck_top=["anvil"], step=("marquise.actions", M, 3))
    g.apply(("action", "march"))
    assert {("ferry", 1, 10), ("ferry", 1, 11), ("ferry", 1, 12)} <= set(options(g, "ferry"))
    assert {o[2] for o in options(g, "move")} == {5, 9}  # paths only: the lake is no path
    play(g, ("ferry", 1, 12), ("warriors", 3))
    assert g.warriors[0][12] == 3 and g.warriors[0][1] == 1
    assert g.ferry == 12 and g.hands[0] == ["anvil"]
    assert ("ferry", M, 1, 12) in g.log
    # once per turn: the second move of the march has no Ferry, even from 12
    assert options(g, "ferry") == []
    assert g.view()["ferry"] == 12


def test_c_2_5_ferry_follows_you_must_rule() -> None:
    """C.2.5 "follows the normal move rules": 4.2.1, rule the origin or the destination."""
    g = build([M, E], map="lake", warriors={M: {1: 1, 7: 1}, E: {1: 2}},
              buildings={M: {10: ["workshop"]}}, step=("marquise.actions", M, 3))
    g.apply(("action", "march"))
    assert options(g, "ferry") == [("ferry", 1, 10)]  # the Marquise rules 10 only


def test_c_2_5_no_ferry_without_the_ferry_or_elsewhere() -> None:
    b = board("lake")
    g = build([M, E], map="lake", warriors={M: {10: 3}}, step=("marquise.actions", M, 3))
    assert ferry_destinations(g, 10) == () and ferry_destinations(g, 1) == (10, 11, 12)
    g.apply(("action", "march"))
    assert options(g, "ferry") == [] and b.ferry_start == 1


def test_c_2_5_vagabond_takes_the_ferry() -> None:
    """C.2.5 with 9.5.1: the Vagabond exhausts boots as for any move; the Ferry moves
    with him and he draws a card."""
    g = vgame((V, M), map="lake", at=1, items={"boots": 2, "torch": 1},
              deck_top=["bake_sale"], step=("vagabond.actions", V))
    assert ("v_ferry", 11) in options(g) and ("v_move", 11) not in options(g)
    g.apply(("v_ferry", 11))
    assert pawn(g) == 11 and g.ferry == 11 and "bake_sale" in g.hands[0]
    assert g.fstate[0].items["boots"][:2] == (1, 1)  # type: ignore[attr-defined]
    assert not options(g, "v_ferry")


def test_c_2_5_the_ferry_cannot_be_removed() -> None:
    """C.2.5: the Ferry is not a faction piece: removing all enemy pieces leaves it."""
    g = build([M, E], map="lake", warriors={M: {1: 2}, E: {1: 2}},
              step=("marquise.actions", M, 3))
    from rootlaw.core.effects import remove_all_enemy_pieces
    remove_all_enemy_pieces(g, 1, 1)
    assert g.ferry == 1 and g.warriors[0][1] == 0


def test_c_2_5_bot_moves_over_the_lake() -> None:
    """Rootbotics 4.5.4 on the Lake: the clearing with the most enemy pieces is reached
    only by the Ferry; the bot takes it (and draws nothing, 2.8.1)."""
    g = mm.parked([mm.ME, E], order="anvil", map="lake", warriors={mm.ME: {1: 6}, E: {5: 1, 12: 3}})
    assert mm.destination(g, mm.me(g), 1) == 12
    mm.run(g, (mm.P + "moves", mm.ME, (1,), ()))
    assert mm.warriors(g) == {1: 3, 12: 3} and g.ferry == 12


def test_c_2_5_electric_eyrie_targets_over_the_lake() -> None:
    """Rootbotics 5.5.1.II: an adjacent clearing with no roost, the Ferry's included."""
    g = build(["electric_eyrie", M], map="lake", warriors={"electric_eyrie": {1: 4}},
              buildings={"electric_eyrie": {5: ["roost"], 9: ["roost"]}},
              step=(PAUSE, M))
    s = g.seat_of("electric_eyrie")
    assert move_destination(g, s, 1) == 12  # 10, 11, 12: no roost nor enemy; lowest priority


def test_c_2_5_vagabot_goes_by_the_ferry() -> None:
    """Rootbotics 7.5 nearest: by the Ferry the ruin in 12 is one move away (two by paths)."""
    g = vbt.position((vbt.VB, M), map="lake", at=1, ready=4, ruin_items={12: ("sword",)})
    vbt.remove_ruins(g, 5, 10, 11)
    vbt.run(g, ("vagabot.explore", vbt.VB))
    assert vbt.where(g) == 12 and g.ferry == 12
    assert vbt.notes(g, "move") == [("move", 12, 1)] and vbt.state(g).exhausted == 2


# ========================================================== C.3 Mountain
def test_c_3_1_closed_paths_at_setup() -> None:
    g = rootlaw.new_game([M, E], map="mountain", seed=1)
    assert g.closed == ((2, 5), (3, 7), (5, 9), (6, 11), (8, 9), (11, 12))
    assert 7 not in g.adjacent(3) and 6 in g.adjacent(3)
    assert g.view()["closed_paths"][1] == [3, 7] and g.view()["the_pass"] == 10


def test_c_3_2_closed_path_blocks_a_move_then_c_3_3_removed() -> None:
    """C.3.2: clearings linked by a closed path are not adjacent; C.3.3: once per turn in
    Daylight, spend a card with a piece in either clearing: the marker goes, 1 VP."""
    g = build([M, E], map="mountain", warriors={M: {3: 3, 6: 1}}, hands={M: ["anvil", "bake_sale"]},
              step=("marquise.actions", M, 3))
    g.apply(("action", "march"))
    assert ("move", 3, 7) not in options(g)
    g = build([M, E], map="mountain", warriors={M: {3: 3, 6: 1}}, hands={M: ["anvil", "bake_sale"]},
              step=("marquise.actions", M, 3))
    assert set(options(g, "remove_closed_path")) == {("remove_closed_path", 3, 7),
                                                     ("remove_closed_path", 6, 11)}
    g.apply(("remove_closed_path", 3, 7))
    assert g.decision.rule == "C.3.3"
    g.apply(("spend_card", "bake_sale"))
    assert (3, 7) not in g.closed and 7 in g.adjacent(3) and 3 in g.adjacent(7)
    assert scored(g, M) == [(M, 1, "closed_path")] and g.hands[0] == ["anvil"]
    assert g.discard == ["bake_sale"]
    assert options(g, "remove_closed_path") == []  # once per turn
    g.apply(("action", "march"))
    assert ("move", 3, 7) in options(g)


def test_c_3_3_needs_a_piece_and_a_card() -> None:
    g = build([M, E], map="mountain", warriors={M: {1: 1}}, hands={M: ["anvil"]},
              step=("marquise.actions", M, 3))
    assert ("remove_closed_path", 8, 9) not in options(g)  # no piece in 8 or 9
    assert_illegal(g, ("remove_closed_path", 8, 9))
    g = build([M, E], map="mountain", warriors={M: {8: 1}}, step=("marquise.actions", M, 3))
    assert options(g, "remove_closed_path") == []  # no card to spend


def test_c_3_3_closed_path_removal_saved_and_loaded() -> None:
    g = build([M, E], map="mountain", warriors={M: {3: 3}}, hands={M: ["anvil"]},
              step=("marquise.actions", M, 3))
    play(g, ("remove_closed_path", 3, 7))
    loaded = Game.from_json(g.to_json())
    assert loaded.closed == g.closed and loaded.adj == g.adj and 7 in loaded.adjacent(3)
    bad = json.loads(g.to_json())
    bad["closed"] = [[1, 2]]
    with pytest.raises(rootlaw.LoadError):
        Game.from_json(json.dumps(bad))


def test_c_3_2_closed_paths_still_divide_forests() -> None:
    """C.3.2: closed paths enclose and divide forests like paths, so the Vagabond can
    slip across one (forests 2_6_11 and 3_6_11 across the closed path 6-11)."""
    g = vgame((V, M), map="mountain", at="2_6_11", step=("vagabond.slip", V))
    assert ("slip", "forest 3_6_11") in options(g)
    assert ("slip", "forest 2_5_11") in options(g)


def test_c_3_5_forests_edge_areas_are_not_forests() -> None:
    """C.3.5 with G.1.15: areas outside the map edge (1_5_9, 4_7_12) are no forests."""
    ids = [f for f, _ in board("mountain").forests]
    assert "1_5_9" not in ids and "4_7_12" not in ids and len(ids) == 10


def test_c_3_2_bots_respect_closed_paths() -> None:
    g = mm.parked([mm.ME, E], order="anvil", map="mountain",
                  warriors={mm.ME: {3: 6}, E: {7: 5, 6: 1}})
    assert mm.destination(g, mm.me(g), 3) == 6  # 7 has more enemies but the path is closed


def test_c_3_3_bots_cannot_remove_closed_paths() -> None:
    """Rootbotics 2.8.1: bots have no hand, so they never spend a card (C.3.3)."""
    from rootlaw.core.maps import daylight_options
    g = mm.parked([mm.ME, E], order="anvil", map="mountain", warriors={mm.ME: {3: 6}})
    assert daylight_options(g, mm.me(g)) == []


def test_c_3_4_the_pass_scores_at_end_of_evening_through_lords_of_the_forest() -> None:
    """C.3.4: at the end of a player's Evening, one VP if they rule the Pass; the Eyrie
    rule the tie there (7.2.2 Lords of the Forest)."""
    g = build([E, M], map="mountain", warriors={E: {10: 1, 1: 1}, M: {10: 1}},
              turn=E, then="evening")
    assert g.rules(0, 10)
    assert (E, 1, "the_pass") in scored(g, E)
    assert [e for e in scored(g) if e[2] == "the_pass"] == [(E, 1, "the_pass")]


def test_c_3_4_no_pass_point_for_another_player() -> None:
    g = build([E, M], map="mountain", warriors={E: {1: 1}, M: {10: 2}}, turn=E, then="evening")
    assert [e for e in scored(g) if e[2] == "the_pass"] == []


# ====================================================== A.1 suit markers
def test_a_1_random_suit_markers_dealt_by_the_game_rng() -> None:
    g = rootlaw.new_game([M, E], map="winter", seed=5)
    suits = g.suits[1:]
    assert Counter(suits) == {"fox": 4, "rabbit": 4, "mouse": 4}
    assert ("r", "suit_markers", list(suits)) in g.log
    assert [c["suit"] for c in g.view(M)["clearings"]] == list(suits)  # public (A.1)
    again = Game.replay(g.setup, g.log)
    assert again.suits == g.suits
    other = rootlaw.new_game([M, E], map="winter", seed=6)
    assert other.suits != g.suits or other.log != g.log


def test_a_1_fall_keeps_its_printed_suits_by_default() -> None:
    g = rootlaw.new_game([M, E], map="fall", seed=5)
    assert g.suits == board("fall").printed_suits
    assert not any(e[0] == "r" and e[1] == "suit_markers" for e in g.log)


def test_a_1_fixed_layout() -> None:
    layout = ["fox", "rabbit", "mouse"] * 4
    g = rootlaw.new_game([M, E], map="lake", seed=1, suits=layout)
    assert list(g.suits[1:]) == layout and g.setup["suits"] == layout
    assert Game.from_json(g.to_json()).suits == g.suits


@pytest.mark.parametrize("bad", [["fox"] * 12, ["fox", "rabbit"], "sometimes",
                                 ["fox", "rabbit", "mouse"] * 3 + ["bird"] * 3])
def test_a_1_bad_layouts_refused(bad: object) -> None:
    with pytest.raises(rootlaw.SetupError, match="A.1|suits"):
        rootlaw.new_game([M, E], map="winter", suits=bad)  # type: ignore[arg-type]


def test_a_1_printed_needs_printed_suits() -> None:
    with pytest.raises(rootlaw.SetupError, match="no printed suits"):
        rootlaw.new_game([M, E], map="mountain", suits="printed")


@pytest.mark.parametrize("name", ["fall", "winter", "lake", "mountain"])
def test_a_1_balanced_layouts_are_the_least_clumped(name: str) -> None:
    """Balanced layouts (also the web map randomizer's, docs/web.md): opposite corners
    differ and every layout has the same, fewest, same-suit open paths."""
    b = board(name)
    mine = balanced_layouts(b)
    assert mine and len(set(mine)) == len(mine)
    open_paths = [(x, y) for x, y in b.paths if (x, y) not in b.closed_at_setup]
    costs = {sum(lay[x - 1] == lay[y - 1] for x, y in open_paths) for lay in mine}
    assert len(costs) == 1
    for lay in mine:
        assert all(lay[x - 1] != lay[b.opposite[x] - 1] for x in b.corners)
    g = rootlaw.new_game([M, E], map=name, seed=4, suits="balanced")
    assert g.suits[1:] in mine
    for a, c in ((x, b.opposite[x]) for x in b.corners):
        assert g.suits[a] != g.suits[c]  # opposite corners differ


def test_bot_priority_is_the_clearing_number_on_every_map() -> None:
    """Rootbotics 2.1/3.1: priority markers keep the printed numbers."""
    for name in ("winter", "lake", "mountain"):
        assert load_json("maps.json")["maps"][name]["priority_order"] == list(range(1, 13))


# ============================================= the movement core (for everyone)
def test_move_table_is_the_maps_adjacency_by_default() -> None:
    g = build([M, E], map="mountain", warriors={M: {3: 1}}, step=("marquise.actions", M, 3))
    assert move_table(g, 0) is g.adj


def test_rivers_as_paths_grant_for_one_turn() -> None:
    """11.2.7.II Riverboats (for the coming factions): a grant lasts until the turn ends."""
    from rootlaw.core.maps import grant_rivers_as_paths, rivers_are_paths
    g = build([M, E], map="winter", warriors={M: {11: 3}}, step=("marquise.actions", M, 3))
    assert not rivers_are_paths(g, 0)
    grant_rivers_as_paths(g, 0)
    assert rivers_are_paths(g, 0) and 12 in move_table(g, 0)[11]
    g.apply(("action", "march"))
    assert ("move", 11, 12) in options(g)
    assert step_name(g) == "marquise.march"


# ========================= rivers for the Riverfolk expansion: the lake too (C.2.2)
def test_c_2_2_swimmers_cross_the_lake() -> None:
    """11.2.2 Swimmers on the Lake: the lake's links are rivers, so the Riverfolk move
    across it whoever rules (the Marquise rules 1 and 12)."""
    from tests.rules import test_11_riverfolk as rft
    g = rft.at([("riverfolk.daylight", rft.RF)], map="lake", funds={rft.RF: 1},
               warriors={rft.RF: {1: 1}, M: {1: 3, 12: 3}})
    moves = options(g, "rf_move")
    assert ("rf_move", 1, 12) in moves and ("rf_move", 1, 11) in moves
    assert ("rf_ferry", 1, 12) in options(g, "rf_ferry")  # and the Ferry, which draws


def test_c_2_2_riverboats_cross_the_lake() -> None:
    """11.2.7.II Riverboats on the Lake: the buyer treats the lake as rivers, as paths."""
    from tests.rules import test_11_riverfolk as rft
    g = build([rft.RF, M], map="lake", warriors={M: {1: 2}, rft.RF: {7: 3}},
              step=("riverfolk.services", M, 0, 0), turn=M, then="daylight",
              riverfolk={"prices": (1, 1, 1)})
    play(g, ("buy_riverboats",), ("action", "march"))
    assert {("move", 1, 10), ("move", 1, 11), ("move", 1, 12)} <= set(options(g))
