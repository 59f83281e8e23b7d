"""The card data's place in ``oracle.data_sources``: the newest MTGJSON import's date."""

from datetime import date

from django.utils.translation import gettext as _

from .data_sources import DataSource, add_source
from .dates import long_date
from .models import CardDataImport
from .sql_rows import FixedQuery

# The newest imports the about page lists.
ABOUT_IMPORTS = 5


_NEWEST_DATE = FixedQuery(
    lambda: CardDataImport.objects.dated_newest_first().values_list("data_date")[:1]
)


def card_data_date() -> date | None:
    """The MTGJSON date of the newest import that says one (every page's footer asks it)."""
    rows = _NEWEST_DATE.rows()
    return rows[0][0] if rows else None


def footer(day: date) -> str:
    return _("Cards: MTGJSON of %(date)s") % {"date": long_date(day)}


def about_context() -> dict:
    return {"card_imports": list(CardDataImport.objects.all()[:ABOUT_IMPORTS])}


def register() -> None:
    add_source(
        DataSource(
            key="cards",
            position=10,
            current_date=card_data_date,
            footer=footer,
            about_template="oracle/_about_cards.html",
            about_context=about_context,
        )
    )
