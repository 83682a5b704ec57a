"""Appendix A's record and its rules: what the setup's steps and the setup cards read.

The ``Advanced`` record (first player, the draft's pool, homelands), the seats' order
(A.4, A.6.3), the setup cards (A.8.1) and homelands (A.8.2.I-II). Below the setup's
steps (``advanced``), the landmarks and the hirelings, which all read it.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from rootlaw.core.catalog import load_json
from rootlaw.core.faction_api import FACTIONS, SEAT_PREFIX, FactionDef, is_seat_name
from rootlaw.core.options import Option, name_form, secret_form, text_form

if TYPE_CHECKING:
    from rootlaw.core.game import Game


MILITANT: Final = "militant"
INSURGENT: Final = "insurgent"
HAND: Final = 5  # A.7
KEEP: Final = 3  # A.10
TWO_PLAYERS: Final = 2  # A.7, A.8.1.I
# A.8.2.II homeland spacing: "two or more clearings between it and enemy homelands"
# (three paths away or more), "not adjacent to enemy homelands" (two or more), none
FAR: Final = 3
APART: Final = 2
ANY: Final = 0
UNREACHABLE: Final = 99

text_form("draft", "take the {n1} setup card")
text_form("draft_vagabond", "take the {n1} setup card, with {n2}")
text_form("put_back", "put {c1} back on the deck")
secret_form("put_back", "put a card back on the deck")
text_form("spread_warrior", "place a warrior in {1}")
text_form("homeland", "make {1} your homeland")
for _c in ("thief", "tinker", "ranger", "vagrant", "arbiter", "scoundrel", "adventurer",
           "ronin", "harrier"):
    name_form(_c, "the " + _c.title())


def _cards() -> dict[str, str]:
    data = load_json("advanced_setup.json")["faction_setup_cards"]["cards"]
    return {str(c["faction"]): str(c["class"]) for c in data}


# A.8.1 the faction setup cards (B.4.4: one per faction of chapters 6-15), by class
SETUP_CARDS: Final[dict[str, str]] = _cards()
CHARACTERS: Final[tuple[str, ...]] = tuple(
    str(c["id"]) for c in load_json("vagabond_characters.json")["characters"])


class Advanced:
    """What the Advanced Setup leaves on the table: the first player (A.4), the setup
    cards in the pool (A.8.1) with the characters dealt beside a Vagabond card
    (A.8.1.III), the locked card (A.8.1.II), each seat's homelands (A.8.2.I) and the
    character its card brought. Immutable: changes make a new one (copies share it)."""

    __slots__ = ("first", "pool", "locked", "homelands", "characters", "drafting", "names")

    def __init__(self, first: int, pool: tuple[tuple[str, str], ...], locked: str,
                 homelands: tuple[tuple[int, ...], ...], characters: tuple[str, ...],
                 drafting: bool, names: tuple[str, ...]) -> None:
        self.first = first
        self.pool = pool  # (faction, character dealt beside it or "")
        self.locked = locked
        self.homelands = homelands
        self.characters = characters  # per seat: the character its setup card brought
        self.drafting = drafting  # A.8.1-2: factions chosen from setup cards
        self.names = names  # per seat: its name at A.4 (seat1... or the faction given)

    def _with(self, pool: tuple[tuple[str, str], ...], locked: str,
              homelands: tuple[tuple[int, ...], ...], characters: tuple[str, ...]
              ) -> Advanced:
        return Advanced(self.first, pool, locked, homelands, characters, self.drafting,
                        self.names)

    def with_pool(self, pool: tuple[tuple[str, str], ...], locked: str) -> Advanced:
        return self._with(pool, locked, self.homelands, self.characters)

    def with_homeland(self, s: int, c: int) -> Advanced:
        hl = tuple(h + (c,) if i == s else h for i, h in enumerate(self.homelands))
        return self._with(self.pool, self.locked, hl, self.characters)

    def taken(self, s: int, faction: str) -> Advanced:
        """Seat s took ``faction``'s card from the pool (A.8.2)."""
        pool = tuple(p for p in self.pool if p[0] != faction)
        char = "".join(p[1] for p in self.pool if p[0] == faction)
        chars = tuple(char if i == s else x for i, x in enumerate(self.characters))
        return self._with(pool, self.locked, self.homelands, chars)

    def to_json(self) -> dict[str, Any]:
        return {"first": self.first, "pool": [list(p) for p in self.pool],
                "locked": self.locked, "homelands": [list(h) for h in self.homelands],
                "characters": list(self.characters), "drafting": self.drafting,
                "names": list(self.names)}

    @classmethod
    def from_json(cls, d: dict[str, Any], n: int) -> Advanced:
        pool = tuple((str(p[0]), str(p[1])) for p in d["pool"])
        homelands = tuple(tuple(int(c) for c in h) for h in d["homelands"])
        chars = tuple(str(x) for x in d["characters"])
        names = tuple(str(x) for x in d["names"])
        first = int(d["first"])
        if (len(homelands) != n or len(chars) != n or len(names) != n
                or not 0 <= first < n):
            raise ValueError("the Advanced Setup's record does not match the seats")
        for f, char in pool:
            if not card_class_of(f) or (char and char not in CHARACTERS):
                raise ValueError(f"no setup card {f!r} with character {char!r} (A.8.1)")
        return cls(first, pool, str(d["locked"]), homelands, chars, bool(d["drafting"]),
                   names)


def adv_of(g: Game) -> Advanced:
    a = g.adv
    if a is None:
        raise RuntimeError("the game was not set up by the Advanced Setup")
    return a


# ---------------------------------------------------------------- the rules
def card_class(fd: FactionDef) -> str:
    """A.8.1: militant or insurgent; a bot has its Law faction's class (rulings.md)."""
    if fd.setup_class:
        return fd.setup_class
    if fd.replaces:
        return FACTIONS[fd.replaces].setup_class
    return ""


def removes_dominance(g: Game) -> bool:
    """5.1.3 and A.7: two players remove the dominance cards. With bots, Rootbotics 3.4
    replaces the rule: one or two humans remove them (so two bots alone keep them);
    fully cooperative play removes them too."""
    humans = 0
    bots = 0
    for fd in g.fdefs:
        if fd.is_bot:
            bots += 1
        else:
            humans += 1
    if g.setup.get("cooperative"):
        return True
    if bots:
        return 1 <= humans <= TWO_PLAYERS
    return len(g.factions) == TWO_PLAYERS


def seat_players(g: Game) -> int:
    """5.1.1 and A.4: random seating order and first player; returns the first player.
    Undrafted seats are named in seating order (``seat1`` sits first among them; bots
    take places between them)."""
    n = len(g.factions)
    order = g.shuffle("seating", list(g.factions))
    perm = [g.factions.index(f) for f in order]
    g.factions = tuple(seat_names(order))
    g.fdefs = tuple(g.fdefs[i] for i in perm)
    g.fstate = [g.fstate[i] for i in perm]
    return g.random_index("starting_player", n)


def seat_names(order: list[str]) -> list[str]:
    """A.4: the seats in seating order, the undrafted ones named seat1, seat2... in turn."""
    out: list[str] = []
    k = 0
    for f in order:
        if is_seat_name(f):
            k += 1
            out.append(f"{SEAT_PREFIX}{k}")
        else:
            out.append(f)
    return out


def reverse_order(g: Game, first: int) -> list[int]:
    """A.6.3, A.8.2: from the last player in turn order, counterclockwise."""
    n = len(g.factions)
    return [(first - 1 - i) % n for i in range(n)]


def draft_pool_size(undrafted: int) -> int:
    """A.8.1: one card more than the players who choose."""
    return undrafted + 1


def fan_setup_cards(expansion: str) -> dict[str, str]:
    """The setup cards of a fan expansion's factions ("crusader": the Crusader factions
    implemented), by class: readings of texts that print none (docs/rulings.md)."""
    return {str(f): fd.setup_class for f, fd in FACTIONS.items()
            if expansion and fd.fan == expansion and fd.setup_class}


def setup_cards(setup: dict[str, Any]) -> dict[str, str]:
    """A.8.1: the setup cards of a game's draft by class: the Law's (B.4.4), with the
    Crusader factions' when the game asks (``setup["crusader"]``)."""
    if not setup.get("crusader"):
        return SETUP_CARDS
    return {**SETUP_CARDS, **fan_setup_cards("crusader")}


def card_class_of(f: str) -> str:
    """A setup card's class, the Law's or a fan faction's (A.8.1)."""
    cls = SETUP_CARDS.get(f)
    if cls is not None:
        return cls
    fd = FACTIONS.get(f)
    return fd.setup_class if fd is not None and fd.fan else ""


def open_cards(taken: list[str], players: int, insurgents_at_two: bool,
               barred: tuple[str, ...] = (),
               cards: dict[str, str] | None = None) -> tuple[list[str], list[str]]:
    """A.8.1: the militant and insurgent setup cards that can be dealt: not a faction
    already seated (a bot uses its Law faction's components, Rootbotics 3.2), not one
    whose hireling is in play (A.6.5), no insurgents at two players (A.8.1.I). ``cards``:
    the game's setup cards (``setup_cards``), the Law's by default."""
    militant: list[str] = []
    insurgent: list[str] = []
    for f, cls in (SETUP_CARDS if cards is None else cards).items():
        if f in taken or f in barred:
            continue
        if cls == MILITANT:
            militant.append(f)
        elif players != TWO_PLAYERS or insurgents_at_two:
            insurgent.append(f)
    return militant, insurgent


def seated_factions(g: Game) -> list[str]:
    """Law factions whose components are in use: seated factions and those bots replace."""
    out: list[str] = []
    for fd in g.fdefs:
        if fd.replaces:
            out.append(fd.replaces)
        elif fd.id != SEAT_PREFIX:
            out.append(fd.id)
    return out


def militant_chosen(g: Game) -> bool:
    for fd in g.fdefs:
        if card_class(fd) == MILITANT:
            return True
    return False


# ---------------------------------------------------------------- homelands
def enemy_homelands(g: Game, s: int) -> list[int]:
    """A.8.2.I: the homelands other players chose (every other player is an enemy
    during setup: no coalition exists yet)."""
    a = g.adv
    if a is None:
        return []
    out: list[int] = []
    for o in range(len(a.homelands)):
        if o != s:
            out.extend(a.homelands[o])
    return out


def distances(g: Game, sources: list[int]) -> list[int]:
    """Paths from the nearest source to each of the map's clearings (2.2.1: open paths;
    the Burrow is off the map)."""
    n = len(g.board.clearings)
    dist = [UNREACHABLE] * (n + 1)
    frontier: list[int] = []
    for c in sources:
        if dist[c] != 0:
            dist[c] = 0
            frontier.append(c)
    while frontier:
        nxt: list[int] = []
        for c in frontier:
            for x in g.adj[c]:
                if x <= n and dist[x] == UNREACHABLE:
                    dist[x] = dist[c] + 1
                    nxt.append(x)
        frontier = nxt
    return dist


def homeland_candidates(g: Game, s: int, among: tuple[int, ...], slots: int,
                        spread: bool) -> list[int]:
    """A.8.2.I: the clearings of ``among`` s may choose as a homeland: no enemy's
    homeland, and s can place all its listed pieces there (``slots`` buildings; with
    ``spread``, warriors into an adjacent clearing too)."""
    enemy = enemy_homelands(g, s)
    out: list[int] = []
    for c in among:
        if c in enemy or not g.may_place(s, c) or g.open_slots(c) < slots:
            continue
        if spread and not spread_targets(g, s, c):
            continue
        out.append(c)
    return out


def homeland_options(g: Game, s: int, among: tuple[int, ...], slots: int, spread: bool,
                     spacing: int) -> list[Option]:
    """A homeland choice: ``homeland_candidates`` of ``among`` kept by ``spacing``
    (A.8.2.II). Where no clearing of ``among`` takes every listed piece, any clearing
    that does; where none does, any clearing that is no enemy's homeland (its pieces
    placed as far as they go, 1.5.4; rulings.md)."""
    cands = homeland_candidates(g, s, among, slots, spread)
    if not cands:
        cands = homeland_candidates(g, s, g.clearings(), slots, spread)
    if not cands:
        enemy = enemy_homelands(g, s)
        cands = [c for c in g.clearings() if c not in enemy]
    return [("homeland", c) for c in spaced(g, s, cands, spacing)]


def spaced(g: Game, s: int, cands: list[int], spacing: int) -> list[int]:
    """A.8.2.II: the candidates with two or more clearings between them and every enemy
    homeland (FAR); if none, those not adjacent to one (APART); if none, all of them."""
    if spacing == ANY or not cands:
        return cands
    enemy = enemy_homelands(g, s)
    if not enemy:
        return cands
    dist = distances(g, enemy)
    level = spacing
    while level > 1:
        ok = [c for c in cands if dist[c] >= level]
        if ok:
            return ok
        level -= 1
    return cands


def spaced_groups(g: Game, s: int, groups: list[tuple[int, ...]],
                  spacing: int) -> list[tuple[int, ...]]:
    """A.8.2.II for several homelands at once (the Keepers' two): the groups whose
    every clearing meets the strictest spacing some group can meet."""
    enemy = enemy_homelands(g, s)
    if spacing == ANY or not enemy or not groups:
        return groups
    dist = distances(g, enemy)
    level = spacing
    while level > 1:
        ok = [gr for gr in groups if min(dist[c] for c in gr) >= level]
        if ok:
            return ok
        level -= 1
    return groups


def add_homeland(g: Game, s: int, c: int) -> None:
    """Record c as one of s's homelands (nothing in a game of the Standard Setup)."""
    a = g.adv
    if a is not None:
        g.adv = a.with_homeland(s, c)


def homeland_free(g: Game, s: int, c: int) -> bool:
    """Whether c is no enemy's homeland (A.8.2.I); always in the Standard Setup."""
    a = g.adv
    return a is None or c not in enemy_homelands(g, s)


def bot_start_clearings(g: Game, s: int, corners: list[int]) -> list[int]:
    """Where a bot may put its starting corner pieces (rulings.md, Advanced Setup): the
    given corners that are no enemy's homeland; with none, the map-edge clearings that
    are no enemy's homeland and take its pieces. In the Standard Setup: the corners."""
    if g.adv is None:
        return corners
    free = [c for c in corners if homeland_free(g, s, c)]
    if free:
        return free
    return homeland_candidates(g, s, g.board.edge, 1, False)


def spread_targets(g: Game, s: int, home: int) -> list[int]:
    """The map's clearings adjacent to ``home`` where s may place warriors."""
    out: list[int] = []
    n = len(g.board.clearings)
    for c in g.adj[home]:
        if c <= n and g.may_place(s, c):
            out.append(c)
    return out


def dealt_character(g: Game, s: int) -> str:
    """A.8.1.III: the character dealt beside the Vagabond card seat s took; "" if none
    (the Standard Setup, or factions given to the Advanced Setup: 9.3.1 choose one)."""
    a = g.adv
    return a.characters[s] if a is not None else ""
