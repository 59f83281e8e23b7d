"""Pages of the source documents: the list, and one document as its sections with every card
name and rule number linked.

A rulings database (MTGJSON's Gatherer rulings) is a source document too, but it has no text to
read: its rulings are on the card pages, and it has no page of its own.

A document page costs seven queries whatever the document, in three round trips
(``common.sql_rows.fetch_together``): the document, the card names it mentions, its rulings, the
rules editions and the data version; then its sections; then the rule numbers they cite
(``web.pages.documents.page``).
"""

from django.db.models import Count, IntegerField, OuterRef, Subquery, Value
from django.db.models.functions import Coalesce
from django.http import Http404
from django.shortcuts import render

from common.sql_rows import ModelColumns, fetch_together
from oracle.models import CardSet
from rulings.models import DocumentMention, DocumentSection, Ruling, SourceDocument
from web.pages.documents.page import build_document_page, input_statements

DOCUMENT = ModelColumns(SourceDocument, "d")
CARD_SET = ModelColumns(CardSet, "s")


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
    document_rows, *inputs = fetch_together([document_statement(pk), *input_statements(pk)])
    if not document_rows:
        raise Http404("No document with a page has this number.")
    document = document_of(document_rows[0])
    page = build_document_page(document, rows=inputs)
    context = {
        "document": document,
        "sections": page.sections,
        "headings": page.headings,
        "damaged_count": page.damaged_count,
        "names_not_found": page.names_not_found,
    }
    return render(request, "rules/document_detail.html", context, using="jinja2")


def document_statement(pk: int) -> tuple[str, list]:
    """The query (sql, params) of the document ``pk`` with its set, if it has a page."""
    sql = (
        f"SELECT {DOCUMENT.sql}, {CARD_SET.sql} FROM {SourceDocument._meta.db_table} d "
        f"LEFT JOIN {CardSet._meta.db_table} s ON s.id = d.card_set_id "
        "WHERE d.id = %s AND d.kind <> %s"
    )
    return sql, [pk, SourceDocument.Kind.RULINGS_DATABASE]


def document_of(row: tuple) -> SourceDocument:
    """The document in a row of ``document_statement``'s query, with its set."""
    document = DOCUMENT.instance(row)
    if document.card_set_id is not None:
        document.card_set = CARD_SET.instance(row, DOCUMENT.width)
    return document
