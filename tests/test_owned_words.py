"""Words belong to their owner (issue 54): a hireling's action reads in its card's words
and nowhere else, and no module can change the words of another's options or ids.

The bug this guards: the Highway Bandits registered "recruit" as a readable name at
import, so the Eyrie's recruit column, on the terminal's board and the web's, read "put a
Bandit warrior in a clearing with your pieces" in every game.
"""
from __future__ import annotations

import random

import pytest

import rootlaw
from rootlaw import tui
from rootlaw.core.options import display_name, label, name_form, names, text_form
from rootlaw.narrate import narrate

BANDITS = "put a Bandit warrior in a clearing with your pieces"
HIRELINGS = ["highway_bandits", "corvid_spies", "vault_keepers"]


def eyrie_words(game: rootlaw.Game, steps: int, seed: int) -> tuple[set[str], list[str]]:
    """Every Eyrie option's label over ``steps`` random decisions, and the terminal's
    boards of the Eyrie's seat along the way."""
    rng = random.Random(seed)
    labels: set[str] = set()
    boards: list[str] = []
    for _ in range(steps):
        d = game.decision
        if d is None:
            break
        if d.seat == "eyrie":
            labels.update(label(o) for o in d.options)
            if len(boards) < 20:
                boards.append(tui.render(game.view("eyrie"), tui.paths_of(game)))
        game.apply(d.options[rng.randrange(len(d.options))])
    return labels, boards


def test_the_eyries_words_are_the_same_beside_the_bandits() -> None:
    """The Decree's columns and labels read the Eyrie's words in a game without hirelings
    and in one with the Highway Bandits seated (A.6), and the shared names have no
    "recruit" for any board to read."""
    assert display_name("recruit") == "recruit"
    assert "recruit" not in names()
    plain = rootlaw.new_game(factions=["eyrie", "marquise", "alliance"], seed=11)
    hired = rootlaw.new_game(factions=["eyrie", "marquise", "alliance"], seed=11,
                             setup="advanced", hirelings=HIRELINGS)
    for game in (plain, hired):
        labels, boards = eyrie_words(game, 900, 5)
        decree = {t for t in labels if "column" in t}
        assert decree and all(t.endswith(("recruit column", "move column", "battle column",
                                          "build column")) for t in decree)
        assert not any(BANDITS in t for t in labels if not t.startswith("Highway Bandits"))
        assert boards and not any(BANDITS in b for b in boards)


def test_a_hireling_action_reads_in_its_cards_words() -> None:
    """The option and the log's line name the action as its card says (E.2.4)."""
    assert label(("hireling", "highway_bandits", "recruit")) == f"Highway Bandits: {BANDITS}"
    assert label(("spies_then", "spies_battle")) == "battle in every clearing with Spies"
    entry = ("hireling_action", "eyrie", "highway_bandits", "recruit")
    line = narrate([entry], ["eyrie", "marquise"], None, True)[0]["text"]
    assert line == f"Eyrie Dynasties takes Highway Bandits' action: {BANDITS} (E.2.4)."


def test_no_module_changes_anothers_words() -> None:
    """A second, different registration of a verb's text or an id's name is refused and
    changes nothing; the same words again (two rule sets sharing a verb) are accepted."""
    before = label(("battle", 5, "eyrie"))
    with pytest.raises(ValueError, match="battle"):
        text_form("battle", "a fight in {1}")
    with pytest.raises(ValueError, match="eyrie"):
        name_form("eyrie", "the Birds")
    assert label(("battle", 5, "eyrie")) == before == "battle in 5 against Eyrie Dynasties"
    assert display_name("eyrie") == "Eyrie Dynasties"
    text_form("battle", "battle in {1} against {n2}")  # the same words: no change
    name_form("recruit", BANDITS, "highway_bandits")
    with pytest.raises(ValueError, match="highway_bandits"):
        name_form("recruit", "hire a thug", "highway_bandits")
