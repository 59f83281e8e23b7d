"""Rows for the long card tables (search results, a set's cards), built in Python.

A set page can list 1,700 printings. Fetching plain values (no model instances) and computing
each row here, once, keeps such pages fast; templates only print the fields.
"""

from collections import defaultdict
from dataclasses import dataclass

from django.urls import reverse
from django.utils.html import format_html_join
from django.utils.safestring import SafeString

from .models import CardFace, Printing, Rarity, is_italian_page, joined_name, names_for_page
from .rendering import render_mana

PLACEHOLDER = "__placeholder__"
FACE_COLUMNS = ("card_id", "name_it", "mana_cost", "type_line", "type_line_it")


@dataclass(frozen=True)
class CardRow:
    url: str
    name: str
    other_name: str
    mana_cost: SafeString
    type_line: str
    collector_number: str = ""
    rarity: str = ""
    rarity_label: str = ""


def card_rows(cards) -> list[CardRow]:
    """Rows for a page of Card objects (only their pk, name and slug are read)."""
    cards = list(cards)
    faces = _faces_by_card([card.pk for card in cards])
    url = _url_maker("oracle:card-detail")
    italian = is_italian_page()
    return [_row(card.name, url(card.slug), faces[card.pk], italian) for card in cards]


def printing_rows(card_set) -> list[CardRow]:
    """Rows for every printing of a set, in collector-number order."""
    printings = list(
        Printing.objects.filter(card_set=card_set)
        .order_by("sort_number", "collector_number")
        .values_list("collector_number", "rarity", "card_id", "card__name")
    )
    faces = _faces_by_card({card_id for _, _, card_id, _ in printings})
    url = _url_maker("oracle:printing-detail", card_set.code.lower())
    italian = is_italian_page()
    labels = dict(Rarity.choices)
    return [
        _row(
            name,
            url(number),
            faces[card_id],
            italian,
            collector_number=number,
            rarity=rarity,
            rarity_label=labels.get(rarity, rarity),
        )
        for number, rarity, card_id, name in printings
    ]


def _faces_by_card(card_ids) -> dict[int, list[tuple]]:
    faces = defaultdict(list)
    queryset = CardFace.objects.filter(card_id__in=list(card_ids)).order_by("card_id", "position")
    for card_id, *columns in queryset.values_list(*FACE_COLUMNS):
        faces[card_id].append(columns)
    return faces


def _row(name, url, faces, italian, **extra) -> CardRow:
    shown, other = names_for_page(name, joined_name(name_it for name_it, *_ in faces))
    costs = [cost for _, cost, _, _ in faces if cost]
    return CardRow(
        url=url,
        name=shown,
        other_name=other,
        mana_cost=format_html_join(" // ", "{}", ((render_mana(cost),) for cost in costs)),
        type_line=" // ".join(
            type_it if italian and type_it else type_line for _, _, type_line, type_it in faces
        ),
        **extra,
    )


def _url_maker(view_name: str, *fixed):
    """reverse() once, then fill in the value: the same URL without a resolver walk per row."""
    pattern = reverse(view_name, args=[*fixed, PLACEHOLDER])
    return lambda value: pattern.replace(PLACEHOLDER, str(value))
