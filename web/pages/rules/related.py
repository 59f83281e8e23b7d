"""The rules a rule page reads besides its tree and its mappings, in one query.

Whole rows (``RuleSection`` instances, their document with its title only) for the rule's
number in other editions, the Italian texts of the rules shown, the Italian texts under old
numbers, the rules the mappings name, and the rules of the page's edition that its texts cite
(to link only the numbers the edition has).
"""

from collections.abc import Iterable
from dataclasses import dataclass, field

from django.db.models import Q

from rulings.models import RuleSection


@dataclass
class Wanted:
    """What the page asks for; each part is left out of the query when empty."""

    edition_id: int
    cited: set[str] = field(default_factory=set)  # does the edition have these numbers?
    same_number: tuple[str, list[int]] | None = None  # (number, in these editions)
    numbers_in: list[tuple[list[int], Iterable[str]]] = field(default_factory=list)  # Italian
    ids: list[int] = field(default_factory=list)


@dataclass
class Related:
    rows: list[RuleSection]  # every row read, in no order
    numbers_here: set[str]  # the cited numbers the edition has


def read_related(wanted: Wanted) -> Related:
    """The rows ``wanted`` names (see the module docstring), in one query."""
    conditions = Q(edition=wanted.edition_id, number__in=sorted(wanted.cited))
    if wanted.same_number is not None:
        number, editions = wanted.same_number
        conditions |= Q(number=number, edition__in=editions)
    for editions, numbers in wanted.numbers_in:
        conditions |= Q(edition__in=editions, number__in=sorted(numbers))
    conditions |= Q(pk__in=wanted.ids)
    rows = list(
        RuleSection.objects.filter(conditions)
        .select_related("source_document")  # named by its title: its long texts are not read
        .defer("source_document__original_text", "source_document__imported_values")
        .order_by()
    )
    cited_here = {
        row.number
        for row in rows
        if row.edition_id == wanted.edition_id and row.number in wanted.cited
    }
    return Related(rows, cited_here)
