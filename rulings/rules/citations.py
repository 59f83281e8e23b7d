"""The rule numbers a text cites, and where each leads in today's rules.

Finding them: ``find_citations(text)`` reads every rule reference in plain or HTML text, in
order (numbers inside links are skipped); ``cited_numbers(text)`` lists the numbers cited, each
once; ``rule_shaped_numbers(text)`` is every number that could be one (more, found faster: to
ask the database which exist before linking a whole page). What counts as a citation:

- a rule or subrule number anywhere: "702.9", "702.9a", "601.2f–h" (a range cites its first
  number and keeps the range as written; "903.6–903.11" cites both ends);
- a section or chapter number after a word that names it: "rule 702", "rules 614 and 615",
  "see section 5", "regola 502", "sezione 5" (a bare "702" or "5" is just a number).

Where they lead: a text cites rules as they were numbered when it was written ("502.26b" in the
Future Sight notes of May 2007, "rule 503" in a 2007 ruling). A number is read as
``rulings.rules.numbers.resolve`` reads it: in the English edition in force on the text's date, then
through that edition's mapping onto the current edition; a number with no mapping, or not in
that edition, falls back to the same number today. ``resolve_cited_numbers_by_day`` does it
for every number of a page at once, whatever their dates, in two queries, each number becoming
a ``CitedNumber``; ``web.rendering.text_pieces.RuleLinks`` then links each citation to today's rule.
"""

import re
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date

from rulings.models import RuleSection, RulesEdition
from rulings.rules.numbers import (
    CHAPTER_NUMBER,
    NAMING_WORDS,
    NUMBER_PATTERN,
    RULE_NUMBER,
    SECTION_NUMBER,
    SUBRULE_LETTERS,
    normalise_number,
)

# --- Finding citations ------------------------------------------------------------------------

RULE = rf"{RULE_NUMBER}(?:{SUBRULE_LETTERS})?"  # 702.9, 702.9a
SECTION = rf"{SECTION_NUMBER}(?![\d.]\d)"  # 702 (not the start of 702.9)
CHAPTER = rf"{CHAPTER_NUMBER}(?![\d.]\d)"  # 5
# The end of a range: a whole number (903.11), or only the part that changes (–h, –8).
RANGE_END = rf"[–-](?:{RULE}|\d+(?:{SUBRULE_LETTERS})?|{SUBRULE_LETTERS})(?!\w)"
ONE = rf"(?:{RULE}|{SECTION}|{CHAPTER})(?!\w)(?:{RANGE_END})?"
# The words that announce a section or chapter number, in English and Italian.
NAMING_WORD = rf"(?i:\b(?:{NAMING_WORDS})\b)"
SEPARATOR = r"(?:\s*,\s*(?i:(?:and|or|e|o)\s+)?|\s+(?i:and|or|through|to|e|o|a)\s+)"

TOKENS = re.compile(
    rf"""
    (?=[<&\drRsScC])   # where a token can start: checked first, it makes the scan fast
    (?:
      (?P<skip><a\b[^>]*>.*?</a>|<[^>]*>|&\#?\w+;)           # links, tags, entities: kept
    | (?P<named>{NAMING_WORD}\s+{ONE}(?:{SEPARATOR}{ONE})*)   # "rules 614 and 615", "section 5"
    | (?<![\w.])(?P<bare>{RULE}(?!\w)(?:{RANGE_END})?)       # "702.9a", "601.2f–h"
    )
    """,
    re.VERBOSE | re.DOTALL,
)
# One reference inside a match of TOKENS, split into its parts.
REFERENCE = re.compile(
    rf"(?<![\w.])(?P<start>{RULE}|{SECTION}|{CHAPTER})(?!\w)"
    rf"(?:[–-](?:(?P<end>{RULE})|\d+(?:{SUBRULE_LETTERS})?|{SUBRULE_LETTERS})(?!\w))?"
)
# Every number shaped like a rule number, cited or not: more than the references, found fast.
CANDIDATE = re.compile(rf"(?<![\w.]){NUMBER_PATTERN}(?!\w)")


@dataclass(frozen=True)
class Citation:
    start: int
    end: int
    text: str
    number: str
    last: str = ""  # the other end of a range written in full ("903.11" in "903.6–903.11")


# Every reference holds a digit from 1 to 9: a text without one cites nothing (most lines).
ANY_CITATION = re.compile(r"[1-9]")


def find_citations(text: str) -> list[Citation]:
    """Every rule reference in plain or HTML text, in order (numbers inside links are skipped)."""
    found = []
    if not text or not ANY_CITATION.search(text):
        return found
    for token in TOKENS.finditer(text or ""):
        if token["named"]:
            offset = token.start("named")
            for match in REFERENCE.finditer(token["named"]):
                found.append(_citation(match, offset))
        elif token["bare"]:
            match = REFERENCE.match(token["bare"])
            found.append(_citation(match, token.start("bare")))
    return found


def _citation(match: re.Match, offset: int) -> Citation:
    return Citation(
        start=offset + match.start(),
        end=offset + match.end(),
        text=match[0],
        number=match["start"],
        last=match["end"] or "",
    )


def cited_numbers(text: str) -> list[str]:
    """The rule numbers a text cites, each once, in order of first mention."""
    numbers = []
    for citation in find_citations(text):
        numbers.append(citation.number)
        if citation.last:
            numbers.append(citation.last)
    return list(dict.fromkeys(numbers))


def rule_shaped_numbers(text: str) -> set[str]:
    """Every number in ``text`` that could be a rule number: a superset of ``cited_numbers``, to
    ask the database which exist before linking a whole page."""
    return set(CANDIDATE.findall(text or ""))


# --- Where they lead today --------------------------------------------------------------------


@dataclass(frozen=True)
class CitedNumber:
    """A rule number as cited on a date, and where that rule is today.

    ``edition`` is the ISO date of the English edition the number was read in; ``in_edition``
    says whether the number is there; ``current`` is today's number (None when no current rule
    matches or the number is unknown)."""

    number: str
    edition: str
    in_edition: bool
    current: str | None

    @property
    def found(self) -> bool:
        return self.in_edition or self.current is not None

    @property
    def renumbered(self) -> bool:
        return self.current is not None and self.current != self.number


def resolve_cited_numbers(numbers: Iterable[str], on: date | None) -> dict[str, CitedNumber]:
    """Every number in ``numbers`` as cited on ``on`` (today when None): two queries."""
    return resolve_cited_numbers_by_day({on: numbers}).get(on, {})


def resolve_cited_numbers_by_day(
    cited: dict[date | None, Iterable[str]], editions=None
) -> dict[date | None, dict[str, CitedNumber]]:
    """{day: numbers cited that day} -> {day: {number: CitedNumber}}, in two queries for all
    (a day of None is today); one when the official ``editions`` (a queryset already read, as
    ``RulesEdition.objects.official()``) are given."""
    if editions is None:
        editions = RulesEdition.objects.official().only("pk", "effective_date")
    current = editions.in_force()
    if current is None:
        return {}
    wanted: dict[date | None, tuple[RulesEdition, set[str]]] = {}
    for day, numbers in cited.items():
        normalised = {found for found in map(normalise_number, numbers) if found}
        wanted[day] = (editions.in_force(day), normalised)
    all_numbers = set().union(*(numbers for _edition, numbers in wanted.values()))
    edition_pks = {edition.pk for edition, _numbers in wanted.values()} | {current.pk}
    found = {
        (edition_id, number): (mapped, bool(has_mapping))
        for edition_id, number, mapped, has_mapping in read_numbers(edition_pks, all_numbers)
    }
    today = {number for edition_id, number in found if edition_id == current.pk}
    return {
        day: {number: _resolve(number, in_force, current, found, today) for number in numbers}
        for day, (in_force, numbers) in wanted.items()
    }


def read_numbers(edition_pks: Iterable[int], numbers: Iterable[str]) -> list[tuple]:
    """(edition id, number, the current number it maps to or None, whether it has a mapping)
    of each of ``numbers`` that is in one of the editions ``edition_pks`` (an old rule has one
    mapping at most). Asked even for no numbers, so that a page's queries stay the same."""
    numbers = sorted(numbers) or [""]
    rows = RuleSection.objects.filter(edition__in=edition_pks, number__in=numbers).order_by()
    return [
        (edition_id, number, mapped, mapping_id is not None)
        for edition_id, number, mapped, mapping_id in rows.values_list(
            "edition_id", "number", "mappings__current_section__number", "mappings__id"
        )
    ]


def _resolve(number, in_force, current, found, today) -> CitedNumber:
    same_number_today = number if number in today else None
    edition = in_force.effective_date.isoformat()
    if in_force.pk == current.pk:
        return CitedNumber(number, edition, same_number_today is not None, same_number_today)
    if (in_force.pk, number) in found:
        mapped, has_mapping = found[(in_force.pk, number)]
        return CitedNumber(number, edition, True, mapped if has_mapping else same_number_today)
    return CitedNumber(number, edition, False, same_number_today)


class TodaysNumbers:
    """Today's number for each (number, date it was cited on) of ``cited``, worked out for all
    of them at once (two queries); called as ``todays_numbers(number, day)``, None when no
    current rule matches."""

    def __init__(self, cited: set[tuple[str, date]]):
        by_day: dict[date, set[str]] = {}
        for number, day in cited:
            by_day.setdefault(day, set()).add(number)
        resolved = resolve_cited_numbers_by_day(by_day) if by_day else {}
        self.today: dict[tuple[str, date], str | None] = {}
        for number, day in cited:
            found = resolved.get(day, {}).get(normalise_number(number) or "")
            self.today[(number, day)] = found.current if found else None

    def __call__(self, number: str, day: date) -> str | None:
        return self.today.get((number, day))
