"""A card's rulings as Scryfall's list of ruling objects (``other_objects.ruling_object``):
``/cards/:id/rulings``, ``/cards/multiverse/:id/rulings``, ``/cards/mtgo/:id/rulings``,
``/cards/arena/:id/rulings`` and ``/cards/:code/:number/rulings``.

The card's own rulings come first, then those about its keywords and its types, each group by
date; English and Italian alike (a ruling's ``lang`` says which). Withdrawn rulings are left out.
"""

from oracle.models import Printing
from rulings.models import Ruling
from web.api.card_rulings import order
from web.api.scryfall.cards import (
    find_by_id,
    find_by_multiverse_id,
    find_by_number,
    find_by_outside_id,
    no_card_with_id,
    no_card_with_number,
)
from web.api.scryfall.other_objects import ruling_object
from web.api.scryfall.responses import answer, api_view, not_found


def rulings_answer(request, entry, missing: str):
    if entry is None:
        return not_found(missing)
    card = Printing.objects.select_related("card").get(pk=entry.printing_id).card
    rulings = Ruling.objects.for_card_page().about_card(card).select_related("keyword", "card_type")
    data = [ruling_object(ruling, card.oracle_id) for ruling in sorted(rulings, key=order)]
    return answer({"object": "list", "has_more": False, "data": data})


@api_view("GET")
def rulings_by_id(request, card_id):
    return rulings_answer(request, find_by_id(card_id), no_card_with_id(card_id))


@api_view("GET")
def rulings_by_multiverse_id(request, number):
    return rulings_answer(request, find_by_multiverse_id(number), no_card_with_id(number))


@api_view("GET")
def rulings_by_outside_id(request, kind, number):
    return rulings_answer(request, find_by_outside_id(kind, number), no_card_with_id(number))


@api_view("GET")
def rulings_by_number(request, code, number):
    entry = find_by_number(code, number)
    return rulings_answer(request, entry, no_card_with_number(code, number))
