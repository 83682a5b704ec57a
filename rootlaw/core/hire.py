"""Hirelings in play (Appendix E, A.6): dealing and setting them up, gaining and losing
them, and the procedures their cards share (a hireling's move, battle and placing).

- A.6 (``hireling_steps``, from the Advanced Setup): deal three cards (A.6.1), demote
  by the player count (A.6.2), set them up in reverse turn order (A.6.3); the hiring
  markers start on 4, 8 and 12 (A.6.4); the factions they bar leave the draft (A.6.5,
  ``Hire.barred`` read by core/advanced.py).
- E.1: a score marker entering a hiring marker's space takes it (``Game.score``); at the
  end of its turn the player removes a control marker from each card it controls and
  gives away the cards left without one (E.1.3), then hires a card from the supply for
  each marker taken and rolls for control (E.1.1-E.1.2).
- E.2: the controller's when-hired (E.2.1), start-of-Birdsong (E.2.3) and
  once-per-Daylight (E.2.4) actions are steps and options beside the faction's own
  (``birdsong_steps``, ``daylight_options`` read by core/turn.py and core/effects.py);
  abilities (E.2.2) are the cards' hooks (core/hired.py: HirelingDef).
- E.3: a hireling moves and battles with its own pieces only (E.3.4: ``move_options``,
  ``battle_options``), along paths and by the Ferry, never with its controller's
  abilities or cards (E.3.5); its controller decides, and is the "player moving" and
  "player removing" (E.3.7).

Bots (Rootbotics says nothing of hirelings, rulings.md): a bot gains, controls and
passes hirelings by the Law; where a hireling's step asks a bot to choose, it takes the
first option in the step's order (clearings by number, Rootbotics 2.1), and it never
takes an optional hireling action.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from rootlaw.core.battle import start_battle
from rootlaw.core.cardstate import CardState
from rootlaw.core.hired import (
    ALL_PIPS,
    CARD_IDS,
    CONTROL_MARKERS,
    GOLD_PIPS,
    IN_PLAY,
    MARKERS,
    RELATED,
    SUPPLY,
    Hire,
    HirelingDef,
    battle_allowed,
    daylight_key,
    piece_count,
)
from rootlaw.core.maps import FERRY_USED, ferry_destinations, take_ferry
from rootlaw.core.move import do_move
from rootlaw.core.options import Option, text_form
from rootlaw.core.state import FOREST
from rootlaw.core.steps import Handler, Step, register_steps

if TYPE_CHECKING:
    from rootlaw.core.game import Game

text_form("setup_hireling", "set up {n1}")
text_form("take_hireling", "hire {n1} from the supply")
text_form("give_hireling", "give {n1} to {n2}")
text_form("give_first", "give hirelings away first, then hire")
text_form("hire_first", "hire first, then give hirelings away")
text_form("hireling_first", "{n1}'s Birdsong action first")
text_form("hireling", "{n1}: {n2@1}")  # the action in its card's words
text_form("hmove", "{n1}: move {2} -> {3}")
text_form("hferry", "{n1}: move {2} -> {3} by the Ferry")
text_form("hbattle", "{n1}: battle in {2} against {n3}")
text_form("hplace", "{n1}: place in {2}")
text_form("skip", "skip")
text_form("done", "done")
text_form("warriors", "{1} warrior(s)")

# verbs of the options hirelings add to Daylight action menus (core/effects.py)
DAYLIGHT_VERBS: Final = frozenset({"hireling", "smuggle"})
# A.6.2: how many hirelings are flipped to their demoted side, by players (5+: all)
DEMOTED_BY_PLAYERS: Final[dict[int, int]] = {2: 0, 3: 1, 4: 2}


# ------------------------------------------------------------------ install
def install(g: Game, ids: tuple[str, ...], demoted: tuple[bool, ...]) -> Hire:
    """A.6.1: the dealt cards' pieces join the game as three more owners after the seats
    (a warriors row, a pawn place and a Coffin Makers count each), in the supply."""
    n = len(g.factions)
    hire = Hire(ids, demoted, n)
    nc = len(g.board.slots)
    for _ in ids:
        g.warriors.append([0] * nc)
        g.pawn.append(0)
    cards = g.cards
    g.cards = CardState(cards.coffins + (0,) * len(ids), cards.coffin_seat,
                        cards.exhausted + ((),) * len(ids))
    g.hire = hire
    g.pieces_changed()
    return hire


def hire_of(g: Game) -> Hire:
    h = g.hire
    if h is None:
        raise RuntimeError("no hirelings in this game")
    return h


def owner(g: Game, k: int) -> int:
    """The owner index of the k-th hireling."""
    return len(g.factions) + k


def card_of(g: Game, h: int) -> str:
    return hire_of(g).ids[h - len(g.factions)]


def def_of(g: Game, h: int) -> HirelingDef:
    return hire_of(g).defs[h - len(g.factions)]


def controller(g: Game, h: int) -> int:
    return hire_of(g).controller[h - len(g.factions)]


def hireling_by_card(g: Game, card: str) -> int:
    """The owner index of a card in play (KeyError if it is not dealt)."""
    hire = hire_of(g)
    if card not in hire.ids:
        raise KeyError(card)
    return len(g.factions) + hire.ids.index(card)


# -------------------------------------------------------------- A.6 the deal
def demotions(players: int) -> int:
    """A.6.2: one hireling demoted at three players, two at four, all at five or more."""
    return DEMOTED_BY_PLAYERS.get(players, IN_PLAY)


def draft_short(barred: tuple[str, ...], taken: list[str], players: int,
                undrafted: int, insurgents_at_two: bool) -> bool:
    """A.8.1: whether too few setup cards (or no militant one) would remain for the
    players who draft once ``barred`` leave the draft (A.6.5)."""
    from rootlaw.core.appendix_a import draft_pool_size, open_cards

    if not undrafted:
        return False
    militant, insurgent = open_cards(taken, players, insurgents_at_two, barred)
    return not militant or len(militant) + len(insurgent) < draft_pool_size(undrafted)


def seated_components(g: Game) -> list[str]:
    """Factions whose components are in use (a bot uses its Law faction's)."""
    from rootlaw.core.appendix_a import seated_factions

    return seated_factions(g)


def deal_order(g: Game, shuffled: list[str]) -> list[str]:
    """A.6.1 Deal three from the shuffled cards, setting aside any that bars a faction
    already seated or that would leave the draft without enough setup cards (A.6.5 with
    A.8.1; the Law has no fallback, rulings.md)."""
    from rootlaw.core.faction_api import is_seat_name

    taken = seated_components(g)
    undrafted = sum(1 for f in g.factions if is_seat_name(f))
    at_two = bool(g.setup.get("insurgents_at_two"))
    base = tuple(str(f) for f in g.setup.get("barred", ()))
    out: list[str] = []
    for card in shuffled:
        if len(out) == IN_PLAY:
            break
        barred = RELATED[card]
        if any(f in taken for f in barred):
            continue
        already: tuple[str, ...] = base
        for c in out:
            already = already + RELATED[c]
        if draft_short(already + barred, taken, len(g.factions), undrafted, at_two):
            continue
        out.append(card)
    if len(out) < IN_PLAY:
        raise ValueError("A.6.1: fewer than three hirelings fit these factions")
    return out


class Deal(Handler):
    """A.6.1-A.6.2, A.6.4: deal three hirelings (or the named ones), demote by the
    player count, collect their pieces into a supply, put the hiring markers on 4, 8
    and 12; then A.6.3 their setup, from the last player counterclockwise."""

    name = "hire.deal"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        from rootlaw.core.appendix_a import adv_of, reverse_order

        chosen = g.setup.get("hirelings")
        if isinstance(chosen, list):
            ids = [str(x) for x in chosen]
        else:
            ids = deal_order(g, g.shuffle("hirelings", list(CARD_IDS)))
        k = demotions(len(g.factions))
        flipped = g.shuffle("demoted_hirelings", ids[:])[:k] if k < IN_PLAY else ids
        demoted = tuple(c in flipped for c in ids)
        install(g, tuple(ids), demoted)
        g.note("hirelings", list(ids), list(demoted))
        order = reverse_order(g, adv_of(g).first)
        g.push(("hire.setup", order[0], ()))


class SetUp(Handler):
    """A.6.3: starting with the last player in turn order and going counterclockwise,
    each player sets up one dealt hireling of their choice as its card says (some have
    no setup). Args: (seat, cards set up so far)."""

    name = "hire.setup"
    kind = "hireling_setup"
    rule = "A.6.3"
    prompt = "Choose a hireling to set up"

    def options(self, g: Game, st: Step) -> list[Option]:
        done: tuple[str, ...] = st[2]
        out: list[Option] = [("setup_hireling", c) for c in hire_of(g).ids if c not in done]
        return out[:1] if g.fdefs[st[1]].is_bot else out

    def apply(self, g: Game, st: Step, o: Option) -> None:
        from rootlaw.core.appendix_a import adv_of, reverse_order

        s: int = st[1]
        card: str = o[1]
        done: tuple[str, ...] = st[2] + (card,)
        if len(done) < IN_PLAY:
            order = reverse_order(g, adv_of(g).first)
            g.push(("hire.setup", order[len(done) % len(order)], done))
        h = hireling_by_card(g, card)
        g.note("hireling_set_up", g.factions[s], card)
        g.push_all(list(def_of(g, h).hire_setup(g, h, s)))


def hireling_steps(g: Game) -> list[Step]:
    """A.6 Step 6: the hirelings chosen for the game (``setup["hirelings"]``)."""
    if g.setup.get("hirelings") is None:
        return []
    return [("hire.deal", 0)]


# ---------------------------------------------------------- E.1 control
def roll_for_control(g: Game, s: int, k: int) -> None:
    """E.1.2: roll the control die; a player with the most victory points, or tied for
    the most, counts only the gold pips; anyone else (a player who activated a
    dominance card too) all of them. That many control markers go on the card. The
    most is the score track's: a dominance card's player has no marker there (3.3.1,
    9.2.8; rulings.md)."""
    hire = hire_of(g)
    face = g.random_index("control_die", len(GOLD_PIPS))
    lead = g.dominance[s] is None and g.vp[s] >= top_score(g)
    n = GOLD_PIPS[face] if lead else ALL_PIPS[face]
    hire.control[k] = n
    g.note("control", g.factions[s], hire.ids[k], n, "gold" if lead else "all")


def top_score(g: Game) -> int:
    """The highest score on the score track: of the players whose score marker is on it
    (3.3.1: "Remove your score marker from the score track")."""
    best = 0
    for o, v in enumerate(g.vp):
        if g.dominance[o] is None and v > best:
            best = v
    return best


def gain(g: Game, s: int, k: int) -> None:
    """s takes control of card k (E.1.1 or E.1.3): roll for control, then the
    when-hired action it must take (E.2.1)."""
    hire = hire_of(g)
    hire.controller[k] = s
    g.pieces_changed()  # E.3.1: its pieces now count toward s's rule
    roll_for_control(g, s, k)
    hd = hire.defs[k]
    if hd.has_when_hired:
        g.push_all(list(hd.when_hired(g, owner(g, k), s)))


class EndOfTurn(Handler):
    """The end of a player's turn: the Mole Artisans' cards come back (end of Evening);
    E.1.3 one control marker off each card it controls (held before this turn's hires,
    rulings.md), the cards left without any given away; E.1.1 a card hired from the
    supply for each hiring marker it took. Giving and hiring both come "at the end of
    their turn": with both to do, the player orders them (1.1.3, ``hire.end_order``)."""

    name = "hire.end_turn"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        s: int = st[1]
        hire = hire_of(g)
        n = len(g.factions)
        for k in range(len(hire.ids)):
            hire.defs[k].turn_ended(g, n + k, s)
        gives: list[str] = []
        for k in hire.controlled_by(s):
            if hire.control[k] > 0:
                hire.control[k] = hire.control[k] - 1
            if hire.control[k] == 0:
                gives.append(hire.ids[k])
        takes = hire.pending[s]
        if gives and takes and not g.fdefs[s].is_bot:
            g.push(("hire.end_order", s, tuple(gives), takes))
        elif gives or takes:
            g.push_all(end_steps(s, gives, takes, True))


def end_steps(s: int, gives: list[str] | tuple[str, ...], takes: int,
              give_first: bool) -> list[Step]:
    """E.1.3's gifts and E.1.1's hires, in the order they run."""
    given: list[Step] = [("hire.give", s, card) for card in gives]
    hired: list[Step] = [("hire.take", s)] * takes
    return given + hired if give_first else hired + given


class EndOrder(Handler):
    """1.1.3 with E.1.1 and E.1.3: the player taking the turn orders the end of its turn's
    simultaneous things: the gifts of its cards left without control markers, and its
    hires from the supply (a bot: gifts first). Args: (seat, cards to give, hires)."""

    name = "hire.end_order"
    kind = "order"
    rule = "1.1.3"
    prompt = "The end of your turn: give hirelings away first, or hire first?"

    def options(self, g: Game, st: Step) -> list[Option]:
        return [("give_first",), ("hire_first",)]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        g.push_all(end_steps(st[1], st[2], st[3], o[0] == "give_first"))


class Give(Handler):
    """E.1.3: give a card left without control markers, with a hiring marker, to any
    other player (even the one with the highest score), who puts the marker below its
    Evening and rolls for control at once. Args: (seat, card)."""

    name = "hire.give"
    kind = "give_hireling"
    rule = "E.1.3"
    prompt = "Give the hireling to another player"

    def options(self, g: Game, st: Step) -> list[Option]:
        s: int = st[1]
        n = len(g.factions)
        out: list[Option] = [("give_hireling", st[2], g.factions[(s + i) % n])
                             for i in range(1, n)]
        return out[:1] if g.fdefs[s].is_bot else out  # a bot: the next player clockwise

    def apply(self, g: Game, st: Step, o: Option) -> None:
        s: int = st[1]
        hire = hire_of(g)
        k = hire.index(o[1])
        t = g.seat_of(o[2])
        if hire.held[s] > 0:
            hire.held[s] = hire.held[s] - 1
            hire.held[t] = hire.held[t] + 1
        hire.controller[k] = SUPPLY
        g.note("hireling_given", g.factions[s], o[1], g.factions[t])
        gain(g, t, k)


class Take(Handler):
    """E.1.1: at the end of its turn, a player who took a hiring marker takes any
    hireling card from the supply, rolls for control (E.1.2) and flips the marker
    (with no card left in the supply, the marker is flipped and nothing hired).
    Args: (seat,)."""

    name = "hire.take"
    kind = "take_hireling"
    rule = "E.1.1"
    prompt = "Hire a hireling from the supply"

    def options(self, g: Game, st: Step) -> list[Option]:
        hire = hire_of(g)
        out: list[Option] = [("take_hireling", hire.ids[k]) for k in hire.in_supply()]
        if not out:
            return [("done",)]
        return out[:1] if g.fdefs[st[1]].is_bot else out

    def apply(self, g: Game, st: Step, o: Option) -> None:
        s: int = st[1]
        hire = hire_of(g)
        if hire.pending[s] > 0:
            hire.pending[s] = hire.pending[s] - 1
            hire.held[s] = hire.held[s] + 1
        if o[0] == "done":
            g.note("hiring_marker_flipped", g.factions[s])
            return
        g.note("hired", g.factions[s], o[1])
        gain(g, s, hire.index(o[1]))


# ------------------------------------------------------------- E.2 actions
def birdsong_steps(g: Game, s: int) -> list[Step]:
    """E.2.3: at the start of s's Birdsong, the actions of the hirelings it controls
    (in an order of its choice when there are several, 1.1.3)."""
    hire = hire_of(g)
    cards = tuple(hire.ids[k] for k in hire.controlled_by(s) if hire.defs[k].has_birdsong)
    if not cards:
        return []
    return [("hire.birdsong", s, cards)]


class BirdsongOrder(Handler):
    """E.2.3 with 1.1.3: the controller chooses the order of its hirelings' Birdsong
    actions. Args: (seat, cards still to act)."""

    name = "hire.birdsong"
    kind = "hireling_order"
    rule = "E.2.3"
    prompt = "Which hireling's Birdsong action comes first?"

    def options(self, g: Game, st: Step) -> list[Option]:
        out: list[Option] = [("hireling_first", c) for c in st[2]]
        return out[:1] if g.fdefs[st[1]].is_bot else out

    def apply(self, g: Game, st: Step, o: Option) -> None:
        s: int = st[1]
        card: str = o[1]
        rest = tuple(c for c in st[2] if c != card)
        if rest:
            g.push(("hire.birdsong", s, rest))
        h = hireling_by_card(g, card)
        if controller(g, h) == s:  # still its own (an earlier action cannot pass it on)
            g.push_all(list(def_of(g, h).birdsong(g, h, s)))


def daylight_options(g: Game, s: int) -> list[Option]:
    """E.2.4: the once-per-Daylight actions of the hirelings s controls, not yet taken
    this Daylight; and what a card lets its controller do at any action menu (Rat
    Smugglers). A bot never takes them (rulings.md): bots have no Daylight menus."""
    hire = hire_of(g)
    out: list[Option] = []
    n = len(g.factions)
    for k in range(len(hire.ids)):
        if hire.controller[k] != s:
            continue
        hd = hire.defs[k]
        if not hd.has_daylight:
            continue
        h = n + k
        card = hire.ids[k]
        mark = hd.daylight_mark  # the card's one action: once taken, not worked out again
        if not mark or mark not in g.once:
            for action in hd.daylight_actions(g, h, s):
                if mark or daylight_key(card, hd.daylight_once(action)) not in g.once:
                    out.append(("hireling", card, action))
        out += hd.extra_daylight_options(g, h, s)
    return out


def apply_daylight(g: Game, s: int, o: Option) -> None:
    """Take an option of ``daylight_options``."""
    hire = hire_of(g)
    n = len(g.factions)
    if o[0] == "hireling":
        card: str = o[1]
        action: str = o[2]
        h = hireling_by_card(g, card)
        g.once = g.once | {daylight_key(card, def_of(g, h).daylight_once(action))}
        g.note("hireling_action", g.factions[s], card, action)
        g.push_all(list(def_of(g, h).daylight(g, h, s, action)))
        return
    for k in range(len(hire.ids)):
        if hire.controller[k] == s and o in hire.defs[k].extra_daylight_options(g, n + k, s):
            hire.defs[k].apply_extra(g, n + k, s, o)
            return
    raise ValueError(o)


def anytime_options(g: Game, s: int) -> list[Option]:
    """Hireling abilities any player may use anytime on its own turn (the Exile)."""
    hire = hire_of(g)
    out: list[Option] = []
    n = len(g.factions)
    for k in range(len(hire.ids)):
        hd = hire.defs[k]
        if hd.offers_anytime:
            out += hd.anytime_options(g, n + k, s)
    return out


def apply_anytime(g: Game, s: int, o: Option) -> bool:
    """Take an option of ``anytime_options``; False if it is none of theirs."""
    hire = hire_of(g)
    n = len(g.factions)
    for k in range(len(hire.ids)):
        hd = hire.defs[k]
        if hd.offers_anytime and o in hd.anytime_options(g, n + k, s):
            hd.apply_anytime(g, n + k, s, o)
            return True
    return False


# -------------------------------------------------- the cards' shared procedures
def bot_choice(g: Game, s: int, opts: list[Option]) -> list[Option]:
    """A bot asked by a hireling's step (rulings.md): no optional action ("skip"), else
    the first option (clearings in number order, Rootbotics 2.1)."""
    if len(opts) <= 1 or not g.fdefs[s].is_bot:
        return opts
    for o in opts:
        if o[0] == "skip":
            return [o]
    return opts[:1]


def placeable(g: Game, h: int, c: int) -> bool:
    """Whether a hireling piece may be placed in c now (placement limits: the Keep,
    a snare, the Furious Protector)."""
    return 0 < c <= len(g.board.clearings) and g.may_place(h, c)


def supply_of(g: Game, h: int, kind: str) -> int:
    """The hireling's pieces of ``kind`` in its supply: warriors, or a building or token
    kind (the card's count less those on the map)."""
    if kind == "warrior":
        return g.warrior_supply(h)
    if kind == "pawn":
        return 0 if g.pawn[h] else piece_count(card_of(g, h), "pawn")
    hd = def_of(g, h)
    if kind == hd.building_kind:
        return piece_count(card_of(g, h), "building") - g.count_building(h, kind)
    if kind == hd.token_kind:
        return piece_count(card_of(g, h), "token") - g.count_token(h, kind)
    return 0


def on_map(g: Game, h: int) -> bool:
    """Whether any of the hireling's pieces is on the map (warriors, buildings,
    tokens, a pawn in a clearing or a forest, pieces on paths)."""
    if sum(g.warriors[h]) or g.pawn[h]:
        return True
    hd = def_of(g, h)
    if hd.building_kind and g.count_building(h, hd.building_kind):
        return True
    if hd.token_kind and g.count_token(h, hd.token_kind):
        return True
    return bool(hire_of(g).paths[h - len(g.factions)])


def controller_pieces_at(g: Game, h: int, c: int) -> bool:
    """Whether the hireling's controller has faction pieces in c (E.3.3: not its
    hirelings' pieces)."""
    s = controller(g, h)
    return s >= 0 and g.has_any_piece(s, c)


# -- moving (4.2 with E.3.1, E.3.4, E.3.5)
def move_pairs(g: Game, h: int, origins: tuple[int, ...] = ()) -> list[tuple[int, int]]:
    """(origin, destination) of a move of the hireling's warriors: along open paths
    (no rivers: its controller's abilities and cards are not its own, E.3.5), the
    controller ruling either end with the hireling's pieces counted (4.2.1, E.3.1)."""
    s = controller(g, h)
    w = g.warriors[h]
    last = len(g.board.clearings)
    limited = g.movement_limited()
    out: list[tuple[int, int]] = []
    for a in (origins or g.clearings()):
        if not w[a]:
            continue
        ruled = g.rules(s, a)
        for b in g.adj[a]:
            if b > last:
                continue  # 12.2.2: not into the Burrow
            if (ruled or g.rules(s, b)) and (not limited or g.may_move(h, a, b)):
                out.append((a, b))
    return out


def ferry_pairs(g: Game, h: int, origins: tuple[int, ...] = ()) -> list[tuple[int, int]]:
    """C.2.5: moves of the hireling's warriors by the Ferry (E.3.7: its controller then
    draws), following the normal move rules."""
    a = g.ferry
    if not a or FERRY_USED in g.once or not g.warriors[h][a]:
        return []
    if origins and a not in origins:
        return []
    s = controller(g, h)
    out: list[tuple[int, int]] = []
    for b in ferry_destinations(g, a):
        if (g.rules(s, a) or g.rules(s, b)) and g.may_move(h, a, b):
            out.append((a, b))
    return out


def move_options(g: Game, h: int, origins: tuple[int, ...] = ()) -> list[Option]:
    card = card_of(g, h)
    out: list[Option] = [("hmove", card, a, b) for a, b in move_pairs(g, h, origins)]
    if g.ferry:
        out += [("hferry", card, a, b) for a, b in ferry_pairs(g, h, origins)]
    return out


def move_count_step(s: int, h: int, o: Option, at_least: int = 1) -> Step:
    """The step that takes move option ``o`` (how many warriors; ``at_least`` of them)."""
    return ("hire.move_count", s, h, o[2], o[3], 1 if o[0] == "hferry" else 0, at_least)


class MoveCount(Handler):
    """4.2 for a hireling (E.3.4: its own warriors only): how many move; its
    controller is the player moving (E.3.7: Outrage; the Ferry's draw).
    Args: (seat, hireling, from, to, by the Ferry, at least)."""

    name = "hire.move_count"
    kind = "move_count"
    rule = "4.2"
    prompt = "How many hireling warriors move?"

    def options(self, g: Game, st: Step) -> list[Option]:
        h: int = st[2]
        n = g.warriors[h][st[3]]
        lo: int = min(st[6], n)
        out: list[Option] = [("warriors", k) for k in range(max(1, lo), n + 1)]
        return bot_choice(g, st[1], out[::-1]) if g.fdefs[st[1]].is_bot else out

    def apply(self, g: Game, st: Step, o: Option) -> None:
        hire_move(g, st[1], st[2], st[3], st[4], o[1], bool(st[5]))


def hire_move(g: Game, s: int, h: int, a: int, b: int, n: int, ferry: bool) -> None:
    """n of the hireling's warriors from a to b, its controller s the player moving."""
    do_move(g, h, a, b, n, s)
    g.note("hireling_moved", card_of(g, h), a, b, n)
    if ferry:
        take_ferry(g, s, a, b)  # E.3.7: the controller draws


class Move(Handler):
    """A hireling's move (E.2.4 actions), by a path or by the Ferry (C.2.5 with E.3.7):
    choose it, or skip where the card says "may". Args: (seat, hireling, optional,
    battle afterwards: 0 no, 1 may, 2 in the destination if able[, 1: all its warriors
    there move together, the Last Dynasty's case 2])."""

    name = "hire.move"
    kind = "hireling_move"
    rule = "E.3.4"
    prompt = "Move the hireling's warriors"

    def options(self, g: Game, st: Step) -> list[Option]:
        out = move_options(g, st[2])
        if st[3] or not out:
            out.append(("skip",))
        return bot_choice(g, st[1], out)

    def apply(self, g: Game, st: Step, o: Option) -> None:
        s: int = st[1]
        h: int = st[2]
        then: int = st[4]
        if o[0] == "skip":
            if then == 1:
                g.push(("hire.battle", s, h, 1, ()))
            return
        if then == 1:
            g.push(("hire.battle", s, h, 1, ()))
        elif then == 2:  # "if able": a battle it must take when it can
            g.push(("hire.battle", s, h, 0, (o[3],)))
        if len(st) > 5 and st[5]:  # all of them: no count to choose
            hire_move(g, s, h, o[2], o[3], g.warriors[h][o[2]], o[0] == "hferry")
            return
        g.push(move_count_step(s, h, o))


# -- battle (4.3 with E.3.4-E.3.6)
def battle_targets(g: Game, h: int, clearings: tuple[int, ...] = ()) -> list[tuple[int, int]]:
    """(clearing, defender): the hireling has warriors or its pawn there; the defender,
    an enemy of the hireling (its controller's enemy players and enemy hirelings,
    E.3.2), any piece there that may be battled."""
    out: list[tuple[int, int]] = []
    foes = g.enemy_owners(h)
    for c in (clearings or g.clearings()):
        if not def_of(g, h).fights_in(g, h, c):
            continue
        for o in foes:
            if g.has_any_piece(o, c) and battle_allowed(g, h, o, c):
                out.append((c, o))
    return out


def battle_options(g: Game, h: int, clearings: tuple[int, ...] = ()) -> list[Option]:
    card = card_of(g, h)
    return [("hbattle", card, c, g.owner_name(o)) for c, o in battle_targets(g, h, clearings)]


class Battle(Handler):
    """A hireling's battle (E.2.4 actions): choose where and against whom (its
    controller decides, and cannot ambush, E.3.5), or skip where the card says "may".
    Args: (seat, hireling, optional, clearings (all if empty))."""

    name = "hire.battle"
    kind = "hireling_battle"
    rule = "E.3.4"
    prompt = "Battle with the hireling"

    def options(self, g: Game, st: Step) -> list[Option]:
        out = battle_options(g, st[2], st[4])
        if st[3] or not out:
            out.append(("skip",))
        return bot_choice(g, st[1], out)

    def apply(self, g: Game, st: Step, o: Option) -> None:
        if o[0] == "skip":
            return
        start_battle(g, st[2], o[2], g.seat_of(o[3]))


class BattleEach(Handler):
    """Battle in each of the given clearings in turn, against a defender of the
    controller's choice in each (the Corvid Spies, the Vault Keepers). Args: (seat,
    hireling, clearings left)."""

    name = "hire.battle_each"
    kind = "hireling_battle"
    rule = "E.2.4"
    prompt = "Battle in the next clearing: choose the defender"

    def options(self, g: Game, st: Step) -> list[Option]:
        h: int = st[2]
        left: tuple[int, ...] = st[3]
        for i in range(len(left)):
            out = battle_options(g, h, (left[i],))
            if out:
                return bot_choice(g, st[1], out)
        return [("done",)]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        if o[0] == "done":
            return
        h: int = st[2]
        c: int = o[2]
        left: tuple[int, ...] = st[3]
        rest = tuple(x for x in left if x != c)
        if rest:
            g.push(("hire.battle_each", st[1], h, rest))
        start_battle(g, h, c, g.seat_of(o[3]))


# -- placing
class Place(Handler):
    """Place one of the hireling's warriors (or its building or token ``kind``) in a
    clearing chosen among those the card allows, repeated. Args: (seat, hireling,
    kind, where: a rule name the card module reads, how many left, optional)."""

    name = "hire.place"
    kind = "hireling_place"
    rule = "E.2"
    prompt = "Place a hireling piece"

    def options(self, g: Game, st: Step) -> list[Option]:
        h: int = st[2]
        kind: str = st[3]
        left: int = st[5]
        if left <= 0 or supply_of(g, h, kind) <= 0:
            return [("done",)]
        card = card_of(g, h)
        out: list[Option] = [("hplace", card, c) for c in place_targets(g, h, st[4], kind)]
        if st[6] or not out:
            out.append(("skip",) if st[6] else ("done",))
        return bot_choice(g, st[1], out)

    def apply(self, g: Game, st: Step, o: Option) -> None:
        if o[0] != "hplace":
            return
        h: int = st[2]
        kind: str = st[3]
        c: int = o[2]
        place_piece(g, h, kind, c)
        g.push(st[:5] + (st[5] - 1, st[6]))


def place_piece(g: Game, h: int, kind: str, c: int) -> None:
    """Put one of the hireling's pieces from its supply in c (G.1.19)."""
    if kind == "warrior":
        g.place_warriors(h, c, 1)
    elif kind == "pawn":
        g.pawn[h] = c
        g.pieces_changed()
    elif kind == def_of(g, h).building_kind:
        g.place_building(h, kind, c)
    else:
        g.place_token(h, kind, c)
    g.note("hireling_placed", card_of(g, h), kind, c)


def place_targets(g: Game, h: int, where: str, kind: str) -> list[int]:
    """The clearings a card's ``where`` rule allows for a piece of ``kind``."""
    out: list[int] = []
    hd = def_of(g, h)
    for c in g.clearings():
        if not placeable(g, h, c):
            continue
        if kind == hd.building_kind and g.open_slots(c) <= 0:
            continue
        if hd.place_allowed(g, h, where, c):
            out.append(c)
    return out


# ------------------------------------------------------------ consistency
def check_hirelings(g: Game) -> str:
    """What makes the game's hireling state impossible (Game.from_json's LoadError
    names it), or "": the cards against the seated factions (A.6.5), controllers,
    control markers (E.1.2; 12 at most, B.4.2), hiring markers (three, A.6.4), the
    pieces each card has (B.4.3, B.10.2-3)."""
    hire = g.hire
    if hire is None:
        return ""
    n = len(g.factions)
    seated = seated_components(g)
    for k, card in enumerate(hire.ids):
        for f in RELATED[card]:
            if f in seated:
                return f"A.6.5: {f} cannot be played while the {card} hireling is in play"
        ctl = hire.controller[k]
        if not SUPPLY <= ctl < n:
            return f"{card}: controller {ctl} is no player (E.1)"
        markers = hire.control[k]
        if not 0 <= markers <= max(ALL_PIPS) or ctl == SUPPLY and markers:
            return f"{card}: {markers} control markers (E.1.2: a die roll; none in the supply)"
        h = n + k
        w = g.warriors[h]
        total = piece_count(card, "warrior")
        if min(w) < 0 or hire.on_card[k] < 0 or g.warrior_supply(h) < 0:
            return f"{card}: more than its {total} warriors (B.4.3, B.10.3)"
        hd = hire.defs[k]
        for kind, count in ((hd.building_kind, piece_count(card, "building")),
                            (hd.token_kind, piece_count(card, "token"))):
            if kind and g.count_building(h, kind) > count:
                return f"{card}: more than {count} {kind} on the map (B.10.2)"
        for c in g.all_clearings():
            for p in g.buildings[c] + g.tokens[c]:
                if p[0] == h and p[1] not in (hd.building_kind, hd.token_kind):
                    return f"{card}: no piece {p[1]!r} on this card"
        pawn = g.pawn[h]
        if pawn and (not piece_count(card, "pawn") or not (
                0 < pawn <= len(g.board.clearings) or pawn >= FOREST)):
            return f"{card}: a pawn it does not have, or off the map"
        problem = hd.check(g, h)
        if problem:
            return problem
    if sum(hire.control) > CONTROL_MARKERS:
        return f"more than {CONTROL_MARKERS} control markers on the cards (B.4.2)"
    markers = len(hire.track) + sum(hire.held) + sum(hire.pending)
    if markers != len(MARKERS) or any(m not in MARKERS for m in hire.track):
        return f"{markers} hiring markers: there are three, 4, 8 and 12 (A.6.4)"
    if min(hire.held) < 0 or min(hire.pending) < 0:
        return "a negative count of hiring markers (E.1.1)"
    return ""


def describe(g: Game) -> list[dict[str, Any]]:
    """The hirelings as every seat sees them (all public: the cards face up, control
    markers, who holds them, their pieces): for views."""
    hire = g.hire
    if hire is None:
        return []
    n = len(g.factions)
    out: list[dict[str, Any]] = []
    for k, card in enumerate(hire.ids):
        h = n + k
        hd = hire.defs[k]
        ctl = hire.controller[k]
        out.append({
            "id": card, "name": hd.name, "side": "demoted" if hd.demoted else "promoted",
            "controller": g.factions[ctl] if ctl >= 0 else None,
            "control_markers": hire.control[k],
            "warriors_in_supply": g.warrior_supply(h),
            "warriors_on_card": hire.on_card[k],
            "pawn": g.pawn[h] or None,
            "items": list(hire.items[k]), "items_exhausted": hire.exhausted[k],
            "paths": [list(p) for p in hire.paths[k]],
            **hd.hireling_view(g, h),
        })
    return out


register_steps(Deal(), SetUp(), EndOfTurn(), EndOrder(), Give(), Take(), BirdsongOrder(),
               MoveCount(), Move(), Battle(), BattleEach(), Place())


# ------------------------------------------------------------- new_game's check
def check_chosen(hirelings: Any, seats: list[str], insurgents_at_two: bool) -> Any:
    """The ``hirelings`` asked of ``new_game`` (A.6: exactly three, dealt at random, or
    three card ids), checked against the seated factions (A.6.5) and the draft (A.8.1);
    ValueError names the rule."""
    from rootlaw.core.faction_api import FACTIONS, is_seat_name

    taken = [FACTIONS[f].replaces or f for f in seats if not is_seat_name(f)]
    undrafted = sum(1 for f in seats if is_seat_name(f))
    if isinstance(hirelings, bool) or not isinstance(hirelings, int | list | tuple):
        raise ValueError(f"hirelings is 3 (dealt at random) or a list of three hireling "
                         f"ids (A.6), not {hirelings!r}")
    if isinstance(hirelings, int):
        if hirelings != IN_PLAY:
            raise ValueError(f"A.6: a game uses exactly three hirelings, not {hirelings}")
        return IN_PLAY
    ids = [str(x) for x in hirelings]
    for card in ids:
        if card not in RELATED:
            raise ValueError(f"A.6.1: no hireling card {card!r} (known: "
                             f"{', '.join(CARD_IDS)})")
    if len(ids) != IN_PLAY or len(set(ids)) != IN_PLAY:
        raise ValueError(f"A.6: a game uses exactly three different hirelings, not {ids}")
    barred: tuple[str, ...] = ()
    for card in ids:
        for f in RELATED[card]:
            if f in taken:
                raise ValueError(f"A.6.5: {f} cannot be played while the {card} hireling "
                                 f"is in play")
        barred = barred + RELATED[card]
    if draft_short(barred, taken, len(seats), undrafted, insurgents_at_two):
        raise ValueError(f"A.8.1: once {', '.join(sorted(set(barred)))} leave the draft "
                         f"(A.6.5), too few setup cards remain for {undrafted} players")
    return ids


def forced_movable(g: Game, p: int, a: int) -> int:
    """How many of player p's warriors in a another player's effect may force to move
    (1.5.5): its movable warriors, never one moved only by its own rule (14.2.2 the
    warlord, moved by a lead of the Hundreds' own choice)."""
    n = g.movable_warriors(p, a)
    fd = g.fdefs[p]
    if n and fd.protects_warriors:
        n = min(n, g.warriors[p][a] - fd.protected_warriors(g, p, a))
    return max(0, n)
