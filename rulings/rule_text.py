"""Rules text as HTML: paragraphs, mana symbols as icons, and every rule a text cites
(``rule_citations``) a link to its page ("see rule 702.9" -> <a href>).

Plain functions, tested without a database; ``templatetags/rulings_tags.py`` wraps them in
one-line filters, and the pages call them directly. Everything is escaped first.

Two renderers: ``RuleTextRenderer`` links each number to that rule in one edition (the rules
pages: a number is read in the edition the text belongs to); ``TodaysRuleRenderer`` links each
number to where it leads today, as ``rule_citations.resolve_cited_numbers`` resolved it (rulings
and documents, which cite the rules of their time).
"""

import html
import re
from collections.abc import Callable, Collection, Iterable
from datetime import date

from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from oracle.links import url_prefix
from oracle.rendering import SYMBOL, render_rules_text, render_symbol

from .models import RulesEdition
from .rule_citations import (
    CitedNumber,
    find_citations,
    resolve_cited_numbers_by_day,
    rule_shaped_numbers,
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
        self.prefix = url_prefix("rulings:rule-detail")  # one reverse() for a page of links
        self.query = f"?edition={edition}" if edition else ""
        self.example_label = html.escape(_("Example"))
        self.interface_language = get_language()

    def _link(self, number: str, label: str) -> str:
        if not self.exists(number):
            return label
        return f'<a class="rule-ref" href="{self.prefix}{number}/{self.query}">{label}</a>'

    def link(self, markup: str) -> str:
        """Link the citations in HTML that is already escaped."""
        pieces, position = [], 0
        for citation in find_citations(markup):
            pieces.append(markup[position : citation.start])
            if citation.last:
                dash = citation.text[len(citation.number) : -len(citation.last)]
                pieces.append(self._link(citation.number, citation.number) + dash)
                pieces.append(self._link(citation.last, citation.last))
            else:
                pieces.append(self._link(citation.number, citation.text))
            position = citation.end
        pieces.append(markup[position:])
        return "".join(pieces)

    def paragraphs(self, text: str) -> str:
        """One <p> per line, mana symbols as icons, citations as links."""
        out = []
        for line in (text or "").splitlines():
            if line.strip():
                markup = SYMBOL.sub(lambda match: render_symbol(match[1]), html.escape(line))
                out.append(f"<p>{self.link(markup)}</p>")
        return "".join(out)

    def body(self, text: str, examples: Iterable[str], language: str) -> str:
        """A rule's text and its examples, each marked as one; "" when both are empty."""
        out = [self.paragraphs(text)]
        for example in examples:
            out.append(
                f'<div class="rule-example"><p class="rule-example-label" '
                f'lang="{self.interface_language}">{self.example_label}</p>'
                f"{self.paragraphs(strip_example_label(example))}</div>"
            )
        joined = "".join(out)
        return f'<div class="rule-text" lang="{language}">{joined}</div>' if joined else ""


class TodaysRuleRenderer(RuleTextRenderer):
    """Links citations to today's rules, as ``resolve_cited_numbers`` resolved them.

    A renumbered rule keeps the number as written, titled "today 702.37c"; an old number
    nothing today matches opens the old rule in its edition; an unknown number stays text."""

    def __init__(self, cited: dict[str, CitedNumber]):
        super().__init__()
        self.cited = cited

    def _link(self, number: str, label: str) -> str:
        return link_to_todays_rule(self.cited.get(number), label, self.prefix)


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


def link_to_todays_rule(cited: CitedNumber | None, label: str, prefix: str | None = None) -> str:
    """``label`` (already escaped) as a link to where ``cited`` is today."""
    words = html.escape(today_words(cited))
    if cited is None or not cited.found:
        return f'<span class="rule-ref-unknown" title="{words}">{label}</span>'
    prefix = prefix or url_prefix("rulings:rule-detail")
    if cited.current is None:
        href = f"{prefix}{cited.number}/?edition={cited.edition}"
    else:
        href = f"{prefix}{cited.current}/"
    title = f' title="{words}"' if words else ""
    return f'<a class="rule-ref" href="{href}"{title}>{label}</a>'


def link_citations(text: str, exists: Exists = None, *, edition: str | None = None):
    """Escape ``text`` (unless it is already safe HTML), then link every rule it cites."""
    markup = str(conditional_escape(text or ""))
    return mark_safe(RuleTextRenderer(exists, edition).link(markup) if markup else "")


def link_citations_on(text: str, day: date | None):
    """The same for a text written on ``day`` (a ruling, a release note): its numbers are read
    in the rules then in force, so "502.26b" in a 2007 note opens 502.26b of May 2007. One
    query per call."""
    editions = RulesEdition.objects.official()
    in_force = editions.in_force(day) if day else None
    older = in_force is not None and in_force != editions.in_force(None)
    return link_citations(text, edition=in_force.slug if older else None)


def link_rule_numbers_in_rulings(rulings) -> None:
    """Give each ruling ``text_html``: its text with mana symbols, and every rule number in it a
    link to today's rule, the number read in the rules in force on the ruling's date ("502.26b"
    in a 2007 ruling opens 702.37c, titled "today 702.37c"). Two queries for all the rulings,
    whatever their dates."""
    rulings = list(rulings)
    cited = {}
    for ruling in rulings:
        cited.setdefault(ruling.date, set()).update(rule_shaped_numbers(ruling.text))
    resolved = resolve_cited_numbers_by_day(cited)
    for ruling in rulings:
        renderer = TodaysRuleRenderer(resolved.get(ruling.date, {}))
        ruling.text_html = mark_safe(renderer.link(render_rules_text(ruling.text)))


def render_rule_text(text: str, exists: Exists = None, *, edition: str | None = None):
    """Rules text as paragraphs (one per line), mana symbols as icons, citations as links."""
    return mark_safe(RuleTextRenderer(exists, edition).paragraphs(text))


def render_rule_body(
    text: str, examples: Iterable[str], language: str, exists: Exists = None, *, edition=None
) -> SafeString:
    """A rule's text and its examples, each example marked as one; "" when both are empty."""
    return mark_safe(RuleTextRenderer(exists, edition).body(text, examples, language))


EXAMPLE_LABEL = re.compile(r"^\s*(?:Example|Esempio)\s*:\s*", re.IGNORECASE)


def strip_example_label(text: str) -> str:
    """ "Example: A player ..." -> "A player ..."; the page prints its own label."""
    return EXAMPLE_LABEL.sub("", text or "", count=1)


def side_by_side(italian: str, english: str, language: str) -> SafeString:
    """The Italian text with the English beside it; only the English when there is no Italian."""
    if not italian:
        return mark_safe(english)
    return mark_safe(
        f'<div class="bilingual rule-bilingual"><div class="lang-it" lang="it">{italian}</div>'
        f'<div class="lang-en" lang="{language}">{english}</div></div>'
    )
