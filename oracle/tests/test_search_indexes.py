"""The search's indexes: what each engine holds for the search (declared in Card's Meta as
``EngineIndex``, common/indexes.py; until 0022 raw SQL that a migration rebuilding the card
table on SQLite dropped). test_declared_indexes finds every declared index; these say what the
search needs of them."""

from django.db import connection

from web.testing import EmptyDatabaseTestCase

SEARCH_COLUMNS = (
    "search_name",
    "search_type",
    "search_text",
    "search_flags",
    "search_printings",
    "search_artists",
    "search_flavor",
)
SQLITE_INDEXES = {
    "card_sort_name_idx",
    "card_sort_name_search_idx",
    "card_sort_name_it_idx",
    "card_sort_name_it_search_idx",
    *(f"card_{column}_scoped_idx" for column in SEARCH_COLUMNS),
}
# The artists and the flavour texts have no trigram index on PostgreSQL; the long columns no
# narrow one (a B-tree entry has a size limit).
TRIGRAM_COLUMNS = [
    column for column in SEARCH_COLUMNS if column not in ("search_artists", "search_flavor")
]
SHORT_COLUMNS = ("search_name", "search_type", "search_flags")
POSTGRES_INDEXES = {
    *(f"card_{column}_trgm" for column in TRIGRAM_COLUMNS),
    "card_scope_pg_idx",
    *(f"card_{column}_scoped_pg_idx" for column in SHORT_COLUMNS),
}


class SearchIndexTests(EmptyDatabaseTestCase):
    def card_indexes(self):
        with connection.cursor() as cursor:
            constraints = connection.introspection.get_constraints(cursor, "oracle_card")
        return {name for name, info in constraints.items() if info["index"]}

    def test_the_search_indexes_exist(self):
        expected = POSTGRES_INDEXES if connection.vendor == "postgresql" else SQLITE_INDEXES
        missing = expected - self.card_indexes()
        self.assertFalse(missing, f"missing search indexes on oracle_card: {sorted(missing)}")

    def test_the_sort_key_indexes_cover_the_search_columns_on_sqlite(self):
        """Results are in the order of a sort key (the Italian one on Italian pages): a page
        walks its index and tests the search columns without reading the card rows."""
        if connection.vendor != "sqlite":
            self.skipTest("SQLite only")
        with connection.cursor() as cursor:
            constraints = connection.introspection.get_constraints(cursor, "oracle_card")
        for column in ("sort_name", "sort_name_it"):
            with self.subTest(column=column):
                self.assertEqual(
                    constraints[f"card_{column}_idx"]["columns"][:4],
                    [column, "name", "slug", "search_text"],
                )
                columns = constraints[f"card_{column}_search_idx"]["columns"]
                self.assertEqual(columns[:4], [column, "name", "slug", "search_name"])
                self.assertNotIn("search_text", columns)
                for index in (f"card_{column}_idx", f"card_{column}_search_idx"):
                    self.assertIn("kind", constraints[index]["columns"])  # the scope

    def test_each_search_column_index_holds_the_search_scope_on_sqlite(self):
        """Counting what a search finds tests one search column and the scope (no tokens, no
        art series: ``Card.kind``): the column's own index holds both, and no wider index is
        read."""
        if connection.vendor != "sqlite":
            self.skipTest("SQLite only")
        with connection.cursor() as cursor:
            constraints = connection.introspection.get_constraints(cursor, "oracle_card")
        for column in SEARCH_COLUMNS:
            with self.subTest(column=column):
                self.assertEqual(
                    constraints[f"card_{column}_scoped_idx"]["columns"],
                    [column, "kind"],
                )

    def test_each_short_search_column_index_holds_the_search_scope_on_postgresql(self):
        """PostgreSQL counts a search's cards from an index alone when it holds the column
        tested and what every search tests beside it (is_token and layout)."""
        if connection.vendor != "postgresql":
            self.skipTest("PostgreSQL only")
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'oracle_card' "
                "AND indexname LIKE %s",
                ["%\\_pg\\_idx"],
            )
            definitions = dict(cursor.fetchall())
        self.assertIn("(id) INCLUDE (is_token, layout)", definitions["card_scope_pg_idx"])
        # With the id, for a search that joins its cards to other rows (a keyword's).
        self.assertIn(
            "(search_type) INCLUDE (is_token, layout, id)",
            definitions["card_search_type_scoped_pg_idx"],
        )
