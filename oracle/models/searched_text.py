"""A text column searched for substrings through its engine's substring index.

``Q(search_name__substring="fulmine")`` on a ``SearchedText`` column: the column's text holds
"fulmine". The texts and the values looked for are folded (lower case, ``oracle.search
.normalize``), so the lookup means the same on both engines; only the index that answers it
differs:

- SQLite: ``card_id IN (SELECT rowid FROM <table>_fts WHERE <table>_fts MATCH 'search_name:
  "fulmine"')``. The FTS5 table's trigram tokenizer turns the quoted phrase into its
  consecutive trigrams, so the match is exactly a substring, as ``LIKE '%fulmine%'`` is. A
  value shorter than three characters has no trigram and is looked for with ``LIKE``.
- PostgreSQL: ``LIKE '%fulmine%'``, which the column's pg_trgm GIN index answers.

The index pays for selective values: one that half the cards hold ("creature" in a type line)
costs more through FTS5, which reads and intersects a long list per trigram, than a scan of the
column's covering index; its condition uses Django's own ``contains``, a ``LIKE`` on both
engines. ``Substring.all_of`` looks for several texts, each in its column, at once: on SQLite
one MATCH for all of them, which intersects the trigram lists inside the index, rarest first
(``kw:flying s:fut`` reads "fut" once, not two lists of thousands of cards each intersected by
SQLite).

The FTS table and the triggers that keep it are made by a migration (``fts_statements``). A
later migration that alters the row table on SQLite rebuilds it, which drops its triggers: it
must make them again (``fts_statements``), or
``oracle.tests.test_substring_search`` fails.
"""

from django.db import models
from django.db.models import Expression, F
from django.db.models.lookups import Lookup

TRIGRAM = 3


def fts_table(model) -> str:
    return f"{model._meta.db_table}_fts"


class SearchedText(models.TextField):
    """A TextField with a substring index (``substring``): in its model's FTS5 table on SQLite,
    a pg_trgm index on PostgreSQL."""


@SearchedText.register_lookup
class Substring(Lookup):
    """``column__substring=text``: ``text`` is in the column (see the module's docstring).
    Built by ``all_of``, it holds several (column, text) terms, all of which must hold."""

    lookup_name = "substring"
    prepare_rhs = False
    # Its columns are its source expressions (the texts are plain values): resolved as an
    # expression's, not as a lookup's left side alone.
    resolve_expression = Expression.resolve_expression

    def __init__(self, lhs, rhs):
        if not isinstance(rhs, str):
            raise TypeError(f"substring looks for a text, not {rhs!r}")
        super().__init__(lhs, rhs)
        self.texts = [rhs]
        self.columns = [self.lhs]

    @classmethod
    def all_of(cls, terms) -> "Substring":
        """Each text of ``terms`` ((field name, folded text) pairs) is in its column."""
        (field, text), *more = terms
        lookup = cls(F(field), text)
        lookup.columns += [F(name) for name, _ in more]
        lookup.texts += [value for _, value in more]
        return lookup

    @property
    def identity(self):
        return (self.__class__, tuple(map(repr, self.columns)), tuple(self.texts))

    def get_source_expressions(self):
        return self.columns

    def set_source_expressions(self, expressions):
        self.columns = list(expressions)
        self.lhs = self.columns[0]

    def terms(self):
        return list(zip(self.columns, self.texts, strict=True))

    def as_sql(self, compiler, connection):
        return likes(compiler, connection, self.terms())

    def as_postgresql(self, compiler, connection):
        # pg_trgm's GIN index answers LIKE '%...%'.
        return likes(compiler, connection, self.terms())

    def as_sqlite(self, compiler, connection):
        indexed, short = [], []
        for column, text in self.terms():
            long_enough = isinstance(column, models.expressions.Col) and len(text) >= TRIGRAM
            (indexed if long_enough else short).append((column, text))
        if not indexed:
            return likes(compiler, connection, short)
        sql, params = fts_match(compiler, indexed)
        if not short:
            return sql, params
        rest_sql, rest_params = likes(compiler, connection, short)
        return f"({sql} AND {rest_sql})", [*params, *rest_params]


def likes(compiler, connection, terms) -> tuple[str, list]:
    """``column LIKE '%text%'`` for each (column, text) of ``terms``, all of them."""
    parts, params = [], []
    for column, text in terms:
        sql, column_params = compiler.compile(column)
        parts.append(f"{sql} {connection.operators['contains']}")
        params += [*column_params, f"%{connection.ops.prep_for_like_query(text)}%"]
    return "(" + " AND ".join(parts) + ")", params


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
