"""Migrations from a fresh database, stopping part-way: a database created by an older release
migrates in steps, and the post-migrate work (the editors' group and its permissions) must run
on whatever state the database is in at each step. A database with cards that migrates through
the search rows' migration (oracle 0029) gets them from its next import, which says why."""

import os
import subprocess
import sys
import tempfile
from pathlib import Path

from django.conf import settings
from django.test import SimpleTestCase

from oracle.importers.version import IMPORTER_VERSION


def manage(database: Path, *arguments: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "manage.py", *arguments],
        cwd=Path(settings.BASE_DIR),
        env={**os.environ, "DATABASE_URL": f"sqlite:///{database}"},
        capture_output=True,
        text=True,
        timeout=300,
    )


def migrate(database: Path, *target: str) -> subprocess.CompletedProcess:
    return manage(database, "migrate", "--no-input", "--verbosity", "0", *target)


# Prints how many cards the card search API finds for "tarox" (Tarox Bladewing).
FOUND_BY_THE_SEARCH_API = (
    "from django.test import Client; "
    "answer = Client(HTTP_HOST='localhost').get('/api/cards/', {'q': 'tarox'}); "
    "print(answer.json()['total'])"
)


class MigrationsFromZeroTests(SimpleTestCase):
    def test_a_fresh_database_migrates_to_an_older_oracle_migration_then_to_the_newest(self):
        with tempfile.TemporaryDirectory() as folder:
            database = Path(folder) / "fresh.sqlite3"
            # Only oracle and what it depends on: contenttypes stays at its first migration,
            # whose content types still have a name.
            older = migrate(database, "oracle", "0028")
            self.assertEqual(older.returncode, 0, older.stderr)
            newest = migrate(database)
            self.assertEqual(newest.returncode, 0, newest.stderr)
            check = subprocess.run(
                [
                    sys.executable,
                    "manage.py",
                    "shell",
                    "--no-imports",
                    "-c",
                    "from django.contrib.auth.models import Group; "
                    "print(Group.objects.get(name='editors').permissions.count())",
                ],
                cwd=Path(settings.BASE_DIR),
                env={**os.environ, "DATABASE_URL": f"sqlite:///{database}"},
                capture_output=True,
                text=True,
                timeout=120,
            )
            self.assertEqual(check.returncode, 0, check.stderr)
            self.assertGreater(int(check.stdout.strip().splitlines()[-1]), 0)

    def test_cards_migrated_through_the_search_rows_migration_are_found_after_the_next_load(self):
        with tempfile.TemporaryDirectory() as folder:
            database = Path(folder) / "older.sqlite3"
            for step in (migrate(database), manage(database, "load_bundled_data")):
                self.assertEqual(step.returncode, 0, step.stderr)
            # Back to before the search rows (the cards stay), as a database of an older
            # release holds them; then up to the newest.
            for step in (migrate(database, "oracle", "0028"), migrate(database)):
                self.assertEqual(step.returncode, 0, step.stderr)
            found = manage(database, "shell", "--no-imports", "-c", FOUND_BY_THE_SEARCH_API)
            self.assertEqual(found.stdout.split(), ["0"], found.stderr)

            loaded = manage(database, "load_bundled_data")
            self.assertEqual(loaded.returncode, 0, loaded.stderr)
            self.assertIn(
                "Bundled data: the importer changed since these files were imported "
                f"(version 0 -> {IMPORTER_VERSION}): importing them again.",
                loaded.stdout,
            )
            found = manage(database, "shell", "--no-imports", "-c", FOUND_BY_THE_SEARCH_API)
            self.assertEqual(found.stdout.split(), ["1"], found.stderr)
            again = manage(database, "load_bundled_data")
            self.assertIn("Bundled data already loaded", again.stdout)
