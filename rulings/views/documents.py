"""Pages of the source documents: the list, and one document as its sections with every card
name and rule number linked.

A rulings database (MTGJSON's Gatherer rulings) is a source document too, but it has no text to
read: its rulings are on the card pages, and it has no page of its own.

A document page costs six queries whatever the document: the document, its sections, the card
names it mentions, its rulings, and two for the rule numbers it cites (see
``rule_citations.resolve_cited_numbers``).
"""

from django.db.models import Count, IntegerField, OuterRef, Subquery, Value
from django.db.models.functions import Coalesce
from django.shortcuts import get_object_or_404, render

from ..document_rendering import SectionRenderer, numbers_cited_in_sections
from ..models import DocumentMention, DocumentSection, Ruling, SourceDocument
from ..rule_citations import resolve_cited_numbers


def with_pages():
    """The documents that have a page: all but the rulings databases."""
    return SourceDocument.objects.exclude(kind=SourceDocument.Kind.RULINGS_DATABASE)


def count_per_document(queryset, counted="pk"):
    """A subquery counting ``queryset``'s rows (distinct ``counted``) for each document."""
    per_document = (
        queryset.filter(document=OuterRef("pk"))
        .order_by()
        .values("document")
        .annotate(n=Count(counted, distinct=True))
        .values("n")
    )
    return Coalesce(Subquery(per_document, output_field=IntegerField()), Value(0))


def document_list(request):
    rulings = (
        Ruling.objects.public()
        .filter(source_document=OuterRef("pk"))
        .order_by()
        .values("source_document")
        .annotate(n=Count("pk"))
        .values("n")
    )
    documents = SourceDocument.objects.select_related("card_set").annotate(
        section_count=count_per_document(DocumentSection.objects.all()),
        card_count=count_per_document(DocumentMention.objects.filter(card__isnull=False), "card"),
        missing_count=count_per_document(DocumentMention.objects.filter(card__isnull=True), "name"),
        ruling_count=Coalesce(Subquery(rulings, output_field=IntegerField()), Value(0)),
    )
    documents = list(documents)
    context = {
        "documents": [d for d in documents if d.kind != SourceDocument.Kind.RULINGS_DATABASE],
        "databases": [d for d in documents if d.kind == SourceDocument.Kind.RULINGS_DATABASE],
    }
    return render(request, "rulings/document_list.html", context, using="jinja2")


def document_detail(request, pk):
    document = get_object_or_404(with_pages().select_related("card_set"), pk=pk)
    sections = list(
        document.sections.select_related("card", "keyword", "card_type").order_by("position")
    )
    mentions: dict[int, dict[str, str | None]] = {}
    missing: dict[str, list[int]] = {}
    for section_id, position, name, slug in (
        DocumentMention.objects.filter(document=document)
        .order_by("section__position", "name")
        .values_list("section_id", "section__position", "name", "card__slug")
    ):
        mentions.setdefault(section_id, {})[name] = slug
        if slug is None:
            missing.setdefault(name, [])
            if position not in missing[name]:
                missing[name].append(position)
    rulings: dict[int, list[tuple[int, int, str]]] = {}
    withdrawn: set[int] = set()
    for ruling_pk, section_id, position, text, status in (
        Ruling.objects.filter(source_document=document, section__isnull=False)
        .order_by("position", "pk")
        .values_list("pk", "section_id", "position", "text", "status")
    ):
        rulings.setdefault(section_id, []).append((ruling_pk, position, text))
        if status == Ruling.Status.WITHDRAWN:
            withdrawn.add(ruling_pk)
    cited = resolve_cited_numbers(numbers_cited_in_sections(sections), document.published_on)
    renderer = SectionRenderer(cited)
    rendered = [
        renderer.render(section, mentions.get(section.pk, {}), rulings.get(section.pk, []))
        for section in sections
    ]
    hide_withdrawn(rendered, withdrawn)
    context = {
        "document": document,
        "sections": rendered,
        "headings": [s for s in sections if s.level <= 1 and s.title],
        "damaged_count": sum(section.damage_count for section in rendered),
        "names_not_found": sorted(missing.items(), key=lambda item: item[0].casefold()),
    }
    return render(request, "rulings/document_detail.html", context, using="jinja2")


def hide_withdrawn(sections, withdrawn: set[int]) -> None:
    """Take the rulings an editor withdrew out of the rendered document (all rulings are
    rendered, so that each of the others still finds its words)."""
    if not withdrawn:
        return
    for section in sections:
        for block in section.blocks:
            if block.kind == "rulings":
                block.rulings = [r for r in block.rulings if r.ruling_id not in withdrawn]
        section.blocks = [
            block for block in section.blocks if block.kind != "rulings" or block.rulings
        ]
