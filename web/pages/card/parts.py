"""The data of a card page's parts that the card's template renders with its partials: the
legality grid (``cards/_card_legality.html``), the wording history
(``cards/_wording_history.html``), the printings table's rows (``cards/_printing_rows.html``)
and the edition whose rules the printed Italian text's rule numbers open.

They are made from the rows ``web.pages.card.detail`` reads of the card (the card, its faces,
printings with their sets, printed faces, errata), on every request: the page as a whole is kept by
the page cache, not its parts.
"""

from datetime import date

from django.utils.safestring import SafeString

from oracle.models import Card, is_italian_page
from oracle.wording_history import wording_history
from web.pages.card.printings import printing_rows
from web.pages.card.rulings import linked_edition
from web.pages.type_lines import ItalianTypeLines
from web.rendering.markup import rules_text


def card_parts(
    card: Card, printings: list, shown, rules_editions: list, data_date: date | None
) -> dict:
    """The context of the parts of ``card``'s page showing the printing ``shown`` (None
    without printings); ``rules_editions``: the official ones; ``data_date``: the card data's
    (the wording history ends with the box's wording in force)."""
    printed_on = shown.card_set.release_date if shown else None
    return {
        "legality_rows": card.legality_grid,
        "wording_history": wording_history(card, data_date),
        "printing_rows": printing_rows(printings, shown),
        "printed_rules_edition": linked_edition(printed_on, rules_editions),
        # For a face this printing has no Italian text of.
        "italian_type_line": ItalianTypeLines(read_now=True) if is_italian_page() else None,
    }


def linked_text(text: str, printed_on: date | None, editions: list) -> SafeString:
    """A card's rules text with its rule numbers as links, to the rules in force on
    ``printed_on`` (None: today's) among the official ``editions``."""
    return rules_text(text, rule_links=True, edition=linked_edition(printed_on, editions))
