"""``rootlaw serve``: the web app."""
from __future__ import annotations

import argparse
from typing import Any


def add_parser(sub: Any) -> None:
    w = sub.add_parser("serve", help="start the web app")
    w.add_argument("--host", default="127.0.0.1")
    w.add_argument("--port", type=int, default=8000)
    w.add_argument("--db", help="where games are stored: a SQLite file, sqlite:///PATH or "
                   "postgresql://USER@HOST/DB (default: games.sqlite3 in the user's data dir)")
    w.add_argument("--agent-delay", type=float, default=0.8, metavar="SECONDS",
                   help="pause before each agent move, so people can follow (default 0.8)")
    w.add_argument("--workers", type=int, default=1, metavar="N",
                   help="server processes sharing one PostgreSQL store (default 1)")
    w.set_defaults(run=run)


def run(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    from rootlaw.server import serve as run_server

    try:
        run_server(host=args.host, port=args.port, db=args.db,
                   agent_delay=args.agent_delay, workers=args.workers)
    except ValueError as e:
        parser.error(str(e))
    return 0
