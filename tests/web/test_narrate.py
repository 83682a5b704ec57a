"""The play log tells no seat a card it may not know (the narrator's secret verbs)."""
from __future__ import annotations

from rootlaw.core.options import card_name
from rootlaw.server.play.narrate import narrate
from tests.builder import build, play

M, E, A = "marquise", "eyrie", "alliance"


def texts(g, viewer: str | None, reveal: bool = False) -> str:  # type: ignore[no-untyped-def]
    return " ".join(line["text"] for line in narrate(g.log, list(g.factions), viewer, reveal))


def test_the_card_given_by_swap_meet_is_secret() -> None:
    g = build([M, E, A], deck_name="exiles_partisans", played={M: ["swap_meet"]},
              hands={M: ["anvil"], E: ["sappers"]}, step=("card_window", M),
              forced=[["random_card", 0]])
    play(g, ("swap_meet", E))
    given = [o for o in g.decision.options if o[0] == "give"][0]
    g.apply(given)
    name = card_name(given[1])
    assert name not in texts(g, A) and name not in texts(g, None)
    assert name in texts(g, M) and name in texts(g, A, reveal=True)


def test_the_hundreds_notes_read_as_sentences() -> None:
    log = [("mob_die", "hundreds", "rabbit"), ("anoint", "hundreds", 5),
           ("mood", "hundreds", "jubilant"), ("loot", "hundreds", M),
           ("ruin_item", "hundreds", 1, "sword"), ("first_hit_ignored", "hundreds", 5)]
    lines = [x["text"] for x in narrate(log, ["hundreds", M], None, False)]
    assert lines == ["Lord of the Hundreds rolls the mob die: rabbit.",
                     "Lord of the Hundreds anoints the warlord in 5.",
                     "Lord of the Hundreds is now jubilant.",
                     "Lord of the Hundreds loots Marquise de Cat: no rolled hits dealt (14.2.5).",
                     "Lord of the Hundreds takes the sword from the ruin in 1.",
                     "Lord of the Hundreds ignores the first hit in 5."]
