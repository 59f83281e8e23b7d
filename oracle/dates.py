"""Dates as the pages write them, in the page's language."""

from datetime import date

from django.utils import dateformat
from django.utils.formats import date_format

from .models import is_italian_page


def long_date(value: date | None) -> str:
    """ "1º maggio 2007", "17 aprile 2026" on Italian pages (Django's catalogue capitalises the
    month), else the locale's DATE_FORMAT; "" for no date."""
    if not value:
        return ""
    if is_italian_page():
        day = "1º" if value.day == 1 else str(value.day)
        return f"{day} {dateformat.format(value, 'F').lower()} {value.year}"
    return date_format(value, "DATE_FORMAT")
