import time

from common.import_lock import ImportCommand
from web.pages.documents.page import store_document_sections


class Command(ImportCommand):
    help = (
        "Render every section of every source document as its page shows it (in each page "
        "language) and store it. Imports and the admin do this by themselves; run it once on a "
        "database whose documents were imported before, or after an upgrade. Pages show the "
        "same either way: a section whose stored markup no longer holds is rendered on the page."
    )

    def handle(self, **options):
        started = time.monotonic()
        count = store_document_sections()
        seconds = time.monotonic() - started
        self.stdout.write(
            self.style.SUCCESS(f"{count} document sections stored ({seconds:.1f} s).")
        )
