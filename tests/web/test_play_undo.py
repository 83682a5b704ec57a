"""Undo as a replay: allowed only while nothing new was revealed, and then exact."""
from __future__ import annotations

import random
from collections import Counter

import httpx

import rootlaw
from rootlaw.server.play.undo import plan_undo


def test_undo_then_redo_gives_the_same_game_and_refusals_say_why() -> None:
    game = rootlaw.new_game(factions=["marquise", "eyrie", "alliance", "vagabond"], seed=51)
    rnd = random.Random(51)
    allowed, reasons = 0, Counter()
    while not game.is_over and game.version < 250:
        d = game.decision
        assert d is not None
        option = rnd.choice(d.options)
        game.apply(option)
        plan = plan_undo(game, d.seat)
        if plan.game is None:
            reasons[plan.reason.split(" (")[0]] += 1
            continue
        allowed += 1
        back = plan.game
        assert back.decision is not None and back.decision.seat == d.seat
        assert option in back.decision.options
        assert sum(1 for e in back.log if e[0] == "d") == plan.keep
        back.apply(option)  # redo: nothing random in between, so the very same game
        assert back.to_json() == game.to_json()
        for f in game.factions:
            assert back.view(f) == game.view(f)
    assert allowed > 50
    assert reasons["something random was revealed since"] > 0
    assert any(r.startswith("your last decision") for r in reasons) or \
        reasons["the turn has passed"] > 0


def test_the_undo_flag_is_set_exactly_when_the_server_accepts_the_undo(
        client: httpx.Client) -> None:
    """Issue 41: a person's decision inside a bot's turn (Field Hospitals, an ambush)
    that the bot's turn went on after cannot be taken back; the state says so (undo is
    False) instead of offering an undo the server refuses with 409."""
    from tests.web.play_helpers import act, create, state

    shown = refused_after_bot = 0
    for seed in (3, 5, 8):
        game = create(client, factions=["marquise", "electric_eyrie", "automated_alliance",
                                        "vagabot"], seed=seed)
        gid, tok = game["id"], game["seats"]["marquise"]["token"]
        rnd = random.Random(seed)
        for _ in range(70):
            s = state(client, gid, tok)
            if s["over"]:
                break
            kind = s["decision"].get("kind")
            r = client.post(f"/api/games/{gid}/undo", json={"token": tok})
            assert (r.status_code == 200) == s["undo"], (seed, kind, r.text)
            if r.status_code == 200:
                shown += 1
            elif s["view"]["turn_player"] != "marquise":
                refused_after_bot += 1
            s = state(client, gid, tok)
            r = act(client, gid, tok, s["version"], rnd.randrange(len(s["decision"]["options"])))
            assert r.status_code == 200, r.text
    assert shown > 10 and refused_after_bot > 0
