"""The standard deck: every card effect (items, persistent effects, Favors, ambushes,
dominance). Rule numbers: 4.1 (craft), 4.3 (battle), 3.3 (dominance), 2.1.2 (ambush)."""
from __future__ import annotations

from collections import Counter

import pytest

from tests.builder import assert_illegal, build, options, play, scored, step_name

M, E = "marquise", "eyrie"

# card -> (item, VP), as printed on the standard deck's item cards (4.1.2, 3.2.2)
ITEMS = {
    "birdy_bindle": ("bag", 1), "woodland_runners": ("boots", 1), "arms_trader": ("sword", 2),
    "crossbow_bird": ("crossbow", 1), "gently_used_knapsack": ("bag", 1),
    "root_tea_fox": ("tea", 2), "travel_gear_fox": ("boots", 1),
    "protection_racket": ("coins", 3), "foxfolk_steel": ("sword", 2), "anvil": ("hammer", 2),
    "smugglers_trail": ("bag", 1), "root_tea_rabbit": ("tea", 2),
    "a_visit_to_friends": ("boots", 1), "bake_sale": ("coins", 3),
    "mouse_in_a_sack": ("bag", 1), "root_tea_mouse": ("tea", 2),
    "travel_gear_mouse": ("boots", 1), "investments": ("coins", 3), "sword_mouse": ("sword", 2),
    "crossbow_mouse": ("crossbow", 1),
}
# workshops: fox 2 (1, 8), rabbit 2 (5), mouse 2 (9)
WORKSHOPS = {1: ["workshop"], 8: ["workshop"], 5: ["workshop", "workshop"],
             9: ["workshop", "workshop"]}


def dice_rolled(g) -> list:  # type: ignore[no-untyped-def]
    return [e for e in g.log if e[0] in ("r", "f") and e[1] == "dice"]


def test_deck_composition() -> None:
    """2.1-2.1.3: 54 cards; 14 birds, 14 foxes, 13 rabbits, 13 mice; five ambushes (two
    birds), four dominance cards."""
    g = build(warriors={M: {1: 1}}, step=("marquise.actions", M, 3))
    cards = g.deckdef.contents
    assert len(cards) == 54
    assert Counter(g.suit_of(c) for c in cards) == {"bird": 14, "fox": 14, "rabbit": 13,
                                                    "mouse": 13}
    assert Counter(c for c in cards if g.card(c).kind == "ambush") == {
        "ambush_bird": 2, "ambush_fox": 1, "ambush_rabbit": 1, "ambush_mouse": 1}
    assert sorted(g.suit_of(c) for c in cards if g.card(c).kind == "dominance") == [
        "bird", "fox", "mouse", "rabbit"]


# ------------------------------------------------------------------- items
@pytest.mark.parametrize("card", sorted(ITEMS))
def test_item_cards(card: str) -> None:
    """4.1.2 / 3.2.2: each item card gives its item from the supply and its VP."""
    item, vp = ITEMS[card]
    g = build(warriors={M: {1: 1}}, buildings={M: WORKSHOPS}, hands={M: [card]},
              turn=M, then="daylight")
    before = g.supply[item]
    g.apply(("craft", card, ()))
    assert g.items[0] == [item] and g.supply[item] == before - 1
    assert g.vp[0] == vp and g.discard == [card]


# ------------------------------------------------------------ battle cards
def test_armorers_attacker_ignores_rolled_hits() -> None:
    """Armorers (4.1.3, 4.3.3): in battle, discard to ignore all rolled hits you take."""
    g = build(warriors={M: {5: 3}, E: {5: 3}}, played={M: ["armorers"]},
              step=("marquise.actions", M, 3), forced=[["dice", [3, 2]]])
    g.apply(("action", "battle"))
    assert g.decision.kind == "battle_effect" and options(g) == [("effect", "armorers"),
                                                                 ("done",)]
    g.apply(("effect", "armorers"))
    assert g.warriors[0][5] == 3 and g.warriors[1][5] == 0
    assert g.played[0] == [] and g.discard == ["armorers"]


def test_armorers_defender() -> None:
    """Armorers (4.3.3): for the defender too; extra hits (Brutal Tactics) still land."""
    g = build(warriors={M: {5: 3}, E: {5: 3}}, played={M: ["brutal_tactics"], E: ["armorers"]},
              step=("marquise.actions", M, 3), forced=[["dice", [3, 2]]])
    g.apply(("action", "battle"))
    assert g.decision.kind == "effects_order"
    # the Eyrie's "done" after Armorers applied itself (nothing else to use)
    play(g, ("first", E), ("effect", "armorers"), ("effect", "brutal_tactics"))
    assert g.warriors[1][5] == 2  # the three rolled hits ignored; the extra hit stands
    assert g.warriors[0][5] == 1 and g.vp[1] == 1


def test_sappers_defender_only() -> None:
    """Sappers (4.3.3.I): as defender, discard to deal an extra hit; not offered to an attacker."""
    g = build(warriors={M: {5: 3}, E: {5: 3}}, played={M: ["sappers"]},
              step=("marquise.actions", M, 3), forced=[["dice", [1, 1]]])
    g.apply(("action", "battle"))
    assert g.decision.kind == "action"  # no battle effect step at all
    assert g.played[0] == ["sappers"]
    g = build(warriors={M: {5: 3}, E: {5: 3}}, played={M: ["sappers"]},
              step=("eyrie.decree", E, 2, ("rabbit",)), forced=[["dice", [1, 1]]])
    assert g.decision.seat == M and options(g) == [("effect", "sappers"), ("done",)]
    g.apply(("effect", "sappers"))
    assert g.warriors[1][5] == 1 and g.warriors[0][5] == 2 and g.discard == ["sappers"]


def test_brutal_tactics_attacker_only_defender_scores() -> None:
    """Brutal Tactics (4.3.3.I): as attacker, an extra hit; the defender scores one VP. It stays."""
    g = build(warriors={M: {5: 2}, E: {5: 3}}, played={M: ["brutal_tactics"]},
              step=("marquise.actions", M, 3), forced=[["dice", [1, 0]]])
    play(g, ("action", "battle"), ("effect", "brutal_tactics"))
    assert g.warriors[1][5] == 1 and g.vp[1] == 1
    assert scored(g) == [(E, 1, "brutal_tactics")] and g.played[0] == ["brutal_tactics"]
    g = build(warriors={M: {5: 2}, E: {5: 3}}, played={M: ["brutal_tactics"]},
              step=("eyrie.decree", E, 2, ("rabbit",)), forced=[["dice", [1, 0]]])
    assert g.decision.seat != M or g.decision.kind != "battle_effect"


def test_scouting_party_not_affected_by_ambush() -> None:
    """Scouting Party (4.3.1): as attacker, not affected by ambush cards (docs/rulings.md: the
    defender is not asked)."""
    g = build(warriors={M: {5: 3}, E: {5: 1}}, played={M: ["scouting_party"]},
              hands={E: ["ambush_rabbit"]}, step=("marquise.actions", M, 3),
              forced=[["dice", [1, 0]]])
    g.apply(("action", "battle"))
    assert g.hands[1] == ["ambush_rabbit"] and g.warriors[0][5] == 3
    assert g.warriors[1][5] == 0


# -------------------------------------------------------------- ambushes
@pytest.mark.parametrize("card,clearing,ok", [
    ("ambush_fox", 1, True), ("ambush_fox", 5, False), ("ambush_rabbit", 5, True),
    ("ambush_rabbit", 9, False), ("ambush_mouse", 9, True), ("ambush_mouse", 1, False),
    ("ambush_bird", 1, True), ("ambush_bird", 5, True), ("ambush_bird", 9, True)])
def test_ambush_cards_match_the_clearing(card: str, clearing: int, ok: bool) -> None:
    """4.3.1 / 2.1.2: an ambush matches its suit's clearings; a bird ambush any."""
    g = build(warriors={M: {clearing: 3}, E: {clearing: 3}}, hands={E: [card]},
              step=("marquise.battle", M), forced=[["dice", [0, 0]]])
    if ok:
        assert g.decision.kind == "ambush" and ("ambush", card) in options(g)
    else:
        assert card in g.hands[1] and len(dice_rolled(g)) == 1


# -------------------------------------------------------- birdsong cards
def test_royal_claim() -> None:
    """Royal Claim (4.1.3): in Birdsong, discard to score one VP per clearing ruled."""
    g = build(warriors={M: {1: 1, 5: 1, 9: 2}, E: {9: 2}}, buildings={M: {2: ["sawmill"]}},
              played={M: ["royal_claim"]}, step=("turn", M))
    assert g.phase == "birdsong" and options(g) == [("royal_claim",), ("done",)]
    g.apply(("royal_claim",))
    assert g.vp[0] == 3 and g.played[0] == [] and g.discard == ["royal_claim"]


def test_stand_and_deliver() -> None:
    """Stand and Deliver! (4.1.3): in Birdsong, take a random card from another player, who
    scores one VP; once per turn."""
    g = build(warriors={M: {1: 1}}, played={M: ["stand_and_deliver"]},
              hands={E: ["anvil", "bake_sale", "sappers"]}, step=("turn", M),
              forced=[["random_card", 1]])
    g.apply(("stand_and_deliver", E))
    assert g.hands[0] == ["bake_sale"] and g.hands[1] == ["anvil", "sappers"]
    assert g.vp[1] == 1 and ("f", "random_card", 1) in g.log
    # once per turn: the later Birdsong window had nothing left to offer
    assert g.phase == "daylight" and g.hands[1] == ["anvil", "sappers"]


def test_stand_and_deliver_needs_a_card_to_take() -> None:
    """Stand and Deliver! (4.1.3): a player with no cards cannot be chosen."""
    g = build(warriors={M: {1: 1}}, played={M: ["stand_and_deliver"]}, step=("turn", M))
    assert g.phase == "daylight"  # nothing to take: the Birdsong windows passed by


def test_better_burrow_bank() -> None:
    """Better Burrow Bank (4.1.3, 1.4.1): at start of Birdsong, you and another player each draw."""
    g = build(warriors={M: {1: 1}}, played={M: ["better_burrow_bank"]},
              deck_top=["anvil", "bake_sale"], step=("turn", M))
    assert g.hands[0] == ["anvil"] and g.hands[1] == ["bake_sale"]


# -------------------------------------------------------- daylight cards
def test_command_warren() -> None:
    """Command Warren (4.1.3, 1.4.1): at start of Daylight (before crafting), may initiate
    a battle."""
    g = build(warriors={M: {5: 2}, E: {5: 1}}, played={M: ["command_warren"]},
              buildings={M: {1: ["workshop"]}}, hands={M: ["anvil"]}, step=("turn", M),
              forced=[["dice", [1, 0]]])
    assert g.decision.kind == "battle" and options(g) == [("battle", 5, E), ("skip",)]
    g.apply(("battle", 5, E))
    assert g.warriors[1][5] == 0 and step_name(g) == "craft"


def test_command_warren_skip() -> None:
    """Command Warren (4.1.3): the battle is optional; Daylight goes on to crafting."""
    g = build(warriors={M: {5: 2}, E: {5: 1}}, played={M: ["command_warren"]},
              buildings={M: {1: ["workshop"]}}, hands={M: ["anvil"]}, step=("turn", M))
    g.apply(("skip",))
    assert step_name(g) == "craft" and g.warriors[1][5] == 1


def test_tax_collector_once_in_daylight() -> None:
    """Tax Collector (4.1.3): once in Daylight, remove one of your warriors to draw a card."""
    g = build(warriors={M: {1: 2, 5: 1}}, played={M: ["tax_collector"]}, deck_top=["anvil"],
              step=("marquise.actions", M, 3))
    assert set(options(g, "tax_collector")) == {("tax_collector", 1), ("tax_collector", 5)}
    g.apply(("tax_collector", 5))
    assert g.warriors[0][5] == 0 and g.hands[0] == ["anvil"]
    assert g.stack[-1][2] == 3 and not options(g, "tax_collector")  # not an action; once


def test_tax_collector_triggers_field_hospitals() -> None:
    """Tax Collector with 6.2.3: the removed warrior may go to the keep."""
    g = build(warriors={M: {1: 1, 5: 1}}, tokens={M: {1: ["keep"]}},
              played={M: ["tax_collector"]}, hands={M: ["bake_sale"]},
              deck_top=["anvil"], step=("marquise.actions", M, 3))
    g.apply(("tax_collector", 5))
    assert g.decision.kind == "field_hospitals"
    g.apply(("field_hospitals", "bake_sale"))
    assert g.warriors[0][1] == 2 and g.hands[0] == ["anvil"]


def test_codebreakers() -> None:
    """Codebreakers (4.1.3, 1.2.1): once in Daylight, look at another player's hand."""
    g = build(warriors={M: {1: 1}}, played={M: ["codebreakers"]},
              hands={E: ["anvil", "sappers"]}, step=("marquise.actions", M, 3))
    assert "seen_hands" not in g.view(M)["players"][M]
    g.apply(("codebreakers", E))
    assert g.view(M)["players"][M]["seen_hands"] == {E: ["anvil", "sappers"]}
    assert "seen_hands" not in g.view(E)["players"][M] and not options(g, "codebreakers")


# --------------------------------------------------------- evening cards
def test_cobbler() -> None:
    """Cobbler (4.1.3, 1.4.1): at start of Evening (before the Marquise draws), may take a move."""
    g = build(warriors={M: {1: 2}}, played={M: ["cobbler"]}, hands={E: ["anvil"]},
              turn=M, then="evening")
    assert g.decision.kind == "move" and ("skip",) in options(g) and g.hands[0] == []
    play(g, ("move", 1, 5), ("warriors", 2))
    assert g.warriors[0][5] == 2 and len(g.hands[0]) == 1


# ------------------------------------------------------------------ favors
@pytest.mark.parametrize("favor,suit,roosts", [
    ("favor_of_the_foxes", "fox", (1, 8, 12)),
    ("favor_of_the_rabbits", "rabbit", (3, 4, 5)),
    ("favor_of_the_mice", "mouse", (2, 7, 9)),
])
def test_favors_remove_all_enemy_pieces_of_the_suit(favor: str, suit: str,
                                                    roosts: tuple[int, ...]) -> None:
    """Favor of the Foxes/Rabbits/Mice: remove all enemy pieces in clearings of the suit;
    one VP per building or token (3.2.1); own pieces and ruins stay; then discard."""
    g = build(warriors={M: {c: 2 for c in range(1, 13)}, E: {c: 1 for c in roosts}},
              buildings={E: {c: ["roost"] for c in roosts},
                         M: {6: ["sawmill"], 5: ["workshop"], 7: ["recruiter"]}},
              tokens={M: {6: ["wood"], 5: ["wood"], 7: ["wood"]}},
              hands={E: [favor]}, played={E: ["codebreakers"]}, step=("craft", E))
    g.apply(("craft", favor, ()))
    for c in range(1, 13):
        if g.suits[c] == suit:
            assert g.warriors[0][c] == 0 and not g.faction_pieces(0, c)
        else:
            assert g.warriors[0][c] == 2
    assert all(g.warriors[1][c] == 1 and (1, "roost") in g.buildings[c] for c in roosts)
    assert g.vp[1] == 2 and g.discard == [favor]
    assert sum(1 for c in g.clearings() if (-1, "ruin") in g.buildings[c]) == 4


def test_favor_removing_the_keep_leaves_no_field_hospitals() -> None:
    """Favor of the Rabbits with 6.2.3 / 1.1.3: the keep (corner 4) goes with the rest, so
    the warriors removed in 3 and 4 cannot be saved."""
    g = build(warriors={M: {3: 1, 4: 2, 9: 1}}, tokens={M: {4: ["keep"]}},
              buildings={E: {c: ["roost"] for c in (3, 5, 10)}},
              hands={E: ["favor_of_the_rabbits"], M: ["bake_sale"]},
              played={E: ["codebreakers"]}, step=("craft", E))
    g.apply(("craft", "favor_of_the_rabbits", ()))
    assert g.tokens[4] == () and g.warriors[0][3] == g.warriors[0][4] == 0
    assert g.warriors[0][9] == 1 and g.warrior_supply(0) == 24
    assert g.hands[0] == ["bake_sale"] and g.decision.seat == E and g.vp[1] == 1


# ---------------------------------------------------------------- dominance
def test_dominance_cards_are_spent_or_activated_never_crafted() -> None:
    """2.1.3 / 3.3: a dominance card is not crafted; with 10 VP it can be activated."""
    g = build(vp={M: 10}, warriors={M: {1: 1}}, buildings={M: WORKSHOPS},
              hands={M: ["dominance_mouse", "dominance_bird"]}, turn=M, then="daylight")
    assert not options(g, "craft")
    assert set(options(g, "activate")) == {("activate", "dominance_mouse"),
                                           ("activate", "dominance_bird")}
    assert_illegal(g, ("craft", "dominance_mouse", ()))
