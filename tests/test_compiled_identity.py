"""The compiled build plays the same games as the pure-Python reference.

For the same seeds and the same choices, both builds must produce identical logs and
``to_json()``. Each build runs in its own process: the pure build from this source
tree, the compiled one from ``ROOTLAW_COMPILED`` (default ``build/compiled``, made by
``scripts/build_compiled``). Without a compiled build the test is skipped, unless
``ROOTLAW_REQUIRE_COMPILED=1`` (CI) makes that a failure.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
COMPILED = Path(os.environ.get("ROOTLAW_COMPILED", ROOT / "build" / "compiled"))

# mixes, games per mix and setup: 2, 3 and 4 players, two Vagabonds, bots beside humans,
# all bots, the Riverfolk expansion; the variant maps (Appendix C) and the Exiles &
# Partisans deck (A.2)
EP = {"deck": "exiles_partisans"}
MIXES = [
    (["marquise", "eyrie"], 80, {}),
    (["marquise", "eyrie", "alliance", "vagabond"], 60, {}),
    (["alliance", "vagabond", "vagabond2"], 40, {}),
    (["eyrie", "alliance", "vagabond", "marquise"], 40, {}),
    (["marquise", "electric_eyrie", "automated_alliance", "vagabot"], 40, {}),
    (["mechanical_marquise", "eyrie", "vagabond"], 40, {}),
    (["mechanical_marquise", "electric_eyrie", "automated_alliance", "vagabot"], 60, {}),
    (["lizards", "riverfolk", "eyrie", "vagabond"], 40, {}),
    (["riverfolk", "marquise", "lizards"], 40, {}),
    (["marquise", "eyrie", "riverfolk", "vagabond"], 40, {"map": "lake", **EP}),
    (["marquise", "lizards", "vagabond"], 30, {"map": "mountain", **EP, "suits": "balanced"}),
    (["eyrie", "alliance", "mechanical_marquise", "vagabot"], 30, {"map": "winter", **EP}),
    (["duchy", "marquise", "eyrie", "vagabond"], 30, {}),  # the Underground Duchy (12)
    (["duchy", "riverfolk", "electric_eyrie"], 20, {"map": "lake", **EP}),
    (["corvids", "marquise", "eyrie", "vagabond"], 40, {}),
    (["corvids", "lizards", "mechanical_marquise"], 30, {"map": "lake", **EP}),
    (["corvids", "riverfolk", "electric_eyrie", "vagabot"], 30, {"map": "mountain", **EP}),
    (["corvids", "duchy", "marquise"], 20, {"map": "winter"}),
    (["hundreds", "marquise", "eyrie", "vagabond"], 30, {}),
    (["hundreds", "corvids", "automated_alliance"], 20, {"map": "lake", **EP}),
    (["keepers", "marquise", "eyrie", "vagabond"], 30, {}),
    (["keepers", "electric_eyrie", "automated_alliance"], 20, {"map": "lake", **EP}),
    (["keepers", "hundreds", "duchy", "vagabond"], 20, {"map": "mountain"}),
    # landmarks (Appendix F) in the Advanced Setup: dealt at random, and named
    (["marquise", "eyrie", "alliance", "vagabond"], 30, {"setup": "advanced", "landmarks": 2}),
    (["lizards", "riverfolk", "duchy", "mechanical_marquise"], 20,
     {"map": "lake", **EP, "setup": "advanced", "landmarks": ["lost_city", "black_market"]}),
    (["hundreds", "keepers", "vagabot"], 20,
     {"map": "mountain", "setup": "advanced", "landmarks": ["legendary_forge", "elder_treetop"]}),
    # hirelings (Appendix E) in the Advanced Setup: dealt at random, and named
    (["lizards", "riverfolk", "eyrie", "vagabond"], 30, {"setup": "advanced", "hirelings": 3}),
    (["marquise", "alliance"], 20,
     {"setup": "advanced", "hirelings": ["the_exile", "corvid_spies", "sunward_expedition"]}),
    (["hundreds", "keepers", "mechanical_marquise", "vagabot", "duchy"], 20,
     {"map": "lake", **EP, "setup": "advanced",
      "hirelings": ["popular_band", "highway_bandits", "spring_uprising"]}),
    # the Crusader expansion's Borough Kings and Host of Light (BK, HOL): the bag, the mice
    (["borough_kings", "host_of_light", "marquise", "vagabond"], 30, {}),
    (["borough_kings", "riverfolk", "corvids", "electric_eyrie"], 20, {"map": "lake", **EP}),
    # the Crusader expansion's Spinners of Mercy and Vile Wyrm (SOM, VW): the Ward, the Wyrm
    (["spinners", "wyrm", "marquise", "eyrie"], 30, {}),
    (["spinners", "wyrm", "vagabond", "automated_alliance"], 20, {"map": "winter", **EP}),
    (["wyrm", "spinners", "hundreds", "alliance"], 20, {"setup": "advanced"}),
    # the prototype rule set (rootlaw/prototype, issue 40)
    (["marquise", "eyrie", "alliance", "vagabond"], 40, {"rules": "prototype"}),
    (["vagabond", "marquise", "eyrie"], 20, {"rules": "prototype"}),
]

# Runs in the child process: plays the games, prints one digest per game, and the
# full record of the first game of each mix (so a difference can be read).
PLAYER = """
import hashlib, json, random, sys
import rootlaw
mixes = json.loads(sys.argv[1])
out = {"build": rootlaw.BUILD, "digests": [], "first": []}
for factions, games, setup in mixes:
    for seed in range(games):
        g = rootlaw.new_game(factions=factions, seed=seed, **setup)
        rnd = random.Random(seed)
        while not g.is_over:
            opts = g.legal_options()
            g.apply(opts[rnd.randrange(len(opts))])
        text = g.to_json() + json.dumps(g.log)
        out["digests"].append(hashlib.sha256(text.encode()).hexdigest())
        if seed == 0:
            out["first"].append(text)
print(json.dumps(out))
"""


def play(path: Path, mixes: list[Any]) -> tuple[str, list[str], list[str]]:
    """(build, one digest per game, the records of the first games) from one build."""
    env = {**os.environ, "PYTHONPATH": str(path)}
    done = subprocess.run([sys.executable, "-P", "-c", PLAYER, json.dumps(mixes)], env=env,
                          capture_output=True, text=True, check=True)
    out = json.loads(done.stdout)
    return str(out["build"]), list(out["digests"]), list(out["first"])


def need_compiled() -> None:
    """Skip without a compiled build; fail instead under ROOTLAW_REQUIRE_COMPILED=1."""
    if not (COMPILED / "rootlaw").is_dir():
        if os.environ.get("ROOTLAW_REQUIRE_COMPILED") == "1":
            pytest.fail(f"no compiled build at {COMPILED} (run scripts/build_compiled)")
        pytest.skip(f"no compiled build at {COMPILED} (run scripts/build_compiled)")


# Runs in the child process: the agents (compiled too) search games on an iteration
# budget; prints every choice they make, which must not depend on the build.
SEARCHER = """
import json, sys
import rootlaw
from rootlaw.agents.base import decide, make_agent
from rootlaw.tournament import bots_against
choices = []
for me, spec in json.loads(sys.argv[1]):
    g = rootlaw.new_game(factions=[me, *bots_against(me)], seed=3)
    agent = make_agent(spec, 1)
    while g.turn_no < 9 and not g.is_over:
        o = decide(agent, g, seed=g.version)
        searched = getattr(agent, "last", {}).get("iterations", 0)
        choices.append([me, spec, g.version, str(o), searched])
        g.apply(o)
print(json.dumps({"build": rootlaw.BUILD, "choices": choices}))
"""
SEARCHES = [("eyrie", "mcts:iters=30"), ("marquise", "mcts:iters=30,halving=8"),
            ("vagabond", "mcts:iters=20,reuse=1"), ("alliance", "heuristic")]


def test_compiled_agents_make_the_same_choices() -> None:
    """The agents are compiled too (setup.py): on an iteration budget, both builds'
    searches make the same choices from the same seeds (the fitted values, the hints
    and outlooks, halving and tree reuse included)."""
    need_compiled()
    runs = []
    for path in (ROOT, COMPILED):
        done = subprocess.run([sys.executable, "-P", "-c", SEARCHER, json.dumps(SEARCHES)],
                              env={**os.environ, "PYTHONPATH": str(path)},
                              capture_output=True, text=True, check=True)
        runs.append(json.loads(done.stdout))
    assert [r["build"] for r in runs] == ["pure", "compiled"]
    assert len(runs[0]["choices"]) > 40 and runs[0]["choices"] == runs[1]["choices"]


def mix_id(mix: Any) -> str:
    factions, _, setup = mix
    return "-".join([*factions, *(str(v) for v in setup.values())])


@pytest.mark.parametrize("mix", MIXES, ids=mix_id)  # -k picks mixes, e.g. -k corvids
def test_compiled_build_plays_the_same_games(mix: Any) -> None:
    need_compiled()
    pure_build, pure, pure_first = play(ROOT, [mix])
    compiled_build, compiled, compiled_first = play(COMPILED, [mix])
    assert (pure_build, compiled_build) == ("pure", "compiled")
    assert len(pure) == len(compiled) == mix[1]
    assert pure_first == compiled_first, "the first game of a mix differs"
    differ = [i for i, (a, b) in enumerate(zip(pure, compiled, strict=True)) if a != b]
    assert not differ, f"{len(differ)} games differ between the builds, first {differ[0]}"
