"""The `rootlaw` command line: play in the terminal, simulate, serve the web app."""
from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any, TextIO

import rootlaw
from rootlaw.agents import make_agent
from rootlaw.agents.base import decide
from rootlaw.core.options import card_name, label, public_label

HELP = """Enter the number of an option. Other commands:
  b  show the board again      h  this help
  s  save now (to --save)      q  quit (saves first with --save)"""


# ----------------------------------------------------------------- rendering
def render(view: dict[str, Any]) -> str:
    """The board, scores and (your own) hand as text, from a seat's view."""
    out = []
    turn = view["turn_player"] or "-"
    out.append(f"=== turn {view['turn']} ({turn}, {view['phase']}) "
               f"| deck {view['deck_size']} | discard {len(view['discard'])} ===")
    out += map_lines(view)
    face_down = face_down_kinds(view)
    for c in view["clearings"]:
        warriors = ", ".join(f"{f} {n}" for f, n in c["warriors"].items())
        bld = ", ".join(f"{k}" if o == "ruin" else f"{o}:{k}" for o, k in c["buildings"])
        tok = ", ".join(token_text(o, k, c["id"], face_down) for o, k in c["tokens"])
        pawns = ", ".join(f"{f} pawn" for f in c.get("pawns", []))
        warriors = ", ".join(p for p in (warriors, pawns) if p)
        ruler = f" ruled by {c['ruler']}" if c["ruler"] else ""
        free = c["slots"] - len(c["buildings"])
        marks = "".join(f" [{m}]" for m, on in (
            ("Ferry", view.get("ferry") == c["id"]), ("the Pass", view.get("the_pass") == c["id"]),
            ("coastal", c["id"] in view.get("coastal", ()))) if on)
        out.append(f"{c['id']:>2} {c['suit']:<6} slots {free}/{c['slots']}{ruler}{marks}")
        parts = [p for p in (warriors, bld, tok) if p]
        if parts:
            out.append("     " + " | ".join(parts))
    burrow = view.get("burrow")
    if burrow:  # 12.2.2: off the map, adjacent to each tunnel's clearing
        warriors = ", ".join(f"{f} {n}" for f, n in burrow["warriors"].items())
        near = ", ".join(map(str, burrow["adjacent"])) or "none"
        out.append(f"{burrow['id']:>2} the Burrow (unsuited, off the map) ruled by "
                   f"{burrow['ruler']} | adjacent: {near}")
        if warriors:
            out.append("     " + warriors)
    for i, forest in enumerate(view.get("forests", [])):
        if forest["pawns"]:
            out.append(f"   forest {forest['id']}: {', '.join(forest['pawns'])} pawn")
        if forest.get("tokens"):  # 15.2.1 relics: face down, only the type shows
            shown = ", ".join(f"{p[0]}:{p[1]}" for p in forest["tokens"])
            out.append(f"   forest {i} ({forest['id']}): {shown}")
    if view.get("quests"):
        out.append(f"quests: {', '.join(view['quests'])}")
    for f, p in view["players"].items():
        extra = p["faction"]
        line = f"{f:<10} {p['score']:>2} VP  hand {p['hand_size']}"
        if p["dominance"]:
            line += f"  dominance: {card_name(p['dominance'])}"
        if p["items"]:
            line += f"  items: {', '.join(p['items'])}"
            if p.get("items_exhausted"):
                line += f" (exhausted: {', '.join(p['items_exhausted'])})"
        if p.get("warriors_on_coffin_makers"):
            line += f"  on Coffin Makers: {p['warriors_on_coffin_makers']} warrior(s)"
        if p["play_area"]:
            line += f"  in play: {', '.join(card_name(c) for c in p['play_area'])}"
        out.append(line)
        if "decree" in extra:
            decree = "; ".join(f"{k}: {', '.join(card_name(c) for c in v) or '-'}"
                               for k, v in extra["decree"].items())
            out.append(f"           leader {extra['leader']} | decree {decree}")
        if "swayed" in extra:  # the Underground Duchy (12.5.2, 12.5.3)
            crowns = ", ".join(f"{r} {n}" for r, n in extra["crowns_on_board"].items())
            out.append(f"           swayed: {', '.join(extra['swayed']) or '-'}"
                       f" | crowns on board: {crowns}")
            if extra["revealed"]:
                out.append("           revealed: "
                           + ", ".join(card_name(c) for c in extra["revealed"]))
        if "hoard" in extra:  # the Lord of the Hundreds (14.2.4, 14.7)
            out.append(f"           warlord in {extra['warlord'] or '-'} | mood {extra['mood']}"
                       f" | Hoard command: {', '.join(extra['hoard']['command']) or '-'}"
                       f"; prowess: {', '.join(extra['hoard']['prowess']) or '-'}")
        if "relationships" in extra and isinstance(extra.get("items"), dict):  # Vagabond
            items = "; ".join(f"{i} " + ", ".join(f"{n} {k}" for k, n in sides.items() if n)
                              for i, sides in extra["items"].items())
            rel = ", ".join(f"{k} {v}" for k, v in extra["relationships"].items())
            out.append(f"           {extra['character']} at {extra['pawn']} | items: {items}")
            out.append(f"           relationships (-1 hostile .. 3 allied): {rel}")
        elif "decree" not in extra:  # any other faction or bot: its public scalars
            line = ", ".join(f"{k} {v}" for k, v in extra.items()
                             if v is not None and not isinstance(v, dict | list))
            if line:
                out.append(f"           {line}")
            if isinstance(extra.get("supply"), dict) and "face_down" in extra:  # your plots
                out.append("           plots in your supply: " + (", ".join(
                    f"{k} {n}" for k, n in extra["supply"].items()) or "none"))
        if "hand" in p:
            out.append(f"           your hand: {', '.join(card_name(c) for c in p['hand'])}")
    if view["available_dominance"]:
        out.append("available dominance: " + ", ".join(map(card_name, view["available_dominance"])))
    return "\n".join(out)


def face_down_kinds(view: dict[str, Any]) -> dict[str, tuple[str, dict[str, Any] | None]]:
    """Per faction with face-down tokens (13.2.2 plots): their map kind, and what they
    are where this view may see it (None: the seat sees only their backs)."""
    out: dict[str, tuple[str, dict[str, Any] | None]] = {}
    for f, p in view["players"].items():
        fd = (p.get("faction") or {}).get("face_down")
        if isinstance(fd, dict):
            out[f] = (str(fd["kind"]), fd.get("identities"))
    return out


def token_text(owner: str, kind: str, c: int,
               face_down: dict[str, tuple[str, dict[str, Any] | None]]) -> str:
    """A token on the board: a face-down one as ``?``, or what it is to a seat that
    may see it (``corvids:?bomb``)."""
    hidden = face_down.get(owner)
    if hidden is None or kind != hidden[0]:
        return f"{owner}:{kind}"
    known = (hidden[1] or {}).get(str(c))
    return f"{owner}:?" + ("/".join(known) if known else "")


def map_lines(view: dict[str, Any]) -> list[str]:
    """The map's state in play (Appendix C): closed paths still on the map (C.3.2), the
    Ferry (C.2.5), the Pass (C.3.4); and the clearings adjacent now, for reference."""
    out = [f"map {view['map']}"]
    if view.get("closed_paths"):
        out[0] += " | closed paths: " + ", ".join(f"{a}-{b}" for a, b in view["closed_paths"])
    if view.get("ferry"):
        out[0] += f" | Ferry in {view['ferry']} (lake: {', '.join(map(str, view['coastal']))})"
    if view.get("the_pass"):
        out[0] += f" | the Pass: {view['the_pass']}"
    return out


# ---------------------------------------------------------------------- play
def _save(game: rootlaw.Game, path: str | None, out: TextIO) -> None:
    if path:
        Path(path).write_text(game.to_json(), encoding="utf-8")
        print(f"(saved to {path})", file=out)


def play(args: argparse.Namespace, inp: TextIO = sys.stdin, out: TextIO = sys.stdout) -> int:
    if args.load:
        try:
            game = rootlaw.Game.from_json(Path(args.load).read_text(encoding="utf-8"))
        except (OSError, rootlaw.LoadError) as e:
            print(f"cannot load {args.load}: {e}", file=out)
            return 2
    else:
        try:
            game = rootlaw.new_game(factions=args.factions.split(","), map=args.map,
                                    seed=args.seed, **setup_options(args), **bot_options(args))
        except rootlaw.SetupError as e:
            print(f"cannot start: {e}", file=out)
            return 2
    me = args.faction or next((f for f, fd in zip(game.factions, game.fdefs, strict=True)
                               if not fd.is_bot), game.factions[0])
    if me not in game.factions:
        print(f"--faction {me!r} is not in this game ({', '.join(game.factions)})", file=out)
        return 2
    try:
        bots = {f: make_agent(args.vs, args.seed + i) for i, f in enumerate(game.factions)
                if f != me}
    except ValueError as e:
        print(f"--vs: {e}", file=out)
        return 2
    print(f"You play {me}. Seats in turn order: {', '.join(game.factions)}. 'h' for help.",
          file=out)
    shown_turn = -1
    while not game.is_over:
        d = game.decision
        assert d is not None
        if d.seat != me:
            choice = decide(bots[d.seat], game, seed=args.seed * 1_000_003 + game.version)
            if not args.quiet:  # what others may read of it (no face-down plot's type)
                print(f"  {d.seat}: {public_label(choice)}", file=out)
            game.apply(choice)
            continue
        if game.turn_no != shown_turn:
            print(render(game.view(me)), file=out)
            shown_turn = game.turn_no
        print(f"\n[{d.seat}] {d.prompt}  (rule {d.rule})", file=out)
        for i, o in enumerate(d.options, 1):
            print(f"  {i:>2}. {label(o)}", file=out)
        while True:
            print("> ", end="", file=out, flush=True)
            line = inp.readline()
            if not line:  # end of input: save and stop
                _save(game, args.save, out)
                return 0
            cmd = line.strip().lower()
            if cmd == "q":
                _save(game, args.save, out)
                return 0
            if cmd == "h":
                print(HELP, file=out)
                continue
            if cmd == "b":
                print(render(game.view(me)), file=out)
                continue
            if cmd == "s":
                if args.save:
                    _save(game, args.save, out)
                else:
                    print("start with --save FILE to save", file=out)
                continue
            if cmd.isdigit() and 1 <= int(cmd) <= len(d.options):
                game.apply(d.options[int(cmd) - 1])
                if args.save:
                    Path(args.save).write_text(game.to_json(), encoding="utf-8")
                break
            print(f"please enter a number from 1 to {len(d.options)} (or h for help)", file=out)
    print(render(game.view(me)), file=out)
    print(f"\nGame over: {', '.join(game.winners)} won by {game.win_reason}. "
          f"Scores: {game.scores}", file=out)
    _save(game, args.save, out)
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

    factions = args.factions.split(",")
    maps = getattr(args, "map", "fall").split(",")
    try:
        bots = {**setup_options(args), **bot_options(args)}  # new_game's options
        deck = bots.pop("deck")
        for m in maps:
            rootlaw.new_game(factions=factions, map=m, deck=deck, seed=0, **bots)
        agents = _agents(args.agent)
    except (rootlaw.SetupError, ValueError) as e:
        print(f"cannot simulate: {e}", file=out)
        return 2
    unknown = sorted(set(agents) - set(factions))
    if unknown:
        print(f"cannot simulate: --agent for {', '.join(unknown)}, not in --factions", file=out)
        return 2
    workers = getattr(args, "workers", 1) or 1
    ray = getattr(args, "ray", None)
    specs = specs_for(factions, args.games, args.seed, agents, args.max_turns, maps,
                      (deck,), bots)
    summary = Summary(list(factions))
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
    comma-separated suits in clearing order (A.1)."""
    out: dict[str, Any] = {"deck": getattr(args, "deck", None) or "standard"}
    suits = getattr(args, "suits", None)
    if suits:
        out["suits"] = suits.split(",") if "," in suits else suits
    return out


def _setup_flags(p: argparse.ArgumentParser) -> None:
    p.add_argument("--map", default="fall", help="fall, winter, lake or mountain (Appendix C)")
    p.add_argument("--deck", default="standard", help="standard or exiles_partisans (A.2)")
    p.add_argument("--suits", help="the clearings' suits (A.1): printed (Fall's default), "
                   "random (the variant maps' default), balanced, or 12 comma-separated "
                   "suits in clearing order")


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


# ---------------------------------------------------------------------- main
def version_text() -> str:
    """The version and which build of the engine runs (docs/compiled_style.md)."""
    build = "compiled with mypyc" if rootlaw.BUILD == "compiled" else "pure Python"
    return f"rootlaw {rootlaw.__version__} ({build})"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="rootlaw", description="Root, by the Law of Root.")
    parser.add_argument("--version", action="version", version=version_text())
    sub = parser.add_subparsers(dest="command")

    p = sub.add_parser("play", help="play a game in the terminal")
    p.add_argument("--factions", default="marquise,eyrie", help="comma-separated faction ids")
    p.add_argument("--faction", help="the faction you play (default: the first seat)")
    p.add_argument("--vs", default="random",
                   help="agent for the other seats: random, heuristic, mcts, mcts:0.5 ...")
    _setup_flags(p)
    p.add_argument("--seed", type=int, default=int(time.time()) % 100000)
    p.add_argument("--save", help="save the game to this JSON file after every decision")
    p.add_argument("--load", help="resume a game saved as JSON")
    p.add_argument("--quiet", action="store_true", help="do not print the other seats' choices")
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

    w = sub.add_parser("serve", help="start the web app")
    w.add_argument("--host", default="127.0.0.1")
    w.add_argument("--port", type=int, default=8000)
    w.add_argument("--db", help="where games are stored: a SQLite file, sqlite:///PATH or "
                   "postgresql://USER@HOST/DB (default: games.sqlite3 in the user's data dir)")
    w.add_argument("--agent-delay", type=float, default=0.8, metavar="SECONDS",
                   help="pause before each agent move, so people can follow (default 0.8)")

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
    if args.command == "serve":
        from rootlaw.server import serve as run_server

        run_server(host=args.host, port=args.port, db=args.db, agent_delay=args.agent_delay)
        return 0
    parser.print_help()
    return 0


if __name__ == "__main__":
    sys.exit(main())
