"""Appendix F, the landmarks, and A.5 (setting them up), from built positions and from
the Advanced Setup. The cards' own rules (rootlaw/data/landmarks.json) are cited by
landmark; readings are in docs/rulings.md, "Landmarks (Appendix F)".

Fall: suits 1 fox, 2 mouse, 3 rabbit, 4 rabbit, 5 rabbit, 6 fox, 7 mouse, 8 fox,
9 mouse, 10 rabbit, 11 mouse, 12 fox; slots 1:1 2:2 3:1 4:1 5:2 6:2 7:2 8:2 9:2 10:2
11:3 12:2 (ruins in 6, 10, 11, 12); paths 1-5 1-9 1-10 2-5 2-6 2-10 3-6 3-7 3-11 4-8
4-9 4-12 6-11 7-8 7-12 9-12 10-12 11-12; rivers 4-7 5-10 7-11 10-11.
"""
from __future__ import annotations

import json
import random
from typing import Any

import pytest

import rootlaw
from rootlaw import Game, SetupError
from rootlaw.core import landmarks as lm
from rootlaw.core.advanced import reverse_order
from rootlaw.core.determinize import Sampler
from rootlaw.core.options import public_label
from tests.builder import assert_illegal, build, options, play, scored, step_name
from tests.test_invariants import shuffle_market

M, E, A, V = "marquise", "eyrie", "alliance", "vagabond"
LZ, RF, UD, LH = "lizards", "riverfolk", "duchy", "hundreds"
LC = 5  # the Lost City in these positions: a rabbit clearing on the Fall river (5-10)


def place(*marks: tuple[str, int]) -> Any:
    """A ``before`` hook for build(): set the landmarks up in these clearings."""
    def hook(g: Game) -> None:
        for lid, c in marks:
            lm.set_up(g, lid, c)
    return hook


def advanced(**kw: Any) -> Game:
    factions = kw.pop("factions", [M, E, A, V])
    return rootlaw.new_game(factions=factions, setup="advanced", **kw)


# ================================================================ F.1
def test_f_1_1_landmarks_cannot_be_battled_moved_or_removed() -> None:
    """F.1.1: a Favor removes every enemy piece of its suit's clearings, not the Lost City
    there; a battle has no landmark to target; nothing moves it."""
    g = build([M, E], warriors={M: {LC: 3}, E: {LC: 2}},
              buildings={E: {LC: ["roost"]}, M: {3: ["workshop"], 4: ["workshop"],
                                                 10: ["workshop"]}},  # rabbit: the Favor
              hands={M: ["favor_of_the_rabbits"]}, turn=M, then="daylight",
              before=place(("lost_city", LC)))
    g.apply(("craft", "favor_of_the_rabbits", ()))
    assert g.warriors[1][LC] == 0 and not g.buildings[LC]
    assert g.landmarks.lost_city == LC
    assert "lost_city" not in json.dumps(options(g))


def test_f_1_2_landmarks_are_nobodys_and_not_enemy_pieces() -> None:
    """F.1.2: a landmark is no faction's piece: it counts for nobody's rule and is no
    enemy piece (a clearing with only a landmark is empty for every rule)."""
    g = build([M, E], step=("craft", M), phase="daylight",
              before=place(("tower", 10), ("black_market", 1)))
    for s in range(2):
        for c in (1, 10):
            assert g.ruler(c) is None
            assert not g.has_any_piece(s, c)
            assert not g.has_enemy_piece(s, 1 - s, c)
    assert g.faction_pieces(0, 1) == []


# ================================================================ A.5
def test_a_5_3_last_then_second_to_last_player_set_up() -> None:
    """A.5.2-3: two cards dealt; the last player in turn order sets one up (choosing which
    and where, as its card allows), then the second-to-last the other."""
    g = advanced(seed=3, landmarks=["lost_city", "legendary_forge"])
    order = reverse_order(g, g.adv.first)
    d = g.decision
    assert d.kind == "landmark" and d.rule == "A.5.3" and d.seat == g.factions[order[0]]
    river = {c for c in g.clearings() if g.board.river_adj[c]}
    assert {o[2] for o in d.options if o[1] == "lost_city"} == river  # the river (card)
    assert {o[2] for o in d.options if o[1] == "legendary_forge"} == set(g.clearings())
    g.apply(("set_up_landmark", "lost_city", 10))
    d = g.decision
    assert d.seat == g.factions[order[1]]
    forge = {o[2] for o in d.options}
    assert {o[1] for o in d.options} == {"legendary_forge"}
    assert forge == set(g.clearings()) - {10} - set(g.adjacent(10))  # no landmark near
    dealt = [e for e in g.log if e[0] == "landmarks"]
    assert len(dealt) == 1 and sorted(dealt[0][1]) == ["legendary_forge", "lost_city"]


def test_a_5_3_each_card_allows_its_clearings() -> None:
    """A.5.3 with the cards: the Tower in a ruin clearing (next to a landmark allowed), the
    Ferry and the Lost City on the river, the Black Market where one printed slot and no
    ruin, the Elder Treetop in a corner, the Forge anywhere."""
    g = build([M, E], step=("craft", M), phase="daylight", before=place(("ferry", 10)))
    assert lm.eligible(g, "tower") == [6, 11, 12]  # 10 has the Ferry; 11, 12 beside it ok
    # 5 and 11 share a river with 10 but no path: not adjacent (2.2.1); 10 has the Ferry
    assert lm.eligible(g, "lost_city") == [4, 5, 7, 11]
    assert lm.eligible(g, "black_market") == [3, 4]  # 1 is next to 10
    assert lm.eligible(g, "elder_treetop") == [3, 4]
    assert 10 not in lm.eligible(g, "legendary_forge") and 12 not in lm.eligible(
        g, "legendary_forge")


def test_a_5_the_maps_tower_kept_ignored_or_moved_by_its_card() -> None:
    """A.5: with landmarks the group may keep, ignore or override the Mountain's Tower and
    the Lake's Ferry (C.2.1, C.3.1): kept, they limit where cards go; ignored, they are
    gone; a dealt Tower or Ferry card sets the piece up as it says."""
    kept = advanced(map="mountain", seed=1, landmarks=["lost_city"])
    assert kept.landmarks.tower == 10 and lm.occupied(kept) == [10]
    assert {o[2] for o in kept.decision.options} == {2, 4}  # river, not at/next to 10
    ignored = advanced(map="mountain", seed=1, landmarks=["lost_city"], map_landmarks="ignore")
    assert ignored.landmarks.tower == 0
    assert {o[2] for o in ignored.decision.options} == {2, 4, 10}
    lake = advanced(map="lake", seed=1, landmarks=["lost_city"], map_landmarks="ignore")
    assert lake.ferry == 0
    moved = advanced(map="mountain", seed=1, landmarks=["tower"])
    assert moved.landmarks.tower == 0  # the card sets it up instead
    assert {o[2] for o in moved.decision.options} == {9, 10, 11, 12}  # ruins (card)
    moved.apply(("set_up_landmark", "tower", 12))
    assert moved.landmarks.tower == 12 and moved.view()["the_pass"] == 12
    ferry = advanced(map="lake", seed=2, landmarks=["ferry", "tower"])
    assert ferry.ferry == 0 and ("set_up_landmark", "ferry", 11) in ferry.decision.options


def test_a_5_1_one_or_two_dealt_at_random() -> None:
    """A.5.1-2: one or two cards dealt from the six (with two players, never the Elder
    Treetop: not recommended with two, rulings.md); the deal is recorded."""
    seen: set[str] = set()
    for seed in range(40):
        g = advanced(seed=seed, landmarks=2, factions=[M, E])
        assert len(g.landmarks.cards) == 2 and "elder_treetop" not in g.landmarks.cards
        seen.update(g.landmarks.cards)
    assert seen == set(lm.LANDMARKS) - {"elder_treetop"}
    g = advanced(seed=5, landmarks=1, factions=[M, E, A])
    assert len(g.landmarks.cards) == 1
    assert [e for e in g.log if e[0] == "landmarks"] == [("landmarks", list(g.landmarks.cards))]


def test_a_5_1_dealt_from_the_cards_the_group_kept() -> None:
    """A.5.1 "remove any landmark cards you do not want to play with": the deal is made
    from the cards kept; the Elder Treetop can be kept with two players (its card's
    "not recommended" is advice, rulings.md)."""
    g = advanced(seed=1, factions=[M, E], landmarks={"deal": 1, "pool": ["elder_treetop"]})
    assert g.landmarks.cards == ("elder_treetop",)
    pool = ["tower", "ferry", "black_market"]
    seen: set[str] = set()
    for seed in range(12):
        g = advanced(seed=seed, landmarks={"deal": 2, "pool": pool})
        assert len(g.landmarks.cards) == 2 and set(g.landmarks.cards) <= set(pool)
        seen.update(g.landmarks.cards)
    assert seen == set(pool)


@pytest.mark.parametrize("kw, words", [
    ({"landmarks": 2, "setup": "standard"}, "A.5"),
    ({"landmarks": 3}, "one or two"),
    ({"landmarks": 0}, "one or two"),
    ({"landmarks": ["lost_city", "castle"]}, "castle"),
    ({"landmarks": ["tower", "tower"]}, "once"),
    ({"landmarks": ["tower", "ferry", "lost_city"]}, "one or two"),
    ({"landmarks": True}, "number"),
    ({"landmarks": {"deal": 2, "pool": ["tower"]}}, "cannot be dealt from 1"),
    ({"landmarks": {"deal": 3, "pool": ["tower", "ferry", "lost_city"]}}, "one or two"),
    ({"landmarks": {"deal": 1, "pool": ["castle"]}}, "castle"),
    ({"landmarks": {"deal": 1, "pool": ["tower", "tower"]}}, "once"),
    ({"landmarks": {"deal": 1}}, "pool"),
    ({"map_landmarks": "ignore"}, "goes with landmarks"),
    ({"landmarks": 1, "map_landmarks": "move"}, "keep, ignore"),
])
def test_a_5_bad_choices_are_refused_by_name(kw: dict[str, Any], words: str) -> None:
    setup = kw.pop("setup", "advanced")
    with pytest.raises(SetupError, match=words):
        rootlaw.new_game(factions=[M, E], setup=setup, **kw)


def test_a_5_3_a_bot_sets_up_by_priority() -> None:
    """A bot in the last seat sets its landmark up itself: the first dealt, in its allowed
    clearing of highest priority (Rootbotics 2.1; rulings.md): no decision."""
    for seed in range(12):
        g = advanced(seed=seed, landmarks=["legendary_forge"],
                     factions=["mechanical_marquise", E, A])
        last = reverse_order(g, g.adv.first)[0]
        if g.fdefs[last].is_bot:
            assert g.landmarks.forge == 1 and g.decision.kind != "landmark"
            return
    raise AssertionError("no seed put the bot last")


def test_a_5_3_the_black_market_takes_three_cards_before_hands() -> None:
    """The Black Market's card: three cards from the deck, face down, before A.7 deals
    (with two players not a dominance card: A.7 removed them first, rulings.md)."""
    for seed in range(6):
        g = advanced(seed=seed, landmarks=["black_market"], factions=[M, E])
        c = g.decision.options[0][2]
        g.apply(("set_up_landmark", "black_market", c))
        cards = g.landmarks.market_cards
        assert len(cards) == 3 and all(g.card(x).kind != "dominance" for x in cards)
        assert len(g.deck) + sum(map(len, g.hands)) + 3 == len(
            [x for x in g.deckdef.contents if g.card(x).kind != "dominance"])


def test_a_5_3_the_forge_takes_its_suits_items() -> None:
    """The Legendary Forge's card: by its clearing's suit, every copy of those items
    leaves the supply for the card (fox: swords, crossbow, hammer)."""
    g = advanced(seed=2, landmarks=["legendary_forge"], suits="printed")
    g.apply(("set_up_landmark", "legendary_forge", 1))  # fox
    assert sorted(g.landmarks.forge_items) == ["crossbow", "hammer", "sword", "sword"]
    assert g.supply["sword"] == g.supply["crossbow"] == g.supply["hammer"] == 0
    assert g.view()["landmarks"]["forge_items"] == list(g.landmarks.forge_items)


# ======================================================= the Tower (C.3.4)
def test_tower_scores_its_ruler_at_the_end_of_evening() -> None:
    """The Tower's card (C.3.4 on any map): at the end of a player's Evening, one victory
    point if that player rules the Tower's clearing."""
    g = build([M, E], warriors={M: {10: 2}, E: {12: 3}}, turn=M, then="evening",
              before=place(("tower", 10)))
    while g.turn_seat == 0 and not g.is_over:
        g.apply(g.decision.options[-1])
    assert (M, 1, "the_pass") in scored(g)
    assert g.view()["the_pass"] == 10


# ======================================================= the Ferry (C.2.5)
def test_ferry_moves_along_a_river_and_its_mover_draws() -> None:
    """The Ferry's card on the Fall map: once per turn, pieces moving out of its clearing
    may go to a clearing a river links to it (10 -> 5, 11) though no path does; the Ferry
    goes along and the moving player draws (C.2.5)."""
    g = build([M, E], warriors={M: {10: 3}}, step=("marquise.actions", M, 3),
              before=place(("ferry", 10)))
    play(g, ("action", "march"))
    assert ("ferry", 10, 11) in options(g) and ("ferry", 10, 5) in options(g)
    assert ("move", 10, 11) not in options(g)  # no path 10-11
    hand = len(g.hands[0])
    play(g, ("ferry", 10, 11), ("warriors", 2))
    assert g.ferry == 11 and g.warriors[0][11] == 2 and len(g.hands[0]) == hand + 1
    assert not [o for o in options(g) if o[0] == "ferry"]  # once per turn


def test_ferry_riverfolk_swimmers_take_it_and_draw() -> None:
    """The Riverfolk treat rivers as paths (11.2.2): they reach 11 from 10 either way, but
    taking the Ferry draws them a card (C.2.5), and it is a move of its own."""
    g = build([RF, M], warriors={RF: {10: 2}}, riverfolk={"funds": {RF: 2}},
              step=("riverfolk.daylight", RF), before=place(("ferry", 10)))
    assert ("rf_ferry", 10, 11) in options(g) and ("rf_move", 10, 11) in options(g)
    hand = len(g.hands[0])
    play(g, ("rf_ferry", 10, 11))
    while g.decision.kind in ("fund", "move_count"):
        g.apply(g.decision.options[-1])
    assert g.ferry == 11 and len(g.hands[0]) == hand + 1


# ======================================================= the Lost City
def test_lost_city_is_every_suit_for_matching() -> None:
    """The Lost City's clearing is a fox, a rabbit and a mouse clearing at once: every
    "matching clearing" check (the core's helpers) says so; its marker stays."""
    g = build([M, E], step=("craft", M), phase="daylight", before=place(("lost_city", LC)))
    assert g.suits[LC] == "rabbit" and g.suits_at(LC) == ("fox", "rabbit", "mouse")
    assert all(g.suit_match(LC, x) for x in ("fox", "rabbit", "mouse"))
    assert not g.suit_match(LC, "bird") and g.suits_at(1) == ("fox",)
    assert g.clearings_matching(1, LC) and not g.clearings_matching(1, 2)


def test_lost_city_crafting_pieces_are_each_any_suit() -> None:
    """4.1.1 with the Lost City: two workshops there may be activated as different suits
    (a fox and a rabbit card), each once."""
    g = build([M, E], warriors={M: {LC: 1}}, buildings={M: {LC: ["workshop", "workshop"]}},
              hands={M: ["anvil", "bake_sale", "a_visit_to_friends", "mouse_in_a_sack"]},
              turn=M, then="daylight", before=place(("lost_city", LC)))
    assert {o[1] for o in options(g, "craft")} == {"anvil", "bake_sale", "a_visit_to_friends",
                                                   "mouse_in_a_sack"}
    g.apply(("craft", "anvil", ()))
    assert {o[1] for o in options(g, "craft")} == {"a_visit_to_friends", "mouse_in_a_sack"}
    g.apply(("craft", "mouse_in_a_sack", ()))
    assert not options(g, "craft")


def test_lost_city_lizard_gardens_craft_by_printed_suit() -> None:
    """10.2.1: gardens craft by their printed suit, matching the Outcast, which in the Lost
    City ("except with the Lost City landmark") need not be the clearing's marker. A
    mouse garden there crafts mouse costs only; the clearing is an Outcast clearing."""
    g = build([LZ, M], warriors={LZ: {LC: 1}}, buildings={LZ: {LC: ["garden_mouse"]}},
              hands={LZ: ["mouse_in_a_sack", "a_visit_to_friends", "anvil"]},
              lizards={"outcast": "mouse"}, step=("craft", LZ), phase="evening",
              before=place(("lost_city", LC)))
    assert g.fdefs[0].crafting_pieces(g, 0) == (0, 0, 1)
    assert options(g, "craft") == [("craft", "mouse_in_a_sack", ())]
    from rootlaw.factions.lizards import outcast_clearings
    assert LC in outcast_clearings(g, 0)
    g2 = build([LZ, M], warriors={LZ: {LC: 1}}, buildings={LZ: {LC: ["garden_mouse"]}},
               hands={LZ: ["mouse_in_a_sack"]}, lizards={"outcast": "rabbit"},
               step=("craft", LZ), phase="evening", before=place(("lost_city", LC)))
    assert g2.fdefs[0].crafting_pieces(g2, 0) == (0, 0, 0) and not options(g2, "craft")


def test_lost_city_lizard_homeland_garden_is_chosen() -> None:
    """A.8.2 with the Lost City: a Lizard homeland there takes the garden of one of its
    suits, of the player's choice."""
    for seed in range(20):
        g = advanced(seed=seed, factions=[LZ, M], landmarks=["lost_city"], suits="printed")
        g.apply(("set_up_landmark", "lost_city", LC))
        while g.decision.kind != "setup_homeland" or g.decision.seat != LZ:
            g.apply(g.decision.options[0])
        if ("homeland", LC) in g.decision.options:
            break
    g.apply(("homeland", LC))
    while g.decision.kind != "setup_garden":
        g.apply(g.decision.options[0])
    assert {o[1] for o in g.decision.options} == {"fox", "rabbit", "mouse"}
    g.apply(("lz_garden", "fox", LC))
    assert (0 if g.factions[0] == LZ else 1, "garden_fox") in g.buildings[LC]


def test_lost_city_duchy_sways_with_it_once() -> None:
    """12.5.3.II with the Lost City: the clearing counts once, for a card of any suit: a
    Duchy piece there alone reveals one card, of any suit, never two."""
    from rootlaw.factions.duchy import sway_possible
    g = build([UD, M], warriors={UD: {LC: 1}}, hands={UD: ["anvil", "mouse_in_a_sack"]},
              step=("craft", UD), phase="daylight", before=place(("lost_city", LC)))
    assert sway_possible(g, 0, (), 1, ["anvil"]) and sway_possible(g, 0, (), 1, ["bake_sale"])
    assert not sway_possible(g, 0, (), 2, ["anvil", "mouse_in_a_sack"])
    g.warriors[0][1] = 1  # and a fox clearing: a fox card there, a mouse one in the City
    assert sway_possible(g, 0, (), 2, ["anvil", "mouse_in_a_sack"])
    assert not sway_possible(g, 0, (), 2, ["mouse_in_a_sack", "crossbow_mouse"])  # one mouse


def test_lost_city_ambush_and_foil_of_different_suits() -> None:
    """4.3.1 with the Lost City: the defender may ambush with a card of any of its suits,
    the attacker foil with another."""
    g = build([M, E], warriors={M: {LC: 3}, E: {LC: 2}}, hands={E: ["ambush_fox"],
              M: ["ambush_mouse"]}, step=("marquise.actions", M, 3),
              before=place(("lost_city", LC)))
    g.apply(("action", "battle"))
    if g.decision.kind != "ambush":
        g.apply(("battle", LC, E))
    assert ("ambush", "ambush_fox") in options(g)
    g.apply(("ambush", "ambush_fox"))
    assert ("foil", "ambush_mouse") in options(g)


def test_lost_city_favor_dominance_and_decree() -> None:
    """Favor of the Foxes reaches the Lost City (a rabbit marker); it counts toward a fox
    dominance; the Eyrie's fox Decree acts there."""
    from rootlaw.core.effects import dominance_achieved
    from rootlaw.factions.eyrie import suit_ok
    g = build([M, E], warriors={M: {1: 1, 6: 1, LC: 1}}, dominance={M: "dominance_fox"},
              step=("craft", M), phase="daylight", before=place(("lost_city", LC)))
    assert dominance_achieved(g, 0)  # 1, 6 and the Lost City: three fox clearings
    assert suit_ok(g, "fox", LC) and suit_ok(g, "mouse", LC) and not suit_ok(g, "mouse", 1)


def test_lost_city_alliance_revolts_choosing_the_base_and_outrage_takes_any_card() -> None:
    """8.4.1 with the Lost City: the clearing matches every base on the board (one is
    chosen), two supporters of any suit pay; warriors come for every sympathetic clearing
    of the chosen base's suit, the City among them. 8.2.6: any card answers Outrage."""
    g = build([A, M], tokens={A: {LC: ["sympathy"], 1: ["sympathy"]}}, warriors={M: {LC: 1}},
              alliance={"supporters": ["anvil", "mouse_in_a_sack"]},
              step=("alliance.revolts", A), before=place(("lost_city", LC)))
    assert {o for o in options(g) if o[0] == "revolt_as"} == {
        ("revolt_as", LC, "fox"), ("revolt_as", LC, "rabbit"), ("revolt_as", LC, "mouse")}
    play(g, ("revolt_as", LC, "fox"))
    assert (0, "base_fox") in g.buildings[LC] and g.warriors[0][LC] == 2  # 1 and LC
    g2 = build([M, A], warriors={M: {1: 2}}, tokens={A: {LC: ["sympathy"]}},
               hands={M: ["anvil"]}, step=("marquise.actions", M, 3),
               before=place(("lost_city", LC)))
    play(g2, ("action", "march"), ("move", 1, LC), ("warriors", 1))
    assert "anvil" in g2.fstate[1].supporters  # its one card matches the City (alone: no choice)


def test_lost_city_vagabond_hammers_craft_any_suit() -> None:
    """9.2.1 in the Lost City: all his hammers match the clearing, so each crafts as any
    suit (a fox card and a rabbit card with two hammers)."""
    from tests.rules.vagabond_position import game as vgame
    g = vgame((V, M), at=LC, items={"hammer": 2, "boots": 1},
              hands={V: ["anvil", "a_visit_to_friends"]}, step=("vagabond.actions", V),
              setup=place(("lost_city", LC)))
    crafts = {o[1] for o in options(g, "craft")}
    assert crafts == {"anvil", "a_visit_to_friends"}
    g.apply(("craft", "anvil", ()))
    assert {o[1] for o in options(g, "craft")} == {"a_visit_to_friends"}


def test_lost_city_bots_orders_match_it() -> None:
    """Bots ask the clearing too (rulings.md): an order of any suit matches the Lost City
    (Rootbotics 2.7)."""
    from rootlaw.bots.base import ordered
    g = build([M, E], step=("craft", M), phase="daylight", before=place(("lost_city", LC)))
    assert ordered(g, "fox", LC) and ordered(g, "mouse", LC) and not ordered(g, "fox", 3)


# ======================================================= the Legendary Forge
def test_forge_items_need_a_piece_there_and_give_a_card_and_a_point() -> None:
    """The Legendary Forge: its items are crafted only with a faction piece in its clearing
    (other crafting rules apply); the crafter draws a card and scores one more point."""
    g = build([M, E], warriors={M: {1: 1}}, buildings={M: {1: ["workshop"]}},
              hands={M: ["anvil"]}, turn=M, then="daylight", before=place(("legendary_forge", 9)))
    assert g.landmarks.forge_items == ("bag", "bag", "tea", "tea")  # 9 is a mouse clearing
    assert g.supply["hammer"] == 1 and options(g, "craft") == [("craft", "anvil", ())]
    g = build([M, E], warriors={M: {1: 1}}, buildings={M: {1: ["workshop"]}},
              hands={M: ["anvil"]}, turn=M, then="daylight", before=place(("legendary_forge", 8)))
    assert "hammer" in g.landmarks.forge_items and not g.supply["hammer"]
    assert not options(g, "craft") and not options(g, "craft_forge")  # no piece in 8
    g = build([M, E], warriors={M: {1: 1, 8: 1}}, buildings={M: {1: ["workshop"]}},
              hands={M: ["anvil"]}, turn=M, then="daylight", before=place(("legendary_forge", 8)))
    assert options(g, "craft_forge") == [("craft_forge", "anvil", ())]
    hand = len(g.hands[0])
    g.apply(("craft_forge", "anvil", ()))
    assert g.items[0] == ["hammer"] and "hammer" not in g.landmarks.forge_items
    assert scored(g, M) == [(M, 2, "craft"), (M, 1, "legendary_forge")]
    assert len(g.hands[0]) == hand - 1 + 1


def test_forge_eyrie_disdain_for_trade_keeps_the_forge_point() -> None:
    """7.2.3: the Eyrie score one point per item, "extra crafting points from ... the
    Legendary Forge" still apply: 1 + 1."""
    g = build([E, M], warriors={E: {8: 1}}, buildings={E: {8: ["roost"]}}, hands={E: ["anvil"]},
              leader="charismatic", turn=E, then="daylight",
              before=place(("legendary_forge", 8)))
    g.apply(("craft_forge", "anvil", ()))
    assert scored(g, E)[:2] == [(E, 1, "craft"), (E, 1, "legendary_forge")]


def test_forge_vagabond_crafts_there_with_his_pawn() -> None:
    """The Vagabond's pawn is a faction piece in the Forge's clearing: he crafts its items
    (9.2.1), takes the item at once, draws and scores one more."""
    from tests.rules.vagabond_position import game as vgame
    g = vgame((V, M), at=8, items={"hammer": 1, "boots": 1}, hands={V: ["anvil"]},
              step=("vagabond.actions", V), setup=place(("legendary_forge", 8)))
    assert ("craft_forge", "anvil", ()) in options(g)
    hand = len(g.hands[0])
    g.apply(("craft_forge", "anvil", ()))
    assert (V, 1, "legendary_forge") in scored(g, V) and len(g.hands[0]) == hand


def test_forge_hundreds_contempt_for_trade_keeps_the_forge_point() -> None:
    """14.2.3: whether the Hundreds keep the item (no listed points) or remove it, the
    Forge's point still comes."""
    g = build([LH, M], warriors={LH: {8: 2}}, buildings={LH: {8: ["stronghold"]}},
              hands={LH: ["anvil"]}, hundreds={"warlord": 8}, turn=LH, then="daylight",
              before=place(("legendary_forge", 8)))
    g.apply(("craft_forge", "anvil", ()))
    while step_name(g) == "hundreds.contempt":
        g.apply(g.decision.options[0])
    assert (LH, 1, "legendary_forge") in scored(g, LH)


# ======================================================= the Black Market
def test_black_market_exchange_once_per_turn_with_a_piece_there() -> None:
    """The Black Market: once during their turn a player with a faction piece in its
    clearing gives a card from hand for one of its face-down cards (with the Daylight
    extras too, rulings.md)."""
    g = build([M, E], warriors={M: {3: 1}}, hands={M: ["anvil", "bake_sale"]},
              turn=M, then="daylight", before=place(("black_market", 3)))
    before = set(g.landmarks.market_cards)
    assert {o for o in options(g, "black_market")} == {("black_market", "anvil"),
                                                        ("black_market", "bake_sale")}
    g.apply(("black_market", "anvil"))
    assert "anvil" in g.landmarks.market_cards and "anvil" not in g.hands[0]
    assert len(g.hands[0]) == 2 and len(set(g.hands[0]) & before) == 1
    assert not options(g, "black_market")
    assert public_label(("black_market", "anvil")) == (
        "Black Market: exchange a card for a face-down card")
    g2 = build([M, E], warriors={M: {1: 1}}, hands={M: ["anvil"]}, turn=M, then="daylight",
               before=place(("black_market", 3)))
    assert not options(g2, "black_market")  # no piece there
    assert_illegal(g2, ("black_market", "anvil"))


def test_black_market_once_during_the_turn_in_birdsong_and_evening_too() -> None:
    """"Once during their turn": not only at Daylight's menus but in every window of the
    turn for effects usable anytime on it (1.4.2: between actions): the start of
    Birdsong, and before the first draw of Evening; once taken, not again that turn."""
    g = build([M, E], warriors={M: {3: 1}}, hands={M: ["anvil"]}, step=("turn", M),
              before=place(("black_market", 3)))
    assert g.phase == "birdsong" and g.decision.kind == "anytime"
    assert options(g, "black_market") == [("black_market", "anvil")]
    play(g, ("black_market", "anvil"))
    assert "anvil" in g.landmarks.market_cards and g.decision.kind != "anytime"
    g = build([M, E], warriors={M: {3: 1}}, hands={M: ["anvil"]}, turn=M, then="evening",
              before=place(("black_market", 3)))
    assert g.phase == "evening" and options(g, "black_market") == [("black_market", "anvil")]
    assert g.hands[0] == ["anvil"]  # before the Evening's draw


def test_black_market_cards_are_hidden_from_every_seat() -> None:
    """Face down to everyone: dealing them again from the deck changes no seat's view; the
    view shows only how many; the search agent's samples deal them again too."""
    g = build([M, E], warriors={M: {3: 1}}, hands={M: ["anvil"]}, turn=M, then="daylight",
              before=place(("black_market", 3)))
    views = {f: json.dumps(g.view(f), sort_keys=True) for f in (M, E, None)}
    assert g.view(M)["landmarks"]["black_market_cards"] == 3
    text = json.dumps(g.view(M))
    for cid in g.landmarks.market_cards:
        assert text.count(f'"{cid}"') == json.dumps(g.view(E)).count(f'"{cid}"')
    rnd = random.Random(1)
    for _ in range(5):
        c = g.copy()
        shuffle_market(c, rnd)
        for f in (M, E, None):
            assert json.dumps(c.view(f), sort_keys=True) == views[f]
    sampler = Sampler(g, M, seed=3)
    seen = {sampler.sample().landmarks.market_cards for _ in range(8)}
    assert len(seen) > 1  # resampled (determinize.py)


# ======================================================= the Elder Treetop
def test_treetop_gives_a_slot_and_its_building_scores_one_more() -> None:
    """The Elder Treetop: one more building slot in its corner; removing an enemy building
    from that slot scores one more (two in all), one in a printed slot scores one."""
    g = build([E, M], warriors={E: {1: 6}, M: {1: 1}}, step=("eyrie.evening", E),
              phase="evening", before=place(("elder_treetop", 1)))
    assert g.slots_at(1) == 2 and g.open_slots(1) == 2 and g.view()["clearings"][0]["slots"] == 2
    g = build([E, M], warriors={E: {1: 6}, M: {1: 1}}, step=("marquise.actions", M, 3),
              before=place(("elder_treetop", 1)))
    g.place_building(1, "sawmill", 1)  # the printed slot
    g.place_building(1, "workshop", 1)  # the Treetop's
    assert g.landmarks.treetop_piece == (1, "workshop")
    assert g.view()["landmarks"]["treetop_building"] == [M, "workshop"]
    from rootlaw.core.battle import start_battle
    g.warriors[1][1] = 0
    g.pieces_changed()
    g.turn_seat = 0
    start_battle(g, 0, 1, 1)
    g.force("dice", [3, 0])
    g._advance()
    while not g.is_over and g.battle is not None:
        opts = g.decision.options
        pick = [o for o in opts if o == ("hit", 1, "workshop")] or opts[:1]
        g.apply(pick[0])
    got = [e for e in scored(g, E) if e[2] in ("removal", "elder_treetop")]
    assert (E, 1, "elder_treetop") in got and sum(e[1] for e in got) == 3  # 2 + 1


def test_treetop_printed_slot_first_then_its_own() -> None:
    """Reading (rulings.md): a building goes into the Treetop's slot only when the printed
    slots are full; of two alike, one in a printed slot is removed first."""
    g = build([M, E], step=("craft", M), phase="daylight", before=place(("elder_treetop", 3)))
    g.place_building(0, "sawmill", 3)
    assert g.landmarks.treetop_piece == lm.NO_PIECE
    g.place_building(0, "sawmill", 3)
    assert g.landmarks.treetop_piece == (0, "sawmill")
    g.take_piece(3, (0, "sawmill"))
    assert g.landmarks.treetop_piece == (0, "sawmill")  # the printed one went
    g.take_piece(3, (0, "sawmill"))
    assert g.landmarks.treetop_piece == lm.NO_PIECE and g.landmarks.vacated == (0, "sawmill")


# ======================================================= saves, views, replays
def test_landmarks_round_trip_and_show_in_views() -> None:
    """A game with two landmarks saves and loads exactly, replays from its record, and
    its views name the landmarks and their clearings."""
    g = advanced(seed=7, landmarks=["lost_city", "black_market"])
    rnd = random.Random(3)
    for _ in range(120):
        g.apply(g.decision.options[rnd.randrange(len(g.decision.options))])
    assert Game.from_json(g.to_json()).to_json() == g.to_json()
    assert Game.replay(g.setup, g.log).to_json() == g.to_json()
    v = g.view(None)["landmarks"]
    assert {p["id"] for p in v["pieces"]} == {"lost_city", "black_market"}
    assert v["black_market_cards"] == 3 and set(v) == {
        "cards", "pieces", "forge_items", "black_market_cards", "treetop_building"}


def test_forge_bot_crafts_its_orders_item_there() -> None:
    """A bot with a piece in the Forge's clearing crafts its order's item from the Forge
    when only the Forge holds it: the item's point (Rootbotics 1.1.2) and the Forge's,
    no card (a bot has no hand, 2.8.1; rulings.md)."""
    from tests.bots.test_mechanical_marquise import ME, parked, run
    g = parked(order="anvil", warriors={ME: {8: 1}}, before=place(("legendary_forge", 8)))
    run(g, ("bot.craft_order", ME))
    s = g.seat_of(ME)
    assert g.items[s] == ["hammer"] and "hammer" not in g.landmarks.forge_items
    assert scored(g, ME) == [(ME, 1, "craft"), (ME, 1, "legendary_forge")]
    g = parked(order="anvil", warriors={ME: {1: 1}}, before=place(("legendary_forge", 8)))
    run(g, ("bot.craft_order", ME))
    assert not g.items[g.seat_of(ME)]  # no piece at the Forge: the hammer is not available


def test_lost_city_riverfolk_trade_post_of_any_suit() -> None:
    """11.5.6.III with the Lost City: the trade post matches the clearing: any of the
    three suits, of the Riverfolk's choice."""
    g = build([RF, M], warriors={M: {LC: 2}}, riverfolk={"funds": {M: 2}},
              step=("riverfolk.daylight", RF), before=place(("lost_city", LC)))
    posts = {o for o in options(g) if o[0] == "rf_post_as"}
    assert posts == {("rf_post_as", LC, M, x) for x in ("fox", "rabbit", "mouse")}
    assert not [o for o in options(g) if o[0] == "rf_post"]
    g.apply(("rf_post_as", LC, M, "mouse"))
    assert (0, "post_mouse") in g.tokens[LC]


def test_lost_city_mob_die_and_corvid_recruit_reach_it() -> None:
    """The mob die's suit (14.4.1) and a Corvid recruit's card (13.4.3) match the Lost
    City whatever they are."""
    from rootlaw.factions.corvids import recruit_targets
    from rootlaw.factions.hundreds import mob_spread_targets
    g = build(["hundreds", M], warriors={"hundreds": {2: 1}}, hundreds={"warlord": 2, "mobs": [2]},
              turn="hundreds", stop=True, before=place(("lost_city", LC)))
    assert all(LC in mob_spread_targets(g, 0, x) for x in ("fox", "rabbit", "mouse"))
    assert mob_spread_targets(g, 0, "mouse") == [LC]  # 2's other neighbours: 6 fox, 10 rabbit
    g = build(["corvids", M], turn="corvids", stop=True, before=place(("lost_city", LC)))
    assert all(LC in recruit_targets(g, 0, x) for x in ("fox", "rabbit", "mouse"))
