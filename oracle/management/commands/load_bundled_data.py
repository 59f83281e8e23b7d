from pathlib import Path

from django.conf import settings
from django.core.management import call_command

from common.import_lock import ImportCommand
from oracle.importers.version import importer_change, importer_change_message
from oracle.models import Card, CardDataImport

BUNDLED_MTGJSON = [
    "Keywords.json",
    "FUT.json",
    "ONS.json",
    "TSP.json",
    "TSB.json",
    "PLC.json",
    "SeedCards.json",
    "SearchSamples.json",
]


class Command(ImportCommand):
    help = (
        "Load the dataset bundled in fixtures/ (see fixtures/README.md), unless already loaded "
        "by this version of the importer."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--force", action="store_true", help="Import again even if cards are present."
        )

    def handle(self, force, verbosity, **options):
        if Card.objects.exists() and not force:
            change = importer_change()
            if change is None:
                self.stdout.write("Bundled data already loaded (use --force to import it again).")
                return
            if not newest_import_read_the_bundled_files():
                # The cards came from other files (update_data's): the older sample must not
                # overwrite them; update_data imports those files again.
                self.stdout.write(
                    "The card data came from other files than the bundled ones: "
                    f"run update_data ({importer_change_message(change)})"
                )
                return
            self.stdout.write(f"Bundled data: {importer_change_message(change)}")
        fixtures = Path(settings.BASE_DIR) / "fixtures" / "mtgjson"
        call_command(
            "import_mtgjson",
            *[fixtures / name for name in BUNDLED_MTGJSON],
            verbosity=verbosity,
            stdout=self.stdout,
            stderr=self.stderr,
        )


def newest_import_read_the_bundled_files() -> bool:
    newest = CardDataImport.objects.first()
    return newest is not None and {file["name"] for file in newest.files} <= set(BUNDLED_MTGJSON)
