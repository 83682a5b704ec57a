"""The terminal board of `rootlaw play`, drawn with rich from a seat's view: the score
track, every clearing (suit, ruler, pieces by their names, paths), the forests, each
faction's board in words, the hands this seat may see, and the table.

Only the view is read (DESIGN.md: a seat's view is all a client receives), plus the map's
paths as they are now (C.3.3 closed paths open in play)."""
from __future__ import annotations

import io
from typing import TYPE_CHECKING, Any

from rich.columns import Columns
from rich.console import Console, Group, RenderableType
from rich.panel import Panel
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from rootlaw.core.catalog import deck
from rootlaw.core.hired import CARD_IDS as HIRELING_IDS
from rootlaw.core.options import card_label, display_name
from rootlaw.narrate import faction_name, readable

if TYPE_CHECKING:
    from rootlaw.core.game import Game

WIN = 30  # 3.1
SUIT_STYLE = {"fox": "bold red", "rabbit": "bold yellow", "mouse": "bold dark_orange",
              "bird": "bold blue"}
# the factions' colours, as the web board's (bots take the colour of the faction they are)
COLORS = {"marquise": "#d9762b", "eyrie": "#2f6db3", "alliance": "#3c9a4a",
          "vagabond": "#8a8a8a", "vagabond2": "#7a5aa8", "lizards": "#c9b91c",
          "riverfolk": "#3aa39b", "duchy": "#9a6a3e", "corvids": "#6a63c9",
          "hundreds": "#c0392b", "keepers": "#a0a4ad", "mechanical_marquise": "#d9762b",
          "electric_eyrie": "#2f6db3", "automated_alliance": "#3c9a4a", "vagabot": "#8a8a8a",
          "spinners": "#c0508a", "wyrm": "#6b9a3a", "borough_kings": "#b8860b",
          "host_of_light": "#ff6f61"}
# parts of a faction's view that are None while hidden from this seat
HIDDEN_WHEN_NONE = {"supporters": "face down", "supply": "hidden"}


# hirelings are neutral owners (Appendix E): one colour, apart from every faction's under
# deuteranopia too (tests/web/test_colours.py)
HIRELING_COLOR = "#ee99ff"


def color(f: str) -> str:
    if f in HIRELING_IDS:
        return HIRELING_COLOR
    return COLORS.get(f, "white")


def hirelings_text(view: dict[str, Any]) -> str:
    """The hireling cards in play (Appendix E, all public): side, controller, control
    markers, pieces off the map; and the hiring markers (A.6.4, E.1.1)."""
    hired = view.get("hirelings")
    if not hired:
        return ""
    out = []
    for c in hired["cards"]:
        who_ = (f"held by {faction_name(c['controller'])} "
                f"({plural(int(c['control_markers']), 'control marker')})"
                if c["controller"] else "in the supply")
        text = f"{c['name']} ({c['side']}): {who_}; {c['warriors_in_supply']} in supply"
        if c["warriors_on_card"]:
            text += f", {c['warriors_on_card']} on its card"
        if c["items"]:
            text += (f", items {', '.join(map(name_of, c['items']))}"
                     f" ({c['items_exhausted']} exhausted)")
        if c.get("bandits_on_paths"):
            text += ", bandits on " + ", ".join(f"{a}-{b}" for a, b in c["bandits_on_paths"])
        out.append(text)
    marks = ", ".join(map(str, hired["markers_on_track"])) or "none"
    out.append(f"hiring markers on the track: {marks}")
    for key, what in (("markers_to_hire", "to hire with"), ("markers_held", "held")):
        for f, n in hired[key].items():
            out.append(f"{faction_name(f)}: {plural(n, 'hiring marker')} {what}")
    return "\n".join(out)


def who(f: str) -> Text:
    return Text(faction_name(f), style=f"bold {color(f)}")


def card_text(cid: str) -> Text:
    c = deck("exiles_partisans").cards.get(cid) or deck("standard").cards.get(cid)
    return Text(card_label(cid), style=SUIT_STYLE.get(c.suit, "") if c else "")


def cards_text(ids: list[str]) -> Text:
    if not ids:
        return Text("none", style="dim")
    return Text(", ").join(card_text(c) for c in ids)


def name_of(x: Any) -> str:
    """An id in words: its registered name, a forest by its clearings, else the id without
    underscores (``loyal_vizier`` -> ``Loyal Vizier``)."""
    if not isinstance(x, str):
        return str(x)
    if x.startswith("forest "):
        return readable(x)
    name = display_name(x)
    return name.replace("_", " ").title() if name == x and "_" in x else name


def plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


# view keys whose plain words would mislead (a clearing's number read as a count)
KEY_WORDS = {"warlord": "Warlord in", "pawn": "Pawn in", "keep": "Keep in",
             "corner": "Starting corner", "max_rolled_hits": "Most rolled hits",
             "wyrm": "The Wyrm in", "mice_treated_as": "Mice this turn are warriors of",
             "mice": "Mice by clearing"}


def words(key: str) -> str:
    """A view key as words: ``buildings_on_track`` -> ``Buildings on track``."""
    return KEY_WORDS.get(key) or display_name(key).replace("_", " ").capitalize()


def is_card(v: Any) -> bool:
    return isinstance(v, str) and (v in deck("standard").cards
                                   or v in deck("exiles_partisans").cards)


# ---------------------------------------------------------------- faction boards
def value_text(key: str, v: Any) -> Text | None:
    """One part of a faction's board in words; None when there is nothing to say (no
    ``leader None``, no ``recruited_this_turn False``)."""
    if v is None:
        return Text(HIDDEN_WHEN_NONE[key], style="dim") if key in HIDDEN_WHEN_NONE else None
    if isinstance(v, bool):
        return Text("yes") if v else None
    if isinstance(v, int | float):
        return Text(str(v))
    if isinstance(v, str):
        return (card_text(v) if is_card(v) else Text(name_of(v))) if v else None
    if isinstance(v, list):
        if not v:
            return None
        if all(is_card(x) for x in v):
            return cards_text(v)
        return Text(", ".join(map(name_of, v)))
    if isinstance(v, dict):
        return dict_text(key, v)
    return Text(str(v))


def dict_text(key: str, v: dict[str, Any]) -> Text | None:
    if "count" in v and "identities" in v:  # 13.2.2 plots, 15.2.1 relics: face down
        out = Text(f"{v['count']} face down")
        known = v.get("identities") or {}
        if known:
            out.append(" (you know: " + "; ".join(
                f"{c}: {', '.join(map(name_of, ids))}" for c, ids in known.items()) + ")")
        return out
    if key == "relationships":  # 9.2.9
        word = {-1: "hostile", 0: "indifferent", 3: "allied"}
        return Text(", ".join(f"{faction_name(f)} {word.get(n, n)}" for f, n in v.items())) \
            if v else None
    parts: list[Text] = []
    for k, x in v.items():
        if isinstance(x, dict):  # the Vagabond's items: {item: {side: n}}
            sides = ", ".join(f"{n} {s}" for s, n in x.items() if n)
            if sides:
                parts.append(Text(f"{display_name(k)} ({sides})"))
        elif isinstance(x, list):  # a Decree or Retinue column, the Hoard
            parts.append(Text(f"{words(k)}: ").append_text(
                cards_text(x) if all(is_card(c) for c in x) else
                Text(", ".join(map(name_of, x)) or "none", style="" if x else "dim")))
        elif x is not None and x is not False:
            parts.append(Text(f"{display_name(k).replace('_', ' ')} {x}"))
    return Text("; ").join(parts) if parts else None


def faction_board(f: str, p: dict[str, Any], you: str | None) -> Panel:
    t = Table.grid(padding=(0, 1))
    t.add_column(style="dim")
    t.add_column()
    t.add_row("Score", Text(f"{p['score']} VP", style="bold"))
    t.add_row("Hand", plural(int(p["hand_size"]), "card"))
    t.add_row("Warriors in supply", str(p["warriors_in_supply"]))
    if p.get("dominance"):
        t.add_row("Dominance", card_text(p["dominance"]))
    if p.get("items"):
        exhausted = p.get("items_exhausted") or []
        t.add_row("Crafted items", ", ".join(p["items"])
                  + (f" (exhausted: {', '.join(exhausted)})" if exhausted else ""))
    if p.get("play_area"):
        t.add_row("In play", cards_text(p["play_area"]))
    if p.get("warriors_on_coffin_makers"):
        t.add_row("On Coffin Makers", plural(int(p["warriors_on_coffin_makers"]), "warrior"))
    fac = p.get("faction") or {}
    for key, v in fac.items():
        if key == "supporters_count" and fac.get("supporters") is not None:
            continue
        text = value_text(key, v)
        if text is not None:
            t.add_row(words(key), text)
    if "hand" in p:  # your own hand, or a public one (11.2.3 the Riverfolk's)
        title = "Your hand" if f == you else f"{faction_name(f)}'s hand (public)"
        t.add_row(title, cards_text(p["hand"]))
    for other, hand in (p.get("seen_hands") or {}).items():
        t.add_row(f"Seen: {faction_name(other)}'s hand", cards_text(hand))
    mark = " (you)" if f == you else ""
    return Panel(t, title=Text(faction_name(f) + mark, style=f"bold {color(f)}"),
                 border_style=color(f), expand=False)


# ---------------------------------------------------------------- the map
def pieces(owner: str, kinds: list[str]) -> Text:
    counts: dict[str, int] = {}
    for k in kinds:
        counts[k] = counts.get(k, 0) + 1
    body = ", ".join(name_of(k) + (f" ×{n}" if n > 1 else "") for k, n in counts.items())
    return Text(f"{faction_name(owner)}: {body}", style=color(owner))


def mice_here(view: dict[str, Any], c: int) -> tuple[str | None, int]:
    """BK.2.4: whose warriors the Borough Kings' mice in clearing c are now (the turn
    player's on its turn, else the Kings'), and how many; (None, 0) without any."""
    for f, p in view["players"].items():
        fac = p.get("faction") or {}
        if "mice_treated_as" in fac:
            n = int((fac.get("mice") or {}).get(str(c), 0))
            return (fac["mice_treated_as"] or f, n) if n else (None, 0)
    return None, 0


def clearing_row(c: dict[str, Any], view: dict[str, Any], paths: dict[int, list[int]],
                 face_down: dict[str, tuple[str, dict[str, Any] | None]]) -> list[Any]:
    suit = Text(c["suit"], style=SUIT_STYLE.get(c["suit"], ""))
    ruler = who(c["ruler"]) if c["ruler"] else Text("-", style="dim")
    by_owner: dict[str, list[str]] = {}
    ruins = ""
    for o, k in c["buildings"]:
        if o == "ruin":
            ruins = "ruin" + (f" ({plural(int(c['ruin_items']), 'item')} beneath)"
                              if c.get("ruin_items") else "")
        else:
            by_owner.setdefault(o, []).append(k)
    for o, k in c["tokens"]:
        hidden = face_down.get(o)
        if hidden is not None and k == hidden[0]:  # a face-down plot (13.2.2)
            known = (hidden[1] or {}).get(str(c["id"]))
            k = f"face-down {k}" + (f" ({'/'.join(known)})" if known else "")
        by_owner.setdefault(o, []).append(k)
    stuff = [pieces(o, ks) for o, ks in by_owner.items()]
    if ruins:
        stuff.append(Text(ruins, style="dim"))
    holder, mice = mice_here(view, c["id"])  # BK.2.4: the Kings' mice among them
    warriors = [Text(f"{faction_name(f)} {n}" + (f" ({mice} mice)" if f == holder else ""),
                     style=color(f)) for f, n in c["warriors"].items() if n]
    warriors += [Text(f"{faction_name(f)} pawn", style=f"bold {color(f)}")
                 for f in c.get("pawns", [])]
    marks = [m for m, on in (("Ferry", view.get("ferry") == c["id"]),
                             ("the Pass", view.get("the_pass") == c["id"]),
                             ("coastal", c["id"] in (view.get("coastal") or ()))) if on]
    marks += landmark_marks(view, c["id"])
    if "Lost City" in marks:  # Appendix F: every suit there
        suit = Text(f"{c['suit']} (all three: the Lost City)", style=SUIT_STYLE.get(c["suit"], ""))
    free = c["slots"] - len(c["buildings"])
    return [Text(str(c["id"]), style="bold"), suit, ruler, f"{free}/{c['slots']}",
            Text("\n").join(stuff) if stuff else "",
            Text(", ").join(warriors) if warriors else "",
            Text(", ".join(map(str, paths.get(c["id"], []))) + "".join(f" [{m}]" for m in marks))]


# Appendix F: the landmarks set up (A.5), by how the board names them; the Tower and the
# Ferry have their own marks ("the Pass", "Ferry")
LANDMARK_MARKS = {"lost_city": "Lost City", "legendary_forge": "Legendary Forge",
                  "black_market": "Black Market", "elder_treetop": "Elder Treetop"}


def landmark_marks(view: dict[str, Any], c: int) -> list[str]:
    marks = view.get("landmarks") or {}
    return [LANDMARK_MARKS[p["id"]] for p in marks.get("pieces", [])
            if p["clearing"] == c and p["id"] in LANDMARK_MARKS]


def landmarks_text(view: dict[str, Any]) -> str:
    """The landmark cards in play and what they hold (the Black Market's cards face
    down: only how many)."""
    marks = view.get("landmarks")
    if not marks:
        return ""
    where = {p["id"]: p["clearing"] for p in marks["pieces"]}
    out = []
    for lid in marks["cards"]:
        name = lid.replace("_", " ").title()
        text = f"{name} in {where[lid]}" if lid in where else f"{name} (to set up)"
        if lid == "legendary_forge" and lid in where:
            text += f" (items: {', '.join(marks['forge_items']) or 'none'})"
        elif lid == "black_market" and lid in where:
            text += f" ({plural(int(marks['black_market_cards']), 'card')} face down)"
        elif lid == "elder_treetop" and marks.get("treetop_building"):
            o, k = marks["treetop_building"]
            text += f" (its slot: {faction_name(o)}'s {name_of(k)})"
        out.append(text)
    return "; ".join(out)


def map_table(view: dict[str, Any], paths: dict[int, list[int]]) -> Table:
    t = Table(title=f"The {view['map'].title()} map", title_justify="left",
              header_style="bold", expand=False, show_lines=False)
    for name in ("#", "suit", "ruler", "free slots", "buildings and tokens",
                 "warriors and pawns", "paths to"):
        t.add_column(name, overflow="fold")
    face_down = face_down_kinds(view)
    for c in view["clearings"]:
        t.add_row(*clearing_row(c, view, paths, face_down))
    burrow = view.get("burrow")
    if burrow:  # 12.2.2: off the map, adjacent to each tunnel's clearing
        warriors = [Text(f"{faction_name(f)} {n}", style=color(f))
                    for f, n in burrow["warriors"].items()]
        t.add_row(Text(str(burrow["id"]), style="bold"), "the Burrow (unsuited, off the map)",
                  who(burrow["ruler"]) if burrow["ruler"] else "-", "", "",
                  Text(", ").join(warriors) if warriors else "",
                  ", ".join(map(str, burrow["adjacent"])) or "none")
    return t


def forests_text(view: dict[str, Any]) -> Text | None:
    rows = []
    for forest in view.get("forests", []):
        what = [f"{faction_name(p)} pawn" for p in forest["pawns"]]
        what += [f"{faction_name(o)}: {name_of(k)}" for o, k in forest.get("tokens", [])]
        if what:
            rows.append(f"forest between {', '.join(forest['id'].split('_'))}: "
                        + ", ".join(what))
    return Text("\n".join(rows)) if rows else None


def face_down_kinds(view: dict[str, Any]) -> dict[str, tuple[str, dict[str, Any] | None]]:
    """Per faction with face-down tokens (13.2.2 plots): their map kind, and what they
    are where this view may see it (None: the seat sees only their backs)."""
    out: dict[str, tuple[str, dict[str, Any] | None]] = {}
    for f, p in view["players"].items():
        fd = (p.get("faction") or {}).get("face_down")
        if isinstance(fd, dict):
            out[f] = (str(fd["kind"]), fd.get("identities"))
    return out


def score_track(view: dict[str, Any]) -> Table:
    t = Table.grid(padding=(0, 1))
    for f, p in sorted(view["players"].items(), key=lambda x: -int(x[1]["score"])):
        vp = max(0, min(WIN, int(p["score"])))
        bar = Text("█" * vp, style=color(f)).append("·" * (WIN - vp), style="dim")
        t.add_row(who(f), Text(f"{p['score']:>2} VP", style="bold"), bar)
    return t


def header(view: dict[str, Any]) -> str:
    turn = (f"Turn {view['turn']}: {faction_name(view['turn_player'])}, {view['phase']}"
            if view["turn_player"] else "Setup")
    line = f"{turn} · deck {view['deck_size']} · discard {len(view['discard'])}"
    if view.get("closed_paths"):
        line += " · closed paths: " + ", ".join(f"{a}-{b}" for a, b in view["closed_paths"])
    if view.get("ferry"):
        line += f" · Ferry in {view['ferry']}"
    if view.get("the_pass"):
        line += f" · the Pass: {view['the_pass']}"
    return line


def table_text(view: dict[str, Any]) -> Table:
    t = Table.grid(padding=(0, 1))
    t.add_column(style="dim")
    t.add_column()
    if view["discard"]:
        t.add_row("Discard (newest first)", cards_text(list(reversed(view["discard"][-6:]))))
    if view.get("available_dominance"):
        t.add_row("Dominance available", cards_text(view["available_dominance"]))
    if view.get("quests"):
        t.add_row("Quests", ", ".join(map(name_of, view["quests"])))
    supply = [f"{i} {n}" for i, n in (view.get("item_supply") or {}).items() if n]
    if supply:
        t.add_row("Item supply", ", ".join(supply))
    if view.get("landmarks"):
        t.add_row("Landmarks", landmarks_text(view))
    if view.get("hirelings"):
        t.add_row("Hirelings", hirelings_text(view))
    if view.get("coalitions"):
        t.add_row("Coalitions", ", ".join(f"{faction_name(v)} with {faction_name(p)}"
                                          for v, p in view["coalitions"].items()))
    return t


def board(view: dict[str, Any], paths: dict[int, list[int]]) -> RenderableType:
    """The whole board as this seat sees it."""
    parts: list[RenderableType] = [Rule(header(view)), score_track(view),
                                   map_table(view, paths)]
    forests = forests_text(view)
    if forests is not None:
        parts.append(Panel(forests, title="Forests", expand=False))
    you = view.get("you")
    parts.append(Columns([faction_board(f, p, you) for f, p in view["players"].items()]))
    parts.append(table_text(view))
    return Group(*parts)


def console(out: Any) -> Console:
    """A console on ``out``: colours on a terminal, plain text in a file or pipe."""
    width = None if getattr(out, "isatty", lambda: False)() else 120
    return Console(file=out, width=width, highlight=False, emoji=False, soft_wrap=False,
                   markup=False)  # "[Ferry]" is text, not a style


def paths_of(game: Game) -> dict[int, list[int]]:
    """Each clearing's paths now (2.3; C.3.3 closed paths open in play)."""
    return {c: sorted(game.adjacent(c)) for c in game.clearings()}


def render(view: dict[str, Any], paths: dict[int, list[int]] | None = None,
           width: int = 120) -> str:
    """The board, scores and the hands this seat may see, as plain text."""
    con = Console(width=width, record=True, file=io.StringIO(), highlight=False, markup=False)
    con.print(board(view, paths or {}))
    return con.export_text()
