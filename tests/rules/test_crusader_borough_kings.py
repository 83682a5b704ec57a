"""Borough Kings (Crusader expansion, fan-made: BK), from built positions: a test per
numbered rule of the section, with the mice beside the Law's factions and bots."""
from __future__ import annotations

import random
from typing import Any

import rootlaw
from rootlaw.core.battle import battle_options, start_battle
from rootlaw.core.determinize import Sampler
from rootlaw.core.game import Game
from rootlaw.factions.borough_kings import (
    BAG_POOL,
    HENCHMAN,
    MOUSE,
    RAT,
    BoroughKingsState,
    cards_to_add,
    st_of,
    sync_bag,
)
from tests.builder import assert_illegal, build, options, pause_step, play, scored, seat

BK, M, E, A, V, CV, UD, RF = ("borough_kings", "marquise", "eyrie", "alliance", "vagabond",
                              "corvids", "duchy", "riverfolk")
# Fall: fox 1 6 8 12, rabbit 3 4 5 10, mouse 2 7 9 11; corners 1-3, 2-4 opposite;
# 1-5,9,10 2-5,6,10 3-6,7,11 4-8,9,12 5-1,2 6-2,3,11 7-3,8,12 8-4,7 9-1,4,12 10-1,2,12
WAIT = pause_step("test.bk_wait", "pause", ("go", "wait"))
ARS = "arsenal"


def bk(g: Game) -> BoroughKingsState:
    return st_of(g, g.seat_of(BK))


def battle(factions: list[str], att: str, c: int, dfd: str, dice: list[int],
           **kw: Any) -> Game:
    """A battle started in a built position (its first decisions follow), then a pause."""
    return build(factions, step=(WAIT, att), forced=[["dice", dice]],
                 before=lambda g: start_battle(g, seat(g, att), c, seat(g, dfd)), **kw)


def daylight(**kw: Any) -> Game:
    """The Kings' Daylight from its start (BK.5.1 craft, then the Manifest)."""
    return build(kw.pop("factions", [BK, M]), turn=BK, then="daylight", **kw)


# ================================================================ BK.2 rules
def test_bk_2_1_crafting_one_arsenal_per_matching_consolidate_card() -> None:
    """BK.2.1 / BK.5.1: arsenals craft, one per matching card in Consolidate (a bird
    matches any suit)."""
    kw: dict[str, Any] = dict(warriors={BK: {1: 1, 6: 1}}, buildings={BK: {1: [ARS], 6: [ARS]}},
                              hands={BK: ["anvil", "foxfolk_steel"]})
    g = daylight(**kw, borough_kings={"regent": "general"})
    assert g.decision.kind == "manifest"  # nothing in Consolidate: no craft at all
    g = daylight(**kw, borough_kings={"regent": "general",
                                      "manifest": {"consolidate": ["bake_sale"]}})
    assert g.decision.kind == "manifest"  # a rabbit card lets no fox arsenal work
    g = daylight(**kw, borough_kings={"regent": "general",
                                      "manifest": {"consolidate": ["travel_gear_fox"]}})
    assert options(g, "craft") == [("craft", "anvil", ())]  # one fox card: one arsenal
    g.apply(("craft", "anvil", ()))
    assert g.items[0] == ["hammer"] and not options(g, "craft")
    # the Oligarch's henchman (a bird) in Consolidate allows one arsenal of any suit
    g = daylight(**kw, borough_kings={"regent": "oligarch",
                                      "manifest": {"consolidate": ["travel_gear_fox"]}})
    assert ("craft", "foxfolk_steel", ()) in options(g, "craft")


def test_bk_2_2_herald_scores_after_a_battle_that_leaves_no_enemy() -> None:
    """BK.2.2 Herald of the King: one extra VP after a battle when the Kings rule the
    clearing and no enemy piece is left there; the numbered rule names no herald (only
    BK.1's overview does: the rule wins, rulings.md)."""
    kw: dict[str, Any] = dict(warriors={BK: {5: 3}, M: {5: 1}})
    g = battle([BK, M], BK, 5, M, [2, 0], tokens={BK: {5: ["herald"]}}, **kw)
    assert ("borough_kings", 1, "herald_of_the_king") in scored(g, BK)
    g = battle([BK, M], BK, 5, M, [2, 0], **kw)  # no herald there: the point all the same
    assert ("borough_kings", 1, "herald_of_the_king") in scored(g, BK)
    g = battle([BK, M], BK, 5, M, [1, 0], tokens={BK: {5: ["herald"]}},
               warriors={BK: {5: 3}, M: {5: 2}})  # an enemy warrior is left
    assert not scored(g, BK)


def test_bk_2_2_heralds_move_with_the_kings_warriors() -> None:
    """BK.2.2: heralds may move with warriors the Kings move."""
    g = build([BK, M], warriors={BK: {5: 3}}, tokens={BK: {5: ["herald", "herald"]}},
              step=("move_count", BK, 5, 1, 0), stop=True)
    g.apply(("warriors", 2))
    assert g.decision.kind == "heralds"
    assert options(g) == [("bk_heralds", 1), ("bk_heralds", 2), ("bk_heralds", 0)]
    g.apply(("bk_heralds", 1))
    assert g.tokens[1] == ((0, "herald"),) and g.tokens[5] == ((0, "herald"),)


def test_bk_2_2_forced_to_move_the_kings_may_move_heralds() -> None:
    """BK.2.2 (If forced to move, the Kings player may also move heralds): False Orders
    (E&P) moves half the Kings' warriors; the Kings decide about their heralds."""
    g = build([M, BK], warriors={BK: {5: 4}, M: {1: 1}}, tokens={BK: {5: ["herald"]}},
              played={M: ["false_orders"]}, deck_name="exiles_partisans", step=("turn", M))
    fo = [o for o in options(g) if o[0] == "false_orders" and o[2] == 5]
    assert fo
    g.apply(fo[0])
    assert g.decision.seat == BK and g.decision.kind == "heralds"


def test_bk_2_3_the_bag_draws_after_the_place_is_declared() -> None:
    """BK.2.3: placed warriors are drawn at random from the bag once the clearing is
    chosen (the bag's front, the order random and hidden)."""
    bag = [MOUSE, RAT, MOUSE] + [RAT] * 13 + [MOUSE] * 2  # the supply: 18 warriors
    g = daylight(warriors={BK: {5: 1, 10: 1}}, buildings={BK: {5: [ARS, ARS], 10: [ARS]}},
                 borough_kings={"regent": "tyrant", "bag": bag})
    assert g.decision.kind == "manifest"  # Tyrant: a henchman (bird) in Recruit
    assert {o for o in options(g) if o[0] == "bk_recruit"} == {
        ("bk_recruit", "bird", 5), ("bk_recruit", "bird", 10)}
    assert bk(g).bag == tuple(bag)  # nothing drawn before the place is chosen
    g.apply(("bk_recruit", "bird", 5))  # one warrior per arsenal, drawn together
    assert g.warriors[0][5] == 3 and bk(g).mice == (5,)
    assert bk(g).bag[:1] == (MOUSE,) and len(bk(g).bag) == len(bag) - 2
    assert ("bag", BK, 5, 1, 1) in g.log


def test_bk_2_3_returned_warriors_shake_the_bag() -> None:
    """BK.2.3: warriors back in the supply go into the bag, which is shaken (the game's
    RNG, logged) before the next draw."""
    g = battle([BK, M], BK, 5, M, [0, 0], warriors={BK: {5: 2, 1: 1}, M: {5: 3}},
               buildings={BK: {1: [ARS]}}, borough_kings={"mice": {5: 1}},
               hands={M: ["ambush_rabbit"]})
    g.apply(("ambush", "ambush_rabbit"))  # two hits to the Kings (4.3.1.II)
    assert options(g) == [("hit", 0, "warrior"), ("hit", 0, "lent_mouse")]  # 4.3.4: its choice
    g.apply(("hit", 0, "lent_mouse"))  # the rat takes the second hit: nothing to choose
    assert sum(g.warriors[0]) == 1 and bk(g).mice == ()
    sync_bag(g, 0, 0)
    assert bk(g).shaken and bk(g).bag.count(MOUSE) == 4 and len(bk(g).bag) == 19
    g.forced = []  # (the battle ended before its roll: the dice were never drawn)
    g.force("bag", sorted(bk(g).bag))  # a forced shake: mice first
    g.place_warriors(0, 1, 1)
    assert bk(g).mice == (1,)
    assert any(e[0] == "f" and e[1] == "bag" for e in g.log)


def test_bk_2_3_paying_the_riverfolk_draws_from_the_bag() -> None:
    """BK.2.3 (also if paying for Riverfolk Services): the warriors paid come out of the
    bag at random; the mice among them stay the Kings' on the Riverfolk board (BK.2.4)
    and come back first when spent."""
    g = build([BK, RF], warriors={BK: {1: 1}, RF: {2: 1}}, buildings={BK: {1: [ARS]}},
              hands={RF: ["anvil"]}, riverfolk={"prices": (1, 1, 1)},
              borough_kings={"bag": [MOUSE, RAT] + [RAT] * 14 + [MOUSE] * 3},
              step=("turn", BK))
    g.apply(("buy_card", "anvil"))
    while g.decision.kind == "buy_service":
        g.apply(("done",))
    fs = bk(g)
    assert fs.held_mice == 1 and fs.held_seen == 1 and fs.bag[0] == RAT
    sync_bag(g, 0, 0)
    assert fs.bag.count(MOUSE) == 3 and len(fs.bag) == g.warrior_supply(0)


def test_bk_2_3_propaganda_bureau_draws_from_the_bag() -> None:
    """BK.2.3 (or using Propaganda Bureau): the warrior replacing the enemy's comes out
    of the bag after the clearing is chosen."""
    bag = [MOUSE] + [RAT] * 15 + [MOUSE] * 3
    g = build([BK, M], warriors={BK: {1: 1}, M: {5: 1}}, buildings={BK: {1: [ARS]}},
              played={BK: ["propaganda_bureau"]}, hands={BK: ["bake_sale"]},
              deck_name="exiles_partisans", borough_kings={"bag": bag}, turn=BK,
              then="daylight")
    g.apply(("propaganda", 5, M))
    assert g.warriors[0][5] == 1 and bk(g).mice == (5,)


def test_bk_2_3_the_bag_is_hidden_from_every_seat() -> None:
    """BK.2.3: what order the bag is in is nobody's to see, the Kings' own seat included:
    reshuffling it changes no view; the search agent's samples resample it."""
    g = build([BK, M], warriors={BK: {1: 2}}, buildings={BK: {1: [ARS]}},
              borough_kings={"bag": [MOUSE] * 4 + [RAT] * 14}, turn=BK, then="daylight")
    views = {who: g.view(who) for who in (BK, M, None)}
    c = g.copy()
    bag = list(bk(c).bag)
    random.Random(3).shuffle(bag)
    g.fdefs[0].set_hidden(c, 0, 0, {BAG_POOL: bag})
    assert bk(c).bag != bk(g).bag
    for who, v in views.items():
        assert c.view(who) == v
    assert "bag" not in str(g.view(BK)["players"][BK]["faction"]).replace("in_bag", "")
    orders = {st_of(Sampler(g, who, seed=k).sample(), 0).bag for who in (BK, M)
              for k in range(6)}
    assert len(orders) > 1 and all(sorted(o) == sorted(bk(g).bag) for o in orders)


def test_bk_2_4_mice_are_the_turn_players_warriors_for_all_intents() -> None:
    """BK.2.4 Mice Mischief: on the Marquise's turn the mice are her warriors (in her
    row, views, rule, moves, battles); at its end they are the Kings' again."""
    g = build([M, BK], warriors={BK: {5: 2, 10: 1}, M: {1: 1}},
              buildings={M: {1: ["sawmill"]}}, borough_kings={"mice": {5: 2}},
              step=("turn", M))
    assert g.warriors[0][5] == 2 and g.warriors[1][5] == 0 and g.ruler(5) == 0
    v = g.view(BK)
    assert v["clearings"][4]["warriors"] == {M: 2}
    assert v["players"][BK]["faction"]["mice_treated_as"] == M
    assert g.warrior_supply(0) == 25 - 1 and g.warrior_supply(1) == 20 - 3
    # her march can move the mice (from 5, which she rules with them)
    g = build([M, BK], warriors={BK: {5: 2}, M: {1: 1}}, buildings={M: {1: ["sawmill"]}},
              borough_kings={"mice": {5: 2}}, step=("marquise.march", M, 1), turn=M,
              phase="daylight", stop=True)
    assert g.warriors[0][5] == 2 and any(o[1] == 5 for o in options(g, "move"))
    g.apply(("move", 5, 2))
    g.apply(("warriors", 2))
    assert bk(g).mice == (2, 2) and g.warriors[0][2] == 2
    while g.decision.kind != "pause":
        g.apply(options(g)[-1])
    g.apply(("go",))
    # at the end of her turn: the Kings' warriors again, where she left them
    assert g.warriors[1][2] == 2 and g.warriors[0][2] == 0 and bk(g).holder == -1


def test_bk_2_4_mice_battle_for_the_turn_player_even_against_the_kings() -> None:
    """BK.2.4: mice alone let the turn player battle, and fight against the Kings."""
    g = build([M, BK], warriors={BK: {5: 3}, M: {1: 1}}, buildings={M: {1: ["sawmill"]}},
              borough_kings={"mice": {5: 1}}, step=(WAIT, M), turn=M, phase="daylight")
    assert ("battle", 5, BK) in battle_options(g, 0)
    g.force("dice", [3, 1])
    start_battle(g, 0, 5, 1)
    g._advance()
    assert g.warriors[1][5] == 1 and bk(g).mice == ()  # the mouse took the Kings' hit


def test_bk_2_4_taking_hits_the_side_chooses_its_own_or_a_mouse() -> None:
    """BK.2.4 with 4.3.4: a side with its own warriors and mice chooses which go."""
    g = build([M, BK, E], warriors={BK: {5: 2}, M: {5: 1}, E: {5: 3}},
              borough_kings={"mice": {5: 2}}, step=(WAIT, M), turn=M, phase="daylight",
              hands={E: ["ambush_rabbit"]}, forced=[["dice", [0, 0]]],
              before=lambda g: start_battle(g, 0, 5, 2))
    g.apply(("ambush", "ambush_rabbit"))  # two hits to the Marquise (4.3.1.II)
    assert g.decision.seat == M
    assert options(g) == [("hit", 0, "warrior"), ("hit", 0, "lent_mouse")]
    g.apply(("hit", 0, "lent_mouse"))
    g.apply(("hit", 0, "lent_mouse"))
    assert g.warriors[0][5] == 1 and bk(g).mice == ()
    assert g.warrior_supply(1) == 20  # the mice went back to the Kings' bag


def test_bk_2_4_corvids_plot_with_mice() -> None:
    """BK.2.4 (they can be used for faction abilities such as Corvid Plots): the Corvids
    pay for a plot with mice."""
    g = build([CV, BK], warriors={BK: {5: 1}, CV: {1: 1}}, borough_kings={"mice": {5: 1}},
              step=("turn", CV), hands={CV: []})
    while g.decision.kind != "action" and not [o for o in options(g) if o[0] == "cv_plot"]:
        g.apply(options(g)[-1])
    plots = [o for o in options(g) if o[0] == "cv_plot" and o[1] == 5]
    assert plots
    g.apply(plots[0])
    while g.decision.kind not in ("action",):
        g.apply(options(g)[0])
    assert bk(g).mice == () and g.warrior_supply(1) == 20


def test_bk_2_4_mice_cannot_go_into_the_burrow() -> None:
    """BK.2.4 with 12.2.2: mice stay Borough Kings pieces (G.1.33), which cannot be moved
    into the Burrow."""
    g = build([UD, BK], warriors={UD: {1: 1}, BK: {1: 2}}, tokens={UD: {1: ["tunnel"]}},
              borough_kings={"mice": {1: 2}}, turn=UD, step=(WAIT, UD), phase="daylight")
    k = g.board.burrow
    from rootlaw.core.move import MoveCount, move_pairs

    assert (1, k) in move_pairs(g, 0)
    opts = MoveCount().options(g, ("move_count", 0, 1, k, 0))
    assert opts == [("warriors_lent", 1, 0)]
    g2 = build([UD, BK], warriors={BK: {1: 2}}, tokens={UD: {1: ["tunnel"]}},
               borough_kings={"mice": {1: 2}}, turn=UD, step=(WAIT, UD), phase="daylight")
    assert (1, g2.board.burrow) not in move_pairs(g2, 0)


def test_bk_2_4_i_the_vagabond_uses_mice_as_allied_warriors() -> None:
    """BK.2.4.I: the Vagabond moves mice with him and attacks with them as Allied
    warriors, never against the Kings, and his relationships do not change."""
    g = build([V, BK, M], warriors={BK: {5: 2, 1: 1}, M: {1: 1}},
              borough_kings={"mice": {5: 2}}, vagabond={"at": 5, "items": {"boots": 2,
                                                                              "sword": 1}},
              step=("vagabond.actions", V), turn=V, phase="daylight")
    assert g.warriors[0][5] == 2 and g.ruler(5) == 0  # his pieces, for rule too
    g.apply(("v_move", 1))
    assert ("ally_mice", 2) in options(g)
    g.apply(("ally_mice", 2))
    assert bk(g).mice == (1, 1) and g.warriors[0][1] == 2
    battles = [o for o in options(g) if o[0] == "v_battle"]
    assert ("v_battle", 1, M, " with mice") in battles
    assert ("v_battle", 1, BK, " with mice") not in battles  # 9.2.9.IIc
    before = g.fstate[0].relations[BK]
    g.force("dice", [3, 1])  # three hits for him (a sword, two mice), one for her
    g.apply(("v_battle", 1, M, " with mice"))
    assert g.warriors[2][1] == 0
    assert ("ally_hit", V) in options(g)  # a mouse takes the hit (9.2.9.IId)
    g.apply(("ally_hit", V))
    assert g.warriors[0][1] == 1 and bk(g).mice == (1,)
    # more hits taken by mice than by items, yet no change toward the Kings (BK.2.4.I)
    assert g.fstate[0].relations[BK] == before


# ================================================================ BK.3 setup
def setup_game(**kw: Any) -> Game:
    """Marquise then the Kings (setup order), the Marquise's keep in corner 1."""
    g = rootlaw.new_game([M, BK], seed=5, **kw)
    g.apply(("keep", 1))
    while g.decision.seat != BK:
        g.apply(options(g)[0])
    return g


def test_bk_3_1_to_3_6_setup() -> None:
    """BK.3.1 20 warriors, 16 rats and 4 mice; 3.2 an arsenal in a free corner opposite
    a starting corner, two in adjacent clearings without enemy buildings; 3.3 a rat in
    each clearing, the rest in the bag; 3.4 a regent; 3.5 the henchmen; 3.6 three
    arsenals on the track."""
    g = setup_game()
    s = g.seat_of(BK)
    assert g.fdefs[s].warriors == 20
    # the only corner opposite the keep's (1): taken without asking
    assert (s, ARS) in g.buildings[3] and st_of(g, s).corner == 3
    adj = options(g)
    assert set(adj) == {("bk_adjacent", 6), ("bk_adjacent", 7), ("bk_adjacent", 11)}
    g.apply(("bk_adjacent", 6))
    assert ("bk_adjacent", 6) not in options(g)  # two different clearings
    g.apply(("bk_adjacent", 7))
    assert g.decision.kind == "leader"
    rats = sum(g.warriors[s])
    assert rats == 11 and g.warriors[s][1] == 0  # not in the keep's clearing (6.2.2)
    fs = st_of(g, s)
    assert sorted(fs.bag) == sorted([RAT] * 5 + [MOUSE] * 4)
    g.apply(("bk_regent", "tyrant"))
    assert fs.regent == "tyrant" and set(fs.face_up) == {"general", "oligarch", "populist"}
    assert fs.manifest == ((), (HENCHMAN,), (HENCHMAN,))  # recruit, consolidate (BK.8.4)
    assert g.view(M)["players"][BK]["faction"]["arsenals_on_track"] == 3


def test_bk_3_7_rearrange_warriors() -> None:
    """BK.3.7: the Kings' warriors in clearings with enemy buildings or tokens go, as
    evenly as possible, to the clearings with arsenals."""
    g = setup_game()
    s = g.seat_of(BK)
    play(g, ("bk_adjacent", 6), ("bk_adjacent", 7), ("bk_regent", "general"))
    m = g.seat_of(M)
    enemy = [c for c in g.clearings() if any(p[0] == m for p in g.buildings[c] + g.tokens[c])]
    moved = len([c for c in enemy if c != 1])  # none in the keep's clearing (BK.3.3)
    assert moved
    while g.decision is not None and g.decision.kind == "setup_spread":
        g.apply(options(g)[0])
    for c in enemy:
        assert g.warriors[s][c] == 0
    extra = sorted(g.warriors[s][c] - 1 for c in (3, 6, 7))
    assert sum(extra) == moved and extra[-1] - extra[0] <= 1


# ============================================================ BK.4 birdsong
def test_bk_4_1_a_new_arsenal() -> None:
    """BK.4.1: with no arsenal on the map, an arsenal and six warriors from the bag in a
    map-edge clearing where it can go."""
    g = build([BK, M], warriors={BK: {12: 1}}, step=("turn", BK))
    assert g.decision.kind == "new_arsenal"
    assert {o[1] for o in options(g)} <= set(g.board.edge)
    g.apply(("bk_new_arsenal", 8))
    assert (0, ARS) in g.buildings[8] and g.warriors[0][8] == 6


# ============================================================ BK.5 daylight
def test_bk_5_2_resolve_the_manifest_left_to_right() -> None:
    """BK.5.2: Conquer, then Recruit, then Consolidate; in a column, any order."""
    g = daylight(warriors={BK: {5: 2}, M: {1: 1}}, buildings={BK: {5: [ARS]}},
                 borough_kings={"regent": "tyrant", "manifest": {
                     "conquer": ["bake_sale"], "consolidate": ["a_visit_to_friends"]}})
    assert g.decision.kind == "manifest" and g.stack[-1][2] == 0
    assert not [o for o in options(g) if o[0] in ("bk_recruit", "bk_arsenal")]


def test_bk_5_2_i_conquer_battles_or_moves_in_a_matching_clearing() -> None:
    """BK.5.2.I: a battle in, or a move of at least one warrior from, a clearing of the
    card's suit."""
    g = daylight(warriors={BK: {5: 2, 1: 1}, M: {5: 1, 1: 1}}, buildings={BK: {5: [ARS]}},
                 borough_kings={"regent": "tyrant", "manifest": {"conquer": ["bake_sale"]}})
    opts = options(g)
    assert ("bk_battle", "rabbit", 5, M) in opts and ("bk_battle", "rabbit", 1, M) not in opts
    assert all(o[2] == 5 for o in opts if o[0] == "bk_move")


def test_bk_5_2_ii_recruit_one_warrior_per_arsenal() -> None:
    """BK.5.2.II: in a matching clearing with arsenals, one warrior per arsenal; too
    few in the bag means the action is not fully taken: a Palace Coup."""
    g = daylight(warriors={BK: {5: 1, 10: 1}}, buildings={BK: {5: [ARS, ARS], 10: [ARS]}},
                 borough_kings={"regent": "tyrant"})
    g.apply(("bk_recruit", "bird", 5))
    assert g.warriors[0][5] == 3 and ("palace_coup", BK) not in g.log
    # nineteen on the map (four of them mice): one warrior left in the bag
    g = daylight(warriors={BK: {5: 1, 1: 5, 9: 5, 10: 4, 2: 4}},
                 buildings={BK: {5: [ARS, ARS]}},
                 borough_kings={"regent": "tyrant", "mice": {10: 4}, "bag": [RAT]})
    assert g.warriors[0][5] == 2 and ("palace_coup", BK) in g.log  # placed, not fully


def test_bk_5_2_iii_consolidate_an_arsenal_or_a_herald() -> None:
    """BK.5.2.III: an arsenal in a matching clearing the Kings rule, or a herald in a
    matching clearing with an arsenal."""
    g = build([BK, M], warriors={BK: {5: 2, 10: 1}, M: {4: 1}}, buildings={BK: {5: [ARS]}},
              step=("bk.manifest", BK, 2, ("rabbit",)), phase="daylight", stop=True)
    opts = options(g)
    assert {o[2] for o in opts if o[0] == "bk_arsenal"} == {5, 10}  # not 3, 4: not ruled
    assert {o[2] for o in opts if o[0] == "bk_herald"} == {5}
    g.apply(("bk_herald", "rabbit", 5))
    assert (0, "herald") in g.tokens[5]


def test_bk_5_2_cannot_take_an_action_means_a_palace_coup() -> None:
    """BK.5.2: a card whose action cannot be taken offers only the Palace Coup."""
    g = build([BK, M], warriors={BK: {1: 1}}, buildings={BK: {1: [ARS]}},
              step=("bk.manifest", BK, 1, ("rabbit", "fox")), phase="daylight", stop=True)
    assert ("bk_coup", "rabbit") in options(g) and ("bk_recruit", "fox", 1) in options(g)
    assert not [o for o in options(g) if o[0] == "bk_recruit" and o[1] == "rabbit"]
    g.apply(("bk_coup", "rabbit"))
    assert ("palace_coup", BK) in g.log


def test_bk_5_3_overextension() -> None:
    """BK.5.3: a column of five or more cards after the Manifest forces a Palace Coup;
    four do not."""
    cards = ["bake_sale", "smugglers_trail", "a_visit_to_friends", "investments"]
    g = build([BK, M], warriors={BK: {5: 1}}, step=("bk.overextension", BK),
              phase="daylight", borough_kings={"regent": "tyrant",
                                               "manifest": {"consolidate": cards}}, stop=True)
    assert ("overextension", BK) in g.log and g.decision.kind == "leader"
    g = build([BK, M], warriors={BK: {5: 1}}, step=("bk.overextension", BK),
              phase="daylight", borough_kings={"regent": "tyrant",
                                               "manifest": {"consolidate": cards[:3]}},
              stop=True)
    assert ("overextension", BK) not in g.log and g.decision.kind == "abdicate"


def test_bk_5_4_abdicate() -> None:
    """BK.5.4: the Kings may declare a Palace Coup."""
    g = build([BK, M], warriors={BK: {5: 1}}, step=("bk.abdicate", BK), phase="daylight",
              borough_kings={"regent": "general"}, stop=True)
    assert ("bk_abdicate",) in options(g) and ("done",) in options(g)
    g.apply(("bk_abdicate",))
    assert g.decision.kind == "leader" and ("palace_coup", BK) in g.log


# ============================================================= BK.6 evening
def test_bk_6_1_desperate_pledge() -> None:
    """BK.6.1: fewer cards in hand than the Arsenals track reveals: draw one."""
    g = build([BK, M], warriors={BK: {5: 1}}, buildings={BK: {5: [ARS]}},
              hands={BK: ["anvil"]}, deck_top=["bake_sale"], step=("bk.pledge", BK),
              phase="evening", stop=True)
    assert cards_to_add(g, 0) == 2 and sorted(g.hands[0]) == ["anvil", "bake_sale"]
    g = build([BK, M], warriors={BK: {5: 1}}, buildings={BK: {5: [ARS]}},
              hands={BK: ["anvil", "sappers"]}, deck_top=["bake_sale"],
              step=("bk.pledge", BK), phase="evening", stop=True)
    assert len(g.hands[0]) == 2


def test_bk_6_2_add_to_the_manifest_and_score() -> None:
    """BK.6.2: add as many cards as the Arsenals track reveals (the hand's, if fewer),
    to any columns; one VP per card after the first."""
    g = build([BK, M], warriors={BK: {5: 1}},
              buildings={BK: {5: [ARS, ARS], 1: [ARS], 10: [ARS], 4: [ARS]}},
              hands={BK: ["anvil", "sappers", "bake_sale", "investments", "armorers"]},
              step=("bk.add", BK, 0, -1), phase="evening", stop=True)
    assert cards_to_add(g, 0) == 4  # two of the track's three arsenals placed
    for _ in range(4):
        assert ("done",) not in options(g)
        g.apply(options(g)[0])
    assert len(g.hands[0]) == 1  # then the step ends by itself, and scores
    assert scored(g, BK) == [(BK, 3, "manifest")]
    assert sum(len(col) for col in bk(g).manifest) == 2 + 4
    g = build([BK, M], warriors={BK: {5: 1}}, buildings={BK: {5: [ARS]}},
              hands={BK: ["anvil"]}, step=("bk.add", BK, 0, -1), phase="evening", stop=True)
    g.apply(options(g)[0])
    assert not g.hands[0] and not scored(g, BK)  # a single card: nothing after the first


def test_bk_6_3_draw_one_plus_one_per_ruled_herald_clearing() -> None:
    """BK.6.3: one card, plus one per clearing the Kings rule with a herald."""
    g = build([BK, M], warriors={BK: {5: 2, 10: 1, 2: 1}, M: {2: 2}},
              tokens={BK: {5: ["herald", "herald"], 10: ["herald"], 2: ["herald"]}},
              step=("bk.evening_draw", BK), phase="evening", stop=True)
    assert len(g.hands[0]) == 3  # 1 + clearings 5 and 10 (not 2, the Marquise rules)


# ========================================================== BK.7 palace coup
def test_bk_7_palace_coup() -> None:
    """BK.7.1 Anarchy: one VP lost per bird card (henchmen too); 7.2 Purge: every mouse
    back in the bag, the Manifest discarded but the henchmen; 7.3 Dethrone: a face-up
    regent; 7.4 Proclaim: Daylight ends."""
    g = build([BK, M], warriors={BK: {5: 3, 1: 1}}, buildings={BK: {5: [ARS]}}, vp={BK: 5},
              borough_kings={"regent": "general", "face_up": ["oligarch", "populist"],
                             "mice": {5: 2},
                             "manifest": {"recruit": ["sappers", "bake_sale"]}},
              step=("bk.coup", BK), phase="daylight", then="evening", stop=True)
    assert g.vp[0] == 5 - 3  # two henchmen and Sappers
    assert g.warriors[0][5] == 1 and bk(g).mice == ()
    assert "bake_sale" in g.discard and "sappers" in g.discard
    assert options(g) == [("bk_regent", "oligarch"), ("bk_regent", "populist")]
    g.apply(("bk_regent", "oligarch"))
    fs = bk(g)
    assert fs.regent == "oligarch" and fs.face_up == ("populist",)
    assert fs.manifest == ((HENCHMAN,), (), (HENCHMAN,))
    # BK.7.4 Proclaim: nothing of Daylight is left (no BK.5.3/5.4), Evening follows
    assert g.decision.kind == "pause" and g.stack[-2][0] == "evening_start"


def test_bk_7_3_i_reactionist_uprising() -> None:
    """BK.7.3.I: with no regent face up, all are flipped face up."""
    g = build([BK, M], warriors={BK: {5: 1}}, step=("bk.dethrone", BK), phase="daylight",
              borough_kings={"regent": "tyrant", "face_up": []}, stop=True)
    assert {o[1] for o in options(g)} == {"general", "oligarch", "populist", "tyrant"}


# ============================================================ BK.8 regents
def test_bk_8_1_general() -> None:
    """BK.8.1: both henchmen on Conquer; once in Birdsong, a card added scores one."""
    g = build([BK, M], warriors={BK: {5: 1}}, buildings={BK: {5: [ARS]}},
              hands={BK: ["anvil"]}, step=("turn", BK), borough_kings={"regent": "general"})
    assert bk(g).manifest[0] == (HENCHMAN, HENCHMAN)
    assert g.decision.kind == "manifest_add" and ("done",) in options(g)
    g.apply(("bk_general", "anvil", "recruit"))
    assert scored(g, BK) == [(BK, 1, "general")] and bk(g).manifest[1] == ("anvil",)


def test_bk_8_2_oligarch_draws_after_an_item() -> None:
    """BK.8.2: once per turn, after crafting an item (not other cards), may draw."""
    g = daylight(warriors={BK: {1: 1, 6: 1}}, buildings={BK: {1: [ARS], 6: [ARS]}},
                 hands={BK: ["anvil", "armorers"]}, deck_top=["bake_sale"],
                 borough_kings={"regent": "oligarch",
                                "manifest": {"consolidate": ["travel_gear_fox"]}})
    assert bk(g).manifest == ((HENCHMAN,), (), (HENCHMAN, "travel_gear_fox"))
    g.apply(("craft", "armorers", ()))  # a persistent card: no draw
    assert g.decision.kind == "craft"
    g.apply(("craft", "anvil", ()))
    assert options(g) == [("bk_oligarch",), ("skip",)]
    g.apply(("bk_oligarch",))
    assert "bake_sale" in g.hands[0]


def test_bk_8_3_populist() -> None:
    """BK.8.3: henchmen on Conquer and Recruit; at the end of Evening two cards drawn go
    to the Manifest for no points."""
    g = build([BK, M], warriors={BK: {5: 1}}, buildings={BK: {5: [ARS]}},
              deck_top=["anvil", "bake_sale"], step=("bk.populist", BK), phase="evening",
              borough_kings={"regent": "populist"}, stop=True)
    assert bk(g).manifest[:2] == ((HENCHMAN,), (HENCHMAN,))
    assert g.decision.kind == "manifest_add"
    assert g.view(M)["players"][BK]["faction"]["populist_cards"] == ["anvil", "bake_sale"]
    g.apply(("bk_add", "anvil", "consolidate"))
    g.apply(("bk_add", "bake_sale", "conquer"))
    assert bk(g).manifest == ((HENCHMAN, "bake_sale"), (HENCHMAN,), ("anvil",))
    assert not scored(g, BK) and not g.hands[0]


def test_bk_8_4_tyrant_extra_hit_with_an_arsenal() -> None:
    """BK.8.4: an extra hit in clearings with an arsenal, attacking and defending."""
    kw: dict[str, Any] = dict(warriors={BK: {5: 3}, M: {5: 3}}, buildings={BK: {5: [ARS]}},
                              borough_kings={"regent": "tyrant"})
    g = battle([BK, M], M, 5, BK, [1, 0], **kw)
    assert g.warriors[1][5] == 2  # the Kings rolled 0, dealt 1
    g = battle([BK, M], BK, 5, M, [1, 0], **kw)
    assert g.warriors[1][5] == 1  # rolled 1, dealt 2
    g = battle([BK, M], BK, 5, M, [1, 0], **{**kw, "borough_kings": {"regent": "general"}})
    assert g.warriors[1][5] == 2


def test_bk_refuses_an_option_with_its_rule() -> None:
    """An option not offered is refused, the state untouched."""
    g = daylight(warriors={BK: {5: 1}}, buildings={BK: {5: [ARS]}},
                 borough_kings={"regent": "tyrant"})
    e = assert_illegal(g, ("bk_recruit", "bird", 9))
    assert str(e).startswith(g.decision.rule) and g.decision.rule.startswith("BK.")


def test_bk_saves_round_trip_mid_turn_and_refuse_five_mice() -> None:
    """A save on another player's turn keeps the mice in that player's row and the bag
    as it is; a save with more than four mice (BK.3.1) is refused."""
    g = build([M, BK], warriors={BK: {5: 2}, M: {1: 1}}, buildings={M: {1: ["sawmill"]}},
              borough_kings={"mice": {5: 1}}, step=(WAIT, M), turn=M, phase="daylight")
    text = g.to_json()
    again = Game.from_json(text)
    assert again.to_json() == text and bk(again).holder == 0 and again.warriors[0][5] == 1
    import json

    data = json.loads(text)
    data["fstate"][1]["mice"] = [5, 5, 5, 5, 5]
    try:
        Game.from_json(json.dumps(data))
    except rootlaw.LoadError as e:
        assert "mice" in str(e)
    else:
        raise AssertionError("five mice were loaded")


def test_the_kings_and_the_host_in_the_advanced_setup() -> None:
    """A.8 with the Crusader readings: both are militant setup cards (reach 7 and 6),
    dealt in a draft only with ``crusader=True``; given to the Advanced Setup they set up
    in free corners that become their homelands (A.8.2.I), never an enemy's homeland."""
    hol = rootlaw.FACTIONS["host_of_light"]
    assert rootlaw.FACTIONS[BK].setup_class == hol.setup_class == "militant"
    assert (rootlaw.FACTIONS[BK].reach, hol.reach) == (7, 6)
    dealt: set[str] = set()
    for seed in range(12):
        plain = rootlaw.new_game(players=4, setup="advanced", seed=seed)
        assert not {BK, "host_of_light"} & {f for f, _ in plain.adv.pool}
        drafted = rootlaw.new_game(players=4, setup="advanced", seed=seed, crusader=True)
        dealt |= {f for f, _ in drafted.adv.pool}
    assert {BK, "host_of_light"} <= dealt
    rnd = random.Random(2)
    g = rootlaw.new_game(factions=[BK, "host_of_light", M, E, UD], setup="advanced", seed=2)
    while g.turn_no == 0:
        g.apply(options(g)[rnd.randrange(len(options(g)))])
    homes = {g.factions[s]: h for s, h in enumerate(g.adv.homelands)}
    for f in (BK, "host_of_light"):
        (home,) = homes[f][:1]
        assert home in g.board.edge
        others = [c for o, h in homes.items() if o != f for c in h]
        assert home not in others
    assert (g.seat_of(BK), ARS) in g.buildings[homes[BK][0]]
