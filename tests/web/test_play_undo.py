"""Undo as a replay: allowed only while nothing new was revealed, and then exact."""
from __future__ import annotations

import random
from collections import Counter

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
