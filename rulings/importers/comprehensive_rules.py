"""Read a Comprehensive Rules plain-text file into records. No database.

The file is the one Wizards publishes (and the Italian translation in the same layout)::

    Magic: The Gathering Comprehensive Rules
    These rules are effective as of April 17, 2026.     (older: "current as of May 1, 2007";
                                                         Italian: "in vigore dal 17 aprile 2026")
    Introduction ... Contents ...                        (skipped)
    1. Game Concepts                                     chapter "1"
    100. General                                         section "100"
    100.1. These Magic rules apply to ...                rule "100.1" (text)
    100.1a A two-player game is ...                      subrule "100.1a"
    Example: ...                                         folded into the item above
    702.37. Morph                                        a headed rule: title "Morph", no text
    Glossary / Glossario                                 term line, then definition lines
    Credits / Riconoscimenti                             the end

Real files hold surprises, all handled here: a UTF-8 BOM; LF, CRLF or bare CR line ends; old
files in a single-byte code page (the May 2007 file has one cp437 byte, older Mac files Mac Roman
ones); U+2028 line separators and no-break spaces; numbers with or without their trailing
period; rule numbers indented by a space; rules of several paragraphs (the continuation lines
join the rule's text with a newline).

Every problem is a ``ReadError`` whose message names the file, the line and what was expected.
Bytes become clean lines in ``rules_file_text``; the glossary is read by ``rules_glossary``.
"""

import hashlib
import re
from collections import Counter
from dataclasses import dataclass, field
from datetime import date, timedelta
from pathlib import Path

from common.text import ENGLISH_MONTHS, ITALIAN_MONTHS
from rulings.importers.rules_file_lines import (
    BROKEN_NUMBER,
    CHAPTER,
    CHAPTER_LINE,
    LEVEL_NAMES,
    NUMBER_LIKE,
    RULE,
    RULE_LINE,
    SECTION,
    SECTION_LINE,
    SUBRULE,
    SUBRULE_LINE,
    ReadError,
    check_order,
    classify,
)
from rulings.importers.rules_file_text import decode, normalise_lines
from rulings.importers.rules_glossary import (
    CREDITS_HEADINGS,
    GLOSSARY_HEADINGS,
    GlossaryRecord,
    read_glossary,
)
from rulings.rules.numbers import (
    number_key,
    parent_number,
)

# "These rules are effective as of April 17, 2026." / "These rules are current as of May 1, 2007."
ENGLISH_HEADER = re.compile(
    r"\b(?:effective|current)\s+as\s+of\s+(?P<month>[A-Za-z]+)\.?\s+(?P<day>\d{1,2}),?\s+"
    r"(?P<year>\d{4})",
    re.IGNORECASE,
)
# "Queste regole sono in vigore dal 17 aprile 2026.", "... effettive dal 1° maggio 2007",
# "Aggiornamento: 25 gennaio 2019".
ITALIAN_HEADER = re.compile(
    r"\b(?:in\s+vigore|effettive|valide|aggiornate|aggiornat[oa]|aggiornamento)\b"
    r"[^0-9\n]{0,30}?(?P<day>\d{1,2})\s*[°º]?\s+(?P<month>[A-Za-z]+)\s+(?P<year>\d{4})",
    re.IGNORECASE,
)


# The published files are about 1 MB; a file many times that size is not a rules file, and
# reading it whole would cost time and memory for nothing.
MAX_FILE_BYTES = 16 * 1024 * 1024
# Magic was published in 1993; a rules edition dated more than a year ahead is a typo (9999).
FIRST_EDITION_DATE = date(1993, 1, 1)
LATEST_AHEAD = timedelta(days=366)

# A headed rule ("702.37. Morph") is one short line without a sentence's end.
HEADING_MAX_LENGTH = 80
SENTENCE_END = tuple(".:;,")
CLOSING = "\"'”’)]"


@dataclass(frozen=True)
class RuleRecord:
    number: str  # without the trailing period: "7", "702", "702.37", "702.37c"
    level: int
    parent: str | None  # the number of the item it belongs to, None for chapters
    title: str
    text: str
    examples: tuple[str, ...]
    position: int
    line: int


@dataclass
class RulesDocument:
    name: str
    language: str
    effective_date: date
    encoding: str
    sha256: str
    sections: list[RuleRecord]
    glossary: list[GlossaryRecord]
    partial: bool = False
    warnings: list[str] = field(default_factory=list)

    @property
    def counts(self) -> dict[str, int]:
        """{"chapters": 9, "sections": 147, "rules": 1165, "subrules": 1973, "glossary": 730}"""
        levels = Counter(record.level for record in self.sections)
        return {
            "chapters": levels[CHAPTER],
            "sections": levels[SECTION],
            "rules": levels[RULE],
            "subrules": levels[SUBRULE],
            "glossary": len(self.glossary),
        }


# --- The header --------------------------------------------------------------------------------


def _header_date(lines: list[str], end: int) -> tuple[date, str, int] | None:
    """(effective date, language the header is written in, line number) from the preamble."""
    for index, line in enumerate(lines[:end]):
        for pattern, months, language in (
            (ENGLISH_HEADER, ENGLISH_MONTHS, "en"),
            (ITALIAN_HEADER, ITALIAN_MONTHS, "it"),
        ):
            match = pattern.search(line)
            if not match:
                continue
            month = months.get(match["month"].lower())
            try:
                if month:
                    return (
                        date(int(match["year"]), month, int(match["day"])),
                        language,
                        index + 1,
                    )
            except ValueError:
                pass
    return None


# --- The rules ---------------------------------------------------------------------------------


@dataclass
class _Draft:
    number: str
    level: int
    text_lines: list[str]
    line: int
    examples: list[list[str]] = field(default_factory=list)

    def add_paragraph(self, paragraph: str):
        if self.examples:
            # A paragraph after an example continues the example.
            self.examples[-1].append(paragraph)
        else:
            self.text_lines.append(paragraph)


def _body_start(lines: list[str], name: str) -> int:
    """Index of the first line of the rules proper, after the header and the contents.

    The contents list chapters and sections only; the rules begin with the run of chapter and
    section headings just before the first numbered rule.
    """
    first_rule = None
    for index, line in enumerate(lines):
        stripped = line.strip()
        if RULE_LINE.match(stripped) or SUBRULE_LINE.match(stripped):
            first_rule = index
            break
    if first_rule is None:
        raise ReadError(
            name,
            None,
            "no numbered rules found; expected lines such as "
            "'100.1. These Magic rules apply to any Magic game ...'",
        )
    start = first_rule
    while start > 0:
        previous = lines[start - 1].strip()
        if previous and not (SECTION_LINE.match(previous) or CHAPTER_LINE.match(previous)):
            break
        start -= 1
    while start < first_rule and not lines[start].strip():
        start += 1
    return start


def _is_heading(draft: _Draft) -> bool:
    if draft.level != RULE or len(draft.text_lines) != 1 or draft.examples:
        return False
    text = draft.text_lines[0]
    # "For Mirrodin!" and "∞ (Infinity)" are headings; "... the subtype “Role.”" is a sentence.
    return len(text) <= HEADING_MAX_LENGTH and not text.rstrip(CLOSING).endswith(SENTENCE_END)


def _check_date(effective_date: date, name: str, line: int) -> None:
    latest = date.today() + LATEST_AHEAD
    if not FIRST_EDITION_DATE <= effective_date <= latest:
        raise ReadError(
            name,
            line,
            f"effective date {effective_date:%Y-%m-%d} is not plausible; expected a date from "
            f"{FIRST_EDITION_DATE:%Y-%m-%d} to {latest:%Y-%m-%d}",
        )


def _check_text(text: str, name: str) -> None:
    """A text file has no NUL characters: a binary or damaged file does."""
    at = text.find("\x00")
    if at >= 0:
        raise ReadError(
            name,
            len(normalise_lines(text[:at])),
            "a NUL character: this is not a text file (binary or damaged)",
        )


def parse_rules(
    data: bytes, *, name: str, language: str | None = None, partial: bool = False
) -> RulesDocument:
    """Read the bytes of a rules file. ``language`` ("en"/"it") defaults to the header's.

    ``partial``: the file holds only some rules (say those a release note quotes), so a rule
    may lack its section or parent rule and the numbers may come in any order.
    """
    text, encoding = decode(data)
    _check_text(text, name)
    lines = normalise_lines(text)
    start = _body_start(lines, name)
    header = _header_date(lines, start)
    if header is None:
        raise ReadError(
            name,
            1,
            "no effective date in the header; expected a line such as 'These rules are "
            "effective as of April 17, 2026.' (or 'Queste regole sono in vigore dal 17 aprile "
            "2026.')",
        )
    effective_date, header_language, header_line = header
    _check_date(effective_date, name, header_line)
    warnings: list[str] = []

    drafts: list[_Draft] = []
    by_number: dict[str, _Draft] = {}
    glossary_at = credits_at = None
    open_items: dict[int, str] = {}  # level -> number of the item of that level we are inside
    last_key = None
    for index in range(start, len(lines)):
        line_no = index + 1
        stripped = lines[index].strip()
        if not stripped:
            continue
        heading = stripped.lower()
        if heading in GLOSSARY_HEADINGS:
            glossary_at = index
            break
        if heading in CREDITS_HEADINGS:
            credits_at = index
            break
        broken = BROKEN_NUMBER.match(stripped)
        if broken:
            repaired = f"{broken['section']}.{broken['rest']}{stripped[broken.end() :]}"
            warnings.append(
                f"{name}, line {line_no}: read {stripped[: broken.end() - 1]!r} as "
                f"{repaired[: broken.end() - 2]!r} (misprint)"
            )
            stripped = repaired
        kind = classify(stripped)
        if kind is None:
            if NUMBER_LIKE.match(stripped):
                raise ReadError(
                    name,
                    line_no,
                    f"cannot read the rule number in {stripped[:40]!r}; expected a section "
                    "'702. Title', a rule '702.37. Text' or a subrule '702.37c Text'",
                )
            if not drafts:
                raise ReadError(name, line_no, "text before the first rule heading")
            drafts[-1].add_paragraph(stripped)
            continue
        level, number, body = kind
        if level == "example":
            if not drafts:
                raise ReadError(name, line_no, "an example before the first rule")
            drafts[-1].examples.append([body])
            continue
        if not partial:
            number = check_order(name, line_no, level, number, open_items, last_key, warnings)
        if number in by_number:
            raise ReadError(
                name,
                line_no,
                f"{LEVEL_NAMES[level]} {number} appears twice (first on line "
                f"{by_number[number].line}); expected each number once",
            )
        key = number_key(number)
        last_key = key
        open_items[level] = number
        for deeper in range(level + 1, SUBRULE + 1):
            open_items.pop(deeper, None)
        draft = _Draft(number=number, level=level, text_lines=[body], line=line_no)
        drafts.append(draft)
        by_number[number] = draft

    if not any(draft.level in (RULE, SUBRULE) for draft in drafts):
        raise ReadError(name, start + 1, "no numbered rules found")
    if partial:
        drafts.sort(key=lambda draft: number_key(draft.number))

    records = []
    for position, draft in enumerate(drafts):
        if draft.level in (CHAPTER, SECTION) or _is_heading(draft):
            title, body = draft.text_lines[0], "\n".join(draft.text_lines[1:])
        else:
            title, body = "", "\n".join(draft.text_lines)
        parent = parent_number(draft.number)
        while parent is not None and parent not in by_number:  # only in partial files
            parent = parent_number(parent)
        records.append(
            RuleRecord(
                number=draft.number,
                level=draft.level,
                parent=parent,
                title=title,
                text=body,
                examples=tuple("\n".join(example) for example in draft.examples),
                position=position,
                line=draft.line,
            )
        )

    glossary = []
    if glossary_at is not None:
        glossary, credits_at = read_glossary(lines, glossary_at + 1, name, warnings)

    return RulesDocument(
        name=name,
        language=language or header_language,
        effective_date=effective_date,
        encoding=encoding,
        sha256=hashlib.sha256(data).hexdigest(),
        sections=records,
        glossary=glossary,
        partial=partial,
        warnings=warnings,
    )


def read_rules(path: Path, *, language: str | None = None, partial: bool = False) -> RulesDocument:
    """Read a rules file from disk (see ``parse_rules``)."""
    path = Path(path)
    try:
        if path.is_dir():
            raise ReadError(str(path), None, "a folder; expected a rules text file")
        size = path.stat().st_size
        if size > MAX_FILE_BYTES:
            raise ReadError(
                str(path),
                None,
                f"{size:,} bytes; a rules file is about 1 MB, at most "
                f"{MAX_FILE_BYTES // (1024 * 1024)} MB is read",
            )
        data = path.read_bytes()
    except OSError as error:
        raise ReadError(str(path), None, f"cannot read the file ({error.strerror})") from error
    return parse_rules(data, name=str(path), language=language, partial=partial)
