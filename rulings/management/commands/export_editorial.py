import json
from pathlib import Path

from django.core.management.base import BaseCommand

from rulings.editorial.backup import KINDS, export_editorial


class Command(BaseCommand):
    help = (
        "Write editors' work (errata, rulings written or corrected by editors, statuses set by "
        "hand, hand-made rule links, old numbers mapped by hand, and their history) to a JSON "
        "file that import_editorial restores onto a fresh import."
    )

    def add_arguments(self, parser):
        parser.add_argument("path", type=Path, help="the JSON file to write ('-' for stdout)")

    def handle(self, path, **options):
        data = export_editorial()
        text = json.dumps(data, ensure_ascii=False, indent=1)
        if str(path) == "-":
            self.stdout.write(text)
            return
        path.write_text(text + "\n", encoding="utf-8")
        counts = ", ".join(f"{len(data[kind.key])} {kind.key.replace('_', ' ')}" for kind in KINDS)
        self.stderr.write(f"Wrote {path}: {counts}.")
