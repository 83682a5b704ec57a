"""Law of Root, 8: Woodland Alliance.

Fall map: clearing suits 1 fox, 2 mouse, 3 rabbit, 4 rabbit, 5 rabbit, 6 fox, 7 mouse,
8 fox, 9 mouse, 10 rabbit, 11 mouse, 12 fox. Paths: 1-5, 1-9, 1-10, 2-5, 2-6, 2-10,
3-6, 3-7, 3-11, 4-8, 4-9, 4-12, 6-11, 7-8, 7-12, 9-12, 10-12, 11-12.
"""
from __future__ import annotations

import json
import os
import random
from collections import Counter
from collections.abc import Iterable
from typing import Any

import pytest

import rootlaw
from rootlaw.core.game import Game
from rootlaw.core.steps import Step
from rootlaw.factions.alliance import (
    CAPACITY,
    SPREAD_COST,
    SYMPATHY_VP,
    AllianceState,
)
from tests.builder import assert_illegal, build, options, pause_step, play, scored, step_name

M, E, A = "marquise", "eyrie", "alliance"
PARK = "test.alliance_park"
EVENING_REST = [("alliance.draw", A), ("discard_down", A)]  # 8.6.2 after operations


pause_step(PARK, "park")


def game(factions: Iterable[str] = (M, A), *, supporters: Iterable[str] = (),
         officers: int = 0, step: Step, more: Iterable[Step] = (), phase: str = "birdsong",
         turn: str | None = None, **kw: Any) -> Game:
    """tests.builder.build, with the Alliance's Supporters stack and officers; ``more``
    steps follow ``step``."""
    who = turn if turn is not None else step[1]
    return build(factions, steps=[step, *more], turn=who, phase=phase,
                 alliance={"supporters": supporters, "officers": officers}, **kw)


def fs(g: Game) -> AllianceState:
    st = g.fstate[g.seat_of(A)]
    assert isinstance(st, AllianceState)
    return st


def card_locations(g: Game) -> Counter[str]:
    """Every card of the shared deck, wherever it is (supporters through cards_held)."""
    where: Counter[str] = Counter(g.deck)
    where.update(g.discard)
    where.update(g.available)
    for s in range(len(g.factions)):
        where.update(g.hands[s])
        where.update(g.played[s])
        where.update(g.fdefs[s].cards_held(g, s))
        dom = g.dominance[s]
        if dom is not None:
            where[dom] += 1
    if g.battle is not None and g.battle.ambush:
        where[g.battle.ambush] += 1  # played, not yet discarded (4.3.1.II)
    return where


def expected_cards(g: Game) -> Counter[str]:
    cards = Counter(g.deckdef.contents)
    if len(g.factions) == 2:  # 5.1.3
        for cid in list(cards):
            if g.card(cid).kind == "dominance":
                del cards[cid]
    return cards


def cards_complete(g: Game) -> None:
    assert card_locations(g) == expected_cards(g), "cards appeared or vanished"


def pieces_within_limits(g: Game) -> None:
    for s, fd in enumerate(g.fdefs):
        assert all(w >= 0 for w in g.warriors[s]) and g.warrior_supply(s) >= 0
        for kind, limit in {**fd.buildings, **fd.tokens}.items():
            assert g.count_building(s, kind) <= limit, f"too many {kind}"
    for c in g.clearings():
        assert len(g.buildings[c]) <= g.board.slots[c], f"clearing {c} over its slots"
        assert sum(1 for p in g.tokens[c] if p[1] == "sympathy") <= 1  # 8.2.5.I


def scores_match_log(g: Game) -> None:
    total: Counter[str] = Counter()
    for e in g.log:
        if e[0] == "s":
            total[e[1]] += e[2]
    for f in g.factions:
        assert g.scores[f] == total[f], f"{f}'s score is not the sum of its scoring events"


# --------------------------------------------------------------------- 8.3
def test_8_3_setup() -> None:
    """8.3: 10 warriors in supply, bases and sympathy off the map, 3 supporters drawn."""
    g = rootlaw.new_game([M, E, A], seed=4)
    while g.turn_no == 0:
        g.apply(g.decision.options[0])
    a = g.seat_of(A)
    assert len(fs(g).supporters) == 3 and fs(g).officers == 0
    assert len(g.hands[a]) == 3  # 5.1.3 starting hand as well
    assert sum(g.warriors[a]) == 0 and g.warrior_supply(a) == 10
    assert not any(p[0] == a for c in g.clearings() for p in g.buildings[c] + g.tokens[c])
    view = g.view(A)["players"][A]["faction"]
    assert view["bases_on_track"] == ["fox", "rabbit", "mouse"]
    assert view["sympathy_on_track"] == 10 and view["officers"] == 0
    cards_complete(g)


def test_8_3_three_players_keep_dominance_cards() -> None:
    """5.1.3: with three players the four dominance cards stay in the deck."""
    g = rootlaw.new_game([M, E, A], seed=1)
    doms = [c for c in expected_cards(g) if g.card(c).kind == "dominance"]
    assert len(doms) == 4
    cards_complete(g)
    g2 = rootlaw.new_game([E, A], seed=1)
    assert not [c for c in expected_cards(g2) if g2.card(c).kind == "dominance"]


# ------------------------------------------------------------------- 8.2.1
def test_8_2_1_crafts_with_sympathy_tokens() -> None:
    """8.2.1: sympathy tokens are the crafting pieces (two fox: Foxfolk Steel)."""
    g = game(tokens={A: {8: ["sympathy"], 12: ["sympathy"]}},
             hands={A: ["foxfolk_steel", "bake_sale"]}, step=("alliance.daylight", A),
             phase="daylight")
    assert options(g, "craft") == [("craft", "foxfolk_steel", ())]
    g.apply(("craft", "foxfolk_steel", ()))
    assert g.items[1] == ["sword"] and g.vp[1] == 2 and not options(g, "craft")
    assert step_name(g) == "alliance.daylight"  # crafting is one Daylight action of many


# ------------------------------------------------------------------- 8.2.2
def test_8_2_2_guerrilla_war_defender_deals_higher_roll() -> None:
    """8.2.2: the Alliance as defender deals the higher roll, the attacker the lower."""
    g = game(warriors={M: {5: 3}, A: {5: 3}}, step=("marquise.actions", M, 3),
             phase="daylight", forced=[["dice", [3, 1]]])
    play(g, ("action", "battle"))
    assert g.warriors[0][5] == 0 and g.warriors[1][5] == 2


def test_8_2_2_alliance_attacker_deals_higher_roll_as_usual() -> None:
    """4.3.2: as attacker the Alliance deals the higher roll too."""
    g = game(warriors={M: {5: 3}, A: {5: 3}}, officers=1,
             step=("alliance.operations", A, 0), phase="evening", forced=[["dice", [1, 3]]])
    play(g, ("operation", "battle"))
    assert g.warriors[0][5] == 0 and g.warriors[1][5] == 2


def test_8_2_2_guerrilla_war_capped_by_warriors() -> None:
    """4.3.2.I still applies: two Alliance warriors deal at most two rolled hits."""
    g = game(warriors={M: {5: 4}, A: {5: 2}}, step=("marquise.actions", M, 3),
             phase="daylight", forced=[["dice", [0, 3]]])
    play(g, ("action", "battle"))
    assert g.warriors[0][5] == 2 and g.warriors[1][5] == 2


# ------------------------------------------------------------------- 8.2.3
def test_8_2_3_supporters_spent_only_for_their_suit() -> None:
    """8.2.3: rabbit supporters cannot pay for a fox revolt; birds are wild (2.1.1)."""
    g = game(tokens={A: {8: ["sympathy"]}}, supporters=["bake_sale", "a_visit_to_friends"],
             hands={A: ["anvil", "foxfolk_steel"]}, step=("alliance.revolts", A))
    assert step_name(g) != "alliance.revolts"  # nothing to revolt with: menu skipped
    g = game(tokens={A: {8: ["sympathy"]}}, supporters=["anvil", "birdy_bindle"],
             step=("alliance.revolts", A))
    assert options(g, "revolt") == [("revolt", 8)]


def test_8_2_3_supporters_do_not_count_against_hand_size() -> None:
    """8.2.3: with five cards in hand and five supporters, nothing is discarded."""
    hand = ["anvil", "bake_sale", "sappers", "armorers", "cobbler"]
    g = game(hands={A: hand}, supporters=["investments", "sword_mouse", "mouse_in_a_sack",
                                          "root_tea_mouse", "crossbow_mouse"],
             step=("discard_down", A), phase="evening")
    assert g.hands[1] == hand and len(fs(g).supporters) == 5
    assert step_name(g) != "discard_down"


def test_8_2_3_supporters_are_face_down() -> None:
    """8.2.3: only the Alliance sees its supporters; others see how many there are."""
    sup = ["anvil", "birdy_bindle", "bake_sale"]
    g = game(warriors={M: {5: 1}}, supporters=sup, step=("marquise.actions", M, 3),
             phase="daylight")
    mine = g.view(A)["players"][A]["faction"]
    theirs = g.view(M)["players"][A]["faction"]
    public = g.view(None)["players"][A]["faction"]
    assert mine["supporters"] == sup and mine["supporters_count"] == 3
    assert theirs["supporters"] is None and theirs["supporters_count"] == 3
    assert public["supporters"] is None
    c = g.copy()  # other cards of the same number: the Marquise's view is unchanged
    fs(c).supporters = ("cobbler", "sappers", "armorers")
    assert c.view(M) == g.view(M) and c.view(A) != g.view(A)
    json.dumps(g.view(M))


def test_8_2_3_I_capacity_five_without_bases() -> None:
    """8.2.3.I: without bases, a sixth supporter is discarded (mobilize is still allowed)."""
    five = ["investments", "sword_mouse", "mouse_in_a_sack", "root_tea_mouse",
            "crossbow_mouse"]
    g = game(supporters=five, hands={A: ["anvil", "dominance_fox"]},
             step=("alliance.daylight", A), phase="daylight", factions=(M, E, A))
    g.apply(("mobilize", "anvil"))
    assert fs(g).supporters == tuple(five) and g.discard == ["anvil"] and g.hands[2] == [
        "dominance_fox"]
    g.apply(("mobilize", "dominance_fox"))  # 3.3.3: a discarded dominance card is available
    assert g.available == ["dominance_fox"]
    cards_complete(g)


def test_8_2_3_I_unlimited_with_a_base() -> None:
    """8.2.3.I: with any base on the map, the stack holds unlimited cards."""
    five = ["investments", "sword_mouse", "mouse_in_a_sack", "root_tea_mouse",
            "crossbow_mouse"]
    g = game(supporters=five, hands={A: ["anvil"]}, buildings={A: {2: ["base_mouse"]}},
             step=("alliance.daylight", A), phase="daylight")
    g.apply(("mobilize", "anvil"))
    assert len(fs(g).supporters) == 6 and "anvil" in fs(g).supporters and not g.discard


# ------------------------------------------------------------------- 8.2.4
def base_battle() -> Game:
    sup = ["anvil", "birdy_bindle", "bake_sale", "a_visit_to_friends", "smugglers_trail",
           "investments", "sword_mouse", "mouse_in_a_sack"]
    return game(warriors={M: {8: 2}}, buildings={A: {8: ["base_fox"]}},
                tokens={A: {8: ["sympathy"]}}, supporters=sup, officers=3,
                hands={M: ["foxfolk_steel"]},
                step=("marquise.actions", M, 3), phase="daylight",
                forced=[["dice", [2, 1]]])


def test_8_2_4_removing_a_base() -> None:
    """8.2.4: supporters of the base's suit (birds too) are discarded, half the officers
    (rounded up) removed; no bases left and more than five supporters: discard to five."""
    g = base_battle()
    play(g, ("action", "battle"))
    # 2 rolled + 1 defenseless: both pieces go; the Alliance chooses the order
    assert g.decision.seat == A and set(options(g)) == {("hit", 1, "base_fox"),
                                                        ("hit", 1, "sympathy")}
    g.apply(("hit", 1, "base_fox"))
    assert g.vp[0] == 2 and g.buildings[8] == () and g.tokens[8] == ()
    # the anvil (fox) and the birdy bindle (bird) are gone; 3 officers -> 1
    assert "anvil" not in fs(g).supporters and "birdy_bindle" not in fs(g).supporters
    assert fs(g).officers == 1 and g.warrior_supply(1) == 9
    assert g.decision.seat == A and g.decision.kind == "discard"
    assert len(options(g, "discard_supporter")) == 6
    g.apply(("discard_supporter", "investments"))
    assert len(fs(g).supporters) == 5
    # then Outrage for the sympathy: the Marquise's only fox card is added to the
    # stack, which is full again (8.2.3.I), so it is discarded
    assert "foxfolk_steel" in g.discard and g.hands[0] == []
    assert step_name(g) == "marquise.actions"
    cards_complete(g)


def test_8_2_4_officers_rounded_up() -> None:
    """8.2.4: half the officers, rounded up, are removed (1 -> 0, 2 -> 1, 5 -> 2)."""
    for before, after in ((1, 0), (2, 1), (5, 2), (0, 0)):
        g = game(warriors={M: {8: 2}, A: {2: 1}}, buildings={A: {8: ["base_fox"], 2: [
            "base_mouse"]}}, officers=before, step=("marquise.actions", M, 3),
            phase="daylight", forced=[["dice", [2, 1]]])
        play(g, ("action", "battle"))
        assert fs(g).officers == after


def test_8_2_4_no_discard_down_while_a_base_remains() -> None:
    """8.2.4: with another base still on the map, the stack keeps more than five."""
    sup = ["bake_sale", "a_visit_to_friends", "smugglers_trail", "investments",
           "sword_mouse", "mouse_in_a_sack", "anvil"]
    g = game(warriors={M: {8: 2}}, buildings={A: {8: ["base_fox"], 2: ["base_mouse"]}},
             supporters=sup, officers=2, step=("marquise.actions", M, 3), phase="daylight",
             forced=[["dice", [2, 1]]])
    play(g, ("action", "battle"))
    assert len(fs(g).supporters) == 6 and "anvil" not in fs(g).supporters
    assert step_name(g) == "marquise.actions"


# ------------------------------------------------------------------- 8.2.5
def test_8_2_5_one_sympathy_per_clearing() -> None:
    """8.2.5.I: a sympathetic clearing takes no second token (spread or organize)."""
    g = game(tokens={A: {5: ["sympathy"]}}, supporters=["bake_sale", "a_visit_to_friends"],
             step=("alliance.spreads", A))
    assert 5 not in [o[1] for o in options(g, "spread")]
    g = game(tokens={A: {5: ["sympathy"]}}, warriors={A: {5: 2}}, officers=1,
             step=("alliance.operations", A, 0), phase="evening")
    assert ("operation", "organize") not in options(g)


def test_8_2_5_ten_tokens() -> None:
    """8.2.5: with all ten tokens on the map, none can be spread."""
    g = game(tokens={A: {c: ["sympathy"] for c in range(1, 11)}},
             supporters=["birdy_bindle", "arms_trader", "crossbow_bird", "woodland_runners"],
             step=("alliance.spreads", A))
    assert step_name(g) != "alliance.spreads"


# ------------------------------------------------------------------- 8.2.6
def test_8_2_6_outrage_when_moving_into_sympathy() -> None:
    """8.2.6: the Marquise moves into a sympathetic clearing and must add a matching card
    (or a bird) from hand to the Supporters stack: her decision."""
    g = game(warriors={M: {1: 2}}, tokens={A: {5: ["sympathy"]}},
             hands={M: ["bake_sale", "anvil", "ambush_bird"]},
             step=("marquise.actions", M, 3), phase="daylight")
    play(g, ("action", "march"), ("move", 1, 5), ("warriors", 1))
    d = g.decision
    assert d.seat == M and d.kind == "outrage" and d.rule == "8.2.6"
    assert set(options(g)) == {("outrage", "bake_sale"), ("outrage", "ambush_bird")}
    assert_illegal(g, ("outrage", "anvil"))
    g.apply(("outrage", "ambush_bird"))
    assert fs(g).supporters == ("ambush_bird",) and g.hands[0] == ["bake_sale", "anvil"]
    assert step_name(g) == "marquise.march"  # the march goes on
    play(g, ("move", 1, 5))  # each move into it outrages again
    assert g.hands[0] == ["anvil"] and fs(g).supporters == ("ambush_bird", "bake_sale")
    cards_complete(g)


def test_8_2_6_outrage_on_another_players_turn_is_the_movers_decision() -> None:
    """8.2.6: in a three-player game the Eyrie move in their Decree; the Eyrie choose."""
    g = game((M, E, A), warriors={E: {8: 3}, M: {1: 1}}, buildings={E: {8: ["roost"]}},
             tokens={A: {7: ["sympathy"]}}, hands={E: ["investments", "sword_mouse"]},
             step=("eyrie.decree", E, 1, ("fox",)), phase="daylight")
    play(g, ("decree_move", "fox", 8, 7), ("warriors", 2))
    assert g.decision.seat == E and g.decision.kind == "outrage"
    assert g.turn_seat == g.seat_of(E)
    g.apply(("outrage", "sword_mouse"))
    assert fs(g).supporters == ("sword_mouse",) and g.hands[1] == ["investments"]


def test_8_2_6_no_matching_card_shows_hand_and_alliance_draws() -> None:
    """8.2.6: with no matching card (nor a bird) the hand is shown to the Alliance, and
    the Alliance draws a card from the deck onto the Supporters stack."""
    g = game(warriors={M: {1: 2}}, tokens={A: {5: ["sympathy"]}}, hands={M: ["anvil"]},
             deck_top=["cobbler"], step=("marquise.actions", M, 3), phase="daylight")
    play(g, ("action", "march"), ("move", 1, 5), ("warriors", 2))
    assert g.hands[0] == ["anvil"] and fs(g).supporters == ("cobbler",)
    assert g.peeks == {1: {0: ["anvil"]}}
    assert g.view(A)["players"][A]["seen_hands"] == {M: ["anvil"]}
    assert "seen_hands" not in g.view(M)["players"][M]
    assert ("outrage_shown", M, A) in g.log
    cards_complete(g)


def test_8_2_6_outrage_draw_respects_capacity() -> None:
    """8.2.6 with 8.2.3.I: the drawn card is discarded if the stack is full."""
    five = ["investments", "sword_mouse", "mouse_in_a_sack", "root_tea_mouse",
            "crossbow_mouse"]
    g = game(warriors={M: {1: 2}}, tokens={A: {5: ["sympathy"]}}, hands={M: []},
             supporters=five, deck_top=["cobbler"], step=("marquise.actions", M, 3),
             phase="daylight")
    play(g, ("action", "march"), ("move", 1, 5), ("warriors", 2))
    assert fs(g).supporters == tuple(five) and g.discard == ["cobbler"]
    assert g.peeks == {1: {0: []}}


def test_8_2_6_outrage_when_removing_sympathy_in_battle() -> None:
    """8.2.6: the attacker removes a sympathy token (scoring 3.2.1) and outrage follows."""
    g = game(warriors={M: {5: 2}}, tokens={A: {5: ["sympathy"]}},
             hands={M: ["bake_sale", "a_visit_to_friends", "anvil"]},
             step=("marquise.actions", M, 3), phase="daylight", forced=[["dice", [0, 0]]])
    play(g, ("action", "battle"))  # defenseless: one hit removes the sympathy
    assert g.tokens[5] == () and g.vp[0] == 1
    assert g.decision.seat == M and g.decision.kind == "outrage"
    assert set(options(g)) == {("outrage", "bake_sale"), ("outrage", "a_visit_to_friends")}
    g.apply(("outrage", "bake_sale"))
    assert fs(g).supporters == ("bake_sale",)


def test_8_2_6_defender_removing_sympathy_is_outraged() -> None:
    """8.2.6: the Alliance attacks; the defending Marquise removes the sympathy token."""
    g = game(warriors={M: {5: 3}, A: {5: 1}}, tokens={A: {5: ["sympathy"]}}, officers=1,
             hands={M: ["bake_sale", "cobbler"]}, step=("alliance.operations", A, 0),
             phase="evening", forced=[["dice", [3, 2]]])
    play(g, ("operation", "battle"))
    assert g.warriors[1][5] == 0 and g.tokens[5] == () and g.vp[0] == 1
    assert g.decision.seat == M and g.decision.kind == "outrage"


def test_8_2_6_own_moves_cause_no_outrage() -> None:
    """8.2.6: only another player's moves cause outrage."""
    g = game(warriors={A: {1: 2}}, tokens={A: {5: ["sympathy"]}}, officers=2,
             step=("alliance.operations", A, 0), phase="evening")
    play(g, ("operation", "move"), ("move", 1, 5), ("warriors", 1))
    assert g.decision.kind == "action" and fs(g).supporters == ()


def test_8_2_6_outrage_from_favor_removal() -> None:
    """8.2.6: removing sympathy with a Favor card outrages the crafter."""
    g = game(warriors={M: {5: 1}}, buildings={M: {3: ["workshop"], 4: ["workshop"],
                                                   5: ["workshop"]}},
             tokens={A: {10: ["sympathy"]}}, hands={M: ["favor_of_the_rabbits", "cobbler",
                                                          "bake_sale"]},
             step=("craft", M), then="daylight", phase="daylight")
    g.apply(("craft", "favor_of_the_rabbits", ()))
    assert g.tokens[10] == () and g.vp[0] == 1
    assert g.decision.seat == M and g.decision.kind == "outrage"


# ------------------------------------------------------------------- 8.4.1
def test_8_4_1_revolt() -> None:
    """8.4.1: spend two matching supporters; remove all enemy pieces (scoring each
    building and token); place the base, one warrior per sympathetic clearing of its
    suit and one officer. Field Hospitals triggers for the removed Marquise warriors."""
    g = game(warriors={M: {8: 2, 1: 1}}, buildings={M: {8: ["sawmill"]}},
             tokens={M: {1: ["keep"], 8: ["wood"]}, A: {8: ["sympathy"], 12: ["sympathy"],
                                                         6: ["sympathy"], 5: ["sympathy"]}},
             supporters=["anvil", "birdy_bindle", "bake_sale"],
             hands={M: ["foxfolk_steel"], A: ["cobbler"]}, step=("alliance.revolts", A),
             more=[("alliance.spreads", A)], then="daylight")
    # fox clearings 6, 8, 12 (anvil + a bird); rabbit 5 (bake sale + the bird)
    assert set(options(g, "revolt")) == {("revolt", c) for c in (5, 6, 8, 12)}
    g.apply(("revolt", 8))  # the two fox-payable supporters: no choice
    assert g.buildings[8] == ((1, "base_fox"),) and g.tokens[8] == ((1, "sympathy"),)
    assert g.warriors[0][8] == 0 and g.warriors[1][8] == 3  # fox sympathy: 6, 8, 12
    assert fs(g).officers == 1 and g.warrior_supply(1) == 6
    assert g.vp[1] == 2 and scored(g, A) == [(A, 2, "removal")]
    assert fs(g).supporters == ("bake_sale",)
    # 6.2.3 Field Hospitals: the Marquise decides on the Alliance's turn
    assert g.decision.seat == M and g.decision.kind == "field_hospitals"
    g.apply(("field_hospitals", "foxfolk_steel"))
    assert g.warriors[0][1] == 3
    # nothing more to revolt; spreading costs 3 (4 on the map, 2 each) with one
    # rabbit supporter: Birdsong is over
    assert step_name(g) == "alliance.daylight"
    cards_complete(g)


def test_8_4_1_revolt_needs_the_base_on_the_board() -> None:
    """8.4.1.I: no revolt in a fox clearing once the fox base is on the map."""
    g = game(buildings={A: {12: ["base_fox"]}}, tokens={A: {8: ["sympathy"]}},
             supporters=["anvil", "birdy_bindle"], step=("alliance.revolts", A))
    assert not options(g, "revolt")


def test_8_4_1_revolt_needs_sympathy() -> None:
    """8.4.1.I: only a sympathetic clearing."""
    g = game(tokens={A: {7: ["sympathy"]}}, supporters=["anvil", "foxfolk_steel"],
             step=("alliance.revolts", A))
    assert step_name(g) != "alliance.revolts"


def test_8_4_1_revolt_removes_eyrie_roost_and_scores() -> None:
    """8.4.1.III: a roost and the Eyrie warriors are removed; one VP for the roost."""
    g = game((M, E, A), warriors={E: {5: 4}}, buildings={E: {5: ["roost"]}},
             tokens={A: {5: ["sympathy"]}},
             supporters=["bake_sale", "a_visit_to_friends", "smugglers_trail"],
             step=("alliance.revolts", A))
    g.apply(("revolt", 5))
    assert g.decision.kind == "spend_supporter"  # three rabbit cards for two: a choice
    play(g, ("supporter", "bake_sale"), ("supporter", "smugglers_trail"))
    assert g.warriors[1][5] == 0 and g.buildings[5] == ((2, "base_rabbit"),)
    assert g.vp[2] == 1 and g.warriors[2][5] == 1 and fs(g).officers == 1
    assert fs(g).supporters == ("a_visit_to_friends",)


def test_8_4_1_revolt_places_what_the_supply_holds() -> None:
    """1.5.4: warriors short: place as many as possible; the officer only if one is left."""
    g = game(warriors={A: {1: 6}}, tokens={A: {c: ["sympathy"] for c in (5, 3, 4, 10)}},
             officers=2, supporters=["bake_sale", "cobbler"], step=("alliance.revolts", A))
    g.apply(("revolt", 5))
    assert g.warriors[1][5] == 2 and fs(g).officers == 2 and g.warrior_supply(1) == 0


def test_8_4_revolts_then_spread() -> None:
    """8.4: all revolts come before spreading sympathy; no revolt after."""
    g = game(tokens={A: {8: ["sympathy"]}}, supporters=["anvil", "foxfolk_steel", "cobbler"],
             step=("alliance.revolts", A), more=[("alliance.spreads", A)])
    assert options(g, "revolt") and not options(g, "spread")
    g.apply(("done",))
    assert step_name(g) == "alliance.spreads" and not options(g, "revolt")
    assert_illegal(g, ("revolt", 8))


# ------------------------------------------------------------------- 8.4.2
def test_8_4_2_spread_anywhere_without_sympathy() -> None:
    """8.4.2.I: with no sympathetic clearings, any clearing (here: any fox one; not the
    keep's, 6.2.2)."""
    g = game(tokens={M: {1: ["keep"]}}, supporters=["anvil"], step=("alliance.spreads", A))
    assert options(g, "spread") == [("spread", 6, 1), ("spread", 8, 1), ("spread", 12, 1)]
    g.apply(("spread", 8, 1))
    assert g.tokens[8] == ((1, "sympathy"),) and g.vp[1] == SYMPATHY_VP[0] == 0
    assert fs(g).supporters == () and g.discard == ["anvil"]


def test_8_4_2_spread_adjacent_to_sympathy() -> None:
    """8.4.2.I: only unsympathetic clearings adjacent to a sympathetic one."""
    g = game(tokens={A: {8: ["sympathy"]}}, supporters=["bake_sale", "investments", "anvil"],
             step=("alliance.spreads", A))
    assert sorted(o[1] for o in options(g, "spread")) == [4, 7]


def test_8_4_2_cost_and_score_from_the_track() -> None:
    """8.4.2.II-III: cost and VP are those of the next sympathy space."""
    assert SPREAD_COST == (1, 1, 1, 2, 2, 2, 3, 3, 3, 3)
    assert SYMPATHY_VP == (0, 1, 1, 1, 2, 2, 3, 4, 4, 4)
    g = game(tokens={A: {8: ["sympathy"], 12: ["sympathy"], 6: ["sympathy"]}},
             supporters=["investments", "sword_mouse", "bake_sale"],
             step=("alliance.spreads", A))
    assert ("spread", 7, 2) in options(g) and ("spread", 4, 2) not in options(g)
    g.apply(("spread", 7, 2))
    assert g.vp[1] == 1 and fs(g).supporters == ("bake_sale",)
    assert sorted(g.discard) == ["investments", "sword_mouse"]


def test_8_4_2_martial_law() -> None:
    """8.4.2.II.a: one more supporter where another player has three or more warriors."""
    g = game(warriors={M: {7: 3, 4: 2}}, tokens={A: {8: ["sympathy"]}},
             supporters=["investments", "bake_sale"], step=("alliance.spreads", A))
    assert set(options(g, "spread")) == {("spread", 4, 1)}  # 7 would cost 2 mice
    g = game(warriors={M: {7: 3}}, tokens={A: {8: ["sympathy"]}},
             supporters=["investments", "birdy_bindle"], step=("alliance.spreads", A))
    assert ("spread", 7, 2) in options(g)
    g.apply(("spread", 7, 2))
    assert fs(g).supporters == ()


def test_8_4_2_martial_law_counts_one_player() -> None:
    """8.4.2.II.a: three warriors of one other player; two and one of two do not count."""
    g = game((M, E, A), warriors={M: {7: 2}, E: {7: 1}}, tokens={A: {8: ["sympathy"]}},
             supporters=["investments"], step=("alliance.spreads", A))
    assert ("spread", 7, 1) in options(g)


def test_8_4_2_supporter_choice() -> None:
    """8.4.2.II: with more matching supporters than the cost, the Alliance picks."""
    g = game(tokens={A: {8: ["sympathy"], 12: ["sympathy"], 6: ["sympathy"]}},
             supporters=["investments", "sword_mouse", "birdy_bindle"],
             step=("alliance.spreads", A))
    g.apply(("spread", 7, 2))
    assert g.decision.kind == "spend_supporter" and len(options(g)) == 3
    play(g, ("supporter", "birdy_bindle"), ("supporter", "investments"))
    assert fs(g).supporters == ("sword_mouse",) and g.tokens[7] == ((1, "sympathy"),)


# --------------------------------------------------------------------- 8.5
def test_8_5_2_mobilize() -> None:
    """8.5.2: any card from hand onto the Supporters stack, any number of times."""
    g = game(hands={A: ["anvil", "bake_sale"]}, step=("alliance.daylight", A),
             phase="daylight")
    play(g, ("mobilize", "anvil"), ("mobilize", "bake_sale"))
    assert fs(g).supporters == ("anvil", "bake_sale") and g.hands[1] == []


def test_8_5_3_train() -> None:
    """8.5.3: spend a card matching a base on the map (or a bird) for an officer."""
    g = game(buildings={A: {8: ["base_fox"]}}, hands={A: ["anvil", "bake_sale", "sappers"]},
             step=("alliance.daylight", A), phase="daylight")
    assert options(g, "train") == [("train", "anvil"), ("train", "sappers")]
    g.apply(("train", "anvil"))
    assert fs(g).officers == 1 and g.warrior_supply(1) == 9 and g.discard == ["anvil"]
    g = game(hands={A: ["anvil", "sappers"]}, step=("alliance.daylight", A),
             phase="daylight")
    assert not options(g, "train")  # no base on the map


def test_8_5_3_train_needs_a_warrior() -> None:
    """8.5.3 (rulings): with no warrior in the supply, Train is not offered."""
    g = game(buildings={A: {8: ["base_fox"]}}, warriors={A: {8: 8}}, officers=2,
             hands={A: ["anvil"]}, step=("alliance.daylight", A), phase="daylight")
    assert not options(g, "train")


def test_8_5_any_order_and_daylight_extras() -> None:
    """8.5: actions in any order and number; dominance activation is offered (3.3.1)."""
    g = game((M, E, A), vp={A: 10}, tokens={A: {8: ["sympathy"]}},
             buildings={A: {8: ["base_fox"]}},
             hands={A: ["dominance_mouse", "anvil", "crossbow_mouse", "cobbler"]},
             step=("alliance.daylight", A), phase="daylight")
    assert ("activate", "dominance_mouse") in options(g)
    play(g, ("train", "anvil"), ("craft", "crossbow_mouse", ()),
         ("activate", "dominance_mouse"))
    assert fs(g).officers == 1 and g.items[2] == ["crossbow"]
    assert g.dominance[2] == "dominance_mouse" and step_name(g) == "alliance.daylight"
    g.apply(("done",))
    assert step_name(g) != "alliance.daylight"


# --------------------------------------------------------------------- 8.6
def test_8_6_1_operations_up_to_officers() -> None:
    """8.6.1: as many actions as officers, then the Evening goes on (8.6.2)."""
    g = game(warriors={A: {8: 1, 5: 1}}, buildings={A: {8: ["base_fox"]}}, officers=2,
             tokens={A: {8: ["sympathy"]}}, step=("alliance.operations", A, 0),
             phase="evening", more=EVENING_REST)
    assert set(options(g)) == {("operation", "recruit"), ("operation", "organize"),
                               ("operation", "move"), ("done",)}
    g.apply(("operation", "recruit"))  # one base: placed at once
    assert g.warriors[1][8] == 2
    g.apply(("operation", "organize"))  # 5 is the only unsympathetic clearing
    assert g.warriors[1][5] == 0 and g.tokens[5] == ((1, "sympathy"),)
    assert g.vp[1] == SYMPATHY_VP[1] == 1
    assert step_name(g) != "alliance.operations"  # two officers, two actions


def test_8_6_1_no_officers_no_operations() -> None:
    g = game(warriors={A: {5: 1}}, step=("alliance.operations", A, 0), phase="evening")
    assert step_name(g) != "alliance.operations"


def test_8_6_1_move_and_battle() -> None:
    """8.6.1.I-II: one move, or a battle, per action."""
    g = game(warriors={A: {5: 2}, M: {1: 1}}, officers=3, step=("alliance.operations", A, 0),
             phase="evening", forced=[["dice", [2, 0]]])
    play(g, ("operation", "move"), ("move", 5, 1), ("warriors", 2))
    assert g.warriors[1][1] == 2 and g.stack[-1] == ("alliance.operations", 1, 1)
    play(g, ("operation", "battle"))
    assert g.warriors[0][1] == 0 and g.stack[-1] == ("alliance.operations", 1, 2)


def test_8_6_1_losing_officers_cuts_operations() -> None:
    """8.6.1 (rulings): the limit is the current number of officers."""
    g = game(warriors={A: {8: 1}, M: {8: 3}}, buildings={A: {8: ["base_fox"]}}, officers=2,
             step=("alliance.operations", A, 0), phase="evening", more=EVENING_REST,
             forced=[["dice", [3, 3]]])
    play(g, ("operation", "battle"))
    assert fs(g).officers == 1 and g.buildings[8] == ()
    assert step_name(g) != "alliance.operations"


def test_8_6_1_organize_scores_the_track() -> None:
    """8.6.1.IV: remove a warrior from an unsympathetic clearing, place and score."""
    syms = {c: ["sympathy"] for c in (1, 2, 3, 4, 6, 7)}
    g = game(warriors={A: {5: 1, 8: 1}}, tokens={A: syms}, officers=1,
             step=("alliance.operations", A, 0), phase="evening")
    play(g, ("operation", "organize"), ("organize", 8))
    assert g.vp[1] == SYMPATHY_VP[6] == 3 and g.warriors[1][8] == 0


def test_8_6_2_draw_one_plus_bases() -> None:
    """8.6.2: draw one plus one per base on the map; discard down to five."""
    g = game(buildings={A: {8: ["base_fox"], 2: ["base_mouse"]}},
             hands={A: ["anvil", "bake_sale", "cobbler"]},
             step=("alliance.operations", A, 0), phase="evening", more=EVENING_REST)
    assert len(g.hands[1]) == 6 and g.decision.kind == "discard"
    g = game(hands={A: ["anvil"]}, step=("alliance.operations", A, 0), phase="evening",
             more=EVENING_REST)
    assert len(g.hands[1]) == 2


# ------------------------------------------------------------- dominance 3p
def test_dominance_in_three_player_game() -> None:
    """3.3.1.I: the Alliance ruling three mouse clearings wins at the start of Birdsong."""
    g = game((M, E, A), dominance={A: "dominance_mouse"},
             warriors={A: {2: 1, 7: 1, 9: 1}, M: {5: 1}}, step=("turn", A))
    assert g.is_over and g.winners == [A] and g.win_reason == "dominance"


def test_save_load_mid_outrage() -> None:
    """The Alliance state and a pending Outrage decision survive save/load and copy."""
    g = game(warriors={M: {1: 2}}, tokens={A: {5: ["sympathy"]}}, officers=1,
             supporters=["anvil"], hands={M: ["bake_sale", "ambush_bird"]},
             step=("marquise.actions", M, 3), phase="daylight")
    play(g, ("action", "march"), ("move", 1, 5), ("warriors", 1))
    text = g.to_json()
    g2 = Game.from_json(text)
    assert g2.to_json() == text and g2.decision.options == g.decision.options
    c = g.copy()
    c.apply(("outrage", "bake_sale"))
    assert fs(g).supporters == ("anvil",) and fs(c).supporters == ("anvil", "bake_sale")


# ------------------------------------------------------------ random games
def _play(factions: list[str], seed: int) -> Game:
    rnd = random.Random(seed)
    g = rootlaw.new_game(factions, seed=seed)
    a = g.seat_of(A)
    n = 0
    while not g.is_over:
        assert n < 30_000, "the game did not end"
        cards_complete(g)
        pieces_within_limits(g)  # officers count against the ten warriors
        st = fs(g)
        if not any(g.count_building(a, k) for k in ("base_fox", "base_rabbit", "base_mouse")):
            assert len(st.supporters) <= CAPACITY or step_name(g).startswith("alliance.")
        if n % 97 == seed % 97:
            text = g.to_json()
            assert Game.from_json(text).to_json() == text
        opts = g.decision.options
        g.apply(opts[rnd.randrange(len(opts))])
        n += 1
    cards_complete(g)
    pieces_within_limits(g)
    scores_match_log(g)
    return g


# 200 by default; CI plays a sample (scripts/test), as the invariant suites do
ALLIANCE_GAMES = int(os.environ.get("ROOTLAW_ALLIANCE_GAMES", "200"))
ALLIANCE_BATCH = 25


@pytest.mark.parametrize("batch", range(max(1, ALLIANCE_GAMES // ALLIANCE_BATCH)))
def test_random_three_player_games(batch: int) -> None:
    """Random Marquise/Eyrie/Alliance games end, conserving cards and pieces."""
    for seed in range(batch * ALLIANCE_BATCH, (batch + 1) * ALLIANCE_BATCH):
        g = _play([M, E, A], seed)
        assert g.winners
        if seed % 25 == 0:
            assert Game.replay(g.setup, g.log).to_json() == g.to_json()


def test_random_two_player_eyrie_alliance_games() -> None:
    for seed in range(30):
        assert _play([E, A], seed).winners
