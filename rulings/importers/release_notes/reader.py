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
from rulings.importers.release_notes.cited_names import names_in
from rulings.importers.release_notes.damaged_lines import DamagedLine, damage_in
from rulings.importers.release_notes.document import (
    Block,
    CardBlock,
    Document,
    ReadError,
    ReadSection,
)
from rulings.importers.release_notes.line_shapes import (
    BLANK,
    BULLET,
    BULLET_LINE,
    COST,
    ITEM,
    LABEL,
    LEVEL1,
    LEVEL1_HEADING,
    POWER_TOUGHNESS,
    PROSE,
    PT,
    REMINDER,
    RULE,
    RULINGS_LABEL,
    SUBHEADING,
    TITLE_LIKE,
    TITLE_MAX_LENGTH,
    TYPE,
    quoted_rule,
    shape_of,
)

STATED_DATE = re.compile(
    r"\baggiornat[oaie]\b[^\n]*?\b(?P<day>\d{1,2})\s*[°º]?\s+(?P<month>[A-Za-z]+)\s+"
    r"(?P<year>\d{4})\b",
    re.IGNORECASE,
)

# Words of a document's own prose that rules text never uses.
DOCUMENT_PROSE = re.compile(r"\b(?:espansion[ei]|blocco|regole|regolamento|FAQ)\b")
TABLE_SHARE = 0.8  # of the lines with as many separators as the first: a table
TABLE_MIN_LINES = 3
# A paragraph this long after a title-like line inside a card's text shows the line is a
# heading, not a keyword line ("Volare").
HEADING_PROSE_MIN_LENGTH = 120


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


class _Reader:
    """Walks the lines once, opening sections and adding blocks to the open one."""

    def __init__(self, lines: list[str]):
        self.lines = lines
        self.shapes = [shape_of(line) for line in lines]
        last = max((i for i, shape in enumerate(self.shapes) if shape != BLANK), default=-1)
        first = next((i for i, shape in enumerate(self.shapes) if shape != BLANK), 0)
        # Documents without blank lines (pasted from a web page) have one paragraph a line.
        self.line_paragraphs = BLANK not in self.shapes[first:last]
        self.sections: list[ReadSection] = []
        self.starts: list[int] = []  # index of each section's first line, text included
        self.rulings_mode = False
        self.structure_seen = False  # a *** heading, a card block, a quoted rule, a ruling
        self.plain_headings = 0

    @property
    def has_structure(self) -> bool:
        return self.structure_seen or self.plain_headings >= 2

    # helpers

    def _next_content(self, index: int, max_blanks: int | None = None) -> int | None:
        blanks = 0
        while index < len(self.lines):
            if self.shapes[index] != BLANK:
                return index
            blanks += 1
            if max_blanks is not None and blanks > max_blanks:
                return None
            index += 1
        return None

    def _open(self, kind: str, level: int, title: str, index: int, card=None):
        self.sections.append(ReadSection(kind, level, title, index + 1, "", card=card))
        self.starts.append(index if self.starts else 0)  # blank lines above go with the first
        self.rulings_mode = False

    def _add(self, block: Block):
        if not self.sections:
            self._open("heading", 1, "", 0)
        self.sections[-1].blocks.append(block)

    def _check_damage(self, block: Block, first: int, last: int):
        for index in range(first, last + 1):
            reason = damage_in(self.lines[index]) if self.shapes[index] != BLANK else ""
            if reason:
                block.damaged_lines.append(DamagedLine(index + 1, self.lines[index], reason))

    def _text(self, first: int, last: int) -> str:
        return "\n".join(self.lines[first : last + 1])

    # card blocks

    def _card_head(self, index: int) -> tuple[CardBlock, int] | None:
        """A card's name at ``index``, then its mana cost and/or type line and P/T (blank lines
        allowed between them), with the index of the last of those lines."""
        if self.shapes[index] != TITLE_LIKE:
            return None
        following = self._next_content(index + 1, max_blanks=2)
        cost = type_line = ""
        last = index
        if following is not None and self.shapes[following] == COST:
            cost, last = self.lines[following].strip(), following
            following = self._next_content(following + 1, max_blanks=2)
        if following is not None and self.shapes[following] == TYPE:
            type_line, last = self.lines[following].strip(), following
        if not type_line and (not cost or last != index + 1):
            return None  # a cost alone must follow the name at once: "{0}" under a title
        card = CardBlock(self.lines[index].strip(), index + 1, mana_cost=cost, type_line=type_line)
        following = self._next_content(last + 1, max_blanks=2)
        if following is not None and self.shapes[following] == PT:
            pt = POWER_TOUGHNESS.match(self.lines[following].strip())
            card.power, card.toughness, last = pt["power"], pt["toughness"], following
        return card, last

    def card_at(self, index: int) -> tuple[CardBlock, int] | None:
        """A card block starting at ``index`` (its name), with the index of its last line: the
        head, then rules text lines (blank lines allowed) up to what cannot be rules text."""
        head = self._card_head(index)
        if head is None:
            return None
        card, last = head
        text_lines = []
        for following in range(last + 1, len(self.lines)):
            if self.shapes[following] == BLANK:
                continue
            if self._ends_card_text(following):
                break
            text_lines.append(self.lines[following].strip())
            last = following
        card.text = "\n".join(text_lines)
        card.reminders = REMINDER.findall(card.text)
        return card, last

    def _ends_card_text(self, index: int) -> bool:
        shape = self.shapes[index]
        if shape in (LEVEL1, RULE, BULLET_LINE, ITEM, LABEL, SUBHEADING):
            return True
        if self.lines[index].endswith(":"):
            return True  # prose introducing what follows: "... (la terza frase è nuova):"
        if self.shapes[index - 1] == BLANK and DOCUMENT_PROSE.search(self.lines[index]):
            return True  # "Alcune carte dell'espansione ...": the document speaking, not a card
        if shape != TITLE_LIKE:
            return False
        if self._card_head(index):
            return True
        # A heading between blank lines followed by a long paragraph, not a keyword line.
        after = self._next_content(index + 1)
        return (
            "," not in self.lines[index]
            and self.shapes[index - 1] == BLANK
            and after is not None
            and after > index + 1
            and self.shapes[after] == PROSE
            and len(self.lines[after]) >= HEADING_PROSE_MIN_LENGTH
            and "{" not in self.lines[after]
            and ": " not in self.lines[after]
        )

    # the walk

    def read(self) -> list[ReadSection]:
        index = 0
        while index < len(self.lines):
            index = self._step(index)
        return self.sections

    def _step(self, index: int) -> int:
        shape, line = self.shapes[index], self.lines[index]
        if shape == BLANK:
            return index + 1
        if shape == LEVEL1:
            self.structure_seen = True
            self._open("heading", 1, LEVEL1_HEADING.match(line)["title"], index)
            return index + 1
        if shape == RULE:
            return self._rule(index)
        if shape in (BULLET_LINE, ITEM):
            return self._ruling(index)
        if shape == TITLE_LIKE:
            found = self.card_at(index)
            if found:
                return self._card(index, *found)
            return self._headings(index)
        if shape in (LABEL, SUBHEADING):
            self._add(Block("label", index + 1, line.strip(), names=names_in(line)))
            if shape == LABEL and RULINGS_LABEL.match(line.strip()):
                self.rulings_mode = True
            return index + 1
        return self._prose(index)

    def _rule(self, index: int) -> int:
        self.structure_seen = True
        match = quoted_rule(self.lines[index].strip())
        text, title = match["text"], ""
        if (
            not match["number"][-1].isalpha()
            and len(text) <= TITLE_MAX_LENGTH
            and text[-1] not in ".:;,"
        ):
            text, title = "", text  # "502.26. Metamorfosi": a headed rule (subrules never are)
        block = Block("rule", index + 1, text, number=match["number"], title=title)
        block.names = names_in(text)
        self._check_damage(block, index, index)
        self._add(block)
        return index + 1

    def _ruling(self, index: int) -> int:
        self.structure_seen = True
        bullet = BULLET.match(self.lines[index])
        first_text = bullet["text"] if bullet else self.lines[index].strip()
        text_lines, items, last = [first_text], [], index
        if self.shapes[index] == BULLET_LINE:
            while last + 1 < len(self.lines) and self.shapes[last + 1] == ITEM:
                last += 1
                item = BULLET.match(self.lines[last])
                items.append(item["text"] if item else self.lines[last].strip())
                text_lines.append(self.lines[last])
        block = Block("ruling", index + 1, "\n".join(text_lines), items=items)
        block.names = names_in(block.text)
        self._check_damage(block, index, last)
        self._add(block)
        return last + 1

    def _card(self, index: int, card: CardBlock, last: int) -> int:
        self.structure_seen = True
        self._open("card", 2, card.name, index, card=card)
        block = Block("card", index + 1, self._text(index, last), card=card)
        block.names = names_in(card.text, exclude=(card.name,))
        self._check_damage(block, index, last)
        self._add(block)
        return last + 1

    def _headings(self, index: int) -> int:
        """A run of title-like lines: a heading, perhaps the lines above it (the document's own
        title) and the labels below it ("Azione definita da parola chiave")."""
        run = [index]
        while (
            run[-1] + 1 < len(self.lines)
            and self.shapes[run[-1] + 1] == TITLE_LIKE
            and not self._card_head(run[-1] + 1)
        ):
            run.append(run[-1] + 1)
        self.plain_headings += 1
        at_start = not any(section.blocks or section.title for section in self.sections)
        stands_alone = run[-1] + 1 >= len(self.lines) or self.shapes[run[-1] + 1] == BLANK
        if at_start and stands_alone:
            heading, labels = run, []
        elif at_start and len(run) >= 3:
            self._open("heading", 1, self._joined(run[:-2]), run[0])
            heading, labels = run[-2:-1], run[-1:]
        else:
            heading, labels = run[:1], run[1:]
        self._open("heading", 1, self._joined(heading), heading[0])
        for label in labels:
            self._add(Block("label", label + 1, self.lines[label].strip()))
        return run[-1] + 1

    def _joined(self, indexes: list[int]) -> str:
        return " ".join(self.lines[i].strip() for i in indexes)

    def _prose(self, index: int) -> int:
        last = index
        if not (self.rulings_mode or self.line_paragraphs):
            while last + 1 < len(self.lines) and self.shapes[last + 1] in (PROSE, TITLE_LIKE):
                if self.shapes[last + 1] == TITLE_LIKE and self._card_head(last + 1):
                    break
                last += 1
        kind = "ruling" if self.rulings_mode else "paragraph"
        if kind == "ruling":
            self.structure_seen = True
        block = Block(kind, index + 1, self._text(index, last))
        block.names = names_in(block.text)
        self._check_damage(block, index, last)
        self._add(block)
        return last + 1


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
    reader = _Reader(lines)
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
