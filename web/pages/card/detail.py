"""What a card's page reads of the card: the card with its faces, keywords, printings (their sets
and printed faces, newest first) and errata, in five small indexed queries written by hand
(``common.sql_rows``) and sent together, with any more statements the page asks with them (what
other apps show on it, the data version: ``web.views.cards``), in one round trip on PostgreSQL.

``Card.objects.for_detail()`` reads the same through ``prefetch_related``, whose machinery costs
more than the rows; here each kind of row is read once and handed out to its owners, so that
``card.faces.all()``, ``printing.faces.all()`` and the others answer from memory, as after a
prefetch, for everything the page calls (``oracle.wording_history``, ``web.pages.card.images``, the
models' properties). The card's search columns, which only the search reads, stay in the database.
"""

from collections.abc import Callable
from dataclasses import dataclass

from common.sql_rows import ModelColumns, fetch_together
from oracle.models import Card, CardFace, CardSet, Erratum, Keyword, Printing, PrintingFace
from rulings.models import DocumentOnlyCard

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

# Whether the card is known from a document only (rulings' mark), read with the card's row and
# kept as ``card.document_only`` for the page's parts (no legality grid, the document's notice).
DOCUMENT_ONLY = (
    f"EXISTS (SELECT 1 FROM {DocumentOnlyCard._meta.db_table} dc WHERE dc.card_id = c.id)"
)

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


def read_card(card_id: str, params: list, more: MoreStatements | None = None) -> CardRead:
    """The card whose id is ``card_id`` (SQL: a value or a query of one, ``params`` its
    parameters), with its parts: five queries, sent together (``fetch_together``) with those
    of ``more``."""
    own = card_statements(card_id, params)
    extra = more(card_id, params) if more is not None else []
    rows = fetch_together(own + extra)
    card_rows, *part_rows = rows[: len(own)]
    card = with_parts(card_rows[0], *part_rows) if card_rows else None
    return CardRead(card, rows[len(own) :])


def card_statements(card_id: str, params: list) -> list[tuple[str, list]]:
    """The five queries of the card whose id is ``card_id``, in a page's order."""
    return [
        (f"SELECT {CARD.sql}, {DOCUMENT_ONLY} FROM oracle_card c WHERE c.id = {card_id}", params),
        (
            f"""SELECT {FACE.sql} FROM oracle_cardface f WHERE f.card_id = {card_id}
                ORDER BY f.position""",
            params,
        ),
        (
            f"""SELECT {KEYWORD.sql} FROM oracle_keyword k
                JOIN oracle_card_keywords ck ON ck.keyword_id = k.id
                WHERE ck.card_id = {card_id} ORDER BY k.name, k.id""",
            params,
        ),
        (
            f"""SELECT {PRINTING.sql}, {CARD_SET.sql}, {PRINTED_FACE.sql}
                FROM oracle_printing p
                JOIN oracle_cardset s ON s.id = p.card_set_id
                LEFT JOIN oracle_printingface pf ON pf.printing_id = p.id
                WHERE p.card_id = {card_id}
                ORDER BY s.release_date DESC, s.code, p.sort_number, p.id, pf.position""",
            params,
        ),
        (
            f"""SELECT {ERRATUM.sql} FROM oracle_erratum e
                WHERE e.card_id = {card_id} ORDER BY e.date DESC, e.id DESC""",
            params,
        ),
    ]


def with_parts(row, face_rows, keyword_rows, printing_rows, erratum_rows) -> Card:
    """The card of ``row`` with its faces, keywords, printings (and their sets and printed
    faces) and errata from the rows of ``read_card``'s other queries, each relation answering
    from memory."""
    card = CARD.instance(row)
    card.document_only = bool(row[CARD.width])
    faces = FACE.instances(face_rows)
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
    for printing in printings:
        remember(printing, "faces", PRINTED_FACE.instances(printed_rows.get(printing.pk, [])))
    faces_by_pk = {face.pk: face for face in faces}
    errata = ERRATUM.instances(erratum_rows)
    for erratum in errata:
        erratum.card = card
        if erratum.face_id in faces_by_pk:
            erratum.face = faces_by_pk[erratum.face_id]
    remember(card, "faces", faces)
    remember(card, "keywords", keywords)
    remember(card, "printings", printings)
    remember(card, "errata", errata)
    return card


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
