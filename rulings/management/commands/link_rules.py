from django.db import transaction

from common.import_lock import ImportCommand
from oracle import data_version
from rulings.linking.sync import LinkReport, link_cards


class Command(ImportCommand):
    help = (
        "Link every card to the sections of the current Comprehensive Rules it uses (keywords, "
        "types, layout, rulings) and fill the cards' rule search column. Idempotent, in one "
        "transaction; links made or removed by hand in the admin are kept."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--dry-run", action="store_true", help="Work everything out, write nothing."
        )

    def handle(self, dry_run, verbosity, **options):
        log = self._progress if verbosity >= 2 else None
        with transaction.atomic():
            report = link_cards(log=log)
            if report.changed:
                data_version.changed()
            if dry_run:
                transaction.set_rollback(True)
        if report.edition is None:
            self.stdout.write(
                self.style.WARNING(
                    "No complete English rules edition is imported: nothing to link "
                    "(import_rules or load_bundled_rules first)."
                )
            )
            return
        if verbosity >= 1:
            self.write_report(report)
        if not report.changed:
            self.stdout.write(
                self.style.SUCCESS(
                    f"Nothing changed: the links were up to date ({report.seconds:.1f} s)."
                )
            )
        elif dry_run:
            self.stdout.write(self.style.WARNING("Dry run: nothing was written."))
        else:
            self.stdout.write(
                self.style.SUCCESS(f"Linked {report.cards} cards in {report.seconds:.1f} s.")
            )

    def write_report(self, report: LinkReport):
        out = self.stdout.write
        out(f"Rules edition: {report.edition}")
        out(f"Cards: {report.cards}, {report.cards_linked} with at least one rule")
        out(f"Computed links: {report.links}")
        reasons = ", ".join(f"{reason} {count}" for reason, count in report.by_reason.most_common())
        out(f"Links by reason: {reasons or 'none'}")
        out(f"Hand-made links: {report.manual}, {report.manual_moved} moved to the current edition")
        for stranded in report.manual_stranded:
            self.stderr.write(
                self.style.WARNING(
                    f"Hand-made link with no section in the current edition: {stranded}"
                )
            )
        out(f"Search column: {report.search_rules}")
        if report.keyword_rules_filled:
            out(f"Keywords given their defining rule: {report.keyword_rules_filled}")
        out(f"Coverage: {report.coverage}")

    def _progress(self, message):
        self.stderr.write(message)
        self.stderr.flush()
