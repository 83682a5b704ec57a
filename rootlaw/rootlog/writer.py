"""Write any game the engine plays as a Rootlog (``dumps``).

The game is rebuilt from its setup and record step by step (``Game.run_step``); after
each step the ledger (``ledger.py``) is compared with the one before, and the
difference is written as Rootlog actions: moves of pieces, cards and items, scores,
settings, and the forms the notation has for what the ledger cannot show (a battle
with its ambushes and rolls, a craft, the Eyrie's turmoil, an exposure, a trick, a
revealed hand). Each turn is one line; the setup is one line per faction.

Who may read it: ``who=ALL`` writes every card and face-down token by name (a finished
game); ``who=None`` writes what the whole table saw (a game still being played: cards
drawn, supporters, face-down plots are written without their identity); a seat writes
what that seat saw too (its own hand).
"""
from __future__ import annotations

import json
from collections import Counter
from dataclasses import replace
from typing import Any, Final

from rootlaw.core.faction_api import FACTIONS, is_seat_name
from rootlaw.core.game import Game
from rootlaw.rootlog import names
from rootlaw.rootlog.errors import RootlogError
from rootlaw.rootlog.ledger import (
    ALL,
    VAGABOT_NOTE,
    Key,
    Ledger,
    Lens,
    Who,
    delta,
    fold_reshuffle,
    hireling_letters,
    letter_of,
    vagabot_sides,
)
from rootlaw.rootlog.text import format_action, format_log
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
    Header,
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
    Seat,
    SetKey,
    Shown,
    Thing,
    Trick,
    Turn,
)

# places whose cards nobody but their holder sees (2 Card: unknown cards are written
# without suit); a seat's hand is public with 11.2.3 Public Hand
_HIDDEN_CARD_PLACES: Final = frozenset({"hand", "deck", "qdeck", "lm"})
_GLOBAL_SETUP: Final = frozenset({"setup", "adv.setup", "adv.hands", "adv.deal",
                                  "adv.shuffle", "adv.drafted"})
# not notated (4 Semantics): the setup of the deck, the quests, the ruins and the item
# supply, a ruin removed when empty, a seat's faction (the player lines say it)
_SILENT_COMPONENTS: Final = frozenset({"ruin", "seat"})


def dumps(game: Game, who: Who | str = "auto", players: dict[str, str] | None = None) -> str:
    """The Rootlog of ``game``. ``who``: "auto" (everything once the game is over, else
    what the whole table saw), ``ALL`` ("all"), None (the table) or a seat (index or
    faction id: what that seat saw). ``players``: faction id -> player name."""
    if who == "auto":
        who = ALL if game.is_over else None
    elif isinstance(who, str) and who != ALL:
        who = game.seat_of(who)
    tree, directives, interleave = record(game, who, players)
    return format_log(tree, directives, interleave)


def record(game: Game, who: Who = ALL, players: dict[str, str] | None = None
           ) -> tuple[Rootlog, dict[str, str], bool]:
    """The Rootlog tree of ``game``, the directives (rootlaw's own comments) and whether
    the setup lines follow their player lines (the Advanced Setup)."""
    setup = game.setup
    if (setup.get("rules") or "law") != "law":
        raise RootlogError(f"Rootlog records games of the Law of Root; this game plays the "
                           f"{setup.get('rules')} rules, which the notation has no letters for")
    letters = _final_letters(game)
    log = game.log
    forced = [[e[1], e[2]] for e in log if e[0] == "f"]
    decisions = [e[2] for e in log if e[0] == "d"]
    rest = {k: v for k, v in setup.items() if k not in ("factions", "map", "deck", "seed")}
    g = Game.new(list(setup["factions"]), map=setup["map"], deck_name=setup["deck"],
                 seed=int(setup["seed"]), forced=forced, options=rest, advance=False)
    w = _Writer(g, who, letters)
    k = 0
    while True:
        while not g.won:
            top = g.stack[-1]
            if top[0] == "turn":
                w.start_turn(int(top[1]))
            mark = g.last_entry
            deck = list(g.deck)
            if not g.run_step():
                break
            w.observe(mark, top, None, deck)
        if g.won or k >= len(decisions):
            break
        mark = g.last_entry
        top = g.stack[-1]
        option = tuple(decisions[k])
        k += 1
        deck = list(g.deck)
        g.apply(option, advance=False)
        w.observe(mark, top, option, deck)
    return w.finish(game, players or {}), _directives(game, letters), g.adv is not None


def _final_letters(game: Game) -> list[str]:
    out: list[str] = []
    for _s, f in enumerate(game.factions):
        if is_seat_name(f):
            out.append("?")
            continue
        try:
            out.append(names.letter(f))
        except KeyError:
            raise RootlogError(f"the {FACTIONS[f].name if f in FACTIONS else f} has no Rootlog "
                               f"letter (V2.8 knows {', '.join(names.LETTER_OF)})") from None
        if out.count(out[-1]) > 1:
            raise RootlogError(f"two seats write as {out[-1]} (a bot and the faction it "
                               f"replaces, Rootbotics 3.2): the notation cannot tell them apart")
    return out


def _directives(game: Game, letters: list[str]) -> dict[str, str]:
    """What a Rootlog cannot say but the engine needs to play the game again: the
    Advanced Setup, the bots in their seats and their options (never the seed)."""
    setup = game.setup
    out: dict[str, Any] = {}
    for k, v in setup.items():
        if k not in ("factions", "map", "deck", "seed", "suits"):
            out[k] = v
    bots = {letters[s]: fd.id for s, fd in enumerate(game.fdefs) if fd.is_bot}
    if bots:
        out["bots"] = bots
    adv = game.adv
    if adv is not None and adv.first:  # 5.1.1 the first player's seat in the engine (the
        out["first_seat"] = adv.first  # reader seats the players as the game did: 1.1.3
        # simultaneous triggers resolve in seat order, so a rotated seating reorders them)
    found = {"record": "rootlaw"}  # written by rootlaw: every change is in it (strict)
    if out:
        found["setup"] = json.dumps(out, sort_keys=True, separators=(",", ":"))
    return found


class _Writer:
    def __init__(self, g: Game, who: Who, letters: list[str]) -> None:
        self.g = g
        self.who = who
        self.letters = letters
        self.lens = Lens(ALL, letters)
        self.before = self.lens.snap(g)
        self.setup: dict[str, list[Action]] = {}
        self.turns: list[tuple[str, list[Action]]] = []
        self.cur: list[Action] | None = None
        self.me = ""
        self.battle: Any = None
        self.battle_at = -1  # index of the Battle action of the battle under way
        self.battle_line: list[Action] = []
        self.revealed: list[tuple[str, ...]] = [self._revealed(s) for s in range(len(letters))]
        self.funds: dict[str, str] = {}
        self.drawn: list[str] = []
        self.put_back: dict[str, list[Any]] = {}
        self.public_hands = {letters[s] for s, fd in enumerate(g.fdefs) if fd.public_hand}
        # the Vagabonds keep items in areas and by side (9.2.5); the others' items lie
        # on their boards face up unless exhausted
        self.areas = {letters[s] for s, fd in enumerate(g.fdefs) if fd.id.startswith("vagabond")}
        self.vb_setup = ""  # the Vagabot's item sides after the setup
        self.vb_start = ""  # ... at the start of the turn being written
        self.vb_notes: list[str] = []  # per turn: the comment on its sides, if changed

    # ---------------------------------------------------------- segments
    def start_turn(self, s: int) -> None:
        self._end_turn()
        if self.cur is None:  # the setup done: the Vagabot's items as set up
            self.vb_setup = vagabot_sides(self.g)
        self.vb_start = vagabot_sides(self.g)
        self.me = self.letters[s]
        self.cur = []
        self.turns.append((self.me, self.cur))
        self.vb_notes.append("")
        self.funds = {}

    def _end_turn(self) -> None:
        """11 Funds: written at the end of the Riverfolk's own turn (omitted: none). The
        Vagabot's item sides, where the line changed them (a comment: Rootlog has no
        form for them)."""
        if self.cur is not None and self.me == "O":
            n = self._funds_now()
            if n != "0" or "O" in self.funds:
                self.cur.append(SetKey((Board(None, "f"),), n))
        if self.cur is not None:
            now = vagabot_sides(self.g)
            if now != self.vb_start:
                self.vb_notes[-1] = VAGABOT_NOTE + now

    def _funds_now(self) -> str:
        for (comp, place), k in self.before.total().items():
            if comp == ("funds", "O") and k:
                return str(place[1])
        return "0"

    def _line(self, letter: str) -> list[Action]:
        if self.cur is not None:
            return self.cur
        return self.setup.setdefault(letter, [])

    # ------------------------------------------------------- observation
    def observe(self, mark: Any, top: Any, option: Any, deck: list[str]) -> None:
        g = self.g
        after = self.lens.snap(g, self.before)
        removed, added = delta(self.before, after)
        self.before = after
        entries = g.entries_after(mark)
        fold_reshuffle(removed, added, entries)
        self.drawn = _drawn(deck, g.deck, entries)
        actor = self._actor(top, option)
        new_battle = g.battle is not None and g.battle is not self.battle
        if g.battle is not self.battle:
            self.battle = g.battle
        acts: list[tuple[str, Action]] = []  # (letter of the line, action)
        if new_battle:
            acts.append(self._battle_start(actor))
        for e in entries:
            acts.extend(self._entry(e, removed, added, actor))
        if option is not None and option and option[0] == "trick":
            self._drop_trick(removed, added, {int(option[1]), int(option[2])})
            acts.append((actor, Trick(int(option[1]), int(option[2]))))
        acts.extend(self._reveals(actor))
        acts.extend(self._moves(removed, added, actor))
        for letter, a in acts:
            if self.cur is None and letter == "?":
                continue
            line = self._line(letter)
            if isinstance(a, Battle):
                self.battle_at = len(line)
                self.battle_line = line
            line.append(a)

    def _actor(self, top: Any, option: Any) -> str:
        """Whose line a setup step writes to (in turns: the turn's)."""
        if self.cur is not None:
            return self.me
        if top and len(top) > 1 and isinstance(top[1], int) and top[0] not in _GLOBAL_SETUP:
            if 0 <= top[1] < len(self.letters):
                return self.letters[top[1]]
        return "?"

    def _owner(self, comp: tuple[Any, ...], places: tuple[Any, ...], actor: str) -> str:
        """During the setup: the faction a change belongs to (its component's or, the
        destination first, its places'), else the actor."""
        if comp[0] in ("w", "w_w", "p", "b", "t", "vp", "marker", "outcast", "funds", "rel"):
            return str(comp[1])
        for place in places:
            if place is not None and place[0] in ("hand", "board", "items"):
                return str(place[1])
        return actor

    def _say(self, letter: str) -> str | None:
        """A faction written before a thing: omitted for the line's own faction."""
        return None if letter == self._me_for(letter) else letter

    def _me_for(self, letter: str) -> str:
        return self.me if self.cur is not None else letter

    # ------------------------------------------------------------ battles
    def _battle_start(self, actor: str) -> tuple[str, Action]:
        b = self.g.battle
        assert b is not None
        att = self._seat_letter(b.att)
        dfd = self._seat_letter(b.dfd)
        line = actor if self.cur is None else self.me
        c = 0 if b.c == self.g.board.burrow else b.c
        return line, Battle(None if att == line else att, dfd, c)

    def _seat_letter(self, s: int) -> str:
        if 0 <= s < len(self.letters):
            return self.letters[s]
        hletters = hireling_letters(self.g)  # a hireling's, owner n + k (3: h_OXD4)
        if 0 <= s - len(self.letters) < len(hletters):
            return hletters[s - len(self.letters)]
        return "?"

    def _set_battle(self, **changes: Any) -> None:
        if self.battle_at < 0:
            return
        line = self.battle_line
        old = line[self.battle_at]
        if not isinstance(old, Battle):
            return
        fields: dict[str, Any] = {
            "attacker": old.attacker, "defender": old.defender, "clearing": old.clearing,
            "ambush": old.ambush, "foil": old.foil, "rolls": old.rolls}
        fields.update(changes)
        line[self.battle_at] = Battle(**fields)

    # ------------------------------------------------------- log entries
    def _entry(self, e: tuple[Any, ...], removed: Ledger, added: Ledger, actor: str
               ) -> list[tuple[str, Action]]:
        kind = e[0]
        line = actor if self.cur is None else self.me
        if kind in ("r", "f") and e[1] == "dice" and self.battle is not None:
            a, d = int(e[2][0]), int(e[2][1])
            self._set_battle(rolls=(max(a, d), min(a, d)))  # 4.3.2 higher to the attacker
            return []
        if kind == "craft":
            return [(self._craft_line(e), self._craft(e, removed, added))]
        if kind == "turmoil":
            return [(line, self._turmoil(e, removed, added))]
        if kind in ("exposed", "not_exposed"):
            guesser = names.letter(e[1])
            guess = str(e[3])
            return [(line, Expose("P", Piece(None, "t", (guess[0],)), int(e[2])))] \
                if guesser else []
        if kind == "flip":  # 13.7.1 a bomb flipped is removed at once: flip, then removal
            L = names.letter(e[1])
            c = int(e[2])
            down = (("t", L, "t", str(e[3])[0]), ("c", c))
            up = ("t", L, "t_" + str(e[3])[0], "")
            if removed.get(down) and not added.get((up, ("c", c))):
                _take(removed, down)
                who = self._said(L, line)
                return [(line, Flip(who, c, _piece(up[2]))),
                        (line, Move((Part(1, Piece(who, "t", (up[2][2],)), Clearing(c)),)))]
            return []
        if kind == "outrage_shown":
            payer = names.letter(e[1])
            return [(line, Reveal((Shown(1, None, self._say(payer)),), "A"))]
        return []

    def _craft_line(self, e: tuple[Any, ...]) -> str:
        return names.letter(e[1]) if self.cur is None else self.me

    def _craft(self, e: tuple[Any, ...], removed: Ledger, added: Ledger) -> Action:
        """4.1 Craft: the card leaves the hand (to the discard pile, or before its owner
        as an improvement) and an item card's item comes from the supply. A card the
        Mole Artisans hold revealed (E.2.2) lies on their card: the craft says it too
        (docs/rootlog.md), what they do with it next is a move (``F#xh_Dd$->``)."""
        L = names.letter(e[1])
        cid = str(e[2])
        moled = next((k for k in added if k[0] == ("c", cid) and k[1][0] == "board"
                      and names.is_hireling(k[1][1])), None)
        _take(removed, (("c", cid), ("hand", L)))
        if moled is not None:
            _take(added, moled)
        elif not _take(added, (("c", cid), ("discard",))):
            _take(added, (("c", cid), ("board", L, "")))
        card = self.g.deckdef.cards.get(cid)
        item = getattr(card, "item", None) if card is not None else None
        suit, name = names.card_code(cid)
        if item:
            if _take(removed, (("i", item), ("isup",))):
                for key in list(added):
                    if key[0] == ("i", item) and key[1][0] == "items" and key[1][1] == L:
                        _take(added, key)
                        break
            # the card crafted is named (it is face up in the discard pile anyway), so
            # the reader knows which of the item's cards went: Zavisittofriends, not Z%f
            return Craft(card=name, suit=suit if name in names.shared_names() else None)
        return Craft(card=name, suit=suit if name in names.shared_names() else None)

    def _turmoil(self, e: tuple[Any, ...], removed: Ledger, added: Ledger) -> Action:
        """7.7 Turmoil: the Decree is discarded and the leader deposed (``$_->``)."""
        L = names.letter(e[1])
        for key in list(removed):
            comp, place = key
            if comp[0] == "c" and place[0] == "board" and place[1] == L:
                if place[2] or comp[1] in _leaders():
                    n = removed.pop(key)
                    if place[2]:
                        _take(added, (comp, ("discard",)), n)
        return SetKey((Board(self._say(L), ""),), None)

    def _drop_trick(self, removed: Ledger, added: Ledger, where: set[int]) -> None:
        """13.6.3 Trick: two plots (face down or up) swap places, written as such."""
        for led in (removed, added):
            for key in list(led):
                if key[0][0] == "t" and key[0][1] == "P" and key[1][0] == "c" \
                        and key[1][1] in where:
                    del led[key]

    def _reveals(self, actor: str) -> list[tuple[str, Action]]:
        """Cards revealed to everyone (10.5 the Cult's conspiracies, 12.5.3 sway)."""
        out: list[tuple[str, Action]] = []
        for s in range(len(self.letters)):
            now = self._revealed(s)
            was = self.revealed[s]
            if now != was:
                self.revealed[s] = now
                fresh = list(now)
                for c in was:
                    if c in fresh:
                        fresh.remove(c)
                if fresh:
                    L = self.letters[s]
                    line = L if self.cur is None else self.me
                    parts = tuple(Shown(n, Card(*names.card_code(c)), self._say(L))
                                  for c, n in Counter(fresh).items())
                    out.append((line, Reveal(parts, None)))
        return out

    def _revealed(self, s: int) -> tuple[str, ...]:
        return tuple(getattr(self.g.fstate[s], "revealed", ()) or ())

    # -------------------------------------------------------------- moves
    def _moves(self, removed: Ledger, added: Ledger, actor: str) -> list[tuple[str, Action]]:
        out: list[tuple[str, Action]] = []
        # settings first: one value each; the dominance or coalition marker last, after
        # the card activated (3.3.1: ``F#domA->$/++->$``, which tells it from a supporter)
        markers: list[tuple[str, Action]] = []
        for key in sorted((k for k in added if k[0][0] in ("rel", "price", "funds",
                                                           "outcast", "marker")), key=repr):
            (markers if key[0][0] == "marker" else out).extend(self._setting(key, actor))
        for led in (removed, added):
            for key in [k for k in led if k[0][0] in ("rel", "price", "funds", "outcast",
                                                      "marker", "seat", "ruin")]:
                del led[key]
        out = self._merge_prices(out)
        if self.cur is None:  # setup: the items under the ruins lie face down (9.1), dealt
            for led in (removed, added):  # again by the Vagabot (Rootbotics 7.3.4): unsaid
                for key in [k for k in led if k[0][0] == "i" and k[1][0] == "ruin"]:
                    del led[key]
        # flips: a face-down token face up where it lies
        for key in sorted(removed, key=repr):
            comp, place = key
            if comp[0] == "t" and comp[3] and place[0] in ("c", "fo"):
                up = _face_up(comp)
                if up is not None and (up, place) in added:
                    _take(removed, key)
                    _take(added, (up, place))
                    L = str(comp[1])
                    where: int | tuple[int, ...] = place[1]
                    line = self._line_of(L, actor)
                    out.append((line, Flip(self._said(L, line), where, _piece(up[2]))))
        # a face-down token that leaves face up for another place: it moves, then is
        # flipped where it lands (15.5.2 delve: t_t7_10_11->10/t10^t_2_t)
        late: list[tuple[str, Action]] = []
        for key in sorted(removed, key=repr):
            comp, place = key
            if comp[0] == "t" and comp[3] and comp[3] != "?":
                up = _face_up(comp)
                dest = next((p for (c, p) in added if c == up and p != place), None)
                if up is not None and dest is not None and dest[0] in ("c", "fo"):
                    _take(added, (up, dest))
                    added[(comp, dest)] += 1
                    L = str(comp[1])
                    line = self._line_of(L, actor)
                    late.append((line, Flip(self._said(L, line), dest[1], _piece(up[2]))))
        vp: Counter[str] = Counter()
        for led, sign in ((removed, -1), (added, 1)):
            for key in [k for k in led if k[0][0] == "vp"]:
                vp[str(key[0][1])] += sign * led.pop(key)
        moves = _in_draw_order(_pair(removed, added), self.drawn)
        moves = self._unplaced_order(moves)
        moves = self._fold_ambush(moves)
        out.extend(self._render(moves, actor))
        out.extend(late)
        out.extend(markers)
        for L, n in sorted(vp.items()):
            if n:
                line = self._line_of(L, actor)
                out.append((line, Score(self._said(L, line), n)))
        return out

    def _line_of(self, L: str, actor: str) -> str:
        if self.cur is not None:
            return self.me
        return L if L != "?" else actor

    def _said(self, L: str, line: str) -> str | None:
        # 3 Hirelings: a hireling's pieces always carry its code (h_Op->4), on its
        # controller's line and in the header's hireling setup
        return None if L == line and not names.is_hireling(L) else L

    def _setting(self, key: Key, actor: str) -> list[tuple[str, Action]]:
        comp, place = key
        value = str(place[1])
        kind = comp[0]
        if self.cur is None and value == "0" and kind in ("rel", "price", "funds"):
            return []  # at setup: 9.3.6 indifferent, no prices or funds yet (not notated)
        if kind == "rel":  # 9.2.9 relationship marker
            V, other = str(comp[1]), str(comp[2])
            line = self._line_of(V, actor)
            return [(line, SetKey((Board(self._said(V, line), other),), value))]
        if kind == "price":  # 11.3.5
            line = self._line_of("O", actor)
            return [(line, SetKey((Board(self._said("O", line), str(comp[1])),), value))]
        if kind == "funds":  # 11 Funds: at the end of the Riverfolk's turn, else at once
            if self.cur is not None and self.me == "O":
                self.funds["O"] = value
                return []
            line = self._line_of("O", actor)
            return [(line, SetKey((Board(self._said("O", line), "f"),), value))]
        if kind == "outcast":  # 10.4.4
            line = self._line_of("L", actor)
            k = "ho" if value.startswith("ho") else "o"
            return [(line, SetKey((Board(self._said("L", line), k),), value[len(k):]))]
        if kind == "marker":  # 3.3.1 dominance, 9.2.8 coalition
            L = str(comp[1])
            line = self._line_of(L, actor)
            return [(line, MarkerMove(None if value == L else value))]
        return []

    def _merge_prices(self, acts: list[tuple[str, Action]]) -> list[tuple[str, Action]]:
        """``$_->3``: every price set to one value (11.3.5)."""
        prices = [(i, a) for i, (_, a) in enumerate(acts) if isinstance(a, SetKey)
                  and a.keys[0].key in ("h", "r", "m") and a.keys[0].faction in (None, "O")
                  and len(a.keys) == 1]
        keys = {a.keys[0].key for _, a in prices}
        values = {a.value for _, a in prices}
        if keys == {"h", "r", "m"} and len(values) == 1 and len(prices) == 3:
            first = prices[0][0]
            line = acts[first][0]
            faction = prices[0][1].keys[0].faction
            drop = {i for i, _ in prices}
            merged = [a for i, a in enumerate(acts) if i not in drop]
            merged.insert(first, (line, SetKey((Board(faction, ""),), prices[0][1].value)))
            return merged
        return acts

    def _unplaced_order(self, moves: list[_Mv]) -> list[_Mv]:
        """15.3.1: the relics kept for 15.3.3 in the order they lie (the reader deals
        them to the forests in that order)."""
        spots = [i for i, m in enumerate(moves) if m[2] is not None and m[2][:3] == (
            "board", "K", "unplaced")]
        if not spots:
            return moves
        s = self.letters.index("K")
        kept = list(getattr(self.g.fstate[s], "unplaced", ()))
        singles: list[_Mv] = []
        for i in spots:
            comp, src, dst, n = moves[i]
            singles.extend([(comp, src, dst, 1)] * n)

        def rank(m: _Mv) -> int:
            ident = m[0][2][-1:] and {"f": "figure", "t": "tablet", "j": "jewelry"}.get(
                m[0][2][-1], "") + str(m[0][3])
            return kept.index(ident) if ident in kept else len(kept)

        used: list[int] = []
        ordered: list[_Mv] = []
        for ident in kept:
            for j, m in enumerate(singles):
                if j not in used and rank(m) == kept.index(ident):
                    used.append(j)
                    ordered.append(m)
                    break
        ordered.extend(m for j, m in enumerate(singles) if j not in used)
        rest = [m for i, m in enumerate(moves) if i not in spots]
        return rest[:spots[0]] + ordered + rest[spots[0]:]

    def _written(self) -> Battle | None:
        """The Battle action of the battle under way, as written so far."""
        if self.battle_at < 0 or self.battle_at >= len(self.battle_line):
            return None
        a = self.battle_line[self.battle_at]
        return a if isinstance(a, Battle) else None

    def _fold_ambush(self, moves: list[_Mv]) -> list[_Mv]:
        """4.3.1 Ambush: the card is written in the battle (``XE3M@``), not moved."""
        b = self.battle
        if b is None or self.battle_at < 0:
            return moves
        if self._written() is None:
            return moves
        out: list[_Mv] = []
        for mv in moves:
            comp, src, dst, n = mv
            if (comp[0] == "c" and src is not None and src[0] == "hand"
                    and dst == ("discard",) and n == 1 and isinstance(comp[1], str)
                    and names.card_code(comp[1])[1] == "@"):
                # one ambush and one foil a battle: an ambush card discarded later in
                # it (E&P Partisans) is a discard
                suit = names.card_code(comp[1])[0]
                written = self._written()
                if written is not None and src[1] == self._seat_letter(b.dfd) and (
                        written.ambush is None):
                    self._set_battle(ambush=suit)
                    continue
                if written is not None and src[1] == self._seat_letter(b.att) and (
                        written.foil is None and written.ambush is not None):
                    self._set_battle(foil=suit)
                    continue
            out.append(mv)
        return out

    # ----------------------------------------------------------- rendering
    def _render(self, moves: list[_Mv], actor: str) -> list[tuple[str, Action]]:
        rows: list[tuple[str, Part, Location | None]] = []
        for comp, src, dst, n in moves:
            if src is None and dst is None:
                continue
            if comp[0] == "c" and dst is not None and dst[0] == "deck":
                if self.cur is None and src is not None and src[0] == "hand":
                    # A.10 cards put back on the deck: no Rootlog form; a comment
                    card = self._thing(comp, src, dst, str(src[1]))
                    self.put_back.setdefault(str(src[1]), []).extend([card] * n)
                continue  # 2.1 the discard pile shuffled into a new deck: not notated
            if comp[0] == "c" and dst is None and src is not None and src[0] == "board" \
                    and comp[1] in _deposed():
                continue  # 7.7.3 the leader deposed, 14.4.3 the mood replaced: implied
            owner = self._owner(comp, (dst, src), actor)
            if self.cur is None and _setup_silent(comp, src, dst):
                continue
            line = self._line_of(owner, actor) if self.cur is None else self.me
            if line == "?":
                continue
            thing = self._thing(comp, src, dst, line)
            if thing is None:
                continue
            rows.append((line, Part(n, thing, self._source(comp, src, line)),
                         self._dest(comp, src, dst, line)))
        return _group(rows)

    def _visible(self, src: Any, dst: Any) -> bool:
        """Whether this audience sees the identity of a card going from src to dst."""
        if self.who == ALL:
            return True
        for p in (src, dst):
            if p is None:
                continue
            if p[0] == "hand":
                if p[1] in self.public_hands or self._is_mine(p[1]):
                    return True
                continue
            if p[0] == "board" and p[2] == "sup":
                if self._is_mine(p[1]):
                    return True
                continue
            if p[0] not in _HIDDEN_CARD_PLACES:
                return True
        return False

    def _is_mine(self, L: Any) -> bool:
        return isinstance(self.who, int) and 0 <= self.who < len(self.letters) \
            and self.letters[self.who] == L

    def _thing(self, comp: tuple[Any, ...], src: Any, dst: Any, line: str) -> Thing | None:
        kind = comp[0]
        if kind in ("w", "p"):
            return Piece(self._said(str(comp[1]), line), kind)
        if kind == "w_w":
            return Piece(self._said(str(comp[1]), line), "w", ("w",))
        if kind == "b":
            p = _piece(str(comp[2]))
            return Piece(self._said(str(comp[1]), line), p.kind, p.subs)
        if kind == "t":
            code = str(comp[2])
            hid = str(comp[3])
            if hid and hid != "?" and self._sees_token(str(comp[1])):
                code = _hidden_code(code, hid)
            p = _piece(code)
            return Piece(self._said(str(comp[1]), line), p.kind, p.subs)
        if kind == "h":  # 3 Hirelings: the card itself (h_E->A$4)
            card, demoted = names.hireling_card(str(comp[1]))
            return Hireling(names.HIRELING_CODE[card], demoted)
        if kind == "ferry":
            return Piece(None, "f")
        if kind == "path":
            return Path(int(comp[1]), int(comp[2]))
        if kind == "lm":
            return Landmark(str(comp[1]))
        if kind == "i":
            return Item(names.ITEM_LETTER.get(str(comp[1]), str(comp[1])[0]))
        if kind == "c":
            cid = str(comp[1])
            if cid == "?" or not self._visible(src, dst):
                return Card(None, None)
            suit, name = names.card_code(cid)
            return Card(suit, name)
        return None

    def _sees_token(self, L: str) -> bool:
        """13.2.2.I: the Corvids see their plots; 15.3.1: nobody sees a relic's value."""
        if self.who == ALL:
            return True
        return L == "P" and self._is_mine("P")

    def _source(self, comp: tuple[Any, ...], src: Any, line: str) -> Location | None:
        if src is None or comp[0] == "p":  # 2 MOVE: a pawn's source is never written
            return None
        kind = src[0]
        if kind in ("deck", "qdeck", "isup"):
            return None
        if kind == "discard":
            return DiscardPile()
        if kind == "items":
            if src[1] != line:
                return Board(str(src[1]))
            if line not in self.areas and (src[2], src[3]) == ("s", "r"):
                # the default source (2 MOVE): the board, as the item arrived (%c->$),
                # so that an item crafted into a full Hoard and removed at once
                # (14.2.4.I) is written arriving and leaving the same place
                return None
            return ItemSpot(str(src[2]), str(src[3]))
        return self._place(src, line)

    def _dest(self, comp: tuple[Any, ...], src: Any, dst: Any, line: str) -> Location | None:
        if dst is None:
            return None
        kind = dst[0]
        if kind in ("discard", "out"):
            return None
        if kind == "items":
            L = str(dst[1])
            if src is not None and src[0] == "items" and src[1] == L:
                if L != line:  # another's item, on its own board: %tV$->de
                    return ItemSpot(str(dst[2]), str(dst[3]))
                area = str(dst[2]) if dst[2] != src[2] else None
                state = str(dst[3]) if dst[3] != src[3] else None
                return ItemSpot(area, state)
            return Board(None if L == line else L)
        return self._place(dst, line)

    def _place(self, p: Any, line: str) -> Location | None:
        kind = p[0]
        if kind == "c":
            return Clearing(int(p[1]))
        if kind == "fo":
            return Forest(tuple(p[1]))
        if kind == "hand":
            return Hand(str(p[1]))
        if kind == "board":
            L = str(p[1])
            key = str(p[2]) if p[2] not in ("", "sup") else None
            return Board(None if L == line else L, key)
        if kind == "Q":
            return Quests()
        if kind == "hire":  # 3 Hirelings: on a player's board with its control markers
            return Board(str(p[1]), None, int(p[2]))
        if kind == "ruin":
            return Clearing(int(p[1]))
        if kind == "lm":
            return None
        return None

    # ---------------------------------------------------------------- tree
    def finish(self, game: Game, players: dict[str, str]) -> Rootlog:
        self._end_turn()
        g = self.g
        h = self._header(game)
        seats = self._seats(game, players)
        turns: list[Turn] = []
        line = 100
        order = [s.faction for s in seats]
        for L in order:  # 1: the first line of a faction is its setup, even with nothing
            self.setup.setdefault(L, [])
        hsetup: list[Action] = []  # 1: the hirelings' setup (A.6.3) in their header
        for L in [x for x in self.setup if names.is_hireling(x)]:
            hsetup.extend(self.setup.pop(L))
        h = replace(h, hireling_setup=tuple(hsetup))
        for L in order + [x for x in self.setup if x not in order]:
            if L in self.setup:
                line += 1
                note = ""
                if self.put_back.get(L):  # A.10
                    note = "rootlaw-put-back: " + format_action(
                        Reveal(_shown(self.put_back[L]), None))[:-1]
                elif self.vb_setup and L == names.letter("vagabot"):
                    note = VAGABOT_NOTE + self.vb_setup
                turns.append(Turn(L, tuple(self.setup[L]), line, setup=True, comment=note))
        done = set(self.setup)
        for (L, acts), vb in zip(self.turns, self.vb_notes, strict=True):
            line += 1
            turns.append(Turn(L, tuple(acts), line, setup=L not in done, comment=vb))
            done.add(L)
        winners = tuple(self.letters[game.seat_of(f)] for f in game.won) if game.won else None
        del g
        return Rootlog(h, tuple(seats), tuple(turns), winners)

    def _header(self, game: Game) -> Header:
        g = game
        suits = tuple(names.SUIT_LETTER[x] for x in g.suits[1:13])
        fall_printed = g.board.name == "fall" and suits == names.FALL_SUITS
        landmarks: tuple[tuple[str, int], ...] = ()
        lm = getattr(g, "landmarks", None)
        if lm is not None:  # A.5.2 in the order dealt (a bot sets up the first, A.5.3),
            at = {"tower": lm.tower, "lost_city": lm.lost_city,  # then the map's Tower
                  "legendary_forge": lm.forge, "black_market": lm.market,
                  "elder_treetop": lm.treetop, "ferry": g.ferry}
            name = {v: k for k, v in names.LANDMARK_IDS.items()}
            found = [(name[lid], at[lid]) for lid in lm.cards if at.get(lid)]
            if lm.tower and "tower" not in lm.cards:
                found.append(("tower", lm.tower))
            landmarks = tuple(found)
        pool = None
        for e in game.log:
            if e[0] == "setup_cards":
                pool = tuple(names.letter(str(p[0])) for p in e[1])
        return Header(map=names.MAP_NAME[g.board.name], deck=names.DECK_NAME[g.setup["deck"]],
                      clearings=None if fall_printed else suits, landmarks=landmarks,
                      pool=pool, hirelings=tuple(hireling_letters(g)))

    def _seats(self, game: Game, players: dict[str, str]) -> list[Seat]:
        n = len(game.factions)
        order = list(range(n))
        adv = game.adv
        if adv is not None:  # A.8.2: in reverse turn order from the last player
            order = [(adv.first - 1 - i) % n for i in range(n)]
        out: list[Seat] = []
        for i, s in enumerate(order):
            f = game.factions[s]
            L = self.letters[s]
            if L == "?":
                continue
            fd = game.fdefs[s]
            name = players.get(f) or fd.name + (" (bot)" if fd.is_bot else "")
            out.append(Seat(L, name.replace("//", "/"), i + 1))
        return out


_Mv = tuple[tuple[Any, ...], Any, Any, int]  # component, from, to (None: a supply), count


def _take(led: Ledger, key: Key, n: int = 1) -> bool:
    """Take n of ``key`` out of a diff half; False if it holds fewer."""
    have = led.get(key, 0)
    if have < n or n <= 0:
        return False
    if have == n:
        del led[key]
    else:
        led[key] = have - n
    return True


def _pair(removed: Ledger, added: Ledger) -> list[_Mv]:
    """Moves from a diff: each component from where it left to where it arrived, in a
    fixed order; what only left went to a supply, what only arrived came from one."""
    comps: dict[Any, tuple[list[list[Any]], list[list[Any]]]] = {}
    for (comp, place), n in removed.items():
        comps.setdefault(comp, ([], []))[0].append([place, n])
    for (comp, place), n in added.items():
        comps.setdefault(comp, ([], []))[1].append([place, n])
    out: list[_Mv] = []
    for comp in sorted(comps, key=repr):
        srcs, dsts = comps[comp]
        srcs.sort(key=lambda x: repr(x[0]))
        dsts.sort(key=lambda x: repr(x[0]))
        i = j = 0
        while i < len(srcs) and j < len(dsts):
            k = min(srcs[i][1], dsts[j][1])
            out.append((comp, srcs[i][0], dsts[j][0], k))
            srcs[i][1] -= k
            dsts[j][1] -= k
            if not srcs[i][1]:
                i += 1
            if not dsts[j][1]:
                j += 1
        for place, k in srcs[i:]:
            if k:
                out.append((comp, place, None, k))
        for place, k in dsts[j:]:
            if k:
                out.append((comp, None, place, k))
    return out


def _shown(cards: list[Any]) -> tuple[Shown, ...]:
    out: list[Shown] = []
    for c in cards:
        for i, sh in enumerate(out):
            if sh.card == c:
                out[i] = Shown(sh.count + 1, c, None)
                break
        else:
            out.append(Shown(1, c, None))
    return tuple(out)


def _drawn(before: list[str], after: list[str], entries: list[tuple[Any, ...]]) -> list[str]:
    """The cards drawn from the deck, in the order drawn (2.1: from the top, the end of
    the list; an empty deck is the discard pile shuffled)."""
    seq: list[str] = []
    cur = before
    for e in entries:
        if e[0] in ("r", "f") and e[1] in ("reshuffle", "deck"):
            if e[1] == "reshuffle":
                seq.extend(reversed(cur))
            cur = [str(x) for x in e[2]]
    k = len(after)
    if len(cur) > k and cur[:k] == after:
        seq.extend(reversed(cur[k:]))
    return seq


def _in_draw_order(moves: list[_Mv], drawn: list[str]) -> list[_Mv]:
    """Cards from the deck in the order they were drawn (a reader stacks the deck so):
    two copies drawn apart (a reshuffle between them, 2.1) are written apart."""
    spots = [i for i, m in enumerate(moves) if m[1] == ("deck",) and m[0][0] == "c"]
    if len(spots) < 2 and not any(moves[i][3] > 1 for i in spots):
        return moves
    left = [list(moves[i]) for i in spots]
    seq: list[list[Any]] = []
    for cid in drawn:
        m = next((x for x in left if x[0][1] == cid and x[3] > 0), None)
        if m is None:
            continue
        m[3] -= 1
        if seq and seq[-1][:3] == m[:3]:
            seq[-1][3] += 1
        else:
            seq.append([m[0], m[1], m[2], 1])
    seq.extend(x for x in left if x[3] > 0)  # drawn in a way ``drawn`` does not show
    out = [m for i, m in enumerate(moves) if i not in spots]
    at = spots[0]
    return out[:at] + [(m[0], m[1], m[2], m[3]) for m in seq] + out[at:]


def _setup_silent(comp: tuple[Any, ...], src: Any, dst: Any) -> bool:
    """What the setup does that no setup line notates: filling the deck, the quest deck,
    the ruins and the item supply, dominance cards left out (5.1.3), the Vagabond's
    starting items (9.3.5: the character says them), landmarks (their header says)."""
    if comp[0] == "lm":
        return True
    if dst is not None and dst[0] in ("deck", "qdeck", "ruin", "isup", "lm"):
        return True
    if src is None and comp[0] == "i":
        return True
    return comp[0] == "c" and dst is None and src is not None and src[0] == "deck"


def _group(rows: list[tuple[str, Part, Location | None]]) -> list[tuple[str, Action]]:
    """Join parts that go the same way into one move (2 MOVE: combining and grouping):
    the same thing twice adds up; one piece placed in several clearings is ``w->3+11``
    (each destination gets N); several things between the same places are one move."""
    same: dict[tuple[Any, ...], int] = {}
    prev: tuple[Any, ...] | None = None
    for line, part, dest in rows:
        base: tuple[Any, ...] = (line, part.thing, part.source, dest)
        if prev is not None and prev[:4] == base:
            key = prev  # in a row: they add up
        elif isinstance(part.thing, Card):
            key = (*base, len(same))  # a card drawn again later (2.1: after a reshuffle)
        else:
            key = base
        prev = key
        same[key] = same.get(key, 0) + part.count
    spread: dict[tuple[str, Any, int], list[Location]] = {}
    joined: dict[tuple[Any, ...], list[Part]] = {}
    order: list[tuple[Any, ...]] = []
    last: tuple[str, str, Any, Any] | None = None
    for (line, thing, source, dest, *_), n in same.items():
        if source is None and isinstance(dest, Clearing) and isinstance(thing, Piece):
            sk = (line, thing, n)
            if sk not in spread:
                spread[sk] = []
                order.append(("spread", sk))
            spread[sk].append(dest)
            continue
        jk: tuple[Any, ...] = (line, type(thing).__name__, source, dest)
        if isinstance(thing, Card) and jk != last:  # cards keep their order (draws)
            jk = (*jk, len(order))
        last = (line, type(thing).__name__, source, dest)
        if jk not in joined:
            joined[jk] = []
            order.append(("join", jk))
        joined[jk].append(Part(n, thing, source))
    out: list[tuple[str, Action]] = []
    for how, key in order:
        if how == "spread":
            line, thing, n = key
            out.append((line, Move((Part(n, thing, None),), tuple(spread[key]))))
        else:
            line, dest = key[0], key[3]
            out.append((line, Move(tuple(joined[key]), (dest,) if dest is not None else ())))
    return out


def _piece(code: str) -> Piece:
    bits = code.split("_")
    return Piece(None, bits[0], tuple(bits[1:]))


def _face_up(comp: tuple[Any, ...]) -> tuple[Any, ...] | None:
    """The face-up component of a face-down token (13.2.2 a plot, 15.2.1 a relic)."""
    _, L, code, hid = comp
    if not hid or hid == "?":
        return None
    return ("t", L, _hidden_code(code, hid), "")


def _hidden_code(code: str, hid: str) -> str:
    """A face-down token written with its identity: a plot ``t_b``, a relic ``t_2_f``."""
    if code == "t":
        return f"t_{hid}"
    return f"t_{hid}_{code[-1]}"


def _deposed() -> frozenset[str]:
    from rootlaw.factions.eyrie import LEADERS
    from rootlaw.factions.hundreds import MOODS

    return frozenset(LEADERS) | frozenset(MOODS)


def _leaders() -> frozenset[str]:
    from rootlaw.factions.eyrie import LEADERS

    return frozenset(LEADERS)


__all__ = ["ALL", "dumps", "record", "letter_of", "Forest"]
