"""The `rootlaw` command line: play in the terminal, simulate, serve the web app."""
from __future__ import annotations

import argparse
import io
import json
import sys
import time
from pathlib import Path
from typing import Any, TextIO

from rich.console import Console
from rich.rule import Rule
from rich.text import Text

import rootlaw
from rootlaw import tui
from rootlaw.agents import make_agent
from rootlaw.agents.base import decide
from rootlaw.core.catalog import DECK_FILES, MAP_NAMES
from rootlaw.core.faction_api import FACTIONS
from rootlaw.core.options import label
from rootlaw.narrate import faction_name, narrate, readable, turn_header

HELP = """Enter the number of an option. Other commands:
  b  show the board            l  the recent log (the last 30 lines)
  h  this help                 s  save now (to --save)
  q  quit (saves first with --save)"""
RECENT = 30  # lines the l command shows


# ----------------------------------------------------------------- rendering
def paths_of(game: rootlaw.Game) -> dict[int, list[int]]:
    """Each clearing's paths now (2.3; C.3.3 closed paths open in play)."""
    return {c: sorted(game.adjacent(c)) for c in game.clearings()}


def render(view: dict[str, Any], paths: dict[int, list[int]] | None = None,
           width: int = 120) -> str:
    """The board, scores and the hands this seat may see, as plain text."""
    con = Console(width=width, record=True, file=io.StringIO(), highlight=False, markup=False)
    con.print(tui.board(view, paths or {}))
    return con.export_text()


class Story:
    """What the person at the terminal has not read yet: the log since, told by the
    shared narrator (the web log's), with a header where each turn began (1.4.1).

    The game runs its automatic steps one at a time here (Game.run_step) so the story
    knows where in the record every turn began."""

    def __init__(self, me: str, out: Console, quiet: bool) -> None:
        self.me, self.out, self.quiet = me, out, quiet
        self.size = 0  # entries of the record walked so far
        self.last: tuple[Any, ...] | None = None
        self.turns: dict[int, tuple[int, str]] = {}  # record size when a turn began
        self.turn_no = 0
        self.told = 0  # entries already told

    def skip_to(self, game: rootlaw.Game) -> None:
        """A loaded game: what happened before is not told again."""
        self.size = self.told = len(game.log)
        self.last, self.turn_no = game.last_entry, game.turn_no

    def run(self, game: rootlaw.Game, option: Any = None) -> None:
        """Take ``option`` (None: just run on), then every automatic step to the next
        decision, noting where turns begin."""
        if option is not None:
            game.apply(option, advance=False)
        self._follow(game)
        while game.run_step():
            self._follow(game)

    def _follow(self, game: rootlaw.Game) -> None:
        new = game.entries_after(self.last)
        if new:
            self.size += len(new)
            self.last = game.last_entry
        if game.turn_no != self.turn_no and game.turn_no:
            self.turn_no = game.turn_no
            self.turns[self.size] = (game.turn_no, game.factions[game.turn_seat])

    def lines(self, game: rootlaw.Game) -> list[dict[str, Any]]:
        return narrate(game.log, list(game.factions), self.me, game.is_over)

    def tell(self, game: rootlaw.Game) -> None:
        """Print every line not told yet (the seat's own choices left out: it made them)."""
        if self.quiet:
            self.told = self.size
            return
        for ln in self.lines(game):
            if ln["i"] < self.told:
                continue
            self._headers(int(ln["i"]))
            if ln["actor"] == self.me and ln["kind"] == "decision":
                continue
            self.out.print(Text("  ").append(ln["text"], style=self.style(ln)))
        self._headers(self.size)
        self.told = self.size

    def _headers(self, upto: int) -> None:
        for at in sorted(k for k in self.turns if self.told <= k <= upto):
            turn, f = self.turns.pop(at)
            self.out.print(Rule(turn_header(turn, f), style=tui.color(f)))

    def recent(self, game: rootlaw.Game) -> None:
        for ln in self.lines(game)[-RECENT:]:
            self.out.print(Text("  ").append(ln["text"], style=self.style(ln)))

    @staticmethod
    def style(ln: dict[str, Any]) -> str:
        if ln["kind"] in ("score", "win"):
            return "bold"
        return tui.color(ln["actor"]) if ln["actor"] else "dim"


# ---------------------------------------------------------------------- play
def _rootlog(game: rootlaw.Game, path: str | None, seat: str, con: Any) -> None:
    """--rootlog: the game in the community's notation; a finished game whole, else what
    the seat at the terminal saw (docs/rootlog.md)."""
    if not path:
        return
    from rootlaw.rootlog import RootlogError, dumps

    try:
        text = dumps(game, "all" if game.is_over else game.seat_of(seat))
        Path(path).write_text(text, encoding="utf-8")
    except (OSError, RootlogError) as e:
        con.print(f"cannot write the Rootlog {path}: {e}")
        return
    con.print(f"Rootlog written to {path}")


def _save(game: rootlaw.Game, path: str | None, out: Console) -> None:
    if path:
        Path(path).write_text(game.to_json(), encoding="utf-8")
        out.print(f"(saved to {path})")


def unstarted(game: rootlaw.Game) -> rootlaw.Game:
    """The same game before its setup ran, so its first turns can be told step by step."""
    setup = game.setup
    rest = {k: v for k, v in setup.items() if k not in ("factions", "map", "deck", "seed")}
    return rootlaw.Game.new(list(setup["factions"]), map=setup["map"],
                            deck_name=setup["deck"], seed=int(setup["seed"]), options=rest,
                            advance=False)


def play(args: argparse.Namespace, inp: TextIO = sys.stdin, out: TextIO = sys.stdout) -> int:
    con = tui.console(out)
    if args.load:
        try:
            game = rootlaw.Game.from_json(Path(args.load).read_text(encoding="utf-8"),
                                          rules=getattr(args, "rules", None))
        except (OSError, rootlaw.LoadError) as e:
            con.print(f"cannot load {args.load}: {e}")
            return 2
    else:
        try:
            game = rootlaw.new_game(map=args.map, seed=args.seed, **{
                **setup_options(args), **seat_options(args)}, **bot_options(args))
        except rootlaw.SetupError as e:
            con.print(f"cannot start: {e}")
            return 2
    me = args.faction or next((f for f, fd in zip(game.factions, game.fdefs, strict=True)
                               if not fd.is_bot), game.factions[0])
    if args.faction is None and not args.load and not getattr(args, "players", None):
        me = next((f for f in args.factions.split(",") if not FACTIONS[f].is_bot), me)
    try:
        mine = game.seat_of(me)  # in a draft, a seat name (seat1...) until it chooses
    except ValueError:
        con.print(f"--faction {me!r} is not in this game ({', '.join(game.factions)})")
        return 2
    try:  # the other seats' agents, by seat: a seat keeps its agent when it drafts
        agents = {i: make_agent(args.vs, args.seed + i) for i in range(len(game.factions))
                  if i != mine}
    except ValueError as e:
        con.print(f"--vs: {e}")
        return 2
    story = Story(me, con, args.quiet)
    con.print(f"You play {faction_name(me)} ({me}). 'h' for help.")
    if args.load:
        story.skip_to(game)
    else:
        game = unstarted(game)
        story.run(game)
    shown_turn = -1
    while not game.is_over:
        d = game.decision
        assert d is not None
        me = story.me = game.factions[mine]  # the faction this seat drafted (A.8.2)
        if d.seat != me:
            choice = decide(agents[game.seat_of(d.seat)], game,
                            seed=args.seed * 1_000_003 + game.version)
            story.run(game, choice)
            continue
        story.tell(game)
        if game.turn_no != shown_turn:
            con.print(tui.board(game.view(me), paths_of(game)))
            shown_turn = game.turn_no
        con.print(Text(f"\n[{faction_name(d.seat)}] {readable(d.prompt)}  (rule {d.rule})",
                       style="bold"))
        for i, o in enumerate(d.options, 1):
            con.print(Text(f"  {i:>2}. {readable(label(o))}"))
        while True:
            con.print("> ", end="")
            out.flush()
            line = inp.readline()
            if not line:  # end of input: save and stop
                _save(game, args.save, con)
                _rootlog(game, getattr(args, "rootlog", None), me, con)
                return 0
            cmd = line.strip().lower()
            if cmd == "q":
                _save(game, args.save, con)
                _rootlog(game, getattr(args, "rootlog", None), me, con)
                return 0
            if cmd == "h":
                con.print(HELP)
                continue
            if cmd == "b":
                con.print(tui.board(game.view(me), paths_of(game)))
                continue
            if cmd == "l":
                story.recent(game)
                continue
            if cmd == "s":
                if args.save:
                    _save(game, args.save, con)
                else:
                    con.print("start with --save FILE to save")
                continue
            if cmd.isdigit() and 1 <= int(cmd) <= len(d.options):
                story.run(game, d.options[int(cmd) - 1])
                if args.save:
                    Path(args.save).write_text(game.to_json(), encoding="utf-8")
                break
            con.print(f"please enter a number from 1 to {len(d.options)} (or h for help)")
    story.tell(game)
    con.print(tui.board(game.view(me), paths_of(game)))
    scores = ", ".join(f"{faction_name(f)} {n}" for f, n in game.scores.items())
    con.print(f"\nGame over: {' and '.join(map(faction_name, game.winners))} won by "
              f"{game.win_reason}. Scores: {scores}")
    _save(game, args.save, con)
    _rootlog(game, getattr(args, "rootlog", None), me, con)
    return 0


# ------------------------------------------------------------------ simulate
SIMULATE_EXAMPLES = """examples:
  rootlaw simulate --factions marquise,eyrie,alliance,vagabond --games 2000 --workers 2
  rootlaw simulate --factions marquise,electric_eyrie,automated_alliance,vagabot \\
      --agent marquise=mcts:0.2 --games 100 --report out/
  rootlaw simulate --factions marquise,eyrie --map fall,winter --games 500 --ray
  rootlaw simulate --games 10000 --ray ray://head:10001     # a running Ray cluster

agents (--agent FACTION=AGENT): random, heuristic, mcts, mcts:0.2 (seconds per
decision), mcts:iters=400, mcts:0.5,rollout=heuristic. --report DIR writes
summary.json, games.json, games.csv and plots (PNG) into DIR."""


def _agents(items: list[str] | None) -> dict[str, str]:
    out = {}
    for item in items or []:
        f, eq, spec = item.partition("=")
        if not eq:
            raise ValueError(f"--agent {item!r}: expected FACTION=AGENT")
        make_agent(spec)  # check it now, not in a worker
        out[f] = spec
    return out


def _progress(disable: bool) -> Any:
    from tqdm import tqdm

    def wrap(it: Any, total: int) -> Any:
        return tqdm(it, total=total, unit="game", disable=disable, file=sys.stderr)

    return wrap


def simulate(args: argparse.Namespace, out: TextIO = sys.stdout) -> int:
    from rootlaw.sim import Summary, format_report, run, specs_for

    maps = getattr(args, "map", "fall").split(",")
    try:
        seats = seat_options(args)
        bots = {**setup_options(args), **bot_options(args)}  # new_game's options
        deck = bots.pop("deck")
        setup = bots.pop("setup", "standard")
        for m in maps:
            rootlaw.new_game(map=m, deck=deck, seed=0, **{**bots, **seats, "setup":
                                                          seats.get("setup", setup)})
        agents = _agents(args.agent)
    except (rootlaw.SetupError, ValueError) as e:
        print(f"cannot simulate: {e}", file=out)
        return 2
    players = int(seats.get("players") or 0)
    factions = seats["bots"] if players else seats["factions"]
    named = [f"seat{i + 1}" for i in range(players)] if players else list(factions)
    unknown = sorted(set(agents) - set(named))
    if unknown:
        print(f"cannot simulate: --agent for {', '.join(unknown)}, not a seat of "
              f"{', '.join(named)}", file=out)
        return 2
    workers = getattr(args, "workers", 1) or 1
    ray = getattr(args, "ray", None)
    specs = specs_for(factions, args.games, args.seed, agents, args.max_turns, maps,
                      (deck,), bots, setup=setup, players=players)
    if getattr(args, "rootlog", None):  # each game written in the notation (docs/rootlog.md)
        Path(args.rootlog).mkdir(parents=True, exist_ok=True)
        for spec in specs:
            spec.rootlog = args.rootlog
    factions = [] if players else list(factions)  # the report's rows: as given
    summary = Summary(factions)
    t0 = time.perf_counter()
    for r in _progress(args.no_progress)(run(specs, workers, ray), len(specs)):
        summary.add(r)
    summary.wall = time.perf_counter() - t0
    rep = summary.report()
    if getattr(args, "report", None):
        from rootlaw.report import write_report

        rep = write_report(summary.results, args.report, summary.wall)
    if args.json:
        print(json.dumps(rep, indent=2), file=out)
    else:
        print(format_report(rep), file=out)
        if getattr(args, "report", None):
            print(f"report written to {args.report}", file=out)
    return 0


def tournament(args: argparse.Namespace, out: TextIO | None = None) -> int:
    out = out or sys.stdout
    from rootlaw.tournament import format_standings
    from rootlaw.tournament import tournament as run_tournament

    entrants = [e.strip() for e in args.entrants.split(",") if e.strip()]
    try:
        for e in entrants:
            from rootlaw.tournament import is_bot

            if not is_bot(e):
                make_agent(e)
        table, results = run_tournament(
            entrants, args.games, args.players, args.seed,
            args.factions.split(",") if args.factions else None, args.map,
            args.workers, args.ray, _progress(args.no_progress))
    except ValueError as e:
        print(f"cannot run the tournament: {e}", file=out)
        return 2
    rows = table.standings()
    if args.report:
        from pathlib import Path as _Path

        from rootlaw.report import write_report

        write_report(results, args.report, title="tournament")
        (_Path(args.report) / "standings.json").write_text(json.dumps(rows, indent=2),
                                                           encoding="utf-8")
    if args.json:
        print(json.dumps(rows, indent=2), file=out)
    else:
        print(format_standings(rows), file=out)
    return 0


def setup_options(args: argparse.Namespace) -> dict[str, Any]:
    """--deck standard|exiles_partisans (A.2); --suits printed|random|balanced or twelve
    comma-separated suits in clearing order (A.1); --setup standard|advanced (5.1,
    Appendix A)."""
    out: dict[str, Any] = {"deck": getattr(args, "deck", None) or "standard"}
    rules = getattr(args, "rules", None)
    if rules and rules != "law":  # --rules prototype (issue 40)
        out["rules"] = rules
    suits = getattr(args, "suits", None)
    if suits:
        out["suits"] = suits.split(",") if "," in suits else suits
    setup = getattr(args, "setup", None)
    if setup and setup != "standard":
        out["setup"] = setup
    marks = getattr(args, "landmarks", None)  # A.5: a number, or landmark ids
    if marks:
        out["landmarks"] = int(marks) if marks.isdigit() else marks.split(",")
    if getattr(args, "map_landmarks", None):
        out["map_landmarks"] = args.map_landmarks
    if getattr(args, "crusader", False):  # the Crusader setup cards join the draft (A.8.1)
        out["crusader"] = True
    hired = getattr(args, "hirelings", None)  # A.6: 3, or three hireling ids
    if hired:
        out["hirelings"] = int(hired) if hired.isdigit() else hired.split(",")
    return out


def seat_options(args: argparse.Namespace) -> dict[str, Any]:
    """The seats: --factions, or --players N (a draft of the Advanced Setup, A.8) with
    --bots among them."""
    players = getattr(args, "players", None)
    bots = [b for b in (getattr(args, "bots", None) or "").split(",") if b]
    if players:
        return {"players": players, "bots": bots, "setup": "advanced"}
    if bots:
        raise rootlaw.SetupError("--bots goes with --players N (a draft); else list the "
                                 "bots in --factions")
    return {"factions": args.factions.split(",")}


def _setup_flags(p: argparse.ArgumentParser) -> None:
    p.add_argument("--rules", choices=("law", "prototype"),
                   help="the rule set: law (the Law of Root, for new games the default) or "
                   "prototype (the print-and-play edition: its four factions, Fall map); "
                   "with --load, the save must be of it")
    p.add_argument("--map", default="fall", help="fall, winter, lake or mountain (Appendix C)")
    p.add_argument("--deck", default="standard", help="standard or exiles_partisans (A.2)")
    p.add_argument("--suits", help="the clearings' suits (A.1): printed (Fall's default), "
                   "random (the variant maps' default), balanced, or 12 comma-separated "
                   "suits in clearing order")
    p.add_argument("--setup", choices=("standard", "advanced"), default="standard",
                   help="standard (5.1) or advanced (Appendix A: factions set up by their "
                   "setup cards, homelands, five cards and keep three)")
    p.add_argument("--players", type=int, metavar="N",
                   help="draft the factions (Advanced Setup A.8) for N seats (2-6), "
                   "named seat1...seatN until they choose; implies --setup advanced")
    p.add_argument("--bots", metavar="BOT,...",
                   help="with --players: bots among the N seats (A.3)")
    p.add_argument("--landmarks", metavar="N|ID,...",
                   help="with --setup advanced: 1 or 2 landmarks dealt at random, or their "
                   "ids (tower, ferry, lost_city, legendary_forge, black_market, "
                   "elder_treetop; A.5, Appendix F)")
    p.add_argument("--map-landmarks", choices=("keep", "ignore"),
                   help="with --landmarks: keep (default) or ignore the Lake's Ferry and the "
                   "Mountain's Tower (A.5)")
    p.add_argument("--crusader", action="store_true",
                   help="with --players: the Crusader factions' setup cards (fan-made, "
                   "readings) join the draft's (A.8.1)")
    p.add_argument("--hirelings", metavar="3|ID,ID,ID",
                   help="with --setup advanced: 3 hirelings dealt at random, or three ids "
                   "(forest_patrol, last_dynasty, ...; A.6, Appendix E)")


def bot_options(args: argparse.Namespace) -> dict[str, Any]:
    """--bot-difficulty FACTION=LEVEL, --bot-trait FACTION=TRAIT, --cooperative."""
    out: dict[str, Any] = {}
    for item in getattr(args, "bot_difficulty", None) or []:
        f, _, level = item.partition("=")
        out.setdefault("bot_difficulty", {})[f] = level
    for item in getattr(args, "bot_trait", None) or []:
        f, _, trait = item.partition("=")
        out.setdefault("bot_traits", {}).setdefault(f, []).append(trait)
    if getattr(args, "cooperative", False):
        out["cooperative"] = True
    return out


def _bot_flags(p: argparse.ArgumentParser) -> None:
    p.add_argument("--bot-difficulty", action="append", metavar="BOT=LEVEL",
                   help="easy, default, challenging or nightmare (Rootbotics 3.3.1)")
    p.add_argument("--bot-trait", action="append", metavar="BOT=TRAIT",
                   help="a trait card for a bot (Rootbotics 3.3.2); repeatable")
    p.add_argument("--cooperative", action="store_true",
                   help="fully cooperative play: the humans against the bots")


def _scale_flags(p: argparse.ArgumentParser) -> None:
    p.add_argument("--workers", type=int, default=1,
                   help="processes to play on (default 1; the results do not depend on it)")
    p.add_argument("--ray", nargs="?", const="", default=None, metavar="ADDRESS",
                   help="play on a Ray cluster: a local one without ADDRESS (--workers CPUs), "
                   "else the cluster's address (e.g. auto or ray://host:10001)")


def train_value_flags(p: argparse.ArgumentParser) -> None:
    """rootlaw train-value's flags (the command: rootlaw.rl.train_value)."""
    p.add_argument("--games", type=int, default=20000, help="corpus games in all")
    p.add_argument("--seed", type=int, default=1_000_000,
                   help="game i has seed SEED + i (apart from the strength seeds)")
    p.add_argument("--corpus", default="corpus", help="folder of the corpus's shards")
    p.add_argument("--out", default="value_model.json", help="the model file to write")
    p.add_argument("--kind", choices=("mlp", "gbdt", "linear"), default="gbdt")
    p.add_argument("--agents", help="agents of the corpus's seats, SPEC@WEIGHT,... (default: "
                   "heuristic:depth=0@3,heuristic:depth=1@2,mcts:iters=24@1; bots play "
                   "themselves)")
    p.add_argument("--factions", help="human factions (default: every one)")
    p.add_argument("--sample", type=float, default=1.0,
                   help="chance that a faction turn's start is recorded")
    p.add_argument("--shard", type=int, default=200, help="games a shard")
    p.add_argument("--workers", type=int, default=1, help="processes to play on")
    p.add_argument("--ray", nargs="?", const="", default=None, metavar="ADDRESS",
                   help="play on a Ray cluster (without ADDRESS: a local one)")
    p.add_argument("--fit-only", action="store_true", help="fit the corpus on disk, play nothing")
    p.add_argument("--play-only", action="store_true", help="play the corpus, fit nothing")
    p.add_argument("--per-faction", action="store_true",
                   help="one model per faction (default: one of every faction, its rows "
                   "marked by faction)")
    p.add_argument("--min-rows", type=int, default=200,
                   help="--per-faction: a faction with fewer rows keeps the weighted values")


# ---------------------------------------------------------------------- main
class HelpFormatter(argparse.RawDescriptionHelpFormatter):
    """Help that shows each option's default (where it has one) and keeps the epilog's
    lines."""

    def _get_help_string(self, action: argparse.Action) -> str | None:
        text = action.help or ""
        if action.default not in (None, False, argparse.SUPPRESS) and "default" not in text:
            text += " (default: %(default)s)"
        return text


def play_epilog() -> str:
    """The ids `rootlaw play` takes: factions (people's and bots'), maps, decks."""
    people = sorted(str(f) for f, fd in FACTIONS.items() if not fd.is_bot)
    bots = sorted(str(f) for f, fd in FACTIONS.items() if fd.is_bot)
    return (f"factions: {', '.join(people)}\n"
            f"bots (Law of Rootbotics): {', '.join(bots)}\n"
            f"maps: {', '.join(MAP_NAMES)}\n"
            f"decks: {', '.join(DECK_FILES)}\n"
            "agents for --vs: easy, medium, hard (difficulty levels: the heuristic agent, "
            "the search at 0.25 s and at 1 s a decision); random, heuristic, mcts, mcts:0.5 "
            "(seconds a decision)\n"
            "keys while playing: a number picks an option; b board, l recent log, h help, "
            "s save, q quit\n\n"
            "example:\n  rootlaw play --factions marquise,electric_eyrie,automated_alliance,"
            "vagabot --faction marquise")


def version_text() -> str:
    """The version and which build of the engine runs (docs/compiled_style.md)."""
    build = "compiled with mypyc" if rootlaw.BUILD == "compiled" else "pure Python"
    return f"rootlaw {rootlaw.__version__} ({build})"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="rootlaw", description="Root, by the Law of Root.")
    parser.add_argument("--version", action="version", version=version_text())
    sub = parser.add_subparsers(dest="command")

    p = sub.add_parser("play", help="play a game in the terminal", epilog=play_epilog(),
                       formatter_class=HelpFormatter)
    p.add_argument("--factions", default="marquise,eyrie",
                   help="comma-separated faction ids (listed below)")
    p.add_argument("--faction", help="the faction you play (default: the first seat)")
    p.add_argument("--vs", default="random",
                   help="agent for the other seats: easy, medium, hard, or random, heuristic, "
                   "mcts, mcts:0.5 ...")
    _setup_flags(p)
    p.add_argument("--seed", type=int, default=int(time.time()) % 100000,
                   help="the game's seed (by default one from the clock)")
    p.add_argument("--save", help="save the game to this JSON file after every decision")
    p.add_argument("--load", help="resume a game saved as JSON")
    p.add_argument("--quiet", action="store_true",
                   help="do not tell what the other seats did between your decisions")
    p.add_argument("--rootlog", metavar="FILE",
                   help="write the game as a Rootlog (the community's notation) when it "
                   "ends or you quit (docs/rootlog.md)")
    _bot_flags(p)

    s = sub.add_parser("simulate", help="play many games between agents, print statistics",
                       epilog=SIMULATE_EXAMPLES,
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    s.add_argument("--factions", default="marquise,eyrie")
    s.add_argument("--games", type=int, default=100)
    s.add_argument("--seed", type=int, default=1)
    _setup_flags(s)
    s.add_argument("--agent", action="append", metavar="FACTION=AGENT",
                   help="agent for a faction (default random)")
    s.add_argument("--max-turns", type=int, default=1000,
                   help="stop a game unfinished after this many turns")
    s.add_argument("--json", action="store_true", help="print the statistics as JSON")
    s.add_argument("--no-progress", action="store_true")
    _scale_flags(s)
    s.add_argument("--report", metavar="DIR",
                   help="write JSON, CSV and plots (PNG) of the results into DIR")
    s.add_argument("--rootlog", metavar="DIR",
                   help="write each game as a Rootlog, DIR/game-SEED.rootlog (docs/rootlog.md)")
    _bot_flags(s)

    t = sub.add_parser("tournament", help="rank agents and bots by a rating over many games",
                       epilog="example:\n  rootlaw tournament --entrants random,heuristic,"
                       "mcts:iters=50,mechanical_marquise,electric_eyrie --games 200",
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    t.add_argument("--entrants", default="random,heuristic,mechanical_marquise,electric_eyrie,"
                   "automated_alliance,vagabot",
                   help="comma-separated agents (random, heuristic, mcts:...) and bot factions")
    t.add_argument("--games", type=int, default=100)
    t.add_argument("--players", type=int, default=4)
    t.add_argument("--seed", type=int, default=1)
    t.add_argument("--map", default="fall")
    t.add_argument("--factions", help="factions agents may play (default: every human one)")
    t.add_argument("--json", action="store_true")
    t.add_argument("--no-progress", action="store_true")
    t.add_argument("--report", metavar="DIR", help="also write the games' report into DIR")
    _scale_flags(t)

    v = sub.add_parser("train-value", help="play a corpus of cheap games and fit the search's "
                       "learned evaluation to it (docs/agents.md)",
                       formatter_class=HelpFormatter)
    train_value_flags(v)

    from rootlaw.rootlog import cli as rootlog_cli

    rootlog_cli.add_parser(sub)

    w = sub.add_parser("serve", help="start the web app")
    w.add_argument("--host", default="127.0.0.1")
    w.add_argument("--port", type=int, default=8000)
    w.add_argument("--db", help="where games are stored: a SQLite file, sqlite:///PATH or "
                   "postgresql://USER@HOST/DB (default: games.sqlite3 in the user's data dir)")
    w.add_argument("--agent-delay", type=float, default=0.8, metavar="SECONDS",
                   help="pause before each agent move, so people can follow (default 0.8)")
    w.add_argument("--workers", type=int, default=1, metavar="N",
                   help="server processes sharing one PostgreSQL store (default 1)")

    args = parser.parse_args(argv)
    try:
        return _run(parser, args)
    except ImportError as e:  # an optional extra is missing
        print(f"rootlaw {args.command}: {e.name or e} is not installed; "
              f'pip install "rootlaw[rl,scale]"', file=sys.stderr)
        return 2


def _run(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    if args.command == "play":
        return play(args)
    if args.command == "simulate":
        return simulate(args)
    if args.command == "tournament":
        return tournament(args)
    if args.command == "replay":
        from rootlaw.rootlog import cli as rootlog_cli

        return rootlog_cli.run(args)
    if args.command == "train-value":
        from rootlaw.rl import train_value

        return train_value.run(args, parser)
    if args.command == "serve":
        from rootlaw.server import serve as run_server

        try:
            run_server(host=args.host, port=args.port, db=args.db,
                       agent_delay=args.agent_delay, workers=args.workers)
        except ValueError as e:
            parser.error(str(e))
        return 0
    parser.print_help()
    return 0


if __name__ == "__main__":
    sys.exit(main())
