"""A line as the reader expects its movements (``rootlaw.rootlog.expect``) and the
search's small rules, where rootlaw's own records say more than the notation's form:
a relic delved face up or face down (15.5.2.IIa), the draws before a reshuffle (2.1)."""
from __future__ import annotations

from rootlaw.rootlog import parse_action
from rootlaw.rootlog.expect import Expect, expect
from rootlaw.rootlog.search.chance import _old_deck_draws

BASES = {"K": "keepers", "C": "marquise"}


def line(text: str, strict: bool) -> Expect:
    return expect(tuple(parse_action(a) for a in text.split("/")), "K", BASES, strict)


def relic_atoms(e: Expect) -> list[tuple[int, object, object]]:
    return [(a.sign, a.comp, a.place) for a in e.atoms if a.comp[0] == "t"]


def test_a_relic_delved_without_a_flip_was_face_up_in_a_strict_record() -> None:
    """15.5.2.IIa flips a face-down relic, and rootlaw writes the flip: a relic leaving a
    forest with no flip after was face up there (a forest may hold a face-up and a
    face-down relic of one type and value, 15.2.5)."""
    up = ("t", "K", "t_3_f", "")
    assert relic_atoms(line("t_3_f2_8_10->2", strict=True)) == [
        (-1, up, ("fo", (2, 8, 10))), (1, up, ("c", 2))]


def test_a_relic_flipped_where_it_was_delved_was_face_down() -> None:
    """The flip says it in any record: the move names the face-down relic of that value."""
    for strict in (True, False):
        atoms = relic_atoms(line("t_3_f2_8_10->2/t2^t_3_f", strict))
        down = ("t", "K", "t_f", "3")
        assert atoms[:2] == [(-1, down, ("fo", (2, 8, 10))), (1, down, ("c", 2))]


def test_a_hand_written_delve_without_a_flip_may_be_either_side() -> None:
    """A person may leave the flip out: either side of the relic matches."""
    (sign, comp, place), _ = relic_atoms(line("t_3_f2_8_10->2", strict=False))
    assert (sign, place) == (-1, ("fo", (2, 8, 10)))
    assert comp[2] == frozenset({"t_3_f", "t_f"}) and comp[3] == frozenset({"", "3"})


def test_the_draws_before_a_reshuffle_are_those_of_the_old_deck() -> None:
    """2.1: the line's next draws took the old deck's last cards up to the first that
    was not there; a card drawn and discarded in the step that emptied the deck (8.2.6
    Outrage with a full Supporters stack) is in no draw the line writes."""
    old = ["ambush_bird"]
    assert _old_deck_draws(old, [frozenset({"a_visit_to_friends"})]) == 0
    assert _old_deck_draws(old, [frozenset({"ambush_bird"}), frozenset({"sappers"})]) == 1
    assert _old_deck_draws(["sappers", "ambush_bird"], [None, None, None]) == 2
