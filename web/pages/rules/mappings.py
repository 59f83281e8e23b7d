"""The old-number mappings a rule page reads, in one query.

The mappings of the rules the page shows (a range of positions of its edition, and the rule
itself), the mapping of the rule itself, and on an older edition's page the mappings of the
other old rules that lead where it leads: the union of two parts, each reading an index (the
rules' position; a mapping's old or current rule). A mapping kept while its old rule is missing
(``importers.hand_work``) has no old rule, and is left out.
"""

from django.db.models import Q

from rulings.models import RuleMapping

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


def read_page_mappings(
    edition_id: int, rule_id: int, first: int, last: int, deepest: int, is_current: bool
) -> list[dict]:
    """The mappings (dicts keyed by ``MAPPING_FIELDS``, in no order) whose current rule is a
    rule of edition ``edition_id`` at a position from ``first`` to ``last`` and of level
    ``deepest`` or above, or the rule ``rule_id`` itself; the mapping of rule ``rule_id`` as
    an old rule; and unless ``is_current``, the mappings that lead where that one leads."""
    mappings = RuleMapping.objects.filter(old_section__isnull=False).order_by()
    shown = mappings.filter(
        current_section__edition=edition_id,
        current_section__position__range=(first, last),
        current_section__level__lte=deepest,
    )
    about_the_rule = Q(current_section=rule_id) | Q(old_section=rule_id)
    if not is_current:
        same_target = RuleMapping.objects.filter(old_section=rule_id).values("current_section")
        about_the_rule |= Q(current_section__in=same_target)
    rows = (
        shown.values_list(*MAPPING_FIELDS)
        .union(mappings.filter(about_the_rule).values_list(*MAPPING_FIELDS))
        .order_by()
    )
    return [dict(zip(MAPPING_FIELDS, values, strict=True)) for values in rows]
