"""The Italian keyword and type names the whole catalogue teaches, shipped for imports whose
cards cannot teach them (the bundled sample): written by export_italian_names, used only where
the import's own cards teach no name."""

import json
import shutil
import tempfile
from io import StringIO
from pathlib import Path
from unittest import mock

from django.core.management import call_command

from oracle.importers.italian_sync import CATALOGUE_NAMES
from oracle.models import CardType, Keyword
from oracle.tests.helpers import FUT, MTGJSON_FIXTURES
from web.testing import BundledDataTestCase, EmptyDatabaseTestCase


class ShippedNamesTests(BundledDataTestCase):
    def test_the_bundled_data_shows_the_names_the_catalogue_taught(self):
        shipped = json.loads(CATALOGUE_NAMES.read_text(encoding="utf-8"))
        self.assertIn("AllPrintings", shipped["source"])
        # Adapt is on no bundled card: its name comes from the catalogue.
        self.assertFalse(Keyword.objects.get(name="Adapt").cards.exists())
        self.assertEqual(Keyword.objects.get(name="Adapt").name_it, shipped["keywords"]["Adapt"])
        named = Keyword.objects.exclude(name_it="").count()
        self.assertGreater(named, 200)
        page = self.client.get("/it/keywords/").content.decode()
        self.assertIn("Adattamento", page)
        elf = CardType.objects.get(kind=CardType.Kind.SUBTYPE, name="Angel")
        self.assertEqual(elf.name_it, "Angelo")

    def test_keyword_actions_are_named_in_italian_and_english_is_marked_where_none_is(self):
        page = self.client.get("/it/keywords/").content.decode()
        for slug, name_it in (
            ("discard", "Scartare"),
            ("sacrifice", "Sacrificare"),
            ("tap", "TAPpare"),
        ):
            with self.subTest(slug):
                self.assertIn(f'<a href="/it/keywords/{slug}/" lang="it">{name_it}</a>', page)
                keyword_page = self.client.get(f"/it/keywords/{slug}/").content.decode()
                self.assertIn(name_it, keyword_page)
        # Absorb is printed in no Italian card: its English name stays, marked as English.
        self.assertEqual(Keyword.objects.get(name="Absorb").name_it, "")
        self.assertIn('<a href="/it/keywords/absorb/" lang="en">Absorb</a>', page)


class ExportTests(EmptyDatabaseTestCase):
    def setUp(self):
        self.tmp = Path(tempfile.mkdtemp(prefix="oracolo-names-"))
        self.addCleanup(shutil.rmtree, self.tmp, ignore_errors=True)

    def test_export_writes_what_the_files_teach_and_an_import_prefers_its_own_cards(self):
        output = self.tmp / "names.json"
        call_command("export_italian_names", FUT, output=output, stdout=StringIO())
        names = json.loads(output.read_text(encoding="utf-8"))
        self.assertEqual(names["keywords"]["Flying"], "Volare")
        self.assertEqual(names["types"]["type"]["Creature"], "Creatura")
        self.assertTrue(names["source"].startswith("FUT.json: MTGJSON "))
        # A catalogue that says otherwise does not override what the import's cards teach, and
        # fills what they do not.
        names["keywords"]["Flying"] = "Wrong"
        names["keywords"]["Adapt"] = "Adattamento"
        output.write_text(json.dumps(names), encoding="utf-8")
        with mock.patch("oracle.importers.italian_sync.CATALOGUE_NAMES", output):
            call_command(
                "import_mtgjson", MTGJSON_FIXTURES / "Keywords.json", FUT, stdout=StringIO()
            )
        self.assertEqual(Keyword.objects.get(name="Flying").name_it, "Volare")
        self.assertEqual(Keyword.objects.get(name="Adapt").name_it, "Adattamento")
