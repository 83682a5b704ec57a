"""Law of Rootbotics sections 1-3 as they touch every bot: setup, Poor Manual
Dexterity, Hates Surprises, bot hits, dominance, cooperative play, options."""
from __future__ import annotations

import pytest

import rootlaw
from rootlaw.core.battle import start_battle
from tests.builder import build, options, play

M, E, V, AA = "marquise", "eyrie", "vagabond", "automated_alliance"


def test_3_4_bots_draw_no_starting_hand_and_two_humans_lose_dominance() -> None:
    """3.4: only humans draw three cards; with one or two humans the four dominance
    cards leave the deck, even in a game of three."""
    g = rootlaw.new_game(factions=[M, E, AA], seed=3)
    s = g.seat_of(AA)
    assert g.hands[s] == [] and all(len(g.hands[o]) == 3 for o in g.others(s))
    every = g.deck + g.discard + g.available + [c for h in g.hands for c in h]
    every += [c for fd, i in zip(g.fdefs, range(3), strict=True) for c in fd.cards_held(g, i)]
    assert not any(g.card(c).kind == "dominance" for c in every)


def test_3_4_three_humans_keep_dominance() -> None:
    g = rootlaw.new_game(factions=[M, E, V, AA], seed=3)
    cards = g.deck + [c for h in g.hands for c in h]
    cards += [c for i, fd in enumerate(g.fdefs) for c in fd.cards_held(g, i)]
    assert sum(1 for c in cards if g.card(c).kind == "dominance") == 4


def dominance_in_game(g: rootlaw.Game) -> int:
    cards = g.deck + g.discard + g.available + [c for h in g.hands for c in h]
    cards += [c for i, fd in enumerate(g.fdefs) for c in fd.cards_held(g, i)]
    return sum(1 for c in cards if g.card(c).kind == "dominance")


def test_3_4_all_bot_games_keep_dominance_two_bots_included() -> None:
    """3.4 replaces 5.1.3: "If you are playing with one or two humans, remove all four
    dominance cards". With no human at all they stay in the deck (rulings.md), though no
    bot can activate them (1.3), two bots alone included (issue 33, item 13)."""
    bots = ["mechanical_marquise", "electric_eyrie", "automated_alliance", "vagabot"]
    g = rootlaw.Game.new(bots, seed=5)  # bots never ask: the game plays itself out
    assert dominance_in_game(g) == 4
    assert dominance_in_game(rootlaw.Game.new(bots[:3], seed=5)) == 4
    assert dominance_in_game(rootlaw.Game.new(bots[:2], seed=5)) == 4


def test_3_2_a_bot_replaces_its_faction() -> None:
    with pytest.raises(rootlaw.SetupError, match="3.2"):
        rootlaw.new_game(factions=["alliance", AA], seed=1)


def test_3_3_difficulty_and_traits_are_checked() -> None:
    with pytest.raises(rootlaw.SetupError, match="difficulty"):
        rootlaw.new_game(factions=[M, AA], seed=1, bot_difficulty={AA: "impossible"})
    with pytest.raises(rootlaw.SetupError, match="not a bot"):
        rootlaw.new_game(factions=[M, AA], seed=1, bot_difficulty={M: "easy"})
    with pytest.raises(rootlaw.SetupError, match="no trait"):
        rootlaw.new_game(factions=[M, AA], seed=1, bot_traits={AA: ["no such trait"]})
    g = rootlaw.new_game(factions=[M, AA], seed=1, bot_difficulty={AA: "easy"})
    assert g.setup["bot_difficulty"] == {AA: "easy"}
    assert rootlaw.Game.from_json(g.to_json()).setup == g.setup


def test_2_8_1_taking_a_card_from_a_bot_draws_instead() -> None:
    """2.8.1 Poor Manual Dexterity: Stand and Deliver! against a bot draws a card."""
    g = build([M, AA], played={M: ["stand_and_deliver"]}, hands={M: []},
              deck_top=["anvil"], step=("card_window", M))
    assert ("stand_and_deliver", AA) in options(g)
    play(g, ("stand_and_deliver", AA))
    assert "anvil" in g.hands[0]
    assert (AA, 1, "stand_and_deliver") in [e[1:] for e in g.log if e[0] == "s"]


def test_2_8_1_giving_a_card_to_a_bot_discards_it_and_the_bot_scores() -> None:
    from rootlaw.core.cards_ep import give_card

    g = rootlaw.new_game(factions=[M, AA], seed=2)
    me, bot = g.seat_of(M), g.seat_of(AA)
    card, before = g.hands[me][0], g.vp[bot]
    give_card(g, me, bot, card)
    assert g.discard[-1] == card and g.hands[bot] == [] and g.vp[bot] == before + 1


def test_2_8_2_no_ambush_against_a_bot() -> None:
    """2.8.2 Hates Surprises: the human defender is not asked to ambush a bot."""
    g = build([M, AA], warriors={M: {5: 2}, AA: {5: 2}}, hands={M: ["ambush_rabbit"]},
              step=("turn", M), forced=[["dice", [1, 1]]])
    start_battle(g, 1, 5, 0)
    g._advance()
    assert g.decision is None or g.decision.kind != "ambush"
    assert "ambush_rabbit" in g.hands[0]


def test_1_2_1_bots_lose_tokens_before_buildings() -> None:
    """1.2.1: with no warriors, a bot's tokens go before its buildings."""
    g = build([M, AA], warriors={M: {5: 3}}, buildings={AA: {5: ["base_rabbit"]}},
              tokens={AA: {5: ["sympathy"]}}, step=("turn", M), forced=[["dice", [1, 0]]])
    start_battle(g, 0, 5, 1)
    g._advance()
    # one rolled hit + defenseless: the token first, then the base
    assert g.tokens[5] == () and g.buildings[5] == ()
    assert g.vp[0] >= 2


def test_1_3_bots_never_activate_dominance() -> None:
    g = build([M, AA], hands={M: []}, vp={AA: 20}, step=("turn", M))
    assert not g.fdefs[1].can_activate_dominance(g, 1)


def test_cooperative_humans_win_together_and_a_bot_wins_for_all_bots() -> None:
    g = rootlaw.new_game(factions=[M, E, AA], seed=5, cooperative=True)
    assert g.setup["cooperative"]
    g.vp[g.seat_of(M)] = 30
    g.check_victory()
    assert not g.is_over, "one human at 30 is not enough"
    g.vp[g.seat_of(E)] = 31
    g.check_victory()
    assert sorted(g.winners) == [E, M] and g.win_reason == "cooperative"
    g2 = rootlaw.new_game(factions=[M, E, AA], seed=5, cooperative=True)
    g2.vp[g2.seat_of(AA)] = 30
    g2.check_victory()
    assert g2.winners == [AA] and g2.win_reason == "bots"


def test_cooperative_needs_a_human_and_a_bot() -> None:
    with pytest.raises(rootlaw.SetupError, match="cooperative"):
        rootlaw.new_game(factions=[M, E], seed=1, cooperative=True)
