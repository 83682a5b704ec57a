"""The command line: play (bad input re-asked, save and load), simulate."""
from __future__ import annotations

import argparse
import io
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

import rootlaw
from rootlaw.commands.play import play
from rootlaw.commands.simulate import simulate


def _play(argv: list[str], keys: str, expect: int = 0) -> str:
    out = io.StringIO()
    parser = argparse.ArgumentParser()
    parser.add_argument("--factions", default="marquise,eyrie")
    parser.add_argument("--faction")
    parser.add_argument("--vs", default="random")
    parser.add_argument("--map", default="fall")
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--save")
    parser.add_argument("--load")
    parser.add_argument("--quiet", action="store_true")
    code = play(parser.parse_args(argv), io.StringIO(keys), out)
    assert code == expect
    return out.getvalue()


def test_play_reasks_bad_input_and_never_crashes() -> None:
    text = _play(["--faction", "marquise"], "banana\n0\n99\n\n1\nh\nb\nq\n")
    assert text.count("please enter a number from 1 to") == 4
    assert "Place the keep in a corner clearing" in text
    assert "Enter the number of an option" in text  # help
    assert "Your hand" in text  # the board with the player's own hand


def test_play_saves_and_loads(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    _play(["--faction", "marquise", "--save", str(save)], "1\n1\nq\n")
    g = rootlaw.Game.from_json(save.read_text())
    assert not g.is_over and g.decision is not None
    assert len([e for e in g.log if e[0] == "d"]) >= 2
    text = _play(["--faction", "marquise", "--load", str(save), "--save", str(save)], "1\nq\n")
    assert "You play Marquise de Cat (marquise)" in text
    g2 = rootlaw.Game.from_json(save.read_text())
    assert len(g2.log) > len(g.log)


def test_play_refuses_a_broken_save(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "rootlaw-game-1", "setup": 3}')
    text = _play(["--load", str(bad)], "", expect=2)
    assert "cannot load" in text and "malformed saved game" in text


def test_play_plays_to_the_end_against_random() -> None:
    # answer "1" to everything: the game must reach its end
    text = _play(["--faction", "eyrie", "--quiet"], "1\n" * 20000)
    assert "Game over:" in text


def test_play_with_the_duchy_shows_the_burrow() -> None:
    text = _play(["--factions", "duchy,marquise", "--faction", "duchy", "--quiet"],
                 "1\n" * 20000)
    assert "Game over:" in text and "the Burrow" in text


def test_play_with_the_hundreds_shows_the_hoard() -> None:
    text = _play(["--factions", "hundreds,marquise", "--faction", "hundreds", "--quiet"],
                 "1\n" * 20000)
    assert "Game over:" in text and "Warlord in" in text and "Command:" in text


def test_play_with_the_keepers_shows_relics_in_forests() -> None:
    text = _play(["--factions", "keepers,marquise", "--faction", "keepers", "--quiet"],
                 "1\n" * 20000)
    assert "Game over:" in text and "Keepers in Iron: figure relic" in text


def test_simulate_prints_statistics() -> None:
    out = io.StringIO()
    args = argparse.Namespace(factions="marquise,eyrie", games=20, seed=1, map="fall",
                              agent=None, max_turns=1000, json=True, no_progress=True)
    assert simulate(args, out) == 0
    rep = json.loads(out.getvalue())
    assert rep["games"] == 20
    assert abs(sum(rep["win_rate"].values()) - 1.0) < 1e-9
    assert rep["victory_types"] == {"points": 1.0}
    assert rep["turns_mean"] > 10 and rep["games_per_second"] > 0


def test_simulate_rejects_unknown_faction() -> None:
    out = io.StringIO()
    args = argparse.Namespace(factions="marquise,lizard_cult", games=1, seed=1, map="fall",
                              agent=None, max_turns=10, json=False, no_progress=True)
    assert simulate(args, out) == 2
    assert "lizard_cult" in out.getvalue()


@pytest.mark.parametrize("cmd", [["simulate", "--games", "3", "--no-progress"]])
def test_console_entry_point(cmd: list[str]) -> None:
    res = subprocess.run([sys.executable, "-m", "rootlaw.cli", *cmd], capture_output=True,
                         text=True, timeout=120)
    assert res.returncode == 0, res.stderr
    assert "win rate by faction" in res.stdout


def test_play_beside_bots_and_every_faction_renders() -> None:
    """Bots take their turns by themselves; the board shows every faction's state."""
    text = _play(["--factions", "eyrie,mechanical_marquise,automated_alliance,vagabot",
                  "--quiet"], "1\n" * 3000)
    assert "You play Eyrie Dynasties (eyrie)" in text and "Game over:" in text
    text = _play(["--factions", "marquise,eyrie,alliance,vagabond", "--faction", "vagabond",
                  "--quiet"], "1\n" * 40 + "b\nq\n")
    assert "Relationships" in text



def test_play_on_a_variant_map_with_the_ep_deck() -> None:
    """--map, --deck, --suits (A.1, A.2): the board shows the Ferry, closed paths, the Pass."""
    res = subprocess.run([sys.executable, "-m", "rootlaw.cli", "play", "--map", "lake", "--deck",
                          "exiles_partisans", "--suits", "balanced", "--seed", "2", "--quiet"],
                         input="b\nq\n", capture_output=True, text=True, timeout=120)
    assert res.returncode == 0, res.stderr
    assert "Ferry in 1" in res.stdout and "[Ferry]" in res.stdout
    res = subprocess.run([sys.executable, "-m", "rootlaw.cli", "play", "--map", "mountain",
                          "--suits", "fox,rabbit,mouse,fox,rabbit,mouse,fox,rabbit,mouse,fox,"
                          "rabbit,mouse", "--quiet"], input="b\nq\n", capture_output=True,
                         text=True, timeout=120)
    assert "closed paths: 2-5, 3-7" in res.stdout and "[the Pass]" in res.stdout
    assert "│ 1  │ fox " in res.stdout and "│ 2  │ rabbit" in res.stdout


def test_play_and_simulate_refuse_bad_suits() -> None:
    res = subprocess.run([sys.executable, "-m", "rootlaw.cli", "play", "--map", "winter",
                          "--suits", "fox,fox"], input="q\n", capture_output=True, text=True,
                         timeout=120)
    assert res.returncode == 2 and "A.1" in res.stdout
    out = io.StringIO()
    args = argparse.Namespace(factions="marquise,eyrie", games=4, seed=1, map="mountain",
                              deck="exiles_partisans", suits="random", agent=None,
                              max_turns=1000, json=True, no_progress=True)
    assert simulate(args, out) == 0 and json.loads(out.getvalue())["games"] == 4
    args.suits = "printed"
    out = io.StringIO()
    assert simulate(args, out) == 2 and "no printed suits" in out.getvalue()


def test_play_against_three_bots_narrates_their_turns_between_prompts() -> None:
    """Issue 41: `rootlaw play` against three bots tells, between the person's prompts,
    what each bot did (the web log's narrator), under a header for each turn."""
    res = subprocess.run([sys.executable, "-m", "rootlaw.cli", "play", "--factions",
                          "marquise,electric_eyrie,automated_alliance,vagabot", "--seed", "3"],
                         input="1\n" * 60 + "l\nq\n", capture_output=True, text=True,
                         timeout=120)
    assert res.returncode == 0, res.stderr
    out = res.stdout
    assert "goes first (5.1.1)" in out and "Seating order (turns go this way)" in out
    prompts = [i for i, line in enumerate(out.splitlines()) if line.startswith("[Marquise")]
    lines = out.splitlines()
    between = "\n".join(lines[prompts[4]:prompts[-1]])  # after the Marquise's setup
    for bot in ("Electric Eyrie", "Automated Alliance", "Vagabot"):
        assert f": {bot} ─" in between, bot  # its turn's header
        assert f"  {bot} reveals its order card:" in between, bot  # its actions, narrated
    assert "  Electric Eyrie moves " in between or "  Electric Eyrie recruits" in between
    assert "warrior(s)" not in out and "_" not in between.replace("──", "")
    assert "Corvid" not in out and "Your hand" in out  # the board, with the person's hand


def test_play_help_lists_ids_maps_decks_and_defaults() -> None:
    res = subprocess.run([sys.executable, "-m", "rootlaw.cli", "play", "--help"],
                         capture_output=True, text=True, timeout=60)
    assert res.returncode == 0
    text = " ".join(res.stdout.split())
    for word in ("marquise", "keepers", "vagabot", "electric_eyrie", "lake", "mountain",
                 "exiles_partisans", "(default: marquise,eyrie)", "(default: fall)",
                 "(default: random)", "b board, l recent log"):
        assert word in text, word


def test_the_board_speaks_words_not_field_names() -> None:
    """Issue 41: faction boards without internal field names or None/False values, quest
    names rather than ids, the Riverfolk's public hand labelled as theirs."""
    from rootlaw.tui import paths_of, render

    for mix, me in ((["marquise", "eyrie", "alliance", "vagabond"], "marquise"),
                    (["riverfolk", "corvids", "duchy", "lizards"], "corvids"),
                    (["hundreds", "keepers", "electric_eyrie", "vagabot"], "hundreds")):
        g = rootlaw.new_game(factions=mix, seed=4)
        rnd = __import__("random").Random(4)
        while not g.is_over and g.turn_no < 9:
            g.apply(rnd.choice(g.decision.options))
        text = render(g.view(me), paths_of(g), width=250)
        for raw in ("recruited_this_turn", "None", "False", "True", "leader None", "_fox",
                    "_mouse", "_rabbit", "hand_card", "guard_duty", "errand_"):
            assert raw not in text, (mix, raw)
        assert "Your hand" in text
        if "riverfolk" in mix:
            assert "Riverfolk Company's hand (public)" in text
        for f in mix:
            assert rootlaw.FACTIONS[f].name in text


def test_play_with_the_spinners_and_the_wyrm_speaks_their_boards() -> None:
    """The Crusader factions on the terminal board: the Ward, webs and infirmaries by
    name, the Wyrm's place, Growth and Lair, no field names."""
    from rootlaw.tui import paths_of, render

    text = _play(["--factions", "spinners,wyrm", "--faction", "wyrm", "--quiet"],
                 "1\n" * 20000)
    assert "Game over:" in text and "The Wyrm in" in text and "Growth on track" in text
    g = rootlaw.new_game(factions=["spinners", "wyrm", "marquise", "eyrie"], seed=6)
    rnd = __import__("random").Random(6)
    while not g.is_over and g.turn_no < 12:
        g.apply(rnd.choice(g.decision.options))
    text = render(g.view("spinners"), paths_of(g), width=250)
    for raw in ("_fox", "_rabbit", "fear_", "None", "False", "True", "web_bonus"):
        assert raw not in text, raw
    assert "Spinners of Mercy: " in text and "web" in text and "Patients" in text
    assert "fear token (" in text


def test_simulate_drafts_with_the_crusader_setup_cards() -> None:
    r = subprocess.run([sys.executable, "-m", "rootlaw.cli", "simulate", "--setup",
                        "advanced", "--players", "5", "--crusader", "--games", "4",
                        "--seed", "2", "--json", "--no-progress"],
                       capture_output=True, text=True, check=True)
    rep = json.loads(r.stdout)
    assert rep["games"] == 4
    assert {"spinners", "wyrm"} <= set(rep["win_rate"])  # drafted (their cards dealt)


def test_q_asks_before_quitting_an_unsaved_game() -> None:
    """Issue 56: q in a game saved nowhere asks first; anything but yes plays on."""
    text = _play(["--faction", "marquise"], "q\nn\n1\nq\ny\n")
    assert text.count("This game is not saved") == 2
    assert "Quit anyway? [y/N]" in text
    assert text.count("[Marquise de Cat]") >= 2  # played on after the no


def test_a_loaded_game_goes_on_saving_to_its_file(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    _play(["--faction", "marquise", "--save", str(save)], "1\nq\n")
    before = len(rootlaw.Game.from_json(save.read_text()).log)
    text = _play(["--faction", "marquise", "--load", str(save)], "1\nq\n")  # no --save
    assert "This game is not saved" not in text
    assert len(rootlaw.Game.from_json(save.read_text()).log) > before


def test_each_turn_is_headed_once() -> None:
    """Issue 56: where the person's turn opens with the board, its title names the turn,
    so no header right above it says the turn again; every turn is headed."""
    out = _play(["--factions", "marquise,eyrie,alliance,vagabond", "--seed", "5"],
                "1\n" * 300 + "q\ny\n")
    lines = out.splitlines()
    heads = [(i, m[1]) for i, ln in enumerate(lines) if (m := re.search(r"─ Turn (\d+): ", ln))]
    assert len({t for _, t in heads}) > 20
    assert {int(t) for _, t in heads} == set(range(1, max(int(t) for _, t in heads) + 1))
    doubled = [lines[i] for (i, t), (j, u) in zip(heads, heads[1:], strict=False)
               if j == i + 1 and t == u]
    assert not doubled, doubled[:3]


class Backing(io.StringIO):
    """The person at the terminal: takes the Marquise's Build action, then backs out of
    it with u before choosing where to build; then quits. Reads what was printed."""

    def __init__(self, out: io.StringIO) -> None:
        super().__init__()
        self.out, self.seen = out, 0
        self.said: list[tuple[str, str, list[str]]] = []

    def block(self) -> tuple[str, list[str]]:
        text = self.out.getvalue()[self.seen:]
        head = text.rfind("\n[")
        lines = text[head + 1:].splitlines()
        return lines[0], [ln for ln in lines[1:] if re.match(r"\s+\d+\. ", ln)]

    def readline(self, size: int | None = -1, /) -> str:
        prompt, options = self.block()
        key = "1"
        if not self.said and "choose an action" in prompt:
            build = [ln for ln in options if ln.split(". ", 1)[1] == "build"]
            if build:
                key = build[0].split(".")[0].strip()
                self.said.append(("menu", prompt, options))
        elif len(self.said) == 1:
            self.said.append(("target", prompt, options))
            key = "u"
        elif len(self.said) == 2:
            self.said.append(("again", prompt, options))
            key = "q"
        elif len(self.said) == 3:
            key = "y"
        self.seen = len(self.out.getvalue())
        return key + "\n"


def test_a_build_is_backed_out_before_it_is_applied() -> None:
    """Issue 56: u takes back the choice of the Build action before its clearing is
    chosen (nothing was revealed): the action menu comes back with the same numbers,
    and the Build's options are gone."""
    out = io.StringIO()
    parser = argparse.Namespace(factions="marquise,eyrie", faction=None, vs="random",
                                map="fall", seed=3, save=None, load=None, quiet=False)
    keys = Backing(out)
    assert play(parser, keys, out) == 0
    kinds = [k for k, _, _ in keys.said]
    assert kinds == ["menu", "target", "again"], out.getvalue()[-2000:]
    (_, menu, before), (_, target, building), (_, again, after) = keys.said
    assert "build a " in " ".join(building) and "choose an action" not in target
    assert (again, after) == (menu, before)  # the same decision, the same numbers
    assert "(your last choice is taken back)" in out.getvalue()


def test_u_refuses_to_take_back_what_revealed_something() -> None:
    """Nothing taken back once another player played since (or a card was drawn, the
    turn passed): u says why, and the game goes on from where it was."""
    out = _play(["--factions", "marquise,eyrie", "--seed", "3"], "1\n" * 20 + "u\nq\ny\n")
    assert "cannot take that back: your last decision is not the latest one" in out
    assert "(your last choice is taken back)" not in out
    assert "nothing to take back" in _play(["--seed", "3"], "u\nq\ny\n")


def test_the_options_are_shown_again_with_the_same_numbers() -> None:
    out = _play(["--seed", "3"], "b\nl\nh\nq\ny\n")
    blocks = re.findall(r"\n\[Marquise de Cat\][^\n]*\n((?:\s+\d+\. [^\n]*\n)+)", out)
    assert len(blocks) == 4 and len(set(blocks)) == 1, blocks
