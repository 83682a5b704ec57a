"""The prototype rule set: setup (P2), player scaling (P1.5), order of play (P6.3), the
API (issue 40). Test names cite the rules reference's anchors (/rules/prototype)."""
from __future__ import annotations

import random

import pytest

import rootlaw
from rootlaw import Game, LoadError, SetupError
from rootlaw.core.game import FOREST, RUIN
from rootlaw.prototype.alliance import AllianceState
from rootlaw.prototype.base import ALL, HOMELAND, KEEP
from rootlaw.prototype.cards import CHAOS, COALITION, SPECIAL
from rootlaw.prototype.eyrie import VIZIER, EyrieState
from rootlaw.prototype.vagabond import VagabondState
from tests.prototype_builder import choose, options, proto

ALL4 = ["marquise", "eyrie", "alliance", "vagabond"]


def test_p1_5_player_scaling_and_the_api() -> None:
    """P1.5 Player Scaling: two to four of its four factions, the Marquise always;
    the Law's options and the Rootbotics bots are refused with a clear error."""
    for mix in (["marquise", "eyrie"], ["marquise", "vagabond", "eyrie"], ALL4):
        assert rootlaw.new_game(mix, seed=1, rules="prototype").ruleset.id == "prototype"
    with pytest.raises(SetupError, match="Marquise"):
        rootlaw.new_game(["eyrie", "alliance"], rules="prototype")
    with pytest.raises(SetupError, match="2 to 4"):
        rootlaw.new_game(["marquise"], rules="prototype")
    with pytest.raises(SetupError, match="no faction 'lizards'"):
        rootlaw.new_game(["marquise", "lizards"], rules="prototype")
    with pytest.raises(SetupError, match="Rootbotics bot.*Law of Root only"):
        rootlaw.new_game(["marquise", "electric_eyrie"], rules="prototype")
    with pytest.raises(SetupError, match="Fall map"):
        rootlaw.new_game(["marquise", "eyrie"], map="winter", rules="prototype")
    with pytest.raises(SetupError, match="own deck"):
        rootlaw.new_game(["marquise", "eyrie"], deck="exiles_partisans", rules="prototype")
    with pytest.raises(SetupError, match="suits is an option of the Law"):
        rootlaw.new_game(["marquise", "eyrie"], suits="random", rules="prototype")
    with pytest.raises(SetupError, match="unknown rule set"):
        rootlaw.new_game(["marquise", "eyrie"], rules="second_edition")


def test_saves_and_replays_carry_the_rule_set() -> None:
    """Issue 40: the setup names the rule set; a save loads as its own rule set, and is
    refused when loaded as the other one; a replay plays the prototype again."""
    g = rootlaw.new_game(ALL4, seed=5, rules="prototype")
    rnd = random.Random(5)
    for _ in range(120):
        g.apply(g.decision.options[rnd.randrange(len(g.decision.options))])
    text = g.to_json()
    assert g.setup["rules"] == "prototype"
    assert Game.from_json(text).to_json() == text
    assert Game.from_json(text, rules="prototype").to_json() == text
    with pytest.raises(LoadError, match="prototype rules, not of the law rules"):
        Game.from_json(text, rules="law")
    law = rootlaw.new_game(["marquise", "eyrie"], seed=5).to_json()
    with pytest.raises(LoadError, match="law rules, not of the prototype rules"):
        Game.from_json(law, rules="prototype")
    assert Game.replay(g.setup, g.log).to_json() == text


def test_p6_3_1_order_of_play_and_p2_5_setup_order() -> None:
    """P6.3.1: the Marquise, the Eyrie, the Alliance, the Vagabond, whatever the order
    given; P2.5 they set up in that order, and the Marquise plays first."""
    g = rootlaw.new_game(["vagabond", "alliance", "eyrie", "marquise"], seed=2,
                         rules="prototype")
    assert g.factions == tuple(ALL4)
    assert g.decision is not None and g.decision.seat == "marquise"


def test_p2_2_p2_3_hands_and_special_victory_cards() -> None:
    """P2.2: three cards each, none a special victory card; P2.3: with three players or
    fewer Coalition and Chaos leave the game, the others are shuffled in."""
    for mix, gone in ((ALL4, ()), (["marquise", "eyrie", "alliance"], (COALITION, CHAOS))):
        g = rootlaw.new_game(mix, seed=11, rules="prototype")
        for s in range(len(mix)):
            assert len(g.hands[s]) == 3
            assert not set(g.hands[s]) & set(SPECIAL)
        for card in SPECIAL:
            assert (card in g.deck) == (card not in gone)


def test_p2_4_ruins_only_with_the_vagabond() -> None:
    """P2.4, P5.2.5-P5.2.6: a ruin with one of bag, boots, hammer, sword on each
    red-bordered slot with the Vagabond; open slots without him."""
    g = rootlaw.new_game(["marquise", "vagabond"], seed=3, rules="prototype")
    ruins = [c for c in g.clearings() if (RUIN, "ruin") in g.buildings[c]]
    assert ruins == [c for c in g.clearings() if g.board.ruins[c]]
    assert sorted(i for c in ruins for i in g.ruin_items[c]) == ["bag", "boots", "hammer",
                                                                 "sword"]
    g = rootlaw.new_game(["marquise", "eyrie"], seed=3, rules="prototype")
    assert not any((RUIN, "ruin") in g.buildings[c] for c in g.clearings())


def test_p2_6_marquise_setup() -> None:
    """P2.6: a warrior in every clearing, the Keep too; a Sawmill in the Keep, a
    Recruiter next to it, a Workshop in another clearing next to it."""
    g = rootlaw.new_game(["marquise", "eyrie"], seed=4, rules="prototype")
    assert g.suits[KEEP] == ALL  # P5.2.2
    assert all(g.warriors[0][c] == 1 for c in g.clearings())
    assert (0, "sawmill") in g.buildings[KEEP]
    assert options(g) == [("p_setup_recruiter", c) for c in g.adjacent(KEEP)]
    choose(g, ("p_setup_recruiter", 5))
    assert ("p_setup_workshop", 5) not in options(g)
    choose(g, ("p_setup_workshop", 9))
    assert g.piece_clearings(0, "recruiter") == (5,) and g.piece_clearings(0, "workshop") == (9,)


def test_p2_7_eyrie_setup() -> None:
    """P2.7: a Roost and six warriors on the Homeland; a leader chosen; its Loyal
    Viziers on its Decree columns (P8.14.1 Builder: Recruit and Build)."""
    g = rootlaw.new_game(["marquise", "eyrie"], seed=4, rules="prototype")
    choose(g, ("p_setup_recruiter", 5), ("p_setup_workshop", 9))
    assert g.warriors[1][HOMELAND] == 6 and g.count_building(1, "roost") == 1
    assert sorted(o[1] for o in options(g)) == ["builder", "charismatic", "commander", "despot"]
    choose(g, ("leader", "builder"))
    e = g.fstate[1]
    assert isinstance(e, EyrieState)
    assert e.decree == ((VIZIER,), (), (), (VIZIER,))
    assert set(e.face_up) == {"charismatic", "commander", "despot"}


def test_p2_8_alliance_setup() -> None:
    """P2.8: a Hideout matching its clearing and a warrior in a clearing with an empty
    slot (the Keep: any Hideout); the Outrage marker on its first space; a supporter in
    each box. The marker and supporters are warriors off the map (P9.3.1)."""
    g = rootlaw.new_game(["marquise", "alliance"], seed=4, rules="prototype")
    choose(g, ("p_setup_recruiter", 5), ("p_setup_workshop", 9))
    opts = options(g)
    assert ("p_hideout_at", KEEP, "fox") not in opts  # the Sawmill fills the Keep's slot
    assert ("p_hideout_at", 7, "mouse") in opts and ("p_hideout_at", 7, "fox") not in opts
    choose(g, ("p_hideout_at", 7, "mouse"))
    a = g.fstate[1]
    assert isinstance(a, AllianceState)
    assert (1, "hideout_mouse") in g.buildings[7] and g.warriors[1][7] == 1
    assert a.supporters == (1, 1, 1) and a.outrage == 0
    assert g.warrior_supply(1) == 25 - 1 - 3 - 1


def test_p2_8_2_a_hideout_in_the_keep_is_of_any_nation() -> None:
    """P2.8.2 with P5.2.2: the Keep (were its slot empty) takes any Hideout."""
    g = proto(["marquise", "alliance"], step=("proto.a.setup", "alliance"), phase="setup")
    for n in ("fox", "rabbit", "mouse"):
        assert ("p_hideout_at", KEEP, n) in options(g)
    assert ("p_hideout_at", 2, "mouse") in options(g)
    assert ("p_hideout_at", 2, "fox") not in options(g)


def test_p2_9_vagabond_setup() -> None:
    """P2.9: a character's items available; the pawn in a forest; a warrior of each other
    player on Indifferent (out of its supply)."""
    g = rootlaw.new_game(["marquise", "vagabond"], seed=4, rules="prototype")
    choose(g, ("p_setup_recruiter", 5), ("p_setup_workshop", 9))
    assert options(g) == [("p_character", "roger_the_raccoon"),
                          ("p_character", "the_crafting_beaver")]
    choose(g, ("p_character", "the_crafting_beaver"))
    v = g.fstate[1]
    assert isinstance(v, VagabondState)
    assert v.items == {"boots": (1, 0, 0), "torch": (1, 0, 0), "bag": (1, 0, 0),
                       "hammer": (1, 0, 0)}
    assert v.align == {"marquise": 0}
    assert g.warrior_supply(0) == 25 - 12 - 1
    assert len(options(g)) == len(g.board.forests)
    choose(g, ("p_forest", 2))
    assert g.pawn[1] == FOREST + 2
