"""The page of cards a search shows: counted, in order, as plain rows (``FoundCard``).

A results page reads each card's row from its search row (``CardSearch``): its name, slug,
faces (Italian name, mana cost, type lines) and newest sets, all a results row shows
(``lists.rows.card_rows``), read as plain rows (``values_list``): as model instances, the
fifty cards of a page cost more in Python than in the database.
"""

import uuid
from typing import NamedTuple

from django.core.paginator import Page, Paginator
from django.db.models import F, Func, IntegerField, Subquery

from oracle.models import CardSearch
from oracle.search.conditions import IdList

# A search that finds at most this many cards is read as their ids first, in one scan of the
# narrowest index or one read of the substring index: that gives the count, and the page is
# sorted from those cards alone (walking the index of the order would read most of it to fill
# a page of rare matches, and counting apart would search twice). One that finds more is
# counted, and its page read along the index of its order, which dense matches fill at once.
# 3,000 rather than 1,000 since the substring index: a keyword or a phrase of 2,000 cards
# costs less so (benchmarks/README.md, issue 35).
FEW_FOUND = 3000

# What a results row is made from, in FoundCard's order.
ROW_COLUMNS = ("pk", "oracle_id", "name", "slug", "faces", "sets")


class FoundCard(NamedTuple):
    """A card on a results page: what its row and its address are made from (its search
    row's ``faces`` and ``sets``)."""

    pk: int
    oracle_id: uuid.UUID
    name: str
    slug: str
    faces: list
    sets: list


class NameOrder(NamedTuple):
    """The default order, by the name the page shows: its sort key's column, and whether
    descending (``ordering.ordering("name", ...)``)."""

    column: str
    descending: bool


class CountAll(Func):
    """COUNT(*), as the whole SELECT of a query that is a scalar subquery (no GROUP BY)."""

    template = "COUNT(*)"
    output_field = IntegerField()


def results_page(
    found, order_keys: list, number: int, per_page: int, name_order: NameOrder | None
) -> Page:
    """Page ``number`` (from 1; past the end, the last page) of the cards ``found`` (a
    CardSearch queryset, filtered and in ``order_keys``' order) as FoundCards, counted, in two
    queries.
    The ids of the first FEW_FOUND + 1 cards found come first: when those are all, they are the
    count and the page is read from them, not by searching again (in ``name_order``, by the
    page's sort key); otherwise the page is read along the index of its order, with the
    count in the same statement."""
    ids = list(found.order_by().values_list("pk", flat=True)[: FEW_FOUND + 1])  # CardSearch
    if len(ids) <= FEW_FOUND:
        paginator = Paginator(ids, per_page)
        number = paginator.get_page(number).number
        start = (number - 1) * per_page
        if name_order is not None:
            cards = _in_name_order(ids, name_order, start, per_page)
        else:
            few = CardSearch.objects.filter(pk__in=IdList(ids)).order_by(*order_keys)
            rows = few.values_list(*ROW_COLUMNS)[start : start + per_page]
            cards = [FoundCard(*row) for row in rows]
        return Page(cards, number, paginator)
    count = found.order_by().annotate(count=CountAll()).values("count")
    paginator = Paginator(found, per_page)
    start = (number - 1) * per_page
    rows = _counted_rows(found, count, start, per_page)
    if not rows:  # past the end: counted, then the last page
        number = paginator.num_pages
        start = (number - 1) * per_page
        return Page(_rows(found, start, per_page), number, paginator)
    paginator.count = rows[0][-1]
    return Page([FoundCard(*row[:-1]) for row in rows], number, paginator)


def _counted_rows(found, count, start: int, size: int) -> list[tuple]:
    """ROW_COLUMNS and how many were found, of the cards ``start`` to ``start + size``."""
    counted = found.annotate(found_count=Subquery(count))
    return list(counted.values_list(*ROW_COLUMNS, "found_count")[start : start + size])


def _rows(found, start: int, size: int) -> list[FoundCard]:
    rows = found.values_list(*ROW_COLUMNS)[start : start + size]
    return [FoundCard(*row) for row in rows]


def _in_name_order(ids: list[int], order: NameOrder, start: int, size: int) -> list[FoundCard]:
    """The cards ``start`` to ``start + size`` of ``ids`` in ``order``."""
    keys = [F(order.column), F("name"), F("pk")]
    keys = [key.desc() if order.descending else key.asc() for key in keys]
    few = CardSearch.objects.filter(pk__in=IdList(ids)).order_by(*keys)
    return [FoundCard(*row) for row in few.values_list(*ROW_COLUMNS)[start : start + size]]
