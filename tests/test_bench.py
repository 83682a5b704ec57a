"""benchmarks/bench.py (issue 42): its JSON is machine-readable and carries where it was
measured; a --turns run sets every mix against the 4-player base game; a history line
holds the compiled build's figures. Tiny runs of the pure build: no timing asserted."""
from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
BENCH = ROOT / "benchmarks" / "bench.py"


def run(tmp_path: Path, *args: str) -> dict[str, Any]:
    out = tmp_path / "bench.json"
    subprocess.run([sys.executable, str(BENCH), "--build", "pure", "--games", "2",
                    "--rounds", "1", "--json", str(out), *args],
                   check=True, capture_output=True, text=True, timeout=600, cwd=ROOT)
    data: dict[str, Any] = json.loads(out.read_text())
    return data


def test_json_of_random_games(tmp_path: Path) -> None:
    data = run(tmp_path, "--factions", "marquise,eyrie")
    assert data["meta"]["games"] == 2 and data["meta"]["rounds"] == 1
    assert len(data["meta"]["commit"]) == 40 and "load" in data["meta"]
    [r] = data["results"]
    assert r["factions"] == ["marquise", "eyrie"] and r["build"] == "pure"
    for key in ("games_per_s", "turn_us", "copy_us", "options_us", "apply_next_us"):
        assert r[key] > 0, key


def test_json_of_turns_sets_each_mix_against_the_base_game(tmp_path: Path) -> None:
    data = run(tmp_path, "--turns", "--factions", "marquise,eyrie,alliance,vagabond",
               "--factions", "lizards,marquise,eyrie,alliance")
    base, lizards = data["results"]
    assert base["factions"] == ["marquise", "eyrie", "alliance", "vagabond"]
    assert set(lizards["own_turn_us"]) == {"lizards", "marquise", "eyrie", "alliance"}
    assert lizards["turn_us"] > 0 and lizards["turns_per_game"] > 0
    spec = importlib.util.spec_from_file_location("bench", BENCH)
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    table = bench.turns_table(data["results"])
    assert "| marquise/eyrie/alliance/vagabond | pure |" in table and "| 1.00 |" in table
    line = json.loads(bench.history_line("a note", data["meta"], data["results"]))
    assert line["note"] == "a note" and line["build"] == "pure"
    assert set(line["figures"]) == {"marquise/eyrie/alliance/vagabond",
                                    "lizards/marquise/eyrie/alliance"}
