"""The changes to the records that belong to an object, for its admin history page: a card's
"History" lists its own admin log and, below it, every version of its errata, rulings and rule
links (django-simple-history's records), newest first: when, which record, what happened, who,
why, and what changed (``common.history_changes``)."""

from dataclasses import dataclass
from datetime import datetime

from django.urls import NoReverseMatch, reverse
from django.utils.text import capfirst

from common.history_changes import ReadableChanges, reason_words

# The newest versions shown: a card's records change a few times a year.
SHOWN = 100


@dataclass
class RelatedChange:
    when: datetime
    kind: str  # the record's model, by its name ("Erratum")
    record: str  # the record, by its name as it was then
    history_url: str  # the record's own history page ("" when it has none)
    operation: str  # added, changed, deleted
    user: object  # the editor, None for an import or a command
    reason: str
    changes: list[dict]  # ReadableChanges' words; none for an addition or a deletion


def related_changes(histories, shown: int = SHOWN) -> list[RelatedChange]:
    """The newest ``shown`` versions of the records of ``histories`` (querysets of historical
    records, each of one model, filtered to the object's records), newest first, each with what
    changed since the record's version before it."""
    rows = []
    for history in histories:
        model = history.model.instance_type
        versions = list(
            history.select_related("history_user").order_by("-history_date", "-history_id")[:shown]
        )
        earlier = _versions_before(history, versions)
        for version in versions:
            before = earlier.get(version.history_id)
            changes = []
            if before is not None and version.history_type == "~":
                delta = version.diff_against(before, foreign_keys_are_objs=False)
                changes = ReadableChanges(model, version).context_for_delta_changes(delta)
            rows.append(_row(model, version, changes))
    rows.sort(key=lambda row: row.when, reverse=True)
    return rows[:shown]


def _versions_before(history, versions) -> dict[int, object]:
    """history_id -> the version of the same record just before it, for ``versions``."""
    pk_name = history.model.instance_type._meta.pk.attname
    ids = {getattr(version, pk_name) for version in versions}
    by_record: dict[object, list] = {}
    for each in history.filter(**{f"{pk_name}__in": ids}).order_by("history_date", "history_id"):
        by_record.setdefault(getattr(each, pk_name), []).append(each)
    before = {}
    for record_versions in by_record.values():
        for previous, version in zip(record_versions, record_versions[1:], strict=False):
            before[version.history_id] = previous
    return before


def _row(model, version, changes) -> RelatedChange:
    opts = model._meta
    record_pk = getattr(version, opts.pk.attname)  # the record's, not the version's (history_id)
    try:
        url = reverse(f"admin:{opts.app_label}_{opts.model_name}_history", args=[record_pk])
    except NoReverseMatch:
        url = ""
    return RelatedChange(
        when=version.history_date,
        kind=capfirst(opts.verbose_name),
        record=str(version.history_object),
        history_url=url,
        operation=version.get_history_type_display(),
        user=version.history_user,
        reason=reason_words(version.history_change_reason or ""),
        changes=changes,
    )
