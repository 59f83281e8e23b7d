"""Write a read rules document into the database: one edition, its sections and glossary, and
where the numbers of the older English editions went. Call it inside ``transaction.atomic()``.

Upserts by natural key (``(edition, number)`` for sections, ``(edition, slug)`` for the glossary),
so importing the same file twice changes nothing; rows the file no longer has are deleted; other
editions are never touched, except for their old-number mappings, which always point into the
current edition (the newest complete English one) and are recomputed when it changes.

Hand-set mappings and hand-made links whose rule the file no longer has are kept without it and
put back when an import brings the rule back (``hand_work``); the result counts both.
"""

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from types import SimpleNamespace

from common.upsert import (
    BATCH_SIZE,
    SyncStats,
    chunks,
    refresh_planner_statistics,
    update_by_pk,
    upsert,
)
from rulings.importers.comprehensive_rules import RulesDocument
from rulings.importers.hand_work import HandWork, keep_hand_work, restore_old_rules
from rulings.importers.renumbering import Item, Match, Reference, map_edition
from rulings.models import GlossaryEntry, Language, RuleMapping, RuleSection, RulesEdition
from rulings.status.ruling_status import recompute_statuses

SECTION_FIELDS = ["level", "title", "text", "examples", "position", "parent"]
MAPPING_FIELDS = ["current_section", "confidence", "method", "missing_number"]


@dataclass
class MappingReport:
    edition: RulesEdition
    stats: SyncStats
    total: int
    confident: int  # confidence >= 0.8
    unmatched: int
    # Hand-set mappings of this edition put back on a rule that came back.
    restored: HandWork = field(default_factory=HandWork)


@dataclass
class RulesSyncResult:
    edition: RulesEdition
    edition_changed: bool
    sections: SyncStats
    glossary: SyncStats
    mappings: list[MappingReport] = field(default_factory=list)
    # Hand-made links and mappings whose rule this import deleted, kept without it.
    kept: HandWork = field(default_factory=HandWork)

    @property
    def restored(self) -> HandWork:
        """Hand-set mappings this import put back on their rule (links go back when the cards
        are linked)."""
        return HandWork(
            mapping_targets=sum(report.restored.mapping_targets for report in self.mappings),
            mapping_old_rules=sum(report.restored.mapping_old_rules for report in self.mappings),
        )

    @property
    def changed(self) -> bool:
        return (
            self.edition_changed
            or self.sections.changed
            or self.glossary.changed
            or any(report.stats.changed or report.restored for report in self.mappings)
        )


def sync_rules(
    document: RulesDocument, *, log: Callable[[str], None] | None = None
) -> RulesSyncResult:
    edition, edition_changed = _sync_edition(document)
    sections, kept = _sync_sections(edition, document)
    if log:
        log(f"Sections of {edition}: {sections}")
    glossary = _sync_glossary(edition, document)
    if log:
        log(f"Glossary of {edition}: {glossary}")
    refresh_planner_statistics(RulesEdition, RuleSection, GlossaryEntry)
    result = RulesSyncResult(edition, edition_changed, sections, glossary, kept=kept)
    if edition.language == Language.ENGLISH:
        result.mappings = update_mappings(edition, log=log)
        refresh_planner_statistics(RuleMapping)
        if result.changed:  # the rules rulings cite may have gone
            recompute_statuses(log=log)
    return result


def _sync_edition(document: RulesDocument) -> tuple[RulesEdition, bool]:
    wanted = {
        "is_complete": not document.partial,
        "source": Path(document.name).name,
        "sha256": document.sha256,
        "rule_count": len(document.sections),
        "glossary_count": len(document.glossary),
    }
    edition, created = RulesEdition.objects.get_or_create(
        language=document.language, effective_date=document.effective_date, defaults=wanted
    )
    if created:
        return edition, True
    changed = [name for name, value in wanted.items() if getattr(edition, name) != value]
    if changed:
        for name in changed:
            setattr(edition, name, wanted[name])
        edition.save(update_fields=[*changed, "imported_at"])
    return edition, bool(changed)


def _sync_sections(edition: RulesEdition, document: RulesDocument) -> tuple[SyncStats, HandWork]:
    stats = SyncStats()
    existing = {
        row["number"]: row
        for row in RuleSection.objects.filter(edition=edition)
        .values("pk", "number", "level", "title", "text", "examples", "position", "parent_id")
        .iterator(chunk_size=BATCH_SIZE)
    }
    pks = {number: row["pk"] for number, row in existing.items()}
    new = [
        RuleSection(
            edition=edition,
            number=record.number,
            level=record.level,
            title=record.title,
            text=record.text,
            examples=list(record.examples),
            position=record.position,
        )
        for record in document.sections
        if record.number not in existing
    ]
    for section in RuleSection.objects.bulk_create(new, batch_size=BATCH_SIZE):
        pks[section.number] = section.pk
    stats.created = len(new)

    to_update = []
    for record in document.sections:
        parent_id = pks[record.parent] if record.parent else None
        wanted = {
            "level": record.level,
            "title": record.title,
            "text": record.text,
            "examples": list(record.examples),
            "position": record.position,
        }
        row = existing.get(record.number)
        if row is None:
            if parent_id is not None:  # created above without its parent
                to_update.append(RuleSection(pk=pks[record.number], parent_id=parent_id, **wanted))
            continue
        if row["parent_id"] != parent_id or any(row[k] != v for k, v in wanted.items()):
            to_update.append(RuleSection(pk=row["pk"], parent_id=parent_id, **wanted))
            stats.updated += 1
        else:
            stats.unchanged += 1
    update_by_pk(RuleSection, to_update, SECTION_FIELDS)

    wanted_numbers = {record.number for record in document.sections}
    gone = [row["pk"] for number, row in existing.items() if number not in wanted_numbers]
    kept = keep_hand_work(gone)
    for batch in chunks(gone):
        RuleSection.objects.filter(pk__in=batch).delete()
    stats.deleted = len(gone)
    return stats, kept


def _sync_glossary(edition: RulesEdition, document: RulesDocument) -> SyncStats:
    rows = {
        (edition.pk, record.slug): {
            "term": record.term,
            "text": record.text,
            "position": record.position,
        }
        for record in document.glossary
    }
    queryset = GlossaryEntry.objects.filter(edition=edition)
    stats, _ = upsert(GlossaryEntry, ("edition_id", "slug"), rows, queryset=queryset)
    wanted = {slug for _, slug in rows}
    gone = [pk for pk, slug in queryset.values_list("pk", "slug") if slug not in wanted]
    for batch in chunks(gone):
        GlossaryEntry.objects.filter(pk__in=batch).delete()
    stats.deleted = len(gone)
    return stats


# --- Old numbers -------------------------------------------------------------------------------


def _items(edition: RulesEdition) -> list[Item]:
    rows = RuleSection.objects.filter(edition=edition).order_by("position")
    return [
        Item(*row)
        for row in rows.values_list("pk", "number", "level", "title", "text", "parent_id").iterator(
            chunk_size=BATCH_SIZE
        )
    ]


def update_mappings(
    edition: RulesEdition, *, log: Callable[[str], None] | None = None
) -> list[MappingReport]:
    """Bring the old-number mappings up to date after ``edition`` (English) was imported.

    When it is the current edition, every older English edition is mapped onto it again, and the
    current edition maps nothing: its own numbers are current. When it is an older one, only it
    is mapped.
    """
    current = RulesEdition.objects.official().in_force()
    if current is None:
        return []
    RuleMapping.objects.filter(old_section__edition=current).delete()
    if edition.pk == current.pk:
        # Newest first: a hand-set mapping into the edition that was current until now follows
        # that edition's own new mapping, computed just before.
        older = list(
            RulesEdition.objects.filter(
                language=Language.ENGLISH, effective_date__lt=current.effective_date
            ).order_by("-effective_date")
        )
    elif edition.effective_date < current.effective_date:
        older = [edition]
    else:  # a newer edition that is not complete: nothing points into it
        return []
    if not older:
        return []
    reference = Reference(_items(current))
    followed: dict[int, Match] = {}  # old section pk -> its match, for the editions done
    reports = []
    for old in older:
        restored = HandWork(mapping_old_rules=restore_old_rules(old))
        matches = map_edition(_items(old), reference)
        stats, matches, restored.mapping_targets = _sync_mapping_rows(
            old, matches, reference, followed
        )
        followed.update(matches)
        total = len(matches)
        confident = sum(1 for match in matches.values() if match.confidence >= 0.8)
        unmatched = sum(1 for match in matches.values() if match.target is None)
        report = MappingReport(old, stats, total, confident, unmatched, restored)
        reports.append(report)
        if log:
            log(f"Old numbers of {old}: {stats} ({confident}/{total} with confidence >= 0.8)")
    if edition.pk == current.pk:
        _follow_kept_targets(reference, followed)
    return reports


def _certain(match: Match | None) -> bool:
    return match is not None and match.target is not None and match.confidence >= 0.95


def _follow_kept_targets(reference: Reference, followed: dict[int, Match]) -> None:
    """Hand-set mappings kept without their old rule are not mapped with their edition: their
    target follows the new current edition here, as the others' do, when that is certain."""
    kept = RuleMapping.objects.filter(
        old_section=None, method=RuleMapping.Method.MANUAL, current_section__isnull=False
    )
    rows = [
        SimpleNamespace(pk=pk, current_section_id=followed[target].target)
        for pk, target in kept.values_list("pk", "current_section_id")
        if target not in reference.side.by_pk and _certain(followed.get(target))
    ]
    update_by_pk(RuleMapping, rows, ["current_section"])


def _sync_mapping_rows(
    old: RulesEdition, matches: dict[int, Match], reference: Reference, followed: dict
) -> tuple[SyncStats, dict[int, Match], int]:
    """Write the computed matches, keeping what an admin set by hand; returns the matches as
    written and how many hand-set targets came back."""
    stats = SyncStats()
    targets_back = 0
    existing = {
        row["old_section_id"]: row
        for row in RuleMapping.objects.filter(old_section__edition=old).values(
            "pk", "old_section_id", "current_section_id", "confidence", "method", "missing_number"
        )
    }
    matches = dict(matches)
    missing: dict[int, str] = {}  # hand-set targets the current edition still lacks
    for old_pk, row in existing.items():
        if row["method"] != RuleMapping.Method.MANUAL or old_pk not in matches:
            continue
        target = row["current_section_id"]
        if target is None and row["missing_number"]:
            back = reference.side.by_number.get(row["missing_number"])
            if back is None:
                missing[old_pk] = row["missing_number"]
            else:
                targets_back += 1
            target = back.pk if back else None
            matches[old_pk] = Match(target, row["confidence"], RuleMapping.Method.MANUAL)
            continue
        if target is None or target in reference.side.by_pk:
            matches[old_pk] = Match(target, row["confidence"], RuleMapping.Method.MANUAL)
            continue
        # The hand-set target is in an edition that is no longer current: follow it if its own
        # mapping is certain, otherwise the computed match replaces it.
        onward = followed.get(target)
        if _certain(onward):
            matches[old_pk] = Match(onward.target, row["confidence"], RuleMapping.Method.MANUAL)
    to_create, to_update = [], []
    for old_pk, match in matches.items():
        wanted = {
            "current_section_id": match.target,
            "confidence": match.confidence,
            "method": match.method,
            "missing_number": missing.get(old_pk, ""),
        }
        row = existing.get(old_pk)
        if row is None:
            to_create.append(RuleMapping(old_section_id=old_pk, **wanted))
        elif any(row[key] != value for key, value in wanted.items()):
            to_update.append(RuleMapping(pk=row["pk"], old_section_id=old_pk, **wanted))
        else:
            stats.unchanged += 1
    RuleMapping.objects.bulk_create(to_create, batch_size=BATCH_SIZE)
    update_by_pk(RuleMapping, to_update, MAPPING_FIELDS)
    gone = [row["pk"] for old_pk, row in existing.items() if old_pk not in matches]
    for batch in chunks(gone):
        RuleMapping.objects.filter(pk__in=batch).delete()
    stats.created, stats.updated, stats.deleted = len(to_create), len(to_update), len(gone)
    return stats, matches, targets_back
