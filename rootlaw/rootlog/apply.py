"""Apply a line as recorded movements, when no engine decisions produce it (a flagged
turn: a rules slip in the real game, an ambiguity of the notation, a hidden draw).

The game is saved (``Game.to_dict``), each move of the line is resolved against the
ledger (which card, item or token the pattern means, where an omitted place is) and
made on the saved form, and the game is loaded again (``Game.from_json``), whose checks
refuse an impossible state. The loaded game waits at the next turn's start (a pause
step holds it there). A move that cannot be made (nothing there to move) is skipped and
said in the reason.
"""
from __future__ import annotations

import json
from collections import Counter
from typing import Any, Final

from rootlaw.core.errors import LoadError
from rootlaw.core.game import FOREST, Game
from rootlaw.core.steps import FunctionStep, register_steps
from rootlaw.rootlog import names
from rootlaw.rootlog.expect import ANY, Expect, Pattern, matches
from rootlaw.rootlog.ledger import ALL, ledger

HOLD: Final = "rootlog.hold"
_SIDE: Final = {("s", "r"): 0, ("t", "r"): 0, ("s", "e"): 1, ("t", "e"): 1, ("d", "r"): 2,
                ("d", "e"): 3}
_PLOT: Final = {"b": "bomb", "s": "snare", "r": "raid", "e": "extortion"}
_RELIC: Final = {"f": "figure", "t": "tablet", "j": "jewelry"}

register_steps(FunctionStep(HOLD, "pause", lambda g, st: [("go",), ("stay",)],
                            lambda g, st, o: g.push(st) if o[0] == "stay" else None,
                            prompt="A replayed record holds here"))


def apply_line(g: Game, exp: Expect, letters: list[str], next_seat: int,
               unknown: dict[Any, Counter[str]] | None = None) -> tuple[Game, list[str]]:
    """The game after the line's movements, waiting before ``next_seat``'s turn; and
    what could not be applied. ``unknown``: per hidden place, the cards there the record
    never named (``hidden.Hidden.unknown``)."""
    d = json.loads(g.to_json())  # a copy: to_dict shares the game's lists
    ed = _Editor(g, d, letters)
    ed.unknown = unknown or {}
    skipped: list[str] = []
    for comp, src, dst, count in exp.moves:
        try:
            ed.move(comp, src, dst, count)
        except _Skip as e:
            skipped.append(str(e))
        except (KeyError, ValueError, TypeError, IndexError) as e:  # a board not set up
            skipped.append(f"cannot move {_say(comp)}: {type(e).__name__} {e}")
    for key, values in exp.settings.items():
        try:
            ed.setting(key, values[-1])
        except _Skip as e:
            skipped.append(str(e))
        except (KeyError, ValueError, TypeError, IndexError) as e:
            skipped.append(f"cannot set {key}: {type(e).__name__} {e}")
    skipped.extend(ed.notes)
    d["stack"] = [["turn", next_seat], [HOLD, next_seat]]  # the top is last
    d["battle"] = None
    d["phase"] = "end"
    d["once"] = []
    d["forced"] = []
    d["log"] = []
    try:
        out = Game.from_json(json.dumps(d))
    except LoadError as e:
        return _hold(g, next_seat), skipped + [f"the recorded state is impossible: {e}"]
    out.apply(("go",), advance=False)
    return out, skipped


def _hold(g: Game, seat: int) -> Game:
    d = json.loads(g.to_json())
    d["stack"] = [["turn", seat], [HOLD, seat]]
    d["battle"] = None
    d["log"] = []
    out = Game.from_json(json.dumps(d))
    out.apply(("go",), advance=False)
    return out


class _Skip(Exception):
    pass


class _Editor:
    def __init__(self, g: Game, d: dict[str, Any], letters: list[str]) -> None:
        self.g = g
        self.d = d
        self.letters = letters
        self.seat = {L: s for s, L in enumerate(letters)}
        self.led = ledger(g, ALL, letters)
        self._box = ""
        self.notes: list[str] = []  # what was applied otherwise than written
        self.unknown: dict[Any, Counter[str]] = {}

    # ------------------------------------------------------------- moves
    def move(self, comp: Pattern, src: Pattern | None, dst: Pattern | None,
             count: int | None) -> None:
        if isinstance(comp, tuple) and comp[0] == "trick":  # 13.6.3 two plots swap
            self._trick(int(comp[1]), int(comp[2]))
            return
        if isinstance(comp, tuple) and comp[0] == "vp":
            s = self._seat(comp[1])
            self.d["scores"][s] = max(0, self.d["scores"][s] + int(count or 0))
            return
        n = 1 if count is None else count
        if src is None:
            if dst is None:
                return
            concrete = self._concrete(comp, dst)
            for _ in range(n):
                self._add(concrete, self._place(dst, concrete, None))
            return
        keys = [k for k, v in self.led.items() if v > 0 and matches(comp, k[0])
                and matches(src, k[1])]
        if not keys:
            keys = self._unnamed_instead(comp, src)
        keys.sort(key=lambda k: (-self.led[k], repr(k)))
        left = n if count is not None else sum(self.led[k] for k in keys)
        for k in keys:
            while left and self.led[k] > 0:
                c, p = k
                self._remove(c, p)
                self.led[k] -= 1
                left -= 1
                if dst is not None:
                    if isinstance(dst, tuple) and dst and dst[0] == "flip":
                        self._add(dst[1], p)
                    else:
                        to = self._place(dst, c, p)
                        self._add(c, to)
        if left and count is not None:
            raise _Skip(f"{left} fewer {_say(comp)} in {_say(src)} than the line moves")

    def _unnamed_instead(self, comp: Pattern, src: Pattern) -> list[Any]:
        """A named card leaving a hand that holds none like it: one of the hand's cards
        the record never named goes in its place (the engine's guess of it, and the
        record says it was this card: the hand keeps its size, 2.1). Anything else the
        place lacks is skipped."""
        if isinstance(comp, tuple) and comp[0] == "c" and isinstance(src, tuple) and \
                src and src[0] == "hand":
            unk = self.unknown.get(tuple(src), Counter())
            keys = [k for k, v in self.led.items() if v > 0 and k[0][0] == "c"
                    and matches(src, k[1]) and unk[k[0][1]] > 0]
            if keys:
                self.notes.append(f"{_say(comp)} taken from {_say(src)} in place of an "
                                  "unnamed card")
                return keys
        raise _Skip(f"nothing like {_say(comp)} in {_say(src)}")

    def _concrete(self, comp: Pattern, dst: Pattern) -> tuple[Any, ...]:
        """A component placed from a supply: the pattern's plain form (a plot or a relic
        named with its identity is placed face down, 13.2.2, 15.3.1)."""
        if isinstance(comp, frozenset):
            return sorted(comp, key=repr)[0]
        if comp[0] == "t" and isinstance(comp[2], frozenset) and isinstance(comp[3], frozenset):
            return ("t", comp[1], min(comp[2], key=len), next((v for v in comp[3] if v), ""))
        out: list[Any] = []
        for x in comp:
            if x is ANY:
                raise _Skip(f"which {_say(comp)} the line places is not said")
            out.append(sorted(x, key=str)[0] if isinstance(x, frozenset) else x)
        return tuple(out)

    def _place(self, pat: Pattern, comp: tuple[Any, ...], src: Any) -> tuple[Any, ...]:
        if isinstance(pat, frozenset):
            return sorted(pat, key=repr)[0]
        out: list[Any] = []
        for i, x in enumerate(pat):
            if x is ANY or isinstance(x, frozenset):
                if pat[0] == "items":
                    same = src[i] if src is not None and src[0] == "items" else None
                    out.append(same or ("s" if i == 2 else "r"))
                elif pat[0] == "board":
                    out.append("sup" if self._supporter(comp, pat[1]) else "")
                else:
                    raise _Skip(f"where {_say(pat)} is is not said")
            else:
                out.append(x)
        return tuple(out)

    def _supporter(self, comp: tuple[Any, ...], L: str) -> bool:
        return comp[0] == "c" and self._base(L) == "alliance"

    def _base(self, L: str) -> str:
        s = self.seat.get(L)
        if s is None:
            return ""
        fd = self.g.fdefs[s]
        return fd.replaces or fd.id

    def _seat(self, L: Any) -> int:
        s = self.seat.get(str(L))
        if s is None:
            raise _Skip(f"no seat plays {L}")
        return s

    def _loc(self, place: tuple[Any, ...]) -> int:
        if place[0] == "c":
            return self.g.board.burrow if place[1] == 0 else int(place[1])
        if place[0] == "fo":
            for i, (_, cl) in enumerate(self.g.board.forests):
                if tuple(cl) == tuple(place[1]):
                    return FOREST + i
        raise _Skip(f"no such place {place!r}")

    def _trick(self, a: int, b: int) -> None:
        d = self.d
        s = self.seat.get("P")
        if s is None:
            raise _Skip("no Corvids to trick")
        for lst in (d["tokens"][a], d["tokens"][b]):
            if not any(p[0] == s for p in lst):
                raise _Skip(f"no plot in {a} and {b} to swap")
        pa = [p for p in d["tokens"][a] if p[0] == s]
        pb = [p for p in d["tokens"][b] if p[0] == s]
        d["tokens"][a] = [p for p in d["tokens"][a] if p[0] != s] + pb
        d["tokens"][b] = [p for p in d["tokens"][b] if p[0] != s] + pa
        for pair in self._fs(s)["facedown"]:
            pair[0] = b if pair[0] == a else a if pair[0] == b else pair[0]

    # ------------------------------------------------- the saved form
    def _fs(self, s: int) -> dict[str, Any]:
        fs: dict[str, Any] = self.d["fstate"][s]
        return fs

    def _remove(self, comp: tuple[Any, ...], place: tuple[Any, ...]) -> None:
        self._change(comp, place, -1)

    def _add(self, comp: tuple[Any, ...], place: tuple[Any, ...]) -> None:
        self._change(comp, place, 1)

    def _change(self, comp: tuple[Any, ...], place: tuple[Any, ...], k: int) -> None:
        kind = comp[0]
        d = self.d
        if kind in ("w", "w_w"):
            s = self._seat(comp[1])
            if place[0] == "board":
                self._box = str(place[2])
                self._board_warrior(s, self._seat(place[1]), k)
                return
            loc = self._loc(place)
            d["warriors"][s][loc] = max(0, d["warriors"][s][loc] + k)
            if kind == "w_w":
                self._fs(s)["warlord"] = loc if k > 0 else 0
            return
        if kind == "p":
            d["pawn"][self._seat(comp[1])] = self._loc(place) if k > 0 else 0
            return
        if kind in ("b", "t"):
            self._piece(comp, place, k)
            return
        if kind == "c":
            self._card(str(comp[1]), place, k)
            return
        if kind == "i":
            self._item(str(comp[1]), place, k)
            return
        if kind == "ferry":
            d["ferry"] = int(place[1]) if k > 0 else d["ferry"]
            return
        if kind == "path":
            pair = [int(comp[1]), int(comp[2])]
            if k < 0 and pair in d["closed"]:
                d["closed"].remove(pair)
            return
        if kind in ("ruin", "lm", "battle", "trick"):
            return
        raise _Skip(f"cannot move {_say(comp)}")

    def _board_warrior(self, s: int, holder: int, k: int) -> None:
        base = self._base(self.letters[holder])
        fs = self._fs(holder)
        if base == "alliance":
            fs["officers"] = max(0, fs["officers"] + k)
        elif base == "lizards":
            fs["acolytes"] = max(0, fs["acolytes"] + k)
        elif base == "riverfolk":
            key = str(s)
            if k > 0:
                box = "funds" if self._box == "f" else "payments"
                fs[box][key] = fs[box].get(key, 0) + k
                return
            for box in (("funds",) if self._box == "f" else ()) + (
                    "funds", "payments", "committed"):
                if fs[box].get(key, 0) > 0:
                    fs[box][key] -= 1
                    return
        else:
            raise _Skip(f"no warriors on the {self.letters[holder]} board")

    def _piece(self, comp: tuple[Any, ...], place: tuple[Any, ...], k: int) -> None:
        s = self._seat(comp[1])
        base = self._base(str(comp[1]))
        code = str(comp[2])
        hid = str(comp[3]) if comp[0] == "t" else ""
        kinds = names.piece_kinds(self.g.factions[s])
        if comp[0] == "t" and place[0] == "board":  # a relic recovered (15.5.2.III)
            from rootlaw.factions.keepers import TYPES

            bits = code.split("_")
            fs = self._fs(s)
            i = TYPES.index(_RELIC[bits[-1]])
            vals = list(fs["recovered"][i])
            if k > 0:
                vals.append(int(bits[1]) if len(bits) == 3 else int(hid or 1))
            elif vals:
                vals.pop()
            fs["recovered"][i] = vals
            return
        loc = self._loc(place)
        kind = kinds.get(code)
        if kind is None:
            raise _Skip(f"no {code} piece for {comp[1]}")
        facedown = ""
        if hid:
            if base == "corvids":
                facedown, kind = "facedown", "plot"
                ident = _PLOT[hid]
            else:  # keepers: a face-down relic of a value
                facedown = "values"
                ident = kind + hid
        field = "buildings" if comp[0] == "b" else "tokens"
        if loc >= FOREST:
            lst = self.d["forest_tokens"][loc - FOREST]
        else:
            lst = self.d[field][loc]
        if k > 0:
            lst.append([s, kind])
        else:
            try:
                lst.remove([s, kind])
            except ValueError:
                raise _Skip(f"no {code} of {comp[1]} at {place}") from None
        if facedown:
            fd = self._fs(s)[facedown]
            if k > 0:
                fd.append([loc, ident])
            else:
                for pair in fd:
                    if pair[0] == loc and (pair[1] == ident or not hid):
                        fd.remove(pair)
                        break

    def _card(self, cid: str, place: tuple[Any, ...], k: int) -> None:
        d = self.d
        kind = place[0]
        if kind == "hand":
            self._list(d["hands"][self._seat(place[1])], cid, k)
        elif kind == "deck":
            self._list(d["deck"], cid, k, front=True)
        elif kind == "discard":
            if k > 0:
                dom = self.g.deckdef.cards.get(cid)
                pile = d["available"] if dom is not None and dom.kind == "dominance" else \
                    d["discard"]
                pile.append(cid)
            elif cid in d["discard"]:
                d["discard"].remove(cid)
            elif cid in d["available"]:
                d["available"].remove(cid)
            else:
                for fs in d["fstate"]:
                    if cid in fs.get("lost_souls", ()):
                        fs["lost_souls"].remove(cid)
                        return
                raise _Skip(f"{cid} is not in the discard pile")
        elif kind == "Q":
            self._list(d["quests"], cid, k)
        elif kind == "qdeck":
            self._list(d["quest_deck"], cid, k, front=True)
        elif kind == "board":
            self._board_card(cid, self._seat(place[1]), str(place[2]), k)
        else:
            raise _Skip(f"a card cannot be in {place}")

    def _list(self, lst: list[Any], x: Any, k: int, front: bool = False) -> None:
        if k > 0:
            if front:
                lst.insert(0, x)
            else:
                lst.append(x)
        elif x in lst:
            lst.remove(x)
        else:
            raise _Skip(f"{x} is not there")

    def _board_card(self, cid: str, s: int, key: str, k: int) -> None:
        from rootlaw.factions import duchy, eyrie, hundreds, vagabond

        fs = self._fs(s)
        base = self._base(self.letters[s])
        if key == "sup":
            self._list(fs["supporters"], cid, k)
        elif key in names.DECREE_COLUMN and base == "eyrie":
            col = list(names.DECREE.values()).index(key)
            self._list(fs["decree"][col], cid, k)
        elif key in names.RETINUE_COLUMN and base == "keepers":
            col = list(names.RETINUE.values()).index(key)
            self._list(fs["retinue"][col], cid, k)
        elif cid in eyrie.LEADERS:
            fs["leader"] = cid if k > 0 else fs["leader"]
        elif cid in vagabond.CHARACTERS:
            fs["character"] = cid if k > 0 else fs["character"]
        elif cid in duchy.RANK_OF:
            self._list(fs["swayed"], cid, k)
        elif cid in hundreds.MOODS:
            fs["mood"] = cid if k > 0 else fs["mood"]
        elif names.is_quest(cid):
            self._list(fs["quests_done"], cid, k)
        elif self.g.deckdef.cards.get(cid) is not None and self.g.deckdef.cards[
                cid].kind == "dominance":
            self.d["dominance"][s] = cid if k > 0 else None
        else:
            self._list(self.d["played"][s], cid, k)

    def _item(self, item: str, place: tuple[Any, ...], k: int) -> None:
        d = self.d
        kind = place[0]
        if kind == "isup":
            d["supply"][item] = max(0, d["supply"].get(item, 0) + k)
        elif kind == "ruin":
            c = int(place[1])
            lst = list(d["ruin_items"][c])
            self._list(lst, item, k)
            d["ruin_items"][c] = lst
        elif kind == "out":
            self._list(d["removed_items"], item, k)
        elif kind == "items":
            s = self._seat(place[1])
            base = self._base(str(place[1]))
            fs = self._fs(s)
            if base in ("vagabond", "vagabond2") and isinstance(fs.get("items"), dict):
                counts = list(fs["items"].get(item, [0, 0, 0, 0]))
                i = _SIDE[(str(place[2]), str(place[3]))]
                counts[i] = max(0, counts[i] + k)
                fs["items"][item] = counts
            elif base == "hundreds":
                from rootlaw.factions.hundreds import COMMAND_ITEMS

                track = "command" if item in COMMAND_ITEMS else "prowess"
                self._list(fs[track], item, k)
            else:
                self._list(d["items"][s], item, k)
        else:
            raise _Skip(f"an item cannot be in {place}")

    # ---------------------------------------------------------- settings
    def setting(self, key: tuple[Any, ...], value: str) -> None:
        kind = key[0]
        if kind == "rel":
            s = self._seat(key[1])
            other = self.g.factions[self._seat(key[2])]
            self._fs(s)["relations"][other] = names.RELATIONSHIP_LEVEL[value]
        elif kind == "price":
            s = self._seat("O")
            i = list(names.PRICES.values()).index(key[1])
            self._fs(s)["prices"][i] = int(value)
        elif kind == "funds":
            fs = self._fs(self._seat(key[1]))
            have = sum(fs["funds"].values())
            want = int(value)
            for box_from, box_to, n in (("funds", "payments", have - want),
                                        ("payments", "funds", want - have)):
                for owner in list(fs[box_from]):
                    while n > 0 and fs[box_from][owner] > 0:
                        fs[box_from][owner] -= 1
                        fs[box_to][owner] = fs[box_to].get(owner, 0) + 1
                        n -= 1
        elif kind == "outcast":
            fs = self._fs(self._seat(key[1]))
            fs["hated"] = value.startswith("ho")
            fs["outcast"] = names.SUITS[value[-1]]
        else:
            raise _Skip(f"cannot set {key}")


def _say(p: Any) -> str:
    from rootlaw.rootlog.search.match import pat

    return pat(p)

