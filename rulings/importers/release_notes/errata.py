"""Keywords a document says were renamed, recorded as errata and rulings.

fixtures/documents/renamed_keywords.json says, per document and with the document's sentences
(checked against it, see sourced_facts.py), which keywords now name an ability older cards
wrote out in full: the Future Sight release notes announce the rules update of 1 May 2007, where
lifelink, reach and shroud become the names of abilities older cards wrote out, and those cards
get errata. ``record_renamed_keyword_errata`` finds the cards whose English text as printed
before that date has the old wording, and records one Erratum per card face, from the latest
such printing (the wording just before the update):

- ``old_text``: the printed line with the old wording, as printed, its mana symbols mended
  where the old data damaged them ("o2o\\nU, oc\\nT:" is "{2}{U}, {T}:", see
  ``oracle.printed_text``);
- ``new_text``: that line as the rules update wrote it: the old wording replaced by the keyword
  by the file's rewrites ("... token into play with shroud."); never
  today's Oracle wording, which later updates changed again ("dies", "create"). Today's Oracle
  text only confirms that the card took the keyword: it has the keyword, or the old wording
  again (lifelink became static in 2009 and cards such as Exalted Angel got their trigger
  back; the reason says so);
- ``date``: the effective date of the official rules in force on the document's date;
- ``reason_it``: the document's sentences; ``reason``: what changed, in English; ``source``:
  the document's title.

Lines, not whole texts: a whole printed text also differs by later changes that are not this
document's ("is put into a graveyard from play" became "dies" years later).

A keyword the file says went by another name with no card text changing (cicloterra,
landcycling, became ciclotipo, typecycling) gets the document's paragraph as an Italian ruling.

Idempotent: a card face that already has an erratum of that date gets nothing new. An erratum
this import wrote and nobody changed since (its history holds no editor's change) is brought up
to what the import writes now, or removed when the import no longer finds the old wording on the
card; an editor's erratum is never touched. Nor is a ruling already there. An erratum someone
deleted (its history's deletion record is not this import's) is not recorded again: the
deletion record is its tombstone, and restoring the erratum from its history undoes it.
"""

import re
from dataclasses import dataclass
from datetime import date

from django.db.models import Count, Q
from django.utils.translation import gettext_noop

from common.text import fold_line
from oracle.models import Card, CardFace, Erratum, Keyword, Printing, PrintingFace
from oracle.printed_text import mend_symbols
from rulings.importers.release_notes.document import Document
from rulings.importers.release_notes.heading_subjects import word_position
from rulings.importers.release_notes.quoted_rules import official_rules_date
from rulings.importers.release_notes.renamed_keywords import (
    RENAMED_KEYWORDS,
    Renaming,
    Renamings,
    read_renamings,
    written_as_of_update,
)
from rulings.importers.release_notes.report import ImportReport
from rulings.models import DocumentSection, Ruling

REMINDER_TEXT = re.compile(r"\([^()]*\)")
# What the history of an erratum this import wrote says when the import itself changed it.
IMPORT_CHANGE = gettext_noop("Recomputed by the document import.")


@dataclass
class _Change:
    renaming: Renaming
    keyword: Keyword
    old_text: str
    new_text: str
    printed_again: bool  # today's Oracle text has the old wording again


def rules_update_date(document) -> date | None:
    """The effective date of the official rules in force on the document's date (the update
    the document announces), or the document's own date when it predates every edition here."""
    if document.published_on is None:
        return None
    return official_rules_date(document.published_on) or document.published_on


def _renamings(document, parsed: Document) -> Renamings:
    return read_renamings(document.slug, parsed.text, document_name=parsed.path)


def record_renamed_keyword_errata(document, parsed: Document, report: ImportReport) -> None:
    """Errata for the cards whose printed wording a keyword the document announces replaced, and
    rulings on the keywords it says were renamed (see the module docstring)."""
    day = rules_update_date(document)
    if day is None:
        return
    renamings = _renamings(document, parsed)
    changes: dict[tuple[int, int], list[_Change]] = {}
    every_keyword = True
    for renaming in renamings.errata:
        keyword = Keyword.objects.filter(slug=renaming.keyword).first()
        if keyword is None:
            every_keyword = False
            continue
        for face_key, change in _cards_with_old_wording(renaming, keyword, day, report):
            changes.setdefault(face_key, []).append(change)
    _write_errata(document, day, changes, report, remove_others=every_keyword)
    _record_former_names(document, parsed, renamings.former_names, report)


def _plain(line: str, name: str) -> str:
    """A line folded for matching: reminder text out, the card's own name as "~"."""
    return fold_line(REMINDER_TEXT.sub("", line)).replace(fold_line(name), "~")


def _cards_with_old_wording(renaming: Renaming, keyword: Keyword, day: date, report):
    """((card id, face id), change) for each face printed, on or before ``day``, with the old
    wording, from its latest such printing the file's rewrites fit."""
    seen, left_out = set(), {}
    for face, text in _printed_before(renaming.search, day):
        if face.pk in seen:
            continue
        lines = text.splitlines()
        for index, line in enumerate(lines):
            if renaming.old_wording.search(_plain(line, face.name)):
                change = _change(renaming, keyword, face, lines, index)
                if isinstance(change, str):
                    left_out.setdefault(face.pk, f"{face.name}: {change}")
                    break
                seen.add(face.pk)
                if change is not None:
                    yield (face.card_id, face.pk), change
                break
    report.errata_left_out += [why for pk, why in left_out.items() if pk not in seen]


def _printed_before(hint: str, day: date) -> list[tuple[CardFace, str]]:
    """(face, English text as printed, symbols mended) for each printing on or before ``day``
    (or undated) whose text holds ``hint``, the newest first, the undated last.

    One table a query, put together here: PostgreSQL plans the four-table join by its
    statistics, and when they say the tables are empty (a test database after rolled-back
    imports) it compares every row of each with every row of the others."""
    worded = list(CardFace.objects.filter(oracle_text__icontains=hint).values_list("pk", flat=True))
    printed = list(
        PrintingFace.objects.filter(
            Q(original_text__icontains=hint) | Q(original_text="", face_id__in=worded)
        ).values_list("pk", "face_id", "printing_id", "original_text")
    )
    released = dict(
        Printing.objects.filter(pk__in={row[2] for row in printed}).values_list(
            "pk", "card_set__release_date"
        )
    )
    faces = CardFace.objects.in_bulk({row[1] for row in printed})
    dated = [
        (released[printing_id], pk, faces[face_id], original_text or faces[face_id].oracle_text)
        for pk, face_id, printing_id, original_text in printed
        if released[printing_id] is None or released[printing_id] <= day
    ]
    dated.sort(key=lambda row: (row[0] is None, -(row[0] or day).toordinal(), row[1]))
    return [(face, mend_symbols(text)) for _released, _pk, face, text in dated]


def _change(renaming, keyword, face, lines: list[str], index: int) -> _Change | str | None:
    """The erratum of the printed ``lines[index]``; None when the card took no erratum for the
    keyword, or why the file's rewrites could not write one."""
    oracle_lines = face.oracle_text.splitlines()
    has_keyword = any(
        word_position(fold_line(keyword.name), fold_line(REMINDER_TEXT.sub("", line))) >= 0
        for line in oracle_lines
    )
    printed_again = not has_keyword and any(
        renaming.old_wording.search(_plain(line, face.name)) for line in oracle_lines
    )
    if not (has_keyword or printed_again):
        return None  # changed otherwise since: not this document's to say
    rewrite, written = written_as_of_update(lines[index], face.name, renaming.rewrites)
    if rewrite is None:
        return f"no rewrite in {RENAMED_KEYWORDS.name} fits “{lines[index]}”"
    if written is None:
        return None  # the wording says what the keyword cannot
    return _Change(renaming, keyword, lines[index], written, printed_again=printed_again)


def _write_errata(document, day, changes, report: ImportReport, *, remove_others: bool) -> None:
    """Create the errata of ``changes``; bring this import's own errata of ``day`` up to date,
    and remove those it no longer finds (when every keyword was looked for)."""
    card_ids = {card_id for card_id, _face_id in changes}
    titles = _titles(document)
    existing = {
        (erratum.card_id, erratum.face_id): erratum
        for erratum in Erratum.objects.filter(
            Q(card_id__in=card_ids) | Q(source__in=titles), field=Erratum.Field.TEXT, date=day
        ).select_related("card")
    }
    own = _untouched_imports(titles, existing.values())
    deleted = _deleted_by_hand(card_ids, day)
    cards = Card.objects.in_bulk(card_ids)
    faces_of = dict(
        Card.objects.filter(pk__in=card_ids)
        .annotate(face_count=Count("faces"))
        .values_list("pk", "face_count")
    )
    written = set()
    for (card_id, face_id), found in changes.items():
        face_id = face_id if faces_of[card_id] > 1 else None
        key = (card_id, face_id)
        written.add(key)
        values = {
            "old_text": "\n".join(change.old_text for change in found),
            "new_text": "\n".join(change.new_text for change in found),
            "reason": " ".join(_reason(change, day) for change in found),
            "reason_it": " ".join(_reason_it(change) for change in found),
            "source": document.title,
        }
        keywords = ", ".join(change.keyword.name.lower() for change in found)
        line = f"{cards[card_id].name}: {keywords} ({day:%Y-%m-%d})"
        erratum = existing.get(key)
        if erratum is None and key in deleted:
            report.errata_kept_deleted.append(line)
        elif erratum is None:
            erratum = Erratum(card_id=card_id, face_id=face_id, field=Erratum.Field.TEXT, date=day)
            _save(erratum, values)
            report.errata_created.append(line)
        elif erratum.pk in own and any(getattr(erratum, k) != v for k, v in values.items()):
            _save(erratum, values)
            report.errata_corrected.append(line)
    if not remove_others:
        return
    for key, erratum in existing.items():
        if key not in written and erratum.pk in own:
            report.errata_removed.append(f"{erratum.card.name} ({day:%Y-%m-%d})")
            erratum._change_reason = IMPORT_CHANGE
            erratum.delete()


def _titles(document) -> set[str]:
    """The titles the document's errata name as their source: its own, and its file's when
    someone edited the title by hand (sync.py)."""
    return {document.title, document.imported_values.get("title", document.title)}


def _deleted_by_hand(card_ids, day: date) -> set[tuple[int, int | None]]:
    """(card id, face id) of the text errata of ``day`` someone other than this import deleted:
    the deletion records in their history are their tombstones."""
    deletions = Erratum.history.filter(
        card_id__in=card_ids, field=Erratum.Field.TEXT, date=day, history_type="-"
    ).exclude(history_change_reason=IMPORT_CHANGE)
    return set(deletions.values_list("card_id", "face_id"))


def _untouched_imports(titles: set[str], errata) -> set[int]:
    """The ids of the errata this document's import wrote that nobody changed since: from this
    document, and every entry of their history by no editor, a creation or this import's."""
    candidates = {erratum.pk for erratum in errata if erratum.source in titles}
    history = Erratum.history.filter(id__in=candidates).values_list(
        "id", "history_type", "history_user_id", "history_change_reason"
    )
    for pk, kind, user_id, change_reason in history:
        if user_id is not None or (kind != "+" and change_reason != IMPORT_CHANGE):
            candidates.discard(pk)
    return candidates


def _save(erratum: Erratum, values: dict) -> None:
    for name, value in values.items():
        setattr(erratum, name, value)
    erratum._change_reason = IMPORT_CHANGE
    erratum.save()


def _reason(change: _Change, day: date) -> str:
    reason = (
        f'{change.keyword.name} replaced "{change.renaming.described}" '
        f"in the rules update of {day:%Y-%m-%d}."
    )
    if change.printed_again:
        reason += " Today's Oracle text has the printed wording again."
    return reason


def _reason_it(change: _Change) -> str:
    reason = " ".join(f"«{quote}»" for quote in change.renaming.quotes)
    if change.printed_again:
        reason += " Il testo Oracle attuale ha di nuovo la formulazione stampata."
    return reason


def renaming_ruling_keys(document, parsed: Document) -> set[str]:
    """The source keys of the rulings ``record_renamed_keyword_errata`` writes for ``parsed``:
    imported rulings that are not ruling blocks of the document, to be kept."""
    day = document.published_on
    if day is None:
        return set()
    former_names = _renamings(document, parsed).former_names
    return {Ruling.key_for(day, former.paragraph) for former in former_names}


def _section_line(parsed: Document, text: str) -> int | None:
    """The first line of the section whose block holds ``text`` (white space aside)."""
    for section in parsed.sections:
        if any(text in " ".join(block.text.split()) for block in section.blocks):
            return section.first_line
    return None


def _record_former_names(document, parsed, former_names, report: ImportReport) -> None:
    day = document.published_on
    for former in former_names:
        keyword = Keyword.objects.filter(slug=former.keyword).first()
        if keyword is None:
            continue
        key = Ruling.key_for(day, former.paragraph)
        report.rulings_on_keywords += 1
        if Ruling.objects.filter(source_document=document, source_key=key).exists():
            continue
        first_line = _section_line(parsed, former.paragraph)
        Ruling.objects.create(
            keyword=keyword,
            date=day,
            language=document.language,
            text=former.paragraph,
            source_document=document,
            section=DocumentSection.objects.filter(
                document=document, first_line=first_line
            ).first(),
            origin=Ruling.Origin.IMPORTED,
            source_key=key,
        )
