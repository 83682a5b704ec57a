"""Spinners of Mercy (Crusader expansion, fan-made: SOM), from built positions: a test per
numbered rule of the section, with First Response beside the Law's factions and bots."""
from __future__ import annotations

from typing import Any

import rootlaw
from rootlaw.core.battle import start_battle
from rootlaw.core.effects import favor
from rootlaw.core.game import Game
from rootlaw.factions.spinners import SpinnersState, st_of
from tests.builder import assert_illegal, build, options, pause_step, play, scored, seat

SM, M, E, A, V, LH = "spinners", "marquise", "eyrie", "alliance", "vagabond", "hundreds"
# Fall: fox 1 6 8 12, rabbit 3 4 5 10, mouse 2 7 9 11; 1-5,9,10 2-5,6,10 3-6,7,11
# 4-8,9,12 5-1,2 6-2,3,11 7-3,8,12 8-4,7 9-1,4,12 10-1,2,12 11-3,6,12 12-4,7,9,10,11
INF_FOX, INF_RABBIT, INF_MOUSE = "infirmary_fox", "infirmary_rabbit", "infirmary_mouse"
WAIT = pause_step("test.sm_wait", "pause", ("go", "wait"))


def sm(g: Game) -> SpinnersState:
    return st_of(g, g.seat_of(SM))


def battle(factions: list[str], att: str, c: int, dfd: str, dice: list[int],
           **kw: Any) -> Game:
    """A battle started in a built position (its first decisions follow), then a pause."""
    return build(factions, step=(WAIT, att), forced=[["dice", dice]],
                 before=lambda g: start_battle(g, seat(g, att), c, seat(g, dfd)), **kw)


def daylight(**kw: Any) -> Game:
    factions = kw.pop("factions", [SM, M])
    return build(factions, step=("spinners.daylight", SM, 3), phase="daylight", stop=True,
                 **kw)


# ================================================================ SOM.2 rules
def test_som_2_1_and_6_1_crafting_with_matching_infirmaries_in_evening() -> None:
    g = build([SM, M], buildings={SM: {1: [INF_FOX], 8: [INF_FOX], 5: [INF_RABBIT]}},
              hands={SM: ["foxfolk_steel", "bake_sale"]}, step=("craft", SM),
              phase="evening", stop=True)
    assert g.fdefs[0].crafting_pieces(g, 0) == (2, 1, 0)
    assert ("craft", "foxfolk_steel", ()) in options(g)
    assert not options(g, "craft")[1:]  # bake_sale needs two rabbits
    fd = g.fdefs[0]
    assert ("craft", 0) in fd.phase_steps(g, 0, "evening")  # SOM.6.1, not in Daylight
    assert ("craft", 0) not in fd.phase_steps(g, 0, "daylight")


def test_som_2_2_a_web_rewards_one_point_less_and_hits_split_freely() -> None:
    g = battle([SM, M], M, 5, SM, [2, 0], warriors={M: {5: 3}, SM: {5: 2}},
               tokens={SM: {5: ["web", "web"]}})
    assert g.decision.seat == SM and options(g) == [("som_hit", "warrior"), ("som_hit", "web")]
    play(g, ("som_hit", "web"), ("som_hit", "web"))  # webs before warriors (SOM.2.2)
    assert g.warriors[0][5] == 2 and not g.tokens[5]
    assert scored(g, M) == []  # a web scores 1 - 1 = 0 (3.2.1)
    assert g.fdefs[0].points_for_removal(g, 0, "web") == 0
    assert g.fdefs[0].points_for_removal(g, 0, INF_RABBIT) == 1


def test_som_2_2_an_infirmary_goes_only_when_no_warriors_are_left() -> None:
    g = battle([SM, M], M, 5, SM, [3, 0], warriors={M: {5: 3}, SM: {5: 1}},
               tokens={SM: {5: ["web"]}}, buildings={SM: {5: [INF_RABBIT]}})
    assert options(g) == [("som_hit", "warrior"), ("som_hit", "web")]
    g.apply(("som_hit", "warrior"))
    assert options(g) == [("som_hit", "web"), ("som_hit", INF_RABBIT)]
    g.apply(("som_hit", INF_RABBIT))  # the last hit: the web, the only choice left
    assert not g.buildings[5] and not g.tokens[5] and scored(g, M) == [(M, 1, "removal")]


def test_som_2_2_clearings_connected_by_webs() -> None:
    """A path between two clearings that both hold webs; Skitter follows only those."""
    g = daylight(warriors={SM: {5: 2}, M: {1: 3, 5: 3}}, tokens={SM: {5: ["web"], 1: ["web"]}})
    g.apply(("som_skitter",))
    assert options(g) == [("move", 5, 1), ("done",)]  # 2 has no web: not connected


# --------------------------------------------------------- SOM.2.3 and 2.4
def fr_position(**kw: Any) -> Game:
    """The Marquise attacks the Eyrie in 5; the Spinners have a warrior and a web there,
    webs to their fox infirmary in 1."""
    return battle([SM, M, E], M, 5, E, kw.pop("dice", [2, 1]),
                  warriors={M: {5: 3}, E: {5: 3}, SM: {5: 1}},
                  tokens={SM: {5: ["web"], 1: ["web"]}, M: {3: ["keep"]}},
                  buildings={SM: {1: [INF_FOX]}}, hands={M: ["bake_sale"]}, **kw)


def test_som_2_3_first_response_takes_all_hit_enemy_warriors_to_the_ward() -> None:
    g = fr_position()
    assert g.decision.seat == SM and g.decision.kind == "first_response"
    assert options(g) == [("som_first_response", 5), ("som_no_response",)]
    g.apply(("som_first_response", 5))
    assert sm(g).ward == {E: 2, M: 1}  # both sides' hit warriors, one Spinner warrior and web
    assert g.warriors[0][5] == 0 and g.tokens[5] == ()
    assert g.warrior_supply(1) == 25 - 2 - 1 and g.warrior_supply(2) == 20 - 1 - 2
    assert g.decision.kind == "pause"  # instead of resolving: no Field Hospitals (6.2.3)


def test_som_2_3_declined_the_removal_resolves() -> None:
    g = fr_position()
    g.apply(("som_no_response",))
    assert sm(g).ward == {} and g.decision.kind == "field_hospitals"


def test_som_2_3_needs_a_web_connection_to_an_infirmary() -> None:
    g = battle([SM, M, E], M, 5, E, [2, 1], warriors={M: {5: 3}, E: {5: 3}, SM: {5: 1}},
               tokens={SM: {5: ["web"], 3: ["web"]}}, buildings={SM: {3: [INF_RABBIT]}})
    assert g.decision.kind == "pause" and sm(g).ward == {}  # 3 is not next to 5


def test_som_2_3_the_warrior_and_web_must_not_have_been_hit() -> None:
    """The Spinners intervene in 5; the Eyrie's hit takes their warrior (or web): too few
    left for First Response."""
    g = battle([SM, E], SM, 5, E, [1, 1], warriors={SM: {5: 1}, E: {5: 2}},
               tokens={SM: {5: ["web"]}}, buildings={SM: {5: [INF_RABBIT]}})
    g.apply(("som_hit", "warrior"))
    assert g.decision.kind == "pause" and sm(g).ward == {}
    g = battle([SM, E], SM, 5, E, [1, 0], warriors={SM: {5: 2}, E: {5: 2}},
               tokens={SM: {5: ["web"]}}, buildings={SM: {5: [INF_RABBIT]}})
    assert options(g) == [("som_first_response", 5), ("som_no_response",)]
    g.apply(("som_first_response", 5))  # their own hit enemies, in their own clearing
    assert sm(g).ward == {E: 1} and g.warriors[0][5] == 1


def test_som_2_3_after_an_ability_or_a_crafted_card() -> None:
    """A Favor the Spinners crafted removes the Eyrie's warriors in rabbit clearings."""
    g = build([SM, E], warriors={SM: {5: 1}, E: {5: 2, 3: 1}},
              tokens={SM: {5: ["web"]}}, buildings={SM: {5: [INF_RABBIT]}},
              step=(WAIT, SM), before=lambda g: favor(g, 0, "rabbit"))
    assert options(g) == [("som_first_response", 5), ("som_no_response",)]
    g.apply(("som_first_response", 5))
    assert sm(g).ward == {E: 2} and g.warriors[1][3] == 0  # 3's warrior: no web there


def test_som_2_3_never_the_spinners_own_or_a_cost_paid() -> None:
    """A player removing its own warriors (a cost, Tax Collector) deals no hits."""
    g = build([SM, M], warriors={SM: {5: 1}, M: {5: 2}}, tokens={SM: {5: ["web"]}},
              buildings={SM: {5: [INF_RABBIT]}}, played={M: ["tax_collector"]},
              step=("marquise.actions", M, 3), phase="daylight")
    g.apply(("tax_collector", 5))
    assert sm(g).ward == {} and g.decision.seat == M


def test_som_2_4_the_ward_holds_patients_out_of_their_owners_supply() -> None:
    g = fr_position()
    g.apply(("som_first_response", 5))
    v = g.view(E)["players"][SM]["faction"]
    assert v["ward"] == {E: 2, M: 1} and v["patients"] == 3  # public
    assert g.fdefs[0].warriors_held(g, 0, 2) == 2


def test_som_2_4_the_warlord_may_be_replaced_while_in_the_ward() -> None:
    g = battle([SM, M, LH], M, 5, LH, [1, 0], warriors={M: {5: 3}, LH: {5: 1}, SM: {5: 1}},
               tokens={SM: {5: ["web"]}}, buildings={SM: {5: [INF_RABBIT]}},
               hundreds={"warlord": 5, "mood": "grandiose"})
    g.apply(("som_first_response", 5))
    assert sm(g).ward == {LH: 1}
    h = g.fstate[2]
    assert h.warlord == 0  # type: ignore[attr-defined]  # off the map: Anoint (14.4.3)
    assert g.warrior_supply(2) == 21 - 1 - 1  # the warlord off the map, a patient held


# --------------------------------------------------------- SOM.2.5 and 2.6
def test_som_2_5_infirmaries_are_buildings_and_release_one_patient_each() -> None:
    g = build([SM, M], warriors={M: {5: 1}}, buildings={SM: {5: [INF_RABBIT]}},
              spinners={"ward": {M: 3}}, step=(WAIT, SM))
    assert g.rulers()[5] == -1  # a tie: the infirmary counts as a building (2.5)
    g = build([SM, M], buildings={SM: {5: [INF_RABBIT]}}, spinners={"ward": {M: 3}},
              step=("spinners.discharge", SM, ()), stop=True)
    # the one infirmary released one patient (the only choice), and no more this turn
    assert sm(g).ward == {M: 2} and g.warriors[1][5] == 1 and g.decision.kind == "pause"


def test_som_2_6_triage_an_infirmary_removed_in_battle_returns_a_patient() -> None:
    g = battle([SM, M, E], M, 5, SM, [2, 0], warriors={M: {5: 3}},
               buildings={SM: {5: [INF_RABBIT]}}, spinners={"ward": {E: 2, M: 1}})
    assert g.decision.kind == "triage" and options(g) == [("som_triage", E), ("som_triage", M)]
    g.apply(("som_triage", E))
    assert sm(g).ward == {E: 1, M: 1} and g.warrior_supply(2) == 20 - 1


def test_som_2_6_no_triage_outside_battle() -> None:
    g = build([SM, M], buildings={SM: {5: [INF_RABBIT]}}, spinners={"ward": {M: 2}},
              step=(WAIT, M), before=lambda g: favor(g, 1, "rabbit"))
    assert not g.buildings[5] and sm(g).ward == {M: 2} and g.decision.kind == "pause"


# ================================================================ SOM.3 setup
def test_som_3_setup_opposite_the_keep_with_warriors_webs_and_an_infirmary() -> None:
    g = rootlaw.new_game([M, SM], seed=3)
    while g.phase == "setup":
        assert g.decision.seat == M  # the Spinners' one choice is made for them
        g.apply(g.decision.options[0])
    s, m = g.seat_of(SM), g.seat_of(M)
    c = g.board.opposite[g.fdefs[m].starting_corner(g, m)]  # SOM.3.2: opposite the keep
    assert g.fdefs[s].starting_corner(g, s) == c
    assert g.warriors[s][c] == 2 and g.tokens[c].count((s, "web")) == 2
    assert (s, "infirmary_" + g.suits[c]) in g.buildings[c]
    for x in g.adjacent(c):
        assert g.warriors[s][x] == 1 and (s, "web") in g.tokens[x]
    v = g.view(SM)["players"][SM]["faction"]  # SOM.3.1 the supplies, SOM.3.3 the tracks
    assert v["webs_in_supply"] == 24 - 2 - len(g.adjacent(c))
    assert sorted(v["infirmaries_on_track"].values()) == [2, 3, 3]
    assert g.warrior_supply(s) == 20 - 2 - len(g.adjacent(c))


def test_som_3_2_any_free_corner_then_any_edge_clearing() -> None:
    from rootlaw.factions.spinners import corner_options

    g = build([SM, A], warriors={}, step=(WAIT, SM))
    assert corner_options(g, 0) == [1, 2, 3, 4]  # no keep, roost, garden or tunnel
    g = build([SM, E], eyrie={"corner": 1}, buildings={E: {1: ["roost"]}}, step=(WAIT, SM))
    assert corner_options(g, 0) == [3]  # opposite the Eyrie's starting roost


# ============================================================= SOM.4 birdsong
def test_som_4_1_discharge_one_patient_per_infirmary_one_vp_each() -> None:
    g = build([SM, M, E], buildings={SM: {1: [INF_FOX], 5: [INF_RABBIT]}},
              spinners={"ward": {M: 2, E: 1}}, step=("spinners.discharge", SM, ()),
              stop=True)
    assert options(g) == [("som_discharge", E, 1), ("som_discharge", M, 1),
                          ("som_discharge", E, 5), ("som_discharge", M, 5)]
    g.apply(("som_discharge", M, 5))
    assert options(g) == [("som_discharge", E, 1), ("som_discharge", M, 1)]  # SOM.2.5
    g.apply(("som_discharge", E, 1))
    assert g.warriors[1][5] == 1 and g.warriors[2][1] == 1 and sm(g).ward == {M: 1}
    assert scored(g, SM) == [(SM, 1, "discharge"), (SM, 1, "discharge")]
    assert g.decision.kind == "pause"  # two infirmaries: two released (mandatory)


def test_som_4_2_secure_one_web_per_uncovered_web_bonus() -> None:
    g = build([SM, M], warriors={SM: {5: 1, 9: 1}}, tokens={SM: {2: ["web"]}},
              buildings={SM: {1: [INF_FOX]}}, step=("spinners.secure", SM, 0), stop=True)
    assert set(options(g)) == {("som_secure", 5), ("som_secure", 9), ("som_secure_move", 2, 5),
                               ("som_secure_move", 2, 9), ("done",)}
    g.apply(("som_secure_move", 2, 9))
    assert g.decision.kind == "pause" and (0, "web") in g.tokens[9] and not g.tokens[2]
    g = build([SM, M], warriors={SM: {5: 1}}, step=("spinners.secure", SM, 0), stop=True)
    assert g.decision.kind == "pause"  # no infirmary built: no web bonus uncovered


# ============================================================= SOM.5 daylight
def test_som_5_three_actions_plus_one_per_bird_card_spent() -> None:
    g = daylight(hands={SM: ["crossbow_bird", "anvil"]})
    assert ("som_bird", "crossbow_bird") in options(g) and ("som_bird", "anvil") not in options(g)
    g.apply(("som_bird", "crossbow_bird"))
    assert g.stack[-1][2] == 4 and "crossbow_bird" in g.discard  # not an action
    g.apply(("som_gather",))
    assert g.stack[-1][2] == 3
    g = daylight(hands={SM: ["bake_sale", "anvil"]}, tokens={SM: {5: ["web"], 1: ["web"]}},
                 deck_top=["foxfolk_steel"])
    play(g, ("som_establish", "bake_sale", 5), ("som_establish", "anvil", 1), ("som_gather",))
    assert g.decision.kind == "pause"  # three actions taken: Daylight ends


def test_som_5_1_recruit_once_a_warrior_and_a_web_in_each_matching_clearing() -> None:
    g = daylight(hands={SM: ["anvil", "crossbow_bird"]}, warriors={M: {6: 1}})
    assert ("som_recruit", "anvil", "fox") in options(g)
    assert {o[2] for o in options(g, "som_recruit") if o[1] == "crossbow_bird"} == {
        "fox", "rabbit", "mouse"}  # a bird: one suit of choice
    g.apply(("som_recruit", "anvil", "fox"))
    for c in (1, 6, 8, 12):
        assert g.warriors[0][c] == 1 and (0, "web") in g.tokens[c]
    assert not options(g, "som_recruit")  # once per turn


def test_som_5_2_establish_a_matching_infirmary_where_a_web_is() -> None:
    g = daylight(hands={SM: ["anvil", "bake_sale"]}, tokens={SM: {1: ["web"], 2: ["web"]}})
    assert options(g, "som_establish") == [("som_establish", "anvil", 1)]  # 2 is mouse
    g.apply(("som_establish", "anvil", 1))
    assert g.buildings[1] == ((0, INF_FOX),) and g.hands[0] == ["bake_sale"]
    g = daylight(hands={SM: ["anvil"]}, tokens={SM: {1: ["web"]}},
                 buildings={SM: {6: [INF_FOX], 8: [INF_FOX], 12: [INF_FOX]}})
    assert not options(g, "som_establish")  # no fox infirmary left on the track


def test_som_5_3_skitter_moves_along_webs_ignoring_rule() -> None:
    g = daylight(warriors={SM: {5: 2}, M: {5: 3, 1: 4}}, tokens={SM: {5: ["web"], 1: ["web"]}})
    assert ("move", 5, 1) not in options(g)  # no ordinary move: the Spinners rule neither
    play(g, ("som_skitter",), ("move", 5, 1), ("warriors", 2))
    assert g.warriors[0][1] == 2 and options(g) == [("move", 1, 5), ("done",)]  # any number
    g.apply(("done",))
    assert g.stack[-1][2] == 2  # one action


def test_som_5_4_intervene_battle_where_a_web_is() -> None:
    g = daylight(warriors={SM: {5: 1, 9: 1}, M: {5: 1, 9: 1}}, tokens={SM: {5: ["web"]}})
    assert options(g, "battle") == [("battle", 5, M)]
    assert_illegal(g, ("battle", 9, M))


def test_som_5_5_gather_once_per_turn() -> None:
    g = daylight(deck_top=["anvil", "bake_sale"])
    g.apply(("som_gather",))
    assert g.hands[0] == ["anvil"] and ("som_gather",) not in options(g)


# ============================================================== SOM.6 evening
def test_som_6_2_shelter_vp_above_the_rightmost_empty_space() -> None:
    g = build([SM, M], buildings={SM: {1: [INF_FOX], 8: [INF_FOX], 5: [INF_RABBIT]}},
              hands={SM: ["anvil", "foxfolk_steel", "crossbow_bird", "bake_sale"]},
              step=("spinners.shelter", SM, (0, 0, 0)), phase="evening", stop=True)
    play(g, ("som_shelter", "anvil", "fox"), ("som_shelter", "crossbow_bird", "fox"))
    assert not [o for o in options(g, "som_shelter") if o[2] == "fox"]  # two fox built
    assert scored(g, SM) == [(SM, 1, "shelter"), (SM, 1, "shelter")]
    g.apply(("som_shelter", "bake_sale", "rabbit"))  # one built: the first space shows 0
    assert g.vp[0] == 2
    g = build([SM, M], buildings={SM: {1: [INF_FOX], 8: [INF_FOX], 12: [INF_FOX]}},
              hands={SM: ["anvil"]}, step=("spinners.shelter", SM, (0, 0, 0)),
              phase="evening", stop=True)
    g.apply(("som_shelter", "anvil", "fox"))
    assert scored(g, SM) == [(SM, 2, "shelter")]  # three built: two each (the example)


def test_som_6_3_draw_one_plus_uncovered_draw_bonuses_then_discard() -> None:
    g = build([SM, M], buildings={SM: {1: [INF_FOX], 8: [INF_FOX], 12: [INF_FOX]}},
              hands={SM: ["anvil", "bake_sale", "sappers", "armorers", "cobbler"]},
              step=("spinners.draw", SM), phase="evening", stop=True,
              then=None)
    assert len(g.hands[0]) == 7  # one, plus the third fox space's draw bonus
    g = build([SM, M], hands={SM: ["anvil"] * 1}, steps=[("spinners.draw", SM),
                                                        ("discard_down", SM)],
              phase="evening", stop=True)
    assert len(g.hands[0]) == 2


def test_spinners_save_load_and_view_round_trip() -> None:
    g = fr_position()
    g.apply(("som_first_response", 5))
    again = Game.from_json(g.to_json())
    assert again.to_json() == g.to_json() and st_of(again, 0).ward == {E: 2, M: 1}
    assert_illegal(g, ("som_first_response", 5))


# ======================================================== the Advanced Setup
def test_advanced_setup_card_a_homeland_on_the_edge_set_up_as_som_3_2() -> None:
    """A.8.2 with the Spinners' setup card (a reading, rootlaw/data/crusader.json)."""
    g = rootlaw.new_game([M, E, SM], setup="advanced", seed=4)
    while not (g.decision.seat == SM and g.decision.kind == "setup_homeland"):
        g.apply(g.decision.options[0])
    s = g.seat_of(SM)
    from rootlaw.core.advanced import distances, enemy_homelands

    enemy = enemy_homelands(g, s)
    homes = [o[1] for o in options(g)]
    assert homes and set(homes) <= set(g.board.edge) and not set(homes) & set(enemy)
    dist = distances(g, enemy) if enemy else None
    assert dist is None or all(dist[c] >= 2 for c in homes)  # not adjacent (A.8.2.II)
    c = homes[0]
    g.apply(("homeland", c))
    assert g.adv.homelands[s] == (c,) and g.warriors[s][c] == 2
    assert (s, "infirmary_" + g.suits[c]) in g.buildings[c]


def test_the_crusader_setup_cards_join_a_draft_that_asks_for_them() -> None:
    from rootlaw.core.advanced import open_cards, setup_cards

    law = open_cards([], 4, False)
    both = open_cards([], 4, False, cards=setup_cards({"crusader": True}))
    assert SM not in law[1] and SM in both[1] and "wyrm" in both[0]  # insurgent, militant
    for seed in range(60):
        g = rootlaw.new_game(players=4, setup="advanced", seed=seed, crusader=True)
        if ("draft", SM) in options(g):
            break
    else:
        raise AssertionError("no draft offered the Spinners' card first")
    who = g.decision.seat
    g.apply(("draft", SM))
    assert g.factions[g.seat_of(who)] == SM and g.decision.kind == "setup_homeland"
    assert g.decision.seat == SM  # it sets up at once (A.8.2)


def test_a_game_saved_at_first_response_loads_and_goes_on_the_same() -> None:
    """The removal events waiting in the First Response step survive a save (JSON)."""
    g = fr_position()
    again = Game.from_json(g.to_json())
    assert again.decision.options == g.decision.options
    for x in (g, again):
        x.apply(("som_no_response",))  # the removal resolves: Field Hospitals is asked
    assert again.to_json() == g.to_json() and again.decision.kind == "field_hospitals"


def test_som_2_4_patients_from_coffin_makers_and_a_warlord_with_an_empty_supply() -> None:
    """E&P Coffin Makers took the hit warriors: the Ward takes them from the card; a
    warlord among them leaves the map as removed (14.2.2) and the supply, empty, gives
    none in its place: the Ward holds what there is, the Hundreds' count stays whole."""
    def full(g: Game) -> None:  # all 21 Hundreds warriors on the map: none in supply
        g.warriors[2][1] += 1
        start_battle(g, 1, 6, 2)

    g = build([SM, M, LH], step=(WAIT, M), forced=[["dice", [2, 0]]], before=full,
              deck_name="exiles_partisans", warriors={M: {6: 3}, LH: {6: 2, 1: 18},
                                                      SM: {6: 1}},
              tokens={SM: {6: ["web"]}}, buildings={SM: {6: [INF_FOX]}},
              played={M: ["coffin_makers"]}, hundreds={"warlord": 6, "mood": "grandiose"})
    assert g.decision.kind == "take_hit"
    g.apply(("lh_hit", "warrior"))  # then the warlord, alone
    assert g.cards.coffins[2] == 1 and g.warrior_supply(2) == 0  # the warlord: off the map
    g.apply(("som_first_response", 6))
    assert sm(g).ward == {LH: 1} and g.cards.coffins[2] == 0
    assert g.warrior_supply(2) == 0 and g.fstate[2].warlord == 0  # type: ignore[attr-defined]
