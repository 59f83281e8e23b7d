"""The parts of a card's page rendered from the card's data (``CardParts``): each face's Oracle
text and each printing's Italian text, with links on their rule numbers
(``web.pages.card.rulings``); each printing's English text as printed compared with today's
Oracle text; the errata; the wording
history; the printings table's rows; the legality grid.

They are made from the rows ``web.pages.card.detail`` reads of the card (the card, its faces,
printings with their sets, printed faces, errata), on every request: the page as a whole is kept by
the page cache, not its parts.
"""

from datetime import date
from functools import cached_property

from django.utils.safestring import SafeString

from oracle.models import Card
from oracle.printed_text import mend_symbols
from oracle.wording_history import wording_history
from web.jinja2 import macro
from web.pages.card.printings import printing_rows
from web.pages.card.rulings import link_rule_numbers
from web.rendering.card_text import render_rules_text
from web.rendering.diff import word_diff


def linked_text(text: str, printed_on: date | None, editions: list) -> SafeString:
    """A card's rules text with its rule numbers as links, to the rules in force on
    ``printed_on`` (None: today's) among the official ``editions``."""
    return link_rule_numbers(render_rules_text(text), printed_on, editions)


def english_diffs(face, printed) -> tuple[SafeString, SafeString]:
    """The printed face's English type line and text compared with today's Oracle ones ("" for
    one it has not)."""
    type_diff = word_diff(printed.original_type, face.type_line) if printed.original_type else ""
    text_diff = (
        word_diff(mend_symbols(printed.original_text), face.oracle_text)
        if printed.original_text
        else ""
    )
    return SafeString(type_diff), SafeString(text_diff)


def errata_markup(card: Card) -> SafeString:
    return macro("cards/_card_errata.html", "errata_section")(card, list(card.errata.all()))


def wording_history_markup(card: Card) -> SafeString:
    return macro("cards/_wording_history.html", "wording_history_section")(wording_history(card))


def legality_markup(card: Card) -> SafeString:
    return macro("cards/_card_legality.html", "legality")(card)


def legality_summary_markup(card: Card) -> SafeString:
    return macro("cards/_card_legality.html", "legality_summary")(card)


def printing_rows_markup(printings, shown) -> list[SafeString]:
    row = macro("cards/_printing_rows.html", "printing_row")
    return [row(each) for each in printing_rows(printings, shown)]


class CardParts:
    """The parts of one card's page (``card_detail.html`` writes them), each rendered when the
    template asks for it."""

    def __init__(self, card: Card, printings: list, shown, rules_editions: list):
        self.card = card
        self.printings = printings  # the card's
        self.shown = shown  # the printing the page shows (None without printings)
        self.rules_editions = rules_editions  # the official ones, for the rule links
        self.printed_on = shown.card_set.release_date if shown else None

    def oracle_text(self, face) -> SafeString:
        return linked_text(face.oracle_text, None, self.rules_editions)

    def printed_text(self, printed) -> SafeString:
        return linked_text(printed.text_it, self.printed_on, self.rules_editions)

    def english_diffs(self, face, printed) -> tuple[SafeString, SafeString]:
        return english_diffs(face, printed)

    @cached_property
    def errata(self) -> SafeString:
        return errata_markup(self.card)

    @cached_property
    def wording_history(self) -> SafeString:
        return wording_history_markup(self.card)

    @cached_property
    def legality(self) -> SafeString:
        return legality_markup(self.card)

    @cached_property
    def legality_summary(self) -> SafeString:
        return legality_summary_markup(self.card)

    @cached_property
    def printing_rows(self) -> list[SafeString]:
        """The printings table's rows, that of the printing shown marked."""
        return printing_rows_markup(self.printings, self.shown)
