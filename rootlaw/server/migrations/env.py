"""Alembic's environment for rootlaw's server database: run on the connection that
rootlaw.server.migrate hands over (no alembic.ini)."""
from __future__ import annotations

from alembic import context

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=None)
with context.begin_transaction():
    context.run_migrations()
