"""The translated texts of the memory closest to an English ruling text, for a translator to copy
from: a fuzzy match (rapidfuzz's normalised Indel similarity, case and punctuation aside) of the
English against every text with an approved translation, the English differences marked word
by word (``common.word_changes``); and the Italian rulings the documents give about the same
cards and keywords, for the words they used."""

from dataclasses import dataclass

from django.db.models import Q
from rapidfuzz import fuzz, process, utils

from common.word_changes import word_changes
from oracle.models import Keyword
from rulings.models import Language, Ruling, RulingText, RulingTranslation
from rulings.translations.texts import mana_symbols, numbers

SHOWN = 5
# Below this score (out of 100) a text shares too little to help.
LEAST_SCORE = 60
# The Italian rulings of the documents read for one text, at most (the morph FAQ has 19).
CANDIDATES = 200


@dataclass(frozen=True)
class SimilarText:
    key: str
    english: str
    italian: str
    score: int
    # The English asked about as runs ("same", "del" or "ins", lines): "del" what the similar
    # text says and this one does not, "ins" what this one says and the similar one does not.
    changes: tuple


def similar_texts(text: RulingText, shown: int = SHOWN) -> list[SimilarText]:
    """The ``shown`` texts with an approved translation most like ``text``'s English, best
    first, each with its score. Two queries' worth: the approved translations with their
    English, read once."""
    translated = list(
        RulingTranslation.objects.approved()
        .exclude(text_id=text.key)
        .order_by()
        .values_list("text_id", "text__english", "italian")
    )
    found = process.extract(
        text.english,
        [english for _key, english, _italian in translated],
        scorer=fuzz.ratio,
        processor=utils.default_process,
        limit=shown,
        score_cutoff=LEAST_SCORE,
    )
    similar = []
    for _english, score, index in found:
        key, english, italian = translated[index]
        changes = word_changes(english, text.english)
        similar.append(SimilarText(key, english, italian, round(score), changes))
    return similar


def italian_from_documents(text: RulingText, shown: int = SHOWN) -> list[Ruling]:
    """The Italian rulings of the documents (release notes, FAQs) about what ``text`` is about:
    those of the cards that have it and of their keywords, for the words an Italian document
    used. Those sharing more of the English's numbers and mana symbols first, then the cards'
    own, then the closest in length. Two queries."""
    cards = Ruling.objects.filter(memory_key=text.key, card__isnull=False).values("card_id")
    italian = (
        Ruling.objects.public()
        .filter(language=Language.ITALIAN)
        .filter(Q(card_id__in=cards) | Q(keyword__in=Keyword.objects.filter(cards__in=cards)))
        .select_related("card", "keyword", "source_document")
        .order_by("date", "position", "id")[:CANDIDATES]
    )
    wanted = mana_symbols(text.english) + numbers(text.english)

    def rank(ruling: Ruling):
        shared = wanted & (mana_symbols(ruling.text) + numbers(ruling.text))
        return (
            -shared.total(),
            ruling.keyword_id is not None,
            abs(len(ruling.text) - len(text.english)),
        )

    return sorted(italian, key=rank)[:shown]
