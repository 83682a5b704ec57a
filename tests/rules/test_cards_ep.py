"""The Exiles & Partisans deck (A.2): every card and effect, from built positions.

Fall map: suits 1 fox, 2 mouse, 3 rabbit, 4 rabbit, 5 rabbit, 6 fox, 7 mouse, 8 fox,
9 mouse, 10 rabbit, 11 mouse, 12 fox. Paths 1-5 1-9 1-10 2-5 2-6 2-10 3-6 3-7 3-11 4-8
4-9 4-12 6-11 7-8 7-12 9-12 10-12 11-12; rivers 4-7 5-10 7-11 10-11. The card texts and
the readings chosen: docs/rulings.md, "Exiles & Partisans".
"""
from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

import rootlaw
from rootlaw.core.catalog import load_json
from rootlaw.core.game import Game
from rootlaw.core.move import move_options
from tests.bots import test_mechanical_marquise as mm
from tests.builder import assert_illegal, build, options, pause_step, play, scored, step_name
from tests.rules.vagabond_position import game as vgame

M, E, A, V = "marquise", "eyrie", "alliance", "vagabond"
EP = "exiles_partisans"
PAUSE = pause_step("test.ep_pause", "pause")

ITEMS = {c["id"]: (c["item"], c["vp"]) for c in load_json("deck_exiles_partisans.json")["cards"]
         if c["kind"] == "item"}
WORKSHOPS = {1: ["workshop"], 8: ["workshop"], 5: ["workshop", "workshop"],
             9: ["workshop", "workshop"]}


def ep(*factions: str, **kw: Any) -> Game:
    return build(list(factions) or [M, E], deck_name=EP, **kw)


# ------------------------------------------------------------- the deck
def test_deck_composition_and_new_game() -> None:
    """A.2: 54 cards, the same suits as the standard deck; ambushes and dominance alike."""
    g = rootlaw.new_game([M, E, A, V], deck=EP, seed=2)
    cards = g.deckdef.contents
    assert len(cards) == 54
    assert Counter(g.suit_of(c) for c in cards) == {"bird": 14, "fox": 14, "rabbit": 13,
                                                    "mouse": 13}
    assert Counter(c for c in cards if g.card(c).kind == "ambush") == {
        "ambush_bird": 2, "ambush_fox": 1, "ambush_rabbit": 1, "ambush_mouse": 1}
    assert sorted(c for c in cards if g.card(c).kind == "dominance") == [
        "dominance_bird", "dominance_fox", "dominance_mouse", "dominance_rabbit"]
    assert g.setup["deck"] == EP and "favor_of_the_foxes" not in g.deckdef.cards
    assert Game.replay(g.setup, g.log).to_json() == g.to_json()


@pytest.mark.parametrize("card", sorted(ITEMS))
def test_item_cards(card: str) -> None:
    """4.1.2 / 3.2.2: each E&P item card gives its item from the supply and its VP."""
    item, vp = ITEMS[card]
    g = ep(warriors={M: {1: 1}}, buildings={M: WORKSHOPS}, hands={M: [card]},
           turn=M, then="daylight")
    before = g.supply[item]
    g.apply(("craft", card, ()))
    assert g.items[0] == [item] and g.supply[item] == before - 1 and g.vp[0] == vp


def test_bots_craft_ep_items_by_rootbotics_1_1() -> None:
    """Rootbotics 1.1: a bot crafts its order card's item for one VP, no crafting pieces."""
    g = mm.parked([mm.ME, E], order="protection_racket", deck_name=EP)
    mm.run(g, ("bot.craft_order", mm.ME))
    assert g.items[mm.me(g)] == ["coins"] and mm.my_scores(g) == [(1, "craft")]


# ----------------------------------------------------- start of Birdsong
def test_saboteurs_discards_an_enemys_crafted_card() -> None:
    """Saboteurs: at start of Birdsong, may discard it to discard an enemy's crafted card;
    Soup Kitchens gone, the Alliance's tokens stop counting for rule."""
    g = ep(M, A, played={M: ["saboteurs"], A: ["soup_kitchens", "tunnels"]},
           warriors={M: {5: 1}}, tokens={A: {5: ["sympathy"]}}, step=("turn", M))
    assert g.rules(1, 5)
    assert g.decision.rule == "4.1.3 Saboteurs"
    assert set(options(g)) == {("saboteurs", A, "soup_kitchens"), ("saboteurs", A, "tunnels"),
                               ("skip",)}
    g.apply(("saboteurs", A, "soup_kitchens"))
    assert g.played == [[], ["tunnels"]] and {"saboteurs", "soup_kitchens"} <= set(g.discard)
    assert g.rules(0, 5) and g.token_rule == ()


def test_saboteurs_not_offered_without_targets() -> None:
    g = ep(played={M: ["saboteurs"]}, warriors={M: {1: 1}}, step=("turn", M))
    assert g.phase == "daylight" and "saboteurs" in g.played[0]  # nothing asked


# ------------------------------------------------------------ Soup Kitchens
def test_soup_kitchens_tokens_count_toward_rule_twice() -> None:
    """Soup Kitchens: your tokens count toward rule, each twice (2.5)."""
    g = ep(A, M, played={A: ["soup_kitchens"]}, tokens={A: {5: ["sympathy"]}},
           warriors={M: {5: 1, 6: 2}}, step=(PAUSE, A))
    assert g.rules(0, 5)  # 2 > 1
    g.warriors[1][5] = 2
    g.pieces_changed(5)
    assert g.ruler(5) is None  # 2 = 2: a tie rules for nobody
    g.place_token(0, "sympathy", 6)
    assert g.ruler(6) is None  # the new token counts at once
    g.take_piece(6, (0, "sympathy"))
    assert g.rules(1, 6)


def test_soup_kitchens_and_lords_of_the_forest() -> None:
    """With Soup Kitchens a tie of the Eyrie's warriors with tokens goes to the Eyrie."""
    g = ep(E, M, played={M: ["soup_kitchens"]}, tokens={M: {1: ["wood"]}},
           warriors={E: {1: 2}}, step=(PAUSE, E))
    assert g.rules(0, 1)


# -------------------------------------------------------------- movement
def test_boat_builders_rivers_as_paths() -> None:
    """Boat Builders: you treat rivers as paths: a move along the river 5-10."""
    g = ep(warriors={M: {5: 2}}, played={M: ["boat_builders"]}, step=("marquise.actions", M, 3))
    g.apply(("action", "march"))
    assert ("move", 5, 10) in options(g)
    g = ep(warriors={M: {5: 2}}, step=("marquise.actions", M, 3))
    g.apply(("action", "march"))
    assert ("move", 5, 10) not in options(g)


def test_boat_builders_sees_the_lake() -> None:
    """C.2.2: the lake is rivers between coastal clearings: Boat Builders moves along it
    (as an ordinary move, besides the Ferry)."""
    g = ep(warriors={M: {1: 2}}, played={M: ["boat_builders"]}, map="lake",
           step=("marquise.actions", M, 3))
    g.apply(("action", "march"))
    assert {("move", 1, 10), ("move", 1, 11), ("move", 1, 12), ("ferry", 1, 12)} <= set(
        options(g))
    play(g, ("move", 1, 12), ("warriors", 2))
    assert g.ferry == 1 and g.warriors[0][12] == 2  # not by the Ferry: it stays


def test_boat_builders_leaves_marquise_wood_connection_unchanged() -> None:
    """6.5.4.II: wood connects through ruled clearings along paths; Boat Builders is for
    moving (rulings.md), so wood in 10 cannot pay for a building in 5 (river 5-10)."""
    g = ep(warriors={M: {5: 1}}, buildings={M: {10: ["sawmill"], 3: ["workshop"],
                                                 4: ["recruiter"]}},
           tokens={M: {10: ["wood"]}}, played={M: ["boat_builders"]},
           step=("marquise.actions", M, 3))
    assert g.rules(0, 5) and g.rules(0, 10) and ("move", 5, 10) in move_options(g, 0)
    assert ("action", "build") not in options(g)  # 10 is full; 5 has no wood to reach


def test_corvid_planners_ignore_rule() -> None:
    """Corvid Planners: while moving, you ignore rule (4.2.1)."""
    kw: dict[str, Any] = dict(warriors={M: {5: 1}, E: {5: 3, 1: 2, 2: 1}},
                              step=("marquise.actions", M, 3))
    g = ep(**kw)
    assert ("action", "march") not in options(g)
    g = ep(played={M: ["corvid_planners"]}, **kw)
    g.apply(("action", "march"))
    assert set(options(g)) == {("move", 5, 1), ("move", 5, 2)}


@pytest.mark.parametrize("faction,pieces,step,verb", [
    (M, {"buildings": {M: {1: ["workshop"], 3: ["workshop"]}}}, ("marquise.actions", M, 3),
     "move"),
    (E, {"buildings": {E: {1: ["roost"], 3: ["roost"]}}}, None, "decree_move"),
    (A, {"tokens": {A: {1: ["sympathy"], 3: ["sympathy"]}}}, ("alliance.move", A), "move"),
])
def test_tunnels_crafting_pieces_adjacent(faction: str, pieces: dict[str, Any],
                                          step: Any, verb: str) -> None:
    """Tunnels: clearings with any of your crafting pieces (workshops 6.2.1, roosts 7.2.1,
    sympathy 8.2.1) are adjacent for you: a move from 1 to 3."""
    other = E if faction != E else M
    kw: dict[str, Any] = dict(warriors={faction: {1: 3}}, played={faction: ["tunnels"]},
                              **pieces)
    if faction == E:
        g = ep(E, M, decree={"move": ["anvil"]}, step=("eyrie.decree", E, 1, ("fox",)), **kw)
        assert ("decree_move", "fox", 1, 3) in options(g)
        return
    g = ep(faction, other, step=step, **kw)
    if faction == M:
        g.apply(("action", "march"))
    assert (verb, 1, 3) in options(g)
    play(g, (verb, 1, 3), ("warriors", 2))
    assert g.warriors[0][3] == 2


def test_tunnels_without_the_card() -> None:
    g = ep(buildings={M: {1: ["workshop"], 3: ["workshop"]}}, warriors={M: {1: 3}},
           step=("marquise.actions", M, 3))
    g.apply(("action", "march"))
    assert ("move", 1, 3) not in options(g)


# ------------------------------------------------------------ in Birdsong
def test_false_orders_moves_an_enemys_warriors() -> None:
    """False Orders: in Birdsong, discard it to move half (rounded up) of an enemy's
    warriors from a clearing as if you were them, ignoring rule."""
    g = ep(E, M, played={E: ["false_orders"]}, warriors={E: {12: 1}, M: {1: 5, 9: 4}},
           step=("turn", E))
    assert ("false_orders", M, 1, 10) in options(g)
    g.apply(("false_orders", M, 1, 10))  # nobody rules 10: rule is ignored
    assert g.warriors[1][1] == 2 and g.warriors[1][10] == 3
    assert g.played[0] == [] and "false_orders" in g.discard


def test_false_orders_outrage_paid_as_the_owner() -> None:
    """As if you were that player (1.5.5): moving the Marquise into sympathy, she pays."""
    g = ep(E, M, A, played={E: ["false_orders"]}, warriors={M: {1: 3}},
           tokens={A: {9: ["sympathy"]}}, hands={M: ["sword_mouse"]}, step=("turn", E))
    g.apply(("false_orders", M, 1, 9))  # her only mouse card goes to the Alliance at once
    assert g.hands[1] == [] and "sword_mouse" in g.fstate[2].supporters  # type: ignore[attr-defined]


def test_false_orders_by_the_ferry() -> None:
    g = ep(E, M, map="lake", played={E: ["false_orders"]}, warriors={M: {1: 3}},
           step=("turn", E))
    g.apply(("false_orders_ferry", M, 1, 11))
    assert g.warriors[1][11] == 2 and g.ferry == 11


def test_swap_meet_take_then_give() -> None:
    """Swap Meet: once in Birdsong, take a random card from another player, then give
    them a card."""
    g = ep(played={M: ["swap_meet"]}, warriors={M: {1: 1}}, hands={M: ["anvil"],
           E: ["bake_sale", "sword_mouse"]}, step=("turn", M), forced=[["random_card", 1]])
    g.apply(("swap_meet", E))
    assert sorted(g.hands[0]) == ["anvil", "sword_mouse"]
    assert g.decision.kind == "give_card" and set(options(g)) == {("give", "anvil"),
                                                                 ("give", "sword_mouse")}
    g.apply(("give", "anvil"))
    assert g.hands[0] == ["sword_mouse"] and sorted(g.hands[1]) == ["anvil", "bake_sale"]
    assert "swap_meet" not in {o[0] for o in options(g)}  # once per Birdsong


def test_swap_meet_with_a_bot() -> None:
    """Rootbotics 2.8.1: taking from a bot draws instead; the card given is discarded and
    the bot scores one VP."""
    g = ep(E, mm.ME, played={E: ["swap_meet"]}, warriors={E: {1: 1}}, hands={E: ["anvil"]},
           deck_top=["bake_sale"], step=("turn", E))
    g.apply(("swap_meet", mm.ME))
    assert sorted(g.hands[0]) == ["anvil", "bake_sale"]
    g.apply(("give", "anvil"))
    assert g.vp[1] == 1 and "anvil" in g.discard


def test_swap_meet_card_taken_stays_hidden() -> None:
    """1.2.1: which card was taken at random is seen only by the taker (and the player
    who lost it): a third player's view is the same whatever card it was."""
    views = []
    for pick in (0, 1):
        g = ep(M, E, A, played={M: ["swap_meet"]}, warriors={M: {1: 1}},
               hands={M: ["anvil"], E: ["bake_sale", "sword_mouse"]}, step=("turn", M),
               forced=[["random_card", pick]])
        g.apply(("swap_meet", E))
        views.append((g.view(A), g.view(E)["players"][M]))
    assert views[0] == views[1]


# -------------------------------------------------------- end of Birdsong
def test_eyrie_emigre_move_then_battle() -> None:
    """Eyrie Emigre (mandatory, 4.1.3): at end of Birdsong take a move, then battle in
    the clearing moved into."""
    g = ep(played={M: ["eyrie_emigre"]}, warriors={M: {1: 3}, E: {5: 1}},
           step=("turn", M), forced=[["dice", [2, 0]]])
    assert g.decision.rule == "4.1.3 Eyrie Emigre" and ("skip",) not in options(g)
    play(g, ("move", 1, 5), ("warriors", 3))  # the only battle there starts by itself
    assert g.warriors[1][5] == 0 and g.warriors[0][5] == 3 and g.played[0] == ["eyrie_emigre"]
    assert g.phase == "daylight"


def test_eyrie_emigre_discarded_without_a_battle() -> None:
    g = ep(played={M: ["eyrie_emigre"]}, warriors={M: {1: 3}}, step=("turn", M))
    play(g, ("move", 1, 5), ("warriors", 1))
    assert g.played[0] == [] and "eyrie_emigre" in g.discard and g.phase == "daylight"


def test_eyrie_emigre_discarded_without_a_move() -> None:
    g = ep(played={M: ["eyrie_emigre"]}, buildings={M: {1: ["workshop"]}}, step=("turn", M))
    assert g.played[0] == [] and "eyrie_emigre" in g.discard


# -------------------------------------------------------------- Daylight
def test_propaganda_bureau_replaces_an_enemy_warrior() -> None:
    """Propaganda Bureau: once in Daylight, spend a card to remove an enemy warrior from
    a matching clearing and place one of yours there."""
    g = ep(warriors={M: {5: 1}, E: {1: 2, 5: 1}}, hands={M: ["anvil"]},
           played={M: ["propaganda_bureau"]}, step=("marquise.actions", M, 3))
    assert set(options(g, "propaganda")) == {("propaganda", 1, E)}  # a fox card: fox clearings
    g.apply(("propaganda", 1, E))  # the only matching card is spent at once
    assert g.warriors[1][1] == 1 and g.warriors[0][1] == 1 and g.discard == ["anvil"]
    assert options(g, "propaganda") == []


def test_propaganda_bureau_bird_card_any_clearing_and_field_hospitals() -> None:
    g = ep(E, M, warriors={E: {5: 1}, M: {1: 1, 5: 1}}, tokens={M: {1: ["keep"]}},
           hands={E: ["saboteurs", "anvil"], M: ["bake_sale"]},
           played={E: ["propaganda_bureau"]}, step=("eyrie.decree", E, 0, ()))
    assert set(options(g, "propaganda")) == {("propaganda", 1, M), ("propaganda", 5, M)}
    g.apply(("propaganda", 1, M))  # a fox clearing: the fox or the bird card
    assert set(options(g)) == {("spend_card", "saboteurs"), ("spend_card", "anvil")}
    g = ep(E, M, warriors={E: {5: 1}, M: {1: 1, 5: 1}}, tokens={M: {1: ["keep"]}},
           hands={E: ["saboteurs", "anvil"], M: ["bake_sale"]},
           played={E: ["propaganda_bureau"]}, step=("eyrie.decree", E, 0, ()))
    g.apply(("propaganda", 5, M))  # a rabbit clearing: only the bird card; spent at once
    assert g.discard == ["saboteurs"]
    assert g.decision.kind == "field_hospitals" and g.decision.seat == M
    g.apply(("field_hospitals", "bake_sale"))
    assert g.warriors[1][1] == 2 and g.warriors[0][5] == 2


def test_propaganda_bureau_vagabond_places_nothing() -> None:
    """1.5.4: the Vagabond has no warriors to place; he still removes one."""
    g = vgame((V, M), at=1, items={"boots": 1}, warriors={M: {1: 2}}, hands={V: ["anvil"]},
              played={V: ["propaganda_bureau"]}, deck_name=EP, step=("vagabond.actions", V))
    g.apply(("propaganda", 1, M))
    assert g.warriors[1][1] == 1


def test_league_of_adventurous_mice() -> None:
    """League of Adventurous Mice: once in Daylight, exhaust an item in your Crafted Items
    box to take a move or initiate a battle; exhausted items stay so (rulings.md)."""
    g = ep(warriors={M: {1: 2}, E: {1: 1}}, items={M: ["sword", "boots"]},
           played={M: ["league_of_adventurous_mice"]}, step=("marquise.actions", M, 0))
    assert set(options(g, "league")) == {("league", "sword"), ("league", "boots")}
    g.apply(("league", "boots"))
    assert ("battle", 1, E) in options(g) and ("move", 1, 5) in options(g)
    play(g, ("move", 1, 5), ("warriors", 1))
    assert g.warriors[0][5] == 1 and g.cards.exhausted[0] == ("boots",)
    assert options(g, "league") == [] and g.view(E)["players"][M]["items_exhausted"] == ["boots"]
    assert g.items[0] == ["sword", "boots"]


# ---------------------------------------------------------------- battle
@pytest.mark.parametrize("card,clearing,ok", [
    ("fox_partisans", 1, True), ("fox_partisans", 5, False), ("rabbit_partisans", 5, True),
    ("mouse_partisans", 2, True), ("mouse_partisans", 1, False)])
def test_partisans(card: str, clearing: int, ok: bool) -> None:
    """Partisans: in battle in a clearing of the suit, may deal an extra hit, then discard
    every card in hand but that suit's (birds too, 2.1.1.I)."""
    suit = card.split("_")[0]
    keep = {"fox": "anvil", "rabbit": "bake_sale", "mouse": "sword_mouse"}[suit]
    g = ep(warriors={M: {clearing: 2}, E: {clearing: 3}}, played={M: [card]},
           hands={M: [keep, "arms_trader", "root_tea_rabbit" if suit != "rabbit" else "anvil"]},
           step=("marquise.actions", M, 3), forced=[["dice", [1, 0]]])
    g.apply(("action", "battle"))  # the only battle: it starts and rolls
    if not ok:
        assert g.decision.kind != "battle_effect" and g.warriors[1][clearing] == 2
        return
    assert g.decision.kind == "battle_effect" and ("effect", card) in options(g)
    g.apply(("effect", card))
    assert g.warriors[1][clearing] == 1  # one rolled hit and the extra hit
    assert g.hands[0] == [keep] and "arms_trader" in g.discard


def test_partisans_as_defender() -> None:
    g = ep(E, M, warriors={M: {1: 2}, E: {1: 3}}, played={M: ["fox_partisans"]},
           hands={M: ["anvil"]}, step=("eyrie.decree", E, 2, ("fox",)),
           forced=[["dice", [1, 1]]])  # the only Decree battle starts by itself
    assert g.decision.seat == M and options(g) == [("effect", "fox_partisans"), ("done",)]
    g.apply(("effect", "fox_partisans"))
    assert g.warriors[0][1] == 1  # one rolled hit and the extra one


# --------------------------------------------------------------- Evening
def test_charm_offensive() -> None:
    """Charm Offensive: at start of Evening, may draw a card and let another player
    score one VP."""
    g = ep(played={M: ["charm_offensive"]}, warriors={M: {1: 1}}, deck_top=["anvil", "bake_sale"],
           turn=M, then="evening")
    assert g.decision.rule == "4.1.3 Charm Offensive" and set(options(g)) == {
        ("charm", E), ("skip",)}
    g.apply(("charm", E))
    assert g.vp[1] == 1 and g.hands[0][:1] == ["anvil"]


def test_informants_instead_of_drawing() -> None:
    """Informants: in Evening, if you would draw cards, you may instead take one ambush
    card from the discard pile."""
    g = ep(played={M: ["informants"]}, warriors={M: {1: 1}}, buildings={M: {1: ["recruiter"]}},
           discard=["ambush_fox", "anvil", "ambush_bird"], deck_top=["bake_sale"],
           turn=M, then="evening")
    assert g.decision.rule == "4.1.3 Informants"
    assert set(options(g)) == {("draw", 1), ("informants", "ambush_bird"),
                               ("informants", "ambush_fox")}
    g.apply(("informants", "ambush_fox"))
    assert g.hands[0] == ["ambush_fox"] and "ambush_fox" not in g.discard  # no card drawn


PASS = (("done",), ("skip",), ("no_exert",), ("go_on",), ("kk_retinue_done",))


@pytest.mark.parametrize("faction", ["marquise", "eyrie", "alliance", "vagabond", "lizards",
                                     "duchy", "corvids", "hundreds", "keepers"])
def test_informants_in_every_factions_evening_draw(faction: str) -> None:
    """Every faction's Evening draw is the one draw path, with its hooks: Informants
    offers the ambush in the discard pile instead (the Riverfolk draw none, 11.6)."""
    other = "eyrie" if faction == "marquise" else "marquise"
    state: dict[str, Any] = {"vagabond": {"at": 5}, "lizards": {"outcast": "fox"}}
    g = build([faction, other], deck_name=EP, turn=faction, then="evening",
              played={faction: ["informants"]}, discard=["ambush_fox"],
              **{f: v for f, v in state.items() if f == faction})
    while g.decision.kind != "draw" and g.decision.seat == faction and g.phase == "evening":
        g.apply(next((o for o in PASS if o in g.decision.options), g.decision.options[-1]))
    assert g.decision.kind == "draw" and ("informants", "ambush_fox") in options(g)


def test_informants_without_ambush_draws() -> None:
    g = ep(played={M: ["informants"]}, warriors={M: {1: 1}}, discard=["anvil"],
           deck_top=["bake_sale"], turn=M, then="evening")
    assert g.hands[0] == ["bake_sale"]


# --------------------------------------------------------- Coffin Makers
def test_coffin_makers_takes_warriors_removed_from_every_source() -> None:
    """Coffin Makers: removed warriors go on the card instead of their supply (battle,
    Propaganda Bureau, ...); at start of its owner's Birdsong, one VP per five there,
    then they return to their supplies."""
    g = ep(E, M, played={E: ["coffin_makers", "propaganda_bureau"]},
           warriors={E: {5: 3, 1: 1}, M: {5: 3, 1: 1}}, hands={E: ["anvil"]},
           step=("eyrie.decree", E, 2, ("rabbit",)), steps=[(PAUSE, E)],
           decree={"battle": ["bake_sale"]}, forced=[["dice", [3, 2]]])
    supply = g.warrior_supply(1)
    g.apply(("propaganda", 1, M))  # a fox card: the fox clearing 1; then the battle in 5
    assert step_name(g) == PAUSE
    assert g.cards.coffins == (2, 4)  # the battle's 2 and 3, the Propaganda's 1
    assert g.warrior_supply(1) == supply and g.warriors[0][1] == 2  # not back in supply
    assert g.view(M)["players"][M]["warriors_on_coffin_makers"] == 4


def test_coffin_makers_scores_at_start_of_birdsong() -> None:
    g = ep(E, M, played={E: ["coffin_makers"]}, warriors={E: {1: 1}}, step=("turn", E))
    g2 = ep(E, M, played={E: ["coffin_makers"]}, warriors={E: {1: 1}}, step=(PAUSE, E))
    g2.cards = g2.cards.with_coffins((3, 8), 0)
    assert g2.warrior_supply(1) == 25 - 8
    g2.stack[-1:-1] = [(PAUSE, 0), ("birdsong_start", 0)]
    g2.apply(("done",))
    assert (E, 2, "coffin_makers") in scored(g2) and g2.cards.coffins == (0, 0)
    assert g2.warrior_supply(1) == 25
    assert not scored(g)


def test_coffin_makers_and_field_hospitals() -> None:
    """6.2.3 places the removed warriors at the keep instead of the supply: they never
    reach Coffin Makers; declined, they do."""
    for use in (True, False):
        g = ep(E, M, played={E: ["coffin_makers"]}, warriors={E: {5: 3}, M: {5: 2, 1: 1}},
               tokens={M: {1: ["keep"]}}, hands={M: ["bake_sale"]},
               step=("eyrie.decree", E, 2, ("rabbit",)), steps=[(PAUSE, E)],
               forced=[["dice", [2, 0]]])
        assert g.decision.kind == "field_hospitals"  # the only battle ran by itself
        g.apply(("field_hospitals", "bake_sale") if use else ("decline",))
        assert g.cards.coffins[1] == (0 if use else 2)
        assert g.warriors[1][1] == (3 if use else 1)


def test_coffin_makers_sabotaged_returns_warriors() -> None:
    g = ep(M, E, played={M: ["saboteurs"], E: ["coffin_makers"]}, warriors={M: {1: 1}},
           step=("turn", M))
    g.cards = g.cards.with_coffins((4, 1), 1)
    g.apply(("saboteurs", E, "coffin_makers"))
    assert g.cards.coffins == (0, 0) and g.cards.coffin_seat == -1


# -------------------------------------------------------- crafting items
def test_murine_broker_and_master_engravers() -> None:
    """Murine Broker: whenever another player crafts an item, draw a card. Master
    Engravers: when you craft an item, one extra VP."""
    g = ep(warriors={M: {1: 1}}, buildings={M: WORKSHOPS}, hands={M: ["anvil"]},
           played={M: ["master_engravers"], E: ["murine_broker"]}, deck_top=["bake_sale"],
           turn=M, then="daylight")
    g.apply(("craft", "anvil", ()))
    assert g.vp[0] == 3 and g.hands[1] == ["bake_sale"]
    assert scored(g, M) == [(M, 2, "craft"), (M, 1, "master_engravers")]


def test_master_engravers_with_disdain_for_trade() -> None:
    """7.2.3: the Eyrie score one VP for an item, plus Master Engravers'."""
    g = ep(E, M, buildings={E: {1: ["roost"], 8: ["roost"]}}, warriors={E: {1: 1}},
           hands={E: ["foxfolk_steel"]}, played={E: ["master_engravers"]}, leader="despot",
           step=("craft", E))
    g.apply(("craft", "foxfolk_steel", ()))
    assert g.vp[0] == 2


def test_murine_broker_when_a_bot_crafts() -> None:
    g = mm.parked([mm.ME, E], order="anvil", deck_name=EP, played={E: ["murine_broker"]},
                  deck_top=["bake_sale"])
    mm.run(g, ("bot.craft_order", mm.ME))
    assert g.hands[1] == ["bake_sale"]


# ------------------------------------------------------------- ambushes
def test_ep_ambush_as_standard() -> None:
    g = ep(warriors={M: {1: 3}, E: {1: 1}}, hands={E: ["ambush_fox"]},
           step=("marquise.actions", M, 3))
    g.apply(("action", "battle"))
    assert ("ambush", "ambush_fox") in options(g)


def test_refusals_change_nothing() -> None:
    g = ep(played={M: ["propaganda_bureau"]}, warriors={M: {1: 1}, E: {5: 1}},
           hands={M: ["anvil"]}, step=("marquise.actions", M, 3))
    assert_illegal(g, ("propaganda", 5, E))  # a fox card cannot match a rabbit clearing
    assert_illegal(g, ("league", "sword"))
    assert_illegal(g, ("saboteurs", E, "tunnels"))


@pytest.mark.parametrize("source", ["organize", "strike", "revolt", "bot"])
def test_coffin_makers_other_sources(source: str) -> None:
    """Coffin Makers takes removed warriors whatever removes them: the Alliance's own
    Organize (8.6.1.IV), the Vagabond's Strike (9.5.6), a revolt's removal of all enemy
    pieces (8.4.1), a bot's Organize (Rootbotics 6.6.1)."""
    if source == "organize":
        g = ep(A, E, played={E: ["coffin_makers"]}, warriors={A: {5: 2}},
               step=("alliance.organize", A), steps=[(PAUSE, A)])
        assert g.cards.coffins == (1, 0) and g.warrior_supply(0) == 10 - 1 - 1
    elif source == "strike":
        g = vgame((V, M), deck_name=EP, at=1, items={"crossbow": 1}, warriors={M: {1: 2}},
                  played={M: ["coffin_makers"]}, step=("vagabond.actions", V))
        g.apply(("strike", M, "warrior"))
        assert g.cards.coffins == (0, 1)
    elif source == "revolt":
        from rootlaw.core.effects import remove_all_enemy_pieces
        g = ep(A, M, played={M: ["coffin_makers"]}, warriors={M: {5: 3}}, step=(PAUSE, A))
        remove_all_enemy_pieces(g, 0, 5)
        assert g.cards.coffins == (0, 3) and g.warrior_supply(1) == 25 - 3
    else:
        g = ep("automated_alliance", M, played={M: ["coffin_makers"]},
               warriors={"automated_alliance": {5: 3}},
               buildings={"automated_alliance": {5: ["base_rabbit"]}}, step=(PAUSE, M))
        g.stack[-1:-1] = [(PAUSE, 1), ("automated_alliance.organize", 0, 0)]
        g.apply(("done",))
        assert g.cards.coffins == (3, 0)


def test_tunnels_with_two_pieces_in_a_clearing() -> None:
    g = ep(buildings={M: WORKSHOPS}, warriors={M: {5: 2}}, played={M: ["tunnels"]},
           step=("marquise.actions", M, 3))
    g.apply(("action", "march"))
    moves = options(g)
    assert len(moves) == len(set(moves)) and {("move", 5, 9), ("move", 5, 8)} <= set(moves)
