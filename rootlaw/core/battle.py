"""4.3 Battle: ambush and foil, dice, effects, hits.

A battle in progress lives in ``g.battle`` (one at a time: no effect lets a battle
start inside another). Each step below is one stage of 4.3.1-4.3.4.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any, Final

from rootlaw.core.faction_api import NO_STEPS
from rootlaw.core.hired import (
    HIGHER_ROLL,
    battle_allowed,
    controller_before_roll,
    controller_extra_hits,
    controller_ignores_first_hit,
    fights_in,
)
from rootlaw.core.move import (
    catches_warriors,
    removal_event,
    remove_warriors,
    trigger_removal_events,
    trigger_removals,
)
from rootlaw.core.options import Option, distinct, listed, name_form, text_form
from rootlaw.core.steps import Handler, Step, register_steps

if TYPE_CHECKING:
    from rootlaw.core.game import Game

text_form("battle", "battle in {1} against {n2}")
text_form("ambush", "ambush with {c1}")
text_form("no_ambush", "no ambush")
text_form("foil", "foil the ambush with {c1}")
text_form("no_foil", "do not foil")
text_form("effect", "use {c1}")
text_form("first", "{1} uses battle effects first")
text_form("hit", "remove {n2} ({1})")

AMBUSH_OF: Final = {"fox": "ambush_fox", "rabbit": "ambush_rabbit", "mouse": "ambush_mouse"}


class BattleCards:
    """Battle effects (4.3.3) of persistent cards of a deck other than the standard one,
    which the standard deck's (Armorers, Sappers, Brutal Tactics) are listed beside:
    the deck's module registers one (core/cards_ep.py: the Partisans)."""

    def choices(self, g: Game, s: int, b: Battle) -> Sequence[str]:
        """The cards in s's play area whose battle effect s may use now."""
        return ()

    def use(self, g: Game, s: int, b: Battle, card: str) -> bool:
        """Use ``card``'s effect; False if it is not one of these cards."""
        return False


BATTLE_CARDS: Final[list[BattleCards]] = []


def register_battle_cards(cards: BattleCards) -> None:
    BATTLE_CARDS.append(cards)


_FIELDS: Final[tuple[str, ...]] = (  # the state of a battle, saved field by field
    "att", "dfd", "c", "ambush", "a_rolled", "d_rolled", "a_extra", "d_extra",
    "a_ignore", "d_ignore", "used", "warriors_lost", "pieces_lost", "removed_any",
    "ally", "max_bonus", "hits_by_ally", "hits_by_items", "ally_lost", "instigator", "lent",
    "lent_lost", "taken", "acting")


class Battle:
    """The state of one battle (4.3)."""

    __slots__ = _FIELDS

    def __init__(self, att: int, dfd: int, c: int) -> None:
        self.att = att
        self.dfd = dfd
        self.c = c
        self.ambush: str | None = None
        self.a_rolled = 0
        self.d_rolled = 0
        self.a_extra = 0
        self.d_extra = 0
        self.a_ignore = False  # attacker ignores rolled hits it takes (Armorers)
        self.d_ignore = False
        self.used: tuple[str, ...] = ()  # "seat:card" effects used
        self.warriors_lost = [0, 0]  # [attacker, defender] since the last settle
        self.pieces_lost: list[list[str]] = [[], []]  # kinds lost by [attacker, defender]
        self.removed_any = [False, False]  # ever removed an enemy building/token this battle
        self.ally = -1  # 9.2.9.IIc: seat whose warriors the attacking Vagabond treats as his
        self.max_bonus = [0, 0]  # added to [attacker, defender] maximum rolled hits (D.5.2)
        self.hits_by_ally = 0  # 9.2.9.IId: hits the Vagabond took by removing allied warriors
        self.hits_by_items = 0  # ... and by damaging items
        self.ally_lost = 0  # allied warriors removed since the last settle
        self.instigator = -1  # D.4.2: the Vagrant who started this battle between others
        # 11.2.7.III Mercenaries: per side [attacker, defender], the seat whose warriors
        # that side treats as its own (-1: none), how many of them it lost since the last
        # settle, and how many hits the side has taken (odd and even hits, III.a)
        self.lent = [-1, -1]
        self.lent_lost = [0, 0]
        self.taken = [0, 0]
        # per side, the player deciding for it: the seat; a hireling's controller (-1
        # while in the supply), E.3.4
        self.acting = [att, dfd]

    def copy(self) -> Battle:
        b = Battle(self.att, self.dfd, self.c)
        b.ambush = self.ambush
        b.a_rolled = self.a_rolled
        b.d_rolled = self.d_rolled
        b.a_extra = self.a_extra
        b.d_extra = self.d_extra
        b.a_ignore = self.a_ignore
        b.d_ignore = self.d_ignore
        b.used = self.used
        b.warriors_lost = self.warriors_lost[:]
        b.pieces_lost = [self.pieces_lost[0][:], self.pieces_lost[1][:]]
        b.removed_any = self.removed_any[:]
        b.ally = self.ally
        b.max_bonus = self.max_bonus[:]
        b.hits_by_ally = self.hits_by_ally
        b.hits_by_items = self.hits_by_items
        b.ally_lost = self.ally_lost
        b.instigator = self.instigator
        b.lent = self.lent[:]
        b.lent_lost = self.lent_lost[:]
        b.taken = self.taken[:]
        b.acting = self.acting[:]
        return b

    def to_json(self) -> dict[str, Any]:
        return {k: (list(v) if isinstance(v, tuple) else v)
                for k in _FIELDS for v in [getattr(self, k)]}

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Battle:
        b = Battle(int(d["att"]), int(d["dfd"]), int(d["c"]))
        b.ambush = None if d["ambush"] is None else str(d["ambush"])
        b.a_rolled = int(d["a_rolled"])
        b.d_rolled = int(d["d_rolled"])
        b.a_extra = int(d["a_extra"])
        b.d_extra = int(d["d_extra"])
        b.a_ignore = bool(d["a_ignore"])
        b.d_ignore = bool(d["d_ignore"])
        b.used = tuple(str(x) for x in d["used"])
        b.warriors_lost = [int(x) for x in d["warriors_lost"]]
        b.pieces_lost = [[str(x) for x in side] for side in d["pieces_lost"]]
        b.removed_any = [bool(x) for x in d["removed_any"]]
        b.ally = int(d["ally"])
        b.max_bonus = [int(x) for x in d["max_bonus"]]
        b.hits_by_ally = int(d["hits_by_ally"])
        b.hits_by_items = int(d["hits_by_items"])
        b.ally_lost = int(d["ally_lost"])
        b.instigator = int(d["instigator"])
        b.lent = [int(x) for x in d["lent"]]
        b.lent_lost = [int(x) for x in d["lent_lost"]]
        b.taken = [int(x) for x in d["taken"]]
        b.acting = [int(x) for x in d.get("acting", (b.att, b.dfd))]
        return b


# ------------------------------------------------------------------ choosing
def battle_targets(g: Game, s: int,
                   clearings: Iterable[int] | None = None) -> list[tuple[int, int]]:
    """(clearing, defender) pairs: s has warriors there, the defender any piece (4.3);
    mercenaries count as s's warriors against anyone but their owner (11.2.7.III)."""
    out: list[tuple[int, int]] = []
    foes = g.enemy_owners(s)  # G.1.9: enemy hirelings' pieces too (E.3.2)
    limited = g.hire is not None
    lender = g.lender_to(s)
    # a tuple to walk natively (any iterable of clearings may be given)
    for c in (tuple(clearings) if clearings is not None else g.clearings()):
        own = g.can_fight_in(s, c)
        lent = lender >= 0 and g.warriors[lender][c] > 0
        if not own and not lent:
            continue
        for o in foes:
            if ((own or o != lender) and g.has_any_piece(o, c)
                    and (not limited or battle_allowed(g, s, o, c))):
                out.append((c, o))
    return out


def can_battle(g: Game, s: int) -> bool:
    if g.lender_to(s) >= 0 or g.hire is not None:
        return bool(battle_targets(g, s))
    foes = g.enemies(s)
    for c in g.clearings():
        if g.can_fight_in(s, c):
            for o in foes:
                if g.has_any_piece(o, c):
                    return True
    return False


def lent_warriors(g: Game, b: Battle, side: int) -> int:
    """Mercenaries on a side of the battle (11.2.7.III), in its clearing."""
    lender = b.lent[side]
    return g.warriors[lender][b.c] if lender >= 0 else 0


def battle_options(g: Game, s: int, clearings: Any = None) -> list[Option]:
    return [("battle", c, g.owner_name(o)) for c, o in battle_targets(g, s, clearings)]


def start_battle(g: Game, att: int, c: int, dfd: int, ally: int = -1) -> None:
    """Begin a battle; its steps run before anything already scheduled. ``ally``: the
    allied faction whose warriors an attacking Vagabond treats as his own (9.2.9.IIc)."""
    b = g.battle = Battle(att, dfd, c)
    b.ally = ally
    g.note("battle_begins", g.owner_name(att), g.owner_name(dfd), c)  # told when no
    # decision of the attacker's said it (one target, a bot's or a card's battle)
    for side in range(2):  # attacker, defender (a loop over ints: compiled, no tuples)
        s, foe = (att, dfd) if side == 0 else (dfd, att)
        lender = g.lender_to(s)
        if lender >= 0 and lender != foe:  # 11.2.7.III: not against the Riverfolk
            b.lent[side] = lender
    if g.hire is not None and (g.is_hireling(att) or g.is_hireling(dfd)):
        b.acting = [g.player_of(att), g.player_of(dfd)]
        if g.is_hireling(dfd):  # E.3.5: a hireling plays no ambush card
            g.push_all([*g.odef(att).battle_started(g, att, b),
                        *hireling_toll(g, dfd, att, c), ("battle.before_roll", att)])
            return
    g.push_all([*g.odef(att).battle_started(g, att, b), ("battle.ambush", dfd)])


def hireling_toll(g: Game, h: int, att: int, c: int) -> Sequence[Step]:
    """What the attacker does before battling hireling h (the Spring Uprising's card)."""
    hire = g.hire
    if hire is None:
        return NO_STEPS
    return hire.defs[h - len(g.fdefs)].battle_toll(g, h, att, c)


def hits_taken(g: Game, b: Battle, taker: int, n: int) -> int:
    """The hits ``taker`` takes of n: one fewer the first time, if its rules ignore the
    first hit it takes (14.7.7 Stubborn, 15.2.4 Devout Knights; such abilities never
    combine). Called once hits are known: after Armorers and Sappers (4.3.3)."""
    if n <= 0 or taker not in (b.att, b.dfd):
        return n
    mark = f"{taker}:first_hit"
    if mark in b.used:
        return n
    if not g.odef(taker).ignores_first_hit(g, taker, b) and not (
            g.hire is not None and controller_ignores_first_hit(g, taker, b)):
        return n
    b.used = b.used + (mark,)
    g.note("first_hit_ignored", g.owner_name(taker), b.c)
    return n - 1


def _ambush_cards(g: Game, s: int, c: int) -> list[str]:
    """Ambush cards in s's hand matching clearing c (a bird ambush matches any, 2.1.1;
    in the Lost City's clearing one of each suit, Appendix F: attacker and defender may
    play different ones)."""
    out = []
    hand = g.hands[s]
    if listed(hand, "ambush_bird"):
        out.append("ambush_bird")
    for suit in g.suits_at(c):
        own = AMBUSH_OF.get(suit)
        if own and listed(hand, own):
            out.append(own)
    return out


class Ambush(Handler):
    """4.3.1 Step 1: the defender may ambush."""

    name = "battle.ambush"
    kind = "ambush"
    rule = "4.3.1"
    prompt = "Play an ambush card?"

    def options(self, g: Game, st: Step) -> list[Option]:
        b = g.current_battle()
        if b.att < len(g.played) and listed(g.played[b.att], "scouting_party"):
            return [("no_ambush",)]  # the attacker is not affected by ambush cards
        if not g.odef(b.att).can_be_ambushed(g, b.att):  # Rootbotics 2.8.2
            return [("no_ambush",)]
        cards = _ambush_cards(g, b.dfd, b.c)
        return [("ambush", a) for a in cards] + [("no_ambush",)]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        b = g.current_battle()
        if o[0] == "ambush":
            g.hands[b.dfd].remove(o[1])
            b.ambush = o[1]
            if g.is_hireling(b.att):  # E.3.5: no ambush card of its controller foils it
                g.push(hits_step(b, b.att, b.dfd, hits_taken(g, b, b.att, 2)),
                       ("battle.after_ambush", b.att))
            else:
                g.push(("battle.foil", b.att))
        else:
            g.push(("battle.before_roll", b.att))


class Foil(Handler):
    """4.3.1.I Foil Ambush: the attacker may play a matching ambush card."""

    name = "battle.foil"
    kind = "foil"
    rule = "4.3.1.I"
    prompt = "Foil the ambush with an ambush card of your own?"

    def options(self, g: Game, st: Step) -> list[Option]:
        b = g.current_battle()
        return [("foil", a) for a in _ambush_cards(g, b.att, b.c)] + [("no_foil",)]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        b = g.current_battle()
        if o[0] == "foil":
            g.spend(b.att, o[1])
            discard_ambush(g, b)
            g.push(("battle.before_roll", b.att))
        else:  # 4.3.1.II the defender deals two hits immediately
            g.push(hits_step(b, b.att, b.dfd, hits_taken(g, b, b.att, 2)),
                   ("battle.after_ambush", b.att))


def discard_ambush(g: Game, b: Battle) -> None:
    if b.ambush is not None:
        g.discard_card(b.ambush)
        b.ambush = None


class AfterAmbush(Handler):
    """4.3.1.II: discard the ambush; end the battle if no attacking warriors remain."""

    name = "battle.after_ambush"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        b = g.current_battle()
        discard_ambush(g, b)
        g.push(("battle.attackers_left", b.att))
        settle(g, b)  # effects of the removal first (e.g. 6.2.3 back into the keep's clearing)


class AttackersLeft(Handler):
    """4.3.1.II: if no attacking warriors or pawns remain, end the battle immediately."""

    name = "battle.attackers_left"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        b = g.current_battle()
        if (not fights_in(g, b.att, b.c) and not (b.ally >= 0 and g.warriors[b.ally][b.c])
                and not lent_warriors(g, b, 0)):
            g.push(("battle.end", b.att))
        else:
            g.push(("battle.before_roll", b.att))


class BeforeRoll(Handler):
    """Rules that act before the dice are rolled (D.5.2 Protector)."""

    name = "battle.before_roll"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        b = g.current_battle()
        steps: list[Step] = []
        for o, fd in enumerate(g.fdefs):
            steps.extend(fd.battle_before_roll(g, o, b))
        if g.hire is not None and g.hire.controller_battles:  # Rabbit Scouts
            steps.extend(controller_before_roll(g, b))
        steps.append(("battle.roll", b.att))
        g.push_all(steps)


class Roll(Handler):
    """4.3.2 Roll dice: higher to the attacker; capped by warriors (4.3.2.I)."""

    name = "battle.roll"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        b = g.current_battle()
        x, y = g.roll_dice()
        hi, lo = max(x, y), min(x, y)
        if g.odef(b.dfd).battle_takes_higher_roll(g, b.dfd, b, False) or (
                b.used and HIGHER_ROLL in b.used):
            hi, lo = lo, hi  # 8.2.2 Guerrilla War: the defender deals the higher roll
        fa, fd = g.odef(b.att), g.odef(b.dfd)
        a_max = fa.battle_max_hits(g, b.att, b, True) + b.max_bonus[0] + lent_warriors(g, b, 0)
        d_max = fd.battle_max_hits(g, b.dfd, b, False) + b.max_bonus[1] + lent_warriors(g, b, 1)
        b.a_rolled = min(hi, a_max)
        b.d_rolled = min(lo, d_max)
        # what each side's roll comes to once capped (4.3.2.I), for the record: a roll
        # above its cap is told with the cap
        g.note("battle_roll", g.owner_name(b.att), hi, b.a_rolled, g.owner_name(b.dfd), lo,
               b.d_rolled)
        a_fx, d_fx = effect_choices(g, b.att), effect_choices(g, b.dfd)
        if a_fx and d_fx:  # 4.3.3: the attacker chooses who uses effects first
            g.push(("battle.order", b.att))
        elif a_fx:
            g.push(("battle.effects", b.att, 0))
        elif d_fx:
            g.push(("battle.effects", b.dfd, 0))
        else:
            g.push(("battle.deal", b.att))


def effect_choices(g: Game, s: int) -> list[str]:
    """Optional battle effects s may still use (4.3.3)."""
    b = g.current_battle()
    out: list[str] = []
    if s >= len(g.played):
        return out  # E.3.5: a hireling uses no card or ability of its controller
    played = g.played[s]
    if not played:
        return g.fdefs[s].battle_effects(g, s, b)
    attacker = s == b.att
    for card in ("armorers", "sappers", "brutal_tactics"):
        if not listed(played, card) or f"{s}:{card}" in b.used:
            continue
        if card == "sappers" and attacker or card == "brutal_tactics" and not attacker:
            continue
        out.append(card)
    for cards in BATTLE_CARDS:
        out += cards.choices(g, s, b)
    return out + g.fdefs[s].battle_effects(g, s, b)


class EffectsOrder(Handler):
    name = "battle.order"
    kind = "effects_order"
    rule = "4.3.3"
    prompt = "Who uses battle effects first?"

    def options(self, g: Game, st: Step) -> list[Option]:
        b = g.current_battle()
        return [("first", g.factions[b.att]), ("first", g.factions[b.dfd])]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        g.push(("battle.effects", g.seat_of(o[1]), 1))


class Effects(Handler):
    """4.3.3 Step 3: use optional battle effects (Armorers, Sappers, Brutal Tactics)."""

    name = "battle.effects"
    kind = "battle_effect"
    rule = "4.3.3"
    prompt = "Use a battle effect?"

    def options(self, g: Game, st: Step) -> list[Option]:
        return [("effect", c) for c in effect_choices(g, st[1])] + [("done",)]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        s, both = st[1], st[2]
        b = g.current_battle()
        if o[0] == "done":
            other = b.dfd if s == b.att else b.att
            if both == 1:
                g.push(("battle.effects", other, 2))
            else:
                g.push(("battle.deal", b.att))
            return
        card = o[1]
        b.used = b.used + (f"{s}:{card}",)
        if card == "armorers":  # discard: ignore all rolled hits you take
            g.played[s].remove(card)
            g.discard_card(card)
            if s == b.att:
                b.a_ignore = True
            else:
                b.d_ignore = True
        elif card == "sappers":  # defender discards: deal an extra hit
            g.played[s].remove(card)
            g.discard_card(card)
            b.d_extra += 1
        elif card == "brutal_tactics":  # attacker deals an extra hit; defender scores 1
            b.a_extra += 1
            g.score(b.dfd, 1, "brutal_tactics")
        elif not _use_card(g, s, b, card):  # the faction's own effect
            g.fdefs[s].use_battle_effect(g, s, b, card)
        g.push(st)


def _use_card(g: Game, s: int, b: Battle, card: str) -> bool:
    for cards in BATTLE_CARDS:
        if cards.use(g, s, b, card):
            return True
    return False


class Deal(Handler):
    """4.3.4 Step 4: deal hits, both sides at once."""

    name = "battle.deal"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        b = g.current_battle()
        fa, fd = g.odef(b.att), g.odef(b.dfd)
        to_dfd = (0 if b.d_ignore else b.a_rolled) + b.a_extra
        to_dfd += fa.battle_extra_hits(g, b.att, b, True)
        if fd.battle_defenseless(g, b.dfd, b) and not lent_warriors(g, b, 1):
            to_dfd += 1  # 4.3.3.II Defenseless (mercenaries defend, 11.2.7.III)
        to_att = (0 if b.a_ignore else b.d_rolled) + b.d_extra
        to_att += fd.battle_extra_hits(g, b.dfd, b, False)
        if g.hire is not None and g.hire.controller_battles:  # Raven Sentries
            to_dfd += controller_extra_hits(g, b, True)
            to_att += controller_extra_hits(g, b, False)
        if fa.ignores_hits:  # rolled hits dealt allow ignoring hits taken (VW.2.4)
            to_att -= fa.ignored_hits(g, b.att, b, 0 if b.d_ignore else b.a_rolled, to_att)
        if fd.ignores_hits:
            to_dfd -= fd.ignored_hits(g, b.dfd, b, 0 if b.a_ignore else b.d_rolled, to_dfd)
        to_dfd = hits_taken(g, b, b.dfd, to_dfd)
        to_att = hits_taken(g, b, b.att, to_att)
        g.note("battle_hits", g.owner_name(b.att), max(0, to_dfd), g.owner_name(b.dfd),
               max(0, to_att))  # 4.3.4: what each side deals, after every effect
        g.push(hits_step(b, b.dfd, b.att, to_dfd), hits_step(b, b.att, b.dfd, to_att),
               ("battle.end", b.att))


class Hits(Handler):
    """4.3.4: each hit removes a piece; warriors first, then buildings and tokens
    of the taker's choice. Args: (decider, taker, dealer, clearing, hits left); the
    decider is the taker, or the instigator of the battle (D.4.2)."""

    name = "hits"
    kind = "take_hit"
    rule = "4.3.4"
    prompt = "Choose a building or token to remove"

    def options(self, g: Game, st: Step) -> list[Option]:
        taker: int = st[2]
        c: int = st[4]
        left: int = st[5]
        if left <= 0:
            return [("done",)]
        b = g.battle
        if b is not None:
            side = 0 if taker == b.att else 1
            lender = b.lent[side]
            if lender >= 0 and (g.warriors[lender][c] or g.warriors[taker][c]):
                return [("hit", mercenary_hit(g, b, side, taker, c), "warrior")]
        special = g.odef(taker).hit_choices(g, taker, b, c)
        if special is not None:  # e.g. 9.2.7: the Vagabond damages items
            return special or [("done",)]
        if g.warriors[taker][c]:
            if mixed_row(g, taker, c):  # BK.2.4: the side chooses its own or a mouse
                return [("hit", taker, "warrior"), ("hit", taker, LENT)]
            return [("hit", taker, "warrior")]
        pieces = distinct([p[1] for p in g.faction_pieces(taker, c)])
        if not pieces:
            return [("done",)]
        return [("hit", taker, k) for k in pieces]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        verb: str = o[0]  # typed locals: compiled, compares of ints and strings
        if verb == "done":
            return
        decider, dealer = st[1], st[3]
        taker: int = st[2]
        c: int = st[4]
        left: int = st[5]
        b = g.current_battle()
        side = 0 if taker == b.att else 1
        if verb != "hit":
            kind = g.odef(taker).take_hit(g, taker, b, c, o)
            if kind is None:  # an item damaged, an allied warrior removed (9.2.7, 9.2.9)
                g.note("battle_took", g.owner_name(taker), o)
            else:
                g.note("battle_removed", g.owner_name(taker), kind, 1, c)
                b.pieces_lost[side].append(kind)
                b.removed_any[1 - side] = True
            left -= 1
            g.push(("hits", decider, taker, dealer, c, left))
            return
        who: int = o[1]
        what: str = o[2]
        if what == "warrior" and who != taker:  # a mercenary, one hit at a time
            remove_warriors(g, who, c, 1, in_battle=True)
            g.note("battle_removed", g.owner_name(who), "warrior", 1, c)
            b.lent_lost[side] = b.lent_lost[side] + 1
            b.taken[side] = b.taken[side] + 1
            left -= 1
        elif what == "warrior" or what == LENT:
            # all warrior hits at once, unless mercenaries split them (11.2.7.III.a) or
            # the side chooses between its own warriors and lent ones (BK.2.4)
            mixed = mixed_row(g, taker, c)
            n = 1 if b.lent[side] >= 0 or mixed else min(left, g.warriors[taker][c])
            remove_warriors(g, taker, c, n, in_battle=True,
                            lent=(1 if what == LENT else 0) if mixed else -1)
            g.note("battle_removed", g.owner_name(taker), what, n, c)
            b.warriors_lost[side] = b.warriors_lost[side] + n
            b.taken[side] = b.taken[side] + n
            left -= n
        else:
            g.take_piece(c, (taker, what))
            g.note("battle_removed", g.owner_name(taker), what, 1, c)
            b.pieces_lost[side].append(what)
            b.removed_any[1 - side] = True
            left -= 1
        g.push(("hits", decider, taker, dealer, c, left))


LENT: Final = "lent_mouse"  # a warrior lent for all intents taking a hit (BK.2.4)
name_form(LENT, "mouse warrior")


def mixed_row(g: Game, s: int, c: int) -> bool:
    """Whether s's warriors in c are some its own and some lent to it for all intents
    (BK.2.4, ``Game.borrowed``): 4.3.4, the side taking hits chooses which go (a bot
    does not choose: the lent ones go first, rulings.md)."""
    if not g.shares or s >= len(g.fdefs):
        return False
    k = g.borrowed(s, c)
    return 0 < k < g.warriors[s][c] and not g.fdefs[s].is_bot


def mercenary_hit(g: Game, b: Battle, side: int, taker: int, c: int) -> int:
    """11.2.7.III.a: with mercenaries a side splits its hits: odd hits remove its own
    warriors, even hits the mercenaries, each falling back on the other warriors when
    none of the first kind are left (rulings.md). The seat whose warrior goes."""
    lender = b.lent[side]
    own, lent = g.warriors[taker][c], g.warriors[lender][c]
    odd = b.taken[side] % 2 == 0  # the hit about to be taken is odd
    if odd:
        return taker if own else lender
    return lender if lent else taker


def hits_step(b: Battle, taker: int, dealer: int, n: int) -> Step:
    """The step by which ``taker`` takes n hits, decided by the side's player (a
    hireling's controller, E.3.4; an uncontrolled hireling has no choice to make, its
    pieces being all of one kind after its warriors), or the instigator (D.4.2)."""
    who = b.instigator
    if who < 0:
        a, d = b.acting
        if taker == b.att:
            who = a if a >= 0 else d
        elif taker == b.dfd:
            who = d if d >= 0 else a
        else:
            who = taker
    return ("hits", who, taker, dealer, b.c, n)


def settle(g: Game, b: Battle) -> None:
    """Score removed buildings/tokens (3.2.1) together, then triggered effects (1.1.3)."""
    lost_a, lost_d = b.pieces_lost
    b.pieces_lost = [[], []]
    by_a, by_d = (b.att, b.dfd) if b.instigator < 0 else (b.instigator, b.instigator)
    fa, fd = g.odef(b.att), g.odef(b.dfd)
    if lost_d:
        g.score(by_a, sum(fd.points_for_removal(g, b.dfd, k) for k in lost_d), "removal")
    if lost_a:
        g.score(by_d, sum(fa.points_for_removal(g, b.att, k) for k in lost_a), "removal")
    wl, ll = b.warriors_lost, b.lent_lost
    b.warriors_lost, b.lent_lost = [0, 0], [0, 0]
    c = b.c
    mine = [(b.att, c, wl[0])]
    if b.ally_lost:
        mine.append((b.ally, c, b.ally_lost))
        b.ally_lost = 0
    theirs = [(b.dfd, c, wl[1])]
    blame: dict[int, int] = {}  # 11.2.7.III.b: mercenaries count as their buyer's
    if ll[0]:
        mine.append((b.lent[0], c, ll[0]))
        blame[b.lent[0]] = b.att
    if ll[1]:
        theirs.append((b.lent[1], c, ll[1]))
        blame[b.lent[1]] = b.dfd
    if catches_warriors(g):  # both sides' removals at once (Crusader SOM.2.3)
        trigger_removal_events(g, [
            removal_event(by_a, theirs, [(b.dfd, c, k) for k in lost_d], True, b.dfd, blame),
            removal_event(by_d, mine, [(b.att, c, k) for k in lost_a], True, b.dfd, blame)])
        return
    trigger_removals(g, by_a, theirs, [(b.dfd, c, k) for k in lost_d], defender=b.dfd,
                     blame=blame)
    trigger_removals(g, by_d, mine, [(b.att, c, k) for k in lost_a], defender=b.dfd,
                     blame=blame)


class End(Handler):
    name = "battle.end"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        b = g.current_battle()
        g.battle = None
        for side in range(2):  # attacker, defender
            s = b.att if side == 0 else b.dfd
            if b.removed_any[side] and b.instigator < 0:
                g.score(s, g.odef(s).battle_removal_bonus(g, s), "battle_bonus")
        settle(g, b)
        g.odef(b.att).battle_ended(g, b.att, b)
        g.odef(b.dfd).battle_ended(g, b.dfd, b)


register_steps(
    Ambush(), Foil(), AfterAmbush(), AttackersLeft(), BeforeRoll(), Roll(), EffectsOrder(),
    Effects(), Deal(), Hits(), End(),
)
