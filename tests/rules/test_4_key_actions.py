"""Law of Root, 4: Key Actions (craft, move, battle)."""
from __future__ import annotations

from tests.builder import assert_illegal, build, options, play, scored, step_name

M, E = "marquise", "eyrie"


def dice_rolled(g) -> list:  # type: ignore[no-untyped-def]
    return [e for e in g.log if e[0] in ("r", "f") and e[1] == "dice"]


# --------------------------------------------------------------------- 4.1
def test_4_1_1_crafting_piece_suit_is_its_clearing() -> None:
    """4.1.1: a workshop in a fox clearing pays fox costs only."""
    g = build(warriors={M: {1: 1}}, buildings={M: {1: ["workshop"]}},
              hands={M: ["anvil", "bake_sale", "mouse_in_a_sack"]}, turn=M, then="daylight")
    assert options(g, "craft") == [("craft", "anvil", ())]


def test_4_1_1_each_crafting_piece_once_per_turn() -> None:
    """4.1.1: one fox workshop crafts one fox-cost card per turn."""
    g = build(warriors={M: {1: 1}}, buildings={M: {1: ["workshop"]}},
              hands={M: ["anvil", "crossbow_mouse"]}, turn=M, then="daylight")
    assert set(options(g, "craft")) == {("craft", "anvil", ()), ("craft", "crossbow_mouse", ())}
    g.apply(("craft", "anvil", ()))
    assert g.craft_used == [1, 0, 0] and not options(g, "craft")


def test_4_1_1_question_mark_cost_any_suit() -> None:
    """4.1.1: Royal Claim's four question marks take crafting pieces of any suits."""
    g = build(warriors={M: {1: 1}},
              buildings={M: {1: ["workshop"], 5: ["workshop", "workshop"], 9: ["workshop"],
                             8: ["workshop"]}},
              hands={M: ["royal_claim"]}, turn=M, then="daylight")
    # pieces: fox 2 (1, 8), rabbit 2 (5), mouse 1 (9): every choice of four suits
    got = {o[2] for o in options(g, "craft")}
    assert ("fox", "fox", "rabbit", "rabbit") in got and ("fox", "rabbit", "rabbit", "mouse") in got
    assert ("mouse", "mouse", "fox", "fox") not in got and all(len(x) == 4 for x in got)
    g.apply(("craft", "royal_claim", ("fox", "rabbit", "rabbit", "mouse")))
    assert g.played[0] == ["royal_claim"] and g.craft_used == [1, 2, 1]


def test_4_1_2_item_taken_from_supply() -> None:
    """4.1.2: crafting an item takes it from the supply to the crafted items; the card
    is discarded."""
    g = build(warriors={M: {1: 1}}, buildings={M: {1: ["workshop"]}},
              hands={M: ["anvil"]}, turn=M, then="daylight")
    g.apply(("craft", "anvil", ()))
    assert g.items[0] == ["hammer"] and g.supply["hammer"] == 0
    assert g.discard == ["anvil"] and g.vp[0] == 2


def test_4_1_2_item_not_in_supply_cannot_be_crafted() -> None:
    """4.1.2: if the card's item is not in the supply, it cannot be crafted."""
    supply = {"bag": 2, "boots": 2, "crossbow": 1, "hammer": 0, "sword": 2, "tea": 2, "coins": 2}
    g = build(warriors={M: {1: 1}}, buildings={M: {1: ["workshop"]}},
              hands={M: ["anvil", "crossbow_mouse"]}, supply=supply, turn=M, then="daylight")
    assert options(g, "craft") == [("craft", "crossbow_mouse", ())]
    assert_illegal(g, ("craft", "anvil", ()))


def test_4_1_3_persistent_goes_to_play_area() -> None:
    """4.1.3: a persistent effect is placed in the play area."""
    g = build(warriors={M: {1: 1}}, buildings={M: {9: ["workshop"]}},
              hands={M: ["codebreakers"]}, turn=M, then="daylight")
    g.apply(("craft", "codebreakers", ()))
    assert g.played[0] == ["codebreakers"] and g.discard == [] and g.hands[0] == []
    assert ("codebreakers", E) in options(g)  # usable at once (in Daylight)


def test_4_1_4_no_duplicate_persistent_effects() -> None:
    """4.1.4: a persistent effect identical to one in the play area cannot be crafted."""
    g = build(warriors={M: {1: 1}}, buildings={M: {9: ["workshop"], 7: ["workshop"]}},
              hands={M: ["codebreakers", "sappers"]}, played={M: ["codebreakers"]},
              turn=M, then="daylight")
    assert options(g, "craft") == [("craft", "sappers", ())]


def test_4_1_ambush_and_dominance_cannot_be_crafted() -> None:
    """2.1.2 / 2.1.3 with 4.1: ambush and dominance cards have no crafted effect."""
    g = build(warriors={M: {1: 1}}, buildings={M: {1: ["workshop"], 9: ["workshop"]}},
              hands={M: ["ambush_fox", "ambush_bird", "dominance_mouse"]}, turn=M,
              then="daylight")
    assert not options(g, "craft")


# --------------------------------------------------------------------- 4.2
def test_4_2_move_any_number_more_than_zero() -> None:
    """4.2: a move takes any number (more than zero) of the clearing's warriors."""
    g = build(warriors={M: {1: 3}}, step=("marquise.march", M, 1))
    g.apply(("move", 1, 5))
    assert options(g) == [("warriors", 1), ("warriors", 2), ("warriors", 3)]
    assert_illegal(g, ("warriors", 0))
    g.apply(("warriors", 2))
    assert g.warriors[0][1] == 1 and g.warriors[0][5] == 2


def test_4_2_1_must_rule_origin_or_destination() -> None:
    """4.2.1: moves out of 9 (Eyrie rule) only go to clearings the Marquise rules."""
    g = build(warriors={M: {9: 1, 1: 2}, E: {9: 2, 12: 1}}, step=("marquise.march", M, 1))
    ms = set(options(g))
    assert ("move", 9, 1) in ms  # destination ruled
    assert ("move", 9, 4) not in ms and ("move", 9, 12) not in ms  # neither ruled
    assert {("move", 1, 5), ("move", 1, 9), ("move", 1, 10)} <= ms  # origin ruled
    assert_illegal(g, ("move", 9, 12))


def test_4_2_2_same_warriors_move_twice() -> None:
    """4.2.2: no movement limits: the same group moves twice in one March."""
    g = build(warriors={M: {1: 2}}, step=("marquise.actions", M, 3))
    play(g, ("action", "march"), ("move", 1, 5), ("warriors", 2), ("move", 5, 2),
         ("warriors", 2))
    assert g.warriors[0][2] == 2 and g.warriors[0][1] == 0


# --------------------------------------------------------------------- 4.3
def test_4_3_battle_needs_warriors_and_an_enemy_piece() -> None:
    """4.3: the clearing of battle has the attacker's warriors and any defender piece."""
    g = build(warriors={M: {1: 1, 2: 1}, E: {1: 1, 5: 1}}, buildings={E: {2: ["roost"]}},
              tokens={M: {5: ["wood"]}}, step=("marquise.actions", M, 3))
    g.apply(("action", "battle"))
    assert set(options(g)) == {("battle", 1, E), ("battle", 2, E)}  # not 5: no warriors


def test_4_3_1_ambush_deals_two_hits_then_battle_goes_on() -> None:
    """4.3.1.II: the ambush deals two hits at once, is discarded, and the battle continues."""
    g = build(warriors={M: {5: 4}, E: {5: 2}}, hands={E: ["ambush_rabbit"]},
              step=("marquise.actions", M, 3), forced=[["dice", [1, 0]]])
    g.apply(("action", "battle"))
    assert g.decision.seat == E and options(g) == [("ambush", "ambush_rabbit"), ("no_ambush",)]
    g.apply(("ambush", "ambush_rabbit"))
    # the Marquise has no ambush card: the foil choice applied itself
    assert g.warriors[0][5] == 2  # 4 - 2 (ambush); the defender rolled 0
    assert g.warriors[1][5] == 1  # the attacker's 1
    assert "ambush_rabbit" in g.discard and g.hands[1] == []


def test_4_3_1_ambush_must_match_the_clearing() -> None:
    """4.3.1 / 2.1.2: a fox ambush cannot be played in a rabbit clearing; a bird can."""
    g = build(warriors={M: {5: 4}, E: {5: 2}}, hands={E: ["ambush_fox", "ambush_bird"]},
              step=("marquise.actions", M, 3))
    g.apply(("action", "battle"))
    assert options(g) == [("ambush", "ambush_bird"), ("no_ambush",)]
    assert_illegal(g, ("ambush", "ambush_fox"))


def test_4_3_1_ambush_removing_all_attackers_ends_the_battle() -> None:
    """4.3.1.II: if no attacking warriors remain after the ambush, the battle ends (no roll)."""
    g = build(warriors={M: {5: 2}, E: {5: 1}}, hands={E: ["ambush_bird"]},
              step=("marquise.actions", M, 3))
    play(g, ("action", "battle"), ("ambush", "ambush_bird"))
    assert g.warriors[0][5] == 0 and g.warriors[1][5] == 1
    assert not dice_rolled(g) and g.battle is None
    assert g.discard == ["ambush_bird"]


def test_4_3_1_ambush_hits_remove_buildings_after_warriors() -> None:
    """4.3.1.II with 4.3.4: ambush hits left over after the warriors remove buildings;
    the defender scores them (3.2.1)."""
    g = build(warriors={E: {5: 1}, M: {5: 1}}, buildings={E: {5: ["roost"]}},
              hands={M: ["ambush_rabbit"]}, step=("eyrie.decree", E, 2, ("bird",)))
    g.apply(("ambush", "ambush_rabbit"))
    assert g.warriors[1][5] == 0 and g.buildings[5] == ()
    assert g.vp[0] == 1 and not dice_rolled(g)


def test_4_3_1_I_foil_ambush() -> None:
    """4.3.1.I: the attacker foils with a matching ambush: both are discarded, no ambush
    hits, and the battle goes on to the roll."""
    g = build(warriors={M: {5: 2}, E: {5: 2}}, hands={E: ["ambush_rabbit"], M: ["ambush_bird"]},
              step=("marquise.actions", M, 3), forced=[["dice", [0, 0]]])
    play(g, ("action", "battle"), ("ambush", "ambush_rabbit"))
    assert g.decision.seat == M and g.decision.kind == "foil"
    assert options(g) == [("foil", "ambush_bird"), ("no_foil",)]
    g.apply(("foil", "ambush_bird"))
    assert sorted(g.discard) == ["ambush_bird", "ambush_rabbit"]
    assert g.warriors[0][5] == 2 and g.warriors[1][5] == 2 and len(dice_rolled(g)) == 1


def test_4_3_1_I_foil_must_match_too() -> None:
    """4.3.1.I: the foiling card must match the clearing (a mouse ambush in a rabbit clearing
    cannot foil); declining takes the two hits."""
    g = build(warriors={M: {5: 3}, E: {5: 2}}, hands={E: ["ambush_rabbit"], M: ["ambush_mouse"]},
              step=("marquise.actions", M, 3), forced=[["dice", [0, 0]]])
    play(g, ("action", "battle"), ("ambush", "ambush_rabbit"))
    # no matching card: the "do not foil" choice applied itself
    assert g.warriors[0][5] == 1 and g.hands[0] == ["ambush_mouse"]


def test_4_3_2_higher_roll_to_the_attacker() -> None:
    """4.3.2: the attacker deals the higher roll, the defender the lower."""
    g = build(warriors={M: {5: 3}, E: {5: 3}}, step=("marquise.actions", M, 3),
              forced=[["dice", [1, 3]]])
    g.apply(("action", "battle"))
    assert g.warriors[1][5] == 0 and g.warriors[0][5] == 2


def test_4_3_2_I_maximum_rolled_hits() -> None:
    """4.3.2.I: rolled hits are capped by the dealer's warriors in the clearing."""
    g = build(warriors={M: {5: 1}, E: {5: 3}}, step=("marquise.actions", M, 3),
              forced=[["dice", [3, 2]]])
    g.apply(("action", "battle"))
    assert g.warriors[1][5] == 2  # only one hit from one warrior
    assert g.warriors[0][5] == 0  # the Eyrie's 2 (three warriors) against one warrior


def test_4_3_3_I_extra_hits_not_capped() -> None:
    """4.3.3.I: extra hits (Brutal Tactics) are not limited by warriors."""
    g = build(warriors={M: {5: 1}, E: {5: 3}}, played={M: ["brutal_tactics"]},
              step=("marquise.actions", M, 3), forced=[["dice", [3, 0]]])
    play(g, ("action", "battle"), ("effect", "brutal_tactics"))
    assert g.warriors[1][5] == 1 and g.vp[1] == 1


def test_4_3_3_II_defenseless_extra_hit() -> None:
    """4.3.3.II: a defender with no warriors there takes an extra hit."""
    g = build(warriors={M: {5: 1}}, buildings={E: {5: ["roost"]}}, step=("marquise.actions", M, 3),
              forced=[["dice", [0, 0]]])
    g.apply(("action", "battle"))
    assert g.buildings[5] == () and g.vp[0] == 1


def test_4_3_3_II_defenseless_extra_hit_adds_to_rolled_hits() -> None:
    """4.3.3.II: rolled hits plus the defenseless extra hit."""
    g = build(warriors={M: {2: 2}}, buildings={E: {2: ["roost", "roost"]}},
              step=("marquise.actions", M, 3), forced=[["dice", [1, 0]]])
    g.apply(("action", "battle"))
    assert g.buildings[2] == () and g.vp[0] == 2


def test_4_3_4_warriors_first_then_taker_chooses() -> None:
    """4.3.4: all warriors go before buildings or tokens, which the taker chooses."""
    g = build(warriors={M: {5: 1}, E: {5: 3}}, buildings={M: {5: ["sawmill", "workshop"]}},
              tokens={M: {5: ["wood"]}}, step=("eyrie.decree", E, 2, ("bird",)),
              played={E: ["codebreakers"]},  # the Decree step waits after the battle
              forced=[["dice", [2, 0]]])
    g.apply(("decree_battle", "bird", 5, M))
    assert g.decision.seat == M and g.decision.kind == "take_hit"
    assert g.warriors[0][5] == 0
    assert set(options(g)) == {("hit", 0, "sawmill"), ("hit", 0, "workshop"), ("hit", 0, "wood")}
    g.apply(("hit", 0, "wood"))
    assert g.buildings[5] == ((0, "sawmill"), (0, "workshop")) and g.tokens[5] == ()
    assert g.vp[1] == 1 and step_name(g) == "eyrie.decree"


def test_4_3_4_both_sides_deal_hits() -> None:
    """4.3.4: both sides deal their hits."""
    g = build(warriors={M: {5: 3}, E: {5: 3}}, step=("marquise.actions", M, 3),
              forced=[["dice", [2, 2]]])
    g.apply(("action", "battle"))
    assert g.warriors[0][5] == 1 and g.warriors[1][5] == 1
    assert step_name(g) == "marquise.actions" and not scored(g)


def test_4_3_4_defender_hits_remove_attacker_buildings_and_score() -> None:
    """4.3.4 / 3.2.1: the defender's hits remove the attacker's warriors, then its buildings
    there; the defender scores them."""
    g = build(warriors={E: {5: 1}, M: {5: 3}}, buildings={E: {5: ["roost"]}},
              step=("eyrie.decree", E, 2, ("rabbit",)), forced=[["dice", [3, 2]]])
    assert g.warriors[0][5] == 2  # the attacker deals only 1: one warrior (4.3.2.I)
    assert g.warriors[1][5] == 0 and g.buildings[5] == () and g.vp[0] == 1
