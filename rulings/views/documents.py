"""Pages of the source documents: the list, and one document as its sections with every card
name and rule number linked.

A rulings database (MTGJSON's Gatherer rulings) is a source document too, but it has no text to
read: its rulings are on the card pages, and it has no page of its own.

A document page costs five queries whatever the document: the document, its sections, the card
names it mentions, its rulings and the rules editions; and one more, for the rule numbers they
cite, when a section's stored markup no longer holds (``rulings.document_page``).
"""

from django.db.models import Count, IntegerField, OuterRef, Subquery, Value
from django.db.models.functions import Coalesce
from django.shortcuts import get_object_or_404, render

from ..document_page import build_document_page
from ..models import DocumentMention, DocumentSection, Ruling, SourceDocument


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
    page = build_document_page(document)
    context = {
        "document": document,
        "sections": page.sections,
        "headings": page.headings,
        "damaged_count": page.damaged_count,
        "names_not_found": page.names_not_found,
    }
    return render(request, "rulings/document_detail.html", context, using="jinja2")
