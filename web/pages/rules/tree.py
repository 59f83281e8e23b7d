"""A rule with the rules around it, read in one query: the rules above it, the ones it contains
and its neighbours at the same level, in reading order (the rule page's tree is built from them).
"""

import json
from dataclasses import dataclass

from django.db import connection

from common.sql_rows import positional
from rulings.models import RuleSection, RulesEdition
from rulings.rules.numbers import ancestors_of
from web.pages.rules.section_pages import RULES_PER_PAGE

Level = RuleSection.Level
LAST_POSITION = 2**31 - 1


@dataclass(slots=True)
class Row:
    """A rule as the tree query reads it: lighter than a model instance (a section holds
    hundreds), with the same attribute names."""

    id: int
    edition_id: int
    number: str
    level: int
    parent_id: int | None
    title: str
    text: str
    examples: list
    position: int

    @property
    def pk(self):
        return self.id


COLUMN_NAMES = list(Row.__dataclass_fields__)
ROW_COLUMNS = ", ".join(f"s.{name}" for name in COLUMN_NAMES)
# The same, where a row's text is not shown (a rule of a long section on another page of it):
# its text and examples are not read.
HEADING_ONLY = {
    "text": "CASE WHEN {hidden} THEN '' ELSE s.text END",
    "examples": "CASE WHEN {hidden} THEN NULL ELSE s.examples END",
}
PAGED_COLUMNS = ", ".join(
    f"{HEADING_ONLY[name]} AS {name}" if name in HEADING_ONLY else f"s.{name}"
    for name in COLUMN_NAMES
)
# A row of a section read a page at a time, outside the page read.
OFF_PAGE = (
    "p.rule_count > %(per_page)s AND (s.position < p.first_position"
    " OR s.position >= COALESCE(p.next_page_position, b.end_position))"
)

# The rule, the rules above it (by number), what it contains (from just after it to the next
# rule at its level or above; for a chapter, only its sections, by parent) and its neighbours
# at the same level in reading order. The bounds are worked out once, in the "bounds" row, and
# each part reads a range of an index (the range of what the rule contains is given as values
# of the bounds, not of a join with them, so that PostgreSQL reads it from the index; there the
# neighbours at a level are found in one step by the index of rules by level, migration 0018).
# Written in SQL because the ORM's version (nested subqueries) took longer to build than
# to run.
#
# A section of more than ``per_page`` rules shows the text of one page of them
# (web.pages.rules.section_pages: page ``page_index`` from 0, a page past the end being the
# last): the "page" row has the position of that page's first rule and of the next page's; the
# rows between them are read whole, the section's other rows without their text (a quarter of
# the bytes: 702 holds 760 rows).
TREE_SQL = """
WITH asked AS (
    SELECT id, position, level FROM {table}
    WHERE edition_id = %(edition)s AND number = %(number)s
), bounds AS MATERIALIZED (
    SELECT asked.id AS id, asked.position AS position, asked.level AS level,
        COALESCE((
            SELECT t.position FROM {table} t
            WHERE t.edition_id = %(edition)s AND t.position > asked.position
                AND t.level <= asked.level
            ORDER BY t.position LIMIT 1
        ), %(last)s) AS end_position,
        (
            SELECT t.position FROM {table} t
            WHERE t.edition_id = %(edition)s AND t.position < asked.position
                AND t.level = asked.level
            ORDER BY t.position DESC LIMIT 1
        ) AS previous_position,
        (
            SELECT t.position FROM {table} t
            WHERE t.edition_id = %(edition)s AND t.position > asked.position
                AND t.level = asked.level
            ORDER BY t.position LIMIT 1
        ) AS next_position
    FROM asked
), section_rules AS MATERIALIZED (
    SELECT t.position AS position,
        (ROW_NUMBER() OVER (ORDER BY t.position) - 1) / %(per_page)s AS page_index
    FROM {table} t, bounds b
    WHERE b.level = {section} AND t.parent_id = b.id
), chosen AS (
    SELECT CASE WHEN MAX(page_index) < %(page_index)s THEN MAX(page_index)
        ELSE %(page_index)s END AS page_index,
        COUNT(*) AS rule_count
    FROM section_rules
), page AS MATERIALIZED (
    SELECT MIN(CASE WHEN r.page_index = c.page_index THEN r.position END) AS first_position,
        MIN(CASE WHEN r.page_index > c.page_index THEN r.position END) AS next_page_position,
        MAX(c.rule_count) AS rule_count
    FROM section_rules r, chosen c
)
SELECT {columns} FROM {table} s
WHERE s.edition_id = %(edition)s AND s.number IN ({numbers})
UNION ALL
SELECT {paged_columns} FROM {table} s, bounds b, page p
WHERE b.level <> {chapter} AND s.edition_id = %(edition)s
    AND s.position > (SELECT position FROM bounds)
    AND s.position < (SELECT end_position FROM bounds)
UNION ALL
SELECT {columns} FROM {table} s, bounds b
WHERE b.level = {chapter} AND s.parent_id = b.id
UNION ALL
SELECT {columns} FROM {table} s, bounds b
WHERE s.edition_id = %(edition)s AND s.position IN (b.previous_position, b.next_position)
"""


def tree_statement(edition: RulesEdition, number: str, page_number: int = 1) -> tuple[str, list]:
    """The query (sql, params) that reads the rule asked for and, in reading order, the rows
    its page shows (see TREE_SQL; ``tree_of`` reads its rows). In a section read a page at a
    time (page ``page_number``), the rows on its other pages come without their text."""
    numbers = [*ancestors_of(number), number]
    params = {
        "edition": edition.pk,
        "number": number,
        "last": LAST_POSITION,
        "per_page": RULES_PER_PAGE,
        "page_index": max(page_number, 1) - 1,
    }
    params.update({f"n{index}": value for index, value in enumerate(numbers)})
    sql = TREE_SQL.format(
        table=connection.ops.quote_name(RuleSection._meta.db_table),
        columns=ROW_COLUMNS,
        paged_columns=PAGED_COLUMNS.format(hidden=OFF_PAGE),
        numbers=", ".join(f"%(n{index})s" for index in range(len(numbers))),
        chapter=Level.CHAPTER,
        section=Level.SECTION,
    )
    return positional(sql, params)


def tree_of(number: str, values: list[tuple]) -> tuple[Row | None, list[Row]]:
    """The rule ``number`` and the rows its page shows, from the rows of ``tree_statement``'s
    query; None and no rows when the edition has no such rule."""
    rows = [Row(*row) for row in values]
    for row in rows:
        if isinstance(row.examples, str):  # SQLite hands JSON back as text
            row.examples = json.loads(row.examples)
        elif row.examples is None:  # a row of another page of its section
            row.examples = []
    # Sorted here: an ORDER BY would make SQLite walk each part in position order.
    rows.sort(key=lambda row: row.position)
    rule = next((row for row in rows if row.number == number), None)
    return rule, rows
