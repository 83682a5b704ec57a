"""Law of Root, 5: Setup (standard setup, with the Marquise's 6.3 and the Eyrie's 7.3)."""
from __future__ import annotations

from collections import Counter

import rootlaw
from rootlaw import Game
from rootlaw.core.faction_api import FACTIONS
from tests.builder import options, play

M, E = "marquise", "eyrie"


def setup_game(seating: list[str], start: int, seed: int = 3) -> Game:
    return Game.new([M, E], seed=seed,
                    forced=[["seating", seating], ["starting_player", start]])


# ------------------------------------------------------------------- 5.1.1
def test_5_1_1_seating_and_starting_player_are_random() -> None:
    """5.1.1: seating order and starting player are random (and recorded)."""
    seen_orders, seen_starts = set(), set()
    for seed in range(24):
        g = rootlaw.new_game([M, E], seed=seed)
        seen_orders.add(g.factions)
        start = next(e[2] for e in g.log if e[:2] == ("r", "starting_player"))
        seen_starts.add(start)
        assert g.log[0][:2] == ("r", "seating")
    assert seen_orders == {(M, E), (E, M)} and seen_starts == {0, 1}


def test_5_1_1_forced_seating_is_used() -> None:
    """5.1.1: seats follow the (forced) random seating."""
    g = setup_game([E, M], 0)
    assert g.factions == (E, M)
    assert g.decision.seat == M  # 5.1.7: the Marquise (A) sets up first anyway


# ------------------------------------------------------------------- 5.1.2-5
def test_5_1_2_to_5_scores_hands_ruins_items() -> None:
    """5.1.2 scores at 0; 5.1.3 two players: no dominance cards, three cards each;
    5.1.4 ruins in the four R slots; 5.1.5 the item supply."""
    g = rootlaw.new_game([M, E], seed=11)
    assert g.vp == [0, 0]
    assert [len(h) for h in g.hands] == [3, 3]
    cards = g.deck + g.hands[0] + g.hands[1]
    assert len(cards) == 54 - 4
    assert not [c for c in cards if g.card(c).kind == "dominance"] and g.available == []
    assert Counter(cards) == Counter(c for c in g.deckdef.contents
                                     if g.card(c).kind != "dominance")
    ruins = [c for c in g.clearings() if (-1, "ruin") in g.buildings[c]]
    assert ruins == [6, 10, 11, 12]
    assert g.supply == {"bag": 2, "boots": 2, "crossbow": 1, "hammer": 1, "sword": 2,
                        "tea": 2, "coins": 2}


def test_5_1_3_starting_player_draws_first() -> None:
    """5.1.3: the deck is shuffled, then each player draws three in turn order."""
    g = setup_game([M, E], 1)
    shuffled = next(e[2] for e in g.log if e[1] == "deck")
    # the Eyrie (starting) drew the top three (the end of the list), then the Marquise
    assert sorted(g.hands[1]) == sorted(shuffled[-3:])
    assert sorted(g.hands[0]) == sorted(shuffled[-6:-3])


# ------------------------------------------------------------------- 5.1.7
def test_5_1_7_marquise_setup() -> None:
    """6.3: keep in a corner, a warrior everywhere but the opposite corner, three buildings
    in or next to the keep's clearing."""
    g = setup_game([M, E], 0)
    assert options(g) == [("keep", 1), ("keep", 2), ("keep", 3), ("keep", 4)]
    g.apply(("keep", 1))
    assert g.tokens[1] == ((0, "keep"),)
    assert [c for c in g.clearings() if g.warriors[0][c] == 1] == [
        1, 2, 4, 5, 6, 7, 8, 9, 10, 11, 12]
    assert g.warriors[0][3] == 0 and g.warrior_supply(0) == 14
    assert g.decision.kind == "setup_building"
    assert set(options(g)) == {("place", "sawmill", c) for c in (1, 5, 9, 10)}
    g.apply(("place", "sawmill", 1))
    # corner 1 has a single slot, now filled
    assert set(options(g)) == {("place", "workshop", c) for c in (5, 9, 10)}
    play(g, ("place", "workshop", 10), ("place", "recruiter", 5))
    assert g.count_building(0, "sawmill") == g.count_building(0, "workshop") == 1
    assert g.count_building(0, "recruiter") == 1


def test_5_1_7_eyrie_setup_opposite_the_keep() -> None:
    """7.3.2: the Eyrie's corner is the one opposite the keep (the only one offered);
    7.3.3-4: the leader is chosen, the viziers tucked, the others face up."""
    g = setup_game([E, M], 0)
    play(g, ("keep", 2), ("place", "sawmill", 2), ("place", "workshop", 2),
         ("place", "recruiter", 5))
    # the corner (4, opposite 2) applied itself
    assert g.buildings[4] == ((0, "roost"),) and g.warriors[0][4] == 6
    assert g.decision.kind == "leader" and len(options(g)) == 4
    g.apply(("leader", "charismatic"))
    es = g.fstate[0]
    assert es.leader == "charismatic" and es.corner == 4
    assert es.decree == (("loyal_vizier",), (), ("loyal_vizier",), ())
    assert set(es.face_up) == {"builder", "commander", "despot"}
    # the Eyrie start: their Birdsong asks for the Decree
    assert g.turn_seat == 0 and g.decision.seat == E and g.decision.kind == "decree_add"


def test_5_1_first_turn_is_the_starting_players() -> None:
    """5.1.1 / 1.4.1: after setup, the starting player takes the first turn (Marquise:
    Birdsong wood at the sawmill, then Daylight)."""
    g = setup_game([M, E], 0)
    play(g, ("keep", 1), ("place", "sawmill", 1), ("place", "workshop", 5),
         ("place", "recruiter", 9), ("leader", "builder"))
    assert g.turn_seat == 0 and g.turn_no == 1 and g.phase == "daylight"
    assert g.tokens[1] == ((0, "keep"), (0, "wood"))
    assert g.decision.seat == M


def test_5_2_reach_values() -> None:
    """5.2: reach is data on the faction: Marquise 10, Eyrie 7 (17, enough for two)."""
    assert FACTIONS[M].reach == 10 and FACTIONS[E].reach == 7
