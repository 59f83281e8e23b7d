"""A keyword's defining rule in the current rules, with its subrules, each beside an Italian
text when one is known.

The Italian text comes from an Italian edition that numbers the rules as today (the translation
of the current rules), or else from an older Italian text of the same rule under its old number
(the Future Sight release notes quote morph as 502.26 of May 2007): the page says which, and
where it was quoted.
"""

from collections.abc import Iterable
from dataclasses import dataclass, field
from string import ascii_lowercase

from django.db.models import Q
from django.utils.safestring import SafeString

from rulings.models import Language, RuleMapping, RuleSection, RulesEdition
from rulings.rules.citations import (
    CitedNumber,
    resolve_cited_numbers_by_day,
    rule_shaped_numbers,
)
from rulings.rules.editions import EditionChoices
from rulings.rules.numbers import level_of
from web.pages.rules.italian_texts import LIKELY_MATCH, ItalianLabels, italian_note
from web.pages.rules.page import rule_url
from web.rendering.markup import RuleTextRenderer, side_by_side


@dataclass
class RuleBlock:
    """The defining rule or one of its subrules, with its text beside the Italian one."""

    number: str
    title: str
    italian_title: str
    url: str
    html: SafeString
    level: int


@dataclass
class DefiningRule:
    number: str
    url: str
    edition: RulesEdition
    blocks: list[RuleBlock] = field(default_factory=list)

    @property
    def head(self) -> RuleBlock | None:
        return self.blocks[0] if self.blocks else None


@dataclass(frozen=True)
class Translation:
    """An Italian text of a rule of today, maybe under an older number."""

    section: RuleSection
    edition: RulesEdition  # the Italian edition
    old_number: str = ""  # when it numbers the rule otherwise


def in_rule(number: str, candidate: str) -> bool:
    """True for the rule itself and its subrules ("702.37", "702.37c")."""
    return candidate == number or (
        level_of(candidate) == RuleSection.Level.SUBRULE
        and candidate.rstrip(ascii_lowercase) == number
    )


@dataclass
class RuleTexts:
    """What ``read_defining_rule`` reads: the rule and its subrules in the current rules, in
    reading order; the Italian rows under today's numbers; and (Italian row, today's number, old
    edition id, confidence) for each Italian row under the old number of a rule likely the same
    as one of them."""

    sections: list[RuleSection] = field(default_factory=list)
    italian: list[RuleSection] = field(default_factory=list)
    under_old_numbers: list[tuple] = field(default_factory=list)


# What the page reads of a section (an Italian one's document: its title).
SECTION_FIELDS = (
    "edition_id", "number", "level", "title", "text", "examples", "note", "position",
    "source_document_id",
)  # fmt: skip


def read_defining_rule(number: str, editions: EditionChoices) -> RuleTexts:
    """The texts of rule ``number`` and its subrules (three queries whatever the rule: the rule
    and its subrules, their Italian texts, the mappings that lead to those under old numbers);
    nothing without a current edition."""
    current = editions.current
    if current is None:
        return RuleTexts()
    # The rule by its number, its subrules by theirs ("702.9a" to "702.9z"): two ranges of the
    # index of (edition, number).
    today = RuleSection.objects.filter(edition=current).filter(
        Q(number=number)
        | Q(number__gte=f"{number}a", number__lte=f"{number}z", level=RuleSection.Level.SUBRULE)
    )
    sections = [
        row
        for row in today.only(*SECTION_FIELDS).order_by()
        if number and in_rule(number, row.number)
    ]
    sections.sort(key=lambda row: row.position)
    likely = RuleMapping.objects.filter(current_section__in=today, confidence__gte=LIKELY_MATCH)
    mappings = likely.order_by().values_list(
        "old_section__number", "current_section__number", "old_section__edition_id", "confidence"
    )
    leads = {}  # old number -> the mappings that lead from it
    for old_number, *mapping in mappings:
        leads.setdefault(old_number, []).append(mapping)
    numbers = {row.number for row in sections}
    italian_ids = [e.pk for e in editions.rows if e.language == Language.ITALIAN]
    italian_rows = (
        RuleSection.objects.filter(
            edition_id__in=italian_ids, number__in={number, *numbers, *leads}
        )
        .select_related("source_document")
        .only(*SECTION_FIELDS, "source_document__title")
        .order_by()
    )
    texts = RuleTexts(sections)
    for row in italian_rows:
        if row.number in numbers:
            texts.italian.append(row)
        for mapping in leads.get(row.number, ()):
            texts.under_old_numbers.append((row, *mapping))
    return texts


def numbers_cited_in(sections: Iterable[RuleSection]) -> set[str]:
    cited = set()
    for row in sections:
        for text in (row.text, *row.examples):
            cited |= rule_shaped_numbers(text)
    return cited


def defining_rule(
    number: str,
    editions: EditionChoices,
    texts: RuleTexts | None = None,
    cited_today: dict[str, CitedNumber] | None = None,
) -> DefiningRule | None:
    """The rule with its subrules in the current rules, each with an Italian text when an
    Italian edition has one: ``texts``, which ``read_defining_rule`` reads here unless the page
    did. The numbers its texts cite are links where today's rules have them: ``cited_today``
    is what ``resolve_cited_numbers_by_day`` says of ``numbers_cited_in(texts.sections)`` (for
    the day None), when the page asked it with its own numbers; else one more query asks it
    here."""
    current = editions.current
    if current is None:
        return None
    if texts is None:
        texts = read_defining_rule(number, editions)
    here = texts.sections
    sections = [row for row in here if number and in_rule(number, row.number)]
    translations = italian_texts(number, current, editions, texts.italian, texts.under_old_numbers)
    if not sections:
        return None
    if cited_today is None:
        cited = {None: numbers_cited_in(here)}
        cited_today = resolve_cited_numbers_by_day(cited, editions.official).get(None, {})
    today = {found for found, cited in cited_today.items() if cited.in_edition}
    rule_text = RuleTextRenderer(today)  # links the numbers today's rules have
    labels = ItalianLabels(current.effective_date)
    blocks = []
    for row in sections:
        english = rule_text.body(row.text, row.examples, current.language)
        found = translations.get(row.number)
        italian = ""
        if found is not None:
            # Its references are numbers of the rules it was read in: they open that edition.
            read_in = editions.read_in(found.edition)
            cited_in = RuleTextRenderer(edition=None if read_in == current else read_in.slug)
            italian = cited_in.body(found.section.text, found.section.examples, Language.ITALIAN)
            if italian:
                label = labels(found.section, found.edition.effective_date, found.old_number)
                italian = label + italian + italian_note(found.section)
        italian_title = found.section.title if found and found.section.title != row.title else ""
        blocks.append(
            RuleBlock(
                number=row.number,
                title=row.title,
                italian_title=italian_title,
                url=rule_url(row.number, ""),
                html=side_by_side(italian, english, current.language),
                level=row.level,
            )
        )
    return DefiningRule(number, rule_url(number, ""), current, blocks)


def italian_texts(
    number: str,
    current: RulesEdition,
    editions: EditionChoices,
    italian: list[RuleSection],
    under_old_numbers: list[tuple],
) -> dict:
    """{today's number: Translation} for the rule and its subrules, from the Italian rows
    ``read_defining_rule`` found (``RuleTexts.italian``, ``RuleTexts.under_old_numbers``).

    An Italian edition read in the current rules numbers them as today; an older one may still
    hold the same rule under its old number, found through the old-number mappings (only
    those likely to be right). Preferred: today's numbering, then the surer match, then the
    newer text."""
    candidates = {}  # today's number -> [(rank, Translation)]
    for row in italian:
        edition = editions.by_pk(row.edition_id)
        newer = -edition.effective_date.toordinal()
        if editions.read_in(edition) == current and number and in_rule(number, row.number):
            candidates.setdefault(row.number, []).append(((0, 0, newer), Translation(row, edition)))
    for row, today, old_edition, confidence in under_old_numbers:
        if not (number and in_rule(number, today)):
            continue
        edition = editions.by_pk(row.edition_id)
        if editions.read_in(edition).pk == old_edition:
            rank = (1, -confidence, -edition.effective_date.toordinal())
            candidates.setdefault(today, []).append((rank, Translation(row, edition, row.number)))
    return {today: min(found, key=lambda pair: pair[0])[1] for today, found in candidates.items()}
