"""Building blocks of the conditions' ``Q`` objects: all cards, none, cards with a face or a
printing that matches, and comparisons written as the query writes them (``=``, ``!=``, ...)."""

from django.db.models import Q
from django.db.models.lookups import (
    Exact,
    GreaterThan,
    GreaterThanOrEqual,
    IsNull,
    LessThan,
    LessThanOrEqual,
)

from oracle.models import CardFace, Printing

COMPARISONS = {"=": "exact", ">": "gt", ">=": "gte", "<": "lt", "<=": "lte"}


def everything() -> Q:
    return Q(pk__isnull=False)


def nothing() -> Q:
    return Q(pk__in=[])


def cards_with_faces(condition: Q) -> Q:
    return Q(pk__in=CardFace.objects.filter(condition).values("card_id"))


def cards_with_printings(condition: Q) -> Q:
    return Q(pk__in=Printing.objects.filter(condition).values("card_id"))


def compare(field: str, op: str, value) -> Q:
    """``field op value`` for = < <= > >=, and "!=" as "has a value and it differs"."""
    if op == "!=":
        return Q(**{f"{field}__isnull": False}) & ~Q(**{field: value})
    return Q(**{f"{field}__{COMPARISONS[op]}": value})


LOOKUPS = {
    "=": Exact,
    ">": GreaterThan,
    ">=": GreaterThanOrEqual,
    "<": LessThan,
    "<=": LessThanOrEqual,
}


def compare_expression(expression, op: str, value) -> Q:
    """``compare`` for an expression instead of a field name."""
    if op == "!=":
        return Q(IsNull(expression, False)) & ~Q(Exact(expression, value))
    return Q(LOOKUPS[op](expression, value))
