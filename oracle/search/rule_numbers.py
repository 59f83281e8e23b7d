"""Rule numbers in ``rule:`` terms, read against the Comprehensive Rules stored here.

``Card.search_rules`` holds today's numbers (the rule linker writes them). A number copied from
an old release note, such as ``rule:502.26`` (morph in the rules of May 2007), is searched as
the rule it became (702.37), through the old-number mappings the rules importer stored. A number
of today's rules is searched as it is, even when an older edition used it for another rule.

The rules belong to the ``rulings`` app, which ``oracle`` never imports: its models are reached
through Card's relation to them, as ``has:rulings`` reaches the rulings.

It costs one query per search, and only for a search with ``rule:`` terms: every number the
search names, in every complete English edition, with the rule each old one became and the date
of the current edition. The query fills a dict the Query keeps, so filtering the cards and
naming the numbers it could not read share that one query.
"""

import re
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from datetime import date
from enum import StrEnum

from django.db.models import Subquery

from oracle.models import Card

NUMBER = re.compile(r"[1-9](?:\d\d(?:\.\d+[a-z]{0,2})?)?")
MAIN_LANGUAGE = "en"  # the rules are numbered alike in every language; Wizards writes English


def normalise(value: str) -> str | None:
    """ "702.37C." -> "702.37c"; None when it is not a rule number."""
    number = value.strip().rstrip(".").lower()
    return number if NUMBER.fullmatch(number) else None


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


_table: ContextVar[tuple[dict, tuple[str, ...]] | None] = ContextVar("rule_table", default=None)


@contextmanager
def rule_table(readings: dict, numbers):
    """While open, ``reading()`` fills ``readings`` with every number in ``numbers`` at its
    first use, in one query, and answers from it after that."""
    token = _table.set((readings, tuple(numbers)))
    try:
        yield
    finally:
        _table.reset(token)


def reading(number: str) -> Reading:
    readings, wanted = _table.get() or ({}, ())
    if number not in readings:
        missing = {number, *wanted} - set(readings)
        readings.update(read_numbers(sorted(missing)))
    return readings[number]


def _rules_models():
    """RuleSection and RulesEdition, found through Card's relation to the rules."""
    card_rule = Card._meta.get_field("rule_links").related_model
    section = card_rule._meta.get_field("section").related_model
    return section, section._meta.get_field("edition").related_model


def read_numbers(numbers) -> dict[str, Reading]:
    """A Reading for each number (one query)."""
    RuleSection, RulesEdition = _rules_models()
    editions = RulesEdition.objects.filter(language=MAIN_LANGUAGE, is_complete=True)
    current = editions.order_by("-effective_date").values("effective_date")[:1]
    rows = (
        RuleSection.objects.filter(
            number__in=numbers, edition__language=MAIN_LANGUAGE, edition__is_complete=True
        )
        .annotate(current_date=Subquery(current))
        .order_by()
        .values_list(
            "number", "edition__effective_date", "current_date", "mappings__current_section__number"
        )
    )
    found: dict[str, list[tuple]] = {}
    for number, effective, current_date, today in rows:
        found.setdefault(number, []).append((effective, current_date, today))
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
