"""What several rulings tests share: the seed documents' folder and a test case that reads them,
rule numbers with letters, the bundled rules files and a rules import."""

from io import StringIO
from pathlib import Path

from django.conf import settings
from django.core.management import call_command
from django.test import SimpleTestCase

from rulings.importers.release_notes.reader import read_document

SEEDS = Path(settings.BASE_DIR) / "fixtures" / "documents" / "it"


def letters(prefix: str, letters: str) -> list[str]:
    """``letters("502.70", "abc")``: 502.70a, 502.70b, 502.70c."""
    return [prefix + letter for letter in letters]


RULES = Path(settings.BASE_DIR) / "fixtures" / "rules" / "en"
MAY_2007_RULES = RULES / "20070501.txt"


def import_rules(path, **options) -> str:
    """Run ``import_rules`` on ``path``; its report."""
    out = StringIO()
    call_command("import_rules", path, stdout=out, stderr=StringIO(), **options)
    return out.getvalue()


def rules_file_cut_before(rules_file: Path, number: str, folder: Path) -> Path:
    """A copy of ``rules_file`` in ``folder`` that stops just before the line of rule
    ``number``, as a broken download does: no later rule, no glossary."""
    text = rules_file.read_bytes()
    line_end = b"\r\n" if b"\r\n" in text else b"\n"
    cut = text.index(line_end + number.encode() + b" ") + len(line_end)
    path = folder / f"{rules_file.stem}-cut-before-{number}.txt"
    path.write_bytes(text[:cut])
    return path


FUTURE_SIGHT = SEEDS / "future-sight-release-notes.txt"
ONSLAUGHT = SEEDS / "onslaught-morph-faq.txt"
MARVEL = SEEDS / "marvel-super-heroes-mechanics.txt"
WIKI = SEEDS / "wiki-stregoneria.txt"


class SeedTestCase(SimpleTestCase):
    """The four seed documents read once for the class, and their parts by kind and title."""

    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.documents = {
            path: read_document(path) for path in (FUTURE_SIGHT, ONSLAUGHT, MARVEL, WIKI)
        }

    def sections(self, path):
        return [(section.kind, section.title) for section in self.documents[path].sections]

    def blocks(self, path, kind):
        return [
            block
            for section in self.documents[path].sections
            for block in section.blocks
            if block.kind == kind
        ]

    def section(self, path, title):
        (found,) = [s for s in self.documents[path].sections if s.title == title]
        return found

    def names(self, path):
        return [name for block in self.blocks_all(path) for name in block.names]

    def blocks_all(self, path):
        return [block for section in self.documents[path].sections for block in section.blocks]


DATA = Path(__file__).parent / "data"

RULES_SAMPLE = (DATA / "cr_en_sample.txt").read_bytes()


def import_rules_output(*args, **options):
    """Run ``import_rules`` with these arguments; what it wrote to stdout and to stderr."""
    out, err = StringIO(), StringIO()
    call_command("import_rules", *args, stdout=out, stderr=err, **options)
    return out.getvalue(), err.getvalue()
