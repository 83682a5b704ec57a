"""Hits and removal (P4.3 Hits, P5.10 Deal Hits, P5.11-P5.13 hits by faction).

A hit is taken one at a time where the taker has a choice (a building or wood to
lose, Field Hospitals, which item the Vagabond damages); warriors go all at once
otherwise. Ignored hits (the Keep, Hidden, P5.10.1) are taken off before the hits
are dealt (``battle.py``): this step deals what is left.
"""
from __future__ import annotations

from typing import Final

from rootlaw.core.game import Game
from rootlaw.core.move import remove_warriors
from rootlaw.core.options import Option, text_form
from rootlaw.core.steps import Handler, Step, register_steps
from rootlaw.prototype.base import ProtoFaction

IN_BATTLE: Final = 1  # a flag of the hits step: the hits of a battle (P4.3.3)

text_form("p_lose_improvement", "discard {c1} (your last building there is gone)")


def hits_step(taker: int, dealer: int, c: int, n: int, flags: int = 0) -> Step:
    """The step by which ``taker`` takes n hits in c dealt by ``dealer`` (-1: nobody)."""
    return ("proto.hits", taker, dealer, c, n, flags)


def is_building(g: Game, s: int, kind: str) -> bool:
    return kind in g.fdefs[s].buildings


def battle_side(g: Game, s: int) -> int:
    """0 if s attacks in the battle in progress, 1 if it defends, -1 otherwise."""
    b = g.battle
    if b is None:
        return -1
    if s == b.att:
        return 0
    return 1 if s == b.dfd else -1


def lose_piece(g: Game, owner: int, c: int, kind: str, by: int, hit: bool) -> None:
    """Remove ``owner``'s building or wood ``kind`` from c, by player ``by`` (-1: none).
    By a hit (P4.3.5): its dealer scores one point per building (P8.17.2 Despot: one
    more); and if the owner's last building in c is gone, it discards an improvement
    (P4.3.6, P5.10.2: "if you remove your last building", the taker removing it).
    Its owner's rules react (P4.3.7 Removing Hideouts)."""
    g.take_piece(c, (owner, kind))
    building = is_building(g, owner, kind)
    steps: list[Step] = list(g.fdefs[owner].on_piece_removed(g, owner, c, kind, by))
    if hit and building and by >= 0 and by != owner:
        fd = g.fdefs[by]
        bonus = fd.removal_bonus(g, by) if isinstance(fd, ProtoFaction) else 0
        g.score(by, 1 + bonus, "removal")
    if hit and building and g.played[owner] and not _has_building(g, owner, c):
        steps.append(("proto.lose_improvement", owner))
    if steps:
        g.push_all(steps)


def _has_building(g: Game, s: int, c: int) -> bool:
    buildings = g.fdefs[s].buildings
    for p in g.buildings[c]:
        if p[0] == s and p[1] in buildings:
            return True
    return False


def warriors_lost(g: Game, s: int, n: int) -> None:
    """Count warriors of a side of the battle removed by hits (P10.4 alignment)."""
    side = battle_side(g, s)
    b = g.battle
    if b is not None and side >= 0:
        b.warriors_lost[side] = b.warriors_lost[side] + n


class Hits(Handler):
    """P4.3.2: each hit removes one of the taker's warriors in the clearing; without
    warriors, another piece of the taker's choice there. Args: (taker, dealer,
    clearing, hits left, flags)."""

    name = "proto.hits"
    kind = "take_hit"
    rule = "P4.3.2"
    prompt = "Take a hit: choose the piece to lose"

    def options(self, g: Game, st: Step) -> list[Option]:
        taker: int = st[1]
        c: int = st[3]
        if st[4] <= 0:
            return [("done",)]
        special = g.fdefs[taker].hit_choices(g, taker, g.battle, c)
        if special is not None:  # Field Hospitals (P5.11.1), the Vagabond (P5.13.2)
            return special or [("done",)]
        if g.warriors[taker][c]:
            return [("hit", taker, "warrior")]
        kinds: list[str] = []
        for p in g.buildings[c] + g.tokens[c]:
            if p[0] == taker and p[1] not in kinds:
                kinds.append(p[1])
        if not kinds:
            return [("done",)]  # nothing left to remove (P3.2.5: the maximum possible)
        return [("hit", taker, k) for k in kinds]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        if o[0] == "done":
            return
        taker: int = st[1]
        dealer: int = st[2]
        c: int = st[3]
        left: int = st[4]
        if o[0] == "hit" and o[2] == "warrior":
            who: int = o[1]
            # warriors go together unless each hit is a choice (Field Hospitals, allies)
            n = 1 if g.fdefs[taker].hit_choices(g, taker, g.battle, c) is not None else min(
                left, g.warriors[who][c])
            remove_warriors(g, who, c, n, in_battle=True)
            if st[5] & IN_BATTLE:
                warriors_lost(g, who, n)
            left -= n
        elif o[0] == "hit":
            lose_piece(g, taker, c, o[2], dealer, True)
            left -= 1
        else:
            g.fdefs[taker].take_hit(g, taker, g.battle, c, o)
            left -= 1
        if left > 0:
            g.push(("proto.hits", taker, dealer, c, left, st[5]))


class LoseImprovement(Handler):
    """P4.3.6, P5.10.2: the last building gone, discard one improvement of the play
    area (if able)."""

    name = "proto.lose_improvement"
    kind = "discard_improvement"
    rule = "P4.3.6"
    prompt = "Your last building there was removed: discard an improvement"

    def options(self, g: Game, st: Step) -> list[Option]:
        played = g.played[st[1]]
        if not played:
            return [("done",)]
        return [("p_lose_improvement", cid) for cid in dict.fromkeys(played)]

    def apply(self, g: Game, st: Step, o: Option) -> None:
        if o[0] == "p_lose_improvement":
            g.played[st[1]].remove(o[1])
            g.discard_card(o[1])


register_steps(Hits(), LoseImprovement())
