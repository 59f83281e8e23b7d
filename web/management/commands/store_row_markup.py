import time

from common.import_lock import ImportCommand
from web.pages.lists.stored_rows import store_set_rows


class Command(ImportCommand):
    help = (
        "Make the rows of the sets' tables of cards (in each page language) and store them, "
        "for the printings whose stored row no longer holds or was never made (--all: every "
        "printing). Imports do this by themselves; run it once on a database whose cards were "
        "written before, or after an upgrade that changes how the rows look. Pages show the "
        "same either way: a row without a stored copy is made on the page."
    )

    def add_arguments(self, parser):
        parser.add_argument("--all", action="store_true", help="Every row, stored or not.")

    def handle(self, all, **options):
        started = time.monotonic()
        count = store_set_rows(stale_only=not all)
        seconds = time.monotonic() - started
        self.stdout.write(self.style.SUCCESS(f"{count} set rows stored ({seconds:.1f} s)."))
