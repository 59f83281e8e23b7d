"""Rule numbers as people cite them, resolved to the current Comprehensive Rules.

Two functions for pages, the API and rule links:

``parse_lookup(text)`` reads what a user types or a document cites and returns a ``Lookup``
(number + the date it was cited at), or None when there is no rule number in it::

    parse_lookup("rule 702.37c")             -> Lookup("702.37c", on=None)
    parse_lookup("502.26b (2007)")           -> Lookup("502.26b", on=date(2007, 12, 31))
    parse_lookup("502.26b 2007-05-01")       -> Lookup("502.26b", on=date(2007, 5, 1))
    parse_lookup("regola 502.26b, 1 maggio 2007"), "502.26b (May 2007)", "502.26b May 1, 2007"
    (a year or a month means "as in force at its end")

``resolve(number, on=None, language="en")`` returns a ``Resolution``. The number is read in the
English edition in force at ``on`` (the newest complete English edition effective on or before
that date; when ``on`` is None or later than the current edition, the current edition; when it is
earlier than every edition, the oldest one, and ``in_force`` is False). Then:

- read in the current edition: ``current`` is that section, method ``"current"``, confidence 1;
- read in an older edition: ``current`` is where its stored ``RuleMapping`` points (None when
  nothing matches: method ``"none"``), with the mapping's confidence and method;
- not in that edition but in the current one with the same number: ``current`` is that section,
  method ``"number"`` and a lower confidence (a number cited after the edition we have, e.g.
  307.1 as numbered in 2023, or one whose edition is missing);
- nowhere: ``section`` and ``current`` are None (``found`` is False).

Italian: the rules are numbered alike in both languages, so numbers are always resolved through
the English editions. With ``language="it"`` the resolution also carries ``translation``, the
Italian text of ``current`` (the section with the same number in the Italian edition whose
effective date is the current English edition's), and ``original_translation``, the Italian text
of ``section`` (same number, Italian edition with the date of the edition it was read in); each is
None when no such Italian edition or section was imported.

It costs at most four queries whatever the number: editions, sections, mapping, translations.
"""

import calendar
import re
from dataclasses import dataclass
from datetime import date

from common.text import ENGLISH_MONTHS, ITALIAN_MONTHS
from rulings.models import Language, RuleMapping, RuleSection, RulesEdition

CURRENT = "current"  # the number was read in the current edition itself
NUMBER = "number"  # the same number in the current edition, with no mapping to go by
NUMBER_CONFIDENCE = 0.6

# The grammar of rule numbers, written here alone: a chapter (7), a section (702), a rule
# (702.9) and a subrule (702.9a; after z come aa, ab...), and the words that name them.
CHAPTER_NUMBER = r"[1-9]"
SECTION_NUMBER = r"[1-9]\d\d"
RULE_NUMBER = rf"{SECTION_NUMBER}\.\d+"
SUBRULE_LETTERS = r"[a-z]{1,2}"
# A section, rule or subrule: 702, 702.9, 702.9a.
CITED_NUMBER = rf"{SECTION_NUMBER}(?:\.\d+(?:{SUBRULE_LETTERS})?)?"
# Any of the four: 7, 702, 702.9, 702.9a.
NUMBER_PATTERN = rf"{CHAPTER_NUMBER}(?:\d\d(?:\.\d+(?:{SUBRULE_LETTERS})?)?)?"
NAMING_WORDS = r"rules?|regol[ae]|sections?|sezion[ei]|chapters?|capitol[oi]"
# The stems of those words, for a quick look at a text before reading its citations.
NAMING_STEMS = ("rule", "regol", "section", "sezion", "chapter", "capitol")
VALID_NUMBER = re.compile(rf"^{NUMBER_PATTERN}$")
NUMBER_PARTS = re.compile(r"^(\d)(\d\d)?(?:\.(\d+)([a-z]*))?$")
LOOKUP_NUMBER = re.compile(
    rf"(?:\b(?:{NAMING_WORDS}|cr)\b\.?\s*|§\s*)?"
    rf"(?<![\d.])(?P<number>{NUMBER_PATTERN})(?![\d])\.?(?![\d])",
    re.IGNORECASE,
)
MONTHS = {**ENGLISH_MONTHS, **ITALIAN_MONTHS}
MONTH = r"(?P<month>[A-Za-z]+)\.?"
DATE_PATTERNS = [
    ("iso", re.compile(r"\b(?P<year>\d{4})-(?P<month>\d{1,2})-(?P<day>\d{1,2})\b")),
    ("dmy", re.compile(rf"\b(?P<day>\d{{1,2}})\s*[°º]?\s+{MONTH}\s+(?P<year>\d{{4}})\b")),
    ("mdy", re.compile(rf"\b{MONTH}\s+(?P<day>\d{{1,2}}),?\s+(?P<year>\d{{4}})\b")),
    ("my", re.compile(rf"\b{MONTH}\s+(?P<year>\d{{4}})\b")),
    ("y", re.compile(r"(?<![\d.])(?P<year>(?:19|20)\d\d)(?![\d.])")),
]


@dataclass(frozen=True)
class Lookup:
    number: str
    on: date | None = None


@dataclass(frozen=True)
class Resolution:
    number: str
    on: date | None
    edition: RulesEdition | None  # the English edition the number was read in
    in_force: bool  # False when ``on`` is earlier than every edition we have
    section: RuleSection | None  # the number in that edition
    current: RuleSection | None  # where it lives in the current edition
    confidence: float
    method: str  # RuleMapping.Method value, CURRENT or NUMBER
    translation: RuleSection | None = None
    original_translation: RuleSection | None = None

    @property
    def found(self) -> bool:
        return self.section is not None or self.current is not None

    @property
    def renumbered(self) -> bool:
        """True when the cited number is not today's number for that rule."""
        return (
            self.section is not None
            and self.current is not None
            and self.section.number != self.current.number
        )


def normalise_number(text: str) -> str | None:
    """ "702.37C." -> "702.37c"; None if it is not a rule number."""
    number = text.strip().rstrip(".").lower()
    return number if VALID_NUMBER.match(number) else None


def number_key(number: str) -> tuple:
    """Sort key that puts "7" < "702" < "702.9" < "702.37" < "702.37c" < "702.37z" < "702.37aa"."""
    match = NUMBER_PARTS.match(number)
    if not match:
        raise ValueError(f"not a rule number: {number!r}")
    chapter, tens, rule, letters = match.groups()
    if tens is None:  # a chapter
        return (int(chapter), -1, -1, 0, "")
    section = int(chapter + tens)
    if rule is None:
        return (int(chapter), section, -1, 0, "")
    return (int(chapter), section, int(rule), len(letters), letters)


def level_of(number: str) -> int:
    """1 chapter ("7"), 2 section ("702"), 3 rule ("702.37"), 4 subrule ("702.37c")."""
    if "." not in number:
        return 1 if len(number) == 1 else 2
    return 4 if number[-1].isalpha() else 3


def ancestors_of(number: str) -> list[str]:
    """The numbers above a rule, outermost first: "702.37c" -> ["7", "702", "702.37"]."""
    section, _, rest = number.partition(".")
    numbers = [section[0]] if len(section) == 3 else []
    if rest:
        numbers.append(section)
        if rest[-1].isalpha():
            numbers.append(number[:-1])
    return numbers


def parent_number(number: str) -> str | None:
    """ "702.37c" -> "702.37" -> "702" -> "7" -> None."""
    level = level_of(number)
    if level == RuleSection.Level.CHAPTER:
        return None
    if level == RuleSection.Level.SECTION:
        return number[0]
    if level == RuleSection.Level.RULE:
        return number.split(".")[0]
    return number.rstrip("abcdefghijklmnopqrstuvwxyz")


def _parse_date(text: str) -> tuple[date, tuple[int, int]] | tuple[None, None]:
    """The first date in ``text`` and where it is; a year or a month means its last day."""
    for kind, pattern in DATE_PATTERNS:
        for match in pattern.finditer(text):
            try:
                year = int(match["year"])
                if kind == "y":
                    return date(year, 12, 31), match.span()
                month_text = match["month"]
                month = int(month_text) if month_text.isdigit() else MONTHS.get(month_text.lower())
                if not month:
                    continue
                if kind == "my":
                    day = calendar.monthrange(year, month)[1]
                else:
                    day = int(match["day"])
                return date(year, month, day), match.span()
            except ValueError:
                continue
    return None, None


def parse_lookup(text: str) -> Lookup | None:
    """The rule number and the date in ``text`` (see the module docstring), or None."""
    if not text:
        return None
    on, span = _parse_date(text)
    if span:
        text = text[: span[0]] + " " + text[span[1] :]
    numbers = [match["number"].lower() for match in LOOKUP_NUMBER.finditer(text)]
    if not numbers:
        return None
    # "May 1, 2007: 502.26b" holds a "1" too: the most specific number is the one meant.
    number = max(numbers, key=lambda found: ("." in found, len(found) >= 3))
    return Lookup(number=number, on=on)


def resolve(number: str, on: date | None = None, language: str = Language.ENGLISH) -> Resolution:
    """Where rule ``number``, as cited on ``on``, lives in the current edition."""
    wanted = normalise_number(number) or number.strip().lower()
    editions = RulesEdition.objects.official()
    current_edition = editions.in_force(None)
    if current_edition is None or not VALID_NUMBER.match(wanted):
        return Resolution(wanted, on, None, False, None, None, 0.0, RuleMapping.Method.NONE)
    edition = editions.in_force(on)
    in_force = on is None or edition.effective_date <= on  # False before every edition
    sections = {
        section.edition_id: section
        for section in RuleSection.objects.filter(
            edition_id__in={edition.pk, current_edition.pk}, number=wanted
        )
    }
    section = sections.get(edition.pk)
    same_number_today = sections.get(current_edition.pk)
    for found in (section, same_number_today):
        if found is not None:
            found.edition = edition if found.edition_id == edition.pk else current_edition

    if section is not None and edition.pk == current_edition.pk:
        current, confidence, method = section, 1.0, CURRENT
    else:
        mapping = None
        if section is not None:
            mapping = (
                RuleMapping.objects.filter(old_section=section)
                .select_related("current_section")
                .first()
            )
        if mapping is not None:
            current, confidence, method = (
                mapping.current_section,
                mapping.confidence,
                mapping.method,
            )
            if current is not None:
                current.edition = current_edition
        elif same_number_today is not None:
            current, confidence, method = same_number_today, NUMBER_CONFIDENCE, NUMBER
        else:
            current, confidence, method = None, 0.0, RuleMapping.Method.NONE

    translation = original_translation = None
    if language != Language.ENGLISH:
        wanted_pairs = set()
        if current is not None:
            wanted_pairs.add((current_edition.effective_date, current.number))
        if section is not None:
            wanted_pairs.add((edition.effective_date, section.number))
        if wanted_pairs:
            translated = {
                (found.edition.effective_date, found.number): found
                for found in RuleSection.objects.filter(
                    edition__language=language,
                    edition__effective_date__in={day for day, _ in wanted_pairs},
                    number__in={found for _, found in wanted_pairs},
                ).select_related("edition")
            }
            if current is not None:
                translation = translated.get((current_edition.effective_date, current.number))
            if section is not None:
                original_translation = translated.get((edition.effective_date, section.number))

    return Resolution(
        number=wanted,
        on=on,
        edition=edition,
        in_force=in_force,
        section=section,
        current=current,
        confidence=confidence,
        method=method,
        translation=translation,
        original_translation=original_translation,
    )
