"""Today's numbers for the rule numbers rulings cite, worked out for many at once.

It reads a number as ``rule_numbers.resolve`` does (the English edition in force on the
ruling's date, that edition's mapping onto the current edition, else the same number today),
with three queries for all of them instead of up to four for each.
"""

from datetime import date

from oracle.importers.upsert import chunks

from ..models import Language, RuleMapping, RuleSection, RulesEdition
from ..rule_numbers import _edition_in_force, normalise_number


class CitedRules:
    def __init__(self, cited: set[tuple[str, date]]):
        self.today: dict[tuple[str, date], str | None] = {}
        editions = list(
            RulesEdition.objects.filter(language=Language.ENGLISH, is_complete=True).order_by(
                "effective_date"
            )
        )
        if not editions or not cited:
            return
        current = editions[-1]
        read_in = {}  # (number as cited, day) -> (number, the edition in force that day)
        for number, day in cited:
            wanted = normalise_number(number)
            if wanted is not None:
                read_in[(number, day)] = (wanted, _edition_in_force(editions, day)[0])
        edition_pks = {edition.pk for _, edition in read_in.values()} | {current.pk}
        sections = _section_pks({number for number, _ in read_in.values()}, edition_pks)
        mapped = _mapped_numbers(
            [pk for (edition_id, _), pk in sections.items() if edition_id != current.pk]
        )
        for key, (number, edition) in read_in.items():
            section = sections.get((edition.pk, number))
            if section is not None and edition.pk == current.pk:
                self.today[key] = number
            elif section is not None and section in mapped:
                self.today[key] = mapped[section]
            else:  # the same number today, if there is one
                self.today[key] = number if (current.pk, number) in sections else None

    def __call__(self, number: str, day: date) -> str | None:
        return self.today.get((number, day))


def _section_pks(numbers: set[str], edition_pks: set[int]) -> dict[tuple[int, str], int]:
    """(edition pk, number) -> section pk for these numbers in these editions."""
    sections = {}
    for batch in chunks(numbers):
        for pk, edition_id, number in RuleSection.objects.filter(
            edition_id__in=edition_pks, number__in=batch
        ).values_list("pk", "edition_id", "number"):
            sections[(edition_id, number)] = pk
    return sections


def _mapped_numbers(old_pks: list[int]) -> dict[int, str]:
    """Old section pk -> the number of the current section its mapping points to."""
    mapped = {}
    for batch in chunks(old_pks):
        mapped.update(
            RuleMapping.objects.filter(old_section_id__in=batch).values_list(
                "old_section_id", "current_section__number"
            )
        )
    return mapped
