"""Rows for the long tables (search results, a set's cards, the sets), built from plain values.

A set page can list 1,700 printings. Fetching plain values (no model instances) and computing
each row here, once, keeps such pages fast; the Jinja2 partials only print the fields
(``templates/jinja2/cards/``: ``_card_rows.html``, ``_set_card_rows.html``, ``_set_rows.html``).
A page of rows costs the same few queries whatever it holds: one for the faces, one for the
printings (a set page: one for both); ``row_queries`` holds them.
"""

from collections import Counter, defaultdict
from dataclasses import dataclass
from typing import NamedTuple

from django.db.models import Count
from django.utils.html import format_html_join
from django.utils.safestring import SafeString
from django.utils.translation import ngettext

from common.dates import long_date
from common.links import url_maker, url_maker2
from oracle.models import (
    CardSet,
    Layout,
    Printing,
    Rarity,
    is_italian_page,
    joined_name,
    names_for_page,
)
from web.pages.card.images import CardImage, picture_printing, printing_images
from web.pages.lists import queries as row_queries
from web.pages.type_lines import ItalianTypeLines
from web.rendering.markup import mana

# A result row shows the newest sets a card is in, up to this many, then "+N more".
SETS_SHOWN = 5


@dataclass(slots=True)
class SetLink:
    """A set symbol and code linking to the card as printed in that set."""

    url: str
    code: str
    symbol: str
    rarity: str
    set_name: str  # in the page's language


@dataclass(slots=True)
class CardRow:
    url: str
    name: str
    other_name: str
    mana_cost: SafeString
    type_line: str
    collector_number: str = ""
    rarity: str = ""
    set_symbol: str = ""  # the set's symbol, in the rarity's colour (a set's page)
    rarity_label: str = ""  # the rarity's name (a set's page)
    sets: tuple[SetLink, ...] = ()  # the newest SETS_SHOWN
    more_sets: int = 0  # how many other sets the card is in
    more_sets_text: str = ""  # "+3 more sets", in the page's language
    image: CardImage | None = None  # the front's picture, for the image view


class SetPrinting(NamedTuple):
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
    """Rows for a page of search results (``found_cards.FoundCard``: a search row's name, slug,
    faces and newest sets); with_sets, the set symbols and codes of each card's printings,
    newest first; with_images, each card's picture (``card_images.picture_printing`` chooses
    the printing, from all of them: one query)."""
    cards = list(cards)
    pictures = sets_by_card([card.pk for card in cards]) if with_images else {}
    url = url_maker("cards:card-detail")
    printing_url = url_maker2("cards:printing-detail")
    italian = is_italian_page()
    card_parts = CardParts(italian)
    rows = []
    for card in cards:
        name, other_name, mana_cost, type_line = card_parts(card.name, card.faces)
        more_sets = max(len(card.sets) - SETS_SHOWN, 0) if with_sets else 0
        rows.append(
            CardRow(
                url(card.slug),
                name,
                other_name,
                mana_cost,
                type_line,
                sets=_set_links(card.sets[:SETS_SHOWN], italian, printing_url) if with_sets else (),
                more_sets=more_sets,
                more_sets_text=(
                    ngettext("+%(n)s more set", "+%(n)s more sets", more_sets) % {"n": more_sets}
                    if more_sets
                    else ""
                ),
                image=(
                    _front_image(picture_printing(pictures.get(card.pk, [])), name)
                    if with_images
                    else None
                ),
            )
        )
    return rows


def printing_rows(card_set, with_images=False) -> list[CardRow]:
    """Rows for every printing of a set, in collector-number order; with_images, each
    printing's picture. One query: the printings with their cards' faces. (The table's rows:
    ``set_table_rows``.)"""
    make_row = SetRowMaker(card_set, is_italian_page())
    rows = []
    printings = row_queries.printings_of_set(card_set.pk, pictures=with_images)
    for _, faces, (number, rarity, card_name, *picture) in printings_with_faces(printings):
        row = make_row(number, rarity, card_name, faces)
        if picture:
            scryfall_id, multiverse_id_it, _, layout = picture
            row.image = _front_image((scryfall_id, multiverse_id_it, layout), row.name)
        rows.append(row)
    return rows


class SetTable(NamedTuple):
    rows: list[CardRow]  # the table's rows (``cards/_set_card_rows.html``)
    rarities: Counter  # how many printings of each rarity the table lists


def set_table_rows(card_set) -> SetTable:
    """The rows of ``card_set``'s table of cards in the active language, with the count of each
    rarity. One query: the printings with their cards' faces."""
    make_row = SetRowMaker(card_set, is_italian_page())
    rows = []
    rarities = Counter()
    for _, faces, (number, rarity, card_name) in printings_with_faces(
        row_queries.printings_of_set(card_set.pk)
    ):
        rarities[rarity] += 1
        rows.append(make_row(number, rarity, card_name, faces))
    return SetTable(rows, rarities)


class SetRowMaker:
    """A function ``(collector number, rarity, card name, faces) -> CardRow`` for the
    printings of ``card_set``, ``faces`` as ``printings_with_faces`` gives them."""

    def __init__(self, card_set, italian: bool):
        self.url = url_maker("cards:printing-detail", card_set.code.lower())
        self.card_parts = CardParts(italian)
        self.symbol = card_set.symbol_code
        self.rarity_labels = {value: str(label) for value, label in Rarity.choices}

    def __call__(self, number, rarity, card_name, faces) -> CardRow:
        name, other_name, mana_cost, type_line = self.card_parts(card_name, faces)
        return CardRow(
            self.url(number),
            name,
            other_name,
            mana_cost,
            type_line,
            number,
            rarity,
            self.symbol,
            self.rarity_labels.get(rarity, rarity),
        )


def printings_with_faces(rows):
    """(printing id, [face columns, ...], printing columns) from
    ``row_queries.printings_of_set``'s rows, one per face."""
    printing_id, faces, printing = None, [], None
    for row in rows:
        if row[0] != printing_id:
            if printing_id is not None:
                yield printing_id, faces, printing
            printing_id, faces, printing = row[0], [], row[5:]
        if row[3] is not None:  # type_line: the card has faces
            faces.append(row[1:5])
    if printing_id is not None:
        yield printing_id, faces, printing


@dataclass(slots=True)
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
    """Every set with printings, newest first, with how many it has (art-series objects left
    out, a token set's tokens counted; a set with none is not listed): two queries (the
    printings are counted on their set index, not joined to the sets)."""
    counts = dict(
        Printing.objects.exclude(layout=Layout.ART_SERIES)  # no cards: printed art
        .order_by()
        .values_list("card_set_id")
        # COUNT(*), not of a column: PostgreSQL then counts from the (set, layout) index alone.
        .annotate(count=Count("*"))
    )
    url = url_maker("cards:set-detail")
    sets = CardSet.objects.values_list(
        "pk", "code", "name", "name_it", "keyrune_code", "release_date"
    )
    rows = []
    italian = is_italian_page()
    for pk, code, name, name_it, keyrune_code, release_date in sets:
        if not counts.get(pk):
            continue
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
    """card id -> [(name_it, mana_cost, type_line, type_line_it) per face, in order]."""
    faces = defaultdict(list)
    for card_id, *columns in row_queries.faces_of_cards(list(card_ids)):
        faces[card_id].append(columns)
    return faces


def sets_by_card(card_ids) -> dict[int, list[SetPrinting]]:
    """card id -> one SetPrinting per set it was printed in, newest set first, each with what
    ``card_images.picture_printing`` chooses the card's picture by (a results row's sets come
    from its search row; this is for the image view)."""
    sets = defaultdict(list)
    seen = set()
    rows = row_queries.sets_of_cards(list(card_ids))
    for card_id, code, keyrune, name, name_it, number, rarity, *picture in rows:
        if (card_id, code) in seen:
            continue
        seen.add((card_id, code))
        symbol = (keyrune or code).lower()
        sets[card_id].append(SetPrinting(code, symbol, name, name_it, number, rarity, *picture))
    return sets


class CardParts:
    """A card's name in the page's language, its other name, its faces' mana costs as symbols
    (each cost made once per page) and its type line, from its faces' (name_it, mana_cost,
    type_line, type_line_it)."""

    def __init__(self, italian: bool):
        self.italian = italian
        self.mana_costs = {}
        self.italian_type_line = ItalianTypeLines()  # for a face never printed in Italian

    def __call__(self, name: str, faces) -> tuple[str, str, SafeString, str]:
        italian = self.italian
        if len(faces) == 1:  # most cards
            ((name_it, cost, type_line, type_it),) = faces
            costs = (cost,) if cost else ()
            if italian:
                type_line = type_it or self.italian_type_line(type_line)
        else:
            name_it = joined_name(face[0] for face in faces)
            costs = tuple(face[1] for face in faces if face[1])
            type_line = " // ".join(type_line for _, _, type_line, _ in faces)
            if italian:  # each face's Italian, or its type line composed or marked English
                type_line = format_html_join(
                    " // ",
                    "{}",
                    ((type_it or self.italian_type_line(line),) for *_, line, type_it in faces),
                )
        shown, other = names_for_page(name, name_it, italian)
        mana_cost = self.mana_costs.get(costs)
        if mana_cost is None:
            mana_cost = self.mana_costs[costs] = _mana_costs(costs)
        return shown, other, mana_cost, type_line


def _front_image(picture, name: str) -> CardImage | None:
    """The front's picture of ``picture`` (a SetPrinting, or its ``scryfall_id``,
    ``multiverse_id_it`` and ``layout``), or None."""
    if picture is None:
        return None
    if isinstance(picture, SetPrinting):
        picture = (picture.scryfall_id, picture.multiverse_id_it, picture.layout)
    images = printing_images(*picture, [name], front_only=True)
    return images[0] if images else None


def _mana_costs(costs) -> SafeString:
    """The faces' mana costs as symbols, " // " between them."""
    if len(costs) == 1:
        return mana(costs[0])
    return format_html_join(" // ", "{}", ((mana(cost),) for cost in costs))


def _set_links(sets, italian, printing_url) -> tuple[SetLink, ...]:
    """Links to the card in each of ``sets``, a search row's (code, symbol, name, Italian
    name, collector number, rarity)."""
    return tuple(
        SetLink(
            url=printing_url(code.lower(), number),
            code=code,
            symbol=symbol,
            rarity=rarity,
            set_name=name_it if italian and name_it else name,
        )
        for code, symbol, name, name_it, number, rarity in sets
    )
