"""Write a Rootlog tree as text: ``parse(format_log(t)) == t`` for the trees the writer
makes (moves of one kind of thing per action; grouped parts share one source)."""
from __future__ import annotations

from rootlaw.rootlog.tree import (
    Action,
    Battle,
    Board,
    Card,
    Clearing,
    Craft,
    DiscardPile,
    Expose,
    Flip,
    Forest,
    Hand,
    Hireling,
    Item,
    ItemSpot,
    Landmark,
    Location,
    MarkerMove,
    Move,
    Part,
    Path,
    Piece,
    Quests,
    Reveal,
    Rootlog,
    Score,
    SetKey,
    Thing,
    Trick,
    Turn,
)


def format_log(t: Rootlog, directives: dict[str, str] | None = None,
               interleave: bool | None = None) -> str:
    """The text of a whole record (1 File layout): directives first, as comments.
    ``interleave``: each setup line right after its player line (ADSET); None: as the
    tree's line numbers say."""
    lines: list[str] = [f"// rootlaw-{k}: {v}" for k, v in (directives or {}).items()]
    h = t.header
    lines.append(f"Map: {h.map}")
    lines.append(f"Deck: {h.deck}")
    if h.clearings is not None:
        lines.append("Clearings: " + ", ".join(f"{s}{i + 1}" for i, s in enumerate(h.clearings)))
    if h.landmarks:
        lines.append("Landmarks: " + "/".join(f"{n}->{c}" for n, c in h.landmarks))
    if h.hirelings:
        setup = "".join("/" + format_action(a) for a in h.hireling_setup)
        lines.append("Hirelings: " + ", ".join(h.hirelings) + setup)
    if h.pool is not None:
        lines.append("Pool: " + "".join(h.pool))
    setups = [tr for tr in t.turns if tr.setup]
    if interleave is None:
        last = max((s.line for s in t.seats), default=0)
        interleave = any(tr.line < last for tr in setups)
    for seat in t.seats:
        lines.append(f"{seat.faction}: {seat.player}")
        if interleave:
            lines.extend(format_turn(tr) for tr in setups if tr.faction == seat.faction)
    if not interleave:
        lines.extend(format_turn(tr) for tr in setups)
    first = True
    for tr in t.turns:
        if tr.setup:
            continue
        if first:
            lines.append("")
            first = False
        lines.append(format_turn(tr))
    if t.winners is not None:
        lines.append("")
        lines.append("Winner: " + "".join(t.winners))
    return "\n".join(lines) + "\n"


def format_turn(tr: Turn) -> str:
    body = "/".join(format_action(a) for a in tr.actions)
    comment = f" // {tr.comment}" if tr.comment else ""
    return f"{tr.faction}:{body}{comment}"


def format_action(a: Action) -> str:
    if isinstance(a, Move):
        return _move(a)
    if isinstance(a, Battle):
        amb = "".join(f"{s}@" for s in (a.ambush, a.foil) if s)
        rolls = f"({a.rolls[0]},{a.rolls[1]})" if a.rolls else ""
        return f"{a.attacker or ''}X{a.defender}{a.clearing}{amb}{rolls}"
    if isinstance(a, Score):
        sign = "++" if a.points > 0 else "--"
        n = abs(a.points)
        return f"{a.faction or ''}{sign}{n if n != 1 else ''}"
    if isinstance(a, Craft):
        if a.item:
            return f"Z%{a.item}"
        return f"Z{(a.suit or '').lower()}{a.card}"
    if isinstance(a, MarkerMove):
        return f"++->{a.board or ''}$"
    if isinstance(a, SetKey):
        keys = "+".join(f"{k.faction or ''}$_{k.key or ''}" for k in a.keys)
        return f"{keys}->{a.value or ''}"
    if isinstance(a, Reveal):
        parts = "+".join(
            f"{p.count if p.count != 1 else ''}{_card(p.card) if p.card else ''}{p.faction or ''}"
            for p in a.parts)
        return f"{parts}^{a.target or ''}"
    if isinstance(a, Expose):
        return f"?{a.faction}{a.plot.code}{a.clearing}"
    if isinstance(a, Flip):
        where = a.clearing if isinstance(a.clearing, int) else "_".join(map(str, a.clearing))
        return f"{a.faction or ''}t{where}^{a.piece.code}"
    if isinstance(a, Trick):
        return f"t{a.first}<->t{a.second}"
    raise TypeError(f"not a Rootlog action: {a!r}")


def _move(m: Move) -> str:
    parts = m.parts
    dests = "+".join(location(d) for d in m.dests)
    sources = {p.source for p in parts}
    if len(parts) > 1 and len(sources) == 1 and None not in sources:
        src = location(parts[0].source) if parts[0].source is not None else ""
        if all(isinstance(p.thing, Card) and p.thing.name is None and p.thing.suit
               for p in parts):  # (2F+M)#
            inner = "+".join(f"{_n(p.count)}{p.thing.suit}" for p in parts
                             if isinstance(p.thing, Card))
            return f"({inner})#{src}->{dests}"
        inner = "+".join(f"{_n(p.count)}{thing(p.thing)}" for p in parts)
        return f"({inner}){src}->{dests}"
    return "+".join(_part(p) for p in parts) + f"->{dests}"


def _n(count: int) -> str:
    return str(count) if count != 1 else ""


def _part(p: Part) -> str:
    src = location(p.source) if p.source is not None else ""
    return f"{_n(p.count)}{thing(p.thing)}{src}"


def _card(c: Card) -> str:
    return f"{c.suit or ''}#{c.name or ''}"


def thing(t: Thing) -> str:
    if isinstance(t, Piece):
        return f"{t.owner or ''}{t.code}"
    if isinstance(t, Card):
        return _card(t)
    if isinstance(t, Item):
        return f"%{t.kind}"
    if isinstance(t, Hireling):
        return f"h_{t.code}{'d' if t.demoted else ''}"
    if isinstance(t, Landmark):
        return t.name
    if isinstance(t, Path):
        return f"{t.low}_{t.high}"
    raise TypeError(f"not a Rootlog thing: {t!r}")


def location(loc: Location) -> str:
    if isinstance(loc, Clearing):
        return str(loc.number)
    if isinstance(loc, Forest):
        return "_".join(str(c) for c in loc.clearings)
    if isinstance(loc, Board):
        key = f"_{loc.key}" if loc.key is not None else ""
        return f"{loc.faction or ''}${key}{loc.markers if loc.markers is not None else ''}"
    if isinstance(loc, Hand):
        return loc.faction
    if isinstance(loc, DiscardPile):
        return "*"
    if isinstance(loc, Quests):
        return "Q"
    if isinstance(loc, ItemSpot):
        return f"{loc.area or ''}{loc.state or ''}"
    raise TypeError(f"not a Rootlog location: {loc!r}")
