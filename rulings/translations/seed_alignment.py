"""The translation memory seeded: each Italian ruling of the seed documents set beside the
English ruling texts it may translate, and stored as their approved translation where the
match is confident (``align_seed_translations``).

The seed documents (release notes, the morph FAQ) are not the English documents the English
rulings come from: their dates, order and number differ, so an Italian ruling is matched by its
content. Its candidates are the English texts of the same card (any date), or, for a ruling
about a keyword or card type, the English texts of the cards with it and of the keyword or type
itself. Each pair is scored on what survives translation (``rulings.translations.anchors``),
with the same document or release, and then the same place in it, as a tie-break worth less
than ``MARGIN``.

A pair is stored only when it is confident:

- the Italian ruling is current (an outdated one tells the old rules: "rimossa dal gioco");
- the anchors both share weigh at least ``EVIDENCE``: a number, a mana symbol or a card's
  name at least (a keyword's name alone, or the length alone, say nothing of which ruling);
- its score is at least ``THRESHOLD`` and ``MARGIN`` over the runner-up, for the Italian among
  its candidates and for the English among the Italian rulings that have it as a candidate;
- ``translation_problems`` finds nothing (same placeholder, numbers and mana symbols).

The figures come from the data. On the full catalogue most seed rulings share no number,
symbol or card name with any candidate (their best pairs score up to 3 on a fitting length
and shared keywords: evidence, not the score, refuses them). Of the pairs that share one, the
right one (the morph FAQ's ruling of Ancestor's Prophet and its {T}) scores 3.7, the wrong ones
-5 and less (a name or a number in one text and not the other); the best wrong pair of an
outdated ruling, another morph FAQ ruling sharing that {T}, scores 2.4. THRESHOLD 3 lies
between. MARGIN 1 is a keyword, or half a number, more than the rival: a pair about as good
as another is left for an editor, and the tie-break alone never decides.
"""

from collections import Counter
from dataclasses import dataclass, field
from datetime import timedelta

from django.db import transaction
from django.utils import timezone

from rulings.models import Language, Ruling, RulingText, RulingTranslation
from rulings.translations.anchors import Vocabulary, anchors, italian_symbols, pair_score
from rulings.translations.memory import card_names
from rulings.translations.texts import normalise, translation_problems

EVIDENCE = 2.0
THRESHOLD = 3.0
MARGIN = 1.0
# The tie-break: the same document, or a release's English rulings a few days from its notes.
SAME_RELEASE = timedelta(days=14)
SAME_RELEASE_BONUS = 0.25
SAME_PLACE_BONUS = 0.25

OUTDATED = "the Italian ruling is outdated: it tells the old rules"
NO_CANDIDATE = "no English ruling of the same card, keyword or card type"
NOTHING_IN_COMMON = "no confident match: no number, symbol or card name in common"
WEAK = "no confident match: what differs outweighs what is in common"
AMBIGUOUS = "ambiguous: another English text fits about as well"
NOT_MUTUAL = "not mutual: the English text fits another Italian ruling as well or better"
DIFFERS = "placeholders, numbers or mana symbols differ"
OTHER_TRANSLATION = "the English text has another translation already, kept"


@dataclass
class AlignmentReport:
    aligned: int = 0
    unchanged: int = 0  # aligned before, already in the memory
    left: Counter = field(default_factory=Counter)  # {reason: Italian rulings left}
    covered: int = 0  # English card rulings with an approved translation
    card_rulings: int = 0
    pairs: list = field(default_factory=list)  # (English, Italian) normalised, aligned now


@dataclass
class Scored:
    key: str
    score: float
    evidence: float


def italian_text(ruling: Ruling) -> str:
    """An Italian ruling as the memory keeps it: its card's names (if it has a card) as the
    placeholder, the symbols old documents wrote in words as symbols."""
    names = card_names(ruling.card, italian=True) if ruling.card_id else ()
    return italian_symbols(normalise(ruling.text, names))


def candidate_rulings(ruling: Ruling):
    """The public English rulings whose texts an Italian ruling may translate."""
    english = Ruling.objects.public().filter(language=Language.ENGLISH).exclude(memory_key="")
    if ruling.card_id:
        groups = [english.filter(card_id=ruling.card_id)]
    elif ruling.keyword_id:
        groups = [
            english.filter(keyword_id=ruling.keyword_id),
            english.filter(card__keywords=ruling.keyword_id),
        ]
    else:
        groups = [
            english.filter(card_type_id=ruling.card_type_id),
            english.filter(card__faces__card_types=ruling.card_type_id),
        ]
    fields = ("memory_key", "source_document_id", "date", "position")
    return [row for group in groups for row in group.values(*fields).distinct()]


def tie_break(ruling: Ruling, english: dict) -> float:
    """A little for the same document or release, and a little more for the same place."""
    same_document = (
        ruling.source_document_id is not None
        and english["source_document_id"] == ruling.source_document_id
    )
    if not same_document and abs(english["date"] - ruling.date) > SAME_RELEASE:
        return 0.0
    same_place = english["position"] == ruling.position
    return SAME_RELEASE_BONUS + (SAME_PLACE_BONUS if same_place else 0.0)


class Aligner:
    """The scores of each Italian seed ruling against its candidates, and the choice."""

    def __init__(self):
        self.vocabulary = Vocabulary.from_catalogue()
        self.english: dict[str, tuple[str, Counter]] = {}  # key: (text, anchors)
        self.scores: dict[int, list[Scored]] = {}  # Italian ruling: best first
        self.italian: dict[int, str] = {}  # Italian ruling: its normalised text
        self.outdated: dict[int, bool] = {}

    def english_text(self, key: str) -> tuple[str, Counter]:
        return self.english[key]

    def read_english(self, keys) -> None:
        """Read the texts of these keys not read yet, with their anchors (one query)."""
        texts = RulingText.objects.filter(key__in=set(keys) - set(self.english))
        for key, text in texts.values_list("key", "english"):
            self.english[key] = (text, anchors(text, self.vocabulary, italian=False))

    def score(self, ruling: Ruling) -> None:
        """Score an Italian ruling against its candidates; an outdated one takes no part."""
        text = self.italian[ruling.pk] = italian_text(ruling)
        self.outdated[ruling.pk] = ruling.status == Ruling.Status.OUTDATED
        self.scores[ruling.pk] = []
        if self.outdated[ruling.pk]:
            return
        found = anchors(text, self.vocabulary, italian=True)
        ties: dict[str, float] = {}
        for english in candidate_rulings(ruling):
            key = english["memory_key"]
            ties[key] = max(ties.get(key, 0.0), tie_break(ruling, english))
        self.read_english(ties)
        scored = []
        for key, tie in ties.items():
            english_text, english_anchors = self.english[key]
            score, evidence = pair_score(english_anchors, found, len(english_text), len(text))
            scored.append(Scored(key, score + tie, evidence))
        self.scores[ruling.pk] = sorted(scored, key=lambda pair: -pair.score)

    def choice(self, ruling_id: int) -> tuple[Scored | None, str]:
        """The English text an Italian ruling translates with confidence, or why none."""
        scored = self.scores[ruling_id]
        if self.outdated[ruling_id]:
            return None, OUTDATED
        if not scored:
            return None, NO_CANDIDATE
        best = scored[0]
        if best.evidence < EVIDENCE:
            return None, NOTHING_IN_COMMON
        if best.score < THRESHOLD:
            return None, WEAK
        if len(scored) > 1 and best.score - scored[1].score < MARGIN:
            return None, AMBIGUOUS
        rivals = [
            pair.score
            for other, pairs in self.scores.items()
            if other != ruling_id
            for pair in pairs
            if pair.key == best.key
        ]
        if rivals and best.score - max(rivals) < MARGIN:
            return None, NOT_MUTUAL
        english, _anchors = self.english_text(best.key)
        if translation_problems(english, self.italian[ruling_id]):
            return None, DIFFERS
        return best, ""


def seed_rulings():
    """The Italian rulings of the seed documents, with what their texts need."""
    return (
        Ruling.objects.public()
        .filter(language=Language.ITALIAN)
        .select_related("card")
        .prefetch_related("card__faces")
        .order_by("source_document_id", "date", "position", "id")
    )


@transaction.atomic
def align_seed_translations() -> AlignmentReport:
    """Store as approved translations the Italian seed rulings aligned with confidence, and
    report what was aligned, left (and why) and the card rulings now covered. Idempotent: a
    translation already in the memory, an editor's above all, is left as it is."""
    report = AlignmentReport()
    aligner = Aligner()
    rulings = list(seed_rulings())
    for ruling in rulings:
        aligner.score(ruling)
    for ruling in rulings:
        best, reason = aligner.choice(ruling.pk)
        if best is None:
            report.left[reason] += 1
            continue
        italian = aligner.italian[ruling.pk]
        translation, created = RulingTranslation.objects.get_or_create(
            text_id=best.key,
            defaults={
                "italian": italian,
                "status": RulingTranslation.Status.APPROVED,
                "origin": RulingTranslation.Origin.SEED_ALIGNMENT,
                "approved_at": timezone.now(),
            },
        )
        if created:
            report.aligned += 1
            report.pairs.append((aligner.english_text(best.key)[0], italian))
        elif translation.origin == RulingTranslation.Origin.SEED_ALIGNMENT and (
            translation.italian == italian
        ):
            report.unchanged += 1
        else:
            report.left[OTHER_TRANSLATION] += 1
    report.card_rulings, report.covered = card_rulings_covered()
    return report


def card_rulings_covered() -> tuple[int, int]:
    """(English card rulings, those whose text has an approved translation)."""
    rulings = Ruling.objects.public().filter(language=Language.ENGLISH, card__isnull=False)
    approved = RulingTranslation.objects.approved().values("text_id")
    return rulings.count(), rulings.filter(memory_key__in=approved).count()
