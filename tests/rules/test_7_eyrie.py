"""Law of Root, 7: Eyrie Dynasties."""
from __future__ import annotations

import pytest

from tests.builder import assert_illegal, build, options, play, scored

M, E = "marquise", "eyrie"
V = "loyal_vizier"
ROOST_VP = [0, 1, 2, 3, 4, 4, 5]  # 7.6.1, by roosts on the map (1..7)


def eyrie(g):  # type: ignore[no-untyped-def]
    return g.fstate[g.seat_of(E)]


# --------------------------------------------------------------------- 7.2
def test_7_2_1_crafts_with_roosts() -> None:
    """7.2.1: the Eyrie craft (before the Decree) by activating roosts."""
    g = build(warriors={E: {1: 1}}, buildings={E: {1: ["roost"]}}, hands={E: ["anvil"]},
              leader="builder", turn=E, then="daylight")
    assert options(g, "craft") == [("craft", "anvil", ())]
    g.apply(("craft", "anvil", ()))
    assert g.items[1] == ["hammer"]


def test_7_2_2_lords_of_the_forest_ties() -> None:
    """7.2.2: the Eyrie rule a clearing when tied for most warriors and buildings."""
    g = build(warriors={M: {5: 1, 9: 1, 2: 1}, E: {5: 1, 9: 2, 2: 1}},
              buildings={M: {9: ["sawmill"]}}, step=("marquise.actions", M, 3))
    assert g.ruler(5) == 1 and g.ruler(9) == 1 and g.ruler(2) == 1
    g = build(warriors={M: {9: 2}, E: {9: 2}}, buildings={M: {9: ["sawmill"]}},
              step=("marquise.actions", M, 3))
    assert g.ruler(9) == 0


def test_7_2_2_tie_lets_the_eyrie_move_out_but_not_the_marquise() -> None:
    """7.2.2 with 4.2.1: out of a tied clearing into empty ones only the Eyrie may move."""
    g = build(warriors={M: {5: 1, 12: 1}, E: {5: 1}}, step=("marquise.march", M, 1))
    assert not [o for o in options(g) if o[1] == 5]
    g = build(warriors={M: {5: 1}, E: {5: 1}}, step=("eyrie.decree", E, 1, ("rabbit",)))
    assert set(options(g)) == {("decree_move", "rabbit", 5, 1), ("decree_move", "rabbit", 5, 2)}


def test_7_2_3_disdain_for_trade() -> None:
    """7.2.3: crafting an item scores one VP, whatever the card says."""
    g = build(warriors={E: {5: 1}}, buildings={E: {5: ["roost"], 10: ["roost"]}},
              hands={E: ["protection_racket"]}, leader="despot", turn=E, then="daylight")
    g.apply(("craft", "protection_racket", ()))
    assert g.vp[1] == 1 and g.items[1] == ["coins"]


def test_7_8_1_builder_ignores_disdain_for_trade() -> None:
    """7.8.1: the Builder scores the card's VP (Protection Racket: 3)."""
    g = build(warriors={E: {5: 1}}, buildings={E: {5: ["roost"], 10: ["roost"]}},
              hands={E: ["protection_racket"]}, leader="builder", turn=E, then="daylight")
    g.apply(("craft", "protection_racket", ()))
    assert g.vp[1] == 3


# --------------------------------------------------------------------- 7.4
def test_7_4_1_emergency_orders() -> None:
    """7.4.1: with no cards in hand, draw one (then it must go to the Decree)."""
    g = build(warriors={E: {3: 1}}, buildings={E: {3: ["roost"]}}, deck_top=["anvil"],
              step=("turn", E))
    assert g.hands[1] == ["anvil"] and g.decision.kind == "decree_add"
    assert len(options(g)) == 4 and ("done",) not in options(g)


def test_7_4_1_no_draw_with_cards_in_hand() -> None:
    """7.4.1: Emergency Orders only with an empty hand."""
    g = build(warriors={E: {3: 1}}, buildings={E: {3: ["roost"]}}, hands={E: ["bake_sale"]},
              deck_top=["anvil"], step=("turn", E))
    assert g.hands[1] == ["bake_sale"]


def test_7_4_2_add_one_or_two_cards_only_one_bird() -> None:
    """7.4.2: at least one card, at most two, at most one of them a bird."""
    g = build(warriors={E: {3: 1}}, buildings={E: {3: ["roost"]}},
              hands={E: ["anvil", "sappers", "armorers"]}, step=("eyrie.add", E, 0, 0))
    assert len(options(g)) == 12 and ("done",) not in options(g)
    g.apply(("decree", "sappers", "build"))
    assert ("done",) in options(g)
    assert not [o for o in options(g) if o[0] == "decree" and o[1] == "armorers"]
    assert_illegal(g, ("decree", "armorers", "move"))
    g.apply(("decree", "anvil", "move"))
    assert eyrie(g).decree[3] == ("sappers",) and eyrie(g).decree[1] == (V, "anvil")
    assert g.hands[1] == ["armorers"]


def test_7_4_2_bird_after_a_non_bird() -> None:
    """7.4.2: a non-bird first, then a bird is fine; then the adding stops."""
    g = build(warriors={E: {3: 1}}, buildings={E: {3: ["roost"]}},
              hands={E: ["anvil", "sappers", "bake_sale"]}, step=("eyrie.add", E, 0, 0))
    play(g, ("decree", "anvil", "battle"), ("decree", "sappers", "battle"))
    assert eyrie(g).decree[2] == ("anvil", "sappers") and g.hands[1] == ["bake_sale"]


def test_7_4_2_one_card_then_stop() -> None:
    """7.4.2: after one card the Eyrie may stop."""
    g = build(warriors={E: {3: 1}}, buildings={E: {3: ["roost"]}},
              hands={E: ["anvil", "bake_sale"]}, step=("eyrie.add", E, 0, 0))
    play(g, ("decree", "bake_sale", "recruit"), ("done",))
    assert eyrie(g).decree[0] == (V, "bake_sale") and g.hands[1] == ["anvil"]


def test_7_4_2_nothing_to_add() -> None:
    """7.4.1-2 with 1.5.4: no hand and nothing to draw: nothing is added."""
    g = build(warriors={E: {3: 1}, M: {12: 1}}, buildings={E: {3: ["roost"]}}, deck=[],
              step=("turn", E))
    assert eyrie(g).decree == ((V,), (V,), (), ())
    assert g.log.count(("d", E, ("done",))) == 0


def test_7_4_3_new_roost_fewest_warriors() -> None:
    """7.4.3: no roost on the map: a roost and three warriors in a clearing with the
    fewest warriors (the Eyrie choose among ties)."""
    w = {c: 1 for c in range(1, 13)}
    w[5] = w[9] = 0
    g = build(warriors={M: w}, hands={E: ["anvil"]}, step=("eyrie.new_roost", E))
    assert set(options(g)) == {("roost", 5), ("roost", 9)}
    g.apply(("roost", 9))
    assert g.buildings[9] == ((1, "roost"),) and g.warriors[1][9] == 3


def test_7_4_3_no_new_roost_with_one_on_the_map() -> None:
    """7.4.3: only with no roost on the map."""
    g = build(warriors={E: {3: 1}}, buildings={E: {3: ["roost"]}}, hands={E: ["anvil"]},
              step=("eyrie.new_roost", E))
    assert g.count_building(1, "roost") == 1 and g.warriors[1][3] == 1


# --------------------------------------------------------------------- 7.5
def test_7_5_2_columns_left_to_right() -> None:
    """7.5.2: Recruit resolves before Move (the warrior recruited is the one that moves)."""
    g = build(buildings={E: {3: ["roost"]}}, warriors={M: {12: 1}},
              step=("eyrie.decree_start", E))
    # recruit (vizier) applied itself; now the move has a warrior to move
    assert g.warriors[1][3] == 1 and g.decision.kind == "decree"
    assert set(options(g)) == {("decree_move", "bird", 3, c) for c in (6, 7, 11)}


def test_7_5_2_any_order_within_a_column() -> None:
    """7.5.2: the cards of a column resolve in any order."""
    g = build(warriors={E: {3: 2, 1: 1}}, buildings={E: {3: ["roost"]}},
              decree={"move": ["anvil"]}, step=("eyrie.decree", E, 1, ("bird", "fox")))
    fox = {o for o in options(g) if o[1] == "fox"}
    bird = {o for o in options(g) if o[1] == "bird"}
    assert fox == {("decree_move", "fox", 1, c) for c in (5, 9, 10)}
    # the bird card moves from any clearing: from 1 as the fox card does, and from 3
    assert {o[2:] for o in fox} < {o[2:] for o in bird}
    play(g, ("decree_move", "fox", 1, 5))
    assert g.decision.kind == "decree" and {o[1] for o in options(g)} == {"bird"}


def test_7_5_2_I_recruit_at_matching_roost() -> None:
    """7.5.2.I: a warrior in a clearing with a roost matching the card (bird: any)."""
    g = build(warriors={E: {3: 1}}, buildings={E: {3: ["roost"], 1: ["roost"]}},
              decree={"recruit": ["anvil"]}, step=("eyrie.decree", E, 0, ("bird", "fox")))
    assert set(options(g)) == {("decree_recruit", "bird", 3), ("decree_recruit", "bird", 1),
                               ("decree_recruit", "fox", 1)}
    g.apply(("decree_recruit", "fox", 1))
    assert g.warriors[1][1] == 1


def test_7_5_2_III_battle_in_matching_clearing() -> None:
    """7.5.2.III: battle in a clearing matching the card."""
    g = build(warriors={E: {1: 1, 5: 1}, M: {1: 1, 5: 1}}, buildings={E: {3: ["roost"]}},
              step=("eyrie.decree", E, 2, ("rabbit", "bird")), forced=[["dice", [0, 0]]])
    assert {o for o in options(g) if o[1] == "rabbit"} == {("decree_battle", "rabbit", 5, M)}
    assert {o for o in options(g) if o[1] == "bird"} == {("decree_battle", "bird", 1, M),
                                                         ("decree_battle", "bird", 5, M)}


def test_7_5_2_IV_build_in_ruled_matching_clearing_without_roost() -> None:
    """7.5.2.IV: a roost in a clearing the Eyrie rule, of the card's suit, with no roost."""
    g = build(warriors={E: {5: 1, 10: 1, 3: 1, 4: 1}, M: {4: 2}},
              buildings={E: {3: ["roost"]}}, step=("eyrie.decree", E, 3, ("rabbit",)))
    assert set(options(g)) == {("decree_build", "rabbit", 5), ("decree_build", "rabbit", 10)}
    g.apply(("decree_build", "rabbit", 10))
    assert (1, "roost") in g.buildings[10] and not scored(g)  # roosts score in Evening


def test_7_5_2_turmoil_when_an_action_is_impossible() -> None:
    """7.5.2 / 7.7: a card with no possible action throws the Eyrie into turmoil:
    humiliate (one VP per bird card), purge (viziers stay), depose, then Evening."""
    g = build(vp={E: 5}, warriors={E: {3: 1}, M: {12: 1}}, buildings={E: {3: ["roost"]}},
              decree={"recruit": ["anvil"]}, leader="builder", deck_top=["bake_sale"],
              step=("eyrie.decree_start", E), then="evening")
    assert set(options(g)) == {("decree_recruit", "bird", 3), ("turmoil", "fox")}
    g.apply(("turmoil", "fox"))
    assert g.vp[1] == 3 and scored(g, E) == [(E, -2, "humiliate")]
    assert "anvil" in g.discard and V not in g.discard
    assert g.decision.kind == "leader"
    assert set(options(g)) == {("leader", x) for x in ("charismatic", "commander", "despot")}
    g.apply(("leader", "despot"))
    es = eyrie(g)
    assert es.leader == "despot" and set(es.face_up) == {"charismatic", "commander"}
    assert es.decree == ((), (V,), (), (V,))
    # 7.7.4 Rest: Evening (one roost: 0 VP; draw one), then the Marquise's turn
    assert g.hands[1] == ["bake_sale"] and g.turn_seat == 0 and g.vp[1] == 3


def test_7_7_turmoil_mid_decree() -> None:
    """7.7: turmoil after some Decree cards were resolved: what was done stays done; the
    whole Decree (resolved cards too) is humiliated and purged."""
    g = build(vp={E: 10}, warriors={E: {3: 2, 1: 2}, M: {9: 1}},
              buildings={E: {3: ["roost"]}}, leader="builder",
              decree={"move": ["foxfolk_steel"], "battle": ["anvil"], "build": ["sappers"]},
              step=("eyrie.decree_start", E), then="evening")
    # recruit (vizier) at 3 applied itself
    assert g.warriors[1][3] == 3
    play(g, ("decree_move", "fox", 1, 5), ("warriors", 2),
         ("decree_move", "bird", 3, 7), ("warriors", 1))
    # battle with a fox card: no Marquise piece in a fox clearing with Eyrie warriors:
    # the only option, turmoil, applied itself
    assert ("turmoil", E) in g.log and g.decision.kind == "leader"
    assert g.warriors[1][3] == 2 and g.warriors[1][7] == 1 and g.warriors[1][5] == 2
    assert g.vp[1] == 7  # two viziers and Sappers
    assert sorted(g.discard) == ["anvil", "foxfolk_steel", "sappers"]
    g.apply(("leader", "commander"))
    assert eyrie(g).decree == ((), (V,), (V,), ())


def test_7_7_1_humiliate_stops_at_zero() -> None:
    """7.7.1 (docs/rulings.md): the score does not go below zero."""
    g = build(vp={E: 1}, warriors={E: {3: 1}, M: {12: 1}}, buildings={E: {3: ["roost"]}},
              decree={"recruit": ["anvil", "sappers"]}, step=("eyrie.decree_start", E))
    g.apply(("turmoil", "fox"))
    assert g.vp[1] == 0 and scored(g, E) == [(E, -1, "humiliate")]


def test_7_7_3_I_a_new_clutch() -> None:
    """7.7.3.I: no leader face up: all are flipped face up (the deposed one too)."""
    g = build(warriors={E: {3: 1}, M: {12: 1}}, buildings={E: {3: ["roost"]}},
              leader="builder", face_up=(), decree={"recruit": ["anvil"]},
              step=("eyrie.decree_start", E))
    g.apply(("turmoil", "fox"))
    assert set(options(g)) == {("leader", x)
                               for x in ("builder", "charismatic", "commander", "despot")}
    g.apply(("leader", "charismatic"))
    es = eyrie(g)
    assert es.leader == "charismatic" and set(es.face_up) == {"builder", "commander", "despot"}
    assert es.decree == ((V,), (), (V,), ())


def test_7_5_2_recruit_with_no_warriors_left_is_turmoil() -> None:
    """7.5.2.I / 7.7: with no warrior in the supply the Recruit cannot be taken."""
    g = build(warriors={E: {3: 20}, M: {12: 1}}, buildings={E: {3: ["roost"]}},
              step=("eyrie.decree_start", E))
    assert ("turmoil", E) in g.log and g.decision.kind == "leader"


def test_7_5_2_build_with_no_roost_left_is_turmoil() -> None:
    """7.5.2.IV / 1.5.1: with all seven roosts on the map a Build cannot be taken."""
    g = build(warriors={E: {8: 2}, M: {12: 1}},
              buildings={E: {c: ["roost"] for c in (2, 3, 4, 5, 7, 9, 11)}},
              leader="despot", step=("eyrie.decree", E, 3, ("fox",)))
    assert ("turmoil", E) in g.log and g.decision.kind == "leader"


# --------------------------------------------------------------------- 7.6
@pytest.mark.parametrize("roosts", [1, 2, 3, 4, 5, 6, 7])
def test_7_6_roost_track_vp_and_draw_bonuses(roosts: int) -> None:
    """7.6.1: score the rightmost empty Roosts space; 7.6.2: draw 1 + one per bonus
    uncovered (3rd and 6th roosts)."""
    at = [1, 2, 3, 4, 5, 6, 7][:roosts]
    g = build(buildings={E: {c: ["roost"] for c in at}}, warriors={M: {12: 2}},
              hands={M: ["sappers"]}, step=("eyrie.evening", E))
    assert g.vp[1] == ROOST_VP[roosts - 1]
    assert len(g.hands[1]) == 1 + (roosts >= 3) + (roosts >= 6)


def test_7_6_2_hand_limit() -> None:
    """7.6.2: down to five cards of the Eyrie's choice."""
    hand = ["anvil", "bake_sale", "sappers", "armorers", "cobbler"]
    g = build(buildings={E: {3: ["roost"]}}, warriors={M: {12: 2}}, hands={E: hand},
              deck_top=["codebreakers"], turn=E, then="evening")
    assert g.decision.seat == E and g.decision.kind == "discard"
    g.apply(("discard", "codebreakers"))
    assert g.hands[1] == hand


# --------------------------------------------------------------------- 7.8
def test_7_8_2_charismatic_recruits_two() -> None:
    """7.8.2: each Recruit places two warriors."""
    g = build(buildings={E: {3: ["roost"]}}, warriors={M: {12: 1}}, leader="charismatic",
              played={E: ["codebreakers"]}, step=("eyrie.decree", E, 0, ("bird",)))
    g.apply(("decree_recruit", "bird", 3))
    assert g.warriors[1][3] == 2


def test_7_8_3_commander_extra_hit_as_attacker_only() -> None:
    """7.8.3: an extra hit in battle as attacker (not as defender)."""
    g = build(warriors={E: {5: 1}, M: {5: 3}}, leader="commander",
              step=("eyrie.decree", E, 2, ("rabbit",)), forced=[["dice", [1, 0]]])
    assert g.warriors[0][5] == 1  # rolled 1 + Commander 1
    g = build(warriors={E: {5: 1}, M: {5: 3}}, leader="commander",
              step=("marquise.actions", M, 3), forced=[["dice", [1, 1]]])
    g.apply(("action", "battle"))
    assert g.warriors[0][5] == 2 and g.warriors[1][5] == 0


def test_7_8_4_despot_extra_point_for_buildings_or_tokens() -> None:
    """7.8.4: removing at least one building or token in a battle scores one more VP
    (once per battle)."""
    kw = dict(warriors={E: {5: 1}}, buildings={M: {5: ["sawmill"]}}, tokens={M: {5: ["wood"]}},
              played={E: ["codebreakers"]},  # the Decree waits after the battle
              step=("eyrie.decree", E, 2, ("rabbit",)), forced=[["dice", [1, 0]]])
    g = build(leader="despot", **kw)  # type: ignore[arg-type]
    # 1 rolled + 1 defenseless: both the sawmill and the wood
    play(g, ("decree_battle", "rabbit", 5, M), ("hit", 0, "sawmill"))
    assert g.buildings[5] == () and g.tokens[5] == ()
    assert g.vp[1] == 3
    g = build(leader="builder", **kw)  # type: ignore[arg-type]
    play(g, ("decree_battle", "rabbit", 5, M), ("hit", 0, "wood"))
    assert g.vp[1] == 2


def test_7_8_4_despot_nothing_for_warriors_only() -> None:
    """7.8.4: no extra VP when only warriors are removed."""
    g = build(warriors={E: {5: 2}, M: {5: 1}}, leader="despot",
              step=("eyrie.decree", E, 2, ("rabbit",)), forced=[["dice", [2, 0]]])
    assert g.warriors[0][5] == 0 and g.vp[1] == 0


def test_7_8_4_despot_as_defender_with_an_ambush() -> None:
    """7.8.4 with 4.3.1.II: an ambush that removes the attacker's building counts too."""
    g = build(warriors={M: {5: 1}, E: {5: 1}}, buildings={M: {5: ["sawmill"]}},
              hands={E: ["ambush_bird"]}, leader="despot", step=("marquise.actions", M, 3))
    play(g, ("action", "battle"), ("ambush", "ambush_bird"))
    assert g.warriors[0][5] == 0 and g.buildings[5] == ()
    assert g.vp[1] == 2 and sorted(x[2] for x in scored(g, E)) == ["battle_bonus", "removal"]


def test_7_7_purge_sends_dominance_cards_near_the_map() -> None:
    """7.7.1-2 with 3.3.3: a bird dominance card on the Decree is humiliated as a bird and
    purged to the available dominance cards, not the discard pile."""
    g = build(vp={E: 6}, warriors={E: {3: 1}, M: {12: 1}}, buildings={E: {3: ["roost"]}},
              decree={"recruit": ["anvil"], "build": ["dominance_bird"]},
              step=("eyrie.decree_start", E))
    g.apply(("turmoil", "fox"))
    assert g.vp[1] == 3  # two viziers and the bird dominance card
    assert g.available == ["dominance_bird"] and g.discard == ["anvil"]


def test_7_7_1_no_humiliation_with_dominance_active() -> None:
    """3.3.1 with 7.7.1 (docs/rulings.md): with a dominance card active the score
    neither rises nor falls."""
    g = build(vp={E: 12}, dominance={E: "dominance_fox"}, warriors={E: {3: 1}, M: {12: 1}},
              buildings={E: {3: ["roost"]}}, decree={"recruit": ["anvil"]},
              step=("eyrie.decree_start", E))
    g.apply(("turmoil", "fox"))
    assert g.vp[1] == 12 and not scored(g)


def test_7_2_2_lords_of_the_forest_needs_an_eyrie_piece() -> None:
    """7.2.2 with G.1.33: hired Riverfolk warriors are still Riverfolk pieces, so the
    Eyrie tied with them alone, and no Eyrie piece, do not rule; with one Eyrie warrior
    in the tie they do."""
    g = build([E, M, "riverfolk"], turn=E, phase="daylight", stop=True,
              riverfolk={"mercenaries": E}, warriors={"riverfolk": {5: 2, 1: 1}, M: {5: 2, 1: 2},
                                                     E: {1: 1}})
    assert g.ruler(5) is None  # 2 mercenaries to 2 Marquise warriors, no Eyrie piece
    assert g.ruler(1) == 0  # 1 + 1 mercenary to 2, with an Eyrie warrior: Lords
