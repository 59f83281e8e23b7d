"""Keyword pages: every keyword ability, keyword action and ability word; one keyword with its
names, reminder text, defining rule, rulings and cards.

The list costs one query. A keyword's page costs seven whatever the keyword: the keyword; the
rules editions; its rule and subrules in the current rules with their Italian texts
(``defining_rule``); the rulings about it, their text stored rendered (``ruling_markup``); the
documents that speak of it; a few of its cards with their count; and its cards per card type,
as the rule linker counted them. One more resolves the rule numbers the rulings cite when what
is stored for one of them no longer holds (``rule_text.link_rule_numbers_in_rulings``).
"""

from dataclasses import dataclass

from django.db.models import Exists, F, Func, OuterRef, Q, Subquery
from django.shortcuts import get_object_or_404, render
from django.utils.translation import gettext_lazy as _

from oracle.facets import CARD_TYPE_NAMES
from oracle.links import url_maker, url_prefix
from oracle.models import Card, Keyword, is_italian_page, names_for_page
from oracle.search.tokens import quote
from oracle.text import fold

from ..card_samples import cards_with_keyword
from ..defining_rule import defining_rule
from ..editions import EditionChoices
from ..models import KeywordCardType, Language, Ruling, SourceDocument
from ..rule_text import link_rule_numbers_in_rulings
from ..ruling_markup import rules_state, stored_markup
from ..ruling_status import outdated_reasons

Kind = Keyword.Kind
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
            "slug", "name", "name_it", "kind", "rule_number", "card_count", "document_only"
        )
    )
    groups = {value: [] for value in KIND_TITLES}
    detail_url = url_maker("rulings:keyword-detail")
    rules = url_prefix("rulings:rule-detail")
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
                document_only=document_only,
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
    return render(request, "rulings/keyword_list.html", context, using="jinja2")


def title_of(kind: str) -> str:
    return KIND_TITLES.get(kind, kind)


# --- One keyword ------------------------------------------------------------------------------


def keyword_detail(request, slug):
    keyword = get_object_or_404(Keyword, slug=slug)
    editions = EditionChoices.load()
    rule = defining_rule(keyword.rule_number, editions)
    rulings = keyword_rulings(keyword, editions)
    outdated = [ruling for ruling in rulings if ruling.reasons]
    documents = list(
        SourceDocument.objects.filter(
            Q(
                Exists(
                    Ruling.objects.public().filter(keyword=keyword, source_document=OuterRef("pk"))
                )
            )
            | Q(pk__in=keyword.document_sections.values("document"))
        )
        .defer("original_text")
        .order_by("published_on", "title")
    )
    name_shown, name_other = names_for_page(keyword.name, keyword.name_it)
    search_name = keyword.name_it if is_italian_page() and keyword.name_it else keyword.name
    # The cards the search k:... finds: no tokens.
    cards = cards_with_keyword(keyword.pk, f"k:{quote(search_name.lower())}")
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
        "documents": documents,
        "cards": cards,
        "types": types_of_cards(keyword),
    }
    return render(request, "rulings/keyword_detail.html", context, using="jinja2")


def keyword_rulings(keyword: Keyword, editions: EditionChoices) -> list[Ruling]:
    """The rulings about the keyword, Italian ones first on Italian pages, oldest first, each
    with ``reasons``: why it no longer holds, empty when it does, and ``text_html``: its text
    with its rule numbers linked, as stored (``ruling_markup``) or, where what is stored no
    longer holds, rendered here (rule_text.link_rule_numbers_in_rulings: one query)."""
    # A ruling shows its document's title, not the text the document was read from.
    rulings = list(keyword.rulings.for_card_page().defer("source_document__original_text"))
    state = rules_state(editions.official)
    unstored = []
    for ruling in rulings:
        ruling.text_html = stored_markup(ruling, state)
        if ruling.text_html is None:
            unstored.append(ruling)
    if unstored:
        link_rule_numbers_in_rulings(unstored, editions.official)
    for ruling in rulings:
        ruling.reasons = outdated_reasons(ruling)
    first = Language.ITALIAN if is_italian_page() else Language.ENGLISH
    rulings.sort(key=lambda ruling: (ruling.language != first, ruling.date, ruling.position))
    return rulings


def types_of_cards(keyword: Keyword) -> list[tuple[str, int]]:
    """(card type in the page's language, how many of the keyword's cards have it), most first,
    as the rule linker counted them (``rulings.card_samples.store_samples``)."""
    counts = KeywordCardType.objects.filter(keyword=keyword).values_list(
        "card_type__name", "card_type__name_it", "count"
    )
    italian = is_italian_page()
    rows = []
    for name, name_it, count in counts.order_by():
        label = name_it if italian and name_it else CARD_TYPE_NAMES.get(name, name)
        rows.append((str(label), count))
    return sorted(rows, key=lambda row: (-row[1], fold(row[0])))
