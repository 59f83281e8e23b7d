"""How old the data is: the footer of every page, the about page and the JSON API say it.

Each app that imports data adds a source from its ``AppConfig.ready()``; ``oracle`` adds the
card data's own (``oracle.card_data_source``)::

    from oracle.data_sources import DataSource, add_source

    add_source(
        DataSource(
            key="rules",                          # its key in the API's "data"
            position=20,                          # its place in the footer and the about page
            dated_by=official_dates,              # () -> queryset of one text value
            read_date=date_in_force,              # that text (or None) -> date | None
            footer=lambda day: _("Rules in force since %(date)s") % {"date": long_date(day)},
            about_template="rulings/_about_rules.html",
            about_context=about_rules,            # () -> dict, for its about template
        )
    )

``dated_by`` is a query of one value in at most one row, text on every database (``Cast`` a
date to ``CharField``). Every page asks all of them with the data version, in the one statement
of ``oracle.data_version.current()``; ``read_date`` turns each value into the date said.
"""

from collections.abc import Callable
from dataclasses import dataclass
from datetime import date

from django.db.models import QuerySet


@dataclass(frozen=True)
class DataSource:
    key: str
    position: int
    dated_by: Callable[[], QuerySet]
    read_date: Callable[[str | None], date | None]
    footer: Callable[[date], str]
    about_template: str
    about_context: Callable[[], dict]


SOURCES: dict[str, DataSource] = {}


def add_source(source: DataSource) -> None:
    """Say ``source``'s age everywhere (a second call with the same key replaces it)."""
    SOURCES[source.key] = source


def sources() -> list[DataSource]:
    return sorted(SOURCES.values(), key=lambda source: source.position)


def read_dates(texts: dict[str, str | None]) -> dict[str, date | None]:
    """{"cards": date(2022, 4, 25), "rules": date(2026, 4, 17)} from each source's value (a
    source without one says None)."""
    return {source.key: source.read_date(texts.get(source.key)) for source in sources()}


def api_dates(dates: dict[str, date | None]) -> dict[str, str | None]:
    """What the API's "data" says: each source's date as YYYY-MM-DD, None when unknown."""
    return {key: day.isoformat() if day else None for key, day in dates.items()}


def footer_lines(dates: dict[str, date | None]) -> list[str]:
    """The footer's sentence for each source that knows its date, in the page's language."""
    lines = []
    for source in sources():
        day = dates.get(source.key)
        if day:
            lines.append(source.footer(day))
    return lines


def about_sections() -> list[tuple[str, dict]]:
    """(template, context) of each source's part of the about page."""
    return [(source.about_template, source.about_context()) for source in sources()]
