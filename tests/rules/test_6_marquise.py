"""Law of Root, 6: Marquise de Cat."""
from __future__ import annotations

import pytest

from tests.builder import assert_illegal, build, options, play, scored, step_name

M, E = "marquise", "eyrie"

# The Marquise's board (6.5.4): wood cost and VP by buildings of that kind on the map.
COST = [0, 1, 2, 3, 3, 4]
VP = {"sawmill": [0, 1, 2, 3, 4, 5], "workshop": [0, 2, 2, 3, 4, 5],
      "recruiter": [0, 1, 2, 3, 3, 4]}


def dice_rolled(g) -> list:  # type: ignore[no-untyped-def]
    return [e for e in g.log if e[0] in ("r", "f") and e[1] == "dice"]


# --------------------------------------------------------------------- 6.2.1
def test_6_2_1_crafts_with_workshops_only() -> None:
    """6.2.1: sawmills and recruiters are not crafting pieces."""
    g = build(warriors={M: {1: 1}}, buildings={M: {1: ["sawmill"], 8: ["recruiter"]}},
              hands={M: ["anvil"]}, turn=M, then="daylight")
    assert not options(g, "craft")
    g = build(warriors={M: {1: 1}}, buildings={M: {8: ["workshop"]}},
              hands={M: ["anvil"]}, turn=M, then="daylight")
    assert options(g, "craft") == [("craft", "anvil", ())]


# --------------------------------------------------------------------- 6.2.2
def test_6_2_2_keep_blocks_eyrie_new_roost() -> None:
    """6.2.2 / 7.4.3: the new roost cannot go to the keep's clearing, even with the fewest
    warriors there."""
    everywhere = {c: 1 for c in range(2, 13)}
    everywhere[7] = 2
    g = build(warriors={M: everywhere}, tokens={M: {1: ["keep"]}}, hands={E: ["anvil"]},
              step=("eyrie.new_roost", E))
    assert ("roost", 1) not in options(g)
    assert set(options(g)) == {("roost", c) for c in range(2, 13) if c != 7}


def test_6_2_2_keep_blocks_eyrie_build() -> None:
    """6.2.2 / 7.5.2.IV: the Eyrie cannot build a roost in the keep's clearing they rule."""
    g = build(warriors={E: {1: 3, 3: 1}}, buildings={E: {3: ["roost"]}},
              tokens={M: {1: ["keep"]}}, leader="despot",
              decree={"build": ["anvil"]}, step=("eyrie.decree", E, 3, ("fox",)))
    assert g.rules(1, 1)
    # no legal build: the only option, falling into turmoil, applied itself
    assert ("turmoil", E) in g.log and g.decision.kind == "leader"
    assert g.buildings[1] == ()


def test_6_2_2_keep_does_not_block_moving_in() -> None:
    """6.2.2: pieces may be moved into the keep's clearing."""
    g = build(warriors={E: {5: 2}, M: {2: 1}}, tokens={M: {1: ["keep"]}},
              step=("eyrie.decree", E, 1, ("rabbit",)))
    assert ("decree_move", "rabbit", 5, 1) in options(g)


def test_6_2_2_removed_keep_blocks_nothing() -> None:
    """6.2.2: with the keep gone (never placed again), the Eyrie may place there."""
    g = build(warriors={M: {c: 1 for c in range(2, 13)}}, hands={E: ["anvil"]},
              step=("eyrie.new_roost", E))
    # clearing 1 alone has the fewest warriors: the roost went there by itself
    assert g.buildings[1] == ((1, "roost"),) and g.warriors[1][1] == 3


# --------------------------------------------------------------------- 6.2.3
def test_6_2_3_field_hospitals_after_battle() -> None:
    """6.2.3: removed warriors go to the keep by spending a card matching their clearing
    (birds are wild); other suits are not offered."""
    g = build(warriors={M: {5: 2, 1: 1}, E: {5: 3}}, tokens={M: {1: ["keep"]}},
              hands={M: ["anvil", "bake_sale", "sappers"]},
              step=("eyrie.decree", E, 2, ("rabbit",)), forced=[["dice", [3, 0]]])
    assert g.decision.seat == M and g.decision.kind == "field_hospitals"
    assert g.warriors[0][5] == 0 and g.stack[-1][2:] == (5, 2)
    assert options(g) == [("field_hospitals", "bake_sale"), ("field_hospitals", "sappers"),
                          ("decline",)]
    assert_illegal(g, ("field_hospitals", "anvil"))
    g.apply(("field_hospitals", "bake_sale"))
    assert g.warriors[0][1] == 3 and g.warriors[0][5] == 0 and "bake_sale" in g.discard


def test_6_2_3_field_hospitals_declined() -> None:
    """6.2.3: declining leaves the warriors in the supply and the card in hand."""
    g = build(warriors={M: {5: 2, 1: 1}, E: {5: 3}}, tokens={M: {1: ["keep"]}},
              hands={M: ["bake_sale"]}, step=("eyrie.decree", E, 2, ("rabbit",)),
              forced=[["dice", [3, 0]]])
    g.apply(("decline",))
    assert g.warriors[0][1] == 1 and g.warrior_supply(0) == 24 and g.hands[0] == ["bake_sale"]


def test_6_2_3_no_field_hospitals_without_the_keep() -> None:
    """6.2.3: with no keep on the map, nothing is offered."""
    g = build(warriors={M: {5: 2}, E: {5: 3}}, hands={M: ["bake_sale"]},
              played={E: ["codebreakers"]}, step=("eyrie.decree", E, 2, ("rabbit",)),
              forced=[["dice", [3, 0]]])
    g.apply(("decree_battle", "rabbit", 5, M))
    assert g.warriors[0][5] == 0 and g.decision.seat == E and g.hands[0] == ["bake_sale"]


def test_6_2_3_field_hospitals_after_an_ambush_before_the_roll() -> None:
    """6.2.3 with 4.3.1.II: warriors lost to an ambush may be saved at once, before the
    dice are rolled; the battle then goes on."""
    g = build(warriors={M: {5: 3, 1: 1}, E: {5: 2}}, tokens={M: {1: ["keep"]}},
              hands={M: ["bake_sale"], E: ["ambush_rabbit"]},
              step=("marquise.actions", M, 3), forced=[["dice", [2, 1]]])
    play(g, ("action", "battle"), ("ambush", "ambush_rabbit"))
    assert g.decision.kind == "field_hospitals" and g.stack[-1][2:] == (5, 2)
    assert not dice_rolled(g) and g.warriors[0][5] == 1
    g.apply(("field_hospitals", "bake_sale"))
    assert g.warriors[0][1] == 3
    # the roll: the attacker's one warrior deals 1 (of 2), the Eyrie deals 1
    assert len(dice_rolled(g)) == 1
    assert g.warriors[1][5] == 1 and g.warriors[0][5] == 0
    # that last warrior triggers Field Hospitals again, with no card left: supply
    assert g.decision.kind == "action" and g.warriors[0][1] == 3


def test_6_2_3_field_hospitals_in_the_keep_clearing() -> None:
    """6.2.3 (docs/rulings.md): warriors removed from the keep's own clearing may be saved."""
    g = build(warriors={M: {1: 2}, E: {1: 3}}, tokens={M: {1: ["keep"]}},
              hands={M: ["anvil"]}, step=("eyrie.decree", E, 2, ("fox",)),
              forced=[["dice", [2, 0]]])
    assert g.decision.kind == "field_hospitals"
    g.apply(("field_hospitals", "anvil"))
    assert g.warriors[0][1] == 2


# --------------------------------------------------------------------- 6.4
def test_6_4_one_wood_per_sawmill() -> None:
    """6.4: one wood at each sawmill (two sawmills in a clearing: two wood)."""
    g = build(warriors={M: {5: 1}}, buildings={M: {5: ["sawmill", "sawmill"], 9: ["sawmill"]}},
              turn=M, steps=[("marquise.wood", M, ()), ("marquise.actions", M, 3)])
    assert g.tokens[5].count((0, "wood")) == 2 and g.tokens[9] == ((0, "wood"),)


# --------------------------------------------------------------------- 6.5
def test_6_5_three_actions_then_only_birds_for_more() -> None:
    """6.5: three actions; each bird card spent (not as part of an action) adds one."""
    g = build(warriors={M: {1: 5}}, hands={M: ["sappers", "anvil"]},
              step=("marquise.actions", M, 3))
    for _ in range(3):
        play(g, ("action", "march"), ("move", 1, 5), ("warriors", 1), ("end_march",))
    assert g.stack[-1][2] == 0
    assert options(g) == [("bird", "sappers"), ("end",)]
    g.apply(("bird", "sappers"))
    assert ("action", "march") in options(g) and g.stack[-1][2] == 1


def test_6_5_2_march_up_to_two_moves() -> None:
    """6.5.2: a March is one or two moves (the first is not optional)."""
    g = build(warriors={M: {1: 2}}, step=("marquise.actions", M, 3))
    g.apply(("action", "march"))
    assert ("end_march",) not in options(g)
    play(g, ("move", 1, 5), ("warriors", 1))
    assert ("end_march",) in options(g)
    play(g, ("move", 1, 9))  # one warrior: its count applied itself
    assert g.decision.kind == "action" and g.stack[-1][2] == 2
    assert g.warriors[0][5] == g.warriors[0][9] == 1


def test_6_5_3_recruit_at_each_recruiter_once_per_turn() -> None:
    """6.5.3: one warrior at each recruiter; only once per turn."""
    g = build(warriors={M: {1: 1}}, buildings={M: {5: ["recruiter", "recruiter"],
                                                   9: ["recruiter"]}},
              step=("marquise.actions", M, 3))
    g.apply(("action", "recruit"))
    assert g.warriors[0][5] == 2 and g.warriors[0][9] == 1
    assert g.stack[-1][2] == 2 and ("action", "recruit") not in options(g)
    assert_illegal(g, ("action", "recruit"))


def test_6_5_4_I_build_needs_rule() -> None:
    """6.5.4.I: only in a clearing the Marquise rules (wood there is not enough)."""
    g = build(warriors={M: {5: 1, 1: 1}, E: {5: 2}}, tokens={M: {5: ["wood", "wood"]}},
              buildings={M: {1: ["sawmill"]}}, step=("marquise.actions", M, 3))
    assert ("action", "build") not in options(g)


@pytest.mark.parametrize("kind", ["sawmill", "workshop", "recruiter"])
@pytest.mark.parametrize("placed", [1, 2, 3, 4, 5])
def test_6_5_4_building_cost_and_vp_tracks(kind: str, placed: int) -> None:
    """6.5.4.II-III: cost by buildings of the kind on the map (0,1,2,3,3,4 wood); the
    uncovered space scores (sawmill 0-5, workshop 0,2,2,3,4,5, recruiter 0,1,2,3,3,4)."""
    at = [5, 9, 7, 8, 2][:placed]
    g = build(warriors={M: {11: 1}}, buildings={M: {c: [kind] for c in at}},
              tokens={M: {11: ["wood"] * 5}}, step=("marquise.build", M))
    g.apply(("build", kind, 11))
    assert (0, kind) in g.buildings[11]
    assert g.tokens[11].count((0, "wood")) == 5 - COST[placed]
    assert g.vp[0] == VP[kind][placed]


def test_6_5_4_sixth_building_costs_four() -> None:
    """6.5.4: the sixth of a kind costs 4 wood; without 4 connected wood, not offered."""
    at = [5, 9, 7, 8, 2]
    g = build(warriors={M: {11: 1}}, buildings={M: {c: ["workshop"] for c in at}},
              tokens={M: {11: ["wood"] * 3}}, step=("marquise.actions", M, 3))
    g.apply(("action", "build"))
    assert not [o for o in options(g) if o[1] == "workshop"]


def test_6_5_4_II_wood_through_ruled_clearings() -> None:
    """6.5.4.II: wood in 9 pays for a building in 10 through 1, all three ruled."""
    g = build(warriors={M: {1: 1, 9: 1, 10: 1}}, buildings={M: {5: ["sawmill"]}},
              tokens={M: {9: ["wood"]}}, step=("marquise.build", M))
    assert ("build", "sawmill", 10) in options(g)
    g.apply(("build", "sawmill", 10))
    assert g.tokens[9] == () and (0, "sawmill") in g.buildings[10] and g.vp[0] == 1


def test_6_5_4_II_wood_not_through_unruled_clearings() -> None:
    """6.5.4.II: an empty clearing (1) or an Eyrie one breaks the connection."""
    g = build(warriors={M: {9: 1, 10: 1}}, buildings={M: {5: ["sawmill"]}},
              tokens={M: {9: ["wood"]}}, step=("marquise.actions", M, 3))
    g.apply(("action", "build"))
    assert ("build", "sawmill", 10) not in options(g)
    assert ("build", "sawmill", 9) in options(g)
    g = build(warriors={M: {9: 1, 10: 1, 1: 1}, E: {1: 2}}, buildings={M: {5: ["sawmill"]}},
              tokens={M: {9: ["wood"]}}, step=("marquise.actions", M, 3))
    g.apply(("action", "build"))
    assert ("build", "sawmill", 10) not in options(g)


def test_6_5_4_II_wood_in_an_adjacent_unruled_clearing_does_not_count() -> None:
    """6.5.4.II: adjacent wood counts only if that clearing is ruled too (12 is tied:
    Lords of the Forest gives it to the Eyrie)."""
    kw = dict(buildings={M: {5: ["sawmill", "workshop"], 9: ["recruiter"]}},
              tokens={M: {12: ["wood"]}}, step=("marquise.actions", M, 3))
    g = build(warriors={M: {9: 1, 12: 1}, E: {12: 1}}, **kw)  # type: ignore[arg-type]
    assert ("action", "build") not in options(g)
    g = build(warriors={M: {9: 1, 12: 1}}, **kw)  # type: ignore[arg-type]
    assert ("action", "build") in options(g)


def test_6_5_4_II_choose_which_wood_to_pay() -> None:
    """6.5.4.II: with more connected wood than the cost, the Marquise picks the clearings."""
    g = build(warriors={M: {1: 1, 9: 1, 10: 1}}, buildings={M: {5: ["sawmill"]}},
              tokens={M: {9: ["wood"], 10: ["wood"]}}, step=("marquise.build", M))
    g.apply(("build", "sawmill", 1))
    assert g.decision.kind == "pay_wood" and options(g) == [("pay_wood", 9), ("pay_wood", 10)]
    g.apply(("pay_wood", 9))
    assert g.tokens[9] == () and g.tokens[10] == ((0, "wood"),)
    assert (0, "sawmill") in g.buildings[1]


def test_6_5_5_overwork_needs_wood_in_supply() -> None:
    """6.5.5 (docs/rulings.md): with all eight wood on the map, Overwork is not offered."""
    g = build(warriors={M: {1: 1}}, buildings={M: {1: ["sawmill"]}},
              tokens={M: {5: ["wood"] * 8}}, hands={M: ["anvil"]},
              step=("marquise.actions", M, 3))
    assert ("action", "overwork") not in options(g)


def test_6_5_5_overwork_places_wood_at_matching_sawmill() -> None:
    """6.5.5: spend a card matching the sawmill's clearing; one wood there."""
    g = build(warriors={M: {1: 1}}, buildings={M: {1: ["sawmill"], 5: ["sawmill"]}},
              hands={M: ["anvil", "bake_sale"]}, step=("marquise.actions", M, 3))
    g.apply(("action", "overwork"))
    assert set(options(g)) == {("overwork", 1, "anvil"), ("overwork", 5, "bake_sale")}
    g.apply(("overwork", 5, "bake_sale"))
    assert g.tokens[5] == ((0, "wood"),) and g.hands[0] == ["anvil"]
    assert g.stack[-1][2] == 2


# --------------------------------------------------------------------- 6.6
@pytest.mark.parametrize("recruiters,drawn", [(0, 1), (1, 1), (2, 1), (3, 2), (4, 2),
                                              (5, 3), (6, 3)])
def test_6_6_draw_bonuses(recruiters: int, drawn: int) -> None:
    """6.6: draw one, plus one per uncovered draw bonus (recruiter track)."""
    spots = [5, 5, 9, 9, 7, 7][:recruiters]
    per: dict[int, list[str]] = {}
    for c in spots:
        per.setdefault(c, []).append("recruiter")
    g = build(warriors={M: {1: 1}}, buildings={M: per}, hands={E: ["anvil"]},
              step=("marquise.evening", M))
    assert len(g.hands[0]) == drawn


def test_6_6_hand_limit_discard_of_choice() -> None:
    """6.6: over five cards after drawing, discard cards of your choice down to five."""
    hand = ["anvil", "bake_sale", "sappers", "armorers", "cobbler", "codebreakers"]
    g = build(warriors={M: {1: 1}}, hands={M: hand, E: ["foxfolk_steel"]},
              deck=["tax_collector"], turn=M, then="evening")
    assert g.decision.kind == "discard" and len(g.hands[0]) == 7
    assert set(options(g)) == {("discard", c) for c in hand + ["tax_collector"]}
    play(g, ("discard", "anvil"), ("discard", "tax_collector"))
    assert sorted(g.hands[0]) == sorted(hand[1:]) and g.discard == ["anvil", "tax_collector"]
    assert g.turn_seat == 1 and step_name(g) != "discard_down"
    assert not scored(g)


def test_6_2_3_no_field_hospitals_when_the_keep_falls_in_the_same_battle() -> None:
    """6.2.3 / 6.2.2 (docs/rulings.md): hits that remove the last warrior and then the keep
    leave nothing to place the warrior at: no Field Hospitals."""
    g = build(warriors={M: {1: 1}, E: {1: 3}}, tokens={M: {1: ["keep"]}},
              hands={M: ["anvil"]}, played={E: ["codebreakers"]},
              step=("eyrie.decree", E, 2, ("fox",)), forced=[["dice", [3, 0]]])
    g.apply(("decree_battle", "fox", 1, M))
    assert g.tokens[1] == () and g.warriors[0][1] == 0 and g.vp[1] == 1
    assert g.decision.seat == E and g.hands[0] == ["anvil"]


def test_6_2_3_field_hospitals_in_the_keep_clearing_after_an_ambush_keeps_the_battle() -> None:
    """4.3.1.II with 6.2.3 (docs/rulings.md): the attackers an ambush removed in the keep's
    clearing come straight back, so attacking warriors remain and the battle goes on."""
    g = build(warriors={M: {1: 2}, E: {1: 2}}, tokens={M: {1: ["keep"]}},
              hands={M: ["anvil"], E: ["ambush_fox"]},
              step=("marquise.actions", M, 3), forced=[["dice", [1, 0]]])
    play(g, ("action", "battle"), ("ambush", "ambush_fox"))
    assert g.decision.kind == "field_hospitals" and g.warriors[0][1] == 0
    g.apply(("field_hospitals", "anvil"))
    assert len(dice_rolled(g)) == 1, "the battle went on to the roll"
    assert g.warriors[1][1] == 1 and g.warriors[0][1] == 2


def test_6_5_4_soup_kitchens_rule_checked_on_choosing_the_clearing() -> None:
    """6.5.4.I-II: rule is checked when the clearing is chosen; the wood may then come
    from the clearings connected through ruled clearings at that moment, even when
    paying a wood costs the Marquise rule there (she rules 5 only because Soup
    Kitchens counts her two wood twice: 4 to the Eyrie's 3)."""
    g = build([M, E], deck_name="exiles_partisans", step=("marquise.build", M), stop=True,
              played={M: ["soup_kitchens"]}, warriors={E: {5: 3}},
              buildings={M: {1: ["workshop"], 12: ["workshop"]}},
              tokens={M: {1: ["wood"], 5: ["wood", "wood"]}})
    assert g.ruler(5) == 0 and ("build", "workshop", 5) in options(g)
    play(g, ("build", "workshop", 5))
    assert set(options(g)) == {("pay_wood", 1), ("pay_wood", 5)}  # the third costs 2
    play(g, ("pay_wood", 5))
    assert g.ruler(5) == 1  # 2 to 3: rule lost to the Eyrie; the payment goes on
    assert options(g) == [("pay_wood", 1), ("pay_wood", 5)]
    play(g, ("pay_wood", 5))
    assert (0, "workshop") in g.buildings[5] and g.count_token(0, "wood") == 1
    assert scored(g, M) == [(M, VP["workshop"][2], "build")]
