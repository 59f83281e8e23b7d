"""Votes for a name learned from many printings: each printing votes for the name it prints,
with its release date. The name voted most wins; among equals, the one printed most recently
(today's wording); among those, the greatest, so that the result does not depend on the order
the printings were read in."""

from collections import Counter
from datetime import date


def tally(counter: Counter) -> tuple[Counter, dict[str, date]]:
    """(votes per name, the newest release date of each name) from ``{(name, released): votes}``."""
    totals: Counter = Counter()
    newest: dict[str, date] = {}
    for (name, released), count in counter.items():
        totals[name] += count
        if released and (name not in newest or released > newest[name]):
            newest[name] = released
    return totals, newest


def most_voted(counter: Counter) -> str:
    """The winning name of ``{(name, released): votes}`` (see the module docstring); "" for none."""
    totals, newest = tally(counter)
    if not totals:
        return ""
    return max(totals, key=lambda name: (totals[name], newest.get(name, date.min), name))
