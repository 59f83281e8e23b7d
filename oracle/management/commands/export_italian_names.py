"""Learn the Italian names of keywords and card types from MTGJSON files (AllPrintings: the
whole catalogue) and write them to ``oracle/importers/italian_catalogue_names.json``, which
every import reads for the names its own cards cannot teach (the bundled sample's few sets)."""

import json
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from oracle.importers.italian_sync import (
    CATALOGUE_NAMES,
    learn_italian_type_names,
    learn_keyword_names,
)
from oracle.importers.mtgjson_reader import ReadError, read_mtgjson

ABOUT = (
    "The Italian names of keywords and card types that the whole MTGJSON catalogue teaches by "
    "lining up its Italian printings with the English ones (oracle/importers/keyword_names.py, "
    "type_names.py), and every keyword reminder wording it prints in both languages with the "
    "first and last date it was printed on (reminder_wordings.py), written by "
    "`manage.py export_italian_names` from the files named in 'source'. An import uses a name "
    "only where its own cards teach none (the curated table, italian_terms.json, and editors' "
    "names win over these), and adds the wordings to those its own cards print."
)


class Command(BaseCommand):
    help = (
        "Learn the Italian keyword and type names from MTGJSON files (AllPrintings.json.gz) "
        "and write the catalogue's names that every import falls back on."
    )

    def add_arguments(self, parser):
        parser.add_argument("paths", nargs="+", type=Path, help="MTGJSON files to learn from")
        parser.add_argument("--output", type=Path, default=CATALOGUE_NAMES)

    def handle(self, paths, output, verbosity, **options):
        try:
            data = read_mtgjson(paths)
        except (ReadError, OSError) as error:
            raise CommandError(str(error)) from error
        learned = learn_keyword_names(data, {})
        keywords = {name: values[0] for name, values in learned.items() if values[0]}
        wordings = {name: values[3] for name, values in learned.items() if values[3]}
        types = {}
        for (kind, name), name_it in learn_italian_type_names(data).items():
            types.setdefault(kind, {})[name] = name_it
        names = {
            "about": ABOUT,
            "source": f"{', '.join(path.name for path in paths)}: MTGJSON {data.version} "
            f"of {data.data_date}",
            "keywords": dict(sorted(keywords.items())),
            "types": {kind: dict(sorted(found.items())) for kind, found in sorted(types.items())},
            "reminder_wordings": dict(sorted(wordings.items())),
        }
        output.write_text(json.dumps(names, ensure_ascii=False, indent=1) + "\n", "utf-8")
        if verbosity:
            counts = ", ".join(f"{len(found)} {kind}s" for kind, found in names["types"].items())
            self.stdout.write(
                f"Wrote {output}: {len(keywords)} keywords, {counts}, "
                f"{sum(map(len, wordings.values()))} reminder wordings."
            )
