"""The rows of the long tables made once and stored (``PrintingRowMarkup``, ``CardRowMarkup``),
so that a page of 1,700 rows reads them instead of writing each one out.

A row is stored for a page in each language, cut where its mana cost goes (``head`` and
``tail``): the cost's symbols are the same for thousands of rows and a page makes each once
(``listing.CardParts.mana_cost``), so they are not stored. With a row is stored its source,
what it was made from: its own values (a printing's number and rarity, its card's name and
faces) after the page's (the set, and the fingerprint of the rows in the page's language: the
digest of sample rows made as the page makes them, so that another template, translation or
address scheme is told apart). A page uses a stored row only while it reads the same source, and
makes the row itself otherwise: a row is never shown stale, whatever wrote the data.

Imports store the rows they change (``store_set_rows`` after the card data is written);
``manage.py store_row_markup`` fills the store of a database written before, or after an
upgrade that changed how rows look.
"""

import hashlib
from collections import Counter
from itertools import chain
from typing import NamedTuple

from django.conf import settings
from django.db import transaction
from django.template import engines
from django.utils import translation
from django.utils.safestring import SafeString

from common.upsert import chunks, insert_rows
from oracle.models import CardSet, PrintingRowMarkup, Rarity, is_italian_page
from web.jinja2 import macro
from web.pages.lists import queries as row_queries
from web.pages.lists.rows import SetRowMaker, printings_with_faces

SET_ROWS = "oracle/_set_card_rows.html"
# Where a row's mana cost goes in the markup made to be stored, which is cut there: a control
# character no escaped value holds.
COST_MARK = SafeString("\x1f")
SEPARATOR = "\x1f"

# (card name, faces as printings_with_faces gives them): the sample rows of ``fingerprint``,
# a card of one face and one of two, in every rarity.
SAMPLE_CARDS = [
    ("Sample Elf", [("Elfo d'Esempio", "{1}{G}", "Creature — Elf", "Creatura — Elfo")]),
    (
        "Sample & Other",
        [("", "{1}", "Instant", ""), ("Altro <b>", "{U}", "Sorcery", "Stregoneria")],
    ),
]

_fingerprints: dict[tuple, str] = {}


def digest(values) -> str:
    return hashlib.blake2b("".join(values).encode(), digest_size=12).hexdigest()


def set_row_fingerprint() -> str:
    """What a set's rows look like on a page in the active language: the digest of sample
    rows made as the page makes them (worked out once per language and address scheme)."""
    sample_set = CardSet(code="SMPL", keyrune_code="smpl")
    make_row = SetRowMaker(sample_set, is_italian_page())
    key = ("set", translation.get_language(), make_row.url("1"))
    found = _fingerprints.get(key)
    if found is None:
        render = macro(SET_ROWS, "set_card_row")
        sample = [
            str(render(make_row("1", rarity, name, faces, mana_cost=COST_MARK)))
            for name, faces in SAMPLE_CARDS
            for rarity in Rarity.values
        ]
        found = digest(sample)
        if not engines["jinja2"].env.auto_reload:  # templates that change as they are edited
            _fingerprints[key] = found
    return found


def set_row_source(page: str, number: str, rarity: str, card_name: str, faces) -> str:
    """What a printing's row is made from: ``page`` (``set_page_key``), then its own values."""
    return SEPARATOR.join((page, number, rarity, card_name, *chain.from_iterable(faces)))


def set_page_key(card_set) -> str:
    """What all the rows of ``card_set``'s page share (in the active language)."""
    return SEPARATOR.join((set_row_fingerprint(), card_set.code, card_set.symbol_code))


class SetTable(NamedTuple):
    markup: SafeString  # the table's rows
    rarities: Counter  # how many printings of each rarity the table lists


def set_table_rows(card_set) -> SetTable:
    """The rows of ``card_set``'s table of cards in the active language, stored ones where they
    still hold and the others made here, with the count of each rarity. One query: the printings
    with their faces and stored rows."""
    language = translation.get_language()
    page = set_page_key(card_set)
    make_row = SetRowMaker(card_set, is_italian_page())
    mana_cost = make_row.card_parts.mana_cost
    render = None
    parts = []
    rarities = Counter()
    rows = row_queries.printings_of_set(card_set.pk, stored_language=language)
    for _, faces, (number, rarity, card_name, stored, head, tail) in printings_with_faces(rows):
        rarities[rarity] += 1
        if stored is not None and stored == set_row_source(page, number, rarity, card_name, faces):
            parts += (head, mana_cost(faces), tail)
            continue
        if render is None:
            render = macro(SET_ROWS, "set_card_row")
        parts.append(render(make_row(number, rarity, card_name, faces)))
    return SetTable(SafeString("".join(parts)), rarities)


@transaction.atomic
def store_set_rows(card_sets=None, *, stale_only: bool = True) -> int:
    """Make and store the rows of the printings of ``card_sets`` (a queryset; every set by
    default) for a page in each language: with ``stale_only``, only those whose stored row no
    longer holds. The number of rows stored."""
    card_sets = CardSet.objects.all() if card_sets is None else card_sets
    card_sets = list(card_sets.order_by("pk").only("pk", "code", "keyrune_code"))
    count = 0
    for language, _name in settings.LANGUAGES:
        with translation.override(language):
            render = macro(SET_ROWS, "set_card_row")
            for card_set in card_sets:
                count += _store_rows_of_set(card_set, language, render, stale_only)
    return count


def _store_rows_of_set(card_set, language: str, render, stale_only: bool) -> int:
    page = set_page_key(card_set)
    make_row = SetRowMaker(card_set, is_italian_page())
    made = []
    rows = row_queries.printings_of_set(card_set.pk, stored_language=language, sources_only=True)
    for printing_id, faces, (number, rarity, card_name, stored, *_) in printings_with_faces(rows):
        wanted = set_row_source(page, number, rarity, card_name, faces)
        if stale_only and stored == wanted:
            continue
        markup = str(render(make_row(number, rarity, card_name, faces, mana_cost=COST_MARK)))
        head, _, tail = markup.partition(COST_MARK)
        if markup.count(COST_MARK) != 1:
            continue  # cannot be cut: the page makes this row
        made.append(
            PrintingRowMarkup(
                printing_id=printing_id, language=language, source=wanted, head=head, tail=tail
            )
        )
    for batch in chunks(made, 500):
        PrintingRowMarkup.objects.filter(
            printing_id__in=[row.printing_id for row in batch], language=language
        ).delete()
        insert_rows(PrintingRowMarkup, batch)
    return len(made)
