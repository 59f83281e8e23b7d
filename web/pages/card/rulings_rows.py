"""What a card's page reads of the rules app, in four small indexed queries written by hand
(``common.sql_rows``: building them with the ORM cost more than running them), which
the page sends with its own (``page_statements``, given the card's id as SQL; ``page_rows``
reads their rows):

- the official rules editions (``RulesEdition.objects.official()``);
- the public rulings on the card, its keywords and its card types
  (``Ruling.objects.for_card_page().about_card(card)``), each with its source document and the
  names of its keyword or card type;
- the documents with pages that name the card, have a section about it or a ruling on it;
- the rules of today's edition (the official one in force) the card uses, with what names them.

Which editions are official, and which of them is in force, is the rules app's to say
(``RulesEdition.objects.official().in_force()``): the editions' statement is that queryset's
SQL, and the rules used are kept to the edition in force of the editions read with them.
"""

from dataclasses import dataclass

from common.dates import local_date
from common.sql_rows import ModelColumns, fetch
from rulings.models import (
    CardRule,
    Language,
    RulesEdition,
    Ruling,
    SourceDocument,
)

# What the page shows of a ruling and works out from it (its status, its document's address).
RULING = ModelColumns(
    Ruling,
    "r",
    keep=(
        "card_id",
        "keyword_id",
        "card_type_id",
        "date",
        "language",
        "text",
        "source_document_id",
        "section_id",
        "position",
        "status",
        "status_set_by_hand",
        "status_note",
        "outdated_because",
    ),
)
# A document as a ruling's source.
DOCUMENT = ModelColumns(SourceDocument, "d", keep=("title", "kind", "language"))
SOURCE_DOCUMENT = Ruling._meta.get_field("source_document")
# The rulings' history (django-simple-history): who changed a ruling, and when.
HISTORY = Ruling.history.model._meta.db_table
# A document in a list of those that speak of something (a card, a keyword: views.keywords).
DOCUMENT_LISTED = ModelColumns(
    SourceDocument, "d", keep=("title", "kind", "language", "published_on")
)


@dataclass
class PageRows:
    """What ``page_rows`` reads for one card's page."""

    editions: list[RulesEdition]  # the official ones
    rulings: list[Ruling]
    documents: list[SourceDocument]
    rules_used: list["RuleUseRow"]  # today's edition's


def page_statements(card_id: str, params: list) -> list[tuple[str, list]]:
    """The queries of the official editions, the rulings about the card whose id is the SQL
    ``card_id`` (``params`` its parameters), the documents that speak of it and the rules it
    uses."""
    return [
        rulings_query(card_id, params),
        documents_query(card_id, params),
        rules_used_query(card_id, params),
    ]


def page_rows(rows: list[list[tuple]]) -> PageRows:
    """What ``page_statements`` read (``rows``, in its order)."""
    rulings, documents, rules = rows
    editions = RulesEdition.objects.official()  # read once, answers for every date
    today = editions.in_force()
    return PageRows(
        editions=editions,
        rulings=read_rulings(rulings),
        documents=DOCUMENT_LISTED.instances(documents),
        rules_used=[RuleUseRow(*row[2:]) for row in rules if today and row[0] == today.pk],
    )


def rulings_query(card_id: str, params: list) -> tuple[str, list]:
    """The public rulings of the card whose id is ``card_id`` (SQL, ``params`` its parameters)
    and those about its keywords and card types, in their order (language, date, position),
    with their source documents, the names of their keywords and card types, and when an
    editor last changed them (their history's newest change by a person)."""
    return (
        f"""SELECT {RULING.sql}, {DOCUMENT.sql}, k.name, k.name_it, t.name, t.name_it,
            (SELECT MAX(h.history_date) FROM {HISTORY} h
             WHERE h.id = r.id AND h.history_type = '~' AND h.history_user_id IS NOT NULL)
            FROM rulings_ruling r
            LEFT JOIN rulings_sourcedocument d ON d.id = r.source_document_id
            LEFT JOIN oracle_keyword k ON k.id = r.keyword_id
            LEFT JOIN oracle_cardtype t ON t.id = r.card_type_id
            WHERE r.status <> %s AND r.id IN (
                -- Each kind by its own index (an OR of the three makes PostgreSQL read every
                -- ruling).
                SELECT own.id FROM rulings_ruling own WHERE own.card_id = {card_id}
                UNION
                SELECT about.id FROM oracle_card_keywords ck
                JOIN rulings_ruling about ON about.keyword_id = ck.keyword_id
                WHERE ck.card_id = {card_id}
                UNION
                SELECT about.id FROM oracle_cardface f
                JOIN oracle_cardface_card_types ft ON ft.cardface_id = f.id
                JOIN rulings_ruling about ON about.card_type_id = ft.cardtype_id
                WHERE f.card_id = {card_id}
            )
            ORDER BY r.language, r.date, r.position, r.id""",
        [Ruling.Status.WITHDRAWN, *params, *params, *params],
    )


def read_rulings(rows: list[tuple]) -> list[Ruling]:
    """The rulings of ``rulings_query``'s rows, each with ``source_document`` and
    ``keyword_name``, ``keyword_name_it``, ``type_name``, ``type_name_it`` (None for another
    kind of ruling)."""
    names_at = RULING.width + DOCUMENT.width
    rulings, documents = [], {None: None}
    listened = RULING.listened() or DOCUMENT.listened()
    for row in rows:
        ruling = RULING.instance(row, listened=listened)
        document_id = ruling.source_document_id
        if document_id not in documents:  # one instance per document
            documents[document_id] = DOCUMENT.instance(row, RULING.width, listened)
        SOURCE_DOCUMENT.set_cached_value(ruling, documents[document_id])
        ruling.keyword_name, ruling.keyword_name_it, ruling.type_name, ruling.type_name_it = row[
            names_at : names_at + 4
        ]
        ruling.corrected_on = local_date(row[names_at + 4])
        rulings.append(ruling)
    return rulings


def documents_query(card_id: str, params: list) -> tuple[str, list]:
    """The documents with pages (not rulings databases) that name the card whose id is
    ``card_id`` (SQL, ``params`` its parameters), have a section about it or a ruling on it,
    oldest first."""
    return (
        f"""SELECT {DOCUMENT_LISTED.sql} FROM rulings_sourcedocument d
                WHERE d.kind <> %s AND (
                    d.id IN (SELECT m.document_id FROM rulings_documentmention m
                             WHERE m.card_id = {card_id})
                    OR d.id IN (SELECT ds.document_id FROM rulings_documentsection ds
                                WHERE ds.card_id = {card_id})
                    OR d.id IN (SELECT r.source_document_id FROM rulings_ruling r
                                WHERE r.card_id = {card_id})
                )
                ORDER BY d.published_on, d.title""",
        [SourceDocument.Kind.RULINGS_DATABASE, *params, *params, *params],
    )


@dataclass
class RuleUseRow:
    """One rule a card uses, as read: the rule, why, and the names its reason may use."""

    number: str
    title: str
    text: str
    parent_title: str | None
    reason: str
    detail: str
    italian_title: str | None  # the same rule's in the Italian edition of the same date
    keyword_name: str | None  # the keyword the detail names (in any case), by name or slug
    keyword_name_it: str | None
    type_name_it: str | None  # the Italian name of the card type the detail names


def rules_used_query(card_id: str, params: list) -> tuple[str, list]:
    """The rules the card whose id is ``card_id`` (SQL, ``params`` its parameters) uses (less
    those an editor removed), each after its edition's id (``page_rows`` keeps today's), in the
    rules' order. Keyword and card type names are matched in any case through their upper-case
    indexes."""
    sql, before, after = rules_used_sql(f"cr.card_id = {card_id}")
    return sql, [*before, *params, *after]


def rules_used_of_cards(card_ids, edition_id: int) -> dict[int, list[RuleUseRow]]:
    """The rules of the edition ``edition_id`` (today's) each of these cards uses, as
    ``rules_used_query`` reads them for one card's page, in one query for them all."""
    card_ids = list(card_ids)
    if not card_ids:
        return {}
    cards = ", ".join(["%s"] * len(card_ids))
    sql, before, after = rules_used_sql(f"cr.card_id IN ({cards}) AND s.edition_id = %s")
    used: dict[int, list[RuleUseRow]] = {card_id: [] for card_id in card_ids}
    for _edition, card_id, *row in fetch(sql, [*before, *card_ids, edition_id, *after]):
        used[card_id].append(RuleUseRow(*row))
    return used


def rules_used_sql(cards: str) -> tuple[str, list, list]:
    """The statement of the rules used by the cards the SQL condition ``cards`` (on ``cr``, the
    card's links) keeps, each row its edition's id, its card's id and a ``RuleUseRow``'s
    values; with the parameters before the condition's and after them."""
    return (
        f"""SELECT s.edition_id, cr.card_id, s.number, s.title, s.text, parent.title, cr.reason,
            cr.detail,
            (SELECT it.title FROM rulings_rulesection it
             JOIN rulings_rulesedition ie ON ie.id = it.edition_id
             WHERE ie.language = %s AND it.number = s.number AND ie.effective_date = (
                SELECT today.effective_date FROM rulings_rulesedition today
                WHERE today.id = s.edition_id
             )
             LIMIT 1),
            (SELECT k.name FROM oracle_keyword k
             WHERE UPPER(k.name) = UPPER(cr.detail) OR UPPER(k.slug) = UPPER(cr.detail)
             ORDER BY k.name LIMIT 1),
            (SELECT k.name_it FROM oracle_keyword k
             WHERE UPPER(k.name) = UPPER(cr.detail) OR UPPER(k.slug) = UPPER(cr.detail)
             ORDER BY k.name LIMIT 1),
            (SELECT t.name_it FROM oracle_cardtype t
             WHERE UPPER(t.name) = UPPER(cr.detail)
             ORDER BY t.kind, t.name LIMIT 1)
        FROM rulings_cardrule cr
        -- CROSS JOIN: SQLite reads the card's links first (by the card's index), not every
        -- rule of the edition in order (3,000 rows probed for a dozen); PostgreSQL plans it
        -- as the inner join it is.
        CROSS JOIN rulings_rulesection s
        LEFT JOIN rulings_rulesection parent ON parent.id = s.parent_id
        WHERE s.id = cr.section_id AND {cards} AND cr.excluded = %s
        ORDER BY s.position""",
        [Language.ITALIAN],
        [False],
    )


def reason_label(reason: str) -> str:
    """A reason's name in words (the value itself for one the model does not know)."""
    return CardRule.Reason(reason).label if reason in CardRule.Reason.values else reason
