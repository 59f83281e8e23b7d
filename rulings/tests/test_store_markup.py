"""``manage.py store_markup``: every store (the rules app's, through ``web.stores.registry``)
brought up to date by one command, on the bundled cards, rules and documents with every store
emptied, as on a database migrated from a release without them."""

from io import StringIO
from unittest import mock

from django.core.management import call_command

from oracle.models import Card
from rulings.models import DocumentSection, Ruling, StoredRuleTree
from web.stores import registry as stored_markup
from web.stores.registry import MarkupStore
from web.testing import BundledDocumentsTestCase

REPORTED = ["rulings", "section pages", "document sections"]


class StoreMarkupCommandTests(BundledDocumentsTestCase):
    def empty_every_store(self):
        Ruling.objects.update(rendered={})
        StoredRuleTree.objects.all().delete()
        DocumentSection.objects.update(rendered={})

    def store(self, *arguments) -> dict[str, int]:
        """{store name: items stored} as the command reports them, in its order."""
        out = StringIO()
        call_command("store_markup", *arguments, stdout=out)
        lines = out.getvalue().splitlines()
        self.assertTrue(lines[-1].startswith("Stored markup up to date"), lines)
        return {
            name: int(count.split()[0])
            for name, count in (line.split(": ", 1) for line in lines[:-1])
        }

    def test_one_command_fills_every_store_in_turn_and_then_finds_nothing_to_do(self):
        self.empty_every_store()
        stored = self.store()
        self.assertEqual(list(stored), REPORTED)
        self.assertEqual(stored["rulings"], Ruling.objects.count())
        self.assertEqual(stored["section pages"], StoredRuleTree.objects.count())
        self.assertGreater(stored["section pages"], 0)
        self.assertFalse(DocumentSection.objects.filter(rendered={}).exists())
        self.assertFalse(Ruling.objects.filter(rendered={}).exists())
        card = Card.objects.get(name="Tarmogoyf")
        self.assertEqual(self.client.get(card.get_absolute_url()).status_code, 200)

        again = self.store()
        self.assertEqual(
            [again["rulings"], again["document sections"]],
            [0, 0],
        )

    def test_all_asks_every_store_for_everything(self):
        asked = []
        recording = MarkupStore("recorded", 99, lambda every: asked.append(every) or 7)
        with mock.patch.dict(stored_markup.STORES, {"recorded": recording}, clear=True):
            self.assertEqual(self.store(), {"recorded": 7})
            self.store("--all")
        self.assertEqual(asked, [False, True])
