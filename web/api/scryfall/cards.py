"""One card by one of its ids: ``/cards/:id`` (the API's id of an English or Italian
printing), ``/cards/:code/:number(/:lang)``, ``/cards/multiverse/:id`` (the English print's or
the Italian print's Gatherer id, which finds that language's card), ``/cards/mtgo/:id`` (its
id or its foil's), ``/cards/arena/:id``, ``/cards/tcgplayer/:id``, ``/cards/cardmarket/:id``."""

from django.db.models import Q
from django.utils.translation import gettext as _

from common.numbers import bounded_number
from oracle.models import Printing
from web.api.scryfall.card_objects import card_object, read_card_object
from web.api.scryfall.identities import LANGUAGES, Addresses, parse_uuid
from web.api.scryfall.printings import Entry, by_ids, loaded
from web.api.scryfall.responses import answer, api_view, not_found
from web.pages.card.detail import card_of_printing

MAX_ID = 2**31 - 1
# The printing's fields each kind of id is looked up in (the path names the kind).
ID_FIELDS = {
    "mtgo": ("mtgo_id", "mtgo_foil_id"),
    "arena": ("arena_id",),
    "tcgplayer": ("tcgplayer_id",),
    "cardmarket": ("cardmarket_id",),
}


def card_objects(request, entries: list[Entry]) -> list[dict]:
    """The card objects of ``entries``, in their order (four queries for all of them)."""
    printings = loaded(entry.printing_id for entry in entries)
    addresses = Addresses.from_request(request)
    return [
        card_object(printings[entry.printing_id], entry.lang, addresses)
        for entry in entries
        if entry.printing_id in printings
    ]


def card_answer(request, entry: Entry | None, missing: str):
    """The card object of ``entry``'s printing, read as the card's page reads its card."""
    card = card_of_printing(entry.printing_id) if entry is not None else None
    if card is None:
        return not_found(missing)
    printing = next(p for p in card.printings.all() if p.pk == entry.printing_id)
    return answer(read_card_object(printing, entry.lang, Addresses.from_request(request)))


def find_by_id(text: str) -> Entry | None:
    key = parse_uuid(text)
    return by_ids([key]).get(key) if key else None


@api_view("GET")
def card_by_id(request, card_id):
    return card_answer(request, find_by_id(card_id), no_card_with_id(card_id))


def find_by_number(code: str, number: str, lang: str = "en") -> Entry | None:
    if lang not in LANGUAGES:
        return None
    printing = (
        Printing.objects.filter(card_set__code__iexact=code, collector_number=number)
        .values_list("pk", "name_it")
        .first()
    )
    if printing is None or (lang == "it" and not printing[1]):
        return None
    return Entry(printing[0], lang)


@api_view("GET")
def card_by_number(request, code, number, lang="en"):
    entry = find_by_number(code, number, lang)
    missing = no_card_with_number(code, number, lang)
    return card_answer(request, entry, missing)


def whole_number(text: str) -> int | None:
    return bounded_number(text, MAX_ID) or None


def find_by_multiverse_id(text: str) -> Entry | None:
    number = whole_number(text)
    if number is None:
        return None
    english = Printing.objects.filter(multiverse_id=number).values_list("pk", flat=True).first()
    if english is not None:
        return Entry(english)
    italian = Printing.objects.filter(multiverse_id_it=number).values_list("pk", flat=True)
    found = italian.first()
    return Entry(found, "it") if found is not None else None


@api_view("GET")
def card_by_multiverse_id(request, number):
    return card_answer(request, find_by_multiverse_id(number), no_card_with_id(number))


def find_by_outside_id(kind: str, text: str) -> Entry | None:
    number = whole_number(text)
    if number is None:
        return None
    condition = Q()
    for field in ID_FIELDS[kind]:
        condition |= Q(**{field: number})
    found = Printing.objects.filter(condition).order_by("pk").values_list("pk", flat=True)
    first = found.first()
    return Entry(first) if first is not None else None


@api_view("GET")
def card_by_outside_id(request, kind, number):
    return card_answer(request, find_by_outside_id(kind, number), no_card_with_id(number))


def no_card_with_id(text) -> str:
    return _("No card has the id “%(id)s”.") % {"id": text}


def no_card_with_number(code, number, lang="en") -> str:
    if lang != "en":
        return _(
            "No card with the collector number %(number)s in the set “%(set)s” is printed in "
            "the language “%(lang)s”."
        ) % {"number": number, "set": code, "lang": lang}
    return _("No card has the collector number %(number)s in the set “%(set)s”.") % {
        "number": number,
        "set": code,
    }
