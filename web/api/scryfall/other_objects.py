"""Scryfall's set and ruling objects.

A set's id is made from its code (``identities.set_id``); its ``card_count`` counts the
printings the data holds of it (a sample may hold a few of a set's cards); ``name_it``, beside
Scryfall's fields, is its Italian name where it has one.

A ruling's ``source`` is ``"wotc"`` for what Wizards of the Coast published (the rulings of
the card data and of the release notes and FAQs) and ``"oracolo"`` for one an editor wrote
here. Beside Scryfall's fields: ``lang`` ("en" or "it", the ruling's language), ``about``
("card", or "keyword" and "type" for a ruling about one of the card's keywords or types, with
its name in ``keyword`` or ``type``) and ``status`` ("current" or "outdated"). An English
ruling the editors translated, asked for in Italian, has the Italian as its ``comment``, ``lang``
"it", and the English in ``comment_en``, with ``translated_by`` ("oracolo") and
``translated_on`` (the day the translation was approved).
"""

from rulings.models import Ruling
from web.api.card_rulings import about, translation_credit
from web.api.scryfall.identities import Addresses, set_id

SET_ICON = "https://svgs.scryfall.io/sets/{}.svg"


def set_object(card_set, card_count: int, addresses: Addresses) -> dict:
    code = card_set.code.lower()
    obj = {
        "object": "set",
        "id": str(set_id(code)),
        "code": code,
        "name": card_set.name,
    }
    if card_set.name_it:
        obj["name_it"] = card_set.name_it
    obj["uri"] = addresses.api(f"sets/{code}")
    obj["scryfall_uri"] = addresses.page(card_set.get_absolute_url())
    obj["search_uri"] = (
        addresses.api("cards/search") + f"?include_extras=true&order=set&q=e%3A{code}&unique=prints"
    )
    obj["released_at"] = card_set.release_date.isoformat() if card_set.release_date else None
    obj["set_type"] = card_set.set_type
    obj["card_count"] = card_count
    if card_set.base_size:
        obj["printed_size"] = card_set.base_size
    obj["digital"] = card_set.is_online_only
    obj["nonfoil_only"] = False
    obj["foil_only"] = False
    if card_set.block:
        obj["block"] = card_set.block
    if card_set.parent_id:
        obj["parent_set_code"] = card_set.parent.code.lower()
    obj["icon_svg_uri"] = SET_ICON.format(card_set.symbol_code)
    return obj


def ruling_object(ruling, oracle_id) -> dict:
    italian = getattr(ruling, "italian", "")
    obj = {
        "object": "ruling",
        "oracle_id": str(oracle_id),
        "source": "oracolo" if ruling.origin == Ruling.Origin.EDITOR else "wotc",
        "published_at": ruling.date.isoformat(),
        "comment": italian or ruling.text,
        "lang": "it" if italian else ruling.language,
    }
    if italian:
        obj |= translation_credit(ruling, "comment_en")
    obj |= {**about(ruling), "status": ruling.status}
    return obj
