"""Small text helpers shared by importers and views: slugs, accent-free forms, month names.

Accent folding, in the forms the code compares text in:

- ``fold``: lower case without accents ("Æther" -> "aether", "rapidità" -> "rapidita").
- ``fold_apostrophes``: ``fold`` with every kind of apostrophe made "'".
- ``fold_line``: ``fold_apostrophes`` with every run of white space (line breaks too) made one
  space: names and query values.
- ``fold_lines``: ``fold_apostrophes`` with white space made one space within each line, the
  lines kept apart: texts searched line by line.
- ``fold_compact``: ``fold`` with letters and digits only: a name however it is spaced and
  punctuated ("Gaea's Cradle", "Gaeas Cradle", "Fire // Ice" -> "fireice").
- ``fold_with_origins``: ``fold`` and, for each folded character, where it came from, to
  mark a match found in folded text on the original.
- ``sort_key``: a name as a key that sorts and prefix-matches the same way in every database
  collation (the names' order, the search box's completions).

The search columns hold text folded with these (``oracle.search.normalize``); changing what
they return changes what the stored columns must hold.
"""

import re
import unicodedata
from collections.abc import Callable, Iterable
from itertools import chain

from django.utils.text import slugify

# Letters that Unicode does not decompose into a base letter plus an accent.
_FOLD = str.maketrans({"Æ": "Ae", "æ": "ae", "Œ": "Oe", "œ": "oe", "ß": "ss", "Ø": "O", "ø": "o"})

# Typographic apostrophes and primes read as the plain one: the data writes "dell'Esploratore",
# a phone keyboard types "dell’Esploratore", and either must find the other.
_APOSTROPHES = str.maketrans(dict.fromkeys("\u2019\u2018\u02bc\u2032", "'"))


class _CombiningMarks(dict):
    """A str.translate table that drops combining marks, filled one character at a time (up to
    U+2FFF: the scripts of card text; rarer characters are looked up each time)."""

    def __missing__(self, code):
        kept = None if unicodedata.combining(chr(code)) else code
        if code < 0x3000:
            self[code] = kept
        return kept


_MARKS = _CombiningMarks()


def fold(text: str) -> str:
    """Lower case without accents: "Æther Vial" -> "aether vial", "rapidità" -> "rapidita"."""
    if text.isascii():
        return text.lower()
    decomposed = unicodedata.normalize("NFKD", text.translate(_FOLD))
    return decomposed.translate(_MARKS).casefold()


def fold_apostrophes(text: str) -> str:
    """``fold``, with every kind of apostrophe made "'": "Dell’Alba" -> "dell'alba"."""
    folded = fold(text)
    return folded if folded.isascii() else folded.translate(_APOSTROPHES)


def fold_line(text: str) -> str:
    """``fold_apostrophes`` as one line: every run of white space, line breaks included, made
    one space, none at the ends."""
    return " ".join(fold_apostrophes(text).split())


def fold_lines(text: str) -> str:
    """``fold_apostrophes`` line by line: white space made one space within each line, none at
    a line's ends; the lines stay apart ("\\n" between them)."""
    return "\n".join(" ".join(line.split()) for line in fold_apostrophes(text).splitlines())


_NOT_LETTER_OR_DIGIT = re.compile(r"[^0-9a-z]+")


def fold_compact(text: str) -> str:
    """``fold`` with letters and digits only: "Gaea’s Cradle" -> "gaeascradle"."""
    return _NOT_LETTER_OR_DIGIT.sub("", fold(text))


def fold_with_origins(text: str) -> tuple[str, list[int] | range]:
    """``fold(text)`` and, for each of its characters, the index of the character of ``text``
    it comes from (to mark a match found in folded text in the original spelling)."""
    folded = fold(text)
    if len(folded) == len(text):  # the usual case: each character folds to one
        return folded, range(len(text))
    folded, origin = [], []
    for index, char in enumerate(text):
        part = fold(char)
        folded.append(part)
        origin.extend([index] * len(part))
    return "".join(folded), origin


_KEY_WORD = re.compile(r"[a-z0-9]+")
_KEY_ALPHABET = "0123456789abcdefghijklmnopqrstuvwxyz"
_KEY_DIGITS = str.maketrans({digit: f"1{digit}" for digit in "0123456789"})


def sort_key(name: str) -> str:
    """A name as it files in an Italian index, written so that any collation keeps that order.

    Accents and case are ignored ("Àncora" files with the A's), and the name is filed word by
    word: spaces, apostrophes and hyphens end a word, so "L'Angelo" files as the words "l
    angelo", before "La Bestia" and "Labirinto", as CLDR's collation for Italian has it; other
    punctuation is ignored.

    The key uses only "0"-"9" and "a"-"z", which binary comparison (SQLite, PostgreSQL's "C")
    and the locales' collations (PostgreSQL's en_US or it_IT, which skip spaces and
    punctuation) all order the same way: words are joined by "0", the lowest character, and
    each digit of the name is written after a "1" ("3" -> "13"), so numbers file before
    letters and after a word's end. "L'Angelo del Sole" -> "l0angelo0del0sole". A prefix of a
    name's key is the key of the name's beginning (``key_range``).
    """
    return "0".join(key_words(name))


def key_words(name: str) -> list[str]:
    """The words of ``sort_key(name)``, each as the key writes it: "Lim-Dûl 2" -> ["lim",
    "dul", "12"]; the key of the name from its n-th word on is ``"0".join(words[n:])``."""
    return [word.translate(_KEY_DIGITS) for word in _KEY_WORD.findall(fold_apostrophes(name))]


def key_range(prefix: str) -> tuple[str, str | None]:
    """(lowest, first past the last) of the ``sort_key`` values that start with ``prefix``, a
    key itself; the upper end is None when every key from the lowest on starts with it
    ("zz...")."""
    stem = prefix
    while stem and stem[-1] == _KEY_ALPHABET[-1]:
        stem = stem[:-1]
    if not stem:
        return prefix, None
    return prefix, stem[:-1] + _KEY_ALPHABET[_KEY_ALPHABET.index(stem[-1]) + 1]


def slug_for(name: str) -> str:
    """A readable ASCII slug: "Æther Vial" -> "aether-vial", "Jhoira of the Ghitu" -> ..."""
    return slugify(name.translate(_FOLD))


def unique_slug(
    name: str,
    is_taken: Callable[[str], bool],
    suffixes: Iterable[str] = (),
    empty: str = "",
    otherwise: str | None = None,
) -> str:
    """The first slug ``is_taken`` says is free of ``slug_for(name)`` (``empty`` when the name
    gives none) and of it followed by each of ``suffixes`` ("-2", "-3", ... or a card's
    "-1a2b3c4d"; a blank slug gives way to the suffix alone). When none is free, ``otherwise``,
    or else the last one tried."""
    slug = slug_for(name) or empty
    tried = chain([slug] if slug else [], (f"{slug}-{suffix}".strip("-") for suffix in suffixes))
    last = otherwise
    for candidate in tried:
        if not is_taken(candidate):
            return candidate
        last = candidate if otherwise is None else otherwise
    return last


def _months(names: str) -> dict[str, int]:
    return {name: number for number, name in enumerate(names.split(), start=1)}


# Month names as dates are written in rules headers, release notes and typed lookups.
ENGLISH_MONTHS = _months(
    "january february march april may june july august september october november december"
)
ITALIAN_MONTHS = _months(
    "gennaio febbraio marzo aprile maggio giugno luglio agosto settembre ottobre novembre dicembre"
)
