"""Learn the Italian names of the halves of split, flip, adventure and aftermath cards from their
Italian printed text. No database.

MTGJSON often gives such a half the English name in its Italian entry ("Rough // Tumble" in
Planar Chaos), but the Italian text names the half where the English one does: "Rough deals 2
damage to each creature without flying." is printed "Sussulto infligge 2 danni a ogni creatura
senza volare." Where an English sentence opens with the half's name and a verb, the Italian
sentence at the same place opens with the Italian name, after an article ("Il Sussulto
infligge ..."): its capitalised words, with the small words between them ("Colpo di Grazia").
Each sentence is a vote; the name printed most often wins, the newest printing breaks ties.
"""

import re
from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date

from oracle.importers.name_votes import most_voted

SENTENCE_END = re.compile(r"(?<=[.!?])\s+")
ARTICLE = re.compile(r"^(?:il|lo|la|i|gli|le|l['’])\s*", re.IGNORECASE)
# Words that join the capitalised words of a name: "Colpo di Grazia", "Fuoco e Ghiaccio".
JOINING = {"di", "del", "dello", "della", "dei", "degli", "delle", "d'", "e", "a", "da", "in"}
# Capitalised words that open an Italian sentence without being a name.
NOT_NAMES = {
    "Questa", "Questo", "Quella", "Quello", "Ogni", "Una", "Un", "Uno", "Se", "Quando", "Tu",
    "Ciascun", "Ciascuna", "Tutte", "Tutti", "Fino", "Puoi", "Poi", "Altrimenti", "Non", "Metti",
    "Pesca", "Distruggi", "Esilia", "Scegli", "Rivela", "Neutralizza", "Crea", "Fai",
}  # fmt: skip


@dataclass(frozen=True)
class FaceTextSample:
    name: str  # the half's English name
    english: str  # its English text as printed (or today's Oracle text)
    italian: str  # its Italian printed text
    released: date | None = None


def learn_face_names(samples: Iterable[FaceTextSample]) -> dict[str, str]:
    """{English name of a half: Italian name} from the samples where a sentence names it."""
    votes: dict[str, Counter] = defaultdict(Counter)
    for sample in samples:
        for name_it in _names_in(sample):
            votes[sample.name][(name_it, sample.released)] += 1
    return {name: most_voted(counter) for name, counter in votes.items()}


def _names_in(sample: FaceTextSample):
    english_lines, italian_lines = sample.english.splitlines(), sample.italian.splitlines()
    if len(english_lines) != len(italian_lines):
        return
    for en_line, it_line in zip(english_lines, italian_lines, strict=True):
        en_sentences, it_sentences = SENTENCE_END.split(en_line), SENTENCE_END.split(it_line)
        if len(en_sentences) != len(it_sentences):
            continue
        for en_sentence, it_sentence in zip(en_sentences, it_sentences, strict=True):
            rest = en_sentence[len(sample.name) :]
            if en_sentence.startswith(sample.name + " ") and rest[1:2].islower():
                name_it = _leading_name(it_sentence)
                if name_it:
                    yield name_it


def _leading_name(sentence: str) -> str:
    """The capitalised words that open the sentence after its article, with the small words
    between them; "" when the sentence does not open with a name."""
    words = ARTICLE.sub("", sentence, count=1).split()
    name: list[str] = []
    for word in words:
        if word[:1].isupper():
            name.append(word.rstrip(",.:;"))
            if word[-1] in ",.:;":
                break
        elif word in JOINING and name:
            name.append(word)
        else:
            break
    while name and name[-1] in JOINING:
        name.pop()
    if not name or name[0] in NOT_NAMES or len(name) > 6:
        return ""
    return " ".join(name)
