"""Corvid Conspiracy (Law of Root, section 13), from built positions, with the
interactions of its plots with the other factions and the bots."""
from __future__ import annotations

import json
import random
from typing import Any

import pytest

import rootlaw
from rootlaw.core.determinize import Sampler
from rootlaw.core.game import FOREST, Game
from rootlaw.core.hidden import FaceDown
from rootlaw.factions.corvids import PLOT, CorvidsState, st_of
from tests.builder import assert_illegal, build, options, pause_step, play, scored

CV, M, E, A, V, LZ, RF = "corvids", "marquise", "eyrie", "alliance", "vagabond", "lizards", \
    "riverfolk"
# Fall: fox 1 6 8 12, rabbit 3 4 5 10, mouse 2 7 9 11; 1-5,9,10 2-5,6,10 3-6,7,11
# 4-8,9,12 5-1,2 6-2,3,11 7-3,8,12 8-4,7 9-1,4,12 10-1,2,12 11-3,6,12 12-4,7,9,10,11

pause_step("pause_cv", "pause", ("go", "wait"))


def cv(g: Game) -> CorvidsState:
    return st_of(g, g.seat_of(CV))


def at(steps: list[tuple[Any, ...]], *, factions: tuple[str, ...] = (CV, M),
       down: dict[int, str] | None = None, up: dict[int, str] | None = None,
       placed: int = 0, stop: bool = False, before: Any = None, **kw: Any) -> Game:
    """A built position with the Corvids' plots, face down (``down``) and face up
    (``up``), clearing -> type, and anything ``before(g)`` changes; ``stop``: pause after
    ``steps``."""
    tokens = {f: {c: list(kinds) for c, kinds in per.items()}
              for f, per in (kw.pop("tokens", None) or {}).items()}
    for c, kind in (up or {}).items():
        tokens.setdefault(CV, {}).setdefault(c, []).append(kind)
    return build(list(factions), steps=steps, turn=kw.pop("turn", CV),
                 phase=kw.pop("phase", "birdsong"), stop=stop, before=before, tokens=tokens,
                 corvids={"face_down": down or {}, "placed": placed}, **kw)


def daylight(**kw: Any) -> Game:
    return at([("corvids.daylight", CV, 3)], phase="daylight", turn=CV, stop=True, **kw)


# ============================================================ 13.2 abilities
def test_13_2_1_crafting_with_plots_face_up_or_down_in_birdsong() -> None:
    g = at([("craft", CV)], phase="birdsong", turn=CV, down={1: "bomb"}, up={8: "snare"},
           hands={CV: ["foxfolk_steel", "anvil"]}, stop=True)
    assert g.fdefs[0].crafting_pieces(g, 0) == (2, 0, 0)  # both fox clearings
    assert ("craft", "foxfolk_steel", ()) in options(g)  # two fox pieces, one face down
    assert not [o for o in options(g) if o[0] == "activate"]  # Birdsong: no Daylight extras
    play(g, ("craft", "foxfolk_steel", ()))
    assert g.items[0] == ["sword"] and not options(g, "craft")


def test_13_2_2_eight_plots_two_of_each_in_a_face_down_supply() -> None:
    g = daylight(warriors={CV: {5: 2}}, down={1: "bomb"}, up={8: "bomb", 2: "raid"})
    v = g.view(CV)["players"][CV]["faction"]
    assert v["plots_in_supply"] == 5
    assert v["supply"] == {"snare": 2, "extortion": 2, "raid": 1}  # no bomb left
    assert {o[2] for o in options(g, "cv_plot")} == {"snare", "extortion", "raid"}
    assert g.view(M)["players"][CV]["faction"]["supply"] is None  # 13.2.2.I face down


def test_13_2_2_i_face_down_plots_are_the_corvids_to_inspect() -> None:
    g = daylight(warriors={CV: {5: 2}}, down={1: "bomb", 9: "raid"}, up={8: "snare"})
    mine, theirs = g.view(CV), g.view(M)
    assert mine["players"][CV]["faction"]["face_down"]["identities"] == {
        "1": ["bomb"], "9": ["raid"]}
    fd = theirs["players"][CV]["faction"]["face_down"]
    assert fd == {"kind": PLOT, "count": 2, "identities": None}
    assert theirs["clearings"][0]["tokens"] == [[CV, PLOT]]  # clearing 1: only the back
    assert theirs["clearings"][7]["tokens"] == [[CV, "snare"]]  # face up: public
    assert json.dumps(theirs).count("bomb") == 1  # the face_up count only: {"bomb": 0}
    # shuffled among the face-down plots (and the supply): no other view changes
    c = g.copy()
    fs = st_of(c, 0)
    fs.facedown = FaceDown((1, 9), ("extortion", "snare"))
    assert c.view(M) == theirs and c.view(None) == g.view(None)
    assert c.view(CV) != mine


def test_13_2_2_i_determinization_resamples_plots_only_for_other_seats() -> None:
    g = daylight(warriors={CV: {5: 2}}, down={1: "bomb", 9: "raid"})
    seen = set()
    sampler = Sampler(g, M, seed=3)
    for _ in range(40):
        s = sampler.sample()
        fs = st_of(s, 0)
        assert fs.facedown.locs == (1, 9) and s.view(M) == g.view(M)
        seen.add(fs.facedown.ids)
    assert len(seen) > 3  # the types vary for the Marquise
    own = Sampler(g, CV, seed=3)
    assert all(st_of(own.sample(), 0).facedown.ids == ("bomb", "raid") for _ in range(5))
    real = Sampler(g, M, seed=1).unseen("plots")
    assert sorted(real) == sorted(["bomb", "raid"] + ["bomb", "raid"] + ["snare"] * 2
                                  + ["extortion"] * 2)  # with the supply's


def test_13_2_2_ii_one_plot_per_clearing() -> None:
    g = daylight(warriors={CV: {1: 2, 5: 2}}, down={1: "bomb"})
    assert {o[1] for o in options(g, "cv_plot")} == {5}


def test_13_2_3_nimble_moves_regardless_of_rule() -> None:
    g = daylight(warriors={CV: {1: 1}, M: {1: 3, 5: 3}})
    assert ("move", 1, 5) in options(g) and ("move", 1, 9) in options(g)


# ------------------------------------------------------------ 13.2.4 Exposure
def marquise_turn(**kw: Any) -> Game:
    return at([("marquise.actions", M, 3)], phase="daylight", turn=M, stop=True, **kw)


def test_13_2_4_exposure_right_guess_removes_scores_and_ignores_the_raid() -> None:
    g = marquise_turn(warriors={M: {5: 1}, CV: {5: 1}}, down={5: "raid"},
                      hands={M: ["bake_sale"]})
    assert {o for o in options(g, "expose")} == {("expose", 5, k) for k in
                                                 ("bomb", "snare", "extortion", "raid")}
    before = [list(w) for w in g.warriors]
    play(g, ("expose", 5, "raid"))  # one matching card: shown without a question
    assert (0, PLOT) not in g.tokens[5] and not cv(g).facedown
    assert scored(g, M) == [(M, 1, "removal")] and g.warriors == before  # no raid
    assert g.hands[1] == ["bake_sale"]  # only shown
    assert ("exposed", M, 5, "raid") in g.log
    assert g.decision.seat == M and not options(g, "expose")


def test_13_2_4_exposure_wrong_guess_gives_the_card_to_the_corvids() -> None:
    g = marquise_turn(warriors={M: {5: 1}}, down={5: "snare"},
                      hands={M: ["bake_sale", "ambush_bird", "anvil"]})
    play(g, ("expose", 5, "bomb"))
    assert g.decision.kind == "exposure" and g.decision.seat == M
    assert set(options(g)) == {("show_card", "bake_sale"), ("show_card", "ambush_bird")}
    play(g, ("show_card", "ambush_bird"))  # a bird matches any clearing (2.1.1)
    assert g.hands[0] == ["ambush_bird"] and g.hands[1] == ["bake_sale", "anvil"]
    assert (0, PLOT) in g.tokens[5] and not scored(g)
    assert ("not_exposed", M, 5, "bomb") in g.log
    play(g, ("expose", 5, "snare"))  # again, with the other card: right
    assert (0, PLOT) not in g.tokens[5] and scored(g, M) == [(M, 1, "removal")]


def test_13_2_4_exposure_needs_pieces_there_and_a_matching_card() -> None:
    g = marquise_turn(warriors={M: {5: 1, 1: 1}}, down={1: "bomb", 9: "bomb"},
                      hands={M: ["bake_sale"]})
    assert not options(g, "expose")  # 1 is fox: no fox card; 9: no Marquise piece
    g = marquise_turn(buildings={M: {1: ["sawmill"]}}, down={1: "bomb"},
                      hands={M: ["anvil"]})
    assert options(g, "expose")  # a building is a faction piece


def test_13_2_4_exposure_only_on_the_enemys_own_turn_and_not_in_an_action() -> None:
    g = daylight(warriors={M: {5: 1}, CV: {1: 1}}, down={5: "bomb"},
                 hands={M: ["bake_sale"], CV: ["anvil"]})
    assert not options(g, "expose")  # the Corvids' turn
    g = marquise_turn(warriors={M: {5: 3}, CV: {5: 1}}, down={5: "bomb"},
                      hands={M: ["bake_sale", "ambush_rabbit"]}, forced=[["dice", [1, 1]]])
    play(g, ("action", "battle"))  # 1.4.2: not inside the battle (no window there)
    assert g.decision.kind == "ambush" or g.decision.seat == M
    kinds = set()
    while g.battle is not None:
        kinds.add(g.decision.kind)
        assert not options(g, "expose")
        g.apply(g.decision.options[0])
    assert options(g, "expose")  # back at the action menu


def test_13_2_4_exposure_windows_birdsong_and_before_the_evening_draw() -> None:
    g = at([("turn", M)], turn=M, phase="birdsong", warriors={M: {5: 1, 1: 1}, CV: {9: 1}},
           down={5: "bomb"}, hands={M: ["bake_sale"]})
    assert g.decision.kind == "anytime" and g.phase == "birdsong"  # start of Birdsong
    assert set(options(g)) == {("expose", 5, k) for k in ("bomb", "snare", "extortion",
                                                          "raid")} | {("go_on",)}
    play(g, ("go_on",))
    while g.phase != "evening":
        assert g.decision.seat == M
        g.apply(g.decision.options[-1])  # done / end: no action
    assert g.decision.kind == "anytime" and g.decision.seat == M  # before the draw
    hand = len(g.hands[1])
    play(g, ("go_on",))
    assert len(g.hands[1]) > hand  # then the draw
    assert g.fdefs[0].anytime_options(g, 0, 1) == []  # drawn: too late


def test_13_2_4_no_exposure_after_drawing_in_evening() -> None:
    g = marquise_turn(warriors={M: {5: 1}}, down={5: "bomb"}, hands={M: ["bake_sale"]})
    g.phase = "evening"
    g.draw(1, 1)
    assert g.fdefs[0].anytime_options(g, 0, 1) == []


def test_13_2_4_bots_and_coalition_partners_never_guess() -> None:
    g = at([("pause_cv", "mechanical_marquise")], factions=(CV, "mechanical_marquise"),
           turn="mechanical_marquise", phase="daylight", down={5: "bomb"},
           warriors={"mechanical_marquise": {5: 2}})
    assert g.fdefs[0].anytime_options(g, 0, 1) == []  # no hand (Rootbotics 2.8.1)
    g = marquise_turn(factions=(CV, M), warriors={M: {5: 1}}, down={5: "bomb"},
                      hands={M: ["bake_sale"]})
    g.coalition[1] = 0  # as a Vagabond allied with the Corvids would be (9.2.8)
    assert g.fdefs[0].anytime_options(g, 0, 1) == []


# --------------------------------------------------------- 13.2.5 Embedded Agents
def test_13_2_5_embedded_agents_extra_hit_even_defenseless() -> None:
    g = marquise_turn(warriors={M: {5: 3}}, down={5: "snare"}, forced=[["dice", [1, 0]]])
    play(g, ("action", "battle"))
    # 1 rolled hit + 1 defenseless: the plot goes; the Corvids deal 0 rolled + 1 extra
    assert g.warriors[1][5] == 2 and (0, PLOT) not in g.tokens[5]
    assert scored(g, M) == [(M, 1, "removal")]  # 3.2.1
    assert not [e for e in g.log if "snare" in map(str, e)]  # nothing tells its type


def test_13_2_5_no_extra_hit_as_attacker_or_with_face_up_plots() -> None:
    g = daylight(warriors={CV: {5: 2}, M: {5: 2}}, down={5: "snare"},
                 forced=[["dice", [0, 0]]])
    play(g, ("battle", 5, M))
    assert g.warriors[1][5] == 2  # attacking: no extra hit
    g = marquise_turn(warriors={M: {5: 3}, CV: {5: 1}}, up={5: "snare"},
                      forced=[["dice", [0, 0]]])
    play(g, ("action", "battle"))
    assert g.warriors[1][5] == 3


# ================================================================= 13.3 setup
def test_13_3_setup_a_warrior_in_a_clearing_of_each_suit() -> None:
    g = rootlaw.new_game([CV, M], seed=4)
    while g.turn_no == 0:
        d = g.decision
        if d.seat == CV:
            assert d.kind == "setup_warriors"
        g.apply(d.options[-1])
    s = g.seat_of(CV)
    where = [c for c in g.clearings() if g.warriors[s][c]]
    assert sorted(g.suits[c] for c in where) == ["fox", "mouse", "rabbit"]
    assert g.warrior_supply(s) == 12 and g.count_token(s, PLOT) == 0
    keep = next(c for c in g.clearings() if (g.seat_of(M), "keep") in g.tokens[c])
    assert keep not in where  # the keep (6.2.2), set up before (setup order I)


def test_13_3_scatter_options_skip_the_keep() -> None:
    g = build([CV, M], step=("corvids.scatter", CV, 0), tokens={M: {1: ["keep"]}})
    assert {o[1] for o in options(g)} == {6, 8, 12}


# ============================================================== 13.4 Birdsong
def test_13_4_2_flip_scores_face_up_plots_including_the_new_one() -> None:
    g = at([("corvids.flip", CV)], phase="birdsong", turn=CV, down={5: "snare", 9: "raid"},
           up={2: "snare"}, warriors={CV: {5: 1}}, stop=True)
    assert options(g, "flip") == [("flip", 5)]  # 9: no Corvid warrior
    play(g, ("flip", 5))
    assert (0, "snare") in g.tokens[5] and scored(g, CV) == [(CV, 2, "flip")]
    assert ("flip", CV, 5, "snare") in g.log and not options(g, "flip")


def test_13_7_1_bomb_removes_every_enemy_piece_then_itself() -> None:
    g = at([("corvids.flip", CV)], factions=(CV, M, A), phase="birdsong", turn=CV,
           down={5: "bomb"}, warriors={CV: {5: 1}, M: {5: 3}, A: {5: 1}},
           buildings={M: {5: ["sawmill", "workshop"]}}, tokens={A: {5: ["sympathy"]}},
           hands={M: ["bake_sale"]}, stop=True)
    play(g, ("flip", 5))
    assert g.warriors[1][5] == 0 and g.warriors[2][5] == 0 and g.warriors[0][5] == 1
    assert g.buildings[5] == () and g.tokens[5] == ()  # the bomb too, to the supply
    # 1 face-up plot, then 3 buildings and tokens removed (3.2.1)
    assert scored(g, CV) == [(CV, 1, "flip"), (CV, 3, "removal")]
    assert st_of(g, 0).facedown == FaceDown() and g.view(CV)["players"][CV]["faction"][
        "plots_in_supply"] == 8
    assert any(e[0] == "outrage_shown" for e in g.log)  # 8.2.6: no card to give


def test_13_7_1_bomb_removes_the_keep_and_field_hospitals_then_has_no_keep() -> None:
    g = at([("corvids.flip", CV)], phase="birdsong", turn=CV, down={1: "bomb"},
           warriors={CV: {1: 1}, M: {1: 2}}, tokens={M: {1: ["keep"]}},
           hands={M: ["anvil"]}, stop=True)
    play(g, ("flip", 1))
    assert g.tokens[1] == () and g.warriors[1][1] == 0
    assert g.decision.seat == CV  # no Field Hospitals without the keep (6.2.3)
    assert scored(g, CV)[-1] == (CV, 1, "removal")


def test_13_7_1_bomb_removes_the_eyries_last_roost() -> None:
    g = at([("corvids.flip", CV)], factions=(CV, E), phase="birdsong", turn=CV,
           down={5: "bomb"}, warriors={CV: {5: 1}, E: {5: 2}},
           buildings={E: {5: ["roost"]}}, stop=True)
    play(g, ("flip", 5))
    assert g.count_building(1, "roost") == 0
    while g.turn_seat != 1 or g.phase != "daylight":  # 7.4.3 at the Eyrie's Birdsong
        g.apply(g.decision.options[-1])
    assert g.count_building(1, "roost") == 1


def test_13_7_1_bomb_removing_gardens_fear_of_the_faithful_each() -> None:
    g = at([("corvids.flip", CV)], factions=(CV, LZ), phase="birdsong", turn=CV,
           down={5: "bomb"}, warriors={CV: {5: 1}},
           buildings={LZ: {5: ["garden_rabbit", "garden_rabbit"]}},
           hands={LZ: ["anvil", "bake_sale", "sappers"]}, stop=True)
    play(g, ("flip", 5))
    assert len(g.hands[1]) == 1  # 10.2.5 twice
    assert scored(g, CV) == [(CV, 1, "flip"), (CV, 2, "removal")]


def test_13_7_1_bomb_removing_a_trade_post_trade_disruption() -> None:
    from rootlaw.factions.riverfolk import POSTS
    from rootlaw.factions.riverfolk import st_of as rf_of

    g = at([("corvids.flip", CV)], factions=(CV, RF), phase="birdsong", turn=CV,
           down={5: "bomb"}, warriors={CV: {5: 1}, RF: {5: 1}},
           tokens={RF: {5: [POSTS["rabbit"]]}}, stop=True, riverfolk={"funds": {RF: 3}})
    play(g, ("flip", 5))
    assert rf_of(g, 1).gone == (0, 1, 0)  # 11.2.5.I: the post leaves the game
    assert rf_of(g, 1).funds == {1: 1}  # half of 3, rounded up, removed


def test_13_7_1_bomb_with_the_vagabond_full_removal() -> None:
    from tests.rules.vagabond_position import game as vb_game

    g = vb_game((V, CV), step=("corvids.flip", CV), turn=CV, phase="birdsong", at=5,
                items={"boots": 2, "sword": 1, "torch": 1},
                corvids={"face_down": {5: "bomb"}}, warriors={CV: {5: 1}})
    play(g, ("flip", 5))
    assert g.pawn[0] == 5  # the pawn cannot be removed (G.1.34)
    assert g.decision.kind == "damage" and g.decision.seat == V  # 9.2.2.I: three items
    play(g, ("damage", "sword", "ready"), ("damage", "boots", "ready"))
    assert g.decision.kind == "damage"


def test_13_7_3_extortion_takes_a_random_card_from_each_enemy_there() -> None:
    g = at([("corvids.flip", CV)], factions=(CV, M, E), phase="birdsong", turn=CV,
           down={5: "extortion"}, warriors={CV: {5: 1}, M: {5: 1}},
           buildings={E: {5: ["roost"]}}, hands={M: ["anvil"], E: ["sappers", "armorers"]},
           stop=True)
    play(g, ("flip", 5))
    assert sorted(g.hands[0]) == sorted(["anvil", g.hands[0][1]]) and len(g.hands[0]) == 2
    assert len(g.hands[2]) == 1 and g.hands[1] == []


def test_13_7_3_extortion_from_a_bot_draws_instead() -> None:
    bot = "mechanical_marquise"
    g = at([("corvids.flip", CV)], factions=(CV, bot), phase="birdsong", turn=CV,
           down={5: "extortion"}, warriors={CV: {5: 1}, bot: {5: 1}}, stop=True)
    deck = len(g.deck)
    play(g, ("flip", 5))
    assert len(g.hands[0]) == 1 and len(g.deck) == deck - 1  # Rootbotics 2.8.1


def test_13_4_3_recruit_with_any_card_a_bird_chooses_one_suit() -> None:
    g = at([("corvids.recruit", CV)], phase="birdsong", turn=CV,
           hands={CV: ["bake_sale", "ambush_bird"]}, tokens={M: {3: ["keep"]}}, stop=True)
    opts = set(options(g, "cv_recruit"))
    assert opts == {("cv_recruit", "bake_sale", "rabbit")} | {
        ("cv_recruit", "ambush_bird", x) for x in ("fox", "rabbit", "mouse")}
    play(g, ("cv_recruit", "bake_sale", "rabbit"))
    assert [c for c in g.clearings() if g.warriors[0][c]] == [4, 5, 10]  # not the keep's
    assert g.decision.seat == CV and g.decision.kind == "pause"  # once per turn


def test_13_4_3_recruit_short_of_warriors_the_corvids_choose() -> None:
    g = at([("corvids.recruit", CV)], phase="birdsong", turn=CV, hands={CV: ["anvil"]},
           warriors={CV: {3: 13}}, stop=True)
    play(g, ("cv_recruit", "anvil", "fox"))
    assert set(options(g)) == {("cv_recruit_in", c) for c in (1, 6, 8, 12)}
    play(g, ("cv_recruit_in", 8), ("cv_recruit_in", 12))
    assert g.warrior_supply(0) == 0 and g.warriors[0][8] == g.warriors[0][12] == 1


# =============================================================== 13.5 Daylight
def test_13_5_three_actions() -> None:
    g = daylight(warriors={CV: {1: 5}})
    play(g, ("move", 1, 5), ("warriors", 1), ("move", 1, 5), ("warriors", 1))
    assert options(g, "move")
    play(g, ("move", 1, 5), ("warriors", 1))
    assert g.decision.kind == "pause"  # no action left: Daylight ends


def test_13_5_2_plot_costs_one_more_warrior_per_plot_placed_this_turn() -> None:
    g = daylight(warriors={CV: {1: 1, 5: 2, 9: 3}})
    assert {o[1] for o in options(g, "cv_plot")} == {1, 5, 9}
    play(g, ("cv_plot", 1, "bomb"))
    assert g.warriors[0][1] == 0 and (0, PLOT) in g.tokens[1]
    assert {o[1] for o in options(g, "cv_plot")} == {5, 9}  # now two warriors
    play(g, ("cv_plot", 9, "raid"))
    assert g.warriors[0][9] == 1 and not options(g, "cv_plot")  # three needed now
    assert st_of(g, 0).facedown == FaceDown((1, 9), ("bomb", "raid"))
    assert assert_illegal(g, ("cv_plot", 5, "snare"))


def test_13_5_2_plot_not_where_the_corvids_may_not_place() -> None:
    g = daylight(warriors={CV: {1: 2, 5: 2}}, tokens={M: {1: ["keep"]}})
    assert {o[1] for o in options(g, "cv_plot")} == {5}


def test_13_5_2_the_count_of_plots_starts_again_each_turn() -> None:
    g = at([("corvids.new_turn", CV), ("corvids.daylight", CV, 3)], phase="daylight",
           turn=CV, placed=2, warriors={CV: {5: 1}}, stop=True)
    assert options(g, "cv_plot")


def test_13_5_3_battle() -> None:
    g = daylight(warriors={CV: {5: 2}, M: {5: 1}}, forced=[["dice", [2, 0]]])
    play(g, ("battle", 5, M))
    assert g.warriors[1][5] == 0


def test_13_5_4_trick_swaps_two_plots_of_the_same_facing() -> None:
    g = daylight(down={1: "bomb", 9: "raid"}, up={5: "snare", 10: "extortion"})
    assert set(options(g, "trick")) == {("trick", 1, 9), ("trick", 5, 10)}
    play(g, ("trick", 1, 9), ("trick", 5, 10))
    assert st_of(g, 0).facedown == FaceDown((1, 9), ("raid", "bomb"))
    assert (0, "extortion") in g.tokens[5] and (0, "snare") in g.tokens[10]


def test_g_1_31_trick_ignores_placement_limits() -> None:
    g = daylight(up={5: "snare", 10: "extortion"}, tokens={M: {10: ["keep"]}})
    play(g, ("trick", 5, 10))
    assert (0, "snare") in g.tokens[10]


# ================================================================ 13.6 Evening
def test_13_6_1_exert_takes_an_action_and_draws_nothing() -> None:
    g = at([("corvids.exert", CV), ("corvids.draw", CV), ("discard_down", CV)],
           phase="evening", turn=CV, warriors={CV: {1: 2}}, up={5: "extortion"},
           hands={CV: ["anvil"] * 0 + ["a_visit_to_friends", "bake_sale", "cobbler",
                                       "anvil", "sappers", "armorers"]}, stop=True)
    assert ("no_exert",) in options(g) and ("move", 1, 5) in options(g)
    play(g, ("cv_plot", 1, "bomb"))
    assert len(g.hands[0]) == 6 and g.decision.kind == "discard"  # no draw; discard to 5
    play(g, ("discard", "sappers"))
    assert len(g.hands[0]) == 5


def test_13_6_2_draw_one_plus_one_per_face_up_extortion() -> None:
    g = at([("corvids.exert", CV), ("corvids.draw", CV)], phase="evening", turn=CV,
           up={5: "extortion", 9: "extortion"}, down={1: "extortion"}, stop=True)
    play(g, ("no_exert",))
    assert len(g.hands[0]) == 3


# ====================================================== 13.7.2 the snare
def test_13_7_2_snare_blocks_enemy_placement_and_moves_out_not_in() -> None:
    g = marquise_turn(warriors={M: {5: 2, 1: 3}}, up={5: "snare"},
                      buildings={M: {5: ["recruiter"], 1: ["recruiter", ]}})
    assert not g.may_place(1, 5) and g.may_place(0, 5)  # the Corvids place there
    assert not g.may_move(1, 5, 2) and g.may_move(1, 1, 5)
    play(g, ("action", "march"))
    moves = options(g, "move")
    assert moves and all(o[1] != 5 for o in moves) and ("move", 1, 5) in moves


def test_13_7_2_snare_against_the_marquise_recruit_wood_and_field_hospitals() -> None:
    g = marquise_turn(warriors={M: {5: 2, 1: 1}, CV: {1: 3}},
                      buildings={M: {5: ["recruiter", "sawmill"], 10: ["recruiter"]}},
                      tokens={M: {5: ["keep"]}}, up={5: "snare"}, hands={M: ["anvil"]},
                      forced=[["dice", [1, 1]]])
    play(g, ("action", "recruit"))
    assert g.warriors[1][5] == 2 and g.warriors[1][10] == 1  # not in the snared clearing
    assert not options(g, "overwork") and ("action", "overwork") not in options(g)
    play(g, ("action", "battle"), ("battle", 1, CV))  # lose a warrior in fox 1
    assert g.warriors[1][1] == 0
    assert g.decision.kind != "field_hospitals"  # 6.2.3: cannot place at the keep


def test_13_7_2_snare_against_the_vagabond_move_no_slip_yes() -> None:
    from tests.rules.vagabond_position import game as vb_game

    g = vb_game((V, CV), step=("vagabond.actions", V), at=5,
                items={"boots": 2, "torch": 1}, tokens={CV: {5: ["snare"]}})
    assert not options(g, "v_move")  # 13.7.2: cannot move out
    g = vb_game((V, CV), step=("vagabond.slip", V), at=5, tokens={CV: {5: ["snare"]}})
    assert ("slip", "1") in options(g) or ("slip", "2") in options(g)  # 9.4.2 ignores it
    g = vb_game((V, CV), step=("vagabond.actions", V), at=1, items={"boots": 2},
                tokens={CV: {5: ["snare"]}})
    assert ("v_move", 5) in options(g)  # moving in is allowed


def test_13_7_2_snare_against_riverfolk_and_their_mercenaries() -> None:
    from rootlaw.factions.riverfolk import st_of as rf_of

    g = at([("riverfolk.daylight", RF)], factions=(CV, RF, M), phase="daylight", turn=RF,
           warriors={RF: {5: 2}, M: {5: 1}}, up={5: "snare"}, stop=True,
           riverfolk={"funds": {RF: 3, M: 2}})
    assert not [o for o in options(g, "rf_move") if o[1] == 5]  # cannot move out
    assert ("rf_recruit", 5) not in options(g)  # cannot place (11.5.5)
    assert not [o for o in options(g, "rf_post") if o[1] == 5]  # nor a trade post
    # mercenaries bought by the Marquise stay Riverfolk pieces: the snare holds them
    rf_of(g, 1).mercs = (2, g.turn_no)
    g.turn_seat = 2
    assert not g.may_move(2, 5, 1) and not g.may_move(1, 5, 1)


def test_13_7_2_snare_against_the_bots_targets_fall_through() -> None:
    from rootlaw.bots.electric_eyrie import recruit_target
    from rootlaw.bots.mechanical_marquise import recruit_plan

    mm = "mechanical_marquise"
    g = at([("pause_cv", mm)], factions=(CV, mm), turn=mm, phase="daylight",
           warriors={mm: {1: 2, 8: 1}}, up={1: "snare"}, stop=True)
    assert [c for c, _ in recruit_plan(g, 1, "fox")] == [8]  # 2.3: the next one
    ee = "electric_eyrie"
    g = at([("pause_cv", ee)], factions=(CV, ee), turn=ee, phase="daylight",
           buildings={ee: {1: ["roost"], 8: ["roost"]}}, warriors={CV: {1: 2}},
           up={1: "snare"}, stop=True)
    assert recruit_target(g, 1, "fox") == 8  # 1 has more enemy pieces, but is snared


def test_13_7_2_snare_blocks_the_vagabot_leaving() -> None:
    from rootlaw.bots.vagabot import routes

    vb = "vagabot"
    g = at([("pause_cv", vb)], factions=(CV, vb), turn=vb, phase="daylight",
           up={5: "snare"}, stop=True)
    g.pawn[1] = 5
    assert set(routes(g, 1)) <= {5}


# ======================================================== 13.7.4 the raid
def test_13_7_4_raid_removed_in_battle_face_down() -> None:
    g = marquise_turn(warriors={M: {5: 3}}, down={5: "raid"}, forced=[["dice", [1, 0]]],
                      tokens={M: {2: ["keep"]}})
    play(g, ("action", "battle"))
    assert g.warriors[0][1] == 1 and g.warriors[0][2] == 0  # 5-1, 5-2: not the keep's
    assert ("raid", CV, 5) in g.log


def test_13_7_4_raid_face_up_removed_and_short_of_warriors() -> None:
    g = marquise_turn(warriors={M: {12: 3}, CV: {3: 14}}, up={12: "raid"},
                      forced=[["dice", [1, 0]]])
    play(g, ("action", "battle"))
    assert g.decision.seat == CV and set(options(g)) == {
        ("raid_in", c) for c in (4, 7, 9, 10, 11)}
    play(g, ("raid_in", 9))
    assert g.warriors[0][9] == 1 and g.warrior_supply(0) == 0


def test_13_7_4_raid_after_a_favor_card() -> None:
    from rootlaw.core.effects import favor

    g = marquise_turn(warriors={M: {1: 1}}, down={5: "raid", 10: "bomb"})
    favor(g, 1, "rabbit")  # the effect of Favor of the Rabbits, crafted by the Marquise
    g._advance()
    assert g.tokens[5] == () and g.tokens[10] == ()
    assert sum(e[1] for e in scored(g, M)) == 2  # 3.2.1, both plots
    assert g.warriors[0][1] == 1 and g.warriors[0][2] == 1  # the raid in 5, not the bomb
    assert ("raid", CV, 5) in g.log and ("raid", CV, 10) not in g.log


def test_13_7_4_raid_after_crafting_favor_of_the_rabbits() -> None:
    g = at([("craft", M)], phase="daylight", turn=M, stop=True, warriors={M: {5: 1}},
           buildings={M: {3: ["workshop"], 4: ["workshop"], 10: ["workshop"]}},
           down={5: "raid"}, hands={M: ["favor_of_the_rabbits"]})
    play(g, ("craft", "favor_of_the_rabbits", ()))
    assert g.tokens[5] == () and g.warriors[1][5] == 1  # its own pieces stay
    assert g.warriors[0][1] == 1 and g.warriors[0][2] == 1


def test_3_2_1_removing_a_plot_scores_and_reveals_nothing() -> None:
    g = marquise_turn(warriors={M: {5: 3}}, down={5: "extortion"}, forced=[["dice", [1, 0]]])
    play(g, ("action", "battle"))
    assert scored(g, M) == [(M, 1, "removal")]
    log = json.dumps([e for e in g.log if e[0] != "d" or e[1] == M])
    assert "extortion" not in log  # removed face down: not revealed (rulings.md)
    assert st_of(g, 0).facedown == FaceDown()


# ========================================================== whole games, views
@pytest.mark.parametrize("seed", range(6))
def test_random_games_keep_plots_consistent(seed: int) -> None:
    mixes = [[CV, M], [CV, E, A, V], [CV, LZ, RF], [CV, "mechanical_marquise", "vagabot"],
             [CV, "electric_eyrie", "automated_alliance"], [CV, V, "vagabond2"]]
    g = rootlaw.new_game(mixes[seed], seed=seed)
    rnd = random.Random(seed)
    s = g.seat_of(CV)
    while not g.is_over:
        fs = st_of(g, s)
        if g.battle is None:  # in battle, removed plots trigger at its end (settle)
            assert fs.facedown.locs == g.piece_clearings(s, PLOT)
        for c in g.clearings():
            assert sum(1 for p in g.tokens[c] if p[0] == s) <= 1  # 13.2.2.II
        for kind in ("bomb", "snare", "extortion", "raid"):
            assert g.count_token(s, kind) + fs.facedown.ids.count(kind) <= 2
        g.apply(g.decision.options[rnd.randrange(len(g.decision.options))])
    assert Game.replay(g.setup, g.log).to_json() == g.to_json()


def test_forest_origins_are_never_snared() -> None:
    g = daylight(up={5: "snare"})
    assert g.may_move(1, FOREST, 5) and g.may_move(1, 0, 1)


def test_13_7_2_a_revolt_removes_the_snare_first_the_bots_does_not_target_it() -> None:
    from rootlaw.bots.automated_alliance import can_revolt_in
    from rootlaw.factions.alliance import revolt_clearings

    aa = "automated_alliance"
    g = at([("pause_cv", aa)], factions=(CV, aa), turn=aa, phase="birdsong",
           tokens={aa: {5: ["sympathy"]}}, up={5: "snare"}, stop=True)
    # the bot's reading (docs/rootbotics_automated_alliance.md): nothing may forbid placing
    # the base when targeting, as with the keep, so it falls through (2.3)
    assert not g.may_place(1, 5) and not can_revolt_in(g, 1, 5)
    g = at([("pause_cv", A)], factions=(CV, A), turn=A, phase="birdsong",
           tokens={A: {5: ["sympathy"]}}, up={5: "snare"}, stop=True,
           alliance={"supporters": ["bake_sale", "a_visit_to_friends"]})
    assert revolt_clearings(g, 1) == [5]


def test_13_6_1_exert_never_by_the_ferry() -> None:
    ferry = build([CV, M], step=("pause_cv", CV), map="lake").ferry
    day = at([("corvids.daylight", CV, 3)], phase="daylight", turn=CV, map="lake",
             warriors={CV: {ferry: 2}}, stop=True)
    assert options(day, "ferry")  # C.2.5 in Daylight
    g = at([("corvids.exert", CV)], phase="evening", turn=CV, map="lake",
           warriors={CV: {ferry: 2}}, stop=True)
    assert not options(g, "ferry") and options(g, "move")


def test_13_7_4_a_raid_that_places_nothing_tells_nothing() -> None:
    g = marquise_turn(warriors={M: {5: 3}, CV: {12: 15}}, down={5: "raid"},
                      forced=[["dice", [1, 0]]])
    play(g, ("action", "battle"))
    assert (0, PLOT) not in g.tokens[5] and not [e for e in g.log if e[0] == "raid"]


# ================================================ with the Underground Duchy (12)
def test_13_7_1_a_bomb_removing_duchy_buildings_is_one_price_of_failure() -> None:
    from tests.rules.test_12_duchy import UD, notes
    from tests.rules.test_12_duchy import at as duchy_at

    g = duchy_at([("corvids.flip", CV)], factions=(UD, CV), turn=CV, phase="birdsong",
                 swayed=("captain", "brigadier", "mayor"), corvids={"face_down": {5: "bomb"}},
                 warriors={CV: {5: 1}},
                 buildings={UD: {5: ["citadel", "market"]}}, tokens={UD: {5: ["tunnel"]}},
                 hands={UD: ["anvil", "bake_sale"]}, forced=[["price_of_failure", 0]])
    play(g, ("flip", 5))
    assert g.buildings[5] == () and g.tokens[5] == ()
    assert scored(g, CV) == [(CV, 1, "flip"), (CV, 3, "removal")]
    while g.decision.kind == "dismiss":
        g.apply(g.decision.options[0])
    assert len(notes(g, "price_of_failure")) == 1  # 12.2.3: one event, one price


def test_13_7_2_no_plot_or_raid_in_the_burrow() -> None:
    from rootlaw.core.move import trigger_removals
    from tests.rules.test_12_duchy import UD, B

    g = at([("pause_cv", CV)], factions=(CV, UD), turn=UD, phase="daylight",
           tokens={UD: {5: ["tunnel"]}}, down={5: "raid"}, warriors={UD: {5: 1}}, stop=True)
    assert B in g.adjacent(5) and not g.may_place(0, B)  # 12.2.2
    g.take_piece(5, (0, PLOT))
    trigger_removals(g, 1, [], [(0, 5, PLOT)], in_battle=False)
    g._advance()
    assert g.warriors[0][B] == 0 and g.warriors[0][1] == g.warriors[0][2] == 1


def test_13_6_1_no_exert_after_a_charm_offensive_draw() -> None:
    """13.6.1 Exert is for a player who chooses to draw no cards in Evening: once
    Charm Offensive has drawn a card at the start of Evening, it is too late."""
    evening = [("evening_start", CV), ("corvids.exert", CV), ("corvids.draw", CV)]
    g = build([CV, M], deck_name="exiles_partisans", steps=evening, stop=True,
              played={CV: ["charm_offensive"]}, warriors={CV: {1: 2}})
    play(g, ("charm", M))
    assert g.decision.kind == "pause"  # no Exert was offered
    assert len(g.hands[0]) == 2 and g.vp[1] == 1  # Charm Offensive's card, then 13.6.2's
    g = build([CV, M], deck_name="exiles_partisans", steps=evening, stop=True,
              played={CV: ["charm_offensive"]}, warriors={CV: {1: 2}})
    play(g, ("skip",))
    assert g.decision.kind == "exert" and options(g, "move")  # no card drawn: exert


def test_13_2_4_exposure_before_the_keepers_evening_draw() -> None:
    """13.2.4: "before drawing any cards in their Evening": the Keepers' Evening draw
    opens the Exposure window like every other faction's."""
    g = build([CV, "keepers"], turn="keepers", then="evening", warriors={"keepers": {5: 1}},
              corvids={"face_down": {5: "bomb"}}, hands={"keepers": ["bake_sale"]})
    while g.decision.kind != "anytime" and g.phase == "evening" and g.turn_seat == 1:
        assert g.decision.seat == "keepers"
        g.apply(("kk_retinue_done",) if ("kk_retinue_done",) in options(g)
                else g.decision.options[-1])
    assert g.decision.kind == "anytime" and ("expose", 5, "bomb") in options(g)
    drawn = len(g.hands[1])
    play(g, ("go_on",))
    assert len(g.hands[1]) == drawn + 1  # then the draw (15.6.3)
