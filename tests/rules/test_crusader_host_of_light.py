"""Host of Light (Crusader expansion, fan-made: HOL), from built positions: a test per
numbered rule of the section."""
from __future__ import annotations

import random
from typing import Any

import rootlaw
from rootlaw.core.battle import start_battle
from rootlaw.core.determinize import Sampler
from rootlaw.core.game import Game
from rootlaw.factions.host_of_light import (
    FERVOR_VP,
    PILLARS,
    START_TRACK,
    TRACK_POOLS,
    HostState,
    kind_of,
    st_of,
)
from tests.builder import assert_illegal, build, options, pause_step, play, scored, seat

HL, M, E, BK = "host_of_light", "marquise", "eyrie", "borough_kings"
# Fall: fox 1 6 8 12, rabbit 3 4 5 10, mouse 2 7 9 11; corners 1-3, 2-4 opposite;
# 1-5,9,10 2-5,6,10 3-6,7,11 4-8,9,12 5-1,2 6-2,3,11 7-3,8,12 8-4,7 9-1,4,12 10-1,2,12
WAIT = pause_step("test.hol_wait", "pause", ("go", "wait"))
FB_R = kind_of("rabbit", "card")  # a face-up rabbit firebrand, its reward a card
FB_F = kind_of("fox", "flame")


def hl(g: Game) -> HostState:
    return st_of(g, g.seat_of(HL))


def actions(**kw: Any) -> Game:
    """The Host's Daylight actions (HOL.5), then a pause."""
    return build(kw.pop("factions", [HL, M]), step=("hol.actions", HL), phase="daylight",
                 stop=True, **kw)


def battle(factions: list[str], att: str, c: int, dfd: str, dice: list[int],
           **kw: Any) -> Game:
    return build(factions, step=(WAIT, att), forced=[["dice", dice]],
                 before=lambda g: start_battle(g, seat(g, att), c, seat(g, dfd)), **kw)


# =============================================================== HOL.2 rules
def test_hol_2_1_crafts_in_evening_with_firebrands() -> None:
    """HOL.2.1 / HOL.6.2: the Host craft in Evening by activating firebrands."""
    g = build([HL, M], tokens={HL: {5: [FB_R], 10: [kind_of("rabbit", "flame")]}},
              hands={HL: ["bake_sale"]}, step=("craft", HL), phase="evening", stop=True)
    assert g.fdefs[0].crafting_pieces(g, 0) == (0, 2, 0)
    assert options(g, "craft") == [("craft", "bake_sale", ())]
    fd = g.fdefs[0]
    assert ("craft", 0) in fd.phase_steps(g, 0, "evening")
    assert ("craft", 0) not in fd.phase_steps(g, 0, "daylight")


def test_hol_2_2_twelve_firebrands_four_a_suit() -> None:
    """HOL.2.2: twelve firebrand tokens, four of each suit."""
    assert [len(t) for t in START_TRACK] == [4, 4, 4]
    fd = rootlaw.FACTIONS[HL]
    assert sum(fd.tokens.values()) == 12


def test_hol_2_2_i_face_down_on_the_track_to_every_seat() -> None:
    """HOL.2.2.I: on the track the firebrands are face down (the Host included): their
    order changes no view, and the search agent's samples resample it; placed, it is
    flipped face up."""
    g = actions(warriors={HL: {5: 1}}, hands={HL: ["bake_sale"]})
    views = {who: g.view(who) for who in (HL, M, None)}
    c = g.copy()
    pools = g.fdefs[0].hidden(c, 0, 0)
    assert set(pools) == set(TRACK_POOLS)
    rnd = random.Random(1)
    g.fdefs[0].set_hidden(c, 0, 0, {k: rnd.sample(v, len(v)) for k, v in pools.items()})
    for who, v in views.items():
        assert c.view(who) == v
    orders = {st_of(Sampler(g, who, seed=k).sample(), 0).track for who in (HL, M)
              for k in range(8)}
    assert len(orders) > 1
    g.apply(("hol_sermon", "bake_sale", "rabbit", 5))
    assert any(p[1].startswith("fb_rabbit_") for p in g.tokens[5])  # face up on the map


def test_hol_2_2_ii_one_firebrand_a_clearing() -> None:
    """HOL.2.2.II: a clearing holds one firebrand at most."""
    g = actions(warriors={HL: {5: 1, 10: 1}}, tokens={HL: {5: [FB_R]}},
                hands={HL: ["bake_sale"]})
    assert {o[3] for o in options(g, "hol_sermon")} == {10}


def test_hol_2_3_fanaticism_an_extra_hit_with_a_firebrand() -> None:
    """HOL.2.3: a firebrand (even defenseless) in the clearing of battle: an extra hit,
    attacking or defending."""
    g = battle([HL, M], M, 5, HL, [1, 0], warriors={M: {5: 3}}, tokens={HL: {5: [FB_R]}})
    assert g.warriors[1][5] == 2  # defenseless (4.3.3.II) and fanatical: two hits
    g = battle([HL, M], HL, 5, M, [1, 0], warriors={HL: {5: 2}, M: {5: 3}},
               tokens={HL: {5: [FB_R]}})
    assert g.warriors[1][5] == 1
    g = battle([HL, M], HL, 5, M, [1, 0], warriors={HL: {5: 2}, M: {5: 3}})
    assert g.warriors[1][5] == 2


def test_hol_2_4_crisis_of_faith() -> None:
    """HOL.2.4: a firebrand removed costs a random card and one fervor (not below 0); it
    goes back to its track, face down but known to all (G.1.22)."""
    g = battle([HL, M], M, 5, HL, [2, 0], warriors={M: {5: 3}}, tokens={HL: {5: [FB_R]}},
               hands={HL: ["anvil", "bake_sale"]}, host_of_light={"fervor": 2})
    assert not g.tokens[5] and len(g.hands[0]) == 1 and hl(g).fervor == 1
    assert any(e[0] == "crisis_of_faith" for e in g.log)
    assert hl(g).track[1][0] == "card" and hl(g).known == (0, 1, 0)
    assert g.view(M)["players"][HL]["faction"]["firebrands_known"] == {"rabbit": ["card"]}
    assert ("removal" in [e[3] for e in g.log if e[0] == "s" and e[1] == M])
    g = battle([HL, M], M, 5, HL, [2, 0], warriors={M: {5: 3}}, tokens={HL: {5: [FB_R]}},
               host_of_light={"fervor": 0})
    assert hl(g).fervor == 0


# =============================================================== HOL.3 setup
def test_hol_3_setup() -> None:
    """HOL.3.1 four warriors in a free corner (opposite a starting corner if possible)
    and four in an adjacent edge clearing; 3.2 the firebrands at random on their tracks;
    3.3 Fervor at the leftmost; 3.4 a random Pillar of Faith."""
    g = rootlaw.new_game([M, HL], seed=3)
    g.apply(("keep", 2))
    while g.decision.seat != HL:
        g.apply(options(g)[0])
    s = g.seat_of(HL)
    assert sum(g.warriors[s]) == 4 and g.warriors[s][4] == 4  # opposite the keep (2)
    assert set(options(g)) == {("hol_edge", 8), ("hol_edge", 9)}
    g.apply(("hol_edge", 9))
    fs = st_of(g, s)
    assert g.warriors[s][9] == 4
    assert [sorted(t) for t in fs.track] == [sorted(t) for t in START_TRACK]
    assert fs.fervor == 0 and fs.pillar in PILLARS
    assert any(e[0] == "r" and e[1] == "pillar" for e in g.log)
    assert any(e[0] == "r" and e[1] == "firebrands" for e in g.log)


# ============================================================ HOL.4 birdsong
def test_hol_4_1_adjust_fervor() -> None:
    """HOL.4.1: one step toward the number of clearings with a firebrand and no enemy
    pieces."""
    kw: dict[str, Any] = dict(warriors={HL: {5: 1}, M: {10: 1}},
                              tokens={HL: {5: [FB_R], 10: [kind_of("rabbit", "flame")],
                                           1: [FB_F]}})
    g = build([HL, M], step=("hol.fervor", HL), host_of_light={"fervor": 0}, stop=True, **kw)
    assert hl(g).fervor == 1  # two such clearings (5, 1): one step up
    g = build([HL, M], step=("hol.fervor", HL), host_of_light={"fervor": 4}, stop=True, **kw)
    assert hl(g).fervor == 3
    g = build([HL, M], step=("hol.fervor", HL), host_of_light={"fervor": 2}, stop=True, **kw)
    assert hl(g).fervor == 2


def test_hol_4_2_recruit() -> None:
    """HOL.4.2: with no pieces on the map, three warriors in an edge clearing; then, once
    per suit, a card spent for a warrior at each matching firebrand."""
    g = build([HL, M], step=("hol.home", HL), stop=True)
    assert {o[1] for o in options(g)} == set(g.board.edge)
    g.apply(("hol_home", 9))
    assert g.warriors[0][9] == 3
    g = build([HL, M], tokens={HL: {5: [FB_R], 10: [kind_of("rabbit", "flame")], 1: [FB_F]}},
              hands={HL: ["bake_sale", "ambush_bird"]}, step=("hol.recruit", HL, ()),
              stop=True)
    assert ("hol_recruit", "bake_sale", "rabbit") in options(g)
    assert ("hol_recruit", "ambush_bird", "fox") in options(g)  # a bird: any suit
    assert not [o for o in options(g, "hol_recruit") if o[2] == "mouse"]  # none of mice
    g.apply(("hol_recruit", "bake_sale", "rabbit"))
    assert g.warriors[0][5] == 1 and g.warriors[0][10] == 1
    assert not [o for o in options(g) if o[0] == "hol_recruit" and o[2] == "rabbit"]


def test_hol_4_3_choose_a_different_pillar() -> None:
    """HOL.4.3: the Pillar of Faith must be replaced by a different one."""
    g = build([HL, M], warriors={HL: {5: 1}}, step=("hol.pillar", HL),
              host_of_light={"pillar": "piety"}, stop=True)
    assert {o[1] for o in options(g)} == set(PILLARS) - {"piety"}


# ============================================================ HOL.5 daylight
def test_hol_5_two_actions_then_only_the_pillar() -> None:
    """HOL.5: up to two actions in any order and number; the Pillar besides."""
    g = actions(warriors={HL: {5: 3}}, hands={HL: []}, host_of_light={"pillar": "charity"})
    for _ in range(2):
        g.apply(next(o for o in options(g) if o[0] == "hol_move"))
        while g.decision.kind != "action":
            g.apply(options(g)[-1])
    assert not options(g, "hol_move") and ("hol_charity",) in options(g)


def test_hol_5_1_move_then_battle_anywhere() -> None:
    """HOL.5.1: a move, then a battle in any clearing (not only where it moved)."""
    g = actions(warriors={HL: {5: 2, 1: 2}, M: {1: 1}}, host_of_light={"pillar": "charity"})
    g.apply(("hol_move", 5, 2))
    g.apply(("warriors", 1))
    assert g.decision.kind == "battle" and ("battle", 1, M) in options(g)
    assert ("skip",) in options(g)


def test_hol_5_2_sermon() -> None:
    """HOL.5.2: reveal a card for a matching firebrand in a matching clearing with a Host
    warrior and no firebrand; gain its reward; two VP for an emptied column."""
    g = actions(warriors={HL: {5: 1, 1: 1}}, hands={HL: ["bake_sale"]},
                host_of_light={"track": {"rabbit": ["two_warriors"], "fox": ["card"]}})
    assert {o[3] for o in options(g, "hol_sermon")} == {5}
    g.apply(("hol_sermon", "bake_sale", "rabbit", 5))
    assert (0, kind_of("rabbit", "two_warriors")) in g.tokens[5]
    assert g.warriors[0][5] == 3  # HOL.8.1
    assert hl(g).revealed == ("bake_sale",) and "bake_sale" not in g.hands[0]
    assert scored(g, HL) == [(HL, 2, "firebrands_column")]  # the last rabbit one


# ============================================================ HOL.6 evening
def test_hol_6_1_revealed_cards_back_birds_discarded() -> None:
    """HOL.6.1: the bird cards revealed are discarded, the others go back to hand."""
    g = build([HL, M], warriors={HL: {5: 1}}, step=("hol.return", HL), phase="evening",
              host_of_light={"revealed": ["bake_sale", "ambush_bird"]}, stop=True)
    assert g.hands[0] == ["bake_sale"] and "ambush_bird" in g.discard
    assert hl(g).revealed == ()


def test_hol_6_3_score_the_fervor_track() -> None:
    """HOL.6.3: the VP under the Fervor marker."""
    g = build([HL, M], warriors={HL: {5: 1}}, step=("hol.score", HL), phase="evening",
              host_of_light={"fervor": 5}, stop=True)
    assert scored(g, HL) == [(HL, FERVOR_VP[5], "fervor")]


def test_hol_6_4_draw_and_discard() -> None:
    """HOL.6.4: draw one card, then discard down to five."""
    g = build([HL, M], warriors={HL: {5: 1}}, hands={HL: ["anvil", "bake_sale", "investments",
                                                    "a_visit_to_friends", "crossbow_mouse"]},
              turn=HL, then="evening")
    assert len(g.hands[0]) == 6 and g.decision.kind == "discard"


# ===================================================== HOL.7 pillars of faith
def test_hol_7_1_charity() -> None:
    """HOL.7.1: once per turn in Daylight, draw two cards."""
    g = actions(warriors={HL: {5: 1}}, host_of_light={"pillar": "charity"})
    g.apply(("hol_charity",))
    assert len(g.hands[0]) == 2 and ("hol_charity",) not in options(g)


def test_hol_7_2_perseverance() -> None:
    """HOL.7.2: once per turn, three warriors in a clearing with a firebrand."""
    g = actions(warriors={HL: {1: 1}},
                tokens={HL: {5: [FB_R], 10: [kind_of("rabbit", "flame")]}},
                host_of_light={"pillar": "perseverance"})
    assert set(options(g, "hol_perseverance")) == {("hol_perseverance", 5),
                                                   ("hol_perseverance", 10)}
    g.apply(("hol_perseverance", 5))
    assert g.warriors[0][5] == 3 and not options(g, "hol_perseverance")


def test_hol_7_3_piety() -> None:
    """HOL.7.3: at the start of Daylight, two Fervor."""
    g = build([HL, M], warriors={HL: {5: 1}}, host_of_light={"pillar": "piety", "fervor": 1},
              turn=HL, then="daylight")
    assert hl(g).fervor == 3


def test_hol_7_4_proselytize() -> None:
    """HOL.7.4: spend any card for a firebrand of any suit in a clearing of its suit
    without one (no warrior needed, the card need not match); placed face up, no
    reward (rulings.md)."""
    g = actions(warriors={HL: {1: 1}}, hands={HL: ["anvil"]},
                host_of_light={"pillar": "proselytize",
                               "track": {"mouse": ["two_warriors", "flame"]}})
    opts = options(g, "hol_proselytize")
    assert ("hol_proselytize", "anvil", "mouse", 2) in opts  # a fox card, a mouse brand
    assert ("hol_proselytize", "anvil", "mouse", 5) not in opts  # 5 is rabbit
    g.apply(("hol_proselytize", "anvil", "mouse", 2))
    assert (0, kind_of("mouse", "two_warriors")) in g.tokens[2] and g.warriors[0][2] == 0
    assert "anvil" in g.discard


def test_hol_7_5_righteousness() -> None:
    """HOL.7.5: once per turn, up to two battles outside the two actions."""
    g = actions(warriors={HL: {5: 3, 1: 3}, M: {5: 1, 1: 1}},
                host_of_light={"pillar": "righteousness"}, forced=[["dice", [1, 0]]] * 2)
    g.apply(("hol_righteousness",))
    g.apply(("battle", 5, M))
    assert g.decision.kind == "battle" and ("battle", 1, M) in options(g)
    g.apply(("battle", 1, M))
    assert hl(g).actions == 0 and g.warriors[1][5] == 0 and g.warriors[1][1] == 0


# ============================================================ HOL.8 rewards
def test_hol_8_rewards() -> None:
    """HOL.8.1 two warriors where flipped; 8.2 Flame: one fervor per matching firebrand
    on the map (this one included); 8.3 Card: draw one."""
    g = actions(warriors={HL: {5: 1}}, hands={HL: ["bake_sale"]},
                tokens={HL: {10: [FB_R], 3: [kind_of("rabbit", "two_warriors")]}},
                host_of_light={"track": {"rabbit": ["flame", "card"]}})
    g.apply(("hol_sermon", "bake_sale", "rabbit", 5))
    assert hl(g).fervor == 3
    g = actions(warriors={HL: {5: 1}}, hands={HL: ["bake_sale"]}, deck_top=["anvil"],
                host_of_light={"track": {"rabbit": ["card", "flame"]}})
    g.apply(("hol_sermon", "bake_sale", "rabbit", 5))
    assert g.hands[0] == ["anvil"]


def test_hol_refuses_an_option_with_its_rule() -> None:
    g = actions(warriors={HL: {5: 1}}, hands={HL: ["bake_sale"]})
    e = assert_illegal(g, ("hol_sermon", "bake_sale", "rabbit", 3))
    assert str(e).startswith("HOL.5")
    play(g, ("hol_end",))
