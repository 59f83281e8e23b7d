"""Where the rate-limit counters live without Redis (common/instance_cache.py): the workers of
one instance count together, in a folder of the machine, and lose no count however they
interleave (issue 41, item 2: a limit of 60 let 117 through with two workers counting apart)."""

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from unittest import mock

from django.conf import settings
from django.test import SimpleTestCase

from common.instance_cache import InstanceCache
from web.testing import settings_in_subprocess

COUNTING = """
import sys
from common.instance_cache import InstanceCache

counters = InstanceCache(sys.argv[1], {})
for _ in range(int(sys.argv[2])):
    counters.add("requests", 0, 60)
    counters.incr("requests")
"""


class InstanceCacheTests(SimpleTestCase):
    def setUp(self):
        folder = tempfile.TemporaryDirectory()
        self.addCleanup(folder.cleanup)
        self.folder = Path(folder.name) / "limits"

    def test_two_processes_counting_together_lose_no_count(self):
        processes = [
            subprocess.Popen(
                [sys.executable, "-c", COUNTING, str(self.folder), "300"],
                cwd=settings.BASE_DIR,
            )
            for _ in range(2)
        ]
        for process in processes:
            self.assertEqual(process.wait(timeout=120), 0)
        self.assertEqual(InstanceCache(str(self.folder), {}).get("requests"), 600)

    def test_two_workers_of_an_instance_share_the_clients_count(self):
        # Two processes with the settings of an instance without CACHE_URL, 100 requests each
        # from one client, at one moment: 75 allowed in all, as one process would allow.
        requests = (
            "from web import search_limits; search_limits.clock = lambda: 6e7 + 1; "
            "print(sum(search_limits.over_rate('c', 'search') is None for _ in range(100)))"
        )
        environment = {key: value for key, value in os.environ.items() if key != "CACHE_URL"}
        environment |= {
            "SEARCH_RATE_LIMIT": "75",
            "SEARCH_RATE_BURST": "0",
            "LIMITS_CACHE_DIR": str(self.folder),
        }
        processes = [
            subprocess.Popen(
                [sys.executable, "manage.py", "shell", "--no-imports", "-c", requests],
                cwd=settings.BASE_DIR,
                env=environment,
                stdout=subprocess.PIPE,
                text=True,
            )
            for _ in range(2)
        ]
        allowed = [int(process.communicate(timeout=120)[0]) for process in processes]
        self.assertEqual(sum(allowed), 75)
        settings_made = settings_in_subprocess(
            {}, ["CACHES", "LIMITS_CACHE_DIR"], unset=("CACHE_URL", "LIMITS_CACHE_DIR")
        )
        self.assertEqual(settings_made.returncode, 0, settings_made.stderr)
        made = json.loads(settings_made.stdout)
        self.assertEqual(made["CACHES"]["limits"]["BACKEND"], "common.instance_cache.InstanceCache")
        folder = Path(made["LIMITS_CACHE_DIR"])
        self.assertEqual(folder.parent, Path(tempfile.gettempdir()))
        self.assertTrue(folder.name.startswith("oracolo-limits-"))

    def test_incr_keeps_the_expiry_and_a_missing_key_is_refused(self):
        counters = InstanceCache(str(self.folder), {})
        counters.add("n", 0, 60)
        with mock.patch("time.time", return_value=0):  # the expiry written stays put
            self.assertEqual(counters.incr("n", 5), 5)
        self.assertEqual(counters.decr("n"), 4)
        self.assertEqual(counters.get("n"), 4)
        with self.assertRaises(ValueError):
            counters.incr("other")
        counters.set("gone", 1, -1)
        with self.assertRaises(ValueError):
            counters.incr("gone")

    def test_a_folder_others_may_write_is_refused(self):
        self.folder.mkdir(mode=0o777)
        self.folder.chmod(0o777)
        with self.assertRaisesMessage(Exception, "LIMITS_CACHE_DIR"):
            InstanceCache(str(self.folder), {})
