"""Indexes of one database engine, declared in a model's ``Meta.indexes`` like any other.

Django applies ``Meta.indexes`` on every engine, and some of the search's indexes suit one
engine only: SQLite's covering indexes hold long texts that a PostgreSQL B-tree entry may not
(its size limit), PostgreSQL's trigram GIN indexes and ``INCLUDE`` columns do not exist on
SQLite, and an index that helps one planner can mislead the other (``rulesection_level_idx``).
An ``EngineIndex`` is created, dropped and recreated by Django's migrations like any index (so
SQLite's rebuild of a table brings it back), and on the other engine its statement is a comment
that does nothing.

Every index of one engine is an ``EngineIndex`` declared in its model's Meta: the test of the
declared indexes (oracle/tests/test_declared_indexes.py) finds each on its engine.
"""

from django.db import models

ENGINES = ("sqlite", "postgresql")


class EngineIndex(models.Index):
    """An index that exists on ``engine`` (a connection's vendor) only.

    ``method``: PostgreSQL's index access method ("gin"; a B-tree without it), with
    ``opclasses`` ("gin_trgm_ops"). ``include``: non-key columns (PostgreSQL), kept apart
    from ``Index.include`` so that Django's check does not warn on SQLite that they would be
    ignored there: this index is not made there at all.
    """

    # The 30 characters of Index are for Oracle; both engines here take longer names (SQLite
    # any, PostgreSQL 63), and the names were given before they were declared.
    max_name_length = 63

    def __init__(self, *expressions, engine, method="", include=None, **kwargs):
        if engine not in ENGINES:
            raise ValueError(f"EngineIndex.engine must be one of {ENGINES}, not {engine!r}.")
        self.engine = engine
        self.method = method
        self.engine_include = tuple(include or ())
        super().__init__(*expressions, **kwargs)

    def deconstruct(self):
        path, args, kwargs = super().deconstruct()
        kwargs["engine"] = self.engine
        if self.method:
            kwargs["method"] = self.method
        if self.engine_include:
            kwargs["include"] = self.engine_include
        return path, args, kwargs

    def applies_to(self, connection) -> bool:
        return connection.vendor == self.engine

    def create_sql(self, model, schema_editor, using="", **kwargs):
        if not self.applies_to(schema_editor.connection):
            return self._elsewhere()
        if self.method:
            using = f" USING {self.method}"
        statement = super().create_sql(model, schema_editor, using=using, **kwargs)
        if self.engine_include:
            columns = [model._meta.get_field(name).column for name in self.engine_include]
            statement.parts["include"] = schema_editor._index_include_sql(model, columns)
        return statement

    def remove_sql(self, model, schema_editor, **kwargs):
        if not self.applies_to(schema_editor.connection):
            return self._elsewhere()
        return super().remove_sql(model, schema_editor, **kwargs)

    def _elsewhere(self) -> str:
        # Both engines run a statement that is a comment alone, and sqlmigrate shows it.
        return f"-- {self.name}: an index of {self.engine} only"

    def __repr__(self):
        return f"<{self.__class__.__name__}: engine={self.engine!r} {super().__repr__()[1:-1]}>"
