"""Law of Rootbotics, 7: Vagabot (and the rules of 1-3 it relies on).

Fall map: clearing suits 1 fox, 2 mouse, 3 rabbit, 4 rabbit, 5 rabbit, 6 fox, 7 mouse,
8 fox, 9 mouse, 10 rabbit, 11 mouse, 12 fox; ruins in 6, 10, 11, 12. Paths: 1-5, 1-9,
1-10, 2-5, 2-6, 2-10, 3-6, 3-7, 3-11, 4-8, 4-9, 4-12, 6-11, 7-8, 7-12, 9-12, 10-12,
11-12. The clearing numbers are the Rootbotics priority markers (2.1: 1 highest).

Positions: ``tests.builder.build`` stops at a test-only pause; ``vagabot`` sets the
bot's state; ``run`` then plays the given steps and stops at another pause, so the
position after them can be checked before any other turn changes it.
"""
from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable
from typing import Any

import pytest

import rootlaw
from rootlaw.bots.vagabot import (
    CHARACTERS,
    Vagabot,
    VagabotState,
    battle_target,
    damage_one,
    daylight_steps,
    gain,
    max_rolled_hits,
    undamaged,
    vb,
)
from rootlaw.core.battle import start_battle
from rootlaw.core.catalog import item_supply
from rootlaw.core.effects import remove_all_enemy_pieces
from rootlaw.core.faction_api import FACTIONS
from rootlaw.core.game import FOREST, RUIN, Game
from rootlaw.core.steps import Step
from rootlaw.factions.vagabond import QUESTS, RUIN_ITEMS
from tests.builder import build, pause_step, scored

VB, M, E, A = "vagabot", "marquise", "eyrie", "alliance"
PAUSE = "test.vagabot_pause"
FORESTS = ("1_2_5_10", "1_9_10_12", "2_6_10_11_12", "3_6_11", "3_7_11_12", "4_7_8_12",
           "4_9_12")


pause_step(PAUSE, "pause", ("go", "stay"))


def position(factions: Iterable[str] = (VB, M), *, at: int | str = 5, character: str = "thief",
             ready: int = 4, exhausted: int = 0, track: tuple[bool, ...] | None = None,
             dmg_up: int = 0, dmg_down: int = 0, quest: str | None = "escort_mouse",
             order: str | None = None, traits: Iterable[str] = (), level: str | None = None,
             ruin_items: dict[int, tuple[str, ...]] | None = None, **kw: Any) -> Game:
    """A game with the Vagabot in a hand-made state, stopped at a pause."""
    factions = list(factions)
    human = next(f for f in factions if not FACTIONS[f].is_bot)
    state: dict[str, Any] = {
        "character": character, "order": order, "ready": ready, "exhausted": exhausted,
        "dmg_up": dmg_up, "dmg_down": dmg_down, "at": at, "traits": list(traits)}
    if track is not None:
        state["track"] = track
    if level:
        state["difficulty"] = level
    return build(factions, step=(PAUSE, human), turn=VB, vagabot=state,
                 quests=[quest] if quest else [], ruin_items=ruin_items, **kw)


def run(g: Game, *steps: Step) -> Game:
    """Play ``steps`` (seat given by faction id) from the pause; stop at a new pause."""
    human = next(f for f in g.factions if not FACTIONS[f].is_bot)
    seated = [(st[0], g.seat_of(st[1]) if isinstance(st[1], str) else st[1], *st[2:])
              for st in steps]
    g.stack = [(PAUSE, g.seat_of(human)), *reversed(seated), g.stack[-1]]
    g.apply(("go",))
    assert g.stack[-1][0] == PAUSE, "the engine stopped somewhere else"
    return g


def turn(g: Game, upto: str = "end") -> tuple[Step, ...]:
    """The Vagabot's turn (as core.turn.Turn pushes it), to the end of ``upto``."""
    s = g.seat_of(VB)
    fd = g.fdefs[s]
    out: list[Step] = [("birdsong_start", s), *fd.phase_steps(g, s, "birdsong")]
    if upto == "birdsong":
        return tuple(out)
    out += [("daylight_start", s), *fd.phase_steps(g, s, "daylight")]
    if upto == "daylight":
        return tuple(out)
    return (*out, ("evening_start", s), *fd.phase_steps(g, s, "evening"))


def state(g: Game) -> VagabotState:
    return vb(g, g.seat_of(VB))


def items(g: Game) -> tuple[int, int, tuple[bool, ...], int, int]:
    v = state(g)
    return (v.ready, v.exhausted, v.track, v.dmg_up, v.dmg_down)


def notes(g: Game, what: str | None = None) -> list[tuple[Any, ...]]:
    return [tuple(e[1:]) for e in g.log if e[0] == VB and (what is None or e[1] == what)]


def vp(g: Game) -> int:
    return g.vp[g.seat_of(VB)]


def where(g: Game) -> int:
    return g.pawn[g.seat_of(VB)]


def remove_ruins(g: Game, *clearings: int) -> None:
    for c in clearings:
        g.take_piece(c, (RUIN, "ruin"))
        g.ruin_items[c] = ()


# ------------------------------------------------------------- worked example
def example() -> Game:
    """The Vagabot example turn (back cover): bird order, six items after crafting.

    The example's map has the fox ruin clearing 11 one move north of the mouse
    clearing 7; on the printed Fall map 11 is a mouse clearing and 7-11 is a river,
    so the position makes 11 a fox clearing and adds the 7-11 path it walks."""
    g = position((VB, M, E), at=3, ready=5, quest="escort_mouse", deck_top=["arms_trader"],
                 suits={11: "fox"}, ruin_items={11: ("sword",)},
                 warriors={M: {7: 3}, E: {7: 2}}, items={M: ["boots"]},
                 vp={M: 5, E: 3}, forced=[["dice", [3, 3]]])
    remove_ruins(g, 6, 10, 12)
    adj = [list(a) for a in g.adj]
    adj[7].append(11)
    adj[11].append(7)
    g.adj = tuple(tuple(sorted(a)) for a in adj)  # the map's adjacency in play
    return g


def test_example_turn_step_by_step() -> None:
    """Each stated outcome of the example, action by action."""
    g = example()
    s = g.seat_of(VB)
    hand = len(g.hands[g.seat_of(M)])
    # Birdsong: the bird order's item is crafted; the sixth item goes on the Battle
    # Track (max hits two); no slip; one VP
    run(g, *turn(g, "birdsong"))
    assert state(g).order == "arms_trader"
    assert items(g) == (5, 0, (True,), 0, 0)
    assert max_rolled_hits(state(g)) == 2
    assert scored(g, VB) == [(VB, 1, "craft")]
    assert not state(g).slipped and where(g) == 3
    # Explore: move to the nearest ruin, the fox clearing 11; a second item explores;
    # the sword is his seventh item, in the Satchel; four items left
    run(g, ("vagabot.explore", VB))
    assert where(g) == 11
    assert notes(g) == [("move", 11, 1), ("explore", 11, "sword")]
    assert state(g).ready == 4 and state(g).kinds.count("sword") == 2  # the crafted one too
    assert undamaged(state(g)) == 7 and state(g).track == (True,)
    assert (RUIN, "ruin") not in g.buildings[11]  # its last item taken
    assert vp(g) == 1  # no VP for exploring
    # Quest: one item to move south to the mouse clearing 7, two more; one VP; one left
    run(g, ("vagabot.quest", VB))
    assert where(g) == 7 and state(g).ready == 1
    assert notes(g, "quest") == [("quest", 7, "escort_mouse")]
    assert vp(g) == 2 and len(g.quests) == 1 and g.quests[0] != "escort_mouse"
    # Aid: his last item; only the Marquise has crafted an item; he takes it, scores,
    # she draws a card; with the new item he can go on
    run(g, ("vagabot.aid", VB))
    assert notes(g, "aid") == [("aid", M, 1)]
    assert g.items[g.seat_of(M)] == [] and state(g).ready == 1
    assert len(g.hands[g.seat_of(M)]) == hand + 1
    assert vp(g) == 3
    # Battle: his final item, in his clearing, against the Marquise (most VP); a pair of
    # threes: two Marquise warriors removed (two VP); three items damaged; five
    # undamaged items left, so the track's item falls back into the Satchel
    run(g, ("vagabot.battle", VB))
    assert notes(g, "battle") == [("battle", 7, M)]
    assert g.warriors[g.seat_of(M)][7] == 1
    assert state(g).dmg_down == 3 and undamaged(state(g)) == 5 and state(g).track == ()
    assert vp(g) == 5
    assert scored(g, VB)[-1] == (VB, 2, "battle_warriors")
    assert len(notes(g, "battle")) == 1  # no items left to battle again (7.5.4)
    assert s == g.seat_of(VB)


def test_example_turn_whole() -> None:
    """The same turn in one go (the order card gives the actions), then Evening: with a
    damaged item he refreshes only four items."""
    g = example()
    run(g, *turn(g, "daylight"))
    assert [n[0] for n in notes(g)] == ["move", "explore", "move", "quest", "aid", "battle"]
    assert vp(g) == 5
    assert items(g) == (1, 4, (), 0, 3)
    run(g, ("evening_start", VB), *Vagabot().phase_steps(g, g.seat_of(VB), "evening"))
    # refresh four (7.6.1): 5 ready; repair one (7.6.2): the face-down one stays face
    # down; six undamaged again: one on the track, exhausted first (7.2.4)
    assert items(g) == (5, 0, (False,), 0, 2)
    assert state(g).order is None and g.discard[-1] == "arms_trader"  # 7.6.3


# --------------------------------------------------------------------- setup
def test_7_3_setup() -> None:
    g = position(quest=None)
    g.setup = {**g.setup, "bot_setup": {VB: {"character": "tinker"}}}
    v = state(g)
    v.ready, v.kinds = 0, ()
    g.quest_deck = []
    run(g, ("vagabot.setup", VB))
    assert v.character == "tinker"
    assert where(g) == FOREST + FORESTS.index("2_6_10_11_12")  # 7.3.2: five clearings
    assert len(g.quests) == 1 and len(g.quest_deck) == len(QUESTS) - 1  # 7.3.3
    assert sorted(i for c in g.clearings() for i in g.ruin_items[c]) == sorted(RUIN_ITEMS)
    assert all(len(g.ruin_items[c]) == 1 for c in (6, 10, 11, 12))  # 7.3.4
    assert v.ready == 3 and Counter(v.kinds) == Counter(CHARACTERS["tinker"])  # 7.7.2


@pytest.mark.parametrize("character", ["thief", "ranger"])
def test_7_3_5_four_starting_items(character: str) -> None:
    g = rootlaw.new_game([VB, E], seed=1, bot_setup={VB: {"character": character}})
    while g.turn_no == 0:
        g.apply(g.legal_options()[0])
    assert undamaged(state(g)) + state(g).dmg_up + state(g).dmg_down >= 4
    assert state(g).character == character
    assert Counter(state(g).kinds) >= Counter(CHARACTERS[character])


def test_7_3_1_character_at_random_without_a_choice() -> None:
    chars = set()
    for k in range(12):
        g = rootlaw.new_game([VB, E], seed=k)
        while g.turn_no == 0:
            g.apply(g.legal_options()[0])
        chars.add(state(g).character)
    assert chars == {"thief", "tinker", "ranger"}


def test_3_2_replaces_the_vagabond_and_traits_are_checked() -> None:
    with pytest.raises(rootlaw.SetupError):
        rootlaw.new_game([VB, "vagabond"])
    with pytest.raises(rootlaw.SetupError):
        rootlaw.new_game([VB, M], bot_traits={VB: ["no such trait"]})
    with pytest.raises(rootlaw.SetupError):
        rootlaw.new_game([VB, M], bot_setup={VB: {"character": "vagrant"}})
    with pytest.raises(rootlaw.SetupError):
        rootlaw.new_game([VB, M], bot_setup={M: {"character": "thief"}})
    g = rootlaw.new_game([VB, M], bot_traits={VB: ["adventurer", "berserker", "helper",
                                                   "marksman"]}, bot_difficulty={VB: "nightmare"})
    assert g.view()["players"][VB]["faction"]["traits"] == [
        "adventurer", "berserker", "helper", "marksman"]


# ------------------------------------------------------------------ birdsong
def test_7_4_2_order_without_item_or_item_gone() -> None:
    g = position(deck_top=["arms_trader"], supply={**item_supply(), "sword": 0})
    run(g, *turn(g, "birdsong"))
    assert vp(g) == 0 and state(g).ready == 4
    g = position(deck_top=["ambush_bird"])
    run(g, *turn(g, "birdsong"))
    assert vp(g) == 0 and state(g).order == "ambush_bird"


def test_7_4_3_slip_skips_daylight_and_rests_in_the_forest() -> None:
    g = position(at=5, ready=1, exhausted=1, dmg_down=3, deck_top=["ambush_bird"],
                 warriors={M: {5: 2}})
    run(g, *turn(g))
    assert where(g) == FOREST + FORESTS.index("1_2_5_10")  # the only forest by 5
    assert notes(g) == [("slip", "forest 1_2_5_10")]  # no Daylight action
    assert items(g) == (2, 3, (), 0, 0)  # refresh 4 (7.6.1); repair all, face down stay down
    g = position(at=5, ready=3, deck_top=["ambush_bird"], warriors={M: {5: 2}})
    run(g, *turn(g, "birdsong"))
    assert not state(g).slipped and where(g) == 5


# ------------------------------------------------------------------ daylight
@pytest.mark.parametrize("suit,card,acts", [
    ("bird", "ambush_bird", ["explore", "quest", "aid", "battle"]),
    ("fox", "ambush_fox", ["explore", "battle", "special"]),
    ("rabbit", "ambush_rabbit", ["battle", "repair", "special"]),
    ("mouse", "ambush_mouse", ["quest", "aid", "battle", "repair"]),
])
def test_7_5_order_gives_the_actions(suit: str, card: str, acts: list[str]) -> None:
    g = position(order=card)
    assert daylight_steps(g, g.seat_of(VB)) == [(f"vagabot.{a}", 0) for a in acts]
    assert g.suit_of(card) == suit
    state(g).slipped = True
    assert daylight_steps(g, g.seat_of(VB)) == []


def test_7_5_1_explore_nearest_ruin_priority_on_a_tie() -> None:
    # from 3: ruins 6 and 11 are both one move away; 6 has the higher priority
    g = position(at=3, ready=2, ruin_items={6: ("bag",), 11: ("sword",), 12: ("hammer",)})
    run(g, ("vagabot.explore", VB))
    assert notes(g) == [("move", 6, 1), ("explore", 6, "bag")]
    assert state(g).ready == 1 and vp(g) == 0
    assert (RUIN, "ruin") not in g.buildings[6]


def test_7_5_1_explore_without_moving_and_a_random_item() -> None:
    g = position(at=11, ready=1, ruin_items={11: ("bag", "sword")},
                 forced=[["vagabot_ruin_item", 1]])
    run(g, ("vagabot.explore", VB))
    assert notes(g) == [("explore", 11, "sword")]
    assert g.ruin_items[11] == ("bag",) and (RUIN, "ruin") in g.buildings[11]


def test_7_5_moves_even_without_an_item_for_the_action() -> None:
    g = position(at=3, ready=1, ruin_items={11: ("sword",)})
    remove_ruins(g, 6, 10, 12)
    run(g, ("vagabot.explore", VB))
    assert where(g) == 11 and notes(g) == [("move", 11, 1)] and g.ruin_items[11]


def test_7_5_2_3_too_far_to_reach_is_not_a_target() -> None:
    g = position(at=4, ready=1, ruin_items={11: ("sword",)})  # 11 is two moves away
    run(g, ("vagabot.explore", VB))
    assert where(g) == 4 and notes(g) == []


def test_7_5_from_a_forest_the_first_move_enters_a_clearing() -> None:
    g = position(at="3_6_11", ready=2, ruin_items={11: ("sword",)})
    remove_ruins(g, 6)
    run(g, ("vagabot.explore", VB))
    assert notes(g) == [("move", 11, 1), ("explore", 11, "sword")]


def test_7_5_2_quest_nearest_matching_clearing() -> None:
    g = position(at=5, ready=4, quest="escort_mouse")  # mouse: 2 is one move from 5
    run(g, ("vagabot.quest", VB))
    assert notes(g) == [("move", 2, 1), ("quest", 2, "escort_mouse")]
    assert state(g).ready == 1 and vp(g) == 1
    assert state(g).quests_done == ("escort_mouse",) and len(g.quests) == 1


def test_7_5_2_quest_needs_two_items_after_moving() -> None:
    g = position(at=5, ready=2, quest="escort_mouse")
    run(g, ("vagabot.quest", VB))
    assert where(g) == 2 and vp(g) == 0 and g.quests == ["escort_mouse"]


def test_7_5_3_aid_fewest_vp_with_items_and_pieces() -> None:
    g = position((VB, M, E, A), at=5, ready=5, warriors={M: {5: 1}, E: {5: 1}, A: {5: 1}},
                 items={M: ["boots", "boots"], E: ["sword"], A: []}, vp={M: 2, E: 4, A: 0})
    handm = len(g.hands[g.seat_of(M)])
    run(g, ("vagabot.aid", VB))
    assert notes(g) == [("aid", M, 2)]  # the Alliance has no item; the Marquise fewest VP
    # two exhausted, two gained face up: seven undamaged, one (exhausted) on the track
    assert undamaged(state(g)) == 7 and state(g).exhausted + len(state(g).track) == 2
    assert vp(g) == 2
    assert len(g.hands[g.seat_of(M)]) == handm + 2


def test_7_5_3_aid_as_many_as_possible_and_tie_by_priority() -> None:
    g = position((VB, M, E), at=5, ready=1, warriors={M: {5: 1}, E: {5: 1}},
                 items={M: ["boots", "bag"], E: ["sword"]}, vp={M: 3, E: 3},
                 forced=[["vagabot_aid_item", 1]])
    run(g, ("vagabot.aid", VB))
    assert notes(g) == [("aid", M, 1)]  # tie on VP: the Marquise first (2.2)
    assert g.items[g.seat_of(M)] == ["boots"] and "bag" in state(g).kinds
    assert vp(g) == 1


def test_7_5_3_no_aid_in_a_forest_or_without_items() -> None:
    g = position((VB, M), at="1_2_5_10", warriors={M: {5: 1}}, items={M: ["boots"]})
    run(g, ("vagabot.aid", VB))
    assert notes(g) == []
    g = position((VB, M), at=5, warriors={M: {5: 1}})
    run(g, ("vagabot.aid", VB))
    assert notes(g) == []


def test_7_5_3_aided_bot_scores_one() -> None:
    other = next((f for f, fd in FACTIONS.items() if fd.is_bot and f != VB
                  and fd.replaces != "marquise"), None)
    if other is None:
        pytest.skip("no other bot registered")
    g = position((VB, M, other), at=5, ready=3, warriors={M: {5: 1}}, items={other: ["bag"]})
    o = g.seat_of(other)
    g.pawn[o] = 5 if g.fdefs[o].warriors == 0 else 0
    if g.fdefs[o].warriors:
        g.warriors[o][5] = 1
    run(g, ("vagabot.aid", VB))
    assert notes(g) == [("aid", other, 1)]
    assert (other, 1, "aided") in scored(g, other) and g.hands[o] == []


# battle ----------------------------------------------------------------------
def test_7_5_4_battle_most_vp_player_nearest_clearing() -> None:
    g = position((VB, M, E), at=5, ready=2, warriors={M: {5: 2, 9: 1}, E: {2: 1, 12: 3}},
                 vp={M: 3, E: 6}, forced=[["dice", [0, 0]]])
    run(g, ("vagabot.battle", VB))
    assert notes(g) == [("move", 2, 1), ("battle", 2, E)]  # the Eyrie has the most VP


def test_7_5_4_I_tie_most_buildings_and_tokens() -> None:
    # from 12: 4, 7, 9, 10, 11 are one move away; Marquise pieces in 7, 9 and 10
    g = position((VB, M), at=12, ready=2, warriors={M: {7: 1, 9: 1, 10: 1}},
                 buildings={M: {9: ["sawmill"], 10: ["sawmill"]}},
                 tokens={M: {10: ["wood"]}}, forced=[["dice", [0, 0]]])
    run(g, ("vagabot.battle", VB))
    assert notes(g, "battle") == [("battle", 10, M)]


def test_7_5_4_II_tie_fewest_warriors_then_priority() -> None:
    g = position((VB, M), at=12, ready=2, warriors={M: {7: 2, 9: 1, 10: 1}},
                 forced=[["dice", [0, 0]]])
    run(g, ("vagabot.battle", VB))
    assert notes(g, "battle") == [("battle", 9, M)]  # 9 and 10 tie on II: priority


def test_7_5_4_stays_when_the_target_is_in_his_clearing() -> None:
    g = position((VB, M), at=5, ready=1, warriors={M: {5: 4, 2: 1}},
                 buildings={M: {2: ["sawmill"]}}, forced=[["dice", [0, 0]]])
    run(g, ("vagabot.battle", VB))
    assert notes(g) == [("battle", 5, M)]


def test_2_3_battle_falls_through_to_the_next_player() -> None:
    # the Eyrie (most VP) is out of reach; the Marquise is next to him
    g = position((VB, M, E), at=5, ready=2, warriors={M: {2: 1}, E: {4: 1}},
                 vp={M: 1, E: 9}, forced=[["dice", [0, 0]]])
    run(g, ("vagabot.battle", VB))
    assert notes(g) == [("move", 2, 1), ("battle", 2, M)]


def test_7_5_4_battle_again_with_two_items_and_score_warriors() -> None:
    g = position((VB, M), at=5, ready=5, warriors={M: {5: 4}},
                 forced=[["dice", [1, 0]], ["dice", [1, 0]], ["dice", [1, 0]]])
    run(g, ("vagabot.battle", VB))
    # 1 + 2 + 2 items: three battles, one warrior each; a warrior remains, no item left
    assert len(notes(g, "battle")) == 3 and g.warriors[g.seat_of(M)][5] == 1
    assert state(g).ready == 0 and vp(g) == 3


def test_7_5_4_battle_again_stops_when_the_defender_is_gone() -> None:
    g = position((VB, M), at=5, ready=5, warriors={M: {5: 1}}, forced=[["dice", [1, 0]]])
    run(g, ("vagabot.battle", VB))
    assert len(notes(g, "battle")) == 1 and state(g).ready == 4 and vp(g) == 1


def test_7_5_4_buildings_score_as_usual_and_defenseless() -> None:
    g = position((VB, M), at=5, ready=1, buildings={M: {5: ["sawmill", "sawmill"]}},
                 forced=[["dice", [1, 0]]])
    run(g, ("vagabot.battle", VB))
    assert g.buildings[5] == () and vp(g) == 2  # one rolled hit + defenseless (4.3.3.II)
    assert ("vagabot", 2, "removal") in scored(g, VB)


def test_7_5_4_no_warrior_vp_as_defender_and_hits_damage_items() -> None:
    """7.2.5: hits damage exhausted items first; defenseless as defender (4.3.3.II)."""
    g = position((VB, M), at=5, ready=3, exhausted=2, warriors={M: {5: 3}},
                 forced=[["dice", [2, 1]]])
    m = g.seat_of(M)
    g.stack = [(PAUSE, m)]
    start_battle(g, m, 5, g.seat_of(VB))
    g._advance()
    # the Marquise deals 2 + 1 (defenseless): two exhausted, then one ready item damaged
    assert items(g) == (2, 0, (), 1, 2)
    assert g.warriors[m][5] == 2  # he deals one (max rolled hits one)
    assert vp(g) == 0


def test_2_8_2_hates_surprises() -> None:
    g = position((VB, M), at=5, ready=1, warriors={M: {5: 2}}, hands={M: ["ambush_rabbit"]},
                 forced=[["dice", [0, 0]]])
    run(g, ("vagabot.battle", VB))
    assert g.hands[g.seat_of(M)] == ["ambush_rabbit"]


def test_7_5_5_repair_keeps_the_side_unexhausted_first() -> None:
    g = position(ready=2, dmg_up=1, dmg_down=1)
    run(g, ("vagabot.repair", VB))
    assert items(g) == (2, 1, (), 0, 1)
    g = position(ready=2, dmg_down=1)
    run(g, ("vagabot.repair", VB))
    assert items(g) == (1, 2, (), 0, 0)
    g = position(ready=2)
    run(g, ("vagabot.repair", VB))
    assert items(g) == (2, 0, (), 0, 0)  # nothing damaged: no item exhausted


# special ---------------------------------------------------------------------
def test_7_7_1_thief_most_vp_then_most_pieces() -> None:
    g = position((VB, M, E), at=5, ready=1, character="thief",
                 warriors={M: {5: 1}, E: {5: 3}}, vp={M: 4, E: 4},
                 hands={M: ["anvil"], E: ["sappers", "armorers"]},
                 forced=[["random_card", 1]])
    run(g, ("vagabot.special", VB))
    assert g.hands[g.seat_of(E)] == ["sappers"] and g.discard[-1] == "armorers"
    assert state(g).ready == 0 and notes(g) == [("steal", E)]


def test_7_7_1_thief_skips_an_enemy_without_cards_and_needs_one() -> None:
    g = position((VB, M, E), at=5, ready=1, character="thief",
                 warriors={M: {5: 1}, E: {5: 1}}, vp={M: 9, E: 1}, hands={E: ["anvil"]})
    run(g, ("vagabot.special", VB))
    assert g.hands[g.seat_of(E)] == []  # 2.3: the Marquise has no card
    g = position((VB, M), at=5, ready=1, character="thief", warriors={M: {5: 1}})
    run(g, ("vagabot.special", VB))
    assert state(g).ready == 1  # no effect: skipped, nothing exhausted (7.5.6)


def test_7_7_2_tinker_crafts_the_topmost_available_item() -> None:
    g = position(ready=1, character="tinker",
                 discard=["anvil", "arms_trader", "cobbler"],
                 supply={**item_supply(), "sword": 1, "hammer": 1})
    run(g, ("vagabot.special", VB))
    assert "sword" in state(g).kinds and g.supply["sword"] == 0
    assert scored(g, VB) == [(VB, 1, "craft")]  # 1.1.2
    assert g.discard == ["anvil", "cobbler", "arms_trader"]
    g = position(ready=1, character="tinker", discard=["cobbler", "arms_trader"],
                 supply={**item_supply(), "sword": 0})
    run(g, ("vagabot.special", VB))
    assert state(g).ready == 1 and vp(g) == 0


def test_7_7_3_ranger_slips_with_three_damaged() -> None:
    g = position(at=5, ready=1, character="ranger", dmg_up=3, forced=[["vagabot_forest", 0]])
    run(g, ("vagabot.special", VB))
    assert where(g) == FOREST + FORESTS.index("1_2_5_10") and state(g).ready == 0
    g = position(at=5, ready=1, character="ranger", dmg_up=2)
    run(g, ("vagabot.special", VB))
    assert where(g) == 5 and state(g).ready == 1


# ------------------------------------------------------- items (7.2.3-7.2.5)
def test_7_2_4_battle_track() -> None:
    v = VagabotState()
    for _ in range(5):
        gain(v, "boots")
    v.ready, v.exhausted = 2, 3
    gain(v, "bag")  # sixth: an exhausted item goes to the track first
    assert (v.ready, v.exhausted, v.track) == (3, 2, (False,))
    assert max_rolled_hits(v) == 2
    for _ in range(3):
        gain(v, "tea")
    assert len(v.track) == 2 and max_rolled_hits(v) == 3
    for _ in range(3):
        gain(v, "tea")
    assert len(v.track) == 3 and max_rolled_hits(v) == 3
    assert undamaged(v) == 12 and v.ready + v.exhausted == 9
    damage_one(v)  # 7.2.5: 11 undamaged, the rightmost track item returns
    assert len(v.track) == 2


def test_7_2_4_twelfth_item_extra_hit_as_attacker() -> None:
    g = position((VB, M), at=5, ready=1, exhausted=8, track=(True, True, True),
                 warriors={M: {5: 6}},
                 forced=[["dice", [3, 0]]])
    run(g, ("vagabot.battle", VB))
    assert g.warriors[g.seat_of(M)][5] == 2  # three rolled (max three) + one extra


def test_7_2_1_pawn_is_not_a_warrior_and_7_2_2_nimble() -> None:
    g = position((VB, M, E), at=5, ready=3, warriors={M: {5: 1}, E: {2: 2}},
                 vp={M: 1, E: 5}, forced=[["dice", [0, 0]]])
    assert g.ruler(5) == g.seat_of(M)  # his pawn does not contest the Marquise's rule
    run(g, ("vagabot.battle", VB))
    # he leaves a Marquise clearing for an Eyrie one, ruling neither (4.2.1 does not bind)
    assert notes(g) == [("move", 2, 1), ("battle", 2, E)]
    assert g.ruler(2) == g.seat_of(E)


def test_7_2_1_I_full_removal_damages_three() -> None:
    g = position((VB, M), at=5, ready=2, exhausted=2, warriors={M: {2: 1}},
                 hands={M: ["favor_of_the_rabbits"]})

    g.stack = [(PAUSE, g.seat_of(M))]
    remove_all_enemy_pieces(g, g.seat_of(M), 5)
    g._advance()
    assert items(g) == (1, 0, (), 1, 2) and where(g) == 5  # the pawn stays (7.2.1)


# -------------------------------------------------------------------- evening
@pytest.mark.parametrize("level,dmg,refreshed,bonus", [
    ("default", 1, 4, 0), ("default", 0, 6, 0), ("easy", 1, 3, 0), ("easy", 0, 5, 0),
    ("challenging", 1, 5, 0), ("challenging", 0, 7, 0), ("nightmare", 1, 5, 1),
    ("nightmare", 0, 7, 1),
])
def test_7_6_1_refresh_and_difficulty(level: str, dmg: int, refreshed: int, bonus: int) -> None:
    g = position(at=5, ready=0, exhausted=8, dmg_down=dmg, level=level, order="anvil")
    run(g, ("evening_start", VB), *Vagabot().phase_steps(g, g.seat_of(VB), "evening"))
    v = state(g)
    assert v.ready == refreshed or (dmg and v.ready == refreshed)
    assert vp(g) == bonus
    if bonus:
        assert scored(g, VB) == [(VB, 1, "difficulty")]


def test_7_6_2_repair_in_a_forest_all_else_one_berserker_two() -> None:
    g = position(at="1_2_5_10", ready=0, dmg_up=2, dmg_down=2, order="anvil")
    run(g, ("vagabot.evening", VB))
    assert items(g) == (2, 2, (), 0, 0)
    g = position(at=5, ready=0, dmg_up=1, dmg_down=2, order="anvil")
    run(g, ("vagabot.evening", VB))
    assert items(g) == (1, 0, (), 0, 2)  # unexhausted first
    g = position(at=5, ready=0, dmg_up=1, dmg_down=2, order="anvil", traits=["berserker"])
    run(g, ("vagabot.evening", VB))
    assert items(g) == (1, 1, (), 0, 1)


def test_2_7_order_card_is_held_then_discarded() -> None:
    g = position(deck_top=["anvil"])
    run(g, *turn(g, "daylight"))
    assert Vagabot().cards_held(g, g.seat_of(VB)) == ["anvil"]
    run(g, ("vagabot.evening", VB), ("bot.discard_order", VB))
    assert g.discard[-1] == "anvil" and state(g).order is None


# --------------------------------------------------------------------- traits
def test_trait_adventurer_one_battle_then_quests() -> None:
    g = position((VB, M), at=5, ready=8, exhausted=2, warriors={M: {5: 3}},
                 traits=["adventurer"],
                 order="ambush_rabbit", quest="escort_mouse",
                 forced=[["dice", [1, 0]]])
    g.quest_deck = ["fend_off_a_bear_mouse", "guard_duty_mouse"]
    run(g, ("vagabot.daylight", VB))
    assert len(notes(g, "battle")) == 1  # no battle again
    # rabbit: battle (1), repair (nothing damaged), special (thief: no card); then
    # quests at 2 (one move) for 2 + 2 + 2 items
    assert [n[0] for n in notes(g)] == ["battle", "move", "quest", "quest", "quest"]
    assert vp(g) == 1 + 3 and state(g).ready == 0


def test_trait_berserker_most_pieces() -> None:
    g = position((VB, M, E), at=5, ready=1, traits=["berserker"],
                 warriors={M: {2: 1, 9: 2}, E: {9: 3, 4: 1}}, vp={M: 9},
                 forced=[["dice", [0, 0]]])
    run(g, ("vagabot.battle", VB))
    # 9 has the most pieces (five) but is two moves away and he has one item: 2.3 falls
    # through to the next, 2 (one piece, one move); he moves, with nothing left to battle
    assert notes(g) == [("move", 2, 1)]
    g = position((VB, M, E), at=5, ready=3, traits=["berserker"],
                 warriors={M: {2: 1, 9: 2}, E: {9: 3, 4: 1}}, vp={M: 9},
                 forced=[["dice", [0, 0]], ["dice", [0, 0]]])
    run(g, ("vagabot.battle", VB))
    assert notes(g, "battle")[0] == ("battle", 9, E)  # the most pieces there: the Eyrie


def test_trait_berserker_order() -> None:
    g = position((VB, M, E), at=2, ready=9, traits=["berserker"],
                 warriors={M: {2: 1, 10: 2}, E: {10: 2, 9: 4}})
    order = battle_target(g, g.seat_of(VB))
    # four pieces in 10 and 9: 10 is nearer; a tie on pieces there: 2.2 (the Marquise)
    assert order == [(g.seat_of(M), 10), (g.seat_of(E), 9), (g.seat_of(M), 2)]


def test_trait_helper_doubles_aid() -> None:
    g = position((VB, M), at=5, ready=2, warriors={M: {5: 1}}, items={M: ["boots"]},
                 traits=["helper"])
    hand = len(g.hands[g.seat_of(M)])
    run(g, ("vagabot.aid", VB))
    assert vp(g) == 2 and len(g.hands[g.seat_of(M)]) == hand + 2


def test_trait_marksman_immediate_hit() -> None:
    g = position((VB, M), at=5, ready=1, warriors={M: {5: 2}}, traits=["marksman"],
                 forced=[["dice", [0, 0]]])
    run(g, ("vagabot.battle", VB))
    assert g.warriors[g.seat_of(M)][5] == 1 and vp(g) == 1
    g = position((VB, M), at=5, ready=1, buildings={M: {5: ["sawmill"]}},
                 warriors={M: {5: 0}}, traits=["marksman"], forced=[["dice", [0, 0]]])
    run(g, ("vagabot.battle", VB))
    assert g.buildings[5] == () and vp(g) == 1  # the removal scores as usual (3.2.1)


# ------------------------------------------------------------- persistence
def test_state_round_trip_and_copy() -> None:
    g = position(ready=3, exhausted=2, dmg_up=1, dmg_down=1, order="anvil")
    again = Game.from_json(g.to_json())
    assert again.to_json() == g.to_json()
    c = g.copy()
    state(c).ready = 0
    assert state(g).ready == 3


# -------------------------------------------------------------- random games
def item_count(g: Game) -> Counter[str]:
    out: Counter[str] = Counter({k: v for k, v in g.supply.items() if v})
    for s in range(len(g.factions)):
        out.update(g.items[s])
        fs = g.fstate[s]
        if isinstance(fs, VagabotState):
            out.update(fs.kinds)
    for r in g.ruin_items:
        out.update(r)
    return +out


def play_random(factions: list[str], seed: int, **kw: Any) -> Game:
    rnd = random.Random(seed)
    g = rootlaw.new_game(factions, seed=seed, **kw)
    s = g.seat_of(VB)
    n = 0
    while not g.is_over:
        opts = g.legal_options()
        g.apply(opts[rnd.randrange(len(opts))])
        n += 1
        assert n < 30_000
        v = vb(g, s)
        assert min(v.ready, v.exhausted, v.dmg_up, v.dmg_down) >= 0
        assert len(v.kinds) == undamaged(v) + v.dmg_up + v.dmg_down
    start = Counter(item_supply()) + Counter(CHARACTERS[vb(g, s).character]) + Counter(RUIN_ITEMS)
    assert item_count(g) == start
    assert sum(e[2] for e in g.log if e[0] == "s" and e[1] == VB) == g.vp[s]
    if seed % 10 == 0:
        assert Game.replay(g.setup, g.log).to_json() == g.to_json()
    return g


HUMAN_MIXES = [[VB, M], [VB, E], [VB, A], [VB, M, E], [VB, M, A], [VB, E, A], [VB, M, E, A]]


def test_random_games_against_humans() -> None:
    traits = list(Vagabot.traits)
    levels = ["easy", "default", "challenging", "nightmare"]
    for seed in range(100):
        rnd = random.Random(seed)
        play_random(HUMAN_MIXES[seed % len(HUMAN_MIXES)], seed,
                    bot_traits={VB: [t for t in traits if rnd.random() < 0.4]},
                    bot_difficulty={VB: levels[seed % 4]})


def test_random_games_with_other_bots() -> None:
    bots = sorted(f for f, fd in FACTIONS.items() if fd.is_bot and f != VB)
    rnd = random.Random(7)
    for seed in range(50):
        others = [b for b in bots if rnd.random() < 0.7]
        taken = {VB, "vagabond"} | {FACTIONS[b].replaces for b in others}
        humans = [f for f in (M, E, A) if f not in taken]
        mix = [VB, *others][:4]
        if len(mix) < 2 or rnd.random() < 0.3:
            mix = (mix + humans)[:max(2, min(4, len(mix) + 1))]
        coop = any(not FACTIONS[f].is_bot for f in mix) and seed % 5 == 0
        play_random(mix, 1000 + seed, cooperative=coop)
