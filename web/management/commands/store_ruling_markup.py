import time

from common.import_lock import ImportCommand
from web.rendering.rulings import store_ruling_markup


class Command(ImportCommand):
    help = (
        "Render every ruling's text as card pages show it (in each page language, its rule "
        "numbers linked) and store it, for the rulings whose stored text no longer holds or "
        "was never made (--all: every ruling). Imports, rules imports and the admin do this by "
        "themselves; run it once on a database whose rulings were written before, or after an "
        "upgrade. Pages show the same either way: a ruling without stored text is rendered on "
        "the page."
    )

    def add_arguments(self, parser):
        parser.add_argument("--all", action="store_true", help="Every ruling, stored or not.")

    def handle(self, all, **options):
        started = time.monotonic()
        count = store_ruling_markup(stale_only=not all)
        seconds = time.monotonic() - started
        self.stdout.write(self.style.SUCCESS(f"{count} rulings stored ({seconds:.1f} s)."))
