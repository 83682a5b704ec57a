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
from rootlaw.core.options import card_name, label

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
    for c in view["clearings"]:
        warriors = ", ".join(f"{f} {n}" for f, n in c["warriors"].items())
        bld = ", ".join(f"{k}" if o == "ruin" else f"{o}:{k}" for o, k in c["buildings"])
        tok = ", ".join(f"{o}:{k}" for o, k in c["tokens"])
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
    for forest in view.get("forests", []):
        if forest["pawns"]:
            out.append(f"   forest {forest['id']}: {', '.join(forest['pawns'])} pawn")
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
        if "hand" in p:
            out.append(f"           your hand: {', '.join(card_name(c) for c in p['hand'])}")
    if view["available_dominance"]:
        out.append("available dominance: " + ", ".join(map(card_name, view["available_dominance"])))
    return "\n".join(out)


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
    bots = {f: make_agent(args.vs, args.seed + i) for i, f in enumerate(game.factions) if f != me}
    print(f"You play {me}. Seats in turn order: {', '.join(game.factions)}. 'h' for help.",
          file=out)
    shown_turn = -1
    while not game.is_over:
        d = game.decision
        assert d is not None
        if d.seat != me:
            bot = bots[d.seat]
            choice = bot.choose(game.view(d.seat) if bot.needs_view else {}, d.options)
            if not args.quiet:
                print(f"  {d.seat}: {label(choice)}", file=out)
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
def simulate(args: argparse.Namespace, out: TextIO = sys.stdout) -> int:
    from tqdm import tqdm

    from rootlaw.sim import Summary, format_report
    from rootlaw.sim import simulate as run

    factions = args.factions.split(",")
    try:
        bots = {**setup_options(args), **bot_options(args)}  # new_game's options
        rootlaw.new_game(factions=factions, map=args.map, seed=0, **bots)
    except rootlaw.SetupError as e:
        print(f"cannot simulate: {e}", file=out)
        return 2
    agents = dict(a.split("=", 1) for a in args.agent) if args.agent else None
    summary = Summary(factions)
    t0 = time.perf_counter()
    games = run(factions, args.games, args.seed, agents, args.max_turns, args.map, bots)
    for r in tqdm(games, total=args.games, unit="game", disable=args.no_progress,
                  file=sys.stderr):
        summary.add(r)
    summary.wall = time.perf_counter() - t0
    rep = summary.report()
    if args.json:
        print(json.dumps(rep, indent=2), file=out)
    else:
        print(format_report(rep), file=out)
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
    p.add_argument("--vs", default="random", help="agent for the other seats (random)")
    _setup_flags(p)
    p.add_argument("--seed", type=int, default=int(time.time()) % 100000)
    p.add_argument("--save", help="save the game to this JSON file after every decision")
    p.add_argument("--load", help="resume a game saved as JSON")
    p.add_argument("--quiet", action="store_true", help="do not print the other seats' choices")
    _bot_flags(p)

    s = sub.add_parser("simulate", help="play many games between agents, print statistics")
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
    _bot_flags(s)

    w = sub.add_parser("serve", help="start the web app")
    w.add_argument("--host", default="127.0.0.1")
    w.add_argument("--port", type=int, default=8000)
    w.add_argument("--db", help="where games are stored: a SQLite file, sqlite:///PATH or "
                   "postgresql://USER@HOST/DB (default: games.sqlite3 in the user's data dir)")
    w.add_argument("--agent-delay", type=float, default=0.8, metavar="SECONDS",
                   help="pause before each agent move, so people can follow (default 0.8)")

    args = parser.parse_args(argv)
    if args.command == "play":
        return play(args)
    if args.command == "simulate":
        return simulate(args)
    if args.command == "serve":
        from rootlaw.server import serve as run_server

        run_server(host=args.host, port=args.port, db=args.db, agent_delay=args.agent_delay)
        return 0
    parser.print_help()
    return 0


if __name__ == "__main__":
    sys.exit(main())
