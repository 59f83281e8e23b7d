"""Write the Scryfall-compatible API's bulk data files (``web.api.scryfall.bulk_files``).

    python manage.py build_bulk_data [--directory DIR] [--site-url URL] [--if-stale]

Run it after an import: the files describe the data as it is when they are built, and
``/bulk-data`` says when that was. ``prepare_data`` (``make run``, ``make prepare``) runs it with
``--if-stale``: it builds only when the directory has no files yet, or files older than the
data's last change.
"""

from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand

from web.api.scryfall.bulk_files import build, up_to_date
from web.api.scryfall.identities import Addresses


class Command(BaseCommand):
    help = "Write the bulk data files of the Scryfall-compatible API."

    def add_arguments(self, parser):
        parser.add_argument("--directory", type=Path, default=None)
        parser.add_argument("--site-url", default=None)
        parser.add_argument(
            "--if-stale",
            action="store_true",
            help="Build only when the files are missing or the data changed since they were built.",
        )

    def handle(self, directory, site_url, if_stale, verbosity, **options):
        directory = directory or settings.BULK_DATA_DIR
        if if_stale and up_to_date(directory):
            if verbosity > 1:
                self.stdout.write(f"Bulk data in {directory} is up to date.")
            return
        addresses = Addresses(site_url or settings.SITE_URL)
        log = self.stdout.write if verbosity > 1 else None
        manifest = build(directory, addresses, log=log)
        counts = ", ".join(f"{kind} {facts['count']}" for kind, facts in manifest["files"].items())
        self.stdout.write(self.style.SUCCESS(f"Bulk data written to {directory}: {counts}."))
