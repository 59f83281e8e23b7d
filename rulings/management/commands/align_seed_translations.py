from django.core.management.base import BaseCommand

from rulings.translations.seed_alignment import align_seed_translations

SHOWN = 80  # characters of each text of an aligned pair, with -v 2


class Command(BaseCommand):
    help = (
        "Align the Italian rulings of the seed documents with the English ruling texts they "
        "translate (by what survives translation: numbers, symbols, names) and store those "
        "aligned with confidence as approved translations (idempotent)."
    )

    def handle(self, verbosity, **options):
        report = align_seed_translations()
        self.stdout.write(
            f"Aligned: {report.aligned} new, {report.unchanged} already in the memory."
        )
        for reason, count in sorted(report.left.items()):
            self.stdout.write(f"Left: {count} ({reason})")
        self.stdout.write(
            f"Card rulings covered by approved translations: {report.covered} of "
            f"{report.card_rulings}."
        )
        if verbosity > 1:
            for english, italian in report.pairs:
                self.stdout.write(f"EN: {english[:SHOWN]}\nIT: {italian[:SHOWN]}")
