"""The rules' place in ``oracle.data_sources``: the date since which the official edition in
force today applies, and the editions and documents the about page lists."""

from datetime import date

from django.utils import timezone
from django.utils.translation import gettext as _

from oracle.data_sources import DataSource, add_source
from oracle.dates import long_date

from .models import RulesEdition, SourceDocument


def rules_in_force_since() -> date | None:
    edition = RulesEdition.objects.official().only("effective_date").in_force(timezone.localdate())
    return edition.effective_date if edition else None


def footer(day: date) -> str:
    return _("Rules in force since %(date)s") % {"date": long_date(day)}


def about_context() -> dict:
    return {
        "editions": list(RulesEdition.objects.order_by("-effective_date", "language")),
        "documents": list(
            SourceDocument.objects.order_by("-published_on", "title").only(
                "pk", "title", "kind", "language", "published_on", "source", "imported_at"
            )
        ),
    }


def register() -> None:
    add_source(
        DataSource(
            key="rules",
            position=20,
            current_date=rules_in_force_since,
            footer=footer,
            about_template="rulings/_about_rules.html",
            about_context=about_context,
        )
    )
