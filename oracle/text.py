"""Small text helpers shared by importers and views: slugs and accent-free forms."""

import unicodedata

from django.utils.text import slugify

# Letters that Unicode does not decompose into a base letter plus an accent.
_FOLD = str.maketrans({"Æ": "Ae", "æ": "ae", "Œ": "Oe", "œ": "oe", "ß": "ss", "Ø": "O", "ø": "o"})


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
