"""The Corvid Conspiracy on the web: the lobby offers it, the board draws its plots, and
a face-down plot's type never leaves the server for another seat (13.2.2.I): not in
the state payload, not in the narrated log."""
from __future__ import annotations

import json
from typing import Any

import httpx
from playwright.sync_api import Page, expect

from tests.web.play_helpers import assert_private, game_reaching, state, token

CV, M = "corvids", "marquise"
TYPES = ("bomb", "snare", "extortion", "raid")


def face_down(s: dict[str, Any]) -> dict[str, Any]:
    return dict(s["view"]["players"][CV]["faction"]["face_down"])


def a_plot_is_down(s: dict[str, Any]) -> bool:
    fac = s["view"]["players"][CV]["faction"]
    return bool(fac["face_down"]["count"]) and not any(fac["face_up"].values())


def game_with_a_face_down_plot(client: httpx.Client) -> tuple[dict[str, Any], dict[str, Any]]:
    return game_reaching(client, [CV, M], a_plot_is_down, "a face-down plot")


def without_face_up_counts(s: dict[str, Any]) -> str:
    """The payload as text, but the Corvids' public count of face-up plots by type."""
    s = json.loads(json.dumps(s))
    del s["view"]["players"][CV]["faction"]["face_up"]
    return json.dumps(s)


def test_the_lobby_offers_the_corvids(client: httpx.Client) -> None:
    cat = client.get("/api/play/catalog").json()
    cv = next(f for f in cat["factions"] if f["id"] == CV)
    assert cv["name"] == "Corvid Conspiracy" and cv["reach"] == 3 and not cv["bot"]


def test_the_lobbys_reach_advice_takes_the_engine_ids(client: httpx.Client) -> None:
    r = client.get("/api/reach", params={"factions": "corvids,marquise,lizards"})
    assert r.status_code == 200, r.text
    assert r.json()["total"] == 3 + 10 + 2


def test_another_seat_never_receives_a_face_down_plots_type(client: httpx.Client) -> None:
    game, _ = game_with_a_face_down_plot(client)
    gid = game["id"]
    mine = state(client, gid, token(game, CV))
    known = face_down(mine)["identities"]
    assert known and all(k in TYPES for ids in known.values() for k in ids)
    for seat, tok in ((M, token(game, M)), (None, None)):
        theirs = state(client, gid, tok)
        assert_private(theirs, seat)
        assert face_down(theirs)["identities"] is None
        assert face_down(theirs)["count"] == face_down(mine)["count"]
        text = without_face_up_counts(theirs)
        assert not [k for k in TYPES if k in text], "a plot's type reached another seat"
        log = client.get(f"/api/games/{gid}/log", params={"token": tok} if tok else None).json()
        lines = json.dumps(log["lines"])
        assert "face-down plot in" in lines  # the Plot action, told without the type
        assert not [k for k in TYPES if k in lines]
    own_log = json.dumps(client.get(f"/api/games/{gid}/log",
                                    params={"token": token(game, CV)}).json()["lines"])
    assert [k for k in TYPES if f"face-down {k}" in own_log]  # the Corvids read their own


def test_the_board_draws_plots_face_down_for_others_and_known_for_the_corvids(
        page: Page, client: httpx.Client) -> None:
    game, _ = game_with_a_face_down_plot(client)
    gid = game["id"]
    known = face_down(state(client, gid, token(game, CV)))["identities"]
    c, ids = next(iter(known.items()))
    page.goto(f"/games/{gid}?token={token(game, CV)}")
    plot = page.locator(f"#game-map g.clearing[data-id='{c}'] g.token-plot[data-owner='{CV}']")
    expect(plot).to_have_count(1)  # the Corvids see their plot's icon, marked face down
    expect(plot.locator("use")).to_have_attribute("href", f"#piece-{ids[0]}")
    expect(plot.locator("text")).to_have_text("?")
    expect(plot.locator("[role=img]")).to_have_attribute(
        "aria-label", f"Corvid Conspiracy face-down plot ({ids[0]}: only you see this)")
    expect(page.locator(f".faction-board[data-faction='{CV}']")).to_contain_text(f"{c}:")
    page.goto(f"/games/{gid}?token={token(game, M)}")
    plot = page.locator(f"#game-map g.clearing[data-id='{c}'] g.token-plot[data-owner='{CV}']")
    expect(plot.locator("text")).to_have_text("?")  # others see a plot's back
    expect(plot.locator("use")).to_have_attribute("href", "#piece-plot")
    expect(page.locator(f".faction-board[data-faction='{CV}']")).to_contain_text("face down")
    html = page.content()
    assert f"{ids[0]}: only you see" not in html


def test_the_narrated_log_shows_an_exposure_card_to_the_corvids_only() -> None:
    from rootlaw.server.play.narrate import narrate

    log = [("d", M, ("expose", 5, "bomb")), ("d", M, ("show_card", "bake_sale")),
           ("not_exposed", M, 5, "bomb"), ("d", CV, ("cv_plot", 7, "raid")),
           ("d", CV, ("flip", 7)), ("flip", CV, 7, "raid")]
    for viewer in (None, M, CV):
        text = " ".join(line["text"] for line in narrate(log, [CV, M], viewer, False))
        assert "guesses that the plot in 5 is a bomb" in text and "say no" in text
        assert ("Bake Sale" in text) == (viewer in (M, CV))  # shown to the Corvids
        assert ("face-down raid" in text) == (viewer == CV)
        assert "plot in 7 is a raid" in text  # flipped: public
