import json
from pathlib import Path

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import CommandError

from common.import_lock import ImportCommand

BUNDLED_DOCUMENTS = Path("fixtures") / "documents"
MANIFEST = "documents.json"


class Command(ImportCommand):
    help = (
        "Import the documents bundled in fixtures/documents/ (listed in its documents.json, "
        "described in its README); a document already imported from the same file is skipped."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--force", action="store_true", help="Import every document again, changed or not."
        )

    def handle(self, force, verbosity, **options):
        folder = Path(settings.BASE_DIR) / BUNDLED_DOCUMENTS
        try:
            entries = json.loads((folder / MANIFEST).read_text(encoding="utf-8"))
        except (OSError, ValueError) as error:
            raise CommandError(f"{folder / MANIFEST}: {error}") from error
        self.import_documents(folder, entries, force, verbosity)

    def import_documents(self, folder, entries, force, verbosity):
        for entry in entries:
            options = {
                "language": entry["language"],
                "kind": entry["kind"],
                "set_code": entry.get("set"),
                "date": entry.get("date"),
                "title": entry.get("title"),
            }
            call_command(
                "import_release_notes",
                folder / entry["file"],
                force=force,
                verbosity=verbosity,
                stdout=self.stdout,
                stderr=self.stderr,
                **options,
            )
