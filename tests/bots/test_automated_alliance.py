"""Law of Rootbotics, 6: Automated Alliance (and the rules of 1-3 it relies on).

Fall map: clearing suits 1 fox, 2 mouse, 3 rabbit, 4 rabbit, 5 rabbit, 6 fox, 7 mouse,
8 fox, 9 mouse, 10 rabbit, 11 mouse, 12 fox; ruins in 6, 10, 11, 12. Paths: 1-5, 1-9,
1-10, 2-5, 2-6, 2-10, 3-6, 3-7, 3-11, 4-8, 4-9, 4-12, 6-11, 7-8, 7-12, 9-12, 10-12,
11-12. The clearing numbers are the Rootbotics priority markers (2.1: 1 highest).
"""
from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable
from typing import Any

import pytest

import rootlaw
from rootlaw.bots.automated_alliance import SYMPATHY_VP, AutomatedAllianceState, spread_target
from rootlaw.bots.base import enemy_pieces
from rootlaw.core.faction_api import FACTIONS
from rootlaw.core.game import Game
from rootlaw.core.steps import Step
from tests.builder import assert_illegal, build, options, pause_step, play, scored

AA, M, E, V = "automated_alliance", "marquise", "eyrie", "vagabond"
SYM = "sympathy"
PARK = "test.automated_alliance_park"


pause_step(PARK, "park")


def parked(factions: Iterable[str] = (AA, M), *, order: str | None = None,
           level: str | None = None, traits: Iterable[str] = (), **kw: Any) -> Game:
    """A built game paused at the bot's turn, with ``order`` as the order card, and the
    difficulty ``level`` and ``traits`` (3.3)."""
    state: dict[str, Any] = {"order": order, "traits": list(traits)}
    if level is not None:
        state["difficulty"] = level
    g = build(list(factions), steps=[(PARK, AA)], turn=AA, automated_alliance=state, **kw)
    assert g.stack[-1][0] == PARK
    return g


def run(g: Game, *steps: Step) -> Game:
    """Run the bot's steps (faction ids allowed for seats) after the pause, then pause."""
    s = g.seat_of(AA)
    todo = [(st[0], g.seat_of(st[1]) if isinstance(st[1], str) else st[1], *st[2:])
            for st in steps]
    g.stack[-1:-1] = [(PARK, s), *reversed(todo)]
    g.apply(("done",))
    return g


def turn_steps(g: Game) -> list[Step]:
    """The bot's whole turn (1.4.1), as Turn schedules it, without the next turn."""
    s = g.seat_of(AA)
    fd = g.fdefs[s]
    return [("birdsong_start", s), *fd.phase_steps(g, s, "birdsong"),
            ("daylight_start", s), *fd.phase_steps(g, s, "daylight"),
            ("evening_start", s), *fd.phase_steps(g, s, "evening")]


def whole_turn(g: Game) -> Game:
    return run(g, *turn_steps(g))


def fs(g: Game) -> AutomatedAllianceState:
    st = g.fstate[g.seat_of(AA)]
    assert isinstance(st, AutomatedAllianceState)
    return st


def sympathy_at(g: Game) -> list[int]:
    s = g.seat_of(AA)
    return [c for c in g.clearings() if (s, SYM) in g.tokens[c]]


def bases_at(g: Game) -> dict[str, int]:
    s = g.seat_of(AA)
    return {p[1]: c for c in g.clearings() for p in g.buildings[c] if p[0] == s}


def aa_scores(g: Game) -> list[tuple[int, str]]:
    return [(e[1], e[2]) for e in scored(g, AA)]


def expected_cards(g: Game, built: bool) -> Counter[str]:
    """5.1.3 and Rootbotics 3.4: dominance cards leave with two players or with one or
    two humans among bots, not in all-bot games (a built position follows
    tests.builder: two players only)."""
    cards = Counter(g.deckdef.contents)
    humans = sum(1 for fd in g.fdefs if not fd.is_bot)
    bots = len(g.factions) - humans  # 3.4 replaces 5.1.3 when bots play
    out = (1 <= humans <= 2 if bots else len(g.factions) == 2) or g.setup.get("cooperative")
    if len(g.factions) == 2 and built or out and not built:
        for cid in list(cards):
            if g.card(cid).kind == "dominance":
                del cards[cid]
    return cards


def card_locations(g: Game) -> Counter[str]:
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
        where[g.battle.ambush] += 1
    return where


def check(g: Game, built: bool = True) -> None:
    """Cards complete, pieces within limits, scores the sum of their events."""
    assert card_locations(g) == expected_cards(g, built), "cards appeared or vanished"
    for s, fd in enumerate(g.fdefs):
        assert all(w >= 0 for w in g.warriors[s]) and g.warrior_supply(s) >= 0
        for kind, limit in {**fd.buildings, **fd.tokens}.items():
            assert g.count_building(s, kind) <= limit, f"too many {kind}"
    for c in g.clearings():
        assert len(g.buildings[c]) <= g.board.slots[c]
        assert sum(1 for p in g.tokens[c] if p[1] == SYM) <= 1  # 6.2.1.I
    total: Counter[str] = Counter()
    for e in g.log:
        if e[0] == "s":
            total[e[1]] += e[2]
    assert all(g.scores[f] == total[f] for f in g.factions)


# ------------------------------------------------------------- worked example
def example_position() -> Game:
    """The Alliance Example Turn: the bot takes the first turn of a game with the
    Marquise (keep in the fox corner 1: a warrior everywhere but the opposite corner
    3, sawmill 1, workshop 5, recruiter 10) and the Eyrie (roost and six warriors in 3)."""
    marquise = {c: 1 for c in range(1, 13) if c != 3}
    return build([AA, M, E], warriors={M: marquise, E: {3: 6}},
                 buildings={M: {1: ["sawmill"], 5: ["workshop"], 10: ["recruiter"]},
                            E: {3: ["roost"]}},
                 tokens={M: {1: ["keep"]}}, corner=3, deck_top=["birdy_bindle"],
                 step=("turn", AA))


def test_example_turn() -> None:
    """Rootbotics, Alliance Example Turn: every outcome the text states."""
    g = example_position()
    s, m = g.seat_of(AA), g.seat_of(M)
    assert g.turn_seat == m  # the bot's turn is over, the Marquise's has begun
    # the order card was Birdy Bindle: the bag is crafted for one VP (6.4.2, 1.1.2)
    assert g.items[s] == ["bag"] and ("order", AA, "birdy_bindle") in g.log
    # a bird: no revolt in Birdsong; public pity spreads twice (0 tokens): first into
    # the clearing with the fewest enemy pieces (many with one: priority gives the
    # corner mouse clearing 2), then adjacent to it (5, 6, 10 tie: rabbit clearing 5);
    # in Daylight into 6 (1 ties on warriors but holds the keep: illegal, 2.3)
    placed = [e[2] for e in g.log if e[0] == "sympathy"]
    assert placed == [2, 5, 6] and sympathy_at(g) == [2, 5, 6]
    # surprise revolt in the sympathetic clearing with the most enemy pieces (5): the
    # Marquise warrior and workshop go, one VP, and the rabbit base is placed
    assert ("revolt", AA, 5) in g.log
    assert bases_at(g) == {"base_rabbit": 5}
    assert g.warriors[m][5] == 0 and (m, "workshop") not in g.buildings[5]
    # Evening: a warrior recruited at the base; the order card discarded
    assert g.warriors[s][5] == 1 and sum(g.warriors[s]) == 1
    assert fs(g).order is None and g.discard == ["birdy_bindle"]
    # four points: the item, the workshop, the second and third sympathy tokens
    assert aa_scores(g) == [(1, "craft"), (1, "sympathy"), (1, "sympathy"), (1, "removal")]
    assert g.vp[s] == 4
    check(g)


# --------------------------------------------------------------- 2.7, 6.4.1
def test_6_4_1_order_card_drawn_revealed_and_held_until_evening() -> None:
    g = parked(deck_top=["ambush_fox"])
    run(g, ("automated_alliance.reveal", AA))
    assert fs(g).order == "ambush_fox" and "ambush_fox" not in g.deck
    assert g.view(M)["players"][AA]["faction"]["order"] == "ambush_fox"  # revealed
    check(g)  # held by the bot (cards_held)
    loaded = Game.from_json(g.to_json())
    assert loaded.to_json() == g.to_json()
    run(g, ("bot.discard_order", AA))  # 6.6.3
    assert fs(g).order is None and g.discard[-1] == "ambush_fox"
    check(g)


def test_6_4_2_craft_order_scores_one_vp_if_the_item_is_available() -> None:
    g = parked(order="anvil")  # a hammer, 2 VP for a human (1.1.2: one for a bot)
    run(g, ("bot.craft_order", AA))
    assert g.items[0] == ["hammer"] and aa_scores(g) == [(1, "craft")]
    g = parked(order="anvil", supply={"hammer": 0})  # not in the supply: nothing
    run(g, ("bot.craft_order", AA))
    assert g.items[0] == [] and g.vp[0] == 0


# ------------------------------------------------------------------- 6.5.1
def test_6_5_1_fewest_enemy_warriors_then_priority() -> None:
    """Adjacent to sympathy (12: 4, 7, 9, 10, 11); fewest enemy warriors (7, 9, 11 with
    one each; buildings do not count), then the highest priority: 7."""
    g = parked(order="ambush_bird", warriors={M: {4: 2, 7: 1, 9: 1, 10: 3, 11: 1}},
               buildings={M: {7: ["sawmill", "workshop"]}}, tokens={AA: {12: [SYM]}})
    assert spread_target(g, 0) == 7
    run(g, ("automated_alliance.spread", AA, 1))
    assert sympathy_at(g) == [7, 12] and aa_scores(g) == [(SYMPATHY_VP[1], "sympathy")]


def test_6_5_1_only_ordered_clearings() -> None:
    """A mouse order: only the mouse clearings next to sympathy (7, 9, 11) count, even
    though the rabbit clearing 4 has no enemy warriors."""
    g = parked(order="ambush_mouse", warriors={M: {7: 2, 9: 1, 11: 1}},
               tokens={AA: {12: [SYM]}})
    assert spread_target(g, 0) == 9


def test_2_3_spread_falls_through_illegal_targets() -> None:
    """The only clearing with the fewest enemy warriors (the keep clearing, none) is not
    legal: the next in target priority is tried (2, one warrior)."""
    g = parked(order="ambush_bird", warriors={M: {2: 1}}, tokens={AA: {5: [SYM]},
                                                               M: {1: ["keep"]}})
    assert spread_target(g, 0) == 2


def test_6_5_1_I_no_such_clearing_fewest_enemy_pieces_anywhere() -> None:
    """A rabbit order with no rabbit clearing next to sympathy (5: 1 fox, 2 mouse): the
    clearing with the fewest enemy pieces anywhere (8 and 9 have none: priority, 8)."""
    everywhere = {c: 1 for c in range(1, 13) if c not in (5, 8, 9)}
    g = parked(order="ambush_rabbit", warriors={M: everywhere}, tokens={AA: {5: [SYM]}})
    assert spread_target(g, 0) == 8
    g = parked(order="ambush_rabbit", warriors={M: {**everywhere, 8: 1}},
               buildings={M: {9: ["sawmill"]}}, tokens={AA: {5: [SYM]}})
    assert enemy_pieces(g, 0, 9) == 1 and spread_target(g, 0) == 1  # all tie at one


def test_6_5_1_I_first_token_goes_to_fewest_enemy_pieces() -> None:
    g = parked(order="ambush_fox", warriors={M: {c: 1 for c in range(1, 13) if c != 4}})
    run(g, ("automated_alliance.spread", AA, 1))
    assert sympathy_at(g) == [4] and g.vp[0] == 0  # the first space shows no points


def test_6_5_1_II_cannot_spread_scores_five() -> None:
    ten = {c: [SYM] for c in range(1, 11)}
    g = parked(order="ambush_bird", tokens={AA: ten})
    run(g, ("automated_alliance.spread", AA, 1))
    assert len(sympathy_at(g)) == 10 and aa_scores(g) == [(5, "cannot_spread")]


def test_6_2_5_martial_law_one_fewer_point() -> None:
    """Three warriors of one enemy in the clearing: one point fewer (sixth token on the
    bot's track: 2 -> 1); two warriors each of two enemies is not Martial Law."""
    five = {c: [SYM] for c in (1, 2, 5, 9, 10)}
    rest = [c for c in range(1, 13) if c not in five]
    g = parked((AA, M, E), order="ambush_bird", warriors={M: {c: 3 for c in rest}},
               tokens={AA: five})
    run(g, ("automated_alliance.spread", AA, 1))
    assert sympathy_at(g) == [1, 2, 4, 5, 9, 10]
    assert aa_scores(g) == [(SYMPATHY_VP[5] - 1, "sympathy")] == [(1, "sympathy")]
    g = parked((AA, M, E), order="ambush_bird", warriors={M: {c: 2 for c in rest},
                                                          E: {c: 2 for c in rest}},
               tokens={AA: five})
    run(g, ("automated_alliance.spread", AA, 1))
    assert 4 in sympathy_at(g) and aa_scores(g) == [(SYMPATHY_VP[5], "sympathy")]


@pytest.mark.parametrize("on_map,vp", list(enumerate([0, 1, 1, 1, 1, 2, 2, 3, 3, 4])))
def test_6_5_1_the_bots_own_sympathy_track(on_map: int, vp: int) -> None:
    """6.5.1: the space revealed on the bot's own board (0 1 1 1 1 2 2 3 3 4, by tokens
    already on the map), not the Woodland Alliance's track."""
    g = parked(order="ambush_bird", tokens={AA: {c: [SYM] for c in range(1, on_map + 1)}})
    run(g, ("automated_alliance.spread", AA, 1))
    assert len(sympathy_at(g)) == on_map + 1  # no enemy warriors: no Martial Law
    assert aa_scores(g) == ([(vp, "sympathy")] if vp else [])


def test_6_2_5_martial_law_never_below_zero() -> None:
    g = parked(order="ambush_bird", warriors={M: {c: 3 for c in (4, 7, 9, 10, 11)}},
               tokens={AA: {12: [SYM]}})
    run(g, ("automated_alliance.spread", AA, 1))  # second token: 1 - 1 = 0 points
    assert sympathy_at(g) == [4, 12] and g.vp[0] == 0 and aa_scores(g) == []


# --------------------------------------------------------------- 6.4.3 revolt
def test_6_4_3_revolt_most_enemy_pieces_then_priority() -> None:
    """A fox order: the fox sympathetic clearings 1 (one piece), 6 and 8 (two each):
    6 by priority. The mouse clearing 2 has more pieces but is not ordered."""
    g = parked(order="ambush_fox", warriors={M: {1: 1, 6: 2, 8: 1, 2: 4}},
               buildings={M: {8: ["sawmill"]}},
               tokens={AA: {1: [SYM], 6: [SYM], 8: [SYM], 2: [SYM]}})
    run(g, ("automated_alliance.revolt", AA))
    assert bases_at(g) == {"base_fox": 6} and g.warriors[1][6] == 0
    assert fs(g).revolted and ("revolt", AA, 6) in g.log
    assert g.warriors[0][6] == 0  # the bot's revolt places no warriors
    run(g, ("automated_alliance.public_pity", AA))  # revolted: no public pity
    assert len(sympathy_at(g)) == 4


def test_6_4_3_revolt_removes_and_scores_buildings_and_tokens() -> None:
    g = parked(order="ambush_fox", warriors={M: {8: 2}}, buildings={M: {8: ["sawmill"]}},
               tokens={AA: {8: [SYM]}, M: {8: ["wood"]}})
    run(g, ("automated_alliance.revolt", AA))
    assert g.buildings[8] == ((0, "base_fox"),) and g.tokens[8] == ((0, SYM),)
    assert aa_scores(g) == [(2, "removal")]


def test_6_4_3_no_revolt_on_a_bird_order_or_with_the_base_on_the_map() -> None:
    g = parked(order="ambush_bird", tokens={AA: {1: [SYM]}})
    run(g, ("automated_alliance.revolt", AA))
    assert bases_at(g) == {} and not fs(g).revolted
    g = parked(order="ambush_fox", tokens={AA: {1: [SYM], 8: [SYM]}},
               buildings={AA: {6: ["base_fox"]}})
    run(g, ("automated_alliance.revolt", AA))
    assert bases_at(g) == {"base_fox": 6} and not fs(g).revolted
    g = parked(order="ambush_fox", tokens={AA: {2: [SYM]}})  # no fox sympathy
    run(g, ("automated_alliance.revolt", AA))
    assert bases_at(g) == {} and not fs(g).revolted


def test_2_3_revolt_falls_through_to_a_legal_clearing() -> None:
    """The clearing with the most enemy pieces cannot take the base (no placing in the
    keep's clearing): the revolt goes to the next clearing in target priority."""
    g = parked(order="ambush_fox", warriors={M: {1: 5, 8: 1}},
               tokens={AA: {1: [SYM], 8: [SYM]}, M: {1: ["keep"]}})
    run(g, ("automated_alliance.revolt", AA))
    assert bases_at(g) == {"base_fox": 8} and g.warriors[1][1] == 5


# --------------------------------------------------------- 6.4.4 public pity
@pytest.mark.parametrize(("on_map", "spreads"), [(0, 2), (4, 2), (5, 1), (7, 1)])
def test_6_4_4_public_pity(on_map: int, spreads: int) -> None:
    """Without a revolt: twice with zero to four tokens on the map (counted before the
    first spread), once with five or more."""
    chain = [12, 4, 9, 1, 5, 2, 10][:on_map]
    g = parked(order="ambush_bird", tokens={AA: {c: [SYM] for c in chain}})
    run(g, ("automated_alliance.public_pity", AA))
    assert len(sympathy_at(g)) == on_map + spreads


def test_6_4_4_failed_revolt_triggers_public_pity() -> None:
    g = parked(deck_top=["ambush_fox"], tokens={AA: {2: [SYM]}},
               warriors={M: {5: 1, 6: 1, 10: 1}})
    whole_turn(g)  # no fox sympathy: no revolt; pity twice, then Daylight once
    assert len(sympathy_at(g)) == 4 and bases_at(g) == {}


# ------------------------------------------------------ 6.5.2 surprise revolt
def test_6_5_2_surprise_revolt_most_enemy_pieces_any_suit_with_base_on_board() -> None:
    """A bird order: any sympathetic clearing whose base is on the faction board. The
    mouse clearing 7 has the most pieces but the mouse base is on the map; 3 and 8 tie
    at two pieces: 3 by priority (2.1)."""
    g = parked(order="ambush_bird", warriors={M: {7: 4, 3: 2, 8: 1}},
               buildings={M: {8: ["sawmill"]}, AA: {9: ["base_mouse"]}},
               tokens={AA: {3: [SYM], 7: [SYM], 8: [SYM]}})
    run(g, ("automated_alliance.surprise_revolt", AA))
    assert bases_at(g) == {"base_mouse": 9, "base_rabbit": 3}


def test_6_5_2_no_surprise_revolt_without_a_bird_order() -> None:
    g = parked(order="ambush_rabbit", warriors={M: {3: 2}}, tokens={AA: {3: [SYM]}})
    run(g, ("automated_alliance.surprise_revolt", AA))
    assert bases_at(g) == {}


# ------------------------------------------------------------ 6.6 evening
def test_6_6_1_organize_in_priority_order() -> None:
    """Bases with three or more warriors (9 and 3): all removed, then sympathy spreads,
    the clearing of higher priority first (2.4); the base with two does not organize."""
    g = parked(order="ambush_bird", warriors={AA: {3: 3, 9: 4, 12: 2}},
               buildings={AA: {3: ["base_rabbit"], 9: ["base_mouse"], 12: ["base_fox"]}},
               tokens={AA: {7: [SYM]}})
    run(g, ("automated_alliance.organize", AA, 0))
    assert g.warriors[0][3] == 0 and g.warriors[0][9] == 0 and g.warriors[0][12] == 2
    organized = [e[2] for e in g.log if e[0] == "organize"]
    assert organized == [3, 9]
    assert len(sympathy_at(g)) == 3 and aa_scores(g) == [(1, "sympathy"), (1, "sympathy")]


@pytest.mark.parametrize(("level", "organizes"), [("easy", [9]), ("default", [3, 9]),
                                                  ("challenging", [3, 9, 12])])
def test_3_3_1_difficulty_sets_the_organize_threshold(level: str, organizes: list[int]) -> None:
    g = parked(order="ambush_bird", warriors={AA: {3: 3, 9: 4, 12: 2}},
               buildings={AA: {3: ["base_rabbit"], 9: ["base_mouse"], 12: ["base_fox"]}},
               tokens={AA: {7: [SYM]}}, level=None if level == "default" else level)
    run(g, ("automated_alliance.organize", AA, 0))
    assert [e[2] for e in g.log if e[0] == "organize"] == organizes


def test_3_3_1_difficulty_levels() -> None:
    """Difficulty (docs/rootbotics_automated_alliance.md): every level sets up; nightmare
    organizes from two warriors and scores one VP at the end of Evening."""
    for level in ("easy", "challenging", "nightmare"):
        g = rootlaw.new_game([AA, M], bot_difficulty={AA: level})
        assert g.view()["players"][AA]["faction"]["difficulty"] == level
    g = parked(level="nightmare")
    before = g.vp[0]
    run(g, ("automated_alliance.nightmare", AA))
    assert g.vp[0] == before + 1 and ("nightmare" in [e[3] for e in g.log if e[0] == "s"])
    assert "automated_alliance.nightmare" in [st[0] for st in
                                              FACTIONS[AA].phase_steps(g, 0, "evening")]


def test_6_6_2_recruit_at_each_base_in_priority_order() -> None:
    """One warrior per base; with one warrior left in the supply, the base of highest
    priority gets it (2.4)."""
    g = parked(buildings={AA: {3: ["base_rabbit"], 9: ["base_mouse"]}})
    run(g, ("automated_alliance.recruit", AA))
    assert g.warriors[0][3] == 1 and g.warriors[0][9] == 1
    g = parked(warriors={AA: {1: 9}}, buildings={AA: {3: ["base_rabbit"], 9: ["base_mouse"]}})
    run(g, ("automated_alliance.recruit", AA))
    assert g.warriors[0][3] == 1 and g.warriors[0][9] == 0 and g.warrior_supply(0) == 0


# ---------------------------------------------------------------- 6.2 rules
def _battle(g: Game, c: int) -> Game:
    """The Marquise battles the bot in c (a single target is chosen without asking)."""
    g.apply(("action", "battle"))
    if g.decision is not None and ("battle", c, AA) in g.decision.options:
        g.apply(("battle", c, AA))
    return g


def test_6_2_2_automated_ambush_extra_hit_as_defender_with_a_warrior() -> None:
    """The Marquise attacks with rolls 2 and 1: she deals 2, the bot 1 + 1 extra hit.
    No ambush card is asked for (the bot has no hand; 2.8.2 is for attackers)."""
    g = build([M, AA], warriors={M: {5: 4}, AA: {5: 3}}, step=("marquise.actions", M, 3),
              forced=[["dice", [2, 1]]])
    _battle(g, 5)
    assert g.warriors[0][5] == 2 and g.warriors[1][5] == 1


def test_6_2_2_no_extra_hit_without_alliance_warriors() -> None:
    g = build([M, AA], warriors={M: {5: 4}}, tokens={AA: {5: [SYM]}},
              step=("marquise.actions", M, 3), forced=[["dice", [2, 1]]])
    _battle(g, 5)  # defenseless: 1 + 1 hits; only the sympathy token to take
    assert g.warriors[0][5] == 4 and g.tokens[5] == ()


def test_1_2_1_bot_takes_hits_on_tokens_before_buildings() -> None:
    g = build([M, AA], warriors={M: {5: 4}}, tokens={AA: {5: [SYM]}, M: {1: ["keep"]}},
              buildings={AA: {5: ["base_rabbit"]}}, hands={M: ["ambush_bird"]},
              step=("marquise.actions", M, 3), forced=[["dice", [1, 0]]])
    _battle(g, 5)  # one rolled hit + defenseless: the token goes first, then the base
    assert g.tokens[5] == () and g.buildings[5] == ()
    assert aa_scores(g) == [] and g.vp[0] == 2  # both removals scored by the Marquise


def test_6_2_3_outrage_human_moving_in_discards_a_matching_card() -> None:
    """The Marquise moves into a sympathetic rabbit clearing: she must discard a rabbit
    card or a bird (her choice); nothing goes to the bot."""
    g = build([M, AA], warriors={M: {1: 2}}, tokens={AA: {5: [SYM]}},
              hands={M: ["bake_sale", "anvil", "ambush_bird"]},
              step=("marquise.actions", M, 3))
    play(g, ("action", "march"), ("move", 1, 5), ("warriors", 1))
    d = g.decision
    assert d.seat == M and d.kind == "outrage" and d.rule == "Rootbotics 6.2.3"
    assert set(options(g)) == {("aa_outrage", "bake_sale"), ("aa_outrage", "ambush_bird")}
    assert_illegal(g, ("aa_outrage", "anvil"))
    g.apply(("aa_outrage", "bake_sale"))
    assert g.hands[0] == ["anvil", "ambush_bird"] and g.discard == ["bake_sale"]
    assert g.vp[1] == 0


def test_6_2_3_outrage_without_a_matching_card_scores_one() -> None:
    g = build([M, AA], warriors={M: {1: 2}}, tokens={AA: {5: [SYM]}}, hands={M: ["anvil"]},
              step=("marquise.actions", M, 3))
    play(g, ("action", "march"), ("move", 1, 5), ("warriors", 2))
    assert g.hands[0] == ["anvil"] and aa_scores(g) == [(1, "outrage")]


def test_6_2_3_outrage_when_a_human_removes_sympathy_in_battle() -> None:
    g = build([M, AA], warriors={M: {5: 2}}, tokens={AA: {5: [SYM]}},
              hands={M: ["smugglers_trail"]}, step=("marquise.actions", M, 3),
              forced=[["dice", [1, 0]]])
    _battle(g, 5)
    assert g.tokens[5] == () and g.vp[0] == 1  # the Marquise scores the token (3.2.1)
    assert g.discard == ["smugglers_trail"]  # the only matching card: no choice asked


def test_6_2_3_no_outrage_for_a_bot_moving_in() -> None:
    """Only humans are outraged: the bot's own pieces never trigger it, and a bot
    moving warriors in (simulated through the move hook) does not either."""
    g = parked(tokens={AA: {5: [SYM]}}, warriors={M: {1: 2}})
    fd = g.fdefs[0]
    assert not fd.after_move(g, 0, 0, 1, 5, 1)
    assert list(fd.after_move(g, 0, 1, 1, 5, 1)) == [("automated_alliance.outrage", 1, 0, 5)]
    assert not fd.on_piece_removed(g, 0, 5, SYM, 0)


def test_6_2_4_crackdown_removes_sympathy_of_the_bases_suit() -> None:
    """The Marquise removes the rabbit base: every sympathy token in rabbit clearings
    goes (no points, no Outrage for those); fox sympathy stays."""
    g = build([M, AA], warriors={M: {5: 3}},
              tokens={AA: {5: [SYM], 3: [SYM], 4: [SYM], 1: [SYM]}},
              buildings={AA: {5: ["base_rabbit"]}}, hands={M: ["anvil"]},
              step=("marquise.actions", M, 3), forced=[["dice", [2, 0]]])
    _battle(g, 5)  # two rolled hits + defenseless: the token, then the base
    s = 1
    assert [c for c in g.clearings() if (s, SYM) in g.tokens[c]] == [1]
    assert g.buildings[5] == () and g.vp[0] == 2  # only the two pieces she removed
    assert g.vp[1] == 1  # Outrage for the token in battle: no rabbit card to discard
    assert ("crackdown", AA, 3) in g.log and ("crackdown", AA, 4) in g.log


# ----------------------------------------------------------------- traits
def test_3_3_2_wildfire_spreads_in_evening_without_points() -> None:
    g = parked(order="ambush_bird", tokens={AA: {12: [SYM], 4: [SYM]}},
               warriors={M: {c: 1 for c in range(1, 13)}}, traits=["wildfire"])
    s = g.seat_of(AA)
    evening = g.fdefs[s].phase_steps(g, s, "evening")
    assert ("automated_alliance.spread", s, 0) in evening
    assert evening[-1] == ("bot.discard_order", s)  # while the order card still orders
    run(g, *evening)
    assert len(sympathy_at(g)) == 3 and g.vp[0] == 0
    g = parked(order="ambush_bird", tokens={AA: {c: [SYM] for c in range(1, 11)}})
    run(g, ("automated_alliance.spread", AA, 0))  # cannot spread: no 5 points either
    assert g.vp[0] == 0


def test_3_3_2_traits_are_accepted() -> None:
    g = rootlaw.new_game([AA, M], seed=3,
                         bot_traits={AA: ["informants", "popularity", "veterans", "wildfire"]})
    assert set(g.setup["bot_traits"][AA]) == {"informants", "popularity", "veterans",
                                               "wildfire"}
    with pytest.raises(rootlaw.SetupError, match="no trait"):
        rootlaw.new_game([AA, M], bot_traits={AA: ["nobility"]})


def test_3_3_2_informants_defenseless_sympathy_ambushes() -> None:
    """Informants: a defenseless sympathy token benefits from Automated Ambush (6.2.2):
    with rolls 2-1 the bot, with no warriors, deals 0 rolled + 1 extra hit."""
    g = build([M, AA], warriors={M: {5: 4}}, tokens={AA: {5: [SYM]}},
              step=("marquise.actions", M, 3), forced=[["dice", [2, 1]]],
              automated_alliance={"traits": ["informants"]})
    _battle(g, 5)
    assert g.warriors[0][5] == 3 and g.tokens[5] == ()


def test_3_3_2_popularity_removing_sympathy_scores_nothing() -> None:
    g = build([M, AA], warriors={M: {5: 4}}, tokens={AA: {5: [SYM]}},
              step=("marquise.actions", M, 3), forced=[["dice", [2, 1]]],
              automated_alliance={"traits": ["popularity"]})
    _battle(g, 5)
    assert g.tokens[5] == () and g.vp[0] == 0


def test_3_3_2_veterans_the_bot_defends_with_the_higher_roll() -> None:
    """Veterans (8.2.2 Guerrilla War): rolls 2-0, the bot deals 2 (+1 Automated Ambush),
    the Marquise deals 0."""
    g = build([M, AA], warriors={M: {5: 4}, AA: {5: 3}}, step=("marquise.actions", M, 3),
              forced=[["dice", [2, 0]]],
              automated_alliance={"traits": ["veterans"]})
    _battle(g, 5)
    assert g.warriors[0][5] == 1 and g.warriors[1][5] == 3


# ------------------------------------------------------------ setup, misc
def test_6_3_setup_and_3_2_replaces_the_alliance() -> None:
    fd = FACTIONS[AA]
    assert fd.is_bot and fd.replaces == "alliance" and fd.warriors == 10
    assert fd.tokens == {SYM: 10} and sorted(fd.buildings) == [
        "base_fox", "base_mouse", "base_rabbit"]
    with pytest.raises(rootlaw.SetupError):
        rootlaw.new_game([AA, "alliance"])
    g = rootlaw.new_game([AA, M, E], seed=4)
    s = g.seat_of(AA)
    assert g.hands[s] == [] and not any(g.warriors[s])  # 3.4: no hand; pieces off map
    assert not any(g.card(c).kind == "dominance" for c in g.deck)  # two humans (3.4)


def test_2_1_cooperative_counts_only_human_pieces() -> None:
    """In cooperative play the bot does not treat bot pieces as enemy pieces."""
    bots = [f for f, fd in FACTIONS.items() if fd.is_bot and f != AA]
    if not bots:
        pytest.skip("no other bot is registered yet")
    other = bots[0]
    human = next(f for f in (M, E) if f != FACTIONS[other].replaces)
    g = parked((AA, human, other), warriors={human: {1: 1}, other: {1: 2}})
    assert enemy_pieces(g, 0, 1) == 3
    g.setup = {**g.setup, "cooperative": True}
    assert enemy_pieces(g, 0, 1) == 1


# ----------------------------------------------------------- random games
def play_random(factions: list[str], seed: int, **kw: Any) -> Game:
    g = rootlaw.new_game(factions, seed=seed, **kw)
    rng = random.Random(seed)
    n = 0
    while not g.is_over:
        assert n < 20_000, "the game did not end"
        if n % 97 == 0:
            check(g, built=False)
            text = g.to_json()
            assert Game.from_json(text).to_json() == text
        opts = g.decision.options
        g.apply(opts[rng.randrange(len(opts))])
        n += 1
    check(g, built=False)
    assert g.winners
    return g


HUMAN_MIXES = [[AA, M], [AA, E], [AA, V], [AA, M, E], [AA, M, V], [AA, E, V],
               [AA, M, E, V], [AA, V, "vagabond2"]]


def test_random_games_against_humans() -> None:
    rng = random.Random(0)
    for seed in range(100):
        mix = HUMAN_MIXES[seed % len(HUMAN_MIXES)]
        kw: dict[str, Any] = {}
        if seed % 4 == 1:
            kw["bot_difficulty"] = {AA: rng.choice(["easy", "default", "challenging"])}
        if seed % 3 == 0:
            kw["bot_traits"] = {AA: ["wildfire"]}
        g = play_random(mix, seed, **kw)
        if seed % 10 == 0:
            assert Game.replay(g.setup, g.log).to_json() == g.to_json()


def test_random_games_with_bots() -> None:
    """50 games of the bot with the other registered bots (one to three of them, and a
    human in every other game where one fits), else with random humans."""
    bots = [f for f, fd in FACTIONS.items() if fd.is_bot and f != AA]
    for seed in range(50):
        others = bots[seed % len(bots):] + bots[: seed % len(bots)] if bots else []
        mix = [AA, *others[: 1 + seed % 3]]
        replaced = {FACTIONS[f].replaces for f in mix}
        humans = [f for f in (M, E, V) if f not in replaced]
        if humans and (len(mix) < 2 or seed % 2) and len(mix) < 4:
            mix.append(humans[seed % len(humans)])
        coop = seed % 5 == 0 and any(not FACTIONS[f].is_bot for f in mix)
        play_random(mix, 1000 + seed, cooperative=coop)
