"""Card pictures, and a printing's pages on Scryfall and Gatherer: every outside address the
pages show is built here, from ids the MTGJSON import stores.

English picture, by the printing's Scryfall id (MTGJSON ``identifiers.scryfallId``,
``Printing.scryfall_id``), from Scryfall's image server::

    {CARD_IMAGE_URL}/{size}/{front|back}/{id[0]}/{id[1]}/{id}.jpg
    https://cards.scryfall.io/normal/front/6/d/6da045f8-6278-4c84-9d39-025adf0789c1.jpg

Italian picture, by the Italian print's multiverse id (Gatherer's id of that print, which
MTGJSON gives in the card's ``foreignData`` entry for Italian; ``Printing.multiverse_id_it``),
through Scryfall's API, which answers with a redirect to that print's picture::

    {CARD_IMAGE_API_URL}/cards/multiverse/{id}?format=image&version=normal[&face=back]

Scryfall holds most, not all, Italian prints: when it has none, the English picture takes its
place in the browser (``static/js/card-images.js`` reads ``data-fallback-src``); when no picture
loads at all, the frame's text stays (``static/css/images.css``).

The ``normal`` size is 488 × 680 pixels; pages give those sizes to every ``<img>``, so nothing
moves when the picture arrives. With ``CARD_IMAGES = "off"`` there are no pictures at all.

Pages: Scryfall's page of a printing is ``https://scryfall.com/card/{set}/{number}`` (its
permanent address by set and collector number, shown for printings that have a Scryfall id);
Gatherer's is ``https://gatherer.wizards.com/Pages/Card/Details.aspx?multiverseid={id}``, the
Italian print's on Italian pages when its id is known.
"""

from dataclasses import dataclass
from urllib.parse import quote, urlencode

from django.conf import settings

from oracle.models import Layout, is_italian_page

WIDTH, HEIGHT = 488, 680  # Scryfall's "normal" size
SIZE = "normal"
# Printed layouts whose back is a second card face, with a picture of its own.
TWO_PICTURES = {
    Layout.TRANSFORM,
    Layout.MODAL_DFC,
    Layout.REVERSIBLE_CARD,
    Layout.DOUBLE_FACED_TOKEN,
}
SCRYFALL_PAGE = "https://scryfall.com/card/{set}/{number}"
GATHERER_PAGE = "https://gatherer.wizards.com/Pages/Card/Details.aspx?multiverseid={id}"


@dataclass(frozen=True)
class CardImage:
    url: str
    alt: str  # the face's name in the page's language
    language: str  # of the picture: "it" or "en"
    fallback_url: str = ""  # the English picture, when ``url`` is an Italian one
    back: bool = False
    width: int = WIDTH
    height: int = HEIGHT


def images_enabled() -> bool:
    return settings.CARD_IMAGES != "off"


def english_image_url(scryfall_id, back=False, size=SIZE) -> str:
    key = str(scryfall_id)
    side = "back" if back else "front"
    return f"{settings.CARD_IMAGE_URL}/{size}/{side}/{key[0]}/{key[1]}/{key}.jpg"


def italian_image_url(multiverse_id, back=False, size=SIZE) -> str:
    query = {"format": "image", "version": size} | ({"face": "back"} if back else {})
    return f"{settings.CARD_IMAGE_API_URL}/cards/multiverse/{multiverse_id}?{urlencode(query)}"


def printing_images(scryfall_id, multiverse_id_it, layout, names, front_only=False):
    """The pictures of one printing for the page's language, front first: the Italian print's
    on an Italian page when its multiverse id is known (with the English one to fall back to),
    else the English one. ``names`` are the faces' names in the page's language, front first
    (one name for a card with one picture). Empty when pictures are off or none is known."""
    italian = is_italian_page() and multiverse_id_it
    if not images_enabled() or not (scryfall_id or italian):
        return []
    sides = [False, True] if layout in TWO_PICTURES and not front_only else [False]
    images = []
    for back in sides:
        english = english_image_url(scryfall_id, back) if scryfall_id else ""
        alt = names[min(int(back), len(names) - 1)] if names else ""
        if italian:
            url = italian_image_url(multiverse_id_it, back)
            images.append(CardImage(url, alt, "it", fallback_url=english, back=back))
        else:
            images.append(CardImage(english, alt, "en", back=back))
    return images


def picture_printing(printings, shown=None, chosen=False):
    """Which printing's picture a card page shows: the printing of a printing page (``chosen``);
    else, on Italian pages, the printing whose Italian text the page shows if it has an Italian
    picture, or the newest other one that has; else the newest printing that is not a promo,
    or failing that the newest, with a picture. ``printings`` come newest first."""
    if chosen:
        return shown
    with_picture = [p for p in printings if p.scryfall_id]
    if is_italian_page():
        if shown is not None and shown.multiverse_id_it and shown.scryfall_id:
            return shown
        italian = [p for p in with_picture if p.multiverse_id_it]
        regular = [p for p in italian if not p.is_promo]
        if regular or italian:
            return (regular or italian)[0]
    regular = [p for p in with_picture if not p.is_promo]
    return next(iter(regular or with_picture), None)


def card_page_images(card, printing, faces) -> list[CardImage]:
    """The pictures of ``printing`` on its card's page; ``faces`` are the card's faces in order."""
    if printing is None:
        return []
    two = printing.layout in TWO_PICTURES
    if two:
        printed = {pf.face_id: pf for pf in printing.printed_faces}
        names = [face_name(face, printed.get(face.pk)) for face in faces[:2]]
    else:
        names = [card.display_name]
    return printing_images(printing.scryfall_id, printing.multiverse_id_it, printing.layout, names)


def face_name(face, printed) -> str:
    if is_italian_page() and printed is not None and printed.name_it:
        return printed.name_it
    return face.display_name


def scryfall_page(printing) -> str:
    """The printing's page on Scryfall; "" for a printing Scryfall does not know."""
    if not printing.scryfall_id:
        return ""
    return SCRYFALL_PAGE.format(
        set=quote(printing.card_set.code.lower()), number=quote(printing.collector_number)
    )


def gatherer_page(printing, italian=None) -> str:
    """The printing's page on Gatherer, in Italian on Italian pages when Gatherer has it
    (``italian``: whether the page is Italian, when already asked)."""
    if italian is None:
        italian = is_italian_page()
    multiverse_id = (italian and printing.multiverse_id_it) or printing.multiverse_id
    return GATHERER_PAGE.format(id=multiverse_id) if multiverse_id else ""
