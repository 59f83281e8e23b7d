"""``update_data``: bring the cards (MTGJSON) and the Comprehensive Rules up to date from their
publishers. It lives in rulings because it imports both the cards (oracle's importer) and the
rules (rulings'), and rulings is the app allowed to use oracle, not the other way round.

The downloading is rulings.importers.downloads; the imports are the import_mtgjson and
import_rules commands (idempotent; they relink the cards to the rules), run in one transaction
so that a file that fails to import leaves the database as it was.

What to import is decided by what the database holds, not by what the download cache last saw:
a file the cache already had (a 304) is still imported into a fresh database, or after
DATABASE_URL points elsewhere. The card files are held when the newest card import read these
very files (names and sha256), cards are there and that import was written by the current
``IMPORTER_VERSION`` (oracle.importers.version: an importer that stores something new imports
unchanged files again, and says so); the rules file when an edition was imported from these
very bytes.
"""

from io import StringIO
from pathlib import Path

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import transaction

from common.import_lock import ImportCommand
from oracle.importers.mtgjson_files import file_digest
from oracle.importers.version import importer_change, importer_change_message
from oracle.models import Card, CardDataImport
from rulings.importers.downloads import (
    DataCache,
    DownloadError,
    Fetched,
    cached_sources,
    fetch_mtgjson,
    fetch_rules,
)
from rulings.models import RulesEdition


class Command(ImportCommand):
    help = (
        "Download the current MTGJSON AllPrintings and Keywords and the current Comprehensive "
        "Rules TXT into DATA_CACHE_DIR (only what changed since the last run) and import them."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--mtgjson-url",
            default=settings.MTGJSON_URL,
            help="Folder holding AllPrintings.json.gz, its .sha256 and Keywords.json "
            "(default: $ORACOLO_MTGJSON_URL or %(default)s).",
        )
        parser.add_argument(
            "--rules-url",
            default=settings.RULES_URL,
            help="The rules TXT, or a page linking to it (default: $ORACOLO_RULES_URL or "
            "%(default)s).",
        )
        parser.add_argument(
            "--timeout",
            type=float,
            default=60.0,
            help="Seconds to wait for a server (default: %(default)s).",
        )
        parser.add_argument(
            "--offline",
            action="store_true",
            help="Download nothing: import the files already in the cache.",
        )

    def handle(self, mtgjson_url, rules_url, timeout, offline, verbosity, **options):
        cache = DataCache(Path(settings.DATA_CACHE_DIR))
        progress = self._progress if verbosity >= 1 else None
        try:
            if offline:
                mtgjson, rules = cached_sources(cache)
            else:
                mtgjson = fetch_mtgjson(cache, mtgjson_url, timeout=timeout, progress=progress)
                try:
                    rules = fetch_rules(cache, rules_url, timeout=timeout, progress=progress)
                except DownloadError:
                    cache.discard(*mtgjson)
                    raise
        except DownloadError as error:
            raise CommandError(f"Nothing was imported. {error}") from error
        fetched = [*mtgjson, rules]
        if offline:
            self.stdout.write(f"Offline: importing the files cached in {cache.folder}.")
        else:
            for item in fetched:
                state = (
                    "downloaded"
                    if item.downloaded
                    else "unchanged (downloaded again: the same bytes)"
                    if item.same_as_cached
                    else "unchanged (not downloaded)"
                )
                self.stdout.write(f"{item.file_name}: {state} ({item.url})")
        held = cards_held(mtgjson)
        change = importer_change() if held else None
        import_cards = offline or not held or change is not None
        import_rules = offline or not rules_held(rules)
        if change is not None:
            names = ", ".join(item.file_name for item in mtgjson)
            self.stdout.write(f"{names}: {importer_change_message(change)}")
        if not offline:
            for wanted, files in ((not held, mtgjson), (import_rules, [rules])):
                if wanted and not any(item.downloaded for item in files):
                    names = ", ".join(item.file_name for item in files)
                    self.stdout.write(f"{names}: not in this database yet: importing the cache's.")
        try:
            if import_cards or import_rules:
                with transaction.atomic():
                    # The rules first: a card file that fails after them undoes them too.
                    if import_rules:
                        self._import([rules], "import_rules", verbosity)
                    if import_cards:
                        # The import record names the folder the files came from.
                        source = "" if offline else mtgjson_url
                        self._import(mtgjson, "import_mtgjson", verbosity, source=source)
        except BaseException:
            cache.discard(*fetched)  # the previous cached files stay
            raise
        for item in fetched:
            cache.keep(item)
        for line in data_versions():
            self.stdout.write(line)
        if not (import_cards or import_rules):
            self.stdout.write(
                self.style.SUCCESS("Nothing changed: every source is as last imported.")
            )
        else:
            self.stdout.write(self.style.SUCCESS("Cards and rules are up to date."))

    def _import(self, files: list[Fetched], command: str, verbosity: int, **options) -> None:
        out = StringIO()
        try:
            call_command(
                command,
                *[item.path for item in files],
                verbosity=verbosity,
                stdout=out,
                stderr=self.stderr,  # its progress and warnings
                **options,
            )
        except CommandError as error:
            names = ", ".join(item.url or str(item.path) for item in files)
            raise CommandError(f"{names}: {error}") from error
        finally:
            self.stdout.write(out.getvalue().rstrip("\n"))

    def _progress(self, line: str, last: bool) -> None:
        end = "\r" if self.stderr.isatty() and not last else "\n"
        self.stderr.write(line, ending=end)
        self.stderr.flush()


def cards_held(files: list[Fetched]) -> bool:
    """Whether the database holds the cards of these MTGJSON files: its newest card import
    read these very files, and its cards are there."""
    record = CardDataImport.objects.order_by("-imported_at", "-pk").first()
    if record is None or not Card.objects.exists():
        return False
    wanted = sorted((item.file_name, file_digest(item.path)) for item in files)
    return sorted((entry["name"], entry["sha256"]) for entry in record.files) == wanted


def rules_held(rules: Fetched) -> bool:
    """Whether the database holds an edition of the rules imported from this very file."""
    return RulesEdition.objects.filter(sha256=file_digest(rules.path)).exists()


def data_versions() -> list[str]:
    """What the database holds now, as its import records say: the MTGJSON version and date
    of the newest card import, the effective date of the newest official rules."""
    record = CardDataImport.objects.newest_dated()
    edition = RulesEdition.objects.official().in_force()
    return [
        f"Cards: MTGJSON {record.version or '?'} of {record.data_date:%Y-%m-%d}."
        if record
        else "Cards: no MTGJSON import recorded yet.",
        f"Rules: Comprehensive Rules ({edition.language}) effective "
        f"{edition.effective_date:%Y-%m-%d}."
        if edition
        else "Rules: no official edition imported yet.",
    ]
