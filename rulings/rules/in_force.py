"""Since when the rules in force today apply: the effective date of the official edition in
force today (``web.data_age`` says it in the footer, the about page and the API's "data")."""

from datetime import date
from typing import NamedTuple

from django.db.models import CharField, StringAgg, Value
from django.db.models.functions import Cast
from django.utils import timezone

from rulings.models import RulesEdition, edition_in_force


class _EditionDate(NamedTuple):
    effective_date: date


def official_dates():
    """The official editions' effective dates, as "YYYY-MM-DD,YYYY-MM-DD": which is in force
    depends on the day the page is asked, so the choice is made after reading them."""
    return (
        RulesEdition.objects.official()
        .order_by()
        .values("language")
        .annotate(dates=StringAgg(Cast("effective_date", CharField()), Value(",")))
        .values_list("dates")
    )


def rules_in_force_since(dates: str | None) -> date | None:
    """When the official edition in force today took effect, of ``official_dates``' text."""
    editions = [_EditionDate(date.fromisoformat(day)) for day in (dates or "").split(",") if day]
    edition = edition_in_force(editions, timezone.localdate())
    return edition.effective_date if edition else None


def in_force_since() -> date | None:
    """When the official edition in force today took effect (one query; None without rules)."""
    rows = list(official_dates())
    return rules_in_force_since(rows[0][0] if rows else None)
