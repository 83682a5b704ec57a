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
              hands={M: ["anvil"], E: ["saboteurs"]}, step=("card_window", M),
              forced=[["random_card", 0]])
    play(g, ("swap_meet", E))
    given = [o for o in g.decision.options if o[0] == "give"][0]
    g.apply(given)
    name = card_name(given[1])
    assert name not in texts(g, A) and name not in texts(g, None)
    assert name in texts(g, M) and name in texts(g, A, reveal=True)


def test_the_hundreds_notes_read_as_sentences() -> None:
    log = [("r", "mob_die", 1), ("mob_die", "hundreds", "rabbit"), ("anoint", "hundreds", 5),
           ("mood", "hundreds", "jubilant"), ("loot", "hundreds", M),
           ("ruin_item", "hundreds", 1, "sword"), ("first_hit_ignored", "hundreds", 5)]
    lines = [x["text"] for x in narrate(log, ["hundreds", M], None, False)]
    assert lines == ["Lord of the Hundreds rolls the mob die: rabbit.",
                     "Lord of the Hundreds anoints the warlord in 5.",
                     "Lord of the Hundreds is now jubilant.",
                     "Lord of the Hundreds loots Marquise de Cat: no rolled hits dealt (14.2.5).",
                     "Lord of the Hundreds takes the sword from the ruin in 1.",
                     "Lord of the Hundreds ignores the first hit in 5."]


def test_the_keepers_steps_read_as_sentences() -> None:
    K = "keepers"
    log = [("d", K, ("kk_move", "faithful_retainer", 9, 1)), ("d", K, ("warriors", 4)),
           ("d", K, ("kk_add", "sappers", "battle_then_delve")),
           ("d", K, ("kk_encamp", 8, "ws_tablet_jewelry")),
           ("d", K, ("kk_battle", "faithful_retainer", 8, M)),
           ("d", K, ("kk_delve", 5, "jewelry")), ("delve", K, "jewelry3", 8),
           ("d", K, ("kk_carry", "jewelry3")), ("d", K, ("kk_take", "jewelry3")),
           ("retinue_discard", K, "faithful_retainer"), ("d", M, ("kk_trophy", 2))]
    lines = [x["text"] for x in narrate(log, [K, M], M, False)]
    assert lines == [
        "Keepers in Iron moves 4 warriors from 9 to 1 (Retinue: Faithful Retainer).",
        "Keepers in Iron adds Sappers to the Retinue's Battle then Delve column.",
        "Keepers in Iron encamps in 8: a waystation (tablet side up, jewelry on the back) "
        "replaces a warrior.",
        "Keepers in Iron battles Marquise de Cat in 8 (Retinue: Faithful Retainer).",
        "Keepers in Iron: delve the jewelry relic (face down) from forest 5.",
        "Keepers in Iron delves the jewelry relic (3) into 8.",
        "Keepers in Iron carries the jewelry relic (3) along.",
        "Keepers in Iron recovers the jewelry relic (3).",
        "Keepers in Iron discards Faithful Retainer from the Retinue.",
        "Marquise de Cat places the relic in forest 2 (Prized Trophies)."]


def test_lines_read_as_english_with_counts() -> None:
    """Issue 41: counts for every move, no "warrior(s)", "an extortion", names for ids,
    the Vagabot's notes as sentences, forests by their clearings."""
    V, CV, L = "vagabot", "corvids", "lizards"
    log = [("r", "seating", [M, V, CV, L]), ("r", "starting_player", 1),
           ("d", M, ("move", 1, 5)), ("d", M, ("move", 2, 5)), ("d", M, ("warriors", 3)),
           ("vagabot", "move", 6, 1), ("vagabot", "explore", 6, "sword"),
           ("vagabot", "slip", "forest 4_9_12"), ("vagabot", "aid", M, 2),
           ("d", CV, ("expose", 6, "extortion")), ("d", M, ("strike", L, "warrior")),
           ("outcast", L, "mouse", True), ("turmoil", "electric_eyrie")]
    lines = [x["text"] for x in narrate(log, [M, V, CV, L], None, True)]
    assert lines == [
        "Seating order (turns go this way): Marquise de Cat, Vagabot, Corvid Conspiracy, "
        "Lizard Cult.",
        "Vagabot goes first (5.1.1).",
        "Marquise de Cat moves 1 warrior from 1 to 5.",
        "Marquise de Cat moves 3 warriors from 2 to 5.",
        "Vagabot moves to 6.",
        "Vagabot explores the ruin in 6 and takes the sword.",
        "Vagabot slips into the forest between 4, 9 and 12.",
        "Vagabot aids Marquise de Cat and takes 2 items from them.",
        "Corvid Conspiracy guesses that the plot in 6 is an extortion (Exposure).",
        "Marquise de Cat: strike Lizard Cult's warrior.",
        "Lizard Cult's Outcast is now mouse, and it is hated (10.2.5).",
        "Electric Eyrie falls into turmoil (Rootbotics 5.7: it could not carry out its "
        "orders).",
    ]
