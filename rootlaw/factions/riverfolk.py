"""Riverfolk Company (Law of Root, section 11).

Funds are warriors of any faction in the Riverfolk's Payments, Funds and Committed
boxes (11.2.4): the state counts them by owner seat, and ``warriors_held`` takes them
out of their owners' supplies. Trade posts are tokens, one kind per suit
(``post_fox``...); a removed one leaves the game, its track space stays uncovered
(11.2.5.I). Services are bought at the start of other players' Birdsong (11.2.6),
through the core hooks ``at_birdsong_start``, ``lends_warriors_to`` (Mercenaries) and
``river_access_for`` (Riverboats, Swimmers).
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from rootlaw.core.battle import battle_targets, start_battle
from rootlaw.core.catalog import SUITS, suit_index, tracks
from rootlaw.core.craft import craft, craft_options
from rootlaw.core.effects import DAYLIGHT_VERBS, apply_daylight_extra, daylight_extras
from rootlaw.core.faction_api import NO_STEPS, Faction, FactionDef, FactionState, register
from rootlaw.core.game import Game
from rootlaw.core.move import ferry_pairs, move_pairs
from rootlaw.core.options import Option, listed, text_form
from rootlaw.core.steps import Handler, Step, register_steps

ME: Final = Faction.RIVERFOLK
_T: Final = tracks()["riverfolk"]
POSTS: Final = {suit: "post_" + suit for suit in SUITS}  # token kind per suit
POST_KINDS: Final[tuple[str, ...]] = tuple(POSTS.values())  # in SUITS order
SUIT_OF_POST: Final = {kind: suit for suit, kind in POSTS.items()}
POSTS_PER_SUIT: Final = int(_T["trade_posts_per_suit"])
POST_VP: Final = tuple(int(x) for x in _T["trade_post_vp"])  # 11.5.6.III, by space
SERVICES: Final[tuple[str, ...]] = ("hand_card", "riverboats", "mercenaries")  # 11.2.7 I-III
PRICES: Final = tuple(range(int(_T["service_price_range"][0]),
                            int(_T["service_price_range"][1]) + 1))  # 11.3.5
STARTING_FUNDS: Final = int(_T["starting_funds"])  # 11.3.4
PROTECTIONISM: Final = int(_T["protectionism"])  # 11.4.1
SETUP_WARRIORS: Final = int(_T["setup_warriors"])  # 11.3.2
HAND_CARD: Final = 0
RIVERBOATS: Final = 1
MERCENARIES: Final = 2
BOXES: Final[tuple[str, ...]] = ("payments", "funds", "committed")

text_form("rf_setup", "place a warrior in {1}")
text_form("price", "set the {1} price to {2}")
text_form("buy_card", "buy {c1} from the Riverfolk's hand")
text_form("buy_riverboats", "buy Riverboats")
text_form("buy_mercenaries", "buy Mercenaries")
text_form("rf_move", "commit a fund: move {1} -> {2}")
text_form("rf_ferry", "commit a fund: move {1} -> {2} by the Ferry")
text_form("rf_battle", "commit a fund: battle in {1} against {2}")
text_form("rf_draw", "commit a fund: draw a card")
text_form("rf_recruit", "spend a fund: recruit in {1}")
text_form("rf_post", "spend two {2} funds: trade post in {1}")
text_form("export", "export {c1}{w2:any suit paid as }")
text_form("rf_post_as", "spend two {2} funds: {3} trade post in {1}")
text_form("fund", "use a {1} fund")
text_form("lose_fund", "lose a {1} fund")


class RiverfolkState(FactionState):
    __slots__ = ("payments", "funds", "committed", "prices", "gone", "boats", "mercs")

    def __init__(self, payments: dict[int, int] | None = None,
                 funds: dict[int, int] | None = None, committed: dict[int, int] | None = None,
                 prices: tuple[int, ...] = (0, 0, 0), gone: tuple[int, ...] = (0, 0, 0),
                 boats: tuple[int, int] = (-1, 0), mercs: tuple[int, int] = (-1, 0)) -> None:
        # warriors by owner seat in each box (11.2.4); funds placed on the Trade Posts
        # tracks to craft are Committed, the track spaces used are g.craft_used
        self.payments: dict[int, int] = {} if payments is None else payments
        self.funds: dict[int, int] = {} if funds is None else funds
        self.committed: dict[int, int] = {} if committed is None else committed
        self.prices = prices  # cost of each service (11.3.5), by SERVICES
        self.gone = gone  # trade posts removed from the game, by suit (11.2.5.I)
        self.boats = boats  # (buyer, turn) of Riverboats (11.2.7.II)
        self.mercs = mercs  # (buyer, turn) of Mercenaries (11.2.7.III)

    def copy(self) -> RiverfolkState:
        return RiverfolkState(self.payments.copy(), self.funds.copy(), self.committed.copy(),
                              self.prices, self.gone, self.boats, self.mercs)

    def to_json(self) -> dict[str, Any]:
        return {"payments": _keyed(self.payments), "funds": _keyed(self.funds),
                "committed": _keyed(self.committed), "prices": list(self.prices),
                "gone": list(self.gone), "boats": list(self.boats), "mercs": list(self.mercs)}

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> RiverfolkState:
        boxes = [_unkeyed(d[k]) for k in BOXES]
        prices = tuple(int(x) for x in d["prices"])
        if len(prices) != len(SERVICES) or not all(p == 0 or p in PRICES for p in prices):
            raise ValueError(f"bad Riverfolk prices {prices!r}")
        gone = tuple(int(x) for x in d["gone"])
        boats = (int(d["boats"][0]), int(d["boats"][1]))
        mercs = (int(d["mercs"][0]), int(d["mercs"][1]))
        return cls(boxes[0], boxes[1], boxes[2], prices, gone, boats, mercs)


def _keyed(box: dict[int, int]) -> dict[str, int]:
    return {str(k): v for k, v in sorted(box.items()) if v}


def _unkeyed(box: dict[str, Any]) -> dict[int, int]:
    out = {int(k): int(v) for k, v in box.items()}
    if any(v < 0 for v in out.values()):
        raise ValueError("a Riverfolk box holds a negative number of warriors")
    return out


def st_of(g: Game, s: int) -> RiverfolkState:
    fs = g.fstate[s]
    assert isinstance(fs, RiverfolkState)
    return fs


# ----------------------------------------------------------------- helpers
def total(box: dict[int, int]) -> int:
    n = 0
    for v in box.values():  # compiled, a loop is native where ``sum`` is a generic call
        n += v
    return n


def add(box: dict[int, int], owner: int, n: int) -> None:
    box[owner] = box.get(owner, 0) + n


def take(box: dict[int, int], owner: int, n: int = 1) -> None:
    left = box.get(owner, 0) - n
    if left < 0:
        raise ValueError(f"no {n} warriors of seat {owner} in the box")
    box[owner] = left


def owners(box: dict[int, int]) -> list[int]:
    """The owners with warriors in the box, in seat order."""
    out: list[int] = []
    for o, n in box.items():
        if n > 0:
            out.append(o)
    out.sort()
    return out


def river_clearings(g: Game) -> list[int]:
    """Clearings touching a river (11.3.2, 11.5.5)."""
    return list(g.board.river_clearings)


def trade_posts(g: Game, s: int) -> list[int]:
    """Clearings with a trade post of s, in order."""
    out: list[int] = []
    for kind in POST_KINDS:
        out.extend(g.piece_clearings(s, kind))
    return sorted(out)


def uncovered(g: Game, s: int, suit: str) -> int:
    """Empty spaces of a suit's Trade Posts track: posts on the map or gone (11.2.1)."""
    i = suit_index(suit)
    return g.count_token(s, POST_KINDS[i]) + st_of(g, s).gone[i]


def service_limit(g: Game, s: int, buyer: int) -> int:
    """11.2.6.II: one service, plus one per clearing with a trade post and the buyer's
    faction pieces."""
    return 1 + sum(1 for c in trade_posts(g, s) if g.has_any_piece(buyer, c))


def active(pair: tuple[int, int], g: Game, buyer: int) -> bool:
    """A service bought by ``buyer`` this turn."""
    return buyer >= 0 and pair[0] == buyer and pair[1] == g.turn_no


# ----------------------------------------------------------------- faction
class Riverfolk(FactionDef):
    id = ME
    name = "Riverfolk Company"
    setup_order = "G"
    setup_class = "insurgent"  # A.8.1 (advanced_setup.json)
    reach = 5
    warriors = int(_T["warriors"])  # 11.3.1
    tokens = {kind: POSTS_PER_SUIT for kind in POSTS.values()}
    public_hand = True  # 11.2.3

    def new_state(self) -> FactionState:
        return RiverfolkState()

    def state_from_json(self, data: dict[str, Any]) -> FactionState:
        return RiverfolkState.from_json(data)

    def setup_steps(self, g: Game, s: int) -> list[Step]:
        return [("riverfolk.setup", s, SETUP_WARRIORS), ("riverfolk.starting_funds", s),
                *[("riverfolk.price", s, i) for i in range(len(SERVICES))]]

    def phase_steps(self, g: Game, s: int, phase: str) -> list[Step]:
        if phase == "birdsong":  # 11.4.1-11.4.3
            return [("riverfolk.birdsong", s)]
        if phase == "daylight":  # 11.5
            return [("riverfolk.daylight", s)]
        # 11.6.1 discard down to five; 11.6.2 set costs
        return [("discard_down", s), *[("riverfolk.price", s, i) for i in range(len(SERVICES))]]

    # 11.2.1 crafting by committing funds to empty spaces of the Trade Posts tracks
    def crafting_pieces(self, g: Game, s: int) -> tuple[int, int, int]:
        return (uncovered(g, s, "fox"), uncovered(g, s, "rabbit"), uncovered(g, s, "mouse"))

    def pay_crafting(self, g: Game, s: int, suits: list[str]) -> None:
        super().pay_crafting(g, s, suits)
        g.push_all([("riverfolk.fund", s, "commit") for _ in suits])

    def river_access_for(self, g: Game, s: int, mover: int) -> int:
        """11.2.2 Swimmers; 11.2.7.II Riverboats bought this turn."""
        if mover == s:
            return 2
        return 1 if active(st_of(g, s).boats, g, mover) else 0

    def lends_warriors_to(self, g: Game, s: int) -> int:
        """11.2.7.III Mercenaries: in the buyer's Daylight and Evening of this turn."""
        buyer = st_of(g, s).mercs[0]
        if active(st_of(g, s).mercs, g, buyer) and g.phase in ("daylight", "evening"):
            return buyer
        return -1

    def lending_this_turn(self, g: Game, s: int) -> bool:
        """11.2.7.III: only Mercenaries bought this turn count for their buyer's rule."""
        mercs = st_of(g, s).mercs
        return active(mercs, g, mercs[0])

    def warriors_held(self, g: Game, s: int, owner: int) -> int:
        fs = st_of(g, s)
        return (fs.payments.get(owner, 0) + fs.funds.get(owner, 0)
                + fs.committed.get(owner, 0))

    def at_birdsong_start(self, g: Game, s: int, current: int) -> Sequence[Step]:
        """11.2.6 Buying Services: the current player may buy (a bot never does)."""
        if g.fdefs[current].is_bot:
            return NO_STEPS
        return [("riverfolk.services", current, s, 0)]

    def on_piece_removed(self, g: Game, s: int, c: int, kind: str, by: int) -> Sequence[Step]:
        """11.2.5.I Trade Disruption: the post leaves the game; half the funds, rounded
        up, go when the trigger resolves (1.1.3: each post removed by one effect halves
        what the one before left)."""
        if kind not in SUIT_OF_POST:
            return NO_STEPS
        fs = st_of(g, s)
        i = SUITS.index(SUIT_OF_POST[kind])
        fs.gone = fs.gone[:i] + (fs.gone[i] + 1,) + fs.gone[i + 1:]
        return [("riverfolk.disruption", s)]

    def cards_held(self, g: Game, s: int) -> list[str]:
        return []

    def view(self, g: Game, s: int, viewer: int | None) -> dict[str, Any]:
        fs = st_of(g, s)
        return {
            "payments": {g.factions[o]: n for o, n in sorted(fs.payments.items()) if n},
            "funds": {g.factions[o]: n for o, n in sorted(fs.funds.items()) if n},
            "committed": {g.factions[o]: n for o, n in sorted(fs.committed.items()) if n},
            "prices": {SERVICES[i]: fs.prices[i] for i in range(len(SERVICES))},
            "trade_posts_on_track": {suit: POSTS_PER_SUIT - uncovered(g, s, suit)
                                     for suit in SUITS},
            "trade_posts_gone": {SUITS[i]: fs.gone[i] for i in range(3) if fs.gone[i]},
            "riverboats": g.factions[fs.boats[0]] if active(fs.boats, g, fs.boats[0]) else None,
            "mercenaries": g.factions[fs.mercs[0]] if active(fs.mercs, g, fs.mercs[0]) else None,
        }


register(Riverfolk())


# ------------------------------------------------------------------- setup
class SetupWarrior(Handler):
    """11.3.2 Place 4 warriors in any clearings touching the river. Args: (seat, left)."""

    name = "riverfolk.setup"
    kind = "setup_warriors"
    rule = "11.3.2"

    def describe(self, g: Game, st: Step) -> str:
        return f"Place a warrior in a clearing touching the river ({st[2]} left)"

    def options(self, g: Game, st: Step) -> list[Option]:
        s: int = st[1]
        if st[2] <= 0 or not g.warrior_supply(s):
            return [("done",)]
        return [("rf_setup", c) for c in river_clearings(g) if g.may_place(s, c)] or [("done",)]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        if o[0] == "done":
            return
        g.place_warriors(st[1], o[1], 1)
        g.push(("riverfolk.setup", st[1], st[2] - 1))


class StartingFunds(Handler):
    """11.3.3 the trade posts fill their tracks (none on the map); 11.3.4 three warriors
    in the Payments box."""

    name = "riverfolk.starting_funds"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        s: int = st[1]
        add(st_of(g, s).payments, s, min(STARTING_FUNDS, g.warrior_supply(s)))


class SetPrice(Handler):
    """11.3.5 / 11.6.2 Set the cost of a service. Args: (seat, service index)."""

    name = "riverfolk.price"
    kind = "price"
    rule = "11.6.2"

    def describe(self, g: Game, st: Step) -> str:
        return f"Set the cost of {SERVICES[st[2]].replace('_', ' ')}"

    def options(self, g: Game, st: Step) -> list[Option]:
        return [("price", SERVICES[st[2]], p) for p in PRICES]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        fs = st_of(g, st[1])
        i: int = st[2]
        fs.prices = fs.prices[:i] + (int(o[2]),) + fs.prices[i + 1:]


# ---------------------------------------------------------------- services
class Services(Handler):
    """11.2.6 Buying Services, decided by the buyer at the start of its Birdsong.
    Args: (buyer, Riverfolk seat, services bought)."""

    name = "riverfolk.services"
    kind = "buy_service"
    rule = "11.2.6"
    prompt = "Buy a Riverfolk service?"

    def options(self, g: Game, st: Step) -> list[Option]:
        buyer: int = st[1]
        s: int = st[2]
        if st[3] >= service_limit(g, s, buyer):
            return [("done",)]
        fs = st_of(g, s)
        can = g.fdefs[buyer].payment_capacity(g, buyer)
        out: list[Option] = []
        if can >= fs.prices[HAND_CARD]:  # I Hand Card
            out += [("buy_card", cid) for cid in dict.fromkeys(g.hands[s])]
        if can >= fs.prices[RIVERBOATS] and not active(fs.boats, g, buyer):  # II Riverboats
            out.append(("buy_riverboats",))
        if (can >= fs.prices[MERCENARIES] and not active(fs.mercs, g, buyer)
                and g.fdefs[buyer].warriors):  # III; b: not the Vagabond (no warriors)
            out.append(("buy_mercenaries",))
        return out + [("done",)]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        if o[0] == "done":
            return
        buyer: int = st[1]
        s: int = st[2]
        fs = st_of(g, s)
        g.push(("riverfolk.services", buyer, s, st[3] + 1))
        if o[0] == "buy_card":
            pay(g, s, buyer, fs.prices[HAND_CARD])
            g.hands[s].remove(o[1])
            g.hands[buyer].append(o[1])
        elif o[0] == "buy_riverboats":
            pay(g, s, buyer, fs.prices[RIVERBOATS])
            fs.boats = (buyer, g.turn_no)
        else:
            pay(g, s, buyer, fs.prices[MERCENARIES])
            fs.mercs = (buyer, g.turn_no)
        g.note("service", g.factions[buyer], str(o[0]))


def pay(g: Game, s: int, buyer: int, cost: int) -> None:
    """11.2.6.I: the buyer's warriors into the Payments box; III: the Vagabond exhausts
    items, and for each the Riverfolk place one of their warriors there."""
    fs = st_of(g, s)
    if g.fdefs[buyer].pays_in_items:
        g.push_all(list(g.fdefs[buyer].pay_in_items(g, buyer, cost)))
        add(fs.payments, s, min(cost, g.warrior_supply(s)))
    else:
        add(fs.payments, buyer, cost)


# ---------------------------------------------------------------- birdsong
class Birdsong(Handler):
    """11.4.1 Protectionism; 11.4.2 Score Dividends; 11.4.3 Gather Funds."""

    name = "riverfolk.birdsong"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        s: int = st[1]
        fs = st_of(g, s)
        if not total(fs.payments):
            add(fs.payments, s, min(PROTECTIONISM, g.warrior_supply(s)))
        if trade_posts(g, s):
            g.score(s, total(fs.funds) // 2, "dividends")
        for box in (fs.payments, fs.committed):
            for o, n in box.items():
                add(fs.funds, o, n)
        fs.payments, fs.committed = {}, {}


# ---------------------------------------------------------------- daylight
class Daylight(Handler):
    """11.5: commit and spend funds to take actions, in any order and number."""

    name = "riverfolk.daylight"
    kind = "action"
    rule = "11.5"
    prompt = "Riverfolk Daylight: commit or spend funds, or end Daylight"

    def options(self, g: Game, st: Step) -> list[Option]:
        s: int = st[1]
        return daylight_options(g, s) + daylight_extras(g, s) + [("done",)]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        s: int = st[1]
        verb = o[0]
        if verb == "done":
            return
        g.push(st)
        if verb in DAYLIGHT_VERBS:
            apply_daylight_extra(g, s, o)
        elif verb == "rf_move" or verb == "rf_ferry":  # 11.5.1 (C.2.5 by the Ferry)
            g.push(("riverfolk.fund", s, "commit"),
                   ("move_count", s, o[1], o[2], 1 if verb == "rf_ferry" else 0))
        elif verb == "rf_battle":  # 11.5.2
            g.push(("riverfolk.fund", s, "commit"))
            start_battle(g, s, o[1], g.seat_of(o[2]))
        elif verb == "rf_draw":  # 11.5.4
            g.push(("riverfolk.fund", s, "commit"), ("draw", s, 1))
        elif verb == "rf_recruit":  # 11.5.5
            g.push(("riverfolk.fund", s, "spend"), ("riverfolk.recruit", s, o[1]))
        elif verb == "rf_post" or verb == "rf_post_as":  # 11.5.6
            establish_trade_post(g, s, o[1], g.seat_of(o[2]), o[3] if len(o) > 3 else "")
        elif verb == "craft" or verb == "craft_forge":  # 11.5.3 (the Legendary Forge)
            craft(g, s, o[1], o[2], verb == "craft_forge")
        elif verb == "export":  # 11.5.3.I
            export(g, s, o[1], o[2])
        else:  # pragma: no cover
            raise ValueError(o)


def daylight_options(g: Game, s: int) -> list[Option]:
    fs = st_of(g, s)
    funds = total(fs.funds)
    if not funds:
        return []
    out: list[Option] = [("rf_move", a, b) for a, b in move_pairs(g, s)]
    if g.ferry:
        out += [("rf_ferry", a, b) for a, b in ferry_pairs(g, s)]
    out += [("rf_battle", c, g.owner_name(o)) for c, o in battle_targets(g, s)]
    if g.deck or g.discard:
        out.append(("rf_draw",))
    if g.warrior_supply(s) or fs.funds.get(s, 0):  # a spent own fund is placed again
        out += [("rf_recruit", c) for c in river_clearings(g) if g.may_place(s, c)]
    left = suits_left(g, s)
    for c, r in post_sites(g, s, left):
        if len(g.suits_at(c)) == 1:
            out.append(("rf_post", c, g.factions[r]))
        else:  # the Lost City (Appendix F): a trade post of any of its suits
            out += [("rf_post_as", c, g.factions[r], suit) for suit in post_suits(g, s, c)]
    crafts = [o for o in craft_options(g, s) if len(g.card(o[1]).cost) <= funds]
    out.extend(crafts)
    exports: list[Option] = []  # each once (Forge or supply)
    for o in crafts:
        export = ("export",) + o[1:]
        if export not in exports:
            exports.append(export)
    out.extend(exports)
    return out


def post_sites(g: Game, s: int, left: list[str] | None = None) -> list[tuple[int, int]]:
    """11.5.6.I-II: clearings without a trade post, ruled by a player with two funds in
    the Funds box, with a matching trade post left on the track (``left``: the
    ``suits_left``, when the caller has them)."""
    fs = st_of(g, s)
    if left is None:
        left = suits_left(g, s)
    if not left:
        return []
    has_post = [False] * len(g.buildings)
    for c in trade_posts(g, s):
        has_post[c] = True
    rulers = g.rulers()
    out: list[tuple[int, int]] = []
    for c in g.clearings():
        r = rulers[c]
        if r < 0 or has_post[c] or fs.funds.get(r, 0) < 2:
            continue
        matching = False  # post_suits(g, s, c) is not empty
        for suit in g.suits_at(c):
            if listed(left, suit):
                matching = True
                break
        if matching and g.may_place(s, c):
            out.append((c, r))
    return out


def suits_left(g: Game, s: int) -> list[str]:
    """11.5.6.III the suits with a trade post left on their track."""
    out: list[str] = []
    for suit in SUITS:
        if uncovered(g, s, suit) < POSTS_PER_SUIT:
            out.append(suit)
    return out


def post_suits(g: Game, s: int, c: int) -> list[str]:
    """11.5.6.III the suits of trade post that match c with one left on its track (the
    Lost City's clearing matches all three, Appendix F)."""
    left = suits_left(g, s)
    return [suit for suit in g.suits_at(c) if listed(left, suit)]


def establish_trade_post(g: Game, s: int, c: int, ruler: int, suit: str = "") -> None:
    """11.5.6.II-III: spend two of the ruler's funds; place the trade post (``suit``: of
    the clearing's suits, which one) and a warrior; score the space uncovered."""
    take(st_of(g, s).funds, ruler, 2)
    suit = suit or g.suits[c]
    space = uncovered(g, s, suit)  # the track space about to be uncovered
    g.place_token(s, POSTS[suit], c)
    g.place_warriors(s, c, 1)
    g.score(s, POST_VP[space], "trade_post")


def export(g: Game, s: int, cid: str, anys: tuple[str, ...]) -> None:
    """11.5.3.I Export: commit funds as to craft, discard the card instead of its
    benefit, and place one Riverfolk warrior in the Payments box."""
    card = g.card(cid)
    g.fdefs[s].pay_crafting(g, s, [x for x in card.cost if x != "any"] + list(anys))
    g.spend(s, cid)
    if g.warrior_supply(s):
        add(st_of(g, s).payments, s, 1)
    g.note("export", g.factions[s], cid)


class Fund(Handler):
    """Which fund to commit (11.5: to the Committed box) or spend (back to its owner's
    supply); only a choice with funds of several owners. Args: (seat, how)."""

    name = "riverfolk.fund"
    kind = "fund"
    rule = "11.5"
    prompt = "Choose whose warrior to use as the fund"

    def options(self, g: Game, st: Step) -> list[Option]:
        fs = st_of(g, st[1])
        return [("fund", g.factions[o]) for o in owners(fs.funds)] or [("done",)]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        if o[0] == "done":
            return
        s: int = st[1]
        fs = st_of(g, s)
        owner = g.seat_of(o[1])
        take(fs.funds, owner)
        if st[2] == "commit":
            add(fs.committed, owner, 1)


class Recruit(Handler):
    """11.5.5: the warrior placed after the fund is spent."""

    name = "riverfolk.recruit"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        g.place_warriors(st[1], st[2], 1)


class Disruption(Handler):
    """11.2.5.I Trade Disruption, one trade post's: half the funds left now, rounded up,
    one by one."""

    name = "riverfolk.disruption"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        lose = (total(st_of(g, st[1]).funds) + 1) // 2
        g.push_all([("riverfolk.lose_fund", st[1])] * lose)


class LoseFund(Handler):
    """11.2.5.I Trade Disruption: the Riverfolk remove funds of their choice, one by one
    (back to their owners' supplies)."""

    name = "riverfolk.lose_fund"
    kind = "lose_fund"
    rule = "11.2.5.I"
    prompt = "Trade Disruption: choose a fund to remove"

    def options(self, g: Game, st: Step) -> list[Option]:
        fs = st_of(g, st[1])
        return [("lose_fund", g.factions[o]) for o in owners(fs.funds)] or [("done",)]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        if o[0] != "done":
            take(st_of(g, st[1]).funds, g.seat_of(o[1]))


register_steps(
    SetupWarrior(), StartingFunds(), SetPrice(), Services(), Birdsong(), Daylight(), Fund(),
    Recruit(), Disruption(), LoseFund(),
)
