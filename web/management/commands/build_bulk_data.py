"""Write the Scryfall-compatible API's bulk data files (``web.api.scryfall.bulk_files``).

    python manage.py build_bulk_data [--directory DIR] [--site-url URL]

Run it after an import (``update_data`` does): the files describe the data as it is when they
are built, and ``/bulk-data`` says when that was.
"""

from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand

from web.api.scryfall.bulk_files import build
from web.api.scryfall.identities import Addresses


class Command(BaseCommand):
    help = "Write the bulk data files of the Scryfall-compatible API."

    def add_arguments(self, parser):
        parser.add_argument("--directory", type=Path, default=None)
        parser.add_argument("--site-url", default=None)

    def handle(self, directory, site_url, verbosity, **options):
        directory = directory or settings.BULK_DATA_DIR
        addresses = Addresses(site_url or settings.SITE_URL)
        log = self.stdout.write if verbosity > 1 else None
        manifest = build(directory, addresses, log=log)
        counts = ", ".join(f"{kind} {facts['count']}" for kind, facts in manifest["files"].items())
        self.stdout.write(self.style.SUCCESS(f"Bulk data written to {directory}: {counts}."))
