"""The random results a record says: the deck stacked so its draws come up (2.1
reshuffles included), the quests, the setup cards of the draft, the battle rolls, the
hirelings' dice."""
from __future__ import annotations

from collections import Counter
from typing import Any

from rootlaw.core.game import Game
from rootlaw.rootlog import names
from rootlaw.rootlog.search.context import Context, Node
from rootlaw.rootlog.search.relics import deal_relics


def oracle(node: Node, events: list[tuple[Any, ...]], ctx: Context) -> list[list[Any]] | None:
    """The random results the line asks for, in the order the engine drew them: dice of
    its battles, decks shuffled so its draws come up."""
    out: list[list[Any]] = []
    changed = False
    battle_i = node.battles - 1
    draws = node.draws
    old_deck = node.g.deck  # 2.1 a reshuffle comes once these are drawn
    relics: list[str] | None = None
    uprisings = 0
    for j, ev in enumerate(events):
        if ev[0] == "battle":
            battle_i += 1
            continue
        if ev[0] == "moved" and ctx.setup:  # the Uprising's warriors placed so far
            uprisings += sum(n for (comp, place), n in ev[2].items()
                             if _uprising_warrior(comp) and place[0] == "c")
        e = ev[1] if ev[0] == "log" else None
        if e is None or e[0] not in ("r", "f"):
            if e is not None and e[0] == "d":
                pass
            continue
        kind, value = e[1], e[2]
        want = value
        if kind == "dice" and 0 <= battle_i < len(ctx.battles):
            rolls = ctx.battles[battle_i].rolls
            if rolls is not None:
                a, d = int(value[0]), int(value[1])
                if (max(a, d), min(a, d)) != rolls:
                    want = [rolls[0], rolls[1]]
        elif kind == "deck":
            want = _stacked(list(value), ctx.exp.draws[draws:])
        elif kind == "reshuffle":
            draws += _old_deck_draws(old_deck, ctx.exp.draws[draws:])
            old_deck = list(value)
            want = _stacked(list(value), ctx.exp.draws[draws:])
        elif kind == "quests":
            want = _stacked(list(value), ctx.exp.quests[node.quests:])
        elif kind in ("militant_setup_cards", "setup_cards") and ctx.pool:
            want = _dealt(kind, list(value), ctx.pool,
                          {names.LETTERS.get(L, "") for L in ctx.seats.values()})
        elif kind in ("relics", "relic_forests"):
            want = deal_relics(kind, list(value), ctx, node.g, relics)
            if kind == "relics":
                relics = list(want)
        elif kind == "uprising_die" and ctx.setup:  # A.6.3: a roll per warrior placed
            want = _uprising(node.g, ctx, uprisings, value)
        elif kind == "control_die":  # E.1.2 the markers the line puts on the card
            want = _control(events, j, ctx, value)
        elif kind == "demoted_hirelings" and ctx.demoted is not None:  # A.6.2
            want = [x for x in value if x in ctx.demoted] + [
                x for x in value if x not in ctx.demoted]
        elif kind == "landmark_cards" and ctx.landmarks:  # A.5.2 the header's dealt
            want = [x for x in ctx.landmarks if x in value] + [
                x for x in value if x not in ctx.landmarks]
        elif kind == "vagabot_character" and ctx.characters:  # Rootbotics 7.3.1
            from rootlaw.bots.vagabot import CHARACTERS as BOT_CHARACTERS

            bot = sorted(BOT_CHARACTERS)
            named = [c for c in ctx.characters if c in bot]
            if named and isinstance(value, int):
                want = bot.index(named[0])
        elif kind == "setup_character" and ctx.characters:
            from rootlaw.core.advanced import CHARACTERS

            if ctx.characters[0] in CHARACTERS:
                want = list(CHARACTERS).index(ctx.characters[0])
        if want != value:
            changed = True
        out.append([kind, want])
    return out if changed else None


def _old_deck_draws(deck: list[str], pending: list[frozenset[str] | None]) -> int:
    """2.1: how many of the line's next draws took the last cards of the deck before it
    was reshuffled: the draws whose cards were there, up to the first that was not. A
    card drawn and discarded in the step that empties the deck is shuffled back at once
    (Outrage's card for a full Supporters stack, 8.2.6): the line writes no draw of it."""
    left = Counter(deck)
    n = 0
    for pat in pending[:len(deck)]:
        if pat is not None:
            have = next((c for c in pat if left[c] > 0), None)
            if have is None:
                break
            left[have] -= 1
        n += 1
    return n


def _uprising(g: Game, ctx: Context, k: int, value: Any) -> Any:
    """A.6.3 the Spring Uprising's setup: the k-th roll of its die is the suit of the
    clearing where the header puts its k-th warrior (3 Hirelings: ``h_Aw->8``); k counts
    those placed before this run (its die is rolled before each placement)."""
    from rootlaw.core.hired import UPRISING_FACES

    spots = [a.place[1] for a in ctx.exp.atoms if a.sign == 1 and _uprising_warrior(a.comp)
             and isinstance(a.place, tuple) and a.place[0] == "c"]
    hire = g.hire
    if hire is not None and "spring_uprising" in hire.ids:  # the rolls of nodes before
        k += sum(g.warriors[len(g.factions) + hire.ids.index("spring_uprising")])
    if k >= len(spots) or not isinstance(spots[k], int) or spots[k] >= len(g.suits):
        return value
    suit = g.suits[spots[k]]
    return UPRISING_FACES.index(suit) if suit in UPRISING_FACES else value


def _uprising_warrior(comp: Any) -> bool:
    """A warrior of the Spring Uprising (3 Hirelings: ``h_A``, either side)."""
    return isinstance(comp, tuple) and comp[0] == "w" and str(comp[1]).startswith("h_A")


def _control(events: list[tuple[Any, ...]], j: int, ctx: Context, value: Any) -> Any:
    """E.1.2: the control die's face that puts on the card as many control markers as
    the line does (3 Hirelings: ``h_E->A$4``, or given ``h_EA$0->C$2``). The engine's
    own face and the markers it gave tell which pips it read (gold or all)."""
    from rootlaw.core.hired import ALL_PIPS, GOLD_PIPS

    got = None
    for ev in events[j + 1:]:
        if ev[0] == "moved":
            got = next(((k[0][1], k[1][1], k[1][2]) for k in ev[2] if k[0][0] == "h"
                        and k[1][0] == "hire"), None)
            if got is not None:
                break
    if got is None or not isinstance(value, int) or not 0 <= value < len(ALL_PIPS):
        return value
    L, seat, m = got
    pips = GOLD_PIPS if GOLD_PIPS[value] == m else ALL_PIPS
    for comp, src, dst, _ in ctx.exp.moves:
        if comp == ("h", L) and isinstance(dst, tuple) and dst[:2] == ("hire", seat) and (
                src is None or isinstance(src, tuple) and src[-1] == 0):
            want = dst[2]
            if isinstance(want, int) and want in pips:
                return pips.index(want)
            return value
    return value


def _dealt(kind: str, cards: list[str], pool: list[str], chosen: set[str]) -> list[str]:
    """A.8.1: the setup cards shuffled so the record's pool is dealt, in its order: one
    militant card first (popped from the militant pile), then the others; the last one
    dealt (locked if an insurgent, A.8.1.II) one the record lets be locked where the
    pool's order does not: a militant, or a card nobody chose (the header's order is
    the pool's, not the deal's)."""
    from rootlaw.core.advanced import MILITANT, SETUP_CARDS

    if kind == "militant_setup_cards":
        mil = next((f for f in pool if SETUP_CARDS.get(f) == MILITANT and f in cards), None)
        if mil is None:
            return cards
        rest = [c for c in cards if c != mil]
        return rest + [mil]
    first_mil = next((f for f in pool if SETUP_CARDS.get(f) == MILITANT), None)
    others = [f for f in pool if f != first_mil and f in cards]
    if others and SETUP_CARDS.get(others[-1]) != MILITANT and others[-1] in chosen:
        free = [f for f in others if SETUP_CARDS.get(f) == MILITANT or f not in chosen]
        if free:
            others.remove(free[-1])
            others.append(free[-1])
    rest = [c for c in cards if c not in others]
    return rest + list(reversed(others))


def _stacked(cards: list[str], pending: list[frozenset[str] | None]) -> list[str]:
    """``cards`` (top last) with the pending draws on top, in order, where it holds them."""
    rest = list(cards)
    top: list[str | None] = []
    for pat in pending[:len(cards)]:
        pick = None
        if pat is not None:
            for i in range(len(rest) - 1, -1, -1):
                if rest[i] in pat:
                    pick = rest.pop(i)
                    break
        top.append(pick)
    if all(x is None for x in top):
        return cards
    out_top: list[str] = []
    for x in top:
        out_top.append(x if x is not None else rest.pop())
    return rest + list(reversed(out_top))


def stack_deck(g: Game, pending: list[frozenset[str] | None]) -> None:
    if pending and any(p is not None for p in pending):
        new = _stacked(g.deck, pending)
        if new is not g.deck:
            g.deck = new


def stack_quests(g: Game, pending: list[frozenset[str] | None]) -> None:
    if pending and any(p is not None for p in pending) and g.quest_deck:
        new = _stacked(g.quest_deck, pending)
        if new is not g.quest_deck:
            g.quest_deck = new
