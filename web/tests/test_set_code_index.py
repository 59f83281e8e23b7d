"""A printing's page finds its card by the set's code in any case (through the code's
upper-case index, ``CardSet``'s Meta), in the page's usual number of queries."""

from django.db import connection

from web.pages.card.detail import CARD_OF_PRINTING
from web.testing import BundledDataTestCase


class SetCodeTests(BundledDataTestCase):
    def test_the_card_of_a_printing_is_found_by_its_set_code_in_any_case(self):
        with connection.cursor() as cursor:
            cursor.execute(CARD_OF_PRINTING, ["fut", "1"])
            (card_id,) = cursor.fetchone()
            cursor.execute(CARD_OF_PRINTING, ["FUT", "1"])
            self.assertEqual(cursor.fetchone(), (card_id,))
        response = self.client.get("/it/sets/fut/1/")
        self.assertEqual(response.context["card"].pk, card_id)
