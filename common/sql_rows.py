"""Model instances from hand-written SQL, for pages where building a query costs more than
running it (a card's page: a dozen small indexed queries, each cheaper in the database than in
Django's query compiler).

``ModelColumns(Card, "c")`` is the select list of a model's columns under a table alias
(``c."id", c."name", ...``), less those left out (they come back deferred, as with
``.defer()``; ``keep`` names the only ones read, as ``.only()`` does); ``instance(values)``
makes a model instance of that part of a row, each value converted as Django's own queries
convert it (dates and booleans on SQLite, JSON, decimals).
``fetch(sql, params)`` runs a query, its parameters always passed to the cursor, never written
into the SQL. ``fetch_together([(sql, params), ...])`` runs a few queries whose parameters do not
depend on each other's rows, as one query of several statements where the driver takes one
(PostgreSQL through psycopg 3, which binds the parameters in the client), else one by one
(SQLite, in the same process, has no round trip to save): the database answers a page's
statements in one wait instead of one each.

``FixedValues`` asks a few queries of one value each, whose SQL never changes, in one statement
(``SELECT (q1), (q2), ...``): every page's frame asks the data version and the date of each kind
of data. Their definitions stay in the ORM, where a reader looks for them; Django builds the SQL
once per process, and the database answers them in one round trip instead of one each::

    FRAME = FixedValues(lambda: [Thing.objects.filter(shown=True).values_list("day")[:1], ...])
    FRAME.row()   # ("2026-04-17", ...)
    FRAME.statement()   # its (sql, params), to send with a page's own

A query without a row gives None. The values are what the database driver gives, without
Django's conversions; SQLite gives a subquery's value without its column's type (a date or a
date-time as text), so a caller casts to text what it reads the same way on both databases."""

import re
from collections.abc import Callable, Iterable, Mapping, Sequence

from django.db import connection
from django.db.models import Model, QuerySet
from django.db.models.base import ModelState
from django.db.models.signals import post_init, pre_init
from django.utils.functional import cached_property

# A named placeholder, or an escaped percent sign (left as it is).
NAMED_PLACEHOLDER = re.compile(r"%%|%\((\w+)\)s")


def fetch(sql: str, params: Sequence = ()) -> list[tuple]:
    """Every row ``sql`` returns with ``params`` (``%s`` placeholders)."""
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.fetchall()


def fetch_together(statements: Sequence[tuple[str, Sequence]]) -> list[list[tuple]]:
    """Every row of each of ``statements`` ((sql, params)), in their order."""
    if not sends_together():
        return [fetch(sql, params) for sql, params in statements]
    with connection.cursor() as cursor:
        cursor.execute(
            "\n;\n".join(sql for sql, _params in statements),  # after any last line's comment
            [value for _sql, params in statements for value in params],
        )
        results = [cursor.fetchall()]
        while cursor.nextset():
            results.append(cursor.fetchall())
    return results


def positional(sql: str, params: Mapping) -> tuple[str, list]:
    """``sql`` written with named placeholders (``%(name)s``) and their ``params``, as the same
    statement with ``%s`` placeholders and a list: what ``fetch_together`` can send with
    others as one query (a name may be used more than once)."""
    values = []

    def placeholder(match):
        if match[1] is None:
            return match[0]
        values.append(params[match[1]])
        return "%s"

    return NAMED_PLACEHOLDER.sub(placeholder, sql), values


def is_psycopg3() -> bool:
    from django.db.backends.postgresql.psycopg_any import is_psycopg3

    return is_psycopg3


def sends_together() -> bool:
    """Whether ``fetch_together`` sends its statements as one query: on PostgreSQL through
    psycopg 3 binding parameters in the client (Django's default; bound on the server, a query
    may hold one statement only)."""
    return (
        connection.vendor == "postgresql"
        and is_psycopg3()
        and not connection.settings_dict["OPTIONS"].get("server_side_binding")
    )


class ModelColumns:
    """The columns of ``model`` a query selects under ``alias``, and its instances from them."""

    def __init__(
        self,
        model: type[Model],
        alias: str,
        leave_out: Iterable[str] = (),
        keep: Iterable[str] | None = None,
    ):
        """Every column but those of ``leave_out``; only the id and ``keep``'s when given."""
        fields = model._meta.concrete_fields
        if keep is not None:
            kept = {model._meta.pk.attname, *keep}
            leave_out = [field.attname for field in fields if field.attname not in kept]
        left_out = set(leave_out)
        self.model = model
        self.alias = alias
        self.fields = [field for field in fields if field.attname not in left_out]
        self.names = [field.attname for field in self.fields]
        self.width = len(self.fields)
        self._converters = None

    @cached_property
    def sql(self) -> str:
        """``alias."column", ...`` in the model's field order."""
        quote = connection.ops.quote_name
        return ", ".join(f"{self.alias}.{quote(field.column)}" for field in self.fields)

    def converters(self) -> list[tuple[int, list, object]]:
        """[(position, converters, column expression)] of the fields whose values need one."""
        if self._converters is None:
            found = []
            for position, field in enumerate(self.fields):
                column = field.get_col(self.alias)
                converters = connection.ops.get_db_converters(column)
                converters += field.get_db_converters(connection)
                if converters:
                    found.append((position, converters, column))
            self._converters = found
        return self._converters

    def instance(self, values: Sequence, start: int = 0, listened: bool | None = None):
        """The instance made of ``values[start:start + width]``, as ``Model.from_db`` makes
        it. Where nothing listens to the model's init signals (which ``Model.__init__`` sends;
        ``listened``, when the caller asked already), its fields are set directly, as
        unpickling does: a card page makes a few hundred."""
        values = list(values[start : start + self.width])
        for position, converters, column in self.converters():
            value = values[position]
            for converter in converters:
                value = converter(value, column, connection)
            values[position] = value
        model = self.model
        if listened is None:
            listened = self.listened()
        if listened:
            return model.from_db(connection.alias, self.names, values)
        instance = model.__new__(model)
        # A column left out stays deferred (not in __dict__).
        instance.__dict__.update(zip(self.names, values, strict=True))
        state = instance._state = ModelState()
        state.adding = False
        state.db = connection.alias
        return instance

    def listened(self) -> bool:
        """Whether anything listens to the model's init signals."""
        return pre_init.has_listeners(self.model) or post_init.has_listeners(self.model)

    def instances(self, rows: Iterable[Sequence], start: int = 0) -> list:
        listened = self.listened()
        return [self.instance(row, start, listened) for row in rows]


class FixedValues:
    def __init__(self, build: Callable[[], Sequence[QuerySet]]):
        self._build = build
        self._statement: tuple[str, tuple] | None = None

    def statement(self) -> tuple[str, tuple]:
        """(sql, params) of the one statement (to send with others: ``fetch_together``)."""
        if self._statement is None:
            parts = [queryset.query.sql_with_params() for queryset in self._build()]
            sql = "SELECT " + ", ".join(f"({part})" for part, _ in parts)
            self._statement = sql, tuple(value for _, params in parts for value in params)
        return self._statement

    def row(self) -> tuple:
        return fetch(*self.statement())[0]
