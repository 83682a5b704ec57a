"""The prototype rule set: victory (P6.1) and the special victory cards (P6.2), the
multi-use cards (P5.3) and crafting (P5.4). Test names cite the rules reference's anchors
(/rules/prototype)."""
from __future__ import annotations

from rootlaw.prototype.base import KEEP
from rootlaw.prototype.cards import CHAOS, COALITION, ECONOMIC, MILITARY
from tests.prototype_builder import choose, options, paused, proto

M, E, A, V = "marquise", "eyrie", "alliance", "vagabond"


def test_p6_1_1_forty_points_win() -> None:
    """P6.1.1: the first to 40 wins (not 30, the Law's)."""
    g = proto([M, E], step=("proto.m.actions", M, 3))
    g.score(0, 39, "test")
    assert not g.is_over
    g.score(0, 1, "test")
    assert g.winners == [M] and g.win_reason == "points"


def test_p6_2_2_activate_in_daylight_and_p6_2_3_the_marker_leaves_the_track() -> None:
    """P6.2.2: in Daylight a special victory card goes into the play area, activated;
    P6.2.3: the score marker leaves the track (no more points); P6.2.6 never a second."""
    g = proto([M, E, A], hands={E: [ECONOMIC, MILITARY]}, vp={E: 12},
              step=("proto.e.daylight", E), turn=E)
    assert ("activate", ECONOMIC) in options(g) and ("activate", MILITARY) in options(g)
    choose(g, ("activate", ECONOMIC))
    assert g.dominance[1] == ECONOMIC and g.hands[1] == [MILITARY]
    assert not [o for o in options(g) if o[0] == "activate"]  # P6.2.6
    g.score(1, 5, "test")
    assert g.vp[1] == 12


def test_p6_2_4_spent_for_its_suit_it_waits_near_the_map_p6_2_5_and_is_taken() -> None:
    """P6.2.4: spent for its suit, a special victory card goes face up near the map;
    P6.2.5: in Daylight the acting player takes it by spending a card of its suit."""
    g = proto([M, E, A, V], hands={M: [CHAOS, "anvil"]}, step=("proto.m.actions", M, 0))
    choose(g, ("bird", CHAOS))  # Chaos is a bird card (reconstructed suit)
    assert g.available == [CHAOS] and CHAOS not in g.discard
    g = proto([M, E, A, V], hands={E: ["ambush_bird", "anvil"]}, available=[MILITARY],
              step=("proto.e.daylight", E), turn=E)
    takes = [o for o in options(g) if o[0] == "take_dominance"]
    assert takes == [("take_dominance", MILITARY, "ambush_bird"),
                     ("take_dominance", MILITARY, "anvil")]  # fox: a fox card or a bird
    choose(g, ("take_dominance", MILITARY, "anvil"))
    assert MILITARY in g.hands[1] and "anvil" in g.discard and not g.available


def test_p6_2_7_chaos_victory() -> None:
    """P6.2.7: at the start of its Birdsong, Chaos wins if every other player has 33 to 39
    points or an activated special victory card."""
    g = proto([M, E, A, V], dominance={E: CHAOS}, vp={M: 33, A: 39, V: 36},
              step=("proto.birdsong", E), turn=E)
    assert g.winners == [E] and g.win_reason == CHAOS
    g = proto([M, E, A, V], dominance={E: CHAOS, A: ECONOMIC}, vp={M: 35, A: 2, V: 39},
              step=("proto.birdsong", E), turn=E)
    assert g.winners == [E]
    g = proto([M, E, A, V], dominance={E: CHAOS}, vp={M: 32, A: 39, V: 36},
              step=("proto.birdsong", E), turn=E)
    assert not g.is_over and paused(g)


def test_p6_2_8_coalition_victory() -> None:
    """P6.2.8: the score marker goes to the player with the fewest points (ties: the
    activator picks); that player's win is the activator's too."""
    g = proto([M, E, A, V], hands={V: [COALITION]}, vp={M: 20, E: 3, A: 3},
              vagabond={"pawn": 5}, step=("proto.v.actions", V), turn=V)
    choose(g, ("activate", COALITION))
    assert options(g) == [("p_partner", E), ("p_partner", A)]
    choose(g, ("p_partner", A))
    assert g.coalition[3] == 2
    g.score(2, 37, "test")
    assert g.winners == [A, V]


def test_p6_2_9_economic_victory() -> None:
    """P6.2.9: five crafted improvements in the play area at the start of Birdsong."""
    five = ["cobbler", "cobbler", "armorers", "sappers", "codebreakers"]
    g = proto([M, E], played={M: five}, dominance={M: ECONOMIC}, step=("proto.birdsong", M))
    assert g.winners == [M] and g.win_reason == ECONOMIC
    g = proto([M, E], played={M: five[:4]}, dominance={M: ECONOMIC},
              step=("proto.birdsong", M))
    assert not g.is_over


def test_p6_2_10_military_victory() -> None:
    """P6.2.10: ruling the Keep at the start of Birdsong; not for the Vagabond or the
    Marquise."""
    g = proto([M, E], warriors={E: {KEEP: 2}, M: {KEEP: 1}}, dominance={E: MILITARY},
              step=("proto.birdsong", E), turn=E)
    assert g.winners == [E] and g.win_reason == MILITARY
    g = proto([M, E, V], hands={M: [MILITARY]}, step=("proto.m.actions", M, 3))
    assert ("activate", MILITARY) not in options(g)
    g = proto([M, E, V], hands={V: [MILITARY, ECONOMIC]}, vagabond={"pawn": 5},
              step=("proto.v.actions", V), turn=V)
    assert ("activate", MILITARY) not in options(g) and ("activate", ECONOMIC) in options(g)


# ------------------------------------------------------------------ P5.3, P5.4
def test_p5_3_6_birds_are_wild_but_not_in_reverse() -> None:
    """P5.3.6: a bird card is spent as any suit; a bird prompt takes only birds."""
    g = proto([M, A], hands={A: ["ambush_bird", "anvil"]}, alliance={"supporters": {}},
              step=("proto.a.actions", A))
    educate = sorted(o for o in options(g) if o[0] == "p_educate")
    assert educate == sorted([("p_educate", "ambush_bird", n) for n in ("fox", "rabbit", "mouse")]
                             + [("p_educate", "anvil", "fox")])
    g = proto([M, A], hands={A: ["ambush_bird", "anvil"]},
              alliance={"supporters": {"fox": 1}}, step=("proto.a.actions", A))
    assert [o for o in options(g) if o[0] == "p_train"] == [("p_train", "ambush_bird", "fox")]


def test_p5_4_3_crafting_buildings_of_the_nations_shown() -> None:
    """P5.4.3-P5.4.4: a Workshop pays its clearing's nation, once a turn; P5.2.2 one in
    the Keep pays any nation."""
    g = proto([M, E], buildings={M: {8: ["workshop"]}},
              hands={M: ["anvil", "crossbow_bird", "arms_trader", "woodland_runners"]},
              step=("proto.m.actions", M, 3))
    crafts = sorted(o[1] for o in options(g) if o[0] == "craft")
    assert crafts == ["anvil", "crossbow_bird"]  # 8 is fox: one fox, not two, not rabbit
    choose(g, ("craft", "anvil", ()))
    assert not [o for o in options(g) if o[0] == "craft"]  # exhausted this turn
    g = proto([M, E], buildings={M: {KEEP: ["workshop"]}},
              hands={M: ["anvil", "woodland_runners", "arms_trader"]},
              step=("proto.m.actions", M, 3))
    assert sorted(o[1] for o in options(g) if o[0] == "craft") == ["anvil", "woodland_runners"]


def test_p5_4_11_persistent_improvements_go_to_the_play_area() -> None:
    g = proto([M, E], buildings={M: {5: ["workshop", "workshop"]}},
              hands={M: ["cobbler"]}, step=("proto.m.actions", M, 3))
    choose(g, ("craft", "cobbler", ()))
    assert g.played[0] == ["cobbler"] and g.vp[0] == 0


def test_p5_4_12_items_only_with_the_vagabond_and_while_tokens_remain() -> None:
    """P5.4.12: the item token into the play area; none without the Vagabond or when no
    token of it remains (the points are scored all the same)."""
    g = proto([M, E, V], buildings={M: {8: ["workshop"]}}, hands={M: ["anvil"]},
              vagabond={"pawn": 5}, step=("proto.m.actions", M, 3))
    choose(g, ("craft", "anvil", ()))
    assert g.items[0] == ["hammer"] and g.vp[0] == 2 and g.supply["hammer"] == 0
    g = proto([M, E], buildings={M: {8: ["workshop"]}}, hands={M: ["anvil"]},
              step=("proto.m.actions", M, 3))
    choose(g, ("craft", "anvil", ()))
    assert g.items[0] == [] and g.vp[0] == 2 and "anvil" in g.discard
    g = proto([M, E, V], buildings={M: {8: ["workshop"]}}, hands={M: ["anvil"]},
              items={E: ["hammer"]}, vagabond={"pawn": 5}, step=("proto.m.actions", M, 3))
    choose(g, ("craft", "anvil", ()))
    assert g.items[0] == [] and g.vp[0] == 2


def test_p5_4_13_cottage_industry_and_p8_14_2_builder_double_the_points() -> None:
    g = proto([M, A], buildings={A: {8: ["stronghold"]}}, hands={A: ["anvil"]},
              step=("proto.a.actions", A))
    choose(g, ("craft", "anvil", ()))
    assert g.vp[1] == 4
    g = proto([M, E], buildings={E: {8: ["starred_roost"]}}, hands={E: ["anvil"]},
              eyrie={"leader": "builder"}, step=("proto.e.daylight", E), turn=E)
    choose(g, ("craft", "anvil", ()))
    assert g.vp[1] == 4
    g = proto([M, E], buildings={E: {8: ["starred_roost", "roost"]}}, hands={E: ["anvil"]},
              eyrie={"leader": "despot"}, step=("proto.e.daylight", E), turn=E)
    choose(g, ("craft", "anvil", ()))  # P5.4.7 only starred Roosts craft
    assert g.vp[1] == 2


def test_p8_14_2_builder_doubles_royal_claims_points_and_cottage_industry_does_not() -> None:
    """P8.14.2 "Whenever an improvement scores you victory points, you score double":
    Royal Claim too, not only crafting. P5.4.13 Cottage Industry doubles only "the
    victory points listed on improvements they craft", so not Royal Claim's."""
    roosts = {5: ["roost"], 6: ["roost"], 8: ["roost"]}
    g = proto([M, E], buildings={E: roosts}, played={E: ["royal_claim"]},
              eyrie={"leader": "builder"}, step=("proto.birdsong_cards", E), turn=E,
              phase="birdsong")
    choose(g, ("royal_claim",))
    assert g.vp[1] == 6 and "royal_claim" in g.discard
    g = proto([M, E], buildings={E: roosts}, played={E: ["royal_claim"]},
              eyrie={"leader": "despot"}, step=("proto.birdsong_cards", E), turn=E,
              phase="birdsong")
    choose(g, ("royal_claim",))
    assert g.vp[1] == 3
    g = proto([M, A], buildings={A: {5: ["stronghold"], 6: ["stronghold"]}},
              played={A: ["royal_claim"]}, step=("proto.birdsong_cards", A), turn=A,
              phase="birdsong")
    choose(g, ("royal_claim",))
    assert g.vp[1] == 2


def test_p8_17_2_despot_scores_for_a_favors_building_removals() -> None:
    """P8.17.2 Despot: "Whenever you remove an opponent's building, you score another
    victory point": a Favor's removals too (none of the usual points, no hit, P4.3.5);
    a wood token is not a building."""
    g = proto([M, E], buildings={E: {6: ["starred_roost"], 8: ["starred_roost"],
                                     12: ["starred_roost"]},
                                 M: {KEEP: ["workshop"], 8: ["sawmill"]}},
              tokens={M: {8: ["wood"]}}, hands={E: ["favor_of_the_foxes"]},
              eyrie={"leader": "despot"}, step=("proto.e.daylight", E), turn=E)
    choose(g, ("craft", "favor_of_the_foxes", ()))
    assert not g.faction_pieces(0, 8) and not g.faction_pieces(0, KEEP)
    assert g.vp[1] == 2


def test_favor_removes_other_players_pieces_without_points() -> None:
    """A Favor (reconstructed improvement): every other player's piece in clearings of
    its nation, the Keep's too (P5.2.2), removed; no hit, no point (P4.3.5)."""
    g = proto([M, E, V], buildings={E: {6: ["starred_roost"], 8: ["starred_roost"],
                                        12: ["starred_roost"]},
                                    M: {KEEP: ["workshop"], 8: ["sawmill"]}},
              warriors={M: {6: 2, 5: 1}, E: {8: 1}}, hands={E: ["favor_of_the_foxes"]},
              vagabond={"pawn": 6}, step=("proto.e.daylight", E), turn=E)
    choose(g, ("craft", "favor_of_the_foxes", ()))
    assert not g.faction_pieces(0, 8) and not g.faction_pieces(0, KEEP)
    assert g.warriors[0][6] == 0 and g.warriors[0][5] == 1 and g.pawn[2] == 6
    assert g.warriors[1][8] == 1 and g.vp[1] == 0
