"""What a card's page reads of the card: the card with its faces, keywords, printings (their
sets and printed faces, newest first) and errata, in five small indexed queries written by hand
(``sql_rows``) and sent together, with any more statements the page asks with them (what other
apps show on it, the data version: ``web.views.cards``), in one round trip on PostgreSQL.

``Card.objects.for_detail()`` reads the same through ``prefetch_related``, whose machinery
costs more than the rows; here each kind of row is read once and handed out to its owners, so
that ``card.faces.all()``, ``printing.faces.all()`` and the others answer from memory, as after
a prefetch, for everything the page calls (``wording_history``, ``card_images``, the models'
properties). The card's search columns, which only the search reads, stay in the database.

With the card comes its page's stored parts for the active language (``card.stored_markup``:
``card_markup``), and ``card.rows_digest``, a digest of every row read but the keywords'
(``RowsDigest``), which tells whether those parts still hold.
"""

import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from uuid import UUID

from django.utils import translation

from common.sql_rows import ModelColumns, fetch_together
from oracle.models import Card, CardFace, CardSet, Erratum, Keyword, Printing, PrintingFace

# Every column the search fills at import (``search_name``, ``search_text``, ...).
SEARCH_COLUMNS = tuple(
    field.attname for field in Card._meta.concrete_fields if field.name.startswith("search_")
)

CARD = ModelColumns(Card, "c", leave_out=SEARCH_COLUMNS)
FACE = ModelColumns(CardFace, "f")
KEYWORD = ModelColumns(Keyword, "k")
PRINTING = ModelColumns(Printing, "p", leave_out=["uuid"])  # MTGJSON's id: the API's
CARD_SET = ModelColumns(CardSet, "s")
PRINTED_FACE = ModelColumns(PrintingFace, "pf")
ERRATUM = ModelColumns(Erratum, "e")
PRINTED_FACE_PRINTING = PRINTED_FACE.names.index("printing_id")


# The card's page parts stored for a language (``CardMarkup``), beside the card's columns.
WITH_MARKUP = f"""SELECT {CARD.sql}, m.digest, m.parts FROM oracle_card c
    LEFT JOIN oracle_cardmarkup m ON m.card_id = c.id AND m.language = %s"""
# Each printing with its set and its printed faces (a printing without any: NULLs).
PRINTED_FACES_AT = PRINTING.width + CARD_SET.width


# More statements to send with a card's (``read_card``): given the card's id as SQL (a value or
# a query of one) and its parameters, a list of (sql, params).
MoreStatements = Callable[[str, list], list[tuple[str, list]]]


@dataclass
class CardRead:
    card: Card | None
    more: list[list[tuple]]  # the rows of the statements sent with the card's, in their order


def card_for_page(slug: str, more: MoreStatements | None = None) -> CardRead:
    """The card whose address is ``slug``, with its parts (None if none), and the rows of
    ``more``'s statements about it (sent together)."""
    return read_card("(SELECT c.id FROM oracle_card c WHERE c.slug = %s)", [slug], more=more)


def card_by_pk(pk: int, language: str | None = None) -> Card | None:
    """The card ``pk`` with its parts (and its page's stored parts in ``language``), or None."""
    return read_card("%s", [pk], language).card


def card_for_printing(set_code: str, number: str, more: MoreStatements | None = None) -> CardRead:
    """The card printed as ``number`` in the set ``set_code`` (in any case), with its parts
    (None if none), and the rows of ``more``'s statements about it."""
    return read_card(f"({CARD_OF_PRINTING})", [set_code, number], more=more)


# The card printed as a number in a set (its code in any case: by the code's upper-case index,
# as it is written once per statement a printing's page sends). The set first, then the printing
# by its set and number; CROSS JOIN keeps SQLite from reading every printing instead.
CARD_OF_PRINTING = """SELECT p.card_id FROM oracle_cardset s
    CROSS JOIN oracle_printing p
    JOIN oracle_card pc ON pc.id = p.card_id
    WHERE p.card_set_id = s.id AND UPPER(s.code) = UPPER(%s) AND p.collector_number = %s
    ORDER BY pc.name, pc.id LIMIT 1"""


def read_card(
    card_id: str, params: list, language: str | None = "", more: MoreStatements | None = None
) -> CardRead:
    """The card whose id is ``card_id`` (SQL: a value or a query of one, ``params`` its
    parameters), with its parts and its page's stored parts in ``language`` (the active one by
    default): five queries, sent together (``fetch_together``) with those of ``more``."""
    if language == "":
        language = translation.get_language()
    own = card_statements(f"= {card_id}", params, language)
    extra = more(card_id, params) if more is not None else []
    rows = fetch_together(own + extra)
    card_rows, *part_rows = rows[: len(own)]
    card = with_parts(card_rows[0], *part_rows) if card_rows else None
    return CardRead(card, rows[len(own) :])


def cards_by_pks(pks: list[int], language: str | None = None) -> list[Card]:
    """The cards ``pks`` that exist, in the order of their ids, each as ``card_by_pk`` gives
    it: the same five queries for all of them (to store the parts of many cards)."""
    if not pks:
        return []
    placeholders = ", ".join(["%s"] * len(pks))
    card_rows, face_rows, keyword_rows, printing_rows, erratum_rows = fetch_together(
        card_statements(f"IN ({placeholders})", list(pks), language, by_card=True)
    )
    faces = _by_card(face_rows, FACE_CARD)
    keywords = _by_card(keyword_rows, KEYWORD.width)  # the card's id after the keyword's
    printings = _by_card(printing_rows, PRINTING_CARD)
    errata = _by_card(erratum_rows, ERRATUM_CARD)
    return [
        with_parts(
            row,
            faces.get(row[0], []),
            keywords.get(row[0], []),
            printings.get(row[0], []),
            errata.get(row[0], []),
        )
        for row in card_rows
    ]


FACE_CARD = FACE.names.index("card_id")
PRINTING_CARD = PRINTING.names.index("card_id")
ERRATUM_CARD = ERRATUM.names.index("card_id")


def _by_card(rows: list[tuple], card_at: int) -> dict[int, list[tuple]]:
    grouped: dict[int, list[tuple]] = {}
    for row in rows:
        grouped.setdefault(row[card_at], []).append(row)
    return grouped


def card_statements(
    card_ids: str, params: list, language: str | None, by_card: bool = False
) -> list[tuple[str, list]]:
    """The five queries of the cards whose id is ``card_ids`` (SQL after the id: "= %s",
    "IN (...)"), in a page's order; with ``by_card``, each card's rows together (by id) and
    the keywords' card after their columns."""
    card = "ORDER BY c.id" if by_card else ""
    face, keyword, printing, erratum = (
        f"{alias}.card_id, " if by_card else "" for alias in ("f", "ck", "p", "e")
    )
    keyword_card = ", ck.card_id" if by_card else ""
    return [
        (f"{WITH_MARKUP} WHERE c.id {card_ids} {card}", [language, *params]),
        (
            f"""SELECT {FACE.sql} FROM oracle_cardface f WHERE f.card_id {card_ids}
                ORDER BY {face}f.position""",
            params,
        ),
        (
            f"""SELECT {KEYWORD.sql}{keyword_card} FROM oracle_keyword k
                JOIN oracle_card_keywords ck ON ck.keyword_id = k.id
                WHERE ck.card_id {card_ids} ORDER BY {keyword}k.name, k.id""",
            params,
        ),
        (
            f"""SELECT {PRINTING.sql}, {CARD_SET.sql}, {PRINTED_FACE.sql}
                FROM oracle_printing p
                JOIN oracle_cardset s ON s.id = p.card_set_id
                LEFT JOIN oracle_printingface pf ON pf.printing_id = p.id
                WHERE p.card_id {card_ids}
                ORDER BY {printing}s.release_date DESC, s.code, p.sort_number, p.id, pf.position""",
            params,
        ),
        (
            f"""SELECT {ERRATUM.sql} FROM oracle_erratum e
                WHERE e.card_id {card_ids} ORDER BY {erratum}e.date DESC, e.id DESC""",
            params,
        ),
    ]


class RowsDigest:
    """A digest of model instances' column values, the same whichever database gave them: the
    values a database gives in its own way (dates, booleans, decimals, UUIDs, JSON, which
    PostgreSQL reorders) are taken in one written form."""

    def __init__(self):
        self._hash = hashlib.blake2b(digest_size=16)

    def add(self, columns: ModelColumns, instances: list) -> None:
        names = columns.names
        varied = varied_columns(columns)
        for instance in instances:
            values = vars(instance)
            row = [values[name] for name in names]
            for position in varied:
                row[position] = written_form(row[position])
            self._hash.update(repr(row).encode())
        self._hash.update(b"\x1d")

    def add_rows(self, columns: ModelColumns, rows: list[tuple]) -> None:
        """The same for rows as the database gave them, of a model without fields of
        ``VARIED_FIELDS`` (their values then are the instances')."""
        if varied_columns(columns):
            raise ValueError(f"{columns.model.__name__} has fields each database gives its way")
        for row in rows:
            self._hash.update(repr(list(row)).encode())
        self._hash.update(b"\x1d")

    def hexdigest(self) -> str:
        return self._hash.hexdigest()


# Fields whose values databases give in their own ways (strings or numbers on SQLite, objects
# on PostgreSQL).
VARIED_FIELDS = {
    "BooleanField",
    "DateField",
    "DateTimeField",
    "DecimalField",
    "FloatField",
    "JSONField",
    "UUIDField",
}
_varied: dict[int, list[int]] = {}


def varied_columns(columns: ModelColumns) -> list[int]:
    """The positions of ``columns``' fields of ``VARIED_FIELDS``."""
    found = _varied.get(id(columns))
    if found is None:
        found = _varied[id(columns)] = [
            position
            for position, field in enumerate(columns.fields)
            if field.get_internal_type() in VARIED_FIELDS
        ]
    return found


def written_form(value) -> str | int | None:
    if value is None or type(value) is int:
        return value
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, UUID):
        return value.hex
    if isinstance(value, dict | list):
        return json.dumps(value, sort_keys=True)
    return str(value)


def with_parts(row, face_rows, keyword_rows, printing_rows, erratum_rows) -> Card:
    """The card of ``row`` (``WITH_MARKUP``'s) with its faces, keywords, printings (and their
    sets and printed faces) and errata from the rows of ``read_card``'s other queries, each
    relation answering from memory."""
    card = CARD.instance(row)
    stored_digest, parts = row[CARD.width : CARD.width + 2]
    card.stored_markup = (stored_digest, parts) if stored_digest else None
    digest = RowsDigest()
    digest.add(CARD, [card])
    faces = FACE.instances(face_rows)
    digest.add(FACE, faces)
    for face in faces:
        face.card = card
    keywords = KEYWORD.instances(keyword_rows)
    printings, card_sets = [], {}
    printed_rows: dict[int, list[tuple]] = {}
    for row in printing_rows:
        printed = row[PRINTED_FACES_AT:]
        if printed[0] is not None:
            printed_rows.setdefault(printed[PRINTED_FACE_PRINTING], []).append(printed)
        if printings and printings[-1].pk == row[0]:  # its next printed face
            continue
        printing = PRINTING.instance(row)
        card_set = card_sets.get(printing.card_set_id)
        if card_set is None:  # one instance per set (a card printed ten times in a set)
            card_set = card_sets[printing.card_set_id] = CARD_SET.instance(row, PRINTING.width)
        printing.card_set = card_set
        printing.card = card
        printings.append(printing)
    digest.add(PRINTING, printings)
    digest.add(CARD_SET, [printing.card_set for printing in printings])
    if printings:  # a card known only from a document has none
        # In the order of the printings' ids, then of their faces.
        digest.add_rows(
            PRINTED_FACE, [row for pk in sorted(printed_rows) for row in printed_rows[pk]]
        )
    for printing in printings:
        # Made when asked for: a page whose parts are stored asks for one printing's.
        printing._prefetched_objects_cache = RememberedOnDemand(
            printing, "faces", partial(PRINTED_FACE.instances, printed_rows.get(printing.pk, []))
        )
    faces_by_pk = {face.pk: face for face in faces}
    errata = ERRATUM.instances(erratum_rows)
    digest.add(ERRATUM, errata)
    card.rows_digest = digest.hexdigest()
    for erratum in errata:
        erratum.card = card
        if erratum.face_id in faces_by_pk:
            erratum.face = faces_by_pk[erratum.face_id]
    remember(card, "faces", faces)
    remember(card, "keywords", keywords)
    remember(card, "printings", printings)
    remember(card, "errata", errata)
    return card


class RememberedOnDemand(dict):
    """A prefetch cache (``instance._prefetched_objects_cache``) that remembers the relation
    ``name`` (``remember``) the first time it is asked for, with the objects ``make()``
    returns."""

    def __init__(self, instance, name: str, make: Callable[[], list]):
        super().__init__()
        self.instance, self.name, self.make = instance, name, make
        self.making = False

    def __missing__(self, key):
        if key != self.name or self.making:  # the relation's own queryset, being made
            raise KeyError(key)
        self.making = True
        try:
            remember(self.instance, self.name, self.make())
        finally:
            self.making = False
        return self[key]


def remember(instance, name: str, objects: list) -> None:
    """``instance.<name>.all()`` answers ``objects`` from now on without a query, as after
    ``prefetch_related(name)``, which leaves the same in the same place: the relation's
    queryset (so that ``.filter()`` or ``.values()`` on it still ask about this instance
    alone) holding its rows."""
    held = getattr(instance, name).get_queryset()
    held._result_cache = objects
    held._prefetch_done = True
    if not hasattr(instance, "_prefetched_objects_cache"):
        instance._prefetched_objects_cache = {}
    instance._prefetched_objects_cache[name] = held
