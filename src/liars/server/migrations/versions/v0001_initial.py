"""Tables, seats and the append-only action log.

Revision ID: 0001
Revises:
"""

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "liars_tables",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("seed", sa.BigInteger, nullable=False),
        sa.Column("options", sa.Text, nullable=False),
        sa.Column("settings", sa.Text, nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("rematch", sa.String(32), nullable=True),
        sa.Column("owner", sa.String(128), nullable=True),
        sa.Column("lease", sa.Float, nullable=True),
        sa.Column("created", sa.Float, nullable=False),
    )
    op.create_table(
        "liars_seats",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("liars_tables.id"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("level", sa.String(16), nullable=True),
        sa.Column("name", sa.String(64), nullable=True),
        sa.Column("token_hash", sa.String(64), nullable=True),
    )
    op.create_table(
        "liars_actions",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("liars_tables.id"), primary_key=True),
        sa.Column("n", sa.Integer, primary_key=True),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("action", sa.Text, nullable=False),
        sa.Column("by", sa.String(8), nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )
    op.create_index("liars_tables_status", "liars_tables", ["status"])


def downgrade() -> None:
    op.drop_index("liars_tables_status", "liars_tables")
    op.drop_table("liars_actions")
    op.drop_table("liars_seats")
    op.drop_table("liars_tables")
