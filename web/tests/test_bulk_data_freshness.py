"""After ``manage.py build_bulk_data`` the bulk-data list answers the new files at once: its
ETag and its page-cache key change with the data version the command raises, which every
instance sharing the database (and the Redis) reads."""

import shutil
import tempfile
from io import StringIO
from pathlib import Path

from django.core.cache import cache
from django.core.management import call_command
from django.test import override_settings

from web.testing import BundledDataTestCase

LIST = "/api/scryfall/bulk-data"


@override_settings(PAGE_CACHE_SECONDS=300)
class BulkDataFreshnessTests(BundledDataTestCase):
    def setUp(self):
        directory = Path(tempfile.mkdtemp(prefix="oracolo-bulk-fresh-"))
        self.addCleanup(shutil.rmtree, directory, True)
        moved = override_settings(BULK_DATA_DIR=directory)
        moved.enable()
        self.addCleanup(moved.disable)
        cache.clear()
        self.addCleanup(cache.clear)

    def build(self, site_url: str):
        with self.captureOnCommitCallbacks(execute=True):
            call_command("build_bulk_data", "--site-url", site_url, stdout=StringIO())

    def sizes(self, response) -> dict[str, int]:
        return {item["type"]: item["size"] for item in response.json()["data"]}

    def test_a_rebuild_is_answered_at_once(self):
        self.build("http://first.example.org")
        first = self.client.get(LIST)
        self.assertEqual(self.client.get(LIST).content, first.content)  # kept by the page cache
        # Longer addresses in every card object: the same cards, bigger files.
        self.build("http://a-much-longer-site-address.example.org")
        second = self.client.get(LIST)
        self.assertNotEqual(second["ETag"], first["ETag"])
        for kind in ("oracle_cards", "default_cards", "all_cards"):
            self.assertGreater(self.sizes(second)[kind], self.sizes(first)[kind])
        # A browser that kept the first list gets the second, not a 304.
        again = self.client.get(LIST, HTTP_IF_NONE_MATCH=first["ETag"])
        self.assertEqual(again.status_code, 200)
        self.assertEqual(again.content, second.content)
