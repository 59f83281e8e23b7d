"""The old-number mappings a rule page reads, in one query written in SQL.

The mappings of the rules the page shows (a range of positions of its edition, and the rule
itself), the mapping of the rule itself, and on an older edition's page the mappings of the
other old rules that lead where it leads. Each part reads an index (the rules' position, a
mapping's old or current rule); the ORM's version, one filter with ``OR`` between subqueries,
took longer to build than to run on SQLite and could use no index on PostgreSQL.
"""

from django.db import connection

from rulings.models import RuleMapping, RuleSection

# What the page reads of each mapping, in this order (the names say through which rule).
MAPPING_FIELDS = [
    "old_section_id",
    "old_section__number",
    "old_section__edition_id",
    "old_section__position",
    "current_section_id",
    "current_section__edition_id",
    "current_section__parent_id",
    "confidence",
    "method",
]

# Each part joins the mappings it wants to their rules; UNION drops a mapping two parts find
# (one row per mapping: a mapping's old rule is its own). A mapping kept while its old rule is
# missing (importers.hand_work) has no old rule, so the inner join leaves it out.
MAPPING_COLUMNS = """m.old_section_id, o.number, o.edition_id, o.position, m.current_section_id,
    c.edition_id, c.parent_id, m.confidence, m.method"""
MAPPINGS_SQL = """
SELECT {columns}
FROM {section} c
JOIN {mapping} m ON m.current_section_id = c.id
JOIN {section} o ON o.id = m.old_section_id
WHERE c.edition_id = %(edition)s AND c.position >= %(first)s AND c.position <= %(last)s
    AND c.level <= %(deepest)s
UNION
SELECT {columns}
FROM {mapping} m
JOIN {section} o ON o.id = m.old_section_id
LEFT JOIN {section} c ON c.id = m.current_section_id
WHERE m.current_section_id = %(rule)s OR m.old_section_id = %(rule)s {same_target}
"""
# On an older edition's page: the mappings of every old rule that leads where the rule does.
SAME_TARGET_SQL = """OR m.current_section_id IN (
        SELECT its.current_section_id FROM {mapping} its WHERE its.old_section_id = %(rule)s
    )"""


def read_page_mappings(
    edition_id: int, rule_id: int, first: int, last: int, deepest: int, is_current: bool
) -> list[dict]:
    """The mappings (dicts keyed by ``MAPPING_FIELDS``, in no order) whose current rule is a
    rule of edition ``edition_id`` at a position from ``first`` to ``last`` and of level
    ``deepest`` or above, or the rule ``rule_id`` itself; the mapping of rule ``rule_id`` as
    an old rule; and unless ``is_current``, the mappings that lead where that one leads."""
    quote = connection.ops.quote_name
    tables = {
        "mapping": quote(RuleMapping._meta.db_table),
        "section": quote(RuleSection._meta.db_table),
    }
    same_target = "" if is_current else SAME_TARGET_SQL.format(**tables)
    sql = MAPPINGS_SQL.format(columns=MAPPING_COLUMNS, same_target=same_target, **tables)
    params = {
        "edition": edition_id,
        "rule": rule_id,
        "first": first,
        "last": last,
        "deepest": deepest,
    }
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return [dict(zip(MAPPING_FIELDS, values, strict=True)) for values in cursor.fetchall()]
