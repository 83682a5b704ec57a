"""Lizard Cult (Law of Root, section 10).

The Cult's pieces are warriors and gardens, one building kind per printed suit
(``garden_fox``...). Its state holds the Outcast (10.3.3, 10.4.1), the Acolytes box
(warriors off the map, 10.2.3), the Lost Souls pile (10.2.6, public) and the cards
revealed this Daylight (10.5, public until returned in Evening).
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from rootlaw.core import advanced
from rootlaw.core.battle import battle_targets, start_battle
from rootlaw.core.cards_ep import draw_cards, reclaim_removed
from rootlaw.core.catalog import SUITS, tracks
from rootlaw.core.effects import DAYLIGHT_VERBS, apply_daylight_extra, daylight_extras
from rootlaw.core.faction_api import NO_STEPS, Faction, FactionDef, FactionState, register
from rootlaw.core.game import Game
from rootlaw.core.hired import removal_shielded
from rootlaw.core.move import ferry_pairs, move_pairs, remove_warriors, trigger_removals
from rootlaw.core.options import Option, text_form
from rootlaw.core.steps import Handler, Step, register_steps

ME: Final = Faction.LIZARDS
_T: Final = tracks()["lizard_cult"]
GARDENS: Final = {suit: "garden_" + suit for suit in SUITS}  # building kind per suit
SUIT_OF_GARDEN: Final = {kind: suit for suit, kind in GARDENS.items()}
GARDENS_PER_SUIT: Final = int(_T["gardens_per_suit"])
# 10.5.3: VP above the rightmost empty Gardens space, by gardens of the suit on the map
SCORE_VP: Final = tuple(int(x) for x in _T["score_ritual_vp_by_gardens_of_suit_on_map"])
DRAW_BONUS_AT: Final = int(_T["draw_bonus_at_gardens_of_suit"])  # 10.6.3
CONSPIRACY_COST: Final = {k: int(v) for k, v in _T["conspiracy_cost"].items()}  # 10.4.3
SETUP_WARRIORS: Final = 4  # 10.3.2
ADVANCED_SPREAD: Final = 3  # setup card (A.8.2): warriors among the adjacent clearings
ADVANCED_ACOLYTES: Final = 2  # setup card (A.8.2): warriors in the Acolytes box

text_form("lz_corner", "start in corner {1}")
text_form("lz_garden", "place a {1} garden in {2}")
text_form("outcast", "make {1} the Outcast")
text_form("crusade_battle", "Crusade: battle in {1} against {2}")
text_form("crusade_move", "Crusade: move {1} -> {2}")
text_form("crusade_ferry", "Crusade: move {1} -> {2} by the Ferry")
text_form("convert", "Convert: replace a {2} warrior in {1}")
text_form("sanctify", "Sanctify: replace the {2} {3} in {1} with a garden")
text_form("ritual_build", "reveal {c1}: build a garden in {2}")
text_form("ritual_recruit", "reveal {c1}: recruit in {2}")
text_form("ritual_score", "reveal and spend {c1}: score {2} VP ({3} gardens)")
text_form("ritual_sacrifice", "reveal {c1}: sacrifice a warrior to the Acolytes")


class LizardsState(FactionState):
    __slots__ = ("outcast", "hated", "acolytes", "lost_souls", "revealed", "scored", "corner")

    def __init__(self, outcast: str = "", hated: bool = False, acolytes: int = 0,
                 lost_souls: tuple[str, ...] = (), revealed: tuple[str, ...] = (),
                 scored: tuple[str, ...] = (), corner: int = 0) -> None:
        self.outcast = outcast  # the Outcast suit (10.3.3)
        self.hated = hated  # the outcast marker on its Hated side (10.4.1)
        self.acolytes = acolytes  # warriors in the Acolytes box (10.2.3)
        self.lost_souls = lost_souls  # 10.2.6, in the order the cards arrived
        self.revealed = revealed  # cards revealed this Daylight (10.5)
        self.scored = scored  # suits scored this turn (10.5.3: once per suit)
        self.corner = corner  # the starting corner (10.3.2)

    def copy(self) -> LizardsState:
        return LizardsState(self.outcast, self.hated, self.acolytes, self.lost_souls,
                            self.revealed, self.scored, self.corner)

    def to_json(self) -> dict[str, Any]:
        return {"outcast": self.outcast, "hated": self.hated, "acolytes": self.acolytes,
                "lost_souls": list(self.lost_souls), "revealed": list(self.revealed),
                "scored": list(self.scored), "corner": self.corner}

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> LizardsState:
        outcast = str(d["outcast"])
        if outcast and outcast not in SUITS:
            raise ValueError(f"bad Outcast {outcast!r}")
        acolytes = int(d["acolytes"])
        if acolytes < 0:
            raise ValueError("acolytes cannot be negative")
        return cls(outcast, bool(d["hated"]), acolytes,
                   tuple(str(x) for x in d["lost_souls"]), tuple(str(x) for x in d["revealed"]),
                   tuple(str(x) for x in d["scored"]), int(d["corner"]))


def st_of(g: Game, s: int) -> LizardsState:
    fs = g.fstate[s]
    assert isinstance(fs, LizardsState)
    return fs


# ----------------------------------------------------------------- helpers
def gardens_on_map(g: Game, s: int, suit: str) -> int:
    return g.count_building(s, GARDENS[suit])


def has_garden(g: Game, s: int, c: int) -> bool:
    """A garden of s in clearing c (the clearing's buildings read once: rule asks this
    of every clearing, 10.2.4)."""
    for piece in g.buildings[c]:
        if piece[0] == s and piece[1] in SUIT_OF_GARDEN:
            return True
    return False


def can_garden(g: Game, s: int, c: int, suit: str, freed: int = 0) -> bool:
    """A garden of ``suit`` can be placed in c: one left on the track, an open slot (after
    ``freed`` slots are emptied), no rule against placing (6.2.2)."""
    return (gardens_on_map(g, s, suit) < GARDENS_PER_SUIT and g.open_slots(c) + freed > 0
            and g.may_place(s, c))


def conspiracy_cost(g: Game, s: int, name: str) -> int:
    """10.4.3: one acolyte fewer when the Outcast is Hated."""
    return CONSPIRACY_COST[name] - (1 if st_of(g, s).hated else 0)


def outcast_clearings(g: Game, s: int) -> list[int]:
    outcast = st_of(g, s).outcast
    return [c for c in g.clearings() if g.suit_match(c, outcast)]


def ritual_cards(g: Game, s: int, suit: str) -> list[str]:
    """Distinct cards in hand of exactly ``suit``: birds are not wild for rituals (10.2.2)."""
    out: list[str] = []
    for cid in g.hands[s]:
        if g.suit_of(cid) == suit and cid not in out:
            out.append(cid)
    return out


def reveal(g: Game, s: int, cid: str) -> None:
    """10.5: into the play area; unusable for anything else until Evening."""
    g.hands[s].remove(cid)
    fs = st_of(g, s)
    fs.revealed = fs.revealed + (cid,)


# ----------------------------------------------------------------- faction
class Lizards(FactionDef):
    id = ME
    name = "Lizard Cult"
    setup_order = "F"
    setup_class = "insurgent"  # A.8.1 (advanced_setup.json)
    corner_setup = True  # section 5: starts in a corner clearing (5.1)
    reach = 2
    warriors = int(_T["warriors"])  # 10.3.1
    buildings = {kind: GARDENS_PER_SUIT for kind in GARDENS.values()}

    def new_state(self) -> FactionState:
        return LizardsState()

    def state_from_json(self, data: dict[str, Any]) -> FactionState:
        return LizardsState.from_json(data)

    def setup_steps(self, g: Game, s: int) -> list[Step]:
        return [("lizards.corner", s), ("lizards.outcast", s)]

    def advanced_setup_steps(self, g: Game, s: int) -> list[Step]:
        return [("lizards.homeland", s), ("lizards.outcast", s)]  # setup card (A.8.2)

    def phase_steps(self, g: Game, s: int, phase: str) -> list[Step]:
        if phase == "birdsong":  # 10.4.1-10.4.3
            return [("lizards.adjust", s), ("lizards.conspiracies", s)]
        if phase == "daylight":  # 10.5
            return [("lizards.rituals", s)]
        # 10.6.1 return revealed cards, 10.6.2 craft, 10.6.3 draw and discard
        return [("lizards.return", s), ("craft", s), ("lizards.draw", s), ("discard_down", s)]

    def starting_corner(self, g: Game, s: int) -> int | None:
        return st_of(g, s).corner or None

    def crafting_pieces(self, g: Game, s: int) -> tuple[int, int, int]:
        """10.2.1: gardens whose printed suit matches the Outcast (in matching clearings)."""
        outcast = st_of(g, s).outcast
        if not outcast:
            return (0, 0, 0)
        # by the gardens' printed suit, wherever they stand (10.2.1: the Lost City)
        n = gardens_on_map(g, s, outcast)
        return (n if outcast == "fox" else 0, n if outcast == "rabbit" else 0,
                n if outcast == "mouse" else 0)

    def crafting_clearings(self, g: Game, s: int) -> tuple[int, ...]:
        """Tunnels (E&P): the clearings of the crafting pieces of 10.2.1."""
        outcast = st_of(g, s).outcast
        return g.piece_clearings(s, GARDENS[outcast]) if outcast else ()

    def rules_outright(self, g: Game, s: int, c: int) -> bool:
        """10.2.4 Pilgrims: any clearing with a garden (overrides 7.2.2)."""
        return has_garden(g, s, c)

    def on_warriors_removed(self, g: Game, s: int, c: int, n: int, by: int,
                            defending: bool) -> Sequence[Step]:
        """10.2.3 Revenge: warriors removed while defending go to the Acolytes box."""
        if defending:
            reclaim_removed(g, s, n)  # not to the supply, so not onto Coffin Makers (E&P)
            st_of(g, s).acolytes += n
        return NO_STEPS

    def on_piece_removed(self, g: Game, s: int, c: int, kind: str, by: int) -> Sequence[Step]:
        """10.2.5 Fear of the Faithful: a garden removed, a random card discarded."""
        hand = g.hands[s]
        if kind in SUIT_OF_GARDEN and hand:
            g.discard_card(hand.pop(g.random_index("fear_of_the_faithful", len(hand))))
        return NO_STEPS

    def catch_discard(self, g: Game, s: int, card: str) -> bool:
        """10.2.6 The Lost Souls Pile: every card spent or discarded, dominance too."""
        fs = st_of(g, s)
        fs.lost_souls = fs.lost_souls + (card,)
        return True

    def warriors_off_map(self, g: Game, s: int) -> int:
        return st_of(g, s).acolytes

    def cards_held(self, g: Game, s: int) -> list[str]:
        fs = st_of(g, s)
        return list(fs.lost_souls) + list(fs.revealed)

    def view(self, g: Game, s: int, viewer: int | None) -> dict[str, Any]:
        fs = st_of(g, s)
        return {
            "outcast": fs.outcast or None,
            "hated": fs.hated,
            "acolytes": fs.acolytes,
            "lost_souls": list(fs.lost_souls),  # 10.2.6: anyone may inspect it
            "revealed": list(fs.revealed),
            "scored_this_turn": list(fs.scored),
            "gardens_on_track": {suit: GARDENS_PER_SUIT - gardens_on_map(g, s, suit)
                                 for suit in SUITS},
        }


register(Lizards())


# ------------------------------------------------------------------- setup
class Corner(Handler):
    """10.3.2 Four warriors and a matching garden in a corner that is not another
    player's starting corner and, if possible, diagonally opposite one; then one
    warrior in each adjacent clearing."""

    name = "lizards.corner"
    kind = "setup_corner"
    rule = "10.3.2"
    prompt = "Choose your starting corner"

    def options(self, g: Game, st: Step) -> list[Option]:
        s: int = st[1]
        taken = {g.fdefs[o].starting_corner(g, o) for o in g.others(s)} - {None}
        free = [c for c in g.board.corners if c not in taken and g.may_place(s, c)]
        facing = [c for c in free if g.board.opposite[c] in taken]
        return [("lz_corner", c) for c in (facing or free)]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        s: int = st[1]
        c: int = o[1]
        st_of(g, s).corner = c
        g.place_building(s, GARDENS[g.suits[c]], c)
        g.place_warriors(s, c, SETUP_WARRIORS)
        for x in g.adjacent(c):
            if g.may_place(s, x):
                g.place_warriors(s, x, 1)


class Homeland(Handler):
    """Setup card (A.8.2): the homeland not adjacent to enemy homelands (A.8.2.II); four
    warriors and a garden of its suit there, three warriors among the adjacent clearings
    as evenly as possible, and two warriors in the Acolytes box (10.2.3)."""

    name = "lizards.homeland"
    kind = "setup_homeland"
    rule = "A.8.2"
    prompt = "Choose your homeland (not adjacent to enemy homelands)"

    def options(self, g: Game, st: Step) -> list[Option]:
        return advanced.homeland_options(g, st[1], g.clearings(), 1, True, advanced.APART)

    def apply(self, g: Game, st: Step, o: Option) -> None:
        s: int = st[1]
        c: int = o[1]
        advanced.add_homeland(g, s, c)
        fs = st_of(g, s)
        fs.corner = c
        garden = g.open_slots(c) > 0
        if garden and len(g.suits_at(c)) == 1:
            g.place_building(s, GARDENS[g.suits[c]], c)
        g.place_warriors(s, c, SETUP_WARRIORS)
        fs.acolytes = min(ADVANCED_ACOLYTES, g.warrior_supply(s))
        g.push(("adv.spread", s, c, ADVANCED_SPREAD, ()))
        if garden and len(g.suits_at(c)) > 1:  # the Lost City: a garden of its suits
            g.push(("lizards.homeland_garden", s, c))


class HomelandGarden(Handler):
    """A.8.2 in the Lost City's clearing (of every suit, Appendix F): the garden of
    its suit is one of the three, of the player's choice."""

    name = "lizards.homeland_garden"
    kind = "setup_garden"
    rule = "A.8.2"
    prompt = "Choose the garden for your homeland"

    def options(self, g: Game, st: Step) -> list[Option]:
        return [("lz_garden", suit, st[2]) for suit in g.suits_at(st[2])
                if can_garden(g, st[1], st[2], suit)] or [("done",)]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        if o[0] == "lz_garden":
            g.place_building(st[1], GARDENS[o[1]], st[2])


class ChooseOutcast(Handler):
    """10.3.3 Place the outcast marker on any suit."""

    name = "lizards.outcast"
    kind = "outcast"
    rule = "10.3.3"
    prompt = "Choose the Outcast"

    def options(self, g: Game, st: Step) -> list[Option]:
        return [("outcast", suit) for suit in SUITS]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        st_of(g, st[1]).outcast = str(o[1])


# ---------------------------------------------------------------- birdsong
class Adjust(Handler):
    """10.4.1 Adjust Outcast (birds ignored); 10.4.2 discard the Lost Souls pile."""

    name = "lizards.adjust"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        s: int = st[1]
        fs = st_of(g, s)
        counts = [0, 0, 0]
        for cid in fs.lost_souls:
            suit = g.suit_of(cid)
            if suit in SUITS:
                counts[SUITS.index(suit)] += 1
        top = max(counts)
        most = [SUITS[i] for i in range(3) if counts[i] == top]
        if len(most) == 1 and most[0] != fs.outcast:
            fs.outcast, fs.hated = most[0], False  # moved, showing the Outcast side
        else:
            fs.hated = True  # the same suit, or no one suit with the most: Hated
        g.note("outcast", g.factions[s], fs.outcast, fs.hated)
        for cid in fs.lost_souls:  # 10.4.2: dominance cards become available
            g.to_discard_pile(cid)
        fs.lost_souls = ()
        fs.scored = ()


class Conspiracies(Handler):
    """10.4.3 Perform Conspiracies, in any order and number, in Outcast clearings."""

    name = "lizards.conspiracies"
    kind = "conspiracy"
    rule = "10.4.3"
    prompt = "Perform a conspiracy, or go on"

    def options(self, g: Game, st: Step) -> list[Option]:
        s: int = st[1]
        return conspiracy_options(g, s) + [("done",)]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        s: int = st[1]
        verb = o[0]
        if verb == "done":
            return
        g.push(st)
        fs = st_of(g, s)
        if verb == "crusade_battle":  # I: initiate a battle in an Outcast clearing
            fs.acolytes -= conspiracy_cost(g, s, "crusade")
            start_battle(g, s, o[1], g.seat_of(o[2]))
        elif verb == "crusade_move" or verb == "crusade_ferry":  # I: or move, then battle
            fs.acolytes -= conspiracy_cost(g, s, "crusade")
            g.push(("move_count", s, o[1], o[2], 1 if verb == "crusade_ferry" else 0),
                   ("lizards.crusade_battle", s, o[2]))
        elif verb == "convert":  # II: replace an enemy warrior with a Cult warrior
            fs.acolytes -= conspiracy_cost(g, s, "convert")
            c: int = o[1]
            t = g.seat_of(o[2])
            remove_warriors(g, t, c, 1)
            g.place_warriors(s, c, 1)
            trigger_removals(g, s, [(t, c, 1)], in_battle=False)
        elif verb == "sanctify":  # III: replace an enemy building with a matching garden
            fs.acolytes -= conspiracy_cost(g, s, "sanctify")
            c = o[1]
            t = g.seat_of(o[2])
            g.take_piece(c, (t, o[3]))
            # the Outcast's garden (the Lost City matches every suit, rulings.md)
            g.place_building(s, GARDENS[fs.outcast], c)
            g.score(s, g.odef(t).points_for_removal(g, t, o[3]), "removal")  # 3.2.1
            trigger_removals(g, s, [], [(t, c, o[3])], in_battle=False)
        else:  # pragma: no cover - options list only these verbs
            raise ValueError(o)


def conspiracy_options(g: Game, s: int) -> list[Option]:
    fs = st_of(g, s)
    out: list[Option] = []
    outcast = outcast_clearings(g, s)
    if fs.acolytes >= conspiracy_cost(g, s, "crusade"):
        out += [("crusade_battle", c, g.owner_name(o))
                for c, o in battle_targets(g, s, outcast)]
        out += [("crusade_move", a, b) for a, b in move_pairs(g, s, outcast)]
        if g.ferry:  # C.2.5
            out += [("crusade_ferry", a, b) for a, b in ferry_pairs(g, s, outcast)]
    cost = conspiracy_cost(g, s, "convert")
    # 10.4.3: the acolytes spent return to the supply first, so the Cult warrior can be
    # placed even from an empty supply (1.5.3)
    if fs.acolytes >= cost and g.warrior_supply(s) + cost > 0:
        for c in outcast:
            if g.may_place(s, c):
                out += [("convert", c, g.owner_name(o)) for o in g.enemy_owners(s)  # G.1.9
                        if g.enemy_warriors(s, o, c) and g.removable_warriors(o, c)
                        and not removal_shielded(g, s, o, c)]
    if fs.acolytes >= conspiracy_cost(g, s, "sanctify"):
        suit = fs.outcast
        for c in outcast:
            if not can_garden(g, s, c, suit, freed=1):
                continue
            for o in g.enemy_owners(s):  # G.1.9: an enemy hireling's building too
                if removal_shielded(g, s, o, c):
                    continue
                for kind in dict.fromkeys(p[1] for p in g.buildings[c] if p[0] == o):
                    out.append(("sanctify", c, g.owner_name(o), kind))
    return out


class CrusadeBattle(Handler):
    """10.4.3.I: after a Crusade's move, the Cult may battle in the destination."""

    name = "lizards.crusade_battle"
    kind = "battle"
    rule = "10.4.3.I"
    prompt = "Crusade: battle in the destination clearing?"

    def options(self, g: Game, st: Step) -> list[Option]:
        s: int = st[1]
        return [("battle", c, g.owner_name(o)) for c, o in battle_targets(g, s, (st[2],))] + [
            ("skip",)]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        if o[0] == "battle":
            start_battle(g, st[1], o[1], g.seat_of(o[2]))


# ---------------------------------------------------------------- daylight
class Rituals(Handler):
    """10.5: reveal cards and perform one ritual per card, in any order and number."""

    name = "lizards.rituals"
    kind = "action"
    rule = "10.5"
    prompt = "Lizard Cult Daylight: reveal a card for a ritual, or end Daylight"

    def options(self, g: Game, st: Step) -> list[Option]:
        s: int = st[1]
        return ritual_options(g, s) + daylight_extras(g, s) + [("done",)]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        s: int = st[1]
        verb = o[0]
        if verb == "done":
            return
        g.push(st)
        if verb in DAYLIGHT_VERBS:
            apply_daylight_extra(g, s, o)
            return
        cid: str = o[1]
        if verb == "ritual_score":  # 10.5.3: the revealed card is spent
            suit = g.suit_of(cid)
            fs = st_of(g, s)
            fs.scored = fs.scored + (suit,)
            g.spend(s, cid)
            g.score(s, int(o[2]), "ritual")
            return
        reveal(g, s, cid)
        if verb == "ritual_build":  # 10.5.1
            g.place_building(s, GARDENS[g.suit_of(cid)], o[2])  # the card's suit
        elif verb == "ritual_recruit":  # 10.5.2
            g.place_warriors(s, o[2], 1)
        elif verb == "ritual_sacrifice":  # 10.5.4 (offered with a warrior in supply)
            st_of(g, s).acolytes += 1
        else:  # pragma: no cover
            raise ValueError(o)


def ritual_options(g: Game, s: int) -> list[Option]:
    fs = st_of(g, s)
    out: list[Option] = []
    supply = g.warrior_supply(s)
    for suit in SUITS:
        cards = ritual_cards(g, s, suit)
        if not cards:
            continue
        matching = [c for c in g.clearings() if g.suit_match(c, suit)]
        build = [c for c in matching if g.rules(s, c) and can_garden(g, s, c, suit)]
        recruit = [c for c in matching if g.may_place(s, c)] if supply else []
        n = gardens_on_map(g, s, suit)
        for cid in cards:
            out += [("ritual_build", cid, c) for c in build]
            out += [("ritual_recruit", cid, c) for c in recruit]
            if n and suit not in fs.scored:  # 10.5.3 once per turn per suit
                out.append(("ritual_score", cid, SCORE_VP[n - 1], n))
    if supply:
        out += [("ritual_sacrifice", cid) for cid in ritual_cards(g, s, "bird")]
    return out


# ----------------------------------------------------------------- evening
class ReturnRevealed(Handler):
    """10.6.1 Return all cards revealed this turn to the hand."""

    name = "lizards.return"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        s: int = st[1]
        fs = st_of(g, s)
        g.hands[s].extend(fs.revealed)
        fs.revealed = ()


class Draw(Handler):
    """10.6.3 Draw one card, plus one per uncovered draw bonus (the second garden of a
    suit on the map uncovers its bonus)."""

    name = "lizards.draw"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        s: int = st[1]
        bonus = sum(1 for suit in SUITS if gardens_on_map(g, s, suit) >= DRAW_BONUS_AT)
        draw_cards(g, s, 1 + bonus)  # Informants may replace it (E&P)


register_steps(
    Corner(), Homeland(), HomelandGarden(), ChooseOutcast(), Adjust(), Conspiracies(),
    CrusadeBattle(), Rituals(), ReturnRevealed(), Draw(),
)
