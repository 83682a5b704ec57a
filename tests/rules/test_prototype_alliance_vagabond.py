"""The prototype rule set: the Woodland Alliance (P9) and the Vagabond (P10), his
alignment chart above all. Test names cite the rules reference's anchors
(/rules/prototype)."""
from __future__ import annotations

from rootlaw.core.game import FOREST, RUIN
from rootlaw.prototype.alliance import AllianceState
from rootlaw.prototype.base import KEEP
from rootlaw.prototype.vagabond import VagabondState
from tests.prototype_builder import choose, options, paused, proto

M, E, A, V = "marquise", "eyrie", "alliance", "vagabond"
ALL_SUP = {"fox": 3, "rabbit": 3, "mouse": 3}


def alliance_of(g: object) -> AllianceState:
    a = g.fstate[g.seat_of(A)]  # type: ignore[attr-defined]
    assert isinstance(a, AllianceState)
    return a


def vagabond_of(g: object) -> VagabondState:
    v = g.fstate[g.seat_of(V)]  # type: ignore[attr-defined]
    assert isinstance(v, VagabondState)
    return v


# -------------------------------------------------------------------- Alliance
def test_p9_4_1_birdsong_slots_back_to_hand_then_outrage_draws() -> None:
    g = proto([M, A], buildings={A: {7: ["hideout_mouse"], 5: ["hideout_rabbit"]}},
              alliance={"outrage": 3, "slots": {"mouse": "anvil", "rabbit": "cobbler"},
                        "face_up": {"rabbit": True}},
              step=("proto.a.birdsong", A), turn=A, phase="birdsong")
    a = alliance_of(g)
    assert a.slots == ("", "", "") and sorted(g.hands[1][:2]) == ["anvil", "cobbler"]
    assert len(g.hands[1]) == 2 + 2  # Outrage 3: two cards (reconstructed track)


def test_p9_6_spy_p9_7_battle_p9_10_train() -> None:
    """P9.6.1 Spy: a supporter and a card for a card; P9.7.1 a supporter of a nation for
    a battle in a clearing of it (the Keep too); P9.10.1 Train: a bird card and a
    supporter for a warrior in a clearing of the supporter's nation."""
    g = proto([M, A], warriors={A: {KEEP: 1, 5: 1}, M: {KEEP: 1, 5: 1}},
              hands={A: ["ambush_bird", "anvil"]}, alliance={"supporters": {"mouse": 2}},
              step=("proto.a.actions", A))
    opts = options(g)
    assert ("p_spy", "mouse", "anvil") in opts and ("p_spy", "fox", "anvil") not in opts
    assert ("p_a_battle", "mouse") in opts  # the Keep is a mouse clearing too
    choose(g, ("p_spy", "mouse", "anvil"))
    assert alliance_of(g).supporters == (0, 0, 1) and len(g.hands[1]) == 2
    choose(g, ("p_train", "ambush_bird", "mouse"))
    assert options(g) == [("p_place", c) for c in (1, 2, 7, 9, 11)]
    choose(g, ("p_place", 9))
    assert g.warriors[1][9] == 1 and alliance_of(g).supporters == (0, 0, 0)


def test_p9_11_keep_secrets_face_down_and_hidden() -> None:
    """P9.11.1: a card face down into an empty Hideout slot (P9.2.2: its Hideout on the
    map), unseen by the other players (P5.3.7)."""
    g = proto([M, A], buildings={A: {7: ["hideout_mouse"]}}, hands={A: ["anvil", "cobbler"]},
              step=("proto.a.actions", A))
    opts = options(g)
    assert ("p_secret", "anvil", "mouse") in opts and ("p_secret", "anvil", "fox") not in opts
    choose(g, ("p_secret", "anvil", "mouse"))
    assert alliance_of(g).slots == ("", "", "anvil")
    seen = g.view(M)["players"][A]["faction"]["hideouts"]["mouse"]
    assert seen["filled"] and not seen["face_up"] and seen["card"] is None
    mine = g.view(A)["players"][A]["faction"]["hideouts"]["mouse"]
    assert mine["card"] == "anvil"
    assert not [o for o in options(g) if o[0] in ("p_secret", "p_conspire")]  # slot full


def test_p9_12_conspire() -> None:
    """P9.12.1: supporters of one box, as many as the conspiracy costs, put it face up in
    that nation's Hideout slot; P9.12.2 its effects in any order, any of them; those "at
    the matching Hideout" there (P9.12.3). Rally (reconstructed): two warriors there."""
    g = proto([M, A], buildings={A: {7: ["hideout_mouse"]}},
              hands={A: ["birdy_bindle", "woodland_runners"]},  # Rally, March
              alliance={"supporters": {"mouse": 1, "fox": 3}}, step=("proto.a.actions", A))
    opts = options(g)
    assert ("p_conspire", "birdy_bindle", "mouse", "Rally") in opts
    assert ("p_conspire", "birdy_bindle", "fox", "Rally") not in opts  # no fox Hideout
    choose(g, ("p_conspire", "birdy_bindle", "mouse", "Rally"))
    a = alliance_of(g)
    assert a.slots[2] == "birdy_bindle" and a.face_up[2] and a.supporters == (3, 0, 0)
    choose(g, ("p_effect", 0, "place 2 warrior(s) at the Hideout"))
    assert g.warriors[1][7] == 2
    assert g.view(M)["players"][A]["faction"]["hideouts"]["mouse"]["card"] == "birdy_bindle"


def test_p9_12_2_effects_in_any_order_and_moves_only_so() -> None:
    """P9.12.2 any order, any of them; P5.5.6 a conspiracy's move."""
    g = proto([M, A], warriors={A: {7: 2}}, buildings={A: {7: ["hideout_mouse"]}},
              hands={A: ["woodland_runners", "anvil"]},  # March: two moves
              alliance={"supporters": {"mouse": 1}}, step=("proto.a.actions", A))
    choose(g, ("p_conspire", "woodland_runners", "mouse", "March"),
           ("p_effect", 0, "take a move"), ("move", 7, 8), ("warriors", 1))
    assert options(g) == [("p_effect", 1, "take a move"), ("done",)]
    choose(g, ("done",))
    assert g.warriors[1][8] == 1 and g.warriors[1][7] == 1


def test_p9_13_build_hideout_and_p9_14_stronghold() -> None:
    g = proto([M, A], warriors={A: {8: 1}}, alliance={"supporters": {"fox": 5}},
              hands={A: ["anvil"]}, step=("proto.a.actions", A))
    opts = options(g)
    assert ("p_hideout", "fox") in opts and ("p_stronghold", "fox", 8) in opts
    assert ("p_stronghold", "fox", 6) not in opts  # not ruled
    choose(g, ("p_hideout", "fox"))
    assert options(g) == [("p_place", c) for c in (1, 6, 8, 12)]
    choose(g, ("p_place", 12))
    assert (1, "hideout_fox") in g.buildings[12] and g.warriors[1][12] == 1
    choose(g, ("p_stronghold", "fox", 8))
    assert (1, "stronghold") in g.buildings[8] and alliance_of(g).supporters == (0, 0, 0)


def test_p9_15_evening_supporters_and_two_cards() -> None:
    g = proto([M, A], hands={A: ["anvil", "cobbler", "sappers"]},
              steps=[("proto.a.evening", A, ()), ("proto.discard_down", A)], phase="evening")
    assert alliance_of(g).supporters == (1, 1, 1)
    choose(g, ("discard", "anvil"))
    assert len(g.hands[1]) == 2 and paused(g)


def test_p9_16_outrage_rises_with_recruits_and_lost_hideouts_to_its_end() -> None:
    g = proto([M, A], buildings={M: {5: ["recruiter"]}}, alliance={"outrage": 6},
              step=("proto.m.recruit", M, ()))
    assert alliance_of(g).outrage == 6  # the last space (reconstructed: seven)


# -------------------------------------------------------------------- Vagabond
def test_p10_4_gifts_move_the_marker_up_to_ally() -> None:
    """P10.4.4-P10.4.6: one card in a turn: +1 (1 VP); two more: +2 (2 VP); two more:
    Ally (3 VP); P10.6.1 from the end, one card: 2 VP. Each card counts toward one
    arrow."""
    cards = ["anvil", "foxfolk_steel", "arms_trader", "crossbow_bird", "birdy_bindle",
             "sappers"]
    g = proto([M, V], warriors={M: {8: 1}}, hands={V: cards}, vagabond={"pawn": 8},
              step=("proto.v.actions", V), turn=V)
    choose(g, ("p_gift", M))
    for cid in cards:
        choose(g, ("give", cid))
    v = vagabond_of(g)
    assert v.align[M] == 3 and g.vp[1] == 1 + 2 + 3 + 2
    assert v.gifts[M] == 0


def test_p10_4_8_steal_and_p10_16_the_victim_scores() -> None:
    """P10.16.1: more available swords than their local warriors: a random card; they
    score a point; P10.4.8 Indifferent to -1 (1 VP); P10.2.1 Roger counts one more
    sword; P10.7.5 never from an Ally."""
    g = proto([M, V], warriors={M: {8: 1}}, hands={M: ["anvil"]},
              vagabond={"pawn": 8, "items": ["torch", "sword"]},
              step=("proto.v.actions", V), turn=V)
    choose(g, ("p_steal", M))
    assert g.hands[1] == ["anvil"] and g.vp == [1, 1] and vagabond_of(g).align[M] == -1
    g = proto([M, V], warriors={M: {8: 1}}, hands={M: ["anvil"]},
              vagabond={"pawn": 8, "items": ["torch", "sword"],
                        "character": "the_crafting_beaver"},
              step=("proto.v.actions", V), turn=V)
    assert ("p_steal", M) not in options(g)
    g = proto([M, V], warriors={M: {8: 1}}, hands={M: ["anvil"]},
              vagabond={"pawn": 8, "items": ["torch", "sword"], "align": {M: 3}},
              step=("proto.v.actions", V), turn=V)
    assert ("p_steal", M) not in options(g)


def test_p10_4_9_removing_warriors_makes_a_nemesis() -> None:
    """P10.5.1 from Indifferent, one warrior removed in a battle: Nemesis (2 VP);
    P10.4.10 two more in the same battle: the last space (3 VP); P10.4.2 as defender
    too."""
    g = proto([M, V], warriors={M: {8: 3}}, vagabond={
        "pawn": 8, "items": ["torch", "sword", "sword", "sword", "bag"]},
        step=("proto.v.actions", V), turn=V, forced=[["dice", [3, 0]]])
    choose(g, ("p_v_battle", M), ("p_swords", 3))
    assert vagabond_of(g).align[M] == -3 and g.vp[1] == 2 + 3
    g = proto([M, V], warriors={M: {8: 2}}, vagabond={"pawn": 8, "items": ["sword", "bag"],
                                                      "align": {M: -3}},
              step=("proto.m.battle", M), forced=[["dice", [1, 1]]])
    choose(g, ("p_stand",), ("p_swords", 1))  # defending, he removes one: 2 VP (P10.6.1)
    assert vagabond_of(g).align[M] == -3 and g.vp[1] == 2


def test_p10_5_cross_chart_shifts() -> None:
    """P10.5.1: from +2 a warrior removed: Nemesis; P10.5.2 from -1 two cards given in a
    turn: +2 (2 VP)."""
    g = proto([M, V], warriors={M: {8: 1}}, vagabond={"pawn": 8, "items": ["torch", "sword"],
                                                      "align": {M: 2}},
              step=("proto.v.actions", V), turn=V, forced=[["dice", [2, 0]]])
    choose(g, ("p_v_battle", M), ("p_swords", 1))
    assert vagabond_of(g).align[M] == -2 and g.vp[1] == 2
    g = proto([M, V], warriors={M: {8: 1}}, hands={V: ["anvil", "foxfolk_steel"]},
              vagabond={"pawn": 8, "align": {M: -1}}, step=("proto.v.actions", V), turn=V)
    choose(g, ("p_gift", M), ("give", "anvil"))
    assert vagabond_of(g).align[M] == -1
    choose(g, ("give", "foxfolk_steel"))
    assert vagabond_of(g).align[M] == 2 and g.vp[1] == 2


def test_p10_8_2_nemesis_costs_another_boot_and_p10_20_1_cobbler() -> None:
    g = proto([M, E, V], warriors={M: {2: 1}},
              vagabond={"pawn": 5, "items": ["boots", "torch"], "align": {M: -2}},
              step=("proto.v.actions", V), turn=V)
    assert ("p_boot", 1) in options(g) and ("p_boot", 2) not in options(g)
    g = proto([M, E, V], warriors={M: {2: 1}, E: {2: 1}},
              vagabond={"pawn": 5, "items": ["boots", "boots", "boots"],
                        "align": {M: -2, E: -3}}, step=("proto.v.actions", V), turn=V)
    choose(g, ("p_boot", 2))  # three boots: one and one per Nemesis there
    assert g.pawn[2] == 2 and vagabond_of(g).items["boots"] == (0, 3, 0)
    g = proto([M, E, V], warriors={M: {2: 1}, E: {2: 1}}, played={V: ["cobbler"]},
              vagabond={"pawn": 5, "items": ["boots", "boots"], "align": {M: -2, E: -3}},
              step=("proto.v.actions", V), turn=V)
    choose(g, ("p_boot", 2))  # Cobbler: each boot exhausted is two
    assert vagabond_of(g).items["boots"] == (0, 2, 0)


def test_p10_7_allies_move_and_fight_beside_him() -> None:
    """P10.7.2: Allies' warriors move with him (no Nimble: the ruler's permission);
    P10.7.3 they fight as his, capping his rolled hits; P10.7.4 they take his hits
    first."""
    g = proto([M, E, V], warriors={E: {5: 3}, M: {2: 2}}, vagabond={
        "pawn": 5, "items": ["boots", "torch"], "align": {E: 3}},
        step=("proto.v.actions", V), turn=V)
    assert ("p_boot_allies", 2, M) in options(g) and ("p_boot_allies", 1, "") in options(g)
    choose(g, ("p_boot_allies", 2, M), ("p_refuse",))
    assert g.pawn[2] == 5 and ("p_boot_allies", 2, M) not in options(g)
    choose(g, ("p_boot_allies", 1, ""), ("p_ally_warriors", E, 2))
    assert g.pawn[2] == 1 and g.warriors[1][1] == 2 and g.warriors[1][5] == 1
    g = proto([M, E, V], warriors={E: {8: 2}, M: {8: 2}}, vagabond={
        "pawn": 8, "items": ["torch", "bag"], "align": {E: 3}},
        step=("proto.v.actions", V), turn=V, forced=[["dice", [2, 1]]])
    choose(g, ("p_v_battle", M), ("p_allies",))
    assert g.warriors[0][8] == 0  # two hits by his Allies' two warriors, no sword
    assert g.warriors[1][8] == 1  # the Marquise's one hit took an Eyrie warrior


def test_p10_9_birdsong_refresh_and_a_free_move_into_a_forest() -> None:
    g = proto([M, V], vagabond={"pawn": 5, "items": ["bag"], "exhausted": ["boots", "torch"],
                                "damaged": ["sword"]},
              steps=[("proto.v.refresh", V), ("proto.v.slip", V)], turn=V, phase="birdsong")
    v = vagabond_of(g)
    assert v.items["boots"] == (1, 0, 0) and v.items["sword"] == (0, 0, 1)
    assert ("p_slip", FOREST) in options(g) and ("p_slip", 1) in options(g)
    choose(g, ("p_slip", FOREST))
    assert g.pawn[1] == FOREST and v.items["boots"] == (1, 0, 0)


def test_p10_13_gift_takes_items_from_their_play_area() -> None:
    """P10.13.1: cards matching his clearing (birds always); then an item from above
    their faction board per card (into his exhausted items)."""
    g = proto([M, V], warriors={M: {8: 1}}, items={M: ["coins", "sword"]},
              hands={V: ["anvil", "cobbler", "sappers"]}, vagabond={"pawn": 8},
              step=("proto.v.actions", V), turn=V)
    choose(g, ("p_gift", M))
    assert options(g) == [("give", "anvil"), ("give", "sappers")]  # 8 is fox
    choose(g, ("give", "anvil"), ("done",), ("p_take_item", "coins"))
    assert g.items[0] == ["sword"] and vagabond_of(g).items["coins"] == (0, 1, 0)


def test_p10_15_repair_p10_17_aid_p10_18_explore() -> None:
    g = proto([M, A, V], buildings={A: {10: ["hideout_rabbit"]}},
              vagabond={"pawn": 10, "items": ["torch", "torch", "torch"], "damaged": ["sword"]},
              ruins={10: "hammer"}, step=("proto.v.actions", V), turn=V)
    opts = options(g)
    assert ("p_repair", "sword") in opts and ("p_aid",) in opts and ("p_explore",) in opts
    choose(g, ("p_repair", "sword"))
    assert vagabond_of(g).items["sword"] == (0, 1, 0)
    choose(g, ("p_aid",))  # 10 is rabbit: the supporter goes to the rabbit box
    assert alliance_of(g).supporters == (0, 1, 0) and g.vp[2] == 1
    choose(g, ("p_explore",))
    assert (RUIN, "ruin") not in g.buildings[10] and vagabond_of(g).items["hammer"] == (0, 1, 0)
    assert g.vp[2] == 2


def test_p10_2_2_the_crafting_beaver_builds_for_the_ruler() -> None:
    """P10.2.2: a torch to build a building of his clearing's ruler, by its rules, no
    wood; the owner cannot stop it."""
    g = proto([M, V], warriors={M: {5: 2}}, vagabond={
        "pawn": 5, "items": ["torch"], "character": "the_crafting_beaver"},
        step=("proto.v.actions", V), turn=V)
    beaver = [o for o in options(g) if o[0] == "p_beaver"]
    assert beaver == [("p_beaver", k, M, "") for k in ("sawmill", "workshop", "recruiter")]
    choose(g, ("p_beaver", "workshop", M, ""))
    assert (0, "workshop") in g.buildings[5] and g.vp == [0, 0]


def test_p10_2_6_crossbow_when_the_enemy_retreats() -> None:
    g = proto([M, V], warriors={M: {5: 2, 1: 1}}, vagabond={
        "pawn": 5, "items": ["torch", "crossbow", "sword"]},
        step=("proto.v.actions", V), turn=V)
    choose(g, ("p_v_battle", M), ("p_retreat",), ("p_crossbow",))
    # two retreating: no hit; the crossbow's one; the other warrior retreats to 1
    assert g.warriors[0][5] == 0 and g.warriors[0][1] == 2
    assert vagabond_of(g).items["crossbow"] == (0, 1, 0)
    assert vagabond_of(g).align[M] == -2 and g.vp[1] == 2  # a warrior removed (P10.5.1)


def test_p10_2_7_bags_and_p10_19_evening() -> None:
    """P10.19.1: his hand limit is his available bags, two cards each; P10.19.2 in a
    forest his damaged items become exhausted."""
    g = proto([M, V], hands={V: ["anvil", "cobbler", "sappers"]},
              vagabond={"pawn": FOREST + 1, "items": ["bag"], "damaged": ["sword"]},
              steps=[("proto.v.evening", V), ("proto.discard_down", V)], turn=V,
              phase="evening")
    assert vagabond_of(g).items["sword"] == (0, 1, 0)
    choose(g, ("discard", "anvil"))
    assert len(g.hands[1]) == 2 and paused(g)
    # no available bag: a limit of zero ("equal to your <bag>", rulings.md)
    g = proto([M, V], hands={V: ["anvil"]}, vagabond={"pawn": 5, "exhausted": ["bag"]},
              step=("proto.discard_down", V), turn=V, phase="evening")
    assert g.hands[1] == [] and paused(g)


def test_p10_2_8_coins_draw_on_the_marquises_birdsong() -> None:
    g = proto([M, V], vagabond={"pawn": 5, "items": ["coins", "coins"], "exhausted": ["coins"]},
              step=("proto.birdsong", M), phase="birdsong")
    assert len(g.hands[1]) == 2


def test_p9_12_3_effects_at_the_hideout_ambuscade_fortify_manifesto() -> None:
    """P9.12.3: hits and buildings "at the matching Hideout" go to its clearing; P4.3.4 a
    conspiracy's hits to a player there (reconstructed Ambuscade, Fortify, Manifesto)."""
    g = proto([M, E, A], warriors={M: {7: 2}, E: {7: 1}},
              buildings={A: {7: ["hideout_mouse"]}},
              hands={A: ["arms_trader", "root_tea_fox"]},  # Ambuscade, Fortify
              alliance={"supporters": {"mouse": 4}}, step=("proto.a.actions", A))
    choose(g, ("p_conspire", "arms_trader", "mouse", "Ambuscade"),
           ("p_effect", 0, "deal 2 hits at the Hideout"))
    assert options(g) == [("p_target", M), ("p_target", E)]
    choose(g, ("p_target", M))
    assert g.warriors[0][7] == 0 and g.warriors[1][7] == 1
    g = proto([M, A], buildings={A: {7: ["hideout_mouse"]}},
              hands={A: ["root_tea_fox", "anvil"]},  # Fortify, Manifesto
              alliance={"supporters": {"mouse": 2}}, step=("proto.a.actions", A))
    choose(g, ("p_conspire", "root_tea_fox", "mouse", "Fortify"),
           ("p_effect", 1, "score 1 VP"), ("p_effect", 0, "build a Stronghold at the Hideout"))
    assert (1, "stronghold") in g.buildings[7] and g.vp[1] == 1
    assert alliance_of(g).supporters == (0, 0, 0)
