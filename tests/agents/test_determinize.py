"""Determinization (rootlaw/core/determinize.py): samples agree with everything the seat
knows, vary everything it does not, and lead nowhere near the real secrets."""
from __future__ import annotations

import gc
import random
from collections import Counter
from typing import Any

import pytest

import rootlaw
from rootlaw.core.determinize import CARDS, QUESTS, RUIN_ITEMS, Sampler, determinize
from rootlaw.core.game import Game

MIXES = [
    ["marquise", "eyrie", "alliance", "vagabond"],
    ["alliance", "vagabond", "vagabond2"],
    ["marquise", "electric_eyrie", "automated_alliance", "vagabot"],
    ["eyrie", "alliance"],
    ["riverfolk", "lizards", "alliance"],  # a public hand (11.2.3), the Lost Souls
    ["duchy", "marquise", "vagabond"],  # revealed cards: public until Evening (12.6.1)
    ["keepers", "marquise", "eyrie"],  # relic values: nobody's (15.3.1), by type
]


def positions(factions: list[str], seed: int, every: int = 37) -> list[Game]:
    """Copies of one random game at every ``every``-th decision."""
    g = rootlaw.new_game(factions=factions, seed=seed)
    rnd = random.Random(seed)
    out = []
    k = 0
    while not g.is_over:
        if k % every == every - 1:
            out.append(g.copy())
        opts = g.legal_options()
        g.apply(opts[rnd.randrange(len(opts))])
        k += 1
    return out


def hidden_cards(g: Game, me: int) -> Counter[str]:
    """The cards seat ``me`` cannot see: other hands (not a public one), the deck,
    face-down supporters."""
    out: Counter[str] = Counter(g.deck)
    for o, fd in enumerate(g.fdefs):
        if o != me and not fd.public_hand:
            out.update(g.hands[o])
            out.update(fd.hidden(g, o, me).get(CARDS, []))
    return out


@pytest.mark.parametrize("factions", MIXES, ids="/".join)
def test_a_sample_never_contradicts_the_seats_view(factions: list[str]) -> None:
    """Every seat's whole view (board, scores, own hand, hand sizes, faction boards,
    piles, the decision) is the same in every sample; the cards are all there."""
    checked = 0
    for g in positions(factions, seed=len(factions), every=5):
        for seat in g.factions:
            sampler = Sampler(g, seat, seed=checked)
            for _ in range(3):
                s = sampler.sample()
                assert s.view(seat) == g.view(seat)
                assert hidden_cards(s, g.seat_of(seat)) == hidden_cards(g, g.seat_of(seat))
                assert sorted(s.quest_deck) == sorted(g.quest_deck)
                assert ([len(x) for x in s.ruin_items] == [len(x) for x in g.ruin_items])
                # a loadable game: cards and pieces conserved (Game._check_integrity)
                Game.from_json(s.to_json())
                checked += 1
    assert checked > 30


def test_samples_vary_what_is_unknown() -> None:
    g = positions(["marquise", "eyrie", "alliance", "vagabond"], seed=3)[2]
    me = g.seat_of("marquise")
    alliance = g.seat_of("alliance")
    sampler = Sampler(g, "marquise", seed=1)
    samples = sampler.samples(40)
    assert len({tuple(s.deck) for s in samples}) == 40
    eyrie = g.seat_of("eyrie")
    assert len({tuple(sorted(s.hands[eyrie])) for s in samples}) > 10
    if g.fstate[alliance].supporters:  # type: ignore[attr-defined]
        assert len({s.fstate[alliance].supporters for s in samples}) > 1  # type: ignore
    assert len({s.rng for s in samples}) == 40
    for s in samples:
        assert s.hands[me] == g.hands[me]  # my own hand is mine
        assert s.vp == g.vp and s.warriors == g.warriors and s.buildings == g.buildings


def test_quests_and_ruin_items_are_shuffled() -> None:
    g = rootlaw.new_game(factions=["marquise", "vagabond"], seed=5)
    while g.turn_no < 2:
        g.apply(g.legal_options()[0])
    samples = Sampler(g, "marquise", seed=2).samples(30)
    assert len({tuple(s.quest_deck) for s in samples}) > 5
    assert len({tuple(s.ruin_items) for s in samples}) > 3
    sampler = Sampler(g, "marquise")
    assert sampler.unseen(QUESTS) == sorted(g.quest_deck)
    assert sampler.unseen(RUIN_ITEMS) == sorted(i for x in g.ruin_items for i in x)


def test_the_alliance_sees_its_own_supporters_and_nobody_elses() -> None:
    g = positions(["marquise", "alliance"], seed=2)[3]
    a = g.seat_of("alliance")
    supporters = g.fstate[a].supporters  # type: ignore[attr-defined]
    assert supporters
    for s in Sampler(g, "alliance", seed=4).samples(10):
        assert s.fstate[a].supporters == supporters  # type: ignore[attr-defined]
    seen = {s.fstate[a].supporters for s in Sampler(g, "marquise", seed=4).samples(30)}  # type: ignore
    assert len(seen) > 1


def test_a_peeked_hand_keeps_the_cards_seen() -> None:
    """Codebreakers (or an Outrage shown hand): cards seen in a hand and seen nowhere
    else since stay in that hand in every sample."""
    g = positions(["marquise", "eyrie", "alliance"], seed=8)[2]
    eyrie = g.seat_of("eyrie")
    g.peeks = {0: {eyrie: list(g.hands[eyrie])}}
    for s in Sampler(g, 0, seed=3).samples(20):
        assert sorted(s.hands[eyrie]) == sorted(g.hands[eyrie])
        assert s.peeks == {0: {eyrie: list(g.hands[eyrie])}}
    other = g.seat_of("alliance")
    g.peeks = {other: {eyrie: list(g.hands[eyrie])}}  # somebody else's peek: not mine
    for s in Sampler(g, 0, seed=3).samples(5):
        assert s.peeks == {}


def test_the_deciding_seat_keeps_its_options() -> None:
    """A sample offers the deciding seat exactly the real options (which may show what
    it saw, like the items under a ruin it explores with two Vagabonds, 9.7.3)."""
    found = 0
    for seed in range(12):
        g = rootlaw.new_game(factions=["vagabond", "vagabond2", "marquise"], seed=seed)
        rnd = random.Random(seed)
        while not g.is_over and found < 3:
            d = g.decision
            assert d is not None
            if d.kind == "explore" or rnd.random() < 0.02:
                for s in Sampler(g, d.seat, seed=seed).samples(3):
                    assert s.decision is not None and s.decision.seat == d.seat
                    assert set(s.decision.options) == set(d.options)
                    s.apply(s.decision.options[0])  # and they apply
                found += d.kind == "explore"
            g.apply(d.options[rnd.randrange(len(d.options))])
        if found >= 3:
            break
    assert found >= 3


def reachable(root: Any, limit: int = 200_000) -> list[Any]:
    """Every object reachable from ``root`` through references."""
    seen: dict[int, Any] = {}
    todo = [root]
    while todo and len(seen) < limit:
        x = todo.pop()
        if id(x) in seen or isinstance(x, type):
            continue
        seen[id(x)] = x
        todo.extend(gc.get_referents(x))
    return list(seen.values())


def test_the_real_secrets_cannot_be_reached_through_a_sampler() -> None:
    g = positions(["marquise", "eyrie", "alliance", "vagabond"], seed=11)[3]
    me = g.seat_of("eyrie")
    sampler = Sampler(g, "eyrie", seed=9)
    objects = reachable(sampler)
    ids = {id(x) for x in objects}
    secret = [g, g.deck, g._log, *[g.hands[o] for o in range(4) if o != me]]
    assert not any(id(x) in ids for x in secret)
    # the real deck order, the real seed and the real record are nowhere in it
    assert not any(isinstance(x, list) and x == g.deck for x in objects)
    s = sampler.sample()
    assert s.log == [] and s.setup["seed"] is None and s.rng != g.rng
    assert s.forced == []
    in_sample = {id(x) for x in reachable(s)}
    assert not any(id(x) in in_sample for x in secret)


def test_samples_say_nothing_about_where_a_card_really_is() -> None:
    """Guessing the real top card of the deck from samples is no better than chance."""
    g = positions(["marquise", "eyrie", "alliance", "vagabond"], seed=4)[2]
    sampler = Sampler(g, "marquise", seed=5)
    pool = sampler.unseen()
    top = g.deck[-1]
    n = 400
    hits = sum(s.deck[-1] == top for s in sampler.samples(n))
    chance = pool.count(top) / len(pool)
    assert abs(hits / n - chance) < 4 * (chance * (1 - chance) / n) ** 0.5 + 0.01


def test_determinize_and_play_on() -> None:
    bots = ["marquise", "electric_eyrie", "automated_alliance", "vagabot"]
    g = positions(bots, seed=6, every=9)[1]
    s = determinize(g, "marquise", seed=1)
    rnd = random.Random(0)
    while not s.is_over:
        opts = s.legal_options()
        s.apply(opts[rnd.randrange(len(opts))])
    assert s.winners
