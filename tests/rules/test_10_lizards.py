"""Lizard Cult (Law of Root, section 10), from built positions."""
from __future__ import annotations

import random
from typing import Any

import pytest

import rootlaw
from rootlaw.core.game import Game
from rootlaw.factions.lizards import GARDENS, LizardsState, st_of
from tests.builder import assert_illegal, build, options, pause_step, play, scored

LZ, M, E, A, V = "lizards", "marquise", "eyrie", "alliance", "vagabond"
GF, GR, GM = GARDENS["fox"], GARDENS["rabbit"], GARDENS["mouse"]
# Fall suits: fox 1 6 8 12; rabbit 3 4 5 10; mouse 2 7 9 11


def lz(g: Game) -> LizardsState:
    return st_of(g, g.seat_of(LZ))


def at(step: tuple[Any, ...], *, outcast: str = "fox", hated: bool = False, acolytes: int = 0,
       lost: tuple[str, ...] = (), factions: tuple[str, ...] = (LZ, M), phase: str = "daylight",
       stop: bool = False, **kw: Any) -> Game:
    """The Cult's ``step`` in a built position with its state; ``stop``: pause after the
    step instead of playing on."""
    state = {"outcast": outcast, "hated": hated, "acolytes": acolytes, "lost_souls": lost}
    return build(list(factions), step=step, phase=phase, stop=stop, lizards=state, **kw)


pause_step("pause_lz", "pause", ("go", "wait"))


# ============================================================ 10.2 abilities
def test_10_2_1_crafts_in_evening_with_outcast_gardens() -> None:
    """Gardens of the Outcast suit are the crafting pieces, in Evening (10.6.2)."""
    hand = {LZ: ["anvil", "mouse_in_a_sack", "dominance_fox"]}
    g = at(("craft", LZ), outcast="mouse", phase="evening", vp={LZ: 12},
           buildings={LZ: {2: [GM], 7: [GM], 1: [GF]}}, hands=hand, factions=(LZ, M, E))
    assert options(g, "craft") == [("craft", "mouse_in_a_sack", ())]  # anvil costs fox
    assert not options(g, "activate")  # no Daylight options in Evening (3.3.1)
    g = at(("craft", LZ), outcast="fox", phase="evening",
           buildings={LZ: {2: [GM], 7: [GM], 1: [GF]}}, hands=hand)
    assert options(g, "craft") == [("craft", "anvil", ())]


def test_10_2_2_hatred_of_birds() -> None:
    """Birds are not wild for rituals; Sacrifice takes only birds."""
    g = at(("lizards.rituals", LZ), warriors={LZ: {1: 2}},
           hands={LZ: ["ambush_bird", "royal_claim"]})
    verbs = {o[0] for o in options(g)} - {"done"}
    assert verbs == {"ritual_sacrifice"}  # royal claim and the bird ambush are birds
    g = at(("lizards.rituals", LZ), warriors={LZ: {1: 2}}, hands={LZ: ["anvil"]})
    assert not options(g, "ritual_sacrifice")


def test_10_2_3_revenge_defending_warriors_become_acolytes() -> None:
    g = build([LZ, M], warriors={M: {1: 3}, LZ: {1: 2}}, step=("marquise.actions", M, 3),
              forced=[["dice", [2, 2]]])
    play(g, ("action", "battle"))  # the one battle there is
    assert g.decision.seat == M and g.decision.kind == "action"
    assert lz(g).acolytes == 2 and g.warriors[0][1] == 0
    assert g.warrior_supply(0) == 25 - 2  # in the Acolytes box, not the supply
    # attacking: removed warriors go back to the supply
    g = build([LZ, M], warriors={M: {1: 3}, LZ: {1: 2}}, forced=[["dice", [2, 2]]],
              step=("lizards.conspiracies", LZ), phase="birdsong",
              lizards={"outcast": "fox", "acolytes": 2})
    play(g, ("crusade_battle", 1, M))
    assert lz(g).acolytes == 0 and g.warriors[0][1] == 0 and g.warrior_supply(0) == 25


def test_10_2_4_pilgrims_rules_with_a_garden_over_lords_of_the_forest() -> None:
    g = build([LZ, E], warriors={E: {5: 4}}, buildings={LZ: {5: [GR]}, E: {5: ["roost"]}},
              step=("pause_lz", LZ))
    assert g.ruler(5) == 0  # four Eyrie warriors and a roost against one garden
    g = build([LZ, E], buildings={LZ: {5: [GR]}, E: {5: ["roost"]}}, step=("pause_lz", LZ))
    assert g.ruler(5) == 0  # a tie: Pilgrims overrides Lords of the Forest (7.2.2)
    g = build([LZ, E], warriors={LZ: {5: 1}}, buildings={E: {5: ["roost"]}},
              step=("pause_lz", LZ))
    assert g.ruler(5) == 1  # warriors alone: the usual rule, and Lords of the Forest


def test_10_2_5_fear_of_the_faithful_discards_a_random_card() -> None:
    g = build([LZ, M], warriors={M: {5: 3}}, buildings={LZ: {5: [GR]}},
              hands={LZ: ["anvil", "crossbow_mouse"]}, step=("marquise.actions", M, 3),
              forced=[["dice", [2, 0]], ["fear_of_the_faithful", 1]])
    play(g, ("action", "battle"))  # one hit, one for defenseless (4.3.3.II)
    assert GR not in [p[1] for p in g.buildings[5]]
    assert g.hands[0] == ["anvil"] and lz(g).lost_souls == ("crossbow_mouse",)
    assert ("fear_of_the_faithful", 1) in [e[1:] for e in g.log if e[0] == "f"]


def test_10_2_6_lost_souls_take_every_spent_or_discarded_card() -> None:
    g = build([LZ, M], hands={M: ["anvil", "dominance_fox", "a_visit_to_friends", "bake_sale",
                                  "crossbow_bird", "ambush_bird", "sappers"]},
              steps=[("discard_down", M), ("pause_lz", LZ)], phase="evening")
    play(g, ("discard", "dominance_fox"), ("discard", "anvil"))
    assert lz(g).lost_souls == ("dominance_fox", "anvil")  # 10.2.6: dominance too
    assert "dominance_fox" not in g.available and not g.discard
    assert g.view(M)["players"][LZ]["faction"]["lost_souls"] == ["dominance_fox", "anvil"]


# ================================================================ 10.3 setup
def test_10_3_setup_corner_garden_warriors_and_outcast() -> None:
    g = rootlaw.new_game([M, LZ], seed=4)
    while g.decision.kind != "outcast":
        g.apply(g.decision.options[0])
    from rootlaw.factions.marquise import keep_clearing

    keep = keep_clearing(g, g.seat_of(M))
    s = g.seat_of(LZ)
    c = lz(g).corner
    assert c == g.board.opposite[keep]  # 10.3.2: the one corner opposite a start
    assert g.warriors[s][c] == 4 and (s, GARDENS[g.suits[c]]) in g.buildings[c]
    for x in g.board.adj[c]:
        assert g.warriors[s][x] == (0 if x == keep else 1)
    assert g.decision.kind == "outcast"  # 10.3.3
    g.apply(("outcast", "rabbit"))
    assert lz(g).outcast == "rabbit"
    view = g.view(LZ)["players"][LZ]["faction"]
    assert sum(view["gardens_on_track"].values()) == 14  # 10.3.4
    assert rootlaw.FACTIONS[LZ].warriors == 25  # 10.3.1


def test_10_3_2_no_other_players_starting_corner() -> None:
    g = build([E, LZ], corner=1, buildings={E: {1: ["roost"]}}, warriors={E: {1: 6}},
              step=("lizards.corner", LZ), phase="setup")
    assert lz(g).corner == 3  # the only corner diagonally opposite the Eyrie's
    g = build([M, LZ], step=("lizards.corner", LZ), phase="setup")
    assert [o[1] for o in options(g)] == [1, 2, 3, 4]  # no starting corner yet: any


# ============================================================= 10.4 birdsong
@pytest.mark.parametrize("lost,start,hated,outcast,now_hated", [
    (("anvil", "crossbow_mouse", "mouse_in_a_sack"), "fox", False, "mouse", False),
    (("anvil", "foxfolk_steel"), "fox", False, "fox", True),  # same suit: Hated
    (("anvil", "crossbow_mouse"), "rabbit", False, "rabbit", True),  # a tie: stays, Hated
    ((), "rabbit", True, "rabbit", True),  # nothing: stays Hated
    (("royal_claim", "ambush_bird", "crossbow_mouse"), "fox", True, "mouse", False),  # birds
])
def test_10_4_1_adjust_outcast(lost: tuple[str, ...], start: str, hated: bool, outcast: str,
                               now_hated: bool) -> None:
    g = at(("lizards.adjust", LZ), outcast=start, hated=hated, lost=lost, phase="birdsong",
           stop=True)
    fs = lz(g)
    assert (fs.outcast, fs.hated) == (outcast, now_hated)
    assert fs.lost_souls == ()
    assert sorted(g.discard) == sorted(lost)  # 10.4.2


def test_10_4_2_dominance_cards_become_available() -> None:
    g = at(("lizards.adjust", LZ), lost=("dominance_rabbit", "anvil"), phase="birdsong",
           factions=(LZ, M, E), stop=True)
    assert g.available == ["dominance_rabbit"] and g.discard == ["anvil"]


def test_10_4_3_crusade_battle_and_move_in_outcast_clearings() -> None:
    g = at(("lizards.conspiracies", LZ), acolytes=2, phase="birdsong",
           warriors={LZ: {1: 3, 5: 2}, M: {1: 1, 5: 1, 9: 1}})
    battles = options(g, "crusade_battle")
    assert battles == [("crusade_battle", 1, M)]  # 1 is fox, 5 is rabbit
    assert ("crusade_move", 1, 9) in options(g) and not any(
        o[1] == 5 for o in options(g, "crusade_move"))
    play(g, ("crusade_move", 1, 9), ("warriors", 2))
    assert lz(g).acolytes == 0 and g.warriors[0][9] == 2
    assert g.decision.kind == "battle"  # then a battle in the destination, if wished
    assert ("battle", 9, M) in options(g)
    g.apply(("skip",))
    assert g.decision.kind == "action"  # no acolytes left: on to Daylight


def test_10_4_3_hated_costs_one_fewer() -> None:
    g = at(("lizards.conspiracies", LZ), acolytes=1, hated=True, phase="birdsong",
           warriors={LZ: {1: 3}, M: {1: 1}})
    assert options(g, "crusade_battle") and options(g, "convert")
    g = at(("lizards.conspiracies", LZ), acolytes=1, phase="birdsong",
           warriors={LZ: {1: 3}, M: {1: 1}})
    assert g.decision.kind != "conspiracy" and lz(g).acolytes == 1  # none affordable


def test_10_4_3_ii_convert_replaces_an_enemy_warrior() -> None:
    g = at(("lizards.conspiracies", LZ), acolytes=2, phase="birdsong",
           warriors={LZ: {1: 1}, M: {1: 2}})
    play(g, ("convert", 1, M))
    assert g.warriors[0][1] == 2 and g.warriors[1][1] == 1 and lz(g).acolytes == 0


def test_10_4_3_ii_convert_cannot_target_the_vagabond() -> None:
    g = at(("lizards.conspiracies", LZ), acolytes=2, phase="birdsong", factions=(LZ, V),
           warriors={LZ: {1: 1}})
    g.pawn[1] = 1
    assert not options(g, "convert")  # the pawn is not a warrior


def test_10_4_3_iii_sanctify_replaces_an_enemy_building() -> None:
    g = at(("lizards.conspiracies", LZ), acolytes=3, phase="birdsong", factions=(LZ, E, A),
           buildings={E: {1: ["roost"]}, A: {12: ["base_fox"]}})
    assert set(options(g, "sanctify")) == {("sanctify", 1, E, "roost"),
                                           ("sanctify", 12, A, "base_fox")}
    g.apply(("sanctify", 1, E, "roost"))
    assert (0, GF) in g.buildings[1] and (1, "roost") not in g.buildings[1]
    assert scored(g, LZ) == [(LZ, 1, "removal")]  # 3.2.1


def test_10_4_3_iii_sanctify_not_in_the_keeps_clearing() -> None:
    """6.2.2 The Keep: the garden could not be placed, so no Sanctify there."""
    g = at(("lizards.conspiracies", LZ), acolytes=3, phase="birdsong",
           buildings={M: {1: ["sawmill"], 8: ["sawmill"]}}, tokens={M: {1: ["keep"]}})
    assert options(g, "sanctify") == [("sanctify", 8, M, "sawmill")]


# ============================================================= 10.5 daylight
def test_10_5_rituals_build_recruit_score_sacrifice() -> None:
    g = at(("lizards.rituals", LZ), warriors={LZ: {5: 2}},
           buildings={LZ: {4: [GR], 3: [GR]}},
           hands={LZ: ["a_visit_to_friends", "bake_sale", "ambush_bird"]})
    assert ("ritual_build", "a_visit_to_friends", 5) in options(g)  # 10.5.1 rules 5
    assert ("ritual_build", "a_visit_to_friends", 10) not in options(g)  # no rule in 10
    assert ("ritual_recruit", "bake_sale", 10) in options(g)  # 10.5.2 any matching
    play(g, ("ritual_build", "a_visit_to_friends", 5))
    assert (0, GR) in g.buildings[5] and lz(g).revealed == ("a_visit_to_friends",)
    assert "a_visit_to_friends" not in g.hands[0]  # unusable until Evening
    score = options(g, "ritual_score")
    assert score == [("ritual_score", "bake_sale", 2, 3)]  # three rabbit gardens: 2 VP
    play(g, score[0])
    assert scored(g, LZ) == [(LZ, 2, "ritual")] and lz(g).lost_souls == ("bake_sale",)
    play(g, ("ritual_sacrifice", "ambush_bird"))  # 10.5.4
    assert lz(g).acolytes == 1 and g.warrior_supply(0) == 25 - 2 - 1
    # no card left for a ritual: Evening, where revealed cards return (10.6.1)
    assert {"a_visit_to_friends", "ambush_bird"} <= set(g.hands[0]) and not lz(g).revealed


def test_10_5_3_score_once_per_turn_per_suit() -> None:
    g = at(("lizards.rituals", LZ), buildings={LZ: {4: [GR], 3: [GR]}},
           hands={LZ: ["a_visit_to_friends", "bake_sale"]})
    g.apply(("ritual_score", "bake_sale", 2, 2))
    assert not options(g, "ritual_score")
    assert_illegal(g, ("ritual_score", "a_visit_to_friends", 2, 2))


def test_10_6_evening_return_draw_bonuses() -> None:
    """10.6.1 revealed cards return; 10.6.3 draw one plus one per uncovered bonus (the
    second garden of a suit)."""
    g = build([LZ, M], buildings={LZ: {4: [GR], 3: [GR], 1: [GF]}}, hands={LZ: []},
              steps=[("lizards.return", LZ), ("lizards.draw", LZ)], stop=True,
              phase="evening", lizards={"revealed": ["anvil"]})
    assert "anvil" in g.hands[0] and len(g.hands[0]) == 1 + 2  # one + rabbit bonus
    assert lz(g).revealed == ()


# ============================================================= interactions
def test_lost_souls_receive_the_eyries_purged_decree() -> None:
    g = build([E, LZ], decree={"battle": ["anvil"]}, step=("eyrie.turmoil", E),
              phase="daylight")
    assert lz(g).lost_souls == ("anvil",)  # 7.7.2 the Decree is discarded (not viziers)


def test_lost_souls_receive_the_alliances_spent_supporters() -> None:
    g = build([A, LZ], tokens={A: {5: ["sympathy"]}}, step=("alliance.revolts", A), stop=True,
              alliance={"supporters": ["a_visit_to_friends", "bake_sale"]})
    play(g, ("revolt", 5))  # 8.4.1: two rabbit supporters spent
    assert lz(g).lost_souls == ("a_visit_to_friends", "bake_sale")


def test_the_vagabonds_aid_to_a_bot_goes_to_lost_souls() -> None:
    """A card given to a bot is discarded (Rootbotics 2.8.1): into Lost Souls."""
    from rootlaw.core.cards_ep import give_card

    g = build([V, LZ, "mechanical_marquise"], hands={V: ["anvil"]}, step=("pause_lz", LZ))
    give_card(g, 0, 2, "anvil")
    assert lz(g).lost_souls == ("anvil",) and scored(g, "mechanical_marquise")


def test_taking_dominance_spends_into_lost_souls() -> None:
    g = build([M, LZ, E], vp={M: 10}, available=["dominance_fox"], hands={M: ["anvil"]},
              step=("marquise.actions", M, 3))
    g.apply(("take_dominance", "dominance_fox", "anvil"))
    assert g.hands[0] == ["dominance_fox"] and lz(g).lost_souls == ("anvil",)


def test_random_games_with_the_cult_conserve_cards() -> None:
    from tests.test_invariants import card_locations, expected_cards

    for seed in range(15):
        g = rootlaw.new_game([LZ, M, E], seed=seed)
        rnd = random.Random(seed)
        while not g.is_over:
            assert card_locations(g) == expected_cards(g)
            g.apply(g.decision.options[rnd.randrange(len(g.decision.options))])


def test_activating_dominance_is_not_a_discard() -> None:
    g = build([M, LZ, E], vp={M: 10}, hands={M: ["dominance_fox"]},
              step=("marquise.actions", M, 3))
    play(g, ("activate", "dominance_fox"))
    assert g.dominance[0] == "dominance_fox" and lz(g).lost_souls == ()


def test_10_5_2_recruit_places_a_warrior() -> None:
    g = at(("lizards.rituals", LZ), hands={LZ: ["bake_sale", "anvil"]})
    play(g, ("ritual_recruit", "bake_sale", 10))
    assert g.warriors[0][10] == 1 and lz(g).revealed == ("bake_sale",)
    assert g.warrior_supply(0) == 24


def test_10_4_3_II_convert_with_an_empty_supply() -> None:
    """10.4.3: acolytes are spent back to the supply first, so Convert needs no
    warrior in supply beforehand (1.5.3: the Cult warrior can be placed)."""
    g = build([LZ, M], step=("lizards.conspiracies", LZ), phase="birdsong", stop=True,
              lizards={"outcast": "fox", "acolytes": 2}, warriors={LZ: {1: 11, 6: 12}, M: {8: 1}})
    assert g.warrior_supply(0) == 0
    assert options(g, "convert") == [("convert", 8, M)]
    play(g, ("convert", 8, M))
    assert g.warriors[0][8] == 1 and g.warriors[1][8] == 0 and lz(g).acolytes == 0
    assert g.warrior_supply(0) == 1
