"""A set found by its code in any case goes through the code's upper-case index: a printing's page
looks its card up that way once per statement it sends (ten), and read every set each time
without it."""

from django.db import connection

from web.pages.card.detail import CARD_OF_PRINTING
from web.testing import BundledDataTestCase


class SetCodeIndexTests(BundledDataTestCase):
    def plan(self, sql, params) -> str:
        with connection.cursor() as cursor:
            if connection.vendor == "postgresql":
                # The bundled sets are a few: a scan of them costs less than the index there.
                cursor.execute("SET LOCAL enable_seqscan = off")
                cursor.execute(f"EXPLAIN {sql}", params)
            else:
                cursor.execute(f"EXPLAIN QUERY PLAN {sql}", params)
            return "\n".join(str(row) for row in cursor.fetchall())

    def test_the_card_of_a_printing_is_found_through_the_set_code_index(self):
        self.assertIn("cardset_code_upper_idx", self.plan(CARD_OF_PRINTING, ["fut", "1"]))
        with connection.cursor() as cursor:
            cursor.execute(CARD_OF_PRINTING, ["fut", "1"])
            (card_id,) = cursor.fetchone()
        response = self.client.get("/it/sets/fut/1/")
        self.assertEqual(response.context["card"].pk, card_id)
