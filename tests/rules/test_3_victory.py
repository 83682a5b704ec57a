"""Law of Root, 3: Victory (30 VP, scoring, dominance)."""
from __future__ import annotations

from tests.builder import assert_illegal, build, options, play, scored

M, E = "marquise", "eyrie"


# --------------------------------------------------------------------- 3.1
def test_3_1_thirty_points_wins_immediately() -> None:
    """3.1: reaching 30 VP ends the game at once, mid-Daylight."""
    g = build(vp={M: 28}, warriors={M: {5: 3, 2: 1}},
              buildings={M: {5: ["sawmill"], 2: ["sawmill"]}},
              tokens={M: {5: ["wood", "wood"]}}, step=("marquise.actions", M, 3))
    # the third sawmill costs 2 wood and scores 2 (6.5.4)
    play(g, ("action", "build"), ("build", "sawmill", 5))
    assert g.vp[0] == 30 and g.is_over and g.winners == [M] and g.win_reason == "points"
    assert g.decision is None and ("w", M, "points") in g.log


def test_3_1_thirty_points_on_another_players_turn() -> None:
    """3.1: the defender reaching 30 through Brutal Tactics wins during the attacker's turn."""
    g = build(vp={E: 29}, warriors={M: {5: 3}, E: {5: 1}}, played={M: ["brutal_tactics"]},
              step=("marquise.actions", M, 3), forced=[["dice", [2, 1]]])
    play(g, ("action", "battle"), ("effect", "brutal_tactics"))
    assert g.winners == [E] and g.vp[1] == 30 and g.is_over


def test_3_1_simultaneous_thirty_goes_to_the_player_taking_the_turn() -> None:
    """3.1: if several players are at 30 together, the player taking the turn wins."""
    g = build(warriors={M: {5: 1}}, step=("marquise.actions", M, 3), turn=E)
    g.vp[0] = g.vp[1] = 30
    g.check_victory()
    assert g.winners == [E]


def test_3_1_score_never_below_zero() -> None:
    """Score track floor (docs/rulings.md): losing VP at 0 leaves 0, and nothing is logged."""
    g = build(warriors={M: {5: 1}}, step=("marquise.actions", M, 3))
    g.score(0, -2, "test")
    assert g.vp[0] == 0 and not scored(g)


# --------------------------------------------------------------------- 3.2
def test_3_2_1_removing_buildings_and_tokens_scores() -> None:
    """3.2.1: one VP per enemy building or token removed (warriors score nothing)."""
    g = build(warriors={M: {5: 1}, E: {5: 3}}, buildings={M: {5: ["sawmill"]}},
              tokens={M: {5: ["wood"]}}, step=("eyrie.decree", E, 2, ("bird",)),
              forced=[["dice", [3, 0]]])
    # Eyrie battle in 5: 3 hits -> the warrior, then the sawmill and the wood
    assert g.decision.seat == M and g.decision.kind == "take_hit"
    assert set(options(g)) == {("hit", 0, "sawmill"), ("hit", 0, "wood")}
    g.apply(("hit", 0, "wood"))
    assert g.buildings[5] == () and g.tokens[5] == () and g.warriors[0][5] == 0
    assert g.vp[1] == 2 and scored(g, E) == [(E, 2, "removal")]


def test_3_2_2_crafting_an_item_scores_its_vp() -> None:
    """3.2.2: crafting an item scores the VP on the card (Protection Racket: 3)."""
    g = build(warriors={M: {5: 1}}, buildings={M: {5: ["workshop"], 10: ["workshop"]}},
              hands={M: ["protection_racket"]}, turn=M, then="daylight")
    g.apply(("craft", "protection_racket", ()))
    assert g.vp[0] == 3 and g.items[0] == ["coins"] and g.supply["coins"] == 1
    assert g.discard == ["protection_racket"]


# --------------------------------------------------------------------- 3.3
def test_3_3_1_activate_needs_ten_points() -> None:
    """3.3.1: activating a dominance card needs at least 10 VP."""
    g = build(vp={M: 9}, warriors={M: {5: 1}}, hands={M: ["dominance_fox"]},
              step=("marquise.actions", M, 3))
    assert not options(g, "activate")
    assert_illegal(g, ("activate", "dominance_fox"))
    g = build(vp={M: 10}, warriors={M: {5: 1}}, hands={M: ["dominance_fox"]},
              step=("marquise.actions", M, 3))
    g.apply(("activate", "dominance_fox"))
    assert g.dominance[0] == "dominance_fox" and g.hands[0] == []


def test_3_3_1_activate_only_in_daylight() -> None:
    """3.3.1: activation is a Daylight choice, not offered in Birdsong."""
    g = build(vp={M: 12}, warriors={M: {5: 1}}, hands={M: ["dominance_fox", "sappers"]},
              played={M: ["royal_claim"]}, step=("card_window", M), then="daylight")
    assert g.phase == "birdsong" and not options(g, "activate")
    g.apply(("done",))
    assert g.phase == "daylight" and ("activate", "dominance_fox") in options(g)


def test_3_3_1_no_scoring_after_activation() -> None:
    """3.3.1: after activating, the player can no longer score (building, crafting)."""
    g = build(vp={M: 12}, warriors={M: {5: 3}}, buildings={M: {5: ["sawmill"]}},
              tokens={M: {5: ["wood"]}}, hands={M: ["dominance_fox"]},
              step=("marquise.actions", M, 3))
    play(g, ("activate", "dominance_fox"), ("action", "build"), ("build", "sawmill", 5))
    assert g.count_building(0, "sawmill") == 2 and g.vp[0] == 12 and not scored(g)


def test_3_3_1_activated_player_does_not_win_on_points() -> None:
    """3.3.1: with dominance active, reaching 30 on the track is impossible (no scoring)."""
    g = build(vp={M: 29}, dominance={M: "dominance_fox"}, warriors={M: {5: 3}},
              buildings={M: {5: ["sawmill"]}}, tokens={M: {5: ["wood"]}},
              step=("marquise.actions", M, 3))
    play(g, ("action", "build"), ("build", "sawmill", 5))
    assert not g.is_over and g.vp[0] == 29


def test_3_3_1_I_three_clearings_of_the_suit_win_at_start_of_birdsong() -> None:
    """3.3.1.I: ruling three fox clearings at the start of Birdsong wins."""
    g = build(dominance={M: "dominance_fox"}, warriors={M: {1: 1, 6: 1, 8: 1}, E: {3: 1}},
              buildings={E: {3: ["roost"]}}, step=("turn", M))
    assert g.is_over and g.winners == [M] and g.win_reason == "dominance"


def test_3_3_1_I_two_clearings_are_not_enough() -> None:
    """3.3.1.I: two fox clearings (and a tie in the third, Eyrie rule) do not win."""
    g = build(dominance={M: "dominance_fox"}, warriors={M: {1: 1, 6: 1, 8: 1}, E: {8: 1}},
              step=("turn", M))
    assert not g.is_over


def test_3_3_1_I_win_at_next_birdsong_after_taking_the_clearings() -> None:
    """3.3.1.I: a march into the third fox clearing wins only at the next Birdsong."""
    g = build(dominance={M: "dominance_fox"}, warriors={M: {1: 1, 6: 1, 7: 1}},
              hands={E: ["anvil"]}, step=("marquise.actions", M, 3), then="evening")
    # into 8: now ruling fox clearings 1, 6 and 8, but it is Daylight: no win
    play(g, ("action", "march"), ("move", 7, 8), ("end_march",))
    assert g.rules(0, 8)
    assert not g.is_over
    g.apply(("end",))
    # Evening, then the Eyrie's turn: still no win for the Marquise
    assert not g.is_over and g.decision.seat == E


def test_3_3_1_I_not_checked_on_another_players_birdsong() -> None:
    """3.3.1.I: the check is at the start of the dominance holder's own Birdsong."""
    g = build(dominance={M: "dominance_fox"}, warriors={M: {1: 1, 6: 1, 8: 1}, E: {3: 1}},
              buildings={E: {3: ["roost"]}}, hands={E: ["anvil"]}, step=("turn", E))
    assert not g.is_over and g.decision.seat == E


def test_3_3_1_II_bird_dominance_two_opposite_corners() -> None:
    """3.3.1.II: bird dominance wins ruling two opposite corners (1 and 3)."""
    g = build(dominance={E: "dominance_bird"}, warriors={E: {1: 1, 3: 1}, M: {5: 1}},
              step=("turn", E))
    assert g.winners == [E] and g.win_reason == "dominance"


def test_3_3_1_II_bird_dominance_adjacent_corners_do_not_win() -> None:
    """3.3.1.II: corners 1 and 2 are not opposite; 2 and 4 are."""
    g = build(dominance={E: "dominance_bird"}, warriors={E: {1: 1, 2: 1}, M: {5: 1}},
              hands={E: ["anvil"]}, step=("turn", E))
    assert not g.is_over
    g = build(dominance={E: "dominance_bird"}, warriors={E: {2: 1, 4: 1}, M: {5: 1}},
              step=("turn", E))
    assert g.winners == [E]


def test_3_3_1_lords_of_the_forest_counts_for_dominance() -> None:
    """3.3.1.II with 7.2.2: corners ruled by a tie count for the Eyrie."""
    g = build(dominance={E: "dominance_bird"}, warriors={E: {1: 1, 3: 2}, M: {1: 1, 3: 2}},
              step=("turn", E))
    assert g.winners == [E]


def test_3_3_2_cannot_replace_activated_dominance() -> None:
    """3.3.2: with a dominance card active, another cannot be activated."""
    g = build(vp={M: 15}, dominance={M: "dominance_fox"}, warriors={M: {5: 1}},
              hands={M: ["dominance_mouse"]}, step=("marquise.actions", M, 3))
    assert not options(g, "activate")


def test_3_3_3_discarded_dominance_becomes_available() -> None:
    """3.3.3: discarding a dominance card (hand limit) puts it near the map."""
    hand = ["dominance_fox", "anvil", "bake_sale", "sappers", "armorers", "cobbler"]
    g = build(warriors={M: {5: 1}}, hands={M: hand}, step=("discard_down", M))
    g.apply(("discard", "dominance_fox"))
    assert g.available == ["dominance_fox"] and g.discard == [] and len(g.hands[0]) == 5


def test_3_3_4_take_available_dominance_by_spending_matching_card() -> None:
    """3.3.4: in Daylight, take an available dominance card by spending a matching card."""
    g = build(warriors={M: {5: 1}}, hands={M: ["anvil", "bake_sale"]},
              available=["dominance_fox", "dominance_mouse"], step=("marquise.actions", M, 3))
    assert options(g, "take_dominance") == [("take_dominance", "dominance_fox", "anvil")]
    g.apply(("take_dominance", "dominance_fox", "anvil"))
    assert g.hands[0] == ["bake_sale", "dominance_fox"]
    assert g.available == ["dominance_mouse"] and g.discard == ["anvil"]
    assert g.decision.kind == "action" and g.stack[-1][2] == 3  # not an action


def test_3_3_4_eyrie_takes_dominance_during_the_decree() -> None:
    """3.3.4: the Eyrie may take an available dominance card while resolving the Decree."""
    g = build(warriors={E: {3: 1}}, buildings={E: {3: ["roost"]}},
              hands={E: ["bake_sale"]}, available=["dominance_rabbit"],
              step=("eyrie.decree_start", E))
    assert ("take_dominance", "dominance_rabbit", "bake_sale") in options(g)
