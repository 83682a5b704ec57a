"""The changes no record writes, the ones people leave out (4 Semantics), and the
settings (relationships, prices, funds, seats) checked against the line's."""
from __future__ import annotations

from collections import Counter
from typing import Any

from rootlaw.rootlog.ledger import (
    Key,
)
from rootlaw.rootlog.search.context import Context


def unwritten(units: list[tuple[int, Key, int]], ctx: Context) -> set[tuple[int, Key]]:
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


def tolerated(sign: int, key: Key, ctx: Context) -> bool:
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


def setting_ok(key: tuple[Any, ...], value: str, ctx: Context, final: bool) -> str:
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
            return f"{say_key(key)} becomes {value}, which the line does not say"
        return ""
    if value not in said:
        return f"{say_key(key)} becomes {value}, the line says {said[-1]}"
    return ""


def say_key(key: tuple[Any, ...]) -> str:
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
