"""A card's rulings as Scryfall's list of ruling objects (``other_objects.ruling_object``):
``/cards/:id/rulings``, ``/cards/multiverse/:id/rulings``, ``/cards/mtgo/:id/rulings``,
``/cards/arena/:id/rulings`` and ``/cards/:code/:number/rulings``.

The card's own rulings come first, then those about its keywords and its types, each group by
date; English and Italian alike (a ruling's ``lang`` says which). Withdrawn rulings are left out.
With ``?lang=it`` (Oracolo's, not Scryfall's), an English ruling the editors translated comes
in Italian (``rulings.translations.memory.attach_translations``); any ``lang`` but en and it
is a ``bad_request``.
Two queries after the card's lookup, whatever the card; one more in Italian.
"""

from oracle.models import CardFace, joined_name
from rulings.translations.memory import attach_translations
from web.api.card_rulings import card_rulings, unknown_language
from web.api.scryfall.cards import (
    find_by_id,
    find_by_multiverse_id,
    find_by_number,
    find_by_outside_id,
    no_card_with_id,
    no_card_with_number,
)
from web.api.scryfall.identities import LANGUAGES
from web.api.scryfall.other_objects import ruling_object
from web.api.scryfall.responses import answer, api_view, bad_request, not_found
from web.http_caching import page_parameters


def rulings_answer(request, entry, missing: str):
    language = str(request.GET.get("lang", "en")).strip().lower() or "en"
    if language not in LANGUAGES:
        return bad_request(unknown_language(language))
    if entry is None:
        return not_found(missing)
    # The card and its faces (their Italian names fill the translations) in one query.
    faces = list(
        CardFace.objects.filter(card__printings=entry.printing_id)
        .select_related("card")
        .order_by("position")
    )
    card = faces[0].card
    rulings = card_rulings(card)
    if language == "it":
        attach_translations(rulings, joined_name(face.name_it for face in faces) or card.name)
    data = [ruling_object(ruling, card.oracle_id) for ruling in rulings]
    return answer({"object": "list", "has_more": False, "data": data})


@page_parameters("lang")
@api_view("GET")
def rulings_by_id(request, card_id):
    return rulings_answer(request, find_by_id(card_id), no_card_with_id(card_id))


@page_parameters("lang")
@api_view("GET")
def rulings_by_multiverse_id(request, number):
    return rulings_answer(request, find_by_multiverse_id(number), no_card_with_id(number))


@page_parameters("lang")
@api_view("GET")
def rulings_by_outside_id(request, kind, number):
    return rulings_answer(request, find_by_outside_id(kind, number), no_card_with_id(number))


@page_parameters("lang")
@api_view("GET")
def rulings_by_number(request, code, number):
    entry = find_by_number(code, number)
    return rulings_answer(request, entry, no_card_with_number(code, number))
