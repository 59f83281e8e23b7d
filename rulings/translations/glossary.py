"""The Italian words a translator needs for one English ruling text: the keywords, card types
and card names it mentions, each with the Italian name the catalogue knows for it.

The text is read as runs of words (never across the ``{this}`` placeholder); each run that
could be a name (a keyword or a card type in any case, a subtype or a card's name as written,
capitalised) is looked up with its plural or possessive ending taken off as well, in three
queries. Where found names overlap, the longest wins ("Sliver Queen" over "Sliver"), and where
one run is two things, a keyword comes before a card type and a card type before a card.
"""

import re
from dataclasses import dataclass

from django.db.models.functions import Upper
from django.utils.translation import gettext_lazy as _

from oracle.models import CardFace, CardKind, CardType, Keyword
from oracle.type_words import ITALIAN_TYPES

# A word (with its apostrophes and hyphens: "Urza's", "face-down") or a placeholder, which no
# name crosses.
WORD = re.compile(r"\{[^{}]*\}|\w+(?:['’\-]\w+)*")
# The most words a name looked up may have: keywords and card types have at most three
# ("Time Lord", "Split second"); a card's name seldom more than eight.
TERM_WORDS = 3
CARD_NAME_WORDS = 8

KEYWORD, CARD_TYPE, CARD = "keyword", "card_type", "card"
# Where one run of words is several things, the first kind wins.
PRIORITY = {KEYWORD: 0, CARD_TYPE: 1, CARD: 2}
KIND_NAMES = {KEYWORD: _("keyword"), CARD_TYPE: _("card type"), CARD: _("card")}


@dataclass(frozen=True)
class GlossaryEntry:
    kind: str  # KEYWORD, CARD_TYPE or CARD
    english: str
    italian: str  # "" where the catalogue knows no Italian name

    @property
    def kind_name(self):
        return KIND_NAMES[self.kind]


def word_runs(text: str, longest: int):
    """(start, end, words) of every run of 1 to ``longest`` words of ``text``."""
    words = list(WORD.finditer(text))
    for first, word in enumerate(words):
        for last in range(first, min(first + longest, len(words))):
            if words[last][0].startswith("{"):
                break
            yield word.start(), words[last].end(), text[word.start() : words[last].end()]


def forms(words: str) -> set[str]:
    """``words`` as written and without a plural or possessive ending."""
    found = {words}
    for ending, replacement in (("'s", ""), ("’s", ""), ("ies", "y"), ("es", ""), ("s", "")):
        if words.endswith(ending) and len(words) > len(ending) + 1:
            found.add(words[: -len(ending)] + replacement)
    return found


def candidates(text: str, longest: int, capitalised: bool) -> dict[str, list[tuple[int, int]]]:
    """{a form of a run of words: where the runs with that form are}."""
    found: dict[str, list[tuple[int, int]]] = {}
    for start, end, words in word_runs(text, longest):
        if capitalised and not words[0].isupper():
            continue
        for form in forms(words):
            found.setdefault(form, []).append((start, end))
    return found


def glossary(english: str) -> list[GlossaryEntry]:
    """The keywords, card types and cards ``english`` mentions, in the order it first
    mentions them, each once."""
    matches = []  # (start, end, entry)
    terms = candidates(english, TERM_WORDS, capitalised=False)
    upper_terms: dict[str, list[tuple[int, int]]] = {}
    for form, places in terms.items():
        upper_terms.setdefault(form.upper(), []).extend(places)

    keywords = (
        Keyword.objects.annotate(upper_name=Upper("name"))
        .filter(upper_name__in=list(upper_terms))
        .values_list("upper_name", "name", "name_it")
    )
    for upper_name, name, name_it in keywords:
        entry = GlossaryEntry(KEYWORD, name, name_it)
        matches += [(start, end, entry) for start, end in upper_terms.get(upper_name, ())]

    types = {english.upper(): (english, kind.name) for english, kind in ITALIAN_TYPES.items()}
    for upper_name, places in upper_terms.items():
        if upper_name in types:
            entry = GlossaryEntry(CARD_TYPE, *types[upper_name])
            matches += [(start, end, entry) for start, end in places]

    names = candidates(english, CARD_NAME_WORDS, capitalised=True)
    subtypes = CardType.objects.filter(
        kind=CardType.Kind.SUBTYPE, name__in=[form for form in names if len(form) < 80]
    ).values_list("name", "name_it")
    for name, name_it in subtypes:
        entry = GlossaryEntry(CARD_TYPE, name, name_it)
        matches += [(start, end, entry) for start, end in names[name]]

    italian_names: dict[str, str] = {}
    faces = CardFace.objects.filter(
        name__in=[form for form in names if len(form) > 1],  # "X" is a card and a variable
        card__kind=CardKind.GAME_CARD,
    ).values_list("name", "name_it")
    for name, name_it in faces.order_by("name", "-name_it"):
        italian_names.setdefault(name, name_it)  # a name printed in Italian first
    for name, name_it in italian_names.items():
        entry = GlossaryEntry(CARD, name, name_it)
        matches += [(start, end, entry) for start, end in names[name]]

    return longest_first(matches)


def longest_first(matches) -> list[GlossaryEntry]:
    """The entries of the matches no longer match covers, in the text's order, each once."""
    taken: list[tuple[int, int, GlossaryEntry]] = []
    for start, end, entry in sorted(
        matches, key=lambda match: (match[0] - match[1], PRIORITY[match[2].kind], match[0])
    ):
        if all(end <= other_start or start >= other_end for other_start, other_end, _e in taken):
            taken.append((start, end, entry))
    entries = []
    for _start, _end, entry in sorted(taken, key=lambda match: match[0]):
        if entry not in entries:
            entries.append(entry)
    return entries
