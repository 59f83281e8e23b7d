"""Every index the models declare exists in the database after ``migrate``, with its columns, on
whichever engine the suite runs (the CI runs it on SQLite and on PostgreSQL); an index of one
engine (``common.indexes.EngineIndex``) on its engine only.

The search's indexes were raw SQL once, which a migration that made SQLite rebuild the card
table dropped without a word: declared, Django recreates them, and this test finds any that a
migration loses or that the database holds under another definition.
"""

from django.apps import apps
from django.db import connection
from django.test import SimpleTestCase

from common.indexes import EngineIndex
from web.testing import EmptyDatabaseTestCase


def project_models():
    for app in ("oracle", "rulings", "web"):
        for model in apps.get_app_config(app).get_models():
            if model._meta.managed and not model._meta.proxy:
                yield model


def declared_indexes():
    """(model, index) for every index in a Meta.indexes of this project's apps."""
    for model in project_models():
        for index in model._meta.indexes:
            yield model, index


class DeclaredIndexTests(EmptyDatabaseTestCase):
    def test_every_declared_index_exists_on_this_engine(self):
        tables = {}
        checked = 0
        for model, index in declared_indexes():
            table = model._meta.db_table
            if table not in tables:
                with connection.cursor() as cursor:
                    tables[table] = connection.introspection.get_constraints(cursor, table)
            found = tables[table].get(index.name)
            with self.subTest(table=table, index=index.name):
                if isinstance(index, EngineIndex) and not index.applies_to(connection):
                    self.assertIsNone(found, f"an index of {index.engine} only")
                    continue
                checked += 1
                self.assertIsNotNone(found, "declared, missing from the database")
                self.assertTrue(found["index"])
                if not index.contains_expressions:
                    columns = [
                        model._meta.get_field(name).column for name, _ in index.fields_orders
                    ]
                    included = [
                        model._meta.get_field(name).column
                        for name in getattr(index, "engine_include", ())
                    ]
                    # SQLite's introspection names the key columns; PostgreSQL's the included
                    # ones after them.
                    if connection.vendor == "postgresql":
                        columns += included
                    self.assertEqual(found["columns"], columns)
                if getattr(index, "method", ""):
                    self.assertEqual(found["type"], index.method)
        self.assertGreater(checked, 20)

    def test_no_raw_index_beside_the_declared_ones(self):
        """Every index of a project table is declared, or is Django's own (of a field, a
        unique constraint, the primary key)."""
        declared = {index.name for _, index in declared_indexes()}
        for model in project_models():
            table = model._meta.db_table
            with connection.cursor() as cursor:
                constraints = connection.introspection.get_constraints(cursor, table)
            for name, info in constraints.items():
                if not info["index"] or info["primary_key"] or info["unique"]:
                    continue
                with self.subTest(table=table, index=name):
                    self.assertTrue(
                        name in declared or name.startswith(f"{table}_") or _field_index(name),
                        "an index Django does not know",
                    )


def _field_index(name: str) -> bool:
    # Django names a field's own index (db_index, a foreign key) after the table and column
    # with a hash; SQLite's automatic ones begin "sqlite_autoindex".
    return name.startswith("sqlite_autoindex")


class EngineIndexTests(SimpleTestCase):
    def test_it_deconstructs_with_its_engine(self):
        index = EngineIndex(
            fields=["search_name"],
            include=["id"],
            name="card_x_idx",
            engine="postgresql",
            method="gin",
            opclasses=["gin_trgm_ops"],
        )
        path, args, kwargs = index.deconstruct()
        self.assertEqual(path, "common.indexes.EngineIndex")
        self.assertEqual(kwargs["engine"], "postgresql")
        self.assertEqual(kwargs["method"], "gin")
        self.assertEqual(kwargs["include"], ("id",))
        self.assertEqual(index.clone(), index)
        self.assertEqual(index.include, ())  # no warning on SQLite that it would be ignored

    def test_an_unknown_engine_is_refused(self):
        with self.assertRaises(ValueError):
            EngineIndex(fields=["name"], name="card_x_idx", engine="mysql")
