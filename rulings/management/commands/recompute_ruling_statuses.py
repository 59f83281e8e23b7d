from django.db import transaction

from common.import_lock import ImportCommand
from oracle import data_version
from rulings.status.ruling_status import recompute_statuses


class Command(ImportCommand):
    help = (
        "Work out again whether every ruling still holds (current or outdated: a game term the "
        "rules retired after its date, or a cited rule that no longer exists), from the retired "
        "terms' data and the rules editions imported. Statuses set by hand in the admin are "
        "kept. Imports do this by themselves; run it after changing "
        "fixtures/rules/retired_terms.json or upgrading. In one transaction."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--dry-run", action="store_true", help="Work everything out, write nothing."
        )

    def handle(self, dry_run, **options):
        with transaction.atomic():
            report = recompute_statuses()
            if report.changed:
                data_version.changed()
            if dry_run:
                transaction.set_rollback(True)
        self.stdout.write(f"{report.checked} rulings checked ({report.seconds:.1f} s).")
        self.stdout.write(f"Outdated: {report.outdated}; status changed: {report.changed}.")
        if dry_run:
            self.stdout.write(self.style.WARNING("Dry run: nothing was written."))
        elif not report.changed:
            self.stdout.write(self.style.SUCCESS("Nothing changed."))
        else:
            self.stdout.write(self.style.SUCCESS(f"{report.changed} statuses written."))
