"""What of a ruling survives its translation, for telling which English ruling an Italian one
translates (``rulings.translations.seed_alignment``).

A ruling's *anchors* are the things a translator keeps: numbers, mana symbols, the card's own
name (the placeholder), other cards' names (each Italian name read as the English name of its
card), keyword and card type names (each as its English name), rule numbers and quotations.
Two texts that are one another's translation have the same anchors, and Italian a little
longer than the English. ``pair_score`` weighs what two texts share against what only one has.
"""

import math
import re
from collections import Counter
from dataclasses import dataclass

from oracle.models import CardFace, CardType, Keyword
from rulings.translations.texts import MANA, NUMBER, PLACEHOLDER, plain

# The old Italian documents write the tap and untap symbols as words ("il simbolo TAP").
ITALIAN_SYMBOLS = ((re.compile(r"\bSTAP\b"), "{Q}"), (re.compile(r"\bTAP\b"), "{T}"))
# Numbers written in words (six is left out: "sei" is also "you are").
NUMBER_WORDS = {
    "english": ["two", "three", "four", "five", None, "seven", "eight", "nine", "ten"],
    "italian": ["due", "tre", "quattro", "cinque", None, "sette", "otto", "nove", "dieci"],
}
WORD = re.compile(r"\w+(?:['-]\w+)*")
QUOTED = re.compile(r'"[^"]+"')
LONGEST_NAME = 7  # words
SHORTEST_NAME = 4  # letters: shorter names ("X", "Ox") are words too often
SENTENCE_END = re.compile(r"[.:;!?]\s*$")
# What each kind of anchor weighs: a card's name or a number (a rule's number among them) says
# more than a card type.
WEIGHTS = {"number": 2.0, "mana": 2.0, "this": 1.0, "card": 3.0, "term": 1.0, "quotes": 0.5}
# Kinds whose Italian is found by its form alone (a keyword or type inflected otherwise is
# missed): one side only costs half.
SOFT = {"term", "quotes"}
# The kinds that tell one ruling from another: the card's own name and its keywords are in
# most of its rulings, the length in all.
EVIDENCE = {"number", "mana", "card"}
# Italian runs longer than English: about this much for the same ruling.
ITALIAN_LENGTH = 1.15


@dataclass
class Vocabulary:
    """The catalogue's names in both languages, each read as its English form."""

    english_cards: dict[str, str]  # English card or face name: itself
    # Italian printed name, or the English one an Italian text keeps: the English name
    italian_cards: dict[str, str]
    english_terms: re.Pattern  # keyword and card type names
    italian_terms: re.Pattern
    term_names: dict[str, str]  # a keyword or type name in either language, lower: English
    italian_stems: dict[str, str]  # an Italian name without its last vowel, lower: English

    @classmethod
    def from_catalogue(cls) -> "Vocabulary":
        every_term = [
            (name, name_it, kind)
            for model in (Keyword, CardType)
            for name, name_it, kind in model.objects.values_list("name", "name_it", "kind")
        ]
        terms = [term[:2] for term in every_term if is_term(*term)]
        term_words = {plain(word).lower() for term in every_term for word in term[:2] if word}
        english_cards, italian_cards = {}, {}
        for name, name_it in CardFace.objects.values_list("name", "name_it").order_by("pk"):
            name, name_it = plain(name), plain(name_it)
            if name.lower() not in term_words and len(name) >= SHORTEST_NAME:
                english_cards[name] = name
                if name_it and name_it.lower() not in term_words:
                    italian_cards.setdefault(name_it, name)
        for name in english_cards:
            italian_cards.setdefault(name, name)
        term_names, italian_stems = {}, {}
        for name, name_it in terms:
            english = plain(name).lower()
            term_names[english] = english
            if name_it:
                term_names.setdefault(plain(name_it).lower(), english)
                italian_stems.setdefault(stem_of(plain(name_it).lower()), english)
        return cls(
            english_cards=english_cards,
            italian_cards=italian_cards,
            english_terms=terms_pattern([name for name, _it in terms], r"(?:s|es|d|ed|ing)?"),
            italian_terms=terms_pattern([name_it for _en, name_it in terms if name_it], ""),
            term_names=term_names,
            italian_stems=italian_stems,
        )

    def term(self, found: str) -> str:
        """The English name of a keyword or type as a text writes it (inflected)."""
        found = found.lower()
        if found in self.term_names:
            return self.term_names[found]
        for name in (found[:-1], found[:-2], found[:-3]):
            if name in self.term_names:
                return self.term_names[name]
        return self.italian_stems.get(stem_of(found), found)


def is_term(name: str, name_it: str, kind: str) -> bool:
    """Whether a keyword or type name is known in both languages and long enough to say
    something ("God", "Dio" would be found in every "di"); a subtype named alike in both is
    a planeswalker's name ("Will"), left to the card names."""
    if not name_it or len(name) < SHORTEST_NAME or len(stem_of(name_it)) < SHORTEST_NAME:
        return False
    return not (kind == CardType.Kind.SUBTYPE and name == name_it)


def stem_of(name: str) -> str:
    return name.rstrip("aeiouàèéìòù")


def terms_pattern(names: list[str], english_ending: str) -> re.Pattern:
    """One pattern finding any of these names as whole words, any case; an English name also
    with the endings given, an Italian one with its last vowel changed (Aura, Aure)."""
    forms = []
    for name in sorted({plain(name) for name in names if name.strip()}, key=len, reverse=True):
        if english_ending:
            forms.append(re.escape(name) + english_ending)
        else:
            stem = stem_of(name)
            forms.append(re.escape(stem) + "[aeiouàèéìòù]?" if stem != name else re.escape(name))
    return re.compile(rf"(?<!\w)(?:{'|'.join(forms)})(?!\w)", re.IGNORECASE)


def italian_symbols(text: str) -> str:
    """An Italian text with the symbols the old documents wrote in words as symbols."""
    for word, symbol in ITALIAN_SYMBOLS:
        text = word.sub(symbol, text)
    return text


def anchors(normalised: str, vocabulary: Vocabulary, italian: bool) -> Counter:
    """What of a normalised text (``PLACEHOLDER`` for the card's own name) a translation keeps,
    each named as in English: {("number", "3"): 1, ("card", "Llanowar Elves"): 1, ...}."""
    found = Counter()
    names = vocabulary.italian_cards if italian else vocabulary.english_cards
    text, cards = names_in(normalised, names)
    found.update(("card", name) for name in cards)
    found[("this", PLACEHOLDER)] = text.count(PLACEHOLDER)
    found.update(("mana", symbol) for symbol in MANA.findall(text) if symbol != PLACEHOLDER)
    words = MANA.sub(" ", text)
    found.update(("number", number) for number in NUMBER.findall(words))
    spelled = NUMBER_WORDS["italian" if italian else "english"]
    for word in WORD.findall(words.lower()):
        if word in spelled:
            found[("number", str(spelled.index(word) + 2))] += 1
    pattern = vocabulary.italian_terms if italian else vocabulary.english_terms
    found.update(("term", vocabulary.term(term)) for term in pattern.findall(words))
    found[("quotes", "")] = len(QUOTED.findall(words))
    return +found


def names_in(text: str, names: dict[str, str]) -> tuple[str, list[str]]:
    """The card names of ``names`` found in ``text`` (longest first at each word; a name of
    one word not at a sentence's start), as their English names; and the text without them."""
    words = list(WORD.finditer(text))
    found, spans = [], []
    index = 0
    while index < len(words):
        start = words[index]
        match = None
        if start.group()[0].isupper():
            for length in range(min(LONGEST_NAME, len(words) - index), 0, -1):
                end = words[index + length - 1].end()
                candidate = text[start.start() : end]
                if candidate in names and (length > 1 or not sentence_start(text, start.start())):
                    match = (length, candidate)
                    break
        if match:
            length, candidate = match
            found.append(names[candidate])
            spans.append((start.start(), words[index + length - 1].end()))
            index += length
        else:
            index += 1
    for begin, end in reversed(spans):
        text = text[:begin] + " " + text[end:]
    return text, found


def sentence_start(text: str, at: int) -> bool:
    return at == 0 or SENTENCE_END.search(text[:at]) is not None


def pair_score(english: Counter, italian: Counter, english_length: int, italian_length: int):
    """How well an Italian text's anchors and length answer an English text's: each anchor both
    have adds its weight, each one only one has takes it away (half for the soft kinds), and
    the length ratio adds up to 1 near ``ITALIAN_LENGTH`` (less, down to -3, away from it).
    Returns (score, evidence): the weight of the shared anchors that tell one ruling from
    another of the same card or keyword (``EVIDENCE``: numbers, symbols, other cards' names)."""
    shared = english & italian
    alone = (english - italian) + (italian - english)
    agreeing = sum(WEIGHTS[kind] * count for (kind, _v), count in shared.items())
    evidence = sum(
        WEIGHTS[kind] * count for (kind, _v), count in shared.items() if kind in EVIDENCE
    )
    missing = sum(
        WEIGHTS[kind] * count * (0.5 if kind in SOFT else 1.0)
        for (kind, _v), count in alone.items()
    )
    ratio = italian_length / max(english_length, 1)
    length = max(-3.0, 1.0 - 3.0 * abs(math.log(ratio / ITALIAN_LENGTH)))
    return agreeing - missing + length, evidence
