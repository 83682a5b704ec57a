"""Map randomizer: suit markers for the four maps (Law of Root A.1) and drawing data.

Facts come from rootlaw/data/maps.json (clearings, paths, rivers, forests, ...)
and drawing coordinates from rootlaw/data/map_layout.json. Every random choice
uses its own ``random.Random(seed)``; the global RNG is never touched.

Modes:
- ``printed``: the suits printed on the map (Fall only; Standard Setup).
- ``random``: the 12 markers (4 fox, 4 rabbit, 4 mouse) shuffled (A.1).
- ``balanced``: drawn uniformly from the layouts where opposite corners differ
  and the fewest paths join two clearings of one suit (docs/web.md).

Landmarks (A.5, Appendix F): ``landmarks=1`` or ``2`` deals that many of the six at
random, or ``landmarks=lost_city,tower`` names them; each is placed at random in a
clearing its card allows (the engine's rule, core/landmarks.py: ``eligible_on``), the
map's own Tower and Ferry kept unless their card is dealt (then it moves them).
"""
from __future__ import annotations

import math
import random
import secrets
from dataclasses import dataclass
from itertools import combinations

from rootlaw.core import landmarks as lmk
from rootlaw.core.catalog import board
from rootlaw.core.maps import balanced_layouts as engine_balanced_layouts
from rootlaw.server.errors import ApiError
from rootlaw.server.inputs import shown
from rootlaw.server.resources import load_json

SUITS = ("fox", "rabbit", "mouse")
MODES = ("balanced", "random", "printed")
MAX_SEED = 2**32 - 1
TITLES = {"fall": "Fall", "winter": "Winter", "lake": "Lake", "mountain": "Mountain"}
Point = tuple[float, float]


@dataclass(frozen=True)
class MapFacts:
    name: str
    ids: tuple[int, ...]
    paths: tuple[tuple[int, int], ...]          # every printed path, closed ones included
    closed: frozenset[tuple[int, int]]

    @property
    def open_paths(self) -> tuple[tuple[int, int], ...]:
        """Paths that make clearings adjacent at setup (closed paths do not, C.3.2)."""
        return tuple(p for p in self.paths if p not in self.closed)
    corners: tuple[tuple[int, int], ...]        # opposite corner pairs
    printed: dict[int, str] | None


def map_names() -> list[str]:
    return list(load_json("maps.json")["maps"])


def facts(name: str) -> MapFacts:
    raw = load_json("maps.json")["maps"].get(name)
    if raw is None:
        raise ApiError(404, "unknown_map",
                       f"unknown map {shown(name)}; known: {', '.join(map_names())}", "name")
    clearings = raw["clearings"]
    printed = {c["id"]: c["printed_suit"] for c in clearings}
    return MapFacts(
        name=name,
        ids=tuple(c["id"] for c in clearings),
        paths=tuple((a, b) for a, b in raw["paths"]),
        closed=frozenset((a, b) for a, b in raw.get("closed_paths_at_setup", [])),
        corners=tuple((a, b) for a, b in raw["opposite_corners"]),
        printed=printed if all(printed.values()) else None,
    )


def parse_seed(value: str | None) -> int:
    """A seed is an integer 0..2^32-1; none given means a fresh one (not the global RNG)."""
    if value is None or value == "":
        return secrets.randbelow(MAX_SEED + 1)
    text = value.strip()
    if not (text.isascii() and text.isdigit()) or len(text) > 20 or int(text) > MAX_SEED:
        raise ApiError(400, "bad_seed", f"seed must be a whole number from 0 to {MAX_SEED}, "
                       f"not {shown(value)}", "seed")
    return int(text)


def parse_mode(value: str | None, m: MapFacts) -> str:
    mode = (value or "balanced").strip().lower()
    if mode not in MODES:
        raise ApiError(400, "bad_mode", f"mode must be one of {', '.join(MODES)}", "mode")
    if mode == "printed" and m.printed is None:
        raise ApiError(400, "no_printed_suits",
                       f"the {TITLES[m.name]} map has no printed suits; use random or balanced",
                       "mode")
    return mode


# ---------------------------------------------------------------- suit layouts

def same_suit_paths(m: MapFacts, suits: dict[int, str]) -> int:
    return sum(suits[a] == suits[b] for a, b in m.open_paths)


def corners_differ(m: MapFacts, suits: dict[int, str]) -> bool:
    return all(suits[a] != suits[b] for a, b in m.corners)


def random_layout(m: MapFacts, seed: int) -> dict[int, str]:
    """A.1: shuffle the 12 markers face down and place one on each clearing."""
    markers = [s for s in SUITS for _ in range(len(m.ids) // len(SUITS))]
    random.Random(seed).shuffle(markers)
    return dict(zip(m.ids, markers, strict=True))


def balanced_layouts(name: str) -> tuple[tuple[str, ...], ...]:
    """Every layout with opposite corners different and the fewest same-suit paths,
    as suit tuples in clearing order: the engine's own list (core.maps, A.1), so the
    randomizer and ``suits="balanced"`` games draw from the same layouts."""
    return engine_balanced_layouts(board(name))


def balanced_layout(m: MapFacts, seed: int) -> dict[int, str]:
    choice = random.Random(seed).choice(balanced_layouts(m.name))
    return dict(zip(m.ids, choice, strict=True))


def suit_layout(m: MapFacts, mode: str, seed: int) -> dict[int, str]:
    if mode == "printed":
        assert m.printed is not None
        return dict(m.printed)
    if mode == "random":
        return random_layout(m, seed)
    return balanced_layout(m, seed)


# ---------------------------------------------------------------- drawing geometry

def _segments_cross(p: Point, q: Point, r: Point, s: Point) -> bool:
    def orient(a: Point, b: Point, c: Point) -> float:
        return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])

    d1, d2 = orient(r, s, p), orient(r, s, q)
    d3, d4 = orient(p, q, r), orient(p, q, s)
    return d1 * d2 < 0 and d3 * d4 < 0


def river_control(a: Point, b: Point, obstacles: list[tuple[Point, Point]],
                  avoid: list[Point]) -> Point | None:
    """A quadratic-curve control point for river a-b that crosses the fewest paths and keeps
    clear of other clearings, or None if the straight line is already best. (Paths are
    drawn over rivers, so an unavoidable crossing reads as a bridge.)"""
    mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)

    def cost(ctrl: Point) -> int:
        pts = [((1 - t) ** 2 * a[0] + 2 * (1 - t) * t * ctrl[0] + t * t * b[0],
                (1 - t) ** 2 * a[1] + 2 * (1 - t) * t * ctrl[1] + t * t * b[1])
               for t in (i / 32 for i in range(33))]
        crossings = sum(any(_segments_cross(p, q, r, s) for p, q in zip(pts, pts[1:],
                                                                        strict=False))
                        for r, s in obstacles)
        near = sum(any(math.dist(p, c) < 80 for p in pts) for c in avoid)
        return crossings + 2 * near

    best, best_cost = None, cost(mid)  # a control point at the middle: a straight line
    length = math.dist(a, b)
    normal = (-(b[1] - a[1]) / length, (b[0] - a[0]) / length)
    for step in range(1, 30):
        for sign in (1, -1):
            off = sign * step * 15
            ctrl = (round(mid[0] + normal[0] * off, 1), round(mid[1] + normal[1] * off, 1))
            c = cost(ctrl)
            if c < best_cost:
                best, best_cost = ctrl, c
        if best_cost == 0:
            break
    return best


def forest_polygon(centre: Point, corners: list[Point]) -> list[list[float]]:
    """The forest's clearings in angular order around its label point."""
    ordered = sorted(corners, key=lambda p: math.atan2(p[1] - centre[1], p[0] - centre[0]))
    return [[round(x, 1), round(y, 1)] for x, y in ordered]


def parse_landmarks(value: str | None) -> int | list[str]:
    """``landmarks``: none (0 or empty), 1 or 2 at random, or landmark ids (A.5.1)."""
    text = (value or "").strip().lower()
    if text in ("", "0", "none"):
        return 0
    try:
        chosen = lmk.check_landmarks(int(text) if text.isdigit() else text.split(","), 4)
    except ValueError as e:
        raise ApiError(400, "bad_landmarks", str(e), "landmarks") from None
    assert not isinstance(chosen, dict)  # a pool is never given as text
    return chosen


def place_landmarks(name: str, chosen: int | list[str], seed: int,
                    suits: dict[int, str]) -> list[dict[str, object]]:
    """Deal the landmarks (A.5.2) and place each at random where its card allows (A.5.3),
    with its own random stream (the suits stay those of the seed)."""
    if not chosen:
        return []
    b = board(name)
    rnd = random.Random(seed * 7919 + 36)
    ids = rnd.sample(list(lmk.LANDMARKS), chosen) if isinstance(chosen, int) else list(chosen)
    taken = [c for c in (b.the_pass if lmk.TOWER not in ids else 0,
                         b.ferry_start if lmk.FERRY not in ids else 0) if c]
    out: list[dict[str, object]] = []
    for lid in ids:
        c = rnd.choice(lmk.eligible_on(b, b.adj, lid, taken))
        taken.append(c)
        entry: dict[str, object] = {"id": lid, "name": lmk.landmark_name(lid), "clearing": c}
        if lid == lmk.FORGE:
            entry["items"] = list(lmk.FORGE_ITEMS.get(suits[c], ()))
        out.append(entry)
    return out


def layout(name: str, seed_text: str | None, mode_text: str | None,
           landmarks_text: str | None = None) -> dict[str, object]:
    """The API answer for one map: suits, geometry and statistics; landmarks if asked."""
    m = facts(name)
    seed = parse_seed(seed_text)
    mode = parse_mode(mode_text, m)
    chosen = parse_landmarks(landmarks_text)
    suits = suit_layout(m, mode, seed)
    marks = place_landmarks(name, chosen, seed, suits)
    at = {int(str(x["clearing"])): str(x["id"]) for x in marks}
    ids = [str(x["id"]) for x in marks]
    the_pass = next((c for c, lid in at.items() if lid == lmk.TOWER),
                    0 if lmk.TOWER in ids else load_json("maps.json")["maps"][name].get("the_pass"))
    ferry = next((c for c, lid in at.items() if lid == lmk.FERRY),
                 0 if lmk.FERRY in ids else load_json("maps.json")["maps"][name].get("ferry_start"))
    raw = load_json("maps.json")["maps"][name]
    geo = load_json("map_layout.json")[name]
    pos: dict[int, Point] = {int(k): (v[0], v[1]) for k, v in geo["clearings"].items()}
    coastal = set(raw.get("coastal_clearings", []))
    lake_pairs = {tuple(sorted(p)) for p in combinations(sorted(coastal), 2)}

    clearings = [{
        "id": c["id"], "priority": c["id"], "x": pos[c["id"]][0], "y": pos[c["id"]][1],
        "suit": suits[c["id"]], "printed_suit": c["printed_suit"],
        "slots": c["building_slots"], "ruin": c["ruin"], "corner": c["corner"],
        "coastal": c["id"] in coastal, "pass": the_pass == c["id"],
        "ferry": ferry == c["id"],
        "landmarks": [at[c["id"]]] if c["id"] in at else [],
    } for c in raw["clearings"]]
    paths = [{"a": a, "b": b, "closed": (a, b) in m.closed} for a, b in m.paths]
    segments = [(pos[a], pos[b]) for a, b in m.paths]
    rivers = []
    for a, b in raw["rivers"]:
        if tuple(sorted((a, b))) in lake_pairs:
            continue  # the lake links coastal clearings (C.2.2); it is drawn as the lake
        others = [s for (p, q), s in zip(m.paths, segments, strict=True) if a not in (p, q)
                  and b not in (p, q)]
        avoid = [xy for cid, xy in pos.items() if cid not in (a, b)]
        rivers.append({"a": a, "b": b,
                       "control": river_control(pos[a], pos[b], others, avoid)})
    forests = []
    for f in raw["forests"]:
        point = geo["forests"].get(f["id"])
        if point is None:
            continue
        forests.append({"id": f["id"], "clearings": f["clearings"], "x": point[0],
                        "y": point[1], "polygon": forest_polygon(
                            (point[0], point[1]), [pos[c] for c in f["clearings"]])})
    best = same_suit_paths(m, dict(zip(m.ids, balanced_layouts(name)[0], strict=True)))
    return {
        "map": name, "title": TITLES[name], "seed": seed, "mode": mode,
        "box": {"width": geo["box_width"], "height": geo["box_height"]},
        "clearings": clearings, "paths": paths, "rivers": rivers, "forests": forests,
        "lake": {"outline": geo["lake_outline"], "coastal": sorted(coastal),
                 "ferry": raw.get("ferry_start")} if "lake_outline" in geo else None,
        "opposite_corners": [list(p) for p in m.corners],
        "stats": {
            "suit_counts": {s: sum(v == s for v in suits.values()) for s in SUITS},
            "same_suit_paths": same_suit_paths(m, suits),
            "fewest_possible": best,
            "opposite_corners_differ": corners_differ(m, suits),
        },
        "landmarks": marks,
        "url": f"/maps?map={name}&mode={mode}&seed={seed}" + (
            f"&landmarks={landmarks_text.strip()}" if chosen and landmarks_text else ""),
        "rules": {"suit_markers": "A.1", "priority": "Rootbotics 2.1, 3.1",
                  "closed_paths": "C.3.2" if m.closed else None,
                  "lake": "C.2" if coastal else None,
                  "landmarks": "A.5, Appendix F" if marks else None},
    }
