"""The Rootlog parser (issue 37): every construct of the V2.8 specification, each test
citing its section of the summary (shared/notation/ROOTLOG.md), and bad input refused
with a RootlogError naming the line, the column and what was expected."""
from __future__ import annotations

import pytest

from rootlaw.rootlog import RootlogError, parse, parse_action
from rootlaw.rootlog.tree import (
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
    MarkerMove,
    Move,
    Part,
    Path,
    Piece,
    Quests,
    Reveal,
    Score,
    SetKey,
    Shown,
    Trick,
)

HEAD = "Map: Fall\nDeck: Standard\nC: Edu\n"


def move(*parts: Part, dests: tuple[object, ...] = ()) -> Move:
    return Move(tuple(parts), tuple(dests), col=1)  # type: ignore[arg-type]


def w(owner: str | None = None, *subs: str, kind: str = "w") -> Piece:
    return Piece(owner, kind, tuple(subs))


# ------------------------------------------------------------------ 1 File layout

def test_headers_seats_turns_winner_and_comments() -> None:
    """1: headers (map, deck, clearings, landmarks, hirelings, pool), player lines, the
    setup line of each faction, turns separated by '/' or ';', comments, Winner."""
    t = parse("""// Played: 5 Dec 2020
Map: Lake
Deck: E&P
Clearings: F1, R2, M3, R4, F5, M6, M7, R8, F9, M10, R11, F12
Landmarks: tower->10/ferry->3
Hirelings: h_E, h_T, h_S
Pool: CDOPA
A: Guerric
A:3#->$ // the setup line follows its player line (ADSET)
C: Edu
C:t_k->2;b_s->2

A:#->A
Winner: CA
""")
    h = t.header
    assert (h.map, h.deck, h.pool) == ("Lake", "E&P", ("C", "D", "O", "P", "A"))
    assert h.clearings == tuple("FRMRFMMRFMRF")
    assert h.landmarks == (("tower", 10), ("ferry", 3))
    assert h.hirelings == ("h_E", "h_T", "h_S")
    assert [(s.faction, s.player, s.line) for s in t.seats] == [
        ("A", "Guerric", 8), ("C", "Edu", 10)]
    assert [(x.faction, x.setup, x.line) for x in t.turns] == [("A", True, 9), ("C", True, 11),
                                                             ("A", False, 13)]
    assert len(t.turns[1].actions) == 2  # 1: actions separated by '/' or ';'
    assert t.turns[0].comment.strip().startswith("the setup line")
    assert t.winners == ("C", "A")
    assert t.comments[0] == (1, " Played: 5 Dec 2020")


def test_fall_suits_default_and_other_maps_need_clearings() -> None:
    """1: 'Clearings:' may be omitted on Fall only; the reference parser's default."""
    assert parse(HEAD).header.clearings is None
    with pytest.raises(RootlogError, match="Clearings"):
        from rootlaw.rootlog import loads
        loads("Map: Winter\nDeck: Standard\nC: a\nE: b\nC:w->1\nE:w->2\n")


def test_player_line_versus_turn_line() -> None:
    """1: '<F>: <name>' is a player line, '<F>:<actions>' a turn (no space)."""
    t = parse(HEAD + "C:w->1\nC:w->2\n")
    assert [s.player for s in t.seats] == ["Edu"]
    assert [x.setup for x in t.turns] == [True, False]


def test_directives_are_comments() -> None:
    """rootlaw's own comments (docs/rootlog.md) are plain Rootlog comments."""
    t = parse("// rootlaw-record: rootlaw\n" + HEAD)
    assert t.directives() == {"record": "rootlaw"}


# ------------------------------------------------------------------ 2 Atoms

@pytest.mark.parametrize(("text", "piece"), [
    ("w->1", w()), ("Dw->1", w("D")), ("b_s->1", w(None, "s", kind="b")),
    ("t_k->1", w(None, "k", kind="t")), ("Pt_b->1", w("P", "b", kind="t")),
    ("w_w->1", w(None, "w")), ("t_3_j->1", w(None, "3", "j", kind="t")),
    ("b_f_t->1", w(None, "f", "t", kind="b")), ("f->1", w(None, kind="f")),
    ("r->1", w(None, kind="r")),  # the raft, before V2.8
])
def test_pieces(text: str, piece: Piece) -> None:
    """2 Piece: [Faction]<type>[_<sub>], every faction's subtypes (keeps, relics,
    waystations up side first, the warlord, the ferry and the old raft)."""
    a = parse_action(text)
    assert isinstance(a, Move) and a.parts[0].thing == piece


@pytest.mark.parametrize(("text", "card", "count"), [
    ("#->C", Card(), 1), ("F#->C", Card("F"), 1), ("B#@->C", Card("B", "@"), 1),
    ("F#dom->C", Card("F", "dom"), 1), ("#armor->C", Card(None, "armor"), 1),
    ("3#->C", Card(), 3), ("#despot->$", Card(None, "despot"), 1),
    ("#thief->$", Card(None, "thief"), 1), ("#brigadier->$", Card(None, "brigadier"), 1),
    ("#jubilant->$", Card(None, "jubilant"), 1), ("M#errand->Q", Card("M", "errand"), 1),
])
def test_cards(text: str, card: Card, count: int) -> None:
    """2 Card: [Suit]#[name]; ambush @, dominance dom, named cards, leaders,
    characters, ministers and moods written as cards; a count in front."""
    a = parse_action(text)
    assert isinstance(a, Move) and a.parts[0].thing == card and a.parts[0].count == count


def test_card_group() -> None:
    """2 Card counts and groups: (2F+M)#."""
    a = parse_action("(2F+M)#->C")
    assert isinstance(a, Move)
    assert [(p.count, p.thing) for p in a.parts] == [(2, Card("F")), (1, Card("M"))]


@pytest.mark.parametrize(("text", "kind"), [(f"%{k}->$", k) for k in "sbcxhtrfu"] + [
    ("%_d->s", "_")])
def test_items(text: str, kind: str) -> None:
    """2 Item: %<type> (u the club), %_ every item at the location."""
    a = parse_action(text)
    assert isinstance(a, Move) and a.parts[0].thing == Item(kind)


@pytest.mark.parametrize(("text", "where"), [
    ("w3->5", Clearing(3)), ("w0->5", Clearing(0)), ("p2_7_10->1", Forest((2, 7, 10))),
    ("F#C->", Hand("C")), ("F#@*->P", DiscardPile()), ("M#Q->$", Quests()),
    ("#A$->", Board("A")), ("F#E$_b->", Board("E", "b")), ("#faith$_2->", Board(None, "2")),
    ("%ct->s", ItemSpot("t", None)), ("%sde->s", ItemSpot("d", "e")),
])
def test_locations(text: str, where: object) -> None:
    """2 Locations: clearings (0 the Burrow), forests, hands, * the discard pile, Q the
    quests, faction boards and their keys, the Vagabond's areas and states."""
    a = parse_action(text)
    assert isinstance(a, Move) and a.parts[0].source == where


def test_faction_board_keys() -> None:
    """2: decree columns, retinue columns, relationships, prices, funds, outcast."""
    for key in ("r", "m", "x", "b", "1", "2", "3", "h", "f", "o", "ho"):
        a = parse_action(f"$_{key}->2")
        assert isinstance(a, SetKey) and a.keys == (Board(None, key),)


# ------------------------------------------------------------------ 3 Actions

@pytest.mark.parametrize(("text", "expected"), [
    ("2Dw3->5", move(Part(2, w("D"), Clearing(3)), dests=(Clearing(5),))),
    ("b->3", move(Part(1, w(kind="b")), dests=(Clearing(3),))),
    ("p->2_7_10", move(Part(1, w(kind="p")), dests=(Forest((2, 7, 10)),))),
    ("At5->", move(Part(1, w("A", kind="t"), Clearing(5)))),
    ("#E->A$", move(Part(1, Card(), Hand("E")), dests=(Board("A"),))),
    ("F#domO->C", move(Part(1, Card("F", "dom"), Hand("O")), dests=(Hand("C"),))),
    ("3Cw->O$", move(Part(3, w("C")), dests=(Board("O"),))),
    ("%s12->$", move(Part(1, Item("s"), Clearing(12)), dests=(Board(None),))),
    ("w->3+11", move(Part(1, w()), dests=(Clearing(3), Clearing(11)))),
    ("%s->e", move(Part(1, Item("s")), dests=(ItemSpot(None, "e"),))),
    ("%_d->s+r", move(Part(1, Item("_"), ItemSpot("d", None)),
                      dests=(ItemSpot("s", None), ItemSpot(None, "r")))),
    ("h_E->A$4", move(Part(1, Hireling("E")), dests=(Board("A", None, 4),))),
    ("h_Op->4", move(Part(1, Piece("h_O", "p")), dests=(Clearing(4),))),
    ("tower->10", move(Part(1, Landmark("tower")), dests=(Clearing(10),))),
    ("11_12->", move(Part(1, Path(11, 12)))),
])
def test_move(text: str, expected: Move) -> None:
    """3 MOVE: [N]<thing>[from]->[to], default sources and destinations, several
    destinations, item states and areas, hirelings, landmarks, closed paths."""
    assert parse_action(text) == expected


def test_move_groups() -> None:
    """3 MOVE: '+' joins things; parentheses group them (the ferry with warriors)."""
    a = parse_action("(3w+f)11->1")
    assert isinstance(a, Move)
    assert [(p.count, p.thing.kind, p.source) for p in a.parts  # type: ignore[union-attr]
            ] == [(3, "w", Clearing(11)), (1, "f", Clearing(11))]
    b = parse_action("t1+t2+t5->")
    assert isinstance(b, Move) and [p.source for p in b.parts] == [
        Clearing(1), Clearing(2), Clearing(5)]


@pytest.mark.parametrize(("text", "expected"), [
    ("XE3", Battle(None, "E", 3, col=1)),
    ("XE3F@", Battle(None, "E", 3, "F", col=1)),
    ("XE3F@B@(2,1)", Battle(None, "E", 3, "F", "B", (2, 1), col=1)),
    ("CXO12", Battle("C", "O", 12, col=1)),
    ("h_OXD4", Battle("h_O", "D", 4, col=1)),
])
def test_battle(text: str, expected: Battle) -> None:
    """3 BATTLE: defender, clearing, ambush and counter-ambush suits, rolls, a third
    party's battle (the Vagrant), a hireling's."""
    assert parse_action(text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("^A", Reveal((Shown(1, None, None),), "A", col=1)),
    ("F#^P", Reveal((Shown(1, Card("F"), None),), "P", col=1)),
    ("2M#^", Reveal((Shown(2, Card("M"), None),), None, col=1)),
    ("V^O", Reveal((Shown(1, None, "V"),), "O", col=1)),
    ("(M+2F)#^", Reveal((Shown(1, Card("M"), None), Shown(2, Card("F"), None)), None, col=1)),
])
def test_reveal(text: str, expected: Reveal) -> None:
    """3 REVEAL: [N][card][Faction]^[Target]; no card: the whole hand."""
    assert parse_action(text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("Z%h", Craft(item="h", col=1)), ("Zsabo", Craft(card="sabo", col=1)),
    ("Zffavor", Craft(card="favor", suit="F", col=1)),
    ("Zrpart", Craft(card="part", suit="R", col=1)),
])
def test_craft(text: str, expected: Craft) -> None:
    """3 CRAFT: Z<item> or Z<card name>, the suit glued lowercase (Zffavor)."""
    assert parse_action(text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("++", Score(None, 1, col=1)), ("++3", Score(None, 3, col=1)),
    ("P++", Score("P", 1, col=1)), ("C--2", Score("C", -2, col=1)),
    ("++->E$", MarkerMove("E", col=1)), ("++->$", MarkerMove(None, col=1)),
])
def test_score_dominance_coalition(text: str, expected: object) -> None:
    """3 SCORE ([Faction]++[N], --N) and DOMINANCE/COALITION (++-><board>)."""
    assert parse_action(text) == expected


def test_faction_specific_forms() -> None:
    """3 FACTION-SPECIFIC: the Eyrie's turmoil, the Riverfolk's prices and funds, the
    Lizards' outcast, the Duchy's Burrow, the Corvids' exposure, flips and trick,
    the Keepers' relics, the Vagabond's quests and relationships."""
    assert parse_action("$_->") == SetKey((Board(None, ""),), None, col=1)
    assert parse_action("$_->2") == SetKey((Board(None, ""),), "2", col=1)
    assert parse_action("$_ho->F") == SetKey((Board(None, "ho"),), "F", col=1)
    assert parse_action("$_C->a") == SetKey((Board(None, "C"),), "a", col=1)
    assert parse_action("(t+4w0)->5") == move(Part(1, w(kind="t")), Part(4, w(), Clearing(0)),
                                              dests=(Clearing(5),))
    assert parse_action("?Pt_s3") == Expose("P", w(None, "s", kind="t"), 3, col=1)
    assert parse_action("Pt3^t_b") == Flip("P", 3, w(None, "b", kind="t"), col=1)
    assert parse_action("t3<->t5") == Trick(3, 5, col=1)
    assert parse_action("t10^t_2_t") == Flip(None, 10, w(None, "2", "t", kind="t"), col=1)
    assert parse_action("t_t7_10_11->10") == move(
        Part(1, w(None, "t", kind="t"), Forest((7, 10, 11))), dests=(Clearing(10),))
    assert parse_action("#captainD$->") == move(Part(1, Card(None, "captain"), Board("D")))


@pytest.mark.parametrize(("text", "expected"), [
    # 3 Eyrie: a card added to a Decree column
    ("R#rootteaE->$_b", move(Part(1, Card("R", "roottea"), Hand("E")), dests=(Board(None, "b"),))),
    # 3 Keepers: a card to a retinue column; a relic recovered to the board
    ("#cob->$_2", move(Part(1, Card(None, "cob")), dests=(Board(None, "2"),))),
    ("t_3_f5->$", move(Part(1, w(None, "3", "f", kind="t"), Clearing(5)), dests=(Board(None),))),
    # 3 Hundreds: a mood; 3 Vagabond: a quest on offer, an item between areas
    ("#lavish->$", move(Part(1, Card(None, "lavish")), dests=(Board(None),))),
    ("M#errand->Q", move(Part(1, Card("M", "errand")), dests=(Quests(),))),
    ("%ct->s", move(Part(1, Item("c"), ItemSpot("t", None)), dests=(ItemSpot("s", None),))),
    # 3 MOVE: another's items damaged, a group from its board
    ("(2%c+%h)V$->d", move(Part(2, Item("c"), Board("V")), Part(1, Item("h"), Board("V")),
                           dests=(ItemSpot("d", None),))),
])
def test_more_faction_forms(text: str, expected: Move) -> None:
    """3 FACTION-SPECIFIC and MOVE: the Decree, the retinue, relics, moods, quests, the
    Vagabond's areas, another's items."""
    assert parse_action(text) == expected


def test_funds_and_hireling_setup() -> None:
    """3 Riverfolk: funds set (``$_f->0``); 1 Hirelings: the cards (``d`` demoted) and
    their setup actions after '/'."""
    assert parse_action("$_f->0") == SetKey((Board(None, "f"),), "0", col=1)
    t = parse("Map: Fall\nDeck: Standard\nHirelings: h_E, h_Td, h_S/h_Ep->4\nC: a\n")
    assert t.header.hirelings == ("h_E", "h_Td", "h_S")
    assert len(t.header.hireling_setup) == 1


@pytest.mark.parametrize(("text", "expected"), [
    # 3 Hirelings: hired, a control marker off, given, back to the supply (E.1.1-E.1.3)
    ("h_E->A$4", move(Part(1, Hireling("E")), dests=(Board("A", None, 4),))),
    ("h_EdA$3->A$2", move(Part(1, Hireling("E", True), Board("A", None, 3)),
                          dests=(Board("A", None, 2),))),
    ("h_EA$1->C$2", move(Part(1, Hireling("E"), Board("A", None, 1)),
                         dests=(Board("C", None, 2),))),
    ("h_TA$->", move(Part(1, Hireling("T"), Board("A")))),
    # 3 Hirelings: its pieces (h_Op->4); a demoted side's (h_<X>d); on a path (2 Path)
    ("h_Op->4", move(Part(1, Piece("h_O", "p")), dests=(Clearing(4),))),
    ("2h_Cdw4->", move(Part(2, Piece("h_Cd", "w"), Clearing(4)))),
    ("h_Tw->3_7", move(Part(1, Piece("h_T", "w")), dests=(Forest((3, 7)),))),
    ("h_Kb->4", move(Part(1, Piece("h_K", "b")), dests=(Clearing(4),))),
    # docs/rootlog.md: what lies on a card is on the hireling's board h_<X>[d]$
    ("11h_Cwh_C$->2", move(Part(11, Piece("h_C", "w"), Board("h_C")),
                           dests=(Clearing(2),))),
    ("h_Cdw->h_Cd$", move(Part(1, Piece("h_Cd", "w")), dests=(Board("h_Cd"),))),
    ("%sh_V$->e", move(Part(1, Item("s"), Board("h_V")), dests=(ItemSpot(None, "e"),))),
    ("F#favorA->h_Dd$", move(Part(1, Card("F", "favor"), Hand("A")),
                             dests=(Board("h_Dd"),))),
    ("F#anvilh_Dd$->A", move(Part(1, Card("F", "anvil"), Board("h_Dd")),
                             dests=(Hand("A"),))),
])
def test_hireling_forms(text: str, expected: Move) -> None:
    """3 FACTION-SPECIFIC, Hirelings: the card ``h_<X>[d]`` moved with its control
    markers (``A$4``), its pieces, its board."""
    assert parse_action(text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("h_OXD4", Battle("h_O", "D", 4, col=1)),  # 3 Hirelings: a hireling attacks
    ("Xh_E4", Battle(None, "h_E", 4, col=1)),  # docs/rootlog.md: a hireling defends
    ("Xh_Ed4(2,1)", Battle(None, "h_Ed", 4, rolls=(2, 1), col=1)),
    ("h_EdXA3", Battle("h_Ed", "A", 3, col=1)),
])
def test_hireling_battles(text: str, expected: Battle) -> None:
    """3 BATTLE with 3 Hirelings' codes on either side."""
    assert parse_action(text) == expected


def test_casualties_follow_the_battle() -> None:
    """3 BATTLE: casualties are moves after it, then the points (``XE3/(w+2Ew+Eb)3->/++``)."""
    t = parse(HEAD + "C:w->3\nC:XE3/(w+2Ew+Eb)3->/++\n")
    kinds = [type(a).__name__ for a in t.turns[1].actions]
    assert kinds == ["Battle", "Move", "Score"]


def test_older_ambush_letter() -> None:
    """3 BATTLE: records older than V2.3 wrote the ambush suit with 'a' (``XE3Ba``)."""
    assert parse_action("XE3Ba") == Battle(None, "E", 3, "B", col=1)
    assert parse_action("XE3FaBa") == Battle(None, "E", 3, "F", "B", col=1)


# ------------------------------------------------------------------ errors

@pytest.mark.parametrize(("text", "line", "col", "words"), [
    ("Map: Q\n", 1, 6, "expected a map"),
    ("Map: Fall\nDeck: X\n", 2, 7, "expected a deck"),
    ("Map: Fall\nClearings: B1\n", 2, 12, "not a clearing suit"),
    (HEAD + "C:w->13\n", 4, 6, "clearings numbered 1-12"),
    (HEAD + "C:w->3/Q#->\n", 4, 8, "expected a piece"),
    (HEAD + "C:(w->3\n", 4, 5, "expected '+' or ')'"),
    (HEAD + "Z:w->3\n", 4, 1, "unknown faction letter 'Z'"),
    (HEAD + "C:w3->_\n", 4, 7, "expected a place"),
    ("Map: Fall\nC: x\n", 1, 1, "missing the 'Deck:"),
])
def test_errors_name_line_and_column(text: str, line: int, col: int, words: str) -> None:
    """Bad input: a RootlogError with the line, the column and what was expected."""
    with pytest.raises(RootlogError) as e:
        parse(text)
    assert (e.value.line, e.value.column) == (line, col)
    assert words in e.value.message
    assert str(e.value).startswith(f"line {line}, column {col}: ")


def test_lenient_parse_keeps_reading() -> None:
    """A replay reads on past an unreadable action: the turn keeps it in ``errors``."""
    t = parse(HEAD + "C:w->1\nC:w->2/Q#->/w->3\n", strict=False)
    assert t.turns[1].errors and len(t.turns[1].actions) == 2


def test_not_text_is_an_error_not_a_traceback() -> None:
    """Nothing a file holds makes the reader raise anything but a RootlogError."""
    from rootlaw.rootlog import loads

    deep = "Map:Fall\nDeck:S\nC: a\nC:" + "(" * 50
    for junk in ("", "\x00\x01", "Map: Fall\nDeck: Standard\n", deep):
        with pytest.raises(RootlogError):
            loads(junk)


def test_every_hireling_card_has_one_code() -> None:
    """3 Hirelings: the thirteen cards of Appendix E, each with its own ``h_<X>`` type."""
    from rootlaw.core.hired import CARD_IDS
    from rootlaw.rootlog import names

    assert sorted(names.HIRELING_CODE) == sorted(CARD_IDS)
    assert tuple(names.HIRELING_CARD) == names.HIRELINGS
