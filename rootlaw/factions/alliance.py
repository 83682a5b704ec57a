"""Woodland Alliance (Law of Root, section 8).

Pieces: 10 warriors (those in the Officers box are officers, 8.4.1.III, 8.5.3),
three bases (building kinds ``base_fox``, ``base_rabbit``, ``base_mouse``: the
printed suit is part of the kind) and 10 sympathy tokens (token kind ``sympathy``).
The Supporters stack (8.2.3) is a tuple of card ids in AllianceState; the number
of officers is an int there too.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final

from rootlaw.core.battle import battle_options, can_battle, start_battle
from rootlaw.core.cards_ep import draw_cards
from rootlaw.core.catalog import tracks
from rootlaw.core.craft import craft, craft_options
from rootlaw.core.effects import (
    DAYLIGHT_VERBS,
    apply_daylight_extra,
    daylight_extras,
    remove_all_enemy_pieces,
)
from rootlaw.core.faction_api import NO_STEPS, Faction, FactionDef, FactionState, register
from rootlaw.core.game import RUIN, Game
from rootlaw.core.move import can_move, move_options, move_step, remove_warriors, trigger_removals
from rootlaw.core.options import (
    Option,
    append_all,
    distinct,
    distinct_ints,
    listed,
    repeated,
    secret_form,
    text_form,
)
from rootlaw.core.steps import Handler, Step, register_steps

if TYPE_CHECKING:
    from rootlaw.core.battle import Battle

ME: Final = Faction.ALLIANCE
_T: Final = tracks()["woodland_alliance"]
SYMPATHY: Final = "sympathy"
SYMPATHY_TOKENS: Final[int] = _T["sympathy_tokens"]  # 8.2.5
# by sympathy tokens already on the map
SPREAD_COST: Final[tuple[int, ...]] = tuple(int(x) for x in _T["sympathy_cost_supporters"])
# idem (8.4.2.III, 8.6.1.IV)
SYMPATHY_VP: Final[tuple[int, ...]] = tuple(int(x) for x in _T["sympathy_vp"])
BASE_SUITS: Final[tuple[str, ...]] = tuple(_T["bases"])  # 8.3.2
BASES: Final = {suit: f"base_{suit}" for suit in BASE_SUITS}
SUIT_OF_BASE: Final = {kind: suit for suit, kind in BASES.items()}
BASE_KINDS: Final[tuple[str, ...]] = tuple(BASES[suit] for suit in BASE_SUITS)  # by index
CAPACITY: Final = 5  # 8.2.3.I without bases on the map
REVOLT_COST: Final = 2  # 8.4.1.II
MARTIAL_LAW_WARRIORS: Final = 3  # 8.4.2.II.a
SETUP_SUPPORTERS: Final = 3  # 8.3.4

text_form("revolt", "revolt in {1}")
text_form("revolt_as", "revolt in {1}, placing the {2} base")
text_form("spread", "spread sympathy to {1} ({2} supporter(s))")
text_form("supporter", "spend supporter {c1}")
text_form("supporters_all", "spend the matching supporters")
text_form("mobilize", "mobilize {c1}")
secret_form("mobilize", "mobilize a card (face down)")
text_form("train", "train an officer with {c1}")
text_form("operation", "military operation: {1}")
text_form("recruit_in", "recruit in {1}")
text_form("organize", "organize in {1}")
text_form("outrage", "Outrage: add {c1} to the Supporters stack")
secret_form("outrage", "Outrage: add a matching card to the Supporters stack")
text_form("show_hand", "Outrage: no matching card, show your hand")
text_form("discard_supporter", "discard supporter {c1}")


class AllianceState(FactionState):
    """The Supporters stack (8.2.3) and the Officers box (8.4.1.III)."""

    __slots__ = ("supporters", "officers")

    def __init__(self, supporters: tuple[str, ...] = (), officers: int = 0) -> None:
        self.supporters = supporters  # face down; order irrelevant (inspectable, 8.2.3)
        self.officers = officers

    def copy(self) -> AllianceState:
        return AllianceState(self.supporters, self.officers)

    def to_json(self) -> dict[str, Any]:
        return {"supporters": list(self.supporters), "officers": self.officers}

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> AllianceState:
        return cls(tuple(str(x) for x in d["supporters"]), int(d["officers"]))


def st_of(g: Game, s: int) -> AllianceState:
    fs = g.fstate[s]
    assert isinstance(fs, AllianceState)
    return fs


# ----------------------------------------------------------------- helpers
def sympathetic(g: Game, s: int, c: int) -> bool:
    """8.2.5.II: a clearing with a sympathy token."""
    return g.has_piece_at(s, SYMPATHY, c)


def sympathy_on_map(g: Game, s: int) -> int:
    return g.count_token(s, SYMPATHY)


def bases_on_map(g: Game, s: int) -> list[str]:
    """Printed suits of the bases on the map."""
    out: list[str] = []
    kinds = BASE_KINDS
    for i in range(len(kinds)):
        if g.count_building(s, kinds[i]):
            out.append(BASE_SUITS[i])
    return out


def base_clearings(g: Game, s: int) -> list[int]:
    out: list[int] = []
    for kind in BASE_KINDS:
        out.extend(g.piece_clearings(s, kind))
    return out


EVERY_SUIT: Final = "every"  # the Lost City's clearing (Appendix F): any card matches it


def matches(g: Game, cid: str, suit: str) -> bool:
    """A card can be spent as ``suit`` (2.1.1 birds are wild; EVERY_SUIT: any card)."""
    cs = g.suit_of(cid)
    return cs == suit or cs == "bird" or suit == EVERY_SUIT


def clearing_suit(g: Game, c: int) -> str:
    """The suit supporters spent for clearing c must match: its suit, or EVERY_SUIT in
    the Lost City's clearing (of every suit, Appendix F)."""
    lm = g.landmarks
    return EVERY_SUIT if lm is not None and lm.lost_city == c else g.suits[c]


def supporters_matching(g: Game, s: int, suit: str) -> list[str]:
    """8.2.3: supporters spent only for their suit (birds wild, 2.1.1); with repeats."""
    cards = g.deckdef.cards
    every = suit == EVERY_SUIT
    out: list[str] = []
    for cid in st_of(g, s).supporters:
        cs = cards[cid].suit  # ``matches``
        if cs == suit or cs == "bird" or every:
            out.append(cid)
    return out


def supporters_by_suit(g: Game, s: int) -> tuple[int, int, int]:
    """How many supporters can be spent as a fox, a rabbit and a mouse (birds are wild):
    a tuple, which compiled is returned in registers (no dict to build)."""
    cards = g.deckdef.cards
    fox = rabbit = mouse = birds = 0
    for cid in st_of(g, s).supporters:  # one pass: ``supporters_matching`` of each suit
        cs = cards[cid].suit
        if cs == "bird":
            birds += 1
        elif cs == "fox":
            fox += 1
        elif cs == "rabbit":
            rabbit += 1
        elif cs == "mouse":
            mouse += 1
    return fox + birds, rabbit + birds, mouse + birds  # SUITS


def gain_supporter(g: Game, s: int, cid: str) -> None:
    """8.2.3.I Capacity: five without bases on the map; a card beyond it is discarded."""
    fs = st_of(g, s)
    if not bases_on_map(g, s) and len(fs.supporters) >= CAPACITY:
        g.discard_card(cid)
        g.note("supporter_discarded", g.factions[s])
        return
    fs.supporters = fs.supporters + (cid,)


def draw_supporters(g: Game, s: int, n: int) -> None:
    """Draw n cards from the deck (2.1, with its reshuffle) onto the Supporters stack."""
    hand = g.hands[s]
    before = len(hand)
    g.draw(s, n)
    drawn = hand[before:]
    del hand[before:]
    for cid in drawn:
        gain_supporter(g, s, cid)


def spend_supporter(g: Game, s: int, cid: str) -> None:
    """Spend (G.1.29: discard) one supporter."""
    fs = st_of(g, s)
    lst = list(fs.supporters)
    lst.remove(cid)
    fs.supporters = tuple(lst)
    g.discard_card(cid)


def spread_cost(g: Game, s: int, c: int) -> int:
    """8.4.2.II: the cost above the next sympathy token, plus one for Martial Law
    (8.4.2.II.a: another player has at least three warriors in the clearing)."""
    cost: int = SPREAD_COST[sympathy_on_map(g, s)]
    warriors = g.warriors
    for o in range(len(g.factions)):
        if o != s and warriors[o][c] >= MARTIAL_LAW_WARRIORS:
            return cost + 1
    return cost


def place_sympathy(g: Game, s: int, c: int) -> None:
    """Place a sympathy token and score the uncovered space (8.4.2.III, 8.6.1.IV)."""
    vp = SYMPATHY_VP[sympathy_on_map(g, s)]
    g.place_token(s, SYMPATHY, c)
    g.score(s, vp, "sympathy")


def can_place_sympathy(g: Game, s: int, c: int) -> bool:
    """A token left (8.2.5), none there yet (8.2.5.I), no rule against placing (6.2.2)."""
    return (sympathy_on_map(g, s) < SYMPATHY_TOKENS and not sympathetic(g, s, c)
            and g.may_place(s, c))


def base_fits_after_revolt(g: Game, s: int, c: int) -> bool:
    """A slot for the base once every enemy building has gone (rulings: 8.4.1). What
    stays: the ruin, s's own buildings and those of owners that are no enemy of s (a
    hireling it controls, E.3.2) or that the revolt cannot remove (the Stoic Protector)."""
    if g.hire is None:
        staying = sum(1 for p in g.buildings[c] if p[0] == s or p[0] == RUIN)
        return g.board.slots[c] > staying
    from rootlaw.core.hired import removal_shielded
    enemies = g.enemy_owners(s)
    staying = sum(1 for p in g.buildings[c]
                  if p[0] not in enemies or removal_shielded(g, s, p[0], c))
    return g.slots_at(c) > staying


def revolt_clearings(g: Game, s: int) -> list[int]:
    """8.4.1.I-II: a sympathetic clearing matching a base on the faction board, with
    two supporters of its suit to spend."""
    out: list[int] = []
    for c in g.piece_clearings(s, SYMPATHY):
        if revolt_suits(g, s, c):
            out.append(c)
    return out


def revolt_suits(g: Game, s: int, c: int) -> list[str]:
    """8.4.1.I-II: the suits of the bases on the faction board that sympathetic clearing
    c matches (several in the Lost City's clearing, Appendix F: the base is chosen),
    when the base fits and two supporters matching c can be spent."""
    suits = [suit for suit in g.suits_at(c)  # the cheap test first: a base to place
             if suit in BASES and not g.count_building(s, BASES[suit])]
    if not suits or not base_fits_after_revolt(g, s, c):
        return []
    if len(supporters_matching(g, s, clearing_suit(g, c))) < REVOLT_COST:
        return []
    return suits


def spread_clearings(g: Game, s: int) -> list[tuple[int, int]]:
    """8.4.2.I-II: (clearing, cost) for unsympathetic clearings adjacent to a sympathetic
    one (any clearing if none is sympathetic) whose cost the supporters can pay."""
    sym = g.piece_clearings(s, SYMPATHY)
    if len(sym) >= SYMPATHY_TOKENS:  # sympathy_on_map
        return []
    size = len(g.buildings)
    placed = [False] * size  # sympathetic(g, s, c), by clearing
    for c in sym:
        placed[c] = True
    if sym:
        near = [False] * size
        for c in sym:
            for x in g.adjacent(c):
                near[x] = True
        cands = [c for c in range(size) if near[c]]  # in clearing order
    else:
        cands = list(g.clearings())
    out: list[tuple[int, int]] = []
    fox, rabbit, mouse = supporters_by_suit(g, s)
    every = len(st_of(g, s).supporters)
    for c in cands:
        if placed[c]:
            continue
        cost = spread_cost(g, s, c)
        suit = clearing_suit(g, c)
        # the supporters that can pay there; a clearing of no suit (the Burrow, 12.2.2)
        # has none to pay with
        have = (fox if suit == "fox" else rabbit if suit == "rabbit" else mouse
                if suit == "mouse" else every if suit == EVERY_SUIT else 0)
        # can_place_sympathy (a token is left) last, the dearest test
        if have >= cost and g.may_place(s, c):
            out.append((c, cost))
    return out


def train_cards(g: Game, s: int) -> list[str]:
    """8.5.3: cards in hand matching the printed suit of a base on the map."""
    if not g.warrior_supply(s):
        return []  # rulings: Train is not offered without a warrior to place
    suits = bases_on_map(g, s)
    if not suits:
        return []
    cards = g.deckdef.cards
    out: list[str] = []
    hand = g.hands[s]
    for i in range(len(hand)):
        cid = hand[i]
        cs = cards[cid].suit
        if (cs == "bird" or listed(suits, cs)) and not repeated(hand, i):
            out.append(cid)
    return out


def recruit_clearings(g: Game, s: int) -> list[int]:
    """8.6.1.III: clearings with a base."""
    if not g.warrior_supply(s):
        return []
    return sorted([c for c in distinct_ints(base_clearings(g, s)) if g.may_place(s, c)])


def organize_clearings(g: Game, s: int) -> list[int]:
    """8.6.1.IV: unsympathetic clearings with an Alliance warrior."""
    w = g.warriors[s]
    return [c for c in g.clearings() if w[c] and can_place_sympathy(g, s, c)]


# ----------------------------------------------------------------- faction
class Alliance(FactionDef):
    id = ME
    name = "Woodland Alliance"
    setup_order = "C"
    setup_class = "insurgent"  # A.8.1 (advanced_setup.json)
    reach = 3
    warriors = int(_T["warriors"])  # 8.3.1
    buildings = {kind: 1 for kind in BASES.values()}
    tokens = {SYMPATHY: SYMPATHY_TOKENS}
    crafts_with: tuple[str, ...] = (SYMPATHY,)  # 8.2.1

    def new_state(self) -> FactionState:
        return AllianceState()

    def state_from_json(self, data: dict[str, Any]) -> FactionState:
        return AllianceState.from_json(data)

    def setup_steps(self, g: Game, s: int) -> list[Step]:
        return [("alliance.setup", s)]

    def phase_steps(self, g: Game, s: int, phase: str) -> list[Step]:
        if phase == "birdsong":  # 8.4: all revolts, then spread sympathy
            return [("alliance.revolts", s), ("alliance.spreads", s)]
        if phase == "daylight":
            return [("alliance.daylight", s)]
        return [("alliance.operations", s, 0), ("alliance.draw", s), ("discard_down", s)]

    def warriors_off_map(self, g: Game, s: int) -> int:
        """Officers are warriors of the faction's ten (8.3.1, 8.4.1.III)."""
        return st_of(g, s).officers

    def battle_takes_higher_roll(self, g: Game, s: int, b: Battle, attacker: bool) -> bool:
        """8.2.2 Guerrilla War: the higher roll as defender (and as attacker, 4.3.2)."""
        return True

    def on_piece_removed(self, g: Game, s: int, c: int, kind: str, by: int) -> Sequence[Step]:
        if kind in SUIT_OF_BASE:  # 8.2.4 Removing Bases
            return [("alliance.base_removed", s, SUIT_OF_BASE[kind])]
        who = g.player_of(by) if by >= 0 else -1  # E.3.7: a hireling's, its controller
        if kind == SYMPATHY and who >= 0 and who != s:  # 8.2.6 Outrage
            return [("alliance.outrage", who, s, c)]
        return NO_STEPS

    def after_move(self, g: Game, s: int, mover: int, a: int, b: int, n: int) -> Sequence[Step]:
        """8.2.6 Outrage: another player moved warriors into a sympathetic clearing."""
        if mover != s and n > 0 and sympathetic(g, s, b):
            return [("alliance.outrage", mover, s, b)]
        return NO_STEPS

    def cards_held(self, g: Game, s: int) -> list[str]:
        return list(st_of(g, s).supporters)

    def hidden(self, g: Game, s: int, viewer: int) -> dict[str, list[str]]:
        """8.2.3: supporters are face down; only the Alliance may inspect them."""
        if viewer == s:
            return {}
        return {"cards": list(st_of(g, s).supporters)}

    def set_hidden(self, g: Game, s: int, viewer: int, values: dict[str, list[str]]) -> None:
        cards = values.get("cards")
        if cards is not None:
            st_of(g, s).supporters = tuple(cards)

    def view(self, g: Game, s: int, viewer: int | None) -> dict[str, Any]:
        fs = st_of(g, s)
        return {
            # 8.2.3: face down; only the Alliance may inspect them
            "supporters": list(fs.supporters) if viewer == s else None,
            "supporters_count": len(fs.supporters),
            "supporters_capacity": None if bases_on_map(g, s) else CAPACITY,
            "officers": fs.officers,
            "bases_on_track": [suit for suit in BASE_SUITS if suit not in bases_on_map(g, s)],
            "sympathy_on_track": SYMPATHY_TOKENS - sympathy_on_map(g, s),
        }


register(Alliance())


# ------------------------------------------------------------------- setup
class Setup(Handler):
    """8.3: warriors, bases and sympathy are the faction's own pieces off the map;
    8.3.4 Gain Supporters: draw three cards onto the Supporters stack."""

    name = "alliance.setup"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        draw_supporters(g, st[1], SETUP_SUPPORTERS)


# ------------------------------------------------------- spending supporters
class PaySupporters(Handler):
    """Spend supporters of a suit (8.2.3, birds wild). Args: (seat, suit, still owed)."""

    name = "alliance.pay"
    kind = "spend_supporter"
    rule = "8.2.3"

    def describe(self, g: Game, st: Step) -> str:
        what = "a" if st[2] == EVERY_SUIT else f"a {st[2]}"
        return f"Spend {what} supporter ({st[3]} to spend)"

    def options(self, g: Game, st: Step) -> list[Option]:
        s, suit, owed = st[1], st[2], st[3]
        can = supporters_matching(g, s, suit)
        if owed <= 0 or not can:
            return [("done",)]
        if len(can) <= owed:
            return [("supporters_all",)]  # all of them go: no choice
        return [("supporter", cid) for cid in distinct(can)]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        s, suit, owed = st[1], st[2], st[3]
        if o[0] == "done":
            return
        if o[0] == "supporters_all":
            for cid in supporters_matching(g, s, suit):
                spend_supporter(g, s, cid)
            return
        spend_supporter(g, s, o[1])
        g.push(("alliance.pay", s, suit, owed - 1))


# ---------------------------------------------------------------- birdsong
class Revolts(Handler):
    """8.4.1 Revolt, any number of times."""

    name = "alliance.revolts"
    kind = "revolt"
    rule = "8.4.1"
    prompt = "Birdsong: revolt, or go on to spread sympathy"

    def options(self, g: Game, st: Step) -> list[Option]:
        out: list[Option] = []
        for c in revolt_clearings(g, st[1]):
            if len(g.suits_at(c)) == 1:
                out.append(("revolt", c))
            else:  # the Lost City: which base (Appendix F)
                out += [("revolt_as", c, suit) for suit in revolt_suits(g, st[1], c)]
        return out + [("done",)]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        if o[0] == "done":
            return
        s, c = st[1], o[1]
        suit = o[2] if o[0] == "revolt_as" else g.suits[c]
        g.push(("alliance.pay", s, clearing_suit(g, c), REVOLT_COST),
               ("alliance.revolt", s, c, suit), st)


class Revolt(Handler):
    """8.4.1.III: remove all enemy pieces (scoring 3.2.1); place the base, warriors
    equal to the sympathetic clearings of its suit, and one officer (1.5.4: as
    many as the supply holds)."""

    name = "alliance.revolt"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        s, c = st[1], st[2]
        suit = st[3] if len(st) > 3 else g.suits[c]  # the base chosen (the Lost City)
        g.note("revolt", g.factions[s], c)
        remove_all_enemy_pieces(g, s, c)  # its triggers resolve after the revolt (1.4.2)
        g.place_building(s, BASES[suit], c)
        n = sum(1 for x in g.piece_clearings(s, SYMPATHY) if g.suit_match(x, suit))
        g.place_warriors(s, c, n)
        if g.warrior_supply(s):
            st_of(g, s).officers += 1


class Spreads(Handler):
    """8.4.2 Spread Sympathy, any number of times."""

    name = "alliance.spreads"
    kind = "spread_sympathy"
    rule = "8.4.2"
    prompt = "Birdsong: spread sympathy, or go on to Daylight"

    def options(self, g: Game, st: Step) -> list[Option]:
        out = [("spread", c, cost) for c, cost in spread_clearings(g, st[1])]
        return out + [("done",)]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        if o[0] == "done":
            return
        s, c, cost = st[1], o[1], o[2]
        g.push(("alliance.pay", s, clearing_suit(g, c), cost),
               ("alliance.place_sympathy", s, c), st)


class PlaceSympathy(Handler):
    """8.4.2.III Place and score."""

    name = "alliance.place_sympathy"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        place_sympathy(g, st[1], st[2])


# ---------------------------------------------------------------- daylight
class Daylight(Handler):
    """8.5: craft (8.5.1), mobilize (8.5.2), train (8.5.3) in any order and number."""

    name = "alliance.daylight"
    kind = "action"
    rule = "8.5"
    prompt = "Alliance Daylight: craft, mobilize, train, or end Daylight"

    def options(self, g: Game, st: Step) -> list[Option]:
        s: int = st[1]
        out = craft_options(g, s)  # a new list: the rest joins it (no list sums)
        append_all(out, daylight_extras(g, s))
        hand = g.hands[s]
        for i in range(len(hand)):
            if not repeated(hand, i):
                out.append(("mobilize", hand[i]))
        for cid in train_cards(g, s):
            out.append(("train", cid))
        out.append(("done",))
        return out

    def apply(self, g: Game, st: Step, o: Option) -> None:
        s: int = st[1]
        verb: str = o[0]
        if verb == "done":
            return
        g.push(st)  # back to this menu after the action and anything it triggers
        if verb in DAYLIGHT_VERBS:
            apply_daylight_extra(g, s, o)
        elif verb == "craft" or verb == "craft_forge":  # 8.5.1 with sympathy (8.2.1)
            craft(g, s, o[1], o[2], verb == "craft_forge")
        elif verb == "mobilize":  # 8.5.2
            g.hands[s].remove(o[1])
            gain_supporter(g, s, o[1])
        elif verb == "train":  # 8.5.3
            g.spend(s, o[1])
            st_of(g, s).officers += 1
        else:  # pragma: no cover
            raise ValueError(o)


# ----------------------------------------------------------------- evening
class Operations(Handler):
    """8.6.1 Military Operations: up to one action per officer. Args: (seat, taken).
    The limit is the number of officers now (rulings: 8.6.1)."""

    name = "alliance.operations"
    kind = "action"
    rule = "8.6.1"

    def describe(self, g: Game, st: Step) -> str:
        left = st_of(g, st[1]).officers - st[2]
        return f"Military operations: choose an action ({left} left)"

    def options(self, g: Game, st: Step) -> list[Option]:
        s, taken = st[1], st[2]
        out: list[Option] = []
        if taken < st_of(g, s).officers:
            if can_move(g, s):
                out.append(("operation", "move"))
            if can_battle(g, s):
                out.append(("operation", "battle"))
            if recruit_clearings(g, s):
                out.append(("operation", "recruit"))
            if organize_clearings(g, s):
                out.append(("operation", "organize"))
        out.append(("done",))
        return out

    def apply(self, g: Game, st: Step, o: Option) -> None:
        if o[0] == "done":
            return
        s, taken = st[1], st[2]
        g.push((f"alliance.{o[1]}", s), ("alliance.operations", s, taken + 1))


class OpMove(Handler):
    """8.6.1.I Take one move."""

    name = "alliance.move"
    kind = "move"
    rule = "8.6.1.I"
    prompt = "Move: choose the origin and destination"

    def options(self, g: Game, st: Step) -> list[Option]:
        return move_options(g, st[1])

    def apply(self, g: Game, st: Step, o: Option) -> None:
        g.push(move_step(st[1], o))


class OpBattle(Handler):
    """8.6.1.II Initiate a battle."""

    name = "alliance.battle"
    kind = "battle"
    rule = "8.6.1.II"
    prompt = "Battle: choose the clearing and the defender"

    def options(self, g: Game, st: Step) -> list[Option]:
        return battle_options(g, st[1])

    def apply(self, g: Game, st: Step, o: Option) -> None:
        start_battle(g, st[1], o[1], g.seat_of(o[2]))


class OpRecruit(Handler):
    """8.6.1.III Place a warrior in any clearing with a base."""

    name = "alliance.recruit"
    kind = "recruit"
    rule = "8.6.1.III"
    prompt = "Recruit: choose a clearing with a base"

    def options(self, g: Game, st: Step) -> list[Option]:
        return [("recruit_in", c) for c in recruit_clearings(g, st[1])]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        g.place_warriors(st[1], o[1], 1)


class OpOrganize(Handler):
    """8.6.1.IV Remove a warrior from an unsympathetic clearing; place sympathy; score."""

    name = "alliance.organize"
    kind = "organize"
    rule = "8.6.1.IV"
    prompt = "Organize: choose an unsympathetic clearing with your warrior"

    def options(self, g: Game, st: Step) -> list[Option]:
        return [("organize", c) for c in organize_clearings(g, st[1])]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        s, c = st[1], o[1]
        remove_warriors(g, s, c, 1)
        place_sympathy(g, s, c)
        trigger_removals(g, s, [(s, c, 1)], in_battle=False)


class Draw(Handler):
    """8.6.2: draw one card plus one per uncovered draw bonus (a base on the map)."""

    name = "alliance.draw"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        s: int = st[1]
        draw_cards(g, s, 1 + len(bases_on_map(g, s)))


# ------------------------------------------------------------------ outrage
class Outrage(Handler):
    """8.2.6 Outrage: the player who removed sympathy or moved warriors into a
    sympathetic clearing adds a matching card (birds too, 2.1.1.I) from hand to the
    Supporters stack; with none, shows the hand and the Alliance draws a supporter.
    Args: (that player's seat, Alliance seat, clearing)."""

    name = "alliance.outrage"
    kind = "outrage"
    rule = "8.2.6"

    def describe(self, g: Game, st: Step) -> str:
        suit = clearing_suit(g, st[3])
        what = "a" if suit == EVERY_SUIT else f"a {suit}"
        return f"Outrage in {st[3]}: add {what} card to the Supporters stack"

    def options(self, g: Game, st: Step) -> list[Option]:
        cards = g.cards_matching_clearing(st[1], st[3])
        if not cards:
            return [("show_hand",)]
        return [("outrage", cid) for cid in cards]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        payer, a = st[1], st[2]
        if o[0] == "outrage":
            g.hands[payer].remove(o[1])
            gain_supporter(g, a, o[1])
            return
        g.peeks.setdefault(a, {})[payer] = list(g.hands[payer])
        g.note("outrage_shown", g.factions[payer], g.factions[a])
        draw_supporters(g, a, 1)


# -------------------------------------------------------------- base removal
class BaseRemoved(Handler):
    """8.2.4 Removing Bases: discard supporters of the base's printed suit (birds too),
    remove half the officers rounded up; then the capacity check. Args: (seat, suit)."""

    name = "alliance.base_removed"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        s, suit = st[1], st[2]
        fs = st_of(g, s)
        for cid in supporters_matching(g, s, suit):
            spend_supporter(g, s, cid)
        fs.officers -= (fs.officers + 1) // 2
        g.push(("alliance.discard_supporters", s))


class DiscardSupporters(Handler):
    """8.2.4: with no bases left on the map, discard down to five supporters."""

    name = "alliance.discard_supporters"
    kind = "discard"
    rule = "8.2.4"
    prompt = "No bases on the map: discard down to five supporters"

    def options(self, g: Game, st: Step) -> list[Option]:
        s: int = st[1]
        sup = st_of(g, s).supporters
        if bases_on_map(g, s) or len(sup) <= CAPACITY:
            return [("done",)]
        return [("discard_supporter", cid) for cid in distinct(list(sup))]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        if o[0] == "done":
            return
        spend_supporter(g, st[1], o[1])
        g.push(st)


register_steps(
    Setup(), PaySupporters(), Revolts(), Revolt(), Spreads(), PlaceSympathy(), Daylight(),
    Operations(), OpMove(), OpBattle(), OpRecruit(), OpOrganize(), Draw(), Outrage(),
    BaseRemoved(), DiscardSupporters(),
)
