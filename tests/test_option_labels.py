"""Every option of a decision reads differently (issue 41): a person choosing from the
labels (terminal, web) must be able to tell any two options apart.

Random games of every faction, bots beside humans, on every map and both decks; at each
decision the labels must be pairwise distinct. ``ROOTLAW_LABEL_GAMES`` games per mix
(default 40, about 10 s; CI plays 20)."""
from __future__ import annotations

import os
import random
from collections import Counter

import pytest

import rootlaw
from rootlaw.core.faction_api import FACTIONS
from rootlaw.core.options import label
from rootlaw.narrate import readable

GAMES = int(os.environ.get("ROOTLAW_LABEL_GAMES", "40"))
MAPS = ("fall", "winter", "lake", "mountain")
MIXES = [
    ["marquise", "eyrie", "alliance", "vagabond"],
    ["lizards", "riverfolk", "duchy", "corvids"],
    ["hundreds", "keepers", "vagabond", "vagabond2"],
    ["keepers", "corvids", "riverfolk", "eyrie"],
    ["hundreds", "duchy", "lizards", "alliance"],
    ["marquise", "electric_eyrie", "automated_alliance", "vagabot"],
    ["mechanical_marquise", "eyrie", "keepers", "hundreds"],
    ["riverfolk", "vagabond", "lizards"],
    ["corvids", "marquise"],
    # the Crusader expansion (fan-made)
    ["spinners", "wyrm", "marquise", "eyrie"],
    ["borough_kings", "host_of_light", "spinners", "wyrm"],
    ["wyrm", "spinners", "vagabond", "hundreds"],
]


def test_the_mixes_cover_every_faction() -> None:
    assert {f for mix in MIXES for f in mix} == {str(f) for f in FACTIONS}


def duplicates(d: rootlaw.Decision) -> list[tuple[str, list[tuple[object, ...]]]]:
    """Labels shared by several options of a decision, with those options (the texts
    people read: the engine's labels with names for ids, rootlaw.narrate.readable)."""
    labels = [readable(label(o)) for o in d.options]  # as the web and the terminal show them
    return [(text, [o for o, t in zip(d.options, labels, strict=True) if t == text])
            for text, n in Counter(labels).items() if n > 1]


@pytest.mark.parametrize("mix", MIXES, ids=lambda m: "-".join(m))
def test_no_decision_offers_two_options_with_the_same_text(mix: list[str]) -> None:
    decisions = 0
    for i in range(GAMES):
        seed = 4100 + i
        game = rootlaw.new_game(factions=mix, map=MAPS[i % len(MAPS)], seed=seed,
                                deck="exiles_partisans" if i % 2 else "standard")
        rnd = random.Random(seed)
        while not game.is_over and game.turn_no < 120:
            d = game.decision
            assert d is not None
            same = duplicates(d)
            assert not same, (f"seed {seed}, {d.seat}'s {d.kind} ({d.rule}): options read "
                              f"the same: {same}")
            decisions += 1
            game.apply(rnd.choice(d.options))
    assert decisions > 20 * GAMES  # games were played, not cut short


def test_labels_tell_apart_cards_of_one_name_and_the_sides_of_waystations() -> None:
    assert label(("discard", "ambush_bird")) == "discard Ambush! (bird)"
    assert label(("discard", "ambush_mouse")) == "discard Ambush! (mouse)"
    assert label(("discard", "anvil")) == "discard Anvil"
    assert label(("kk_encamp", 3, "ws_tablet_jewelry")) != label(("kk_encamp", 3,
                                                                  "ws_tablet_figure"))
    assert label(("craft", "saboteurs", ("fox",))) == "craft Saboteurs (any suit paid as fox)"
    assert label(("craft", "anvil", ())) == "craft Anvil"
    assert label(("quest", "guard_duty_mouse", "")) == "complete the quest Guard Duty (mouse)"
