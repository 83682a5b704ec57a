"""Reach (Law of Root 5.2): is a set of factions viable for its player count?

The values and the viable sums are data (rootlaw/data/reach.json); this module
only adds them up and searches for viable sets.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations

from rootlaw.server.errors import ApiError
from rootlaw.server.inputs import shown
from rootlaw.server.resources import load_json

# the engine's faction ids where the reach table's differ: the second Vagabond (9.7),
# the Lizard Cult, the Corvid Conspiracy (the web lobby sends engine ids)
ALIASES = {"vagabond2": "vagabond", "lizards": "lizard", "corvids": "corvid"}


@dataclass(frozen=True)
class ReachFaction:
    id: str
    name: str
    rule: str
    reach: tuple[int, ...]  # value of the first, second, ... copy in one game


@dataclass(frozen=True)
class ReachTable:
    factions: tuple[ReachFaction, ...]
    viable_sums: dict[int, int]
    adventurous_minimum: int

    def faction(self, fid: str) -> ReachFaction:
        return next(f for f in self.factions if f.id == fid)

    @property
    def players(self) -> range:
        return range(min(self.viable_sums), max(self.viable_sums) + 1)


@lru_cache(maxsize=1)
def table() -> ReachTable:
    raw = load_json("reach.json")
    return ReachTable(
        factions=tuple(ReachFaction(f["id"], f["name"], f["rule"], tuple(f["reach"]))
                       for f in raw["factions"]),
        viable_sums={int(k): v for k, v in raw["viable_sums"].items()},
        adventurous_minimum=raw["adventurous_minimum"],
    )


def parse_factions(values: list[str]) -> list[str]:
    """Validate faction ids ('a,b' lists allowed); a second Vagabond is 'vagabond' twice."""
    t = table()
    known = {f.id for f in t.factions}
    picks: list[str] = []
    for value in values:
        for raw in value.split(","):
            fid = raw.strip().lower()
            if not fid:
                continue
            fid = ALIASES.get(fid, fid)
            if fid not in known:
                known_list = ", ".join(sorted(known))
                raise ApiError(400, "unknown_faction", f"unknown faction "
                               f"{shown(raw.strip())}; known: {known_list}", "factions")
            picks.append(fid)
    for fid, n in Counter(picks).items():
        copies = len(t.faction(fid).reach)
        if n > copies:
            allowed = "once" if copies == 1 else f"at most {copies} times"
            raise ApiError(400, "duplicate_faction",
                           f"{t.faction(fid).name} can be picked {allowed}", "factions")
    return picks


def total_reach(picks: list[str]) -> int:
    """Sum of reach; the n-th copy of a faction counts its n-th value (Vagabond 5, then 2)."""
    t = table()
    return sum(t.faction(fid).reach[i] for fid, n in Counter(picks).items() for i in range(n))


def _ordered(picks: list[str]) -> list[str]:
    order = [f.id for f in table().factions]
    return sorted(picks, key=order.index)


def _describe(picks: list[str]) -> list[dict[str, object]]:
    t = table()
    seen: Counter[str] = Counter()
    out: list[dict[str, object]] = []
    for fid in _ordered(picks):
        f = t.faction(fid)
        copy = seen[fid]
        seen[fid] += 1
        out.append({"id": fid, "name": f.name if copy == 0 else f"{f.name} (second)",
                    "reach": f.reach[copy], "rule": f.rule})
    return out


@lru_cache(maxsize=8)
def _all_sets(players: int) -> tuple[tuple[str, ...], ...]:
    """Every legal set of `players` factions (copies limited by the reach list)."""
    slots = [(f.id, i) for f in table().factions for i in range(len(f.reach))]
    sets = []
    for combo in combinations(slots, players):
        chosen = set(combo)
        if all(i == 0 or (fid, i - 1) in chosen for fid, i in combo):
            sets.append(tuple(fid for fid, _ in combo))
    return tuple(sets)


def suggestions(picks: list[str], players: int, limit: int = 6) -> list[dict[str, object]]:
    """Viable sets closest to the picks: keep as many picks as possible, then stay nearest
    above the viable sum (which leaves room for low-reach factions)."""
    need = table().viable_sums[players]
    mine = Counter(picks)
    ranked = []
    for cand in _all_sets(players):
        total = total_reach(list(cand))
        if total < need or Counter(cand) == mine:
            continue
        kept = sum((Counter(cand) & mine).values())
        ranked.append((-kept, total - need, cand))
    ranked.sort()
    out = []
    for _, _, cand in ranked[:limit]:
        c = Counter(cand)
        out.append({
            "factions": _ordered(list(cand)),
            "names": [d["name"] for d in _describe(list(cand))],
            "total": total_reach(list(cand)),
            "add": _ordered(list((c - mine).elements())),
            "remove": _ordered(list((mine - c).elements())),
        })
    return out


def evaluate(picks: list[str], players: int | None = None) -> dict[str, object]:
    """The verdict for `picks` at `players` (default: one player per pick, at least 2)."""
    t = table()
    if players is None:
        players = max(len(picks), t.players.start)
    if players not in t.players:
        raise ApiError(400, "bad_players", f"the Law gives viable sums for "
                       f"{t.players.start} to {t.players.stop - 1} players", "players")
    if len(picks) > players:
        raise ApiError(400, "too_many_factions",
                       f"{len(picks)} factions picked for {players} players", "factions")
    total = total_reach(picks)
    need = t.viable_sums[players]
    missing = players - len(picks)
    if missing:
        verdict = "incomplete"
        message = (f"Pick {missing} more faction{'s' if missing > 1 else ''} for "
                   f"{players} players.")
    elif total >= need:
        verdict, message = "viable", f"Viable: {total} reach meets the {need}+ recommended " \
                                     f"for {players} players."
    elif total >= t.adventurous_minimum:
        verdict = "adventurous"
        message = (f"Below the recommended {need}+ for {players} players, but at least "
                   f"{t.adventurous_minimum}: fine for adventurous players (5.2).")
    else:
        verdict = "not_viable"
        message = f"Not viable: {total} reach is below {t.adventurous_minimum}, the Law's floor."
    return {
        "players": players,
        "factions": _describe(picks),
        "total": total,
        "required": need,
        "adventurous_minimum": t.adventurous_minimum,
        "margin": total - need,
        "verdict": verdict,
        "viable": verdict == "viable",
        "message": message,
        "suggestions": suggestions(picks, players),
        "rule": "5.2",
    }


def table_json() -> dict[str, object]:
    t = table()
    return {
        "factions": [{"id": f.id, "name": f.name, "rule": f.rule, "reach": list(f.reach)}
                     for f in t.factions],
        "viable_sums": {str(k): v for k, v in t.viable_sums.items()},
        "adventurous_minimum": t.adventurous_minimum,
        "rule": "5.2",
    }
