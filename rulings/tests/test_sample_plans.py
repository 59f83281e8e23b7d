"""On PostgreSQL the statement that reads a rule page's cards keeps one generic plan, as a
prepared statement should, instead of being planned again on every page: it was planned again
while a keyword's sample rows had "" for a rule number, one value on a third of the rows, which
made the generic plan expect more rows than any rule has (see ``SampleCard.rule_number``)."""

import re
import unittest

from django.db import connection

from rulings.linking.samples import rule_samples_statement
from web.testing import BundledDocumentsTestCase

# The server plans a prepared statement for its values at each of its first five runs before it
# weighs keeping a generic one: the sixth run onwards shows which it chose.
RUNS = 8


@unittest.skipUnless(connection.vendor == "postgresql", "a PostgreSQL planner behaviour")
class RuleSamplePlanTests(BundledDocumentsTestCase):
    def test_the_cards_of_a_rule_keep_their_generic_plan(self):
        sql, params = rule_samples_statement("702.37c")
        self.assertEqual(sorted(params), ["702.37", "702.37c"])
        numbered = iter(range(1, len(params) + 1))
        prepared = re.sub("%s", lambda _match: f"${next(numbered)}", sql)
        with connection.cursor() as cursor:
            cursor.execute("ANALYZE rulings_samplecard")
            cursor.execute(f"PREPARE rule_sample (text, text) AS {prepared}")
            try:
                # EXECUTE takes no bound parameters: the numbers, written in.
                values = ", ".join(f"'{value}'" for value in params)
                for _ in range(RUNS):
                    cursor.execute(f"EXECUTE rule_sample ({values})")
                    rows = cursor.fetchall()
                cursor.execute(
                    "SELECT generic_plans, custom_plans FROM pg_prepared_statements"
                    " WHERE name = 'rule_sample'"
                )
                generic, custom = cursor.fetchone()
            finally:
                cursor.execute("DEALLOCATE rule_sample")
        self.assertTrue(rows)  # morph's cards
        # Planned for its values at its first five runs, then generic.
        self.assertEqual((generic, custom), (RUNS - 5, 5))
