"""Keywords the rules renamed, as errata history (issue 5, item 4).

The Future Sight release notes announce the rules update of 1 May 2007: lifelink, reach and
shroud become the names of abilities older cards wrote out in full, and those cards get errata;
landcycling is renamed typecycling. ``record_renamed_keyword_errata`` reads which renamings a
document announces (a section about the keyword that speaks of "errata corrige", of a "nuovo
nome", or of an ability the keyword "sostituisce"), then finds the cards whose English text as
printed before that date has the old wording, and records one Erratum per card face:

- ``old_text``: the printed line with the old wording, as printed (damaged mana symbols too);
- ``new_text``: today's Oracle line with the keyword. When today's Oracle text has the old
  wording again (lifelink became static in 2009 and cards such as Exalted Angel got their
  trigger back), the keyword itself, and the reason says so;
- ``date``: the effective date of the English rules edition in force on the document's date;
- ``reason_it``: the document's own words; ``reason``: what changed, in English; ``source``:
  the document's title.

Lines, not whole texts: a whole printed text also differs by later changes that are not this
document's ("is put into a graveyard from play" became "dies" years later).

A keyword renamed with no card text changing (cicloterra, landcycling, became ciclotipo,
typecycling) becomes an Italian ruling on the keyword, in the document's words.

Idempotent: nothing is written for a card face that already has an erratum of that date (from
an earlier import, or an editor's, which is never touched), nor for a ruling already there.
"""

import re
from dataclasses import dataclass
from datetime import date

from django.db.models import Count, Q

from oracle.models import Card, CardFace, Erratum, Keyword, Printing, PrintingFace
from oracle.search.normalize import fold_line

from ...models import DocumentSection, Ruling
from .keywords import FORMER_NAME, first_named, subject_for_title, word_position
from .quoted_rules import english_edition_in_force
from .reader import Block, Document
from .report import ImportReport

# What a section about a renamed keyword says: cards get errata, it is a new name, it replaces.
ANNOUNCES = re.compile(r"errata corrige|nuovo nome|sostituisce", re.IGNORECASE)
SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-ZÀ-Ý«\"“])")
REMINDER_TEXT = re.compile(r"\([^()]*\)")
# A line of a damaged printed text that is only the remains of mana symbols: "{2}{U}, {T}:"
# became "o2o\nU, oc\nT:" in the old data.
SYMBOL_REMAINS = re.compile(r"^(?:[WUBRGXYZSTCQ\d]*,? ?o[cXYZ\d]?)+$")


@dataclass(frozen=True)
class Renaming:
    """A keyword that names an ability older cards wrote out in full."""

    keyword: str  # the keyword's slug
    hint: str  # a piece of the old wording, to narrow the search in the database
    old_wording: re.Pattern  # in a folded printed line, reminders out, the card's name as "~"
    described: str  # the old wording, as the reason quotes it


RENAMINGS = (
    Renaming(
        "lifelink",
        "gain that much life",
        re.compile(
            r"\bwhenever (?:~|this creature|this permanent) deals damage, you gain that much life"
        ),
        "whenever this deals damage, you gain that much life",
    ),
    Renaming(
        "reach",
        "as though",
        re.compile(r"\b(?:can|may) block as though (?:it|they) had flying\b"),
        "can block as though it had flying",
    ),
    Renaming(
        "shroud",
        "target of spells or abilities",
        # Not the variants ("... your opponents control"): the document says they keep theirs.
        re.compile(r"\bcan't be the targets? of spells or abilities\b(?! (?:your|controlled))"),
        "can't be the target of spells or abilities",
    ),
)


@dataclass
class _Change:
    renaming: Renaming
    keyword: Keyword
    old_text: str
    new_text: str
    printed_again: bool  # today's Oracle text has the old wording again


def rules_update_date(document) -> date | None:
    """The effective date of the English rules in force on the document's date (the update the
    document announces), or the document's own date when it predates every edition here."""
    if document.published_on is None:
        return None
    return english_edition_in_force(document.published_on) or document.published_on


def announced_renamings(parsed: Document) -> dict[str, list[str]]:
    """{keyword slug: the document's words announcing it} for the renamings ``parsed`` announces."""
    slugs = {renaming.keyword for renaming in RENAMINGS}
    announced: dict[str, list[str]] = {}
    for section in parsed.sections:
        if section.kind != "heading" or not section.title:
            continue
        subject = subject_for_title(section.title)
        if not isinstance(subject, Keyword) or subject.slug not in slugs:
            continue
        quotes = [
            sentence
            for block in section.blocks
            if block.kind in ("paragraph", "ruling")
            for sentence in SENTENCE_END.split(_words(block))
            if ANNOUNCES.search(sentence)
        ]
        if quotes:
            announced.setdefault(subject.slug, []).extend(quotes)
    return announced


def _words(block: Block) -> str:
    return " ".join(block.text.strip().lstrip("•").split())


def record_renamed_keyword_errata(document, parsed: Document, report: ImportReport) -> None:
    """Errata for the cards whose printed wording a keyword the document announces replaced, and
    rulings on the keywords it says were renamed (see the module docstring)."""
    day = rules_update_date(document)
    if day is None:
        return
    announced = announced_renamings(parsed)
    changes: dict[tuple[int, int], list[_Change]] = {}
    for renaming in RENAMINGS:
        if renaming.keyword not in announced:
            continue
        keyword = Keyword.objects.filter(slug=renaming.keyword).first()
        if keyword is None:
            continue
        for face_key, change in _cards_with_old_wording(renaming, keyword, day):
            changes.setdefault(face_key, []).append(change)
    _write_errata(document, day, changes, announced, report)
    _record_former_names(document, parsed, report)


def _plain(line: str, name: str) -> str:
    """A line folded for matching: reminder text out, the card's own name as "~"."""
    return fold_line(REMINDER_TEXT.sub("", line)).replace(fold_line(name), "~")


def _cards_with_old_wording(renaming: Renaming, keyword: Keyword, day: date):
    """((card id, face id), change) for each face printed, on or before ``day``, with the old
    wording, from its earliest such printing."""
    seen = set()
    for face, text in _printed_before(renaming.hint, day):
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


def _write_errata(document, day, changes, announced, report: ImportReport) -> None:
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
            reason_it=" ".join(_reason_it(change, announced) for change in found),
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


def _reason_it(change: _Change, announced: dict[str, list[str]]) -> str:
    reason = " ".join(f"«{quote}»" for quote in announced[change.renaming.keyword])
    if change.printed_again:
        reason += " Il testo Oracle attuale ha di nuovo la formulazione stampata."
    return reason


def _former_name_paragraphs(parsed: Document):
    """(section, paragraph, keyword) for each paragraph saying the keyword it names first "era
    chiamata" otherwise ("L'abilità ciclotipo ... era chiamata "cicloterra" ...")."""
    for section in parsed.sections:
        for block in section.blocks:
            if block.kind != "paragraph":
                continue
            former = FORMER_NAME.search(block.text)
            if former is None:
                continue
            old = first_named(former["term"])
            renamed = first_named(block.text, but=(old,) if old else ())
            if isinstance(renamed, Keyword):
                yield section, block, renamed


def renaming_ruling_keys(document, parsed: Document) -> set[str]:
    """The source keys of the rulings ``record_renamed_keyword_errata`` writes for ``parsed``:
    imported rulings that are not ruling blocks of the document, to be kept."""
    day = document.published_on
    if day is None:
        return set()
    return {Ruling.key_for(day, _words(block)) for _s, block, _k in _former_name_paragraphs(parsed)}


def _record_former_names(document, parsed: Document, report: ImportReport) -> None:
    day = document.published_on
    if day is None:
        return
    for section, block, keyword in _former_name_paragraphs(parsed):
        text = _words(block)
        key = Ruling.key_for(day, text)
        report.rulings_on_keywords += 1
        if Ruling.objects.filter(source_document=document, source_key=key).exists():
            continue
        Ruling.objects.create(
            keyword=keyword,
            date=day,
            language=document.language,
            text=text,
            source_document=document,
            section=DocumentSection.objects.filter(
                document=document, first_line=section.first_line
            ).first(),
            origin=Ruling.Origin.IMPORTED,
            source_key=key,
        )
