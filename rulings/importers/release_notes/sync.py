"""Write a read document into the database: the SourceDocument, its sections in order, its
rulings on the cards, keywords and types they are about, and the card names it mentions.
Call it inside ``transaction.atomic()``.

The document is found again by its slug (from the file name, and its language when that is
not Italian). The same file with the same parameters changes nothing. Otherwise sections are
updated in place by position, mentions are rebuilt, and rulings are matched by
``source_key`` (date and wording): a ruling still in the document is kept, an editor's
ruling is never touched, an imported ruling no longer in the document is removed.

What people changed by hand survives: a title, kind, set, date or source edited in the admin
stays (``SourceDocument.imported_values`` holds what the import last wrote, so a field that no
longer holds it was edited); a heading keeps the keyword or card type an earlier import found
for it while its words are unchanged, so renaming a keyword's Italian name moves or removes
none of its rulings; an erratum someone deleted stays deleted (errata.py).
"""

import datetime
import hashlib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from django.utils import timezone
from simple_history.utils import bulk_create_with_history

from common.text import slug_for
from common.upsert import upsert
from oracle.models import Card, CardSet, CardType, Keyword
from rulings.importers.release_notes.card_names import CardNameIndex
from rulings.importers.release_notes.changes import save_changes
from rulings.importers.release_notes.damaged_lines import DAMAGE_REASONS, DamagedLine
from rulings.importers.release_notes.described_cards import create_described_cards
from rulings.importers.release_notes.document import Block, Document, ReadSection
from rulings.importers.release_notes.errata import (
    record_renamed_keyword_errata,
    renaming_ruling_keys,
)
from rulings.importers.release_notes.heading_subjects import subject_for_title
from rulings.importers.release_notes.keywords import apply_document_keywords
from rulings.importers.release_notes.quoted_rules import store_quoted_rules
from rulings.importers.release_notes.report import ImportReport
from rulings.models import DocumentMention, DocumentSection, Language, Ruling, SourceDocument
from rulings.status.ruling_status import recompute_statuses
from rulings.translations.memory import refresh_texts, set_keys


@dataclass(frozen=True)
class Subject:
    """What a section's rulings are about: one card, keyword or card type, or nothing."""

    card_id: int | None = None
    keyword_id: int | None = None
    card_type_id: int | None = None

    @classmethod
    def of(cls, thing: Keyword | CardType | None) -> "Subject":
        if isinstance(thing, Keyword):
            return cls(keyword_id=thing.pk)
        if isinstance(thing, CardType):
            return cls(card_type_id=thing.pk)
        return cls()

    def __bool__(self):
        return any((self.card_id, self.keyword_id, self.card_type_id))

    def as_fields(self) -> dict:
        return {
            "card_id": self.card_id,
            "keyword_id": self.keyword_id,
            "card_type_id": self.card_type_id,
        }


def sync_document(
    parsed: Document,
    *,
    path: str | Path,
    language: str,
    card_set: CardSet | None,
    date: datetime.date,
    title: str,
    kind: str,
    force: bool = False,
    log: Callable[[str], None] | None = None,
) -> ImportReport:
    """Write ``parsed`` (read from ``path``) as the document of that file name; see the module
    docstring. Returns what was done."""
    path = Path(path)
    slug = document_slug(path, language)
    report = ImportReport(document=title)
    wanted = {
        "title": title,
        "kind": kind,
        "language": language,
        "card_set": card_set,
        "published_on": date,
        "source": path.name,
        "sha256": hashlib.sha256(path.read_bytes()).hexdigest(),
    }
    document = SourceDocument.objects.filter(slug=slug).first()
    if document is not None and not force and _same(document, wanted):
        report.unchanged = True
        if language == Language.ITALIAN:  # the card data may have changed since
            record_renamed_keyword_errata(document, parsed, report)
        return report
    report.created = document is None
    known_headings = {} if document is None else _heading_subjects(document)
    document = _write_document(document, slug, parsed.text, wanted, report)

    italian = language == Language.ITALIAN
    if italian:  # its words are the Italian names and reminder texts
        apply_document_keywords(document, parsed, report)
    create_described_cards(document, parsed, report)
    edition_numbers = store_quoted_rules(document, parsed, report)
    if log:
        log(f"{title}: keywords, described cards and {report.rules_stored} quoted rules stored;")
        log("matching card names…")

    names = CardNameIndex.load()
    names.add_common_words(
        section.title for section in parsed.sections if section.kind == "heading"
    )
    subjects = [
        known_headings.get(section.title[:300]) or _subject(section, names, language)
        if section.kind == "heading"
        else _subject(section, names, language)
        for section in parsed.sections
    ]
    section_ids = _sync_sections(document, parsed, subjects, edition_numbers)
    report.sections = len(section_ids)
    _sync_rulings(document, parsed, subjects, section_ids, report)
    _sync_mentions(document, parsed, subjects, section_ids, names, report)
    report.damaged_lines = [_report_line(line) for line in parsed.damaged_lines]
    if italian:  # the errata quote the document's Italian words
        record_renamed_keyword_errata(document, parsed, report)
    # Whether each of the document's rulings still holds (those the errata step wrote too);
    # a status an editor set is kept.
    recompute_statuses(document.rulings.all())
    return report


def _report_line(damaged: DamagedLine) -> str:
    reason = DAMAGE_REASONS.get(damaged.reason, damaged.reason)
    return f"line {damaged.line}: {damaged.text.strip()} ({reason})"


def document_slug(path: Path, language: str) -> str:
    """The file name's; an English file of the same name is another document."""
    suffix = "" if language == Language.ITALIAN else f"-{language}"
    longest = SourceDocument._meta.get_field("slug").max_length - len(suffix)
    return slug_for(path.stem)[:longest] + suffix


# The fields of a document a person may edit in the admin, that the import writes too.
EDITABLE = ("title", "kind", "card_set", "published_on", "source")


def _as_json(value):
    if isinstance(value, CardSet):
        return value.code
    if isinstance(value, datetime.date):
        return value.isoformat()
    return value


def _same(document: SourceDocument, wanted: dict) -> bool:
    """The same file with the same parameters as the last import (fields edited since aside)."""
    last = document.imported_values
    return all(
        last[name] == _as_json(value) if name in last else getattr(document, name) == value
        for name, value in wanted.items()
    )


def _write_document(document, slug: str, text: str, wanted: dict, report) -> SourceDocument:
    """Write ``wanted``, but for the editable fields someone changed since the last import.
    A document imported before imports recorded what they wrote counts as imported with
    ``wanted``: a field that differs is taken for an edit, and kept."""
    if document is None:
        document, last = SourceDocument(slug=slug), {}
    else:
        last = document.imported_values or {name: _as_json(wanted[name]) for name in EDITABLE}
    for name, value in wanted.items():
        current = _as_json(getattr(document, name))
        if name in last and current != last[name]:
            if current != _as_json(value):
                report.kept_by_hand.append(
                    f"{name}: {current!r} (the import's: {_as_json(value)!r})"
                )
            continue
        setattr(document, name, value)
    document.imported_values = {name: _as_json(wanted[name]) for name in EDITABLE}
    document.original_text = text
    document.imported_at = timezone.now()
    document.save()
    return document


def _heading_subjects(document: SourceDocument) -> dict[str, Subject]:
    """{title: subject} of the document's headings about a keyword or card type, as an earlier
    import found them: the same heading keeps its subject, whatever the names are now."""
    found: dict[str, Subject] = {}
    headings = document.sections.filter(kind=DocumentSection.Kind.HEADING)
    for title, keyword_id, card_type_id in headings.values_list("title", "keyword", "card_type"):
        subject = Subject(keyword_id=keyword_id, card_type_id=card_type_id)
        if subject:
            found.setdefault(title, subject)
    return found


def _subject(section: ReadSection, names: CardNameIndex, language: str) -> Subject:
    if section.kind == "card":
        return Subject(card_id=names.lookup(section.title))
    return Subject.of(subject_for_title(section.title, language))


def _sync_sections(document, parsed, subjects, edition_numbers) -> list[int]:
    """Sections by position (from 1), updated in place so that rulings keep their section."""
    rows = {}
    for position, (section, subject) in enumerate(
        zip(parsed.sections, subjects, strict=True), start=1
    ):
        rows[(document.pk, position)] = {
            "kind": section.kind,
            "level": section.level,
            "title": section.title[:300],
            "first_line": section.first_line,
            "text": section.text,
            "blocks": [_block_json(block, edition_numbers) for block in section.blocks],
            "problems": [
                {"line": damaged.line, "text": damaged.text, "reason": damaged.reason}
                for damaged in section.damaged_lines
            ],
            **subject.as_fields(),
        }
    _stats, pks = upsert(
        DocumentSection, ("document_id", "position"), rows, queryset=document.sections.all()
    )
    document.sections.filter(position__gt=len(rows)).delete()
    return [pks[(document.pk, position)] for position in range(1, len(rows) + 1)]


def _block_json(block: Block, edition_numbers: dict[str, str]) -> dict:
    data = block.as_json()
    stored = edition_numbers.get(block.number) if block.kind == "rule" else None
    if stored and stored != block.number:
        data["edition_number"] = stored
    return data


def ruling_text(block: Block) -> str:
    """A ruling as written, its nested items included (the reader keeps them in its text),
    without the bullet it opens with."""
    return block.text.strip().removeprefix("•").strip()


def _ruling_blocks(parsed: Document, subjects: list[Subject], section_ids: list[int]):
    """(ruling block, what it is about, section id) for each ruling, in order.

    A ruling is about its section's subject, except after a rule quoted in a card's section:
    there the document has turned from the card to the mechanic whose rules it quotes ("502.26b
    ..." under Caverna Zootica, in the heading "...: Metamorfosi"), and the rulings that follow
    are about what the heading above names, when it names something."""
    topic = Subject()
    for section, subject, section_id in zip(parsed.sections, subjects, section_ids, strict=True):
        if section.kind != "card":
            topic = subject
        about = subject
        for block in section.blocks:
            if block.kind == "rule" and section.kind == "card" and topic:
                about = topic
            elif block.kind == "ruling":
                yield block, about, section_id


def _sync_rulings(document, parsed, subjects, section_ids, report) -> None:
    existing: dict[str, list[Ruling]] = {}
    for ruling in document.rulings.order_by("position", "pk"):
        existing.setdefault(ruling.source_key, []).append(ruling)
    day = document.published_on
    to_create = []
    for position, (block, subject, section_id) in enumerate(
        _ruling_blocks(parsed, subjects, section_ids), start=1
    ):
        if not subject:
            report.rulings_in_document_only += 1
            continue
        _count(subject, report)
        text = ruling_text(block)
        key = Ruling.key_for(day, text)
        wanted = {
            **subject.as_fields(),
            "section_id": section_id,
            "position": position,
            "language": document.language,
        }
        kept = existing.get(key)
        if kept:
            _refresh(kept.pop(0), wanted)
            continue
        to_create.append(
            Ruling(
                **wanted,
                date=day,
                text=text,
                source_document=document,
                origin=Ruling.Origin.IMPORTED,
                source_key=key,
            )
        )
    set_keys(to_create)
    bulk_create_with_history(
        to_create, Ruling, default_change_reason=f"Imported from {document.source}"
    )
    # The rulings the errata step writes from paragraphs (a keyword's former name) are the
    # document's too, though not ruling blocks.
    written_elsewhere = renaming_ruling_keys(document, parsed)
    gone = [
        ruling.pk
        for key, rulings in existing.items()
        for ruling in rulings
        if ruling.origin == Ruling.Origin.IMPORTED and key not in written_elsewhere
    ]
    Ruling.objects.filter(pk__in=gone).delete()
    report.rulings_removed = len(gone)
    if document.language == Language.ENGLISH:  # English rulings are the memory's texts
        cards = {ruling.card_id for ruling in to_create if ruling.card_id}
        refresh_texts(cards | {pk for pk in existing_card_ids(existing) if pk}, others=True)


def existing_card_ids(existing: dict) -> set:
    return {ruling.card_id for rulings in existing.values() for ruling in rulings}


def _count(subject: Subject, report: ImportReport) -> None:
    if subject.card_id:
        report.rulings_on_cards += 1
    elif subject.keyword_id:
        report.rulings_on_keywords += 1
    else:
        report.rulings_on_types += 1


def _refresh(ruling: Ruling, wanted: dict) -> None:
    """An imported ruling still in the document: moved to where it is now (an editor's ruling
    stays exactly as the editor left it)."""
    if ruling.origin == Ruling.Origin.IMPORTED:
        save_changes(ruling, wanted, also=("updated_at",))


def _sync_mentions(document, parsed, subjects, section_ids, names, report) -> None:
    mentions: list[DocumentMention] = []
    not_found: dict[str, None] = {}
    found: dict[str, int] = {}
    for section, subject, section_id in zip(parsed.sections, subjects, section_ids, strict=True):
        in_section: dict[str, int | None] = {}
        for name, card_id in _section_names(section, subject, names):
            if in_section.get(name) is None:
                in_section[name] = card_id
        for name, card_id in in_section.items():
            mentions.append(
                DocumentMention(
                    document=document, section_id=section_id, name=name[:300], card_id=card_id
                )
            )
            if card_id is None:
                not_found.setdefault(name, None)
            else:
                found.setdefault(name, card_id)
    document.mentions.all().delete()
    DocumentMention.objects.bulk_create(mentions)
    oracle_names = dict(Card.objects.filter(pk__in=set(found.values())).values_list("pk", "name"))
    report.cards_matched = {name: oracle_names[card_id] for name, card_id in found.items()}
    report.names_not_found = [name for name in not_found if name not in found]


def _section_names(section: ReadSection, subject: Subject, names: CardNameIndex):
    """(name as written, card id or None) for every card name the section writes or lists."""
    own = subject.card_id
    if section.kind == "card":
        yield section.title, own
    else:
        for hit in names.find(section.title, heading=True):
            yield hit.name, hit.card_id
    for block in section.blocks:
        for text in (block.text, *block.items):
            for hit in names.find(text, own_card=own):
                yield hit.name, hit.card_id
        for name in block.names:
            yield name, names.lookup(name)
