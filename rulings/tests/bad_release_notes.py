"""Bad input for import_release_notes, as rows of the bad-imports table (test_bad_imports)."""

import random

from rulings.tests.bad_input import MEGABYTE, NOTES, NOTES_SAMPLE, Case, junk_text, sparse_file

NOTES_CASES = [
    Case("notes: no such file", NOTES, None, "no such file"),
    Case("notes: a folder", NOTES, lambda path: path.mkdir(), "a folder"),
    Case("notes: an empty file", NOTES, b"", "the file is empty"),
    Case(
        "notes: 20 MB file",
        NOTES,
        sparse_file(20 * MEGABYTE),
        "a document is at most 2 MB",
        seconds=2,
    ),
    Case(
        "notes: 2 MB of prose",
        NOTES,
        junk_text(2 * MEGABYTE - 100),
        "line 1: this is a table",
        seconds=10,
    ),
    Case(
        "notes: random bytes",
        NOTES,
        random.Random(7).randbytes(100_000),
        "is not UTF-8; expected UTF-8 text",
    ),
    Case(
        "notes: Latin-1 text",
        NOTES,
        "Città e virtù\n".encode("latin-1"),
        "line 1: byte 0xe0 is not UTF-8",
    ),
    Case(
        "notes: a NUL character",
        NOTES,
        NOTES_SAMPLE.replace("Pesca", "Pes\x00ca").encode(),
        "line 6: a NUL character",
    ),
    Case(
        "notes: a date that is not one",
        NOTES,
        NOTES_SAMPLE.encode(),
        "--date 2007-13-45: expected a date as YYYY-MM-DD",
        options=("--date", "2007-13-45"),
        names_file=False,
    ),
    Case(
        "notes: an unknown set",
        NOTES,
        NOTES_SAMPLE.encode(),
        "Unknown set code “QQQ”",
        options=("--set", "QQQ"),
        names_file=False,
    ),
    Case(
        "notes: no date anywhere",
        NOTES,
        NOTES_SAMPLE.encode(),
        "a date is needed",
    ),
    Case(
        "notes: an unknown kind",
        NOTES,
        NOTES_SAMPLE.encode(),
        "invalid choice: 'novel'",
        options=("--kind", "novel"),
        code=2,
        names_file=False,
    ),
]
