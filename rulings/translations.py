"""The translation memory read and seeded: the names that stand as a card's placeholder, the
approved Italian of a page's rulings, and the alignment of the seed documents' Italian rulings
with the English rulings of the same cards (``align_seed_translations``)."""

import re
from collections import Counter
from dataclasses import dataclass, field
from datetime import timedelta
from itertools import groupby

from django.db import transaction
from django.utils import timezone

from common.dates import local_date
from oracle.models import Card
from rulings.models import Language, Ruling, RulingTranslation
from rulings.translation_texts import PLACEHOLDER, fill, name_for, normalise, text_key

# A set's release notes and its Gatherer rulings are dated a few days apart.
SAME_RELEASE = timedelta(days=14)
NUMBER = re.compile(r"\d+")
MANA = re.compile(r"\{[^{}]+\}")


def card_names(card: Card, italian: bool = False) -> list[str]:
    """The names that stand as ``card``'s placeholder: its name and its faces' (and in Italian
    text their Italian names). Reads the faces through ``card.faces.all()`` (prefetch them)."""
    faces = list(card.faces.all())
    names = [card.name, *(face.name for face in faces)]
    if italian:
        names += [card.italian_name, *(face.name_it for face in faces)]
    return [name for name in names if name]


def english_key(ruling: Ruling, card: Card | None = None) -> str:
    """The memory's key of an English ruling shown on ``card``'s page (on a keyword's page,
    no card: no name stands as the placeholder)."""
    return text_key(normalise(ruling.text, card_names(card) if card else ()))


def approved_for(keys) -> dict[str, RulingTranslation]:
    """{key: its approved translation} for these keys: one query, asked with no keys too (the
    empty key, which no text has, keeps the list from being empty: a page makes the same
    queries whatever its rulings)."""
    keys = {*keys, ""}
    translations = RulingTranslation.objects.approved().filter(key__in=keys).order_by()
    return {
        translation.key: translation
        for translation in translations.only("key", "italian", "approved_at")
    }


def attach_translations(rulings, card: Card | None = None) -> None:
    """Give each English ruling shown on ``card``'s page (or a keyword's: no card) whose text
    has an approved translation ``italian`` (the Italian filled with the card's name:
    ``name_for``) and ``translated_on``, the day it was approved; the others ``italian`` "".
    One query."""
    english = [ruling for ruling in rulings if ruling.language == Language.ENGLISH]
    for ruling in rulings:
        ruling.italian, ruling.translated_on = "", None
    keys = {ruling.pk: english_key(ruling, card) for ruling in english}
    translations = approved_for(keys.values())
    for ruling in english:
        translation = translations.get(keys[ruling.pk])
        if translation:
            name = name_for(card.italian_name, card.name) if card else ""
            ruling.italian = fill(translation.italian, name) if card else translation.italian
            ruling.translated_on = local_date(translation.approved_at)


@dataclass
class AlignmentReport:
    aligned: int = 0
    unchanged: int = 0  # aligned before, already in the memory
    left: Counter = field(default_factory=Counter)  # {reason: Italian rulings left}
    covered: int = 0  # English card rulings with an approved translation
    card_rulings: int = 0


def differences(english: str, italian: str) -> str:
    """Why two normalised texts cannot be one another's translation ("" if they can): their
    numbers, mana symbols or placeholders differ."""
    if english.count(PLACEHOLDER) != italian.count(PLACEHOLDER):
        return "the card's name differs"
    english, italian = english.replace(PLACEHOLDER, ""), italian.replace(PLACEHOLDER, "")
    if Counter(MANA.findall(english)) != Counter(MANA.findall(italian)):
        return "mana symbols differ"
    if Counter(NUMBER.findall(MANA.sub("", english))) != Counter(
        NUMBER.findall(MANA.sub("", italian))
    ):
        return "numbers differ"
    return ""


def seed_pairs(report: AlignmentReport):
    """(English ruling, Italian ruling, card) pairs: for each card, document and date, the Italian
    rulings in order beside the card's English rulings of the same document or release, when
    they are as many. Counts each Italian ruling left in ``report.left`` by reason."""
    italian = (
        Ruling.objects.public()
        .filter(language=Language.ITALIAN, card__isnull=False)
        .select_related("card", "source_document")
        .prefetch_related("card__faces")
        .order_by("card_id", "source_document_id", "date", "position", "id")
    )
    english = Ruling.objects.public().filter(language=Language.ENGLISH)
    for _group, rows in groupby(italian, key=lambda r: (r.card_id, r.source_document_id, r.date)):
        rows = list(rows)
        first = rows[0]
        day = first.date
        same = english.filter(card_id=first.card_id).filter(
            source_document_id=first.source_document_id
        ) | english.filter(
            card_id=first.card_id, date__range=(day - SAME_RELEASE, day + SAME_RELEASE)
        )
        candidates = list(same.order_by("date", "position", "id"))
        if not candidates:
            report.left["no English ruling of the card from the same document or release"] += len(
                rows
            )
        elif len(candidates) != len(rows):
            report.left["not as many English rulings of the same release"] += len(rows)
        else:
            for pair in zip(candidates, rows, strict=True):
                yield (*pair, first.card)


@transaction.atomic
def align_seed_translations() -> AlignmentReport:
    """Store as approved translations the Italian seed rulings aligned with confidence, and
    report what was aligned, left (and why) and the card rulings now covered. Idempotent: a
    translation already in the memory is left as it is."""
    report = AlignmentReport()
    for english, italian, card in seed_pairs(report):
        english_text = normalise(english.text, card_names(card))
        italian_text = normalise(italian.text, card_names(card, italian=True))
        reason = differences(english_text, italian_text)
        if reason:
            report.left[reason] += 1
            continue
        _translation, created = RulingTranslation.objects.get_or_create(
            key=text_key(english_text),
            defaults={
                "english": english_text,
                "italian": italian_text,
                "status": RulingTranslation.Status.APPROVED,
                "origin": RulingTranslation.Origin.SEED_ALIGNMENT,
                "approved_at": timezone.now(),
            },
        )
        if created:
            report.aligned += 1
        else:
            report.unchanged += 1
    report.card_rulings, report.covered = card_rulings_covered()
    return report


def card_rulings_covered() -> tuple[int, int]:
    """(English card rulings, those whose text has an approved translation)."""
    approved = set(RulingTranslation.objects.approved().values_list("key", flat=True))
    rulings = (
        Ruling.objects.public()
        .filter(language=Language.ENGLISH, card__isnull=False)
        .select_related("card")
        .prefetch_related("card__faces")
        .only("text", "card__name")
    )
    keys = [english_key(ruling, ruling.card) for ruling in rulings]
    return len(keys), sum(key in approved for key in keys)
