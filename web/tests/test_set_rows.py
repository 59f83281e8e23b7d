"""A set page's table of cards is made from the data on every request
(``web.pages.lists.rows.set_table_rows``): a change written by any path shows at once."""

from oracle.models import CardFace, CardSet, Printing
from oracle.tests.helpers import set_table_rows
from web.testing import BundledDataTestCase


class SetTableRowsTests(BundledDataTestCase):
    def test_a_card_changed_without_a_save_shows_at_once(self):
        # Written as an import or a script would, without any model's save().
        CardFace.objects.filter(card__name="Tarox Bladewing").update(
            name_it="Tarox Alanuova", type_line_it="Creatura — Drago"
        )
        page = self.client.get("/it/sets/fut/")
        self.assertIn(("123", "Tarox Alanuova"), set_table_rows(page))
        self.assertContains(page, "Creatura — Drago")
        self.assertIn(("123", "Tarox Bladewing"), set_table_rows(self.client.get("/en/sets/fut/")))

    def test_what_the_set_and_its_printings_show_too(self):
        Printing.objects.filter(card__name="Tarox Bladewing", card_set__code="FUT").update(
            rarity="mythic"
        )
        CardSet.objects.filter(code="FUT").update(keyrune_code="XYZ")
        page = self.client.get("/en/sets/fut/")
        self.assertContains(page, "ss-xyz ss-mythic", count=1)
        self.assertNotContains(page, "ss-fut ")
