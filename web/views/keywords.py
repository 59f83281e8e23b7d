"""Keyword pages: every keyword ability, keyword action and ability word; one keyword with its
names, reminder text, defining rule, rulings and cards.

The list costs one query. A keyword's page costs the same number whatever the keyword
(web/tests/test_page_queries.py counts them): the keyword; the rules editions with the data
version; its rule and subrules in the current rules with their Italian texts (three:
``read_defining_rule``); the rulings about it, which bring their documents too; in one query,
the rule numbers the rulings cite (read in the rules of their dates:
``web.rendering.rulings.link_rule_numbers_in_rulings``) and those its rule cites, which are
links where today's rules have them; in Italian, the approved translations of its English
rulings (``rulings.translations.memory.attach_translations``); the documents with a
section about it; a few of its cards with their count; its cards per card type, as the rule
linker counted them.
"""

from dataclasses import dataclass
from datetime import date

from django.db.models import Exists, F, Func, OuterRef, Subquery
from django.http import Http404
from django.shortcuts import render
from django.utils.translation import gettext_lazy as _

from common.links import url_maker, url_prefix
from common.text import fold
from oracle.importers.reminder_wordings import older_than_today
from oracle.models import Card, Keyword, is_italian_page, names_for_page
from oracle.search.tokens import quote
from rulings.linking.samples import cards_with_keyword
from rulings.models import (
    DocumentOnlyKeyword,
    DocumentSection,
    KeywordCardType,
    Language,
    Ruling,
    SourceDocument,
)
from rulings.rules.citations import resolve_cited_numbers_by_day
from rulings.rules.editions import EditionChoices
from rulings.status.ruling_status import outdated_reasons
from rulings.translations.memory import attach_translations
from web.http_caching import page_parameters
from web.pages.keywords.defining_rule import (
    defining_rule,
    numbers_cited_in,
    read_defining_rule,
)
from web.pages.search.facets import CARD_TYPES, type_label
from web.rendering.rulings import link_rule_numbers_in_rulings, numbers_cited_by_day

Kind = Keyword.Kind
# What a page lists of a document.
DOCUMENT_LISTED_FIELDS = ("title", "kind", "language", "published_on")
# The list page's groups, in order, with their headings.
KIND_TITLES = {
    Kind.ABILITY: _("Keyword abilities"),
    Kind.ACTION: _("Keyword actions"),
    Kind.ABILITY_WORD: _("Ability words"),
}


# --- The list ---------------------------------------------------------------------------------


@dataclass
class KeywordRow:
    url: str
    name: str  # in the page's language when there is one
    other_name: str
    language: str  # of ``name``
    other_language: str
    card_count: int
    rule_number: str
    rule_url: str
    document_only: bool
    no_italian_name: bool = False  # on an Italian page: ``name`` is the English one


@page_parameters("kind")
def keyword_list(request):
    """Every keyword, grouped by kind (``?kind=action`` shows one kind), by name in the
    page's language, accents ignored."""
    kind = request.GET.get("kind", "")
    kind = kind if kind in Kind.values else ""
    italian = is_italian_page()
    # Counted in a subquery that reads only the index of the card <-> keyword table.
    links = Card.keywords.through.objects.filter(keyword=OuterRef("pk")).order_by()
    card_count = Subquery(links.values(n=Func(F("keyword_id"), function="COUNT")))
    keywords = (
        Keyword.objects.annotate(card_count=card_count)
        .order_by()
        .values_list(
            "slug", "name", "name_it", "kind", "rule_number", "card_count", "known_from_document"
        )
    )
    groups = {value: [] for value in KIND_TITLES}
    detail_url = url_maker("rules:keyword-detail")
    rules = url_prefix("rules:rule-detail")
    for slug, name, name_it, keyword_kind, number, count, document_only in keywords:
        shown, other = names_for_page(name, name_it)
        groups.setdefault(keyword_kind, []).append(
            KeywordRow(
                url=detail_url(slug),
                name=shown,
                other_name=other,
                language="it" if italian and shown == name_it else "en",
                other_language="en" if italian and shown == name_it else "it",
                card_count=count,
                rule_number=number,
                rule_url=f"{rules}{number}/" if number else "",
                document_only=document_only is not None,
                no_italian_name=italian and not name_it,
            )
        )
    for rows in groups.values():
        rows.sort(key=lambda row: (fold(row.name), row.url))
    shown = [
        (value, title_of(value), rows)
        for value, rows in groups.items()
        if not kind or value == kind
    ]
    context = {
        "kind": kind,
        "kinds": [(value, title_of(value), len(groups[value])) for value in groups],
        "groups": shown,
        "italian": italian,
        "total": sum(len(rows) for rows in groups.values()),
    }
    return render(request, "rules/keyword_list.html", context, using="jinja2")


def title_of(kind: str) -> str:
    return KIND_TITLES.get(kind, kind)


# --- One keyword ------------------------------------------------------------------------------


def keyword_detail(request, slug):
    document_only = DocumentOnlyKeyword.objects.filter(keyword=OuterRef("pk"))
    keyword = Keyword.objects.annotate(document_only=Exists(document_only)).filter(slug=slug)
    keyword = keyword.first()
    if keyword is None:
        raise Http404("No keyword has this address.")
    editions = EditionChoices.load()
    texts = read_defining_rule(keyword.rule_number, editions)
    rulings = keyword_rulings(keyword)
    if is_italian_page():  # the editors' approved translations of the English ones
        attach_translations(rulings)
    # The numbers the rulings cite (on their dates) and those the rule cites (today): one query.
    cited = numbers_cited_by_day(rulings)
    cited[None] = numbers_cited_in(texts.sections)
    resolved = resolve_cited_numbers_by_day(cited, editions.official)
    link_rule_numbers_in_rulings(rulings, resolved=resolved)
    cited_today = resolved.get(None, {})
    rule = defining_rule(keyword.rule_number, editions, texts, cited_today)
    outdated = [ruling for ruling in rulings if ruling.reasons]
    name_shown, name_other = names_for_page(keyword.name, keyword.name_it)
    search_name = keyword.name_it if is_italian_page() and keyword.name_it else keyword.name
    # The cards the search k:... finds: no tokens.
    query = f"k:{quote(search_name.lower())}"
    context = {
        "keyword": keyword,
        "name": name_shown,
        "other_name": name_other,
        "english_name_known": not keyword.document_only
        or fold(keyword.name) != fold(keyword.name_it or ""),
        "rule": rule,
        "rulings": rulings,
        "current_rulings": [ruling for ruling in rulings if not ruling.reasons],
        "outdated_groups": [("", outdated)] if outdated else [],
        "outdated_count": len(outdated),
        "documents": documents_speaking_of(keyword, rulings),
        "cards": cards_with_keyword(keyword.pk, query),
        "types": types_of_cards(keyword),
        "older_wordings": older_than_today(keyword),
    }
    return render(request, "rules/keyword_detail.html", context, using="jinja2")


def documents_speaking_of(keyword: Keyword, rulings: list[Ruling]) -> list[SourceDocument]:
    """The documents of the keyword's public ``rulings`` and those with a section about it,
    oldest first (undated ones last)."""
    documents = {r.source_document_id: r.source_document for r in rulings if r.source_document_id}
    with_sections = SourceDocument.objects.filter(
        pk__in=DocumentSection.objects.filter(keyword=keyword).values("document_id")
    ).only(*DOCUMENT_LISTED_FIELDS)
    documents |= {document.pk: document for document in with_sections}
    return sorted(
        documents.values(),
        key=lambda d: (d.published_on is None, d.published_on or date.min, d.title),
    )


def keyword_rulings(keyword: Keyword) -> list[Ruling]:
    """The rulings about the keyword, Italian ones first on Italian pages, oldest first, each
    with ``reasons``: why it no longer holds, empty when it does (their text is linked by
    ``keyword_detail``: ``web.rendering.rulings.link_rule_numbers_in_rulings``)."""
    # A ruling shows its document's title, not the text the document was read from.
    rulings = list(keyword.rulings.for_card_page().defer("source_document__original_text"))
    for ruling in rulings:
        ruling.reasons = outdated_reasons(ruling)
    first = Language.ITALIAN if is_italian_page() else Language.ENGLISH
    rulings.sort(key=lambda ruling: (ruling.language != first, ruling.date, ruling.position))
    return rulings


def types_of_cards(keyword: Keyword) -> list[tuple[str, int]]:
    """(card type in the page's language, how many of the keyword's cards have it), most first,
    as the rule linker counted them (``rulings.linking.samples.store_samples``)."""
    counts = KeywordCardType.objects.filter(keyword=keyword).values_list(
        "card_type__name", "card_type__name_it", "count"
    )
    italian = is_italian_page()
    counted = []
    for name, name_it, count in counts:
        label = name_it if italian and name_it else type_label(name) if name in CARD_TYPES else name
        counted.append((str(label), count))
    return sorted(counted, key=lambda row: (-row[1], fold(row[0])))
