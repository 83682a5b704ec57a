"""The Exile (promoted) and The Brigand (demoted): Marauder Expansion, the Exile pawn
(B.4.3) and 3 Club items (B.4.2); the Vagabonds cannot be played beside the card
(A.6.5)."""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from rootlaw.core.battle import Battle
from rootlaw.core.cards_ep import crafted_item_left, ready_crafted_items, take_random_card
from rootlaw.core.catalog import load_json
from rootlaw.core.game import FOREST, RUIN, Game
from rootlaw.core.hire import battle_allowed, bot_choice, hire_of
from rootlaw.core.hired import HirelingDef, register_hireling
from rootlaw.core.options import Option, name_form, text_form
from rootlaw.core.steps import Handler, Step, register_steps

CLUB: Final = "club"  # B.4.2: the Exile's own items, never in the item supply
CLUBS: Final = 3
MOVE_COST: Final = 1  # items exhausted to move the Exile
BATTLE_COST: Final = 2  # ... to battle with it
AID_VP: Final = 1

name_form("exile", "the Exile's moves and battles", "the_exile")
name_form("plunder", "take an item from a ruin", "the_exile")
name_form("rob", "exhaust an item to take a random card", "the_exile")
name_form(CLUB, "club")
text_form("exile_forest", "put the Exile in forest {1}")
text_form("exile_move", "exhaust an item: move the Exile to forest {1}")
text_form("exile_battle", "exhaust two items: battle in {1} against {n2}")
text_form("exile_hit", "the Exile takes the hit (an item)")
text_form("aid_exile", "aid the Exile with {n1} (draw a card, 1 VP)")
text_form("plunder", "take {n2} from the ruin in {1}")
text_form("rob", "exhaust {n1} to take a random card from {n2}")
# the "R" items under the ruins (9.3.4, 14.3.2): the Brigand's setup
R_ITEMS: Final[tuple[str, ...]] = tuple(str(i) for i in load_json("items.json")["ruin_items"])


def forest_of(g: Game, h: int) -> int:
    """The Exile's forest index, or -1 off the map."""
    p = g.pawn[h]
    return p - FOREST if p >= FOREST else -1


def forest_id(g: Game, i: int) -> str:
    return g.board.forests[i][0]


def forest_index(g: Game, fid: str) -> int:
    for i, (name, _) in enumerate(g.board.forests):
        if name == fid:
            return i
    raise ValueError(fid)


def ready_items(g: Game, h: int) -> int:
    k = h - len(g.fdefs)
    hire = hire_of(g)
    return len(hire.items[k]) - hire.exhausted[k]


class TheExile(HirelingDef):
    id = "the_exile"
    name = "The Exile"
    card = "the_exile"
    demoted = False

    def hire_setup(self, g: Game, h: int, s: int) -> Sequence[Step]:
        """A.6.3: the Exile pawn in any forest, the 3 clubs face up on the card."""
        return [("the_exile.setup", s, h)]

    def fights_in(self, g: Game, h: int, c: int) -> bool:
        """E.2.4: the Exile battles from its forest in a clearing adjacent to it."""
        i = forest_of(g, h)
        return i >= 0 and c in g.board.forests[i][1]

    def battle_max_hits(self, g: Game, s: int, b: Battle, attacker: bool) -> int:
        """E.2.4: the Exile's maximum rolled hits are the items on its card."""
        return len(hire_of(g).items[s - len(g.fdefs)])

    def battle_defenseless(self, g: Game, s: int, b: Battle) -> bool:
        return False

    def hit_choices(self, g: Game, s: int, b: Battle | None, c: int) -> list[Any] | None:
        """Each hit the Exile takes exhausts an item on its card, or removes one if none
        is left unexhausted (the pawn itself is never removed)."""
        return [("exile_hit",)] if hire_of(g).items[s - len(g.fdefs)] else []

    def take_hit(self, g: Game, s: int, b: Battle | None, c: int, choice: Any) -> str | None:
        hire = hire_of(g)
        k = s - len(g.fdefs)
        if hire.exhausted[k] < len(hire.items[k]):
            hire.exhausted[k] = hire.exhausted[k] + 1
            return None
        items = list(hire.items[k])
        gone = CLUB if CLUB in items else items[0]  # its own clubs first (rulings.md)
        items.remove(gone)
        hire.items[k] = tuple(items)
        hire.exhausted[k] = len(items)
        g.removed_items.append(gone)  # G.1.22: items are removed permanently
        g.note("exile_item_removed", gone)
        return None

    def anytime_options(self, g: Game, s: int, current: int) -> list[Any]:
        """E.2.2 (any player): on its own turn, a player with faction pieces in a clearing
        adjacent to the Exile's forest may move an item of its Crafted Items box onto the
        card, then draws a card and scores one VP."""
        i = forest_of(g, s)
        if i < 0 or g.turn_seat != current or not g.items[current]:
            return []
        if not g.fdefs[current].has_hand:
            return []  # a bot takes no optional hireling action (rulings.md)
        for c in g.board.forests[i][1]:
            if g.has_any_piece(current, c):
                return [("aid_exile", item) for item in dict.fromkeys(g.items[current])]
        return []

    def apply_anytime(self, g: Game, s: int, current: int, o: Any) -> None:
        item: str = o[1]
        g.items[current].remove(item)
        crafted_item_left(g, current, item)
        hire = hire_of(g)
        k = s - len(g.fdefs)
        hire.items[k] = hire.items[k] + (item,)
        g.note("aid_exile", g.factions[current], item)
        g.draw(current, 1)
        g.score(current, AID_VP, "aid_exile")

    def daylight_actions(self, g: Game, h: int, s: int) -> list[str]:
        return ["exile"] if forest_of(g, h) >= 0 and exile_options(g, h) else []

    def daylight(self, g: Game, h: int, s: int, action: str) -> Sequence[Step]:
        """E.2.4: any number of times, exhaust an item to move to an adjacent forest or
        two to battle in a clearing adjacent to its forest; then every item refreshes."""
        return [("the_exile.act", s, h)]

    def check(self, g: Game, h: int) -> str:
        hire = hire_of(g)
        k = h - len(g.fdefs)
        if not 0 <= hire.exhausted[k] <= len(hire.items[k]):
            return "the Exile: more exhausted items than items on its card"
        p = g.pawn[h]
        if p and p < FOREST:
            return "the Exile stands in a forest (E.2.4)"
        return ""


def exile_options(g: Game, h: int) -> list[Option]:
    i = forest_of(g, h)
    ready = ready_items(g, h)
    out: list[Option] = []
    if ready >= MOVE_COST:
        out += [("exile_move", forest_id(g, j)) for j in g.board.forest_adj[i]]
    if ready >= BATTLE_COST:
        foes = g.enemy_owners(h)
        for c in g.board.forests[i][1]:
            for o in foes:
                if g.has_any_piece(o, c) and battle_allowed(g, h, o, c):
                    out.append(("exile_battle", c, g.owner_name(o)))
    return out


class SetUp(Handler):
    """A.6.3 The Exile: its pawn in a forest of the setting-up player's choice."""

    name = "the_exile.setup"
    kind = "hireling_place"
    rule = "A.6.3"
    prompt = "The Exile: choose its forest"

    def options(self, g: Game, st: Step) -> list[Option]:
        out: list[Option] = [("exile_forest", f) for f, _ in g.board.forests]
        return bot_choice(g, st[1], out)

    def apply(self, g: Game, st: Step, o: Option) -> None:
        h: int = st[2]
        g.pawn[h] = FOREST + forest_index(g, o[1])
        hire_of(g).items[h - len(g.fdefs)] = (CLUB,) * CLUBS  # face up, unexhausted
        g.note("hireling_placed", "the_exile", "pawn", o[1])


class Act(Handler):
    """E.2.4 The Exile: move or battle again, or end (its items refresh). Args: (seat,
    hireling)."""

    name = "the_exile.act"
    kind = "hireling_action"
    rule = "E.2.4"
    prompt = "The Exile: exhaust items to move or battle, or end"

    def options(self, g: Game, st: Step) -> list[Option]:
        return bot_choice(g, st[1], exile_options(g, st[2]) + [("done",)])

    def apply(self, g: Game, st: Step, o: Option) -> None:
        h: int = st[2]
        hire = hire_of(g)
        k = h - len(g.fdefs)
        if o[0] == "done":
            hire.exhausted[k] = 0  # every item on the card refreshes
            return
        g.push(st)
        if o[0] == "exile_move":
            hire.exhausted[k] = hire.exhausted[k] + MOVE_COST
            g.pawn[h] = FOREST + forest_index(g, o[1])
            g.note("exile_moved", o[1])
            return
        hire.exhausted[k] = hire.exhausted[k] + BATTLE_COST
        from rootlaw.core.battle import start_battle

        start_battle(g, h, o[1], g.seat_of(o[2]))


class TheBrigand(HirelingDef):
    id = "the_exile"
    name = "The Brigand"
    card = "the_exile"
    demoted = True

    def hire_setup(self, g: Game, h: int, s: int) -> Sequence[Step]:
        """A.6.3: the four "R" items under the ruins at random, as with the Vagabond
        (9.3.4), unless already done."""
        return [("the_brigand.setup", s, h)]

    def daylight_actions(self, g: Game, h: int, s: int) -> list[str]:
        out: list[str] = []
        if plunder_options(g, s):
            out.append("plunder")
        if rob_options(g, s):
            out.append("rob")
        return out

    def daylight_once(self, action: str) -> str:
        return action  # two once-per-Daylight actions (E.2.4)

    def daylight(self, g: Game, h: int, s: int, action: str) -> Sequence[Step]:
        return [("the_brigand." + action, s, h)]


def plunder_options(g: Game, s: int) -> list[Option]:
    """E.2.4 CONTROLLER: an item from a ruin in a clearing with its faction pieces."""
    out: list[Option] = []
    for c in g.clearings():
        if g.ruin_items[c] and g.has_any_piece(s, c):
            out += [("plunder", c, item) for item in dict.fromkeys(g.ruin_items[c])]
    return out


def rob_options(g: Game, s: int) -> list[Option]:
    """E.2.4 CONTROLLER: exhaust an item of its Crafted Items box to take a random card
    from a player with faction pieces in a clearing where it has faction pieces too."""
    ready = ready_crafted_items(g, s)
    if not ready:
        return []
    out: list[Option] = []
    for t in g.others(s):
        if not (g.hands[t] or not g.fdefs[t].has_hand):
            continue
        for c in g.clearings():
            if g.has_any_piece(s, c) and g.has_any_piece(t, c):
                out += [("rob", item, g.factions[t]) for item in ready]
                break
    return out


class BrigandSetUp(Handler):
    """A.6.3 The Brigand: the "R" items under the ruins (9.3.4), unless already done."""

    name = "the_brigand.setup"
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


class Plunder(Handler):
    """The Brigand: take an item from a ruin into the Crafted Items box (the Hundreds:
    the Hoard, by their own rule for gaining items); its last item removes the ruin.
    Args: (seat, hireling)."""

    name = "the_brigand.plunder"
    kind = "take_item"
    rule = "E.2.4"
    prompt = "The Brigand: take an item from a ruin"

    def options(self, g: Game, st: Step) -> list[Option]:
        return bot_choice(g, st[1], plunder_options(g, st[1])) or [("done",)]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        if o[0] != "plunder":
            return
        s: int = st[1]
        c: int = o[1]
        item: str = o[2]
        items = list(g.ruin_items[c])
        items.remove(item)
        g.ruin_items[c] = tuple(items)
        if not items and (RUIN, "ruin") in g.buildings[c]:
            g.take_piece(c, (RUIN, "ruin"))  # 2.2.4 with 9.7.3
        g.note("ruin_item", g.factions[s], c, item)
        g.fdefs[s].take_item(g, s, item)


class Rob(Handler):
    """The Brigand: exhaust a crafted item, take a random card. Args: (seat, hireling)."""

    name = "the_brigand.rob"
    kind = "take_card"
    rule = "E.2.4"
    prompt = "The Brigand: exhaust an item to take a random card from whom?"

    def options(self, g: Game, st: Step) -> list[Option]:
        return bot_choice(g, st[1], rob_options(g, st[1])) or [("done",)]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        if o[0] != "rob":
            return
        s: int = st[1]
        g.cards = g.cards.with_exhausted(s, g.cards.exhausted[s] + (str(o[1]),))
        take_random_card(g, s, g.seat_of(o[2]))


register_hireling(TheExile())
register_hireling(TheBrigand())
register_steps(SetUp(), Act(), BrigandSetUp(), Plunder(), Rob())
