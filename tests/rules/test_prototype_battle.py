"""The prototype rule set: hits (P4.3), battle (P5.6-P5.13), movement (P5.5), ruling
(P4.7). Test names cite the rules reference's anchors (/rules/prototype)."""
from __future__ import annotations

from rootlaw.core.game import FOREST
from rootlaw.prototype.alliance import AllianceState
from rootlaw.prototype.base import KEEP, local_players
from rootlaw.prototype.battle import retreat_hits
from rootlaw.prototype.vagabond import VagabondState
from tests.prototype_builder import choose, options, paused, proto

M, E, A, V = "marquise", "eyrie", "alliance", "vagabond"


# ------------------------------------------------------------------ P4.7 Ruler
def test_p4_7_ruler_ties_and_lords_of_the_forest() -> None:
    """P4.7.1: most warriors and buildings rules, a tie rules nobody; P4.7.2 the Eyrie
    rules ties; P4.7.3 Lone Wanderer: the pawn never counts."""
    g = proto([M, E, A, V], warriors={M: {5: 2, 6: 1}, A: {5: 1, 6: 1}, E: {7: 1}},
              buildings={A: {5: ["hideout_rabbit"]}, M: {7: ["sawmill"]}},
              vagabond={"pawn": 6}, step=("proto.m.actions", M, 3))
    assert g.ruler(5) is None  # 2 and 1 + a Hideout
    assert g.ruler(6) is None  # 1 and 1; the pawn changes nothing
    assert g.ruler(7) == 1  # the Eyrie's tie


def test_p4_4_local_players() -> None:
    """P4.4.2: players with pieces in a clearing with any of yours."""
    g = proto([M, E, A], warriors={M: {5: 1}, E: {5: 1, 8: 1}}, tokens={M: {8: ["wood"]}},
              buildings={A: {2: ["hideout_mouse"]}}, step=("proto.m.actions", M, 3))
    assert local_players(g, 0) == [1]
    assert local_players(g, 2) == []


# ------------------------------------------------------------------ P4.3 Hits
def test_p4_3_2_warriors_first_then_a_piece_of_the_takers_choice() -> None:
    """P4.3.2 and P4.3.5: hits remove warriors, then buildings or wood as the taker
    chooses; each building removed by a hit scores its dealer one point."""
    g = proto([M, E], warriors={E: {5: 3}, M: {5: 1}}, buildings={M: {5: ["workshop"]}},
              tokens={M: {5: ["wood"]}}, step=("proto.e.decree", E, 2, 0),
              eyrie={"leader": "builder", "decree": {"battle": ["ambush_bird"]}},
              forced=[["dice", [3, 0]]], turn=E)
    # the only battle, no retreat (the Marquise rules no neighbour): on to the hits
    assert g.decision.kind == "take_hit"
    assert set(options(g)) == {("hit", 0, "workshop"), ("hit", 0, "wood")}
    choose(g, ("hit", 0, "workshop"))
    assert g.warriors[0][5] == 0 and g.vp[1] == 1


def test_p4_3_6_last_building_gone_discards_an_improvement() -> None:
    """P4.3.6, P5.10.2: taking the hit that removes your last building in a clearing,
    you discard an improvement of your play area."""
    g = proto([M, E], warriors={E: {5: 3}}, buildings={M: {5: ["workshop"]}, E: {5: ["roost"]}},
              played={M: ["cobbler", "sappers"]}, step=("proto.e.decree", E, 2, 0),
              eyrie={"decree": {"battle": ["ambush_bird"]}}, turn=E)
    # the only battle; no warriors: P5.6.3 removes it at once (not by a hit)
    assert g.played[0] == ["cobbler", "sappers"] and g.vp[1] == 1
    g = proto([M, E], warriors={E: {5: 3}, M: {5: 1}}, buildings={M: {5: ["workshop"]}},
              played={M: ["cobbler", "tax_collector"]}, step=("proto.e.decree", E, 2, 0),
              eyrie={"decree": {"battle": ["ambush_bird"]}}, turn=E, forced=[["dice", [2, 0]]])
    assert g.decision.kind == "discard_improvement"
    choose(g, ("p_lose_improvement", "tax_collector"))
    assert g.played[0] == ["cobbler"] and "tax_collector" in g.discard


def test_p4_3_7_removing_a_hideout() -> None:
    """P4.3.7, P5.12.1, P9.2.3, P9.3.2: the slot's card discarded, half the box's
    supporters (rounded up) removed, Outrage up by one."""
    g = proto([M, A], warriors={M: {7: 3}}, buildings={A: {7: ["hideout_mouse"]}},
              alliance={"supporters": {"mouse": 3, "fox": 1}, "outrage": 2,
                        "slots": {"mouse": "anvil"}}, step=("proto.m.battle", M))
    assert paused(g)  # the only battle: no warriors there, the Hideout goes (P5.6.3)
    a = g.fstate[1]
    assert isinstance(a, AllianceState)
    assert a.supporters == (1, 0, 1) and a.outrage == 3 and a.slots == ("", "", "")
    assert "anvil" in g.discard and g.vp[0] == 1


# ------------------------------------------------------------- P5.5 Movement
def test_p5_5_3_permission_to_enter() -> None:
    """P5.5.2-P5.5.3: from a clearing you do not rule, only into one you rule, one nobody
    rules, or one whose ruler gives permission; refused, the move is not taken and the
    same ruler is not asked again this turn."""
    g = proto([M, E], warriors={M: {5: 1, 9: 2}, E: {5: 2, 2: 2, 1: 1}},
              step=("proto.m.march", M, 1))
    opts = options(g)
    assert ("p_ask", 5, 2, E) in opts and ("p_ask", 5, 1, E) in opts
    assert ("move", 9, 1) in opts  # from a clearing she rules: anywhere next to it
    choose(g, ("p_ask", 5, 2, E))
    assert g.decision.seat == E and g.decision.kind == "permission"
    choose(g, ("p_refuse",))
    assert g.warriors[0][5] == 1 and g.decision.seat == M
    assert ("p_ask", 5, 2, E) not in options(g) and ("p_ask", 5, 1, E) in options(g)
    g = proto([M, E], warriors={M: {5: 1}, E: {5: 2, 2: 2}}, step=("proto.m.march", M, 1))
    choose(g, ("p_ask", 5, 2, E), ("p_permit",), ("end_march",))
    assert g.warriors[0][2] == 1 and paused(g)


def test_p5_5_6_the_alliance_moves_only_by_conspiracies() -> None:
    """P5.5.6: no Alliance action moves warriors."""
    g = proto([M, A], warriors={A: {5: 3}}, alliance={"supporters": {"fox": 3, "rabbit": 3,
                                                                     "mouse": 3}},
              step=("proto.a.actions", A))
    assert not [o for o in options(g) if o[0] in ("move", "p_ask")]


def test_p5_5_6_the_alliance_never_retreats() -> None:
    """P5.5.6 "The Alliance can only move by executing appropriate conspiracies": a
    retreat moves the defender's warriors (P5.7.4), so an Alliance defender ruling an
    adjacent clearing is not offered one; the battle goes on."""
    g = proto([M, A], warriors={M: {5: 2}, A: {5: 2, 1: 3}}, step=("proto.m.battle", M),
              forced=[["dice", [0, 0]]])
    assert paused(g) and g.warriors[1][5] == 2  # no retreat asked: the battle ran on


# ------------------------------------------------------------------ P5.6 Battle
def test_p5_6_3_a_defender_without_warriors_loses_every_piece() -> None:
    """P5.6.3: all the defender's pieces there removed, a point per building, the
    battle over (no dice)."""
    g = proto([M, E], warriors={E: {5: 1}}, buildings={M: {5: ["sawmill", "workshop"]}},
              tokens={M: {5: ["wood"]}}, eyrie={"decree": {"battle": ["ambush_bird"]}},
              step=("proto.e.decree", E, 2, 0), turn=E)
    # the only battle resolved itself
    assert not g.faction_pieces(0, 5) and g.vp[1] == 2
    assert g.battle is None


def test_p5_7_retreat() -> None:
    """P5.7: the defender may retreat if it rules an adjacent clearing: hits by the
    retreating warriors (5-6: two), the attacker's one ambush (one unpreventable hit),
    then every warrior left moves to one adjacent clearing it rules."""
    assert [retreat_hits(n) for n in range(1, 9)] == [0, 0, 1, 1, 2, 2, 3, 3]  # P5.7.2
    g = proto([M, E], warriors={M: {5: 2, 9: 1}, E: {5: 6, 1: 2, 2: 1}},
              hands={M: ["ambush_rabbit", "ambush_mouse"]}, step=("proto.m.battle", M))
    assert options(g) == [("p_retreat",), ("p_stand",)]  # the only battle
    choose(g, ("p_retreat",))
    assert g.warriors[1][5] == 4  # six retreating: two hits
    assert options(g) == [("ambush", "ambush_rabbit"), ("no_ambush",)]  # 5 is rabbit
    choose(g, ("ambush", "ambush_rabbit"))
    assert g.warriors[1][5] == 3
    assert options(g) == [("p_retreat_to", 1), ("p_retreat_to", 2)]  # it rules 1 and 2
    choose(g, ("p_retreat_to", 1))
    assert g.warriors[1][5] == 0 and g.warriors[1][1] == 5 and g.battle is None
    assert g.warriors[0][5] == 2  # the attacker took no hit


def test_p5_7_1_no_retreat_without_a_ruled_neighbour() -> None:
    g = proto([M, E], warriors={M: {5: 2}, E: {5: 2}}, step=("proto.m.battle", M),
              forced=[["dice", [0, 0]]])
    assert paused(g)  # no retreat asked: the battle ran to its end


def test_p5_7_5_vagabond_retreat_by_items_into_a_forest() -> None:
    """P5.7.5: the Vagabond's retreat hits count his available and exhausted items; he
    goes to any adjacent clearing or forest. P5.6.3: without an available sword he must
    retreat."""
    g = proto([M, V], warriors={M: {5: 3}}, step=("proto.m.battle", M),
              vagabond={"pawn": 5, "items": ["boots", "torch", "bag"], "exhausted": ["sword"],
                        "damaged": ["hammer"]})
    # no available sword: he must retreat; four items: one hit
    assert g.decision.kind == "take_hit" and g.decision.seat == V
    choose(g, ("p_damage", "bag"))
    assert g.decision.kind == "retreat_to"
    assert ("p_retreat_to", FOREST) in options(g)  # forest 1_2_5_10 touches 5
    choose(g, ("p_retreat_to", FOREST))
    v = g.fstate[1]
    assert isinstance(v, VagabondState)
    assert g.pawn[1] == FOREST and v.items["bag"] == (0, 0, 1)


def test_p5_8_defender_ambushes() -> None:
    """P5.8.1: each ambush card matching the clearing deals two unpreventable hits; P5.8.2
    with no attacking warrior left, the battle ends."""
    g = proto([M, E], warriors={M: {5: 3}, E: {5: 3}},
              hands={E: ["ambush_bird", "ambush_rabbit", "ambush_fox"]},
              step=("proto.m.battle", M))
    assert set(options(g)) == {("ambush", "ambush_bird"), ("ambush", "ambush_rabbit"),
                               ("no_ambush",)}
    choose(g, ("ambush", "ambush_bird"))
    assert g.warriors[0][5] == 1
    choose(g, ("ambush", "ambush_rabbit"))
    assert g.warriors[0][5] == 0 and g.battle is None and g.warriors[1][5] == 3


def test_p5_9_dice_to_both_sides_capped_by_warriors() -> None:
    """P5.9.1, P5.9.3: the attacker deals the higher roll, the defender the lower, each
    at most its warriors there."""
    g = proto([M, E], warriors={M: {5: 2}, E: {5: 5}}, step=("proto.m.battle", M),
              forced=[["dice", [3, 2]]])
    assert paused(g)
    assert g.warriors[1][5] == 3 and g.warriors[0][5] == 0


def test_p5_9_4_commander_adds_a_hit() -> None:
    """P8.16.2 Commander: an extra hit as the attacker, beyond the warriors' cap."""
    g = proto([M, E], warriors={M: {5: 4}, E: {5: 1}}, eyrie={
        "leader": "commander", "decree": {"battle": ["ambush_bird"]}},
        step=("proto.e.decree", E, 2, 1), turn=E, forced=[["dice", [3, 0]]])
    assert g.warriors[0][5] == 2  # one rolled hit (one warrior) and one added


def test_p5_10_1_the_keep_and_hidden_ignore_a_hit() -> None:
    """P5.11.2: in a battle in the Keep the Marquise ignores a hit; P5.12.2 Hidden: the
    Alliance defending with a single warrior ignores one."""
    g = proto([M, E], warriors={M: {KEEP: 3}, E: {KEEP: 3}}, step=("proto.e.decree", E, 2, 1),
              eyrie={"leader": "commander", "decree": {"battle": ["ambush_bird"]}}, turn=E,
              forced=[["dice", [2, 2]]])
    assert g.warriors[0][KEEP] == 1 and g.warriors[1][KEEP] == 1  # 3 hits less one; 2
    g = proto([M, A], warriors={M: {5: 3}, A: {5: 1}}, step=("proto.m.battle", M),
              forced=[["dice", [3, 1]]])
    assert g.warriors[1][5] == 0  # 3 hits, one ignored: the warrior, then nothing else


def test_p5_11_1_field_hospitals() -> None:
    """P5.11.1: while she rules the Keep, a Marquise warrior taking a hit may go to the
    Keep instead, for any card."""
    g = proto([M, E], warriors={M: {5: 2, KEEP: 1}, E: {5: 3}}, hands={M: ["anvil"]},
              step=("proto.e.decree", E, 2, 0), turn=E,
              eyrie={"decree": {"battle": ["ambush_bird"]}}, forced=[["dice", [1, 0]]])
    choose(g, ("p_stand",))  # she rules the Keep, next to 5: she could retreat
    assert options(g) == [("hit", 0, "warrior"), ("field_hospitals", "anvil")]
    choose(g, ("field_hospitals", "anvil"))
    assert g.warriors[0][5] == 1 and g.warriors[0][KEEP] == 2 and "anvil" in g.discard
    g = proto([M, E], warriors={M: {5: 2}, E: {5: 3, KEEP: 1}}, hands={M: ["anvil"]},
              step=("proto.e.decree", E, 2, 0), turn=E,
              eyrie={"decree": {"battle": ["ambush_bird"]}}, forced=[["dice", [1, 0]]])
    # the Eyrie rules the Keep: no hospital
    assert g.warriors[0][5] == 1 and g.hands[0] == ["anvil"]


def test_p5_13_vagabond_deals_hits_with_swords_and_takes_them_as_damage() -> None:
    """P5.13.1: a sword exhausted per hit he deals; P5.13.2 a hit damages an available
    item, else an exhausted one; none left, the hit is ignored."""
    g = proto([M, V], warriors={M: {5: 3}}, vagabond={
        "pawn": 5, "items": ["torch", "sword", "sword"], "exhausted": ["boots"]},
        step=("proto.v.actions", V), turn=V, forced=[["dice", [3, 3]]])
    choose(g, ("p_v_battle", M))
    assert options(g) == [("p_swords", 0), ("p_swords", 1), ("p_swords", 2)]
    choose(g, ("p_swords", 2))
    assert g.warriors[0][5] == 1  # two hits
    assert g.decision.kind == "take_hit"  # three hits to him: no available item left
    assert options(g) == [("p_damage_exhausted", "sword"), ("p_damage_exhausted", "boots"),
                          ("p_damage_exhausted", "torch")]
    choose(g, ("p_damage_exhausted", "sword"), ("p_damage_exhausted", "sword"),
           ("p_damage_exhausted", "torch"))
    v = g.fstate[1]
    assert isinstance(v, VagabondState)
    assert v.items["sword"] == (0, 0, 2) and v.items["boots"] == (0, 1, 0)
