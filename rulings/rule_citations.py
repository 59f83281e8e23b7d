"""Rule numbers as texts cite them, each on its date, and where each rule is today.

A text cites rules as they were numbered when it was written ("502.26b" in the Future Sight notes
of May 2007, "rule 503" in a 2007 ruling). A number is read as ``rule_numbers.resolve`` reads it:
in the English edition in force on the text's date, then through that edition's mapping onto the
current edition; a number with no mapping, or not in that edition, falls back to the same number
today. ``cite_rules_on`` does it for every number of a page at once, whatever their dates, in two
queries; ``CitedRuleLinks`` then links each reference to today's rule, keeping the number as
written with "today 702.37c" as its title.
"""

import html
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date

from django.db.models import Exists, OuterRef, Subquery
from django.utils.translation import gettext as _

from .models import Language, RuleMapping, RuleSection, RulesEdition
from .rendering import RuleText, edition_in_force, rule_url_prefix
from .rule_numbers import normalise_number


@dataclass(frozen=True)
class CitedRule:
    """A rule number as cited on a date, and where that rule is today.

    ``edition`` is the ISO date of the English edition the number was read in; ``in_edition``
    says whether the number is there; ``current`` is today's number (None when no current rule
    matches or the number is unknown)."""

    number: str
    edition: str
    in_edition: bool
    current: str | None

    @property
    def found(self) -> bool:
        return self.in_edition or self.current is not None

    @property
    def renumbered(self) -> bool:
        return self.current is not None and self.current != self.number


def cite_rules(numbers: Iterable[str], on: date | None) -> dict[str, CitedRule]:
    """Every number in ``numbers`` as cited on ``on`` (today when None): two queries."""
    return cite_rules_on({on: numbers}).get(on, {})


def cite_rules_on(
    cited: dict[date | None, Iterable[str]],
) -> dict[date | None, dict[str, CitedRule]]:
    """{day: numbers cited that day} -> {day: {number: CitedRule}}, in two queries for all."""
    editions = list(
        RulesEdition.objects.filter(language=Language.ENGLISH, is_complete=True)
        .order_by("effective_date")
        .values_list("pk", "effective_date")
    )
    if not editions:
        return {}
    current_pk, current_day = editions[-1]
    pk_of = {effective: pk for pk, effective in editions}
    dates = list(pk_of)
    wanted: dict[date | None, tuple[int, date, set[str]]] = {}
    for day, numbers in cited.items():
        in_force = edition_in_force(day, dates) if day else current_day
        normalised = {found for found in map(normalise_number, numbers) if found}
        wanted[day] = (pk_of[in_force], in_force, normalised)
    all_numbers = set().union(*(numbers for _pk, _day, numbers in wanted.values()))
    edition_pks = {pk for pk, _day, _numbers in wanted.values()} | {current_pk}
    mappings = RuleMapping.objects.filter(old_section=OuterRef("pk"))
    rows = (
        RuleSection.objects.filter(edition_id__in=edition_pks, number__in=all_numbers or [""])
        .annotate(
            mapped=Subquery(mappings.values("current_section__number")[:1]),
            has_mapping=Exists(mappings),
        )
        .values_list("edition_id", "number", "mapped", "has_mapping")
    )
    found = {
        (edition_id, number): (mapped, has_mapping)
        for edition_id, number, mapped, has_mapping in rows
    }
    today = {number for edition_id, number in found if edition_id == current_pk}
    result = {}
    for day, (in_force_pk, in_force, numbers) in wanted.items():
        result[day] = {
            number: _cite(number, in_force_pk, in_force, current_pk, found, today)
            for number in numbers
        }
    return result


def _cite(number, in_force_pk, in_force, current_pk, found, today) -> CitedRule:
    same_number_today = number if number in today else None
    if in_force_pk == current_pk:
        return CitedRule(
            number, in_force.isoformat(), same_number_today is not None, same_number_today
        )
    if (in_force_pk, number) in found:
        mapped, has_mapping = found[(in_force_pk, number)]
        return CitedRule(
            number, in_force.isoformat(), True, mapped if has_mapping else same_number_today
        )
    return CitedRule(number, in_force.isoformat(), False, same_number_today)


class CitedRuleLinks(RuleText):
    """Links rule references to today's rules, as ``cite_rules`` resolved them.

    A renumbered rule keeps the number as written, titled "today 702.37c"; an old number
    nothing today matches opens the old rule in its edition; an unknown number stays text."""

    def __init__(self, cited: dict[str, CitedRule]):
        super().__init__()
        self.cited = cited

    def _link(self, number: str, label: str) -> str:
        return cited_rule_link(self.cited.get(number), label, self.prefix)


def today_words(cited: CitedRule | None) -> str:
    """ "today 702.37c", "no current rule matches", "not in the rules Oracolo has", or "" when the
    number is today's own."""
    if cited is None or not cited.found:
        return _("not in the rules Oracolo has")
    if cited.current is None:
        return _("no current rule matches")
    if cited.renumbered:
        return _("today %(number)s") % {"number": cited.current}
    return ""


def cited_rule_link(cited: CitedRule | None, label: str, prefix: str | None = None) -> str:
    """``label`` (already escaped) as a link to where ``cited`` is today."""
    words = html.escape(today_words(cited))
    if cited is None or not cited.found:
        return f'<span class="rule-ref-unknown" title="{words}">{label}</span>'
    prefix = prefix or rule_url_prefix()
    if cited.current is None:
        href = f"{prefix}{cited.number}/?edition={cited.edition}"
    else:
        href = f"{prefix}{cited.current}/"
    title = f' title="{words}"' if words else ""
    return f'<a class="rule-ref" href="{href}"{title}>{label}</a>'
