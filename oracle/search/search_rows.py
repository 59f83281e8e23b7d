"""Writing the search rows (``CardSearch``): one per card, from its card, faces, printings,
printed faces and keyword links, with ``normalize``'s folded columns.

The importer calls ``refresh_search_rows`` after it writes cards, faces, printings and Italian
printed text; saving a card, a face, a printing, a set or a keyword one by one does it through
``receivers``. A second run over unchanged cards writes nothing.
"""

from collections import defaultdict
from typing import NamedTuple

from django.db.models import F

from common.upsert import among, chunks, insert_values, update_values
from oracle.models import (
    Card,
    CardFace,
    CardName,
    CardSearch,
    CardSet,
    Keyword,
    Printing,
    PrintingFace,
)
from oracle.search.card_names import refresh_card_names, sort_columns
from oracle.search.normalize import (
    CARD_SOURCE,
    FACE_COLUMNS,
    FACE_SOURCE,
    PRINTING_SOURCE,
    card_columns,
    face_columns,
    joined_lines,
)

BATCH = 2000
COPIED = (
    "oracle_id",
    "name",
    "slug",
    "layout",
    "kind",
    "is_token",
    "mana_value",
    "colors",
    "color_identity",
)
ROW_COLUMNS = tuple(
    field.name for field in CardSearch._meta.concrete_fields if not field.primary_key
)
# Each printing of the cards, newest set first (sets without a date last), then in the set's
# order: the first of a (card, set) is the card as printed in that set.
SHOWN_SET_ORDER = ("card_set__code", "sort_number", "collector_number")
SHOWN_SET_SOURCE = (
    "card_id",
    "card_set__code",
    "card_set__keyrune_code",
    "card_set__name",
    "card_set__name_it",
    "collector_number",
    "rarity",
)


class SourceModels(NamedTuple):
    """The models a refresh reads and writes: today's, or a migration's historical ones."""

    card: type = Card
    face: type = CardFace
    printing: type = Printing
    printing_face: type = PrintingFace
    search: type = CardSearch
    name: type = CardName


def refresh_search_rows(card_ids=None, models: SourceModels | None = None) -> tuple[int, int]:
    """Write the search rows of these cards (all when None), their faces' numbers, their name
    index; (rows written, rows unchanged). ``models``: a migration's (``SourceModels``)."""
    models = models or SourceModels()
    if card_ids is None:
        card_ids = models.card.objects.order_by("pk").values_list("pk", flat=True)
    card_ids = list(card_ids)
    written, unchanged = 0, 0
    for chunk in chunks(sorted(card_ids), BATCH):
        rows, faces = _wanted_rows(chunk, models)
        have = {
            row["card"]: row
            for row in models.search.objects.filter(among("card_id", chunk)).values(
                "card", *ROW_COLUMNS
            )
        }
        new, changed = [], []
        for card_id, wanted in rows.items():
            row = have.get(card_id)
            if row is None:
                new.append((card_id, *(wanted[column] for column in ROW_COLUMNS)))
            elif any(row[column] != wanted[column] for column in ROW_COLUMNS):
                changed.append((card_id, [wanted[column] for column in ROW_COLUMNS]))
            else:
                unchanged += 1
        insert_values(models.search, ("card", *ROW_COLUMNS), new)
        update_values(models.search, ROW_COLUMNS, changed)
        written += len(new) + len(changed)
        changed_faces = []
        for face in faces:
            columns = face_columns(face)
            if any(face[column] != value for column, value in columns.items()):
                changed_faces.append((face["pk"], [columns[name] for name in FACE_COLUMNS]))
        update_values(models.face, FACE_COLUMNS, changed_faces)
        written += len(changed_faces)
    refresh_card_names(
        card_ids, (models.card, models.face, models.printing, models.printing_face, models.name)
    )
    return written, unchanged


def _wanted_rows(chunk: list[int], models: SourceModels) -> tuple[dict[int, dict], list[dict]]:
    """card id -> its search row's values; and its faces' rows (with their numbers)."""
    faces = defaultdict(list)
    face_rows = models.face.objects.filter(among("card_id", chunk)).order_by("card_id", "position")
    for row in face_rows.values("pk", "card_id", *FACE_SOURCE, *FACE_COLUMNS):
        faces[row["card_id"]].append(row)
    printed_names = defaultdict(set)
    for rows in (
        models.printing.objects.filter(among("card_id", chunk)).values_list("card_id", "name_it"),
        models.printing_face.objects.filter(among("face__card_id", chunk)).values_list(
            "face__card_id", "name_it"
        ),
    ):
        for card_id, name_it in rows.exclude(name_it="").distinct():
            printed_names[card_id].add(name_it)
    flavor_texts = defaultdict(list)
    for card_id, *texts in (
        models.printing_face.objects.filter(among("face__card_id", chunk))
        .exclude(flavor_text="", flavor_text_it="")
        .order_by("printing__card_set__release_date", "printing_id", "position")
        .values_list("face__card_id", "flavor_text", "flavor_text_it")
    ):
        flavor_texts[card_id] += texts
    printings = defaultdict(list)
    for printing in models.printing.objects.filter(among("card_id", chunk)).values_list(
        *PRINTING_SOURCE
    ):
        printings[printing[0]].append(printing)
    keywords = defaultdict(list)
    links = models.card.keywords.through.objects.filter(among("card_id", chunk))
    for card_id, slug in links.order_by("keyword__slug").values_list("card_id", "keyword__slug"):
        keywords[card_id].append(slug)
    sets = shown_sets(chunk, models.printing)
    rows = {}
    # In id order: SQLite's FTS5 writes out its pending entries whenever a row's id is not above
    # the last one's, so rows written out of order cost a write each.
    cards = (
        models.card.objects.filter(among("pk", chunk))
        .order_by("pk")
        .values("pk", *COPIED, *CARD_SOURCE)
    )
    for card in cards:
        card_id = card["pk"]
        card_faces = faces[card_id]
        row = {column: card[column] for column in COPIED}
        row |= card_columns(
            card["name"],
            card_faces,
            printings[card_id],
            printed_names[card_id],
            card["layout"],
            card,
            flavor_texts[card_id],
        )
        row["search_keywords"] = joined_lines(keywords[card_id], ends=True)
        row |= sort_columns(card["name"], [(face["name"], face["name_it"]) for face in card_faces])
        row["faces"] = [
            [face["name_it"], face["mana_cost"], face["type_line"], face["type_line_it"]]
            for face in card_faces
        ]
        row["sets"] = sets[card_id]
        rows[card_id] = row
    return rows, [face for card_faces in faces.values() for face in card_faces]


def shown_sets(card_ids, printing_model=Printing) -> dict[int, list]:
    """card id -> [[set code, symbol, set name, Italian set name, collector number, rarity],
    ...] for each set it was printed in, newest first."""
    order = [F("card_set__release_date").desc(nulls_last=True), *SHOWN_SET_ORDER]
    printings = (
        printing_model.objects.filter(among("card_id", card_ids))
        .order_by("card_id", *order)
        .values_list(*SHOWN_SET_SOURCE)
    )
    sets = defaultdict(list)
    seen = set()
    for card_id, code, keyrune, name, name_it, number, rarity in printings:
        if (card_id, code) not in seen:
            seen.add((card_id, code))
            sets[card_id].append([code, (keyrune or code).lower(), name, name_it, number, rarity])
    return sets


def cards_of_set(card_set: CardSet) -> list[int]:
    return list(
        Printing.objects.filter(card_set=card_set).values_list("card_id", flat=True).distinct()
    )


def cards_of_keyword(keyword: Keyword) -> list[int]:
    links = Card.keywords.through.objects.filter(keyword=keyword)
    return list(links.values_list("card_id", flat=True))
