"""A keyword's defining rule in the current rules, with its subrules, each beside an Italian
text when one is known.

The Italian text comes from an Italian edition that numbers the rules as today (the translation
of the current rules), or else from an older Italian text of the same rule under its old number
(the Future Sight release notes quote morph as 502.26 of May 2007): the page says which, and
where it was quoted.
"""

from dataclasses import dataclass, field
from string import ascii_lowercase

from django.db.models import Q, Subquery
from django.utils.safestring import SafeString

from .editions import EditionChoices
from .italian_texts import LIKELY_MATCH, ItalianLabels, italian_note
from .models import Language, RuleMapping, RuleSection, RulesEdition
from .rule_numbers import level_of
from .rule_page import rule_url
from .rule_text import RuleTextRenderer, side_by_side


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


def prefix_of(number: str) -> str:
    """What the rule's own number and its subrules' start with; for a keyword without a rule,
    something no number starts with (the queries still run: the page's count stays fixed)."""
    return number or "-"


def in_rule(number: str, candidate: str) -> bool:
    """True for the rule itself and its subrules ("702.37", "702.37c")."""
    return candidate == number or (
        level_of(candidate) == RuleSection.Level.SUBRULE
        and candidate.rstrip(ascii_lowercase) == number
    )


def defining_rule(number: str, editions: EditionChoices) -> DefiningRule | None:
    """The rule with its subrules in the current rules, each with an Italian text when an
    Italian edition has one (three queries, whatever the rule, even with none)."""
    current = editions.current
    if current is None:
        return None
    here = (
        RuleSection.objects.filter(edition=current, number__startswith=prefix_of(number))
        .order_by("position")
        .only("number", "level", "title", "text", "examples")
    )
    sections = [row for row in here if number and in_rule(number, row.number)]
    translations = italian_texts(number, current, editions)
    if not sections:
        return None
    rule_text = RuleTextRenderer()
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


def italian_texts(number: str, current: RulesEdition, editions: EditionChoices) -> dict:
    """{today's number: Translation} for the rule and its subrules.

    An Italian edition read in the current rules numbers them as today; an older one may still
    hold the same rule under its old number, found through the old-number mappings (only
    those likely to be right). Preferred: today's numbering, then the surer match, then the
    newer text."""
    old = (
        RuleMapping.objects.filter(
            current_section__edition=current,
            current_section__number__startswith=prefix_of(number),
            confidence__gte=LIKELY_MATCH,
        )
        .order_by()
        .values_list(
            "current_section__number",
            "old_section__number",
            "old_section__edition_id",
            "confidence",
        )
    )
    old = [row for row in old if number and in_rule(number, row[0])]
    old_numbers = RuleMapping.objects.filter(
        current_section__edition=current, current_section__number__startswith=prefix_of(number)
    ).values("old_section__number")
    italian = RuleSection.objects.filter(edition__language=Language.ITALIAN).filter(
        Q(number__startswith=prefix_of(number)) | Q(number__in=Subquery(old_numbers))
    )
    candidates = {}  # today's number -> [(rank, Translation)]
    # A quoting document's label needs its title, not the whole text it was read from.
    quoted = italian.select_related("source_document").defer("source_document__original_text")
    for row in quoted.order_by():
        edition = editions.by_pk(row.edition_id)
        read_in = editions.read_in(edition)
        newer = -edition.effective_date.toordinal()
        if read_in == current and number and in_rule(number, row.number):
            candidates.setdefault(row.number, []).append(((0, 0, newer), Translation(row, edition)))
        for today, old_number, old_edition, confidence in old:
            if old_number == row.number and read_in.pk == old_edition:
                rank = (1, -confidence, newer)
                candidates.setdefault(today, []).append(
                    (rank, Translation(row, edition, old_number))
                )
    return {today: min(found, key=lambda pair: pair[0])[1] for today, found in candidates.items()}
