"""What each ruling's item needs as a card page lists it (``rules/_ruling.html``'s
``ruling_item``: date, text, whether it is outdated and why, source document), in the page's
language: the text with paragraphs, mana symbols, reminder text and every rule number it cites a
link to where that rule is today (``link_rule_numbers_in_rulings``: one query for all the
rulings of a page).
"""

from datetime import date

from django.urls import reverse

from common.dates import long_date
from common.links import url_prefix
from rulings.models import RulesEdition, Ruling, SourceDocument
from rulings.rules.citations import resolve_cited_numbers_by_day, rule_shaped_numbers
from web.rendering import markup
from web.rendering.text_pieces import LineReader, RuleLinks


def prepare_items(rulings: list[Ruling], editions: list[RulesEdition], staff=False) -> None:
    """Give each ruling what its item shows in the active language (``text_html``,
    ``italian_html`` and ``translated_words`` for an approved translation (``italian``,
    ``translated_on``), ``document_url``, ``date_iso``, ``date_words``, ``corrected_words``,
    ``history_url``): one
    query for the rules all their texts cite (``editions``: the official ones). Each needs
    ``reasons`` (``ruling_status.outdated_reasons``), its ``source_document`` and
    ``corrected_on`` (when an editor last changed it, or None), which ``staff`` see linked to
    the ruling's history in the admin."""
    link_rule_numbers_in_rulings(rulings, editions)  # text_html
    document_page = document_page_maker()
    for ruling in rulings:
        ruling.document_url = document_url(ruling, document_page)
        ruling.date_iso = ruling.date.isoformat()
        ruling.history_url = (
            reverse("admin:rulings_ruling_history", args=[ruling.pk])
            if staff and getattr(ruling, "corrected_on", None)
            else ""
        )
    for ruling in rulings:  # the dates in words
        ruling.date_words = long_date(ruling.date)
        translated_on = getattr(ruling, "translated_on", None)
        ruling.translated_words = long_date(translated_on) if translated_on else ""
        corrected_on = getattr(ruling, "corrected_on", None)
        ruling.corrected_words = long_date(corrected_on) if corrected_on else ""


def has_page(document) -> bool:
    """Documents have pages, except rulings databases (their rulings are on the card pages)."""
    return document.kind != SourceDocument.Kind.RULINGS_DATABASE


def document_page_maker():
    """A function ``document id -> its page's address`` that reverses once (a document's
    address takes a number, which ``common.links`` placeholders are not)."""
    pattern = reverse("rules:document-detail", args=[0])
    prefix, suffix = pattern.rsplit("/0/", 1)
    return lambda pk: f"{prefix}/{pk}/{suffix}"


def document_url(ruling, document_page=None) -> str:
    """The ruling in its document's page (at its place, when it comes from a section);
    ``document_page`` makes a document's address from its id (``document_page_maker``)."""
    document = ruling.source_document
    if document is None or not has_page(document):
        return ""
    anchor = f"#ruling-{ruling.pk}" if ruling.section_id else ""
    url = (document_page or document_page_maker())(document.pk)
    return url + anchor


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
    ruling's date ("502.26b" in a 2007 ruling opens 702.37c, titled "today 702.37c"). Where
    every number leads is resolved once for all the rulings, whatever their dates: two queries;
    one when the official ``editions`` are given; none when the page resolved
    ``numbers_cited_by_day(rulings)`` with numbers of its own (``resolved``:
    ``resolve_cited_numbers_by_day``'s answer)."""
    rulings = list(rulings)
    if resolved is None:
        resolved = resolve_cited_numbers_by_day(numbers_cited_by_day(rulings), editions)
    prefix = url_prefix("rules:rule-detail")
    readers = {  # one per date: rulings of a set's release share it
        day: LineReader([RuleLinks(prefix, cited=resolved.get(day, {}))], reminders=True)
        for day in {ruling.date for ruling in rulings}
    }
    # Every text read, then every text written: a text goes from reading to markup once.
    pieces = [readers[ruling.date].paragraphs(ruling.text) for ruling in rulings]
    for ruling, html in zip(rulings, map(markup.inline, pieces), strict=True):
        ruling.text_html = html
    # An approved translation (``rulings.translations.memory.attach_translations``) cites the same
    # numbers as its English, read the same way.
    for ruling in rulings:
        italian = getattr(ruling, "italian", "")
        ruling.italian_html = (
            markup.english_names(markup.inline(readers[ruling.date].paragraphs(italian)))
            if italian
            else ""
        )
