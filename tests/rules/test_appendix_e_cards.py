"""Appendix E: every hireling card, both sides: its setup (A.6.3) and each of its
abilities and actions (E.2.1-E.2.4), in hand-made positions.

Fall map: clearing suits 1 fox, 2 mouse, 3 rabbit, 4 rabbit, 5 rabbit, 6 fox, 7 mouse,
8 fox, 9 mouse, 10 rabbit, 11 mouse, 12 fox. Paths: 1-5, 1-9, 1-10, 2-5, 2-6, 2-10,
3-6, 3-7, 3-11, 4-8, 4-9, 4-12, 6-11, 7-8, 7-12, 9-12, 10-12, 11-12. Ruins: 6, 10, 11,
12. Rivers: 4-7, 5-10, 7-11, 10-11. Map edge: 1-9. Forests: 0 "1_2_5_10", 1
"1_9_10_12", 2 "2_6_10_11_12", 3 "3_6_11", 4 "3_7_11_12", 5 "4_7_8_12", 6 "4_9_12".

In every position the hirelings named come first among the three in play, so the first
named card's pieces are owner ``len(factions)``, the second's the next.
"""
from __future__ import annotations

from typing import Any

import pytest

from rootlaw import Game
from rootlaw.core.battle import battle_targets
from rootlaw.core.game import FOREST, RUIN
from rootlaw.core.move import move_pairs
from tests.builder import build, options, play, scored
from tests.rules.test_appendix_e_hirelings import DAYLIGHT

M, E, A, V, LC, RF, UD, CC, LH, KI = ("marquise", "eyrie", "alliance", "vagabond", "lizards",
                                      "riverfolk", "duchy", "corvids", "hundreds", "keepers")
WY = "wyrm"


def at(factions: list[str], step: tuple[Any, ...], hirelings: dict[str, Any],
       **kw: Any) -> Game:
    """A position starting with ``step`` (a hireling step: the first card is owner
    ``len(factions)``), paused afterwards."""
    kw.setdefault("phase", "daylight")
    return build(factions, step=step, hirelings=hirelings, stop=True, **kw)


def daylight(factions: list[str], hirelings: dict[str, Any], **kw: Any) -> Game:
    """The first faction's Daylight menu of hireling actions (E.2.4)."""
    return at(factions, (DAYLIGHT, factions[0]), hirelings, **kw)


def birdsong(factions: list[str], card: str, hirelings: dict[str, Any], **kw: Any) -> Game:
    """The first faction's start-of-Birdsong action of ``card`` (E.2.3)."""
    kw.setdefault("phase", "birdsong")
    return at(factions, ("hire.birdsong", factions[0], (card,)), hirelings, **kw)


def hired(factions: list[str], card: str, hirelings: dict[str, Any], **kw: Any) -> Game:
    """The first faction hires ``card`` from the supply at the end of its turn (E.1.1),
    then takes its when-hired action (E.2.1)."""
    g = build(factions, step=("hire.take", factions[0]), hirelings=hirelings, stop=True,
              hiring_markers={"pending": {factions[0]: 1}}, phase="evening", **kw)
    if g.decision is not None and ("take_hireling", card) in g.decision.options:
        play(g, ("take_hireling", card))
    return g


def on_map(g: Game, h: int) -> dict[int, int]:
    return {c: g.warriors[h][c] for c in g.clearings() if g.warriors[h][c]}


def paused(g: Game) -> bool:
    return g.decision is not None and g.decision.kind == "pause"


# ------------------------------------------------------------- Forest Patrol
def test_forest_patrol_setup_one_warrior_in_every_clearing() -> None:
    g = at([E, KI], ("forest_patrol.setup", E, 2), {"forest_patrol": {}}, phase="setup")
    assert on_map(g, 2) == {c: 1 for c in range(1, 13)}
    assert g.warrior_supply(2) == 0


def test_forest_patrol_removed_warriors_one_onto_the_card() -> None:
    g = build([E, KI], hirelings={"forest_patrol": {"warriors": {5: 3}}},
              warriors={E: {5: 3}}, step=("command_warren", E), phase="daylight",
              forced=[["dice", [3, 0]]], stop=True)
    hire = g.hire
    assert hire is not None
    play(g, ("battle", 5, "forest_patrol"))
    assert g.warriors[2][5] == 0
    assert hire.on_card[0] == 1 and g.warrior_supply(2) == 11  # one of three, E.2.2


def test_forest_patrol_daylight_move_then_battle() -> None:
    g = daylight([E, KI], {"forest_patrol": {"controller": E, "warriors": {5: 3}}},
                 warriors={E: {5: 1}, KI: {1: 2}}, forced=[["dice", [2, 0]]])
    assert ("hireling", "forest_patrol", "patrol") in options(g)
    play(g, ("hireling", "forest_patrol", "patrol"), ("hmove", "forest_patrol", 5, 1),
         ("warriors", 3))
    assert g.warriors[2][1] == 3 and g.warriors[2][5] == 0
    assert ("hbattle", "forest_patrol", 1, KI) in options(g)  # it may battle after
    play(g, ("hbattle", "forest_patrol", 1, KI))
    assert g.warriors[1][1] == 0  # two hits


def test_forest_patrol_daylight_muster_from_the_card() -> None:
    g = daylight([E, KI], {"forest_patrol": {"controller": E, "warriors": {5: 1, 7: 1},
                                             "on_card": 4}})
    assert ("hireling", "forest_patrol", "muster") in options(g)
    play(g, ("hireling", "forest_patrol", "muster"), ("hplace", "forest_patrol", 7))
    assert on_map(g, 2) == {5: 1, 7: 5}
    assert g.hire is not None and g.hire.on_card[0] == 0


def test_feline_physicians_treat_the_controllers_removed_warriors() -> None:
    g = build([E, KI], hirelings={"forest_patrol": {"side": "demoted", "controller": KI}},
              warriors={E: {5: 3}, KI: {5: 2, 8: 1}}, hands={KI: ["foxfolk_steel", "anvil"]},
              step=("command_warren", E), phase="daylight", forced=[["dice", [3, 0]]],
              suits={5: "fox"}, stop=True)
    play(g, ("battle", 5, KI))
    d = g.decision
    assert d is not None and d.rule == "E.2.2" and d.seat == KI
    assert ("spend_card", "foxfolk_steel") in d.options  # matching clearing 5 (fox)
    play(g, ("spend_card", "foxfolk_steel"))
    assert g.warriors[1][8] == 3  # into the one clearing with Keeper pieces
    assert "foxfolk_steel" in g.discard


def test_feline_physicians_never_for_other_factions() -> None:
    g = build([E, KI], hirelings={"forest_patrol": {"side": "demoted", "controller": KI}},
              warriors={E: {5: 1}, KI: {5: 3, 8: 1}}, hands={E: ["foxfolk_steel"]},
              step=("command_warren", KI), phase="daylight", forced=[["dice", [3, 0]]],
              suits={5: "fox"}, stop=True)
    play(g, ("battle", 5, E))
    assert paused(g) and g.warriors[0][5] == 0  # the Eyrie's warriors: gone


# ------------------------------------------------------------- Last Dynasty
def test_last_dynasty_setup_all_five_in_an_edge_clearing() -> None:
    g = at([M, KI], ("last_dynasty.land", M, 2, 0), {"last_dynasty": {}}, phase="setup")
    assert {o[2] for o in options(g, "hplace")} == set(range(1, 10))  # the map edge
    play(g, ("hplace", "last_dynasty", 4))
    assert on_map(g, 2) == {4: 5}


def test_last_dynasty_case_1_land_and_battle() -> None:
    g = daylight([M, KI], {"last_dynasty": {"controller": M}}, warriors={KI: {2: 2}},
                 forced=[["dice", [3, 1]]])
    play(g, ("hireling", "last_dynasty", "rampage"), ("hplace", "last_dynasty", 2))
    assert g.warriors[1][2] == 0 and g.warriors[2][2] == 4  # battled at once


def test_last_dynasty_case_2_rules_so_all_move_then_battle() -> None:
    g = daylight([M, KI], {"last_dynasty": {"controller": M, "warriors": {5: 3}}},
                 warriors={KI: {1: 1}}, forced=[["dice", [2, 0]]])
    play(g, ("hireling", "last_dynasty", "rampage"))
    assert ("hmove", "last_dynasty", 5, 2) in options(g)
    play(g, ("hmove", "last_dynasty", 5, 1))
    assert on_map(g, 2) == {1: 3} and g.warriors[1][1] == 0  # all moved, then battled


def test_last_dynasty_case_2_by_the_ferry_c2_5_e3_7() -> None:
    """C.2.5 with E.3.7: on the Lake, the Dynasty ruling the Ferry's clearing may move all
    together by the Ferry to another coastal clearing (the hirelings' one move step);
    the Ferry goes with them and the controller draws; then battle there if able."""
    g = daylight([M, KI], {"last_dynasty": {"controller": M, "warriors": {1: 3}}},
                 map="lake", ferry=1, warriors={KI: {10: 1}}, deck_top=["anvil"],
                 forced=[["dice", [1, 0]]])
    play(g, ("hireling", "last_dynasty", "rampage"))
    assert ("hferry", "last_dynasty", 1, 10) in options(g)
    play(g, ("hferry", "last_dynasty", 1, 10))
    assert on_map(g, 2) == {10: 3} and g.ferry == 10 and "anvil" in g.hands[0]
    assert g.warriors[1][10] == 0  # then the battle in the destination


def test_last_dynasty_case_3_battles_twice() -> None:
    g = daylight([M, KI], {"last_dynasty": {"controller": M, "warriors": {5: 2}}},
                 warriors={KI: {5: 3}}, forced=[["dice", [1, 0]], ["dice", [1, 0]]])
    play(g, ("hireling", "last_dynasty", "rampage"))
    assert g.warriors[1][5] == 1  # two battles, one hit each
    assert [e for e in g.log if e[0] == "f" and e[1] == "dice"] and paused(g)


def test_bluebird_nobles_rule_ties() -> None:
    g = at([KI, LC], ("test.stop", KI), {"last_dynasty": {"side": "demoted",
                                                          "controller": LC}},
           warriors={KI: {7: 1}, LC: {7: 1}})
    assert g.rules(1, 7)  # E.2.2 CONTROLLER: tied for most, the Nobles' controller rules
    g.hire.controller[0] = -1  # type: ignore[union-attr]
    g.pieces_changed()
    assert g.ruler(7) is None


def test_bluebird_nobles_birdsong_a_point_per_three_clearings() -> None:
    g = birdsong([LC, KI], "last_dynasty", {"last_dynasty": {"side": "demoted",
                                                             "controller": LC}},
                 warriors={LC: {1: 1, 2: 1, 3: 1, 4: 1, 5: 1, 6: 1, 7: 1}})
    assert (LC, 2, "bluebird_nobles") in scored(g)  # seven ruled: two points


# ------------------------------------------------------------- Spring Uprising
def test_spring_uprising_setup_two_rolls() -> None:
    g = at([E, KI], ("spring_uprising.roll", E, 2, 2, 0), {"spring_uprising": {}},
           phase="setup", forced=[["uprising_die", 0], ["uprising_die", 2]])
    assert {o[2] for o in options(g, "hplace")} == {1, 6, 8, 12}  # fox
    play(g, ("hplace", "spring_uprising", 8))
    assert {o[2] for o in options(g, "hplace")} == {2, 7, 9, 11}  # mouse
    play(g, ("hplace", "spring_uprising", 9))
    assert on_map(g, 2) == {8: 1, 9: 1}


def test_spring_uprising_when_hired_rolls_once() -> None:
    g = hired([E, KI], "spring_uprising", {"spring_uprising": {}},
              forced=[["control_die", 0], ["uprising_die", 1]])
    assert {o[2] for o in options(g, "hplace")} == {3, 4, 5, 10}  # rabbit
    play(g, ("hplace", "spring_uprising", 3))
    assert on_map(g, 2) == {3: 1}


def test_spring_uprising_the_attacker_discards_a_matching_card_first() -> None:
    g = build([E, KI], hirelings={"spring_uprising": {"warriors": {5: 1}}},
              warriors={E: {5: 2}}, hands={E: ["anvil"]}, step=("command_warren", E),
              phase="daylight", suits={5: "rabbit"}, stop=True)
    assert battle_targets(g, 0, (5,)) == []  # no rabbit card: it cannot be battled
    g = build([E, KI], hirelings={"spring_uprising": {"warriors": {5: 1}}},
              warriors={E: {5: 2}}, hands={E: ["bake_sale", "anvil"]},
              step=("command_warren", E), phase="daylight", suits={5: "rabbit"},
              forced=[["dice", [1, 0]]], stop=True)
    play(g, ("battle", 5, "spring_uprising"))
    assert "bake_sale" in g.discard and g.hands[0] == ["anvil"]
    assert g.warriors[2][5] == 0


def test_spring_uprising_birdsong_revolt_or_rise() -> None:
    g = birdsong([E, KI], "spring_uprising", {"spring_uprising": {
        "controller": E, "warriors": {5: 2}}}, warriors={KI: {5: 2}},
        buildings={KI: {5: ["garden_rabbit"]}}, forced=[["uprising_die", 1]])
    assert ("uprising_revolt", 5) in options(g)
    assert ("hplace", "spring_uprising", 3) in options(g)
    play(g, ("uprising_revolt", 5))
    assert g.warriors[2][5] == 1 and g.warriors[1][5] == 0
    assert g.buildings[5] == () and scored(g, E) == []  # E.3.6


def test_rabbit_scouts_the_defender_deals_the_higher_roll() -> None:
    g = build([E, KI], hirelings={"spring_uprising": {"side": "demoted", "controller": KI}},
              warriors={E: {5: 3}, KI: {5: 3}}, hands={KI: ["bake_sale"]},
              step=("command_warren", E), phase="daylight", suits={5: "rabbit"},
              forced=[["dice", [3, 0]]], stop=True)
    play(g, ("battle", 5, KI))
    d = g.decision
    assert d is not None and d.rule == "E.2.2" and d.seat == KI
    play(g, ("enlist_scouts", "bake_sale"))
    assert g.warriors[0][5] == 0 and g.warriors[1][5] == 3  # the Keepers dealt the 3


# ------------------------------------------------------------- The Exile
def test_the_exile_setup_a_forest_and_three_clubs() -> None:
    g = at([E, KI], ("the_exile.setup", E, 2), {"the_exile": {}}, phase="setup")
    play(g, ("exile_forest", "3_6_11"))
    assert g.pawn[2] == FOREST + 3
    assert g.hire is not None and g.hire.items[0] == ("club", "club", "club")


def test_the_exile_aid_item_draw_and_point() -> None:
    g = build([E, KI], hirelings={"the_exile": {"pawn": "3_6_11", "items": ["club"] * 3}},
              warriors={E: {6: 1}}, items={E: ["sword"]}, step=("anytime", E),
              phase="birdsong", stop=True)
    assert ("aid_exile", "sword") in options(g)
    hand = len(g.hands[0])
    play(g, ("aid_exile", "sword"))
    assert g.items[0] == [] and g.hire is not None and "sword" in g.hire.items[0]
    assert len(g.hands[0]) == hand + 1 and (E, 1, "aid_exile") in scored(g)


def test_the_exile_moves_battles_and_refreshes() -> None:
    g = daylight([E, KI], {"the_exile": {"controller": E, "pawn": "3_6_11",
                                         "items": ["club"] * 3}},
                 warriors={KI: {6: 2}}, forced=[["dice", [3, 0]]])
    play(g, ("hireling", "the_exile", "exile"))
    assert ("exile_move", "2_6_10_11_12") in options(g)
    assert ("exile_battle", 6, KI) in options(g)
    play(g, ("exile_battle", 6, KI))
    assert g.warriors[1][6] == 0  # up to 3 hits with three items
    hire = g.hire
    assert hire is not None and hire.exhausted[0] == 2
    play(g, ("exile_move", "2_6_10_11_12"))
    # no item left ready: the action ends, and every item on the card refreshes
    assert g.pawn[2] == FOREST + 2 and hire.exhausted[0] == 0 and paused(g)


def test_the_exile_hits_exhaust_then_remove_items() -> None:
    g = daylight([E, A], {"the_exile": {"controller": E, "pawn": "3_6_11",
                                         "items": ["club", "club", "sword"], "exhausted": 0}},
                 warriors={A: {6: 3}}, forced=[["dice", [0, 3]]])
    # the Alliance defends with the higher roll (8.2.2): three hits on the Exile
    play(g, ("hireling", "the_exile", "exile"), ("exile_battle", 6, A))
    hire = g.hire
    assert hire is not None
    # two exhausted to battle; three hits: the last ready one, then two removed (clubs)
    assert hire.items[0] == ("sword",) and "club" in g.removed_items


def test_the_brigand_setup_ruin_items() -> None:
    g = at([E, KI], ("the_brigand.setup", E, 2), {"the_exile": {"side": "demoted"}},
           phase="setup")
    assert sorted(i for c in g.clearings() for i in g.ruin_items[c]) == [
        "bag", "boots", "hammer", "sword"]


def test_the_brigand_plunder_and_rob() -> None:
    g = daylight([E, KI], {"the_exile": {"side": "demoted", "controller": E}},
                 warriors={E: {6: 1, 5: 1}, KI: {5: 1}}, items={E: ["boots"]},
                 hands={KI: ["anvil"]}, ruin_items={6: ["hammer"]})
    assert {("hireling", "the_exile", "plunder"), ("hireling", "the_exile", "rob")} <= set(
        options(g))
    play(g, ("hireling", "the_exile", "plunder"))
    assert "hammer" in g.items[0] and (RUIN, "ruin") not in g.buildings[6]  # the last one
    play(g, ("hireling", "the_exile", "rob"), ("rob", "boots", KI))
    assert "anvil" in g.hands[0] and g.cards.exhausted[0] == ("boots",)


# ------------------------------------------------------------- Riverfolk Flotilla
def test_riverfolk_flotilla_setup_edge_and_river() -> None:
    g = at([E, KI], ("riverfolk_flotilla.setup", E, 2), {"riverfolk_flotilla": {}},
           phase="setup")
    assert {o[2] for o in options(g)} == {4, 5, 7}
    play(g, ("hplace", "riverfolk_flotilla", 7))
    assert g.pawn[2] == 7


def test_riverfolk_flotilla_cannot_be_battled_and_battles_with_three() -> None:
    g = birdsong([E, KI], "riverfolk_flotilla", {"riverfolk_flotilla": {
        "controller": E, "pawn": 7}}, warriors={KI: {7: 1, 11: 4}},
        forced=[["dice", [3, 3]]], deck_top=["anvil"])
    assert battle_targets(g, 1, (7,)) == []
    d = g.decision
    assert d is not None and d.seat == KI  # the Keepers, in its clearing, may draw
    play(g, ("flotilla_draw",))
    assert ("sail", 11) in options(g) and ("sail", 4) in options(g)
    play(g, ("sail", 11), ("hbattle", "riverfolk_flotilla", 11, KI))
    assert g.warriors[1][11] == 1 and g.pawn[2] == 11  # 3 hits at most; not removed


def test_otter_divers_ignore_rule_at_river_clearings() -> None:
    g = at([E, KI], ("test.stop", E), {"riverfolk_flotilla": {"side": "demoted",
                                                               "controller": E}},
           warriors={E: {10: 1, 1: 1}, KI: {5: 3, 1: 3, 10: 3, 9: 3}})
    pairs = move_pairs(g, 0)
    assert {(10, 1), (10, 2), (10, 12)} <= set(pairs)  # from a river clearing, by paths
    assert (10, 5) not in pairs  # a river is no path (2.3)
    assert (1, 5) in pairs  # to one
    assert (1, 9) not in pairs  # neither on a river: rule needed


# ------------------------------------------------------------- Warm Sun Prophets
def test_warm_sun_prophets_setup_each_ruin() -> None:
    g = at([E, KI], ("warm_sun_prophets.setup", E, 2), {"warm_sun_prophets": {}},
           phase="setup")
    assert on_map(g, 2) == {6: 1, 10: 1, 11: 1, 12: 1}


def test_warm_sun_prophets_when_hired() -> None:
    g = hired([E, KI], "warm_sun_prophets", {"warm_sun_prophets": {}},
              forced=[["control_die", 0]])
    assert len(options(g, "hplace")) == 12
    play(g, ("hplace", "warm_sun_prophets", 7))
    assert on_map(g, 2) == {7: 1}


def test_warm_sun_prophets_force_a_battle_the_forced_player_scores() -> None:
    g = daylight([E, KI, M], {"warm_sun_prophets": {"controller": E, "warriors": {3: 1}}},
                 warriors={KI: {3: 2}}, buildings={M: {3: ["sawmill"]}},
                 forced=[["dice", [2, 0]]])
    play(g, ("hireling", "warm_sun_prophets", "incite"))
    assert ("incite_battle", 3, KI, M) in options(g)
    play(g, ("incite_battle", 3, KI, M))
    assert g.buildings[3] == () and (KI, 1, "removal") in scored(g)


def test_warm_sun_prophets_force_a_move_then_a_battle() -> None:
    g = daylight([E, KI, M], {"warm_sun_prophets": {"controller": E, "warriors": {3: 1}}},
                 warriors={KI: {3: 2, 6: 1}, M: {6: 1}}, forced=[["dice", [1, 0]]])
    play(g, ("hireling", "warm_sun_prophets", "incite"), ("incite_move", 3, KI, 6))
    assert g.warriors[1][3] == 0 and g.warriors[1][6] == 3
    play(g, ("battle", 6, M))
    assert g.warriors[2][6] == 0


def test_warm_sun_prophets_force_a_move_takes_pawns_too() -> None:
    """E.2.4 (a): "move as many of their pieces as they can": 4.2 moves warriors and
    pawns, so a Vagabond standing with a Prophet can be forced to move (a move granted
    by an effect: no boots but the extra one into Hostile warriors, 9.5.1), and the
    Wyrm's pawn goes with its wyrmlings."""
    g = daylight([E, V, KI], {"warm_sun_prophets": {"controller": E, "warriors": {3: 1}}},
                 vagabond={"at": 3})
    play(g, ("hireling", "warm_sun_prophets", "incite"))
    assert {o[3] for o in options(g, "incite_move") if o[2] == V} == {6, 7, 11}
    boots = g.fstate[1].items["boots"]  # type: ignore[attr-defined]
    play(g, ("incite_move", 3, V, 6))
    assert g.pawn[1] == 6 and g.fstate[1].items["boots"] == boots  # type: ignore[attr-defined]
    g = daylight([E, WY, KI], {"warm_sun_prophets": {"controller": E, "warriors": {3: 1}}},
                 warriors={WY: {3: 2}, E: {6: 1}}, wyrm={"at": 3})
    play(g, ("hireling", "warm_sun_prophets", "incite"), ("incite_move", 3, WY, 6))
    assert g.pawn[1] == 6 and g.warriors[1][6] == 2 and g.warriors[1][3] == 0


def test_warm_sun_prophets_preach() -> None:
    g = daylight([E, KI], {"warm_sun_prophets": {"controller": E, "warriors": {3: 1}}})
    play(g, ("hireling", "warm_sun_prophets", "preach"))
    assert ("hplace", "warm_sun_prophets", 3) not in options(g)
    play(g, ("hplace", "warm_sun_prophets", 4))
    assert on_map(g, 2) == {3: 1, 4: 1}


def test_lizard_envoys_take_a_card_of_the_most_common_suit() -> None:
    g = birdsong([E, KI], "warm_sun_prophets", {"warm_sun_prophets": {
        "side": "demoted", "controller": E}},
        discard=["sappers", "anvil", "ambush_mouse", "mouse_in_a_sack", "crossbow_mouse",
                 "foxfolk_steel"])
    # the top five: anvil (fox), ambush (mouse), two mouse cards, fox: mouse is most
    assert set(options(g)) == {("envoy_take", "mouse_in_a_sack"),
                               ("envoy_take", "crossbow_mouse"), ("skip",)}
    play(g, ("envoy_take", "crossbow_mouse"))
    assert "crossbow_mouse" in g.hands[0] and "crossbow_mouse" not in g.discard


# ------------------------------------------------------------- Highway Bandits
def test_highway_bandits_setup_two_different_open_paths() -> None:
    g = at([E, KI], ("highway_bandits.post", E, 2, 0, 0), {"highway_bandits": {}},
           phase="setup", map="mountain")
    paths = {(o[1], o[2]) for o in options(g)}
    assert g.closed and not paths & set(g.closed)  # C.3.2: never a closed path
    first = options(g)[0]
    play(g, first)
    assert g.hire is not None and g.hire.paths[0] == ((first[1], first[2]),)
    from rootlaw.hirelings.highway_bandits import post_targets

    assert (first[1], first[2]) not in post_targets(g, 2, False)  # one bandit per path
    assert g.warrior_supply(2) == 3


def test_highway_bandits_toll_on_enemies_moving_along_their_path() -> None:
    g = build([E, KI], hirelings={"highway_bandits": {"paths": [(1, 5)]}},
              warriors={E: {1: 3}}, step=("move_count", E, 1, 5, 0), phase="daylight",
              stop=True)
    play(g, ("warriors", 3))
    assert g.warriors[0][5] == 2  # one of the three moved is removed


def test_highway_bandits_a_moving_vagabond_damages_an_item() -> None:
    from rootlaw.factions.vagabond import vs_of

    g = build([V, KI], hirelings={"highway_bandits": {"paths": [(1, 5)]}},
              vagabond={"at": 1, "items": {"boots": 2, "sword": 1, "torch": 1}},
              step=("vagabond.actions", V), phase="daylight", stop=True)
    before = sum(sum(x[2:]) for x in vs_of(g, 0).items.values())
    play(g, ("v_move", 5))
    d = g.decision
    assert d is not None and d.kind == "take_hit" and d.seat == V
    play(g, d.options[0])
    after = sum(sum(x[2:]) for x in vs_of(g, 0).items.values())
    assert after == before + 1  # one item damaged


def test_highway_bandits_controller_may_waylay() -> None:
    g = build([E, KI], hirelings={"highway_bandits": {"controller": E, "paths": [(1, 5)]}},
              warriors={E: {1: 2}}, step=("move_count", E, 1, 5, 0), phase="daylight",
              stop=True)
    play(g, ("warriors", 1))
    assert g.warriors[0][5] == 1  # its own: no toll
    play(g, ("waylay", 5))
    assert g.warriors[0][5] == 2


def test_highway_bandits_daylight_post_and_lift() -> None:
    g = daylight([E, KI], {"highway_bandits": {"controller": E, "paths": [(1, 5), (2, 6),
                                                                         (3, 7), (4, 8)]}},
                 warriors={E: {12: 1}})
    play(g, ("hireling", "highway_bandits", "post"), ("bandit_lift", 3, 7))
    # paths without a bandit touching 12, where the Eyrie has pieces
    assert {(o[1], o[2]) for o in options(g)} == {(4, 12), (7, 12), (9, 12), (10, 12),
                                                 (11, 12)}
    play(g, ("bandit_path", 9, 12))
    assert g.hire is not None and (9, 12) in g.hire.paths[0] and (3, 7) not in g.hire.paths[0]


def test_bandit_gangs_when_hired_and_safe_beside_the_controller() -> None:
    g = hired([E, KI], "highway_bandits", {"highway_bandits": {"side": "demoted"}},
              warriors={E: {3: 1}}, forced=[["control_die", 0]])
    assert on_map(g, 2) == {3: 1}  # where the controller has pieces
    g = at([KI, E], ("test.stop", KI), {"highway_bandits": {
        "side": "demoted", "controller": E, "warriors": {3: 1, 4: 1}}},
        warriors={KI: {3: 2, 4: 2}, E: {3: 1}})
    assert (4, 2) in battle_targets(g, 0) and (3, 2) not in battle_targets(g, 0)


def test_bandit_gangs_daylight_arm_or_recruit() -> None:
    g = daylight([E, KI], {"highway_bandits": {"side": "demoted", "controller": E,
                                               "warriors": {3: 2, 4: 1}}},
                 warriors={E: {1: 1}})
    assert {o[2] for o in options(g, "hireling")} == {"arm", "recruit"}
    play(g, ("hireling", "highway_bandits", "arm"))
    assert g.warriors[0][3] == 2 and g.warriors[0][4] == 1


# ------------------------------------------------------------- Sunward Expedition
def test_sunward_expedition_setup_foothold_and_three() -> None:
    g = at([E, KI], ("sunward_expedition.setup", E, 2), {"sunward_expedition": {}},
           phase="setup")
    play(g, ("hplace", "sunward_expedition", 8))
    assert on_map(g, 2) == {8: 3} and g.tokens[8] == ((2, "foothold"),)


def test_sunward_expedition_daylight_outpost_then_march_or_muster() -> None:
    g = daylight([E, KI], {"sunward_expedition": {"controller": E, "warriors": {8: 1},
                                                  "tokens": {8: ["foothold"]}}})
    play(g, ("hireling", "sunward_expedition", "expedition"), ("outpost", 7, 0),
         ("warriors", 2), ("expedition_then", "expedition_muster"))
    assert on_map(g, 2) == {7: 3, 8: 2}
    g = daylight([E, KI], {"sunward_expedition": {
        "controller": E, "warriors": {8: 1, 7: 1, 6: 1},
        "tokens": {8: ["foothold"], 7: ["foothold"], 6: ["foothold"]}}})
    play(g, ("hireling", "sunward_expedition", "expedition"))
    assert ("outpost", 5, 6) in options(g)  # every foothold out: one is lifted
    play(g, ("outpost", 5, 6), ("warriors", 0), ("expedition_then", "expedition_march"))
    assert g.decision is not None and g.decision.kind == "hireling_move"
    assert g.count_token(2, "foothold") == 3 and (2, "foothold") in g.tokens[5]


def test_mole_artisans_keep_crafted_cards_revealed_until_evening_ends() -> None:
    # the Eyrie crafts with its roosts: one rabbit piece for a rabbit card
    g = build([E, KI], hirelings={"sunward_expedition": {"side": "demoted", "controller": E}},
              buildings={E: {4: ["roost"]}}, hands={E: ["a_visit_to_friends"]},
              step=("craft", E), phase="daylight", stop=True)
    play(g, ("craft", "a_visit_to_friends", ()), ("keep_revealed", "a_visit_to_friends"))
    assert g.hire is not None and g.hire.revealed[0] == ("a_visit_to_friends",)
    assert "a_visit_to_friends" not in g.discard and g.hands[0] == []
    end = build([E, KI], hirelings={"sunward_expedition": {"side": "demoted",
                                                           "controller": E}},
                step=("end_turn", E), phase="evening", stop=True,
                before=reveal_anvil)
    assert end.hands[0] == ["anvil"]  # back to the hand at the end of its Evening


def reveal_anvil(g: Game) -> None:
    """The Anvil kept revealed by the Mole Artisans (out of the deck: one of each card)."""
    assert g.hire is not None
    g.deck.remove("anvil")
    g.hire.revealed[0] = ("anvil",)


# ------------------------------------------------------------- Corvid Spies
def test_corvid_spies_setup_two_clearings_of_one_suit() -> None:
    g = at([E, KI], ("corvid_spies.setup", E, 2), {"corvid_spies": {}}, phase="setup")
    for o in options(g):
        assert g.suits[o[1]] == g.suits[o[2]] and o[1] != o[2]
    play(g, ("spy_pair", 1, 6))
    assert on_map(g, 2) == {1: 1, 6: 1}


def test_corvid_spies_daylight_place_then_battle_everywhere_or_steal() -> None:
    g = daylight([E, KI], {"corvid_spies": {"controller": E, "warriors": {5: 1}}},
                 warriors={KI: {5: 1, 8: 1}}, hands={KI: ["anvil"]},
                 forced=[["dice", [1, 0]], ["dice", [1, 0]]])
    play(g, ("hireling", "corvid_spies", "spy"))
    assert {o[2] for o in options(g, "hplace")} == {5, 8}  # enemy pieces
    play(g, ("hplace", "corvid_spies", 8), ("hplace", "corvid_spies", 8))
    assert ("spies_steal", 5) in options(g)
    play(g, ("spies_then", "spies_battle"))
    if g.decision is not None and g.decision.kind == "hireling_battle":
        play(g, g.decision.options[0])
    assert g.warriors[1][5] == 0 and g.warriors[1][8] == 0  # a battle in each
    g = daylight([E, KI], {"corvid_spies": {"controller": E, "warriors": {5: 1}}},
                 warriors={KI: {5: 1}}, hands={KI: ["anvil"]})
    play(g, ("hireling", "corvid_spies", "spy"))  # both Spies into 5, the one choice
    assert g.warriors[2][5] == 3
    play(g, ("spies_steal", 5))
    assert "anvil" in g.hands[0] and g.hands[1] == []


def test_raven_sentries_extra_hit_beside_the_controllers_building() -> None:
    g = build([E, KI], hirelings={"corvid_spies": {"side": "demoted", "controller": E}},
              warriors={E: {5: 1}, KI: {5: 3}}, buildings={E: {5: ["roost"]}},
              step=("command_warren", E), phase="daylight", forced=[["dice", [1, 0]]],
              stop=True)
    play(g, ("battle", 5, KI))
    assert g.warriors[1][5] == 1  # one rolled, one extra


# ------------------------------------------------------------- Protectors
def test_furious_protector_setup_cannot_be_battled_enemies_cannot_place() -> None:
    g = at([E, KI], ("furious_protector.setup", E, 2), {"furious_protector": {}},
           phase="setup")
    play(g, ("hplace", "furious_protector", 5))
    assert g.pawn[2] == 5
    assert not g.may_place(0, 5) and g.may_place(0, 6)  # uncontrolled: everyone's enemy
    g.warriors[0][5] = 2
    assert battle_targets(g, 0, (5,)) == []


def test_furious_protector_birdsong_moves_then_removes_a_warrior_of_each() -> None:
    g = birdsong([E, KI], "furious_protector", {"furious_protector": {
        "controller": E, "pawn": 1}}, warriors={E: {5: 2}, KI: {5: 1, 9: 3}})
    assert {o[1] for o in options(g)} == {5, 9, 10}  # ignoring rule
    play(g, ("protector_to", 5))
    assert g.pawn[2] == 5 and g.warriors[0][5] == 1 and g.warriors[1][5] == 0


def test_stoic_protector_when_hired_shields_and_moves() -> None:
    g = hired([E, KI], "furious_protector", {"furious_protector": {"side": "demoted"}},
              warriors={E: {3: 1}}, forced=[["control_die", 0]])
    assert g.pawn[2] == 3  # where its controller has pieces
    g = at([KI, E], ("test.stop", KI), {"furious_protector": {
        "side": "demoted", "controller": E, "pawn": 3}},
        warriors={KI: {3: 2, 4: 2}, E: {3: 1, 4: 1}}, buildings={E: {3: ["roost"]}})
    targets = battle_targets(g, 0)
    assert (4, 1) in targets and (3, 1) not in targets and (3, 2) not in targets
    from rootlaw.core.effects import remove_all_enemy_pieces

    remove_all_enemy_pieces(g, 0, 3)  # a Revolt: its controller's pieces stay
    assert g.warriors[1][3] == 1 and (1, "roost") in g.buildings[3]
    from rootlaw.bots.base import battle_legal

    b = at(["electric_eyrie", KI], ("test.stop", KI), {"furious_protector": {
        "side": "demoted", "controller": KI, "pawn": 3}},
        warriors={KI: {3: 2, 4: 2}, "electric_eyrie": {3: 2, 4: 2}})
    assert not battle_legal(b, 0, 1, 3) and battle_legal(b, 0, 1, 4)  # bots too (2.3)
    g = birdsong([E, KI], "furious_protector", {"furious_protector": {
        "side": "demoted", "controller": E, "pawn": 3}})
    assert {o[1] for o in options(g)} == {6, 7, 11}
    play(g, ("protector_to", 7))
    assert g.pawn[2] == 7


# ------------------------------------------------------------- Flame Bearers
def test_flame_bearers_setup_and_when_hired_two_anywhere() -> None:
    g = at([E, KI], ("hire.place", E, 2, "warrior", "any", 2, 0), {"flame_bearers": {}},
           phase="setup")
    play(g, ("hplace", "flame_bearers", 4), ("hplace", "flame_bearers", 4))
    assert on_map(g, 2) == {4: 2}
    g = hired([E, KI], "flame_bearers", {"flame_bearers": {}}, forced=[["control_die", 0]])
    play(g, ("hplace", "flame_bearers", 1), ("hplace", "flame_bearers", 2))
    assert on_map(g, 2) == {1: 1, 2: 1}


def test_flame_bearers_birdsong_burn_warriors_first_then_spread() -> None:
    g = birdsong([E, KI], "flame_bearers", {"flame_bearers": {
        "controller": E, "warriors": {6: 2}}},
        warriors={KI: {6: 1}, E: {6: 1}}, buildings={KI: {6: ["ws_tablet_jewelry"]}})
    # two Bearers: the Keepers' warrior first (never the controller's), then the
    # waystation; E.3.6: no points
    assert g.warriors[1][6] == 0 and g.buildings[6] == ((RUIN, "ruin"),)
    assert g.warriors[0][6] == 1 and scored(g, E) == []
    assert {o[2] for o in options(g, "hplace")} == {6, 2, 3, 11}  # then the spread


def test_rat_smugglers_discard_an_item_card_for_a_move_or_battle() -> None:
    g = daylight([E, KI], {"flame_bearers": {"side": "demoted", "controller": E}},
                 warriors={E: {1: 2}}, hands={E: ["anvil", "royal_claim", "foxfolk_steel"]})
    smuggles = options(g, "smuggle")
    assert smuggles == [("smuggle", "anvil"), ("smuggle", "foxfolk_steel")]
    play(g, ("smuggle", "anvil"), ("move", 1, 5), ("warriors", 2))
    assert g.warriors[0][5] == 2 and "anvil" in g.discard
    assert ("smuggle", "foxfolk_steel") in options(g)  # any number of times


# ------------------------------------------------------------- Vault Keepers
def test_vault_keepers_setup_and_when_hired() -> None:
    g = at([E, LC], ("vault_keepers.site", E, 2), {"vault_keepers": {}}, phase="setup")
    play(g, ("vault_site", 5))
    assert on_map(g, 2) == {5: 2} and (2, "vault") in g.buildings[5]
    g = hired([E, LC], "vault_keepers", {"vault_keepers": {}}, forced=[["control_die", 0]])
    play(g, ("vault_site", 12))
    assert on_map(g, 2) == {12: 2}


def test_vault_keepers_daylight_vault_then_battle_or_reinforce() -> None:
    g = daylight([E, LC], {"vault_keepers": {"controller": E, "warriors": {5: 1},
                                             "buildings": {5: ["vault"]}}},
                 warriors={LC: {2: 1}})
    play(g, ("hireling", "vault_keepers", "vaults"))
    assert {o[1] for o in options(g, "vault_build")} == {1, 2, 5}
    play(g, ("vault_build", 2), ("vaults_then", "vault_muster"))
    assert on_map(g, 2) == {5: 2, 2: 1}
    g = daylight([E, LC], {"vault_keepers": {"controller": E, "warriors": {2: 2},
                                             "buildings": {2: ["vault"]}}},
                 warriors={LC: {2: 1}}, forced=[["dice", [2, 0]]])
    play(g, ("hireling", "vault_keepers", "vaults"), ("skip",),
         ("vaults_then", "vault_battle"))
    assert g.warriors[1][2] == 0


def test_badger_bodyguards_ignore_the_first_hit() -> None:
    g = build([E, LC], hirelings={"vault_keepers": {"side": "demoted", "controller": LC}},
              warriors={E: {5: 3}, LC: {5: 3}}, step=("command_warren", E),
              phase="daylight", forced=[["dice", [2, 0]]], stop=True)
    play(g, ("battle", 5, LC))
    assert g.warriors[1][5] == 2 and ("first_hit_ignored", LC, 5) in g.log


# ------------------------------------------------------------- the Bands
def test_popular_band_setup_two_different_clearings_and_when_hired() -> None:
    g = at([E, KI], ("popular_band.setup", E, 2), {"popular_band": {}}, phase="setup")
    assert all(o[1] != o[2] for o in options(g))
    play(g, ("band_pair", 3, 9))
    assert on_map(g, 2) == {3: 1, 9: 1}


@pytest.mark.parametrize("side", ["promoted", "demoted"])
def test_the_bands_lock_enemies_that_moved_in(side: str) -> None:
    g = build([E, KI], hirelings={"popular_band": {"side": side, "warriors": {5: 1}}},
              warriors={E: {1: 3}}, step=("move_count", E, 1, 5, 0), phase="daylight",
              stop=True)
    play(g, ("warriors", 2))
    assert not g.may_move(0, 5, 2) and g.may_move(0, 1, 9)
    assert [p for p in move_pairs(g, 0) if p[0] == 5] == []


def test_popular_band_gig_pulls_then_places() -> None:
    g = daylight([E, KI], {"popular_band": {"controller": E, "warriors": {5: 1}}},
                 warriors={KI: {1: 2, 2: 1}, E: {5: 1}})
    play(g, ("hireling", "popular_band", "gig"))  # its one clearing: 5
    assert ("pull", 1, KI, 2) in options(g)
    play(g, ("pull", 1, KI, 2), ("skip",), ("hplace", "popular_band", 9))
    assert g.warriors[1][5] == 2 and on_map(g, 2) == {5: 1, 9: 1}


def test_street_band_places_anywhere() -> None:
    g = daylight([E, KI], {"popular_band": {"side": "demoted", "controller": E}})
    play(g, ("hireling", "popular_band", "busk"))
    assert len(options(g, "hplace")) == 12
