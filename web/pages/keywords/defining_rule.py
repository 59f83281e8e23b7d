"""A keyword's defining rule in the current rules, with its subrules, each beside an Italian
text when one is known.

The Italian text comes from an Italian edition that numbers the rules as today (the translation
of the current rules), or else from an older Italian text of the same rule under its old number
(the Future Sight release notes quote morph as 502.26 of May 2007): the page says which, and
where it was quoted.
"""

import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from string import ascii_lowercase

from django.db import connection
from django.utils.safestring import SafeString

from common.sql_rows import fetch, positional
from rulings.models import Language, RuleMapping, RuleSection, RulesEdition, SourceDocument
from rulings.rules.citations import (
    CitedNumber,
    resolve_cited_numbers_by_day,
    rule_shaped_numbers,
)
from rulings.rules.editions import EditionChoices
from rulings.rules.numbers import level_of
from web.pages.rules.italian_texts import LIKELY_MATCH, ItalianLabels, italian_note
from web.pages.rules.page import rule_url
from web.rendering.rule_text import RuleTextRenderer, side_by_side


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


# The rule and its subrules in the current rules ("today": the rule by its number, its
# subrules as its children), then, in one query: their rows (part 0); the Italian texts that
# number them as today (part 1); and the Italian texts under the old number of a rule likely
# the same as one of them, with that mapping (part 2, first so that its columns give the
# types). Each part reads an index: by number, by parent, by mapping.
DEFINING_RULE_SQL = """
WITH today AS MATERIALIZED (
    SELECT r.id, r.number FROM {section} r
    WHERE r.edition_id = %(current)s AND r.number = %(number)s
    UNION ALL
    SELECT sub.id, sub.number FROM {section} r
    JOIN {section} sub ON sub.parent_id = r.id
    WHERE r.edition_id = %(current)s AND r.number = %(number)s AND sub.level = {subrule}
)
SELECT 2, s.id, s.edition_id, s.number, s.level, s.title, s.text, s.examples,
    s.note, s.position, s.source_document_id, d.title, today.number, old.edition_id,
    m.confidence
FROM today
JOIN {mapping} m ON m.current_section_id = today.id
JOIN {section} old ON old.id = m.old_section_id
JOIN {section} s ON s.number = old.number AND s.edition_id IN ({italian})
LEFT JOIN {document} d ON d.id = s.source_document_id
WHERE m.confidence >= %(likely)s
UNION ALL
SELECT 1, s.id, s.edition_id, s.number, s.level, s.title, s.text, s.examples,
    s.note, s.position, s.source_document_id, d.title, NULL, NULL, NULL
FROM today
JOIN {section} s ON s.number = today.number AND s.edition_id IN ({italian})
LEFT JOIN {document} d ON d.id = s.source_document_id
UNION ALL
SELECT 0, s.id, s.edition_id, s.number, s.level, s.title, s.text, s.examples,
    s.note, s.position, NULL, NULL, NULL, NULL, NULL
FROM today
JOIN {section} s ON s.id = today.id
"""


def defining_rule_statement(number: str, editions: EditionChoices) -> tuple[str, list] | None:
    """The query (sql, params) of ``DEFINING_RULE_SQL`` for rule ``number``, to send with a
    page's others (``defining_rule`` reads its rows); None without a current edition."""
    current = editions.current
    if current is None:
        return None
    italian_ids = [e.pk for e in editions.rows if e.language == Language.ITALIAN]
    quote = connection.ops.quote_name
    sql = DEFINING_RULE_SQL.format(
        section=quote(RuleSection._meta.db_table),
        mapping=quote(RuleMapping._meta.db_table),
        document=quote(SourceDocument._meta.db_table),
        subrule=RuleSection.Level.SUBRULE,
        # No Italian edition: an id no edition has, so that the query stays the same.
        italian=", ".join(f"%(italian{index})s" for index in range(len(italian_ids) or 1)),
    )
    params = {"current": current.pk, "number": number, "likely": LIKELY_MATCH}
    params.update({f"italian{index}": pk for index, pk in enumerate(italian_ids or [0])})
    return positional(sql, params)


def read_defining_rule(rows: list[tuple]):
    """The rows of ``DEFINING_RULE_SQL`` as (the rule and its subrules in reading order, the
    Italian rows under today's numbers, [(Italian row, today's number, old edition id,
    confidence)] under old numbers). Rows are ``RuleSection`` instances with the fields the
    page reads (an Italian row's document with its title only)."""
    sections, italian, under_old_numbers = [], [], []
    for part, *columns, document_id, document_title, today, old_edition, confidence in rows:
        row = section_of(columns, document_id, document_title)
        if part == 0:
            sections.append(row)
        elif part == 1:
            italian.append(row)
        else:
            under_old_numbers.append((row, today, old_edition, confidence))
    sections.sort(key=lambda row: row.position)
    return sections, italian, under_old_numbers


def section_of(columns, document_id, document_title) -> RuleSection:
    pk, edition_id, number, level, title, text, examples, note, position = columns
    row = RuleSection(
        pk=pk,
        edition_id=edition_id,
        number=number,
        level=level,
        title=title,
        text=text,
        examples=json.loads(examples) if isinstance(examples, str) else examples,
        note=note,
        position=position,
        source_document_id=document_id,
    )
    if document_id is not None:
        row.source_document = SourceDocument(pk=document_id, title=document_title)
    return row


def rule_citations(rows: list[tuple] | None) -> set[str]:
    """The numbers the English texts of the rule and its subrules cite, from the rows of
    ``defining_rule_statement``'s query: those today's rules have are linked."""
    sections, _italian, _under_old_numbers = read_defining_rule(rows or [])
    return numbers_cited_in(sections)


def numbers_cited_in(sections: Iterable[RuleSection]) -> set[str]:
    cited = set()
    for row in sections:
        for text in (row.text, *row.examples):
            cited |= rule_shaped_numbers(text)
    return cited


def defining_rule(
    number: str,
    editions: EditionChoices,
    rows: list[tuple] | None = None,
    cited_today: dict[str, CitedNumber] | None = None,
) -> DefiningRule | None:
    """The rule with its subrules in the current rules, each with an Italian text when an
    Italian edition has one (one query, whatever the rule, even with none:
    ``defining_rule_statement``, whose ``rows`` a page may have read with its own). The numbers
    its texts cite are links where today's rules have them: ``cited_today`` is what
    ``resolve_cited_numbers_by_day`` says of ``rule_citations(rows)`` (for the day None), when
    the page asked it with its own numbers; else one more query asks it here."""
    current = editions.current
    if current is None:
        return None
    if rows is None:
        rows = fetch(*defining_rule_statement(number, editions))
    here, italian, under_old_numbers = read_defining_rule(rows)
    sections = [row for row in here if number and in_rule(number, row.number)]
    translations = italian_texts(number, current, editions, italian, under_old_numbers)
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
    ``read_defining_rule`` found.

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
