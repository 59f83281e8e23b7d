"""A text column whose ``contains`` reads a substring index: SQLite's FTS5 trigram table.

``Q(search_name__contains="fulmine")`` on a ``SearchedText`` column is, on SQLite,
``card_id IN (SELECT rowid FROM <table>_fts WHERE <table>_fts MATCH 'search_name: "fulmine"')``:
the trigram tokenizer turns the quoted phrase into its consecutive trigrams, so the match is
exactly a substring, as ``LIKE '%fulmine%'`` is. A value shorter than three characters has no
trigram and is looked for with ``LIKE`` on the column. The index pays for selective values:
one that half the cards hold ("creature" in a type line) costs more through FTS5, which reads
and intersects a long list per trigram, than a scan of the column's covering index; its
condition asks for ``scan`` (``Q(search_type__scan="creature")``), the plain ``LIKE``.
PostgreSQL runs the plain ``LIKE`` for both, which its planner reads through the column's
pg_trgm GIN index or not. The FTS table and the triggers that keep it are made by a migration
(``fts_statements``). A later migration that alters the row table on SQLite rebuilds it, which
drops its triggers: it must make them again (``fts_statements``), or
``oracle.tests.test_substring_search`` fails.
"""

from django.db import models
from django.db.models import BooleanField, Expression, F
from django.db.models.lookups import Contains, Lookup

TRIGRAM = 3


def fts_table(model) -> str:
    return f"{model._meta.db_table}_fts"


class SearchedText(models.TextField):
    """A TextField in its model's FTS5 table on SQLite."""


@SearchedText.register_lookup
class IndexedContains(Contains):
    lookup_name = "contains"

    def as_sqlite(self, compiler, connection):
        value = self.rhs
        if (
            not isinstance(value, str)
            or len(value) < TRIGRAM
            or not isinstance(self.lhs, models.expressions.Col)
        ):
            return super().as_sql(compiler, connection)
        return fts_match(compiler, [(self.lhs, value)])


def fts_match(compiler, indexed) -> tuple[str, list]:
    """``row IN (SELECT rowid FROM <fts> WHERE <fts> MATCH ...)`` for ``indexed``, (column,
    text of three characters or more) pairs of one table, each text a phrase in its column."""
    first = indexed[0][0]
    model = first.target.model
    quote = compiler.quote_name_unless_alias
    table = quote(fts_table(model))
    row_id = f"{quote(first.alias)}.{quote(model._meta.pk.column)}"
    match = " AND ".join(
        f'{column.target.column}: "{text.replace('"', '""')}"' for column, text in indexed
    )
    return f"{row_id} IN (SELECT rowid FROM {table} WHERE {table} MATCH %s)", [match]


class AllSubstrings(Lookup):
    """Each of ``terms`` ((SearchedText field, folded text) pairs) is in its column: on SQLite
    one MATCH of the FTS5 table for all of them, which intersects the trigram lists inside the
    index, rarest first (``kw:flying s:fut`` reads "fut" once, not two lists of thousands of
    cards each intersected by SQLite); a text under three characters is a LIKE beside it. On
    PostgreSQL the LIKEs side by side, each through its trigram index.

    A Lookup, not a plain expression, so that a filter takes it as it is: Django compares any
    other expression with true ("... IN (...) = 1"), which SQLite cannot look rows up by.
    """

    lookup_name = "all_substrings"
    output_field = BooleanField()
    resolve_expression = Expression.resolve_expression

    def __init__(self, terms):
        Expression.__init__(self)
        self.terms = tuple(terms)
        self.columns = [F(field) for field, _ in self.terms]

    @property
    def identity(self):
        return (self.__class__, self.terms)

    def get_source_expressions(self):
        return self.columns

    def set_source_expressions(self, expressions):
        self.columns = list(expressions)

    def as_sql(self, compiler, connection):
        parts, params = [], []
        for column, (_, text) in zip(self.columns, self.terms, strict=True):
            sql, column_params = compiler.compile(column)
            parts.append(f"{sql} {connection.operators['contains']}")
            params += [*column_params, f"%{connection.ops.prep_for_like_query(text)}%"]
        return "(" + " AND ".join(parts) + ")", params

    def as_sqlite(self, compiler, connection):
        indexed = [
            (column, text)
            for column, (_, text) in zip(self.columns, self.terms, strict=True)
            if len(text) >= TRIGRAM
        ]
        if not indexed:
            return self.as_sql(compiler, connection)
        short = [term for term in self.terms if len(term[1]) < TRIGRAM]
        sql, params = fts_match(compiler, indexed)
        if not short:
            return sql, params
        rest_sql, rest_params = (
            AllSubstrings(short).resolve_expression(compiler.query).as_sql(compiler, connection)
        )
        return f"({sql} AND {rest_sql})", [*params, *rest_params]


@SearchedText.register_lookup
class ScannedContains(Contains):
    """``contains`` read by scanning the column, for a value most rows hold."""

    lookup_name = "scan"

    def get_rhs_op(self, connection, rhs):
        return connection.operators["contains"] % rhs


def fts_statements(model) -> tuple[list[str], list[str]]:
    """(create, drop): the SQLite statements of ``model``'s FTS5 table over its SearchedText
    columns (external content: the table's rows, by primary key) and the triggers that keep
    it, and those that drop them."""
    table = model._meta.db_table
    fts = fts_table(model)
    key = model._meta.pk.column
    columns = [field.column for field in model._meta.fields if isinstance(field, SearchedText)]
    names = ", ".join(columns)
    new = ", ".join(f"new.{column}" for column in columns)
    old = ", ".join(f"old.{column}" for column in columns)
    remove = f"INSERT INTO {fts} ({fts}, rowid, {names}) VALUES ('delete', old.{key}, {old});"
    add = f"INSERT INTO {fts} (rowid, {names}) VALUES (new.{key}, {new});"
    changed = " OR ".join(f"old.{column} IS NOT new.{column}" for column in columns)
    create = [
        f"CREATE VIRTUAL TABLE {fts} USING fts5({names}, content='{table}', "
        f"content_rowid='{key}', tokenize='trigram')",
        f"CREATE TRIGGER {fts}_insert AFTER INSERT ON {table} BEGIN {add} END",
        f"CREATE TRIGGER {fts}_delete AFTER DELETE ON {table} BEGIN {remove} END",
        f"CREATE TRIGGER {fts}_update AFTER UPDATE ON {table} "
        f"WHEN old.{key} IS NOT new.{key} OR {changed} BEGIN {remove} {add} END",
        f"INSERT INTO {fts} ({fts}) VALUES ('rebuild')",
    ]
    drop = [
        *(f"DROP TRIGGER IF EXISTS {fts}_{event}" for event in ("insert", "delete", "update")),
        f"DROP TABLE IF EXISTS {fts}",
    ]
    return create, drop
