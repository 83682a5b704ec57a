"""`rootlaw play` and `rootlaw simulate` with `--rules prototype` (issue 40): a game of
the prototype's rules, saved and loaded as one, refused when loaded as the Law's."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path


def run(argv: list[str], keys: str = "") -> tuple[int, str]:
    r = subprocess.run([sys.executable, "-m", "rootlaw.cli", *argv], input=keys,
                       capture_output=True, text=True, timeout=300)
    return r.returncode, r.stdout + r.stderr


def test_play_saves_a_prototype_game_and_loads_it_only_as_one(tmp_path: Path) -> None:
    save = tmp_path / "proto.json"
    code, out = run(["play", "--rules", "prototype", "--factions",
                     "marquise,eyrie,alliance,vagabond", "--seed", "4", "--save", str(save),
                     "--quiet"], "1\n1\nq\n")
    assert code == 0 and "rule P" in out, out[-2000:]
    assert json.loads(save.read_text())["setup"]["rules"] == "prototype"
    code, out = run(["play", "--load", str(save), "--rules", "law"], "q\n")
    assert code == 2 and "prototype rules, not of the law rules" in out
    assert "--rules prototype" in out
    code, out = run(["play", "--load", str(save), "--rules", "prototype", "--quiet"], "q\n")
    assert code == 0, out[-2000:]
    code, out = run(["play", "--rules", "prototype", "--factions", "marquise,electric_eyrie"],
                    "q\n")
    assert code == 2 and "Law of Root only" in out


def test_simulate_plays_prototype_games() -> None:
    code, out = run(["simulate", "--rules", "prototype", "--factions",
                     "marquise,eyrie,alliance", "--games", "6", "--json", "--no-progress"])
    assert code == 0, out[-2000:]
    rep = json.loads(out)
    assert rep["games"] == 6
    assert set(rep["victory_types"]) <= {"points", "chaos_victory", "coalition_victory",
                                         "economic_victory", "military_victory"}
