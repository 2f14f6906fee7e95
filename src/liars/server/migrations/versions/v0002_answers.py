"""Held challenge-window answers (answers waiting for the seats before them).

Revision ID: 0002
Revises: 0001
"""

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "liars_answers",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("liars_tables.id"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("opened", sa.Integer, nullable=False),
        sa.Column("action", sa.Text, nullable=False),
        sa.Column("by", sa.String(8), nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("liars_answers")
