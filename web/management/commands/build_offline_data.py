"""Build the offline package of the current data version (``web.offline.package``).

    python manage.py build_offline_data

``prepare_data`` runs it last where the static files are served as they are (DEBUG), and
``make serve`` after collecting them (the package names their hashed addresses); without it,
the first request for ``/offline/version.json`` after a change builds the package
(docs/offline.md). Building a version already built does nothing.
"""

from django.core.management.base import BaseCommand, CommandError

from oracle import data_version
from web.offline import package


class Command(BaseCommand):
    help = "Build the offline data (card records and the pages list) of the current data version."

    def handle(self, verbosity, **options):
        if not package.static_files_ready():
            raise CommandError(
                "The static files are not collected: the offline data names their addresses. "
                "Run `manage.py collectstatic` first (`make serve` does both)."
            )
        current = data_version.current()
        was_built = package.is_built(current.number)
        folder = package.ensure_built(current)
        index = package.read_index(current.number)
        state = "already built" if was_built else "built"
        self.stdout.write(
            self.style.SUCCESS(
                f"Offline data of version {current.number} {state} in {folder}: "
                f"{index['cards']} cards in {len(index['parts'])} parts, {index['bytes']} bytes."
            )
        )
