"""Riverfolk Company (Law of Root, section 11), from built positions."""
from __future__ import annotations

from typing import Any

import pytest

import rootlaw
from rootlaw.core.game import Game
from rootlaw.core.steps import STEPS
from rootlaw.factions.riverfolk import POSTS, RiverfolkState, st_of
from tests.builder import assert_illegal, build, options, pause_step, play, scored

RF, M, E, A, V, LZ = "riverfolk", "marquise", "eyrie", "alliance", "vagabond", "lizards"
LH = "hundreds"
PF, PR, PM = POSTS["fox"], POSTS["rabbit"], POSTS["mouse"]
# Fall: rivers 4-7, 5-10, 7-11, 10-11; suits fox 1 6 8 12, rabbit 3 4 5 10, mouse 2 7 9 11

pause_step("pause_rf", "pause", ("go", "wait"))


def rf(g: Game) -> RiverfolkState:
    return st_of(g, g.seat_of(RF))


def at(steps: list[tuple[Any, ...]], *, factions: tuple[str, ...] = (RF, M),
       funds: dict[str, int] | None = None, payments: dict[str, int] | None = None,
       prices: tuple[int, int, int] = (1, 2, 3), phase: str = "daylight", stop: bool = True,
       **kw: Any) -> Game:
    """A built position with the Riverfolk's boxes and prices; ``stop``: pause after
    ``steps``."""
    state = {"funds": funds or {}, "payments": payments or {}, "prices": prices}
    return build(list(factions), steps=steps, phase=phase, stop=stop, riverfolk=state, **kw)


# ============================================================ 11.2 abilities
def test_11_2_1_crafts_on_the_trade_post_tracks() -> None:
    """Empty track spaces (trade posts placed, or gone) and a fund each."""
    g = at([("riverfolk.daylight", RF)], funds={RF: 2}, tokens={RF: {1: [PF]}},
           hands={RF: ["anvil", "foxfolk_steel", "mouse_in_a_sack"]})
    crafts = options(g, "craft")
    assert crafts == [("craft", "anvil", ())]  # one fox space; steel needs two
    play(g, ("craft", "anvil", ()))  # the fund: only Riverfolk funds, no choice
    assert rf(g).funds == {0: 1} and rf(g).committed == {0: 1}
    assert g.items[0] == ["hammer"] and not options(g, "craft")  # the space is used


def test_11_2_2_swimmers_move_along_rivers_whoever_rules() -> None:
    g = at([("riverfolk.daylight", RF)], funds={RF: 1}, warriors={RF: {4: 1}, M: {4: 3, 7: 3}})
    moves = options(g, "rf_move")
    assert ("rf_move", 4, 7) in moves  # a river: rule does not matter (11.2.2)
    assert not [o for o in moves if o[2] in g.board.adj[4] and o[2] != 7]  # paths: rule


def test_11_2_3_public_hand_in_every_view_and_random_takes() -> None:
    g = at([("pause_rf", RF)], hands={RF: ["anvil", "bake_sale"], M: ["sappers"]})
    assert g.view(M)["players"][RF]["hand"] == ["anvil", "bake_sale"]
    assert "hand" not in g.view(RF)["players"][M]
    from rootlaw.core.cards_ep import take_random_card

    g.force("random_card", 1)
    take_random_card(g, 1, 0)  # Stand and Deliver!: still at random, among all
    assert g.hands[1] == ["sappers", "bake_sale"]


def test_11_2_4_funds_are_warriors_out_of_their_owners_supply() -> None:
    g = at([("pause_rf", RF)], funds={RF: 2, M: 3}, payments={M: 1})
    assert g.warrior_supply(1) == 25 - 4 and g.warrior_supply(0) == 15 - 2
    assert g.view(M)["players"][RF]["faction"]["funds"] == {RF: 2, M: 3}


def test_11_2_5_i_trade_disruption() -> None:
    """A trade post removed: half the funds rounded up are removed (the Riverfolk
    choose), and the post leaves the game: its space stays uncovered."""
    g = at([("marquise.actions", M, 3)], funds={RF: 2, M: 1}, stop=False,
           warriors={M: {5: 2}}, tokens={RF: {5: [PR]}}, forced=[["dice", [1, 0]]])
    play(g, ("action", "battle"))  # one hit + defenseless: the trade post goes
    assert g.count_token(0, PR) == 0 and rf(g).gone == (0, 1, 0)
    assert g.decision.kind == "lose_fund" and g.decision.seat == RF
    assert set(options(g)) == {("lose_fund", RF), ("lose_fund", M)}
    play(g, ("lose_fund", M))  # 3 funds: 2 removed; the second, the only owner left
    assert rf(g).funds == {0: 1, 1: 0} and g.warrior_supply(1) == 25 - 2
    assert g.fdefs[0].crafting_pieces(g, 0) == (0, 1, 0)  # 11.2.1: still uncovered


def test_11_2_5_I_trade_disruption_halves_each_removal() -> None:
    """1.1.3: one Favor removing two trade posts triggers Trade Disruption twice, each
    on the funds left: 4 funds lose 2, then 1 of the 2 left."""
    g = build([RF, M], step=("craft", M), phase="daylight", stop=True,
              riverfolk={"funds": {RF: 4}}, tokens={RF: {1: [PF], 8: [PF]}},
              buildings={M: {1: ["workshop"], 6: ["workshop"], 12: ["workshop"]}},
              hands={M: ["favor_of_the_foxes"]})
    play(g, ("craft", "favor_of_the_foxes", ()))
    assert rf(g).gone == (2, 0, 0) and rf(g).funds == {0: 1}
    assert g.warrior_supply(0) == 15 - 1


# ============================================================= 11.2.6 services
def services(buyer: str = M, *, posts: dict[int, str] | None = None, **kw: Any) -> Game:
    g = at([("riverfolk.services", buyer, 0, 0)], phase="birdsong", turn=buyer,
           tokens={RF: {c: [k] for c, k in (posts or {}).items()}}, **kw)
    return g


def test_11_2_6_buying_a_hand_card_pays_warriors_into_payments() -> None:
    g = services(hands={RF: ["anvil"]}, prices=(2, 3, 4))
    assert g.decision.seat == M and ("buy_card", "anvil") in options(g)
    play(g, ("buy_card", "anvil"))  # 11.2.7.I; 11.2.6.I two warriors to Payments
    assert g.hands[1] == ["anvil"] and rf(g).payments == {1: 2}
    assert g.warrior_supply(1) == 25 - 2


def test_11_2_6_ii_one_service_plus_one_per_trade_post_with_your_pieces() -> None:
    g = services(hands={RF: ["anvil", "bake_sale", "sappers"]}, posts={5: PR, 1: PF},
                 warriors={M: {5: 1}})
    play(g, ("buy_card", "anvil"), ("buy_card", "bake_sale"))  # 1 + one post with pieces
    assert g.hands[1] == ["anvil", "bake_sale"] and g.decision.kind == "pause"  # no third


def test_11_2_6_iii_the_vagabond_pays_by_exhausting_items() -> None:
    from tests.rules.vagabond_position import game as vb_game

    g = vb_game((V, RF), step=("riverfolk.services", V, 1, 0),
                items={"boots": 2, "sword": 1, "torch": 1})
    fs = rf(g)
    fs.prices = (2, 1, 1)
    g.hands[1] = ["anvil"]
    g.deck.remove("anvil")  # the cards of the game stay complete
    g._advance()
    assert ("buy_mercenaries",) not in options(g)  # 11.2.7.III.b
    play(g, ("buy_card", "anvil"))
    assert g.decision.kind == "exhaust" and g.decision.seat == V
    while g.decision.kind == "exhaust":
        g.apply(g.decision.options[0])
    assert fs.payments == {1: 2} and g.hands[0][-1] == "anvil"


def test_bots_never_buy_services() -> None:
    g = build([RF, "mechanical_marquise"], hands={RF: ["anvil"]},
              steps=[("birdsong_start", "mechanical_marquise"), ("pause_rf", RF)])
    assert "anvil" in g.hands[0] and not rf(g).payments


# ============================================================ 11.2.7 services
def test_11_2_7_ii_riverboats_rivers_as_paths_until_the_end_of_the_turn() -> None:
    g = build([RF, M], warriors={M: {4: 2, 7: 0}, RF: {7: 3}},
              step=("riverfolk.services", M, 0, 0), turn=M,
              then="daylight", riverfolk={"prices": (1, 1, 1)})
    play(g, ("buy_riverboats",))
    assert g.decision.seat == M
    play(g, ("action", "march"))
    assert ("move", 4, 7) in options(g)  # along the river; M rules 4 (You Must Rule)
    assert rf(g).payments == {1: 1}


def test_11_2_7_iii_mercenaries_for_rule_and_battle() -> None:
    g = build([RF, M, E], warriors={RF: {5: 2}, M: {5: 1}, E: {5: 1}},
              buildings={E: {5: ["roost"]}},
              step=("riverfolk.services", M, 0, 0), turn=M,
              then="daylight", riverfolk={"prices": (1, 1, 1)})
    assert g.ruler(5) == 2  # a tie of two: the Eyrie's Lords of the Forest (7.2.2)
    play(g, ("buy_mercenaries",))
    assert g.phase == "daylight" and g.ruler(5) == 1  # 1 + 2 mercenaries
    assert ("action", "battle") in options(g)


def test_11_2_7_iii_mercenaries_not_against_the_riverfolk_and_hits_split() -> None:
    g = build([RF, M, E], warriors={RF: {5: 3}, M: {5: 1}, E: {5: 1}},
              step=("riverfolk.services", M, 0, 0), turn=M, then="daylight",
              riverfolk={"prices": (1, 1, 1)}, forced=[["dice", [3, 3]]])
    play(g, ("buy_mercenaries",), ("action", "battle"))
    battles = options(g, "battle")
    assert ("battle", 5, E) in battles and ("battle", 5, RF) in battles
    g.apply(("battle", 5, E))
    # the Eyrie deals min(3, 1 warrior) = 1 hit: the first (odd) hit, a Marquise warrior
    assert g.warriors[1][5] == 0 and g.warriors[0][5] == 3
    assert g.warriors[2][5] == 0  # the Marquise dealt up to 1 + 3 hits


def test_11_2_7_iii_a_even_hits_remove_mercenaries() -> None:
    from rootlaw.core.battle import Battle, mercenary_hit

    g = build([RF, M, E], warriors={RF: {5: 2}, M: {5: 2}}, step=("pause_rf", RF))
    b = Battle(2, 1, 5)
    b.lent = [-1, 0]
    assert mercenary_hit(g, b, 1, 1, 5) == 1  # odd: owned
    b.taken[1] = 1
    assert mercenary_hit(g, b, 1, 1, 5) == 0  # even: a mercenary
    g.warriors[1][5] = 0
    b.taken[1] = 2
    assert mercenary_hit(g, b, 1, 1, 5) == 0  # no owned warriors: mercenaries


def test_11_2_7_III_mercenaries_rule_for_the_buyer_not_the_riverfolk() -> None:
    """rulings.md: hired warriors count toward the buyer's rule, not the Riverfolk's: a
    clearing with a mob and one mercenary is the Hundreds'. In the buyer's Birdsong
    they are the Riverfolk's again."""
    g = build([LH, RF], turn=LH, phase="daylight", stop=True,
              riverfolk={"mercenaries": LH}, warriors={RF: {5: 1}}, tokens={LH: {5: ["mob"]}})
    assert g.ruler(5) == 0 and g.rules(0, 5)
    g.phase = "birdsong"
    g.pieces_changed()
    assert g.ruler(5) == 1


def test_11_2_7_III_mercenaries_are_not_enemy_pieces_to_the_buyer() -> None:
    """G.1.9, G.1.33: the buyer's Favor of the Foxes removes the Riverfolk's trade post
    (still an enemy piece) and leaves the warriors it treats as its own."""
    g = build([RF, M], step=("craft", M), phase="daylight", stop=True,
              riverfolk={"mercenaries": M}, warriors={RF: {1: 2, 6: 1}},
              tokens={RF: {6: [PF]}}, hands={M: ["favor_of_the_foxes"]},
              buildings={M: {1: ["workshop"], 8: ["workshop"], 12: ["workshop"]}})
    play(g, ("craft", "favor_of_the_foxes", ()))
    assert g.warriors[0][1] == 2 and g.warriors[0][6] == 1
    assert g.count_token(0, PF) == 0 and scored(g, M) == [(M, 1, "removal")]


def test_11_2_7_III_propaganda_bureau_cannot_take_mercenaries() -> None:
    """G.1.9: Propaganda Bureau replaces an enemy warrior: not a hired one."""
    g = build([RF, M, E], deck_name="exiles_partisans", step=("marquise.actions", M, 3),
              stop=True, riverfolk={"mercenaries": M}, warriors={RF: {5: 1}, E: {5: 1}},
              played={M: ["propaganda_bureau"]}, hands={M: ["bake_sale"]})
    assert options(g, "propaganda") == [("propaganda", 5, E)]
    g.phase = "birdsong"  # not hired outside the buyer's Daylight and Evening
    assert ("propaganda", 5, RF) in STEPS["marquise.actions"].options(g, g.stack[-1])


def test_11_2_7_iii_b_vagabond_hostility_goes_to_the_buyer() -> None:
    from rootlaw.core.move import trigger_removals
    from rootlaw.factions.vagabond import HOSTILE, vs_of

    g = build([RF, M, V], step=("pause_rf", RF), vagabond={})  # indifferent to both
    trigger_removals(g, 2, [(0, 5, 1)], in_battle=True, blame={0: 1})
    assert vs_of(g, 2).relations == {RF: 0, M: HOSTILE}


# ============================================================= 11.3 setup
def test_11_3_setup() -> None:
    g = rootlaw.new_game([M, RF], seed=3)
    s = g.seat_of(RF)
    while g.decision.seat != RF or g.decision.kind != "setup_warriors":
        g.apply(g.decision.options[0])
    rivers = {c for pair in g.board.rivers for c in pair}
    assert {o[1] for o in options(g)} <= rivers  # 11.3.2 touching the river
    for _ in range(4):
        g.apply(g.decision.options[0])
    assert sum(g.warriors[s]) == 4
    assert rf(g).payments == {s: 3}  # 11.3.4
    assert g.decision.kind == "price"  # 11.3.5, each service
    for _ in range(3):
        g.apply(g.decision.options[-1])
    assert rf(g).prices == (4, 4, 4)
    assert rootlaw.FACTIONS[RF].warriors == 15  # 11.3.1
    assert g.view(M)["players"][RF]["faction"]["trade_posts_on_track"] == {
        "fox": 3, "rabbit": 3, "mouse": 3}  # 11.3.3


# ============================================================= 11.4 birdsong
@pytest.mark.parametrize("payments,posts,scored_vp", [({}, True, 2), ({1: 1}, False, 0)])
def test_11_4_protectionism_dividends_gather(payments: dict[int, int], posts: bool,
                                              scored_vp: int) -> None:
    g = at([("riverfolk.birdsong", RF)], funds={RF: 3, M: 2}, phase="birdsong",
           tokens={RF: {5: [PR]}} if posts else {})
    fs = rf(g)
    assert scored(g, RF) == ([(RF, scored_vp, "dividends")] if scored_vp else [])
    if not payments:
        assert fs.funds == {0: 3 + 2, 1: 2}  # 11.4.1 two warriors, gathered (11.4.3)


def test_11_4_3_gather_committed_and_payments() -> None:
    g = build([RF, M], step=("riverfolk.birdsong", RF), stop=True,
              riverfolk={"payments": {M: 2}, "committed": {RF: 1}, "funds": {RF: 1}})
    fs = rf(g)
    assert fs.funds == {0: 2, 1: 2} and not fs.payments and not fs.committed


# ============================================================= 11.5 daylight
def test_11_5_actions_commit_and_spend() -> None:
    g = at([("riverfolk.daylight", RF)], funds={RF: 2, M: 3}, warriors={RF: {5: 1}},
           hands={RF: []})
    play(g, ("rf_draw",), ("fund", M))  # 11.5.4: commit, the choice of whose
    assert len(g.hands[0]) == 1 and rf(g).committed == {1: 1}
    play(g, ("rf_recruit", 10), ("fund", M))  # 11.5.5: spend, back to its owner
    assert g.warriors[0][10] == 1 and rf(g).funds == {0: 2, 1: 1}
    assert g.warrior_supply(1) == 25 - 2
    assert ("rf_recruit", 1) not in options(g)  # 1 does not touch the river


def test_11_5_6_establish_trade_post_with_garrison() -> None:
    g = at([("riverfolk.daylight", RF)], funds={RF: 1, M: 2}, warriors={M: {1: 2, 5: 1}},
           buildings={M: {5: ["sawmill"]}})
    sites = options(g, "rf_post")
    assert ("rf_post", 1, M) in sites  # 11.5.6.I ruled by the Marquise, two of its funds
    play(g, ("rf_post", 1, M))
    assert (0, PF) in g.tokens[1] and g.warriors[0][1] == 1
    assert rf(g).funds == {0: 1, 1: 0} and scored(g, RF) == [(RF, 2, "trade_post")]
    assert not [o for o in options(g, "rf_post") if o[1] == 1]  # one post per clearing


def test_11_5_3_i_export() -> None:
    g = at([("riverfolk.daylight", RF)], funds={RF: 1}, tokens={RF: {1: [PF]}},
           hands={RF: ["anvil"]})
    play(g, ("export", "anvil", ()))
    assert rf(g).payments == {0: 1} and g.items[0] == [] and "anvil" in g.discard


# ============================================================= 11.6 evening
def test_11_6_evening_discard_and_set_costs() -> None:
    g = at([("discard_down", RF), ("riverfolk.price", RF, 0), ("riverfolk.price", RF, 1),
            ("riverfolk.price", RF, 2)], phase="evening",
           hands={RF: ["anvil", "bake_sale", "sappers", "armorers", "cobbler", "investments"]})
    play(g, ("discard", "anvil"))
    assert g.decision.kind == "price"
    play(g, ("price", "hand_card", 1), ("price", "riverboats", 4), ("price", "mercenaries", 2))
    assert rf(g).prices == (1, 4, 2) and len(g.hands[0]) == 5


def test_11_6_2_costs_only_on_the_track() -> None:
    g = at([("riverfolk.price", RF, 0)], phase="evening")
    assert options(g) == [("price", "hand_card", p) for p in (1, 2, 3, 4)]
    assert_illegal(g, ("price", "hand_card", 5))


# ============================================================= interactions
def test_field_hospitals_do_not_save_mercenaries() -> None:
    g = build([RF, M, E], warriors={RF: {5: 1}, M: {5: 1}, E: {5: 3}},
              tokens={M: {1: ["keep"]}}, hands={M: ["bake_sale"]},
              step=("riverfolk.services", M, 0, 0), turn=M,
              then="daylight", riverfolk={"prices": (1, 1, 1)}, forced=[["dice", [2, 2]]])
    play(g, ("buy_mercenaries",), ("action", "battle"), ("battle", 5, E))
    # two hits on the Marquise side: the odd one a Marquise warrior, the even one the
    # mercenary (11.2.7.III.a); Field Hospitals (6.2.3) for the Marquise warrior only
    assert g.warriors[0][5] == 0 and g.warriors[1][5] == 0 and g.warriors[2][5] == 1
    assert g.decision.kind == "field_hospitals"
    assert g.stack[-1] == ("marquise.field_hospitals", 1, 5, 1)


def test_codebreakers_on_the_public_hand_show_nothing_new() -> None:
    g = at([("pause_rf", RF)], hands={RF: ["anvil"]})
    assert g.view(M)["players"][RF]["hand"] == ["anvil"]


def test_stand_and_deliver_from_the_riverfolk() -> None:
    g = build([M, RF], played={M: ["stand_and_deliver"]}, hands={RF: ["anvil", "sappers"]},
              step=("card_window", M), forced=[["random_card", 0]])
    play(g, ("stand_and_deliver", RF))
    assert g.hands[0] == ["anvil"] and scored(g, RF) == [(RF, 1, "stand_and_deliver")]


def test_lost_souls_with_riverfolk_spending() -> None:
    g = at([("riverfolk.daylight", RF)], factions=(RF, LZ), funds={RF: 1},
           tokens={RF: {1: [PF]}}, hands={RF: ["anvil"]})
    play(g, ("export", "anvil", ()))
    from rootlaw.factions.lizards import st_of as lz_st

    assert lz_st(g, 1).lost_souls == ("anvil",)


def test_11_5_1_and_11_5_2_move_and_battle_commit_a_fund() -> None:
    g = at([("riverfolk.daylight", RF)], funds={RF: 2}, warriors={RF: {5: 3}, M: {5: 1}},
           forced=[["dice", [0, 0]]])
    play(g, ("rf_battle", 5, M))
    assert rf(g).committed == {0: 1} and rf(g).funds == {0: 1}
    play(g, ("rf_move", 5, 10), ("warriors", 2))  # along the river 5-10
    assert g.warriors[0][10] == 2 and rf(g).committed == {0: 2}
    assert not options(g, "rf_move")  # no funds left


def test_outrage_when_riverboats_move_into_sympathy() -> None:
    g = build([RF, M, A], warriors={M: {4: 2}}, tokens={A: {7: ["sympathy"]}},
              hands={M: ["anvil"]},
              step=("riverfolk.services", M, 0, 0), turn=M,
              then="daylight", riverfolk={"prices": (1, 1, 1)})
    play(g, ("buy_riverboats",), ("action", "march"), ("move", 4, 7), ("warriors", 1))
    # 8.2.6 Outrage: no mouse card to give, so the hand is shown and the Alliance draws
    assert ("outrage_shown", M, A) in g.log


def test_the_eyrie_decree_with_mercenaries() -> None:
    """Mercenaries count for rule (a roost can be built where they give rule), not as
    Eyrie warriors (the Eyrie cannot move them)."""
    g = build([RF, E, M], warriors={RF: {5: 3}, M: {5: 2}, E: {1: 2}},
              buildings={E: {1: ["roost"]}}, decree={"build": ["bake_sale"]},
              step=("riverfolk.services", E, 0, 0), turn=E,
              then="daylight", riverfolk={"prices": (1, 1, 1)})
    play(g, ("buy_mercenaries",))
    assert g.ruler(5) == 1  # 3 mercenaries beat the Marquise's 2
    while g.decision.seat == E:  # recruit at the roost, move (the vizier), build
        assert not [o for o in options(g, "decree_move") if o[2] == 5]  # not the mercs
        g.apply([o for o in options(g) if o[0] != "decree_move" or o[3] != 5][0])
    assert g.warriors[1][5] == 0  # no Eyrie warrior went to 5
    assert (1, "roost") in g.buildings[5]  # 7.5.2 built where it rules by mercenaries


def test_a_human_buys_services_with_bots_seated() -> None:
    g = services(factions=(RF, M, "electric_eyrie"), hands={RF: ["anvil"]})
    play(g, ("buy_card", "anvil"))
    assert g.hands[1] == ["anvil"] and rf(g).payments == {1: 1}


def test_codebreakers_on_the_riverfolk() -> None:
    g = build([M, RF], played={M: ["codebreakers"]}, hands={RF: ["anvil"]},
              step=("marquise.actions", M, 3))
    play(g, ("codebreakers", RF))
    assert g.view(M)["players"][M]["seen_hands"] == {RF: ["anvil"]}
    assert g.view(M)["players"][RF]["hand"] == ["anvil"]  # public anyway (11.2.3)
