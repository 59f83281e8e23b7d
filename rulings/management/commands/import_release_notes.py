import datetime
from pathlib import Path

from django.core.management.base import CommandError
from django.db import transaction

from common.import_lock import ImportCommand
from oracle import data_version
from oracle.models import CardSet
from rulings.importers.release_notes.document import Document, ReadError
from rulings.importers.release_notes.reader import read_document
from rulings.importers.release_notes.sync import sync_document
from rulings.models import Language, SourceDocument


class Command(ImportCommand):
    help = (
        "Import a release notes, FAQ or article document in the form of the seed documents: "
        "its sections, its rulings on the cards, keywords and types they are about, the rules "
        "it quotes and the card names it mentions. Idempotent, in one transaction."
    )

    def add_arguments(self, parser):
        parser.add_argument("path", type=Path, metavar="PATH")
        parser.add_argument(
            "--language", choices=Language.values, default=Language.ITALIAN, help="Default: it."
        )
        parser.add_argument(
            "--set", dest="set_code", metavar="CODE", help="The set it is about (e.g. FUT)."
        )
        parser.add_argument(
            "--date",
            metavar="YYYY-MM-DD",
            help="Its date (default: the date it states, else the set's release date).",
        )
        parser.add_argument("--title", help="Its title (default: its first heading).")
        parser.add_argument(
            "--kind",
            choices=SourceDocument.Kind.values,
            default=SourceDocument.Kind.RELEASE_NOTES,
            help="Default: release_notes.",
        )
        parser.add_argument(
            "--force", action="store_true", help="Import again even if the file has not changed."
        )

    def handle(self, path, language, set_code, date, title, kind, force, verbosity, **options):
        card_set = self._card_set(set_code)
        given_date = self._given_date(date)
        if path.is_dir():
            raise CommandError(f"{path}: a folder; expected a document file (one file an import).")
        if not path.is_file():
            raise CommandError(f"{path}: no such file.")
        try:
            parsed = read_document(path)
        except ReadError as error:
            raise CommandError(f"Nothing was imported. {error}") from error
        log = self._progress if verbosity >= 2 else None
        try:
            with transaction.atomic():
                report = sync_document(
                    parsed,
                    path=path,
                    language=language,
                    card_set=card_set,
                    date=given_date or self._document_date(parsed, card_set),
                    title=title or self._document_title(parsed),
                    kind=kind,
                    force=force,
                    log=log,
                )
                if report.changed:
                    data_version.changed()
        except ReadError as error:
            raise CommandError(f"Nothing was imported. {error}") from error
        if verbosity >= 1:
            lines = report.lines()
            self.stdout.write(self.style.SUCCESS(lines[0]))
            for line in lines[1:]:
                self.stdout.write(line)
        if verbosity >= 2 and report.cards_matched:
            self.stdout.write("Names as written, and the cards they matched:")
            for name, oracle_name in report.cards_matched.items():
                self.stdout.write(f"  - {name} -> {oracle_name}")

    def _card_set(self, code: str | None) -> CardSet | None:
        if not code:
            return None
        card_set = CardSet.objects.filter(code__iexact=code).first()
        if card_set is None:
            known = ", ".join(CardSet.objects.order_by("code").values_list("code", flat=True)[:30])
            raise CommandError(
                f"Unknown set code “{code}”: no set with that code is loaded"
                + (f" (loaded: {known})." if known else ".")
            )
        return card_set

    @staticmethod
    def _given_date(value: str | None) -> datetime.date | None:
        if not value:
            return None
        try:
            return datetime.date.fromisoformat(value)
        except ValueError as error:
            raise CommandError(f"--date {value}: expected a date as YYYY-MM-DD.") from error

    @staticmethod
    def _document_date(parsed: Document, card_set: CardSet | None) -> datetime.date:
        if parsed.stated_date:
            return datetime.date.fromisoformat(parsed.stated_date)
        if card_set is not None and card_set.release_date:
            return card_set.release_date
        raise CommandError(
            f"{parsed.path}: a date is needed. The document states none"
            + (f" and the set {card_set.code} has no release date" if card_set else "")
            + ": give it with --date YYYY-MM-DD"
            + ("" if card_set else " (or name the set with --set CODE)")
            + "."
        )

    @staticmethod
    def _document_title(parsed: Document) -> str:
        if parsed.title:
            return parsed.title
        raise CommandError(
            f"{parsed.path}: a title is needed. The document opens with prose, not a heading: "
            "give it with --title."
        )

    def _progress(self, message):
        self.stderr.write(message)
        self.stderr.flush()
