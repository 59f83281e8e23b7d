"""What the settings make of DATABASE_URL, and PostgreSQL's prepared statements at work.

On PostgreSQL, statements are bound on the server and one run PG_PREPARE_THRESHOLD times on a
connection is prepared (planned once); ``off`` turns that off for a pooler that cannot keep
prepared statements.
"""

import json
from unittest import skipUnless

from django.db import connection
from django.test import Client, SimpleTestCase

from web.pages.search.found_cards import FEW_FOUND
from web.testing import BundledDataTestCase, settings_in_subprocess

POSTGRES_URL = "postgres://oracolo@db.internal:5432/oracolo"


def database_options(**env) -> dict:
    result = settings_in_subprocess(
        {"DATABASE_URL": POSTGRES_URL, **env},
        ["DATABASES"],
        unset=("DATABASE_URL", "PG_PREPARE_THRESHOLD"),
    )
    if result.returncode:
        raise AssertionError(result.stderr)
    return json.loads(result.stdout)["DATABASES"]["default"]["OPTIONS"]


class PostgresSettingsTests(SimpleTestCase):
    def test_statements_are_bound_on_the_server_and_prepared_on_their_second_run(self):
        options = database_options()
        self.assertIs(options["server_side_binding"], True)
        self.assertEqual(options["prepare_threshold"], 2)
        self.assertEqual(options["options"], "-c jit=off")

    def test_the_threshold_is_a_setting(self):
        self.assertEqual(database_options(PG_PREPARE_THRESHOLD="10")["prepare_threshold"], 10)

    def test_off_binds_on_the_client_and_prepares_nothing(self):
        options = database_options(PG_PREPARE_THRESHOLD="off")
        self.assertNotIn("server_side_binding", options)
        self.assertNotIn("prepare_threshold", options)

    def test_a_threshold_that_is_not_a_number_is_refused(self):
        result = settings_in_subprocess(
            {"DATABASE_URL": POSTGRES_URL, "PG_PREPARE_THRESHOLD": "often"},
            ["DATABASES"],
            unset=("DATABASE_URL",),
        )
        self.assertNotEqual(result.returncode, 0)
        self.assertIn("PG_PREPARE_THRESHOLD must be a whole number", result.stderr)


@skipUnless(connection.vendor == "postgresql", "PostgreSQL's prepared statements")
class PreparedStatementsTests(BundledDataTestCase):
    def prepared_statements(self) -> list[str]:
        with connection.cursor() as cursor:
            cursor.execute("SELECT statement FROM pg_prepared_statements")
            return [row[0] for row in cursor.fetchall()]

    def test_a_page_asked_again_runs_prepared_statements(self):
        client = Client()
        url = "/en/cards/tarmogoyf/"
        for _ in range(3):  # a statement is prepared once run more than the threshold's times
            response = client.get(url)
            self.assertContains(response, "Tarmogoyf")
        self.assertEqual(connection.connection.prepare_threshold, 2)
        prepared = self.prepared_statements()
        self.assertTrue(any("oracle_card" in sql for sql in prepared), prepared)

    def test_a_search_that_finds_many_cards_counts_them_with_a_plan_for_its_values(self):
        """A prepared statement soon gets a plan made without its values (``found_cards``):
        the same plan for a condition most cards meet as for one a few meet. A search that
        finds more than FEW_FOUND cards counts them in a statement never prepared; the
        statement before it, which reads at most FEW_FOUND + 1 ids, is prepared like the
        page's others, and the connection prepares again after the count."""
        client = Client()
        url = "/en/cards/?q=mv%3E%3D0"
        for _ in range(4):
            response = client.get(url)
            self.assertGreater(response.context["page_obj"].paginator.count, FEW_FOUND)
        searches = [sql for sql in self.prepared_statements() if '"mana_value"' in sql]
        self.assertTrue(searches)  # the ids, prepared
        self.assertFalse([sql for sql in searches if "COUNT(*)" in sql], searches)
        self.assertEqual(connection.connection.prepare_threshold, 2)

    def test_the_api_counts_a_search_with_a_plan_for_its_values(self):
        # As the results page does: its count and its page are never prepared.
        client = Client()
        url = "/api/cards/?q=mv%3E%3D0"
        for _ in range(4):
            answer = client.get(url).json()
            self.assertGreater(answer["total"], FEW_FOUND)
        searches = [sql for sql in self.prepared_statements() if '"mana_value"' in sql]
        self.assertFalse(searches, searches)
        self.assertEqual(connection.connection.prepare_threshold, 2)
