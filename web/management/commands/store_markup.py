import time

from common.import_lock import ImportCommand
from web.stores import registry as stored_markup


class Command(ImportCommand):
    help = (
        "Bring every kind of stored markup up to date at once (the rulings, the rules' section "
        "pages, the documents' sections): what no longer holds "
        "or was never made is rendered and stored (--all: everything). Imports and the admin "
        "keep each store in step by themselves; run this after migrating to a new release, or "
        "on a database written before. Pages show the same either way, only slower while "
        "their markup is not stored."
    )

    def add_arguments(self, parser):
        parser.add_argument("--all", action="store_true", help="Everything, stored or not.")

    def handle(self, all, **options):
        started = time.monotonic()
        for store in stored_markup.stores():
            begun = time.monotonic()
            count = store.store(all)
            seconds = time.monotonic() - begun
            self.stdout.write(f"{store.name}: {count} stored ({seconds:.1f} s).")
        seconds = time.monotonic() - started
        self.stdout.write(self.style.SUCCESS(f"Stored markup up to date ({seconds:.1f} s)."))
