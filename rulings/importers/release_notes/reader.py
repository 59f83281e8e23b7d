"""Read a release notes or FAQ document into sections and blocks. Pure: no database.

Documents in the form of the seeds (Future Sight release notes, the Onslaught morph FAQ, a
Marvel mechanics page, a wiki page), Italian (an English one's type lines are read too),
UTF-8::

    ***Ciclo: Patti***                      a heading (level 1)
    Paura                                   a heading too: a title line between blank lines or
                                            followed by prose ("Complottare" then its label
                                            "Azione definita da parola chiave" in a page pasted
                                            without blank lines, where each line is a paragraph)
    Patto di Intervento / {0} / Istantaneo  a card block: name, mana cost and/or type line,
    4/3 / rules text lines                  P/T, rules text; it opens a "card" section (level 2)
    502.26. Metamorfosi / 502.26a Text      quoted rules: headed ("Metamorfosi") or with text
    • Ruling  /  "  • sub"  /  "  1. item"  rulings, the indented lines being the items of the
                                            bullet above; after "Note di regolamento ufficiali:"
                                            every line up to the next heading is a ruling
    Le regole ... sono le seguenti:         a label; "GIOCARE CON ..." (capitals) is one too

Block texts leave out the markers the layout adds: a ruling's text has no leading "•", a rule's
text no number ("502.26b"), and a headed rule has its title and no text (as the Comprehensive
Rules reader stores "702.37. Morph"). Section texts are the lines exactly as written.

Damaged text (the Onslaught FAQ lost its mana symbols) is flagged as a DamagedLine
(damaged_lines.py), never mended. The blocks and sections returned are document.py's.
"""

import re
from pathlib import Path

from common.text import ITALIAN_MONTHS
from rulings.importers.release_notes.document import Document, ReadError
from rulings.importers.release_notes.section_reader import SectionReader

STATED_DATE = re.compile(
    r"\baggiornat[oaie]\b[^\n]*?\b(?P<day>\d{1,2})\s*[°º]?\s+(?P<month>[A-Za-z]+)\s+"
    r"(?P<year>\d{4})\b",
    re.IGNORECASE,
)
TABLE_SHARE = 0.8  # of the lines with as many separators as the first: a table
TABLE_MIN_LINES = 3


# --- Reading -----------------------------------------------------------------------------------


def _split_lines(text: str) -> list[str]:
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    return text.replace("\u2028", "\n").replace("\u2029", "\n").split("\n")


def _clean_line(line: str) -> str:
    return line.replace("\u00a0", " ").replace("\u202f", " ").rstrip()


def _stated_date(text: str) -> str:
    for match in STATED_DATE.finditer(text):
        month = ITALIAN_MONTHS.get(match["month"].lower())
        day = int(match["day"])
        if month and 1 <= day <= 31:
            return f"{match['year']}-{month:02d}-{day:02d}"
    return ""


def _table_line(lines: list[str]) -> int | None:
    """The first line of a CSV (or tab/semicolon separated) table, None for a document: most
    lines hold the same number of separators as the first one."""
    content = [(number, line) for number, line in enumerate(lines, start=1) if line.strip()]
    if len(content) < TABLE_MIN_LINES:
        return None
    for separator in (",", ";", "\t"):
        count = content[0][1].count(separator)
        same = sum(1 for _number, line in content if line.count(separator) == count)
        if count and same >= TABLE_SHARE * len(content):
            return content[0][0]
    return None


EXPECTED = (
    "expected a release notes or FAQ document: headings (***Title*** or a title line), card "
    "blocks (name, mana cost, type line), quoted rules (502.26a ...) or • rulings"
)


def parse_document(text: str, path: str = "<text>") -> Document:
    """Read a document given as text (see the module's docstring); ReadError when it has no
    recognisable structure."""
    text = text.removeprefix("\ufeff")
    raw_lines = _split_lines(text)
    lines = [_clean_line(line) for line in raw_lines]
    if not any(line.strip() for line in lines):
        raise ReadError(path, None, f"the file is empty; {EXPECTED}")
    table_line = _table_line(lines)
    if table_line:
        raise ReadError(
            path,
            table_line,
            f"this is a table (values separated by commas, semicolons or tabs); {EXPECTED}",
        )
    reader = SectionReader(lines)
    sections = reader.read()
    if not reader.has_structure:
        raise ReadError(path, None, f"no structure found; {EXPECTED}")
    ends = [*reader.starts[1:], len(raw_lines)]
    for section, start, end in zip(sections, reader.starts, ends, strict=True):
        section.text = "\n".join(raw_lines[start:end])
    opens_with_heading = sections[0].kind == "heading" and sections[0].title != ""
    return Document(
        path=path,
        text=text,
        title=sections[0].title if opens_with_heading else "",
        sections=sections,
        stated_date=_stated_date(text),
    )


# The seed documents are tens of kilobytes; a file many times larger is not a document.
MAX_FILE_BYTES = 2 * 1024 * 1024


def read_document(path: str | Path) -> Document:
    """Read a document file: UTF-8 (a BOM and any line ends accepted), else ReadError."""
    path = Path(path)
    try:
        size = path.stat().st_size
        if size > MAX_FILE_BYTES:
            raise ReadError(
                str(path),
                None,
                f"{size:,} bytes; a document is at most {MAX_FILE_BYTES // (1024 * 1024)} MB",
            )
        data = path.read_bytes()
    except OSError as error:
        raise ReadError(str(path), None, f"cannot read the file ({error.strerror})") from error
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        before = data[: error.start]
        line = before.count(b"\n") + 1 if b"\n" in before else before.count(b"\r") + 1
        bad = data[error.start]
        raise ReadError(
            str(path), line, f"byte 0x{bad:02x} is not UTF-8; expected UTF-8 text"
        ) from error
    if "\x00" in text:
        line = len(_split_lines(text[: text.index("\x00")]))
        raise ReadError(str(path), line, "a NUL character: this is not a text file")
    return parse_document(text, str(path))
