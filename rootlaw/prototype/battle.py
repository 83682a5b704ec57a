"""P5.6-P5.13 Battle: retreat, ambush, dice, hits.

The battle in progress is the core's ``Battle`` (``g.battle``), read the prototype's
way: ``a_rolled``/``d_rolled`` the rolled hits each side deals, ``a_extra``/``d_extra``
the hits added by effects, ``a_ignore``/``d_ignore`` rolled hits ignored (Armorers),
``max_bonus`` the two dice as rolled [higher, lower], ``warriors_lost`` the warriors each
side lost to hits (the Vagabond's alignment, P10.4.2), ``used`` marks ("allies": the
Vagabond fights beside his Allies, P10.7.3; "single": the defender had one warrior,
P5.12.2; "ignored:<seat>": that side has ignored its one hit, P5.10.1).
"""
from __future__ import annotations

from typing import Final

from rootlaw.core.battle import Battle
from rootlaw.core.game import FOREST, Game
from rootlaw.core.move import do_move
from rootlaw.core.options import Option, text_form
from rootlaw.core.steps import Handler, Step, register_steps
from rootlaw.prototype.base import DATA, card_fits, matches, pfd
from rootlaw.prototype.hits import IN_BATTLE, hits_step, is_building, lose_piece

text_form("p_retreat", "retreat (take hits for the retreating warriors)")
text_form("p_stand", "stand and fight")
text_form("p_retreat_to", "retreat to {1}")
text_form("p_crossbow", "exhaust a crossbow: one more hit")
text_form("p_swords", "exhaust {1} sword(s) to deal {1} hit(s)")
text_form("p_allies", "fight beside your Allies' warriors")
text_form("p_alone", "fight alone")

# P5.7.2: (fewest retreating warriors, hits) from the table; P5.7.5 items for the Vagabond
RETREAT: Final[tuple[tuple[int, int], ...]] = tuple(
    (int(a), int(b)) for a, b in DATA["vagabond"]["retreat_hits"])
AMBUSH: Final = "ambush"  # the kind of ambush cards (P5.7.3, P5.8.1)


def retreat_hits(n: int) -> int:
    """P5.7.2 the retreat table: 1-2 retreating warriors 0 hits, 3-4 one, 5-6 two, 7+
    three."""
    hits = 0
    for least, h in RETREAT:
        if n >= least:
            hits = h
    return hits


def fights_in(g: Game, s: int, c: int) -> bool:
    """P5.6.1: s may battle in c: it has warriors there (the Vagabond: his pawn)."""
    return g.warriors[s][c] > 0 or g.pawn[s] == c


def battle_targets(g: Game, s: int, clearings: list[int] | None = None) -> list[Option]:
    """("battle", clearing, defender): P5.6.1-P5.6.2 a clearing where s has warriors,
    any other player with a piece there."""
    out: list[Option] = []
    for c in (clearings if clearings is not None else g.clearings()):
        if not fights_in(g, s, c):
            continue
        for o in range(len(g.factions)):
            if o != s and g.has_any_piece(o, c):
                out.append(("battle", c, g.factions[o]))
    return out


def ambush_cards(g: Game, s: int, c: int) -> list[str]:
    """Ambush cards in s's hand that match clearing c (P5.8.1; a bird matches any)."""
    out: list[str] = []
    cards = g.deckdef.cards
    for cid in g.hands[s]:
        if cid not in out and cards[cid].kind == AMBUSH and card_fits(g, cid, c):
            out.append(cid)
    return out


def start_battle(g: Game, att: int, c: int, dfd: int) -> None:
    """P5.6: begin a battle; its steps run before anything already scheduled."""
    g.battle = Battle(att, dfd, c)
    g.push(("proto.battle", att))


def may_ignore(g: Game, b: Battle, s: int, n: int) -> int:
    """P5.10.1: hits s takes, one fewer if s can ignore one and has not yet in this
    battle (the Keep, P5.11.2; Hidden, P5.12.2)."""
    if n <= 0:
        return n
    mark = f"ignored:{s}"
    if mark in b.used:
        return n
    single = s == b.dfd and "single" in b.used
    if not pfd(g, s).ignores_hit(g, s, b.c, s == b.dfd, single):
        return n
    b.used = b.used + (mark,)
    g.note("hit_ignored", g.factions[s], b.c)
    return n - 1


def adjacent_forests(g: Game, c: int) -> list[int]:
    """P5.2.3: the forests touching clearing c, as pawn locations (FOREST + index)."""
    out: list[int] = []
    forests = g.board.forests
    for i in range(len(forests)):
        if c in forests[i][1]:
            out.append(FOREST + i)
    return out


class Start(Handler):
    """P5.6.3: a defender without warriors loses every piece there (the attacker scores
    one point per building) and the battle ends; else to retreat (P5.7)."""

    name = "proto.battle"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        b = g.current_battle()
        att, dfd, c = b.att, b.dfd, b.c
        g.note("battle", g.factions[att], c, g.factions[dfd])
        if g.warriors[dfd][c] == 0 and g.pawn[dfd] != c:
            buildings = 0
            for p in g.buildings[c] + g.tokens[c]:
                if p[0] == dfd:
                    if is_building(g, dfd, p[1]):
                        buildings += 1
                    lose_piece(g, dfd, c, p[1], att, False)
            if buildings:
                g.score(att, buildings * (1 + pfd(g, att).removal_bonus(g, att)), "removal")
            g.push(("proto.battle_end", att))
            return
        if g.warriors[dfd][c] == 1:
            b.used = b.used + ("single",)
        steps: list[Step] = []
        if allies_here(g, att, b):
            steps.append(("proto.allies", att))
        steps.append(("proto.retreat", dfd))
        g.push_all(steps)


def allies_here(g: Game, v: int, b: Battle) -> list[int]:
    """P10.7.3: Allies of an attacking Vagabond with warriors in the clearing of battle,
    against a non-Ally defender."""
    fd = pfd(g, v)
    allies = fd.allies(g, v)
    if not allies or b.dfd in allies:
        return []
    return [a for a in allies if g.warriors[a][b.c]]


class Allies(Handler):
    """P10.7.3: the Vagabond may treat his Allies' warriors here as his own."""

    name = "proto.allies"
    kind = "allies"
    rule = "P10.7.3"
    prompt = "Fight beside your Allies' warriors in this clearing?"

    def options(self, g: Game, st: Step) -> list[Option]:
        return [("p_allies",), ("p_alone",)]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        if o[0] == "p_allies":
            b = g.current_battle()
            b.used = b.used + ("allies",)


def can_retreat(g: Game, s: int, c: int) -> bool:
    """P5.7.1: the defender rules an adjacent clearing (P5.7.5: the Vagabond goes to
    any adjacent clearing or forest); never the Alliance (P5.5.6)."""
    if not pfd(g, s).may_retreat(g, s):
        return False
    if g.pawn[s] == c:
        return True
    for x in g.adjacent(c):
        if g.rules(s, x):
            return True
    return False


class Retreat(Handler):
    """P5.7 Step 1: the defender may retreat; the Vagabond without an available sword
    must (P5.6.3)."""

    name = "proto.retreat"
    kind = "retreat"
    rule = "P5.7"
    prompt = "Retreat from the battle?"

    def options(self, g: Game, st: Step) -> list[Option]:
        b = g.current_battle()
        dfd = b.dfd
        if not can_retreat(g, dfd, b.c):
            return [("p_stand",)]
        if g.pawn[dfd] == b.c and not pfd(g, dfd).swords(g, dfd):
            return [("p_retreat",)]
        return [("p_retreat",), ("p_stand",)]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        b = g.current_battle()
        att, dfd, c = b.att, b.dfd, b.c
        if o[0] == "p_stand":
            g.push(("proto.ambush", dfd))
            return
        g.note("retreat", g.factions[dfd], c)
        b.used = b.used + ("retreat",)
        if g.pawn[dfd] == c:  # P5.7.5: by his items, not warriors
            n = retreat_hits(pfd(g, dfd).items_for_retreat(g, dfd))
        else:
            n = retreat_hits(g.warriors[dfd][c])
        n = may_ignore(g, b, dfd, n)  # P5.11.2: the Keep's, "even if retreating"
        g.push(hits_step(dfd, att, c, n, IN_BATTLE), ("proto.retreat_ambush", att),
               ("proto.crossbow", att), ("proto.crossbow", dfd), ("proto.retreat_move", dfd),
               ("proto.battle_end", att))


class RetreatAmbush(Handler):
    """P5.7.3: the attacker may play one ambush card matching the clearing: one
    unpreventable hit."""

    name = "proto.retreat_ambush"
    kind = "ambush"
    rule = "P5.7.3"
    prompt = "Play an ambush card against the retreating defender?"

    def options(self, g: Game, st: Step) -> list[Option]:
        b = g.current_battle()
        return [("ambush", a) for a in ambush_cards(g, b.att, b.c)] + [("no_ambush",)]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        if o[0] == "ambush":
            b = g.current_battle()
            g.spend(b.att, o[1])
            g.push(hits_step(b.dfd, b.att, b.c, 1, IN_BATTLE))


class Crossbow(Handler):
    """P10.2.6: the Vagabond may exhaust a crossbow to inflict a hit when he or his
    enemy retreats. Args: (seat)."""

    name = "proto.crossbow"
    kind = "crossbow"
    rule = "P10.2.6"
    prompt = "Exhaust a crossbow to inflict a hit?"

    def options(self, g: Game, st: Step) -> list[Option]:
        s: int = st[1]
        if not pfd(g, s).has_available(g, s, "crossbow"):
            return [("skip",)]
        return [("p_crossbow",), ("skip",)]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        if o[0] != "p_crossbow":
            return
        s: int = st[1]
        b = g.current_battle()
        pfd(g, s).exhaust(g, s, "crossbow")
        foe = b.dfd if s == b.att else b.att
        g.push(hits_step(foe, s, b.c, may_ignore(g, b, foe, 1), IN_BATTLE))


class RetreatMove(Handler):
    """P5.7.4: the defender moves all remaining warriors to one adjacent clearing he
    rules (P5.7.5: the Vagabond's pawn to any adjacent clearing or forest)."""

    name = "proto.retreat_move"
    kind = "retreat_to"
    rule = "P5.7.4"
    prompt = "Retreat to which clearing?"

    def options(self, g: Game, st: Step) -> list[Option]:
        b = g.current_battle()
        dfd, c = b.dfd, b.c
        if g.pawn[dfd] == c:
            return [("p_retreat_to", x) for x in list(g.adjacent(c)) + adjacent_forests(g, c)]
        if not g.warriors[dfd][c]:
            return [("done",)]
        out: list[Option] = [("p_retreat_to", x) for x in g.adjacent(c) if g.rules(dfd, x)]
        return out or [("done",)]  # no clearing ruled now (rulings.md): they stay

    def apply(self, g: Game, st: Step, o: Option) -> None:
        if o[0] == "done":
            return
        b = g.current_battle()
        dfd, c, x = b.dfd, b.c, o[1]
        if g.pawn[dfd] == c:
            g.pawn[dfd] = x
        else:
            do_move(g, dfd, c, x, g.warriors[dfd][c])


class Ambush(Handler):
    """P5.8 Step 2: the defender may play ambush cards matching the clearing, each two
    unpreventable hits to the attacker (not against Scouting Party)."""

    name = "proto.ambush"
    kind = "ambush"
    rule = "P5.8.1"
    prompt = "Play an ambush card?"

    def options(self, g: Game, st: Step) -> list[Option]:
        b = g.current_battle()
        if "scouting_party" in g.played[b.att]:
            return [("no_ambush",)]
        return [("ambush", a) for a in ambush_cards(g, b.dfd, b.c)] + [("no_ambush",)]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        b = g.current_battle()
        if o[0] == "ambush":
            g.spend(b.dfd, o[1])
            g.push(hits_step(b.att, b.dfd, b.c, 2, IN_BATTLE), ("proto.ambush", b.dfd))
        else:
            g.push(("proto.after_ambush", b.att))


def attackers_left(g: Game, b: Battle) -> bool:
    """P5.8.2: attacking warriors remain (the Vagabond's pawn stays, his Allies'
    warriors count when he fights beside them)."""
    if g.warriors[b.att][b.c] or g.pawn[b.att] == b.c:
        return True
    return False


class AfterAmbush(Handler):
    """P5.8.2: on to the dice if attacking warriors remain, else the battle ends."""

    name = "proto.after_ambush"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        b = g.current_battle()
        if attackers_left(g, b):
            g.push(("proto.roll", b.att))
        else:
            g.push(("proto.battle_end", b.att))


def rolled_cap(g: Game, b: Battle, s: int) -> int:
    """P5.9.3: the most hits s deals by rolling: its warriors in the clearing; P10.7.3
    an attacking Vagabond's Allies' warriors (his swords add more, P5.13.1)."""
    if g.pawn[s] == b.c:
        if s == b.att and "allies" in b.used:
            return sum(g.warriors[a][b.c] for a in allies_here(g, s, b))
        return 0
    return g.warriors[s][b.c]


class Roll(Handler):
    """P5.9 Step 3: roll both dice; the attacker deals the higher, the defender the
    lower, each at most its warriors; then effects add hits (P5.9.4)."""

    name = "proto.roll"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        b = g.current_battle()
        x, y = g.roll_dice()  # P5.9.2: each die 0-3
        hi, lo = max(x, y), min(x, y)
        b.max_bonus = [hi, lo]
        b.a_rolled = min(hi, rolled_cap(g, b, b.att))
        b.d_rolled = min(lo, rolled_cap(g, b, b.dfd))
        b.a_extra = pfd(g, b.att).attack_bonus(g, b.att)  # P8.16.2 Commander
        g.push(("proto.swords", b.att), ("proto.swords", b.dfd), ("proto.effects", b.att),
               ("proto.effects", b.dfd), ("proto.deal", b.att))


class Swords(Handler):
    """P5.13.1: the Vagabond exhausts a sword for each hit he wishes to deal beyond
    those his Allies' warriors cover (P10.7.3). Args: (seat)."""

    name = "proto.swords"
    kind = "swords"
    rule = "P5.13.1"
    prompt = "How many swords do you exhaust to deal hits?"

    def options(self, g: Game, st: Step) -> list[Option]:
        s: int = st[1]
        b = g.current_battle()
        if g.pawn[s] != b.c:
            return [("p_swords", 0)]
        raw = b.max_bonus[0] if s == b.att else b.max_bonus[1]
        rolled = b.a_rolled if s == b.att else b.d_rolled
        most = min(raw - rolled, pfd(g, s).swords(g, s))
        return [("p_swords", k) for k in range(max(0, most) + 1)]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        s: int = st[1]
        k: int = o[1]
        if not k:
            return
        b = g.current_battle()
        fd = pfd(g, s)
        for _ in range(k):
            fd.exhaust(g, s, "sword")
        if s == b.att:
            b.a_rolled += k
        else:
            b.d_rolled += k


def effect_choices(g: Game, s: int) -> list[str]:
    """Improvements s may use in this battle (P5.9.4 added hits, P5.10.1 ignored hits):
    Brutal Tactics (attacker), Sappers (defender), Armorers (either); the Vagabond pays
    an added hit with a sword (P5.13.1)."""
    b = g.current_battle()
    played = g.played[s]
    if not played:
        return []
    attacker = s == b.att
    vagabond = g.pawn[s] == b.c
    out: list[str] = []
    for cid in ("brutal_tactics", "sappers", "armorers"):
        if cid not in played or f"{s}:{cid}" in b.used:
            continue
        if cid == "brutal_tactics" and not attacker or cid == "sappers" and attacker:
            continue
        if cid != "armorers" and vagabond and not pfd(g, s).swords(g, s):
            continue
        out.append(cid)
    return out


class Effects(Handler):
    """P5.9.4: effects in s's play area that add or ignore hits. Args: (seat)."""

    name = "proto.effects"
    kind = "battle_effect"
    rule = "P5.9.4"
    prompt = "Use an improvement in this battle?"

    def options(self, g: Game, st: Step) -> list[Option]:
        return [("effect", c) for c in effect_choices(g, st[1])] + [("done",)]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        if o[0] == "done":
            return
        s: int = st[1]
        card: str = o[1]
        b = g.current_battle()
        b.used = b.used + (f"{s}:{card}",)
        attacker = s == b.att
        if card == "armorers":  # activated: discard to ignore all rolled hits you take
            g.played[s].remove(card)
            g.discard_card(card)
            if attacker:
                b.a_ignore = True
            else:
                b.d_ignore = True
        else:
            if g.pawn[s] == b.c:
                pfd(g, s).exhaust(g, s, "sword")  # P5.13.1
            if card == "sappers":  # activated: discard, the defender deals an extra hit
                g.played[s].remove(card)
                g.discard_card(card)
                b.d_extra += 1
            else:  # Brutal Tactics: an extra hit; the defender scores a point
                b.a_extra += 1
                g.score(b.dfd, 1, "brutal_tactics")
        g.push(st)


class Deal(Handler):
    """P5.10 Step 4: both sides deal their hits at once; each may ignore one it takes
    (the Keep, Hidden; not ambush hits, which are unpreventable)."""

    name = "proto.deal"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        b = g.current_battle()
        to_dfd = (0 if b.d_ignore else b.a_rolled) + b.a_extra
        to_att = (0 if b.a_ignore else b.d_rolled) + b.d_extra
        to_dfd = may_ignore(g, b, b.dfd, to_dfd)
        to_att = may_ignore(g, b, b.att, to_att)
        g.push(hits_step(b.dfd, b.att, b.c, to_dfd, IN_BATTLE),
               hits_step(b.att, b.dfd, b.c, to_att, IN_BATTLE), ("proto.battle_end", b.att))


class End(Handler):
    """The battle ends: what the Vagabond's alignment chart makes of it (P10.4.2)."""

    name = "proto.battle_end"
    auto = True

    def run(self, g: Game, st: Step) -> None:
        b = g.current_battle()
        g.battle = None
        for s in (b.att, b.dfd):
            g.fdefs[s].battle_ended(g, s, b)


def clearing_nation_ok(g: Game, c: int, nation: str) -> bool:
    """A battle "in a clearing of matching nation" (P8.9.1, P9.7.1)."""
    return matches(g, c, nation)


register_steps(Start(), Allies(), Retreat(), RetreatAmbush(), Crossbow(), RetreatMove(),
               Ambush(), AfterAmbush(), Roll(), Swords(), Effects(), Deal(), End())
