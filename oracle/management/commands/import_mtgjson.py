import gc
from pathlib import Path

from django.core.management.base import CommandError
from django.db import transaction

from common.engines import roomy_page_cache
from common.import_lock import ImportCommand
from oracle import data_version
from oracle.importers.mtgjson_reader import ReadError, read_mtgjson
from oracle.importers.mtgjson_sync import IMPORT_RECORD, sync_mtgjson


class Command(ImportCommand):
    help = (
        "Import MTGJSON files: set files, AllPrintings and Keywords (plain JSON or .gz). "
        "Idempotent; everything is written in one transaction."
    )

    def add_arguments(self, parser):
        parser.add_argument("paths", nargs="+", type=Path, metavar="PATH")
        parser.add_argument(
            "--dry-run", action="store_true", help="Read and compare, write nothing."
        )
        parser.add_argument(
            "--source",
            default="",
            help="Where the files were downloaded from, for the import's record "
            "(default: their names).",
        )

    def handle(self, paths, dry_run, source, verbosity, **options):
        progress = self._progress if verbosity >= 1 else None
        try:
            data = read_mtgjson(paths, progress=self._set_progress(verbosity))
        except ReadError as error:
            raise CommandError(f"Nothing was imported. {error}") from error
        for warning in data.warnings:
            self.stderr.write(self.style.WARNING(warning))
        if progress:
            progress(
                f"Read {len(data.sets)} sets, {len(data.cards)} cards, "
                f"{len(data.printings)} printings."
            )
        # What was read lives until the end: the cycle collector need not walk its millions of
        # objects again at every collection the writing triggers.
        gc.freeze()
        try:
            with roomy_page_cache(), transaction.atomic():
                stats = sync_mtgjson(data, log=progress, source=source)
                data_version.changed()
                if dry_run:
                    transaction.set_rollback(True)
        finally:
            gc.unfreeze()
        if verbosity >= 1:
            for label, counts in stats.items():
                self.stdout.write(f"{label}: {counts}")
        if not any(counts.changed for key, counts in stats.items() if key != IMPORT_RECORD):
            self.stdout.write(self.style.SUCCESS("Nothing changed: the database already matches."))
        elif dry_run:
            self.stdout.write(self.style.WARNING("Dry run: nothing was written."))
        else:
            self.stdout.write(self.style.SUCCESS(f"Imported {', '.join(data.files)}."))

    def _set_progress(self, verbosity):
        """Every set at -v 2; every 25th at -v 1, enough to see a long AllPrintings run move."""
        if verbosity < 1:
            return None
        count = 0

        def report(message):
            nonlocal count
            count += 1
            if verbosity >= 2 or count % 25 == 0:
                self._progress(message)

        return report

    def _progress(self, message):
        self.stderr.write(message)
        self.stderr.flush()
