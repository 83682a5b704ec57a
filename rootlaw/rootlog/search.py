"""Find engine decisions that produce exactly a line's movements (a bounded search).

A line of a record (a turn, or the setup) is checked when some sequence of the
engine's legal options, from the state before it to the next turn's start, changes the
ledger exactly as the line says (``expect.py``). The search is depth first over the
options of each decision, in an order that tries first the options naming what the
line does next; an option whose changes the line does not hold is dropped at once.

Chance follows the record: the cards a line draws are put on top of the deck before
they are drawn (the deck's order is nobody's knowledge, so any order is a possible
deal), a battle's dice are the line's rolls, the discard pile is shuffled so the line's
next draws come up; a random result the line does not say (a random card taken, a die
not written) is tried in turn until the line's movements follow.
"""
from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, Final

from rootlaw.core.game import FOREST, Game
from rootlaw.core.hidden import FaceDown
from rootlaw.factions.keepers import TYPE_OF
from rootlaw.rootlog import names
from rootlaw.rootlog.expect import ANY, BATTLE, SHOWN, TRICK, Atom, Expect, matches
from rootlaw.rootlog.ledger import (
    ALL,
    SETTINGS,
    Key,
    Lens,
    Snap,
    delta,
    fold_reshuffle,
    hireling_letters,
    place_of,
    states_raw,
    vagabot_sides,
)

RETAINER: Final = "faithful_retainer"  # 15.3.4 the Keepers' own bird cards (no deck card)
MAX_TRIALS: Final = 4000  # options tried for one line before it is flagged
# rootlaw's own records: every line is legal, so a long one (a Keepers' turn of many
# moves, each by a card the record does not name; a Duchy's Parliament, whose ministers
# the record does not name, 12.5.2: round-trip seed 1579 needs more than 30,000) is
# searched further; only a line not found costs the whole bound. A Riverfolk turn of
# many moves, each paid by a fund (hireling round-trip seed 174: 60,763 tries), is
# found only in the engine's own step order (checked step by step, ``_match``), which
# the search reaches late: the bound is 120,000
MAX_TRIALS_STRICT: Final = 120000
# the search's passes: in all but the last, one option's subtree may take at most 1/64,
# then 1/8, of PASS_SPAN trials (or of the bound, if less), so that a wrong early choice
# the line cannot tell from the right one (the Mayor as the Banker, 12.5.2.VI) does not
# spend the whole bound before the search comes back to it; the last pass has no such
# cap and runs to the bound. (The span stayed 60,000 when the bound grew: a line found
# within it is searched as before.)
CAPS: Final = (64, 8, 0)
PASS_SPAN: Final = 60000
# random results set to the record's in one trial, one at a time (a bot's turn may battle
# in every clearing: each battle's rolls)
MAX_FIXES: Final = 40
_SIDES: Final = {"r", "e"}
_ENUMERABLE: Final = frozenset({
    "random_card", "price_of_failure", "fear_of_the_faithful", "mob_die", "bot_hit",
    "keep_corner", "starting_building", "electric_eyrie_corner", "vagabot_forest",
    "vagabot_character", "vagabot_ruin_item", "vagabot_aid_item", "setup_character",
    "control_die", "uprising_die"})  # E.1.2, E.2.2 the Uprising: no Rootlog form
_DONE_VERBS: Final = frozenset({"done", "end", "v_end", "skip", "pass", "no_ambush",
                                "no_enlist", "no_item", "no_ally", "lh_next", "kk_next"})


class Context:
    """What the search of one line knows: the line, the seats' letters, whether the
    record is rootlaw's own (strict: every change must be written)."""

    def __init__(self, exp: Expect, letters: list[str], strict: bool, setup: bool,
                 me: str, seats: dict[int, str] | None = None) -> None:
        self.exp = exp
        self.letters = letters
        self.strict = strict
        self.setup = setup
        self.me = me
        self.seats = seats or {}  # setup: the letter each seat must take (A.8.2)
        # the changes in the line's order (rootlaw's records; a first try for others)
        self.ordered = strict and not setup
        self.limit = MAX_TRIALS_STRICT if strict else MAX_TRIALS
        self.trials = 0
        self.cap = 0  # how many trials one option's subtree may take (0: no cap)
        self.cuts = 0  # subtrees cut at their cap (a pass that cut none was complete)
        self.lens = Lens(ALL, letters)
        self.partial = False
        self.bounded = False
        self.last = ""  # why the latest trial failed
        self.depth = -1  # how far into the line the reason kept in ``reason`` came
        self.pool: list[str] = []  # A.8.1 the draft's setup cards, in the order dealt
        self.characters: list[str] = []  # A.8.1.III the Vagabonds' characters
        self.landmarks: list[str] = []  # A.5.2 the landmark cards the header names
        self.demoted: list[str] | None = None  # A.6.2 the cards the header demotes
        self.named: frozenset[str] | None = None  # the cards the line names (lazy)
        self.relic_slots: list[int] = []  # 15.3.3 the forests in the order dealt to
        self.forests: list[tuple[int, ...]] = []
        self.ranges: dict[str, int] = {}  # how many results a random draw has
        self.range_hit: tuple[str, int] | None = None
        self.fail_event = 0  # the step of the trial where the latest match failed
        # a face-down thing the engine took that the line does not (``_reswapped``): an
        # item from a ruin (("ruin", c)), a relic from a forest (("relic", loc, value))
        self.miss: tuple[Any, ...] | None = None
        self.swap: tuple[Any, ...] | None = None  # the swap ``_run`` makes first
        self.swaps = False  # whether misses are swapped (the second search)
        self.missed = False  # whether a miss was met (a second search may help)
        self.progress = 0  # units matched before it failed
        # a card a line shows by name was shown (a reveal left out is tolerated); an
        # unnamed reveal (a hand shown, ``^A``) may be any number of cards
        self.atoms = exp.atoms if strict else [
            Atom(a.sign, a.comp, a.place, None, a.rank, a.loose)
            if a.place == SHOWN and not _named_shown(a.comp) else a for a in exp.atoms]
        self.battles = exp.battles
        self.reason = ""


def _named_shown(comp: Any) -> bool:
    """A shown card the line names (``F#roottea^``), not any card of a hand."""
    return isinstance(comp, tuple) and len(comp) > 2 and isinstance(comp[2], frozenset) \
        and len(comp[2]) <= 2


@dataclass
class Node:
    g: Game
    snap: Snap
    left: tuple[int | None, ...]
    draws: int
    quests: int
    battles: int
    decisions: int


def _fail(ctx: Context, why: str, node: Node) -> None:
    """Keep the reason of the failure that came furthest into the line."""
    ctx.last = why
    done = sum(1 for n in node.left if n == 0)
    if done >= ctx.depth and not ctx.bounded:
        ctx.depth = done
        ctx.reason = why


def start(g: Game, ctx: Context) -> Node:
    return Node(g, ctx.lens.snap(g), tuple(a.count for a in ctx.atoms), 0, 0, 0, 0)


def at_boundary(g: Game) -> bool:
    return bool(g.won) or (bool(g.stack) and g.stack[-1][0] == "turn" and g.decision is None)


def search(root: Node, ctx: Context) -> Node | None:
    """The node at the end of the line (the next turn about to start, or the game
    over) reached by options producing exactly the line's changes; None if none was
    found within MAX_TRIALS (``ctx.reason`` says what stopped it). A face-down guess
    (``_reswapped``) is changed only in a second search, when the first found nothing
    and met such a miss: a swap that lets a wrong option match would change the
    hidden state for good (round-trip seed 339)."""
    found = _search(root, ctx)
    if found is None and ctx.missed and not ctx.swaps:
        ctx.swaps = True
        ctx.trials = 0
        ctx.bounded = False
        found = _search(root, ctx)
    return found


def _search(root: Node, ctx: Context) -> Node | None:
    """Depth first, in passes (``CAPS``): a pass that cut no subtree at its cap has
    searched everything, and the next would find nothing more. A position searched
    whole (``seen``) holds no way to the line's end whatever the cap: later passes skip
    it."""
    seen: set[Any] = set()
    for cap in CAPS:
        ctx.cap = min(ctx.limit, PASS_SPAN) // cap if cap else 0
        ctx.cuts = 0
        for first in trials(root, None, ctx, starting=True):
            found = _dfs(first, ctx, seen, ctx.limit)
            if found is not None:
                return found
        if not ctx.cuts or ctx.trials >= ctx.limit:
            break
    if not ctx.reason:
        ctx.reason = "the automatic steps at its start do not match the line"
    return None


def _dfs(node: Node, ctx: Context, seen: set[Any], deadline: int) -> Node | None:
    """The line's end below ``node``, searched until ``ctx.trials`` reaches
    ``deadline`` (the cap of the subtree it is in)."""
    g = node.g
    if g.decision is None:
        if at_boundary(g):
            why = finished(node, ctx)
            if not why:
                return node
            _fail(ctx, why, node)
        return None
    if ctx.partial and not finished(node, ctx):
        return node  # the record stops here, in the middle of the turn
    key = (_fingerprint(node), node.left, node.draws, node.battles)
    if key in seen:
        return None
    seen.add(key)
    cuts = ctx.cuts
    found = _children(node, ctx, seen, deadline)
    if ctx.cuts != cuts:  # not searched whole: another way here may find more
        seen.discard(key)
    return found


def _children(node: Node, ctx: Context, seen: set[Any], deadline: int) -> Node | None:
    g = node.g
    assert g.decision is not None
    alike: set[Any] = set()
    for o in order(g.decision.options, node, ctx):
        same = _retinue_alike(o, g, ctx)
        if same is not None:  # a card of the same suit in the same column: the same
            if same in alike:  # (the record names neither; 15.5.2 acts by suit)
                continue
            alike.add(same)
        if ctx.trials >= ctx.limit:
            if not ctx.bounded:
                ctx.bounded = True
                closest = f"; closest: {ctx.reason}" if ctx.reason else ""
                ctx.reason = (f"no sequence of legal options found within {ctx.limit} "
                              f"tries (search bound){closest}")
            return None
        if ctx.trials >= deadline:
            ctx.cuts += 1
            return None
        for child in trials(node, o, ctx):
            sub = min(deadline, ctx.trials + ctx.cap) if ctx.cap else deadline
            found = _dfs(child, ctx, seen, sub)
            if found is not None:
                return found
    return None


_RETINUE_VERBS: Final = frozenset({"kk_move", "kk_ferry", "kk_battle", "kk_delve_in"})


def _retinue_alike(o: Any, g: Game, ctx: Context) -> Any:
    """A Keepers' retinue action (15.5.2: a card of the current column acts by its suit)
    as the record sees it: the suit instead of the card, unless the line names the card
    (a shift or discard of it later); None for other options."""
    if not (isinstance(o, tuple) and len(o) >= 3 and o[0] in _RETINUE_VERBS
            and isinstance(o[1], str)):
        return None
    if ctx.named is None:
        ctx.named = frozenset(cid for a in ctx.atoms for cid in _ids(a.comp))
    if o[1] in ctx.named:
        return None
    card = g.deckdef.cards.get(o[1])
    suit = "bird" if o[1] == RETAINER else getattr(card, "suit", None)
    if suit is None:
        return None
    return (o[0], suit, *o[2:])


def _ids(comp: Any) -> frozenset[str]:
    """The card ids a line's component names (none if any card)."""
    if isinstance(comp, tuple) and len(comp) > 1 and comp[0] in ("c", "shown"):
        ids = comp[-1] if comp[0] == "shown" else comp[1]
        if isinstance(ids, frozenset) and len(ids) < 20:
            return frozenset(x for x in ids if isinstance(x, str))
    return frozenset()


def _fingerprint(node: Node) -> Any:
    g = node.g
    adv = g.adv
    b = g.battle
    return (tuple(raw for raw, _ in node.snap.areas.values()), states_raw(g), tuple(g.stack),
            g.phase, g.once, tuple(g.craft_used), g.turn_seat,
            None if adv is None else repr(adv.to_json()), None if b is None else repr(b.to_json()))


# ------------------------------------------------------------------ trials

def trials(node: Node, option: Any, ctx: Context, starting: bool = False
           ) -> Iterator[Node]:
    """Apply ``option`` (None: run the automatic steps) to a copy and run on to the next
    decision or the line's end: each child whose changes the line holds. A random result
    the line does not say (the mob die, a random card, an unwritten die) gives a child
    per value, lazily, the engine's own first."""
    ctx.trials += 1
    forced: list[list[Any]] = []
    odo: _Odometer | None = None
    events: list[tuple[Any, ...]] = []
    fixes = 0
    blame = 0
    for _ in range(4 * MAX_FIXES):
        g, got = _run(node, option, ctx, forced, starting)
        if g is not None:
            events = got
            desired = _oracle(node, events, ctx)
            seen_ = [[e[1][1], e[1][2]] for e in events if e[0] == "log" and e[1][0] in ("r", "f")]
            if desired is not None and desired != seen_ and fixes < MAX_FIXES:
                # one correction at a time: a forced result changes what later draws see
                k = next(i for i, (a, b) in enumerate(zip(desired, seen_, strict=True)) if a != b)
                forced = desired[:k + 1]
                fixes += 1
                continue
            ctx.miss = None
            child = _match(node, g, events, ctx)
            blame = ctx.fail_event
            if child is None and ctx.miss is not None:
                ctx.missed = True
                if ctx.swaps:
                    child = _reswapped(node, option, ctx, forced, starting, ctx.miss)
            if child is not None:
                yield child
                blame = len(events)  # it led nowhere: any result of this run may be wrong
        elif not forced:
            return
        if odo is None:
            odo = _Odometer(_unwritten_dice(node, events, ctx), ctx)
            if g is not None and ctx.setup:  # setup: random placements, one at a time
                for child in _greedy(node, option, ctx, starting, events, odo, blame):
                    yield child
                return
        if g is None and ctx.range_hit is not None:
            odo.prune(*ctx.range_hit)
            ctx.range_hit = None
        nxt = odo.next(events, blame if g is not None else len(events))
        if nxt is None:
            return
        forced = nxt
        fixes = 0  # the record's results corrected again after the tried one
        ctx.trials += 1


def _run(node: Node, option: Any, ctx: Context, forced: list[list[Any]], starting: bool
         ) -> tuple[Game | None, list[tuple[Any, ...]]]:
    """Run the option and the automatic steps after it; the events, step by step: the
    ledger's changes ("moved"), battles begun, cards revealed, the record's entries."""
    g = node.g.copy()
    if forced:  # else the game's own queue (the record's seating, at the start)
        g.forced = [list(x) for x in forced]
    _stack_deck(g, ctx.exp.draws[node.draws:])
    _stack_quests(g, ctx.exp.quests[node.quests:])
    _stack_ruins(g, ctx.exp.ruins)
    if ctx.swap is not None:
        _swap_hidden(g, ctx.swap)
    mark = g.last_entry
    events: list[tuple[Any, ...]] = []
    battle = g.battle
    shown = _revealed(g)
    restacked = ctx.exp.ruins or ctx.swap is not None  # what lies face down changed
    snap = ctx.lens.snap(g, node.snap) if restacked else node.snap
    try:
        if option is not None:
            g.apply(option, advance=False)
            battle = _saw_battle(g, battle, events, ctx)
            new = g.entries_after(mark) if g.last_entry is not mark else []
            mark = _saw_entries(g, mark, events)
            shown = _saw_shown(g, shown, events, ctx)
            snap = _saw_moves(g, snap, events, ctx, new)
            if option[0] == "trick":  # 13.6.3 the swap is the trick (as the writer says)
                lo, hi = sorted((int(option[1]), int(option[2])))
                events.append(("trick", lo, hi))
                if events[-2][0] == "moved":
                    for led in events[-2][1:]:
                        for key in [k for k in led if k[0][0] == "t" and k[0][1] == "P"
                                    and k[1] in (("c", lo), ("c", hi))]:
                            del led[key]
        first = starting
        while not g.won:
            top = g.stack[-1]
            if top[0] == "turn" and not first:
                break
            first = False
            if not g.run_step():
                break
            battle = _saw_battle(g, battle, events, ctx)
            new = g.entries_after(mark) if g.last_entry is not mark else []
            mark = _saw_entries(g, mark, events)
            shown = _saw_shown(g, shown, events, ctx)
            snap = _saw_moves(g, snap, events, ctx, new)
    except (ValueError, IndexError, KeyError, RuntimeError, TypeError) as e:
        m = re.search(r"forced (\w+) result \S+ out of range 0\.\.(\d+)", str(e))
        if m:  # a random result tried past its range: none further for this draw
            ctx.ranges[m.group(1)] = int(m.group(2)) + 1
            ctx.range_hit = (m.group(1), int(m.group(2)) + 1)
        else:
            _fail(ctx, f"the engine refused a forced result: {e}", node)
        return None, []
    g.forced = []
    events.append(("snap", snap))
    return g, events


def _saw_moves(g: Game, snap: Snap, events: list[tuple[Any, ...]], ctx: Context,
               entries: list[tuple[Any, ...]]) -> Snap:
    now = ctx.lens.snap(g, snap)
    removed, added = delta(snap, now)
    fold_reshuffle(removed, added, entries)
    if removed or added:
        events.append(("moved", removed, added))
    return now


def _revealed(g: Game) -> list[tuple[str, ...]]:
    return [tuple(getattr(fs, "revealed", ()) or ()) for fs in g.fstate]


def _saw_shown(g: Game, before: list[tuple[str, ...]], events: list[tuple[Any, ...]],
               ctx: Context) -> list[tuple[str, ...]]:
    """Cards newly revealed to all from a hand (10.5 the Cult, 12.5.3 the Duchy): they go
    back in Evening, so each step is looked at."""
    now = _revealed(g)
    for s in range(len(now)):
        if now[s] != before[s] and now[s]:
            fresh = Counter(now[s])
            fresh.subtract(Counter(before[s]))
            for cid, n in fresh.items():
                if n > 0:
                    events.append(("shown", ctx.letters[s], cid, n))
    return now


def _saw_entries(g: Game, mark: Any, events: list[tuple[Any, ...]]) -> Any:
    if g.last_entry is not mark:
        events.extend(("log", e) for e in g.entries_after(mark))
    return g.last_entry


def _saw_battle(g: Game, battle: Any, events: list[tuple[Any, ...]], ctx: Context) -> Any:
    b = g.battle
    if b is not None and b is not battle:
        letters = ctx.letters + hireling_letters(g)  # 3 Hirelings: owners n + k
        n = len(letters)
        att = letters[b.att] if 0 <= b.att < n else "?"
        dfd = letters[b.dfd] if 0 <= b.dfd < n else "?"
        c = 0 if b.c == g.board.burrow else b.c
        events.append(("battle", att, dfd, c))
    return b


def _oracle(node: Node, events: list[tuple[Any, ...]], ctx: Context) -> list[list[Any]] | None:
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
            want = _relics(kind, list(value), ctx, node.g, relics)
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


def _relic_moves(ctx: Context) -> tuple[list[tuple[str, int]], list[str], list[tuple[str, int]]]:
    """15.3: the setup line's relics: (identity, forest) placed at once, those kept
    beside the board, (identity, forest) of those placed later (15.3.3). An identity is
    its type and value ("tablet2"), or its type alone when the record hides the value."""
    from rootlaw.factions.keepers import TYPES

    first: list[tuple[str, int]] = []
    kept: list[str] = []
    later: list[tuple[str, int]] = []
    for comp, src, dst, count in ctx.exp.moves:
        if not (isinstance(comp, tuple) and comp[0] == "t" and comp[1] == "K"):
            continue
        codes = comp[2] if isinstance(comp[2], frozenset) else {comp[2]}
        hids = comp[3] if isinstance(comp[3], frozenset) else {comp[3]}
        code = min(codes, key=len) if codes is not ANY else ""
        t = next((x for x in TYPES if code and x[0] == code[-1]), "")
        value = next((h for h in hids if isinstance(h, str) and h not in ("", "?")), "") \
            if hids is not ANY else ""
        ident = t + value
        for _ in range(count or 1):
            if src is None and isinstance(dst, tuple) and dst[0] == "fo":
                first.append((ident, _forest(dst[1], ctx)))
            elif src is None and dst == ("board", "K", "unplaced"):
                kept.append(ident)
            elif src == ("board", "K", "unplaced") and isinstance(dst, tuple) and \
                    dst[0] == "fo":
                later.append((ident, _forest(dst[1], ctx)))
    return first, kept, later


def _forest(clearings: Any, ctx: Context) -> int:
    return ctx.forests.index(tuple(clearings)) if tuple(clearings) in ctx.forests else -1


def _relics(kind: str, value: list[str], ctx: Context, g: Game,
            dealt: list[str] | None = None) -> list[str]:
    """15.3.1 the relics shuffled so each forest gets the record's; 15.3.3 the forests
    of the rest in the record's order."""
    ctx.forests = [tuple(cl) for _, cl in g.board.forests]
    first, kept, later = _relic_moves(ctx)
    if kind == "relic_forests" and ctx.relic_slots:  # 15.3.3: relic j goes to
        first_ = [str(f) for f in ctx.relic_slots if str(f) in value]  # order[j % k]
        return first_ + [v for v in value if v not in first_]
    if kind == "relic_forests":
        unplaced: list[str] = []
        for st in g.fstate:
            unplaced = list(getattr(st, "unplaced", ()) or ()) or unplaced
        if dealt is not None:  # shuffled in this same run: the ones past the forests
            ctx.forests = [tuple(cl) for _, cl in g.board.forests]
            unplaced = dealt[len(ctx.forests):]
        left = list(later)
        order: list[str] = []
        for ident in unplaced[:len(value)]:
            pick = next((p for p in left if p[0] == ident), None) or next(
                (p for p in left if p[0] and ident.startswith(p[0].rstrip("0123456789"))
                 and not p[0][-1].isdigit()), None)
            if pick is None:
                break
            left.remove(pick)
            if str(pick[1]) in value and str(pick[1]) not in order:
                order.append(str(pick[1]))
        return order + [v for v in value if v not in order]
    n = len(ctx.forests)
    slots: list[str] = [""] * len(value)
    for ident, f in first:
        if 0 <= f < n:
            slots[f] = ident
    cyclic, ctx.relic_slots = _cyclic(later, _far(ctx))
    for j, ident in enumerate(cyclic or kept or [i for i, _ in later]):
        if n + j < len(slots):
            slots[n + j] = ident
    spare = list(value)
    out: list[str | None] = [None] * len(value)
    for exact in (True, False):
        for i, want in enumerate(slots):
            if out[i] is not None or not want:
                continue
            for x in spare:
                if x == want or (not exact and x.rstrip("0123456789") == want):
                    out[i] = x
                    spare.remove(x)
                    break
    return [x if x is not None else spare.pop(0) for x in out]


def _far(ctx: Context) -> int:
    """15.3.3: how many forests take the remaining relics: those not adjacent to a
    clearing of the Keepers' setup warriors (15.3.2 places them all first, whatever
    the line's order); every forest if none is."""
    corner: set[int] = set()
    for comp, src, dst, _ in ctx.exp.moves:
        if comp == ("w", "K") and src is None and isinstance(dst, tuple) and dst[0] == "c":
            corner.add(int(dst[1]))
    far = [f for f in ctx.forests if not corner & set(f)]
    return len(far) or len(ctx.forests)


def _cyclic(later: list[tuple[str, int]], k: int) -> tuple[list[str], list[int]]:
    """15.3.3 deals the j-th remaining relic to the (j mod k)-th forest of a shuffled
    order: the relics in an order that lets each forest get the record's ones (the
    forests with most first), and that order of the forests; none if no order can."""
    if not later or k <= 0:
        return [], []
    by: dict[int, list[str]] = {}
    for ident, f in later:
        by.setdefault(f, []).append(ident)
    m = len(later)
    sizes = [m // k + (1 if i < m % k else 0) for i in range(k)]
    forests = sorted(by, key=lambda f: -len(by[f]))
    if len(forests) > k or [len(by[f]) for f in forests] != sizes[:len(forests)] or \
            any(sizes[len(forests):]):
        return [], []
    return [by[forests[j % k]][j // k] for j in range(m)], forests


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


def _stack_deck(g: Game, pending: list[frozenset[str] | None]) -> None:
    if pending and any(p is not None for p in pending):
        new = _stacked(g.deck, pending)
        if new is not g.deck:
            g.deck = new


def _stack_quests(g: Game, pending: list[frozenset[str] | None]) -> None:
    if pending and any(p is not None for p in pending) and g.quest_deck:
        new = _stacked(g.quest_deck, pending)
        if new is not g.quest_deck:
            g.quest_deck = new


def _no_hole(before: tuple[int | None, ...], after: list[int | None], atoms: list[Atom]
             ) -> bool:
    """In rootlaw's order: the atoms this trial took are the first ones still open,
    but for pairs that undo each other (moved there and back: within one trial, or an
    arrival the line's next atoms take away again, as the Hundreds' crafted item that
    the engine removes straight from the supply, 14.2.3)."""
    last = -1
    for i, (a, b) in enumerate(zip(before, after, strict=True)):
        if a != b and a is not None:
            last = i
    open_: list[int] = [i for i in range(last) if after[i] and not atoms[i].loose]
    if not open_:
        return True
    later = [i for i in range(last + 1, len(atoms)) if after[i] and not atoms[i].loose]
    plus = [[i, after[i] or 0] for i in open_ if atoms[i].sign > 0]
    minus = [[i, after[i] or 0] for i in open_ if atoms[i].sign < 0]
    spare = [[i, after[i] or 0] for i in later]
    _pair_off(plus, minus + [x for x in spare if atoms[x[0]].sign < 0], atoms, True)
    _pair_off(minus, [x for x in spare if atoms[x[0]].sign > 0], atoms, False)
    return not any(n for _, n in plus + minus)


def _pair_off(outer: list[list[int]], inner: list[list[int]], atoms: list[Atom],
              outer_arrives: bool) -> None:
    """Arrivals and departures that undo each other cancel, as many as both have
    ([atom index, count left] each, counts lowered in place); ``outer_arrives``: the
    outer list holds the arrivals."""
    for a in outer:
        for b in inner:
            p, m = (a, b) if outer_arrives else (b, a)
            if p[1] and m[1] and _cancel(atoms[p[0]], atoms[m[0]]):
                k = min(p[1], m[1])
                p[1] -= k
                m[1] -= k


def _unwritten_dice(node: Node, events: list[tuple[Any, ...]], ctx: Context) -> bool:
    """Whether the dice of this trial belong to a battle the line writes without its
    rolls (a hand-written record): only then are other rolls worth trying."""
    if ctx.strict:
        return False
    i = node.battles - 1
    for ev in events:
        if ev[0] == "battle":
            i += 1
    if i < 0 or i >= len(ctx.battles):
        return False
    b = ctx.battles[i]
    return b.rolls is None


def _stack_ruins(g: Game, takes: list[tuple[int, str]]) -> None:
    """9.3.4 the items under the ruins lie face down: the ruin a line explores holds
    the item it names (swapped with a ruin that holds it, where it does not)."""
    if not takes:
        return
    items = g.ruin_items
    for c, item in takes:
        if not 0 < c < len(items) or item in items[c] or not items[c]:
            continue
        for c2 in range(1, len(items)):
            if c2 != c and item in items[c2] and all(
                    (c2, x) not in takes for x in items[c2] if x == item):
                here = list(items[c])
                there = list(items[c2])
                give = next((x for x in here if (c, x) not in takes), here[0])
                here[here.index(give)] = item
                there[there.index(item)] = give
                items = list(items)
                items[c] = tuple(here)
                items[c2] = tuple(there)
                g.ruin_items = items
                break


def _reswapped(node: Node, option: Any, ctx: Context, forced: list[list[Any]],
               starting: bool, miss: tuple[Any, ...]) -> Node | None:
    """The engine took a face-down thing the line does not take: the reader's guess of
    which lies where may be wrong, so each swap that puts another there is tried. An
    item from a ruin (9.3.4 face down; a raze by the Hundreds, 14.4.1, takes none of a
    type the Hoard holds, 9.7.3), a relic's value from a forest (15.2.1 face down: of
    two of a type, which one a delve takes, 15.5.2.IIa)."""
    for swap in _swaps(node.g, miss):
        if ctx.trials >= ctx.limit:
            return None
        ctx.trials += 1
        ctx.swap = swap
        try:
            g, got = _run(node, option, ctx, forced, starting)
        finally:
            ctx.swap = None
        if g is not None:
            ctx.miss = None
            child = _match(node, g, got, ctx)
            if child is not None:
                return child
    return None


def _swaps(g: Game, miss: tuple[Any, ...]) -> Iterator[tuple[Any, ...]]:
    """The swaps that put something else where the miss was: an item of ruin c with
    another ruin's (9.3.4), a relic of that value at loc with another face-down relic
    of its type (15.2.1): ("ruin", c, i, c2, j), ("relic", seat, i, j)."""
    if miss[0] == "ruin":
        c = miss[1]
        items = g.ruin_items
        for i, here in enumerate(items[c]):
            for c2 in range(1, len(items)):
                for j, there in enumerate(items[c2]):
                    if c2 != c and there != here:
                        yield ("ruin", c, i, c2, j)
        return
    _, loc, value = miss
    for s, fs in enumerate(g.fstate):
        vals = getattr(fs, "values", None)
        if not isinstance(vals, FaceDown) or value not in vals.ids:
            continue
        for i, ident in enumerate(vals.ids):
            if vals.locs[i] == loc and ident == value:
                for j, other in enumerate(vals.ids):
                    if other != ident and TYPE_OF[other] == TYPE_OF[ident]:
                        yield ("relic", s, i, j)


def _swap_hidden(g: Game, swap: tuple[Any, ...]) -> None:
    """Make a swap of ``_swaps`` on the game (a copy the search runs)."""
    if swap[0] == "ruin":
        _, c, i, c2, j = swap
        items = list(g.ruin_items)
        a, b = list(items[c]), list(items[c2])
        a[i], b[j] = b[j], a[i]
        items[c], items[c2] = tuple(a), tuple(b)
        g.ruin_items = items
        return
    _, s, i, j = swap
    fs: Any = g.fstate[s]
    ids = list(fs.values.ids)
    ids[i], ids[j] = ids[j], ids[i]
    fs.values = FaceDown(fs.values.locs, tuple(ids))


def _greedy(node: Node, option: Any, ctx: Context, starting: bool,
            events: list[tuple[Any, ...]], odo: _Odometer, blame: int) -> Iterator[Node]:
    """Random results of a setup the record does not say (a bot's keep and buildings,
    Rootbotics 4.3): one result at a time, keeping each value that matches more of the
    line, rather than every combination. Only results drawn before the step where the
    line stopped matching (``blame``, an event) are tried: later ones cannot mend it."""
    cur, blamed = _draws(events, blame)
    best = ctx.progress
    for _ in range(2):
        i = 0
        while i < min(blamed, len(cur)):
            choices = odo._choices(cur[i][0], cur[i][1])
            for v in choices:
                trial_ = [list(d) for d in cur]
                trial_[i][1] = v
                ctx.trials += 1
                g, got = _run(node, option, ctx, trial_[:i + 1] + cur[i + 1:], starting)
                if g is None and ctx.range_hit is not None and ctx.range_hit[0] != cur[i][0]:
                    # a later result out of its range now (fewer sites for a bot's
                    # buildings once its keep moved): the later ones left to the engine
                    ctx.range_hit = None
                    ctx.trials += 1
                    g, got = _run(node, option, ctx, trial_[:i + 1], starting)
                if g is None:
                    ctx.range_hit = None
                    continue
                child = _match(node, g, got, ctx)
                if child is not None:
                    yield child
                    return
                if ctx.progress >= best:  # (a tie: move on, later draws may decide)
                    best = ctx.progress
                    cur, blamed = _draws(got, ctx.fail_event)  # it failed further on
            i += 1
    # draws of one kind in a row (a bot's starting buildings, Rootbotics 4.3.4: each
    # picks among the sites the ones before left) depend on each other, which one
    # result at a time cannot follow: every combination of them, depth first
    i = 0
    while i < len(cur) and i <= blamed:
        j = i
        while j < len(cur) and cur[j][0] == cur[i][0]:
            j += 1
        if j - i > 1 and cur[i][0] in _ENUMERABLE:
            if i < blamed:
                for child in _exhaust(node, option, ctx, starting, cur, i, j):
                    yield child
                    return
            if i > 0 and cur[i - 1][0] in _ENUMERABLE:
                # the sites left depend on the draw before them (a bot's keep, 4.3.3):
                # a wrong keep may match more of the line than the right one with the
                # wrong buildings (seed 494: a warrior where the line has none shows
                # only after the other warriors), so the pass above kept the wrong one
                for child in _exhaust_under(node, option, ctx, starting, cur, i, j, odo):
                    yield child
                    return
        i = j


def _draws(events: list[tuple[Any, ...]], blame: int) -> tuple[list[list[Any]], int]:
    """A run's random results ([kind, value] each) and how many came before event
    ``blame`` (where the line stopped matching: only those may be to blame)."""
    at = [j for j, e in enumerate(events) if e[0] == "log" and e[1][0] in ("r", "f")]
    return [[events[j][1][1], events[j][1][2]] for j in at], sum(1 for j in at if j < blame)


def _exhaust_under(node: Node, option: Any, ctx: Context, starting: bool,
                   cur: list[list[Any]], i: int, end: int, odo: _Odometer) -> Iterator[Node]:
    """Every value of draw ``i`` - 1, and under each every combination of the draws of
    ``i``'s kind that follow it (``_exhaust``; how many, the value decides: a bot's keep
    leaves as many sites as it has open neighbours); its values stop at the first past
    its range."""
    kind = cur[i - 1][0]
    for v in odo._choices(kind, cur[i - 1][1]):
        if ctx.trials >= ctx.limit:
            return
        head = [list(d) for d in cur[:i]]
        head[i - 1][1] = v
        ctx.trials += 1
        g, got = _run(node, option, ctx, head, starting)
        if g is None:
            hit = ctx.range_hit
            ctx.range_hit = None
            if hit is not None and hit[0] == kind:
                return
            continue
        drawn, _ = _draws(got, len(got))
        k = i
        while k < len(drawn) and drawn[k][0] == cur[i][0]:
            k += 1
        if k == i:
            continue
        trial_ = head + [list(d) for d in drawn[i:k]] + [list(d) for d in cur[end:]]
        yield from _exhaust(node, option, ctx, starting, trial_, i, k)


def _exhaust(node: Node, option: Any, ctx: Context, starting: bool, cur: list[list[Any]],
             i: int, end: int) -> Iterator[Node]:
    """Draws ``i``..``end`` - 1 (one kind) tried in every combination, the earlier ones
    as in ``cur``: a value past the draw's range ends its level."""
    kind = cur[i][0]
    for v in range(12):
        if ctx.trials >= ctx.limit:
            return
        trial_ = [list(d) for d in cur]
        trial_[i][1] = v
        for k in range(i + 1, end):
            trial_[k][1] = 0  # always in range: the first site left
        ctx.trials += 1
        g, got = _run(node, option, ctx, trial_, starting)
        if g is None:
            if ctx.range_hit is not None and ctx.range_hit[0] == kind:
                ctx.range_hit = None
                return
            continue
        if i + 1 == end:
            child = _match(node, g, got, ctx)
            if child is not None:
                yield child
                return
            continue
        yield from _exhaust(node, option, ctx, starting, trial_, i + 1, end)


class _Odometer:
    """Every combination of the random results a line does not say (a die, a random
    card, the mob die), one run after another: the last result first, the engine's
    own value before the others."""

    def __init__(self, dice: bool, ctx: Context) -> None:
        self.dice = dice
        self.ctx = ctx
        self.stack: list[list[Any]] = []  # per draw: [kind, value, values left]

    def _choices(self, kind: str, value: Any) -> list[Any]:
        if kind == "dice" and self.dice:
            out: list[Any] = [[a, d] for a in range(4) for d in range(a + 1)]
        elif kind in ("setup_character", "vagabot_character") and self.ctx.characters:
            return []  # A.8.1.III the record names the character (the oracle sets it)
        elif kind in _ENUMERABLE:
            out = list(range(12))
        else:
            return []
        return [c for c in out if c != value]

    def prune(self, kind: str, n: int) -> None:
        """The draw just tried has n results: drop the values past them."""
        if self.stack and self.stack[-1][0] == kind:
            self.stack[-1][2] = [v for v in self.stack[-1][2] if isinstance(v, int) and v < n]

    def next(self, events: list[tuple[Any, ...]], before: int) -> list[list[Any]] | None:
        """The next combination; results drawn at or after event ``before`` (where the
        line stopped matching) are left to the engine."""
        at = [j for j, ev in enumerate(events) if ev[0] == "log" and ev[1][0] in ("r", "f")]
        draws = [events[j][1] for j in at]
        blame = sum(1 for j in at if j < before)
        for top in self.stack[blame:]:
            top[2] = []  # later draws: their own values, not tried before the blamed one
        keep = 0
        while keep < min(len(draws), len(self.stack)) and self.stack[keep][0] == draws[keep][1]:
            keep += 1
        del self.stack[keep:]
        for e in draws[keep:]:
            self.stack.append([e[1], e[2], self._choices(e[1], e[2])])
        while self.stack:
            top = self.stack[-1]
            if top[2]:
                top[1] = top[2].pop(0)
                return [[k, v] for k, v, _ in self.stack]
            self.stack.pop()
        return None


# ---------------------------------------------------------------- matching

def _match(node: Node, g: Game, events: list[tuple[Any, ...]], ctx: Context) -> Node | None:
    snap = next(ev[1] for ev in reversed(events) if ev[0] == "snap")
    left = list(node.left)
    atoms = ctx.atoms
    draws = node.draws
    quests = node.quests
    # the engine's changes, step by step, as signed units; settings apart
    units: list[tuple[int, Key, int]] = []  # in the engine's order
    where: list[int] = []  # the event (step) each unit comes from
    settings: dict[tuple[Any, ...], str] = {}
    battles = 0
    for j, ev in enumerate(events):
        kind = ev[0]
        if kind == "moved":
            removed, added = ev[1], ev[2]
            for key, n in removed.items():
                units.append((-1, key, n))
                where.append(j)
            for key, n in added.items():
                units.append((1, key, n))
                where.append(j)
                if key[0][0] in SETTINGS:
                    settings[key[0]] = str(key[1][1])
        elif kind == "battle":
            units.append((1, (ev, BATTLE), 1))
            where.append(j)
            battles += 1
        elif kind == "shown":
            units.append((1, (("shown", ev[1], ev[2]), SHOWN), ev[3]))
            where.append(j)
        elif kind == "trick":
            units.append((1, (("trick", ev[1], ev[2]), TRICK), 1))
            where.append(j)
    ctx.fail_event = len(events)
    for key, value in settings.items():
        why = _setting_ok(key, value, ctx, final=False)
        if why:
            _fail(ctx, why, node)
            return None
    silent = _silent(units, ctx)
    # a record rootlaw wrote follows the engine's order: a trial's changes are the next
    # ones written (checked below: no hole before the last one taken)
    ordered = ctx.ordered
    before = left  # in rootlaw's order: the atoms left before the step of the unit at hand
    for u, (sign, key, n) in enumerate(units):
        if ordered and (u == 0 or where[u] != where[u - 1]):
            # step by step, not only at the trial's end: a trial of several steps (a
            # bot's turn) may take the line's atoms in another order than its steps
            # (the hits of two battles in one clearing swapped: a reshuffle later)
            if u and not _no_hole(tuple(before), left, atoms):
                _fail(ctx, "the engine does these movements in another order", node)
                ctx.fail_event = where[u - 1]  # a random result of that step may be wrong
                ctx.progress = _soft_score(node, units, atoms)
                return None
            before = list(left)
        if key[0][0] in SETTINGS:
            if ordered and sign > 0 and not _setting_in_order(key, before, ctx):
                _fail(ctx, "the engine does these movements in another order "
                      f"({_say_key(key[0])} is set after what the line writes next)", node)
                ctx.progress = _soft_score(node, units, atoms)
                return None
            continue
        need = n
        found = [i for i, a in enumerate(atoms) if a.sign == sign and left[i] != 0
                 and matches(a.comp, key[0]) and matches(a.place, key[1])]
        # "all of them" atoms (%_, $_->) last: they take what nothing else does
        found.sort(key=(lambda i: (left[i] is None, i)) if ordered else (
            lambda i: (left[i] is None, -atoms[i].rank, i)))
        for i in found:
            if need == 0:
                break
            have = left[i]
            if have is None:
                need = 0
                break
            take = min(have, need)
            left[i] = have - take
            need -= take
        if need:
            if (sign, key) in silent or _tolerated(sign, key, ctx):
                continue
            _fail(ctx, _why(sign, key, n - need, n, ctx), node)
            ctx.fail_event = where[u]  # a random result before it may be to blame
            ctx.miss = _hidden_miss(sign, key, g)  # which one lies there is not known
            ctx.progress = _soft_score(node, units, atoms)
            return None
        if sign == -1 and key[1] == ("deck",) and key[0][0] == "c":
            draws += n
        if sign == 1 and key[1] == ("Q",) and key[0][0] == "c":
            quests += n
    if ordered and not (_no_hole(tuple(before), left, atoms) and
                        _no_hole(node.left, left, atoms)):
        _fail(ctx, "the engine does these movements in another order", node)
        ctx.progress = _soft_score(node, units, atoms)
        return None
    dec = node.decisions + 1
    return Node(g, snap, tuple(left), draws, quests, node.battles + battles, dec)


def _setting_in_order(key: Key, before: list[int | None], ctx: Context) -> bool:
    """In rootlaw's order, a setting changes before anything the line writes after it
    (an outcast adjusted, 10.4.2, before a Swap Meet in the same Birdsong: the Lost Souls
    it empties read as the discard pile either way): no atom after it taken in an
    earlier step."""
    at = ctx.exp.setting_at.get((key[0], str(key[1][1])))
    if not at:
        return True
    atoms = ctx.atoms
    return any(all(before[i] is None or atoms[i].loose or before[i] == atoms[i].count
                   for i in range(p, len(atoms))) for p in at)


def _soft_score(node: Node, units: list[tuple[int, Key, int]], atoms: list[Atom]) -> int:
    """How many of the engine's changes the line holds, each taken once (a measure of
    how close a trial came, to try random results one at a time)."""
    left = list(node.left)
    score = 0
    for sign, key, n in units:
        for i, a in enumerate(atoms):
            if left[i] and a.sign == sign and matches(a.comp, key[0]) and matches(a.place, key[1]):
                have = left[i]
                take = min(have or n, n)
                if have is not None:
                    left[i] = have - take
                score += take
                break
    return score


def _silent(units: list[tuple[int, Key, int]], ctx: Context) -> set[tuple[int, Key]]:
    """Changes no record writes (4 Semantics; rootlaw's writer leaves them out too)."""
    out: set[tuple[int, Key]] = set()
    to_deck = Counter(k[0] for s, k, _ in units if s == 1 and k[1] == ("deck",))
    said = {a.comp for a in ctx.atoms if isinstance(a.comp, tuple) and a.comp[:1] == ("lm",)}
    for sign, key, _ in units:
        comp, place = key
        if comp[0] == "ruin":
            out.add((sign, key))  # 5.1.4 placed at setup; removed when empty
        elif comp[0] == "c" and place == ("deck",) and sign == 1:
            out.add((sign, key))  # 2.1 the discard pile shuffled into the deck
        elif comp[0] == "c" and place == ("discard",) and sign == -1 and to_deck[comp]:
            out.add((sign, key))
        elif sign == -1 and comp[0] == "c" and place[0] == "board" and place[2] == "" and (
                comp[1] in _deposed()):
            out.add((sign, key))  # 7.7.3 a leader deposed; 14.4 a mood replaced
        elif ctx.setup and (place[0] in ("deck", "qdeck", "ruin", "isup", "lm")
                            and sign == 1 or comp[0] == "lm" and comp not in said):
            out.add((sign, key))  # 5.1 the deck, quests, ruins, items, landmarks set up
            # (a landmark the header places is checked there: A.5.3)
        elif ctx.setup and sign == -1 and place == ("deck",) and comp[0] == "c" and not any(
                s == 1 and k[0] == comp for s, k, _ in units):
            out.add((sign, key))  # 5.1.3 dominance cards out of a two-player deck
        elif ctx.setup and sign == -1 and comp[0] == "i" and place == ("isup",) and any(
                s == 1 and k[0] == comp and k[1][0] == "lm" for s, k, _ in units):
            out.add((sign, key))  # F.4 the Legendary Forge's items, from the supply
        elif ctx.setup and sign == 1 and comp[0] == "i" and place[0] == "items" and not any(
                s == -1 and k[0] == comp and k[1][0] != "ruin" for s, k, _ in units):
            out.add((sign, key))  # 9.3.5 the character's starting items
    return out


def _deposed() -> frozenset[str]:
    from rootlaw.factions.eyrie import LEADERS
    from rootlaw.factions.hundreds import MOODS

    return frozenset(LEADERS) | frozenset(MOODS)


def _tolerated(sign: int, key: Key, ctx: Context) -> bool:
    """Changes a hand-written record often leaves out (4 Semantics): never in strict
    mode (a record rootlaw wrote), but for the ruins' items at setup (face down under
    their ruins, 9.1: nobody writes them; the setup may deal them more than once)."""
    comp, place = key
    if ctx.setup and comp[0] == "i" and place[0] == "ruin":
        return True
    if ctx.strict:
        return False
    if comp[0] == "shown":
        return True  # a record may leave a reveal out
    if comp[0] == "i" and place[0] == "items":
        return True  # 9.4.1 refreshing, items to their tracks: frequently not notated
    if comp[0] == "w" and place[0] == "board" and place[2] in ("", "f") and place[1] == "O":
        return True  # 11.2.4 funds committed, payments become funds: not notated
    if comp[0] == "c" and place in (("Q",), ("qdeck",)):
        return True  # 9.5.6 a new quest drawn
    if ctx.setup and comp[0] == "c" and place[0] in ("hand", "deck"):
        return True  # 5.1.3 the hands dealt
    return False


def _setting_ok(key: tuple[Any, ...], value: str, ctx: Context, final: bool) -> str:
    if key[0] == "seat":
        want = ctx.seats.get(int(key[1]))
        if want is not None and value not in (want, "?"):
            return f"seat {key[1] + 1} takes {value}, the record has {want} (A.8.2)"
        return ""
    if key[0] == "funds" and ctx.me == key[1] and not final:
        return ""  # 11: written at the end of the Riverfolk's turn
    if ctx.setup and not final and (value in ("0", "?") or key[0] == "funds"):
        return ""  # a board set up: its markers start at their first space
    said = ctx.exp.settings.get(key)
    if said is None:
        if ctx.strict or key[0] not in ("rel",):
            return f"{_say_key(key)} becomes {value}, which the line does not say"
        return ""
    if value not in said:
        return f"{_say_key(key)} becomes {value}, the line says {said[-1]}"
    return ""


def _say_key(key: tuple[Any, ...]) -> str:
    kind = key[0]
    if kind == "rel":
        return f"the {key[1]} relationship with {key[2]} (9.2.9)"
    if kind == "price":
        return f"the Riverfolk's {key[1]} price (11.3.5)"
    if kind == "funds":
        return "the Riverfolk's funds (11.2.4)"
    if kind == "outcast":
        return "the Outcast (10.4.4)"
    if kind == "marker":
        return f"{key[1]}'s VP marker (3.3.1, 9.2.8)"
    return str(key)


def finished(node: Node, ctx: Context) -> str:
    """Why the line is not complete at its end ("" if it is)."""
    atoms = ctx.atoms
    # what is left must cancel out: a thing written arriving and then leaving the same
    # place (the record's steps finer than the engine's, or a token moved then flipped)
    plus = [[i, node.left[i] or 0] for i, a in enumerate(atoms) if a.sign > 0 and node.left[i]]
    minus = [[i, node.left[i] or 0] for i, a in enumerate(atoms) if a.sign < 0 and node.left[i]]
    for p in plus:
        for m in minus:
            if p[1] and m[1] and _cancel(atoms[p[0]], atoms[m[0]]):
                k = min(p[1], m[1])
                p[1] -= k
                m[1] -= k
    for i, n in plus + minus:
        if n:
            return "the engine found no way to do what the line says: " + _say_atom(
                atoms[i], n)
    cur = {k[0]: str(k[1][1]) for k in node.snap.total() if k[0][0] in SETTINGS}
    for key, said in ctx.exp.settings.items():
        if key[0] == "seat":
            continue
        now = cur.get(key)
        if now != said[-1]:
            return f"{_say_key(key)} is {now}, the line says {said[-1]}"
    if ctx.exp.vagabot:  # rootlaw's comment (Rootbotics 7.2: no Rootlog form)
        now_sides = vagabot_sides(node.g)
        if now_sides != ctx.exp.vagabot:
            return (f"the Vagabot's items by side are {now_sides}, the record's comment "
                    f"says {ctx.exp.vagabot}")
    if not ctx.setup and ctx.me == "O" and ("funds", "O") not in ctx.exp.settings:
        now = cur.get(("funds", "O"), "0")
        if now != "0" and ctx.strict:
            return f"the Riverfolk end the turn with {now} funds, the line says none"
    for s, want in ctx.seats.items():
        now = cur.get(("seat", s))
        if now is not None and now != want:
            return f"seat {s + 1} took {now}, the record has {want} (A.8.2)"
    return ""


def _cancel(a: Atom, b: Atom) -> bool:
    """Two atoms that undo each other: the same place, the same kind of thing."""
    if repr(a.place) != repr(b.place):
        return False
    if repr(a.comp) == repr(b.comp):
        return True
    ca, cb = a.comp, b.comp
    if not (isinstance(ca, tuple) and isinstance(cb, tuple) and len(ca) == len(cb)
            and ca[:2] == cb[:2] and ca[0] == "t"):
        return False
    # a token moved, then flipped where it lies (t_t7_10_11->10/t10^t_2_t): the same
    # token if what each says of it agrees (two relics of other values never do)
    ia, ib = _identity(ca), _identity(cb)
    return ia <= ib or ib <= ia


def _identity(comp: tuple[Any, ...]) -> frozenset[str]:
    """What a token pattern says of the token: its type and value letters (``t_3_j``
    and a face-down ``t_j`` of value 3 both say {3, j})."""
    out: set[str] = set()
    codes, hidden = comp[2], comp[3]
    for x in codes if isinstance(codes, frozenset) else (codes,):
        if isinstance(x, str):  # the piece's code: its kind, then what it is
            out.update(y for y in x.split("_")[1:] if y)
    for x in hidden if isinstance(hidden, frozenset) else (hidden,):
        if isinstance(x, str) and x not in ("", "?"):
            out.add(x)
    return frozenset(out)


def _say_atom(a: Atom, n: int) -> str:
    what = "arrive at" if a.sign > 0 else "leave"
    return f"{n} of {_pat(a.comp)} to {what} {_pat(a.place)}"


def _pat(p: Any) -> str:
    if isinstance(p, frozenset):
        return " or ".join(sorted(_pat(x) for x in p))
    if isinstance(p, tuple):
        bits = []
        for x in p:
            if x is ANY:
                bits.append("*")
            elif isinstance(x, frozenset):
                bits.append("|".join(sorted(map(str, x)))[:60])
            else:
                bits.append(str(x))
        return "(" + " ".join(bits) + ")"
    return str(p)


def _hidden_miss(sign: int, key: Key, g: Game) -> tuple[Any, ...] | None:
    """A face-down thing the engine took that the line does not: an item from a ruin,
    a relic of a value from a forest (``_reswapped``)."""
    comp, place = key
    if sign > 0:
        return None
    if comp[0] == "i" and place[0] == "ruin":
        return ("ruin", int(place[1]))
    if comp[0] == "t" and place[0] == "fo" and comp[3] not in ("", "?"):
        for i, (_, clearings) in enumerate(g.board.forests):
            if clearings == place[1]:  # the relic's identity: its type and value
                kind = names.piece_kinds("keepers").get(str(comp[2]), "")
                return ("relic", FOREST + i, kind + str(comp[3])) if kind else None
    return None


def _why(sign: int, key: Key, got: int, n: int, ctx: Context) -> str:
    comp, place = key
    verb = "arrives at" if sign > 0 else "leaves"
    return f"the engine's {_pat(comp)} {verb} {_pat(place)}, which the line does not say"


# ---------------------------------------------------------------- ordering

# options that say how many warriors move, and how many of them the line writes as
# plain warriors: ("warriors_lead", n) counts the Hundreds' warlord among the n (14.5.3),
# which the line writes apart (``(12w+w_w)12->9``)
_COUNT_VERBS: Final = {"warriors": 0, "warriors_lead": 1}


_MAYOR: Final = ("ud_minister", "mayor")


def order(options: list[Any], node: Node, ctx: Context) -> list[Any]:
    """The options most likely first: those naming what the line does next (none, in
    the line's order, when warriors are to move but the line moves none any more: a
    branch that cannot match)."""
    tokens: Counter[Any] = Counter()
    pending = [i for i, n in enumerate(node.left) if n]
    d = node.g.decision
    if ctx.ordered and d is not None and d.kind == "move_count" and all(
            isinstance(o, tuple) and len(o) == 2 and o[0] in _COUNT_VERBS and o[1] > 0
            for o in options):
        if not any(_warriors(ctx.atoms[i].comp) for i in pending):
            return []
    if ctx.ordered and d is not None and d.kind == "move":  # warriors leave the origin:
        leaving = {_origin(node.g, ctx.atoms[i]) for i in pending  # a line that has none
                   if ctx.atoms[i].sign < 0 and _warriors(ctx.atoms[i].comp)}  # leave
        if ANY not in leaving:  # there cannot take that move
            options = [o for o in options if not (
                isinstance(o, tuple) and len(o) == 3 and o[0] == "move"
                and isinstance(o[1], int) and place_of(node.g, o[1]) not in leaving)]
    cards = node.g.deckdef.cards
    for w, i in enumerate(pending[:4]):
        a = ctx.atoms[i]
        weight = 4 - w
        for part in (a.comp, a.place):
            for x in _flat(part):
                tokens[x] += weight
        for cid in _ids(a.comp):  # a card named: its suit too (the Banker's, 12.5.2.V)
            c = cards.get(cid)
            if c is not None:
                tokens[c.suit] += weight
        n = node.left[i]
        if n:
            tokens[("#", n)] += weight  # how many: ("warriors", 2)
    done_first = not any(n for n in node.left if n is not None)

    def wild(o: Any) -> int:
        """1 for an option spending a bird card (2.1.1 wild): among options the record
        cannot tell apart (which card a Keepers' move uses), a card of the clearing's
        suit first, keeping the wild one for later; so too the Mayor, who takes any
        swayed minister's action (12.5.2.VI), after the minister itself."""
        if o == _MAYOR:
            return 1
        for x in o[1:] if isinstance(o, tuple) else ():
            c = cards.get(x) if isinstance(x, str) else None
            if c is not None and getattr(c, "suit", "") == "bird" or x == RETAINER:
                return 1
        return 0

    def score(o: Any) -> tuple[int, int, int, int]:
        s = 0
        if isinstance(o, tuple) and len(o) == 2 and isinstance(o[1], int) and \
                o[0] in _COUNT_VERBS:  # ("warriors", n): how many, not where
            return (0, -tokens.get(("#", o[1] - _COUNT_VERBS[o[0]]), 0), 0, 0)
        for x in o[1:] if isinstance(o, tuple) else ():
            for y in _flat(x):
                s += tokens.get(_LETTER.get(y, y) if isinstance(y, str) else y, 0)
                if isinstance(y, int) and len(o) == 2:  # ("warriors", n): how many
                    s += tokens.get(("#", y), 0)
        verb = o[0] if isinstance(o, tuple) and o else ""
        bonus = 1 if done_first and verb in _DONE_VERBS else 0
        # E.2 a hireling's action, offered beside the faction's own: last among options
        # the line does not tell apart (it may end doing nothing the record shows, a gig
        # that pulls nobody, and spend the action the line needs later)
        hire = 1 if verb == "hireling" else 0
        return (-bonus, -s, hire, wild(o))

    return sorted(options, key=score)


def _origin(g: Game, a: Atom) -> Any:
    """The place an atom's warriors leave (ANY where the line does not say one)."""
    p = a.place
    return p if isinstance(p, tuple) and len(p) == 2 and p[0] == "c" and \
        isinstance(p[1], int) else ANY


def _warriors(comp: Any) -> bool:
    """Whether a line's component may be warriors (a move's count decides them)."""
    if isinstance(comp, frozenset):
        return any(_warriors(c) for c in comp)
    head = comp[0] if isinstance(comp, tuple) and comp else ANY
    return head is ANY or (isinstance(head, str) and head.startswith("w")) or \
        (isinstance(head, frozenset) and any(str(h).startswith("w") for h in head))


def _letters() -> dict[str, str]:
    from rootlaw.core.faction_api import FACTIONS

    out: dict[str, str] = {}
    for f in FACTIONS:
        try:
            out[f] = names.letter(f)
        except KeyError:
            continue
    return out


_LETTER: Final = _letters()


def _flat(x: Any) -> list[Any]:
    if isinstance(x, frozenset):
        return list(x)[:8]
    if isinstance(x, tuple):
        out: list[Any] = []
        for y in x:
            out.extend(_flat(y))
        return out
    if x is ANY:
        return []
    return [x]
