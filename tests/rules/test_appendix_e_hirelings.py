"""Law of Root, Appendix E (hirelings) and A.6: dealing and setting up hirelings,
gaining and losing them (E.1), their abilities and actions (E.2) and their rules (E.3);
the API, saves and views. Each card's sides: test_appendix_e_cards.py.

Fall map: clearing suits 1 fox, 2 mouse, 3 rabbit, 4 rabbit, 5 rabbit, 6 fox, 7 mouse,
8 fox, 9 mouse, 10 rabbit, 11 mouse, 12 fox. Paths: 1-5, 1-9, 1-10, 2-5, 2-6, 2-10,
3-6, 3-7, 3-11, 4-8, 4-9, 4-12, 6-11, 7-8, 7-12, 9-12, 10-12, 11-12. Ruins: 6, 10, 11,
12. Rivers: 4-7, 5-10, 7-11, 10-11.
"""
from __future__ import annotations

import json
import random
from typing import Any

import pytest

import rootlaw
from rootlaw import Game, LoadError, SetupError
from rootlaw.core import hire as hire_mod
from rootlaw.core.faction_api import is_seat_name
from rootlaw.core.hired import ALL_PIPS, CARD_IDS, GOLD_PIPS, RELATED
from rootlaw.core.steps import FunctionStep, register_steps
from tests.builder import assert_illegal, build, hireling, options, play, scored

M, E, A, V, LC, RF, UD, CC, LH, KI = ("marquise", "eyrie", "alliance", "vagabond", "lizards",
                                      "riverfolk", "duchy", "corvids", "hundreds", "keepers")
DAYLIGHT = "test.hireling_daylight"


def _daylight_options(g: Game, st: Any) -> list[Any]:
    return hire_mod.daylight_options(g, st[1]) + [("done",)]


def _daylight_apply(g: Game, st: Any, o: Any) -> None:
    if o[0] != "done":
        g.push(st)
        hire_mod.apply_daylight(g, st[1], o)


if DAYLIGHT not in __import__("rootlaw.core.steps", fromlist=["STEPS"]).STEPS:
    register_steps(FunctionStep(DAYLIGHT, "daylight", _daylight_options, _daylight_apply))


def daylight(factions: list[str], who: str, hirelings: dict[str, Any], **kw: Any) -> Game:
    """A position at ``who``'s Daylight menu of hireling actions (E.2.4)."""
    return build(factions, step=(DAYLIGHT, who), phase="daylight", hirelings=hirelings,
                 stop=True, **kw)


# ------------------------------------------------------------------ A.6 setup
@pytest.mark.parametrize("players,demoted", [(2, 0), (3, 1), (4, 2), (5, 3), (6, 3)])
def test_a6_1_a6_2_three_dealt_demoted_by_player_count(players: int, demoted: int) -> None:
    for seed in range(6):
        g = rootlaw.new_game(players=players, setup="advanced", hirelings=3, seed=seed)
        assert g.hire is not None
        assert len(set(g.hire.ids)) == 3 and set(g.hire.ids) <= set(CARD_IDS)
        assert sum(g.hire.demoted) == demoted  # A.6.2
        assert g.hire.track == (4, 8, 12)  # A.6.4
        assert all(c == -1 for c in g.hire.controller)  # in the supply
        assert any(e[0] == "r" and e[1] == "hirelings" for e in g.log)  # shuffled, logged


def test_a6_3_setup_from_the_last_player_counterclockwise_each_choosing_a_card() -> None:
    g = rootlaw.new_game(players=3, setup="advanced", seed=4,
                         hirelings=["warm_sun_prophets", "last_dynasty", "corvid_spies"])
    assert g.adv is not None
    first = g.adv.first
    order = [(first - 1 - i) % 3 for i in range(3)]
    d = g.decision
    assert d is not None and d.kind == "hireling_setup" and d.rule == "A.6.3"
    assert g.seat_of(d.seat) == order[0] and len(d.options) == 3  # any dealt card
    while g.decision is not None and g.decision.kind != "draft":
        g.apply(g.decision.options[-1])
    seen = [g.seat_of(e[1]) for e in g.log if e[0] == "hireling_set_up"]
    assert seen == order
    prophets = hireling(g, "warm_sun_prophets")
    demoted = dict(zip(g.hire.ids, g.hire.demoted, strict=True))
    if not demoted["warm_sun_prophets"]:  # promoted: one Prophet on each ruin
        assert [c for c in g.clearings() if g.warriors[prophets][c]] == [
            c for c in g.clearings() if g.board.ruins[c]]


def test_a6_3_two_players_wrap_the_order() -> None:
    g = rootlaw.new_game(factions=[E, LC], setup="advanced", seed=2,
                         hirelings=["forest_patrol", "highway_bandits", "sunward_expedition"])
    while g.decision is not None and g.turn_no == 0:
        g.apply(g.decision.options[0])
    asked = [e[1] for e in g.log if e[0] == "hireling_set_up"]
    assert len(asked) == 3 and asked[0] == asked[2] != asked[1]


def test_a6_5_corresponding_factions_leave_the_draft() -> None:
    for seed in range(25):
        g = rootlaw.new_game(players=4, setup="advanced", hirelings=3, seed=seed)
        while g.decision is not None and g.decision.kind != "draft":
            g.apply(g.decision.options[0])
        assert g.adv is not None and g.hire is not None
        pool = {f for f, _ in g.adv.pool}
        assert not pool & set(g.hire.barred()), (seed, pool, g.hire.ids)


def test_a6_5_named_hireling_of_a_seated_faction_is_refused() -> None:
    with pytest.raises(SetupError, match="A.6.5"):
        rootlaw.new_game(factions=[M, E], setup="advanced",
                         hirelings=["forest_patrol", "popular_band", "corvid_spies"])
    with pytest.raises(SetupError, match="A.6.5"):  # a bot uses its faction's components
        rootlaw.new_game(factions=["mechanical_marquise", E], setup="advanced",
                         hirelings=["forest_patrol", "popular_band", "corvid_spies"])
    with pytest.raises(SetupError, match="A.6.5"):
        rootlaw.new_game(factions=[V, "vagabond2", E], setup="advanced",
                         hirelings=["the_exile", "popular_band", "corvid_spies"])


def test_a6_1_random_deal_never_bars_a_seated_faction() -> None:
    for seed in range(30):
        g = rootlaw.new_game(factions=[M, E, A, V, LC], setup="advanced", hirelings=3,
                             seed=seed)
        assert g.hire is not None
        assert not set(g.hire.barred()) & {M, E, A, V, LC}


def test_a6_hirelings_are_of_the_advanced_setup_exactly_three_known_cards() -> None:
    with pytest.raises(SetupError, match="A.6"):
        rootlaw.new_game(factions=[M, E], hirelings=3)
    with pytest.raises(SetupError, match="exactly three"):
        rootlaw.new_game(factions=[M, E], setup="advanced", hirelings=2)
    with pytest.raises(SetupError, match="A.6.1: no hireling card 'dragon'"):
        rootlaw.new_game(factions=[M, E], setup="advanced",
                         hirelings=["dragon", "popular_band", "corvid_spies"])
    with pytest.raises(SetupError, match="three different"):
        rootlaw.new_game(factions=[M, E], setup="advanced",
                         hirelings=["popular_band", "popular_band", "corvid_spies"])
    with pytest.raises(SetupError):
        rootlaw.new_game(factions=[M, E], setup="advanced", hirelings=True)
    with pytest.raises(SetupError, match="prototype"):
        rootlaw.new_game(factions=[M, E], rules="prototype", hirelings=3)


def test_a8_1_i_insurgents_at_two_only_with_hirelings() -> None:
    with pytest.raises(SetupError, match="A.8.1.I"):
        rootlaw.new_game(players=2, setup="advanced", insurgents_at_two=True)
    g = rootlaw.new_game(players=2, setup="advanced", insurgents_at_two=True, hirelings=3,
                         seed=1)
    while g.decision is not None and g.decision.kind != "draft":
        g.apply(g.decision.options[0])
    assert g.adv is not None
    assert len(g.adv.pool) == 3


def test_a8_1_draft_too_short_for_named_hirelings() -> None:
    # two players without insurgents: five militant cards; three barred leave two, and
    # the draft needs three
    with pytest.raises(SetupError, match="A.8.1"):
        rootlaw.new_game(players=2, setup="advanced",
                         hirelings=["forest_patrol", "last_dynasty", "vault_keepers"])


# ------------------------------------------------------------------- E.1
def still(factions: list[str], **kw: Any) -> Game:
    """A position paused (``test.stop``), the first faction to act."""
    return build(factions, step=("test.stop", factions[0]), **kw)


def end_of_turn(factions: list[str], who: str, **kw: Any) -> Game:
    """A position at the end of ``who``'s turn (its hirelings change hands, E.1)."""
    return build(factions, step=("end_turn", who), phase="evening", **kw)


def test_e1_1_score_marker_entering_a_hiring_marker_takes_it_and_hires_at_turn_end() -> None:
    taken: dict[str, Any] = {}

    def enter(g: Game) -> None:
        g.score(0, 1, "test")  # 3 -> 4: enters the "4" space
        assert g.hire is not None
        taken["track"], taken["pending"] = g.hire.track, g.hire.pending[0]

    g = end_of_turn([E, LC], E, hirelings={"popular_band": {},
                                           "corvid_spies": {"side": "demoted"}},
                    vp={E: 3}, forced=[["control_die", 5]], before=enter)
    hire = g.hire
    assert hire is not None
    assert taken == {"track": (8, 12), "pending": 1}
    assert ("hiring_marker", E, [4]) in g.log
    d = g.decision
    assert d is not None and d.rule == "E.1.1" and d.seat == E
    assert sorted(o[1] for o in d.options) == sorted(hire.ids)  # any card in the supply
    play(g, ("take_hireling", "corvid_spies"))
    k = hire.index("corvid_spies")
    assert hire.controller[k] == 0
    assert hire.control[k] == GOLD_PIPS[5]  # E.1.2: the leader counts the gold pips
    assert hire.pending[0] == 0 and hire.held[0] == 1  # the marker flipped


def test_e1_1_passing_two_markers_hires_twice() -> None:
    g = end_of_turn([E, LC], E, hirelings={"popular_band": {}}, vp={E: 3},
                    before=lambda g: g.score(0, 6, "test"))  # 3 -> 9: past 4 and 8
    assert g.hire is not None
    assert g.hire.track == (12,) and g.hire.pending[0] == 2
    assert g.decision is not None and g.decision.rule == "E.1.1"
    play(g, g.decision.options[0])
    assert g.decision is not None and g.decision.rule == "E.1.1"
    assert g.hire.pending[0] == 1


def test_e1_1_only_a_rising_score_enters_and_never_twice() -> None:
    g = still([E, LC], hirelings={"popular_band": {}}, vp={E: 5})
    assert g.hire is not None
    g.score(0, -2, "test")  # 5 -> 3
    g.score(0, 2, "test")  # 3 -> 5: enters 4
    g.score(0, -2, "test")
    g.score(0, 2, "test")  # 4 is taken already
    assert g.hire.pending[0] == 1 and g.hire.track == (8, 12)


def test_e1_1_with_the_supply_empty_the_marker_is_flipped() -> None:
    g = end_of_turn([E, LC], E, hirelings={
        "popular_band": {"controller": LC}, "furious_protector": {"controller": LC,
                                                                  "side": "demoted"},
        "highway_bandits": {"controller": LC, "side": "demoted"}},
        hiring_markers={"held": {LC: 2}, "pending": {E: 1}}, warriors={LC: {1: 1}})
    assert g.hire is not None
    assert g.hire.pending[0] == 0 and g.hire.held[0] == 1
    assert ("hiring_marker_flipped", E) in g.log


@pytest.mark.parametrize("face", range(6))
def test_e1_2_gold_pips_for_the_leader_all_pips_otherwise(face: int) -> None:
    def hired(vp: dict[str, int], dominance: dict[str, str] | None = None) -> int:
        g = end_of_turn([E, LC], E, hirelings={"popular_band": {}}, vp=vp,
                        forced=[["control_die", face]], dominance=dominance or {},
                        hiring_markers={"pending": {E: 1}})
        play(g, ("take_hireling", "popular_band"))
        assert g.hire is not None
        return g.hire.control[g.hire.index("popular_band")]

    assert hired({E: 10, LC: 4}) == GOLD_PIPS[face]  # most points
    assert hired({E: 7, LC: 7}) == GOLD_PIPS[face]  # tied for most
    assert hired({E: 3, LC: 9}) == ALL_PIPS[face]
    assert hired({E: 12, LC: 1}, {E: "dominance_fox"}) == ALL_PIPS[face]  # a dominance
    # 3.3.1: the dominance player's marker is off the track: E has the most on it
    assert hired({E: 8, LC: 11}, {LC: "dominance_fox"}) == GOLD_PIPS[face]


def test_e1_3_a_control_marker_off_each_card_and_a_card_at_zero_given_away() -> None:
    g = end_of_turn([E, LC, M], E, hirelings={
        "popular_band": {"controller": E, "control": 2},
        "furious_protector": {"controller": E, "control": 1, "side": "demoted"},
        "corvid_spies": {"controller": LC, "control": 1, "side": "demoted"}},
        hiring_markers={"held": {E: 2, LC: 1}}, warriors={M: {5: 1}},
        tokens={M: {5: ["keep"]}}, forced=[["control_die", 0]], vp={M: 1})
    hire = g.hire
    assert hire is not None
    assert hire.control[hire.index("popular_band")] == 1
    assert hire.control[hire.index("corvid_spies")] == 1  # only the turn's player's cards
    d = g.decision
    assert d is not None and d.rule == "E.1.3" and d.seat == E
    assert {o[2] for o in d.options} == {LC, M}  # any other player, even the leader
    play(g, ("give_hireling", "furious_protector", M))
    k = hire.index("furious_protector")
    assert hire.controller[k] == 2 and hire.held[0] == 1 and hire.held[2] == 1
    assert hire.control[k] == GOLD_PIPS[0]  # the receiver rolled at once (it leads)
    # E.2.1: the Stoic Protector's when-hired action, taken by its new controller at once
    assert g.pawn[hireling(g, "furious_protector")] == 5


def test_e1_1_e1_3_with_1_1_3_the_player_orders_gifts_and_hires() -> None:
    """E.1.1's hire and E.1.3's gift both come "at the end of their turn": the player
    taking it chooses their order (1.1.3); a card hired now loses no marker (E.1.3: the
    cards held before, rulings.md)."""
    def at_end() -> Game:
        return end_of_turn([E, LC, M], E, hirelings={
            "popular_band": {"controller": E, "control": 1}},
            hiring_markers={"held": {E: 1}, "pending": {E: 1}}, warriors={M: {5: 1}},
            tokens={M: {5: ["keep"]}}, forced=[["control_die", 0]])
    g = at_end()
    d = g.decision
    assert d is not None and d.rule == "1.1.3" and set(d.options) == {("give_first",),
                                                                       ("hire_first",)}
    play(g, ("hire_first",))
    assert g.decision is not None and g.decision.kind == "take_hireling"
    play(g, ("take_hireling", "highway_bandits"))
    assert g.decision is not None and g.decision.kind == "give_hireling"
    play(g, ("give_hireling", "popular_band", M))
    assert g.hire is not None and g.hire.controller[g.hire.index("highway_bandits")] == 0
    assert g.hire.control[g.hire.index("highway_bandits")] > 0
    g = at_end()
    play(g, ("give_first",))
    assert g.decision is not None and g.decision.kind == "give_hireling"


# ------------------------------------------------------------------- E.2
def test_e2_controller_abilities_belong_to_the_controller_only() -> None:
    from rootlaw.core.battle import Battle
    from rootlaw.core.hired import controller_extra_hits

    g = still([E, LC], hirelings={"corvid_spies": {"side": "demoted", "controller": E}},
              buildings={E: {5: ["roost"]}, LC: {6: ["garden_fox"]}})
    assert controller_extra_hits(g, Battle(0, 1, 5), True) == 1  # Raven Sentries: Eyrie's
    assert controller_extra_hits(g, Battle(1, 0, 6), True) == 0  # never the Cult's
    assert controller_extra_hits(g, Battle(1, 0, 5), False) == 1


def test_e2_1_when_hired_action_must_be_taken() -> None:
    g = end_of_turn([E, LC], E, hirelings={"popular_band": {}}, warriors={E: {7: 2}},
                    hiring_markers={"pending": {E: 1}})
    play(g, ("take_hireling", "popular_band"))
    band = hireling(g, "popular_band")
    assert g.warriors[band][7] == 1  # E.2.1 put where the controller has pieces


def test_e2_2_an_ability_works_with_nobody_in_control() -> None:
    g = still([E, LC], hirelings={"riverfolk_flotilla": {"pawn": 5}},
              warriors={E: {5: 3}})
    from rootlaw.core.battle import battle_targets

    assert g.hire is not None and g.hire.controller[0] == -1
    assert battle_targets(g, 0, (5,)) == []  # the Flotilla cannot be battled


def test_e2_3_birdsong_actions_at_the_start_of_the_controllers_birdsong_in_its_order() -> None:
    g = build([M, LC], hirelings={
        "last_dynasty": {"side": "demoted", "controller": M},
        "furious_protector": {"side": "demoted", "controller": M, "pawn": 5}},
        warriors={M: {1: 1, 2: 1, 3: 1}}, step=("birdsong_start", M))
    d = g.decision
    assert d is not None and d.rule == "E.2.3"
    assert {o[1] for o in d.options} == {"last_dynasty", "furious_protector"}
    play(g, ("hireling_first", "last_dynasty"))  # Bluebird Nobles scores first
    assert (M, 1, "bluebird_nobles") in scored(g)
    d = g.decision
    assert d is not None and d.kind == "hireling_move"  # then the Stoic Protector moves


def test_e2_4_once_per_daylight() -> None:
    g = daylight([E, LC], E, {"popular_band": {"side": "demoted", "controller": E}})
    assert ("hireling", "popular_band", "busk") in options(g)
    play(g, ("hireling", "popular_band", "busk"), ("hplace", "popular_band", 3))
    assert g.warriors[hireling(g, "popular_band")][3] == 1
    assert options(g) == [("go",), ("stay",)]  # the menu is done: taken this Daylight
    assert hire_mod.daylight_options(g, 0) == []


def test_e2_4_hireling_actions_join_every_factions_daylight_menu() -> None:
    g = build([M, E], hirelings={"popular_band": {"side": "demoted", "controller": M}},
              warriors={M: {1: 1}}, tokens={M: {1: ["keep"]}},
              step=("marquise.actions", M, 3))
    assert ("hireling", "popular_band", "busk") in options(g)


# ------------------------------------------------------------------- E.3
def test_e3_1_the_controller_rules_with_hirelings_alone_uncontrolled_ones_rule() -> None:
    g = still([M, LC], hirelings={"last_dynasty": {"warriors": {5: 2}},
                                  "popular_band": {"warriors": {6: 1}}},
              warriors={LC: {5: 1, 6: 1}})
    dyn = hireling(g, "last_dynasty")
    assert g.ruler(5) == dyn  # as a player (2.5): 2 against 1
    assert g.ruler(6) is None  # a tie
    assert g.hire is not None
    g.hire.controller[g.hire.index("last_dynasty")] = 0
    g.pieces_changed()
    assert g.rules(0, 5)  # the Marquise, with the Dynasty alone
    assert g.treated_as_own_by(dyn) == 0
    assert not g.has_any_piece(0, 5)  # E.3.3: for rule only


def test_e3_2_enemy_status() -> None:
    g = still([V, E, LC], hirelings={"popular_band": {"controller": E},
                                     "corvid_spies": {"controller": LC}},
              coalitions={V: E})
    band, spies, quiet = hireling(g, "popular_band"), hireling(g, "corvid_spies"), 5
    assert not g.is_enemy(1, band) and not g.is_enemy(0, band)  # controller, its partner
    assert g.is_enemy(2, band) and g.is_enemy(band, 2)
    assert g.is_enemy(band, spies) and g.is_enemy(0, quiet)  # in the supply: everyone's
    assert band in g.enemy_owners(2) and band not in g.enemy_owners(0)
    assert spies in g.enemy_owners(1) and quiet in g.enemy_owners(1)
    assert g.enemies(2) == [0, 1]  # players only


def test_e3_3_hireling_pieces_are_not_the_controllers() -> None:
    g = still([E, LC], hirelings={"sunward_expedition": {"controller": E, "warriors": {5: 2},
                                                         "tokens": {5: ["foothold"]}}})
    assert not g.has_any_piece(0, 5) and g.faction_pieces(0, 5) == []
    assert sum(g.warriors[0]) == 0


def test_e3_4_separate_actions_a_faction_move_never_takes_hireling_warriors() -> None:
    from rootlaw.core.move import move_pairs

    g = still([M, LC], hirelings={"last_dynasty": {"controller": M, "warriors": {5: 3}}},
              warriors={M: {1: 1}}, tokens={M: {1: ["keep"]}})
    assert all(a != 5 for a, _ in move_pairs(g, 0))
    dyn = hireling(g, "last_dynasty")
    assert (5, 1) in hire_mod.move_pairs(g, dyn) and all(
        a == 5 for a, _ in hire_mod.move_pairs(g, dyn))


def test_e3_5_no_ambush_for_a_hireling_and_its_controller_cannot_foil() -> None:
    # a player battles a hireling: no ambush asked of anyone
    g = build([M, LC], hirelings={"last_dynasty": {"controller": LC, "warriors": {5: 1}}},
              warriors={M: {5: 2}}, hands={LC: ["ambush_bird"]},
              step=("command_warren", M), phase="daylight", forced=[["dice", [1, 0]]])
    play(g, ("battle", 5, "last_dynasty"))
    assert g.warriors[hireling(g, "last_dynasty")][5] == 0
    assert g.hands[1] == ["ambush_bird"]
    # a hireling attacks: the defender may ambush, the controller cannot foil
    g = build([M, LC], hirelings={"last_dynasty": {"controller": M, "warriors": {5: 3}}},
              warriors={LC: {5: 2}}, hands={LC: ["ambush_rabbit"], M: ["ambush_bird"]},
              step=("hire.battle", M, 2, 0, (5,)), phase="daylight",
              forced=[["dice", [3, 0]]])
    d = g.decision  # the one battle it can take is started at once
    assert d is not None and d.kind == "ambush" and d.seat == LC
    play(g, ("ambush", "ambush_rabbit"))
    assert g.hands[0] == ["ambush_bird"]  # no foil asked (a bird could): two hits at once
    assert g.warriors[2][5] == 1


def test_e3_6_no_points_for_the_controller_points_against_hireling_buildings() -> None:
    g = build([E, LC], hirelings={"vault_keepers": {"controller": LC, "warriors": {5: 1},
                                                    "buildings": {5: ["vault"]}}},
              warriors={E: {5: 3}, LC: {5: 0}}, buildings={E: {6: ["roost"]}},
              step=("command_warren", E), phase="daylight", forced=[["dice", [3, 3]]])
    play(g, ("battle", 5, "vault_keepers"))
    assert (E, 1, "removal") in scored(g)  # the vault (3.2.1, E.3.6)
    # the hireling removes a building: its controller scores nothing
    g = build([M, LC], hirelings={"last_dynasty": {"controller": M, "warriors": {6: 3}}},
              buildings={LC: {6: ["garden_fox"]}}, step=("hire.battle", M, 2, 0, (6,)),
              phase="daylight", forced=[["dice", [3, 0]]], stop=True)
    assert g.buildings[6] == ((-1, "ruin"),) and scored(g, M) == []


def test_e3_7_outrage_and_the_ferry_for_the_controller() -> None:
    from rootlaw.factions.alliance import st_of

    g = build([A, M], map="lake",
              hirelings={"last_dynasty": {"controller": M, "warriors": {1: 3}}},
              tokens={A: {10: ["sympathy"]}}, hands={M: ["ambush_bird"]},
              deck_top=["ambush_bird"], step=("hire.move", M, 2, 0, 0), phase="daylight",
              ferry=1, stop=True)
    o = ("hferry", "last_dynasty", 1, 10)
    assert o in options(g)
    play(g, o, ("warriors", 2))
    assert g.ferry == 10 and ("ferry", M, 1, 10) in g.log
    # the controller drew by the Ferry (C.2.5), then paid the Outrage (its one kind of
    # card, given at once)
    assert st_of(g, 0).supporters == ("ambush_bird",) and g.hands[1] == ["ambush_bird"]


def test_g1_9_favor_removes_enemy_hireling_pieces_never_ones_own() -> None:
    g = build([M, LC], hirelings={"last_dynasty": {"controller": M, "warriors": {3: 2}},
                                 "popular_band": {"warriors": {4: 1}}},
              warriors={M: {1: 1}}, tokens={M: {1: ["keep"]}},
              buildings={M: {3: ["workshop"], 4: ["workshop"], 5: ["workshop"]}},
              hands={M: ["favor_of_the_rabbits"]}, step=("craft", M), phase="daylight",
              stop=True)
    play(g, ("craft", "favor_of_the_rabbits", ()))
    assert g.warriors[hireling(g, "last_dynasty")][3] == 2  # its own hireling stays
    assert g.warriors[hireling(g, "popular_band")][4] == 0  # the supply's: an enemy


def test_illegal_hireling_option_is_refused_with_the_rule() -> None:
    g = end_of_turn([E, LC], E, hirelings={"popular_band": {"controller": LC}},
                    hiring_markers={"pending": {E: 1}})
    e = assert_illegal(g, ("take_hireling", "popular_band"))  # not in the supply
    assert "E.1.1" in str(e)


# --------------------------------------------------------------- saves, views
def random_hireling_game(seed: int, turns: int = 6) -> Game:
    g = rootlaw.new_game(players=4, setup="advanced", hirelings=3, seed=seed)
    rnd = random.Random(seed)
    while g.decision is not None and g.turn_no < turns:
        g.apply(g.decision.options[rnd.randrange(len(g.decision.options))])
    return g


def test_saves_round_trip_and_replay() -> None:
    g = random_hireling_game(3)
    text = g.to_json()
    assert Game.from_json(text).to_json() == text
    assert Game.replay(g.setup, g.log).to_json() == text


@pytest.mark.parametrize("change,rule", [
    (lambda d: d["hirelings"]["controller"].__setitem__(0, 9), "no player"),
    (lambda d: d["hirelings"]["control"].__setitem__(0, 7), "E.1.2"),
    (lambda d: d["hirelings"].__setitem__("track", [4, 8, 12, 12]), "A.6.4"),
    (lambda d: d["hirelings"]["ids"].__setitem__(0, "dragon"), "A.6.1"),
    (lambda d: d["hirelings"]["ids"].__setitem__(1, d["hirelings"]["ids"][0]), "A.6"),
    (lambda d: d["warriors"][-1].__setitem__(1, 40), "B.4.3"),
    (lambda d: d["warriors"].pop(), "piece arrays"),
    (lambda d: d["hirelings"]["pending"].__setitem__(0, -1), "hiring markers"),
])
def test_impossible_hireling_state_fails_to_load(change: Any, rule: str) -> None:
    g = random_hireling_game(5, turns=1)
    d = json.loads(g.to_json())
    change(d)
    with pytest.raises(LoadError, match=rule):
        Game.from_json(json.dumps(d))


def test_a_save_with_a_piece_no_card_has_fails_to_load() -> None:
    g = rootlaw.new_game(factions=[E, LC], setup="advanced", seed=1,
                         hirelings=["popular_band", "corvid_spies", "highway_bandits"])
    d = json.loads(g.to_json())
    d["tokens"][5].append([2, "foothold"])  # the Popular Band has no foothold
    with pytest.raises(LoadError, match="popular_band: no piece 'foothold'"):
        Game.from_json(json.dumps(d))
    d = json.loads(g.to_json())
    d["pawn"][2] = 5  # nor a pawn
    with pytest.raises(LoadError, match="a pawn it does not have"):
        Game.from_json(json.dumps(d))
    d = json.loads(g.to_json())
    d["tokens"][5].append([7, "foothold"])  # an owner beyond the hirelings
    with pytest.raises(LoadError, match="unknown seat 7"):
        Game.from_json(json.dumps(d))


def test_a_save_with_a_hireling_of_a_seated_faction_fails_to_load() -> None:
    g = rootlaw.new_game(factions=[E, LC], setup="advanced", seed=1,
                         hirelings=["popular_band", "corvid_spies", "highway_bandits"])
    d = json.loads(g.to_json())
    d["hirelings"]["ids"][0] = "last_dynasty"  # the Eyrie is seated
    with pytest.raises(LoadError, match="A.6.5"):
        Game.from_json(json.dumps(d))


def test_views_show_hirelings_cards_pieces_and_controllers() -> None:
    g = still([M, LC], hirelings={"last_dynasty": {"controller": M, "warriors": {5: 2}},
                                  "the_exile": {"pawn": "1_2_5_10", "items": ["club"] * 3},
                                  "highway_bandits": {"paths": [(1, 5)]}},
              hiring_markers={"held": {M: 1}})
    v = g.view(LC)
    cards = {c["id"]: c for c in v["hirelings"]["cards"]}
    assert cards["last_dynasty"]["controller"] == M and cards["last_dynasty"]["side"] == "promoted"
    assert cards["the_exile"]["items"] == ["club"] * 3
    assert cards["highway_bandits"]["bandits_on_paths"] == [[1, 5]]
    assert v["clearings"][4]["warriors"] == {"last_dynasty": 2}
    assert v["forests"][0]["pawns"] == ["the_exile"]
    assert v["hirelings"]["markers_held"] == {M: 1}
    assert v["hirelings"]["markers_on_track"] == [8, 12]
    json.dumps(v)


def test_views_hide_nothing_about_hirelings_and_leak_no_hand() -> None:
    """Everything about hirelings is public (the cards face up, markers, pieces); the
    other seats' hands, the deck, face-down pieces stay hidden with hirelings in play."""
    from tests.test_invariants import check_hidden

    for seed in (11, 12, 13):
        g = random_hireling_game(seed, turns=8)
        check_hidden(g, random.Random(seed))
        assert g.view(None)["hirelings"] == g.view(g.factions[0])["hirelings"]


def test_a_game_without_hirelings_has_only_the_seats_rows() -> None:
    g = rootlaw.new_game(players=3, setup="advanced", seed=1)
    assert g.hire is None and len(g.warriors) == 3 and len(g.pawn) == 3
    assert g.view(None)["hirelings"] is None


def test_drafted_seats_never_keep_seat_names_with_hirelings() -> None:
    g = random_hireling_game(2, turns=2)
    assert not any(is_seat_name(f) for f in g.factions)
    assert g.hire is not None and not set(g.hire.barred()) & set(g.factions)
    assert all(f in RELATED for f in g.hire.ids)


def test_e3_2_a_revolt_makes_room_only_where_enemy_buildings_go() -> None:
    """8.4.1.III removes enemy pieces only: a vault of a hireling the Alliance controls
    stays, so the base needs a slot beside it (random games found a base placed over
    the slots)."""
    from rootlaw.factions.alliance import base_fits_after_revolt

    def vault_in(controller: str | None, c: int) -> Game:
        spec: dict[str, Any] = {"buildings": {c: ["vault"]}}
        if controller:
            spec["controller"] = controller
        return build([A, E], step=("test.stop", A), phase="daylight", stop=True,
                     hirelings={"vault_keepers": spec}, buildings={E: {2: ["roost"]}})

    assert not base_fits_after_revolt(vault_in(A, 1), 0, 1)  # one slot, the vault stays
    assert base_fits_after_revolt(vault_in(None, 1), 0, 1)  # an enemy's vault goes
    assert base_fits_after_revolt(vault_in(A, 2), 0, 2)  # the roost goes, the vault stays


def test_a6_3_a_bot_corner_filled_by_a_vault_is_passed_over() -> None:
    """A.6.3 vaults come before the factions (A.8): the Electric Eyrie's corner opposite
    the keep, full of a vault, gives way to another corner."""
    from rootlaw.bots.electric_eyrie import starting_clearing

    g = build([M, "electric_eyrie"], step=("test.stop", M), phase="daylight", stop=True,
              tokens={M: {1: ["keep"]}},
              hirelings={"vault_keepers": {"buildings": {3: ["vault"]}}})
    assert g.board.opposite[1] == 3 and g.open_slots(3) == 0
    assert starting_clearing(g, 1) in (2, 4)
