"""The search row's indexes: what each engine holds for the search (declared in CardSearch's
Meta as ``EngineIndex``, common/indexes.py; on SQLite also its FTS5 trigram table and the
triggers that keep it, migration 0029). test_declared_indexes finds every declared index; these
say what the search needs of them, and that the substring index answers as the column does."""

from django.db import connection

from oracle.models import Card, CardSearch
from oracle.models.card_search import SEARCH_COLUMNS
from oracle.models.searched_text import fts_table
from oracle.search import parse
from oracle.tests.factories import make_card
from web.testing import EmptyDatabaseTestCase

TABLE = CardSearch._meta.db_table
SQLITE_INDEXES = {
    "cardsearch_sort_name_idx",
    "cardsearch_sort_name_it_idx",
    "cardsearch_search_type_idx",
    "cardsearch_search_flags_idx",
    "cardsearch_search_artists_idx",
    "cardsearch_search_flavor_idx",
}
# The artists and the flavour texts have no trigram index on PostgreSQL; the long columns no
# narrow one (a B-tree entry has a size limit).
TRIGRAM_COLUMNS = [
    column for column in SEARCH_COLUMNS if column not in ("search_artists", "search_flavor")
]
SHORT_COLUMNS = ("search_name", "search_type", "search_flags", "search_keywords")
POSTGRES_INDEXES = {
    *(f"cardsearch_{column}_trgm" for column in TRIGRAM_COLUMNS),
    "cardsearch_scope_pg_idx",
    *(f"cardsearch_{column}_pg_idx" for column in SHORT_COLUMNS),
}
FTS_COLUMNS = ["search_name", "search_type", "search_text", "search_keywords"]


def constraints() -> dict:
    with connection.cursor() as cursor:
        return connection.introspection.get_constraints(cursor, TABLE)


class SearchIndexTests(EmptyDatabaseTestCase):
    def test_the_search_indexes_exist(self):
        expected = POSTGRES_INDEXES if connection.vendor == "postgresql" else SQLITE_INDEXES
        found = {name for name, info in constraints().items() if info["index"]}
        self.assertFalse(expected - found, f"missing search indexes on {TABLE}")

    def test_the_sort_key_indexes_cover_the_short_columns_on_sqlite(self):
        """Results are in the order of a sort key (the Italian one on Italian pages): a page
        walks its index and tests the short columns and the scope (``kind``) without reading
        the rows; the long texts are the FTS5 table's."""
        if connection.vendor != "sqlite":
            self.skipTest("SQLite only")
        found = constraints()
        for column in ("sort_name", "sort_name_it"):
            with self.subTest(column=column):
                columns = found[f"cardsearch_{column}_idx"]["columns"]
                self.assertEqual(columns[:3], [column, "name", "search_name"])
                self.assertNotIn("search_text", columns)
                for covered in ("kind", "search_type", "search_flags", "mana_value", "colors"):
                    self.assertIn(covered, columns)

    def test_a_count_scans_an_index_that_holds_the_card_on_sqlite(self):
        """The card is the row's rowid, which every index holds: counting ``t:creature``
        scans a covering index, never the rows with their long texts."""
        if connection.vendor != "sqlite":
            self.skipTest("SQLite only")
        make_card(name="Grizzly Bears", type_line="Creature — Bear", name_it="")
        with connection.cursor() as cursor:
            cursor.execute(f"SELECT sql FROM sqlite_master WHERE name = '{TABLE}'")
            self.assertIn('"card_id" integer NOT NULL PRIMARY KEY', cursor.fetchone()[0])
        found = parse("t:creature").filter(CardSearch.objects.all())
        self.assertIn("COVERING INDEX", found.values_list("pk").explain())

    def test_each_short_search_column_index_holds_the_search_scope_on_postgresql(self):
        """PostgreSQL counts a search's cards from an index alone when it holds the column
        tested and the scope (kind)."""
        if connection.vendor != "postgresql":
            self.skipTest("PostgreSQL only")
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT indexname, indexdef FROM pg_indexes WHERE tablename = %s "
                "AND indexname LIKE %s",
                [TABLE, "%\\_pg\\_idx"],
            )
            definitions = dict(cursor.fetchall())
        self.assertIn("(card_id) INCLUDE (kind, layout)", definitions["cardsearch_scope_pg_idx"])
        self.assertIn(
            "(search_type) INCLUDE (kind, card_id)",
            definitions["cardsearch_search_type_pg_idx"],
        )


class SubstringIndexTests(EmptyDatabaseTestCase):
    """SQLite's FTS5 trigram table answers ``contains`` on the long texts: it must hold what
    the rows hold after every kind of write, or a search would miss a card."""

    def setUp(self):
        if connection.vendor != "sqlite":
            self.skipTest("SQLite's FTS5 table; PostgreSQL's trigram indexes are the table's")

    def fts_rows(self) -> list[tuple]:
        columns = ", ".join(FTS_COLUMNS)
        with connection.cursor() as cursor:
            cursor.execute(f"SELECT rowid, {columns} FROM {fts_table(CardSearch)} ORDER BY rowid")
            return cursor.fetchall()

    def table_rows(self) -> list[tuple]:
        return list(CardSearch.objects.order_by("pk").values_list("pk", *FTS_COLUMNS))

    def found(self, text: str) -> list[str]:
        return list(parse(text).apply(CardSearch.objects.all()).values_list("name", flat=True))

    def test_a_search_reads_the_fts_table(self):
        sql = str(parse("fulmine").filter(CardSearch.objects.all()).query)
        self.assertIn(f'"{fts_table(CardSearch)}" MATCH', sql)
        # Two letters have no trigram: the column itself is read.
        sql = str(parse("fu").filter(CardSearch.objects.all()).query)
        self.assertNotIn("MATCH", sql)
        self.assertIn("LIKE", sql)

    def test_saves_renames_and_deletes_keep_the_fts_table_as_the_rows(self):
        bolt = make_card(name="Lightning Bolt", name_it="Fulmine", type_line="Instant")
        make_card(name="Shivan Dragon", name_it="Drago Shivan", type_line="Creature — Dragon")
        self.assertEqual(self.fts_rows(), self.table_rows())
        self.assertEqual(self.found("fulmine"), ["Lightning Bolt"])
        self.assertEqual(self.found('"drago shivan"'), ["Shivan Dragon"])
        face = bolt.faces.get()
        face.type_line = "Sorcery"
        face.save()
        self.assertEqual(self.fts_rows(), self.table_rows())
        self.assertEqual(self.found("t:instant"), [])
        self.assertEqual(self.found("t:sorcery"), ["Lightning Bolt"])
        Card.objects.get(name="Shivan Dragon").delete()
        self.assertEqual(self.fts_rows(), self.table_rows())
        self.assertEqual(self.found("shivan"), [])

    def test_quotes_and_short_words_mean_what_the_column_says(self):
        make_card(name='The "Ultimate" Nightmare', type_line="Instant", name_it="")
        make_card(name="Ox", type_line="Creature — Ox", name_it="")
        self.assertEqual(self.found('"\\"ultimate\\""'), ['The "Ultimate" Nightmare'])
        self.assertEqual(self.found("ox"), ["Ox"])
        self.assertEqual(self.found("!ox"), ["Ox"])

    def test_substring_terms_side_by_side_are_one_match(self):
        """``kw:flying s:fut`` asks the index once for both (the index intersects its lists),
        and finds what each term finds; a term of two letters is tested beside the match."""
        flyer = make_card(name="Sky Tarox", type_line="Creature — Bird", name_it="")
        make_card(name="Ground Tarox", type_line="Creature — Beast", name_it="")
        sql = str(parse("tarox t:bird").filter(CardSearch.objects.all()).query)
        self.assertEqual(sql.count("MATCH"), 1)
        self.assertIn('search_name: "tarox" AND search_type: "bird"', sql)
        self.assertNotIn("= 1)", sql.split("MATCH")[1])  # looked up by rowid, not compared
        self.assertEqual(self.found("tarox t:bird"), ["Sky Tarox"])
        self.assertEqual(self.found("sk tarox"), ["Sky Tarox"])
        self.assertEqual(self.found("tarox -t:bird"), ["Ground Tarox"])
        self.assertIn("creature — bird", flyer.search_row.search_type)
