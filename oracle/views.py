from itertools import groupby

from django.apps import apps
from django.core.paginator import Paginator
from django.db.models import Count, OuterRef, Q, Subquery
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.text import Truncator
from django.utils.translation import gettext as _

from .filters import CardFilter
from .listing import card_rows, printing_rows
from .models import (
    Card,
    CardSet,
    CardType,
    Keyword,
    Layout,
    Printing,
    Rarity,
    is_italian_page,
    localized,
)
from .search_help import SEARCH_EXAMPLES, help_sections

CARDS_PER_PAGE = 50


def search_examples():
    """(query, what it finds) in the page's language."""
    italian = is_italian_page()
    return [(it if italian else en, text) for en, it, text in SEARCH_EXAMPLES]


def home(request):
    latest_sets = CardSet.objects.annotate(card_count=Count("printings")).filter(card_count__gt=0)
    stats = {
        "cards": Card.objects.filter(is_token=False).count(),
        "sets": CardSet.objects.count(),
    }
    context = {"latest_sets": latest_sets[:12], "stats": stats, "examples": search_examples()}
    return render(request, "oracle/home.html", context)


def card_list(request):
    """Search results: the query box and the facets, combined.

    Nothing asked (no query, no facet): the form and a few examples, not all 24,000 cards.
    Exactly one card found and nothing to warn about: straight to the card. A query that
    cannot be used at all: status 400, with the reasons on the page.
    """
    card_filter = CardFilter(request.GET, queryset=Card.objects.only("pk", "name", "slug"))
    context = {"filter": card_filter, "examples": search_examples()}
    if card_filter.is_blank:
        return render(request, "oracle/card_list.html", context)
    if card_filter.is_unusable:
        return render(request, "oracle/card_list.html", context, status=400)
    page = Paginator(card_filter.qs, CARDS_PER_PAGE).get_page(page_number(request))
    if page.paginator.count == 1 and not card_filter.problems:
        return redirect(page.object_list[0])
    rows = card_rows(page.object_list, with_sets=True)
    context |= {"searched": True, "page_obj": page, "rows": rows}
    return render(request, "oracle/card_list.html", context)


def page_number(request) -> int:
    """The page asked for; anything but a whole number from 1 is the first page (a number past
    the end is the last page: Paginator.get_page)."""
    raw = request.GET.get("page", "")
    return max(1, int(raw)) if raw.isascii() and raw.isdigit() and len(raw) < 10 else 1


def search_help(request):
    return render(request, "oracle/search_help.html", {"sections": help_sections()})


def card_detail(request, slug, printing=None):
    """A card with everything known about it. A fixed number of queries whatever the card: the
    card and its prefetched parts (6), then four for what the rules app knows about it (see
    ``rulings_context``)."""
    card = get_object_or_404(Card.objects.for_detail(), slug=slug)
    printings = list(card.printings.all())
    if printing is None:
        printing = default_printing(card, printings)
    else:
        printing = next(p for p in printings if p.pk == printing.pk)
    faces = list(card.faces.all())
    printed = {pf.face_id: pf for pf in printing.faces.all()} if printing else {}
    context = {
        "card": card,
        "faces": [(face, printed.get(face.pk)) for face in faces],
        "printing": printing,
        "printings": printings,
        "errata": list(card.errata.all()),
        "keywords": list(card.keywords.all()),
        **rulings_context(card, printing),
    }
    return render(request, "oracle/card_detail.html", context)


def default_printing(card, printings):
    """The newest printing with Italian text, so both languages stand side by side; one whose
    Italian name is really translated first (some Italian entries keep the English name)."""
    italian = [p for p in printings if p.has_italian]
    translated = [p for p in italian if p.name_it != card.name]
    return next(iter(translated or italian or printings), None)


def printing_detail(request, code, number):
    printing = get_object_or_404(
        Printing.objects.select_related("card"),
        card_set__code__iexact=code,
        collector_number=number,
    )
    return card_detail(request, printing.card.slug, printing=printing)


def set_list(request):
    sets = CardSet.objects.annotate(card_count=Count("printings")).select_related("parent")
    return render(request, "oracle/set_list.html", {"sets": sets})


def set_detail(request, code):
    card_set = get_object_or_404(CardSet, code__iexact=code)
    if card_set.code.lower() != code:
        return redirect(card_set, permanent=True)
    rarity_counts = card_set.printings.aggregate(
        **{value: Count("pk", filter=Q(rarity=value)) for value in Rarity.values}
    )
    rarities = [
        (label, rarity_counts[value]) for value, label in Rarity.choices if rarity_counts[value]
    ]
    return render(
        request,
        "oracle/set_detail.html",
        {"set": card_set, "rows": printing_rows(card_set), "rarities": rarities},
    )


# --- What the rules app knows about a card -----------------------------------------------------
# ``oracle`` never imports ``rulings``: its models are reached by name, and rule numbers in text
# are linked by the rulings template filters on the page.


def rulings_model(name: str):
    return apps.get_model("rulings", name)


def rulings_context(card: Card, printing) -> dict:
    """The card's rulings and those about its keywords and types, the documents that speak of
    it and the rules it uses: four queries (rule editions, rulings, documents, rules used). The
    rule numbers in the rulings are linked by the page (rulings' ``link_cited_rules`` tag)."""
    editions = RuleEditions.load()
    own, topics = card_rulings(card)
    every_ruling = [*own, *(ruling for _topic, group in topics for ruling in group)]
    for ruling in every_ruling:
        ruling.document_url = document_url(ruling)
    documents = documents_about(card)
    return {
        "rulings": own,
        "topic_rulings": topics,
        "every_ruling": every_ruling,
        "ruling_count": len(every_ruling),
        "documents": documents,
        "known_from": documents[0] if card.document_only and documents else None,
        "rules_used": rules_used(card),
        "printed_rules_edition": editions.in_force(
            printing.card_set.release_date if printing else None
        ),
    }


class RuleEditions:
    """The effective dates of the complete English rules editions, to read the printed text's
    rule numbers in the edition in force when it was printed (rulings' ``rule_links_in``)."""

    def __init__(self, dates):
        self.dates = sorted(dates)

    @classmethod
    def load(cls):
        editions = rulings_model("RulesEdition").objects.filter(language="en", is_complete=True)
        return cls(editions.order_by().values_list("effective_date", flat=True))

    def in_force(self, day) -> str:
        """The ISO date of the edition in force on ``day`` (the oldest for an earlier day); ""
        for the current edition, an unknown day, or no editions."""
        if not day or not self.dates:
            return ""
        earlier = [effective for effective in self.dates if effective <= day]
        effective = earlier[-1] if earlier else self.dates[0]
        return "" if effective == self.dates[-1] else effective.isoformat()


def has_page(document) -> bool:
    """Documents have pages, except rulings databases (their rulings are on the card pages)."""
    return document.kind != rulings_model("SourceDocument").Kind.RULINGS_DATABASE


def document_url(ruling) -> str:
    """The ruling in its document's page (at its place, when it comes from a section)."""
    document = ruling.source_document
    if document is None or not has_page(document):
        return ""
    anchor = f"#ruling-{ruling.pk}" if ruling.section_id else ""
    return document.get_absolute_url() + anchor


def card_rulings(card: Card) -> tuple[list, list]:
    """(the card's own rulings, [(topic, rulings)]) in one query: the topics are the card's
    keywords (suspend, morph), then its card types (tribal), named in the page's language."""
    keywords = card.keywords.values("pk")
    card_types = CardType.objects.filter(faces__card=card).values("pk")
    rulings = (
        rulings_model("Ruling")
        .objects.for_card_page()
        .filter(Q(card=card) | Q(keyword__in=keywords) | Q(card_type__in=card_types))
        .select_related("keyword", "card_type")
    )
    own, named = [], []
    for ruling in rulings:
        if ruling.card_id:
            own.append(ruling)
        else:
            named.append((ruling, topic_name(ruling)))
    named.sort(key=lambda pair: (pair[0].keyword_id is None, pair[1].casefold()))
    topics = [
        (name, [ruling for ruling, _name in group])
        for (_is_type, name), group in groupby(
            named, key=lambda pair: (pair[0].keyword_id is None, pair[1])
        )
    ]
    return own, topics


def topic_name(ruling) -> str:
    """The keyword or card type a ruling is about, named in the page's language."""
    if ruling.keyword_id:
        name = ruling.keyword.display_name
    else:
        name = localized(ruling.card_type, "name")
    return name[:1].lower() + name[1:]  # "About suspend", "Su sospendere"


def documents_about(card: Card) -> list:
    """The documents with pages that name the card, have a section about it or a ruling on it."""
    documents = rulings_model("SourceDocument").objects.exclude(
        kind=rulings_model("SourceDocument").Kind.RULINGS_DATABASE
    )
    about = (
        Q(pk__in=card.document_mentions.values("document"))
        | Q(pk__in=card.document_sections.values("document"))
        | Q(pk__in=card.rulings.values("source_document"))
    )
    return list(
        documents.filter(about).select_related("card_set").order_by("published_on", "title")
    )


def rules_used(card: Card) -> list:
    """The current rules the card uses (computed or set by an editor, less those an editor
    removed), in the rules' order, each with its title (Italian on Italian pages where an
    Italian edition of the same date has it) and its reason in words."""
    RuleSection = rulings_model("RuleSection")
    current = (
        rulings_model("RulesEdition")
        .objects.filter(language="en", is_complete=True)
        .order_by("-effective_date")
        .values("pk")[:1]
    )
    italian = RuleSection.objects.filter(
        edition__language="it",
        edition__effective_date=OuterRef("section__edition__effective_date"),
        number=OuterRef("section__number"),
    )
    named = Q(name__iexact=OuterRef("detail")) | Q(slug__iexact=OuterRef("detail"))
    links = (
        card.rule_links.filter(excluded=False, section__edition__in=Subquery(current))
        .select_related("section", "section__parent")
        .annotate(
            italian_title=Subquery(italian.values("title")[:1]),
            keyword_name=Subquery(Keyword.objects.filter(named).values("name")[:1]),
            keyword_name_it=Subquery(Keyword.objects.filter(named).values("name_it")[:1]),
            type_name_it=Subquery(
                CardType.objects.filter(name__iexact=OuterRef("detail")).values("name_it")[:1]
            ),
        )
        .order_by("section__position")
    )
    italian_page = is_italian_page()
    for link in links:
        section = link.section
        italian_title = italian_page and link.italian_title
        link.title = italian_title or section.title
        link.title_language = "it" if italian_title else "en"
        if not link.title and section.parent_id:
            link.title = section.parent.title
        link.excerpt = "" if link.title else Truncator(section.text).words(14)
        link.reason_words = reason_words(link, italian_page)
    return list(links)


def reason_words(link, italian_page: bool) -> str:
    """Why the card uses a rule, in words: "Keyword ability: Flying", "Card type: Creature"."""
    reasons = rulings_model("CardRule").Reason
    detail = link.detail
    keyword = (italian_page and link.keyword_name_it) or link.keyword_name or detail
    card_type = (italian_page and link.type_name_it) or detail
    if link.reason == reasons.KEYWORD_ABILITY:
        return _("Keyword ability: %(name)s") % {"name": keyword}
    if link.reason == reasons.KEYWORD_ACTION:
        return _("Keyword action: %(name)s") % {"name": keyword}
    if link.reason == reasons.ABILITY_WORD:
        return _("Ability word: %(name)s") % {"name": keyword}
    if link.reason == reasons.CARD_TYPE:
        return _("Card type: %(name)s") % {"name": card_type}
    if link.reason == reasons.SUPERTYPE:
        return _("Supertype: %(name)s") % {"name": card_type}
    if link.reason == reasons.SUBTYPE:
        return _("Subtype: %(name)s") % {"name": card_type}
    if link.reason == reasons.LAYOUT:
        label = Layout(detail).label if detail in Layout.values else detail
        return _("Layout: %(name)s") % {"name": label}
    if link.reason == reasons.FACE_DOWN:
        # The detail is the keyword (Morph) or one of the linker's phrases ("turned face up"),
        # which rulings.linking.type_rules marks for translation.
        how = keyword if link.keyword_name else _(detail)
        return _("Face down: %(how)s") % {"how": how} if detail else _("Face down")
    if link.reason == reasons.EDITOR and detail:
        return _("Set by an editor: %(detail)s") % {"detail": detail}
    return str(link.get_reason_display())
