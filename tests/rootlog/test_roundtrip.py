"""The Rootlog round trip (issue 37): random games exported (``dumps``, every card named)
and loaded back (``loads``): every turn checked, and the same components in the same
places after every turn as in the game played.

Games: the standard setup with two to six factions drawn from the ten Law factions, the
second Vagabond and the Rootbotics bots; the Advanced Setup's draft of two to six
players (bots in some seats); the Advanced Setup with five or six factions given; the
Advanced Setup with landmarks (Appendix F: not the Legendary Forge nor the Black Market,
whose items and cards Rootlog has no place for); every map and both decks; hirelings
(Appendix E) in test_roundtrip_hirelings.py. A game stops at
its end or after MAX_TURNS turns (the record then stops mid-game).

CI plays a sample (ROOTLAW_ROOTLOG_GAMES in scripts/test); by default 3,000. The same
games by hand, one process: ``ROOTLAW_ROOTLOG_GAMES=3000 nice -n 10 python -m pytest -q
-p no:cacheprovider tests/rootlog/test_roundtrip.py``.
"""
from __future__ import annotations

import os
import random
from collections import Counter
from collections.abc import Callable, Iterable
from typing import Any

import pytest

import rootlaw
from rootlaw import Game
from rootlaw.rootlog import ALL, dumps, loads
from rootlaw.rootlog.ledger import Ledger, ledger
from rootlaw.rootlog.writer import _final_letters
from tests.test_invariants import DECKS, MAPS, MAX_DECISIONS
from tests.test_invariants_advanced import GIVEN  # five and six factions given to A.8

GAMES = int(os.environ.get("ROOTLAW_ROOTLOG_GAMES", "3000"))
BATCH = 5
MAX_TURNS = 100  # a longer game's record stops mid-game (the reader's last line is partial)
LAW = ["marquise", "eyrie", "alliance", "vagabond", "lizards", "riverfolk", "duchy",
       "corvids", "hundreds", "keepers"]
BOTS = {"mechanical_marquise": "marquise", "electric_eyrie": "eyrie",
        "automated_alliance": "alliance", "vagabot": "vagabond"}
# the landmarks whose pieces and cards the notation writes: the Legendary Forge's items
# and the Black Market's face-down cards have no Rootlog place (docs/rootlog.md)
LANDMARKS = ["tower", "ferry", "lost_city", "elder_treetop"]


def _standard(seed: int, rnd: random.Random, where: dict[str, Any]) -> Game:
    """Two to six factions of the standard setup: Law factions, the second Vagabond,
    bots (never beside the faction a bot replaces: one letter each, 1)."""
    n = 2 + rnd.randrange(5)
    pool = LAW + ["vagabond2"] + list(BOTS)
    while True:
        fs = rnd.sample(pool, n)
        if "vagabond2" in fs and ("vagabond" not in fs or "vagabot" in fs):
            continue
        if any(b in fs and BOTS[b] in fs for b in BOTS):
            continue
        try:
            return rootlaw.new_game(factions=fs, seed=seed, **where)
        except rootlaw.SetupError:  # more corner factions than corners (5)
            continue


def game_for(seed: int) -> Game:
    """Seed by seed, in turn: the standard setup, the Advanced Setup's draft, factions
    given to it, landmarks; the map and the deck change every four and sixteen seeds."""
    rnd = random.Random(seed * 31 + 7)
    where: dict[str, Any] = {"map": MAPS[seed // 4 % len(MAPS)],
                             "deck": DECKS[seed // 16 % len(DECKS)]}
    kind = seed % 4
    if kind == 0:
        return _standard(seed, rnd, where)
    if kind == 2:
        factions = GIVEN[seed // 4 % len(GIVEN)]
        return rootlaw.new_game(factions=factions, setup="advanced", seed=seed, **where)
    players = 2 + rnd.randrange(5)
    bots = rnd.sample(list(BOTS), rnd.choice([0, 0, 1, 2]) if players > 2 else 0)
    if kind == 3:
        where["landmarks"] = rnd.sample(LANDMARKS, 1 + rnd.randrange(2))
        if rnd.randrange(5) == 0:
            where["map_landmarks"] = "ignore"
    try:
        return rootlaw.new_game(players=players, bots=bots, setup="advanced", seed=seed,
                                **where)
    except rootlaw.SetupError:  # a landmark not for so few players (Appendix F)
        where["landmarks"] = ["tower"]
        return rootlaw.new_game(players=players, bots=bots, setup="advanced", seed=seed,
                                **where)


def play(seed: int, build: Callable[[int], Game] = game_for) -> Game:
    """A random game (``build(seed)``): random options until it ends, or MAX_TURNS turns."""
    rnd = random.Random(seed)
    g = build(seed)
    n = 0
    while not g.is_over and g.turn_no < MAX_TURNS:
        assert n < MAX_DECISIONS, "the game did not end"
        opts = g.decision.options
        g.apply(opts[rnd.randrange(len(opts))])
        n += 1
    return g


def turn_ledgers(game: Game) -> list[Ledger]:
    """The game's components and places at the start of each turn (after the setup,
    after each turn), and at the end: the game rebuilt step by step as the writer
    does."""
    setup = game.setup
    letters = _final_letters(game)
    forced = [[e[1], e[2]] for e in game.log if e[0] == "f"]
    decisions = [e[2] for e in game.log if e[0] == "d"]
    rest = {k: v for k, v in setup.items() if k not in ("factions", "map", "deck", "seed")}
    g = Game.new(list(setup["factions"]), map=setup["map"], deck_name=setup["deck"],
                 seed=int(setup["seed"]), forced=forced, options=rest, advance=False)
    out: list[Ledger] = []
    k = 0
    while True:
        while not g.won:
            if g.stack[-1][0] == "turn":
                out.append(ledger(g, ALL, letters))
            if not g.run_step():
                break
        if g.won or k >= len(decisions):
            break
        g.apply(tuple(decisions[k]), advance=False)
        k += 1
    out.append(ledger(g, ALL, letters))
    return out


def comparable(led: Ledger) -> Ledger:
    """A ledger as two games of one record must agree on it: the items under the ruins
    face down (9.1, no record says which), the seats' numbers (the record seats them
    from its first player) left out."""
    out: Ledger = Counter()
    for (comp, place), n in led.items():
        if comp[0] == "seat":
            continue
        if comp[0] == "i" and place[0] == "ruin":
            comp = ("i", "?")
        out[(comp, place)] += n
    return +out


def round_trip(g: Game) -> str:
    """'' if the game's Rootlog reads back checked and agreeing after every turn; else
    what went wrong."""
    text = dumps(g, ALL)
    r = loads(text)
    if r.report.flagged:
        f = r.report.flagged[0]
        return (f"{len(r.report.flagged)} turns flagged, the first turn {f.turn} "
                f"(line {f.line}): {f.reason}")
    if r.report.checked != r.report.turns:
        return f"{r.report.checked} of {r.report.turns} turns checked"
    want = turn_ledgers(g)
    if len(want) != len(r.states):
        return f"{len(r.states)} states read back, the game has {len(want)}"
    for i, (a, b) in enumerate(zip(want, r.states, strict=True)):
        x, y = comparable(a), comparable(ledger(b, ALL, r.letters))
        if x != y:
            return f"after turn {i}: the game only {dict(x - y)}; the replay only {dict(y - x)}"
    return ""


def beyond_sample(seeds: list[int], games: int) -> list[int]:
    """The seeds past the batches a sample of ``games`` plays (CI's: ROOTLAW_..._GAMES)."""
    return [s for s in seeds if s >= max(1, games // BATCH) * BATCH]


def batch_failures(batch: int, build: Callable[[int], Game] = game_for) -> list[str]:
    """The round trip of the batch's seeds: what failed, each with its game's mix."""
    return failures(range(batch * BATCH, (batch + 1) * BATCH), build)


def failures(seeds: Iterable[int], build: Callable[[int], Game] = game_for) -> list[str]:
    failed: list[str] = []
    for seed in seeds:
        g = play(seed, build)
        why = round_trip(g)
        if why:
            hired = f"{', '.join(g.hire.ids)}; " if g.hire is not None else ""
            failed.append(f"seed {seed} ({', '.join(g.factions)}; {hired}{g.board.name}, "
                          f"{g.setup['deck']}): {why}")
    return failed


@pytest.mark.parametrize("batch", range(max(1, GAMES // BATCH)))
def test_random_games_round_trip(batch: int) -> None:
    failed = batch_failures(batch)
    assert not failed, "\n".join(failed)


# seeds that failed before a fix (docs/rootlog.md), beyond CI's sample: always played.
# 121 the Vagabot's item sides; 255, 282 the first player's seat; 494 a bot's keep and
# buildings at setup (the keep that matched most of the line was the wrong one); 1040
# a raze of a ruin whose face-down item the reader had guessed wrong; 1283 a delve of
# one of two face-down figures in a forest (which value, the reader had guessed wrong);
# 1214 a Swap Meet after the outcast's adjustment (the line's order of a setting); 339
# a relic's value swapped where another option was the line's (the swaps came first);
# 1625, 2617 a face-up and a face-down relic of one value in a forest (the delve's flip
# tells them apart); 1542, 2111 an item crafted into a full Hoard and removed at once;
# 1960 the hits of two battles in one clearing in the other order (checked step by
# step); 2063 a card drawn and discarded as the deck ran out (Outrage, a full Supporters
# stack); 665, 2939 (Keepers), 1676 (the warlord leading) the search bound
ONCE_FAILED = [121, 255, 282, 339, 494, 665, 1040, 1214, 1283, 1542, 1625, 1676, 1960,
               2063, 2111, 2617, 2939]


@pytest.mark.parametrize("seed", beyond_sample(ONCE_FAILED, GAMES))
def test_seeds_that_once_failed_round_trip(seed: int) -> None:
    failed = failures([seed])
    assert not failed, "\n".join(failed)
