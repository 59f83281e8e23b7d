"""Migrations from a fresh database, stopping part-way: a database created by an older release
migrates in steps, and the post-migrate work (the editors' group and its permissions) must run
on whatever state the database is in at each step."""

import os
import subprocess
import sys
import tempfile
from pathlib import Path

from django.conf import settings
from django.test import SimpleTestCase


def migrate(database: Path, *target: str) -> subprocess.CompletedProcess:
    environment = {**os.environ, "DATABASE_URL": f"sqlite:///{database}"}
    return subprocess.run(
        [sys.executable, "manage.py", "migrate", "--no-input", "--verbosity", "0", *target],
        cwd=Path(settings.BASE_DIR),
        env=environment,
        capture_output=True,
        text=True,
        timeout=300,
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
