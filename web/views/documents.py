"""Pages of the source documents: the list, and one document as its sections with every card
name and rule number linked.

A rulings database (MTGJSON's Gatherer rulings) is a source document too, but it has no text to
read: its rulings are on the card pages, and it has no page of its own.

A document page costs the same number of queries whatever the document
(web/tests/test_page_queries.py counts them): the document with its set; the rules editions with
the data version; then its sections, the card names they mention, its rulings and the rule
numbers they cite (``web.pages.documents.page``).
"""

from django.db.models import Count, IntegerField, OuterRef, Subquery, Value
from django.db.models.functions import Coalesce
from django.http import Http404
from django.shortcuts import render

from rulings.models import DocumentMention, DocumentSection, Ruling, SourceDocument
from rulings.rules.editions import EditionChoices
from web.pages.documents.page import build_document_page


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
    return render(request, "rules/document_list.html", context, using="jinja2")


def document_detail(request, pk):
    document = (
        SourceDocument.objects.exclude(kind=SourceDocument.Kind.RULINGS_DATABASE)
        .select_related("card_set")
        .filter(pk=pk)
        .first()
    )
    if document is None:
        raise Http404("No document with a page has this number.")
    page = build_document_page(document, EditionChoices.load())
    context = {
        "document": document,
        "sections": page.sections,
        "headings": page.headings,
        "damaged_count": page.damaged_count,
        "names_not_found": page.names_not_found,
    }
    return render(request, "rules/document_detail.html", context, using="jinja2")
