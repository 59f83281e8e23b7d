"""prepare_data (make prepare): the migrations and the first data load, once, under a lock other
instances wait on; loading data that has not changed changes no data version, so starting or
preparing again leaves every page's ETag and the page cache as they were."""

import os
import socket
import sqlite3
import subprocess
import sys
import threading
import time
from contextlib import closing
from io import StringIO
from pathlib import Path
from tempfile import TemporaryDirectory
from unittest import mock

import dj_database_url
from django.conf import settings
from django.core.management import call_command
from django.db import connection, connections
from django.test import SimpleTestCase, override_settings

from common.import_lock import LockTimeout, prepare_lock
from common.sqlite_backend.base import DatabaseWrapper, MissingDatabase
from oracle import data_version
from rulings.tests.test_import_lock import HeldLock
from web.management.commands.prepare_data import LOADERS
from web.testing import BundledDocumentsTestCase


class HeldPreparation:
    """The preparation lock held by another thread (its own database session) until released."""

    def __init__(self, seconds: float | None = None):
        self.taken, self.release = threading.Event(), threading.Event()
        self.seconds = seconds
        self.thread = threading.Thread(target=self._hold)

    def _hold(self):
        try:
            with prepare_lock("prepare_data", timeout=None):
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


# The first bundled document, as fixtures/documents/documents.json lists it.
FUTURE_SIGHT = {
    "file": "it/future-sight-release-notes.txt",
    "language": "it",
    "set": "FUT",
    "kind": "release_notes",
    "title": "Compendio di Regole di Visione Futura",
}


def prepare(**options) -> str:
    out = StringIO()
    # Its last step writes the bulk files: into a folder of the test's, not the project's.
    with TemporaryDirectory() as bulk, override_settings(BULK_DATA_DIR=Path(bulk)):
        call_command("prepare_data", verbosity=0, stdout=out, stderr=StringIO(), **options)
    return out.getvalue()


class UnchangedDataTests(BundledDocumentsTestCase):
    def version_after(self, name, *args, **options) -> int:
        with self.captureOnCommitCallbacks(execute=True):
            call_command(name, *args, verbosity=0, stdout=StringIO(), stderr=StringIO(), **options)
        return data_version.current().number

    def test_each_loader_run_again_leaves_the_version_alone(self):
        for name, options in LOADERS:
            with self.subTest(name):
                once = self.version_after(name, **options)
                self.assertEqual(self.version_after(name, **options), once)

    def test_a_document_imported_again_by_force_raises_it_once(self):
        """The same file forced through: a real import, which says so once."""
        before = data_version.current().number
        after = self.version_after(
            "import_release_notes",
            Path(settings.BASE_DIR) / "fixtures" / "documents" / FUTURE_SIGHT["file"],
            language=FUTURE_SIGHT["language"],
            kind=FUTURE_SIGHT["kind"],
            set_code=FUTURE_SIGHT["set"],
            title=FUTURE_SIGHT["title"],
            force=True,
        )
        self.assertEqual(after, before + 1)


class PrepareDataTests(BundledDocumentsTestCase):
    def holder(self) -> str:
        return "(prepare_data, process" if connection.vendor == "sqlite" else "(database session"

    def test_a_prepared_database_passes_the_check(self):
        self.assertEqual(prepare(check=True), "")

    def test_a_second_preparation_waits_for_the_first_then_finds_it_done(self):
        before = data_version.current().number
        with HeldPreparation(seconds=1.0):
            started = time.monotonic()
            out = prepare()
        self.assertGreater(time.monotonic() - started, 0.5)
        self.assertIn(f"Another process is preparing the database {self.holder()}", out)
        self.assertIn("waiting until it is done", out)
        self.assertIn("Prepared the", out)
        self.assertEqual(data_version.current().number, before)

    def test_it_waits_no_longer_than_its_timeout(self):
        with HeldPreparation(), self.assertRaisesMessage(LockTimeout, "waited 0.3 seconds"):
            prepare(timeout=0.3)

    def test_an_import_running_on_a_loaded_database_is_left_to_it(self):
        with HeldLock():
            started = time.monotonic()
            out = prepare(timeout=30)
        self.assertLess(time.monotonic() - started, 10)  # not the 30 s of waiting for it
        self.assertIn("An import is running and the database is migrated and holds data", out)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def sqlite_settings(database: Path) -> dict:
    """A connection's settings for the SQLite file ``database``, as Django completes them."""
    return {
        **dj_database_url.parse(f"sqlite:///{database}"),
        "ATOMIC_REQUESTS": False,
        "AUTOCOMMIT": True,
        "OPTIONS": {},
        "TIME_ZONE": None,
        "TEST": {},
    }


class UnpreparedDatabaseTests(SimpleTestCase):
    def test_make_serve_refuses_a_database_without_tables_and_names_make_prepare(self):
        with TemporaryDirectory() as folder:
            database = Path(folder) / "new.sqlite3"
            database.touch()  # an empty file: an SQLite database without tables
            result = subprocess.run(
                ["make", "--no-print-directory", "serve", f"PORT={free_port()}"],
                cwd=settings.BASE_DIR,
                env={
                    **os.environ,
                    "DATABASE_URL": f"sqlite:///{database}",
                    "SECRET_KEY": "a-key-for-this-test-only",
                    "ALLOWED_HOSTS": "127.0.0.1",
                    "STATIC_ROOT": str(Path(folder) / "static"),
                },
                capture_output=True,
                text=True,
                timeout=300,
            )
            with closing(sqlite3.connect(database)) as reader:  # nothing migrated
                tables = reader.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]
            self.assertEqual(tables, 0)
        self.assertNotEqual(result.returncode, 0, result.stdout)
        self.assertIn(f"The SQLite database {database} has no tables yet", result.stderr)
        self.assertIn("run `make prepare`", result.stderr)
        self.assertNotIn("Traceback", result.stderr)
        self.assertNotIn("gunicorn", result.stdout)  # never started

    def test_the_projects_database_file_is_created_only_by_the_commands_that_fill_it(self):
        with TemporaryDirectory() as folder, override_settings(BASE_DIR=Path(folder)):
            database = Path(folder) / "db.sqlite3"
            for argv, created in [
                (["manage.py", "update_data"], False),
                (["manage.py", "prepare_data", "--check"], False),
                (["manage.py", "migrate"], True),
            ]:
                with self.subTest(argv), mock.patch.object(sys, "argv", argv):
                    wrapper = DatabaseWrapper(sqlite_settings(database), alias="unprepared")
                    if created:
                        wrapper.ensure_connection()
                        wrapper.close()
                    else:
                        with self.assertRaisesMessage(MissingDatabase, "run `make prepare`"):
                            wrapper.ensure_connection()
                    self.assertEqual(database.exists(), created)
