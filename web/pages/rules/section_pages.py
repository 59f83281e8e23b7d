"""A section with many rules, read a few dozen rules at a time.

Section 702 (Keyword Abilities) holds nearly two hundred rules and their seven hundred subrules:
its page lists the heading of every rule it holds, and shows the text and the subrules of
``RULES_PER_PAGE`` of them at a time (``?page=2``). The heading of a rule on another page links
to the page of that rule; every rule keeps its anchor on every page, and a link to a subrule on
another page (``/rules/702/#702.150a``) is taken there by ``static/js/rule-anchors.js``.
"""

from dataclasses import dataclass

RULES_PER_PAGE = 40


@dataclass(frozen=True)
class SectionPage:
    """One page of a section: its number (from 1), its address and its first and last rule."""

    number: int
    url: str
    first: str
    last: str

    @property
    def label(self) -> str:
        """ "702.41–702.80" """
        return self.first if self.first == self.last else f"{self.first}–{self.last}"


@dataclass(frozen=True)
class SectionPages:
    """The pages of a section and the one being read."""

    pages: list[SectionPage]
    current: SectionPage
    page_of: dict[str, SectionPage]  # rule number -> the page that shows its text

    @property
    def previous(self) -> SectionPage | None:
        return self.pages[self.current.number - 2] if self.current.number > 1 else None

    @property
    def next(self) -> SectionPage | None:
        return self.pages[self.current.number] if self.current.number < len(self.pages) else None


def split_section(rules: list[str], asked: int, section_url: str) -> SectionPages | None:
    """The pages of a section whose rules (their numbers, in reading order) are ``rules``, on
    page ``asked`` (a page past the end is the last); None when they fit on one page.
    ``section_url`` is the section's address with the edition's query, if any."""
    if len(rules) <= RULES_PER_PAGE:
        return None
    separator = "&" if "?" in section_url else "?"
    pages = []
    for index, start in enumerate(range(0, len(rules), RULES_PER_PAGE)):
        chunk = rules[start : start + RULES_PER_PAGE]
        url = section_url if index == 0 else f"{section_url}{separator}page={index + 1}"
        pages.append(SectionPage(index + 1, url, chunk[0], chunk[-1]))
    page_of = {number: pages[index // RULES_PER_PAGE] for index, number in enumerate(rules)}
    current = pages[min(max(asked, 1), len(pages)) - 1]
    return SectionPages(pages, current, page_of)
