"""Flags and option builders several subcommands share (setup, seats, bots, scale)."""
from __future__ import annotations

import argparse
import sys
from typing import Any

import rootlaw
from rootlaw.agents import make_agent


class HelpFormatter(argparse.RawDescriptionHelpFormatter):
    """Help that shows each option's default (where it has one) and keeps the epilog's
    lines."""

    def _get_help_string(self, action: argparse.Action) -> str | None:
        text = action.help or ""
        if action.default not in (None, False, argparse.SUPPRESS) and "default" not in text:
            text += " (default: %(default)s)"
        return text


def agents(items: list[str] | None) -> dict[str, str]:
    out = {}
    for item in items or []:
        f, eq, spec = item.partition("=")
        if not eq:
            raise ValueError(f"--agent {item!r}: expected FACTION=AGENT")
        make_agent(spec)  # check it now, not in a worker
        out[f] = spec
    return out


def progress(disable: bool) -> Any:
    from tqdm import tqdm

    def wrap(it: Any, total: int) -> Any:
        return tqdm(it, total=total, unit="game", disable=disable, file=sys.stderr)

    return wrap


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


def setup_flags(p: argparse.ArgumentParser) -> None:
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


def bot_flags(p: argparse.ArgumentParser) -> None:
    p.add_argument("--bot-difficulty", action="append", metavar="BOT=LEVEL",
                   help="easy, default, challenging or nightmare (Rootbotics 3.3.1)")
    p.add_argument("--bot-trait", action="append", metavar="BOT=TRAIT",
                   help="a trait card for a bot (Rootbotics 3.3.2); repeatable")
    p.add_argument("--cooperative", action="store_true",
                   help="fully cooperative play: the humans against the bots")


def scale_flags(p: argparse.ArgumentParser) -> None:
    p.add_argument("--workers", type=int, default=1,
                   help="processes to play on (default 1; the results do not depend on it)")
    p.add_argument("--ray", nargs="?", const="", default=None, metavar="ADDRESS",
                   help="play on a Ray cluster: a local one without ADDRESS (--workers CPUs), "
                   "else the cluster's address (e.g. auto or ray://host:10001)")
