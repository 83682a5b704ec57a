"""Invariants over many random seeded games (DESIGN.md, "Tests that matter most").

CI plays 600 games (scripts/test); by default 2,000; set ROOTLAW_INVARIANT_GAMES
to play more locally.
Cheap checks run at every decision; costly ones (every option applies, an
unlisted option is refused, save/load, hidden information) at sampled decisions;
replay from the record at the end of every game.
"""
from __future__ import annotations

import json
import os
import random
from collections import Counter
from typing import Any

import pytest

import rootlaw
from rootlaw.core.catalog import adjacency, link_burrow
from rootlaw.core.game import FOREST, Game
from rootlaw.core.options import has_text_form, label

GAMES = int(os.environ.get("ROOTLAW_INVARIANT_GAMES", "2000"))
BATCH = 50
M, E, A, V, V2 = "marquise", "eyrie", "alliance", "vagabond", "vagabond2"
# every faction mix of 2, 3 and 4 players, with and without the second Vagabond
# (two Vagabonds alone are in STALLING_MIXES: such a game may never end)
MIXES = [mix for mix in (
    [M, E], [M, A], [M, V], [E, A], [E, V], [A, V],
    [M, E, A], [M, E, V], [M, A, V], [E, A, V], [M, V, V2], [E, V, V2], [A, V, V2],
    [M, E, A, V], [M, E, V, V2], [M, A, V, V2], [E, A, V, V2],
) if all(f in rootlaw.FACTIONS for f in mix)]
MAPS = ("fall", "winter", "lake", "mountain")
DECKS = ("standard", "exiles_partisans")
# the Riverfolk expansion's factions (10, 11): their own share of the games
EXPANSION_GAMES = int(os.environ.get("ROOTLAW_EXPANSION_GAMES", "1000"))
LZ, RF = "lizards", "riverfolk"
EXPANSION_MIXES = [
    [M, LZ], [E, RF], [LZ, RF], [A, LZ, RF], [M, E, LZ], [V, RF, A], [M, E, A, RF],
    [E, LZ, V, RF], [M, LZ, RF, V], [V, V2, LZ, RF], [LZ, RF, "mechanical_marquise"],
    [RF, "electric_eyrie", LZ, "vagabot"], [M, LZ, "automated_alliance"],
]
# the Underground Duchy (12): 2-4 players beside base factions, the Riverfolk expansion,
# two Vagabonds and the Rootbotics bots
DUCHY_GAMES = int(os.environ.get("ROOTLAW_DUCHY_GAMES", "500"))
DUCHY_BATCH = 25  # 20 batches by default: every mix, every map and both decks
UD = "duchy"
DUCHY_MIXES = [
    [UD, M], [UD, E], [UD, A], [UD, V], [UD, LZ], [UD, RF], [M, UD, E], [UD, A, V],
    [UD, LZ, RF], [UD, V, V2], [M, E, A, UD], [UD, LZ, V, RF], [UD, E, V, V2],
    [UD, "mechanical_marquise"], [UD, "electric_eyrie", V],
    [UD, "automated_alliance", "vagabot"],
    [UD, M, "electric_eyrie", "automated_alliance"],
    [UD, "mechanical_marquise", "electric_eyrie", "automated_alliance"],
    [UD, RF, "vagabot", "mechanical_marquise"],
]
# the Underworld expansion's Corvid Conspiracy (13): its own mixes, with the Riverfolk
# expansion's factions, the second Vagabond and the bots
KEEPERS_GAMES = int(os.environ.get("ROOTLAW_KEEPERS_GAMES", "500"))
KI = "keepers"
# the Marauder expansion's Keepers in Iron (15): 2-4 players beside base factions, the
# Riverfolk expansion, the Underworld, two Vagabonds and the Rootbotics bots
KEEPERS_MIXES = [
    # (the Keepers alone with Vagabonds: STALLING_MIXES)
    [KI, M], [KI, E], [KI, A], [KI, M, V], [KI, LZ], [KI, RF], [KI, "duchy"], [KI, "corvids"],
    [KI, M, E], [KI, A, V], [KI, E, V, V2], [KI, LZ, RF], [KI, M, E, A], [KI, M, V, V2],
    [KI, "mechanical_marquise"], [KI, "electric_eyrie", V], [KI, "automated_alliance", RF],
    [KI, "vagabot", M, LZ], [KI, "mechanical_marquise", "electric_eyrie", "automated_alliance"],
    [KI, "duchy", "corvids", "vagabot"],
    # both Marauder factions together (relics against mobs, Looters against relics)
    [KI, "hundreds"], [KI, "hundreds", V], [KI, "hundreds", "duchy", "corvids"],
    [KI, "hundreds", "electric_eyrie", RF],
]
CORVID_GAMES = int(os.environ.get("ROOTLAW_CORVID_GAMES", "500"))
CV = "corvids"
CORVID_MIXES = [
    [CV, M], [CV, E], [CV, A], [CV, V], [CV, M, E], [CV, A, V], [CV, V, V2], [CV, LZ, RF],
    [CV, M, E, A], [CV, E, V, V2], [CV, LZ, "mechanical_marquise"], [CV, "electric_eyrie", RF],
    [CV, "automated_alliance", V], [CV, "vagabot", M, LZ],
    [CV, "mechanical_marquise", "electric_eyrie", "automated_alliance"],
    [CV, "vagabot", "electric_eyrie", A], [CV, UD, M], [CV, UD, "vagabot", RF],
]
# the Marauder expansion's Lord of the Hundreds (14): its own mixes, with the base and
# Riverfolk factions, the Underworld factions, the second Vagabond and the bots
HUNDREDS_GAMES = int(os.environ.get("ROOTLAW_HUNDREDS_GAMES", "500"))
LH = "hundreds"
HUNDREDS_MIXES = [
    [LH, M], [LH, E], [LH, A], [LH, V], [LH, M, E], [LH, A, V], [LH, V, V2], [LH, LZ, RF],
    [LH, M, E, A], [LH, E, V, V2], [LH, LZ, "mechanical_marquise"], [LH, "electric_eyrie", RF],
    [LH, "automated_alliance", V], [LH, "vagabot", M, LZ],
    [LH, "mechanical_marquise", "electric_eyrie", "automated_alliance"],
    [LH, "vagabot", "electric_eyrie", A], [LH, UD, M], [LH, CV, RF], [LH, UD, CV, V],
]
# the Crusader expansion's Spinners of Mercy and Vile Wyrm (fan-made; SOM, VW): beside
# every Law faction, each other, two Vagabonds and every Rootbotics bot
CRUSADER_GAMES = int(os.environ.get("ROOTLAW_CRUSADER_GAMES", "2000"))
SM, VW = "spinners", "wyrm"
CRUSADER_MIXES = [
    [SM, M], [VW, M], [SM, E], [VW, E], [SM, A], [VW, A], [SM, V], [VW, V], [SM, LZ], [VW, LZ],
    [SM, RF], [VW, RF], [SM, UD], [VW, UD], [SM, CV], [VW, CV], [SM, LH], [VW, LH], [SM, KI],
    [VW, KI], [SM, VW], [SM, VW, M, E], [SM, VW, A, V], [SM, V, V2], [VW, V, V2],
    [SM, VW, LZ, RF], [SM, VW, UD, CV], [SM, VW, LH, KI], [SM, "mechanical_marquise"],
    [VW, "electric_eyrie"], [SM, VW, "automated_alliance"], [VW, "vagabot", M],
    [SM, "vagabot", "electric_eyrie", RF], [SM, VW, "mechanical_marquise", "automated_alliance"],
    [SM, M, E, A], [VW, M, E, V], [SM, VW, V],
]  # 37 mixes: prime, so the seeds give every mix every map and deck (setup_of)
# the Crusader expansion's Borough Kings and Host of Light (fan-made; BK, HOL): beside every
# Law faction, each other, the other two Crusader factions, two Vagabonds and every bot
KINGS_HOST_GAMES = int(os.environ.get("ROOTLAW_KINGS_HOST_GAMES", "2000"))
BK, HL = "borough_kings", "host_of_light"
KINGS_HOST_MIXES = [
    [BK, M], [HL, M], [BK, E], [HL, E], [BK, A], [HL, A], [BK, V], [HL, V], [BK, LZ],
    [HL, LZ], [BK, RF], [HL, RF], [BK, UD], [HL, UD], [BK, CV], [HL, CV], [BK, LH], [HL, LH],
    [BK, KI], [HL, KI], [BK, HL], [BK, HL, M, E], [BK, HL, A, V], [BK, V, V2], [HL, V, V2],
    [BK, HL, LZ, RF], [BK, HL, UD, CV], [BK, HL, LH, KI], [BK, "mechanical_marquise"],
    [HL, "electric_eyrie"], [BK, HL, "automated_alliance"], [BK, "vagabot", M],
    [HL, "vagabot", "electric_eyrie", RF], [BK, HL, "mechanical_marquise", "automated_alliance"],
    [BK, SM, VW], [HL, SM, VW], [BK, HL, SM, VW], [BK, RF, V, CV], [HL, M, E, A],
    [BK, "vagabot", "electric_eyrie", LZ], [BK, HL, V], [BK, SM, E],
    [BK, HL, M, E, UD], [BK, HL, SM, VW, V, A],
]  # 44 mixes; five corner factions or more need the Advanced Setup (section 5)
# Mixes whose random play can stall for good: two Vagabonds alone may keep no way to
# score (docs/rulings.md, 9.7); the Keepers beside only Vagabonds may fill their Retinue
# (15.6.2) with cards that match no clearing where a relic can still be recovered, and
# then only a long chain of specific moves scores. Their games run until they end or
# nobody scores for STALL_TURNS turns; every invariant is checked all the same.
STALLING_GAMES = int(os.environ.get("ROOTLAW_STALLING_GAMES", "50"))
STALLING_MIXES = [[V, V2], [KI, V], [KI, V, V2]]
STALL_TURNS = 200
STALLING_BATCH = 25
MAX_DECISIONS = 30_000
SAMPLE_EVERY = 37  # costly checks at every 37th decision (and a random offset per game)


def setup_of(seed: int) -> dict[str, str]:
    """Every map and both decks within each batch of seeds (so within every mix): the
    map by the seed, the deck by the seed's four (Appendix C, A.2)."""
    return {"map": MAPS[seed % len(MAPS)], "deck": DECKS[seed // len(MAPS) % len(DECKS)]}


def card_locations(g: Game) -> Counter[str]:
    """Every card of the shared deck, wherever it is."""
    where: Counter[str] = Counter(g.deck)
    where.update(g.discard)
    where.update(g.available)
    for s in range(len(g.factions)):
        where.update(g.hands[s])
        where.update(g.played[s])
        where.update(g.fdefs[s].cards_held(g, s))
        if g.dominance[s]:
            where[g.dominance[s]] += 1
    if g.battle is not None and g.battle.ambush:
        where[g.battle.ambush] += 1  # played, not yet discarded (4.3.1.II)
    if g.landmarks is not None:
        where.update(g.landmarks.market_cards)  # face down by the Black Market (App. F)
    if g.hire is not None:  # kept revealed by the Mole Artisans (Appendix E)
        for cards in g.hire.revealed:
            where.update(cards)
    return where


def expected_cards(g: Game) -> Counter[str]:
    cards = Counter(g.deckdef.contents)
    humans = sum(1 for fd in g.fdefs if not fd.is_bot)
    n = len(g.factions)
    bots = n - humans  # Rootbotics 3.4 replaces 5.1.3 (and A.7) when bots play
    if (1 <= humans <= 2 if bots else n == 2) or g.setup.get("cooperative"):
        for cid in list(cards):
            if g.deckdef.cards[cid].kind == "dominance":
                del cards[cid]
    return cards


def item_locations(g: Game) -> Counter[str]:
    from rootlaw.factions.hundreds import HundredsState
    from rootlaw.factions.vagabond import VagabondState

    items: Counter[str] = Counter({k: v for k, v in g.supply.items() if v})
    for s in range(len(g.factions)):
        items.update(g.items[s])
        fs = g.fstate[s]
        if isinstance(fs, VagabondState):
            for kind, sides in fs.items.items():
                items[kind] += sum(sides)
            if fs.scorched:
                items["torch"] += 1  # on the map (D.6.2)
        if isinstance(fs, HundredsState):
            items.update(fs.command + fs.prowess)  # 14.2.4 the Hoard
    for st in g.stack:  # 14.2.3: a crafted item the Hundreds have not yet kept or removed
        if st[0] == "hundreds.contempt":
            items[st[2]] += 1
    for ruin in g.ruin_items:
        items.update(ruin)
    items.update(g.removed_items)
    if g.landmarks is not None:
        items.update(g.landmarks.forge_items)  # on the Legendary Forge's card (App. F)
    if g.hire is not None:  # on the Exile's card (Appendix E)
        for on_card in g.hire.items:
            items.update(on_card)
    return +items


def expected_items(g: Game) -> Counter[str]:
    from rootlaw.factions.vagabond import CHARACTERS, RUIN_ITEMS, VagabondState

    items = Counter(rootlaw.core.catalog.item_supply())
    vagabonds = [fs for fs in g.fstate if isinstance(fs, VagabondState)]
    for fs in vagabonds:
        if fs.character:
            items.update(CHARACTERS[fs.character])
    if g.quests or g.quest_deck or any(fs.quests_done for fs in vagabonds):
        # the ruins were populated with the quests (9.3.4, 9.7.1)
        items.update(list(RUIN_ITEMS) * len(vagabonds))
    elif "hundreds" in g.factions and (g.turn_no or "ruin_items" in log_facts(g)):
        items.update(RUIN_ITEMS)  # 14.3.2: once, no Vagabond (in setup)
    elif g.hire is not None and "ruin_items" in log_facts(g):
        items.update(RUIN_ITEMS)  # the Brigand's setup (Appendix E, as 9.3.4)
    if g.hire is not None and "exile" in log_facts(g):
        items["club"] += 3  # the Exile's own three clubs (B.4.2)
    return +items


# the game last asked about, the newest entry of its record seen, what the record held
_FACTS: list[Any] = [None, None, set()]


def log_facts(g: Game) -> set[str]:
    """What the game's record has held (facts that stay true once true): the ruins'
    items drawn, the Exile placed. Only the entries new since the last call are read
    when it asks about the same game (the suites check one game at every decision:
    reading the whole record each time made a long game's checks quadratic)."""
    game, seen, facts = _FACTS
    if game is not g:
        seen, facts = None, set()
    for e in g.entries_after(seen):
        if e[0] in ("r", "f") and e[1] == "ruin_items":
            facts.add("ruin_items")
        elif e[0] == "hireling_placed" and e[1] == "the_exile":
            facts.add("exile")
    _FACTS[:] = [g, g.last_entry, facts]
    return facts


def check_conservation(g: Game, items: bool = True) -> None:
    assert card_locations(g) == expected_cards(g), "cards appeared or vanished"
    for s, fd in enumerate(g.fdefs):
        on_map = sum(g.warriors[s]) - g.borrowed_total(s)  # not mice lent (BK.2.4)
        assert all(w >= 0 for w in g.warriors[s])
        assert on_map <= fd.warriors, f"{fd.id} has more warriors than it owns"
        # on the map, off it by the faction's rules, held by others (11.2.4): never more
        # than the faction owns
        assert g.warrior_supply(s) >= 0, f"{fd.id}'s warriors do not add up"
        for kind, limit in {**fd.buildings, **fd.tokens}.items():
            assert g.count_building(s, kind) <= limit, f"too many {kind}"
    for c in g.clearings():
        assert len(g.buildings[c]) <= g.slots_at(c), f"clearing {c} over its slots"
    assert all(v >= 0 for v in g.vp)
    check_plots(g)
    check_hundreds(g)
    check_crusader(g)
    check_kings_host(g)
    check_relics(g)
    check_map_and_cards(g)
    if items:
        assert item_locations(g) == expected_items(g), "items appeared or vanished"


def awaiting_first_response(g: Game, s: int) -> list[str]:
    """The kinds of s's buildings and tokens removed together with warriors that wait
    for the Spinners' First Response (SOM.2.3): their removal has not triggered yet."""
    out: list[str] = []
    for st in g.stack:
        if st[0] == "spinners.first_response":
            for ev in st[2]:
                out.extend(kind for owner, _, kind in ev[2] if owner == s)
    return out


def check_plots(g: Game) -> None:
    """13.2.2: eight plots, two of each type, one per clearing; every face-down plot on
    the map has its type in the Corvids' state (removed ones keep it until the battle's
    removals trigger, 13.7.4)."""
    from rootlaw.factions.corvids import KINDS, PLOT, TYPES, CorvidsState

    for s, fs in enumerate(g.fstate):
        if not isinstance(fs, CorvidsState):
            continue
        down = g.piece_clearings(s, PLOT)
        if g.battle is None and PLOT not in awaiting_first_response(g, s):
            assert fs.facedown.locs == down, "face-down plots and their types disagree"
        else:
            assert set(down) <= set(fs.facedown.locs)
        for kind in TYPES:
            assert g.count_token(s, kind) + fs.facedown.ids.count(kind) <= 2, f"three {kind}"
        for c in g.clearings():
            assert sum(1 for p in g.tokens[c] if p[0] == s and p[1] in KINDS) <= 1  # II


def check_hundreds(g: Game) -> None:
    """14.2.2: outside battle the warlord is on the map with a warrior count under it
    (only a battle removes it), never in the Burrow; 14.2.4: the Hoard's tracks hold
    their own items, four at most (five only until the Hundreds drop one)."""
    from rootlaw.factions.hundreds import COMMAND_ITEMS, PROWESS_ITEMS, HundredsState

    for s, fs in enumerate(g.fstate):
        if not isinstance(fs, HundredsState):
            continue
        # (while a removal waits for First Response, SOM.2.3, its triggers have not run)
        pending = any(st[0] == "spinners.first_response" for st in g.stack)
        if g.battle is None and fs.warlord and not pending:
            assert g.warriors[s][fs.warlord] >= 1, "the warlord vanished outside battle"
        assert not g.board.burrow or fs.warlord != g.board.burrow
        full = any(st[0] == "hundreds.hoard_full" for st in g.stack)
        cap = 5 if full else 4
        assert len(fs.command) <= cap and len(fs.prowess) <= cap
        assert all(i in COMMAND_ITEMS for i in fs.command)
        assert all(i in PROWESS_ITEMS for i in fs.prowess)
        assert g.count_token(s, "mob") <= 5 and g.count_building(s, "stronghold") <= 6


def check_relics(g: Game) -> None:
    """15.2.1: twelve relics, four of each type, valued 1, 2, 3, 3: on the map (forests
    and clearings), recovered, removed in a battle not yet settled, or waiting for Prized
    Trophies (15.2.5) or for setup (15.3.3); face-down ones only in forests, each with a
    value in the state; no relic in the Burrow (12.2.2)."""
    from collections import Counter

    from rootlaw.core.game import FOREST
    from rootlaw.factions.keepers import FACE_UP, TYPE_OF, TYPES, VALUES, KeepersState

    for s, fs in enumerate(g.fstate):
        if not isinstance(fs, KeepersState):
            continue
        seen: Counter[str] = Counter()
        for kind in FACE_UP:
            seen[kind] += g.count_token(s, kind)
        for kind in TYPES:
            locs = g.piece_clearings(s, kind)
            assert all(x >= FOREST for x in locs), "a face-down relic outside a forest"
            valued = [fs.values.locs[i] for i in range(len(fs.values))
                      if TYPE_OF[fs.values.ids[i]] == kind]
            assert sorted(locs) == sorted(valued), "face-down relics and values disagree"
        for ident in fs.values.ids + fs.unplaced + fs.limbo:
            seen[ident] += 1
        for i, t in enumerate(TYPES):
            for v in fs.recovered[i]:
                seen[t + str(v)] += 1
        b = g.battle
        if b is not None:
            for side, who in ((0, b.att), (1, b.dfd)):
                if who == s:
                    for kind in b.pieces_lost[side]:
                        if kind in TYPE_OF:
                            seen[kind] += 1
        for kind in awaiting_first_response(g, s):
            if kind in TYPE_OF:
                seen[kind] += 1
        for st in g.stack:  # E.2.3: a clearing's burned pieces all go before their
            if st[0] == "flame_bearers.burn":  # effects (1.1.3), relics placed after
                for owner, kind in st[7]:
                    if owner == s and kind in TYPE_OF:
                        seen[kind] += 1
        if g.phase == "setup" and not +seen:
            continue  # before 15.3.1
        assert seen == Counter(t + str(v) for t in TYPES for v in VALUES), "relics lost"
        if g.board.burrow:
            assert not [p for p in g.tokens[g.board.burrow] if p[0] == s], "relic in Burrow"


def check_kings_host(g: Game) -> None:
    """BK.2.3 The Bag: twenty warriors (16 rats, 4 mice), each on the map, in the bag, held
    off the map (Riverfolk funds, Coffin Makers) or in the supply that the bag is; the bag
    has exactly the supply's warriors and the mice not elsewhere once it is brought up to
    date. BK.2.4 Mice Mischief: during another player's turn every mouse on the map is in
    that player's warrior row (its warriors for all intents: views, moves, rule), in the
    Kings' row otherwise; a clearing held by mice alone is ruled by that player. HOL.2.2:
    twelve firebrands, four a suit, on the map (one a clearing at most) or on the track;
    fervor within its track."""
    from rootlaw.factions import borough_kings as bkm
    from rootlaw.factions import host_of_light as hlm

    for s, fs in enumerate(g.fstate):
        if isinstance(fs, bkm.BoroughKingsState):
            if g.phase == "setup" and not fs.bag and not sum(g.warriors[s]):
                continue  # before BK.3.3
            r = bkm.row(fs, s)
            if g.turn_no and g.turn_seat != s and g.phase not in ("setup", "end"):
                assert fs.holder == g.turn_seat, "mice not the turn player's (BK.2.4)"
            elif g.turn_seat == s or not g.turn_no:
                assert fs.holder < 0, "mice lent on the Kings' own turn"
            for c in set(fs.mice):
                n = fs.mice.count(c)
                assert g.warriors[r][c] >= n, f"mice in {c} not in {g.factions[r]}'s row"
                view = g.view(None)
                shown = view["clearings"][c - 1]["warriors"].get(g.factions[r], 0)
                assert shown == g.warriors[r][c]
                assert view["players"][g.factions[s]]["faction"]["mice"][str(c)] == n
                if (r != s and g.warriors[r][c] == n and not g.buildings[c] and not g.tokens[c]
                        and sum(w[c] for w in g.warriors) == n and g.board.burrow != c):
                    assert g.ruler(c) == r, "mice alone do not rule for their borrower"
            lent = len(fs.mice) if fs.holder >= 0 else 0
            assert g.warrior_supply(s) >= 0
            c2 = g.copy()
            bkm.sync_bag(c2, s, 0)
            f2 = bkm.st_of(c2, s)
            assert len(f2.bag) == c2.warrior_supply(s), "the bag is not the supply (BK.2.3)"
            assert (f2.bag.count(bkm.MOUSE) + len(f2.mice) + f2.held_mice + f2.coffin_mice
                    == bkm.MICE), "mice appeared or vanished (BK.3.1)"
            assert sum(g.warriors[s]) + lent <= bkm.RATS + bkm.MICE
        if isinstance(fs, hlm.HostState):
            on_map = Counter(hlm.SUIT_OF[k] for k in hlm.KINDS for _ in g.piece_clearings(s, k))
            b = g.battle  # removed in a battle whose removals have not triggered yet
            pending = [k for side, who in ((0, b.att), (1, b.dfd)) if who == s
                       for k in b.pieces_lost[side]] if b is not None else []
            on_map.update(hlm.SUIT_OF[k] for k in pending + awaiting_first_response(g, s)
                          if k in hlm.SUIT_OF)
            if g.phase == "setup" and not any(fs.track):
                continue  # before HOL.3.2
            for i, suit in enumerate(("fox", "rabbit", "mouse")):
                assert on_map[suit] + len(fs.track[i]) == hlm.PER_SUIT, "firebrands lost"
                assert 0 <= fs.known[i] <= len(fs.track[i])
            for c in g.clearings():
                assert sum(1 for p in g.tokens[c] if p[0] == s and p[1] in hlm.SUIT_OF) <= 1
            assert 0 <= fs.fervor <= hlm.MAX_FERVOR


def check_crusader(g: Game) -> None:
    """SOM.2.4: the Ward holds warriors of seated factions, as many of each owner as went
    in by First Response less those discharged (SOM.4.1) and returned (SOM.2.6), never
    in their owner's supply (``warrior_supply`` above stays whole); SOM.3: 24 webs,
    three infirmaries a suit. VW.2.3: after setup the Wyrm is always on the map (a
    clearing or a forest: never removed); VW.3: one fear token a clearing at most,
    eight in all; Growth on its columns within their spaces; three treasures at most."""
    from rootlaw.core.game import FOREST
    from rootlaw.factions.spinners import INFIRMARY_KINDS, SpinnersState
    from rootlaw.factions.wyrm import FEAR_KINDS, START, WyrmState

    for s, fs in enumerate(g.fstate):
        if isinstance(fs, SpinnersState):
            ins: Counter[str] = Counter()
            for e in g.log:
                if e[0] == "first_response":
                    ins[e[3]] += e[4]
                elif e[0] in ("discharged", "triage"):
                    ins[e[2]] -= 1
            assert +ins == Counter(fs.ward), "patients appeared or vanished (SOM.2.4)"
            for f, n in fs.ward.items():
                assert f in g.factions and f != g.factions[s] and n > 0
            assert g.count_token(s, "web") <= 24
            assert all(g.count_building(s, k) <= 3 for k in INFIRMARY_KINDS)
        if isinstance(fs, WyrmState):
            p = g.pawn[s]
            if g.phase != "setup" or p:
                assert 0 < p < len(g.suits) or FOREST <= p < FOREST + len(g.board.forests), \
                    "the Wyrm left the map (VW.2.3)"
                assert p != g.board.burrow or not p
            assert g.count_kinds(s, FEAR_KINDS) <= 8
            for c in g.clearings():
                assert sum(1 for x in g.tokens[c] if x[0] == s and x[1] in FEAR_KINDS) <= 1
            assert all(0 <= x <= m for x, m in zip(fs.growth, START, strict=True))
            assert 0 <= fs.treasures <= 3


def check_map_and_cards(g: Game) -> None:
    """Appendix C pieces and the E&P cards' state: closed paths only come off (C.3.3),
    the Ferry stays on the lake (C.2.5), warriors on Coffin Makers are warriors the
    factions own, exhausted items are items in the Crafted Items box."""
    b = g.board
    assert set(g.closed) <= set(b.closed_at_setup)
    adj = adjacency(len(b.clearings), b.paths, g.closed)
    if b.burrow:  # 12.2.2: the Burrow is adjacent to the clearings with a tunnel
        ud = g.seat_of("duchy")
        tunnels = tuple(c for c in g.clearings() if (ud, "tunnel") in g.tokens[c])
        adj = link_burrow(adj, b.burrow, tunnels)
        check_burrow(g, ud)
    assert g.adj == adj
    if g.landmarks is None:
        assert (g.ferry in b.coastal) if b.coastal else g.ferry == 0
    else:  # the Ferry's card: on a river, or no Ferry (A.5, Appendix F)
        assert not g.ferry or b.river_adj[g.ferry]
    for s, fd in enumerate(g.fdefs):
        assert g.cards.coffins[s] >= 0
        assert sum(g.warriors[s]) - g.borrowed_total(s) + g.cards.coffins[s] <= fd.warriors
        ex = g.cards.exhausted[s]
        if ex:
            assert not +(Counter(ex) - Counter(g.items[s])), "an exhausted item is not there"
    if g.cards.coffin_seat < 0:
        assert not any(g.cards.coffins)
    else:
        assert "coffin_makers" in g.played[g.cards.coffin_seat]
    for s in range(len(g.factions)):
        weight = g.token_rule[s] if g.token_rule else 0
        assert weight == (2 if "soup_kitchens" in g.played[s] else 0)
    check_piece_index(g)


def check_piece_index(g: Game) -> None:
    """The piece index the engine keeps as pieces come and go (``Game._index_add`` and
    ``_index_remove``) says what the map holds: each owner's kinds by clearing or forest
    (``piece_clearings``), and each clearing's owners (``has_any_piece``)."""
    where: dict[tuple[int, str], list[int]] = {}
    for c in range(1, len(g.buildings)):
        pieces = g.buildings[c] + g.tokens[c]
        assert sorted(g._owners[c]) == sorted(o for o, _ in pieces), f"owners of {c}"
        for o, kind in pieces:
            where.setdefault((o, kind), []).append(c)
    for i, pieces in enumerate(g.forest_tokens):
        for o, kind in pieces:
            where.setdefault((o, kind), []).append(FOREST + i)
    indexed = {(o - 1, kind): list(cs) for o, kinds in enumerate(g._where)
               for kind, cs in kinds.items()}
    assert indexed == where, "the piece index differs from the map"


def check_burrow(g: Game, ud: int) -> None:
    """12.2.2: only the Duchy's warriors are ever in the Burrow, which has no suit, no
    buildings or tokens, and which the Duchy rules; no pawn goes there."""
    k = g.board.burrow
    assert g.suits[k] == "" and not g.buildings[k] and not g.tokens[k]
    assert g.ruler(k) == ud
    for s in range(len(g.factions)):
        assert s == ud or not g.warriors[s][k], "a non-Duchy warrior in the Burrow"
        assert g.pawn[s] != k, "a pawn in the Burrow"
    from rootlaw.factions.duchy import CROWNS_PER_RANK, crowns_gone

    # 12.5.3, 12.2.3: each rank's crowns are on the board, on a swayed minister or gone
    gone = crowns_gone(g, ud)
    assert all(0 <= n <= CROWNS_PER_RANK for n in gone)
    assert all(0 <= n <= CROWNS_PER_RANK for n in g.fstate[ud].crowns)


def check_scores(g: Game) -> None:
    total = Counter()
    for e in g.log:
        if e[0] == "s":
            total[e[1]] += e[2]
    for f in g.factions:
        assert g.scores[f] == total[f], f"{f}'s score is not the sum of its scoring events"


def check_options(g: Game) -> None:
    """Every listed option applies; unlisted ones are refused with the state unchanged."""
    d = g.decision
    assert d is not None and len(d.options) >= 2
    assert len(set(d.options)) == len(d.options), "an option is listed twice"
    for o in d.options:
        assert type(o) is tuple and has_text_form(o[0]) and label(o), f"{o!r} has no label"
        c = g.copy()
        c.apply(o)
    before = g.to_json()
    bogus: list[tuple[object, ...]] = [("no such verb",), d.options[0] + (99,)]
    first = d.options[0]
    if len(first) > 1:
        bogus.append((first[0], 999) + tuple(first[2:]))
    for b in bogus:
        if b in d.options:
            continue
        with pytest.raises(rootlaw.IllegalAction):
            g.apply(b)
        assert g.to_json() == before, "a refused option changed the state"


def check_save_load(g: Game) -> None:
    text = g.to_json()
    g2 = Game.from_json(text)
    assert g2.to_json() == text
    d, d2 = g.decision, g2.decision
    assert d is not None and d2 is not None
    assert (d.seat, d.kind, d.options) == (d2.seat, d2.kind, d2.options)
    c = g.copy()
    assert c.to_json() == text, "copy() differs from the original"


def check_hidden(g: Game, rnd: random.Random) -> None:
    """A view never shows another seat's hand or the deck order: changing them
    (same sizes) must not change the view."""
    for seat in g.factions:
        me = g.seat_of(seat)
        view = g.view(seat)
        json.dumps(view)
        public = [o for o, fd in enumerate(g.fdefs) if fd.public_hand]  # 11.2.3
        for f, p in view["players"].items():
            assert ("hand" in p) == (f == seat or g.seat_of(f) in public)
        assert "deck" not in view and "rng" not in view
        c = g.copy()
        hidden = [o for o in range(len(c.factions)) if o != me and o not in public]
        pool = c.deck[:]
        for o in hidden:
            pool += c.hands[o]
        rnd.shuffle(pool)
        c.deck = pool[: len(c.deck)]
        pool = pool[len(c.deck):]
        for o in hidden:
            n = len(c.hands[o])
            c.hands[o], pool = pool[:n], pool[n:]
        c.peeks = g.peeks
        rnd.shuffle(c.quest_deck)
        for o, fd in enumerate(c.fdefs):  # face-down pieces (13.2.2 plots) shuffled
            pools = {k: rnd.sample(v, len(v)) for k, v in fd.hidden(c, o, me).items()
                     if k != "cards"}
            if pools:
                fd.set_hidden(c, o, me, pools)
        shuffle_market(c, rnd)
        ruins = [x for x in g.clearings() if c.ruin_items[x]]
        pool2 = [i for x in ruins for i in c.ruin_items[x]]
        rnd.shuffle(pool2)
        for x in ruins:
            n = len(c.ruin_items[x])
            c.ruin_items[x], pool2 = tuple(pool2[:n]), pool2[n:]
        assert c.view(seat) == view, "the view depends on hidden cards or pieces"
    c = g.copy()
    shuffle_market(c, rnd)
    for o, fd in enumerate(c.fdefs):  # the public view: every face-down piece shuffled
        pools = {k: rnd.sample(v, len(v)) for k, v in fd.hidden(c, o, -1).items()
                 if k != "cards"}
        if pools:
            fd.set_hidden(c, o, -1, pools)
    assert c.view(None) == g.view(None), "the public view depends on face-down pieces"


def shuffle_market(g: Game, rnd: random.Random) -> None:
    """The Black Market's face-down cards (Appendix F) dealt again from themselves and
    the deck: nobody may tell them apart."""
    lm = g.landmarks
    if lm is None or not lm.market_cards:
        return
    pool = list(lm.market_cards) + g.deck
    rnd.shuffle(pool)
    market = lm.copy()
    market.market_cards = tuple(sorted(pool[:len(lm.market_cards)]))
    g.deck = pool[len(lm.market_cards):]
    g.landmarks = market


def play_checked(seed: int, factions: list[str] | None = None,
                 setup: dict[str, str] | None = None, stall_turns: int = 0) -> Game:
    """A random game with every invariant checked. With ``stall_turns``, a game in
    which nobody scores for that many turns stops there, unfinished (STALLING_MIXES)."""
    rnd = random.Random(seed)
    g = rootlaw.new_game(factions=factions or [M, E], seed=seed, **(setup or {}))
    offset = rnd.randrange(SAMPLE_EVERY)
    items = "vagabot" not in g.factions  # the Vagabot's items are generic (Rootbotics 7.2)
    n = 0
    scored, last_score = 0, 0
    while not g.is_over:
        assert n < MAX_DECISIONS, "the game did not end"
        if stall_turns:
            total = sum(g.scores.values())
            if total != scored:
                scored, last_score = total, g.turn_no
            elif g.turn_no - last_score > stall_turns:
                check_conservation(g, items)
                check_scores(g)
                return g
        check_conservation(g, items)
        if n % SAMPLE_EVERY == offset:
            check_options(g)
            check_save_load(g)
            check_hidden(g, rnd)
            check_scores(g)
        opts = g.decision.options
        g.apply(opts[rnd.randrange(len(opts))])
        n += 1
    check_conservation(g, items)
    check_scores(g)
    assert g.decision is None and g.winners
    assert max(g.scores.values()) >= 30 or g.win_reason == "dominance"
    return g


@pytest.mark.parametrize("batch", range(max(1, GAMES // BATCH)))
def test_random_games_keep_invariants(batch: int) -> None:
    mix = MIXES[batch % len(MIXES)]
    for seed in range(batch * BATCH, (batch + 1) * BATCH):
        g = play_checked(seed, mix, setup_of(seed))
        if seed % 5 == 0:  # replay from the record reproduces the game exactly
            again = Game.replay(g.setup, g.log)
            assert again.to_json() == g.to_json(), f"replay of seed {seed} differs"


@pytest.mark.parametrize("batch", range(max(1, EXPANSION_GAMES // BATCH)))
def test_random_games_with_lizards_and_riverfolk(batch: int) -> None:
    mix = EXPANSION_MIXES[batch % len(EXPANSION_MIXES)]
    for seed in range(batch * BATCH, (batch + 1) * BATCH):
        g = play_checked(seed, mix, setup_of(seed))
        if seed % 5 == 0:
            again = Game.replay(g.setup, g.log)
            assert again.to_json() == g.to_json(), f"replay of seed {seed} differs"


@pytest.mark.parametrize("batch", range(max(1, DUCHY_GAMES // DUCHY_BATCH)))
def test_random_games_with_duchy(batch: int) -> None:
    mix = DUCHY_MIXES[batch % len(DUCHY_MIXES)]
    for seed in range(batch * DUCHY_BATCH, (batch + 1) * DUCHY_BATCH):
        g = play_checked(seed, mix, setup_of(seed))
        if seed % 5 == 0:
            again = Game.replay(g.setup, g.log)
            assert again.to_json() == g.to_json(), f"replay of seed {seed} differs"


@pytest.mark.parametrize("batch", range(max(1, CORVID_GAMES // BATCH)))
def test_random_games_with_corvids(batch: int) -> None:
    """Every mix in turn, eight seeds each: every map with both decks (setup_of)."""
    for seed in range(batch * BATCH, (batch + 1) * BATCH):
        mix = CORVID_MIXES[seed // 8 % len(CORVID_MIXES)]
        g = play_checked(seed, mix, setup_of(seed))
        if seed % 5 == 0:
            again = Game.replay(g.setup, g.log)
            assert again.to_json() == g.to_json(), f"replay of seed {seed} differs"


@pytest.mark.parametrize("batch", range(max(1, HUNDREDS_GAMES // BATCH)))
def test_random_games_with_hundreds(batch: int) -> None:
    """Every mix in turn, eight seeds each: every map with both decks (setup_of)."""
    for seed in range(batch * BATCH, (batch + 1) * BATCH):
        mix = HUNDREDS_MIXES[seed // 8 % len(HUNDREDS_MIXES)]
        g = play_checked(seed, mix, setup_of(seed))
        if seed % 5 == 0:
            again = Game.replay(g.setup, g.log)
            assert again.to_json() == g.to_json(), f"replay of seed {seed} differs"


@pytest.mark.parametrize("batch", range(max(1, KEEPERS_GAMES // BATCH)))
def test_random_games_with_keepers(batch: int) -> None:
    """Every mix in turn, eight seeds each: every map with both decks (setup_of)."""
    for seed in range(batch * BATCH, (batch + 1) * BATCH):
        mix = KEEPERS_MIXES[seed // 8 % len(KEEPERS_MIXES)]
        g = play_checked(seed, mix, setup_of(seed))
        if seed % 5 == 0:
            again = Game.replay(g.setup, g.log)
            assert again.to_json() == g.to_json(), f"replay of seed {seed} differs"


@pytest.mark.parametrize("batch", range(max(1, CRUSADER_GAMES // BATCH)))
def test_random_games_with_spinners_and_wyrm(batch: int) -> None:
    """Every mix in turn, seed by seed (200 games give each mix five or six: every map,
    both decks)."""
    for seed in range(batch * BATCH, (batch + 1) * BATCH):
        mix = CRUSADER_MIXES[seed % len(CRUSADER_MIXES)]
        g = play_checked(seed, mix, setup_of(seed))
        if seed % 5 == 0:
            again = Game.replay(g.setup, g.log)
            assert again.to_json() == g.to_json(), f"replay of seed {seed} differs"


def kings_host_game(seed: int) -> tuple[list[str], dict[str, str]]:
    """The mix and setup of a seed: every mix in turn, eight seeds each (every map with
    both decks), one game in five by the Advanced Setup (their corners as homelands,
    A.8.2), as any mix of five corner factions or more (section 5)."""
    mix = KINGS_HOST_MIXES[seed // 8 % len(KINGS_HOST_MIXES)]
    corners = sum(1 for f in mix if rootlaw.FACTIONS[f].corner_setup)
    advanced = {"setup": "advanced"} if corners > 4 or seed % 5 == 4 else {}
    return mix, {**setup_of(seed), **advanced}


@pytest.mark.parametrize("batch", range(max(1, KINGS_HOST_GAMES // BATCH)))
def test_random_games_with_borough_kings_and_host_of_light(batch: int) -> None:
    """Every mix in turn, eight seeds each: every map with both decks (setup_of)."""
    for seed in range(batch * BATCH, (batch + 1) * BATCH):
        mix, setup = kings_host_game(seed)
        g = play_checked(seed, mix, setup)
        if seed % 5 == 0:
            again = Game.replay(g.setup, g.log)
            assert again.to_json() == g.to_json(), f"replay of seed {seed} differs"


@pytest.mark.parametrize("batch", range(max(1, STALLING_GAMES // STALLING_BATCH)))
def test_random_games_of_mixes_that_can_stall(batch: int) -> None:
    """Most of these games end; the rest stop after STALL_TURNS turns without a point.
    Stalls stay rare (under one game in four in every batch)."""
    stalled = 0
    for seed in range(batch * STALLING_BATCH, (batch + 1) * STALLING_BATCH):
        mix = STALLING_MIXES[seed % len(STALLING_MIXES)]
        g = play_checked(seed, mix, setup_of(seed), stall_turns=STALL_TURNS)
        stalled += not g.is_over
        if seed % 5 == 0:
            again = Game.replay(g.setup, g.log)
            assert again.to_json() == g.to_json(), f"replay of seed {seed} differs"
    assert stalled < STALLING_BATCH // 4, f"{stalled} of {STALLING_BATCH} games stalled"


def test_same_seed_same_game() -> None:
    a, b = play_checked(12345), play_checked(12345)
    assert a.to_json() == b.to_json()


def test_save_load_mid_decision_continues_identically() -> None:
    rnd = random.Random(5)
    g = rootlaw.new_game(factions=["marquise", "eyrie"], seed=77)
    for _ in range(150):
        opts = g.decision.options
        g.apply(opts[rnd.randrange(len(opts))])
    loaded = Game.from_json(g.to_json())
    r1, r2 = random.Random(9), random.Random(9)
    while not g.is_over:
        g.apply(g.decision.options[r1.randrange(len(g.decision.options))])
        loaded.apply(loaded.decision.options[r2.randrange(len(loaded.decision.options))])
    assert loaded.to_json() == g.to_json()


def test_copy_is_independent() -> None:
    g = rootlaw.new_game(factions=["marquise", "eyrie"], seed=3)
    rnd = random.Random(1)
    for _ in range(60):
        g.apply(g.decision.options[rnd.randrange(len(g.decision.options))])
    before = g.to_json()
    c = g.copy()
    for _ in range(200):
        if c.is_over:
            break
        c.apply(c.decision.options[rnd.randrange(len(c.decision.options))])
    assert g.to_json() == before
