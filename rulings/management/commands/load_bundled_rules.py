import hashlib
from pathlib import Path

from django.conf import settings
from django.core.management import call_command
from django.db import transaction

from common.import_lock import ImportCommand
from rulings.models import RulesEdition

BUNDLED_RULES = Path("fixtures") / "rules" / "en"


class Command(ImportCommand):
    help = (
        "Import the Comprehensive Rules editions bundled in fixtures/rules/ (see its README), "
        "unless they are already loaded."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--force", action="store_true", help="Import every file again, loaded or not."
        )
        parser.add_argument(
            "--no-link",
            action="store_true",
            help="Do not link the cards to the rules afterwards (for a caller that runs "
            "link_rules itself once its other imports are done, as make data does).",
        )

    def handle(self, force, no_link, verbosity, **options):
        folder = Path(settings.BASE_DIR) / BUNDLED_RULES
        # Newest first: the current edition is in place before the older ones are mapped onto
        # it, so each older edition's numbers are worked out once.
        files = sorted(folder.glob("*.txt"), reverse=True)
        loaded = set(RulesEdition.objects.values_list("sha256", flat=True))
        wanted = [
            path
            for path in files
            if force or hashlib.sha256(path.read_bytes()).hexdigest() not in loaded
        ]
        if not wanted:
            self.stdout.write(
                f"Bundled rules already loaded ({len(files)} editions; use --force to import "
                "them again)."
            )
            return
        with transaction.atomic():
            for path in wanted:
                call_command(
                    "import_rules",
                    path,
                    no_link=True,
                    verbosity=verbosity,
                    stdout=self.stdout,
                    stderr=self.stderr,
                )
            if not no_link:
                # Once, after every edition and its old numbers are in place.
                call_command("link_rules", verbosity=min(verbosity, 1), stdout=self.stdout)
        self.stdout.write(
            self.style.SUCCESS(f"Loaded {len(wanted)} of {len(files)} bundled rules editions.")
        )
