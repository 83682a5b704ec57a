"""Law of Root, Appendix A: the Advanced Setup (A.1-A.10), the faction setup cards'
homelands (A.8.2.I-II) on every map, and games of five and six players (section 5)."""
from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

import rootlaw
from rootlaw import Game, IllegalAction, SetupError
from rootlaw.core.advanced import CHARACTERS, SETUP_CARDS
from rootlaw.core.faction_api import FACTIONS
from rootlaw.factions.vagabond import VagabondState

SHARED = Path(__file__).resolve().parents[3] / "shared" / "data"
DATA = Path(rootlaw.__file__).parent / "data"
MAPS = ("fall", "winter", "lake", "mountain")
MILITANT = [f for f, c in SETUP_CARDS.items() if c == "militant"]
INSURGENT = [f for f, c in SETUP_CARDS.items() if c == "insurgent"]


def advanced(factions: list[str], forced: list[list[Any]] | None = None, seed: int = 1,
             map: str = "fall", deck: str = "standard", **options: Any) -> Game:
    """A game of the Advanced Setup with forced random results (the engine's own order of
    draws: seating, starting player, then the setup cards)."""
    return Game.new(factions, map=map, deck_name=deck, seed=seed, forced=forced or [],
                    options={"setup": "advanced", **options})


def pool_forcing(pool: list[str], taken: tuple[str, ...] = (),
                 players: int = 3) -> list[list[Any]]:
    """Forced shuffles that deal ``pool`` in order (A.8.1: its first card militant)."""
    militant = [f for f in MILITANT if f not in taken]
    insurgent = [f for f in INSURGENT if f not in taken] if players != 2 else []
    assert pool[0] in militant
    first = [f for f in militant if f != pool[0]] + [pool[0]]  # dealt from the top (end)
    rest = [f for f in militant if f != pool[0]] + insurgent
    others = [f for f in rest if f not in pool[1:]]
    return [["militant_setup_cards", first],
            ["setup_cards", others + list(reversed(pool[1:]))]]


def draft(players: int, pool: list[str], first: int = 0, seed: int = 1,
          map: str = "fall", bots: tuple[str, ...] = ()) -> Game:
    seats = [f"seat{i + 1}" for i in range(players - len(bots))] + list(bots)
    taken = tuple(FACTIONS[b].replaces for b in bots)
    return advanced(seats, [["seating", seats], ["starting_player", first],
                            *pool_forcing(pool, taken, players)], seed=seed, map=map)


def opts(g: Game) -> list[Any]:
    assert g.decision is not None
    return list(g.decision.options)


def choose(g: Game, faction: str) -> None:
    for o in opts(g):
        if o[0] in ("draft", "draft_vagabond") and o[1] == faction:
            g.apply(o)
            return
    raise AssertionError(f"{faction} not offered: {opts(g)}")


def finish_setup(g: Game, rng: random.Random | None = None) -> None:
    rng = rng or random.Random(0)
    while g.turn_no == 0 and not g.is_over:
        g.apply(rng.choice(opts(g)))


# ------------------------------------------------------------------- A.1-A.3
def test_A_1_variant_maps_shuffle_suit_markers_fall_keeps_printed() -> None:
    """A.1: a variant map's setup modifications, then the suit markers (random); the Fall
    map keeps its printed suits unless the group asks for markers (rulings.md)."""
    fall = rootlaw.new_game(players=3, setup="advanced", seed=2)
    assert fall.suits == fall.board.printed_suits
    lake = rootlaw.new_game(players=3, setup="advanced", map="lake", seed=2)
    assert any(e[:2] == ("r", "suit_markers") for e in lake.log)
    assert Counter(lake.suits[1:13]) == {"fox": 4, "rabbit": 4, "mouse": 4}
    assert lake.ferry == lake.board.ferry_start  # C.2.1
    mountain = rootlaw.new_game(players=3, setup="advanced", map="mountain", seed=2)
    assert mountain.closed == mountain.board.closed_at_setup  # C.3.1
    marked = rootlaw.new_game(players=3, setup="advanced", suits="random", seed=2)
    assert any(e[:2] == ("r", "suit_markers") for e in marked.log)
    # 5.1.4 ruins and 5.1.5 the item supply, as normal
    assert [c for c in fall.clearings() if (-1, "ruin") in fall.buildings[c]] == [6, 10, 11, 12]
    assert fall.supply["sword"] == 2


def test_A_2_exiles_and_partisans_deck() -> None:
    g = rootlaw.new_game(players=4, setup="advanced", deck="exiles_partisans", seed=5)
    assert g.deckdef.ep
    finish_setup(g)
    assert all(c in g.deckdef.cards for h in g.hands for c in h)


def test_A_3_bots_take_seats_and_are_not_drafted() -> None:
    """A.3: bots chosen by the group take seats; the draft deals the other players' cards
    only, without the factions the bots use (Rootbotics 3.2); bots draw no cards (3.4)."""
    g = rootlaw.new_game(players=4, bots=["electric_eyrie", "vagabot"], setup="advanced",
                         seed=3)
    assert sorted(f for f in g.factions if not f.startswith("seat")) == [
        "electric_eyrie", "vagabot"]
    a = g.adv
    assert a is not None and len(a.pool) == 3  # two choosing players, plus one
    assert not {"eyrie", "vagabond"} & {f for f, _ in a.pool}
    for s, fd in enumerate(g.fdefs):
        assert len(g.hands[s]) == (0 if fd.is_bot else 5)


# ------------------------------------------------------------------- A.4
def test_A_4_seating_and_first_player_are_random_and_first_player_begins() -> None:
    firsts, orders = set(), set()
    for seed in range(30):
        g = rootlaw.new_game(players=3, bots=["vagabot"], setup="advanced", seed=seed)
        a = g.adv
        assert a is not None
        firsts.add(a.first)
        orders.add(g.factions.index("vagabot"))
        finish_setup(g, random.Random(seed))
        # the first player's turn was turn 1 (bots play theirs without stopping)
        assert (g.turn_seat - (g.turn_no - 1)) % 3 == a.first
    assert firsts == {0, 1, 2} and orders == {0, 1, 2}


def test_A_4_undrafted_seats_are_named_in_seating_order() -> None:
    g = rootlaw.new_game(players=5, bots=["mechanical_marquise"], setup="advanced", seed=8)
    names = [f for f in g.factions if f != "mechanical_marquise"]
    assert names == ["seat1", "seat2", "seat3", "seat4"]  # in seating order, bots between
    for i, f in enumerate(g.factions):
        assert g.seat_of(f) == i
    finish_setup(g, random.Random(8))
    for i, f in enumerate(g.factions):  # a seat keeps its name once it has chosen
        assert g.seat_of(f) == i and g.seat_of(g.adv.names[i]) == i
    assert Game.from_json(g.to_json()).seat_of("seat3") == g.seat_of("seat3")


# ------------------------------------------------------------------- A.5-A.6
def test_A_5_and_A_6_without_landmarks_or_hirelings_are_skipped() -> None:
    """A.5, A.6: optional; with none chosen, no step asks anything."""
    g = rootlaw.new_game(players=3, setup="advanced", seed=1)
    assert g.decision is not None and g.decision.kind == "draft"
    assert not g.forest_tokens or all(not t for t in g.forest_tokens)


# ------------------------------------------------------------------- A.7
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_A_7_five_cards_each_and_dominance_only_at_two_players(players: int) -> None:
    g = rootlaw.new_game(players=players, setup="advanced", seed=players)
    assert [len(h) for h in g.hands] == [5] * players
    cards = list(g.deck) + [c for h in g.hands for c in h]
    dominance = [c for c in cards if g.card(c).kind == "dominance"]
    assert len(dominance) == (0 if players == 2 else 4)
    assert len(cards) == 54 - len([c for c in g.deckdef.contents
                                   if g.card(c).kind == "dominance"]) * (players == 2)


def test_A_7_with_bots_rootbotics_3_4_decides_the_dominance_cards() -> None:
    """Rootbotics 3.4 replaces the two-player rule: one or two humans remove them."""
    def dominance(g: Game) -> int:
        return sum(1 for c in g.deck if g.card(c).kind == "dominance")
    two_humans = rootlaw.new_game(players=4, bots=["vagabot", "electric_eyrie"],
                                  setup="advanced", seed=1)
    assert dominance(two_humans) == 0
    three_humans = rootlaw.new_game(players=4, bots=["vagabot"], setup="advanced", seed=1)
    assert dominance(three_humans) + sum(
        1 for h in three_humans.hands for c in h
        if three_humans.card(c).kind == "dominance") == 4


# ------------------------------------------------------------------- A.8.1
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_A_8_1_pool_holds_one_card_more_than_players_first_militant(players: int) -> None:
    for seed in range(8):
        g = rootlaw.new_game(players=players, setup="advanced", seed=seed)
        a = g.adv
        assert a is not None
        pool = [f for f, _ in a.pool]
        assert len(pool) == players + 1 and len(set(pool)) == len(pool)
        dealt = next(e for e in g.log if e[0] == "setup_cards")
        assert SETUP_CARDS[dealt[1][0][0]] == "militant"
        if players == 2:  # A.8.1.I
            assert all(SETUP_CARDS[f] == "militant" for f in pool)


def test_A_8_1_II_last_insurgent_is_locked_until_a_militant_is_chosen() -> None:
    g = draft(3, ["marquise", "alliance", "riverfolk", "lizards"], first=0)
    # the last player (seat3) chooses first: the Lizards' card is locked
    assert g.decision is not None and g.decision.seat == "seat3"
    assert ("draft", "lizards") not in opts(g)
    with pytest.raises(IllegalAction, match="A.8.1.II"):
        g.apply(("draft", "lizards"))
    choose(g, "alliance")
    while g.decision.kind != "draft":
        g.apply(opts(g)[0])
    assert g.decision.seat == "seat2" and ("draft", "lizards") not in opts(g)
    choose(g, "marquise")
    while g.decision.kind != "draft":
        g.apply(opts(g)[0])
    assert g.decision.seat == "seat1" and ("draft", "lizards") in opts(g)


def test_A_8_1_II_an_insurgent_dealt_earlier_is_not_locked() -> None:
    g = draft(3, ["marquise", "lizards", "alliance", "eyrie"])
    assert g.adv is not None and g.adv.locked == ""
    assert {o[1] for o in opts(g)} == {"marquise", "lizards", "alliance", "eyrie"}


def test_A_8_1_III_a_vagabond_card_brings_a_character_the_chooser_must_use() -> None:
    seats = ["seat1", "seat2", "seat3"]
    g = advanced(seats, [["seating", seats], ["starting_player", 0],
                         *pool_forcing(["eyrie", "vagabond", "alliance", "riverfolk"]),
                         ["setup_character", CHARACTERS.index("ronin")]])
    assert ("draft_vagabond", "vagabond", "ronin") in opts(g)
    choose(g, "vagabond")
    assert g.factions[2] == "vagabond"
    vs = g.fstate[2]
    assert isinstance(vs, VagabondState)
    assert vs.character == "ronin"  # A.8.1.III: no other character offered
    assert g.decision is not None and g.decision.kind == "setup_forest"


# ------------------------------------------------------------------- A.8.2
def test_A_8_2_choosing_goes_counterclockwise_from_the_last_player() -> None:
    g = rootlaw.new_game(players=5, setup="advanced", seed=9)
    a = g.adv
    assert a is not None
    order = []
    rng = random.Random(1)
    while g.turn_no == 0:
        d = g.decision
        assert d is not None
        if d.kind == "draft":
            order.append(g.seat_of(d.seat))
        g.apply(rng.choice(d.options))
    assert order == [(a.first - 1 - i) % 5 for i in range(5)]


def test_A_8_2_each_player_sets_up_before_the_next_chooses() -> None:
    g = draft(3, ["eyrie", "alliance", "riverfolk", "marquise"], first=0)
    choose(g, "eyrie")  # seat3
    assert g.decision.kind == "setup_homeland" and g.decision.seat == "eyrie"
    g.apply(opts(g)[0])
    assert g.count_building(2, "roost") == 1 and sum(g.warriors[2]) == 6
    while g.decision.kind != "draft":
        g.apply(opts(g)[0])
    assert g.decision.seat == "seat2"


def test_A_8_2_factions_given_set_up_by_their_cards_in_reverse_turn_order() -> None:
    g = advanced(["marquise", "eyrie", "lizards"],
                 [["seating", ["marquise", "eyrie", "lizards"]], ["starting_player", 1]])
    assert g.decision is not None and g.decision.seat == "marquise"  # first-1 = seat 0
    assert g.decision.kind == "setup_homeland"
    seen = []
    rng = random.Random(2)
    while g.turn_no == 0:
        d = g.decision
        if d.seat not in seen and d.kind != "starting_hand":
            seen.append(d.seat)
        g.apply(rng.choice(d.options))
    assert seen[:3] == ["marquise", "lizards", "eyrie"]


# ------------------------------------------------------------------- homelands
def _map(name: str) -> dict[str, Any]:
    return json.loads((DATA / "maps.json").read_text())["maps"][name]


def _edge(name: str) -> set[int]:
    helpers = json.loads((SHARED / "landmarks.json").read_text())["derived_map_helpers"]
    return set(helpers["by_map"][name]["edge"])


def _distances(name: str, sources: set[int]) -> dict[int, int]:
    m = _map(name)
    closed = {tuple(sorted(p)) for p in m.get("closed_paths_at_setup", [])}
    adj: dict[int, set[int]] = {c["id"]: set() for c in m["clearings"]}
    for a, b in m["paths"]:
        if tuple(sorted((a, b))) not in closed:
            adj[a].add(b)
            adj[b].add(a)
    dist = {c: 99 for c in adj}
    frontier = list(sources)
    for c in frontier:
        dist[c] = 0
    while frontier:
        nxt = []
        for c in frontier:
            for x in adj[c]:
                if dist[x] == 99:
                    dist[x] = dist[c] + 1
                    nxt.append(x)
        frontier = nxt
    return dist


def _free_slots(name: str) -> dict[int, int]:
    return {c["id"]: c["building_slots"] - int(c["ruin"]) for c in _map(name)["clearings"]}


def _expected(name: str, enemy: int, among: set[int], slots: int, spacing: int) -> set[int]:
    free = _free_slots(name)
    cands = {c for c in among if c != enemy and free[c] >= slots}
    dist = _distances(name, {enemy})
    for level in range(spacing, 1, -1):
        ok = {c for c in cands if dist[c] >= level}
        if ok:
            return ok
    return cands


def _after_corvids(faction: str, name: str, enemy: int) -> Game:
    """``faction`` about to choose its homeland, the Corvids' homeland at ``enemy``."""
    g = advanced([faction, "corvids"], [["seating", [faction, "corvids"]],
                                        ["starting_player", 0]], map=name,
                 suits="random")
    assert g.decision.seat == "corvids" and g.decision.kind == "setup_homeland"
    g.apply(("homeland", enemy))
    while g.decision.seat == "corvids":
        g.apply(opts(g)[0])
    while g.decision.kind != "setup_homeland" and not g.adv.homelands[0]:
        g.apply(opts(g)[0])
    return g


def homeland_choices(g: Game) -> set[int]:
    """The homelands offered now; a single one was taken without asking."""
    if g.adv.homelands[0] and g.decision.kind != "setup_homeland":
        return {g.adv.homelands[0][0]}
    return {o[1] for o in opts(g)}


# (faction, on the map edge, building slots needed, spacing: 3 far, 2 not adjacent, 0)
HOMELAND_RULES = [("eyrie", True, 1, 3), ("hundreds", True, 1, 3), ("lizards", False, 1, 2),
                  ("duchy", False, 0, 2), ("corvids", False, 0, 0)]


@pytest.mark.parametrize("name", MAPS)
@pytest.mark.parametrize("faction,edge,slots,spacing", HOMELAND_RULES)
def test_A_8_2_I_II_homeland_choices_on_every_map(name: str, faction: str, edge: bool,
                                                   slots: int, spacing: int) -> None:
    """A.8.2.I: never an enemy homeland, room for the pieces; A.8.2.II: two or more
    clearings between (else not adjacent, else any), or not adjacent (else any); the
    Eyrie and the Hundreds on the map edge. Every enemy homeland on every map."""
    if faction == "corvids":
        pytest.skip("the Corvids are the enemy here; their own rule: any clearing")
    among = _edge(name) if edge else set(range(1, 13))
    for enemy in range(1, 13):
        g = _after_corvids(faction, name, enemy)
        got = homeland_choices(g)
        want = _expected(name, enemy, among, slots, spacing)
        assert got == want, (name, faction, enemy)


@pytest.mark.parametrize("name", MAPS)
def test_A_8_2_I_corvids_homeland_any_but_an_enemy_homeland(name: str) -> None:
    g2 = advanced(["corvids", "eyrie"], [["seating", ["corvids", "eyrie"]],
                                         ["starting_player", 0]], map=name)
    assert g2.decision.seat == "eyrie"
    home = opts(g2)[0][1]
    g2.apply(("homeland", home))
    while g2.decision.seat != "corvids":
        g2.apply(opts(g2)[0])
    assert {o[1] for o in opts(g2)} == set(range(1, 13)) - {home}


@pytest.mark.parametrize("name", MAPS)
def test_A_8_2_marquise_three_connected_homelands_keep_not_adjacent_if_able(
        name: str) -> None:
    for enemy in range(1, 13):
        g = _after_corvids("marquise", name, enemy)
        keep_choices = homeland_choices(g)
        dist = _distances(name, {enemy})
        far = {c for c in range(1, 13) if c != enemy and dist[c] >= 2}
        assert keep_choices <= far or not (far & keep_choices)
        assert enemy not in keep_choices
        while g.decision.seat == "marquise" and g.decision.kind == "setup_homeland":
            mine = g.adv.homelands[0]
            offered = {o[1] for o in opts(g)}
            assert enemy not in offered and not offered & set(mine)
            g.apply(min(opts(g)))
        homes = g.adv.homelands[0]
        assert homes[0] in keep_choices and (0, "keep") in g.tokens[homes[0]]
        m = _map(name)
        links = sum(1 for a, b in m["paths"] if a in homes and b in homes)
        assert len(set(homes)) == 3 and links >= 2  # connected
        while g.decision.seat == "marquise" and g.decision.kind == "setup_building":
            placed = {o[2] for o in opts(g)}
            assert placed <= set(homes)
            g.apply(opts(g)[0])
        assert sorted(c for c in homes if any(p[0] == 0 and p[1] != "keep"
                                              for p in g.buildings[c])) == sorted(homes)
        for c in range(1, 13):  # one in every clearing, two in each homeland
            assert g.warriors[0][c] == (2 if c in homes else 1)


@pytest.mark.parametrize("name", MAPS)
def test_A_8_2_keepers_two_adjacent_edge_homelands_far_from_enemies(name: str) -> None:
    edge = _edge(name)
    m = _map(name)
    closed = {tuple(sorted(p)) for p in m.get("closed_paths_at_setup", [])}
    paths = {tuple(sorted(p)) for p in m["paths"]} - closed
    for enemy in range(1, 13):
        g = _after_corvids("keepers", name, enemy)
        dist = _distances(name, {enemy})
        pairs = [(a, b) for a, b in paths if a in edge and b in edge and enemy not in (a, b)]
        for level in (3, 2):
            ok = [p for p in pairs if min(dist[p[0]], dist[p[1]]) >= level]
            if ok:
                pairs = ok
                break
        want = {c for p in pairs for c in p}
        assert homeland_choices(g) == want, (name, enemy)
        if not g.adv.homelands[0]:
            g.apply(("homeland", min(want)))
        first = g.adv.homelands[0][0]
        partners = {b if a == first else a for a, b in pairs if first in (a, b)}
        if g.decision.kind == "setup_homeland" and g.decision.seat == "keepers":
            assert {o[1] for o in opts(g)} == partners
            g.apply(("homeland", min(partners)))
        second = g.adv.homelands[0][1]
        assert second in partners
        assert g.warriors[0][first] == 4 and g.warriors[0][second] == 4
        relics = sum(len(t) for t in g.forest_tokens)
        assert relics == 12  # 15.3.1 and 15.3.3: every relic placed


def test_A_8_2_lizards_and_duchy_spread_as_evenly_as_possible() -> None:
    g = _after_corvids("lizards", "fall", 3)
    g.apply(("homeland", 9))  # adjacent to 1, 4 and 12 on Fall
    while g.decision.kind == "setup_spread":
        g.apply(opts(g)[0])
    assert g.warriors[0][9] == 4 and [g.warriors[0][c] for c in (1, 4, 12)] == [1, 1, 1]
    assert g.fstate[0].acolytes == 2  # the setup card's two acolytes
    assert sum(g.warriors[0]) + 2 == 9
    d = _after_corvids("duchy", "fall", 3)
    d.apply(("homeland", 9))
    while d.decision.kind == "setup_spread":
        d.apply(opts(d)[0])
    assert sorted(d.warriors[0][c] for c in (1, 4, 12)) == [1, 2, 2]
    assert d.warriors[0][9] == 2 and (0, "tunnel") in d.tokens[9]
    assert d.board.burrow and d.warriors[0][d.board.burrow] == 0  # not the Burrow


def test_A_8_2_I_a_homeland_an_enemy_holds_is_refused_with_the_rule() -> None:
    g = _after_corvids("eyrie", "fall", 1)
    with pytest.raises(IllegalAction) as e:
        g.apply(("homeland", 1))
    assert e.value.rule == "A.8.2"
    assert g.adv.homelands[0] == ()


def test_A_8_2_I_needs_room_for_the_listed_pieces() -> None:
    """A clearing whose only slot holds a ruin cannot be the Eyrie's homeland (roost)."""
    g = _after_corvids("eyrie", "mountain", 12)
    free = _free_slots("mountain")
    assert all(free[o[1]] >= 1 for o in opts(g))


def test_A_8_2_bots_avoid_enemy_homelands() -> None:
    for seed in range(20):
        g = rootlaw.new_game(factions=["mechanical_marquise", "electric_eyrie", "hundreds",
                                       "keepers", "lizards"], setup="advanced", seed=seed)
        finish_setup(g, random.Random(seed))
        a = g.adv
        homes = [c for h in a.homelands for c in h]
        assert len(homes) == len(set(homes)), homes
        mm = g.seat_of("mechanical_marquise")
        assert a.homelands[mm] and (mm, "keep") in g.tokens[a.homelands[mm][0]]


# ------------------------------------------------------------------- A.9-A.10
def test_A_9_scores_start_at_zero_and_A_10_keep_three() -> None:
    g = rootlaw.new_game(players=4, setup="advanced", seed=12)
    before = Counter(g.deckdef.contents)
    finish_setup(g)
    assert g.vp == [0, 0, 0, 0]
    assert [len(h) for h in g.hands] == [3, 3, 3, 3]
    held = Counter(list(g.deck) + [c for h in g.hands for c in h] + list(g.discard)
                   + [c for s, fd in enumerate(g.fdefs) for c in fd.cards_held(g, s)])
    assert held == before
    reshuffled = [e for e in g.log if e[:2] == ("r", "deck")]
    assert len(reshuffled) == 2  # A.7 and A.10


def test_A_10_cards_put_back_are_secret() -> None:
    g = draft(3, ["marquise", "eyrie", "alliance", "riverfolk"])
    rng = random.Random(3)
    while g.decision.kind != "starting_hand":
        g.apply(rng.choice(opts(g)))
    d = g.decision
    seat = g.seat_of(d.seat)
    other = (seat + 1) % 3
    before = g.view(g.factions[other])
    g.apply(opts(g)[0])
    after = g.view(g.factions[other])
    assert before["players"][d.seat]["hand_size"] - 1 == after["players"][d.seat]["hand_size"]
    assert "hand" not in after["players"][d.seat]
    from rootlaw.core.options import public_label
    assert "deck" in public_label(("put_back", "ambush_fox")) and "Ambush" not in \
        public_label(("put_back", "ambush_fox"))


def test_A_7_hands_stay_hidden_during_the_draft() -> None:
    """Reshuffling the other seats' hands and the deck leaves a seat's view unchanged."""
    g = rootlaw.new_game(players=4, setup="advanced", seed=21)
    me = g.decision.seat
    s = g.seat_of(me)
    base = g.view(me)
    other = g.copy()
    pool = [c for o in range(4) if o != s for c in other.hands[o]] + other.deck
    random.Random(5).shuffle(pool)
    for o in range(4):
        if o != s:
            n = len(other.hands[o])
            other.hands[o], pool = pool[:n], pool[n:]
    other.deck = pool
    assert other.view(me) == base


# ------------------------------------------------------------------- five and six
@pytest.mark.parametrize("factions", [
    ["marquise", "eyrie", "alliance", "vagabond", "vagabond2"],
    ["marquise", "eyrie", "lizards", "duchy", "hundreds", "keepers"],
    ["riverfolk", "corvids", "vagabond", "vagabond2", "alliance", "electric_eyrie"],
])
def test_five_and_six_players_play_to_the_end(factions: list[str]) -> None:
    for seed in range(3):
        g = rootlaw.new_game(factions=factions, setup="advanced", seed=seed,
                             map=MAPS[seed % 4])
        rng = random.Random(seed)
        while not g.is_over and g.turn_no < 400:
            g.apply(rng.choice(opts(g)))
        assert sorted(g.factions) == sorted(factions)
        again = Game.replay(g.setup, g.log)
        assert again.to_json() == g.to_json()


def test_section_5_five_corner_factions_need_the_advanced_setup() -> None:
    five = ["marquise", "eyrie", "lizards", "duchy", "hundreds"]
    with pytest.raises(SetupError, match="Advanced Setup"):
        rootlaw.new_game(factions=five)
    rootlaw.new_game(factions=five, setup="advanced")
    # at most four corner factions: the Standard Setup seats five
    g = rootlaw.new_game(factions=["marquise", "eyrie", "alliance", "vagabond", "riverfolk"])
    assert len(g.factions) == 5


def test_9_2_8_coalitions_and_two_vagabonds_with_six_players() -> None:
    g = rootlaw.new_game(factions=["marquise", "eyrie", "alliance", "vagabond", "vagabond2",
                                   "riverfolk"], setup="advanced", seed=4)
    finish_setup(g)
    vs = g.fstate[g.seat_of("vagabond")]
    # 9.3.6: a relationship for each non-Vagabond faction, chosen before or after him
    assert isinstance(vs, VagabondState)
    assert sorted(vs.relations) == ["alliance", "eyrie", "marquise", "riverfolk"]


def test_drafted_vagabond_has_relationships_with_factions_chosen_later() -> None:
    g = draft(4, ["marquise", "vagabond", "eyrie", "alliance", "riverfolk"], first=1)
    choose(g, "vagabond")  # seat1 is last player (first=1): chooses first
    finish_setup(g)
    vs = g.fstate[0]
    assert isinstance(vs, VagabondState)
    assert sorted(vs.relations) == sorted(
        f for f in g.factions if f != "vagabond")


# ------------------------------------------------------------------- bad input
def test_bad_requests_are_refused_with_the_rule() -> None:
    with pytest.raises(SetupError, match="2 to 6"):
        rootlaw.new_game(players=7, setup="advanced")
    with pytest.raises(SetupError, match="A.8"):
        rootlaw.new_game(players=4)  # a draft is the Advanced Setup
    with pytest.raises(SetupError, match="2 to 6"):
        rootlaw.new_game(factions=["marquise", "eyrie", "alliance", "vagabond", "lizards",
                                   "riverfolk", "corvids"], setup="advanced")
    with pytest.raises(SetupError, match="A.8.1.I"):
        rootlaw.new_game(players=2, setup="advanced", insurgents_at_two=True)
    with pytest.raises(SetupError, match="not both"):
        rootlaw.new_game(factions=["marquise", "eyrie"], players=2, setup="advanced")
    with pytest.raises(SetupError, match="not a bot"):
        rootlaw.new_game(players=3, bots=["marquise"], setup="advanced")
    with pytest.raises(SetupError, match="unknown setup"):
        rootlaw.new_game(factions=["marquise", "eyrie"], setup="homeland")


def test_a_faction_not_in_the_pool_is_refused() -> None:
    g = draft(3, ["marquise", "eyrie", "alliance", "riverfolk"])
    with pytest.raises(IllegalAction, match="not in the pool"):
        g.apply(("draft", "keepers"))
    assert g.adv is not None and len(g.adv.pool) == 4


# ------------------------------------------------------------------- records
def test_saves_round_trip_mid_draft_and_replays_rebuild_the_drafted_game() -> None:
    g = rootlaw.new_game(players=5, bots=["vagabot"], setup="advanced", seed=33,
                         map="winter", deck="exiles_partisans")
    rng = random.Random(4)
    for _ in range(3):
        g.apply(rng.choice(opts(g)))
    saved = Game.from_json(g.to_json())
    assert saved.to_json() == g.to_json()
    assert saved.decision.to_dict() == g.decision.to_dict()
    while not g.is_over and g.turn_no < 60:
        g.apply(rng.choice(opts(g)))
    again = Game.replay(g.setup, g.log)
    assert again.to_json() == g.to_json()
    assert Game.from_json(g.to_json()).to_json() == g.to_json()


def test_a_save_with_undrafted_seats_but_no_advanced_setup_fails() -> None:
    g = rootlaw.new_game(players=3, setup="advanced", seed=2)
    data = json.loads(g.to_json())
    data["advanced"] = None
    with pytest.raises(rootlaw.LoadError, match="A.8"):
        Game.from_json(json.dumps(data))
