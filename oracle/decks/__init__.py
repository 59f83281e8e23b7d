"""Decklists: a list as players write it, in Italian or English, read, resolved to cards,
checked against a format and written out for registration.

    result = check_list("4 Angelo Eminente\\n...", "legacy")
    result.deck.lines        # each card once a section, resolved (``resolve.DeckLine``),
                             # its lines' copies summed
    result.deck.unresolved   # each line that is not, with suggestions
    result.problems          # [Problem("banned", "Dread Return", "...")]
    result.exports["mtgo"]   # also "arena", "italian"; None when refused for unread lines

Four steps, one module each: ``parse`` (lines -> entries with their line numbers and sections),
``resolve`` (names -> cards, through the name index), ``checks`` with ``rules`` (the format's
rules and the card data's legalities) and ``export``. ``sharing`` packs a list into an address,
``files`` reads an uploaded one, ``limits`` says how much is read. The pages, the judge's sheet
and the API are the web app's (``web.views.decks``, ``web.pages.decks``, ``web.api.decks``).
"""

from dataclasses import dataclass
from functools import cached_property

from django.utils.translation import gettext as _

from oracle.decks import export, sharing
from oracle.decks.checks import Problem, arrange, check
from oracle.decks.parse import ListError, parse_list
from oracle.decks.resolve import Deck, resolve
from oracle.decks.rules import OFFERED, DeckRules, rules_for

__all__ = ["DeckCheck", "ListError", "OFFERED", "Problem", "check_list", "rules_or_error"]


@dataclass
class DeckCheck:
    text: str  # the list as given
    rules: DeckRules
    deck: Deck  # arranged for the format
    problems: list[Problem]

    @property
    def legal(self) -> bool:
        return not self.problems

    @cached_property
    def exports(self) -> dict[str, str | None]:
        """Each export's text; None for one refused while lines are not read (``export``)."""
        return export.written(self.deck)

    @cached_property
    def export_notes(self) -> dict[str, str]:
        """What each export does with the lines not read, in words ({} when all are read)."""
        return export.notes(self.deck)

    @cached_property
    def shared(self) -> str | None:
        """The list packed for its address (``sharing``), None when it is too long for one."""
        return sharing.encode(self.text)


def rules_or_error(format_key: str) -> DeckRules:
    rules = rules_for(format_key)
    if rules is None:
        raise ListError(
            _("No format is called “%(format)s”: one of %(formats)s.")
            % {"format": format_key, "formats": ", ".join(OFFERED)}
        )
    return rules


def check_list(text: str, format_key: str) -> DeckCheck:
    """The list read, resolved and checked (ListError when the list cannot be read at all or
    the format is unknown)."""
    rules = rules_or_error(format_key)
    if not text.strip():
        raise ListError(_("The list is empty: paste a list or choose a file."))
    deck = arrange(resolve(parse_list(text)), rules).merged()
    return DeckCheck(text, rules, deck, check(deck, rules))
