import time

from common.import_lock import ImportCommand
from oracle.models import Card
from web.pages.card.markup import store_card_markup


class Command(ImportCommand):
    help = (
        "Render the parts of each card's page that change only with its data (texts with their "
        "links, diffs, errata, wording history, printings, legality) in each page language and "
        "store them, for the cards whose stored parts no longer hold or were never made (--all: "
        "every card). Card imports and the admin do this by themselves; run it once on a "
        "database whose cards were written before, or after an upgrade that changed templates "
        "or translations. Pages show the same either way: parts not stored are rendered on the "
        "page."
    )

    def add_arguments(self, parser):
        parser.add_argument("--all", action="store_true", help="Every card, stored or not.")
        parser.add_argument("slugs", nargs="*", help="Only these cards (their addresses).")

    def handle(self, all, slugs, **options):
        started = time.monotonic()
        card_pks = None
        if slugs:
            card_pks = list(Card.objects.filter(slug__in=slugs).values_list("pk", flat=True))
        count = store_card_markup(card_pks, stale_only=not all)
        seconds = time.monotonic() - started
        self.stdout.write(self.style.SUCCESS(f"{count} card pages stored ({seconds:.1f} s)."))
