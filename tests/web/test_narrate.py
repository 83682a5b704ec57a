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
