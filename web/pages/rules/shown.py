"""What a rule page shows: the rules of its tree (``Node``), the old numbers that lead to a rule,
the rule in today's rules and in other editions, and the page itself (``RulePage``), as
``web.pages.rules.page`` builds them."""

from dataclasses import dataclass, field
from functools import cached_property

from django.utils.safestring import SafeString

from oracle.models import is_italian_page
from rulings.linking.samples import CardSample
from rulings.models import RuleMapping, RuleSection, RulesEdition
from rulings.rules.editions import MAIN_LANGUAGE, EditionChoices
from rulings.rules.italian_titles import italian_title
from web.pages.rules.confidence import confidence_words
from web.pages.rules.section_pages import SectionPages
from web.pages.rules.tree import Row

Level = RuleSection.Level


@dataclass
class OldNumber:
    """A number of an older edition that leads to a rule of this one."""

    number: str
    edition: RulesEdition
    url: str
    confidence: float

    @property
    def words(self):
        return confidence_words(self.confidence)


@dataclass
class Node:
    """One rule as a page shows it: its row, its link and its rendered text."""

    section: Row
    url: str
    html: SafeString = SafeString("")  # its text (beside the Italian text when there is one)
    italian: RuleSection | None = None
    italian_as: str = ""  # the number the Italian text gives the rule, when not this one
    children: list["Node"] = field(default_factory=list)
    old_numbers: list[OldNumber] = field(default_factory=list)
    # A rule of a section read a page at a time, shown on another page: that page's address.
    page_url: str = ""
    # The row's, copied once: a page reads them hundreds of times.
    number: str = field(init=False)
    level: int = field(init=False)
    title: str = field(init=False)

    def __post_init__(self):
        self.number, self.level, self.title = (
            self.section.number,
            self.section.level,
            self.section.title,
        )

    @property
    def level_label(self):
        return Level(self.section.level).label

    @property
    def italian_title(self):
        """The Italian edition's title, else on an Italian page the curated one
        (``rulings.rules.italian_titles``)."""
        if self.italian and self.italian.title:
            return self.italian.title if self.italian.title != self.title else ""
        return italian_title(self.number, self.title) if is_italian_page() else ""

    @property
    def label(self):
        """ "7. Additional Rules", "702. Keyword Abilities", "702.37 Morph", "702.37c"."""
        dot = "." if self.level <= Level.SECTION else ""
        return f"{self.number}{dot} {self.title}".strip()

    @property
    def shown_label(self):
        """The label a page shows: on an Italian page with the Italian title where there is one
        ("702. Abilità chiave"), else ``label``; ``label_in_italian`` says which."""
        if not self.label_in_italian:
            return self.label
        dot = "." if self.level <= Level.SECTION else ""
        return f"{self.number}{dot} {self.italian_title}"

    @property
    def label_in_italian(self):
        return bool(self.italian_title) and is_italian_page()


@dataclass
class Today:
    """Where a rule of an older edition is in the current rules."""

    section: RuleSection | None  # None when nothing matches
    url: str
    title: str  # its title, or the title of the rule it belongs to
    confidence: float
    method: str
    language: str = MAIN_LANGUAGE  # the language of the current rules

    @property
    def words(self):
        return confidence_words(self.confidence, self.section is not None)

    @property
    def percent(self):
        return round(self.confidence * 100)

    @property
    def method_label(self):
        return RuleMapping.Method(self.method).label if self.method in RuleMapping.Method else ""


@dataclass
class Version:
    """A rule as one edition words it: the page's own rule, or the rule that is the same rule
    in another edition (by the old-number mappings, so under its number of that edition)."""

    edition: RulesEdition
    section: Row | RuleSection
    confidence: float | None = None  # how sure the match with the current rule is

    @property
    def number(self):
        return self.section.number

    @property
    def words(self):
        return "" if self.confidence is None else confidence_words(self.confidence)


@dataclass
class RulePage:
    """Everything a rule page shows (see the module docstring for its queries)."""

    edition: RulesEdition
    editions: EditionChoices
    node: Node
    ancestors: list[Node]
    previous: Node | None
    next: Node | None
    versions: list[Version]  # this rule in every edition that has it, newest first
    other_rules: list[Version]  # the same number in other editions, where it is another rule
    today: Today | None
    context_title: str  # the title of the nearest rule above that has one, on an Italian page
    context_language: str  # in Italian where it has an Italian title
    # The cards that use the rule (on an old edition's page, the current rule it became; for a
    # subrule no card is linked to, the rule it belongs to): ``cards_rule`` is that rule.
    cards: CardSample | None = None
    cards_rule: str = ""
    section_pages: SectionPages | None = None  # a section too long for one page

    @cached_property
    def versions_by_edition(self) -> dict[int, Version]:
        return {version.edition.pk: version for version in self.versions}


# --- Building it ------------------------------------------------------------------------------
