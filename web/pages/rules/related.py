"""The rules a rule page reads besides its tree and its mappings, in one query written in SQL.

Whole rows (``RuleSection`` instances, their document with its title only) for the rule's
number in other editions, the Italian texts of the rules shown, the Italian texts under old
numbers and the rules the mappings name; and only which of the numbers the page's texts cite
this edition has (a section cites a hundred: their rows are not read).
The ORM's version, one filter with five ``OR``-ed lists, took longer to build than to run.
"""

from collections.abc import Iterable
from dataclasses import dataclass, field

from django.db import connection

from common.sql_rows import ModelColumns, fetch
from rulings.models import RuleSection, SourceDocument

SECTION = ModelColumns(RuleSection, "s")


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
    rows: list[RuleSection]  # every whole row, in no order
    numbers_here: set[str]  # the cited numbers the edition has


def placeholders(values: list) -> str:
    return ", ".join(["%s"] * len(values))


def read_related(wanted: Wanted) -> Related:
    """The rows ``wanted`` names (see the module docstring), in one query."""
    quote = connection.ops.quote_name
    section = quote(RuleSection._meta.db_table)
    document = quote(SourceDocument._meta.db_table)
    conditions, params = [], []
    if wanted.same_number is not None:
        number, editions = wanted.same_number
        conditions.append(f"(s.number = %s AND s.edition_id IN ({placeholders(editions)}))")
        params += [number, *editions]
    for editions, numbers in wanted.numbers_in:
        numbers = sorted(numbers)
        if editions and numbers:
            conditions.append(
                f"(s.edition_id IN ({placeholders(editions)})"
                f" AND s.number IN ({placeholders(numbers)}))"
            )
            params += [*editions, *numbers]
    if wanted.ids:
        conditions.append(f"s.id IN ({placeholders(wanted.ids)})")
        params += wanted.ids
    parts = []
    if conditions:
        parts.append(
            f"SELECT 1, {SECTION.sql}, d.title FROM {section} s"
            f" LEFT JOIN {document} d ON d.id = s.source_document_id"
            f" WHERE {' OR '.join(conditions)}"
        )
    cited = sorted(wanted.cited)
    if cited:
        only_the_number = ", ".join(
            "s.number" if name == "number" else "NULL" for name in [*SECTION.names, "title"]
        )
        parts.append(
            f"SELECT 0, {only_the_number} FROM {section} s"
            f" WHERE s.edition_id = %s AND s.number IN ({placeholders(cited)})"
        )
        params += [wanted.edition_id, *cited]
    rows, numbers_here = [], set()
    if not parts:
        return Related(rows, numbers_here)
    number_at = 1 + SECTION.names.index("number")
    for values in fetch(" UNION ALL ".join(parts), params):
        if not values[0]:
            numbers_here.add(values[number_at])
            continue
        row = SECTION.instance(values, 1)
        if row.source_document_id is not None:
            row.source_document = SourceDocument(pk=row.source_document_id, title=values[-1])
        rows.append(row)
    return Related(rows, numbers_here)
