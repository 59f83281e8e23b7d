"""Every importer refuses bad input cleanly: a table of bad files, each run as ``manage.py`` runs
it, asserting the exit code, a message naming the file and what is wrong, no traceback, and a
database left exactly as it was (row count and highest id of every project table).

The table's rows, one module per importer: bad_rules_files, bad_mtgjson_files,
bad_mtgjson_values, bad_release_notes.
"""

import time
from pathlib import Path
from tempfile import TemporaryDirectory

from rulings.tests.bad_input import (
    MTGJSON,
    database_fingerprint,
    rules_dated,
    run_command,
    second_card,
)
from rulings.tests.bad_mtgjson_files import MTGJSON_FILE_CASES
from rulings.tests.bad_mtgjson_values import MTGJSON_VALUE_CASES
from rulings.tests.bad_release_notes import NOTES_CASES
from rulings.tests.bad_rules_files import RULES_CASES
from web.testing import BundledDataTestCase

CASES = RULES_CASES + MTGJSON_FILE_CASES + MTGJSON_VALUE_CASES + NOTES_CASES


class BadInputTests(BundledDataTestCase):
    maxDiff = None

    def test_the_table_is_large(self):
        self.assertGreaterEqual(len(CASES), 60)
        labels = [case.label for case in CASES]
        self.assertEqual(len(labels), len(set(labels)))

    def test_every_bad_input_is_refused_cleanly(self):
        folder = Path(self.enterContext(TemporaryDirectory()))
        before = database_fingerprint()
        for number, case in enumerate(CASES):
            with self.subTest(case.label):
                path = folder / f"{number}-{case.file_name}"
                if isinstance(case.content, bytes):
                    path.write_bytes(case.content)
                elif case.content is not None:
                    case.content(path)
                started = time.perf_counter()
                outcome = run_command(case.command, *case.options, str(path))
                elapsed = time.perf_counter() - started
                self.assertEqual(outcome.code, case.code, outcome.stderr)
                self.assertIn(case.message, outcome.stderr)
                if case.names_file:
                    self.assertIn(path.name, outcome.stderr)
                self.assertNotIn("Traceback", outcome.stderr + outcome.stdout)
                self.assertLess(elapsed, case.seconds)
                self.assertEqual(database_fingerprint(), before)
                if path.is_file():
                    path.unlink()

    def test_the_well_formed_set_file_the_bad_ones_start_from_imports(self):
        """With a collector number holding a space, as PMPS08's "a1 2007" does."""
        path = Path(self.enterContext(TemporaryDirectory())) / "good.json"
        path.write_bytes(second_card(number="a1 2007"))
        outcome = run_command(MTGJSON, str(path))
        self.assertEqual(outcome.code, 0, outcome.stderr)
        self.assertIn("Imported good.json", outcome.stdout)
        self.assertContains(self.client.get("/en/sets/ZZT/1/"), "Test Drake")
        self.assertContains(self.client.get("/en/sets/ZZT/a1%202007/"), "Test Wurm")
        card = self.client.get("/en/cards/test-wurm/")
        self.assertContains(card, '/a1%202007/"')
        self.assertContains(self.client.get("/en/sets/"), "ZZT")

    def test_update_data_without_a_cache_says_so(self):
        folder = Path(self.enterContext(TemporaryDirectory()))
        before = database_fingerprint()
        with self.settings(DATA_CACHE_DIR=folder):
            outcome = run_command("update_data", "--offline")
        self.assertEqual(outcome.code, 1)
        self.assertIn(f"{folder}: the cache holds no AllPrintings", outcome.stderr)
        self.assertNotIn("Traceback", outcome.stderr)
        self.assertEqual(database_fingerprint(), before)

    def test_allow_shrink_imports_a_short_newer_edition(self):
        folder = Path(self.enterContext(TemporaryDirectory()))
        path = folder / "june.txt"
        path.write_bytes(rules_dated("June 12, 2026"))
        outcome = run_command("import_rules", "--allow-shrink", "--no-link", str(path))
        self.assertEqual(outcome.code, 0, outcome.stderr)
        self.assertIn("Imported 2026-06-12 (en)", outcome.stdout)
