from django.core.management.base import BaseCommand

from rulings.translations.seed_alignment import align_seed_translations


class Command(BaseCommand):
    help = (
        "Align the Italian rulings of the seed documents with the English rulings of the same "
        "cards and store those aligned with confidence as approved translations (idempotent)."
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
