from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from oracle.models import CardSet
from rulings.translations.po_files import Selection, export_po, po_bytes


class Command(BaseCommand):
    help = (
        "Write the translators' queue (English ruling texts without an approved Italian, those "
        "covering the most card rulings first), or every text in use with its translation, as a "
        "gettext PO file for Poedit or Weblate."
    )

    def add_arguments(self, parser):
        parser.add_argument("--set", dest="set_code", default="", help="only this set's texts")
        parser.add_argument("--limit", type=int, help="only the first N texts")
        parser.add_argument(
            "--all",
            action="store_true",
            dest="everything",
            help="every text in use, with its current translation, not just the queue",
        )
        parser.add_argument("-o", "--output", type=Path, help="the file to write (else stdout)")

    def handle(self, set_code, limit, everything, output, **options):
        if limit is not None and limit < 1:
            raise CommandError("--limit must be 1 or more.")
        if set_code and not CardSet.objects.filter(code__iexact=set_code).exists():
            raise CommandError(f"No set has the code {set_code!r}.")
        selection = Selection(set_code=set_code, limit=limit, everything=everything)
        po = export_po(selection)
        if output is None:
            self.stdout.write(str(po), ending="")
            return
        try:
            output.write_bytes(po_bytes(po))
        except OSError as error:
            raise CommandError(f"{output}: {error}") from error
        self.stderr.write(f"Wrote {len(po)} entries ({selection}) to {output}.")
