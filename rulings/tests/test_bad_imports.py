"""Every importer refuses bad input cleanly: a table of bad files, each run as ``manage.py`` runs
it, asserting the exit code, a message naming the file and what is wrong, no traceback, and a
database left exactly as it was (row count and highest id of every project table)."""

import gzip
import json
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from tempfile import TemporaryDirectory

from django.conf import settings

from rulings.tests.bad_input import database_fingerprint, run_command
from web.testing import BundledDataTestCase

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
MTGJSON_CASES = [
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
        "mtgjson: a text of 200,000 characters",
        MTGJSON,
        with_card(text="x" * 200_000),
        "data.cards[0].text: a text of 200,000 characters; at most 100,000 are read",
        file_name="x.json",
    ),
    Case(
        "mtgjson: a NUL in a name",
        MTGJSON,
        with_card(name="Test\x00Drake"),
        "data.cards[0].name: a NUL character",
        file_name="x.json",
    ),
    Case(
        "mtgjson: a NUL in a key",
        MTGJSON,
        with_card(**{"na\x00me": "x"}),
        "a NUL character",
        file_name="x.json",
    ),
    Case(
        "mtgjson: set code A/B",
        MTGJSON,
        set_file(code="A/B"),
        "'code' 'A/B' cannot be part of a page address",
        file_name="x.json",
    ),
    Case(
        "mtgjson: set code ..",
        MTGJSON,
        set_file(code=".."),
        "'code' '..' cannot be part of a page address",
        file_name="x.json",
    ),
    Case(
        "mtgjson: collector number 1/2",
        MTGJSON,
        with_card(number="1/2"),
        "'number' '1/2' cannot be part of a page address",
        file_name="x.json",
    ),
    Case(
        "mtgjson: collector number ..",
        MTGJSON,
        with_card(number=".."),
        "'number' '..' cannot be part of a page address",
        file_name="x.json",
    ),
    Case(
        "mtgjson: collector number with a question mark",
        MTGJSON,
        with_card(number="1?a"),
        "'number' '1?a' cannot be part of a page address",
        file_name="x.json",
    ),
    Case(
        "mtgjson: collector number with a line break",
        MTGJSON,
        with_card(number="1\n2"),
        "cannot be part of a page address",
        file_name="x.json",
    ),
    Case(
        "mtgjson: a set code of 11 characters",
        MTGJSON,
        set_file(code="ABCDEFGHIJK"),
        "'code' is 11 characters long; at most 10 are stored",
        file_name="x.json",
    ),
    Case(
        "mtgjson: a name of 9,991 characters",
        MTGJSON,
        with_card(name="N" * 9991),
        "'name' is 9,991 characters long; at most 300 are stored",
        file_name="x.json",
    ),
    Case(
        "mtgjson: a mana cost of 101 characters",
        MTGJSON,
        with_card(manaCost="{1}" * 33 + "{U}"[:2]),
        "'manaCost' is 101 characters long; at most 100 are stored",
        file_name="x.json",
    ),
    Case(
        "mtgjson: mana value 123456789012.5",
        MTGJSON,
        with_card(manaValue=123456789012.5),
        "'manaValue' should be a number from 0 to 1,000,000, found 123456789012.5",
        file_name="x.json",
    ),
    Case(
        "mtgjson: mana value as a string",
        MTGJSON,
        with_card(manaValue="2"),
        "'manaValue' should be a number",
        file_name="x.json",
    ),
    Case(
        "mtgjson: a negative mana value",
        MTGJSON,
        with_card(manaValue=-1),
        "'manaValue' should be a number from 0",
        file_name="x.json",
    ),
    Case(
        "mtgjson: mana value 1e999",
        MTGJSON,
        with_card().replace(b'"manaValue": 2.0', b'"manaValue": 1e999'),
        "x.json",
        file_name="x.json",
    ),
    Case(
        "mtgjson: set size 1e308",
        MTGJSON,
        set_file(baseSetSize=1e308),
        "'baseSetSize' should be a whole number from 0 to 100,000, found 1e+308",
        file_name="x.json",
    ),
    Case(
        "mtgjson: set size 2.5",
        MTGJSON,
        set_file(totalSetSize=2.5),
        "'totalSetSize' should be a whole number",
        file_name="x.json",
    ),
    Case(
        "mtgjson: a side of three letters",
        MTGJSON,
        with_card(side="abc"),
        "'side' is 3 characters long; at most 2 are stored",
        file_name="x.json",
    ),
    Case(
        "mtgjson: a side that is a digit",
        MTGJSON,
        with_card(side="1"),
        "'side' should be a letter such as \"a\", found '1'",
        file_name="x.json",
    ),
    Case(
        "mtgjson: a 30-digit multiverse id",
        MTGJSON,
        with_identifiers(multiverseId="1" * 30),
        "'multiverseId' should be a whole number from 1 to 2,147,483,647",
        file_name="x.json",
    ),
    Case(
        "mtgjson: a 30-digit multiverse id as a number",
        MTGJSON,
        with_identifiers(multiverseId=10**29),
        "invalid JSON (parse error: integer overflow)",
        file_name="x.json",
    ),
    Case(
        "mtgjson: a multiverse id of letters",
        MTGJSON,
        with_identifiers(multiverseId="abc"),
        "'multiverseId' should be a whole number",
        file_name="x.json",
    ),
    Case(
        "mtgjson: an Italian multiverse id too large",
        MTGJSON,
        with_foreign(identifiers={"multiverseId": "99999999999"}),
        "foreignData[0]: identifiers: 'multiverseId' should be a whole number",
        file_name="x.json",
    ),
    Case(
        "mtgjson: an integer side",
        MTGJSON,
        with_card(side=1),
        "cards[0] (Test Drake): 'side' should be a string, found int 1",
        file_name="x.json",
    ),
    Case(
        "mtgjson: keywords as objects",
        MTGJSON,
        with_card(keywords=[{"name": "Flying"}]),
        "'keywords' should hold names of at most 80 characters, found dict",
        file_name="x.json",
    ),
    Case(
        "mtgjson: integer types",
        MTGJSON,
        with_card(types=[1, 2]),
        "'types' should hold names of at most 80 characters, found int 1",
        file_name="x.json",
    ),
    Case(
        "mtgjson: a colour that is a word",
        MTGJSON,
        with_card(colors=["Blue"]),
        "'colors' should hold names of at most 1 characters",
        file_name="x.json",
    ),
    Case(
        "mtgjson: non-string foreign data",
        MTGJSON,
        with_foreign(name=42),
        "foreignData[0]: 'name' should be a string, found int 42",
        file_name="x.json",
    ),
    Case(
        "mtgjson: foreign data that are not objects",
        MTGJSON,
        with_card(foreignData=["Italian"]),
        "'foreignData' should hold objects",
        file_name="x.json",
    ),
    Case(
        "mtgjson: legalities as a list",
        MTGJSON,
        with_card(legalities=["vintage"]),
        "'legalities' should be a dict, found list",
        file_name="x.json",
    ),
    Case(
        "mtgjson: a legality that is a list",
        MTGJSON,
        with_card(legalities={"vintage": ["Legal"]}),
        'legalities.vintage should be a status such as "Legal", found list',
        file_name="x.json",
    ),
    Case(
        "mtgjson: a uuid that is not one",
        MTGJSON,
        with_card(uuid="not-a-uuid"),
        "uuid: expected a UUID, found 'not-a-uuid'",
        file_name="x.json",
    ),
    Case(
        "mtgjson: one uuid for two printings",
        MTGJSON,
        second_card(uuid=card_entry()["uuid"]),
        "uuid 5f8287b1-5bb6-5f4c-ad17-316a40d5bb0c is already the uuid of",
        file_name="x.json",
    ),
    Case(
        "mtgjson: one collector number for two cards",
        MTGJSON,
        second_card(number="1"),
        "collector number 1 is given to two cards, 'Test Drake' and 'Test Wurm'",
        file_name="x.json",
    ),
    Case(
        "mtgjson: one Oracle id for two cards",
        MTGJSON,
        second_card(identifiers={"scryfallOracleId": ORACLE_ID}),
        f"Oracle id {ORACLE_ID} is given to two cards, 'Test Drake' and 'Test Wurm'",
        file_name="x.json",
    ),
    Case(
        "mtgjson: a card without a name",
        MTGJSON,
        with_card(name=DROP),
        "missing or empty 'name'",
        file_name="x.json",
    ),
    Case(
        "mtgjson: a flag that is a word",
        MTGJSON,
        with_card(isPromo="yes"),
        "'isPromo' should be true or false",
        file_name="x.json",
    ),
    Case(
        "mtgjson: a ruling dated nonsense",
        MTGJSON,
        with_card(rulings=[{"date": "someday", "text": "x"}]),
        "ruling date: expected a date like 2007-05-04, found 'someday'",
        file_name="x.json",
    ),
    Case(
        "mtgjson: a release date that is a number",
        MTGJSON,
        set_file(releaseDate=20240101),
        "releaseDate: expected a date like 2007-05-04, found 20240101",
        file_name="x.json",
    ),
    Case(
        "mtgjson: an Italian set name that is a number",
        MTGJSON,
        set_file(translations={"Italian": 7}),
        "translations: 'Italian' should be a string",
        file_name="x.json",
    ),
    Case(
        "mtgjson: keyword names as objects",
        MTGJSON,
        b'{"meta": {}, "data": {"abilityWords": [{"name": "Threshold"}]}}',
        "data.abilityWords: expected a list of keyword names",
        file_name="Keywords.json",
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

NOTES = "import_release_notes"
NOTES_SAMPLE = (
    "***Note di prova***\n\nPatto di Prova\n{1}{U}\nIstantaneo\nPesca una carta.\n\n"
    "• Si può lanciare in qualsiasi momento.\n"
)
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

CASES = RULES_CASES + MTGJSON_CASES + NOTES_CASES


class BadInputTests(BundledDataTestCase):
    maxDiff = None

    def test_the_table_is_large(self):
        self.assertGreaterEqual(len(CASES), 60)
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

    def test_the_well_formed_set_file_the_bad_ones_start_from_imports(self):
        """With a collector number holding a space, as PMPS08's "a1 2007" does."""
        path = Path(self.enterContext(TemporaryDirectory())) / "good.json"
        path.write_bytes(second_card(number="a1 2007"))
        outcome = run_command(MTGJSON, str(path))
        self.assertEqual(outcome.code, 0, outcome.stderr)
        self.assertIn("Imported good.json", outcome.stdout)
        self.assertContains(self.client.get("/en/sets/ZZT/1/"), "Test Drake")
        self.assertContains(self.client.get("/en/sets/ZZT/a1%202007/"), "Test Wurm")
        card = self.client.get("/en/cards/test-wurm/")
        self.assertContains(card, '/a1%202007/"')
        self.assertContains(self.client.get("/en/sets/"), "ZZT")

    def test_update_data_without_a_cache_says_so(self):
        folder = Path(self.enterContext(TemporaryDirectory()))
        before = database_fingerprint()
        with self.settings(DATA_CACHE_DIR=folder):
            outcome = run_command("update_data", "--offline")
        self.assertEqual(outcome.code, 1)
        self.assertIn(f"{folder}: the cache holds no AllPrintings", outcome.stderr)
        self.assertNotIn("Traceback", outcome.stderr)
        self.assertEqual(database_fingerprint(), before)

    def test_allow_shrink_imports_a_short_newer_edition(self):
        folder = Path(self.enterContext(TemporaryDirectory()))
        path = folder / "june.txt"
        path.write_bytes(rules_dated("June 12, 2026"))
        outcome = run_command("import_rules", "--allow-shrink", "--no-link", str(path))
        self.assertEqual(outcome.code, 0, outcome.stderr)
        self.assertIn("Imported 2026-06-12 (en)", outcome.stdout)
