"""A card as its page and the card APIs read it: ``Card.objects.for_page()`` (faces, keywords,
printings with their sets and printed faces, errata), and whether it is known from a document
only (``card.document_only``, the rules app's mark: the page shows no legality grid, but the
document's notice). Every way to name a card (its address, a printing's set and number, its
Oracle id, a printing's id: the Scryfall API's card object, which shows that printing alone)
reads it through ``cards_for_page``, in the same queries.
"""

from django.db.models import Exists, OuterRef, Subquery, Value
from django.db.models.functions import Upper

from oracle.models import Card, Printing
from rulings.models import DocumentOnlyCard


def cards_for_page(printings=None):
    """Cards with everything their page shows of the card itself (of their printings, only
    those of the queryset ``printings`` when given)."""
    return Card.objects.for_page(printings).annotate(
        document_only=Exists(DocumentOnlyCard.objects.filter(card=OuterRef("pk")))
    )


def card_for_page(slug: str) -> Card | None:
    """The card whose address is ``slug`` (None if none)."""
    return cards_for_page().filter(slug=slug).first()


def card_for_printing(set_code: str, number: str) -> Card | None:
    """The card printed as ``number`` in the set ``set_code`` (in any case: by the code's
    upper-case index); of two cards printed under one number, the first by name (None if
    none)."""
    printed = Printing.objects.alias(code=Upper("card_set__code")).filter(
        code=Upper(Value(set_code)), collector_number=number
    )
    first = printed.order_by("card__name", "card_id").values("card_id")[:1]
    return cards_for_page().filter(pk=Subquery(first)).first()


def card_by_oracle_id(oracle_id) -> Card | None:
    """The card with this Oracle id (a UUID; None if none)."""
    return cards_for_page().filter(oracle_id=oracle_id).first()


def card_of_printing(printing_id: int) -> Card | None:
    """The card of the printing ``printing_id``, with that printing alone among its printings
    (None if none)."""
    printing = Printing.objects.filter(pk=printing_id)
    return cards_for_page(printings=printing).filter(printings=printing_id).first()
