"""Dates as the pages write them, in the page's language; a moment's day in the site's zone."""

from datetime import UTC, date

from django.utils import timezone
from django.utils.dateparse import parse_datetime
from django.utils.dates import MONTHS
from django.utils.formats import date_format
from django.utils.translation import get_language


def long_date(value: date | None) -> str:
    """ "1º maggio 2007", "17 aprile 2026" on Italian pages (Django's catalogue capitalises the
    month), else the locale's DATE_FORMAT; "" for no date."""
    if not value:
        return ""
    if (get_language() or "en").startswith("it"):
        day = "1º" if value.day == 1 else str(value.day)
        return f"{day} {str(MONTHS[value.month]).lower()} {value.year}"
    return date_format(value, "DATE_FORMAT")


def local_date(moment) -> date | None:
    """The day (in the site's time zone) of a moment as a database gives it: a datetime, or
    on SQLite, where a subquery's value comes back untyped, its text; None for NULL."""
    if moment is None:
        return None
    if isinstance(moment, str):
        moment = parse_datetime(moment)
    if timezone.is_naive(moment):  # SQLite keeps UTC without its zone
        moment = moment.replace(tzinfo=UTC)
    return timezone.localtime(moment).date()
