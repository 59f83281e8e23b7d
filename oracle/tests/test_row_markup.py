"""The rows of the sets' tables stored made (``web.pages.lists.stored_rows``): the page shows the
same with
or without them, uses them while they hold and never once they don't."""

from io import StringIO

from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext

from oracle.models import CardFace, CardSet, Printing, PrintingRowMarkup
from oracle.tests.helpers import set_table_rows
from web.pages.lists.stored_rows import store_set_rows
from web.testing import BundledDataTestCase

PAGES = ["/it/sets/fut/", "/en/sets/fut/", "/it/sets/tdom/", "/en/sets/plc/"]
TAROX = "/it/sets/fut/123/"


def listed_printings(code: str) -> int:
    return Printing.objects.filter(card_set__code=code).exclude(layout="art_series").count()


class StoredSetRowsTests(BundledDataTestCase):
    def pages(self) -> dict[str, str]:
        return {url: self.client.get(url).content.decode() for url in PAGES}

    def test_the_import_stores_every_listed_printing_in_each_language(self):
        printings = Printing.objects.exclude(layout="art_series").count()
        self.assertEqual(PrintingRowMarkup.objects.filter(language="it").count(), printings)
        self.assertEqual(PrintingRowMarkup.objects.filter(language="en").count(), printings)
        self.assertEqual(store_set_rows(), 0)  # nothing stale

    def test_pages_are_the_same_stored_or_made_on_the_page(self):
        stored = self.pages()
        PrintingRowMarkup.objects.all().delete()
        made_here = self.pages()
        self.assertEqual(stored, made_here)
        printings = Printing.objects.exclude(layout="art_series").count()
        self.assertEqual(store_set_rows(), 2 * printings)
        self.assertEqual(self.pages(), stored)

    def test_the_page_writes_the_stored_rows(self):
        tarox = PrintingRowMarkup.objects.filter(printing__card__name="Tarox Bladewing")
        tarox.filter(language="it").update(head="<tr><td>stored</td>")
        self.assertContains(self.client.get("/it/sets/fut/"), "<tr><td>stored</td>", count=1)
        self.assertNotContains(self.client.get("/en/sets/fut/"), "<tr><td>stored</td>")

    def test_a_row_whose_card_changed_is_made_on_the_page_until_stored_again(self):
        PrintingRowMarkup.objects.update(head="<tr><td>stored</td>")
        face = CardFace.objects.get(card__name="Tarox Bladewing")
        # Written as an import or a script would, without any model's save().
        CardFace.objects.filter(pk=face.pk).update(
            name_it="Tarox Alanuova", type_line_it="Creatura — Drago"
        )
        page = self.client.get("/it/sets/fut/")
        self.assertIn(("123", "Tarox Alanuova"), set_table_rows(page))
        self.assertContains(page, "<tr><td>stored</td>", count=listed_printings("FUT") - 1)
        # Stored again: the printings of that card, in both languages.
        self.assertEqual(store_set_rows(CardSet.objects.filter(code="FUT")), 2)
        self.assertContains(self.client.get("/it/sets/fut/"), "Tarox Alanuova")

    def test_what_the_set_and_its_printings_show_is_checked_too(self):
        PrintingRowMarkup.objects.update(head="<tr><td>stored</td>")
        Printing.objects.filter(card__name="Tarox Bladewing", card_set__code="FUT").update(
            rarity="mythic"
        )
        page = self.client.get("/en/sets/fut/")
        self.assertContains(page, "<tr><td>stored</td>", count=listed_printings("FUT") - 1)
        CardSet.objects.filter(code="FUT").update(keyrune_code="XYZ")
        page = self.client.get("/en/sets/fut/")
        self.assertNotContains(page, "<tr><td>stored</td>")
        self.assertContains(page, "ss-xyz ss-mythic")

    def test_rows_stored_for_other_rows_are_not_used(self):
        """Rows made with another template, translation or address scheme have another source
        (its first part: the fingerprint of the sample rows)."""
        for row in PrintingRowMarkup.objects.all():
            row.head = "<tr><td>stored</td>"
            row.source = "0" + row.source
            row.save()
        self.assertNotContains(self.client.get("/it/sets/fut/"), "<tr><td>stored</td>")

    def test_one_query_reads_the_rows_stored_or_not(self):
        for stored in (True, False):
            if not stored:
                PrintingRowMarkup.objects.all().delete()
            with self.subTest(stored=stored), CaptureQueriesContext(connection) as queries:
                self.client.get("/it/sets/fut/")
            rows_queries = [q for q in queries if "oracle_printingrowmarkup" in q["sql"]]
            self.assertEqual(len(rows_queries), 1)

    def test_the_command_fills_an_empty_store(self):
        PrintingRowMarkup.objects.all().delete()
        out = StringIO()
        call_command("store_row_markup", stdout=out)
        printings = Printing.objects.exclude(layout="art_series").count()
        self.assertIn(f"{2 * printings} set rows stored", out.getvalue())
        out = StringIO()
        call_command("store_row_markup", stdout=out)
        self.assertIn("0 set rows stored", out.getvalue())
        call_command("store_row_markup", "--all", stdout=out)
        self.assertEqual(PrintingRowMarkup.objects.count(), 2 * printings)
