"""Queries whose SQL never changes, built by Django once per process and then run as they are.

Every public page asks a few such questions (the data version, the date of the card data, the
rules editions' dates) before it shows anything, and Django takes longer to build each query than
the database takes to answer it (about 0.4 ms against 0.03 on SQLite). A ``FixedQuery`` keeps
the query's definition in the ORM, where a reader looks for it, and runs the SQL Django wrote
for it the first time::

    NEWEST = FixedQuery(lambda: Thing.objects.filter(shown=True).values_list("day")[:1])
    NEWEST.rows()   # [(date(2026, 4, 17),)]

The rows are what the database driver gives, without Django's conversions: on SQLite a
date-time comes back without its time zone (UTC), a boolean as 0 or 1.
"""

from collections.abc import Callable

from django.db import connection
from django.db.models import QuerySet


class FixedQuery:
    def __init__(self, build: Callable[[], QuerySet]):
        self._build = build
        self._statement: tuple[str, tuple] | None = None

    def rows(self) -> list[tuple]:
        if self._statement is None:
            self._statement = self._build().query.sql_with_params()
        with connection.cursor() as cursor:
            cursor.execute(*self._statement)
            return cursor.fetchall()
