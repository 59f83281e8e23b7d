"""Bad input for import_rules, as rows of the bad-imports table (test_bad_imports): damaged,
truncated, oversized and mis-dated Comprehensive Rules files, and bad options."""

import random

from rulings.tests.bad_input import (
    HEADER,
    MEGABYTE,
    RULES_SAMPLE,
    TWO_YEARS_AHEAD,
    Case,
    current_rules_cut,
    junk_text,
    rules_dated,
    sample_with,
    sparse_file,
)

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
