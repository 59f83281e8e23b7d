"""``/api/scryfall/bulk-data`` after ``make run``: its preparation (``prepare_data``) builds the
bulk files as its last step when they are missing or older than the data, and leaves them alone
(and the data version with them) when nothing changed."""

from io import StringIO
from pathlib import Path
from tempfile import TemporaryDirectory

from django.core.management import call_command
from django.test import override_settings

from oracle import data_version
from web.api.scryfall.bulk_files import KINDS
from web.testing import BundledDocumentsTestCase

BULK_LIST = "/api/scryfall/bulk-data"


class PreparedBulkDataTests(BundledDocumentsTestCase):
    def setUp(self):
        folder = TemporaryDirectory()
        self.addCleanup(folder.cleanup)
        self.directory = Path(folder.name)
        moved = override_settings(BULK_DATA_DIR=self.directory)
        moved.enable()
        self.addCleanup(moved.disable)

    def prepare(self) -> str:
        out = StringIO()
        # As outside a test: the data version rises when the command's writes commit.
        with self.captureOnCommitCallbacks(execute=True):
            call_command("prepare_data", verbosity=0, stdout=out, stderr=StringIO())
        return out.getvalue()

    def listed(self) -> dict[str, dict]:
        response = self.client.get(BULK_LIST)
        self.assertEqual(response.status_code, 200)
        return {item["type"]: item for item in response.json()["data"]}

    def test_the_preparation_builds_the_files_the_list_then_names(self):
        self.assertEqual(self.listed(), {})
        self.prepare()
        listed = self.listed()
        self.assertEqual(sorted(listed), sorted(kind.type for kind in KINDS))
        self.assertEqual(listed["oracle_cards"]["count"], 1128)  # the bundled cards
        download = self.client.get(listed["default_cards"]["download_uri"])
        self.assertEqual(download.status_code, 200)
        self.assertEqual(download["Content-Encoding"], "gzip")

    def test_a_second_preparation_leaves_files_and_data_version_alone(self):
        self.prepare()
        manifest = (self.directory / "manifest.json").read_text()
        version = data_version.current().number
        self.prepare()
        self.assertEqual((self.directory / "manifest.json").read_text(), manifest)
        self.assertEqual(data_version.current().number, version)

    def test_files_older_than_the_data_are_built_again(self):
        self.prepare()
        built = self.listed()["rulings"]["updated_at"]
        with self.captureOnCommitCallbacks(execute=True):
            data_version.changed()  # an edit or an import after the build
        before = data_version.current().number
        self.prepare()
        self.assertEqual(data_version.current().number, before + 1)  # the build's own rise
        manifest = (self.directory / "manifest.json").read_text()
        self.assertIn(f'"data_version": {before}', manifest)
        self.assertGreaterEqual(self.listed()["rulings"]["updated_at"], built)
