"""The game's formats as players name them, in the order the card page lists them, and a card's
legality in each.

The card data (MTGJSON's ``legalities``) keys each format by a lower-case key ("paupercommander")
and lists only the formats where a card is legal, banned or restricted: a format it leaves out is
one where the card is not legal. The grid on the card page shows the main formats for every card,
whatever its status there, then the other formats the card's data names, in this table's order,
then any format this table does not know yet, under a name made from its key.

Most formats keep their English name on Italian pages, as Italian players call them; the names
Italian players translate (Storico, Alchimia) are in the Italian catalogue.
"""

import functools
from dataclasses import dataclass

from django.utils import translation
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from common.text import fold


@dataclass(frozen=True)
class Format:
    key: str
    name: str | Promise
    is_main: bool = False


FORMATS = (
    Format("standard", pgettext_lazy("game format", "Standard"), is_main=True),
    Format("pioneer", pgettext_lazy("game format", "Pioneer"), is_main=True),
    Format("modern", pgettext_lazy("game format", "Modern"), is_main=True),
    Format("legacy", pgettext_lazy("game format", "Legacy"), is_main=True),
    Format("vintage", pgettext_lazy("game format", "Vintage"), is_main=True),
    Format("commander", pgettext_lazy("game format", "Commander"), is_main=True),
    Format("pauper", pgettext_lazy("game format", "Pauper"), is_main=True),
    Format("oathbreaker", pgettext_lazy("game format", "Oathbreaker")),
    Format("paupercommander", pgettext_lazy("game format", "Pauper Commander")),
    Format("duel", pgettext_lazy("game format", "Duel Commander")),
    Format("predh", pgettext_lazy("game format", "PreDH")),
    Format("premodern", pgettext_lazy("game format", "Premodern")),
    Format("oldschool", pgettext_lazy("game format", "Old School")),
    Format("penny", pgettext_lazy("game format", "Penny Dreadful")),
    Format("future", pgettext_lazy("game format", "Future Standard")),
    Format("brawl", pgettext_lazy("game format", "Brawl")),
    Format("standardbrawl", pgettext_lazy("game format", "Standard Brawl")),
    Format("historicbrawl", pgettext_lazy("game format", "Historic Brawl")),
    Format("historic", pgettext_lazy("game format", "Historic")),
    Format("timeless", pgettext_lazy("game format", "Timeless")),
    Format("alchemy", pgettext_lazy("game format", "Alchemy")),
    Format("explorer", pgettext_lazy("game format", "Explorer")),
    Format("gladiator", pgettext_lazy("game format", "Gladiator")),
)
BY_KEY = {fmt.key: fmt for fmt in FORMATS}
# What players also call a format, folded and without spaces (``f:edh``, ``f:storico``), beside
# its key and its English name: the query language's ``f:``, ``banned:`` and ``restricted:``.
FORMAT_ALIASES = {
    "edh": "commander", "cedh": "commander", "comandante": "commander",
    "pdh": "paupercommander", "duelcommander": "duel", "pennydreadful": "penny",
    "futurestandard": "future", "storico": "historic", "alchimia": "alchemy",
    "brawlstorico": "historicbrawl", "brawlstandard": "standardbrawl", "tipo1": "vintage",
    "type1": "vintage", "tipo15": "legacy", "type15": "legacy",
}  # fmt: skip


@functools.cache
def format_words() -> dict[str, str]:
    """Every word that names a format -> its key: keys, then names in English and in Italian
    (lower case, without spaces), then aliases."""
    words = {fmt.key: fmt.key for fmt in FORMATS}
    for language in ("en", "it"):
        with translation.override(language):
            for fmt in FORMATS:
                words.setdefault(fold("".join(str(fmt.name).split())), fmt.key)
    for alias, key in FORMAT_ALIASES.items():
        words.setdefault(alias, key)
    return words


class Status:
    """A card's status in a format: the data's word and the CSS class of its badge."""

    LEGAL = "Legal"
    BANNED = "Banned"
    RESTRICTED = "Restricted"
    NOT_LEGAL = "Not Legal"


STATUS_LABELS = {
    Status.LEGAL: _("Legal"),
    Status.BANNED: _("Banned"),
    Status.RESTRICTED: _("Restricted"),
    Status.NOT_LEGAL: _("Not legal"),
}
STATUS_CLASSES = {
    Status.LEGAL: "legal",
    Status.BANNED: "banned",
    Status.RESTRICTED: "restricted",
    Status.NOT_LEGAL: "not-legal",
}


@dataclass(frozen=True)
class Legality:
    """One row of a card's legality grid, with its status's label and badge class."""

    key: str
    name: str | Promise
    status: str  # one of Status
    label: str | Promise
    css_class: str


def legality(key: str, name: str | Promise, status: str) -> Legality:
    return Legality(
        key,
        name,
        status,
        STATUS_LABELS.get(status, status),
        STATUS_CLASSES.get(status, "not-legal"),
    )


def format_name(key: str):
    """The format's name in the page's language; one this table lacks is named from its key."""
    known = BY_KEY.get(key)
    return known.name if known is not None else key.replace("_", " ").title()


def legality_grid(legalities: dict[str, str]) -> list[Legality]:
    """The card's status in every main format, then in the other formats its data names."""
    statuses = {key.lower(): status for key, status in (legalities or {}).items()}
    rows = [
        legality(fmt.key, fmt.name, statuses.get(fmt.key, Status.NOT_LEGAL))
        for fmt in FORMATS
        if fmt.is_main or fmt.key in statuses
    ]
    unknown = sorted(key for key in statuses if key not in BY_KEY)
    rows += [legality(key, format_name(key), statuses[key]) for key in unknown]
    return rows
