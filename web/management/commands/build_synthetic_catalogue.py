"""Turn a throwaway copy of the database into a synthetic catalogue of N times its cards, for
benchmarks (``web.catalogue_copies``; benchmarks/README.md).

    cp /tmp/all.sqlite3 /tmp/all-10x.sqlite3
    DATABASE_URL=sqlite:////tmp/all-10x.sqlite3 \\
        .venv/bin/python manage.py build_synthetic_catalogue --times 10 --yes-this-is-a-copy

It writes hundreds of thousands of made-up cards into the database it runs on, so it refuses
to run without ``--yes-this-is-a-copy``, and always on the project's own db.sqlite3.
"""

import time
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from common.engines import describe_database, is_sqlite_file
from web.catalogue_copies import CopyRefused, copy_catalogue


class Command(BaseCommand):
    help = (
        "Copy every card of the database N - 1 times under new names (a synthetic catalogue "
        "of N times its cards, for benchmarks). Only on a throwaway copy of a database."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--times", type=int, default=10, help="the catalogue's size afterwards (default 10)"
        )
        parser.add_argument(
            "--yes-this-is-a-copy",
            action="store_true",
            dest="confirmed",
            help="say that the database is a throwaway copy made for a benchmark",
        )

    def handle(self, times, confirmed, verbosity, **options):
        where = describe_database()
        if is_sqlite_file(Path(settings.BASE_DIR) / "db.sqlite3"):
            raise CommandError(
                f"Refused: {where} is the project's own database. Copy a database holding the "
                "catalogue to a file of its own and point DATABASE_URL at that copy."
            )
        if not confirmed:
            raise CommandError(
                f"Refused: this writes made-up cards into {where}. Run it only on a throwaway "
                "copy made for a benchmark, and say so with --yes-this-is-a-copy."
            )

        def progress(text):
            if verbosity:
                self.stdout.write(f"  {text}", ending="\n")
                self.stdout.flush()

        started = time.perf_counter()
        try:
            report = copy_catalogue(times, progress)
        except CopyRefused as refusal:
            raise CommandError(f"Refused: {refusal}") from refusal
        if verbosity:
            copied = ", ".join(f"{label} {count:,}" for label, count in report.rows_copied.items())
            self.stdout.write(
                f"{where}: {report.cards_before:,} cards -> {report.cards_after:,} in "
                f"{time.perf_counter() - started:.0f} s.\nRows written: {copied}."
            )
            if report.skipped:
                self.stdout.write(f"Not copied: {', '.join(report.skipped)}.")
