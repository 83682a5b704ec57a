"""The prototype's Woodland Alliance (P2.8 setup, P9; Hideout Loss and Hidden, P5.12;
Cottage Industry, P5.4.13; Alliance Movement, P5.5.6).

Supporters are warriors in the three forest nation boxes (P9.3.1), the Outrage marker
a warrior on its track (P2.8.3): both off the map and out of the supply. Each built
Hideout gives a card slot (P9.2.1): a card face down (Keep Secrets, hidden from the
other players) or a conspiracy face up (Conspire). The conspiracies are reconstructed
(rootlaw/data/prototype/rules.json, rulings.md).
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from rootlaw.core.faction_api import FactionState, register
from rootlaw.core.game import Game
from rootlaw.core.options import Option, secret_form, text_form
from rootlaw.core.steps import Handler, Step, register_steps
from rootlaw.prototype.base import DATA, NATIONS, RULES, ProtoFaction, matches
from rootlaw.prototype.battle import battle_targets, start_battle
from rootlaw.prototype.cards import DAYLIGHT_VERBS, apply_daylight_extra, daylight_extras
from rootlaw.prototype.craft import craft, craft_options
from rootlaw.prototype.hits import hits_step
from rootlaw.prototype.moves import move_options, take_move

ME: Final = "alliance"
_A: Final[dict[str, Any]] = DATA["alliance"]
HIDEOUT: Final[dict[str, str]] = {n: "hideout_" + n for n in NATIONS}  # P2.8.2
STRONGHOLD: Final = "stronghold"
OUTRAGE: Final[tuple[int, ...]] = tuple(int(x) for x in _A["outrage_draws"])  # P9.16.1
COST: Final[dict[str, int]] = {str(k): int(v) for k, v in _A["costs"].items()}  # P9.6-P9.14
CONSPIRACIES: Final[dict[str, Any]] = {k: v for k, v in DATA["conspiracies"].items()
                                       if not k.startswith("_")}

text_form("p_spy", "spy: spend a {1} supporter and {c2} to draw a card")
text_form("p_a_battle", "spend a {1} supporter to battle")
text_form("p_educate", "educate: spend {c1} for a {2} supporter")
text_form("p_train", "train: spend {c1} and a {2} supporter to place a warrior")
text_form("p_secret", "keep {c1} secret in the {2} Hideout")
secret_form("p_secret", "keep a card secret in the {2} Hideout")
text_form("p_conspire", "conspire: {c1} ({3}) in the {2} Hideout")
text_form("p_hideout", "spend two {1} supporters to build the {1} Hideout")
text_form("p_stronghold", "spend three {1} supporters to build a Stronghold in {2}")
text_form("p_place", "in {1}")
text_form("p_effect", "{2}")
text_form("p_target", "deal the hits to {1}")
text_form("p_box", "a supporter in the {1} box")
text_form("p_hideout_at", "a {2} Hideout in {1}")


def card_conspiracy(g: Game, cid: str) -> str:
    """The conspiracy template of a card ("" if none: the special victory cards)."""
    return CARD_CONSPIRACY.get(cid, "")


def _card_conspiracies() -> dict[str, str]:
    from rootlaw.core.catalog import load_json

    out: dict[str, str] = {}
    for c in load_json("prototype/deck.json")["cards"]:
        if c.get("conspiracy"):
            out[str(c["id"])] = str(c["conspiracy"])
    return out


CARD_CONSPIRACY: Final[dict[str, str]] = _card_conspiracies()


def effect_text(effect: dict[str, Any]) -> str:
    where = " at the Hideout" if effect.get("at_hideout") else ""
    if "place" in effect:
        return f"place {effect['place']} warrior(s){where}"
    if "move" in effect:
        return "take a move"
    if "hits" in effect:
        return f"deal {effect['hits']} hits{where}"
    if "score" in effect:
        return f"score {effect['score']} VP"
    if "draw" in effect:
        return f"draw {effect['draw']} card(s)"
    return f"build a Stronghold{where}"


class AllianceState(FactionState):
    """Supporters per forest nation box (fox, rabbit, mouse), the Outrage marker's
    space, and each Hideout card slot's card ("" empty) and whether it is face up."""

    __slots__ = ("supporters", "outrage", "slots", "face_up")

    def __init__(self, supporters: tuple[int, ...] = (0, 0, 0), outrage: int = 0,
                 slots: tuple[str, ...] = ("", "", ""),
                 face_up: tuple[bool, ...] = (False, False, False)) -> None:
        self.supporters = supporters
        self.outrage = outrage
        self.slots = slots
        self.face_up = face_up

    def copy(self) -> AllianceState:
        return AllianceState(self.supporters, self.outrage, self.slots, self.face_up)

    def to_json(self) -> dict[str, Any]:
        return {"supporters": list(self.supporters), "outrage": self.outrage,
                "slots": list(self.slots), "face_up": list(self.face_up)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> AllianceState:
        sup = tuple(int(x) for x in data["supporters"])
        slots = tuple(str(x) for x in data["slots"])
        up = tuple(bool(x) for x in data["face_up"])
        if len(sup) != 3 or len(slots) != 3 or len(up) != 3 or min(sup) < 0:
            raise ValueError("the Alliance has three forest nation boxes and Hideout slots")
        outrage = int(data["outrage"])
        if not 0 <= outrage < len(OUTRAGE):
            raise ValueError(f"Outrage {outrage} is off its track")
        return cls(sup, outrage, slots, up)


def als(g: Game, s: int) -> AllianceState:
    fs = g.fstate[s]
    assert isinstance(fs, AllianceState)
    return fs


def nation_index(nation: str) -> int:
    return NATIONS.index(nation)


def add_supporters(g: Game, s: int, nation: str, n: int) -> int:
    """Place up to n supporters from the supply (P3.2.4); how many were placed."""
    n = min(n, g.warrior_supply(s))
    if n > 0:
        a = als(g, s)
        i = nation_index(nation)
        a.supporters = tuple(a.supporters[j] + n if j == i else a.supporters[j]
                             for j in range(3))
    return n


def spend_supporters(g: Game, s: int, nation: str, n: int) -> None:
    """P9.5.1: spent supporters return to the supply."""
    a = als(g, s)
    i = nation_index(nation)
    if a.supporters[i] < n:
        raise ValueError(f"only {a.supporters[i]} {nation} supporters")
    a.supporters = tuple(a.supporters[j] - n if j == i else a.supporters[j] for j in range(3))


def hideout_clearing(g: Game, s: int, nation: str) -> int:
    """The clearing of the Hideout of ``nation`` (0: not on the map)."""
    found = g.piece_clearings(s, HIDEOUT[nation])
    return found[0] if found else 0


def set_slot(g: Game, s: int, nation: str, card: str, up: bool) -> None:
    a = als(g, s)
    i = nation_index(nation)
    a.slots = tuple(card if j == i else a.slots[j] for j in range(3))
    a.face_up = tuple(up if j == i else a.face_up[j] for j in range(3))


def raise_outrage(g: Game, s: int) -> None:
    """P9.16.2: Outrage one space up its track (not past its end)."""
    a = als(g, s)
    if a.outrage < len(OUTRAGE) - 1:
        a.outrage += 1


class Alliance(ProtoFaction):
    id = ME
    name = "Woodland Alliance"
    warriors = int(DATA["warriors"]["alliance"])  # P1.6.2
    buildings = {**{HIDEOUT[n]: 1 for n in NATIONS}, STRONGHOLD: int(_A["strongholds"])}
    crafts_with: tuple[str, ...] = (STRONGHOLD,)  # P5.4.8
    hand_limit = int(DATA["hand_limits"]["alliance"])  # P9.15.2

    def new_state(self) -> FactionState:
        return AllianceState()

    def state_from_json(self, data: dict[str, Any]) -> FactionState:
        return AllianceState.from_json(data)

    def setup_steps(self, g: Game, s: int) -> list[Step]:
        return [("proto.a.setup", s)]

    def phase_steps(self, g: Game, s: int, phase: str) -> list[Step]:
        if phase == "birdsong":
            return [("proto.a.birdsong", s)]
        if phase == "daylight":
            return [("proto.a.actions", s)]
        return [("proto.a.evening", s, ()), ("proto.discard_down", s)]

    def warriors_off_map(self, g: Game, s: int) -> int:
        """Supporters (P9.3.1) and the Outrage marker (P2.8.3)."""
        return sum(als(g, s).supporters) + 1

    def may_retreat(self, g: Game, s: int) -> bool:
        """P5.5.6 "The Alliance can only move by executing appropriate conspiracies": a
        retreat moves warriors (P5.7.4), so it never retreats (rulings.md)."""
        return False

    def craft_vp(self, g: Game, s: int, vp: int) -> int:
        """P5.4.13 Cottage Industry."""
        return 2 * vp

    def ignores_hit(self, g: Game, s: int, c: int, defending: bool, single: bool) -> bool:
        """P5.12.2 Hidden: defending with a single warrior, one hit taken is ignored."""
        return defending and single

    def on_recruit(self, g: Game, s: int, by: int) -> None:
        raise_outrage(g, s)  # P7.7.1, P9.16.2

    def on_piece_removed(self, g: Game, s: int, c: int, kind: str, by: int) -> Sequence[Step]:
        """P4.3.7, P5.12.1 Hideout Loss, at once (no slot outlives its Hideout)."""
        for n in NATIONS:
            if kind == HIDEOUT[n]:
                hideout_lost(g, s, n)
        return []

    def aid_steps(self, g: Game, s: int, c: int) -> list[Any]:
        return [("proto.a.aid", s, c)]

    def beaver_builds(self, g: Game, s: int, c: int) -> list[tuple[str, str]]:
        """P10.2.2 following the Alliance's rules: a Hideout of the clearing's nation
        (P9.13.1), a Stronghold where it rules (P9.14.1), their supporters paid from
        its boxes ("the owner cannot stop you", rulings.md)."""
        if g.open_slots(c) <= 0:
            return []
        a = als(g, s)
        out: list[tuple[str, str]] = []
        for n in NATIONS:
            i = nation_index(n)
            if not matches(g, c, n):
                continue
            if (not g.count_building(s, HIDEOUT[n]) and a.supporters[i] >= COST["build_hideout"]):
                out.append((HIDEOUT[n], n))
            if (a.supporters[i] >= COST["build_stronghold"]
                    and g.count_building(s, STRONGHOLD) < self.buildings[STRONGHOLD]):
                out.append((STRONGHOLD, n))
        return out

    def beaver_build(self, g: Game, s: int, c: int, kind: str, nation: str) -> None:
        hideout = kind == HIDEOUT.get(nation)
        spend_supporters(g, s, nation, COST["build_hideout" if hideout else "build_stronghold"])
        g.place_building(s, kind, c)
        if hideout:
            g.place_warriors(s, c, 1)

    def cards_held(self, g: Game, s: int) -> list[str]:
        return [c for c in als(g, s).slots if c]

    def hidden(self, g: Game, s: int, viewer: int) -> dict[str, list[str]]:
        """Face-down cards in Hideout slots (P9.11.1): cards of the shared deck, hidden
        from every other seat."""
        if viewer == s:
            return {}
        a = als(g, s)
        down = [a.slots[i] for i in range(3) if a.slots[i] and not a.face_up[i]]
        return {"cards": down} if down else {}

    def set_hidden(self, g: Game, s: int, viewer: int, values: dict[str, list[str]]) -> None:
        cards = values.get("cards", [])
        a = als(g, s)
        out = list(a.slots)
        k = 0
        for i in range(3):
            if out[i] and not a.face_up[i]:
                out[i] = cards[k]
                k += 1
        a.slots = tuple(out)

    def view(self, g: Game, s: int, viewer: int | None) -> dict[str, Any]:
        a = als(g, s)
        slots: dict[str, Any] = {}
        for i in range(3):
            n = NATIONS[i]
            card = a.slots[i]
            shown = card if card and (a.face_up[i] or viewer == s) else None
            slots[n] = {"hideout": hideout_clearing(g, s, n) or None, "filled": bool(card),
                        "face_up": bool(card) and a.face_up[i], "card": shown,
                        "conspiracy": CONSPIRACIES[card_conspiracy(g, card)]["name"]
                        if shown and card_conspiracy(g, card) else None}
        return {
            "supporters": {NATIONS[i]: a.supporters[i] for i in range(3)},
            "outrage": a.outrage,
            "outrage_draws": OUTRAGE[a.outrage],
            "hideouts": slots,
            "strongholds_on_track": self.buildings[STRONGHOLD] - g.count_building(s, STRONGHOLD),
            "coins": self.coins(g, s),
        }


ALLIANCE: Final = Alliance()
register(ALLIANCE, RULES)


# ------------------------------------------------------------------- setup
class Setup(Handler):
    """P2.8.2: a Hideout (of the clearing's nation) and a warrior in any clearing with
    an empty slot; P2.8.3 the Outrage marker on the leftmost space; P2.8.4 a supporter
    in each forest nation box."""

    name = "proto.a.setup"
    kind = "setup_hideout"
    rule = "P2.8.2"
    prompt = "Place your first Hideout and a warrior"

    def options(self, g: Game, st: Step) -> list[Option]:
        out: list[Option] = []
        for c in g.clearings():
            if g.open_slots(c) > 0:
                for n in NATIONS:
                    if matches(g, c, n):
                        out.append(("p_hideout_at", c, n))
        return out

    def apply(self, g: Game, st: Step, o: Option) -> None:
        s: int = st[1]
        g.place_building(s, HIDEOUT[o[2]], o[1])
        g.place_warriors(s, o[1], 1)
        als(g, s).outrage = 0
        for n in NATIONS:
            add_supporters(g, s, n, 1)


# ---------------------------------------------------------------- birdsong
class Birdsong(Handler):
    """P9.4.1: the cards in the Hideout slots back to the hand, then the Outrage's
    draws (P9.16.1)."""

    name = "proto.a.birdsong"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        s: int = st[1]
        a = als(g, s)
        for cid in a.slots:
            if cid:
                g.hands[s].append(cid)
        a.slots = ("", "", "")
        a.face_up = (False, False, False)
        g.draw(s, OUTRAGE[a.outrage])


# ---------------------------------------------------------------- daylight
def action_options(g: Game, s: int) -> list[Option]:
    """P9.5-P9.14: the actions the Alliance can take now."""
    a = als(g, s)
    hand = list(dict.fromkeys(g.hands[s]))
    cards = g.deckdef.cards
    supply = g.warrior_supply(s)
    out: list[Option] = []
    for i in range(3):
        n = NATIONS[i]
        have = a.supporters[i]
        slot_open = hideout_clearing(g, s, n) > 0 and not a.slots[i]
        if have >= COST["spy"]:  # P9.6.1
            out.extend(("p_spy", n, cid) for cid in hand)
        if have >= COST["battle"] and battle_targets(g, s, nation_clearings(g, n)):  # P9.7.1
            out.append(("p_a_battle", n))
        if supply:  # P9.9.1 Educate
            out.extend(("p_educate", cid, n) for cid in hand
                       if cards[cid].suit == n or cards[cid].suit == "bird")
        if have >= COST["train"]:  # P9.10.1
            out.extend(("p_train", cid, n) for cid in hand if cards[cid].suit == "bird")
        if slot_open:  # P9.11.1 Keep Secrets, P9.12.1 Conspire
            out.extend(("p_secret", cid, n) for cid in hand)
            for cid in hand:
                plan = card_conspiracy(g, cid)
                if plan and have >= int(CONSPIRACIES[plan]["cost"]):
                    out.append(("p_conspire", cid, n, CONSPIRACIES[plan]["name"]))
        if have >= COST["build_hideout"] and not g.count_building(s, HIDEOUT[n]):  # P9.13.1
            if any(g.open_slots(c) > 0 for c in nation_clearings(g, n)):
                out.append(("p_hideout", n))
        if (have >= COST["build_stronghold"]  # P9.14.1
                and g.count_building(s, STRONGHOLD) < ALLIANCE.buildings[STRONGHOLD]):
            out.extend(("p_stronghold", n, c) for c in nation_clearings(g, n)
                       if g.rules(s, c) and g.open_slots(c) > 0)
    return out


def nation_clearings(g: Game, nation: str) -> list[int]:
    return [c for c in g.clearings() if matches(g, c, nation)]


class Actions(Handler):
    """P9.5.1: actions paid with supporters of one box, any number, in any order."""

    name = "proto.a.actions"
    kind = "action"
    rule = "P9.5.1"
    prompt = "Alliance Daylight: choose an action"

    def options(self, g: Game, st: Step) -> list[Option]:
        s: int = st[1]
        return daylight_extras(g, s) + craft_options(g, s) + action_options(g, s) + [("end",)]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        s: int = st[1]
        verb: str = o[0]
        if verb == "end":
            return
        g.push(st)
        if verb in DAYLIGHT_VERBS:
            apply_daylight_extra(g, s, o)
        elif verb == "craft":  # P9.8.1: no supporters
            craft(g, s, o[1], o[2])
        elif verb == "p_spy":  # P9.6.1
            spend_supporters(g, s, o[1], COST["spy"])
            g.spend(s, o[2])
            g.draw(s, 1)
        elif verb == "p_a_battle":  # P9.7.1
            spend_supporters(g, s, o[1], COST["battle"])
            g.push(("proto.a.battle", s, o[1]))
        elif verb == "p_educate":  # P9.9.1
            g.spend(s, o[1])
            add_supporters(g, s, o[2], 1)
        elif verb == "p_train":  # P9.10.1
            g.spend(s, o[1])
            spend_supporters(g, s, o[2], COST["train"])
            g.push(("proto.a.train", s, o[2]))
        elif verb == "p_secret":  # P9.11.1
            g.hands[s].remove(o[1])
            set_slot(g, s, o[2], o[1], False)
        elif verb == "p_conspire":  # P9.12.1
            plan = card_conspiracy(g, o[1])
            spend_supporters(g, s, o[2], int(CONSPIRACIES[plan]["cost"]))
            g.hands[s].remove(o[1])
            set_slot(g, s, o[2], o[1], True)
            g.note("conspire", o[1], plan)
            n = len(CONSPIRACIES[plan]["effects"])
            g.push(("proto.a.conspiracy", s, o[2], plan, tuple(range(n))))
        elif verb == "p_hideout":  # P9.13.1
            spend_supporters(g, s, o[1], COST["build_hideout"])
            g.push(("proto.a.hideout", s, o[1]))
        else:  # P9.14.1
            spend_supporters(g, s, o[1], COST["build_stronghold"])
            g.place_building(s, STRONGHOLD, o[2])


class BattleAction(Handler):
    """P9.7.1: a battle in a clearing of the spent supporter's nation. Args: (seat,
    nation)."""

    name = "proto.a.battle"
    kind = "battle"
    rule = "P9.7.1"
    prompt = "Battle: choose the clearing and the defender"

    def options(self, g: Game, st: Step) -> list[Option]:
        return battle_targets(g, st[1], nation_clearings(g, st[2]))

    def apply(self, g: Game, st: Step, o: Option) -> None:
        start_battle(g, st[1], o[1], g.seat_of(o[2]))


class Train(Handler):
    """P9.10.1: a warrior in any clearing of the spent supporter's nation."""

    name = "proto.a.train"
    kind = "place_warrior"
    rule = "P9.10.1"
    prompt = "Train: where does the warrior go?"

    def options(self, g: Game, st: Step) -> list[Option]:
        return [("p_place", c) for c in nation_clearings(g, st[2])]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        g.place_warriors(st[1], o[1], 1)


class BuildHideout(Handler):
    """P9.13.1: the Hideout and a warrior in a clearing of its nation (an empty slot,
    P5.2.4)."""

    name = "proto.a.hideout"
    kind = "build"
    rule = "P9.13.1"
    prompt = "Build the Hideout where?"

    def options(self, g: Game, st: Step) -> list[Option]:
        return [("p_place", c) for c in nation_clearings(g, st[2]) if g.open_slots(c) > 0]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        s: int = st[1]
        g.place_building(s, HIDEOUT[st[2]], o[1])
        g.place_warriors(s, o[1], 1)


# --------------------------------------------------------------- conspiracies
def effect_possible(g: Game, s: int, effect: dict[str, Any], c: int) -> bool:
    if "place" in effect:
        return g.warrior_supply(s) > 0
    if "move" in effect:
        return bool(move_options(g, s))
    if "hits" in effect:
        return bool(hit_targets(g, s, c))
    if "stronghold" in effect:
        return (g.open_slots(c) > 0
                and g.count_building(s, STRONGHOLD) < ALLIANCE.buildings[STRONGHOLD])
    return True


def hit_targets(g: Game, s: int, c: int) -> list[int]:
    return [o for o in range(len(g.factions)) if o != s and g.has_any_piece(o, c)]


class Conspiracy(Handler):
    """P9.12.2-P9.12.3: resolve the conspiracy's effects in any order, any of them;
    those "at the matching Hideout" there. Args: (seat, nation, template, effects
    left)."""

    name = "proto.a.conspiracy"
    kind = "conspiracy"
    rule = "P9.12.2"
    prompt = "Resolve an effect of the conspiracy, or finish"

    def options(self, g: Game, st: Step) -> list[Option]:
        s: int = st[1]
        effects = CONSPIRACIES[st[3]]["effects"]
        c = hideout_clearing(g, s, st[2])
        out: list[Option] = []
        seen: list[str] = []
        for i in st[4]:
            text = effect_text(effects[i])
            if text not in seen and effect_possible(g, s, effects[i], c):
                seen.append(text)  # the same effect twice: one option (either is it)
                out.append(("p_effect", i, text))
        return out + [("done",)]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        if o[0] == "done":
            return
        s: int = st[1]
        i: int = o[1]
        effect = CONSPIRACIES[st[3]]["effects"][i]
        c = hideout_clearing(g, s, st[2])
        g.push(("proto.a.conspiracy", s, st[2], st[3], tuple(x for x in st[4] if x != i)))
        if "place" in effect:
            g.place_warriors(s, c, int(effect["place"]))
        elif "move" in effect:  # P5.5.6: the Alliance moves only so
            g.push(("proto.a.move", s))
        elif "hits" in effect:
            g.push(("proto.a.target", s, c, int(effect["hits"])))
        elif "score" in effect:
            g.score(s, int(effect["score"]), "conspiracy")
        elif "draw" in effect:
            g.draw(s, int(effect["draw"]))
        else:
            g.place_building(s, STRONGHOLD, c)


class ConspiracyMove(Handler):
    """A conspiracy's move (P5.5.6), by the usual rules (P5.5.1-P5.5.3)."""

    name = "proto.a.move"
    kind = "move"
    rule = "P5.5.6"
    prompt = "Conspiracy: take a move"

    def options(self, g: Game, st: Step) -> list[Option]:
        return move_options(g, st[1]) + [("done",)]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        if o[0] != "done":
            take_move(g, st[1], o, st)


class ConspiracyHits(Handler):
    """P4.3.4: a conspiracy's hits, in the clearing it names, to a player there."""

    name = "proto.a.target"
    kind = "target"
    rule = "P4.3.4"
    prompt = "Deal the conspiracy's hits to which player?"

    def options(self, g: Game, st: Step) -> list[Option]:
        out: list[Option] = [("p_target", g.factions[o]) for o in hit_targets(g, st[1], st[2])]
        return out or [("done",)]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        if o[0] == "p_target":
            g.push(hits_step(g.seat_of(o[1]), st[1], st[2], st[3]))


# ------------------------------------------------------------ removal, aid
def hideout_lost(g: Game, s: int, nation: str) -> None:
    """P4.3.7, P5.12.1 Hideout Loss: its slot's card discarded (P9.2.3), half its box's
    supporters (rounded up) removed (P9.3.2), Outrage up by one (P9.16.2)."""
    a = als(g, s)
    i = nation_index(nation)
    card = a.slots[i]
    if card:
        set_slot(g, s, nation, "", False)
        g.discard_card(card)
    half = (a.supporters[i] + 1) // 2
    if half:
        spend_supporters(g, s, nation, half)
    raise_outrage(g, s)


class Aid(Handler):
    """P10.17.1: the Alliance places a supporter in the box of the Vagabond's clearing
    (the Keep: any box, the Alliance's choice). Args: (seat, clearing)."""

    name = "proto.a.aid"
    kind = "supporter"
    rule = "P10.17.1"
    prompt = "Aid: which box takes the supporter?"

    def options(self, g: Game, st: Step) -> list[Option]:
        if not g.warrior_supply(st[1]):
            return [("done",)]
        return [("p_box", n) for n in NATIONS if matches(g, st[2], n)]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        if o[0] == "p_box":
            add_supporters(g, st[1], o[1], 1)


# ----------------------------------------------------------------- evening
class Evening(Handler):
    """P9.15.1: a supporter in each box; short of warriors, the Alliance picks
    (P3.2.4). Args: (seat, boxes served)."""

    name = "proto.a.evening"
    kind = "supporter"
    rule = "P9.15.1"
    prompt = "Warriors are short: which box takes a supporter?"

    def options(self, g: Game, st: Step) -> list[Option]:
        s: int = st[1]
        todo = [n for n in NATIONS if n not in st[2]]
        left = g.warrior_supply(s)
        if not todo or not left:
            return [("done",)]
        if left >= len(todo):
            return [("p_box", "")]
        return [("p_box", n) for n in todo]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        if o[0] == "done":
            return
        s: int = st[1]
        if not o[1]:
            for n in NATIONS:
                if n not in st[2]:
                    add_supporters(g, s, n, 1)
            return
        add_supporters(g, s, o[1], 1)
        g.push(("proto.a.evening", s, st[2] + (o[1],)))


register_steps(Setup(), Birdsong(), Actions(), BattleAction(), Train(), BuildHideout(),
               Conspiracy(), ConspiracyMove(), ConspiracyHits(), Aid(), Evening())
