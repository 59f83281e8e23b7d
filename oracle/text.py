"""Small text helpers shared by importers and views: slugs, accent-free forms, month names.

Accent folding, in the forms the code compares text in:

- ``fold``: lower case without accents ("Æther" -> "aether", "rapidità" -> "rapidita").
- ``fold_apostrophes``: ``fold`` with every kind of apostrophe made "'".
- ``fold_line``: ``fold_apostrophes`` with every run of white space (line breaks too) made one
  space: names and query values.
- ``fold_lines``: ``fold_apostrophes`` with white space made one space within each line, the
  lines kept apart: texts searched line by line.
- ``fold_with_origins``: ``fold`` and, for each folded character, where it came from, to
  mark a match found in folded text on the original.

The search columns hold text folded with these (``oracle.search.normalize``); changing what
they return changes what the stored columns must hold.
"""

import unicodedata

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
    return fold(text).translate(_APOSTROPHES)


def fold_line(text: str) -> str:
    """``fold_apostrophes`` as one line: every run of white space, line breaks included, made
    one space, none at the ends."""
    return " ".join(fold_apostrophes(text).split())


def fold_lines(text: str) -> str:
    """``fold_apostrophes`` line by line: white space made one space within each line, none at
    a line's ends; the lines stay apart ("\\n" between them)."""
    return "\n".join(" ".join(line.split()) for line in fold_apostrophes(text).splitlines())


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


def slug_for(name: str) -> str:
    """A readable ASCII slug: "Æther Vial" -> "aether-vial", "Jhoira of the Ghitu" -> ..."""
    return slugify(name.translate(_FOLD))


def _months(names: str) -> dict[str, int]:
    return {name: number for number, name in enumerate(names.split(), start=1)}


# Month names as dates are written in rules headers, release notes and typed lookups.
ENGLISH_MONTHS = _months(
    "january february march april may june july august september october november december"
)
ITALIAN_MONTHS = _months(
    "gennaio febbraio marzo aprile maggio giugno luglio agosto settembre ottobre novembre dicembre"
)
