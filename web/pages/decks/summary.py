"""The list as a tournament decklist shows it: for the first page of the judge's sheet and for
the registration sheet.

Each section (commander, companion, main deck, sideboard) lists each card once with the copies
of every line that names it added up (``2 Sussulto // Turbolenza`` and ``1 turbolenza`` are one
row of 3), in the order the list first names it, and counts its cards: a 60-card main deck is
"60 cards", however many different cards it holds. The details a decklist asks for (player,
event, date, deck designer) come from ``SheetDetailsForm``: the judge or the player fills them
on the sheet's page, and they are printed on blank lines where they are empty. A list that
names its player on a line of its own ("Player: Mario Rossi", "Giocatore: …": read by
``oracle.decks.parse``, never an unread line) gives the player's name when the form does not.
"""

from dataclasses import dataclass

from django import forms
from django.utils.translation import gettext_lazy as _

from oracle.decks import DeckCheck
from oracle.decks.parse import Section
from oracle.models import is_italian_page, names_for_page
from web.pages.decks.listing import SECTION_TITLES


@dataclass
class SummaryRow:
    count: int
    name: str  # in the page's language where the card has one
    other_name: str  # in the other language, "" when the same or none
    name_is_english: bool
    english_name: str  # as an English decklist writes it ("Delver of Secrets", "Fire // Ice")


@dataclass
class SummarySection:
    section: Section
    title: str
    rows: list[SummaryRow]

    @property
    def total(self) -> int:
        return sum(row.count for row in self.rows)


def summary_sections(result: DeckCheck) -> list[SummarySection]:
    """The list's sections that have cards, each card once with its copies added up; the main
    deck and the sideboard always (a decklist has both, "0 cards" when empty)."""
    italian_page = is_italian_page()
    found = []
    for section, title in SECTION_TITLES.items():
        rows: dict[int, SummaryRow] = {}
        for line in result.deck.in_section(section):
            card = line.card
            row = rows.get(card.id)
            if row is None:
                english = card.list_name
                name, other = names_for_page(english, card.list_name_it, italian_page)
                rows[card.id] = SummaryRow(0, name, other, name == english, english)
                row = rows[card.id]
            row.count += line.count
        if rows or section in (Section.MAIN, Section.SIDEBOARD):
            found.append(SummarySection(section, str(title), list(rows.values())))
    return found


class SheetDetailsForm(forms.Form):
    """What a decklist asks beside the cards; every field may stay empty (a blank line)."""

    player = forms.CharField(label=_("Player’s name"), max_length=80, required=False)
    event = forms.CharField(label=_("Event"), max_length=80, required=False)
    day = forms.CharField(label=_("Date"), max_length=40, required=False)
    designer = forms.CharField(label=_("Deck designer"), max_length=80, required=False)


def sheet_details(request, result: DeckCheck) -> SheetDetailsForm:
    """The details as sent with the list (posted, or in the sheet's address); the player's
    name from the list's own line when none was sent."""
    data = request.POST if request.method == "POST" else request.GET
    fields = SheetDetailsForm.base_fields
    values = {name: str(data.get(name, "")) for name in fields}
    if result.deck.player and not values["player"].strip():
        values["player"] = result.deck.player
    return SheetDetailsForm(values)
