"""Bad input for import_mtgjson, as rows of the bad-imports table (test_bad_imports): files that
are not MTGJSON set files at all (no file, not JSON, a damaged gzip, deep nesting, the wrong
shape), and bad options."""

import random

from rulings.tests.bad_input import DROP, MEGABYTE, MTGJSON, Case, nested, random_bytes, set_file

MTGJSON_FILE_CASES = [
    Case("mtgjson: no such file", MTGJSON, None, "cannot be opened", file_name="x.json"),
    Case("mtgjson: an empty file", MTGJSON, b"", "invalid JSON", file_name="x.json"),
    Case("mtgjson: prose", MTGJSON, b"Not JSON at all\n", "invalid JSON", file_name="x.json"),
    Case(
        "mtgjson: 20 MB of random bytes",
        MTGJSON,
        random_bytes(20 * MEGABYTE, 20),
        "invalid JSON",
        file_name="x.json",
        seconds=4,
    ),
    Case(
        "mtgjson: a corrupt gzip file",
        MTGJSON,
        b"\x1f\x8b\x08\x00" + random.Random(3).randbytes(5000),
        "not readable as JSON or gzip",
        file_name="x.json.gz",
    ),
    Case(
        "mtgjson: a gzip file cut short",
        MTGJSON,
        set_file(gzipped=True)[:150],
        "x.json.gz",
        file_name="x.json.gz",
    ),
    Case(
        "mtgjson: 200 KB of nested [",
        MTGJSON,
        b'{"meta": {}, "data": ' + b"[" * 200_000,
        "nested deeper than 32 levels",
        file_name="x.json",
    ),
    Case(
        "mtgjson: 10,000 levels of nesting",
        MTGJSON,
        nested(10_000, b"]" * 10_000 + b"}}"),
        "data.cards[0][0][0]",
        file_name="x.json",
    ),
    Case(
        "mtgjson: a top-level list",
        MTGJSON,
        b"[1, 2, 3]",
        "expected a JSON object",
        file_name="x.json",
    ),
    Case(
        "mtgjson: data is a list",
        MTGJSON,
        b'{"meta": {}, "data": [1, 2]}',
        "'data' should be an object, found list",
        file_name="x.json",
    ),
    Case(
        "mtgjson: no data",
        MTGJSON,
        b'{"meta": {"date": "2024-01-01"}}',
        "no MTGJSON 'data' object",
        file_name="x.json",
    ),
    Case(
        "mtgjson: a set without a code",
        MTGJSON,
        set_file(code=DROP),
        "holds neither a set",
        file_name="x.json",
    ),
    Case(
        "mtgjson: an unknown option",
        MTGJSON,
        set_file(),
        "unrecognized arguments: --fast",
        options=("--fast",),
        code=2,
        names_file=False,
        file_name="x.json",
    ),
]
