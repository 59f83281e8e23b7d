"""Building blocks of the conditions' ``Q`` objects: all cards, none, cards with a face or a
printing that matches, and comparisons written as the query writes them (``=``, ``!=``, ...)."""

import json

from django.db.models import BooleanField, Expression, ExpressionWrapper, Func, IntegerField, Q
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


class IdList(Expression):
    """A list of ids as one query parameter, the right side of ``pk__in``: a JSON array read by
    SQLite's ``json_each``, an array on PostgreSQL. Given a plain list, Django writes a
    placeholder and converts each value, which for the thousand ids of a results page costs
    more than the query."""

    output_field = IntegerField()

    def __init__(self, ids):
        super().__init__()
        self.ids = [int(pk) for pk in ids]

    def as_sql(self, compiler, connection):
        return "SELECT unnest(%s::bigint[])", [self.ids]

    def as_sqlite(self, compiler, connection):
        return "SELECT value FROM json_each(%s)", [json.dumps(self.ids)]


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


class Likely(Func):
    """A condition SQLite's query planner is told is almost always true (its ``likely()``), so
    that it does not let the condition change the plan (a results page ordered by an indexed
    column walks that index); the plain condition elsewhere."""

    template = "(%(expressions)s)"
    arity = 1
    output_field = BooleanField()

    def as_sqlite(self, compiler, connection, **extra):
        return super().as_sql(compiler, connection, template="likely(%(expressions)s)", **extra)


def likely(condition: Q) -> Q:
    return Q(Likely(ExpressionWrapper(condition, output_field=BooleanField())))
