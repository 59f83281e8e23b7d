"""Rows for the long tables (search results, a set's cards, the sets), built from plain values.

A set page can list 1,700 printings. Fetching plain values (no model instances) and computing
each row here, once, keeps such pages fast; the Jinja2 partials only print the fields
(``templates/jinja2/oracle/``: ``_card_rows.html``, ``_set_card_rows.html``, ``_set_rows.html``).
A page of rows costs the same few queries whatever it holds: one for the faces, one for the
printings.
"""

from collections import defaultdict
from dataclasses import dataclass

from django.db.models import Count, F, QuerySet
from django.utils.html import format_html_join
from django.utils.safestring import SafeString
from django.utils.translation import ngettext

from .card_images import CardImage, picture_printing, printing_images
from .dates import long_date
from .links import url_maker, url_maker2
from .models import (
    CardFace,
    CardSet,
    Layout,
    Printing,
    Rarity,
    is_italian_page,
    joined_name,
    names_for_page,
)
from .rendering import render_mana

FACE_COLUMNS = ("card_id", "name_it", "mana_cost", "type_line", "type_line_it")
PRINTING_COLUMNS = (
    "card_id",
    "card_set__code",
    "card_set__keyrune_code",
    "card_set__name",
    "card_set__name_it",
    "collector_number",
    "rarity",
    "scryfall_id",
    "multiverse_id_it",
    "is_promo",
    "layout",
)
# A result row shows the newest sets a card is in, up to this many, then "+N more".
SETS_SHOWN = 5


@dataclass(frozen=True)
class SetLink:
    """A set symbol and code linking to the card as printed in that set."""

    url: str
    code: str
    symbol: str
    rarity: str
    set_name: str  # in the page's language


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
    sets: tuple[SetLink, ...] = ()  # the newest SETS_SHOWN
    more_sets: int = 0  # how many other sets the card is in
    more_sets_text: str = ""  # "+3 more sets", in the page's language
    image: CardImage | None = None  # the front's picture, for the image view


@dataclass(frozen=True)
class SetPrinting:
    """A card's first printing in one set, as the result rows and the JSON API show it."""

    code: str
    symbol: str
    name: str
    name_it: str
    collector_number: str
    rarity: str
    scryfall_id: object = None  # (a UUID) the printing's picture, for the image view
    multiverse_id_it: int | None = None
    is_promo: bool = False
    layout: str = ""


def card_rows(cards, with_sets=False, with_images=False) -> list[CardRow]:
    """Rows for a page of Card objects (only their pk, name and slug are read); with_sets adds
    the set symbols and codes of each card's printings, newest first; with_images, each card's
    picture (``card_images.picture_printing`` chooses the printing)."""
    cards = list(cards)
    ids = [card.pk for card in cards]
    faces = faces_by_card(ids)
    sets = sets_by_card(ids) if with_sets or with_images else {}
    url = url_maker("oracle:card-detail")
    printing_url = url_maker2("oracle:printing-detail")
    italian = is_italian_page()
    rows = []
    for card in cards:
        card_sets = sets.get(card.pk, [])
        more_sets = max(len(card_sets) - SETS_SHOWN, 0)
        rows.append(
            _row(
                card.name,
                url(card.slug),
                faces[card.pk],
                italian,
                sets=_set_links(card_sets[:SETS_SHOWN], italian, printing_url),
                more_sets=more_sets,
                more_sets_text=(
                    ngettext("+%(n)s more set", "+%(n)s more sets", more_sets) % {"n": more_sets}
                    if more_sets
                    else ""
                ),
                picture=picture_printing(card_sets) if with_images else None,
            )
        )
    return rows


def printing_rows(card_set, with_images=False) -> list[CardRow]:
    """Rows for every printing of a set, in collector-number order; with_images, each
    printing's picture."""
    # The picture's columns only for pictures: a set's 1,700 Scryfall ids are 1,700 UUIDs made.
    picture_columns = ("scryfall_id", "multiverse_id_it", "layout") if with_images else ()
    printings = list(
        Printing.objects.filter(card_set=card_set)
        .exclude(layout=Layout.ART_SERIES)  # no cards: printed art
        .order_by("sort_number", "collector_number")
        .values_list("collector_number", "rarity", "card_id", "card__name", *picture_columns)
    )
    faces = faces_by_card(Printing.objects.filter(card_set=card_set).values("card_id"))
    url = url_maker("oracle:printing-detail", card_set.code.lower())
    italian = is_italian_page()
    labels = {value: str(label) for value, label in Rarity.choices}
    return [
        _row(
            name,
            url(number),
            faces[card_id],
            italian,
            collector_number=number,
            rarity=rarity,
            rarity_label=labels.get(rarity, rarity),
            picture=tuple(picture) if with_images else None,
        )
        for number, rarity, card_id, name, *picture in printings
    ]


@dataclass(frozen=True)
class SetRow:
    """A set in the list of sets."""

    url: str
    name: str  # in the page's language
    other_name: str
    code: str
    symbol: str
    release_date: str  # ISO, "" when unknown
    release_words: str  # in the page's language
    card_count: int


def set_rows() -> list[SetRow]:
    """Every set, newest first, with how many printings it has (art-series objects left out, a
    token set's tokens counted): two queries (the printings are counted on their set index,
    not joined to the sets)."""
    counts = dict(
        Printing.objects.exclude(layout=Layout.ART_SERIES)  # no cards: printed art
        .order_by()
        .values_list("card_set_id")
        .annotate(count=Count("pk"))
    )
    url = url_maker("oracle:set-detail")
    sets = CardSet.objects.values_list(
        "pk", "code", "name", "name_it", "keyrune_code", "release_date"
    )
    rows = []
    italian = is_italian_page()
    for pk, code, name, name_it, keyrune_code, release_date in sets:
        shown, other = names_for_page(name, name_it, italian)
        rows.append(
            SetRow(
                url=url(code.lower()),
                name=shown,
                other_name=other,
                code=code,
                symbol=(keyrune_code or code).lower(),
                release_date=release_date.isoformat() if release_date else "",
                release_words=long_date(release_date),
                card_count=counts.get(pk, 0),
            )
        )
    return rows


def faces_by_card(card_ids) -> dict[int, list[tuple]]:
    """card id -> [(name_it, mana_cost, type_line, type_line_it) per face, in order];
    ``card_ids`` a list or a subquery."""
    faces = defaultdict(list)
    if not isinstance(card_ids, QuerySet):
        card_ids = list(card_ids)
    queryset = CardFace.objects.filter(card_id__in=card_ids).order_by("card_id", "position")
    for card_id, *columns in queryset.values_list(*FACE_COLUMNS):
        faces[card_id].append(columns)
    return faces


def sets_by_card(card_ids) -> dict[int, list[SetPrinting]]:
    """card id -> one SetPrinting per set it was printed in, newest set first."""
    sets = defaultdict(list)
    seen = set()
    queryset = Printing.objects.filter(card_id__in=list(card_ids)).order_by(
        "card_id",
        F("card_set__release_date").desc(nulls_last=True),
        "card_set__code",
        "sort_number",
        "collector_number",
    )
    for card_id, code, keyrune, name, name_it, number, rarity, *picture in queryset.values_list(
        *PRINTING_COLUMNS
    ):
        if (card_id, code) in seen:
            continue
        seen.add((card_id, code))
        sets[card_id].append(
            SetPrinting(code, (keyrune or code).lower(), name, name_it, number, rarity, *picture)
        )
    return sets


def _row(name, url, faces, italian, picture=None, **extra) -> CardRow:
    """``picture``: the printing to show the picture of (with ``scryfall_id``,
    ``multiverse_id_it`` and ``layout``), or those three values."""
    shown, other = names_for_page(name, joined_name(name_it for name_it, *_ in faces), italian)
    costs = [cost for _, cost, _, _ in faces if cost]
    if picture is not None and not isinstance(picture, tuple):
        picture = (picture.scryfall_id, picture.multiverse_id_it, picture.layout)
    images = printing_images(*picture, [shown], front_only=True) if picture else []
    return CardRow(
        url=url,
        name=shown,
        other_name=other,
        mana_cost=_mana_costs(costs),
        type_line=" // ".join(
            type_it if italian and type_it else type_line for _, _, type_line, type_it in faces
        ),
        image=images[0] if images else None,
        **extra,
    )


def _mana_costs(costs) -> SafeString:
    """The faces' mana costs as symbols, " // " between them."""
    if len(costs) == 1:
        return render_mana(costs[0])
    return format_html_join(" // ", "{}", ((render_mana(cost),) for cost in costs))


def _set_links(printings, italian, printing_url) -> tuple[SetLink, ...]:
    return tuple(
        SetLink(
            url=printing_url(p.code.lower(), p.collector_number),
            code=p.code,
            symbol=p.symbol,
            rarity=p.rarity,
            set_name=p.name_it if italian and p.name_it else p.name,
        )
        for p in printings
    )
