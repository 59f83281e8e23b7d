"""What the bad-input tests share: running an import command as ``manage.py`` does (its exit
code, what it printed), a fingerprint of the database to tell that nothing was written, and the
table's row (``Case``) with the pieces its bad files are made of (a rules sample changed, a small
MTGJSON set file, a release notes sample)."""

import contextlib
import functools
import gzip
import json
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date
from importlib import import_module
from io import StringIO
from pathlib import Path
from unittest import mock

from django.core.management import get_commands
from django.db import connection, connections

from rulings.tests.helpers import CURRENT_RULES, RULES_SAMPLE
from web.testing import project_tables


@dataclass
class Outcome:
    code: int
    stdout: str
    stderr: str


def run_command(name: str, *argv: str) -> Outcome:
    """Run command ``name`` with command-line arguments ``argv`` through ``run_from_argv``, the
    path ``manage.py`` takes: a CommandError becomes a message on stderr and its exit code, a
    bad option argparse's exit code 2. Any other exception propagates: the traceback a user
    would see. The connection is kept open (``run_from_argv`` closes it when done), so the
    test's transaction goes on."""
    out, err = StringIO(), StringIO()
    module = import_module(f"{get_commands()[name]}.management.commands.{name}")
    command = module.Command(stdout=out, stderr=err)
    code = 0
    with (
        mock.patch.object(connections, "close_all"),
        contextlib.redirect_stderr(err),
        contextlib.redirect_stdout(out),
    ):
        try:
            command.run_from_argv(["manage.py", name, *argv])
        except SystemExit as exit:
            code = exit.code
    return Outcome(code, out.getvalue(), err.getvalue())


def database_fingerprint() -> dict[str, tuple[int, int]]:
    """(row count, highest id) of every table of the project's models, in one query."""
    tables, sql = _fingerprint_query()
    with connection.cursor() as cursor:
        cursor.execute(sql)
        row = cursor.fetchone()
    return {table: (row[2 * i], row[2 * i + 1] or 0) for i, table in enumerate(tables)}


@functools.cache
def _fingerprint_query() -> tuple[list[str], str]:
    tables = project_tables(connection)
    quote = connection.ops.quote_name
    parts = []
    with connection.cursor() as cursor:
        for table in tables:
            columns = {
                column.name
                for column in connection.introspection.get_table_description(cursor, table)
            }
            highest = f"(SELECT MAX(id) FROM {quote(table)})" if "id" in columns else "0"
            parts.append(f"(SELECT COUNT(*) FROM {quote(table)}), {highest}")
    return tables, "SELECT " + ", ".join(parts)


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
ORACLE_ID = "a3fb7228-e76b-4e96-a40e-20b5fed75685"
SET_NAME = b"Made-Up Test Set"


def card_entry(**changes) -> dict:
    entry = {
        "name": "Test Drake",
        "layout": "normal",
        "uuid": "5f8287b1-5bb6-5f4c-ad17-316a40d5bb0c",
        "number": "1",
        "type": "Creature — Drake",
        "types": ["Creature"],
        "subtypes": ["Drake"],
        "supertypes": [],
        "manaCost": "{1}{U}",
        "manaValue": 2.0,
        "colors": ["U"],
        "colorIdentity": ["U"],
        "text": "Flying",
        "power": "2",
        "toughness": "2",
        "rarity": "common",
        "keywords": ["Flying"],
        "legalities": {"vintage": "Legal"},
        "identifiers": {"scryfallOracleId": ORACLE_ID, "multiverseId": "999001"},
        "foreignData": [
            {"language": "Italian", "name": "Drago di Prova", "text": "Volare", "type": "Creatura"}
        ],
        "rulings": [{"date": "2024-01-01", "text": "It flies."}],
    }
    entry.update(changes)
    return {key: value for key, value in entry.items() if value is not DROP}


DROP = object()


def set_file(cards=None, gzipped=False, **changes) -> bytes:
    data = {
        "code": "ZZT",
        "name": SET_NAME.decode(),
        "type": "expansion",
        "releaseDate": "2024-01-01",
        "baseSetSize": 1,
        "totalSetSize": 1,
        "cards": [card_entry()] if cards is None else cards,
    }
    data.update(changes)
    data = {key: value for key, value in data.items() if value is not DROP}
    text = json.dumps({"meta": {"date": "2024-01-02", "version": "5.2.2"}, "data": data})
    return gzip.compress(text.encode()) if gzipped else text.encode()


def with_card(**changes) -> bytes:
    return set_file([card_entry(**changes)])


def with_identifiers(**changes) -> bytes:
    return with_card(identifiers={"scryfallOracleId": ORACLE_ID, **changes})


def with_foreign(**changes) -> bytes:
    return with_card(foreignData=[{"language": "Italian", "name": "Drago", **changes}])


def second_card(**changes) -> bytes:
    other = card_entry(
        name="Test Wurm",
        uuid="8b0d2c1e-4f7a-5d3e-9c61-0a2b3c4d5e6f",
        number="2",
        identifiers={"scryfallOracleId": "0c9d8e7f-6a5b-4c3d-8e2f-1a0b9c8d7e6f"},
    )
    other.update(changes)
    return set_file([card_entry(), other])


def nested(depth: int, inside: bytes = b"") -> bytes:
    return b'{"meta": {}, "data": {"code": "ZZT", "cards": ' + b"[" * depth + inside


def random_bytes(size: int, seed: int) -> Callable[[Path], None]:
    def write(path: Path) -> None:
        path.write_bytes(random.Random(seed).randbytes(size))

    return write


MTGJSON = "import_mtgjson"
NOTES = "import_release_notes"

NOTES_SAMPLE = (
    "***Note di prova***\n\nPatto di Prova\n{1}{U}\nIstantaneo\nPesca una carta.\n\n"
    "• Si può lanciare in qualsiasi momento.\n"
)
