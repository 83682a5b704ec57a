"""Appendix F: the landmarks (the Tower, the Ferry, the Lost City, the Legendary Forge,
the Black Market, the Elder Treetop), set up in A.5 of the Advanced Setup.

Landmarks change clearings, not factions (DESIGN.md). What they change is read through
the game's clearing helpers, which factions, bots and maps all ask:

- a clearing's suits: ``Game.suit_match``, ``suits_at``, ``cards_matching_clearing``
  (the Lost City's clearing is of every suit), crafting pieces there are of any suit
  (``Game.wild_pieces``, core/craft.py);
- a clearing's slots: ``Game.slots_at`` (the Elder Treetop's extra slot; its building
  scores one more when an enemy removes it, ``removed_from_treetop``);
- an extra move route: the Ferry (``core/maps.py``: ``ferry_destinations``), the
  map's own on the Lake (C.2.1) or set up by its card on any map's river;
- the Pass (C.3.4): the Tower's clearing (``core/maps.py``: ``tower_at``, scored at the
  end of every player's Evening).

The Legendary Forge's items (crafted only with a piece in its clearing, one card and
one victory point more) are options of the craft (core/craft.py); the Black Market's
face-down cards are hidden from every seat (view, determinization) and an exchange is
a Daylight option (core/effects.py).

F.1.1 Safety and F.1.2 Ownership hold by construction: a landmark is no building,
token, warrior or pawn of any seat, so no battle, removal, rule count or "enemy piece"
check ever meets one; only a landmark's own rule moves it (the Ferry, C.2.5).

The cards' setup lines and effects are not in the Law (B.8.1 lists the cards): they are
paraphrased from transcriptions in rootlaw/data/landmarks.json; readings are in
docs/rulings.md, "Landmarks (Appendix F)".
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from rootlaw.core.catalog import Board, load_json
from rootlaw.core.options import Option, distinct, name_form, secret_form, text_form
from rootlaw.core.steps import Handler, Step, register_steps

if TYPE_CHECKING:
    from rootlaw.core.game import Game


def _data() -> dict[str, Any]:
    data: dict[str, Any] = load_json("landmarks.json")
    return data


_DATA: Final[dict[str, Any]] = _data()
LANDMARKS: Final[tuple[str, ...]] = tuple(str(x) for x in _DATA["order"])  # B.8.1
TOWER: Final = "tower"
FERRY: Final = "ferry"
LOST_CITY: Final = "lost_city"
FORGE: Final = "legendary_forge"
MARKET: Final = "black_market"
TREETOP: Final = "elder_treetop"
MAX_DEALT: Final = 2  # A.5.1: one or two landmarks
MAP_PIECES: Final = ("keep", "ignore")  # A.5: the map's Tower and Ferry kept or ignored
FORGE_ITEMS: Final[dict[str, tuple[str, ...]]] = {
    str(k): tuple(str(i) for i in v)
    for k, v in _DATA["landmarks"][FORGE]["items_by_suit"].items()}
MARKET_CARDS: Final = int(_DATA["landmarks"][MARKET]["cards"])
FORGE_VP: Final = int(_DATA["landmarks"][FORGE]["vp"])
FORGE_DRAW: Final = int(_DATA["landmarks"][FORGE]["draw"])
TREETOP_VP: Final = int(_DATA["landmarks"][TREETOP]["vp"])
TREETOP_MIN_PLAYERS: Final = int(_DATA["landmarks"][TREETOP]["min_players"])
MARKET_USED: Final = "black_market"  # g.once: once during the player's turn
NO_PIECE: Final = (-9, "")  # no building in the Elder Treetop's slot

for _lid in LANDMARKS:
    name_form(_lid, str(_DATA["landmarks"][_lid]["name"]))
text_form("set_up_landmark", "set up {n1} in {2}")
text_form("black_market", "Black Market: exchange {c1} for a face-down card")
secret_form("black_market", "Black Market: exchange a card for a face-down card")
text_form("craft_forge", "craft {c1} from the Legendary Forge{w2:any suit paid as }")


class Landmarks:
    """The landmarks on the map (A.5) and what their cards hold. Clearings are 0 when a
    landmark is not in play. Immutable: changes make a new one (copies share it).

    ``cards`` are the landmark cards dealt (A.5.2, public); ``tower`` the Tower's
    clearing (the Pass, C.3.4: the map's own unless ignored or set up by its card; the
    Ferry's is ``Game.ferry``); ``forge_items`` the items on the Legendary Forge card;
    ``market_cards`` the Black Market's face-down cards (sorted: their order means
    nothing); ``treetop_piece`` the building in the Elder Treetop's slot and
    ``vacated`` the one that last left it, until its removal is scored."""

    __slots__ = ("cards", "tower", "lost_city", "forge", "forge_items", "market",
                 "market_cards", "treetop", "treetop_piece", "vacated")

    cards: tuple[str, ...]
    tower: int
    lost_city: int
    forge: int
    forge_items: tuple[str, ...]
    market: int
    market_cards: tuple[str, ...]
    treetop: int
    treetop_piece: tuple[int, str]
    vacated: tuple[int, str]

    def __init__(self, cards: tuple[str, ...] = (), tower: int = 0, lost_city: int = 0,
                 forge: int = 0, forge_items: tuple[str, ...] = (), market: int = 0,
                 market_cards: tuple[str, ...] = (), treetop: int = 0,
                 treetop_piece: tuple[int, str] = NO_PIECE,
                 vacated: tuple[int, str] = NO_PIECE) -> None:
        self.cards = cards
        self.tower = tower
        self.lost_city = lost_city
        self.forge = forge
        self.forge_items = forge_items
        self.market = market
        self.market_cards = market_cards
        self.treetop = treetop
        self.treetop_piece = treetop_piece
        self.vacated = vacated

    def copy(self) -> Landmarks:
        """A new record to change before the game holds it (never after)."""
        return Landmarks(self.cards, self.tower, self.lost_city, self.forge,
                         self.forge_items, self.market, self.market_cards, self.treetop,
                         self.treetop_piece, self.vacated)

    def where(self, lid: str, ferry: int) -> int:
        """The clearing of landmark ``lid`` (0: not on the map); ``ferry``: Game.ferry."""
        if lid == TOWER:
            return self.tower
        if lid == FERRY:
            return ferry
        if lid == LOST_CITY:
            return self.lost_city
        if lid == FORGE:
            return self.forge
        if lid == MARKET:
            return self.market
        if lid == TREETOP:
            return self.treetop
        raise ValueError(f"no landmark {lid!r} (B.8.1: {', '.join(LANDMARKS)})")

    def placed(self, lid: str, c: int) -> Landmarks:
        out = self.copy()
        if lid == TOWER:
            out.tower = c
        elif lid == LOST_CITY:
            out.lost_city = c
        elif lid == FORGE:
            out.forge = c
        elif lid == MARKET:
            out.market = c
        elif lid == TREETOP:
            out.treetop = c
        return out

    # the Elder Treetop's slot (rulings.md): it holds a building only when every printed
    # slot is full as the building is placed; a building leaves it only when removed
    # (of two alike there, the one in a printed slot goes first)
    def building_placed(self, piece: tuple[int, str], before: int,
                        printed: int) -> Landmarks:
        if self.treetop_piece != NO_PIECE or before < printed:
            return self
        out = self.copy()
        out.treetop_piece = piece
        return out

    def building_taken(self, piece: tuple[int, str], alike_left: int) -> Landmarks:
        if piece != self.treetop_piece or alike_left:
            return self
        out = self.copy()
        out.treetop_piece = NO_PIECE
        out.vacated = piece
        return out

    def to_json(self) -> dict[str, Any]:
        return {"cards": list(self.cards), "tower": self.tower, "lost_city": self.lost_city,
                "forge": self.forge, "forge_items": list(self.forge_items),
                "market": self.market, "market_cards": list(self.market_cards),
                "treetop": self.treetop, "treetop_piece": list(self.treetop_piece),
                "vacated": list(self.vacated)}

    @classmethod
    def from_json(cls, d: dict[str, Any], b: Board) -> Landmarks:
        """A saved record; ValueError names what cannot be (an unknown card, a clearing
        off the map)."""
        cards = tuple(str(x) for x in d["cards"])
        for lid in cards:
            if lid not in LANDMARKS:
                raise ValueError(f"no landmark card {lid!r} (B.8.1)")
        out = cls(cards, int(d["tower"]), int(d["lost_city"]), int(d["forge"]),
                  tuple(str(x) for x in d["forge_items"]), int(d["market"]),
                  tuple(str(x) for x in d["market_cards"]), int(d["treetop"]),
                  _piece(d["treetop_piece"]), _piece(d["vacated"]))
        for c in (out.tower, out.lost_city, out.forge, out.market, out.treetop):
            if c and c not in b.clearings:
                raise ValueError(f"a landmark in clearing {c}, which the map lacks")
        return out


def _piece(x: Any) -> tuple[int, str]:
    return (int(x[0]), str(x[1]))


def of(g: Game) -> Landmarks:
    lm = g.landmarks
    if lm is None:
        raise RuntimeError("no landmarks in this game (A.5)")
    return lm


# ------------------------------------------------------------------ the choice
def check_landmarks(value: Any, players: int) -> list[str] | int | dict[str, Any]:
    """The landmarks asked for (A.5.1): 1 or 2 (dealt at random from the six; with two
    players not the Elder Treetop, rulings.md), a list of one or two landmark ids (those
    dealt), or {"deal": 1 or 2, "pool": ids}: A.5.1 "remove any landmark cards you do
    not want to play with", the deal made from the cards kept (the Elder Treetop too at
    two players: its card advises, rulings.md). ValueError names the problem."""
    if isinstance(value, dict):
        return _check_pool(value)
    if isinstance(value, bool):
        raise ValueError("landmarks is a number (1 or 2) or a list of landmark ids (A.5.1)")
    if isinstance(value, int):
        if not 1 <= value <= MAX_DEALT:
            raise ValueError(f"A.5.1: play with one or two landmarks, not {value}")
        return value
    if isinstance(value, str):
        value = [x for x in value.split(",") if x]
    if not isinstance(value, list | tuple):
        raise ValueError("landmarks is a number (1 or 2) or a list of landmark ids (A.5.1)")
    ids = _known_ids(value)
    if not 1 <= len(ids) <= MAX_DEALT:
        raise ValueError(f"A.5.1: play with one or two landmarks, not {len(ids)}")
    if len(set(ids)) != len(ids):
        raise ValueError("A.5.2: each landmark card is dealt once")
    return ids


def _known_ids(value: list[Any] | tuple[Any, ...]) -> list[str]:
    """The landmark ids given, each one of the six (B.8.1)."""
    ids = [str(x) for x in value]
    for lid in ids:
        if lid not in LANDMARKS:
            raise ValueError(f"unknown landmark {lid!r} (B.8.1: {', '.join(LANDMARKS)})")
    return ids


def _check_pool(value: dict[str, Any]) -> dict[str, Any]:
    """A.5.1's chosen number and the cards kept to deal it from."""
    if set(value) != {"deal", "pool"}:
        raise ValueError('landmarks as a pool is {"deal": 1 or 2, "pool": [landmark ids]} '
                         "(A.5.1)")
    deal = value["deal"]
    if isinstance(deal, bool) or not isinstance(deal, int) or not 1 <= deal <= MAX_DEALT:
        raise ValueError(f"A.5.1: play with one or two landmarks, not {deal!r}")
    pool = value["pool"]
    if isinstance(pool, str):
        pool = [x for x in pool.split(",") if x]
    if not isinstance(pool, list | tuple):
        raise ValueError("the landmark pool is a list of landmark ids (A.5.1)")
    ids = _known_ids(pool)
    if len(set(ids)) != len(ids):
        raise ValueError("A.5.1: each landmark card is in the pool once")
    if len(ids) < deal:
        raise ValueError(f"A.5.2: {deal} landmarks cannot be dealt from {len(ids)} cards")
    return {"deal": deal, "pool": ids}


def dealable(players: int) -> list[str]:
    """A.5.1 the cards dealt from when the group names none: all six, but the Elder
    Treetop in a two-player game (its card: not recommended with two, rulings.md)."""
    return [lid for lid in LANDMARKS if not (lid == TREETOP and players < TREETOP_MIN_PLAYERS)]


# --------------------------------------------------------------- where they go
def occupied(g: Game) -> list[int]:
    """Clearings holding a landmark piece (the map's Tower and Ferry included)."""
    lm = g.landmarks
    out: list[int] = []
    if g.ferry:
        out.append(g.ferry)
    if lm is None:
        if g.board.the_pass:
            out.append(g.board.the_pass)
        return out
    for c in (lm.tower, lm.lost_city, lm.forge, lm.market, lm.treetop):
        if c:
            out.append(c)
    return out


def allowed(g: Game, lid: str) -> list[int]:
    """The clearings landmark ``lid``'s card allows (A.5.3, landmarks.json 'where'),
    before the limits about other landmarks."""
    return allowed_on(g.board, lid)


def allowed_on(b: Board, lid: str) -> list[int]:
    """``allowed`` for a map alone (the map randomizer places landmarks too)."""
    where = str(_DATA["landmarks"][lid]["where"])
    out: list[int] = []
    for c in b.clearings:
        if where == "ruin":
            ok = b.ruins[c]
        elif where == "river":  # on a river; the lake's shore is one (C.2.2)
            ok = bool(b.river_adj[c])
        elif where == "one_slot_no_ruin":
            ok = b.slots[c] == 1 and not b.ruins[c]
        elif where == "corner":
            ok = c in b.corners
        else:
            ok = True
        if ok:
            out.append(c)
    return out


def eligible(g: Game, lid: str) -> list[int]:
    """A.5.3: where landmark ``lid`` may be set up: a clearing its card allows, with no
    landmark, and (every card but the Tower's) not adjacent to one. Where no clearing is
    left, the adjacency limit lapses, then the card's own (rulings.md)."""
    return eligible_on(g.board, g.adj, lid, occupied(g))


def eligible_on(b: Board, adj: tuple[tuple[int, ...], ...], lid: str,
                taken: list[int]) -> list[int]:
    """``eligible`` for a map alone: ``adj`` its adjacency (2.2.1), ``taken`` the
    clearings holding a landmark."""
    spaced = bool(_DATA["landmarks"][lid]["spaced"])
    cards = allowed_on(b, lid)
    free = [c for c in cards if c not in taken]
    if spaced:
        far: list[int] = []
        for c in free:
            near = False
            for x in adj[c]:
                if x in taken:
                    near = True
            if not near:
                far.append(c)
        if far:
            return far
    if free:
        return free
    return [c for c in b.clearings if c not in taken]


def setup_steps(g: Game) -> list[Step]:
    """A.5 Set up landmarks, when the group plays with them (setup["landmarks"])."""
    if not g.setup.get("landmarks"):
        return []
    return [("landmarks.deal", 0)]


class Deal(Handler):
    """A.5 (preface) the map's Tower and Ferry kept or ignored; A.5.2 shuffle the chosen
    cards and deal one or two; A.5.3 the last player in turn order sets up one, the
    second-to-last the other."""

    name = "landmarks.deal"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        from rootlaw.core.appendix_a import adv_of, removes_dominance, reverse_order

        b = g.board
        if removes_dominance(g):  # A.7's removal, done now: nothing else uses the deck
            g.deck = [x for x in g.deck if g.card(x).kind != "dominance"]
        keep = g.setup.get("map_landmarks", "keep") == "keep"
        if not keep:  # A.5: the variant maps' Tower and Ferry ignored
            g.ferry = 0
        chosen: Any = g.setup["landmarks"]
        if isinstance(chosen, int):
            pool = g.shuffle("landmark_cards", dealable(len(g.factions)))
            dealt = tuple(pool[:chosen])
        elif isinstance(chosen, dict):  # A.5.1: the cards the group kept
            pool = g.shuffle("landmark_cards", [str(x) for x in chosen["pool"]])
            dealt = tuple(pool[:int(chosen["deal"])])
        else:
            dealt = tuple(g.shuffle("landmark_cards", [str(x) for x in chosen]))
        if FERRY in dealt:
            g.ferry = 0  # its card sets the Ferry up instead (A.5)
        tower = b.the_pass if keep and TOWER not in dealt else 0
        g.landmarks = Landmarks(cards=dealt, tower=tower)
        g.note("landmarks", list(dealt))  # face up (A.5.2)
        order = reverse_order(g, adv_of(g).first)
        g.push_all([("landmarks.place", order[i % len(order)]) for i in range(len(dealt))])


class Place(Handler):
    """A.5.3: set up one of the dealt landmarks not yet set up, as its card says: the
    landmark and its clearing are one choice. A bot sets up the first of them in its
    allowed clearing of highest priority (Rootbotics 2.1; rulings.md)."""

    name = "landmarks.place"
    kind = "landmark"
    rule = "A.5.3"
    prompt = "Set up a landmark"

    def options(self, g: Game, st: Step) -> list[Option]:
        s: int = st[1]
        lm = of(g)
        out: list[Option] = []
        for lid in lm.cards:
            if lm.where(lid, g.ferry):
                continue
            for c in eligible(g, lid):
                out.append(("set_up_landmark", lid, c))
            if g.fdefs[s].is_bot and out:
                return out[:1]
        return out

    def apply(self, g: Game, st: Step, o: Option) -> None:
        lid: str = o[1]
        c: int = o[2]
        set_up(g, lid, c, True)


def set_up(g: Game, lid: str, c: int, in_setup: bool = False) -> None:
    """Put landmark ``lid`` in clearing c with what its card does at setup (A.5.3): the
    Forge's items by the clearing's suit, the Black Market's three face-down cards
    (``in_setup``: from the deck A.7 will deal, shuffled first; else from the top of the
    deck as it is, for positions built in tests)."""
    lm = g.landmarks
    if lm is None:
        lm = Landmarks()
    if lid not in lm.cards:
        lm = lm.copy()
        lm.cards = lm.cards + (lid,)
    g.note("landmark", lid, c)
    if lid == FERRY:
        g.ferry = c
        g.landmarks = lm
        return
    lm = lm.placed(lid, c)
    if lid == FORGE:  # every copy of the suit's items leaves the supply (landmarks.json)
        taken: list[str] = []
        for item in FORGE_ITEMS.get(g.suits[c], ()):
            if g.supply.get(item, 0) > 0:
                g.supply[item] = g.supply[item] - 1
                taken.append(item)
        lm.forge_items = tuple(taken)
    elif lid == MARKET:  # three cards from the deck, unseen (before A.7 deals)
        if in_setup:  # (A.7's dominance cards are out already: Deal)
            g.deck = g.shuffle("deck", g.deck)
        drawn: list[str] = []
        for _ in range(MARKET_CARDS):
            card = g.draw_card()
            if card is not None:
                drawn.append(card)
        lm.market_cards = tuple(sorted(drawn))
    elif lid == TREETOP and len(g.buildings[c]) > g.board.slots[c]:
        lm.treetop_piece = g.buildings[c][-1]
    g.landmarks = lm
    if lid == TREETOP:
        g.pieces_changed(c)


# ------------------------------------------------------- the Legendary Forge
def forge_items_for(g: Game, s: int) -> tuple[str, ...]:
    """Items s may craft from the Legendary Forge now: those on its card, if s has a
    faction piece in its clearing (other crafting rules still apply)."""
    lm = g.landmarks
    if lm is None or not lm.forge or not lm.forge_items or not g.has_any_piece(s, lm.forge):
        return ()
    return lm.forge_items


def take_forge_item(g: Game, s: int, item: str) -> None:
    """Take ``item`` from the Forge card for a craft by s; s draws a card and scores one
    victory point more (Disdain for Trade 7.2.3 and Contempt for Trade 14.2.3 keep this
    point). Call once the craft's own points are scored."""
    lm = of(g).copy()
    items = list(lm.forge_items)
    items.remove(item)
    lm.forge_items = tuple(items)
    g.landmarks = lm
    g.note("forge", g.factions[s], item)


def forge_bonus(g: Game, s: int) -> None:
    """The Forge's card and point for a craft from it (a bot draws none, Rootbotics
    2.8.1: ``Game.draw``)."""
    g.draw(s, FORGE_DRAW)
    g.score(s, FORGE_VP, "legendary_forge")


# ------------------------------------------------------------ the Black Market
def market_options(g: Game, s: int) -> list[Option]:
    """"Once during their turn" (in the current player's windows for effects usable
    anytime on its turn: Birdsong's start, every Daylight action choice, before its first
    Evening draw; rulings.md): with a faction piece in the Black Market's clearing, give
    a card from the hand for a face-down card there."""
    lm = g.landmarks
    if (lm is None or not lm.market or not lm.market_cards or MARKET_USED in g.once
            or not g.hands[s] or not g.has_any_piece(s, lm.market)):
        return []
    return [("black_market", cid) for cid in distinct(g.hands[s])]


def exchange(g: Game, s: int, given: str) -> None:
    """The exchange: the card taken is one of the face-down cards (unseen: a random one,
    rulings.md); the card given goes face down in its place."""
    lm = of(g).copy()
    cards = list(lm.market_cards)
    taken = cards.pop(g.random_index("black_market", len(cards)))
    g.hands[s].remove(given)
    g.hands[s].append(taken)
    cards.append(given)
    lm.market_cards = tuple(sorted(cards))
    g.landmarks = lm
    g.once = g.once | {MARKET_USED}
    g.note("black_market", g.factions[s])


# ---------------------------------------------------------- the Elder Treetop
def removed_from_treetop(g: Game, by: int, pieces: list[tuple[int, int, str]]) -> None:
    """Player ``by`` removed ``pieces`` (owner, clearing, kind) together: if one of them
    was the building in the Elder Treetop's slot and an enemy's, one victory point more
    (3.2.1 gives the first)."""
    lm = g.landmarks
    if lm is None or lm.vacated == NO_PIECE:
        return
    owner, kind = lm.vacated
    hit = False
    for o, c, k in pieces:
        if o == owner and c == lm.treetop and k == kind:
            hit = True
    if not hit:
        return
    out = lm.copy()
    out.vacated = NO_PIECE
    g.landmarks = out
    if by >= 0 and g.is_enemy(by, owner):
        g.score(by, TREETOP_VP, "elder_treetop")


# ---------------------------------------------------------------------- views
def view(g: Game) -> dict[str, Any] | None:
    """What every seat sees: the cards in play, each landmark's clearing, the Forge's
    items and the Treetop's building; of the Black Market's cards only their number."""
    lm = g.landmarks
    if lm is None:
        return None
    pieces = []
    for lid in LANDMARKS:
        c = lm.where(lid, g.ferry)
        if c:
            pieces.append({"id": lid, "name": str(_DATA["landmarks"][lid]["name"]),
                           "clearing": c})
    tp = lm.treetop_piece
    return {
        "cards": list(lm.cards),
        "pieces": pieces,
        "forge_items": list(lm.forge_items),
        "black_market_cards": len(lm.market_cards),
        "treetop_building": ([g.owner_name(tp[0]), tp[1]] if tp != NO_PIECE and tp[0] >= 0
                             else None),  # a seat's faction, or a hireling (Appendix E)
    }


def landmark_name(lid: str) -> str:
    return str(_DATA["landmarks"][lid]["name"])


register_steps(Deal(), Place())
