"""Scryfall's card object, for one printing in one language (``printings.Entry``).

Fields follow Scryfall's documentation, with its types: what the data holds is given, what
it does not is left out where Scryfall marks the field optional, and takes Scryfall's
documented default where the field is required (``prices`` all null, ``highres_image``
false). An Italian printing (``lang: "it"``) has its own id (``identities``), the Italian
``printed_name``, ``printed_type_line`` and ``printed_text``, the Italian flavour text, and
the Italian print's multiverse id and picture.

Multi-face cards follow Scryfall's shape: faces with a picture of their own (transforming and
modal double-faced cards, ...) carry their colours, mana cost and picture on each face and
none at the top; other multi-face cards (split, flip, adventure) have the whole card's cost
("{1}{R} // {2}{U}"), colours and picture at the top and the faces' words in ``card_faces``.
"""

import functools
from decimal import Decimal
from urllib.parse import quote, quote_plus

from django.conf import settings
from django.urls import reverse
from django.utils import translation

from oracle.models import COLOR_ORDER
from web.api.scryfall.identities import Addresses, printing_id, set_id
from web.pages.card.images import TWO_PICTURES, italian_image_url

# Every format key of Scryfall's legalities object, in its order; the data's other keys follow.
FORMATS = (
    "standard", "future", "historic", "timeless", "gladiator", "pioneer", "explorer", "modern",
    "legacy", "pauper", "vintage", "penny", "commander", "oathbreaker", "standardbrawl",
    "brawl", "historicbrawl", "alchemy", "paupercommander", "duel", "oldschool", "premodern",
    "predh",
)  # fmt: skip
IMAGE_SIZES = ("small", "normal", "large", "png", "art_crop", "border_crop")
PRICES = ("usd", "usd_foil", "usd_etched", "eur", "eur_foil", "tix")
GATHERER = "https://gatherer.wizards.com/Pages/Card/Details.aspx?multiverseid={}"
# What reverse() leaves unquoted in a path part (RFC 3986 sub-delimiters, "~", ":" and "@").
PATH_SAFE = "!$&'()*+,;=~:@"


def card_object(printing, lang: str, addresses: Addresses) -> dict:
    """The card object of ``printing`` (as ``printings.loaded`` reads it: the faces, the
    keywords' names and the printed faces as lists) in ``lang``."""
    card = printing.card
    return card_object_of(printing, card.faces, card.keywords, printing.faces, lang, addresses)


def read_card_object(printing, lang: str, addresses: Addresses) -> dict:
    """The card object of ``printing``, one of the printings of a card read as its page reads
    it (``web.pages.card.detail``), in ``lang``."""
    card = printing.card
    return card_object_of(
        printing,
        list(card.faces.all()),
        [keyword.name for keyword in card.keywords.all()],
        printing.printed_faces,
        lang,
        addresses,
    )


def card_object_of(printing, faces, keywords, printed_faces, lang, addresses) -> dict:
    card = printing.card
    card_set = printing.card_set
    printed = {pf.face_id: pf for pf in printed_faces}
    italian = lang == "it"
    key = printing_id(printing, lang)
    code = card_set.code.lower()
    pictures_on_faces = len(faces) > 1 and printing.layout in TWO_PICTURES
    obj = {"object": "card", "id": str(key), "oracle_id": str(card.oracle_id)}
    multiverse_id = printing.multiverse_id_it if italian else printing.multiverse_id
    obj["multiverse_ids"] = [multiverse_id] if multiverse_id else []
    for field in ("mtgo_id", "mtgo_foil_id", "arena_id", "tcgplayer_id", "cardmarket_id"):
        if getattr(printing, field) is not None:
            obj[field] = getattr(printing, field)
    obj["lang"] = lang
    obj["name"] = card.name
    if italian:
        obj["printed_name"] = _italian_name(printing, faces, printed)
    obj["layout"] = printing.layout or card.layout
    obj["highres_image"] = False
    images = _images(printing, italian, back=False)
    obj["image_status"] = "lowres" if images else "missing"
    if images and not pictures_on_faces:
        obj["image_uris"] = images
    if not pictures_on_faces:
        obj["mana_cost"] = " // ".join(face.mana_cost for face in faces)
    obj["cmc"] = _number(card.mana_value)
    obj["type_line"] = " // ".join(face.type_line for face in faces)
    if len(faces) == 1:
        face = faces[0]
        words = printed.get(face.pk)
        if italian:
            obj["printed_type_line"] = words.type_line_it if words else face.type_line_it
        obj["oracle_text"] = face.oracle_text
        if italian:
            obj["printed_text"] = words.text_it if words else face.printed_text_it
        obj.update(_numbers(face))
    if not pictures_on_faces:
        obj["colors"] = _colors(card.colors)
        if len(faces) == 1 and faces[0].color_indicator:
            obj["color_indicator"] = _colors(faces[0].color_indicator)
    obj["color_identity"] = _colors(card.color_identity)
    obj["keywords"] = list(keywords)
    if len(faces) > 1:
        obj["card_faces"] = [
            _face_object(face, printed.get(face.pk), printing, italian, pictures_on_faces)
            for face in faces
        ]
    obj["legalities"] = _legalities(card.legalities)
    obj["games"] = _games(printing)
    obj["reserved"] = card.is_reserved
    finishes = [finish for finish in printing.finishes.split(",") if finish]
    obj["foil"] = "foil" in finishes
    obj["nonfoil"] = "nonfoil" in finishes
    obj["finishes"] = finishes
    obj["oversized"] = printing.is_oversized
    obj["promo"] = printing.is_promo
    obj["reprint"] = printing.is_reprint
    obj["variation"] = printing.is_variation
    obj["set_id"] = str(set_id(code))
    obj["set"] = code
    obj["set_name"] = card_set.name
    obj["set_type"] = card_set.set_type
    obj["set_uri"] = addresses.api(f"sets/{set_id(code)}")
    obj["set_search_uri"] = search_uri(addresses, f"e:{code}", order="set")
    obj["scryfall_set_uri"] = addresses.page(page_path("en", code))
    obj["rulings_uri"] = addresses.api(f"cards/{key}/rulings")
    obj["prints_search_uri"] = search_uri(addresses, f"oracleid:{card.oracle_id}")
    obj["collector_number"] = printing.collector_number
    obj["digital"] = printing.is_online_only
    obj["rarity"] = printing.rarity
    if len(faces) == 1:
        flavor = _flavor(printed.get(faces[0].pk), italian)
        if flavor:
            obj["flavor_text"] = flavor
    if printing.artist:
        obj["artist"] = printing.artist
    if printing.illustration_id and not pictures_on_faces:
        obj["illustration_id"] = str(printing.illustration_id)
    obj["border_color"] = printing.border_color or "black"
    obj["frame"] = printing.frame_version
    if printing.frame_effects:
        obj["frame_effects"] = printing.frame_effects.split(",")
    if printing.security_stamp:
        obj["security_stamp"] = printing.security_stamp
    obj["full_art"] = printing.is_full_art
    obj["textless"] = printing.is_textless
    obj["booster"] = printing.in_booster
    obj["story_spotlight"] = printing.is_story_spotlight
    if card.edhrec_rank is not None:
        obj["edhrec_rank"] = card.edhrec_rank
    if printing.watermark:
        obj["watermark"] = printing.watermark
    obj["prices"] = dict.fromkeys(PRICES)
    obj["related_uris"] = {"gatherer": GATHERER.format(multiverse_id)} if multiverse_id else {}
    obj["released_at"] = card_set.release_date.isoformat() if card_set.release_date else None
    obj["uri"] = addresses.api(f"cards/{key}")
    obj["scryfall_uri"] = addresses.page(page_path(lang, code, printing.collector_number))
    return obj


def search_uri(addresses: Addresses, query: str, order: str = "released") -> str:
    # What urlencode({"order": ..., "q": ..., "unique": "prints"}) gives, quoting only the
    # query: two of these per card made a sixth of a search's time.
    return f"{addresses.api('cards/search')}?order={order}&q={quote_plus(query)}&unique=prints"


def _face_object(face, words, printing, italian, with_picture) -> dict:
    obj = {"object": "card_face", "name": face.name}
    if italian:
        obj["printed_name"] = (words.name_it if words else "") or face.name_it or face.name
    obj["mana_cost"] = face.mana_cost
    obj["type_line"] = face.type_line
    if italian:
        obj["printed_type_line"] = (words.type_line_it if words else "") or face.type_line_it
    obj["oracle_text"] = face.oracle_text
    if italian:
        obj["printed_text"] = (words.text_it if words else "") or face.printed_text_it
    if with_picture:
        obj["colors"] = _colors(face.colors)
    if face.color_indicator:
        obj["color_indicator"] = _colors(face.color_indicator)
    obj.update(_numbers(face))
    flavor = _flavor(words, italian)
    if flavor:
        obj["flavor_text"] = flavor
    if printing.artist:
        obj["artist"] = printing.artist
    if with_picture:
        if printing.illustration_id:
            obj["illustration_id"] = str(printing.illustration_id)
        images = _images(printing, italian, back=face.position > 0)
        if images:
            obj["image_uris"] = images
    return obj


def _italian_name(printing, faces, printed) -> str:
    names = [(printed[f.pk].name_it if f.pk in printed else "") or f.name_it for f in faces]
    if len(faces) > 1 and all(names):
        return " // ".join(names)
    return printing.name_it or " // ".join(
        name or f.name for name, f in zip(names, faces, strict=True)
    )


def _numbers(face) -> dict:
    numbers = {}
    for field in ("power", "toughness", "loyalty", "defense", "hand_modifier", "life_modifier"):
        value = getattr(face, field)
        if value:
            numbers[field] = value
    return numbers


def _flavor(words, italian) -> str:
    if words is None:
        return ""
    return words.flavor_text_it if italian else words.flavor_text


def _images(printing, italian, back) -> dict:
    if italian and printing.multiverse_id_it:
        return {
            size: italian_image_url(printing.multiverse_id_it, back, size) for size in IMAGE_SIZES
        }
    if not printing.scryfall_id:
        return {}
    key = str(printing.scryfall_id)
    side = "back" if back else "front"
    base = settings.CARD_IMAGE_URL
    return {
        size: f"{base}/{size}/{side}/{key[0]}/{key[1]}/{key}.{'png' if size == 'png' else 'jpg'}"
        for size in IMAGE_SIZES
    }


def _colors(letters: str) -> list[str]:
    return [letter for letter in COLOR_ORDER if letter in letters]


def _legalities(legalities: dict) -> dict:
    statuses = {key: str(value).lower().replace(" ", "_") for key, value in legalities.items()}
    result = {key: statuses.get(key, "not_legal") for key in FORMATS}
    result.update({key: value for key, value in statuses.items() if key not in result})
    return result


def _games(printing) -> list[str]:
    games = [] if printing.is_online_only else ["paper"]
    if printing.arena_id:
        games.append("arena")
    if printing.mtgo_id or printing.mtgo_foil_id:
        games.append("mtgo")
    return games


@functools.cache
def _page_prefixes(lang: str) -> tuple[str, str]:
    """The paths of a set's page and of a printing's page in ``lang``, with room for the code
    and the number (``reverse`` once per language, not once per card)."""
    with translation.override(lang):
        set_page = reverse("cards:set-detail", args=["CODE"])
        printing_page = reverse("cards:printing-detail", args=["CODE", "NUMBER"])
    return set_page, printing_page


def page_path(lang: str, code: str, number: str | None = None) -> str:
    """Oracolo's page of the set ``code``, or of its printing ``number``, in ``lang``."""
    set_page, printing_page = _page_prefixes(lang)
    if number is None:
        return set_page.replace("CODE", quote(code, safe=""))
    return printing_page.replace("CODE", quote(code, safe="")).replace(
        "NUMBER", quote(number, safe=PATH_SAFE)
    )


def _number(value: Decimal) -> float:
    return float(value)
