"""``/sets``, ``/sets/:code`` and ``/sets/:id``: Scryfall's set objects
(``other_objects.set_object``), newest first as Scryfall lists them."""

from django.db.models import Count
from django.utils.translation import gettext as _

from oracle.models import CardSet
from web.api.scryfall.identities import Addresses, parse_uuid, set_id
from web.api.scryfall.other_objects import set_object
from web.api.scryfall.responses import answer, api_view, not_found


def counted_sets():
    return CardSet.objects.select_related("parent").annotate(card_count=Count("printings"))


@api_view("GET")
def set_list(request):
    addresses = Addresses.from_request(request)
    data = [
        set_object(card_set, card_set.card_count, addresses)
        for card_set in counted_sets().order_by("-release_date", "code")
    ]
    return answer({"object": "list", "has_more": False, "data": data})


@api_view("GET")
def set_detail(request, key):
    sets = counted_sets()
    wanted = parse_uuid(key)
    if wanted is not None:
        codes = {set_id(code): code for code in CardSet.objects.values_list("code", flat=True)}
        card_set = sets.filter(code=codes[wanted]).first() if wanted in codes else None
    else:
        card_set = sets.filter(code__iexact=key).first()
    if card_set is None:
        return not_found(_("No set has the code or id “%(key)s”.") % {"key": key})
    return answer(set_object(card_set, card_set.card_count, Addresses.from_request(request)))
