"""Errata an editor deleted, in an export of editors' work (``backup``), so that a restore onto
a fresh import deletes again what that import brought back.

A document's import does not write again an erratum someone deleted by hand: the deletion
record in the erratum's history is its tombstone (``importers.release_notes.errata``). A fresh
database has no history, so ``make data`` brings such an erratum back; the export carries each
deletion record of a row deleted by a person and not there any more, and the restore deletes
the row that stands for it, giving it that record (its editor, date and reason), or writes the
record alone where no row stands for it. A record the database holds already is left as it is,
so a restore stays idempotent.
"""

from django.db.models import Max


def deleted_by_editors(model) -> list:
    """The deletion records, oldest first, of the rows of ``model`` a person deleted and that
    are not there again."""
    history = model.history.model.objects
    return list(
        history.filter(history_type="-", history_user__isnull=False)
        .exclude(id__in=model.objects.values("pk"))
        .select_related("history_user")
        .order_by("history_date", "history_id")
    )


def restore_deletions(restorer, kind, entries: list[dict], natural_key) -> None:
    """Delete again, or record as deleted, each row of ``entries`` (deletion records as the
    export writes them); ``restorer`` is the restore's (``backup._Restorer``), ``natural_key``
    how it names a row (``backup.natural_key``)."""
    history = kind.model.history.model.objects
    deleted = recorded = 0
    for index, entry in enumerate(entries, start=1):
        record = restorer.read_history(kind, entry, f"deleted_{kind.key} #{index}")
        if restorer.problems:
            continue
        values = {name: value for name, value in record.items() if not name.startswith("history")}
        if history.filter(
            history_type="-",
            history_date=record["history_date"],
            **natural_key(kind, values, values),
        ).exists():
            continue
        row = restorer.find(kind, values, [])
        if row is not None:
            pk = row.pk
            row.delete()  # its history gets a deletion record by no one: made the export's
            newest = history.filter(id=pk, history_type="-").aggregate(Max("history_id"))
            history.filter(history_id=newest["history_id__max"]).update(
                **{name: value for name, value in record.items() if name != "id"}
            )
            deleted += 1
        else:
            # No row: the record alone, under an id no row of this table has had.
            unused = max(
                kind.model.objects.aggregate(Max("pk"))["pk__max"] or 0,
                history.aggregate(Max("id"))["id__max"] or 0,
            )
            history.create(id=unused + 1, **record)
            recorded += 1
    restorer.counts[f"deleted_{kind.key}"] = {"deleted again": deleted, "recorded": recorded}
