"""Law of Root, 2: Key Concepts (cards, suits, birds wild, clearings, rivers, rule)."""
from __future__ import annotations

from tests.builder import assert_illegal, build, options, play

M, E = "marquise", "eyrie"


# --------------------------------------------------------------------- 2.1
def test_2_1_empty_deck_reshuffles_discard() -> None:
    """2.1: an empty deck is formed anew by shuffling the discard pile at once."""
    g = build(warriors={M: {1: 1}}, deck=[], discard=["tax_collector", "bake_sale", "sappers"],
              hands={E: ["anvil"]},  # no Emergency Orders draw on the Eyrie's turn
              forced=[["reshuffle", ["sappers", "tax_collector", "bake_sale"]]],
              step=("marquise.evening", M))
    # the top of the new deck is the end of the shuffled list
    assert g.hands[0] == ["bake_sale"]
    assert g.deck == ["sappers", "tax_collector"] and g.discard == []
    assert ("f", "reshuffle", ["sappers", "tax_collector", "bake_sale"]) in g.log  # forced


def test_2_1_reshuffle_is_immediate() -> None:
    """2.1: the moment the deck is empty, the discard pile is shuffled to form a new deck,
    so a card discarded afterwards stays in the (new) discard pile."""
    hand = ["bake_sale", "sappers", "armorers", "cobbler", "codebreakers"]
    g = build(warriors={M: {1: 1}}, hands={M: hand, E: ["foxfolk_steel"]}, deck=["anvil"],
              discard=["tax_collector", "royal_claim"],
              forced=[["reshuffle", ["royal_claim", "tax_collector"]]], turn=M, then="evening")
    # the Evening draw took the last card: the discard pile became the deck at once
    assert g.hands[0][-1] == "anvil" and g.decision.kind == "discard"
    assert g.deck == ["royal_claim", "tax_collector"] and g.discard == []
    g.apply(("discard", "anvil"))
    assert g.discard == ["anvil"] and g.deck == ["royal_claim", "tax_collector"]


def test_2_1_draw_with_no_cards_anywhere_draws_nothing() -> None:
    """2.1 / 1.5.4: with the deck and the discard pile both empty, a draw takes nothing."""
    g = build(warriors={M: {1: 1}}, deck=[], step=("marquise.evening", M))
    assert g.hands[0] == [] and g.deck == []


def test_2_1_1_birds_are_wild_for_overwork() -> None:
    """2.1.1: a bird card can be spent as any suit (Overwork at a fox sawmill)."""
    g = build(warriors={M: {1: 1}}, buildings={M: {1: ["sawmill"]}},
              hands={M: ["armorers", "sappers", "bake_sale"]}, step=("marquise.overwork", M))
    # the birds match the fox clearing; the rabbit card does not
    assert options(g) == [("overwork", 1, "armorers"), ("overwork", 1, "sappers")]
    g.apply(("overwork", 1, "sappers"))
    assert g.tokens[1] == ((0, "wood"),)
    assert g.hands[0] == ["armorers", "bake_sale"] and g.discard == ["sappers"]


def test_2_1_1_birds_wild_to_take_non_bird_dominance() -> None:
    """2.1.1 / 3.3.4: an available fox dominance card may be taken by spending a bird card."""
    g = build(warriors={M: {1: 1}}, hands={M: ["armorers", "bake_sale", "anvil"]},
              available=["dominance_fox"], step=("marquise.actions", M, 3))
    assert set(options(g, "take_dominance")) == {("take_dominance", "dominance_fox", "armorers"),
                                                 ("take_dominance", "dominance_fox", "anvil")}


def test_2_1_1_II_reverse_substitution_extra_action_needs_a_bird() -> None:
    """2.1.1.II: the Marquise's extra action needs a bird card; no other suit substitutes."""
    g = build(warriors={M: {1: 1}}, hands={M: ["anvil", "bake_sale", "sappers"]},
              step=("marquise.actions", M, 3))
    assert options(g, "bird") == [("bird", "sappers")]
    assert_illegal(g, ("bird", "anvil"))
    g.apply(("bird", "sappers"))
    assert g.stack[-1][2] == 4 and g.discard == ["sappers"]


def test_2_1_1_II_reverse_substitution_bird_dominance() -> None:
    """2.1.1.II / 3.3.4: the bird dominance card is taken only by spending a bird card."""
    g = build(warriors={M: {1: 1}}, hands={M: ["anvil", "sappers", "ambush_bird"]},
              available=["dominance_bird"], step=("marquise.actions", M, 3))
    assert set(options(g, "take_dominance")) == {
        ("take_dominance", "dominance_bird", "sappers"),
        ("take_dominance", "dominance_bird", "ambush_bird")}
    assert_illegal(g, ("take_dominance", "dominance_bird", "anvil"))


def test_2_1_2_ambush_card_spent_for_its_suit_not_crafted() -> None:
    """2.1.2: an ambush card can be spent for its suit but never crafted."""
    g = build(warriors={M: {1: 1}}, buildings={M: {1: ["sawmill"], 8: ["workshop"]}},
              hands={M: ["ambush_fox"]}, step=("craft", M), then="daylight")
    assert not options(g, "craft")
    assert ("action", "overwork") in options(g)
    play(g, ("action", "overwork"))  # the only way applied itself
    assert g.tokens[1] == ((0, "wood"),) and g.discard == ["ambush_fox"]


def test_2_1_3_dominance_card_spent_for_its_suit_goes_near_the_map() -> None:
    """2.1.3 / 3.3.3: a dominance card spent for its suit becomes available, not discarded."""
    g = build(warriors={M: {1: 1}}, buildings={M: {1: ["sawmill"], 8: ["workshop"]}},
              hands={M: ["dominance_fox"]}, step=("craft", M))
    assert not options(g, "craft")  # dominance cards cannot be crafted either
    g = build(warriors={M: {1: 1}}, buildings={M: {1: ["sawmill"]}},
              hands={M: ["dominance_fox"]}, step=("marquise.overwork", M))
    assert g.tokens[1] == ((0, "wood"),)
    assert g.discard == [] and g.available == ["dominance_fox"]


# --------------------------------------------------------------------- 2.2
def test_2_2_1_moves_only_along_paths() -> None:
    """2.2.1: clearing 5 is adjacent to 1 and 2 only."""
    g = build(warriors={M: {5: 2}}, step=("marquise.march", M, 1))
    assert set(options(g)) == {("move", 5, 1), ("move", 5, 2)}


def test_2_2_3_no_building_without_an_open_slot() -> None:
    """2.2.3: corner 1 has one slot; once filled, nothing more is built there."""
    g = build(warriors={M: {1: 3, 5: 1}}, buildings={M: {1: ["sawmill"]}},
              tokens={M: {1: ["wood", "wood"]}}, step=("marquise.build", M))
    assert options(g) and all(o[2] == 5 for o in options(g))


def test_2_2_4_ruins_fill_slots_and_are_not_removed() -> None:
    """2.2.4: a ruin fills a slot (clearing 6: two slots, one ruin); a Favor leaves ruins."""
    g = build(warriors={M: {6: 2}}, buildings={M: {6: ["workshop"]}},
              tokens={M: {6: ["wood", "wood", "wood"]}}, step=("marquise.actions", M, 3))
    assert g.open_slots(6) == 0 and ("action", "build") not in options(g)
    g = build(warriors={M: {6: 1, 12: 1}},
              buildings={E: {1: ["roost"], 8: ["roost"], 12: ["roost"]}, M: {6: ["sawmill"]}},
              hands={E: ["favor_of_the_foxes"]}, played={E: ["codebreakers"]},
              step=("craft", E))
    g.apply(("craft", "favor_of_the_foxes", ()))
    assert g.buildings[6] == ((-1, "ruin"),)
    assert g.buildings[12] == ((-1, "ruin"), (1, "roost"))
    assert g.warriors[0][6] == g.warriors[0][12] == 0 and g.vp[1] == 1


def test_2_3_rivers_are_not_paths() -> None:
    """2.3: 5 and 10 are linked by a river only: no move between them."""
    g = build(warriors={M: {5: 2, 10: 2}}, step=("marquise.march", M, 1))
    assert ("move", 5, 10) not in options(g) and ("move", 10, 5) not in options(g)
    assert ("move", 10, 1) in options(g)


# --------------------------------------------------------------------- 2.5
def test_2_5_rule_counts_warriors_and_buildings_not_tokens() -> None:
    """2.5: tokens do not count for rule."""
    g = build(warriors={M: {5: 1}, E: {5: 2}}, tokens={M: {5: ["wood", "wood", "keep"]}},
              step=("marquise.actions", M, 3))
    assert g.ruler(5) == 1
    g = build(warriors={M: {5: 1}, E: {5: 2}}, buildings={M: {5: ["sawmill", "workshop"]}},
              step=("marquise.actions", M, 3))
    assert g.ruler(5) == 0


def test_2_5_rule_by_buildings_alone_and_nobody_in_empty_clearings() -> None:
    """2.5: a building alone rules; an empty clearing (or only a ruin) is ruled by nobody."""
    g = build(buildings={M: {5: ["sawmill"]}}, warriors={M: {1: 1}},
              step=("marquise.actions", M, 3))
    assert g.ruler(5) == 0 and g.ruler(2) is None and g.ruler(6) is None
