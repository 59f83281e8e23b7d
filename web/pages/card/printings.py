"""The printings table of a card's page and the links of a printing to other sites, as plain
values for the Jinja2 partials ``cards/_printing_rows.html`` and ``cards/_printing_links.html``
(a card can have a hundred printings: one pass here, no template include or URL lookup per
row)."""

from dataclasses import dataclass

from django.utils.translation import gettext as _

from common.links import url_maker2
from oracle.models import Rarity, is_italian_page
from web.pages.card.images import gatherer_page, scryfall_page


@dataclass(frozen=True)
class PrintingLinks:
    """The printing on Scryfall and on Gatherer ("" where a site does not have it), with the
    links' names for screen readers."""

    scryfall: str
    gatherer: str
    scryfall_label: str
    gatherer_label: str


@dataclass(frozen=True)
class PrintingRow:
    url: str
    set_name: str  # in the page's language
    set_code: str
    symbol: str
    rarity: str
    rarity_label: str
    number: str
    name_it: str
    frame_version: str
    futureshifted: bool
    timeshifted: bool
    current: bool  # the printing the page shows
    links: PrintingLinks


def printing_links(printing, labels=None, italian=None) -> PrintingLinks:
    """``labels``: the two links' names, translated once for a table of printings
    (``link_labels``); ``italian``: whether the page is Italian, asked once for a table."""
    scryfall_label, gatherer_label = labels or link_labels()
    names = {"set": printing.card_set.code, "number": printing.collector_number}
    return PrintingLinks(
        scryfall=scryfall_page(printing),
        gatherer=gatherer_page(printing, italian),
        scryfall_label=scryfall_label % names,
        gatherer_label=gatherer_label % names,
    )


def link_labels() -> tuple[str, str]:
    return _("%(set)s %(number)s on Scryfall"), _("%(set)s %(number)s on Gatherer")


def printing_rows(printings, shown) -> list[PrintingRow]:
    """A row per printing (their sets already fetched), ``shown`` marked as the current one."""
    url = url_maker2("cards:printing-detail")
    labels = {value: str(label) for value, label in Rarity.choices}
    names = link_labels()
    italian = is_italian_page()
    shown_pk = shown.pk if shown is not None else None
    rows = []
    for printing in printings:
        card_set = printing.card_set
        rows.append(
            PrintingRow(
                url=url(card_set.code.lower(), printing.collector_number),
                set_name=(italian and card_set.name_it) or card_set.name,
                set_code=card_set.code,
                symbol=card_set.symbol_code,
                rarity=printing.rarity,
                rarity_label=labels.get(printing.rarity, printing.rarity),
                number=printing.collector_number,
                name_it=printing.name_it,
                frame_version=printing.frame_version,
                futureshifted=printing.is_futureshifted,
                timeshifted=printing.is_timeshifted,
                current=printing.pk == shown_pk,
                links=printing_links(printing, names, italian),
            )
        )
    return rows
