"""The hand-written SQL behind the long tables' rows (``web.pages.lists.rows``).

A results page or a set page reads a few plain columns of many faces and printings. Built by
the ORM, each of these queries cost more in Python (the query's construction, a converter call
per value) than in the database; written out here they are one indexed statement each, and the
values come back as the database gives them (``sql_rows.fetch``). Every value is a query
parameter (``%s``), never text in the statement; the statements run unchanged on SQLite and
PostgreSQL.

Scryfall ids come back as the database stores them (hex text on SQLite, a UUID on PostgreSQL):
``scryfall_uuid`` makes them UUIDs, as the ORM would.
"""

from common.sql_rows import fetch
from oracle.models import Layout, Printing

FACES_OF_CARDS = """
    SELECT card_id, name_it, mana_cost, type_line, type_line_it
    FROM oracle_cardface
    WHERE card_id IN ({ids})
    ORDER BY card_id, position
"""

# Each printing of the cards, newest set first (sets without a date last), then in the set's
# order: the first row of a (card, set) is the card as printed in that set.
SETS_OF_CARDS = """
    SELECT printing.card_id, card_set.code, card_set.keyrune_code, card_set.name,
           card_set.name_it, printing.collector_number, printing.rarity{pictures}
    FROM oracle_printing printing
    JOIN oracle_cardset card_set ON card_set.id = printing.card_set_id
    WHERE printing.card_id IN ({ids})
    ORDER BY printing.card_id, card_set.release_date DESC NULLS LAST, card_set.code,
             printing.sort_number, printing.collector_number
"""

# A set's printings in collector-number order, each with its card's faces (one row per face,
# in order; a card without faces has one row of NULLs for them): art-series objects are no
# cards and are left out.
PRINTINGS_OF_SET = """
    SELECT printing.id, face.name_it, face.mana_cost, face.type_line, face.type_line_it,
           printing.collector_number, printing.rarity, card.name{pictures}
    FROM oracle_printing printing
    JOIN oracle_card card ON card.id = printing.card_id
    LEFT JOIN oracle_cardface face ON face.card_id = printing.card_id
    WHERE printing.card_set_id = %s AND printing.layout <> %s
    ORDER BY printing.sort_number, printing.collector_number, printing.id, face.position
"""

# What a printing's picture is chosen and shown by (``card_images``).
PICTURE_COLUMNS = """,
           printing.scryfall_id, printing.multiverse_id_it, printing.is_promo, printing.layout"""


def _placeholders(values) -> str:
    return ", ".join(["%s"] * len(values))


def faces_of_cards(card_ids: list[int]) -> list[tuple]:
    """(card id, name_it, mana_cost, type_line, type_line_it) of each face, by card, in order."""
    if not card_ids:
        return []
    return fetch(FACES_OF_CARDS.format(ids=_placeholders(card_ids)), card_ids)


def sets_of_cards(card_ids: list[int]) -> list[tuple]:
    """(card id, set code, keyrune code, set name, set name_it, collector number, rarity,
    scryfall id, multiverse_id_it, is_promo, layout) of each printing, by card, newest set
    first: what the image view chooses a card's picture by."""
    if not card_ids:
        return []
    statement = SETS_OF_CARDS.format(ids=_placeholders(card_ids), pictures=PICTURE_COLUMNS)
    return fetch(statement, card_ids)


def printings_of_set(card_set_id: int, pictures: bool = False) -> list[tuple]:
    """(printing id, then the face's name_it, mana_cost, type_line, type_line_it, then the
    printing's collector number, rarity, card name, and with ``pictures`` scryfall id,
    multiverse_id_it, is_promo, layout): one row per face of each printing's card, printings in
    collector-number order."""
    statement = PRINTINGS_OF_SET.format(pictures=PICTURE_COLUMNS if pictures else "")
    return fetch(statement, [card_set_id, Layout.ART_SERIES.value])


_SCRYFALL_ID = Printing._meta.get_field("scryfall_id")


def scryfall_uuid(value):
    """A Scryfall id as read by these statements, as the ORM gives it (a UUID, or None)."""
    return _SCRYFALL_ID.to_python(value)
