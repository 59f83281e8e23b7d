"""The translation memory seeded: the alignment of the seed documents' Italian rulings with the
English rulings of the same cards (``align_seed_translations``)."""

import re
from collections import Counter
from dataclasses import dataclass, field
from datetime import timedelta
from itertools import groupby

from django.db import transaction
from django.utils import timezone

from rulings.models import Language, Ruling, RulingTranslation
from rulings.translations.memory import card_names, refresh_texts
from rulings.translations.texts import PLACEHOLDER, normalise

# A set's release notes and its Gatherer rulings are dated a few days apart.
SAME_RELEASE = timedelta(days=14)
NUMBER = re.compile(r"\d+")
MANA = re.compile(r"\{[^{}]+\}")


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
    refresh_texts()
    for english, italian, card in seed_pairs(report):
        english_text = normalise(english.text, card_names(card))
        italian_text = normalise(italian.text, card_names(card, italian=True))
        reason = differences(english_text, italian_text)
        if reason:
            report.left[reason] += 1
            continue
        _translation, created = RulingTranslation.objects.get_or_create(
            text_id=english.memory_key,
            defaults={
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
    rulings = Ruling.objects.public().filter(language=Language.ENGLISH, card__isnull=False)
    approved = RulingTranslation.objects.approved().values("text_id")
    return rulings.count(), rulings.filter(memory_key__in=approved).count()
