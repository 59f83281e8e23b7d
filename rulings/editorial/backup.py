"""Editors' work alone, as JSON that restores onto a fresh import (``export_editorial``,
``import_editorial``).

What editors make and no import can make again: errata, rulings an editor wrote or corrected,
ruling statuses set by hand, hand-made card -> rule links, old rule numbers mapped by hand, and
the change history of those that keep one (all but the mappings), and the errata a person
deleted, which a restore deletes again where a fresh import brought them back (``deletions``).
Rows are named by natural keys (a card by its Oracle id, a rule by its edition's language and
date and its number, a keyword by its slug, a document by its slug), never by database ids, so
the file restores into any database holding the same cards and rules, such as a new one filled
by ``make data`` or ``update_data``.

Restoring updates the row each entry names when there is one and creates it otherwise; the
row's history becomes the exported one. So a restore is idempotent, onto a fresh import and onto
the database the file came from alike, even after editors changed the rows since. An erratum or
a ruling is found by its creation time, which the restore gives back (the same row, whatever
changed in it since); else, as it was exported or as its first history record has it, an
imported ruling an editor corrected by its subject and ``source_key``, an editor's ruling by
its subject, language, date and wording, an erratum by its card, face, field, date and old
wording (as a fresh import writes the errata of a document). A link is found by its card and
rule (a kept one by its card and missing number), a mapping by its old rule. No row is taken
by two entries. History records name their editor by username, kept when such a user exists
here. A name the database does not hold stops the whole import.

A hand-set mapping kept while one of its rules is missing (see ``importers.hand_work``) is
exported as kept, with that rule's number. Restored where the rule is, it goes back on it;
restored where the rule is missing too, it is kept again, and the next import that brings the
rule back puts it there.
"""

import json
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime

from django.contrib.auth import get_user_model
from django.db import models, transaction
from django.db.models import Q

from oracle import data_version
from oracle.models import Card, CardFace, CardType, Erratum, Keyword
from rulings.editorial.deletions import deleted_by_editors, restore_deletions
from rulings.models import (
    CardRule,
    Language,
    RuleMapping,
    RuleSection,
    RulesEdition,
    Ruling,
    SourceDocument,
)

FORMAT = "oracolo-editorial"
FORMAT_VERSION = 1
# Set by the database, or worked out again by Oracolo: never part of an editor's work.
NOT_EXPORTED = {"id", "outdated_because", "section"}
ERRATUM_KEY = ("card_id", "face_id", "field", "date", "old_text")


class EditorialImportError(Exception):
    """The file cannot be restored here; nothing was written."""


@dataclass(frozen=True)
class Reference:
    """How a foreign key is written: ``to_key(pk) -> JSON`` and back ``from_key(JSON) -> pk``."""

    to_key: Callable
    from_key: Callable


def _edition_key(section: RuleSection) -> dict:
    return {
        "language": section.edition.language,
        "effective_date": section.edition.effective_date.isoformat(),
        "number": section.number,
    }


def _section_pk(key: dict) -> int | None:
    return (
        RuleSection.objects.filter(
            edition__language=key["language"],
            edition__effective_date=key["effective_date"],
            number=key["number"],
        )
        .order_by("-edition__is_complete")
        .values_list("pk", flat=True)
        .first()
    )


def _face_key(pk):
    face = CardFace.objects.select_related("card").get(pk=pk)
    return {"card": str(face.card.oracle_id), "position": face.position}


def _one_pk(queryset) -> int | None:
    return queryset.values_list("pk", flat=True).first()


REFERENCES = {
    "card": Reference(
        to_key=lambda pk: str(Card.objects.values_list("oracle_id", flat=True).get(pk=pk)),
        from_key=lambda key: _one_pk(Card.objects.filter(oracle_id=key)),
    ),
    "face": Reference(
        to_key=_face_key,
        from_key=lambda key: _one_pk(
            CardFace.objects.filter(card__oracle_id=key["card"], position=key["position"])
        ),
    ),
    "keyword": Reference(
        to_key=lambda pk: Keyword.objects.values_list("slug", flat=True).get(pk=pk),
        from_key=lambda key: _one_pk(Keyword.objects.filter(slug=key)),
    ),
    "card_type": Reference(
        to_key=lambda pk: CardType.objects.values("name", "kind").get(pk=pk),
        from_key=lambda key: _one_pk(CardType.objects.filter(name=key["name"], kind=key["kind"])),
    ),
    "source_document": Reference(
        to_key=lambda pk: SourceDocument.objects.values_list("slug", flat=True).get(pk=pk),
        from_key=lambda key: _one_pk(SourceDocument.objects.filter(slug=key)),
    ),
    "rule": Reference(
        to_key=lambda pk: _edition_key(RuleSection.objects.select_related("edition").get(pk=pk)),
        from_key=_section_pk,
    ),
}


@dataclass(frozen=True)
class Kind:
    """One kind of editorial row: its model, which rows are editors' work, how its foreign keys
    are named (field -> reference) and which fields find the row again on restoring."""

    key: str
    model: type[models.Model]
    editors_work: Q
    references: dict[str, str]
    identity: tuple[str, ...]


KINDS = (
    Kind("errata", Erratum, Q(), {"card": "card", "face": "face"}, ()),
    Kind(
        "rulings",
        Ruling,
        Q(origin=Ruling.Origin.EDITOR) | Q(status_set_by_hand=True),
        {
            "card": "card",
            "keyword": "keyword",
            "card_type": "card_type",
            "source_document": "source_document",
        },
        (),
    ),
    Kind(
        "card_rules",
        CardRule,
        Q(origin=CardRule.Origin.MANUAL),
        {"card": "card", "section": "rule"},
        ("card", "section"),
    ),
    Kind(
        "rule_mappings",
        RuleMapping,
        Q(method=RuleMapping.Method.MANUAL),
        {"old_section": "rule", "current_section": "rule"},
        ("old_section",),
    ),
)


def _plain_fields(model) -> list[models.Field]:
    return [
        field
        for field in model._meta.concrete_fields
        if not field.is_relation and field.name not in NOT_EXPORTED
    ]


def _write_values(kind: Kind, row, fields) -> dict:
    values = {
        field.name: None if field.value_from_object(row) is None else field.value_to_string(row)
        for field in fields
    }
    for name, reference in kind.references.items():
        pk = getattr(row, f"{name}_id")
        values[name] = None if pk is None else REFERENCES[reference].to_key(pk)
    return values


def _history_of(kind: Kind, row) -> list[dict]:
    if not hasattr(kind.model, "history"):
        return []
    records = row.history.order_by("history_date", "history_id").select_related("history_user")
    return [_history_entry(kind, record) for record in records]


def _history_entry(kind: Kind, record) -> dict:
    tracked = {field.name for field in kind.model.history.model._meta.concrete_fields}
    entry = _write_values(kind, record, [f for f in _plain_fields(kind.model) if f.name in tracked])
    entry["history_date"] = record.history_date.isoformat()
    entry["history_type"] = record.history_type
    entry["history_change_reason"] = record.history_change_reason
    entry["history_user"] = record.history_user.get_username() if record.history_user else None
    return entry


def export_editorial() -> dict:
    """Editors' work in this database, as a JSON-ready dict."""
    exported = {
        "format": FORMAT,
        "version": FORMAT_VERSION,
        "exported_at": datetime.now(UTC).isoformat(),
    }
    for kind in KINDS:
        fields = _plain_fields(kind.model)
        entries = []
        for row in kind.model.objects.filter(kind.editors_work).order_by("pk"):
            entry = _write_values(kind, row, fields)
            entry["history"] = _history_of(kind, row)
            entries.append(entry)
        exported[kind.key] = entries
    exported["deleted_errata"] = [
        _history_entry(KINDS[0], record) for record in deleted_by_editors(Erratum)
    ]
    return exported


class _Restorer:
    def __init__(self):
        self.problems: list[str] = []
        self.users = {user.get_username(): user.pk for user in get_user_model().objects.all()}
        self.counts: dict[str, dict[str, int]] = {}
        self.taken: dict[str, set[int]] = {}

    def read_values(self, kind: Kind, entry: dict, fields, where: str) -> dict:
        values = {}
        for field in fields:
            if field.name in entry:
                values[field.attname] = field.to_python(entry[field.name])
        for name, reference in kind.references.items():
            key = entry.get(name)
            pk = None if key is None else REFERENCES[reference].from_key(key)
            if key is not None and pk is None:
                self.problems.append(f"{where}: no {name.replace('_', ' ')} {json.dumps(key)} here")
            values[f"{name}_id"] = pk
        return values

    def find(self, kind: Kind, values: dict, history: list[dict]):
        """The row this entry names (see the module docstring), or None; never one another entry
        of this restore took."""
        taken = self.taken.setdefault(kind.key, set())
        rows = kind.model.objects.order_by("pk")
        if values.get("created_at") is not None:
            same_time = list(rows.filter(created_at=values["created_at"])[:2])
            if len(same_time) == 1 and same_time[0].pk not in taken:
                return same_time[0]
        lookups = [natural_key(kind, values, version) for version in (values, *history[:1])]
        for lookup in dict.fromkeys(_frozen(lookup) for lookup in lookups):
            for row in rows.filter(**dict(lookup)):
                if row.pk not in taken:
                    return row
        return None

    def restore(self, kind: Kind, entries: list[dict]) -> None:
        fields = _plain_fields(kind.model)
        created = updated = 0
        for index, entry in enumerate(entries, start=1):
            where = f"{kind.key} #{index}"
            values = self.read_values(kind, entry, fields, where)
            history = [
                self.read_history(kind, record, f"{where}, history #{number}")
                for number, record in enumerate(entry.get("history", []), start=1)
            ]
            if self.problems:
                continue
            if kind.key == "rule_mappings":
                _settle_kept_mapping(values)
            row = self.find(kind, values, history)
            if row is None:
                row = kind.model(**values)
                created += 1
            else:
                for name, value in values.items():
                    setattr(row, name, value)
                updated += 1
            row.skip_history_when_saving = True
            row.save()
            del row.skip_history_when_saving
            self.taken[kind.key].add(row.pk)
            # save() sets the automatic dates to now: give them back their exported values.
            automatic = {
                field.attname: values[field.attname]
                for field in fields
                if (getattr(field, "auto_now", False) or getattr(field, "auto_now_add", False))
                and values.get(field.attname) is not None
            }
            if automatic:
                kind.model.objects.filter(pk=row.pk).update(**automatic)
            if hasattr(kind.model, "history") and history:
                history_model = kind.model.history.model
                history_model.objects.filter(id=row.pk).delete()
                history_model.objects.bulk_create(
                    history_model(id=row.pk, **record) for record in history
                )
        self.counts[kind.key] = {"created": created, "updated": updated}

    def read_history(self, kind: Kind, record: dict, where: str) -> dict:
        tracked = {field.name for field in kind.model.history.model._meta.concrete_fields}
        fields = [field for field in _plain_fields(kind.model) if field.name in tracked]
        values = self.read_values(kind, record, fields, where)
        values["history_date"] = datetime.fromisoformat(record["history_date"])
        values["history_type"] = record["history_type"]
        values["history_change_reason"] = record.get("history_change_reason")
        values["history_user_id"] = self.users.get(record.get("history_user"))
        return values


def natural_key(kind: Kind, values: dict, version: dict) -> dict:
    """The lookup finding the row of ``values`` by what it is: its subject and identity taken
    from ``version`` (``values`` itself, or its first history record, as first written)."""
    if kind.key == "errata":
        return {name: version.get(name) for name in ERRATUM_KEY}
    if kind.key == "rulings":
        target = {name: version.get(name) for name in ("card_id", "keyword_id", "card_type_id")}
        if values.get("source_key"):
            return {**target, "source_key": values["source_key"]}
        return {**target, **{name: version.get(name) for name in ("language", "date", "text")}}
    if kind.key == "card_rules" and values["section_id"] is None:
        return {
            "card_id": values["card_id"],
            "section_id": None,
            "missing_number": values["missing_number"],
        }
    if kind.key == "rule_mappings" and values["old_section_id"] is None:
        return {
            name: values[name]
            for name in ("old_section_id", "missing_old_edition", "missing_old_number")
        }
    return {f"{name}_id": values[f"{name}_id"] for name in kind.identity}


def _frozen(lookup: dict) -> tuple:
    return tuple(sorted(lookup.items()))


def _settle_kept_mapping(values: dict) -> None:
    """Put a mapping exported while one of its rules was missing back on that rule when this
    database has it."""
    if values.get("old_section_id") is None and values.get("missing_old_number"):
        key = {
            "language": Language.ENGLISH,
            "effective_date": values["missing_old_edition"],
            "number": values["missing_old_number"],
        }
        found = _section_pk(key)
        if found is not None:
            values.update(old_section_id=found, missing_old_number="", missing_old_edition=None)
    if values.get("current_section_id") is None and values.get("missing_number"):
        current = RulesEdition.objects.official().in_force()
        found = _one_pk(
            RuleSection.objects.filter(edition=current, number=values["missing_number"])
        )
        if found is not None:
            values.update(current_section_id=found, missing_number="")


def import_editorial(data: dict) -> dict[str, dict[str, int]]:
    """Restore an export into this database, all or nothing; the counts of rows created and
    updated per kind. Raises ``EditorialImportError`` naming what this database lacks."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise EditorialImportError(f'not an export of editors\' work (no "format": "{FORMAT}")')
    if data.get("version") != FORMAT_VERSION:
        raise EditorialImportError(
            f"format version {data.get('version')!r}; this Oracolo reads version {FORMAT_VERSION}"
        )
    restorer = _Restorer()
    with transaction.atomic():
        for kind in KINDS:
            entries = data.get(kind.key, [])
            if not isinstance(entries, list):
                raise EditorialImportError(f'"{kind.key}" is not a list')
            restorer.restore(kind, entries)
        restore_deletions(restorer, KINDS[0], data.get("deleted_errata", []), natural_key)
        if restorer.problems:
            shown = "; ".join(restorer.problems[:20])
            more = len(restorer.problems) - 20
            raise EditorialImportError(shown + (f"; and {more} more" if more > 0 else ""))
        data_version.changed()
    return restorer.counts
