import json
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from rulings.editorial.backup import EditorialImportError, import_editorial


class Command(BaseCommand):
    help = (
        "Restore editors' work written by export_editorial: each entry updates the row it names "
        "or creates it; all or nothing."
    )

    def add_arguments(self, parser):
        parser.add_argument("path", type=Path, help="a file written by export_editorial")

    def handle(self, path, **options):
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, ValueError) as error:
            raise CommandError(f"{path}: nothing was imported: {error}") from error
        try:
            counts = import_editorial(data)
        except EditorialImportError as error:
            raise CommandError(f"{path}: nothing was imported: {error}") from error
        summary = "; ".join(
            f"{key.replace('_', ' ')}: "
            + ", ".join(f"{number} {what}" for what, number in count.items())
            for key, count in counts.items()
        )
        self.stdout.write(self.style.SUCCESS(f"Restored {path}. {summary}."))
