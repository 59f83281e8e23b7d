"""One import at a time: a second import says that one is running and stops, or waits with
--wait; the system checks of other commands no longer stop on a busy SQLite database."""

import os
import subprocess
import sys
import threading
import time
from pathlib import Path
from tempfile import TemporaryDirectory

from django.conf import settings
from django.db import connection, connections
from django.test import SimpleTestCase

from common.import_lock import import_lock
from rulings.tests.bad_input import RULES_SAMPLE, database_fingerprint, run_command, set_file
from web.testing import BundledDataTestCase


class HeldLock:
    """The import lock held by another thread (its own database session) until released."""

    def __init__(self, seconds: float | None = None):
        self.taken, self.release = threading.Event(), threading.Event()
        self.seconds = seconds
        self.thread = threading.Thread(target=self._hold)

    def _hold(self):
        try:
            with import_lock("import_rules"):
                self.taken.set()
                self.release.wait(self.seconds)
        finally:
            connections.close_all()

    def __enter__(self):
        self.thread.start()
        self.taken.wait(10)
        return self

    def __exit__(self, *exc):
        self.release.set()
        self.thread.join(10)


class ImportLockTests(BundledDataTestCase):
    def setUp(self):
        folder = Path(self.enterContext(TemporaryDirectory()))
        self.cards = folder / "cards.json"
        self.cards.write_bytes(set_file())
        self.rules = folder / "rules.txt"
        self.rules.write_bytes(RULES_SAMPLE)

    def test_a_second_import_says_one_is_running_and_writes_nothing(self):
        before = database_fingerprint()
        with HeldLock():
            for argv in (
                ("import_mtgjson", str(self.cards)),
                ("import_rules", "--partial", str(self.rules)),
                ("import_release_notes", str(self.rules)),
                ("update_data", "--offline"),
                ("load_bundled_rules",),
                ("link_rules",),
            ):
                with self.subTest(argv[0]):
                    outcome = run_command(*argv)
                    self.assertEqual(outcome.code, 1)
                    # Who holds it: the command and process (SQLite's lock file), or the
                    # database session (PostgreSQL's advisory lock).
                    holder = "(import_rules" if connection.vendor == "sqlite" else "(database"
                    self.assertIn(f"An import is already running {holder}", outcome.stderr)
                    self.assertIn("add --wait to wait for it", outcome.stderr)
                    self.assertNotIn("Traceback", outcome.stderr)
        self.assertEqual(database_fingerprint(), before)

    def test_wait_waits_for_the_running_import(self):
        with HeldLock(seconds=1.0):
            started = time.perf_counter()
            outcome = run_command("import_mtgjson", "--wait", str(self.cards))
        self.assertEqual(outcome.code, 0, outcome.stderr)
        self.assertGreater(time.perf_counter() - started, 0.5)
        self.assertIn("Imported cards.json", outcome.stdout)

    def test_commands_run_by_an_import_share_its_lock(self):
        """As update_data and load_bundled_* run the import commands while holding it."""
        with import_lock("update_data"):
            outcome = run_command("import_rules", "--partial", "--no-link", str(self.rules))
        self.assertEqual(outcome.code, 0, outcome.stderr)
        with HeldLock():  # released by then: another thread takes it at once
            pass

    def test_the_system_checks_do_not_query_a_busy_sqlite_database(self):
        if connection.vendor != "sqlite":
            self.skipTest("SQLite only")
        with self.assertNumQueries(0):
            self.assertTrue(connection.features.supports_json_field)


class InMemoryLockFileTests(SimpleTestCase):
    def test_a_process_with_an_in_memory_database_leaves_no_lock_file(self):
        folder = Path(self.enterContext(TemporaryDirectory()))
        code = (
            "from common.import_lock import import_lock, lock_path; "
            "lock = import_lock('import_rules'); lock.__enter__(); "
            "print(lock_path().parent, lock_path().exists())"
        )
        done = subprocess.run(
            [sys.executable, "manage.py", "shell", "--no-imports", "-c", code],
            cwd=Path(settings.BASE_DIR),
            env={**os.environ, "DATABASE_URL": "sqlite://:memory:", "TMPDIR": str(folder)},
            capture_output=True,
            text=True,
            timeout=120,
        )
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertEqual(done.stdout.split(), [str(folder), "True"])  # held in that folder
        self.assertEqual(list(folder.glob("*.import-lock")), [])
