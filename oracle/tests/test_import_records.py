"""The record each MTGJSON import leaves: source, version, the data's date, sha256, counts."""

import hashlib
from datetime import date
from unittest import mock

from oracle.importers import version
from oracle.models import CardDataImport, CardSearch
from oracle.tests.helpers import FUT, KEYWORDS, TemporaryFilesMixin, run_import, small_set
from web.testing import BundledDataTestCase, EmptyDatabaseTestCase


def sha256_of(path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


class ImportRecordTests(EmptyDatabaseTestCase):
    def test_an_import_records_version_date_digests_and_counts(self):
        stdout, _ = run_import(KEYWORDS, FUT)
        record = CardDataImport.objects.get()
        self.assertEqual(record.version, "5.2.0+20220425")
        self.assertEqual(record.data_date, date(2022, 4, 25))
        self.assertEqual(record.source, "Keywords.json, FUT.json")
        self.assertEqual(
            record.files,
            [
                {"name": "Keywords.json", "sha256": sha256_of(KEYWORDS)},
                {"name": "FUT.json", "sha256": sha256_of(FUT)},
            ],
        )
        self.assertEqual(
            (record.card_count, record.printing_count, record.set_count), (180, 180, 1)
        )
        self.assertIsNotNone(record.imported_at)
        self.assertIn("import record: 1 created", stdout)

    def test_the_importer_version_is_recorded_and_a_new_one_records_again(self):
        run_import(FUT)
        current = version.IMPORTER_VERSION
        self.assertEqual(CardDataImport.objects.get().importer_version, current)
        with mock.patch.object(version, "IMPORTER_VERSION", current + 1):
            stdout, _ = run_import(FUT)
        self.assertIn("Nothing changed: the database already matches.", stdout)
        self.assertIn("import record: 1 created", stdout)
        self.assertEqual(
            list(CardDataImport.objects.values_list("importer_version", flat=True)),
            [current + 1, current],
        )

    def test_the_source_given_is_recorded(self):
        run_import(FUT, source="https://mtgjson.com/api/v5/")
        self.assertEqual(CardDataImport.objects.get().source, "https://mtgjson.com/api/v5/")

    def test_a_dry_run_records_nothing(self):
        stdout, _ = run_import(FUT, dry_run=True)
        self.assertIn("Dry run", stdout)
        self.assertFalse(CardDataImport.objects.exists())

    def test_a_second_run_of_the_same_files_records_nothing_new(self):
        run_import(FUT)
        stdout, _ = run_import(FUT)
        self.assertIn("Nothing changed", stdout)
        self.assertEqual(CardDataImport.objects.count(), 1)

    def test_files_without_meta_record_no_date(self):
        run_import(KEYWORDS)
        record = CardDataImport.objects.get()
        self.assertEqual((record.version, record.data_date), ("", None))
        self.assertIsNone(CardDataImport.objects.newest_dated())


class BundledImportRecordTests(BundledDataTestCase):
    def test_the_bundled_data_has_its_record(self):
        record = CardDataImport.objects.newest_dated()
        self.assertEqual(record.version, "5.2.0+20220425")
        self.assertEqual(record.data_date, date(2022, 4, 25))
        self.assertEqual(len(record.files), 8)  # load_bundled_data's files
        self.assertGreater(record.card_count, 500)


class NewVersionTests(TemporaryFilesMixin, EmptyDatabaseTestCase):
    def test_a_new_version_of_the_same_cards_is_recorded_but_changes_no_card(self):
        cards = small_set()
        run_import(self.write_set_file("ABC.json", cards))
        newer = {"meta": {"date": "2026-02-01", "version": "5.3.0+20260201"}, "data": cards}
        stdout, _ = run_import(self.write_json("ABC.json", newer))
        self.assertIn("Nothing changed: the database already matches.", stdout)
        self.assertIn("import record: 1 created", stdout)
        self.assertEqual(CardDataImport.objects.newest_dated().data_date, date(2026, 2, 1))

    def test_cards_left_without_their_search_rows_get_them_from_the_next_import(self):
        run_import(FUT)
        CardSearch.objects.all().delete()  # as a migration leaves them, for the next import
        self.assertEqual(self.client.get("/api/cards/", {"q": "tarox"}).json()["total"], 0)
        run_import(self.write_set_file("ABC.json", small_set()))  # a file without FUT's cards
        self.assertEqual(self.client.get("/api/cards/", {"q": "tarox"}).json()["total"], 1)
