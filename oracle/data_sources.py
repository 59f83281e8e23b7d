"""How old the data is: the footer of every page, the about page and the JSON API say it.

Each app that imports data adds a source from its ``AppConfig.ready()``; ``oracle`` adds the
card data's own (``oracle.card_data_source``)::

    from oracle.data_sources import DataSource, add_source

    add_source(
        DataSource(
            key="rules",                          # its key in the API's "data"
            position=20,                          # its place in the footer and the about page
            current_date=rules_in_force_since,    # () -> date | None, one small query
            footer=lambda day: _("Rules in force since %(date)s") % {"date": long_date(day)},
            about_template="rulings/_about_rules.html",
            about_context=about_rules,            # () -> dict, for its about template
        )
    )

``current_date`` runs once per page (the footer) and once per API answer: keep it one query.
"""

from collections.abc import Callable
from dataclasses import dataclass
from datetime import date


@dataclass(frozen=True)
class DataSource:
    key: str
    position: int
    current_date: Callable[[], date | None]
    footer: Callable[[date], str]
    about_template: str
    about_context: Callable[[], dict]


SOURCES: dict[str, DataSource] = {}


def add_source(source: DataSource) -> None:
    """Say ``source``'s age everywhere (a second call with the same key replaces it)."""
    SOURCES[source.key] = source


def sources() -> list[DataSource]:
    return sorted(SOURCES.values(), key=lambda source: source.position)


def current_dates() -> dict[str, date | None]:
    """{"cards": date(2022, 4, 25), "rules": date(2026, 4, 17)}: one query per source."""
    return {source.key: source.current_date() for source in sources()}


def api_dates() -> dict[str, str | None]:
    """What the API's "data" says: each source's date as YYYY-MM-DD, None when unknown."""
    return {key: day.isoformat() if day else None for key, day in current_dates().items()}


def footer_lines() -> list[str]:
    """The footer's sentence for each source that knows its date, in the page's language."""
    lines = []
    for source in sources():
        day = source.current_date()
        if day:
            lines.append(source.footer(day))
    return lines


def about_sections() -> list[tuple[str, dict]]:
    """(template, context) of each source's part of the about page."""
    return [(source.about_template, source.about_context()) for source in sources()]
