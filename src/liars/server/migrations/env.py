"""Alembic environment: the server hands over its own connection (see ``store._upgrade``)."""

from alembic import context

VERSION_TABLE = "liars_alembic_version"

connection = context.config.attributes.get("connection")
if connection is None:
    raise RuntimeError("run the migrations through liars.server.store (liars serve does it at start)")
context.configure(connection=connection, version_table=VERSION_TABLE)
with context.begin_transaction():
    context.run_migrations()
