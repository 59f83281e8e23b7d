"""What the admin's history pages say changed, in the editor's language: each field by its
verbose name, each value as the change form shows it (a choice's label, yes or no, a date in
words, an object by its name, "—" for nothing), and every text whole, its removed and added
words marked (``common.word_changes``)."""

import re

from django.db import models
from django.utils.formats import date_format
from django.utils.text import capfirst
from django.utils.translation import gettext as _
from simple_history.template_utils import HistoricalRecordContextHelper

from common.dates import long_date
from common.word_changes import word_changes

NOTHING = "—"
# A CharField is compared word by word, as a text, from this many characters.
LONG_TEXT = 60


def shown_value(field: models.Field, value) -> str:
    """``value`` of ``field`` as the admin's change form shows it."""
    if value is None or value == "":
        return NOTHING
    if field.choices:
        return str(dict(field.flatchoices).get(value, value))
    if isinstance(field, models.BooleanField):
        return _("Yes") if value else _("No")
    if isinstance(field, models.DateTimeField):
        return date_format(value, "DATETIME_FORMAT")
    if isinstance(field, models.DateField):
        return long_date(value)
    if isinstance(value, list | tuple):
        return ", ".join(str(item) for item in value) or NOTHING
    return str(value)


def is_text(field: models.Field, old: str, new: str) -> bool:
    if field.choices:
        return False
    if isinstance(field, models.TextField):
        return True
    return isinstance(field, models.CharField) and max(len(old), len(new)) >= LONG_TEXT


class ReadableChanges(HistoricalRecordContextHelper):
    """The changes from one version to the next as the history template writes them: for each
    field, its name, the old and new values shown, and for a text its words (("same" | "del" |
    "ins", lines), ...) instead."""

    def context_for_delta_changes(self, delta) -> list[dict]:
        changes = []
        for change in delta.changes:
            field = self.model._meta.get_field(change.field)
            old, new = shown_value(field, change.old), shown_value(field, change.new)
            text = is_text(field, change.old or "", change.new or "")
            changes.append(
                {
                    "field": capfirst(field.verbose_name),
                    "old": old,
                    "new": new,
                    "words": word_changes(change.old or "", change.new or "") if text else None,
                }
            )
        return changes


def fields_by_name(model) -> dict[str, models.Field]:
    return {field.name: field for field in model._meta.get_fields()}


def shown_columns(model, names, record) -> list[str]:
    """The values of a history row's extra columns (``history_list_display``), shown."""
    fields = fields_by_name(model)
    return [
        shown_value(fields[name], getattr(record, name))
        if name in fields and not fields[name].is_relation
        else str(getattr(record, name, None) or NOTHING)
        for name in names
    ]


def column_titles(model, names) -> list[str]:
    fields = fields_by_name(model)
    return [
        capfirst(fields[name].verbose_name) if name in fields else capfirst(name.replace("_", " "))
        for name in names
    ]


IMPORTED_FROM = re.compile(r"Imported from (?P<source>.+)")


def reason_words(reason: str) -> str:
    """Why a version was saved, in the editor's language: the reasons the code gives are marked
    for translation where they are written (``gettext_noop``); an import names its source."""
    if not reason:
        return ""
    imported = IMPORTED_FROM.fullmatch(reason)
    if imported:
        return _("Imported from %(source)s") % {"source": imported["source"]}
    return _(reason)
