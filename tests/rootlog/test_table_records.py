"""rootlaw's games written as the table saw them (issue 55): no card drawn in secret
named, no ``rootlaw-`` comment lines, as a player would write them; read back, their
turns check. What the table knows stands in the record itself: a bot's player line
names it, the ``Landmarks:`` header the cards dealt, a hand of five the Advanced Setup,
and a card drawn unnamed is the one the line then spends."""
from __future__ import annotations

from rootlaw.rootlog import dumps, loads, parse
from rootlaw.rootlog.reader import named_bots, setup_kind
from tests.rootlog.test_roundtrip import game_for, play


def table_text(seed: int) -> str:
    g = play(seed, game_for)
    return "\n".join(x for x in dumps(g, None).splitlines() if not x.startswith("// rootlaw-"))


def test_a_bots_player_line_names_the_bot() -> None:
    """Rootbotics 2.6: a bot plays by its own rules; its player line says which."""
    tree = parse("Map: Fall\nDeck: Standard\nC: Mechanical Marquise 2.0 (bot)\n"
                 "V: Vagabot\nA: Automated Alliance\nE: Guerric\nG: Vagabot fan\n")
    assert named_bots(tree) == {"C": "mechanical_marquise", "V": "vagabot",
                                "A": "automated_alliance", "G": "vagabot"}


def test_a_draft_with_bots_and_landmarks_checks_every_turn() -> None:
    """Seed 3: the Advanced Setup's draft (A.8) with two bots and the Lost City and
    Ferry landmarks (A.5), no directive: read from the player lines and the header
    (before: the bots read as the Law's factions, the landmarks not dealt, 0 of 29)."""
    r = loads(table_text(3)).report
    assert (r.checked, r.turns) == (29, 29), r.text()


def test_five_cards_dealt_is_the_advanced_setup() -> None:
    """Seed 2: the Advanced Setup with its factions given (no Pool:), hands of five
    (A.7): read as such (before: the standard setup, 18 of 100 checked)."""
    text = table_text(2)
    tree = parse(text, strict=False)
    assert setup_kind(tree, tree.directives()) == "advanced"
    r = loads(text).report
    assert not any(f.turn == 0 for f in r.flagged), r.text()
    assert r.checked >= 75, r.text()


def test_a_card_drawn_unnamed_then_spent_is_the_one_drawn() -> None:
    """Seed 0, turn 15: ``E:#->E/B#crossbowE->$_b/...``: the Eyrie's hand was empty
    (7.4.1 it draws), so the card it adds to the Decree is the card it drew: the draw is
    bound to it (before: flagged, the engine drew another card)."""
    r = loads(table_text(0)).report
    assert 15 not in {f.turn for f in r.flagged}, r.text()


def test_a_flagged_line_spends_an_unnamed_card_for_a_card_the_hand_lacks() -> None:
    """A flagged line applied as recorded that spends a named card its hand does not
    hold (the Favor of the Foxes, discarded by the Eyrie already): one of the hand's
    cards, which the engine guessed, goes instead, so the hand keeps the record's size
    (before: the spend skipped, the hand one card too many from then on)."""
    from pathlib import Path

    text = (Path(__file__).parent / "logs" / "marquise_eyrie_by_hand.rootlog").read_text()
    assert text.rstrip().endswith("C:t->1+2")
    r = loads(text.rstrip() + "/F#favorC->/#->C\n")
    flag = r.report.flagged[-1]
    assert flag.turn == r.report.turns and "in place of an unnamed card" in flag.reason
    s = r.letters.index("C")
    assert len(r.states[-1].hands[s]) == len(r.states[-2].hands[s])
