"""What differs between the two database engines (SQLite, PostgreSQL) outside the meaning of a
query: a new random UUID in SQL, SQLite's page cache for a long bulk write, and a database's
name in words. Queries mean the same on both engines; what differs in their SQL sits behind
expressions and lookups (``as_sqlite``, ``as_postgresql``), never behind a test of the engine in
app code.
"""

import json
from contextlib import contextmanager
from pathlib import Path

from django.db import connection
from django.db.models import BooleanField, Expression, ExpressionWrapper, Func, IntegerField, Q


def new_uuid_sql() -> str:
    """SQL giving a new random UUID for each row, as the column stores it."""
    if connection.vendor == "postgresql":
        return "gen_random_uuid()"
    return "lower(hex(randomblob(16)))"  # SQLite: Django keeps a UUID as 32 hex digits


@contextmanager
def roomy_page_cache():
    """On SQLite, a page cache of up to 1 GB on this connection for the block (the default is
    2 MB): a bulk write into every index of a large table in another order than the table's
    cannot go fast in the default cache. Nothing elsewhere."""
    if connection.vendor != "sqlite":
        yield
        return
    with connection.cursor() as cursor:
        cursor.execute("PRAGMA cache_size")
        (before,) = cursor.fetchone()
        cursor.execute("PRAGMA cache_size = -1000000")
    try:
        yield
    finally:
        with connection.cursor() as cursor:
            cursor.execute(f"PRAGMA cache_size = {int(before)}")


def describe_database() -> str:
    """The database the connection reads, in words ("the SQLite database /tmp/x.sqlite3")."""
    settings_dict = connection.settings_dict
    if connection.vendor == "sqlite":
        return f"the SQLite database {settings_dict['NAME']}"
    host = settings_dict.get("HOST") or "localhost"
    return f"the {connection.vendor} database {settings_dict['NAME']} on {host}"


def is_sqlite_file(path: Path) -> bool:
    """Whether the connection reads the SQLite file at ``path``."""
    if connection.vendor != "sqlite":
        return False
    name = str(connection.settings_dict["NAME"])
    return ":memory:" not in name and Path(name).resolve() == path.resolve()


class IdList(Expression):
    """A list of ids as one query parameter, the right side of ``pk__in``: a JSON array read by
    SQLite's ``json_each``, an array on PostgreSQL. Given a plain list, Django writes a
    placeholder and converts each value, which for the thousand ids of a results page costs
    more than the query."""

    output_field = IntegerField()

    def __init__(self, ids):
        super().__init__()
        self.ids = [int(pk) for pk in ids]

    def as_sql(self, compiler, connection):
        return "SELECT unnest(%s::bigint[])", [self.ids]

    def as_sqlite(self, compiler, connection):
        return "SELECT value FROM json_each(%s)", [json.dumps(self.ids)]


class Likely(Func):
    """A condition SQLite's query planner is told is almost always true (its ``likely()``), so
    that it does not let the condition change the plan (a results page ordered by an indexed
    column walks that index); the plain condition elsewhere."""

    template = "(%(expressions)s)"
    arity = 1
    output_field = BooleanField()

    def as_sqlite(self, compiler, connection, **extra):
        return super().as_sql(compiler, connection, template="likely(%(expressions)s)", **extra)


def likely(condition: Q) -> Q:
    return Q(Likely(ExpressionWrapper(condition, output_field=BooleanField())))
