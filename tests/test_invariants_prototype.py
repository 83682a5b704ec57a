"""Invariants over random games of the prototype rule set (issue 40; rootlaw.prototype).

The same checks as tests/test_invariants.py, for the prototype's pieces and cards:
cards and items are conserved, scores are the sum of their events, every listed option
applies and an unlisted one is refused with the state unchanged, save/load and copy
are exact, replay from the record reproduces the game, and no view shows a hidden
card: other hands, the deck's order, the cards kept face down in the Alliance's Hideout
slots (P9.11.1), the items under the ruins.

By default 2,000 games; CI plays 120 (ROOTLAW_PROTOTYPE_GAMES in scripts/test).
"""
from __future__ import annotations

import json
import os
import random
from collections import Counter

import pytest

import rootlaw
from rootlaw.core.game import FOREST, Game
from rootlaw.core.options import has_text_form, label
from rootlaw.prototype.alliance import AllianceState
from rootlaw.prototype.base import ALL, KEEP
from rootlaw.prototype.cards import CHAOS, COALITION
from rootlaw.prototype.turn import RUIN_ITEMS, SUPPLY
from rootlaw.prototype.vagabond import CHARACTERS, VagabondState

GAMES = int(os.environ.get("ROOTLAW_PROTOTYPE_GAMES", "2000"))
BATCH = 25
M, E, A, V = "marquise", "eyrie", "alliance", "vagabond"
# every mix the prototype allows: 2 to 4 of its factions, the Marquise always (P1.5)
MIXES = [[M, E], [M, A], [M, V], [M, E, A], [M, E, V], [M, A, V], [M, E, A, V]]
MAX_DECISIONS = 30_000
SAMPLE_EVERY = 29


def expected_cards(g: Game) -> Counter[str]:
    cards = Counter(g.deckdef.contents)
    if len(g.factions) <= 3:  # P2.3: Coalition and Chaos back to the box
        del cards[COALITION]
        del cards[CHAOS]
    return cards


def card_locations(g: Game) -> Counter[str]:
    where: Counter[str] = Counter(g.deck)
    where.update(g.discard)
    where.update(g.available)
    for s in range(len(g.factions)):
        where.update(g.hands[s])
        where.update(g.played[s])
        where.update(g.fdefs[s].cards_held(g, s))
        if g.dominance[s]:
            where[g.dominance[s]] += 1
    return where


def expected_items(g: Game) -> Counter[str]:
    items = Counter(SUPPLY)
    for fs in g.fstate:
        if isinstance(fs, VagabondState) and fs.character:
            items.update(CHARACTERS[fs.character])
            items.update(RUIN_ITEMS)
    return +items


def item_locations(g: Game) -> Counter[str]:
    items: Counter[str] = Counter({k: v for k, v in g.supply.items() if v})
    for s in range(len(g.factions)):
        items.update(g.items[s])
        fs = g.fstate[s]
        if isinstance(fs, VagabondState):
            for kind, states in fs.items.items():
                items[kind] += sum(states)
    for st in g.stack:  # P5.4.12: a crafted item the Vagabond has not yet placed
        if st[0] == "proto.v.crafted":
            items[st[2]] += 1
    for ruin in g.ruin_items:
        items.update(ruin)
    return +items


def check_conservation(g: Game) -> None:
    assert card_locations(g) == expected_cards(g), "cards appeared or vanished"
    if g.turn_no:  # once set up (P2.4, P2.9.1)
        assert item_locations(g) == expected_items(g), "items appeared or vanished"
    for s, fd in enumerate(g.fdefs):
        assert all(w >= 0 for w in g.warriors[s])
        assert g.warrior_supply(s) >= 0, f"{fd.id}'s warriors do not add up"
        for kind, limit in {**fd.buildings, **fd.tokens}.items():
            assert g.count_building(s, kind) <= limit, f"too many {kind}"
        fs = g.fstate[s]
        if isinstance(fs, AllianceState):
            assert min(fs.supporters) >= 0
            for i, card in enumerate(fs.slots):  # P9.2.2: a card only where a Hideout is
                if card:
                    assert g.count_building(s, f"hideout_{('fox', 'rabbit', 'mouse')[i]}")
        if isinstance(fs, VagabondState):
            assert all(min(x) >= 0 for x in fs.items.values())
            assert all(-3 <= x <= 3 for x in fs.align.values())
    for c in g.clearings():
        assert len(g.buildings[c]) <= g.board.slots[c], f"clearing {c} over its slots"
    assert g.suits[KEEP] == ALL or g.phase == "setup"
    assert all(v >= 0 for v in g.vp)


def check_scores(g: Game) -> None:
    total: Counter[str] = Counter()
    for e in g.log:
        if e[0] == "s":
            total[e[1]] += e[2]
    for f in g.factions:
        assert g.scores[f] == total[f], f"{f}'s score is not the sum of its scoring events"


def check_options(g: Game) -> None:
    d = g.decision
    assert d is not None and len(d.options) >= 2
    assert len(set(d.options)) == len(d.options), "an option is listed twice"
    assert d.rule.startswith("P"), f"{d.rule}: a prototype decision cites the prototype"
    labels = [label(o) for o in d.options]
    assert len(set(labels)) == len(labels), f"two options read the same: {labels}"
    for o in d.options:
        assert type(o) is tuple and has_text_form(o[0]) and label(o), f"{o!r} has no label"
        c = g.copy()
        c.apply(o)
    before = g.to_json()
    bogus: list[tuple[object, ...]] = [("no such verb",), d.options[0] + (99,)]
    for b in bogus:
        if b in d.options:
            continue
        with pytest.raises(rootlaw.IllegalAction):
            g.apply(b)
        assert g.to_json() == before, "a refused option changed the state"


def check_save_load(g: Game) -> None:
    text = g.to_json()
    g2 = Game.from_json(text, rules="prototype")
    assert g2.to_json() == text
    d, d2 = g.decision, g2.decision
    assert d is not None and d2 is not None
    assert (d.seat, d.kind, d.options) == (d2.seat, d2.kind, d2.options)
    assert g.copy().to_json() == text, "copy() differs from the original"


def check_hidden(g: Game, rnd: random.Random) -> None:
    """Other hands, the deck and face-down Hideout cards pooled and dealt again, the
    ruins' items shuffled: no other seat's view may change (P5.3.7 Cards Are Secret,
    P9.11.1 face down, P2.4 ruins face down)."""
    for me in range(len(g.factions)):
        seat = g.factions[me]
        view = g.view(seat)
        json.dumps(view)
        for f, p in view["players"].items():
            assert ("hand" in p) == (f == seat)
        assert "deck" not in view and "rng" not in view
        c = g.copy()
        pool = c.deck[:]
        hidden = [o for o in range(len(c.factions)) if o != me]
        for o in hidden:
            pool += c.hands[o]
        held: list[tuple[int, int]] = []
        for o in range(len(c.factions)):
            down = c.fdefs[o].hidden(c, o, me).get("cards", [])
            held.append((o, len(down)))
            pool += down
        rnd.shuffle(pool)
        c.deck, pool = pool[:len(c.deck)], pool[len(c.deck):]
        for o in hidden:
            n = len(c.hands[o])
            c.hands[o], pool = pool[:n], pool[n:]
        for o, n in held:
            if n:
                c.fdefs[o].set_hidden(c, o, me, {"cards": pool[:n]})
                pool = pool[n:]
        ruins = [x for x in c.clearings() if c.ruin_items[x]]
        items = [i for x in ruins for i in c.ruin_items[x]]
        rnd.shuffle(items)
        for x in ruins:
            c.ruin_items[x], items = (items[0],), items[1:]
        assert c.view(seat) == view, f"{seat}'s view depends on hidden cards"


def play_checked(seed: int, factions: list[str]) -> Game:
    rnd = random.Random(seed)
    g = rootlaw.new_game(factions, seed=seed, rules="prototype")
    offset = rnd.randrange(SAMPLE_EVERY)
    n = 0
    while not g.is_over:
        assert n < MAX_DECISIONS, "the game did not end"
        check_conservation(g)
        if n % SAMPLE_EVERY == offset:
            check_options(g)
            check_save_load(g)
            check_hidden(g, rnd)
            check_scores(g)
        opts = g.decision.options
        g.apply(opts[rnd.randrange(len(opts))])
        n += 1
    check_conservation(g)
    check_scores(g)
    assert g.decision is None and g.winners
    assert (max(g.scores.values()) >= 40 and g.win_reason == "points"
            or g.win_reason.endswith("_victory"))
    return g


@pytest.mark.parametrize("batch", range(max(1, GAMES // BATCH)))
def test_random_prototype_games_keep_invariants(batch: int) -> None:
    for seed in range(batch * BATCH, (batch + 1) * BATCH):
        g = play_checked(seed, MIXES[seed % len(MIXES)])
        if seed % 5 == 0:  # replay from the record reproduces the game exactly
            again = Game.replay(g.setup, g.log)
            assert again.to_json() == g.to_json(), f"replay of seed {seed} differs"


def test_same_seed_same_prototype_game() -> None:
    a, b = play_checked(4242, [M, E, A, V]), play_checked(4242, [M, E, A, V])
    assert a.to_json() == b.to_json()


def test_pawn_is_a_clearing_or_forest() -> None:
    g = rootlaw.new_game([M, V], seed=3, rules="prototype")
    rnd = random.Random(3)
    v = g.seat_of(V)
    while not g.is_over and g.turn_no < 30:
        if g.turn_no:
            p = g.pawn[v]
            assert 1 <= p <= 12 or FOREST <= p < FOREST + len(g.board.forests)
        g.apply(g.decision.options[rnd.randrange(len(g.decision.options))])
