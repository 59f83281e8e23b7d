"""Reading and raising the data version (``oracle.models.DataVersion``).

Every change to what pages show raises it, once per transaction, after the transaction
commits (so a reader who sees the new number also sees the new data):

- every command that writes data calls ``changed()`` inside its transaction; a dry run, which
  rolls back, raises nothing;
- every save or delete of an editorial model: errata here, and the models another app names
  from its ``AppConfig.ready()``::

      from oracle import data_version
      data_version.watch_model(Ruling)

- every change made through the admin (``web.http_caching`` calls ``changed()`` after each
  successful admin form or action that wrote data, unless a watched model raised it already).

Nothing raises it for what did not change: an import of the same files, a link or an alignment
that finds everything in place, writes nothing and says nothing.

``current()`` reads it with the card data's date (the newest MTGJSON import's) in one query,
once per request (``for_request``): a public page's ETag and its footer (``web.data_age``) both
need it.
"""

from datetime import UTC, date, datetime
from typing import NamedTuple

from django.db import transaction
from django.db.models import Subquery
from django.db.models.signals import post_delete, post_save
from django.utils import timezone

from oracle.models import CardDataImport, DataVersion, Erratum

NEVER = datetime(2000, 1, 1, tzinfo=UTC)
TABLE = DataVersion._meta.db_table  # a request that wrote to it has raised the version


class Version(NamedTuple):
    number: int
    changed_at: datetime
    cards_date: date | None  # the MTGJSON date of the newest import that says one


def current() -> Version:
    """The data version now, with the cards' date. Every import raises the version, so a
    database without one has never had data: number 0, and no date."""
    newest_date = CardDataImport.objects.dated_newest_first().values("data_date")[:1]
    row = (
        DataVersion.objects.filter(pk=1)
        .values_list("number", "changed_at", Subquery(newest_date))
        .first()
    )
    return Version(*row) if row else Version(0, NEVER, None)


def for_request(request) -> Version:
    """The data version ``request`` sees: read once, by whichever asks first (the HTTP caching
    for its ETag, a page, or the footer), and kept on the request for the others."""
    version = getattr(request, "data_version", None)
    if version is None:
        version = request.data_version = current()
    return version


def changed() -> None:
    """Say the data changed: the version rises when the current transaction commits (at once
    outside a transaction), once however many times this is called inside it."""
    connection = transaction.get_connection()
    if connection.in_atomic_block and any(
        isinstance(callback, _Bump) and not callback.done
        for _, callback, _ in connection.run_on_commit
    ):
        return
    transaction.on_commit(_Bump())


class _Bump:
    """One rise waiting for its transaction to commit (a savepoint rolled back drops it)."""

    def __init__(self):
        self.done = False

    def __call__(self):
        self.done = True
        _bump()


def _bump() -> None:
    # ``changed_at`` is the clock's time, never later (a Last-Modified in the future would be
    # wrong); it never goes back either, for machines whose clocks disagree. Two changes in one
    # second share a Last-Modified; their ETags, which hold the number, differ.
    with transaction.atomic():
        row = DataVersion.objects.select_for_update().filter(pk=1).first()
        now = timezone.now()
        if row is None:
            DataVersion.objects.create(pk=1, number=1, changed_at=now)
            return
        row.number += 1
        row.changed_at = max(now, row.changed_at)
        row.save(update_fields=["number", "changed_at"])


def _model_changed(sender, **kwargs) -> None:
    changed()


def watch_model(model, deletions: bool = True) -> None:
    """Raise the version whenever a row of ``model`` is saved (and deleted, unless
    ``deletions=False``: a delete receiver makes Django fetch every row a bulk delete removes,
    so a model that imports delete in bulk leaves its deletions to the commands and the admin,
    which say ``changed()`` themselves)."""
    uid = f"data_version.{model._meta.label}"
    post_save.connect(_model_changed, sender=model, dispatch_uid=uid, weak=False)
    if deletions:
        post_delete.connect(_model_changed, sender=model, dispatch_uid=uid, weak=False)


def register() -> None:
    watch_model(Erratum)
