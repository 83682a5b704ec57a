"""Law of Root, 9: Vagabond.

Fall map: clearing suits 1 fox, 2 mouse, 3 rabbit, 4 rabbit, 5 rabbit, 6 fox, 7 mouse,
8 fox, 9 mouse, 10 rabbit, 11 mouse, 12 fox. Paths: 1-5, 1-9, 1-10, 2-5, 2-6, 2-10,
3-6, 3-7, 3-11, 4-8, 4-9, 4-12, 6-11, 7-8, 7-12, 9-12, 10-12, 11-12. Ruins: 6, 10, 11,
12. Forests (id: clearings): 1_2_5_10, 1_9_10_12, 2_6_10_11_12, 3_6_11, 3_7_11_12,
4_7_8_12, 4_9_12.

Item sides in assertions: (ready, exhausted, damaged face up, damaged face down).
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

import rootlaw
from rootlaw.core.game import FOREST, RUIN, Game
from rootlaw.factions.alliance import AllianceState
from rootlaw.factions.vagabond import CHARACTERS, QUESTS, RUIN_ITEMS
from tests.builder import assert_illegal, options, play, scored, step_name
from tests.rules.vagabond_position import (
    EVENING,
    FOREST_IDS,
    PARK,
    RUINS,
    V2,
    A,
    E,
    M,
    V,
    all_items,
    game,
    items,
    pawn,
    place,
    track,
    vs,
)

ACT = ("vagabond.actions", V)


def crafted(faction: str, *its: str) -> Callable[[Game], None]:
    """A setup callback: items in the faction's Crafted Items box, from the supply."""
    def put(g: Game) -> None:
        for i in its:
            g.supply[i] -= 1
            g.items[g.seat_of(faction)].append(i)
    return put


def alliance(g: Game) -> AllianceState:
    fs = g.fstate[g.seat_of(A)]
    assert isinstance(fs, AllianceState)
    return fs


def run_setup(factions: list[str], seed: int, picks: dict[str, tuple[str, str]]) -> Game:
    """Play a real setup (5.1): the first option for everyone but the Vagabonds, who
    take the (character, forest) given for them."""
    g = rootlaw.new_game(factions, seed=seed)
    while g.turn_no == 0:
        d = g.decision
        if d.kind == "character":
            g.apply(("character", picks[d.seat][0]))
        elif d.kind == "setup_forest":
            g.apply(("forest", picks[d.seat][1]))
        else:
            g.apply(d.options[0])
    return g


# ---------------------------------------------------------------------- 9.3 setup
def test_9_3_setup() -> None:
    """9.3.1-9.3.6: character, pawn in a forest, three quests face up, one "R" item under
    each ruin, starting items face up (tracks for tea, coins, bags), Indifferent."""
    g = rootlaw.new_game([M, V], seed=3)
    while g.decision.kind != "character":
        g.apply(g.decision.options[0])
    assert g.decision.seat == V and g.decision.rule == "9.3.1"
    assert options(g) == [("character", c) for c in CHARACTERS]  # all nine (Appendix D)
    g.apply(("character", "tinker"))
    assert g.decision.kind == "setup_forest" and g.decision.rule == "9.3.2"
    assert options(g) == [("forest", f) for f in FOREST_IDS]  # any forest
    assert_illegal(g, ("forest", "5"))
    g.apply(("forest", "3_6_11"))
    assert pawn(g) == place(g, "3_6_11") >= FOREST
    # 9.3.3: three quests face up, the rest in the quest deck
    assert len(g.quests) == 3 and len(g.quest_deck) == len(QUESTS) - 3
    assert sorted(g.quests + g.quest_deck) == sorted(QUESTS)
    # 9.3.4: one "R" item under each of the four ruins, ruins still on the map
    assert [len(g.ruin_items[c]) for c in RUINS] == [1, 1, 1, 1]
    assert sorted(i for c in RUINS for i in g.ruin_items[c]) == sorted(RUIN_ITEMS)
    assert all((RUIN, "ruin") in g.buildings[c] for c in RUINS)
    assert sum(len(x) for x in g.ruin_items) == 4
    # the items are face down: a view shows only how many
    view = g.view(M)
    assert [cl["ruin_items"] for cl in view["clearings"] if cl["id"] in RUINS] == [1] * 4
    # 9.3.5: the Tinker's "S" items, face up; the bag on its track (9.2.5.I)
    assert items(g) == {"boots": (1, 0, 0, 0), "torch": (1, 0, 0, 0), "bag": (1, 0, 0, 0),
                        "hammer": (1, 0, 0, 0)}
    assert track(g, "bag") == 1
    # 9.3.6: every non-Vagabond faction Indifferent
    assert vs(g).relations == {M: 0}
    assert g.vp[g.seat_of(V)] == 0


def test_9_3_relationships_for_every_other_faction() -> None:
    """9.3.6: a relationship marker per non-Vagabond faction, all Indifferent."""
    g = run_setup([M, E, A, V], 5, {V: ("ranger", "4_9_12")})
    assert vs(g).relations == {M: 0, E: 0, A: 0}
    assert pawn(g) == place(g, "4_9_12")


# ------------------------------------------------------------------- 9.2.1 craft
def test_9_2_1_crafting_exhausts_hammers_of_the_clearing_suit() -> None:
    """9.2.1 / 9.5.8: hammers match the clearing (fox: 1); two fox hammers craft the
    Foxfolk Steel; the sword is taken face up and scores 2 (3.2.2)."""
    g = game(at=1, items={"hammer": 2, "boots": 1},
             hands={V: ["foxfolk_steel", "anvil", "root_tea_mouse"]}, step=ACT)
    assert set(options(g, "craft")) == {("craft", "foxfolk_steel", ()), ("craft", "anvil", ())}
    assert_illegal(g, ("craft", "root_tea_mouse", ()))  # a mouse cost in a fox clearing
    sword_supply = g.supply["sword"]
    g.apply(("craft", "foxfolk_steel", ()))
    assert items(g)["hammer"] == (0, 2, 0, 0)
    assert items(g)["sword"] == (1, 0, 0, 0)  # face up at once
    assert g.items[0] == []  # no Crafted Items box (9.2.5)
    assert g.supply["sword"] == sword_supply - 1 and "foxfolk_steel" in g.discard
    assert scored(g, V) == [(V, 2, "craft")]
    assert not options(g, "craft")  # no unexhausted hammer left
    assert step_name(g) == "vagabond.actions"


def test_9_2_1_hammers_take_the_suit_of_the_current_clearing() -> None:
    """9.2.1: the same hammer is a mouse piece in a mouse clearing (2)."""
    g = game(at=2, items={"hammer": 1}, hands={V: ["anvil", "root_tea_mouse"]}, step=ACT)
    assert options(g, "craft") == [("craft", "root_tea_mouse", ())]
    g.apply(("craft", "root_tea_mouse", ()))
    assert track(g, "tea") == 1 and g.vp[0] == 2  # a crafted tea goes to its track


def test_9_2_1_no_crafting_in_a_forest_or_with_exhausted_hammers() -> None:
    """9.2.1: in a forest his hammers match no clearing; exhausted hammers are not
    unexhausted."""
    g = game(at="1_2_5_10", items={"hammer": 3}, hands={V: ["anvil"]}, step=ACT)
    assert not options(g, "craft")
    g = game(at=1, items={"hammer": (0, 3, 0, 0)}, hands={V: ["anvil"]}, step=ACT)
    assert not options(g, "craft")
    assert_illegal(g, ("craft", "anvil", ()))


def test_9_2_1_crafting_a_persistent_card() -> None:
    """9.5.8: any card can be crafted with hammers (Sappers: one mouse)."""
    g = game(at=7, items={"hammer": 1, "boots": 1}, hands={V: ["sappers"]}, step=ACT)
    g.apply(("craft", "sappers", ()))
    assert g.played[0] == ["sappers"] and items(g)["hammer"] == (0, 1, 0, 0)


# ----------------------------------------------------------- 9.2.2 Lone Wanderer
def test_9_2_2_pawn_is_not_a_warrior_for_rule() -> None:
    """9.2.2: the pawn neither rules nor stops another from ruling (2.5)."""
    g = game(at=5, warriors={M: {5: 1}}, step=ACT)
    assert g.ruler(5) == g.seat_of(M)
    g = game(at=5, step=ACT)
    assert g.ruler(5) is None
    # the Marquise may march out of 5, which she rules despite the pawn (4.2.1)
    g = game(at=5, warriors={M: {5: 1}}, step=("marquise.actions", M, 3))
    play(g, ("action", "march"))
    assert ("move", 5, 1) in options(g)


def test_9_2_2_pawn_cannot_be_removed() -> None:
    """9.2.2 / 9.2.7: battered by hits, the pawn stays; extra hits are ignored and the
    attacker scores nothing for it."""
    g = game(at=5, items={"boots": 1, "torch": (0, 1, 0, 0)}, warriors={M: {5: 4}},
             step=("marquise.actions", M, 3), forced=[["dice", [3, 0]]])
    g.apply(("action", "battle"))
    # 3 rolled + 1 defenseless (no sword, 9.2.4) = 4 hits; he chooses what to damage
    assert g.decision.seat == V and g.decision.kind == "take_hit"
    assert set(options(g)) == {("damage", "boots", "ready"), ("damage", "torch", "exhausted")}
    g.apply(("damage", "torch", "exhausted"))
    assert pawn(g) == 5
    assert items(g) == {"boots": (0, 0, 1, 0), "torch": (0, 0, 0, 1)}
    assert g.vp[1] == 0 and g.warriors[1][5] == 4
    assert step_name(g) == "marquise.actions"


def test_9_2_2_pawn_entering_sympathy_is_no_outrage() -> None:
    """9.2.2 with 8.2.6: Outrage is for warriors moved in; the lone pawn is none."""
    g = game((V, A), at=1, items={"boots": 2, "torch": 1}, tokens={A: {5: ["sympathy"]}},
             hands={V: ["bake_sale"]}, step=ACT)
    g.apply(("v_move", 5))
    assert g.hands[0] == ["bake_sale"] and step_name(g) == "vagabond.actions"
    assert alliance(g).supporters == ()


def test_9_2_9_IIb_allied_warriors_moved_into_sympathy_outrage() -> None:
    """9.2.9.IIb with 8.2.6: the Vagabond moves the allied warriors: his Outrage."""
    g = game((V, A, M), at=1, items={"boots": 2, "torch": 1}, relations={M: 3},
             warriors={M: {1: 2}}, tokens={A: {5: ["sympathy"]}},
             hands={V: ["bake_sale", "anvil"], M: ["cobbler"]}, step=ACT)
    play(g, ("v_move", 5), ("ally_move", M, 1))
    # his only rabbit card goes to the Supporters stack (no choice to ask)
    assert alliance(g).supporters == ("bake_sale",) and g.hands[0] == ["anvil"]
    assert g.hands[2] == ["cobbler"] and g.warriors[2][5] == 1


def test_9_5_6_striking_sympathy_outrages() -> None:
    """9.5.6 with 8.2.6 and 3.2.1: striking a sympathy token scores 1 and outrages."""
    g = game((V, A), at=5, items={"crossbow": 1, "boots": 1}, tokens={A: {5: ["sympathy"]}},
             hands={V: ["anvil"]}, deck_top=["cobbler"], step=ACT)
    g.apply(("strike", A, "sympathy"))
    assert g.tokens[5] == () and scored(g, V) == [(V, 1, "removal")]
    # no rabbit card (nor bird) in hand: shown to the Alliance, who draw a supporter
    assert alliance(g).supporters == ("cobbler",) and g.peeks == {1: {0: ["anvil"]}}


# ----------------------------------------------------------- 9.2.2.I Full Removal
def test_9_2_2_I_favor_damages_three_items() -> None:
    """9.2.2.I: a Favor card removing all enemy pieces where the pawn stands: he damages
    three items of his choice and stays."""
    g = game(at=5, items={"sword": 1, "boots": (1, 1, 0, 0), "torch": 1},
             warriors={M: {3: 1}}, buildings={M: {3: ["workshop"], 4: ["workshop"],
                                                  10: ["workshop"]}},
             hands={M: ["favor_of_the_rabbits"]}, step=("craft", M), then="daylight")
    g.apply(("craft", "favor_of_the_rabbits", ()))
    assert g.decision.seat == V and g.decision.rule == "9.2.2.I"
    play(g, ("damage", "sword", "ready"), ("damage", "boots", "exhausted"),
         ("damage", "torch", "ready"))
    assert items(g) == {"sword": (0, 0, 1, 0), "boots": (1, 0, 0, 1), "torch": (0, 0, 1, 0)}
    assert pawn(g) == 5
    assert g.decision.seat == M


def test_9_2_2_I_favor_elsewhere_does_nothing() -> None:
    """9.2.2.I: only in a clearing of the removal (not a rabbit forest)."""
    g = game(at="1_2_5_10", items={"sword": 1, "boots": 2, "torch": 1},
             buildings={M: {3: ["workshop"], 4: ["workshop"], 10: ["workshop"]}},
             hands={M: ["favor_of_the_rabbits"]}, step=("craft", M), then="daylight")
    g.apply(("craft", "favor_of_the_rabbits", ()))
    assert items(g) == {"sword": (1, 0, 0, 0), "boots": (2, 0, 0, 0), "torch": (1, 0, 0, 0)}
    assert not [e for e in g.log if e[0] == "d" and e[1] == V]


def test_9_2_2_I_alliance_revolt_damages_what_he_has() -> None:
    """9.2.2.I: an Alliance revolt in his clearing; with two undamaged items he damages
    both (1.5.4: as many as possible)."""
    g = game((V, A), at=5, items={"boots": 1, "torch": (0, 1, 0, 0), "sword": (0, 0, 1, 0)},
             tokens={A: {5: ["sympathy"]}}, step=("alliance.revolts", A), more=[(PARK, A)],
             phase="birdsong", alliance={"supporters": ["bake_sale", "a_visit_to_friends"]})
    g.apply(("revolt", 5))
    assert g.decision.seat == V and g.decision.rule == "9.2.2.I"
    g.apply(("damage", "torch", "exhausted"))  # then the boots: the only one left
    assert items(g) == {"boots": (0, 0, 1, 0), "torch": (0, 0, 0, 1), "sword": (0, 0, 1, 0)}
    assert pawn(g) == 5 and g.buildings[5] == ((1, "base_rabbit"),)
    assert vs(g).relations == {A: 0}  # no warrior of his was removed


# ------------------------------------------------------------------ 9.2.3 Nimble
def test_9_2_3_nimble_moves_regardless_of_rule() -> None:
    """9.2.3: he moves between clearings both ruled by the Marquise (4.2.1 waived)."""
    g = game(at=1, items={"boots": 1}, warriors={M: {1: 2, 5: 1, 9: 1, 10: 1}}, step=ACT)
    assert set(options(g, "v_move")) == {("v_move", 5), ("v_move", 9), ("v_move", 10)}
    g.apply(("v_move", 5))
    assert pawn(g) == 5 and items(g)["boots"] == (0, 1, 0, 0)


# ------------------------------------------------------------- 9.2.4 Defenseless
def test_9_2_4_defenseless_without_undamaged_swords() -> None:
    """9.2.4 / 4.3.3.II: a damaged sword does not count: one extra hit."""
    g = game(at=5, items={"sword": (0, 0, 1, 0), "boots": 2, "torch": 1},
             warriors={M: {5: 2}}, step=("marquise.actions", M, 3), forced=[["dice", [1, 0]]])
    g.apply(("action", "battle"))
    play(g, ("damage", "boots", "ready"), ("damage", "torch", "ready"))  # 1 + 1 hits
    assert items(g) == {"sword": (0, 0, 1, 0), "boots": (1, 0, 1, 0), "torch": (0, 0, 1, 0)}
    assert step_name(g) == "marquise.actions"


def test_9_2_4_an_exhausted_sword_defends() -> None:
    """9.2.4: an exhausted (face-down) sword is undamaged: not defenseless."""
    g = game(at=5, items={"sword": (0, 1, 0, 0), "boots": 2, "torch": 1},
             warriors={M: {5: 2}}, step=("marquise.actions", M, 3), forced=[["dice", [1, 0]]])
    g.apply(("action", "battle"))
    g.apply(("damage", "boots", "ready"))  # one hit only
    assert items(g) == {"sword": (0, 1, 0, 0), "boots": (1, 0, 1, 0), "torch": (1, 0, 0, 0)}
    assert step_name(g) == "marquise.actions"


# ---------------------------------------------------------------- 9.2.5 items
def test_9_2_5_I_tracks_hold_three() -> None:
    """9.2.5.I: tea, coins and bags go on their tracks, three at most; a fourth waits in
    the Satchel (it counts toward the item limit, 9.6.4)."""
    g = game(at="1_2_5_10", items={"bag": 4, "coins": 2, "tea": 1, "boots": 1}, step=ACT)
    assert (track(g, "bag"), track(g, "coins"), track(g, "tea")) == (3, 2, 1)
    assert g.view(M)["players"][V]["faction"]["on_tracks"] == {"tea": 1, "coins": 2, "bag": 3}


def test_9_2_5_exhausting_a_tracked_item_moves_it_to_the_satchel() -> None:
    """9.5 / 9.2.5: an exhausted coin leaves its track (draws one card fewer, 9.6.2)."""
    g = game(at=5, items={"coins": 2, "boots": 1}, warriors={M: {5: 1}},
             hands={V: ["bake_sale"]}, step=ACT, more=EVENING)
    play(g, ("aid", M, "bake_sale"), ("exhaust", "coins"))
    assert track(g, "coins") == 1 and items(g)["coins"] == (1, 1, 0, 0)
    g.apply(("v_end",))
    assert len(g.hands[0]) == 2  # one plus one coin still on the track


# ---------------------------------------------------------- 9.2.6 rolled hits
def test_9_2_6_maximum_rolled_hits_are_undamaged_swords() -> None:
    """9.2.6: rolled hits are capped by undamaged swords, face up or face down (the one
    exhausted to battle counts); a damaged sword does not."""
    g = game(at=5, items={"sword": (1, 1, 1, 0)}, warriors={M: {5: 5}}, step=ACT,
             forced=[["dice", [3, 0]]])
    g.apply(("v_battle", 5, M, ""))
    assert g.warriors[1][5] == 3  # two hits, not three
    assert items(g) == {"sword": (0, 2, 1, 0)}


def test_9_2_6_no_undamaged_sword_no_rolled_hits_as_defender() -> None:
    """9.2.6: as defender with only damaged swords he deals no rolled hits."""
    g = game(at=5, items={"sword": (0, 0, 2, 0), "boots": 3}, warriors={M: {5: 3}},
             step=("marquise.actions", M, 3), forced=[["dice", [1, 3]]])
    g.apply(("action", "battle"))  # 3 + 1 defenseless hits: all three boots, no choice
    assert g.warriors[1][5] == 3
    assert items(g) == {"sword": (0, 0, 2, 0), "boots": (0, 0, 3, 0)}


# ------------------------------------------------------------ 9.2.7 taking hits
def test_9_2_7_each_hit_damages_an_item_of_his_choice() -> None:
    """9.2.7: a face-up item is damaged face up, a face-down one face down; the choice
    is his, each hit one item."""
    g = game(at=5, items={"sword": 1, "boots": (1, 1, 0, 0), "crossbow": 1},
             warriors={M: {5: 3}}, step=("marquise.actions", M, 3), forced=[["dice", [2, 0]]])
    g.apply(("action", "battle"))
    assert set(options(g)) == {("damage", "sword", "ready"), ("damage", "boots", "ready"),
                               ("damage", "boots", "exhausted"),
                               ("damage", "crossbow", "ready")}
    assert_illegal(g, ("damage", "torch", "ready"))
    g.apply(("damage", "boots", "exhausted"))
    g.apply(("damage", "crossbow", "ready"))
    assert items(g) == {"sword": (1, 0, 0, 0), "boots": (1, 0, 0, 1), "crossbow": (0, 0, 1, 0)}
    assert step_name(g) == "marquise.actions"


def test_9_2_7_remaining_hits_are_ignored_without_undamaged_items() -> None:
    """9.2.7: with nothing left to damage, the remaining hits are ignored."""
    g = game(at=5, items={"sword": 1, "boots": (0, 0, 2, 0)}, warriors={M: {5: 3}},
             step=("marquise.actions", M, 3), forced=[["dice", [3, 0]]])
    g.apply(("action", "battle"))  # three hits, one item: damaged without a choice
    assert items(g) == {"sword": (0, 0, 1, 0), "boots": (0, 0, 2, 0)}
    assert step_name(g) == "marquise.actions" and pawn(g) == 5


# ------------------------------------------------------- 9.2.8 coalitions
def four(vp: dict[str, int], **kw: Any) -> Game:
    return game((V, M, E, A), vp=vp, at=5, step=ACT, **kw)


def test_9_2_8_cannot_activate_dominance_normally() -> None:
    """9.2.8: no activation for the normal victory condition, whatever the score."""
    g = game(at=5, vp={V: 15}, hands={V: ["dominance_rabbit"]}, step=ACT)
    assert not options(g, "activate") and not options(g, "coalition")
    assert_illegal(g, ("activate", "dominance_rabbit"))
    g = four({V: 15, M: 3, E: 6, A: 9}, hands={V: ["dominance_rabbit"]})
    assert not options(g, "activate")


def test_9_2_8_coalition_with_the_lowest_scorer() -> None:
    """9.2.8: four players: the dominance card forms a coalition with the player with
    fewer VP than each other player (the Vagabond aside); his points stop."""
    g = four({V: 12, M: 5, E: 2, A: 8}, hands={V: ["dominance_fox"]})
    assert options(g, "coalition") == [("coalition", "dominance_fox", E)]
    assert_illegal(g, ("coalition", "dominance_fox", M))
    g.apply(("coalition", "dominance_fox", E))
    v, e = g.seat_of(V), g.seat_of(E)
    assert g.coalition[v] == e and g.dominance[v] == "dominance_fox"
    assert "dominance_fox" not in g.hands[v]
    assert g.view(None)["coalitions"] == {V: E}
    # no longer an enemy of the Eyrie (G.1.8); he scores no more
    assert e not in g.enemies(v) and v not in g.enemies(e)
    assert g.decision.seat == V and not [o for o in options(g, "v_battle") if o[2] == E]
    g.score(v, 3, "test")
    assert g.vp[v] == 12


def test_9_2_8_tie_for_fewest_lets_him_choose() -> None:
    """9.2.8: a tie for fewest VP: he chooses one of the tied players."""
    g = four({V: 10, M: 4, E: 4, A: 7}, hands={V: ["dominance_bird"]})
    assert set(options(g, "coalition")) == {("coalition", "dominance_bird", M),
                                            ("coalition", "dominance_bird", E)}


def test_9_2_8_only_with_four_players_and_ten_points() -> None:
    """9.2.8 / 3.3.1: three players: no coalition; four players below 10 VP: none."""
    g = game((V, M, E), vp={V: 20}, at=5, hands={V: ["dominance_fox"]}, step=ACT)
    assert not options(g, "coalition")
    g = four({V: 9, M: 5, E: 2, A: 8}, hands={V: ["dominance_fox"]})
    assert not options(g, "coalition")


def test_9_2_8_partner_wins_and_so_does_the_vagabond() -> None:
    """9.2.8: the coalitioned player wins: the Vagabond wins too."""
    g = four({V: 12, M: 5, E: 2, A: 8}, hands={V: ["dominance_fox"]})
    g.apply(("coalition", "dominance_fox", E))
    g.score(g.seat_of(E), 28, "test")
    assert g.is_over and g.winners == [E, V] and g.win_reason == "points"


def test_9_2_8_partner_wins_by_dominance_with_him() -> None:
    """9.2.8 with 3.3.1.I: the partner's dominance victory is his too."""
    g = game((V, M, E, A), at=5, vp={V: 12, M: 5, A: 8}, coalitions={V: E},
             dominance={V: "dominance_rabbit", E: "dominance_fox"},
             warriors={E: {1: 1, 6: 1, 8: 1}}, step=("turn", E))
    assert g.is_over and g.winners == [E, V] and g.win_reason == "dominance"


def test_9_2_8_another_player_wins_alone() -> None:
    """9.2.8: if someone else wins, the Vagabond in a coalition does not."""
    g = four({V: 12, M: 5, E: 2, A: 8}, hands={V: ["dominance_fox"]})
    g.apply(("coalition", "dominance_fox", E))
    g.score(g.seat_of(A), 22, "test")
    assert g.winners == [A]


def test_9_2_9_IIId_coalition_with_a_hostile_faction() -> None:
    """9.2.9.IIId: allowed; their marker moves to Indifferent."""
    g = four({V: 12, M: 5, E: 2, A: 8}, hands={V: ["dominance_fox"]},
             relations={E: -1, M: -1})
    g.apply(("coalition", "dominance_fox", E))
    assert vs(g).relations == {M: -1, E: 0, A: 0}


def test_9_2_8_partner_already_in_a_coalition_cannot_join_another() -> None:
    """9.2.8: the lowest scorer is in a coalition with the other Vagabond: nobody else
    has fewer VP than each other player, so no coalition can be formed."""
    g = game((V, V2, M, E), at=5, vp={V: 12, V2: 10, M: 1, E: 6}, coalitions={V2: M},
             dominance={V2: "dominance_mouse"}, hands={V: ["dominance_fox"]}, step=ACT)
    assert not options(g, "coalition")


# -------------------------------------------------------- 9.2.9 relationships
RABBITS = ["bake_sale", "a_visit_to_friends", "smugglers_trail", "root_tea_rabbit", "cobbler",
           "command_warren", "better_burrow_bank"]


def test_9_2_9_I_aid_costs_and_points_within_one_turn() -> None:
    """9.2.9.Ia-b, IIa: Indifferent -> Amiable after 1 Aid (1 VP), -> Friendly after 2
    more (2 VP), -> Allied after 3 more (2 VP); each Aid to the Allied faction scores 2.
    A given Aid counts toward only one improvement."""
    g = game(at=5, items={"boots": 4, "torch": 1, "sword": 1, "crossbow": 1},
             warriors={M: {5: 1}}, hands={V: RABBITS}, step=ACT)
    levels, vps = [], []
    for card in RABBITS:
        g.apply(("aid", M, card))
        if g.decision.kind == "exhaust":
            g.apply(options(g)[0])
        levels.append(vs(g).relations[M])
        vps.append(g.vp[0])
    assert levels == [1, 1, 2, 2, 2, 3, 3]
    assert vps == [1, 1, 3, 3, 3, 5, 7]
    assert [r for _, _, r in scored(g, V)] == ["relationship"] * 3 + ["aid_allied"]
    assert sorted(g.hands[1]) == sorted(RABBITS)  # every card given to the Marquise
    assert vs(g).aids == {M: 0}


def test_9_2_9_Ia_aids_do_not_carry_over_to_the_next_turn() -> None:
    """9.2.9.Ia: aids toward an improvement count within one turn only."""
    g = game(at=5, items={"boots": 2}, warriors={M: {5: 1}}, relations={M: 1},
             aids={M: 1}, hands={V: ["bake_sale", "cobbler"]}, step=("turn", V))
    g.apply(("skip",))  # 9.4.2: no slip
    assert vs(g).aids == {}
    g.apply(("aid", M, "bake_sale"))  # exhausting his only kind of item: no choice
    assert vs(g).relations[M] == 1 and vs(g).aids == {M: 1} and g.vp[0] == 0


def test_9_2_9_Ia_aid_toward_different_factions_counts_apart() -> None:
    """9.2.9.Ia: aiding another faction does not count toward this one's improvement."""
    g = game((V, M, E), at=5, items={"boots": 3}, warriors={M: {5: 1}, E: {5: 1}},
             relations={M: 1, E: 1}, hands={V: ["bake_sale", "cobbler", "anvil"]}, step=ACT)
    play(g, ("aid", M, "bake_sale"), ("aid", E, "cobbler"))
    assert vs(g).relations == {M: 1, E: 1} and vs(g).aids == {M: 1, E: 1}


def test_9_2_9_IIb_moving_with_ally() -> None:
    """9.2.9.IIb: moving to an adjacent clearing he may bring warriors of one Allied
    faction from his origin (not of a merely Friendly one)."""
    g = game((V, M, E), at=5, items={"boots": 2}, relations={M: 3, E: 2},
             warriors={M: {5: 3}, E: {5: 2}}, step=ACT)
    g.apply(("v_move", 1))
    assert g.decision.seat == V and g.decision.rule == "9.2.9.IIb"
    assert options(g) == [("ally_move", M, 1), ("ally_move", M, 2), ("ally_move", M, 3),
                          ("no_ally",)]
    g.apply(("ally_move", M, 2))
    assert pawn(g) == 1 and g.warriors[1][1] == 2 and g.warriors[1][5] == 1
    assert g.warriors[2][5] == 2
    assert g.ruler(1) == g.seat_of(M)  # the moved warriors are still the Marquise's


def test_9_2_9_IIb_not_from_a_forest() -> None:
    """9.2.9.IIb: from a forest there is no origin clearing: nothing comes along."""
    g = game(at="1_2_5_10", items={"boots": 2}, relations={M: 3}, warriors={M: {1: 3}},
             step=ACT)
    g.apply(("v_move", 5))
    assert pawn(g) == 5 and step_name(g) == "vagabond.actions"


def test_9_2_9_IIb_slip_brings_allies() -> None:
    """9.2.9.IIb with 9.4.2: a slip into an adjacent clearing is a move too."""
    g = game(at=5, items={"boots": 1}, relations={M: 3}, warriors={M: {5: 2}},
             step=("vagabond.slip", V), then="daylight")
    g.apply(("slip", "2"))
    g.apply(("ally_move", M, 2))
    assert pawn(g) == 2 and g.warriors[1][2] == 2 and items(g)["boots"] == (1, 0, 0, 0)


def ally_battle(dice: list[int], **kw: Any) -> Game:
    return game((V, M, E), at=5, items={"sword": 1, "boots": 1}, relations={M: 3},
                warriors={M: {5: 3}, E: {5: 2}}, buildings={E: {5: ["roost"]}},
                step=ACT, forced=[["dice", dice]], **kw)


def test_9_2_9_IIc_attacking_with_ally() -> None:
    """9.2.9.IIc: he treats one Allied faction's warriors as his own: maximum rolled hits
    are their warriors plus his undamaged swords; not when attacking that faction."""
    g = ally_battle([3, 0])
    assert set(options(g, "v_battle")) == {("v_battle", 5, M, ""), ("v_battle", 5, E, ""),
                                           ("v_battle", 5, E, " with marquise")}
    assert_illegal(g, ("v_battle", 5, M, " with marquise"))
    g.apply(("v_battle", 5, E, " with marquise"))
    # 3 hits (3 allied warriors + 1 sword allow 4): both warriors and the roost
    assert g.warriors[2][5] == 0 and g.buildings[5] == ()
    assert items(g)["sword"] == (0, 1, 0, 0)
    # the roost scores 1; Infamy (9.2.9.IIIa): the second warrior and the roost
    assert scored(g, V) == [(V, 1, "removal"), (V, 2, "infamy")]
    assert vs(g).relations == {M: 3, E: -1}


def test_9_2_9_IIc_without_ally_only_his_swords() -> None:
    """9.2.9.IIc is a choice: alone, his single sword caps his rolled hits at one."""
    g = ally_battle([3, 0])
    g.apply(("v_battle", 5, E, ""))
    assert g.warriors[2][5] == 1 and g.warriors[1][5] == 3


def test_9_2_9_IId_more_hits_on_allies_turns_them_hostile() -> None:
    """9.2.9.IId: he takes hits by removing allied warriors; more than by items: that
    faction becomes Hostile at the end of the battle."""
    g = ally_battle([1, 1])
    g.apply(("v_battle", 5, E, " with marquise"))
    assert g.decision.seat == V
    assert set(options(g)) == {("damage", "sword", "exhausted"), ("damage", "boots", "ready"),
                               ("ally_hit", M)}
    g.apply(("ally_hit", M))
    assert g.warriors[1][5] == 2 and vs(g).relations[M] == -1
    assert g.warriors[2][5] == 1


def test_9_2_9_IId_as_many_hits_on_items_keeps_the_alliance() -> None:
    """9.2.9.IId: one hit on an ally, one on an item: not more, so still Allied; and
    removing them this way does not make them Hostile by 9.2.9.III."""
    g = ally_battle([2, 2])
    g.apply(("v_battle", 5, E, " with marquise"))
    play(g, ("ally_hit", M), ("damage", "boots", "ready"))
    assert g.warriors[1][5] == 2 and items(g)["boots"] == (0, 0, 1, 0)
    assert vs(g).relations[M] == 3 and g.warriors[2][5] == 0


def test_9_2_9_IId_ambush_hits_on_allies_count() -> None:
    """9.2.9.IId with 4.3.1.II: he may take the ambush hits on the allied warriors; the
    battle goes on (his pawn remains, 9.2.2) and the ally turns Hostile at its end."""
    g = game((V, M, E), at=5, items={"sword": 2, "boots": 1}, relations={M: 3},
             warriors={M: {5: 2}, E: {5: 2}}, hands={E: ["ambush_rabbit"]}, step=ACT,
             forced=[["dice", [2, 0]]])
    g.apply(("v_battle", 5, E, " with marquise"))
    g.apply(("ambush", "ambush_rabbit"))
    assert g.decision.seat == V and ("ally_hit", M) in options(g)
    play(g, ("ally_hit", M), ("ally_hit", M))
    # the roll: two hits from his two undamaged swords (no allied warriors left)
    assert g.warriors[1][5] == 0 and g.warriors[2][5] == 0
    assert vs(g).relations == {M: -1, E: -1}
    assert items(g) == {"sword": (1, 1, 0, 0), "boots": (1, 0, 0, 0)}
    assert scored(g, V) == [(V, 1, "infamy")] and "ambush_rabbit" in g.discard


def test_4_3_1_ambush_damages_the_attacking_vagabond() -> None:
    """4.3.1.II with 9.2.7: the two ambush hits damage his items; he is not removed, so
    the battle goes on to the roll."""
    g = game(at=5, items={"sword": 1, "boots": 1, "torch": 1}, warriors={M: {5: 2}},
             hands={M: ["ambush_bird"]}, step=ACT, forced=[["dice", [1, 0]]])
    play(g, ("v_battle", 5, M, ""), ("ambush", "ambush_bird"), ("damage", "boots", "ready"),
         ("damage", "torch", "ready"))
    assert items(g)["boots"] == (0, 0, 1, 0) and items(g)["torch"] == (0, 0, 1, 0)
    assert g.warriors[1][5] == 1  # the roll still happened: one hit from his sword
    assert vs(g).relations == {M: -1}


def test_9_2_9_III_removing_a_warrior_makes_hostile() -> None:
    """9.2.9.III: striking a warrior of an Indifferent faction makes it Hostile; no
    Infamy outside battle (and never for that warrior)."""
    g = game(at=5, items={"crossbow": 2, "boots": 1}, warriors={M: {5: 2}}, step=ACT)
    g.apply(("strike", M, "warrior"))
    assert vs(g).relations == {M: -1} and g.vp[0] == 0 and g.warriors[1][5] == 1
    g.apply(("strike", M, "warrior"))
    assert g.vp[0] == 0  # Infamy counts only in battle


def test_9_2_9_III_removing_a_building_is_not_hostile() -> None:
    """9.2.9.III: only removing a warrior makes a faction Hostile."""
    g = game(at=5, items={"crossbow": 1, "boots": 1}, buildings={M: {5: ["sawmill"]}},
             relations={M: 2}, step=ACT)
    g.apply(("strike", M, "sawmill"))
    assert vs(g).relations == {M: 2} and scored(g, V) == [(V, 1, "removal")]


def test_9_2_9_III_hostile_when_defending_without_infamy() -> None:
    """9.2.9.III: defending on the Marquise's turn he removes her warriors: Hostile, but
    no Infamy (not in battle during his turn)."""
    g = game(at=5, items={"sword": 2, "boots": 2}, warriors={M: {5: 3}},
             step=("marquise.actions", M, 3), forced=[["dice", [2, 2]]])
    g.apply(("action", "battle"))
    play(g, ("damage", "boots", "ready"), ("damage", "boots", "ready"))
    assert g.warriors[1][5] == 1 and vs(g).relations == {M: -1} and g.vp[0] == 0


def test_9_2_9_IIIa_infamy() -> None:
    """9.2.9.IIIa: in battle on his turn, one extra VP per piece of a Hostile faction
    removed, added to the VP for buildings and tokens."""
    g = game(at=5, items={"sword": 3, "boots": 1}, relations={M: -1},
             warriors={M: {5: 2}}, buildings={M: {5: ["sawmill"]}}, tokens={M: {5: ["wood"]}},
             step=ACT, forced=[["dice", [3, 0]]])
    g.apply(("v_battle", 5, M, ""))
    assert g.decision.seat == M  # after her warriors, she chooses the building or token
    g.apply(("hit", 1, "wood"))
    assert g.warriors[1][5] == 0 and g.buildings[5] == ((1, "sawmill"),) and not g.tokens[5]
    assert scored(g, V) == [(V, 1, "removal"), (V, 3, "infamy")]


def test_9_2_9_IIIa_first_warrior_not_counted() -> None:
    """9.2.9.IIIa: the warrior that made the faction Hostile scores no Infamy."""
    g = game(at=5, items={"sword": 3, "boots": 1}, warriors={M: {5: 3}}, step=ACT,
             forced=[["dice", [3, 0]]])
    g.apply(("v_battle", 5, M, ""))
    assert g.warriors[1][5] == 0 and vs(g).relations == {M: -1}
    assert scored(g, V) == [(V, 2, "infamy")]


def test_9_2_9_IIIb_extra_boots_into_hostile_warriors() -> None:
    """9.2.9.IIIb: two boots to move into a clearing with Hostile warriors; a Hostile
    building alone costs nothing extra."""
    g = game(at=5, items={"boots": 1}, relations={M: -1}, warriors={M: {1: 1}},
             buildings={M: {2: ["sawmill"]}}, step=ACT)
    assert options(g, "v_move") == [("v_move", 2)]
    assert_illegal(g, ("v_move", 1))
    g = game(at=5, items={"boots": 2}, relations={M: -1}, warriors={M: {1: 1}}, step=ACT)
    g.apply(("v_move", 1))
    assert pawn(g) == 1 and items(g)["boots"] == (0, 2, 0, 0)


def test_9_2_9_IIIb_indifferent_warriors_cost_nothing_extra() -> None:
    """9.2.9.IIIb: only Hostile warriors cost the extra boots."""
    g = game(at=5, items={"boots": 1, "torch": 1}, warriors={M: {1: 4}}, step=ACT)
    g.apply(("v_move", 1))
    assert items(g)["boots"] == (0, 1, 0, 0)


def test_9_2_9_IIIc_aiding_a_hostile_faction() -> None:
    """9.2.9.IIIc: Aid to a Hostile faction improves nothing, but he may still take a
    crafted item."""
    g = game(at=5, items={"boots": 2}, relations={M: -1}, warriors={M: {5: 1}},
             hands={V: ["bake_sale"]}, step=ACT, setup=crafted(M, "sword", "tea"))
    g.apply(("aid", M, "bake_sale"))
    assert g.decision.kind == "take_item" and g.decision.rule == "9.5.4"
    assert options(g) == [("take_item", "sword"), ("take_item", "tea"), ("no_item",)]
    g.apply(("take_item", "tea"))
    assert vs(g).relations == {M: -1} and g.vp[0] == 0
    assert g.items[1] == ["sword"] and track(g, "tea") == 1
    assert g.hands[1] == ["bake_sale"] and items(g)["boots"] == (1, 1, 0, 0)


# ------------------------------------------------------------- 9.4.1 refresh
def test_9_4_1_refresh_three_plus_two_per_tea() -> None:
    """9.4.1: one tea on its track: five exhausted items flip face up, his choice."""
    g = game(at=5, items={"tea": 1, "boots": (0, 3, 0, 0), "sword": (0, 2, 0, 0),
                          "crossbow": (0, 1, 0, 0)}, step=("turn", V))
    assert g.decision.kind == "refresh" and g.decision.rule == "9.4.1"
    assert set(options(g)) == {("refresh", "boots|1"), ("refresh", "sword|1"),
                               ("refresh", "crossbow|1")}
    play(g, *[("refresh", "boots|1")] * 3, ("refresh", "sword|1"), ("refresh", "sword|1"))
    assert items(g) == {"tea": (1, 0, 0, 0), "boots": (3, 0, 0, 0), "sword": (2, 0, 0, 0),
                        "crossbow": (0, 1, 0, 0)}
    assert g.decision.kind == "slip"


def test_9_4_1_refresh_three_without_tea() -> None:
    """9.4.1: no tea: three items."""
    g = game(at=5, items={"boots": (0, 2, 0, 0), "sword": (0, 2, 0, 0)}, step=("turn", V))
    play(g, ("refresh", "boots|1"), ("refresh", "boots|1"))  # then a sword: no choice
    assert items(g) == {"boots": (2, 0, 0, 0), "sword": (1, 1, 0, 0)}
    assert g.decision.kind == "slip"


def test_9_4_1_exhausted_tea_does_not_count() -> None:
    """9.4.1: only tea face up on its track counts; an exhausted tea is in the Satchel
    (9.5) and is one of the items to refresh."""
    g = game(at=5, items={"tea": (0, 1, 0, 0), "boots": (0, 3, 0, 0)}, step=("turn", V))
    assert g.decision.prompt.endswith("(3 left)")
    g.apply(("refresh", "tea|1"))  # then two of the boots: no choice left
    assert items(g) == {"tea": (1, 0, 0, 0), "boots": (2, 1, 0, 0)}


def test_9_4_1_a_track_holds_three_tea() -> None:
    """9.4.1 with 9.2.5.I: four teas: three on the track, nine refreshes."""
    g = game(at=5, items={"tea": 4, "boots": (0, 10, 0, 0)}, step=("turn", V))
    assert items(g) == {"tea": (4, 0, 0, 0), "boots": (9, 1, 0, 0)}
    assert g.decision.kind == "slip"


def test_9_4_1_everything_fits_no_choice() -> None:
    """9.4.1: with no more exhausted items than refreshes, all flip without a question;
    a damaged face-down item flips face up and stays damaged (engine reading)."""
    g = game(at=5, items={"boots": (0, 2, 0, 0), "torch": (0, 0, 0, 1)}, step=("turn", V))
    assert g.decision.kind == "slip"
    assert items(g) == {"boots": (2, 0, 0, 0), "torch": (0, 0, 1, 0)}


# ---------------------------------------------------------------- 9.4.2 slip
def test_9_4_2_slip_from_a_forest() -> None:
    """9.4.2: to an adjacent clearing or forest, free."""
    g = game(at="1_2_5_10", items={"boots": 1}, step=("vagabond.slip", V), then="daylight",
             phase="birdsong")
    assert g.decision.rule == "9.4.2"
    assert set(options(g)) == {("slip", "1"), ("slip", "2"), ("slip", "5"), ("slip", "10"),
                               ("slip", "forest 1_9_10_12"), ("slip", "forest 2_6_10_11_12"),
                               ("skip",)}
    assert_illegal(g, ("slip", "forest 3_6_11"))
    assert_illegal(g, ("slip", "12"))
    g.apply(("slip", "forest 2_6_10_11_12"))
    assert pawn(g) == place(g, "2_6_10_11_12") and items(g)["boots"] == (1, 0, 0, 0)


def test_9_4_2_slip_into_hostile_clearing_without_boots() -> None:
    """9.4.2: no boots at all, even into a clearing with Hostile warriors."""
    g = game(at=5, items={"torch": 1}, relations={M: -1}, warriors={M: {1: 3}},
             step=("vagabond.slip", V), then="daylight", phase="birdsong")
    assert set(options(g)) == {("slip", "1"), ("slip", "2"), ("slip", "forest 1_2_5_10"),
                               ("skip",)}
    g.apply(("slip", "1"))
    assert pawn(g) == 1 and items(g) == {"torch": (1, 0, 0, 0)}


def test_9_4_2_slip_is_optional() -> None:
    """9.4.2: he may stay."""
    g = game(at=5, items={"boots": 1, "torch": 1}, step=("vagabond.slip", V),
             then="daylight", phase="birdsong")
    g.apply(("skip",))
    assert pawn(g) == 5 and step_name(g) == "vagabond.actions"


# ---------------------------------------------------------------- 9.5.1 move
def test_9_5_1_move_from_a_clearing_never_into_a_forest() -> None:
    """9.5.1: exhaust one boots to move to an adjacent clearing; no forest."""
    g = game(at=5, items={"boots": 2}, step=ACT)
    assert options(g, "v_move") == [("v_move", 1), ("v_move", 2)]
    assert_illegal(g, ("v_move", place(g, "1_2_5_10")))
    assert_illegal(g, ("v_move", 10))  # not adjacent
    g.apply(("v_move", 2))
    assert pawn(g) == 2 and items(g) == {"boots": (1, 1, 0, 0)}


def test_9_5_1_from_a_forest_only_to_its_clearings() -> None:
    """9.5.1: in a forest he may only move into an adjacent clearing."""
    g = game(at="3_6_11", items={"boots": 1, "torch": 1}, step=ACT)
    assert options(g, "v_move") == [("v_move", 3), ("v_move", 6), ("v_move", 11)]


def test_9_5_1_no_boots_no_move() -> None:
    """9.5.1: exhausted or damaged boots do not move him."""
    g = game(at=5, items={"boots": (0, 1, 1, 0), "torch": 1}, step=ACT)
    assert not options(g, "v_move")
    assert_illegal(g, ("v_move", 1))


# -------------------------------------------------------------- 9.5.2 battle
def test_9_5_2_battle_exhausts_a_sword() -> None:
    """9.5.2: exhaust one sword; any enemy with pieces in his clearing can defend; a
    defender with no warriors is defenseless (4.3.3.II)."""
    g = game((V, M, E), at=5, items={"sword": 2, "boots": 1}, warriors={M: {5: 1}},
             buildings={E: {5: ["roost"]}}, tokens={M: {1: ["wood"]}}, step=ACT,
             forced=[["dice", [1, 0]]])
    assert set(options(g, "v_battle")) == {("v_battle", 5, M, ""), ("v_battle", 5, E, "")}
    g.apply(("v_battle", 5, E, ""))
    assert items(g)["sword"] == (1, 1, 0, 0)
    assert g.buildings[5] == () and scored(g, V) == [(V, 1, "removal")]
    assert vs(g).relations == {M: 0, E: 0}  # a building, not a warrior


def test_9_5_2_no_battle_without_a_face_up_sword_or_in_a_forest() -> None:
    """9.5.2: the sword must be unexhausted; in a forest there is no clearing of battle."""
    g = game(at=5, items={"sword": (0, 1, 0, 0), "boots": 1}, warriors={M: {5: 1}}, step=ACT)
    assert not options(g, "v_battle")
    assert_illegal(g, ("v_battle", 5, M, ""))
    g = game(at="1_2_5_10", items={"sword": 2, "boots": 1}, warriors={M: {5: 1, 1: 1}},
             step=ACT)
    assert not options(g, "v_battle")


def test_9_5_2_vagabond_defender_in_his_own_clearing_only() -> None:
    """4.3 / 9.5.2: others battle him where his pawn is; he is no target elsewhere."""
    g = game(at=1, items={"sword": 1, "boots": 1}, warriors={M: {5: 2}},
             step=("marquise.actions", M, 3))
    assert ("action", "battle") not in options(g)


# ------------------------------------------------------------- 9.5.3 explore
def test_9_5_3_explore() -> None:
    """9.5.3: exhaust a torch, take the item under the ruin face up, score 1; the last
    item gone, the ruin is removed."""
    g = game(at=6, items={"torch": 1, "boots": 1}, step=ACT)
    assert ("explore",) in options(g)
    before = all_items(g)
    g.apply(("explore",))
    assert items(g) == {"torch": (0, 1, 0, 0), "boots": (2, 0, 0, 0)}
    assert g.ruin_items[6] == () and (RUIN, "ruin") not in g.buildings[6]
    assert g.open_slots(6) == 2
    assert scored(g, V) == [(V, 1, "explore")]
    assert all_items(g) == before


def test_9_5_3_explore_needs_a_ruin_and_a_torch() -> None:
    """9.5.3: no ruin (or an empty one) or no unexhausted torch: no exploring."""
    g = game(at=5, items={"torch": 1, "boots": 1}, step=ACT)
    assert ("explore",) not in options(g)
    g = game(at=6, items={"torch": (0, 1, 0, 0), "boots": 1}, step=ACT)
    assert ("explore",) not in options(g)
    assert_illegal(g, ("explore",))
    g = game(at="3_6_11", items={"torch": 1, "boots": 1}, step=ACT)
    assert ("explore",) not in options(g)


def test_9_5_3_explored_bag_goes_to_its_track() -> None:
    """9.5.3 / 9.2.5.I: a bag from a ruin goes on its track."""
    g = game(at=12, items={"torch": 1, "boots": 1}, step=ACT)
    g.apply(("explore",))
    assert track(g, "bag") == 1


# ----------------------------------------------------------------- 9.5.4 aid
def test_9_5_4_aid() -> None:
    """9.5.4: exhaust any one item (his choice), give a card matching his clearing (or a
    bird) to a player with pieces there, then take a crafted item of theirs, face up."""
    g = game((V, M, E), at=1, items={"boots": 1, "torch": 1, "sword": (0, 1, 0, 0)},
             buildings={M: {1: ["sawmill"]}}, warriors={E: {5: 1}},
             hands={V: ["anvil", "ambush_bird", "bake_sale"]}, step=ACT,
             setup=crafted(M, "crossbow", "coins"))
    assert set(options(g, "aid")) == {("aid", M, "anvil"), ("aid", M, "ambush_bird")}
    assert_illegal(g, ("aid", M, "bake_sale"))  # a rabbit card in a fox clearing
    assert_illegal(g, ("aid", E, "anvil"))  # the Eyrie have no piece here
    g.apply(("aid", M, "ambush_bird"))
    assert g.hands[1] == ["ambush_bird"] and "ambush_bird" not in g.discard
    assert g.decision.kind == "exhaust"
    assert options(g) == [("exhaust", "boots"), ("exhaust", "torch")]
    g.apply(("exhaust", "torch"))
    g.apply(("take_item", "coins"))
    assert g.items[1] == ["crossbow"] and track(g, "coins") == 1
    assert items(g)["torch"] == (0, 1, 0, 0)
    assert vs(g).relations == {M: 1, E: 0} and g.vp[0] == 1


def test_9_5_4_aid_needs_an_unexhausted_item_and_a_clearing() -> None:
    """9.5.4: with every item exhausted, or in a forest, no Aid."""
    g = game(at=1, items={"boots": (0, 2, 0, 0), "torch": (0, 0, 1, 0)},
             warriors={M: {1: 1}}, hands={V: ["anvil"]}, step=ACT, then="evening")
    assert step_name(g) != "vagabond.actions"  # nothing to do: Daylight ended
    assert g.hands[1] == []
    g = game(at="1_2_5_10", items={"boots": 2}, warriors={M: {1: 1}}, hands={V: ["anvil"]},
             step=ACT)
    assert not options(g, "aid")


def test_9_5_4_aid_taking_no_item() -> None:
    """9.5.4: taking an item is optional."""
    g = game(at=1, items={"boots": 2}, warriors={M: {1: 1}}, hands={V: ["anvil"]},
             step=ACT, setup=crafted(M, "sword"))
    play(g, ("aid", M, "anvil"), ("no_item",))
    assert g.items[1] == ["sword"] and "sword" not in items(g)


# --------------------------------------------------------------- 9.5.5 quest
def test_9_5_5_quest_scores_per_completed_quest_of_the_suit() -> None:
    """9.5.5: in a clearing of the quest's suit, exhaust its two items; a new quest is
    drawn; score one VP per completed quest of that suit, including this one."""
    g = game(at=3, items={"torch": 1, "sword": 1, "boots": 1},
             quests=["guard_duty_rabbit", "errand_fox", "escort_mouse"],
             quest_deck=["errand_rabbit", "fundraising_fox"],
             quests_done=["give_a_speech_rabbit", "expel_bandits_mouse"], step=ACT)
    assert options(g, "quest") == [("quest", "guard_duty_rabbit", "")]
    g.apply(("quest", "guard_duty_rabbit", ""))
    assert items(g) == {"torch": (0, 1, 0, 0), "sword": (0, 1, 0, 0), "boots": (1, 0, 0, 0)}
    assert g.quests == ["errand_fox", "escort_mouse", "fundraising_fox"]
    assert g.quest_deck == ["errand_rabbit"]
    assert vs(g).quests_done[-1] == "guard_duty_rabbit"
    assert g.decision.kind == "quest_reward" and g.decision.rule == "9.5.5"
    g.apply(("quest_vp",))
    assert scored(g, V) == [(V, 2, "quest")]  # two rabbit quests, not the mouse one


def test_9_5_5_quest_or_draw_two() -> None:
    """9.5.5: instead of VP, draw two cards."""
    g = game(at=3, items={"torch": 1, "sword": 1, "boots": 1},
             quests=["guard_duty_rabbit", "errand_fox", "escort_mouse"],
             deck_top=["anvil", "cobbler"], step=ACT)
    play(g, ("quest", "guard_duty_rabbit", ""), ("quest_draw",))
    assert sorted(g.hands[0]) == ["anvil", "cobbler"] and g.vp[0] == 0


def test_9_5_5_quest_needs_matching_suit_and_unexhausted_items() -> None:
    """9.5.5: a fox clearing for a fox quest; the items must be face up and undamaged."""
    q = ["guard_duty_rabbit", "errand_fox", "escort_mouse"]
    g = game(at=1, items={"torch": 1, "sword": 1, "boots": 1}, quests=q, step=ACT)
    assert not options(g, "quest")
    assert_illegal(g, ("quest", "guard_duty_rabbit", ""))
    g = game(at=3, items={"torch": 1, "sword": (0, 1, 1, 0), "boots": 1}, quests=q, step=ACT)
    assert not options(g, "quest")
    g = game(at=7, items={"boots": 2}, quests=q, step=ACT)  # two of one item
    assert options(g, "quest") == [("quest", "escort_mouse", "")]
    g.apply(("quest", "escort_mouse", ""))
    assert items(g) == {"boots": (0, 2, 0, 0)}


# -------------------------------------------------------------- 9.5.6 strike
def test_9_5_6_strike_a_warrior_first() -> None:
    """9.5.6: exhaust a crossbow to remove an enemy warrior; while that enemy has
    warriors there, its buildings and tokens are safe."""
    g = game((V, M, E), at=5, items={"crossbow": 1, "boots": 1}, warriors={M: {5: 2}},
             buildings={M: {5: ["sawmill"]}, E: {5: ["roost"]}}, step=ACT)
    assert set(options(g, "strike")) == {("strike", M, "warrior"), ("strike", E, "roost")}
    assert_illegal(g, ("strike", M, "sawmill"))
    g.apply(("strike", M, "warrior"))
    assert g.warriors[1][5] == 1 and items(g)["crossbow"] == (0, 1, 0, 0)
    assert g.vp[0] == 0


def test_9_5_6_strike_a_building_when_no_warriors() -> None:
    """9.5.6 / 3.2.1: with no warriors of theirs there, a building or token; 1 VP."""
    g = game((V, M, E), at=5, items={"crossbow": 1, "boots": 1},
             buildings={M: {5: ["sawmill"]}}, tokens={M: {5: ["wood"]}}, step=ACT)
    assert set(options(g, "strike")) == {("strike", M, "sawmill"), ("strike", M, "wood")}
    g.apply(("strike", M, "wood"))
    assert g.tokens[5] == () and scored(g, V) == [(V, 1, "removal")]


def test_9_5_6_no_strike_without_crossbow() -> None:
    """9.5.6: an exhausted crossbow strikes nothing."""
    g = game(at=5, items={"crossbow": (0, 1, 0, 0), "boots": 1}, warriors={M: {5: 2}},
             step=ACT)
    assert not options(g, "strike")
    assert_illegal(g, ("strike", M, "warrior"))


# -------------------------------------------------------------- 9.5.7 repair
def test_9_5_7_repair_keeps_the_side() -> None:
    """9.5.7: exhaust a hammer; a damaged item returns to the Satchel or its track on the
    side it had: face up stays usable, face down stays exhausted."""
    g = game(at="1_2_5_10", items={"hammer": 2, "tea": (0, 0, 1, 0), "sword": (0, 0, 0, 1)},
             step=ACT)
    assert set(options(g, "repair")) == {("repair", "tea", "damaged"),
                                         ("repair", "sword", "damaged face down")}
    g.apply(("repair", "tea", "damaged"))
    assert items(g)["tea"] == (1, 0, 0, 0) and track(g, "tea") == 1
    g.apply(("repair", "sword", "damaged face down"))
    assert items(g) == {"hammer": (0, 2, 0, 0), "tea": (1, 0, 0, 0), "sword": (0, 1, 0, 0)}


def test_9_5_7_repair_needs_an_unexhausted_hammer() -> None:
    """9.5.7: a damaged hammer cannot repair (itself or anything)."""
    g = game(at=5, items={"hammer": (0, 0, 1, 0), "boots": 1}, step=ACT)
    assert not options(g, "repair")
    assert_illegal(g, ("repair", "hammer", "damaged"))


# ------------------------------------------------------------------ 9.6 evening
def test_9_6_1_evening_rest_in_a_forest() -> None:
    """9.6.1: in a forest every damaged item returns face up."""
    g = game(at="1_2_5_10", items={"sword": (0, 0, 1, 1), "bag": (0, 0, 0, 1),
                                   "boots": (0, 1, 0, 0)},
             step=EVENING[0], more=EVENING[1:])
    assert items(g) == {"sword": (2, 0, 0, 0), "bag": (1, 0, 0, 0), "boots": (0, 1, 0, 0)}
    assert track(g, "bag") == 1


def test_9_6_1_no_rest_in_a_clearing() -> None:
    """9.6.1: in a clearing the damaged items stay damaged."""
    g = game(at=5, items={"sword": (0, 0, 1, 1)}, step=EVENING[0], more=EVENING[1:])
    assert items(g) == {"sword": (0, 0, 1, 1)}


def test_9_6_2_draw_one_plus_coins() -> None:
    """9.6.2: draw one plus one per coins face up on its track."""
    g = game(at=5, items={"coins": (2, 1, 0, 0)}, step=EVENING[0], more=EVENING[1:],
             deck_top=["anvil", "cobbler", "sappers", "armorers"])
    assert sorted(g.hands[0]) == ["anvil", "cobbler", "sappers"]


def test_9_6_3_discard_down_to_five() -> None:
    """9.6.3: more than five cards: discard down to five, his choice."""
    hand = ["anvil", "cobbler", "sappers", "armorers", "bake_sale"]
    g = game(at=5, items={"boots": 1}, hands={V: hand}, deck_top=["codebreakers"],
             step=EVENING[0], more=EVENING[1:])
    assert g.decision.seat == V and g.decision.kind == "discard"
    g.apply(("discard", "anvil"))
    assert sorted(g.hands[0]) == sorted(hand[1:] + ["codebreakers"])
    assert g.discard == ["anvil"]


def test_9_6_4_item_capacity() -> None:
    """9.6.4: six items plus two per bag on its track, Satchel and Damaged box counted
    (tracked items not); the excess, his choice, is removed from the game."""
    g = game(at=5, items={"boots": 4, "sword": (1, 0, 1, 0), "torch": (0, 1, 0, 0),
                          "coins": 3, "bag": (0, 1, 0, 0)},
             step=EVENING[0], more=EVENING[1:])
    # held: 4 boots, 2 swords, torch, exhausted bag = 8 > 6 (coins on their track)
    assert g.decision.kind == "remove_item" and g.decision.rule == "9.6.4"
    assert ("drop", "coins", "ready") not in options(g)
    play(g, ("drop", "bag", "exhausted"), ("drop", "sword", "damaged"))
    assert items(g) == {"boots": (4, 0, 0, 0), "sword": (1, 0, 0, 0), "torch": (0, 1, 0, 0),
                        "coins": (3, 0, 0, 0)}
    assert sorted(g.removed_items) == ["bag", "sword"]


def test_9_6_4_bags_raise_the_limit() -> None:
    """9.6.4: one bag on its track: eight items fit."""
    g = game(at=5, items={"boots": 4, "sword": 2, "torch": 1, "crossbow": 1, "bag": 1},
             step=EVENING[0], more=EVENING[1:])
    assert g.removed_items == [] and sum(sum(x) for x in items(g).values()) == 9
    assert step_name(g) != "vagabond.capacity"


def test_9_6_4_a_fourth_bag_is_in_the_satchel() -> None:
    """9.6.4 with 9.2.5.I: a fourth bag is held in the Satchel (limit 12, 13 held)."""
    g = game(at=5, items={"bag": 4, "boots": 7, "sword": 3, "crossbow": 2}, step=EVENING[0],
             more=EVENING[1:])
    assert g.decision.kind == "remove_item"
    g.apply(("drop", "bag", "ready"))
    assert items(g)["bag"] == (3, 0, 0, 0) and g.removed_items == ["bag"]


# ------------------------------------------------------------ 9.7 two Vagabonds
def test_9_7_1_setup_two_items_per_ruin() -> None:
    """9.7.1: both sets of "R" items, two random ones under each ruin; 9.7.2: still three
    quests; each Vagabond a different character; no relationship between them."""
    g = run_setup([V, V2, M], 2, {V: ("thief", "1_2_5_10"), V2: ("ranger", "4_9_12")})
    assert [len(g.ruin_items[c]) for c in RUINS] == [2, 2, 2, 2]
    assert Counter(i for c in RUINS for i in g.ruin_items[c]) == Counter(RUIN_ITEMS * 2)
    assert len(g.quests) == 3 and len(g.quest_deck) == len(QUESTS) - 3
    assert vs(g).relations == {M: 0} and vs(g, V2).relations == {M: 0}
    assert vs(g).character == "thief" and vs(g, V2).character == "ranger"
    assert pawn(g, V2) == place(g, "4_9_12")


def test_9_7_1_characters_are_exclusive() -> None:
    """9.3.1 with 9.7: the second Vagabond cannot take the first one's character."""
    g = rootlaw.new_game([V, V2, M], seed=2)
    while g.decision.kind != "character":
        g.apply(g.decision.options[0])
    first = g.decision.seat
    g.apply(("character", "ronin"))
    g.apply(("forest", "3_6_11"))
    assert g.decision.kind == "character" and g.decision.seat != first
    assert ("character", "ronin") not in options(g) and len(options(g)) == 8
    assert_illegal(g, ("character", "ronin"))


def test_9_7_2_shared_quests() -> None:
    """9.7.2: either Vagabond may complete any face-up quest; the replacement is shared."""
    q = ["escort_mouse", "errand_fox", "guard_duty_rabbit"]
    g = game((V, V2, M), at=7, items={"boots": 2}, quests=q,
             quest_deck=["fundraising_fox"], v2={"at": 7, "items": {"boots": 3}},
             step=("vagabond.actions", V2), turn=V2)
    assert options(g, "quest") == [("quest", "escort_mouse", "")]
    play(g, ("quest", "escort_mouse", ""), ("quest_vp",))
    assert g.quests == ["errand_fox", "guard_duty_rabbit", "fundraising_fox"]
    assert vs(g, V2).quests_done == ("escort_mouse",) and vs(g).quests_done == ()
    assert g.vp == [0, 1, 0]


def test_9_7_3_explore_chooses_one_of_two() -> None:
    """9.7.3: he looks at both items and takes one of his choice; the ruin stays until
    its last item is taken (a second Explore)."""
    g = game((V, V2, M), at=11, items={"torch": 2, "boots": 1},
             ruin_items={11: ("sword", "bag")}, step=ACT)
    g.apply(("explore",))
    assert g.decision.kind == "explore" and g.decision.rule == "9.5.3"
    assert options(g) == [("take_ruin_item", "sword"), ("take_ruin_item", "bag"),
                          ("no_item",)]
    g.apply(("take_ruin_item", "bag"))
    assert g.ruin_items[11] == ("sword",) and (RUIN, "ruin") in g.buildings[11]
    assert track(g, "bag") == 1 and g.vp[0] == 1
    g.apply(("explore",))
    g.apply(("take_ruin_item", "sword"))
    assert g.ruin_items[11] == () and (RUIN, "ruin") not in g.buildings[11]
    assert g.vp[0] == 2 and vs(g).ruin_taken == ("bag", "sword")


def test_9_7_3_no_second_R_item_of_a_type() -> None:
    """9.7.3: he cannot take an "R" item of a type he already took from a ruin; taking
    none scores nothing but the torch stays exhausted."""
    g = game((V, V2, M), at=11, items={"torch": 1, "boots": 1}, ruin_taken=["sword"],
             ruin_items={11: ("sword", "hammer")}, step=ACT)
    g.apply(("explore",))
    assert options(g) == [("take_ruin_item", "hammer"), ("no_item",)]
    assert_illegal(g, ("take_ruin_item", "sword"))
    g.apply(("no_item",))
    assert g.ruin_items[11] == ("sword", "hammer") and g.vp[0] == 0
    assert items(g) == {"torch": (0, 1, 0, 0), "boots": (1, 0, 0, 0)}


def test_9_7_3_the_other_vagabonds_R_items_do_not_restrict() -> None:
    """9.7.3: the restriction is about items on his own faction board."""
    g = game((V, V2, M), at=11, items={"torch": 1, "boots": 1},
             ruin_items={11: ("sword", "hammer")}, v2={"ruin_taken": ["sword", "hammer"]},
             step=ACT)
    g.apply(("explore",))
    assert options(g) == [("take_ruin_item", "sword"), ("take_ruin_item", "hammer"),
                          ("no_item",)]


def test_9_7_vagabonds_battle_each_other() -> None:
    """9.2.7 both ways: each damages items; no relationship between them changes; the
    pawn is not struck (9.2.2)."""
    g = game((V, V2, M), at=5, items={"sword": 2, "crossbow": 1, "boots": 1},
             v2={"at": 5, "items": {"sword": 1, "boots": 2}}, step=ACT,
             forced=[["dice", [2, 1]]])
    assert ("v_battle", 5, V2, "") in options(g)
    assert not options(g, "strike")  # nothing of the other Vagabond can be struck
    g.apply(("v_battle", 5, V2, ""))
    assert g.decision.seat == V2
    g.apply(("damage", "boots", "ready"))  # he decides for his own items
    assert g.decision.seat == V2
    g.apply(("damage", "sword", "ready"))
    assert items(g, V2) == {"sword": (0, 0, 1, 0), "boots": (1, 0, 1, 0)}
    assert g.decision.seat == V
    g.apply(("damage", "crossbow", "ready"))
    assert items(g) == {"sword": (1, 1, 0, 0), "crossbow": (0, 0, 1, 0), "boots": (1, 0, 0, 0)}
    assert pawn(g) == pawn(g, V2) == 5
    assert vs(g).relations == {M: 0} and vs(g, V2).relations == {M: 0}
    assert g.vp == [0, 0, 0]


def test_9_7_aid_the_other_vagabond() -> None:
    """9.5.4: he can Aid any player with pieces there, the other Vagabond too (his pawn);
    there is no relationship to improve and no Crafted Items box to take from."""
    g = game((V, V2, M), at=5, items={"boots": 2}, v2={"at": 5},
             hands={V: ["bake_sale"]}, step=ACT)
    g.apply(("aid", V2, "bake_sale"))
    assert g.hands[1] == ["bake_sale"] and vs(g).relations == {M: 0} and g.vp[0] == 0
    assert items(g) == {"boots": (1, 1, 0, 0)}


def test_9_7_3_R_item_blocked_only_while_held() -> None:
    """9.7.3 "if they *have* the same type of R item on their faction board": once his
    R sword has left his board (the item limit, 9.6.4), he may take another."""
    g = game((V, V2, M), at=11, items={"sword": 1, "boots": 3, "torch": 2, "hammer": 1},
             ruin_taken=["sword"], ruin_items={11: ("sword", "hammer")},
             step=("vagabond.capacity", V), more=[("vagabond.explore", V, 11)])
    play(g, ("drop", "sword", "ready"))  # seven items, the limit six
    assert vs(g).ruin_taken == ()
    assert options(g) == [("take_ruin_item", "sword"), ("take_ruin_item", "hammer"),
                          ("no_item",)]


def test_9_2_8_no_coalition_with_a_player_who_activated_dominance() -> None:
    """9.2.8 with 3.3.1: a player who activated a dominance card has no score marker on
    the track, so no victory points to compare: neither chosen nor the lowest."""
    g = four({V: 12, M: 5, E: 0, A: 8}, hands={V: ["dominance_fox"]},
             dominance={E: "dominance_rabbit"})
    assert options(g, "coalition") == [("coalition", "dominance_fox", M)]
