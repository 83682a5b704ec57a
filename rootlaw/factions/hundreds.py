"""Lord of the Hundreds (Law of Root, section 14).

The warlord (14.2.2) is one of the Hundreds' warriors on the map: ``g.warriors``
counts it, and the faction's state says in which clearing it stands (0: off the map).
The core keeps it safe through ``protected_warriors`` (no removal outside battle, no
move outside the Hundreds' turn; in battle it goes last), and the Hundreds move it
with the core's move count option ``("warriors_lead", n)`` (``moved_protected``).
The Hoard (14.2.4) is in the state too: the Hundreds have no Crafted Items box.
Stubborn uses the core's ``ignores_first_hit``, Looters ``battle_started``.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from rootlaw.core import advanced
from rootlaw.core.battle import Battle, battle_options, start_battle
from rootlaw.core.cards_ep import crafted_item_left, draw_cards
from rootlaw.core.catalog import load_json, tracks
from rootlaw.core.effects import daylight_extras, took_daylight_extra
from rootlaw.core.faction_api import NO_STEPS, Faction, FactionDef, FactionState, register
from rootlaw.core.game import RUIN, Game
from rootlaw.core.hired import removal_shielded
from rootlaw.core.move import move_options, move_step, remove_warriors, trigger_removals
from rootlaw.core.options import Option, text_form
from rootlaw.core.steps import Handler, Step, register_steps

ME: Final = Faction.HUNDREDS
_T: Final = tracks()["lord_of_the_hundreds"]
STRONGHOLD: Final = "stronghold"
MOB: Final = "mob"
WARRIORS: Final = int(_T["warriors"])  # plain warriors; the warlord is one more (14.2.2)
STRONGHOLDS: Final = int(_T["strongholds"])
MOBS: Final = int(_T["mobs"])
SETUP_WARRIORS: Final = 4  # 14.3.1
# 14.2.4 the Hoard's tracks: the item types each holds (HRF horde: command = boots,
# coins, bag; prowess = hammer, tea, sword, crossbow), four spaces each (II counts to four)
COMMAND_ITEMS: Final = ("boots", "coins", "bag")
PROWESS_ITEMS: Final = ("hammer", "tea", "sword", "crossbow")
TRACK_SPACES: Final = 4
# 14.2.4.II: Command or Prowess by items on the track
VALUE: Final[tuple[int, ...]] = (1, 2, 2, 3, 4)
MOODS: Final[tuple[str, ...]] = (
    "stubborn", "relentless", "bitter", "grandiose", "jubilant", "rowdy",
                "wrathful", "lavish")  # 14.7
MOOD_ITEM: Final[dict[str, str]] = {str(k): str(v) for k, v in _T["moods"].items()}
# 14.6.2 by clearings (0-5); six or more: four
OPPRESS_VP: Final[tuple[int, ...]] = (0, 1, 1, 2, 2, 3)
OPPRESS_MAX: Final = 4
JUBILANT_ROLLS: Final = 4  # 14.7.3
LAVISH_WARRIORS: Final = 2  # 14.7.4
R_ITEMS: Final = tuple(str(i) for i in load_json("items.json")["ruin_items"])  # 14.3.2
HIT_PIECES: Final[tuple[str, ...]] = ("warrior", "warlord")  # 4.3.4: the Hundreds choose which goes
# the mob die: the three suits alike (rulings)
MOB_DIE: Final[tuple[str, ...]] = ("fox", "rabbit", "mouse")

text_form("lh_corner", "start in corner {1}")
text_form("raze", "Raze in {1}")
text_form("ruin_item", "take the {2} from the ruin in {1}")
text_form("mob_spread", "place a mob in {1}")
text_form("anoint", "Anoint: the warlord in {1}")
text_form("mood", "choose the {1} mood")
text_form("lavish", "Lavish: remove the {1} from the Hoard")
text_form("hoard_drop", "remove the {1} from the Hoard (1 VP)")
text_form("contempt_take", "Contempt for Trade: take the {1}, score nothing")
text_form("contempt_score", "Contempt for Trade: remove the {1}, score {2} VP")
text_form("lh_build", "build a stronghold in {1} with {c2}")
text_form("lh_recruit_in", "place a warrior in {1}")
text_form("loot", "Looters: loot {1} (deal no rolled hits)")
text_form("no_loot", "do not loot")
text_form("loot_item", "loot the {1}")
text_form("bitter", "Bitter: remove the mob in {1}, place a warrior")
text_form("incite", "Incite: a mob in {1} with {c2}")
text_form("jubilant", "Jubilant: roll the mob die and spread a mob")
text_form("lh_next", "no more in this advance")
text_form("lh_hit", "take the hit with the {1}")


class HundredsState(FactionState):
    __slots__ = ("warlord", "command", "prowess", "mood", "corner", "looting", "previous",
                 "ruin_taken")

    def __init__(self, warlord: int = 0, command: tuple[str, ...] = (),
                 prowess: tuple[str, ...] = (), mood: str = "stubborn", corner: int = 0,
                 looting: int = 0, previous: str = "",
                 ruin_taken: tuple[str, ...] = ()) -> None:
        self.warlord = warlord  # the warlord's clearing, 0 off the map (14.2.2)
        self.command = command  # the Hoard's tracks, left to right (14.2.4)
        self.prowess = prowess
        self.mood = mood  # the card in the Mood Card slot (14.7)
        self.corner = corner  # the starting corner (14.3.1)
        self.looting = looting  # 14.2.5: the defender's seat + 1 in a looting battle
        self.previous = previous  # 14.4.4: the mood replaced this Birdsong
        self.ruin_taken = ruin_taken  # "R" items taken from ruins still in the Hoard (9.7.3)

    def copy(self) -> HundredsState:
        return HundredsState(self.warlord, self.command, self.prowess, self.mood,
                             self.corner, self.looting, self.previous, self.ruin_taken)

    def to_json(self) -> dict[str, Any]:
        return {"warlord": self.warlord, "command": list(self.command),
                "prowess": list(self.prowess), "mood": self.mood, "corner": self.corner,
                "looting": self.looting, "previous": self.previous,
                "ruin_taken": list(self.ruin_taken)}

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> HundredsState:
        command = tuple(str(i) for i in d["command"])
        prowess = tuple(str(i) for i in d["prowess"])
        # a fifth item stays on a track only until the Hundreds drop one (14.2.4.I)
        if len(command) > TRACK_SPACES + 1 or len(prowess) > TRACK_SPACES + 1:
            raise ValueError("more than four items on a Hoard track (and one to drop)")
        if any(i not in COMMAND_ITEMS for i in command) or any(
                i not in PROWESS_ITEMS for i in prowess):
            raise ValueError("an item on the wrong Hoard track")
        mood = str(d["mood"])
        if mood not in MOODS:
            raise ValueError(f"bad mood {mood!r}")
        taken = tuple(str(i) for i in d.get("ruin_taken", ()))
        if any(i not in command + prowess for i in taken):
            raise ValueError("an \"R\" item taken from a ruin is not in the Hoard (9.7.3)")
        return cls(int(d["warlord"]), command, prowess, mood, int(d["corner"]),
                   int(d["looting"]), str(d.get("previous", "")), taken)


def st_of(g: Game, s: int) -> HundredsState:
    fs = g.fstate[s]
    assert isinstance(fs, HundredsState)
    return fs


# ----------------------------------------------------------------- helpers
def warlord_at(g: Game, s: int) -> int:
    """The warlord's clearing, 0 if it is not on the map (removed in battle: the last
    Hundreds warrior there, rulings.md)."""
    c = st_of(g, s).warlord
    return c if c and g.warriors[s][c] else 0


def command(g: Game, s: int) -> int:
    # 14.2.4.II; a fifth item counts as four until the Hundreds drop one (14.2.4.I)
    return VALUE[min(len(st_of(g, s).command), TRACK_SPACES)]


def prowess(g: Game, s: int) -> int:
    return VALUE[min(len(st_of(g, s).prowess), TRACK_SPACES)]


def hoard(g: Game, s: int) -> tuple[str, ...]:
    fs = st_of(g, s)
    return fs.command + fs.prowess


def mood_is(g: Game, s: int, mood: str) -> bool:
    return st_of(g, s).mood == mood


def available_moods(g: Game, s: int) -> list[str]:
    """14.4.4: a different mood that shows no item in the Hoard (Lavish shows none)."""
    fs = st_of(g, s)
    held = hoard(g, s)
    return [m for m in MOODS if m != fs.mood and MOOD_ITEM[m] not in held]


def track_of(item: str) -> str:
    if item in COMMAND_ITEMS:
        return "command"
    if item in PROWESS_ITEMS:
        return "prowess"
    raise ValueError(f"the Hoard holds no {item}")


def gain_item(g: Game, s: int, item: str) -> None:
    """14.2.4.I: the leftmost empty space of its track; a full track: remove the gained
    item or one there permanently and score one VP (the Hundreds choose)."""
    fs = st_of(g, s)
    if track_of(item) == "command":
        fs.command = fs.command + (item,)
        full = len(fs.command) > TRACK_SPACES
    else:
        fs.prowess = fs.prowess + (item,)
        full = len(fs.prowess) > TRACK_SPACES
    if full:
        g.push(("hundreds.hoard_full", s, track_of(item)))


def lose_item(g: Game, s: int, item: str) -> None:
    """Remove an item of the Hoard permanently; the rest shift left (14.7.4). An "R"
    item of its type leaves first (9.7.3: items of a type are alike, rulings.md)."""
    fs = st_of(g, s)
    if item in fs.ruin_taken:
        lst = list(fs.ruin_taken)
        lst.remove(item)
        fs.ruin_taken = tuple(lst)
    if item in fs.command:
        lst = list(fs.command)
        lst.remove(item)
        fs.command = tuple(lst)
    else:
        lst = list(fs.prowess)
        lst.remove(item)
        fs.prowess = tuple(lst)
    g.removed_items.append(item)


def has_mob(g: Game, s: int, c: int) -> bool:
    return g.has_piece_at(s, MOB, c)


def mob_spread_targets(g: Game, s: int, suit: str) -> list[int]:
    """14.4.1: clearings of the suit with no mob, adjacent to a clearing with a mob."""
    if g.count_token(s, MOB) >= MOBS:
        return []  # 1.5.4: no mob left in the supply
    mobs = g.piece_clearings(s, MOB)
    out: list[int] = []
    for c in g.clearings():
        if not g.suit_match(c, suit) or has_mob(g, s, c) or not g.may_place(s, c):
            continue
        for x in g.adjacent(c):
            if x in mobs:
                out.append(c)
                break
    return out


def roll_mob_die(g: Game, s: int) -> None:
    """Roll the mob die and place a mob in a matching clearing (14.4.1, 14.7.3)."""
    suit = MOB_DIE[g.random_index("mob_die", len(MOB_DIE))]
    g.note("mob_die", g.factions[s], suit)
    if mob_spread_targets(g, s, suit):
        g.push(("hundreds.spread", s, suit))


def loot_targets(g: Game, s: int, dfd: int) -> bool:
    """14.2.5: a defender with an item in its Crafted Items box (never the Vagabond;
    never a hireling, which has none)."""
    if g.is_hireling(dfd):
        return False
    fd = g.fdefs[dfd]
    return bool(g.items[dfd]) and not fd.id.startswith("vagabond") and fd.replaces != "vagabond"


# ----------------------------------------------------------------- faction
class Hundreds(FactionDef):
    id = ME
    name = "Lord of the Hundreds"
    setup_order = "J"  # after the Corvids (rulings.md)
    setup_class = "militant"  # A.8.1 (advanced_setup.json)
    corner_setup = True  # section 5: starts in a corner clearing (5.1)
    reach = 9
    warriors = WARRIORS + 1  # twenty warriors and the warlord (14.2.2)
    buildings = {STRONGHOLD: STRONGHOLDS}
    tokens = {MOB: MOBS}
    crafts_with: tuple[str, ...] = (STRONGHOLD,)  # 14.2.1

    def new_state(self) -> FactionState:
        return HundredsState()

    def state_from_json(self, data: dict[str, Any]) -> FactionState:
        return HundredsState.from_json(data)

    def setup_steps(self, g: Game, s: int) -> list[Step]:
        return [("hundreds.corner", s), ("hundreds.items", s)]  # 14.3.1-2; 14.3.3: state

    def advanced_setup_steps(self, g: Game, s: int) -> list[Step]:
        return [("hundreds.homeland", s), ("hundreds.items", s)]  # setup card (A.8.2)

    def phase_steps(self, g: Game, s: int, phase: str) -> list[Step]:
        if phase == "birdsong":  # 14.4.1-4, then Lavish at the end of Birdsong (14.7.4)
            return [("hundreds.raze", s, ()), ("hundreds.recruit", s),
                    ("hundreds.anoint", s), ("hundreds.mood", s), ("hundreds.lavish", s)]
        if phase == "daylight":  # 14.5.1 craft; then 14.5.2 and 14.5.3 (DaylightOrder)
            return [("craft", s), ("hundreds.daylight", s)]
        # 14.6.1 incite, 14.6.2 oppress, 14.6.3 draw and discard
        return [("hundreds.incite", s), ("hundreds.oppress", s), ("hundreds.draw", s),
                ("discard_down", s)]

    def starting_corner(self, g: Game, s: int) -> int | None:
        return st_of(g, s).corner or None

    # 14.2.1 crafting with strongholds
    def gain_crafted_item(self, g: Game, s: int, item: str) -> None:
        """14.2.3 Contempt for Trade: the choice follows (``craft_item_vp``)."""

    def take_item(self, g: Game, s: int, item: str) -> None:
        """14.2.4: an item the Hundreds take (The Brigand's ruin) goes to the Hoard."""
        gain_item(g, s, item)

    def craft_item_vp(self, g: Game, s: int, card: Any) -> int:
        """14.2.3: take the item and score nothing, or remove it and score its VP."""
        g.push(("hundreds.contempt", s, card.item, card.vp))
        return 0

    def warriors_off_map(self, g: Game, s: int) -> int:
        return 0 if warlord_at(g, s) else 1  # the warlord is no plain warrior

    def protected_warriors(self, g: Game, s: int, c: int) -> int:
        """14.2.2 The Warlord."""
        return 1 if c and warlord_at(g, s) == c else 0

    def moved_protected(self, g: Game, s: int, a: int, b: int) -> None:
        st_of(g, s).warlord = b

    def on_warriors_removed(self, g: Game, s: int, c: int, n: int, by: int,
                            defending: bool) -> Sequence[Step]:
        fs = st_of(g, s)
        if fs.warlord == c and not g.warriors[s][c]:
            fs.warlord = 0  # removed in battle (14.2.2); Anoint brings it back
        return NO_STEPS

    def warriors_left_map(self, g: Game, s: int, c: int, n: int) -> None:
        """Crusader SOM.2.4: the warlord taken to the Ward is off the map (it "may be
        replaced while in the Ward": Anoint)."""
        self.on_warriors_removed(g, s, c, n, -1, False)

    def hit_choices(self, g: Game, s: int, b: Battle | None, c: int) -> list[Any] | None:
        """4.3.4 with 14.2.2: in battle the taker chooses which warriors go, and the
        warlord is a warrior: with it and a plain warrior in c, one hit at a time."""
        if b is None or warlord_at(g, s) != c or g.warriors[s][c] < 2:
            return None  # the usual way (the warlord alone goes last of all)
        return [("lh_hit", k) for k in HIT_PIECES]

    def take_hit(self, g: Game, s: int, b: Battle | None, c: int, choice: Any) -> str | None:
        assert b is not None and choice[0] == "lh_hit" and choice[1] in HIT_PIECES
        side = 0 if s == b.att else 1
        if choice[1] == "warlord":  # off the map, never onto Coffin Makers (14.2.2)
            st_of(g, s).warlord = 0
            g.warriors[s][c] = g.warriors[s][c] - 1
            g.pieces_changed(c)
        else:
            remove_warriors(g, s, c, 1, in_battle=True)
        # its triggers with the battle's others (1.1.3)
        b.warriors_lost[side] = b.warriors_lost[side] + 1
        b.taken[side] = b.taken[side] + 1
        return None

    def ignores_first_hit(self, g: Game, s: int, b: Battle) -> bool:
        """14.7.7 Stubborn: in battle in the warlord's clearing."""
        return mood_is(g, s, "stubborn") and warlord_at(g, s) == b.c

    def battle_extra_hits(self, g: Game, s: int, b: Battle, attacker: bool) -> int:
        """14.7.8 Wrathful: as attacker in the warlord's clearing, one extra hit."""
        if attacker and mood_is(g, s, "wrathful") and warlord_at(g, s) == b.c:
            return 1
        return 0

    def battle_started(self, g: Game, s: int, b: Battle) -> Sequence[Step]:
        """14.2.5 Looters: declared at the start of the battle, as attacker."""
        st_of(g, s).looting = 0  # a battle cut short by an ambush loots nothing
        if b.att == s and loot_targets(g, s, b.dfd):
            return [("hundreds.loot", s)]
        return NO_STEPS

    def battle_before_roll(self, g: Game, s: int, b: Battle) -> Sequence[Step]:
        """14.7.1 Bitter: in the Hundreds' battle ("your warlord's clearing": as attacker
        or defender) in the warlord's clearing, before the roll."""
        if (s in (b.att, b.dfd) and mood_is(g, s, "bitter") and warlord_at(g, s) == b.c
                and bitter_mobs(g, s, b.c)):
            return [("hundreds.bitter", s)]
        return NO_STEPS

    def battle_ended(self, g: Game, s: int, b: Battle) -> None:
        """14.2.5: at the end, ruling the clearing, take an item from the defender."""
        fs = st_of(g, s)
        if not fs.looting or b.att != s:
            return
        dfd = fs.looting - 1
        fs.looting = 0
        if g.rules(s, b.c) and g.items[dfd]:
            g.push(("hundreds.loot_item", s, dfd))

    def view(self, g: Game, s: int, viewer: int | None) -> dict[str, Any]:
        fs = st_of(g, s)
        return {
            "warlord": warlord_at(g, s) or None,
            "mood": fs.mood,
            "hoard": {"command": list(fs.command), "prowess": list(fs.prowess)},
            "command": command(g, s),
            "prowess": prowess(g, s),
            "mob_clearings": list(g.piece_clearings(s, MOB)),
            "mobs_in_supply": MOBS - g.count_token(s, MOB),
            "strongholds_on_track": STRONGHOLDS - g.count_building(s, STRONGHOLD),
            "moods_available": available_moods(g, s),
        }


register(Hundreds())


# ------------------------------------------------------------------- setup
class Corner(Handler):
    """14.3.1 Garrison: the warlord, four warriors and a stronghold in a corner that is
    not another player's starting corner and, if possible, diagonally opposite one."""

    name = "hundreds.corner"
    kind = "setup_corner"
    rule = "14.3.1"
    prompt = "Choose your starting corner"

    def options(self, g: Game, st: Step) -> list[Option]:
        s: int = st[1]
        taken = {g.fdefs[o].starting_corner(g, o) for o in g.others(s)} - {None}
        free = [c for c in g.board.corners if c not in taken and g.may_place(s, c)
                and g.open_slots(c) > 0]
        facing = [c for c in free if g.board.opposite[c] in taken]
        return [("lh_corner", c) for c in (facing or free or g.board.corners)]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        s: int = st[1]
        c: int = o[1]
        fs = st_of(g, s)
        fs.corner = c
        fs.warlord = c
        g.place_warriors(s, c, SETUP_WARRIORS + 1)  # the warlord among them
        if g.open_slots(c) > 0:
            g.place_building(s, STRONGHOLD, c)


class Homeland(Corner):
    """Setup card (A.8.2): the homeland on the map edge with two or more clearings
    between it and enemy homelands (A.8.2.II); the warlord, four warriors and a
    stronghold there (as 14.3.1); Stubborn (14.3.3) is the starting mood."""

    name = "hundreds.homeland"
    kind = "setup_homeland"
    rule = "A.8.2"
    prompt = "Choose your homeland (on the map edge, far from enemy homelands)"

    def options(self, g: Game, st: Step) -> list[Option]:
        return advanced.homeland_options(g, st[1], g.board.edge, 1, False, advanced.FAR)

    def apply(self, g: Game, st: Step, o: Option) -> None:
        advanced.add_homeland(g, st[1], o[1])
        super().apply(g, st, o)


class PlaceItems(Handler):
    """14.3.2 The four "R" items randomly under the ruins, unless already done (the
    Vagabond's 9.3.4)."""

    name = "hundreds.items"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        for items in g.ruin_items:
            if items:
                return
        ruins = [c for c in g.clearings() if (RUIN, "ruin") in g.buildings[c]]
        if not ruins:
            return
        pool = g.shuffle("ruin_items", list(R_ITEMS))
        per = len(pool) // len(ruins)
        for i in range(len(ruins)):
            g.ruin_items[ruins[i]] = tuple(pool[i * per:(i + 1) * per])


# ---------------------------------------------------------------- birdsong
def raze_targets(g: Game, s: int, done: tuple[int, ...]) -> list[int]:
    """14.4.1: mob clearings not yet razed with enemy buildings or tokens, or a ruin."""
    out: list[int] = []
    for c in g.piece_clearings(s, MOB):
        if c in done:
            continue
        if g.ruin_items[c]:
            out.append(c)
            continue
        for p in g.buildings[c] + g.tokens[c]:
            if p[0] >= 0 and g.is_enemy(s, p[0]):
                out.append(c)
                break
    return out


class Raze(Handler):
    """14.4.1 Raze, clearing by clearing in the Hundreds' order (each clearing one
    removal event, rulings.md); then the mob die. Args: (seat, clearings razed)."""

    name = "hundreds.raze"
    kind = "raze"
    rule = "14.4.1"
    prompt = "Raze: choose the next mob clearing"

    def options(self, g: Game, st: Step) -> list[Option]:
        targets = raze_targets(g, st[1], st[2])
        return [("raze", c) for c in targets] if targets else [("done",)]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        s: int = st[1]
        if o[0] == "done":
            roll_mob_die(g, s)  # after all mobs: roll once (14.4.1)
            return
        c: int = o[1]
        g.push(("hundreds.raze", s, st[2] + (c,)))
        raze(g, s, c)


def raze(g: Game, s: int, c: int) -> None:
    """Remove every enemy building and token in c (3.2.1: one VP each), resolve what the
    removal triggers (1.1.3), and take an item from the ruin."""
    pieces: list[tuple[int, int, str]] = []
    for o in g.enemy_owners(s):  # G.1.9: enemy hirelings' buildings and tokens too
        if removal_shielded(g, s, o, c):
            continue  # the Stoic Protector's clearing
        for p in g.faction_pieces(o, c):
            g.take_piece(c, p)
            pieces.append((o, c, p[1]))
    if pieces:
        g.score(s, sum(g.odef(o).points_for_removal(g, o, k) for o, _, k in pieces),
                "removal")
    if g.ruin_items[c]:
        g.push(("hundreds.ruin", s, c))
    trigger_removals(g, s, [], pieces, in_battle=False)


class RuinItem(Handler):
    """14.4.1 with 9.7.3: take one item from the ruin (of two, the one of choice), but
    no "R" item of a type the Hoard holds one of; remove the ruin with its last item.
    Args: (seat, clearing)."""

    name = "hundreds.ruin"
    kind = "take_item"
    rule = "14.4.1"
    prompt = "Raze: take an item from the ruin"

    def options(self, g: Game, st: Step) -> list[Option]:
        c: int = st[2]
        held = st_of(g, st[1]).ruin_taken
        return [("ruin_item", c, i) for i in dict.fromkeys(g.ruin_items[c])
                if i not in held] or [("done",)]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        if o[0] == "done":
            return
        s: int = st[1]
        c: int = st[2]
        item: str = o[2]
        lst = list(g.ruin_items[c])
        lst.remove(item)
        g.ruin_items[c] = tuple(lst)
        g.note("ruin_item", g.factions[s], c, item)
        if not lst and (RUIN, "ruin") in g.buildings[c]:
            g.take_piece(c, (RUIN, "ruin"))
        fs = st_of(g, s)
        fs.ruin_taken = fs.ruin_taken + (item,)  # an "R" item in the Hoard (9.7.3)
        gain_item(g, s, item)


class Spread(Handler):
    """Place a mob where the mob die says (14.4.1, 14.7.3). Args: (seat, suit)."""

    name = "hundreds.spread"
    kind = "place_mob"
    rule = "14.4.1"
    prompt = "Place a mob in a clearing matching the mob die"

    def options(self, g: Game, st: Step) -> list[Option]:
        targets = mob_spread_targets(g, st[1], st[2])
        return [("mob_spread", c) for c in targets] or [("done",)]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        if o[0] == "mob_spread":
            g.place_token(st[1], MOB, o[1])


def place_recruits(g: Game, s: int, targets: list[int]) -> None:
    """One warrior in each target (a clearing listed twice gets two); short, the
    Hundreds choose where (1.5.4)."""
    if g.warrior_supply(s) >= len(targets):
        for c in targets:
            g.place_warriors(s, c, 1)
    elif targets and g.warrior_supply(s):
        g.push(("hundreds.recruit_in", s, tuple(targets)))


class Recruit(Handler):
    """14.4.2 Prowess warriors in the warlord's clearing, then one per stronghold."""

    name = "hundreds.recruit"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        s: int = st[1]
        w = warlord_at(g, s)
        if w and g.may_place(s, w):
            g.place_warriors(s, w, prowess(g, s))
        targets: list[int] = []
        for c in g.buildings_of(s, STRONGHOLD):
            if g.may_place(s, c):
                targets.append(c)
        place_recruits(g, s, targets)


class RecruitIn(Handler):
    """1.5.4: warriors run short; one at a time where the Hundreds choose. Args: (seat,
    clearings still owed a warrior)."""

    name = "hundreds.recruit_in"
    kind = "recruit"
    rule = "14.4.2"
    prompt = "Warriors are short: choose a clearing to receive a warrior"

    def options(self, g: Game, st: Step) -> list[Option]:
        if not g.warrior_supply(st[1]) or not st[2]:
            return [("done",)]
        return [("lh_recruit_in", c) for c in dict.fromkeys(st[2])]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        if o[0] == "done":
            return
        s: int = st[1]
        c: int = o[1]
        g.place_warriors(s, c, 1)
        rest = list(st[2])
        rest.remove(c)
        g.push(("hundreds.recruit_in", s, tuple(rest)))


def anoint_targets(g: Game, s: int) -> list[int]:
    """14.4.3: a clearing with a Hundreds warrior, else any clearing (where the warlord
    may be placed: a snare forbids it, 13.7.2)."""
    w = g.warriors[s]
    out = [c for c in g.clearings() if w[c] and g.may_place(s, c)]
    if out:
        return out
    return [c for c in g.clearings() if g.may_place(s, c)]


class Anoint(Handler):
    """14.4.3 Anoint: the warlord off the map replaces a Hundreds warrior, or else is
    placed in any clearing."""

    name = "hundreds.anoint"
    kind = "anoint"
    rule = "14.4.3"
    prompt = "Anoint: choose where the warlord returns"

    def options(self, g: Game, st: Step) -> list[Option]:
        s: int = st[1]
        if warlord_at(g, s):
            return [("done",)]
        return [("anoint", c) for c in anoint_targets(g, s)] or [("done",)]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        if o[0] == "done":
            return
        s: int = st[1]
        c: int = o[1]
        fs = st_of(g, s)
        replace = g.warriors[s][c] > 0
        if replace:  # G.1.21 replace: remove the warrior (Coffin Makers takes it), then place
            remove_warriors(g, s, c, 1)
        fs.warlord = c
        g.warriors[s][c] = g.warriors[s][c] + 1  # the warlord itself, never a plain warrior
        g.pieces_changed(c)
        g.note("anoint", g.factions[s], c)
        if replace:
            trigger_removals(g, s, [(s, c, 1)], in_battle=False)


class Mood(Handler):
    """14.4.4 Choose Mood: a different mood showing no item in the Hoard (Lavish with no
    other choice stays Lavish)."""

    name = "hundreds.mood"
    kind = "mood"
    rule = "14.4.4"
    prompt = "Choose your mood for this turn"

    def options(self, g: Game, st: Step) -> list[Option]:
        return [("mood", m) for m in available_moods(g, st[1])] or [("done",)]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        if o[0] == "done":
            return
        fs = st_of(g, st[1])
        fs.previous = fs.mood
        fs.mood = o[1]
        g.note("mood", g.factions[st[1]], o[1])


class Lavish(Handler):
    """14.7.4 Lavish, at the end of Birdsong: remove Hoard items, two warriors in the
    warlord's clearing for each (the rest shift left: the tracks are kept packed)."""

    name = "hundreds.lavish"
    kind = "lavish"
    rule = "14.7.4"
    prompt = "Lavish: remove an item from your Hoard for two warriors?"

    def options(self, g: Game, st: Step) -> list[Option]:
        s: int = st[1]
        if not mood_is(g, s, "lavish"):
            return [("done",)]
        out: list[Option] = [("lavish", i) for i in dict.fromkeys(hoard(g, s))]
        return out + [("done",)]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        if o[0] == "done":
            return
        s: int = st[1]
        g.push(st)
        lose_item(g, s, o[1])
        w = warlord_at(g, s)
        if w and g.may_place(s, w):
            g.place_warriors(s, w, LAVISH_WARRIORS)


class HoardFull(Handler):
    """14.2.4.I: a track over its spaces: remove an item there permanently, score one.
    Args: (seat, track)."""

    name = "hundreds.hoard_full"
    kind = "hoard_full"
    rule = "14.2.4"
    prompt = "The track is full: remove an item permanently (1 VP)"

    def options(self, g: Game, st: Step) -> list[Option]:
        fs = st_of(g, st[1])
        items = fs.command if st[2] == "command" else fs.prowess
        return [("hoard_drop", i) for i in dict.fromkeys(items)]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        s: int = st[1]
        lose_item(g, s, o[1])
        g.score(s, 1, "hoard")


class Contempt(Handler):
    """14.2.3 Contempt for Trade. Args: (seat, item, VP listed)."""

    name = "hundreds.contempt"
    kind = "contempt"
    rule = "14.2.3"
    prompt = "Contempt for Trade: keep the item, or remove it and score"

    def options(self, g: Game, st: Step) -> list[Option]:
        return [("contempt_take", st[2]), ("contempt_score", st[2], st[3])]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        s: int = st[1]
        item: str = st[2]
        if o[0] == "contempt_take":
            gain_item(g, s, item)
        else:
            g.removed_items.append(item)
            g.score(s, st[3], "craft")


# ---------------------------------------------------------------- daylight
def build_options(g: Game, s: int) -> list[Option]:
    """14.5.2.III: spend a card to place a stronghold in a matching clearing you rule."""
    if g.count_building(s, STRONGHOLD) >= STRONGHOLDS:
        return []
    out: list[Option] = []
    for c in g.clearings():
        if g.rules(s, c) and g.open_slots(c) > 0 and g.may_place(s, c):
            for cid in g.cards_matching_clearing(s, c):
                out.append(("lh_build", c, cid))
    return out


def dedupe(out: list[Option]) -> list[Option]:
    return list(dict.fromkeys(out))


class DaylightOrder(Handler):
    """14.5.2 Command, then 14.5.3 Advance (14.7.2 Grandiose: the reverse), each counted
    by Command or Prowess as they stand after crafting (the turn's steps are scheduled
    at its start, before Raze and the mood)."""

    name = "hundreds.daylight"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        s: int = st[1]
        cmd: Step = ("hundreds.command", s, command(g, s))
        adv: Step = ("hundreds.advance", s, prowess(g, s), 0)
        if mood_is(g, s, "grandiose"):
            g.push(adv, ("hundreds.order_again", s, 1))
        else:
            g.push(cmd, ("hundreds.order_again", s, 0))


class OrderAgain(Handler):
    """The second of the two Daylight steps, counted when it starts (a battle in the
    first may have looted an item). Args: (seat, 1 if Command comes second)."""

    name = "hundreds.order_again"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        s: int = st[1]
        if st[2]:
            g.push(("hundreds.command", s, command(g, s)))
        else:
            g.push(("hundreds.advance", s, prowess(g, s), 0))


class Command(Handler):
    """14.5.2 Command the Hundreds: move, battle or build, up to Command times. Args:
    (seat, actions left)."""

    name = "hundreds.command"
    kind = "action"
    rule = "14.5.2"

    def describe(self, g: Game, st: Step) -> str:
        return f"Command the Hundreds: move, battle or build ({st[2]} left)"

    def options(self, g: Game, st: Step) -> list[Option]:
        s: int = st[1]
        out = daylight_extras(g, s)
        if st[2] > 0:
            out += move_options(g, s) + battle_options(g, s) + dedupe(build_options(g, s))
        out.append(("done",))
        return out

    def apply(self, g: Game, st: Step, o: Option) -> None:
        s: int = st[1]
        verb = o[0]
        if verb == "done":
            return
        if took_daylight_extra(g, st, o):
            return
        g.push(("hundreds.command", s, st[2] - 1))
        if verb == "move" or verb == "ferry":
            g.push(move_step(s, o))
        elif verb == "battle":
            start_battle(g, s, o[1], g.seat_of(o[2]))
        elif verb == "lh_build":
            g.spend(s, o[2])
            g.place_building(s, STRONGHOLD, o[1])
        else:  # pragma: no cover - the menu lists only these
            raise ValueError(o)


def advance_moves(g: Game, s: int) -> list[Option]:
    w = warlord_at(g, s)
    return move_options(g, s, (w,)) if w else []


def advance_battles(g: Game, s: int) -> list[Option]:
    w = warlord_at(g, s)
    return battle_options(g, s, (w,)) if w else []


class Advance(Handler):
    """14.5.3 Advance the Warlord, up to Prowess times: move the warlord (with any
    warriors), then battle in its clearing; 14.7.5 Relentless: after both, one more
    move or battle. Args: (seat, advances left, stage): stage 0 starts an advance,
    1 follows its move, 2 follows move and battle (Relentless)."""

    name = "hundreds.advance"
    kind = "action"
    rule = "14.5.3"

    def describe(self, g: Game, st: Step) -> str:
        return f"Advance the Warlord ({st[2]} left)"

    def options(self, g: Game, st: Step) -> list[Option]:
        s: int = st[1]
        stage: int = st[3]
        out = daylight_extras(g, s) if stage == 0 else []
        if stage == 0:
            if st[2] > 0:
                out += advance_moves(g, s) + advance_battles(g, s)
            out.append(("done",))
        elif stage == 1:
            out += advance_battles(g, s)
            out.append(("lh_next",))
        else:
            out += advance_moves(g, s) + advance_battles(g, s)
            out.append(("lh_next",))
        return out

    def apply(self, g: Game, st: Step, o: Option) -> None:
        s: int = st[1]
        left: int = st[2]
        stage: int = st[3]
        verb = o[0]
        if verb == "done":
            return
        if took_daylight_extra(g, st, o):
            return
        if verb == "lh_next":
            g.push(("hundreds.advance", s, left, 0))
            return
        moving = verb == "move" or verb == "ferry"
        if stage == 0:
            left -= 1
            nxt = 1 if moving else 0
        elif stage == 1:
            nxt = 2 if mood_is(g, s, "relentless") else 0
        else:
            nxt = 0
        g.push(("hundreds.advance", s, left, nxt))
        if moving:  # the warlord must go (14.5.3)
            g.push(("move_count", s, o[1], o[2], 1 if verb == "ferry" else 0, 1))
        else:
            start_battle(g, s, o[1], g.seat_of(o[2]))


# ------------------------------------------------------------------ battle
class Loot(Handler):
    """14.2.5 Looters: declare looting at the start of the battle."""

    name = "hundreds.loot"
    kind = "loot"
    rule = "14.2.5"
    prompt = "Looters: loot the defender (you deal no rolled hits)?"

    def options(self, g: Game, st: Step) -> list[Option]:
        b = g.current_battle()
        return [("loot", g.factions[b.dfd]), ("no_loot",)]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        if o[0] == "loot":
            b = g.current_battle()
            st_of(g, st[1]).looting = b.dfd + 1
            b.d_ignore = True  # the Hundreds deal no rolled hits (extra hits still count)
            g.note("loot", g.factions[st[1]], g.factions[b.dfd])


class LootItem(Handler):
    """14.2.5: take one item from the defender's Crafted Items box. Args: (seat,
    defender)."""

    name = "hundreds.loot_item"
    kind = "take_item"
    rule = "14.2.5"
    prompt = "Looters: take an item"

    def options(self, g: Game, st: Step) -> list[Option]:
        items = [i for i in dict.fromkeys(g.items[st[2]]) if i != "torch"]
        return [("loot_item", i) for i in items] or [("done",)]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        if o[0] == "done":
            return
        s: int = st[1]
        t: int = st[2]
        g.items[t].remove(o[1])
        crafted_item_left(g, t, o[1])
        gain_item(g, s, o[1])


def bitter_mobs(g: Game, s: int, c: int) -> list[int]:
    """14.7.1: mobs in the warlord's clearing and adjacent clearings."""
    near = (c,) + g.adjacent(c)
    return [x for x in g.piece_clearings(s, MOB) if x in near]


class Bitter(Handler):
    """14.7.1 Bitter: before the roll, remove mobs near the warlord; a warrior in its
    clearing for each."""

    name = "hundreds.bitter"
    kind = "bitter"
    rule = "14.7.1"
    prompt = "Bitter: remove a mob to place a warrior in the warlord's clearing?"

    def options(self, g: Game, st: Step) -> list[Option]:
        s: int = st[1]
        b = g.current_battle()
        if not g.warrior_supply(s) or not g.may_place(s, b.c):
            return [("done",)]
        return [("bitter", x) for x in bitter_mobs(g, s, b.c)] + [("done",)]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        if o[0] == "done":
            return
        s: int = st[1]
        b = g.current_battle()
        g.push(st)
        g.take_piece(o[1], (s, MOB))
        g.place_warriors(s, b.c, 1)


# ----------------------------------------------------------------- evening
def incite_options(g: Game, s: int) -> list[Option]:
    """14.6.1: spend a card for a mob in a matching clearing with no mob but a Hundreds
    warrior (the warlord too)."""
    if g.count_token(s, MOB) >= MOBS:
        return []
    out: list[Option] = []
    w = g.warriors[s]
    for c in g.clearings():
        if w[c] and not has_mob(g, s, c) and g.may_place(s, c):
            for cid in dict.fromkeys(g.cards_matching_clearing(s, c)):
                out.append(("incite", c, cid))
    return out


class Incite(Handler):
    """14.6.1 Incite, any number of times (14.7.3 Jubilant in the warlord's clearing)."""

    name = "hundreds.incite"
    kind = "incite"
    rule = "14.6.1"
    prompt = "Incite: spend a card to place a mob, or go on"

    def options(self, g: Game, st: Step) -> list[Option]:
        return incite_options(g, st[1]) + [("done",)]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        if o[0] == "done":
            return
        s: int = st[1]
        c: int = o[1]
        g.push(st)
        g.spend(s, o[2])
        g.place_token(s, MOB, c)
        if mood_is(g, s, "jubilant") and warlord_at(g, s) == c:
            g.push(("hundreds.jubilant", s, JUBILANT_ROLLS))


class Jubilant(Handler):
    """14.7.3 Jubilant: up to four times, roll the mob die and spread a mob. Args:
    (seat, rolls left)."""

    name = "hundreds.jubilant"
    kind = "jubilant"
    rule = "14.7.3"
    prompt = "Jubilant: roll the mob die to spread a mob?"

    def options(self, g: Game, st: Step) -> list[Option]:
        if st[2] <= 0 or g.count_token(st[1], MOB) >= MOBS:
            return [("done",)]
        return [("jubilant",), ("done",)]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        if o[0] == "done":
            return
        s: int = st[1]
        g.push(("hundreds.jubilant", s, st[2] - 1))
        roll_mob_die(g, s)


def oppressed(g: Game, s: int) -> int:
    """14.6.2: clearings s rules with a Hundreds piece and no enemy piece (G.1.9: hired
    mercenaries are not, G.1.33; nor are they Hundreds pieces)."""
    n = 0
    enemies = g.enemy_owners(s)  # G.1.9: enemy hirelings' pieces too
    for c in g.clearings():
        if not g.rules(s, c) or not g.has_any_piece(s, c):
            continue
        clean = True
        for o in enemies:
            if g.has_enemy_piece(s, o, c):
                clean = False
                break
        if clean:
            n += 1
    return n


class Oppress(Handler):
    """14.6.2 Oppress: 1-2 clearings one VP, 3-4 two, 5 three, 6+ four."""

    name = "hundreds.oppress"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        s: int = st[1]
        n = oppressed(g, s)
        vp = OPPRESS_VP[n] if n < len(OPPRESS_VP) else OPPRESS_MAX
        if vp:
            g.score(s, vp, "oppress")


def enemy_pieces(g: Game, s: int, c: int) -> int:
    """Enemy pieces in c (G.1.9): warriors, pawns, buildings and tokens (14.7.6)."""
    n = 0
    for o in g.enemy_owners(s):  # G.1.9: enemy hirelings' pieces too
        n += g.enemy_warriors(s, o, c) + (1 if g.pawn[o] == c else 0)
    for p in g.buildings[c] + g.tokens[c]:
        if p[0] >= 0 and g.is_enemy(s, p[0]):
            n += 1
    return n


class Draw(Handler):
    """14.6.3 Draw one card (14.7.6 Rowdy: one more; two more with three or more enemy
    pieces in the warlord's clearing)."""

    name = "hundreds.draw"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        s: int = st[1]
        n = 1
        if mood_is(g, s, "rowdy"):
            w = warlord_at(g, s)
            n += 2 if w and enemy_pieces(g, s, w) >= 3 else 1
        draw_cards(g, s, n)


register_steps(
    Corner(), Homeland(), PlaceItems(), Raze(), RuinItem(), Spread(), Recruit(), RecruitIn(),
    Anoint(),
    Mood(), Lavish(), HoardFull(), Contempt(), DaylightOrder(), OrderAgain(), Command(),
    Advance(), Loot(), LootItem(), Bitter(), Incite(), Jubilant(), Oppress(), Draw(),
)
