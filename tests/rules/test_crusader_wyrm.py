"""Vile Wyrm (Crusader expansion, fan-made: VW), from built positions: a test per
numbered rule of the section, with the Wyrm's pawn against the Law's removals."""
from __future__ import annotations

from typing import Any

import rootlaw
from rootlaw.core.battle import start_battle
from rootlaw.core.effects import favor, remove_all_enemy_pieces
from rootlaw.core.game import FOREST, Game
from rootlaw.factions.wyrm import WyrmState, st_of
from tests.builder import assert_illegal, build, options, pause_step, play, scored, seat

VW, M, E, A = "wyrm", "marquise", "eyrie", "alliance"
# Fall: fox 1 6 8 12, rabbit 3 4 5 10, mouse 2 7 9 11; 1-5,9,10 2-5,6,10 3-6,7,11
# 4-8,9,12 5-1,2 6-2,3,11 7-3,8,12 8-4,7 9-1,4,12 10-1,2,12 11-3,6,12 12-4,7,9,10,11
# forests: 0 1_2_5_10, 1 1_9_10_12, 2 2_6_10_11_12, 3 3_6_11, 4 3_7_11_12, 5 4_7_8_12, 6 4_9_12
SCARED, COWED = "fear_scared", "fear_cowed"
WAIT = pause_step("test.vw_wait", "pause", ("go", "wait"))


def vw(g: Game) -> WyrmState:
    return st_of(g, g.seat_of(VW))


def battle(factions: list[str], att: str, c: int, dfd: str, dice: list[int],
           **kw: Any) -> Game:
    """A battle started in a built position (its first decisions follow), then a pause."""
    return build(factions, step=(WAIT, att), forced=[["dice", dice]],
                 before=lambda g: start_battle(g, seat(g, att), c, seat(g, dfd)), **kw)


def actions(moves: int = 1, battles: int = 1, **kw: Any) -> Game:
    return build(kw.pop("factions", [VW, M]), step=("wyrm.actions", VW, moves, battles),
                 phase="daylight", stop=True, **kw)


# ================================================================= VW.2 rules
def test_vw_2_1_and_5_1_crafting_with_fear_tokens_either_side_up_in_daylight() -> None:
    """VW.2.1, VW.5.1: the Wyrm crafts in Daylight, first, with fear tokens either side."""
    g = build([VW, M], wyrm={"at": 5}, tokens={VW: {1: [SCARED], 8: [COWED]}},
              hands={VW: ["foxfolk_steel"]}, step=("wyrm.daylight", VW), phase="daylight",
              stop=True)
    assert g.fdefs[0].crafting_pieces(g, 0) == (2, 0, 0)
    assert g.decision.kind == "craft" and ("craft", "foxfolk_steel", ()) in options(g)
    g.apply(("craft", "foxfolk_steel", ()))
    assert g.items[0] == ["sword"]  # into the Lair (the Crafted Items box, rulings.md)


def test_vw_2_2_monstrous_three_warriors_for_rule_and_hits_a_pawn_when_moving() -> None:
    g = build([VW, M], wyrm={"at": 5}, warriors={M: {5: 2, 1: 3}}, step=(WAIT, VW))
    assert g.rules(0, 5)  # 3 against 2 (2.5: pawns do not count; VW.2.2 overrides)
    g = build([VW, M], wyrm={"at": 5}, warriors={M: {5: 3}}, step=(WAIT, VW))
    assert g.rulers()[5] == -1  # a tie
    g = battle([VW, M], VW, 5, M, [3, 0], wyrm={"at": 5}, warriors={M: {5: 3}})
    assert g.warriors[1][5] == 0  # three rolled hits from the Wyrm alone (4.3.2.I)
    g = actions(wyrm={"at": 5}, warriors={VW: {5: 2}})
    play(g, ("wy_move", 1))
    assert g.pawn[0] == 1 and g.warriors[0][5] == 2  # only the pawn moves


def lair_battle(dice: list[int], **kw: Any) -> Game:
    return battle([VW, M], M, 5, VW, dice, wyrm={"at": 5, "treasures": 1, **kw.pop("wyrm", {})},
                  warriors={M: {5: 3}, VW: {5: 1}}, items={VW: ["sword"]}, **kw)


def test_vw_2_3_pythonic_hits_take_lair_items_then_the_wyrm_flees() -> None:
    g = lair_battle([3, 0])
    assert g.decision.seat == VW
    assert options(g) == [("wy_hit",), ("wy_item", "sword"), ("wy_item", "treasure")]
    g.apply(("wy_item", "treasure"))
    assert scored(g, M) == [(M, 1, "treasure")]  # as defender: the attacker scores
    assert vw(g).treasures == 0
    g.apply(("wy_item", "sword"))
    assert g.items[0] == [] and "sword" in g.removed_items  # removed permanently (G.1.22)
    assert options(g) == [("wy_hit",), ("wy_forest", "1_2_5_10")]
    g.apply(("wy_forest", "1_2_5_10"))
    assert g.pawn[0] == FOREST + 0 and g.warriors[0][5] == 1


def test_vw_2_3_after_the_wyrm_the_remaining_hits_deal_out_as_normal() -> None:
    g = battle([VW, M], M, 5, VW, [3, 0], wyrm={"at": 5}, warriors={M: {5: 3}, VW: {5: 1}},
               tokens={VW: {5: [SCARED]}})
    assert options(g) == [("wy_hit",), ("wy_forest", "1_2_5_10")]
    g.apply(("wy_forest", "1_2_5_10"))
    # the two hits left: the wyrmling, then the fear token (3.2.1: one VP)
    assert g.warriors[0][5] == 0 and not g.tokens[5] and scored(g, M) == [(M, 1, "removal")]


def test_vw_2_3_a_treasure_removed_as_attacker_scores_nothing() -> None:
    g = battle([VW, M], VW, 5, M, [3, 3], wyrm={"at": 5, "treasures": 1}, warriors={M: {5: 3}},
               hands={M: ["ambush_rabbit"]})
    g.apply(("ambush", "ambush_rabbit"))  # two hits: the treasure, then the Wyrm flees
    assert vw(g).treasures == 0 and g.pawn[0] == FOREST + 0
    assert scored(g, M) == [] and g.warriors[1][5] == 3  # 4.3.1.II: no attacker left


def test_vw_2_3_a_favor_or_a_revolt_sends_the_wyrm_to_an_adjacent_forest() -> None:
    g = build([VW, M], wyrm={"at": 5}, warriors={VW: {5: 2}}, tokens={VW: {5: [SCARED]}},
              step=(WAIT, M), before=lambda g: favor(g, 1, "rabbit"))
    assert g.pawn[0] == FOREST + 0 and g.warriors[0][5] == 0 and not g.tokens[5]
    g = build([VW, A], wyrm={"at": 10}, step=(WAIT, A),
              before=lambda g: remove_all_enemy_pieces(g, 1, 10))
    assert g.decision.seat == VW and g.decision.kind == "wyrm_forest"
    assert options(g) == [("wy_forest", "1_2_5_10"), ("wy_forest", "1_9_10_12"),
                          ("wy_forest", "2_6_10_11_12")]
    g.apply(("wy_forest", "1_9_10_12"))
    assert g.pawn[0] == FOREST + 1  # never off the map


def test_vw_2_4_ravenous_rolled_hits_dealt_cancel_hits_taken() -> None:
    g = battle([VW, M], VW, 5, M, [2, 2], wyrm={"at": 5, "treasures": 2},
               warriors={M: {5: 3}})
    assert g.decision.kind == "pause" and vw(g).treasures == 2  # two dealt, two ignored
    assert g.warriors[1][5] == 1
    g = battle([VW, M], VW, 5, M, [1, 3], wyrm={"at": 5, "treasures": 2},
               warriors={M: {5: 3}})  # the Wyrm deals the higher roll: 3, takes 1
    assert g.decision.kind == "pause" and vw(g).treasures == 2
    g = battle([VW, M], VW, 9, M, [1, 1], wyrm={"at": 5}, warriors={M: {9: 3}, VW: {9: 1}})
    assert g.warriors[0][9] == 0  # the Wyrm is not in this battle: no Ravenous


def test_vw_2_4_hits_of_an_ambush_are_not_ignored() -> None:
    g = battle([VW, M], VW, 5, M, [2, 0], wyrm={"at": 5, "treasures": 2},
               warriors={M: {5: 3}}, hands={M: ["ambush_rabbit"]})
    g.apply(("ambush", "ambush_rabbit"))
    assert vw(g).treasures == 0  # two hits before the roll took both treasures
    assert g.warriors[1][5] == 1  # then two rolled hits dealt, none taken


def test_vw_2_5_bite_2_6_might_2_7_height() -> None:
    """VW.2.5 Bite, VW.2.6 Might, VW.2.7 Height: one more battle, wyrmling, move per
    Growth removed from each."""
    g = build([VW, M], wyrm={"at": 5, "growth": (0, 1, 1)}, step=("wyrm.daylight", VW),
              phase="daylight", stop=True)
    assert g.stack[-1][2:] == (2, 3)  # Height: one extra move; Bite: two extra battles
    g = build([VW, M], wyrm={"at": 5, "growth": (2, 0, 2)}, tokens={VW: {1: [SCARED]}},
              step=("wyrm.recruit", VW), stop=True)
    assert g.warriors[0][1] == 3  # Might: two extra wyrmlings


# ================================================================ VW.3 setup
def test_vw_3_setup_in_the_clearing_with_the_fewest_opponents_pieces() -> None:
    g = rootlaw.new_game([M, VW], seed=3)
    while g.phase == "setup":
        assert g.decision.seat == M
        g.apply(g.decision.options[0])
    s, m = g.seat_of(VW), g.seat_of(M)
    c = g.pawn[s]  # the Marquise fills every clearing but the one opposite the keep
    assert c == g.board.opposite[g.fdefs[m].starting_corner(g, m)]
    assert g.turn_seat == m  # (the Marquise takes the first turn with this seed)
    assert g.warriors[s][c] == 2 and g.tokens[c] == ((s, SCARED),)  # VW.3.3, VW.3.5
    assert st_of(g, s).growth == (2, 2, 2) and st_of(g, s).treasures == 0  # VW.3.4
    v = g.view(M)["players"][VW]["faction"]
    assert v["fear_in_supply"] == 7 and v["treasures_in_supply"] == 3  # VW.3.1, VW.3.2
    assert g.warrior_supply(s) == 6


def test_vw_3_3_ties_are_the_wyrms_choice() -> None:
    g = build([VW, M], warriors={M: {c: 1 for c in range(1, 11)}}, step=("wyrm.setup", VW))
    assert options(g) == [("wy_setup", 11), ("wy_setup", 12)]
    g.apply(("wy_setup", 12))
    assert g.pawn[0] == 12


# ============================================================= VW.4 birdsong
def test_vw_4_1_recruit_flips_scared_fear_and_places_wyrmlings() -> None:
    g = build([VW, M], tokens={VW: {1: [SCARED], 5: [SCARED], 8: [COWED]}},
              step=("wyrm.recruit", VW), stop=True)
    assert g.tokens[1] == ((0, COWED),) and g.tokens[5] == ((0, COWED),)
    assert g.warriors[0][1] == 1 and g.warriors[0][5] == 1 and g.warriors[0][8] == 0
    g = build([VW, M], warriors={VW: {9: 7}}, tokens={VW: {1: [SCARED], 5: [SCARED]}},
              step=("wyrm.recruit", VW), stop=True)
    assert options(g) == [("wy_recruit_in", 1), ("wy_recruit_in", 5)]  # one left (1.5.4)


def test_vw_4_2_recover_in_a_forest_then_straight_to_evening() -> None:
    g = build([VW, M], wyrm={"at": "1_2_5_10", "growth": (1, 2, 2)}, warriors={M: {5: 4}},
              played={VW: ["command_warren"]}, hands={VW: ["anvil"]},
              steps=[("wyrm.recover", VW)], then="daylight", turn=VW)
    assert g.decision.kind == "move"  # the Growth went back to Bite (the only room)
    assert vw(g).growth == (2, 2, 2)
    assert options(g) == [("wy_recover", 1), ("wy_recover", 2), ("wy_recover", 5),
                          ("wy_recover", 10)]  # ignoring rule (the Marquise rules 5)
    g.apply(("wy_recover", 5))
    assert g.pawn[0] == 5 and g.tokens[5] == ((0, SCARED),)  # Evening's Hiss
    # no Command Warren, no craft, no actions: the next choice is Evening's Deceive
    assert g.phase == "evening" and g.decision.kind == "deceive"


# ============================================================= VW.5 daylight
def test_vw_5_2_i_move_the_wyrm_alone_by_the_rules_of_moving() -> None:
    g = actions(wyrm={"at": 5}, warriors={M: {5: 4}, VW: {1: 1}})
    assert options(g, "wy_move") == [("wy_move", 1)]  # 4.2.1: it rules 1, not 5 nor 2
    g = actions(moves=2, wyrm={"at": 5})
    play(g, ("wy_move", 1), ("wy_move", 9))
    assert g.pawn[0] == 9 and not options(g, "wy_move")


def test_vw_5_2_ii_battle_only_in_the_wyrms_clearing() -> None:
    g = actions(wyrm={"at": 5}, warriors={VW: {9: 2}, M: {5: 1, 9: 1}})
    assert options(g, "battle") == [("battle", 5, M)]
    assert_illegal(g, ("battle", 9, M))


# ============================================================== VW.6 evening
def evening(step: tuple[Any, ...], **kw: Any) -> Game:
    return build(kw.pop("factions", [VW, M]), step=step, phase="evening", stop=True, **kw)


def test_vw_6_1_hiss_a_scared_fear_token_where_none_is() -> None:
    g = evening(("wyrm.hiss", VW), wyrm={"at": 5})
    assert g.tokens[5] == ((0, SCARED),)
    g = evening(("wyrm.hiss", VW), wyrm={"at": 5}, tokens={VW: {5: [COWED]}})
    assert g.tokens[5] == ((0, COWED),)


def test_vw_6_2_deceive_one_warrior_per_fear_clearing_ignoring_rule() -> None:
    g = evening(("wyrm.deceive", VW, ()), wyrm={"at": 12}, warriors={M: {5: 2}, VW: {9: 1}},
                tokens={VW: {5: [COWED], 9: [SCARED]}})
    assert set(options(g)) == {("wy_deceive", 5, M, 1), ("wy_deceive", 5, M, 2),
                               ("wy_deceive", 9, VW, 1), ("wy_deceive", 9, VW, 4),
                               ("wy_deceive", 9, VW, 12), ("done",)}
    g.apply(("wy_deceive", 5, M, 2))
    assert g.warriors[1][2] == 1 and g.warriors[1][5] == 1
    assert not options(g, "wy_deceive")[0][1] == 5  # once per clearing


def test_vw_6_3_grow_spending_a_card_matching_the_ruled_clearing() -> None:
    g = evening(("wyrm.grow", VW), wyrm={"at": 5}, hands={VW: ["bake_sale", "anvil"]})
    assert options(g) == [("wy_grow", "bake_sale", "bite"), ("wy_grow", "bake_sale", "might"),
                          ("wy_grow", "bake_sale", "height"), ("done",)]
    g.apply(("wy_grow", "bake_sale", "might"))
    assert vw(g).growth == (2, 1, 2) and g.hands[0] == ["anvil"]
    g = evening(("wyrm.grow", VW), wyrm={"at": 5}, warriors={M: {5: 3}},
                hands={VW: ["bake_sale"]})
    assert g.decision.kind == "pause"  # a tie: the Wyrm does not rule


def test_vw_6_4_exploit_a_card_per_ruled_matching_clearing_with_cowed_fear() -> None:
    g = evening(("wyrm.exploit", VW, ()), warriors={VW: {1: 1, 8: 1, 5: 1}, M: {5: 1}},
                tokens={VW: {1: [COWED], 8: [SCARED], 5: [COWED]}},
                hands={VW: ["anvil", "foxfolk_steel"]})
    assert options(g) == [("wy_exploit", "anvil", 1), ("wy_exploit", "foxfolk_steel", 1),
                          ("done",)]  # 8 scared, 5 not ruled
    g.apply(("wy_exploit", "anvil", 1))
    assert vw(g).treasures == 1 and g.decision.kind == "pause"


def test_vw_6_5_score_lair_items_up_to_the_growth_track() -> None:
    g = evening(("wyrm.score", VW), wyrm={"growth": (1, 1, 2), "treasures": 2},
                items={VW: ["sword", "boots"]})
    assert scored(g, VW) == [(VW, 2, "lair")]  # four items, two Growth on the track
    g = evening(("wyrm.score", VW), wyrm={"treasures": 3})
    assert scored(g, VW) == []  # no Growth on the track: no score


def test_vw_6_6_draw_one_plus_one_per_pair_of_growth_then_discard() -> None:
    g = evening(("wyrm.draw", VW), wyrm={"growth": (0, 1, 0)}, hands={VW: []})
    assert len(g.hands[0]) == 3  # five on the track: two pairs
    g = evening(("wyrm.draw", VW), hands={VW: []})
    assert len(g.hands[0]) == 1


def test_wyrm_save_load_view_and_the_rule_cache() -> None:
    g = lair_battle([3, 0])
    g.apply(("wy_item", "treasure"))
    again = Game.from_json(g.to_json())
    assert again.to_json() == g.to_json()
    v = g.view(M)["players"][VW]["faction"]
    assert v["wyrm"] == 5 and v["lair"] == ["sword"] and v["growth_on_track"] == 0


# ======================================================== the Advanced Setup
def test_advanced_setup_card_the_homeland_with_the_fewest_opponents_pieces() -> None:
    """A.8.2 with the Wyrm's setup card (a reading, rootlaw/data/crusader.json)."""
    g = rootlaw.new_game([M, E, VW], setup="advanced", seed=2)
    while not (g.decision.seat == VW and g.decision.kind == "setup_homeland"):
        g.apply(g.decision.options[0])
    s = g.seat_of(VW)
    from rootlaw.core.advanced import enemy_homelands
    from rootlaw.factions.wyrm import opponents_pieces

    homes = [o[1] for o in options(g)]
    enemy = enemy_homelands(g, s)
    assert homes and not set(homes) & set(enemy)
    low = min(opponents_pieces(g, s, c) for c in homes)
    assert all(opponents_pieces(g, s, c) == low for c in homes)
    c = homes[-1]
    g.apply(("homeland", c))
    assert g.pawn[s] == c and g.warriors[s][c] == 2 and g.tokens[c] == ((s, SCARED),)
    assert g.adv.homelands[s] == (c,)
