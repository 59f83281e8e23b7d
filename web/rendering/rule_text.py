"""Rules text as HTML: paragraphs, mana symbols as icons, and every rule a text cites
(``rule_citations``) a link to its page ("see rule 702.9" -> <a href>).

Plain functions, tested without a database, that the pages call directly. A text is read into pieces
(``web.rendering.text_pieces``: symbols, citations, reminder text) and ``web.rendering.markup``
makes the markup, escaping each piece once.

Two renderers: ``RuleTextRenderer`` links each number to that rule in one edition (the rules
pages: a number is read in the edition the text belongs to); ``TodaysRuleRenderer`` links each
number to where it leads today, as ``rule_citations.resolve_cited_numbers`` resolved it (rulings
and documents, which cite the rules of their time).
"""

import re
from collections.abc import Callable, Collection, Iterable
from datetime import date

from django.utils.safestring import SafeData, SafeString
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from common.links import url_prefix
from rulings.rules.citations import (
    CitedNumber,
    find_citations,
    resolve_cited_numbers_by_day,
    rule_shaped_numbers,
)
from web.rendering import markup
from web.rendering.card_text import line_reader
from web.rendering.text_pieces import (
    MASK,
    Piece,
    add_links,
    link,
    note,
    paragraphs,
    render_inline,
    render_paragraphs,
    text,
)

Exists = Collection[str] | Callable[[str], bool] | None


class RuleTextRenderer:
    """Renders the texts of one page: the address prefix, the labels and the numbers that exist
    are worked out once.

    ``exists`` says which numbers have a page: a collection of numbers, a function, or None to
    link every number. ``edition`` is the ISO date of the edition the text belongs to: its
    links then open that edition, so an old number leads to the old rule (whose page says
    where it is today).
    """

    def __init__(self, exists: Exists = None, edition: str | None = None):
        if exists is None:
            self.exists = lambda number: True
        elif callable(exists):
            self.exists = exists
        else:
            self.exists = exists.__contains__
        self.prefix = url_prefix("rules:rule-detail")  # one reverse() for a page of links
        self.query = f"?edition={edition}" if edition else ""
        self.interface_language = get_language()
        self.reader = line_reader([self.find_citations], runs=False)

    def _link(self, number: str, label: str) -> Piece:
        if not self.exists(number):
            return text(label)
        return link(label, f"{self.prefix}{number}/{self.query}", "rule-ref")

    def find_citations(self, line: str):
        """A ``text_pieces.Finder``: each citation, linked (each end of a range written in
        full linked on its own)."""
        for citation in find_citations(_PLAIN.sub(MASK, line)):
            if citation.last:
                dash = citation.text[len(citation.number) : -len(citation.last)]
                pieces = [
                    self._link(citation.number, citation.number),
                    text(dash),
                    self._link(citation.last, citation.last),
                ]
            else:
                pieces = [self._link(citation.number, citation.text)]
            yield citation.start, citation.end, pieces

    def lines(self, value: str) -> list[list[Piece]]:
        return self.reader.lines(value)

    def paragraphs(self, value: str) -> SafeString:
        """One <p> per line, mana symbols as icons, citations as links."""
        return render_paragraphs(self.lines(value))

    def body(self, value: str, examples: Iterable[str], language: str) -> SafeString:
        """A rule's text and its examples, each marked as one; "" when both are empty."""
        return markup.rule_body(
            paragraphs(self.lines(value)),
            [paragraphs(self.lines(strip_example_label(example))) for example in examples],
            language,
            self.interface_language,
        )


# Characters a citation never holds, read as no letter: a text is not markup, so "<" and "&"
# start nothing (``find_citations`` skips tags and entities in markup).
_PLAIN = re.compile(r"[<&]")


class TodaysRuleRenderer(RuleTextRenderer):
    """Links citations to today's rules, as ``resolve_cited_numbers`` resolved them.

    A renumbered rule keeps the number as written, titled "today 702.37c"; an old number
    nothing today matches opens the old rule in its edition; an unknown number stays text."""

    def __init__(self, cited: dict[str, CitedNumber]):
        super().__init__()
        self.cited = cited

    def _link(self, number: str, label: str) -> Piece:
        return todays_rule_piece(self.cited.get(number), label, self.prefix)


def today_words(cited: CitedNumber | None) -> str:
    """ "today 702.37c", "no current rule matches", "not in the rules Oracolo has", or "" when the
    number is today's own."""
    if cited is None or not cited.found:
        return _("not in the rules Oracolo has")
    if cited.current is None:
        return _("no current rule matches")
    if cited.renumbered:
        return _("today %(number)s") % {"number": cited.current}
    return ""


def todays_rule_piece(cited: CitedNumber | None, label: str, prefix: str | None = None) -> Piece:
    """``label`` as a link to where ``cited`` is today."""
    words = today_words(cited)
    if cited is None or not cited.found:
        return note(label, "rule-ref-unknown", words)
    prefix = prefix or url_prefix("rules:rule-detail")
    if cited.current is None:
        href = f"{prefix}{cited.number}/?edition={cited.edition}"
    else:
        href = f"{prefix}{cited.current}/"
    return link(label, href, "rule-ref", words)


def link_citations(value: str, exists: Exists = None, *, edition: str | None = None):
    """Every rule ``value`` cites a link. Plain text is read into pieces; markup another
    renderer made (a SafeString) keeps its tags as they are, its text read into pieces."""
    if not value:
        return SafeString("")
    reader = line_reader([RuleTextRenderer(exists, edition).find_citations])
    reader.symbols = False
    if isinstance(value, SafeData):
        return add_links(value, reader)
    return render_inline(reader.read(value))


def numbers_cited_by_day(rulings) -> dict[date, set[str]]:
    """{date: the numbers the rulings of that date cite}: what ``link_rule_numbers_in_rulings``
    resolves."""
    cited = {}
    for ruling in rulings:
        cited.setdefault(ruling.date, set()).update(rule_shaped_numbers(ruling.text))
    return cited


def link_rule_numbers_in_rulings(rulings, editions=None, resolved=None) -> None:
    """Give each ruling ``text_html``: its text with mana symbols and reminder text, and every
    rule number in it a link to today's rule, the number read in the rules in force on the
    ruling's date ("502.26b" in a 2007 ruling opens 702.37c, titled "today 702.37c"). Two
    queries for all the rulings, whatever their dates; one when the official ``editions`` are
    given; none when the page resolved ``numbers_cited_by_day(rulings)`` with numbers of its
    own (``resolved``: ``resolve_cited_numbers_by_day``'s answer)."""
    rulings = list(rulings)
    if resolved is None:
        resolved = resolve_cited_numbers_by_day(numbers_cited_by_day(rulings), editions)
    renderers = {}  # one per date: rulings of a set's release share it
    for ruling in rulings:
        renderer = renderers.get(ruling.date)
        if renderer is None:
            renderer = TodaysRuleRenderer(resolved.get(ruling.date, {}))
            renderers[ruling.date] = renderer
        ruling.text_html = render_ruling_text(ruling.text, renderer)


def render_ruling_text(value: str, renderer: RuleTextRenderer) -> SafeString:
    """A ruling's text: each line a paragraph, symbols, reminder text, citations linked."""
    reader = line_reader([renderer.find_citations], reminders=True)
    return render_paragraphs(reader.lines(value))


EXAMPLE_LABEL = re.compile(r"^\s*(?:Example|Esempio)\s*:\s*", re.IGNORECASE)


def strip_example_label(text: str) -> str:
    """ "Example: A player ..." -> "A player ..."; the page prints its own label."""
    return EXAMPLE_LABEL.sub("", text or "", count=1)


def side_by_side(italian: str, english: str, language: str) -> SafeString:
    """The Italian text with the English beside it; only the English when there is no Italian."""
    if not italian:
        return SafeString(english)
    return markup.side_by_side(italian, english, language)
