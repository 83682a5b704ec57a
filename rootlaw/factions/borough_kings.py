"""Borough Kings (Crusader expansion, fan-made: ../shared/seeds/003_*.txt, BK).

Arsenals (buildings) recruit and craft; the Manifest is three columns of cards resolved
each Daylight (BK.5.2), failing which a Palace Coup (BK.7) purges it; heralds (tokens)
move with warriors and draw cards. The supply is a bag (BK.2.3): its order is hidden
from every seat (``hidden``: determinization resamples it), and whatever leaves it is
drawn from its front once the place is declared, after it is shaken (``g.shuffle``,
logged) whenever warriors came back. Four of the twenty warriors are mice (BK.2.4): for
each other player's turn they stand in that player's warrior row and are its warriors
for all intents (``lend_for_turn``; the core's ``Game.borrowed`` keeps their owner), and
the state knows where each mouse is (``mice``), in the bag, or held off the map.

Readings where the text is silent (tracks, heralds, the henchmen's suit, setup order,
class and reach) come from rootlaw/data/crusader_kings_host.json and docs/rulings.md.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final

from rootlaw.core import advanced
from rootlaw.core.battle import battle_targets, start_battle
from rootlaw.core.cards_ep import draw_cards
from rootlaw.core.catalog import SUITS, load_json
from rootlaw.core.craft import craft, craft_options
from rootlaw.core.effects import (
    DAYLIGHT_VERBS,
    apply_daylight_extra,
    daylight_extras,
    took_daylight_extra,
)
from rootlaw.core.faction_api import NO_STEPS, Faction, FactionDef, FactionState, register
from rootlaw.core.game import Game
from rootlaw.core.move import ferry_pairs, move_pairs
from rootlaw.core.options import Option, name_form, text_form
from rootlaw.core.steps import Handler, Step, register_steps

if TYPE_CHECKING:
    from rootlaw.core.battle import Battle

ME: Final = Faction.BOROUGH_KINGS
_T: Final = load_json("crusader_kings_host.json")["borough_kings"]
RATS: Final[int] = int(_T["rats"])
MICE: Final[int] = int(_T["mice"])
ARSENALS: Final[int] = int(_T["arsenals"])
TRACK_SPACES: Final[int] = int(_T["track_spaces"])
CARDS_TO_ADD: Final[tuple[int, ...]] = tuple(int(x) for x in _T["cards_to_add"])
HERALDS: Final[int] = int(_T["heralds"])
REGENTS: Final[dict[str, tuple[str, str]]] = {
    k: (str(v[0]), str(v[1])) for k, v in _T["regents"].items()}
COLUMNS: Final[tuple[str, ...]] = tuple(str(x) for x in _T["columns"])  # BK.5.2, left first
CONQUER: Final = 0
RECRUIT: Final = 1
CONSOLIDATE: Final = 2
HENCHMAN: Final = "loyal_henchman"  # BK.3.5: two cards that never leave the Manifest
HENCHMAN_SUIT: Final[str] = str(_T["henchman_suit"])
OVEREXTENDED: Final[int] = int(_T["overextension"])
NEW_ARSENAL_WARRIORS: Final[int] = int(_T["new_arsenal_warriors"])
GENERAL_VP: Final[int] = int(_T["general_vp"])
POPULIST_DRAW: Final[int] = int(_T["populist_draw"])
ARSENAL: Final = "arsenal"
HERALD: Final = "herald"
RAT: Final = "rat"
MOUSE: Final = "mouse"
BAG_POOL: Final = "bk_bag"  # determinization pool of the bag's order (core/determinize.py)
CRAFTED: Final = "bk_crafted_item"  # g.once: BK.8.2 the Oligarch drew for an item this turn

text_form("bk_corner", "place an arsenal in corner {1}")
text_form("bk_adjacent", "place an arsenal in {1}")
text_form("bk_rearrange", "place a rearranged warrior in {1}")
text_form("bk_regent", "choose the {c1} regent")
text_form("bk_new_arsenal", "place a new arsenal and six warriors in {1}")
text_form("bk_general", "General: add {c1} to the {c2} column (1 VP)")
text_form("bk_battle", "conquer ({1}): battle in {2} against {3}")
text_form("bk_move", "conquer ({1}): move {2} -> {3}")
text_form("bk_ferry", "conquer ({1}): move {2} -> {3} by the Ferry")
text_form("bk_recruit", "recruit ({1}) in {2}")
text_form("bk_arsenal", "consolidate ({1}): place an arsenal in {2}")
text_form("bk_herald", "consolidate ({1}): place a herald in {2}")
text_form("bk_coup", "cannot fully take a {1} card: Palace Coup")
text_form("bk_abdicate", "abdicate: declare a Palace Coup")
text_form("bk_add", "add {c1} to the {c2} column")
text_form("bk_heralds", "move {1} herald(s) along")
text_form("bk_oligarch", "Oligarch: draw a card")
name_form(HENCHMAN, "Loyal Henchman")  # (columns and regents read as {c}: their titles)


class BoroughKingsState(FactionState):
    __slots__ = ("regent", "face_up", "manifest", "corner", "mice", "holder", "bag",
                 "shaken", "held_mice", "held_seen", "coffin_mice", "activated", "drawn",
                 "on_map", "recent")

    def __init__(self, regent: str = "", face_up: tuple[str, ...] = (),
                 manifest: tuple[tuple[str, ...], ...] = ((), (), ()), corner: int = 0,
                 mice: tuple[int, ...] = (), holder: int = -1, bag: tuple[str, ...] = (),
                 shaken: bool = False, held_mice: int = 0, held_seen: int = 0,
                 coffin_mice: int = 0, activated: tuple[str, ...] = (),
                 drawn: tuple[str, ...] = (), on_map: int = -1,
                 recent: tuple[int, int] = (0, 0)) -> None:
        self.regent = regent  # BK.3.4, BK.7.3
        self.face_up = face_up  # regents face up beside the board (BK.3.4)
        self.manifest = manifest  # three columns of card ids (BK.5.2)
        self.corner = corner  # the starting corner clearing (BK.3.2)
        self.mice = mice  # the clearing of each mouse on the map, sorted (BK.2.4)
        self.holder = holder  # the seat whose row holds the mice now; -1: the Kings'
        self.bag = bag  # the supply, "rat"/"mouse", drawn from the front (BK.2.3)
        self.shaken = shaken  # warriors came back: shake before the next draw
        self.held_mice = held_mice  # mice held by other factions (11.2.4 Funds)
        self.held_seen = held_seen  # warriors those factions held at the last count
        self.coffin_mice = coffin_mice  # mice on Coffin Makers (E&P)
        self.activated = activated  # suits of arsenals activated this turn (BK.2.1)
        self.drawn = drawn  # BK.8.3 the Populist's two cards, face up until added
        # the Kings' warriors on the map as the hooks saw them come and go (-1: not
        # counted yet), and those removed since the last count with the mice among them:
        # what other factions' rules put on or take off the map (SOM.4.1, SOM.2.3) is
        # told apart by them (``sync_bag``)
        self.on_map = on_map
        self.recent = recent

    def copy(self) -> BoroughKingsState:
        return BoroughKingsState(self.regent, self.face_up, self.manifest, self.corner,
                                 self.mice, self.holder, self.bag, self.shaken,
                                 self.held_mice, self.held_seen, self.coffin_mice,
                                 self.activated, self.drawn, self.on_map, self.recent)

    def to_json(self) -> dict[str, Any]:
        return {"regent": self.regent, "face_up": list(self.face_up),
                "manifest": [list(c) for c in self.manifest], "corner": self.corner,
                "mice": list(self.mice), "holder": self.holder, "bag": list(self.bag),
                "shaken": self.shaken, "held_mice": self.held_mice,
                "held_seen": self.held_seen, "coffin_mice": self.coffin_mice,
                "activated": list(self.activated), "drawn": list(self.drawn),
                "on_map": self.on_map, "recent": list(self.recent)}

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> BoroughKingsState:
        manifest = tuple(tuple(str(x) for x in col) for col in d["manifest"])
        if len(manifest) != len(COLUMNS):
            raise ValueError("the Manifest has three columns (BK.5.2)")
        regent = str(d["regent"])
        face_up = tuple(str(x) for x in d["face_up"])
        if regent and regent not in REGENTS or any(x not in REGENTS for x in face_up):
            raise ValueError("unknown regent (BK.8)")
        bag = tuple(str(x) for x in d["bag"])
        mice = tuple(sorted(int(x) for x in d["mice"]))
        if any(x not in (RAT, MOUSE) for x in bag) or len(bag) > RATS + MICE:
            raise ValueError("the bag holds rats and mice only (BK.2.3)")
        held = int(d["held_mice"]) + int(d["coffin_mice"])
        if len(mice) + held + bag.count(MOUSE) > MICE or min(int(d["held_mice"]),
                                                              int(d["coffin_mice"])) < 0:
            raise ValueError(f"more than {MICE} mice (BK.3.1)")
        return cls(regent, face_up, manifest, int(d["corner"]), mice, int(d["holder"]), bag,
                   bool(d["shaken"]), int(d["held_mice"]), int(d["held_seen"]),
                   int(d["coffin_mice"]), tuple(str(x) for x in d["activated"]),
                   tuple(str(x) for x in d["drawn"]), int(d.get("on_map", -1)),
                   (int(d.get("recent", (0, 0))[0]), int(d.get("recent", (0, 0))[1])))


def st_of(g: Game, s: int) -> BoroughKingsState:
    fs = g.fstate[s]
    assert isinstance(fs, BoroughKingsState)
    return fs


def card_suit(g: Game, cid: str) -> str:
    return HENCHMAN_SUIT if cid == HENCHMAN else g.suit_of(cid)


def suit_ok(g: Game, suit: str, c: int) -> bool:
    """A card's suit matches a clearing; birds match any (2.1.1)."""
    return suit == "bird" or g.suit_match(c, suit)


def row(fs: BoroughKingsState, s: int) -> int:
    """The seat whose warrior row holds the mice now (BK.2.4)."""
    return s if fs.holder < 0 else fs.holder


def arsenals_on_track(g: Game, s: int) -> int:
    """BK.3.6: arsenals not on the map wait on the Arsenals track (G.1.22)."""
    return ARSENALS - g.count_building(s, ARSENAL)


def cards_to_add(g: Game, s: int) -> int:
    """BK.6.1-6.2: the number the Arsenals track reveals (rulings.md: the track's
    arsenals placed uncover 2, 3, 4, 5)."""
    uncovered = TRACK_SPACES - min(TRACK_SPACES, arsenals_on_track(g, s))
    return CARDS_TO_ADD[max(0, uncovered)]


class BoroughKings(FactionDef):
    id = ME
    name = str(_T["name"])
    setup_order = str(_T["setup_order"])
    setup_class = str(_T["setup_class"])  # A.8.1 (rulings.md: a reading)
    corner_setup = True  # section 5: starts in a corner clearing (BK.3.2)
    fan = "crusader"  # its setup card joins a draft that asks for it (A.8.1)
    reach = int(_T["reach"])  # 5.2 (rulings.md: a reading)
    warriors = RATS + MICE  # BK.3.1
    buildings = {ARSENAL: ARSENALS}
    tokens = {HERALD: HERALDS}
    crafts_with: tuple[str, ...] = (ARSENAL,)  # BK.2.1

    def new_state(self) -> FactionState:
        return BoroughKingsState()

    def state_from_json(self, data: dict[str, Any]) -> FactionState:
        return BoroughKingsState.from_json(data)

    def setup_steps(self, g: Game, s: int) -> list[Step]:
        return [("bk.corner", s), ("bk.warriors", s), ("bk.regent", s),
                ("bk.rearrange_start", s)]

    def phase_steps(self, g: Game, s: int, phase: str) -> list[Step]:
        if phase == "birdsong":
            return [("bk.paid", s), ("bk.birdsong", s), ("bk.general", s)]
        if phase == "daylight":  # BK.5.1-5.4 (5.3 and 5.4 follow the Manifest)
            return [("bk.craft", s), ("bk.manifest_start", s)]
        return [("bk.pledge", s), ("bk.add", s, 0, -1), ("bk.evening_draw", s),
                ("discard_down", s), ("bk.populist", s)]

    def starting_corner(self, g: Game, s: int) -> int | None:
        return st_of(g, s).corner or None

    def battle_extra_hits(self, g: Game, s: int, b: Battle, attacker: bool) -> int:
        """BK.8.4 Tyrant: an extra hit in clearings with an arsenal, attacking or not."""
        if st_of(g, s).regent == "tyrant" and (s, ARSENAL) in g.buildings[b.c]:
            return 1
        return 0

    def battle_ended(self, g: Game, s: int, b: Battle) -> None:
        """BK.2.2 Herald of the King: after a battle, one VP if the Kings rule its clearing
        and no enemy pieces remain there (the numbered rule asks no herald; BK.1's
        overview does, rulings.md)."""
        c = b.c
        if not g.rules(s, c):
            return
        for o in g.enemies(s):
            if g.has_enemy_piece(s, o, c):
                return
        g.score(s, 1, "herald_of_the_king")

    def on_warriors_moved(self, g: Game, s: int, a: int, b: int, n: int,
                          mover: int) -> Sequence[Step]:
        """BK.2.2: heralds may move with the Kings' warriors (forced moves too)."""
        if (s, HERALD) in g.tokens[a] and b in g.clearings():
            return [("bk.heralds", s, a, b)]
        return NO_STEPS

    def cards_held(self, g: Game, s: int) -> list[str]:
        fs = st_of(g, s)
        return [c for col in fs.manifest for c in col if c != HENCHMAN] + list(fs.drawn)

    # -- mice and the bag (BK.2.3, BK.2.4) -------------------------------
    def lend_for_turn(self, g: Game, s: int, current: int, starting: bool) -> None:
        """BK.2.4 Mice Mischief: each opponent's turn, the mice in clearings are its
        warriors for all intents; at its end they are the Kings' again."""
        fs = st_of(g, s)
        if starting and current == s:
            fs.activated = ()  # a new turn of the Kings' (BK.2.1)
        if starting and current != s and fs.holder < 0:
            shift_mice(g, fs, s, current)
            fs.holder = current
        elif not starting and fs.holder >= 0:
            shift_mice(g, fs, fs.holder, s)
            fs.holder = -1
        if starting:
            sync_bag(g, s, 0)

    def shared_warriors(self, g: Game, s: int, r: int, c: int) -> int:
        fs = st_of(g, s)
        return fs.mice.count(c) if fs.mice and r == row(fs, s) else 0

    def shared_supply(self, g: Game, s: int, r: int) -> int:
        fs = st_of(g, s)
        if fs.holder < 0:
            return 0
        if r == fs.holder:
            return len(fs.mice)
        return -len(fs.mice) if r == s else 0

    def shared_moved(self, g: Game, s: int, r: int, a: int, b: int, n: int) -> None:
        fs = st_of(g, s)
        fs.mice = moved(fs.mice, a, b, n)

    def shared_removed(self, g: Game, s: int, r: int, c: int, n: int, lent: int,
                       coffins: bool) -> None:
        fs = st_of(g, s)
        if coffins:  # what Coffin Makers held before this removal (E&P)
            own = n - lent if r == s else 0
            if g.cards.coffins[s] - own - lent <= 0:
                fs.coffin_mice = 0  # released since: the card was empty
            fs.coffin_mice += lent
        if lent:
            fs.mice = moved(fs.mice, c, 0, lent)
        gone = n if r == s else lent  # the Kings' warriors among them
        if fs.on_map >= 0:
            fs.on_map -= gone
        fs.recent = (fs.recent[0] + gone, fs.recent[1] + lent)

    def warriors_placed(self, g: Game, s: int, c: int, n: int) -> None:
        """BK.2.3 The Bag: the n warriors just placed in c are drawn from the bag now."""
        fs = st_of(g, s)
        sync_bag(g, s, n)
        drawn = draw_bag(g, fs, n)
        if fs.on_map >= 0:
            fs.on_map += n
        m = drawn.count(MOUSE)
        if m:
            fs.mice = tuple(sorted(fs.mice + (c,) * m))
            if fs.holder >= 0:  # placed on another's turn: the mice are its (BK.2.4)
                g.warriors[s][c] = g.warriors[s][c] - m
                g.warriors[fs.holder][c] = g.warriors[fs.holder][c] + m
                g.pieces_changed(c)
        g.note("bag", g.factions[s], c, n - m, m)

    def hidden(self, g: Game, s: int, viewer: int) -> dict[str, list[str]]:
        """BK.2.3: the bag's order is nobody's to see, the Kings' own included."""
        bag = st_of(g, s).bag
        return {BAG_POOL: list(bag)} if bag else {}

    def set_hidden(self, g: Game, s: int, viewer: int, values: dict[str, list[str]]) -> None:
        if BAG_POOL in values:
            st_of(g, s).bag = tuple(values[BAG_POOL])

    def view(self, g: Game, s: int, viewer: int | None) -> dict[str, Any]:
        fs = st_of(g, s)
        mice: dict[str, int] = {}
        for c in fs.mice:
            mice[str(c)] = mice.get(str(c), 0) + 1
        return {
            "regent": fs.regent or None,
            "regents_face_up": list(fs.face_up),
            # BK.5.2, face up; keyed by the columns' names (their ids are common words)
            "manifest": {COLUMNS[i].title(): list(col) for i, col in enumerate(fs.manifest)},
            "arsenals_on_track": arsenals_on_track(g, s),
            "cards_to_add": cards_to_add(g, s),
            "heralds_in_supply": HERALDS - g.count_token(s, HERALD),
            "mice": mice,  # BK.2.4: on the map, by clearing (public)
            "mice_treated_as": g.factions[fs.holder] if fs.holder >= 0 else None,
            "warriors_in_bag": g.warrior_supply(s),  # BK.2.3: how many, never which
            "mice_off_map": fs.held_mice + fs.coffin_mice,
            "populist_cards": list(fs.drawn),
        }


register(BoroughKings())


# ------------------------------------------------------------- mice and bag
def moved(mice: tuple[int, ...], a: int, b: int, n: int) -> tuple[int, ...]:
    """The mice with n of them taken from a (to b, or off the map if b is 0)."""
    out = list(mice)
    for _ in range(n):
        out.remove(a)
        if b:
            out.append(b)
    out.sort()
    return tuple(out)


def shift_mice(g: Game, fs: BoroughKingsState, src: int, dst: int) -> None:
    """The mice on the map change warrior rows (BK.2.4, a turn's start or end)."""
    if not fs.mice:
        return
    ws, wd = g.warriors[src], g.warriors[dst]
    for c in fs.mice:
        ws[c] = ws[c] - 1
        wd[c] = wd[c] + 1
    g.pieces_changed()


def sync_bag(g: Game, s: int, pending: int) -> None:
    """Bring the bag in line with the supply (BK.2.3): warriors returned since (removed
    from the map, released by Coffin Makers, spent back by the Riverfolk) go into it and
    shake it; warriors that left the supply without a draw (a payment to the Riverfolk,
    BK.2.3) are drawn from it now. Other factions' boards (the Riverfolk's funds, the
    Spinners' Ward) hold the Kings' warriors as theirs: what went there just after a
    removal is what was removed (SOM.2.3), what comes back from there to the map is a rat
    while any is held, to the supply a mouse while any is held (rulings.md).
    ``pending``: warriors just placed, still to draw."""
    fs = st_of(g, s)
    if g.cards.coffins[s] == 0:
        fs.coffin_mice = 0  # Coffin Makers released them (or never held any)
    held = 0
    fdefs = g.fdefs
    for o in range(len(fdefs)):
        if fdefs[o].holds_warriors:
            held += fdefs[o].warriors_held(g, o, s)
    seen = fs.held_seen
    on_map = sum(g.warriors[s]) - pending + (len(fs.mice) if fs.holder >= 0 else 0)
    arrived = on_map - fs.on_map if fs.on_map >= 0 else 0
    if arrived > 0:  # put on the map by another's rule, from its board (SOM.4.1)
        mice = max(0, arrived - (seen - fs.held_mice))  # rats first
        fs.held_mice -= mice
        for _ in range(mice):
            fs.mice = tuple(sorted(fs.mice + (unmarked(g, fs, s),)))
        seen -= arrived
    fs.on_map = on_map
    paid = 0
    if held < seen:  # spent or lost back to the supply: mice first (rulings.md)
        fs.held_mice -= min(fs.held_mice, seen - held)
    elif held > seen:  # just removed and caught (SOM.2.3), or paid from the bag (11.2.6)
        caught = min(held - seen, fs.recent[0])
        fs.held_mice += min(caught, fs.recent[1])
        paid = held - seen - caught
    fs.recent = (0, 0)
    size = g.warrior_supply(s) + pending + paid
    mice = MICE - len(fs.mice) - fs.held_mice - fs.coffin_mice
    have_mice = fs.bag.count(MOUSE)
    have_rats = len(fs.bag) - have_mice
    if have_mice != mice or have_rats != size - mice:
        if have_mice <= mice and have_rats <= size - mice:
            fs.bag = fs.bag + (RAT,) * (size - mice - have_rats) + (MOUSE,) * (mice - have_mice)
        else:  # pieces left by a way no hook tells of: the bag as the supply says
            fs.bag = (RAT,) * (size - mice) + (MOUSE,) * mice
        fs.shaken = True
    if paid:  # BK.2.3: paying for Riverfolk Services draws from the bag
        fs.held_mice += draw_bag(g, fs, paid).count(MOUSE)
    fs.held_seen = held


def unmarked(g: Game, fs: BoroughKingsState, s: int) -> int:
    """A clearing where a mouse put on the map by another faction's rule stands: one of
    the Kings' own warriors there not known as a mouse (the first such clearing); on
    another player's turn it joins that player's row, as the other mice (BK.2.4)."""
    own = g.warriors[s]
    for c in g.all_clearings():
        if own[c] > (fs.mice.count(c) if fs.holder < 0 else 0):
            if fs.holder >= 0:
                own[c] = own[c] - 1
                g.warriors[fs.holder][c] = g.warriors[fs.holder][c] + 1
                g.pieces_changed(c)
            return c
    raise RuntimeError("no warrior of the Borough Kings to mark as a mouse")


def draw_bag(g: Game, fs: BoroughKingsState, n: int) -> tuple[str, ...]:
    """Draw n warriors at random from the bag (its front, shaken first if warriors came
    back since the last draw: the game's RNG, logged)."""
    if fs.shaken and len(fs.bag) > 1:
        fs.bag = tuple(g.shuffle("bag", list(fs.bag)))
    fs.shaken = False
    drawn = fs.bag[:n]
    fs.bag = fs.bag[n:]
    return drawn


def fill_bag(g: Game, s: int) -> None:
    """BK.3.3: every warrior not in a clearing goes into the bag, shaken."""
    fs = st_of(g, s)
    rats = RATS - sum(g.warriors[s])
    fs.bag = tuple(g.shuffle("bag", [RAT] * rats + [MOUSE] * MICE))
    fs.shaken = False
    fs.held_seen = 0
    fs.on_map = sum(g.warriors[s])


# ------------------------------------------------------------------- setup
def corner_options(g: Game, s: int) -> list[int]:
    """BK.3.2: a corner that is not another player's starting corner, opposite one if
    possible, where an arsenal can go. In the Advanced Setup, no enemy homeland
    (A.8.2.I); if no corner is left, a map-edge clearing (rulings.md)."""
    taken = set()
    for o in g.others(s):
        c = g.fdefs[o].starting_corner(g, o)
        if c:
            taken.add(c)
    if g.adv is not None:
        taken.update(advanced.enemy_homelands(g, s))
    free = [c for c in g.board.corners
            if c not in taken and g.open_slots(c) > 0 and g.may_place(s, c)]
    facing = [c for c in free if g.board.opposite[c] in taken]
    if facing or free:
        return facing or free
    if g.adv is not None:
        return advanced.homeland_candidates(g, s, g.board.edge, 1, False)
    return []


class Corner(Handler):
    """BK.3.2 Step 2: an arsenal in a corner (then two in adjacent clearings)."""

    name = "bk.corner"
    kind = "setup_corner"
    rule = "BK.3.2"
    prompt = "Choose your starting corner"

    def options(self, g: Game, st: Step) -> list[Option]:
        return [("bk_corner", c) for c in corner_options(g, st[1])] or [("done",)]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        if o[0] == "done":
            return
        s: int = st[1]
        c: int = o[1]
        st_of(g, s).corner = c
        advanced.add_homeland(g, s, c)
        g.place_building(s, ARSENAL, c)
        g.push(("bk.adjacent", s, c, 2))


class Adjacent(Handler):
    """BK.3.2: two different clearings adjacent to the corner with no enemy buildings,
    an arsenal in each. Args: (seat, corner, arsenals left)."""

    name = "bk.adjacent"
    kind = "setup_arsenal"
    rule = "BK.3.2"
    prompt = "Place an arsenal in a clearing adjacent to your corner"

    def options(self, g: Game, st: Step) -> list[Option]:
        s: int = st[1]
        if st[3] <= 0:
            return [("done",)]
        out: list[Option] = []
        for c in g.adjacent(st[2]):
            if (c in g.clearings() and (s, ARSENAL) not in g.buildings[c]
                    and g.open_slots(c) > 0 and g.may_place(s, c)
                    and not any(p[0] != s for p in g.buildings[c] if p[0] >= 0)):
                out.append(("bk_adjacent", c))
        return out or [("done",)]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        if o[0] == "done":
            return
        g.place_building(st[1], ARSENAL, o[1])
        g.push(("bk.adjacent", st[1], st[2], st[3] - 1))


class StartingWarriors(Handler):
    """BK.3.3 Step 3: a rat in each clearing (where the Kings may place), then every
    other warrior in the bag (BK.3.1: none in it before)."""

    name = "bk.warriors"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        s: int = st[1]
        for c in g.clearings():
            if g.may_place(s, c):
                # rats, not drawn: the bag is not filled yet
                g.warriors[s][c] = g.warriors[s][c] + 1
        g.pieces_changed()
        fill_bag(g, s)


def tuck_henchmen(fs: BoroughKingsState, regent: str) -> None:
    """BK.3.5 / BK.7.3: the Loyal Henchmen into the columns the regent lists."""
    cols = [list(col) for col in fs.manifest]
    for name in REGENTS[regent]:
        cols[COLUMNS.index(name)].append(HENCHMAN)
    fs.manifest = tuple(tuple(col) for col in cols)


class ChooseRegent(Handler):
    """BK.3.4 Choose one of the four regents (the others face up); BK.3.5 tuck the
    henchmen; BK.3.6 the other arsenals wait on the track."""

    name = "bk.regent"
    kind = "leader"
    rule = "BK.3.4"
    prompt = "Choose your regent"

    def options(self, g: Game, st: Step) -> list[Option]:
        return [("bk_regent", r) for r in REGENTS]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        fs = st_of(g, st[1])
        fs.regent = o[1]
        fs.face_up = tuple(r for r in REGENTS if r != o[1])
        tuck_henchmen(fs, o[1])


class RearrangeStart(Handler):
    """BK.3.7 Rearrange Warriors: the warriors in clearings with enemy buildings or
    tokens are taken up, to be placed as evenly as possible among the clearings with
    arsenals."""

    name = "bk.rearrange_start"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        s: int = st[1]
        homes = tuple(dict.fromkeys(g.piece_clearings(s, ARSENAL)))
        if not homes:
            return
        taken = 0
        for c in g.clearings():
            w = g.warriors[s][c]
            if w and any(p[0] >= 0 and p[0] != s for p in g.buildings[c] + g.tokens[c]):
                g.warriors[s][c] = 0
                taken += w
        g.pieces_changed()
        if taken:
            g.push(("bk.rearrange", s, taken, homes, ()))


class Rearrange(Handler):
    """BK.3.7: one warrior at a time, to an arsenal clearing holding the fewest of the
    rearranged ones so far. Args: (seat, left, clearings, placed as (clearing, n))."""

    name = "bk.rearrange"
    kind = "setup_spread"
    rule = "BK.3.7"
    prompt = "Place a rearranged warrior in a clearing with an arsenal"

    def options(self, g: Game, st: Step) -> list[Option]:
        placed: dict[int, int] = dict(st[4])
        homes: tuple[int, ...] = st[3]
        low = min(placed.get(c, 0) for c in homes)
        return [("bk_rearrange", c) for c in homes if placed.get(c, 0) == low]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        s: int = st[1]
        c: int = o[1]
        g.warriors[s][c] = g.warriors[s][c] + 1  # the same warriors, not placed from the bag
        g.pieces_changed(c)
        placed: dict[int, int] = dict(st[4])
        placed[c] = placed.get(c, 0) + 1
        if st[2] > 1:
            g.push(("bk.rearrange", s, st[2] - 1, st[3], tuple(sorted(placed.items()))))


# ---------------------------------------------------------------- birdsong
class Paid(Handler):
    """BK.2.3: warriors paid for Riverfolk Services at the start of this Birdsong (11.2.6)
    come out of the bag, drawn now."""

    name = "bk.paid"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        sync_bag(g, st[1], 0)


class Birdsong(Handler):
    """BK.4.1 A New Arsenal: with no arsenal on the map, an arsenal and six warriors
    (from the bag) in a map-edge clearing where it can be placed."""

    name = "bk.birdsong"
    kind = "new_arsenal"
    rule = "BK.4.1"
    prompt = "Choose the edge clearing of your new arsenal"

    def options(self, g: Game, st: Step) -> list[Option]:
        s: int = st[1]
        if g.count_building(s, ARSENAL):
            return [("done",)]
        spots = [c for c in g.board.edge if g.open_slots(c) > 0 and g.may_place(s, c)]
        return [("bk_new_arsenal", c) for c in spots] or [("done",)]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        if o[0] == "done":
            return
        g.place_building(st[1], ARSENAL, o[1])
        g.place_warriors(st[1], o[1], NEW_ARSENAL_WARRIORS)


class General(Handler):
    """BK.8.1 General: once in Birdsong, may add a card to the Manifest and score 1."""

    name = "bk.general"
    kind = "manifest_add"
    rule = "BK.8.1"
    prompt = "General: add a card to the Manifest for one VP?"

    def options(self, g: Game, st: Step) -> list[Option]:
        s: int = st[1]
        if st_of(g, s).regent != "general" or not g.hands[s]:
            return [("done",)]
        out: list[Option] = [("bk_general", cid, col) for cid in dict.fromkeys(g.hands[s])
                             for col in COLUMNS]
        return out + [("done",)]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        if o[0] == "done":
            return
        s: int = st[1]
        add_card(g, s, o[1], o[2])
        g.score(s, GENERAL_VP, "general")


def add_card(g: Game, s: int, cid: str, column: str) -> None:
    """A card from the hand onto a Manifest column (BK.6.2)."""
    fs = st_of(g, s)
    g.hands[s].remove(cid)
    i = COLUMNS.index(column)
    fs.manifest = tuple(c + (cid,) if j == i else c for j, c in enumerate(fs.manifest))


# ---------------------------------------------------------------- daylight
def consolidate_allows(g: Game, s: int, suits: list[str]) -> bool:
    """BK.2.1: one arsenal activated per matching card in Consolidate (a bird matches any
    suit, 2.1.1): whether the arsenals activated this turn and ``suits`` more fit."""
    fs = st_of(g, s)
    need = [0, 0, 0]
    for suit in fs.activated:
        need[SUITS.index(suit)] += 1
    for suit in suits:
        need[SUITS.index(suit)] += 1
    have = [0, 0, 0]
    birds = 0
    for cid in fs.manifest[CONSOLIDATE]:
        suit = card_suit(g, cid)
        if suit == "bird":
            birds += 1
        else:
            have[SUITS.index(suit)] += 1
    short = 0
    for i in range(3):
        if need[i] > have[i]:
            short += need[i] - have[i]
    return short <= birds


def craft_suits(g: Game, o: Option) -> list[str]:
    """The suits of arsenals a craft option activates (its cost and chosen '?' suits)."""
    return [x for x in g.card(o[1]).cost if x != "any"] + list(o[2])


class Craft(Handler):
    """BK.5.1 / BK.2.1 Craft by activating arsenals, one per matching Consolidate card."""

    name = "bk.craft"
    kind = "craft"
    rule = "BK.5.1"
    prompt = "Craft a card, or go on to the Manifest"

    def options(self, g: Game, st: Step) -> list[Option]:
        s: int = st[1]
        out: list[Option] = []
        if st_of(g, s).manifest[CONSOLIDATE]:
            for o in craft_options(g, s):
                if consolidate_allows(g, s, craft_suits(g, o)):
                    out.append(o)
        return out + daylight_extras(g, s) + [("done",)]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        s: int = st[1]
        if o[0] == "done":
            return
        g.push(st)
        if o[0] in DAYLIGHT_VERBS:
            apply_daylight_extra(g, s, o)
            return
        fs = st_of(g, s)
        fs.activated = fs.activated + tuple(craft_suits(g, o))
        item = g.card(o[1]).item is not None
        craft(g, s, o[1], o[2], o[0] == "craft_forge")
        if item and fs.regent == "oligarch" and CRAFTED not in g.once:
            g.push(("bk.oligarch", s))  # BK.8.2, at once


class Oligarch(Handler):
    """BK.8.2 Oligarch: once per turn, after crafting an item, may draw a card at once."""

    name = "bk.oligarch"
    kind = "draw"
    rule = "BK.8.2"
    prompt = "Oligarch: draw a card?"

    def options(self, g: Game, st: Step) -> list[Option]:
        return [("bk_oligarch",), ("skip",)]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        if o[0] == "bk_oligarch":
            g.once = g.once | {CRAFTED}
            g.draw(st[1], 1)


class ManifestStart(Handler):
    name = "bk.manifest_start"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        s: int = st[1]
        g.push(("bk.manifest", s, 0, column_suits(g, s, 0)))


def column_suits(g: Game, s: int, col: int) -> tuple[str, ...]:
    return tuple(card_suit(g, c) for c in st_of(g, s).manifest[col])


def column_actions(g: Game, s: int, col: int, suit: str) -> list[Option]:
    """The ways to take column ``col``'s action for one card of ``suit`` (BK.5.2.I-III)."""
    if col == CONQUER:  # battle or move (at least one warrior) from a matching clearing
        cls = [c for c in g.clearings() if suit_ok(g, suit, c)]
        out: list[Option] = [("bk_battle", suit, c, g.owner_name(o))  # a hireling: E.3.2
                             for c, o in battle_targets(g, s, cls)]
        out.extend(("bk_move", suit, a, b) for a, b in move_pairs(g, s, cls))
        if g.ferry:  # C.2.5
            out.extend(("bk_ferry", suit, a, b) for a, b in ferry_pairs(g, s, cls))
        return out
    if col == RECRUIT:  # a matching clearing with an arsenal
        if not g.warrior_supply(s):
            return []
        at = dict.fromkeys(g.piece_clearings(s, ARSENAL))
        return [("bk_recruit", suit, c) for c in at if suit_ok(g, suit, c) and g.may_place(s, c)]
    out = []
    if arsenals_on_track(g, s) > 0:  # an arsenal in a matching clearing the Kings rule
        out = [("bk_arsenal", suit, c) for c in g.clearings()
               if suit_ok(g, suit, c) and g.rules(s, c) and g.open_slots(c) > 0
               and g.may_place(s, c)]
    if g.count_token(s, HERALD) < HERALDS:  # or a herald with one or more arsenals
        at = dict.fromkeys(g.piece_clearings(s, ARSENAL))
        out.extend(("bk_herald", suit, c) for c in at if suit_ok(g, suit, c)
                   and g.may_place(s, c))
    return out


class ResolveManifest(Handler):
    """BK.5.2 Resolve the Manifest, column by column from the left, each column's cards
    in any order; a card whose action cannot be fully taken means a Palace Coup (BK.7).
    Args: (seat, column, suits of the cards still to resolve in it)."""

    name = "bk.manifest"
    kind = "manifest"
    rule = "BK.5.2"

    def describe(self, g: Game, st: Step) -> str:
        return f"Resolve the Manifest: {COLUMNS[st[2]]} ({', '.join(st[3])})"

    def options(self, g: Game, st: Step) -> list[Option]:
        s: int = st[1]
        col: int = st[2]
        todo: tuple[str, ...] = st[3]
        out = daylight_extras(g, s)
        for suit in dict.fromkeys(todo):
            acts = column_actions(g, s, col, suit)
            out += acts if acts else [("bk_coup", suit)]
        if not todo:
            out.append(("done",))
        return out

    def apply(self, g: Game, st: Step, o: Option) -> None:
        s: int = st[1]
        col: int = st[2]
        todo: tuple[str, ...] = st[3]
        verb = o[0]
        if verb == "done":
            if col < len(COLUMNS) - 1:
                g.push(("bk.manifest", s, col + 1, column_suits(g, s, col + 1)))
            else:
                g.push(("bk.overextension", s))
            return
        if took_daylight_extra(g, st, o):
            return
        if verb == "bk_coup":  # BK.5.2: cannot fully take the action
            g.push(("bk.coup", s))
            return
        rest = list(todo)
        rest.remove(o[1])
        nxt = ("bk.manifest", s, col, tuple(rest))
        if verb == "bk_battle":
            g.push(nxt)
            start_battle(g, s, o[2], g.seat_of(o[3]))
        elif verb == "bk_move" or verb == "bk_ferry":  # at least one warrior (4.2)
            g.push(("move_count", s, o[2], o[3], 1 if verb == "bk_ferry" else 0), nxt)
        elif verb == "bk_recruit":  # one warrior per arsenal there, drawn at once
            want = sum(1 for p in g.buildings[o[2]] if p == (s, ARSENAL))
            if g.place_warriors(s, o[2], want) < want:
                g.push(("bk.coup", s))  # placed what it could, not fully (BK.5.2)
            else:
                g.push(nxt)
        elif verb == "bk_arsenal":
            g.place_building(s, ARSENAL, o[2])
            g.push(nxt)
        elif verb == "bk_herald":
            g.place_token(s, HERALD, o[2])
            g.push(nxt)
        else:  # pragma: no cover
            raise ValueError(o)


class Overextension(Handler):
    """BK.5.3 Overextension: a column of five or more cards forces a Palace Coup; else
    BK.5.4 follows."""

    name = "bk.overextension"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        s: int = st[1]
        if any(len(col) >= OVEREXTENDED for col in st_of(g, s).manifest):
            g.note("overextension", g.factions[s])
            g.push(("bk.coup", s))
        else:
            g.push(("bk.abdicate", s))


class Abdicate(Handler):
    """BK.5.4 Abdicate: the Kings may declare a Palace Coup."""

    name = "bk.abdicate"
    kind = "abdicate"
    rule = "BK.5.4"
    prompt = "Abdicate (a Palace Coup), or end Daylight"

    def options(self, g: Game, st: Step) -> list[Option]:
        s: int = st[1]
        return daylight_extras(g, s) + [("bk_abdicate",), ("done",)]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        s: int = st[1]
        if o[0] == "bk_abdicate":
            g.push(("bk.coup", s))
        elif o[0] != "done":
            took_daylight_extra(g, st, o)


# ------------------------------------------------------------- palace coup
class Coup(Handler):
    """BK.7 Palace Coup: 7.1 Anarchy (one VP lost per bird card in the Manifest), 7.2
    Purge (every mouse on the map back into the bag; the Manifest discarded but the
    henchmen), then 7.3 Dethrone (a choice) and 7.4 Proclaim (Daylight ends: nothing of
    it is left to run)."""

    name = "bk.coup"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        s: int = st[1]
        fs = st_of(g, s)
        g.note("palace_coup", g.factions[s])
        birds = sum(1 for col in fs.manifest for cid in col if card_suit(g, cid) == "bird")
        g.score(s, -birds, "anarchy")  # BK.7.1
        r = row(fs, s)  # BK.7.2: "return" names the bag: never Coffin Makers
        for c in fs.mice:
            g.warriors[r][c] = g.warriors[r][c] - 1
        if fs.on_map >= 0:
            fs.on_map -= len(fs.mice)
        fs.mice = ()
        g.pieces_changed()
        for col in fs.manifest:
            for cid in col:
                if cid != HENCHMAN:
                    g.discard_card(cid)
        fs.manifest = ((), (), ())
        g.push(("bk.dethrone", s))


class Dethrone(Handler):
    """BK.7.3 Dethrone: the regent face down aside, a new one from those face up
    (7.3.I Reactionist Uprising: all face up again if none is), henchmen tucked."""

    name = "bk.dethrone"
    kind = "leader"
    rule = "BK.7.3"
    prompt = "Palace Coup: choose a new regent"

    def options(self, g: Game, st: Step) -> list[Option]:
        up = st_of(g, st[1]).face_up
        return [("bk_regent", r) for r in (up or tuple(REGENTS))]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        fs = st_of(g, st[1])
        up = fs.face_up or tuple(REGENTS)  # 7.3.I: every regent flipped face up
        fs.face_up = tuple(r for r in up if r != o[1])
        fs.regent = o[1]
        tuck_henchmen(fs, o[1])


# ----------------------------------------------------------------- evening
class Pledge(Handler):
    """BK.6.1 Desperate Pledge: fewer cards in hand than the Arsenals track reveals,
    draw one."""

    name = "bk.pledge"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        s: int = st[1]
        if len(g.hands[s]) < cards_to_add(g, s):
            draw_cards(g, s, 1)


class AddToManifest(Handler):
    """BK.6.2 Add to the Manifest: as many cards as the Arsenals track reveals (as many
    as the hand holds, if fewer), each to any column; then one VP per card after the
    first. Args: (seat, cards added, cards to add; -1 until counted)."""

    name = "bk.add"
    kind = "manifest_add"
    rule = "BK.6.2"

    def describe(self, g: Game, st: Step) -> str:
        return f"Add a card to the Manifest ({st[2]} of {st[3]} added)"

    def options(self, g: Game, st: Step) -> list[Option]:
        s: int = st[1]
        want = self.target(g, st)
        if st[2] >= want or not g.hands[s]:
            return [("done",)]
        return [("bk_add", cid, col) for cid in dict.fromkeys(g.hands[s]) for col in COLUMNS]

    def target(self, g: Game, st: Step) -> int:
        t: int = st[3]
        if t >= 0:
            return t
        return min(cards_to_add(g, st[1]), len(g.hands[st[1]]))

    def apply(self, g: Game, st: Step, o: Option) -> None:
        s: int = st[1]
        added: int = st[2]
        want = self.target(g, st)
        if o[0] == "done":
            if added > 1:
                g.score(s, added - 1, "manifest")
            return
        add_card(g, s, o[1], o[2])
        g.push(("bk.add", s, added + 1, want))


class EveningDraw(Handler):
    """BK.6.3 Draw one card, plus one per clearing the Kings rule with a herald."""

    name = "bk.evening_draw"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        s: int = st[1]
        n = 1 + sum(1 for c in dict.fromkeys(g.piece_clearings(s, HERALD)) if g.rules(s, c))
        draw_cards(g, s, n)


class Populist(Handler):
    """BK.8.3 Populist: at the end of Evening, draw two cards and add them to the
    Manifest at once, for no points (face up until each has a column)."""

    name = "bk.populist"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        s: int = st[1]
        fs = st_of(g, s)
        if fs.regent != "populist":
            return
        drawn: list[str] = []
        for _ in range(POPULIST_DRAW):
            cid = g.draw_card()
            if cid is not None:
                drawn.append(cid)
        fs.drawn = tuple(drawn)
        if drawn:
            g.note("populist", g.factions[s], drawn)
            g.push(("bk.populist_add", s))


class PopulistAdd(Handler):
    """BK.8.3: each drawn card to a column of the player's choice."""

    name = "bk.populist_add"
    kind = "manifest_add"
    rule = "BK.8.3"
    prompt = "Populist: add a drawn card to the Manifest"

    def options(self, g: Game, st: Step) -> list[Option]:
        fs = st_of(g, st[1])
        return [("bk_add", cid, col) for cid in dict.fromkeys(fs.drawn) for col in COLUMNS]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        s: int = st[1]
        fs = st_of(g, s)
        rest = list(fs.drawn)
        rest.remove(o[1])
        fs.drawn = tuple(rest)
        i = COLUMNS.index(o[2])
        fs.manifest = tuple(c + (o[1],) if j == i else c for j, c in enumerate(fs.manifest))
        if rest:
            g.push(st)


# ------------------------------------------------------------------ heralds
class Heralds(Handler):
    """BK.2.2: heralds in the origin may move with the Kings' warriors (also when they
    were forced to move). Args: (seat, origin, destination)."""

    name = "bk.heralds"
    kind = "heralds"
    rule = "BK.2.2"
    prompt = "Move heralds along with your warriors?"

    def options(self, g: Game, st: Step) -> list[Option]:
        s: int = st[1]
        n = sum(1 for p in g.tokens[st[2]] if p == (s, HERALD))
        if not n or not g.may_move(s, st[2], st[3]):
            return [("done",)]
        return [("bk_heralds", k) for k in range(1, n + 1)] + [("bk_heralds", 0)]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        if o[0] == "done":
            return
        s: int = st[1]
        for _ in range(o[1]):
            g.take_piece(st[2], (s, HERALD))
            g.place_token(s, HERALD, st[3])


register_steps(
    Corner(), Adjacent(), StartingWarriors(), ChooseRegent(), RearrangeStart(), Rearrange(),
    Paid(), Birdsong(), General(), Craft(), Oligarch(), ManifestStart(), ResolveManifest(),
    Overextension(), Abdicate(), Coup(), Dethrone(), Pledge(), AddToManifest(), EveningDraw(),
    Populist(), PopulistAdd(), Heralds(),
)
