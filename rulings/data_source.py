"""The rules' place in ``oracle.data_sources``: the date since which the official edition in
force today applies, and the editions and documents the about page lists."""

from datetime import date
from typing import NamedTuple

from django.db.models import CharField, Count, IntegerField, OuterRef, StringAgg, Subquery, Value
from django.db.models.functions import Cast
from django.utils import timezone
from django.utils.translation import gettext as _

from common.dates import long_date
from oracle.data_sources import DataSource, add_source
from rulings.models import RuleSection, RulesEdition, SourceDocument, edition_in_force


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
    """When the official edition in force today took effect."""
    editions = [_EditionDate(date.fromisoformat(day)) for day in (dates or "").split(",") if day]
    edition = edition_in_force(editions, timezone.localdate())
    return edition.effective_date if edition else None


def footer(day: date) -> str:
    return _("Rules in force since %(date)s") % {"date": long_date(day)}


def about_context() -> dict:
    return {
        "editions": list(
            RulesEdition.objects.order_by("-effective_date", "language").annotate(
                rules_held=_rules_held()
            )
        ),
        "documents": list(
            SourceDocument.objects.order_by("-published_on", "title").only(
                "pk", "title", "kind", "language", "published_on", "source", "imported_at"
            )
        ),
    }


def _rules_held():
    """How many rules an edition holds: a partial edition's are written by the documents that
    quote them, so its file's count says nothing."""
    counts = (
        RuleSection.objects.filter(edition=OuterRef("pk"))
        .order_by()
        .values("edition")
        .annotate(count=Count("pk"))
        .values("count")
    )
    return Subquery(counts, output_field=IntegerField())


def register() -> None:
    add_source(
        DataSource(
            key="rules",
            position=20,
            dated_by=official_dates,
            read_date=rules_in_force_since,
            footer=footer,
            about_template="rulings/_about_rules.html",
            about_context=about_context,
        )
    )
