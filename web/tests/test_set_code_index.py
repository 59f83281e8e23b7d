"""A printing's page finds its card by the set's code in any case."""

from oracle.models import Printing
from web.testing import BundledDataTestCase


class SetCodeTests(BundledDataTestCase):
    def test_the_card_of_a_printing_is_found_by_its_set_code_in_any_case(self):
        printing = Printing.objects.get(card_set__code__iexact="fut", collector_number="1")
        for code in ("fut", "FUT", "Fut"):
            with self.subTest(code=code):
                response = self.client.get(f"/it/sets/{code}/1/")
                self.assertEqual(response.status_code, 200)
                self.assertEqual(response.context["card"], printing.card)
                self.assertEqual(response.context["printing"], printing)

    def test_a_number_the_set_does_not_have_is_not_found(self):
        self.assertEqual(self.client.get("/it/sets/fut/9999/").status_code, 404)
