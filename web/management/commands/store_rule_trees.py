import time

from common.import_lock import ImportCommand
from web.pages.rules.stored_trees import store_rule_trees


class Command(ImportCommand):
    help = (
        "Render the rules each section holds as its pages show them (every page of every "
        "section of the editions one reads, in each page language) and store them. Rules and "
        "release-notes imports and the admin do this by themselves; run it once on a database "
        "whose rules were imported before, or after an upgrade. Pages show the same either "
        "way: a section whose tree is missing or was made from other editions is rendered on "
        "the page."
    )

    def handle(self, **options):
        started = time.monotonic()
        count = store_rule_trees()
        seconds = time.monotonic() - started
        self.stdout.write(self.style.SUCCESS(f"{count} section pages stored ({seconds:.1f} s)."))
