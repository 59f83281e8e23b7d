"""What the card search asks of the rules and rulings: ``rule:`` and ``has:rulings``.

``rule:702.37`` (``regola:``) finds the cards that use a section of the Comprehensive Rules or
one of its subrules; ``has:rulings`` (``ruling``, ``chiarimenti``) the cards with rulings.
``SEARCH_TERMS`` holds both; ``web`` passes it to ``oracle.search.parse`` wherever it runs a
search (``oracle.search.added_terms``).

``CardRuleSearch`` holds each card's numbers of today's rules (the rule linker writes them). A
number copied from an old release note, such as ``rule:502.26`` (morph in the rules of May
2007), is searched as the rule it became (702.37), through the old-number mappings the rules
importer stored; the results page says so. A number of today's rules is searched as it is,
even when an older edition used it for another rule.

It costs one query per search, and only for a search with ``rule:`` terms: every number the
search names, in every complete English edition, with the rule each old one became and the date
of the current edition. The query fills a dict the Query keeps, so filtering the cards and
naming the numbers it could not read share that one query.
"""

from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from datetime import date
from enum import StrEnum

from django.db.models import Exists, F, FilteredRelation, OuterRef, Q
from django.utils.translation import gettext

from common.dates import long_date
from oracle.search.added_terms import FlagValue, SearchKey
from oracle.search.conditions import Condition
from oracle.search.problems import Problem
from rulings.models import CardRuleSearch, RulesEdition, Ruling
from rulings.rules.numbers import normalise_number


class Status(StrEnum):
    CURRENT = "current"  # a number of today's rules
    RENUMBERED = "renumbered"  # an old number: today's rule has another number
    GONE = "gone"  # an old number that no rule of today matches
    UNKNOWN = "unknown"  # in no edition here


@dataclass(frozen=True)
class Reading:
    """How a typed rule number is searched."""

    number: str
    status: Status
    today: str = ""  # today's number, for a renumbered rule
    edition_date: date | None = None  # the old edition the number was read in

    @property
    def searched(self) -> str:
        """The number the cards' rules are searched for."""
        return self.today or self.number


@dataclass(frozen=True)
class RuleCondition(Condition):
    """``rule:`` the card uses this section of the Comprehensive Rules or one of its subrules
    (``rule:702.37`` finds the cards linked to 702.37 and to 702.37a-g).

    ``CardRuleSearch.numbers`` lists each linked number with every number above it, between
    spaces, so one substring finds a section and all it contains. An old number is searched as
    the rule it became.
    """

    number: str

    @classmethod
    def from_term(cls, op, value):
        number = normalise_number(value)
        if number is None:
            return Problem(
                f"rule{op}{value}",
                gettext("“%(value)s” is not a rule number such as 702.37 or 702.37c")
                % {"value": value},
            )
        return cls(number)

    def to_q(self) -> Q:
        searched = reading(self.number).searched
        found = CardRuleSearch.objects.filter(numbers__contains=f" {searched} ")
        return Q(pk__in=found.values("card_id"))

    def __str__(self):
        return f"rule:{self.number}"


_readings: ContextVar[tuple[dict, tuple[str, ...]] | None] = ContextVar(
    "rule_readings", default=None
)


@contextmanager
def rule_lookups(conditions: list[RuleCondition], readings: dict):
    """While open, ``reading()`` fills ``readings`` with the number of every condition at its
    first use, in one query, and answers from it after that."""
    token = _readings.set((readings, tuple(condition.number for condition in conditions)))
    try:
        yield
    finally:
        _readings.reset(token)


def reading(number: str) -> Reading:
    readings, wanted = _readings.get() or ({}, ())
    if number not in readings:
        missing = {number, *wanted} - set(readings)
        readings.update(read_numbers(sorted(missing)))
    return readings[number]


def read_numbers(numbers) -> dict[str, Reading]:
    """A Reading for each number, in one query: every official edition, once for each of its
    sections of those numbers (with where each went), once when it has none."""
    editions = (
        RulesEdition.objects.official()
        .annotate(wanted=FilteredRelation("sections", condition=Q(sections__number__in=numbers)))
        .annotate(
            wanted_number=F("wanted__number"),
            number_today=F("wanted__mappings__current_section__number"),
        )
        .order_by()
    )
    current = editions.in_force()
    found: dict[str, list[tuple]] = {}
    for edition in editions:
        if edition.wanted_number is not None:
            found.setdefault(edition.wanted_number, []).append(
                (edition.effective_date, current.effective_date, edition.number_today)
            )
    return {number: _read(number, found.get(number, [])) for number in numbers}


def _read(number: str, rows: list[tuple]) -> Reading:
    if not rows:
        return Reading(number, Status.UNKNOWN)
    if any(effective == current for effective, current, _ in rows):
        return Reading(number, Status.CURRENT)
    effective, _, today = max(rows, key=lambda row: row[0])  # the newest edition that has it
    if today:
        return Reading(number, Status.RENUMBERED, today=today, edition_date=effective)
    return Reading(number, Status.GONE, edition_date=effective)


def old_rule_numbers(conditions: list[RuleCondition]) -> list[Problem]:
    """A Problem for each number that is not one of today's rules: read as today's rule, or
    found nowhere."""
    problems = []
    for condition in conditions:
        found = reading(condition.number)
        values = {"number": condition.number}
        if found.edition_date:
            values["date"] = long_date(found.edition_date)
        if found.status == Status.RENUMBERED:
            values["today"] = found.today
            message = gettext(
                "%(number)s is a number of the rules of %(date)s: searched as today’s "
                "rule %(today)s"
            )
            suggestion = f"rule:{found.today}"
        elif found.status == Status.GONE:
            message = gettext("rule %(number)s of the rules of %(date)s matches no rule of today")
            suggestion = ""
        elif found.status == Status.UNKNOWN:
            message = gettext("there is no rule %(number)s in the Comprehensive Rules")
            suggestion = ""
        else:
            continue
        problems.append(Problem(str(condition), message % values, suggestion))
    return problems


def cards_with_rulings() -> Q:
    """EXISTS rather than IN: a name-ordered page stops after 50 cards with rulings."""
    return Q(Exists(Ruling.objects.public().filter(card_id=OuterRef("pk"))))


SEARCH_TERMS = (
    SearchKey(
        key="rule",
        spellings=("rule", "rules", "regola", "regole"),
        condition=RuleCondition,
        lookups=rule_lookups,
        problems=old_rule_numbers,
    ),
    FlagValue("has", "rulings", cards_with_rulings, aliases=("ruling", "chiarimenti")),
)
