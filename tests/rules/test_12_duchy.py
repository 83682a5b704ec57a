"""Underground Duchy (Law of Root, section 12), from built positions."""
from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import rootlaw
from rootlaw.core.effects import dominance_achieved
from rootlaw.core.game import Game
from rootlaw.core.move import move_pairs
from rootlaw.core.steps import STEPS
from rootlaw.factions.duchy import (
    CROWN_VP,
    MINISTERS,
    RANK_OF,
    RECRUIT,
    Duchy,
    DuchyState,
    crowns_gone,
    mayor_choices,
    st_of,
)
from tests.builder import assert_illegal, build, options, pause_step, play, scored

UD, M, E, A, V, LZ, RF = "duchy", "marquise", "eyrie", "alliance", "vagabond", "lizards", \
    "riverfolk"
B = 13  # the Burrow on the Fall map (12.2.2), numbered after its 12 clearings
# Fall suits: fox 1 6 8 12; rabbit 3 4 5 10; mouse 2 7 9 11. Corners 1-3, 2-4 opposite.
# Paths: 1: 5 9 10; 2: 5 6 10; 3: 6 7 11; 4: 8 9 12; 7: 3 8 12; 12: 4 7 9 10 11

pause_step("pause_ud", "pause", ("go", "wait"))


def ud(g: Game) -> DuchyState:
    return st_of(g, g.seat_of(UD))


def at(steps: list[tuple[Any, ...]], *, swayed: tuple[str, ...] = (),
       factions: tuple[str, ...] = (UD, M), phase: str = "daylight", stop: bool = True,
       used: tuple[str, ...] = (), revealed: tuple[str, ...] = (),
       before: Callable[[Game], None] | None = None, **kw: Any) -> Game:
    """A built position with the Duchy's ministers (a crown of each swayed minister's
    rank taken off the board) and revealed cards, and anything ``before`` changes;
    ``stop``: pause after ``steps``."""
    state = {"swayed": swayed, "used": used, "revealed": revealed}
    return build(list(factions), steps=steps, turn=kw.pop("turn", UD), phase=phase,
                 stop=stop, before=before, duchy=state, **kw)


def notes(g: Game, kind: str) -> list[tuple[Any, ...]]:
    return [e for e in g.log if e[0] == kind]


# ============================================================ 12.2 abilities
def test_12_2_1_crafts_in_evening_with_citadels_and_markets() -> None:
    hand = ["anvil", "mouse_in_a_sack", "foxfolk_steel", "bake_sale"]
    g = at([("craft", UD)], phase="evening", hands={UD: hand},
           buildings={UD: {1: ["citadel"], 2: ["market"]}})
    assert options(g, "craft") == [("craft", "anvil", ()), ("craft", "mouse_in_a_sack", ())]
    play(g, ("craft", "anvil", ()))
    assert options(g, "craft") == [("craft", "mouse_in_a_sack", ())]  # the fox piece used
    s = g.seat_of(UD)
    daylight = [st[0] for st in Duchy().phase_steps(g, s, "daylight")]
    assert "craft" not in daylight  # 12.2.1: in Evening only
    assert Duchy().crafting_clearings(g, s) == (1, 2)


def test_12_2_2_the_burrow_is_an_unsuited_clearing_adjacent_to_tunnels() -> None:
    g = at([], tokens={UD: {1: ["tunnel"], 7: ["tunnel"]}})
    assert g.board.burrow == B and B not in g.clearings() and B in g.all_clearings()
    assert g.suits[B] == "" and g.board.slots[B] == 0
    assert g.adjacent(B) == (1, 7) and B in g.adjacent(1) and B in g.adjacent(7)
    assert B not in g.adjacent(2)
    g.take_piece(1, (0, "tunnel"))  # adjacency follows the tunnels
    assert g.adjacent(B) == (7,) and B not in g.adjacent(1)
    g.place_token(0, "tunnel", 12)
    assert g.adjacent(B) == (7, 12) and g.adjacent(12)[-1] == B
    assert g.ruler(B) == 0  # 12.2.2: the Duchy rules it, even with no pieces there
    assert g.view(M)["burrow"] == {"id": B, "adjacent": [7, 12], "ruler": UD, "warriors": {}}


def test_12_2_2_games_without_the_duchy_have_no_burrow() -> None:
    g = rootlaw.new_game([M, E], seed=1)
    assert g.board.burrow == 0 and g.all_clearings() == g.clearings()
    assert len(g.warriors[0]) == 13 and g.view(None)["burrow"] is None


def test_12_2_2_non_duchy_pieces_cannot_be_placed_or_moved_into_the_burrow() -> None:
    g = at([("marquise.march", M, 1)], turn=M, warriors={M: {1: 3}, UD: {B: 2}},
           tokens={UD: {1: ["tunnel"]}})
    assert not g.may_place(1, B) and g.may_place(0, B)
    assert not g.may_move(1, 1, B) and g.may_move(0, 1, B)
    assert ("move", 1, B) not in options(g) and ("move", 1, 5) in options(g)
    # the Duchy moves out of and into the Burrow: it rules it (4.2.1)
    assert (B, 1) in move_pairs(g, 0) and (1, B) not in move_pairs(g, 0)  # no warrior in 1
    g.warriors[0][1] = 1
    g.pieces_changed()
    assert (1, B) in move_pairs(g, 0)


def test_12_2_2_the_vagabond_never_enters_the_burrow() -> None:
    from rootlaw.factions.vagabond import move_costs
    from tests.rules.vagabond_position import game

    g = game((V, UD), step=("pause_ud", UD), at=1, tokens={UD: {1: ["tunnel"]}},
             items={"boots": 2, "sword": 1, "torch": 1})
    s = g.seat_of(V)
    assert B in g.adjacent(1)
    dests = [d for d, _ in move_costs(g, s)]
    assert B not in dests and 5 in dests
    assert not g.may_move(s, 1, B)


def test_12_2_2_bots_never_target_or_enter_the_burrow() -> None:
    from rootlaw.bots.vagabot import routes
    from rootlaw.core.move import move_destinations

    g = build([UD, "mechanical_marquise", "vagabot"],
              warriors={"mechanical_marquise": {1: 6}, UD: {B: 3}},
              tokens={UD: {1: ["tunnel"], 9: ["tunnel"]}}, step=("pause_ud", UD))
    mm, vb = 1, 2
    assert B in move_destinations(g, mm, 1)  # a destination by the map...
    assert all(b != B for _, b in move_pairs(g, mm))  # ...never a legal one (2.3)
    g.pawn[vb] = 9
    assert B not in routes(g, vb)
    # a whole bot turn: its warriors never reach the Burrow
    rnd = random.Random(3)
    g2 = build([UD, "mechanical_marquise", "electric_eyrie", "vagabot"],
               warriors={"mechanical_marquise": {1: 6, 5: 2}, "electric_eyrie": {9: 4},
                         UD: {B: 3, 1: 1}},
               tokens={UD: {1: ["tunnel"], 9: ["tunnel"], 5: ["tunnel"]}},
               buildings={"electric_eyrie": {9: ["roost"]}},
               step=("turn", "mechanical_marquise"))
    for _ in range(300):
        if g2.is_over:
            break
        assert all(g2.warriors[o][B] == 0 for o in (1, 2, 3)) and g2.pawn[3] != B
        o = g2.decision.options
        g2.apply(o[rnd.randrange(len(o))])


def test_12_2_2_riverfolk_and_lizards_have_no_rule_in_the_burrow() -> None:
    g = at([], factions=(UD, RF, LZ, M), tokens={UD: {10: ["tunnel"]}},
           warriors={RF: {10: 3}, LZ: {10: 1}}, buildings={LZ: {10: ["garden_rabbit"]}})
    assert g.ruler(B) == 0 and g.ruler(10) == 2  # the Lizards' Pilgrims rule 10 (10.2.4)
    assert not g.may_place(1, B) and not g.may_place(2, B)
    assert (10, B) not in move_pairs(g, 1)  # Swimmers: no river to the Burrow
    # mercenaries bought by the Marquise: rule of the Burrow does not change (11.2.7.III)
    g = at([], factions=(UD, RF, LZ, M), tokens={UD: {10: ["tunnel"]}}, turn=M,
           riverfolk={"mercenaries": M}, warriors={RF: {10: 3}, LZ: {10: 1}, UD: {B: 1}},
           buildings={LZ: {10: ["garden_rabbit"]}})
    assert g.ruler(B) == 0


def test_12_2_2_the_burrow_is_no_clearing_of_any_suit_for_dominance() -> None:
    g = at([], warriors={UD: {1: 1, 6: 1, B: 5}}, dominance={UD: "dominance_fox"})
    s = g.seat_of(UD)
    assert g.rules(s, 1) and g.rules(s, 6) and g.rules(s, B)
    assert not dominance_achieved(g, s)  # two fox clearings and the unsuited Burrow
    g.warriors[s][8] = 1
    g.pieces_changed()
    assert dominance_achieved(g, s)
    g2 = at([], warriors={UD: {1: 1, B: 1}}, dominance={UD: "dominance_bird"})
    assert not dominance_achieved(g2, 0)  # the Burrow is no corner


def test_12_2_2_royal_claim_counts_the_burrow() -> None:
    g = at([("card_window", UD)], phase="birdsong", played={UD: ["royal_claim"]},
           warriors={UD: {1: 1}}, stop=False)
    play(g, ("royal_claim",))
    assert scored(g, UD) == [(UD, 2, "royal_claim")]  # clearing 1 and the Burrow


# ------------------------------------------------------ 12.2.3 Price of Failure
def test_12_2_3_one_price_for_any_number_of_buildings_in_a_battle() -> None:
    g = at([("marquise.battle", M)], turn=M, swayed=("captain", "brigadier", "mayor"),
           warriors={M: {5: 3}}, buildings={UD: {5: ["citadel", "market"]}},
           tokens={UD: {5: ["tunnel"]}}, hands={UD: ["anvil", "bake_sale", "sappers"]},
           forced=[["dice", [3, 0]], ["price_of_failure", 1]], stop=False)
    assert g.decision.seat == UD and g.decision.kind == "take_hit"  # the one battle
    while g.decision.kind == "take_hit":  # 4 hits: 3 rolled + defenseless; 3 pieces
        play(g, options(g)[0])
    assert g.decision.seat == UD and g.decision.kind == "dismiss"  # in the Marquise's turn
    assert options(g) == [("ud_dismiss", "brigadier"), ("ud_dismiss", "mayor")]
    play(g, ("ud_dismiss", "mayor"))
    fs = ud(g)
    assert fs.swayed == ("captain", "brigadier")
    assert crowns_gone(g, 0) == (0, 1, 0) and fs.crowns == (2, 1, 3)
    assert g.hands[0] == ["anvil", "sappers"] and g.discard[-1] == "bake_sale"
    assert len(notes(g, "price_of_failure")) == 1  # one trigger for two buildings
    assert scored(g, M) == [(M, 3, "removal")]  # two buildings and the tunnel (3.2.1)


def test_12_2_3_highest_rank_returns_without_a_choice_and_can_be_swayed_again() -> None:
    g = at([("marquise.battle", M)], turn=M, swayed=("captain", "earl_of_stone"),
           warriors={M: {1: 3}}, buildings={UD: {1: ["market"]}}, hands={UD: []},
           forced=[["dice", [3, 0]]], stop=False)
    assert ud(g).swayed == ("captain",)  # the lord, at once; no card to discard
    assert "earl_of_stone" not in ud(g).swayed and crowns_gone(g, 0) == (0, 0, 1)
    assert g.view(M)["players"][UD]["faction"]["unswayed"][-1] == "earl_of_stone"


def test_12_2_3_no_minister_just_the_card_and_tunnels_are_not_buildings() -> None:
    g = at([("marquise.battle", M)], turn=M, warriors={M: {1: 3}},
           buildings={UD: {1: ["market"]}}, hands={UD: ["anvil"]},
           forced=[["dice", [3, 0]]], stop=False)
    assert g.hands[0] == [] and ud(g).swayed == () and len(notes(g, "price_of_failure")) == 1
    g = at([("marquise.battle", M)], turn=M, warriors={M: {1: 3}}, swayed=("captain",),
           tokens={UD: {1: ["tunnel"]}}, hands={UD: ["anvil"]},
           forced=[["dice", [3, 0]]], stop=False)
    assert g.hands[0] == ["anvil"] and ud(g).swayed == ("captain",)
    assert not notes(g, "price_of_failure") and g.adjacent(B) == ()


def test_12_2_3_one_price_for_a_favor_card() -> None:
    g = at([("craft", M)], turn=M, swayed=("marshal", "foremole"), ruins=False,
           buildings={UD: {1: ["citadel"], 6: ["market"]},
                      M: {8: ["workshop"], 12: ["workshop", "workshop"]}},
           warriors={M: {8: 1, 12: 1}}, hands={M: ["favor_of_the_foxes"],
                                               UD: ["anvil", "root_tea_fox"]},
           forced=[["price_of_failure", 0]], stop=False)
    play(g, ("craft", "favor_of_the_foxes", ()))
    assert g.decision.seat == UD and options(g) == [("ud_dismiss", "marshal"),
                                                   ("ud_dismiss", "foremole")]
    play(g, ("ud_dismiss", "foremole"))
    assert len(notes(g, "price_of_failure")) == 1 and g.hands[0] == ["root_tea_fox"]
    assert ud(g).swayed == ("marshal",) and scored(g, M) == [(M, 2, "removal")]


def test_12_2_3_field_hospitals_still_trigger_beside_it() -> None:
    g = at([("marquise.battle", M)], turn=M, swayed=("captain",), hands={M: ["anvil"]},
           warriors={M: {1: 2}, UD: {1: 1}}, buildings={UD: {1: ["citadel"]}},
           tokens={M: {3: ["keep"]}}, forced=[["dice", [2, 2]]], stop=False)
    kinds = []
    while g.decision.kind in ("take_hit", "field_hospitals", "dismiss"):
        kinds.append(g.decision.kind)
        o = options(g)
        play(g, o[0])
    assert "field_hospitals" in kinds
    assert g.warriors[1][3] == 1 and g.hands[1] == []  # saved to the keep (6.2.3)
    assert ud(g).swayed == () and len(notes(g, "price_of_failure")) == 1


def test_12_2_3_a_minister_lost_mid_turn_no_longer_acts() -> None:
    g = at([("duchy.parliament", UD)], swayed=("captain", "marshal", "brigadier"), stop=False,
           warriors={UD: {1: 1, 5: 2}, M: {1: 3, 5: 1}}, buildings={UD: {1: ["citadel"]}},
           forced=[["dice", [2, 2]]], hands={UD: ["anvil"]}, then="evening")
    assert ("ud_minister", "brigadier") in options(g)
    play(g, ("ud_minister", "captain"), ("battle", 1, M))
    while g.decision.kind == "take_hit":
        play(g, options(g)[0])
    assert ud(g).swayed == ("captain", "marshal")  # the Brigadier (noble) returned, unused
    assert g.stack[-1][0] == "duchy.parliament"
    assert ("ud_minister", "brigadier") not in options(g)
    assert_illegal(g, ("ud_minister", "brigadier"))


def test_12_2_3_the_mayor_cannot_copy_a_lost_minister() -> None:
    g = at([("duchy.parliament", UD)], swayed=("captain", "mayor", "brigadier"), stop=False,
           warriors={UD: {1: 1, 5: 2}, M: {1: 3, 5: 1}}, buildings={UD: {1: ["market"]}},
           forced=[["dice", [2, 2]]], hands={UD: ["anvil"]}, then="evening")
    play(g, ("ud_minister", "captain"), ("battle", 1, M))
    while g.decision.kind == "take_hit":
        play(g, options(g)[0])
    play(g, ("ud_dismiss", "brigadier"))
    assert ("ud_minister", "mayor") in options(g)
    assert mayor_choices(g, 0) == ["captain"]  # used already: the Mayor may copy it


# ------------------------------------------------------------- 12.2.4 Tunnels
def test_12_2_4_with_three_tunnels_out_one_is_removed_first() -> None:
    g = at([("duchy.dig", UD)], tokens={UD: {1: ["tunnel"], 2: ["tunnel"], 3: ["tunnel"]}},
           hands={UD: ["anvil"]}, warriors={UD: {B: 5}})
    assert ("ud_dig", 6) in options(g) and ("ud_dig", 1) not in options(g)
    play(g, ("ud_dig", 6))
    assert g.decision.kind == "remove_tunnel"
    assert options(g) == [("ud_reroute", 1), ("ud_reroute", 2), ("ud_reroute", 3)]
    play(g, ("ud_reroute", 2))
    assert g.count_token(0, "tunnel") == 3 and g.adjacent(B) == (1, 3, 6)
    assert options(g) == [("ud_dig_move", k) for k in range(5)]  # the card paid itself
    play(g, ("ud_dig_move", 4))
    assert g.warriors[0][6] == 4 and g.warriors[0][B] == 1 and g.discard == ["anvil"]


# ================================================================ 12.3 setup
def test_12_3_setup_corner_warriors_tunnel_and_boards() -> None:
    g = at([], tokens={M: {1: ["keep"]}}, phase="setup")
    corner = STEPS["duchy.corner"]
    assert corner.options(g, ("duchy.corner", 0)) == [("ud_corner", 3)]  # opposite (12.3.3)
    g = at([("duchy.corner", UD)], tokens={M: {1: ["keep"]}}, phase="setup")  # one choice
    s = 0
    assert g.warriors[s][3] == 2 and (s, "tunnel") in g.tokens[3]
    assert {c: g.warriors[s][c] for c in (6, 7, 11)} == {6: 2, 7: 2, 11: 2}
    assert g.warriors[s][B] == 0 and g.warrior_supply(s) == 20 - 8  # not in the Burrow
    assert ud(g).corner == 3 and Duchy().starting_corner(g, s) == 3
    f = g.view(UD)["players"][UD]["faction"]
    assert f["buildings_on_track"] == {"citadel": 3, "market": 3}  # 12.3.4
    assert f["unswayed"] == list(MINISTERS) and f["swayed"] == []  # 12.3.5
    assert f["crowns_on_board"] == {"squire": 3, "noble": 3, "lord": 3}  # 12.3.6
    assert f["tunnels_in_supply"] == 2


def test_12_3_3_not_another_starting_corner_and_the_keep_blocks() -> None:
    g = at([("duchy.corner", UD)], phase="setup", factions=(UD, M, E),
           tokens={M: {1: ["keep"]}}, corner=3)  # the Eyrie started opposite the keep
    assert set(options(g)) == {("ud_corner", 2), ("ud_corner", 4)}  # none opposite free
    g = at([("duchy.corner", UD)], phase="setup", stop=True)
    assert len(options(g)) == 4
    # the keep stops the warriors placed next to the corner (6.2.2)
    g = at([("duchy.corner", UD)], phase="setup", tokens={M: {10: ["keep"]}}, stop=True)
    play(g, ("ud_corner", 1))
    assert g.warriors[0][10] == 0 and g.warriors[0][5] == 2 and g.warriors[0][9] == 2


def test_12_3_new_game_with_the_duchy() -> None:
    g = rootlaw.new_game([M, E, UD], seed=4)
    rnd = random.Random(0)
    while g.phase == "setup":
        o = g.decision.options
        g.apply(o[rnd.randrange(len(o))])
    s = g.seat_of(UD)
    corner = ud(g).corner
    others = {g.fdefs[o].starting_corner(g, o) for o in g.others(s)}
    assert corner in g.board.corners and corner not in others
    assert g.count_token(s, "tunnel") == 1 and g.adjacent(B) == (corner,)


# ============================================================= 12.4 Birdsong
def test_12_4_recruit_in_the_burrow_by_citadels() -> None:
    assert RECRUIT == (1, 2, 4, 6)
    for n in range(4):
        g = at([("duchy.recruit", UD)], phase="birdsong",
               buildings={UD: {c: ["citadel"] for c in (1, 2, 3)[:n]}})
        assert g.warriors[0][B] == RECRUIT[n]
    g = at([("duchy.recruit", UD)], phase="birdsong", warriors={UD: {5: 19}},
           buildings={UD: {1: ["citadel"], 2: ["citadel"], 3: ["citadel"]}})
    assert g.warriors[0][B] == 1  # as many as the supply holds (1.5.4)


# ============================================================ 12.5 Daylight
def test_12_5_1_assembly_two_actions_build_by_revealing() -> None:
    g = at([("duchy.assembly", UD, 2)], warriors={UD: {1: 2, 2: 1}, M: {2: 1}},
           hands={UD: ["anvil", "ambush_bird", "bake_sale"]})
    assert ("action", "build") in options(g)
    play(g, ("action", "build"))
    builds = options(g)
    assert ("build", "citadel", 1) in builds and ("build", "market", 1) in builds
    assert not [o for o in builds if o[2] == 2]  # 2 is not ruled (a tie)
    play(g, ("build", "market", 1))
    assert options(g) == [("ud_reveal", "anvil"), ("ud_reveal", "ambush_bird")]  # bird: wild
    play(g, ("ud_reveal", "anvil"))
    assert (0, "market") in g.buildings[1] and ud(g).revealed == ("anvil",)
    assert "anvil" not in g.hands[0] and g.view(M)["players"][UD]["faction"]["revealed"] == [
        "anvil"]  # revealed: public
    assert not scored(g, UD)  # the buildings tracks score nothing
    play(g, ("action", "recruit"))
    assert g.warriors[0][B] == 1
    assert g.decision.kind == "pause"  # two actions taken: Assembly is over


def test_12_5_1_move_and_battle_from_and_to_the_burrow() -> None:
    g = at([("duchy.assembly", UD, 2)], warriors={UD: {B: 3}, M: {1: 2}},
           tokens={UD: {1: ["tunnel"]}}, forced=[["dice", [1, 0]]])
    assert move_pairs(g, 0) == [(B, 1)]  # the Duchy rules the Burrow (4.2.1)
    play(g, ("action", "move"))  # the one move: how many warriors?
    assert options(g) == [("warriors", k) for k in (1, 2, 3)]
    play(g, ("warriors", 3), ("action", "battle"))  # the one battle
    assert g.warriors[1][1] == 1


def test_12_5_1_v_dig_spends_a_matching_card_and_moves_up_to_four() -> None:
    g = at([("duchy.assembly", UD, 2)], warriors={UD: {B: 6}, M: {7: 3}},
           tokens={UD: {1: ["tunnel"]}}, hands={UD: ["anvil", "bake_sale"]})
    play(g, ("action", "dig"))
    digs = options(g)
    assert ("ud_dig", 1) not in digs  # already a tunnel
    assert {o[1] for o in digs} == {6, 8, 12, 3, 4, 5, 10}  # fox or rabbit clearings
    assert_illegal(g, ("ud_dig", 7))  # mouse: no matching card; no rule needed elsewhere
    play(g, ("ud_dig", 12))
    assert g.discard == ["anvil"] and (0, "tunnel") in g.tokens[12]
    assert g.adjacent(B) == (1, 12)
    assert options(g) == [("ud_dig_move", k) for k in range(5)]
    play(g, ("ud_dig_move", 4))
    assert g.warriors[0][12] == 4 and g.warriors[0][B] == 2


def test_tunnels_and_the_keep() -> None:
    g = at([("duchy.assembly", UD, 2)], warriors={UD: {B: 6, 5: 2}, M: {1: 1}},
           tokens={M: {1: ["keep"]}, UD: {10: ["tunnel"]}},
           hands={UD: ["anvil", "foxfolk_steel"]})
    play(g, ("action", "dig"))
    assert ("ud_dig", 1) not in options(g)  # 6.2.2: no tunnel in the keep's clearing
    assert ("ud_dig", 6) in options(g)
    g = at([("duchy.move", UD, 1)], warriors={UD: {5: 2}, M: {1: 1}},
           tokens={M: {1: ["keep"]}})
    assert ("move", 5, 1) in options(g)  # moving there is no placing


def test_12_5_2_parliament_each_minister_once() -> None:
    g = at([("duchy.parliament", UD)],
           swayed=("earl_of_stone", "baron_of_dirt", "duchess_of_mud"),
           buildings={UD: {1: ["citadel"], 2: ["citadel"], 3: ["market"]}},
           tokens={UD: {4: ["tunnel"], 5: ["tunnel"]}})
    assert options(g, "ud_minister") == [("ud_minister", "earl_of_stone"),
                                         ("ud_minister", "baron_of_dirt")]  # 2 tunnels
    play(g, ("ud_minister", "earl_of_stone"), ("ud_minister", "baron_of_dirt"))
    assert scored(g, UD) == [(UD, 2, "earl_of_stone"), (UD, 1, "baron_of_dirt")]
    assert g.decision.kind == "pause"  # once each: nothing left, Parliament ended
    g = at([("duchy.parliament", UD)], swayed=("duchess_of_mud",),
           tokens={UD: {4: ["tunnel"], 5: ["tunnel"], 6: ["tunnel"]}})
    play(g, ("ud_minister", "duchess_of_mud"))
    assert scored(g, UD) == [(UD, 2, "duchess_of_mud")]


def test_12_5_2_i_foremole_reveals_any_card_to_build_in_any_ruled_clearing() -> None:
    g = at([("duchy.parliament", UD)], swayed=("foremole",), warriors={UD: {1: 1, B: 2}},
           hands={UD: ["bake_sale"]})
    play(g, ("ud_minister", "foremole"))
    assert options(g) == [("build", "citadel", 1), ("build", "market", 1)]  # not the Burrow
    play(g, ("build", "citadel", 1))  # rabbit card, fox clearing: one card, no choice
    assert (0, "citadel") in g.buildings[1] and ud(g).revealed == ("bake_sale",)


def test_12_5_2_ii_to_iv_captain_marshal_brigadier() -> None:
    g = at([("duchy.parliament", UD)], swayed=("captain", "marshal", "brigadier"),
           warriors={UD: {1: 4, B: 2}, M: {1: 1, 9: 1}}, tokens={UD: {1: ["tunnel"]}},
           forced=[["dice", [0, 0]]] * 3)
    play(g, ("ud_minister", "marshal"))
    assert ("move", B, 1) in options(g) and ("end_march",) not in options(g)
    play(g, ("move", B, 1), ("warriors", 2), ("ud_minister", "brigadier"))
    assert options(g) == [("ud_brigadier", "moves"), ("ud_brigadier", "battles")]
    play(g, ("ud_brigadier", "battles"))  # the one battle there is, then:
    assert options(g) == [("battle", 1, M), ("end_battles",)]  # the second may be declined
    play(g, ("battle", 1, M), ("ud_minister", "captain"))
    assert g.decision.kind == "pause" and len(notes(g, "r")) == 0
    assert [e for e in g.log if e[0] == "f" and e[1] == "dice"] == [("f", "dice", [0, 0])] * 3
    g = at([("duchy.brigadier", UD)], warriors={UD: {1: 4}})  # no battle: moves, at once
    play(g, ("move", 1, 5), ("warriors", 1))
    assert ("end_march",) in options(g)
    play(g, ("move", 1, 9), ("warriors", 1))
    assert g.warriors[0][5] == 1 and g.warriors[0][9] == 1


def test_12_5_2_v_banker_spends_one_suit_birds_wild() -> None:
    g = at([("duchy.parliament", UD)], swayed=("banker",),
           hands={UD: ["anvil", "root_tea_fox", "ambush_bird", "bake_sale"]})
    play(g, ("ud_minister", "banker"))
    assert options(g) == [("ud_bank_suit", "fox"), ("ud_bank_suit", "rabbit"),
                          ("ud_bank_suit", "mouse")]  # mouse: the bird alone
    play(g, ("ud_bank_suit", "fox"))
    assert ("done",) not in options(g)  # at least one card
    play(g, ("ud_bank", "anvil"), ("ud_bank", "ambush_bird"))
    assert options(g) == [("ud_bank", "root_tea_fox"), ("done",)]
    play(g, ("done",))
    assert scored(g, UD) == [(UD, 2, "banker")] and g.hands[0] == ["root_tea_fox", "bake_sale"]


def test_12_5_2_vi_mayor_copies_a_noble_or_squire_not_a_lord() -> None:
    g = at([("duchy.parliament", UD)], swayed=("mayor", "banker", "earl_of_stone", "marshal"),
           buildings={UD: {1: ["citadel"]}}, warriors={UD: {1: 2}}, hands={UD: ["anvil"]},
           used=("banker",))
    play(g, ("ud_minister", "mayor"))
    assert options(g) == [("ud_mayor", "banker"), ("ud_mayor", "marshal")]
    play(g, ("ud_mayor", "banker"))  # one card, one suit: no more choices
    assert scored(g, UD) == [(UD, 1, "banker")]
    assert ud(g).used == ("banker", "mayor")
    assert ("ud_minister", "marshal") in options(g)  # copied, not used
    assert ("ud_minister", "mayor") not in options(g)


def test_12_5_3_sway_needs_a_crown_and_distinct_matching_clearings() -> None:
    g = at([("duchy.sway", UD)], warriors={UD: {1: 1, 6: 1, 2: 1}},
           hands={UD: ["anvil", "root_tea_fox", "foxfolk_steel", "mouse_in_a_sack"]})
    sways = options(g, "ud_sway")
    assert {o[1] for o in sways} == {"foremole", "captain", "marshal", "brigadier", "banker",
                                     "mayor"}  # three clearings: no lord (four cards)
    play(g, ("ud_sway", "brigadier"))
    assert options(g) == [("ud_reveal", "anvil"), ("ud_reveal", "root_tea_fox"),
                          ("ud_reveal", "foxfolk_steel"), ("ud_reveal", "mouse_in_a_sack")]
    play(g, ("ud_reveal", "anvil"))
    assert options(g) == [("ud_reveal", "root_tea_fox"), ("ud_reveal", "foxfolk_steel"),
                          ("ud_reveal", "mouse_in_a_sack")]
    play(g, ("ud_reveal", "root_tea_fox"))  # two fox clearings only: the mouse card follows
    fs = ud(g)
    assert fs.revealed == ("anvil", "root_tea_fox", "mouse_in_a_sack")
    assert fs.swayed == ("brigadier",) and fs.crowns == (3, 2, 3)
    assert scored(g, UD) == [(UD, CROWN_VP[1], "sway")] and CROWN_VP == (1, 2, 3)
    assert g.hands[0] == ["foxfolk_steel"]
    assert g.decision.kind == "pause"  # one minister per turn


def test_12_5_3_birds_are_wild_the_burrow_counts_nothing_and_crowns_run_out() -> None:
    g = at([("duchy.sway", UD)], warriors={UD: {1: 1, B: 5}},
           hands={UD: ["ambush_bird", "sappers"]})
    assert not options(g, "ud_sway")  # one suited clearing with a piece: one card only
    g = at([("duchy.sway", UD)], warriors={UD: {1: 1, 2: 1}},
           hands={UD: ["ambush_bird", "sappers"]})
    assert {o[1] for o in options(g, "ud_sway")} == {"foremole", "captain", "marshal"}
    g = at([("duchy.sway", UD)], warriors={UD: {1: 1, 2: 1}},  # the squires' crowns:
           hands={UD: ["ambush_bird", "sappers"]}, swayed=("captain",),  # one swayed, two
           before=lambda g: setattr(ud(g), "crowns", (0, 3, 3)))  # gone (12.2.3)
    assert not options(g, "ud_sway")


def test_12_6_1_revealed_birds_discarded_the_rest_returned() -> None:
    g = at([("duchy.return", UD)], phase="evening", hands={UD: ["anvil"]},
           revealed=("ambush_bird", "bake_sale"), used=("captain",), swayed=("captain",))
    assert g.hands[0] == ["anvil", "bake_sale"] and g.discard == ["ambush_bird"]
    assert ud(g).revealed == () and ud(g).used == ()


def test_12_6_3_draw_one_plus_one_per_market_then_discard_down() -> None:
    g = at([("duchy.draw", UD), ("discard_down", UD)], phase="evening",
           buildings={UD: {1: ["market"], 2: ["market"]}},
           hands={UD: ["anvil", "bake_sale", "sappers"]}, stop=False)
    assert len(g.hands[0]) == 6 and g.decision.kind == "discard"


# ================================================================ interactions
def test_hidden_hand_revealed_cards_public() -> None:
    g = at([], hands={UD: ["anvil", "bake_sale"], M: ["sappers"]}, revealed=("ambush_bird",))
    view = g.view(M)
    assert "hand" not in view["players"][UD] and view["players"][UD]["hand_size"] == 2
    assert view["players"][UD]["faction"]["revealed"] == ["ambush_bird"]
    c = g.copy()
    c.hands[0] = ["sappers", "anvil"]
    c.hands[1] = ["bake_sale"]
    assert c.view(M)["players"][UD] == view["players"][UD]


def test_save_load_and_unknown_state_refused() -> None:
    g = at([("duchy.sway", UD)], warriors={UD: {1: 1, 2: 1}}, swayed=("captain",),
           hands={UD: ["ambush_bird", "sappers"]}, tokens={UD: {1: ["tunnel"]}})
    again = Game.from_json(g.to_json())
    assert again.to_json() == g.to_json() and again.adjacent(B) == (1,)
    bad = g.to_dict()
    bad["fstate"][0]["swayed"] = ["nobody"]
    import json

    import pytest

    with pytest.raises(rootlaw.LoadError):
        Game.from_json(json.dumps(bad))


def test_every_minister_has_a_rank_and_the_data() -> None:
    assert len(MINISTERS) == 9 and sorted(RANK_OF.values()) == [0, 0, 0, 1, 1, 1, 2, 2, 2]


def test_a_bot_battle_removes_duchy_buildings_and_tunnels_one_price() -> None:
    """Rootbotics bots battle the Duchy like anyone: hits remove buildings and tunnels
    (the Duchy chooses which, 4.3.4), the bot scores each (3.2.1), one Price of Failure."""
    mm = "mechanical_marquise"
    g = build([UD, mm], warriors={mm: {5: 4}}, step=("mmarquise.battles", mm, (5,)),
              buildings={UD: {5: ["citadel", "market"]}}, tokens={UD: {5: ["tunnel"]}},
              hands={UD: ["anvil"]}, turn=mm, phase="daylight",
              forced=[["dice", [3, 0]]])
    while g.decision.kind == "take_hit":
        assert g.decision.seat == UD
        play(g, options(g)[-1])
    assert not g.faction_pieces(0, 5) and g.adjacent(B) == ()
    assert scored(g, mm) == [(mm, 3, "removal")]
    assert len(notes(g, "price_of_failure")) == 1 and g.hands[0] == []
