"""What the search of one line knows (the line, the seats, strict or not) and its bounds:
how many trials a line may take, and the passes' caps on one option's subtree."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from rootlaw.core.game import Game
from rootlaw.rootlog.expect import SHOWN, Atom, Expect
from rootlaw.rootlog.ledger import (
    ALL,
    Lens,
    Snap,
)

MAX_TRIALS: Final = 4000  # options tried for one line before it is flagged


# rootlaw's own records: every line is legal, so a long one (a Keepers' turn of many
# moves, each by a card the record does not name; a Duchy's Parliament, whose ministers
# the record does not name, 12.5.2: round-trip seed 1579 needs more than 30,000) is
# searched further; only a line not found costs the whole bound. A Riverfolk turn of
# many moves, each paid by a fund (hireling round-trip seed 174: 60,763 tries), is
# found only in the engine's own step order (checked step by step, ``match_trial``), which
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
        # a face-down thing the engine took that the line does not (``reswapped``): an
        # item from a ruin (("ruin", c)), a relic from a forest (("relic", loc, value))
        self.miss: tuple[Any, ...] | None = None
        self.swap: tuple[Any, ...] | None = None  # the swap ``run`` makes first
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
        self.rule = ""  # the rule of the decision where ``reason`` was met (the report's)
        self.tried_rule = ""  # the rule of the decision whose option is being tried


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


def fail(ctx: Context, why: str, node: Node) -> None:
    """Keep the reason of the failure that came furthest into the line."""
    ctx.last = why
    done = sum(1 for n in node.left if n == 0)
    if done >= ctx.depth and not ctx.bounded:
        ctx.depth = done
        ctx.reason = why
        d = node.g.decision  # the step where the engine and the line parted
        ctx.rule = d.rule if d is not None else ctx.tried_rule


def start(g: Game, ctx: Context) -> Node:
    return Node(g, ctx.lens.snap(g), tuple(a.count for a in ctx.atoms), 0, 0, 0, 0)


def at_boundary(g: Game) -> bool:
    return bool(g.won) or (bool(g.stack) and g.stack[-1][0] == "turn" and g.decision is None)
