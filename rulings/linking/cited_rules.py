"""Today's numbers for the rule numbers rulings cite, worked out for many at once: the
linker's view of ``rulings.rule_citations.cite_rules_on`` (two queries for all of them)."""

from datetime import date

from ..rule_citations import cite_rules_on
from ..rule_numbers import normalise_number


class CitedRules:
    def __init__(self, cited: set[tuple[str, date]]):
        by_day: dict[date, set[str]] = {}
        for number, day in cited:
            by_day.setdefault(day, set()).add(number)
        resolved = cite_rules_on(by_day) if by_day else {}
        self.today: dict[tuple[str, date], str | None] = {}
        for number, day in cited:
            found = resolved.get(day, {}).get(normalise_number(number) or "")
            self.today[(number, day)] = found.current if found else None

    def __call__(self, number: str, day: date) -> str | None:
        return self.today.get((number, day))
