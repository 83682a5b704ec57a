"""Schema migrations of the server's database with Alembic (issue 57): ``upgrade(url)``
brings a database (new, made before migrations, or of an older revision) to the latest
revision in rootlaw/server/migrations/versions/; ``rootlaw serve`` runs it once before
its workers start, ``rootlaw migrate`` on its own."""
from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from sqlalchemy.engine import Engine

from rootlaw.server.play.store import make_engine

SCRIPTS = Path(__file__).parent / "migrations"


def config() -> Config:
    cfg = Config()
    cfg.set_main_option("script_location", str(SCRIPTS))
    return cfg


def upgrade(url: str, revision: str = "head") -> str | None:
    """Upgrade the database at ``url``; its revision afterwards."""
    engine = make_engine(url)
    try:
        with engine.begin() as conn:
            cfg = config()
            cfg.attributes["connection"] = conn
            command.upgrade(cfg, revision)
        return current(engine)
    finally:
        engine.dispose()


def current(engine: Engine) -> str | None:
    """The database's revision (None: never migrated)."""
    with engine.connect() as conn:
        rev: str | None = MigrationContext.configure(conn).get_current_revision()
    return rev
