"""Learn the Italian names of supertypes, card types and subtypes from type lines printed in
both languages. No database.

Each printing with an Italian type line is a sample: the English type line printed on that
printing (MTGJSON ``originalType``, else today's Oracle type line) beside the Italian one
("Legendary Creature — Human Monk" / "Creatura Leggendaria — Monaco Umano"). Both split at the
dash into the words before it (supertypes and card types) and the subtypes after it, and the
two halves line up separately.

Italian puts the noun first ("Creatura Leggendaria", "Monaco Umano"), so the words do not line
up by position. They line up by elimination instead, in rounds: a half whose English words are
all known but one gives that one the Italian words left over once the known names are taken
out (after "Creature" = "Creatura", "Legendary Creature" / "Creatura Leggendaria" gives
"Legendary" = "Leggendaria"). A half with only one word starts it all. What elimination never
reaches, because its words always come together, is lined up in Italian order (the English
words reversed) when both halves have as many words.

Each sample is a vote; the name with the most votes wins, the newest printing breaks ties.
Supertypes are adjectives that agree with the card type ("Artefatto Leggendario", "Creatura
Leggendaria"): their name is the masculine form where the cards print it.
"""

import re
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import date

from oracle.importers.name_votes import most_voted, tally

# Type lines separate the subtypes with an em dash; some Italian printings use a hyphen.
DASH = re.compile(r"\s*[—–]\s*|\s+-\s+")
SUPERTYPE, TYPE, SUBTYPE = "supertype", "type", "subtype"
ROUNDS = 10


@dataclass(frozen=True)
class TypeLineSample:
    english: str
    italian: str
    released: date | None = None


def learn_type_names(
    samples: Iterable[TypeLineSample], vocabulary: Mapping[str, set[str]]
) -> dict[tuple[str, str], str]:
    """{(kind, English name): Italian name} from the samples. ``vocabulary`` gives the English
    names of each kind ("supertype", "type", "subtype") the cards use; a type line with a
    word outside it (an old "Summon Elf") is not used."""
    parser = _EnglishParser(vocabulary)
    halves = []
    for sample in samples:
        for english, italian in _halves(sample, parser):
            halves.append((english, italian, sample.released))
    known: dict[tuple[str, str], str] = {}
    for _round in range(ROUNDS):
        votes = _eliminate(halves, known)
        if not votes:
            break
        known.update(_winners(votes))
    votes = _by_position(halves, known)
    known.update(_winners(votes))
    votes = _eliminate(halves, known)
    known.update(_winners(votes))
    return known


class _EnglishParser:
    """Words of an English type line -> (kind, name) pairs, longest names first ("Time Lord")."""

    def __init__(self, vocabulary: Mapping[str, set[str]]):
        self.left = {name: kind for kind in (SUPERTYPE, TYPE) for name in vocabulary.get(kind, ())}
        self.right = dict.fromkeys(vocabulary.get(SUBTYPE, ()), SUBTYPE)
        self.longest = max((len(name.split()) for name in self.right), default=1)

    def parse(self, words: list[str], names: dict[str, str]) -> list[tuple[str, str]] | None:
        found, index = [], 0
        while index < len(words):
            for length in range(min(self.longest, len(words) - index), 0, -1):
                name = " ".join(words[index : index + length])
                if name in names:
                    found.append((names[name], name))
                    index += length
                    break
            else:
                return None
        return found


def _halves(sample: TypeLineSample, parser: _EnglishParser):
    english_parts = DASH.split(sample.english.strip(), maxsplit=1)
    italian_parts = DASH.split(sample.italian.strip(), maxsplit=1)
    if len(english_parts) != len(italian_parts):
        return
    for position, (english, italian) in enumerate(zip(english_parts, italian_parts, strict=True)):
        names = parser.right if position else parser.left
        # The data spells "Urza’s" with a typographic apostrophe, old printings with "'".
        tokens = parser.parse(english.replace("'", "’").split(), names)
        words = italian.split()
        if tokens and words:
            yield tuple(tokens), tuple(words)


def _eliminate(halves, known) -> dict[tuple[str, str], Counter]:
    """Votes for the one unknown name of each half whose other names are known."""
    votes: dict[tuple[str, str], Counter] = defaultdict(Counter)
    for tokens, words, released in halves:
        unknown = [token for token in tokens if token not in known]
        if len(unknown) != 1:
            continue
        left = _remove_known(list(words), [known[token] for token in tokens if token in known])
        if left:
            votes[unknown[0]][(" ".join(left), released)] += 1
    return votes


def _remove_known(words: list[str], names: list[str]) -> list[str] | None:
    """The words left once each known name is taken out, if they are one run; else None."""
    removed = [False] * len(words)
    for name in names:
        parts = name.split()
        for start in range(len(words) - len(parts) + 1):
            window = range(start, start + len(parts))
            if not any(removed[i] for i in window) and all(
                _same_word(words[i], part) for i, part in zip(window, parts, strict=True)
            ):
                for i in window:
                    removed[i] = True
                break
        else:
            return None
    kept = [i for i, gone in enumerate(removed) if not gone]
    if not kept or kept != list(range(kept[0], kept[-1] + 1)):
        return None
    return [words[i] for i in kept]


def _same_word(word: str, name: str) -> bool:
    """The same word, or the same adjective in another gender ("Leggendaria", "Leggendario")."""
    word, name = word.casefold(), name.casefold()
    return word == name or (len(word) > 3 and _stem(word) == _stem(name))


def _stem(word: str) -> str:
    return word[:-1] if word[-1:] in "aeio" else word


def _by_position(halves, known) -> dict[tuple[str, str], Counter]:
    """Votes from halves of equal length, in Italian order, for names elimination missed."""
    votes: dict[tuple[str, str], Counter] = defaultdict(Counter)
    for tokens, words, released in halves:
        if len(tokens) != len(words) or all(token in known for token in tokens):
            continue
        for token, word in zip(reversed(tokens), words, strict=True):
            if token not in known:
                votes[token][(word, released)] += 1
    return votes


def _winners(votes) -> dict[tuple[str, str], str]:
    winners = {}
    for token, counter in votes.items():
        totals, _newest = tally(counter)
        name = most_voted(counter)
        if token[0] == SUPERTYPE:
            name = _masculine(name, totals)
        winners[token] = name
    return winners


def _masculine(name: str, totals: Counter) -> str:
    """The form ending in -o of an adjective the cards print in both genders."""
    if " " in name or name[-1:] not in "ao":
        return name
    masculine = name[:-1] + "o"
    return masculine if totals.get(masculine) else name
