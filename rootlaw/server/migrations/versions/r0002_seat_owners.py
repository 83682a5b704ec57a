"""Fill seat_owners from the games' seats column: seats bound to accounts before the
table existed (so that My games lists them)."""
from __future__ import annotations

import orjson
import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    conn = op.get_bind()
    have = {(g, s) for g, s in conn.execute(sa.text("SELECT game_id, seat FROM seat_owners"))}
    rows = []
    for gid, raw in conn.execute(sa.text("SELECT id, seats FROM games")):
        seats = orjson.loads(raw) if isinstance(raw, (str, bytes)) else raw
        for seat, s in (seats or {}).items():
            if s.get("account") is not None and (gid, seat) not in have:
                rows.append({"g": gid, "s": seat, "a": int(s["account"])})
    if rows:
        conn.execute(sa.text("INSERT INTO seat_owners (game_id, seat, account_id) "
                             "VALUES (:g, :s, :a)"), rows)


def downgrade() -> None:
    pass  # the rows stay right: they say what the seats column says
