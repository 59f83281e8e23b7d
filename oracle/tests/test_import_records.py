"""The record each MTGJSON import leaves: source, version, the data's date, sha256, counts."""

import hashlib
from datetime import date

from config.testing import BundledDataTestCase, EmptyDatabaseTestCase
from oracle.models import CardDataImport

from .helpers import FUT
from .test_import_mtgjson import KEYWORDS, run_import


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
        self.assertEqual(len(record.files), 7)
        self.assertGreater(record.card_count, 500)
