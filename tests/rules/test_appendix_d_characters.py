"""Law of Root, Appendix D: the Vagabond characters (starting items and special actions).

The Law's item icons were lost; the starting items are those of the character cards
(rootlaw/data/vagabond_characters.json), and "exhaust one [Card]" is the torch (9.5.9).
Fall map suits: 1 fox, 2 mouse, 3 rabbit, 4 rabbit, 5 rabbit, 6 fox, 7 mouse, 8 fox,
9 mouse, 10 rabbit, 11 mouse, 12 fox. Paths from 5: 1, 2; from 1: 5, 9, 10.

Item sides in assertions: (ready, exhausted, damaged face up, damaged face down).
"""
from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

import rootlaw
from rootlaw.factions.vagabond import CHARACTERS
from tests.builder import assert_illegal, options, pieces, play, scored, step_name
from tests.rules.vagabond_position import (
    EVENING,
    PARK,
    V2,
    A,
    E,
    M,
    V,
    game,
    items,
    pawn,
    place,
    track,
    vs,
)

ACT = ("vagabond.actions", V)

# D.x.1 Starting Items (four each; three for the Vagrant and the Adventurer)
STARTING = {
    "thief": ("boots", "torch", "tea", "sword"),
    "tinker": ("boots", "torch", "bag", "hammer"),
    "ranger": ("boots", "torch", "crossbow", "sword"),
    "vagrant": ("boots", "torch", "coins"),
    "arbiter": ("boots", "torch", "sword", "sword"),
    "scoundrel": ("boots", "boots", "torch", "crossbow"),
    "adventurer": ("boots", "torch", "hammer"),
    "ronin": ("boots", "boots", "torch", "sword"),
    "harrier": ("coins", "torch", "sword", "crossbow"),
}
TORCH_SPECIALS = {"thief": "steal", "tinker": "day_labor", "ranger": "special",
                  "vagrant": "instigate", "scoundrel": "special", "harrier": "glide"}


@pytest.mark.parametrize("character", list(STARTING))
def test_D_starting_items(character: str) -> None:
    """D.x.1 with 9.3.5: the character's "S" items, face up; tea, coins and bags on
    their tracks, the rest in the Satchel."""
    assert Counter(CHARACTERS[character]) == Counter(STARTING[character])
    g = rootlaw.new_game([M, V], seed=11)
    while g.decision.kind != "character":
        g.apply(g.decision.options[0])
    play(g, ("character", character), ("forest", "4_9_12"))
    assert g.turn_no == 1
    want = Counter(STARTING[character])
    assert items(g) == {i: (n, 0, 0, 0) for i, n in want.items()}
    for tracked in ("tea", "coins", "bag"):
        assert track(g, tracked) == want[tracked]
    assert vs(g).character == character


@pytest.mark.parametrize("character", list(TORCH_SPECIALS))
def test_9_5_9_special_actions_need_an_unexhausted_torch(character: str) -> None:
    """9.5.9: the special action exhausts a torch; without one it is not offered."""
    kw: dict[str, Any] = dict(at=5, warriors={M: {5: 2}, E: {5: 1}}, hands={M: ["anvil"]},
                              discard=["bake_sale"], step=ACT, character=character)
    g = game((V, M, E), items={"torch": 1, "boots": 1}, **kw)
    assert options(g, TORCH_SPECIALS[character])
    g = game((V, M, E), items={"torch": (0, 1, 1, 0), "boots": 1},
             **kw)
    assert not options(g, TORCH_SPECIALS[character])


# ------------------------------------------------------------------ D.1 Thief
def test_D_1_2_steal() -> None:
    """D.1.2: exhaust a torch to take a random card from a player in his clearing."""
    g = game((V, M, E), at=5, items={"torch": 1, "boots": 1}, warriors={M: {5: 1}, E: {1: 1}},
             hands={M: ["anvil", "cobbler", "sappers"], E: ["armorers"]}, step=ACT,
             forced=[["random_card", 1]])
    assert options(g, "steal") == [("steal", M)]
    assert_illegal(g, ("steal", E))  # the Eyrie have no piece in 5
    g.apply(("steal", M))
    assert g.hands[0] == ["cobbler"] and g.hands[1] == ["anvil", "sappers"]
    assert items(g)["torch"] == (0, 1, 0, 0)
    assert ("f", "random_card", 1) in g.log


def test_D_1_2_steal_needs_a_card_to_take() -> None:
    """D.1.2: a player with an empty hand offers nothing to steal."""
    g = game(at=5, items={"torch": 1, "boots": 1}, warriors={M: {5: 1}}, step=ACT)
    assert not options(g, "steal")


# ----------------------------------------------------------------- D.2 Tinker
def test_D_2_2_day_labor() -> None:
    """D.2.2: exhaust a torch to take a card of his clearing's suit (or a bird) from the
    discard pile."""
    g = game(at=5, character="tinker", items={"torch": 1, "boots": 1},
             discard=["anvil", "bake_sale", "ambush_bird", "cobbler"], step=ACT)
    assert set(options(g, "day_labor")) == {("day_labor", "bake_sale"),
                                            ("day_labor", "ambush_bird"),
                                            ("day_labor", "cobbler")}
    assert_illegal(g, ("day_labor", "anvil"))
    g.apply(("day_labor", "cobbler"))
    assert g.hands[0] == ["cobbler"] and g.discard == ["anvil", "bake_sale", "ambush_bird"]
    assert items(g)["torch"] == (0, 1, 0, 0)


def test_D_2_2_no_day_labor_in_a_forest() -> None:
    """D.2.2: a forest has no suit to match."""
    g = game(at="1_2_5_10", character="tinker", items={"torch": 1, "boots": 1},
             discard=["ambush_bird"], step=ACT)
    assert not options(g, "day_labor")


# ----------------------------------------------------------------- D.3 Ranger
def test_D_3_2_hideout_repairs_three_then_evening() -> None:
    """D.3.2: exhaust a torch to repair three items (his choice), then Daylight ends
    at once and Evening begins."""
    g = game(at=5, character="ranger",
             items={"torch": 1, "boots": 2, "sword": (0, 0, 1, 0), "crossbow": (0, 0, 0, 1),
                    "tea": (0, 0, 1, 0), "hammer": (0, 0, 1, 0)},
             deck_top=["anvil"], step=ACT, more=EVENING)
    g.apply(("special", "hideout"))
    assert g.decision.rule == "D.3.2"
    play(g, ("repair", "sword", "damaged"), ("repair", "crossbow", "damaged face down"),
         ("repair", "tea", "damaged"))
    assert items(g) == {"torch": (0, 1, 0, 0), "boots": (2, 0, 0, 0), "sword": (1, 0, 0, 0),
                        "crossbow": (0, 1, 0, 0), "tea": (1, 0, 0, 0), "hammer": (0, 0, 1, 0)}
    # Evening: the card drawn (9.6.2), no more Daylight actions despite two boots
    assert g.hands[0] == ["anvil"] and step_name(g) == PARK
    assert not [e for e in g.log if e[0] == "d" and e[2][0] == "v_move"]


def test_D_3_2_hideout_with_fewer_damaged_items() -> None:
    """D.3.2 / 1.5.4: with one damaged item he repairs it, and Evening follows."""
    g = game(at=5, character="ranger", items={"torch": 1, "boots": 1, "sword": (0, 0, 1, 0)},
             step=ACT, more=EVENING)
    g.apply(("special", "hideout"))
    assert items(g)["sword"] == (1, 0, 0, 0) and step_name(g) == PARK
    assert g.phase == "evening"


# ---------------------------------------------------------------- D.4 Vagrant
def test_D_4_2_instigate() -> None:
    """D.4.2: exhaust a torch to start a battle in his clearing between attacker and
    defender of his choice; he removes pieces for each and scores per building or token
    removed and per Hostile piece removed (Infamy, 9.2.9.IIIa)."""
    g = game((V, M, E), character="vagrant", at=5, items={"torch": 1, "boots": 1},
             warriors={M: {5: 2}, E: {5: 1}}, buildings={E: {5: ["roost"]}, M: {5: ["sawmill"]}},
             relations={E: -1}, step=ACT, forced=[["dice", [3, 1]]])
    assert set(options(g, "instigate")) == {("instigate", M, E), ("instigate", E, M)}
    g.apply(("instigate", M, E))
    # the Marquise (attacker, higher roll) deals 2 (two warriors): Eyrie warrior and
    # roost; the Eyrie deal 1: a Marquise warrior
    assert pieces(g, 5) == {"warriors": {M: 1}, "buildings": [(1, "sawmill")], "tokens": []}
    assert items(g)["torch"] == (0, 1, 0, 0)
    # the roost scores for the Vagrant, not the Marquise; the two Eyrie pieces are
    # Hostile: Infamy; the Marquise warrior he removed makes her Hostile (9.2.9.III)
    assert scored(g) == [(V, 1, "removal"), (V, 2, "infamy")]
    assert vs(g).relations == {M: -1, E: -1}


def test_D_4_2_instigator_chooses_the_order_of_buildings_and_tokens() -> None:
    """D.4.2: he chooses which of the defender's buildings and tokens are removed; the
    VP for them are his."""
    g = game((V, M, E), character="vagrant", at=5, items={"torch": 1, "boots": 1},
             warriors={E: {5: 2}}, buildings={M: {5: ["sawmill", "workshop"]}},
             tokens={M: {5: ["wood"]}}, step=ACT, forced=[["dice", [1, 0]]])
    g.apply(("instigate", E, M))
    # one rolled hit plus one for the defenseless Marquise
    assert g.decision.seat == V and g.decision.kind == "take_hit"
    assert set(options(g)) == {("hit", 1, "sawmill"), ("hit", 1, "workshop"),
                               ("hit", 1, "wood")}
    g.apply(("hit", 1, "wood"))
    g.apply(("hit", 1, "workshop"))
    assert g.buildings[5] == ((1, "sawmill"),) and g.tokens[5] == ()
    assert g.vp == [2, 0, 0] and vs(g).relations == {M: 0, E: 0}


def test_D_4_2_instigate_needs_an_attacker_with_warriors() -> None:
    """D.4.2 / 4.3: the attacker needs warriors there; the Vagrant is neither side."""
    g = game((V, M, E), character="vagrant", at=5, items={"torch": 1, "boots": 1},
             warriors={M: {5: 2}}, buildings={E: {5: ["roost"]}}, step=ACT)
    assert options(g, "instigate") == [("instigate", M, E)]
    assert_illegal(g, ("instigate", E, M))


def test_D_4_2_instigate_with_a_pawn_as_attacker() -> None:
    """D.4.2 with 4.3: the attacker needs warriors or a pawn in the clearing, so the other
    Vagabond can be made to attack (and, with a pawn only, to defend)."""
    g = game((V, V2, M), character="vagrant", at=5, items={"torch": 1, "boots": 1},
             v2={"at": 5, "items": {"sword": 2, "boots": 1}}, warriors={M: {5: 2}},
             step=ACT, forced=[["dice", [2, 1]]])
    assert set(options(g, "instigate")) == {("instigate", V2, M), ("instigate", M, V2)}
    g.apply(("instigate", V2, M))
    while g.decision.kind == "take_hit":  # one hit for the other Vagabond's items
        g.apply(g.decision.options[0])
    assert g.warriors[2][5] == 0  # two rolled hits: two undamaged swords (9.2.6)
    assert sum(x[2] + x[3] for x in items(g, V2).values()) == 1
    # he removed the Marquise warriors: Hostile, Infamy for the second (9.2.9.III)
    assert vs(g).relations == {M: -1} and vs(g, V2).relations == {M: 0}
    assert scored(g) == [(V, 1, "infamy")]


# ---------------------------------------------------------------- D.5 Arbiter
def arbiter_battle(dice: list[int], at: int | str = 5) -> rootlaw.Game:
    return game((V, M, E), character="arbiter", at=at,
                items={"sword": (1, 1, 1, 0), "boots": 1}, warriors={M: {5: 3}, E: {5: 1}},
                step=("marquise.actions", M, 3), forced=[["dice", dice]])


def test_D_5_2_protector_enlisted_by_the_defender() -> None:
    """D.5.2: before the roll the defender may enlist the Arbiter in the clearing of
    battle: he scores 1 and adds his undamaged swords to the defender's maximum rolled
    hits."""
    g = arbiter_battle([3, 3])
    play(g, ("action", "battle"), ("battle", 5, E))
    assert g.decision.seat == E and g.decision.kind == "enlist" and g.decision.rule == "D.5.2"
    assert options(g) == [("enlist", V), ("no_enlist",)]
    g.apply(("enlist", V))
    assert scored(g, V) == [(V, 1, "protector")]
    # the Eyrie deal 3 (one warrior + two undamaged swords); the Marquise 1 (one warrior)
    assert g.warriors[1][5] == 0 and g.warriors[2][5] == 0
    assert items(g)["sword"] == (1, 1, 1, 0)  # the Arbiter takes no hits


def test_D_5_2_protector_declined() -> None:
    """D.5.2: enlisting is the defender's choice."""
    g = arbiter_battle([3, 3])
    play(g, ("action", "battle"), ("battle", 5, E), ("no_enlist",))
    assert g.warriors[1][5] == 2 and g.vp[0] == 0


def test_D_5_2_protector_not_against_himself_nor_elsewhere() -> None:
    """D.5.2: he cannot be enlisted in a battle he fights, nor away from it."""
    g = arbiter_battle([1, 0])
    play(g, ("action", "battle"), ("battle", 5, V))  # he is the defender: no enlisting
    assert g.decision.kind != "enlist" and g.vp[0] == 0
    g = arbiter_battle([1, 0], at="1_2_5_10")
    g.apply(("action", "battle"))  # only the Eyrie to fight; no Arbiter there
    assert g.decision.kind != "enlist" and g.warriors[2][5] == 0


# -------------------------------------------------------------- D.6 Scoundrel
def test_D_6_2_scorched_earth() -> None:
    """D.6.2: the torch is placed in his clearing; all enemy pieces there are removed
    (scoring their buildings and tokens); nothing can be placed in or moved into it,
    not even by him once he leaves."""
    g = game((V, M, E), character="scoundrel", at=5, items={"torch": 1, "boots": 2},
             warriors={M: {5: 2, 1: 2}, E: {5: 1}}, buildings={M: {5: ["sawmill"]},
                                                              E: {5: ["roost"]}},
             tokens={M: {5: ["wood"]}}, step=ACT)
    g.apply(("special", "scorched earth"))
    assert pieces(g, 5) == {"warriors": {}, "buildings": [], "tokens": []}
    assert "torch" not in items(g) and vs(g).scorched == 5
    assert scored(g, V) == [(V, 3, "removal")]
    assert vs(g).relations == {M: -1, E: -1}  # their warriors removed (9.2.9.III)
    assert pawn(g) == 5  # he remains
    assert not g.may_place(g.seat_of(M), 5) and not g.may_move(g.seat_of(M), 1, 5)
    g.apply(("v_move", 1))
    assert ("v_move", 5) not in options(g)
    assert_illegal(g, ("v_move", 5))


def test_D_6_2_scorched_clearing_blocks_the_marquise_march() -> None:
    """D.6.2: the Marquise cannot march into the scorched clearing, though she rules 1."""
    g = game((V, M), character="scoundrel", at="1_2_5_10", items={"boots": 1},
             scorched=5, warriors={M: {1: 3}}, step=("marquise.actions", M, 3))
    play(g, ("action", "march"))
    assert ("move", 1, 5) not in options(g) and ("move", 1, 9) in options(g)


def test_D_6_2_scorched_clearing_blocks_placing_sympathy() -> None:
    """D.6.2: no piece can be placed there: the Alliance cannot spread sympathy into 5
    (rabbit, adjacent to their sympathy in 1) but can into 10."""
    g = game((V, A), character="scoundrel", at="1_2_5_10", items={"boots": 1}, scorched=5,
             tokens={A: {1: ["sympathy"]}}, step=("alliance.spreads", A), phase="birdsong",
             alliance={"supporters": ["bake_sale", "a_visit_to_friends"]})
    assert [o for o in options(g) if o[0] == "spread"] == [("spread", 10, 1)]
    assert_illegal(g, ("spread", 5, 1))


def test_D_6_2_scorched_earth_blocks_slip_and_glide() -> None:
    """D.6.2: no slipping back in; another Vagabond cannot glide in (D.9.2)."""
    g = game((V, M), character="scoundrel", at=1, items={"boots": 1}, scorched=5,
             step=("vagabond.slip", V), phase="birdsong")
    assert ("slip", "5") not in options(g) and ("slip", "9") in options(g)
    g = game((V, V2, M), character="harrier", at=1, items={"torch": 1},
             v2={"character": "scoundrel", "at": 5, "scorched": 5, "items": {"boots": 1}},
             step=ACT)
    assert ("glide", 5) not in options(g) and ("glide", 2) in options(g)
    assert_illegal(g, ("glide", 5))


def test_D_6_2_scorched_earth_full_removal_of_another_vagabond() -> None:
    """D.6.2 with 9.2.2.I: the other Vagabond in the clearing damages three items."""
    g = game((V, V2, M), character="scoundrel", at=5, items={"torch": 1, "boots": 1},
             v2={"at": 5, "items": {"sword": 2, "boots": 1, "torch": 1}}, step=ACT)
    g.apply(("special", "scorched earth"))
    assert g.decision.seat == V2 and g.decision.rule == "9.2.2.I"
    play(g, ("damage", "sword", "ready"), ("damage", "torch", "ready"),
         ("damage", "sword", "ready"))
    assert items(g, V2) == {"sword": (0, 0, 2, 0), "boots": (1, 0, 0, 0),
                            "torch": (0, 0, 1, 0)}
    assert pawn(g, V2) == 5


# ------------------------------------------------------------- D.7 Adventurer
QUESTS_RABBIT = ["guard_duty_rabbit", "errand_rabbit", "escort_mouse"]


def test_D_7_2_improvise() -> None:
    """D.7.2: once per turn in a Quest one unexhausted item stands for another; it is
    exhausted and damaged."""
    g = game(at=3, character="adventurer", items={"torch": 1, "boots": 2, "hammer": 1},
             quests=QUESTS_RABBIT, step=ACT)
    # guard duty (torch, sword): boots or hammer for the sword; errand (tea, boots): the
    # torch, the hammer or the second boots for the tea
    assert set(options(g, "quest")) == {("quest", "guard_duty_rabbit", "boots"),
                                        ("quest", "guard_duty_rabbit", "hammer"),
                                        ("quest", "errand_rabbit", "torch"),
                                        ("quest", "errand_rabbit", "hammer"),
                                        ("quest", "errand_rabbit", "boots")}
    play(g, ("quest", "guard_duty_rabbit", "boots"), ("quest_vp",))
    assert items(g) == {"torch": (0, 1, 0, 0), "boots": (1, 0, 0, 1), "hammer": (1, 0, 0, 0)}
    assert vs(g).quests_done == ("guard_duty_rabbit",) and g.vp[0] == 1
    # errand (tea, boots): the tea is missing and Improvise was used this turn
    assert not options(g, "quest")
    assert_illegal(g, ("quest", "errand_rabbit", "hammer"))


def test_D_7_2_improvise_once_per_turn_resets_next_turn() -> None:
    """D.7.2: a new turn allows it again."""
    g = game(at=3, character="adventurer", items={"torch": 1, "boots": 2, "hammer": 1},
             quests=QUESTS_RABBIT, once=["improvise"], step=("turn", V))
    g.apply(("skip",))  # no slip
    assert ("quest", "errand_rabbit", "hammer") in options(g)


def test_D_7_2_only_the_adventurer_improvises() -> None:
    """D.7.2 is the Adventurer's: another character needs the real items."""
    g = game(at=3, character="thief", items={"torch": 1, "boots": 2, "hammer": 1},
             quests=QUESTS_RABBIT, step=ACT)
    assert not options(g, "quest")


# ------------------------------------------------------------------ D.8 Ronin
def test_D_8_2_swift_strike_as_attacker() -> None:
    """D.8.2: after rolling he may exhaust a sword for an extra hit."""
    g = game(at=5, character="ronin", items={"sword": 2, "boots": 1}, warriors={M: {5: 3}},
             step=ACT, forced=[["dice", [1, 0]]])
    g.apply(("v_battle", 5, M, ""))
    assert g.decision.kind == "battle_effect" and g.decision.seat == V
    assert options(g) == [("effect", "swift_strike"), ("done",)]
    g.apply(("effect", "swift_strike"))
    assert items(g)["sword"] == (0, 2, 0, 0)
    assert g.warriors[1][5] == 1  # one rolled hit and the extra one


def test_D_8_2_swift_strike_as_defender() -> None:
    """D.8.2: in any battle, defending too."""
    g = game(at=5, character="ronin", items={"sword": 1, "boots": 2}, warriors={M: {5: 3}},
             step=("marquise.actions", M, 3), forced=[["dice", [1, 1]]])
    g.apply(("action", "battle"))
    assert g.decision.seat == V and options(g) == [("effect", "swift_strike"), ("done",)]
    g.apply(("effect", "swift_strike"))
    g.apply(("damage", "boots", "ready"))  # the Marquise's hit
    assert g.warriors[1][5] == 1 and items(g) == {"sword": (0, 1, 0, 0), "boots": (1, 0, 1, 0)}


def test_D_8_2_swift_strike_needs_an_unexhausted_sword() -> None:
    """D.8.2: the sword exhausted to battle was his only one: no swift strike; other
    characters have none."""
    g = game(at=5, character="ronin", items={"sword": 1, "boots": 1}, warriors={M: {5: 3}},
             step=ACT, forced=[["dice", [1, 0]]])
    g.apply(("v_battle", 5, M, ""))
    assert g.warriors[1][5] == 2 and g.decision.kind != "battle_effect"
    g = game(at=5, character="thief", items={"sword": 2, "boots": 1}, warriors={M: {5: 3}},
             step=ACT, forced=[["dice", [1, 0]]])
    g.apply(("v_battle", 5, M, ""))
    assert g.warriors[1][5] == 2 and g.decision.kind != "battle_effect"


# ---------------------------------------------------------------- D.9 Harrier
def test_D_9_2_glide() -> None:
    """D.9.2: exhaust a torch to move only the pawn to any clearing, even Hostile, with
    no boots; allied warriors do not come along."""
    g = game(character="harrier", at=5, items={"torch": 1, "boots": (0, 1, 0, 0)},
             relations={M: 3}, warriors={M: {5: 2}}, step=ACT)
    assert set(options(g, "glide")) == {("glide", c) for c in range(1, 13) if c != 5}
    g = game(character="harrier", at=5, items={"torch": 1, "boots": (0, 1, 0, 0)},
             relations={M: -1}, warriors={M: {12: 2, 5: 1}}, step=ACT)
    g.apply(("glide", 12))
    assert pawn(g) == 12 and items(g) == {"torch": (0, 1, 0, 0), "boots": (0, 1, 0, 0)}
    assert g.warriors[1][5] == 1


def test_D_9_2_glide_from_a_forest() -> None:
    """D.9.2: from a forest to any clearing as well."""
    g = game(character="harrier", at="4_9_12", items={"torch": 1}, step=ACT)
    g.apply(("glide", 2))
    assert pawn(g) == 2 and place(g, "4_9_12") != 2
