import time
from pathlib import Path

from django.core.management.base import CommandError
from django.db import transaction

from common.import_lock import ImportCommand
from oracle import data_version
from rulings.importers.comprehensive_rules import ReadError, read_rules
from rulings.importers.rules_checks import shrink_refusal
from rulings.importers.rules_sync import sync_rules
from rulings.linking.sync import link_cards
from rulings.models import RulesEdition


class Command(ImportCommand):
    help = (
        "Import a Comprehensive Rules text file (as Wizards publishes it, or the Italian "
        "translation in the same layout): one edition, idempotent, in one transaction. Older "
        "English editions get their numbers mapped onto the current edition."
    )

    def add_arguments(self, parser):
        parser.add_argument("path", type=Path, metavar="PATH")
        parser.add_argument(
            "--language",
            choices=["en", "it"],
            help="Language of the file (default: the language of its header line).",
        )
        parser.add_argument(
            "--partial",
            action="store_true",
            help="The file holds only some rules (e.g. those a release note quotes).",
        )
        parser.add_argument(
            "--dry-run", action="store_true", help="Read and compare, write nothing."
        )
        parser.add_argument(
            "--allow-shrink",
            action="store_true",
            help="Import a complete edition even if it has no glossary or would delete more "
            "than 5%% of its rules or of the current edition's (by default refused as a file "
            "cut short).",
        )
        parser.add_argument(
            "--no-link",
            action="store_true",
            help="Do not link the cards to the rules afterwards (load_bundled_rules links once, "
            "after all its files).",
        )

    def handle(self, path, language, partial, dry_run, allow_shrink, no_link, verbosity, **options):
        started = time.perf_counter()
        try:
            document = read_rules(path, language=language, partial=partial)
        except ReadError as error:
            raise CommandError(f"Nothing was imported. {error}") from error
        for warning in document.warnings:
            self.stderr.write(self.style.WARNING(warning))
        counts = document.counts
        if verbosity >= 1:
            self.stdout.write(
                f"Read {path.name}: {document.language} edition effective "
                f"{document.effective_date:%Y-%m-%d} ({document.encoding}); "
                f"{counts['chapters']} chapters, {counts['sections']} sections, "
                f"{counts['rules']} rules, {counts['subrules']} subrules, "
                f"{counts['glossary']} glossary entries."
            )
        log = self._progress if verbosity >= 2 else None
        links = None
        with transaction.atomic():
            refusal = None if allow_shrink else shrink_refusal(document)
            if refusal:
                raise CommandError(f"Nothing was imported. {refusal}")
            result = sync_rules(document, log=log)
            if result.changed and changes_linking(result.edition) and not no_link:
                links = link_cards(log=log)
            if result.changed:
                data_version.changed()
            if dry_run:
                transaction.set_rollback(True)
        if verbosity >= 1:
            self.stdout.write(f"Rules: {result.sections}")
            self.stdout.write(f"Glossary: {result.glossary}")
            kept, restored = result.kept, result.restored
            if kept:
                self.stdout.write(
                    f"Kept without their rule: {plural(kept.links, 'hand-made link')}, "
                    f"{plural(kept.mappings, 'hand-set mapping')} "
                    f"({kept.mapping_targets} without their current rule, "
                    f"{kept.mapping_old_rules} without their old one); they come back with "
                    "their rule, and the admin lists them."
                )
            if restored:
                self.stdout.write(
                    f"Put back on their returning rule: "
                    f"{plural(restored.mappings, 'hand-set mapping')} "
                    f"({restored.mapping_targets} on their current rule, "
                    f"{restored.mapping_old_rules} on their old one)."
                )
            for report in result.mappings:
                self.stdout.write(
                    f"Old numbers of {report.edition}: {report.total} mappings computed, "
                    f"{report.confident} with confidence >= 0.8, {report.unmatched} without a "
                    f"match ({report.stats})."
                )
            if links is not None:
                self.stdout.write(
                    f"Rules cards use: {links.links}; search column: {links.search_rules}."
                )
        elapsed = time.perf_counter() - started
        if not result.changed:
            self.stdout.write(
                self.style.SUCCESS(
                    f"Nothing changed: the database already matches ({elapsed:.1f} s)."
                )
            )
        elif dry_run:
            self.stdout.write(self.style.WARNING("Dry run: nothing was written."))
        else:
            self.stdout.write(
                self.style.SUCCESS(
                    f"Imported {result.edition} from {path.name} in {elapsed:.1f} s."
                )
            )

    def _progress(self, message):
        self.stderr.write(message)
        self.stderr.flush()


def plural(count: int, noun: str) -> str:
    return f"{count} {noun}{'' if count == 1 else 's'}"


def changes_linking(edition: RulesEdition) -> bool:
    """Whether an import of ``edition`` can change which rules cards use: the current English
    edition, or an older English one (rulings citing its numbers are read through it)."""
    return RulesEdition.objects.official().filter(pk=edition.pk).exists()
