"""``rootlaw backup FILE`` and ``rootlaw restore FILE``: a server's database (games,
accounts, sessions, lobby, ratings, mail settings) to JSON lines and back, SQLite or
PostgreSQL on either side (rootlaw/server/backup.py)."""
from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

DB_HELP = ("the server's database: a SQLite file, sqlite:///PATH or postgresql://... "
           "(default: games.sqlite3 in the user's data dir, as rootlaw serve)")


def add_parser(sub: Any) -> None:
    b = sub.add_parser("backup", help="write the web server's database to a file")
    b.add_argument("file", type=Path)
    b.add_argument("--db", help=DB_HELP)
    b.set_defaults(run=run_backup)
    r = sub.add_parser("restore", help="load a backup into an empty database")
    r.add_argument("file", type=Path)
    r.add_argument("--db", help=DB_HELP)
    r.set_defaults(run=run_restore)
    m = sub.add_parser("migrate", help="bring the web server's database to the latest "
                       "schema (rootlaw serve does it at start)")
    m.add_argument("--db", help=DB_HELP)
    m.set_defaults(run=run_migrate)


def run_migrate(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    from rootlaw.server.migrate import upgrade
    from rootlaw.server.play.store import default_url

    print(f"at revision {upgrade(args.db or default_url())}")
    return 0


def run_backup(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    from rootlaw.server.backup import backup
    from rootlaw.server.play.store import default_url

    print(f"{backup(args.db or default_url(), args.file)} rows written to {args.file}")
    return 0


def run_restore(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    from rootlaw.server.backup import restore
    from rootlaw.server.play.store import default_url

    try:
        n = restore(args.db or default_url(), args.file)
    except (ValueError, OSError) as e:
        parser.error(str(e))
    print(f"{n} rows restored from {args.file}")
    return 0
