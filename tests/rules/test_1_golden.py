"""Law of Root, 1: Golden Rules (and the engine contract for illegal options)."""
from __future__ import annotations

import pytest

from rootlaw import IllegalAction
from tests.builder import assert_illegal, build, options, play, step_name

M, E = "marquise", "eyrie"


# ------------------------------------------------------------------ 1.1.3
def test_1_1_3_all_pieces_removed_before_triggered_effects() -> None:
    """1.1.3: a Favor removes every enemy piece in mouse clearings first; only then
    does Field Hospitals (6.2.3) trigger, once per clearing."""
    g = build(
        warriors={M: {1: 1, 7: 2, 11: 1}, E: {2: 1}},
        buildings={E: {2: ["roost"], 7: ["roost"], 9: ["roost"]}, M: {9: ["sawmill"]}},
        tokens={M: {1: ["keep"], 9: ["wood"]}},
        hands={E: ["favor_of_the_mice"], M: ["mouse_in_a_sack"]},
        played={E: ["codebreakers"]},  # keeps the Eyrie's craft step open afterwards
        step=("craft", E),
    )
    g.apply(("craft", "favor_of_the_mice", ()))
    # every Marquise piece in mouse clearings is gone before anyone decides
    assert g.warriors[0][7] == g.warriors[0][11] == 0
    assert g.buildings[9] == ((1, "roost"),) and g.tokens[9] == ()
    assert g.vp[1] == 2  # sawmill and wood (3.2.1)
    # one Field Hospitals trigger per clearing; the Marquise saves the two warriors of 7
    seen = []
    while g.decision.kind == "field_hospitals":
        assert g.decision.seat == M and step_name(g) == "marquise.field_hospitals"
        c, n = g.stack[-1][2:]
        seen.append((c, n))
        g.apply(("field_hospitals", "mouse_in_a_sack") if c == 7 else ("decline",))
    assert sorted(seen) == [(7, 2), (11, 1)] or seen == [(7, 2)]  # 11 asks only with a card
    assert g.warriors[0][1] == 3 and g.warriors[0][11] == 0 and g.hands[0] == []
    assert g.decision.seat == E and step_name(g) == "craft"


def test_1_1_3_attacker_orders_battle_effects() -> None:
    """1.1.3 / 4.3.3: if both sides want battle effects, the attacker picks who goes first."""
    g = build(
        warriors={M: {5: 3}, E: {5: 2}},
        played={M: ["brutal_tactics"], E: ["sappers"]},
        step=("marquise.battle", M), forced=[["dice", [1, 1]]],
    )
    # the only target (5, eyrie) applied itself; no ambush card: the dice rolled
    assert g.decision.seat == M and g.decision.kind == "effects_order"
    assert set(options(g)) == {("first", M), ("first", E)}
    g.apply(("first", E))
    assert g.decision.seat == E and options(g) == [("effect", "sappers"), ("done",)]


# ------------------------------------------------------------------ 1.2
def test_1_2_1_hands_private_sizes_public() -> None:
    """1.2.1: a seat's view has its own hand and only the size of the other's."""
    g = build(hands={M: ["anvil", "bake_sale"], E: ["sappers"]}, step=("marquise.actions", M, 3))
    v = g.view(E)
    assert v["players"][E]["hand"] == ["sappers"]
    assert "hand" not in v["players"][M] and v["players"][M]["hand_size"] == 2
    assert "anvil" not in str(v)


def test_1_2_2_discard_pile_is_public() -> None:
    """1.2.2: the discard pile can be inspected at any time (every view shows it); the
    deck's order is nobody's."""
    g = build(warriors={M: {1: 1}}, hands={M: ["anvil"]}, discard=["sappers", "bake_sale"],
              deck=["cobbler", "armorers"], step=("marquise.actions", M, 3))
    for who in (M, E, None):
        v = g.view(who)
        assert v["discard"] == ["sappers", "bake_sale"] and v["deck_size"] == 2
        assert "cobbler" not in str(v)


# ------------------------------------------------------------------ 1.4
def test_1_4_1_after_evening_the_next_player_takes_a_turn() -> None:
    """1.4.1: Birdsong, Daylight, Evening, then the next player clockwise."""
    g = build(
        warriors={M: {1: 1}, E: {3: 1}}, buildings={E: {3: ["roost"]}},
        hands={E: ["anvil"]}, deck=["bake_sale", "sappers"],
        step=("marquise.actions", M, 0), then="evening",
    )
    # Daylight with no actions left ended by itself (a single option applies itself);
    # Marquise Evening drew one card; now the Eyrie's Birdsong asks for the Decree
    assert g.hands[0] == ["bake_sale"]
    assert g.turn_seat == 1 and g.phase == "birdsong" and g.decision.seat == E
    assert g.decision.kind == "decree_add"


def test_1_4_2_no_interrupting_a_march() -> None:
    """1.4.2: a compound action (the March) cannot be interrupted by Tax Collector."""
    g = build(warriors={M: {1: 2}}, played={M: ["tax_collector"]},
              step=("marquise.actions", M, 3))
    assert ("tax_collector", 1) in options(g)
    play(g, ("action", "march"), ("move", 1, 5), ("warriors", 2))
    assert g.decision.kind == "move" and not options(g, "tax_collector")
    assert ("end_march",) in options(g)
    g.apply(("end_march",))
    assert ("tax_collector", 5) in options(g)


# ------------------------------------------------------------------ 1.5
def test_1_5_1_piece_limits_no_seventh_sawmill() -> None:
    """1.5.1: with all six sawmills on the map, no sawmill can be built."""
    g = build(
        warriors={M: {5: 3, 9: 3, 7: 3, 8: 3}},
        buildings={M: {5: ["sawmill", "sawmill"], 9: ["sawmill", "sawmill"],
                       7: ["sawmill", "sawmill"], 8: ["workshop"]}},
        tokens={M: {8: ["wood"] * 8}},
        step=("marquise.build", M),
    )
    assert set(options(g)) == {("build", "workshop", 8), ("build", "recruiter", 8)}


def test_1_5_1_no_recruit_with_empty_warrior_supply() -> None:
    """1.5.1: with all 25 warriors on the map there is nothing to recruit."""
    g = build(warriors={M: {5: 13, 9: 12}}, buildings={M: {5: ["recruiter"]}},
              step=("marquise.actions", M, 3))
    assert ("action", "recruit") not in options(g)


def test_1_5_4_place_maximum_possible_recruit() -> None:
    """1.5.4: one warrior left for two recruiters: the Marquise places it where she picks."""
    g = build(warriors={M: {5: 12, 9: 12}},
              buildings={M: {5: ["recruiter"], 9: ["recruiter"]}},
              step=("marquise.actions", M, 3))
    g.apply(("action", "recruit"))
    assert g.decision.kind == "recruit" and set(options(g)) == {("recruit_at", 5),
                                                                ("recruit_at", 9)}
    g.apply(("recruit_at", 9))
    assert g.warriors[0][9] == 13 and g.warrior_supply(0) == 0
    assert g.decision.kind == "action" and g.stack[-1][2] == 2


def test_1_5_4_place_maximum_possible_wood() -> None:
    """1.5.4 / 6.4: seven wood already out, two sawmills: place the one left, Marquise's choice."""
    g = build(warriors={M: {5: 1, 9: 1}},
              buildings={M: {5: ["sawmill"], 9: ["sawmill"]}},
              tokens={M: {1: ["wood"] * 7}},
              step=("marquise.wood", M, ()))
    assert set(options(g)) == {("wood", 5), ("wood", 9)}
    g.apply(("wood", 5))
    assert g.tokens[5] == ((0, "wood"),) and g.tokens[9] == ()


def test_1_5_4_cannot_do_less_charismatic_partial_recruit() -> None:
    """1.5.4 with 7.8.2 / 7.5.2: the Charismatic must place two; with one warrior left
    it places it and, not having fully recruited, falls into turmoil."""
    g = build(warriors={E: {3: 19}}, buildings={E: {3: ["roost"]}}, leader="charismatic",
              decree={"recruit": ["a_visit_to_friends"]}, step=("eyrie.decree_start", E),
              then="evening")
    # the vizier (bird) and the rabbit card both recruit in 3 (a rabbit clearing)
    g.apply(("decree_recruit", "rabbit", 3))
    assert g.warriors[1][3] == 20
    assert g.decision.kind == "leader"  # turmoil: depose
    assert "a_visit_to_friends" in g.discard


def test_1_5_3_field_hospitals_only_for_marquise_warriors() -> None:
    """1.5.3 / 6.2.3: Eyrie warriors removed in battle give the Marquise nothing to decide."""
    g = build(warriors={M: {5: 3, 1: 1}, E: {5: 1}}, tokens={M: {1: ["keep"]}},
              hands={M: ["a_visit_to_friends"]},
              step=("marquise.actions", M, 3), forced=[["dice", [2, 0]]])
    g.apply(("action", "battle"))  # the one target applies itself
    assert g.warriors[1][5] == 0
    assert g.decision.seat == M and g.decision.kind == "action"


# -------------------------------------------------------- illegal options
def test_illegal_option_raises_and_leaves_state_unchanged() -> None:
    """Contract (DESIGN.md; 4.2.1, 6.5): an unlisted option raises IllegalAction naming the
    rule; the state is unchanged."""
    g = build(warriors={M: {1: 2, 9: 1}, E: {9: 3}}, buildings={M: {1: ["recruiter"]}},
              step=("marquise.actions", M, 3))
    e = assert_illegal(g, ("action", "build"))  # no wood: Build is not offered
    assert e.rule == "6.5"
    assert_illegal(g, ("action", "dance"))
    assert_illegal(g, ("end", 1))
    assert_illegal(g, "end")
    g.apply(("action", "march"))
    # 4.2.1 You Must Rule: out of 1 (hers) or into 1 is fine; 9 -> 4 rules neither end
    assert {("move", 1, 9), ("move", 9, 1)} <= set(options(g))
    e = assert_illegal(g, ("move", 9, 4))
    assert e.rule == "6.5.2"
    assert_illegal(g, ("move", 1, 3))  # not adjacent (2.2.1)


def test_illegal_after_game_over() -> None:
    """3.1: once someone has won, nothing more can be applied."""
    g = build(vp={M: 29}, warriors={M: {5: 3}}, buildings={M: {5: ["sawmill"]}},
              tokens={M: {5: ["wood"]}}, step=("marquise.build", M))
    play(g, ("build", "sawmill", 5))
    assert g.is_over and g.decision is None
    with pytest.raises(IllegalAction):
        g.apply(("end",))


def test_illegal_options_at_every_kind_of_decision() -> None:
    """Contract at decisions addressed to either player (4.3.1 ambush and foil, 6.2.3 Field
    Hospitals, 7.5.2 Decree): an unlisted option is refused, state unchanged."""
    g = build(warriors={M: {5: 3, 1: 1}, E: {5: 3}}, tokens={M: {1: ["keep"]}},
              buildings={M: {5: ["sawmill"]}},
              hands={M: ["ambush_bird", "bake_sale"], E: ["ambush_rabbit"]},
              step=("eyrie.decree", E, 2, ("rabbit", "bird")), forced=[["dice", [3, 0]]])
    assert g.decision.kind == "decree"
    assert_illegal(g, ("decree_battle", "fox", 5, M))
    assert_illegal(g, ("decree_battle", "rabbit", 9, M))
    g.apply(("decree_battle", "rabbit", 5, M))
    assert g.decision.seat == M and g.decision.kind == "ambush"  # the Marquise defends
    assert_illegal(g, ("ambush", "ambush_rabbit"))  # not in her hand
    assert_illegal(g, ("no_foil",))
    g.apply(("ambush", "ambush_bird"))
    assert g.decision.seat == E and g.decision.kind == "foil"
    assert_illegal(g, ("foil", "ambush_bird"))
    g.apply(("no_foil",))
    # two hits on the Eyrie; its last warrior rolls 3 but deals only 1 (4.3.2.I)
    assert g.warriors[1][5] == 1 and g.warriors[0][5] == 2
    assert g.decision.kind == "field_hospitals" and g.decision.seat == M
    assert_illegal(g, ("field_hospitals", "ambush_rabbit"))
    assert_illegal(g, ("hit", 0, "sawmill"))
    g.apply(("field_hospitals", "bake_sale"))
    assert g.warriors[0][1] == 2
