"""The test position builder (tests/builder.py): every faction's and bot's state keywords
land where the engine reads them, the cards of the game stay complete, and a wrong
keyword is refused by name."""
from __future__ import annotations

import pytest

from rootlaw.core.errors import LoadError
from rootlaw.core.game import FOREST
from tests.builder import build
from tests.test_invariants import card_locations, expected_cards

M, E, A, V, V2 = "marquise", "eyrie", "alliance", "vagabond", "vagabond2"
LZ, RF, UD, CV, LH, KI = "lizards", "riverfolk", "duchy", "corvids", "hundreds", "keepers"


def complete(g: object) -> bool:
    return card_locations(g) == expected_cards(g)  # type: ignore[arg-type]


def test_law_factions_state_keywords() -> None:
    g = build([A, V, V2, M], turn=M, phase="daylight", stop=True,
              alliance={"supporters": ["anvil", "bake_sale"], "officers": 2},
              vagabond={"character": "ranger", "at": "1_9_10_12", "relations": {A: "allied"},
                        "items": {"sword": (1, 1, 0, 0)}, "ruin_taken": ["sword"]},
              vagabond2={"at": 5}, quests=["errand_fox"], ruin_items={6: ("boots",)})
    fa, fv, fv2 = g.fstate[0], g.fstate[1], g.fstate[2]
    assert fa.supporters == ("anvil", "bake_sale") and fa.officers == 2  # type: ignore
    assert "anvil" not in g.deck and complete(g)
    assert g.warrior_supply(0) == 10 - 2
    assert fv.character == "ranger" and fv.relations == {A: 3, M: 0}  # type: ignore
    assert fv.items == {"sword": (1, 1, 0, 0)} and fv.ruin_taken == ("sword",)  # type: ignore
    assert g.pawn[1] == FOREST + 1 and g.pawn[2] == 5
    assert fv2.character == "thief" and fv2.items == {  # type: ignore[attr-defined]
        i: (1, 0, 0, 0) for i in ("boots", "torch", "tea", "sword")}
    assert g.quests == ["errand_fox"] and "errand_fox" not in g.quest_deck
    assert g.ruin_items[6] == ("boots",)


def test_expansion_factions_state_keywords() -> None:
    g = build([LZ, RF, UD, CV], turn=RF, phase="daylight", stop=True,
              lizards={"outcast": "mouse", "acolytes": 3, "lost_souls": ["anvil"]},
              riverfolk={"funds": {RF: 2, LZ: 1}, "prices": {"hand_card": 1, "riverboats": 2,
                                                           "mercenaries": 3},
                         "gone": {"fox": 1}, "mercenaries": UD},
              duchy={"swayed": ["captain", "foremole"]},
              corvids={"face_down": {5: "bomb", 9: "raid"}}, warriors={RF: {5: 2}})
    lz, rf, ud, cv = g.fstate
    assert lz.outcast == "mouse" and lz.acolytes == 3 and "anvil" not in g.deck  # type: ignore
    assert g.warrior_supply(0) == 25 - 3 - 1  # acolytes, and a fund in the Riverfolk's box
    assert rf.funds == {1: 2, 0: 1} and rf.prices == (1, 2, 3)  # type: ignore
    assert rf.gone == (1, 0, 0) and g.lender_to(2) == 1 and g.rules(2, 5)  # type: ignore
    assert ud.crowns == (1, 3, 3)  # two squires swayed (12.3.6)  # type: ignore
    assert cv.facedown.ids == ("bomb", "raid") and g.count_token(3, "plot") == 2  # type: ignore
    assert complete(g)


def test_marauder_factions_state_keywords() -> None:
    g = build([LH, KI], turn=LH, phase="birdsong", stop=True, warriors={LH: {5: 2}},
              hundreds={"warlord": 5, "mood": "bitter", "hoard": ["boots", "sword", "bag"],
                        "mobs": [1, 6]},
              keepers={"retinue": {"delve": ["anvil"]}, "relics": {0: "tablet2", 3: ["figure1"]},
                       "recovered": {"jewelry": [3]}})
    lh, kk = g.fstate
    assert lh.warlord == 5 and lh.mood == "bitter"  # type: ignore[attr-defined]
    assert lh.command == ("boots", "bag") and lh.prowess == ("sword",)  # type: ignore
    assert g.count_token(0, "mob") == 2
    assert kk.retinue[1] == ("anvil",) and kk.retinue[0] == ("faithful_retainer",)  # type: ignore
    assert kk.values.ids == ("tablet2", "figure1")  # type: ignore[attr-defined]
    assert [p[1] for p in g.forest_tokens[0]] == ["tablet"]
    assert kk.recovered == ((), (), (3,))  # type: ignore[attr-defined]
    assert "anvil" not in g.deck and complete(g)


def test_bots_state_keywords() -> None:
    g = build(["mechanical_marquise", "electric_eyrie", "automated_alliance", "vagabot"],
              turn="vagabot", phase="daylight", stop=True,
              mechanical_marquise={"order": "anvil", "difficulty": "easy"},
              electric_eyrie={"decree": {"fox": ["bake_sale"]}, "order": "sappers",
                              "traits": ["swoop"]},
              automated_alliance={"order": "armorers"},
              vagabot={"character": "thief", "ready": 4, "exhausted": 2, "at": 5})
    mm, ee, aa, vb = g.fstate
    assert mm.order == "anvil" and aa.order == "armorers"  # type: ignore[attr-defined]
    assert ee.decree[0] == ("bake_sale",) and ee.decree[3] == ("loyal_vizier",) * 2  # type: ignore
    assert g.setup["bot_difficulty"] == {"mechanical_marquise": "easy"}
    assert g.setup["bot_traits"] == {"electric_eyrie": ["swoop"]}
    assert vb.track and len(vb.kinds) == 6 and g.pawn[3] == 5  # type: ignore[attr-defined]
    assert "anvil" not in g.deck and complete(g)  # the order cards came out of the deck


def test_wrong_keywords_are_refused_by_name() -> None:
    with pytest.raises(TypeError, match="hundreds"):
        build([M, E], turn=M, stop=True, hundreds={"mood": "bitter"})
    with pytest.raises(TypeError, match="'moods'"):
        build([LH, M], turn=M, stop=True, hundreds={"moods": "bitter"})
    with pytest.raises(TypeError, match="Eyrie"):
        build([M, A], turn=M, stop=True, leader="despot")


def test_positions_the_loader_refuses_are_refused() -> None:
    """The builder runs Game.from_json's checks on every position: a hireling beside its
    own faction (A.6.5), a card twice that the deck holds once, a piece beyond its
    faction's count (1.5.1) raise LoadError, as a save of them would."""
    with pytest.raises(LoadError, match="A.6.5"):
        build([E, LZ], turn=E, stop=True, hirelings={"last_dynasty": {}})
    with pytest.raises(LoadError, match="anvil"):
        build([M, E], turn=M, stop=True, hands={M: ["anvil"], E: ["anvil"]})
    with pytest.raises(LoadError, match="more than 1 keep"):
        build([M, E], turn=M, stop=True, tokens={M: {1: ["keep"], 5: ["keep"]}})
    build([M, LZ], turn=M, stop=True, hirelings={"last_dynasty": {}})  # can occur
