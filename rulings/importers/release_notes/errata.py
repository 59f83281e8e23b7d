"""Keywords a document says were renamed, recorded as errata and rulings.

fixtures/documents/renamed_keywords.json says, per document and with the document's sentences
(checked against it, see sourced_facts.py), which keywords now name an ability older cards
wrote out in full: the Future Sight release notes announce the rules update of 1 May 2007, where
lifelink, reach and shroud become the names of abilities older cards wrote out, and those cards
get errata. ``record_renamed_keyword_errata`` finds the cards whose English text as printed
before that date has the old wording, and records one Erratum per card face:

- ``old_text``: the printed line with the old wording, as printed (damaged mana symbols too);
- ``new_text``: today's Oracle line with the keyword. When today's Oracle text has the old
  wording again (lifelink became static in 2009 and cards such as Exalted Angel got their
  trigger back), the keyword itself, and the reason says so;
- ``date``: the effective date of the official rules in force on the document's date;
- ``reason_it``: the document's sentences; ``reason``: what changed, in English; ``source``:
  the document's title.

Lines, not whole texts: a whole printed text also differs by later changes that are not this
document's ("is put into a graveyard from play" became "dies" years later).

A keyword the file says went by another name with no card text changing (cicloterra,
landcycling, became ciclotipo, typecycling) gets the document's paragraph as an Italian ruling.

Idempotent: nothing is written for a card face that already has an erratum of that date (from
an earlier import, or an editor's, which is never touched), nor for a ruling already there.
"""

import re
from dataclasses import dataclass
from datetime import date
from pathlib import Path

from django.db.models import Count, Q

from oracle.models import Card, CardFace, Erratum, Keyword, Printing, PrintingFace
from oracle.text import fold_line

from ...models import DocumentSection, Ruling
from .document import Document
from .heading_subjects import word_position
from .quoted_rules import official_rules_date
from .report import ImportReport
from .sourced_facts import FACTS_FOLDER, SourceChecker, facts_about

RENAMED_KEYWORDS = FACTS_FOLDER / "renamed_keywords.json"
REMINDER_TEXT = re.compile(r"\([^()]*\)")
# A line of a damaged printed text that is only the remains of mana symbols: "{2}{U}, {T}:"
# became "o2o\nU, oc\nT:" in the old data.
SYMBOL_REMAINS = re.compile(r"^(?:[WUBRGXYZSTCQ\d]*,? ?o[cXYZ\d]?)+$")


@dataclass(frozen=True)
class Renaming:
    """A keyword that names an ability older cards wrote out in full."""

    keyword: str  # the keyword's slug
    search: str  # a piece of the old wording, to narrow the search in the database
    old_wording: re.Pattern  # in a folded printed line, reminders out, the card's name as "~"
    described: str  # the old wording, as the reason quotes it
    quotes: tuple[str, ...]  # the document's sentences announcing it


@dataclass(frozen=True)
class FormerName:
    """A keyword the document says went by another name: its paragraph becomes a ruling."""

    keyword: str  # the keyword's slug
    paragraph: str


@dataclass(frozen=True)
class Renamings:
    errata: tuple[Renaming, ...] = ()
    former_names: tuple[FormerName, ...] = ()


def read_renamings(
    key: str, document_text: str, *, document_name: str = "", path: Path = RENAMED_KEYWORDS
) -> Renamings:
    """What the file says the document ``key`` (its slug) renamed, every sentence checked
    against ``document_text``; nothing when the file says nothing of that document."""
    facts = facts_about(key, path) or {}
    check = SourceChecker(document_text, path, document_name or key)
    errata = []
    for number, entry in enumerate(facts.get("errata") or [], start=1):
        where = f"{key}, erratum {number} ({entry.get('keyword', '')})"
        fields = ("keyword", "printed_wording", "pattern", "search")
        if not all(isinstance(entry.get(name), str) and entry[name] for name in fields):
            check.fail(f"{where}: expected {', '.join(repr(name) for name in fields)}")
        try:
            pattern = re.compile(entry["pattern"])
        except re.error as error:
            check.fail(f"{where}: 'pattern' is not a regular expression ({error})")
        quotes = check.sentences(entry, where)
        errata.append(
            Renaming(
                entry["keyword"], entry["search"], pattern, entry["printed_wording"], tuple(quotes)
            )
        )
    former_names = []
    for number, entry in enumerate(facts.get("former_names") or [], start=1):
        where = f"{key}, former name {number} ({entry.get('keyword', '')})"
        if not entry.get("keyword") or not entry.get("former_name"):
            check.fail(f"{where}: expected 'keyword' and 'former_name'")
        paragraph = " ".join(check.sentences(entry, where, entry["former_name"]))
        former_names.append(FormerName(entry["keyword"], paragraph))
    return Renamings(tuple(errata), tuple(former_names))


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
    for renaming in renamings.errata:
        keyword = Keyword.objects.filter(slug=renaming.keyword).first()
        if keyword is None:
            continue
        for face_key, change in _cards_with_old_wording(renaming, keyword, day):
            changes.setdefault(face_key, []).append(change)
    _write_errata(document, day, changes, report)
    _record_former_names(document, parsed, renamings.former_names, report)


def _plain(line: str, name: str) -> str:
    """A line folded for matching: reminder text out, the card's own name as "~"."""
    return fold_line(REMINDER_TEXT.sub("", line)).replace(fold_line(name), "~")


def _cards_with_old_wording(renaming: Renaming, keyword: Keyword, day: date):
    """((card id, face id), change) for each face printed, on or before ``day``, with the old
    wording, from its earliest such printing."""
    seen = set()
    for face, text in _printed_before(renaming.search, day):
        if face.pk in seen:
            continue
        lines = text.splitlines()
        for index, line in enumerate(lines):
            if renaming.old_wording.search(_plain(line, face.name)):
                change = _change(renaming, keyword, face, lines, index)
                if change is not None:
                    seen.add(face.pk)
                    yield (face.card_id, face.pk), change
                break


def _printed_before(hint: str, day: date) -> list[tuple[CardFace, str]]:
    """(face, English text as printed) for each printing on or before ``day`` (or undated)
    whose text holds ``hint``, the oldest first.

    One table a query, put together here: PostgreSQL plans the four-table join by its
    statistics, and when they say the tables are empty (a test database after rolled-back
    imports) it compares every row of each with every row of the others, for minutes."""
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
    dated.sort(key=lambda row: (row[0] is None, row[0] or day, row[1]))  # undated last
    return [(face, text) for _released, _pk, face, text in dated]


def _change(renaming, keyword, face, lines: list[str], index: int) -> _Change | None:
    start = index
    while start > 0 and SYMBOL_REMAINS.match(lines[start - 1].strip()):
        start -= 1
    old_text = "\n".join(lines[start : index + 1])
    oracle_lines = face.oracle_text.splitlines()
    with_keyword = [
        position
        for position, line in enumerate(oracle_lines)
        if word_position(fold_line(keyword.name), fold_line(REMINDER_TEXT.sub("", line))) >= 0
    ]
    if with_keyword:
        position = index if index in with_keyword else with_keyword[0]
        return _Change(renaming, keyword, old_text, oracle_lines[position], printed_again=False)
    if any(renaming.old_wording.search(_plain(line, face.name)) for line in oracle_lines):
        return _Change(renaming, keyword, old_text, keyword.name, printed_again=True)
    return None  # changed otherwise since: not this document's to say


def _write_errata(document, day, changes, report: ImportReport) -> None:
    if not changes:
        return
    card_ids = {card_id for card_id, _face_id in changes}
    cards = Card.objects.in_bulk(card_ids)
    faces_of = dict(
        Card.objects.filter(pk__in=card_ids)
        .annotate(face_count=Count("faces"))
        .values_list("pk", "face_count")
    )
    dated = set(
        Erratum.objects.filter(
            card_id__in=card_ids, field=Erratum.Field.TEXT, date=day
        ).values_list("card_id", "face_id")
    )
    for (card_id, face_id), found in changes.items():
        face_id = face_id if faces_of[card_id] > 1 else None
        if (card_id, face_id) in dated:
            continue
        Erratum.objects.create(
            card_id=card_id,
            face_id=face_id,
            field=Erratum.Field.TEXT,
            date=day,
            old_text="\n".join(change.old_text for change in found),
            new_text="\n".join(change.new_text for change in found),
            reason=" ".join(_reason(change, day) for change in found),
            reason_it=" ".join(_reason_it(change) for change in found),
            source=document.title,
        )
        keywords = ", ".join(change.keyword.name.lower() for change in found)
        report.errata_created.append(f"{cards[card_id].name}: {keywords} ({day:%Y-%m-%d})")


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
