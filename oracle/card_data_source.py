"""The card data's place in ``oracle.data_sources``: the newest MTGJSON import's date."""

from datetime import date

from django.db.models import CharField
from django.db.models.functions import Cast
from django.utils.translation import gettext as _

from common.dates import long_date
from oracle.data_sources import DataSource, add_source
from oracle.models import CardDataImport

# The newest imports the about page lists.
ABOUT_IMPORTS = 5


def newest_data_date():
    """The MTGJSON date of the newest import that says one, as YYYY-MM-DD."""
    return CardDataImport.objects.dated_newest_first().values_list(Cast("data_date", CharField()))[
        :1
    ]


def read_date(text: str | None) -> date | None:
    return date.fromisoformat(text) if text else None


def footer(day: date) -> str:
    return _("Cards: MTGJSON of %(date)s") % {"date": long_date(day)}


def about_context() -> dict:
    return {"card_imports": list(CardDataImport.objects.all()[:ABOUT_IMPORTS])}


def register() -> None:
    add_source(
        DataSource(
            key="cards",
            position=10,
            dated_by=newest_data_date,
            read_date=read_date,
            footer=footer,
            about_template="oracle/_about_cards.html",
            about_context=about_context,
        )
    )
