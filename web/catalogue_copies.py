"""A synthetic catalogue for benchmarks: every card copied N - 1 times under a new name.

``copy_catalogue(times)`` turns a database holding the catalogue into one of ``times`` times its
cards. Copy number ``n`` (2 to ``times``) of a card is the card renamed with the suffix
" x<n>" on each face's name, English and Italian ("Fire x2 // Ice x2", "Fuoco x2 // Ghiaccio
x2"; a face's text that names the face names it the new way), with ids of its own: Oracle id,
slug ("-x2"), printings' MTGJSON and Scryfall ids (new random UUIDs), collector numbers ("12x2")
and row ids. The marketplaces' and Gatherer's ids are left empty (a look-up by them finds the
original alone). Everything else is the original's: faces, printings in the same sets,
printed faces, keyword and type links, legalities, and the rows other apps keep per card
(their rules, rulings) found through their foreign keys (``linked_models``).

Rows are copied in bulk with ``INSERT ... SELECT`` (row ids moved past the originals' highest);
then the importer's own refresh (``search_rows.refresh_search_rows``) writes the copies'
search columns, name index and sort columns from the copied rows, as an import of such cards
would.
"""

from dataclasses import dataclass

from django.apps import apps
from django.core.management.color import no_style
from django.db import connection, models, transaction
from django.db.models import Max

from common.engines import new_uuid_sql, roomy_page_cache
from oracle import data_version
from oracle.models import Card, CardFace, CardName, CardSearch, Printing, PrintingFace
from oracle.search.search_rows import refresh_search_rows

SUFFIX = " x{number}"
# Filled by the refresh, not copied: the names change.
REFRESHED = {CardName, CardSearch}


class CopyRefused(Exception):
    """The database cannot take the copies (said in words a command prints)."""


@dataclass
class CopyReport:
    cards_before: int
    cards_after: int
    rows_copied: dict[str, int]
    skipped: list[str]


def suffix(number: int) -> str:
    return SUFFIX.format(number=number)


def copy_catalogue(times: int, progress=None) -> CopyReport:
    """Make the catalogue ``times`` times its cards, in one transaction. ``progress(text)``
    hears each step."""
    progress = progress or (lambda text: None)
    if times < 2:
        raise CopyRefused("--times must be 2 or more.")
    cards_before = Card.objects.count()
    if not cards_before:
        raise CopyRefused("The database holds no cards to copy.")
    if Card.objects.filter(name__endswith=suffix(2)).exists():
        raise CopyRefused(
            f"The database already holds copies (cards named “…{suffix(2)}”): start again from "
            "a copy of the catalogue."
        )
    linked, skipped = linked_models()
    copied = [Card, CardFace, Printing, PrintingFace, *linked]
    highest = {model: model.objects.aggregate(top=Max("pk"))["top"] or 0 for model in copied}
    rows: dict[str, int] = {}
    with transaction.atomic(), roomy_page_cache():
        for number in range(2, times + 1):
            shifts = {model: (number - 1) * highest[model] for model in copied}
            for model in copied:
                count = _copy_rows(model, number, shifts, highest[model])
                rows[model._meta.label] = rows.get(model._meta.label, 0) + count
            progress(f"copy {number} of {times}: rows written")
        _reset_sequences(copied)
        copies = list(Card.objects.filter(pk__gt=highest[Card]).values_list("pk", flat=True))
        progress(f"search columns and names of {len(copies):,} copies…")
        refresh_search_rows(copies)
        data_version.changed()
    return CopyReport(cards_before, Card.objects.count(), rows, skipped)


def linked_models() -> tuple[list, list[str]]:
    """The other models whose rows hang off a copied card, face, printing or printed face (a
    foreign key to one), in an order where each comes after the ones it points to; and, in
    words, those left out: history tables, the name index (refreshed instead), and rows that
    a unique constraint ties to something other than the copied row (a document's mention of
    a name, a rule's sample cards)."""
    copied = [Card, CardFace, Printing, PrintingFace]
    linked, skipped = [], []
    candidates = [
        model
        for model in apps.get_models(include_auto_created=True)
        if model not in copied and model not in REFRESHED
    ]
    found = True
    while found:
        found = False
        for model in candidates:
            if model in linked or model._meta.label in skipped:
                continue
            keys = _copied_keys(model, copied + linked)
            if not keys:
                continue
            found = True
            if getattr(model, "instance_type", None) is not None:  # django-simple-history
                skipped.append(model._meta.label)
            elif not _unique_per_copy(model, keys):
                skipped.append(model._meta.label)
            else:
                linked.append(model)
    return linked, skipped


def _copied_keys(model, copied) -> list:
    return [
        field
        for field in model._meta.concrete_fields
        if field.is_relation and field.related_model in copied
    ]


def _unique_per_copy(model, keys) -> bool:
    """Whether every unique column and constraint of ``model`` holds a copied key (or its own
    id, which moves): then copies cannot collide with their originals."""
    meta = model._meta
    names = {key.name for key in keys}
    if not (meta.pk in keys or isinstance(meta.pk, models.AutoField)):
        return False
    if any(
        field.unique and not field.primary_key and field.name not in names
        for field in meta.concrete_fields
    ):
        return False
    groups = [set(fields) for fields in meta.unique_together]
    groups += [set(c.fields) for c in meta.constraints if isinstance(c, models.UniqueConstraint)]
    return all(group & names for group in groups)


def _copy_rows(model, number: int, shifts: dict, highest: int) -> int:
    """INSERT ... SELECT copy ``number`` of the original rows of ``model``."""
    meta = model._meta
    quote = connection.ops.quote_name
    columns, values, params = [], [], []
    special = _renamed_columns(model, number)
    for field in meta.concrete_fields:
        column = quote(field.column)
        columns.append(column)
        if field.name in special:
            expression, extra = special[field.name]
            values.append(expression)
            params += extra
        elif field.is_relation and field.related_model in shifts:
            values.append(f"{column} + %s")
            params.append(shifts[field.related_model])
        elif field.primary_key:
            values.append(f"{column} + %s")
            params.append(shifts[model])
        else:
            values.append(column)
    # Only the originals: copies made before this one have higher ids.
    original = _original_rows(model, highest)
    sql = (
        f"INSERT INTO {quote(meta.db_table)} ({', '.join(columns)}) "
        f"SELECT {', '.join(values)} FROM {quote(meta.db_table)} WHERE {original}"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [*params, highest])
        return cursor.rowcount


def _original_rows(model, highest: int) -> str:
    return f"{connection.ops.quote_name(model._meta.pk.column)} <= %s"


def _renamed_columns(model, number: int) -> dict[str, tuple[str, list]]:
    """The columns of the four card tables that a copy changes: {field: (SQL, parameters)}."""
    end = suffix(number)
    tag = end.strip()
    uuid = new_uuid_sql()

    def renamed(column):  # "Fire // Ice" -> "Fire x2 // Ice x2"; "" stays ""
        return (
            f"CASE WHEN {column} = '' THEN '' ELSE REPLACE({column}, ' // ', %s) || %s END",
            [f"{end} // ", end],
        )

    def text_naming(text, name):  # the face's name in its text, renamed as the face is
        return (
            f"CASE WHEN {name} = '' THEN {text} ELSE REPLACE({text}, {name}, {name} || %s) END",
            [end],
        )

    if model is Card:
        return {
            "name": renamed("name"),
            "slug": ("slug || %s", [f"-{tag}"]),
            "oracle_id": (uuid, []),
        }
    if model is CardFace:
        return {
            "name": renamed("name"),
            "name_it": renamed("name_it"),
            "oracle_text": text_naming("oracle_text", "name"),
            "printed_text_it": text_naming("printed_text_it", "name_it"),
        }
    if model is Printing:
        cleared = (
            "multiverse_id", "multiverse_id_it", "mtgo_id", "mtgo_foil_id", "arena_id",
            "tcgplayer_id", "cardmarket_id",
        )  # fmt: skip
        return {
            "uuid": (uuid, []),
            "scryfall_id": (f"CASE WHEN scryfall_id IS NULL THEN NULL ELSE {uuid} END", []),
            "collector_number": ("collector_number || %s", [tag]),
            "name_it": renamed("name_it"),
            **{field: ("NULL", []) for field in cleared},
        }
    if model is PrintingFace:
        return {"name_it": renamed("name_it"), "text_it": text_naming("text_it", "name_it")}
    return {}


def _reset_sequences(copied) -> None:
    """PostgreSQL: the id sequences past the copied ids (SQLite takes the highest id + 1)."""
    statements = connection.ops.sequence_reset_sql(no_style(), copied)
    with connection.cursor() as cursor:
        for statement in statements:
            cursor.execute(statement)
