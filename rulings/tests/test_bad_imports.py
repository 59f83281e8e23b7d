"""Every importer refuses bad input cleanly: a table of bad files, each run as ``manage.py`` runs
it, asserting the exit code, a message naming the file and what is wrong, no traceback, and a
database left exactly as it was (row count and highest id of every project table)."""

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from tempfile import TemporaryDirectory

from django.conf import settings

from config.testing import BundledDataTestCase

from .bad_input import database_fingerprint, run_command

DATA = Path(__file__).parent / "data"
RULES_SAMPLE = (DATA / "cr_en_sample.txt").read_bytes()
CURRENT_RULES = Path(settings.BASE_DIR) / "fixtures" / "rules" / "en" / "20260417.txt"
MEGABYTE = 1024 * 1024


@dataclass(frozen=True)
class Case:
    """A bad input: the command, the file's bytes (or a function writing it at the path given;
    None: no file at all), the words the error must hold, the exit code."""

    label: str
    command: str
    content: bytes | Callable[[Path], None] | None
    message: str
    options: tuple[str, ...] = ()
    file_name: str = "bad.txt"
    code: int = 1
    seconds: float = 5.0  # at most, on a loaded machine
    names_file: bool = True
    extra: dict = field(default_factory=dict)


def sample_with(old: bytes, new: bytes, data: bytes = RULES_SAMPLE) -> bytes:
    assert old in data, old
    return data.replace(old, new, 1)


def sparse_file(size: int) -> Callable[[Path], None]:
    def write(path: Path) -> None:
        with path.open("wb") as handle:
            handle.truncate(size)

    return write


def junk_text(size: int) -> Callable[[Path], None]:
    """Prose with no rule in it, ``size`` bytes."""

    def write(path: Path) -> None:
        line = b"Lorem ipsum dolor sit amet, consectetur adipiscing elit.\n"
        path.write_bytes(line * (size // len(line)))

    return write


def current_rules_cut(share: float, keep_glossary: bool) -> bytes:
    """The current edition cut after ``share`` of its rules, with or without its glossary."""
    data = CURRENT_RULES.read_bytes()
    glossary = data.rindex(b"\nGlossary")
    cut = data.rindex(b"\n", 0, int(glossary * share))
    return data[:cut] + (data[glossary:] if keep_glossary else b"\n")


def rules_dated(when: str) -> bytes:
    return sample_with(b"April 17, 2026", when.encode())


HEADER = b"These rules are effective as of April 17, 2026."
TWO_YEARS_AHEAD = f"January 1, {date.today().year + 2}"

RULES_CASES = [
    Case("rules: no such file", "import_rules", None, "cannot read the file"),
    Case("rules: a folder", "import_rules", lambda path: path.mkdir(), "a folder"),
    Case("rules: an empty file", "import_rules", b"", "no numbered rules found"),
    Case("rules: a header only", "import_rules", HEADER + b"\n", "no numbered rules found"),
    Case(
        "rules: 20 MB file",
        "import_rules",
        sparse_file(20 * MEGABYTE),
        "at most 16 MB is read",
        seconds=2,
    ),
    Case(
        "rules: 15 MB of prose",
        "import_rules",
        junk_text(15 * MEGABYTE),
        "no numbered rules found",
        seconds=8,
    ),
    Case(
        "rules: random bytes",
        "import_rules",
        random.Random(16).randbytes(300_000),
        "a NUL character",
    ),
    Case(
        "rules: a NUL inside a rule",
        "import_rules",
        sample_with(b"two-player game is", b"two-player\x00game is"),
        "line 33: a NUL character",
    ),
    Case(
        "rules: UTF-16 with a NUL",
        "import_rules",
        sample_with(b"two-player game is", b"two-player\x00game is").decode().encode("utf-16"),
        "a NUL character",
    ),
    Case(
        "rules: no effective date",
        "import_rules",
        sample_with(HEADER, b"These rules are new."),
        "no effective date",
    ),
    Case(
        "rules: April 31",
        "import_rules",
        rules_dated("April 31, 2026"),
        "no effective date",
    ),
    Case(
        "rules: dated 9999",
        "import_rules",
        rules_dated("December 31, 9999"),
        "line 3: effective date 9999-12-31 is not plausible",
    ),
    Case(
        "rules: dated 1992",
        "import_rules",
        rules_dated("June 1, 1992"),
        "effective date 1992-06-01 is not plausible",
    ),
    Case(
        "rules: dated two years ahead",
        "import_rules",
        rules_dated(TWO_YEARS_AHEAD),
        "is not plausible",
    ),
    Case(
        "rules: a subrule out of order",
        "import_rules",
        sample_with(b"100.1b A multiplayer", b"100.1c A multiplayer").replace(
            b"100.1a A two-player", b"100.1d A two-player"
        ),
        "out of order",
    ),
    Case(
        "rules: a subrule without its rule",
        "import_rules",
        sample_with(b"100.1b A multiplayer", b"100.2b A multiplayer"),
        "has no rule 100.2 before it",
    ),
    Case(
        "rules: a number twice",
        "import_rules",
        sample_with(b"100.1b A multiplayer", b"100.1a A multiplayer"),
        "subrule 100.1a is out of order; expected a number after 100.1a",
    ),
    Case(
        "rules: a number twice in a partial file",
        "import_rules",
        sample_with(b"100.1b A multiplayer", b"100.1a A multiplayer"),
        "subrule 100.1a appears twice (first on line 33)",
        options=("--partial",),
    ),
    Case(
        "rules: an unreadable number",
        "import_rules",
        sample_with(b"100.1b A multiplayer", b"1000.1 A multiplayer"),
        "cannot read the rule number",
    ),
    Case(
        "rules: today's edition cut short, no glossary",
        "import_rules",
        current_rules_cut(0.6, keep_glossary=False),
        "no glossary; a complete rules file ends with one",
    ),
    Case(
        "rules: today's edition missing a fifth of its rules",
        "import_rules",
        current_rules_cut(0.8, keep_glossary=True),
        "of the 2026-04-17 (en) edition (more than 5%",
    ),
    Case(
        "rules: a short file as a newer edition",
        "import_rules",
        rules_dated("June 12, 2026"),
        "it would become the current edition with",
    ),
    Case(
        "rules: an unknown language",
        "import_rules",
        RULES_SAMPLE,
        "invalid choice: 'fr'",
        options=("--language", "fr"),
        code=2,
        names_file=False,
    ),
]

CASES = RULES_CASES


class BadInputTests(BundledDataTestCase):
    maxDiff = None

    def test_the_table_is_large(self):
        self.assertGreaterEqual(len(CASES), 20)
        labels = [case.label for case in CASES]
        self.assertEqual(len(labels), len(set(labels)))

    def test_every_bad_input_is_refused_cleanly(self):
        folder = Path(self.enterContext(TemporaryDirectory()))
        before = database_fingerprint()
        for number, case in enumerate(CASES):
            with self.subTest(case.label):
                path = folder / f"{number}-{case.file_name}"
                if isinstance(case.content, bytes):
                    path.write_bytes(case.content)
                elif case.content is not None:
                    case.content(path)
                started = time.perf_counter()
                outcome = run_command(case.command, *case.options, str(path))
                elapsed = time.perf_counter() - started
                self.assertEqual(outcome.code, case.code, outcome.stderr)
                self.assertIn(case.message, outcome.stderr)
                if case.names_file:
                    self.assertIn(path.name, outcome.stderr)
                self.assertNotIn("Traceback", outcome.stderr + outcome.stdout)
                self.assertLess(elapsed, case.seconds)
                self.assertEqual(database_fingerprint(), before)
                if path.is_file():
                    path.unlink()

    def test_allow_shrink_imports_a_short_newer_edition(self):
        folder = Path(self.enterContext(TemporaryDirectory()))
        path = folder / "june.txt"
        path.write_bytes(rules_dated("June 12, 2026"))
        outcome = run_command("import_rules", "--allow-shrink", "--no-link", str(path))
        self.assertEqual(outcome.code, 0, outcome.stderr)
        self.assertIn("Imported 2026-06-12 (en)", outcome.stdout)
