"""The prototype rule set: the Marquise de Cat (P7) and the Eyrie Dynasties (P8). Test
names cite the rules reference's anchors (/rules/prototype)."""
from __future__ import annotations

from rootlaw.prototype.alliance import AllianceState
from rootlaw.prototype.base import KEEP
from rootlaw.prototype.eyrie import VIZIER, EyrieState, next_roost, track_vp
from tests.prototype_builder import choose, options, paused, proto

M, E, A, V = "marquise", "eyrie", "alliance", "vagabond"


# ------------------------------------------------------------------- Marquise
def test_p7_2_1_wood_at_each_sawmill_short_of_wood_she_picks() -> None:
    g = proto([M, E], buildings={M: {5: ["sawmill"], 9: ["sawmill"]}},
              step=("proto.m.wood", M, ()), phase="birdsong")
    assert paused(g) and g.tokens[5] == ((0, "wood"),) and g.tokens[9] == ((0, "wood"),)
    g = proto([M, E], buildings={M: {5: ["sawmill"], 9: ["sawmill"]}},
              tokens={M: {2: ["wood"] * 14}}, step=("proto.m.wood", M, ()), phase="birdsong")
    assert options(g) == [("wood", 5), ("wood", 9)]  # P3.2.4: one wood left of 15
    choose(g, ("wood", 9))
    assert g.count_token(0, "wood") == 15 and paused(g)


def test_p7_3_1_three_actions_and_one_more_per_bird_and_p7_8_2_free_crafting() -> None:
    g = proto([M, E], warriors={M: {5: 1}}, buildings={M: {8: ["workshop"]}},
              hands={M: ["ambush_bird", "anvil"]}, step=("proto.m.actions", M, 1))
    choose(g, ("craft", "anvil", ()))  # free
    assert ("action", "march") in options(g)
    choose(g, ("action", "march"), ("move", 5, 1), ("end_march",))
    assert [o for o in options(g) if o[0] == "action"] == []
    choose(g, ("bird", "ambush_bird"))
    assert ("action", "march") in options(g)


def test_p7_4_1_march_two_moves() -> None:
    g = proto([M, E], warriors={M: {5: 2}}, step=("proto.m.march", M, 1))
    choose(g, ("move", 5, 1), ("warriors", 2), ("move", 1, 9), ("warriors", 1))
    assert g.warriors[0][1] == 1 and g.warriors[0][9] == 1 and paused(g)


def test_p7_6_build_cost_wood_and_points() -> None:
    """P7.6.1-P7.6.3: the leftmost building's cost (the second Sawmill: one wood) in wood
    from the chosen clearing or clearings connected to it through ruled clearings, then
    the points under it (reconstructed track: 1); P7.6.4 a building returned to the
    track scores again when built."""
    g = proto([M, E], warriors={M: {5: 1, 1: 1, 9: 1}, E: {2: 2}},
              buildings={M: {1: ["sawmill"]}}, tokens={M: {9: ["wood"], 2: ["wood"]}},
              step=("proto.m.build", M))
    assert ("build", "sawmill", 5) in options(g) and ("build", "recruiter", 5) in options(g)
    assert ("build", "workshop", 1) not in options(g)  # no slot left in the Keep
    choose(g, ("build", "sawmill", 5))
    assert g.count_token(0, "wood") == 1 and g.tokens[2] == ((0, "wood"),)
    assert g.vp[0] == 1 and (0, "sawmill") in g.buildings[5]
    g.take_piece(5, (0, "sawmill"))  # back to the track (P3.2.2)
    g.score(0, -1, "test")
    g.place_token(0, "wood", 9)
    g.stack.append(("proto.m.build", 0))
    g._advance()
    choose(g, ("build", "sawmill", 5))
    assert g.vp[0] == 1  # the same space, the same points again


def test_p7_7_1_recruit_and_outrage() -> None:
    """P7.7.1: a warrior at each Recruiter, then the Alliance's Outrage rises (P9.16.2)."""
    g = proto([M, E, A], buildings={M: {5: ["recruiter"], 9: ["recruiter"]}},
              step=("proto.m.recruit", M, ()))
    assert g.warriors[0][5] == 1 and g.warriors[0][9] == 1
    a = g.fstate[2]
    assert isinstance(a, AllianceState) and a.outrage == 1


def test_p7_8_1_incite_mob() -> None:
    """P7.8.1: three cards of one nation; every other player's building in the clearings
    of that nation she rules removed (the Keep is of every nation), two points each; each
    player whose buildings went draws that many cards."""
    g = proto([M, E, A], warriors={M: {KEEP: 3, 6: 2, 8: 1}, E: {8: 2}},
              buildings={E: {6: ["roost"], 8: ["roost"]}, A: {KEEP: ["hideout_rabbit"]}},
              hands={M: ["anvil", "foxfolk_steel", "ambush_bird", "cobbler",
                         "protection_racket"]},
              step=("proto.m.incite", M))
    opts = options(g)
    assert ("p_incite", "fox", "ambush_bird", "anvil", "foxfolk_steel") in opts
    assert not [o for o in opts if "cobbler" in o[2:] and o[1] == "fox"]
    hand_e, hand_a = len(g.hands[1]), len(g.hands[2])
    choose(g, ("p_incite", "fox", "ambush_bird", "anvil", "foxfolk_steel"))
    assert g.count_building(1, "roost") == 1  # 8: the Eyrie rules it
    assert not g.count_building(2, "hideout_rabbit")
    assert g.vp[0] == 4 and len(g.hands[1]) == hand_e + 1 and len(g.hands[2]) == hand_a + 1



def test_p7_10_1_everyone_draws_per_coin_in_her_evening_p7_10_2_five_cards() -> None:
    """P7.10.1: each player draws a card per coin (the board's, reconstructed; a third
    Recruiter's; a crafted coin in the play area); P7.10.2 she keeps five."""
    g = proto([M, E, V], buildings={M: {5: ["recruiter"], 9: ["recruiter"], 2: ["recruiter"]}},
              items={E: ["coins"]}, hands={M: ["ambush_bird", "anvil", "cobbler", "sappers"]},
              vagabond={"pawn": 5}, steps=[("proto.m.evening", M), ("proto.discard_down", M)],
              phase="evening")
    assert len(g.hands[1]) == 2 and len(g.hands[2]) == 1
    assert g.decision.kind == "discard" and len(g.hands[0]) == 6
    choose(g, ("discard", "anvil"))
    assert len(g.hands[0]) == 5 and paused(g)


# ---------------------------------------------------------------------- Eyrie
def test_p8_3_1_one_bird_or_one_or_two_other_cards() -> None:
    g = proto([M, E], hands={E: ["ambush_bird", "anvil", "cobbler"]},
              step=("proto.e.add", E, 1), turn=E, phase="birdsong")
    assert ("done",) not in options(g) and len(options(g)) == 12
    choose(g, ("decree", "ambush_bird", "battle"))
    assert paused(g)
    g = proto([M, E], hands={E: ["ambush_bird", "anvil", "cobbler"]},
              step=("proto.e.add", E, 1), turn=E, phase="birdsong")
    choose(g, ("decree", "anvil", "move"))
    assert ("decree", "ambush_bird", "move") not in options(g) and ("done",) in options(g)
    choose(g, ("decree", "cobbler", "build"))
    e = g.fstate[1]
    assert isinstance(e, EyrieState)
    assert e.decree == ((VIZIER,), ("anvil",), (), (VIZIER, "cobbler"))


def test_p8_5_1_reform() -> None:
    """P8.5.1: spend a card to move a Decree card of its suit (a bird: any) to the end
    of another column."""
    g = proto([M, E], hands={E: ["anvil", "ambush_bird"]},
              eyrie={"decree": {"move": ["foxfolk_steel", "cobbler"]}},
              step=("proto.e.daylight", E), turn=E)
    reforms = [o for o in options(g) if o[0] == "p_reform"]
    assert ("p_reform", "anvil", "foxfolk_steel", "move", "battle") in reforms
    assert not [o for o in reforms if o[1] == "anvil" and o[2] in ("cobbler", VIZIER)]
    assert ("p_reform", "ambush_bird", "cobbler", "move", "build") in reforms  # a bird: any
    choose(g, ("p_reform", "anvil", "foxfolk_steel", "move", "battle"))
    e = g.fstate[1]
    assert isinstance(e, EyrieState) and e.decree[1] == ("cobbler",)
    assert e.decree[2] == ("foxfolk_steel",)


def test_p8_7_recruit_and_p8_15_2_charismatic_two() -> None:
    g = proto([M, E], buildings={E: {5: ["roost"], 8: ["roost"]}},
              eyrie={"leader": "charismatic", "decree": {"recruit": ["bake_sale"]}},
              step=("proto.e.decree", E, 0, 0), turn=E)
    assert options(g) == [("decree_recruit", "bird", 5), ("decree_recruit", "bird", 8)]
    choose(g, ("decree_recruit", "bird", 8))
    assert g.warriors[1][8] == 2
    assert g.warriors[1][5] == 2  # Bake Sale (rabbit): 5, the only rabbit roost


def test_p8_8_1_turmoil_when_a_move_cannot_be_taken() -> None:
    """P8.8.1 and P8.12: no warrior to move from a clearing of the suit: turmoil; the
    Decree is discarded but the Viziers, a new leader is chosen, a Roost is built when
    none is left (P8.12.4), the turn ends without Evening (P8.12.5)."""
    g = proto([M, E], warriors={E: {5: 2}},
              eyrie={"leader": "despot", "face_up": ["builder"],
                     "decree": {"move": ["anvil"], "build": ["cobbler"]}},
              step=("proto.e.decree", E, 1, 0), turn=E, pause=False)
    # the Vizier (Despot: move and build) moves 5 -> 2 (mouse); anvil (fox) finds none
    choose(g, ("move", 5, 2), ("warriors", 2))
    assert g.decision.kind == "roost"  # turmoil, Builder (the only face up) leads
    e = g.fstate[1]
    assert isinstance(e, EyrieState) and "anvil" in g.discard and "cobbler" in g.discard
    assert e.leader == "builder" and e.decree == ((VIZIER,), (), (), (VIZIER,))


def test_p8_12_turmoil_all_face_down_turn_up_and_a_roost_is_rebuilt() -> None:
    g = proto([M, E], warriors={M: {5: 3}},
              eyrie={"leader": "despot", "face_up": [], "decree": {"battle": ["anvil"]}},
              step=("proto.e.decree", E, 2, 1), turn=E, pause=False)
    assert sorted(o[1] for o in options(g)) == ["builder", "charismatic", "commander",
                                                 "despot"]
    choose(g, ("leader", "commander"))
    e = g.fstate[1]
    assert isinstance(e, EyrieState)
    assert e.decree == ((), (VIZIER,), (VIZIER,), ())
    assert g.decision.kind == "roost"  # no Roost on the map
    choose(g, ("roost", 8))
    assert (1, "roost") in g.buildings[8] and g.vp[1] == 0  # no Evening: no points
    assert g.turn_seat == 0  # the Marquise's turn


def test_p8_10_build_and_p8_10_2_jealous_fiefs() -> None:
    g = proto([M, E], warriors={E: {5: 2, 2: 1, 10: 1}}, buildings={E: {2: ["roost"]}},
              eyrie={"decree": {"build": ["bake_sale"]}}, step=("proto.e.decree", E, 3, 1),
              turn=E)
    assert options(g) == [("decree_build", "rabbit", 5), ("decree_build", "rabbit", 10)]


def test_p8_11_1_roost_track_points() -> None:
    """P8.11.1: the points below the rightmost empty space (reconstructed track 0, 1, 2,
    3, 4, 4, 5, every second space starred); a removed roost returns to the rightmost
    empty space of its kind."""
    g = proto([M, E], buildings={E: {5: ["roost"], 8: ["starred_roost"], 2: ["roost"]}},
              step=("proto.e.evening", E), turn=E, phase="evening")
    assert track_vp(g, 1) == 2 and g.vp[1] == 2
    assert next_roost(g, 1) == "starred_roost"
    g.take_piece(8, (1, "starred_roost"))
    assert track_vp(g, 1) == 2 and next_roost(g, 1) == "starred_roost"
    g.take_piece(2, (1, "roost"))
    assert track_vp(g, 1) == 0


def test_p8_17_2_despot_and_p8_16_2_commander() -> None:
    g = proto([M, E], warriors={E: {5: 2}}, buildings={M: {5: ["sawmill", "workshop"]}},
              eyrie={"leader": "despot", "decree": {"battle": ["ambush_bird"]}},
              step=("proto.e.decree", E, 2, 0), turn=E)
    assert g.vp[1] == 4  # two buildings, a point each and the Despot's


def test_p8_11_2_hand_limit_four() -> None:
    g = proto([M, E], hands={E: ["anvil", "cobbler", "sappers", "armorers", "bake_sale"]},
              step=("proto.discard_down", E), turn=E, phase="evening")
    choose(g, ("discard", "anvil"))
    assert len(g.hands[1]) == 4 and paused(g)
