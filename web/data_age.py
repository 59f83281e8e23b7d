"""How old the data is: the footer of every page, the about page and the JSON API's "data" say
it, for the cards (the newest MTGJSON import's date) and the rules (since when the official
edition in force today applies).

The cards' date comes with the data version (``oracle.data_version``), read once per request;
the rules' date (``RulesEdition.objects.official().in_force(today)``) is read once per request
too, when a page first asks for it: one query.
"""

from datetime import date

from django.db.models import Count, IntegerField, OuterRef, Subquery
from django.utils import timezone
from django.utils.translation import gettext as _

from common.dates import long_date
from oracle import data_version
from oracle.models import CardDataImport
from rulings.models import RuleSection, RulesEdition, SourceDocument

# The newest imports the about page lists.
ABOUT_IMPORTS = 5


def rules_since(request) -> date | None:
    """When the rules in force today took effect, read once for ``request``."""
    if not hasattr(request, "rules_since"):
        edition = RulesEdition.objects.official().in_force(timezone.localdate())
        request.rules_since = edition.effective_date if edition else None
    return request.rules_since


def dates(request) -> dict[str, date | None]:
    """{"cards": date(2022, 4, 25), "rules": date(2026, 4, 17)}, None for one not known."""
    return {
        "cards": data_version.for_request(request).cards_date,
        "rules": rules_since(request),
    }


def api_dates(request) -> dict[str, str | None]:
    """What the API's "data" says: each date as YYYY-MM-DD, None when unknown."""
    return {key: day.isoformat() if day else None for key, day in dates(request).items()}


def footer_lines(request) -> list[str]:
    """The footer's sentence for each kind of data that knows its date, in the page's
    language."""
    cards, rules = dates(request).values()
    lines = []
    if cards:
        lines.append(_("Cards: MTGJSON of %(date)s") % {"date": long_date(cards)})
    if rules:
        lines.append(_("Rules in force since %(date)s") % {"date": long_date(rules)})
    return lines


def about_sections() -> list[tuple[str, dict]]:
    """(template, context) of the about page's part on the cards, then on the rules."""
    return [
        (
            "cards/_about_cards.html",
            {"card_imports": list(CardDataImport.objects.all()[:ABOUT_IMPORTS])},
        ),
        (
            "rules/_about_rules.html",
            {
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
            },
        ),
    ]


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
