"""import_mtgjson on damaged files: each stops the import before anything is written, and says
where."""

import gzip
import json
import re

from django.core.management import CommandError

from oracle.models import (
    CardSet,
)
from oracle.tests.helpers import (
    FIRE_ICE,
    FUT,
    TemporaryFilesMixin,
    mtgjson_card,
    run_import,
    small_set,
    table_counts,
)
from web.testing import EmptyDatabaseTestCase


class DamagedFileTests(TemporaryFilesMixin, EmptyDatabaseTestCase):
    """Every damaged file stops the import before anything is written, and says where."""

    @classmethod
    def setUpTestData(cls):
        run_import(FUT)

    def setUp(self):
        super().setUp()
        self.good = self.write_set_file("GOOD.json", small_set())
        self.counts = table_counts()

    def assertImportFails(self, path, *patterns):
        """Alone and after a good file, the import fails naming the file, and writes nothing."""
        for paths in ([path], [self.good, path]):
            with self.subTest(paths=[p.name for p in paths]):
                with self.assertRaises(CommandError) as raised:
                    run_import(*paths)
                message = str(raised.exception)
                self.assertIn(path.name, message)
                for pattern in patterns:
                    self.assertRegex(message, pattern)
                self.assertEqual(table_counts(), self.counts)
        self.assertFalse(CardSet.objects.filter(code="ABC").exists())

    def test_truncated_json_names_line_and_column(self):
        text = json.dumps({"data": small_set()}, indent=1)
        path = self.tmp / "truncated.json"
        path.write_text(text[: len(text) // 2], encoding="utf-8")
        self.assertImportFails(path, r"truncated\.json: line \d+, column \d+: invalid JSON")

    def test_syntax_error_names_its_line_and_column(self):
        path = self.tmp / "comma.json"
        path.write_text('{\n "data": {\n  "code": "X",,\n  "cards": []\n }\n}\n', encoding="utf-8")
        self.assertImportFails(path, r"comma\.json: line 3, column 15: invalid JSON")

    def test_card_without_layout(self):
        broken = small_set("BRK", "Broken")
        broken["cards"].append(mtgjson_card("Lightning Bolt", "2", FIRE_ICE))
        del broken["cards"][1]["layout"]
        path = self.write_set_file("BRK.json", broken)
        self.assertImportFails(
            path, r"set BRK: cards\[1\] \(Lightning Bolt\): missing or empty 'layout'"
        )

    def test_bad_release_date(self):
        path = self.write_set_file(
            "BRK.json", small_set("BRK", "Broken") | {"releaseDate": "2007-13-45"}
        )
        self.assertImportFails(path, r"set BRK: releaseDate: expected a date.*'2007-13-45'")

    def test_bad_ruling_date(self):
        broken = small_set("BRK", "Broken")
        broken["cards"][0]["rulings"] = [{"date": "1 May 2007", "text": "It works."}]
        path = self.write_set_file("BRK.json", broken)
        self.assertImportFails(
            path, r"cards\[0\] \(Serra Angel\): ruling date: expected a date.*'1 May 2007'"
        )

    def test_edhrec_rank_that_is_not_a_whole_number(self):
        for value in ("12", 1.5, -3):
            with self.subTest(value=value):
                broken = small_set("BRK", "Broken")
                broken["cards"][0]["edhrecRank"] = value
                path = self.write_set_file("BRK.json", broken)
                self.assertImportFails(
                    path,
                    r"cards\[0\] \(Serra Angel\): 'edhrecRank' should be a whole number from 0 "
                    r"to 2,147,483,647, found " + re.escape(repr(value)),
                )

    def test_oracle_id_that_is_not_a_uuid(self):
        broken = small_set("BRK", "Broken")
        broken["cards"][0]["identifiers"]["scryfallOracleId"] = "serra-angel"
        path = self.write_set_file("BRK.json", broken)
        self.assertImportFails(
            path,
            r"cards\[0\] \(Serra Angel\): identifiers\.scryfallOracleId: expected a UUID, "
            r"found 'serra-angel'",
        )

    def test_value_of_the_wrong_json_type(self):
        broken = small_set("BRK", "Broken")
        broken["cards"][0]["legalities"] = ["legacy", "vintage"]
        path = self.write_set_file("BRK.json", broken)
        self.assertImportFails(
            path, r"cards\[0\] \(Serra Angel\): 'legalities' should be a dict, found list"
        )

    def test_json_that_is_not_mtgjson(self):
        path = self.write_json("shopping.json", {"items": ["bread", "milk"], "total": 3})
        self.assertImportFails(path, r"is this an MTGJSON file\?")

    def test_data_that_is_not_a_set(self):
        path = self.write_json("other.json", {"data": {"name": "Not a set", "count": 2}})
        self.assertImportFails(path, r"neither a set .* nor sets keyed by code")

    def test_text_file(self):
        path = self.tmp / "notes.json"
        path.write_text("These are not cards.\n", encoding="utf-8")
        self.assertImportFails(path, r"line 1, column 1: invalid JSON")

    def test_missing_file(self):
        self.assertImportFails(self.tmp / "missing.json", r"cannot be opened")

    def test_bad_gzip(self):
        path = self.tmp / "broken.json.gz"
        path.write_bytes(b"\x1f\x8b" + b"this is not deflate data" * 10)
        self.assertImportFails(path, r"not readable as JSON or gzip")

    def test_cut_short_gzip(self):
        whole = gzip.compress(FUT.read_bytes())
        path = self.tmp / "short.json.gz"
        path.write_bytes(whole[: len(whole) // 2])
        self.assertImportFails(path, r"not readable as JSON or gzip")

    def test_good_file_alone_imports(self):
        # The control for the tests above: the good file on its own is fine.
        run_import(self.good)
        self.assertTrue(CardSet.objects.filter(code="ABC").exists())
