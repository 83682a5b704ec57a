"""Keepers in Iron (Law of Root, section 15), from built positions, with the
interactions of relics with the other factions and the bots."""
from __future__ import annotations

import random
from collections import Counter
from typing import Any

import rootlaw
from rootlaw.core.battle import start_battle
from rootlaw.core.game import Game
from rootlaw.core.move import do_move
from rootlaw.factions.keepers import (
    RETAINER,
    TYPES,
    VALUES,
    KeepersState,
    bot_forest,
    map_edge,
    st_of,
)
from tests.builder import assert_illegal, build, options, play, scored

KI, M, E, V, CV, UD = "keepers", "marquise", "eyrie", "vagabond", "corvids", "duchy"
# Fall: fox 1 6 8 12, rabbit 3 4 5 10, mouse 2 7 9 11; 1-5,9,10 2-5,6,10 3-6,7,11
# 4-8,9,12 5-1,2 6-2,3,11 7-3,8,12 8-4,7 9-1,4,12 10-1,2,12 11-3,6,12 12-4,7,9,10,11
# Fall forests: 0 (1,2,5,10) 1 (1,9,10,12) 2 (2,6,10,11,12) 3 (3,6,11) 4 (3,7,11,12)
# 5 (4,7,8,12) 6 (4,9,12)



def kk(g: Game) -> KeepersState:
    return st_of(g, g.seat_of(KI))


def at(steps: list[tuple[Any, ...]], *, factions: tuple[str, ...] = (KI, M),
       before: Any = None, stop: bool = True, **kw: Any) -> Game:
    """A built position (the Keepers' state by the ``keepers`` keyword); ``before(g)``
    changes anything else before the engine runs; ``stop``: pause after ``steps``."""
    return build(list(factions), steps=steps, turn=kw.pop("turn", KI),
                 phase=kw.pop("phase", "birdsong"), stop=stop, before=before, **kw)


def forest_kinds(g: Game, i: int) -> list[str]:
    return sorted(p[1] for p in g.forest_tokens[i])


# ------------------------------------------------------------------- 15.2.1
def test_15_2_1_twelve_relics_values_hidden_from_every_seat() -> None:
    g = rootlaw.new_game(factions=[KI, M, E], seed=4)
    while g.phase == "setup" and not g.is_over:
        g.apply(g.decision.options[0])
    k = g.seat_of(KI)
    fs = kk(g)
    counts = Counter(p[1] for ts in g.forest_tokens for p in ts if p[0] == k)
    assert counts == Counter({t: 4 for t in TYPES})  # face down: only the type shows
    assert sorted(fs.values.ids) == sorted(t + str(v) for t in TYPES for v in VALUES)
    for seat in (None, KI, M, E):  # 15.3.1: nobody sees a value, the Keepers neither
        view = g.view(seat)
        assert view["players"][KI]["faction"]["face_down_relics"]["identities"] is None
        assert not any(t + str(v) in str(view) for t in TYPES for v in VALUES)
    # determinization resamples values within each type; no view changes
    for viewer in range(3):
        pools = g.fdefs[k].hidden(g, k, viewer)
        assert set(pools) == {"relic_figure", "relic_tablet", "relic_jewelry"}
        c = g.copy()
        rnd = random.Random(viewer)
        g.fdefs[k].set_hidden(c, k, viewer, {p: rnd.sample(v, len(v)) for p, v in pools.items()})
        assert c.view(viewer) == g.view(viewer)


def test_15_2_1_relics_in_forests_survive_save_and_copy() -> None:
    g = at([("keepers.delve", KI, RETAINER, 1)], warriors={KI: {1: 2}},
           keepers={"relics": {0: "tablet3"}})
    text = g.to_json()
    assert Game.from_json(text).to_json() == text and g.copy().to_json() == text
    assert g.view(M)["forests"][0]["tokens"] == [[KI, "tablet"]]


# ------------------------------------------------------------------- 15.2.2
def test_15_2_2_three_two_sided_waystations_either_side_up() -> None:
    g = at([("keepers.encamp", KI)], warriors={KI: {1: 2}})
    kinds = sorted(o[2] for o in options(g, "kk_encamp"))
    assert kinds == sorted(["ws_tablet_jewelry", "ws_jewelry_tablet", "ws_jewelry_figure",
                            "ws_figure_jewelry", "ws_figure_tablet", "ws_tablet_figure"])
    play(g, ("kk_encamp", 1, "ws_figure_tablet"))
    assert g.decision.kind == "pause"  # once per clearing; no other clearing
    assert g.buildings[1] == ((0, "ws_figure_tablet"),) and g.warriors[0][1] == 1


# ------------------------------------------------------------------- 15.2.3
def test_15_2_3_crafting_with_waystations_of_any_type() -> None:
    g = at([("craft", KI)], warriors={KI: {1: 1}},
           buildings={KI: {1: ["ws_figure_tablet"], 6: ["ws_tablet_jewelry"]}},
           hands={KI: ["foxfolk_steel"]}, phase="daylight")
    assert g.fdefs[0].crafting_pieces(g, 0) == (2, 0, 0)


# ------------------------------------------------------------------- 15.2.4
def battle_at(att: str, dfd: str, c: int, dice: tuple[int, int], **kw: Any) -> Game:
    kw.setdefault("factions", (KI, M))
    return at([], before=lambda g: start_battle(g, g.seat_of(att), c, g.seat_of(dfd)),
              forced=[["dice", list(dice)]], phase="daylight", **kw)


def test_15_2_4_devout_knights_ignore_the_first_hit() -> None:
    g = battle_at(M, KI, 1, (2, 1), warriors={KI: {1: 3}, M: {1: 3}},
                  tokens={KI: {1: ["figure2"]}})
    assert g.warriors[0][1] == 2 and g.warriors[1][1] == 2  # two hits, the first ignored
    g = battle_at(M, KI, 1, (3, 1), warriors={KI: {1: 1}, M: {1: 3}},
                  tokens={KI: {1: ["figure2"]}})
    # three hits: the first ignored, the warrior, then the relic (the last piece)
    assert g.warriors[0][1] == 0 and (0, "figure2") not in g.tokens[1]
    assert g.decision.kind == "trophy"


def test_15_2_4_no_relic_or_no_warrior_no_devout_knights() -> None:
    g = battle_at(M, KI, 1, (2, 0), warriors={KI: {1: 3}, M: {1: 3}})
    assert g.warriors[0][1] == 1


def test_15_2_4_ambush_ignores_one_hit_of_the_ambush_only() -> None:
    g = battle_at(KI, M, 1, (3, 3), warriors={KI: {1: 4}, M: {1: 1}},
                  tokens={KI: {1: ["jewelry1"]}}, hands={M: ["ambush_fox"]})
    play(g, ("ambush", "ambush_fox"))
    # ambush: two hits, one ignored; then the roll's 1 hit (capped) is not ignored
    assert g.warriors[0][1] == 2


def test_15_2_4_devout_knights_with_armorers() -> None:
    """Armorers ignores the rolled hits; Devout Knights the first hit left (Sappers)."""
    g = battle_at(KI, M, 1, (2, 2), warriors={KI: {1: 3}, M: {1: 3}},
                  tokens={KI: {1: ["tablet1"]}}, played={KI: ["armorers"], M: ["sappers"]})
    while g.decision.kind in ("effects_order", "battle_effect"):
        o = [x for x in options(g) if x[0] in ("first", "effect")]
        g.apply(o[0] if o else ("done",))
    assert g.warriors[0][1] == 3


def test_15_2_4_relics_move_with_warriors() -> None:
    g = at([("move_count", KI, 1, 5)], warriors={KI: {1: 2}},
           tokens={KI: {1: ["figure3", "tablet1", "jewelry2"]}})
    play(g, ("warriors", 2))
    assert g.decision.kind == "carry_relics"
    play(g, ("kk_carry", "figure3"), ("kk_carry", "tablet1"))
    assert sorted(p[1] for p in g.tokens[5]) == ["figure3", "tablet1"]
    assert [p[1] for p in g.tokens[1]] == ["jewelry2"]  # one relic per warrior


def test_15_2_4_relics_move_when_forced_to_move() -> None:
    def forced(g: Game) -> None:  # another player moves the Keepers (False Orders)
        do_move(g, g.seat_of(KI), 1, 5, 1, mover=g.seat_of(M))
    g = at([], warriors={KI: {1: 1}}, tokens={KI: {1: ["figure3"]}}, before=forced)
    assert g.decision.kind == "carry_relics" and g.decision.seat == KI
    play(g, ("kk_carry", "figure3"))
    assert (0, "figure3") in g.tokens[5]


# ------------------------------------------------------------------- 15.2.5
def test_15_2_5_prized_trophies_enemy_places_face_up_scores_two() -> None:
    g = battle_at(M, KI, 1, (2, 0), warriors={M: {1: 2}}, tokens={KI: {1: ["tablet3"]}})
    assert g.decision.kind == "trophy" and g.decision.seat == M
    assert len(options(g)) == 7  # any forest
    play(g, ("kk_trophy", 6))
    assert forest_kinds(g, 6) == ["tablet3"]  # face up
    assert sum(e[1] for e in scored(g, M)) == 2


def test_15_2_5_a_bot_places_the_relic_by_its_reading() -> None:
    g = battle_at("mechanical_marquise", KI, 1, (2, 0), factions=(KI, "mechanical_marquise"),
                  warriors={"mechanical_marquise": {1: 2}, KI: {12: 1}},
                  tokens={KI: {1: ["tablet3"]}})
    f = bot_forest(g, 0)
    assert f == 0 and forest_kinds(g, 0) == ["tablet3"]  # forests 1,2,4,5,6 touch 12
    assert sum(e[1] for e in scored(g, "mechanical_marquise")) == 2


def test_15_2_5_the_vagabond_removes_a_relic() -> None:
    g = at([], factions=(KI, V), forced=[["dice", [1, 0]]], phase="daylight",
           before=lambda g: start_battle(g, g.seat_of(V), 1, g.seat_of(KI)),
           vagabond={"at": 1, "items": {"sword": 1, "boots": 1}},
           tokens={KI: {1: ["jewelry3"]}})
    assert g.decision.kind == "trophy" and g.decision.seat == V
    play(g, ("kk_trophy", 3))
    assert forest_kinds(g, 3) == ["jewelry3"]
    assert sum(e[1] for e in scored(g, V) if e[2] in ("removal", "prized_trophies")) == 2


# ---------------------------------------------------------------- 15.3 setup
def test_15_3_setup_corner_edge_and_remaining_relics() -> None:
    g = rootlaw.new_game(factions=[KI, M], seed=1)
    while g.decision.kind != "setup_clearing" or g.decision.seat != KI:
        g.apply(g.decision.options[0])
    m_corner = g.fdefs[g.seat_of(M)].starting_corner(g, g.seat_of(M))
    corner = kk(g).corner
    assert corner == g.board.opposite[m_corner]  # 15.3.2 diagonally opposite (forced)
    edge = [o[1] for o in options(g)]
    assert edge and all(x in map_edge("fall") and x in g.board.adj[corner] for x in edge)
    g.apply(options(g)[0])
    k = g.seat_of(KI)
    warriors = {c for c in g.clearings() if g.warriors[k][c]}
    for i, (_, cl) in enumerate(g.board.forests):
        n = sum(1 for p in g.forest_tokens[i] if p[0] == k)
        assert n >= 1  # 15.3.1 one in each forest
        if warriors & set(cl):
            assert n == 1  # 15.3.3 not next to the warriors
    assert kk(g).retinue == ((RETAINER,),) * 3  # 15.3.4
    assert len(kk(g).values) == 12 and not kk(g).unplaced


def test_15_3_map_edge() -> None:
    assert map_edge("fall") == (1, 2, 3, 4, 5, 6, 7, 8, 9)


def test_15_3_lake_coastal_forests_hold_relics_and_can_be_delved() -> None:
    g = rootlaw.new_game(factions=[KI, M], seed=2, map="lake")
    while g.phase == "setup":
        g.apply(g.decision.options[0])
    k = g.seat_of(KI)
    assert all(any(p[0] == k for p in ts) for ts in g.forest_tokens)  # coastal ones too
    # a coastal forest (0: 1, 5, 11) is delved from its coastal clearing 1
    g2 = at([("keepers.delve", KI, RETAINER, 1)], map="lake", warriors={KI: {1: 2}},
            keepers={"relics": {0: "figure1"}})
    assert ("kk_delve", 0, "figure") in options(g2)


# ------------------------------------------------------------- 15.4 birdsong
def test_15_4_1_encamp_with_nothing_on_the_map_places_on_the_edge() -> None:
    g = at([("keepers.encamp", KI)])
    opts = options(g)
    assert {o[1] for o in opts} <= set(map_edge("fall")) and all(
        o[0] == "kk_encamp_edge" for o in opts)
    play(g, ("kk_encamp_edge", 5, "ws_tablet_jewelry"))
    assert g.warriors[0][5] == 1 and (0, "ws_tablet_jewelry") in g.buildings[5]


def test_15_4_2_decamp_once_per_clearing_not_in_a_snare() -> None:
    g = at([("keepers.decamp", KI)], factions=(KI, CV),
           buildings={KI: {1: ["ws_figure_tablet"], 2: ["ws_tablet_jewelry"]}},
           tokens={CV: {2: ["snare"]}})
    assert options(g, "kk_decamp") == [("kk_decamp", 1, "ws_figure_tablet")]
    play(g, ("kk_decamp", 1, "ws_figure_tablet"))
    assert g.warriors[0][1] == 1 and not g.buildings[1]


def test_15_4_3_recruit_two_warriors_at_a_matching_waystation() -> None:
    g = at([("keepers.recruit", KI)], buildings={KI: {1: ["ws_figure_tablet"]}},
           hands={KI: ["ambush_fox", "ambush_mouse"]})
    assert options(g, "kk_recruit") == [("kk_recruit", "ambush_fox", 1)]
    play(g, ("kk_recruit", "ambush_fox", 1))
    assert g.warriors[0][1] == 2 and "ambush_fox" in g.discard


# -------------------------------------------------------------- 15.5 daylight
def test_15_5_2_columns_left_to_right_each_card_once() -> None:
    g = at([("keepers.retinue", KI, 0)], warriors={KI: {1: 2, 2: 1}},
           keepers={"retinue": {"move": ["ambush_fox"], "delve": [], "recover": []}})
    assert {o[2] for o in options(g, "kk_move")} == {1}  # a fox card: from fox clearings
    play(g, ("kk_move", "ambush_fox", 1, 5), ("warriors", 1))
    # each card once: nothing left in this column or the next ones
    assert g.decision.kind == "pause" and kk(g).acted == ()


def test_15_5_2_II_battle_then_delve_and_discard_check() -> None:
    state = {"retinue": {"move": [], "delve": ["ambush_fox", RETAINER], "recover": []},
             "relics": {0: "tablet3"}}
    g = at([("keepers.retinue", KI, 1)], warriors={KI: {1: 3}, M: {1: 1}}, keepers=state,
           forced=[["dice", [1, 0]]])
    assert ("kk_battle", "ambush_fox", 1, M) in options(g)
    assert not [o for o in options(g) if o[0] == "kk_delve_in" and o[2] == 1]  # must battle
    play(g, ("kk_battle", "ambush_fox", 1, M))
    assert g.warriors[1][1] == 0 and g.decision.kind == "delve"
    play(g, ("kk_delve", 0, "tablet"))  # flipped: tablet3; rules 1 of 1,2,5,10 < 3
    assert (0, "tablet3") in g.tokens[1] and not kk(g).values
    assert "ambush_fox" in g.discard and kk(g).retinue[1] == (RETAINER,)


def test_15_5_2_II_delve_a_faithful_retainer_leaves_the_game() -> None:
    state = {"retinue": {"move": [], "delve": [RETAINER], "recover": []},
             "relics": {0: "jewelry2"}}
    g = at([("keepers.retinue", KI, 1)], warriors={KI: {1: 1}}, keepers=state)
    play(g, ("kk_delve_in", RETAINER, 1), ("kk_delve", 0, "jewelry"))
    assert kk(g).retinue[1] == () and kk(g).retired == 1 and RETAINER not in g.discard


def test_15_5_2_III_recover_scores_and_fills_a_column() -> None:
    state = {"retinue": {"move": [], "delve": [], "recover": ["ambush_fox"]},
             "recovered": {"figure": [2], "tablet": [1]}}
    g = at([("keepers.retinue", KI, 2)], warriors={KI: {1: 3, 8: 1, 12: 1, 6: 1}},
           buildings={KI: {1: ["ws_jewelry_figure"]}},
           tokens={KI: {1: ["jewelry3", "jewelry1", "tablet2"]}}, keepers=state)
    assert options(g, "kk_recover") == [("kk_recover", "ambush_fox", 1)]
    play(g, ("kk_recover", "ambush_fox", 1))
    assert options(g) == [("kk_take", "jewelry3"), ("kk_take", "jewelry1")]  # shown type
    play(g, ("kk_take", "jewelry3"))
    assert scored(g, KI) == [(KI, 3, "recover"), (KI, 2, "relic_column")]
    # rules 4 fox clearings >= 3: may go on
    play(g, ("kk_take", "jewelry1"))
    assert kk(g).recovered[2] == (3, 1) and "ambush_fox" in kk(g).retinue[2]


def test_15_5_2_III_recover_discard_check_ends_the_action() -> None:
    g = at([("keepers.retinue", KI, 2)], warriors={KI: {1: 3}},
           buildings={KI: {1: ["ws_jewelry_figure"]}},
           tokens={KI: {1: ["jewelry3", "jewelry1"]}},
           keepers={"retinue": {"move": [], "delve": [], "recover": ["ambush_fox"]}})
    play(g, ("kk_recover", "ambush_fox", 1), ("kk_take", "jewelry3"))
    assert "ambush_fox" in g.discard and (0, "jewelry1") in g.tokens[1]


# -------------------------------------------------------------- 15.6 evening
def test_15_6_1_live_off_the_land() -> None:
    g = at([("keepers.live_off", KI)], warriors={KI: {1: 4, 2: 3, 3: 6}})
    assert [g.warriors[0][c] for c in (1, 2, 3)] == [3, 3, 5]


def test_15_6_2_gather_retinue_add_or_shift_at_most_ten() -> None:
    g = at([("keepers.gather", KI, 0)], hands={KI: ["ambush_fox", "ambush_mouse"]})
    play(g, ("kk_add", "ambush_fox", "move"))
    assert not options(g, "kk_shift")  # add or shift, not both
    play(g, ("kk_retinue_done",))
    assert kk(g).retinue[0] == (RETAINER, "ambush_fox")

    full = {"move": [RETAINER] * 10, "delve": [], "recover": []}
    g = at([("keepers.gather", KI, 0)], hands={KI: ["ambush_fox"]},
           keepers={"retinue": full})
    assert not options(g, "kk_add")
    play(g, ("kk_shift", RETAINER, "move", "move_or_recover"))
    assert len(kk(g).retinue[2]) == 1 and g.decision.kind == "pause"


def test_15_6_3_draw_one_plus_waystations() -> None:
    g = at([("keepers.draw", KI)], buildings={KI: {1: ["ws_figure_tablet"],
                                                    2: ["ws_tablet_jewelry"]}})
    assert len(g.hands[0]) == 3


# ------------------------------------------------------------ interactions
def test_relics_cannot_leave_a_snared_clearing() -> None:
    g = at([("keepers.retinue", KI, 0)], factions=(KI, CV), warriors={KI: {1: 2}},
           tokens={KI: {1: ["figure1"]}, CV: {1: ["snare"]}},
           keepers={"retinue": {"move": [RETAINER], "delve": [], "recover": []}})
    assert not options(g, "kk_move")  # 13.7.2: no move out, so no relic either


def test_no_relic_or_keeper_warrior_into_the_burrow() -> None:
    g = at([("keepers.retinue", KI, 0)], factions=(KI, UD), warriors={KI: {1: 2}},
           tokens={KI: {1: ["figure1"]}, UD: {1: ["tunnel"]}},
           keepers={"retinue": {"move": [RETAINER], "delve": [], "recover": []}})
    burrow = g.board.burrow
    assert burrow and burrow in g.adjacent(1)
    assert not [o for o in options(g, "kk_move") if o[3] == burrow]


def test_illegal_keepers_options_change_nothing() -> None:
    g = at([("keepers.recruit", KI)], buildings={KI: {1: ["ws_figure_tablet"]}},
           hands={KI: ["ambush_fox"]})
    assert_illegal(g, ("kk_recruit", "ambush_mouse", 1))
    assert_illegal(g, ("kk_recruit", "ambush_fox", 2))


def vagabot_marksman_battle(tokens: dict[str, Any]) -> Game:
    """The Vagabot, with the Marksman trait, battles the Keepers' three warriors in 1;
    the roll gives the Vagabot one hit."""
    vb = "vagabot"

    return at([], factions=(KI, vb), forced=[["dice", [1, 0]]], phase="daylight",
              before=lambda g: start_battle(g, g.seat_of(vb), 1, g.seat_of(KI)),
              vagabot={"at": 1, "traits": ["marksman"]}, warriors={KI: {1: 3}}, tokens=tokens)


def test_15_2_4_devout_knights_ignore_the_vagabots_marksman_hit() -> None:
    """Rootbotics' Marksman deals a hit before the roll: the first hit the Keepers take
    in that battle, so Devout Knights ignore it and the rolled hit lands (15.2.4)."""
    g = vagabot_marksman_battle({KI: {1: ["figure2"]}})
    assert g.warriors[g.seat_of(KI)][1] == 2
    assert ("first_hit_ignored", KI, 1) in [tuple(e) for e in g.log]
    g = vagabot_marksman_battle({})  # no relic: both hits land
    assert g.warriors[g.seat_of(KI)][1] == 1


def test_15_6_3_informants_replace_the_keepers_evening_draw() -> None:
    """15.6.3 with Informants (E&P): the Keepers' Evening draw goes through the shared
    draw, so Informants offers the ambush in the discard pile instead."""
    g = build([KI, M], deck_name="exiles_partisans", turn=KI, then="evening",
              played={KI: ["informants"]}, discard=["ambush_fox"])
    while g.decision.kind != "draw" and g.phase == "evening" and g.turn_seat == 0:
        g.apply(("kk_retinue_done",) if ("kk_retinue_done",) in options(g)
                else g.decision.options[-1])
    assert options(g) == [("draw", 1), ("informants", "ambush_fox")]
    play(g, ("informants", "ambush_fox"))
    assert g.hands[0] == ["ambush_fox"] and g.discard == []
