"""What several rulings tests share: the seed documents' folder, rule numbers with letters, the
bundled rules files and a rules import."""

from io import StringIO
from pathlib import Path

from django.conf import settings
from django.core.management import call_command

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
