"""Bulk create-or-update by natural key, counting what changed. Used by every importer."""

from collections.abc import Hashable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from itertools import batched

from django.conf import settings
from django.db import connections, router
from django.db.models import Q
from django.utils import timezone

# Rows per statement, and ids per "IN (...)": well under SQLite's and PostgreSQL's limits on
# query parameters, which a whole AllPrintings import (24,000 cards) would otherwise approach.
BATCH_SIZE = 2000
# Parameters in one statement: under SQLite's usual limit (32,766) and PostgreSQL's (65,535).
MAX_PARAMETERS = 30_000
# Columns whose values of this Python type Django hands to the database driver unchanged;
# preparing them through the field costs a few calls per value, over a million in an import.
AS_IS = {
    "CharField": str,
    "TextField": str,
    "SlugField": str,
    "BooleanField": bool,
    "IntegerField": int,
    "SmallIntegerField": int,
    "BigIntegerField": int,
    "PositiveIntegerField": int,
    "PositiveSmallIntegerField": int,
}


def chunks(items: Iterable, size: int = BATCH_SIZE) -> Iterator[list]:
    """``items`` in lists of at most ``size``, for "IN (...)" filters that must stay short."""
    items = list(items)
    for start in range(0, len(items), size):
        yield items[start : start + size]


def among(field: str, ids: Sequence[int]) -> Q:
    """``Q(field__in=ids)``; a range when the ids are consecutive numbers (an import's new
    rows), which selects the same rows without Django preparing each of thousands of ids."""
    if ids and len(set(ids)) == len(ids) == max(ids) - min(ids) + 1:
        return Q(**{f"{field}__gte": min(ids), f"{field}__lte": max(ids)})
    return Q(**{f"{field}__in": ids})


def update_by_pk(model, objects: Sequence, fields: Sequence[str]) -> None:
    """Write ``fields`` of each instance with one prepared UPDATE ... WHERE pk = %s.

    Does what ``QuerySet.bulk_update`` does without building a CASE WHEN per column and row, whose
    statement grows with the rows times the fields (benchmarks/README.md). Like bulk_update, it
    sends no signals and does not call ``save()``.
    """
    attnames = [model._meta.get_field(name).attname for name in fields]
    update_values(
        model, fields, ((obj.pk, [getattr(obj, name) for name in attnames]) for obj in objects)
    )


def update_values(model, fields: Sequence[str], rows: Iterable[tuple[int, Sequence]]) -> None:
    """``update_by_pk`` from (pk, values of ``fields``) pairs, without an instance per row."""
    connection = connections[router.db_for_write(model)]
    meta = model._meta
    columns = [meta.get_field(name) for name in fields]
    quote = connection.ops.quote_name
    sql = "UPDATE {} SET {} WHERE {} = %s".format(
        quote(meta.db_table),
        ", ".join(f"{quote(column.column)} = %s" for column in columns),
        quote(meta.pk.column),
    )
    prepare = row_preparer(columns, connection)
    with connection.cursor() as cursor:
        for batch in batched(rows, BATCH_SIZE, strict=False):
            cursor.executemany(sql, [[*prepare(values), pk] for pk, values in batch])


def row_preparer(columns: Sequence, connection):
    """A function turning a row of Python values for ``columns`` into database values, as
    ``get_db_prep_save`` does, passing plain strings, numbers and None through as they are."""
    steps = []
    for column in columns:
        kind = column.get_internal_type()
        if kind == "ForeignKey":
            kind = column.target_field.get_internal_type()
            kind = "IntegerField" if kind in ("AutoField", "BigAutoField") else kind
        plain = AS_IS.get(kind)
        # A column's other values are prepared once each: an import's rows repeat the same
        # timestamp, release date or mana value thousands of times. JSON values are unhashable.
        prepared = None if kind == "JSONField" else {}
        steps.append((column, (plain, type(None)) if plain else (), prepared))

    def prepare_one(column, prepared: dict | None, value):
        if prepared is None:
            return column.get_db_prep_save(value, connection)
        if (result := prepared.get(value, prepared)) is prepared:
            result = prepared[value] = column.get_db_prep_save(value, connection)
        return result

    def prepare(row: Sequence) -> list:
        return [
            value if type(value) in as_is else prepare_one(column, prepared, value)
            for (column, as_is, prepared), value in zip(steps, row, strict=True)
        ]

    return prepare


def insert_rows(model, objects: Sequence) -> None:
    """Insert ``objects`` (new instances) with one prepared INSERT run for each.

    Does what ``QuerySet.bulk_create`` does without building a statement of a few thousand
    placeholders per batch, which costs Django's compiler several times what the database
    takes: a whole import's 400,000 rows. The instances get no primary key back (read them
    by their natural key when needed); no signals are sent.
    """
    meta = model._meta
    fields = [field for field in meta.concrete_fields if field is not meta.auto_field]
    if any(field.has_db_default() or field.generated for field in fields):
        raise ValueError(f"{model.__name__} has a column the database fills: use bulk_create")
    insert_values(
        model,
        [field.name for field in fields],
        ([field.pre_save(obj, True) for field in fields] for obj in objects),
    )


def insert_values(model, fields: Sequence[str], rows: Iterable[Sequence]) -> None:
    """INSERT plain rows of values for ``fields``, without a model instance per row: as many
    rows to a statement as the database takes parameters. Few statements matter where a
    trigger fills a full-text index (the search rows): SQLite's FTS5 writes its new entries
    out at the start of every statement."""
    connection = connections[router.db_for_write(model)]
    columns = [model._meta.get_field(name) for name in fields]
    per_statement = max(
        1,
        min(
            BATCH_SIZE,
            MAX_PARAMETERS // len(columns),
            connection.ops.bulk_batch_size(columns, range(BATCH_SIZE)),
        ),
    )
    quote = connection.ops.quote_name
    head = "INSERT INTO {} ({}) VALUES ".format(
        quote(model._meta.db_table), ", ".join(quote(column.column) for column in columns)
    )
    placeholders = f"({', '.join(['%s'] * len(columns))})"
    prepare = row_preparer(columns, connection)
    with connection.cursor() as cursor:
        for batch in batched(rows, per_statement, strict=False):
            cursor.execute(
                head + ", ".join([placeholders] * len(batch)),
                [value for row in batch for value in prepare(row)],
            )


def insert_dicts(model, rows: Sequence[dict]) -> None:
    """Insert new rows given as {field attname: value}; the fields a row leaves out take the
    values a new instance would save, without building one per row."""
    if not rows:
        return
    meta = model._meta
    fields = [field for field in meta.concrete_fields if field is not meta.auto_field]
    unknown = set(rows[0]) - {field.attname for field in fields}
    if unknown or any(field.has_db_default() or field.generated for field in fields):
        raise ValueError(f"{model.__name__}: use insert_rows ({', '.join(sorted(unknown))})")
    template = model()
    defaults = [
        (
            field.attname,
            field.pre_save(template, True),
            field.get_default if callable(field.default) and field.has_default() else None,
        )
        for field in fields
    ]
    insert_values(
        model,
        [field.name for field in fields],
        (
            [
                row[name] if name in row else make() if make else default
                for name, default, make in defaults
            ]
            for row in rows
        ),
    )


def insert_with_history(model, objects: Sequence, key_fields: Sequence[str], reason: str):
    """Insert ``objects`` (new instances) and a "created" history record for each, as
    simple_history's ``bulk_create_with_history`` does, with prepared statements.

    The new rows' primary keys are read back by ``key_fields``, which must tell each of them
    apart from the table's other rows with the same first key field.
    """
    if not objects:
        return
    insert_rows(model, objects)
    by_key = {tuple(getattr(obj, name) for name in key_fields): obj for obj in objects}
    first = key_fields[0]
    for values in chunks({key[0] for key in by_key}):
        for pk, *key in model.objects.filter(**{f"{first}__in": values}).values_list(
            "pk", *key_fields
        ):
            if (obj := by_key.get(tuple(key))) is not None:
                obj.pk = pk
    if not getattr(settings, "SIMPLE_HISTORY_ENABLED", True):
        return
    history = model.history.model
    tracked = [field.attname for field in history.tracked_fields]
    user = history.get_default_history_user(objects[0])
    user_id = user.pk if user is not None else None
    now = timezone.now()
    insert_values(
        history,
        [*tracked, "history_date", "history_user", "history_change_reason", "history_type"],
        ([*(getattr(obj, name) for name in tracked), now, user_id, reason, "+"] for obj in objects),
    )


@dataclass
class SyncStats:
    created: int = 0
    updated: int = 0
    unchanged: int = 0
    deleted: int = 0

    @property
    def changed(self) -> bool:
        return bool(self.created or self.updated or self.deleted)

    def __str__(self):
        parts = [
            f"{self.created} created",
            f"{self.updated} updated",
            f"{self.unchanged} unchanged",
        ]
        if self.deleted:
            parts.append(f"{self.deleted} deleted")
        return ", ".join(parts)


def upsert(
    model,
    key_fields: tuple[str, ...],
    rows: dict[Hashable, dict],
    queryset=None,
    on_create: dict[Hashable, dict] | None = None,
) -> tuple[SyncStats, dict[Hashable, int]]:
    """Make the table hold ``rows`` ({key tuple: {field: value}}); return stats and key -> pk.

    Only the fields named in the rows are compared and written, so columns that editors own
    (or that a later step fills) are never touched. ``on_create`` adds values used only when a
    row is new (a slug, say). Rows of the table that are not in ``rows`` are left alone.
    """
    stats = SyncStats()
    if not rows:
        return stats, {}
    fields = list(next(iter(rows.values())))
    existing = {}
    source = queryset if queryset is not None else model.objects.all()
    for values in source.values("pk", *key_fields, *fields).iterator(chunk_size=BATCH_SIZE):
        key = tuple(values[name] for name in key_fields)
        existing[key if len(key) > 1 else key[0]] = values
    to_create, to_update, pks = [], [], {}
    for key, row in rows.items():
        current = existing.get(key)
        if current is None:
            key_values = dict(zip(key_fields, key if len(key_fields) > 1 else (key,), strict=True))
            extra = (on_create or {}).get(key, {})
            to_create.append((key, {**key_values, **row, **extra}))
        elif any(current[name] != value for name, value in row.items()):
            instance = model(pk=current["pk"], **row)
            to_update.append(instance)
            pks[key] = current["pk"]
        else:
            stats.unchanged += 1
            pks[key] = current["pk"]
    insert_dicts(model, [values for _, values in to_create])
    if to_create:
        created = {key for key, _ in to_create}
        for pk, *key in source.values_list("pk", *key_fields).iterator(chunk_size=BATCH_SIZE):
            key = tuple(key) if len(key) > 1 else key[0]
            if key in created:
                pks[key] = pk
    if to_update:
        update_by_pk(model, to_update, fields)
    stats.created, stats.updated = len(to_create), len(to_update)
    return stats, pks


def sync_links(
    through, left: str, right: str, wanted: dict[int, set[int]], scope: Iterable[int]
) -> SyncStats:
    """Make a many-to-many table hold exactly ``wanted`` for the left-hand ids in ``scope``."""
    stats = SyncStats()
    scope = list(scope)
    current: dict[int, set[int]] = {}
    for chunk in chunks(scope):
        for left_id, right_id in through.objects.filter(among(left, chunk)).values_list(
            left, right
        ):
            current.setdefault(left_id, set()).add(right_id)
    to_add, to_remove = [], {}
    for left_id in scope:
        have, want = current.get(left_id, set()), wanted.get(left_id, set())
        to_add += [(left_id, right_id) for right_id in want - have]
        if have - want:
            to_remove[left_id] = have - want
        stats.unchanged += len(have & want)
    insert_values(through, (left, right), to_add)
    for left_id, right_ids in to_remove.items():
        through.objects.filter(**{left: left_id, f"{right}__in": right_ids}).delete()
    stats.created = len(to_add)
    stats.deleted = sum(len(right_ids) for right_ids in to_remove.values())
    return stats


def refresh_planner_statistics(*models) -> None:
    """On PostgreSQL, ANALYZE the tables a bulk write just filled, inside its transaction (ANALYZE
    counts the transaction's own new rows). Without it the planner keeps statistics from when the
    tables were empty (a fresh database, or a test database after rolled-back imports) and picks
    nested loops over thousands of rows, which a four-table join cannot afford."""
    for model in models:
        connection = connections[router.db_for_write(model)]
        if connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute(f"ANALYZE {connection.ops.quote_name(model._meta.db_table)}")
