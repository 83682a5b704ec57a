"""Lord of the Hundreds (Law of Root, section 14), from built positions, with the
interactions of the warlord, the mobs and the Looters with the other factions."""
from __future__ import annotations

from typing import Any

import rootlaw
from rootlaw.core.game import RUIN, Game
from rootlaw.factions.hundreds import (
    HundredsState,
    command,
    oppressed,
    prowess,
    st_of,
    warlord_at,
)
from tests.builder import assert_illegal, build, options, pause_step, play, scored

LH, M, E, A, V, CV, UD, RF = ("hundreds", "marquise", "eyrie", "alliance", "vagabond",
                              "corvids", "duchy", "riverfolk")
# Fall: fox 1 6 8 12, rabbit 3 4 5 10, mouse 2 7 9 11; 1-5,9,10 2-5,6,10 3-6,7,11
# 4-8,9,12 5-1,2 6-2,3,11 7-3,8,12 8-4,7 9-1,4,12 10-1,2,12 11-3,6,12 12-4,7,9,10,11

pause_step("pause_lh", "pause", ("go", "wait"))


def lh(g: Game) -> HundredsState:
    return st_of(g, g.seat_of(LH))


def at(steps: list[tuple[Any, ...]], *, factions: tuple[str, ...] = (LH, M),
       warlord: int = 0, mood: str = "stubborn", command_items: tuple[str, ...] = (),
       prowess_items: tuple[str, ...] = (), mobs: tuple[int, ...] = (),
       stop: bool = False, before: Any = None, **kw: Any) -> Game:
    """A built position with the Hundreds' state, and anything ``before(g)`` changes;
    ``stop``: pause after ``steps``."""
    state = {"warlord": warlord, "mood": mood, "command": command_items,
             "prowess": prowess_items, "mobs": mobs}
    return build(list(factions), steps=steps, turn=kw.pop("turn", LH),
                 phase=kw.pop("phase", "birdsong"), stop=stop, before=before,
                 hundreds=state, **kw)


def daylight(**kw: Any) -> Game:
    return at([("hundreds.command", LH, kw.pop("actions", 1))], phase="daylight", turn=LH,
              stop=True, **kw)


# ============================================================ 14.2 abilities
def test_14_2_1_crafting_with_strongholds() -> None:
    g = at([("craft", LH)], phase="daylight", turn=LH, warlord=1, warriors={LH: {1: 1}},
           buildings={LH: {1: ["stronghold"], 6: ["stronghold"]}},
           hands={LH: ["foxfolk_steel"]}, stop=True)
    assert g.fdefs[0].crafting_pieces(g, 0) == (2, 0, 0)
    assert ("craft", "foxfolk_steel", ()) in options(g)


def test_14_2_2_the_warlord_survives_favor_and_bomb_but_not_battle() -> None:
    # a Favor card removes every enemy piece of its suit's clearings: not the warlord
    g = at([("craft", M)], factions=(LH, M), phase="daylight", turn=M, warlord=1,
           warriors={LH: {1: 3, 6: 2}}, buildings={M: {1: ["workshop"], 6: ["workshop"],
                                                       8: ["workshop"]}},
           hands={M: ["favor_of_the_foxes"]}, stop=True)
    play(g, ("craft", "favor_of_the_foxes", ()))
    assert g.warriors[0][1] == 1 and warlord_at(g, 0) == 1  # the warlord stays
    assert g.warriors[0][6] == 0


def test_14_2_2_in_battle_the_hundreds_choose_which_warriors_go() -> None:
    # 4.3.4: the taker chooses the warriors it loses, and the warlord is a warrior
    def hit(n: int) -> Game:
        return at([("battle.deal", M)], factions=(LH, M), phase="daylight", turn=M,
                  warlord=5, mood="rowdy", warriors={LH: {5: 2}, M: {5: 3}}, stop=True,
                  before=lambda g: _battle(g, 1, 5, 0, a_rolled=n))

    g = hit(1)
    assert g.decision.seat == LH and g.decision.kind == "take_hit"
    assert options(g) == [("lh_hit", "warrior"), ("lh_hit", "warlord")]
    play(g, ("lh_hit", "warrior"))
    assert g.warriors[0][5] == 1 and warlord_at(g, 0) == 5
    assert g.warrior_supply(0) == 20 and g.decision.kind == "pause"
    g = hit(1)
    play(g, ("lh_hit", "warlord"))  # a plain warrior stays; the warlord is off the map
    assert g.warriors[0][5] == 1 and warlord_at(g, 0) == 0 and lh(g).warlord == 0
    assert g.warrior_supply(0) == 19 and g.decision.kind == "pause"
    g = hit(2)
    play(g, ("lh_hit", "warrior"))
    # the warlord alone: no choice left, the second hit removes it
    assert g.warriors[0][5] == 0 and warlord_at(g, 0) == 0 and lh(g).warlord == 0
    assert g.warrior_supply(0) == 20  # twenty plain warriors; the warlord is off the map
    assert_illegal(hit(1), ("lh_hit", "mob"))


def _battle(g: Game, att: int, c: int, dfd: int, a_rolled: int = 0,
            d_rolled: int = 0) -> None:
    from rootlaw.core.battle import Battle

    b = g.battle = Battle(att, dfd, c)
    b.a_rolled, b.d_rolled = a_rolled, d_rolled


def test_14_2_2_others_cannot_move_the_warlord_but_the_hundreds_can() -> None:
    # False Orders on the Marquise's turn: half, rounded up, but never the warlord
    from rootlaw.core.cards_ep import false_orders_options

    g = at([("pause_lh", M)], factions=(LH, M), turn=M, warlord=5, warriors={LH: {5: 1},
                                                                             M: {1: 1}})
    assert not [o for o in false_orders_options(g, 1) if o[2] == 5]
    # the Hundreds' own move: with or without the warlord
    g = daylight(warlord=5, warriors={LH: {5: 2}, M: {1: 1}})
    play(g, ("move", 5, 1))
    assert set(options(g)) == {("warriors", 1), ("warriors_lead", 1), ("warriors_lead", 2)}
    play(g, ("warriors_lead", 1))
    assert warlord_at(g, 0) == 1 and g.warriors[0][5] == 1


def test_14_2_2_the_warlord_never_enters_the_burrow() -> None:
    # 12.2.2: non-Duchy pieces are neither placed in nor moved into the Burrow
    B = 13  # the Burrow on the Fall map, numbered after its 12 clearings
    g = daylight(factions=(LH, UD), warlord=1, warriors={LH: {1: 2}},
                 tokens={UD: {1: ["tunnel"]}})
    assert g.board.burrow == B and B in g.adjacent(1)
    assert not g.may_move(0, 1, B) and not g.may_place(0, B)
    assert ("move", 1, 5) in options(g) and ("move", 1, B) not in options(g)
    g = at([("hundreds.advance", LH, 2, 0)], factions=(LH, UD), phase="daylight", turn=LH,
           warlord=1, warriors={LH: {1: 2}}, tokens={UD: {1: ["tunnel"]}}, stop=True)
    assert ("move", 1, 5) in options(g) and ("move", 1, B) not in options(g)
    # Anoint with no Hundreds warrior on the map: any clearing, but never the Burrow
    g = at([("hundreds.anoint", LH)], factions=(LH, UD), turn=LH,
           tokens={UD: {1: ["tunnel"]}}, stop=True)
    assert {o[1] for o in options(g)} == set(range(1, 13))
    assert_illegal(g, ("anoint", B))


def test_14_2_2_the_warlord_never_leaves_a_snared_clearing() -> None:
    # 13.7.2: a face-up snare: enemy pieces are not moved from its clearing
    snare = {CV: {5: ["snare"]}}
    g = daylight(factions=(LH, CV), warlord=5, warriors={LH: {5: 3, 1: 1}}, tokens=snare)
    assert not [o for o in options(g) if o[0] == "move" and o[1] == 5]
    assert ("move", 1, 5) in options(g)  # into the snare: allowed (13.7.2 says from)
    g = at([("hundreds.advance", LH, 2, 0)], factions=(LH, CV), phase="daylight", turn=LH,
           mood="relentless", warlord=5, warriors={LH: {5: 3}}, tokens=snare, stop=True)
    assert not [o for o in options(g) if o[0] in ("move", "ferry")]
    assert_illegal(g, ("move", 5, 1))
    assert warlord_at(g, 0) == 5


def test_14_2_3_contempt_for_trade() -> None:
    g = at([("craft", LH)], phase="daylight", turn=LH, warlord=1, warriors={LH: {1: 1}},
           buildings={LH: {1: ["stronghold"], 6: ["stronghold"]}},
           hands={LH: ["foxfolk_steel"]}, stop=True)
    play(g, ("craft", "foxfolk_steel", ()))
    assert options(g) == [("contempt_take", "sword"), ("contempt_score", "sword", 2)]
    assert scored(g, LH) == []
    play(g, ("contempt_score", "sword", 2))
    assert scored(g, LH) == [(LH, 2, "craft")] and "sword" in g.removed_items
    assert lh(g).prowess == ()


def test_14_2_4_hoard_tracks_values_and_full_track() -> None:
    g = at([("craft", LH)], phase="daylight", turn=LH, warlord=1, warriors={LH: {1: 1}},
           buildings={LH: {1: ["stronghold"], 6: ["stronghold"]}},
           prowess_items=("hammer", "tea", "sword", "crossbow"),
           command_items=("boots",), hands={LH: ["foxfolk_steel"]}, stop=True)
    assert prowess(g, 0) == 4 and command(g, 0) == 2
    play(g, ("craft", "foxfolk_steel", ()), ("contempt_take", "sword"))
    assert {o[0] for o in options(g)} == {"hoard_drop"}  # full: remove one, score one
    assert prowess(g, 0) == 4 and g.view("hundreds")  # five items wait: still four
    again = Game.from_json(g.to_json())  # a save while the fifth item waits loads
    assert again.to_json() == g.to_json()
    play(g, ("hoard_drop", "hammer"))
    assert lh(g).prowess == ("tea", "sword", "crossbow", "sword")
    assert scored(g, LH) == [(LH, 1, "hoard")] and "hammer" in g.removed_items
    for n, v in ((0, 1), (1, 2), (2, 2), (3, 3), (4, 4)):
        lh(g).command = ("bag",) * n
        assert command(g, 0) == v


def test_14_2_5_looters_take_an_item_and_deal_no_rolled_hits() -> None:
    g = daylight(warlord=5, warriors={LH: {5: 3}, M: {5: 1}}, items={M: ["boots"]},
                 forced=[["dice", [3, 2]]])
    play(g, ("battle", 5, M))
    assert options(g) == [("loot", M), ("no_loot",)]
    play(g, ("loot", M))
    for _ in range(10):  # no ambush, no foil, no effects: to the end of the battle
        if g.battle is None or g.decision is None:
            break
        play(g, options(g)[-1])
    assert g.warriors[1][5] == 1  # no rolled hits dealt; the Hundreds rule (3 to 1)
    assert lh(g).command == ("boots",) and g.items[1] == []


def test_14_2_5_cannot_loot_the_vagabond() -> None:
    from rootlaw.factions.hundreds import loot_targets

    g = daylight(factions=(LH, V), warlord=5, warriors={LH: {5: 3}})
    g.items[1].append("boots")
    assert not loot_targets(g, 0, 1)


def test_14_2_5_loot_with_an_ambush_and_against_a_bot() -> None:
    from rootlaw.factions.hundreds import loot_targets

    g = daylight(factions=(LH, "mechanical_marquise"), warlord=5,
                 warriors={LH: {5: 3}, "mechanical_marquise": {5: 1}},
                 items={"mechanical_marquise": ["bag"]})
    assert loot_targets(g, 0, 1)  # a bot's Crafted Items box (rulings.md)
    g = daylight(warlord=5, warriors={LH: {5: 3}, M: {5: 1}}, items={M: ["boots"]},
                 hands={M: ["ambush_rabbit"]}, forced=[["dice", [0, 0]]])
    play(g, ("battle", 5, M), ("loot", M), ("ambush", "ambush_rabbit"))
    play(g, ("lh_hit", "warrior"))  # the Hundreds keep the warlord (4.3.4)
    # Stubborn in the warlord's clearing: the ambush deals one hit of its two
    assert g.warriors[0][5] == 2 and lh(g).command == ("boots",)  # and looted after


# ============================================================ 14.3 setup
def test_14_3_setup_corner_items_and_stubborn() -> None:
    g = rootlaw.new_game(factions=[M, LH], seed=4)
    s = g.seat_of(LH)
    while g.decision is not None and g.turn_no == 0:
        if g.decision.kind == "setup_corner":
            taken = g.fdefs[g.seat_of(M)].starting_corner(g, g.seat_of(M))
            assert {o[1] for o in options(g)} == {g.board.opposite[taken]}
        play(g, options(g)[0])
    fs = st_of(g, s)
    c = fs.corner
    assert fs.mood == "stubborn" or g.turn_seat == s
    assert (s, "stronghold") in g.buildings[c]
    assert sum(len(x) for x in g.ruin_items) == 4  # 14.3.2 without a Vagabond


# ============================================================ 14.4 Birdsong
def test_14_4_1_raze_removes_buildings_tokens_takes_ruin_item_and_spreads() -> None:
    # 6: a fox clearing of two slots, one under its ruin (a position that can occur)
    g = at([("hundreds.raze", LH, ())], turn=LH, warlord=6, warriors={LH: {6: 1}},
           mobs=(6,), buildings={M: {6: ["sawmill"]}}, tokens={M: {6: ["wood"]}},
           forced=[["mob_die", 0]], stop=True, ruin_items={6: ("sword",)})
    # razed: the only mob clearing
    assert (1, "sawmill") not in g.buildings[6] and (1, "wood") not in g.tokens[6]
    assert scored(g, LH) == [(LH, 2, "removal")]
    assert lh(g).prowess == ("sword",) and (RUIN, "ruin") not in g.buildings[6]
    # the mob die: fox; 6's neighbours 2, 3, 11: no fox clearing, no mob placed
    assert g.decision.kind == "pause" and g.count_token(0, "mob") == 1


def test_14_4_1_mob_die_spreads_to_an_adjacent_matching_clearing() -> None:
    g = at([("hundreds.raze", LH, ())], turn=LH, warlord=1, warriors={LH: {1: 1}},
           mobs=(5,), forced=[["mob_die", 0]], stop=True)
    assert (0, "mob") in g.tokens[1]  # fox, next to 5: the only one, placed


def test_14_4_1_raze_a_keep_and_duchy_buildings_one_price_of_failure() -> None:
    g = at([("hundreds.raze", LH, ())], factions=(LH, M), turn=LH, warlord=1,
           warriors={LH: {1: 1}}, mobs=(1,), tokens={M: {1: ["keep"]}}, stop=True)
    assert (1, "keep") not in g.tokens[1] and scored(g, LH) == [(LH, 1, "removal")]

    # 12.2.3: a mob razing two Duchy buildings at once: one Price of Failure
    from rootlaw.factions.duchy import st_of as ud_state

    g = at([("hundreds.raze", LH, ())], factions=(LH, UD), turn=LH, warlord=1,
           warriors={LH: {1: 1}}, mobs=(5,), buildings={UD: {5: ["citadel", "market"]}},
           hands={UD: ["anvil", "bake_sale", "sappers"]},
           duchy={"swayed": ("captain", "brigadier", "mayor")},
           forced=[["price_of_failure", 1]], ruins=False, stop=True)
    ud = g.seat_of(UD)
    assert not g.faction_pieces(ud, 5) and scored(g, LH) == [(LH, 2, "removal")]
    assert g.decision.seat == UD and g.decision.kind == "dismiss"
    assert options(g) == [("ud_dismiss", "brigadier"), ("ud_dismiss", "mayor")]
    play(g, ("ud_dismiss", "mayor"))
    assert [e for e in g.log if e[0] == "price_of_failure"] == [("price_of_failure", UD)]
    assert g.hands[ud] == ["anvil", "sappers"] and g.discard[-1] == "bake_sale"
    assert ud_state(g, ud).swayed == ("captain", "brigadier")
    assert g.decision.seat == LH and g.decision.kind != "dismiss"  # no second Price


def test_14_4_1_raze_a_trade_post_trade_disruption() -> None:
    from rootlaw.factions.riverfolk import POSTS
    from rootlaw.factions.riverfolk import st_of as rf_state

    g = at([("hundreds.raze", LH, ())], factions=(LH, RF), turn=LH, warlord=1,
           warriors={LH: {1: 1}}, mobs=(1,), tokens={RF: {1: [POSTS["fox"]]}},
           riverfolk={"funds": {RF: 3}}, stop=True)
    rf = g.seat_of(RF)
    assert not g.faction_pieces(rf, 1) and scored(g, LH) == [(LH, 1, "removal")]
    for _ in range(3):  # the Riverfolk remove their funds one by one, if asked
        if g.decision.kind != "lose_fund":
            break
        play(g, options(g)[0])
    fs = rf_state(g, rf)
    assert fs.funds == {rf: 1} and fs.gone == (1, 0, 0)  # half of 3, rounded up; gone


def test_14_4_1_raze_a_garden_fear_of_the_faithful() -> None:
    from rootlaw.factions.lizards import GARDENS
    from rootlaw.factions.lizards import st_of as lz_state

    LZ = "lizards"
    g = at([("hundreds.raze", LH, ())], factions=(LH, LZ), turn=LH, warlord=1,
           warriors={LH: {1: 1}}, mobs=(1,), buildings={LZ: {1: [GARDENS["fox"]]}},
           hands={LZ: ["anvil", "crossbow_mouse"]},
           forced=[["fear_of_the_faithful", 1]], stop=True)
    lz = g.seat_of(LZ)
    assert not g.faction_pieces(lz, 1) and scored(g, LH) == [(LH, 1, "removal")]
    assert g.hands[lz] == ["anvil"] and lz_state(g, lz).lost_souls == ("crossbow_mouse",)


def test_14_4_1_raze_a_face_down_raid_plot_raids() -> None:
    from rootlaw.factions.corvids import PLOT

    g = at([("hundreds.raze", LH, ())], factions=(LH, CV), turn=LH, warlord=1,
           warriors={LH: {1: 1}}, mobs=(1,), corvids={"face_down": {1: "raid"}}, stop=True)
    assert (1, PLOT) not in g.tokens[1]  # razed; the raid: a warrior each side
    assert all(g.warriors[1][c] == 1 for c in (5, 9, 10))


def test_14_4_2_recruit_prowess_at_the_warlord_and_one_per_stronghold() -> None:
    g = at([("hundreds.recruit", LH)], turn=LH, warlord=1, warriors={LH: {1: 1}},
           prowess_items=("sword", "tea", "hammer"),
           buildings={LH: {6: ["stronghold"], 8: ["stronghold"]}}, stop=True)
    assert g.warriors[0][1] == 4 and g.warriors[0][6] == 1 and g.warriors[0][8] == 1


def test_14_4_3_anoint_replaces_a_warrior_never_into_a_snare() -> None:
    g = at([("hundreds.anoint", LH)], turn=LH, warriors={LH: {1: 2, 6: 1}}, stop=True)
    assert set(options(g)) == {("anoint", 1), ("anoint", 6)}
    play(g, ("anoint", 6))
    assert warlord_at(g, 0) == 6 and g.warriors[0][6] == 1 and g.warrior_supply(0) == 18

    g = at([("hundreds.anoint", LH)], factions=(LH, CV), turn=LH,
           warriors={LH: {1: 2, 6: 1}}, tokens={CV: {6: ["snare"]}}, stop=True)
    assert warlord_at(g, 0) == 1  # the only choice: not the snared 6
    g = at([("hundreds.anoint", LH)], turn=LH, stop=True)  # none on the map: anywhere
    assert len(options(g)) == 12
    play(g, ("anoint", 3))
    assert warlord_at(g, 0) == 3 and g.warrior_supply(0) == 20


def test_14_4_4_choose_mood_not_an_item_in_the_hoard() -> None:
    g = at([("hundreds.mood", LH)], turn=LH, warlord=1, warriors={LH: {1: 1}},
           prowess_items=("sword",), command_items=("bag",), stop=True)
    moods = {o[1] for o in options(g)}
    assert moods == {"bitter", "grandiose", "jubilant", "rowdy", "lavish"}


def test_14_4_4_lavish_stays_lavish_without_choice_and_14_7_4_removes_items() -> None:
    g = at([("hundreds.mood", LH), ("hundreds.lavish", LH)], turn=LH, warlord=1,
           warriors={LH: {1: 1}}, mood="lavish",
           prowess_items=("sword", "tea", "hammer", "crossbow"),
           command_items=("bag", "boots", "coins"), stop=True)
    assert lh(g).mood == "lavish"  # no other mood: stays Lavish
    play(g, ("lavish", "tea"))
    assert g.warriors[0][1] == 3 and lh(g).prowess == ("sword", "hammer", "crossbow")


# ============================================================ 14.5 Daylight
def test_14_5_2_command_build_move_battle_up_to_command() -> None:
    g = daylight(actions=2, warlord=1, warriors={LH: {1: 2}}, hands={LH: ["anvil"]})
    assert ("lh_build", 1, "anvil") in options(g)
    play(g, ("lh_build", 1, "anvil"))
    assert (0, "stronghold") in g.buildings[1] and g.hands[0] == []


def test_14_5_3_advance_moves_the_warlord_then_battles_and_relentless() -> None:
    g = at([("hundreds.advance", LH, 1, 0)], phase="daylight", turn=LH, warlord=1,
           mood="relentless", warriors={LH: {1: 3, 5: 0}, M: {5: 1, 9: 1}},
           forced=[["dice", [3, 0]], ["dice", [3, 0]]], stop=True)
    play(g, ("move", 1, 5))
    assert all(o[0] == "warriors_lead" for o in options(g))  # the warlord must go
    play(g, ("warriors_lead", 2))
    assert warlord_at(g, 0) == 5
    assert {o[0] for o in options(g)} == {"battle", "lh_next"}
    play(g, ("battle", 5, M))
    for _ in range(10):
        if g.battle is None:
            break
        play(g, options(g)[-1])
    assert {o[0] for o in options(g)} >= {"move", "lh_next"}  # Relentless: one more


def test_14_7_2_grandiose_reverses_advance_and_command() -> None:
    g = at([("hundreds.daylight", LH)], phase="daylight", warlord=1, mood="grandiose",
           warriors={LH: {1: 1}, M: {5: 1}}, turn=LH, prowess_items=("sword",))
    assert g.stack[-1][:3] == ("hundreds.advance", 0, 2)  # Advance first, Prowess 2
    assert g.stack[-2] == ("hundreds.order_again", 0, 1)


# ============================================================ 14.6 Evening
def test_14_6_1_incite_and_14_7_3_jubilant() -> None:
    g = at([("hundreds.incite", LH)], phase="evening", turn=LH, warlord=1, mood="jubilant",
           warriors={LH: {1: 1, 3: 1}}, hands={LH: ["anvil", "stand_and_deliver"]},
           forced=[["mob_die", 1], ["mob_die", 2]], stop=True)
    assert ("incite", 1, "anvil") in options(g) and ("incite", 3, "anvil") not in options(g)
    play(g, ("incite", 1, "anvil"))
    assert (0, "mob") in g.tokens[1] and options(g) == [("jubilant",), ("done",)]
    # rabbit: the rabbit clearings next to the mob in 1 are 5 and 10
    play(g, ("jubilant",))
    assert set(options(g)) == {("mob_spread", 5), ("mob_spread", 10)}
    play(g, ("mob_spread", 10))
    assert (0, "mob") in g.tokens[10] and (0, "mob") not in g.tokens[5]
    # three rolls left; mouse (2 7 9 11): 9 is next to the mob in 1, 2 to the one in 10
    assert options(g) == [("jubilant",), ("done",)]
    play(g, ("jubilant",))
    assert set(options(g)) == {("mob_spread", 2), ("mob_spread", 9)}
    play(g, ("mob_spread", 9), ("done",))
    assert g.count_token(0, "mob") == 3 and g.decision is not None
    assert g.decision.kind != "jubilant"  # done: no more rolls


def test_14_6_2_oppress_table() -> None:
    g = at([("hundreds.oppress", LH)], phase="evening", turn=LH, warlord=1,
           warriors={LH: {1: 1, 2: 1, 3: 1, 4: 1, 5: 1, 6: 1, 7: 1}, M: {7: 1}}, stop=True)
    assert oppressed(g, 0) == 6 and scored(g, LH) == [(LH, 4, "oppress")]


def test_14_7_6_rowdy_draws_two_more_beside_three_enemy_pieces() -> None:
    g = at([("hundreds.draw", LH)], phase="evening", turn=LH, warlord=1, mood="rowdy",
           warriors={LH: {1: 3}, M: {1: 2}}, buildings={M: {1: ["sawmill"]}}, stop=True)
    assert len(g.hands[0]) == 3


def test_14_7_8_wrathful_and_14_7_7_stubborn() -> None:
    g = at([], warlord=1, mood="wrathful", warriors={LH: {1: 1}}, turn=LH, stop=True)
    from rootlaw.core.battle import Battle

    b = Battle(0, 1, 1)
    assert g.fdefs[0].battle_extra_hits(g, 0, b, True) == 1
    assert g.fdefs[0].battle_extra_hits(g, 0, b, False) == 0
    lh(g).mood = "stubborn"
    assert g.fdefs[0].ignores_first_hit(g, 0, b)
    assert not g.fdefs[0].ignores_first_hit(g, 0, Battle(0, 1, 5))


def test_14_7_1_bitter_turns_mobs_into_warriors() -> None:
    g = at([("hundreds.bitter", LH)], phase="daylight", turn=LH, warlord=1, mood="bitter",
           warriors={LH: {1: 1}, M: {1: 1}}, mobs=(1, 5), stop=True,
           before=lambda g: _battle(g, 0, 1, 1))
    assert set(options(g)) == {("bitter", 1), ("bitter", 5), ("done",)}
    play(g, ("bitter", 5))
    assert g.warriors[0][1] == 2 and (0, "mob") not in g.tokens[5]


def test_illegal_options_change_nothing() -> None:
    g = at([("hundreds.anoint", LH)], turn=LH, warriors={LH: {1: 2}}, stop=True)
    assert_illegal(g, ("anoint", 7))


def test_14_7_1_bitter_only_in_the_hundreds_own_battle() -> None:
    """14.7.1 "In battle in your warlord's clearing": the Hundreds must fight in it;
    a battle of two other factions there offers no Bitter."""
    g = build([LH, M, E], step=("marquise.actions", M, 3), stop=True,
              hundreds={"warlord": 5, "mood": "bitter", "mobs": [1]},
              warriors={LH: {5: 1}, M: {5: 2}, E: {5: 1}}, forced=[["dice", [0, 0]]])
    play(g, ("action", "battle"), ("battle", 5, E))
    assert g.decision.seat == M and g.decision.kind == "action"  # the battle is over
    assert g.count_token(0, "mob") == 1 and g.warriors[0][5] == 1


def test_14_4_3_anoint_replaces_a_warrior_onto_coffin_makers() -> None:
    """14.4.3 with G.1.21 and Coffin Makers (E&P): "replace" removes the warrior (onto
    Coffin Makers, as the Keepers' Encamp does) before the warlord is placed."""
    g = build([LH, M], deck_name="exiles_partisans", step=("hundreds.anoint", LH),
              phase="birdsong", stop=True, played={M: ["coffin_makers"]},
              warriors={LH: {6: 2}})
    assert g.warriors[0][6] == 2 and warlord_at(g, 0) == 6
    assert g.cards.coffins[0] == 1 and g.warrior_supply(0) == 21 - 3


def test_14_4_1_raze_takes_no_second_R_item_of_a_type() -> None:
    """14.4.1 with 9.7.3: with an "R" sword in the Hoard, the Hundreds razing a ruin of
    two items cannot take its "R" sword."""
    g = build([LH, M], step=("hundreds.raze", LH, ()), phase="birdsong", stop=True,
              hundreds={"warlord": 11, "mobs": [11, 12]}, warriors={LH: {11: 1}},
              ruin_items={11: ("sword", "hammer"), 12: ("sword", "bag")})
    play(g, ("raze", 11), ("ruin_item", 11, "sword"))  # then 12: its sword not offered
    assert lh(g).prowess == ("sword",) and lh(g).command == ("bag",)
    assert g.ruin_items[12] == ("sword",)


def test_14_6_2_oppress_a_clearing_with_only_hired_mercenaries_beside() -> None:
    """14.6.2 with G.1.9: Riverfolk warriors the Hundreds hired are no enemy pieces to
    them (G.1.33), so a clearing they rule with a Hundreds piece and only those beside
    counts; the mercenaries alone are no Hundreds piece."""
    g = build([LH, RF], step=("hundreds.oppress", LH), phase="evening", stop=True,
              riverfolk={"mercenaries": LH}, warriors={LH: {5: 1}, RF: {5: 1, 10: 2}},
              hundreds={"warlord": 5})
    assert oppressed(g, 0) == 1 and scored(g, LH) == [(LH, 1, "oppress")]
    assert g.rules(0, 10)  # ruled by mercenaries alone: no Hundreds piece there
