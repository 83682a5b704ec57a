"""Baseline: the server's tables as of issue 57 (games, decisions, requests, seat
owners, deadlines, reminders; accounts, sessions, login failures, server keys; the
lobby; ratings; mail). Databases made before migrations existed hold some of them
already: each table is created only if missing, so they are brought to this revision
as they are. Later revisions change the schema with explicit operations."""
from __future__ import annotations

from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    from rootlaw.server.backup import METADATA

    for md in METADATA:
        md.create_all(op.get_bind(), checkfirst=True)


def downgrade() -> None:
    from rootlaw.server.backup import METADATA

    for md in reversed(METADATA):
        md.drop_all(op.get_bind())
