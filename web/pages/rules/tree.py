"""A rule with the rules around it, in two queries whatever the rule: the rule with where its
contents end and its neighbours at its level are; then the rules above it, the ones it contains
and those neighbours, in reading order (the rule page's tree is built from them).

What a rule contains is a range of positions of its edition: from just after it to the next
rule at its level or above (for a chapter, only its sections: the rules whose parent it is).
Each part of the second query reads a range of an index. A long section (702) is read whole,
a few hundred rows; its page shows the text of one page of its rules
(``web.pages.rules.section_pages``) and the headings of the others.
"""

from dataclasses import dataclass

from django.db.models import OuterRef, Subquery, Value
from django.db.models.functions import Coalesce

from rulings.models import RuleSection, RulesEdition
from rulings.rules.numbers import ancestors_of

Level = RuleSection.Level
LAST_POSITION = 2**31 - 1


@dataclass(slots=True)
class Row:
    """A rule as the tree query reads it (``values_list``): lighter than a model instance (a
    section holds hundreds), with the same attribute names."""

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


FIELDS = list(Row.__dataclass_fields__)


def first_position(rules, ordering: str = "position"):
    """The position of the first of ``rules`` in ``ordering``, as a subquery."""
    return Subquery(rules.order_by(ordering).values("position")[:1])


def read_tree(edition: RulesEdition, number: str) -> tuple[Row | None, list[Row]]:
    """The rule ``number`` of ``edition`` and, in reading order, the rows its page shows (the
    rule among them); None and no rows when the edition has no such rule."""
    rules = RuleSection.objects.filter(edition=edition).order_by()
    after = rules.filter(position__gt=OuterRef("position"))
    before = rules.filter(position__lt=OuterRef("position"))
    asked = (
        rules.filter(number=number)
        .annotate(
            end_position=Coalesce(
                first_position(after.filter(level__lte=OuterRef("level"))), Value(LAST_POSITION)
            ),
            previous_position=first_position(before.filter(level=OuterRef("level")), "-position"),
            next_position=first_position(after.filter(level=OuterRef("level"))),
        )
        .values_list(*FIELDS, "end_position", "previous_position", "next_position")
        .first()
    )
    if asked is None:
        return None, []
    rule = Row(*asked[: len(FIELDS)])
    end, previous, following = asked[len(FIELDS) :]
    if rule.level == Level.CHAPTER:
        contained = RuleSection.objects.filter(parent_id=rule.id)
    else:
        contained = rules.filter(position__gt=rule.position, position__lt=end)
    parts = [
        rules.filter(number__in=ancestors_of(number)),
        contained.order_by(),
        rules.filter(position__in=[p for p in (previous, following) if p is not None]),
    ]
    around = (
        parts[0]
        .values_list(*FIELDS)
        .union(*(part.values_list(*FIELDS) for part in parts[1:]), all=True)
        .order_by()  # sorted below: ordered, SQLite would walk each part in position order
    )
    rows = [rule, *(Row(*values) for values in around)]
    rows.sort(key=lambda row: row.position)
    return rule, rows
