"""Hand-written queries sent together (common.sql_rows.fetch_together): each statement's rows, in
order, whether the database takes them in one query or one by one."""

from django.db import DatabaseError, transaction

from common.sql_rows import fetch, fetch_together, sends_together
from oracle.models import Card
from web.testing import BundledDataTestCase


class FetchTogetherTests(BundledDataTestCase):
    def test_each_statement_gives_its_own_rows_in_order(self):
        tarox = Card.objects.get(name="Tarox Bladewing")
        statements = [
            ("SELECT c.name FROM oracle_card c WHERE c.id = %s", [tarox.pk]),
            # No row, and a last line that is a comment: the next statement is still read.
            ("SELECT c.name FROM oracle_card c WHERE c.slug = %s\n-- none", ["no-such-card"]),
            (
                "SELECT c.slug FROM oracle_card c WHERE c.name IN (%s, %s) ORDER BY c.name",
                ["Tarox Bladewing", "Giant Spider"],
            ),
        ]
        with self.assertNumQueries(1 if sends_together() else 3):
            rows = fetch_together(statements)
        self.assertEqual(rows, [fetch(sql, params) for sql, params in statements])
        self.assertEqual(rows[0], [("Tarox Bladewing",)])
        self.assertEqual(rows[1], [])
        self.assertEqual(len(rows[2]), 2)

    def test_a_failing_statement_raises_and_the_connection_answers_again(self):
        statements = [
            ("SELECT c.name FROM oracle_card c WHERE c.name = %s", ["Tarox Bladewing"]),
            ("SELECT no_such_column FROM oracle_card", []),
        ]
        with self.assertRaises(DatabaseError), transaction.atomic():
            fetch_together(statements)
        self.assertEqual(fetch_together(statements[:1] * 2), [[("Tarox Bladewing",)]] * 2)
