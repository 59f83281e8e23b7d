from pathlib import Path

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from rulings.translations.po_files import RefusedFile, max_bytes, too_large_message
from rulings.translations.po_import import import_po


class Command(BaseCommand):
    help = (
        "Read the translations of a PO file written by export_translations_po back into the "
        "memory as proposed translations: entries that fail a check are refused one by one, "
        "with the reason; a file that is not ours, broken or too large is refused whole."
    )

    def add_arguments(self, parser):
        parser.add_argument("path", type=Path, help="the translated PO file")
        parser.add_argument("--user", help="the translator's username (default: none)")
        parser.add_argument(
            "--replace-approved",
            action="store_true",
            help="propose again a changed Italian of an approved translation (else refused)",
        )

    def handle(self, path, user, replace_approved, **options):
        translator = None
        if user:
            translator = get_user_model().objects.filter(username=user).first()
            if translator is None:
                raise CommandError(f"No user is named {user!r}.")
        try:
            with path.open("rb") as po_file:
                data = po_file.read(max_bytes() + 1)
        except OSError as error:
            raise CommandError(f"{path}: {error}") from error
        if len(data) > max_bytes():
            raise CommandError(f"{path}: nothing was imported: {too_large_message()}")
        try:
            summary = import_po(data, translator=translator, replace_approved=replace_approved)
        except RefusedFile as error:
            raise CommandError(f"{path}: nothing was imported: {error}") from error
        for refusal in summary.refused:
            self.stdout.write(
                f"Refused: the entry at line {refusal.line} ({refusal.key}): {refusal.reason}"
            )
        self.stdout.write(
            f"{path}: {summary.read} {'entry' if summary.read == 1 else 'entries'} read: "
            f"{summary.taken} taken as proposals, "
            f"{summary.unchanged} unchanged, {len(summary.refused)} refused, "
            f"{summary.untranslated} not translated or fuzzy."
        )
