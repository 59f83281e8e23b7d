"""The queries behind the long tables' rows (``web.pages.lists.rows``): a few plain columns of
many faces and printings, read as values (``values_list``), never as model instances.
"""

from django.db.models import F

from oracle.models import CardFace, Layout, Printing

# What a printing's picture is chosen and shown by (``card_images``).
PICTURE_FIELDS = ("scryfall_id", "multiverse_id_it", "is_promo", "layout")


def faces_of_cards(card_ids: list[int]):
    """(card id, name_it, mana_cost, type_line, type_line_it) of each face, by card, in order."""
    faces = CardFace.objects.filter(card_id__in=card_ids).order_by("card_id", "position")
    return faces.values_list("card_id", "name_it", "mana_cost", "type_line", "type_line_it")


def sets_of_cards(card_ids: list[int]):
    """(card id, set code, keyrune code, set name, set name_it, collector number, rarity,
    scryfall id, multiverse_id_it, is_promo, layout) of each printing, by card, newest set
    first (sets without a date last), then in the set's order: the first row of a (card, set)
    is the card as printed in that set, what the image view chooses a card's picture by."""
    printings = Printing.objects.filter(card_id__in=card_ids).order_by(
        "card_id",
        F("card_set__release_date").desc(nulls_last=True),
        "card_set__code",
        "sort_number",
        "collector_number",
    )
    return printings.values_list(
        "card_id",
        "card_set__code",
        "card_set__keyrune_code",
        "card_set__name",
        "card_set__name_it",
        "collector_number",
        "rarity",
        *PICTURE_FIELDS,
    )


def printings_of_set(card_set_id: int, pictures: bool = False):
    """(printing id, then the face's name_it, mana_cost, type_line, type_line_it, then the
    printing's collector number, rarity, card name, and with ``pictures`` scryfall id,
    multiverse_id_it, is_promo, layout): one row per face of each printing's card (a card
    without faces: one row of None for them), printings in collector-number order; art-series
    objects are no cards and are left out."""
    printings = (
        Printing.objects.filter(card_set_id=card_set_id)
        .exclude(layout=Layout.ART_SERIES)
        .order_by("sort_number", "collector_number", "pk", "card__faces__position")
    )
    return printings.values_list(
        "pk",
        "card__faces__name_it",
        "card__faces__mana_cost",
        "card__faces__type_line",
        "card__faces__type_line_it",
        "collector_number",
        "rarity",
        "card__name",
        *(PICTURE_FIELDS if pictures else ()),
    )
