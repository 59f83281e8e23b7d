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


def printing_links(printing, labels=None) -> PrintingLinks:
    """``labels``: the two links' names, translated once for a table of printings
    (``link_labels``)."""
    scryfall_label, gatherer_label = labels or link_labels()
    names = {"set": printing.card_set.code, "number": printing.collector_number}
    return PrintingLinks(
        scryfall=scryfall_page(printing),
        gatherer=gatherer_page(printing),
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
    return [
        PrintingRow(
            url=url(p.card_set.code.lower(), p.collector_number),
            set_name=(italian and p.card_set.name_it) or p.card_set.name,
            set_code=p.card_set.code,
            symbol=p.card_set.symbol_code,
            rarity=p.rarity,
            rarity_label=labels.get(p.rarity, p.rarity),
            number=p.collector_number,
            name_it=p.name_it,
            frame_version=p.frame_version,
            futureshifted=p.is_futureshifted,
            timeshifted=p.is_timeshifted,
            current=p == shown,
            links=printing_links(p, names),
        )
        for p in printings
    ]
