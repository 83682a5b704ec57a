"""``rootlaw play``: a game in the terminal against agents and bots."""
from __future__ import annotations

import argparse
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
from rootlaw.commands import flags
from rootlaw.core.catalog import DECK_FILES, MAP_NAMES
from rootlaw.core.faction_api import FACTIONS
from rootlaw.core.options import label
from rootlaw.narrate import faction_name, narrate, readable, turn_header

HELP = """Enter the number of an option. Other commands:
  b  show the board            l  the recent log (the last 30 lines)
  h  this help                 s  save now (to --save)
  u  back out of your last choice (a step of a Build, a move...), while nothing new
     was revealed and no one else has played since
  q  quit (saves first with --save)
The options are shown again after b, l, h and u, with the same numbers."""
RECENT = 30  # lines the l command shows

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
        """A loaded game, or one taken back (u): what happened before is not told again."""
        self.size = self.told = len(game.log)
        self.last, self.turn_no = game.last_entry, game.turn_no
        self.turns = {k: v for k, v in self.turns.items() if k <= self.size}

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

    def tell(self, game: rootlaw.Game, board_next: bool = False) -> None:
        """Print every line not told yet (the seat's own choices left out: it made them);
        ``board_next``: the board follows, its title naming the turn, so a header for
        the turn with no line under it yet is not printed twice."""
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
        self._headers(self.size, game.turn_no if board_next else None)
        self.told = self.size

    def _headers(self, upto: int, titled: int | None = None) -> None:
        for at in sorted(k for k in self.turns if self.told <= k <= upto):
            turn, f = self.turns.pop(at)
            if turn != titled:
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


BACK_STEPS = 12  # choices u can take back one by one (a Build's steps, a march's moves)


def _options(con: Any, d: rootlaw.Decision) -> None:
    """The decision and its options, numbered in the engine's order (the same numbers
    each time the same decision is shown)."""
    con.print(Text(f"\n[{faction_name(d.seat)}] {readable(d.prompt)}  (rule {d.rule})",
                   style="bold"))
    for i, o in enumerate(d.options, 1):
        con.print(Text(f"  {i:>2}. {readable(label(o))}"))


def _back_out(game: rootlaw.Game, me: str, before: list[rootlaw.Game],
              con: Any) -> rootlaw.Game | None:
    """The game before the person's last choice, if taking it back reveals nothing: the
    web's undo rules (rootlaw.server.play.undo: no one else decided since, nothing
    random, drawn or shown, the turn not passed); None, said why, if not."""
    if not before:
        con.print("nothing to take back")
        return None
    from rootlaw.server.play.undo import plan_undo
    from rootlaw.server.play.views import Views

    plan = plan_undo(game, me, Views(before[-1]))
    if plan.game is None:
        con.print(f"cannot take that back: {plan.reason}")
        return None
    con.print("(your last choice is taken back)")
    return plan.game


def _really_quit(inp: TextIO, out: TextIO, con: Any) -> bool:
    """q in a game with no file to save to: it would be lost, so ask (end of input: yes)."""
    con.print("This game is not saved (start with --save FILE). Quit anyway? [y/N] ", end="")
    out.flush()
    answer = inp.readline()
    return not answer or answer.strip().lower() in ("y", "yes")


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
                **flags.setup_options(args), **flags.seat_options(args)}, **flags.bot_options(args))
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
        args.save = args.save or args.load  # a loaded game goes on saving to its file
    else:
        game = unstarted(game)
        story.run(game)
    shown_turn = -1
    before: list[rootlaw.Game] = []  # the game before each of the person's latest choices
    while not game.is_over:
        d = game.decision
        assert d is not None
        me = story.me = game.factions[mine]  # the faction this seat drafted (A.8.2)
        if d.seat != me:
            choice = decide(agents[game.seat_of(d.seat)], game,
                            seed=args.seed * 1_000_003 + game.version)
            story.run(game, choice)
            continue
        story.tell(game, board_next=game.turn_no != shown_turn)
        if game.turn_no != shown_turn:
            con.print(tui.board(game.view(me), tui.paths_of(game)))
            shown_turn = game.turn_no
        _options(con, d)
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
                if not args.save and not _really_quit(inp, out, con):
                    continue
                _save(game, args.save, con)
                _rootlog(game, getattr(args, "rootlog", None), me, con)
                return 0
            if cmd in ("h", "b", "l"):
                if cmd == "h":
                    con.print(HELP)
                elif cmd == "b":
                    con.print(tui.board(game.view(me), tui.paths_of(game)))
                else:
                    story.recent(game)
                _options(con, d)  # the same decision: the same numbers
                continue
            if cmd == "u":
                back = _back_out(game, me, before, con)
                if back is None:
                    continue
                game = back
                before.pop()
                story.skip_to(game)
                if args.save:
                    Path(args.save).write_text(game.to_json(), encoding="utf-8")
                break
            if cmd == "s":
                if args.save:
                    _save(game, args.save, con)
                else:
                    con.print("start with --save FILE to save")
                continue
            if cmd.isdigit() and 1 <= int(cmd) <= len(d.options):
                before.append(game.copy())  # for u: the game as it was before this choice
                del before[:-BACK_STEPS]
                story.run(game, d.options[int(cmd) - 1])
                if args.save:
                    Path(args.save).write_text(game.to_json(), encoding="utf-8")
                break
            con.print(f"please enter a number from 1 to {len(d.options)} (or h for help)")
    story.tell(game)
    con.print(tui.board(game.view(me), tui.paths_of(game)))
    scores = ", ".join(f"{faction_name(f)} {n}" for f, n in game.scores.items())
    con.print(f"\nGame over: {' and '.join(map(faction_name, game.winners))} won by "
              f"{game.win_reason}. Scores: {scores}")
    _save(game, args.save, con)
    _rootlog(game, getattr(args, "rootlog", None), me, con)
    return 0


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
            "u back out of your last choice, "
            "s save, q quit\n\n"
            "example:\n  rootlaw play --factions marquise,electric_eyrie,automated_alliance,"
            "vagabot --faction marquise")


def add_parser(sub: Any) -> None:
    p = sub.add_parser("play", help="play a game in the terminal", epilog=play_epilog(),
                       formatter_class=flags.HelpFormatter)
    p.add_argument("--factions", default="marquise,eyrie",
                   help="comma-separated faction ids (listed below)")
    p.add_argument("--faction", help="the faction you play (default: the first seat)")
    p.add_argument("--vs", default="random",
                   help="agent for the other seats: easy, medium, hard, or random, heuristic, "
                   "mcts, mcts:0.5 ...")
    flags.setup_flags(p)
    p.add_argument("--seed", type=int, default=int(time.time()) % 100000,
                   help="the game's seed (by default one from the clock)")
    p.add_argument("--save", help="save the game to this JSON file after every decision")
    p.add_argument("--load", help="resume a game saved as JSON")
    p.add_argument("--quiet", action="store_true",
                   help="do not tell what the other seats did between your decisions")
    p.add_argument("--rootlog", metavar="FILE",
                   help="write the game as a Rootlog (the community's notation) when it "
                   "ends or you quit (docs/rootlog.md)")
    flags.bot_flags(p)
    p.set_defaults(run=run)


def run(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    return play(args)
