"""The translated texts of the memory closest to an English ruling text, for a translator to copy
from: a fuzzy match (rapidfuzz's normalised Indel similarity, case and punctuation aside) of the
English against every text with an approved translation, the English differences marked word
by word (``common.word_changes``)."""

from dataclasses import dataclass

from rapidfuzz import fuzz, process, utils

from common.word_changes import word_changes
from rulings.models import RulingText, RulingTranslation

SHOWN = 5
# Below this score (out of 100) a text shares too little to help.
LEAST_SCORE = 60


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
