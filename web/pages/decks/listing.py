"""What the decklist page shows of a checked list: its sections (commander, companion, main
deck, sideboard) with each line's card by both names, linked to its page, and the share
address.

Names follow the page's language: the Italian name first on an Italian page where the card has
one (``names_for_page``), the English one beside it; a card the data names in English only is
marked ``lang="en"`` there.
"""

from dataclasses import dataclass

from django.urls import reverse
from django.utils.http import urlencode
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from common.links import url_maker
from oracle.decks import DeckCheck
from oracle.decks.parse import Section
from oracle.models import is_italian_page, names_for_page

SECTION_TITLES = {
    Section.COMMANDER: _("Commander"),
    Section.COMPANION: _("Companion"),
    Section.MAIN: _("Main deck"),
    Section.SIDEBOARD: pgettext_lazy("decklist", "Sideboard"),
}


@dataclass(frozen=True)
class Row:
    lines: tuple[int, ...]  # the list's lines of this card in this section
    count: int
    name: str  # in the page's language where the card has one
    other_name: str  # in the other language, "" when the same or none
    name_is_english: bool
    url: str
    pin: str  # "(ONS) 344", "" without one
    note: str

    @property
    def line(self) -> int:
        return self.lines[0]


@dataclass(frozen=True)
class Part:
    section: Section
    title: str
    count: int
    rows: list[Row]


def parts(result: DeckCheck) -> list[Part]:
    """The list's sections that have cards, in the order of SECTION_TITLES."""
    card_url = url_maker("cards:card-detail")
    italian_page = is_italian_page()
    found = []
    for section, title in SECTION_TITLES.items():
        lines = result.deck.in_section(section)
        if not lines:
            continue
        rows = []
        for line in lines:
            card = line.card
            name, other = names_for_page(card.name, card.name_it, italian_page)
            pin = line.pin
            rows.append(
                Row(
                    lines=tuple(entry.line for entry in line.entries),
                    count=line.count,
                    name=name,
                    other_name=other,
                    name_is_english=name == card.name,
                    url=card_url(card.slug),
                    pin=f"({pin.set_code}) {pin.number}".strip() if pin else "",
                    note=" ".join(filter(None, [merged_note(line), line.note])),
                )
            )
        found.append(Part(section, str(title), sum(row.count for row in rows), rows))
    return found


def merged_note(line) -> str:
    """Where a card named on several lines comes from: "2 + 1 copies from lines 3 and 4.", ""
    for a card on one line."""
    if not line.also:
        return ""
    numbers = [str(entry.line) for entry in line.entries]
    return _("%(counts)s copies from lines %(lines)s and %(last)s.") % {
        "counts": " + ".join(str(entry.count) for entry in line.entries),
        "lines": ", ".join(numbers[:-1]),
        "last": numbers[-1],
    }


def shared_address(request, view_name: str, result: DeckCheck) -> str:
    """The absolute address of ``view_name`` (the page, the sheet) for this list and format,
    "" when the list is too long for an address."""
    if result.shared is None:
        return ""
    query = urlencode({"format": result.rules.key, "d": result.shared})
    return request.build_absolute_uri(f"{reverse(view_name)}?{query}")
